/* evaluate.c — the static evaluation search agents use to cut playouts
 * short (gr_rules.evaluate): victory points now, refined by strength lost,
 * scaled by the scenario's victory thresholds.  Pure, integer-only. */
#include "boc.h"

/* Strength steps side has lost so far (eliminated blocks count whole). */
static int steps_lost(const boc_state *s, const boc_sdata *sd, int side)
{
    int lost = s->hidden_loss[side];
    for (int u = 0; u < sd->nblock; u++) {
        const boc_unit *un = &s->unit[u];
        if (sd->block[u].side != side || (un->flags & BOC_U_ANON) || un->hex == BOC_LOC_OUT)
            continue;
        lost += un->hex == BOC_LOC_ELIM ? un->start : un->start - un->str;
    }
    return lost;
}

int32_t boc_evaluate(const gr_game *g, int player, unsigned flags)
{
    (void)flags; /* nothing to foresee yet: no movement in the BoC slice */
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    /* In half victory points: VP count double, each step lost counts one. */
    int csa2 = 2 * boc_victory_points(s, sd) + steps_lost(s, sd, BOC_USA) -
               steps_lost(s, sd, BOC_CSA);
    int mid2 = sd->csa_wins_at + sd->usa_wins_at;
    int width2 = sd->csa_wins_at - sd->usa_wins_at; /* >= 1 (load.c) */
    int32_t v = (int32_t)(600 * (csa2 - mid2) / (width2 > 0 ? width2 : 1));
    v = v > 950 ? 950 : v < -950 ? -950 : v;
    return player == BOC_CSA ? v : -v;
}
