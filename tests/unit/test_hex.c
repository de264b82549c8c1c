/* test_hex.c — hex primitives (directions, distance, wedges, BoC cone) and
 * grids (offset layouts, indices, labels, neighbours, hexside ids). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "hex.h"

static gr_hex H(int q, int r)
{
    gr_hex h = {(int16_t)q, (int16_t)r};
    return h;
}

static int abs_i(int v)
{
    return v < 0 ? -v : v;
}

static int max3(int a, int b, int c)
{
    int m = a > b ? a : b;
    return m > c ? m : c;
}

/* -------------------------------------------------------------- primitives */

/* JdG spec 0.A.3 numbering: d0=(+1,0) d1=(+1,-1) d2=(0,-1) d3=(-1,0)
 * d4=(-1,+1) d5=(0,+1); any int is taken mod 6. */
static void test_directions(void **state)
{
    (void)state;
    static const int want[6][2] = {{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}};
    for (int d = 0; d < 6; d++) {
        gr_hex v = gr_hex_dir(d);
        assert_int_equal(v.q, want[d][0]);
        assert_int_equal(v.r, want[d][1]);
        assert_true(gr_hex_eq(gr_hex_dir(d + 6), v));
        assert_true(gr_hex_eq(gr_hex_dir(d - 6), v));
        assert_true(gr_hex_eq(gr_hex_dir(d + 600), v));
        /* consecutive directions point to adjacent hexes */
        assert_int_equal(gr_hex_dist(v, gr_hex_dir(d + 1)), 1);
        /* d + 3 is the opposite */
        assert_true(gr_hex_eq(gr_hex_add(v, gr_hex_dir(d + 3)), H(0, 0)));
    }
    assert_true(gr_hex_eq(gr_hex_dir(-1), gr_hex_dir(5)));
    assert_true(gr_hex_eq(gr_hex_dir(-7), gr_hex_dir(5)));
}

static void test_arithmetic(void **state)
{
    (void)state;
    gr_hex a = H(3, -2), b = H(-1, 5);
    assert_true(gr_hex_eq(gr_hex_add(a, b), H(2, 3)));
    assert_true(gr_hex_eq(gr_hex_sub(a, b), H(4, -7)));
    assert_true(gr_hex_eq(gr_hex_scale(a, 3), H(9, -6)));
    assert_true(gr_hex_eq(gr_hex_scale(a, -1), H(-3, 2)));
    assert_true(gr_hex_eq(gr_hex_step(a, 4), H(2, -1)));
    assert_false(gr_hex_eq(a, b));
}

/* arw:GR11.2-b range counts the target hex, not the firer's:
 * adjacent is 1. */
static void test_distance(void **state)
{
    (void)state;
    assert_int_equal(gr_hex_dist(H(0, 0), H(0, 0)), 0);
    for (int d = 0; d < 6; d++)
        assert_int_equal(gr_hex_dist(H(2, 3), gr_hex_step(H(2, 3), d)), 1);
    assert_int_equal(gr_hex_dist(H(0, 0), H(3, -1)), 3);
    assert_int_equal(gr_hex_dist(H(0, 0), H(2, 1)), 3);
    assert_int_equal(gr_hex_dist(H(-4, 1), H(3, 2)), 8);
    for (int q = -6; q <= 6; q++)
        for (int r = -6; r <= 6; r++) {
            gr_hex t = H(q, r);
            int cube = max3(abs_i(q), abs_i(r), abs_i(q + r));
            assert_int_equal(gr_hex_dist(H(0, 0), t), cube);
            assert_int_equal(gr_hex_dist(t, H(1, -2)), gr_hex_dist(H(1, -2), t));
            /* translation invariance */
            assert_int_equal(gr_hex_dist(gr_hex_add(t, H(7, -9)), H(7, -9)), cube);
            /* triangle inequality through a fixed hex */
            assert_true(gr_hex_dist(H(0, 0), t) <=
                        gr_hex_dist(H(0, 0), H(2, -5)) + gr_hex_dist(H(2, -5), t));
        }
}

