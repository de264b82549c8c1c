/*
 * move.h — the Movement Phase of boc (R6): the movement search, moves and
 * their checks, roads and crossings, reinforcements and their entry
 * alternatives, the optional Column/Line rule, the random sampler.  Part
 * of boc.h, which includes it in place: include boc.h, not this file.
 */
#ifndef GR_BOC_MOVE_H
#define GR_BOC_MOVE_H

/* ------------------------------------------------------------------ move/ */

/* Workspace of one movement search (src/core/path.h), on the stack; the
 * destinations are order[first .. first + n) (first is 1 on the map: the
 * unit's own hex is no destination; 0 for a reinforcement: its entry hex
 * is one). */
typedef struct boc_reach {
    int cost[BOC_MAX_HEXES], prev[BOC_MAX_HEXES], order[BOC_MAX_HEXES];
    int heap[3 * BOC_MAX_HEXES + 1];
    int first;
} boc_reach;
/* Where off-map reinforcement u may come on now (move/entry.c): its entry
 * road, the adjacent entry roads along the same edge (R6.7-b), only the
 * road its division took this phase (R6.7-c), the map-edge hexes next to
 * an enemy-held entry hex instead of it (R6.7-e 1).  Writes at most
 * BOC_MAX_ENTRY_OPTIONS hexes, its own entry hex first when open; returns
 * how many. */
#define BOC_MAX_ENTRY_OPTIONS 16
int boc_entry_options(const boc_state *s, const boc_sdata *sd, int u, int *hexes);
/* MP u pays to come on at h: the road's cost at an entry road (R6.7-d), a
 * Clear off-map hexside elsewhere (R6.7-e 1). */
int boc_entry_hex_cost(const boc_state *s, const boc_sdata *sd, int u, int h);
/* Non-zero when h is an entry road u may use now, enemy-held or not
 * (R6.7-b, R6.7-c): where an entry melee may go (R6.7-e 2). */
int boc_entry_road_open(const boc_state *s, const boc_sdata *sd, int u, int h);
/* GR_OK when u may come on at h now, else a refusal naming the rule. */
gr_status boc_entry_check(const boc_state *s, const boc_sdata *sd, int u, int h, gr_error *why);
/* Where u may move now from entry hex `entry` (off-map u; ignored on the
 * map): as boc_move_reach. */
int boc_move_reach_at(const boc_state *s, const boc_sdata *sd, int u, int entry, boc_reach *r);
/* Non-zero when off-map unit u is a reinforcement due now (R6.7-a). */
int boc_arrival_due(const boc_state *s, const boc_sdata *sd, int u);
/* MP to come onto the map at entry hex h: its road's cost (R6.7-d); with
 * no road (or roads 0: a Line unit under the Column rule, S-CL-c) a Clear
 * hexside, doubled for artillery. */
int boc_entry_cost(const boc_sdata *sd, int h, int artillery, int roads);
/* MP to cross side dir of hex (R6.4, R6.5; artillery off-road doubled);
 * roads: 0 when the unit may not use roads (a Line unit under the Column
 * rule, S-CL-c, R6.5-g). */
int boc_move_cost(const boc_sdata *sd, int hex, int dir, int artillery, int roads);

/* The Cemetery Hill switch (R2.2-n, R6.5-e): the MP more for leaving hex
 * across direction dir after coming in from prev (-1: the move began
 * there), along one of the switch's roads after the other; 0 elsewhere,
 * for a unit that does not use roads, or on a map with no switch. */
int boc_switch_cost(const boc_sdata *sd, int prev, int hex, int dir, int roads);
/* May unit u use road movement (S-CL-c, R6.5-g)? */
int boc_uses_roads(const boc_state *s, int u);
/* Non-zero when unit u of the active side may not enter hex under the
 * Column rule's stacking (S-CL-d). */
int boc_column_barred(const boc_state *s, const boc_sdata *sd, int u, int hex);
/* MP a formation change costs unit u now (S-CL-b, S-CL-f). */
int boc_formation_cost(const boc_state *s, const boc_sdata *sd, int u);
/* The `formation` actions unit u may take now (0 or 1), into out. */
int boc_formation_options(const boc_state *s, const boc_sdata *sd, int u, gr_action *out, int cap);
/* Validates and applies `formation` in the Movement Phase or a Round 1
 * Combat Turn (S-CL-b, S-CL-e, S-CL-f; move/column.c). */
gr_status boc_formation_apply(gr_game *g, const gr_action *a, gr_error *why);
/* The stacking limit of side in hex: the terrain's, or 1 when a unit of
 * that side in it is in Column (S-CL-d). */
