/*
 * mcts_plan.c — the "mcts" agent's macro-action: a whole phase of unit
 * moves planned at once (mcts_plan.h says what and why).  The search is a
 * combinatorial bandit over the units' candidates ("naive sampling", as
 * in Ontanon's NaiveMCTS for real-time strategy games): every iteration
 * draws a determinization, plays one candidate per unit (half the time
 * one at random, half the time the unit's best so far), values the
 * position after all of them, and credits that value to every candidate
 * played.  A candidate the rules refuse in that iteration (another unit
 * took its hex first) leaves its unit where it is.
 */
#include "mcts_plan.h"

#include "mcts.h"
#include "search.h"

/* The slot of unit u in the plan (added when new, with its "stay" arm),
 * or -1 when the plan has no room for another unit. */
static int unit_slot(mcts_plan *pl, int *unit_of, int u)
{
    for (int s = 0; s < pl->nunits; s++)
        if (unit_of[s] == u)
            return s;
    if (pl->nunits == MCTS_PLAN_UNITS)
        return -1;
    int s = pl->nunits++;
    unit_of[s] = u;
    pl->narms[s] = 1; /* arm 0: stay (no prior: never compared) */
    return s;
}

/* Keeps action a (scored `score`) among slot s's best `arms - 1` moves,
 * which stay sorted best first from arm 1. */
static void add_candidate(mcts_plan *pl, int s, const gr_action *a, double score, int arms)
{
    int k = pl->narms[s];
    if (k == arms) {
        if (score <= pl->prior[s][k - 1])
            return;
        k--; /* the worst gives way */
    } else {
        pl->narms[s]++;
    }
    for (; k > 1 && pl->prior[s][k - 1] < score; k--) {
        pl->arm[s][k] = pl->arm[s][k - 1];
        pl->prior[s][k] = pl->prior[s][k - 1];
    }
    pl->arm[s][k] = *a;
    pl->prior[s][k] = score;
}

/* Groups the options by unit into candidates; the one unit-less option
 * (if exactly one) becomes the plan's last action.  Units beyond
 * MCTS_PLAN_UNITS are left out (they stay). */
static void group_options(mcts_plan *pl, const gr_game *view, const gr_action *legal, int n,
                          const double *score, int arms)
{
    int unit_of[MCTS_PLAN_UNITS], unitless = 0;
    pl->nunits = 0;
    for (int i = 0; i < n; i++) {
        int u = gr_action_unit(view, &legal[i]);
        if (u < 0) {
            pl->end = legal[i];
            unitless++;
            continue;
        }
        int s = unit_slot(pl, unit_of, u);
        if (s >= 0)
            add_candidate(pl, s, &legal[i], score[i], arms);
    }
    pl->has_end = unitless == 1;
}

/* The order units are played in: by their best candidate, best first
 * (insertion sort of at most MCTS_PLAN_UNITS slots). */
static void order_units(mcts_plan *pl)
{
    for (int i = 0; i < pl->nunits; i++)
        pl->order[i] = (uint8_t)i;
    for (int i = 1; i < pl->nunits; i++) {
        uint8_t s = pl->order[i];
        int j = i;
        for (; j > 0 && pl->prior[pl->order[j - 1]][1] < pl->prior[s][1]; j--)
            pl->order[j] = pl->order[j - 1];
        pl->order[j] = s;
    }
}

/* Slot s's arm with the most visits (ties: the best mean), the first
 * unvisited one by prior while `first_unvisited` and some is. */
static int best_arm(const mcts_plan *pl, int s, int first_unvisited)
{
    int k = pl->narms[s], best = 0;
    for (int a = 1; first_unvisited && a <= k; a++)
        if (pl->visits[s][a % k] == 0)
            return a % k; /* the moves by prior, then "stay" */
    for (int a = 1; a < k; a++) {
        uint32_t va = pl->visits[s][a], vb = pl->visits[s][best];
        if (va > vb || (va == vb && va > 0 && pl->reward[s][a] > pl->reward[s][best]))
            best = a;
    }
    return best;
}

/* Slot s's arm for this iteration: half the time one at random, half the
 * time the best so far (untried ones first). */
