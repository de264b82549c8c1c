/* words.c — the log in words (grognard.h, "The log in words"): templates
 * per action and event kind from data/words/<system>.json (validated where
 * they stand in the file), and a plain wording for the lines no template
 * covers. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gr_assert.h"
#include "gr_internal.h"
#include "io/jv.h"

#define KIND_MAX 40
#define FIELD_MAX 40
#define FIELDS_MAX 16

typedef struct gr_template {
    char kind[KIND_MAX];
    int is_action;
    char text[GR_WORDING_TEMPLATE_MAX];
    int line, col; /* where it stands in the file */
} gr_template;

struct gr_wording {
    char file[160];
    int n;
    gr_template t[];
};

/* One "key=value" field of a codec line (pointers into a copy of it). */
typedef struct field {
    const char *key, *val;
} field;

int gr_wording_count(const gr_wording *w)
{
    return w ? w->n : 0;
}

void gr_wording_free(gr_wording *w)
{
    free(w);
}

/* The length of a hole's field name: up to '}' or to '?' (a choice of two
 * words, "{pass?passed|failed}": the first unless the value is 0). */
static size_t hole_name_len(const char *open, const char *close)
{
    const char *q = memchr(open, '?', (size_t)(close - open));
    return (size_t)((q ? q : close) - open - 1);
}

/* Checks the holes of a template: every '{' closes with '}' around a field
 * name of letters, digits and dashes, then maybe "?YES|NO".  NULL, or what
 * is wrong. */
static const char *bad_holes(const char *text)
{
    for (const char *s = text; *s; s++) {
        if (*s == '}')
            return "a '}' without its '{'";
        if (*s != '{')
            continue;
        const char *end = strchr(s, '}');
        if (!end || memchr(s + 1, '{', (size_t)(end - s - 1)))
            return "a '{' without its '}'";
        size_t len = hole_name_len(s, end);
        if (len == 0 || len >= FIELD_MAX)
            return "a hole must name a field: {unit}, {hex}...";
        for (const char *c = s + 1; c < s + 1 + len; c++)
            if (!isalnum((unsigned char)*c) && *c != '-' && *c != '_')
                return "a hole must name a field: {unit}, {hex}...";
        if (s[1 + len] == '?' && !memchr(s + 2 + len, '|', (size_t)(end - s) - 2 - len))
            return "a choice must give two words: {pass?passed|failed}";
        s = end;
    }
    return NULL;
}

/* Reads the templates of one section ("actions" or "events") into w. */
static void read_section(gr_loader *ld, jv root, const char *name, int is_action, gr_wording *w,
                         int cap)
{
    jv sec = jv_opt(ld, root, name);
    size_t count = 0;
    if (!sec.v || jv_object(ld, sec, &count) != GR_OK)
        return;
    for (size_t i = 0; i < count && gr_loader_status(ld) == GR_OK; i++) {
        const char *kind;
        jv x = jv_member(sec, i, &kind);
        ALWAYS(w->n < cap);
        gr_template *t = &w->t[w->n];
        if (strlen(kind) >= KIND_MAX) {
            jv_fail(ld, x, "kind name '%s' longer than %d bytes", kind, KIND_MAX - 1);
            return;
        }
        if (jv_str(ld, x, t->text, sizeof t->text) != GR_OK)
            return;
        const char *bad = bad_holes(t->text);
        if (bad) {
            jv_fail(ld, x, "template of '%s': %s", kind, bad);
            return;
        }
        snprintf(t->kind, sizeof t->kind, "%s", kind);
        t->is_action = is_action;
        jv_pos(x, &t->line, &t->col);
        w->n++;
    }
}

/* The number of members of section `name` (0 when absent or not an object:
 * read_section reports that). */
static size_t section_size(gr_loader *ld, jv root, const char *name)
{
    jv sec = jv_opt(ld, root, name);
    size_t count = 0;
    if (sec.v && jv_object(ld, sec, &count) != GR_OK)
        return 0;
    return count;
}

