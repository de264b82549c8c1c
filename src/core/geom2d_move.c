/*
 * geom2d_move.c — swept moves of a base (see geom2d.h, "moves", and
 * docs/geometry-tabletop.md): where a straight move, a wheel or a pivot ends,
 * the closest distance any pose along it comes to another base, whether it
 * overlaps one, and its length.  Built on geom2d.c's polygons (geom2d_int.h).
 */
#include "geom2d_int.h"

#include <stddef.h>

/* ---------------------------------------------------------------- moves */

/* pi * 2^20, rounded up, for arc lengths that must not be underestimated. */
#define PI_Q20_UP 3294199
/* A chord of radius r over a step of D tenths bulges (sagitta) by
 * r (1 - cos(D/2)) <= r (D pi / 3600)^2 / 2 < r D^2 / 2592000 (pi^2 < 10). */
#define BULGE_DEN 2592000
#define ARC_BULGE 5   /* sub-units: chords of a vertex's arc (distances)  */
#define HULL_BULGE 10 /* sub-units: step hulls (overlaps)                 */
#define HULL_SPREAD 50 /* sub-units: base diagonal x step in radians      */
#define MAX_STEP 20   /* tenths: never step more than 2 degrees (§8.9)   */

/* Rotates (x, y) clockwise by bearing turn a, rounding to whole units. */
static void rotate(int64_t *x, int64_t *y, int32_t a)
{
    int64_t s = gr_g2_sin(a), c = gr_g2_cos(a);
    int64_t nx = gr_g2i_q30_round(*x * c + *y * s), ny = gr_g2i_q30_round(*y * c - *x * s);
    *x = nx;
    *y = ny;
}

static int64_t ceil_sqrt(int64_t v)
{
    int64_t r = (int64_t)gr_g2i_isqrt64((uint64_t)v);
    return r * r < v ? r + 1 : r;
}

/* Distance (sub-units, rounded down) of a code. */
static int64_t code_sub(int64_t code)
{
    return (int64_t)gr_g2i_isqrt64((uint64_t)(code >> 1));
}

/* The largest step (tenths, 1..MAX_STEP) whose chord bulge at radius r
 * stays within `bulge` sub-units, and that bulge rounded up. */
static int32_t bulge_step(int64_t r, int64_t bulge, int64_t *actual)
{
    int32_t d = MAX_STEP;
    while (d > 1 && r * d * d > (int64_t)BULGE_DEN * bulge)
        d--;
    *actual = (r * d * d + BULGE_DEN - 1) / BULGE_DEN;
    return d;
}

gr_base gr_g2_move_end(const gr_g2_move *m)
{
    gr_base b = m->from;
    if (m->kind == GR_G2_SLIDE) {
        b.c = m->to;
        return b;
    }
    int64_t px = (int64_t)m->pivot.x * GR_G2_SUB, py = (int64_t)m->pivot.y * GR_G2_SUB;
    int64_t vx = (int64_t)m->from.c.x * GR_G2_SUB - px;
    int64_t vy = (int64_t)m->from.c.y * GR_G2_SUB - py;
    rotate(&vx, &vy, m->turn);
    b.c = gr_g2i_pt_of_sub(px + vx, py + vy);
    b.facing = gr_g2_angle_norm(m->from.facing + m->turn);
    return b;
}

static void slide_hull(const gr_g2_move *m, poly *h)
{
    poly a0, a1;
    gr_g2i_base_quad(&m->from, &a0);
    a1 = a0;
    int64_t dx = (int64_t)(m->to.x - m->from.c.x) * GR_G2_SUB;
    int64_t dy = (int64_t)(m->to.y - m->from.c.y) * GR_G2_SUB;
    for (int i = 0; i < 4; i++) {
        a1.x[i] += dx;
        a1.y[i] += dy;
    }
    gr_g2i_hull_of_two(&a0, &a1, h);
}

/* An arc: the path of point (x0, y0) turning by `turn` tenths (clockwise
 * positive) about (px, py), all in sub-units. */
typedef struct arc_path {
    int64_t px, py, x0, y0;
    int32_t turn;
} arc_path;

/* Cheap lower bound of the distance from any point of the arc's circle
 * (radius between r - 1 and r) to segment s: the triangle inequality
 * about the centre. */
static int64_t circle_seg_floor(const arc_path *a, int64_t r, const poly *s)
{
    int64_t near = code_sub(gr_g2i_pt_seg_code(a->px, a->py, s->x[0], s->y[0], s->x[1], s->y[1]));
    int64_t far = 0;
    for (int i = 0; i < 2; i++) {
        int64_t d = ceil_sqrt((s->x[i] - a->px) * (s->x[i] - a->px) +
                              (s->y[i] - a->py) * (s->y[i] - a->py));
        far = d > far ? d : far;
    }
    int64_t out = near - r, in = (r - 1) - far;
    return out > in ? out : in;
}

