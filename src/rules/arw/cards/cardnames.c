/* cardnames.c — vocabularies of the random event cards (SR4.3, Part G):
 * the words of data/arw/savannah/cards.json, of the card actions and events
 * and of the card setup lines and queries (docs/arw.md). */
#include "cardint.h"

const char *const arw_card_timing_names[] = {"any", "strategic", "tactical", "red", NULL};
const char *const arw_card_flag_names[] = {"british", "allied", "any", NULL};
const char *const arw_card_window_names[] = {
    "after-draws", "initiative", "siege", "own-movement", "enemy-movement", "own-rally",
    "own-fire", "enemy-fire", "own-attacks", "enemy-attacks", "enemy-art-fire", "response",
    NULL};
const char *const arw_card_effect_names[] = {
    "morale", "friendly-fire", "choose-morale", "remove", "deploy", "cancel", "this-turn",
    "replace", "bombard", "desertion", "intelligence", "espionage", "reinforcements-late",
    "reinforcements-early", "reinforcements-ma", "commanders", "breach", "repair", "eliminate",
    "militia-desert", "sniper", "explosion", "wound", "initiative", "spike", "defences", NULL};
const char *const arw_card_void_names[] = {"none", "any-deployed", "all-gone",
                                           "no-reinforcements", "no-target", "after-turn",
                                           NULL};
const char *const arw_card_result_names[] = {"none", "retreat", "killed", "disrupted", "step",
                                             "captured", NULL};
const char *const arw_card_breach_names[] = {"abatis", "non-abatis", NULL};
const char *const arw_card_loc_names[] = {"none", "deck", "british", "allied", "discard",
                                          "aside", "hidden", NULL};
const char *const arw_card_option_names[] = {"double-ma", "rally", NULL};
const char *const arw_card_unit_what_names[] = {
    "removed", "deployed", "replaced", "flipped", "wounded", "double-ma", "rally", "step",
    "disrupted", "captured", "killed", "target", "no-effect", "rallies-first", NULL};
const char *const arw_card_hex_what_names[] = {"target", "impact", "destroyed", "missed",
                                               "breached", "repaired", "deployed", NULL};
