/* cardturn.c — cards whose effect is a state that other rules read: the
 * "this turn" modifiers (close-combat DRMs and column shifts, chits, MA;
 * Cards 12, 13, 26, 27, 29, 36, 39, 48-50, 53: readers in cardquery.c),
 * the effects handed to the state of the rule they change (Card 42: the
 * naval zone, savrules.c; Cards 9, 21: the siege rolls, siege.c; Cards 10,
 * 21: the fire DRM, fire.c; Card 55: the defences, track.c, SR4.14-b,
 * EX-14), Card 29's morale checks of the enemy attackers (AMB-59), Card
 * 39's rally before Movement, Card 47's initiative (AMB-62), the
 * reinforcement schedule (20, 46, 52) and Cards 22/54's commanders'
 * choices. */
#include "cardint.h"

static const arw_card *card_of(const gr_game *g)
{
    return &arw_dat(g)->card[arw_cst(g)->cm.card];
}

/* Non-zero when a declared combat could feel the card's close-combat
 * modifiers (its attackers' army, commander stacked, militia, chits). */
static int cc_relevant(const gr_game *g, const arw_card *k, int side)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    const arw_card_cc *cc = &k->cc;
    int att = s->active;
    if ((cc->att_side == 2 && att == side) || (cc->att_side >= 0 && cc->att_side < 2 &&
                                               att != cc->att_side))
        return 0;
    for (int u = 0; u < d->nunits; u++) {
        const arw_unit *x = &s->unit[u];
        if (!x->combat || x->box != ARW_BOX_MAP || !arw_is_combat_unit(d, u))
            continue;
        int attacker = d->unit[u].side == att;
        if (cc->chits_army >= 0) {
            if (d->unit[u].army == cc->chits_army)
                return 1;
            continue;
        }
        if (!attacker || (cc->att_army >= 0 && d->unit[u].army != cc->att_army) ||
            (cc->militia && !(d->unit[u].flags & ARW_F_MILITIA)) ||
            (cc->commander >= 0 && s->unit[cc->commander].hex != x->hex))
            continue;
        return 1;
    }
    return 0;
}

/* Any enemy combat unit of `side` in the zone (Card 39: Allied units inside
 * the fortification line). */
static int enemy_in_zone(const gr_game *g, int side, unsigned zone)
{
    const arw_data *d = arw_dat(g);
    for (int u = 0; u < d->nunits; u++)
        if (d->unit[u].side != side && arw_is_combat_unit(d, u) &&
            arw_cst(g)->unit[u].box == ARW_BOX_MAP &&
            arw_in_zone(d, arw_cst(g)->unit[u].hex, zone))
            return 1;
    return 0;
}

static int this_turn_possible(const gr_game *g, const arw_card *k, int side)
{
    const arw_data *d = arw_dat(g);
    int t = arw_cst(g)->turn, tactical = !arw_sav_strategic(g);
    if (k->enemy_in_zone && !enemy_in_zone(g, side, k->enemy_in_zone))
        return 0;
    if ((k->cc.drm || k->cc.column || k->cc.chits_army >= 0) && k->cc.stacked < 0)
        return cc_relevant(g, k, side); /* a close-combat card: a combat it touches */
    if (k->siege_side >= 0 && (k->siege_track < 0 || k->siege_track == tactical))
        return t <= ARW_MAX_TURNS && (d->turn[t].flags & ARW_TT_SIEGE);
    if (k->fire_side >= 0)
        return k->fire_track < 0 || k->fire_track == tactical;
    if (k->ma_army >= 0)
        for (int u = 0; u < d->nunits; u++)
            if (d->unit[u].army == k->ma_army && d->unit[u].kind == k->ma_kind &&
                arw_cst(g)->unit[u].box == ARW_BOX_MAP)
                return 1;
    return k->ma_army < 0;
}

/* The next group of reinforcements of `army` due (smallest effective entry
 * turn of its units still to come), as its printed turn; 0 when none. */
static int next_group(const gr_game *g, int army)
{
    const arw_data *d = arw_dat(g);
    int best = 0, printed = 0;
    for (int u = 0; u < d->nunits; u++) {
        int t = arw_cards_entry_turn(g, u);
        if (d->unit[u].army != army || arw_cst(g)->unit[u].box != ARW_BOX_OFF || t <= 0)
            continue;
        if (!best || t < best) {
            best = t;
            printed = d->unit[u].entry_turn;
        }
    }
    return printed;
}

