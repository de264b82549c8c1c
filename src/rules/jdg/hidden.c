/* hidden.c — hidden information [spec 9.1]: the opponent's order markers
 * (ORDERED / NO_ORDERS), face down until the formation's first MA is drawn
 * [R2.3.2-c, R2.4-a], including a Phase A commitment the viewer has not yet
 * matched; and the future draw order of the cup.  The cup's contents are
 * public; its draw order does not exist in the state (each MA is drawn from
 * the game stream when needed, and the core replaces a view's stream), so
 * only the test-only forced draws need hiding. */
#include <string.h>

#include "jdg.h"

void jdg_mask(gr_game *g, int viewer)
{
    jdg_state *s = jdg_st(g);
    s->nforced = 0;
    s->forced_bad = 0;
    memset(s->forced, -1, sizeof s->forced);
    for (int gi = 0; gi < s->ngroups; gi++) {
        jdg_group *gr = &s->group[gi];
        if (gr->side != viewer && !gr->revealed && gr->order != JDG_ORD_NONE)
            gr->order = JDG_ORD_HIDDEN;
    }
}

void jdg_reopen(gr_game *g, int viewer)
{
    jdg_state *s = jdg_st(g);
    int other = 1 - viewer;
    if (s->phase != JDG_PH_ORDERS || (s->committed >> viewer) & 1 || !((s->committed >> other) & 1))
        return;
    for (int gi = 0; gi < s->ngroups; gi++) /* R2.3.2-c: given face down, unseen */
        if (s->group[gi].side == other && s->group[gi].order == JDG_ORD_HIDDEN)
            s->group[gi].order = JDG_ORD_NONE;
    s->committed &= (uint8_t)~(1u << other);
}

/* Orders of the hidden groups: a uniform number of ORDERED groups that the
 * opponent's remaining capacity allows, among his eligible hidden groups,
 * chosen uniformly; every other hidden group is NO_ORDERS. */
void jdg_determinize(gr_game *g, gr_rng *rng)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int hidden[JDG_MAX_UNITS], nh = 0, side = -1, known = 0;
    for (int gi = 0; gi < s->ngroups; gi++) {
        jdg_group *gr = &s->group[gi];
        if (gr->order != JDG_ORD_HIDDEN)
            continue;
        side = gr->side;
        gr->order = JDG_ORD_NO_ORDERS;
        if (gr->eligible)
            hidden[nh++] = gi;
    }
    if (side < 0)
        return;
    for (int gi = 0; gi < s->ngroups; gi++)
        known += s->group[gi].side == side && s->group[gi].revealed &&
                 s->group[gi].order == JDG_ORD_ORDERED;
    int room = jdg_order_capacity(d, s, side) - known;
    if (room > nh)
        room = nh;
    int k = room > 0 ? (int)gr_rng_below(rng, (uint32_t)room + 1) : 0;
    for (int i = 0; i < k; i++) {
        int j = i + (int)gr_rng_below(rng, (uint32_t)(nh - i));
        int t = hidden[i];
        hidden[i] = hidden[j];
        hidden[j] = t;
        s->group[hidden[i]].order = JDG_ORD_ORDERED;
    }
}
