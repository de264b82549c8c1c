/*
 * fire.h — the fire phase (vf:5) part of the vf module.  Part of vf.h, which includes it
 * in place: include vf.h, not this file.
 */
#ifndef GR_VF_FIRE_H
#define GR_VF_FIRE_H

/* ------------------------------------------------------------------ fire/ */

/* Non-zero when t may be chosen as the fire target now (vf:5.0-a). */
int vf_fire_target_ok(const gr_game *g, int t);
/* NULL when unit u may fire at t now (vf:5.1), skirmishing or not
 * (SR-Skirmishers-a, SR-Carbines-a), else the rule it breaks. */
const char *vf_fire_refusal(const gr_game *g, int u, int t, int skirmish);
/* vf_fire_refusal worked out now (fire/target.c); vf_fire_refusal itself
 * (cache.c) keeps its answers for the position as it stands. */
const char *vf_fire_refusal_now(const gr_game *g, int u, int t, int skirmish);
/* vf_visible of units u and v as they stand, kept for the position as it
 * stands (cache.c). */
int vf_unit_sees(const gr_game *g, int u, int v);
/* vf_half_see of units u and t as they stand (at least half of u's
 * front-rank figures see t), kept for the position as it stands (cache.c). */
int vf_unit_half_sees(const gr_game *g, int u, int t);
/* NULL when unit s may give fire support against t (vf:8.2.1-a). */
const char *vf_support_refusal(const gr_game *g, int s, int t, int skirmish);
/* Range of unit u in inches: +6" skirmishing, 12" with carbines. */
int vf_fire_range(const vf_sdata *sd, int u, int skirmish);
/* Fire value of u before modifiers (carbines: 1); *halve when
 * skirmishing halves it (SR-Skirmishers-a). */
int vf_fire_base(const vf_sdata *sd, int u, int skirmish, int *halve);
/* Non-zero when the active side has a fire attack it may make. */
int vf_fire_possible(const gr_game *g);
/* The modified Fire value of u against t with `support` the supporters'
 * bonus (8.1, 8.2.1), skirmishing or not. */
int vf_fire_value(const gr_game *g, int u, int t, int support, int skirmish);
/* `fire unit= target= [s1..s5]`: one fire attack (vf:5.2). */
gr_status vf_fire_apply(gr_game *g, const gr_action *a, gr_error *why);
/* The fire phase of the active side begins (flags cleared) and passes at
 * once when nothing can fire; `end-fire` ends it. */
void vf_fire_open(gr_game *g);
void vf_fire_close(gr_game *g);

/* The hits of a fire attack on t land (5.2, 8.3.1): event `hits`, open
 * order's halving, casualties and the valour test, which may open an
 * Inspiration window (fate/react.c). */
void vf_fire_land(gr_game *g, int t, int hits);

#endif
