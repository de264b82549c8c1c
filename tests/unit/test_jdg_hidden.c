/* test_jdg_hidden.c — JdG hidden information: the opponent's order markers
 * (a Phase A commitment and unrevealed statuses) are masked in a view and
 * sampled consistently by determinize; no view holds the future draw order
 * of the activation-marker cup (spec 9.1, R2.3.2-c, R2.4-a, R1-D1). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "ai/agent.h"
#include "ai/match.h"
#include "testutil.h"

static void apply_ok(gr_game *g, const char *line)
{
    gr_error err = {{0}, {0}};
    gr_status st = tu_apply(g, line, &err);
    if (st != GR_OK)
        fail_msg("'%s' refused: [%s] %s", line, err.rule, err.msg);
}

static void setup_ok(gr_game *g, const char *line)
{
    gr_error err = {{0}, {0}};
    if (gr_game_setup(g, line, &err) != GR_OK)
        fail_msg("setup '%s': %s", line, err.msg);
}

/* Non-zero when query `what` on g answers with token `tok`. */
static int answers(const gr_game *g, const char *what, const char *tok)
{
    char buf[1024], padded[1100], want[128];
    gr_error err = {{0}, {0}};
    if (gr_game_query(g, what, buf, sizeof buf, &err) != GR_OK)
        fail_msg("query '%s': %s", what, err.msg);
    snprintf(padded, sizeof padded, " %s ", buf);
    snprintf(want, sizeof want, " %s ", tok);
    return strstr(padded, want) != NULL;
}

static gr_game *new_testbed(gr_scenario **sc)
{
    *sc = tu_load("jdg-testbed");
    assert_non_null(*sc);
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(*sc, 1, NULL, NULL, NULL, &g, NULL), GR_OK);
    return g;
}

/* R2.3.2-c: the first player's orders are hidden from the other player
 * until revealed; determinize samples orders the opponent could have given. */
static void test_commitment_hidden_and_sampled(void **state)
{
    (void)state;
    gr_scenario *sc;
    gr_game *g = new_testbed(&sc);
    apply_ok(g, "orders by=french g1=fa-i1");
    gr_game *mine = gr_game_view(g, 0), *theirs = gr_game_view(g, 1);
    assert_true(answers(mine, "group fa-i1", "order=ordered"));
    assert_true(answers(theirs, "group fa-i1", "order=hidden"));
    assert_true(answers(theirs, "group fb-c1", "order=hidden"));
    int seen_ordered = 0, seen_not = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        gr_game *v = gr_game_clone(theirs);
        assert_int_equal(gr_game_determinize(v, seed), GR_OK);
        gr_error err = {{0}, {0}};
        assert_int_equal(gr_game_sanity(v, &err), GR_OK);
        assert_false(answers(v, "group fa-i1", "order=hidden"));
        int a = answers(v, "group fa-i1", "order=ordered");
        int b = answers(v, "group fb-c1", "order=ordered");
        assert_true(a + b <= 2); /* the French order capacity */
        seen_ordered |= a;
        seen_not |= !a;
        apply_ok(v, "orders by=allied"); /* the view plays on */
        gr_game_free(v);
    }
    assert_true(seen_ordered && seen_not);
    gr_game_free(mine);
    gr_game_free(theirs);
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* R2.4-a: statuses stay hidden until the formation's first MA is drawn;
 * determinize keeps revealed statuses and the capacity they used. */
