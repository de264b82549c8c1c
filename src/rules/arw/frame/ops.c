/* ops.c — the ARW rule system's operations table (gr_rules_arw): action,
 * event and decision vocabularies, game options, the opening position, and
 * the pending/legal/apply front door that dispatches to the rule files. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../arw.h"
#include "../cards/cardint.h"

/* Vocabularies in the blocks of the enums in state.h: sequence and close
 * combat, cards, movement, fire, Savannah. */
static const char *const ROLL_PURPOSES[ARW_NROLLS + 1] = {
    [ARW_ROLL_CC] = "close-combat", [ARW_ROLL_MORALE] = "morale",
    [ARW_ROLL_DETERMINIZE] = "determinize", [ARW_ROLL_INITIATIVE] = "initiative",
    /* cards */
    [ARW_ROLL_CARD_SHUFFLE] = "card-shuffle", [ARW_ROLL_CARD_STEAL] = "card-steal",
    [ARW_ROLL_CARD] = "card",
    /* movement */
    [ARW_ROLL_COVERED_WAY] = "covered-way", [ARW_ROLL_ENTRY] = "variable-entry",
    /* fire */
    [ARW_ROLL_FIRE] = "fire", [ARW_ROLL_DAMAGE] = "fire-damage",
    [ARW_ROLL_SCATTER] = "scatter", [ARW_ROLL_MALFUNCTION] = "malfunction",
    /* savannah */
    [ARW_ROLL_WEATHER] = "weather", [ARW_ROLL_SIEGE] = "siege",
    [ARW_ROLL_SURRENDER] = "surrender",
    [ARW_NROLLS] = NULL};

static const char *const DECISIONS[ARW_NDECISIONS + 1] = {
    [ARW_D_DECLARE] = "declare", [ARW_D_NEXT_COMBAT] = "next-combat",
    [ARW_D_VANGUARD] = "vanguard", [ARW_D_CHIT] = "tactic-chit", [ARW_D_MOMENTUM] = "momentum",
    [ARW_D_RETREAT] = "retreat", [ARW_D_CAPTURE] = "capture",
    [ARW_D_SECOND_LOSS] = "second-loss", [ARW_D_CASUALTY] = "leader-casualty",
    [ARW_D_ADVANCE] = "advance", [ARW_D_NONE] = "none",
    [ARW_D_INIT_BID] = "initiative-bid", [ARW_D_INIT_SEIZE] = "initiative-seize",
    [ARW_D_CAV_WITHDRAW] = "cavalry-withdrawal", [ARW_D_LEADER_RETREAT] = "leader-retreat",
    [ARW_D_STACK_LOSS] = "stacking-loss",
    /* cards */
    [ARW_D_EXTRA_CARD] = "extra-card", [ARW_D_KEEP_CARD] = "intelligence-coup",
    [ARW_D_PLAY_CARD] = "play-card", [ARW_D_CANCEL_CARD] = "cancel-card",
    [ARW_D_CARD_CHOICE] = "card-choice",
    /* movement */
    [ARW_D_MOVE] = "move", [ARW_D_ENTRY] = "reinforcement-entry",
    [ARW_D_OVERSTACK] = "over-stack",
    /* fire */
    [ARW_D_ART_FIRE] = "artillery-fire", [ARW_D_RIFLE_FIRE] = "rifle-fire",
    [ARW_D_MORTAR_FIRE] = "mortar-fire", [ARW_D_MORTAR_TARGET] = "mortar-target",
    /* savannah */
    [ARW_D_ASSAULT] = "assault-announcement", [ARW_D_SAV_LOSS] = "strategic-loss",
    [ARW_D_WORKS_FACE] = "siegeworks-facing", [ARW_D_WORKS_PLACE] = "siegeworks-placement",
    [ARW_D_SIEGE_ROLL] = "siege-roll", [ARW_D_SIEGE_SIDE] = "siege-hexside",
    [ARW_D_SIEGE_ARMY] = "siege-army", [ARW_D_SIEGE_UNIT] = "siege-artillery",
    [ARW_D_SIEGE_TOWN] = "siege-town", [ARW_D_FREE_SETUP] = "free-setup",
    [ARW_NDECISIONS] = NULL};

