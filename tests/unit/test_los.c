/* test_los.c — the exact centre-to-centre hex line (gr_hex_line): chains,
 * nearest-centre exactness, hexside grazing and crossing, symmetries, and a
 * pinned signature of every line up to distance 10. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "hex.h"

#define CAP 64

static gr_hex H(int q, int r)
{
    gr_hex h = {(int16_t)q, (int16_t)r};
    return h;
}

typedef struct cube {
    int64_t x, y, z;
} cube;

static cube to_cube(gr_hex h)
{
    cube c = {h.q, -(int64_t)h.q - h.r, h.r};
    return c;
}

/* Squared distance (cube metric, up to a constant) between the scaled
 * sample n*a + k*(b-a) and the scaled centre n*h. */
static int64_t sample_dist2(gr_hex a, gr_hex b, int k, gr_hex h)
{
    int64_t n = gr_hex_dist(a, b);
    cube ca = to_cube(a), cb = to_cube(b), ch = to_cube(h);
    int64_t ex = n * ca.x + k * (cb.x - ca.x) - n * ch.x;
    int64_t ey = n * ca.y + k * (cb.y - ca.y) - n * ch.y;
    int64_t ez = n * ca.z + k * (cb.z - ca.z) - n * ch.z;
    return ex * ex + ey * ey + ez * ez;
}

