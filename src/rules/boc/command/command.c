/* command.c — the Command Phase (R1.2-b, R4.1-R4.5, D.5): which HQs may be
 * activated, deployment one hex into a Friendly hex, the reveal, the
 * Command Range traced through non-Enemy hexes with the core path search,
 * and which units each activated HQ puts under command.
 *
 * Readings (docs/boc.md): the HQs that may be activated are the DHQs (USA
 * cavalry DHQs included), the Artillery HQs and the Cavalry CHQs (R4.3-f,
 * E-4); under command is worked out once, when the Command Phase ends
 * (B.3 C2), and holds for the Player Turn. */
#include <assert.h>
#include <string.h>

#include "../boc.h"
#include "path.h"

/* The USA Reserve Artillery's corps label in the order of battle (data
 * brief 2: the "(R)" blocks); any Union DHQ may command it (S-USAReserve-b). */
#define RESERVE_CORPS "R"

int boc_may_activate(const boc_state *s, const boc_sdata *sd, int u)
{
    const boc_unit *un = &s->unit[u];
    int t = sd->block[u].type;
    if (un->hex < 0 || (un->flags & (BOC_U_ANON | BOC_U_ACT_CMD)) || un->str == 0)
        return 0; /* R4.3-d: an HQ at strength 0 cannot be activated */
    return t == BOC_T_DHQ || t == BOC_T_CAV_DHQ || t == BOC_T_ART_HQ || t == BOC_T_CAV_CHQ;
}

int boc_commands(const boc_sdata *sd, int h, int u)
{
    const boc_block *hq = &sd->block[h], *b = &sd->block[u];
    if (hq->side != b->side || sd->utype[b->type].hq)
        return 0;
    switch (hq->type) {
    case BOC_T_DHQ: /* own division; corps assets; USA Reserve Artillery */
        if (hq->division[0] && !strcmp(hq->division, b->division))
            return 1;
        if ((b->flags & BOC_B_ASSET) && !strcmp(hq->corps, b->corps))
            return 1; /* R4.4-b */
        return b->side == BOC_USA && !strcmp(b->corps, RESERVE_CORPS); /* S-USAReserve-b */
    case BOC_T_CAV_DHQ: /* R4.25-a: its own cavalry division */
        return hq->division[0] && !strcmp(hq->division, b->division);
    case BOC_T_ART_HQ: /* R4.24-a: any artillery except Horse Artillery */
        return b->type == BOC_T_ART;
    case BOC_T_CAV_CHQ: /* R4.25-a: cavalry and Horse Artillery */
        return b->type == BOC_T_CAV || b->type == BOC_T_HORSE_ART;
    default: /* infantry CHQs and the AHQ give no fire (R4.22-a, R4.23-a) */
        return 0;
    }
}

/* ------------------------------------------------------------------ range */

typedef struct range_ctx {
    const boc_state *s;
    int enemy; /* control value of an Enemy hex: 1 + enemy side */
} range_ctx;

static int range_step(void *ctx, int from, int to, int dir, int spent)
{
    (void)ctx, (void)from, (void)to, (void)dir, (void)spent;
    return 1; /* terrain and MP do not matter (R4.5-c) */
}

/* An Enemy hex may end the trace (the unit's own hex is exempt) but the
 * trace may not go on through it (R4.5-b). */
static int range_stops(void *ctx, int from, int to)
{
    const range_ctx *c = ctx;
    (void)from;
    return c->s->control[to] == c->enemy;
}

void boc_command_range(const boc_state *s, const boc_sdata *sd, int h, uint8_t *in_range)
{
    int cost[BOC_MAX_HEXES], prev[BOC_MAX_HEXES], heap[3 * BOC_MAX_HEXES + 1];
    int order[BOC_MAX_HEXES];
    range_ctx c = {s, 1 + (1 - sd->block[h].side)};
    gr_path_params p = {.grid = &sd->grid,
                        .budget = sd->block[h].range, /* R4.5-d: not the strength */
                        .step_cost = range_step,
                        .stops = range_stops,
                        .ctx = &c,
                        .neighbours = sd->nbr};
    gr_path_work w = {cost, prev, heap, order, NULL};
    memset(in_range, 0, (size_t)sd->nhex);
    assert(s->unit[h].hex >= 0);
    int n = gr_path_reach(&p, s->unit[h].hex, &w);
    for (int i = 0; i < n; i++)
        in_range[order[i]] = 1;
}

