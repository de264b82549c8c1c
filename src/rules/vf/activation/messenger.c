/* messenger.c — messenger tests (vf:6.2.2): before a unit more than 12"
 * from its brigade leader carries out an action (not when it remains
 * stationary, Interp. A40), it rolls a D6: +2 for Light Cavalry, +2 for
 * Light Infantry that is a detachment or in a brigade of only light
 * infantry; 4+ passes, natural 1 fails, natural 6 passes.  A failed unit
 * remains stationary and has used its action.  Rivals (SR-Rivals-a): a
 * Janissary unit 12" or less from a friendly Nizam-i-Jedid or Solak/Peik
 * unit, or such a unit 12" or less from a friendly Janissary unit, tests
 * even within 12" of its leader.  A brigade whose leader is not on the table (only test fixtures:
 * every scenario places its leaders, 1.3-a) takes no messenger tests. */
#include "../vf.h"

/* Every unit of brigade b is Light Infantry. */
static int light_infantry_brigade(const vf_sdata *sd, int b)
{
    for (int u = 0; u < sd->nunits; u++)
        if (sd->unit[u].brigade == b &&
            !VF_HAS(vf_unit_profile(sd, u)->rules, VF_SR_LIGHT_INFANTRY))
            return 0;
    return 1;
}

static int messenger_mod(const vf_sdata *sd, int u)
{
    const vf_profile *p = vf_unit_profile(sd, u);
    if (VF_HAS(p->rules, VF_SR_LIGHT_CAVALRY))
        return 2;
    if (VF_HAS(p->rules, VF_SR_LIGHT_INFANTRY) &&
        (p->detachment || light_infantry_brigade(sd, sd->unit[u].brigade)))
        return 2;
    return 0;
}

/* SR-Rivals-a: unit u has the rule and a rival friendly unit on the table
 * is 12" or less away (`d <= 12 + EPS`). */
static int rivals_near(const gr_game *g, int u)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_profile *p = vf_unit_profile(sd, u);
    unsigned jan = 1u << VF_TAG_JANISSARY, guard = (1u << VF_TAG_NIZAM) | (1u << VF_TAG_SOLAK);
    unsigned rival = (p->tags & jan ? guard : 0) | (p->tags & guard ? jan : 0);
    if (!VF_HAS(p->rules, VF_SR_RIVALS) || !rival)
        return 0;
    for (int v = 0; v < sd->nunits; v++)
        if (v != u && sd->unit[v].side == sd->unit[u].side &&
            vf_cst(g)->unit[v].status == VF_UNIT_ON && (vf_unit_profile(sd, v)->tags & rival) &&
            gr_g2_dist_ok(vf_pair_dist(g, u, v), 12 * GR_G2_INCH, GR_G2_WITHIN))
            return 1;
    return 0;
}

int vf_messenger_needed(const gr_game *g, int u)
{
    const vf_sdata *sd = vf_sd(g);
    int l = sd->brigade[sd->unit[u].brigade].leader;
    const vf_fate_fx *fx = &vf_cst(g)->fx;
    if (vf_cst(g)->phase != VF_PHASE_ACTION)
        return 0; /* Breakthrough's moves (fate) are not actions */
    if (l < 0 || vf_cst(g)->leader[l].status != VF_UNIT_ON || fx->initiative == u + 1 ||
        (fx->surprise == u + 1 && fx->surprised))
        return 0; /* no leader on the table; a unit acting on initiative (fate); the
                     assault of a Surprise Attack (its move tested) */
    if (rivals_near(g, u))
        return 1;
    gr_base cells[VF_MAX_CELLS], lb = vf_leader_base(g, l);
    int n = vf_cells(sd, u, &vf_cst(g)->unit[u].at, cells);
    return gr_g2_dist_ok(vf_cells_dist(cells, n, &lb, 1), 12 * GR_G2_INCH, GR_G2_MORE_THAN);
}

int vf_messenger(gr_game *g, int u)
{
    if (!vf_messenger_needed(g, u))
        return 1;
    vf_d6 t = {.purpose = VF_ROLL_MESSENGER, .target = 4, .mod = messenger_mod(vf_sd(g), u)};
    int pass = vf_d6_test(g, &t, NULL);
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_MESSENGER, 2, u, pass ? VF_TR_PASS : VF_TR_FAIL);
    if (!pass)
        vf_st(g)->unit[u].flags |= VF_UF_ACTED | VF_UF_MSG_FAILED;
    return pass;
}
