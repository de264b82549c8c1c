/* supply.c — the Supply Phase (R8.1-R8.3, D.8) and Night Supply (R8.4).
 * Daytime: the active player activates HQs one at a time (`supply`, after
 * an optional one-hex deployment), each giving its Supply value in SP
 * (R8.2-a, R4.5-d); each SP restores a step to a unit it may supply within
 * its Command Range, 2 SP in a front-line hex (R8.3-a/b/c), one step per
 * unit per phase (R8.3-d), never to an HQ activated for supply this phase
 * (R8.3-e); when it is done the HQ loses a step (R8.1-c).  At night each
 * side spends its pool on units with a Supply Line to its night supply hex,
 * several steps per unit allowed (R8.4).  Which hidden block gains a step
 * is the owner's secret: the view keeps the public loss total (fog.c). */
#include <string.h>

#include "../boc.h"
#include "path.h"

static int is_corps_head_type(int t)
{
    return t == BOC_T_CHQ || t == BOC_T_ART_HQ || t == BOC_T_CAV_CHQ;
}

/* NULL when HQ h may add a step to unit u (R8.2-b..f, R4.4-c, R4.24-a,
 * R4.25-a, R4.61-d, D.8), else the rule that forbids it. */
static const char *may_supply(const boc_state *s, const boc_sdata *sd, int h, int u)
{
    const boc_block *hq = &sd->block[h], *b = &sd->block[u];
    int side = hq->side, ahq = boc_acting_ahq(s, sd, side);
    int leader = boc_corps_leader(s, sd, side, b->corps);
    if (b->type == BOC_T_AHQ)
        return "boc:R8.2-e"; /* only Night Supply */
    if (is_corps_head_type(b->type) || u == leader || u == ahq)
        return h == ahq ? NULL : "boc:R8.2-d";
    if (h == ahq || (h == leader && is_corps_head_type(hq->type)))
        return NULL; /* R8.2-b: the AHQ any unit, a CHQ its corps */
    if (h == leader && !strcmp(hq->corps, b->corps))
        return NULL; /* a promoted DHQ: any unit of the corps (R4.61-d) */
    switch (hq->type) {
    case BOC_T_ART_HQ: /* R4.24-a: artillery, not Horse Artillery */
        return b->type == BOC_T_ART ? NULL : "boc:R4.24-a";
    case BOC_T_CAV_CHQ: /* R4.25-a */
        return b->type == BOC_T_CAV || b->type == BOC_T_HORSE_ART || b->type == BOC_T_CAV_DHQ
                   ? NULL
                   : "boc:R4.25-a";
    case BOC_T_DHQ:
    case BOC_T_CAV_DHQ:
        if (sd->utype[b->type].hq)
            return "boc:R8.2-c";
        if (b->flags & BOC_B_ASSET)
            return "boc:R4.4-c";
        return hq->division[0] && !strcmp(hq->division, b->division) ? NULL : "boc:R8.2-b";
    default:
        return !strcmp(hq->corps, b->corps) ? NULL : "boc:R8.2-b";
    }
}

/* Hexes with a Supply Line to the side's night supply hex: a chain of hexes
 * none of them Enemy in the snapshot, both ends included (R8.4-c/d). */
typedef struct line_ctx {
    const boc_state *s;
    int enemy;
} line_ctx;

static int line_step(void *ctx, int from, int to, int dir, int spent)
{
    const line_ctx *c = ctx;
    (void)from, (void)dir, (void)spent;
    return c->s->control[to] == c->enemy ? GR_PATH_NO : 1;
}

static void supply_lines(const boc_state *s, const boc_sdata *sd, int side, uint8_t *ok)
{
    int cost[BOC_MAX_HEXES], prev[BOC_MAX_HEXES], heap[3 * BOC_MAX_HEXES + 1];
    int order[BOC_MAX_HEXES], src = sd->night_supply[side];
    line_ctx c = {s, 2 - side};
    memset(ok, 0, (size_t)sd->nhex);
    if (src < 0 || s->control[src] == c.enemy)
        return;
    gr_path_params p = {.grid = &sd->grid, .budget = sd->nhex, .step_cost = line_step,
                        .ctx = &c, .neighbours = sd->nbr};
    gr_path_work w = {cost, prev, heap, order, NULL};
    int n = gr_path_reach(&p, src, &w);
    for (int i = 0; i < n; i++)
        ok[order[i]] = 1;
}

static int step_cost(const boc_state *s, const boc_sdata *sd, int u)
{
    int side = sd->block[u].side;
    return boc_enemy_adjacent(s, sd, s->unit[u].hex, 1 - side) ? sd->sp_cost_front : sd->sp_cost;
}

/* May unit u gain a step now?  `reach`: the supplier's Command Range, or
 * the Supply Lines at night. */
