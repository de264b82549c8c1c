/*
 * special.h — unit special rules of spec section 5 that several phases use
 * (special.c).  Part of vf.h, which includes it in place: include vf.h,
 * not this file.
 */
#ifndef GR_VF_SPECIAL_H
#define GR_VF_SPECIAL_H

/* ------------------------------------------------------------------ special.c */

/* Unit u may use Canister against t now (SR-Canister-a: t 12" or less
 * from its front rank and partly in its front arc). */
int vf_canister(const gr_game *g, int u, int t);
/* How many units may give fire support to u with these supporters:
 * 5 for a Battery whose supporters are all artillery of its brigade
 * within 6" (SR-Battery-b), else 3 (8.2.1-a). */
int vf_battery_supporters(const gr_game *g, int u, const int *sup, int n);
/* What the special rules add to the hit tests of u's attack on t
 * (8.3-d): -1 Light Artillery as the main attacker `main`
 * (SR-LightArtillery-a); in the fire phase (`fire`) -1 when u has Rockets
 * or a Rockets unit supports it (`rocket_support`, SR-Rockets-c), -2 when
 * t is entrenched (SR-Entrenchments-b). */
int vf_special_hit_mod(const gr_game *g, int u, int t, int fire, int main, int rocket_support);
/* Unit u is entrenched now (SR-Entrenchments-a). */
int vf_entrenched(const gr_game *g, int u);
/* Unit u has just been deployed (set-up): entrenched when its profile
 * has Entrenchments (SR-Entrenchments-a), otherwise not. */
void vf_entrench_deployed(const vf_sdata *sd, vf_state *st, int u);
/* The defender t wins a tied combat against main attacker m: in cover
 * (T.2.2-d), or entrenched when m is not (SR-Entrenchments-b). */
int vf_defender_wins_ties(const gr_game *g, int m, int t);
/* SR-BattalionGuns-c: before unit u attacks or defends in a combat, when
 * it has battalion guns that did not fire separately this turn, one D6:
 * returns 1 (+1 Combat for that combat) on 5 or 6, else 0 (no roll: 0). */
int vf_battalion_guns_die(gr_game *g, int u);
/* SR-Unpredictable-a: the first time unit u fights, fights back or
 * suffers a casualty, one D6 with no modifiers: 1 is -1 Combat and -1
 * Tenacity for the battle, 6 is +1 of each.  Does nothing after the first
 * time or for a unit without the rule. */
void vf_unpredictable(gr_game *g, int u);

#endif
