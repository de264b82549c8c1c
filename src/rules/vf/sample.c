/* sample.c — vf_sample: one random action drawn stage by stage (the fire
 * target, then its firers; the unit, then one of its proposals), checking
 * only what is drawn, as legal.c lists candidates (cands.h). */
#include "vf.h"
#include "cands.h"

/* Candidates one unit's draw lists: every unit's list is far shorter. */
#define SAMPLE_CAP (4 * VF_MAX_UNITS + 2 * MAX_PER_UNIT)

/* Picks one of the c->n actions listed in c->out (c->n <= c->cap). */
static int pick(cands *c, gr_rng *rng, gr_action *out)
{
    if (NEVER(c->n <= 0 || c->n > c->cap))
        return -1;
    *out = c->out[gr_rng_below(rng, (uint32_t)c->n)];
    return 1;
}

/* Fire stage: a target drawn among the legal targets and `end`; a target
 * none of the player's units may fire at leaves the draw (drawn again). */
static int sample_fire(cands *c, gr_rng *rng, gr_action *out)
{
    const vf_sdata *sd = vf_sd(c->g);
    int targets[VF_MAX_UNITS], n = 0;
    for (int t = 0; t < sd->nunits; t++)
        if (vf_fire_target_ok(c->g, t))
            targets[n++] = t;
    for (;;) {
        uint32_t k = gr_rng_below(rng, (uint32_t)n + 1);
        if (k == (uint32_t)n) {
            *out = (gr_action){.kind = VF_ACT_END_FIRE, .player = (uint8_t)c->player};
            return 1;
        }
        c->n = 0;
        vf_cand_fire_target(c, targets[k]);
        if (c->n > 0)
            return pick(c, rng, out);
        targets[k] = targets[--n];
    }
}

/* The lazy proposal `slot` drawn: its generator's moves, as vf_legal
 * lists them (checked), one of them drawn; 0 when it has none. */
static int draw_lazy(const cands *c, const gr_action *slot, gr_rng *rng, gr_action *out)
{
    gr_action buf[MAX_PER_UNIT];
    cands l = {.g = c->g, .player = c->player, .out = buf, .cap = MAX_PER_UNIT, .only = c->only};
    int u = slot->arg[0];
    const vf_layout *at = &vf_cst(c->g)->unit[u].at;
    if (slot->arg[1] == LAZY_FIRE)
        vf_cand_fire_positions(&l, u, at, vf_unit_allowance(c->g, u, at));
    else
        vf_cand_support_positions(&l, u, at);
    int n = l.n < l.cap ? l.n : l.cap;
    if (n == 0)
        return 0;
    *out = buf[gr_rng_below(rng, (uint32_t)n)];
    return 1;
}

/* Draws among the unit's c->n proposals: an unchecked one drawn is checked
 * and, when illegal, leaves the draw; a chain (one slot, at its first
 * member) gives its first legal member.  Every proposal drawn and kept is
 * an action vf_legal lists for the unit. */
static int draw_proposal(cands *c, gr_rng *rng, gr_action *out)
{
    if (NEVER(c->n <= 0 || c->n > c->cap))
        return -1;
    int slot[SAMPLE_CAP], n = 0;
    for (int i = 0; i < c->n; i++)
        if (!(c->flags[i] & PROPOSE_CHAIN) || (c->flags[i] & PROPOSE_FIRST))
            slot[n++] = i;
    while (n > 0) {
        uint32_t k = gr_rng_below(rng, (uint32_t)n);
        int i = slot[k];
        if (c->flags[i] & PROPOSE_LAZY) {
            if (draw_lazy(c, &c->out[i], rng, out))
                return 1;
        } else if (c->flags[i] & PROPOSE_CHAIN) {
            for (int j = i; j < c->n && (c->flags[j] & PROPOSE_CHAIN) &&
                            (j == i || !(c->flags[j] & PROPOSE_FIRST));
                 j++)
                if (vf_cand_move_ok(c->g, &c->out[j])) {
                    *out = c->out[j];
                    return 1;
                }
        } else if (!(c->flags[i] & PROPOSE_CHECK) || vf_cand_move_ok(c->g, &c->out[i])) {
            *out = c->out[i];
            return 1;
        }
        slot[k] = slot[--n];
    }
    return NEVER(n == 0) ? -1 : -1; /* hold is never checked: not reached */
}

