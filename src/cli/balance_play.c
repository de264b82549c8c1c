/* balance_play.c — a variant's data (the --set values written into the
 * JSON of the data files as they are read) and one game of it, with the
 * score at the end of every turn.  See balance.h. */
#include <ctype.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/match.h"
#include "balance.h"
#include "host/files.h"

/* The value index of set k in variant v (mixed radix, the first set
 * varying fastest). */
static int value_of(const bal_opts *o, int v, int k)
{
    for (int i = 0; i < k; i++)
        v /= o->set[i].nvalues;
    return v % o->set[k].nvalues;
}

void bal_variant_label(const bal_opts *o, int v, char *buf, size_t size)
{
    size_t at = 0;
    buf[0] = '\0';
    for (int k = 0; k < o->nsets && at < size; k++)
        at += (size_t)snprintf(buf + at, size - at, "%s%s:%s=%s", k ? " " : "", o->set[k].file,
                               o->set[k].path, o->set[k].value[value_of(o, v, k)]);
    if (!o->nsets)
        snprintf(buf, size, "as published");
}

/* The node at `path` ("a.b[2].c") under root, or NULL. */
static json_t *walk(json_t *root, const char *path)
{
    char word[128];
    json_t *at = root;
    for (const char *p = path; at && *p;) {
        if (*p == '[') {
            char *end;
            long i = strtol(p + 1, &end, 10);
            at = *end == ']' && i >= 0 ? json_array_get(at, (size_t)i) : NULL;
            p = *end == ']' ? end + 1 : p + strlen(p);
        } else {
            size_t n = strcspn(p, ".[");
            snprintf(word, sizeof word, "%.*s", (int)(n < sizeof word ? n : sizeof word - 1), p);
            at = json_object_get(at, word);
            p += n;
        }
        p += *p == '.';
    }
    return at;
}

/* Writes `value` (JSON, or a bare word taken as a string) at path in root;
 * a value kept as {"value": V, "provisional": ...} gets V replaced.
 * 0, or -1 when the path names nothing or the value is not JSON. */
static int set_value(json_t *root, const char *path, const char *value)
{
    json_error_t jerr;
    json_t *v = json_loads(value, JSON_DECODE_ANY, &jerr);
    if (!v && (isalpha((unsigned char)value[0]) || value[0] == '_'))
        v = json_string(value);
    char parent[128];
    const char *last = strrchr(path, '.');
    size_t cut = last ? (size_t)(last - path) : 0;
    snprintf(parent, sizeof parent, "%.*s", (int)cut, path);
    json_t *up = last ? walk(root, parent) : root, *node = walk(root, path);
    const char *key = last ? last + 1 : path;
    int rc = -1;
    if (v && node && json_is_object(node) && json_object_get(node, "value"))
        rc = json_object_set(node, "value", v);
    else if (v && node && json_is_object(up) && !strchr(key, '['))
        rc = json_object_set(up, key, v);
    json_decref(v);
    return rc;
}

typedef struct variant_reader {
    const bal_opts *o;
    int variant;
    const char *root;
} variant_reader;

/* gr_read_fn: the file as the data root has it, with the variant's values. */
static int read_variant(void *ctx, const char *path, char **buf, size_t *len, char *why,
                        size_t why_size)
{
    const variant_reader *r = ctx;
    if (gr_host_read((void *)r->root, path, buf, len, why, why_size) != 0)
        return -1;
    for (int k = 0; k < r->o->nsets; k++) {
        const bal_set *s = &r->o->set[k];
        if (strcmp(s->file, path) != 0)
            continue;
        json_error_t jerr;
        json_t *doc = json_loadb(*buf, *len, JSON_REJECT_DUPLICATES, &jerr);
        if (!doc || set_value(doc, s->path, s->value[value_of(r->o, r->variant, k)]) != 0) {
            snprintf(why, why_size, "--set %s:%s: %s", s->file, s->path,
                     doc ? "no such value in the file, or a value that is not JSON" : jerr.text);
            json_decref(doc);
            free(*buf);
            return -1;
        }
        char *text = json_dumps(doc, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
        json_decref(doc);
        free(*buf);
        if (!text) {
            snprintf(why, why_size, "out of memory");
            return -1;
        }
        *buf = text;
        *len = strlen(text);
    }
    return 0;
}

gr_scenario *bal_load_variant(const bal_opts *o, int v, char *why, size_t why_size)
{
    variant_reader r = {o, v, gr_host_data_dir()};
    gr_scenario *sc = NULL;
    gr_error err = {{0}, {0}};
    if (gr_scenario_load(o->scenario, read_variant, &r, &sc, &err) != GR_OK) {
        snprintf(why, why_size, "%s", err.msg);
        return NULL;
    }
    return sc;
}

/* Seed of the agent of player p in the game with dice seed s. */
static uint64_t agent_seed(uint64_t s, int p)
{
    gr_rng r;
    gr_rng_seed(&r, s, UINT64_C(0x62616c616e6365) + (uint64_t)p);
    return ((uint64_t)gr_rng_next(&r) << 32) | gr_rng_next(&r);
}

/* Plays g to its end (or max_steps decisions), keeping the score at the
 * end of every turn in rec; GR_OK or the first failure. */
static gr_status play_out(gr_game *g, gr_agent *const *agents, const bal_opts *o,
                          bal_record *rec, gr_error *err)
{
    int32_t margin = 0, turn = 0, now;
    gr_game_score(g, &margin, &turn);
    for (;;) {
        gr_pending p;
        gr_game_pending(g, &p);
        if (p.kind == GR_PENDING_OVER) {
            rec->finished = 1;
            rec->winner = p.winner;
            rec->outcome = p.outcome;
            break;
        }
        if (rec->steps >= o->max_steps)
            break;
        int n = 0;
        gr_status st = gr_agents_step(g, agents, NULL, &n, err);
        if (st != GR_OK)
            return st;
        rec->steps++;
        int32_t before = margin;
        if (gr_game_score(g, &margin, &now) == GR_OK && now != turn) {
            if (rec->nturns < BAL_MAX_TURNS)
                rec->margin_at[rec->nturns++] = before; /* the turn that ended */
            turn = now;
        }
    }
    rec->margin = margin;
    if (rec->nturns < BAL_MAX_TURNS)
        rec->margin_at[rec->nturns++] = margin;
    rec->hash = gr_game_hash(g);
    return GR_OK;
}

void bal_play(const gr_scenario *sc, const bal_opts *o, int variant, int game, bal_record *rec)
{
    memset(rec, 0, sizeof *rec);
    rec->variant = variant;
    rec->game = game;
    rec->winner = -1;
    uint64_t seed = o->seed + (uint64_t)game;
    gr_agent *agents[GR_MAX_PLAYERS] = {NULL};
    gr_error err = {{0}, {0}};
    gr_game *g = NULL;
    gr_status st = gr_game_new(sc, seed, NULL, NULL, NULL, &g, &err);
    for (int p = 0; st == GR_OK && p < gr_game_players(g); p++)
        if (!(agents[p] = gr_agent_from_spec(o->agent[p < 2 ? p : 1], agent_seed(seed, p), &err)))
            st = GR_ERR_ARG;
    if (st == GR_OK)
        st = play_out(g, agents, o, rec, &err);
    if (st != GR_OK) {
        fprintf(stderr, "grognard balance: variant %d game %d: %s\n", variant, game, err.msg);
        rec->failed = 1;
    }
    for (int p = 0; p < GR_MAX_PLAYERS; p++)
        gr_agent_free(agents[p]);
    gr_game_free(g);
}
