/*
 * move.h — the movement phase as the rest of the module sees it (GR7-GR9,
 * SR4.7 reinforcements, SR4.9 covered way, SR4.10 sorties, HS-sr1): phase
 * hooks, legal/apply of the movement decisions, sampling and the rules
 * scratch.  Internals (position facts, searches) are in mvint.h.
 */
#ifndef ARW_MOVE_H
#define ARW_MOVE_H

#include "../state.h"

/* ------------------------------------------------------------------ movement.c
 * The movement phase's interface with flow.c and ops.c. */

/* Movement phase entry (GR9): sets the stage (ARW_ST_MOVEMENT...) or ends
 * the phase. */
void arw_movement_begin(gr_game *g);
/* Pending decision while the stage is a movement stage. */
void arw_movement_pending(const gr_game *g, gr_pending *out);
/* Automatic step of a movement stage; returns 1 when it moved on. */
int arw_movement_auto(gr_game *g);
int arw_movement_legal(const gr_game *g, int side, gr_action *out, int cap);
/* Non-zero when the movement stage certainly offers two actions or more
 * (two moves found without a search); 0: not known, ask the list. */
int arw_movement_several(const gr_game *g);
/* arw_movement_legal that may stop once more than cap actions are found. */
int arw_movement_legal_upto(const gr_game *g, int side, gr_action *out, int cap);
/* gr_game_sample for the movement stage (mvsample.c): a unit that can move
 * (or end-movement when legal), uniformly, then one of its destinations,
 * uniformly.  Returns 1 (*out set) or -1 (no legal action). */
int arw_movement_sample(const gr_game *g, int side, gr_rng *rng, gr_action *out);
gr_status arw_movement_check(const gr_game *g, const gr_action *a, gr_error *err);
/* A `move` checked and carried out with one search per way (what
 * arw_movement_check then arw_movement_exec do); on refusal nothing
 * changed. */
gr_status arw_movement_move(gr_game *g, const gr_action *a, gr_error *err);
void arw_movement_exec(gr_game *g, const gr_action *a);

/* Consistency of the movement state: the mover, its ways, the stage's
 * reason to be (movement.c; called by sanity.c). */
gr_status arw_movement_sanity(const gr_game *g, gr_error *err);
/* Reinforcement phase entry (GR9.61-a, SR4.7; reinforce.c). */
void arw_reinforce_begin(gr_game *g);
/* Non-zero when hex h may be over the stacking limit now: reinforcements
 * in their entry hex until the end of movement (GR9.61-a), or while the
 * owner is bringing it back (GR7.3-a; stacking.c, for sanity). */
int arw_stack_tolerated(const gr_game *g, int h);
/* HS-sr1: the defending artillery of close combat k has been attacked and
 * may move from now on (movement.c; called at Step 1). */
void arw_hs_artillery_attacked(gr_game *g, int k);
/* The "reach UNIT [HEX]" movement what-if query (mvquery.c). */
gr_status arw_reach_query(const gr_game *g, char **w, int n, char *buf, size_t size,
                          gr_error *err);
/* The "movement" query: the mover, its spent MP and open ways, PIN option
 * B, the units that have moved (mvquery.c). */
gr_status arw_movement_query(const gr_game *g, char *buf, size_t size, gr_error *err);

#endif
