/* declare.c — the shock step: declarations [R8.2, R8.3.1], the obligation
 * to attack every enemy in the front hexes [R8.2-d], the start of each
 * combat (the declared attackers of the hexes linked to the one named,
 * R8.4.1, R8.4.3), contact tests of NO_ORDERS attackers [R8.3.2-a,
 * AMB-12], and the dispatch of the combat's decisions. */
#include "rules/jdg/shock/shock.h"

int jdg_enemy_in(const jdg_data *d, const jdg_state *s, int h, int side)
{
    return h >= 0 && jdg_side_at(d, s, h, side, -1);
}

int jdg_hex_in(const int16_t *list, int n, int h)
{
    for (int i = 0; i < n; i++)
        if (list[i] == h)
            return i;
    return -1;
}

int jdg_hex_add(int16_t *list, uint8_t *n, int h)
{
    if (jdg_hex_in(list, *n, h) >= 0)
        return 1;
    if (*n >= JDG_SH_HEXES)
        return 0;
    list[(*n)++] = (int16_t)h;
    return 1;
}

/* The capability of u's group, counting reinforcement status as ORDERED
 * [R5.2.1-c/f/g]. */
static int unit_mode(const jdg_state *s, int u)
{
    const jdg_unit *un = &s->unit[u];
    if (un->flags & (JDG_UF_REINF | JDG_UF_ORD_TURN) || un->act & JDG_ACT_ENTERED)
        return JDG_MODE_ORDERED;
    return un->group >= 0 ? s->group[un->group].mode : JDG_MODE_UNDECIDED;
}

int jdg_may_shock(const jdg_data *d, const jdg_state *s, int u)
{
    const jdg_unit *un = &s->unit[u];
    int f = s->active >= 0 ? d->marker[s->active].formation : -1;
    if (d->unit[u].type == JDG_ART || d->unit[u].formation != f || !jdg_on_map(s, u) ||
        un->status != JDG_GOOD || (un->flags & JDG_UF_SQUARE))
        return 0;
    int m = unit_mode(s, u);
    return m == JDG_MODE_ORDERED || m == JDG_MODE_REDUCED;
}

int jdg_could_enter(const jdg_data *d, const jdg_state *s, int u, int h)
{
    return jdg_terrain_cost(d, d->unit[u].type, s->unit[u].hex, h, 1) >= 0;
}

/* Why u may not declare a shock on h, or NULL [R8.2-a/c/e]. */
static const char *target_fault(const jdg_data *d, const jdg_state *s, int u, int h)
{
    int side = !d->unit[u].side, fresh = 0;
    const jdg_unit *un = &s->unit[u];
    if (h < 0 || jdg_dist(d, un->hex, h) != 1 || !jdg_is_front(d, s, u, h))
        return "jdg:R8.2-a";
    int turn = (un->facing - un->facing0 + 6) % 6;
    if ((un->act & JDG_ACT_STEPPED) && un->hex0 != JDG_OFFMAP && jdg_dist(d, un->hex0, h) == 1 &&
        turn > 1 && turn < 5)
        return "jdg:R8.2-f"; /* it left that enemy's ZOC and turned more than 60 degrees */
    for (int v = 0; v < d->nunits; v++)
        if (d->unit[v].side == side && jdg_on_map(s, v) && s->unit[v].hex == h)
            fresh |= !(s->unit[v].cf & JDG_CF_SHOCKED);
    if (!fresh)
        return jdg_enemy_in(d, s, h, side) ? "jdg:R8.2-e" : "jdg:R8.2-a";
    return jdg_could_enter(d, s, u, h) ? NULL : "jdg:R8.2-c";
}

static int declared_on(const jdg_data *d, const jdg_state *s, int u, int h)
{
    int dir = jdg_dir_to(d, s->unit[u].hex, h);
    return dir >= 0 && (s->unit[u].shock >> dir) & 1u;
}

int jdg_pending_attacker(const jdg_state *s, int u)
{
    return (s->unit[u].cf & (JDG_CF_DECLARED | JDG_CF_RESOLVED)) == JDG_CF_DECLARED &&
           s->unit[u].shock != 0 && jdg_on_map(s, u);
}
#define pending_attacker jdg_pending_attacker

/* A declared unit must attack every enemy in its front hexes, except those
 * another friendly unit attacks [R8.2-d]; returns a unit that does not. */
