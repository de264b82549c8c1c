/* terrain.c — terrain pieces (vf:T.0-T.2), the part this version plays.
 *
 * A piece is a rectangle of the table (scenario `terrain`, edit line
 * `terrain`) of one kind; the kind carries its terrain rules (T.1):
 *   wood      option B (T.1.6): obstacle (T.2.5), light cover (T.2.2),
 *             difficult terrain (T.2.6, difficult.c);
 *   building  defensible terrain (T.3): an obstacle (T.3-a), hard cover
 *             for its occupant; units cross it only by occupying it
 *             (T.3-c), which is not implemented yet: it cannot be entered;
 *   river     impassable (T.2.4);
 *   ford      difficult terrain (difficult.c);
 *   road      road (T.2.3, difficult.c): a march column pays half;
 *   hill      an obstacle (T.1.3, T.2.5) and a plateau: in a combat a
 *             defender with a figure on it wins a tie when no figure of
 *             the units it fights is on it (T.1.3-a; no slopes, so no
 *             reverse-slope exception).
 * Lines of sight (5.1.3, T.2.5-a) are blocked by an obstacle they cross,
 * except for a figure on it or in contact with it, at either end (T.2.5-b,
 * Interp. A21).  A unit entirely within a piece that gives cover is in
 * cover (T.2.2-a 1): -1 (light) or -2 (hard) to fire hit tests against it
 * (T.2.2-c); in combat the defender in cover wins ties (T.2.2-d), cavalry
 * fighting a unit in cover is halved (T.2.2-e), infantry in line gets no
 * line bonus against it (8.1.2-a). */
#include "vf.h"

const char *const vf_terrain_kinds[] = {"wood", "building", "river", "ford", "road", "hill",
                                        "hedge", "wall", NULL};

int vf_terrain_barrier(int kind) { return kind == VF_T_HEDGE || kind == VF_T_WALL; }

int vf_terrain_obstacle(int kind)
{
    return kind == VF_T_WOOD || kind == VF_T_BUILDING || kind == VF_T_HILL; /* T.1.3 */
}
int vf_terrain_closed(int kind) { return kind == VF_T_RIVER || kind == VF_T_BUILDING; }
static int cover_of(int kind) { return kind == VF_T_WOOD ? 1 : 0; }

/* Base b is on the piece or in contact with it. */
static int on_piece(const vf_sdata *sd, const gr_base *b, const vf_terrain_def *t)
{
    return gr_g2_touch(b, &t->area, sd->t.contact_tol) || gr_g2_overlap(b, &t->area, 0);
}

int vf_terrain_los_clear(const vf_sdata *sd, gr_seg s, const gr_base *from, const gr_base *to)
{
    for (int k = 0; k < sd->nterrain; k++) {
        const vf_terrain_def *t = &sd->terrain[k];
        if (!vf_terrain_obstacle(t->kind) || !gr_g2_seg_meets_base(s, &t->area))
            continue;
        if (on_piece(sd, from, t) || on_piece(sd, to, t)) /* T.2.5-b */
            continue;
        return 0; /* T.2.5-a */
    }
    return 1;
}

/* on_piece with two cheap answers first for an axis-aligned piece: a base
 * whose box is apart from the piece's is not on it; a base whose box lies
 * inside the piece overlaps it. */
static int on_piece_fast(const vf_sdata *sd, const gr_base *b, const vf_terrain_def *t)
{
    const gr_base *r = &t->area;
    if (!ALWAYS(r->facing == 0))
        return on_piece(sd, b, t);
    vf_box bb = vf_cells_box(b, 1, 0); /* holds the base */
    int32_t x0 = r->c.x - r->w / 2, x1 = r->c.x + (r->w + 1) / 2;
    int32_t y0 = r->c.y - r->d / 2, y1 = r->c.y + (r->d + 1) / 2;
    vf_box tb = {x0, y0, x1, y1};
    if (vf_boxes_apart(bb, tb, sd->t.contact_tol + 2))
        return 0;
    if (bb.x0 > x0 + 1 && bb.x1 < x1 - 1 && bb.y0 > y0 + 1 && bb.y1 < y1 - 1)
        return 1;
    return on_piece(sd, b, t);
}

int vf_terrain_fan(const vf_sdata *sd, const gr_base *from, const gr_base *to, int8_t *out)
{
    vf_box fan = vf_box_union(vf_cells_box(from, 1, 1), vf_cells_box(to, 1, 1));
    int n = 0;
    for (int k = 0; k < sd->nterrain; k++) {
        const vf_terrain_def *t = &sd->terrain[k];
        if (!vf_terrain_obstacle(t->kind) || vf_boxes_apart(fan, vf_cells_box(&t->area, 1, 1), 0))
            continue; /* no line of the fan can meet it */
        if (on_piece_fast(sd, from, t) || on_piece_fast(sd, to, t)) /* T.2.5-b */
            continue;
        out[n++] = (int8_t)k;
    }
    return n;
}

