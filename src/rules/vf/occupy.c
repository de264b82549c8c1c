/* occupy.c — defensible terrain (vf:T.3): occupying and leaving a piece,
 * and how an occupying unit sees.
 *
 * A unit occupying piece k stands as the layout {order INSIDE, files k}:
 * its one cell is the piece's rectangle, so every distance, range, contact
 * and line of sight to or from it is measured from the piece (T.3.2-f) and
 * it has no formation, front rank or flanks (T.3.2-e, -h).  It sees and
 * fires in every direction (T.3.2-g).  Buildings are the defensible kind
 * (T.1.1); their occupant is in hard cover (T.3-b, terrain.c).
 *
 *   occupy unit=U piece=P   instead of an action: U less than 3" from P,
 *                           no unit in P (T.3.1-a, T.3.2-a), activated
 *                           brigade and messenger test (T.3.2-b)
 *   leave unit=U x= y= facing= [files=] [order=]
 *                           instead of an action, not in the turn it
 *                           occupied P (T.3.3-b, T.3.2-i): any legal
 *                           formation completely within 6" of P, at least
 *                           3" from enemy units, on the table, touching
 *                           no friend, overlapping nothing (T.3.3-a)
 *
 * Light Infantry may occupy right after its Move or Retreat (T.3.2-c).
 * Connected sections (T.3.7): pieces sharing a border of 3" or more; an
 * occupant moves from one to the other with `occupy` (T.3.7-b), and in the
 * combat phase need not fight an enemy in a connected section (T.3.7-c).
 *
 * Leaders occupy a piece instead of their leader move (leader.c,
 * T.3.1-b); a unit occupying a piece that holds only enemy leaders
 * displaces them (T.3.1-c, 6.3.2-d). */
#include <stdlib.h>
#include <string.h>

#include "vf.h"

int vf_terrain_defensible(int kind) { return kind == VF_T_BUILDING; }

int vf_occupied_piece(const vf_state *st, int u)
{
    const vf_unit *un = &st->unit[u];
    return un->status == VF_UNIT_ON && un->at.order == VF_ORDER_INSIDE ? un->at.files : -1;
}

int vf_occupant(const gr_game *g, int k)
{
    for (int u = 0; u < vf_sd(g)->nunits; u++)
        if (vf_occupied_piece(vf_cst(g), u) == k)
            return u;
    return -1;
}

vf_layout vf_inside_layout(const vf_sdata *sd, int k)
{
    vf_layout l;
    memset(&l, 0, sizeof l);
    l.order = VF_ORDER_INSIDE;
    l.files = (uint8_t)k;
    l.ranks = 1;
    l.last = 1;
    l.x = sd->terrain[k].area.c.x;
    l.y = sd->terrain[k].area.c.y;
    return l;
}

/* The length of border rectangles a and b share (0: none; tol: the
 * contact tolerance). */
static int32_t shared_border(const gr_base *a, const gr_base *b, int32_t tol)
{
    int32_t ax0 = a->c.x - a->w / 2, ax1 = ax0 + a->w, ay0 = a->c.y - a->d / 2, ay1 = ay0 + a->d;
    int32_t bx0 = b->c.x - b->w / 2, bx1 = bx0 + b->w, by0 = b->c.y - b->d / 2, by1 = by0 + b->d;
    int32_t ox = (ax1 < bx1 ? ax1 : bx1) - (ax0 > bx0 ? ax0 : bx0);
    int32_t oy = (ay1 < by1 ? ay1 : by1) - (ay0 > by0 ? ay0 : by0);
    int vertical = abs(ax1 - bx0) <= tol || abs(bx1 - ax0) <= tol;
    int horizontal = abs(ay1 - by0) <= tol || abs(by1 - ay0) <= tol;
    return vertical && oy > 0 ? oy : horizontal && ox > 0 ? ox : 0;
}

