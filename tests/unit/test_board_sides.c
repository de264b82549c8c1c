/* test_board_sides.c — the hexside features of the `board` answer
 * (docs/queries.md: side=A,B kind=K,...), the browser's roads, streams and
 * slopes, as the scenarios' data place them: BoC Day 1's Chambersburg Pike
 * runs G6-G7-G8 (data/boc/map.json, a main road: "pike"), the Carlisle Road
 * G6-F6 (secondary: "road"), none G7-H7; Saalfeld's road
 * from the north edge runs 1101-1102-1103 and its Graefenthal road
 * 0522-0422 (data/scenarios/jdg-saalfeld.json); every side line names two
 * hexes of the map once, A before B in map order. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "testutil.h"

static char text[1 << 20];

static const char *board_of(const char *id)
{
    gr_scenario *sc = tu_load(id);
    gr_game *g = NULL;
    assert_non_null(sc);
    assert_int_equal(gr_game_new(sc, 1, NULL, NULL, NULL, &g, NULL), GR_OK);
    gr_game *v = gr_game_view(g, 0);
    assert_int_equal(gr_game_query(v, "board", text, sizeof text, NULL), GR_OK);
    gr_game_free(v);
    gr_game_free(g);
    gr_scenario_free(sc);
    return text;
}

/* The kind list of side a,b (either order), or NULL. */
static const char *kind_of(const char *board, const char *a, const char *b)
{
    static char kind[128];
    char want[2][48];
    snprintf(want[0], sizeof want[0], "\nside=%s,%s kind=", a, b);
    snprintf(want[1], sizeof want[1], "\nside=%s,%s kind=", b, a);
    for (int k = 0; k < 2; k++) {
        const char *at = strstr(board, want[k]);
        if (at) {
            at += strlen(want[k]);
            snprintf(kind, sizeof kind, "%.*s", (int)strcspn(at, "\n"), at);
            return kind;
        }
    }
    return NULL;
}

static void test_boc_pike(void **state)
{
    (void)state;
    const char *b = board_of("boc-day1");
    assert_non_null(kind_of(b, "G6", "G7"));
    assert_non_null(strstr(kind_of(b, "G6", "G7"), "pike"));
    assert_non_null(strstr(kind_of(b, "G7", "G8"), "pike"));
    const char *k = kind_of(b, "G6", "F6"); /* the Carlisle Road, a secondary road */
    assert_non_null(k);
    assert_non_null(strstr(k, "road"));
    assert_null(strstr(k, "pike"));
    k = kind_of(b, "G7", "H7"); /* no road joins them */
    assert_true(k == NULL || (!strstr(k, "pike") && !strstr(k, "road")));
}

static void test_jdg_roads(void **state)
{
    (void)state;
    const char *b = board_of("jdg-saalfeld");
    assert_non_null(strstr(kind_of(b, "1101", "1102"), "road"));
    assert_non_null(strstr(kind_of(b, "1102", "1103"), "road"));
    assert_non_null(strstr(kind_of(b, "0522", "0422"), "road"));
}

/* Savannah: every side named once, and some streams and works (the
 * defence perimeter's redoubts) among them. */
static void test_arw_sides_once(void **state)
{
    (void)state;
    const char *b = board_of("savannah-historical");
    int n = 0, streams = 0, works = 0;
    for (const char *l = strstr(b, "\nside="); l; l = strstr(l + 1, "\nside=")) {
        char pair[40];
        snprintf(pair, sizeof pair, "%.*s", (int)strcspn(l + 1, " "), l + 1);
        assert_ptr_equal(strstr(b, pair), l + 1); /* its first mention */
        streams += strncmp(strstr(l, "kind="), "kind=stream", 11) == 0;
        works += strstr(l, "redoubt") && strstr(l, "redoubt") < strchr(l + 1, '\n');
        n++;
    }
    assert_true(n > 0 && streams > 0 && works > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_boc_pike),
        cmocka_unit_test(test_jdg_roads),
        cmocka_unit_test(test_arw_sides_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
