/* cardfx.c — card effects (Part G): dispatch by effect family, the choices
 * an effect asks for (units, hexes, hexsides, armies, options) with their
 * legal actions and validation, the end of an effect (discard pile or back
 * into the deck, SR4.3-f), the helpers the families share (army morale,
 * removal from the game, step losses, disruption in place, leader
 * casualties, the card resolution context), and the army-morale family
 * (Cards 4, 5, 8, 11, 19, 24, 31, 40; EX-11). */
#include <string.h>

#include "cardint.h"

/* ---------------------------------------------------------------- helpers */

void arw_fx_army(gr_game *g, int army, int delta)
{
    arw_army_morale(g, army, delta);
}

int arw_fx_unit_alive(const gr_game *g, int u)
{
    int box = arw_cst(g)->unit[u].box;
    return box == ARW_BOX_MAP || box == ARW_BOX_OFF;
}

int arw_fx_unit_arrived(const gr_game *g, int u)
{
    int box = arw_cst(g)->unit[u].box;
    return box == ARW_BOX_MAP || box == ARW_BOX_ELIMINATED || box == ARW_BOX_CAPTURED;
}

void arw_fx_unit_event(gr_game *g, int u, int what)
{
    arw_emit(g, ARW_E_CARD_UNIT, 3, arw_cst(g)->cm.card, u, what);
}

void arw_fx_remove_unit(gr_game *g, int u)
{
    arw_remove(g, u, ARW_BOX_REMOVED);
    arw_fx_unit_event(g, u, ARW_CU_REMOVED);
}

void arw_fx_rctx(gr_game *g)
{
    /* AMB-51: the army named by the card, else the French */
    arw_rctx_begin(g, ARW_RC_CARD, arw_side_army(ARW_BRITISH), arw_side_army(ARW_ALLIED));
}

int arw_fx_tasks(gr_game *g)
{
    arw_state *s = arw_st(g);
    if (s->stage == ARW_ST_OVER || s->ntasks == 0)
        return 0;
    s->stage = ARW_ST_TASKS; /* flow.c calls arw_cards_resume when they are done */
    return 1;
}

void arw_fx_ucard_set(gr_game *g, int u, unsigned bits)
{
    arw_state *s = arw_st(g);
    if (s->ucard_turn != s->turn) {
        for (int v = 0; v < ARW_MAX_UNITS; v++)
            s->ucard[v] &= (uint8_t)~ARW_UC_TURN_BITS;
        s->ucard_turn = s->turn;
    }
    s->ucard[u] |= (uint8_t)bits;
}

/* ---------------------------------------------------------------- dispatch */

/* Effect family of card c (0 morale, 1 units, 2 this turn, 3 map, 4 combat). */
static int family(const gr_game *g, int c)
{
    switch (arw_dat(g)->card[c].effect) {
    case ARW_CE_MORALE:
    case ARW_CE_FRIENDLY_FIRE:
    case ARW_CE_CHOOSE_MORALE:
    case ARW_CE_CANCEL:
    case ARW_CE_INTELLIGENCE:
    case ARW_CE_ESPIONAGE: return 0;
    case ARW_CE_REMOVE:
    case ARW_CE_DEPLOY:
    case ARW_CE_REPLACE:
    case ARW_CE_DESERTION:
    case ARW_CE_ELIMINATE:
    case ARW_CE_MILITIA_DESERT: return 1;
    case ARW_CE_BREACH:
    case ARW_CE_REPAIR:
    case ARW_CE_BOMBARD: return 3;
    case ARW_CE_SNIPER:
    case ARW_CE_EXPLOSION:
    case ARW_CE_WOUND:
    case ARW_CE_SPIKE: return 4;
    default: return 2;
    }
}

int arw_fx_possible(const gr_game *g, int c, int side)
{
    switch (family(g, c)) {
    case 0: return arw_dat(g)->card[c].effect != ARW_CE_CANCEL ||
                   arw_cst(g)->cm.mode == ARW_CM_RESPONSE;
    case 1: return arw_fx_units_possible(g, c, side);
    case 2: return arw_fx_turn_possible(g, c, side);
    case 3: return arw_fx_map_possible(g, c, side);
    default: return arw_fx_combat_possible(g, c, side);
    }
}

