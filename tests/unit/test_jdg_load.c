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

#include "host/files.h"
#include "testutil.h"

/* A read callback over the repository's data/ that replaces the first
 * occurrence of `from` by `to` in file `file`. */
typedef struct patch {
    char root[1024];
    const char *file, *from, *to;
} patch;

static int patched_read(void *ctx, const char *path, char **buf, size_t *len, char *why,
                        size_t why_size)
{
    patch *p = ctx;
    if (gr_host_read(p->root, path, buf, len, why, why_size) != 0)
        return -1;
    if (!p->file || strcmp(path, p->file) != 0)
        return 0;
    char *at = strstr(*buf, p->from);
    if (!at)
        return snprintf(why, why_size, "patch text not found"), -1;
    size_t nf = strlen(p->from), nt = strlen(p->to), head = (size_t)(at - *buf);
    char *out = malloc(*len - nf + nt + 1);
    if (!out)
        return -1;
    memcpy(out, *buf, head);
    memcpy(out + head, p->to, nt);
    memcpy(out + head + nt, at + nf, *len - head - nf);
    *len = *len - nf + nt;
    out[*len] = '\0';
    free(*buf);
    *buf = out;
    return 0;
}

static gr_status load_patched(const char *file, const char *from, const char *to, gr_error *err)
{
    patch p = {.file = file, .from = from, .to = to};
    tu_path(p.root, sizeof p.root, "data");
    gr_scenario *sc = NULL;
    gr_status st = gr_scenario_load("jdg-testbed", patched_read, &p, &sc, err);
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
