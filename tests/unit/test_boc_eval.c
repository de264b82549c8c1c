/* test_boc_eval.c — the BoC evaluation (evaluate.c) that greedy and mcts
 * use: victory points from the positions (not yet the snapshot), command
 * of a block by its HQ, the shared terms zero-sum and each player's own
 * engagement on top, the overstack loss foreseen; with GR_EVAL_LOOKAHEAD
 * (mcts) the activated HQs' step losses and the fire to come; with
 * GR_EVAL_THREATS (mcts) the blocks outnumbered next to the enemy, the
 * melees to come and the CSA's push for VP hexes.  Day 1 thresholds
 * +10 / -1: one 32nd of a VP is 1200 / (32 x 11) = 3.41 points. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "testutil.h"

enum { USA = 0, CSA = 1 };

static void setup(gr_game *g, const char *line)
{
    gr_error err;
    if (gr_game_setup(g, line, &err) != GR_OK)
        fail_msg("setup '%s': %s", line, err.msg);
}

static gr_game *day1(gr_scenario *sc)
{
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, 1, NULL, NULL, NULL, &g, NULL), GR_OK);
    return g;
}

/* boc:R9.1-a boc:R9.1-e: a CSA HQ moved onto Cemetery Hill (J6) holds it
 * (4 VP) and, with nobody else near, touches I6 (town, 1) and J5 (East
 * Cemetery Hill, 2): 7 VP = 224 32nds = 763.6 points at once, before any
 * control snapshot (an HQ adds no command, approach or engagement term of
 * its own). */