/* Euclidean dot product of two axial vectors, up to a constant factor. */
static int64_t dot(gr_hex u, gr_hex v)
{
    cube a = to_cube(u), b = to_cube(v);
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

static int is_chain(const gr_hex *h, int n)
{
    for (int k = 1; k < n; k++)
        if (gr_hex_dist(h[k - 1], h[k]) != 1)
            return 0;
    return 1;
}

static gr_hex rotate(gr_hex h) /* 60 degrees: cube (x,y,z) -> (-z,-x,-y) */
{
    return H(-h.r, h.q + h.r);
}

static gr_hex mirror(gr_hex h) /* cube (x,y,z) -> (x,z,y) */
{
    return H(h.q, -h.q - h.r);
}

static void test_line_trivial(void **state)
{
    (void)state;
    gr_hex l[CAP], r[CAP];
    assert_int_equal(gr_hex_line(H(3, -2), H(3, -2), l, r, CAP), 1);
    assert_true(gr_hex_eq(l[0], H(3, -2)));
    assert_true(gr_hex_eq(r[0], H(3, -2)));
    assert_int_equal(gr_hex_line(H(0, 0), H(4, -1), l, r, 4), 0); /* needs 5 */
    assert_int_equal(gr_hex_line(H(0, 0), H(4, -1), l, r, 5), 5);
    assert_int_equal(gr_hex_line(H(0, 0), H(4, -1), l, NULL, 5), 5);
    assert_int_equal(gr_hex_line(H(0, 0), H(4, -1), NULL, r, 5), 5);
    assert_int_equal(gr_hex_line(H(0, 0), H(1, 0), l, r, 2), 2);
    assert_true(gr_hex_eq(l[1], H(1, 0)));
}

/* Lines along the six directions go centre to centre and never graze. */
static void test_line_axis(void **state)
{
    (void)state;
    gr_hex l[CAP], r[CAP], a = H(2, -5);
    for (int d = 0; d < 6; d++)
        for (int m = 1; m <= 8; m++) {
            gr_hex b = gr_hex_add(a, gr_hex_scale(gr_hex_dir(d), m));
            assert_int_equal(gr_hex_line(a, b, l, r, CAP), m + 1);
            assert_int_equal(gr_hex_line_along(a, b), 0);
            for (int k = 0; k <= m; k++) {
                gr_hex want = gr_hex_add(a, gr_hex_scale(gr_hex_dir(d), k));
                assert_true(gr_hex_eq(l[k], want));
                assert_true(gr_hex_eq(r[k], want));
            }
        }
}

/* arw:GR11.44-a a line along a hexside reports both hexes sharing it (the
 * rule then blocks only if both block).  jdg examples B-37: (0,0) -> (2,-1)
 * runs exactly between (1,0) and (1,-1). */
static void test_line_along_hexside(void **state)
{
    (void)state;
    gr_hex l[CAP], r[CAP];
    assert_int_equal(gr_hex_line(H(0, 0), H(2, -1), l, r, CAP), 3);
    assert_true(gr_hex_eq(l[1], H(1, -1))); /* left: towards d1 */
    assert_true(gr_hex_eq(r[1], H(1, 0)));
    assert_int_equal(gr_hex_line_along(H(0, 0), H(2, -1)), 1);
    gr_hex a = H(-3, 1);
    for (int d = 0; d < 6; d++)
        for (int m = 1; m <= 4; m++) {
            gr_hex diag = gr_hex_add(gr_hex_dir(d), gr_hex_dir(d + 1));
            gr_hex b = gr_hex_add(a, gr_hex_scale(diag, m));
            int n = gr_hex_line(a, b, l, r, CAP);
            assert_int_equal(n, 2 * m + 1);
            assert_int_equal(gr_hex_line_along(a, b), 1);
            for (int k = 0; k < n; k++) {
                if (k % 2 == 0) {
                    gr_hex centre = gr_hex_add(a, gr_hex_scale(diag, k / 2));
                    assert_true(gr_hex_eq(l[k], centre));
                    assert_true(gr_hex_eq(r[k], centre));
                    continue;
                }
                /* the two hexes straddle the line, left on the d+1 side */
                gr_hex base = gr_hex_add(a, gr_hex_scale(diag, k / 2));
                assert_true(gr_hex_eq(l[k], gr_hex_step(base, d + 1)));
                assert_true(gr_hex_eq(r[k], gr_hex_step(base, d)));
                assert_int_equal(dot(gr_hex_sub(b, a), gr_hex_sub(l[k], r[k])), 0);
            }
        }
}

/* A line that is not along hexsides can still cross a hexside exactly at a
 * sample point: both hexes are then on the line (it passes through both). */
static void test_line_crossing_at_sample(void **state)
{
    (void)state;
    gr_hex l[CAP], r[CAP];
    assert_int_equal(gr_hex_line(H(0, 0), H(-4, 1), l, r, CAP), 5);
    assert_int_equal(gr_hex_line_along(H(0, 0), H(-4, 1)), 0);
    for (int k = 0; k < 5; k++)
        if (k != 2)
            assert_true(gr_hex_eq(l[k], r[k]));
    assert_true(gr_hex_eq(l[2], H(-2, 1)));
    assert_true(gr_hex_eq(r[2], H(-2, 0)));
    assert_int_equal(sample_dist2(H(0, 0), H(-4, 1), 2, l[2]),
                     sample_dist2(H(0, 0), H(-4, 1), 2, r[2]));
    assert_true(dot(H(-4, 1), gr_hex_sub(l[2], r[2])) != 0);
}

/* Checks one line: length, endpoints, both chains, and where they differ
 * the two hexes are adjacent, equidistant from the sample, and the line is
 * parallel to their hexside exactly when gr_hex_line_along says so. */
static void check_line(gr_hex a, gr_hex b, const gr_hex *l, const gr_hex *r, int n)
{
    int along = gr_hex_line_along(a, b), differ = 0;
    assert_int_equal(n, gr_hex_dist(a, b) + 1);
    assert_true(gr_hex_eq(l[0], a) && gr_hex_eq(r[0], a));
    assert_true(gr_hex_eq(l[n - 1], b) && gr_hex_eq(r[n - 1], b));
    assert_true(is_chain(l, n));
    assert_true(is_chain(r, n));
    for (int k = 0; k < n; k++) {
        if (gr_hex_eq(l[k], r[k]))
            continue;
        differ++;
        assert_int_equal(gr_hex_dist(l[k], r[k]), 1);
        assert_int_equal(sample_dist2(a, b, k, l[k]), sample_dist2(a, b, k, r[k]));
        int parallel = dot(gr_hex_sub(b, a), gr_hex_sub(l[k], r[k])) == 0;
        assert_int_equal(parallel, along);
        if (along)
            assert_int_equal(k % 2, 1);
    }
    if (along)
        assert_int_equal(differ, (n - 1) / 2);
}

/* Chains of adjacent hexes from several origins to every target within
 * distance 8 (the brief's chain property). */
static void test_line_chains(void **state)
{
    (void)state;
    gr_hex l[CAP], r[CAP];
    static const int origins[][2] = {{0, 0}, {5, -3}, {-7, 2}, {-20, -11}};
    for (int o = 0; o < 4; o++) {
        gr_hex a = H(origins[o][0], origins[o][1]);
        for (int q = -8; q <= 8; q++)
            for (int s = -8; s <= 8; s++) {
                gr_hex b = gr_hex_add(a, H(q, s));
                if (gr_hex_dist(a, b) > 8)
                    continue;
                int n = gr_hex_line(a, b, l, r, CAP);
                check_line(a, b, l, r, n);
            }
    }
}

/* arw:GR11.41-b the line is the straight centre-to-centre line:
 * every step's hex is a nearest centre to the exact point a + (b-a)k/n, and
 * a tie happens only between the left and right hexes. */
static void test_line_nearest_centre(void **state)
{
    (void)state;
    gr_hex l[CAP], r[CAP], a = H(1, 1);
    for (int q = -12; q <= 12; q++)
        for (int s = -12; s <= 12; s++) {
            gr_hex b = gr_hex_add(a, H(q, s));
            int n = gr_hex_line(a, b, l, r, CAP);
            if (n == 1)
                continue; /* a == b: no line to be near */
            for (int k = 0; k < n; k++) {
                int64_t best = sample_dist2(a, b, k, l[k]);
                assert_int_equal(best, sample_dist2(a, b, k, r[k]));
                for (int dq = -2; dq <= 2; dq++)
                    for (int dr = -2; dr <= 2; dr++) {
                        gr_hex h = gr_hex_add(l[k], H(dq, dr));
                        int64_t d2 = sample_dist2(a, b, k, h);
                        if (gr_hex_eq(h, l[k]) || gr_hex_eq(h, r[k]))
                            continue;
                        assert_true(d2 > best);
                    }
            }
        }
}

/* Reversing swaps left and right; translation moves the line; a rotation
 * keeps sides; a mirror swaps them. */
static void test_line_symmetry(void **state)
{
    (void)state;
    gr_hex l[CAP], r[CAP], l2[CAP], r2[CAP];
    gr_hex a = H(0, 0), t = H(-9, 4);
    for (int q = -8; q <= 8; q++)
        for (int s = -8; s <= 8; s++) {
            gr_hex b = H(q, s);
            int n = gr_hex_line(a, b, l, r, CAP);
            if (n > 9)
                continue;
            gr_hex_line(b, a, l2, r2, CAP);
            for (int k = 0; k < n; k++) {
                assert_true(gr_hex_eq(l[k], r2[n - 1 - k]));
                assert_true(gr_hex_eq(r[k], l2[n - 1 - k]));
            }
            gr_hex_line(gr_hex_add(a, t), gr_hex_add(b, t), l2, r2, CAP);
            for (int k = 0; k < n; k++) {
                assert_true(gr_hex_eq(gr_hex_add(l[k], t), l2[k]));
                assert_true(gr_hex_eq(gr_hex_add(r[k], t), r2[k]));
            }
            gr_hex_line(rotate(a), rotate(b), l2, r2, CAP);
            for (int k = 0; k < n; k++) {
                assert_true(gr_hex_eq(rotate(l[k]), l2[k]));
                assert_true(gr_hex_eq(rotate(r[k]), r2[k]));
            }
            gr_hex_line(mirror(a), mirror(b), l2, r2, CAP);
            for (int k = 0; k < n; k++) {
                assert_true(gr_hex_eq(mirror(l[k]), r2[k]));
                assert_true(gr_hex_eq(mirror(r[k]), l2[k]));
            }
        }
}

static void test_line_along_predicate(void **state)
{
    (void)state;
    static const int yes[][2] = {{2, -1}, {1, 1}, {-1, 2}, {-2, 1}, {-1, -1}, {1, -2},
                                 {4, -2}, {3, 3}, {-6, 12}};
    static const int no[][2] = {{0, 0}, {1, 0}, {0, 5}, {-3, 3}, {3, -1}, {2, 1}, {5, -3}};
    for (size_t k = 0; k < sizeof yes / sizeof yes[0]; k++)
        assert_int_equal(gr_hex_line_along(H(7, 7), gr_hex_add(H(7, 7), H(yes[k][0], yes[k][1]))), 1);
    for (size_t k = 0; k < sizeof no / sizeof no[0]; k++)
        assert_int_equal(gr_hex_line_along(H(7, 7), gr_hex_add(H(7, 7), H(no[k][0], no[k][1]))), 0);
}

/* Long lines far from the origin: still exact chains (64-bit arithmetic). */
static void test_line_long(void **state)
{
    (void)state;
    static const int ends[][4] = {{-16000, 8000, 16000, -9000},
                                  {-3000, 1200, 2500, -900},
                                  {12000, -12000, -12000, 11999},
                                  {100, 200, 30100, -14800}};
    for (int e = 0; e < 4; e++) {
        gr_hex a = H(ends[e][0], ends[e][1]), b = H(ends[e][2], ends[e][3]);
        int n = gr_hex_dist(a, b) + 1;
        gr_hex *l = malloc(sizeof *l * (size_t)n), *r = malloc(sizeof *r * (size_t)n);
        assert_non_null(l);
        assert_non_null(r);
        assert_int_equal(gr_hex_line(a, b, l, r, n), n);
        check_line(a, b, l, r, n);
        free(l);
        free(r);
    }
}

/* FNV-1a of every line from (0,0) to targets within distance 10: the trace
 * is exact, so this value is the same on every machine and compiler. */
static void test_line_signature(void **state)
{
    (void)state;
    gr_hex l[CAP], r[CAP];
    uint64_t h = 0xcbf29ce484222325ull;
    int lines = 0;
    for (int q = -10; q <= 10; q++)
        for (int s = -10; s <= 10; s++) {
            int n = gr_hex_line(H(0, 0), H(q, s), l, r, CAP);
            if (n > 11)
                continue;
            lines++;
            for (int k = 0; k < n; k++) {
                int v[4] = {l[k].q, l[k].r, r[k].q, r[k].r};
                for (int j = 0; j < 4; j++) {
                    h ^= (uint64_t)(uint32_t)v[j];
                    h *= 0x100000001b3ull;
                }
            }
        }
    assert_int_equal(lines, 331);
    assert_int_equal(h, 0x2d22ec09a6ca46a1ull);
}

/* ---------------------------------------------------------------- cover */

#define CCAP 128

/* t = num / den with den > 0. */
typedef struct frac {
    int64_t num, den;
} frac;

static int lt(frac a, frac b)
{
    return a.num * b.den < b.num * a.den;
}

/* Brute force: the open interval of t in [0, 1] where the segment a-b is
 * inside hex h (|f(P - h)| < 1 for the forms x-y, y-z, z-x); returns 1 and
 * its start when not empty. */
static int inside_interval(gr_hex a, gr_hex b, gr_hex h, frac *start)
{
    cube ca = to_cube(a), cb = to_cube(b), ch = to_cube(h);
    int64_t e[3] = {ca.x - ch.x, ca.y - ch.y, ca.z - ch.z};
    int64_t d[3] = {cb.x - ca.x, cb.y - ca.y, cb.z - ca.z};
    frac lo = {0, 1}, hi = {1, 1};
    for (int i = 0; i < 3; i++) {
        int64_t fe = e[i] - e[(i + 1) % 3], fd = d[i] - d[(i + 1) % 3];
        if (fd == 0) {
            if (fe <= -1 || fe >= 1)
                return 0;
            continue;
        }
        frac t1 = {-1 - fe, fd}, t2 = {1 - fe, fd};
        if (fd < 0) {
            t1 = (frac){fe - 1, -fd};
            t2 = (frac){fe + 1, -fd};
        }
        if (lt(lo, t1))
            lo = t1;
        if (lt(t2, hi))
            hi = t2;
    }
    *start = lo;
    return lt(lo, hi);
}

static void test_cover_trivial(void **state)
{
    (void)state;
    gr_hex c[CCAP];
    uint8_t g[CCAP];
    assert_int_equal(gr_hex_cover(H(2, 2), H(2, 2), c, g, CCAP), 1);
    assert_true(gr_hex_eq(c[0], H(2, 2)));
    assert_int_equal(g[0], 0);
    assert_int_equal(gr_hex_cover(H(2, 2), H(3, 2), c, g, CCAP), 2);
    assert_true(gr_hex_eq(c[1], H(3, 2)));
    /* snprintf-like: the count is returned, only cap entries written */
    c[1] = H(99, 99);
    assert_int_equal(gr_hex_cover(H(0, 0), H(4, 0), c, g, 1), 5);
    assert_true(gr_hex_eq(c[0], H(0, 0)));
    assert_true(gr_hex_eq(c[1], H(99, 99)));
    assert_int_equal(gr_hex_cover(H(0, 0), H(4, 0), NULL, NULL, 0), 5);
    assert_int_equal(gr_hex_cover(H(0, 0), H(-7, 1), c, NULL, CCAP), 10);
}

/* arw:GR11.44-a a line along hexsides lists both hexes of each hexside it
 * runs along, as a grazed pair, left first. */
static void test_cover_along(void **state)
{
    (void)state;
    gr_hex c[CCAP], l[CAP], r[CAP];
    uint8_t g[CCAP];
    assert_int_equal(gr_hex_cover(H(0, 0), H(2, -1), c, g, CCAP), 4);
    static const int want[4][3] = {{0, 0, 0}, {1, -1, 1}, {1, 0, 1}, {2, -1, 0}};
    for (int k = 0; k < 4; k++) {
        assert_true(gr_hex_eq(c[k], H(want[k][0], want[k][1])));
        assert_int_equal(g[k], want[k][2]);
    }
    /* every line along hexsides: the twin trace's pairs, in order */
    for (int d = 0; d < 6; d++)
        for (int m = 1; m <= 5; m++) {
            gr_hex a = H(3, -4);
            gr_hex b = gr_hex_add(a, gr_hex_scale(gr_hex_add(gr_hex_dir(d), gr_hex_dir(d + 1)), m));
            int n = gr_hex_line(a, b, l, r, CAP), k = 0;
            assert_int_equal(gr_hex_cover(a, b, c, g, CCAP), 3 * m + 1);
            for (int s = 0; s < n; s++) {
                assert_true(gr_hex_eq(c[k], l[s]));
                assert_int_equal(g[k++], s % 2);
                if (s % 2) {
                    assert_true(gr_hex_eq(c[k], r[s]));
                    assert_int_equal(g[k++], 1);
                }
            }
        }
}

/* Checks one cover against brute force: the non-grazed hexes are exactly
 * the hexes whose inside the segment crosses, in order of entry, each
 * adjacent to the one before; grazed hexes come in pairs. */
static void check_cover(gr_hex a, gr_hex b)
{
    gr_hex c[CCAP];
    uint8_t g[CCAP];
    int n = gr_hex_cover(a, b, c, g, CCAP), inside = 0, dist = gr_hex_dist(a, b);
    assert_true(n <= 2 * dist + 1);
    frac prev = {-1, 1}, t;
    for (int k = 0; k < n; k++) {
        if (g[k]) { /* a pair c[k], c[k+1] between c[k-1] and c[k+2] */
            assert_true(k >= 1 && k + 2 < n && g[k + 1] && !g[k - 1] && !g[k + 2]);
            assert_false(inside_interval(a, b, c[k], &t));
            assert_false(inside_interval(a, b, c[k + 1], &t));
            assert_int_equal(dot(gr_hex_sub(b, a), gr_hex_sub(c[k], c[k + 1])), 0);
            for (int i = k - 1; i <= k + 2; i++)
                for (int j = i + 1; j <= k + 2; j++)
                    assert_int_equal(gr_hex_dist(c[i], c[j]), i == k - 1 && j == k + 2 ? 2 : 1);
            k++;
            continue;
        }
        inside++;
        assert_true(inside_interval(a, b, c[k], &t));
        assert_true(lt(prev, t));
        prev = t;
        if (k > 0 && !g[k - 1])
            assert_int_equal(gr_hex_dist(c[k - 1], c[k]), 1);
    }
    /* nothing crossed is missing */
    int total = 0;
    for (int q = -dist - 1; q <= dist + 1; q++)
        for (int s = -dist - 1; s <= dist + 1; s++) {
            gr_hex h = gr_hex_add(a, H(q, s));
            total += gr_hex_dist(a, h) <= dist + 1 && inside_interval(a, b, h, &t);
        }
    assert_int_equal(total, inside);
}

/* arw:GR11.41-b every hex the centre-to-centre line crosses, to
 * every target within distance 10 of two origins. */
static void test_cover_exact(void **state)
{
    (void)state;
    static const int origins[][2] = {{0, 0}, {-6, 13}};
    for (int o = 0; o < 2; o++) {
        gr_hex a = H(origins[o][0], origins[o][1]);
        for (int q = -10; q <= 10; q++)
            for (int s = -10; s <= 10; s++) {
                gr_hex b = gr_hex_add(a, H(q, s));
                if (gr_hex_dist(a, b) <= 10)
                    check_cover(a, b);
            }
    }
}

/* The cover holds every hex of both traces, and the hexes a long line clips
 * that the traces miss: (0,0) -> (-7,1) clips (-4,0) and (-3,1). */
static void test_cover_vs_line(void **state)
{
    (void)state;
    gr_hex c[CCAP], l[CAP], r[CAP];
    for (int q = -9; q <= 9; q++)
        for (int s = -9; s <= 9; s++) {
            int n = gr_hex_line(H(0, 0), H(q, s), l, r, CAP);
            int m = gr_hex_cover(H(0, 0), H(q, s), c, NULL, CCAP);
            for (int k = 0; k < n; k++) {
                int fl = 0, fr = 0;
                for (int j = 0; j < m; j++) {
                    fl |= gr_hex_eq(c[j], l[k]);
                    fr |= gr_hex_eq(c[j], r[k]);
                }
                assert_true(fl && fr);
            }
        }
    int n = gr_hex_line(H(0, 0), H(-7, 1), l, r, CAP);
    int m = gr_hex_cover(H(0, 0), H(-7, 1), c, NULL, CCAP);
    assert_int_equal(m, n + 2);
    int clipped = 0;
    for (int j = 0; j < m; j++)
        clipped += gr_hex_eq(c[j], H(-4, 0)) || gr_hex_eq(c[j], H(-3, 1));
    assert_int_equal(clipped, 2);
    for (int k = 0; k < n; k++) {
        assert_false(gr_hex_eq(l[k], H(-4, 0)) || gr_hex_eq(r[k], H(-4, 0)));
        assert_false(gr_hex_eq(l[k], H(-3, 1)) || gr_hex_eq(r[k], H(-3, 1)));
    }
}

/* Reversing the segment reverses the list exactly (a grazed pair's left
 * and right swap with the direction). */
static void test_cover_reverse(void **state)
{
    (void)state;
    gr_hex c[CCAP], c2[CCAP];
    uint8_t g[CCAP], g2[CCAP];
    for (int q = -9; q <= 9; q++)
        for (int s = -9; s <= 9; s++) {
            int n = gr_hex_cover(H(1, -1), H(q, s), c, g, CCAP);
            assert_int_equal(gr_hex_cover(H(q, s), H(1, -1), c2, g2, CCAP), n);
            for (int k = 0; k < n; k++) {
                assert_true(gr_hex_eq(c[k], c2[n - 1 - k]));
                assert_int_equal(g[k], g2[n - 1 - k]);
            }
        }
}

static void test_cover_long(void **state)
{
    (void)state;
    gr_hex a = H(-16000, 8000), b = H(16000, -9000);
    int n = gr_hex_cover(a, b, NULL, NULL, 0), dist = gr_hex_dist(a, b);
    assert_true(n > dist && n <= 2 * dist + 1);
    gr_hex *c = malloc(sizeof *c * (size_t)n);
    assert_non_null(c);
    assert_int_equal(gr_hex_cover(a, b, c, NULL, n), n);
    assert_true(gr_hex_eq(c[0], a) && gr_hex_eq(c[n - 1], b));
    for (int k = 1; k < n; k++)
        assert_int_equal(gr_hex_dist(c[k - 1], c[k]), 1);
    free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_line_trivial),
        cmocka_unit_test(test_line_axis),
        cmocka_unit_test(test_line_along_hexside),
        cmocka_unit_test(test_line_crossing_at_sample),
        cmocka_unit_test(test_line_chains),
        cmocka_unit_test(test_line_nearest_centre),
        cmocka_unit_test(test_line_symmetry),
        cmocka_unit_test(test_line_along_predicate),
        cmocka_unit_test(test_line_long),
        cmocka_unit_test(test_line_signature),
        cmocka_unit_test(test_cover_trivial),
        cmocka_unit_test(test_cover_along),
        cmocka_unit_test(test_cover_exact),
        cmocka_unit_test(test_cover_vs_line),
        cmocka_unit_test(test_cover_reverse),
        cmocka_unit_test(test_cover_long),
    };
    return cmocka_run_group_tests_name("los", tests, NULL, NULL);
}