static void test_unrevealed_until_first_draw(void **state)
{
    (void)state;
    gr_scenario *sc;
    gr_game *g = new_testbed(&sc);
    setup_ok(g, "draw fa-1 aa-1");
    apply_ok(g, "orders by=french g1=fa-i1 g2=fb-c1");
    int faces[2] = {3, 4}; /* tie: no pick */
    assert_int_equal(gr_game_push_dice(g, faces, 2), GR_OK);
    apply_ok(g, "orders by=allied g1=aa-i1");
    assert_true(answers(g, "phase", "active=fa-1"));
    gr_game *v = gr_game_view(g, 1);
    assert_true(answers(v, "group fa-i1", "order=ordered"));
    assert_true(answers(v, "group fb-c1", "order=hidden"));
    gr_game_free(v);
    for (uint64_t seed = 1; seed <= 20; seed++) {
        v = gr_game_view(g, 1);
        assert_int_equal(gr_game_determinize(v, seed), GR_OK);
        assert_true(answers(v, "group fa-i1", "order=ordered"));
        gr_error err = {{0}, {0}};
        assert_int_equal(gr_game_sanity(v, &err), GR_OK);
        gr_game_free(v);
    }
    gr_game *own = gr_game_view(g, 0);
    assert_true(answers(own, "group aa-i1", "order=hidden"));
    assert_true(answers(own, "group fb-c1", "order=ordered"));
    gr_game_free(own);
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* R1-D1 / 9.1: the cup's contents are public but not its draw order: a
 * view carries no forced or pre-drawn order, so determinized views draw
 * different markers where the real game's next draw is fixed. */
static void test_draw_order_not_in_views(void **state)
{
    (void)state;
    gr_scenario *sc;
    gr_game *g = new_testbed(&sc);
    setup_ok(g, "draw aa-1 fb-1");
    apply_ok(g, "orders by=french g1=fa-i1 g2=fb-c1");
    int faces[2] = {3, 4};
    assert_int_equal(gr_game_push_dice(g, faces, 2), GR_OK);
    apply_ok(g, "orders by=allied g1=aa-i1");
    assert_true(answers(g, "phase", "active=aa-1"));
    int other = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        gr_game *v = gr_game_view(g, 1);
        assert_true(answers(v, "cup", "count=7"));
        assert_true(answers(v, "cup", "fb-1"));
        assert_int_equal(gr_game_determinize(v, seed), GR_OK);
        apply_ok(v, "end-activation by=allied");
        other |= !answers(v, "phase", "active=fb-1");
        gr_game_free(v);
    }
    assert_true(other);
    apply_ok(g, "end-activation by=allied");
    assert_true(answers(g, "phase", "active=fb-1"));
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* Every JdG scenario: two real games that differ only in what the Allied
 * player cannot know — the French secret orders (two different legal
 * choices) and the game's dice stream, which holds the cup's future draws
 * (seeds 1 and 2) — give the Allied player byte-identical views; the same
 * determinization seed turns them into identical games (what is sampled
 * comes from his knowledge only); greedy and mcts choose the same Allied
 * orders from either (R2.3.2-c, R1-D1). */
static void same_game_for_allied(gr_scenario *sc, int french_pick)
{
    static gr_action legal[4096];
    gr_game *g1 = NULL, *g2 = NULL;
    assert_int_equal(gr_game_new(sc, 1, NULL, NULL, NULL, &g1, NULL), GR_OK);
    assert_int_equal(gr_game_new(sc, 2, NULL, NULL, NULL, &g2, NULL), GR_OK);
    int n = gr_game_legal(g1, 0, legal, 4096);
    assert_true(n >= 2);
    int k = french_pick % n, m = (french_pick + 1 + french_pick * 7) % n;
    if (m == k)
        m = (k + 1) % n;
    assert_int_equal(gr_game_apply(g1, &legal[k], NULL), GR_OK);
    assert_int_equal(gr_game_apply(g2, &legal[m], NULL), GR_OK);
    assert_int_not_equal(gr_game_hash(g1), gr_game_hash(g2));
    gr_game *v1 = gr_game_view(g1, 1), *v2 = gr_game_view(g2, 1);
    assert_int_equal(gr_game_hash(v1), gr_game_hash(v2));
    for (uint64_t seed = 1; seed <= 5; seed++) {
        gr_game *d1 = gr_game_clone(v1), *d2 = gr_game_clone(v2);
        assert_int_equal(gr_game_determinize(d1, seed), GR_OK);
        assert_int_equal(gr_game_determinize(d2, seed), GR_OK);
        assert_int_equal(gr_game_hash(d1), gr_game_hash(d2));
        gr_error err = {{0}, {0}};
        assert_int_equal(gr_game_sanity(d1, &err), GR_OK);
        gr_game_free(d1);
        gr_game_free(d2);
    }
    const char *specs[] = {"greedy:samples=2", "mcts:iterations=100", NULL};
    for (int i = 0; specs[i]; i++) {
        gr_agent *a1 = gr_agent_from_spec(specs[i], 7, NULL);
        gr_agent *a2 = gr_agent_from_spec(specs[i], 7, NULL);
        gr_action c1, c2;
        assert_int_equal(gr_agent_choose(a1, v1, 1, &c1, NULL), GR_OK);
        assert_int_equal(gr_agent_choose(a2, v2, 1, &c2, NULL), GR_OK);
        char t1[512], t2[512];
        gr_action_format(v1, &c1, t1, sizeof t1);
        gr_action_format(v2, &c2, t2, sizeof t2);
        if (strcmp(t1, t2) != 0)
            fail_msg("%s: %s chose '%s' and '%s'", gr_scenario_id(sc), specs[i], t1, t2);
        gr_agent_free(a1);
        gr_agent_free(a2);
    }
    gr_game_free(v1);
    gr_game_free(v2);
    gr_game_free(g1);
    gr_game_free(g2);
}

static void test_every_scenario_hides_orders_and_draws(void **state)
{
    (void)state;
    const char *ids[] = {"jdg-testbed", "jdg-slice", "jdg-saalfeld", NULL};
    for (int i = 0; ids[i]; i++) {
        gr_scenario *sc = tu_load(ids[i]);
        assert_non_null(sc);
        for (int pick = 0; pick < 3; pick++)
            same_game_for_allied(sc, pick);
        gr_scenario_free(sc);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_commitment_hidden_and_sampled),
        cmocka_unit_test(test_unrevealed_until_first_draw),
        cmocka_unit_test(test_draw_order_not_in_views),
        cmocka_unit_test(test_every_scenario_hides_orders_and_draws),
    };
    return cmocka_run_group_tests_name("jdg_hidden", tests, NULL, NULL);
}
