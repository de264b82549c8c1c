/* shape.c — from a unit's structural layout to figure cells (geom2d
 * bases), and the few set-wide geometric predicates the rules use: closest
 * distance, contact (vf:1.1.2), overlap (vf:1.2.1-b), on the table
 * (vf:6.3-e).  All geometry itself is src/core/geom2d. */
#include <stdint.h>

#include "vf.h"

/* Frontage/depth of one infantry or cavalry figure cell of unit u. */
static void figure_size(const vf_sdata *sd, int u, gr_len *w, gr_len *d)
{
    int cav = vf_unit_profile(sd, u)->type == VF_CAVALRY;
    *w = cav ? sd->t.cav_w : sd->t.inf_w;
    *d = cav ? sd->t.cav_d : sd->t.inf_d;
}

/* Gun base then limber base (vf:1.2.3; layout comment in vf.h). */
static int artillery_cells(const vf_sdata *sd, const vf_layout *l, gr_base *out)
{
    const vf_tables *t = &sd->t;
    gr_pt fc = {l->x, l->y};
    gr_angle f = vf_bearing(l->facing), back = gr_g2_angle_norm(f + GR_G2_TURN / 2);
    if (l->order == VF_ORDER_LIMBERED) {
        /* The team leads: limber in front, gun behind, rear edges touching. */
        out[1] = gr_g2_base_from_front(fc, t->limber_w, t->limber_d, f);
        gr_pt rear = gr_g2_offset(fc, f, -t->limber_d, 0);
        out[0] = gr_g2_base_from_front(gr_g2_offset(rear, f, -t->gun_d, 0), t->gun_w,
                                       t->gun_d, back);
        return 2;
    }
    out[0] = gr_g2_base_from_front(fc, t->gun_w, t->gun_d, f);
    gr_pt behind = gr_g2_offset(fc, f, -(t->gun_d + l->gap + t->limber_d), 0);
    out[1] = gr_g2_base_from_front(behind, t->limber_w, t->limber_d, back);
    return 2;
}

int vf_cells(const vf_sdata *sd, int u, const vf_layout *l, gr_base *out)
{
    if (l->order == VF_ORDER_INSIDE) {
        out[0] = sd->terrain[l->files].area; /* the piece (T.3.2-e/f) */
        return 1;
    }
    if (l->order == VF_ORDER_LIMBERED || l->order == VF_ORDER_UNLIMBERED)
        return artillery_cells(sd, l, out);
    gr_len w, d;
    figure_size(sd, u, &w, &d);
    gr_pt fc = {l->x, l->y};
    gr_angle f = vf_bearing(l->facing);
    int n = 0;
    for (int r = 0; r < l->ranks; r++) {
        int first = r == l->ranks - 1 ? l->shift : 0;
        int count = r == l->ranks - 1 ? l->last : l->files;
        for (int k = first; k < first + count && n < VF_MAX_CELLS; k++) {
            /* doubled offsets keep half-cell positions exact */
            int64_t right2 = (int64_t)(2 * k - (l->files - 1)) * (w + l->gap);
            int64_t fwd2 = -(int64_t)d - 2 * (int64_t)r * (d + l->gap);
            out[n].c = gr_g2_offset(fc, f, (gr_len)(fwd2 / 2), (gr_len)(right2 / 2));
            out[n].w = w;
            out[n].d = d;
            out[n].facing = f;
            n++;
        }
    }
    return n;
}

int vf_slot_index(const vf_layout *l, int r, int f)
{
    if (r < 0 || r >= l->ranks || f < 0 || f >= l->files)
        return -1;
    if (r < l->ranks - 1)
        return r * l->files + f;
    if (f < l->shift || f >= l->shift + l->last)
        return -1;
    return r * l->files + (f - l->shift);
}

