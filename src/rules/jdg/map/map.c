/* map.c — the JdG map: hex labels (CCRR), distances between map indices
 * and terrain letters. */
#include <string.h>

#include "rules/jdg/jdg.h"

int jdg_dist(const jdg_data *d, int a, int b)
{
    return gr_hex_dist(gr_grid_hex(&d->grid, a), gr_grid_hex(&d->grid, b));
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
    return gr_hex_wedge(gr_grid_hex(&d->grid, un->hex), un->facing, gr_grid_hex(&d->grid, hex),
                        &a, &b);
}
