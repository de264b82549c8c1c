/* pursuit.c — pursuit after a charge [R9.5, AMB-8, AMB-21..24].
 *
 * When a charge makes a defender leave its hex, the charging stack picked
 * to advance (charging heavy cavalry first, then cohesion: R8.7.1-f,
 * AMB-8) pursues instead of advancing and breaking through (AMB-23): its
 * `advance` into the vacated hex is the first hex of the pursuit, then the
 * whole stack follows the pursued unit's recoil or retreat path
 * (`pursue by=P unit=U to=HEX facing=F`, one hex at a time, turning at
 * most one vertex per hex and only toward the pursued unit) with no MP
 * limit, until it is next to the pursued unit or has an enemy in a front
 * hex, or the next hex is one a charge may not enter [R9.5.2-a/c/e/g].
 * The pursued unit is the first unit of the other side that retreated or
 * recoiled in the combat; a stack that cannot follow it (an eliminated
 * defender, another hex) stops where it advanced [R9.5.2-d].  Where it
 * stops it charges every enemy in its front hexes that may be charged,
 * resolved at once, each recharge with a cumulative pursuit DRM
 * [R9.5.2-f/h]; that combat may pursue again.  No pursuit follows lone
 * artillery [R8.9-c].  A counter-charger whose attacker recoils or
 * retreats may pursue it the same way (`pursue` into the attacker's
 * vacated hex, or `no-pursuit`) [R9.4-e]; it then takes the end-of-charge
 * CT like the chargers, at the end of the pursuit [R9.4-f, R9.2-c,
 * R9.5.2-j].  Not built: the voluntary stop of R9.5.2-i (an enemy in a
 * front hex already stops the pursuit under -c), AMB-22's choice between
 * counter-shock and pursuit. */
#include "rules/jdg/shock/shock.h"
#include "rules/jdg/move/move.h"

void jdg_pursuit_record(jdg_state *s, int side, int u, int from, int to)
{
    if (s->sh_stage == JDG_SH_NONE || (s->pu_unit[side] >= 0 && s->pu_unit[side] != u))
        return;
    if (s->pu_unit[side] < 0) {
        s->pu_unit[side] = (int8_t)u;
        s->pu_n[side] = 1;
        s->pu_path[side][0] = (int16_t)from;
    }
    if (s->pu_n[side] < JDG_PU_PATH)
        s->pu_path[side][s->pu_n[side]++] = (int16_t)to;
}

/* Twice the hex-lattice dot product of (t - o) and facing f's vertex
 * direction: larger is nearer the direction f faces. */
static int toward(const jdg_data *d, int from, int f, int target)
{
    gr_hex o = gr_grid_hex(&d->grid, from), t = gr_grid_hex(&d->grid, target);
    gr_hex v = gr_hex_add(gr_hex_dir(f), gr_hex_dir(f + 1));
    int q = t.q - o.q, r = t.r - o.r;
    return 2 * q * v.q + 2 * r * v.r + q * v.r + r * v.q;
}

/* Facing f2 is allowed after a hex entered at `at` with facing f: the same,
 * or one vertex nearer the pursued unit [R9.5.2-e]. */
static int facing_ok(const jdg_data *d, const jdg_state *s, int at, int f, int f2)
{
    int turn = (f2 - f + 6) % 6, pu = s->pu_unit[!s->pu_side];
    if (turn == 0)
        return 1;
    if ((turn != 1 && turn != 5) || pu < 0 || !jdg_on_map(s, pu))
        return 0;
    return toward(d, at, f2, s->unit[pu].hex) > toward(d, at, f, s->unit[pu].hex);
}

static int top_pursuer(const jdg_data *d, const jdg_state *s)
{
    int top = -1;
    for (int u = 0; u < d->nunits; u++)
        if ((s->unit[u].act2 & JDG_ACT2_PURSUER) && jdg_on_map(s, u) &&
            jdg_stack_above(d, s, u, top))
            top = u;
    return top;
}

/* An enemy of u's side is in one of u's front hexes. */
static int enemy_in_front(const jdg_data *d, const jdg_state *s, int u)
{
    for (int dir = 0; dir < 6; dir++) {
        int t = jdg_nbr(d, s->unit[u].hex, dir);
        if (t >= 0 && jdg_is_front(d, s, u, t) && jdg_enemy_in(d, s, t, !d->unit[u].side))
            return 1;
    }
    return 0;
}

/* A charge may take u from its hex into the empty hex h [R9.1-g/h,
 * R9.5.2-g]. */
static int charge_may_enter(const jdg_data *d, const jdg_state *s, int u, int h)
{
    return h >= 0 && jdg_dist(d, s->unit[u].hex, h) == 1 && !jdg_side_at(d, s, h, 0, -1) &&
           !jdg_side_at(d, s, h, 1, -1) && jdg_could_enter(d, s, u, h) &&
           jdg_charge_step(d, s, u, h, NULL) == GR_OK;
}

