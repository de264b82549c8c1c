/* melee.c — resolving the declared melees in the Melee Phase (R7.1-g,
 * R7.2-R7.6): one hex at a time in the order the active player chooses;
 * every unit in it revealed (R7.1-h); rounds of Combat Turns in letter
 * order, defenders before attackers within a letter (R7.2-c, D.11), the
 * owner choosing the order within one side and letter (E-22); on its turn a
 * unit melees (rolls its strength in dice at its effective firepower) or
 * retreats (retreat.c); in the last round (3, or 2 when unsupported) every
 * attacker retreats on its turn (R7.2-g, R7.8-b); the melee ends as soon as
 * one side has no unit left in the hex (R7.2-h), then the winner may
 * regroup (retreat.c).  Hits go through fire/hits.c (no Double Defense, HQs
 * last). */
#include <assert.h>

#include "../boc.h"

static int attacker(const boc_state *s, const boc_sdata *sd, int u)
{
    return sd->block[u].side == s->active;
}

int boc_melee_side_penalty(const boc_sdata *sd, int from, int dir)
{
    const boc_sidedata *f = boc_side(sd, from, dir);
    int p = 0;
    if (f->cover != BOC_HS_CLEAR)
        p += sd->hs[f->cover].melee;
    if (f->water)
        p += sd->hs[f->water].melee;
    int slope = f->slope > 0 ? f->slope : -f->slope;
    int kind = slope == 1 ? BOC_HS_RIDGE : slope == 2 ? BOC_HS_HILL : BOC_HS_CLEAR;
    if (kind != BOC_HS_CLEAR && (f->slope > 0 || !sd->hs[kind].uphill_only))
        p += sd->hs[kind].melee;
    return p;
}

int boc_melee_power_as(const boc_state *s, const boc_sdata *sd, int u, int round, int att,
                       int from, int dir)
{
    const boc_block *b = &sd->block[u];
    int fp = b->melee_fp >= 0 ? b->melee_fp : b->fp; /* R3.31-a */
    if (round == 1 && s->column_rule && (s->unit[u].flags & BOC_U_COLUMN))
        return 0; /* S-CL-e [REC]: a Column defender does not fire in Round 1 */
    if (b->type == BOC_T_ART)
        return round == 1 ? sd->art_fp1 : sd->art_fp_later; /* R7.4-b */
    if (b->type == BOC_T_HORSE_ART && round > 1)
        return sd->art_fp_later; /* R7.4-c */
    if (round == 1 && b->type == BOC_T_CAV)
        fp += att ? sd->cav_attack : sd->cav_defend; /* R7.6-a/c */
    if (round == 1 && att && from >= 0)
        fp += boc_melee_side_penalty(sd, from, dir); /* R7.3-b: attackers, Round 1 */
    return fp;
}

int boc_melee_power(const boc_state *s, const boc_sdata *sd, int u, int round)
{
    int att = attacker(s, sd, u), from = -1, dir = 0;
    if (att && s->unit[u].mdir > 0) {
        int side = s->unit[u].mdir - 1;
        from = boc_step(sd, s->unit[u].hex, side); /* off the map: an entry melee */
        dir = (side + 3) % 6;
    }
    return boc_melee_power_as(s, sd, u, round, att, from, dir);
}

static int last_round(const boc_state *s, const boc_sdata *sd)
{
    return s->melee[s->fight.hex] == BOC_MEL_UNSUPPORTED ? sd->unsupported_rounds : sd->rounds;
}

/* The side and letter acting at slot k (R7.2-c: def A, att A, def B...). */
static int slot_side(const boc_state *s, int k)
{
    return (k & 1) ? s->active : 1 - s->active;
}

static int letter_of(const boc_sdata *sd, int u)
{
    int l = sd->block[u].morale - 'A';
    return l < 0 ? 0 : l > 3 ? 3 : l;
}

/* Units whose Combat Turn is now: the current slot's side and letter, in
 * the hex, not yet acted this round. */
static int turn_candidates(const boc_state *s, const boc_sdata *sd, int *units)
{
    int n = 0, side = slot_side(s, s->fight.slot), letter = s->fight.slot >> 1;
    for (int u = 0; u < sd->nblock; u++)
        if (s->unit[u].hex == s->fight.hex && sd->block[u].side == side &&
            letter_of(sd, u) == letter && !(s->unit[u].flags & BOC_U_ACTED))
            units[n++] = u;
    return n;
}

