/* cards.c — the random event deck (SR4.3): the shuffled deck, hands and the
 * discard pile, drawing (red cards played at once, "discard and draw
 * another" when the condition is void, SR4.3-g, AMB-27), Card 17/18's look
 * at the top three and Card 45's theft (SR4.3-e), the Random Events phase
 * (one card each, British first, and one extra card for a momentum chit,
 * SR4.3-a, SR4.3-b, SR1.4-c), who knows where each card is, and the hiding
 * and sampling of hands and deck order in a player's view. */
#include <string.h>

#include "cardint.h"

int arw_cards_on(const arw_data *d)
{
    return d->ncards > 0;
}

void arw_card_move(gr_game *g, int c, int loc, int know)
{
    arw_state *s = arw_st(g);
    int old = s->card_loc[c];
    if (old == ARW_CL_HAND || old == ARW_CL_HAND_ALLIED)
        s->nhand[old - ARW_CL_HAND]--;
    if (loc == ARW_CL_HAND || loc == ARW_CL_HAND_ALLIED)
        s->nhand[loc - ARW_CL_HAND]++;
    s->card_loc[c] = (uint8_t)loc;
    s->card_know[c] = (uint8_t)((s->card_know[c] & ARW_CK_BY_ALLIED) | know);
}

/* Side `side` can no longer tell which cards are still in the deck (the
 * other side took one secretly). */
static void forget_deck(gr_game *g, int side)
{
    arw_state *s = arw_st(g);
    for (int c = 1; c <= ARW_NCARDS; c++)
        if (s->card_loc[c] == ARW_CL_DECK)
            s->card_know[c] &= (uint8_t)~(1u << side);
}

void arw_deck_shuffle(gr_game *g)
{
    arw_state *s = arw_st(g);
    for (int i = s->ndeck - 1; i > 0; i--) { /* Fisher-Yates; draws are not logged */
        int j = gr_draw(g, i + 1, ARW_ROLL_CARD_SHUFFLE, 0);
        uint8_t t = s->deck[i];
        s->deck[i] = s->deck[j];
        s->deck[j] = t;
    }
    arw_emit(g, ARW_E_DECK_SHUFFLED, 1, s->ndeck);
}

void arw_deck_return(gr_game *g, int c, int know)
{
    arw_state *s = arw_st(g);
    arw_card_move(g, c, ARW_CL_DECK, know);
    s->card_turn[c] = 0;
    s->card_know[c] &= (uint8_t)~ARW_CK_BY_ALLIED;
    s->deck[s->ndeck++] = (uint8_t)c;
    arw_deck_shuffle(g);
}

void arw_cards_init(gr_game *g)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    if (!arw_cards_on(d))
        return;
    s->ndeck = 0;
    for (int c = 1; c <= ARW_NCARDS; c++)
        if (d->card[c].number) {
            arw_card_move(g, c, ARW_CL_DECK, ARW_CK_BRITISH | ARW_CK_ALLIED);
            s->deck[s->ndeck++] = (uint8_t)c;
        }
    arw_deck_shuffle(g);
}

/* ---------------------------------------------------------------- void cards */

static int unit_gone(const gr_game *g, int u)
{
    return u >= 0 && !arw_fx_unit_alive(g, u);
}

/* Non-zero when a unit of the card's armies is still due to arrive. */
static int reinforcements_due(const gr_game *g, const arw_card *k)
{
    const arw_data *d = arw_dat(g);
    unsigned armies = k->armies | (k->army >= 0 ? 1u << k->army : 0);
    for (int u = 0; u < d->nunits; u++)
        if ((armies & (1u << d->unit[u].army)) && arw_cst(g)->unit[u].box == ARW_BOX_OFF &&
            arw_cards_entry_turn(g, u) > 0)
            return 1;
    return 0;
}

/* Card 37's targets: militia of the card's army with the printed morale. */
static int militia_left(const gr_game *g, const arw_card *k)
{
    const arw_data *d = arw_dat(g);
    for (int u = 0; u < d->nunits; u++)
        if (d->unit[u].army == k->army && (d->unit[u].flags & ARW_F_MILITIA) &&
            d->unit[u].morale[0] == k->pmorale && arw_fx_unit_alive(g, u))
            return 1;
    return 0;
}