void arw_fx_begin(gr_game *g)
{
    arw_state *s = arw_st(g);
    s->cm.step = 0;
    memset(s->cm.arg, 0, sizeof s->cm.arg);
    switch (family(g, s->cm.card)) {
    case 0: arw_fx_morale(g); break;
    case 1: arw_fx_units(g); break;
    case 2: arw_fx_this_turn(g); break;
    case 3: arw_fx_map(g); break;
    default: arw_fx_combat(g); break;
    }
}

void arw_fx_finish(gr_game *g)
{
    arw_state *s = arw_st(g);
    int c = s->cm.card;
    if (c && arw_dat(g)->card[c].reshuffle) /* SR4.3-f: 28 and 40 */
        arw_deck_return(g, c, ARW_CK_BRITISH | ARW_CK_ALLIED);
    s->cm.card = 0;
    s->cm.step = 0;
    memset(s->cm.arg, 0, sizeof s->cm.arg);
    if (s->rctx.kind == ARW_RC_CARD)
        arw_rctx_end(g);
    if (s->stage == ARW_ST_OVER)
        return;
    s->cm.mode = ARW_CM_WINDOW;
    arw_window_next(g);
}

void arw_cards_resume(gr_game *g)
{
    arw_state *s = arw_st(g);
    arw_rctx_end(g);
    s->stage = ARW_ST_CARDS;
    switch (family(g, s->cm.card)) {
    case 1: arw_fx_units_resume(g); break;
    case 3: arw_fx_map_resume(g); break;
    case 4: arw_fx_combat_resume(g); break;
    case 2: arw_fx_turn_resume(g); break;
    default: arw_fx_finish(g); break;
    }
}

/* ---------------------------------------------------------------- choices */

static int candidates(const gr_game *g, int *out, int cap)
{
    switch (family(g, arw_cst(g)->cm.card)) {
    case 0: return arw_fx_morale_cand(g, out, cap);
    case 1: return arw_fx_units_cand(g, out, cap);
    case 2: return arw_fx_turn_cand(g, out, cap);
    case 3: return arw_fx_map_cand(g, out, cap);
    default: return arw_fx_combat_cand(g, out, cap);
    }
}

/* The action kind that answers the pending choice. */
int arw_fx_choice_action(const gr_game *g)
{
    const arw_state *s = arw_cst(g);
    switch (arw_dat(g)->card[s->cm.card].effect) {
    case ARW_CE_CHOOSE_MORALE:
    case ARW_CE_REINF_EARLY: return ARW_A_CARD_ARMY;
    case ARW_CE_COMMANDERS: return ARW_A_CARD_OPTION;
    case ARW_CE_DEPLOY:
    case ARW_CE_MILITIA_DESERT: return ARW_A_CARD_HEX;
    case ARW_CE_BREACH:
    case ARW_CE_REPAIR: return ARW_A_CARD_SIDE;
    case ARW_CE_BOMBARD: return s->cm.step == 0 ? ARW_A_CARD_HEX : ARW_A_CARD_UNIT;
    default: return ARW_A_CARD_UNIT;
    }
}

/* Card 37's leader retreat is optional: card-done declines it. */
static int optional_choice(const gr_game *g)
{
    return arw_dat(g)->card[arw_cst(g)->cm.card].effect == ARW_CE_MILITIA_DESERT;
}

/* Candidate i as an action (hexsides are encoded hex * 6 + direction). */
static void make(const gr_game *g, int kind, int cand, gr_action *a)
{
    memset(a, 0, sizeof *a);
    a->kind = (uint16_t)kind;
    a->player = arw_cst(g)->cm.side;
    a->nargs = (uint8_t)gr_rules_arw.actions[kind].nfields;
    if (kind == ARW_A_CARD_SIDE) {
        a->arg[0] = cand / 6;
        a->arg[1] = arw_dat(g)->map.nb[cand];
    } else {
        a->arg[0] = cand;
    }
}

