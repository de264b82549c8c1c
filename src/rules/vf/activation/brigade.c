/* brigade.c — the action phase brigade by brigade (vf:6.0, 6.1, 6.2):
 * the active side chooses each of its brigades once; the first chosen is
 * activated automatically when its leader is less than 24" from the army
 * leader (6.1.1-a), any other takes an activation test (6.1: D6, -1 when a
 * unit of the brigade has routed, modified 2+ passes, natural 1 fails,
 * natural 6 passes).  The units of an activated brigade act one at a time
 * (6.2-b); then its leader may move (6.8-a, also after a failed test,
 * Interp. A13); after the last brigade the army leader may move (6.8-b).
 * `next` ends the current step (the remaining units remain stationary, or
 * the leader stays). */
#include "../vf.h"

static int brigade_leader_on(const gr_game *g, int b)
{
    int l = vf_sd(g)->brigade[b].leader;
    return l >= 0 && vf_cst(g)->leader[l].status == VF_UNIT_ON;
}

void vf_action_open(gr_game *g)
{
    vf_state *st = vf_st(g);
    const vf_sdata *sd = vf_sd(g);
    for (int u = 0; u < sd->nunits; u++)
        st->unit[u].flags &= (uint8_t)~(VF_UF_ACTED | VF_UF_MSG_FAILED);
    for (int b = 0; b < sd->nbrigades; b++)
        st->brigade[b].flags &= (uint8_t)~(VF_BF_CHOSEN | VF_BF_ACTIVATED);
    st->step = VF_STEP_CHOOSE;
    st->current = 0;
    st->nchosen = 0;
}

int vf_action_decision(const vf_state *st)
{
    switch (st->step) {
    case VF_STEP_CHOOSE:
        return VF_DEC_BRIGADE;
    case VF_STEP_UNITS:
        return VF_DEC_ACTION;
    default:
        return VF_DEC_LEADER;
    }
}

/* A brigade of the active side still to choose (6.0-a); broken brigades
 * have no units and no leader left (9.4). */
static int brigade_open(const gr_game *g, int b)
{
    const vf_state *st = vf_cst(g);
    return vf_sd(g)->brigade[b].side == st->active &&
           !(st->brigade[b].flags & (VF_BF_CHOSEN | VF_BF_BROKEN));
}

static int any_unit_may_act(const gr_game *g)
{
    for (int u = 0; u < vf_sd(g)->nunits; u++)
        if (vf_unit_may_act(g, u, vf_cst(g)->active))
            return 1;
    return 0;
}

/* One automatic transition; returns 0 when a decision is due. */
static int advance_once(gr_game *g)
{
    vf_state *st = vf_st(g);
    const vf_sdata *sd = vf_sd(g);
    int al = vf_army_leader(sd, st->active);
    switch (st->step) {
    case VF_STEP_CHOOSE:
        for (int b = 0; b < sd->nbrigades; b++)
            if (brigade_open(g, b))
                return 0;
        st->step = VF_STEP_ARMY;
        return 1;
    case VF_STEP_UNITS:
        if (any_unit_may_act(g) || vf_moving_unit(st) >= 0)
            return 0;
        st->step = VF_STEP_LEADER;
        return 1;
    case VF_STEP_LEADER:
        if (st->current && brigade_leader_on(g, st->current - 1))
            return 0;
        st->step = VF_STEP_CHOOSE;
        st->current = 0;
        return 1;
    default:
        if (al >= 0 && st->leader[al].status == VF_UNIT_ON)
            return 0;
        vf_end_action_phase(g);
        return 0;
    }
}

void vf_action_advance(gr_game *g)
{
    while (vf_cst(g)->phase == VF_PHASE_ACTION && advance_once(g))
        ;
}

gr_status vf_actor_check(const gr_game *g, int u, int player, gr_error *why)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    if (sd->unit[u].side != player)
        return gr_fail(why, "vf:6.2-a", "%s is not a unit of side %s", sd->unit[u].id,
                       vf_side_names[player & 1]);
    if (st->unit[u].status != VF_UNIT_ON)
        return gr_fail(why, "vf:6.2-a", "%s is not on the battlefield", sd->unit[u].id);
    int b = sd->unit[u].brigade;
    int initiative = st->fx.initiative == u + 1; /* Act on Initiative (fate) */
    int breakthrough = vf_breakthrough_on(st) && st->fx.breakthrough == b + 1;
    if (!breakthrough && (st->step != VF_STEP_UNITS || st->current != b + 1 ||
                          !(initiative || (st->brigade[b].flags & VF_BF_ACTIVATED))))
        return gr_fail(why, "vf:6.2-a", "%s's brigade %s is not the activated brigade",
                       sd->unit[u].id, sd->brigade[b].id);
    if (st->unit[u].flags & VF_UF_ACTED)
        return gr_fail(why, "vf:6.2-b", "%s has already taken its action this phase",
                       sd->unit[u].id);
    if (!breakthrough && (st->unit[u].flags & VF_UF_FIRED) &&
        !(st->unit[u].flags & VF_UF_SKIRMISHED) &&
        !VF_HAS(vf_unit_profile(sd, u)->rules, VF_SR_HORSE_ARTILLERY)) /* SR-HorseArtillery-c */
        return gr_fail(why, "vf:5.0-e", "%s fired or gave fire support this turn: it takes no "
                       "action", sd->unit[u].id);
    return GR_OK;
}

