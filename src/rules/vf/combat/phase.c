/* phase.c — the combat phase (vf:7.0, 7.1): the active side's units in
 * contact with enemy units must fight.  First every such unit chooses one
 * enemy unit it touches as its target (`target`, 7.1-a); the first unit to
 * choose a target is its main attacker, later ones co-target it (7.1-c).  A
 * unit may co-target only when every enemy unit it touches has already been
 * chosen as somebody's target (7.1-d, 8.2.2-c: otherwise it must attack
 * that one), so the choices never reach a dead end.  Then the combats are
 * fought one at a time in the order the active side names (`fight`, 7.0-b;
 * fight.c).  Cavalry that must or may retreat after its combat (7.2.5)
 * does so before the next combat, its owner deciding (`retreat`, `stay`). */
#include "../vf.h"

static int active_in_contact(const gr_game *g, int u)
{
    const vf_state *st = vf_cst(g);
    return vf_sd(g)->unit[u].side == st->active && st->unit[u].status == VF_UNIT_ON &&
           vf_in_enemy_contact(g, u) && vf_must_fight(g, u); /* T.3.7-c */
}

/* Enemy unit t has been chosen as a target. */
static int targeted(const gr_game *g, int t)
{
    const vf_sdata *sd = vf_sd(g);
    for (int u = 0; u < sd->nunits; u++)
        if (vf_cst(g)->unit[u].target == t + 1)
            return 1;
    return 0;
}

int vf_retreat_due(const gr_game *g)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    for (int u = 0; u < sd->nunits; u++)
        if (st->unit[u].cflags & (VF_CF_MUST_RETREAT | VF_CF_MAY_RETREAT)) {
            if (st->unit[u].status == VF_UNIT_ON)
                return u;
        }
    return -1;
}

void vf_combat_open(gr_game *g)
{
    vf_state *st = vf_st(g);
    for (int u = 0; u < vf_sd(g)->nunits; u++) {
        st->unit[u].target = 0;
        st->unit[u].cflags = 0;
        st->unit[u].flags &= (uint8_t)~VF_UF_WON;
    }
    st->cstage = 0;
    st->phase = VF_PHASE_COMBAT;
    vf_fate_phase_begins(g);
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_PHASE, 2, st->active, VF_PHASE_COMBAT);
    vf_square_tests(g); /* SR-Square-g: before any combat */
    for (int u = 0; u < vf_sd(g)->nunits; u++)
        if (active_in_contact(g, u) && vf_fate_combat_windows(g))
            return; /* fate cards first (fate/play.c) */
    vf_combat_advance(g);
}

/* Every active unit in contact has chosen its target. */
static int all_declared(const gr_game *g)
{
    const vf_state *st = vf_cst(g);
    for (int u = 0; u < vf_sd(g)->nunits; u++)
        if (!st->unit[u].target && active_in_contact(g, u))
            return 0;
    return 1;
}

/* A combat still to fight: main attacker not done (combats whose main
 * attacker or target has gone lapse). */
static int next_combat(gr_game *g)
{
    vf_state *st = vf_st(g);
    int left = -1;
    for (int u = 0; u < vf_sd(g)->nunits; u++) {
        vf_unit *un = &st->unit[u];
        if (!(un->cflags & VF_CF_MAIN) || (un->cflags & VF_CF_DONE))
            continue;
        int t = un->target - 1;
        if (un->status != VF_UNIT_ON || st->unit[t].status != VF_UNIT_ON ||
            !vf_unit_contact(g, u, t)) {
            un->cflags |= VF_CF_DONE; /* nothing left to fight */
            continue;
        }
        left = u;
    }
    return left;
}

void vf_combat_advance(gr_game *g)
{
    vf_state *st = vf_st(g);
    if (st->phase != VF_PHASE_COMBAT || st->fx.window || vf_breakthrough_on(st) ||
        vf_retreat_due(g) >= 0 || vf_impetuous_pending(g) ||
        vf_retreat_due(g) >= 0) /* a lapsed follow-up gives its retreat back */
        return;
    if (st->cstage == VF_CSTAGE_TARGETS) {
        if (!all_declared(g))
            return;
        st->cstage = VF_CSTAGE_FIGHT;
    }
    if (st->cstage == VF_CSTAGE_FIGHT) {
        if (next_combat(g) >= 0)
            return;
        st->cstage = VF_CSTAGE_OVER;
        if (vf_fate_end_combat_window(g))
            return; /* Breakthrough (fate) */
    }
    if (!vf_end_of_phase(g))
        vf_end_turn(g);
}

int vf_combat_decision(const gr_game *g, int *player)
{
    int r = vf_retreat_due(g), h = vf_hitrun_asked(g);
    *player = r >= 0 ? vf_sd(g)->unit[r].side
              : h >= 0 ? vf_sd(g)->unit[h].side /* SR-HitAndRun-a: the target's owner */
                       : vf_cst(g)->active;
    if (vf_breakthrough_on(vf_cst(g)))
        return VF_DEC_ACTION; /* Breakthrough's moves (fate) */
    return r >= 0 ? VF_DEC_RETREAT : VF_DEC_COMBAT;
}

