/*
 * cands.h — what legal.c (the candidate list, vf_legal) shares with
 * sample.c (the random draws, vf_sample): the candidate buffer and the
 * generators a draw runs.  Private to those two files: include vf.h first.
 */
#ifndef GR_VF_CANDS_H
#define GR_VF_CANDS_H

#define MAX_PER_UNIT 48

typedef struct cands {
    const gr_game *g;
    int player;
    gr_action *out;
    int cap, n;
    gr_action unit_seen[MAX_PER_UNIT]; /* this unit's candidates (dedupe)   */
    int nseen;
    /* vf_sample's proposals (NULL for vf_legal): offer() then keeps a move
     * unchecked, flagged PROPOSE_CHECK, and the members of a chain (the
     * first legal one of them is the candidate) also PROPOSE_CHAIN */
    uint8_t *flags;
    uint8_t chain; /* PROPOSE_CHAIN while offering a chain, else 0       */
    uint8_t chain_first; /* the next offer starts a chain                   */
    uint32_t only; /* bit per action kind kept (Breakthrough), 0: all kinds */
} cands;

enum { PROPOSE_CHECK = 1, PROPOSE_CHAIN = 2, PROPOSE_FIRST = 4 /* a chain's first member */,
       PROPOSE_LAZY = 8 /* a generator (arg[1]) of unit arg[0], run when drawn */ };
enum { LAZY_FIRE = 1, LAZY_SUPPORT = 2 };

/* The move, retreat, assault or double move `a` is legal. */
int vf_cand_move_ok(const gr_game *g, const gr_action *a);
/* Unit u's candidates (hold, moves, fire and support positions, reforms,
 * retreats, assaults, rally, double move, occupying): checked into c->out,
 * or (c->flags) as proposals checked only when drawn. */
void vf_cand_unit(cands *c, int u);
/* Fire at target t: every unit that may fire at it, with up to 3 supporters. */
void vf_cand_fire_target(cands *c, int t);
/* Unit u's fire positions and support positions (legal.c), checked. */
void vf_cand_fire_positions(cands *c, int u, const vf_layout *at, int32_t allow);
void vf_cand_support_positions(cands *c, int u, const vf_layout *at);

#endif
