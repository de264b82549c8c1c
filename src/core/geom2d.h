/*
 * geom2d.h — table-top (miniatures) geometry for Valour & Fortitude: bases
 * as oriented rectangles, closest distances, the spec's distance
 * comparators, contact, front arcs, sight lines against bases, and moves
 * checked along their whole path.  Pure, allocation-free, integer only.
 * See docs/geometry-tabletop.md for the reasoning behind every choice.
 *
 * Frame.  x to the right (east), y away from side A's table edge (north), as
 * in the V&F spec §8.1.  Origin anywhere (the vf module puts it at a table
 * corner).
 *
 * Lengths.  gr_len is an integer number of hundredths of an inch
 * (GR_G2_INCH = 100).  Every input and every returned point is in this
 * unit.  Inside, corners and intersection points are kept in sub-units of
 * 1/10000 inch (GR_G2_SUB = 100 sub-units per hundredth), so a base of any
 * whole-hundredth size centred on a whole-hundredth point has exact corners
 * when it is axis-aligned and corners within 1/200 of a hundredth of the
 * true rectangle when it is rotated.
 *
 * Angles.  gr_angle is an integer number of tenths of a degree, a compass
 * bearing: 0 faces +y (north), 900 faces +x (east), 1800 faces -y, 2700
 * faces -x; positive turns are clockwise.  (The spec's examples use
 * "heading 0 = +y"; its §8.2 formula (cos, sin) is the mathematician's
 * frame — this module uses the bearing frame throughout.)  Sines and
 * cosines come from a constant table (whole degrees plus tenths, combined by
 * the angle-sum formula) in Q30 fixed point; no libm call is made anywhere.
 *
 * Determinism.  Only integer arithmetic (64-bit, with a portable 128-bit
 * product where squares are compared), so every result is bit-identical on
 * every machine and compiler.  Every predicate is exact on the integer shape
 * it is given (corners rounded to sub-units); the only approximations are
 * that rounding (documented per function) and the conservative bound used
 * for rotations (gr_g2_move_dist).
 *
 * Range of validity.  |x|, |y| <= GR_G2_COORD_MAX and 0 < w, d <=
 * GR_G2_SIZE_MAX for every point, pivot and base; 0 <= tolerances,
 * thresholds <= GR_G2_COORD_MAX; |turn| <= 3600.  Within that range no
 * intermediate overflows (a test runs the limits under the sanitizers).
 */
#ifndef GR_GEOM2D_H
#define GR_GEOM2D_H

#include <stdint.h>

typedef int32_t gr_len;   /* hundredths of an inch */
typedef int32_t gr_angle; /* tenths of a degree, compass bearing */

#define GR_G2_INCH 100          /* gr_len units per inch */
#define GR_G2_SUB 100           /* internal sub-units per gr_len unit */
#define GR_G2_TURN 3600         /* gr_angle units per full turn */
#define GR_G2_Q30 ((int32_t)1 << 30) /* fixed-point one of gr_g2_sin/cos */
#define GR_G2_COORD_MAX 100000  /* |coordinate| limit: 1000 inches */
#define GR_G2_SIZE_MAX 10000    /* base width/depth limit: 100 inches */
#define GR_G2_EPS_SUB 10        /* spec §8.1 EPS = 0.001" in sub-units */
#define GR_G2_CONTACT_TOL 1     /* spec §8.1 CONTACT_TOL = 0.01" (gr_len) */
#define GR_G2_ARC_HALF 450      /* spec 1.1.1-a / Interp. A1: 45 degrees */
#define GR_G2_ARC_MIN_AREA 10000 /* §8.5: 1e-4 sq in, in sub-units squared */
#define GR_G2_SAME_FACING 5     /* §8.1: "same direction" within 0.5 deg */
#define GR_G2_CLIP_MAX 8        /* most vertices gr_g2_arc_clip returns */

typedef struct gr_pt {
    gr_len x, y;
} gr_pt;

typedef struct gr_seg {
    gr_pt a, b;
} gr_seg;

/* A base: centre c, frontage w (left-right), depth d, facing bearing. */
typedef struct gr_base {
    gr_pt c;
    gr_len w, d;
    gr_angle facing;
} gr_base;

/* The four sides of a base.  Edges run clockwise round the base:
 * front FL->FR, right FR->RR, rear RR->RL, left RL->FL. */
