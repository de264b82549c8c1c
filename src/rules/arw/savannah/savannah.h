/*
 * savannah.h — the Savannah special rules: the strategic layer and victory
 * (turn tracks, weather, siegeworks, siege, sorties, VP) and the Savannah
 * terms of close combat, command and morale (SR4.1, SR4.8, SR4.13-b,
 * SR4.15-SR4.19).  The predicates here are read by the movement, fire,
 * combat, rally and card code; functions marked [hook] are called once
 * from the file named in the comment beside the call.
 */
#ifndef ARW_SAVANNAH_H
#define ARW_SAVANNAH_H

#include "../state.h"

/* ------------------------------------------------------------------ strategic layer
 * The strategic layer and victory (Part B turn tracks, SR1.6, SR1.7-b, SR2,
 * SR3-b/c, SR4.2, SR4.4-4.6, SR4.10, SR4.11, SR4.14, HS-16, HS-victory). */

/* ---- track.c: turn record tracks, player turns, perimeter (B.3-B.5) */

/* Opening of a game: weather of the start turn, markers, flags. [hook: init] */
void arw_sav_init(gr_game *g);
/* GR5 D(3), SR1.6-c: the next game turn (turn 16 after a Case A
 * announcement), its track, weather and per-turn effects. [hook: flow.c] */
void arw_sav_next_turn(gr_game *g);
/* B.5: 0 when phase `ph` does not take place now (strategic-only phases on
 * the tactical track or on turns the track does not mark). [hook: flow.c] */
int arw_sav_phase_due(const gr_game *g, int ph);
/* Entry of the player-turn-end phase (SR3-b surrender, SR1.6-c Case A). */
void arw_player_end_begin(gr_game *g);
/* Entry of the turn-end phase (GR5 D, XI: automatic and final victory). */
void arw_turn_end_begin(gr_game *g);
/* Non-zero on the strategic track (SR1.6-a): the turn track's record of the
 * turn (the tactical track after a Case A switch); a scenario without a turn
 * track plays tactical turns unless arw_state.track says strategic.  The
 * one answer for every rule that depends on the track (strategic-only
 * phases, cards' timing, mortars, the perimeter). */
int arw_sav_strategic(const gr_game *g);
/* SR1.6-g, SR1.7-b: non-zero when the Allies may attack the perimeter now
 * (the tactical track, or a scenario without a turn track). */
int arw_perimeter_attack_allowed(const gr_game *g);
/* SR1.7-b (AMB-21): non-zero when unit u may end or pass its movement in hex
 * h (an Allied combat unit may not, on the strategic track, in a hex outside
 * the perimeter with a perimeter hexside).  For movement.c. */
int arw_perimeter_move_ok(const gr_game *g, int u, int h);
/* Non-zero when arw_perimeter_move_ok may refuse unit u now (an Allied
 * combat unit before the assault): it then refuses exactly the hexes
 * outside the perimeter with a perimeter hexside (arw_map.pside). */
int arw_perimeter_move_barred(const gr_game *g, int u);
/* Non-zero when unit u may not attack hex h in close combat now: SR3-c /
 * SR1.7-b (perimeter before the assault), HS-16 (no American attack on
 * turn 16), Hurricane (no close combat).  [hook: declare.c] */
int arw_sav_attack_barred(const gr_game *g, int u, int h);
/* The refusal of an attack arw_sav_attack_barred bars, citing its rule. */
gr_status arw_sav_attack_refusal(const gr_game *g, int u, int h, gr_error *err);
/* State of the British defences in force now (ARW_DEF_*; SR4.14, AMB-05). */
int arw_sav_defences(const gr_game *g);
/* Card 55: the British defences are complete from `turn` on (SR4.14-b);
 * the turn so set, or 0. */
void arw_sav_complete_defences(gr_game *g, int turn);
int arw_sav_defences_turn(const gr_game *g);
/* SR1.6-c: the Allies announce the assault (announce 1) or not. */
void arw_assault_exec(gr_game *g, int announce);

/* ---- weather.c: SR4.2, T-Weather */

