/* turn.h — the sequence of play (turn/): Phase A orders, Phases B-D
 * (cup, activations), Phase E (rout moves, demoralisation), Phase F
 * (victory, next turn).  Included by jdg.h. */
#ifndef JDG_TURN_H
#define JDG_TURN_H

/* ------------------------------------------------------------------ orders.c (Phase A, R2.3) */

/* Recomputes the tactical groups of every formation on the map [R1-A1,
 * R2.3.1] and which are eligible for orders [R2.3.2-b]; clears orders. */
void jdg_groups_compute(gr_game *g);
/* Order capacity of a side (its living C-in-Cs) [R2.3.2-a]. */
int jdg_order_capacity(const jdg_data *d, const jdg_state *s, int side);
/* Group index led by unit `leader`, or -1. */
int jdg_group_of_leader(const jdg_state *s, int leader);
/* Legal "orders" actions of player p. */
int jdg_orders_legal(const gr_game *g, int p, gr_action *out, int cap);
gr_status jdg_orders_apply(gr_game *g, const gr_action *a, gr_error *why);
/* Non-zero when a unit of group `gi` is within command range of a living
 * C-in-C of its side; *drm gets the best such C-in-C's DRM. */
int jdg_group_in_range(const jdg_data *d, const jdg_state *s, int gi, int *drm);

/* ------------------------------------------------------------------ cup.c (Phases B-D, R1, R3) */

/* Starts turn s->turn at Phase A. */
void jdg_turn_start(gr_game *g);
/* Phase B after both players have given orders. */
void jdg_phase_b(gr_game *g);
int jdg_pick_legal(const gr_game *g, int p, gr_action *out, int cap);
gr_status jdg_pick_apply(gr_game *g, const gr_action *a, gr_error *why);
/* Ends the current activation and continues Phase D (next draw, or end). */
void jdg_activation_done(gr_game *g);
/* Number of markers in the cup. */
int jdg_cup_count(const jdg_state *s);
/* Non-zero when marker m would go into the cup this turn [R1-C1]. */
int jdg_marker_due(const jdg_data *d, const jdg_state *s, int m);

/* ----------------------------------------------------- phase_e.c, victory.c (R1-E, R1-F) */

/* Starts Phase E after Phase D: rout moves, demoralisation, then Phase F. */
void jdg_phase_e(gr_game *g);
/* The side making its rout moves now in Phase E [AMB-30]. */
int jdg_phase_e_side(const jdg_state *s);
/* Phase E choices of player p (rout-unit, rout-stay) and their application
 * (also the rout-move and C-in-C contact decisions they bring). */
int jdg_phase_e_legal(const gr_game *g, int p, gr_action *out, int cap);
gr_status jdg_phase_e_apply(gr_game *g, const gr_action *a, gr_error *why);
/* Marks formation f demoralised (its higher-initiative MA removed for the
 * next turn) or recovered [R11.2-c..e]; emits the event. */
void jdg_set_demoralised(gr_game *g, int f, int on);
/* Phase F: automatic victory, end of the game, or the next turn. */
void jdg_phase_f(gr_game *g);
/* VP hexes: control at the start; after an action, the side of the last
 * non-routed unit in each. */
void jdg_control_init(gr_game *g);
void jdg_control_update(gr_game *g);
/* Victory points of side p now [R13.2]. */
int jdg_vp(const jdg_data *d, const jdg_state *s, int p);
/* gr_rules.score: player 0's VP minus player 1's [R13.2], in hundredths;
 * the game turn. */
void jdg_score(const gr_game *g, int32_t *margin, int32_t *turn);
/* Winner of a game over (player, or -1 for a draw). */
int jdg_winner(const jdg_state *s);
/* Static evaluation for player in [-950, 950], from the public position
 * only (turn/evaluate.c; gr_rules.evaluate's contract). */
int32_t jdg_evaluate(const gr_game *g, int player, unsigned flags);

/* ---------------------------------------------------- activation.c (R1-D2, R1-D3, R2.4) */

/* Starts the activation of marker m (picked or drawn). */
void jdg_activate(gr_game *g, int m, int how);
int jdg_activation_legal(const gr_game *g, int p, gr_action *out, int cap);
gr_status jdg_activation_apply(gr_game *g, const gr_action *a, gr_error *why);
/* Player who owns the activation in progress. */
int jdg_active_player(const gr_game *g);

#endif