int vf_sections_connected(const vf_sdata *sd, int j, int k)
{
    return j != k && j >= 0 && k >= 0 && vf_terrain_defensible(sd->terrain[j].kind) &&
           vf_terrain_defensible(sd->terrain[k].kind) &&
           shared_border(&sd->terrain[j].area, &sd->terrain[k].area, sd->t.contact_tol) >=
               3 * GR_G2_INCH; /* T.3.7-b: "at least 3\"" */
}

int vf_must_fight(const gr_game *g, int u)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    int j = vf_occupied_piece(st, u);
    for (int v = 0; v < sd->nunits; v++)
        if (sd->unit[v].side != sd->unit[u].side && st->unit[v].status == VF_UNIT_ON &&
            vf_unit_contact(g, u, v) &&
            !(j >= 0 && vf_sections_connected(sd, j, vf_occupied_piece(st, v))))
            return 1; /* T.3.7-c: an enemy in a connected section may be left alone */
    return 0;
}

/* Piece k may take unit u now (T.3.1-a, T.3.2-a, T.3.7-b). */
static gr_status occupy_check(const gr_game *g, int u, int k, int player, gr_error *why)
{
    const vf_sdata *sd = vf_sd(g);
    if (k < 0 || !vf_terrain_defensible(sd->terrain[k].kind))
        return gr_fail(why, "vf:T.3.2-a", "only defensible terrain (buildings) is occupied");
    const vf_unit *un = &vf_cst(g)->unit[u];
    int after_move = (un->sflags & VF_SF_JUST_MOVED) && sd->unit[u].side == player;
    gr_status s = after_move ? GR_OK /* T.3.2-c: its move was the action */
                             : vf_actor_check(g, u, player, why); /* T.3.2-b */
    if (s != GR_OK)
        return s;
    int from = vf_occupied_piece(vf_cst(g), u);
    if (from >= 0 && !vf_sections_connected(sd, from, k))
        return gr_fail(why, "vf:T.3.7-b", "%s occupies %s: it moves only into a connected "
                       "section (a border of 3\" or more)", sd->unit[u].id, sd->terrain[from].id);
    if (from >= 0 && (un->sflags & VF_SF_OCCUPIED_NOW))
        return gr_fail(why, "vf:T.3.3-b", "%s occupied %s this turn: it cannot leave it yet",
                       sd->unit[u].id, sd->terrain[from].id);
    int o = vf_occupant(g, k);
    if (o >= 0)
        return gr_fail(why, sd->unit[o].side == sd->unit[u].side ? "vf:T.3.1-a" : "vf:T.3.2-a",
                       "%s is occupied by %s", sd->terrain[k].id, sd->unit[o].id);
    gr_base buf[VF_MAX_CELLS];
    const gr_base *cells;
    int n = vf_unit_cells(g, u, buf, &cells);
    if (!vf_cells_dist_ok(cells, n, &sd->terrain[k].area, 1, 3 * GR_G2_INCH, GR_G2_LESS_THAN))
        return gr_fail(why, "vf:T.3.2-a", "%s must be less than 3\" from %s to occupy it",
                       sd->unit[u].id, sd->terrain[k].id);
    return GR_OK;
}

static void enter_piece(gr_game *g, int u, int k)
{
    vf_unit *un = &vf_st(g)->unit[u];
    un->at = vf_inside_layout(vf_sd(g), k);
    un->status = VF_UNIT_ON;
    un->flags &= (uint8_t)~VF_UF_ENTRENCHED;
}

static gr_status apply_occupy(gr_game *g, const gr_action *a, gr_error *why)
{
    const vf_sdata *sd = vf_sd(g);
    int u = a->arg[0], k = vf_id_terrain(sd, a->arg[1]);
    if (vf_id_leader(sd, u) >= 0)
        return vf_leader_occupy(g, a, vf_id_leader(sd, u), k, why);
    if (u < 0 || u >= sd->nunits)
        return gr_failst(why, GR_ERR_ARG, NULL, "occupy: unit is a unit");
    int after_move = (vf_cst(g)->unit[u].sflags & VF_SF_JUST_MOVED) != 0;
    gr_status s = occupy_check(g, u, k, a->player, why);
    if (s != GR_OK || (!after_move && !vf_messenger(g, u)))
        return s; /* refused, or the messenger failed: the unit has acted */
    enter_piece(g, u, k);
    vf_unit *un = &vf_st(g)->unit[u];
    un->flags |= VF_UF_ACTED;
    un->sflags = (uint8_t)((un->sflags | VF_SF_OCCUPIED_NOW) & ~VF_SF_JUST_MOVED); /* T.3.3-b */
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_OCCUPIED, 2, u, a->arg[1]);
    vf_displace_leaders(g, u); /* T.3.1-c: enemy leaders inside are displaced */
    return GR_OK;
}