int boc_melee_decider(const boc_state *s)
{
    if (s->decision == BOC_DEC_REGROUP)
        return s->fight.regroup - 1;
    if (s->decision == BOC_DEC_COMBAT)
        return slot_side(s, s->fight.slot);
    return s->active;
}

/* ------------------------------------------------------------------ acting */

static void clear_acted(boc_state *s, const boc_sdata *sd)
{
    for (int u = 0; u < sd->nblock; u++)
        s->unit[u].flags &= (uint16_t)~BOC_U_ACTED;
}

/* A unit melees (R7.2-d): its strength in dice; 1 when the side hit must
 * choose where a hit goes. */
static int strike(gr_game *g, int u)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    int fp = boc_melee_power(s, sd, u, s->fight.round);
    int dice = fp > 0 ? s->unit[u].str : 0, hits = 0; /* RA4-c, R7.5-b */
    s->unit[u].flags |= BOC_U_ACTED;
    for (int i = 0; i < dice; i++)
        if (gr_roll(g, 1, sd->die_sides, BOC_ROLL_MELEE) <= fp)
            hits++;
    gr_emitv(g, BOC_EV_STRIKE, 5, u, s->fight.round, fp, dice, hits);
    s->fire = (boc_fire){.firer = (int16_t)u,
                         .hex = s->fight.hex,
                         .at = GR_NONE,
                         .repulse = GR_NONE,
                         .hits = (int8_t)hits,
                         .melee = 1,
                         .side = (uint8_t)(1 - sd->block[u].side)};
    return boc_hits_continue(g);
}

/* Retreat of unit u to hex `to` (R7.7-a/b/d). */
static void withdraw(gr_game *g, int u, int to)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    int from = s->fight.hex, d = boc_dir_to(sd, from, to);
    assert(d >= 0);
    s->fight.used |= (uint8_t)(1u << d);
    s->unit[u].flags |= BOC_U_ACTED;
    s->unit[u].mdir = 0;
    boc_place(s, sd, u, to);
    gr_emitv(g, BOC_EV_MELEE_RETREAT, 3, u, from, to); /* face-up: public */
}

/* A defender (or an entry melee's attacker, R6.7-e 2) retreats off the
 * map across off-map side d (R7.7-e): it is disorganised for the day and
 * back at night (R2.4-b/c). */
static void withdraw_off(gr_game *g, int u, int d)
{
    boc_state *s = boc_st(g);
    int from = s->fight.hex;
    s->fight.used |= (uint8_t)(1u << d);
    s->unit[u].flags |= BOC_U_ACTED | BOC_U_DISORG;
    s->unit[u].mdir = 0;
    boc_place(s, boc_sd(g), u, BOC_LEFT_AT(from));
    gr_emitv(g, BOC_EV_EXIT, 2, u, from); /* face-up: public */
    gr_emitv(g, BOC_EV_BLOCK_LEFT, 2, boc_sd(g)->block[u].side, from);
}

/* The last round's attacker: retreats to where it came from, or, with no
 * way back, is eliminated (R7.2-g, R7.7-a, R7.7-g). */
static void forced_retreat(gr_game *g, int u)
{
    int hexes[6], d = boc_melee_offmap(boc_cst(g), boc_sd(g), u);
    if (boc_melee_retreats(boc_cst(g), boc_sd(g), u, hexes) > 0)
        withdraw(g, u, hexes[0]);
    else if (d >= 0)
        withdraw_off(g, u, d); /* an entry melee's attacker (R6.7-e 2) */
    else
        boc_eliminate(g, u);
}

/* ------------------------------------------------------------------ the melee */

static void start_fight(gr_game *g, int hex)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    s->fight = (boc_fight){.hex = (int16_t)hex, .round = 1, .slot = 0};
    clear_acted(s, sd);
    for (int u = 0; u < sd->nblock; u++)
        if (s->unit[u].hex == hex)
            boc_reveal(g, u, BOC_WHY_MELEE); /* R7.1-h */
    gr_emitv(g, BOC_EV_MELEE_ROUND, 2, hex, 1);
}

/* The melee ends when one side has no unit left in the hex (R7.2-h); the
 * winner may then regroup (R7.9). */
