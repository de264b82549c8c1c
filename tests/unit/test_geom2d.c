/* test_geom2d.c — table-top geometry: trig table, bases, distances, the
 * spec's comparators, contact, front arcs, sight lines, swept moves.
 * Lengths in hundredths of an inch; 1 inch = 100, 1 sub-unit = 1/10000 in. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "geom2d.h"

#define PI_D 3.14159265358979323846
#define IN(x) ((gr_len)((x) * 100)) /* whole or hundredth inches */

static gr_base base(gr_len x, gr_len y, gr_len w, gr_len d, gr_angle f)
{
    gr_base b = {{x, y}, w, d, f};
    return b;
}

static gr_pt pt(gr_len x, gr_len y)
{
    gr_pt p = {x, y};
    return p;
}

static gr_seg seg(gr_len ax, gr_len ay, gr_len bx, gr_len by)
{
    gr_seg s = {{ax, ay}, {bx, by}};
    return s;
}

/* Base occupying [x0,x1] x [y0,y1] (hundredths), facing +y. */
static gr_base box(gr_len x0, gr_len y0, gr_len x1, gr_len y1)
{
    return base((x0 + x1) / 2, (y0 + y1) / 2, x1 - x0, y1 - y0, 0);
}

static void assert_pt(gr_pt p, gr_len x, gr_len y)
{
    assert_int_equal(p.x, x);
    assert_int_equal(p.y, y);
}

/* Deterministic test stream (a 64-bit LCG), independent of the engine. */
static uint32_t lcg(uint64_t *s)
{
    *s = *s * 6364136223846793005u + 1442695040888963407u;
    return (uint32_t)(*s >> 33);
}

static int32_t lcg_in(uint64_t *s, int32_t lo, int32_t hi)
{
    return lo + (int32_t)(lcg(s) % (uint32_t)(hi - lo + 1));
}

/* ---------------------------------------------------- double reference */

typedef struct rpoly {
    int n;
    double x[4], y[4];
} rpoly;

/* Corners FL, FR, RR, RL with libm trig (reference only). */
static rpoly ref_quad(double cx, double cy, double w, double d, double deg)
{
    double t = deg * PI_D / 180.0, s = sin(t), c = cos(t);
    double fx = s, fy = c, rx = c, ry = -s;
    rpoly q = {4, {0}, {0}};
    double sl[4] = {-1, 1, 1, -1}, sf[4] = {1, 1, -1, -1};
    for (int i = 0; i < 4; i++) {
        q.x[i] = cx + sf[i] * d / 2 * fx + sl[i] * w / 2 * rx;
        q.y[i] = cy + sf[i] * d / 2 * fy + sl[i] * w / 2 * ry;
    }
    return q;
}

static rpoly ref_of_base(const gr_base *b)
{
    return ref_quad(b->c.x, b->c.y, b->w, b->d, b->facing / 10.0);
}

static double ref_pt_seg(double px, double py, double ax, double ay, double bx,
                         double by)
{
    double ex = bx - ax, ey = by - ay, wx = px - ax, wy = py - ay;
    double ee = ex * ex + ey * ey, t = ee > 0 ? (ex * wx + ey * wy) / ee : 0;
    t = t < 0 ? 0 : (t > 1 ? 1 : t);
    double dx = px - (ax + t * ex), dy = py - (ay + t * ey);
    return sqrt(dx * dx + dy * dy);
}

static int ref_separated(const rpoly *a, const rpoly *b)
{
    const rpoly *ps[2] = {a, b};
    for (int k = 0; k < 2; k++) {
        for (int i = 0; i < 4; i++) {
            int j = (i + 1) % 4;
            double nx = -(ps[k]->y[j] - ps[k]->y[i]), ny = ps[k]->x[j] - ps[k]->x[i];
            double alo = 1e300, ahi = -1e300, blo = 1e300, bhi = -1e300;
            for (int v = 0; v < 4; v++) {
                double pa = nx * a->x[v] + ny * a->y[v], pb = nx * b->x[v] + ny * b->y[v];
                alo = fmin(alo, pa), ahi = fmax(ahi, pa);
                blo = fmin(blo, pb), bhi = fmax(bhi, pb);
            }
            if (ahi < blo || bhi < alo)
                return 1;
        }
    }
    return 0;
}

/* Closest distance (hundredths) between two rectangles, double precision. */
static double ref_dist(const rpoly *a, const rpoly *b)
{
    if (!ref_separated(a, b))
        return 0;
    double best = 1e300;
    const rpoly *ps[2] = {a, b};
    for (int k = 0; k < 2; k++) {
        const rpoly *p = ps[k], *q = ps[1 - k];
        for (int v = 0; v < 4; v++)
            for (int e = 0; e < 4; e++)
                best = fmin(best, ref_pt_seg(p->x[v], p->y[v], q->x[e], q->y[e],
                                             q->x[(e + 1) % 4], q->y[(e + 1) % 4]));
    }
    return best;
}

/* ------------------------------------------------------------- angles */

static void test_trig_table_exact_points(void **state)
{
    (void)state;
    assert_int_equal(gr_g2_sin(0), 0);
    assert_int_equal(gr_g2_sin(900), GR_G2_Q30);
    assert_int_equal(gr_g2_sin(1800), 0);
    assert_int_equal(gr_g2_sin(2700), -GR_G2_Q30);
    assert_int_equal(gr_g2_sin(300), GR_G2_Q30 / 2);
    assert_int_equal(gr_g2_cos(600), GR_G2_Q30 / 2);
    assert_int_equal(gr_g2_cos(0), GR_G2_Q30);
    assert_int_equal(gr_g2_sin(450), gr_g2_cos(450));
    assert_int_equal(gr_g2_sin(450), 759250125);
    assert_int_equal(gr_g2_sin(-300), -GR_G2_Q30 / 2);
    assert_int_equal(gr_g2_sin(3600 + 300), GR_G2_Q30 / 2);
}

static void test_trig_table_matches_libm(void **state)
{
    (void)state;
    for (int a = -3600; a < 7200; a++) {
        double t = a * PI_D / 1800.0;
        int32_t s = gr_g2_sin(a), c = gr_g2_cos(a);
        assert_true(fabs(s - sin(t) * GR_G2_Q30) <= 2.0);
        assert_true(fabs(c - cos(t) * GR_G2_Q30) <= 2.0);
        assert_int_equal(gr_g2_sin(-a), -s);        /* odd */
        assert_int_equal(gr_g2_sin(1800 - a), s);  /* supplementary */
        assert_int_equal(gr_g2_cos(-a), c);         /* even */
        int64_t n = (int64_t)s * s + (int64_t)c * c - ((int64_t)1 << 60);
        assert_true(n > -((int64_t)1 << 33) && n < ((int64_t)1 << 33));
    }
}

static void test_angle_helpers(void **state)
{
    (void)state;
    assert_int_equal(gr_g2_angle_norm(-10), 3590);
    assert_int_equal(gr_g2_angle_norm(3600), 0);
    assert_int_equal(gr_g2_angle_norm(7250), 50);
    assert_int_equal(gr_g2_angle_diff(3590, 10), 20);
    assert_int_equal(gr_g2_angle_diff(10, 3590), -20);
    assert_int_equal(gr_g2_angle_diff(0, 1800), 1800);
    assert_int_equal(gr_g2_angle_diff(1800, 0), 1800);
    assert_int_equal(gr_g2_angle_diff(900, 2600), 1700);
    assert_int_equal(gr_g2_angle_diff(900, 2800), -1700);
    assert_true(gr_g2_same_facing(3598, 3, GR_G2_SAME_FACING));
    assert_false(gr_g2_same_facing(3598, 4, GR_G2_SAME_FACING));
}

