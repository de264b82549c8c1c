/*
 * geom2d.c — table-top geometry (see geom2d.h and docs/geometry-tabletop.md).
 *
 * Everything is integer.  Shapes are convex polygons of at most 8 vertices
 * in sub-units (1/10000 inch): a base is a 4-gon, a segment a 2-gon, a point
 * a 1-gon, a swept move the convex hull of two bases.  Three exact
 * primitives on such polygons do all the work:
 *   separated()    the closed shapes are disjoint   (separating axis test)
 *   gr_g2i_pen_exceeds()  the penetration depth exceeds t   (separating axis test)
 *   gr_g2i_poly_dist()    squared closest distance, floor + fraction flag
 * Squares of 50-bit values are compared through a portable 128-bit product.
 */
#include "geom2d_int.h"

#include <stddef.h>

/* ------------------------------------------------------ 128-bit helpers */

typedef struct u128 {
    uint64_t hi, lo;
} u128;

static uint64_t uabs64(int64_t v)
{
    return v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
}

/* Full 128-bit product of two 64-bit unsigned values. */
static u128 mul_u64(uint64_t a, uint64_t b)
{
    const uint64_t m = 0xffffffffu;
    uint64_t a0 = a & m, a1 = a >> 32, b0 = b & m, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (p01 & m) + (p10 & m);
    u128 r;
    r.lo = (mid << 32) | (p00 & m);
    r.hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    return r;
}

static u128 sq128(int64_t v)
{
    return mul_u64(uabs64(v), uabs64(v));
}

static int cmp128(u128 a, u128 b)
{
    if (a.hi != b.hi)
        return a.hi < b.hi ? -1 : 1;
    if (a.lo != b.lo)
        return a.lo < b.lo ? -1 : 1;
    return 0;
}

/* floor(n / d) and the remainder; requires 0 < d < 2^63 and n.hi < d (so
 * the quotient fits in 64 bits).  Plain shift-and-subtract division. */
static uint64_t div128(u128 n, uint64_t d, uint64_t *rem)
{
    if (n.hi == 0) { /* common case: fits in 64 bits */
        *rem = n.lo % d;
        return n.lo / d;
    }
    uint64_t r = n.hi, q = 0;
    for (int i = 63; i >= 0; i--) {
        r = (r << 1) | ((n.lo >> i) & 1u);
        q <<= 1;
        if (r >= d) {
            r -= d;
            q |= 1u;
        }
    }
    *rem = r;
    return q;
}

/* round(a * b / c), halves away from zero; c > 0, result within int64. */
static int64_t muldiv_round(int64_t a, int64_t b, int64_t c)
{
    u128 p = mul_u64(uabs64(a), uabs64(b));
    uint64_t half = (uint64_t)c / 2u, rem;
    p.lo += half;
    p.hi += (p.lo < half);
    uint64_t q = div128(p, (uint64_t)c, &rem);
    return ((a < 0) != (b < 0)) ? -(int64_t)q : (int64_t)q;
}

/* round(n / d), halves away from zero (so round(-x) = -round(x)); d > 0. */
static int64_t div_round(int64_t n, int64_t d)
{
    return n >= 0 ? (n + d / 2) / d : -((-n + d / 2) / d);
}

/* round(v / 2^30), symmetric. */
int64_t gr_g2i_q30_round(int64_t v)
{
    return div_round(v, GR_G2_Q30);
}

uint64_t gr_g2i_isqrt64(uint64_t v)
{
    uint64_t r = 0, bit = (uint64_t)1 << 62;
    while (bit > v)
        bit >>= 2;
    while (bit != 0) {
        if (v >= r + bit) {
            v -= r + bit;
            r = (r >> 1) + bit;
        } else {
            r >>= 1;
        }
        bit >>= 2;
    }
    return r;
}

/* ---------------------------------------------------------------- angles */

/* round(2^30 sin d) for whole degrees d = 0..90 (computed once with 50-digit
 * decimal arithmetic; the unit test checks every angle against libm). */