void boc_command_compute(boc_state *s, const boc_sdata *sd)
{
    uint8_t in_range[BOC_MAX_HEXES];
    for (int u = 0; u < sd->nblock; u++)
        s->unit[u].flags &= (uint16_t)~BOC_U_CMD;
    for (int h = 0; h < sd->nblock; h++) {
        if (!(s->unit[h].flags & BOC_U_ACT_CMD) || s->unit[h].hex < 0 ||
            sd->block[h].side != s->active)
            continue;
        boc_command_range(s, sd, h, in_range);
        for (int u = 0; u < sd->nblock; u++)
            if (s->unit[u].hex >= 0 && in_range[s->unit[u].hex] && boc_commands(sd, h, u))
                s->unit[u].flags |= BOC_U_CMD; /* R4.3-c */
    }
}

/* ------------------------------------------------------------------ actions */

int boc_may_deploy(const boc_state *s, const boc_sdata *sd, int u, int to)
{
    int side = sd->block[u].side, from = s->unit[u].hex;
    return to >= 0 && to < sd->nhex && boc_dist(sd, from, to) == 1 &&
           s->control[to] == 1 + side && boc_stack_room(s, sd, to, u);
}

static gr_status check_activate(const gr_game *g, int u, int to, gr_error *why)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    if (s->decision != BOC_DEC_COMMAND)
        return gr_fail(why, s->phase == BOC_PH_FIRE ? "boc:R5.1-c" : "boc:R4.1-a",
                       "HQs are activated only in the Command Phase, before any unit fires");
    if (u < 0 || u >= sd->nblock || sd->block[u].side != s->active || s->unit[u].hex < 0)
        return gr_fail(why, "boc:R4.3-a", "activate one of your HQs on the map");
    if (!sd->utype[sd->block[u].type].hq)
        return gr_fail(why, "boc:R4.3-a", "%s is not an HQ", sd->block[u].id);
    if (s->unit[u].flags & BOC_U_ACT_CMD)
        return gr_fail(why, "boc:R4.3-a", "%s is already activated", sd->block[u].id);
    if (s->unit[u].str == 0)
        return gr_fail(why, "boc:R4.3-d", "%s is at strength 0", sd->block[u].id);
    if (!boc_may_activate(s, sd, u))
        return gr_fail(why, "boc:R4.3-f",
                       "%s gives no fire orders: infantry CHQs and the AHQ are not activated",
                       sd->block[u].id);
    if (to != GR_NONE && !boc_may_deploy(s, sd, u, to))
        return gr_fail(why, "boc:R4.3-b",
                       "an HQ deploys only into an adjacent Friendly hex it does not overstack");
    return GR_OK;
}

gr_status boc_command_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    boc_state *s = boc_st(g);
    int u = a->arg[0], to = a->arg[1];
    gr_status st = check_activate(g, u, to, why);
    if (st != GR_OK)
        return st;
    int from = s->unit[u].hex;
    if (to != GR_NONE)
        boc_place(s, boc_sd(g), u, to); /* costs no MP (R4.3-b) */
    s->unit[u].flags |= BOC_U_ACT_CMD;
    gr_emitv(g, BOC_EV_ACTIVATE, 3, u, from, s->unit[u].hex);
    boc_reveal(g, u, BOC_WHY_COMMAND); /* R4.3-a: face-up */
    return GR_OK;
}

int boc_command_legal(const gr_game *g, gr_action *out, int cap)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    int n = 0;
    for (int u = 0; u < sd->nblock; u++) {
        if (sd->block[u].side != s->active || !boc_may_activate(s, sd, u))
            continue;
        for (int d = -1; d < 6; d++) {
            int to = d < 0 ? GR_NONE : boc_step(sd, s->unit[u].hex, d);
            if (d >= 0 && !boc_may_deploy(s, sd, u, to))
                continue;
            if (n < cap)
                out[n] = (gr_action){.kind = BOC_A_ACTIVATE,
                                     .player = s->active,
                                     .nargs = 2,
                                     .arg = {u, to}};
            n++;
        }
    }
    if (boc_hancock_open(s, sd) && n++ < cap) /* S-Hancock-a */
        out[n - 1] = (gr_action){
            .kind = BOC_A_HANCOCK, .player = s->active, .nargs = 1, .arg = {s->hk_chq}};
    if (n < cap)
        out[n] = (gr_action){.kind = BOC_A_END_COMMAND, .player = s->active};
    return n + 1;
}