/*
 * Lower-bound code of the distance between the arc and segment s, folded
 * into `best`.  The arc is cut into chords whose bulge is at most
 * ARC_BULGE; the exact chord-segment distance less the bulge and the
 * chord ends' rounding (under 1 sub-unit) bounds the arc's from below.
 */
static int64_t arc_seg_bound(const arc_path *a, const poly *s, int64_t best)
{
    int64_t ux = a->x0 - a->px, uy = a->y0 - a->py, r = ceil_sqrt(ux * ux + uy * uy);
    int32_t total = a->turn < 0 ? -a->turn : a->turn, sign = a->turn < 0 ? -1 : 1;
    if (total == 0 || r == 0 || circle_seg_floor(a, r, s) > code_sub(best))
        return best;
    int64_t bulge;
    int32_t step = bulge_step(r, ARC_BULGE, &bulge);
    poly chord = {2, {a->x0, 0}, {a->y0, 0}};
    for (int32_t done = 0; done < total;) {
        done = done + step < total ? done + step : total;
        int64_t rx = ux, ry = uy;
        rotate(&rx, &ry, sign * done);
        chord.x[1] = a->px + rx;
        chord.y[1] = a->py + ry;
        int64_t lb = code_sub(gr_g2i_poly_dist(&chord, s)) - bulge - 1;
        int64_t code = lb > 0 ? gr_g2i_code_of_sub(lb) : 0;
        best = code < best ? code : best;
        chord.x[0] = chord.x[1];
        chord.y[0] = chord.y[1];
    }
    return best;
}

/* Folds in every (vertex of `movers`, edge of `fixed`) arc, the vertices
 * turning by `turn` about (px, py). */
static int64_t arcs_bound(const poly *movers, const poly *fixed, int64_t px,
                          int64_t py, int32_t turn, int64_t best)
{
    for (int v = 0; v < movers->n; v++) {
        arc_path a = {px, py, movers->x[v], movers->y[v], turn};
        for (int e = 0; e < fixed->n; e++) {
            int f = (e + 1) % fixed->n;
            poly s = {2, {fixed->x[e], fixed->x[f]}, {fixed->y[e], fixed->y[f]}};
            best = arc_seg_bound(&a, &s, best);
        }
    }
    return best;
}

/*
 * PIVOT: while the shapes stay apart, their distance is the least distance
 * between a vertex of one and an edge of the other.  A vertex of the mover
 * sweeps an arc past the other's fixed edges; seen from the mover, a
 * vertex of the other sweeps the opposite arc past the mover's edges.  If
 * they ever meet, some vertex first touches some edge, so an arc meets a
 * segment and the bound is 0.  Hence the minimum over these arcs is the
 * closest approach, here bounded from below through chords.
 */
static int64_t pivot_dist_code(const gr_g2_move *m, const poly *other)
{
    poly k0;
    gr_g2i_base_quad(&m->from, &k0);
    int64_t best = gr_g2i_poly_dist(&k0, other);
    gr_base end = gr_g2_move_end(m);
    poly k1;
    gr_g2i_base_quad(&end, &k1);
    int64_t e = gr_g2i_poly_dist(&k1, other);
    best = e < best ? e : best;
    if (best == 0)
        return 0;
    int64_t px = (int64_t)m->pivot.x * GR_G2_SUB, py = (int64_t)m->pivot.y * GR_G2_SUB;
    best = arcs_bound(&k0, other, px, py, m->turn, best);
    return arcs_bound(other, &k0, px, py, -m->turn, best);
}

gr_g2_dist gr_g2_move_dist(const gr_g2_move *m, const gr_base *other)
{
    poly o;
    gr_g2i_base_quad(other, &o);
    if (m->kind == GR_G2_SLIDE) {
        poly h;
        slide_hull(m, &h);
        return gr_g2i_dist_of(gr_g2i_poly_dist(&h, &o));
    }
    return gr_g2i_dist_of(pivot_dist_code(m, &o));
}

int gr_g2_move_keeps_away(const gr_g2_move *m, const gr_base *other, gr_len x)
{
    return gr_g2_dist_ok(gr_g2_move_dist(m, other), x, GR_G2_AT_LEAST);
}

/* The pose of a PIVOT move after turning by a (tenths), in sub-units. */
static void pivot_pose(const gr_g2_move *m, int32_t a, poly *q)
{
    int64_t px = (int64_t)m->pivot.x * GR_G2_SUB, py = (int64_t)m->pivot.y * GR_G2_SUB;
    int64_t vx = (int64_t)m->from.c.x * GR_G2_SUB - px;
    int64_t vy = (int64_t)m->from.c.y * GR_G2_SUB - py;
    rotate(&vx, &vy, a);
    gr_g2i_quad_at(q, px + vx, py + vy, m->from.w, m->from.d,
                   gr_g2_angle_norm(m->from.facing + a));
}

