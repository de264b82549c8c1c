/* bench.c — see bench.h. */
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent.h"
#include "params.h"
#include "search.h"

#define BENCH_MAX_STEPS 1000000
#define BENCH_STREAM 0x62656e6368ull /* "bench" */
#define BENCH_POSITIONS 3

/* Seconds each timed loop runs at scale 1.0. */
#define BENCH_GAMES_SECONDS 3.0
#define BENCH_COPY_SECONDS 0.5
#define BENCH_MCTS_SECONDS 3.0
#define BENCH_QUERY_SECONDS 0.5

/* The exact-odds queries timed for a system: ARW's close combat at its
 * chit step (uniform chits) and a CRT column distribution. */
static const char *const BENCH_QUERY[][2] = {
    {"arw", "odds cc"}, {"arw", "odds crt 6 2 0"}, {NULL, NULL}};
#define BENCH_QUERY_GAMES 200

typedef struct bench_ctx {
    const gr_scenario *sc;
    gr_game *start[GR_BENCH_SIG_GAMES]; /* initial positions, seeds 1..N */
    gr_game *work;
    gr_action *buf;
} bench_ctx;

static uint64_t fold(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

static uint64_t fold_action(uint64_t h, const gr_action *a)
{
    int32_t v[3 + GR_MAX_ARGS] = {a->kind, a->player, a->nargs};
    memcpy(v + 3, a->arg, sizeof a->arg);
    return fold(h, v, sizeof v);
}

static void ctx_free(bench_ctx *c)
{
    for (int i = 0; i < GR_BENCH_SIG_GAMES; i++)
        gr_game_free(c->start[i]);
    gr_game_free(c->work);
    free(c->buf);
    memset(c, 0, sizeof *c);
}

static gr_status ctx_init(bench_ctx *c, const gr_scenario *sc, gr_error *err)
{
    memset(c, 0, sizeof *c);
    c->sc = sc;
    for (int i = 0; i < GR_BENCH_SIG_GAMES; i++) {
        gr_status st = gr_game_new(sc, (uint64_t)i + 1, NULL, NULL, NULL, &c->start[i], err);
        if (st != GR_OK) {
            ctx_free(c);
            return st;
        }
    }
    c->work = gr_game_clone(c->start[0]);
    c->buf = malloc(sizeof *c->buf * AI_LEGAL_CAP);
    if (!c->work || !c->buf) {
        ctx_free(c);
        return ai_fail(err, GR_ERR_NOMEM, "bench: out of memory");
    }
    return GR_OK;
}

/* Plays game i of the signature to the end from its start; returns steps
 * or -1 (rules failure). */
static int play_random(bench_ctx *c, int i, int max_steps)
{
    gr_rng rng;
    gr_rng_seed(&rng, (uint64_t)i + 1, BENCH_STREAM);
    gr_game_copy(c->work, c->start[i]);
    return ai_playout(c->work, &rng, max_steps);
}

/* Lowest player who must act in g, or -1 when the game is over. */
static int first_chooser(const gr_game *g)
{
    gr_pending pend;
    gr_game_pending(g, &pend);
    for (int p = 0; pend.kind != GR_PENDING_OVER && p < gr_game_players(g); p++)
        if (pend.players & (1u << p))
            return p;
    return -1;
}

/* Folds the choice of agent `kind` (params) for the player due in c->work. */
static gr_status fold_choice(bench_ctx *c, const char *kind, const char *params, uint64_t *h,
                             gr_error *err)
{
    int p = first_chooser(c->work);
    if (p < 0)
        return GR_OK;
    gr_game *view = gr_game_view(c->work, p);
    gr_agent *a = gr_agent_new(kind, 7, params, err);
    gr_action act;
    gr_status st = view && a ? gr_agent_choose(a, view, p, &act, err) : GR_ERR_NOMEM;
    if (st == GR_OK)
        *h = fold_action(*h, &act);
    gr_agent_free(a);
    gr_game_free(view);
    return st;
}

static gr_status signature_of(bench_ctx *c, uint64_t *out, gr_error *err)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (int i = 0; i < GR_BENCH_SIG_GAMES; i++) {
        int steps = play_random(c, i, BENCH_MAX_STEPS);
        if (steps < 0)
            return ai_fail(err, GR_ERR_STATE, "bench: game %d: the rules refused an action", i);
        uint64_t v[2] = {(uint64_t)steps, gr_game_hash(c->work)};
        h = fold(h, v, sizeof v);
    }
    char mcts[64], greedy[64];
    snprintf(greedy, sizeof greedy, "samples=%d", GR_BENCH_SIG_GREEDY_SAMPLES);
    snprintf(mcts, sizeof mcts, "iterations=%d,rollout=%d", GR_BENCH_SIG_MCTS_ITERATIONS,
             GR_BENCH_SIG_MCTS_ROLLOUT);
    for (int i = 0; i < BENCH_POSITIONS; i++) {
        play_random(c, i, 4);
        gr_status st = fold_choice(c, "greedy", greedy, &h, err);
        if (st == GR_OK)
            st = fold_choice(c, "mcts", mcts, &h, err);
        if (st != GR_OK)
            return st;
    }
    *out = h;
    return GR_OK;
}

