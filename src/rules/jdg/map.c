/* map.c — the JdG map: hex labels (CCRR), distances between map indices
 * and terrain letters. */
#include <string.h>

#include "jdg.h"

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