#define F_UNIT(n) {n, GR_F_UNIT, 0, 0, NULL}
#define F_HEX(n) {n, GR_F_HEX, 0, 0, NULL}
#define F_INT(n) {n, GR_F_INT, 0, 0, NULL}
#define F_PLAYER(n) {n, GR_F_PLAYER, 0, 0, NULL}
#define F_ENUM(n, names) {n, GR_F_ENUM, 0, 0, names}

static const gr_kind ACTIONS[ARW_NACTIONS] = {
    [ARW_A_ATTACK] = {"attack", 2, {F_UNIT("unit"), F_HEX("hex")}},
    [ARW_A_WIDEN] = {"widen", 2, {F_HEX("hex"), F_HEX("add")}},
    [ARW_A_DECLARE_DONE] = {"declare-done", 0, {{0}}},
    [ARW_A_RESOLVE] = {"resolve", 1, {F_INT("combat")}},
    [ARW_A_VANGUARD] = {"vanguard", 1, {F_UNIT("unit")}},
    [ARW_A_CHIT] = {"chit", 1, {F_ENUM("chit", arw_chit_names)}, 1 /* secret until both chose */},
    [ARW_A_REROLL] = {"reroll", 0, {{0}}},
    [ARW_A_NO_REROLL] = {"no-reroll", 0, {{0}}},
    [ARW_A_RETREAT] = {"retreat", 2, {F_UNIT("unit"), F_HEX("hex")}},
    [ARW_A_CAPTURE] = {"capture", 1, {F_UNIT("unit")}},
    [ARW_A_LOSE_STEP] = {"lose-step", 1, {F_UNIT("unit")}},
    [ARW_A_CASUALTY] = {"casualty", 1, {F_UNIT("unit")}},
    [ARW_A_ADVANCE] = {"advance", 2, {F_UNIT("unit"), F_HEX("hex")}},
    [ARW_A_ADVANCE_DONE] = {"advance-done", 0, {{0}}},
    [ARW_A_BID] = {"initiative-bid", 1, {F_INT("chits")}},
    [ARW_A_SEIZE] = {"seize-initiative", 1, {F_PLAYER("first")}},
    [ARW_A_NO_SEIZE] = {"keep-rolls", 0, {{0}}},
    [ARW_A_CAV_WITHDRAW] = {"cavalry-withdraw", 0, {{0}}},
    [ARW_A_NO_CAV_WITHDRAW] = {"stand", 0, {{0}}},
    [ARW_A_LEADER_GO] = {"leader-retreat", 1, {F_UNIT("unit")}},
    [ARW_A_LEADER_STAY] = {"leader-stay", 1, {F_UNIT("unit")}},
    [ARW_A_REDUCE] = {"reduce", 1, {F_UNIT("unit")}},
    [ARW_A_SURRENDER] = {"surrender", 1, {F_UNIT("unit")}},
    [ARW_A_DIVERT] = {"divert", 1, {F_HEX("hex")}},
    /* cards (sr4.3) */
    [ARW_A_EXTRA_CARD] = {"extra-card", 0, {{0}}},
    [ARW_A_NO_EXTRA_CARD] = {"no-extra-card", 0, {{0}}},
    [ARW_A_KEEP_CARD] = {"keep-card", 1, {F_INT("card")}, 1 /* a hidden card */},
    [ARW_A_PLAY_CARD] = {"play-card", 1, {F_INT("card")}},
    [ARW_A_PASS_CARDS] = {"pass-cards", 0, {{0}}},
    [ARW_A_REDRAW_CARD] = {"redraw-card", 1, {F_INT("card")}},
    [ARW_A_CARD_UNIT] = {"card-unit", 1, {F_UNIT("unit")}},
    [ARW_A_CARD_HEX] = {"card-hex", 1, {F_HEX("hex")}},
    [ARW_A_CARD_SIDE] = {"card-side", 2, {F_HEX("hex"), F_HEX("to")}},
    [ARW_A_CARD_ARMY] = {"card-army", 1, {F_ENUM("army", arw_army_names)}},
    [ARW_A_CARD_OPTION] = {"card-option", 1, {F_ENUM("option", arw_card_option_names)}},
    [ARW_A_CARD_DONE] = {"card-done", 0, {{0}}},
    /* movement (GR7-GR9) */
    [ARW_A_MOVE] = {"move", 2, {F_UNIT("unit"), F_HEX("hex")}},
    [ARW_A_END_MOVE] = {"end-movement", 0, {{0}}},
    [ARW_A_ENTER] = {"enter", 2, {F_UNIT("unit"), F_HEX("hex")}},
    [ARW_A_STACK_LOSS] = {"stack-loss", 1, {F_UNIT("unit")}},
    [ARW_A_DELAY] = {"delay", 1, {F_UNIT("unit")}},
    /* fire (GR10-GR11) */
    [ARW_A_ART_FIRE] = {"fire", 2, {F_UNIT("unit"), F_UNIT("target")}},
    [ARW_A_RIFLE_FIRE] = {"rifle-fire", 2, {F_UNIT("unit"), F_UNIT("target")}},
    [ARW_A_END_FIRE] = {"end-fire", 0, {{0}}},
    [ARW_A_FIRE_NOW] = {"fire-now", 0, {{0}}},
    [ARW_A_MORTAR] = {"mortar", 2, {F_UNIT("unit"), F_HEX("hex")}},
    [ARW_A_MORTAR_TARGET] = {"mortar-target", 1, {F_UNIT("unit")}},
    /* savannah */
    [ARW_A_ANNOUNCE] = {"announce-assault", 0, {{0}}},
    [ARW_A_NO_ANNOUNCE] = {"no-assault", 0, {{0}}},
    [ARW_A_SAV_LOSS] = {"strategic-loss", 1, {F_UNIT("unit")}},
    [ARW_A_WORKS_FACE] = {"works-face", 2, {F_HEX("hex"), F_HEX("toward")}},
    [ARW_A_WORKS_PLACE] = {"works-place", 1, {F_HEX("hex")}},
    [ARW_A_WORKS_DONE] = {"works-done", 0, {{0}}},
    [ARW_A_SIEGE_ROLL] = {"siege-roll", 0, {{0}}},
    [ARW_A_SIEGE_PASS] = {"siege-pass", 0, {{0}}},
    [ARW_A_SIEGE_SIDE] = {"siege-hexside", 2, {F_HEX("hex"), F_HEX("side")}},
    [ARW_A_SIEGE_ARMY] = {"siege-army", 1, {F_ENUM("army", arw_army_names)}},
    [ARW_A_SIEGE_UNIT] = {"siege-artillery", 1, {F_UNIT("unit")}},
    [ARW_A_SIEGE_TOWN] = {"siege-town", 1, {F_HEX("hex")}},
    [ARW_A_FREE_SETUP] = {"set-up", 2, {F_UNIT("unit"), F_HEX("hex")}},
};

