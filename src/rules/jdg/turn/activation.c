/* activation.c — one activation of a formation (spec 5.1): revealing its
 * order markers [R1-D2, R2.4-a], the option of each NO_ORDERS group
 * (commander initiative test or reduced capability) [R2.4.2, R2.4.3], then
 * the steps strictly in order: fire, movement, shock, reorganisation
 * [R1-D3].
 *
 * The fire (fire/), movement (move/), shock (shock/) and reorganisation
 * (rout/reorg.c) steps have their actions.  In each step the owner may end the step
 * ("end-step": go to the next step; from reorganisation it ends the
 * activation) or end the activation at once ("end-activation": the
 * remaining steps pass with nothing done), except while a unit is in the
 * middle of its move.  The step a game is in is always visible (query
 * "phase", the decision name). */
#include <string.h>

#include "rules/jdg/jdg.h"
#include "rules/jdg/shock/shock.h"

static int active_formation(const gr_game *g)
{
    const jdg_state *s = jdg_cst(g);
    return s->active >= 0 ? jdg_sd(g)->marker[s->active].formation : -1;
}

static int undecided_groups(const jdg_state *s, int f)
{
    int n = 0;
    for (int gi = 0; gi < s->ngroups; gi++)
        n += s->group[gi].formation == f && s->group[gi].mode == JDG_MODE_UNDECIDED;
    return n;
}

static void set_step(gr_game *g, int step)
{
    jdg_st(g)->step = (uint8_t)step;
    gr_emitv(g, JDG_E_STEP, 1, step);
    if (step == JDG_STEP_SHOCK)
        jdg_charges_declare(g); /* charges were declared in the movement step [R9.1-c] */
    if (step == JDG_STEP_REORG)
        jdg_reorg_night(g); /* disordered units reorganise by themselves at night [R11.1-g] */
}

void jdg_activate(gr_game *g, int m, int how)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    s->active = (int8_t)m;
    s->ma_loc[m] = JDG_MA_ACTIVE;
    if (s->first_side < 0)
        s->first_side = (int8_t)d->marker[m].side; /* Phase E order (AMB-30) */
    gr_emitv(g, JDG_E_ACTIVATE, 2, jdg_marker_ref(d, m), how);
    jdg_move_reset(g);
    int f = d->marker[m].formation;
    for (int gi = 0; f >= 0 && gi < s->ngroups; gi++) {
        jdg_group *gr = &s->group[gi];
        if (gr->formation != f)
            continue;
        if (!gr->revealed) { /* first MA of the formation this turn [R1-D2] */
            gr->revealed = 1;
            gr_emitv(g, JDG_E_ORDER_REVEALED, 2, gr->leader, gr->order);
        }
        gr->mode = gr->order == JDG_ORD_ORDERED ? JDG_MODE_ORDERED : JDG_MODE_UNDECIDED;
    }
    set_step(g, f >= 0 && undecided_groups(s, f) > 0 ? JDG_STEP_OPTIONS : JDG_STEP_FIRE);
}

static int add(gr_action *out, int cap, int n, int kind, int player, int arg)
{
    if (n < cap) {
        memset(&out[n], 0, sizeof out[n]);
        out[n].kind = (uint16_t)kind;
        out[n].player = (uint8_t)player;
        out[n].nargs = arg >= 0 ? 1 : 0;
        out[n].arg[0] = arg >= 0 ? arg : 0;
    }
    return n + 1;
}