int vf_reverse_slot(const vf_layout *l, int i)
{
    if (l->order == VF_ORDER_LIMBERED || l->order == VF_ORDER_UNLIMBERED ||
        l->last != l->files)
        return -1;
    int r = i / l->files, f = i % l->files;
    return vf_slot_index(l, l->ranks - 1 - r, l->files - 1 - f);
}

static int64_t centres_sq(const gr_base *a, const gr_base *b)
{
    int64_t dx = (int64_t)a->c.x - b->c.x, dy = (int64_t)a->c.y - b->c.y;
    return dx * dx + dy * dy;
}

/* At least the half-diagonal of a cell, in hundredths: its diagonal (at
 * most 1 short), + 2, halved, + 1. */
static int64_t half_diag(const gr_base *a)
{
    gr_g2_dist dd = gr_g2_dist_pts((gr_pt){0, 0}, (gr_pt){a->w, a->d});
    return (gr_g2_dist_sub(dd) / GR_G2_SUB + 2) / 2 + 1; /* floor(sqrt) in sub-units */
}

/* Squared distance from the centre of cell a to box b (0 inside). */
static int64_t centre_box_sq(const gr_base *a, vf_box b)
{
    int64_t dx = a->c.x < b.x0 ? (int64_t)b.x0 - a->c.x : a->c.x > b.x1 ? (int64_t)a->c.x - b.x1 : 0;
    int64_t dy = a->c.y < b.y0 ? (int64_t)b.y0 - a->c.y : a->c.y > b.y1 ? (int64_t)a->c.y - b.y1 : 0;
    return dx * dx + dy * dy;
}

/* gr_g2_dist_bases of cells a and b, by a shortcut when both stand square
 * to the table (facings multiples of 90 degrees, where geom2d's corners are
 * exact) with even sizes in hundredths: the gaps between their extents
 * along x and y, as the distance between two points (the same code). */
/* For cells a and b square to the table with even sizes: 1, and in *ox,
 * *oy how far their x and y extents overlap, in hundredths (negative: the
 * gap); else 0. */
static int square_pair(const gr_base *a, const gr_base *b, int64_t *ox, int64_t *oy)
{
    if (a->facing % 900 || b->facing % 900)
        return 0;
    int turned_a = (a->facing / 900) & 1, turned_b = (b->facing / 900) & 1;
    int32_t ax = turned_a ? a->d : a->w, ay = turned_a ? a->w : a->d;
    int32_t bx = turned_b ? b->d : b->w, by = turned_b ? b->w : b->d;
    if ((ax + bx) & 1 || (ay + by) & 1)
        return 0;
    int64_t dx = (int64_t)a->c.x - b->c.x, dy = (int64_t)a->c.y - b->c.y;
    *ox = (ax + bx) / 2 - (dx < 0 ? -dx : dx);
    *oy = (ay + by) / 2 - (dy < 0 ? -dy : dy);
    return 1;
}

gr_g2_dist vf_cell_dist(const gr_base *a, const gr_base *b)
{
    int64_t ox, oy;
    if (!square_pair(a, b, &ox, &oy))
        return gr_g2_dist_bases(a, b);
    return gr_g2_dist_pts((gr_pt){0, 0}, (gr_pt){(gr_len)(ox < 0 ? -ox : 0),
                                                (gr_len)(oy < 0 ? -oy : 0)});
}

int vf_cell_touch(const gr_base *a, const gr_base *b, gr_len tol)
{
    int64_t ox, oy;
    if (!square_pair(a, b, &ox, &oy))
        return gr_g2_touch(a, b, tol) || gr_g2_overlap(a, b, tol);
    int64_t gx = ox < 0 ? -ox : 0, gy = oy < 0 ? -oy : 0;
    return gx * gx + gy * gy <= (int64_t)tol * tol; /* closest distance <= tol */
}

int vf_cell_overlap(const gr_base *a, const gr_base *b, gr_len tol)
{
    int64_t ox, oy;
    if (!square_pair(a, b, &ox, &oy))
        return gr_g2_overlap(a, b, tol);
    return ox > tol && oy > tol; /* the penetration exceeds tol on both axes */
}