/* Entry of the weather phase: the roll, Hurricane losses. */
void arw_weather_begin(gr_game *g);
/* Sets the weather of the turn that begins (carry-over, Heavy Rain after
 * H/G/S, fixed tactical weather). */
void arw_weather_turn(gr_game *g);
/* The weather in force now (ARW_W_*): the turn record's fixed weather
 * (HS-16), else arw_state.weather (rolled, carried over, set by the rules
 * or a setup line).  Every weather reader goes through it. */
int arw_weather(const gr_game *g);
/* Effects of the weather now (T-Weather, strategic.json; no effect without
 * a strategic file). */
const arw_weather_fx *arw_weather_now(const gr_game *g);
/* Movement (ARW_WM_*) and strategic movement (ARW_WS_*) now.  For movement.c. */
int arw_weather_move(const gr_game *g);
int arw_weather_strategic(const gr_game *g);
/* Fire DRM now, the one reader of the T-Weather fire row (tables.json
 * "fire" "weather", every scenario); *prohibited set when no fire is
 * allowed (Gale, Hurricane). */
int arw_weather_fire_drm(const gr_game *g, int *prohibited);
/* Close-combat DRM now; *prohibited set when no close combat is allowed. */
int arw_weather_cc_drm(const gr_game *g, int *prohibited);
/* Rally roll DRM now (Hurricane -2, Gale -1). */
int arw_weather_rally_drm(const gr_game *g);
/* Non-zero when the weather allows everything in `wxf` (ARW_WXF_*): cards
 * played (SR4.3-h, for the cards code), reinforcements (for movement.c),
 * starting or completing siegeworks. */
int arw_weather_allows(const gr_game *g, unsigned wxf);
/* Hurricane losses (AMB-84): the units of `army` that may lose the step;
 * the step loss of the unit the owner chose. */
int arw_weather_loss_candidates(const gr_game *g, int army, int *out);
void arw_weather_loss_exec(gr_game *g, int u);

/* ---- savmap.c: the map as the siege changes it */

/* Side types in effect when crossing into h across its side dir: the map's,
 * plus completed siegeworks (SR4.4), minus breached fieldworks (SR4.5-c,
 * TEC note 6; partial breaches of Cards 25 and 34).  The one answer every
 * reader of hexside terrain uses (ZOC, close-combat and morale DRMs, fire
 * DRMs and LOS, movement costs). */
unsigned arw_edge_types(const gr_game *g, int h, int dir);
/* Non-zero when some partial breach is in force (Cards 25, 34). */
int arw_any_partial_breach(const gr_game *g);
/* The side types present on that crossing that breaches cancel now: every
 * fieldworks type of a full breach, the abatis (Card 25) or the other
 * fieldworks (Card 34) of a partial one. */
unsigned arw_breached_types(const gr_game *g, int h, int dir);
/* The side types that are fieldworks (revetment, redoubt, siegeworks,
 * abatis: terrain.json flag "fieldworks"), as a mask of side type bits. */
unsigned arw_fieldworks_types(const arw_data *d);
/* Hex type in effect in h: clear for a destroyed town hex (Siege footnote). */
int arw_hex_terrain(const gr_game *g, int h);
/* Non-zero when side dir of h carries completed French siegeworks built in
 * the game (the symbol in h). */
int arw_works_side(const gr_game *g, int h, int dir);
/* `side`'s fieldworks hexsides (its types: strategic.json "works"), as
 * symbol hex * 6 + dir, into out[cap]; returns the count: want_breached 0,
 * those with some of its works left unbreached (what a breach may hit);
 * 1, those with some breached (what a repair may mend: Siege rows, Card 28).
 * ARW_MAX_WORKS_SIDES bounds the lists callers keep. */
#define ARW_MAX_WORKS_SIDES 512
int arw_works_hexsides(const gr_game *g, int side, int want_breached, int *out, int cap);
/* Breaches (repair 0) or repairs (1) the side dir of h (both hexes); either
 * replaces a partial breach of that side. */
