/*
 * los.c — the centre-to-centre hex line used for line of sight, in exact
 * integer arithmetic.
 *
 * For a line a -> b of n = dist(a, b) steps, sample k (0..n) is the point
 * P_k = a + (b - a) * k / n.  Scaled by n, its cube coordinates are the
 * integers X_k = n*a + k*(b - a), so "which hex centre is nearest P_k" can
 * be decided exactly: compare |X_k - n*h|^2 (the squared Euclidean distance
 * in cube coordinates, up to a constant factor) between candidate hexes h.
 *
 * A sample can lie exactly on a hexside (never on a vertex: one cube
 * coordinate of every sample is a whole number).  Ties are broken as if the
 * line were moved an infinitesimal eps to one side: distances are then
 * compared to P_k + eps*nrm + eps^2*dir, which expands to comparing first
 * |X_k - n*h|^2, then the larger nrm.h, then the larger dir.h.  nrm is the
 * line direction turned 90 degrees left (towards increasing direction
 * numbers) for the left trace and right for the right trace.
 */
#include "hex.h"

typedef struct cube {
    int64_t x, y, z; /* x + y + z == 0; x = q, z = r */
} cube;

/* The exact tie-breaking order of one trace. */
typedef struct trace {
    int64_t n;  /* scale: dist(a, b)                        */
    cube start; /* n * a                                     */
    cube dir;   /* b - a                                     */
    cube nrm;   /* dir turned 90 degrees to the trace's side */
} trace;

static cube to_cube(gr_hex h)
{
    cube c = {h.q, -(int64_t)h.q - h.r, h.r};
    return c;
}

static int64_t dot(cube a, cube b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

static int64_t floor_div(int64_t num, int64_t den)
{
    int64_t q = num / den;
    return (num % den != 0 && ((num < 0) != (den < 0))) ? q - 1 : q;
}

/* Scaled sample point X_k. */
static cube sample(const trace *t, int k)
{
    cube p = {t->start.x + k * t->dir.x, t->start.y + k * t->dir.y,
              t->start.z + k * t->dir.z};
    return p;
}

/* Non-zero when hex h is nearer the nudged sample p than hex o. */
static int nearer(const trace *t, cube p, gr_hex h, gr_hex o)
{
    cube ch = to_cube(h), co = to_cube(o);
    cube eh = {p.x - t->n * ch.x, p.y - t->n * ch.y, p.z - t->n * ch.z};
    cube eo = {p.x - t->n * co.x, p.y - t->n * co.y, p.z - t->n * co.z};
    int64_t dh = dot(eh, eh), dd = dot(eo, eo);
    if (dh != dd)
        return dh < dd;
    if (dot(t->nrm, ch) != dot(t->nrm, co))
        return dot(t->nrm, ch) > dot(t->nrm, co);
    return dot(t->dir, ch) > dot(t->dir, co);
}

/*
 * The hex nearest sample k: start from the rounded axial coordinates and
 * walk to a nearer neighbour while there is one.  A hex nearer a point than
 * its six neighbours is the nearest of all (hexes are Voronoi cells).
 */
static gr_hex nearest_hex(const trace *t, int k)
{
    cube p = sample(t, k);
    gr_hex h = {(int16_t)floor_div(2 * p.x + t->n, 2 * t->n),
                (int16_t)floor_div(2 * p.z + t->n, 2 * t->n)};
    for (int moved = 1; moved;) {
        moved = 0;
        for (int d = 0; d < 6 && !moved; d++) {
            gr_hex nb = gr_hex_step(h, d);
            if (nearer(t, p, nb, h)) {
                h = nb;
                moved = 1;
            }
        }
    }
    return h;
}

static void trace_line(gr_hex a, gr_hex b, int side, gr_hex *out)
{
    trace t;
    cube ca = to_cube(a), cb = to_cube(b);
    t.n = gr_hex_dist(a, b);
    t.dir = (cube){cb.x - ca.x, cb.y - ca.y, cb.z - ca.z};
    t.start = (cube){t.n * ca.x, t.n * ca.y, t.n * ca.z};
    /* dir x (1,1,1) turns dir 90 degrees clockwise; side +1 is left. */
    t.nrm = (cube){side * (t.dir.z - t.dir.y), side * (t.dir.x - t.dir.z),
                   side * (t.dir.y - t.dir.x)};
    out[0] = a;
    for (int k = 1; k < t.n; k++)
        out[k] = nearest_hex(&t, k);
    out[t.n] = b;
}

int gr_hex_line(gr_hex a, gr_hex b, gr_hex *left, gr_hex *right, int cap)
{
    int n = gr_hex_dist(a, b) + 1;
    if (cap < n)
        return 0;
    if (left)
        trace_line(a, b, +1, left);
    if (right)
        trace_line(a, b, -1, right);
    return n;
}

int gr_hex_line_along(gr_hex a, gr_hex b)
{
    cube d = {b.q - a.q, -(int64_t)(b.q - a.q) - (b.r - a.r), b.r - a.r};
    if (d.x == 0 && d.y == 0)
        return 0;
    return d.x == d.y || d.y == d.z || d.z == d.x;
}
