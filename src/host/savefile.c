/* savefile.c — saved games as checksummed JSON; see savefile.h. */
#include "savefile.h"

#include <jansson.h>
#include <sodium.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "files.h"

#define CHECKSUM_PREFIX "blake2b-256:"
#define MAX_STEPS 1000000

static void say(char *why, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say(char *why, size_t size, const char *fmt, ...)
{
    if (!why || !size)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, size, fmt, ap);
    va_end(ap);
}

static json_t *hash_json(uint64_t h)
{
    char text[17];
    gs_hash_text(h, text);
    return json_string(text);
}

/* "blake2b-256:<hex>" of the canonical text of root without "checksum". */
static int checksum_of(json_t *root, char *out, size_t size)
{
    json_t *copy = json_copy(root);
    if (!copy)
        return -1;
    json_object_del(copy, "checksum");
    char *canon = json_dumps(copy, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENSURE_ASCII);
    json_decref(copy);
    if (!canon || sodium_init() < 0) {
        free(canon);
        return -1;
    }
    unsigned char digest[32];
    crypto_generichash(digest, sizeof digest, (const unsigned char *)canon, strlen(canon), NULL, 0);
    free(canon);
    char hex[65];
    sodium_bin2hex(hex, sizeof hex, digest, sizeof digest);
    snprintf(out, size, "%s%s", CHECKSUM_PREFIX, hex);
    return 0;
}

/* Adds "checksum" to root and dumps it as indented text. */
static char *seal(json_t *root, char *why, size_t why_size)
{
    char sum[128];
    char *text = NULL;
    if (checksum_of(root, sum, sizeof sum) == 0 &&
        json_object_set_new(root, "checksum", json_string(sum)) == 0)
        text = json_dumps(root, JSON_INDENT(2) | JSON_ENSURE_ASCII);
    if (!text)
        say(why, why_size, "out of memory while writing the save");
    return text;
}

/* ---------------------------------------------------------------- writing */

static json_t *steps_json(const gs_session *s)
{
    json_t *steps = json_array();
    for (int i = 0; steps && i < gs_entries(s); i++) {
        const gs_entry *e = gs_entry_at(s, i);
        json_t *step = json_object();
        if (!step || json_object_set_new(step, "line", json_string(e->line)) != 0 ||
            json_object_set_new(step, "hash", hash_json(e->hash)) != 0 ||
            json_array_append_new(steps, step) != 0) {
            json_decref(step);
            json_decref(steps);
            return NULL;
        }
    }
    return steps;
}

static json_t *meta_json(const gs_session *s)
{
    json_t *meta = json_object();
    for (int i = 0; meta && gs_meta_key(s, i); i++) {
        const char *k = gs_meta_key(s, i);
        if (json_object_set_new(meta, k, json_string(gs_meta_get(s, k))) != 0) {
            json_decref(meta);
            return NULL;
        }
    }
    return meta;
}

char *gs_save_text(const gs_session *s, char *why, size_t why_size)
{
    const gr_scenario *sc = gs_scenario(s);
    const gr_game *g = gs_game(s);
    char seed[24];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)gs_seed(s));
    json_t *root = json_pack(
        "{s:s, s:i, s:s, s:s, s:s, s:o, s:s, s:s, s:o, s:o, s:o, s:o, s:I}", "format",
        GS_SAVE_FORMAT, "version", GS_SAVE_VERSION, "engine", GR_VERSION, "scenario",
        gr_scenario_id(sc), "system", gr_scenario_system(sc), "data_hash",
        hash_json(gr_scenario_data_hash(sc)), "seed", seed, "options", gs_options(s), "meta",
        meta_json(s), "initial_hash", hash_json(gs_initial_hash(s)), "steps", steps_json(s),
        "final_hash", hash_json(gr_game_hash(g)), "final_step", (json_int_t)gs_entries(s));
    if (!root) {
        say(why, why_size, "out of memory while writing the save");
        return NULL;
    }
    char *text = seal(root, why, why_size);
    json_decref(root);
    return text;
}

int gs_save(const gs_session *s, const char *path, char *why, size_t why_size)
{
    char *text = gs_save_text(s, why, why_size);
    if (!text)
        return -1;
    size_t len = strlen(text);
    char *with_nl = realloc(text, len + 2);
    if (!with_nl) {
        free(text);
        say(why, why_size, "out of memory while writing the save");
        return -1;
    }
    memcpy(with_nl + len, "\n", 2);
    int rc = gr_host_write_atomic(path, with_nl, len + 1, why, why_size);
    free(with_nl);
    return rc;
}

/* ---------------------------------------------------------------- reading */

