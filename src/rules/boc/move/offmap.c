/* offmap.c — leaving the map and coming back (R2.4, RB4-a): a unit in a
 * map-edge hex crosses an off-map hexside as its move of the phase (by the
 * one-hex guarantee it always can, R2.4-a REC, R6.4-e); it is disorganised
 * for the rest of the day (R2.4-b) and comes back in the next Night Turn
 * on the Friendly or Neutral entry hex nearest to where it left, keeping
 * its strength (R2.4-c).  Without a Night Turn it never comes back
 * (R2.4-d); either way it never counts against its owner (R2.4-e).
 *
 * Reading: a unit leaves from the hex where it stands and has not moved
 * this phase; moving to the edge and leaving take two Movement Phases.
 *
 * In the Night Turn the owners place the scheduled night arrivals (B.4
 * step 2): `arrive`, a decision of its own (turn/flow.c). */
#include <string.h>

#include "../boc.h"

int boc_edge_hex(const boc_sdata *sd, int hex)
{
    for (int d = 0; d < 6; d++)
        if (boc_step(sd, hex, d) < 0)
            return 1;
    return 0;
}

gr_status boc_exit_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    int u = a->arg[0];
    if (s->decision != BOC_DEC_MOVE)
        return gr_fail(why, "boc:R2.4-a", "a unit leaves the map in the Movement Phase");
    if (u < 0 || u >= sd->nblock)
        return gr_fail(why, NULL, "no such unit");
    gr_status st = boc_may_move(s, sd, u, why);
    if (st != GR_OK)
        return st;
    int hex = s->unit[u].hex;
    if (hex < 0 || !boc_edge_hex(sd, hex))
        return gr_fail(why, "boc:R2.4-a", "%s is not in a map-edge hex", sd->block[u].id);
    boc_place(s, sd, u, BOC_LEFT_AT(hex));
    s->unit[u].flags |= BOC_U_MOVED | BOC_U_DISORG; /* R2.4-b */
    gr_event e = {.kind = BOC_EV_EXIT, .nargs = 2, .arg = {u, hex}};
    e.vis = (uint8_t)((s->unit[u].flags & BOC_U_REVEALED) ? GR_VIS_ALL : 1u << s->active);
    gr_emit(g, &e);
    gr_emitv(g, BOC_EV_BLOCK_LEFT, 2, s->active, hex);
    return GR_OK;
}

/* The Friendly or Neutral entry hex (end-of-day snapshot) nearest to
 * `from` with room for one more block of side and no enemy block (one
 * may have come back there tonight), or -1 (R2.4-c). */
static int return_hex(const boc_state *s, const boc_sdata *sd, int u, int from)
{
    int best = -1, bestd = 1 << 20, side = sd->block[u].side;
    for (int i = 0; i < sd->nentry; i++) {
        int h = sd->entry[i], d = boc_dist(sd, from, h);
        if (s->control[h] == 1 + (1 - side) || s->count[1 - side][h] ||
            !boc_stack_room(s, sd, h, u))
            continue;
        if (d < bestd)
            best = h, bestd = d;
    }
    return best;
}

void boc_night_return(gr_game *g)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    for (int k = 0; k < BOC_NSIDES; k++) {
        int side = k == 0 ? BOC_CSA : BOC_USA; /* CSA first (B.4 step 1) */
        for (int u = 0; u < sd->nblock; u++) {
            int from = boc_left_from(s->unit[u].hex);
            if (sd->block[u].side != side || from < 0)
                continue;
            int h = return_hex(s, sd, u, from);
            if (h < 0)
                continue; /* no room tonight: it waits for the next night */
            boc_place(s, sd, u, h);
            boc_seen(s, u, h); /* where it left is public, so is where it returns */
            gr_event e = {.kind = BOC_EV_RETURN, .nargs = 2, .arg = {u, h}};
            e.vis = (uint8_t)((s->unit[u].flags & BOC_U_REVEALED) ? GR_VIS_ALL : 1u << side);
            gr_emit(g, &e);
            gr_emitv(g, BOC_EV_BLOCK_RETURNED, 2, side, h);
        }
    }
}

/* ------------------------------------------------------------------ night arrivals */

/* The hexes of the entry road through h within `limit` road hexes of it,
 * nearest first (breadth-first, directions in order): order[0] is h. */
static int road_hexes(const boc_sdata *sd, int h, int limit, int *order)
{
    int8_t dist[BOC_MAX_HEXES];
    memset(dist, -1, sizeof dist);
    int n = 0;
    order[n++] = h, dist[h] = 0;
    for (int i = 0; i < n; i++) {
        int x = order[i];
        for (int d = 0; d < 6 && dist[x] < limit; d++) {
            int y = boc_step(sd, x, d), road = boc_side(sd, x, d)->road;
            if (y < 0 || dist[y] >= 0 || road == BOC_ROAD_NONE || road == BOC_ROAD_RAIL)
                continue;
            dist[y] = (int8_t)(dist[x] + 1), order[n++] = y;
        }
    }
    return n;
}