/* The first pair to measure: the cell of a nearest b's box, and the cell
 * of b whose centre is nearest it. */
static void first_pair(const gr_base *a, int na, const gr_base *b, int nb, vf_box bb, int *bi,
                       int *bj)
{
    int64_t best = INT64_MAX;
    for (int i = 0; i < na; i++) {
        int64_t c = centre_box_sq(&a[i], bb);
        if (c < best) {
            best = c;
            *bi = i;
        }
    }
    best = INT64_MAX;
    for (int j = 0; j < nb; j++) {
        int64_t c = centres_sq(&a[*bi], &b[j]);
        if (c < best) {
            best = c;
            *bj = j;
        }
    }
}

/* The exact smallest distance over every pair of cells, computing it only
 * for pairs that could beat the best so far (first_pair's first).  With
 * H > the best distance in sub-units (isqrt of its code, + 1) and m = (H +
 * 2) / 100 rounded up, a pair is skipped when its centres are at least the
 * two half-diagonal bounds + m apart, and a whole row (a cell of a) when
 * its centre is at least its half-diagonal bound + m from the box of b's
 * cells: the pair's distance is then at least the best (the corners geom2d
 * computes lie within a sub-unit of the true ones).  Same result as every
 * pair. */
gr_g2_dist vf_cells_dist(const gr_base *a, int na, const gr_base *b, int nb)
{
    gr_g2_dist best = {INT64_MAX};
    if (na <= 0 || nb <= 0)
        return best;
    vf_box bb = vf_cells_box(b, nb, 0);
    int bi = 0, bj = 0;
    first_pair(a, na, b, nb, bb, &bi, &bj);
    best = vf_cell_dist(&a[bi], &b[bj]);
    int64_t m = (gr_g2_dist_sub(best) + 1 + 2 + 99) / 100;
    int64_t hb[VF_MAX_CELLS]; /* cells of one size mostly: worked out per size */
    for (int j = 0; j < nb && j < VF_MAX_CELLS; j++)
        hb[j] = j > 0 && b[j].w == b[j - 1].w && b[j].d == b[j - 1].d ? hb[j - 1]
                                                                      : half_diag(&b[j]);
    int64_t ha = 0;
    for (int i = 0; i < na && best.code > 0; i++) {
        if (i == 0 || a[i].w != a[i - 1].w || a[i].d != a[i - 1].d)
            ha = half_diag(&a[i]);
        int64_t row = ha + m;
        if (centre_box_sq(&a[i], bb) >= row * row)
            continue;
        for (int j = 0; j < nb; j++) {
            int64_t t = ha + (j < VF_MAX_CELLS ? hb[j] : half_diag(&b[j])) + m;
            if ((i == bi && j == bj) || centres_sq(&a[i], &b[j]) >= t * t)
                continue;
            gr_g2_dist d = vf_cell_dist(&a[i], &b[j]);
            if (gr_g2_dist_order(d, best) < 0) {
                best = d;
                m = (gr_g2_dist_sub(best) + 1 + 2 + 99) / 100;
            }
        }
    }
    return best;
}

/* Non-zero when cells a and b are certainly more than `gap` apart: their
 * centres are farther apart along x or y than their half-diagonals allow. */
static int far_apart(const gr_base *a, const gr_base *b, int32_t gap)
{
    int64_t reach = (int64_t)a->w + a->d + b->w + b->d; /* >= 2 x half-diagonals */
    int64_t dx = (int64_t)a->c.x - b->c.x, dy = (int64_t)a->c.y - b->c.y;
    dx = dx < 0 ? -dx : dx;
    dy = dy < 0 ? -dy : dy;
    return 2 * dx > reach + 2 * (int64_t)gap || 2 * dy > reach + 2 * (int64_t)gap;
}

