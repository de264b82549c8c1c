/* casualty.c — casualties, valour tests and routs (vf:8.3.1, 9.1, 9.2,
 * 9.3, 9.4, 9.6).  Casualties are applied one at a time (Interp. A4):
 * while a unit's markers are below its Tenacity a marker is placed; once
 * they reach it (shaken, 9.1-a) each further casualty is one valour die
 * (9.1-c).  A valour test rolls those dice: every die 4+ (+1 in the fire
 * phase, 9.2-b) passes, any 3 or less routs the unit (9.2-c); a unit that
 * has won a combat this phase takes none (9.2.1).  A routed unit leaves
 * the battle (9.3-a); when the last unit of a brigade routs the brigade
 * is broken, its leader removed and its army suffers a defeat (9.4, 9.6).
 * Fortitude tests (9.5) are in fortitude.c. */
#include "../vf.h"

/* Brigade b has no unit left that has not routed. */
static int all_routed(const vf_sdata *sd, const vf_state *st, int b)
{
    for (int u = 0; u < sd->nunits; u++)
        if (sd->unit[u].brigade == b && st->unit[u].status != VF_UNIT_ROUTED)
            return 0;
    return 1;
}

void vf_rout(gr_game *g, int u)
{
    const vf_sdata *sd = vf_sd(g);
    vf_state *st = vf_st(g);
    int b = sd->unit[u].brigade;
    st->unit[u].status = VF_UNIT_ROUTED;
    st->brigade[b].flags |= VF_BF_ROUTED;
    if (st->brigade[b].routed_phase < 255)
        st->brigade[b].routed_phase++;
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_ROUTED, 1, u);
    if (!all_routed(sd, st, b) || (st->brigade[b].flags & VF_BF_BROKEN))
        return;
    st->brigade[b].flags |= VF_BF_BROKEN; /* 9.4-a */
    if (sd->brigade[b].leader >= 0)
        st->leader[sd->brigade[b].leader].status = VF_UNIT_OFF;
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_BROKEN, 1, vf_brigade_id(sd, b));
    vf_defeat(g, sd->brigade[b].side); /* 9.6-a */
}

/* A valour test; on a failure, when `react` and u's side could play
 * Inspiration, the rout waits for its window (fate/react.c): returns -1. */
static int valour(gr_game *g, int u, int dice, int bonus, int react)
{
    vf_d6 t = {.purpose = VF_ROLL_VALOUR, .target = 4,
               .mod = bonus + vf_fate_valour_mod(g, u)}; /* Scum of the Earth */
    if (VF_HAS(vf_unit_profile(vf_sd(g), u)->rules, VF_SR_STOIC))
        t.reroll = 1u << 1; /* SR-Stoic-b: its natural 1s re-rolled (once) */
    int passed = vf_d6_count(g, &t, dice);
    int ok = passed == dice;
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_VALOUR, 2, u, ok ? VF_TR_PASS : VF_TR_FAIL);
    if (!ok && react && vf_react_open(g, VF_FW_VALOUR, vf_sd(g)->unit[u].side)) {
        vf_st(g)->react.unit = (uint8_t)u;
        return -1;
    }
    if (!ok)
        vf_rout(g, u);
    return ok;
}

int vf_valour_test(gr_game *g, int u, int dice, int bonus)
{
    return valour(g, u, dice, bonus, 0);
}

/* Casualties (see vf_casualties); `react`: a failed valour test may wait
 * for an Inspiration window (returns -1). */
static int casualties(gr_game *g, int u, int hits, int fire_phase, int react)
{
    const vf_sdata *sd = vf_sd(g);
    vf_state *st = vf_st(g);
    if (hits > 0)
        vf_unpredictable(g, u); /* SR-Unpredictable-a: before the first casualty */
    int tenacity = vf_tenacity(sd, st, u), dice = 0;
    for (int i = 0; i < hits; i++) {
        if (st->unit[u].markers < tenacity)
            st->unit[u].markers++;
        else
            dice++;
    }
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_CASUALTIES, 3, u, st->unit[u].markers, dice);
    if (dice == 0 || (st->unit[u].flags & VF_UF_WON))
        return 1; /* 9.2.1: a combat winner passes */
    return valour(g, u, dice, fire_phase ? 1 : 0, react);
}

int vf_casualties(gr_game *g, int u, int hits, int fire_phase)
{
    return casualties(g, u, hits, fire_phase, 0);
}

int vf_casualties_react(gr_game *g, int u, int hits, int fire_phase)
{
    return casualties(g, u, hits, fire_phase, 1);
}
