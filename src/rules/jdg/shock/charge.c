/* charge.c — cavalry charges [R9.1-R9.3]: the declaration in the movement
 * step (`charge by=P unit=U at=HEX`: cavalry in good order, by day, an
 * enemy in its front cone and in sight, not in terrain forbidden to
 * charges; a NO_ORDERS charger takes its contact test first, failed it
 * neither moves nor fights) [R9.1-a..d, R9.1-h, R9.1-j]; the charge move
 * (half MP whatever the orders, no friendly artillery hex, no forbidden
 * hex or hexside) [R9.1-e/g/h]; the shock on the target, declared by
 * itself when the shock step begins; the infantry's square attempt
 * [R9.3.1]; the charge bonus or, against a square, -2 instead [R9.2-b,
 * R9.3.2]; counter-charges [R9.4]; the end-of-charge CT [R9.2-c].
 * Holding the cavalry is hold.c, pursuit pursuit.c. */
#include "rules/jdg/shock/shock.h"
#include "rules/jdg/fire/fire.h"
#include "rules/jdg/move/move.h"

int jdg_charging(const jdg_state *s, int u)
{
    return (s->unit[u].cf & JDG_CF_CHARGE) && s->unit[u].charge_at >= 0;
}

static gr_status check_charge(const jdg_data *d, const jdg_state *s, int u, int h,
                              gr_error *why)
{
    if (jdg_may_act(d, s, u, why) != GR_OK)
        return GR_ERR_ILLEGAL;
    const jdg_unit *un = &s->unit[u];
    if (d->unit[u].type != JDG_CAV || un->status != JDG_GOOD || (un->flags & JDG_UF_SQUARE))
        return gr_fail(why, "jdg:R9.1-b", "only cavalry in good order charges");
    if (un->act & JDG_ACT_MOVED || (un->cf & JDG_CF_CHARGE))
        return gr_fail(why, "jdg:R9.1-c", "a charge is declared once, before the unit moves");
    if (d->weather[s->turn] != JDG_DAY)
        return gr_fail(why, "jdg:R9.1-j", "no charge at night or in fog");
    if (h < 0 || h >= d->nhexes || !jdg_enemy_in(d, s, h, !d->unit[u].side))
        return gr_fail(why, "jdg:R9.1-a", "the target is a hex with an enemy unit");
    if (!jdg_six_fronts(d, s, u) &&
        !gr_hex_wedge(gr_grid_hex(&d->grid, un->hex), un->facing, gr_grid_hex(&d->grid, h), NULL,
                      NULL))
        return gr_fail(why, "jdg:R9.1-a", "the target must be seen through the front hexes");
    if (jdg_dist(d, un->hex, h) > 1 && !jdg_los(d, s, un->hex, h))
        return gr_fail(why, "jdg:R9.1-a", "the target must be in line of sight");
    if (!d->terrain_kind[d->terrain[h]].charge_ok)
        return gr_fail(why, "jdg:R9.1-h", "no charge at a unit in %s",
                       d->terrain_kind[d->terrain[h]].id);
    return GR_OK;
}

/* The capability of u's group (reinforcement status counts as ORDERED). */
static int needs_test(const jdg_state *s, int u)
{
    const jdg_unit *un = &s->unit[u];
    if (un->flags & (JDG_UF_REINF | JDG_UF_ORD_TURN) || un->act & JDG_ACT_ENTERED)
        return 0;
    return un->group >= 0 && s->group[un->group].mode == JDG_MODE_REDUCED;
}

gr_status jdg_charge_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int u = a->arg[0], h = a->arg[1];
    if (check_charge(d, s, u, h, why) != GR_OK)
        return GR_ERR_ILLEGAL;
    s->unit[u].cf |= JDG_CF_CHARGE;
    s->unit[u].charge_at = (int16_t)h;
    gr_emitv(g, JDG_E_CHARGE, 2, u, h);
    if (needs_test(s, u)) { /* before the charge move [R9.1-d] */
        int value = d->unit[u].face[0].contact;
        int roll = gr_roll(g, 0, 10, JDG_P_CONTACT), pass = roll <= value;
        gr_emitv(g, JDG_E_ET, 4, u, roll, value, pass);
        if (!pass) {
            s->unit[u].charge_at = -2; /* no move, no fight */
            s->unit[u].act |= JDG_ACT_DONE;
        }
    }
    return GR_OK;
}

