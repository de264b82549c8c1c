/* test_savannah_data.c — the Savannah map and order of battle as data
 * (data/arw/savannah/, data/scenarios/savannah-*.json):
 *   - both scenarios load without error, make a game and play legal
 *     actions; the state size is reported;
 *   - every hex number and every unit or leader name that the rules spec
 *     (shared/rules/arw-savannah.md) mentions exists in the data with the
 *     role the spec gives it (lists extracted from the spec text when this
 *     test was written and embedded below, each with its source);
 *   - values given by the rules are not marked provisional, proposals are;
 *   - geometry: covered way 1105..1401 a connected path, 1303 next to 1404,
 *     entry hexes on the edge of the playable map, the perimeter a closed
 *     line of fieldworks, zones where the rules put them;
 *   - the opening positions of both scenarios (HS set-up, campaign set-up,
 *     army morale, momentum, length, turn track);
 *   - broken variants of the Savannah files are refused with
 *     "file:line:column: message"; the zone/perimeter/entry edit lines. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ai/agent.h"
#include "gr_internal.h"
#include "rules/arw/arw.h"
#include "testutil.h"

#define HS "savannah-historical"
#define CAMPAIGN "savannah-campaign"

static const arw_data *data_of(const gr_scenario *sc)
{
    return (const arw_data *)sc->sdata;
}

static int hex_of(const arw_data *d, const char *label)
{
    int h = gr_grid_find(&d->map.grid, label);
    if (h < 0)
        fail_msg("hex %s is not on the Savannah map", label);
    return h;
}

static int unit_of(const arw_data *d, const char *id)
{
    int u = arw_unit_find(d, id);
    if (u < 0)
        fail_msg("unit '%s' is missing from the order of battle", id);
    return u;
}

/* ------------------------------------------------------------ load and play */

/* Random legal play: every action accepted, sanity after each. */
static void play_some(gr_game *g, int max_steps)
{
    gr_agent *agents[2] = {gr_agent_new("random", 11, NULL, NULL),
                           gr_agent_new("random", 12, NULL, NULL)};
    for (int step = 0; step < max_steps; step++) {
        gr_pending p;
        gr_game_pending(g, &p);
        if (p.kind == GR_PENDING_OVER)
            break;
        gr_error err = {{0}, {0}};
        int n = 0;
        if (gr_agents_step(g, agents, NULL, &n, &err) != GR_OK)
            fail_msg("step %d: %s", step, err.msg);
        if (gr_game_sanity(g, &err) != GR_OK)
            fail_msg("step %d: %s", step, err.msg);
    }
    gr_agent_free(agents[0]);
    gr_agent_free(agents[1]);
}

static void test_scenarios_load_and_start(void **state)
{
    (void)state;
    const char *ids[] = {HS, CAMPAIGN};
    for (int i = 0; i < 2; i++) {
        gr_scenario *sc = tu_load(ids[i]);
        assert_non_null(sc);
        const arw_data *d = data_of(sc);
        gr_game *g = NULL;
        gr_error err = {{0}, {0}};
        if (gr_game_new(sc, 7, NULL, NULL, NULL, &g, &err) != GR_OK)
            fail_msg("%s: %s", ids[i], err.msg);
        assert_int_equal(gr_game_sanity(g, &err), GR_OK);
        print_message("%s: %d units, %d hexes, state %zu bytes (arw_state %zu + %d x %zu), "
                      "game object %zu bytes, %d provisional values\n",
                      ids[i], d->nunits, d->map.nhex, arw_state_size(d), sizeof(arw_state),
                      d->map.nhex, sizeof(arw_hexst), gr_game_size(g),
                      gr_scenario_provisional_count(sc));
        assert_true(d->nunits <= ARW_MAX_UNITS && arw_state_size(d) < 8192);
        play_some(g, 2000);
        char phase[256];
        assert_int_equal(gr_game_query(g, "phase", phase, sizeof phase, NULL), GR_OK);
        print_message("%s: after random play: %s\n", ids[i], phase);
        gr_game_free(g);
        gr_scenario_free(sc);
    }
}

/* ------------------------------------------------------------ hexes of the spec */

/* Every hex number of the spec (regex \b(1[0-9]|[23][0-9]|4[0-2])(0[1-9]|1[0-9]|2[0-3])\b
 * over shared/rules/arw-savannah.md, years excluded by the row range). */
static const char *const SPEC_HEXES[] = {
    "1014", /* A.0 conventions, SR4.7-b, T-Reinforcements: American entry "A"     */
    "1023", /* T-Reinforcements, H.1: British entry "B-2"                           */
    "1105", /* SR4.9 heading, H.1: covered way, first hex                           */
    "1204", "1304", "1402", /* H.1: "1105-1204-1304?-1303?-1402?-1401" unverified */
    "1303", /* SR1.7-a: part of the perimeter                                       */
    "1401", /* SR4.9 heading, H.1: covered way, last hex                            */
    "1404", /* SR2.8 victory hex, SR4.18 Tawes, T-VP: Spring Hill Redoubt           */
    "1723", /* T-Reinforcements, H.1: British entry "B-1"                           */
    "1803", /* SR1.2-a, T-CampaignSetup: Graham's Light Infantry                    */
    "1805", /* SR1.2-a, T-CampaignSetup: von Porbeck                                */
    "3123", /* SR4.7-b, T-Reinforcements, T-FrenchVariableEntry: French entry "F"   */
    "3822", "3920", /* SR4.7, T-FrenchVariableEntry: "V-1"                          */
    "4214", /* SR4.7, T-FrenchVariableEntry: "V-2"                                  */
    "4105", /* SR4.7, T-FrenchVariableEntry: "V-3"                                  */
    NULL};

/* Entry points (T-Reinforcements "Entry hexes", SR4.7, T-FrenchVariableEntry). */
static const struct {
    const char *name, *hex[2];
} SPEC_ENTRIES[] = {{"A", {"1014", NULL}},  {"F", {"3123", NULL}},
                    {"B-1", {"1723", NULL}}, {"B-2", {"1023", NULL}},
                    {"V-1", {"3822", "3920"}}, {"V-2", {"4214", NULL}},
                    {"V-3", {"4105", NULL}}};

