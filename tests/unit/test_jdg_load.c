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
    const char *ids[] = {"jdg-testbed", "jdg-slice"};
    for (int i = 0; i < 2; i++) {
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
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shipped_scenarios_load),
        cmocka_unit_test(test_scenario_errors),
        cmocka_unit_test(test_tables_errors),
    };
    return cmocka_run_group_tests_name("jdg_load", tests, NULL, NULL);
}