static void test_dir_to(void **state)
{
    (void)state;
    gr_hex o = H(-3, 4);
    for (int d = 0; d < 6; d++)
        assert_int_equal(gr_hex_dir_to(o, gr_hex_step(o, d)), d);
    assert_int_equal(gr_hex_dir_to(o, o), -1);
    assert_int_equal(gr_hex_dir_to(o, gr_hex_add(o, H(2, -1))), -1);
    assert_int_equal(gr_hex_dir_to(o, gr_hex_add(o, H(0, 2))), -1);
    assert_int_equal(gr_hex_dir_to(o, gr_hex_add(o, H(1, 1))), -1);
}

/* JdG facing (spec 0.A.3): the two hexes meeting at the facing vertex F (directions F
 * and F+1) are the front hexes; the other four neighbours are rear hexes. */
static void test_wedge_front_hexes(void **state)
{
    (void)state;
    gr_hex o = H(5, -2);
    for (int f = 0; f < 6; f++) {
        int front = 0;
        for (int d = 0; d < 6; d++) {
            int a, b;
            int in = gr_hex_wedge(o, f, gr_hex_step(o, d), &a, &b);
            int want = d == f || d == (f + 1) % 6;
            assert_int_equal(in, want);
            front += in;
            if (in)
                assert_int_equal(a + b, 1);
        }
        assert_int_equal(front, 2);
    }
    /* spec example: (0,0) facing 0 fronts (1,0) and (1,-1) */
    assert_true(gr_hex_wedge(H(0, 0), 0, H(1, 0), NULL, NULL));
    assert_true(gr_hex_wedge(H(0, 0), 0, H(1, -1), NULL, NULL));
    assert_false(gr_hex_wedge(H(0, 0), 0, H(0, -1), NULL, NULL));
    assert_false(gr_hex_wedge(H(0, 0), 0, H(0, 1), NULL, NULL));
    int a = 9, b = 9;
    assert_true(gr_hex_wedge(o, 3, o, &a, &b));
    assert_int_equal(a, 0);
    assert_int_equal(b, 0);
}

/* JdG geometry (spec 0.A.3): fire cone = wedge extending the two front hexes;
 * range = dist (examples B-33: F=0, max range 4). */
static void test_wedge_fire_cone(void **state)
{
    (void)state;
    static const int in[][2] = {{1, 0}, {1, -1}, {2, -1}, {3, -1}, {3, -3}, {4, 0}};
    static const int out[][2] = {{2, 1}, {0, -1}, {-1, 0}};
    gr_hex o = H(0, 0);
    for (size_t k = 0; k < sizeof in / sizeof in[0]; k++)
        assert_true(gr_hex_wedge(o, 0, H(in[k][0], in[k][1]), NULL, NULL));
    for (size_t k = 0; k < sizeof out / sizeof out[0]; k++)
        assert_false(gr_hex_wedge(o, 0, H(out[k][0], out[k][1]), NULL, NULL));
    int a, b;
    assert_true(gr_hex_wedge(o, 0, H(3, -1), &a, &b));
    assert_int_equal(a, 2);
    assert_int_equal(b, 1);
    assert_int_equal(a + b, gr_hex_dist(o, H(3, -1)));
    assert_int_equal(a + b, 3);
}

/* Every facing: the wedge at range k holds k + 1 hexes, a + b = dist, and
 * the decomposition is exact inside and outside. */
static void test_wedge_counts(void **state)
{
    (void)state;
    gr_hex o = H(-2, 7);
    for (int f = -6; f < 12; f++) {
        int per_range[8] = {0};
        for (int q = -7; q <= 7; q++)
            for (int r = -7; r <= 7; r++) {
                gr_hex t = gr_hex_add(o, H(q, r));
                int a, b, d = gr_hex_dist(o, t);
                int in = gr_hex_wedge(o, f, t, &a, &b);
                gr_hex back = gr_hex_add(o, gr_hex_add(gr_hex_scale(gr_hex_dir(f), a),
                                                      gr_hex_scale(gr_hex_dir(f + 1), b)));
                assert_true(gr_hex_eq(back, t));
                assert_int_equal(in, a >= 0 && b >= 0);
                if (in) {
                    assert_int_equal(a + b, d);
                    if (d < 8)
                        per_range[d]++;
                }
            }
        for (int k = 0; k < 8; k++)
            assert_int_equal(per_range[k], k + 1);
    }
}