/* Segment s meets the axis-aligned rectangle r, boundary included: exactly
 * gr_g2_seg_meets_base for a base of facing 0 (separating axes x, y and
 * the segment's normal), in doubled hundredths so that half sides are
 * whole. */
static int seg_meets_rect(gr_seg s, const gr_base *r)
{
    int64_t ax = 2 * (int64_t)s.a.x, ay = 2 * (int64_t)s.a.y;
    int64_t bx = 2 * (int64_t)s.b.x, by = 2 * (int64_t)s.b.y;
    int64_t x0 = 2 * (int64_t)r->c.x - r->w, x1 = 2 * (int64_t)r->c.x + r->w;
    int64_t y0 = 2 * (int64_t)r->c.y - r->d, y1 = 2 * (int64_t)r->c.y + r->d;
    if ((ax < x0 && bx < x0) || (ax > x1 && bx > x1) || (ay < y0 && by < y0) ||
        (ay > y1 && by > y1))
        return 0;
    int64_t ex = bx - ax, ey = by - ay;
    int64_t c0 = ex * (y0 - ay) - ey * (x0 - ax), c1 = ex * (y0 - ay) - ey * (x1 - ax);
    int64_t c2 = ex * (y1 - ay) - ey * (x0 - ax), c3 = ex * (y1 - ay) - ey * (x1 - ax);
    int above = c0 > 0 && c1 > 0 && c2 > 0 && c3 > 0, below = c0 < 0 && c1 < 0 && c2 < 0 && c3 < 0;
    return !above && !below;
}

int vf_terrain_fan_clear(const vf_sdata *sd, const int8_t *obstacles, int n, gr_seg s)
{
    for (int i = 0; i < n; i++) {
        const gr_base *r = &sd->terrain[obstacles[i]].area;
        if (ALWAYS(r->facing == 0) ? seg_meets_rect(s, r) : gr_g2_seg_meets_base(s, r))
            return 0; /* T.2.5-a */
    }
    return 1;
}

/* Every cell lies inside the piece (T.2.2-a 1: entirely within). */
static int inside(const vf_terrain_def *t, const gr_base *cells, int n)
{
    for (int i = 0; i < n; i++) {
        gr_pt c[4];
        gr_g2_base_corners(&cells[i], c);
        for (int k = 0; k < 4; k++)
            if (!gr_g2_base_has_pt(&t->area, c[k]))
                return 0;
    }
    return 1;
}

int vf_unit_cover(const gr_game *g, int u)
{
    const vf_sdata *sd = vf_sd(g);
    gr_base cells[VF_MAX_CELLS];
    int n = 0, best = 0, in = vf_occupied_piece(vf_cst(g), u);
    if (in >= 0)
        return sd->terrain[in].kind == VF_T_BUILDING ? 2 : 1; /* T.3-b, T.2.2-a 2 */
    for (int k = 0; k < sd->nterrain; k++) {
        int c = cover_of(sd->terrain[k].kind);
        if (c <= best)
            continue;
        if (!n)
            n = vf_cells(sd, u, &vf_cst(g)->unit[u].at, cells);
        if (inside(&sd->terrain[k], cells, n))
            best = c;
    }
    return best;
}

int vf_terrain_closed_at(const vf_sdata *sd, const gr_base *cells, int n)
{
    for (int k = 0; k < sd->nterrain; k++)
        if (vf_terrain_closed(sd->terrain[k].kind) &&
            vf_cells_overlap(sd, cells, n, &sd->terrain[k].area, 1))
            return k;
    return -1;
}

const char *vf_terrain_rule(int kind)
{
    return kind == VF_T_BUILDING ? "vf:T.3-c" : "vf:T.2.4-a";
}

/* Some base centre of unit u lies in piece k. */
static int centre_in(const gr_game *g, int u, int k)
{
    gr_base buf[VF_MAX_CELLS];
    const gr_base *cells;
    int n = vf_unit_cells(g, u, buf, &cells);
    for (int i = 0; i < n; i++)
        if (gr_g2_base_has_pt(&vf_sd(g)->terrain[k].area, cells[i].c))
            return 1;
    return 0;
}