int jdg_charge_legal(const gr_game *g, int p, gr_action *out, int cap, int n)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    if (d->weather[s->turn] != JDG_DAY)
        return n; /* no charge at night or in fog [R9.1-j] */
    for (int u = 0; u < d->nunits; u++) {
        if (d->unit[u].type != JDG_CAV || s->unit[u].status != JDG_GOOD ||
            (s->unit[u].act & JDG_ACT_MOVED) || (s->unit[u].cf & JDG_CF_CHARGE) ||
            jdg_may_act(d, s, u, NULL) != GR_OK)
            continue;
        for (int v = 0; v < d->nunits; v++) {
            int h = s->unit[v].hex, dup = 0;
            if (d->unit[v].side == d->unit[u].side || !jdg_on_map(s, v))
                continue;
            for (int x = 0; x < v; x++)
                dup |= d->unit[x].side == d->unit[v].side && jdg_on_map(s, x) &&
                       s->unit[x].hex == h;
            if (!dup && check_charge(d, s, u, h, NULL) == GR_OK)
                n = jdg_add_action(out, cap, n, JDG_A_CHARGE, p, 2, u, h, 0);
        }
    }
    return n;
}

gr_status jdg_charge_step(const jdg_data *d, const jdg_state *s, int u, int to, gr_error *why)
{
    if (!(s->unit[u].cf & JDG_CF_CHARGE))
        return GR_OK;
    int from = s->unit[u].hex;
    unsigned bits = jdg_side_bits(d, from, jdg_dir_to(d, from, to));
    for (int v = 0; v < d->nunits; v++)
        if (s->unit[v].hex == to && jdg_on_map(s, v) && d->unit[v].type == JDG_ART &&
            d->unit[v].side == d->unit[u].side)
            return gr_fail(why, "jdg:R9.1-g", "a charge does not pass through friendly guns");
    if (!d->terrain_kind[d->terrain[to]].charge_ok)
        return gr_fail(why, "jdg:R9.1-h", "a charge does not cross %s",
                       d->terrain_kind[d->terrain[to]].id);
    for (int k = 0; k < JDG_NSIDEKINDS; k++)
        if ((bits >> k) & 1u && !d->side_kind[k].charge_ok)
            return gr_fail(why, "jdg:R9.1-h", "a charge does not cross a %s", jdg_side_ids[k]);
    return GR_OK;
}

/* A charger that started in an enemy ZOC and moved attacks only with the
 * facing it had before its charge move [R9.1-f]. */
static int facing_kept(const jdg_data *d, const jdg_state *s, int u)
{
    const jdg_unit *un = &s->unit[u];
    return !(un->act & JDG_ACT_STEPPED) || un->hex0 == JDG_OFFMAP ||
           !jdg_enemy_zoc(d, s, d->unit[u].side, un->hex0, 0) || un->facing == un->facing0;
}

/* When the shock step begins, each charger declares its shock on its
 * target if it stands in a front hex and no forbidden hexside lies
 * between them [R9.1-h, AMB-43], with its first facing if it left a ZOC
 * [R9.1-f]; otherwise its charge is over. */
void jdg_charges_declare(gr_game *g)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    for (int u = 0; u < d->nunits; u++) {
        if (!jdg_charging(s, u))
            continue;
        int h = s->unit[u].charge_at, from = s->unit[u].hex, ok = jdg_dist(d, from, h) == 1;
        unsigned bits = ok ? jdg_side_bits(d, from, jdg_dir_to(d, from, h)) : 0;
        for (int k = 0; k < JDG_NSIDEKINDS; k++)
            ok &= !((bits >> k) & 1u) || d->side_kind[k].charge_ok;
        if (ok && facing_kept(d, s, u) && jdg_is_front(d, s, u, h) && jdg_may_shock(d, s, u) &&
            jdg_enemy_in(d, s, h, !d->unit[u].side) && jdg_could_enter(d, s, u, h)) {
            s->unit[u].shock |= (uint8_t)(1u << jdg_dir_to(d, from, h));
            s->unit[u].cf |= JDG_CF_DECLARED;
            gr_emitv(g, JDG_E_SHOCK_DECLARED, 2, u, h);
        } else {
            s->unit[u].charge_at = -3;
        }
    }
}

/* A charger takes part in the combat under way. */
int jdg_combat_charge(const jdg_data *d, const jdg_state *s)
{
    for (int u = 0; u < d->nunits; u++)
        if ((s->unit[u].cf & JDG_CF_ATT) && jdg_charging(s, u) && jdg_on_map(s, u))
            return 1;
    return 0;
}

