/*
 * test_ai_prune.c — the root pruning of the mcts agent (src/ai/mcts_prune.c,
 * parameter `prune`): on a Savannah movement decision (hundreds of options)
 * the options kept are legal, distinct, and scored no worse one ply ahead
 * than any option dropped; a decision with few options, or prune=0, is left
 * whole; the view is not changed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "ai/mcts.h"
#include "ai/search.h"
#include "testutil.h"

static gr_action legal[AI_LEGAL_CAP], kept[AI_LEGAL_CAP];
static double score[AI_LEGAL_CAP];

/* A view of the first decision of savannah-historical (seed 5) with more
 * than `least` options for one player; *player and *n set. */
static gr_game *wide_decision(const gr_scenario *sc, int least, int *player, int *n)
{
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, 5, NULL, NULL, NULL, &g, NULL), GR_OK);
    gr_rng rng;
    gr_rng_seed(&rng, 5, 1);
    for (int step = 0; step < 2000; step++) {
        gr_pending pend;
        gr_game_pending(g, &pend);
        assert_int_not_equal(pend.kind, GR_PENDING_OVER);
        *player = pend.players & 1u ? 0 : 1;
        *n = gr_game_legal(g, *player, legal, AI_LEGAL_CAP);
        if (pend.kind == GR_PENDING_DECISION && *n > least) {
            gr_game *v = gr_game_view(g, *player);
            gr_game_free(g);
            return v;
        }
        assert_int_equal(ai_random_step(g, &rng), 1);
    }
    fail_msg("no decision with more than %d options", least);
    return NULL;
}

/* Index of action a in list[0..n), or -1. */
static int find(const gr_action *list, int n, const gr_action *a)
{
    for (int i = 0; i < n; i++)
        if (ai_action_equal(&list[i], a))
            return i;
    return -1;
}

static void test_keeps_the_best_legal_options(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("savannah-historical");
    int player, n;
    gr_game *view = wide_decision(sc, 200, &player, &n), *work = NULL, *probe = NULL;
    assert_int_equal(ai_work_prepare(&work, view), GR_OK);
    assert_int_equal(ai_work_prepare(&probe, view), GR_OK);
    uint64_t hash = gr_game_hash(view);
    memcpy(kept, legal, sizeof legal[0] * (size_t)n);
    gr_rng rng;
    gr_rng_seed(&rng, 11, 2);
    mcts_prune_opts o = {8, 2};
    assert_int_equal(mcts_prune_root(work, probe, view, player, kept, n, &o, &rng, score), 8);
    assert_true(gr_game_hash(view) == hash);
    for (int i = 0; i < n; i++) {
        assert_true(find(legal, n, &kept[i]) >= 0); /* a permutation of the list */
        assert_true(find(kept, n, &kept[i]) == i);
        assert_true(score[i] >= 0 && score[i] <= 2);
    }
    for (int i = 0; i < 8; i++)
        for (int j = 8; j < n; j++)
            assert_true(score[i] >= score[j]);
    print_message("%d options, kept scores %.3f..%.3f, last %.3f\n", n, score[7], score[0],
                  score[n - 1]);
    assert_true(score[0] > score[n - 1]); /* the evaluation tells the options apart */
    gr_game_free(work);
    gr_game_free(probe);
    gr_game_free(view);
    gr_scenario_free(sc);
}

static void test_small_decisions_left_whole(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("savannah-historical");
    int player, n;
    gr_game *view = wide_decision(sc, 40, &player, &n), *work = NULL, *probe = NULL;
    assert_int_equal(ai_work_prepare(&work, view), GR_OK);
    assert_int_equal(ai_work_prepare(&probe, view), GR_OK);
    memcpy(kept, legal, sizeof legal[0] * (size_t)n);
    gr_rng rng;
    gr_rng_seed(&rng, 11, 3);
    mcts_prune_opts all = {n, 2}, off = {0, 2};
    assert_int_equal(mcts_prune_root(work, probe, view, player, kept, n, &all, &rng, score), n);
    assert_int_equal(mcts_prune_root(work, probe, view, player, kept, n, &off, &rng, score), n);
    assert_memory_equal(kept, legal, sizeof legal[0] * (size_t)n); /* untouched */
    gr_game_free(work);
    gr_game_free(probe);
    gr_game_free(view);
    gr_scenario_free(sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_keeps_the_best_legal_options),
        cmocka_unit_test(test_small_decisions_left_whole),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