static int pick_arm(const mcts_plan *pl, int s, gr_rng *rng)
{
    if (gr_rng_below(rng, 2) == 0)
        return (int)gr_rng_below(rng, pl->narms[s]);
    return best_arm(pl, s, 1);
}

/* One iteration (see the file comment).  GR_OK, or the error of a
 * determinization that failed. */
static gr_status play_once(mcts_plan *pl, gr_game *work, const gr_game *view, int player,
                           unsigned eval, gr_rng *rng)
{
    gr_status st = ai_sample(work, view, ai_rng_u64(rng));
    if (st != GR_OK)
        return st;
    for (int i = 0; i < pl->nunits; i++) {
        int s = pl->order[i], a = pick_arm(pl, s, rng);
        pl->pick[s] = (uint8_t)a;
        if (a > 0) /* a refusal leaves work as it was: the unit stays */
            (void)gr_game_apply(work, &pl->arm[s][a], NULL);
    }
    double v = ai_value(work, player, eval);
    for (int s = 0; s < pl->nunits; s++) {
        pl->visits[s][pl->pick[s]]++;
        pl->reward[s][pl->pick[s]] += v;
    }
    return GR_OK;
}

/* Runs the bandit within o's budget; returns the iterations run. */
static long run(mcts_plan *pl, gr_game *work, const gr_game *view, int player,
                const mcts_plan_opts *o, gr_rng *rng)
{
    double start = ai_now();
    long it = 0;
    for (;;) {
        if (play_once(pl, work, view, player, o->eval, rng) != GR_OK)
            break;
        it++;
        if (o->iterations > 0 && it >= o->iterations)
            break;
        if (o->seconds > 0 && (it & 15) == 0 && ai_now() - start >= o->seconds)
            break;
    }
    return it;
}

/* The plan from the bandit's statistics: each unit's best arm, in order,
 * then the ending option; played through on a determinization so that
 * what the rules refuse after the moves before it (a hex another unit
 * filled) and the units that stay are left out. */
static void settle(mcts_plan *pl, gr_game *work, const gr_game *view, int player, gr_rng *rng)
{
    pl->n = pl->next = 0;
    if (ai_sample(work, view, ai_rng_u64(rng)) != GR_OK)
        return;
    for (int i = 0; i < pl->nunits; i++) {
        int s = pl->order[i], a = best_arm(pl, s, 0);
        if (a > 0 && gr_game_apply(work, &pl->arm[s][a], NULL) == GR_OK)
            pl->act[pl->n++] = pl->arm[s][a];
    }
    if (pl->has_end && gr_game_apply(work, &pl->end, NULL) == GR_OK)
        pl->act[pl->n++] = pl->end;
    pl->player = player;
    pl->due = gr_game_step(view);
}

long mcts_plan_build(mcts_plan *pl, gr_game *work, gr_game *probe, const gr_game *view,
                     int player, const gr_action *legal, int n, double *score,
                     const mcts_plan_opts *o, gr_rng *rng)
{
    pl->n = pl->next = 0;
    int arms = o->arms < 2 ? 2 : o->arms > MCTS_PLAN_ARMS ? MCTS_PLAN_ARMS : o->arms;
    mcts_prune_opts so = {0, o->samples, o->eval};
    if (mcts_score_options(work, probe, view, player, legal, n, &so, rng, score) != GR_OK)
        return 0;
    group_options(pl, view, legal, n, score, arms);
    if (pl->nunits < 2)
        return 0;
    order_units(pl);
    for (int s = 0; s < pl->nunits; s++)
        for (int a = 0; a < pl->narms[s]; a++) {
            pl->visits[s][a] = 0;
            pl->reward[s][a] = 0;
        }
    long it = run(pl, work, view, player, o, rng);
    if (it > 0)
        settle(pl, work, view, player, rng);
    return it;
}

int mcts_plan_next(mcts_plan *pl, const gr_game *view, int player, const gr_action *legal,
                   int n, gr_action *out)
{
    if (pl->next < pl->n && pl->player == player && gr_game_step(view) == pl->due)
        for (int i = 0; i < n; i++)
            if (ai_action_equal(&legal[i], &pl->act[pl->next])) {
                *out = pl->act[pl->next++];
                pl->due++;
                return 1;
            }
    pl->n = pl->next = 0;
    return 0;
}
