/*
 * combat.h — the combat phase (vf:7, 8) part of the vf module.  Part of vf.h, which includes it
 * in place: include vf.h, not this file.
 */
#ifndef GR_VF_COMBAT_H
#define GR_VF_COMBAT_H

/* ------------------------------------------------------------------ combat/ */

/* The combat phase of the active side opens (vf:7.0): targets cleared;
 * it passes at once when no active unit is in contact with an enemy. */
void vf_combat_open(gr_game *g);
/* The Square cavalry test of the combat phase's start (SR-Square-g,
 * SR-CompactFormation-c; combat/square.c): cavalry touching enemy squares
 * rolls, and may take a casualty and be made to retreat. */
void vf_square_tests(gr_game *g);
/* Impetuous (combat/impetuous.c): after main attacker m's combat against
 * t (won: m won it), a follow-up becomes due, or a second combat's winner
 * loses its retreat (SR-Impetuous-a/c). */
void vf_impetuous_after(gr_game *g, int m, int t, int won);
/* The unit whose follow-up assault is due, or -1. */
int vf_impetuous_due(const gr_game *g);
/* 1 when a follow-up assault is due and has a legal option; a due
 * follow-up with none lapses (cleared). */
int vf_impetuous_pending(gr_game *g);
/* The follow-up assaults the engine finds for unit u (up to cap into out,
 * out may be NULL); their count. */
int vf_impetuous_candidates(const gr_game *g, int u, gr_action *out, int cap);
/* The follow-up `assault`; then the second combat is fought at once. */
gr_status vf_impetuous_apply(gr_game *g, const gr_action *a, gr_error *why);
/* Hit and Run (combat/hitrun.c, SR-HitAndRun-a): `fight` of target t by
 * main attacker m, `declare` when hitrun=yes: the declaring unit (m, or t
 * when its owner was asked) rolls instead of fighting and must retreat;
 * no declaration fights the combat, after asking t's owner first when t
 * has the rule.  GR_OK or a refusal citing the rule. */
gr_status vf_hitrun_fight(gr_game *g, int m, int t, int declare, gr_error *why);
/* The target whose owner is asked about Hit and Run now, or -1. */
int vf_hitrun_asked(const gr_game *g);
/* Runs the combat phase's automatic steps until a decision is due; at its
 * end the end-of-phase step and the end of the turn. */
void vf_combat_advance(gr_game *g);
/* The decision the combat phase waits for (enum vf_decision) and who
 * decides (a player index). */
int vf_combat_decision(const gr_game *g, int *player);
/* `target`, `fight`, `retreat`, `stay` in the combat phase. */
gr_status vf_combat_apply(gr_game *g, const gr_action *a, gr_error *why);
/* Candidates of the combat phase for `player`. */
int vf_combat_legal(const gr_game *g, int player, gr_action *out, int cap);
/* Legal retreats the engine finds for unit u (7.2.5; straight back and
 * about-faced, whole and part of its move distance), written to out (up
 * to cap) as `retreat` actions; returns how many. */
int vf_retreat_candidates(const gr_game *g, int u, gr_action *out, int cap);
/* May unit u of `player` choose t as its target now (vf:7.0-b, 7.1-a,
 * 7.1-d)?  GR_OK or a refusal citing the rule. */
gr_status vf_target_check(const gr_game *g, int player, int u, int t, gr_error *why);
/* The unit that must or may retreat now (7.2.5), or -1. */
int vf_retreat_due(const gr_game *g);
/* The combat of target t, fought now by its main attacker (7.2). */
void vf_fight(gr_game *g, int t);
/* The combat waiting on a reaction window goes on (fate/react.c): `extra`
 * hits from Deadly Attack's re-rolls (HITS window), or after the valour
 * test of vf_fight_waiting_unit was decided (VALOUR window).  Returns 1
 * when it waits again. */
int vf_fight_resume(gr_game *g, int extra);
/* The unit whose failed valour test the waiting combat holds. */
int vf_fight_waiting_unit(const gr_game *g);
/* Modified Combat value of unit x fighting unit y (8.1, 8.2.2, 8.2.3):
 * `support` is the combat supporters' bonus, `brigade` 1 with brigade
 * support. */
int vf_combat_value(const gr_game *g, int x, int y, int support, int brigade);
/* The end of the turn: objective control (2.1.1), the game-end check
 * (10.0), else the other side's turn (flow.c). */
void vf_end_turn(gr_game *g);

#endif