static int fight_over(gr_game *g)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    int h = s->fight.hex, att = s->count[s->active][h], def = s->count[1 - s->active][h];
    if (att && def)
        return 0;
    int winner = att ? s->active : 1 - s->active;
    gr_emitv(g, BOC_EV_MELEE_END, 2, h, winner);
    s->melee[h] = BOC_MEL_RESOLVED;
    for (int u = 0; u < sd->nblock; u++)
        if (s->unit[u].hex == h)
            s->unit[u].mdir = 0; /* the attacker has taken the hex */
    clear_acted(s, sd);
    s->fight.regroup = (uint8_t)(1 + winner);
    s->fight.used = 0;
    return 1;
}

/* A Column unit may change to Line as its Round 1 Combat Turn (S-CL-e). */
static int may_form_line(const boc_state *s, int u)
{
    return s->fight.round == 1 && s->column_rule && (s->unit[u].flags & BOC_U_COLUMN);
}

/* The next Combat Turn: 1 when its owner must decide (or a hit must be
 * allocated), 0 to go on. */
static int next_turn(gr_game *g)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    int units[BOC_MAX_UNITS], hexes[6];
    int n = turn_candidates(s, sd, units);
    if (n == 0 && s->fight.slot < 7) {
        s->fight.slot++;
        return 0;
    }
    if (n == 0) { /* R7.2-f: the next round */
        assert(s->fight.round < last_round(s, sd));
        s->fight.round++;
        s->fight.slot = 0;
        s->fight.used = 0;
        clear_acted(s, sd);
        gr_emitv(g, BOC_EV_MELEE_ROUND, 2, s->fight.hex, s->fight.round);
        return 0;
    }
    if (attacker(s, sd, units[0]) && s->fight.round == last_round(s, sd)) {
        forced_retreat(g, units[0]); /* R7.2-g, R7.8-b */
        return 0;
    }
    if (n == 1 && boc_melee_retreats(s, sd, units[0], hexes) == 0 &&
        boc_melee_offmap(s, sd, units[0]) < 0 && !may_form_line(s, units[0]))
        return strike(g, units[0]); /* its only choice (R7.7-g) */
    s->decision = BOC_DEC_COMBAT;
    return 1;
}

/* The declared melees not yet resolved: count, the first into *first. */
static int unresolved(const boc_state *s, const boc_sdata *sd, int *first)
{
    int n = 0;
    *first = -1;
    for (int h = 0; h < sd->nhex; h++)
        if (s->melee[h] == BOC_MEL_SUPPORTED || s->melee[h] == BOC_MEL_UNSUPPORTED) {
            if (n++ == 0)
                *first = h;
        }
    return n;
}

int boc_melee_step(gr_game *g)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    for (;;) {
        int first;
        if (s->fight.regroup) {
            if (boc_regroup_open(s, sd)) {
                s->decision = BOC_DEC_REGROUP;
                return 1;
            }
            boc_regroup_end(g);
            continue;
        }
        if (s->fight.hex == GR_NONE) {
            int n = unresolved(s, sd, &first);
            if (n == 0)
                return 0;
            if (n > 1) {
                s->decision = BOC_DEC_MELEE; /* R7.1-g: the active player's order */
                return 1;
            }
            start_fight(g, first);
            continue;
        }
        if (fight_over(g))
            continue;
        if (next_turn(g))
            return 1;
    }
}

void boc_melee_phase_end(boc_state *s, const boc_sdata *sd)
{
    for (int h = 0; h < sd->nhex; h++)
        s->melee[h] = BOC_MEL_NONE;
    for (int u = 0; u < sd->nblock; u++) {
        s->unit[u].mdir = 0;
        s->unit[u].flags &= (uint16_t)~BOC_U_ACTED;
    }
    s->fight = (boc_fight){.hex = GR_NONE};
}

/* ------------------------------------------------------------------ decisions */

