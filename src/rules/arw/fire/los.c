/* los.c — ARW line of sight (GR11.41-GR11.44, T-Fire LOS summary): the
 * straight line from the firer's hex centre to the target's hex centre
 * (every hex it passes through comes from gr_hex_cover, src/core/los.c);
 * blocking hexes (terrain flagged blocks-los that is not a destroyed town,
 * any hex with combat units of either side), entering but never passing
 * through them, both hexes blocking where the line runs along a hexside;
 * slope hexsides (streams count as unoriented slopes, AMB-14) with the
 * up-slope cases A, B and C; and the hexside a fire enters the target's
 * hex through (fieldworks fire DRM).  Pure. */
#include <string.h>

#include "fireint.h"

/* One step of the line: a hex it passes through, or the pair of hexes
 * sharing the hexside it runs along. */
typedef struct cell {
    int n;          /* 1, or 2 for a hexside pair                  */
    int h[2];       /* map index, -1 off the map                   */
    gr_hex x[2];
} cell;

/* Crossing classes (a move from one cell into the next). */
enum { CR_NONE = 0, CR_UP, CR_DOWN, CR_SLOPE };

int arw_los_cover(const arw_data *d, int from, int to, gr_hex *out, uint8_t *gz)
{
    gr_hex a = arw_axial(d, from), b = arw_axial(d, to);
    int dq = b.q - a.q, dr = b.r - a.r;
    if (arw_hex_distance(d, from, to) <= ARW_LOS_TABLE) {
        const arw_los_line *l = &d->los_line[arw_los_slot(dq, dr)];
        for (int k = 0; k < l->n; k++) {
            out[k].q = (int16_t)(a.q + l->dq[k]);
            out[k].r = (int16_t)(a.r + l->dr[k]);
            gz[k] = l->graze[k];
        }
        return l->n;
    }
    int n = gr_hex_cover(a, b, out, gz, ARW_LOS_MAX_COVER);
    return n > ARW_LOS_MAX_COVER ? -1 : n;
}

/* The cells of the line from hex `from` to hex `to`; -1 if too long. */
static int cells_of(const arw_data *d, int from, int to, cell *c)
{
    gr_hex out[ARW_LOS_MAX_COVER];
    uint8_t gz[ARW_LOS_MAX_COVER];
    int n = arw_los_cover(d, from, to, out, gz), m = 0;
    if (n < 0)
        return -1;
    for (int k = 0; k < n; k++) {
        cell *x = &c[m++];
        x->n = gz[k] && k + 1 < n ? 2 : 1;
        for (int i = 0; i < x->n; i++) {
            x->x[i] = out[k + i];
            x->h[i] = gr_grid_index(&d->map.grid, out[k + i]);
        }
        k += x->n - 1;
    }
    return m;
}

/* What blocks in hex h: ARW_LOS_TERRAIN, ARW_LOS_UNITS or 0 (GR11.42). */
static int blocker(const gr_game *g, int h)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    if (h < 0)
        return 0;
    if (d->htype[arw_hex_terrain(g, h)].flags & ARW_T_BLOCKS_LOS) /* a destroyed town is clear */
        return ARW_LOS_TERRAIN;
    for (int u = s->hex[h].head; u != ARW_NO_UNIT; u = s->unit[u].next)
        if (arw_is_combat_unit(d, u))
            return ARW_LOS_UNITS;
    return 0;
}

/* Slope class (GR11.41-c, GR11.43) of crossing side `dir` into map hex h
 * from its printed side types. */
static int printed_class(const arw_data *d, int h, int dir)
{
    unsigned types = d->map.edge[h * 6 + dir], f = 0;
    for (int t = 0; types && t < d->nstypes; t++, types >>= 1) /* (most sides: none) */
        if (types & 1u)
            f |= d->stype[t].flags;
    if (f & ARW_S_LOS_UP)
        return CR_UP;
    if (f & ARW_S_LOS_DOWN)
        return CR_DOWN;
    return (f & ARW_S_LOS_SLOPE) ? CR_SLOPE : CR_NONE;
}


/* Slope class of crossing side `dir` into map hex h (none off the map). */
static int edge_class(const arw_data *d, int h, int dir)
{
    return h < 0 || dir < 0 ? CR_NONE : d->map.los_class[h * 6 + dir];
}

/* Slope class of one hexside crossed from axial `from` into map hex h. */
static int side_class(const arw_data *d, int h, gr_hex xh, gr_hex from)
{
    return edge_class(d, h, gr_hex_dir_to(xh, from));
}

/* Slope class of the move from cell a into cell b: every hexside crossed
 * (two where the line passes a vertex next to a hexside pair) must be a
 * slope; up or down only if all agree, else unoriented. */
static int crossing_class(const arw_data *d, const cell *a, const cell *b)
{
    int cls = -1;
    for (int i = 0; i < a->n; i++)
        for (int j = 0; j < b->n; j++) {
            if (gr_hex_dist(a->x[i], b->x[j]) != 1)
                continue;
            int c = side_class(d, b->h[j], b->x[j], a->x[i]);
            if (c == CR_NONE)
                return CR_NONE;
            cls = cls < 0 || cls == c ? c : CR_SLOPE;
        }
    return cls < 0 ? CR_NONE : cls;
}