/* Integer cross product of axial vectors: same sign as the real one. */
static long cross(gr_hex u, gr_hex v)
{
    return (long)u.q * v.r - (long)u.r * v.q;
}

/* t - o inside the closed 60-degree wedge between rays v1 and v2. */
static int inside_rays(gr_hex v1, gr_hex v2, gr_hex t)
{
    long s = cross(v1, v2) > 0 ? 1 : -1;
    return s * cross(v1, t) >= 0 && s * cross(t, v2) >= 0;
}

/* boc:R5.31-b the cone through hexside `dir` has exactly seven hexes:
 * F+d; F+2d, F+d+d+, F+d+d-; F+3d, F+2d+d+, F+2d+d-.  They are exactly the
 * hexes within range 3 inside the 60-degree wedge through the two ends of
 * the hexside (rays from the centre through the vertices). */
static void test_boc_cone(void **state)
{
    (void)state;
    gr_hex o = H(4, -1);
    for (int dir = 0; dir < 6; dir++) {
        gr_hex d = gr_hex_dir(dir), dp = gr_hex_dir(dir + 1), dm = gr_hex_dir(dir + 5);
        gr_hex want[7] = {
            d,
            gr_hex_scale(d, 2),
            gr_hex_add(d, dp),
            gr_hex_add(d, dm),
            gr_hex_scale(d, 3),
            gr_hex_add(gr_hex_scale(d, 2), dp),
            gr_hex_add(gr_hex_scale(d, 2), dm),
        };
        static const int want_range[7] = {1, 2, 2, 2, 3, 3, 3};
        int found = 0;
        for (int q = -5; q <= 5; q++)
            for (int r = -5; r <= 5; r++) {
                gr_hex rel = H(q, r), t = gr_hex_add(o, rel);
                int range = gr_hex_cone(o, dir, t, 3);
                int k = 0;
                while (k < 7 && !gr_hex_eq(want[k], rel))
                    k++;
                assert_int_equal(range, k < 7 ? want_range[k] : 0);
                int dist = gr_hex_dist(o, t);
                int geo = dist >= 1 && dist <= 3 &&
                          inside_rays(gr_hex_add(d, dp), gr_hex_add(d, dm), rel);
                assert_int_equal(range != 0, geo);
                found += range != 0;
            }
        assert_int_equal(found, 7);
    }
}

/* The worked abstract cone of the BoC examples (firing through E = d0). */
static void test_boc_cone_example(void **state)
{
    (void)state;
    static const int cone[7][3] = {{1, 0, 1},  {2, 0, 2},  {2, -1, 2}, {1, 1, 2},
                                   {3, 0, 3},  {3, -1, 3}, {2, 1, 3}};
    for (int k = 0; k < 7; k++)
        assert_int_equal(gr_hex_cone(H(0, 0), 0, H(cone[k][0], cone[k][1]), 3), cone[k][2]);
    assert_int_equal(gr_hex_cone(H(0, 0), 0, H(0, 0), 3), 0);
    assert_int_equal(gr_hex_cone(H(0, 0), 0, H(1, -2), 3), 0); /* d + 2d+ */
    assert_int_equal(gr_hex_cone(H(0, 0), 0, H(4, 0), 3), 0);  /* beyond range */
    assert_int_equal(gr_hex_cone(H(0, 0), 0, H(4, 0), 4), 4);
    assert_int_equal(gr_hex_cone(H(0, 0), 0, H(2, -1), 1), 0);
    assert_int_equal(gr_hex_cone(H(0, 0), 6, H(2, -1), 3), 2);  /* dir mod 6 */
    assert_int_equal(gr_hex_cone(H(0, 0), -6, H(2, 1), 3), 3);
}