int arw_card_void(const gr_game *g, int c)
{
    const arw_card *k = &arw_dat(g)->card[c];
    int any = 0, all = 1;
    switch (k->void_kind) {
    case ARW_CV_ANY_DEPLOYED:
        for (int i = 0; i < k->nunits; i++)
            any |= arw_fx_unit_arrived(g, k->unit[i]);
        return any;
    case ARW_CV_ALL_GONE:
        for (int i = 0; i < k->nunits; i++)
            all &= unit_gone(g, k->unit[i]);
        return all && (k->to < 0 || unit_gone(g, k->to));
    case ARW_CV_NO_REINF: return !reinforcements_due(g, k);
    case ARW_CV_NO_TARGET: return !militia_left(g, k);
    case ARW_CV_AFTER_TURN: return arw_cst(g)->turn > k->turn_hi;
    default: return 0;
    }
}

/* ---------------------------------------------------------------- drawing */

static void deliver(gr_game *g, int side, int c);

int arw_card_draw(gr_game *g, int side)
{
    arw_state *s = arw_st(g);
    if (s->ndeck == 0) {
        arw_emit(g, ARW_E_CARD_DRAW, 2, side, -1); /* SR4.3-f: the deck is spent */
        return 0;
    }
    deliver(g, side, s->deck[--s->ndeck]);
    return 1;
}

/* Card 17/18: the top three cards set aside for `side` to choose from. */
static void look(gr_game *g, int side)
{
    arw_state *s = arw_st(g);
    int n = s->ndeck < 3 ? s->ndeck : 3;
    int seen[3] = {0, 0, 0};
    forget_deck(g, 1 - side);
    for (int i = 0; i < n; i++) {
        int c = s->deck[--s->ndeck];
        arw_card_move(g, c, ARW_CL_ASIDE, 1 << side);
        s->cm.aside[i] = (uint8_t)c;
        seen[i] = c;
    }
    s->cm.naside = (uint8_t)n;
    gr_event e = {.kind = GR_EV_SYSTEM + ARW_E_CARD_LOOK, .vis = (uint8_t)(1u << side),
                  .nargs = 4, .arg = {side, seen[0], seen[1], seen[2]}};
    gr_emit(g, &e);
    if (n == 0)
        return;
    if (s->cm.mode != ARW_CM_LOOK)
        s->cm.ret = s->cm.mode;
    arw_cm_set(g, ARW_CM_LOOK, side);
}

/* A red card: played at once (SR4.3-d), never cancelled; under Hurricane
 * or Gale it cannot be played (SR4.3-h) and is discarded unplayed. */
static void red(gr_game *g, int side, int c)
{
    arw_state *s = arw_st(g);
    arw_card_move(g, c, ARW_CL_DISCARD, ARW_CK_BRITISH | ARW_CK_ALLIED);
    arw_emit(g, ARW_E_CARD_PLAYED, 2, side, c);
    if (!arw_weather_allows(g, ARW_WXF_CARDS)) { /* SR4.3-h: Hurricane, Gale */
        arw_emit(g, ARW_E_CARD_LOST, 2, side, c);
        return;
    }
    s->card_turn[c] = s->turn;
    if (side == ARW_ALLIED)
        s->card_know[c] |= ARW_CK_BY_ALLIED;
    if (arw_dat(g)->card[c].effect == ARW_CE_INTELLIGENCE)
        look(g, side);
    else
        arw_fx_espionage(g, side);
}

static void deliver(gr_game *g, int side, int c)
{
    arw_state *s = arw_st(g);
    if (arw_dat(g)->card[c].timing == ARW_CT_RED) {
        red(g, side, c);
        return;
    }
    if (arw_card_void(g, c)) { /* SR4.3-g, AMB-27: on draw */
        arw_card_move(g, c, ARW_CL_DISCARD, ARW_CK_BRITISH | ARW_CK_ALLIED);
        arw_emit(g, ARW_E_CARD_VOID, 2, side, c);
        arw_card_draw(g, side);
        return;
    }
    forget_deck(g, 1 - side);
    arw_card_move(g, c, arw_hand_loc(side), 1 << side);
    s->card_turn[c] = 0;
    arw_emit(g, ARW_E_CARD_DRAW, 2, side, s->nhand[side]);
    gr_event e = {.kind = GR_EV_SYSTEM + ARW_E_CARD_DRAWN, .vis = (uint8_t)(1u << side),
                  .nargs = 2, .arg = {side, c}};
    gr_emit(g, &e);
}

void arw_card_redraw(gr_game *g, int side, int c)
{
    arw_card_move(g, c, ARW_CL_DISCARD, ARW_CK_BRITISH | ARW_CK_ALLIED);
    arw_emit(g, ARW_E_CARD_VOID, 2, side, c);
    arw_card_draw(g, side);
}

