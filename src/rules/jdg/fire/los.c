/* los.c — artillery line of sight [R7.4]: the centre-to-centre line
 * (gr_hex_cover) is blocked by a hex it crosses that holds a unit or a
 * blocking terrain (T1) or stands higher than both ends, by a blocking
 * hexside it crosses or runs along (crest, steep slope, wall,
 * fortification; walls and fortifications not when the firer or target is
 * next to them), and by two blocking hexes on both sides of a hexside it
 * runs along (one alone does not block) [R7.4.1, R7.4.2].  An obstacle is
 * ignored under the elevation cases of R7.4.3; an obstacle hex's height is
 * its ground level, a hexside's the higher of its two hexes (AMB-38).
 * Point-blank fire needs no LOS but never crosses a crest or steep slope
 * [R7.4.4]. */
#include "rules/jdg/fire/fire.h"

#define MAX_COVER (4 * JDG_MAX_COLS + 8)

/* The R7.4.3 cases under which an obstacle of height `h` at `ko` hexes
 * from the firer and `kt` from the target is ignored. */
static int ignored(int lf, int lt, int h, int ko, int kt, int range)
{
    if (lf > h && lt > h)
        return 1;
    if (lf > lt && lf > h && 2 * ko <= range)
        return 1;
    return lt > lf && lt > h && 2 * kt <= range;
}

/* Hex x (not an end) blocks by terrain, a unit or its level. */
static int hex_blocks(const jdg_data *d, const jdg_state *s, int x, int f, int t)
{
    int lf = d->level[f], lt = d->level[t], lx = d->level[x], range = jdg_dist(d, f, t);
    int u[1];
    if (lx > lf && lx > lt)
        return 1;
    if (!d->terrain_kind[d->terrain[x]].blocks_los && jdg_units_at(d, s, x, u, 1) == 0)
        return 0;
    return !ignored(lf, lt, lx, jdg_dist(d, f, x), jdg_dist(d, t, x), range);
}

/* The side between adjacent hexes a and b blocks [R7.4.1, R7.4.2]. */
static int side_blocks(const jdg_data *d, int a, int b, int f, int t)
{
    unsigned bits = jdg_side_bits(d, a, jdg_dir_to(d, a, b));
    int block = 0;
    for (int k = 0; k < JDG_NSIDEKINDS; k++)
        if ((bits & (1u << k)) && d->side_kind[k].blocks_los) {
            int wall = k == JDG_HS_WALL || k == JDG_HS_FORT;
            if (wall && (a == f || b == f || a == t || b == t))
                continue; /* firer or target next to the wall */
            block = 1;
        }
    if (!block)
        return 0;
    int h = d->level[a] > d->level[b] ? d->level[a] : d->level[b];
    int ko = jdg_dist(d, f, a) < jdg_dist(d, f, b) ? jdg_dist(d, f, a) : jdg_dist(d, f, b);
    int kt = jdg_dist(d, t, a) < jdg_dist(d, t, b) ? jdg_dist(d, t, a) : jdg_dist(d, t, b);
    return !ignored(d->level[f], d->level[t], h, ko, kt, jdg_dist(d, f, t));
}

int jdg_los(const jdg_data *d, const jdg_state *s, int f, int t)
{
    gr_hex line[MAX_COVER];
    uint8_t graze[MAX_COVER];
    int n = gr_hex_cover(gr_grid_hex(&d->grid, f), gr_grid_hex(&d->grid, t), line, graze,
                         MAX_COVER);
    if (n > MAX_COVER)
        return 0;
    int idx[MAX_COVER];
    for (int k = 0; k < n; k++)
        idx[k] = gr_grid_index(&d->grid, line[k]);
    for (int k = 1; k < n - 1; k++) {
        if (idx[k] < 0)
            return 0;
        if (!graze[k]) {
            if (hex_blocks(d, s, idx[k], f, t))
                return 0;
            continue;
        }
        /* a pair of hexes sharing the hexside the line runs along */
        if (k + 1 >= n - 1 || idx[k + 1] < 0)
            return 0;
        int a = idx[k], b = idx[k + 1];
        if (side_blocks(d, a, b, f, t) ||
            (hex_blocks(d, s, a, f, t) && hex_blocks(d, s, b, f, t)))
            return 0;
        k++;
    }
    for (int k = 0; k + 1 < n; k++) /* hexsides crossed between crossed hexes */
        if (!graze[k] && !graze[k + 1] && side_blocks(d, idx[k], idx[k + 1], f, t))
            return 0;
    return 1;
}

int jdg_point_blank_ok(const jdg_data *d, int f, int t)
{
    int dir = jdg_dir_to(d, f, t);
    unsigned bits = dir >= 0 ? jdg_side_bits(d, f, dir) : 0;
    return dir >= 0 && !(bits & ((1u << JDG_HS_CREST) | (1u << JDG_HS_STEEP)));
}

int jdg_fire_reach(const jdg_data *d, const jdg_state *s, int u, int t)
{
    const jdg_unit *un = &s->unit[u];
    if (!jdg_on_map(s, u) || d->unit[u].type != JDG_ART || un->status >= JDG_ROUTED || t < 0 ||
        t >= d->nhexes || t == un->hex)
        return 0;
    int a, b, range = jdg_dist(d, un->hex, t);
    if (!jdg_six_fronts(d, s, u) &&
        !gr_hex_wedge(gr_grid_hex(&d->grid, un->hex), un->facing, gr_grid_hex(&d->grid, t), &a,
                      &b))
        return 0;
    if (range > d->unit[u].face[un->status == JDG_GOOD ? 0 : 1].max_range)
        return 0;
    if (range == 1)
        return jdg_point_blank_ok(d, un->hex, t) ? 1 : 0;
    if (d->weather[s->turn] != JDG_DAY)
        return 0;
    return jdg_los(d, s, un->hex, t) ? range : 0;
}
