/* chain.c — the Chain of Command (R4.6, R4.61, D.6): who acts as AHQ (the
 * AHQ on the map, else the most senior CHQ on the map, R4.6-a, R4.61-e),
 * who leads a corps (its CHQ, else after its fall the corps's senior DHQ,
 * R4.61-d, E-17), and the return of fallen DHQs at strength 0 in their
 * side's next Supply Phase (R4.61-c).  Roles are worked out from the
 * positions whenever they are needed: the state holds no role. */
#include <string.h>

#include "../boc.h"

static int on_map(const boc_state *s, int u)
{
    return s->unit[u].hex >= 0;
}

static int is_chq(int t)
{
    return t == BOC_T_CHQ || t == BOC_T_CAV_CHQ;
}

static int is_dhq(int t)
{
    return t == BOC_T_DHQ || t == BOC_T_CAV_DHQ;
}

/* The side's AHQ block, or -1. */
static int ahq_block(const boc_sdata *sd, int side)
{
    for (int u = 0; u < sd->nblock; u++)
        if (sd->block[u].side == side && sd->block[u].type == BOC_T_AHQ)
            return u;
    return -1;
}

int boc_acting_ahq(const boc_state *s, const boc_sdata *sd, int side)
{
    int a = ahq_block(sd, side), best = -1;
    if (a >= 0 && on_map(s, a))
        return a;
    for (int u = 0; u < sd->nblock; u++) { /* the most senior CHQ on the map */
        const boc_block *b = &sd->block[u];
        if (b->side == side && is_chq(b->type) && b->seniority > 0 && on_map(s, u) &&
            (best < 0 || b->seniority < sd->block[best].seniority))
            best = u;
    }
    return best;
}

int boc_corps_leader(const boc_state *s, const boc_sdata *sd, int side, const char *corps)
{
    int chq = -1, first = -1, a = ahq_block(sd, side);
    int ahq_fell = a >= 0 && s->unit[a].hex == BOC_LOC_ELIM;
    for (int u = 0; u < sd->nblock && chq < 0; u++)
        if (sd->block[u].side == side && is_chq(sd->block[u].type) &&
            !strcmp(sd->block[u].corps, corps))
            chq = u;
    if (chq >= 0 && on_map(s, chq) && !(ahq_fell && boc_acting_ahq(s, sd, side) == chq))
        return chq; /* E-17: a temporary AHQ keeps its corps */
    if (chq < 0 || (!on_map(s, chq) && s->unit[chq].hex != BOC_LOC_ELIM))
        return -1; /* no CHQ, or one not yet arrived: nobody is promoted */
    for (int u = 0; u < sd->nblock; u++) { /* R4.61-d: the senior DHQ */
        const boc_block *b = &sd->block[u];
        if (b->side != side || !is_dhq(b->type) || strcmp(b->corps, corps) || !on_map(s, u))
            continue;
        if (b->flags & BOC_B_SUCCESSOR)
            return u;
        if (first < 0)
            first = u; /* [REC] the listed one is gone: another DHQ of the corps */
    }
    return first;
}

/* ------------------------------------------------------------------ fallen DHQs */

/* A hex of `side` near `h` that takes one more block: h itself, else an
 * adjacent Friendly hex (R4.61-c [REC]); -1 when none. */
static int room_near(const boc_state *s, const boc_sdata *sd, int side, int h)
{
    if (h < 0)
        return -1;
    if (s->count[side][h] < sd->hex[h].stacking && !s->count[1 - side][h])
        return h;
    for (int d = 0; d < 6; d++) {
        int n = boc_step(sd, h, d);
        if (n >= 0 && s->control[n] == 1 + side && !s->count[1 - side][n] &&
            s->count[side][n] < sd->hex[n].stacking)
            return n;
    }
    return -1;
}

/* Where fallen DHQ u comes back: its CHQ's hex, else the acting AHQ's, else
 * the first Friendly entry hex of the scenario (R4.61-c [REC]). */
static int return_hex(const boc_state *s, const boc_sdata *sd, int u)
{
    int side = sd->block[u].side, hq = -1;
    for (int v = 0; v < sd->nblock && hq < 0; v++)
        if (sd->block[v].side == side && is_chq(sd->block[v].type) &&
            !strcmp(sd->block[v].corps, sd->block[u].corps) && on_map(s, v))
            hq = v;
    if (hq < 0)
        hq = boc_acting_ahq(s, sd, side);
    if (hq >= 0)
        return room_near(s, sd, side, s->unit[hq].hex);
    for (int i = 0; i < sd->nentry; i++)
        if (s->control[sd->entry[i]] == 1 + side && room_near(s, sd, side, sd->entry[i]) >= 0)
            return room_near(s, sd, side, sd->entry[i]);
    return -1;
}

void boc_fallen_return(gr_game *g)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    for (int u = 0; u < sd->nblock; u++) {
        if (sd->block[u].side != s->active || !is_dhq(sd->block[u].type) ||
            s->unit[u].hex != BOC_LOC_ELIM)
            continue;
        int h = return_hex(s, sd, u);
        if (h < 0)
            continue; /* no room anywhere: it waits for the next Supply Phase */
        s->unit[u] = (boc_unit){.hex = BOC_LOC_ELIM}; /* free, at strength 0 */
        boc_place(s, sd, u, h);
        gr_emitv(g, BOC_EV_LEADER_RETURN, 2, u, h); /* its fall was public */
    }
}
