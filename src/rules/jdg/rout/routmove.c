/* routmove.c — rout moves [R10.4]: a routed unit that must take a CT makes
 * one instead [R10.2-f, R8.5-c].  It spends the MP of its disordered face
 * as in a normal move (no +1 for passing friends) [R10.4-a], hex by hex
 * along the straight line (gr_hex_line) from where it stands toward its
 * side's rout target, a hex or the nearest hex of an edge (AMB-39)
 * [R10.4-c]; ZOC does not stop it, an enemy frontal ZOC hex is one
 * disorder, so elimination [R10.4-b, R10.3.5], so is a steep slope, not a
 * ford or bridge [R10.3.4-c].  When the line hex would eliminate it or
 * cannot be entered (enemy, impassable, river, a stack it cannot join) it
 * may shift sideways, 2 columns at most for infantry, 3 for cavalry and
 * artillery [R10.4-e] (any hex no farther from the target: the owner
 * chooses); without a shift it enters a deadly line hex, or stops before
 * an impassable one.  It stops when it cannot pay for the next hex; it may
 * stop for good in a town, village or castle [R10.4-d]; from its target it
 * leaves the map and is eliminated [R10.2-h, R10.4-g].  The owner decides
 * (`pending` decision "rout-move": `rout by=P unit=U to=HEX`, `rout-stop
 * by=P unit=U`) only when there is a choice; a single way is taken at
 * once.  A hex of friends it may not stack with (none in square) is
 * passed through: each takes a CT, a routed one makes a rout move after
 * it [R10.5-a/b]; it may not stop there, so it goes on past its MP until
 * it may, and is eliminated if it cannot.  A unit that began its rout move
 * stacked with another routed unit of its side may separate from it once
 * [R10.4-f]: by one sideways hex more (offered where the line is clear, or
 * beyond the column limit), or by stopping one hex short of where its move
 * would end (`rout-short by=P unit=U`); so may the second unit of such a
 * stack to move, where it would end on the first. */
#include "rules/jdg/move/move.h"

#define MAX_LINE 96

/* The hex the unit at cur routs toward: its side's hex, or the hex of the
 * edge nearest to it; -1 when the scenario gives none. */
static int rout_target(const jdg_data *d, int side, int cur)
{
    if (d->rout_hex[side] != JDG_OFFMAP)
        return d->rout_hex[side];
    int col, row;
    gr_grid_cr(&d->grid, cur, &col, &row);
    switch (d->rout_edge[side]) {
    case 'W': col = d->grid.col0; break;
    case 'E': col = d->grid.col0 + d->grid.cols - 1; break;
    case 'N': row = d->grid.row0; break;
    case 'S': row = d->grid.row0 + d->grid.rows - 1; break;
    default: return -1;
    }
    return gr_grid_index_cr(&d->grid, col, row);
}

/* The next hex of the straight line from cur to t. */
static int line_hex(const jdg_data *d, int cur, int t)
{
    gr_hex line[MAX_LINE];
    int n = gr_hex_line(gr_grid_hex(&d->grid, cur), gr_grid_hex(&d->grid, t), line, NULL,
                        MAX_LINE);
    return n >= 2 ? gr_grid_index(&d->grid, line[1]) : -1;
}

/* 0: u may enter h safely, 1: entering it eliminates u (frontal ZOC,
 * steep slope), 2: it may not enter h at all. *cost: half MP. */
static int judge(const jdg_data *d, const jdg_state *s, int u, int h, int *cost)
{
    int cur = s->unit[u].hex, side = d->unit[u].side;
    *cost = h >= 0 ? jdg_terrain_cost(d, d->unit[u].type, cur, h,
                                      !jdg_enemy_within(d, s, side, h, 1))
                   : -1;
    if (*cost < 0 || jdg_side_at(d, s, h, !side, -1))
        return 2;
    jdg_state t;
    memcpy(&t, s, sizeof t);
    t.unit[u].hex = (int16_t)h;
    if (jdg_stack_fault(d, &t, h) && jdg_square_at(d, s, h))
        return 2; /* squares are never passed through [R4.2-j] */
    unsigned bits = jdg_side_bits(d, cur, jdg_dir_to(d, cur, h));
    return (bits & (1u << JDG_HS_STEEP)) || jdg_enemy_zoc(d, s, side, h, 1) ? 1 : 0;
}

