/* cardplay.c — the card stage (ARW_ST_CARDS): "cards may be played at any
 * moment" (SR4.3-c) as play windows at defined points of the sequence (the
 * start of some phases, the end of the Random Events phase, after the
 * close-combat declarations, after an enemy artillery fire is announced),
 * who may play which card there (flag, timing, weather, SR4.3-d, SR4.3-h),
 * the opponent's answer with Card 7 (never against a red card), the extra
 * draw for a momentum chit (SR1.4-c), Card 17/18's choice, AMB-27's
 * discard-and-redraw of a held card, and the choices inside an effect.
 *
 * A side is asked in a window whenever it holds a card (a public count), so
 * that whether a window stops for a player never reveals his hand; with the
 * default auto=1 a player without a playable card passes automatically. */
#include <string.h>

#include "cardint.h"

void arw_cm_set(gr_game *g, int mode, int side)
{
    arw_state *s = arw_st(g);
    s->cm.mode = (uint8_t)mode;
    s->cm.side = (uint8_t)side;
    s->stage = ARW_ST_CARDS;
}

void arw_cm_return(gr_game *g)
{
    arw_state *s = arw_st(g);
    if (s->stage == ARW_ST_OVER)
        return;
    s->stage = ARW_ST_CARDS;
    if (s->cm.mode == ARW_CM_DRAWS)
        arw_cards_draws_continue(g);
    else
        arw_window_next(g);
}

int arw_cards_action(int kind)
{
    return kind >= ARW_A_EXTRA_CARD && kind <= ARW_A_CARD_DONE;
}

/* ---------------------------------------------------------------- windows */

/* The window kind of the current moment as seen by `side`, or -1. */
int arw_window_for(const gr_game *g, int kind, int side)
{
    int own = side == arw_cst(g)->active;
    if (!(kind & ARW_CW_PHASE))
        switch (kind) {
        case ARW_CW_OWN_ATTACKS: return own ? ARW_CW_OWN_ATTACKS : ARW_CW_ENEMY_ATTACKS;
        case ARW_CW_ENEMY_ART_FIRE: return own ? ARW_CW_ENEMY_ART_FIRE : -1;
        default: return kind;
        }
    switch (kind & ~ARW_CW_PHASE) {
    case ARW_PH_INITIATIVE: return ARW_CW_INITIATIVE;
    case ARW_PH_SIEGE: return ARW_CW_SIEGE;
    case ARW_PH_MOVEMENT: return own ? ARW_CW_OWN_MOVEMENT : ARW_CW_ENEMY_MOVEMENT;
    case ARW_PH_RALLY: return own ? ARW_CW_OWN_RALLY : -1;
    case ARW_PH_DEF_FIRE: return own ? ARW_CW_OWN_FIRE : ARW_CW_ENEMY_FIRE;
    default: return -1;
    }
}

/* Non-zero when `side` is asked in the window being held. */
static int asked(const gr_game *g, int side)
{
    const arw_state *s = arw_cst(g);
    return s->nhand[side] > 0 && arw_window_for(g, s->cm.wkind, side) >= 0;
}

/* First side asked: the active side in a player turn, the British in the
 * turn's opening phases (as for the draws, SR4.3-a). */
static int first_side(const gr_game *g)
{
    const arw_state *s = arw_cst(g);
    return s->seg == ARW_SEG_TURN || s->cm.wkind == ARW_CW_AFTER_DRAWS ? ARW_BRITISH : s->active;
}

static void window_close(gr_game *g)
{
    arw_state *s = arw_st(g);
    int kind = s->cm.wkind;
    s->cm.mode = ARW_CM_IDLE;
    s->cm.passed = 0;
    s->cm.nfire = 0;
    if (kind & ARW_CW_PHASE)
        arw_phase_enter(g, kind & ~ARW_CW_PHASE); /* the phase's own hook */
    else if (kind == ARW_CW_AFTER_DRAWS)
        arw_phase_end(g);
    else
        s->stage = s->cm.resume;
    if (kind == ARW_CW_ENEMY_ART_FIRE)
        arw_art_resolve_announced(g); /* the fire Card 43 could answer */
}

void arw_window_next(gr_game *g)
{
    arw_state *s = arw_st(g);
    int first = first_side(g);
    if (s->stage == ARW_ST_OVER)
        return;
    for (int i = 0; i < 2; i++) {
        int side = i ? 1 - first : first;
        if (!(s->cm.passed & (1u << side)) && asked(g, side)) {
            arw_cm_set(g, ARW_CM_WINDOW, side);
            return;
        }
    }
    window_close(g);
}