static const gr_kind EVENTS[ARW_NEVENTS] = {
    [ARW_E_PHASE] = {"phase", 3, {F_INT("turn"), F_ENUM("phase", arw_phase_names),
                                  F_PLAYER("active")}},
    [ARW_E_DECLARE] = {"attack", 3, {F_INT("combat"), F_UNIT("unit"), F_HEX("hex")}},
    [ARW_E_WIDEN] = {"widen", 2, {F_INT("combat"), F_HEX("hex")}},
    [ARW_E_PINS_REMOVED] = {"pins-removed", 1, {F_INT("count")}},
    [ARW_E_ODDS] = {"odds", 5, {F_INT("combat"), F_INT("att"), F_INT("def"),
                                F_ENUM("column", arw_col_names), F_INT("below")}},
    [ARW_E_VANGUARD] = {"vanguard", 2, {F_INT("combat"), F_UNIT("unit")}},
    [ARW_E_DRM] = {"drm", 2, {F_INT("combat"), F_INT("drm")}},
    [ARW_E_CHIT_COMMITTED] = {"chit-committed", 1, {F_PLAYER("by")}},
    [ARW_E_CHIT_SECRET] = {"chit-secret", 2, {F_PLAYER("by"), F_ENUM("chit", arw_chit_names)}},
    [ARW_E_CHITS] = {"chits", 6, {F_INT("combat"), F_ENUM("att", arw_chit_names),
                                  F_ENUM("def", arw_chit_names), F_INT("drm"),
                                  F_INT("att-legal"), F_INT("def-legal")},
                          0, 1 /* reveals both chits */},
    [ARW_E_CC_RESULT] = {"cc-result", 6, {F_INT("combat"), F_INT("roll"), F_INT("drm"),
                                          F_INT("final"), F_ENUM("att", arw_rcode_names),
                                          F_ENUM("def", arw_rcode_names)}},
    [ARW_E_MORALE_CHECK] = {"morale-check", 6, {F_UNIT("unit"), F_INT("roll"),
                                                F_INT("morale"), F_INT("drm"), F_INT("total"),
                                                F_INT("pass")}},
    [ARW_E_RETREAT] = {"retreat", 3, {F_UNIT("unit"), F_HEX("from"), F_HEX("to")}},
    [ARW_E_STATUS] = {"status", 2, {F_UNIT("unit"), F_ENUM("status", arw_status_names)}},
    [ARW_E_STEP_LOSS] = {"step-loss", 2, {F_UNIT("unit"), F_INT("steps")}},
    [ARW_E_ELIMINATED] = {"eliminated", 1, {F_UNIT("unit")}},
    [ARW_E_CAPTURED] = {"captured", 1, {F_UNIT("unit")}},
    [ARW_E_ARMY_MORALE] = {"army-morale", 3, {F_ENUM("army", arw_army_names), F_INT("delta"),
                                              F_INT("value")}},
    [ARW_E_MOMENTUM] = {"momentum", 4, {F_PLAYER("side"), F_INT("delta"), F_INT("held"),
                                        F_INT("pool")}},
    [ARW_E_ADVANCE] = {"advance", 2, {F_UNIT("unit"), F_HEX("hex")}},
    [ARW_E_LEADER_LOST] = {"leader-lost", 1, {F_UNIT("unit")}},
    [ARW_E_PIN] = {"pinned", 1, {F_UNIT("unit")}},
    [ARW_E_REROLL] = {"reroll", 1, {F_PLAYER("by")}},
    [ARW_E_GAME_OVER] = {"game-over", 2, {F_ENUM("outcome", arw_outcome_names),
                                          F_PLAYER("winner")}},
    [ARW_E_NO_COMBAT] = {"no-combat", 1, {F_INT("combat")}},
    [ARW_E_IGNORED] = {"ignored", 2, {F_INT("combat"), F_ENUM("task", arw_task_names)}},
    [ARW_E_INIT_BID] = {"initiative-bid", 2, {F_PLAYER("side"), F_INT("chits")}},
    [ARW_E_INIT_ROLLS] = {"initiative-rolls", 2, {F_INT("british"), F_INT("allied")}},
    [ARW_E_INITIATIVE] = {"initiative", 2, {F_PLAYER("side"), F_INT("seized")}},
    [ARW_E_RALLY] = {"rally", 2, {F_UNIT("unit"), F_ENUM("status", arw_status_names)}},
    [ARW_E_CAV_WITHDRAW] = {"cavalry-withdrawal", 1, {F_INT("combat")}},
    [ARW_E_DIVERT] = {"diversion", 1, {F_HEX("hex")}},
    [ARW_E_ARMY_LEVEL] = {"army-level", 2, {F_ENUM("army", arw_army_names),
                                            F_ENUM("level", arw_level_names)}},
    [ARW_E_LEADER_STAYS] = {"leader-stays", 1, {F_UNIT("unit")}},
    [ARW_E_MOMENTUM_LOSS] = {"momentum-loss", 1, {F_UNIT("unit")}},
    /* cards (sr4.3) */
    [ARW_E_CARD_DRAW] = {"card-draw", 2, {F_PLAYER("by"), F_INT("hand")}},
    [ARW_E_CARD_DRAWN] = {"card-drawn", 2, {F_PLAYER("by"), F_INT("card")}, 0, 1},
    [ARW_E_CARD_PLAYED] = {"card-played", 2, {F_PLAYER("by"), F_INT("card")}, 0, 1},
    [ARW_E_CARD_CANCEL] = {"card-cancelled", 2, {F_INT("card"), F_PLAYER("by")}},
    [ARW_E_CARD_VOID] = {"card-void", 2, {F_PLAYER("by"), F_INT("card")}, 0, 1},
    [ARW_E_CARD_LOST] = {"card-unplayed", 2, {F_PLAYER("by"), F_INT("card")}},
    [ARW_E_CARD_LOOK] = {"card-look", 4, {F_PLAYER("by"), F_INT("c1"), F_INT("c2"), F_INT("c3")},
                         0, 1},
    [ARW_E_CARD_KEPT] = {"card-kept", 1, {F_PLAYER("by")}},
    [ARW_E_CARD_TAKEN] = {"card-taken", 3, {F_PLAYER("from"), F_PLAYER("to"), F_INT("card")},
                          0, 1},
    [ARW_E_DECK_SHUFFLED] = {"deck-shuffled", 1, {F_INT("cards")}},
    [ARW_E_CARD_FORCE] = {"card-in-force", 3, {F_INT("card"), F_PLAYER("by"), F_INT("turn")}},
    [ARW_E_CARD_UNIT] = {"card-unit", 3, {F_INT("card"), F_UNIT("unit"),
                                         F_ENUM("what", arw_card_unit_what_names)}},
    [ARW_E_CARD_HEX] = {"card-hex", 3, {F_INT("card"), F_HEX("hex"),
                                       F_ENUM("what", arw_card_hex_what_names)}},
    [ARW_E_REINF] = {"card-reinforcements", 4, {F_INT("card"), F_ENUM("army", arw_army_names),
                                                F_INT("turn"), F_INT("delta")}},
    /* movement (GR7-GR9) */
    [ARW_E_MOVE] = {"move", 4, {F_UNIT("unit"), F_HEX("from"), F_HEX("to"), F_INT("mp2")}},
    [ARW_E_LOST] = {"lost", 2, {F_UNIT("unit"), F_INT("roll")}},
    [ARW_E_ENTER] = {"reinforcement", 2, {F_UNIT("unit"), F_HEX("hex")}},
    [ARW_E_DELAYED] = {"delayed", 2, {F_UNIT("unit"), F_INT("turn")}},
    [ARW_E_VAR_ENTRY] = {"variable-entry", 2, {F_INT("face"), F_HEX("hex")}},
    [ARW_E_REINF_LOST] = {"reinforcements-lost", 1, {F_ENUM("army", arw_army_names)}},
    /* fire (GR10-GR11) */
    [ARW_E_FIRE] = {"fire", 3, {F_INT("fire"), F_UNIT("unit"), F_UNIT("target")}},
    [ARW_E_FIRE_ROLL] = {"fire-roll", 8, {F_INT("fire"), F_INT("sp"), F_INT("range"),
                                          F_INT("to-hit"), F_INT("drm"), F_INT("roll"),
                                          F_INT("total"), F_INT("hit")}},
    [ARW_E_FIRE_RESULT] = {"fire-result", 4, {F_INT("fire"), F_UNIT("target"), F_INT("roll"),
                                              F_ENUM("result", arw_rcode_names)}},
    [ARW_E_MORTAR_AIM] = {"mortar", 3, {F_INT("fire"), F_UNIT("unit"), F_HEX("hex")}},
    [ARW_E_SCATTER] = {"scatter", 4, {F_INT("fire"), F_HEX("aim"), F_INT("roll"),
                                      F_ENUM("direction", arw_fire_dir_names)}},
    [ARW_E_IMPACT] = {"impact", 2, {F_INT("fire"), F_HEX("hex")}},
    [ARW_E_FIRE_NONE] = {"no-effect", 2, {F_INT("fire"), F_ENUM("why", arw_fire_none_names)}},
    [ARW_E_MALFUNCTION] = {"malfunction", 3, {F_UNIT("unit"), F_INT("roll"),
                                              F_ENUM("result", arw_malfunction_names)}},
    [ARW_E_FIRE_BANNED] = {"fire-prohibited", 1, {F_ENUM("weather", arw_weather_names)}},
    /* savannah */
    [ARW_E_WEATHER] = {"weather", 3, {F_INT("turn"), F_ENUM("weather", arw_weather_names),
                                      F_INT("roll")}},
    [ARW_E_TRACK] = {"track-switch", 2, {F_INT("turn"), F_ENUM("case", arw_switch_names)}},
    [ARW_E_ASSAULT] = {"assault-announced", 1, {F_INT("turn")}},
    [ARW_E_SURRENDER] = {"surrender-check", 4, {F_INT("roll"), F_INT("drm"), F_INT("total"),
                                                F_INT("surrender")}},
    [ARW_E_VP] = {"vp", 3, {F_ENUM("army", arw_army_names), F_INT("half-points"),
                            F_INT("total")}},
    [ARW_E_WORKS] = {"siegeworks", 3, {F_HEX("hex"), F_ENUM("state", arw_works_state_names),
                                       F_HEX("toward")}},
    [ARW_E_SIEGE] = {"siege", 4, {F_INT("table"), F_PLAYER("side"), F_INT("roll"),
                                  F_INT("final")}},
    [ARW_E_BREACH] = {"breach", 3, {F_HEX("hex"), F_HEX("side"), F_INT("repaired")}},
    [ARW_E_TOWN] = {"town-bombarded", 3, {F_HEX("target"), F_HEX("impact"),
                                          F_INT("destroyed")}},
    [ARW_E_SIEGE_EFFECT] = {"siege-effect", 1, {F_ENUM("effect", arw_siege_effect_names)}},
    [ARW_E_SORTIE] = {"sortie", 2, {F_UNIT("unit"), F_UNIT("leader")}},
    [ARW_E_VICTORY_HEX] = {"victory-hex", 2, {F_PLAYER("side"),
                                              F_ENUM("army", arw_army_names)}},
    [ARW_E_ALLIED_WINNER] = {"allied-winner", 1, {F_ENUM("army", arw_army_names)}},
};

