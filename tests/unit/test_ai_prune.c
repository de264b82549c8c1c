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

/* A Savannah decision with hundreds of options (a movement decision), its
 * view and the scratch games of the pruning. */
typedef struct wide {
    gr_scenario *sc;
    gr_game *view, *work, *probe;
    int player, n;
} wide;

static int wide_setup(void **state)
{
    static wide w;
    w.sc = tu_load("savannah-historical");
    assert_non_null(w.sc);
    w.view = tu_view_with_options(w.sc, 5, 200, 1, &w.player);
    assert_non_null(w.view);
    w.work = w.probe = NULL;
    assert_int_equal(ai_work_prepare(&w.work, w.view), GR_OK);
    assert_int_equal(ai_work_prepare(&w.probe, w.view), GR_OK);
    w.n = gr_game_legal(w.view, w.player, legal, AI_LEGAL_CAP);
    memcpy(kept, legal, sizeof legal[0] * (size_t)w.n);
    *state = &w;
    return 0;
}

static int wide_teardown(void **state)
{
    wide *w = *state;
    gr_game_free(w->work);
    gr_game_free(w->probe);
    gr_game_free(w->view);
    gr_scenario_free(w->sc);
    return 0;
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
    wide *w = *state;
    int n = w->n;
    uint64_t hash = gr_game_hash(w->view);
    gr_rng rng;
    gr_rng_seed(&rng, 11, 2);
    mcts_prune_opts o = {8, 2, 0};
    assert_int_equal(mcts_prune_root(w->work, w->probe, w->view, w->player, kept, n, &o, &rng,
                                     score),
                     8);
    assert_true(gr_game_hash(w->view) == hash);
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
}

static void test_small_decisions_left_whole(void **state)
{
    wide *w = *state;
    gr_rng rng;
    gr_rng_seed(&rng, 11, 3);
    mcts_prune_opts all = {w->n, 2, 0}, off = {0, 2, 0};
    assert_int_equal(
        mcts_prune_root(w->work, w->probe, w->view, w->player, kept, w->n, &all, &rng, score),
        w->n);
    assert_int_equal(
        mcts_prune_root(w->work, w->probe, w->view, w->player, kept, w->n, &off, &rng, score),
        w->n);
    assert_memory_equal(kept, legal, sizeof legal[0] * (size_t)w->n); /* untouched */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_keeps_the_best_legal_options, wide_setup,
                                        wide_teardown),
        cmocka_unit_test_setup_teardown(test_small_decisions_left_whole, wide_setup,
                                        wide_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