static int obligation_broken(const jdg_data *d, const jdg_state *s)
{
    for (int u = 0; u < d->nunits; u++) {
        if (!pending_attacker(s, u))
            continue;
        for (int dir = 0; dir < 6; dir++) {
            int h = jdg_nbr(d, s->unit[u].hex, dir), other = 0;
            if (h < 0 || (s->unit[u].shock >> dir) & 1u || target_fault(d, s, u, h))
                continue;
            for (int v = 0; v < d->nunits && !other; v++)
                other = v != u && pending_attacker(s, v) && declared_on(d, s, v, h);
            if (!other)
                return u;
        }
    }
    return -1;
}

static gr_status check_declare(const jdg_data *d, const jdg_state *s, int u, int h,
                               gr_error *why);

/* Stacked units attack together [R5.1.3-b]: returns a unit that could
 * declare the shock a unit of its hex has declared and has not, or -1 (a
 * disordered one may not attack anyway, jdg_may_shock). */
static int stack_mate_idle(const jdg_data *d, const jdg_state *s)
{
    for (int u = 0; u < d->nunits; u++) {
        if (!pending_attacker(s, u))
            continue;
        for (int v = 0; v < d->nunits; v++) {
            if (v == u || !jdg_on_map(s, v) || s->unit[v].hex != s->unit[u].hex)
                continue;
            for (int dir = 0; dir < 6; dir++)
                if ((s->unit[u].shock >> dir) & 1u && !((s->unit[v].shock >> dir) & 1u) &&
                    check_declare(d, s, v, jdg_nbr(d, s->unit[u].hex, dir), NULL) == GR_OK)
                    return v;
        }
    }
    return -1;
}

static gr_status check_declare(const jdg_data *d, const jdg_state *s, int u, int h,
                               gr_error *why)
{
    if (s->sh_closed)
        return gr_fail(why, "jdg:R8.3.1-c", "every shock is announced before the first combat");
    if (u < 0 || u >= d->nunits || !jdg_may_shock(d, s, u))
        return gr_fail(why, "jdg:R8.2-b", "only infantry or cavalry of the activated formation, "
                       "in good order, not in square, that may act, starts a shock");
    const char *rule = target_fault(d, s, u, h);
    if (rule && !strcmp(rule, "jdg:R8.2-f"))
        return gr_fail(why, rule, "a unit that left an enemy's ZOC attacks it again only with "
                       "its facing within one vertex of the one it had");
    if (rule)
        return gr_fail(why, rule, "the target is an enemy in a front hex the unit could enter, "
                       "not yet shocked in this activation");
    if (declared_on(d, s, u, h))
        return gr_fail(why, "jdg:R8.3.1-c", "that shock is already declared");
    return GR_OK;
}

/* Builds the combat of hex h: every pending attacker on a hex of the set,
 * and every hex those attack [R8.4.1, R8.4.3]; 0 when too many hexes. */
static int gather(const jdg_data *d, jdg_state *s, int h)
{
    s->sh_ndef = 0;
    jdg_hex_add(s->sh_def, &s->sh_ndef, h);
    for (int grown = 1; grown;) {
        grown = 0;
        for (int u = 0; u < d->nunits; u++) {
            if (!pending_attacker(s, u) || (s->unit[u].cf & JDG_CF_ATT))
                continue;
            int hit = 0;
            for (int i = 0; i < s->sh_ndef && !hit; i++)
                hit = declared_on(d, s, u, s->sh_def[i]);
            if (!hit)
                continue;
            s->unit[u].cf |= JDG_CF_ATT;
            grown = 1;
            for (int dir = 0; dir < 6; dir++)
                if ((s->unit[u].shock >> dir) & 1 &&
                    !jdg_hex_add(s->sh_def, &s->sh_ndef,
                                 jdg_nbr(d, s->unit[u].hex, dir)))
                    return 0;
        }
    }
    return 1;
}

