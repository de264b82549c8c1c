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
        int a = vf_objective_figures(g, o, side), b = vf_objective_figures(g, o, 1 - side);
        if (a > b && st->objective[o] != 1 + side)
            pts += W_SWING;
        else if (b > a && st->objective[o] == 1 + side)
            pts -= W_SWING;
    }
    return pts;
}

/* How near side's units on the table stand to the objectives it does not
 * hold: each unit its nearest such objective. */
static int32_t nearness(const gr_game *g, int side)
{
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
        int32_t beyond = (best - 6 * GR_G2_INCH) / (2 * GR_G2_INCH);
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

static int32_t side_points(const gr_game *g, int side)
{
    return W_SCORE * vf_score(g, side) + swing(g, side) + nearness(g, side) - losses(g, side);
}

int32_t vf_evaluate(const gr_game *g, int player, unsigned flags)
{
    (void)flags;
    if (player < 0 || player >= VF_SIDES)
        return 0;
    int64_t x = (int64_t)side_points(g, player) - side_points(g, 1 - player);
    return (int32_t)(999 * x / ((x < 0 ? -x : x) + SQUASH));
}
