/*
 * search.h — pieces shared by the search agents (greedy, mcts): sampling a
 * determinization of a view, random playouts, position values, the clock.
 * Everything here is allocation-free except ai_work_prepare.
 */
#ifndef GR_AI_SEARCH_H
#define GR_AI_SEARCH_H

#include <stdint.h>

#include "grognard.h"

/* Room for the legal actions of one decision in the search agents' lists; a
 * decision with more options is cut to its first AI_LEGAL_CAP.  Playouts
 * draw with gr_game_sample instead and are not cut. */
#define AI_LEGAL_CAP 4096
/* Players a search agent handles (every current system has two). */
#define AI_MAX_PLAYERS 2

/* A uniform 64-bit value from rng (two draws). */
uint64_t ai_rng_u64(gr_rng *rng);

/*
 * Makes *work a game of the same scenario as view that can receive
 * gr_game_copy from it: keeps the existing one when it fits, otherwise frees
 * it and clones view (the only allocation of a search, done before it starts).
 * GR_ERR_NOMEM on failure.
 */
gr_status ai_work_prepare(gr_game **work, const gr_game *view);

/* Copies the view into work and determinizes it with `seed`: a complete
 * game consistent with everything the view's player knows.  No allocation. */
gr_status ai_sample(gr_game *work, const gr_game *view, uint64_t seed);
/* The same with the other players' hidden commitments in the pending
 * simultaneous decision taken back (gr_game_determinize_open). */
gr_status ai_sample_open(gr_game *work, const gr_game *view, uint64_t seed);
/* The other player who chooses in secret with `player` now: one the
 * view's pending decision names, or (with `reopen`) one whose hidden
 * commitment a reopened sample (seed, into work) takes back; -1 when none. */
int ai_secret_rival(gr_game *work, const gr_game *view, int player, uint64_t seed, int reopen);

/* Value of g for player p in [0, 1] (0.5 = even) from
 * gr_game_evaluate_with(g, p, flags) (GR_EVAL_*). */
double ai_value(const gr_game *g, int p, unsigned flags);

/* ai_value for p one ply after action a on `from`, played on the scratch
 * game probe (made for from's scenario, ai_work_prepare); -1 when the
 * rules refuse a there.  No allocation. */
double ai_value_after(gr_game *probe, const gr_game *from, const gr_action *a, int p,
                      unsigned flags);

/*
 * Applies one random legal action (gr_game_sample: uniform over the legal
 * list, or drawn stage by stage where the rule system does so) for every
 * player who must act now (simultaneous decisions: each in turn).
 * Returns 1 when an action was applied, 0 when the game is over, -1 when
 * the engine offered no legal action or refused one (a rules bug).
 */
int ai_random_step(gr_game *g, gr_rng *rng);

/*
 * Random playout: plays ai_random_step until the game is over or
 * `max_actions` steps were played (max_actions < 0: no limit).  Returns the
 * number of steps, or -1 on a rules bug.  No allocation.
 */
int ai_playout(gr_game *g, gr_rng *rng, int max_actions);

/* Non-zero when a and b are the same action (kind, player and arguments). */
int ai_action_equal(const gr_action *a, const gr_action *b);

/* Monotonic clock in seconds (for time budgets only; never for play). */
double ai_now(void);

#endif
