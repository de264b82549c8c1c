/* leader.c — leader moves (vf:6.8): a brigade leader after its brigade
 * (6.8-a), the army leader at the end of the action phase (6.8-b).  A
 * leader is placed, not moved along a path: anywhere less than 36" from
 * where it stands (centre to centre, spec 8.6) and more than 6" from every
 * enemy unit, on the table, overlapping no unit and no other leader
 * (6.8-c).  Instead, a leader may occupy a defensible piece (T.3.1,
 * T.3.2-a); placing it again leaves the piece. */
#include "../vf.h"

gr_base vf_leader_base(const gr_game *g, int l)
{
    const vf_tables *t = &vf_sd(g)->t;
    const vf_leader_state *ls = &vf_cst(g)->leader[l];
    return (gr_base){{ls->x, ls->y}, t->leader_w, t->leader_d, 0};
}

/* First unit or leader other than l that base b overlaps, as a name, or
 * NULL. */
static const char *overlapped(const gr_game *g, int l, const gr_base *b)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    gr_base cells[VF_MAX_CELLS];
    for (int u = 0; u < sd->nunits; u++) {
        if (st->unit[u].status != VF_UNIT_ON)
            continue;
        int n = vf_cells(sd, u, &st->unit[u].at, cells);
        if (vf_cells_overlap(sd, b, 1, cells, n))
            return sd->unit[u].id;
    }
    for (int o = 0; o < sd->nleaders; o++) {
        gr_base ob = vf_leader_base(g, o);
        if (o != l && st->leader[o].status == VF_UNIT_ON && vf_cells_overlap(sd, b, 1, &ob, 1))
            return sd->leader[o].id;
    }
    return NULL;
}

/* First enemy unit 6" or less from base b, or -1. */
static int enemy_near(const gr_game *g, int side, const gr_base *b)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    gr_base cells[VF_MAX_CELLS];
    for (int u = 0; u < sd->nunits; u++) {
        if (st->unit[u].status != VF_UNIT_ON || sd->unit[u].side == side)
            continue;
        int n = vf_cells(sd, u, &st->unit[u].at, cells);
        if (!gr_g2_dist_ok(vf_cells_dist(b, 1, cells, n), 6 * GR_G2_INCH, GR_G2_MORE_THAN))
            return u;
    }
    return -1;
}

gr_status vf_place_check(const gr_game *g, int l, gr_pt at, gr_error *why)
{
    const vf_sdata *sd = vf_sd(g);
    gr_base now = vf_leader_base(g, l), b = now;
    b.c = at;
    if (!gr_g2_dist_ok(gr_g2_dist_pts(now.c, at), 36 * GR_G2_INCH, GR_G2_LESS_THAN))
        return gr_fail(why, "vf:6.8-c", "%s is placed less than 36\" from where it stands",
                       sd->leader[l].id);
    if (!vf_cells_on_table(sd, &b, 1))
        return gr_fail(why, "vf:6.8-c", "%s would not be on the battlefield", sd->leader[l].id);
    int e = enemy_near(g, sd->leader[l].side, &b);
    if (e >= 0)
        return gr_fail(why, "vf:6.8-c", "%s must stand more than 6\" from enemy unit %s",
                       sd->leader[l].id, sd->unit[e].id);
    const char *o = overlapped(g, l, &b);
    if (o)
        return gr_fail(why, "vf:6.8-c", "%s would overlap %s", sd->leader[l].id, o);
    return GR_OK;
}

/* Leader l is not `player`'s to move: a brigade leader is commanded with
 * its brigade by its side's player (1.4-b), the army leader by the side's
 * C-in-C (2.3-c, the side's one player). */
static gr_status not_his(const gr_game *g, int l, int player, gr_error *why)
{
    const vf_sdata *sd = vf_sd(g);
    if (sd->leader[l].side == player)
        return GR_OK;
    return gr_fail(why, sd->leader[l].brigade < 0 ? "vf:2.3-c" : "vf:1.4-b",
                   "%s is side %s's leader", sd->leader[l].id,
                   vf_side_names[sd->leader[l].side]);
}

/* The leader that may move now, or -1 (6.8-a, 6.8-b). */
static int leader_due(const gr_game *g)
{
    const vf_state *st = vf_cst(g);
    if (st->step == VF_STEP_LEADER && st->current)
        return vf_sd(g)->brigade[st->current - 1].leader;
    if (st->step == VF_STEP_ARMY)
        return vf_army_leader(vf_sd(g), st->active);
    return -1;
}

