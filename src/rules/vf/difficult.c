/* difficult.c — what terrain does to path costs and Combat.  Roads
 * (T.2.3-a): a figure in march column (limbered artillery included,
 * 1.2.3-c) counts each inch of its centre path on a road as half an inch.
 * Difficult terrain (vf:T.2.6; woods in option B and fords, T.1.4, T.1.6):
 * each inch a figure moves through it counts as two
 * (T.2.6-a; spec 8.12: the figure's centre path, length inside the piece
 * charged twice; Light Infantry in open order is not affected,
 * SR-OpenOrder-e), and cavalry and artillery in difficult terrain, or
 * fighting a unit in it, have their Combat halved (T.2.6-b; a unit is in
 * it when a cell centre is inside, Interp. A65).
 *
 * The length inside a piece is measured in sub-units (1/10000"), rounded
 * up: a straight path exactly (segment clipped to the rectangle, IEEE
 * doubles on integer coordinates, + - * / and sqrt only); an arc (a wheel)
 * along 16 chords of it, from geom2d's integer trigonometry.  Only the
 * pieces whose rectangles meet the box of the leg's centre paths (a wheel:
 * the square around its pivot of each figure's radius) are looked at: a
 * path clipped to any other piece has length 0, so the sums are the same. */
#include <math.h>
#include <stdlib.h>

#include "vf.h"

#define ARC_CHORDS 16

int vf_terrain_difficult(int kind) { return kind == VF_T_WOOD || kind == VF_T_FORD; }

/* Length of segment a-b inside the axis-aligned rectangle of piece t,
 * in hundredths (double). */
static double clip_len(const gr_base *area, gr_pt a, gr_pt b)
{
    double x0 = a.x, y0 = a.y, dx = (double)b.x - x0, dy = (double)b.y - y0;
    double hw = area->w / 2.0, hd = area->d / 2.0;
    double p[4] = {-dx, dx, -dy, dy};
    double q[4] = {x0 - (area->c.x - hw), (area->c.x + hw) - x0, y0 - (area->c.y - hd),
                   (area->c.y + hd) - y0};
    double t0 = 0, t1 = 1;
    for (int i = 0; i < 4; i++) {
        if (p[i] == 0) {
            if (q[i] < 0)
                return 0;
            continue;
        }
        double r = q[i] / p[i];
        if (p[i] < 0 && r > t0)
            t0 = r;
        if (p[i] > 0 && r < t1)
            t1 = r;
    }
    return t1 > t0 ? (t1 - t0) * sqrt(dx * dx + dy * dy) : 0;
}

/* The axis-aligned intersection of two pieces' rectangles; 0 when empty. */
static int meet(const gr_base *p, const gr_base *q, gr_base *out)
{
    int32_t x0 = p->c.x - p->w / 2 > q->c.x - q->w / 2 ? p->c.x - p->w / 2 : q->c.x - q->w / 2;
    int32_t x1 = p->c.x + p->w / 2 < q->c.x + q->w / 2 ? p->c.x + p->w / 2 : q->c.x + q->w / 2;
    int32_t y0 = p->c.y - p->d / 2 > q->c.y - q->d / 2 ? p->c.y - p->d / 2 : q->c.y - q->d / 2;
    int32_t y1 = p->c.y + p->d / 2 < q->c.y + q->d / 2 ? p->c.y + p->d / 2 : q->c.y + q->d / 2;
    if (x1 <= x0 || y1 <= y0)
        return 0;
    *out = (gr_base){{(x0 + x1) / 2, (y0 + y1) / 2}, x1 - x0, y1 - y0, 0};
    return 1;
}

/* What the segment pays beyond its length, hundredths (double): + its
 * length inside difficult terrain (x2), - half its length on a road for a
 * march column (x1/2); on both, the multipliers multiply (x1, A67). */
typedef struct near_set {
    int n;
    int k[VF_MAX_TERRAIN]; /* the pieces near the leg, in scenario order */
} near_set;

static double extra_len(const vf_sdata *sd, const near_set *ns, gr_pt a, gr_pt b, int column)
{
    double len = 0;
    for (int i = 0; i < ns->n; i++) {
        const vf_terrain_def *t = &sd->terrain[ns->k[i]];
        if (vf_terrain_difficult(t->kind))
            len += clip_len(&t->area, a, b);
        if (!column || t->kind != VF_T_ROAD)
            continue;
        len -= clip_len(&t->area, a, b) / 2;
        for (int jj = 0; jj < ns->n; jj++) {
            gr_base both;
            int j = ns->k[jj];
            if (vf_terrain_difficult(sd->terrain[j].kind) &&
                meet(&t->area, &sd->terrain[j].area, &both))
                len -= clip_len(&both, a, b) / 2; /* x2 x 1/2 = x1 there */
        }
    }
    return len;
}

/* The figure's path over the leg inside difficult terrain, hundredths. */
static double figure_len(const vf_sdata *sd, const near_set *ns, const vf_leg *leg, int i,
                         int column)
{
    gr_pt a = leg->from[i].c, b = leg->to[leg->map[i]].c;
    if (leg->kind != VF_LEG_ROTATE && leg->kind != VF_LEG_NEAR)
        return extra_len(sd, ns, a, b, column); /* a slide; an about face pivots in place */
    gr_angle b0 = gr_g2_bearing(leg->pivot, a);
    gr_len r = gr_g2_dist_len(gr_g2_dist_pts(leg->pivot, a));
    double len = 0;
    gr_pt prev = a;
    for (int k = 1; k <= ARC_CHORDS; k++) {
        gr_pt p = k == ARC_CHORDS ? b
                                  : gr_g2_offset(leg->pivot,
                                                 gr_g2_angle_norm(b0 + leg->turn * k / ARC_CHORDS),
                                                 r, 0);
        len += extra_len(sd, ns, prev, p, column);
        prev = p;
    }
    return len;
}

