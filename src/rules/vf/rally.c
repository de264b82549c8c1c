/* rally.c — the Rally action (vf:6.7): one D6 per casualty marker, +1 to
 * each when the unit is more than 12" from every enemy unit; each die
 * scoring 6 or more removes one marker (natural 6 always, natural 1
 * never).  A unit is shaken while its markers reach its Tenacity (9.1-a),
 * so removing markers may end that (6.7-d).  Static Artillery cannot rally. */
#include "vf.h"

int vf_tenacity(const vf_sdata *sd, const vf_state *st, int u)
{
    return vf_unit_profile(sd, u)->tenacity + st->unit[u].tenacity_adj;
}

int vf_shaken(const vf_sdata *sd, const vf_state *st, int u)
{
    return st->unit[u].markers >= vf_tenacity(sd, st, u);
}

gr_status vf_rally_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    const vf_sdata *sd = vf_sd(g);
    int u = a->arg[0];
    if (u < 0 || u >= sd->nunits)
        return gr_failst(why, GR_ERR_ARG, NULL, "rally: no unit %d", u);
    gr_status s = vf_actor_check(g, u, a->player, why);
    if (s == GR_OK)
        s = vf_fate_surprise_check(g, u, -1, why);
    if (s != GR_OK)
        return s;
    if (VF_HAS(vf_unit_profile(sd, u)->rules, VF_SR_STATIC_ARTILLERY))
        return gr_fail(why, "vf:6.7-d", "static artillery cannot rally");
    if (!vf_messenger(g, u))
        return GR_OK;
    vf_state *st = vf_st(g);
    int32_t e = vf_enemy_distance(g, u, &st->unit[u].at);
    vf_d6 t = {.purpose = VF_ROLL_RALLY, .target = 6,
               .mod = e == INT32_MAX || e > 12 * GR_G2_INCH ? 1 : 0};
    int removed = vf_d6_count(g, &t, st->unit[u].markers);
    st->unit[u].markers = (uint8_t)(st->unit[u].markers - removed);
    st->unit[u].flags |= VF_UF_ACTED;
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_RALLIED, 3, u, removed, st->unit[u].markers);
    return GR_OK;
}