static void set_block(arw_los *o, int reason, const cell *c, int why)
{
    o->clear = 0;
    o->reason = reason;
    o->hex = c->h[0];
    o->why = why;
    if (c->n == 2) {
        o->hex2 = c->h[1];
        o->why2 = why;
    }
}

/* Intervening cell i blocks (GR11.42, GR11.44-a); returns 1 if so. */
static int cell_blocks(const gr_game *g, const cell *c, arw_los *o)
{
    int w = blocker(g, c->h[0]);
    if (c->n == 1) {
        if (w)
            set_block(o, w, c, w);
        return w != 0;
    }
    int w2 = blocker(g, c->h[1]);
    if (!w || !w2)
        return 0;
    set_block(o, ARW_LOS_HEXSIDE, c, w);
    o->why2 = w2;
    return 1;
}

/* Intervening slope crossing a -> b blocks in case A, and in case B unless
 * it has the orientation `ref` of the up-slope unit's own hexside. */
static int slope_blocks(const arw_data *d, const cell *a, const cell *b, int ref,
                        arw_los *o)
{
    int cls = crossing_class(d, a, b);
    if (cls == CR_NONE || (o->scase == 'B' && cls == ref))
        return 0;
    o->clear = 0;
    o->reason = ARW_LOS_SLOPE;
    o->hex = a->h[0];
    o->hex2 = b->h[0];
    return 1;
}

void arw_los_trace(const gr_game *g, int from, int to, arw_los *o)
{
    const arw_data *d = arw_dat(g);
    cell c[ARW_LOS_MAX_COVER];
    memset(o, 0, sizeof *o);
    o->hex = o->hex2 = -1;
    o->clear = 1;
    o->scase = 'A';
    o->reason = from == to ? ARW_LOS_SAME : ARW_LOS_ADJACENT;
    if (from == to || arw_hex_distance(d, from, to) == 1) /* GR11.41-a */
        return;
    int m = cells_of(d, from, to, c);
    if (m < 3) {
        o->clear = 0;
        o->reason = ARW_LOS_OFF_MAP;
        return;
    }
    o->firer_up = crossing_class(d, &c[0], &c[1]) == CR_DOWN; /* GR11.43 */
    o->target_up = crossing_class(d, &c[m - 2], &c[m - 1]) == CR_UP;
    o->scase = o->firer_up && o->target_up ? 'C' : o->firer_up || o->target_up ? 'B' : 'A';
    o->reason = o->scase == 'C' ? ARW_LOS_CASE_C : ARW_LOS_CLEAR;
    if (o->scase == 'C')
        return; /* GR11.43 case C: always clear */
    int ref = o->firer_up ? CR_DOWN : CR_UP; /* the up-slope unit's hexside, firer to target */
    for (int i = 1; i <= m - 2; i++) { /* the first obstacle from the firer */
        if (i >= 2 && slope_blocks(d, &c[i - 1], &c[i], ref, o))
            return;
        if (cell_blocks(g, &c[i], o))
            return;
    }
}

/* Fire DRM of crossing from axial `from` into map hex h: the most negative
 * TEC fire value of the side types there (breached fieldworks are clear). */
static int side_fire(const gr_game *g, int h, gr_hex xh, gr_hex from)
{
    const arw_data *d = arw_dat(g);
    int dir = gr_hex_dir_to(xh, from), worst = 0;
    if (h < 0 || dir < 0)
        return 0;
    unsigned types = arw_edge_types(g, h, dir); /* works, full and partial breaches */
    for (int t = 0; t < d->nstypes; t++)
        if ((types & (1u << t)) && d->stype[t].fire < worst && d->stype[t].fire != ARW_DRM_P)
            worst = d->stype[t].fire;
    return worst;
}

int arw_los_entry_drm(const gr_game *g, int from, int to)
{
    const arw_data *d = arw_dat(g);
    cell c[ARW_LOS_MAX_COVER];
    int m = from == to ? 0 : cells_of(d, from, to, c);
    if (m < 2)
        return 0;
    const cell *a = &c[m - 2], *b = &c[m - 1];
    int drm = -100;
    for (int i = 0; i < a->n; i++) {
        int v = side_fire(g, b->h[0], b->x[0], a->x[i]);
        if (v >= 0)
            return 0; /* a vertex entry needs both hexsides */
        drm = v > drm ? v : drm;
    }
    return drm;
}

/* ---------------------------------------------------------------- the quick answer */

/* Slope class of crossing c of line l (the crossing_class of its cells c and
 * c + 1), h[] the map indexes of the line's hexes. */
static int line_class(const arw_data *d, const arw_los_line *l, const int *h, int c)
{
    int cls = -1;
    for (int p = 0; p < l->ncross[c]; p++) {
        int k = edge_class(d, h[l->cross_hex[c][p]], l->cross_dir[c][p]);
        if (k == CR_NONE)
            return CR_NONE;
        cls = cls < 0 || cls == k ? k : CR_SLOPE;
    }
    return cls < 0 ? CR_NONE : cls;
}

