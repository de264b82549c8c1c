/* zones.c — static areas of the map: zones (perimeter, naval bombardment
 * zone, Yamacraw swamp, Spring Hill), perimeter hexsides, the named entry
 * points of reinforcements, hex distances and the distance to the
 * perimeter, and the weather a scenario fixes per turn.  Read-only
 * helpers for the rule code; the loader and the editor fill the data. */
#include <string.h>

#include "../arw.h"

int arw_map_set_perimeter_side(arw_data *d, int a, int b)
{
    int da = arw_dir(d, a, b), db = arw_dir(d, b, a);
    if (da < 0 || db < 0)
        return -1;
    d->map.pside[a] |= (uint8_t)(1u << da);
    d->map.pside[b] |= (uint8_t)(1u << db);
    return 0;
}

int arw_perimeter_side(const arw_data *d, int h, int dir)
{
    return h >= 0 && h < d->map.nhex && dir >= 0 && dir < 6 && ((d->map.pside[h] >> dir) & 1);
}

int arw_in_zone(const arw_data *d, int h, unsigned zones)
{
    return h >= 0 && h < d->map.nhex && (d->map.zone[h] & zones) == zones;
}

int arw_entry_find(const arw_data *d, const char *name)
{
    if (strcmp(name, "HQ") == 0)
        return ARW_ENTRY_HQ;
    if (strcmp(name, "variable") == 0)
        return ARW_ENTRY_VARIABLE;
    for (int i = 0; i < d->map.nentries; i++)
        if (strcmp(d->map.entry[i].name, name) == 0)
            return i;
    return ARW_ENTRY_NONE;
}

int arw_entry_hex(const arw_data *d, int u)
{
    const arw_unit_def *x = &d->unit[u];
    if (x->entry_at == ARW_ENTRY_HQ)
        return d->map.hq[x->army];
    if (x->entry_at < 0 || x->entry_at >= d->map.nentries)
        return ARW_NO_HEX;
    return d->map.entry[x->entry_at].hex[0];
}

int arw_hexes_within(const arw_data *d, int h, int lo, int hi, int16_t *out, int cap)
{
    const gr_grid *g = &d->map.grid;
    int col, row, n = 0;
    gr_grid_cr(g, h, &col, &row);
    if (col < 0)
        return 0;
    /* a step to a neighbour changes the column and the row by 1 at most, so
     * the hexes up to hi away lie in this box; rows then columns: map order */
    int r0 = row - hi > g->row0 ? row - hi : g->row0;
    int r1 = row + hi < g->row0 + g->rows - 1 ? row + hi : g->row0 + g->rows - 1;
    int c0 = col - hi > g->col0 ? col - hi : g->col0;
    int c1 = col + hi < g->col0 + g->cols - 1 ? col + hi : g->col0 + g->cols - 1;
    for (int r = r0; r <= r1; r++)
        for (int c = c0; c <= c1; c++) {
            int x = gr_grid_index_cr(g, c, r), k = arw_hex_distance(d, h, x);
            if (k >= lo && k <= hi && n < cap)
                out[n++] = (int16_t)x;
        }
    return n;
}

int arw_perimeter_distance(const arw_data *d, int h)
{
    int best = -1;
    for (int i = 0; i < d->map.nhex; i++) {
        if (!(d->map.zone[i] & ARW_Z_PERIMETER))
            continue;
        int k = arw_hex_distance(d, h, i);
        if (best < 0 || k < best)
            best = k;
    }
    return best;
}

int arw_fixed_weather(const arw_data *d, int turn)
{
    if (turn < 1 || turn > ARW_MAX_TURNS || !(d->turn[turn].flags & ARW_TT_DEFINED))
        return -1;
    return d->turn[turn].weather;
}