static void test_bearing(void **state)
{
    (void)state;
    gr_pt o = {1000, 1000};
    assert_int_equal(gr_g2_bearing(o, (gr_pt){1000, 1500}), 0);
    assert_int_equal(gr_g2_bearing(o, (gr_pt){1500, 1500}), 450);
    assert_int_equal(gr_g2_bearing(o, (gr_pt){1500, 1000}), 900);
    assert_int_equal(gr_g2_bearing(o, (gr_pt){1500, 500}), 1350);
    assert_int_equal(gr_g2_bearing(o, (gr_pt){1000, 500}), 1800);
    assert_int_equal(gr_g2_bearing(o, (gr_pt){500, 500}), 2250);
    assert_int_equal(gr_g2_bearing(o, (gr_pt){500, 1000}), 2700);
    assert_int_equal(gr_g2_bearing(o, (gr_pt){500, 1500}), 3150);
    assert_int_equal(gr_g2_bearing(o, o), 0);
    /* 3-4-5 triangle: atan(3/4) = 36.87 degrees -> 368.7 tenths */
    assert_int_equal(gr_g2_bearing(o, (gr_pt){1300, 1400}), 369);
    assert_int_equal(gr_g2_bearing(o, (gr_pt){700, 600}), 2169);
    /* consistent with gr_g2_offset: walking along a bearing keeps it */
    for (gr_angle a = 0; a < GR_G2_TURN; a += 37) {
        gr_pt p = gr_g2_offset(o, a, 5000, 0);
        int32_t d = gr_g2_angle_diff(a, gr_g2_bearing(o, p));
        assert_true(d >= -1 && d <= 1);
    }
}

/* -------------------------------------------------------------- bases */

static void test_corners_axis_aligned(void **state)
{
    (void)state;
    gr_pt c[4];
    gr_base north = base(0, 0, 100, 100, 0);
    gr_g2_base_corners(&north, c);
    assert_pt(c[GR_G2_FL], -50, 50);
    assert_pt(c[GR_G2_FR], 50, 50);
    assert_pt(c[GR_G2_RR], 50, -50);
    assert_pt(c[GR_G2_RL], -50, -50);
    gr_base east = base(1000, 500, 100, 200, 900); /* cavalry facing +x */
    gr_g2_base_corners(&east, c);
    assert_pt(c[GR_G2_FL], 1100, 550);
    assert_pt(c[GR_G2_FR], 1100, 450);
    assert_pt(c[GR_G2_RR], 900, 450);
    assert_pt(c[GR_G2_RL], 900, 550);
    gr_base south = base(0, 0, 200, 100, 1800);
    gr_g2_base_corners(&south, c);
    assert_pt(c[GR_G2_FL], 100, -50);
    assert_pt(c[GR_G2_FR], -100, -50);
    gr_seg rear = gr_g2_base_edge(&north, GR_G2_REAR);
    assert_pt(rear.a, 50, -50);
    assert_pt(rear.b, -50, -50);
    gr_seg left = gr_g2_base_edge(&east, GR_G2_LEFT);
    assert_pt(left.a, 900, 550);
    assert_pt(left.b, 1100, 550);
    assert_pt(gr_g2_base_front_centre(&east), 1100, 500);
}

static void test_corners_rotated(void **state)
{
    (void)state;
    gr_pt c[4];
    /* 2" x 1" base facing 30 degrees: f = (0.5, 0.866), r = (0.866, -0.5). */
    gr_base b = base(1000, 1000, 200, 100, 300);
    gr_g2_base_corners(&b, c);
    assert_pt(c[GR_G2_FL], 938, 1093);  /* (938.40, 1093.30) */
    assert_pt(c[GR_G2_FR], 1112, 993);  /* (1111.60, 993.30) */
    assert_pt(c[GR_G2_RR], 1062, 907);  /* (1061.60, 906.70) */
    assert_pt(c[GR_G2_RL], 888, 1007);  /* (888.40, 1006.70) */
    assert_pt(gr_g2_base_front_centre(&b), 1025, 1043); /* (1025, 1043.30) */
}

static void test_offsets_and_front_reference(void **state)
{
    (void)state;
    assert_pt(gr_g2_offset(pt(0, 0), 900, 100, 0), 100, 0);
    assert_pt(gr_g2_offset(pt(0, 0), 0, 100, 50), 50, 100);
    assert_pt(gr_g2_offset(pt(10, 10), 300, 1000, 0), 510, 876);
    assert_pt(gr_g2_offset(pt(0, 0), 2700, 0, 100), 0, 100); /* right of west = north */
    gr_base b = gr_g2_base_from_front(pt(0, 50), 100, 100, 0);
    assert_pt(b.c, 0, 0);
    b = gr_g2_base_from_front(pt(0, 0), 100, 200, 1350); /* facing south-east */
    assert_pt(b.c, -71, 71);
    assert_int_equal(b.facing, 1350);
    b = gr_g2_base_from_front(pt(500, 500), 100, 100, -900); /* facing west */
    assert_int_equal(b.facing, 2700);
    assert_pt(b.c, 550, 500);
    assert_pt(gr_g2_base_front_centre(&b), 500, 500);
}

static void test_edge_points_and_membership(void **state)
{
    (void)state;
    gr_base f = base(0, -50, 100, 100, 0); /* front edge (-0.5,0)-(0.5,0) */
    static const gr_len want[5] = {-50, -25, 0, 25, 50};
    for (int k = 0; k <= 4; k++)
        assert_pt(gr_g2_base_edge_point(&f, GR_G2_FRONT, k, 4), want[k], 0);
    assert_pt(gr_g2_base_edge_point(&f, GR_G2_RIGHT, 1, 2), 50, -50);
    assert_true(gr_g2_base_has_pt(&f, pt(0, -50)));
    assert_true(gr_g2_base_has_pt(&f, pt(50, 0)));   /* corner */
    assert_true(gr_g2_base_has_pt(&f, pt(-50, -70))); /* edge */
    assert_false(gr_g2_base_has_pt(&f, pt(51, 0)));
    gr_base diamond = base(0, 0, 100, 100, 450);     /* corners at 70.71 */
    assert_true(gr_g2_base_has_pt(&diamond, pt(70, 0)));
    assert_false(gr_g2_base_has_pt(&diamond, pt(71, 0)));
    assert_false(gr_g2_base_has_pt(&diamond, pt(36, 36)));
    assert_true(gr_g2_base_has_pt(&diamond, pt(35, 35)));
}

/* ---------------------------------------------------------- distances */

