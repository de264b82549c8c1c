/* special.c — unit special rules shared by the fire and combat code:
 * Canister (SR-Canister-a/b) and Battery's supporters (SR-Battery-b).
 *
 * Canister: +2 to the Fire or Combat value of a unit with the rule when
 * its target is 12" or less from its front rank (the gun base unlimbered,
 * "X o menos": d <= 12 + EPS) and at least partly in its front arc; as a
 * supporter under the same condition it counts as 2 units (Interp. A42:
 * twice the bonus, two of the places).  The rule is a choice per attack;
 * the engine always takes it, which never lowers a value: a canister
 * supporter that would exceed the limit counts as one unit instead. */
#include "vf.h"

int vf_canister(const gr_game *g, int u, int t)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    if (!VF_HAS(vf_unit_profile(sd, u)->rules, VF_SR_CANISTER))
        return 0;
    gr_base front[VF_MAX_CELLS], tc[VF_MAX_CELLS];
    int k = vf_front_rank(sd, u, &st->unit[u].at, front);
    int n = vf_cells(sd, t, &st->unit[t].at, tc);
    gr_g2_arc arc = vf_unit_arc(sd, u, &st->unit[u].at);
    return vf_cells_dist_ok(front, k, tc, n, 12 * GR_G2_INCH, GR_G2_WITHIN) &&
           (st->unit[u].at.order == VF_ORDER_INSIDE || vf_in_arc(&arc, tc, n)); /* T.3.2-g */
}

int vf_battery_supporters(const gr_game *g, int u, const int *sup, int n)
{
    const vf_sdata *sd = vf_sd(g);
    if (!VF_HAS(vf_unit_profile(sd, u)->rules, VF_SR_BATTERY))
        return 3;
    for (int i = 0; i < n; i++) {
        int s = sup[i];
        if (vf_unit_profile(sd, s)->type != VF_ARTILLERY ||
            sd->unit[s].brigade != sd->unit[u].brigade)
            return 3;
        gr_base a[VF_MAX_CELLS], b[VF_MAX_CELLS];
        int na = vf_cells(sd, u, &vf_cst(g)->unit[u].at, a);
        int nb = vf_cells(sd, s, &vf_cst(g)->unit[s].at, b);
        if (!vf_cells_dist_ok(a, na, b, nb, 6 * GR_G2_INCH, GR_G2_WITHIN))
            return 3;
    }
    return 5; /* SR-Battery-b */
}

/* ---------------------------------------------------- hit-test modifiers */

int vf_special_hit_mod(const gr_game *g, int u, int t, int fire, int main, int rocket_support)
{
    const vf_sdata *sd = vf_sd(g);
    uint32_t r = vf_unit_profile(sd, u)->rules;
    int mod = 0;
    if (main && VF_HAS(r, VF_SR_LIGHT_ARTILLERY))
        mod -= 1; /* SR-LightArtillery-a */
    if (fire && (VF_HAS(r, VF_SR_ROCKETS) || rocket_support))
        mod -= 1; /* SR-Rockets-c */
    if (fire && vf_entrenched(g, t))
        mod -= 2; /* SR-Entrenchments-b, 8.3-d */
    return mod;
}

int vf_entrenched(const gr_game *g, int u)
{
    return (vf_cst(g)->unit[u].flags & VF_UF_ENTRENCHED) != 0;
}

void vf_entrench_deployed(const vf_sdata *sd, vf_state *st, int u)
{
    if (VF_HAS(vf_unit_profile(sd, u)->rules, VF_SR_ENTRENCHMENTS))
        st->unit[u].flags |= VF_UF_ENTRENCHED; /* SR-Entrenchments-a */
    else
        st->unit[u].flags &= (uint8_t)~VF_UF_ENTRENCHED;
}

int vf_defender_wins_ties(const gr_game *g, int m, int t)
{
    if (vf_cover_from(g, t, m))
        return 1; /* T.2.2-d */
    return vf_entrenched(g, t) && !vf_entrenched(g, m); /* SR-Entrenchments-b */
}

/* ------------------------------------------ dice of the special rules */

int vf_battalion_guns_die(gr_game *g, int u)
{
    const vf_state *st = vf_cst(g);
    if (!VF_HAS(vf_unit_profile(vf_sd(g), u)->rules, VF_SR_BATTALION_GUNS) ||
        st->unit[u].status != VF_UNIT_ON || (st->unit[u].sflags & VF_SF_GUNS_FIRED))
        return 0;
    vf_d6 t = {.purpose = VF_ROLL_BATTALION_GUNS, .target = 5};
    return vf_d6_test(g, &t, NULL); /* 5 or 6: +1 Combat for this combat */
}

void vf_unpredictable(gr_game *g, int u)
{
    vf_state *st = vf_st(g);
    if (!VF_HAS(vf_unit_profile(vf_sd(g), u)->rules, VF_SR_UNPREDICTABLE) ||
        st->unit[u].status != VF_UNIT_ON || (st->unit[u].sflags & VF_SF_UNPREDICTABLE))
        return;
    st->unit[u].sflags |= VF_SF_UNPREDICTABLE;
    int natural = 0;
    vf_d6 t = {.purpose = VF_ROLL_UNPREDICTABLE, .target = 7}; /* no modifiers */
    vf_d6_test(g, &t, &natural);
    int change = natural == 1 ? -1 : natural == 6 ? 1 : 0;
    st->unit[u].combat_adj = (int8_t)(st->unit[u].combat_adj + change);
    st->unit[u].tenacity_adj = (int8_t)(st->unit[u].tenacity_adj + change);
}
