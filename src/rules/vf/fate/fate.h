/*
 * fate.h — the fate decks, hands and cards (vf:2.4, 4.0; the army sheets'
 * fate tables) part of the vf module.  Part of vf.h, which includes it in
 * place: include vf.h, not this file.
 */
#ifndef GR_VF_FATE_H
#define GR_VF_FATE_H

/* ------------------------------------------------------------------ fate/deck.c */

/* Both sides shuffle their 13 cards face down (vf:2.4-b) from the game's
 * stream; nothing in hand, nothing discarded. */
void vf_fate_deal(gr_game *g);
/* The active side draws the top card of its deck into its hand (vf:4.0-a;
 * none when the deck is empty, 4.0-e); a card whose table entry is played
 * immediately on the draw (Tide of Battle) is played at once. */
void vf_fate_draw(gr_game *g);
/* Shuffles side s's deck together with its discard pile (Tide of Battle). */
void vf_fate_reshuffle(gr_game *g, int side);
/* Table entry of card `rank` in side s's army, or NULL. */
const vf_fate_card *vf_fate_entry(const vf_sdata *sd, int side, int rank);
/* gr_rules.mask: every deck's order and the enemy's hand become unknown. */
void vf_fate_mask(gr_game *g, int viewer);
/* gr_rules.determinize: deals the cards a masked side may hold, uniformly
 * among those neither discarded nor known in the viewer's hand, and
 * shuffles every deck. */
void vf_fate_determinize(gr_game *g, gr_rng *rng);
/* Sanity of the fate state: counts agree, no card twice. */
gr_status vf_fate_sanity(const gr_game *g, gr_error *err);
/* Setup line "fate SIDE [hand=C,C] [discard=C,C]": the side holds exactly
 * those cards and has discarded those; every other card goes to its deck in
 * rank order (A first).  Returns GR_OK or an error. */
gr_status vf_fate_setup(gr_game *g, const char *line, gr_error *err);

/* Query `fate SIDE` and describe: counts, the hand (or "hidden" in a view
 * of the enemy), the discard pile, the open window, Capture and Confusion. */
void vf_fate_put(gr_text *o, const gr_game *g, int side);

/* ------------------------------------------------------------------ fate/play.c */

/* The start of side `active`'s turn, after its fate phase began: the
 * enemy's window (start of the enemy turn), the draw, its own window; then
 * the fire phase. */
void vf_fate_turn(gr_game *g);
/* Every phase begins: what cards gave "this phase" ends. */
void vf_fate_phase_begins(gr_game *g);
/* The combat phase of the active side opens with combats to fight: the
 * windows of the active side, then of the inactive side.  Returns 1 when a
 * window is open (a decision is due), 0 when none opened. */
int vf_fate_combat_windows(gr_game *g);
/* `play` and `pass` (a window's decision, or a card played in the fire or
 * action phase's own decisions). */
gr_status vf_fate_apply(gr_game *g, const gr_action *a, gr_error *why);
/* May `side` play card `rank` on id `on` (shared name space, -1 none) now?
 * GR_OK or a refusal citing vf:4.0-a (not in hand) or vf:4.0-b (its fate
 * table's timing or target). */
gr_status vf_fate_check(const gr_game *g, int side, int rank, int on, gr_error *why);
/* Candidate `play` actions of `player` now (and `pass` in a window). */
int vf_fate_legal(const gr_game *g, int player, gr_action *out, int cap);

/* Surprise Attack: unit u has made its move and may now only assault (or
 * remain stationary): GR_OK, or a refusal citing vf:4.0-b for any other
 * action (`kind`: enum vf_move_kind, or -1 for a Rally). */
gr_status vf_fate_surprise_check(const gr_game *g, int u, int kind, gr_error *why);
/* Surprise Attack: unit u has just made a Move of `kind`; when it is the
 * card's move, the unit has not yet acted (its assault follows). */
void vf_fate_after_move(gr_game *g, int u, int kind);

/* What played cards add (fate/play.c). */
/* +Fire of unit u's attack as main attacker (Perfect Volleys, Directed Fire). */
int vf_fate_fire_bonus(const gr_game *g, int u);
/* +Combat of unit u (Attaque a Outrance, Defensive Fire, All Out Attack). */
int vf_fate_combat_bonus(const gr_game *g, int u);
/* Modifier to unit u's valour dice (Scum of the Earth: -1). */
int vf_fate_valour_mod(const gr_game *g, int u);
/* +move distance of unit u (Vive l'Empereur), hundredths of an inch. */
int32_t vf_fate_move_bonus(const gr_game *g, int u);

/* ------------------------------------------------------------------ fate/breakthrough.c */

/* Breakthrough's moves are under way (the combat phase's stage). */
int vf_breakthrough_on(const vf_state *st);
/* Unit u may still make its Breakthrough move. */
int vf_breakthrough_may_move(const gr_game *g, int u);
/* Brigade b's units may each make one Move now. */
void vf_breakthrough_begin(gr_game *g, int b);
/* `move`, `hold`, the legs of a move, `next` during Breakthrough. */
gr_status vf_breakthrough_apply(gr_game *g, const gr_action *a, gr_error *why);
/* The end of the active side's combat phase: its window for Breakthrough
 * (when it holds a card).  Returns 1 when the window opened. */
int vf_fate_end_combat_window(gr_game *g);

/* ------------------------------------------------------------------ fate/react.c */

/* Opens reaction window w (VF_FW_HITS, VALOUR, FORTITUDE) for side when it
 * could hold the window's card (fate on, a card in hand, the card in its
 * table and not discarded); 1 when opened (the resolution then waits in
 * vf_state.react, which the caller fills). */
int vf_react_open(gr_game *g, int w, int side);
/* Window w is a reaction window. */
int vf_react_window(int w);
/* A card with `hook` may be played by side in the open reaction window. */
int vf_react_timing(const vf_state *st, int side, int hook);
/* The window's card was played (its effect comes when the window closes). */
void vf_react_played(gr_game *g);
/* Reaction window w closed: the waiting resolution goes on. */
void vf_react_close(gr_game *g, int w);

#endif