static gr_status apply_resolve(gr_game *g, int h, gr_error *why)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int any = 0;
    for (int u = 0; u < d->nunits && !any; u++)
        any = pending_attacker(s, u) && h >= 0 && declared_on(d, s, u, h);
    if (!any)
        return gr_fail(why, "jdg:R8.3.1-c", "no declared shock waits on that hex");
    int u = s->sh_closed ? -1 : obligation_broken(d, s);
    if (u >= 0)
        return gr_fail(why, "jdg:R8.2-d", "%s must also attack every enemy in its front hexes "
                       "that no other unit attacks", d->unit[u].id);
    if (!s->sh_closed && (u = stack_mate_idle(d, s)) >= 0)
        return gr_fail(why, "jdg:R5.1.3-b", "stacked units attack together: %s declares the "
                       "shock of its stack too", d->unit[u].id);
    jdg_state t;
    memcpy(&t, s, sizeof t);
    if (!gather(d, &t, h))
        return gr_fail(why, "jdg:R8.4.3", "one combat of more than %d hexes a side is not "
                       "supported", JDG_SH_HEXES);
    memcpy(s, &t, sizeof t);
    s->sh_closed = 1;
    s->sh_side = (uint8_t)d->marker[s->active].side;
    for (int v = 0; v < d->nunits; v++)
        if (s->unit[v].cf & JDG_CF_ATT)
            s->unit[v].cf |= JDG_CF_RESOLVED;
    jdg_combat_start(g, 1);
    return GR_OK;
}

gr_status jdg_shock_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    if (s->step != JDG_STEP_SHOCK)
        return gr_fail(why, "jdg:R1-D3", "shocks are declared and resolved in the shock step");
    if (a->kind == JDG_A_RESOLVE)
        return apply_resolve(g, a->arg[0], why);
    int u = a->arg[0], h = a->arg[1];
    if (check_declare(d, s, u, h, why) != GR_OK)
        return GR_ERR_ILLEGAL;
    s->unit[u].shock |= (uint8_t)(1u << jdg_dir_to(d, s->unit[u].hex, h));
    s->unit[u].cf |= JDG_CF_DECLARED;
    gr_emitv(g, JDG_E_SHOCK_DECLARED, 2, u, h);
    return GR_OK;
}

const char *jdg_shock_pending(const gr_game *g)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    for (int u = 0; s->step == JDG_STEP_SHOCK && u < d->nunits; u++)
        if (pending_attacker(s, u))
            return "jdg:R8.3.1-d";
    return NULL;
}

int jdg_shock_legal(const gr_game *g, int p, gr_action *out, int cap, int *may_end)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    int n = 0, broken = s->sh_closed ? -1 : obligation_broken(d, s);
    if (broken < 0 && !s->sh_closed)
        broken = stack_mate_idle(d, s);
    for (int u = 0; u < d->nunits; u++) {
        if (!s->sh_closed && jdg_may_shock(d, s, u) &&
            jdg_enemy_within(d, s, d->unit[u].side, s->unit[u].hex, 1))
            for (int dir = 0; dir < 6; dir++) {
                int h = jdg_nbr(d, s->unit[u].hex, dir);
                if (h >= 0 && check_declare(d, s, u, h, NULL) == GR_OK)
                    n = jdg_add_action(out, cap, n, JDG_A_SHOCK, p, 2, u, h, 0);
            }
    }
    int16_t seen[JDG_MAX_UNITS * 6];
    int ns = 0;
    for (int u = 0; broken < 0 && u < d->nunits; u++)
        for (int dir = 0; pending_attacker(s, u) && dir < 6; dir++) {
            int h = jdg_nbr(d, s->unit[u].hex, dir);
            if (!((s->unit[u].shock >> dir) & 1u) || jdg_hex_in(seen, ns, h) >= 0)
                continue;
            seen[ns++] = (int16_t)h;
            n = jdg_add_action(out, cap, n, JDG_A_RESOLVE, p, 1, h, 0, 0);
        }
    *may_end = jdg_shock_pending(g) == NULL;
    return n;
}

/* The top infantry or cavalry attacker of hex h (artillery on top: the unit
 * beneath it) takes the contact test for its stack when one of them needs
 * it (NO_ORDERS); a failure takes the whole hex out of the combat [R5.1.3-d,
 * R8.3.2-a, R8.4.1-b, AMB-12].  Returns 1 when a test failed. */