/* Largest corner distance from the pivot (sub-units, rounded up). */
static int64_t pivot_radius(const gr_g2_move *m)
{
    poly q;
    gr_g2i_base_quad(&m->from, &q);
    int64_t px = (int64_t)m->pivot.x * GR_G2_SUB, py = (int64_t)m->pivot.y * GR_G2_SUB;
    int64_t best = 0;
    for (int i = 0; i < 4; i++) {
        int64_t dx = q.x[i] - px, dy = q.y[i] - py;
        if (dx * dx + dy * dy > best)
            best = dx * dx + dy * dy;
    }
    return ceil_sqrt(best);
}

/*
 * Step for the overlap walk of a PIVOT.  Each step's pose lies inside the
 * hull of its two end poses widened by the bulge (<= HULL_BULGE + 2 for
 * rounding), so the walk never misses an overlap.  The hull also fills
 * the notch where the two poses' edges cross, by at most about the
 * diagonal times the step in radians; the step keeps that under
 * HULL_SPREAD (pi < 355/113).
 */
static int32_t hull_step(const gr_g2_move *m, int64_t *slack)
{
    int64_t r = pivot_radius(m), bulge;
    int64_t diag = ceil_sqrt(((int64_t)m->from.w * m->from.w +
                              (int64_t)m->from.d * m->from.d) *
                             GR_G2_SUB * GR_G2_SUB);
    int32_t step = bulge_step(r, HULL_BULGE, &bulge);
    while (step > 1 && diag * step * 355 > (int64_t)HULL_SPREAD * 1800 * 113)
        step--;
    *slack = (r * step * step + BULGE_DEN - 1) / BULGE_DEN + 2;
    return step;
}

/* A step hull widened by `slack` overlaps by more than tol when the hull
 * itself overlaps by more than tol - slack (or, if that is negative, comes
 * within slack - tol). */
static int hull_overlaps(const poly *h, const poly *other, int64_t tol, int64_t slack)
{
    int64_t t = tol - slack;
    if (t >= 0)
        return gr_g2i_pen_exceeds(h, other, t);
    return gr_g2i_poly_dist(h, other) < gr_g2i_code_of_sub(-t);
}

static int pivot_overlaps(const gr_g2_move *m, const poly *other, int64_t tol)
{
    int64_t slack;
    int32_t step = hull_step(m, &slack);
    int32_t total = m->turn < 0 ? -m->turn : m->turn, sign = m->turn < 0 ? -1 : 1;
    poly prev, cur, h;
    gr_g2i_base_quad(&m->from, &prev);
    if (gr_g2i_pen_exceeds(&prev, other, tol))
        return 1;
    for (int32_t done = 0; done < total;) {
        done = done + step < total ? done + step : total;
        pivot_pose(m, sign * done, &cur);
        gr_g2i_hull_of_two(&prev, &cur, &h);
        if (hull_overlaps(&h, other, tol, slack))
            return 1;
        prev = cur;
    }
    return 0;
}

int gr_g2_move_overlaps(const gr_g2_move *m, const gr_base *other, gr_len tol)
{
    poly o;
    gr_g2i_base_quad(other, &o);
    int64_t t = (int64_t)tol * GR_G2_SUB;
    if (m->kind == GR_G2_SLIDE) {
        poly h;
        slide_hull(m, &h);
        return gr_g2i_pen_exceeds(&h, &o, t);
    }
    if (pivot_dist_code(m, &o) > 0) /* never even touches */
        return 0;
    gr_base end = gr_g2_move_end(m);
    return gr_g2_overlap(&end, other, tol) || pivot_overlaps(m, &o, t);
}

int64_t gr_g2_move_length(const gr_g2_move *m, gr_g2_metric metric)
{
    if (m->kind == GR_G2_SLIDE) {
        int64_t dx = (int64_t)(m->to.x - m->from.c.x) * GR_G2_SUB;
        int64_t dy = (int64_t)(m->to.y - m->from.c.y) * GR_G2_SUB;
        return ceil_sqrt(dx * dx + dy * dy);
    }
    int64_t r;
    if (metric == GR_G2_PATH_MAX_CORNER) {
        r = pivot_radius(m);
    } else {
        int64_t dx = (int64_t)(m->from.c.x - m->pivot.x) * GR_G2_SUB;
        int64_t dy = (int64_t)(m->from.c.y - m->pivot.y) * GR_G2_SUB;
        r = ceil_sqrt(dx * dx + dy * dy);
    }
    int64_t turn = m->turn < 0 ? -(int64_t)m->turn : m->turn;
    const int64_t den = (int64_t)1800 << 20; /* length = r * turn * pi / 1800 */
    return (r * turn * PI_Q20_UP + den - 1) / den;
}