void arw_breach(gr_game *g, int h, int dir, int repair);
/* Cards 25, 34: a partial breach of kind ARW_BK_* of side dir of h (a free
 * entry of the list must exist: arw_partial_breach_room). */
void arw_partial_breach(gr_game *g, int h, int dir, int kind);
int arw_partial_breach_room(const gr_game *g);
/* Non-zero when h is a Savannah town hex (intact or destroyed). */
int arw_is_town(const arw_data *d, int h);
/* Non-zero when h (or -1) is an intact Savannah town hex: what T-Siege-I
 * FR 9 and Card 15 may aim at and destroy. */
int arw_town_intact(const gr_game *g, int h);
/* A bombardment of town hex `target` (T-Siege-I FR 9, Card 15): the shell
 * scatters (arw_scatter_impact); an intact Savannah town hex hit is
 * destroyed (clear terrain from now on, Siege footnote); off the town
 * nothing is (AMB-57).  Returns the impact hex (-1 off the map); *destroyed
 * is set when it was destroyed. */
int arw_bombard_town(gr_game *g, int target, int *destroyed);

/* ---- construction.c: SR4.4, SR4.5 */

void arw_works_begin(gr_game *g);
void arw_works_continue(gr_game *g);
/* Completed French siegeworks hexsides (SR4.6-a). */
int arw_works_completed(const gr_game *g);
int arw_works_face_legal(const gr_game *g, gr_action *out, int cap);
int arw_works_place_legal(const gr_game *g, gr_action *out, int cap);
gr_status arw_works_check(const gr_game *g, const gr_action *a, gr_error *err);
void arw_works_exec(gr_game *g, const gr_action *a);
/* SR4.5-b: removes markers under construction entered by the enemy. */
void arw_works_watch(gr_game *g);

/* ---- siege.c: SR4.6, T-Siege-I/II */

void arw_siege_begin(gr_game *g);
void arw_siege_continue(gr_game *g);
int arw_siege_legal(const gr_game *g, gr_action *out, int cap);
gr_status arw_siege_check(const gr_game *g, const gr_action *a, gr_error *err);
void arw_siege_exec(gr_game *g, const gr_action *a);
/* A destroyed town hex (T-Siege-I FR 9): the unit its owner chose loses a
 * step, then the hex's units check morale; the candidates. */
void arw_siege_town_loss(gr_game *g, int u);
int arw_siege_loss_candidates(const gr_game *g, int *out);
/* The extra fire of T-Siege-II FR 5 (Beekman) is over: the siege goes on. */
void arw_siege_extra_fire_done(gr_game *g);
/* Cards 9, 21 (strategic): `side` makes no siege & bombardment roll this
 * turn; non-zero when it may not. */
void arw_siege_cancel(gr_game *g, int side);
int arw_siege_cancelled(const gr_game *g, int side);
/* MA factor of unit u this turn (T-Siege-II row 4: x2). For movement.c. */
int arw_sav_ma_factor(const gr_game *g, int u);

/* ---- victory.c: SR2, T-VP, HS-victory */

/* Loss kinds for arw_sav_loss. */
enum { ARW_LOSS_REDUCED = 0, ARW_LOSS_ELIMINATED, ARW_LOSS_CAPTURED, ARW_LOSS_SHATTERED };
/* Unit u suffers loss `kind` (call before it leaves the map); `gainer` is
 * the enemy army (-1: arw_enemy_army).  T-VP, AMB-22 counts, immediate
 * decisive victories (AMB-46).  [hook: results.c, the loss functions every
 * subsystem uses] */
void arw_sav_loss(gr_game *g, int u, int kind, int gainer);
/* Adds vp2 half points to `army` (a rule that states VP). */
void arw_vp_add(gr_game *g, int army, int vp2);
/* Unit u loses a step that gives no VP and counts for no decisive victory;
 * with `morale`, the "1" army-morale change to its army only (Hurricane,
 * AMB-84: arw_step_loss with nobody gaining), else none (Card 16's flip and
 * Card 43's explosion: "no army-morale or VP change").  Units a card
 * removes from the game (ARW_BOX_REMOVED: Cards 1, 2, 32, 33, 37, 38) never
 * reach the T-VP hooks. */