gr_status gr_bench_signature(const gr_scenario *sc, uint64_t *out, gr_error *err)
{
    bench_ctx c;
    gr_status st = ctx_init(&c, sc, err);
    if (st != GR_OK)
        return st;
    st = signature_of(&c, out, err);
    ctx_free(&c);
    return st;
}

/* Random games from the signature's starting positions for `seconds`. */
static void time_games(bench_ctx *c, double seconds, gr_bench_figures *f)
{
    double t0 = ai_now(), t;
    gr_rng rng;
    gr_rng_seed(&rng, 99, BENCH_STREAM);
    do {
        gr_game_copy(c->work, c->start[f->games % GR_BENCH_SIG_GAMES]);
        int steps = ai_playout(c->work, &rng, BENCH_MAX_STEPS);
        f->steps += steps > 0 ? (uint64_t)steps : 0;
        f->games++;
        t = ai_now() - t0;
    } while (t < seconds);
    f->games_seconds = t;
}

static void time_copies(bench_ctx *c, double seconds, gr_bench_figures *f)
{
    double t0 = ai_now(), t;
    uint64_t n = 0;
    do {
        for (int k = 0; k < 1000; k++)
            gr_game_copy(c->work, c->start[k & 1]);
        n += 1000;
        t = ai_now() - t0;
    } while (t < seconds);
    f->copy_ns = t / (double)n * 1e9;
}

/* Moves c->work to the first position (from start game i) where one player
 * alone has a real choice (a secret simultaneous decision is planned
 * without tree iterations: jdg's opening orders); returns that player or
 * -1. */
static int position_with_choice(bench_ctx *c, int i)
{
    gr_rng rng;
    gr_rng_seed(&rng, (uint64_t)i + 1000, BENCH_STREAM);
    gr_game_copy(c->work, c->start[i]);
    for (int step = 0; step < 200; step++) {
        int p = first_chooser(c->work);
        if (p < 0)
            return -1;
        gr_pending pend;
        gr_game_pending(c->work, &pend);
        if (pend.kind != GR_PENDING_SIMULTANEOUS &&
            gr_game_legal(c->work, p, c->buf, AI_LEGAL_CAP) >= 2)
            return p;
        if (ai_random_step(c->work, &rng) <= 0)
            return -1;
    }
    return -1;
}

static gr_status time_mcts(bench_ctx *c, double seconds, gr_bench_figures *f, gr_error *err)
{
    int p = position_with_choice(c, 0);
    if (p < 0)
        return GR_OK;
    gr_game *view = gr_game_view(c->work, p);
    char params[64];
    snprintf(params, sizeof params, "iterations=0,time=%.0f", seconds * 1000 / 4 + 1);
    gr_agent *a = gr_agent_new("mcts", 11, params, err);
    gr_status st = view && a ? GR_OK : GR_ERR_NOMEM;
    double t0 = ai_now();
    while (st == GR_OK && ai_now() - t0 < seconds) {
        gr_action act;
        st = gr_agent_choose(a, view, p, &act, err);
    }
    f->mcts_seconds = ai_now() - t0;
    gr_agent_stats s;
    gr_agent_stats_get(a, &s);
    f->mcts_iterations = s.iterations;
    gr_agent_free(a);
    gr_game_free(view);
    return st;
}