/* Holds window `kind`, to be closed into `resume`; 0 when nobody is asked. */
static int open_window(gr_game *g, int kind, int resume)
{
    arw_state *s = arw_st(g);
    if (!arw_cards_on(arw_dat(g)) || (s->nhand[0] == 0 && s->nhand[1] == 0))
        return 0;
    s->cm.wkind = (uint8_t)kind;
    s->cm.resume = (uint8_t)resume;
    s->cm.passed = 0;
    if (!asked(g, ARW_BRITISH) && !asked(g, ARW_ALLIED))
        return 0;
    arw_window_next(g);
    return 1;
}

int arw_cards_phase_window(gr_game *g, int ph)
{
    arw_state *s = arw_st(g);
    if (!arw_cards_on(arw_dat(g)))
        return 0;
    memset(&s->cm, 0, sizeof s->cm); /* a phase (re)starts: nothing pending */
    if (ph != ARW_PH_INITIATIVE && ph != ARW_PH_SIEGE && ph != ARW_PH_MOVEMENT &&
        ph != ARW_PH_RALLY && ph != ARW_PH_DEF_FIRE)
        return 0;
    return open_window(g, (int)ARW_CW_PHASE | ph, ARW_ST_IDLE);
}

int arw_cards_window(gr_game *g, int kind)
{
    if (kind == ARW_CW_OWN_ATTACKS && arw_cst(g)->ncombats == 0)
        return 0;
    return open_window(g, kind, arw_cst(g)->stage);
}

int arw_cards_fire_announced(gr_game *g, const int *units, int n)
{
    arw_state *s = arw_st(g);
    if (!arw_cards_on(arw_dat(g)) || (s->nhand[0] == 0 && s->nhand[1] == 0))
        return 0;
    s->cm.nfire = 0;
    for (int i = 0; i < n && i < 4; i++)
        s->cm.fire[s->cm.nfire++] = (int16_t)units[i];
    if (open_window(g, ARW_CW_ENEMY_ART_FIRE, s->stage))
        return 1;
    memset(s->cm.fire, 0, sizeof s->cm.fire); /* as it was: nobody was asked */
    s->cm.nfire = 0;
    return 0;
}

/* ---------------------------------------------------------------- who may play what */

/* Why a card may not be played at all now: SR4.3-d timing, SR4.3-h
 * weather, SR4.3-e a card taken this turn (TB_* codes). */
enum { TB_OK = 0, TB_RED, TB_STRATEGIC, TB_TACTICAL, TB_WEATHER, TB_TAKEN };
static const char *const TB_WHY[] = {
    NULL, "a red card is played when drawn", "a strategic-turns-only card",
    "a tactical-turns-only card", "no card may be played in Hurricane or Gale",
    "a card taken by Espionage cannot be played this turn"};
static const char *const TB_RULE[] = {NULL, "arw:SR4.3-d", "arw:SR4.3-d", "arw:SR4.3-d",
                                      "arw:SR4.3-h", "arw:SR4.3-e"};

static int timing_barred(const gr_game *g, int c)
{
    const arw_card *k = &arw_dat(g)->card[c];
    int tactical = !arw_sav_strategic(g);
    if (k->timing == ARW_CT_RED)
        return TB_RED;
    if (k->timing == ARW_CT_STRATEGIC && tactical)
        return TB_STRATEGIC;
    if (k->timing == ARW_CT_TACTICAL && !tactical)
        return TB_TACTICAL;
    if (!arw_weather_allows(g, ARW_WXF_CARDS)) /* T-Weather: Hurricane, Gale */
        return TB_WEATHER;
    if (arw_cst(g)->card_turn[c] == arw_cst(g)->turn)
        return TB_TAKEN;
    return TB_OK;
}

int arw_card_playable(const gr_game *g, int c, int side, int kind)
{
    const arw_state *s = arw_cst(g);
    const arw_card *k = &arw_dat(g)->card[c];
    int w = arw_window_for(g, kind, side);
    return s->card_loc[c] == arw_hand_loc(side) && (k->sides & (1u << side)) &&
           timing_barred(g, c) == TB_OK && w >= 0 && (k->windows & (1u << w)) &&
           !arw_card_void(g, c) && arw_fx_possible(g, c, side);
}

/* ---------------------------------------------------------------- pending, legal */