int boc_melee_legal(const gr_game *g, gr_action *out, int cap)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    int units[BOC_MAX_UNITS], hexes[6], n = 0, p = boc_melee_decider(s);
#define PUSH(k, na, a0, a1)                                                                        \
    do {                                                                                           \
        if (n < cap)                                                                               \
            out[n] = (gr_action){.kind = (k), .player = (uint8_t)p, .nargs = (na), .arg = {a0, a1}}; \
        n++;                                                                                       \
    } while (0)
    if (s->decision == BOC_DEC_MELEE) {
        for (int h = 0; h < sd->nhex; h++)
            if (s->melee[h] == BOC_MEL_SUPPORTED || s->melee[h] == BOC_MEL_UNSUPPORTED)
                PUSH(BOC_A_RESOLVE, 1, h, 0);
    } else if (s->decision == BOC_DEC_COMBAT) {
        int m = turn_candidates(s, sd, units);
        for (int i = 0; i < m; i++) {
            PUSH(BOC_A_STRIKE, 1, units[i], 0);
            int r = boc_melee_retreats(s, sd, units[i], hexes);
            for (int j = 0; j < r; j++)
                PUSH(BOC_A_WITHDRAW, 2, units[i], hexes[j]);
            if (boc_melee_offmap(s, sd, units[i]) >= 0)
                PUSH(BOC_A_WITHDRAW_OFF, 1, units[i], 0);
            if (may_form_line(s, units[i]))
                PUSH(BOC_A_FORMATION, 2, units[i], 0);
        }
    } else if (s->decision == BOC_DEC_REGROUP) {
        n = boc_regroup_legal(s, sd, out, cap);
    }
#undef PUSH
    return n;
}

/* Is it unit u's Combat Turn now? */
static gr_status turn_of(const boc_state *s, const boc_sdata *sd, int u, gr_error *why)
{
    int units[BOC_MAX_UNITS], ok = 0;
    if (s->decision != BOC_DEC_COMBAT)
        return gr_fail(why, "boc:R7.2-b", "no Combat Turn is waiting now");
    int m = turn_candidates(s, sd, units);
    for (int i = 0; i < m; i++)
        ok |= units[i] == u;
    if (!ok)
        return gr_fail(why, "boc:R7.2-c",
                       "Combat Turns go by letter, defenders first; that unit's is not now");
    return GR_OK;
}

gr_status boc_melee_form_line(gr_game *g, const gr_action *a, gr_error *why)
{
    boc_state *s = boc_st(g);
    int u = a->arg[0];
    gr_status st = turn_of(s, boc_sd(g), u, why);
    if (st != GR_OK)
        return st;
    if (!may_form_line(s, u) || a->arg[1])
        return gr_fail(why, "boc:S-CL-e", "in melee a Column unit changes to Line in Round 1");
    boc_form_line_now(g, u);
    boc_flow_run(g);
    return GR_OK;
}

static gr_status combat_turn(gr_game *g, const gr_action *a, gr_error *why)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    int hexes[6], u = a->arg[0];
    gr_status st = turn_of(s, sd, u, why);
    if (st != GR_OK)
        return st;
    if (a->kind == BOC_A_STRIKE) {
        if (!strike(g, u))
            boc_flow_run(g);
        return GR_OK;
    }
    if (a->kind == BOC_A_WITHDRAW_OFF) {
        int d = boc_melee_offmap(s, sd, u);
        if (d < 0)
            return gr_fail(why, "boc:R7.7-e",
                           "only a defender in a map-edge hex retreats off the map, one a hexside");
        withdraw_off(g, u, d);
        boc_flow_run(g);
        return GR_OK;
    }
    int r = boc_melee_retreats(s, sd, u, hexes);
    for (int j = 0; j < r; j++)
        if (hexes[j] == a->arg[1]) {
            withdraw(g, u, hexes[j]);
            boc_flow_run(g);
            return GR_OK;
        }
    return gr_fail(why, attacker(s, sd, u) ? "boc:R7.7-a" : "boc:R7.7-b",
                   "%s may not retreat there", sd->block[u].id);
}

gr_status boc_melee_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    int h = a->arg[0];
    switch (a->kind) {
    case BOC_A_RESOLVE:
        if (s->decision != BOC_DEC_MELEE)
            return gr_fail(why, "boc:R7.1-g", "no melee is waiting to be chosen");
        if (h < 0 || h >= sd->nhex ||
            (s->melee[h] != BOC_MEL_SUPPORTED && s->melee[h] != BOC_MEL_UNSUPPORTED))
            return gr_fail(why, "boc:R7.1-g", "no unresolved melee in that hex");
        start_fight(g, h);
        boc_flow_run(g);
        return GR_OK;
    case BOC_A_STRIKE:
    case BOC_A_WITHDRAW:
    case BOC_A_WITHDRAW_OFF:
        return combat_turn(g, a, why);
    default:
        return boc_regroup_apply(g, a, why);
    }
}