gr_status vf_place_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    const vf_sdata *sd = vf_sd(g);
    int l = vf_id_leader(sd, a->arg[0]);
    if (l < 0)
        return gr_failst(why, GR_ERR_ARG, NULL, "place: not a leader");
    if (a->arg[1] < -GR_G2_COORD_MAX / 2 || a->arg[1] > GR_G2_COORD_MAX / 2 ||
        a->arg[2] < -GR_G2_COORD_MAX / 2 || a->arg[2] > GR_G2_COORD_MAX / 2)
        return gr_fail(why, "vf:6.8-c", "that position is far off the battlefield");
    gr_status mine = not_his(g, l, a->player, why);
    if (mine != GR_OK)
        return mine;
    if (leader_due(g) != l)
        return gr_fail(why, sd->leader[l].brigade < 0 ? "vf:6.8-b" : "vf:6.8-a",
                       "%s does not move now: a brigade leader moves after its brigade, "
                       "the army leader at the end of the action phase", sd->leader[l].id);
    gr_pt at = {a->arg[1], a->arg[2]};
    gr_status s = vf_place_check(g, l, at, why);
    if (s != GR_OK)
        return s;
    vf_state *st = vf_st(g);
    st->leader[l].x = at.x;
    st->leader[l].y = at.y;
    st->leader[l].inside = 0; /* T.3.3: a leader leaves a piece by its leader move */
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_LEADER_MOVED, 3, vf_leader_id(sd, l), at.x, at.y);
    return vf_next_apply(g, a, why);
}

/* An enemy of `side` is in defensible piece k: a unit or a leader. */
static const char *enemy_inside(const gr_game *g, int side, int k)
{
    const vf_sdata *sd = vf_sd(g);
    int o = vf_occupant(g, k);
    if (o >= 0 && sd->unit[o].side != side)
        return sd->unit[o].id;
    for (int e = 0; e < sd->nleaders; e++)
        if (sd->leader[e].side != side && vf_cst(g)->leader[e].status == VF_UNIT_ON &&
            vf_cst(g)->leader[e].inside == k + 1)
            return sd->leader[e].id;
    return NULL;
}

gr_status vf_leader_occupy(gr_game *g, const gr_action *a, int l, int k, gr_error *why)
{
    const vf_sdata *sd = vf_sd(g);
    gr_status mine = not_his(g, l, a->player, why);
    if (mine != GR_OK)
        return mine;
    if (leader_due(g) != l)
        return gr_fail(why, sd->leader[l].brigade < 0 ? "vf:6.8-b" : "vf:6.8-a",
                       "%s does not move now: a leader occupies instead of its leader move",
                       sd->leader[l].id);
    if (k < 0 || !vf_terrain_defensible(sd->terrain[k].kind) ||
        vf_cst(g)->leader[l].inside == k + 1)
        return gr_fail(why, "vf:T.3.2-a", "%s: only a defensible piece it is not in is occupied",
                       sd->leader[l].id);
    const char *e = enemy_inside(g, sd->leader[l].side, k);
    if (e)
        return gr_fail(why, "vf:T.3.1-b", "%s cannot occupy %s: enemy %s is in it",
                       sd->leader[l].id, sd->terrain[k].id, e);
    gr_base b = vf_leader_base(g, l);
    if (!gr_g2_dist_ok(vf_cells_dist(&b, 1, &sd->terrain[k].area, 1), 3 * GR_G2_INCH,
                       GR_G2_LESS_THAN))
        return gr_fail(why, "vf:T.3.2-a", "%s must be less than 3\" from %s to occupy it",
                       sd->leader[l].id, sd->terrain[k].id);
    vf_leader_state *ls = &vf_st(g)->leader[l];
    ls->x = sd->terrain[k].area.c.x;
    ls->y = sd->terrain[k].area.c.y;
    ls->inside = (uint8_t)(k + 1);
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_OCCUPIED, 2, vf_leader_id(sd, l), vf_terrain_id(sd, k));
    return vf_next_apply(g, a, why);
}

/* ------------------------------------------------------------ displacing */

/* The unit of `side` on the table closest to point p (any of its cells),
 * or -1; its closest cell's centre in *towards. */
static int nearest_friend(const gr_game *g, int side, gr_pt p, gr_pt *towards)
{
    const vf_sdata *sd = vf_sd(g);
    gr_g2_dist best = {INT64_MAX};
    int found = -1;
    for (int u = 0; u < sd->nunits; u++) {
        if (vf_cst(g)->unit[u].status != VF_UNIT_ON || sd->unit[u].side != side)
            continue;
        gr_base buf[VF_MAX_CELLS];
        const gr_base *cells;
        int n = vf_unit_cells(g, u, buf, &cells);
        for (int i = 0; i < n; i++) {
            gr_g2_dist d = gr_g2_dist_base_pt(&cells[i], p);
            if (gr_g2_dist_order(d, best) < 0) {
                best = d;
                found = u;
                *towards = cells[i].c;
            }
        }
    }
    return found;
}