void gs_save_doc_free(gs_save_doc *doc)
{
    if (!doc)
        return;
    free(doc->scenario);
    free(doc->system);
    free(doc->options);
    free(doc->engine);
    for (int i = 0; i < doc->nsteps; i++)
        free(doc->line[i]);
    free(doc->line);
    free(doc->hash);
    for (int i = 0; i < doc->nmeta; i++) {
        free(doc->meta_key[i]);
        free(doc->meta_val[i]);
    }
    memset(doc, 0, sizeof *doc);
}

/* Copies string member `key` into *out; -1 when missing or not a string. */
static int get_string(json_t *root, const char *key, char **out)
{
    const char *v = json_string_value(json_object_get(root, key));
    *out = v ? strdup(v) : NULL;
    return *out ? 0 : -1;
}

static int get_hash(json_t *root, const char *key, uint64_t *out)
{
    return gs_hash_parse(json_string_value(json_object_get(root, key)), out);
}

static int get_seed(json_t *root, uint64_t *out)
{
    return gr_parse_u64(json_string_value(json_object_get(root, "seed")), out);
}

static int read_steps(json_t *root, gs_save_doc *doc)
{
    json_t *steps = json_object_get(root, "steps");
    size_t n = json_array_size(steps);
    if (!json_is_array(steps) || n > MAX_STEPS)
        return -1;
    doc->line = calloc(n ? n : 1, sizeof *doc->line);
    doc->hash = calloc(n ? n : 1, sizeof *doc->hash);
    if (!doc->line || !doc->hash)
        return -1;
    for (size_t i = 0; i < n; i++) {
        json_t *step = json_array_get(steps, i);
        if (!json_is_object(step) || json_object_size(step) != 2 ||
            get_string(step, "line", &doc->line[i]) != 0)
            return -1;
        doc->nsteps = (int)i + 1;
        if (get_hash(step, "hash", &doc->hash[i]) != 0)
            return -1;
    }
    return 0;
}

static int read_meta(json_t *root, gs_save_doc *doc)
{
    json_t *meta = json_object_get(root, "meta");
    const char *key;
    json_t *value;
    if (!json_is_object(meta) || json_object_size(meta) > 8)
        return -1;
    json_object_foreach(meta, key, value)
    {
        if (!json_is_string(value))
            return -1;
        doc->meta_key[doc->nmeta] = strdup(key);
        doc->meta_val[doc->nmeta] = strdup(json_string_value(value));
        if (!doc->meta_key[doc->nmeta++] || !doc->meta_val[doc->nmeta - 1])
            return -1;
    }
    return 0;
}

/* Names the first missing or malformed member; NULL when all are fine. */
static const char *read_members(json_t *root, gs_save_doc *doc)
{
    if (get_string(root, "scenario", &doc->scenario))
        return "scenario";
    if (get_string(root, "system", &doc->system))
        return "system";
    if (get_string(root, "options", &doc->options))
        return "options";
    if (get_string(root, "engine", &doc->engine))
        return "engine";
    if (get_seed(root, &doc->seed))
        return "seed";
    if (get_hash(root, "data_hash", &doc->data_hash))
        return "data_hash";
    if (get_hash(root, "initial_hash", &doc->initial_hash))
        return "initial_hash";
    if (get_hash(root, "final_hash", &doc->final_hash))
        return "final_hash";
    if (read_steps(root, doc))
        return "steps";
    json_t *last = json_object_get(root, "final_step");
    if (!json_is_integer(last) || json_integer_value(last) != doc->nsteps)
        return "final_step";
    if (read_meta(root, doc))
        return "meta";
    return NULL;
}

/* Format, version and checksum; -1 + why when refused. */
static int check_envelope(json_t *root, const char *name, char *why, size_t why_size)
{
    const char *format = json_string_value(json_object_get(root, "format"));
    json_t *version = json_object_get(root, "version");
    const char *sum = json_string_value(json_object_get(root, "checksum"));
    char want[128];
    if (!format || strcmp(format, GS_SAVE_FORMAT) != 0) {
        say(why, why_size, "%s: not a grognard save (\"format\" must be \"%s\")", name,
            GS_SAVE_FORMAT);
        return -1;
    }
    if (!json_is_integer(version) || json_integer_value(version) < 1) {
        say(why, why_size, "%s: bad or missing \"version\"", name);
        return -1;
    }
    if (json_integer_value(version) > GS_SAVE_VERSION) {
        say(why, why_size, "%s: save format version %lld is newer than this grognard reads (%d)",
            name, (long long)json_integer_value(version), GS_SAVE_VERSION);
        return -1;
    }
    if (!sum) {
        say(why, why_size, "%s: no checksum: refusing an unsealed save", name);
        return -1;
    }
    if (checksum_of(root, want, sizeof want) != 0 || strcmp(sum, want) != 0) {
        say(why, why_size,
            "%s: checksum mismatch: the file was modified or damaged after it was saved", name);
        return -1;
    }
    return 0;
}

