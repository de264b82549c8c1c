/*
 * mcts.h — the search tree of the "mcts" agent (src/ai only): an arena of
 * nodes and edges allocated once when the agent is made, never during a
 * search.  Nodes stand for points of the game reached by a sequence of
 * actions (information-set MCTS: one tree for every determinization);
 * edges are the actions tried there, each with its player, visit and
 * availability counts and reward sum (from that player's side).
 */
#ifndef GR_AI_MCTS_H
#define GR_AI_MCTS_H

#include <stdint.h>

#include "grognard.h"

#define MCTS_NONE (-1)

typedef struct mcts_edge {
    gr_action action;  /* action.player is the edge's player            */
    int32_t next;      /* next edge of the same node                     */
    int32_t child;     /* node after it (single-chooser nodes), or NONE  */
    uint32_t visits;
    uint32_t avail;    /* iterations in which it was legal (ISMCTS UCB)  */
    double reward;     /* sum of the player's values in [0, 1]           */
    int32_t hint;      /* index in the legal list where last seen        */
    int32_t pad_;
} mcts_edge;

typedef struct mcts_node {
    int32_t first_edge;
    int32_t first_child; /* nodes after joint simultaneous choices      */
    int32_t next_sibling;
    uint32_t visits;
    uint64_t key;        /* the joint choice (edge ids) that leads here  */
} mcts_node;

typedef struct mcts_tree {
    mcts_node *node;
    mcts_edge *edge;
    int32_t nnodes, nedges, cap;
    int full;            /* an allocation was refused in this search     */
} mcts_tree;

/* Allocates room for `cap` nodes and `cap` edges.  GR_ERR_NOMEM on failure. */
gr_status mcts_tree_init(mcts_tree *t, int32_t cap);
void mcts_tree_free(mcts_tree *t);
/* Empties the tree and makes its root (node 0). */
void mcts_tree_reset(mcts_tree *t);
/* New node with `key`, or MCTS_NONE when the arena is full. */
int32_t mcts_node_new(mcts_tree *t, uint64_t key);
/* New edge of `node` for action a seen at legal index `hint`, or MCTS_NONE. */
int32_t mcts_edge_new(mcts_tree *t, int32_t node, const gr_action *a, int32_t hint);
/* The child of `node` reached by the joint choice `key`, made if missing
 * (*made set to 1).  MCTS_NONE when the arena is full. */
int32_t mcts_child_joint(mcts_tree *t, int32_t node, uint64_t key, int *made);
/* The child after single edge e, made if missing (*made set to 1). */
int32_t mcts_child_single(mcts_tree *t, int32_t e, int *made);

/* Selection knobs, from the agent parameters. */
typedef struct mcts_select_opts {
    double explore;  /* UCB exploration constant                          */
    double widen;    /* progressive widening: at most widen*sqrt(visits+1)
                        children per player; 0 = every legal action      */
    int candidates;  /* untried actions scored before one is added (the
                        best is taken); 0 or 1: one drawn uniformly      */
    /* One-ply score of action a for its player (higher is better). */
    double (*score)(void *ctx, const gr_action *a);
    void *score_ctx;
} mcts_select_opts;

/*
 * Chooses the edge of `player` at `node` given the actions legal now
 * (legal[0..n)): counts availability of the edges that are legal, then
 * either adds an untried action (while widening allows: uniformly drawn,
 * or the best by o->score of o->candidates drawn ones) or picks the legal
 * edge with the best UCB score.  `mark` is scratch of n
 * bytes.  Returns the edge id and sets *pick to the legal index of its
 * action; MCTS_NONE when the arena is full and no edge fits (then *pick is
 * a uniformly drawn legal index).
 */
int32_t mcts_select(mcts_tree *t, int32_t node, int player, const gr_action *legal, int n,
                    const mcts_select_opts *o, gr_rng *rng, uint8_t *mark, int *pick);

/*
 * Chooses the edge of `player` at `node` without listing the options, and
 * applies its action to `work` (the iteration's determinization): when
 * widening allows (o->widen 0: always; else while the player has fewer
 * than o->widen * sqrt(visits + 1) edges here), an action is drawn with
 * gr_game_sample (the best by o->score of o->candidates draws when
 * candidates > 1) and, when it is not an edge
 * yet, becomes one; otherwise (or when the draw was an edge already: the
 * node may hold all its options) the edge with the best UCB score is
 * applied, and when the rules refuse it in this determinization the next
 * best is tried (a refused edge is not counted as available; when none is
 * accepted, a drawn action is applied).  Returns the edge; MCTS_NONE when
 * the arena is full (a drawn action was applied off the tree); -3 when the
 * player has no option here (a leaf); -2 when the rules refused an action
 * gr_game_sample offered.
 */
int32_t mcts_select_sampled(mcts_tree *t, int32_t node, int player, gr_game *work,
                            const mcts_select_opts *o, gr_rng *rng);

/* Root pruning knobs, from the agent parameters. */
typedef struct mcts_prune_opts {
    int keep;     /* options kept; 0 = every option is searched          */
    int samples;  /* determinizations each option is scored on           */
    unsigned eval; /* GR_EVAL_* flags of the scores                      */
} mcts_prune_opts;

/*
 * When player's decision has more than o->keep options (legal[0..n)),
 * scores each one ply ahead (gr_game_evaluate_with o->eval for player after applying
 * it, summed over o->samples determinizations of view drawn from rng, the
 * same for every option), and reorders legal so that the o->keep best come
 * first (ties broken at random).  work and probe are scratch games made
 * for view (ai_work_prepare); score is scratch of n doubles.  Returns how
 * many options to search: o->keep, or n when nothing was pruned.
 * Allocation-free.
 */
int mcts_prune_root(gr_game *work, gr_game *probe, const gr_game *view, int player,
                    gr_action *legal, int n, const mcts_prune_opts *o, gr_rng *rng,
                    double *score);

/* The scores mcts_prune_root ranks by: score[i] is the sum over o->samples
 * determinizations of view (drawn from rng, the same for every option) of
 * player's value one ply after legal[i] (0 where the rules refuse it).
 * o->keep is not used.  Allocation-free; an error only if a
 * determinization fails. */
gr_status mcts_score_options(gr_game *work, gr_game *probe, const gr_game *view, int player,
                             const gr_action *legal, int n, const mcts_prune_opts *o,
                             gr_rng *rng, double *score);

#endif