gr_status gr_wording_load(const char *system, gr_read_fn read, void *read_ctx, gr_wording **out,
                        gr_error *err)
{
    char rel[96];
    *out = NULL;
    snprintf(rel, sizeof rel, "words/%s.json", system ? system : "");
    gr_loader *ld = system ? gr_loader_new(read, read_ctx) : NULL;
    if (!ld)
        return gr_failst(err, system ? GR_ERR_NOMEM : GR_ERR_ARG, NULL,
                         system ? "out of memory" : "no system named");
    static const char *const keys[] = {"about", "actions", "events", NULL};
    jv root = jv_open(ld, rel);
    jv_keys(ld, root, keys);
    int cap = (int)(section_size(ld, root, "actions") + section_size(ld, root, "events"));
    size_t bytes = sizeof(gr_wording) + (size_t)cap * sizeof(gr_template);
    gr_wording *w = gr_loader_status(ld) == GR_OK ? calloc(1, bytes) : NULL;
    if (w) {
        snprintf(w->file, sizeof w->file, "%s", rel);
        read_section(ld, root, "actions", 1, w, cap);
        read_section(ld, root, "events", 0, w, cap);
    }
    gr_status st = gr_loader_status(ld) != GR_OK ? gr_loader_status(ld)
                   : w                           ? GR_OK
                                                 : GR_ERR_NOMEM;
    if (st != GR_OK) {
        gr_failst(err, st, NULL, "%s",
                  st == GR_ERR_NOMEM ? "out of memory" : gr_loader_error(ld)->msg);
        free(w);
        w = NULL;
    }
    gr_loader_free(ld);
    *out = w;
    return st;
}

gr_wording *gr_wording_plain(void)
{
    return calloc(1, sizeof(gr_wording));
}

/* Splits a codec line in place: its kind, then its key=value fields (a
 * word with no '=' is kept as a field with an empty key). */
static int split_line(char *copy, const char **kind, field *f, int cap)
{
    int n = 0;
    *kind = "";
    for (char *save = NULL, *word = strtok_r(copy, " ", &save); word;
         word = strtok_r(NULL, " ", &save)) {
        char *eq = strchr(word, '=');
        if (!**kind && !eq) {
            *kind = word;
            continue;
        }
        if (n == cap)
            break;
        if (eq)
            *eq = '\0';
        f[n++] = eq ? (field){word, eq + 1} : (field){"", word};
    }
    return n;
}

static const char *field_value(const field *f, int n, const char *key, size_t len)
{
    for (int i = 0; i < n; i++)
        if (strlen(f[i].key) == len && !strncmp(f[i].key, key, len))
            return f[i].val;
    return NULL;
}

static const gr_template *template_of(const gr_wording *w, int is_action, const char *kind)
{
    for (int i = 0; w && i < w->n; i++)
        if (w->t[i].is_action == is_action && !strcmp(w->t[i].kind, kind))
            return &w->t[i];
    return NULL;
}

/* Text appended into a caller's buffer; `len` counts every byte asked for. */
typedef struct out_text {
    char *buf;
    size_t size, len;
} out_text;

static void put(out_text *o, const char *s, size_t n)
{
    if (o->len < o->size) {
        size_t room = o->size - o->len - 1;
        memcpy(o->buf + o->len, s, n < room ? n : room);
        o->buf[o->len + (n < room ? n : room)] = '\0';
    }
    o->len += n;
}

static void puts_(out_text *o, const char *s)
{
    put(o, s, strlen(s));
}

/* Writes a hole's value: the value itself, or for "{f?YES|NO}" YES unless
 * the value is "0". */
static void put_hole(out_text *o, const char *open, const char *close, size_t len,
                     const char *val)
{
    if (open[1 + len] != '?') {
        puts_(o, val);
        return;
    }
    const char *yes = open + 2 + len, *bar = memchr(yes, '|', (size_t)(close - yes));
    ALWAYS(bar); /* checked at load */
    if (strcmp(val, "0"))
        put(o, yes, (size_t)(bar - yes));
    else
        put(o, bar + 1, (size_t)(close - bar - 1));
}

/* Fills the template's holes from the fields; 0 when a hole names a field
 * the line lacks (the caller then says the line plainly). */
