/* session.c — the record of a game being played, its log, and undo by
 * replay; see session.h. */
#include "session.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "files.h"

#define GS_MAX_META 8
#define GS_LINE 1024

struct gs_session {
    gr_scenario *sc;
    gr_game *game;
    uint64_t seed;
    char *options;
    uint64_t initial_hash;
    gs_entry *entry;
    int nentries, entry_cap;
    gs_logline *log;
    int nlog, log_cap;
    /* Set by the sink while an entry is being applied. */
    int in_entry;
    uint8_t barrier;
    char *barrier_event;
    int sink_failed; /* out of memory while logging */
    char *meta_key[GS_MAX_META];
    char *meta_val[GS_MAX_META];
};

static gr_status fail(gr_error *err, gr_status st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static gr_status fail(gr_error *err, gr_status st, const char *fmt, ...)
{
    if (err) {
        err->rule[0] = '\0';
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return st;
}

/* ---------------------------------------------------------------- log */

static int log_push(gs_session *s, uint8_t kind, uint8_t vis, uint8_t reveals, const char *text)
{
    if (s->nlog == s->log_cap) {
        int cap = s->log_cap ? s->log_cap * 2 : 256;
        gs_logline *bigger = realloc(s->log, (size_t)cap * sizeof *bigger);
        if (!bigger)
            return -1;
        s->log = bigger;
        s->log_cap = cap;
    }
    char *copy = strdup(text);
    if (!copy)
        return -1;
    s->log[s->nlog++] = (gs_logline){(uint32_t)s->nentries, kind, vis, reveals, copy};
    return 0;
}

static void log_truncate(gs_session *s, int n)
{
    while (s->nlog > n)
        free(s->log[--s->nlog].text);
}

/* Moves the last line to position `at` (an action line goes before the
 * events it caused). */
static void log_move_last_to(gs_session *s, int at)
{
    gs_logline last = s->log[s->nlog - 1];
    memmove(&s->log[at + 1], &s->log[at], (size_t)(s->nlog - 1 - at) * sizeof *s->log);
    s->log[at] = last;
}

static void session_sink(void *ctx, const gr_game *g, const gr_event *e)
{
    gs_session *s = ctx;
    char line[GS_LINE];
    gr_event_format(g, e, line, sizeof line);
    int reveals = gr_event_reveals(g, e);
    if (reveals && s->in_entry && !s->barrier) {
        s->barrier = 1;
        free(s->barrier_event);
        s->barrier_event = strdup(line);
    }
    if (log_push(s, GS_LOG_EVENT, e->vis, (uint8_t)reveals, line) != 0)
        s->sink_failed = 1;
}

int gs_log_count(const gs_session *s)
{
    return s ? s->nlog : 0;
}

const gs_logline *gs_log_at(const gs_session *s, int i)
{
    return s && i >= 0 && i < s->nlog ? &s->log[i] : NULL;
}

int gs_log_visible(const gs_logline *l, int p)
{
    return l && (p < 0 || (p < 8 && (l->vis & (1u << p))));
}

/* ---------------------------------------------------------------- lifecycle */

static void entry_clear(gs_entry *e)
{
    free(e->line);
    free(e->barrier_event);
    memset(e, 0, sizeof *e);
}

/* Creates the game afresh (log of the opening included). */
static gr_status start_game(gs_session *s, gr_error *err)
{
    gr_game_free(s->game);
    s->game = NULL;
    log_truncate(s, 0);
    s->sink_failed = 0;
    gr_status st = gr_game_new(s->sc, s->seed, *s->options ? s->options : NULL, session_sink, s,
                               &s->game, err);
    if (st == GR_OK && s->sink_failed)
        st = fail(err, GR_ERR_NOMEM, "out of memory for the game log");
    if (st == GR_OK)
        s->initial_hash = gr_game_hash(s->game);
    return st;
}

gs_session *gs_new(gr_scenario *sc, uint64_t seed, const char *options, gr_error *err)
{
    gs_session *s = sc ? calloc(1, sizeof *s) : NULL;
    if (!s) {
        fail(err, sc ? GR_ERR_NOMEM : GR_ERR_ARG, sc ? "out of memory" : "no scenario");
        gr_scenario_free(sc);
        return NULL;
    }
    s->sc = sc;
    s->seed = seed;
    s->options = strdup(options ? options : "");
    if (!s->options || start_game(s, err) != GR_OK) {
        if (!s->options)
            fail(err, GR_ERR_NOMEM, "out of memory");
        gs_free(s);
        return NULL;
    }
    return s;
}

gs_session *gs_open(const char *id, uint64_t seed, const char *options, gr_error *err)
{
    gr_scenario *sc = NULL;
    gr_error local = {{0}, {0}};
    if (!err)
        err = &local;
    if (gr_scenario_load(id, gr_host_read, (void *)gr_host_data_dir(), &sc, err) != GR_OK)
        return NULL;
    return gs_new(sc, seed, options, err);
}

void gs_free(gs_session *s)
{
    if (!s)
        return;
    for (int i = 0; i < s->nentries; i++)
        entry_clear(&s->entry[i]);
    free(s->entry);
    log_truncate(s, 0);
    free(s->log);
    gr_game_free(s->game);
    gr_scenario_free(s->sc);
    free(s->options);
    free(s->barrier_event);
    for (int i = 0; i < GS_MAX_META; i++) {
        free(s->meta_key[i]);
        free(s->meta_val[i]);
    }
    free(s);
}

const gr_game *gs_game(const gs_session *s)
{
    return s ? s->game : NULL;
}

const gr_scenario *gs_scenario(const gs_session *s)
{
    return s ? s->sc : NULL;
}

uint64_t gs_seed(const gs_session *s)
{
    return s ? s->seed : 0;
}

const char *gs_options(const gs_session *s)
{
    return s ? s->options : "";
}

uint64_t gs_initial_hash(const gs_session *s)
{
    return s ? s->initial_hash : 0;
}

int gs_entries(const gs_session *s)
{
    return s ? s->nentries : 0;
}

const gs_entry *gs_entry_at(const gs_session *s, int i)
{
    return s && i >= 0 && i < s->nentries ? &s->entry[i] : NULL;
}

/* ---------------------------------------------------------------- recording */

static gs_entry *entry_new(gs_session *s)
{
    if (s->nentries == s->entry_cap) {
        int cap = s->entry_cap ? s->entry_cap * 2 : 64;
        gs_entry *bigger = realloc(s->entry, (size_t)cap * sizeof *bigger);
        if (!bigger)
            return NULL;
        s->entry = bigger;
        s->entry_cap = cap;
    }
    gs_entry *e = &s->entry[s->nentries];
    memset(e, 0, sizeof *e);
    return e;
}

static void begin_entry(gs_session *s)
{
    s->in_entry = 1;
    s->barrier = 0;
    free(s->barrier_event);
    s->barrier_event = NULL;
    s->sink_failed = 0;
}

/* Completes entry e (filled by the caller) after the game accepted it. */
static void commit_entry(gs_session *s, gs_entry *e)
{
    e->barrier = s->barrier;
    e->barrier_event = s->barrier_event;
    s->barrier_event = NULL;
    e->hash = gr_game_hash(s->game);
    s->nentries++;
    s->in_entry = 0;
}

static uint8_t action_vis(const gr_game *g, const gr_action *a)
{
    uint8_t vis = 0;
    for (int p = 0; p < gr_game_players(g) && p < 8; p++)
        if (gr_action_visible(g, a, p))
            vis |= (uint8_t)(1u << p);
    return vis == (uint8_t)((1u << gr_game_players(g)) - 1) ? GR_VIS_ALL : vis;
}

gr_status gs_apply(gs_session *s, const gr_action *a, gr_error *err)
{
    if (!s || !a)
        return fail(err, GR_ERR_ARG, "gs_apply: NULL argument");
    char line[GS_LINE];
    gr_action_format(s->game, a, line, sizeof line);
    gs_entry *e = entry_new(s);
    char *copy = strdup(line);
    if (!e || !copy) {
        free(copy);
        return fail(err, GR_ERR_NOMEM, "out of memory");
    }
    int before = s->nlog;
    begin_entry(s);
    gr_status st = gr_game_apply(s->game, a, err);
    if (st != GR_OK) {
        s->in_entry = 0;
        free(copy);
        log_truncate(s, before);
        return st;
    }
    /* accepted: record it even if its log line cannot be kept */
    if (log_push(s, GS_LOG_ACTION, action_vis(s->game, a), 0, line) == 0)
        log_move_last_to(s, before);
    e->type = GS_ENTRY_ACTION;
    e->action = *a;
    e->line = copy;
    commit_entry(s, e);
    return GR_OK;
}

gr_status gs_apply_line(gs_session *s, const char *line, gr_action *out, gr_error *err)
{
    gr_action a;
    if (!s || !line)
        return fail(err, GR_ERR_ARG, "gs_apply_line: NULL argument");
    gr_status st = gr_action_parse(s->game, line, &a, err);
    if (st == GR_OK)
        st = gs_apply(s, &a, err);
    if (st == GR_OK && out)
        *out = a;
    return st;
}

gr_status gs_push_dice(gs_session *s, const int *faces, int n, gr_error *err)
{
    if (!s || n < 1 || n > GS_MAX_DICE || !faces)
        return fail(err, GR_ERR_ARG, "give 1 to %d die faces", GS_MAX_DICE);
    int lo, hi;
    gr_game_die_faces(s->game, &lo, &hi);
    for (int i = 0; i < n; i++)
        if (faces[i] < lo || faces[i] > hi)
            return fail(err, GR_ERR_ARG, "face %d is not on this game's dice (%d-%d)", faces[i],
                        lo, hi);
    char line[GS_LINE] = "dice";
    size_t len = 4;
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(line + len, sizeof line - len, " %d", faces[i]);
    gs_entry *e = entry_new(s);
    char *copy = strdup(line);
    if (!e || !copy) {
        free(copy);
        return fail(err, GR_ERR_NOMEM, "out of memory");
    }
    if (gr_game_push_dice(s->game, faces, n) != GR_OK) {
        free(copy);
        return fail(err, GR_ERR_ARG, "the dice queue holds at most %d faces, each -99..99",
                    GS_MAX_DICE);
    }
    begin_entry(s);
    e->type = GS_ENTRY_DICE;
    e->ndice = (uint8_t)n;
    for (int i = 0; i < n; i++)
        e->dice[i] = (int8_t)faces[i];
    e->line = copy;
    if (log_push(s, GS_LOG_DICE, GR_VIS_ALL, 0, line) != 0)
        s->sink_failed = 1;
    commit_entry(s, e);
    return GR_OK;
}

/* ---------------------------------------------------------------- undo */

int gs_undoable(const gs_session *s, const char **barrier)
{
    int n = 0;
    if (barrier)
        *barrier = NULL;
    for (int i = s ? s->nentries - 1 : -1; i >= 0; i--) {
        if (s->entry[i].barrier) {
            if (barrier)
                *barrier = s->entry[i].barrier_event;
            break;
        }
        n += s->entry[i].type == GS_ENTRY_ACTION;
    }
    return n;
}

/* Re-applies entries [0, keep) to a fresh game; the rest are dropped. */
static gr_status rebuild(gs_session *s, int keep, gr_error *err)
{
    int total = s->nentries;
    gs_entry *old = s->entry;
    s->entry = NULL;
    s->nentries = s->entry_cap = 0;
    gr_status st = start_game(s, err);
    for (int i = 0; i < keep && st == GR_OK; i++)
        st = gs_apply_record(s, old[i].line, &old[i].hash, err);
    for (int i = 0; i < total; i++)
        entry_clear(&old[i]);
    free(old);
    return st;
}

gr_status gs_undo(gs_session *s, int n, gr_error *err)
{
    const char *barrier;
    if (!s || n < 1)
        return fail(err, GR_ERR_ARG, "undo: say how many actions (1 or more)");
    int can = gs_undoable(s, &barrier);
    if (n > can) {
        if (!barrier)
            return fail(err, GR_ERR_STATE, "only %d action%s to undo", can, can == 1 ? "" : "s");
        return fail(err, GR_ERR_STATE,
                    "cannot undo %d action%s: undo stops at the last die roll or "
                    "revelation (%s); %d action%s can be undone",
                    n, n == 1 ? "" : "s", barrier, can, can == 1 ? "" : "s");
    }
    int keep = s->nentries, actions = 0;
    while (actions < n)
        actions += s->entry[--keep].type == GS_ENTRY_ACTION;
    return rebuild(s, keep, err);
}

/* ---------------------------------------------------------------- records */

static gr_status parse_dice(const char *line, int *faces, int *n, gr_error *err)
{
    const char *p = line + 4;
    *n = 0;
    while (*p) {
        while (*p == ' ')
            p++;
        size_t len = strcspn(p, " ");
        if (!len)
            break;
        char word[8];
        long v;
        if (len >= sizeof word || *n == GS_MAX_DICE ||
            (snprintf(word, sizeof word, "%.*s", (int)len, p),
             gr_parse_int(word, -99, 99, &v) != 0))
            return fail(err, GR_ERR_PARSE, "bad dice line '%.60s'", line);
        faces[(*n)++] = (int)v;
        p += len;
    }
    return *n ? GR_OK : fail(err, GR_ERR_PARSE, "dice: no faces");
}

gr_status gs_apply_record(gs_session *s, const char *line, const uint64_t *expect, gr_error *err)
{
    if (!s || !line)
        return fail(err, GR_ERR_ARG, "gs_apply_record: NULL argument");
    gr_status st;
    if (strncmp(line, "dice", 4) == 0 && (line[4] == ' ' || line[4] == '\0')) {
        int faces[GS_MAX_DICE], n;
        st = parse_dice(line, faces, &n, err);
        if (st == GR_OK)
            st = gs_push_dice(s, faces, n, err);
    } else {
        st = gs_apply_line(s, line, NULL, err);
    }
    if (st != GR_OK || !expect || s->entry[s->nentries - 1].hash == *expect)
        return st;
    char want[17], got[17];
    gs_hash_text(*expect, want);
    gs_hash_text(s->entry[s->nentries - 1].hash, got);
    gr_status rb = rebuild(s, s->nentries - 1, NULL);
    (void)rb;
    return fail(err, GR_ERR_DATA, "state hash after '%.200s' is %s, the record says %s", line, got,
                want);
}

/* ---------------------------------------------------------------- metadata */

int gs_meta_set(gs_session *s, const char *key, const char *value)
{
    int free_slot = -1;
    for (int i = 0; s && i < GS_MAX_META; i++) {
        if (s->meta_key[i] && strcmp(s->meta_key[i], key) == 0) {
            char *v = strdup(value);
            if (!v)
                return -1;
            free(s->meta_val[i]);
            s->meta_val[i] = v;
            return 0;
        }
        if (!s->meta_key[i] && free_slot < 0)
            free_slot = i;
    }
    if (!s || free_slot < 0)
        return -1;
    char *k = strdup(key), *v = strdup(value);
    if (!k || !v) {
        free(k);
        free(v);
        return -1;
    }
    s->meta_key[free_slot] = k;
    s->meta_val[free_slot] = v;
    return 0;
}

const char *gs_meta_get(const gs_session *s, const char *key)
{
    for (int i = 0; s && key && i < GS_MAX_META; i++)
        if (s->meta_key[i] && strcmp(s->meta_key[i], key) == 0)
            return s->meta_val[i];
    return NULL;
}

const char *gs_meta_key(const gs_session *s, int i)
{
    for (int k = 0, seen = 0; s && k < GS_MAX_META; k++)
        if (s->meta_key[k] && seen++ == i)
            return s->meta_key[k];
    return NULL;
}

/* ---------------------------------------------------------------- hashes */

void gs_hash_text(uint64_t h, char *buf)
{
    snprintf(buf, 17, "%016llx", (unsigned long long)h);
}

int gs_hash_parse(const char *text, uint64_t *out)
{
    uint64_t v = 0;
    if (!text || strlen(text) != 16)
        return -1;
    for (int i = 0; i < 16; i++) {
        int c = tolower((unsigned char)text[i]);
        int d = isdigit(c) ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : -1;
        if (d < 0)
            return -1;
        v = v << 4 | (uint64_t)d;
    }
    *out = v;
    return 0;
}