/* -------------------------------------------------------------- grids */

static gr_grid make_grid(int cols, int rows, int col0, int row0, int layout, int shifted,
                         int label)
{
    gr_grid g = {(int16_t)cols, (int16_t)rows, (int16_t)col0, (int16_t)row0,
                 (uint8_t)layout, (uint8_t)shifted, (uint8_t)label, 0};
    return g;
}

/* Savannah (savannah-data-brief 2.1): columns 10-42, rows 01-23, flat,
 * odd columns shifted down. */
static gr_grid savannah(void)
{
    return make_grid(33, 23, 10, 1, GR_GRID_FLAT, 1, GR_LABEL_CCRR);
}

/* JdG Saalfeld (jdg-data-brief): 16 x 24, even-numbered columns down. */
static gr_grid saalfeld(void)
{
    return make_grid(16, 24, 1, 1, GR_GRID_FLAT, 0, GR_LABEL_CCRR);
}

/* BoC Gettysburg (boc-data-brief 1.1): columns 1-14, letters A-V down each
 * column, odd columns half a hex north of even ones. */
static gr_grid gettysburg(void)
{
    return make_grid(14, 22, 1, 1, GR_GRID_FLAT, 0, GR_LABEL_LETTER_ROW);
}

static int find(const gr_grid *g, const char *label)
{
    return gr_grid_find(g, label);
}

static int adjacent(const gr_grid *g, const char *x, const char *y)
{
    int i = find(g, x), j = find(g, y);
    assert_true(i >= 0 && j >= 0);
    return gr_hex_dist(gr_grid_hex(g, i), gr_grid_hex(g, j)) == 1;
}

/* Round trips for one grid: index <-> hex, index <-> (col,row), labels. */
static void check_round_trips(const gr_grid *g)
{
    int n = gr_grid_count(g);
    assert_int_equal(n, g->cols * g->rows);
    for (int i = 0; i < n; i++) {
        int col, row;
        char buf[32];
        gr_grid_cr(g, i, &col, &row);
        assert_int_equal(col, g->col0 + i % g->cols);
        assert_int_equal(row, g->row0 + i / g->cols);
        assert_int_equal(gr_grid_index_cr(g, col, row), i);
        assert_int_equal(gr_grid_index(g, gr_grid_hex(g, i)), i);
        int len = gr_grid_label_of(g, i, buf, sizeof buf);
        assert_true(len > 0);
        assert_int_equal((int)strlen(buf), len);
        assert_int_equal(gr_grid_find(g, buf), i);
    }
    gr_hex h0 = gr_grid_hex(g, 0);
    assert_int_equal(h0.q, 0);
    assert_int_equal(h0.r, 0);
}

/* Axial hexes near the map: on the map exactly when index >= 0, and every
 * on-map hex has a distinct index. */
static void check_off_map(const gr_grid *g)
{
    int n = gr_grid_count(g), seen = 0;
    int span = g->cols + g->rows + 2;
    for (int q = -span; q <= span; q++)
        for (int r = -span; r <= span; r++) {
            int i = gr_grid_index(g, H(q, r));
            if (i < 0)
                continue;
            assert_true(i < n);
            assert_true(gr_hex_eq(gr_grid_hex(g, i), H(q, r)));
            seen++;
        }
    assert_int_equal(seen, n);
    assert_int_equal(gr_grid_index_cr(g, g->col0 - 1, g->row0), -1);
    assert_int_equal(gr_grid_index_cr(g, g->col0, g->row0 - 1), -1);
    assert_int_equal(gr_grid_index_cr(g, g->col0 + g->cols, g->row0), -1);
    assert_int_equal(gr_grid_index_cr(g, g->col0, g->row0 + g->rows), -1);
    assert_int_equal(gr_grid_step(g, -1, 0), -1);
    assert_int_equal(gr_grid_step(g, n, 0), -1);
}

