/* cardtext.c — the random event cards in text: setup lines for rule cases
 * ("card N british|allied|deck-top|deck-bottom|discard", "deck N..."; the
 * weather is the Savannah line "weather NAME", savtext.c), queries
 * ("cards", "card N", "card-effects", "card-unit UNIT [MA]",
 * "card-combat [N]"; "breached HEX HEX" is savtext.c's) and the
 * description of hands, deck and cards in force, which shows a player's
 * view only what he may see.  Vocabulary in docs/arw.md. */
#include <stdlib.h>
#include <string.h>

#include "cardint.h"

/* ---------------------------------------------------------------- setup */

/* Takes card c out of the deck order (if it is there). */
static void unstack(arw_state *s, int c)
{
    int j = 0;
    for (int i = 0; i < s->ndeck; i++)
        if (s->deck[i] != c)
            s->deck[j++] = s->deck[i];
    s->ndeck = (uint8_t)j;
}

/* Card c to `where`: a hand, the top or bottom of the deck, the discard. */
static int put_card(gr_game *g, int c, const char *where)
{
    arw_state *s = arw_st(g);
    int side = arw_name_index(arw_side_names, where), both = ARW_CK_BRITISH | ARW_CK_ALLIED;
    unstack(s, c);
    s->card_turn[c] = 0;
    if (side >= 0) {
        for (int k = 1; k <= ARW_NCARDS; k++) /* the other side no longer knows the deck */
            if (s->card_loc[k] == ARW_CL_DECK)
                s->card_know[k] &= (uint8_t)~(1u << (1 - side));
        arw_card_move(g, c, arw_hand_loc(side), 1 << side);
    } else if (!strcmp(where, "discard")) {
        arw_card_move(g, c, ARW_CL_DISCARD, both);
    } else if (!strcmp(where, "deck-top") || !strcmp(where, "deck-bottom")) {
        arw_card_move(g, c, ARW_CL_DECK, both);
        if (where[5] == 't') {
            s->deck[s->ndeck++] = (uint8_t)c;
        } else {
            memmove(s->deck + 1, s->deck, s->ndeck);
            s->deck[0] = (uint8_t)c;
            s->ndeck++;
        }
    } else {
        return 0;
    }
    return 1;
}

static int card_number(const gr_game *g, const char *w)
{
    int c;
    return arw_parse_int(w, 1, ARW_NCARDS, &c) && arw_dat(g)->card[c].number ? c : 0;
}

int arw_cards_setup(gr_game *g, char **w, int n, gr_status *st, gr_error *err)
{
    int c;
    if (!strcmp(w[0], "deck")) { /* listed cards on top, the first on top */
        *st = n >= 2 ? GR_OK : gr_failst(err, GR_ERR_PARSE, NULL, "want 'deck N N...'");
        for (int i = n - 1; i >= 1 && *st == GR_OK; i--)
            if (!(c = card_number(g, w[i])) || !put_card(g, c, "deck-top"))
                *st = gr_failst(err, GR_ERR_PARSE, NULL, "deck: no card '%s'", w[i]);
        return 1;
    }
    if (strcmp(w[0], "card"))
        return 0;
    if (n != 3 || !(c = card_number(g, w[1])) || !put_card(g, c, w[2]))
        *st = gr_failst(err, GR_ERR_PARSE, NULL, "want 'card N british|allied|deck-top|"
                        "deck-bottom|discard' (a card of this scenario)");
    else
        *st = GR_OK;
    return 1;
}

/* ---------------------------------------------------------------- text output */

/* Cards at location loc as "a,b,c" (or "-"). */
static void list_at(const gr_game *g, int loc, gr_text *o)
{
    const char *sep = "";
    for (int c = 1; c <= ARW_NCARDS; c++)
        if (arw_cst(g)->card_loc[c] == loc) {
            gr_textf(o, "%s%d", sep, c);
            sep = ",";
        }
    if (!*sep)
        gr_textf(o, "-");
}

