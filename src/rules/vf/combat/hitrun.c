/* hitrun.c — Hit and Run (SR-HitAndRun-a, Interp. A17/A18) in the combat
 * phase.  Before a unit with the rule fights as a main attacker, or fights
 * back as the target, its player may declare Hit and Run instead: one D6,
 * no modifiers: 1 the unit suffers 1 casualty, 2-3 nothing, 4+ the enemy
 * unit it would fight suffers 1 casualty.  The combat does not take place
 * (A18), and the unit must then retreat (6.4; forced: it routs when it
 * cannot, 6.4-d), its owner deciding where (`retreat`, phase.c).
 *
 *   fight target=T hitrun=yes   the active side: T's main attacker declares
 *   fight target=T [hitrun=no]  the combat; when T has the rule, its owner
 *                               is asked first: fight target=T hitrun=yes|no
 *
 * Not yet: Hit and Run instead of the Square cavalry test. */
#include "../vf.h"

int vf_hitrun_asked(const gr_game *g)
{
    const vf_state *st = vf_cst(g);
    for (int u = 0; u < vf_sd(g)->nunits; u++)
        if (st->unit[u].sflags & VF_SF_HITRUN_ASK)
            return u;
    return -1;
}

/* Unit u declares Hit and Run against enemy e (the unit it would fight). */
static void hit_and_run(gr_game *g, int u, int e)
{
    vf_d6 t = {.purpose = VF_ROLL_HIT_AND_RUN, .target = 4};
    int natural = 0;
    vf_d6_test(g, &t, &natural);
    int result = natural <= 1 ? VF_HR_OWN : natural <= 3 ? VF_HR_NONE : VF_HR_ENEMY;
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_HIT_AND_RUN, 3, u, e, result);
    if (result == VF_HR_OWN)
        vf_casualties(g, u, 1, 0);
    else if (result == VF_HR_ENEMY)
        vf_casualties(g, e, 1, 0);
    vf_state *st = vf_st(g);
    if (st->unit[u].status == VF_UNIT_ON)
        st->unit[u].cflags |= VF_CF_MUST_RETREAT; /* then it must retreat */
}

static int has_rule(const gr_game *g, int u)
{
    return VF_HAS(vf_unit_profile(vf_sd(g), u)->rules, VF_SR_HIT_AND_RUN);
}

gr_status vf_hitrun_fight(gr_game *g, int m, int t, int declare, gr_error *why)
{
    const vf_sdata *sd = vf_sd(g);
    vf_state *st = vf_st(g);
    int asked = vf_hitrun_asked(g);
    if (asked >= 0 && asked != t)
        return gr_fail(why, "vf:SR-HitAndRun-a", "%s's owner decides on Hit and Run first",
                       sd->unit[asked].id);
    int u = asked >= 0 ? t : m; /* who may declare now */
    if (declare && !has_rule(g, u))
        return gr_fail(why, "vf:SR-HitAndRun-a", "%s does not have Hit and Run",
                       sd->unit[u].id);
    if (asked >= 0)
        st->unit[t].sflags &= (uint8_t)~VF_SF_HITRUN_ASK;
    if (declare) {
        st->unit[m].cflags |= VF_CF_DONE; /* the combat does not take place (A18) */
        hit_and_run(g, u, u == m ? t : m);
        return GR_OK;
    }
    if (asked < 0 && has_rule(g, t)) {
        st->unit[t].sflags |= VF_SF_HITRUN_ASK; /* its owner decides before it fights back */
        return GR_OK;
    }
    vf_fight(g, t);
    return GR_OK;
}