static int shift_limit(const jdg_data *d, int u)
{
    return d->unit[u].type == JDG_INF ? 2 : 3;
}

/* A routed unit of u's side other than u stands in h. */
static int routed_friend_in(const jdg_data *d, const jdg_state *s, int u, int h)
{
    for (int v = 0; v < d->nunits; v++)
        if (v != u && jdg_on_map(s, v) && s->unit[v].hex == h &&
            s->unit[v].status == JDG_ROUTED && d->unit[v].side == d->unit[u].side)
            return 1;
    return 0;
}

void jdg_routmove_begin(const jdg_data *d, jdg_state *s, int u)
{
    s->rm_spent = 0;
    s->rm_shifts = 0;
    s->rm_sep = 0;
    s->rm_sep = (uint8_t)routed_friend_in(d, s, u, s->unit[u].hex); /* [R10.4-f] */
}

/* The hexes u may rout into now into out[] (-2: off the map); *stop: it
 * may stop here for good. */
static int options(const jdg_data *d, const jdg_state *s, int u, int *out, int *stop)
{
    int cur = s->unit[u].hex, t = rout_target(d, d->unit[u].side, cur), n = 0, cost;
    int passing = jdg_stack_fault(d, s, cur) != NULL; /* it may not stop here [R10.5-a] */
    int left = passing ? 99 : 2 * d->unit[u].face[1].mp - s->rm_spent;
    *stop = d->terrain_kind[d->terrain[cur]].rout_stop && !passing;
    if (t < 0 || left <= 0 || s->rm_sep == 3)
        return 0;
    if (cur == t) {
        out[0] = -2; /* off the map [R10.2-h] */
        return 1;
    }
    int line = line_hex(d, cur, t), verdict = judge(d, s, u, line, &cost);
    if (verdict == 0 && cost <= left)
        out[n++] = line;
    if (verdict == 0 && s->rm_sep != 1)
        return n;
    int shift = (verdict != 0 && s->rm_shifts < shift_limit(d, u)) || s->rm_sep == 1;
    for (int dir = 0; shift && dir < 6; dir++) {
        int h = jdg_nbr(d, cur, dir), c;
        if (h >= 0 && h != line && jdg_dist(d, h, t) <= jdg_dist(d, cur, t) &&
            judge(d, s, u, h, &c) == 0 && c <= left)
            out[n++] = h;
    }
    if (n == 0 && verdict == 1 && cost <= left)
        out[n++] = line; /* no way round: it goes on and is lost */
    return n;
}

/* One hex of the rout move. */
static void step(gr_game *g, int u, int h)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int cur = s->unit[u].hex, cost, t = rout_target(d, d->unit[u].side, cur);
    if (h == -2) {
        jdg_cinc_follow(g, u, cur, JDG_OFFMAP);
        jdg_eliminate(g, u); /* off the map [R10.2-h, R10.4-g] */
        return;
    }
    int verdict = judge(d, s, u, h, &cost), line = line_hex(d, cur, t), lc;
    if (h != line && s->rm_sep == 1 &&
        (judge(d, s, u, line, &lc) == 0 || s->rm_shifts >= shift_limit(d, u)))
        s->rm_sep = 2; /* the extra column that separates the stack [R10.4-f] */
    else if (h != line)
        s->rm_shifts++;
    s->rm_spent = (uint8_t)(s->rm_spent + cost);
    s->unit[u].hex = (int16_t)h;
    jdg_stack_bottom(d, s, u);
    s->rt_done++;
    gr_emitv(g, JDG_E_ROUT_MOVED, 4, u, h, s->rm_spent, s->rm_shifts);
    jdg_cinc_follow(g, u, cur, h); /* [R2.5.2-c] */
    if (jdg_stack_fault(d, s, h))
        jdg_pass_through(g, u, h); /* [R10.5-a/b] */
    if (verdict == 1)
        jdg_disorder(g, u); /* routed: eliminated [R10.4-b, R10.3.5] */
    else
        jdg_cinc_contact(g, d->unit[u].side, h, cur);
}

