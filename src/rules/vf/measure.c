/* measure.c — distances and contact between units on the table, as the
 * rules measure them: closest figure to closest figure (vf:8.6, 5.1.1-b)
 * and base contact including corners (vf:1.1.2). */
#include <stdint.h>

#include "vf.h"


/* The larger of the x and y gaps between two boxes (0 when they meet): at
 * most the distance between any point of one and any point of the other. */
static int64_t box_gap(vf_box a, vf_box b)
{
    int64_t dx = a.x0 > b.x1 ? (int64_t)a.x0 - b.x1 : b.x0 > a.x1 ? (int64_t)b.x0 - a.x1 : 0;
    int64_t dy = a.y0 > b.y1 ? (int64_t)a.y0 - b.y1 : b.y0 > a.y1 ? (int64_t)b.y0 - a.y1 : 0;
    return dx > dy ? dx : dy;
}

int32_t vf_enemy_distance(const gr_game *g, int u, const vf_layout *l)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    gr_base mine[VF_MAX_CELLS], buf[VF_MAX_CELLS];
    int n = vf_cells(sd, u, l, mine);
    vf_box box = vf_cells_box(mine, n, 0);
    gr_g2_dist best = {INT64_MAX};
    int64_t best_len = INT64_MAX;
    for (int v = 0; v < sd->nunits; v++) {
        if (v == u || st->unit[v].status != VF_UNIT_ON || sd->unit[v].side == sd->unit[u].side)
            continue;
        const gr_base *other;
        int no = vf_unit_cells(g, v, buf, &other);
        /* the boxes hold the bases: their gap bounds the distance below;
           a unit surely farther than the best so far is not measured */
        if (best_len != INT64_MAX && box_gap(box, vf_cells_box(other, no, 0)) > best_len + 2)
            continue;
        gr_g2_dist d = vf_cells_dist(mine, n, other, no);
        if (gr_g2_dist_order(d, best) < 0) {
            best = d;
            best_len = gr_g2_dist_len(d);
        }
    }
    return best.code == INT64_MAX ? INT32_MAX : gr_g2_dist_len(best);
}

int32_t vf_unit_distance(const gr_game *g, int u, int v)
{
    return gr_g2_dist_len(vf_pair_dist(g, u, v));
}

int vf_unit_contact(const gr_game *g, int u, int v)
{
    return vf_pair_touch(g, u, v);
}

int vf_front_contact(const gr_game *g, int u, int v, int *total)
{
    const vf_sdata *sd = vf_sd(g);
    gr_base front[VF_MAX_CELLS], buf[VF_MAX_CELLS];
    const gr_base *b;
    int k = vf_front_rank(sd, u, &vf_cst(g)->unit[u].at, front), nb = vf_unit_cells(g, v, buf, &b);
    int w = vf_unit_profile(sd, u)->type == VF_ARTILLERY ? sd->t.art_figures_per_base : 1, n = 0;
    for (int i = 0; i < k; i++)
        n += vf_cells_contact(sd, &front[i], 1, b, nb) ? w : 0;
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