void arw_card_keep(gr_game *g, int side, int c)
{
    arw_state *s = arw_st(g);
    for (int i = 0; i < s->cm.naside; i++) {
        int a = s->cm.aside[i];
        s->cm.aside[i] = 0;
        if (a != c) { /* back into the deck: only the looker knows where */
            arw_card_move(g, a, ARW_CL_DECK, 1 << side);
            s->deck[s->ndeck++] = (uint8_t)a;
        }
    }
    s->cm.naside = 0;
    arw_deck_shuffle(g); /* SR4.3-f: the other two are shuffled back */
    arw_emit(g, ARW_E_CARD_KEPT, 1, side);
    s->cm.mode = s->cm.ret;
    deliver(g, side, c); /* "it may be played this turn": an ordinary draw */
    if (s->cm.mode != ARW_CM_LOOK)
        arw_cm_return(g);
}

/* Card 45: a random card of the opponent's hand, not playable this turn;
 * the top card of the deck when his hand is empty. */
void arw_fx_espionage(gr_game *g, int side)
{
    arw_state *s = arw_st(g);
    int opp = 1 - side, held[ARW_NCARDS], n = 0;
    for (int c = 1; c <= ARW_NCARDS; c++)
        if (s->card_loc[c] == arw_hand_loc(opp))
            held[n++] = c;
    if (n == 0) {
        arw_card_draw(g, side);
        return;
    }
    int c = held[gr_draw(g, n, ARW_ROLL_CARD_STEAL, 0)];
    arw_card_move(g, c, arw_hand_loc(side), ARW_CK_BRITISH | ARW_CK_ALLIED);
    s->card_turn[c] = s->turn; /* cannot be played this turn */
    arw_emit(g, ARW_E_CARD_TAKEN, 3, opp, side, c);
}

/* ---------------------------------------------------------------- Random Events phase */

void arw_cards_phase_begin(gr_game *g)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    int t = s->turn <= ARW_MAX_TURNS ? s->turn : ARW_MAX_TURNS;
    if (!arw_cards_on(d) || !(d->rules & ARW_SR_EVENTS) || !(d->turn[t].flags & ARW_TT_EVENTS) ||
        !arw_sav_strategic(g)) {
        arw_phase_end(g); /* SR4.3-a: only on the random-event turns of the strategic track */
        return;
    }
    memset(&s->cm, 0, sizeof s->cm);
    arw_cm_set(g, ARW_CM_DRAWS, ARW_BRITISH);
    arw_cards_draws_continue(g);
}

/* SR1.4-c: one extra card for one momentum chit per side and phase. */
static int extra_offered(const gr_game *g, int side)
{
    const arw_state *s = arw_cst(g);
    return (s->options & ARW_O_ADVANCED) && s->momentum[side] > 0 && s->ndeck > 0;
}

void arw_cards_draws_continue(gr_game *g)
{
    arw_state *s = arw_st(g);
    while (s->cm.mode == ARW_CM_DRAWS && s->stage == ARW_ST_CARDS) {
        int step = s->cm.dstep, side = step / 2 ? ARW_ALLIED : ARW_BRITISH;
        if (step >= 4) { /* draws done: a window, then the next phase */
            s->cm.mode = ARW_CM_IDLE;
            if (!arw_cards_window(g, ARW_CW_AFTER_DRAWS))
                arw_phase_end(g);
            return;
        }
        s->cm.side = (uint8_t)side;
        if (step % 2 == 0) { /* SR4.3-a: British first, then the Allies */
            s->cm.dstep++;
            arw_card_draw(g, side);
            continue;
        }
        if (extra_offered(g, side))
            return; /* a decision: extra-card or no-extra-card */
        s->cm.dstep++;
    }
}

void arw_cards_extra(gr_game *g, int side, int take)
{
    arw_state *s = arw_st(g);
    s->cm.dstep++;
    if (take) {
        arw_momentum_spend(g, side); /* GR12.62: back to the pool */
        arw_card_draw(g, side);
    }
    if (s->cm.mode == ARW_CM_DRAWS)
        arw_cards_draws_continue(g);
}

/* ---------------------------------------------------------------- views */

