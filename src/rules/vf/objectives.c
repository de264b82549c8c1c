/* objectives.c — objective control (vf:2.1.1) and the score (vf:10.0).
 *
 * At the end of every turn (both sides', Interp. A53, before the game-end
 * check) each side counts its figures within 6" of each objective: a figure
 * counts when any part of its base is within 6" ("dentro de": d <= 6 +
 * EPS), an artillery base counts 3 (1.2.3-e), leaders never count (1.3-b).
 * A side with more figures than the other gains an objective that is
 * uncontrolled or the enemy's (2.1.1-b); a tie or absence changes nothing
 * (2.1.1-c).  An objective in a defensible piece is gained only by a side
 * one of whose units occupies it, all of whose figures count (2.1.1-d,
 * Interp. A22).  A side's score is the objectives it controls plus the defeats
 * its enemy's army has suffered (10.0-b). */
#include "vf.h"

int vf_objective_figures(const gr_game *g, int o, int side)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    gr_pt p = {sd->objective[o].x, sd->objective[o].y};
    gr_base buf[VF_MAX_CELLS];
    const gr_base *cells;
    vf_box at = {p.x, p.y, p.x, p.y};
    int total = 0;
    for (int u = 0; u < sd->nunits; u++) {
        if (sd->unit[u].side != side || st->unit[u].status != VF_UNIT_ON)
            continue;
        int n = vf_unit_cells(g, u, buf, &cells);
        int w = vf_unit_profile(sd, u)->type == VF_ARTILLERY ? sd->t.art_figures_per_base : 1;
        /* a cell whose box is more than 6" + 1 from p is not within 6" */
        if (vf_boxes_apart(at, vf_cells_box(cells, n, 0), 6 * GR_G2_INCH + 1))
            continue;
        if (st->unit[u].at.order == VF_ORDER_INSIDE) /* all its figures are on the piece */
            w = vf_unit_profile(sd, u)->type == VF_ARTILLERY ? 2 * w : st->unit[u].figures;
        for (int i = 0; i < n; i++)
            if (!vf_boxes_apart(at, vf_cells_box(&cells[i], 1, 0), 6 * GR_G2_INCH + 1) &&
                gr_g2_dist_ok(gr_g2_dist_base_pt(&cells[i], p), 6 * GR_G2_INCH, GR_G2_WITHIN))
                total += w;
    }
    return total;
}

/* The defensible piece objective o lies in, or -1 (2.1.1-d). */
static int objective_piece(const vf_sdata *sd, int o)
{
    gr_pt p = {sd->objective[o].x, sd->objective[o].y};
    for (int k = 0; k < sd->nterrain; k++)
        if (vf_terrain_defensible(sd->terrain[k].kind) &&
            gr_g2_base_has_pt(&sd->terrain[k].area, p))
            return k;
    return -1;
}

void vf_objectives_update(gr_game *g)
{
    const vf_sdata *sd = vf_sd(g);
    vf_state *st = vf_st(g);
    for (int o = 0; o < sd->nobjectives; o++) {
        int a = vf_objective_figures(g, o, VF_SIDE_A), b = vf_objective_figures(g, o, VF_SIDE_B);
        int side = a > b ? VF_SIDE_A : b > a ? VF_SIDE_B : -1;
        if (side < 0 || st->objective[o] == 1 + side)
            continue; /* 2.1.1-c */
        int k = objective_piece(sd, o), in = k >= 0 ? vf_occupant(g, k) : -1;
        if (k >= 0 && (in < 0 || sd->unit[in].side != side))
            continue; /* 2.1.1-d: only a side occupying the piece gains it */
        st->objective[o] = (uint8_t)(1 + side);
        gr_emitv(g, GR_EV_SYSTEM + VF_EV_CONTROL, 4, vf_objective_id(sd, o), side, a, b);
    }
}

int vf_score(const gr_game *g, int side)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    int n = st->defeats[1 - side];
    for (int o = 0; o < sd->nobjectives; o++)
        if (st->objective[o] == 1 + side) /* Capture: it counts as two */
            n += (st->fx.captured[side] >> o) & 1u ? 2 : 1;
    return n;
}
