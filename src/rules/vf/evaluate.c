/* evaluate.c — the static evaluation search agents use to cut playouts
 * short (gr_rules.evaluate): how near each side stands to winning by the
 * score of 10.0-b (objectives it controls, defeats of the enemy army),
 * with what decides the score before the game ends:
 *  - the score itself (objectives held, enemy defeats);
 *  - objectives that would change hands at the end of this turn (2.1.1-b:
 *    more figures within 6"), and how near each side's units stand to the
 *    objectives they do not hold (a unit counts once, its nearest);
 *  - strength: units routed (9.3-a), casualty markers against Tenacity,
 *    shaken units (9.1-a), broken brigades (9.4).
 * Weights are provisional (tuned by arena games, docs/vf.md "Computer
 * opponent"), not from the rules.  Pure, allocation-free; integer only. */
#include "vf.h"

/* Points of one side (higher is better for it); the value is the two
 * sides' difference, squashed into (-1000, 1000). */
enum {
    W_SCORE = 400,     /* per point of 10.0-b                               */
    W_SWING = 150,     /* per objective the end of turn would give          */
    W_ROUTED = 90,     /* per unit routed                                   */
    W_MARKERS = 60,    /* per unit's markers at its Tenacity                */
    W_SHAKEN = 25,     /* per shaken unit                                   */
    W_BROKEN = 120,    /* per broken brigade                                */
    W_NEAR = 40,       /* per unit at an objective it does not hold, less 1
                          per 2" beyond 6"                                  */
    W_NEAR_SLOPE = 2,  /* with GR_EVAL_THREATS: less W_NEAR_SLOPE per inch    */
    W_THREAT = 100,    /* with GR_EVAL_THREATS: per objective held that one
                          enemy move could outnumber                        */
    SQUASH = 700       /* v = 999 x / (|x| + SQUASH)                        */
};

/* The objective control the end of the turn would give (vf_objectives_
 * update's rule), for side's points: + for each it would gain. */
static int32_t swing(const gr_game *g, int side)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    int32_t pts = 0;
    for (int o = 0; o < sd->nobjectives; o++) {
        int a = vf_objective_figures(g, o, VF_SIDE_A), b = vf_objective_figures(g, o, VF_SIDE_B);
        int gain = vf_objective_gainer(g, o, a, b);
        if (gain == side)
            pts += W_SWING;
        else if (gain == 1 - side && st->objective[o] == 1 + side)
            pts -= W_SWING;
    }
    return pts;
}

/* Enemy figures (of 1 - side) that one move could bring within 6" of
 * objective o: units whose centre is within 6" + their allowance + 1". */
static int reach_figures(const gr_game *g, int o, int enemy)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    gr_pt p = {sd->objective[o].x, sd->objective[o].y};
    int n = 0;
    for (int u = 0; u < sd->nunits; u++) {
        if (sd->unit[u].side != enemy || st->unit[u].status != VF_UNIT_ON)
            continue;
        const vf_layout *at = &st->unit[u].at;
        int32_t d = gr_g2_dist_len(gr_g2_dist_pts((gr_pt){at->x, at->y}, p));
        if (d <= 7 * GR_G2_INCH + vf_unit_allowance(g, u, at))
            n += vf_unit_profile(sd, u)->type == VF_ARTILLERY ? sd->t.art_figures_per_base
                                                               : st->unit[u].figures;
    }
    return n;
}

/* GR_EVAL_THREATS (mcts): the objectives side holds (or the end of the
 * turn would give it) that the enemy could bring more figures to in one
 * move than side has within 6" now; not one in a piece side occupies. */
static int32_t threatened(const gr_game *g, int side)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    int32_t pts = 0;
    for (int o = 0; o < sd->nobjectives; o++) {
        int a = vf_objective_figures(g, o, VF_SIDE_A), b = vf_objective_figures(g, o, VF_SIDE_B);
        int own = side == VF_SIDE_A ? a : b;
        if (st->objective[o] != 1 + side && vf_objective_gainer(g, o, a, b) != side)
            continue;
        int k = vf_objective_piece(sd, o), in = k >= 0 ? vf_occupant(g, k) : -1;
        if (in >= 0 && sd->unit[in].side == side)
            continue;
        if (reach_figures(g, o, 1 - side) > own)
            pts += W_THREAT;
    }
    return pts;
}

/* How near side's units on the table stand to the objectives it does not
 * hold: each unit its nearest such objective. */
static int32_t nearness(const gr_game *g, int side, unsigned flags)
{
    /* GR_EVAL_THREATS (mcts): 2 a inch beyond 6", not 1 per 2" */
    int32_t step = flags & GR_EVAL_THREATS ? GR_G2_INCH / W_NEAR_SLOPE : 2 * GR_G2_INCH;
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    int32_t pts = 0;
    for (int u = 0; u < sd->nunits; u++) {
        if (sd->unit[u].side != side || st->unit[u].status != VF_UNIT_ON)
            continue;
        int32_t best = INT32_MAX;
        for (int o = 0; o < sd->nobjectives; o++) {
            if (st->objective[o] == 1 + side)
                continue;
            gr_pt a = {st->unit[u].at.x, st->unit[u].at.y};
            gr_pt b = {sd->objective[o].x, sd->objective[o].y};
            int32_t d = gr_g2_dist_len(gr_g2_dist_pts(a, b));
            best = d < best ? d : best;
        }
        if (best == INT32_MAX)
            continue;
        int32_t beyond = (best - 6 * GR_G2_INCH) / step;
        pts += W_NEAR - (beyond > 0 ? (beyond < W_NEAR ? beyond : W_NEAR) : 0);
    }
    return pts;
}

/* Losses of side's army, as points against it. */
static int32_t losses(const gr_game *g, int side)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    int32_t pts = 0;
    for (int u = 0; u < sd->nunits; u++) {
        if (sd->unit[u].side != side)
            continue;
        if (st->unit[u].status == VF_UNIT_ROUTED) {
            pts += W_ROUTED;
            continue;
        }
        int ten = vf_tenacity(sd, st, u);
        if (ten > 0)
            pts += W_MARKERS * st->unit[u].markers / ten;
        if (vf_shaken(sd, st, u))
            pts += W_SHAKEN;
    }
    for (int b = 0; b < sd->nbrigades; b++)
        if (sd->brigade[b].side == side && (st->brigade[b].flags & VF_BF_BROKEN))
            pts += W_BROKEN;
    return pts;
}

static int32_t side_points(const gr_game *g, int side, unsigned flags)
{
    return W_SCORE * vf_score(g, side) + swing(g, side) + nearness(g, side, flags) -
           losses(g, side) - (flags & GR_EVAL_THREATS ? threatened(g, side) : 0);
}

int32_t vf_evaluate(const gr_game *g, int player, unsigned flags)
{
    if (player < 0 || player >= VF_SIDES)
        return 0;
    int64_t x = (int64_t)side_points(g, player, flags) - side_points(g, 1 - player, flags);
    return (int32_t)(999 * x / ((x < 0 ? -x : x) + SQUASH));
}