/* Grid neighbours agree with axial steps; -1 exactly off the map. */
static void check_steps(const gr_grid *g)
{
    int n = gr_grid_count(g), edge_hexes = 0;
    for (int i = 0; i < n; i++) {
        int on = 0;
        for (int d = 0; d < 6; d++) {
            int j = gr_grid_step(g, i, d);
            assert_int_equal(j, gr_grid_index(g, gr_hex_step(gr_grid_hex(g, i), d)));
            assert_int_equal(gr_grid_step(g, i, d + 6), j);
            if (j >= 0) {
                on++;
                assert_int_equal(gr_grid_step(g, j, d + 3), i);
            }
        }
        assert_true(on >= 2);
        edge_hexes += on < 6;
    }
    assert_int_equal(edge_hexes, 2 * g->cols + 2 * g->rows - 4);
}

/* Hexside ids: canonical from both hexes, in range, decoding to the two
 * views; edge sides have an id and decode with i2 = -1. */
static void check_sides(const gr_grid *g)
{
    int n = gr_grid_count(g), inner = 0, edge = 0;
    for (int i = 0; i < n; i++)
        for (int d = 0; d < 6; d++) {
            int s = gr_grid_side(g, i, d), j = gr_grid_step(g, i, d);
            int i1, d1, i2, d2;
            assert_true(s >= 0 && s < 6 * n);
            assert_int_equal(gr_grid_side(g, i, d - 6), s);
            gr_grid_side_hexes(g, s, &i1, &d1, &i2, &d2);
            if (j >= 0) {
                assert_int_equal(gr_grid_side(g, j, d + 3), s);
                int mine = i1 == i && d1 == d && i2 == j && d2 == (d + 3) % 6;
                int theirs = i1 == j && d1 == (d + 3) % 6 && i2 == i && d2 == d;
                assert_true(mine || theirs);
                inner++;
            } else {
                assert_int_equal(i1, i);
                assert_int_equal(d1, d);
                assert_int_equal(i2, -1);
                edge++;
            }
        }
    /* distinct ids: each inner side counted from both hexes */
    int distinct = 0;
    for (int s = 0; s < 6 * n; s++) {
        int i1, d1;
        gr_grid_side_hexes(g, s, &i1, &d1, NULL, NULL);
        distinct += gr_grid_side(g, i1, d1) == s;
    }
    assert_int_equal(distinct, inner / 2 + edge);
    assert_int_equal(gr_grid_side(g, -1, 0), -1);
    assert_int_equal(gr_grid_side(g, n, 0), -1);
}

static void check_grid(const gr_grid *g)
{
    check_round_trips(g);
    check_off_map(g);
    check_steps(g);
    check_sides(g);
}

/* Every combination of layout, parity (of an odd and of an even first
 * column/row) and label style. */
static void test_grid_all_layouts(void **state)
{
    (void)state;
    for (int layout = 0; layout < 2; layout++)
        for (int shifted = 0; shifted < 2; shifted++)
            for (int first = 0; first < 2; first++)
                for (int label = 0; label < 2; label++) {
                    gr_grid g = make_grid(7, 6, 1 + first, 1 + first, layout, shifted, label);
                    check_grid(&g);
                    gr_grid g1 = make_grid(1, 1, 3, 1, layout, shifted, label);
                    check_round_trips(&g1);
                    assert_int_equal(gr_grid_step(&g1, 0, 2), -1);
                }
    gr_grid sv = savannah(), jd = saalfeld(), bc = gettysburg();
    check_grid(&sv);
    check_grid(&jd);
    check_grid(&bc);
}

/* Offset-neighbour rule written out per the data briefs: neighbours of
 * (col, row) along the shifted axis.  `down` says whether the line holding
 * the hex is shifted down (right). */
static int offset_neighbour(int col, int row, int dc, int dr, int down)
{
    (void)col;
    (void)row;
    if (dc == 0)
        return dr == 1 || dr == -1;
    if (dc != 1 && dc != -1)
        return 0;
    return down ? (dr == 0 || dr == 1) : (dr == 0 || dr == -1);
}

/* FLAT: columns c +- 1 of a shifted-down column meet rows r, r+1; others
 * r-1, r.  POINTY: the same with rows and columns swapped. */
