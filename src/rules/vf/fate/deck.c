/* deck.c — the fate decks (vf:2.4, 4.0): 13 cards of one suit per side,
 * shuffled face down from the game's stream (2.4-b), one drawn into a
 * secret hand in each of the side's fate phases (4.0-a), none when the
 * deck is empty (4.0-e, Interp. A24), discarded when played (4.0-c).
 *
 * Hidden information: the order of every deck (nobody knows it) and each
 * hand (its owner knows it).  The counts (cards in deck, in hand) and the
 * discard pile are public.  Shuffles emit no draw events (their indices
 * would give the order away): one public `fate-shuffle` event instead;
 * the card drawn goes in a `fate-card` event only its owner sees. */
#include <stdio.h>
#include <string.h>

#include "../vf.h"

const char *const vf_card_names[] = {"A", "2", "3", "4", "5", "6", "7",
                                     "8", "9", "10", "J", "Q", "K", NULL};

const vf_fate_card *vf_fate_entry(const vf_sdata *sd, int side, int rank)
{
    if (rank < 0 || rank >= VF_FATE_CARDS)
        return NULL;
    int i = sd->army[side].by_rank[rank];
    return i >= 0 ? &sd->army[side].card[i] : NULL;
}

static int popcount13(unsigned m)
{
    int n = 0;
    for (; m; m &= m - 1)
        n++;
    return n;
}

/* Fisher-Yates on the first n cards of deck from the game stream. */
static void shuffle(gr_game *g, uint8_t *deck, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = gr_draw(g, i + 1, VF_ROLL_FATE_SHUFFLE, 0);
        uint8_t t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
    }
}

static void emit_shuffle(gr_game *g, int side)
{
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_FATE_SHUFFLE, 2, side, vf_cst(g)->fate[side].ndeck);
}

void vf_fate_deal(gr_game *g)
{
    vf_state *st = vf_st(g);
    for (int s = 0; s < VF_SIDES; s++) {
        vf_fate_state *f = &st->fate[s];
        memset(f, 0, sizeof *f);
        for (int r = 0; r < VF_FATE_CARDS; r++)
            f->deck[r] = (uint8_t)r;
        f->ndeck = VF_FATE_CARDS;
        shuffle(g, f->deck, f->ndeck);
        emit_shuffle(g, s);
    }
}

void vf_fate_reshuffle(gr_game *g, int side)
{
    vf_fate_state *f = &vf_st(g)->fate[side];
    for (int r = 0; r < VF_FATE_CARDS; r++)
        if (f->discard & (1u << r))
            f->deck[f->ndeck++] = (uint8_t)r;
    f->discard = 0;
    ALWAYS(f->ndeck <= VF_FATE_CARDS);
    shuffle(g, f->deck, f->ndeck);
    emit_shuffle(g, side);
}

/* The card only its owner sees. */
static void emit_card(gr_game *g, int side, int rank)
{
    gr_event e = {.kind = GR_EV_SYSTEM + VF_EV_FATE_CARD, .vis = (uint8_t)(1u << side),
                  .nargs = 2, .arg = {side, rank}};
    gr_emit(g, &e);
}

void vf_fate_draw(gr_game *g)
{
    vf_state *st = vf_st(g);
    int side = st->active;
    vf_fate_state *f = &st->fate[side];
    if (f->ndeck == 0)
        return; /* vf:4.0-e: no draw, no reshuffle */
    int rank = f->deck[0];
    memmove(f->deck, f->deck + 1, (size_t)(f->ndeck - 1));
    f->deck[--f->ndeck] = 0;
    f->nhand++;
    if (rank != (int)VF_CARD_UNKNOWN)
        f->hand |= (uint16_t)(1u << rank);
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_FATE_DRAW, 3, side, f->nhand, f->ndeck);
    if (rank == (int)VF_CARD_UNKNOWN)
        return; /* an undeterminized view: the card is not known */
    emit_card(g, side, rank);
    const vf_fate_card *c = vf_fate_entry(vf_sd(g), side, rank);
    if (c && c->hook == VF_FH_TIDE) { /* played immediately on the draw */
        f->hand &= (uint16_t)~(1u << rank);
        f->nhand--;
        f->discard |= (uint16_t)(1u << rank);
        gr_emitv(g, GR_EV_SYSTEM + VF_EV_FATE_PLAY, 3, side, rank, GR_NONE);
        vf_fate_reshuffle(g, side);
    }
}

void vf_fate_mask(gr_game *g, int viewer)
{
    vf_state *st = vf_st(g);
    for (int s = 0; s < VF_SIDES; s++) {
        vf_fate_state *f = &st->fate[s];
        memset(f->deck, 0, sizeof f->deck);
        memset(f->deck, (int)VF_CARD_UNKNOWN, f->ndeck);
        if (s != viewer && f->nhand) {
            f->hand = 0;
            f->hidden = 1;
        }
    }
}

/* Cards of side s that are neither discarded nor known to be in hand. */
static int unplaced(const vf_fate_state *f, uint8_t *out)
{
    int n = 0;
    for (int r = 0; r < VF_FATE_CARDS; r++)
        if (!((f->discard | f->hand) & (1u << r)))
            out[n++] = (uint8_t)r;
    return n;
}