/* Leader l's base centred on p is on the table, overlaps nothing and has
 * its centre within 6" of unit f. */
static int spot_ok(const gr_game *g, int l, int f, gr_pt p)
{
    const vf_sdata *sd = vf_sd(g);
    gr_base b = vf_leader_base(g, l), buf[VF_MAX_CELLS];
    const gr_base *cells;
    b.c = p;
    int n = vf_unit_cells(g, f, buf, &cells), near = 0;
    for (int i = 0; i < n && !near; i++)
        near = gr_g2_dist_ok(gr_g2_dist_base_pt(&cells[i], p), 6 * GR_G2_INCH, GR_G2_WITHIN);
    return near && vf_cells_on_table(sd, &b, 1) && overlapped(g, l, &b) == NULL;
}

/* The first point along the straight line from `from` to `to`, in steps
 * of 1/4", where leader l's base is within 6" of unit f and overlaps no
 * base; 0 when there is none. */
static int spot_along(const gr_game *g, int l, int f, gr_pt from, gr_pt to, gr_pt *out)
{
    int64_t len = gr_g2_dist_len(gr_g2_dist_pts(from, to));
    for (int64_t s = 0; s <= len; s += 25) {
        gr_pt p = {(gr_len)(from.x + (to.x - (int64_t)from.x) * s / (len ? len : 1)),
                   (gr_len)(from.y + (to.y - (int64_t)from.y) * s / (len ? len : 1))};
        if (spot_ok(g, l, f, p)) {
            *out = p;
            return 1;
        }
    }
    return 0;
}

/* Where displaced leader l goes (6.3.2-d, spec 8.9, Interp. A57; the
 * engine places it for its owner): along the straight line from where it
 * stood to the centre of the closest figure of the nearest unit of its
 * side, the first point that qualifies (spot_along). */
static int displaced_spot(const gr_game *g, int l, gr_pt *out)
{
    const vf_leader_state *ls = &vf_cst(g)->leader[l];
    gr_pt from = {ls->x, ls->y}, to;
    int f = nearest_friend(g, vf_sd(g)->leader[l].side, from, &to);
    return f >= 0 && spot_along(g, l, f, from, to, out);
}

void vf_leader_enters(gr_game *g, int u, gr_pt from)
{
    const vf_sdata *sd = vf_sd(g);
    int l = sd->brigade[sd->unit[u].brigade].leader;
    if (l < 0 || vf_cst(g)->leader[l].status == VF_UNIT_ON || sd->leader[l].placed)
        return; /* on the table, or one the scenario places */
    vf_leader_state *ls = &vf_st(g)->leader[l];
    gr_base buf[VF_MAX_CELLS];
    const gr_base *cells;
    vf_unit_cells(g, u, buf, &cells);
    gr_pt p;
    if (!spot_along(g, l, u, from, cells[0].c, &p))
        return; /* no room yet: with a later unit */
    ls->x = p.x;
    ls->y = p.y;
    ls->status = VF_UNIT_ON;
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_LEADER_MOVED, 3, vf_leader_id(sd, l), p.x, p.y);
}

void vf_displace_leaders(gr_game *g, int u)
{
    const vf_sdata *sd = vf_sd(g);
    vf_state *st = vf_st(g);
    gr_base buf[VF_MAX_CELLS];
    const gr_base *cells;
    int n = vf_unit_cells(g, u, buf, &cells);
    for (int l = 0; l < sd->nleaders; l++) {
        gr_base b = vf_leader_base(g, l);
        if (st->leader[l].status != VF_UNIT_ON || sd->leader[l].side == sd->unit[u].side ||
            !vf_cells_overlap(sd, cells, n, &b, 1))
            continue;
        gr_pt p;
        st->leader[l].inside = 0; /* T.3.1-c: displaced from a piece too */
        if (!displaced_spot(g, l, &p)) {
            st->leader[l].status = VF_UNIT_OFF; /* nowhere to go: off the table */
            continue;
        }
        st->leader[l].x = p.x;
        st->leader[l].y = p.y;
        gr_emitv(g, GR_EV_SYSTEM + VF_EV_LEADER_MOVED, 3, vf_leader_id(sd, l), p.x, p.y);
    }
}
