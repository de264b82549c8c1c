/* deploy.c — the optional Free Deployment (spec R0-c: "an optional Free
 * Deployment rule lets players vary the historical deployment", its text
 * missing; the data brief 3.0 house rule [DESIGN]): after the historical
 * set-up, before Game Turn 1, each player, CSA first, may move each of his
 * blocks on the map up to 2 hexes; never into or out of a hex next to an
 * enemy block (nor through one); stacking respected; divisions kept
 * contiguous.  Readings (docs/boc.md, "Free Deployment"): the 2 hexes are
 * a path of at most 2 hex steps, terrain ignored; each block moves once;
 * stacking is checked at every move (R6.2-a); "contiguous" is the hexes of
 * the division's blocks on the map, the same hex or adjacent, and a move
 * may not split them into more groups than before.  A moved block stays
 * face-down: the opponent sees a block of that side move (`block-moved`). */
#include <string.h>

#include "../boc.h"

static int same_division(const boc_sdata *sd, int u, int v)
{
    const boc_block *a = &sd->block[u], *b = &sd->block[v];
    return a->division[0] && a->side == b->side && strcmp(a->division, b->division) == 0;
}

/* Groups of contiguous hexes (one hex, or adjacent) that hold the blocks of
 * u's division on the map, u standing in hex `at`; 0 without a division. */
static int division_groups(const boc_state *s, const boc_sdata *sd, int u, int at)
{
    int hex[BOC_MAX_UNITS], n = 0, groups = 0, stack[BOC_MAX_UNITS];
    uint8_t done[BOC_MAX_UNITS] = {0};
    for (int v = 0; v < sd->nblock; v++) {
        int h = v == u ? at : s->unit[v].hex;
        if (h < 0 || !same_division(sd, u, v))
            continue;
        int dup = 0;
        for (int i = 0; i < n && !dup; i++)
            dup = hex[i] == h;
        if (!dup)
            hex[n++] = h;
    }
    for (int i = 0; i < n; i++) {
        if (done[i])
            continue;
        int top = 0;
        groups++;
        done[i] = 1, stack[top++] = i;
        while (top > 0) {
            int k = stack[--top];
            for (int j = 0; j < n; j++)
                if (!done[j] && boc_dir_to(sd, hex[k], hex[j]) >= 0)
                    done[j] = 1, stack[top++] = j;
        }
    }
    return groups;
}

/* Hex h holds no enemy block and touches none (data brief 3.0). */
static int clear_of_enemy(const boc_state *s, const boc_sdata *sd, int h, int enemy)
{
    return s->count[enemy][h] == 0 && !boc_enemy_adjacent(s, sd, h, enemy);
}

/* May u deploy now (the deploying side's block on the map, not yet moved)? */
static int may_deploy(const boc_state *s, const boc_sdata *sd, int u)
{
    return s->decision == BOC_DEC_DEPLOY && sd->block[u].side == s->active &&
           s->unit[u].hex >= 0 && !(s->unit[u].flags & (BOC_U_DEPLOYED | BOC_U_ANON));
}

/* Hexes within BOC_DEPLOY_HEXES steps of u's hex through hexes clear of the
 * enemy, its own hex left out, rooms and divisions aside; into hexes. */
static int deploy_reach(const boc_state *s, const boc_sdata *sd, int u, int *hexes)
{
    int from = s->unit[u].hex, enemy = 1 - sd->block[u].side, n = 0, ring = 0;
    uint8_t mark[BOC_MAX_HEXES] = {0};
    if (!clear_of_enemy(s, sd, from, enemy))
        return 0; /* it may not leave a hex next to the enemy */
    mark[from] = 1;
    for (int step = 0; step < BOC_DEPLOY_HEXES; step++) {
        int lo = step == 0 ? -1 : ring, hi = n;
        ring = n;
        for (int i = lo; i < hi; i++) {
            int x = i < 0 ? from : hexes[i];
            for (int d = 0; d < 6; d++) {
                int y = boc_step(sd, x, d);
                if (y < 0 || mark[y] || !clear_of_enemy(s, sd, y, enemy))
                    continue;
                mark[y] = 1, hexes[n++] = y;
            }
        }
    }
    return n;
}

int boc_deploy_hexes(const boc_state *s, const boc_sdata *sd, int u, int *hexes)
{
    int all[BOC_MAX_HEXES], k = 0;
    if (!may_deploy(s, sd, u))
        return 0;
    int m = deploy_reach(s, sd, u, all), before = division_groups(s, sd, u, s->unit[u].hex);
    for (int i = 0; i < m; i++)
        if (boc_stack_room(s, sd, all[i], u) && division_groups(s, sd, u, all[i]) <= before)
            hexes[k++] = all[i];
    return k;
}

