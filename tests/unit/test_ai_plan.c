/*
 * test_ai_plan.c — the mcts agent's macro-action (src/ai/mcts_plan.c,
 * parameter `plan`): on a Savannah movement decision (hundreds of options
 * naming dozens of units) the plan moves each unit at most once, only to
 * one of its best one-ply candidates, and ends with the decision's one
 * unit-less option (end-movement); played out, every step of it is legal
 * and handed out in order, and it is dropped when the game is not where
 * it expects.  gr_action_unit names the unit of an action.  The agent
 * with `plan` plays whole games of the Savannah scenario.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "ai/agent.h"
#include "ai/mcts.h"
#include "ai/mcts_plan.h"
#include "ai/search.h"
#include "testutil.h"
#include "widedec.h"

static double score[AI_LEGAL_CAP];
static mcts_plan plan;

/* The unit of a move is its unit= argument; end-movement names none. */
static void test_action_unit(void **state)
{
    tu_wide *w = *state;
    const gr_action *legal = w->legal;
    gr_action a;
    gr_error err;
    int moves = 0, ends = 0;
    for (int i = 0; i < w->n; i++) {
        char line[256];
        gr_action_format(w->view, &legal[i], line, sizeof line);
        int u = gr_action_unit(w->view, &legal[i]);
        if (strncmp(line, "move ", 5) == 0) {
            assert_int_equal(u, legal[i].arg[0]);
            assert_true(u >= 0);
            moves++;
        } else {
            assert_int_equal(u, -1);
            ends++;
        }
    }
    assert_true(moves > 100);
    assert_int_equal(ends, 1);
    assert_int_equal(gr_action_parse(w->view, "end-movement by=allied", &a, &err), GR_OK);
    assert_int_equal(gr_action_unit(w->view, &a), -1);
    a.kind = 0xffff;
    assert_int_equal(gr_action_unit(w->view, &a), -1);
    assert_int_equal(gr_action_unit(NULL, &legal[0]), -1);
}

/* Number of options of unit u scored better one ply ahead than score s. */
static int better_of_unit(const gr_game *view, const gr_action *legal, int n, int u, double s)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        k += gr_action_unit(view, &legal[i]) == u && score[i] > s;
    return k;
}

static void test_plan_shape(void **state)
{
    tu_wide *w = *state;
    const gr_action *legal = w->legal;
    uint64_t hash = gr_game_hash(w->view);
    gr_rng rng;
    gr_rng_seed(&rng, 7, 0);
    mcts_plan_opts o = {4, 2, GR_EVAL_LOOKAHEAD, 200, 0};
    long it = mcts_plan_build(&plan, w->work, w->probe, w->view, w->player, legal, w->n, score,
                              &o, &rng);
    assert_int_equal(it, 200);
    assert_int_equal(gr_game_hash(w->view), hash); /* the view is not changed */
    assert_true(plan.nunits >= 2);
    assert_true(plan.n >= 1);
    assert_int_equal(gr_action_unit(w->view, &plan.act[plan.n - 1]), -1); /* end-movement */
    for (int i = 0; i < plan.n - 1; i++) {
        int u = gr_action_unit(w->view, &plan.act[i]), at = tu_find_action(legal, w->n, &plan.act[i]);
        assert_true(u >= 0);
        assert_true(at >= 0); /* an option of the decision */
        for (int j = 0; j < i; j++) /* each unit moves once */
            assert_int_not_equal(gr_action_unit(w->view, &plan.act[j]), u);
        /* one of the unit's o.arms - 1 best moves one ply ahead */
        assert_true(better_of_unit(w->view, legal, w->n, u, score[at]) < o.arms - 1);
    }
}

/* Played out on a copy of the game the view came from is not possible (a
 * view cannot be played), so the plan is followed on a determinization of
 * it: each due action is legal there and handed out in order. */