void arw_cards_pending(const gr_game *g, gr_pending *out)
{
    const arw_state *s = arw_cst(g);
    static const uint16_t DECISION[] = {
        [ARW_CM_IDLE] = ARW_D_NONE, [ARW_CM_DRAWS] = ARW_D_EXTRA_CARD,
        [ARW_CM_LOOK] = ARW_D_KEEP_CARD, [ARW_CM_WINDOW] = ARW_D_PLAY_CARD,
        [ARW_CM_RESPONSE] = ARW_D_CANCEL_CARD, [ARW_CM_CHOICE] = ARW_D_CARD_CHOICE};
    out->kind = GR_PENDING_DECISION;
    out->decision = s->cm.mode <= ARW_CM_CHOICE ? DECISION[s->cm.mode] : ARW_D_NONE;
    out->players = (uint8_t)(out->decision == ARW_D_NONE ? 0 : 1u << s->cm.side);
}

static int window_legal(const gr_game *g, int side, gr_action *out, int cap)
{
    const arw_state *s = arw_cst(g);
    int n = 0, kind = s->cm.mode == ARW_CM_RESPONSE ? ARW_CW_RESPONSE : s->cm.wkind;
    for (int c = 1; c <= ARW_NCARDS; c++) {
        if (arw_card_playable(g, c, side, kind))
            arw_put_action(out, cap, &n, side, ARW_A_PLAY_CARD, c, 0);
        else if (s->cm.mode == ARW_CM_WINDOW && s->card_loc[c] == arw_hand_loc(side) &&
                 arw_card_void(g, c))
            arw_put_action(out, cap, &n, side, ARW_A_REDRAW_CARD, c, 0); /* AMB-27 */
    }
    arw_put_action(out, cap, &n, side, ARW_A_PASS_CARDS, 0, 0);
    return n;
}

int arw_cards_legal(const gr_game *g, int side, gr_action *out, int cap)
{
    const arw_state *s = arw_cst(g);
    int n = 0;
    if (s->stage != ARW_ST_CARDS || s->cm.side != side)
        return 0;
    switch (s->cm.mode) {
    case ARW_CM_DRAWS:
        arw_put_action(out, cap, &n, side, ARW_A_EXTRA_CARD, 0, 0);
        arw_put_action(out, cap, &n, side, ARW_A_NO_EXTRA_CARD, 0, 0);
        return n;
    case ARW_CM_LOOK:
        for (int i = 0; i < s->cm.naside; i++)
            arw_put_action(out, cap, &n, side, ARW_A_KEEP_CARD, s->cm.aside[i], 0);
        return n;
    case ARW_CM_WINDOW:
    case ARW_CM_RESPONSE: return window_legal(g, side, out, cap);
    case ARW_CM_CHOICE: return arw_fx_legal(g, out, cap);
    default: return 0;
    }
}

/* ---------------------------------------------------------------- checks */

static gr_status check_play(const gr_game *g, const gr_action *a, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    int c = a->arg[0], side = a->player;
    int kind = s->cm.mode == ARW_CM_RESPONSE ? ARW_CW_RESPONSE : s->cm.wkind;
    if (c < 1 || c > ARW_NCARDS || s->card_loc[c] != arw_hand_loc(side))
        return gr_fail(err, "arw:SR4.3-d", "you do not hold card %d", c);
    const arw_card *k = &arw_dat(g)->card[c];
    int why = timing_barred(g, c);
    if (!(k->sides & (1u << side)))
        return gr_fail(err, "arw:SR4.3-d", "card %d (%s) carries the other side's flag: it may "
                       "be kept but never played", c, k->title);
    if (why != TB_OK)
        return gr_fail(err, TB_RULE[why], "card %d: %s", c, TB_WHY[why]);
    int w = arw_window_for(g, kind, side);
    if (w < 0 || !(k->windows & (1u << w)))
        return gr_fail(err, "arw:SR4.3-c", "card %d (%s) is not played at this moment", c,
                       k->title);
    if (arw_card_void(g, c))
        return gr_fail(err, "arw:SR4.3-g", "card %d's condition is void: discard it and draw "
                       "another (redraw-card)", c);
    if (!arw_fx_possible(g, c, side))
        return gr_fail(err, "arw:SR4.3-c", "card %d (%s) would find nothing to act on now", c,
                       k->title);
    return GR_OK;
}

static gr_status check_window(const gr_game *g, const gr_action *a, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    int c = a->arg[0];
    if (s->cm.mode != ARW_CM_WINDOW && s->cm.mode != ARW_CM_RESPONSE)
        return gr_fail(err, "arw:SR4.3-c", "no card is being offered now");
    if (a->kind == ARW_A_PASS_CARDS)
        return GR_OK;
    if (a->kind == ARW_A_PLAY_CARD)
        return check_play(g, a, err);
    if (s->cm.mode != ARW_CM_WINDOW || c < 1 || c > ARW_NCARDS ||
        s->card_loc[c] != arw_hand_loc(a->player))
        return gr_fail(err, "arw:SR4.3-g", "you do not hold card %d", c);
    if (!arw_card_void(g, c))
        return gr_fail(err, "arw:SR4.3-g", "card %d's condition still holds", c);
    return GR_OK;
}