static void test_distance_axis_aligned(void **state)
{
    (void)state;
    gr_base a = base(0, 0, 100, 100, 0);
    gr_base b = base(300, 0, 100, 100, 0);
    assert_int_equal(gr_g2_dist_len(gr_g2_dist_bases(&a, &b)), 200);
    assert_int_equal(gr_g2_dist_sub(gr_g2_dist_bases(&a, &b)), 20000);
    gr_base c = base(400, 500, 100, 100, 900); /* corner (50,50) to (350,450): 3-4-5 */
    assert_int_equal(gr_g2_dist_sub(gr_g2_dist_bases(&a, &c)), 50000);
    assert_int_equal(gr_g2_dist_bases(&a, &c).code, gr_g2_dist_bases(&c, &a).code);
    assert_int_equal(gr_g2_dist_len(gr_g2_dist_base_pt(&a, pt(50, 200))), 150);
    assert_int_equal(gr_g2_dist_base_pt(&a, pt(10, -20)).code, 0);
    assert_int_equal(gr_g2_dist_sub(gr_g2_dist_pts(pt(0, 0), pt(300, 400))), 50000);
    gr_base inside = base(10, 10, 20, 20, 0); /* wholly within a */
    assert_int_equal(gr_g2_dist_bases(&a, &inside).code, 0);
    /* Odd sizes stay exact inside: 0.75" bases 0.75" apart just touch. */
    gr_base o1 = base(0, 0, 75, 75, 0), o2 = base(75, 0, 75, 75, 0);
    assert_int_equal(gr_g2_dist_bases(&o1, &o2).code, 0);
    assert_false(gr_g2_overlap(&o1, &o2, 0));
}

static void test_distance_rotated(void **state)
{
    (void)state;
    gr_base diamond = base(0, 0, 100, 100, 450);
    gr_base b = base(300, 0, 100, 100, 0); /* left edge x = 250 */
    gr_g2_dist d = gr_g2_dist_bases(&diamond, &b);
    assert_int_equal(gr_g2_dist_sub(d), 25000 - 7071); /* corner at 70.71 */
    assert_int_equal(gr_g2_dist_len(d), 179);
    assert_int_equal(d.code, gr_g2_dist_bases(&b, &diamond).code);
    /* Two bases facing 30 degrees, side by side along their right vector. */
    gr_base l = base(1000, 1000, 100, 100, 300);
    gr_base r = base(1000 + 173, 1000 - 100, 100, 100, 300); /* ~2" along r */
    gr_g2_dist lr = gr_g2_dist_bases(&l, &r);
    /* gap = 1.73 cos 30 + 1.00 sin 30 - 1 = 0.998225" */
    assert_true(gr_g2_dist_sub(lr) >= 9981 && gr_g2_dist_sub(lr) <= 9983);
    assert_int_equal(lr.code, gr_g2_dist_bases(&r, &l).code);
}

/* Random pairs: exact symmetry and agreement with a double reference. */
static void test_distance_matches_reference(void **state)
{
    (void)state;
    uint64_t s = 12345;
    for (int i = 0; i < 3000; i++) {
        gr_base a = base(lcg_in(&s, -2000, 2000), lcg_in(&s, -2000, 2000),
                         lcg_in(&s, 20, 600), lcg_in(&s, 20, 600), lcg_in(&s, 0, 3599));
        gr_base b = base(lcg_in(&s, -2000, 2000), lcg_in(&s, -2000, 2000),
                         lcg_in(&s, 20, 600), lcg_in(&s, 20, 600), lcg_in(&s, 0, 3599));
        rpoly ra = ref_of_base(&a), rb = ref_of_base(&b);
        double want = ref_dist(&ra, &rb) * GR_G2_SUB;
        gr_g2_dist d = gr_g2_dist_bases(&a, &b);
        assert_int_equal(d.code, gr_g2_dist_bases(&b, &a).code);
        assert_true(fabs((double)gr_g2_dist_sub(d) - want) <= 3.0);
        assert_int_equal(gr_g2_touch(&a, &b, 1), gr_g2_touch(&b, &a, 1));
        assert_int_equal(gr_g2_overlap(&a, &b, 1), gr_g2_overlap(&b, &a, 1));
    }
}

/* ------------------------------------------------------------ §0.3 */

static void test_comparators_exact_thresholds(void **state)
{
    (void)state;
    /* TC-G05: range 12", closest cells 12.00" apart -> in range; 12.01" -> out. */
    gr_base u = box(0, 0, 100, 100), t = box(100, 1300, 200, 1400);
    gr_base t2 = box(100, 1301, 200, 1401);
    assert_true(gr_g2_bases_within(&u, &t, IN(12), GR_G2_WITHIN));  /* range (V&F 5.1.1) */
    assert_false(gr_g2_bases_within(&u, &t2, IN(12), GR_G2_WITHIN)); /* range (V&F 5.1.1) */
    /* Exactly 3": "less than 3" false, "at least 3" true; "within 3" true,
     * "more than 3" false. */
    gr_base e = box(0, 400, 100, 500);
    assert_false(gr_g2_bases_within(&u, &e, IN(3), GR_G2_LESS_THAN));
    assert_true(gr_g2_bases_within(&u, &e, IN(3), GR_G2_AT_LEAST));
    assert_true(gr_g2_bases_within(&u, &e, IN(3), GR_G2_WITHIN));
    assert_false(gr_g2_bases_within(&u, &e, IN(3), GR_G2_MORE_THAN));
    /* A hundredth less than 3: less than 3, not at least 3. */
    gr_base e2 = box(0, 399, 100, 499);
    assert_true(gr_g2_bases_within(&u, &e2, IN(3), GR_G2_LESS_THAN));
    assert_false(gr_g2_bases_within(&u, &e2, IN(3), GR_G2_AT_LEAST));
    /* Zero thresholds: nothing is less than 0; everything is at least 0. */
    assert_false(gr_g2_dist_ok(gr_g2_dist_pts(pt(0, 0), pt(0, 0)), 0, GR_G2_LESS_THAN));
    assert_true(gr_g2_dist_ok(gr_g2_dist_pts(pt(0, 0), pt(0, 0)), 0, GR_G2_AT_LEAST));
    assert_true(gr_g2_dist_ok(gr_g2_dist_pts(pt(0, 0), pt(0, 0)), 0, GR_G2_WITHIN));
    assert_false(gr_g2_dist_ok(gr_g2_dist_pts(pt(0, 0), pt(0, 0)), 0, GR_G2_MORE_THAN));
}

static void test_comparators_eps(void **state)
{
    (void)state;
    /* 2.999617": within EPS (0.001") below 3, so not "less than 3". */
    gr_g2_dist lo = gr_g2_dist_pts(pt(0, 0), pt(299, 24));
    assert_false(gr_g2_dist_ok(lo, IN(3), GR_G2_LESS_THAN));
    assert_true(gr_g2_dist_ok(lo, IN(3), GR_G2_AT_LEAST));
    /* 3.0000167": within EPS above 3, so not "more than 3". */
    gr_g2_dist hi = gr_g2_dist_pts(pt(0, 0), pt(300, 1));
    assert_false(gr_g2_dist_ok(hi, IN(3), GR_G2_MORE_THAN));
    assert_true(gr_g2_dist_ok(hi, IN(3), GR_G2_WITHIN));
    /* 3.0025": beyond EPS above 3. */
    gr_g2_dist far = gr_g2_dist_pts(pt(0, 0), pt(300, 12));
    assert_true(gr_g2_dist_ok(far, IN(3), GR_G2_MORE_THAN));
    assert_false(gr_g2_dist_ok(far, IN(3), GR_G2_WITHIN));
    /* Complementary pairs for a sweep of distances. */
    for (int y = 0; y < 40; y++) {
        gr_g2_dist d = gr_g2_dist_pts(pt(0, 0), pt(290 + y / 4, y));
        assert_int_equal(gr_g2_dist_ok(d, IN(3), GR_G2_LESS_THAN),
                         !gr_g2_dist_ok(d, IN(3), GR_G2_AT_LEAST));
        assert_int_equal(gr_g2_dist_ok(d, IN(3), GR_G2_MORE_THAN),
                         !gr_g2_dist_ok(d, IN(3), GR_G2_WITHIN));
    }
    assert_int_equal(gr_g2_dist_order(lo, hi), -1);
    assert_int_equal(gr_g2_dist_order(hi, lo), 1);
    assert_int_equal(gr_g2_dist_order(hi, hi), 0);
}

