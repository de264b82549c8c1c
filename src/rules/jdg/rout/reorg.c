/* reorg.c — reorganisation, step 4 of an activation [R11.1, R1-D3].
 *
 * `reorganise by=P unit=U facing=F`: a unit of the activated formation,
 * disordered and having neither moved, fired nor shocked in this
 * activation (AMB-48: turning in place is not moving, forming or leaving
 * square is), or routed, not next to an enemy unit [R11.1-a/b], whatever
 * its group's orders (a group that failed its commander initiative too)
 * [R11.1-c], once per activation [R11.1-e]: d10, +1 if routed (at night -3
 * instead, R11.1-g), passes on <= the cohesion of its disordered face
 * [R11.1-d].  Passed, a disordered unit returns to good order, a routed one
 * to disordered, and takes the facing F [R11.1-d]; failed, nothing changes
 * [R11.1-e].  Refused when the flip would break the stacking limits (a
 * 3-unit stack over 6 SP) [R11.1-f] or F the shared facing of its hex
 * [R6.1.1-b].  At night the eligible disordered units of the formation
 * reorganise by themselves when the step begins, keeping their facing
 * [R11.1-g, 12.1]; fog changes nothing [12.2]. */
#include "rules/jdg/move/move.h"

/* Did u fire, move, form or leave square, declare a shock or charge, or
 * attack in this activation [R11.1-a, AMB-48]? */
static int took_action(const jdg_unit *un)
{
    return (un->act & (JDG_ACT_MOVED | JDG_ACT_STEPPED | JDG_ACT_FIRED)) != 0 ||
           (un->cf & (JDG_CF_DECLARED | JDG_CF_ATT | JDG_CF_CHARGE | JDG_CF_ADVANCED)) != 0;
}

/* The rule u may not try to reorganise by now, or NULL. */
static const char *reorg_rule(const jdg_data *d, const jdg_state *s, int u)
{
    const jdg_unit *un = &s->unit[u];
    if (s->phase != JDG_PH_ACTIVATION || s->step != JDG_STEP_REORG || s->active < 0 ||
        u < 0 || u >= d->nunits || !jdg_on_map(s, u) ||
        d->unit[u].formation != d->marker[s->active].formation)
        return "jdg:R11.1-a";
    if (un->status == JDG_GOOD || (un->status == JDG_DISORDERED && took_action(un)))
        return "jdg:R11.1-a";
    if (un->act2 & JDG_ACT2_REORG)
        return "jdg:R11.1-e";
    if (jdg_enemy_within(d, s, d->unit[u].side, un->hex, 1))
        return "jdg:R11.1-b";
    return NULL;
}

/* t with u one rung better, facing f. */
static void flip(const jdg_data *d, jdg_state *t, int u, int f)
{
    (void)d;
    jdg_unit *un = &t->unit[u];
    un->status = (uint8_t)(un->status == JDG_ROUTED ? JDG_DISORDERED : JDG_GOOD);
    un->facing = (int8_t)f;
    un->flags &= (uint8_t)~(JDG_UF_RETREAT | JDG_UF_ROUTMOVE | JDG_UF_ROUT_STOP);
}

/* The rule a successful reorganisation of u facing f would break, or NULL. */
static const char *after_rule(const jdg_data *d, const jdg_state *s, int u, int f)
{
    if (f < 0 || f > 5)
        return "jdg:R11.1-d";
    jdg_state t;
    memcpy(&t, s, sizeof t);
    flip(d, &t, u, f);
    if (jdg_stack_fault(d, &t, t.unit[u].hex))
        return "jdg:R11.1-f";
    if (jdg_facing_fault(d, &t, t.unit[u].hex))
        return "jdg:R6.1.1-b";
    return NULL;
}

int jdg_reorg_legal(const gr_game *g, int p, gr_action *out, int cap, int n)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    for (int u = 0; u < d->nunits; u++) {
        if (reorg_rule(d, s, u))
            continue;
        for (int f = 0; f < 6; f++) {
            if (after_rule(d, s, u, f))
                continue;
            if (n < cap) {
                memset(&out[n], 0, sizeof out[n]);
                out[n].kind = JDG_A_REORGANISE;
                out[n].player = (uint8_t)p;
                out[n].nargs = 2;
                out[n].arg[0] = u;
                out[n].arg[1] = f;
            }
            n++;
        }
    }
    return n;
}

gr_status jdg_reorg_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int u = a->arg[0], f = a->arg[1];
    const char *rule = reorg_rule(d, s, u);
    if (rule)
        return gr_fail(why, rule, "%s may not reorganise now: disordered units that did not "
                       "fire, move or shock, and routed units, of the activated formation, "
                       "not next to an enemy, once per activation",
                       jdg_unit_name(d, u) ? jdg_unit_name(d, u) : "?");
    rule = after_rule(d, s, u, f);
    if (rule)
        return gr_fail(why, rule, "facing %d after reorganising breaks the stacking limits or "
                       "the facing of its hex", f);
    jdg_unit *un = &s->unit[u];
    int routed = un->status == JDG_ROUTED;
    int drm = routed ? (d->weather[s->turn] == JDG_NIGHT ? -3 : 1) : 0; /* [R11.1-d/g] */
    int value = d->unit[u].face[1].cohesion;
    int roll = gr_roll(g, 0, 10, JDG_P_REORG);
    int pass = roll + drm <= value;
    un->act2 |= JDG_ACT2_REORG;
    gr_emitv(g, JDG_E_REORG, 5, u, roll, drm, value, pass);
    if (pass) {
        flip(d, s, u, f);
        gr_emitv(g, JDG_E_STATUS, 2, u, un->status);
    }
    return GR_OK;
}

void jdg_reorg_night(gr_game *g)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    if (d->weather[s->turn] != JDG_NIGHT)
        return;
    for (int u = 0; u < d->nunits; u++) {
        if (s->unit[u].status != JDG_DISORDERED || reorg_rule(d, s, u) ||
            after_rule(d, s, u, s->unit[u].facing))
            continue;
        flip(d, s, u, s->unit[u].facing); /* automatic at night [R11.1-g] */
        s->unit[u].act2 |= JDG_ACT2_REORG;
        gr_emitv(g, JDG_E_STATUS, 2, u, JDG_GOOD);
    }
}
