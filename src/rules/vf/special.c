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
           vf_in_arc(&arc, tc, n);
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