typedef enum gr_g2_side {
    GR_G2_FRONT = 0,
    GR_G2_RIGHT = 1,
    GR_G2_REAR = 2,
    GR_G2_LEFT = 3
} gr_g2_side;

/* Corner indices of gr_g2_base_corners: front-left, front-right,
 * rear-right, rear-left. */
enum { GR_G2_FL = 0, GR_G2_FR = 1, GR_G2_RR = 2, GR_G2_RL = 3 };

/* The distance comparators of spec §0.3, with EPS = 0.001". */
typedef enum gr_g2_cmp {
    GR_G2_LESS_THAN = 0, /* "a menos de X": d <  X - EPS          */
    GR_G2_MORE_THAN = 1, /* "mas de X":     d >  X + EPS          */
    GR_G2_AT_LEAST = 2,  /* "al menos X":   d >= X - EPS          */
    GR_G2_WITHIN = 3     /* "dentro de X", "X o menos", "menor o
                            igual":         d <= X + EPS          */
} gr_g2_cmp;

/*
 * An exact squared distance.  code = 2*floor(s) + (s has a fraction), where
 * s is the squared distance in sub-units squared.  Codes order like the
 * distances they stand for, and comparisons against whole thresholds
 * through gr_g2_dist_ok are exact.  Treat as opaque.
 */
typedef struct gr_g2_dist {
    int64_t code;
} gr_g2_dist;

/* A front arc (spec 1.1.1-a, §8.5): the region in front of a front edge
 * FL-FR bounded by rays from FL and FR turned `half` outward from the
 * facing.  Build with gr_g2_arc_of_base / gr_g2_arc_of_front. */
typedef struct gr_g2_arc {
    int64_t lx, ly, rx, ry; /* FL and FR in sub-units                    */
    int64_t ldx, ldy;       /* left ray direction, Q30                    */
    int64_t rdx, rdy;       /* right ray direction, Q30                   */
} gr_g2_arc;

typedef enum gr_g2_move_kind {
    GR_G2_SLIDE = 0, /* straight translation, facing unchanged          */
    GR_G2_PIVOT = 1  /* rotation about a fixed point (a wheel, a turn)  */
} gr_g2_move_kind;

/* One straight piece of a move: a slide of `from` to centre `to`, or a
 * rotation of `from` by `turn` (tenths, clockwise positive, |turn| <= 3600)
 * about `pivot` (a corner for a wheel, the centre for a turn in place). */
typedef struct gr_g2_move {
    gr_base from;
    gr_g2_move_kind kind;
    gr_pt to;
    gr_pt pivot;
    int32_t turn;
} gr_g2_move;

/* Path metrics of spec §8.9 / Interp. A66. */
typedef enum gr_g2_metric {
    GR_G2_PATH_CENTRE = 0,    /* distance travelled by the base centre  */
    GR_G2_PATH_MAX_CORNER = 1 /* longest distance travelled by a corner */
} gr_g2_metric;

/* ------------------------------------------------------------- angles */

/* Any integer angle brought into [0, 3600). */
gr_angle gr_g2_angle_norm(int32_t a);
/* Signed smallest turn from a to b, in (-1800, 1800]; positive = clockwise. */
int32_t gr_g2_angle_diff(gr_angle a, gr_angle b);
/* 1 when the facings differ by at most tol tenths (spec §8.1 uses
 * GR_G2_SAME_FACING), else 0. */
int gr_g2_same_facing(gr_angle a, gr_angle b, int32_t tol);
/* Sine and cosine of bearing a (any integer, taken mod 3600) in Q30
 * (GR_G2_Q30 = 1.0), from the constant table.  Exact symmetries: sin is
 * odd, sin(180 - a) = sin a, cos a = sin(a + 90), so sin 0 = 0,
 * sin 90 = 2^30, sin 30 = 2^29, sin 45 = cos 45.  Every value is within
 * 2 units of 2^30 times the true one. */
int32_t gr_g2_sin(gr_angle a);
int32_t gr_g2_cos(gr_angle a);
/* The bearing of the direction from a to b, to the nearest tenth of a
 * degree by the sine table (the tenth whose direction makes the smaller
 * cross product with b - a; ties take the smaller bearing); 0 when a == b.
 * Exact for the eight compass and half-compass directions. */
gr_angle gr_g2_bearing(gr_pt a, gr_pt b);

/* -------------------------------------------------------------- bases */