/* ---------------------------------------------------------------- options */

static gr_status parse_option(arw_state *s, const char *key, const char *val, gr_error *err)
{
    int on = strcmp(val, "1") == 0 || strcmp(val, "on") == 0;
    int off = strcmp(val, "0") == 0 || strcmp(val, "off") == 0;
    unsigned bit = !strcmp(key, "advanced")       ? ARW_O_ADVANCED
                   : !strcmp(key, "strict-chits") ? ARW_O_STRICT_CHITS
                   : !strcmp(key, "amb04")        ? ARW_O_AMB04_R
                   : !strcmp(key, "amb03")        ? ARW_O_AMB03_ES
                   : !strcmp(key, "auto")         ? ARW_O_NO_AUTO
                                                  : 0;
    if (bit == ARW_O_AMB04_R) {
        on = strcmp(val, "R") == 0;
        off = strcmp(val, "D") == 0;
    }
    if (bit == ARW_O_AMB03_ES) { /* IT (default): any phase; ES: their own */
        on = strcmp(val, "ES") == 0;
        off = strcmp(val, "IT") == 0;
    }
    if (bit == ARW_O_NO_AUTO) { /* auto=1 (default) clears the bit */
        int t = on;
        on = off;
        off = t;
    }
    if (!bit || (!on && !off))
        return gr_failst(err, GR_ERR_ARG, NULL, "unknown option %s=%s (advanced=0|1, "
                         "strict-chits=0|1, amb03=IT|ES, amb04=D|R, auto=0|1)", key, val);
    s->options = (uint8_t)(on ? s->options | bit : s->options & ~bit);
    return GR_OK;
}

