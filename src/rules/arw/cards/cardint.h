/*
 * cards.h — internals shared by the files of the random event cards
 * (SR4.3, Part G): cards.c (deck, draws, hands, knowledge, the Random
 * Events phase), cardplay.c (the card stage: windows, plays, responses,
 * choices), cardfx.c and cardfx*.c (effects), cardquery.c (what the other
 * rules read, setup lines, queries), loadcards.c and cardnames.c.
 *
 * Cards are numbered 1..ARW_NCARDS; d->card[c] is card c's static record and
 * s->card_loc[c] where it is (ARW_CL_*).
 */
#ifndef ARW_CARDINT_H
#define ARW_CARDINT_H

#include "../arw.h"

/* Vocabularies (cardnames.c). */
extern const char *const arw_card_timing_names[]; /* ARW_CT_*            */
extern const char *const arw_card_flag_names[];   /* british, allied, any */
extern const char *const arw_card_window_names[]; /* ARW_CW_*            */
extern const char *const arw_card_effect_names[]; /* ARW_CE_*            */
extern const char *const arw_card_void_names[];   /* ARW_CV_*            */
extern const char *const arw_card_result_names[]; /* ARW_CR_*            */
extern const char *const arw_card_breach_names[]; /* ARW_BK_*            */
extern const char *const arw_card_loc_names[];    /* ARW_CL_*            */
extern const char *const arw_card_option_names[]; /* card-option values  */

/* card-option values (Cards 22/54). */
enum { ARW_CO_DOUBLE_MA = 0, ARW_CO_RALLY = 1 };

/* Window kinds held by the card stage besides ARW_CW_*: the start of a
 * phase whose hook runs when the window closes. */
#define ARW_CW_PHASE 0x80

/* ---------------------------------------------------------------- cards.c */

/* Location code of side's hand. */
static inline int arw_hand_loc(int side) { return ARW_CL_HAND + side; }
/* Non-zero when the scenario plays with random event cards. */
int arw_cards_on(const arw_data *d);
/* Moves card c to location loc, keeping hand counts; `know` = who knows. */
void arw_card_move(gr_game *g, int c, int loc, int know);
/* Shuffles the deck (SR4.3-f); emits deck-shuffled. */
void arw_deck_shuffle(gr_game *g);
/* Puts card c into the deck and shuffles (28, 40, 17/18). */
void arw_deck_return(gr_game *g, int c, int know);
/* Draws the top card for `side` and delivers it (red cards, discard &
 * redraw, hand).  Returns 0 when the deck is empty. */
int arw_card_draw(gr_game *g, int side);
/* Non-zero when card c's "discard and draw another" condition holds. */
int arw_card_void(const gr_game *g, int c);
/* Reveals a void card in side's hand, discards it, draws another (AMB-27). */
void arw_card_redraw(gr_game *g, int side, int c);
/* Card 17/18: side keeps card c of those set aside. */
void arw_card_keep(gr_game *g, int side, int c);
/* Random Events phase: continues the draws (after a decision). */
void arw_cards_draws_continue(gr_game *g);
/* Extra draw decision (SR1.4-c). */
void arw_cards_extra(gr_game *g, int side, int take);

/* ---------------------------------------------------------------- cardplay.c */

/* Card c may be played by `side` at window `kind` now (all restrictions:
 * hand, flag, timing, weather, taken this turn, the effect's conditions). */
int arw_card_playable(const gr_game *g, int c, int side, int kind);
/* Window `kind` of side `side` for the current moment (own/enemy resolved
 * from the active side), -1 when the kind does not apply to him. */
int arw_window_for(const gr_game *g, int kind, int side);
/* Back to the window in progress (after a play, an effect, a redraw). */
void arw_window_next(gr_game *g);
/* Sets the card stage to mode `mode` with `side` deciding. */
void arw_cm_set(gr_game *g, int mode, int side);
/* Back to what the card stage was doing after a Card 17/18 choice. */
void arw_cm_return(gr_game *g);

/* ---------------------------------------------------------------- cardfx*.c */

/* Effect preconditions: non-zero when card c played by `side` would do
 * something now (targets exist...). */
int arw_fx_possible(const gr_game *g, int c, int side);
/* Starts the effect of card c played by `side` (cm.card, cm.by set). */
void arw_fx_begin(gr_game *g);
/* Candidates of the effect's pending choice: actions into out. */
int arw_fx_legal(const gr_game *g, gr_action *out, int cap);
/* Decision kind of the pending choice (for checks). */
gr_status arw_fx_check(const gr_game *g, const gr_action *a, gr_error *err);
/* Applies a choice and continues the effect. */
void arw_fx_choice(gr_game *g, const gr_action *a);
/* After result tasks of the effect: continues it. */
void arw_fx_resume(gr_game *g);
/* The effect is over: the card goes to the discard pile or back into the
 * deck (SR4.3-f), and the window goes on. */
