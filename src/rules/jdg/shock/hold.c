/* hold.c — holding the cavalry [R9.3.3].  When a charge's target is in
 * square (formed against it, or earlier: AMB-37 a), the charger's owner
 * may, stack by stack in the order of sh_att, take the top unit's contact
 * test (`hold by=P unit=U to=HEX facing=F`, the recoil chosen beforehand)
 * or let the stack charge (`no-hold by=P`).  Passed, the whole stack
 * recoils 1 hex away from its target, into no enemy front hex, and faces
 * as chosen; its charge is over with no end-of-charge CT (AMB-37 c).
 * Failed, it must charge.  A stack with no legal recoil hex is not offered
 * the test (AMB-37 b).  Engine limit: the recoil hex must hold no unit
 * (stacking and shared facing with friends are not worked out). */
#include "rules/jdg/shock/shock.h"
#include "rules/jdg/move/move.h"

/* The top charging attacker of hex h in the stack's order, or -1. */
static int top_charger(const jdg_data *d, const jdg_state *s, int h)
{
    int top = -1;
    for (int u = 0; u < d->nunits; u++)
        if ((s->unit[u].cf & JDG_CF_ATT) && jdg_charging(s, u) && jdg_on_map(s, u) &&
            s->unit[u].hex == h && jdg_stack_above(d, s, u, top))
            top = u;
    return top;
}

/* Hex h is a legal recoil hex for the charging stack of top unit u: next to
 * it, one hex farther from its target, enterable by every unit of the
 * stack, empty, and in no enemy unit's front hexes [R9.3.3-b]. */
static int recoil_ok(const jdg_data *d, const jdg_state *s, int u, int h)
{
    int from = s->unit[u].hex, t = s->unit[u].charge_at;
    if (h < 0 || h >= d->nhexes || jdg_dist(d, from, h) != 1 ||
        jdg_dist(d, t, h) <= jdg_dist(d, t, from))
        return 0;
    for (int v = 0; v < d->nunits; v++) {
        if (!jdg_on_map(s, v))
            continue;
        if (s->unit[v].hex == h)
            return 0;
        if (d->unit[v].side != d->unit[u].side && jdg_is_front(d, s, v, h))
            return 0;
        if (s->unit[v].hex == from && (s->unit[v].cf & JDG_CF_ATT) &&
            jdg_terrain_cost(d, d->unit[v].type, from, h, 0) < 0)
            return 0;
    }
    return 1;
}

/* The index in sh_att (>= sh_hold) of the next stack that may try: its
 * target is in square and it has a recoil hex [R9.3.3, AMB-37]; -1. */
static int next_stack(const jdg_data *d, const jdg_state *s)
{
    for (int k = s->sh_hold; k < s->sh_natt; k++) {
        int u = top_charger(d, s, s->sh_att[k]);
        if (u < 0 || !jdg_square_at(d, s, s->unit[u].charge_at))
            continue;
        for (int dir = 0; dir < 6; dir++)
            if (recoil_ok(d, s, u, jdg_nbr(d, s->sh_att[k], dir)))
                return k;
    }
    return -1;
}

int jdg_hold_open(const jdg_data *d, const jdg_state *s)
{
    return jdg_combat_charge(d, s) && next_stack(d, s) >= 0;
}

int jdg_hold_legal(const gr_game *g, int p, gr_action *out, int cap)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    int k = next_stack(d, s), n = 0;
    if (k < 0)
        return 0;
    int u = top_charger(d, s, s->sh_att[k]);
    for (int dir = 0; dir < 6; dir++) {
        int h = jdg_nbr(d, s->sh_att[k], dir);
        for (int f = 0; f < 6 && recoil_ok(d, s, u, h); f++)
            n = jdg_add_action(out, cap, n, JDG_A_HOLD, p, 3, u, h, f);
    }
    return jdg_add_action(out, cap, n, JDG_A_NO_HOLD, p, 0, 0, 0, 0);
}

/* The held stack recoils to h facing f; its charge is over. */
static void held(gr_game *g, int from, int h, int f)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    for (int v = 0; v < d->nunits; v++) {
        if (!(s->unit[v].cf & JDG_CF_ATT) || !jdg_on_map(s, v) || s->unit[v].hex != from)
            continue;
        s->unit[v].hex = (int16_t)h;
        jdg_stack_bottom(d, s, v);
        s->unit[v].facing = (int8_t)f;
        s->unit[v].cf &= (uint8_t)~JDG_CF_ATT;
        if (s->unit[v].cf & JDG_CF_CHARGE)
            s->unit[v].charge_at = -3;
        gr_emitv(g, JDG_E_HELD, 3, v, h, f);
    }
    jdg_attacking_hexes(d, s);
}

gr_status jdg_hold_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int k = next_stack(d, s);
    if (k < 0)
        return gr_fail(why, "jdg:R9.3.3-a", "no charging stack may be held now");
    int from = s->sh_att[k], u = top_charger(d, s, from);
    if (a->kind == JDG_A_NO_HOLD) {
        s->sh_hold = (uint8_t)(k + 1);
        return GR_OK;
    }
    if (a->arg[0] != u)
        return gr_fail(why, "jdg:R9.3.3-a", "the top unit of the stack takes the test");
    if (!recoil_ok(d, s, u, a->arg[1]))
        return gr_fail(why, "jdg:R9.3.3-b", "the held cavalry recoils 1 hex away from its "
                       "target, into no enemy front hex");
    if (a->arg[2] < 0 || a->arg[2] > 5)
        return gr_fail(why, "jdg:R9.3.3-b", "a facing is 0 to 5");
    int value = d->unit[u].face[0].contact;
    int roll = gr_roll(g, 0, 10, JDG_P_CONTACT), pass = roll <= value;
    gr_emitv(g, JDG_E_ET, 4, u, roll, value, pass);
    if (pass)
        held(g, from, a->arg[1], a->arg[2]); /* sh_att[k] is now the next stack */
    else
        s->sh_hold = (uint8_t)(k + 1); /* it must charge [R9.3.3-c] */
    return GR_OK;
}
