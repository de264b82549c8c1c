/* advance.c — after a combat's results [R8.7]: the attacker's advance into
 * a vacated defending hex by the stack of its highest-cohesion unit (the
 * whole non-artillery stack, AMB-7 reading c), turning one vertex at most
 * [R8.7.1-a..e]; a breakthrough shock by the advanced stack when the
 * result allows it and it kept its facing [R8.7.2-c]; a counter-shock by a
 * defending stack into a vacated attacking hex when the result allows it
 * [R8.7.2-d].  Each unit makes one breakthrough or counter-shock per
 * activation [R8.7.2-a], resolved at once [R8.7.2-b]. */
#include "rules/jdg/shock/shock.h"
#include "rules/jdg/move/move.h"

static int vacated(const jdg_data *d, const jdg_state *s, int h, int side)
{
    return !jdg_side_at(d, s, h, side, -1);
}

/* Can u (an attacker still standing) advance into h? */
static int advance_ok(const jdg_data *d, const jdg_state *s, int u, int h)
{
    return jdg_hex_in(s->sh_def, s->sh_ndef, h) >= 0 && jdg_dist(d, s->unit[u].hex, h) == 1 &&
           vacated(d, s, h, !s->sh_side) && !jdg_side_at(d, s, h, s->sh_side, -1) &&
           jdg_could_enter(d, s, u, h);
}

static int may_advance(const jdg_data *d, const jdg_state *s, int u)
{
    if (!(s->unit[u].cf & JDG_CF_ATT) || !jdg_on_map(s, u) || s->unit[u].status == JDG_ROUTED ||
        d->unit[u].type == JDG_ART) /* artillery never advances [R8.7.1-d] */
        return 0;
    for (int i = 0; i < s->sh_ndef; i++)
        if (advance_ok(d, s, u, s->sh_def[i]))
            return 1;
    return 0;
}

/* Advance priority: charging heavy cavalry, charging cavalry, then the
 * highest cohesion [R8.7.1-a, R8.7.1-f]. */
static int rank(const jdg_data *d, const jdg_state *s, int u)
{
    int c = d->unit[u].face[s->unit[u].status == JDG_GOOD ? 0 : 1].cohesion;
    return c + (jdg_charging(s, u) ? (d->unit[u].heavy ? 200 : 100) : 0);
}

static int best_cohesion(const jdg_data *d, const jdg_state *s)
{
    int best = -99;
    for (int u = 0; u < d->nunits; u++)
        if (may_advance(d, s, u) && rank(d, s, u) > best)
            best = rank(d, s, u);
    return best;
}

static int advance_choice_ok(const jdg_data *d, const jdg_state *s, int u, int h, int f)
{
    if (u < 0 || u >= d->nunits || !may_advance(d, s, u) || h < 0 || !advance_ok(d, s, u, h))
        return 0;
    int turn = (f - s->unit[u].facing + 6) % 6;
    return rank(d, s, u) == best_cohesion(d, s) && f >= 0 && f < 6 && (turn == 0 || turn == 1 || turn == 5);
}

/* The front hexes of the units in hex h (of side `side`, facing f) with an
 * enemy unit they could enter, into list; returns how many. */
static int front_targets(const jdg_data *d, const jdg_state *s, int side, int h, int16_t *list)
{
    uint8_t n = 0;
    for (int u = 0; u < d->nunits; u++) {
        if (d->unit[u].side != side || s->unit[u].hex != h || !jdg_on_map(s, u) ||
            d->unit[u].type == JDG_ART || s->unit[u].status != JDG_GOOD ||
            (s->unit[u].flags & JDG_UF_SQUARE) || (s->unit[u].cf & JDG_CF_BREAK))
            continue;
        for (int dir = 0; dir < 6; dir++) {
            int t = jdg_nbr(d, h, dir);
            if (t >= 0 && jdg_is_front(d, s, u, t) && jdg_enemy_in(d, s, t, !side) &&
                jdg_could_enter(d, s, u, t))
                jdg_hex_add(list, &n, t);
        }
    }
    return n;
}

/* Moves the non-artillery, non-routed units of u's hex into h facing f,
 * except those waiting to resolve a shock of their own [R8.3.1-d]. */
static void move_stack(gr_game *g, int u, int h, int f)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int from = s->unit[u].hex, side = d->unit[u].side;
    int steep = (jdg_side_bits(d, from, jdg_dir_to(d, from, h)) >> JDG_HS_STEEP) & 1u;
    for (int v = 0; v < d->nunits; v++) {
        if (s->unit[v].hex != from || !jdg_on_map(s, v) || d->unit[v].type == JDG_ART ||
            s->unit[v].status == JDG_ROUTED || d->unit[v].side != side ||
            (v != u && jdg_pending_attacker(s, v)))
            continue;
        s->unit[v].hex = (int16_t)h;
        jdg_stack_bottom(d, s, v);
        s->unit[v].facing = (int8_t)f;
        s->unit[v].shock = 0;
        s->unit[v].cf |= JDG_CF_ADVANCED;
        gr_emitv(g, JDG_E_ADVANCED, 3, v, h, f);
        if (steep && d->unit[v].type == JDG_INF)
            jdg_disorder(g, v); /* [R8.7.1-e] */
    }
    jdg_cinc_contact(g, side, h, from);
}

