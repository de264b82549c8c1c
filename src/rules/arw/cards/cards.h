/*
 * cards.h — the random event cards (SR4.3, Part G) as the other groups
 * see them: the deck's phase, play windows, what cards in force change in
 * other rules.  Internals are in cardint.h.
 */
#ifndef ARW_CARDS_H
#define ARW_CARDS_H

#include "../state.h"

/* ------------------------------------------------------------------ CARDS
 * Random event cards (SR4.3, Part G): cards.c (deck, draws, hands, the
 * Random Events phase, hidden hands), cardplay.c (play windows, the card
 * stage), cardfx*.c (effects), cardquery.c (what other rules read).  The
 * functions below are the cards' interface with the rest of the module. */

/* Opening position: the deck shuffled (SR4.3), no hands. */
void arw_cards_init(gr_game *g);
/* Random Events phase entry (SR4.3-a, SR4.3-b). */
void arw_cards_phase_begin(gr_game *g);
/* A play window at the start of phase `ph` (SR4.3-c): returns 1 when the
 * card stage took over (it calls arw_phase_enter when the window closes). */
int arw_cards_phase_window(gr_game *g, int ph);
/* A play window inside a phase (ARW_CW_OWN_ATTACKS... from the point of
 * view of the active side): returns 1 when the card stage took over (the
 * current stage is restored when the window closes). */
int arw_cards_window(gr_game *g, int kind);
/* The FIRE subsystem announces a defensive artillery fire by `n` units of
 * the inactive side (Card 43 window); returns 1 when a window opened (the
 * fire stage is restored afterwards: re-read the units, one may be gone). */
int arw_cards_fire_announced(gr_game *g, const int *units, int n);
/* FIRE (artfire.c): resolves the artillery fire announced before the Card 43
 * window that just closed (a battery that lost its last step no longer
 * fires; the others fire at their strength now).  Nothing when none waits. */
void arw_art_resolve_announced(gr_game *g);
/* Result tasks of a card effect are done (flow.c, resolution context
 * ARW_RC_CARD). */
void arw_cards_resume(gr_game *g);
/* Card stage: pending, legal, check, exec (cardplay.c). */
void arw_cards_pending(const gr_game *g, gr_pending *out);
int arw_cards_legal(const gr_game *g, int side, gr_action *out, int cap);
gr_status arw_cards_check(const gr_game *g, const gr_action *a, gr_error *err);
void arw_cards_exec(gr_game *g, const gr_action *a);
/* Non-zero for the action kinds of the CARDS block. */
int arw_cards_action(int kind);
/* Hidden hands and deck order in a view (cards.c). */
void arw_cards_mask(gr_game *g, int viewer);
void arw_cards_determinize(gr_game *g, gr_rng *rng);
/* Consistency of the card bookkeeping (cards.c). */
gr_status arw_cards_sanity(const gr_game *g, gr_error *err);
/* Setup lines "card ...", "deck ...", "weather ..." (cardquery.c); returns
 * 1 and sets *st when the line was a card line. */
int arw_cards_setup(gr_game *g, char **w, int n, gr_status *st, gr_error *err);
/* Query "cards [SIDE]" and "card N" (cardquery.c); 1 when handled. */
int arw_cards_query(const gr_game *g, char **w, int n, char *buf, size_t size,
                    gr_status *st, gr_error *err);
/* Description of hands, deck and cards in force (respecting views). */
int arw_cards_describe(const gr_game *g, char *buf, size_t size);
/* The `panel` query's card lines: hand counts, the viewer's own cards. */
void arw_cards_panel(const gr_game *g, gr_text *o);

/* What the other rules read (cardquery.c).  Each returns the neutral value
 * when no card is in force. */
/* Non-zero when card c was played this turn and is in force (any effect). */
int arw_card_in_force(const gr_game *g, int c);
/* Close-combat DRM of cards in force for combat k (12, 13, 26, 27, 29, 39). */
int arw_cards_cc_drm(const gr_game *g, int k);
/* Odds column shift of cards in force for combat k (36). */
int arw_cards_column_shift(const gr_game *g, int k);
/* Non-zero when chit c may not be used by role `role` of combat k (53). */
int arw_cards_chit_barred(const gr_game *g, int k, int role, int c);
/* Movement allowance of unit u this turn after cards (22, 48-50, 52),
 * from `ma` (the MA before cards). */
int arw_cards_unit_ma(const gr_game *g, int u, int ma);
/* Rally DRM of cards for unit u (22, 54). */
int arw_cards_rally_drm(const gr_game *g, int u);
/* Non-zero when the active side's rally attempts were made before its
 * Movement phase this turn (39): its Rally phase has none. */
int arw_cards_rally_done(const gr_game *g);
/* Non-zero for a leader wounded this turn (44): no movement, no rally, no
 * chit requirement, no modifiers. */
int arw_cards_leader_wounded(const gr_game *g, int u);
/* Side that takes the initiative this turn by Card 47, or -1. */
int arw_cards_initiative(const gr_game *g);
/* Turn in which unit u arrives as a reinforcement after cards (20, 46,
 * removals, replacement counters); 0 when it never arrives. */
int arw_cards_entry_turn(const gr_game *g, int u);

#endif