static void test_plan_is_followed_then_dropped(void **state)
{
    tu_wide *w = *state;
    const gr_action *legal = w->legal;
    gr_rng rng;
    gr_rng_seed(&rng, 8, 0);
    mcts_plan_opts o = {3, 1, 0, 100, 0};
    assert_true(mcts_plan_build(&plan, w->work, w->probe, w->view, w->player, legal, w->n,
                                score, &o, &rng) > 0);
    int total = plan.n;
    gr_game *g = NULL;
    assert_int_equal(ai_work_prepare(&g, w->view), GR_OK);
    assert_int_equal(ai_sample(g, w->view, 99), GR_OK);
    static gr_action now[AI_LEGAL_CAP];
    gr_action a, first = plan.act[0];
    for (int k = 0; k < total; k++) {
        int n = gr_game_legal(g, w->player, now, AI_LEGAL_CAP);
        assert_int_equal(mcts_plan_next(&plan, g, w->player, now, n, &a), 1);
        assert_int_equal(gr_game_apply(g, &a, NULL), GR_OK);
    }
    assert_int_equal(mcts_plan_next(&plan, g, w->player, now, 0, &a), 0); /* used up */
    /* A new plan, asked at a step it does not expect: dropped. */
    gr_rng_seed(&rng, 8, 0);
    assert_true(mcts_plan_build(&plan, w->work, w->probe, w->view, w->player, legal, w->n,
                                score, &o, &rng) > 0);
    assert_true(ai_action_equal(&plan.act[0], &first)); /* same seed, same plan */
    int n = gr_game_legal(w->view, w->player, now, AI_LEGAL_CAP);
    plan.due++;
    assert_int_equal(mcts_plan_next(&plan, w->view, w->player, now, n, &a), 0);
    assert_int_equal(plan.n, 0);
    gr_game_free(g);
}

/* A decision whose options name no unit (or one) is not planned. */
static void test_narrow_decisions_not_planned(void **state)
{
    tu_wide *w = *state;
    const gr_action *legal = w->legal;
    gr_rng rng;
    gr_rng_seed(&rng, 9, 0);
    mcts_plan_opts o = {4, 1, 0, 50, 0};
    int u = gr_action_unit(w->view, &legal[0]), n = 0;
    static gr_action one[AI_LEGAL_CAP];
    for (int i = 0; i < w->n; i++)
        if (gr_action_unit(w->view, &legal[i]) == u || gr_action_unit(w->view, &legal[i]) < 0)
            one[n++] = legal[i];
    assert_int_equal(
        mcts_plan_build(&plan, w->work, w->probe, w->view, w->player, one, n, score, &o, &rng),
        0);
    assert_int_equal(plan.n, 0);
}

/* The agent with plan=4 plays a whole Savannah game against greedy. */
static void test_agent_plays_by_plan(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("savannah-historical");
    assert_non_null(sc);
    gr_agent *ag[2] = {gr_agent_new("greedy", 1, "samples=2", NULL),
                       gr_agent_new("mcts", 2, "iterations=30,plan=4", NULL)};
    assert_non_null(ag[0]);
    assert_non_null(ag[1]);
    gr_game *g = NULL;
    gr_error err;
    assert_int_equal(gr_game_new(sc, 3, NULL, NULL, NULL, &g, &err), GR_OK);
    gr_pending p;
    int steps = 0;
    for (gr_game_pending(g, &p); p.kind != GR_PENDING_OVER && steps < 5000;
         gr_game_pending(g, &p), steps++) {
        gr_action done[4];
        int nd = 0;
        if (gr_agents_step(g, ag, done, &nd, &err) != GR_OK)
            fail_msg("step %d: %s", steps, err.msg);
    }
    assert_int_equal(p.kind, GR_PENDING_OVER);
    gr_agent_stats st;
    gr_agent_stats_get(ag[1], &st);
    assert_true(st.iterations > 0);
    gr_agent_free(ag[0]);
    gr_agent_free(ag[1]);
    gr_game_free(g);
    gr_scenario_free(sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_action_unit, tu_wide_setup, tu_wide_teardown),
        cmocka_unit_test_setup_teardown(test_plan_shape, tu_wide_setup, tu_wide_teardown),
        cmocka_unit_test_setup_teardown(test_plan_is_followed_then_dropped, tu_wide_setup,
                                        tu_wide_teardown),
        cmocka_unit_test_setup_teardown(test_narrow_decisions_not_planned, tu_wide_setup,
                                        tu_wide_teardown),
        cmocka_unit_test(test_agent_plays_by_plan),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