static void test_every_spec_hex_exists_with_its_role(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load(HS);
    const arw_data *d = data_of(sc);
    for (int i = 0; SPEC_HEXES[i]; i++)
        hex_of(d, SPEC_HEXES[i]);
    for (size_t i = 0; i < sizeof SPEC_ENTRIES / sizeof SPEC_ENTRIES[0]; i++) {
        int e = arw_entry_find(d, SPEC_ENTRIES[i].name);
        assert_true(e >= 0);
        for (int k = 0; k < 2 && SPEC_ENTRIES[i].hex[k]; k++)
            assert_int_equal(d->map.entry[e].hex[k], hex_of(d, SPEC_ENTRIES[i].hex[k]));
        assert_int_equal(d->map.entry[e].nhex, SPEC_ENTRIES[i].hex[1] ? 2 : 1);
    }
    /* arw:SR1.7-a hex 1303 is part of the perimeter */
    assert_true(arw_in_zone(d, hex_of(d, "1303"), ARW_Z_PERIMETER));
    int h1404 = hex_of(d, "1404"); /* SR2.8, SR4.18 */
    assert_true(arw_in_zone(d, h1404, ARW_Z_SPRING_HILL | ARW_Z_PERIMETER));
    for (int h = 0; h < d->map.nhex; h++)
        assert_int_equal(arw_in_zone(d, h, ARW_Z_SPRING_HILL), h == h1404);
    /* SR4.9: the covered way runs from 1105 to 1401 */
    assert_true(d->htype[d->map.terrain[hex_of(d, "1105")]].flags & ARW_T_COVERED_WAY);
    assert_true(d->htype[d->map.terrain[hex_of(d, "1401")]].flags & ARW_T_COVERED_WAY);
    /* arw:SR1.2-a von Porbeck in 1805, Graham's Light Infantry in 1803 */
    assert_int_equal(d->unit[unit_of(d, "von-porbeck")].camp_hex, hex_of(d, "1805"));
    assert_int_equal(d->unit[unit_of(d, "graham-li")].camp_hex, hex_of(d, "1803"));
    gr_scenario_free(sc);
}

/* ------------------------------------------------------------ units of the spec */

/* Every unit and leader the spec names, with the id used in the data.
 * Sources: T-Reinforcements (every row), T-CampaignSetup, T-LeaderCasualty,
 * SR4.1-2a, SR4.8, SR4.10-c, SR4.16-a, SR4.17-a, SR4.18, HS-sr1, H.2, the
 * cards of Part G (1, 2, 3, 6, 13, 14, 16, 23, 25-27, 30-33, 35, 38, 39) and
 * T-Siege-II (Beekman, Graham's Light Infantry). */
typedef struct spec_unit {
    const char *spec_name, *id;
    int army, kind;
} spec_unit;

enum { BR = ARW_ARMY_BRITISH, FR = ARW_ARMY_FRENCH, AM = ARW_ARMY_AMERICAN };
enum { INF = ARW_K_INFANTRY, CAV = ARW_K_CAVALRY, ART = ARW_K_ARTILLERY, LDR = ARW_K_LEADER };