/* Cell c of line l blocks (cell_blocks without the details). */
static int line_cell_blocks(const gr_game *g, const arw_los_line *l, const int *h, int c)
{
    int first = l->cell[c];
    if (l->cell[c + 1] - first == 1)
        return blocker(g, h[first]) != 0;
    return blocker(g, h[first]) && blocker(g, h[first + 1]);
}

/* What the printed map says of a short line (arw_map.los_pre). */
enum { PRE_CELLS = 0, PRE_CLEAR, PRE_BLOCKED };

/* The map indexes of line l's hexes lo..hi-1 from hex `from` (axial a)
 * into h. */
static void line_hexes(const arw_data *d, int from, gr_hex a, const arw_los_line *l, int *h,
                       int lo, int hi)
{
    for (int k = lo; k < hi; k++) { /* (the firer's surroundings, else the grid) */
        gr_hex x = {(int16_t)(a.q + l->dq[k]), (int16_t)(a.r + l->dr[k])};
        h[k] = l->near[k] != 255 && from >= 0 && from < d->map.nhex
                   ? d->map.near[from * ARW_NEAR + l->near[k]]
                   : gr_grid_index(&d->map.grid, x);
    }
}

/* The slopes of line l over hexes h (GR11.41-c, GR11.43): clear (case C),
 * blocked (a slope, or off the map), or as its middle cells' occupants
 * and terrain say (line_cells_clear). */
static int line_verdict(const arw_data *d, const arw_los_line *l, const int *h)
{
    int m = l->ncells;
    if (m < 3)
        return PRE_BLOCKED; /* (as arw_los_trace: off the map) */
    int firer_up = line_class(d, l, h, 0) == CR_DOWN;
    int target_up = line_class(d, l, h, m - 2) == CR_UP;
    if (firer_up && target_up)
        return PRE_CLEAR; /* GR11.43 case C */
    int ref = firer_up ? CR_DOWN : CR_UP, case_b = firer_up || target_up;
    for (int c = 2; c <= m - 2; c++) {
        int cls = line_class(d, l, h, c - 1);
        if (cls != CR_NONE && !(case_b && cls == ref))
            return PRE_BLOCKED;
    }
    return PRE_CELLS;
}

/* No middle cell of line l (hexes h) blocks (GR11.41-a/b). */
static int line_cells_clear(const gr_game *g, const arw_los_line *l, const int *h)
{
    for (int c = 1; c <= l->ncells - 2; c++)
        if (line_cell_blocks(g, l, h, c))
            return 0;
    return 1;
}

void arw_los_derive(arw_data *d)
{
    int h[ARW_LOS_SPAN];
    for (int x = 0; x < d->map.nhex; x++)
        for (int dir = 0; dir < 6; dir++)
            d->map.los_class[x * 6 + dir] = (uint8_t)printed_class(d, x, dir);
    for (int x = 0; x < d->map.nhex; x++)
        for (int j = 0; j < ARW_NEAR; j++) {
            int to = d->map.near[x * ARW_NEAR + j];
            gr_hex a = arw_axial(d, x), b = arw_axial(d, to);
            uint8_t *pre = &d->map.los_pre[x * ARW_NEAR + j];
            *pre = PRE_CELLS;
            if (to < 0 || arw_hex_distance(d, x, to) < 2)
                continue; /* (not asked: arw_los_clear answers these itself) */
            const arw_los_line *l = &d->los_line[arw_los_slot(b.q - a.q, b.r - a.r)];
            line_hexes(d, x, a, l, h, 0, l->n);
            *pre = (uint8_t)line_verdict(d, l, h);
        }
}

int arw_los_clear(const gr_game *g, int from, int to)
{
    const arw_data *d = arw_dat(g);
    int dist = arw_hex_distance(d, from, to), h[ARW_LOS_SPAN], v;
    if (from == to || dist == 1) /* GR11.41-a */
        return 1;
    if (dist > ARW_LOS_TABLE) { /* (a long line: traced) */
        arw_los o;
        arw_los_trace(g, from, to, &o);
        return o.clear;
    }
    gr_hex a = arw_axial(d, from), b = arw_axial(d, to);
    const arw_los_line *l = &d->los_line[arw_los_slot(b.q - a.q, b.r - a.r)];
    int slot = l->n ? l->near[l->n - 1] : 255; /* (the target's near entry) */
    if (slot != 255 && from >= 0 && from < d->map.nhex) {
        v = d->map.los_pre[from * ARW_NEAR + slot];
        if (v != PRE_CELLS)
            return v == PRE_CLEAR;
        line_hexes(d, from, a, l, h, l->cell[1], l->cell[l->ncells - 1]); /* (the middle) */
    } else {
        line_hexes(d, from, a, l, h, 0, l->n);
        if ((v = line_verdict(d, l, h)) != PRE_CELLS)
            return v == PRE_CLEAR;
    }
    return line_cells_clear(g, l, h);
}
