/* retreat.c — melee retreats (R7.7) and Regroup (R7.9).  An attacker goes
 * back across the hexside it attacked through (R7.7-a); a defender goes to
 * an adjacent Friendly hex, or only when there is none to a Neutral one
 * (R7.7-b), control from the snapshot; never into an Enemy hex, a hex
 * holding enemy units or a hex whose melee is unresolved (R7.7-c); one unit
 * per hexside per round (R7.7-d).  A defender in a map-edge hex may also
 * retreat off the map across an unused off-map hexside (R7.7-e, R2.4), and
 * the attacker of an entry melee back off the map (R6.7-e 2).  After a melee its winner may move units out of the
 * hex into adjacent Friendly hexes and into it from adjacent hexes, one unit
 * per hexside in either direction (R7.9-a/b/c/d). */
#include "../boc.h"

static int unresolved_melee(const boc_state *s, int h)
{
    return s->melee[h] == BOC_MEL_SUPPORTED || s->melee[h] == BOC_MEL_UNSUPPORTED;
}

/* A hex a unit of `side` may retreat or regroup into, control aside. */
static int open_hex(const boc_state *s, int to, int side)
{
    return to >= 0 && s->count[1 - side][to] == 0 && !unresolved_melee(s, to);
}

int boc_melee_retreats(const boc_state *s, const boc_sdata *sd, int u, int *hexes)
{
    int h = s->fight.hex, side = sd->block[u].side, n = 0;
    if (side == s->active) { /* R7.7-a: the way it came */
        int d = s->unit[u].mdir - 1, to = d < 0 ? -1 : boc_step(sd, h, d);
        if (to >= 0 && !(s->fight.used & (1u << d)) && open_hex(s, to, side) &&
            s->control[to] != 2 - side)
            hexes[n++] = to;
        return n;
    }
    for (int pass = 0; pass < 2 && n == 0; pass++) /* Friendly, else Neutral */
        for (int d = 0; d < 6; d++) {
            int to = boc_step(sd, h, d);
            if (to >= 0 && !(s->fight.used & (1u << d)) && open_hex(s, to, side) &&
                s->control[to] == (pass == 0 ? 1 + side : 0))
                hexes[n++] = to;
        }
    return n;
}

int boc_melee_offmap(const boc_state *s, const boc_sdata *sd, int u)
{
    int h = s->fight.hex;
    if (s->unit[u].hex != h)
        return -1;
    if (sd->block[u].side == s->active) { /* the way it came (R7.7-a): off the map after an
                                             entry melee (R6.7-e 2) */
        int d = s->unit[u].mdir - 1;
        return d >= 0 && boc_step(sd, h, d) < 0 && !(s->fight.used & (1u << d)) ? d : -1;
    }
    for (int d = 0; d < 6; d++)
        if (boc_step(sd, h, d) < 0 && !(s->fight.used & (1u << d)))
            return d;
    return -1;
}

/* ------------------------------------------------------------------ regroup */

/* Regroup move of unit u to `to`: 0..5 the hexside used, or -1. */
static int regroup_side(const boc_state *s, const boc_sdata *sd, int u, int to)
{
    int h = s->fight.hex, side = s->fight.regroup - 1, at = s->unit[u].hex;
    if (sd->block[u].side != side || (s->unit[u].flags & (BOC_U_ACTED | BOC_U_ANON)) || at < 0 ||
        to < 0)
        return -1;
    if (at == h) { /* out into a Friendly hex (R7.9-a/b) */
        int d = boc_dir_to(sd, h, to);
        return d >= 0 && !(s->fight.used & (1u << d)) && open_hex(s, to, side) &&
                       s->control[to] == 1 + side
                   ? d
                   : -1;
    }
    int d = boc_dir_to(sd, h, at); /* in from an adjacent hex (R7.9-a) */
    return to == h && d >= 0 && !(s->fight.used & (1u << d)) && open_hex(s, at, side) ? d : -1;
}

int boc_regroup_legal(const boc_state *s, const boc_sdata *sd, gr_action *out, int cap)
{
    int h = s->fight.hex, side = s->fight.regroup - 1, n = 0;
    for (int u = 0; u < sd->nblock; u++) {
        int at = s->unit[u].hex;
        if (sd->block[u].side != side || at < 0 || (at != h && boc_dist(sd, at, h) != 1))
            continue;
        for (int d = 0; d < 6; d++) {
            int to = at == h ? boc_step(sd, h, d) : h;
            if (regroup_side(s, sd, u, to) < 0)
                continue;
            if (n < cap)
                out[n] = (gr_action){.kind = BOC_A_REGROUP,
                                     .player = (uint8_t)side,
                                     .nargs = 2,
                                     .arg = {u, to}};
            n++;
            if (at != h)
                break; /* one destination: the victory hex */
        }
    }
    if (n < cap)
        out[n] = (gr_action){.kind = BOC_A_END_REGROUP, .player = (uint8_t)side};
    return n + 1;
}

int boc_regroup_open(const boc_state *s, const boc_sdata *sd)
{
    gr_action one;
    return boc_regroup_legal(s, sd, &one, 0) > 1;
}

void boc_regroup_end(gr_game *g)
{
    boc_state *s = boc_st(g);
    for (int u = 0; u < boc_sd(g)->nblock; u++)
        s->unit[u].flags &= (uint16_t)~BOC_U_ACTED;
    s->fight = (boc_fight){.hex = GR_NONE};
}

gr_status boc_regroup_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    if (s->decision != BOC_DEC_REGROUP)
        return gr_fail(why, "boc:R7.9-a", "only the winner of a melee regroups, right after it");
    if (a->kind == BOC_A_END_REGROUP) {
        boc_regroup_end(g);
        boc_flow_run(g);
        return GR_OK;
    }
    int u = a->arg[0], to = a->arg[1];
    if (u < 0 || u >= sd->nblock || to < 0 || to >= sd->nhex)
        return gr_fail(why, NULL, "no such unit or hex");
    int d = regroup_side(s, sd, u, to);
    if (d < 0)
        return gr_fail(why, "boc:R7.9-b",
                       "regroup out into an adjacent Friendly hex or in from an adjacent hex, "
                       "one unit per hexside");
    int from = s->unit[u].hex;
    s->fight.used |= (uint8_t)(1u << d); /* both directions (R7.9-c) */
    s->unit[u].flags |= BOC_U_ACTED;
    boc_place(s, sd, u, to);
    gr_event e = {.kind = BOC_EV_REGROUP, .nargs = 3, .arg = {u, from, to}};
    e.vis = (uint8_t)((s->unit[u].flags & BOC_U_REVEALED) ? GR_VIS_ALL : 1u << sd->block[u].side);
    gr_emit(g, &e);
    gr_emitv(g, BOC_EV_BLOCK_MOVED, 3, sd->block[u].side, from, to);
    boc_flow_run(g);
    return GR_OK;
}