/* The point `fwd` ahead along bearing `facing` and `right` to its right
 * from `origin`, rounded to the nearest hundredth (for laying out cells). */
gr_pt gr_g2_offset(gr_pt origin, gr_angle facing, gr_len fwd, gr_len right);
/* The base of size w x d facing `facing` whose front-edge midpoint is `fc`
 * (centre rounded to the nearest hundredth). */
gr_base gr_g2_base_from_front(gr_pt fc, gr_len w, gr_len d, gr_angle facing);
/* Midpoint of the front edge, rounded to the nearest hundredth. */
gr_pt gr_g2_base_front_centre(const gr_base *b);
/* The corners FL, FR, RR, RL (indices GR_G2_FL..GR_G2_RL), each rounded
 * to the nearest hundredth (exact when axis-aligned with even sizes). */
void gr_g2_base_corners(const gr_base *b, gr_pt out[4]);
/* One side as a segment, in the clockwise direction given at gr_g2_side. */
gr_seg gr_g2_base_edge(const gr_base *b, gr_g2_side side);
/* The point at fraction num/den (0 <= num <= den, den > 0) along a side
 * (front: from FL to FR), rounded to the nearest hundredth; e.g. the five
 * LOS source points of spec §8.7 are num = 0..4, den = 4 on GR_G2_FRONT. */
gr_pt gr_g2_base_edge_point(const gr_base *b, gr_g2_side side, int32_t num,
                            int32_t den);
/* 1 when point p lies in the base or on its boundary, else 0. */
int gr_g2_base_has_pt(const gr_base *b, gr_pt p);

/* ---------------------------------------------------------- distances */

/* Closest distances (0 when the shapes meet), exact on the shapes. */
gr_g2_dist gr_g2_dist_pts(gr_pt p, gr_pt q);
gr_g2_dist gr_g2_dist_base_pt(const gr_base *b, gr_pt p);
gr_g2_dist gr_g2_dist_bases(const gr_base *a, const gr_base *b);
gr_g2_dist gr_g2_dist_seg_base(gr_seg s, const gr_base *b);
gr_g2_dist gr_g2_dist_segs(gr_seg s, gr_seg t);
/* Closest distance between side `side` of base a and base b. */
gr_g2_dist gr_g2_dist_edge_base(const gr_base *a, gr_g2_side side,
                                const gr_base *b);
/* 1 when distance d compares true against x (hundredths) under the spec
 * §0.3 comparator cmp, else 0.  Exact. */
int gr_g2_dist_ok(gr_g2_dist d, gr_len x, gr_g2_cmp cmp);
/* -1, 0 or 1 as distance a is shorter than, equal to or longer than b
 * (equal means equal to within the code, i.e. same floor and fraction
 * flag of the squared sub-unit distance). */
int gr_g2_dist_order(gr_g2_dist a, gr_g2_dist b);
/* The distance in sub-units (1/10000 inch), rounded down. */
int64_t gr_g2_dist_sub(gr_g2_dist d);
/* The distance in hundredths, rounded to nearest (for display/ranking). */
gr_len gr_g2_dist_len(gr_g2_dist d);
/* Shorthand: gr_g2_dist_ok(gr_g2_dist_bases(a, b), x, cmp). */
int gr_g2_bases_within(const gr_base *a, const gr_base *b, gr_len x,
                       gr_g2_cmp cmp);

/* ------------------------------------------------------------ contact */

/* Spec §8.4 touch: closest distance <= tol and penetration depth (the
 * shortest push that separates them) <= tol, tol in hundredths
 * (GR_G2_CONTACT_TOL for the spec's value).  Edge to edge, corner to edge
 * and corner to corner all count.  Symmetric. */
int gr_g2_touch(const gr_base *a, const gr_base *b, gr_len tol);
/* 1 when the bases overlap by more than tol: penetration depth > tol
 * (tol = 0: interiors intersect at all).  Symmetric. */
int gr_g2_overlap(const gr_base *a, const gr_base *b, gr_len tol);
/* 1 when base b touches side `side` of base a: distance <= tol (e.g. a
 * limber on the gun's rear edge, spec 1.2.3-b). */
int gr_g2_edge_touch(const gr_base *a, gr_g2_side side, const gr_base *b,
                     gr_len tol);

/* --------------------------------------------------------------- arcs */

