/* codec.c — actions and events as one line of text each, driven by the
 * rule system's schema: "kind by=player field=value ...".  Units print by id,
 * hexes by map label, enums by name, fixed-point values as "12.25". */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gr_internal.h"

static const char *const NO_NAMES[] = {NULL};

/* The schema of an event kind; core kinds borrow the system's purpose names. */
static int event_kind(const gr_rules *r, uint16_t kind, gr_kind *out)
{
    const char *const *purposes = r->roll_purposes ? r->roll_purposes : NO_NAMES;
    if (kind == GR_EV_ROLL) {
        *out = (gr_kind){"roll", 3, {{"d", GR_F_INT, 0, 0, NULL},
                                     {"face", GR_F_INT, 0, 0, NULL},
                                     {"for", GR_F_ENUM, 0, 0, purposes}}};
        return 1;
    }
    if (kind == GR_EV_DRAW) {
        *out = (gr_kind){"draw", 3, {{"of", GR_F_INT, 0, 0, NULL},
                                     {"index", GR_F_INT, 0, 0, NULL},
                                     {"for", GR_F_ENUM, 0, 0, purposes}}};
        return 1;
    }
    if (kind < GR_EV_SYSTEM || kind - GR_EV_SYSTEM >= r->nevents)
        return 0;
    *out = r->events[kind - GR_EV_SYSTEM];
    return 1;
}

static int enum_count(const char *const *names)
{
    int n = 0;
    while (names && names[n])
        n++;
    return n;
}

/* ---------------------------------------------------------------- format */

void gr_textf(gr_text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = t->len < t->size ? t->size - t->len : 0;
    int n = vsnprintf(room ? t->buf + t->len : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0)
        t->len += (size_t)n;
}