static const spec_unit SPEC_UNITS[] = {
    /* British */
    {"Prevost", "prevost", BR, LDR}, {"Maitland", "maitland", BR, LDR},
    {"von Porbeck", "von-porbeck", BR, LDR},
    {"Graham's Light Infantry", "graham-li", BR, INF},
    {"Tawes' dismounted dragoons", "tawes", BR, INF},
    {"1st S.C. Royalist Infantry / South Carolina Royalists", "sc-royalists", BR, INF},
    {"Georgia Volunteers", "georgia-volunteers", BR, INF},
    {"1st Bn DeLancey's", "delancey-1", BR, INF}, {"2nd Ga. Militia", "ga-militia-2", BR, INF},
    {"Battery A", "gb-battery-a", BR, ART},
    {"King's Fl. Rangers / King's Florida Rangers", "kings-florida-rangers", BR, INF},
    {"1st Ga. Militia", "ga-militia-1", BR, INF}, {"Battery B", "gb-battery-b", BR, ART},
    {"Royal Marines", "royal-marines", BR, INF}, {"Royal Navy", "royal-navy", BR, INF},
    {"Naval Battery", "naval-battery", BR, ART}, {"Fort Battery", "fort-battery", BR, ART},
    {"Loyal Savannah Militia", "loyal-savannah-militia", BR, INF},
    {"Battery D", "gb-battery-d", BR, ART},
    {"1st Bn Fraser's Highlanders", "fraser-71", BR, INF},
    {"von Trumbach", "von-trumbach", BR, INF}, {"Royal N.C.", "royal-nc", BR, INF},
    {"Invalid Battery", "invalid-battery", BR, ART},
    {"Negro Volunteers", "negro-volunteers", BR, INF},
    {"Augusta Rd. Battery", "augusta-battery", BR, ART},
    {"Carolina Battery", "carolina-battery", BR, ART},
    {"Convalescents", "convalescents", BR, INF}, {"Grand Battery", "grand-battery", BR, ART},
    {"Chatham County (Tory) Militia", "chatham-militia", BR, INF},
    {"Creek Indians", "creeks", BR, INF},
    {"Negro Volunteers replacement (Card 23)", "negro-volunteers-r", BR, INF},
    {"Tawes replacement (Card 14)", "tawes-r", BR, INF},
    {"Battery C (H.2, presumably)", "gb-battery-c", BR, ART},
    /* French */
    {"d'Estaing", "destaing", FR, LDR}, {"de Noailles", "de-noailles", FR, LDR},
    {"Dillon", "dillon", FR, LDR}, {"von Stedingk", "von-stedingk", FR, LDR},
    {"Champagne Chasseurs", "champagne-chasseurs", FR, INF},
    {"Avant-Garde", "avant-garde", FR, INF}, {"Auxerrois", "auxerrois", FR, INF},
    {"Foix", "foix", FR, INF}, {"Guadeloupe Flank Companies", "guadeloupe-flank", FR, INF},
    {"Guadeloupe Fusiliers", "guadeloupe-fusiliers", FR, INF}, {"Condé", "conde", FR, INF},
    {"Cambrésis", "cambresis", FR, INF}, {"Hainault", "hainault", FR, INF},
    {"Colonial Chasseurs", "colonial-chasseurs", FR, INF},
    {"DuCap Fusiliers", "ducap-fusiliers", FR, INF},
    {"Port-au-Prince", "port-au-prince", FR, INF}, {"Martinique", "martinique", FR, INF},
    {"Dillon's Irish Regt.", "dillon-irish", FR, INF}, {"Armagnac", "armagnac", FR, INF},
    {"Grenadier Bn.", "grenadier-bn", FR, INF},
    {"Grenadier Volunteers", "grenadier-volunteers", FR, INF},
    {"Reserve Bn.", "reserve-bn", FR, INF}, {"Reserve Artillery", "reserve-artillery", FR, ART},
    {"Grenadiers de San Domingue", "grenadiers-san-domingue", FR, INF},
    {"San Domingue Volunteers", "san-domingue-volunteers", FR, INF},
    {"Marine Bn.", "marine-bn", FR, INF}, {"Naval Bombardiers", "naval-bombardiers", FR, ART},
    {"Mortar Battery", "mortar-battery", FR, ART}, {"Marine Company", "marine-company", FR, INF},
    {"Battery A (rt.)", "fr-battery-a-rt", FR, ART},
    {"Battery B (rt.)", "fr-battery-b-rt", FR, ART},
    {"Battery A (lft.)", "fr-battery-a-lft", FR, ART},
    {"Battery B (lft.)", "fr-battery-b-lft", FR, ART},
    {"San Domingue Volunteer Detachment", "san-domingue-detachment", FR, INF},
    /* American */
    {"Lincoln", "lincoln", AM, LDR}, {"McIntosh", "mcintosh", AM, LDR},
    {"Huger", "huger", AM, LDR}, {"Laurens", "laurens", AM, LDR},
    {"1st S.C.", "sc-1st", AM, INF}, {"3rd S.C.", "sc-3rd", AM, INF},
    {"6th S.C. ([IT] only, AMB-55)", "sc-6th", AM, INF}, {"Twigg", "twigg", AM, INF},
    {"Dooly", "dooly", AM, INF}, {"GA \"Combined\" Militia", "ga-combined-militia", AM, INF},
    {"Pulaski (Pulaski's Legion)", "pulaski-legion", AM, CAV},
    {"Pulaski replacement (Card 30)", "pulaski-legion-r", AM, CAV},
    {"1st Va. Levies / 1st Virginia Levies", "va-levies-1", AM, INF},
    {"1st Va. Light Dragoons", "va-dragoons-1", AM, CAV},
    {"Beekman's S.C. Artillery", "beekman-artillery", AM, ART},
    {"Horry's S.C. Horse", "horry-horse", AM, CAV},
    {"S.C./Ga. Light Corps", "light-corps", AM, INF},
    {"1st Bn Charlestown Militia", "charlestown-1", AM, INF},
    {"2nd Bn Charlestown Militia", "charlestown-2", AM, INF},
    {"2nd S.C. (Sgt Jasper, Card 31)", "sc-2nd", AM, INF}, {"5th S.C.", "sc-5th", AM, INF},
    {"Harden", "harden", AM, INF}, {"Garden", "garden", AM, INF},
    {"Skirving", "skirving", AM, INF}, {"Reed", "reed", AM, INF},
    {"S.C. \"Combined\" Militia", "sc-combined-militia", AM, INF},
};
#define NSPEC_UNITS (int)(sizeof SPEC_UNITS / sizeof SPEC_UNITS[0])

/* T-Reinforcements, every row: unit, turn, entry point. */
static const struct {
    const char *id;
    int turn;
    const char *at;
} REINFORCEMENTS[] = {
    {"delancey-1", 1, "B-1"}, {"ga-militia-2", 1, "B-1"}, {"gb-battery-a", 1, "HQ"},
    {"champagne-chasseurs", 2, "F"}, {"avant-garde", 2, "F"},
    {"kings-florida-rangers", 3, "B-2"}, {"ga-militia-1", 3, "B-2"}, {"gb-battery-b", 3, "HQ"},
    {"mcintosh", 3, "A"}, {"sc-1st", 3, "A"}, {"sc-3rd", 3, "A"}, {"sc-6th", 3, "A"},
    {"twigg", 3, "A"}, {"dooly", 3, "A"}, {"ga-combined-militia", 3, "A"},
    {"von-stedingk", 3, "F"}, {"auxerrois", 3, "F"}, {"foix", 3, "F"},
    {"guadeloupe-flank", 3, "F"}, {"guadeloupe-fusiliers", 3, "F"},
    {"royal-marines", 4, "HQ"}, {"royal-navy", 4, "HQ"}, {"naval-battery", 4, "HQ"},
    {"fort-battery", 4, "HQ"}, {"pulaski-legion", 4, "F"}, {"destaing", 4, "F"},
    {"conde", 4, "F"}, {"cambresis", 4, "F"}, {"hainault", 4, "F"},
    {"loyal-savannah-militia", 5, "HQ"}, {"gb-battery-d", 5, "HQ"}, {"va-levies-1", 5, "A"},
    {"va-dragoons-1", 5, "A"}, {"colonial-chasseurs", 5, "F"}, {"ducap-fusiliers", 5, "F"},
    {"port-au-prince", 5, "F"}, {"martinique", 5, "F"},
    {"dillon", 6, "F"}, {"dillon-irish", 6, "F"}, {"armagnac", 6, "F"}, {"grenadier-bn", 6, "F"},
    {"grenadier-volunteers", 6, "F"}, {"de-noailles", 6, "F"}, {"reserve-bn", 6, "F"},
    {"reserve-artillery", 6, "F"}, {"grenadiers-san-domingue", 6, "F"},
    {"san-domingue-volunteers", 6, "F"},
    {"maitland", 7, "HQ"}, {"fraser-71", 7, "HQ"}, {"lincoln", 7, "A"},
    {"beekman-artillery", 7, "A"}, {"horry-horse", 7, "A"}, {"laurens", 7, "A"},
    {"light-corps", 7, "A"}, {"charlestown-1", 7, "A"}, {"charlestown-2", 7, "A"},
    {"huger", 7, "A"}, {"sc-2nd", 7, "A"}, {"sc-5th", 7, "A"}, {"harden", 7, "A"},
    {"garden", 7, "A"}, {"skirving", 7, "A"}, {"reed", 7, "A"}, {"sc-combined-militia", 7, "A"},
    {"von-trumbach", 8, "HQ"}, {"royal-nc", 8, "HQ"}, {"marine-bn", 8, "variable"},
    {"naval-bombardiers", 8, "variable"}, {"mortar-battery", 8, "variable"},
    {"invalid-battery", 9, "HQ"}, {"marine-company", 9, "variable"},
    {"fr-battery-a-rt", 9, "variable"}, {"fr-battery-b-rt", 9, "variable"},
    {"negro-volunteers", 10, "HQ"}, {"augusta-battery", 10, "HQ"},
    {"fr-battery-a-lft", 10, "variable"}, {"carolina-battery", 11, "HQ"},
    {"san-domingue-detachment", 11, "variable"}, {"fr-battery-b-lft", 11, "variable"},
    {"convalescents", 12, "HQ"}, {"grand-battery", 12, "HQ"},
};

