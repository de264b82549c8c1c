/* testutil.c — see testutil.h. */
#include "testutil.h"
#include "widedec.h" /* tu_find_action */

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/files.h"

const char *tu_root(void)
{
    const char *r = getenv("GR_TEST_ROOT");
    return r && *r ? r : ".";
}

void tu_path(char *buf, size_t size, const char *rel)
{
    snprintf(buf, size, "%s/%s", tu_root(), rel);
}

gr_status tu_load_from(const char *data_root, const char *id, gr_scenario **out,
                       gr_error *err)
{
    return gr_scenario_load(id, gr_host_read, (void *)data_root, out, err);
}

typedef struct tu_patch {
    char root[1024];
    const char *file, *from, *to;
} tu_patch;

/* gr_read_fn over <root>/data replacing the first `from` by `to` in `file`. */
static int patched_read(void *ctx, const char *path, char **buf, size_t *len, char *why,
                        size_t why_size)
{
    tu_patch *p = ctx;
    if (gr_host_read(p->root, path, buf, len, why, why_size) != 0)
        return -1;
    if (!p->file || strcmp(path, p->file) != 0)
        return 0;
    char *at = strstr(*buf, p->from);
    if (!at)
        return snprintf(why, why_size, "patch text not found: %s", p->from), -1;
    size_t nf = strlen(p->from), nt = strlen(p->to), head = (size_t)(at - *buf);
    char *out = malloc(*len - nf + nt + 1);
    if (!out)
        return -1;
    memcpy(out, *buf, head);
    memcpy(out + head, p->to, nt);
    memcpy(out + head + nt, at + nf, *len - head - nf);
    *len = *len - nf + nt;
    out[*len] = '\0';
    free(*buf);
    *buf = out;
    return 0;
}

gr_status tu_load_patched(const char *id, const char *file, const char *from, const char *to,
                          gr_scenario **out, gr_error *err)
{
    tu_patch p = {.file = file, .from = from, .to = to};
    tu_path(p.root, sizeof p.root, "data");
    return gr_scenario_load(id, patched_read, &p, out, err);
}

gr_scenario *tu_load(const char *id)
{
    char root[1024];
    tu_path(root, sizeof root, "data");
    gr_scenario *sc = NULL;
    gr_error err = {{0}, {0}};
    if (tu_load_from(root, id, &sc, &err) != GR_OK)
        fprintf(stderr, "tu_load(%s): %s\n", id, err.msg);
    return sc;
}

void tu_log_sink(void *ctx, const gr_game *g, const gr_event *e)
{
    tu_log *log = ctx;
    char line[512];
    int n = gr_event_format(g, e, line, sizeof line);
    if (n < 0)
        return;
    if ((size_t)n >= sizeof line)
        n = sizeof line - 1;
    if (log->len + (size_t)n + 2 > log->cap) {
        size_t cap = log->cap ? log->cap * 2 : 4096;
        while (cap < log->len + (size_t)n + 2)
            cap *= 2;
        char *t = realloc(log->text, cap);
        if (!t)
            return;
        log->text = t;
        log->cap = cap;
    }
    memcpy(log->text + log->len, line, (size_t)n);
    log->len += (size_t)n;
    log->text[log->len++] = '\n';
    log->text[log->len] = '\0';
    log->count++;
}

void tu_log_free(tu_log *log)
{
    free(log->text);
    memset(log, 0, sizeof *log);
}

int tu_log_has(const tu_log *log, const char *needle)
{
    return log->text && strstr(log->text, needle) != NULL;
}

/* Non-zero when [line, line_end) has `tok` (length n) as a whole token. */
static int line_has_token(const char *line, const char *line_end, const char *tok, size_t n)
{
    for (const char *p = line; p < line_end;) {
        while (p < line_end && isspace((unsigned char)*p))
            p++;
        const char *start = p;
        while (p < line_end && !isspace((unsigned char)*p))
            p++;
        if ((size_t)(p - start) == n && n > 0 && memcmp(start, tok, n) == 0)
            return 1;
    }
    return 0;
}

/* Non-zero when [line, line_end) holds every token of `tokens`. */
static int line_has_all(const char *line, const char *line_end, const char *tokens)
{
    int any = 0;
    for (const char *t = tokens; *t;) {
        while (*t && isspace((unsigned char)*t))
            t++;
        const char *start = t;
        while (*t && !isspace((unsigned char)*t))
            t++;
        if (t == start)
            break;
        any = 1;
        if (!line_has_token(line, line_end, start, (size_t)(t - start)))
            return 0;
    }
    return any;
}

int tu_log_has_tokens(const tu_log *log, const char *tokens)
{
    if (!log->text)
        return 0;
    for (const char *line = log->text; *line;) {
        const char *end = strchr(line, '\n');
        if (!end)
            end = line + strlen(line);
        if (line_has_all(line, end, tokens))
            return 1;
        line = *end ? end + 1 : end;
    }
    return 0;
}

void tu_program(char *exe, size_t size)
{
    ssize_t n = readlink("/proc/self/exe", exe, size - 1);
    exe[n > 0 ? n : 0] = '\0';
    for (int up = 0; up < 2; up++) {
        char *slash = strrchr(exe, '/');
        if (slash)
            *slash = '\0';
    }
    size_t len = strlen(exe);
    snprintf(exe + len, size - len, "/grognard");
}

