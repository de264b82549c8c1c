/* refuse.c — refusal of shock [R8.8]: before the contact tests of a
 * combat, defending cavalry (even disordered, not routed) attacked only by
 * infantry and/or heavy cavalry (AMB-14 d) may evade 1 or 2 hexes, once
 * per activation [R8.8.1-a/b]: `refuse by=P unit=U to=HEX via=HEX|-`
 * (via: the first hex of a 2-hex refusal), or `no-refusal by=P`.  It ends
 * 2 (1-hex) or 3 (2-hex) hexes from every attacking hex (AMB-14 a/b)
 * [R8.8.1-c], moving as in a normal move within its normal allowance:
 * terrain, no enemy hex, a legal stack at the end, no ZOC hex of an enemy
 * whose ZOC it is leaving, the attackers' included, and entering an enemy
 * ZOC ends it [R8.8.1-h, R6.2.2].  A CT first, +1 (1 hex) or +2 (2
 * hexes), failed = one disorder [R8.8.1-d/e/f]; none against heavy cavalry
 * alone, which only non-heavy cavalry may refuse [R8.8.2-a/b].  One more
 * disorder for entering a hex that costs 3 MP or more [R8.8.1-g] and for
 * each hex in the frontal ZOC of another enemy [R8.8.1-h, R10.3.5].  A
 * unit the CT routs retreats instead (engine reading).  When every
 * defending hex is left empty the combat ends and the attacker may advance
 * [R8.8.1-i]. */
#include "rules/jdg/shock/shock.h"
#include "rules/jdg/move/move.h"

/* Who attacks: 1 infantry among them, 2 heavy cavalry only, 0 otherwise
 * (non-heavy cavalry among them: no refusal, AMB-14 d). */
static int attack_kind(const jdg_data *d, const jdg_state *s)
{
    int inf = 0, light = 0, any = 0;
    for (int u = 0; u < d->nunits; u++)
        if ((s->unit[u].cf & JDG_CF_ATT) && jdg_on_map(s, u) && s->unit[u].status == JDG_GOOD) {
            any = 1;
            inf |= d->unit[u].type == JDG_INF;
            light |= d->unit[u].type == JDG_CAV && !d->unit[u].heavy;
        }
    return !any || light ? 0 : inf ? 1 : 2;
}

static int may_refuse(const jdg_data *d, const jdg_state *s, int v)
{
    const jdg_unit *un = &s->unit[v];
    int kind = attack_kind(d, s);
    return kind && !jdg_combat_charge(d, s) /* never a charge [R8.8.2-c] */ &&
           d->unit[v].type == JDG_CAV && (kind == 1 || !d->unit[v].heavy) &&
           d->unit[v].side != s->sh_side && jdg_on_map(s, v) && un->status != JDG_ROUTED &&
           !(un->cf & JDG_CF_REFUSED) && jdg_hex_in(s->sh_def, s->sh_ndef, un->hex) >= 0;
}

/* An enemy of v's side whose ZOC covers both a and b [R8.8.1-h]. */
static int same_zoc(const jdg_data *d, const jdg_state *s, int side, int a, int b)
{
    for (int e = 0; e < d->nunits; e++)
        if (d->unit[e].side != side && jdg_exerts_zoc(d, s, e, a) && jdg_exerts_zoc(d, s, e, b))
            return 1;
    return 0;
}

/* Half MP for v to step from a into b, -1 when it may not [R8.8.1-h]. */
static int refuse_step(const jdg_data *d, const jdg_state *s, int v, int a, int b)
{
    int side = d->unit[v].side;
    if (b < 0 || jdg_dist(d, a, b) != 1 || jdg_enemy_in(d, s, b, !side) ||
        same_zoc(d, s, side, a, b))
        return -1;
    return jdg_terrain_cost(d, JDG_CAV, a, b, !jdg_enemy_within(d, s, side, b, 1));
}

/* Why the refusal of v to `to` (via `via`, or -1 for one hex) is not
 * legal: 0 it is, 1 its path, 2 the stacking limits at its end [R5.1.2-d]. */
static int refusal_fault(const jdg_data *d, const jdg_state *s, int v, int to, int via)
{
    int from = s->unit[v].hex, side = d->unit[v].side, n = via >= 0 ? 2 : 1;
    int c1 = refuse_step(d, s, v, from, via >= 0 ? via : to);
    int c2 = via >= 0 ? refuse_step(d, s, v, via, to) : 0;
    if (c1 < 0 || c2 < 0 || to == from ||
        c1 + c2 > 2 * d->unit[v].face[s->unit[v].status == JDG_GOOD ? 0 : 1].mp)
        return 1;
    if (via >= 0 && (jdg_enemy_zoc(d, s, side, via, 0) || jdg_side_at(d, s, via, side, v) ||
                     via == to))
        return 1; /* a ZOC hex ends the move; no pass-through here */
    for (int i = 0; i < s->sh_natt; i++)
        if (jdg_dist(d, s->sh_att[i], to) < n + 1) /* AMB-14 a/b */
            return 1;
    jdg_state t;
    memcpy(&t, s, sizeof t);
    t.unit[v].hex = (int16_t)to;
    return jdg_stack_fault(d, &t, to) == NULL ? 0 : 2;
}