/* The layout a `leave` names (any formation: T.3.3-a). */
static vf_layout leave_layout(const gr_game *g, int u, const gr_action *a)
{
    const vf_sdata *sd = vf_sd(g);
    vf_layout l;
    memset(&l, 0, sizeof l);
    l.x = a->arg[1];
    l.y = a->arg[2];
    l.facing = a->arg[3];
    int art = vf_unit_profile(sd, u)->type == VF_ARTILLERY, order = a->arg[5];
    l.order = (uint8_t)(order > VF_ORDER_KEEP ? order - 1
                        : art                 ? VF_ORDER_UNLIMBERED
                                              : VF_ORDER_CLOSE);
    if (l.order == VF_ORDER_UNLIMBERED)
        l.gap = (uint8_t)sd->t.limber_gap_default;
    if (l.order == VF_ORDER_OPEN)
        l.gap = (uint8_t)sd->t.open_gap_default;
    int figs = vf_cst(g)->unit[u].figures, files = a->arg[4];
    vf_layout_shape(&l, art ? 1 : figs, art ? 1 : files > 0 ? files : figs > 1 ? 2 : 1);
    return l;
}

/* Where a leaving unit may stand (T.3.3-a). */
static gr_status leave_place(const gr_game *g, int u, int k, const gr_base *c, int n,
                             gr_error *why)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    for (int i = 0; i < n; i++) {
        gr_pt p[4];
        gr_g2_base_corners(&c[i], p);
        for (int j = 0; j < 4; j++)
            if (!gr_g2_dist_ok(gr_g2_dist_base_pt(&sd->terrain[k].area, p[j]), 6 * GR_G2_INCH,
                               GR_G2_WITHIN))
                return gr_fail(why, "vf:T.3.3-a", "%s must stand completely within 6\" of %s",
                               sd->unit[u].id, sd->terrain[k].id);
    }
    if (!vf_cells_on_table(sd, c, n) || vf_terrain_closed_at(sd, c, n) >= 0)
        return gr_fail(why, "vf:T.3.3-a", "%s must stand on open ground on the table",
                       sd->unit[u].id);
    gr_base ob[VF_MAX_CELLS];
    for (int v = 0; v < sd->nunits; v++) {
        if (v == u || st->unit[v].status != VF_UNIT_ON)
            continue;
        int m = vf_cells(sd, v, &st->unit[v].at, ob);
        int enemy = sd->unit[v].side != sd->unit[u].side;
        if (vf_cells_overlap(sd, c, n, ob, m) || (!enemy && vf_cells_touch(sd, c, n, ob, m)) ||
            (enemy && !vf_cells_dist_ok(c, n, ob, m, 3 * GR_G2_INCH, GR_G2_AT_LEAST)))
            return gr_fail(why, "vf:T.3.3-a", "%s must stand clear of %s (%s)", sd->unit[u].id,
                           sd->unit[v].id, enemy ? "at least 3\" from an enemy" : "a friend");
    }
    return GR_OK;
}