/* T-LeaderCasualty: enemy gain, owner loss, VP in half points. */
static const struct {
    const char *id;
    int gain, loss, vp2;
} CASUALTY[] = {
    {"prevost", 2, 2, 4}, {"maitland", 1, 2, 1}, {"von-porbeck", 1, 1, 0},
    {"destaing", 2, 2, 4}, {"de-noailles", 1, 1, 2}, {"dillon", 1, 2, 2},
    {"von-stedingk", 1, 1, 0}, {"lincoln", 2, 2, 4}, {"huger", 1, 1, 2},
    {"mcintosh", 1, 1, 2}, {"laurens", 1, 2, 1},
};

static void test_every_spec_unit_exists(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load(CAMPAIGN);
    const arw_data *d = data_of(sc);
    for (int i = 0; i < NSPEC_UNITS; i++) {
        int u = unit_of(d, SPEC_UNITS[i].id);
        if (d->unit[u].army != SPEC_UNITS[i].army || d->unit[u].kind != SPEC_UNITS[i].kind)
            fail_msg("%s (%s): wrong army or type", SPEC_UNITS[i].spec_name, SPEC_UNITS[i].id);
    }
    /* Any other unit can only be British garrison starting on the map
     * (SR1.2-a "every other British unit ... at its printed starting
     * location"), e.g. the inferred garrison of the brief (1.3.2). */
    for (int u = 0; u < d->nunits; u++) {
        int named = 0;
        for (int i = 0; i < NSPEC_UNITS; i++)
            named |= !strcmp(SPEC_UNITS[i].id, d->unit[u].id);
        if (!named && (d->unit[u].army != BR || d->unit[u].camp_hex == ARW_NO_HEX ||
                       d->unit[u].entry_turn || d->unit[u].entry_card))
            fail_msg("%s is neither named by the rules nor British garrison", d->unit[u].id);
    }
    for (size_t i = 0; i < sizeof REINFORCEMENTS / sizeof REINFORCEMENTS[0]; i++) {
        const arw_unit_def *x = &d->unit[unit_of(d, REINFORCEMENTS[i].id)];
        if (x->entry_turn != REINFORCEMENTS[i].turn ||
            x->entry_at != arw_entry_find(d, REINFORCEMENTS[i].at) ||
            (x->prov & (1u << ARW_P_ENTRY)))
            fail_msg("%s: T-Reinforcements says turn %d at %s", x->id, REINFORCEMENTS[i].turn,
                     REINFORCEMENTS[i].at);
    }
    for (size_t i = 0; i < sizeof CASUALTY / sizeof CASUALTY[0]; i++) {
        const arw_unit_def *x = &d->unit[unit_of(d, CASUALTY[i].id)];
        assert_int_equal(x->cas_gain, CASUALTY[i].gain);
        assert_int_equal(x->cas_loss, CASUALTY[i].loss);
        assert_int_equal(x->cas_vp2, CASUALTY[i].vp2);
        assert_false(x->prov & (1u << ARW_P_CASUALTY));
    }
    gr_scenario_free(sc);
}

/* The units carrying flag f are exactly `ids` (NULL-terminated). */
static void expect_flag_on(const arw_data *d, uint32_t f, const char *const *ids)
{
    int n = 0;
    for (; ids[n]; n++)
        if (!(d->unit[unit_of(d, ids[n])].flags & f))
            fail_msg("%s lacks flag 0x%x", ids[n], (unsigned)f);
    int count = 0;
    for (int u = 0; u < d->nunits; u++)
        count += (d->unit[u].flags & f) != 0;
    assert_int_equal(count, n);
}

