/*
 * activation.h — the brigade activation, messengers and leaders (vf:6) part of the vf module.  Part of vf.h, which includes it
 * in place: include vf.h, not this file.
 */
#ifndef GR_VF_ACTIVATION_H
#define GR_VF_ACTIVATION_H

/* ------------------------------------------------------------------ activation/ */

/* The action phase opens: no brigade chosen, nothing acted (6.0-a). */
void vf_action_open(gr_game *g);
/* Runs the action phase's automatic steps (a brigade with no unit left to
 * act goes on to its leader, a leader off the table is skipped, the phase
 * ends after the army leader) until a decision is due. */
void vf_action_advance(gr_game *g);
/* The decision the action phase waits for (enum vf_decision). */
int vf_action_decision(const vf_state *st);
/* May unit u of `player` take an action now?  GR_OK or a refusal citing
 * vf:6.2-a (not his, not on the table, brigade not activated) or vf:6.2-b
 * (already acted). */
gr_status vf_actor_check(const gr_game *g, int u, int player, gr_error *why);
/* `activate`, `place`, `next` (activation/brigade.c, activation/leader.c). */
gr_status vf_activate_apply(gr_game *g, const gr_action *a, gr_error *why);
gr_status vf_place_apply(gr_game *g, const gr_action *a, gr_error *why);
gr_status vf_next_apply(gr_game *g, const gr_action *a, gr_error *why);
/* Setup line `activate B`: brigade b is chosen and activated now, as
 * after a passed test. */
void vf_activate_now(gr_game *g, int b);
/* Messenger test before unit u carries out an action (vf:6.2.2): returns 1
 * when the unit may act (no test needed, or passed); 0 when it failed (the
 * unit remains stationary and has acted).  Rolls and emits. */
int vf_messenger(gr_game *g, int u);
/* Non-zero when unit u needs a messenger test (vf:6.2.2-a). */
int vf_messenger_needed(const gr_game *g, int u);
/* Enemy leaders unit u now stands on are displaced (vf:6.3.2-d): each
 * goes along the line to the closest figure of the nearest unit of its
 * side, to the first spot within 6" of it that overlaps nothing (events
 * leader-moved); one with no such spot leaves the table. */
void vf_displace_leaders(gr_game *g, int u);
/* Unit u has just entered as a reinforcement (11.0) from point `from` (the
 * middle of its arrival segment): its brigade leader, when the scenario
 * leaves it off the table (data brief U15: it arrives with its brigade),
 * enters with it, at the first spot along the line from `from` to u's
 * first figure within 6" of u that overlaps no base (event leader-moved). */
void vf_leader_enters(gr_game *g, int u, gr_pt from);
/* The leader's base (1.3; leaders stand square to the table). */
gr_base vf_leader_base(const gr_game *g, int l);
/* `occupy by=P unit=L piece=K` for leader l (T.3.1, T.3.2-a): instead of
 * its leader move, less than 3" from defensible piece k, no enemy unit or
 * enemy leader inside (T.3.1-b); its base then stands at the piece's
 * centre.  GR_OK (the leader's turn is over) or a refusal. */
gr_status vf_leader_occupy(gr_game *g, const gr_action *a, int l, int k, gr_error *why);
/* Is placing leader l at (x, y) legal (vf:6.8-c)?  GR_OK or a refusal. */
gr_status vf_place_check(const gr_game *g, int l, gr_pt at, gr_error *why);

#endif
