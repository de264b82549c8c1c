/* test_jdg_load.c — the JdG loader: the shipped scenarios load with their
 * provisional values listed; broken variants (one text substitution in the
 * testbed scenario or the tables, served from memory) are refused with a
 * "file:line:column: message" naming what is wrong. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "testutil.h"

static gr_status load_patched(const char *file, const char *from, const char *to, gr_error *err)
{
    gr_scenario *sc = NULL;
    gr_status st = tu_load_patched("jdg-testbed", file, from, to, &sc, err);
    gr_scenario_free(sc);
    return st;
}

#define SCEN "scenarios/jdg-testbed.json"
#define TABLES "jdg/tables.json"

static void expect_error(const char *file, const char *from, const char *to, const char *where,
                         const char *what)
{
    gr_error err = {{0}, {0}};
    assert_int_equal(load_patched(file, from, to, &err), GR_ERR_DATA);
    if (!strstr(err.msg, where) || !strstr(err.msg, what))
        fail_msg("patch '%s' -> '%s': got '%s', want '%s' ... '%s'", from, to, err.msg, where,
                 what);
}

static void test_shipped_scenarios_load(void **state)
{
    (void)state;
    const char *ids[] = {"jdg-testbed", "jdg-slice", "jdg-saalfeld"};
    for (int i = 0; i < 3; i++) {
        gr_scenario *sc = tu_load(ids[i]);
        assert_non_null(sc);
        assert_string_equal(gr_scenario_system(sc), "jdg");
        assert_true(gr_scenario_provisional_count(sc) > 20);
        int tagged = 0;
        for (int k = 0; k < gr_scenario_provisional_count(sc); k++)
            tagged += strstr(gr_scenario_provisional(sc, k), "JDG-PROV-1") != NULL;
        assert_true(tagged > 20);
        gr_scenario_free(sc);
    }
    gr_error err = {{0}, {0}};
    assert_int_equal(load_patched(NULL, "", "", &err), GR_OK);
}

static void test_scenario_errors(void **state)
{
    (void)state;
    expect_error(SCEN, "\"formation\": \"fb\"", "\"formation\": \"zz\"", SCEN ":",
                 "unknown formation 'zz'");
    expect_error(SCEN, "\"id\": \"fa-2\"", "\"id\": \"fa-1\"", SCEN ":", "'fa-1' is used twice");
    expect_error(SCEN, "\"hex\": \"0203\"", "\"hex\": \"1203\"", SCEN ":",
                 "'1203' is not a hex of the map");
    expect_error(SCEN, "\"side\": \"french\",\n      \"formation\": \"fa\"",
                 "\"side\": \"allied\",\n      \"formation\": \"fa\"", SCEN ":",
                 "differs from its formation");
    expect_error(SCEN, "\"type\": \"inf\"", "\"type\": \"inf\", \"heavy\": true", SCEN ":",
                 "'heavy' is for cavalry");
    expect_error(SCEN, "\"order_capacity\": 2", "\"order_capacity\": 9", SCEN ":", "");
    expect_error(SCEN, "\"turns\": [2, 2]", "\"turns\": [2, 1]", SCEN ":", "");
    expect_error(SCEN, "\"placement\": \"mandatory\"", "\"placement\": \"optional\"", SCEN ":",
                 "");
    expect_error(SCEN, "\"shifted\": \"even\"",
                 "\"shifted\": \"even\", \"terrain\": [\"Q\"]", SCEN ":", "");
    expect_error(SCEN, "\"shifted\": \"even\"",
                 "\"shifted\": \"even\", \"terrain\": [\".....Q....\", \"..........\", "
                 "\"..........\", \"..........\", \"..........\", \"..........\", "
                 "\"..........\", \"..........\", \"..........\", \"..........\"]",
                 SCEN ":", "unknown terrain letter 'Q' in column 6");
    expect_error(SCEN, "\"facing\": 0", "\"facng\": 0", SCEN ":", "");
    expect_error(SCEN, "\"level_change_is_slope\": true",
                 "\"level_change_is_slope\": true, \"hexsides\": {\"river\": [\"0101|0103\"]}",
                 SCEN ":", "'0101|0103' are not two adjacent hexes");
    /* R6.1.1-b and the stacking limits hold in the set-up too */
    expect_error(SCEN, "\"hex\": \"0204\",\n      \"facing\": 0",
                 "\"hex\": \"0203\",\n      \"facing\": 1", SCEN ":",
                 "unit 'fa-i1' starts in a hex that breaks the rules: all units in one hex share "
                 "the same facing");
    expect_error(SCEN, "\"hex\": \"0208\"", "\"hex\": \"0203\"", SCEN ":",
                 "infantry may not stack with cavalry");
    expect_error(SCEN, "\"level_change_is_slope\": true",
                 "\"level_change_is_slope\": true, \"hexsides\": {\"moat\": []}", SCEN ":",
                 "'moat' is not a hexside feature");
    expect_error(SCEN, "\"level_change_is_slope\": true",
                 "\"level_change_is_slope\": true, \"roads\": [[\"0101\", \"0102\", \"0104\"]]",
                 SCEN ":", "'0104' is not adjacent to the hex before it");
    /* victory data [R13]: an automatic victory names enemy formations, VP
     * hexes are on the map, the keys are known */
    expect_error(SCEN, "\"french\": [\"aa\", \"ab\"]", "\"french\": [\"aa\", \"fa\"]", SCEN ":",
                 "'fa' is not an enemy formation");
    expect_error(SCEN, "{\"hex\": \"0505\"", "{\"hex\": \"1505\"", SCEN ":",
                 "'1505' is not a hex of the map");
    expect_error(SCEN, "\"decisive\": 5", "\"decisve\": 5", SCEN ":", "");
    expect_error(SCEN, "\"start\": \"allied\"", "\"start\": \"prussian\"", SCEN ":", "");
}