/* ------------------------------------------------------------ contact */

static void test_contact_axis_aligned(void **state)
{
    (void)state;
    /* TC-G01: A = [0,1]^2, B = [1,2]^2 touch corner to corner. */
    gr_base a = box(0, 0, 100, 100), b = box(100, 100, 200, 200);
    assert_true(gr_g2_touch(&a, &b, GR_G2_CONTACT_TOL));  /* vf:1.1.2-a */
    assert_false(gr_g2_overlap(&a, &b, 0));
    gr_base c = box(105, 100, 205, 200); /* 0.05" gap */
    assert_false(gr_g2_touch(&a, &c, GR_G2_CONTACT_TOL)); /* vf:1.1.2-a */
    gr_base side = box(100, 0, 200, 100); /* edge to edge */
    assert_true(gr_g2_touch(&a, &side, GR_G2_CONTACT_TOL)); /* vf:1.1.2-a */
    gr_base half = box(100, 50, 200, 150); /* corner to edge */
    assert_true(gr_g2_touch(&half, &a, GR_G2_CONTACT_TOL)); /* vf:1.1.2-a */
    /* Tolerance: a 0.01" gap or overlap still touches; 0.02" does not. */
    gr_base g1 = box(101, 0, 201, 100), g2 = box(102, 0, 202, 100);
    gr_base p1 = box(99, 0, 199, 100), p2 = box(98, 0, 198, 100);
    assert_true(gr_g2_touch(&a, &g1, GR_G2_CONTACT_TOL));
    assert_false(gr_g2_touch(&a, &g2, GR_G2_CONTACT_TOL));
    assert_true(gr_g2_touch(&a, &p1, GR_G2_CONTACT_TOL));
    assert_false(gr_g2_touch(&a, &p2, GR_G2_CONTACT_TOL));
    assert_false(gr_g2_touch(&a, &g1, 0));
    assert_true(gr_g2_touch(&a, &side, 0));
    /* 1.2.1-b: overlap beyond the tolerance is an overlap. */
    assert_false(gr_g2_overlap(&a, &p1, GR_G2_CONTACT_TOL)); /* vf:1.2.1-b */
    assert_true(gr_g2_overlap(&a, &p2, GR_G2_CONTACT_TOL));  /* vf:1.2.1-b */
    assert_true(gr_g2_overlap(&a, &p1, 0));
}

static void test_contact_rotated(void **state)
{
    (void)state;
    gr_base diamond = base(0, 0, 100, 100, 450); /* right corner at x = 70.71 */
    gr_base at121 = base(121, 0, 100, 100, 0);    /* gap 0.29 hundredth */
    gr_base at120 = base(120, 0, 100, 100, 0);    /* overlap 0.71 hundredth */
    gr_base at122 = base(122, 0, 100, 100, 0);    /* gap 1.29 hundredths */
    assert_true(gr_g2_touch(&diamond, &at121, GR_G2_CONTACT_TOL)); /* vf:1.1.2-a */
    assert_true(gr_g2_touch(&diamond, &at120, GR_G2_CONTACT_TOL)); /* vf:1.1.2-a */
    assert_false(gr_g2_touch(&diamond, &at122, GR_G2_CONTACT_TOL));
    assert_true(gr_g2_overlap(&diamond, &at120, 0));
    assert_false(gr_g2_overlap(&diamond, &at120, GR_G2_CONTACT_TOL));
    /* Corner to corner between two diamonds (facing 45 degrees). */
    gr_base d142 = base(142, 0, 100, 100, 450); /* gap 0.58 hundredth */
    gr_base d143 = base(143, 0, 100, 100, 450); /* gap 1.58 hundredths */
    assert_true(gr_g2_touch(&diamond, &d142, GR_G2_CONTACT_TOL)); /* vf:1.1.2-a */
    assert_false(gr_g2_touch(&diamond, &d143, GR_G2_CONTACT_TOL));
    assert_true(gr_g2_touch(&d142, &diamond, GR_G2_CONTACT_TOL));
    /* Two long thin bases crossing like a plus sign: no corner of either
     * lies inside the other, yet they overlap. */
    gr_base bar1 = base(0, 0, 1000, 50, 0), bar2 = base(0, 0, 1000, 50, 900);
    assert_int_equal(gr_g2_dist_bases(&bar1, &bar2).code, 0);
    assert_true(gr_g2_overlap(&bar1, &bar2, GR_G2_CONTACT_TOL));
    gr_base bar3 = base(0, 0, 1000, 50, 300);
    assert_true(gr_g2_overlap(&bar1, &bar3, GR_G2_CONTACT_TOL));
}

static void test_artillery_limber(void **state)
{
    (void)state;
    /* TC-F17: gun 2"x2" at (0,0) facing +y, limber 2"x2" facing -y. */
    gr_base gun = base(0, 0, 200, 200, 0);
    gr_base limbered = base(0, -200, 200, 200, 1800);
    gr_base apart = base(0, -280, 200, 200, 1800);
    gr_base too_far = base(0, -320, 200, 200, 1800);
    assert_true(gr_g2_edge_touch(&gun, GR_G2_REAR, &limbered, GR_G2_CONTACT_TOL)); /* vf:1.2.3-b */
    assert_false(gr_g2_edge_touch(&gun, GR_G2_FRONT, &limbered, GR_G2_CONTACT_TOL));
    assert_false(gr_g2_edge_touch(&gun, GR_G2_REAR, &apart, GR_G2_CONTACT_TOL)); /* vf:1.2.3-b */
    assert_true(gr_g2_bases_within(&gun, &apart, IN(1), GR_G2_WITHIN));     /* vf:1.2.3-a */
    assert_false(gr_g2_bases_within(&gun, &too_far, IN(1), GR_G2_WITHIN));  /* vf:1.2.3-a */
    /* Touching the side, not the rear.  (Flush beside, its corner would
     * touch the rear edge's end point, which counts as touching it.) */
    gr_base beside = base(200, 50, 200, 200, 1800);
    assert_false(gr_g2_edge_touch(&gun, GR_G2_REAR, &beside, GR_G2_CONTACT_TOL));
    assert_true(gr_g2_edge_touch(&gun, GR_G2_RIGHT, &beside, GR_G2_CONTACT_TOL));
}

/* --------------------------------------------------------------- arcs */