static void q_cards(const gr_game *g, gr_text *o)
{
    const arw_state *s = arw_cst(g);
    gr_textf(o, "british=%d allied=%d deck=%d hand-british=", s->nhand[0], s->nhand[1], s->ndeck);
    list_at(g, ARW_CL_HAND, o);
    gr_textf(o, " hand-allied=");
    list_at(g, ARW_CL_HAND_ALLIED, o);
    gr_textf(o, " discard=");
    list_at(g, ARW_CL_DISCARD, o);
    gr_textf(o, " top=%d in-force=", s->ndeck ? s->deck[s->ndeck - 1] : 0);
    const char *sep = "";
    for (int c = 1; c <= ARW_NCARDS; c++)
        if (arw_card_in_force(g, c)) {
            gr_textf(o, "%s%d", sep, c);
            sep = ",";
        }
    gr_textf(o, "%s mode=%d", *sep ? "" : "-", s->cm.mode);
}

static gr_status q_card(const gr_game *g, char **w, int n, gr_text *o, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    int c = n == 2 ? card_number(g, w[1]) : 0;
    if (!c)
        return gr_failst(err, GR_ERR_ARG, NULL, "want 'card N'");
    gr_textf(o, "loc=%s in-force=%d void=%d by=%s", arw_card_loc_names[s->card_loc[c]],
             arw_card_in_force(g, c), arw_card_void(g, c),
             s->card_turn[c] ? arw_side_names[(s->card_know[c] & ARW_CK_BY_ALLIED) ? 1 : 0] : "-");
    for (int side = 0; side < ARW_NSIDES; side++) {
        int kind = s->cm.mode == ARW_CM_RESPONSE ? ARW_CW_RESPONSE : s->cm.wkind;
        int ok = s->stage == ARW_ST_CARDS && (s->cm.mode == ARW_CM_WINDOW ||
                                               s->cm.mode == ARW_CM_RESPONSE) &&
                 arw_card_playable(g, c, side, kind);
        gr_textf(o, " playable-%s=%d", arw_side_names[side], ok);
    }
    gr_textf(o, " title=%s", arw_dat(g)->card[c].title); /* public: the rest of the line */
    return GR_OK;
}

static void q_effects(const gr_game *g, gr_text *o)
{
    gr_textf(o,
             "fire-british=%d fire-allied=%d no-siege-british=%d no-siege-allied=%d "
             "naval-zone=%d initiative=%s defences-turn=%d rally-done=%d",
             arw_fire_artillery_drm(g, ARW_BRITISH), arw_fire_artillery_drm(g, ARW_ALLIED),
             arw_siege_cancelled(g, ARW_BRITISH), arw_siege_cancelled(g, ARW_ALLIED),
             arw_naval_zone_active(g),
             arw_cards_initiative(g) >= 0 ? arw_side_names[arw_cards_initiative(g)] : "-",
             arw_sav_defences_turn(g), arw_cards_rally_done(g));
}

static gr_status q_unit(const gr_game *g, char **w, int n, gr_text *o, gr_error *err)
{
    const arw_data *d = arw_dat(g);
    int u = n >= 2 ? arw_unit_find(d, w[1]) : -1;
    int ma = u >= 0 ? d->unit[u].ma : 0;
    if (u < 0 || n > 3 || (n == 3 && !arw_parse_int(w[2], 0, 99, &ma)))
        return gr_failst(err, GR_ERR_ARG, NULL, "want 'card-unit UNIT [MA]' (MA 0-99)");
    gr_textf(o, "ma=%d rally-drm=%d wounded=%d entry-turn=%d replacement=%d",
             arw_cards_unit_ma(g, u, ma), arw_cards_rally_drm(g, u), arw_cards_leader_wounded(g, u),
             arw_cards_entry_turn(g, u), !!(arw_cst(g)->ucard[u] & ARW_UC_REPLACEMENT));
    return GR_OK;
}

