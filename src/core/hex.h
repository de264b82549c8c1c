/*
 * hex.h — hex-grid geometry shared by every hex-based rule system (ARW, BoC,
 * JdG): cube/axial coordinates, map grids with printed labels, hexsides,
 * wedges (fire cones, facing), and the centre-to-centre line used for line
 * of sight.  Pure integer arithmetic; no allocation.
 *
 * Coordinates.  Axial (q, r), with s = -q - r implied (cube).  The six
 * directions are numbered counter-clockwise (JdG spec 0.A.3):
 *     d0=(+1,0) d1=(+1,-1) d2=(0,-1) d3=(-1,0) d4=(-1,+1) d5=(0,+1)
 * Direction i and i+1 (mod 6) point to hexes that are adjacent to each other;
 * direction i+3 is the opposite of i.
 *
 * Maps.  A gr_grid is a rectangle of offset coordinates (columns x rows) laid
 * out flat-topped (vertical columns, ARW/JdG "CCRR") or pointy-topped
 * (horizontal rows), with every second column (row) shifted half a hex.  Each
 * on-map hex has an index 0..count-1 (row-major over the printed rows and
 * columns); systems store per-hex data in arrays by index.  Index 0 (first
 * printed column and row) is axial (0, 0); docs/geometry.md has the maps.
 *
 * Hexsides.  A hexside is shared by two hexes.  Its id is canonical:
 * gr_grid_side(g, a, d) == gr_grid_side(g, b, d+3) when b is a's neighbour in
 * direction d.  Ids lie in [0, 6 * count); sides on the map edge have ids too.
 */
#ifndef GR_HEX_H
#define GR_HEX_H

#include <stddef.h>
#include <stdint.h>

typedef struct gr_hex {
    int16_t q, r;
} gr_hex;

/* Direction unit vector i (0..5; any int is taken mod 6). */
gr_hex gr_hex_dir(int dir);
gr_hex gr_hex_add(gr_hex a, gr_hex b);
gr_hex gr_hex_sub(gr_hex a, gr_hex b);
gr_hex gr_hex_scale(gr_hex a, int k);
/* Neighbour of h in direction dir. */
gr_hex gr_hex_step(gr_hex h, int dir);
int gr_hex_eq(gr_hex a, gr_hex b);
/* Hex distance. */
int gr_hex_dist(gr_hex a, gr_hex b);
/* Direction from a to an adjacent b, or -1 when not adjacent. */
int gr_hex_dir_to(gr_hex a, gr_hex b);

/*
 * Wedge decomposition: writes a, b with t - o = a*d(dir) + b*d(dir+1) (a or
 * b may be NULL) and returns 1 when a, b >= 0, i.e. t lies in the
 * 120-degree wedge spanned by directions dir and dir+1 from o (o itself
 * gives a = b = 0); else returns 0 (one of a, b is then negative).  Inside
 * the wedge a + b = dist(o, t).
 * JdG front hexes / artillery fire cone for facing vertex F use dir = F.
 */
int gr_hex_wedge(gr_hex o, int dir, gr_hex t, int *a, int *b);
/*
 * BoC artillery cone through hexside `dir` of o (R5.31-b): range 1..3 hexes
 * o + a*d + b*d', d' one of the two directions at 60 degrees from d, a >= 1,
 * 0 <= b <= a.  Returns the range (1..max_range) when t is inside, else 0.
 */
int gr_hex_cone(gr_hex o, int dir, gr_hex t, int max_range);

/* ---------------------------------------------------------------- grids */

typedef enum gr_grid_layout {
    GR_GRID_FLAT = 0,  /* flat-topped hexes in vertical columns      */
    GR_GRID_POINTY = 1 /* pointy-topped hexes in horizontal rows      */
} gr_grid_layout;

typedef enum gr_grid_label {
    GR_LABEL_CCRR = 0,      /* column then row, 2 digits each (more if a
                               number needs them): "1014" = col 10 row 14 */
    GR_LABEL_LETTER_ROW = 1 /* row letter(s) then column number: "I6" =
                               row 9 (A = 1 .. Z = 26, AA = 27) column 6
                               (BoC: letters down a column, numbers
                               across; boc-data-brief 1.1)               */
} gr_grid_label;

typedef struct gr_grid {
    int16_t cols, rows;  /* extent in printed columns and rows            */
    int16_t col0, row0;  /* printed number of the first column / row      */
    uint8_t layout;      /* gr_grid_layout                                 */
    uint8_t shifted;     /* which printed columns (FLAT) or rows (POINTY)
                            are shifted down (right): 0 even, 1 odd        */
    uint8_t label;       /* gr_grid_label                                  */
    uint8_t pad_;
} gr_grid;