static const int32_t SIN_DEG[91] = {
    0,          18739379,   37473049,   56195305,   74900443,   93582766,
    112236583,  130856211,  149435979,  167970228,  186453311,  204879599,
    223243478,  241539355,  259761657,  277904834,  295963357,  313931728,
    331804471,  349576144,  367241333,  384794656,  402230767,  419544355,
    436730145,  453782903,  470697435,  487468587,  504091252,  520560366,
    536870912,  553017922,  568996477,  584801711,  600428808,  615873009,
    631129609,  646193961,  661061475,  675727625,  690187940,  704438018,
    718473518,  732290163,  745883746,  759250125,  772385229,  785285058,
    797945680,  810363241,  822533958,  834454122,  846120104,  857528349,
    868675383,  879557810,  890172315,  900515665,  910584710,  920376381,
    929887697,  939115760,  948057759,  956710970,  965072759,  973140576,
    980911966,  988384560,  995556083,  1002424350, 1008987269, 1015242840,
    1021189159, 1026824413, 1032146887, 1037154959, 1041847103, 1046221891,
    1050277989, 1054014162, 1057429273, 1060522280, 1063292242, 1065738315,
    1067859754, 1069655912, 1071126243, 1072270298, 1073087729, 1073578288,
    1073741824};
/* round(2^30 sin t) and round(2^30 cos t) for t = 0.0 .. 0.9 degrees. */
static const int32_t SIN_TENTH[10] = {0,        1874032,  3748058, 5622073,
                                      7496071,  9370046,  11243993, 13117905,
                                      14991777, 16865604};
static const int32_t COS_TENTH[10] = {
    1073741824, 1073740189, 1073735282, 1073727105, 1073715658,
    1073700939, 1073682950, 1073661690, 1073637160, 1073609359};

/* sin of a in [0, 900] tenths: sin(D + t) = sin D cos t + cos D sin t. */
static int32_t sin_quadrant(int32_t a)
{
    int32_t deg = a / 10, t = a % 10;
    if (t == 0)
        return SIN_DEG[deg];
    int64_t s = (int64_t)SIN_DEG[deg] * COS_TENTH[t] +
                (int64_t)SIN_DEG[90 - deg] * SIN_TENTH[t];
    return (int32_t)((s + ((int64_t)1 << 29)) >> 30);
}

gr_angle gr_g2_angle_norm(int32_t a)
{
    int32_t r = a % GR_G2_TURN;
    return r < 0 ? r + GR_G2_TURN : r;
}

int32_t gr_g2_angle_diff(gr_angle a, gr_angle b)
{
    int32_t d = gr_g2_angle_norm(gr_g2_angle_norm(b) - gr_g2_angle_norm(a));
    return d > GR_G2_TURN / 2 ? d - GR_G2_TURN : d;
}

int gr_g2_same_facing(gr_angle a, gr_angle b, int32_t tol)
{
    int32_t d = gr_g2_angle_diff(a, b);
    return (d < 0 ? -d : d) <= tol;
}

/* Cross product of the direction of bearing a with (dx, dy), Q30 scaled:
 * negative while a is short of (dx, dy) within its quarter turn. */
static int64_t bearing_cross(int32_t a, int64_t dx, int64_t dy)
{
    return (int64_t)gr_g2_sin(a) * dy - (int64_t)gr_g2_cos(a) * dx;
}

gr_angle gr_g2_bearing(gr_pt a, gr_pt b)
{
    int64_t dx = (int64_t)b.x - a.x, dy = (int64_t)b.y - a.y;
    if (dx == 0 && dy == 0)
        return 0;
    int quarter = dx >= 0 ? (dy > 0 ? 0 : 1) : (dy < 0 ? 2 : 3);
    int32_t lo = quarter * (GR_G2_TURN / 4), hi = lo + GR_G2_TURN / 4;
    while (hi - lo > 1) { /* bisection on the sign of the cross product */
        int32_t mid = (lo + hi) / 2;
        if (bearing_cross(mid, dx, dy) < 0)
            lo = mid;
        else
            hi = mid;
    }
    int64_t cl = bearing_cross(lo, dx, dy), ch = bearing_cross(hi, dx, dy);
    cl = cl < 0 ? -cl : cl;
    ch = ch < 0 ? -ch : ch;
    return gr_g2_angle_norm(ch < cl ? hi : lo);
}

