/* test_jdg_eval.c — the JdG static evaluation (turn/evaluate.c), worked by
 * hand on the testbed: VP difference, disordered units, demoralised
 * formations, threats on the VP hexes, scaled by twice the decisive margin
 * (5: 160 sixteenths of a VP are 1000); the same value on a view as on the
 * real game; what an order is worth. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "testutil.h"

static void setup_ok(gr_game *g, const char *line)
{
    gr_error err = {{0}, {0}};
    if (gr_game_setup(g, line, &err) != GR_OK)
        fail_msg("setup '%s': %s", line, err.msg);
}

/* Every unit on the map at the start taken off, so that each term can be
 * worked alone.  Distances on the testbed (columns shifted: even printed
 * columns down): 0305-0505 2, 0405-0505 1, 0605-0505 1, 0305-0806 5,
 * 0405-0806 4, 0505-0806 3. */
static const char *const OFF[] = {"fa-i1", "fa-i2", "fa-i3", "fb-c1",
                                  "fb-a1", "aa-i1", "aa-i2", "ab-c1"};

/* A testbed game (dice seed 1) with every unit of OFF off the map. */
static gr_game *bare_testbed(const gr_scenario *sc)
{
    gr_game *g = NULL;
    char line[64];
    assert_int_equal(gr_game_new(sc, 1, NULL, NULL, NULL, &g, NULL), GR_OK);
    for (size_t i = 0; i < sizeof OFF / sizeof OFF[0]; i++) {
        snprintf(line, sizeof line, "unit %s off", OFF[i]);
        setup_ok(g, line);
    }
    return g;
}