/* The next hex of the pursuit, or -1 when it stops here [R9.5.2-c/g]. */
static int next_hex(const jdg_data *d, const jdg_state *s, int *top)
{
    int side = !s->pu_side, pu = s->pu_unit[side];
    *top = top_pursuer(d, s);
    if (*top < 0 || pu < 0 || !jdg_on_map(s, pu) || s->pu_idx >= s->pu_n[side] ||
        s->pu_path[side][s->pu_n[side] - 1] != s->unit[pu].hex ||
        jdg_dist(d, s->unit[*top].hex, s->unit[pu].hex) <= 1 || enemy_in_front(d, s, *top))
        return -1;
    int h = s->pu_path[side][s->pu_idx];
    return charge_may_enter(d, s, *top, h) ? h : -1;
}

/* The hexes the pursuers at h must charge: every enemy in their front
 * hexes standing where a charge may go [R9.5.2-f]. */
static int recharge_targets(const jdg_data *d, const jdg_state *s, int top, int16_t *list)
{
    uint8_t n = 0;
    for (int dir = 0; dir < 6; dir++) {
        int t = jdg_nbr(d, s->unit[top].hex, dir);
        if (t < 0 || !jdg_is_front(d, s, top, t) || !jdg_enemy_in(d, s, t, !s->pu_side) ||
            !jdg_could_enter(d, s, top, t) || !d->terrain_kind[d->terrain[t]].charge_ok)
            continue;
        unsigned bits = jdg_side_bits(d, s->unit[top].hex, dir), ok = 1;
        for (int k = 0; k < JDG_NSIDEKINDS; k++)
            ok &= !((bits >> k) & 1u) || d->side_kind[k].charge_ok;
        if (ok)
            jdg_hex_add(list, &n, t);
    }
    return n;
}

/* The pursuers charge the hexes of list at once [R9.5.2-f/h]. */
static void recharge(gr_game *g, int h, const int16_t *list, int n)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    jdg_charge_over(g, h); /* the chargers that do not pursue [R9.2-c] */
    if (s->sh_ndef > 0)
        jdg_retreat_from(g, s->sh_def, s->sh_ndef);
    for (int u = 0; u < d->nunits; u++) {
        s->unit[u].cf &= (uint8_t)~(JDG_CF_ATT | JDG_CF_ADVANCED);
        if ((s->unit[u].act2 & JDG_ACT2_PURSUER) && jdg_on_map(s, u) &&
            s->unit[u].hex == h && s->unit[u].status == JDG_GOOD &&
            d->unit[u].type == JDG_CAV) { /* a charger in good order [R9.1-b] */
            s->unit[u].cf |= JDG_CF_ATT | JDG_CF_CHARGE;
            s->unit[u].charge_at = list[0];
        }
    }
    s->pu_count++;
    s->sh_side = s->pu_side;
    s->sh_ndef = 0;
    for (int i = 0; i < n; i++)
        jdg_hex_add(s->sh_def, &s->sh_ndef, list[i]);
    jdg_combat_start(g, 0); /* no contact test for pursuers [R9.5.2-a] */
}

/* Follow on, or stop and charge, or end the combat. */
static void pursuit_next(gr_game *g)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int top, h = next_hex(d, s, &top);
    if (h >= 0) {
        s->sh_stage = JDG_SH_PURSUE;
        return;
    }
    int16_t list[JDG_SH_HEXES];
    int n = top >= 0 && s->unit[top].status == JDG_GOOD ? recharge_targets(d, s, top, list) : 0;
    if (n > 0)
        recharge(g, s->unit[top].hex, list, n);
    else
        jdg_combat_end(g);
}

int jdg_pursuit_begin(gr_game *g, int u)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int side = !s->sh_side, any = 0;
    if (!jdg_charging(s, u) || (s->sh_flags & JDG_SHF_LONE_ART)) /* [R8.9-c] */
        return 0;
    for (int v = 0; v < d->nunits; v++)
        if ((s->unit[v].cf & JDG_CF_ADVANCED) && jdg_on_map(s, v)) {
            s->unit[v].act2 |= JDG_ACT2_PURSUER; /* the whole stack [AMB-8] */
            any |= s->unit[v].status == JDG_GOOD;
        }
    if (!any)
        return 0; /* disordered chargers advance and charge no more [R9.1-b] */
    s->pu_side = s->sh_side;
    s->pu_idx = s->pu_unit[side] >= 0 && s->pu_path[side][0] == s->unit[u].hex ? 1 : JDG_PU_PATH;
    pursuit_next(g);
    return 1;
}

/* Moves the pursuers into h facing f. */
static void move_pursuers(gr_game *g, int h, int f)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int from = -1;
    for (int v = 0; v < d->nunits; v++) {
        if (!(s->unit[v].act2 & JDG_ACT2_PURSUER) || !jdg_on_map(s, v))
            continue;
        from = s->unit[v].hex;
        s->unit[v].hex = (int16_t)h;
        jdg_stack_bottom(d, s, v);
        s->unit[v].facing = (int8_t)f;
        s->unit[v].shock = 0;
        gr_emitv(g, JDG_E_PURSUED, 3, v, h, f);
    }
    if (from >= 0)
        jdg_cinc_contact(g, s->pu_side, h, from);
}