int jdg_activation_legal(const gr_game *g, int p, gr_action *out, int cap)
{
    const jdg_state *s = jdg_cst(g);
    int n = 0;
    if (s->step == JDG_STEP_OPTIONS) {
        int f = active_formation(g);
        for (int gi = 0; gi < s->ngroups; gi++) {
            const jdg_group *gr = &s->group[gi];
            if (gr->formation != f || gr->mode != JDG_MODE_UNDECIDED)
                continue;
            n = add(out, cap, n, JDG_A_INITIATIVE, p, gr->leader);
            n = add(out, cap, n, JDG_A_REDUCED, p, gr->leader);
        }
        return n;
    }
    if (s->contact)
        return jdg_cinc_legal(g, p, out, cap, 0);
    if (s->rt_unit >= 0)
        return jdg_retreat_legal(g, p, out, cap);
    if (s->cb_target >= 0)
        return jdg_counter_legal(g, p, out, cap);
    if (s->sh_stage != JDG_SH_NONE)
        return jdg_combat_legal(g, p, out, cap);
    if (s->step == JDG_STEP_SHOCK) {
        int may_end;
        n = jdg_shock_legal(g, p, out, cap, &may_end);
        if (!may_end)
            return n; /* declared shocks are carried out [R8.3.1-d] */
    }
    if (s->step == JDG_STEP_FIRE) {
        int may_end;
        n = jdg_fire_legal(g, p, out, cap, &may_end);
        if (!may_end)
            return n; /* mandatory fire first [R7.2-e] */
    }
    if (s->step == JDG_STEP_MOVE) {
        n = s->cinc_mover >= 0 ? 0 : jdg_move_legal(g, p, out, cap);
        n = s->cinc_mover >= 0 ? n : jdg_charge_legal(g, p, out, cap, n);
        if (s->mover < 0)
            n = jdg_cinc_legal(g, p, out, cap, n);
        if (s->mover >= 0 || s->cinc_mover >= 0)
            return n; /* it finishes its move first [R4.4.1-b] */
    }
    if (s->step == JDG_STEP_REORG)
        n = jdg_reorg_legal(g, p, out, cap, n);
    n = add(out, cap, n, JDG_A_END_STEP, p, -1);
    return add(out, cap, n, JDG_A_END_ACTIVATION, p, -1);
}

/* Commander initiative test [R2.4.3-c..e]: d10, minus the C-in-C's DRM if a
 * unit of the group is within his command range; pass on <= the initiative
 * value of the MA actually drawn [R2.4.3-a]. */
static void commander_test(gr_game *g, int gi)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int drm = 0;
    jdg_group_in_range(d, s, gi, &drm);
    int roll = gr_roll(g, 0, 10, JDG_P_COMMANDER);
    int value = d->marker[s->active].initiative;
    int pass = roll - drm <= value;
    s->group[gi].mode = pass ? JDG_MODE_ORDERED : JDG_MODE_REORG_ONLY;
    gr_emitv(g, JDG_E_CMD_INITIATIVE, 5, s->group[gi].leader, roll, drm, value, pass);
}

static gr_status apply_option(gr_game *g, const gr_action *a, gr_error *why)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    if (s->step != JDG_STEP_OPTIONS)
        return gr_fail(why, "jdg:R2.4.3-b",
                       "commander initiative is chosen right after the MA is drawn, "
                       "before the fire step");
    int u = a->arg[0];
    int gi = u >= 0 && u < d->nunits ? jdg_group_of_leader(s, u) : -1;
    if (gi < 0 || s->group[gi].formation != active_formation(g))
        return gr_fail(why, "jdg:R2.4.3-b", "'%s' leads no group of the activated formation",
                       jdg_unit_name(d, u) ? jdg_unit_name(d, u) : "?");
    if (s->group[gi].order != JDG_ORD_NO_ORDERS)
        return gr_fail(why, "jdg:R2.4.3-b", "group %s is ORDERED", d->unit[u].id);
    if (s->group[gi].mode != JDG_MODE_UNDECIDED)
        return gr_fail(why, "jdg:R2.4.3-b", "group %s has already chosen this activation",
                       d->unit[u].id);
    if (a->kind == JDG_A_INITIATIVE) {
        commander_test(g, gi);
    } else {
        s->group[gi].mode = JDG_MODE_REDUCED; /* option 2 [2.4.2] */
    }
    gr_emitv(g, JDG_E_MODE, 2, u, s->group[gi].mode);
    if (undecided_groups(s, s->group[gi].formation) == 0)
        set_step(g, JDG_STEP_FIRE);
    return GR_OK;
}

static gr_status dispatch(gr_game *g, const gr_action *a, gr_error *why);

gr_status jdg_activation_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    gr_status r = dispatch(g, a, why);
    if (r == GR_OK && jdg_cst(g)->sh_stage != JDG_SH_NONE)
        jdg_shock_continue(g); /* a retreat or contact inside a combat is over */
    return r;
}

static int combat_kind(int kind)
{
    return (kind >= JDG_A_REACT && kind <= JDG_A_NO_ADVANCE) || (kind >= JDG_A_FORM_SQUARE && kind <= JDG_A_NO_HOLD) ||
           kind == JDG_A_PURSUE || kind == JDG_A_NO_PURSUIT;
}