int gr_words(const char *line, char *buf, size_t size, char **word, int max)
{
    size_t len = strlen(line);
    if (len >= size)
        return -1;
    memcpy(buf, line, len + 1);
    int n = 0;
    for (char *p = buf; *p;) {
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
            *p++ = '\0';
        if (!*p)
            break;
        if (n == max)
            return -1;
        word[n++] = p;
        while (*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')
            p++;
    }
    return n;
}

static void put_value(gr_text *o, const gr_game *g, const gr_field *f, int32_t v)
{
    const gr_rules *r = g->rules;
    const void *sd = gr_sdata(g);
    char label[32];
    switch (f->type) {
    case GR_F_UNIT: {
        const char *name = v >= 0 ? r->unit_name(sd, v) : NULL;
        gr_textf(o, "%s", name ? name : "-");
        break;
    }
    case GR_F_HEX:
        if (v >= 0 && r->hex_label && r->hex_label(sd, v, label, sizeof label) > 0)
            gr_textf(o, "%s", label);
        else
            gr_textf(o, "-");
        break;
    case GR_F_HEXSIDE:
        if (v >= 0 && r->hex_label && r->hex_label(sd, v / 6, label, sizeof label) > 0)
            gr_textf(o, "%s/%d", label, (int)(v % 6));
        else
            gr_textf(o, "-");
        break;
    case GR_F_PLAYER:
        gr_textf(o, "%s", v >= 0 && v < gr_game_players(g) ? r->players[v] : "-");
        break;
    case GR_F_ENUM:
        gr_textf(o, "%s", v >= 0 && v < enum_count(f->names) ? f->names[v] : "?");
        break;
    case GR_F_FIXED: {
        long a = labs((long)v);
        gr_textf(o, "%s%ld.%02ld", v < 0 ? "-" : "", a / 100, a % 100);
        break;
    }
    default:
        gr_textf(o, "%ld", (long)v);
    }
}

static void put_fields(gr_text *o, const gr_game *g, const gr_kind *k, const int32_t *arg)
{
    for (int i = 0; i < k->nfields; i++) {
        gr_textf(o, " %s=", k->field[i].name);
        put_value(o, g, &k->field[i], arg[i]);
    }
}

int gr_action_format(const gr_game *g, const gr_action *a, char *buf, size_t size)
{
    gr_text o = {buf, size, 0};
    if (size)
        buf[0] = '\0';
    if (!g || !a || a->kind >= g->rules->nactions)
        return 0;
    const gr_kind *k = &g->rules->actions[a->kind];
    gr_textf(&o, "%s by=%s", k->name,
        a->player < gr_game_players(g) ? g->rules->players[a->player] : "?");
    put_fields(&o, g, k, a->arg);
    return (int)o.len;
}

int gr_action_unit(const gr_game *g, const gr_action *a)
{
    if (!g || !a || a->kind >= g->rules->nactions)
        return -1;
    const gr_kind *k = &g->rules->actions[a->kind];
    for (int i = 0; i < k->nfields; i++)
        if (k->field[i].type == GR_F_UNIT)
            return (int)a->arg[i];
    return -1;
}

int gr_event_format(const gr_game *g, const gr_event *e, char *buf, size_t size)
{
    gr_text o = {buf, size, 0};
    gr_kind k;
    if (size)
        buf[0] = '\0';
    if (!g || !e || !event_kind(g->rules, e->kind, &k))
        return 0;
    gr_textf(&o, "%s", k.name);
    put_fields(&o, g, &k, e->arg);
    if (e->vis != GR_VIS_ALL) {
        gr_textf(&o, " vis=");
        const char *sep = "";
        for (int p = 0; p < gr_game_players(g); p++)
            if (e->vis & (1u << p)) {
                gr_textf(&o, "%s%s", sep, g->rules->players[p]);
                sep = "+";
            }
    }
    return (int)o.len;
}

int gr_game_kind_schema(const gr_game *g, int is_event, int i, char *buf, size_t size)
{
    gr_kind k;
    if (size)
        buf[0] = '\0';
    if (!g || i < 0)
        return -1;
    if (i >= (is_event ? 2 + g->rules->nevents : g->rules->nactions))
        return -1;
    if (!is_event)
        k = g->rules->actions[i];
    else if (!event_kind(g->rules, (uint16_t)(i < 2 ? i : GR_EV_SYSTEM + i - 2), &k))
        return -1;
    gr_text o = {buf, size, 0};
    gr_textf(&o, "%s%s", k.name, is_event ? "" : " by");
    for (int f = 0; f < k.nfields; f++)
        gr_textf(&o, " %s", k.field[f].name);
    return (int)o.len;
}

int gr_event_visible(const gr_event *e, int p)
{
    return e && p >= 0 && p < 8 && (e->vis & (1u << p));
}

int gr_event_reveals(const gr_game *g, const gr_event *e)
{
    gr_kind k;
    if (!g || !e || !event_kind(g->rules, e->kind, &k))
        return 0;
    return e->kind == GR_EV_ROLL || e->kind == GR_EV_DRAW || k.reveals;
}

int gr_action_visible(const gr_game *g, const gr_action *a, int p)
{
    if (!g || !a || a->kind >= g->rules->nactions)
        return 0;
    return a->player == p || !g->rules->actions[a->kind].secret;
}

/* ---------------------------------------------------------------- parse */

#define MAX_TOKENS 24

typedef struct token {
    char key[32];
    char val[64];
    int used;
} token;

/* Splits "kind k=v k=v" into tokens; the first token has an empty key. */
static gr_status tokenize(const char *line, token *t, int *n, gr_error *err)
{
    *n = 0;
    const char *p = line;
    for (;;) {
        while (*p && isspace((unsigned char)*p))
            p++;
        if (!*p || *p == '#')
            break;
        if (*n == MAX_TOKENS)
            return gr_failst(err, GR_ERR_PARSE, NULL, "too many fields");
        const char *s = p;
        while (*p && !isspace((unsigned char)*p))
            p++;
        size_t len = (size_t)(p - s);
        const char *eq = memchr(s, '=', len);
        token *tk = &t[(*n)++];
        memset(tk, 0, sizeof *tk);
        size_t klen = eq ? (size_t)(eq - s) : 0;
        size_t vlen = eq ? len - klen - 1 : len;
        if (klen >= sizeof tk->key || vlen >= sizeof tk->val)
            return gr_failst(err, GR_ERR_PARSE, NULL, "field too long: %.*s", (int)len, s);
        if (eq && (klen == 0 || vlen == 0))
            return gr_failst(err, GR_ERR_PARSE, NULL, "bad field '%.*s' (want key=value)",
                             (int)len, s);
        memcpy(tk->key, s, klen);
        memcpy(tk->val, eq ? eq + 1 : s, vlen);
    }
    if (*n == 0)
        return gr_failst(err, GR_ERR_PARSE, NULL, "empty line");
    if (t[0].key[0])
        return gr_failst(err, GR_ERR_PARSE, NULL, "line must start with a kind name");
    for (int i = 1; i < *n; i++)
        if (!t[i].key[0])
            return gr_failst(err, GR_ERR_PARSE, NULL, "'%s' is not key=value", t[i].val);
    return GR_OK;
}

int gr_parse_int(const char *s, long lo, long hi, long *out)
{
    if (!s || !(isdigit((unsigned char)s[0]) ||
                ((s[0] == '-' || s[0] == '+') && isdigit((unsigned char)s[1]))))
        return -1; /* strtol would skip leading spaces */
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

int gr_parse_u64(const char *s, uint64_t *out)
{
    if (!s || !isdigit((unsigned char)s[0]))
        return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end)
        return -1;
    *out = (uint64_t)v;
    return 0;
}

static int parse_int(const char *s, long lo, long hi, int32_t *out)
{
    long v;
    if (gr_parse_int(s, lo, hi, &v) != 0)
        return 0;
    *out = (int32_t)v;
    return 1;
}

static int parse_fixed(const char *s, int32_t *out)
{
    int neg = (*s == '-');
    if (neg || *s == '+')
        s++;
    if (!isdigit((unsigned char)*s))
        return 0;
    long whole = 0, frac = 0;
    while (isdigit((unsigned char)*s) && whole < 20000000)
        whole = whole * 10 + (*s++ - '0');
    if (*s == '.') {
        s++;
        int digits = 0;
        while (isdigit((unsigned char)*s) && digits < 2) {
            frac = frac * 10 + (*s++ - '0');
            digits++;
        }
        if (digits == 1)
            frac *= 10;
        if (digits == 0)
            return 0;
    }
    if (*s || whole >= 20000000)
        return 0;
    long v = whole * 100 + frac;
    *out = (int32_t)(neg ? -v : v);
    return 1;
}

static int parse_hex(const gr_game *g, const char *s, int32_t *out)
{
    const gr_rules *r = g->rules;
    int h = r->hex_find ? r->hex_find(gr_sdata(g), s) : -1;
    if (h < 0)
        return 0;
    *out = h;
    return 1;
}

static int parse_value(const gr_game *g, const gr_field *f, const char *s, int32_t *out)
{
    const gr_rules *r = g->rules;
    int optional_none = f->optional && strcmp(s, "-") == 0;
    switch (f->type) {
    case GR_F_UNIT: {
        if (optional_none) {
            *out = GR_NONE;
            return 1;
        }
        int u = r->unit_find(gr_sdata(g), s);
        *out = u;
        return u >= 0;
    }
    case GR_F_HEX:
        if (optional_none) {
            *out = GR_NONE;
            return 1;
        }
        return parse_hex(g, s, out);
    case GR_F_HEXSIDE: {
        const char *slash = strrchr(s, '/');
        char label[32];
        int32_t hex, dir;
        if (!slash || (size_t)(slash - s) >= sizeof label)
            return 0;
        memcpy(label, s, (size_t)(slash - s));
        label[slash - s] = '\0';
        if (!parse_hex(g, label, &hex) || !parse_int(slash + 1, 0, 5, &dir))
            return 0;
        *out = hex * 6 + dir;
        return 1;
    }
    case GR_F_PLAYER: {
        int p = gr_game_player_find(g, s);
        *out = p;
        return p >= 0;
    }
    case GR_F_ENUM:
        for (int i = 0; f->names && f->names[i]; i++)
            if (strcmp(f->names[i], s) == 0) {
                *out = i;
                return 1;
            }
        return 0;
    case GR_F_FIXED:
        return parse_fixed(s, out);
    default:
        return parse_int(s, -2000000000L, 2000000000L, out);
    }
}

/* Fills args from tokens per the kind's fields; marks used tokens. */
static gr_status parse_fields(const gr_game *g, const gr_kind *k, token *t, int n,
                              int32_t *arg, gr_error *err)
{
    for (int i = 0; i < k->nfields; i++) {
        const gr_field *f = &k->field[i];
        token *tk = NULL;
        for (int j = 1; j < n; j++)
            if (!t[j].used && strcmp(t[j].key, f->name) == 0)
                tk = &t[j];
        if (!tk) {
            if (!f->optional)
                return gr_failst(err, GR_ERR_PARSE, NULL, "%s: missing field %s=", k->name,
                                 f->name);
            arg[i] = f->dflt;
            continue;
        }
        tk->used = 1;
        if (!parse_value(g, f, tk->val, &arg[i]))
            return gr_failst(err, GR_ERR_PARSE, NULL, "%s: bad value %s=%s", k->name,
                             f->name, tk->val);
    }
    return GR_OK;
}

static gr_status check_unused(const gr_kind *k, const token *t, int n, const char *skip,
                              gr_error *err)
{
    for (int j = 1; j < n; j++)
        if (!t[j].used && strcmp(t[j].key, skip) != 0)
            return gr_failst(err, GR_ERR_PARSE, NULL, "%s: unknown field '%s'", k->name,
                             t[j].key);
    return GR_OK;
}

static int default_player(const gr_game *g)
{
    gr_pending p;
    gr_game_pending(g, &p);
    if (p.kind == GR_PENDING_OVER || p.players == 0 || (p.players & (p.players - 1)))
        return -1;
    int i = 0;
    while (!(p.players & (1u << i)))
        i++;
    return i;
}

static int find_token(const token *t, int n, const char *key)
{
    for (int j = 1; j < n; j++)
        if (strcmp(t[j].key, key) == 0)
            return j;
    return -1;
}

gr_status gr_action_parse(const gr_game *g, const char *line, gr_action *out, gr_error *err)
{
    token t[MAX_TOKENS];
    int n;
    if (!g || !line || !out)
        return gr_failst(err, GR_ERR_ARG, NULL, "gr_action_parse: NULL argument");
    gr_status st = tokenize(line, t, &n, err);
    if (st != GR_OK)
        return st;
    int kind = -1;
    for (int i = 0; i < g->rules->nactions; i++)
        if (strcmp(g->rules->actions[i].name, t[0].val) == 0)
            kind = i;
    if (kind < 0)
        return gr_failst(err, GR_ERR_PARSE, NULL, "unknown action '%s'", t[0].val);
    gr_action a = {.kind = (uint16_t)kind, .nargs = g->rules->actions[kind].nfields};
    int by = find_token(t, n, "by");
    int player = by > 0 ? gr_game_player_find(g, t[by].val) : default_player(g);
    if (player < 0)
        return gr_failst(err, GR_ERR_PARSE, NULL,
                         by > 0 ? "unknown player '%s'" : "%s: say which player (by=...)",
                         by > 0 ? t[by].val : t[0].val);
    a.player = (uint8_t)player;
    const gr_kind *k = &g->rules->actions[kind];
    if ((st = parse_fields(g, k, t, n, a.arg, err)) != GR_OK ||
        (st = check_unused(k, t, n, "by", err)) != GR_OK)
        return st;
    *out = a;
    return GR_OK;
}

static int parse_vis(const gr_game *g, const char *s, uint8_t *vis)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%s", s);
    *vis = 0;
    for (char *save = NULL, *p = strtok_r(buf, "+", &save); p; p = strtok_r(NULL, "+", &save)) {
        int pl = gr_game_player_find(g, p);
        if (pl < 0)
            return 0;
        *vis |= (uint8_t)(1u << pl);
    }
    return *vis != 0;
}