void arw_fx_finish(gr_game *g);
/* Red cards: Card 45 (espionage) for `side`. */
void arw_fx_espionage(gr_game *g, int side);

/* Family entry points (cardfx*.c), each: start of the effect of cm.card. */
void arw_fx_morale(gr_game *g);        /* ARW_CE_MORALE, FRIENDLY_FIRE, CHOOSE_MORALE */
void arw_fx_units(gr_game *g);         /* REMOVE, REPLACE, DESERTION, ELIMINATE,
                                          MILITIA_DESERT, DEPLOY                  */
void arw_fx_this_turn(gr_game *g);     /* THIS_TURN, INITIATIVE, REINF_*, DEFENCES,
                                          COMMANDERS                              */
void arw_fx_map(gr_game *g);           /* BREACH, REPAIR, BOMBARD                 */
void arw_fx_combat(gr_game *g);        /* SNIPER, EXPLOSION, WOUND, SPIKE          */

/* Candidate units / hexes / hexsides / options of the current choice of
 * each family, and their application (cardfx*.c): each returns the count of
 * candidates (writing at most cap of them). */
int arw_fx_units_cand(const gr_game *g, int *out, int cap);
void arw_fx_units_pick(gr_game *g, const gr_action *a);
int arw_fx_turn_cand(const gr_game *g, int *out, int cap);
void arw_fx_turn_pick(gr_game *g, const gr_action *a);
int arw_fx_map_cand(const gr_game *g, int *out, int cap);
void arw_fx_map_pick(gr_game *g, const gr_action *a);
int arw_fx_combat_cand(const gr_game *g, int *out, int cap);
void arw_fx_combat_pick(gr_game *g, const gr_action *a);
int arw_fx_morale_cand(const gr_game *g, int *out, int cap);
void arw_fx_morale_pick(gr_game *g, const gr_action *a);
/* Possibility checks of each family. */
int arw_fx_units_possible(const gr_game *g, int c, int side);
int arw_fx_turn_possible(const gr_game *g, int c, int side);
int arw_fx_map_possible(const gr_game *g, int c, int side);
int arw_fx_combat_possible(const gr_game *g, int c, int side);
/* After-task continuations. */
void arw_fx_map_resume(gr_game *g);
void arw_fx_combat_resume(gr_game *g);
void arw_fx_units_resume(gr_game *g);
void arw_fx_turn_resume(gr_game *g);

/* Choice kinds (cm.step's action): which action answers the choice. */
int arw_fx_choice_action(const gr_game *g);

/* ---------------------------------------------------------------- helpers (cardfx.c) */

/* Army morale change by a card (event; may end the game). */
void arw_fx_army(gr_game *g, int army, int delta);
/* Unit u leaves the game (ARW_BOX_REMOVED): no VP, no army morale. */
void arw_fx_remove_unit(gr_game *g, int u);
/* Non-zero when unit u is in play or still to come (on the map or off the
 * map, not eliminated, captured or removed). */
int arw_fx_unit_alive(const gr_game *g, int u);
/* Non-zero when unit u has arrived (it is or was on the map). */
int arw_fx_unit_arrived(const gr_game *g, int u);
/* Opens the card resolution context (AMB-51: the army named, else French). */
void arw_fx_rctx(gr_game *g);
/* Pushed result tasks: hands over to the task stack; returns 1 if any. */
int arw_fx_tasks(gr_game *g);
/* Emits card-unit (card, unit, what). */
void arw_fx_unit_event(gr_game *g, int u, int what);
/* Turn-stamped unit bits (ARW_UC_*): clears stale ones. */
void arw_fx_ucard_set(gr_game *g, int u, unsigned bits);

/* card-unit event "what" codes (arw_card_unit_what_names). */
enum {
    ARW_CU_REMOVED = 0, ARW_CU_DEPLOYED, ARW_CU_REPLACED, ARW_CU_FLIPPED, ARW_CU_WOUNDED,
    ARW_CU_DOUBLE_MA, ARW_CU_RALLY, ARW_CU_STEP, ARW_CU_DISRUPTED, ARW_CU_CAPTURED,
    ARW_CU_KILLED, ARW_CU_TARGET, ARW_CU_NONE, ARW_CU_RALLY_FIRST
};
extern const char *const arw_card_unit_what_names[];
/* card-hex event "what" codes. */
enum { ARW_CH_TARGET = 0, ARW_CH_IMPACT, ARW_CH_DESTROYED, ARW_CH_MISSED, ARW_CH_BREACHED,
       ARW_CH_REPAIRED, ARW_CH_DEPLOYED };
extern const char *const arw_card_hex_what_names[];

#endif