int gs_save_parse(const char *text, size_t len, const char *name, gs_save_doc *doc, char *why,
                  size_t why_size)
{
    memset(doc, 0, sizeof *doc);
    json_error_t jerr;
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
    if (!root) {
        say(why, why_size, "%s:%d:%d: not a save file: %s", name, jerr.line, jerr.column,
            jerr.text);
        return -1;
    }
    int rc = -1;
    if (!json_is_object(root)) {
        say(why, why_size, "%s: not a grognard save (not a JSON object)", name);
    } else if (check_envelope(root, name, why, why_size) == 0) {
        const char *bad = read_members(root, doc);
        if (bad)
            say(why, why_size, "%s: bad or missing \"%s\"", name, bad);
        rc = bad ? -1 : 0;
    }
    json_decref(root);
    if (rc != 0)
        gs_save_doc_free(doc);
    return rc;
}

int gs_save_read(const char *path, gs_save_doc *doc, char *why, size_t why_size)
{
    size_t len = 0;
    char reason[512];
    memset(doc, 0, sizeof *doc);
    char *text = gr_host_slurp_max(path, GS_SAVE_MAX_BYTES, &len, reason, sizeof reason);
    if (!text) {
        say(why, why_size, "cannot read save: %s", reason);
        return -1;
    }
    int rc = gs_save_parse(text, len, path, doc, why, why_size);
    free(text);
    return rc;
}

gs_session *gs_save_begin(const gs_save_doc *doc, const char *name, char *why, size_t why_size)
{
    gr_error err = {{0}, {0}};
    gr_scenario *sc = NULL;
    if (gr_scenario_load(doc->scenario, gr_host_read, (void *)gr_host_data_dir(), &sc, &err)) {
        say(why, why_size, "%s: scenario '%s' cannot be loaded: %s", name, doc->scenario, err.msg);
        return NULL;
    }
    char saved[17], here[17];
    gs_hash_text(doc->data_hash, saved);
    gs_hash_text(gr_scenario_data_hash(sc), here);
    if (doc->data_hash != gr_scenario_data_hash(sc) ||
        strcmp(doc->system, gr_scenario_system(sc)) != 0) {
        say(why, why_size,
            "%s: saved with scenario %s (%s) data hash %s, but the installed %s (%s) has data "
            "hash %s: the rules data changed since the game was saved; refusing to load",
            name, doc->scenario, doc->system, saved, doc->scenario, gr_scenario_system(sc), here);
        gr_scenario_free(sc);
        return NULL;
    }
    gs_session *s = gs_new(sc, doc->seed, doc->options, &err);
    if (!s) {
        say(why, why_size, "%s: cannot start the game: %s", name, err.msg);
        return NULL;
    }
    for (int i = 0; i < doc->nmeta; i++)
        gs_meta_set(s, doc->meta_key[i], doc->meta_val[i]);
    if (gs_initial_hash(s) != doc->initial_hash) {
        say(why, why_size, "%s: the initial state hash differs from the save's", name);
        gs_free(s);
        return NULL;
    }
    return s;
}

static gs_session *load_doc(const gs_save_doc *doc, const char *name, char *why, size_t why_size)
{
    gs_session *s = gs_save_begin(doc, name, why, why_size);
    gr_error err = {{0}, {0}};
    for (int i = 0; s && i < doc->nsteps; i++)
        if (gs_apply_record(s, doc->line[i], &doc->hash[i], &err) != GR_OK) {
            say(why, why_size, "%s: step %d: %s%s%s", name, i + 1, err.msg, err.rule[0] ? " " : "",
                err.rule);
            gs_free(s);
            s = NULL;
        }
    if (s && gr_game_hash(gs_game(s)) != doc->final_hash) {
        say(why, why_size,
            "%s: the final state hash (which covers the dice stream) differs "
            "from the save's",
            name);
        gs_free(s);
        s = NULL;
    }
    return s;
}

gs_session *gs_load_text(const char *text, size_t len, const char *name, char *why, size_t why_size)
{
    gs_save_doc doc;
    if (gs_save_parse(text, len, name, &doc, why, why_size) != 0)
        return NULL;
    gs_session *s = load_doc(&doc, name, why, why_size);
    gs_save_doc_free(&doc);
    return s;
}

gs_session *gs_load(const char *path, char *why, size_t why_size)
{
    gs_save_doc doc;
    if (gs_save_read(path, &doc, why, why_size) != 0)
        return NULL;
    gs_session *s = load_doc(&doc, path, why, why_size);
    gs_save_doc_free(&doc);
    return s;
}

char *gs_save_reseal(const char *text, size_t len, char *why, size_t why_size)
{
    json_error_t jerr;
    json_t *root = json_loadb(text, len, 0, &jerr);
    if (!json_is_object(root)) {
        say(why, why_size, "not a JSON object");
        json_decref(root);
        return NULL;
    }
    char *out = seal(root, why, why_size);
    json_decref(root);
    return out;
}
