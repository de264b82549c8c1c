/* los.c — artillery Cone of Fire (R5.31-b) and line of sight for long-range
 * fire (R5.33): routes through the cone, obstacle heights, and the blocking
 * test of the spec's recommended algorithm (R5.33-h). */
#include "../boc.h"

#define ROUTE_MAX 8

int boc_cone_range(const boc_sdata *sd, int f, int dir, int t, int max_range)
{
    if (f < 0 || t < 0 || dir < 0 || dir > 5)
        return 0;
    return gr_hex_cone(sd->coord[f], dir, sd->coord[t], max_range);
}

/* Height of a unit in `hex` seen through its side `dir` (R2.3-d, R2.3-e). */
static int unit_height(const boc_sdata *sd, int hex, int dir)
{
    int h = sd->hex[hex].los_level[dir];
    if (boc_terrain_of(sd, hex)->blocks_los)
        h += sd->tree_height;
    return h > sd->max_height ? sd->max_height : h;
}

/* Height of an intermediate Woods/Orchard/Town hex, or -1 if no obstacle. */
static int hex_obstacle(const boc_sdata *sd, int hex)
{
    if (!boc_terrain_of(sd, hex)->blocks_los)
        return -1;
    int h = sd->hex[hex].level + sd->tree_height;
    return h > sd->max_height ? sd->max_height : h;
}

/* Height of a slope hexside between a and b (the higher ground), or -1. */
static int side_obstacle(const boc_sdata *sd, int a, int b)
{
    int d = boc_dir_to(sd, a, b);
    if (d < 0 || boc_side(sd, a, d)->slope == 0)
        return -1;
    int la = sd->hex[a].level, lb = sd->hex[b].level;
    return la > lb ? la : lb;
}

/* The blocking test of R5.33-h; distances are doubled (hexsides at k+1/2). */
static int blocks(int ho, int hf, int ht, int df2, int dt2)
{
    int lo = hf < ht ? hf : ht, hi = hf > ht ? hf : ht;
    if (ho <= lo)
        return 0;
    if (ho > hi)
        return 1;
    if (ht > hf)
        return dt2 > df2;
    return dt2 < df2;
}

/* Non-zero when the complete route r[0..n] has no blocking obstacle. */
static int route_clear(const boc_sdata *sd, const int *r, int n)
{
    int hf = unit_height(sd, r[0], boc_dir_to(sd, r[0], r[1]));
    int ht = unit_height(sd, r[n], boc_dir_to(sd, r[n], r[n - 1]));
    for (int k = 0; k < n; k++) {
        int ho = side_obstacle(sd, r[k], r[k + 1]);
        if (ho >= 0 && blocks(ho, hf, ht, 2 * k + 1, 2 * (n - k) - 1))
            return 0;
        if (k > 0 && (ho = hex_obstacle(sd, r[k])) >= 0 && blocks(ho, hf, ht, 2 * k, 2 * (n - k)))
            return 0;
    }
    return 1;
}

/* Depth-first search over the routes of R5.33-h: each step stays in the cone
 * and goes one hex farther from the firer and one nearer the target. */
static int some_route_clear(const boc_sdata *sd, int dir, int *r, int k, int n, int maxr)
{
    if (k == n)
        return route_clear(sd, r, n);
    int t = r[n];
    for (int d = 0; d < 6; d++) {
        int x = boc_step(sd, r[k], d);
        if (x < 0 || boc_cone_range(sd, r[0], dir, x, maxr) != k + 1 ||
            boc_dist(sd, x, t) != n - k - 1)
            continue;
        r[k + 1] = x;
        if (some_route_clear(sd, dir, r, k + 1, n, maxr))
            return 1;
        r[n] = t;
    }
    return 0;
}

int boc_los(const boc_sdata *sd, int f, int dir, int t, int max_range)
{
    int n = boc_cone_range(sd, f, dir, t, max_range);
    if (n == 0 || n >= ROUTE_MAX)
        return 0;
    if (n == 1)
        return 1;
    int r[ROUTE_MAX];
    r[0] = f;
    r[n] = t;
    return some_route_clear(sd, dir, r, 0, n, max_range);
}
