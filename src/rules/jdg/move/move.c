/* move.c — the movement step's actions [R1-D3, rules 4-6]: `move` /
 * `march` enter one adjacent hex (normal move / forced march), `stop` ends
 * the unit's move with its facing (alone, a turn in place), `square` and
 * `unsquare` form and leave square [R4.2]; `move-to`, the whole move in one
 * decision, is path.c's.  The unit in the middle of its
 * move is jdg_state.mover: it finishes before another starts [R4.4.1-b]. */
#include "rules/jdg/move/move.h"

int jdg_friendly_infantry_at(const jdg_data *d, const jdg_state *s, int h, int side)
{
    for (int u = 0; u < d->nunits; u++)
        if (s->unit[u].hex == h && jdg_on_map(s, u) && d->unit[u].side == side &&
            d->unit[u].type == JDG_INF)
            return 1;
    return 0;
}

int jdg_square_at(const jdg_data *d, const jdg_state *s, int h)
{
    for (int u = 0; u < d->nunits; u++)
        if (s->unit[u].hex == h && jdg_on_map(s, u) && (s->unit[u].flags & JDG_UF_SQUARE))
            return 1;
    return 0;
}

void jdg_move_reset(gr_game *g)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    for (int u = 0; u < d->nunits; u++) {
        s->unit[u].act = 0;
        s->unit[u].act2 = 0;
        s->unit[u].spent = 0;
        s->unit[u].facing0 = s->unit[u].facing;
        s->unit[u].hex0 = s->unit[u].hex;
        s->unit[u].fired_at = -1;
        s->unit[u].shock = 0;
        s->unit[u].cf = 0;
    }
    for (int f = 0; f < d->nformations; f++)
        s->formation[f].entered_now = 0;
    s->mover = -1;
    s->sh_closed = 0;
}

/* Turns u to `facing` in t; a unit that has not moved turns the units of
 * its hex that must share its facing with it [R6.1.1-b]. */
static void turn_unit(const jdg_data *d, jdg_state *t, int u, int facing)
{
    int w[JDG_MAX_UNITS], n = jdg_units_at(d, t, t->unit[u].hex, w, JDG_MAX_UNITS), other = 0;
    t->unit[u].facing = (int8_t)facing;
    if (t->unit[u].act & JDG_ACT_MOVED)
        return;
    for (int i = 0; i < n; i++)
        other += d->unit[w[i]].type != JDG_ART;
    for (int i = 0; i < n; i++) {
        int art_u = d->unit[u].type == JDG_ART, art_w = d->unit[w[i]].type == JDG_ART;
        if (t->unit[w[i]].status == JDG_ROUTED || (art_u != art_w && other > 0) ||
            (art_u && other > 0))
            continue;
        t->unit[w[i]].facing = (int8_t)facing;
    }
}

/* "stop": the end of u's move with `facing` (or a turn in place) in s,
 * checked on t, whose units (only they: turning changes nothing else) are
 * copied from s: facing limit in an enemy ZOC [R6.2.2-d], stacking at the
 * end of the move [R5.1.2-d], shared facing [R6.1.1-b]. */
gr_status jdg_stop_ok(const jdg_data *d, const jdg_state *s, int u, int facing, jdg_state *t,
                      gr_error *why)
{
    if (jdg_may_act(d, s, u, why) != GR_OK)
        return GR_ERR_ILLEGAL;
    if (facing < 0 || facing > 5)
        return gr_failst(why, GR_ERR_ARG, NULL, "a facing is a vertex 0..5");
    const jdg_unit *un = &s->unit[u];
    int turn = (facing - un->facing0 + 6) % 6;
    if (!(un->act & JDG_ACT_MOVED) && turn > 1 && turn < 5 &&
        jdg_enemy_zoc(d, s, d->unit[u].side, un->hex, 0))
        return gr_fail(why, "jdg:R6.2.2-d", "a unit that stays in an enemy ZOC turns at most "
                       "one vertex");
    if ((un->act & JDG_ACT_MOVED) && jdg_enemy_entry_near(d, s, d->unit[u].side, un->hex))
        return gr_fail(why, "jdg:R5.2.3-a", "no unit ends a move in or next to an enemy entry "
                       "hex while reinforcements are due there");
    memcpy(t->unit, s->unit, (size_t)d->nunits * sizeof s->unit[0]);
    turn_unit(d, t, u, facing);
    const char *fault = jdg_stack_fault(d, t, un->hex);
    if (fault)
        return gr_fail(why, "jdg:R5.1.2-d", "%s cannot end its move in this hex: %s",
                       d->unit[u].id, fault);
    if ((fault = jdg_facing_fault(d, t, un->hex)))
        return gr_fail(why, "jdg:R6.1.1-b", "%s: %s", d->unit[u].id, fault);
    return GR_OK;
}

static gr_status check_stop(const gr_game *g, int u, int facing, jdg_state *t, gr_error *why)
{
    return jdg_stop_ok(jdg_sd(g), jdg_cst(g), u, facing, t, why);
}