/* u may stop one hex short [R10.4-f]: it is not passing friends, its move
 * ends after any next hex it may take (h[0..m)), and it began stacked with
 * another routed unit (and has not separated yet) or would end stacked with
 * one (the second of a routed stack to move). */
static int may_stop_short(const jdg_data *d, const jdg_state *s, int u, const int *h, int m)
{
    if (s->rm_sep > 1 || m == 0 || jdg_stack_fault(d, s, s->unit[u].hex))
        return 0;
    for (int i = 0; i < m; i++) {
        if (h[i] == -2 && s->rm_sep == 0)
            return 0; /* no friend waits off the map */
        if (h[i] == -2)
            continue; /* leaving the map ends it */
        jdg_state t;
        int c, o[6], stop;
        memcpy(&t, s, sizeof t);
        judge(d, s, u, h[i], &c);
        t.unit[u].hex = (int16_t)h[i];
        t.rm_spent = (uint8_t)(t.rm_spent + c);
        if (jdg_stack_fault(d, &t, h[i]) || options(d, &t, u, o, &stop) > 0 ||
            (s->rm_sep == 0 && !routed_friend_in(d, s, u, h[i])))
            return 0;
    }
    return 1;
}

int jdg_routmove_legal(const gr_game *g, int p, gr_action *out, int cap)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    int h[6], stop, u = s->rt_unit, n = 0;
    int m = options(d, s, u, h, &stop), rshort = may_stop_short(d, s, u, h, m);
    stop = stop && m > 0;
    for (int i = 0; i < m; i++)
        n = jdg_add_action(out, cap, n, JDG_A_ROUT, p, 2, u, h[i] == -2 ? GR_NONE : h[i], 0);
    if (stop)
        n = jdg_add_action(out, cap, n, JDG_A_ROUT_STOP, p, 1, u, 0, 0);
    if (rshort)
        n = jdg_add_action(out, cap, n, JDG_A_ROUT_SHORT, p, 1, u, 0, 0);
    return n;
}

/* Takes every forced step; leaves the unit waiting when its owner has a
 * choice; returns 1 when the move is over. */
int jdg_routmove_run(gr_game *g)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int u = s->rt_unit, h[6], stop;
    for (;;) {
        if (!jdg_on_map(s, u))
            return 1;
        int m = options(d, s, u, h, &stop);
        if (m == 0 && jdg_stack_fault(d, s, s->unit[u].hex))
            jdg_eliminate(g, u); /* it cannot leave the friends it passes [R10.5-a] */
        if (m == 0)
            return 1;
        if (m > 1 || stop || may_stop_short(d, s, u, h, m))
            return 0; /* the owner chooses */
        step(g, u, h[0]);
    }
}

gr_status jdg_routmove_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int u = s->rt_unit, h[6], stop, m = options(d, s, u, h, &stop), ok = 0;
    if (a->arg[0] != u)
        return gr_fail(why, "jdg:R10.4-c", "that unit is not the one routing");
    if (a->kind == JDG_A_ROUT_SHORT) {
        if (!may_stop_short(d, s, u, h, m))
            return gr_fail(why, "jdg:R10.4-f", "only a unit that began its rout move stacked "
                           "with another routed unit stops one hex short, once, where its "
                           "move would end after the next hex");
        s->rm_sep = 3;
        return GR_OK;
    }
    if (a->kind == JDG_A_ROUT_STOP) {
        if (!stop || m == 0)
            return gr_fail(why, "jdg:R10.4-d", "a rout stops for good only in a town, "
                           "village or castle");
        s->unit[u].flags |= JDG_UF_ROUT_STOP;
        return GR_OK;
    }
    int to = a->arg[1] == GR_NONE ? -2 : a->arg[1];
    for (int i = 0; i < m; i++)
        ok |= h[i] == to;
    if (!ok)
        return gr_fail(why, "jdg:R10.4-e", "a rout move follows the straight line to its "
                       "target, shifting sideways only round an obstacle that would "
                       "eliminate it, within its MP");
    step(g, u, to);
    return GR_OK;
}