static gr_status parse_options(arw_state *s, const char *options, gr_error *err)
{
    char buf[256];
    s->options = ARW_O_ADVANCED; /* GR1-b: default on */
    if (!options)
        return GR_OK;
    snprintf(buf, sizeof buf, "%s", options);
    for (char *save = NULL, *kv = strtok_r(buf, ",", &save); kv; kv = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(kv, '=');
        if (!eq)
            return gr_failst(err, GR_ERR_ARG, NULL, "option '%s' is not key=value", kv);
        *eq = '\0';
        gr_status st = parse_option(s, kv, eq + 1, err);
        if (st != GR_OK)
            return st;
    }
    return GR_OK;
}

/* ---------------------------------------------------------------- init */

static gr_status arw_init(gr_game *g, const char *options, gr_error *err)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    gr_status st = parse_options(s, options, err);
    if (st != GR_OK)
        return st;
    s->turn = d->start_turn;
    s->active = d->start_active;
    s->opening[0] = d->start_turn;
    s->opening[1] = d->start_phase;
    s->opening[2] = d->start_active;
    arw_start_player_turn(g, d->start_active);
    s->winner = -1;
    s->pool = (uint8_t)d->t.momentum_pool;
    for (int a = 0; a < ARW_NARMIES; a++)
        s->morale[a] = d->start_morale[a];
    for (int side = 0; side < ARW_NSIDES; side++) {
        s->momentum[side] = d->start_momentum[side];
        s->pool = (uint8_t)(s->pool - d->start_momentum[side]);
    }
    for (int h = 0; h < d->map.nhex; h++)
        s->hex[h].head = ARW_NO_UNIT;
    arw_cards_init(g); /* CARDS: the deck shuffled (SR4.3) */
    for (int u = 0; u < d->nunits; u++) {
        arw_unit *x = &s->unit[u];
        x->hex = ARW_NO_HEX;
        x->next = ARW_NO_UNIT;
        x->steps = d->unit[u].start_steps;
        x->status = d->unit[u].start_status;
        x->box = ARW_BOX_OFF;
        if (d->unit[u].start_hex >= 0)
            arw_place(g, u, d->unit[u].start_hex);
    }
    arw_sav_init(g); /* SAVANNAH: weather of the opening turn, markers (track.c) */
    if (!arw_sav_free_setup(g)) /* SAVANNAH: HS-setup-a set-up decision first (savops.c) */
        arw_phase_begin(g, d->start_phase);
    arw_run(g);
    return GR_OK;
}

