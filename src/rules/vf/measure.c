/* measure.c — distances and contact between units on the table, as the
 * rules measure them: closest figure to closest figure (vf:8.6, 5.1.1-b)
 * and base contact including corners (vf:1.1.2). */
#include <stdint.h>

#include "vf.h"

static int cells_of(const gr_game *g, int u, gr_base *out)
{
    return vf_cells(vf_sd(g), u, &vf_cst(g)->unit[u].at, out);
}

int32_t vf_enemy_distance(const gr_game *g, int u, const vf_layout *l)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    gr_base mine[VF_MAX_CELLS], other[VF_MAX_CELLS];
    int n = vf_cells(sd, u, l, mine);
    gr_g2_dist best = {INT64_MAX};
    for (int v = 0; v < sd->nunits; v++) {
        if (v == u || st->unit[v].status != VF_UNIT_ON || sd->unit[v].side == sd->unit[u].side)
            continue;
        gr_g2_dist d = vf_cells_dist(mine, n, other, cells_of(g, v, other));
        if (gr_g2_dist_order(d, best) < 0)
            best = d;
    }
    return best.code == INT64_MAX ? INT32_MAX : gr_g2_dist_len(best);
}

int32_t vf_unit_distance(const gr_game *g, int u, int v)
{
    gr_base a[VF_MAX_CELLS], b[VF_MAX_CELLS];
    int na = cells_of(g, u, a), nb = cells_of(g, v, b);
    return gr_g2_dist_len(vf_cells_dist(a, na, b, nb));
}

int vf_unit_contact(const gr_game *g, int u, int v)
{
    gr_base a[VF_MAX_CELLS], b[VF_MAX_CELLS];
    int na = cells_of(g, u, a), nb = cells_of(g, v, b);
    return vf_cells_touch(vf_sd(g), a, na, b, nb);
}

int vf_front_contact(const gr_game *g, int u, int v, int *total)
{
    const vf_sdata *sd = vf_sd(g);
    gr_base front[VF_MAX_CELLS], b[VF_MAX_CELLS];
    int k = vf_front_rank(sd, u, &vf_cst(g)->unit[u].at, front), nb = cells_of(g, v, b);
    int w = vf_unit_profile(sd, u)->type == VF_ARTILLERY ? sd->t.art_figures_per_base : 1, n = 0;
    for (int i = 0; i < k; i++)
        n += vf_cells_touch(sd, &front[i], 1, b, nb) ? w : 0;
    if (total)
        *total = k * w;
    return n;
}

int vf_in_enemy_contact(const gr_game *g, int u)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    for (int v = 0; v < sd->nunits; v++)
        if (v != u && st->unit[v].status == VF_UNIT_ON && sd->unit[v].side != sd->unit[u].side &&
            vf_unit_contact(g, u, v))
            return 1;
    return 0;
}
