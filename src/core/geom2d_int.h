/*
 * geom2d_int.h — what geom2d.c shares with geom2d_move.c and nothing else
 * includes: the convex polygons (at most 8 vertices, sub-units) every shape
 * becomes, and the exact primitives on them.  Names are gr_g2i_* so the
 * library still exports gr_* names only.
 */
#ifndef GR_GEOM2D_INT_H
#define GR_GEOM2D_INT_H

#include <stdint.h>

#include "geom2d.h"

#define POLY_MAX 8

typedef struct poly {
    int n;
    int64_t x[POLY_MAX], y[POLY_MAX];
} poly;

/* round(v / 2^30), symmetric. */
int64_t gr_g2i_q30_round(int64_t v);
/* floor(sqrt(v)), exact for every 64-bit v. */
uint64_t gr_g2i_isqrt64(uint64_t v);
/* The base rectangle with its centre at (cx, cy) sub-units: corners FL,
 * FR, RR, RL.  Opposite corners are exact negatives around the centre. */
void gr_g2i_quad_at(poly *q, int64_t cx, int64_t cy, gr_len w, gr_len d,
                    gr_angle facing);
/* The 4-gon of base b in sub-units (gr_g2i_quad_at at its centre). */
void gr_g2i_base_quad(const gr_base *b, poly *q);
/*
 * Smallest overlap/|axis| over all test axes of both shapes, compared with
 * t >= 0 sub-units: returns 1 when every axis overlaps by more than t (the
 * penetration depth exceeds t), else 0.  With t = 0: interiors intersect.
 */
int gr_g2i_pen_exceeds(const poly *a, const poly *b, int64_t t);
/* Distance code (see gr_g2_dist) from point p to segment ab. */
int64_t gr_g2i_pt_seg_code(int64_t px, int64_t py, int64_t ax, int64_t ay,
                           int64_t bx, int64_t by);
/* Exact closest-distance code between two convex shapes (0 if they meet). */
int64_t gr_g2i_poly_dist(const poly *a, const poly *b);
/* The convex hull of the vertices of a and b (together at most POLY_MAX)
 * into h: the shape a swept straight move covers between two poses. */
void gr_g2i_hull_of_two(const poly *a, const poly *b, poly *h);
/* The point (x, y) sub-units, rounded to the nearest whole unit. */
gr_pt gr_g2i_pt_of_sub(int64_t x, int64_t y);
/* The gr_g2_dist holding distance code `code` (2 floor(s) + fraction flag,
 * s the squared distance in sub-units; see gr_g2_dist). */
gr_g2_dist gr_g2i_dist_of(int64_t code);
/* Twice the square of a threshold of t sub-units (the code of distance t). */
int64_t gr_g2i_code_of_sub(int64_t t);

#endif