gr_status arw_cards_check(const gr_game *g, const gr_action *a, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    if (s->stage != ARW_ST_CARDS || s->cm.side != a->player)
        return gr_fail(err, "arw:SR4.3-c", "no card decision of yours is pending");
    switch (a->kind) {
    case ARW_A_EXTRA_CARD:
    case ARW_A_NO_EXTRA_CARD:
        if (s->cm.mode != ARW_CM_DRAWS)
            return gr_fail(err, "arw:SR1.4-c", "extra cards are drawn in the Random Events "
                           "phase, one per side for one momentum chit");
        return GR_OK;
    case ARW_A_KEEP_CARD:
        for (int i = 0; s->cm.mode == ARW_CM_LOOK && i < s->cm.naside; i++)
            if (s->cm.aside[i] == a->arg[0])
                return GR_OK;
        return gr_fail(err, "arw:SR4.3-e", "choose one of the three cards looked at");
    case ARW_A_PLAY_CARD:
    case ARW_A_PASS_CARDS:
    case ARW_A_REDRAW_CARD: return check_window(g, a, err);
    default:
        if (s->cm.mode != ARW_CM_CHOICE)
            return gr_fail(err, "arw:SR4.3-c", "no card effect asks for a choice now");
        return arw_fx_check(g, a, err);
    }
}

/* ---------------------------------------------------------------- exec */

static void start_effect(gr_game *g)
{
    arw_st(g)->cm.step = 0;
    arw_fx_begin(g);
}

/* play-card in a window: revealed, discarded; then Card 7's answer or the
 * effect (SR4.3-c, SR4.3-f). */
static void play(gr_game *g, int side, int c)
{
    arw_state *s = arw_st(g);
    arw_card_move(g, c, ARW_CL_DISCARD, ARW_CK_BRITISH | ARW_CK_ALLIED);
    s->card_turn[c] = s->turn;
    s->card_know[c] = (uint8_t)((s->card_know[c] & ~ARW_CK_BY_ALLIED) |
                                (side == ARW_ALLIED ? ARW_CK_BY_ALLIED : 0));
    arw_emit(g, ARW_E_CARD_PLAYED, 2, side, c);
    if (s->cm.mode == ARW_CM_RESPONSE) { /* Card 7: the card just played is void */
        int victim = s->cm.card;
        s->card_turn[victim] = 0;
        arw_emit(g, ARW_E_CARD_CANCEL, 2, victim, side);
        s->cm.passed &= (uint8_t)~(1u << s->cm.by);
        s->cm.card = 0;
        s->cm.mode = ARW_CM_WINDOW;
        arw_window_next(g);
        return;
    }
    s->cm.passed &= (uint8_t)~(1u << (1 - side)); /* the other may answer */
    s->cm.card = (uint8_t)c;
    s->cm.by = (uint8_t)side;
    if (s->nhand[1 - side] > 0) {
        arw_cm_set(g, ARW_CM_RESPONSE, 1 - side);
        return;
    }
    start_effect(g);
}

static void exec_window(gr_game *g, const gr_action *a)
{
    arw_state *s = arw_st(g);
    switch (a->kind) {
    case ARW_A_PLAY_CARD:
        play(g, a->player, a->arg[0]);
        break;
    case ARW_A_REDRAW_CARD:
        arw_card_redraw(g, a->player, a->arg[0]);
        if (s->cm.mode == ARW_CM_WINDOW)
            arw_window_next(g);
        break;
    default: /* pass-cards */
        if (s->cm.mode == ARW_CM_RESPONSE) {
            start_effect(g);
            break;
        }
        s->cm.passed |= (uint8_t)(1u << a->player);
        arw_window_next(g);
        break;
    }
}

void arw_cards_exec(gr_game *g, const gr_action *a)
{
    switch (a->kind) {
    case ARW_A_EXTRA_CARD:
    case ARW_A_NO_EXTRA_CARD:
        arw_cards_extra(g, a->player, a->kind == ARW_A_EXTRA_CARD);
        break;
    case ARW_A_KEEP_CARD:
        arw_card_keep(g, a->player, a->arg[0]);
        break;
    case ARW_A_PLAY_CARD:
    case ARW_A_PASS_CARDS:
    case ARW_A_REDRAW_CARD:
        exec_window(g, a);
        break;
    default:
        arw_fx_choice(g, a);
        break;
    }
}