/* The decisions that interrupt an activation (C-in-C contact, retreats and
 * rout moves, counter-battery) come first; *done when one applied. */
static gr_status interrupt_apply(gr_game *g, const gr_action *a, gr_error *why, int *done)
{
    const jdg_state *s = jdg_cst(g);
    int contact_kind = a->kind == JDG_A_CINC_RETREAT || a->kind == JDG_A_CINC_STAY;
    int rt_kind = a->kind == JDG_A_RETREAT || a->kind == JDG_A_ROUT ||
                  a->kind == JDG_A_ROUT_STOP || a->kind == JDG_A_ROUT_SHORT;
    int cb_kind = a->kind == JDG_A_COUNTER || a->kind == JDG_A_NO_COUNTER;
    *done = 1;
    if (s->contact || contact_kind) {
        if (!s->contact || !contact_kind)
            return gr_fail(why, "jdg:R2.5.2-a", s->contact ? "a C-in-C in contact retreats or "
                           "stays first" : "no C-in-C is in contact");
        return jdg_cinc_apply(g, a, why);
    }
    if (s->rt_unit >= 0 || rt_kind) {
        if (s->rt_unit < 0 || !rt_kind)
            return gr_fail(why, "jdg:R10.2-c", s->rt_unit >= 0 ? "a routed unit retreats first"
                           : "no unit is retreating");
        return jdg_retreat_apply(g, a, why);
    }
    if (s->cb_target >= 0 || cb_kind) {
        if (s->cb_target < 0 || !cb_kind)
            return gr_fail(why, "jdg:R7.1-b", s->cb_target >= 0 ? "counter-battery is decided "
                           "first" : "no fire to answer");
        return jdg_counter_apply(g, a, why);
    }
    if (s->sh_stage != JDG_SH_NONE || combat_kind(a->kind))
        return jdg_combat_apply(g, a, why);
    *done = 0;
    return GR_OK;
}

static gr_status dispatch(gr_game *g, const gr_action *a, gr_error *why)
{
    jdg_state *s = jdg_st(g);
    int done;
    gr_status r = interrupt_apply(g, a, why, &done);
    if (done)
        return r;
    if (a->kind == JDG_A_INITIATIVE || a->kind == JDG_A_REDUCED)
        return apply_option(g, a, why);
    if (s->step == JDG_STEP_OPTIONS)
        return gr_fail(why, "jdg:R2.4.3-b",
                       "first choose, for each NO_ORDERS group, a commander initiative test "
                       "or reduced capability");
    if (a->kind == JDG_A_LEAD || a->kind == JDG_A_HALT)
        return jdg_cinc_apply(g, a, why);
    if (a->kind == JDG_A_PIVOT || a->kind == JDG_A_FIRE)
        return jdg_fire_apply(g, a, why);
    const char *must = jdg_fire_pending(g);
    if (must)
        return gr_fail(why, must, "a gun with an enemy in a front hex fires before the fire "
                       "step ends");
    if (a->kind == JDG_A_SHOCK || a->kind == JDG_A_RESOLVE)
        return jdg_shock_apply(g, a, why);
    if (a->kind == JDG_A_CHARGE)
        return jdg_charge_apply(g, a, why);
    if (a->kind == JDG_A_REORGANISE)
        return jdg_reorg_apply(g, a, why);
    if (a->kind == JDG_A_ROUT_UNIT || a->kind == JDG_A_ROUT_STAY)
        return gr_fail(why, "jdg:R1-E1", "rout moves of Phase E are made after Phase D");
    if (a->kind >= JDG_A_MOVE)
        return jdg_move_apply(g, a, why);
    if (s->mover >= 0 || s->cinc_mover >= 0)
        return gr_fail(why, "jdg:R4.4.1-b", "a move is under way: it finishes first (stop, "
                       "halt)");
    const char *shock = jdg_shock_pending(g);
    if (shock)
        return gr_fail(why, shock, "every declared shock is resolved before the step ends");
    if (a->kind == JDG_A_END_STEP && s->step < JDG_STEP_REORG) {
        set_step(g, s->step + 1); /* strictly fire, movement, shock, reorg [R1-D3] */
        return GR_OK;
    }
    jdg_activation_done(g);
    return GR_OK;
}
