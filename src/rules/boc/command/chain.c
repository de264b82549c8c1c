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

static int hancock_stands_in(const boc_state *s, const boc_sdata *sd);

/* Seniority of CHQ u: Hancock standing in takes the fallen CHQ's when it
 * is higher (S-Hancock-c [REC]). */
static int seniority_of(const boc_state *s, const boc_sdata *sd, int u)
{
    int r = sd->block[u].seniority, in = hancock_stands_in(s, sd);
    if (in >= 0 && u == sd->hancock_unit && sd->block[in].seniority > 0 &&
        (r == 0 || sd->block[in].seniority < r))
        r = sd->block[in].seniority;
    return r;
}

int boc_acting_ahq(const boc_state *s, const boc_sdata *sd, int side)
{
    int a = ahq_block(sd, side), best = -1, rank = 0;
    if (a >= 0 && on_map(s, a))
        return a;
    for (int u = 0; u < sd->nblock; u++) { /* the most senior CHQ on the map */
        const boc_block *b = &sd->block[u];
        int r = b->side == side && is_chq(b->type) && on_map(s, u) ? seniority_of(s, sd, u) : 0;
        if (r > 0 && (best < 0 || r < rank))
            best = u, rank = r;
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
    if (chq >= 0 && chq == hancock_stands_in(s, sd))
        return sd->hancock_unit; /* S-Hancock-c: the substitute CHQ */
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
static int room_near(const boc_state *s, const boc_sdata *sd, int u, int h)
{
    int side = sd->block[u].side;
    if (h < 0)
        return -1;
    if (boc_stack_room(s, sd, h, u) && !s->count[1 - side][h])
        return h;
    for (int d = 0; d < 6; d++) {
        int n = boc_step(sd, h, d);
        if (n >= 0 && s->control[n] == 1 + side && !s->count[1 - side][n] &&
            boc_stack_room(s, sd, n, u))
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
        return room_near(s, sd, u, s->unit[hq].hex);
    for (int i = 0; i < sd->nentry; i++)
        if (s->control[sd->entry[i]] == 1 + side && room_near(s, sd, u, sd->entry[i]) >= 0)
            return room_near(s, sd, u, sd->entry[i]);
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

/* ------------------------------------------------------------------ Hancock */

/* The CHQ Hancock stands in for now: sent, on the map, and Meade never
 * arrived (S-Hancock-c); else -1. */
static int hancock_stands_in(const boc_state *s, const boc_sdata *sd)
{
    int a = ahq_block(sd, BOC_USA), h = sd->hancock_unit;
    if (h < 0 || !s->hk_sent || !on_map(s, h) || (a >= 0 && s->unit[a].hex != BOC_LOC_OUT))
        return -1;
    return s->hk_chq;
}

void boc_hancock_fell(gr_game *g, int u)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    int h = sd->hancock_unit, di = s->day_index, hour = s->hour + sd->hancock_delay;
    if (h < 0 || u == h || s->hk_sent || sd->block[u].side != BOC_USA ||
        sd->block[u].type != BOC_T_CHQ || s->unit[h].hex != BOC_LOC_OUT)
        return;
    if (hour > sd->days[di].last_hour) { /* [REC] the next day's first hour */
        di++;
        hour = di < sd->ndays ? sd->days[di].first_hour : 0;
    }
    s->hk_chq = (int16_t)u;
    s->hk_day = di < sd->ndays ? sd->days[di].day : 0;
    s->hk_hour = (int8_t)hour;
}

/* Day and hour in one comparable number. */
static int when(int day, int hour)
{
    return day * 24 + hour;
}

int boc_hancock_open(const boc_state *s, const boc_sdata *sd)
{
    int h = sd->hancock_unit;
    return h >= 0 && s->active == BOC_USA && s->decision == BOC_DEC_COMMAND && !s->hk_sent &&
           s->hk_chq != GR_NONE && s->hk_day && s->unit[h].hex == BOC_LOC_OUT &&
           when(boc_day_of(s, sd), s->hour) < when(s->hk_day, s->hk_hour);
}

gr_status boc_hancock_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    if (!boc_hancock_open(s, sd))
        return gr_fail(why, "boc:S-Hancock-a",
                       "Hancock may be sent only in the USA Command Phase, after a CHQ fell, "
                       "before his hour, while he is off the map and has not fallen");
    if (a->arg[0] != s->hk_chq)
        return gr_fail(why, "boc:S-Hancock-a", "Hancock replaces the CHQ that fell last");
    s->hk_sent = 1;
    gr_emitv(g, BOC_EV_HANCOCK, 4, s->hk_chq, s->hk_day, s->hk_hour, sd->hancock_entry);
    return GR_OK;
}

int boc_hancock_due(const boc_state *s, const boc_sdata *sd, int u)
{
    return u == sd->hancock_unit && s->hk_sent && s->unit[u].hex == BOC_LOC_OUT &&
           s->active == BOC_USA && when(boc_day_of(s, sd), s->hour) >= when(s->hk_day, s->hk_hour);
}

int boc_entry_of(const boc_state *s, const boc_sdata *sd, int u)
{
    return u == sd->hancock_unit && s->hk_sent ? sd->hancock_entry : sd->arrival[u].entry;
}