/* Moves c->work to the first position of the fixed random games where the
 * system answers `q`; returns 1 when found. */
static int position_answering(bench_ctx *c, const char *q, char *out, size_t size)
{
    for (int i = 0; i < BENCH_QUERY_GAMES; i++) {
        gr_rng rng;
        gr_rng_seed(&rng, (uint64_t)i + 2000, BENCH_STREAM);
        gr_game_copy(c->work, c->start[i % GR_BENCH_SIG_GAMES]);
        for (int step = 0; step < 2000; step++) {
            if (gr_game_query(c->work, q, out, size, NULL) == GR_OK)
                return 1;
            if (ai_random_step(c->work, &rng) <= 0)
                break;
        }
    }
    return 0;
}

static void time_one_query(bench_ctx *c, double seconds, const char *q, gr_bench_figures *f)
{
    char out[4096];
    int k = f->nqueries++;
    snprintf(f->query[k].text, sizeof f->query[k].text, "%s", q);
    if (!position_answering(c, q, out, sizeof out))
        return;
    f->query[k].found = 1;
    size_t len = strlen(out), room = sizeof f->query[k].answer - 1;
    memcpy(f->query[k].answer, out, len < room ? len : room);
    f->query[k].answer[len < room ? len : room] = '\0';
    uint64_t n = 0;
    double t0 = ai_now(), t;
    do {
        for (int r = 0; r < 10; r++)
            gr_game_query(c->work, q, out, sizeof out, NULL);
        n += 10;
        t = ai_now() - t0;
    } while (t < seconds);
    f->query[k].us = t / (double)n * 1e6;
}

static void time_queries(bench_ctx *c, double seconds, gr_bench_figures *f)
{
    const char *system = gr_scenario_system(c->sc);
    for (int i = 0; BENCH_QUERY[i][0] && f->nqueries < GR_BENCH_QUERIES; i++)
        if (strcmp(BENCH_QUERY[i][0], system) == 0)
            time_one_query(c, seconds, BENCH_QUERY[i][1], f);
}

gr_status gr_bench_run(const gr_scenario *sc, double scale, gr_bench_figures *out,
                       gr_error *err)
{
    memset(out, 0, sizeof *out);
    bench_ctx c;
    gr_status st = ctx_init(&c, sc, err);
    if (st != GR_OK)
        return st;
    out->state_bytes = gr_game_size(c.start[0]);
    st = signature_of(&c, &out->signature, err);
    if (st == GR_OK) {
        time_games(&c, BENCH_GAMES_SECONDS * scale, out);
        time_copies(&c, BENCH_COPY_SECONDS * scale, out);
        time_queries(&c, BENCH_QUERY_SECONDS * scale, out);
        st = time_mcts(&c, BENCH_MCTS_SECONDS * scale, out, err);
    }
    ctx_free(&c);
    return st;
}

gr_status gr_bench_playouts(const gr_scenario *sc, uint64_t games, gr_bench_figures *out,
                            gr_error *err)
{
    memset(out, 0, sizeof *out);
    bench_ctx c;
    gr_status st = ctx_init(&c, sc, err);
    if (st != GR_OK)
        return st;
    out->state_bytes = gr_game_size(c.start[0]);
    gr_rng rng;
    gr_rng_seed(&rng, 99, BENCH_STREAM);
    double t0 = ai_now();
    for (; out->games < games; out->games++) {
        gr_game_copy(c.work, c.start[out->games % GR_BENCH_SIG_GAMES]);
        int steps = ai_playout(c.work, &rng, BENCH_MAX_STEPS);
        out->steps += steps > 0 ? (uint64_t)steps : 0;
    }
    out->games_seconds = ai_now() - t0;
    ctx_free(&c);
    return GR_OK;
}