int32_t gr_g2_sin(gr_angle a)
{
    int32_t n = gr_g2_angle_norm(a);
    if (n <= 900)
        return sin_quadrant(n);
    if (n <= 1800)
        return sin_quadrant(1800 - n);
    if (n <= 2700)
        return -sin_quadrant(n - 1800);
    return -sin_quadrant(3600 - n);
}

int32_t gr_g2_cos(gr_angle a)
{
    return gr_g2_sin(gr_g2_angle_norm(a) + 900);
}

/* ---------------------------------------------------- convex polygons */


static void poly_push(poly *p, int64_t x, int64_t y)
{
    p->x[p->n] = x;
    p->y[p->n] = y;
    p->n++;
}

/* The base rectangle with its centre at (cx, cy) sub-units: corners FL,
 * FR, RR, RL.  Opposite corners are exact negatives around the centre. */
void gr_g2i_quad_at(poly *q, int64_t cx, int64_t cy, gr_len w, gr_len d,
                    gr_angle facing)
{
    int64_t s = gr_g2_sin(facing), c = gr_g2_cos(facing);
    int64_t hd = (int64_t)d * (GR_G2_SUB / 2), hw = (int64_t)w * (GR_G2_SUB / 2);
    int64_t flx = gr_g2i_q30_round(hd * s - hw * c), fly = gr_g2i_q30_round(hd * c + hw * s);
    int64_t frx = gr_g2i_q30_round(hd * s + hw * c), fry = gr_g2i_q30_round(hd * c - hw * s);
    q->n = 0;
    poly_push(q, cx + flx, cy + fly);
    poly_push(q, cx + frx, cy + fry);
    poly_push(q, cx - flx, cy - fly);
    poly_push(q, cx - frx, cy - fry);
}

void gr_g2i_base_quad(const gr_base *b, poly *q)
{
    gr_g2i_quad_at(q, (int64_t)b->c.x * GR_G2_SUB, (int64_t)b->c.y * GR_G2_SUB, b->w, b->d,
                   b->facing);
}

static void seg_poly(gr_seg s, poly *p)
{
    p->n = 0;
    poly_push(p, (int64_t)s.a.x * GR_G2_SUB, (int64_t)s.a.y * GR_G2_SUB);
    poly_push(p, (int64_t)s.b.x * GR_G2_SUB, (int64_t)s.b.y * GR_G2_SUB);
}

static void pt_poly(gr_pt pt, poly *p)
{
    p->n = 0;
    poly_push(p, (int64_t)pt.x * GR_G2_SUB, (int64_t)pt.y * GR_G2_SUB);
}

static void edge_poly(const gr_base *b, gr_g2_side side, poly *p)
{
    poly q;
    gr_g2i_base_quad(b, &q);
    int i = (int)side & 3, j = (i + 1) & 3;
    p->n = 0;
    poly_push(p, q.x[i], q.y[i]);
    poly_push(p, q.x[j], q.y[j]);
}

/*
 * Test axes of a polygon: the normal of every edge; a 2-gon (segment) also
 * gives its direction, which the separating axis test needs for a
 * degenerate shape.  A 1-gon gives none.  Returns 0 for a zero axis.
 */
static int poly_axis(const poly *p, int i, int64_t *ax, int64_t *ay)
{
    int j = (i + 1) % p->n;
    int64_t ex = p->x[j] - p->x[i], ey = p->y[j] - p->y[i];
    if (p->n == 2 && i == 1) {
        ex = p->x[1] - p->x[0];
        ey = p->y[1] - p->y[0];
        *ax = ex;
        *ay = ey;
    } else {
        *ax = -ey;
        *ay = ex;
    }
    return ex != 0 || ey != 0;
}

static int poly_axis_count(const poly *p)
{
    return p->n == 1 ? 0 : p->n;
}