static void test_arc_points(void **state)
{
    (void)state;
    /* TC-G03 figure: front edge (-0.5,0)-(0.5,0), facing +y; arc y >= 0 and
     * |x| <= 0.5 + y. */
    gr_base f = base(0, -50, 100, 100, 0);
    gr_g2_arc arc = gr_g2_arc_of_base(&f, GR_G2_ARC_HALF);
    assert_true(gr_g2_arc_has_pt(&arc, pt(0, 0)));      /* vf:1.1.1-a */
    assert_true(gr_g2_arc_has_pt(&arc, pt(150, 100)));  /* vf:1.1.1-a */
    assert_false(gr_g2_arc_has_pt(&arc, pt(151, 100))); /* vf:1.1.1-a */
    assert_true(gr_g2_arc_has_pt(&arc, pt(-150, 100))); /* vf:1.1.1-a */
    assert_false(gr_g2_arc_has_pt(&arc, pt(-151, 100)));
    assert_false(gr_g2_arc_has_pt(&arc, pt(0, -1)));    /* vf:1.1.1-a */
    assert_true(gr_g2_arc_has_pt(&arc, pt(5050, 5000)));
    /* Half-plane (A1 reading b) and corridor (reading c). */
    gr_g2_arc wide = gr_g2_arc_of_base(&f, 900);
    assert_true(gr_g2_arc_has_pt(&wide, pt(10000, 0)));
    assert_false(gr_g2_arc_has_pt(&wide, pt(10000, -1)));
    gr_g2_arc corridor = gr_g2_arc_of_base(&f, 0);
    assert_true(gr_g2_arc_has_pt(&corridor, pt(50, 10000)));
    assert_false(gr_g2_arc_has_pt(&corridor, pt(51, 10000)));
    /* Facing east from (1000, 0): arc x >= 1050 and |y| <= 50 + (x - 1050). */
    gr_base e = base(1000, 0, 100, 100, 900);
    gr_g2_arc earc = gr_g2_arc_of_base(&e, GR_G2_ARC_HALF);
    assert_true(gr_g2_arc_has_pt(&earc, pt(1150, -150)));  /* vf:1.1.1-a */
    assert_false(gr_g2_arc_has_pt(&earc, pt(1150, -151))); /* vf:1.1.1-a */
    assert_false(gr_g2_arc_has_pt(&earc, pt(1049, 0)));
}

static void test_arc_points_rotated(void **state)
{
    (void)state;
    /* Facing 30 degrees: points straight ahead are inside, points just past
     * the rays (45 degrees each side) are outside. */
    gr_base f = base(1000, 1000, 200, 100, 300);
    gr_g2_arc arc = gr_g2_arc_of_base(&f, GR_G2_ARC_HALF);
    gr_pt fc = gr_g2_base_front_centre(&f);
    gr_pt fr = gr_g2_base_edge_point(&f, GR_G2_FRONT, 1, 1);
    assert_true(gr_g2_arc_has_pt(&arc, gr_g2_offset(fc, 300, 2000, 0)));
    assert_false(gr_g2_arc_has_pt(&arc, gr_g2_offset(fc, 300, -5, 0)));
    /* Along the right ray (bearing 75) from FR, 10" out: 0.05" in / out. */
    gr_pt on_ray = gr_g2_offset(fr, 750, 1000, 0);
    assert_true(gr_g2_arc_has_pt(&arc, gr_g2_offset(on_ray, 750 - 900, 5, 0)));  /* vf:1.1.1-a */
    assert_false(gr_g2_arc_has_pt(&arc, gr_g2_offset(on_ray, 750 + 900, 5, 0))); /* vf:1.1.1-a */
}

static void test_arc_bases(void **state)
{
    (void)state;
    /* TC-G03 targets. */
    gr_base f = base(0, -50, 100, 100, 0);
    gr_g2_arc arc = gr_g2_arc_of_base(&f, GR_G2_ARC_HALF);
    gr_base a = box(540, 450, 640, 550), b = box(620, 450, 720, 550);
    gr_base c = box(60, -100, 160, 0), d = box(50, -100, 150, 0);
    assert_true(gr_g2_arc_has_base(&arc, &a));  /* vf:1.1.1-a */
    assert_false(gr_g2_arc_has_base(&arc, &b)); /* vf:1.1.1-a */
    assert_false(gr_g2_arc_has_base(&arc, &c)); /* vf:1.1.1-a */
    assert_false(gr_g2_arc_has_base(&arc, &d)); /* vf:1.1.1-a */
    gr_pt v[GR_G2_CLIP_MAX];
    int64_t area = -1;
    int n = gr_g2_arc_clip(&arc, &a, v, &area);
    assert_int_equal(n, 3);
    assert_int_equal(area, 18000000); /* 0.18 sq in */
    int seen = 0;
    for (int i = 0; i < n; i++)
        seen |= (v[i].x == 540 && v[i].y == 490) | (v[i].x == 600 && v[i].y == 550) << 1 |
                (v[i].x == 540 && v[i].y == 550) << 2;
    assert_int_equal(seen, 7);
    n = gr_g2_arc_clip(&arc, &d, v, &area);
    assert_int_equal(area, 0);
    assert_true(n <= 1);
    assert_int_equal(gr_g2_arc_clip(&arc, &b, v, &area), 0);
    /* Wholly inside: the full base. */
    gr_base ahead = box(-50, 500, 50, 600);
    assert_int_equal(gr_g2_arc_clip(&arc, &ahead, v, &area), 4);
    assert_int_equal(area, 100000000);
    assert_true(gr_g2_arc_has_base(&arc, &ahead));
    /* A sliver of 0.01" x 1" = 1e-2 sq in counts; a base whose corner only
     * reaches the front line does not. */
    gr_base sliver = box(-50, -99, 50, 1);
    assert_true(gr_g2_arc_has_base(&arc, &sliver));
    gr_base behind = base(0, -200, 100, 100, 450); /* top corner at y = -129 */
    assert_false(gr_g2_arc_has_base(&arc, &behind));
}

static void test_unit_front_arc(void **state)
{
    (void)state;
    /* Front rank of 3 figures, front edge (-1.5,0)-(1.5,0), facing +y: the
     * wedge on the whole front equals the union of the figure arcs. */
    gr_base l = base(-100, -50, 100, 100, 0), m = base(0, -50, 100, 100, 0);
    gr_base r = base(100, -50, 100, 100, 0);
    gr_g2_arc unit = gr_g2_arc_of_front(&l, &r, GR_G2_ARC_HALF);
    gr_g2_arc fl = gr_g2_arc_of_base(&l, GR_G2_ARC_HALF);
    gr_g2_arc fm = gr_g2_arc_of_base(&m, GR_G2_ARC_HALF);
    gr_g2_arc fr = gr_g2_arc_of_base(&r, GR_G2_ARC_HALF);
    assert_true(gr_g2_arc_has_pt(&unit, pt(250, 100)));
    assert_false(gr_g2_arc_has_pt(&unit, pt(251, 100)));
    for (gr_len y = -20; y <= 400; y += 7) {
        for (gr_len x = -600; x <= 600; x += 9) {
            gr_pt p = pt(x, y);
            int any = gr_g2_arc_has_pt(&fl, p) || gr_g2_arc_has_pt(&fm, p) ||
                      gr_g2_arc_has_pt(&fr, p);
            assert_int_equal(gr_g2_arc_has_pt(&unit, p), any);
        }
    }
}

/* -------------------------------------------------------- sight lines */