/* The brigade leader is less than 24" from the army leader (6.1.1-a,
 * leader bases, spec 8.6). */
static int near_army_leader(const gr_game *g, int b)
{
    const vf_sdata *sd = vf_sd(g);
    int l = sd->brigade[b].leader, al = vf_army_leader(sd, sd->brigade[b].side);
    if (l < 0 || al < 0 || !brigade_leader_on(g, b) || vf_cst(g)->leader[al].status != VF_UNIT_ON)
        return 0;
    gr_base a = vf_leader_base(g, l), c = vf_leader_base(g, al);
    return gr_g2_bases_within(&a, &c, 24 * GR_G2_INCH, GR_G2_LESS_THAN);
}

/* 6.1 / 6.1.1: VF_TR_AUTO, VF_TR_PASS or VF_TR_FAIL. */
static int activation_test(gr_game *g, int b, int first)
{
    int confused = (vf_cst(g)->fx.confused >> vf_cst(g)->active) & 1; /* Confusion */
    if (first && !confused && near_army_leader(g, b))
        return VF_TR_AUTO;
    vf_d6 t = {.purpose = VF_ROLL_ACTIVATION, .target = 2,
               .mod = (vf_cst(g)->brigade[b].flags & VF_BF_ROUTED) ? -1 : 0};
    return vf_d6_test(g, &t, NULL) ? VF_TR_PASS : VF_TR_FAIL;
}

static void choose(gr_game *g, int b, int result)
{
    vf_state *st = vf_st(g);
    st->brigade[b].flags |= VF_BF_CHOSEN;
    if (result != VF_TR_FAIL)
        st->brigade[b].flags |= VF_BF_ACTIVATED;
    st->nchosen++;
    st->current = (uint8_t)(b + 1);
    st->step = result != VF_TR_FAIL ? VF_STEP_UNITS : VF_STEP_LEADER;
}

gr_status vf_activate_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    const vf_sdata *sd = vf_sd(g);
    int b = vf_id_brigade(sd, a->arg[0]);
    if (b < 0)
        return gr_failst(why, GR_ERR_ARG, NULL, "activate: not a brigade");
    if (vf_cst(g)->step != VF_STEP_CHOOSE)
        return gr_fail(why, "vf:6.0-a", "brigades are activated one at a time: finish with "
                       "brigade %s first", sd->brigade[vf_cst(g)->current - 1].id);
    if (sd->brigade[b].side != a->player)
        return gr_fail(why, "vf:1.4-b", "%s is commanded by side %s, not %s", sd->brigade[b].id,
                       vf_side_names[sd->brigade[b].side], vf_side_names[a->player & 1]);
    if (!brigade_open(g, b))
        return gr_fail(why, "vf:6.0-a", "brigade %s has been chosen this phase",
                       sd->brigade[b].id);
    int result = activation_test(g, b, vf_cst(g)->nchosen == 0);
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_ACTIVATION, 2, vf_brigade_id(sd, b), result);
    choose(g, b, result);
    vf_action_advance(g);
    return GR_OK;
}

void vf_activate_now(gr_game *g, int b)
{
    vf_state *st = vf_st(g);
    if (st->current && st->current != b + 1)
        st->brigade[st->current - 1].flags |= VF_BF_CHOSEN;
    choose(g, b, VF_TR_PASS);
}

gr_status vf_next_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    vf_state *st = vf_st(g);
    (void)a;
    switch (st->step) {
    case VF_STEP_CHOOSE:
        return gr_fail(why, "vf:6.0-a", "choose a brigade (every brigade is chosen once)");
    case VF_STEP_UNITS:
        st->step = VF_STEP_LEADER; /* the others remain stationary (6.2-b) */
        break;
    case VF_STEP_LEADER:
        st->step = VF_STEP_CHOOSE; /* the leader stays */
        st->current = 0;
        break;
    default:
        vf_end_action_phase(g);
        return GR_OK;
    }
    vf_action_advance(g);
    return GR_OK;
}
