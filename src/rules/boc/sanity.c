/* sanity.c — the whole-state consistency check run after every action in
 * tests: block counts per hex match the units, strengths in range, view-only
 * markers only in views, half-hits only where and when they may exist,
 * stacking during the Fire Phase, and the pending decision's bookkeeping:
 * outside a view, the deciding player always has a legal option. */
#include "boc.h"

static gr_status broken(gr_error *err, const char *what, int u)
{
    return gr_failst(err, GR_ERR_STATE, NULL, "boc sanity: %s (unit %d)", what, u);
}

static gr_status check_unit(const gr_game *g, int u, gr_error *err)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    const boc_unit *un = &s->unit[u];
    int hq = boc_type_of(sd, u)->hq;
    if (un->hex >= sd->nhex || un->hex < BOC_LEFT_AT(sd->nhex - 1))
        return broken(err, "location out of range", u);
    if (un->flags & BOC_U_ANON) {
        if (!g->masked || sd->block[u].side == g->viewer)
            return broken(err, "anonymous block outside a view", u);
        return GR_OK; /* a view knows nothing more of it */
    }
    if (un->mdir && (un->hex < 0 || un->mdir > 6 || sd->block[u].side != s->active ||
                     !s->melee[un->hex]))
        return broken(err, "attacker outside a declared melee hex", u);
    if (hq && (un->flags & BOC_U_COLUMN))
        return broken(err, "an HQ in Column: HQs have no formation (S-CL-a)", u);
    if (un->hex == BOC_LOC_ELIM && un->str != 0)
        return broken(err, "eliminated unit with strength", u);
    if (un->hex >= 0 && (un->str < (hq ? 0 : 1) || un->str > sd->block[u].max))
        return broken(err, "strength outside [min, max] (R3.11)", u);
    if ((un->flags & BOC_U_HALF) &&
        (un->hex < 0 || !boc_is_d2(sd, un->hex) || s->phase != BOC_PH_FIRE))
        return broken(err, "half-hit outside a Double Defense hex in the Fire Phase (R5.24)", u);
    return GR_OK;
}

static gr_status check_counts(const gr_game *g, gr_error *err)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    uint8_t count[BOC_NSIDES][BOC_MAX_HEXES] = {{0}};
    int half[BOC_NSIDES][BOC_MAX_HEXES] = {{0}};
    for (int u = 0; u < sd->nblock; u++) {
        const boc_unit *un = &s->unit[u];
        if (un->hex < 0)
            continue;
        count[sd->block[u].side][un->hex]++;
        if ((un->flags & BOC_U_HALF) && ++half[sd->block[u].side][un->hex] > 1)
            return broken(err, "two half-hits in one hex (R5.24-c)", u);
    }
    for (int h = 0; h < BOC_MAX_HEXES; h++)
        for (int p = 0; p < BOC_NSIDES; p++) {
            if (count[p][h] != s->count[p][h])
                return broken(err, "block count of a hex does not match the units", h);
            if (s->phase == BOC_PH_FIRE && s->decision != BOC_DEC_OVERSTACK && h < sd->nhex &&
                count[p][h] > sd->hex[h].stacking)
                return broken(err, "overstacked hex in the Fire Phase (R6.2-a)", h);
        }
    return GR_OK;
}

static gr_status check_decision(const gr_game *g, gr_error *err)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    const boc_fire *f = &s->fire;
    if (s->phase >= BOC_NPHASES || s->decision >= BOC_NDECISIONS || s->active > 1)
        return broken(err, "phase, decision or active player out of range", -1);
    if ((s->phase == BOC_PH_OVER) != (s->decision == BOC_DEC_OVER))
        return broken(err, "game over without the over decision", -1);
    if (s->decision == BOC_DEC_OVERSTACK &&
        (s->stack_hex < 0 || s->stack_hex >= sd->nhex || s->stack_side > 1 ||
         s->count[s->stack_side][s->stack_hex] <=
             boc_stack_limit(s, sd, s->stack_hex, s->stack_side)))
        return broken(err, "overstack decision on a hex within its limit (R6.2-d)", -1);
    if (s->step >= BOC_NSTEPS || s->day_index >= sd->ndays)
        return broken(err, "flow step or day out of range", -1);
    if (!g->masked && s->phase != BOC_PH_OVER && boc_options_open(g) == 0)
        return broken(err, "a decision with no legal option", -1);
    if (s->sp < 0 || (s->supplier != GR_NONE &&
                      (s->supplier < 0 || s->supplier >= sd->nblock ||
                       sd->block[s->supplier].side != s->active ||
                       !(s->unit[s->supplier].flags & BOC_U_ACT_SUP))))
        return broken(err, "supplier or SP out of range (R8.2-a)", -1);
    if ((s->decision == BOC_DEC_COMBAT || s->decision == BOC_DEC_REGROUP) &&
        (s->fight.hex < 0 || s->fight.hex >= sd->nhex || s->fight.round < 1 ||
         s->fight.round > sd->rounds || s->fight.slot < 0 || s->fight.slot > 7))
        return broken(err, "melee decision without a melee being resolved (R7.2)", -1);
    if (s->decision != BOC_DEC_ALLOCATE && s->decision != BOC_DEC_REPULSE)
        return GR_OK;
    if ((s->phase != BOC_PH_FIRE && !(s->phase == BOC_PH_MELEE && f->melee)) || f->hex < 0 ||
        f->hex >= sd->nhex || f->side > 1)
        return broken(err, "hits pending without a target hex", -1);
    if (s->decision == BOC_DEC_ALLOCATE && (f->hits <= 0 || s->count[f->side][f->hex] < 2))
        return broken(err, "allocation pending without hits or choice", -1);
    if (s->decision == BOC_DEC_REPULSE && !g->masked &&
        (f->repulse < 0 || f->repulse >= sd->nblock || s->unit[f->repulse].hex != f->hex))
        return broken(err, "repulse pending without its block in the target hex", -1);
    return GR_OK;
}

gr_status boc_sanity(const gr_game *g, gr_error *err)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    for (int u = 0; u < sd->nblock; u++) {
        gr_status st = check_unit(g, u, err);
        if (st != GR_OK)
            return st;
    }
    for (int u = sd->nblock; u < BOC_MAX_UNITS; u++)
        if (s->unit[u].hex != 0 || s->unit[u].flags)
            return broken(err, "unused unit slot in use", u);
    for (int h = 0; h < sd->nhex; h++) {
        if (s->control[h] > 2 || s->melee[h] > BOC_MEL_RESOLVED)
            return broken(err, "control snapshot or melee record out of range", h);
        if (s->count[0][h] && s->count[1][h] && s->melee[h] != BOC_MEL_SUPPORTED &&
            s->melee[h] != BOC_MEL_UNSUPPORTED)
            return broken(err, "both sides in a hex with no unresolved melee (R7.2-h)", h);
        if (s->melee[h] && s->melee[h] != BOC_MEL_RESOLVED &&
            s->count[s->active][h] > sd->hex[h].stacking)
            return broken(err, "more attackers than the hex's stacking limit (R7.1-d)", h);
    }
    gr_status st = check_counts(g, err);
    return st != GR_OK ? st : check_decision(g, err);
}