int boc_stack_limit(const boc_state *s, const boc_sdata *sd, int hex, int side);
/* Non-zero when unit u may join hex without passing its stacking limit:
 * the terrain's, 1 with a Column unit there, none other for a Column u
 * (R6.2-a, S-CL-d). */
int boc_stack_room(const boc_state *s, const boc_sdata *sd, int hex, int u);
/* Crossings of that hexside this Movement Phase (R6.62-c). */
int boc_crossings(const boc_state *s, const boc_sdata *sd, int hex, int dir);
/* Where unit u may move now (a reinforcement: from its entry hex):
 * r->order[r->first ..], returns how many.  Eligibility (boc_may_move) is
 * the caller's. */
int boc_move_reach(const boc_state *s, const boc_sdata *sd, int u, boc_reach *r);
/* May u move now (active side, on the map, R6.1-b/d, R4.3-g)? */
gr_status boc_may_move(const boc_state *s, const boc_sdata *sd, int u, gr_error *why);
/* Legal Movement actions (every move, end-move), and applying a move. */
int boc_move_legal(const gr_game *g, gr_action *out, int cap);
gr_status boc_move_apply(gr_game *g, const gr_action *a, gr_error *why);
/* Leaving the map (R2.4-a/b): `exit`, validated and applied (move/offmap.c). */
gr_status boc_exit_apply(gr_game *g, const gr_action *a, gr_error *why);
/* Non-zero when hex is a map-edge hex (an off-map hexside). */
int boc_edge_hex(const boc_sdata *sd, int hex);
/* The Night Turn's reinforcements: units that left come back (R2.4-c). */
void boc_night_return(gr_game *g);
/* The Night Turn's scheduled arrivals (B.4 step 2, data brief 3.0): the
 * hexes where night arrival u may be placed now: its entry road within the
 * scenario's night_road hexes of the entry hex, not enemy-controlled in
 * the snapshot, not next to an enemy unit, below the stacking limit, and
 * next to (or in) a hex of a block of its division placed tonight when
 * one is and such a hex exists.  Returns how many (move/offmap.c). */
int boc_night_hexes(const boc_state *s, const boc_sdata *sd, int u, int *hexes);
/* Non-zero when a night arrival of side due tonight has a hex to go to. */
int boc_night_pending(const boc_state *s, const boc_sdata *sd, int side);
/* Legal `arrive` actions of the active side, and applying one. */
int boc_arrive_legal(const gr_game *g, gr_action *out, int cap);
gr_status boc_arrive_apply(gr_game *g, const gr_action *a, gr_error *why);
/* Records that the enemy knows u stands in hex now (fog.c). */
void boc_seen(boc_state *s, int u, int hex);
/* Clears the per-phase crossing counters. */
void boc_move_phase_start(boc_state *s, const boc_sdata *sd);
/* gr_rules.sample: staged draw for the Movement decision (move/sample.c). */
int boc_sample(const gr_game *g, int player, gr_rng *rng, gr_action *out);

/* The optional Free Deployment (R0-c; data brief 3.0 house rule,
 * move/deploy.c).  Hexes where block u may deploy now: up to
 * BOC_DEPLOY_HEXES hexes from where it stands, through and into no hex
 * holding or next to an enemy block (and not out of one next to it), with
 * room (R6.2-a), its division no less contiguous; u of the deploying side,
 * on the map, not yet deployed.  Writes them (BFS order), returns how many. */
#define BOC_DEPLOY_HEXES 2
int boc_deploy_hexes(const boc_state *s, const boc_sdata *sd, int u, int *hexes);
/* Legal `deploy` actions and end-deploy (always listed, last). */
int boc_deploy_legal(const gr_game *g, gr_action *out, int cap);
/* Validates and applies `deploy` / `end-deploy`; a refusal cites R0-c
 * (or R6.2-a for stacking) and leaves the game unchanged. */
gr_status boc_deploy_apply(gr_game *g, const gr_action *a, gr_error *why);
/* Staged draw of the deploy decision: a block (or end-deploy), then one
 * of its hexes; 1 when out is set. */
int boc_deploy_sample(const gr_game *g, gr_rng *rng, gr_action *out);
/* Non-zero when side has a block on the map (it has a deployment). */
int boc_deploy_any(const boc_state *s, const boc_sdata *sd, int side);

/* Counts a crossing of side dir of hex this Movement Phase (R6.62-c). */
void boc_add_crossing(boc_state *s, const boc_sdata *sd, int hex, int dir);

#endif