gr_status gr_event_parse(const gr_game *g, const char *line, gr_event *out, gr_error *err)
{
    token t[MAX_TOKENS];
    int n;
    if (!g || !line || !out)
        return gr_failst(err, GR_ERR_ARG, NULL, "gr_event_parse: NULL argument");
    gr_status st = tokenize(line, t, &n, err);
    if (st != GR_OK)
        return st;
    gr_kind k;
    int kind = -1;
    for (int i = 0; i < GR_EV_SYSTEM + g->rules->nevents; i++)
        if (event_kind(g->rules, (uint16_t)i, &k) && strcmp(k.name, t[0].val) == 0) {
            kind = i;
            break;
        }
    if (kind < 0)
        return gr_failst(err, GR_ERR_PARSE, NULL, "unknown event '%s'", t[0].val);
    gr_event e = {.kind = (uint16_t)kind, .vis = GR_VIS_ALL, .nargs = k.nfields};
    int vis = find_token(t, n, "vis");
    if (vis > 0 && !parse_vis(g, t[vis].val, &e.vis))
        return gr_failst(err, GR_ERR_PARSE, NULL, "bad vis=%s", t[vis].val);
    if ((st = parse_fields(g, &k, t, n, e.arg, err)) != GR_OK ||
        (st = check_unused(&k, t, n, "vis", err)) != GR_OK)
        return st;
    *out = e;
    return GR_OK;
}
