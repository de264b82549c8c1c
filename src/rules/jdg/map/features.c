/* features.c — hexside features of the JdG map (T1 hexsides: slope, steep
 * slope, crest, river, ford, bridge, wall, fortification, impassable) and
 * the road and track links between hexes [R4.3.1, R4.3.2].  Stored per
 * canonical hexside id (gr_grid_side), one bit per feature. */
#include <string.h>

#include "rules/jdg/jdg.h"

const char *const jdg_side_ids[] = {"slope", "steep-slope", "crest", "river", "ford",
                                    "bridge", "wall", "fortification", "impassable", NULL};

int jdg_side_kind_find(const char *id)
{
    for (int k = 0; jdg_side_ids[k]; k++)
        if (!strcmp(jdg_side_ids[k], id))
            return k;
    return -1;
}

unsigned jdg_side_bits(const jdg_data *d, int hex, int dir)
{
    if (hex < 0 || hex >= d->nhexes)
        return 0;
    int nb = jdg_nbr(d, hex, dir);
    unsigned bits = d->side[d->side_of[hex][(unsigned)dir < 6 ? dir : ((dir % 6) + 6) % 6]];
    if (nb >= 0 && d->level_slope && d->level[nb] != d->level[hex] &&
        !(bits & ((1u << JDG_HS_SLOPE) | (1u << JDG_HS_STEEP))))
        bits |= 1u << JDG_HS_SLOPE;
    return bits;
}

int jdg_dir_to(const jdg_data *d, int a, int b)
{
    for (int dir = 0; dir < 6; dir++)
        if (b >= 0 && jdg_nbr(d, a, dir) == b)
            return dir;
    return -1;
}

int jdg_side_set(jdg_data *d, int a, int b, unsigned bits, int clear)
{
    int dir = jdg_dir_to(d, a, b);
    if (dir < 0)
        return -1;
    uint16_t *side = &d->side[gr_grid_side(&d->grid, a, dir)];
    if (clear)
        *side = 0;
    *side = (uint16_t)(*side | bits);
    return 0;
}