/* The stack of u may form square together [R4.2-a, R4.2-c..e]: every
 * infantry unit of the hex acts in this activation, none has moved; the
 * artillery of the hex (of any formation) forms with it (docs/jdg.md). */
static gr_status check_square(const gr_game *g, int u, gr_error *why)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    if (jdg_may_act(d, s, u, why) != GR_OK)
        return GR_ERR_ILLEGAL;
    if (s->unit[u].act & JDG_ACT_MOVED)
        return gr_fail(why, "jdg:R4.2-c", "a unit forms square only if it does not move");
    int w[JDG_MAX_UNITS], n = jdg_units_at(d, s, s->unit[u].hex, w, JDG_MAX_UNITS), inf = 0;
    if (!d->terrain_kind[d->terrain[s->unit[u].hex]].square_ok)
        return gr_fail(why, "jdg:R4.2-a", "square only in clear terrain");
    for (int i = 0; i < n; i++) {
        const jdg_unit *x = &s->unit[w[i]];
        int type = d->unit[w[i]].type;
        if (x->status != JDG_GOOD || type == JDG_CAV || (x->flags & JDG_UF_SQUARE))
            return gr_fail(why, "jdg:R4.2-a", "only infantry and artillery in good order form "
                           "square (%s)", d->unit[w[i]].id);
        if ((x->act & JDG_ACT_MOVED) ||
            (type == JDG_INF && jdg_may_act(d, s, w[i], NULL) != GR_OK))
            return gr_fail(why, "jdg:R4.2-d", "units form square together only if all were in "
                           "the hex at the start of the activation and act in it (%s)",
                           d->unit[w[i]].id);
        inf += type == JDG_INF;
    }
    if (!inf)
        return gr_fail(why, "jdg:R4.2-e", "artillery forms square only with infantry");
    return GR_OK;
}

/* The stack of u may leave square: 2 MP for each infantry unit, which
 * needs them [R4.2-g, AMB-47]; its artillery leaves with it. */
static gr_status check_unsquare(const gr_game *g, int u, gr_error *why)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    if (jdg_may_act(d, s, u, why) != GR_OK)
        return GR_ERR_ILLEGAL;
    if (!(s->unit[u].flags & JDG_UF_SQUARE))
        return gr_fail(why, "jdg:R4.2-g", "%s is not in square", d->unit[u].id);
    int w[JDG_MAX_UNITS], n = jdg_units_at(d, s, s->unit[u].hex, w, JDG_MAX_UNITS);
    for (int i = 0; i < n; i++)
        if (d->unit[w[i]].type == JDG_INF &&
            (jdg_may_act(d, s, w[i], NULL) != GR_OK ||
             jdg_allowance(g, w[i], 0) - s->unit[w[i]].spent < 4))
            return gr_fail(why, "jdg:R4.2-g", "leaving square costs 2 MP to every unit of the "
                           "square (%s cannot)", d->unit[w[i]].id);
    return GR_OK;
}

gr_status jdg_step_apply(gr_game *g, int u, int to, int forced, gr_error *why)
{
    int cost;
    if (jdg_step_ok(jdg_sd(g), jdg_cst(g), u, to, forced, &cost, why) != GR_OK)
        return GR_ERR_ILLEGAL;
    jdg_state *s = jdg_st(g);
    jdg_unit *un = &s->unit[u];
    int from = un->hex;
    s->mover = (int8_t)u;
    un->hex = (int16_t)to;
    jdg_stack_bottom(jdg_sd(g), s, u);
    un->spent = (uint8_t)(un->spent + cost);
    un->act |= JDG_ACT_MOVED | JDG_ACT_STEPPED | (forced ? JDG_ACT_FORCED : 0);
    gr_emitv(g, JDG_E_MOVED, 5, u, to, cost, un->spent, jdg_allowance(g, u, forced));
    jdg_reinf_check(g);
    jdg_cinc_contact(g, jdg_sd(g)->unit[u].side, to, from);
    return GR_OK;
}

gr_status jdg_stop_apply(gr_game *g, int u, int facing, gr_error *why)
{
    jdg_state t;
    if (check_stop(g, u, facing, &t, why) != GR_OK)
        return GR_ERR_ILLEGAL;
    jdg_state *s = jdg_st(g);
    memcpy(s->unit, t.unit, (size_t)jdg_sd(g)->nunits * sizeof s->unit[0]);
    s->unit[u].act |= JDG_ACT_DONE;
    s->mover = -1;
    gr_emitv(g, JDG_E_STOPPED, 3, u, s->unit[u].hex, facing);
    return GR_OK;
}