void arw_lose_step_no_vp(gr_game *g, int u, int morale);
/* Decisive conditions met now: ends the game; returns non-zero then. */
int arw_decisive_check(gr_game *g);
/* SP lost so far by the unit groups in the bit set `groups` (AMB-22). */
int arw_lost_sp(const arw_state *s, unsigned groups);
/* Non-zero when unit u (>= 0) is eliminated or captured. */
int arw_unit_lost(const arw_state *s, int u);
/* SR2.1 Case A: the surrender roll's DRM now (AMB-85), with *towns the
 * town hexes holding a ready Allied combat unit (no roll when 0). */
int arw_surrender_drm(const gr_game *g, int *towns);
/* SR2.1 Case A at the end of a British player turn. */
void arw_surrender_check(gr_game *g);
/* SR2.8: the side controlling hex h now (a ready combat unit in it, no
 * ready enemy next to it), with that unit's army in *army; -1 when none. */
int arw_hex_controller(const gr_game *g, int h, int *army);
/* End of the last turn: victory hex, marginal victory (SR2.3, SR2.6, SR2.8). */
void arw_final_victory(gr_game *g);
/* HS-victory: a ready Allied combat unit in a town hex ends the game. */
int arw_hs_town_check(gr_game *g);

/* ---- savrules.c: close combat and rally terms */

/* Savannah close-combat DRMs of combat k: weather (Gale, Squall), SR4.14
 * incomplete defences, HS-sr3 French attacks. [hook: ccdrm.c] */
int arw_sav_cc_drm(const gr_game *g, int k);
/* HS-16 (AMB-47): refuses declare-done while d'Estaing's hex holds a unit
 * that may still attack and none of it does. [hook: declare.c] */
gr_status arw_hs16_declare_check(const gr_game *g, const gr_action *a, gr_error *err);
/* Rally roll DRM of unit u: weather, SR4.11 naval zone. [hook: rally.c] */
int arw_sav_rally_drm(const gr_game *g, int u);
/* SR4.11: non-zero while the British naval bombardment zone works this
 * turn; Card 42 switches it off for the turn. */
int arw_naval_zone_active(const gr_game *g);
void arw_naval_zone_off(gr_game *g);

/* ---- sortie.c: SR4.10 */

/* SR4.10-a: non-zero when British unit u may leave the perimeter from
 * `from` to `to` (stacked with a leader in either hex, exempt, or turn 11+).
 * For movement.c. */
int arw_sortie_exit_ok(const gr_game *g, int u, int from, int to);
/* SR4.10-b (AMB-87): non-zero when leader u may enter the perimeter at h. */
int arw_sortie_enter_ok(const gr_game *g, int u, int h);
/* Non-zero when arw_sortie_exit_ok may refuse unit u now (a British
 * combat unit, not exempt, in turns 1-10): it then refuses only steps out
 * of the perimeter with no British leader in either hex. */
int arw_sortie_exit_watched(const gr_game *g, int u);
/* Non-zero when arw_sortie_enter_ok refuses leader u every perimeter hex
 * now (a unit that left with him is still outside). */
int arw_sortie_enter_barred(const gr_game *g, int u);
/* SR4.10-a: printed morale modifier of unit u (-1 on a sortie). [hook: board.c] */
int arw_sortie_morale(const gr_game *g, int u);
/* Bookkeeping of units leaving and re-entering the perimeter (AMB-31). */
void arw_sortie_watch(gr_game *g);

/* ---- savops.c: the Savannah stage and the run-loop watch */

void arw_sav_pending(const gr_game *g, gr_pending *out);
int arw_sav_legal(const gr_game *g, int side, gr_action *out, int cap);
gr_status arw_sav_check(const gr_game *g, const gr_action *a, gr_error *err);
void arw_sav_exec(gr_game *g, const gr_action *a);
/* Result tasks of a Savannah resolution (ARW_RC_SAV) are done. [hook: flow.c] */
void arw_sav_resume(gr_game *g);
/* Enters the Savannah stage waiting for `step` by side `who`. */
void arw_sav_wait(gr_game *g, int step, int who);
/* Checks made after every step (HS-victory town entry, SR4.5-b, SR4.10);
 * returns non-zero when the game is over. [hook: flow.c arw_run] */