/* Cell a lies farther than the margin bb was grown by from every cell of
 * the set whose box is bb (its square of half-side (w + d) / 2 misses bb). */
static int row_apart(const gr_base *a, vf_box bb)
{
    int32_t r = (a->w + a->d + 1) / 2;
    return a->c.x + r < bb.x0 || a->c.x - r > bb.x1 || a->c.y + r < bb.y0 ||
           a->c.y - r > bb.y1;
}

int vf_cells_touch(const vf_sdata *sd, const gr_base *a, int na, const gr_base *b, int nb)
{
    vf_box bb = vf_cells_box(b, nb, sd->t.contact_tol + 1);
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb && !row_apart(&a[i], bb); j++)
            if (!far_apart(&a[i], &b[j], sd->t.contact_tol + 1) &&
                vf_cell_touch(&a[i], &b[j], sd->t.contact_tol))
                return 1;
    return 0;
}

int vf_cells_overlap(const vf_sdata *sd, const gr_base *a, int na, const gr_base *b, int nb)
{
    vf_box bb = vf_cells_box(b, nb, 1);
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb && !row_apart(&a[i], bb); j++)
            if (!far_apart(&a[i], &b[j], 0) && vf_cell_overlap(&a[i], &b[j], sd->t.contact_tol))
                return 1;
    return 0;
}

int vf_cells_on_table(const vf_sdata *sd, const gr_base *a, int na)
{
    for (int i = 0; i < na; i++) {
        gr_pt c[4];
        gr_g2_base_corners(&a[i], c);
        for (int k = 0; k < 4; k++)
            if (c[k].x < 0 || c[k].y < 0 || c[k].x > sd->table_w || c[k].y > sd->table_d)
                return 0;
    }
    return 1;
}

vf_box vf_cells_box(const gr_base *a, int na, int32_t margin)
{
    vf_box b = {INT32_MAX / 2, INT32_MAX / 2, -INT32_MAX / 2, -INT32_MAX / 2};
    for (int i = 0; i < na; i++) {
        int32_t r = (a[i].w + a[i].d + 1) / 2; /* at least the half-diagonal */
        b.x0 = a[i].c.x - r < b.x0 ? a[i].c.x - r : b.x0;
        b.y0 = a[i].c.y - r < b.y0 ? a[i].c.y - r : b.y0;
        b.x1 = a[i].c.x + r > b.x1 ? a[i].c.x + r : b.x1;
        b.y1 = a[i].c.y + r > b.y1 ? a[i].c.y + r : b.y1;
    }
    b.x0 -= margin;
    b.y0 -= margin;
    b.x1 += margin;
    b.y1 += margin;
    return b;
}

vf_box vf_box_union(vf_box a, vf_box b)
{
    vf_box u = {a.x0 < b.x0 ? a.x0 : b.x0, a.y0 < b.y0 ? a.y0 : b.y0,
                a.x1 > b.x1 ? a.x1 : b.x1, a.y1 > b.y1 ? a.y1 : b.y1};
    return u;
}

int vf_boxes_apart(vf_box a, vf_box b, int32_t gap)
{
    return a.x1 + gap < b.x0 || b.x1 + gap < a.x0 || a.y1 + gap < b.y0 || b.y1 + gap < a.y0;
}

int vf_cells_dist_ok(const gr_base *a, int na, const gr_base *b, int nb, gr_len x,
                     gr_g2_cmp cmp)
{
    int away = cmp == GR_G2_AT_LEAST || cmp == GR_G2_MORE_THAN;
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++) {
            if (far_apart(&a[i], &b[j], x + 1))
                continue; /* farther than x: passes "away", fails "within" */
            int ok = gr_g2_dist_ok(vf_cell_dist(&a[i], &b[j]), x, cmp);
            if (away && !ok)
                return 0;
            if (!away && ok)
                return 1;
        }
    return away;
}
