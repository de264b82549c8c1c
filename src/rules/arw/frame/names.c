/* names.c — the static vocabularies of the ARW module: names of sides,
 * armies, unit kinds and flags, chits, phases, result codes, DRMs, army
 * morale events and outcomes.  Data files and text lines use these words;
 * the tables' numbers live in data/arw/. */
#include <string.h>

#include "../arw.h"

const char *const arw_side_names[] = {"british", "allied", NULL};
const char *const arw_army_names[] = {"british", "french", "american", NULL};
const char *const arw_kind_names[] = {"infantry", "cavalry", "artillery", "leader", NULL};
const char *const arw_status_names[] = {"ready", "disrupted", "shattered", NULL};
const char *const arw_box_names[] = {"map", "off", "eliminated", "captured", "removed", NULL};

/* GR12.5: chits 1..8 in this order (T-TacticsMatrix). */
const char *const arw_chit_names[] = {"skirmish", "echelon", "stand-fast", "withdraw",
                                      "frontal-assault", "commit-reserve", "turn-flank",
                                      "refuse-flank", NULL};

const char *const arw_phase_names[] = {"initiative", "weather", "random-events", "siegeworks",
                                       "siege", "reinforcement", "movement", "rally",
                                       "defensive-fire", "rifle-fire", "close-combat",
                                       "turn-end", "player-turn-end" /* SAVANNAH */, NULL};

/* Stage names in arw_stage order, in blocks (arw.h). */
const char *const arw_stage_names[ARW_NSTAGES + 1] = {
    [ARW_ST_IDLE] = "idle", [ARW_ST_DECLARE] = "declare", [ARW_ST_PICK] = "pick",
    [ARW_ST_VANGUARD] = "vanguard", [ARW_ST_CHITS] = "chits", [ARW_ST_MOMENTUM] = "momentum",
    [ARW_ST_TASKS] = "results", [ARW_ST_ADVANCE] = "advance", [ARW_ST_OVER] = "over",
    [ARW_ST_INITIATIVE] = "initiative", [ARW_ST_CAV_WD] = "cavalry-withdrawal",
    [ARW_ST_CARDS] = "cards", /* CARDS */
    /* movement */
    [ARW_ST_MOVEMENT] = "movement", [ARW_ST_ENTRY] = "reinforcement-entry",
    [ARW_ST_OVERSTACK] = "over-stack",
    /* fire */
    [ARW_ST_FIRE] = "artillery-fire", [ARW_ST_MORTAR] = "mortar-fire",
    [ARW_ST_IMPACT] = "mortar-impact", [ARW_ST_RIFLE] = "rifle-fire",
    [ARW_ST_FIRE_RESULTS] = "fire-results",
    /* savannah */
    [ARW_ST_SAV] = "savannah",
    [ARW_NSTAGES] = NULL};

/* GR16.2 army morale levels (data names them in this order), then the
 * demoralized state (GR16.3). */
const char *const arw_level_names[] = {"high", "fatigued", "wavering", "demoralized", NULL};

/* Player orders of a game turn (scenario "sequence.order", B.4). */
const char *const arw_order_names[] = {"initiative", "british-first", "allied-first",
                                       "british-only", "allied-only", NULL};

/* Result codes (arw_rcode) followed by their starred forms. */
const char *const arw_rcode_names[] = {"-", "AM", "R", "D", "1", "2", "DC", "AC", "PIN",
                                       "-*", "AM*", "R*", "D*", "1*", "2*", "DC*", "AC*",
                                       "PIN*", NULL};

const char *const arw_col_names[] = {"1-3", "1-2", "1-1", "3-2", "2-1", "3-1", "4-1", NULL};

const char *const arw_drm_names[] = {"defender-disrupted", "all-defenders-militia",
                                     "all-attackers-militia", "defender-surrounded",
                                     "attacker-surrounded", "illegal-chit",
                                     "incomplete-defences-early", "incomplete-defences-late",
                                     "mixed-stack-target", "mixed-stack-attacks",
                                     "french-regulars-with-militia-attack",
                                     "cavalry-vs-disrupted", "irish-ferocity",
                                     "creeks-in-forest", "historical-french-attack", "gale",
                                     "squall", NULL};

const char *const arw_am_event_names[] = {"rally", "D", "AM", "1", "2", "capture",
                                          "pin-removal", "reinforcements-lost", "sortie",
                                          NULL};

/* Bit i of arw_unit_def.flags (ARW_F_*). */
const char *const arw_unit_flag_names[] = {"militia", "light", "rifle", "naval", "mortar",
                                           "semi-leader", "militia-exception", "white-box",
                                           "creek", "irish", "with-french", "southern",
                                           "negro-volunteers", "siege",
                                           "militia-artillery-only", "hs-mobile",
                                           "army-commander", NULL};

/* SR1.1 colour bands. */
const char *const arw_group_names[] = {"british-regulars", "germans", "provincials",
                                       "tory-militia", "french-regulars", "french-colonial",
                                       "mercenaries", "french-colonial-militia",
                                       "continentals", "american-militia", NULL};

const char *const arw_outcome_names[] = {"none", "end-of-slice", "british-major-victory",
                                         "allied-major-victory", "british-decisive-victory",
                                         "allied-decisive-victory", "british-marginal-victory",
                                         "allied-marginal-victory", NULL};

/* Task names in arw_task_kind order, in blocks (arw.h). */
const char *const arw_task_names[ARW_NTASKS + 1] = {
    [ARW_T_RESULT] = "result", [ARW_T_RETREAT] = "retreat", [ARW_T_MORALE] = "morale-check",
    [ARW_T_CAPTURE] = "capture", [ARW_T_SECOND_LOSS] = "second-loss",
    [ARW_T_CASUALTY] = "leader-casualty", [ARW_T_MOMENTUM] = "momentum", [ARW_T_PIN] = "pin",
    [ARW_T_PHASE_END] = "phase-end", [ARW_T_LEADER] = "leader-retreat",
    /* movement */
    /* fire */
    [ARW_NTASKS] = NULL};

int arw_name_index(const char *const *names, const char *name)
{
    for (int i = 0; names[i]; i++)
        if (strcmp(names[i], name) == 0)
            return i;
    return -1;
}