static int contact_test(gr_game *g, int h)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int top = -1, need = 0;
    for (int u = 0; u < d->nunits; u++)
        if ((s->unit[u].cf & JDG_CF_ATT) && s->unit[u].hex == h) {
            if (d->unit[u].type != JDG_ART && jdg_stack_above(d, s, u, top))
                top = u;
            need |= unit_mode(s, u) == JDG_MODE_REDUCED && !jdg_charging(s, u); /* [R9.1-d] */
        }
    if (top < 0 || !need)
        return 0;
    int value = d->unit[top].face[0].contact;
    int roll = gr_roll(g, 0, 10, JDG_P_CONTACT), pass = roll <= value;
    gr_emitv(g, JDG_E_ET, 4, top, roll, value, pass);
    for (int u = 0; !pass && u < d->nunits; u++)
        if (s->unit[u].hex == h)
            s->unit[u].cf &= (uint8_t)~JDG_CF_ATT;
    return !pass;
}

/* The attacking hexes: those of the attackers still in good order. */
void jdg_attacking_hexes(const jdg_data *d, jdg_state *s)
{
    s->sh_natt = 0;
    for (int u = 0; u < d->nunits; u++) {
        if (!(s->unit[u].cf & JDG_CF_ATT))
            continue;
        if (!jdg_on_map(s, u) || s->unit[u].status != JDG_GOOD)
            s->unit[u].cf &= (uint8_t)~JDG_CF_ATT;
        else
            jdg_hex_add(s->sh_att, &s->sh_natt, s->unit[u].hex);
    }
}

void jdg_combat_start(gr_game *g, int tests)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    s->sh_flags = tests ? JDG_SHF_TESTS : 0;
    s->sh_cc = 0;
    s->pu_cc = -1;
    s->pu_unit[0] = s->pu_unit[1] = -1;
    s->pu_n[0] = s->pu_n[1] = 0;
    if (tests) /* a declared combat, not a pursuit's recharge [R9.5.2-h] */
        s->pu_count = 0;
    s->sh_hold = 0;
    s->sh_row = -1;
    jdg_attacking_hexes(d, s);
    uint8_t nd = 0;
    for (int i = 0; i < s->sh_ndef; i++) /* hexes emptied since the declaration */
        if (jdg_enemy_in(d, s, s->sh_def[i], !s->sh_side))
            s->sh_def[nd++] = s->sh_def[i];
    s->sh_ndef = nd;
    for (int v = 0; v < d->nunits; v++)
        if (d->unit[v].side != s->sh_side && jdg_on_map(s, v) &&
            jdg_hex_in(s->sh_def, s->sh_ndef, s->unit[v].hex) >= 0)
            s->unit[v].cf |= JDG_CF_SHOCKED; /* [R8.2-e] */
    if (s->sh_natt == 0 || s->sh_ndef == 0) {
        jdg_combat_end(g);
        return;
    }
    s->sh_stage = JDG_SH_REFUSE; /* refusals come before the tests [R8.8.1-b] */
    jdg_shock_continue(g);
}

/* After the contact tests [R8.3.2-b, AMB-13]: a defending hex no attacker
 * left in the combat declared on leaves the combat (its units were not
 * shocked), and every declared attacker not yet resolved that has it in a
 * front hex must now attack it too (its own combat, later, takes it in). */
static void knock_on(gr_game *g)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    uint8_t nd = 0;
    for (int i = 0; i < s->sh_ndef; i++) {
        int e = s->sh_def[i], hit = 0;
        for (int u = 0; u < d->nunits && !hit; u++)
            hit = (s->unit[u].cf & JDG_CF_ATT) &&
                  (declared_on(d, s, u, e) || (jdg_charging(s, u) && s->unit[u].charge_at == e));
        if (hit) {
            s->sh_def[nd++] = (int16_t)e;
            continue;
        }
        for (int v = 0; v < d->nunits; v++)
            if (s->unit[v].hex == e && d->unit[v].side != s->sh_side)
                s->unit[v].cf &= (uint8_t)~JDG_CF_SHOCKED;
        for (int u = 0; u < d->nunits; u++)
            if (pending_attacker(s, u) && !declared_on(d, s, u, e) &&
                !target_fault(d, s, u, e)) {
                s->unit[u].shock |= (uint8_t)(1u << jdg_dir_to(d, s->unit[u].hex, e));
                gr_emitv(g, JDG_E_SHOCK_DECLARED, 2, u, e);
            }
    }
    s->sh_ndef = nd;
}