/* Number of hexes on the map (cols * rows). */
int gr_grid_count(const gr_grid *g);
/* Index of an axial hex, or -1 when off the map. */
int gr_grid_index(const gr_grid *g, gr_hex h);
/* Axial coordinates of index i (0 <= i < count). */
gr_hex gr_grid_hex(const gr_grid *g, int i);
/* Index from printed column and row numbers, or -1. */
int gr_grid_index_cr(const gr_grid *g, int col, int row);
/* Printed column and row of index i (-1, -1 when i is off the map). */
void gr_grid_cr(const gr_grid *g, int i, int *col, int *row);
/* Neighbour index of i in direction dir, or -1 when off the map. */
int gr_grid_step(const gr_grid *g, int i, int dir);
/* Printed label of index i into buf (e.g. "1014", "I6"); returns its length,
 * or 0 if it does not fit (or the hex has no label: LETTER_ROW rows < 1,
 * negative numbers). */
int gr_grid_label_of(const gr_grid *g, int i, char *buf, size_t size);
/* Index of a printed label, or -1 when malformed or off the map.  Only the
 * exact form gr_grid_label_of prints is accepted ("0304", "I6"; not "304",
 * "i6", "I06", " I6"). */
int gr_grid_find(const gr_grid *g, const char *label);
/* Canonical hexside id of side `dir` of hex index i (see top of file). */
int gr_grid_side(const gr_grid *g, int i, int dir);
/* The two (hex, dir) views of a side id: (*i1, *d1) always on the map;
 * *i2 = -1 for a map-edge side (*d2 is still d1 + 3).  An id out of range
 * gives -1 everywhere. */
void gr_grid_side_hexes(const gr_grid *g, int side, int *i1, int *d1, int *i2, int *d2);

/* ---------------------------------------------------------------- lines */

/*
 * The centre-to-centre line from a to b, for line of sight.  It is traced
 * twice, nudged an infinitesimal amount to each side, so that a line running
 * exactly along hexsides yields both hexes it grazes:
 *   left[k], right[k] for k = 0..n-1 (n = dist(a,b) + 1) are the hexes at
 * step k (the hex nearest the point a + (b-a)*k/(n-1)); left[0] = right[0]
 * = a and left[n-1] = right[n-1] = b.  Left is the side of increasing
 * direction numbers.  Where left[k] != right[k] (always adjacent hexes) the
 * point of step k lies on the hexside between them: when
 * gr_hex_line_along(a, b), the line runs along that hexside (it grazes
 * both hexes: this happens at every odd k); otherwise it crosses that
 * hexside at that point and passes through both hexes.  Each sequence is a
 * chain of adjacent hexes.  Exact integer arithmetic.  left or right may be
 * NULL.  Returns n, or 0 if cap < n.
 * Limit: a chain has one hex per step, so a long line nearly parallel to a
 * zigzag of hexsides can clip a corner of a hex that neither chain lists
 * (no line up to distance 6; 12 of the 42 lines of length 7; more beyond).
 * For line of sight use gr_hex_cover.
 */
int gr_hex_line(gr_hex a, gr_hex b, gr_hex *left, gr_hex *right, int cap);
/*
 * 1 when the line from a to b runs along hexsides, i.e. b - a is a multiple
 * of one of the six "diagonal" vectors d(i) + d(i+1) such as (2,-1); else 0
 * (also for a == b).  Lines along the six directions d(i) never do.
 */
int gr_hex_line_along(gr_hex a, gr_hex b);
/*
 * Every hex the straight segment from a's centre to b's centre passes
 * through, in order from a to b (exact integer arithmetic):
 *  - hexes whose inside it crosses, graze[k] = 0;
 *  - where it runs along a hexside, the two hexes sharing it, graze[k] = 1,
 *    as a pair (left one first; both are adjacent to the hexes listed just
 *    before and after the pair);
 * each other hex is adjacent to the one before it;
 * hexes it only touches at one point are left out.  Unlike gr_hex_line it
 * also lists the hexes whose corner a long line clips.  out or graze may be
 * NULL.  Returns the number of hexes; when that exceeds cap only the first
 * cap are written (like snprintf), so a caller can size and call again.
 * 2 * dist(a, b) + 1 entries have sufficed in every test (the most seen is
 * 1.5 * dist + 1, for lines along hexsides).
 */
int gr_hex_cover(gr_hex a, gr_hex b, gr_hex *out, uint8_t *graze, int cap);

#endif
