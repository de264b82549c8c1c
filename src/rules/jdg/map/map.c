/* map.c — the JdG map: hex labels (CCRR), distances between map indices
 * and terrain letters. */
#include <string.h>

#include "rules/jdg/jdg.h"

void jdg_map_cache(jdg_data *d)
{
    for (int h = 0; h < d->nhexes; h++) {
        d->axial[h] = gr_grid_hex(&d->grid, h);
        for (int dir = 0; dir < 6; dir++) {
            d->step[h][dir] = (int16_t)gr_grid_step(&d->grid, h, dir);
            d->side_of[h][dir] = (int16_t)gr_grid_side(&d->grid, h, dir);
        }
    }
}

void jdg_index_units(jdg_data *d)
{
    memset(d->nside_units, 0, sizeof d->nside_units);
    for (int u = 0; u < d->nunits; u++) {
        int p = d->unit[u].side;
        d->side_unit[p][d->nside_units[p]++] = (int8_t)u;
    }
    memset(d->vp_at, -1, sizeof d->vp_at);
    for (int k = 0; k < d->victory.nhexes; k++)
        if ((unsigned)d->victory.hex[k].hex < (unsigned)d->nhexes &&
            d->vp_at[d->victory.hex[k].hex] < 0)
            d->vp_at[d->victory.hex[k].hex] = (int8_t)k;
}

int jdg_hex_label(const void *sdata, int hex, char *buf, size_t size)
{
    const jdg_data *d = sdata;
    if (hex < 0 || hex >= d->nhexes)
        return 0;
    return gr_grid_label_of(&d->grid, hex, buf, size);
}

int jdg_hex_find(const void *sdata, const char *label)
{
    const jdg_data *d = sdata;
    return gr_grid_find(&d->grid, label);
}

int jdg_terrain_by_letter(const jdg_data *d, char letter)
{
    for (int t = 0; t < d->nterrain; t++)
        if (d->terrain_kind[t].letter == letter)
            return t;
    return -1;
}

int jdg_six_fronts(const jdg_data *d, const jdg_state *s, int u)
{
    const jdg_unit *un = &s->unit[u];
    if (un->hex == JDG_OFFMAP)
        return 0;
    return (un->flags & JDG_UF_SQUARE) || d->terrain_kind[d->terrain[un->hex]].six_fronts;
}

int jdg_is_front(const jdg_data *d, const jdg_state *s, int u, int hex)
{
    const jdg_unit *un = &s->unit[u];
    if (un->hex == JDG_OFFMAP || hex < 0 || hex >= d->nhexes || un->status >= JDG_ROUTED ||
        jdg_dist(d, un->hex, hex) != 1)
        return 0;
    if (jdg_six_fronts(d, s, u))
        return 1;
    int a, b;
    return gr_hex_wedge(d->axial[un->hex], un->facing, d->axial[hex], &a, &b);
}