static void test_flags_given_by_the_rules(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load(CAMPAIGN);
    const arw_data *d = data_of(sc);
    /* SR4.10-c: MA in a white square */
    expect_flag_on(d, ARW_F_WHITE_BOX,
                   (const char *[]){"delancey-1", "kings-florida-rangers", "ga-militia-1",
                                    "ga-militia-2", "chatham-militia", "creeks", NULL});
    /* SR4.1-2a: the southern provincials and Tory militia */
    expect_flag_on(d, ARW_F_SOUTHERN,
                   (const char *[]){"kings-florida-rangers", "georgia-volunteers",
                                    "sc-royalists", "royal-nc", "ga-militia-1", "ga-militia-2",
                                    "loyal-savannah-militia", "chatham-militia", NULL});
    /* SR4.17-a: green square */
    expect_flag_on(d, ARW_F_MILITIA_EXC, (const char *[]){"charlestown-1", "charlestown-2", NULL});
    /* SR4.18: yellow star (the replacement counters have none) */
    expect_flag_on(d, ARW_F_SEMI_LEADER, (const char *[]){"pulaski-legion", "tawes", NULL});
    expect_flag_on(d, ARW_F_IRISH, (const char *[]){"dillon-irish", NULL});      /* SR4.16 */
    expect_flag_on(d, ARW_F_CREEK, (const char *[]){"creeks", NULL});            /* SR4.8  */
    expect_flag_on(d, ARW_F_MORTAR, (const char *[]){"mortar-battery", NULL});   /* SR4.12 */
    expect_flag_on(d, ARW_F_MILART_ONLY, (const char *[]){"huger", NULL});       /* SR4.18 */
    expect_flag_on(d, ARW_F_HS_MOBILE, (const char *[]){"reserve-artillery", NULL}); /* HS-sr1 */
    expect_flag_on(d, ARW_F_NEGRO_VOL,
                   (const char *[]){"negro-volunteers", "negro-volunteers-r", NULL});
    /* SR4.8-a Creeks: militia with LI capabilities, MA 5; SR4.7 example: mortar MA 2 */
    const arw_unit_def *creeks = &d->unit[unit_of(d, "creeks")];
    assert_true((creeks->flags & ARW_F_MILITIA) && creeks->mclass == ARW_MC_LI);
    assert_int_equal(creeks->ma, 5);
    assert_false(creeks->prov & (1u << ARW_P_MA));
    const arw_unit_def *mortar = &d->unit[unit_of(d, "mortar-battery")];
    assert_int_equal(mortar->ma, 2);
    assert_false(mortar->prov & (1u << ARW_P_MA));
    /* SR4.7-e units move one hex on arrival; SR4.8 cards of the optional units */
    for (int u = 0; u < d->nunits; u++) {
        const char *id = d->unit[u].id;
        int one = !strcmp(id, "maitland") || !strcmp(id, "fraser-71") ||
                  !strcmp(id, "von-trumbach") || !strcmp(id, "royal-nc");
        assert_int_equal((d->unit[u].entry_flags & ARW_EF_ONE_HEX) != 0, one);
    }
    static const struct { const char *id, *replaces; int card; } CARDS[] = {
        {"chatham-militia", NULL, 3}, {"creeks", NULL, 6}, {"tawes-r", "tawes", 14},
        {"negro-volunteers-r", "negro-volunteers", 23}, {"pulaski-legion-r", "pulaski-legion", 30}};
    for (size_t i = 0; i < sizeof CARDS / sizeof CARDS[0]; i++) {
        const arw_unit_def *x = &d->unit[unit_of(d, CARDS[i].id)];
        assert_int_equal(x->entry_card, CARDS[i].card);
        assert_int_equal(x->replaces, CARDS[i].replaces ? unit_of(d, CARDS[i].replaces)
                                                        : ARW_NO_UNIT);
    }
    gr_scenario_free(sc);
}

/* SR4.18 seniority pairs have equal stars, the senior first; proposals are
 * marked, given values are not. */
static void test_leaders_and_provenance(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load(CAMPAIGN);
    const arw_data *d = data_of(sc);
    static const char *const pairs[][2] = {{"de-noailles", "dillon"}, {"mcintosh", "huger"},
                                           {"maitland", "von-porbeck"}};
    for (int i = 0; i < 3; i++) {
        const arw_unit_def *a = &d->unit[unit_of(d, pairs[i][0])];
        const arw_unit_def *b = &d->unit[unit_of(d, pairs[i][1])];
        assert_int_equal(a->rank, b->rank);
        assert_true(a->seniority < b->seniority);
        assert_true(a->prov & (1u << ARW_P_RANK)); /* stars are derived, not printed */
    }
    const arw_unit_def *porbeck = &d->unit[unit_of(d, "von-porbeck")];
    const arw_unit_def *graham = &d->unit[unit_of(d, "graham-li")];
    assert_false(porbeck->prov & (1u << ARW_P_START));
    assert_false(graham->prov & (1u << ARW_P_START));
    assert_true(graham->prov & (1u << ARW_P_SP));
    for (int u = 0; u < d->nunits; u++)
        if (d->unit[u].kind != ARW_K_LEADER && !(d->unit[u].prov & (1u << ARW_P_SP)))
            fail_msg("%s: SP are not printed in the rules, mark them proposed", d->unit[u].id);
    int n = gr_scenario_provisional_count(sc), brief = 0;
    for (int k = 0; k < n; k++) {
        const char *p = gr_scenario_provisional(sc, k);
        if (strstr(p, "arw/savannah/")) {
            assert_non_null(strstr(p, "PROVISIONAL ("));
            brief++;
        }
    }
    assert_true(brief > 100);
    gr_scenario_free(sc);
}

/* ------------------------------------------------------------ geometry */

static int is_prohibited(const arw_data *d, int h)
{
    for (int mc = 0; mc < ARW_NMC; mc++)
        if (d->htype[d->map.terrain[h]].move[mc] != ARW_MP_P)
            return 0;
    return 1;
}

static int on_edge(const arw_data *d, int h)
{
    for (int k = 0; k < 6; k++)
        if (d->map.nb[h * 6 + k] < 0)
            return 1;
    return 0;
}

/* Covered way: one simple path of covered-way hexes from 1105 to 1401. */
static void check_covered_way(const arw_data *d)
{
    int from = hex_of(d, "1105"), to = hex_of(d, "1401"), count = 0;
    for (int h = 0; h < d->map.nhex; h++) {
        if (!(d->htype[d->map.terrain[h]].flags & ARW_T_COVERED_WAY))
            continue;
        count++;
        int deg = 0;
        for (int k = 0; k < 6; k++) {
            int n = d->map.nb[h * 6 + k];
            deg += n >= 0 && (d->htype[d->map.terrain[n]].flags & ARW_T_COVERED_WAY);
        }
        assert_int_equal(deg, h == from || h == to ? 1 : 2);
    }
    int prev = -1, cur = from, steps = 1;
    while (cur != to && steps <= count) {
        int next = -1;
        for (int k = 0; k < 6; k++) {
            int n = d->map.nb[cur * 6 + k];
            if (n >= 0 && n != prev && (d->htype[d->map.terrain[n]].flags & ARW_T_COVERED_WAY))
                next = n;
        }
        assert_true(next >= 0);
        prev = cur;
        cur = next;
        steps++;
    }
    assert_int_equal(cur, to);
    assert_int_equal(steps, count);
}

/* Entry hexes: playable, outside the perimeter, on the map edge or joined
 * to it through impassable hexes only (the marsh of the SE corner). */