/* Cards 22/54: the leaders of the army concerned on the map. */
static int commander_army(const gr_game *g, const arw_card *k, int side)
{
    (void)g;
    return side == ARW_BRITISH ? ARW_ARMY_BRITISH : k->army;
}

static int leader_after(const gr_game *g, int army, int from)
{
    const arw_data *d = arw_dat(g);
    for (int u = from; u < d->nunits; u++)
        if (d->unit[u].kind == ARW_K_LEADER && d->unit[u].army == army &&
            arw_cst(g)->unit[u].box == ARW_BOX_MAP && !arw_cards_leader_wounded(g, u))
            return u;
    return -1;
}

int arw_fx_turn_possible(const gr_game *g, int c, int side)
{
    const arw_card *k = &arw_dat(g)->card[c];
    const arw_data *d = arw_dat(g);
    int t = arw_cst(g)->turn;
    switch (k->effect) {
    case ARW_CE_INITIATIVE: /* turns with an initiative roll */
        return d->order[t <= ARW_MAX_TURNS ? t : ARW_MAX_TURNS] == ARW_ORDER_INITIATIVE;
    case ARW_CE_DEFENCES:
        return t >= k->turn_lo && t <= k->turn_hi &&
               (!arw_sav_defences_turn(g) || arw_sav_defences_turn(g) > t);
    case ARW_CE_COMMANDERS: return leader_after(g, commander_army(g, k, side), 0) >= 0;
    case ARW_CE_REINF_LATE:
    case ARW_CE_REINF_MA: return next_group(g, k->army) > 0;
    case ARW_CE_REINF_EARLY:
        for (int a = 0; a < ARW_NARMIES; a++)
            if ((k->armies & (1u << a)) && next_group(g, a) > 0)
                return 1;
        return 0;
    default: return this_turn_possible(g, k, side);
    }
}

/* Card 29 (AMB-59): every enemy attacking unit checks morale; a failure
 * retreats 1 hex (its owner chooses) and leaves its combat. */
static int attacker_checks(gr_game *g)
{
    const arw_data *d = arw_dat(g);
    arw_state *s = arw_st(g);
    arw_fx_rctx(g);
    for (int u = 0; u < d->nunits && s->stage != ARW_ST_OVER; u++) {
        if (!s->unit[u].combat || s->unit[u].box != ARW_BOX_MAP || d->unit[u].side != s->active ||
            !arw_is_combat_unit(d, u))
            continue;
        if (!arw_morale_check(g, u, arw_rctx_level(g, d->unit[u].army), 0))
            arw_push(g, ARW_T_RETREAT, d->unit[u].side, d->t.retreat_r, u);
    }
    return arw_fx_tasks(g);
}

/* Card 39: the rally attempts of the active side now (GR15). */
static void rally_now(gr_game *g)
{
    const arw_data *d = arw_dat(g);
    arw_state *s = arw_st(g);
    arw_fx_unit_event(g, ARW_NO_UNIT, ARW_CU_RALLY_FIRST);
    for (int u = 0; u < d->nunits && s->stage != ARW_ST_OVER; u++) {
        const arw_unit *x = &s->unit[u];
        if (d->unit[u].side == s->active && x->box == ARW_BOX_MAP && arw_is_combat_unit(d, u) &&
            x->status != ARW_READY && !arw_enemy_adjacent(g, x->hex, d->unit[u].side))
            arw_rally_unit(g, u);
    }
}

static void reinforcements(gr_game *g, const arw_card *k, int army)
{
    arw_state *s = arw_st(g);
    int t = next_group(g, army);
    if (k->effect == ARW_CE_REINF_LATE)
        s->reinf_late[army] = (uint8_t)t;
    else if (k->effect == ARW_CE_REINF_EARLY)
        s->reinf_early[army] = (uint8_t)t;
    else
        s->surf_turn = (uint8_t)t;
    arw_emit(g, ARW_E_REINF, 4, s->cm.card, army, t, k->delta);
}

/* A "this turn" card whose effect another rule keeps: handed to that rule's
 * own state (Card 42: SR4.11 naval zone; Cards 9, 21: the siege rolls;
 * Cards 10, 21: T-Fire-DRM of the defensive artillery fire). */
static void hand_over(gr_game *g, const arw_card *k)
{
    int tactical = !arw_sav_strategic(g);
    if (k->naval_off)
        arw_naval_zone_off(g); /* savrules.c */
    if (k->siege_side >= 0 && (k->siege_track < 0 || k->siege_track == tactical))
        arw_siege_cancel(g, k->siege_side); /* siege.c */
    if (k->fire_side >= 0 && (k->fire_track < 0 || k->fire_track == tactical))
        arw_fire_add_artillery_drm(g, k->fire_side, k->fire_drm); /* fire.c */
}