static gr_status q_combat(const gr_game *g, char **w, int n, gr_text *o, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    int k = s->cur ? s->cur - 1 : 0;
    if (n > 2 || (n == 2 && !arw_parse_int(w[1], 1, 9999, &k)))
        return gr_failst(err, GR_ERR_ARG, NULL, "want 'card-combat [N]'");
    if (n == 2)
        k--;
    if (k < 0 || k >= s->ncombats)
        return gr_failst(err, GR_ERR_ARG, NULL, "no such combat");
    gr_textf(o, "drm=%d column-shift=%d", arw_cards_cc_drm(g, k), arw_cards_column_shift(g, k));
    for (int role = 0; role < 2; role++) {
        const char *sep = "";
        gr_textf(o, " barred-%s=", role == ARW_ATT ? "att" : "def");
        for (int c = 1; c <= ARW_NCHITS; c++)
            if (arw_cards_chit_barred(g, k, role, c)) {
                gr_textf(o, "%s%s", sep, arw_chit_names[c - 1]);
                sep = ",";
            }
        if (!*sep)
            gr_textf(o, "-");
    }
    return GR_OK;
}

int arw_cards_query(const gr_game *g, char **w, int n, char *buf, size_t size, gr_status *st,
                    gr_error *err)
{
    gr_text o = {buf, size, 0};
    *st = GR_OK;
    if (!strcmp(w[0], "cards"))
        q_cards(g, &o);
    else if (!strcmp(w[0], "card"))
        *st = q_card(g, w, n, &o, err);
    else if (!strcmp(w[0], "card-effects"))
        q_effects(g, &o);
    else if (!strcmp(w[0], "card-unit"))
        *st = q_unit(g, w, n, &o, err);
    else if (!strcmp(w[0], "card-combat"))
        *st = q_combat(g, w, n, &o, err);
    else
        return 0;
    return 1;
}

/* ---------------------------------------------------------------- describe */

int arw_cards_describe(const gr_game *g, char *buf, size_t size)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    gr_text o = {buf, size, 0};
    if (!arw_cards_on(d))
        return 0;
    for (int side = 0; side < ARW_NSIDES; side++) {
        int shown = 0;
        gr_textf(&o, "cards of %s (%d):", arw_side_names[side], s->nhand[side]);
        for (int c = 1; c <= ARW_NCARDS; c++)
            if (s->card_loc[c] == arw_hand_loc(side)) {
                gr_textf(&o, " [%d %s]", c, d->card[c].title);
                shown++;
            }
        if (shown < s->nhand[side])
            gr_textf(&o, " %d hidden", s->nhand[side] - shown);
        gr_textf(&o, "\n");
    }
    gr_textf(&o, "deck: %d cards (order hidden); discard:", s->ndeck);
    for (int c = 1; c <= ARW_NCARDS; c++)
        if (s->card_loc[c] == ARW_CL_DISCARD)
            gr_textf(&o, " %d%s", c, arw_card_in_force(g, c) ? "*" : "");
    gr_textf(&o, "\n");
    if (s->stage == ARW_ST_CARDS && s->cm.mode == ARW_CM_LOOK)
        for (int i = 0; i < s->cm.naside; i++)
            if (s->cm.aside[i])
                gr_textf(&o, "looked at: [%d %s]\n", s->cm.aside[i], d->card[s->cm.aside[i]].title);
    return (int)o.len;
}

void arw_cards_panel(const gr_game *g, gr_text *o)
{
    const arw_state *s = arw_cst(g);
    if (!arw_cards_on(arw_dat(g)))
        return;
    gr_textf(o, "cards=british %d, allied %d, deck %d\n", s->nhand[0], s->nhand[1], s->ndeck);
    for (int side = 0; side < ARW_NSIDES; side++) {
        const char *sep = "";
        for (int c = 1; c <= ARW_NCARDS; c++)
            if (s->card_loc[c] == arw_hand_loc(side)) {
                gr_textf(o, "%s%d %s", *sep ? sep : (side ? "hand.allied=" : "hand.british="), c,
                         arw_dat(g)->card[c].title);
                sep = "; ";
            }
        if (*sep)
            gr_textf(o, "\n");
    }
}