static void test_vp_hexes_count_at_once(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("boc-day1");
    gr_game *g = day1(sc);
    int32_t e0 = gr_game_evaluate(g, CSA);
    setup(g, "unit c.heth at J6");
    int32_t d = gr_game_evaluate(g, CSA) - e0;
    assert_true(d >= 762 && d <= 765); /* each value is truncated: +-1 */
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* The shared terms are zero-sum; each player adds his own engagement.  At
 * the start of Day 1 no CSA block is on the map, so each of the five USA
 * blocks that are not HQs (Gamble, Calef, Devin, Cutler, Meredith) is as
 * far from the enemy as the term counts, 12 hexes: the USA's engagement
 * is 5 x 12 x 2 = 120 32nds = 409.1 points below the CSA's loss; the CSA,
 * with no block on the map, has none. */
static void test_engagement_is_each_players_own(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("boc-day1");
    gr_game *g = day1(sc);
    int32_t sum = gr_game_evaluate(g, USA) + gr_game_evaluate(g, CSA);
    assert_true(sum >= -411 && sum <= -408); /* two truncated values */
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* boc:R4.5-a: Archer (full strength) next to his division HQ Heth (Command
 * Range 2) is worth 4 32nds more than with Heth far away: 13.6 points. */
static void test_command_counts(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("boc-day1");
    gr_game *near = day1(sc), *far = day1(sc);
    setup(near, "unit c.archer at A14");
    setup(near, "unit c.heth at B14");
    setup(far, "unit c.archer at A14");
    setup(far, "unit c.heth at V1");
    int32_t d = gr_game_evaluate(near, CSA) - gr_game_evaluate(far, CSA);
    assert_true(d >= 12 && d <= 15); /* each value is truncated: +-1 */
    gr_game_free(near);
    gr_game_free(far);
    gr_scenario_free(sc);
}

/* boc:R6.2-d boc:R2.2-l: Little Round Top (R7) stacks 2 (R2.2-l); a third
 * USA block moved there from its start will be eliminated at the end of
 * the phase (R6.2-d), so the USA's evaluation falls although the block
 * came nearer the VP hexes; with two there it does not fall. */
static void test_overstack_counts_as_loss(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("boc-day1");
    gr_game *two = day1(sc), *three = day1(sc);
    setup(two, "unit u.gamble at R7");
    setup(two, "unit u.devin at R7");
    setup(three, "unit u.gamble at R7");
    setup(three, "unit u.devin at R7");
    setup(three, "unit u.cutler at R7");
    assert_true(gr_game_evaluate(three, USA) < gr_game_evaluate(two, USA));
    gr_game *one = day1(sc);
    setup(one, "unit u.gamble at R7");
    assert_true(gr_game_evaluate(two, USA) >= gr_game_evaluate(one, USA) - 2);
    gr_game_free(one);
    gr_game_free(two);
    gr_game_free(three);
    gr_scenario_free(sc);
}

/* Testbed (clear 10 x 10, thresholds +1 / -1): one 32nd of a VP is
 * 1200 / 64 = 18.75 points.  The USA's Command Phase with u.hq (DHQ of
 * I/1, range 2) at C5 and u.a (I/1, B2, 4 steps) at E5, two hexes away
 * (command.case); c.x, if given, at F5 next to u.a. */
static gr_game *testbed_command(gr_scenario *sc, const char *enemy)
{
    gr_game *g = day1(sc);
    setup(g, "phase command active=usa");
    setup(g, "unit u.hq at C5");
    setup(g, "unit u.a at E5");
    if (enemy)
        setup(g, enemy);
    setup(g, "control");
    return g;
}

static int32_t usa_ahead(const gr_game *g)
{
    return gr_game_evaluate_with(g, USA, GR_EVAL_LOOKAHEAD);
}

/* boc:R4.3-e: an HQ activated in the Command Phase will lose a step when
 * the Melee Phase ends; with GR_EVAL_LOOKAHEAD the loss counts at once, at
 * half a step's 16 32nds (a DHQ can be resupplied, R8.2-c): 8 32nds = 150
 * points for the USA, the same for the CSA the other way,
 * and without it (greedy's one ply) nothing changes.  No enemy is in
 * range of u.a, so no fire is to come (boc:R4.3-d: activation is what
 * costs). */
static void test_activation_step_foreseen(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("boc-testbed");
    gr_game *g = testbed_command(sc, NULL);
    int32_t ahead = usa_ahead(g), plain = gr_game_evaluate(g, USA);
    int32_t csa = gr_game_evaluate_with(g, CSA, GR_EVAL_LOOKAHEAD);
    gr_error err;
    assert_int_equal(tu_apply(g, "activate by=usa hq=u.hq", &err), GR_OK);
    assert_true(usa_ahead(g) - ahead >= -151 && usa_ahead(g) - ahead <= -149);
    int32_t dc = gr_game_evaluate_with(g, CSA, GR_EVAL_LOOKAHEAD) - csa;
    assert_true(dc >= 149 && dc <= 151);
    assert_int_equal(gr_game_evaluate(g, USA), plain);
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* boc:R5.1-b boc:RA4-b: with the enemy c.x next to u.a, activating u.hq
 * puts u.a under command (range 2): its fire to come, 4 dice hitting on
 * 1-2 (B2 across a clear hexside), is 4 x 2 / 6 hits = 16 x 8 / 6 = 21
 * 32nds (393.75 points), less the HQ's coming step (150): +243.75.  Once u.a has
 * fired (boc:R5.1-g) the fire is no longer to come. */
static void test_fire_to_come(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("boc-testbed");
    gr_game *g = testbed_command(sc, "unit c.x at F5");
    int32_t before = usa_ahead(g);
    gr_error err;
    assert_int_equal(tu_apply(g, "activate by=usa hq=u.hq", &err), GR_OK);
    int32_t d = usa_ahead(g) - before;
    assert_true(d >= 242 && d <= 245); /* each value is truncated: +-1 */
    assert_int_equal(tu_apply(g, "end-command by=usa", &err), GR_OK);
    int32_t fire_phase = usa_ahead(g);
    assert_true(fire_phase - before >= 242 && fire_phase - before <= 245);
    setup(g, "unit u.a at E5 str=4 fired cmd");
    int32_t fired = usa_ahead(g);
    assert_true(fire_phase - fired >= 392 && fire_phase - fired <= 395);
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* What GR_EVAL_THREATS adds to player p's evaluation of g. */
static int32_t threat_term(const gr_game *g, int p)
{
    return gr_game_evaluate_with(g, p, GR_EVAL_THREATS) - gr_game_evaluate(g, p);
}

/* A testbed game with each of the four lines that is not NULL set up. */
static gr_game *testbed_with(gr_scenario *sc, const char *const lines[4])
{
    gr_game *g = day1(sc);
    for (int i = 0; i < 4; i++)
        if (lines[i])
            setup(g, lines[i]);
    return g;
}

/* Block counts are public (RA3-d), so the threat term reads them: u.a
 * alone at E5 facing c.x and c.y stacked at F5 is one block
 * short (2 enemy blocks adjacent, 1 of its own in and around E5): the CSA
 * scores 8 32nds = 150 points for it, and the USA nothing (each player
 * counts only the enemy's); facing c.x alone u.a is not short (nor is c.x,
 * 1 against 1), and with u.b beside it in E5 the pair is not short of the
 * stack either.  Without the flag nothing changes. */
static void test_outnumbered_block_threatened(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("boc-testbed");
    const char *lone[4] = {"unit u.a at E5", "unit c.x at F5", "unit c.y at F5", NULL};
    const char *even[4] = {"unit u.a at E5", "unit c.x at F5", NULL, NULL};
    const char *pair[4] = {"unit u.a at E5", "unit c.x at F5", "unit c.y at F5",
                           "unit u.b at E5"};
    gr_game *g1 = testbed_with(sc, lone), *g2 = testbed_with(sc, even);
    gr_game *g3 = testbed_with(sc, pair);
    int32_t d = threat_term(g1, CSA) - threat_term(g2, CSA);
    assert_true(d >= 149 && d <= 151); /* each value is truncated: +-1 */
    for (int p = USA; p <= CSA; p++) {
        assert_true(threat_term(g2, p) >= -1 && threat_term(g2, p) <= 1);
        assert_true(threat_term(g3, p) >= -1 && threat_term(g3, p) <= 1);
    }
    assert_true(threat_term(g1, USA) >= -1 && threat_term(g1, USA) <= 1);
    gr_game_free(g1);
    gr_game_free(g2);
    gr_game_free(g3);
    gr_scenario_free(sc);
}

/* The USA's Movement Phase on the testbed: u.a (B2) at E5 under command
 * and c.x (B2) at F5, each with the given words (strength, face-up).
 * Clear hexsides: no melee penalty.  With `down`, u.b far away at A1 has
 * lost 2 of its 4 steps, so that the evaluation (+225 points for the USA
 * without it) stays off its clamp at +-950. */
static gr_game *testbed_melee(gr_scenario *sc, const char *ua, const char *cx, int down)
{
    char a[64], x[64];
    snprintf(a, sizeof a, "unit u.a at E5 cmd %s", ua);
    snprintf(x, sizeof x, "unit c.x at F5 %s", cx);
    const char *lines[4] = {"phase movement active=usa", a, x,
                            down ? "unit u.b at A1 str=2 start=4" : NULL};
    return testbed_with(sc, lines);
}

/* The melee to come (GR_EVAL_THREATS), worked by hand in sixths of a step
 * (a die hits on 1-2 at firepower 2: str x 2 sixths a round).  u.a (4
 * steps, 24 sixths) against c.x face-up at 1 step (6): Round 1, c.x
 * strikes first, 2 x 6 / 6 = 2, u.a keeps 22; u.a strikes 8 x 22 / 24 =
 * 7, c.x is gone.  16 x (6 - 2) / 6 = 10, and 32 for the block gone: 42
 * 32nds.  Not declared it counts half, 21 (393.75 points); declared, all
 * of it (787.5).  Only the active player counts it: the CSA's evaluation
 * has nothing.  c.x face-down is guessed a 2-step block whatever its
 * strength (12 sixths): c.x strikes 4 (u.a keeps 20), u.a 8 x 20 / 24 =
 * 6 (6 left); Round 2, c.x 4 x 6 / 12 = 2 (18 left), u.a 8 x 18 / 24 = 6:
 * gone.  16 x (12 - 6) / 6 = 16, +32: 48, half 24 (450 points). */
static void test_melee_to_come(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("boc-testbed");
    gr_game *g = testbed_melee(sc, "str=4", "str=1 revealed", 1);
    int32_t d = threat_term(g, USA);
    assert_true(d >= 392 && d <= 395); /* each value is truncated: +-1 */
    assert_true(threat_term(g, CSA) >= -1 && threat_term(g, CSA) <= 1);
    gr_game *weak = testbed_melee(sc, "str=4", "str=1", 1);
    gr_game *strong = testbed_melee(sc, "str=4", "str=4", 1);
    assert_true(threat_term(weak, USA) >= 449 && threat_term(weak, USA) <= 451);
    assert_int_equal(threat_term(strong, USA), threat_term(weak, USA)); /* public only */
    gr_error err;
    assert_int_equal(tu_apply(g, "attack by=usa unit=u.a target=F5", &err), GR_OK);
    d = threat_term(g, USA);
    assert_true(d >= 786 && d <= 789);
    gr_game_free(g);
    gr_game_free(weak);
    gr_game_free(strong);
    gr_scenario_free(sc);
}

/* A losing melee is worth nothing while it is only open, and its loss
 * once declared: u.a at 1 step (6 sixths) against c.x face-up at 4 (24):
 * c.x strikes 8 x 24 / 24 = 8 sixths first and u.a is gone before it
 * rolls: 16 x (0 - 6) / 6 = -16, and -32 for the block: -48 32nds, -900
 * points for the USA. */
static void test_losing_melee(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("boc-testbed");
    gr_game *g = testbed_melee(sc, "str=1 revealed", "str=4 revealed", 0);
    assert_true(threat_term(g, USA) >= -1 && threat_term(g, USA) <= 1);
    gr_error err;
    assert_int_equal(tu_apply(g, "attack by=usa unit=u.a target=F5", &err), GR_OK);
    assert_true(threat_term(g, USA) >= -901 && threat_term(g, USA) <= -899);
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* The CSA's push for the VP hexes it does not hold (GR_EVAL_THREATS, the
 * CSA's own term): Archer and Davis at B9 are 5 hexes down column 9 from
 * the Seminary (G9), the nearest VP hex of Day 1 they do not hold.  At
 * 08:00 with no VP the push is off; in the day's last 3 Game Turns (17:00
 * of 08:00-19:00) each costs 2 a hex: 2 x 2 x 5 = 20 32nds = 68.2 points;
 * earlier, with Heth on Cemetery Hill (J6: 7 VP, above the draw band's
 * middle of 4.5), 1 a hex: 10 32nds = 34.1 points (an HQ is not pushed).
 * The USA pushes only for the VP hexes the CSA holds, only in the last
 * turns: none at first; at 17:00 Cutler, its one block but HQs left on
 * the map, at N6, is 4 hexes down column 6 from Cemetery Hill (J6, held
 * by Heth; East Cemetery Hill and the town hex I6 are no nearer):
 * 2 x 4 = 8 32nds = 27.3 points. */
static void test_vp_push(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("boc-day1");
    gr_game *g = day1(sc);
    setup(g, "unit c.archer at B9");
    setup(g, "unit c.davis at B9");
    assert_true(threat_term(g, CSA) >= -1 && threat_term(g, CSA) <= 1);
    int32_t usa = threat_term(g, USA);
    setup(g, "hour 17");
    assert_true(threat_term(g, CSA) >= -69 && threat_term(g, CSA) <= -67);
    assert_int_equal(threat_term(g, USA), usa);
    setup(g, "hour 16");
    setup(g, "unit c.heth at J6");
    assert_true(threat_term(g, CSA) >= -35 && threat_term(g, CSA) <= -33);
    const char *usa_off[] = {"unit u.gamble out", "unit u.calef out", "unit u.devin out",
                             "unit u.meredith out", "unit u.cutler at N6", "hour 17"};
    for (int i = 0; i < 6; i++)
        setup(g, usa_off[i]);
    assert_true(threat_term(g, USA) >= -28 && threat_term(g, USA) <= -26);
    gr_game_free(g);
    gr_scenario_free(sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vp_hexes_count_at_once),
        cmocka_unit_test(test_engagement_is_each_players_own),
        cmocka_unit_test(test_command_counts),
        cmocka_unit_test(test_overstack_counts_as_loss),
        cmocka_unit_test(test_activation_step_foreseen),
        cmocka_unit_test(test_fire_to_come),
        cmocka_unit_test(test_outnumbered_block_threatened),
        cmocka_unit_test(test_melee_to_come),
        cmocka_unit_test(test_losing_melee),
        cmocka_unit_test(test_vp_push),
    };
    return cmocka_run_group_tests_name("boc_eval", tests, NULL, NULL);
}
