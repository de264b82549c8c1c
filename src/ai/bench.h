/*
 * bench.h — the fixed workload of `grognard bench`: a signature of games
 * played with fixed seeds (so any change that alters a game is visible) and
 * timed figures (random games, rules steps, state copies, MCTS iterations,
 * the systems' exact-odds queries).  The signature part is cheap and deterministic; tests pin
 * it per scenario.
 */
#ifndef GR_AI_BENCH_H
#define GR_AI_BENCH_H

#include <stddef.h>
#include <stdint.h>

#include "grognard.h"

/* Signature workload: random playouts and agent choices with these counts. */
#define GR_BENCH_SIG_GAMES 16
#define GR_BENCH_SIG_MCTS_ITERATIONS 32
#define GR_BENCH_SIG_MCTS_ROLLOUT 4
#define GR_BENCH_SIG_GREEDY_SAMPLES 4

#define GR_BENCH_QUERIES 4

typedef struct gr_bench_figures {
    uint64_t signature;      /* gr_bench_signature                          */
    size_t state_bytes;      /* gr_game_size: the bytes one clone copies    */
    uint64_t games, steps;   /* random games played in the timed loop       */
    double games_seconds;
    double copy_ns;          /* one gr_game_copy                             */
    uint64_t mcts_iterations;
    double mcts_seconds;
    /* Exact-odds queries of the system (GR_BENCH_QUERIES at most), each
     * timed at the first position of the fixed random games where the
     * system answers it (e.g. ARW's "odds cc" needs a close combat at its
     * chit step). */
    int nqueries;
    struct {
        char text[48];       /* the query                                     */
        int found;           /* a position answered it                        */
        double us;           /* one query, in microseconds                    */
        char answer[160];    /* its answer there (first 159 characters)       */
    } query[GR_BENCH_QUERIES];
} gr_bench_figures;

/*
 * The signature of scenario sc: a 64-bit digest of GR_BENCH_SIG_GAMES random
 * games played to the end with the allocation-free playout loop (their
 * lengths and final state hashes), then of the choices of the greedy agent
 * (GR_BENCH_SIG_GREEDY_SAMPLES samples) and of an mcts agent
 * (GR_BENCH_SIG_MCTS_ITERATIONS iterations, rollouts of GR_BENCH_SIG_MCTS_ROLLOUT
 * actions) on positions of the first games.  Deterministic on every machine
 * (the agents use no floating-point result that libm could round differently
 * other than sqrt and log in UCB scores).
 * GR_OK, or a failure with a message.
 */
gr_status gr_bench_signature(const gr_scenario *sc, uint64_t *out, gr_error *err);

/*
 * Runs the signature and the timed loops on sc; `scale` multiplies the
 * time each timed loop runs (1.0 = the documented bench, about 8 s per
 * scenario; 0.05 for a quick run).
 */
gr_status gr_bench_run(const gr_scenario *sc, double scale, gr_bench_figures *out,
                       gr_error *err);

/*
 * Plays exactly `games` random games from the signature's starting
 * positions with the playout loop and nothing else (for instruction counts
 * under callgrind: --toggle-collect=ai_playout); fills games, steps and
 * games_seconds of out.
 */
gr_status gr_bench_playouts(const gr_scenario *sc, uint64_t games, gr_bench_figures *out,
                            gr_error *err);

#endif