static void project(const poly *p, int64_t ax, int64_t ay, int64_t *lo,
                    int64_t *hi)
{
    *lo = *hi = ax * p->x[0] + ay * p->y[0];
    for (int i = 1; i < p->n; i++) {
        int64_t v = ax * p->x[i] + ay * p->y[i];
        if (v < *lo)
            *lo = v;
        if (v > *hi)
            *hi = v;
    }
}

/* Overlap of the two shadows on axis (ax, ay), scaled by the axis length:
 * negative when they are apart, 0 when they touch. */
static int64_t axis_overlap(const poly *a, const poly *b, int64_t ax,
                            int64_t ay)
{
    int64_t alo, ahi, blo, bhi;
    project(a, ax, ay, &alo, &ahi);
    project(b, ax, ay, &blo, &bhi);
    int64_t o1 = ahi - blo, o2 = bhi - alo;
    return o1 < o2 ? o1 : o2;
}

/*
 * Smallest overlap/|axis| over all test axes of both shapes, compared with
 * t >= 0 sub-units: returns 1 when every axis overlaps by more than t (the
 * penetration depth exceeds t), else 0.  With t = 0: interiors intersect.
 */
int gr_g2i_pen_exceeds(const poly *a, const poly *b, int64_t t)
{
    const poly *ps[2] = {a, b};
    int axes = 0;
    for (int k = 0; k < 2; k++) {
        for (int i = 0; i < poly_axis_count(ps[k]); i++) {
            int64_t ax, ay;
            if (!poly_axis(ps[k], i, &ax, &ay))
                continue;
            axes++;
            int64_t ov = axis_overlap(a, b, ax, ay);
            if (ov <= 0)
                return 0;
            if (t > 0 && cmp128(sq128(ov), mul_u64((uint64_t)(t * t),
                                                   (uint64_t)(ax * ax + ay * ay))) <= 0)
                return 0;
        }
    }
    return axes > 0;
}

/* 1 when the closed shapes are disjoint. */
static int separated(const poly *a, const poly *b)
{
    const poly *ps[2] = {a, b};
    int axes = 0;
    for (int k = 0; k < 2; k++) {
        for (int i = 0; i < poly_axis_count(ps[k]); i++) {
            int64_t ax, ay;
            if (!poly_axis(ps[k], i, &ax, &ay))
                continue;
            axes++;
            if (axis_overlap(a, b, ax, ay) < 0)
                return 1;
        }
    }
    if (axes == 0) /* two points (or degenerate segments) */
        return a->x[0] != b->x[0] || a->y[0] != b->y[0];
    return 0;
}

/* Distance code (see gr_g2_dist) from point p to segment ab. */
int64_t gr_g2i_pt_seg_code(int64_t px, int64_t py, int64_t ax, int64_t ay,
                           int64_t bx, int64_t by)
{
    int64_t ex = bx - ax, ey = by - ay, wx = px - ax, wy = py - ay;
    int64_t t = ex * wx + ey * wy, ee = ex * ex + ey * ey;
    if (t <= 0 || ee == 0)
        return 2 * (wx * wx + wy * wy);
    if (t >= ee) {
        int64_t dx = px - bx, dy = py - by;
        return 2 * (dx * dx + dy * dy);
    }
    uint64_t rem;
    uint64_t q = div128(sq128(ex * wy - ey * wx), (uint64_t)ee, &rem);
    return 2 * (int64_t)q + (rem != 0);
}

/* Smallest code from a vertex of a to an edge of b (a 1-gon's only "edge"
 * is its point; a 2-gon has one edge). */
static int64_t vertex_edge_code(const poly *a, const poly *b)
{
    int64_t best = INT64_MAX;
    int edges = b->n <= 2 ? 1 : b->n;
    for (int i = 0; i < a->n; i++) {
        for (int e = 0; e < edges; e++) {
            int f = (e + 1) % b->n;
            int64_t c = gr_g2i_pt_seg_code(a->x[i], a->y[i], b->x[e], b->y[e],
                                           b->x[f], b->y[f]);
            if (c < best)
                best = c;
        }
    }
    return best;
}

/* Exact closest-distance code between two convex shapes (0 if they meet). */
int64_t gr_g2i_poly_dist(const poly *a, const poly *b)
{
    if (!separated(a, b))
        return 0;
    int64_t c1 = vertex_edge_code(a, b), c2 = vertex_edge_code(b, a);
    return c1 < c2 ? c1 : c2;
}