int arw_sav_watch(gr_game *g);
/* HS-setup-a at a game's start: asks for the first free set-up unit's hex;
 * returns 0 when no unit has a free set-up area (the opening then begins). */
int arw_sav_free_setup(gr_game *g);

/* ---- savtext.c: setup, edit, query, describe, sanity of the Savannah state */

/* Each returns 1 when it knows the line/query (result in *st), else 0. */
int arw_sav_setup(gr_game *g, char **w, int n, gr_error *err, gr_status *st);
int arw_sav_edit(arw_data *d, char **w, int n, gr_error *err, gr_status *st);
int arw_sav_query(const gr_game *g, char **w, int n, char *buf, size_t size, gr_error *err,
                  gr_status *st);
/* Appends the Savannah lines of gr_game_describe. */
void arw_sav_describe(const gr_game *g, char *buf, size_t size, size_t *len);
gr_status arw_sav_sanity(const gr_game *g, gr_error *err);

/* ------------------------------------------------------------------ close combat, command, morale
 * The close-combat side of SR4.1, SR4.8 (Creeks), SR4.9-f (Lost), SR4.13-b,
 *      SR4.15, SR4.16, SR4.18 (command, semi-leaders, T-LeaderCasualty),
 *      SR4.19 (advance, rally, breach checks), T-CC-DRM unit rows */

/* stackrules.c — SR4.1 in close combat and retreats */
/* Non-zero when hex h holds a French combat unit and an American combat
 * unit other than Pulaski's Legion (SR4.1-1a, SR4.13-a). */
int arw_mixed_fa_hex(const gr_game *g, int h);
/* Non-zero when hex h holds a French regular (not artillery) and a French
 * colonial militia combat unit (SR4.1-3a). */
int arw_mixed_frcm_hex(const gr_game *g, int h);
/* Start of a Movement phase (flow.c): marks the active side's units of
 * mixed Franco-American stacks next to an enemy combat unit, which will be
 * forced to attack if they are still so stacked (SR4.1-1d, AMB-24). */
void arw_sr41_mark_forced(gr_game *g);
/* Non-zero when unit u may not attack because it is in a mixed
 * Franco-American stack and not forced to (SR4.1-1d: never voluntarily). */
int arw_sr41_attack_barred(const gr_game *g, int u);
/* Non-zero when unit u may not enter hex h because the Negro Volunteers
 * and the southern loyalists never share a hex (SR4.1-2a). */
int arw_sr41_clash_hex(const gr_game *g, int u, int h);
/* Non-zero when unit u may retreat into an SR4.1-2a clash that cannot be
 * avoided (a southern unit: the Negro Volunteers there are then captured). */
int arw_sr41_may_force(const arw_data *d, int u);
/* Unit u has just retreated into h: Negro Volunteers stacked there with a
 * southern unit are captured instead (SR4.1-2b). */
void arw_sr41_retreat_end(gr_game *g, int u, int h);

/* savunits.c — unit rules that close-combat results ask about */
/* Non-zero for Creeks with no other friendly combat unit in their hex
 * (SR4.8-c: they defend only). */
int arw_creek_alone(const gr_game *g, int u);
/* Close-combat hook of declare.c: non-zero when unit u may not attack for a
 * Savannah reason (SR4.1-1d, SR4.8-c). */
int arw_unit_attack_barred(const gr_game *g, int u);
/* The refusal of an attack by u barred by arw_unit_attack_barred, or GR_OK. */
gr_status arw_unit_attack_refusal(const gr_game *g, int u, gr_error *err);
/* Army whose morale and VP change with unit u's results: the French for
 * Pulaski's Legion operating with the French (SR4.13-b), else its own. */
