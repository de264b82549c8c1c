/* hits.c — applying the hits of one fire (R5.23, R5.24, R5.31-h, R5.32) or
 * of one melee Combat Turn (R7.2-e): strongest block first with the owner
 * choosing among ties, Double Defense half-hits (fire only, R7.3-c), HQs
 * hit last (melee only, R7.5-c), Repulse of long-range last hits,
 * elimination.  One mechanism, two callers (fire/fire.c, melee/melee.c).
 * The owner's choices are his own decisions, hidden from the firer
 * (fog.c). */
#include "../boc.h"

static int is_hq(const boc_sdata *sd, int u)
{
    return boc_type_of(sd, u)->hq;
}

/* Melee: HQs take hits only when no other block of their side is left in
 * the melee (R7.5-c, E-6). */
static int hq_shielded(const boc_state *s, const boc_sdata *sd, int u)
{
    const boc_fire *f = &s->fire;
    if (!f->melee || !is_hq(sd, u))
        return 0;
    for (int v = 0; v < sd->nblock; v++)
        if (sd->block[v].side == f->side && s->unit[v].hex == f->hex && !is_hq(sd, v))
            return 1;
    return 0;
}

int boc_hit_candidates(const boc_state *s, const boc_sdata *sd, int *units)
{
    const boc_fire *f = &s->fire;
    int enemy = f->side, n = 0, best = -1;
    if (f->at != GR_NONE) { /* R5.31-h: only that block */
        if (s->unit[f->at].hex != f->hex)
            return 0;
        units[0] = f->at;
        return 1;
    }
    for (int u = 0; u < sd->nblock; u++) /* R5.24-c: the half-hit block first */
        if (sd->block[u].side == enemy && s->unit[u].hex == f->hex &&
            (s->unit[u].flags & BOC_U_HALF)) {
            units[0] = u;
            return 1;
        }
    for (int u = 0; u < sd->nblock; u++) { /* R5.23-b, R7.2-e: the strongest */
        if (sd->block[u].side != enemy || s->unit[u].hex != f->hex || hq_shielded(s, sd, u))
            continue;
        if (s->unit[u].str > best) {
            best = s->unit[u].str;
            n = 0;
        }
        if (s->unit[u].str == best)
            units[n++] = u;
    }
    return n;
}

/* The owner decides whenever the hex holds two or more blocks and the rules
 * leave a choice open, even when only one block is strongest: asking only on
 * ties would tell the firer that a tie exists (RA3-d).  In a melee every
 * block is face-up (R7.1-h): the owner decides ties only (R7.2-e). */
static int owner_decides(const boc_state *s, const boc_sdata *sd)
{
    const boc_fire *f = &s->fire;
    int units[BOC_MAX_UNITS];
    if (f->at != GR_NONE || s->count[f->side][f->hex] < 2)
        return 0;
    int n = boc_hit_candidates(s, sd, units);
    if (f->melee)
        return n > 1;
    return n > 1 || !(s->unit[units[0]].flags & BOC_U_HALF);
}

void boc_eliminate(gr_game *g, int u)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    int side = sd->block[u].side;
    gr_emitv(g, BOC_EV_ELIMINATED, 2, u, s->unit[u].hex); /* public (RA3-d) */
    s->elim[side]++;
    if (is_hq(sd, u))
        s->fallen[side]++; /* Fallen Leader (R4.61-b) */
    boc_hancock_fell(g, u);
    boc_place(s, sd, u, BOC_LOC_ELIM);
    s->unit[u].str = 0;
    s->unit[u].flags = 0;
    s->unit[u].mdir = 0;
}

/* The owner-only record of which block took a hit (R5.23-d); public when
 * the block is face-up anyway. */
static void emit_private_hit(gr_game *g, int u)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    const boc_unit *un = &s->unit[u];
    gr_event e = {
        .kind = BOC_EV_HIT, .nargs = 3, .arg = {u, un->str, (un->flags & BOC_U_HALF) ? 1 : 0}};
    e.vis = (uint8_t)((un->flags & BOC_U_REVEALED) ? GR_VIS_ALL : 1u << sd->block[u].side);
    gr_emit(g, &e);
}

static void block_hit(gr_game *g, int u, int result)
{
    const boc_sdata *sd = boc_sd(g);
    gr_emitv(g, BOC_EV_BLOCK_HIT, 3, boc_cst(g)->fire.hex, sd->block[u].side, result);
}

static void retreat(gr_game *g, int u, int to)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    int from = s->unit[u].hex;
    boc_place(s, sd, u, to);
    gr_emitv(g, BOC_EV_RETREAT, 3, sd->block[u].side, from, to);
}

int boc_repulse_hexes(const boc_state *s, const boc_sdata *sd, int u, int *hexes)
{
    int side = sd->block[u].side, n = 0, at = s->unit[u].hex;
    for (int d = 0; d < 6; d++) {
        int h = boc_step(sd, at, d);
        if (h >= 0 && s->control[h] == 1 + side && s->count[1 - side][h] == 0 &&
            boc_stack_room(s, sd, h, u))
            hexes[n++] = h;
    }
    return n;
}

/* A long-range last hit: retreat instead of elimination (R5.32-b/c). */
static void repulse(gr_game *g, int u)
{
    boc_state *s = boc_st(g);
    int hexes[6];
    block_hit(g, u, BOC_RES_REPULSED);
    emit_private_hit(g, u);
    int n = boc_repulse_hexes(s, boc_sd(g), u, hexes);
    if (n == 0)
        boc_eliminate(g, u);
    else if (n == 1)
        retreat(g, u, hexes[0]);
    else
        s->fire.repulse = (int16_t)u;
}