void jdg_combat_tests(gr_game *g)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    uint8_t nd = 0;
    for (int i = 0; i < s->sh_ndef; i++)
        if (jdg_enemy_in(d, s, s->sh_def[i], !s->sh_side))
            s->sh_def[nd++] = s->sh_def[i];
    if (nd == 0) { /* every defender refused: the attacker may advance [R8.8.1-i] */
        s->sh_flags = JDG_SHF_OPT_ADV;
        s->sh_stage = JDG_SH_DEF_RES;
        return;
    }
    s->sh_ndef = nd;
    int failed = 0;
    for (int i = 0; (s->sh_flags & JDG_SHF_TESTS) && i < s->sh_natt; i++)
        failed |= contact_test(g, s->sh_att[i]);
    s->sh_flags &= (uint8_t)~JDG_SHF_TESTS;
    jdg_attacking_hexes(d, s);
    if (failed)
        knock_on(g);
    if (s->sh_natt == 0) {
        jdg_combat_end(g);
        return;
    }
    s->sh_stage = JDG_SH_SQUARE; /* square attempts, then reaction fire [R9.3.2-b] */
}

void jdg_combat_end(gr_game *g)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    jdg_charge_over(g, -1); /* end-of-charge CTs [R9.2-c, R9.5.2-j] */
    jdg_pursuit_end(s, d->nunits);
    for (int u = 0; u < d->nunits; u++)
        s->unit[u].cf &= (uint8_t)~(JDG_CF_ATT | JDG_CF_ADVANCED);
    s->sh_stage = JDG_SH_NONE;
    s->sh_flags = 0;
    s->sh_row = -1;
    if (s->sh_ndef > 0)
        jdg_retreat_from(g, s->sh_def, s->sh_ndef); /* a charger the CT routed */
    s->sh_natt = s->sh_ndef = 0;
}

void jdg_shock_continue(gr_game *g)
{
    jdg_state *s = jdg_st(g);
    while (s->sh_stage != JDG_SH_NONE && s->rt_unit < 0 && !s->contact && s->cb_target < 0) {
        switch (s->sh_stage) {
        case JDG_SH_REFUSE:
            if (jdg_refusal_open(jdg_sd(g), s))
                return; /* the defender decides */
            jdg_combat_tests(g);
            break;
        case JDG_SH_SQUARE:
            if (jdg_square_open(jdg_sd(g), s))
                return; /* the defender decides */
            s->sh_stage = JDG_SH_HOLD;
            break;
        case JDG_SH_HOLD:
            if (jdg_hold_open(jdg_sd(g), s))
                return; /* the attacker decides */
            if (s->sh_natt == 0) {
                jdg_combat_end(g); /* every charger was held */
                return;
            }
            s->sh_stage = JDG_SH_CCHARGE;
            break;
        case JDG_SH_CCHARGE:
            if (jdg_ccharge_open(jdg_sd(g), s))
                return; /* the defender decides */
            s->sh_stage = JDG_SH_REACT;
            break;
        case JDG_SH_REACT:
            if (jdg_react_legal(g, 0, NULL, 0) > 1)
                return; /* the defender decides */
            jdg_combat_fight(g);
            break;
        case JDG_SH_ATT_RES:
            jdg_combat_defender_results(g);
            break;
        case JDG_SH_DEF_RES:
            jdg_combat_after(g);
            break;
        default:
            return; /* advance, breakthrough, counter-shock: a decision */
        }
    }
}

int jdg_combat_player(const gr_game *g, int *decision)
{
    const jdg_state *s = jdg_cst(g);
    switch (s->sh_stage) {
    case JDG_SH_REACT: *decision = JDG_D_REACT; return !s->sh_side;
    case JDG_SH_ADVANCE: *decision = JDG_D_ADVANCE; return s->sh_side;
    case JDG_SH_BREAK: *decision = JDG_D_BREAK; return s->sh_side;
    case JDG_SH_COUNTER: *decision = JDG_D_CSHOCK; return !s->sh_side;
    case JDG_SH_REFUSE: *decision = JDG_D_REFUSE; return !s->sh_side;
    case JDG_SH_SQUARE: *decision = JDG_D_SQUARE; return !s->sh_side;
    case JDG_SH_CCHARGE: *decision = JDG_D_CCHARGE; return !s->sh_side;
    case JDG_SH_HOLD: *decision = JDG_D_HOLD; return s->sh_side;
    case JDG_SH_PURSUE: *decision = JDG_D_PURSUIT; return s->pu_side;
    case JDG_SH_CC_PURSUE: *decision = JDG_D_PURSUIT; return !s->sh_side;
    default: return -1;
    }
}