static void check_offset_rule(const gr_grid *g)
{
    int n = gr_grid_count(g);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            int ci, ri, cj, rj;
            gr_grid_cr(g, i, &ci, &ri);
            gr_grid_cr(g, j, &cj, &rj);
            int adj = gr_hex_dist(gr_grid_hex(g, i), gr_grid_hex(g, j)) == 1, want;
            if (g->layout == GR_GRID_FLAT)
                want = offset_neighbour(ci, ri, cj - ci, rj - ri,
                                        ((ci % 2 + 2) % 2) == g->shifted);
            else
                want = offset_neighbour(ri, ci, rj - ri, cj - ci,
                                        ((ri % 2 + 2) % 2) == g->shifted);
            assert_int_equal(adj, want);
        }
}

static void test_grid_offset_rules(void **state)
{
    (void)state;
    for (int layout = 0; layout < 2; layout++)
        for (int shifted = 0; shifted < 2; shifted++)
            for (int c0 = 0; c0 < 2; c0++) {
                gr_grid g = make_grid(6, 5, c0, 1 - c0, layout, shifted, GR_LABEL_CCRR);
                check_offset_rule(&g);
            }
}

/* ARW Savannah CCRR: 1014 is column 10 row 14; the brief's odd-q parity
 * makes 1303 adjacent to 1404 and the covered way a chain. */
static void test_savannah_labels(void **state)
{
    (void)state;
    gr_grid g = savannah();
    char buf[8];
    int col, row, i = find(&g, "1014");
    assert_true(i >= 0);
    gr_grid_cr(&g, i, &col, &row);
    assert_int_equal(col, 10);
    assert_int_equal(row, 14);
    assert_int_equal(gr_grid_label_of(&g, i, buf, sizeof buf), 4);
    assert_string_equal(buf, "1014");
    assert_int_equal(find(&g, "1001"), 0);
    assert_int_equal(find(&g, "4223"), gr_grid_count(&g) - 1);
    assert_true(adjacent(&g, "1303", "1404"));
    static const char *way[] = {"1105", "1104", "1103", "1102", "1202", "1301", "1401"};
    for (int k = 0; k + 1 < 7; k++)
        assert_true(adjacent(&g, way[k], way[k + 1]));
    /* even column 14: NE is (15, r) ... odd column 13: NE is (14, r) */
    assert_true(adjacent(&g, "1404", "1504"));
    assert_true(adjacent(&g, "1404", "1503"));
    assert_false(adjacent(&g, "1404", "1505"));
    assert_true(adjacent(&g, "1303", "1403"));
    assert_false(adjacent(&g, "1303", "1402"));
}

/* JdG Saalfeld: the brief's axial formula (q = c0, r = r0 - (c0 - (c0&1))/2)
 * is exactly gr_grid_hex. */
static void test_saalfeld_axial(void **state)
{
    (void)state;
    gr_grid g = saalfeld();
    for (int col = 1; col <= 16; col++)
        for (int row = 1; row <= 24; row++) {
            int c0 = col - 1, r0 = row - 1;
            gr_hex h = gr_grid_hex(&g, gr_grid_index_cr(&g, col, row));
            assert_int_equal(h.q, c0);
            assert_int_equal(h.r, r0 - (c0 - (c0 & 1)) / 2);
        }
    char buf[8];
    assert_int_equal(gr_grid_label_of(&g, gr_grid_index_cr(&g, 12, 13), buf, sizeof buf), 4);
    assert_string_equal(buf, "1213");
    assert_true(adjacent(&g, "1213", "1313"));
    assert_true(adjacent(&g, "1209", "1309"));
}

/* boc:R2.1-d hexes are named by a letter and a number ("I6"): the letter is
 * the row down a column (A north), the number the column (boc-data-brief
 * 1.1); the brief's axial formula differs from gr_grid_hex by a constant. */