int arw_morale_army(const gr_game *g, int u);
/* The one answer to "which army's morale does a loss of unit u change"
 * (T-ArmyMoraleAdjust): -1 for none, for either side (Creeks, SR4.8-e);
 * else arw_morale_army.  Read it while u is still on the map: the loss
 * functions of results.c do. */
int arw_loss_army(const gr_game *g, int u);
/* The one answer to "does a loss score T-VP now" (victory.c): a Savannah
 * game not over, outside a loss "without VP" (arw_lose_step_no_vp).  The
 * Creeks do score (0.5 VP, SR4.8-e, a T-VP value). */
int arw_losses_score_vp(const gr_game *g);
/* SR4.9-f, AMB-30: a Lost unit that should retreat on a failed morale check
 * stays, pinned; returns 1 when u was Lost and has been pinned. */
int arw_lost_pin(gr_game *g, int u);

/* savdrm.c — T-CC-DRM rows of Savannah units (SR4.1-1c/1d/3c, SR4.8-d,
 * SR4.16-a, AMB-49): their sum for combat k at Step 3. */
int arw_sav_unit_drm(const gr_game *g, int k);

/* command.c — SR4.18 command and T-LeaderCasualty */
/* Non-zero when leader l may command (and lead in chit eligibility) combat
 * unit u: same army; Huger only militia and artillery (SR4.18). */
int arw_may_command(const arw_data *d, int l, int u);
/* Leader l lost (GR14.31, GR14.32; T-LeaderCasualty; AMB-45): killed
 * (box ARW_BOX_ELIMINATED, event leader-lost) or captured (ARW_BOX_CAPTURED,
 * event captured); his army loses and `gainer` (-1: none) gains the table's
 * army morale; VP per SR2.7 (victory.c); an army commander's side forfeits
 * a momentum chit (SR4.18, AMB-12).  The one leader loss of close combat,
 * fire, advances and cards. */
void arw_leader_lost(gr_game *g, int l, int box, int gainer);
/* GR14.32-a: combat unit u enters hex h (call it before placing u there; h
 * holds no enemy combat unit): if u is ready or disrupted, the enemy
 * leaders alone in h are captured through arw_leader_lost (AMB-45), the
 * army u's losses and gains count for gaining (AMB-51, SR4.13-b).  For the
 * advance after combat and for movement. */
void arw_capture_lone_leaders(gr_game *g, int u, int h);

/* savchits.c — chit eligibility rules of Savannah */
/* Non-zero when SR4.15-a bars chit c (1..8) to role `role` of combat k. */
int arw_doctrine_barred(const gr_game *g, int k, int role, int c);
/* Non-zero when a semi-leader (Pulaski, Tawes) satisfies the leader
 * requirement of role `role` in combat k (SR4.18). */
int arw_semileader_near(const gr_game *g, int k, int role);

/* savmorale.c — SR4.19 morale rules */
/* T-MoraleDRM fieldworks +1 for a rally attempt of unit u (AMB-80, SR4.19
 * restrictions: none if a side of the works is breached or the enemy is
 * inside the same works). */
int arw_rally_works_drm(const gr_game *g, int u);
/* SR4.19, Siege footnote, AMB-35: every combat unit in hex h and in hex h2
 * (ARW_NO_HEX: none) but those of side `spared` (-1: none) checks morale
 * with `drm` at the army levels of the resolution context; each failure
 * pushes a one-hex retreat task (no army-morale change).  Returns the
 * number of retreats pushed (the caller sets the tasks stage and resumes
 * after them).  The one loop of the breach and destroyed-town checks. */
int arw_hex_morale_checks(gr_game *g, int h, int h2, int drm, int spared);
/* SR4.19: the side dir of hex h has just been breached by side `breaker`
 * (siege and bombardment, Cards 25 and 34): the units in the breached
 * works, i.e. every combat unit of the other side in either hex of the
 * side ("units adjacent to the breached hexside", Siege footnote), check
 * morale (arw_hex_morale_checks with drm 0); the breaker's never do. */
int arw_breach_checks(gr_game *g, int h, int dir, int breaker);

#endif