/* May a block of side be placed in h at night (data brief 3.0 step 2)? */
static int night_room(const boc_state *s, const boc_sdata *sd, int u, int h)
{
    int side = sd->block[u].side;
    if (s->control[h] == 1 + (1 - side) || s->count[1 - side][h] || !boc_stack_room(s, sd, h, u))
        return 0;
    for (int d = 0; d < 6; d++) {
        int n = boc_step(sd, h, d);
        if (n >= 0 && s->count[1 - side][n])
            return 0;
    }
    return 1;
}

/* Non-zero when u is a scheduled night arrival due tonight, still off the
 * map (a block with no room waits for the next day, R6.7-h). */
static int night_due(const boc_state *s, const boc_sdata *sd, int u)
{
    return s->phase == BOC_PH_NIGHT && sd->arrival[u].day == boc_day_of(s, sd) &&
           sd->arrival[u].hour == BOC_NIGHT_HOUR && s->unit[u].hex == BOC_LOC_OUT &&
           !(s->unit[u].flags & BOC_U_ANON);
}

/* Non-zero when hex h is, or touches, a hex holding a block of u's
 * division placed tonight; *any set when there is such a block. */
static int near_division(const boc_state *s, const boc_sdata *sd, int u, int h, int *any)
{
    const boc_block *b = &sd->block[u];
    for (int v = 0; v < sd->nblock && b->division[0]; v++) {
        int at = s->unit[v].hex;
        if (v == u || at < 0 || sd->block[v].side != b->side ||
            strcmp(sd->block[v].division, b->division) != 0 ||
            sd->arrival[v].day != sd->arrival[u].day || sd->arrival[v].hour != BOC_NIGHT_HOUR)
            continue;
        *any = 1;
        if (at == h || boc_dir_to(sd, at, h) >= 0)
            return 1;
    }
    return 0;
}

int boc_night_hexes(const boc_state *s, const boc_sdata *sd, int u, int *hexes)
{
    int order[BOC_MAX_HEXES], n = 0, k = 0;
    if (!night_due(s, sd, u))
        return 0;
    int m = road_hexes(sd, sd->arrival[u].entry, sd->night_road, order);
    for (int i = 0; i < m; i++)
        if (night_room(s, sd, u, order[i]))
            hexes[n++] = order[i];
    for (int i = 0; i < n; i++) { /* contiguous with its division, when it can be */
        int any = 0;
        if (near_division(s, sd, u, hexes[i], &any) || !any)
            order[k++] = hexes[i];
    }
    if (k == 0)
        return n;
    for (int i = 0; i < k; i++)
        hexes[i] = order[i];
    return k;
}

int boc_night_pending(const boc_state *s, const boc_sdata *sd, int side)
{
    int hexes[BOC_MAX_HEXES];
    for (int u = 0; u < sd->nblock; u++)
        if (sd->block[u].side == side && night_due(s, sd, u) && boc_night_hexes(s, sd, u, hexes))
            return 1;
    return 0;
}

int boc_arrive_legal(const gr_game *g, gr_action *out, int cap)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    int hexes[BOC_MAX_HEXES], n = 0;
    for (int u = 0; u < sd->nblock; u++) {
        if (sd->block[u].side != s->active)
            continue;
        int m = boc_night_hexes(s, sd, u, hexes);
        for (int i = 0; i < m; i++, n++)
            if (n < cap)
                out[n] = (gr_action){.kind = BOC_A_ARRIVE,
                                     .player = s->active,
                                     .nargs = 2,
                                     .arg = {u, hexes[i]}};
    }
    return n;
}

gr_status boc_arrive_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    int u = a->arg[0], h = a->arg[1], hexes[BOC_MAX_HEXES], ok = 0;
    if (s->decision != BOC_DEC_ARRIVE)
        return gr_fail(why, "boc:B.4", "night arrivals are placed in the Night Turn");
    if (u < 0 || u >= sd->nblock || sd->block[u].side != s->active || !night_due(s, sd, u))
        return gr_fail(why, "boc:R6.7-a", "place one of your blocks due tonight");
    int m = boc_night_hexes(s, sd, u, hexes);
    for (int i = 0; i < m; i++)
        ok |= hexes[i] == h;
    if (!ok)
        return gr_fail(why, "boc:R6.7-b",
                       "a night arrival goes on its entry road within %d hexes, Friendly or "
                       "Neutral, next to no enemy, with room, next to its division",
                       sd->night_road);
    boc_place(s, sd, u, h);
    boc_seen(s, u, sd->arrival[u].entry); /* its road is public, not the hex */
    gr_event e = {.kind = BOC_EV_ARRIVE, .nargs = 2, .arg = {u, h}};
    e.vis = (uint8_t)(1u << s->active); /* the block stands hidden (RA3-d) */
    gr_emit(g, &e);
    gr_emitv(g, BOC_EV_BLOCK_ARRIVED, 2, s->active, h);
    boc_flow_run(g);
    return GR_OK;
}