static int64_t cross3(int64_t ox, int64_t oy, int64_t ax, int64_t ay,
                      int64_t bx, int64_t by)
{
    return (ax - ox) * (by - oy) - (ay - oy) * (bx - ox);
}

/* Convex hull (counter-clockwise, no collinear points) of n <= 8 points,
 * by Andrew's monotone chain. */
static void hull_of(const int64_t *xs, const int64_t *ys, int n, poly *h)
{
    int64_t px[POLY_MAX], py[POLY_MAX], hx[2 * POLY_MAX], hy[2 * POLY_MAX];
    for (int i = 0; i < n; i++) { /* insertion sort by (x, y) */
        int j = i;
        while (j > 0 && (px[j - 1] > xs[i] || (px[j - 1] == xs[i] && py[j - 1] > ys[i]))) {
            px[j] = px[j - 1];
            py[j] = py[j - 1];
            j--;
        }
        px[j] = xs[i];
        py[j] = ys[i];
    }
    int k = 0;
    for (int pass = 0; pass < 2; pass++) {
        int start = k;
        for (int s = 0; s < n; s++) {
            int i = pass == 0 ? s : n - 1 - s;
            while (k >= start + 2 &&
                   cross3(hx[k - 2], hy[k - 2], hx[k - 1], hy[k - 1], px[i], py[i]) <= 0)
                k--;
            hx[k] = px[i];
            hy[k] = py[i];
            k++;
        }
        k--; /* the last point starts the other chain */
    }
    h->n = 0;
    for (int i = 0; i < k && i < POLY_MAX; i++)
        poly_push(h, hx[i], hy[i]);
    if (h->n == 0) /* all points equal */
        poly_push(h, px[0], py[0]);
}

void gr_g2i_hull_of_two(const poly *a, const poly *b, poly *h)
{
    int64_t xs[POLY_MAX], ys[POLY_MAX];
    int n = 0;
    for (int i = 0; i < a->n; i++, n++) {
        xs[n] = a->x[i];
        ys[n] = a->y[i];
    }
    for (int i = 0; i < b->n; i++, n++) {
        xs[n] = b->x[i];
        ys[n] = b->y[i];
    }
    hull_of(xs, ys, n, h);
}

/* Twice the (unsigned) area of a polygon. */
static int64_t poly_area2(const poly *p)
{
    int64_t s = 0;
    for (int i = 1; i + 1 < p->n; i++)
        s += cross3(p->x[0], p->y[0], p->x[i], p->y[i], p->x[i + 1], p->y[i + 1]);
    return s < 0 ? -s : s;
}

/* ---------------------------------------------------------------- bases */

gr_pt gr_g2_offset(gr_pt origin, gr_angle facing, gr_len fwd, gr_len right)
{
    int64_t s = gr_g2_sin(facing), c = gr_g2_cos(facing);
    gr_pt p;
    p.x = (gr_len)(origin.x + gr_g2i_q30_round((int64_t)fwd * s + (int64_t)right * c));
    p.y = (gr_len)(origin.y + gr_g2i_q30_round((int64_t)fwd * c - (int64_t)right * s));
    return p;
}

gr_base gr_g2_base_from_front(gr_pt fc, gr_len w, gr_len d, gr_angle facing)
{
    int64_t s = gr_g2_sin(facing), c = gr_g2_cos(facing);
    const int64_t two_q30 = (int64_t)2 * GR_G2_Q30;
    gr_base b;
    b.c.x = (gr_len)(fc.x - div_round((int64_t)d * s, two_q30));
    b.c.y = (gr_len)(fc.y - div_round((int64_t)d * c, two_q30));
    b.w = w;
    b.d = d;
    b.facing = gr_g2_angle_norm(facing);
    return b;
}

gr_pt gr_g2i_pt_of_sub(int64_t x, int64_t y)
{
    gr_pt p;
    p.x = (gr_len)div_round(x, GR_G2_SUB);
    p.y = (gr_len)div_round(y, GR_G2_SUB);
    return p;
}