static void check_entries(const arw_data *d)
{
    uint8_t *sea = calloc((size_t)d->map.nhex, 1);
    assert_non_null(sea);
    for (int h = 0; h < d->map.nhex; h++)
        sea[h] = on_edge(d, h) && is_prohibited(d, h);
    for (int grown = 1; grown;) {
        grown = 0;
        for (int h = 0; h < d->map.nhex; h++)
            for (int k = 0; k < 6 && !sea[h] && is_prohibited(d, h); k++) {
                int n = d->map.nb[h * 6 + k];
                if (n >= 0 && sea[n])
                    sea[h] = 1, grown = 1;
            }
    }
    for (int e = 0; e < d->map.nentries; e++)
        for (int i = 0; i < d->map.entry[e].nhex; i++) {
            int h = d->map.entry[e].hex[i], touches = on_edge(d, h);
            for (int k = 0; k < 6; k++)
                touches |= d->map.nb[h * 6 + k] >= 0 && sea[d->map.nb[h * 6 + k]];
            assert_true(touches && !is_prohibited(d, h));
            assert_false(arw_in_zone(d, h, ARW_Z_PERIMETER));
        }
    free(sea);
}

/* arw:SR1.7-a the perimeter is closed: every side between a perimeter hex
 * and a hex outside it is a perimeter hexside with fieldworks facing out,
 * and no unit can walk from the American entry into the perimeter without
 * crossing one. */
static void check_perimeter(const arw_data *d)
{
    uint8_t *seen = calloc((size_t)d->map.nhex, 1);
    int *queue = malloc((size_t)d->map.nhex * sizeof *queue), head = 0, tail = 0, nsides = 0;
    assert_true(seen && queue);
    for (int h = 0; h < d->map.nhex; h++)
        for (int k = 0; k < 6; k++) {
            int n = d->map.nb[h * 6 + k];
            int boundary = n >= 0 && arw_in_zone(d, h, ARW_Z_PERIMETER) !=
                                         arw_in_zone(d, n, ARW_Z_PERIMETER);
            assert_int_equal(arw_perimeter_side(d, h, k), boundary);
            if (!boundary || !arw_in_zone(d, h, ARW_Z_PERIMETER))
                continue;
            nsides++;
            int works = 0;
            for (int t = 0; t < d->nstypes; t++)
                works |= ((d->map.edge[h * 6 + k] >> t) & 1) &&
                         (d->stype[t].flags & ARW_S_FIELDWORKS);
            assert_true(works);
        }
    assert_true(nsides >= 6);
    queue[tail++] = hex_of(d, "1014");
    seen[queue[0]] = 1;
    while (head < tail) {
        int h = queue[head++];
        assert_false(arw_in_zone(d, h, ARW_Z_PERIMETER));
        for (int k = 0; k < 6; k++) {
            int n = d->map.nb[h * 6 + k];
            if (n >= 0 && !seen[n] && !arw_perimeter_side(d, h, k))
                seen[n] = 1, queue[tail++] = n;
        }
    }
    free(seen);
    free(queue);
}

static void check_zones(const arw_data *d)
{
    int naval = 0, yama = 0;
    for (int h = 0; h < d->map.nhex; h++) {
        int col, row;
        gr_grid_cr(&d->map.grid, h, &col, &row);
        const arw_hex_type *t = &d->htype[d->map.terrain[h]];
        if (arw_in_zone(d, h, ARW_Z_NAVAL)) { /* SR4.11: NW corner, outside the lines */
            naval++;
            assert_true(col <= 16 && row <= 8 && !arw_in_zone(d, h, ARW_Z_PERIMETER));
        }
        if (arw_in_zone(d, h, ARW_Z_YAMACRAW)) { /* SR1.7-a: west of the perimeter */
            yama++;
            assert_true((t->flags & ARW_T_SWAMP) && col <= 14);
        }
        if (t->flags & ARW_T_TOWN) /* the town is inside the perimeter */
            assert_true(arw_in_zone(d, h, ARW_Z_PERIMETER));
    }
    assert_true(naval > 0 && yama > 0);
    assert_true(arw_in_zone(d, d->map.hq[ARW_ARMY_BRITISH], ARW_Z_PERIMETER));
    assert_false(arw_in_zone(d, d->map.hq[ARW_ARMY_FRENCH], ARW_Z_PERIMETER));
    assert_false(arw_in_zone(d, d->map.hq[ARW_ARMY_AMERICAN], ARW_Z_PERIMETER));
}

static void test_geometry(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load(HS);
    const arw_data *d = data_of(sc);
    assert_true(arw_dir(d, hex_of(d, "1303"), hex_of(d, "1404")) >= 0); /* brief 2.1 */
    check_covered_way(d);
    check_entries(d);
    check_perimeter(d);
    check_zones(d);
    gr_scenario_free(sc);
}

/* ------------------------------------------------------------ scenarios */

static void expect_query(const gr_game *g, const char *what, const char *needle)
{
    char buf[512];
    assert_int_equal(gr_game_query(g, what, buf, sizeof buf, NULL), GR_OK);
    if (!strstr(buf, needle))
        fail_msg("query '%s': '%s' lacks '%s'", what, buf, needle);
}

/* Side type `id` is in effect entering hex a from adjacent b. */
static int side_has(const arw_data *d, const char *a, const char *b, const char *id)
{
    int ha = hex_of(d, a), k = arw_dir(d, ha, hex_of(d, b));
    for (int t = 0; t < d->nstypes; t++)
        if (!strcmp(d->stype[t].id, id))
            return k >= 0 && ((d->map.edge[ha * 6 + k] >> t) & 1);
    return 0;
}