/* T5 for a charge: the best charge bonus, or -2 against a square instead
 * [R9.2-b, R9.3.2]; *cav_shock: some cavalry attacks without charging. */
int jdg_charge_drm(const jdg_data *d, const jdg_state *s, int *cav_shock)
{
    int heavy = 0, charge = 0, square = 0;
    *cav_shock = 0;
    for (int u = 0; u < d->nunits; u++) {
        if ((s->unit[u].cf & JDG_CF_ATT) && jdg_on_map(s, u) && s->unit[u].status == JDG_GOOD &&
            d->unit[u].type == JDG_CAV) {
            charge |= jdg_charging(s, u);
            heavy |= jdg_charging(s, u) && d->unit[u].heavy;
            *cav_shock |= !jdg_charging(s, u);
        }
        if (d->unit[u].side != s->sh_side && jdg_on_map(s, u) &&
            jdg_hex_in(s->sh_def, s->sh_ndef, s->unit[u].hex) >= 0)
            square |= (s->unit[u].flags & JDG_UF_SQUARE) != 0;
    }
    if (!charge || s->sh_cc == 2) /* a counter-charge cancels the bonus [R9.4-c] */
        return 0;
    if (square)
        return d->shock_drm[JDG_SDRM_CHARGE_SQUARE];
    return d->shock_drm[heavy ? JDG_SDRM_CHARGE_HEAVY : JDG_SDRM_CHARGE];
}

/* ---------------------------------------------------------------- squares */

/* Hex h of the combat may try to form square: charged infantry in clear
 * terrain, every infantry unit in good order, not in square [R9.3.1-a]. */
static int square_ok(const jdg_data *d, const jdg_state *s, int h)
{
    int w[JDG_MAX_UNITS], n = jdg_units_at(d, s, h, w, JDG_MAX_UNITS), inf = 0;
    if (jdg_hex_in(s->sh_def, s->sh_ndef, h) < 0 || !d->terrain_kind[d->terrain[h]].square_ok)
        return 0;
    for (int i = 0; i < n; i++) {
        if (d->unit[w[i]].side == s->sh_side || (s->unit[w[i]].flags & JDG_UF_SQUARE) ||
            d->unit[w[i]].type == JDG_CAV || (s->unit[w[i]].act2 & JDG_ACT2_NO_SQUARE))
            return 0;
        if (d->unit[w[i]].type == JDG_INF && s->unit[w[i]].status != JDG_GOOD)
            return 0;
        inf += d->unit[w[i]].type == JDG_INF;
    }
    return inf > 0;
}

int jdg_square_open(const jdg_data *d, const jdg_state *s)
{
    if (!jdg_combat_charge(d, s))
        return 0;
    for (int i = 0; i < s->sh_ndef; i++)
        if (square_ok(d, s, s->sh_def[i]))
            return 1;
    return 0;
}

int jdg_square_legal(const gr_game *g, int p, gr_action *out, int cap)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    int n = 0;
    for (int i = 0; i < s->sh_ndef; i++)
        if (square_ok(d, s, s->sh_def[i]))
            n = jdg_add_action(out, cap, n, JDG_A_FORM_SQUARE, p, 1, s->sh_def[i], 0, 0);
    return jdg_add_action(out, cap, n, JDG_A_NO_SQUARE, p, 0, 0, 0, 0);
}

/* One d10 for the hex: <= the cohesion of every infantry unit, the stack
 * (its artillery too) forms square; otherwise each infantry unit whose
 * cohesion the roll exceeds is disordered [R9.3.1-c/d]. */
gr_status jdg_square_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    if (a->kind == JDG_A_NO_SQUARE) {
        s->sh_stage = JDG_SH_REACT;
        return GR_OK;
    }
    int h = a->arg[0];
    if (h < 0 || h >= d->nhexes || !square_ok(d, s, h))
        return gr_fail(why, "jdg:R9.3.1-a", "only charged infantry in good order in clear "
                       "terrain tries to form square");
    int w[JDG_MAX_UNITS], n = jdg_units_at(d, s, h, w, JDG_MAX_UNITS), pass = 1;
    int roll = gr_roll(g, 0, 10, JDG_P_COHESION);
    for (int i = 0; i < n; i++)
        pass &= d->unit[w[i]].type != JDG_INF || roll <= d->unit[w[i]].face[0].cohesion;
    gr_emitv(g, JDG_E_SQUARE_TRY, 3, h, roll, pass);
    for (int i = 0; i < n; i++) {
        if (pass) {
            s->unit[w[i]].flags |= JDG_UF_SQUARE;
            gr_emitv(g, JDG_E_SQUARE, 2, w[i], 1);
        } else if (d->unit[w[i]].type == JDG_INF && roll > d->unit[w[i]].face[0].cohesion) {
            jdg_disorder(g, w[i]);
        }
    }
    return GR_OK;
}