static void test_segment_crossings(void **state)
{
    (void)state;
    gr_base b = box(0, 0, 100, 100);
    assert_true(gr_g2_seg_enters_base(seg(-100, 50, 200, 50), &b));
    /* Grazing the corner (100,100) exactly: meets but does not enter. */
    assert_true(gr_g2_seg_meets_base(seg(0, 200, 200, 0), &b));
    assert_false(gr_g2_seg_enters_base(seg(0, 200, 200, 0), &b));
    /* One hundredth inside the corner: enters. */
    assert_true(gr_g2_seg_enters_base(seg(0, 199, 199, 0), &b));
    /* One hundredth outside: misses, 0.01 * sqrt(2)/2 away. */
    assert_false(gr_g2_seg_meets_base(seg(0, 201, 201, 0), &b));
    assert_int_equal(gr_g2_dist_sub(gr_g2_dist_seg_base(seg(0, 201, 201, 0), &b)), 70);
    /* Running along the top edge, and ending on it. */
    assert_true(gr_g2_seg_meets_base(seg(-50, 100, 150, 100), &b));
    assert_false(gr_g2_seg_enters_base(seg(-50, 100, 150, 100), &b));
    assert_true(gr_g2_seg_meets_base(seg(50, 300, 50, 100), &b));
    assert_false(gr_g2_seg_enters_base(seg(50, 300, 50, 100), &b));
    assert_true(gr_g2_seg_enters_base(seg(50, 300, 50, 99), &b));
    /* Collinear with an edge but beyond the base. */
    assert_false(gr_g2_seg_meets_base(seg(150, 100, 300, 100), &b));
    assert_int_equal(gr_g2_dist_len(gr_g2_dist_seg_base(seg(150, 100, 300, 100), &b)), 50);
    /* A rotated base: the diamond's top corner is at y = 70.71. */
    gr_base dia = base(0, 0, 100, 100, 450);
    assert_false(gr_g2_seg_meets_base(seg(-200, 71, 200, 71), &dia));
    assert_true(gr_g2_seg_enters_base(seg(-200, 70, 200, 70), &dia));
    /* A segment wholly inside a base enters it; a point-like one too. */
    assert_true(gr_g2_seg_enters_base(seg(10, 10, 20, 20), &b));
    assert_true(gr_g2_seg_meets_base(seg(10, 10, 10, 10), &b));
}

static void test_segment_distances(void **state)
{
    (void)state;
    assert_int_equal(gr_g2_dist_len(gr_g2_dist_segs(seg(0, 0, 100, 0), seg(0, 50, 100, 50))), 50);
    assert_int_equal(gr_g2_dist_segs(seg(0, 0, 100, 100), seg(0, 100, 100, 0)).code, 0);
    assert_int_equal(gr_g2_dist_len(gr_g2_dist_segs(seg(0, 0, 100, 0), seg(130, 0, 200, 0))), 30);
    assert_int_equal(gr_g2_dist_segs(seg(0, 0, 100, 0), seg(50, 0, 200, 0)).code, 0);
    assert_int_equal(gr_g2_dist_len(gr_g2_dist_segs(seg(0, 0, 100, 0), seg(50, 20, 50, 300))), 20);
    assert_int_equal(gr_g2_dist_len(gr_g2_dist_segs(seg(0, 0, 0, 0), seg(300, 400, 300, 400))), 500);
}

/* TC-G07: two blocking units at x <= -g and x >= g for 4 <= y <= 6; the
 * line from the firer's front-edge centre to the target centre. */
static int los_blocked(gr_len g)
{
    gr_base left = box(-g - 300, 400, -g, 600), right = box(g, 400, g + 300, 600);
    gr_seg line = seg(0, 0, 0, 1050);
    return gr_g2_dist_ok(gr_g2_dist_seg_base(line, &left), IN(1), GR_G2_WITHIN) ||
           gr_g2_dist_ok(gr_g2_dist_seg_base(line, &right), IN(1), GR_G2_WITHIN);
}

static void test_los_clearance(void **state)
{
    (void)state;
    assert_false(los_blocked(110)); /* sight line (V&F 5.1.3) */
    assert_true(los_blocked(100));  /* sight line (V&F 5.1.3) */
    assert_true(los_blocked(90));   /* sight line (V&F 5.1.3) */
    /* g = 0.9": every line from the five front-edge points to the target's
     * corners and centre passes within 1" of a blocker. */
    gr_base firer = base(0, -50, 100, 100, 0);
    gr_base left = box(-390, 400, -90, 600), right = box(90, 400, 390, 600);
    static const gr_pt targets[5] = {{-50, 1000}, {50, 1000}, {-50, 1100}, {50, 1100}, {0, 1050}};
    for (int k = 0; k <= 4; k++) {
        gr_pt p = gr_g2_base_edge_point(&firer, GR_G2_FRONT, k, 4);
        for (int t = 0; t < 5; t++) {
            gr_seg s = {p, targets[t]};
            int blocked = gr_g2_dist_ok(gr_g2_dist_seg_base(s, &left), IN(1), GR_G2_WITHIN) ||
                          gr_g2_dist_ok(gr_g2_dist_seg_base(s, &right), IN(1), GR_G2_WITHIN);
            assert_true(blocked); /* sight line (V&F 5.1.3) */
        }
    }
}

/* -------------------------------------------------------------- moves */

static gr_g2_move slide(gr_base from, gr_len tx, gr_len ty)
{
    gr_g2_move m = {from, GR_G2_SLIDE, {tx, ty}, {0, 0}, 0};
    return m;
}

static gr_g2_move pivot(gr_base from, gr_pt about, int32_t turn)
{
    gr_g2_move m = {from, GR_G2_PIVOT, {0, 0}, about, turn};
    return m;
}

static void test_slide_checked_along_path(void **state)
{
    (void)state;
    /* 10" march north past an enemy 3.5" to the east of the path: both ends
     * are 5.32" away, the closest pose 3.5". */
    gr_base mover = base(0, 0, 100, 100, 0);
    gr_base enemy = base(450, 500, 100, 100, 1800);
    gr_g2_move m = slide(mover, 0, 1000);
    gr_base end = gr_g2_move_end(&m);
    assert_pt(end.c, 0, 1000);
    assert_int_equal(gr_g2_dist_len(gr_g2_dist_bases(&mover, &enemy)), 532);
    assert_int_equal(gr_g2_dist_len(gr_g2_dist_bases(&end, &enemy)), 532);
    assert_int_equal(gr_g2_dist_sub(gr_g2_move_dist(&m, &enemy)), 35000);
    assert_true(gr_g2_move_keeps_away(&m, &enemy, IN(3)));  /* vf:6.3.2-a */
    assert_false(gr_g2_move_keeps_away(&m, &enemy, IN(4))); /* vf:6.3.2-a */
    assert_false(gr_g2_move_overlaps(&m, &enemy, GR_G2_CONTACT_TOL));
    /* Exactly 3" at the closest pose is "at least 3". */
    gr_base at3 = base(400, 500, 100, 100, 0);
    assert_true(gr_g2_move_keeps_away(&m, &at3, IN(3)));  /* vf:6.3.2-a */
    gr_base at299 = base(399, 500, 100, 100, 0);
    assert_false(gr_g2_move_keeps_away(&m, &at299, IN(3))); /* vf:6.3.2-a */
    /* Diagonal path that cuts the enemy's corner: 3-4-5 geometry. */
    gr_g2_move diag = slide(base(0, 0, 100, 100, 0), 600, 800);
    gr_base blocker = base(500, 0, 100, 100, 0);
    assert_int_equal(gr_g2_move_dist(&diag, &blocker).code,
                     gr_g2_dist_seg_base(seg(50, -50, 650, 750), &blocker).code);
    /* A path straight through the enemy overlaps it. */
    gr_base in_way = base(0, 500, 100, 100, 1800);
    assert_int_equal(gr_g2_move_dist(&m, &in_way).code, 0);
    assert_true(gr_g2_move_overlaps(&m, &in_way, GR_G2_CONTACT_TOL));
}

