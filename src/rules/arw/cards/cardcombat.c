/* cardcombat.c — card effects that strike units and leaders directly:
 * Card 41 "Sniper!" (EX-13: an enemy leader next to a friendly combat
 * unit; retreat or killed), Card 43 "Accidental explosion" (one of the
 * announced firing batteries loses a step, no adjustments), Card 44 "C'est
 * la guerre" (the senior leader of the army the roll names is wounded and
 * sent to his HQ; AMB-61) and Card 51 "spike the guns" (EX-12: one roll read
 * for the battery and for the light infantry). */
#include "cardint.h"

static const arw_card *card_of(const gr_game *g)
{
    return &arw_dat(g)->card[arw_cst(g)->cm.card];
}

static int on_map(const gr_game *g, int u)
{
    return arw_cst(g)->unit[u].box == ARW_BOX_MAP;
}

/* Card 41: enemy leaders adjacent to a friendly combat unit of `side`. */
static int sniper_targets(const gr_game *g, int side, int *out, int cap)
{
    const arw_data *d = arw_dat(g);
    int n = 0;
    for (int u = 0; u < d->nunits; u++) {
        int h = arw_cst(g)->unit[u].hex;
        if (d->unit[u].kind != ARW_K_LEADER || d->unit[u].side == side || !on_map(g, u) ||
            !arw_enemy_adjacent(g, h, 1 - side))
            continue;
        if (n < cap)
            out[n] = u;
        n++;
    }
    return n;
}

/* Card 51: friendly light infantry within `radius` of an enemy battery;
 * with `li` >= 0, the enemy batteries within range of that unit. */
static int spike_cand(const gr_game *g, int side, int li, int r, int *out, int cap)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int n = 0;
    for (int u = 0; u < d->nunits; u++) {
        if (!on_map(g, u))
            continue;
        int ok = 0;
        if (li < 0 && d->unit[u].side == side && (d->unit[u].flags & ARW_F_LIGHT) &&
            arw_is_combat_unit(d, u))
            for (int a = 0; a < d->nunits && !ok; a++)
                ok = on_map(g, a) && d->unit[a].side != side &&
                     d->unit[a].kind == ARW_K_ARTILLERY &&
                     arw_hex_distance(d, s->unit[u].hex, s->unit[a].hex) <= r;
        if (li >= 0)
            ok = d->unit[u].side != side && d->unit[u].kind == ARW_K_ARTILLERY &&
                 arw_hex_distance(d, s->unit[li].hex, s->unit[u].hex) <= r;
        if (ok) {
            if (n < cap)
                out[n] = u;
            n++;
        }
    }
    return n;
}

/* Card 44: the senior leader of `army` on the map (AMB-61), or -1. */
static int senior(const gr_game *g, int army)
{
    const arw_data *d = arw_dat(g);
    int best = -1;
    for (int u = 0; u < d->nunits; u++) {
        const arw_unit_def *l = &d->unit[u];
        if (l->kind != ARW_K_LEADER || l->army != army || !on_map(g, u))
            continue;
        if (best < 0 || l->rank > d->unit[best].rank ||
            (l->rank == d->unit[best].rank && l->seniority < d->unit[best].seniority))
            best = u;
    }
    return best;
}

/* Card 43: the announced firing units still on the map. */
static int fire_cand(const gr_game *g, int *out, int cap)
{
    const arw_state *s = arw_cst(g);
    int n = 0;
    for (int i = 0; i < s->cm.nfire; i++)
        if (on_map(g, s->cm.fire[i])) {
            if (n < cap)
                out[n] = s->cm.fire[i];
            n++;
        }
    return n;
}

int arw_fx_combat_possible(const gr_game *g, int c, int side)
{
    const arw_data *d = arw_dat(g);
    switch (d->card[c].effect) {
    case ARW_CE_SNIPER: return sniper_targets(g, side, NULL, 0) > 0;
    case ARW_CE_EXPLOSION: return fire_cand(g, NULL, 0) > 0;
    case ARW_CE_WOUND:
        for (int i = 0; i < d->card[c].narmies; i++)
            if (senior(g, d->card[c].alist[i]) >= 0)
                return 1;
        return 0;
    default: return spike_cand(g, side, -1, d->card[c].radius, NULL, 0) > 0;
    }
}