int boc_deploy_any(const boc_state *s, const boc_sdata *sd, int side)
{
    for (int u = 0; u < sd->nblock; u++)
        if (sd->block[u].side == side && s->unit[u].hex >= 0)
            return 1;
    return 0;
}

int boc_deploy_legal(const gr_game *g, gr_action *out, int cap)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    int hexes[BOC_MAX_HEXES], n = 0;
    for (int u = 0; u < sd->nblock; u++) {
        int m = boc_deploy_hexes(s, sd, u, hexes);
        for (int i = 0; i < m; i++, n++)
            if (n < cap)
                out[n] = (gr_action){.kind = BOC_A_DEPLOY,
                                     .player = s->active,
                                     .nargs = 2,
                                     .arg = {u, hexes[i]}};
    }
    if (n < cap)
        out[n] = (gr_action){.kind = BOC_A_END_DEPLOY, .player = s->active};
    return n + 1;
}

/* GR_OK when u may deploy to `to`, else the refusal naming the rule. */
static gr_status deploy_check(const boc_state *s, const boc_sdata *sd, int u, int to,
                              gr_error *why)
{
    int all[BOC_MAX_HEXES], ok = 0;
    if (s->decision != BOC_DEC_DEPLOY)
        return gr_fail(why, "boc:R0-c", "Free Deployment is not under way");
    if (u < 0 || u >= sd->nblock || sd->block[u].side != s->active || s->unit[u].hex < 0 ||
        (s->unit[u].flags & BOC_U_ANON))
        return gr_fail(why, "boc:R0-c", "deploy one of your blocks on the map");
    if (s->unit[u].flags & BOC_U_DEPLOYED)
        return gr_fail(why, "boc:R0-c", "each block moves once in the Free Deployment");
    int m = deploy_reach(s, sd, u, all);
    for (int i = 0; i < m; i++)
        ok |= all[i] == to;
    if (!ok)
        return gr_fail(why, "boc:R0-c",
                       "a block moves up to %d hexes, never into, through or out of a hex next "
                       "to the enemy (data brief 3.0)",
                       BOC_DEPLOY_HEXES);
    if (!boc_stack_room(s, sd, to, u))
        return gr_fail(why, "boc:R6.2-a", "no room in that hex: stacking is respected");
    if (division_groups(s, sd, u, to) > division_groups(s, sd, u, s->unit[u].hex))
        return gr_fail(why, "boc:R0-c", "its division stays contiguous (data brief 3.0)");
    return GR_OK;
}

gr_status boc_deploy_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    if (a->kind == BOC_A_END_DEPLOY) {
        if (s->decision != BOC_DEC_DEPLOY)
            return gr_fail(why, "boc:R0-c", "Free Deployment is not under way");
        boc_flow_run(g); /* the step after this side's deployment */
        return GR_OK;
    }
    int u = a->arg[0], to = a->arg[1];
    gr_status st = deploy_check(s, sd, u, to, why);
    if (st != GR_OK)
        return st;
    int from = s->unit[u].hex;
    boc_place(s, sd, u, to);
    s->unit[u].flags |= BOC_U_DEPLOYED;
    gr_event e = {.kind = BOC_EV_MOVE, .nargs = 4, .arg = {u, from, to, 0}};
    e.vis = (uint8_t)((s->unit[u].flags & BOC_U_REVEALED) ? GR_VIS_ALL : 1u << s->active);
    gr_emit(g, &e);
    gr_emitv(g, BOC_EV_BLOCK_MOVED, 3, s->active, from, to); /* what the opponent sees */
    return GR_OK;
}

int boc_deploy_sample(const gr_game *g, gr_rng *rng, gr_action *out)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    int cand[BOC_MAX_UNITS], n = 0, hexes[BOC_MAX_HEXES];
    for (int u = 0; u < sd->nblock; u++)
        if (may_deploy(s, sd, u))
            cand[n++] = u;
    for (;;) {
        int k = (int)gr_rng_below(rng, (uint32_t)(n + 1));
        if (k == n) {
            *out = (gr_action){.kind = BOC_A_END_DEPLOY, .player = s->active};
            return 1;
        }
        int u = cand[k], m = boc_deploy_hexes(s, sd, u, hexes);
        if (m > 0) {
            *out = (gr_action){.kind = BOC_A_DEPLOY,
                               .player = s->active,
                               .nargs = 2,
                               .arg = {u, hexes[gr_rng_below(rng, (uint32_t)m)]}};
            return 1;
        }
        cand[k] = cand[--n]; /* nowhere to go: draw again without it */
    }
}