/* The front arc of one base with half-angle `half` tenths, 0..900
 * (GR_G2_ARC_HALF = 45 degrees, the default; 900 = half-plane; 0 =
 * corridor as wide as the base). */
gr_g2_arc gr_g2_arc_of_base(const gr_base *b, gr_angle half);
/* The front arc of a straight front rank from its leftmost base to its
 * rightmost base (same facing): FL of `left`, FR of `right`, facing of
 * `left` (spec §8.5: equals the union of the figure arcs). */
gr_g2_arc gr_g2_arc_of_front(const gr_base *left, const gr_base *right,
                             gr_angle half);
/* 1 when p is in the closed arc (on or in front of the front line and
 * between the two rays, boundary included), else 0.  Exact. */
int gr_g2_arc_has_pt(const gr_g2_arc *arc, gr_pt p);
/* Clips base b to the arc.  Writes the clipped polygon's vertices (rounded
 * to hundredths, consecutive duplicates removed) to out and its area in
 * sub-units squared to *area (may be NULL); returns the vertex count (0 when
 * b lies wholly outside).  The clip is done in sub-units; a vertex where one
 * of b's edges crosses an arc line is rounded to the nearest sub-unit before
 * the area is taken, so the area is within 0.71 x (perimeter in sub-units)
 * of the true one (under 6e-4 sq in for a 2" x 2" base; exact when no edge
 * crosses a line, e.g. a base wholly inside or touching the arc only). */
int gr_g2_arc_clip(const gr_g2_arc *arc, const gr_base *b,
                   gr_pt out[GR_G2_CLIP_MAX], int64_t *area);
/* Spec §8.5 "at least partially in the front arc": the clipped area
 * exceeds 1e-4 sq in (GR_G2_ARC_MIN_AREA); touching the arc's boundary
 * does not count. */
int gr_g2_arc_has_base(const gr_g2_arc *arc, const gr_base *b);

/* ------------------------------------------------------- sight lines */

/* 1 when segment s meets base b, boundary included (grazing a corner or
 * running along an edge counts), else 0.  Exact. */
int gr_g2_seg_meets_base(gr_seg s, const gr_base *b);
/* 1 when segment s passes through the interior of b (grazing a corner or
 * running along an edge does not count), else 0.  Exact. */
int gr_g2_seg_enters_base(gr_seg s, const gr_base *b);

/* -------------------------------------------------------------- moves */

/* The pose at the end of the move (a pivot's centre rounded to the nearest
 * hundredth). */
gr_base gr_g2_move_end(const gr_g2_move *m);
/* A lower bound on the closest distance between the moving base, over
 * every pose along the move, and base `other` (0 if they ever meet).
 * SLIDE: exact — the swept region is the convex hull of the start and end
 * bases.  PIVOT: the least distance between the arc each corner of one
 * base sweeps and the edges of the other (in both directions), with each
 * arc cut into chords; never above the true value and at most about
 * 0.0015" below it.  The pose of gr_g2_move_end (centre rounded to the
 * hundredth) is measured too. */
gr_g2_dist gr_g2_move_dist(const gr_g2_move *m, const gr_base *other);
/* Spec 6.3.2-a keep-away: 1 when every pose along the move is at least x
 * (hundredths) from `other` (GR_G2_AT_LEAST on gr_g2_move_dist), else 0.
 * Exact for slides; for pivots it may refuse a move that stays clear by
 * less than about 0.0015", and never accepts one that comes too close. */
int gr_g2_move_keeps_away(const gr_g2_move *m, const gr_base *other,
                          gr_len x);
/* 1 when some pose along the move overlaps `other` by more than tol
 * (hundredths; see gr_g2_overlap) — for paths that must not pass through
 * a base (spec 6.3-d, 6.4-e).  Conservative: it never misses an overlap.
 * It measures swept hulls, so near the threshold it may also report a
 * path whose deepest pose stays a little under tol: a slide's hull can be
 * up to about 1.4 times deeper than its deepest pose where it cuts across
 * a corner; a pivot adds at most about 0.007".  Always 0 when
 * gr_g2_move_dist is above 0. */
int gr_g2_move_overlaps(const gr_g2_move *m, const gr_base *other, gr_len tol);
/* Length of the move under a path metric, in sub-units, rounded up (a
 * slide: straight distance; a pivot: |turn| x radius, with pi rounded up). */
int64_t gr_g2_move_length(const gr_g2_move *m, gr_g2_metric metric);

#endif