/* Card 44: wounded, placed in his army's HQ, out of action this turn. */
static void wound(gr_game *g)
{
    const arw_card *k = card_of(g);
    const arw_data *d = arw_dat(g);
    int roll = gr_roll(g, 0, 10, ARW_ROLL_CARD); /* the Allied player rolls */
    int army = k->alist[(roll % 2) && k->narmies > 1 ? 1 : 0], l = senior(g, army);
    if (l < 0) {
        arw_fx_unit_event(g, ARW_NO_UNIT, ARW_CU_NONE);
        return;
    }
    int hq = d->map.hq[army];
    if (hq >= 0 && arw_hex_owner(g, hq) != 1 - d->unit[l].side)
        arw_place(g, l, hq);
    arw_fx_ucard_set(g, l, ARW_UC_WOUNDED);
    arw_fx_unit_event(g, l, ARW_CU_WOUNDED);
}

void arw_fx_combat(gr_game *g)
{
    arw_state *s = arw_st(g);
    if (card_of(g)->effect == ARW_CE_WOUND) {
        wound(g);
        arw_fx_finish(g);
        return;
    }
    arw_cm_set(g, ARW_CM_CHOICE, s->cm.by);
}

int arw_fx_combat_cand(const gr_game *g, int *out, int cap)
{
    const arw_state *s = arw_cst(g);
    switch (card_of(g)->effect) {
    case ARW_CE_SNIPER: return sniper_targets(g, s->cm.by, out, cap);
    case ARW_CE_EXPLOSION: return fire_cand(g, out, cap);
    default:
        return spike_cand(g, s->cm.by, s->cm.step ? s->cm.arg[0] : -1, card_of(g)->radius, out,
                          cap);
    }
}

/* One result of Card 51's table on unit u, the enemy army `winner` gaining. */
static void spike_result(gr_game *g, int u, int r, int winner)
{
    if (!on_map(g, u) || arw_cst(g)->stage == ARW_ST_OVER)
        return;
    switch (r) {
    case ARW_CR_DISRUPTED:
        arw_disrupt(g, u, winner); /* in place (results.c) */
        arw_fx_unit_event(g, u, ARW_CU_DISRUPTED);
        break;
    case ARW_CR_STEP:
        arw_step_loss(g, u, winner); /* results.c */
        arw_fx_unit_event(g, u, ARW_CU_STEP);
        break;
    case ARW_CR_CAPTURED:
        arw_capture(g, u, winner);
        arw_fx_unit_event(g, u, ARW_CU_CAPTURED);
        break;
    default:
        arw_fx_unit_event(g, u, ARW_CU_NONE);
        break;
    }
}

static void spike(gr_game *g, int li, int art)
{
    const arw_card *k = card_of(g);
    const arw_data *d = arw_dat(g);
    int roll = gr_roll(g, 0, 10, ARW_ROLL_CARD); /* one roll, read twice (EX-12) */
    arw_fx_unit_event(g, art, ARW_CU_TARGET);
    spike_result(g, art, k->table[0][roll], d->unit[li].army);
    spike_result(g, li, k->table[1][roll], d->unit[art].army);
}

static void sniper(gr_game *g, int l)
{
    const arw_card *k = card_of(g);
    const arw_data *d = arw_dat(g);
    int r = k->table[0][gr_roll(g, 0, 10, ARW_ROLL_CARD)];
    arw_fx_unit_event(g, l, ARW_CU_TARGET);
    if (r == ARW_CR_KILLED) {
        arw_fx_unit_event(g, l, ARW_CU_KILLED);
        arw_leader_lost(g, l, ARW_BOX_ELIMINATED, arw_side_army(1 - d->unit[l].side));
    } else if (r == ARW_CR_RETREAT) { /* 1 hex, owner's choice (recommended reading) */
        arw_fx_rctx(g);
        arw_push(g, ARW_T_RETREAT, d->unit[l].side, d->t.retreat_r, l);
        if (arw_fx_tasks(g))
            return;
    } else {
        arw_fx_unit_event(g, l, ARW_CU_NONE);
    }
    arw_fx_finish(g);
}

void arw_fx_combat_pick(gr_game *g, const gr_action *a)
{
    arw_state *s = arw_st(g);
    int u = a->arg[0];
    switch (card_of(g)->effect) {
    case ARW_CE_SNIPER: sniper(g, u); return;
    case ARW_CE_EXPLOSION: /* no army morale or VP change */
        arw_lose_step_no_vp(g, u, 0);
        arw_fx_unit_event(g, u, ARW_CU_STEP);
        break;
    default:
        if (s->cm.step == 0) { /* the light infantry, then the battery */
            s->cm.arg[0] = (int16_t)u;
            s->cm.step = 1;
            return;
        }
        spike(g, s->cm.arg[0], u);
        break;
    }
    arw_fx_finish(g);
}

void arw_fx_combat_resume(gr_game *g)
{
    arw_fx_finish(g);
}