/* Counter-shock options of defender v: (to, at) pairs into to_at. */
static int counter_options(const jdg_data *d, const jdg_state *s, int v, int16_t *to_at)
{
    int n = 0;
    if (d->unit[v].side == s->sh_side || !jdg_on_map(s, v) || d->unit[v].type == JDG_ART ||
        s->unit[v].status != JDG_GOOD || (s->unit[v].flags & JDG_UF_SQUARE) ||
        (s->unit[v].cf & JDG_CF_BREAK) || jdg_hex_in(s->sh_def, s->sh_ndef, s->unit[v].hex) < 0)
        return 0;
    for (int i = 0; i < s->sh_natt; i++) {
        int to = s->sh_att[i];
        if (jdg_dist(d, s->unit[v].hex, to) != 1 || !vacated(d, s, to, s->sh_side) ||
            jdg_side_at(d, s, to, !s->sh_side, -1) || !jdg_could_enter(d, s, v, to))
            continue;
        jdg_state t;
        memcpy(&t, s, sizeof t);
        t.unit[v].hex = (int16_t)to; /* without changing facing [R8.7.2-d] */
        int16_t at[JDG_SH_HEXES];
        int na = front_targets(d, &t, d->unit[v].side, to, at);
        for (int k = 0; k < na && n < 2 * JDG_SH_HEXES; k++) {
            to_at[2 * n] = (int16_t)to;
            to_at[2 * n + 1] = at[k];
            n++;
        }
    }
    return n;
}

static int any_counter(const jdg_data *d, const jdg_state *s)
{
    int16_t to_at[4 * JDG_SH_HEXES];
    for (int v = 0; v < d->nunits; v++)
        if (counter_options(d, s, v, to_at) > 0)
            return 1;
    return 0;
}

/* The breakthrough's attackers: the advanced stack's units that may still
 * shock; their front hexes with enemies into list. */
static int break_targets(const jdg_data *d, const jdg_state *s, int16_t *list)
{
    for (int u = 0; u < d->nunits; u++)
        if (s->unit[u].cf & JDG_CF_ADVANCED)
            return front_targets(d, s, s->sh_side, s->unit[u].hex, list);
    return 0;
}

/* After the advance (or none): breakthrough, counter-shock or the end. */
static void after_advance(gr_game *g)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int16_t list[JDG_SH_HEXES];
    if ((s->sh_flags & JDG_SHF_B) && !(s->sh_flags & (JDG_SHF_TURNED | JDG_SHF_LONE_ART)) &&
        break_targets(d, s, list) > 0) {
        s->sh_stage = JDG_SH_BREAK;
        return;
    }
    if ((s->sh_flags & JDG_SHF_C) && any_counter(d, s)) {
        s->sh_stage = JDG_SH_COUNTER;
        return;
    }
    jdg_combat_end(g);
}

void jdg_combat_after(gr_game *g)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    if (s->sh_cc == 2 && jdg_cc_pursuit_open(d, s)) {
        s->sh_stage = JDG_SH_CC_PURSUE; /* the counter-charger may pursue [R9.4-e] */
        return;
    }
    for (int u = 0; u < d->nunits; u++)
        if (may_advance(d, s, u)) {
            s->sh_stage = JDG_SH_ADVANCE; /* it must advance [R8.7.1-a] */
            return;
        }
    after_advance(g);
}

int jdg_advance_legal(const gr_game *g, int p, gr_action *out, int cap)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    int n = 0;
    if (s->sh_stage == JDG_SH_BREAK) {
        n = jdg_add_action(out, cap, n, JDG_A_BREAK, p, 0, 0, 0, 0);
        return jdg_add_action(out, cap, n, JDG_A_NO_BREAK, p, 0, 0, 0, 0);
    }
    if (s->sh_stage == JDG_SH_COUNTER) {
        int16_t to_at[4 * JDG_SH_HEXES];
        for (int v = 0; v < d->nunits; v++)
            for (int k = 0, m = counter_options(d, s, v, to_at); k < m; k++)
                n = jdg_add_action(out, cap, n, JDG_A_CSHOCK, p, 3, v, to_at[2 * k],
                                   to_at[2 * k + 1]);
        return jdg_add_action(out, cap, n, JDG_A_NO_CSHOCK, p, 0, 0, 0, 0);
    }
    for (int u = 0; u < d->nunits; u++)
        for (int i = 0; may_advance(d, s, u) && i < s->sh_ndef; i++)
            for (int t = 5; t <= 7; t++) {
                int f = (s->unit[u].facing + t) % 6;
                if (advance_choice_ok(d, s, u, s->sh_def[i], f))
                    n = jdg_add_action(out, cap, n, JDG_A_ADVANCE, p, 3, u, s->sh_def[i], f);
            }
    if (s->sh_flags & JDG_SHF_OPT_ADV) /* after a refusal it may stay [R8.8.1-i] */
        n = jdg_add_action(out, cap, n, JDG_A_NO_ADVANCE, p, 0, 0, 0, 0);
    return n;
}