/* Barriers the figure's centre path meets over the leg (T.2.1-b: each is
 * crossed once; a wheel along its chords). */
static int crossings(const vf_sdata *sd, const near_set *ns, const vf_leg *leg, int i)
{
    gr_pt a = leg->from[i].c, b = leg->to[leg->map[i]].c;
    int rotate = leg->kind == VF_LEG_ROTATE || leg->kind == VF_LEG_NEAR, n = 0;
    gr_angle b0 = rotate ? gr_g2_bearing(leg->pivot, a) : 0;
    gr_len r = rotate ? gr_g2_dist_len(gr_g2_dist_pts(leg->pivot, a)) : 0;
    for (int kk = 0; kk < ns->n; kk++) {
        int k = ns->k[kk];
        if (!vf_terrain_barrier(sd->terrain[k].kind))
            continue;
        gr_pt prev = a;
        int met = 0;
        for (int c = 1; c <= (rotate ? ARC_CHORDS : 1) && !met; c++) {
            gr_pt p = !rotate || c == ARC_CHORDS
                          ? b
                          : gr_g2_offset(leg->pivot,
                                         gr_g2_angle_norm(b0 + leg->turn * c / ARC_CHORDS), r, 0);
            met = gr_g2_seg_meets_base((gr_seg){prev, p}, &sd->terrain[k].area);
            prev = p;
        }
        n += met;
    }
    return n;
}

/* The box of every figure's centre path over the leg: a slide's ends; a
 * wheel's, the square around the pivot of each radius (its L1 length, at
 * least the true one), grown by a hundredth or two of rounding. */
static vf_box path_box(const vf_leg *leg)
{
    vf_box b = {INT32_MAX, INT32_MAX, INT32_MIN, INT32_MIN};
    int rotate = leg->kind == VF_LEG_ROTATE || leg->kind == VF_LEG_NEAR;
    for (int i = 0; i < leg->n; i++) {
        gr_pt p[2] = {leg->from[i].c, leg->to[leg->map[i]].c};
        for (int e = 0; e < 2; e++) {
            int64_t r = rotate ? llabs((int64_t)p[e].x - leg->pivot.x) +
                                     llabs((int64_t)p[e].y - leg->pivot.y)
                               : 0;
            gr_pt c = rotate ? leg->pivot : p[e];
            r += 2;
            b.x0 = (int32_t)(c.x - r < b.x0 ? c.x - r : b.x0);
            b.y0 = (int32_t)(c.y - r < b.y0 ? c.y - r : b.y0);
            b.x1 = (int32_t)(c.x + r > b.x1 ? c.x + r : b.x1);
            b.y1 = (int32_t)(c.y + r > b.y1 ? c.y + r : b.y1);
        }
    }
    return b;
}

/* The pieces whose rectangles meet box b. */
static void near_pieces(const vf_sdata *sd, vf_box b, near_set *ns)
{
    ns->n = 0;
    for (int k = 0; k < sd->nterrain; k++) {
        const gr_base *a = &sd->terrain[k].area;
        vf_box pb = {a->c.x - a->w / 2 - 1, a->c.y - a->d / 2 - 1, a->c.x + a->w / 2 + 1,
                     a->c.y + a->d / 2 + 1};
        if (!vf_boxes_apart(b, pb, 0))
            ns->k[ns->n++] = k;
    }
}

void vf_leg_terrain(const vf_sdata *sd, int u, const vf_layout *moving, vf_leg *leg)
{
    const vf_profile *p = vf_unit_profile(sd, u);
    /* SR-OpenOrder-e: difficult terrain only (roads: open order is no march column) */
    int light_open = moving->order == VF_ORDER_OPEN && VF_HAS(p->rules, VF_SR_LIGHT_INFANTRY);
    int f = vf_formation_of(sd, moving);
    int column = f == VF_FORM_MARCH_COLUMN || f == VF_FORM_LIMBERED; /* T.2.3-a */
    if (sd->nterrain == 0)
        return;
    near_set ns;
    near_pieces(sd, path_box(leg), &ns);
    if (ns.n == 0)
        return; /* every path is 0 inside every piece */
    for (int i = 0; i < leg->n; i++) {
        double extra = light_open ? 0 : ceil(figure_len(sd, &ns, leg, i, column) * GR_G2_SUB);
        extra += (double)crossings(sd, &ns, leg, i) * sd->t.barrier_cost * GR_G2_SUB; /* T.2.1-b */
        int64_t c = (int64_t)leg->cost[i] + (int64_t)extra;
        leg->cost[i] = (int32_t)(c > INT32_MAX ? INT32_MAX : c < 0 ? 0 : c);
    }
}

int vf_unit_in_difficult(const gr_game *g, int u)
{
    const vf_sdata *sd = vf_sd(g);
    gr_base buf[VF_MAX_CELLS];
    const gr_base *cells = NULL;
    int n = 0;
    for (int k = 0; k < sd->nterrain; k++) {
        if (!vf_terrain_difficult(sd->terrain[k].kind))
            continue;
        if (!cells)
            n = vf_unit_cells(g, u, buf, &cells);
        for (int i = 0; i < n; i++)
            if (gr_g2_base_has_pt(&sd->terrain[k].area, cells[i].c))
                return 1;
    }
    return 0;
}