static void test_terms(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("jdg-testbed");
    assert_non_null(sc);
    gr_game *g = bare_testbed(sc);
    /* 0806 is Allied at the start (1 VP to them), 0505 nobody's: French 0,
     * Allied 1: -16 sixteenths, 1000 x -16 / 160 = -100 */
    assert_int_equal(gr_game_evaluate(g, 0), -100);
    assert_int_equal(gr_game_evaluate(g, 1), 100);
    /* an Allied unit disordered, 1 hex from 0505 (nobody's): +8 for the
     * disorder, and an Allied threat of 10 - 1 = 9 on 0505 (cap 8 x 2 = 16):
     * -16 + 8 - 9 = -17, -17000 / 160 = -106 */
    setup_ok(g, "unit aa-i1 at 0605 facing 3 status disordered");
    assert_int_equal(gr_game_evaluate(g, 0), -106);
    /* formation aa demoralised: +24: 7, 7000 / 160 = 43 */
    setup_ok(g, "demoralised aa");
    assert_int_equal(gr_game_evaluate(g, 0), 43);
    /* a French unit 2 hexes from 0505 and 5 from 0806: French threats 8
     * and 5: 20, 20000 / 160 = 125 */
    setup_ok(g, "unit fa-i1 at 0305 facing 0");
    assert_int_equal(gr_game_evaluate(g, 0), 125);
    /* a second, 1 from 0505 and 4 from 0806: 0505 8 + 9 = 17, capped at 16;
     * 0806 5 + 6 = 11 (cap 8 x (3 + 1) = 32): 34, 34000 / 160 = 212 */
    setup_ok(g, "unit fa-i2 at 0405 facing 0");
    assert_int_equal(gr_game_evaluate(g, 0), 212);
    /* routed, it threatens nothing and is 1 VP to the Allies: threats 8 and
     * 5 again: -16 - 16 + 8 + 24 - 9 + 13 = 4, 4000 / 160 = 25 */
    setup_ok(g, "unit fa-i2 at 0405 facing 0 status routed");
    assert_int_equal(gr_game_evaluate(g, 0), 25);
    /* fa-i1 in 0505: the French control it from the next action on (2 VP,
     * +32); no French threat on it any more, the Allied one is still 9 (cap
     * now 8 x (2 + 2)); fa-i1 is 3 from 0806: 7.  -16 + 32 - 16 + 8 + 24 + 7
     * - 9 = 30, 30000 / 160 = 187 */
    setup_ok(g, "unit fa-i1 at 0505 facing 0");
    gr_error err = {{0}, {0}};
    assert_int_equal(tu_apply(g, "orders by=french", &err), GR_OK);
    assert_int_equal(gr_game_evaluate(g, 0), 187);
    /* a view (orders hidden, dice replaced) evaluates alike */
    gr_game *v = gr_game_view(g, 1);
    assert_int_equal(gr_game_evaluate(v, 1), -187);
    gr_game_free(v);
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* The testbed's opening Phase A with the French orders `orders`, the Allies
 * giving none; the French evaluation once both have committed. */
static int32_t after_orders(const gr_scenario *sc, const char *orders, int32_t *allied_view)
{
    gr_game *g = NULL;
    gr_error err = {{0}, {0}};
    assert_int_equal(gr_game_new(sc, 1, NULL, NULL, NULL, &g, NULL), GR_OK);
    assert_int_equal(tu_apply(g, orders, &err), GR_OK);
    if (allied_view) { /* the French orders given, face down to the Allies */
        gr_game *v = gr_game_view(g, 1);
        *allied_view = -gr_game_evaluate(v, 1);
        gr_game_free(v);
    }
    assert_int_equal(tu_apply(g, "orders by=allied", &err), GR_OK);
    int32_t v = gr_game_evaluate(g, 0);
    gr_game_free(g);
    return v;
}

/* 3 sixteenths of a VP per infantry or cavalry unit of an ORDERED group
 * [R2.3.2-a, R2.4.1]: group fa-i1 is three infantry (9 sixteenths, 1000 x 9
 * / 160 = 56.25), group fb-c1 a cavalry unit and a battery (3: 18.75); the
 * scaling truncates, so each adds 56 or 57 and 18 or 19 to the value with no
 * orders.  To the Allies the French orders are still face down
 * [R2.3.2-c]: their view counts them as NO_ORDERS. */
static void test_orders(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("jdg-testbed");
    assert_non_null(sc);
    int32_t seen = 0;
    int32_t none = after_orders(sc, "orders by=french", NULL);
    int32_t inf = after_orders(sc, "orders by=french g1=fa-i1", &seen);
    int32_t cav = after_orders(sc, "orders by=french g1=fb-c1", NULL);
    assert_true(inf - none == 56 || inf - none == 57);
    assert_true(cav - none == 18 || cav - none == 19);
    assert_int_equal(seen, none);
    gr_scenario_free(sc);
}

/* GR_EVAL_LOOKAHEAD: fa-i1 (6 SP, cohesion 6) next to 0806 (3 VP to the
 * French, 1 to the Allies, Allied) held by aa-i1 (6 SP, cohesion 6): 1:1,
 * DRM 0, cohesion differential 0 [R8.6.1, R8.6.2]; on T6 the defender
 * retreats at modified rolls 6..9, 4 of the 10 rolls 0..9 [R8.7.1-a]:
 * 6 x (3 + 1) x 4 / 10 = 9 sixteenths, 9000 / 160 = 56.25 (55 to 57 after the
 * scale truncating toward zero both totals), with the hex in a front hex only; none
 * disordered, none without the flag. */
static void test_lookahead(void **state)
{
    (void)state;
    char line[64];
    int front = 0;
    gr_scenario *sc = tu_load("jdg-testbed");
    assert_non_null(sc);
    gr_game *g = bare_testbed(sc);
    setup_ok(g, "unit aa-i1 at 0806 facing 3");
    for (int f = 0; f < 6; f++) {
        snprintf(line, sizeof line, "unit fa-i1 at 0706 facing %d", f);
        setup_ok(g, line);
        int32_t d = gr_game_evaluate_with(g, 0, GR_EVAL_LOOKAHEAD) - gr_game_evaluate(g, 0);
        if (!(d == 0 || (d >= 55 && d <= 57)))
            fail_msg("facing %d: %d", f, (int)d); /* also checks R8.6.1 R8.6.2 */
        front += d != 0;
        assert_int_equal(gr_game_evaluate_with(g, 1, GR_EVAL_LOOKAHEAD),
                         -gr_game_evaluate_with(g, 0, GR_EVAL_LOOKAHEAD));
    }
    assert_int_equal(front, 2);
    for (int f = 0; f < 6; f++) {
        snprintf(line, sizeof line, "unit fa-i1 at 0706 facing %d status disordered", f);
        setup_ok(g, line);
        assert_int_equal(gr_game_evaluate_with(g, 0, GR_EVAL_LOOKAHEAD), gr_game_evaluate(g, 0));
    }
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* A French infantry unit in good order in 0405, next to 0505 (nobody's, 2
 * VP to either side) and 4 hexes from 0806 (Allied, 1 VP): -16 for 0806,
 * threats 10 - 1 = 9 and 10 - 4 = 6: -1, 1000 x -1 / 160 = -6; 4 more when
 * 0505 is one of its two front hexes, those of directions F and F+1 of its
 * facing vertex F [R6.1.1-a], so that it may shock it [R8.2-a]: 3, 18, for
 * exactly two of the six facings.  Disordered, it may not shock [R8.2-b]:
 * -1 - 8 = -9, -56, whatever its facing. */
static void test_contact(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("jdg-testbed");
    assert_non_null(sc);
    gr_game *g = bare_testbed(sc);
    char line[64];
    int front = 0;
    for (int f = 0; f < 6; f++) {
        snprintf(line, sizeof line, "unit fa-i1 at 0405 facing %d", f);
        setup_ok(g, line);
        int32_t v = gr_game_evaluate(g, 0);
        assert_true(v == -6 || v == 18);
        front += v == 18;
    }
    assert_int_equal(front, 2);
    for (int f = 0; f < 6; f++) {
        snprintf(line, sizeof line, "unit fa-i1 at 0405 facing %d status disordered", f);
        setup_ok(g, line);
        assert_int_equal(gr_game_evaluate(g, 0), -56);
    }
    gr_game_free(g);
    gr_scenario_free(sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_terms),
        cmocka_unit_test(test_orders),
        cmocka_unit_test(test_contact),
        cmocka_unit_test(test_lookahead),
    };
    return cmocka_run_group_tests_name("jdg_eval", tests, NULL, NULL);
}
