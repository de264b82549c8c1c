/* test_vf_cands.c — the computer opponent's fire and support positions
 * (src/rules/vf/legal.c, docs/vf.md "Computer opponent") on the drill
 * table: the candidates `legal` lists where the generators' geometry says
 * they stand.  Agent behaviour, not rules: no rule tags (the keep-away
 * distance and the move distances that decide the expected positions are
 * the spec's, 6.3.1 and 6.3.2-a). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "grognard.h"
#include "testutil.h"

/* A game of the drill table with brigade a1 activated and `lines` set up. */
static gr_game *drill_game(gr_scenario **sc, const char *const *lines)
{
    *sc = tu_load("vf-drill");
    assert_non_null(*sc);
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(*sc, 1, NULL, NULL, NULL, &g, NULL), GR_OK);
    assert_int_equal(gr_game_setup(g, "activate a1", NULL), GR_OK);
    for (int i = 0; lines[i]; i++)
        assert_int_equal(gr_game_setup(g, lines[i], NULL), GR_OK);
    return g;
}

/* Non-zero when side a's candidates include an action whose text starts
 * with `want`. */
static int listed(gr_game *g, const char *want)
{
    static gr_action cand[1024];
    int n = gr_game_legal(g, 0, cand, 1024);
    assert_true(n > 0 && n <= 1024);
    for (int i = 0; i < n; i++) {
        char line[256];
        gr_action_format(g, &cand[i], line, sizeof line);
        if (strncmp(line, want, strlen(want)) == 0)
            return 1;
    }
    return 0;
}

/* With `lines` set up, side a's candidates include `yes1` and `yes2` and
 * not `no`. */
static void expect_listed(const char *const *lines, const char *yes1, const char *yes2,
                          const char *no)
{
    gr_scenario *sc;
    gr_game *g = drill_game(&sc, lines);
    assert_true(listed(g, yes1));
    assert_true(listed(g, yes2));
    assert_false(listed(g, no));
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* An attack column (12" move, 6.3.1) 14" from an enemy line straight
 * ahead, beyond its 12" range: the full move would end 2" away (refused,
 * 6.3.2-a: at least 3"), so the longest eighth of the move that is legal
 * is 10.5" (3.5" away, in range and in sight), which no other generator
 * offers (the move towards the enemy takes quarters: 9"). */
static void test_fire_position(void **state)
{
    (void)state;
    static const char *const lines[] = {"unit i1 x=20.00 y=10.00 facing=0.00 files=6",
                                        "unit e1 x=20.00 y=24.00 facing=180.00 files=9",
                                        NULL};
    expect_listed(lines, "move by=a unit=i1 x=20.00 y=20.50 facing=0.00",
                  "move by=a unit=i1 x=20.00 y=19.00 facing=0.00", /* 3/4 of the move */
                  "move by=a unit=i1 x=20.00 y=22.00 facing=0.00");
}

/* i1 (attack column, 6 files, 3 ranks) 10" from an enemy line; i2 of its
 * brigade 5" away: i2 is offered 1" behind i1's rear (front at y 18 - 3
 * - 1 = 14) and 1" beside its right flank (x 20 + (6 + 6) / 2 + 1 = 27,
 * fronts level at y 18); the left one (x 13) is 16.1" away, beyond i2's
 * 12" move. */
static void test_support_positions(void **state)
{
    (void)state;
    static const char *const lines[] = {"unit i1 x=20.00 y=18.00 facing=0.00 files=6",
                                        "unit i2 x=27.00 y=10.00 facing=0.00 files=6",
                                        "unit e1 x=20.00 y=28.00 facing=180.00 files=9",
                                        NULL};
    expect_listed(lines, "move by=a unit=i2 x=20.00 y=14.00 facing=0.00",
                  "move by=a unit=i2 x=27.00 y=18.00 facing=0.00",
                  "move by=a unit=i2 x=13.00 y=18.00 facing=0.00");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fire_position),
        cmocka_unit_test(test_support_positions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
