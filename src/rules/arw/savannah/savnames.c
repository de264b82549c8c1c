/* savnames.c — vocabularies of the Savannah static data: zones, special
 * rules a scenario switches on, the turn record track (track, player
 * order, state of the British defences, weather) and the fields of a unit
 * record that its "proposed" member may list.  Data files and edit lines
 * use these words (docs/savannah-data.md). */
#include "../arw.h"

/* Bit i of ARW_Z_* (arw_map.zone). */
const char *const arw_zone_names[] = {"perimeter", "naval-zone", "yamacraw",
                                      "spring-hill-redoubt", NULL};

/* Bit i of ARW_SR_* (arw_data.rules). */
const char *const arw_srule_names[] = {
    "printed-siegeworks", "hs-fixed-artillery", "hs-french-attacks", "hs-turn-16",
    "hs-victory", "campaign-victory", "reinforcements", "weather", "random-events",
    "siegeworks-construction", "siege", "sortie-restrictions", "incomplete-defences",
    "optional-units", "replacement-counters", "assault-announcement", NULL};

const char *const arw_track_names[] = {"strategic", "tactical", NULL};
const char *const arw_defences_names[] = {"incomplete-early", "incomplete-late", "complete",
                                          NULL};
const char *const arw_weather_names[] = {"fair", "fog", "heavy-rain", "storms", "squall",
                                         "gale", "hurricane", NULL};

/* SAVANNAH strategic layer: how the tactical track was reached (SR1.6-c),
 * siegeworks marker states (SR4.4) and siege effects without numbers
 * (T-Siege). */
const char *const arw_switch_names[] = {"case-a", "case-b", NULL};
const char *const arw_works_state_names[] = {"placed", "completed", "removed", NULL};
const char *const arw_siege_effect_names[] = {"wet-powder", "nothing-to-breach", "marker-removed",
                                              "double-french-artillery", "double-graham",
                                              "beekman-fires", "fire-drm", "no-effect", NULL};

/* Bit i of ARW_P_* (arw_unit_def.prov): keys of a unit record. */
const char *const arw_unit_field_names[] = {
    "name", "army", "type", "sp", "morale", "ma", "group", "flags", "start", "entry",
    "rank", "seniority", "cc", "leadership", "casualty", "hex", "steps", "status",
    "replaces", NULL};