int arw_fx_legal(const gr_game *g, gr_action *out, int cap)
{
    int cand[ARW_MAX_MAP_HEXES > 512 ? 512 : ARW_MAX_MAP_HEXES];
    int kind = arw_fx_choice_action(g);
    int n = candidates(g, cand, (int)(sizeof cand / sizeof cand[0]));
    int m = 0;
    for (int i = 0; i < n && i < (int)(sizeof cand / sizeof cand[0]); i++, m++)
        if (m < cap)
            make(g, kind, cand[i], &out[m]);
    if (optional_choice(g)) {
        if (m < cap)
            make(g, ARW_A_CARD_DONE, 0, &out[m]);
        m++;
    }
    return m;
}

gr_status arw_fx_check(const gr_game *g, const gr_action *a, gr_error *err)
{
    int cand[512], kind = arw_fx_choice_action(g);
    if (a->kind == ARW_A_CARD_DONE) {
        if (optional_choice(g))
            return GR_OK;
        return gr_fail(err, "arw:SR4.3-c", "this choice of the card may not be declined");
    }
    if (a->kind != kind)
        return gr_fail(err, "arw:SR4.3-c", "the card asks for a %s now",
                       gr_rules_arw.actions[kind].name);
    int n = candidates(g, cand, 512);
    for (int i = 0; i < n && i < 512; i++) {
        gr_action want;
        make(g, kind, cand[i], &want);
        if (want.arg[0] == a->arg[0] && (kind != ARW_A_CARD_SIDE || want.arg[1] == a->arg[1]))
            return GR_OK;
    }
    return gr_fail(err, "arw:SR4.3-c", "not one of the choices the card allows (%s)",
                   arw_dat(g)->card[arw_cst(g)->cm.card].title);
}

void arw_fx_choice(gr_game *g, const gr_action *a)
{
    switch (family(g, arw_cst(g)->cm.card)) {
    case 0: arw_fx_morale_pick(g, a); break;
    case 1: arw_fx_units_pick(g, a); break;
    case 2: arw_fx_turn_pick(g, a); break;
    case 3: arw_fx_map_pick(g, a); break;
    default: arw_fx_combat_pick(g, a); break;
    }
}

/* ---------------------------------------------------------------- army morale family */

/* Army of an army list index chosen by a roll: even -> first, odd -> second. */
static int by_parity(const arw_card *k, int roll)
{
    return k->alist[(roll % 2) && k->narmies > 1 ? 1 : 0];
}

void arw_fx_morale(gr_game *g)
{
    arw_state *s = arw_st(g);
    const arw_card *k = &arw_dat(g)->card[s->cm.card];
    switch (k->effect) {
    case ARW_CE_MORALE:
        for (int a = 0; a < ARW_NARMIES; a++)
            if (k->morale[a])
                arw_fx_army(g, a, k->morale[a]);
        break;
    case ARW_CE_FRIENDLY_FIRE: /* EX-11: the British roll for the Allied army */
        if (s->cm.by == ARW_BRITISH)
            arw_fx_army(g, by_parity(k, gr_roll(g, 0, 10, ARW_ROLL_CARD)), k->delta);
        else
            arw_fx_army(g, ARW_ARMY_BRITISH, k->delta);
        break;
    case ARW_CE_CHOOSE_MORALE:
        arw_cm_set(g, ARW_CM_CHOICE, s->cm.by);
        return;
    default:
        break;
    }
    arw_fx_finish(g);
}

int arw_fx_morale_cand(const gr_game *g, int *out, int cap)
{
    const arw_card *k = &arw_dat(g)->card[arw_cst(g)->cm.card];
    int n = 0;
    for (int i = 0; i < k->narmies; i++, n++)
        if (n < cap)
            out[n] = k->alist[i];
    return n;
}

void arw_fx_morale_pick(gr_game *g, const gr_action *a)
{
    const arw_card *k = &arw_dat(g)->card[arw_cst(g)->cm.card];
    arw_fx_army(g, a->arg[0], k->delta); /* Card 40: the army of the player's choice */
    arw_fx_finish(g);
}