static int fill(const char *text, const field *f, int n, out_text *o)
{
    for (const char *s = text; *s;) {
        const char *open = strchr(s, '{');
        if (!open) {
            puts_(o, s);
            break;
        }
        put(o, s, (size_t)(open - s));
        const char *close = strchr(open, '}');
        ALWAYS(close); /* checked at load */
        size_t len = hole_name_len(open, close);
        const char *val = field_value(f, n, open + 1, len);
        if (!val)
            return 0;
        put_hole(o, open, close, len, val);
        s = close + 1;
    }
    return 1;
}

/* "Army morale: army american, delta 1, value 14". */
static void say_plainly(const char *kind, const field *f, int n, out_text *o)
{
    for (const char *k = kind; *k; k++)
        put(o, *k == '-' ? " " : k, 1);
    const char *sep = ": ";
    for (int i = 0; i < n; i++) {
        if (!strcmp(f[i].key, "vis"))
            continue;
        puts_(o, sep);
        if (f[i].key[0]) {
            puts_(o, f[i].key);
            puts_(o, " ");
        }
        puts_(o, f[i].val);
        sep = ", ";
    }
}

/* " (seen by british and allied only)" for a vis=british+allied field. */
static void say_who_sees(const field *f, int n, out_text *o)
{
    const char *vis = field_value(f, n, "vis", 3);
    if (!vis)
        return;
    puts_(o, " (seen by ");
    for (const char *s = vis; *s; s++)
        if (*s == '+')
            puts_(o, " and ");
        else
            put(o, s, 1);
    puts_(o, " only)");
}

int gr_wording_say(const gr_wording *w, int is_action, const char *line, char *out, size_t size)
{
    char copy[1024];
    field f[FIELDS_MAX];
    const char *kind;
    snprintf(copy, sizeof copy, "%s", line ? line : "");
    int n = split_line(copy, &kind, f, FIELDS_MAX);
    out_text o = {out, size, 0};
    if (size)
        out[0] = '\0';
    const gr_template *t = template_of(w, is_action, kind);
    if (!t || !fill(t->text, f, n, &o)) {
        o.len = 0;
        if (size)
            out[0] = '\0';
        say_plainly(kind, f, n, &o);
    }
    say_who_sees(f, n, &o);
    if (size && out[0])
        out[0] = (char)toupper((unsigned char)out[0]);
    return (int)o.len;
}

/* Non-zero when the schema line "NAME F1 F2 ..." has the field. */
static int schema_has(const char *schema, const char *name, size_t len)
{
    for (const char *s = strchr(schema, ' '); s; s = strchr(s + 1, ' '))
        if (!strncmp(s + 1, name, len) && (s[1 + len] == ' ' || s[1 + len] == '\0'))
            return 1;
    return 0;
}

/* The schema of t's kind into buf; 0 when the system has no such kind. */
static int find_schema(const gr_game *g, const gr_template *t, char *buf, size_t size)
{
    size_t klen = strlen(t->kind);
    for (int i = 0; gr_game_kind_schema(g, !t->is_action, i, buf, size) >= 0; i++)
        if (!strncmp(buf, t->kind, klen) && (buf[klen] == ' ' || buf[klen] == '\0'))
            return 1;
    return 0;
}

int gr_wording_check(const gr_wording *w, const gr_game *g, gr_error *err)
{
    char schema[512];
    for (int i = 0; w && i < w->n; i++) {
        const gr_template *t = &w->t[i];
        if (!find_schema(g, t, schema, sizeof schema)) {
            gr_failst(err, GR_ERR_DATA, NULL, "%s:%d:%d: no %s kind '%s' in this system",
                      w->file, t->line, t->col, t->is_action ? "action" : "event", t->kind);
            return -1;
        }
        for (const char *s = strchr(t->text, '{'); s; s = strchr(s + 1, '{')) {
            size_t len = hole_name_len(s, strchr(s, '}'));
            if (!schema_has(schema, s + 1, len) && !(len == 3 && !strncmp(s + 1, "vis", 3))) {
                gr_failst(err, GR_ERR_DATA, NULL,
                          "%s:%d:%d: %s '%s' has no field '%.*s' (it has: %s)", w->file,
                          t->line, t->col, t->is_action ? "action" : "event", t->kind,
                          (int)len, s + 1, schema);
                return -1;
            }
        }
    }
    return 0;
}