static void test_slide_from_contact(void **state)
{
    (void)state;
    gr_base enemy = box(0, 100, 100, 200);
    gr_base mover = box(0, 0, 100, 100); /* touching enemy's rear edge */
    gr_g2_move away = slide(mover, 50, -300);
    /* Starting in contact (or within 3"), a move can never keep 3" away:
     * only a retreat can leave (6.3.2-b); a retreat away does not overlap. */
    assert_false(gr_g2_move_keeps_away(&away, &enemy, IN(3))); /* vf:6.3.2-b */
    gr_g2_move near = slide(box(0, -200, 100, -100), 50, -600);  /* starts 2" away */
    assert_false(gr_g2_move_keeps_away(&near, &enemy, IN(3))); /* vf:6.3.2-b */
    assert_false(gr_g2_move_overlaps(&away, &enemy, GR_G2_CONTACT_TOL));
    /* Sliding along the enemy's edge while touching does not overlap it... */
    gr_g2_move along = slide(box(-100, 0, 0, 100), 450, 50);
    assert_false(gr_g2_move_overlaps(&along, &enemy, GR_G2_CONTACT_TOL));
    /* ...ending 0.02" under it does. */
    gr_g2_move into = slide(box(-100, 0, 0, 100), 50, 52);
    assert_true(gr_g2_move_overlaps(&into, &enemy, GR_G2_CONTACT_TOL));
}

static void test_wheel_about_corner(void **state)
{
    (void)state;
    /* A 4" x 1" line, front edge (0,0)-(4,0), wheels 90 degrees clockwise
     * about its front-left corner; it ends facing east with its front edge
     * from (0,0) to (0,-4). */
    gr_base line = base(200, -50, 400, 100, 0);
    gr_g2_move w = pivot(line, pt(0, 0), 900);
    gr_base end = gr_g2_move_end(&w);
    assert_pt(end.c, -50, -200);
    assert_int_equal(end.facing, 900);
    gr_pt c[4];
    gr_g2_base_corners(&end, c);
    assert_pt(c[GR_G2_FL], 0, 0);
    assert_pt(c[GR_G2_FR], 0, -400);
    /* An enemy 1.5" from the start pose and 2.5" from the end pose lies in
     * the swept quarter disc. */
    gr_base enemy = base(300, -300, 100, 100, 2700);
    assert_int_equal(gr_g2_dist_len(gr_g2_dist_bases(&line, &enemy)), 150);
    assert_int_equal(gr_g2_dist_len(gr_g2_dist_bases(&end, &enemy)), 250);
    assert_int_equal(gr_g2_move_dist(&w, &enemy).code, 0);
    assert_true(gr_g2_move_overlaps(&w, &enemy, GR_G2_CONTACT_TOL));
    assert_false(gr_g2_move_keeps_away(&w, &enemy, IN(1))); /* vf:6.3.2-a */
    /* Counter-clockwise the same wheel never comes near it. */
    gr_g2_move back = pivot(line, pt(0, 0), -900);
    assert_true(gr_g2_move_keeps_away(&back, &enemy, IN(1))); /* vf:6.3.2-a */
    assert_false(gr_g2_move_overlaps(&back, &enemy, GR_G2_CONTACT_TOL));
    /* The outer rear corner sweeps radius 4.123": an enemy 3" beyond that
     * circle on the bearing 150 from the pivot is 3" from the wheel. */
    double r = sqrt(400.0 * 400.0 + 100.0 * 100.0) + 300.0 + 50.0;
    gr_base ring = base((gr_len)lround(r * sin(150 * PI_D / 180)),
                        (gr_len)lround(r * cos(150 * PI_D / 180)), 100, 100, 1500);
    int64_t got = gr_g2_dist_sub(gr_g2_move_dist(&w, &ring));
    assert_true(got <= 30000 + 60 && got >= 30000 - 60); /* centre rounding */
}

static void test_turn_in_place_next_to_a_neighbour(void **state)
{
    (void)state;
    /* A 1" base turning about its centre sweeps its corners out to 0.7071".
     * A neighbour 0.21" away keeps 0.0029" clear; 0.19" away is hit by
     * 0.0171" (more than the contact tolerance). */
    gr_base me = base(0, 0, 100, 100, 0);
    gr_g2_move turn = pivot(me, pt(0, 0), 900);
    gr_base clear = box(71, -50, 171, 50), hit = box(69, -50, 169, 50);
    int64_t d = gr_g2_dist_sub(gr_g2_move_dist(&turn, &clear));
    assert_true(d <= 29 && d >= 29 - 15);
    assert_false(gr_g2_move_overlaps(&turn, &clear, 0));
    assert_int_equal(gr_g2_move_dist(&turn, &hit).code, 0);
    assert_true(gr_g2_move_overlaps(&turn, &hit, GR_G2_CONTACT_TOL));
    /* Turning by a whole number of right angles ends where it started. */
    gr_base end = gr_g2_move_end(&turn);
    assert_pt(end.c, 0, 0);
    assert_true(gr_g2_touch(&end, &clear, 1) == 0 && gr_g2_dist_len(gr_g2_dist_bases(&end, &clear)) == 21);
}

/* Densely sampled reference for the closest approach of a pivot move. */
static double ref_pivot_min(const gr_g2_move *m, const gr_base *other)
{
    rpoly ro = ref_of_base(other);
    double best = 1e300, vx = m->from.c.x - m->pivot.x, vy = m->from.c.y - m->pivot.y;
    int steps = 4000;
    for (int k = 0; k <= steps; k++) {
        double a = m->turn / 10.0 * k / steps, t = a * PI_D / 180.0;
        double cx = m->pivot.x + vx * cos(t) + vy * sin(t);
        double cy = m->pivot.y + vy * cos(t) - vx * sin(t);
        rpoly q = ref_quad(cx, cy, m->from.w, m->from.d, m->from.facing / 10.0 + a);
        best = fmin(best, ref_dist(&q, &ro));
    }
    return best * GR_G2_SUB;
}

/* The pivot bound never exceeds the true closest approach (conservative)
 * and stays within 0.002" of it.  Bases up to 15" wide, pivots on the
 * front edge, turns up to half a circle either way. */