int jdg_combat_legal(const gr_game *g, int p, gr_action *out, int cap)
{
    switch (jdg_cst(g)->sh_stage) {
    case JDG_SH_REACT: return jdg_react_legal(g, p, out, cap);
    case JDG_SH_REFUSE: return jdg_refuse_legal(g, p, out, cap);
    case JDG_SH_SQUARE: return jdg_square_legal(g, p, out, cap);
    case JDG_SH_CCHARGE: return jdg_ccharge_legal(g, p, out, cap);
    case JDG_SH_HOLD: return jdg_hold_legal(g, p, out, cap);
    case JDG_SH_PURSUE:
    case JDG_SH_CC_PURSUE: return jdg_pursuit_legal(g, p, out, cap);
    default: return jdg_advance_legal(g, p, out, cap);
    }
}

static const int STAGE_KINDS[][2] = {
    [JDG_SH_REACT] = {JDG_A_REACT, JDG_A_NO_REACT},
    [JDG_SH_ADVANCE] = {JDG_A_ADVANCE, JDG_A_NO_ADVANCE},
    [JDG_SH_BREAK] = {JDG_A_BREAK, JDG_A_NO_BREAK},
    [JDG_SH_COUNTER] = {JDG_A_CSHOCK, JDG_A_NO_CSHOCK},
    [JDG_SH_REFUSE] = {JDG_A_REFUSE, JDG_A_NO_REFUSE},
    [JDG_SH_SQUARE] = {JDG_A_FORM_SQUARE, JDG_A_NO_SQUARE},
    [JDG_SH_CCHARGE] = {JDG_A_CCHARGE, JDG_A_NO_CCHARGE},
    [JDG_SH_HOLD] = {JDG_A_HOLD, JDG_A_NO_HOLD},
    [JDG_SH_PURSUE] = {JDG_A_PURSUE, JDG_A_NO_PURSUIT},
    [JDG_SH_CC_PURSUE] = {JDG_A_PURSUE, JDG_A_NO_PURSUIT},
};
static const char *const STAGE_RULE[] = {
    [JDG_SH_REACT] = "jdg:R8.3.3-b", [JDG_SH_ADVANCE] = "jdg:R8.7.1-a",
    [JDG_SH_BREAK] = "jdg:R8.7.2-c", [JDG_SH_COUNTER] = "jdg:R8.7.2-d",
    [JDG_SH_REFUSE] = "jdg:R8.8.1-b", [JDG_SH_SQUARE] = "jdg:R9.3.1-d",
    [JDG_SH_CCHARGE] = "jdg:R9.4-b", [JDG_SH_HOLD] = "jdg:R9.3.3-a",
    [JDG_SH_PURSUE] = "jdg:R9.5.2-c", [JDG_SH_CC_PURSUE] = "jdg:R9.4-e",
};

gr_status jdg_combat_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    int st = jdg_cst(g)->sh_stage;
    if (st == JDG_SH_NONE)
        return gr_fail(why, "jdg:R8.5-a", "no combat is waiting for that decision");
    if (a->kind != STAGE_KINDS[st][0] && a->kind != STAGE_KINDS[st][1])
        return gr_fail(why, STAGE_RULE[st], "the combat waits for another decision");
    gr_status r = st == JDG_SH_REACT    ? jdg_react_apply(g, a, why)
                  : st == JDG_SH_REFUSE ? jdg_refuse_apply(g, a, why)
                  : st == JDG_SH_SQUARE ? jdg_square_apply(g, a, why)
                  : st == JDG_SH_CCHARGE ? jdg_ccharge_apply(g, a, why)
                  : st == JDG_SH_HOLD   ? jdg_hold_apply(g, a, why)
                  : st >= JDG_SH_PURSUE ? jdg_pursuit_apply(g, a, why)
                                        : jdg_advance_apply(g, a, why);
    if (r == GR_OK)
        jdg_shock_continue(g);
    return r;
}
