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
#include "widedec.h"

static gr_action kept[AI_LEGAL_CAP];
static double score[AI_LEGAL_CAP];

/* The wide decision (widedec.h), its options copied into kept. */
static int wide_setup(void **state)
{
    int r = tu_wide_setup(state);
    tu_wide *w = *state;
    memcpy(kept, w->legal, sizeof kept[0] * (size_t)w->n);
    return r;
}

static void test_keeps_the_best_legal_options(void **state)
{
    tu_wide *w = *state;
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
        assert_true(tu_find_action(w->legal, n, &kept[i]) >= 0); /* a permutation of the list */
        assert_true(tu_find_action(kept, n, &kept[i]) == i);
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
    tu_wide *w = *state;
    gr_rng rng;
    gr_rng_seed(&rng, 11, 3);
    mcts_prune_opts all = {w->n, 2, 0}, off = {0, 2, 0};
    assert_int_equal(
        mcts_prune_root(w->work, w->probe, w->view, w->player, kept, w->n, &all, &rng, score),
        w->n);
    assert_int_equal(
        mcts_prune_root(w->work, w->probe, w->view, w->player, kept, w->n, &off, &rng, score),
        w->n);
    assert_memory_equal(kept, w->legal, sizeof kept[0] * (size_t)w->n); /* untouched */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_keeps_the_best_legal_options, wide_setup,
                                        tu_wide_teardown),
        cmocka_unit_test_setup_teardown(test_small_decisions_left_whole, wide_setup,
                                        tu_wide_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