/* One time in FREE_ODDS, a position off the candidate list: unit u slides
 * (facing kept) a random distance up to its move distance, in a random
 * direction within 45 degrees of its facing.  Kept when legal (checked as
 * apply checks it); else the draw goes on from the list. */
#define FREE_ODDS 4

static int free_move(cands *c, int u, gr_rng *rng, gr_action *out)
{
    if (gr_rng_below(rng, FREE_ODDS) != 0)
        return 0;
    const vf_layout *at = &vf_cst(c->g)->unit[u].at;
    int32_t allow = vf_unit_allowance(c->g, u, at);
    if (allow <= 0)
        return 0;
    gr_angle dir = gr_g2_angle_norm(vf_bearing(at->facing) +
                                    (gr_angle)gr_rng_below(rng, 2 * GR_G2_ARC_HALF + 1) -
                                    GR_G2_ARC_HALF);
    gr_pt p = gr_g2_offset((gr_pt){at->x, at->y}, dir, 1 + (int32_t)gr_rng_below(rng, (uint32_t)allow),
                           0);
    gr_action a = {.kind = VF_ACT_MOVE, .player = (uint8_t)c->player, .nargs = 8,
                   .arg = {u, p.x, p.y, at->facing, 0, VF_ORDER_KEEP, VF_REFORM_NONE, 0}};
    if (!vf_cand_move_ok(c->g, &a))
        return 0;
    *out = a;
    return 1;
}

/* Unit stage: one of the units that may act, `next` or `end`, drawn
 * uniformly; then one of the drawn unit's candidates, checking only what
 * is drawn. */
static int sample_units(cands *c, gr_rng *rng, gr_action *out)
{
    int units[VF_MAX_UNITS], n = 0;
    uint8_t flags[SAMPLE_CAP] = {0};
    for (int u = 0; u < vf_sd(c->g)->nunits; u++)
        if (vf_unit_may_act(c->g, u, c->player))
            units[n++] = u;
    uint32_t k = gr_rng_below(rng, (uint32_t)n + 2);
    if (k >= (uint32_t)n) {
        int kind = k == (uint32_t)n ? VF_ACT_NEXT : VF_ACT_END_PHASE;
        *out = (gr_action){.kind = (uint16_t)kind, .player = (uint8_t)c->player};
        return 1;
    }
    if (free_move(c, units[k], rng, out))
        return 1;
    c->flags = flags;
    vf_cand_unit(c, units[k]);
    return draw_proposal(c, rng, out);
}

/* Breakthrough: one of the units that may still move or `next`, drawn
 * uniformly; then one of the drawn unit's holds and moves (as
 * breakthrough_candidates lists them), checking only what is drawn. */
static int sample_breakthrough(cands *c, gr_rng *rng, gr_action *out)
{
    int units[VF_MAX_UNITS], n = 0;
    uint8_t flags[SAMPLE_CAP] = {0};
    for (int u = 0; u < vf_sd(c->g)->nunits; u++)
        if (vf_breakthrough_may_move(c->g, u))
            units[n++] = u;
    uint32_t k = gr_rng_below(rng, (uint32_t)n + 1);
    if (k == (uint32_t)n) {
        *out = (gr_action){.kind = VF_ACT_NEXT, .player = (uint8_t)c->player};
        return 1;
    }
    c->flags = flags;
    c->only = 1u << VF_ACT_HOLD | 1u << VF_ACT_MOVE;
    vf_cand_unit(c, units[k]);
    c->only = 0;
    return draw_proposal(c, rng, out);
}

int vf_sample(const gr_game *g, int player, gr_rng *rng, gr_action *out)
{
    const vf_state *st = vf_cst(g);
    gr_action buf[SAMPLE_CAP];
    cands c = {.g = g, .player = player, .out = buf, .cap = SAMPLE_CAP};
    if (st->fx.window)
        return 0;
    if (vf_breakthrough_on(st))
        return st->active == player && vf_moving_unit(st) < 0
                   ? sample_breakthrough(&c, rng, out)
                   : 0;
    if (st->phase == VF_PHASE_FIRE && st->active == player)
        return sample_fire(&c, rng, out);
    if (st->phase == VF_PHASE_ACTION && st->active == player && vf_moving_unit(st) < 0 &&
        st->step == VF_STEP_UNITS)
        return sample_units(&c, rng, out);
    return 0;
}