/* A `leave` as named is legal (T.3.3); the layout in *l. */
static gr_status leave_check(const gr_game *g, const gr_action *a, vf_layout *l, gr_error *why)
{
    const vf_sdata *sd = vf_sd(g);
    int u = a->arg[0];
    if (u < 0 || u >= sd->nunits || a->arg[3] < 0 || a->arg[3] >= 36000 || a->arg[3] % 10 ||
        a->arg[4] < 0 || a->arg[4] > VF_MAX_FIGURES || a->arg[5] < 0 ||
        a->arg[5] > VF_ORDER_COUNT)
        return gr_failst(why, GR_ERR_ARG, NULL, "leave: a unit, a position, a facing");
    int k = vf_occupied_piece(vf_cst(g), u);
    if (k < 0)
        return gr_fail(why, "vf:T.3.3-a", "%s occupies no piece", sd->unit[u].id);
    if (vf_cst(g)->unit[u].sflags & VF_SF_OCCUPIED_NOW)
        return gr_fail(why, "vf:T.3.3-b", "%s occupied %s this turn: it cannot leave it yet",
                       sd->unit[u].id, sd->terrain[k].id);
    gr_status s = vf_actor_check(g, u, a->player, why);
    if (s != GR_OK)
        return s;
    *l = leave_layout(g, u, a);
    vf_verdict v;
    if (!vf_layout_check(sd, u, vf_cst(g)->unit[u].figures, l, &v))
        return gr_fail(why, v.rule, "%s: %s", sd->unit[u].id, v.msg);
    gr_base cells[VF_MAX_CELLS];
    int n = vf_cells(sd, u, l, cells);
    return leave_place(g, u, k, cells, n, why);
}

static gr_status apply_leave(gr_game *g, const gr_action *a, gr_error *why)
{
    int u = a->arg[0];
    vf_layout l;
    gr_status s = leave_check(g, a, &l, why);
    if (s != GR_OK || !vf_messenger(g, u))
        return s;
    vf_unit *un = &vf_st(g)->unit[u];
    un->at = l;
    un->flags |= VF_UF_ACTED;
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_LEFT, 4, u, l.x, l.y, l.facing);
    return GR_OK;
}

gr_status vf_occupy_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    return a->kind == VF_ACT_OCCUPY ? apply_occupy(g, a, why) : apply_leave(g, a, why);
}

gr_status vf_occupy_setup(gr_game *g, const char *unit, const char *piece, gr_error *err)
{
    const vf_sdata *sd = vf_sd(g);
    int u = vf_unit_find(sd, unit), k = vf_id_terrain(sd, vf_id_find(sd, piece));
    if (u < 0 || k < 0)
        return gr_failst(err, GR_ERR_PARSE, NULL, "occupy UNIT PIECE: a unit and a piece");
    if (!vf_terrain_defensible(sd->terrain[k].kind))
        return gr_fail(err, "vf:T.3.2-a", "%s is not defensible terrain", sd->terrain[k].id);
    int o = vf_occupant(g, k);
    if (o >= 0 && o != u)
        return gr_fail(err, "vf:T.3.1-a", "%s is occupied by %s", piece, sd->unit[o].id);
    enter_piece(g, u, k); /* deployed inside (T.3.2-d): it may leave this turn */
    vf_st(g)->unit[u].sflags &= (uint8_t)~VF_SF_OCCUPIED_NOW;
    return GR_OK;
}

/* The centre or a corner of the piece's (or the square's) outline sees a
 * point of t's bases: a vertex, an edge midpoint or the centre. */
int vf_occupant_sees(const gr_game *g, int u, const vf_layout *ul, int t, const vf_layout *tl)
{
    const vf_sdata *sd = vf_sd(g);
    gr_base pc, tc[VF_MAX_CELLS];
    if (ul->order == VF_ORDER_SQUARE) { /* the square's outline (SR-Square-b) */
        int32_t w = ul->files * sd->t.inf_w, d = ul->ranks * sd->t.inf_d;
        pc = gr_g2_base_from_front((gr_pt){ul->x, ul->y}, w, d, vf_bearing(ul->facing));
    } else {
        vf_cells(sd, u, ul, &pc);
    }
    int tn = vf_cells(sd, t, tl, tc);
    if (vf_cells_touch(sd, &pc, 1, tc, tn))
        return 1;
    gr_pt from[5], to[9];
    gr_g2_base_corners(&pc, from);
    from[4] = pc.c; /* the centre: lines through its own figures (never in the way) */
    for (int j = 0; j < tn; j++) {
        gr_g2_base_corners(&tc[j], to);
        for (int i = 0; i < 4; i++)
            to[4 + i] = (gr_pt){(to[i].x + to[(i + 1) % 4].x) / 2,
                                (to[i].y + to[(i + 1) % 4].y) / 2};
        to[8] = tc[j].c;
        for (int a = 4; a >= 0; a--)
            for (int b = 0; b < 9; b++) {
                gr_seg s = {from[a], to[b]};
                if (vf_line_clear(g, u, t, s) && vf_terrain_los_clear(sd, s, &pc, &tc[j]))
                    return 1;
            }
    }
    return 0;
}