/* The Saalfeld map features of the data brief (C.3), through queries. */
static void test_slice_map_features(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("jdg-slice");
    gr_game *g = NULL;
    char buf[512];
    assert_int_equal(gr_game_new(sc, 1, NULL, NULL, NULL, &g, NULL), GR_OK);
    static const char *const Q[][2] = {
        {"hexside 1221 1321", "features=river,bridge road=1 track=0 levels=0,0"},
        {"hexside 1213 1313", "features=river,ford road=0"},
        {"hexside 1214 1314", "features=river road=0"},
        {"hexside 0416 0516", "features=steep-slope road=0 track=0 levels=2,1"},
        {"hexside 0716 0816", "features=slope road=0 track=0 levels=1,0"},
        {"hexside 0616 0717", "features=- road=0 track=1 levels=1,1"},
        {"hex 1102", "roads=1101,1103 tracks=-"},
        {"hex 1121", "roads=1221,1120,1021 tracks=-"},
        {"hex 0717", "tracks=0816,0716,0616,0718"},
    };
    for (size_t i = 0; i < sizeof Q / sizeof Q[0]; i++) {
        assert_int_equal(gr_game_query(g, Q[i][0], buf, sizeof buf, NULL), GR_OK);
        if (!strstr(buf, Q[i][1]))
            fail_msg("%s: got '%s', want '%s'", Q[i][0], buf, Q[i][1]);
    }
    gr_game_free(g);
    gr_scenario_free(sc);
}

static void test_tables_errors(void **state)
{
    (void)state;
    expect_error(TABLES, "\"letter\": \"V\"", "\"letter\": \".\"", TABLES ":",
                 "terrain letter '.' used twice");
    expect_error(TABLES, "\"letter\": \"V\"", "\"letter\": \"VV\"", TABLES ":",
                 "terrain letter must be one character");
    expect_error(TABLES, "\"shock_table\"", "\"shock_tabel\"", TABLES ":", "");
    expect_error(TABLES, "\"format\": 1", "\"format\": 2", TABLES ":", "");
    expect_error(TABLES, "\"id\": \"crest\"", "\"id\": \"slope\"", TABLES ":",
                 "'slope' is not a hexside feature or is given twice");
}

/* Setup lines keep the stacking limits and the shared facing [R6.1.1-b]:
 * a refused placement leaves the game as it was. */
static void test_setup_refuses_bad_stacks(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("jdg-testbed");
    gr_game *g = NULL;
    gr_error err = {{0}, {0}};
    assert_int_equal(gr_game_new(sc, 1, NULL, NULL, NULL, &g, NULL), GR_OK);
    uint64_t before = gr_game_hash(g);
    assert_int_equal(gr_game_setup(g, "unit fa-i1 at 0204 facing 1", &err), GR_ERR_ILLEGAL);
    assert_string_equal(err.rule, "jdg:R6.1.1-b");
    assert_int_equal(gr_game_setup(g, "unit fb-c1 at 0204 facing 0", &err), GR_ERR_ILLEGAL);
    assert_string_equal(err.rule, "jdg:R5.1.2-d");
    assert_true(gr_game_hash(g) == before);
    assert_int_equal(gr_game_setup(g, "unit fa-i1 at 0204 facing 0", &err), GR_OK);
    assert_int_equal(gr_game_sanity(g, &err), GR_OK);
    gr_game_free(g);
    gr_scenario_free(sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shipped_scenarios_load),
        cmocka_unit_test(test_scenario_errors),
        cmocka_unit_test(test_tables_errors),
        cmocka_unit_test(test_slice_map_features),
        cmocka_unit_test(test_setup_refuses_bad_stacks),
    };
    return cmocka_run_group_tests_name("jdg_load", tests, NULL, NULL);
}