/* A breakthrough or counter-shock: the units of hex h of side `side` that
 * may shock attack the hexes of list [R8.7.2-c/d]; no contact test. */
static void second_shock(gr_game *g, int side, int h, const int16_t *list, int n)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    jdg_charge_over(g, h); /* the chargers that do not go on [R9.2-c] */
    if (s->sh_ndef > 0)
        jdg_retreat_from(g, s->sh_def, s->sh_ndef);
    for (int u = 0; u < d->nunits; u++) {
        s->unit[u].cf &= (uint8_t)~(JDG_CF_ATT | JDG_CF_ADVANCED);
        if (d->unit[u].side == side && s->unit[u].hex == h && jdg_on_map(s, u) &&
            d->unit[u].type != JDG_ART && s->unit[u].status == JDG_GOOD &&
            !(s->unit[u].flags & JDG_UF_SQUARE) && !(s->unit[u].cf & JDG_CF_BREAK))
            s->unit[u].cf |= JDG_CF_ATT | JDG_CF_BREAK;
    }
    s->sh_side = (uint8_t)side;
    s->sh_ndef = 0;
    for (int i = 0; i < n; i++)
        jdg_hex_add(s->sh_def, &s->sh_ndef, list[i]);
    jdg_combat_start(g, 0);
}

static gr_status apply_counter(gr_game *g, const gr_action *a, gr_error *why)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int16_t to_at[4 * JDG_SH_HEXES];
    int v = a->arg[0], ok = 0;
    int m = v >= 0 && v < d->nunits ? counter_options(d, s, v, to_at) : 0;
    for (int k = 0; k < m && !ok; k++)
        ok = to_at[2 * k] == a->arg[1] && to_at[2 * k + 1] == a->arg[2];
    if (!ok)
        return gr_fail(why, "jdg:R8.7.2-d", "a defending unit in good order advances, without "
                       "turning, into the attacker's vacated hex and shocks an enemy in front");
    int16_t at = (int16_t)a->arg[2];
    move_stack(g, v, a->arg[1], s->unit[v].facing);
    second_shock(g, d->unit[v].side, a->arg[1], &at, 1);
    return GR_OK;
}

gr_status jdg_advance_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int16_t list[JDG_SH_HEXES];
    switch (a->kind) {
    case JDG_A_ADVANCE:
        if (!advance_choice_ok(d, s, a->arg[0], a->arg[1], a->arg[2]))
            return gr_fail(why, "jdg:R8.7.1-a", "the stack of the attacker with the highest "
                           "cohesion advances into a vacated hex, turning one vertex at most");
        if (a->arg[2] != s->unit[a->arg[0]].facing)
            s->sh_flags |= JDG_SHF_TURNED;
        move_stack(g, a->arg[0], a->arg[1], a->arg[2]);
        if (!jdg_pursuit_begin(g, a->arg[0])) /* a charger pursues instead (AMB-23) */
            after_advance(g);
        return GR_OK;
    case JDG_A_BREAK: {
        int n = break_targets(d, s, list);
        int h = -1;
        for (int u = 0; u < d->nunits && h < 0; u++)
            h = s->unit[u].cf & JDG_CF_ADVANCED ? s->unit[u].hex : -1;
        second_shock(g, s->sh_side, h, list, n); /* every enemy in front [R8.7.2-c] */
        return GR_OK;
    }
    case JDG_A_CSHOCK:
        return apply_counter(g, a, why);
    case JDG_A_NO_ADVANCE:
        if (!(s->sh_flags & JDG_SHF_OPT_ADV))
            return gr_fail(why, "jdg:R8.7.1-a", "the attacker must advance into the hex the "
                           "defender left");
        jdg_combat_end(g);
        return GR_OK;
    case JDG_A_NO_BREAK:
        if ((s->sh_flags & JDG_SHF_C) && any_counter(d, s)) {
            s->sh_stage = JDG_SH_COUNTER;
            return GR_OK;
        }
        jdg_combat_end(g);
        return GR_OK;
    default:
        jdg_combat_end(g);
        return GR_OK;
    }
}