int vf_on_hill(const gr_game *g, int u)
{
    const vf_sdata *sd = vf_sd(g);
    for (int k = 0; k < sd->nterrain; k++)
        if (sd->terrain[k].kind == VF_T_HILL && centre_in(g, u, k))
            return 1;
    return 0;
}

int vf_rockets_over(const gr_game *g, int u, int t)
{
    return VF_HAS(vf_unit_profile(vf_sd(g), u)->rules, VF_SR_ROCKETS) &&
           (vf_on_hill(g, u) || vf_on_hill(g, t));
}

int vf_higher_on_hill(const gr_game *g, int t, const int *enemies, int n)
{
    const vf_sdata *sd = vf_sd(g);
    for (int k = 0; k < sd->nterrain; k++) {
        if (sd->terrain[k].kind != VF_T_HILL || !centre_in(g, t, k))
            continue;
        int below = 1;
        for (int i = 0; i < n && below; i++)
            below = !centre_in(g, enemies[i], k);
        if (below)
            return 1;
    }
    return 0;
}

/* The closest pair of figures of t and a: their centres. */
static gr_seg closest_pair(const gr_base *tc, int nt, const gr_base *ac, int na)
{
    gr_seg s = {tc[0].c, ac[0].c};
    gr_g2_dist best = {INT64_MAX};
    for (int i = 0; i < nt; i++)
        for (int j = 0; j < na; j++) {
            gr_g2_dist d = gr_g2_dist_bases(&tc[i], &ac[j]);
            if (gr_g2_dist_order(d, best) < 0) {
                best = d;
                s = (gr_seg){tc[i].c, ac[j].c};
            }
        }
    return s;
}

int vf_cover_from(const gr_game *g, int t, int a)
{
    const vf_sdata *sd = vf_sd(g);
    int cover = vf_unit_cover(g, t);
    if (cover || vf_unit_profile(sd, t)->type == VF_CAVALRY || vf_occupied_piece(vf_cst(g), t) >= 0)
        return cover; /* cavalry never gets barrier cover (T.2.2-a 3) */
    gr_base tb[VF_MAX_CELLS], ab[VF_MAX_CELLS];
    const gr_base *tc = NULL, *ac = NULL;
    int nt = 0, na = 0;
    for (int k = 0; k < sd->nterrain; k++) {
        const vf_terrain_def *p = &sd->terrain[k];
        if (!vf_terrain_barrier(p->kind))
            continue;
        if (!tc) {
            nt = vf_unit_cells(g, t, tb, &tc);
            na = vf_unit_cells(g, a, ab, &ac);
        }
        if (!vf_cells_touch(sd, tc, nt, &p->area, 1))
            continue;
        if (gr_g2_seg_meets_base(closest_pair(tc, nt, ac, na), &p->area))
            return 1; /* T.2.2-a 3, T.2.2-b: light */
    }
    return 0;
}

/* The cells of a (na) touching piece t, into out; their count. */
static int touching(const vf_sdata *sd, const gr_base *a, int na, const gr_base *t, gr_base *out)
{
    int n = 0;
    for (int i = 0; i < na; i++)
        if (vf_cells_touch(sd, &a[i], 1, t, 1))
            out[n++] = a[i];
    return n;
}

int vf_barrier_meet(const vf_sdata *sd, const gr_base *a, int na, const gr_base *b, int nb)
{
    vf_box ba = vf_cells_box(a, na, 0), bb = vf_cells_box(b, nb, 0);
    if (vf_boxes_apart(ba, bb, 2 * GR_G2_INCH + 2))
        return 0;
    for (int k = 0; k < sd->nterrain; k++) {
        const gr_base *t = &sd->terrain[k].area;
        vf_box bt = vf_cells_box(t, 1, 0);
        if (!vf_terrain_barrier(sd->terrain[k].kind) || vf_boxes_apart(ba, bt, 2) ||
            vf_boxes_apart(bb, bt, 2))
            continue;
        gr_base ta[VF_MAX_CELLS], tb[VF_MAX_CELLS];
        int ka = touching(sd, a, na, t, ta), kb = ka ? touching(sd, b, nb, t, tb) : 0;
        for (int i = 0; i < ka; i++)
            for (int j = 0; j < kb; j++)
                if (gr_g2_bases_within(&ta[i], &tb[j], 2 * GR_G2_INCH, GR_G2_LESS_THAN))
                    return 1; /* T.2.1-a */
    }
    return 0;
}

int vf_cells_contact(const vf_sdata *sd, const gr_base *a, int na, const gr_base *b, int nb)
{
    return vf_cells_touch(sd, a, na, b, nb) || vf_barrier_meet(sd, a, na, b, nb);
}