/* Forms (on) or leaves (off) square for every unit of u's hex. */
static void set_square(gr_game *g, int u, int on)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int w[JDG_MAX_UNITS], n = jdg_units_at(d, s, s->unit[u].hex, w, JDG_MAX_UNITS);
    for (int i = 0; i < n; i++) {
        jdg_unit *x = &s->unit[w[i]];
        if (on) { /* costs the whole allowance [R4.2-c] */
            x->flags |= JDG_UF_SQUARE;
            x->spent = (uint8_t)jdg_allowance(g, w[i], 0);
            x->act |= JDG_ACT_MOVED | JDG_ACT_DONE;
        } else { /* 2 MP, then any facing and the MP left [R4.2-g, R6.1.2-b] */
            x->flags &= (uint8_t)~JDG_UF_SQUARE;
            x->spent = (uint8_t)(x->spent + 4);
            x->act |= JDG_ACT_MOVED;
        }
        gr_emitv(g, JDG_E_SQUARE, 2, w[i], on);
    }
    if (!on)
        s->mover = (int8_t)u;
}

gr_status jdg_move_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    int u = a->arg[0];
    switch (a->kind) {
    case JDG_A_MOVE: return jdg_step_apply(g, u, a->arg[1], 0, why);
    case JDG_A_MARCH: return jdg_step_apply(g, u, a->arg[1], 1, why);
    case JDG_A_STOP: return jdg_stop_apply(g, u, a->arg[1], why);
    case JDG_A_ENTER: return jdg_enter_apply(g, u, a->arg[1], why);
    case JDG_A_RELEASE: return jdg_release_apply(g, u, why);
    case JDG_A_EXIT: return jdg_exit_apply(g, u, why);
    case JDG_A_RESTACK: return jdg_restack_apply(g, u, why);
    case JDG_A_MOVE_TO: return jdg_move_to_apply(g, u, a->arg[1], a->arg[2], a->arg[3], why);
    case JDG_A_SQUARE:
        if (check_square(g, u, why) != GR_OK)
            return GR_ERR_ILLEGAL;
        set_square(g, u, 1);
        return GR_OK;
    default:
        if (check_unsquare(g, u, why) != GR_OK)
            return GR_ERR_ILLEGAL;
        set_square(g, u, 0);
        return GR_OK;
    }
}

static int add(gr_action *out, int cap, int n, int kind, int p, int a0, int a1)
{
    if (n < cap) {
        memset(&out[n], 0, sizeof out[n]);
        out[n].kind = (uint16_t)kind;
        out[n].player = (uint8_t)p;
        out[n].nargs = a1 >= 0 ? 2 : 1;
        out[n].arg[0] = a0;
        out[n].arg[1] = a1 >= 0 ? a1 : 0;
    }
    return n + 1;
}

/* The one-hex steps of unit u, in each direction, normal and forced. */
static int step_actions(const gr_game *g, int p, int u, gr_action *out, int cap, int n)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    int cost;
    for (int dir = 0; dir < 6; dir++) {
        int to = jdg_nbr(d, s->unit[u].hex, dir);
        if (to < 0)
            continue;
        if (jdg_step_ok(d, s, u, to, 0, &cost, NULL) == GR_OK)
            n = add(out, cap, n, JDG_A_MOVE, p, u, to);
        if (jdg_step_ok(d, s, u, to, 1, &cost, NULL) == GR_OK)
            n = add(out, cap, n, JDG_A_MARCH, p, u, to);
    }
    return n;
}

int jdg_unit_other_legal(const gr_game *g, int p, int u, gr_action *out, int cap, int n)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    jdg_state t;
    if (s->mover == u || (s->unit[u].cf & JDG_CF_CHARGE))
        n = step_actions(g, p, u, out, cap, n);
    for (int f = 0; f < 6; f++)
        if (check_stop(g, u, f, &t, NULL) == GR_OK)
            n = add(out, cap, n, JDG_A_STOP, p, u, f);
    if (check_square(g, u, NULL) == GR_OK)
        n = add(out, cap, n, JDG_A_SQUARE, p, u, -1);
    if (check_unsquare(g, u, NULL) == GR_OK)
        n = add(out, cap, n, JDG_A_UNSQUARE, p, u, -1);
    if (jdg_check_exit(d, s, u, NULL) == GR_OK)
        n = add(out, cap, n, JDG_A_EXIT, p, u, -1);
    return n;
}

/* Every action of unit u: the unit in the middle of its move (and a
 * charging one) one hex at a time, any other its whole moves (path.c);
 * then its stops with each facing, square, unsquare, exit. */
static int unit_actions(const gr_game *g, int p, int u, gr_action *out, int cap, int n)
{
    if (jdg_cst(g)->mover != u)
        n = jdg_move_to_legal(g, p, u, out, cap, n);
    return jdg_unit_other_legal(g, p, u, out, cap, n);
}

int jdg_move_legal(const gr_game *g, int p, gr_action *out, int cap)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    if (s->mover >= 0)
        return unit_actions(g, p, s->mover, out, cap, 0);
    int n = 0;
    for (int u = 0; u < d->nunits; u++)
        if (jdg_may_act(jdg_sd(g), jdg_cst(g), u, NULL) == GR_OK)
            n = unit_actions(g, p, u, out, cap, n);
    n = jdg_restack_legal(g, p, out, cap, n);
    return jdg_enter_legal(g, p, out, cap, n);
}