static void test_historical_scenario(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load(HS);
    const arw_data *d = data_of(sc);
    /* arw:HS-length turns 16 to 20 of the tactical track */
    assert_int_equal(d->start_turn, 16);
    assert_int_equal(d->end_turn, 20);
    /* HS-order (data only; the flow does not use the track yet): turn 16 Allies
     * first, then an initiative roll */
    assert_int_equal(d->order[16], ARW_ORDER_ALLIED_FIRST);
    for (int t = 16; t <= 20; t++) {
        assert_true(d->turn[t].flags & ARW_TT_TACTICAL);
        assert_int_equal(arw_fixed_weather(d, t), t == 16 ? ARW_W_FOG : ARW_W_FAIR);
        if (t > 16)
            assert_int_equal(d->order[t], ARW_ORDER_INITIATIVE);
    }
    /* arw:HS-sr2 the printed siegeworks are there, completed */
    assert_true(d->rules & ARW_SR_PRINTED_WORKS);
    assert_true(side_has(d, "1708", "1707", "siegeworks"));
    assert_true(side_has(d, "2008", "2007", "siegeworks"));
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, 3, "auto=0", NULL, NULL, &g, NULL), GR_OK);
    /* arw:HS-morale British 14, American 13, French 12; arw:HS-momentum Allies 1 */
    expect_query(g, "army british", "morale=14");
    expect_query(g, "army american", "morale=13");
    expect_query(g, "army french", "morale=12");
    expect_query(g, "momentum", "allied=1");
    /* arw:HS-setup-a printed starting hexes; Loyal Savannah Militia anywhere
     * in the perimeter; arw:HS-setup-b no Chatham, Creeks, replacements */
    expect_query(g, "unit von-porbeck", "hex=1805");
    expect_query(g, "unit graham-li", "hex=1803");
    expect_query(g, "unit tawes", "hex=1404");
    const arw_unit_def *lsm = &d->unit[unit_of(d, "loyal-savannah-militia")];
    assert_int_equal(lsm->setup_zone, ARW_Z_PERIMETER);
    assert_true(arw_in_zone(d, lsm->start_hex, ARW_Z_PERIMETER));
    for (int u = 0; u < d->nunits; u++) {
        int unused = d->unit[u].entry_card != 0;
        assert_int_equal(d->unit[u].start_hex == ARW_NO_HEX, unused);
        if (!unused && d->unit[u].side == ARW_BRITISH)
            assert_true(arw_in_zone(d, d->unit[u].start_hex, ARW_Z_PERIMETER));
        if (strcmp(d->unit[u].id, "von-porbeck") && strcmp(d->unit[u].id, "graham-li") &&
            !unused)
            assert_true(d->unit[u].prov & (1u << ARW_P_HEX));
    }
    assert_false(d->unit[unit_of(d, "von-porbeck")].prov & (1u << ARW_P_HEX));
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* arw:SR4.3-d the deck's restrictions and flags add up to what the rulebook
 * prints: 19 strategic-only, 17 tactical-only, 16 unrestricted and 3 red
 * cards; 19 Allied-flag, 19 British-flag and 17 three-flag cards. */
static void test_card_counts_add_up(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load(CAMPAIGN);
    const arw_data *d = data_of(sc);
    int timing[8] = {0}, allied = 0, british = 0, any = 0;
    assert_int_equal(d->ncards, 55);
    for (int c = 1; c <= 55; c++) {
        const arw_card *k = &d->card[c];
        assert_int_equal(k->number, c);
        timing[k->timing]++;
        unsigned both = (1u << ARW_BRITISH) | (1u << ARW_ALLIED);
        any += k->sides == both;
        british += k->sides == 1u << ARW_BRITISH;
        allied += k->sides == 1u << ARW_ALLIED;
    }
    assert_int_equal(timing[ARW_CT_STRATEGIC], 19);
    assert_int_equal(timing[ARW_CT_TACTICAL], 17);
    assert_int_equal(timing[ARW_CT_ANY], 16);
    assert_int_equal(timing[ARW_CT_RED], 3);
    assert_int_equal(allied, 19);
    assert_int_equal(british, 19);
    assert_int_equal(any, 17);
    gr_scenario_free(sc);
}

static void test_campaign_scenario(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load(CAMPAIGN);
    const arw_data *d = data_of(sc);
    assert_int_equal(d->end_turn, 25); /* arw:SR1.5-a at most 25 game turns */
    for (int t = 1; t <= 25; t++) {    /* B.4, SR1.6 */
        int order = t == 1 ? ARW_ORDER_BRITISH_ONLY : t <= 15 ? ARW_ORDER_BRITISH_FIRST
                    : t == 16 ? ARW_ORDER_ALLIED_FIRST : ARW_ORDER_INITIATIVE;
        assert_int_equal(d->order[t], order);
        assert_int_equal((d->turn[t].flags & ARW_TT_TACTICAL) != 0, t >= 16);
        assert_int_equal(d->turn[t].defences, t <= 7    ? ARW_DEF_EARLY
                                              : t <= 11 ? ARW_DEF_LATE
                                                        : ARW_DEF_COMPLETE);
    }
    assert_true(d->turn[1].flags & d->turn[2].flags & d->turn[4].flags & ARW_TT_WEATHER_ROLL);
    assert_false(d->rules & ARW_SR_PRINTED_WORKS); /* the French build their own */
    assert_false(side_has(d, "1708", "1707", "siegeworks"));
    assert_true(d->map.works[hex_of(d, "1708")] != 0);
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, 3, "auto=0", NULL, NULL, &g, NULL), GR_OK);
    /* arw:SR1.3-a British 19, American 18, French 17; arw:SR1.4-a Allies 1 chit */
    expect_query(g, "army british", "morale=19");
    expect_query(g, "army american", "morale=18");
    expect_query(g, "army french", "morale=17");
    expect_query(g, "momentum", "allied=1");
    /* arw:SR1.2-a von Porbeck 1805, Graham 1803, every British unit that is not
     * a reinforcement on its start hex, no Allied unit on the map; the turn-1
     * British reinforcements already stand in their entry hex (GR9.61-a: the
     * game waits in the British movement phase of turn 1) */
    expect_query(g, "unit von-porbeck", "hex=1805");
    expect_query(g, "unit graham-li", "hex=1803");
    for (int u = 0; u < d->nunits; u++) {
        const arw_unit_def *x = &d->unit[u];
        int starts = x->side == ARW_BRITISH && !x->entry_turn && !x->entry_card;
        assert_int_equal(x->start_hex != ARW_NO_HEX, starts);
        assert_int_equal(x->camp_hex != ARW_NO_HEX, starts);
        char q[64], want[16], lab[8];
        snprintf(q, sizeof q, "unit %s", x->id);
        int arrived = x->side == ARW_BRITISH && x->entry_turn == 1 && !x->entry_card;
        snprintf(want, sizeof want, "hex=%s",
                 starts ? arw_hex_label(d, x->camp_hex, lab, 8)
                 : arrived ? arw_hex_label(d, arw_entry_hex(d, u), lab, 8) : "-");
        expect_query(g, q, want);
    }
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* ------------------------------------------------------------ loader errors */