gr_pt gr_g2_base_front_centre(const gr_base *b)
{
    poly q;
    gr_g2i_base_quad(b, &q);
    gr_pt p;
    p.x = (gr_len)div_round(q.x[0] + q.x[1], 2 * GR_G2_SUB);
    p.y = (gr_len)div_round(q.y[0] + q.y[1], 2 * GR_G2_SUB);
    return p;
}

void gr_g2_base_corners(const gr_base *b, gr_pt out[4])
{
    poly q;
    gr_g2i_base_quad(b, &q);
    for (int i = 0; i < 4; i++)
        out[i] = gr_g2i_pt_of_sub(q.x[i], q.y[i]);
}

gr_seg gr_g2_base_edge(const gr_base *b, gr_g2_side side)
{
    poly e;
    edge_poly(b, side, &e);
    gr_seg s;
    s.a = gr_g2i_pt_of_sub(e.x[0], e.y[0]);
    s.b = gr_g2i_pt_of_sub(e.x[1], e.y[1]);
    return s;
}

gr_pt gr_g2_base_edge_point(const gr_base *b, gr_g2_side side, int32_t num,
                            int32_t den)
{
    poly e;
    edge_poly(b, side, &e);
    int64_t scale = (int64_t)den * GR_G2_SUB;
    gr_pt p;
    p.x = (gr_len)div_round(e.x[0] * den + (e.x[1] - e.x[0]) * num, scale);
    p.y = (gr_len)div_round(e.y[0] * den + (e.y[1] - e.y[0]) * num, scale);
    return p;
}

int gr_g2_base_has_pt(const gr_base *b, gr_pt p)
{
    poly q, pp;
    gr_g2i_base_quad(b, &q);
    pt_poly(p, &pp);
    return !separated(&q, &pp);
}

/* ------------------------------------------------------------ distances */

gr_g2_dist gr_g2i_dist_of(int64_t code)
{
    gr_g2_dist d;
    d.code = code;
    return d;
}

gr_g2_dist gr_g2_dist_pts(gr_pt p, gr_pt q)
{
    int64_t dx = (int64_t)(p.x - q.x) * GR_G2_SUB, dy = (int64_t)(p.y - q.y) * GR_G2_SUB;
    return gr_g2i_dist_of(2 * (dx * dx + dy * dy));
}

gr_g2_dist gr_g2_dist_base_pt(const gr_base *b, gr_pt p)
{
    poly q, pp;
    gr_g2i_base_quad(b, &q);
    pt_poly(p, &pp);
    return gr_g2i_dist_of(gr_g2i_poly_dist(&q, &pp));
}

gr_g2_dist gr_g2_dist_bases(const gr_base *a, const gr_base *b)
{
    poly qa, qb;
    gr_g2i_base_quad(a, &qa);
    gr_g2i_base_quad(b, &qb);
    return gr_g2i_dist_of(gr_g2i_poly_dist(&qa, &qb));
}

gr_g2_dist gr_g2_dist_seg_base(gr_seg s, const gr_base *b)
{
    poly ps, q;
    seg_poly(s, &ps);
    gr_g2i_base_quad(b, &q);
    return gr_g2i_dist_of(gr_g2i_poly_dist(&ps, &q));
}

gr_g2_dist gr_g2_dist_segs(gr_seg s, gr_seg t)
{
    poly ps, pt;
    seg_poly(s, &ps);
    seg_poly(t, &pt);
    return gr_g2i_dist_of(gr_g2i_poly_dist(&ps, &pt));
}

gr_g2_dist gr_g2_dist_edge_base(const gr_base *a, gr_g2_side side,
                                const gr_base *b)
{
    poly e, q;
    edge_poly(a, side, &e);
    gr_g2i_base_quad(b, &q);
    return gr_g2i_dist_of(gr_g2i_poly_dist(&e, &q));
}

/* Twice the square of a threshold of t sub-units (the code of distance t). */
int64_t gr_g2i_code_of_sub(int64_t t)
{
    return 2 * t * t;
}

