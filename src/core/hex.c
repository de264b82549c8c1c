/* hex.c — axial hex coordinates: directions, distance, adjacency, and the
 * wedges used for facing (JdG front hexes, fire cone) and the BoC artillery
 * cone.  Pure integer arithmetic. */
#include "hex.h"

/* The six unit vectors, counter-clockwise from d0 (JdG spec 0.A.3). */
static const int8_t DIR_Q[6] = {1, 1, 0, -1, -1, 0};
static const int8_t DIR_R[6] = {0, -1, -1, 0, 1, 1};

/* Direction number reduced to 0..5 for any int. */
static int dir_norm(int dir)
{
    int d = dir % 6;
    return d < 0 ? d + 6 : d;
}

static int abs_int(int v)
{
    return v < 0 ? -v : v;
}

static gr_hex make_hex(int q, int r)
{
    gr_hex h = {(int16_t)q, (int16_t)r};
    return h;
}

gr_hex gr_hex_dir(int dir)
{
    int d = dir_norm(dir);
    return make_hex(DIR_Q[d], DIR_R[d]);
}

gr_hex gr_hex_add(gr_hex a, gr_hex b)
{
    return make_hex(a.q + b.q, a.r + b.r);
}

gr_hex gr_hex_sub(gr_hex a, gr_hex b)
{
    return make_hex(a.q - b.q, a.r - b.r);
}

gr_hex gr_hex_scale(gr_hex a, int k)
{
    return make_hex(a.q * k, a.r * k);
}

gr_hex gr_hex_step(gr_hex h, int dir)
{
    return gr_hex_add(h, gr_hex_dir(dir));
}

int gr_hex_eq(gr_hex a, gr_hex b)
{
    return a.q == b.q && a.r == b.r;
}

int gr_hex_dist(gr_hex a, gr_hex b)
{
    int dq = a.q - b.q, dr = a.r - b.r;
    return (abs_int(dq) + abs_int(dr) + abs_int(dq + dr)) / 2;
}

int gr_hex_dir_to(gr_hex a, gr_hex b)
{
    int dq = b.q - a.q, dr = b.r - a.r;
    for (int d = 0; d < 6; d++)
        if (dq == DIR_Q[d] && dr == DIR_R[d])
            return d;
    return -1;
}

/*
 * Two consecutive unit vectors u = d(dir), v = d(dir+1) form a basis of the
 * lattice with determinant -1 (u.q*v.r - u.r*v.q), so Cramer's rule gives
 * integer coefficients for every lattice vector.
 */
int gr_hex_wedge(gr_hex o, int dir, gr_hex t, int *a, int *b)
{
    int d0 = dir_norm(dir), d1 = dir_norm(d0 + 1);
    int uq = DIR_Q[d0], ur = DIR_R[d0], vq = DIR_Q[d1], vr = DIR_R[d1];
    int dq = t.q - o.q, dr = t.r - o.r;
    int det = uq * vr - ur * vq; /* always -1 */
    int ca = (dq * vr - dr * vq) / det;
    int cb = (uq * dr - ur * dq) / det;
    if (a)
        *a = ca;
    if (b)
        *b = cb;
    return ca >= 0 && cb >= 0;
}

/*
 * t = o + a*d + b*d' with d' = d(dir+1) or d(dir-1), a >= 1, 0 <= b <= a:
 * the 60-degree wedge whose edges run from o's centre through the two ends
 * of hexside `dir` (hexes on those edges included).  Its range is a + b.
 */
int gr_hex_cone(gr_hex o, int dir, gr_hex t, int max_range)
{
    int d = dir_norm(dir), a, b, range = 0;
    if (gr_hex_wedge(o, d, t, &a, &b) && a >= 1 && b <= a)
        range = a + b;
    else if (gr_hex_wedge(o, d + 5, t, &b, &a) && a >= 1 && b <= a)
        range = a + b;
    return range <= max_range ? range : 0;
}