#define MAP "arw/savannah/map.json"
#define OOB "arw/savannah/oob.json"
#define SETUP "arw/savannah/setup-historical.json"
#define TURNS "arw/savannah/turns.json"

static void expect_error(const char *id, const char *file, const char *from, const char *to,
                         const char *what)
{
    gr_scenario *sc = NULL;
    gr_error err = {{0}, {0}};
    gr_status st = tu_load_patched(id, file, from, to, &sc, &err);
    gr_scenario_free(sc);
    char where[160];
    snprintf(where, sizeof where, "%s:", file);
    if (st != GR_ERR_DATA || !strstr(err.msg, where) || !strstr(err.msg, what))
        fail_msg("patch '%s' -> '%s': got %d '%s', want '%s' ... '%s'", from, to, (int)st,
                 err.msg, where, what);
}

static void test_broken_savannah_files_are_refused(void **state)
{
    (void)state;
    expect_error(HS, OOB, "\"morale\": [1, 0], \"ma\": 5", "\"moral\": [1, 0], \"ma\": 5",
                 "moral");
    expect_error(HS, OOB, "{\"value\": \"sp morale ma group\"", "{\"value\": \"sp morale mx\"",
                 "'mx', which is not a field");
    expect_error(HS, OOB, "{\"value\": \"rank cc leadership ma start\"",
                 "{\"value\": \"rank cc leadership ma entry\"", "does not give");
    expect_error(HS, OOB, "{\"value\": \"rank cc leadership ma start\", \"provisional\"",
                 "{\"value\": \"rank cc leadership ma start\", \"why\"", "provisional wrapper");
    expect_error(HS, OOB, "\"at\": \"B-1\"", "\"at\": \"B-3\"", "unknown entry point 'B-3'");
    expect_error(HS, OOB, "\"replaces\": \"tawes\"", "\"replaces\": \"lincoln\"",
                 "not another unit of the same army");
    expect_error(HS, MAP, "\"1303/1302\", \"1303/1304\"", "\"1302/1303\", \"1303/1304\"",
                 "first hex must be inside");
    expect_error(HS, MAP, "\"hexes\": [\"1408\"]", "\"hexes\": [\"1407\"]",
                 "zone 'jewish-cemetery' lists hex 1407");
    expect_error(HS, MAP, "\"1402-1404\"", "\"1404-1402\"", "must run down one column");
    expect_error(HS, MAP, "\"zone\": \"naval-zone\"", "\"zone\": \"naval\"", "unknown zone");
    expect_error(HS, MAP, "\"path\": [\n        \"1105\"", "\"path\": [\n        \"1106\"",
                 "path is broken");
    expect_error(HS, MAP, "\"name\": \"V-3\", \"hexes\": [\"4105\"]",
                 "\"name\": \"V-3\", \"hexes\": [\"4305\"]", "not on the map");
    expect_error(HS, SETUP, "\"sc-combined-militia\"]",
                 "\"sc-combined-militia\", \"pulaski-legion-r\"]", "stacking limit");
    expect_error(HS, SETUP, "\"units\": [\"foot-60\"]", "\"units\": [\"foot-60\", \"armagnac\"]",
                 "set up twice");
    expect_error(HS, SETUP, "\"zone\": \"perimeter\"", "\"zone\": \"naval-zone\"",
                 "must be set up in its zone");
    expect_error(CAMPAIGN, TURNS, "\"turn\": 25,", "\"turn\": 24,", "defined twice");
    expect_error(HS, "scenarios/savannah-historical.json", "\"hs-victory\"", "\"hs-victroy\"",
                 "hs-victroy");
    expect_error(HS, "scenarios/savannah-historical.json", "{\"turn\": 20,", "{\"turn\": 21,",
                 "turn 20 of the game is not on the turn track");
}

/* ------------------------------------------------------------ edit lines */

static void test_zone_edit_lines(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("arw-testbed");
    const arw_data *d = data_of(sc);
    gr_error err = {{0}, {0}};
    assert_int_equal(gr_scenario_edit(sc, "zone perimeter 0505 0506", &err), GR_OK);
    assert_true(arw_in_zone(d, hex_of(d, "0506"), ARW_Z_PERIMETER));
    assert_int_equal(gr_scenario_edit(sc, "zone perimeter -", &err), GR_OK);
    assert_false(arw_in_zone(d, hex_of(d, "0506"), ARW_Z_PERIMETER));
    assert_int_equal(gr_scenario_edit(sc, "zone lagoon 0505", &err), GR_ERR_PARSE);
    assert_int_equal(gr_scenario_edit(sc, "perimeter 0505 0506", &err), GR_OK);
    int h = hex_of(d, "0505");
    assert_true(arw_perimeter_side(d, h, arw_dir(d, h, hex_of(d, "0506"))));
    assert_int_equal(gr_scenario_edit(sc, "perimeter 0505 0507", &err), GR_ERR_PARSE);
    assert_int_equal(gr_scenario_edit(sc, "entry A 0105 0106", &err), GR_OK);
    int e = arw_entry_find(d, "A");
    assert_true(e >= 0 && d->map.entry[e].nhex == 2);
    assert_int_equal(gr_scenario_edit(sc, "entry HQ 0105", &err), GR_ERR_PARSE);
    gr_scenario_free(sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scenarios_load_and_start),
        cmocka_unit_test(test_every_spec_hex_exists_with_its_role),
        cmocka_unit_test(test_every_spec_unit_exists),
        cmocka_unit_test(test_flags_given_by_the_rules),
        cmocka_unit_test(test_leaders_and_provenance),
        cmocka_unit_test(test_geometry),
        cmocka_unit_test(test_historical_scenario),
        cmocka_unit_test(test_campaign_scenario),
        cmocka_unit_test(test_card_counts_add_up),
        cmocka_unit_test(test_broken_savannah_files_are_refused),
        cmocka_unit_test(test_zone_edit_lines),
    };
    return cmocka_run_group_tests_name("savannah_data", tests, NULL, NULL);
}