gr_status vf_target_check(const gr_game *g, int player, int u, int t, gr_error *why)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    if (sd->unit[u].side != player || st->unit[u].status != VF_UNIT_ON)
        return gr_fail(why, "vf:7.0-a", "%s is not a unit of yours on the table", sd->unit[u].id);
    if (st->unit[u].target)
        return gr_fail(why, "vf:7.1-a", "%s has chosen its target", sd->unit[u].id);
    if (st->cstage != 0)
        return gr_fail(why, "vf:7.0-b", "every target has been chosen: fight the combats");
    if (sd->unit[t].side == player || st->unit[t].status != VF_UNIT_ON ||
        !vf_unit_contact(g, u, t))
        return gr_fail(why, "vf:7.1-a", "%s is not in contact with enemy unit %s",
                       sd->unit[u].id, sd->unit[t].id);
    if (!targeted(g, t))
        return GR_OK; /* it will be the main attacker */
    for (int y = 0; y < sd->nunits; y++)
        if (y != t && sd->unit[y].side != player && st->unit[y].status == VF_UNIT_ON &&
            !targeted(g, y) && vf_unit_contact(g, u, y))
            return gr_fail(why, "vf:7.1-d", "%s is in contact with %s, which nobody has chosen: "
                           "it must attack it (it cannot support against %s)", sd->unit[u].id,
                           sd->unit[y].id, sd->unit[t].id);
    return GR_OK;
}

static gr_status apply_target(gr_game *g, const gr_action *a, gr_error *why)
{
    int u = a->arg[0], t = a->arg[1];
    gr_status s = vf_target_check(g, a->player, u, t, why);
    if (s != GR_OK)
        return s;
    vf_state *st = vf_st(g);
    if (!targeted(g, t))
        st->unit[u].cflags |= VF_CF_MAIN;
    st->unit[u].target = (uint8_t)(t + 1);
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_TARGET, 2, u, t);
    return GR_OK;
}

/* The main attacker of target t whose combat is still to fight, or -1. */
static int main_of(const gr_game *g, int t)
{
    const vf_state *st = vf_cst(g);
    for (int u = 0; u < vf_sd(g)->nunits; u++)
        if (st->unit[u].target == t + 1 && (st->unit[u].cflags & VF_CF_MAIN) &&
            !(st->unit[u].cflags & VF_CF_DONE))
            return u;
    return -1;
}

static gr_status apply_fight(gr_game *g, const gr_action *a, gr_error *why)
{
    const vf_sdata *sd = vf_sd(g);
    int t = a->arg[0];
    if (vf_cst(g)->cstage != 1)
        return gr_fail(why, "vf:7.0-b", "first every unit in contact chooses its target");
    int m = main_of(g, t);
    if (m < 0)
        return gr_fail(why, "vf:7.1-c", "no combat against %s is left to fight", sd->unit[t].id);
    return vf_hitrun_fight(g, m, t, a->nargs > 1 && a->arg[1] == 1, why); /* SR-HitAndRun-a */
}

/* `retreat` of the unit whose retreat is due (7.2.5-a, 6.4), `stay`. */
static gr_status apply_retreat(gr_game *g, const gr_action *a, gr_error *why)
{
    int r = vf_retreat_due(g);
    vf_move m;
    if (a->arg[0] != r)
        return gr_fail(why, "vf:7.2.5-a", "%s has no retreat to make now",
                       vf_sd(g)->unit[a->arg[0]].id);
    gr_status s = vf_move_from_action(g, a, &m, why);
    m.forced = 1;
    if (s == GR_OK)
        s = vf_move_check(g, &m, why);
    if (s != GR_OK)
        return s;
    vf_move_apply(g, &m);
    vf_st(g)->unit[r].cflags &= (uint8_t)~(VF_CF_MUST_RETREAT | VF_CF_MAY_RETREAT);
    return GR_OK;
}

static gr_status apply_stay(gr_game *g, const gr_action *a, gr_error *why)
{
    int r = vf_retreat_due(g);
    vf_state *st = vf_st(g);
    if (a->arg[0] != r)
        return gr_fail(why, "vf:7.2.5-a", "%s has no retreat to decide now",
                       vf_sd(g)->unit[a->arg[0]].id);
    int must = st->unit[r].cflags & VF_CF_MUST_RETREAT;
    if (must && vf_retreat_candidates(g, r, NULL, 0) > 0)
        return gr_fail(why, "vf:7.2.5-a", "losing cavalry must retreat: %s can",
                       vf_sd(g)->unit[r].id);
    st->unit[r].cflags &= (uint8_t)~(VF_CF_MUST_RETREAT | VF_CF_MAY_RETREAT);
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_STAYS, 1, r);
    if (must)
        vf_rout(g, r); /* 6.4-d: it cannot retreat */
    return GR_OK;
}

gr_status vf_combat_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    const vf_sdata *sd = vf_sd(g);
    int player;
    int dec = vf_combat_decision(g, &player);
    if (a->player != player)
        return gr_failst(why, GR_ERR_STATE, NULL, "not %s's decision",
                         vf_side_names[a->player & 1]);
    int units = a->kind == VF_ACT_TARGET ? 2 : 1;
    for (int i = 0; i < a->nargs && i < units; i++)
        if (a->arg[i] < 0 || a->arg[i] >= sd->nunits)
            return gr_failst(why, GR_ERR_ARG, NULL, "no unit %d", a->arg[i]);
    if (dec == VF_DEC_RETREAT && a->kind == VF_ACT_RETREAT)
        return apply_retreat(g, a, why);
    if (dec == VF_DEC_RETREAT && a->kind == VF_ACT_STAY)
        return apply_stay(g, a, why);
    if (dec == VF_DEC_COMBAT && vf_impetuous_due(g) >= 0)
        return vf_impetuous_apply(g, a, why); /* SR-Impetuous-a */
    if (dec == VF_DEC_COMBAT && a->kind == VF_ACT_TARGET)
        return apply_target(g, a, why);
    if (dec == VF_DEC_COMBAT && a->kind == VF_ACT_FIGHT)
        return apply_fight(g, a, why);
    return gr_failst(why, GR_ERR_STATE, NULL, "the combat phase: %s",
                     dec == VF_DEC_RETREAT ? "retreat or stay" : "target or fight");
}
