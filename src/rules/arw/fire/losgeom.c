/* losgeom.c — the geometry of short lines of sight, worked out once per
 * scenario: gr_hex_cover's hexes from a hex to any hex up to ARW_LOS_TABLE
 * away depend only on the offset between them, and so do the line's cells
 * (a hex, or the two hexes of a hexside it runs along, GR11.44) and the
 * hexsides it crosses from one cell into the next (slopes, GR11.41-c,
 * GR11.43).  los.c reads them (arw_los_cover, arw_los_clear).  Pure. */
#include <string.h>

#include "../arw.h"

/* The hexsides crossed from cell c into cell c + 1: each pair of adjacent
 * hexes (one in each cell), as the hex entered and its side toward the hex
 * left. */
static void crossings(arw_los_line *l, int c)
{
    l->ncross[c] = 0;
    for (int i = l->cell[c]; i < l->cell[c + 1]; i++)
        for (int j = l->cell[c + 1]; j < l->cell[c + 2]; j++) {
            gr_hex a = {l->dq[i], l->dr[i]}, b = {l->dq[j], l->dr[j]};
            if (gr_hex_dist(a, b) != 1)
                continue;
            l->cross_hex[c][l->ncross[c]] = (uint8_t)j;
            l->cross_dir[c][l->ncross[c]++] = (uint8_t)gr_hex_dir_to(b, a);
        }
}

/* Cells of the line (a grazed pair is one cell, as los.c reads the cover). */
static void cells(arw_los_line *l)
{
    l->ncells = 0;
    for (int k = 0; k < l->n; k++) {
        l->cell[l->ncells++] = (uint8_t)k;
        if (l->graze[k] && k + 1 < l->n)
            k++;
    }
    l->cell[l->ncells] = l->n;
    for (int c = 0; c + 1 < l->ncells; c++)
        crossings(l, c);
}

void arw_los_lines_build(arw_data *d)
{
    gr_hex o = {0, 0}, out[ARW_LOS_SPAN];
    uint8_t gz[ARW_LOS_SPAN];
    memset(d->los_line, 0, sizeof d->los_line);
    for (int dq = -ARW_LOS_TABLE; dq <= ARW_LOS_TABLE; dq++)
        for (int dr = -ARW_LOS_TABLE; dr <= ARW_LOS_TABLE; dr++) {
            gr_hex t = {(int16_t)dq, (int16_t)dr};
            if (gr_hex_dist(o, t) > ARW_LOS_TABLE)
                continue;
            arw_los_line *l = &d->los_line[arw_los_slot(dq, dr)];
            int n = gr_hex_cover(o, t, out, gz, ARW_LOS_SPAN);
            l->n = (uint8_t)(n <= ARW_LOS_SPAN ? n : 0); /* (2 * distance + 1 at most) */
            for (int k = 0; k < l->n; k++) {
                int j = arw_near_slot(out[k].q, out[k].r);
                l->dq[k] = (int8_t)out[k].q;
                l->dr[k] = (int8_t)out[k].r;
                l->graze[k] = gz[k];
                l->near[k] = (uint8_t)(j >= 0 ? j : 255);
            }
            cells(l);
        }
}