void vf_occupy_vacated(gr_game *g, int m, int t, int piece)
{
    const vf_state *st = vf_cst(g);
    if (piece < 0 || st->unit[t].status != VF_UNIT_ROUTED || st->unit[m].status != VF_UNIT_ON ||
        vf_unit_profile(vf_sd(g), m)->type != VF_INFANTRY || vf_occupant(g, piece) >= 0 ||
        vf_occupied_piece(st, m) >= 0)
        return;
    enter_piece(g, m, piece);
    vf_st(g)->unit[m].sflags |= VF_SF_OCCUPIED_NOW;
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_OCCUPIED, 2, m, vf_terrain_id(vf_sd(g), piece));
}

/* Candidates for agents: occupying each piece that may take u; for an
 * occupant, leaving in a line (6 files or fewer) facing away from each
 * edge of its piece, its rear 0.5" from it. */
int vf_occupy_candidates(const gr_game *g, int u, int player, gr_action *out, int cap)
{
    const vf_sdata *sd = vf_sd(g);
    int n = 0, in = vf_occupied_piece(vf_cst(g), u);
    if (in < 0) {
        for (int k = 0; k < sd->nterrain && n < cap; k++)
            if (occupy_check(g, u, k, player, NULL) == GR_OK)
                out[n++] = (gr_action){.kind = VF_ACT_OCCUPY, .player = (uint8_t)player,
                                       .nargs = 2, .arg = {u, vf_terrain_id(sd, k)}};
        return n;
    }
    const gr_base *a = &sd->terrain[in].area;
    int figs = vf_cst(g)->unit[u].figures, files = figs < 6 ? figs : 6;
    int art = vf_unit_profile(sd, u)->type == VF_ARTILLERY;
    int32_t depth = art ? 450 : (int32_t)((figs + files - 1) / files) *
                                   (vf_unit_profile(sd, u)->type == VF_CAVALRY ? sd->t.cav_d
                                                                              : sd->t.inf_d);
    for (int e = 0; e < 4 && n < cap; e++) {
        int32_t off = (e % 2 ? a->w : a->d) / 2 + 50 + depth;
        int32_t dx = e == 1 ? off : e == 3 ? -off : 0, dy = e == 0 ? off : e == 2 ? -off : 0;
        gr_action l = {.kind = VF_ACT_LEAVE, .player = (uint8_t)player, .nargs = 6,
                       .arg = {u, a->c.x + dx, a->c.y + dy, e * 9000, art ? 0 : files, 0}};
        vf_layout lay;
        if (leave_check(g, &l, &lay, NULL) == GR_OK)
            out[n++] = l;
    }
    return n;
}

void vf_occupy_after_move(gr_game *g, int u, int kind)
{
    vf_state *st = vf_st(g);
    if (st->phase == VF_PHASE_ACTION && (kind == VF_MK_MOVE || kind == VF_MK_RETREAT) &&
        VF_HAS(vf_unit_profile(vf_sd(g), u)->rules, VF_SR_LIGHT_INFANTRY))
        st->unit[u].sflags |= VF_SF_JUST_MOVED; /* SR-LightInfantry-d */
}

void vf_occupy_action_over(gr_game *g, int keep)
{
    vf_state *st = vf_st(g);
    for (int u = 0; u < vf_sd(g)->nunits; u++)
        if (u != keep)
            st->unit[u].sflags &= (uint8_t)~VF_SF_JUST_MOVED;
}