int gr_g2_dist_ok(gr_g2_dist d, gr_len x, gr_g2_cmp cmp)
{
    int64_t lo = (int64_t)x * GR_G2_SUB - GR_G2_EPS_SUB; /* X - EPS */
    int64_t hi = (int64_t)x * GR_G2_SUB + GR_G2_EPS_SUB; /* X + EPS */
    switch (cmp) {
    case GR_G2_LESS_THAN:
        return lo > 0 && d.code < gr_g2i_code_of_sub(lo);
    case GR_G2_MORE_THAN:
        return hi < 0 || d.code > gr_g2i_code_of_sub(hi);
    case GR_G2_AT_LEAST:
        return lo <= 0 || d.code >= gr_g2i_code_of_sub(lo);
    case GR_G2_WITHIN:
        return hi >= 0 && d.code <= gr_g2i_code_of_sub(hi);
    }
    return 0;
}

int gr_g2_dist_order(gr_g2_dist a, gr_g2_dist b)
{
    return (a.code > b.code) - (a.code < b.code);
}

int64_t gr_g2_dist_sub(gr_g2_dist d)
{
    return (int64_t)gr_g2i_isqrt64((uint64_t)(d.code >> 1));
}

gr_len gr_g2_dist_len(gr_g2_dist d)
{
    return (gr_len)((gr_g2_dist_sub(d) + GR_G2_SUB / 2) / GR_G2_SUB);
}

int gr_g2_bases_within(const gr_base *a, const gr_base *b, gr_len x,
                       gr_g2_cmp cmp)
{
    return gr_g2_dist_ok(gr_g2_dist_bases(a, b), x, cmp);
}

/* -------------------------------------------------------------- contact */

int gr_g2_touch(const gr_base *a, const gr_base *b, gr_len tol)
{
    poly qa, qb;
    gr_g2i_base_quad(a, &qa);
    gr_g2i_base_quad(b, &qb);
    int64_t t = (int64_t)tol * GR_G2_SUB;
    return gr_g2i_poly_dist(&qa, &qb) <= gr_g2i_code_of_sub(t) && !gr_g2i_pen_exceeds(&qa, &qb, t);
}

int gr_g2_overlap(const gr_base *a, const gr_base *b, gr_len tol)
{
    poly qa, qb;
    gr_g2i_base_quad(a, &qa);
    gr_g2i_base_quad(b, &qb);
    return gr_g2i_pen_exceeds(&qa, &qb, (int64_t)tol * GR_G2_SUB);
}

int gr_g2_edge_touch(const gr_base *a, gr_g2_side side, const gr_base *b,
                     gr_len tol)
{
    return gr_g2_dist_edge_base(a, side, b).code <=
           gr_g2i_code_of_sub((int64_t)tol * GR_G2_SUB);
}

/* ----------------------------------------------------------------- arcs */

/* A directed line through (ax, ay) with direction (ux, uy); a point is
 * inside when sign * cross(u, p - a) >= 0. */
typedef struct line {
    int64_t ax, ay, ux, uy, sign;
} line;

static int64_t line_val(const line *l, int64_t x, int64_t y)
{
    return l->sign * (l->ux * (y - l->ay) - l->uy * (x - l->ax));
}

/* The three boundary lines of an arc: front line, left ray, right ray. */
static void arc_lines(const gr_g2_arc *arc, line out[3])
{
    line front = {arc->lx, arc->ly, arc->rx - arc->lx, arc->ry - arc->ly, 1};
    line left = {arc->lx, arc->ly, arc->ldx, arc->ldy, -1};
    line right = {arc->rx, arc->ry, arc->rdx, arc->rdy, 1};
    out[0] = front;
    out[1] = left;
    out[2] = right;
}

static gr_g2_arc arc_make(const poly *lq, const poly *rq, gr_angle facing,
                          gr_angle half)
{
    gr_g2_arc a;
    a.lx = lq->x[0];
    a.ly = lq->y[0];
    a.rx = rq->x[1];
    a.ry = rq->y[1];
    a.ldx = gr_g2_sin(gr_g2_angle_norm(facing) - half);
    a.ldy = gr_g2_cos(gr_g2_angle_norm(facing) - half);
    a.rdx = gr_g2_sin(gr_g2_angle_norm(facing) + half);
    a.rdy = gr_g2_cos(gr_g2_angle_norm(facing) + half);
    return a;
}