/* The end-of-charge CT of each charger of the combat [R9.2-c]. */
void jdg_charge_over(gr_game *g, int keep_hex)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    for (int u = 0; u < d->nunits; u++) {
        int in = (s->unit[u].cf & JDG_CF_ATT) || (s->unit[u].act2 & JDG_ACT2_PURSUER);
        if (!in || !jdg_charging(s, u) || s->unit[u].hex == keep_hex)
            continue;
        s->unit[u].charge_at = -3;
        if (!jdg_on_map(s, u))
            continue;
        if (s->unit[u].status == JDG_ROUTED)
            s->unit[u].flags |= JDG_UF_ROUTMOVE;
        else
            jdg_cohesion_test(g, u, 0);
    }
}

/* ---------------------------------------------------------------- counter-charge */

/* The cavalry of hex h that would counter-charge: its top unit, good
 * order, charged through one of its front hexes [R9.4-a/d]; -1 if none. */
static int ccharger(const jdg_data *d, const jdg_state *s, int h)
{
    int top = -1;
    for (int v = 0; v < d->nunits; v++)
        if (s->unit[v].hex == h && jdg_on_map(s, v) && d->unit[v].side != s->sh_side &&
            d->unit[v].type != JDG_ART && jdg_stack_above(d, s, v, top))
            top = v;
    if (top < 0 || d->unit[top].type != JDG_CAV || s->unit[top].status != JDG_GOOD)
        return -1;
    for (int u = 0; u < d->nunits; u++)
        if ((s->unit[u].cf & JDG_CF_ATT) && jdg_charging(s, u) && jdg_on_map(s, u) &&
            jdg_dist(d, s->unit[u].hex, h) == 1 && jdg_is_front(d, s, top, s->unit[u].hex))
            return top;
    return -1;
}

int jdg_ccharge_open(const jdg_data *d, const jdg_state *s)
{
    for (int i = 0; s->sh_cc == 0 && jdg_combat_charge(d, s) && i < s->sh_ndef; i++)
        if (ccharger(d, s, s->sh_def[i]) >= 0)
            return 1;
    return 0;
}

int jdg_ccharge_legal(const gr_game *g, int p, gr_action *out, int cap)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    int n = 0;
    for (int i = 0; s->sh_cc == 0 && i < s->sh_ndef; i++)
        if (ccharger(d, s, s->sh_def[i]) >= 0)
            n = jdg_add_action(out, cap, n, JDG_A_CCHARGE, p, 1, s->sh_def[i], 0, 0);
    return jdg_add_action(out, cap, n, JDG_A_NO_CCHARGE, p, 0, 0, 0, 0);
}

/* The top unit's contact test, +2 for non-heavy against heavy [R9.4-b];
 * passed, the charge loses its bonus [R9.4-c]. */
gr_status jdg_ccharge_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    if (a->kind == JDG_A_NO_CCHARGE) {
        s->sh_cc = 1;
        return GR_OK;
    }
    int h = a->arg[0], v = h >= 0 && h < d->nhexes ? ccharger(d, s, h) : -1;
    if (v < 0 || s->sh_cc)
        return gr_fail(why, "jdg:R9.4-a", "only cavalry in good order charged through a front "
                       "hex counter-charges");
    int heavy = 0;
    for (int u = 0; u < d->nunits; u++)
        heavy |= (s->unit[u].cf & JDG_CF_ATT) && jdg_charging(s, u) && d->unit[u].heavy;
    int drm = heavy && !d->unit[v].heavy ? 2 : 0, value = d->unit[v].face[0].contact;
    int roll = gr_roll(g, 0, 10, JDG_P_CONTACT), pass = roll + drm <= value;
    gr_emitv(g, JDG_E_ET, 4, v, roll, value, pass);
    s->sh_cc = (uint8_t)(pass ? 2 : 1);
    s->pu_cc = (int8_t)(pass ? v : -1); /* it may pursue [R9.4-e] */
    return GR_OK;
}