/* ---------------------------------------------------------------- dispatch */

void arw_put_action(gr_action *out, int cap, int *n, int side, int kind, int a0, int a1)
{
    if (out && *n < cap) {
        memset(&out[*n], 0, sizeof out[*n]);
        out[*n].kind = (uint16_t)kind;
        out[*n].player = (uint8_t)side;
        out[*n].nargs = (uint8_t)gr_rules_arw.actions[kind].nfields;
        out[*n].arg[0] = a0;
        out[*n].arg[1] = a1;
    }
    (*n)++;
}

int arw_legal(const gr_game *g, int side, gr_action *out, int cap)
{
    int stage = arw_cst(g)->stage;
    if (stage >= ARW_ST_SAV) /* SAVANNAH block (savops.c) */
        return arw_sav_legal(g, side, out, cap);
    if (stage >= ARW_ST_FIRE)
        return arw_fire_legal(g, side, out, cap);
    if (stage >= ARW_ST_MOVEMENT)
        return arw_movement_legal(g, side, out, cap);
    switch (stage) {
    case ARW_ST_INITIATIVE: return arw_initiative_legal(g, side, out, cap);
    case ARW_ST_CAV_WD: return arw_cav_legal(g, side, out, cap);
    case ARW_ST_DECLARE: return arw_declare_legal(g, side, out, cap);
    case ARW_ST_PICK:
    case ARW_ST_VANGUARD:
    case ARW_ST_MOMENTUM: return arw_combat_legal(g, side, out, cap);
    case ARW_ST_CHITS: return arw_chit_legal(g, side, out, cap);
    case ARW_ST_TASKS: return arw_task_legal(g, side, out, cap);
    case ARW_ST_ADVANCE: return arw_advance_legal(g, side, out, cap);
    case ARW_ST_CARDS: return arw_cards_legal(g, side, out, cap); /* CARDS */
    default: return 0;
    }
}