/* Card 55 (EX-14): on the first turn a roll decides now or next turn. */
static void defences(gr_game *g, const arw_card *k)
{
    arw_state *s = arw_st(g);
    int t = s->turn;
    if (t == k->turn_lo) {
        int roll = gr_roll(g, 0, 10, ARW_ROLL_CARD);
        if (roll < k->roll_lo || roll > k->roll_hi)
            t++;
    }
    arw_sav_complete_defences(g, t); /* the one SR4.14 state (track.c) */
    arw_emit(g, ARW_E_CARD_FORCE, 3, s->cm.card, s->cm.by, t);
}

void arw_fx_this_turn(gr_game *g)
{
    arw_state *s = arw_st(g);
    const arw_card *k = card_of(g);
    switch (k->effect) {
    case ARW_CE_REINF_EARLY:
    case ARW_CE_COMMANDERS:
        s->cm.arg[0] = (int16_t)(k->effect == ARW_CE_COMMANDERS
                                     ? leader_after(g, commander_army(g, k, s->cm.by), 0)
                                     : 0);
        arw_cm_set(g, ARW_CM_CHOICE, s->cm.by);
        return;
    case ARW_CE_REINF_LATE:
    case ARW_CE_REINF_MA: reinforcements(g, k, k->army); break;
    case ARW_CE_DEFENCES: defences(g, k); break;
    default: /* in force this turn (card_turn) */
        arw_emit(g, ARW_E_CARD_FORCE, 3, s->cm.card, s->cm.by, s->turn);
        hand_over(g, k);
        if (k->rally_first)
            rally_now(g);
        if (k->attacker_checks && attacker_checks(g))
            return;
        break;
    }
    arw_fx_finish(g);
}

int arw_fx_turn_cand(const gr_game *g, int *out, int cap)
{
    const arw_card *k = card_of(g);
    int n = 0;
    if (k->effect == ARW_CE_COMMANDERS) {
        for (int o = ARW_CO_DOUBLE_MA; o <= ARW_CO_RALLY; o++, n++)
            if (n < cap)
                out[n] = o;
        return n;
    }
    for (int a = 0; a < ARW_NARMIES; a++) /* Card 46: an army with reinforcements due */
        if ((k->armies & (1u << a)) && next_group(g, a) > 0) {
            if (n < cap)
                out[n] = a;
            n++;
        }
    return n;
}

/* Cards 22/54: leader l's stack gets the chosen benefit this turn. */
static void commander_choice(gr_game *g, int l, int option)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    unsigned bit = option == ARW_CO_DOUBLE_MA ? ARW_UC_DOUBLE_MA : ARW_UC_RALLY;
    for (int u = s->hex[s->unit[l].hex].head; u != ARW_NO_UNIT; u = s->unit[u].next)
        if (d->unit[u].side == d->unit[l].side) {
            arw_fx_ucard_set(g, u, bit);
            arw_fx_unit_event(g, u, option == ARW_CO_DOUBLE_MA ? ARW_CU_DOUBLE_MA : ARW_CU_RALLY);
        }
}

void arw_fx_turn_pick(gr_game *g, const gr_action *a)
{
    arw_state *s = arw_st(g);
    const arw_card *k = card_of(g);
    if (k->effect == ARW_CE_REINF_EARLY) {
        reinforcements(g, k, a->arg[0]);
        arw_fx_finish(g);
        return;
    }
    int l = s->cm.arg[0];
    commander_choice(g, l, a->arg[0]);
    l = leader_after(g, commander_army(g, k, s->cm.by), l + 1);
    if (l < 0) {
        arw_fx_finish(g);
        return;
    }
    s->cm.arg[0] = (int16_t)l; /* each leader chooses for his own stack */
}

/* After Card 29's retreats: a unit that retreated is no longer in its
 * combat (AMB-59; a combat left without attackers is cancelled when its
 * turn comes, combat.c), unless it became a guest (GR13.25). */
void arw_fx_turn_resume(gr_game *g)
{
    arw_state *s = arw_st(g);
    for (int u = 0; u < arw_dat(g)->nunits; u++) {
        arw_unit *x = &s->unit[u];
        if (!(x->flags & ARW_U_RETREATED))
            continue;
        x->flags &= (uint16_t)~ARW_U_RETREATED;
        if (!(x->flags & ARW_U_GUEST))
            x->combat = 0;
    }
    arw_fx_finish(g);
}
