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
 *
 * gr_hex_cover walks the segment cell by cell instead: from the current
 * hex it finds, as an exact fraction, where the segment leaves the hex's
 * cell (the first bisector with a neighbour it meets) and steps into that
 * neighbour; leaving through a vertex it steps into the neighbour on the
 * segment's side, or, when the segment runs along the hexside between the
 * two neighbours, lists both as a grazed pair and moves to the hex beyond.
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

/* ---------------------------------------------------------------- cover */

/* A parameter t = num / den along the segment (den > 0). */
typedef struct frac {
    int64_t num, den;
} frac;

static int frac_cmp(frac a, frac b)
{
    int64_t l = a.num * b.den, r = b.num * a.den;
    return (l > r) - (l < r);
}

static cube dir_cube(int d)
{
    return to_cube(gr_hex_dir(d));
}

/*
 * Where the segment A + tD leaves the cell of c: the smallest t at which it
 * meets the bisector with a neighbour it moves towards ((P - c).e <= 1 for
 * each neighbour vector e).  Writes the one or two directions that bind
 * (two: it leaves through a vertex); returns how many.
 */
static int cell_exit(cube a, cube d, cube c, int *j1, int *j2)
{
    cube rel = {a.x - c.x, a.y - c.y, a.z - c.z};
    frac best = {0, 0};
    int n = 0;
    for (int j = 0; j < 6; j++) {
        int64_t h = dot(d, dir_cube(j));
        if (h <= 0)
            continue;
        frac t = {1 - dot(rel, dir_cube(j)), h};
        int cmp = n == 0 ? -1 : frac_cmp(t, best);
        if (cmp < 0) {
            best = t;
            *j1 = j;
            n = 1;
        } else if (cmp == 0) {
            *j2 = j;
            n = 2;
        }
    }
    return n;
}

static gr_hex hex_of_cube(cube c)
{
    gr_hex h = {(int16_t)c.x, (int16_t)c.z};
    return h;
}

static cube cube_add(cube a, cube b)
{
    cube c = {a.x + b.x, a.y + b.y, a.z + b.z};
    return c;
}

static void cover_put(gr_hex *out, uint8_t *graze, int cap, int k, cube c, int g)
{
    if (k >= cap)
        return;
    if (out)
        out[k] = hex_of_cube(c);
    if (graze)
        graze[k] = (uint8_t)g;
}

int gr_hex_cover(gr_hex a, gr_hex b, gr_hex *out, uint8_t *graze, int cap)
{
    cube ca = to_cube(a), cb = to_cube(b), c = ca;
    cube d = {cb.x - ca.x, cb.y - ca.y, cb.z - ca.z};
    cube left = {d.z - d.y, d.x - d.z, d.y - d.x};
    int k = 0;
    while (c.x != cb.x || c.z != cb.z) {
        int j1 = -1, j2 = -1;
        cover_put(out, graze, cap, k++, c, 0);
        if (cell_exit(ca, d, c, &j1, &j2) == 1) {
            c = cube_add(c, dir_cube(j1));
            continue;
        }
        cube e1 = dir_cube(j1), e2 = dir_cube(j2);
        cube diff = {e1.x - e2.x, e1.y - e2.y, e1.z - e2.z};
        int64_t side = dot(d, diff);
        if (side != 0) { /* through the vertex into one neighbour */
            c = cube_add(c, side > 0 ? e1 : e2);
            continue;
        }
        /* along the hexside between the two neighbours, left one first */
        int first_is_e1 = dot(left, e1) > dot(left, e2);
        cover_put(out, graze, cap, k++, cube_add(c, first_is_e1 ? e1 : e2), 1);
        cover_put(out, graze, cap, k++, cube_add(c, first_is_e1 ? e2 : e1), 1);
        c = cube_add(c, cube_add(e1, e2));
    }
    cover_put(out, graze, cap, k++, c, 0);
    return k;
}