/* One hit on block u (R5.24-b/c, R3.11-c, RA5-f). */
static void apply_hit(gr_game *g, int u)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    boc_unit *un = &s->unit[u];
    s->fire.hits--;
    if (!s->fire.melee && boc_is_d2(sd, s->fire.hex)) { /* not in melee (R7.3-c) */
        if (!(un->flags & BOC_U_HALF)) {
            un->flags |= BOC_U_HALF;
            block_hit(g, u, BOC_RES_HALF);
            emit_private_hit(g, u);
            return;
        }
        un->flags &= (uint16_t)~BOC_U_HALF;
    }
    int last = is_hq(sd, u) ? un->str == 0 : un->str <= 1;
    if (last && s->fire.long_range) {
        repulse(g, u);
    } else if (last) {
        block_hit(g, u, BOC_RES_ELIMINATED);
        boc_eliminate(g, u);
    } else {
        un->str--;
        block_hit(g, u, BOC_RES_STEP);
        emit_private_hit(g, u);
    }
}

int boc_hits_continue(gr_game *g)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    int units[BOC_MAX_UNITS];
    for (;;) {
        if (s->fire.repulse != GR_NONE) {
            s->decision = BOC_DEC_REPULSE;
            return 1;
        }
        if (s->fire.hits <= 0)
            break;
        int n = boc_hit_candidates(s, sd, units);
        if (n == 0) { /* R5.23-g, R5.31-h: hits with no block left are lost */
            gr_emitv(g, BOC_EV_HITS_LOST, 2, s->fire.hex, s->fire.hits);
            break;
        }
        if (owner_decides(s, sd)) {
            s->decision = BOC_DEC_ALLOCATE;
            return 1;
        }
        apply_hit(g, units[0]);
    }
    int melee = s->fire.melee;
    s->fire = (boc_fire){.firer = GR_NONE, .hex = GR_NONE, .at = GR_NONE, .repulse = GR_NONE};
    if (!melee)
        s->decision = BOC_DEC_FIRE;
    return 0;
}

/* After the owner's choice: the other hits, then the fire or the melee
 * goes on. */
static void resume(gr_game *g)
{
    int melee = boc_cst(g)->fire.melee;
    if (!boc_hits_continue(g) && melee)
        boc_flow_run(g);
}

int boc_hits_legal(const gr_game *g, gr_action *out, int cap)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    int list[BOC_MAX_UNITS], n, kind;
    if (s->decision == BOC_DEC_ALLOCATE) {
        n = boc_hit_candidates(s, sd, list);
        kind = BOC_A_TAKE_HIT;
    } else if (s->decision == BOC_DEC_REPULSE && s->fire.repulse != GR_NONE) {
        n = boc_repulse_hexes(s, sd, s->fire.repulse, list);
        kind = BOC_A_REPULSE;
    } else {
        return 0;
    }
    for (int i = 0; i < n && i < cap; i++)
        out[i] = (gr_action){.kind = (uint16_t)kind,
                             .player = s->fire.side,
                             .nargs = 1,
                             .arg = {list[i]}};
    return n;
}

static gr_status take_hit(gr_game *g, int u, gr_error *why)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    int list[BOC_MAX_UNITS];
    if (s->decision != BOC_DEC_ALLOCATE)
        return gr_fail(why, "boc:R5.23-c", "there is no hit to allocate now");
    if (u < 0 || u >= sd->nblock)
        return gr_fail(why, NULL, "no such unit");
    if (sd->block[u].side != s->fire.side || s->unit[u].hex != s->fire.hex)
        return gr_fail(why, s->fire.melee ? "boc:R7.2-e" : "boc:R5.23-a",
                       "%s is not a block in the target hex", sd->block[u].id);
    int n = boc_hit_candidates(s, sd, list);
    for (int i = 0; i < n; i++)
        if (list[i] == u) {
            apply_hit(g, u);
            resume(g);
            return GR_OK;
        }
    if (s->fire.melee && is_hq(sd, u))
        return gr_fail(why, "boc:R7.5-c", "an HQ takes the last hit in a melee");
    return gr_fail(why, "boc:R5.23-b", "the hit goes to the strongest block in the hex");
}

static gr_status choose_repulse(gr_game *g, int to, gr_error *why)
{
    boc_state *s = boc_st(g);
    int list[6];
    if (s->decision != BOC_DEC_REPULSE || s->fire.repulse == GR_NONE)
        return gr_fail(why, "boc:R5.32-b", "no block is being repulsed now");
    int n = boc_repulse_hexes(s, boc_sd(g), s->fire.repulse, list);
    for (int i = 0; i < n; i++)
        if (list[i] == to) {
            retreat(g, s->fire.repulse, to);
            s->fire.repulse = GR_NONE;
            resume(g);
            return GR_OK;
        }
    return gr_fail(why, "boc:R5.32-d",
                   "a repulsed block retreats to an adjacent Friendly hex "
                   "below its stacking limit");
}

gr_status boc_hits_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    if (a->kind == BOC_A_TAKE_HIT)
        return take_hit(g, a->arg[0], why);
    return choose_repulse(g, a->arg[0], why);
}
