/* test_jdg_eval.c — the JdG static evaluation (turn/evaluate.c), worked by
 * hand on the testbed: VP difference, disordered units, demoralised
 * formations, scaled by twice the decisive margin (5: 160 sixteenths of a
 * VP are 1000); the same value on a view as on the real game. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "testutil.h"

static void setup_ok(gr_game *g, const char *line)
{
    gr_error err = {{0}, {0}};
    if (gr_game_setup(g, line, &err) != GR_OK)
        fail_msg("setup '%s': %s", line, err.msg);
}

static void test_terms(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("jdg-testbed");
    assert_non_null(sc);
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, 1, NULL, NULL, NULL, &g, NULL), GR_OK);
    /* 0806 is Allied at the start (1 VP to them), 0505 nobody's: French 0,
     * Allied 1: -16 sixteenths, 1000 x -16 / 160 = -100 */
    assert_int_equal(gr_game_evaluate(g, 0), -100);
    assert_int_equal(gr_game_evaluate(g, 1), 100);
    /* an Allied unit disordered: +8, -8 / 160 = -50 */
    setup_ok(g, "unit aa-i1 at 0803 facing 3 status disordered");
    assert_int_equal(gr_game_evaluate(g, 0), -50);
    /* formation aa demoralised: +24, 16 / 160 = +100 */
    setup_ok(g, "demoralised aa");
    assert_int_equal(gr_game_evaluate(g, 0), 100);
    /* fa-i1 in 0505: the French control it from the next action on (2 VP,
     * +32): 48 / 160 = 300 */
    setup_ok(g, "unit fa-i1 at 0505 facing 0");
    assert_int_equal(gr_game_evaluate(g, 0), 100);
    gr_error err = {{0}, {0}};
    assert_int_equal(tu_apply(g, "orders by=french", &err), GR_OK);
    assert_int_equal(gr_game_evaluate(g, 0), 300);
    /* a view (orders hidden, dice replaced) evaluates alike */
    gr_game *v = gr_game_view(g, 1);
    assert_int_equal(gr_game_evaluate(v, 1), -300);
    gr_game_free(v);
    gr_game_free(g);
    gr_scenario_free(sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_terms),
    };
    return cmocka_run_group_tests_name("jdg_eval", tests, NULL, NULL);
}
