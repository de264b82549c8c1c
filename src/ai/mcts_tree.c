/* mcts_tree.c — the node/edge arena and UCB selection with availability
 * counts (information-set MCTS); see mcts.h. */
#include "mcts.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "search.h"

gr_status mcts_tree_init(mcts_tree *t, int32_t cap)
{
    memset(t, 0, sizeof *t);
    t->node = malloc(sizeof *t->node * (size_t)cap);
    t->edge = malloc(sizeof *t->edge * (size_t)cap);
    if (!t->node || !t->edge) {
        mcts_tree_free(t);
        return GR_ERR_NOMEM;
    }
    t->cap = cap;
    return GR_OK;
}

void mcts_tree_free(mcts_tree *t)
{
    free(t->node);
    free(t->edge);
    memset(t, 0, sizeof *t);
}

void mcts_tree_reset(mcts_tree *t)
{
    t->nnodes = t->nedges = 0;
    t->full = 0;
    mcts_node_new(t, 0);
}

int32_t mcts_node_new(mcts_tree *t, uint64_t key)
{
    if (t->nnodes >= t->cap) {
        t->full = 1;
        return MCTS_NONE;
    }
    mcts_node *n = &t->node[t->nnodes];
    *n = (mcts_node){MCTS_NONE, MCTS_NONE, MCTS_NONE, 0, key};
    return t->nnodes++;
}

int32_t mcts_edge_new(mcts_tree *t, int32_t node, const gr_action *a, int32_t hint)
{
    if (t->nedges >= t->cap) {
        t->full = 1;
        return MCTS_NONE;
    }
    int32_t id = t->nedges++;
    mcts_edge *e = &t->edge[id];
    memset(e, 0, sizeof *e);
    e->action = *a;
    e->child = MCTS_NONE;
    e->hint = hint;
    e->next = t->node[node].first_edge;
    t->node[node].first_edge = id;
    return id;
}

int32_t mcts_child_joint(mcts_tree *t, int32_t node, uint64_t key, int *made)
{
    for (int32_t c = t->node[node].first_child; c != MCTS_NONE; c = t->node[c].next_sibling)
        if (t->node[c].key == key)
            return c;
    int32_t c = mcts_node_new(t, key);
    if (c == MCTS_NONE)
        return MCTS_NONE;
    t->node[c].next_sibling = t->node[node].first_child;
    t->node[node].first_child = c;
    *made = 1;
    return c;
}

int32_t mcts_child_single(mcts_tree *t, int32_t e, int *made)
{
    if (t->edge[e].child != MCTS_NONE)
        return t->edge[e].child;
    int32_t c = mcts_node_new(t, (uint64_t)e);
    if (c != MCTS_NONE) {
        t->edge[e].child = c;
        *made = 1;
    }
    return c;
}

/* Legal index of e's action: its hint when the list did not change there
 * (edges made from drawn actions have none: -1), else a scan; -1 when the
 * action is not legal now. */
static int find_legal(mcts_edge *e, const gr_action *legal, int n)
{
    if (e->hint >= 0 && e->hint < n && ai_action_equal(&legal[e->hint], &e->action))
        return e->hint;
    for (int i = 0; i < n; i++)
        if (ai_action_equal(&legal[i], &e->action)) {
            e->hint = i;
            return i;
        }
    return -1;
}

static double ucb(const mcts_edge *e, double explore)
{
    if (e->visits == 0)
        return 1e9;
    double mean = e->reward / e->visits;
    return mean + explore * sqrt(log((double)e->avail) / e->visits);
}

/* The k-th legal index not marked. */
static int kth_unmarked(const uint8_t *mark, int n, uint32_t k)
{
    for (int i = 0; i < n; i++)
        if (!mark[i] && k-- == 0)
            return i;
    return n - 1;
}

/* Marks the legal edges of player, counts their availability; returns how
 * many there are and the best by UCB in *best. */
static int mark_available(mcts_tree *t, int32_t node, int player, const gr_action *legal, int n,
                          double explore, uint8_t *mark, int32_t *best)
{
    int matched = 0;
    double best_score = -1;
    *best = MCTS_NONE;
    for (int32_t id = t->node[node].first_edge; id != MCTS_NONE; id = t->edge[id].next) {
        mcts_edge *e = &t->edge[id];
        if (e->action.player != player)
            continue;
        int i = find_legal(e, legal, n);
        if (i < 0 || mark[i])
            continue;
        mark[i] = 1;
        matched++;
        e->avail++;
        double s = ucb(e, explore);
        if (s > best_score) {
            best_score = s;
            *best = id;
        }
    }
    return matched;
}

/* The untried legal index to add: one drawn uniformly, or the best scored
 * of o->candidates drawn (without replacement; drawn ones are marked 2). */
static int untried_pick(const gr_action *legal, int n, int untried, const mcts_select_opts *o,
                        gr_rng *rng, uint8_t *mark)
{
    int k = o->candidates > 1 && o->score ? o->candidates : 1;
    int best = -1;
    double best_score = 0;
    for (int c = 0; c < k && untried > 0; c++, untried--) {
        int i = kth_unmarked(mark, n, gr_rng_below(rng, (uint32_t)untried));
        mark[i] = 2;
        double s = k > 1 ? o->score(o->score_ctx, &legal[i]) : 0;
        if (best < 0 || s > best_score) {
            best = i;
            best_score = s;
        }
    }
    return best;
}

int32_t mcts_select(mcts_tree *t, int32_t node, int player, const gr_action *legal, int n,
                    const mcts_select_opts *o, gr_rng *rng, uint8_t *mark, int *pick)
{
    memset(mark, 0, (size_t)n);
    int32_t best;
    int matched = mark_available(t, node, player, legal, n, o->explore, mark, &best);
    int untried = n - matched;
    double allowed = o->widen > 0 ? o->widen * sqrt(t->node[node].visits + 1.0) : 1e18;
    if (untried > 0 && (matched < allowed || best == MCTS_NONE)) {
        int i = untried_pick(legal, n, untried, o, rng, mark);
        int32_t e = mcts_edge_new(t, node, &legal[i], i);
        if (e != MCTS_NONE) {
            t->edge[e].avail = 1;
            *pick = i;
            return e;
        }
        if (best == MCTS_NONE) {
            *pick = i;
            return MCTS_NONE;
        }
    }
    *pick = t->edge[best].hint;
    return best;
}
