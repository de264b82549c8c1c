/*
 * mcts_plan.h — the "mcts" agent's macro-action (src/ai only): a decision
 * with many options that are moves of many units (an ARW movement phase:
 * every unit times every hex it can reach, 600-700 options, and the phase
 * is one such decision per unit moved) is planned once for the whole
 * phase instead of searched one move at a time.  Each unit gets a few
 * candidate moves (the best one ply ahead, gr_action_unit groups them)
 * and "stay"; the candidates of every unit are searched together as a
 * combinatorial bandit (naive sampling: each iteration plays one candidate
 * per unit, in order, on a fresh determinization, values the position
 * after all of them and credits every candidate played).  The plan is the
 * best candidate of each unit in that order, then the decision's
 * unit-less option (ending the phase) when it has exactly one.
 * Allocation-free: the plan lives inside the agent.
 */
#ifndef GR_AI_MCTS_PLAN_H
#define GR_AI_MCTS_PLAN_H

#include <stdint.h>

#include "grognard.h"

#define MCTS_PLAN_UNITS 64 /* units planned (more: the rest stay)      */
#define MCTS_PLAN_ARMS 8   /* candidates per unit, "stay" included     */

typedef struct mcts_plan_opts {
    int arms;         /* candidates per unit, "stay" included (2..MCTS_PLAN_ARMS) */
    int samples;      /* determinizations each option is scored on one ply ahead */
    unsigned eval;    /* GR_EVAL_* flags of every value                          */
    long iterations;  /* 0: limited by seconds only                              */
    double seconds;   /* 0: limited by iterations only                           */
} mcts_plan_opts;

typedef struct mcts_plan {
    /* The plan: act[next..n) are still to play, by `player`, the next one
     * when the game is at step `due` (nobody acted in between). */
    gr_action act[MCTS_PLAN_UNITS + 1];
    int n, next, player;
    uint32_t due;
    /* Search scratch: unit u's candidates are arm[u][0..narms[u]), arm 0
     * being "stay" (no action). */
    int nunits;
    uint8_t narms[MCTS_PLAN_UNITS];
    uint8_t pick[MCTS_PLAN_UNITS];   /* this iteration's arm per slot     */
    uint8_t order[MCTS_PLAN_UNITS];  /* slots in playing order            */
    gr_action arm[MCTS_PLAN_UNITS][MCTS_PLAN_ARMS];
    double prior[MCTS_PLAN_UNITS][MCTS_PLAN_ARMS]; /* one-ply score        */
    double reward[MCTS_PLAN_UNITS][MCTS_PLAN_ARMS];
    uint32_t visits[MCTS_PLAN_UNITS][MCTS_PLAN_ARMS];
    gr_action end; /* the unit-less option, when there is exactly one   */
    int has_end;
} mcts_plan;

/*
 * Plans player's decision in view whose options are legal[0..n) (n <= AI_LEGAL_CAP;
 * score: scratch of n doubles; work and probe: scratch games made for view).
 * Returns the iterations run (>= 1) with the plan set to start now, or 0
 * when the decision is not a plan's (its options name fewer than two
 * units, or a determinization failed) and the plan is left empty.
 * Allocation-free.
 */
long mcts_plan_build(mcts_plan *pl, gr_game *work, gr_game *probe, const gr_game *view,
                     int player, const gr_action *legal, int n, double *score,
                     const mcts_plan_opts *o, gr_rng *rng);

/*
 * When the plan has an action due now for player (the game is at the step
 * it expects and the action is among legal[0..n)), sets *out to it,
 * advances the plan and returns 1; otherwise drops the plan and returns 0.
 */
int mcts_plan_next(mcts_plan *pl, const gr_game *view, int player, const gr_action *legal,
                   int n, gr_action *out);

#endif