static void test_pivot_bound_is_conservative_and_tight(void **state)
{
    (void)state;
    uint64_t s = 777;
    int near = 0;
    for (int i = 0; i < 80; i++) {
        gr_base from = base(lcg_in(&s, -300, 300), lcg_in(&s, -300, 300), lcg_in(&s, 100, 1500),
                            lcg_in(&s, 100, 300), lcg_in(&s, 0, 3599));
        gr_pt about = gr_g2_base_edge_point(&from, GR_G2_FRONT, lcg_in(&s, 0, 2), 2);
        gr_g2_move m = pivot(from, about, lcg_in(&s, -1800, 1800));
        gr_base other = base(about.x + lcg_in(&s, -1200, 1200), about.y + lcg_in(&s, -1200, 1200),
                             100, 200, lcg_in(&s, 0, 3599));
        gr_base end = gr_g2_move_end(&m); /* the rounded end pose counts too */
        double want = fmin(ref_pivot_min(&m, &other),
                           (double)gr_g2_dist_sub(gr_g2_dist_bases(&end, &other)));
        double got = (double)gr_g2_dist_sub(gr_g2_move_dist(&m, &other));
        assert_true(got <= want + 3.0);
        assert_true(got >= want - 20.0);
        near += want < 30000.0;
    }
    assert_true(near >= 10); /* the sample does exercise close approaches */
}

/* Slides are exact: they match a densely sampled reference. */
static void test_slide_matches_sampling(void **state)
{
    (void)state;
    uint64_t s = 4242;
    for (int i = 0; i < 200; i++) {
        gr_base from = base(lcg_in(&s, -500, 500), lcg_in(&s, -500, 500), lcg_in(&s, 50, 900),
                            lcg_in(&s, 50, 300), lcg_in(&s, 0, 3599));
        gr_g2_move m = slide(from, lcg_in(&s, -1500, 1500), lcg_in(&s, -1500, 1500));
        gr_base other = base(lcg_in(&s, -1500, 1500), lcg_in(&s, -1500, 1500), 100, 200,
                             lcg_in(&s, 0, 3599));
        rpoly ro = ref_of_base(&other);
        double want = 1e300;
        for (int k = 0; k <= 2000; k++) {
            double t = k / 2000.0;
            rpoly q = ref_quad(from.c.x + t * (m.to.x - from.c.x), from.c.y + t * (m.to.y - from.c.y),
                               from.w, from.d, from.facing / 10.0);
            want = fmin(want, ref_dist(&q, &ro) * GR_G2_SUB);
        }
        double got = (double)gr_g2_dist_sub(gr_g2_move_dist(&m, &other));
        assert_true(got <= want + 3.0);
        assert_true(got >= want - 200.0); /* sampling step up to 0.015" */
    }
}

static void test_move_lengths(void **state)
{
    (void)state;
    gr_g2_move m = slide(base(0, 0, 100, 100, 0), 300, 400);
    assert_int_equal(gr_g2_move_length(&m, GR_G2_PATH_CENTRE), 50000);
    assert_int_equal(gr_g2_move_length(&m, GR_G2_PATH_MAX_CORNER), 50000);
    gr_g2_move w = pivot(base(200, -50, 400, 100, 0), pt(0, 0), 900);
    int64_t c = gr_g2_move_length(&w, GR_G2_PATH_CENTRE);     /* pi/2 x 2.0616" */
    int64_t k = gr_g2_move_length(&w, GR_G2_PATH_MAX_CORNER); /* pi/2 x 4.1231" */
    assert_true(c >= 32383 && c <= 32385);
    assert_true(k >= 64766 && k <= 64768);
    gr_g2_move about_face = pivot(base(500, 500, 300, 200, 0), pt(500, 500), 1800);
    assert_int_equal(gr_g2_move_length(&about_face, GR_G2_PATH_CENTRE), 0);
    gr_base end = gr_g2_move_end(&about_face);
    assert_pt(end.c, 500, 500);
    assert_int_equal(end.facing, 1800);
}

/* The documented limits: every function at the corners of the valid
 * range (run under the sanitizers, this shows no intermediate overflows). */
static void test_extreme_coordinates(void **state)
{
    (void)state;
    const gr_len M = GR_G2_COORD_MAX, Z = GR_G2_SIZE_MAX;
    gr_base a = base(-M, -M, Z, Z, 337), b = base(M, M, Z, Z, 1711);
    gr_g2_dist d = gr_g2_dist_bases(&a, &b);
    assert_true(gr_g2_dist_len(d) > 2 * M && gr_g2_dist_len(d) < 3 * M);
    assert_int_equal(d.code, gr_g2_dist_bases(&b, &a).code);
    assert_false(gr_g2_touch(&a, &b, M));
    assert_true(gr_g2_dist_ok(d, M, GR_G2_MORE_THAN));
    gr_g2_arc arc = gr_g2_arc_of_base(&a, 900);
    gr_pt v[GR_G2_CLIP_MAX];
    int64_t area;
    (void)gr_g2_arc_clip(&arc, &b, v, &area);
    assert_true(area >= 0);
    gr_seg diag = seg(-M, M, M, -M);
    assert_true(gr_g2_seg_meets_base(diag, &a) == 0 || gr_g2_seg_meets_base(diag, &a) == 1);
    gr_g2_move spin = pivot(a, pt(M, M), 3600);
    gr_g2_move half = pivot(a, pt(M, M), -1800);
    assert_true(gr_g2_dist_sub(gr_g2_move_dist(&half, &b)) <= gr_g2_dist_sub(d));
    (void)gr_g2_move_overlaps(&half, &b, 1);
    gr_g2_dist sd = gr_g2_move_dist(&spin, &b);
    assert_true(gr_g2_dist_sub(sd) <= gr_g2_dist_sub(d) && sd.code > 0);
    assert_false(gr_g2_move_overlaps(&spin, &b, 0)); /* circles far from b */
    gr_g2_move far = slide(a, M, -M);
    assert_true(gr_g2_move_length(&far, GR_G2_PATH_CENTRE) == 200000LL * GR_G2_SUB);
    assert_true(gr_g2_move_length(&spin, GR_G2_PATH_MAX_CORNER) > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_trig_table_exact_points),
        cmocka_unit_test(test_trig_table_matches_libm),
        cmocka_unit_test(test_angle_helpers),
        cmocka_unit_test(test_bearing),
        cmocka_unit_test(test_corners_axis_aligned),
        cmocka_unit_test(test_corners_rotated),
        cmocka_unit_test(test_offsets_and_front_reference),
        cmocka_unit_test(test_edge_points_and_membership),
        cmocka_unit_test(test_distance_axis_aligned),
        cmocka_unit_test(test_distance_rotated),
        cmocka_unit_test(test_distance_matches_reference),
        cmocka_unit_test(test_comparators_exact_thresholds),
        cmocka_unit_test(test_comparators_eps),
        cmocka_unit_test(test_contact_axis_aligned),
        cmocka_unit_test(test_contact_rotated),
        cmocka_unit_test(test_artillery_limber),
        cmocka_unit_test(test_arc_points),
        cmocka_unit_test(test_arc_points_rotated),
        cmocka_unit_test(test_arc_bases),
        cmocka_unit_test(test_unit_front_arc),
        cmocka_unit_test(test_segment_crossings),
        cmocka_unit_test(test_segment_distances),
        cmocka_unit_test(test_los_clearance),
        cmocka_unit_test(test_slide_checked_along_path),
        cmocka_unit_test(test_slide_from_contact),
        cmocka_unit_test(test_wheel_about_corner),
        cmocka_unit_test(test_turn_in_place_next_to_a_neighbour),
        cmocka_unit_test(test_pivot_bound_is_conservative_and_tight),
        cmocka_unit_test(test_slide_matches_sampling),
        cmocka_unit_test(test_move_lengths),
        cmocka_unit_test(test_extreme_coordinates),
    };
    return cmocka_run_group_tests_name("geom2d", tests, NULL, NULL);
}