static void test_gettysburg_labels(void **state)
{
    (void)state;
    gr_grid g = gettysburg();
    int col, row;
    char buf[8];
    gr_grid_cr(&g, find(&g, "I6"), &col, &row);
    assert_int_equal(col, 6);
    assert_int_equal(row, 9);
    assert_int_equal(find(&g, "A1"), 0);
    assert_int_equal(find(&g, "V14"), gr_grid_count(&g) - 1);
    assert_int_equal(gr_grid_label_of(&g, gr_grid_index_cr(&g, 14, 8), buf, sizeof buf), 3);
    assert_string_equal(buf, "H14");
    assert_true(adjacent(&g, "J7", "I7"));
    assert_true(adjacent(&g, "H7", "G7"));
    /* odd column 5: columns 4 and 6 at letters L-1 and L */
    assert_true(adjacent(&g, "G5", "F6"));
    assert_true(adjacent(&g, "G5", "G6"));
    assert_false(adjacent(&g, "G5", "H6"));
    /* even column 6: columns 5 and 7 at letters L and L+1 */
    assert_true(adjacent(&g, "I6", "I7"));
    assert_true(adjacent(&g, "I6", "J7"));
    assert_false(adjacent(&g, "I6", "H7"));
    int dq = 0, dr = 0;
    for (int i = 0; i < gr_grid_count(&g); i++) {
        gr_grid_cr(&g, i, &col, &row);
        gr_hex h = gr_grid_hex(&g, i);
        int bq = col, br = row - (col + col % 2) / 2;
        if (i == 0) {
            dq = bq - h.q;
            dr = br - h.r;
        }
        assert_int_equal(bq - h.q, dq);
        assert_int_equal(br - h.r, dr);
    }
}

/* Rows past Z take two letters (A..Z, AA..AZ, BA..), and CCRR widens past 99. */
static void test_long_labels(void **state)
{
    (void)state;
    gr_grid g = make_grid(3, 60, 1, 1, GR_GRID_FLAT, 0, GR_LABEL_LETTER_ROW);
    static const struct {
        int row;
        const char *text;
    } want[] = {{1, "A2"}, {26, "Z2"}, {27, "AA2"}, {52, "AZ2"}, {53, "BA2"}, {60, "BH2"}};
    char buf[8];
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        int i = gr_grid_index_cr(&g, 2, want[k].row);
        gr_grid_label_of(&g, i, buf, sizeof buf);
        assert_string_equal(buf, want[k].text);
        assert_int_equal(find(&g, want[k].text), i);
    }
    check_round_trips(&g);
    gr_grid wide = make_grid(120, 5, 1, 1, GR_GRID_FLAT, 1, GR_LABEL_CCRR);
    gr_grid_label_of(&wide, gr_grid_index_cr(&wide, 100, 5), buf, sizeof buf);
    assert_string_equal(buf, "10005");
    gr_grid_label_of(&wide, gr_grid_index_cr(&wide, 7, 3), buf, sizeof buf);
    assert_string_equal(buf, "00703");
    assert_int_equal(find(&wide, "0703"), -1);
    check_round_trips(&wide);
}

static void test_malformed_labels(void **state)
{
    (void)state;
    gr_grid s = savannah(), b = gettysburg();
    static const char *bad_ccrr[] = {"",     "101",   "10140", "1a14",  " 1014", "1014 ",
                                     "+014", "-114",  "0914",  "1000",  "1024", "4301",
                                     "10 4", "1014\n", "I6",   "１０１４"};
    for (size_t k = 0; k < sizeof bad_ccrr / sizeof bad_ccrr[0]; k++)
        assert_int_equal(find(&s, bad_ccrr[k]), -1);
    static const char *bad_letter[] = {"",    "I",   "6",     "i6",  "I06", "I6 ", " I6",
                                       "6I",  "I-6", "W1",    "A0",  "A15", "I+6", "AAAAA1",
                                       "I6A", "@6",  "[6",    "I 6", "1014", "AA1"};
    for (size_t k = 0; k < sizeof bad_letter / sizeof bad_letter[0]; k++)
        assert_int_equal(find(&b, bad_letter[k]), -1);
    assert_int_equal(find(&s, NULL), -1);
    assert_int_equal(find(NULL, "1014"), -1);
}

