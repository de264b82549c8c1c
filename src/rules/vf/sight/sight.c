/* sight.c — front arcs, line of sight and visibility (vf:1.1.1-a, 5.1.2,
 * 5.1.3; spec §8.5, §8.7).
 *
 * A unit's front rank is its rank 0 (artillery: the gun base unlimbered,
 * the limber base limbered, 1.2.3-c/d); its front arc is the 45° wedge on
 * the whole front-rank edge (Interp. A1), equal to the union of the
 * figures' arcs.  A front-rank figure F sees unit T when T is at least
 * partly in F's arc and one of the canonical lines of §8.7 — from the five
 * points 0, 1/4 .. 1 along F's front edge to the vertices, edge midpoints
 * and centroid of each T base clipped to F's arc — keeps more than 1" from
 * every base of every other unit (no terrain yet, so no obstacle).  A
 * figure touching T where the touching base is in its arc sees T (Interp.
 * A9).  T is visible to U when some front-rank figure of U sees it. */
#include "../vf.h"

int vf_front_rank(const vf_sdata *sd, int u, const vf_layout *l, gr_base *out)
{
    gr_base cells[VF_MAX_CELLS];
    int n = vf_cells(sd, u, l, cells);
    if (l->order == VF_ORDER_LIMBERED || l->order == VF_ORDER_UNLIMBERED) {
        out[0] = cells[l->order == VF_ORDER_LIMBERED ? 1 : 0];
        return 1;
    }
    if (l->order == VF_ORDER_SQUARE) { /* every figure faces outward (spec 8.10) */
        for (int i = 0; i < n; i++)
            out[i] = cells[i];
        return n;
    }
    int k = l->ranks == 1 ? l->last : l->files;
    for (int i = 0; i < k && i < n; i++)
        out[i] = cells[i];
    return k < n ? k : n;
}

gr_g2_arc vf_unit_arc(const vf_sdata *sd, int u, const vf_layout *l)
{
    gr_base front[VF_MAX_CELLS];
    int k = vf_front_rank(sd, u, l, front);
    return gr_g2_arc_of_front(&front[0], &front[k - 1], GR_G2_ARC_HALF);
}

int vf_in_arc(const gr_g2_arc *arc, const gr_base *cells, int n)
{
    for (int i = 0; i < n; i++)
        if (gr_g2_arc_has_base(arc, &cells[i]))
            return 1;
    return 0;
}

/* The line p-q keeps more than 1" from every base of every unit on the
 * table other than u and t (5.1.3-a (ii)). */
int vf_sight_line_clear(const gr_game *g, int u, int t, gr_seg s)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    gr_base buf[VF_MAX_CELLS];
    const gr_base *cells;
    vf_box line = {s.a.x < s.b.x ? s.a.x : s.b.x, s.a.y < s.b.y ? s.a.y : s.b.y,
                   s.a.x > s.b.x ? s.a.x : s.b.x, s.a.y > s.b.y ? s.a.y : s.b.y};
    for (int v = 0; v < sd->nunits; v++) {
        if (v == u || v == t || st->unit[v].status != VF_UNIT_ON)
            continue;
        int n = vf_unit_cells(g, v, buf, &cells);
        if (vf_boxes_apart(line, vf_cells_box(cells, n, 0), GR_G2_INCH + 1))
            continue;
        for (int i = 0; i < n; i++)
            if (!gr_g2_dist_ok(gr_g2_dist_seg_base(s, &cells[i]), GR_G2_INCH, GR_G2_MORE_THAN))
                return 0;
    }
    return 1;
}

/* Target points of one clipped base: vertices, edge midpoints, centroid
 * (spec §8.7).  Returns the count. */
static int target_points(const gr_pt *poly, int k, gr_pt *out)
{
    int n = 0;
    int64_t cx = 0, cy = 0;
    for (int i = 0; i < k; i++) {
        gr_pt a = poly[i], b = poly[(i + 1) % k];
        out[n++] = a;
        out[n++] = (gr_pt){(gr_len)(((int64_t)a.x + b.x) / 2), (gr_len)(((int64_t)a.y + b.y) / 2)};
        cx += a.x;
        cy += a.y;
    }
    out[n++] = (gr_pt){(gr_len)(cx / k), (gr_len)(cy / k)};
    return n;
}

/* Does figure f (a front-rank base of unit u) see unit t? */
static int figure_sees(const gr_game *g, int u, const gr_base *f, int t, const gr_base *tc,
                       int tn)
{
    gr_g2_arc arc = gr_g2_arc_of_base(f, GR_G2_ARC_HALF);
    for (int j = 0; j < tn; j++)
        if (gr_g2_touch(f, &tc[j], vf_sd(g)->t.contact_tol) && gr_g2_arc_has_base(&arc, &tc[j]))
            return 1; /* Interp. A9 */
    for (int j = 0; j < tn; j++) {
        gr_pt poly[GR_G2_CLIP_MAX], q[2 * GR_G2_CLIP_MAX + 1];
        int64_t area = 0;
        int k = gr_g2_arc_clip(&arc, &tc[j], poly, &area);
        if (k < 3 || area <= GR_G2_ARC_MIN_AREA)
            continue;
        int nq = target_points(poly, k, q);
        for (int a = 0; a <= 4; a++) {
            gr_pt p = gr_g2_base_edge_point(f, GR_G2_FRONT, a, 4);
            for (int b = 0; b < nq; b++)
                if (vf_sight_line_clear(g, u, t, (gr_seg){p, q[b]}) &&
                    vf_terrain_los_clear(vf_sd(g), (gr_seg){p, q[b]}, f, &tc[j]))
                    return 1;
        }
    }
    return 0;
}

int vf_seeing_figures(const gr_game *g, int u, const vf_layout *ul, int t, const vf_layout *tl,
                      int *front_count)
{
    const vf_sdata *sd = vf_sd(g);
    gr_base front[VF_MAX_CELLS], tc[VF_MAX_CELLS];
    if (VF_ALL_ROUND(ul)) { /* T.3.2-f/g, SR-Square-b (occupy.c): one outline */
        if (front_count)
            *front_count = 1;
        return vf_occupant_sees(g, u, ul, t, tl);
    }
    int k = vf_front_rank(sd, u, ul, front), tn = vf_cells(sd, t, tl, tc), seeing = 0;
    if (front_count)
        *front_count = k;
    for (int i = 0; i < k; i++)
        seeing += figure_sees(g, u, &front[i], t, tc, tn);
    return seeing;
}

int vf_visible(const gr_game *g, int u, const vf_layout *ul, int t, const vf_layout *tl)
{
    const vf_sdata *sd = vf_sd(g);
    gr_base front[VF_MAX_CELLS], tc[VF_MAX_CELLS];
    if (VF_ALL_ROUND(ul))
        return vf_occupant_sees(g, u, ul, t, tl); /* T.3.2-f/g, SR-Square-b (occupy.c) */
    int k = vf_front_rank(sd, u, ul, front), tn = vf_cells(sd, t, tl, tc);
    gr_g2_arc arc = vf_unit_arc(sd, u, ul);
    if (!vf_in_arc(&arc, tc, tn))
        return 0;
    for (int i = 0; i < k; i++)
        if (figure_sees(g, u, &front[i], t, tc, tn))
            return 1;
    return 0;
}
