/* test_vf_table.c — the V&F table top for front ends (docs/queries.md, "The
 * V&F table top"): the `board` answer gives the table, the terrain pieces
 * and the objectives of "The Mill Farm" as its scenario file places them,
 * and `units` every figure's base where the unit's layout puts it
 * (vf:1.2-a: figures in ranks and files behind the front edge; the
 * spec's 1" bases), on a player's view. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "testutil.h"

static char answer[1 << 18];

static const char *ask(const gr_game *g, const char *what)
{
    gr_error err = {{0}, {0}};
    if (gr_game_query(g, what, answer, sizeof answer, &err) != GR_OK)
        fail_msg("%s: %s", what, err.msg);
    return answer;
}

/* The line of `answer` that starts with `head`, copied into line. */
static void line_of(const char *text, const char *head, char *line, size_t size)
{
    for (const char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL)
        if (strncmp(l, head, strlen(head)) == 0) {
            snprintf(line, size, "%.*s", (int)strcspn(l, "\n"), l);
            return;
        }
    fail_msg("no line '%s' in:\n%s", head, text);
}

/* The Mill Farm: a 72" x 48" table; the French wood from (54, 30) to (64,
 * 38), so 10" by 8" about (59, 34); the mill farm objective at (36, 24). */
static void test_board_is_the_table(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("vf-mill-farm");
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, 1, NULL, NULL, NULL, &g, NULL), GR_OK);
    gr_game *view = gr_game_view(g, 0);
    char line[256];
    const char *board = ask(view, "board");
    assert_int_equal(strncmp(board, "table w=7200 d=4800 arc=45\n", 27), 0);
    line_of(board, "terrain=french-wood ", line, sizeof line);
    assert_string_equal(line, "terrain=french-wood kind=wood x=5900 y=3400 w=1000 d=800 facing=0");
    line_of(board, "objective=mill-farm ", line, sizeof line);
    assert_string_equal(line, "objective=mill-farm x=3600 y=2400 controller=none");
    gr_game_free(view);
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* br-1st: 30 figures in 15 files facing 0 with its front edge centred on
 * (19.5, 8): the front rank's bases are centred 0.5" behind it, at y 7.5,
 * from x 12.5 to 26.5 left to right; the second rank at y 6.5.  fr-1er: 30
 * figures in 6 files facing 180 from (13, 40): its left is +x, so its first
 * base is at (15.5, 40.5), its 30th (5th rank, right file) at (10.5, 44.5). */
static void test_units_are_their_bases(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("vf-mill-farm");
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, 1, NULL, NULL, NULL, &g, NULL), GR_OK);
    gr_game *view = gr_game_view(g, 1);
    char line[8192];
    const char *units = ask(view, "units");
    line_of(units, "unit=br-1st ", line, sizeof line);
    assert_non_null(strstr(line, " side=a sym=I x=1950 y=800 facing=0 figures=30 "));
    assert_non_null(strstr(line, " cells=1250,750,100,100,0;1350,750,100,100,0;"));
    assert_non_null(strstr(line, ";2650,750,100,100,0;1250,650,100,100,0;"));
    line_of(units, "unit=fr-1er ", line, sizeof line);
    assert_non_null(strstr(line, " side=b sym=I x=1300 y=4000 facing=1800 figures=30 "));
    assert_non_null(strstr(line, " cells=1550,4050,100,100,1800;1450,4050,100,100,1800;"));
    size_t n = strlen(line);
    const char *last = "1050,4450,100,100,1800";
    assert_string_equal(line + n - strlen(last), last);
    int cells = 1;
    for (const char *c = strstr(line, "cells="); *c; c++)
        cells += *c == ';';
    assert_int_equal(cells, 30);
    gr_game_free(view);
    gr_game_free(g);
    gr_scenario_free(sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_board_is_the_table),
        cmocka_unit_test(test_units_are_their_bases),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