/* The counter-charger of the combat may pursue its attacker: it is in good
 * order and the attacker's path starts next to it [R9.4-e, R9.5.1-b]. */
static int cc_first_hex(const jdg_data *d, const jdg_state *s)
{
    int v = s->pu_cc, side = s->sh_side;
    if (v < 0 || s->sh_cc != 2 || !(s->sh_flags & JDG_SHF_ATT_LOST) || !jdg_on_map(s, v) ||
        s->unit[v].status != JDG_GOOD || s->pu_unit[side] < 0 || s->pu_n[side] < 2 ||
        !jdg_on_map(s, s->pu_unit[side]))
        return -1;
    int h = s->pu_path[side][0];
    return charge_may_enter(d, s, v, h) ? h : -1;
}

int jdg_cc_pursuit_open(const jdg_data *d, const jdg_state *s)
{
    return cc_first_hex(d, s) >= 0;
}

static int legal_facings(const gr_game *g, int p, int u, int h, gr_action *out, int cap, int n,
                         int side)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state t;
    memcpy(&t, jdg_cst(g), sizeof t);
    t.pu_side = (uint8_t)side;
    for (int k = 0; k < 3; k++) {
        int f = (t.unit[u].facing + 5 + k) % 6;
        if (facing_ok(d, &t, h, t.unit[u].facing, f))
            n = jdg_add_action(out, cap, n, JDG_A_PURSUE, p, 3, u, h, f);
    }
    return n;
}

int jdg_pursuit_legal(const gr_game *g, int p, gr_action *out, int cap)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    if (s->sh_stage == JDG_SH_CC_PURSUE) {
        int h = cc_first_hex(d, s);
        int n = h < 0 ? 0 : legal_facings(g, p, s->pu_cc, h, out, cap, 0, !s->sh_side);
        return jdg_add_action(out, cap, n, JDG_A_NO_PURSUIT, p, 0, 0, 0, 0);
    }
    int top, h = next_hex(d, s, &top);
    return h < 0 ? 0 : legal_facings(g, p, top, h, out, cap, 0, s->pu_side);
}

/* The counter-charger's stack pursues: it charges from now on [R9.4-e]. */
static void cc_begin(gr_game *g, int h, int f)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int v0 = s->pu_cc, at = s->unit[v0].hex;
    for (int v = 0; v < d->nunits; v++)
        if (s->unit[v].hex == at && jdg_on_map(s, v) && d->unit[v].side == d->unit[v0].side &&
            d->unit[v].type != JDG_ART && s->unit[v].status != JDG_ROUTED) {
            s->unit[v].act2 |= JDG_ACT2_PURSUER;
            s->unit[v].cf |= JDG_CF_CHARGE | JDG_CF_ATT; /* its CT at the end [R9.4-f] */
            s->unit[v].charge_at = (int16_t)h;
        }
    s->pu_side = (uint8_t)d->unit[v0].side;
    s->pu_idx = 1;
    move_pursuers(g, h, f);
}

gr_status jdg_pursuit_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int cc = s->sh_stage == JDG_SH_CC_PURSUE;
    if (a->kind == JDG_A_NO_PURSUIT) {
        if (!cc)
            return gr_fail(why, "jdg:R9.5.2-c", "pursuit after a charge is mandatory");
        s->sh_cc = 3; /* declined: the combat goes on as without it */
        jdg_combat_after(g);
        return GR_OK;
    }
    int top = cc ? s->pu_cc : -1, h = cc ? cc_first_hex(d, s) : next_hex(d, s, &top);
    int u = a->arg[0], f = a->arg[2];
    if (h < 0 || u != top || a->arg[1] != h || f < 0 || f > 5)
        return gr_fail(why, cc ? "jdg:R9.4-e" : "jdg:R9.5.2-c", "the pursuers follow the "
                       "pursued unit's path one hex at a time");
    jdg_state t;
    memcpy(&t, s, sizeof t);
    t.pu_side = (uint8_t)d->unit[u].side;
    if (!facing_ok(d, &t, h, s->unit[u].facing, f))
        return gr_fail(why, "jdg:R9.5.2-e", "a pursuer turns one vertex at most per hex, "
                       "toward the pursued unit");
    if (cc)
        cc_begin(g, h, f);
    else {
        s->pu_idx++;
        move_pursuers(g, h, f);
    }
    pursuit_next(g);
    return GR_OK;
}

void jdg_pursuit_end(jdg_state *s, int nunits)
{
    for (int u = 0; u < nunits; u++)
        s->unit[u].act2 &= (uint8_t)~JDG_ACT2_PURSUER;
    s->pu_count = 0;
}