int arw_legal_upto(const gr_game *g, int side, gr_action *out, int cap)
{
    int stage = arw_cst(g)->stage;
    if (stage >= ARW_ST_MOVEMENT && stage < ARW_ST_FIRE) /* the long lists stop early */
        return arw_movement_legal_upto(g, side, out, cap);
    if (stage == ARW_ST_DECLARE)
        return arw_declare_legal_upto(g, side, out, cap);
    return arw_legal(g, side, out, cap);
}

gr_status arw_check(const gr_game *g, const gr_action *a, gr_error *err)
{
    if (a->kind >= ARW_A_ANNOUNCE) /* SAVANNAH block (savops.c) */
        return arw_sav_check(g, a, err);
    if (a->kind >= ARW_A_ART_FIRE)
        return arw_fire_check(g, a, err);
    if (a->kind >= ARW_A_MOVE)
        return arw_movement_check(g, a, err);
    if (arw_cards_action(a->kind)) /* CARDS block of action kinds */
        return arw_cards_check(g, a, err);
    switch (a->kind) {
    case ARW_A_BID:
    case ARW_A_SEIZE:
    case ARW_A_NO_SEIZE: return arw_initiative_check(g, a, err);
    case ARW_A_CAV_WITHDRAW:
    case ARW_A_NO_CAV_WITHDRAW: return arw_cav_check(g, a, err);
    case ARW_A_DIVERT: return arw_declare_check(g, a, err);
    case ARW_A_ATTACK:
    case ARW_A_WIDEN:
    case ARW_A_DECLARE_DONE: return arw_declare_check(g, a, err);
    case ARW_A_RESOLVE:
    case ARW_A_VANGUARD:
    case ARW_A_REROLL:
    case ARW_A_NO_REROLL: return arw_combat_check(g, a, err);
    case ARW_A_CHIT: return arw_chit_check(g, a, err);
    case ARW_A_ADVANCE:
    case ARW_A_ADVANCE_DONE: return arw_advance_check(g, a, err);
    default: return arw_task_check(g, a, err);
    }
}