gr_status tu_apply(gr_game *g, const char *line, gr_error *err)
{
    gr_action a;
    gr_status st = gr_action_parse(g, line, &a, err);
    return st != GR_OK ? st : gr_game_apply(g, &a, err);
}

/* Applies one line of an actions file to *g (a "seed N" line makes *g). */
static gr_status replay_line(const gr_scenario *sc, const char *line, gr_game **g,
                             gr_error *err)
{
    unsigned long long seed;
    if (sscanf(line, "seed %llu", &seed) == 1) {
        gr_game_free(*g);
        *g = NULL;
        return gr_game_new(sc, seed, NULL, NULL, NULL, g, err);
    }
    if (!*g) {
        snprintf(err->msg, sizeof err->msg, "an action before any 'seed' line");
        return GR_ERR_ARG;
    }
    return tu_apply(*g, line, err);
}

gr_status tu_replay(const gr_scenario *sc, const char *rel, gr_game **out, gr_error *err)
{
    char path[1024], line[1024];
    tu_path(path, sizeof path, rel);
    FILE *f = fopen(path, "r");
    gr_game *g = NULL;
    gr_status st = GR_OK;
    *out = NULL;
    if (!f) {
        snprintf(err->msg, sizeof err->msg, "%.300s: cannot open", path);
        return GR_ERR_IO;
    }
    for (int no = 1; st == GR_OK && fgets(line, sizeof line, f); no++) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '#' || line[0] == '\0')
            continue;
        st = replay_line(sc, line, &g, err);
        if (st != GR_OK) {
            char why[sizeof err->msg];
            snprintf(why, sizeof why, "%s", err->msg);
            snprintf(err->msg, sizeof err->msg, "%.60s:%d: '%.80s': %.150s", rel, no, line, why);
        }
    }
    fclose(f);
    if (st == GR_OK && !g) {
        snprintf(err->msg, sizeof err->msg, "%s: no 'seed' line", rel);
        st = GR_ERR_ARG;
    }
    if (st != GR_OK)
        gr_game_free(g);
    else
        *out = g;
    return st;
}

/* The first player due at g with at least `least` options, or -1. */
static int player_with_options(const gr_game *g, const gr_pending *pend, int least)
{
    static gr_action buf[4096];
    for (int p = 0; p < gr_game_players(g); p++)
        if ((pend->players & (1u << p)) && gr_game_legal(g, p, buf, 4096) >= least)
            return p;
    return -1;
}

/* One random action of every player due; 0 when one fails. */
static int random_step(gr_game *g, const gr_pending *pend, gr_rng *rng)
{
    for (int p = 0; p < gr_game_players(g); p++) {
        gr_action a;
        if ((pend->players & (1u << p)) &&
            (gr_game_sample(g, p, rng, &a) != GR_OK || gr_game_apply(g, &a, NULL) != GR_OK))
            return 0;
    }
    return 1;
}

gr_game *tu_view_with_options(const gr_scenario *sc, uint64_t seed, int least, int alone,
                              int *player)
{
    gr_game *g = NULL, *view = NULL;
    gr_rng rng;
    gr_rng_seed(&rng, seed, seed);
    if (gr_game_new(sc, seed, NULL, NULL, NULL, &g, NULL) != GR_OK)
        return NULL;
    for (int step = 0; step < 5000 && !view; step++) {
        gr_pending pend;
        gr_game_pending(g, &pend);
        if (pend.kind == GR_PENDING_OVER)
            break;
        int p = alone && pend.kind != GR_PENDING_DECISION ? -1
                                                          : player_with_options(g, &pend, least);
        if (p >= 0) {
            view = gr_game_view(g, p);
            *player = p;
        } else if (!random_step(g, &pend, &rng)) {
            break;
        }
    }
    gr_game_free(g);
    return view;
}

static int sample_check(const gr_game *g, gr_game *scratch, int p, gr_rng *rng,
                        const gr_action *legal, int n, char *why, size_t size)
{
    gr_action a, b;
    gr_rng again = *rng;
    gr_error err = {{0}, {0}};
    int at = -1;
    if (gr_game_sample(g, p, rng, &a) != GR_OK || gr_game_sample(g, p, &again, &b) != GR_OK)
        snprintf(why, size, "no sample drawn");
    else if (memcmp(&a, &b, sizeof a) != 0)
        snprintf(why, size, "the same rng drew two actions");
    else if ((at = tu_find_action(legal, n, &a)) < 0)
        snprintf(why, size, "sampled action (kind %u) is not in the legal list", a.kind);
    else if (gr_game_copy(scratch, g) != GR_OK || gr_game_apply(scratch, &a, &err) != GR_OK)
        snprintf(why, size, "sampled action refused: %s %s", err.rule, err.msg), at = -1;
    return at;
}

int tu_samples_check(const gr_game *g, gr_game *scratch, int p, gr_rng *rng, int k,
                     const gr_action *legal, int n, int *hits, char *why, size_t size)
{
    uint64_t h = gr_game_hash(g);
    for (int i = 0; i < k; i++) {
        int at = sample_check(g, scratch, p, rng, legal, n, why, size);
        if (at < 0)
            return -1;
        hits[at] = 1;
    }
    if (gr_game_hash(g) != h) {
        snprintf(why, size, "sampling changed the game");
        return -1;
    }
    return 0;
}
