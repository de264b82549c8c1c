/* test_arw_load.c — the ARW loader: the shipped scenarios load and list their
 * provisional values (e.g. AMB-04 and the army morale thresholds); broken
 * variants (one text substitution in a scenario, the tables or the terrain
 * chart, served from memory) are refused with "file:line:column: message";
 * scenario edit lines are checked; the state size is reported. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "testutil.h"

#define SCEN "scenarios/arw-slice.json"
#define TABLES "arw/tables.json"
#define TERRAIN "arw/terrain.json"

static void expect_error(const char *file, const char *from, const char *to, const char *where,
                         const char *what)
{
    gr_scenario *sc = NULL;
    gr_error err = {{0}, {0}};
    gr_status st = tu_load_patched("arw-slice", file, from, to, &sc, &err);
    gr_scenario_free(sc);
    assert_int_equal(st, GR_ERR_DATA);
    if (!strstr(err.msg, where) || !strstr(err.msg, what))
        fail_msg("patch '%s' -> '%s': got '%s', want '%s' ... '%s'", from, to, err.msg, where,
                 what);
}

static void test_shipped_scenarios_load(void **state)
{
    (void)state;
    const char *ids[] = {"arw-testbed", "arw-slice"};
    for (int i = 0; i < 2; i++) {
        gr_scenario *sc = tu_load(ids[i]);
        assert_non_null(sc);
        assert_string_equal(gr_scenario_system(sc), "arw");
        int n = gr_scenario_provisional_count(sc), amb04 = 0, levels = 0;
        for (int k = 0; k < n; k++) {
            amb04 |= strstr(gr_scenario_provisional(sc, k), "AMB-04") != NULL;
            levels |= strstr(gr_scenario_provisional(sc, k), "GR16.2") != NULL;
        }
        assert_true(n > 10 && amb04 && levels);
        gr_game *g = NULL;
        assert_int_equal(gr_game_new(sc, 1, NULL, NULL, NULL, &g, NULL), GR_OK);
        print_message("%s: game object %zu bytes, %d provisional values\n", ids[i],
                      gr_game_size(g), n);
        assert_true(gr_game_size(g) < 8192);
        gr_game_free(g);
        gr_scenario_free(sc);
    }
}

static void test_broken_tables_are_refused(void **state)
{
    (void)state;
    expect_error(TABLES, "\"2/-\"", "\"Q/-\"", "arw/tables.json:", "unknown combat result");
    expect_error(TABLES, "\"PIN\", \"R/R\"", "\"PIN\", \"R-R\"", "arw/tables.json:",
                 "attacker/defender");
    expect_error(TABLES, "[0, -1, 1, \"NC\"", "[0, -1, 1, \"XX\"", "arw/tables.json:",
                 "NC");
    expect_error(TABLES, "\"echelon\", \"stand-fast\"", "\"stand-fast\", \"echelon\"",
                 "arw/tables.json:", "must be 'echelon'");
    expect_error(TABLES, "\"min_roll\"", "\"min_rol\"", "arw/tables.json:", "min_rol");
    expect_error(TABLES, "\"ratios\": [[1, 3], [1, 2]", "\"ratios\": [[1, 2], [1, 3]",
                 "arw/tables.json:", "increase");
    expect_error(TABLES, "\"pass_at_or_above\": 5", "\"pass_at_or_above\": 55",
                 "arw/tables.json:", "out of range");
    expect_error(TABLES, "{\"value\": 6, \"provisional\"", "{\"value\": 12, \"provisional\"",
                 "arw/tables.json:", "highest");
    expect_error(TABLES, "\"leader\", \"open-flank\"]", "\"leader\", \"flank\"]",
                 "arw/tables.json:", "flank");
}

static void test_broken_terrain_is_refused(void **state)
{
    (void)state;
    expect_error(TERRAIN, "\"letter\": \"l\"", "\"letter\": \".\"", "arw/terrain.json:",
                 "used twice");
    expect_error(TERRAIN, "\"inf\": \"1.5\"", "\"inf\": \"1.7\"", "arw/terrain.json:",
                 "bad movement cost");
    expect_error(TERRAIN, "\"into_first\": \"up-slope\"", "\"into_first\": \"upslope\"",
                 "arw/terrain.json:", "unknown hexside type");
}

static void test_broken_scenarios_are_refused(void **state)
{
    (void)state;
    expect_error(SCEN, "\"hex\": \"1403\"", "\"hex\": \"2403\"", "arw-slice.json:",
                 "not on the map");
    expect_error(SCEN, "\"flags\": [\"light\"]", "\"flags\": [\"lite\"]", "arw-slice.json:",
                 "lite");
    expect_error(SCEN, "\"id\": \"auxerrois\"", "\"id\": \"armagnac\"", "arw-slice.json:",
                 "duplicate unit id");
    expect_error(SCEN, "\"morale\": [1, 0], \"ma\": 4, \"group\": \"british-regulars\"",
                 "\"morale\": [1], \"ma\": 4, \"group\": \"british-regulars\"",
                 "arw-slice.json:", "both have");
    expect_error(SCEN, "\"allied\": 1}", "\"allied\": 9}", "arw-slice.json:", "out of range");
    expect_error(SCEN, "\"w w . . . .\", \"w w", "\"w w . . . . .\", \"w w", "arw-slice.json:",
                 "more than 6");
    expect_error(SCEN, "\"features\": [\"slope\"]", "\"features\": [\"hill\"]",
                 "arw-slice.json:", "unknown hexside feature");
    expect_error(SCEN, "\"b\": \"1302\", \"features\": [\"slope\"]",
                 "\"b\": \"1305\", \"features\": [\"slope\"]", "arw-slice.json:",
                 "not adjacent");
}

static void test_edit_lines(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("arw-testbed");
    gr_error err = {{0}, {0}};
    assert_int_equal(gr_scenario_edit(sc, "map-row 0 . . l F w v r m p T", &err), GR_OK);
    assert_int_equal(gr_scenario_edit(sc, "map-row 0 . . X", &err), GR_ERR_PARSE);
    assert_non_null(strstr(err.msg, "unknown terrain letter 'X'"));
    assert_int_equal(gr_scenario_edit(sc, "map-row 1 . .", &err), GR_ERR_PARSE);
    assert_int_equal(gr_scenario_edit(sc, "side 0505 0506 redoubt abatis", &err), GR_OK);
    assert_int_equal(gr_scenario_edit(sc, "side 0505 0508 redoubt", &err), GR_ERR_PARSE);
    assert_int_equal(gr_scenario_edit(sc, "hq french 0909", &err), GR_OK);
    assert_int_equal(gr_scenario_edit(sc, "unit fr-1 sp=5/3 morale=2/1 flags=light", &err),
                     GR_OK);
    assert_int_equal(gr_scenario_edit(sc, "unit fr-1 sp=x", &err), GR_ERR_PARSE);
    assert_int_equal(gr_scenario_edit(sc, "map-size 12 8 1 1", &err), GR_OK);
    assert_int_equal(gr_scenario_edit(sc, "teleport 0101", &err), GR_ERR_PARSE);
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, 1, NULL, NULL, NULL, &g, NULL), GR_OK);
    char buf[256];
    assert_int_equal(gr_game_query(g, "hex 1208", buf, sizeof buf, NULL), GR_OK);
    assert_int_equal(gr_game_query(g, "hex 1010", buf, sizeof buf, NULL), GR_ERR_ARG);
    gr_game *bad = NULL;
    assert_int_equal(gr_game_new(sc, 1, "advanced=2", NULL, NULL, &bad, &err), GR_ERR_ARG);
    assert_null(bad);
    assert_int_equal(gr_game_setup(g, "place fr-1 0101", NULL), GR_OK);
    assert_int_equal(gr_game_query(g, "unit fr-1", buf, sizeof buf, NULL), GR_OK);
    assert_non_null(strstr(buf, "sp=5"));
    gr_game_free(g);
    gr_scenario_free(sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shipped_scenarios_load),
        cmocka_unit_test(test_broken_tables_are_refused),
        cmocka_unit_test(test_broken_terrain_is_refused),
        cmocka_unit_test(test_broken_scenarios_are_refused),
        cmocka_unit_test(test_edit_lines),
    };
    return cmocka_run_group_tests_name("arw_load", tests, NULL, NULL);
}
