/*
 * terrain.h — terrain pieces (vf:T.0-T.3): kinds, sight through obstacles,
 * cover, barriers, defensible terrain, path costs.  Part of vf.h, which
 * includes it in place: include vf.h, not this file.
 */
#ifndef GR_VF_TERRAIN_H
#define GR_VF_TERRAIN_H

/* ------------------------------------------------------------------ terrain.c */

extern const char *const vf_terrain_kinds[];
/* The kind blocks lines of sight (T.2.5, T.3-a). */
int vf_terrain_obstacle(int kind);
/* The kind cannot be entered (T.2.4-a; T.3-c while occupation is not implemented). */
int vf_terrain_closed(int kind);
/* The rule a move into a closed piece of that kind breaks. */
const char *vf_terrain_rule(int kind);
/* The sight line s from base `from` to base `to` crosses no obstacle
 * (T.2.5-a), obstacles touched by either base excepted (T.2.5-b). */
int vf_terrain_los_clear(const vf_sdata *sd, gr_seg s, const gr_base *from, const gr_base *to);
/* The terrain part of sight asked once per fan of lines (every line from
 * a point of base `from` to a point of base `to`): the obstacles such a
 * line may cross that do not spare it (T.2.5-b: neither base is on or in
 * contact with them), into out (VF_MAX_TERRAIN); their count.  A line of
 * the fan is clear of terrain exactly when vf_terrain_fan_clear says so,
 * which equals vf_terrain_los_clear for that line. */
int vf_terrain_fan(const vf_sdata *sd, const gr_base *from, const gr_base *to, int8_t *out);
/* Line s of a fan crosses none of the fan's n obstacles (T.2.5-a). */
int vf_terrain_fan_clear(const vf_sdata *sd, const int8_t *obstacles, int n, gr_seg s);
/* Cover of unit u where it stands: 0 none, 1 light, 2 hard (T.2.2-a/b). */
int vf_unit_cover(const gr_game *g, int u);
/* Low hedges and walls (T.1.2): barriers (T.2.1) with light cover. */
int vf_terrain_barrier(int kind);
/* Unit t's cover against attacker a: vf_unit_cover, or light (1) when t is
 * infantry or artillery touching a barrier that lies between it and a (the
 * segment joining their closest figures meets it; T.2.2-a 3, spec 8.4). */
int vf_cover_from(const gr_game *g, int t, int a);
/* Unit u is on a hill: a cell centre inside a hill piece (spec 8.4). */
int vf_on_hill(const gr_game *g, int u);
/* SR-Rockets-b: u has Rockets and u or its target t is on a hill, so
 * friendly units of u not on a hill do not block u's lines to t. */
int vf_rockets_over(const gr_game *g, int u, int t);
/* Some cell of a and some cell of b are less than 2" apart and both touch
 * the same barrier (T.2.1-a: contact across a hedge or low wall; spec 8.4). */
int vf_barrier_meet(const vf_sdata *sd, const gr_base *a, int na, const gr_base *b, int nb);
/* Contact of two units' figures: touching (1.1.2-a) or across a barrier
 * (T.2.1-a). */
int vf_cells_contact(const vf_sdata *sd, const gr_base *a, int na, const gr_base *b, int nb);
/* Sets piece t's area to the rectangle with corners (x0, y0), (x1, y1). */
void vf_terrain_rect(vf_terrain_def *t, int32_t x0, int32_t y0, int32_t x1, int32_t y1);
/* T.1.3-a: some figure of unit t stands on a hill on which no figure of
 * the n units `enemies` (the main attacker and its combat supporters)
 * stands.  A hill is a plateau: a figure is on it when its base centre is
 * inside the piece, and higher than every figure that is not. */
int vf_higher_on_hill(const gr_game *g, int t, const int *enemies, int n);
/* A closed piece the cells overlap, or -1. */
int vf_terrain_closed_at(const vf_sdata *sd, const gr_base *cells, int n);

/* ------------------------------------------------------------------ occupy.c */

/* Piece k is defensible terrain (T.1.1 buildings). */
int vf_terrain_defensible(int kind);
/* The piece unit u occupies, or -1. */
int vf_occupied_piece(const vf_state *st, int u);
/* The unit occupying piece k, or -1. */
int vf_occupant(const gr_game *g, int k);
/* The layout of a unit inside piece k (order inside, files = k). */
vf_layout vf_inside_layout(const vf_sdata *sd, int k);
/* Pieces j and k are connected sections: both defensible, sharing a
 * border at least 3" long (T.3.7-a/b). */
int vf_sections_connected(const vf_sdata *sd, int j, int k);
/* Unit u touches an enemy unit it must fight in the combat phase: any
 * enemy in contact but one occupying a section connected to u's
 * (T.3.7-c). */
int vf_must_fight(const gr_game *g, int u);
/* Unit u has just made a Move or a Retreat of kind `kind`: Light
 * Infantry may occupy now, in the same action (T.3.2-c). */
void vf_occupy_after_move(gr_game *g, int u, int kind);
/* Another action: no unit but `keep` (-1: none) may occupy after its move. */
void vf_occupy_action_over(gr_game *g, int keep);
/* `occupy` and `leave` (T.3.2, T.3.3): validated, messenger test, done. */
gr_status vf_occupy_apply(gr_game *g, const gr_action *a, gr_error *why);
/* Unit u occupying a piece (laid out as ul) sees t (laid out as tl): a
 * line from the piece's corners or edge midpoints to a point of t that is
 * clear of other units and obstacles, in any direction (T.3.2-f/g). */
int vf_occupant_sees(const gr_game *g, int u, const vf_layout *ul, int t, const vf_layout *tl);
/* T.3.6-b: after the combat of main attacker m on t, which occupied
 * `piece` (-1: none), m occupies it when t routed and m is infantry (the
 * engine takes the option for it; cavalry and artillery would be halved
 * there, T.3.5-b). */
void vf_occupy_vacated(gr_game *g, int m, int t, int piece);
/* Legal `occupy` and `leave` actions of unit u for agents (at most cap);
 * returns the count. */
int vf_occupy_candidates(const gr_game *g, int u, int player, gr_action *out, int cap);
/* The setup line "occupy UNIT PIECE" (T.3.2-d: deployed inside). */
gr_status vf_occupy_setup(gr_game *g, const char *unit, const char *piece, gr_error *err);

/* ------------------------------------------------------------------ difficult.c */

/* The kind is difficult terrain (T.2.6: woods in option B, fords). */
int vf_terrain_difficult(int kind);
/* Adds to each figure's cost over the leg its path inside difficult
 * terrain again (T.2.6-a: counted twice), unless unit u is Light Infantry
 * moving in open order (SR-OpenOrder-e); takes off half its path on a road
 * when it moves in march column (T.2.3-a).  `moving` is the layout it
 * moves in. */
void vf_leg_terrain(const vf_sdata *sd, int u, const vf_layout *moving, vf_leg *leg);
/* Unit u has a cell centre inside difficult terrain (T.2.6-b, Interp. A65). */
int vf_unit_in_difficult(const gr_game *g, int u);

#endif