static gr_status check_rebuild(const boc_state *s, const boc_sdata *sd, int u, const uint8_t *reach,
                               gr_error *why)
{
    const boc_unit *un = &s->unit[u];
    int night = s->phase == BOC_PH_NIGHT;
    if (sd->block[u].side != s->active || un->hex < 0 || (un->flags & BOC_U_ANON))
        return gr_fail(why, "boc:R8.3-a", "rebuild one of your units on the map");
    if (un->str >= sd->block[u].max)
        return gr_fail(why, "boc:R8.3-g", "%s is at its maximum strength", sd->block[u].id);
    if (!night && (un->flags & BOC_U_SUPPLIED))
        return gr_fail(why, "boc:R8.3-d", "%s has gained a step this phase", sd->block[u].id);
    if (!night && (un->flags & BOC_U_ACT_SUP))
        return gr_fail(why, "boc:R8.3-e", "%s was activated for supply this phase",
                       sd->block[u].id);
    if (!reach[un->hex])
        return gr_fail(why, night ? "boc:R8.4-c" : "boc:R8.3-b",
                       night ? "%s has no Supply Line" : "%s is out of the HQ's Command Range",
                       sd->block[u].id);
    const char *rule = night ? NULL : may_supply(s, sd, s->supplier, u);
    if (rule)
        return gr_fail(why, rule, "%s may not supply %s", sd->block[s->supplier].id,
                       sd->block[u].id);
    if (step_cost(s, sd, u) > s->sp)
        return gr_fail(why, "boc:R8.3-c", "not enough SP left (a step costs %d here)",
                       step_cost(s, sd, u));
    return GR_OK;
}

/* What the rebuild may reach now (Command Range or Supply Lines). */
static void reach_of(const boc_state *s, const boc_sdata *sd, uint8_t *reach)
{
    if (s->phase == BOC_PH_NIGHT)
        supply_lines(s, sd, s->active, reach);
    else if (s->supplier != GR_NONE)
        boc_command_range(s, sd, s->supplier, reach); /* R8.3-b */
    else
        memset(reach, 0, (size_t)sd->nhex);
}

/* ------------------------------------------------------------------ HQs */

/* The supplier is done: it loses its activation step (R8.1-c). */
static void supplier_done(gr_game *g)
{
    boc_state *s = boc_st(g);
    boc_unit *un = &s->unit[s->supplier];
    if (un->str > 0)
        un->str--;
    gr_emitv(g, BOC_EV_HQ_STEP, 2, s->supplier, un->str); /* face-up: public */
    s->supplier = GR_NONE;
    s->sp = 0;
}

static gr_status check_activation(const boc_state *s, const boc_sdata *sd, int u, int to,
                                  gr_error *why)
{
    if (s->phase == BOC_PH_NIGHT || s->supplier != GR_NONE)
        return gr_fail(why, "boc:R8.1-b", "no HQ may be activated for supply now");
    if (u < 0 || u >= sd->nblock || sd->block[u].side != s->active || s->unit[u].hex < 0 ||
        (s->unit[u].flags & BOC_U_ANON) || !sd->utype[sd->block[u].type].hq)
        return gr_fail(why, "boc:R8.1-b", "activate one of your HQs on the map");
    if (s->unit[u].str == 0)
        return gr_fail(why, "boc:R8.1-e", "%s is at strength 0", sd->block[u].id);
    if (s->unit[u].flags & BOC_U_ACT_SUP)
        return gr_fail(why, "boc:R8.1-b", "%s was already activated for supply",
                       sd->block[u].id);
    if (to != GR_NONE && !boc_may_deploy(s, sd, u, to))
        return gr_fail(why, "boc:R8.1-b",
                       "an HQ deploys only into an adjacent Friendly hex it does not overstack");
    return GR_OK;
}

static void activate(gr_game *g, int u, int to)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    int from = s->unit[u].hex;
    if (to != GR_NONE)
        boc_place(s, sd, u, to); /* no MP (R8.1-b) */
    s->unit[u].flags |= BOC_U_ACT_SUP;
    s->supplier = (int16_t)u;
    s->sp = sd->block[u].range; /* the Supply value, whatever the strength */
    gr_emitv(g, BOC_EV_SUPPLY, 4, u, from, s->unit[u].hex, s->sp);
    boc_reveal(g, u, BOC_WHY_SUPPLY); /* R8.1-c, RA3-c */
}

