/*
 * mcts_sample.c — selection at the tree nodes whose options are not
 * listed (see mcts.h, mcts_select_sampled): progressive widening with
 * actions drawn by gr_game_sample, and UCB among the edges already made,
 * applied optimistically (an edge the rules refuse in this determinization
 * is skipped and not counted as available).
 */
#include "mcts.h"

#include <math.h>

#include "search.h"

/* Edges of `player` at `node` that are refused in this iteration, at most. */
#define MCTS_REFUSED_MAX 16

/* The edge of player at node whose action is a, or MCTS_NONE. */
static int32_t edge_of(const mcts_tree *t, int32_t node, int player, const gr_action *a)
{
    for (int32_t id = t->node[node].first_edge; id != MCTS_NONE; id = t->edge[id].next)
        if (t->edge[id].action.player == player && ai_action_equal(&t->edge[id].action, a))
            return id;
    return MCTS_NONE;
}

/* A drawn action of player (the best by o->score of o->candidates draws
 * when candidates > 1).  GR_ERR_STATE when player has no option. */
static gr_status draw_action(const gr_game *work, int player, const mcts_select_opts *o,
                             gr_rng *rng, gr_action *out)
{
    int k = o->candidates > 1 && o->score ? o->candidates : 1;
    double best_score = 0;
    for (int c = 0; c < k; c++) {
        gr_action a;
        gr_status st = gr_game_sample(work, player, rng, &a);
        if (st != GR_OK)
            return st;
        double s = k > 1 ? o->score(o->score_ctx, &a) : 0;
        if (c == 0 || s > best_score) {
            *out = a;
            best_score = s;
        }
    }
    return GR_OK;
}

static int refused_has(const int32_t *refused, int nrefused, int32_t id)
{
    for (int i = 0; i < nrefused; i++)
        if (refused[i] == id)
            return 1;
    return 0;
}

/* Counts the edges of player at node (all taken as available: their avail
 * counts grow) and returns the best by UCB not in refused[]. */
static int32_t best_edge(mcts_tree *t, int32_t node, int player, double explore,
                         const int32_t *refused, int nrefused, int count, int *nedges)
{
    int32_t best = MCTS_NONE;
    double best_score = -1;
    *nedges = 0;
    for (int32_t id = t->node[node].first_edge; id != MCTS_NONE; id = t->edge[id].next) {
        mcts_edge *e = &t->edge[id];
        if (e->action.player != player)
            continue;
        ++*nedges;
        if (count)
            e->avail++;
        if (refused_has(refused, nrefused, id))
            continue;
        double s = e->visits == 0 ? 1e9
                                  : e->reward / e->visits +
                                        explore * sqrt(log((double)e->avail) / e->visits);
        if (s > best_score) {
            best_score = s;
            best = id;
        }
    }
    return best;
}

/* Result of try_widen and apply_best: nothing was applied. */
#define MCTS_NOTHING (-4)

/* Applies drawn action a and returns its edge: e (its edge at node, or
 * MCTS_NONE when it has none yet: then one is added; MCTS_NONE also when
 * the arena is full, the action applied off the tree); -2 when the rules
 * refuse what they offered. */
static int32_t apply_drawn(mcts_tree *t, int32_t node, gr_game *work, const gr_action *a,
                           int32_t e)
{
    if (gr_game_apply(work, a, NULL) != GR_OK)
        return -2;
    if (e != MCTS_NONE) {
        t->edge[e].avail++;
        return e;
    }
    e = mcts_edge_new(t, node, a, -1);
    if (e != MCTS_NONE)
        t->edge[e].avail = 1;
    return e;
}

/* Draws an action and applies it as an edge (added when new).  Returns as
 * apply_drawn; -3 when player has no option. */
static int32_t draw_and_apply(mcts_tree *t, int32_t node, int player, gr_game *work,
                              const mcts_select_opts *o, gr_rng *rng)
{
    gr_action a;
    if (draw_action(work, player, o, rng, &a) != GR_OK)
        return -3;
    return apply_drawn(t, node, work, &a, edge_of(t, node, player, &a));
}

/* Draws an action: when it is not an edge here yet, adds it and applies it
 * (returns as draw_and_apply); when it is, applies nothing and returns
 * MCTS_NOTHING (the node may have all its options already: the edges are
 * then chosen by UCB, not by the draw). */
static int32_t try_widen(mcts_tree *t, int32_t node, int player, gr_game *work,
                         const mcts_select_opts *o, gr_rng *rng)
{
    gr_action a;
    if (draw_action(work, player, o, rng, &a) != GR_OK)
        return -3;
    if (edge_of(t, node, player, &a) != MCTS_NONE)
        return MCTS_NOTHING;
    return apply_drawn(t, node, work, &a, MCTS_NONE);
}

/* Applies the edge of player at node with the best UCB score that the
 * rules accept in this determinization (refused ones are not counted as
 * available); MCTS_NOTHING when none was accepted. */
static int32_t apply_best(mcts_tree *t, int32_t node, int player, gr_game *work, double explore)
{
    int32_t refused[MCTS_REFUSED_MAX];
    int nrefused = 0, nedges;
    int32_t best = best_edge(t, node, player, explore, NULL, 0, 1, &nedges);
    while (best != MCTS_NONE) {
        if (gr_game_apply(work, &t->edge[best].action, NULL) == GR_OK)
            return best;
        t->edge[best].avail--; /* not legal in this determinization */
        if (nrefused == MCTS_REFUSED_MAX)
            break;
        refused[nrefused++] = best;
        best = best_edge(t, node, player, explore, refused, nrefused, 0, &nedges);
    }
    return MCTS_NOTHING;
}

/* Number of edges of player at node. */
static int edges_of(const mcts_tree *t, int32_t node, int player)
{
    int n = 0;
    for (int32_t id = t->node[node].first_edge; id != MCTS_NONE; id = t->edge[id].next)
        n += t->edge[id].action.player == player;
    return n;
}

int32_t mcts_select_sampled(mcts_tree *t, int32_t node, int player, gr_game *work,
                            const mcts_select_opts *o, gr_rng *rng)
{
    int nedges = edges_of(t, node, player);
    double allowed = o->widen > 0 ? o->widen * sqrt(t->node[node].visits + 1.0) : 1e18;
    int32_t e = MCTS_NOTHING;
    if (nedges == 0 || nedges < allowed)
        e = try_widen(t, node, player, work, o, rng);
    if (e == MCTS_NOTHING && nedges > 0)
        e = apply_best(t, node, player, work, o->explore);
    return e != MCTS_NOTHING ? e : draw_and_apply(t, node, player, work, o, rng);
}
