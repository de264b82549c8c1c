/* sample.c — gr_game_sample for jdg, stage by stage where the legal list is
 * long: the movement step with no unit and no C-in-C in the middle of a move
 * lists every unit's whole moves (destinations x facings), stops, squares
 * and exits [R4.4.1].  Drawn instead: one of the units that may act, or
 * "the rest" (restacks, entries, charges, C-in-C moves, end-step,
 * end-activation), uniformly; then for a unit one of its destinations or
 * other actions, uniformly, and a legal facing there (path.c).  A unit with no action is
 * dropped and another drawn.  Every legal action can come (the draw is not
 * uniform over the flat list); each one returned is one jdg_activation_legal
 * lists. */
#include <assert.h>

#include "rules/jdg/jdg.h"
#include "rules/jdg/move/move.h"
#include "rules/jdg/shock/shock.h"

/* Room for one unit's actions or the rest; past it the draw is left to the
 * default (never on the current scenarios: a unit has at most 26). */
#define SAMPLE_CAP 256

/* The movement step's list when no unit or C-in-C is moving, as
 * jdg_activation_legal builds it: nothing else comes first. */
static int staged_move_step(const gr_game *g)
{
    const jdg_state *s = jdg_cst(g);
    return s->phase == JDG_PH_ACTIVATION && s->step == JDG_STEP_MOVE && !s->contact &&
           s->rt_unit < 0 && s->cb_target < 0 && s->sh_stage == JDG_SH_NONE &&
           s->mover < 0 && s->cinc_mover < 0;
}

/* The movement step's actions that are not a unit's own move (the rest). */
static int rest_legal(const gr_game *g, int p, gr_action *out, int cap)
{
    int n = jdg_restack_legal(g, p, out, cap, 0);
    n = jdg_enter_legal(g, p, out, cap, n);
    n = jdg_charge_legal(g, p, out, cap, n);
    n = jdg_cinc_legal(g, p, out, cap, n);
    n = jdg_add_action(out, cap, n, JDG_A_END_STEP, p, 0, 0, 0, 0);
    return jdg_add_action(out, cap, n, JDG_A_END_ACTIVATION, p, 0, 0, 0, 0);
}

int jdg_move_sample(const gr_game *g, int p, gr_rng *rng, gr_action *out)
{
    const jdg_data *d = jdg_sd(g);
    if (!staged_move_step(g))
        return 0;
    int cand[JDG_MAX_UNITS], k = 0;
    for (int u = 0; u < d->nunits; u++)
        if (jdg_may_act(d, jdg_cst(g), u, NULL) == GR_OK)
            cand[k++] = u;
    gr_action buf[SAMPLE_CAP];
    for (;;) {
        int r = (int)gr_rng_below(rng, (uint32_t)k + 1);
        if (r == k) {
            int n = rest_legal(g, p, buf, SAMPLE_CAP);
            assert(n > 0 && n <= SAMPLE_CAP); /* the rest always holds end-step */
            *out = buf[gr_rng_below(rng, (uint32_t)n)];
            return 1;
        }
        if (jdg_unit_sample(g, p, cand[r], rng, out))
            return 1;
        cand[r] = cand[--k];
    }
}