static void test_label_buffers(void **state)
{
    (void)state;
    gr_grid s = savannah(), b = gettysburg();
    char buf[8];
    assert_int_equal(gr_grid_label_of(&s, 0, buf, 4), 0); /* "1001" needs 5 */
    assert_string_equal(buf, "");
    assert_int_equal(gr_grid_label_of(&s, 0, buf, 5), 4);
    assert_int_equal(gr_grid_label_of(&b, find(&b, "H14"), buf, 3), 0);
    assert_int_equal(gr_grid_label_of(&s, -1, buf, sizeof buf), 0);
    assert_int_equal(gr_grid_label_of(&s, gr_grid_count(&s), buf, sizeof buf), 0);
    assert_int_equal(gr_grid_label_of(&s, 0, NULL, 8), 0);
    /* letters need rows numbered from 1 */
    gr_grid z = make_grid(3, 3, 1, 0, GR_GRID_FLAT, 0, GR_LABEL_LETTER_ROW);
    assert_int_equal(gr_grid_label_of(&z, 0, buf, sizeof buf), 0);
    assert_int_equal(gr_grid_label_of(&z, 3, buf, sizeof buf), 2);
    assert_string_equal(buf, "A1");
    gr_grid empty = make_grid(0, 5, 1, 1, GR_GRID_FLAT, 0, GR_LABEL_CCRR);
    assert_int_equal(gr_grid_count(&empty), 0);
    assert_int_equal(gr_grid_index(&empty, H(0, 0)), -1);
    assert_int_equal(gr_grid_count(NULL), 0);
}

/* Known edge cases of hexside ids on the Gettysburg grid. */
static void test_named_sides(void **state)
{
    (void)state;
    gr_grid g = gettysburg();
    int j7 = find(&g, "J7"), i7 = find(&g, "I7");
    int d = gr_hex_dir_to(gr_grid_hex(&g, j7), gr_grid_hex(&g, i7));
    assert_int_equal(d, 2); /* I is north of J: d2 = (0,-1) */
    int s = gr_grid_side(&g, j7, d);
    assert_int_equal(gr_grid_side(&g, i7, d + 3), s);
    int i1, d1, i2, d2;
    gr_grid_side_hexes(&g, s, &i1, &d1, &i2, &d2);
    assert_true((i1 == j7 && i2 == i7) || (i1 == i7 && i2 == j7));
    /* north edge of A1 */
    int a1 = find(&g, "A1");
    s = gr_grid_side(&g, a1, 2);
    gr_grid_side_hexes(&g, s, &i1, &d1, &i2, &d2);
    assert_int_equal(i1, a1);
    assert_int_equal(d1, 2);
    assert_int_equal(i2, -1);
    gr_grid_side_hexes(&g, -1, &i1, &d1, &i2, &d2);
    assert_int_equal(i1, -1);
    gr_grid_side_hexes(&g, 6 * gr_grid_count(&g), &i1, &d1, &i2, &d2);
    assert_int_equal(i1, -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_directions),
        cmocka_unit_test(test_arithmetic),
        cmocka_unit_test(test_distance),
        cmocka_unit_test(test_dir_to),
        cmocka_unit_test(test_wedge_front_hexes),
        cmocka_unit_test(test_wedge_fire_cone),
        cmocka_unit_test(test_wedge_counts),
        cmocka_unit_test(test_boc_cone),
        cmocka_unit_test(test_boc_cone_example),
        cmocka_unit_test(test_grid_all_layouts),
        cmocka_unit_test(test_grid_offset_rules),
        cmocka_unit_test(test_savannah_labels),
        cmocka_unit_test(test_saalfeld_axial),
        cmocka_unit_test(test_gettysburg_labels),
        cmocka_unit_test(test_long_labels),
        cmocka_unit_test(test_malformed_labels),
        cmocka_unit_test(test_label_buffers),
        cmocka_unit_test(test_named_sides),
    };
    return cmocka_run_group_tests_name("hex", tests, NULL, NULL);
}