static int refusal_ok(const jdg_data *d, const jdg_state *s, int v, int to, int via)
{
    return refusal_fault(d, s, v, to, via) == 0;
}

int jdg_refuse_legal(const gr_game *g, int p, gr_action *out, int cap)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    int n = 0;
    for (int v = 0; v < d->nunits; v++) {
        if (!may_refuse(d, s, v))
            continue;
        for (int d1 = 0; d1 < 6; d1++) {
            int h1 = jdg_nbr(d, s->unit[v].hex, d1);
            if (h1 < 0)
                continue;
            if (refusal_ok(d, s, v, h1, -1))
                n = jdg_add_action(out, cap, n, JDG_A_REFUSE, p, 3, v, h1, GR_NONE);
            for (int d2 = 0; d2 < 6; d2++) {
                int h2 = jdg_nbr(d, h1, d2);
                if (h2 >= 0 && refusal_ok(d, s, v, h2, h1))
                    n = jdg_add_action(out, cap, n, JDG_A_REFUSE, p, 3, v, h2, h1);
            }
        }
    }
    return jdg_add_action(out, cap, n, JDG_A_NO_REFUSE, p, 0, 0, 0, 0);
}

/* One hex of the refusal: the move and its disorders [R8.8.1-g/h]. */
static void refuse_into(gr_game *g, int v, int h)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int from = s->unit[v].hex, side = d->unit[v].side;
    int cost = jdg_terrain_cost(d, JDG_CAV, from, h, !jdg_enemy_within(d, s, side, h, 1));
    s->unit[v].hex = (int16_t)h;
    jdg_stack_bottom(d, s, v);
    if (cost >= 6 && jdg_on_map(s, v))
        jdg_disorder(g, v);
    if (jdg_enemy_zoc(d, s, side, h, 1) && jdg_on_map(s, v))
        jdg_disorder(g, v);
    if (jdg_on_map(s, v))
        jdg_cinc_contact(g, side, h, from);
}

gr_status jdg_refuse_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    if (a->kind == JDG_A_NO_REFUSE) {
        s->sh_stage = JDG_SH_REACT; /* the tests, then reaction fire */
        jdg_combat_tests(g);
        return GR_OK;
    }
    int v = a->arg[0], to = a->arg[1], via = a->arg[2] == GR_NONE ? -1 : a->arg[2];
    if (v < 0 || v >= d->nunits || !may_refuse(d, s, v))
        return gr_fail(why, "jdg:R8.8.1-a", "only defending cavalry, not routed, attacked by "
                       "infantry or heavy cavalry alone, refuses, once per activation");
    int fault = to < 0 || to >= d->nhexes || via >= d->nhexes ? 1
                                                               : refusal_fault(d, s, v, to, via);
    if (fault == 2)
        return gr_fail(why, "jdg:R5.1.2-d", "a refusal ends its move within the stacking "
                       "limits");
    if (fault)
        return gr_fail(why, "jdg:R8.8.1-c", "a refusal moves 1 or 2 hexes by the movement "
                       "rules and ends 2 or 3 hexes from every attacker");
    s->unit[v].cf |= JDG_CF_REFUSED;
    if (attack_kind(d, s) == 1) { /* CT first, +1 or +2 [R8.8.1-d/e/f] */
        int wx = d->weather[s->turn] == JDG_NIGHT ? 2 : d->weather[s->turn] == JDG_FOG ? 1 : 0;
        jdg_cohesion_test(g, v, wx + (via >= 0 ? 2 : 1));
    }
    if (s->unit[v].status == JDG_ROUTED) { /* routed by the test: it retreats */
        jdg_retreat_from(g, s->sh_att, s->sh_natt);
        return GR_OK;
    }
    if (via >= 0)
        refuse_into(g, v, via);
    if (jdg_on_map(s, v))
        refuse_into(g, v, to);
    gr_emitv(g, JDG_E_REFUSED, 3, v, s->unit[v].hex, via >= 0 ? 2 : 1);
    s->unit[v].shock = 0;
    jdg_retreat_from(g, s->sh_att, s->sh_natt); /* a unit routed on the way */
    return GR_OK;
}

int jdg_refusal_open(const jdg_data *d, const jdg_state *s)
{
    for (int v = 0; v < d->nunits; v++)
        if (may_refuse(d, s, v))
            return 1;
    return 0;
}