gr_g2_arc gr_g2_arc_of_base(const gr_base *b, gr_angle half)
{
    poly q;
    gr_g2i_base_quad(b, &q);
    return arc_make(&q, &q, b->facing, half);
}

gr_g2_arc gr_g2_arc_of_front(const gr_base *left, const gr_base *right,
                             gr_angle half)
{
    poly lq, rq;
    gr_g2i_base_quad(left, &lq);
    gr_g2i_base_quad(right, &rq);
    return arc_make(&lq, &rq, left->facing, half);
}

int gr_g2_arc_has_pt(const gr_g2_arc *arc, gr_pt p)
{
    line ls[3];
    arc_lines(arc, ls);
    int64_t x = (int64_t)p.x * GR_G2_SUB, y = (int64_t)p.y * GR_G2_SUB;
    for (int i = 0; i < 3; i++)
        if (line_val(&ls[i], x, y) < 0)
            return 0;
    return 1;
}

/* Sutherland-Hodgman step: keeps the part of convex p inside line l.  A
 * crossing point is rounded to the nearest sub-unit. */
static void clip_by_line(poly *p, const line *l)
{
    poly out;
    out.n = 0;
    for (int i = 0; i < p->n; i++) {
        int j = (i + 1) % p->n;
        int64_t gi = line_val(l, p->x[i], p->y[i]);
        int64_t gj = line_val(l, p->x[j], p->y[j]);
        if (gi >= 0)
            poly_push(&out, p->x[i], p->y[i]);
        if ((gi > 0 && gj < 0) || (gi < 0 && gj > 0)) {
            int64_t num = gi < 0 ? -gi : gi, den = num + (gj < 0 ? -gj : gj);
            poly_push(&out, p->x[i] + muldiv_round(p->x[j] - p->x[i], num, den),
                      p->y[i] + muldiv_round(p->y[j] - p->y[i], num, den));
        }
    }
    *p = out;
}

/* The part of base b inside the arc, in sub-units. */
static void arc_clip_poly(const gr_g2_arc *arc, const gr_base *b, poly *p)
{
    line ls[3];
    arc_lines(arc, ls);
    gr_g2i_base_quad(b, p);
    for (int i = 0; i < 3 && p->n > 0; i++)
        clip_by_line(p, &ls[i]);
}

int gr_g2_arc_clip(const gr_g2_arc *arc, const gr_base *b,
                   gr_pt out[GR_G2_CLIP_MAX], int64_t *area)
{
    poly p;
    arc_clip_poly(arc, b, &p);
    if (area)
        *area = p.n >= 3 ? poly_area2(&p) / 2 : 0;
    int n = 0;
    for (int i = 0; i < p.n; i++) {
        gr_pt v = gr_g2i_pt_of_sub(p.x[i], p.y[i]);
        if (n > 0 && v.x == out[n - 1].x && v.y == out[n - 1].y)
            continue;
        out[n++] = v;
    }
    if (n > 1 && out[0].x == out[n - 1].x && out[0].y == out[n - 1].y)
        n--;
    return n;
}

int gr_g2_arc_has_base(const gr_g2_arc *arc, const gr_base *b)
{
    poly p;
    arc_clip_poly(arc, b, &p);
    return p.n >= 3 && poly_area2(&p) > 2 * (int64_t)GR_G2_ARC_MIN_AREA;
}

/* ----------------------------------------------------------- sight lines */

int gr_g2_seg_meets_base(gr_seg s, const gr_base *b)
{
    poly ps, q;
    seg_poly(s, &ps);
    gr_g2i_base_quad(b, &q);
    return !separated(&ps, &q);
}

int gr_g2_seg_enters_base(gr_seg s, const gr_base *b)
{
    poly ps, q;
    seg_poly(s, &ps);
    gr_g2i_base_quad(b, &q);
    return gr_g2i_pen_exceeds(&ps, &q, 0);
}