/* The rules scratch (mvscratch.c) is busy from the first change of the
 * state to the end of arw_run. */
static gr_status arw_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    if (a->kind == ARW_A_MOVE) { /* check and exec share their searches */
        gr_status st = arw_movement_move(g, a, why); /* (busy before the walk) */
        if (st == GR_OK)
            arw_run(g);
        arw_scratch_idle(g);
        return st;
    }
    gr_status st = arw_check(g, a, why);
    if (st != GR_OK)
        return st;
    arw_scratch_busy(g);
    arw_exec(g, a);
    arw_run(g);
    arw_scratch_idle(g);
    return GR_OK;
}

static gr_status init_op(gr_game *g, const char *options, gr_error *err)
{
    arw_scratch_busy(g);
    gr_status st = arw_init(g, options, err);
    arw_scratch_idle(g);
    return st;
}

/* (the core forgets the scratch after a setup line) */
static gr_status setup_op(gr_game *g, const char *line, gr_error *err)
{
    arw_scratch_busy(g);
    return arw_setup(g, line, err);
}

static int legal_op(const gr_game *g, int player, gr_action *out, int cap)
{
    return arw_legal(g, player, out, cap);
}

/* gr_game_sample: the movement stage draws a unit, then a destination
 * (mvsample.c); the declaration checks candidates in a random order
 * (declare.c); the other decisions use the core's uniform draw. */
static int sample_op(const gr_game *g, int player, gr_rng *rng, gr_action *out)
{
    if (arw_cst(g)->stage == ARW_ST_MOVEMENT)
        return arw_movement_sample(g, player, rng, out);
    if (arw_cst(g)->stage == ARW_ST_DECLARE)
        return arw_declare_sample(g, player, rng, out);
    return 0;
}

/* GR2.3: every roll is one d10 read 0-9. */
static void arw_die_faces(const void *sdata, int *lo, int *hi)
{
    (void)sdata;
    *lo = 0;
    *hi = 9;
}

const gr_rules gr_rules_arw = {
    .system = "arw",
    .players = arw_side_names,
    .actions = ACTIONS,
    .nactions = ARW_NACTIONS,
    .events = EVENTS,
    .nevents = ARW_NEVENTS,
    .roll_purposes = ROLL_PURPOSES,
    .decisions = DECISIONS,
    .outcomes = arw_outcome_names,
    .load = arw_load,
    .free_sdata = arw_free_data,
    .edit = arw_edit,
    .state_size = arw_state_size,
    .init = init_op,
    .pending = arw_pending,
    .legal = legal_op,
    .sample = sample_op,
    .apply = arw_apply,
    .mask = arw_mask,
    .determinize = arw_determinize,
    .reopen = arw_reopen,
    .sanity = arw_sanity,
    .describe = arw_describe,
    .query = arw_query,
    .setup = setup_op,
    .unit_name = arw_unit_name,
    .unit_find = arw_unit_find,
    .hex_label = arw_hex_label_cb,
    .hex_find = arw_hex_find,
    .evaluate = arw_evaluate,
    .score = arw_score,
    .blunder_names = arw_blunder_names,
    .blunder = arw_blunder,
    .scratch_size = arw_scratch_size,
    .die_faces = arw_die_faces,
};
