/*
 * frame.h — the frame every group runs in: the phase machine and its run
 * loop (flow.c), the resolution context (rctx.c), initiative
 * (initiative.c), the ops table's hooks (ops.c) and the text helpers
 * (text.c).  What the other groups may call.
 */
#ifndef ARW_FRAME_H
#define ARW_FRAME_H

#include "../state.h"

/* ------------------------------------------------------------------ flow.c */

/* Starts phase `ph` of the current player turn (call arw_run afterwards). */
void arw_phase_begin(gr_game *g, int ph);
/* Runs phase `ph`'s entry hook (arw_phase_begin does, after the phase event
 * and the cards' play window at the start of the phase). */
void arw_phase_enter(gr_game *g, int ph);
/* Runs automatic steps until a decision or the end of the game. */
void arw_run(gr_game *g);
/* The rules scratch (mvscratch.c): its size for a scenario; busy: the
 * state is about to change, keep no facts until idle; keep: the facts last
 * built (arw_movement_several) are those of the position the state keeps
 * (arw_run is returning). */
size_t arw_scratch_size(const void *sdata);
void arw_scratch_busy(const gr_game *g);
/* The declaration context's place in the scratch (declare.c, room for
 * arw_declare_scratch_size bytes, 16-aligned); *kept: it holds the
 * context of the state as it stands. */
void *arw_scratch_decl(const gr_game *g, int *kept);
/* A context was just built there for the state as it stands: kept unless
 * the state is changing; keep: the context last built is that of the
 * position the state keeps (arw_run is returning). */
void arw_scratch_decl_built(const gr_game *g);
void arw_scratch_decl_keep(const gr_game *g);
/* The top task's candidates kept in the scratch (tasks.c): their number,
 * into out ([ARW_MAX_UNITS]), or -1 when none are kept for the state as it
 * stands.  put: candidates just worked out for the state as it stands,
 * kept at once unless the state is changing (then pending); forget: none
 * kept; keep: the pending ones are the final position's (arw_run is
 * returning). */
int arw_scratch_tasks_get(const gr_game *g, int *out);
void arw_scratch_tasks_put(const gr_game *g, const int *cand, int n);
void arw_scratch_tasks_forget(const gr_game *g);
void arw_scratch_tasks_keep(const gr_game *g);
void arw_scratch_idle(const gr_game *g);
void arw_scratch_keep(const gr_game *g);
/* Ends the game with `outcome`, won by `winner` (-1 draw). */
void arw_game_over(gr_game *g, int outcome, int winner);
/* Who decides now and what (ARW_D_*); 0 players when the game is over. */
void arw_pending(const gr_game *g, gr_pending *out);
/* Applies an action already validated (no checks; flow continues in arw_run). */
void arw_exec(gr_game *g, const gr_action *a);
/* Ends the current phase: the run loop moves on to the next phase of the
 * sequence (every phase's hooks call it when their phase is over). */
void arw_phase_end(gr_game *g);
/* Sets this game turn's player order from the scenario (B.4); for a rolled
 * turn, initiative holder first. */
void arw_turn_order(gr_game *g);
/* Positions the clock in the player turn of side `active` of the current
 * turn (opening position, setup "phase" lines). */
void arw_start_player_turn(gr_game *g, int active);
/* Restarts the game at its opening position's clock (turn, phase, active;
 * setup lines before the first action) and runs it forward. */
void arw_restart_opening(gr_game *g);
/* Segment (ARW_SEG_*) and index of phase `ph` in the scenario sequence;
 * returns -1 when the scenario does not schedule it. */
int arw_seq_find(const arw_data *d, int ph, int *index);

/* ------------------------------------------------------------------ rctx.c */

/* Opens a resolution context of `kind` (ARW_RC_*) with the army of each
 * side (british_army, allied_army) and snapshots every army's morale level
 * (GR16.24-a). */
void arw_rctx_begin(gr_game *g, int kind, int british_army, int allied_army);
/* Closes it (kind ARW_RC_NONE: levels are read live again). */
void arw_rctx_end(gr_game *g);
/* Morale level of `army` for checks now: the snapshot inside a resolution
 * context, else the current level. */
int arw_rctx_level(const gr_game *g, int army);

/* ------------------------------------------------------------------ initiative.c */

/* Initiative phase entry (GR6): fixed order turns end it at once. */
void arw_initiative_begin(gr_game *g);
/* Decision of the initiative stage and who makes it. */
int arw_initiative_decision(const gr_game *g, int *side);
gr_status arw_initiative_check(const gr_game *g, const gr_action *a, gr_error *err);
void arw_initiative_exec(gr_game *g, const gr_action *a);
int arw_initiative_legal(const gr_game *g, int side, gr_action *out, int cap);


/* ------------------------------------------------------------------ ops.c */

/* Legal actions of `side` now (gr_rules.legal). */
int arw_legal(const gr_game *g, int side, gr_action *out, int cap);
/* Like arw_legal, except that it may stop counting past cap (it then
 * returns a number > cap): for "is there exactly one?" (flow.c). */
int arw_legal_upto(const gr_game *g, int side, gr_action *out, int cap);
/* Appends one action of `kind` by `side` with arguments a0, a1 (as many as
 * the kind has fields) to out[cap] (out may be NULL to count), counting in
 * *n: the builder of every legal-action list. */
void arw_put_action(gr_action *out, int cap, int *n, int side, int kind, int a0, int a1);
/* Validates an action without changing anything. */
gr_status arw_check(const gr_game *g, const gr_action *a, gr_error *err);


/* ------------------------------------------------------------------ text.c */

/* Reads the whole of s as a decimal integer in lo..hi into *out; 0 if not.
 * For the edit, setup and query lines. */
int arw_parse_int(const char *s, int lo, int hi, int *out);
/* A GR_ERR_PARSE refusal of a setup or edit line, saying `what` is wanted. */
gr_status arw_parse_fail(gr_error *err, const char *what);
/* Unit index of a unit id, or -1. */
int arw_unit_find(const void *sdata, const char *id);
const char *arw_unit_name(const void *sdata, int u);
int arw_hex_label_cb(const void *sdata, int hex, char *buf, size_t size);
int arw_hex_find(const void *sdata, const char *label);
/* Emits a system event with int arguments (visible to all). */
void arw_emit(gr_game *g, int ev, int nargs, ...);

#endif