static void rebuild(gr_game *g, int u)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    boc_unit *un = &s->unit[u];
    int cost = step_cost(s, sd, u);
    un->str++;
    s->sp = (int8_t)(s->sp - cost);
    if (s->phase != BOC_PH_NIGHT)
        un->flags |= BOC_U_SUPPLIED; /* R8.3-d */
    if (!(un->flags & BOC_U_REVEALED))
        un->rb++; /* the view keeps the loss as it was (fog.c) */
    gr_event e = {.kind = BOC_EV_REBUILD, .nargs = 3, .arg = {u, un->str, cost}};
    e.vis = (uint8_t)((un->flags & BOC_U_REVEALED) ? GR_VIS_ALL : 1u << sd->block[u].side);
    gr_emit(g, &e);
    if (s->sp == 0 && s->supplier != GR_NONE)
        supplier_done(g); /* nothing left to give */
}

/* ------------------------------------------------------------------ decision */

void boc_supply_open(gr_game *g, int night)
{
    boc_state *s = boc_st(g);
    s->supplier = GR_NONE;
    s->sp = night ? boc_sd(g)->night_sp[s->active] : 0; /* R8.4-a */
    s->decision = BOC_DEC_SUPPLY;
}

static int push(gr_action *out, int cap, int n, int kind, int player, int na, int a0, int a1)
{
    if (n < cap)
        out[n] = (gr_action){.kind = (uint16_t)kind, .player = (uint8_t)player, .nargs = (uint8_t)na,
                             .arg = {a0, a1}};
    return n + 1;
}

int boc_supply_legal(const gr_game *g, gr_action *out, int cap)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    uint8_t reach[BOC_MAX_HEXES];
    int n = 0, p = s->active;
    if (s->phase != BOC_PH_NIGHT && s->supplier == GR_NONE) {
        for (int u = 0; u < sd->nblock; u++) {
            if (check_activation(s, sd, u, GR_NONE, NULL) != GR_OK)
                continue;
            n = push(out, cap, n, BOC_A_SUPPLY, p, 2, u, GR_NONE);
            for (int d = 0; d < 6; d++) {
                int to = boc_step(sd, s->unit[u].hex, d);
                if (boc_may_deploy(s, sd, u, to))
                    n = push(out, cap, n, BOC_A_SUPPLY, p, 2, u, to);
            }
        }
        return push(out, cap, n, BOC_A_END_SUPPLY, p, 0, 0, 0);
    }
    reach_of(s, sd, reach);
    for (int u = 0; u < sd->nblock; u++)
        if (check_rebuild(s, sd, u, reach, NULL) == GR_OK)
            n = push(out, cap, n, BOC_A_REBUILD, p, 1, u, 0);
    return push(out, cap, n, s->phase == BOC_PH_NIGHT ? BOC_A_END_SUPPLY : BOC_A_END_REBUILD, p,
                0, 0, 0);
}

static gr_status end_supply(gr_game *g, gr_error *why)
{
    boc_state *s = boc_st(g);
    if (s->phase != BOC_PH_NIGHT && s->supplier != GR_NONE)
        return gr_fail(why, "boc:R8.1-c", "the HQ supplying now must finish first (end-rebuild)");
    gr_emitv(g, BOC_EV_SUPPLY_DONE, 2, s->active, s->phase == BOC_PH_NIGHT);
    s->sp = 0; /* unspent SP are lost (R8.2-a, R8.4-f) */
    if (s->phase != BOC_PH_NIGHT) {
        boc_flow_end_phase(g);
        return GR_OK;
    }
    if (s->active == BOC_CSA) /* B.4: CSA first, then USA */
        s->active = BOC_USA;
    else
        s->step = BOC_ST_NIGHT_END;
    boc_flow_run(g);
    return GR_OK;
}

gr_status boc_supply_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    uint8_t reach[BOC_MAX_HEXES];
    gr_status st;
    if (s->decision != BOC_DEC_SUPPLY)
        return gr_fail(why, "boc:R8.1-b", "units are supplied only in the Supply Phase");
    switch (a->kind) {
    case BOC_A_SUPPLY:
        if ((st = check_activation(s, sd, a->arg[0], a->arg[1], why)) != GR_OK)
            return st;
        activate(g, a->arg[0], a->arg[1]);
        return GR_OK;
    case BOC_A_REBUILD:
        if (a->arg[0] < 0 || a->arg[0] >= sd->nblock)
            return gr_fail(why, NULL, "no such unit");
        if (s->phase != BOC_PH_NIGHT && s->supplier == GR_NONE)
            return gr_fail(why, "boc:R8.1-b", "activate an HQ for supply first");
        reach_of(s, sd, reach);
        if ((st = check_rebuild(s, sd, a->arg[0], reach, why)) != GR_OK)
            return st;
        rebuild(g, a->arg[0]);
        return GR_OK;
    case BOC_A_END_REBUILD:
        if (s->phase == BOC_PH_NIGHT || s->supplier == GR_NONE)
            return gr_fail(why, "boc:R8.1-c", "no HQ is supplying now");
        supplier_done(g);
        return GR_OK;
    default:
        return end_supply(g, why);
    }
}
