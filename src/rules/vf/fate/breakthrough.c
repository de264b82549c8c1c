/* breakthrough.c — Breakthrough (fate card 4, end_of_own_combat_phase):
 * when the active side's combats are over it may pick one of its brigades,
 * whose units may then each make one Move (no assault, retreat or double
 * move; Move's rules: distance, keep-away, end checks; no messenger test:
 * it is not the action phase).  The combat phase's stage VF_CSTAGE_BREAK
 * holds these moves; `next` ends them, then the end-of-phase step and the
 * end of the turn follow as usual. */
#include "../vf.h"

int vf_breakthrough_on(const vf_state *st)
{
    return st->phase == VF_PHASE_COMBAT && st->cstage == VF_CSTAGE_BREAK;
}

/* Unit u of the brigade may still make its move. */
int vf_breakthrough_may_move(const gr_game *g, int u)
{
    const vf_state *st = vf_cst(g);
    return vf_breakthrough_on(st) && vf_sd(g)->unit[u].side == st->active &&
           vf_actor_check(g, u, st->active, NULL) == GR_OK;
}

static void finish(gr_game *g)
{
    vf_state *st = vf_st(g);
    st->cstage = VF_CSTAGE_OVER;
    st->fx.breakthrough = 0;
    vf_combat_advance(g);
}

/* Ends the moves when no unit is left to move and no move is open. */
static void advance(gr_game *g)
{
    const vf_state *st = vf_cst(g);
    if (vf_moving_unit(st) >= 0)
        return;
    for (int u = 0; u < vf_sd(g)->nunits; u++)
        if (vf_breakthrough_may_move(g, u))
            return;
    finish(g);
}

void vf_breakthrough_begin(gr_game *g, int b)
{
    vf_state *st = vf_st(g);
    const vf_sdata *sd = vf_sd(g);
    st->fx.window = VF_FW_NONE;
    st->fx.breakthrough = (uint8_t)(b + 1);
    st->cstage = VF_CSTAGE_BREAK;
    for (int u = 0; u < sd->nunits; u++)
        if (sd->unit[u].brigade == b)
            st->unit[u].flags &= (uint8_t)~VF_UF_ACTED;
    advance(g);
}

static gr_status apply_one(gr_game *g, const gr_action *a, gr_error *why)
{
    vf_move m;
    gr_status s;
    switch (a->kind) {
    case VF_ACT_NEXT:
        finish(g);
        return GR_OK;
    case VF_ACT_MOVE:
        s = vf_move_from_action(g, a, &m, why);
        if (s == GR_OK)
            s = vf_move_check(g, &m, why);
        if (s == GR_OK)
            vf_move_apply(g, &m);
        return s;
    case VF_ACT_HOLD:
        if (a->arg[0] < 0 || a->arg[0] >= vf_sd(g)->nunits)
            return gr_failst(why, GR_ERR_ARG, NULL, "hold: no unit %d", a->arg[0]);
        s = vf_actor_check(g, a->arg[0], a->player, why);
        if (s == GR_OK)
            vf_st(g)->unit[a->arg[0]].flags |= VF_UF_ACTED;
        return s;
    case VF_ACT_BEGIN:
        if (a->arg[1] != VF_MK_MOVE)
            break;
        return vf_legs_apply(g, a, why);
    case VF_ACT_LEG:
    case VF_ACT_WHEEL:
    case VF_ACT_FINISH:
    case VF_ACT_CANCEL:
        return vf_legs_apply(g, a, why);
    default:
        break;
    }
    return gr_fail(why, "vf:4.0-b", "Breakthrough: each unit of the brigade may make one Move "
                   "(no assault, retreat or double move), or `next`");
}

gr_status vf_breakthrough_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    if (a->player != vf_cst(g)->active)
        return gr_failst(why, GR_ERR_STATE, NULL, "not %s's decision",
                         vf_side_names[a->player & 1]);
    int open = vf_moving_unit(vf_cst(g));
    if (open >= 0 && !(a->kind >= VF_ACT_BEGIN && a->kind <= VF_ACT_CANCEL))
        return gr_fail(why, "vf:6.2-b", "the move of %s is open: finish or cancel it first",
                       vf_sd(g)->unit[open].id);
    gr_status s = apply_one(g, a, why);
    if (s == GR_OK && vf_breakthrough_on(vf_cst(g)))
        advance(g);
    return s;
}