void vf_fate_determinize(gr_game *g, gr_rng *rng)
{
    vf_state *st = vf_st(g);
    if (!vf_sd(g)->fate)
        return;
    for (int s = 0; s < VF_SIDES; s++) {
        vf_fate_state *f = &st->fate[s];
        uint8_t pool[VF_FATE_CARDS];
        int n = unplaced(f, pool);
        for (int i = n - 1; i > 0; i--) {
            int j = (int)gr_rng_below(rng, (uint32_t)i + 1);
            uint8_t t = pool[i];
            pool[i] = pool[j];
            pool[j] = t;
        }
        int k = 0;
        if (f->hidden)
            for (; k < f->nhand && k < n; k++)
                f->hand |= (uint16_t)(1u << pool[k]);
        f->hidden = 0;
        ALWAYS(n - k == f->ndeck);
        memset(f->deck, 0, sizeof f->deck);
        memcpy(f->deck, pool + k, (size_t)(n - k));
    }
}

gr_status vf_fate_sanity(const gr_game *g, gr_error *err)
{
    const vf_state *st = vf_cst(g);
    for (int s = 0; s < VF_SIDES; s++) {
        const vf_fate_state *f = &st->fate[s];
        unsigned seen = f->hand | f->discard;
        if (f->hand & f->discard)
            return gr_failst(err, GR_ERR_STATE, NULL, "side %s: a card in hand and discarded",
                             vf_side_names[s]);
        if (!f->hidden && popcount13(f->hand) != f->nhand)
            return gr_failst(err, GR_ERR_STATE, NULL, "side %s: hand count %d", vf_side_names[s],
                             f->nhand);
        int total = f->ndeck + f->nhand + popcount13(f->discard);
        if (total != (vf_sd(g)->fate ? VF_FATE_CARDS : 0))
            return gr_failst(err, GR_ERR_STATE, NULL, "side %s: %d cards in all",
                             vf_side_names[s], total);
        for (int i = 0; i < f->ndeck; i++) {
            if (f->deck[i] == VF_CARD_UNKNOWN)
                continue;
            if (f->deck[i] >= VF_FATE_CARDS || (seen & (1u << f->deck[i])))
                return gr_failst(err, GR_ERR_STATE, NULL, "side %s: card %d twice",
                                 vf_side_names[s], f->deck[i]);
            seen |= 1u << f->deck[i];
        }
    }
    return GR_OK;
}

/* Card names "K,Q,10" into a bit set; -1 on an unknown name. */
static int parse_cards(const char *list, unsigned *out)
{
    *out = 0;
    char buf[64];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        int r = 0;
        while (vf_card_names[r] && strcmp(vf_card_names[r], tok) != 0)
            r++;
        if (!vf_card_names[r])
            return -1;
        *out |= 1u << r;
    }
    return 0;
}

gr_status vf_fate_setup(gr_game *g, const char *line, gr_error *err)
{
    char side[8] = "", w[2][64] = {"", ""};
    unsigned hand = 0, discard = 0;
    int n = sscanf(line, "fate %7s %63s %63s", side, w[0], w[1]);
    int s = !strcmp(side, "a") ? 0 : !strcmp(side, "b") ? 1 : -1;
    if (n < 1 || s < 0)
        return gr_failst(err, GR_ERR_ARG, NULL, "fate: 'fate a|b [hand=C,..] [discard=C,..]'");
    for (int i = 0; i + 1 < n; i++) {
        unsigned *dst = !strncmp(w[i], "hand=", 5) ? &hand
                        : !strncmp(w[i], "discard=", 8) ? &discard : NULL;
        if (!dst || parse_cards(strchr(w[i], '=') + 1, dst) != 0)
            return gr_failst(err, GR_ERR_ARG, NULL, "fate: bad '%s'", w[i]);
    }
    if (hand & discard)
        return gr_failst(err, GR_ERR_ARG, NULL, "fate: a card both in hand and discarded");
    vf_fate_state *f = &vf_st(g)->fate[s];
    memset(f, 0, sizeof *f);
    f->hand = (uint16_t)hand;
    f->discard = (uint16_t)discard;
    f->nhand = (uint8_t)popcount13(hand);
    for (int r = 0; r < VF_FATE_CARDS; r++)
        if (!((hand | discard) & (1u << r)))
            f->deck[f->ndeck++] = (uint8_t)r;
    return GR_OK;
}

static void put_cards(gr_text *o, const char *key, unsigned set)
{
    gr_textf(o, " %s=", key);
    if (!set)
        gr_textf(o, "-");
    for (int r = 0, first = 1; r < VF_FATE_CARDS; r++)
        if (set & (1u << r)) {
            gr_textf(o, "%s%s", first ? "" : ",", vf_card_names[r]);
            first = 0;
        }
}

void vf_fate_put(gr_text *o, const gr_game *g, int side)
{
    static const char *const windows[] = {"none",          "enemy-turn",      "own-fate",
                                          "combat-active", "combat-inactive", "end-combat",
                                          "hits",          "valour",          "fortitude"};
    const vf_state *st = vf_cst(g);
    const vf_fate_state *f = &st->fate[side];
    gr_textf(o, "fate=%s deck=%d held=%d", vf_side_names[side], f->ndeck, f->nhand);
    if (f->hidden)
        gr_textf(o, " hand=hidden");
    else
        put_cards(o, "hand", f->hand);
    put_cards(o, "discard", f->discard);
    gr_textf(o, " window=%s captured=%d confused=%d",
             st->fx.window && st->fx.wside == side ? windows[st->fx.window % 9] : "none",
             st->fx.captured[side], (st->fx.confused >> side) & 1);
}