void arw_cards_mask(gr_game *g, int viewer)
{
    arw_state *s = arw_st(g);
    if (!arw_cards_on(arw_dat(g)))
        return;
    for (int c = 1; c <= ARW_NCARDS; c++)
        if (s->card_loc[c] != ARW_CL_NONE && !(s->card_know[c] & (1u << viewer))) {
            s->card_loc[c] = ARW_CL_HIDDEN;
            s->card_turn[c] = 0;
        }
    memset(s->deck, 0, sizeof s->deck); /* nobody knows the order (SR4.3) */
    if (s->cm.mode == ARW_CM_LOOK && s->cm.side != viewer)
        memset(s->cm.aside, 0, sizeof s->cm.aside);
}

/* Hidden cards of a view dealt to the opponent's hand, the cards he looks
 * at, and the deck; the deck is then put in a random order. */
void arw_cards_determinize(gr_game *g, gr_rng *rng)
{
    arw_state *s = arw_st(g);
    if (!arw_cards_on(arw_dat(g)))
        return;
    int opp = 1 - g->viewer, pool[ARW_NCARDS], n = 0, in_hand = 0;
    for (int c = 1; c <= ARW_NCARDS; c++) {
        if (s->card_loc[c] == ARW_CL_HIDDEN)
            pool[n++] = c;
        in_hand += s->card_loc[c] == arw_hand_loc(opp);
    }
    for (int i = n - 1; i > 0; i--) {
        int j = (int)gr_rng_below(rng, (uint32_t)(i + 1)), t = pool[i];
        pool[i] = pool[j];
        pool[j] = t;
    }
    int k = 0, aside = s->cm.mode == ARW_CM_LOOK && s->cm.side == opp ? s->cm.naside : 0;
    for (; k < n && in_hand < s->nhand[opp]; k++, in_hand++)
        s->card_loc[pool[k]] = (uint8_t)arw_hand_loc(opp);
    for (int i = 0; i < aside && k < n; i++, k++) {
        s->card_loc[pool[k]] = ARW_CL_ASIDE;
        s->cm.aside[i] = (uint8_t)pool[k];
    }
    for (; k < n; k++)
        s->card_loc[pool[k]] = ARW_CL_DECK;
    s->ndeck = 0;
    for (int c = 1; c <= ARW_NCARDS; c++)
        if (s->card_loc[c] == ARW_CL_DECK)
            s->deck[s->ndeck++] = (uint8_t)c;
    for (int i = s->ndeck - 1; i > 0; i--) {
        int j = (int)gr_rng_below(rng, (uint32_t)(i + 1));
        uint8_t t = s->deck[i];
        s->deck[i] = s->deck[j];
        s->deck[j] = t;
    }
}

/* ---------------------------------------------------------------- sanity */

gr_status arw_cards_sanity(const gr_game *g, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    int count[ARW_CL_HIDDEN + 1] = {0}, seen[ARW_NCARDS + 1] = {0};
    if (!arw_cards_on(arw_dat(g)))
        return GR_OK;
    for (int c = 1; c <= ARW_NCARDS; c++) {
        if (s->card_loc[c] > ARW_CL_HIDDEN)
            return gr_failst(err, GR_ERR_STATE, NULL, "card %d: bad location", c);
        count[s->card_loc[c]]++;
    }
    int exact = !g->masked; /* a view may hide some cards of a hand */
    if (count[ARW_CL_HAND] > s->nhand[0] || count[ARW_CL_HAND_ALLIED] > s->nhand[1] ||
        (exact && (count[ARW_CL_HAND] != s->nhand[0] || count[ARW_CL_HAND_ALLIED] != s->nhand[1])))
        return gr_failst(err, GR_ERR_STATE, NULL, "hand counts disagree with the cards");
    if (s->stage == ARW_ST_CARDS && s->cm.mode == ARW_CM_IDLE)
        return gr_failst(err, GR_ERR_STATE, NULL, "card stage without a mode");
    if (g->masked)
        return GR_OK;
    if (count[ARW_CL_DECK] != s->ndeck || count[ARW_CL_HIDDEN] ||
        count[ARW_CL_ASIDE] != (s->cm.mode == ARW_CM_LOOK ? s->cm.naside : 0))
        return gr_failst(err, GR_ERR_STATE, NULL, "deck bookkeeping out of step");
    for (int i = 0; i < s->ndeck; i++) {
        int c = s->deck[i];
        if (c < 1 || c > ARW_NCARDS || s->card_loc[c] != ARW_CL_DECK || seen[c]++)
            return gr_failst(err, GR_ERR_STATE, NULL, "deck order is not the deck's cards");
    }
    return GR_OK;
}
