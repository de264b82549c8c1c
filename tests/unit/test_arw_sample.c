/* test_arw_sample.c — gr_game_sample on ARW (the movement stage draws a
 * unit, then a destination: mvsample.c; other decisions use the core's
 * uniform draw): every action drawn is in gr_game_legal's list and is
 * accepted by gr_game_apply, the game is left unchanged, the same rng state
 * gives the same action, and on small decisions every legal action comes
 * up.  Positions: random games of savannah-historical and arw-slice. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "testutil.h"

#define MAX_LEGAL 8192
#define SMALL 40 /* decisions with at most this many options: all must come up */

typedef struct tally {
    long samples;       /* samples drawn and checked                      */
    int move_small;     /* small movement decisions fully covered          */
    int other_small;    /* small other decisions fully covered             */
} tally;

/* Draws `k` samples of player p at g: each legal, accepted, g unchanged. */
static void check_samples(gr_game *g, gr_game *scratch, int p, gr_rng *rng, int k,
                          const gr_action *legal, int n, int *hits)
{
    char why[256];
    if (tu_samples_check(g, scratch, p, rng, k, legal, n, hits, why, sizeof why) != 0)
        fail_msg("%s", why);
}

/* Small decision: enough draws that every option comes up. */
static int covers_all(gr_game *g, gr_game *scratch, int p, gr_rng *rng, const gr_action *legal,
                      int n, int *hits)
{
    memset(hits, 0, sizeof(int) * (size_t)n);
    check_samples(g, scratch, p, rng, 60 * n, legal, n, hits);
    for (int i = 0; i < n; i++)
        if (!hits[i])
            fail_msg("legal action %d of %d never sampled", i, n);
    return 1;
}

/* One random game from g (played with gr_game_sample), sampling at every
 * decision. */
static void play_sampling(gr_game *g, uint64_t seed, tally *t, gr_action *legal, int *hits)
{
    gr_game *scratch = gr_game_clone(g);
    gr_rng rng, play;
    gr_rng_seed(&rng, seed, 11);
    gr_rng_seed(&play, seed, 12);
    for (int step = 0; step < 2000; step++) {
        gr_pending pend;
        gr_game_pending(g, &pend);
        if (pend.kind == GR_PENDING_OVER)
            break;
        for (int p = 0; p < 2; p++) {
            if (!(pend.players & (1u << p)))
                continue;
            int n = gr_game_legal(g, p, legal, MAX_LEGAL);
            assert_true(n > 0 && n <= MAX_LEGAL);
            int move = strcmp(gr_game_decision_name(g, pend.decision), "move") == 0;
            if (n >= 2 && n <= SMALL && (move ? t->move_small < 6 : t->other_small < 6)) {
                if (move)
                    t->move_small += covers_all(g, scratch, p, &rng, legal, n, hits);
                else
                    t->other_small += covers_all(g, scratch, p, &rng, legal, n, hits);
            } else {
                check_samples(g, scratch, p, &rng, move ? 4 : 1, legal, n, hits);
            }
            t->samples += move ? 4 : 1;
            gr_action a;
            assert_int_equal(gr_game_sample(g, p, &play, &a), GR_OK);
            assert_int_equal(gr_game_apply(g, &a, NULL), GR_OK);
        }
    }
    gr_pending pend;
    gr_game_pending(g, &pend);
    assert_int_equal(pend.kind, GR_PENDING_OVER);
    gr_game_free(scratch);
}

static void sample_games(const char *scenario, int games, int want_move_small)
{
    gr_scenario *sc = tu_load(scenario);
    gr_action *legal = malloc(sizeof *legal * MAX_LEGAL);
    int *hits = malloc(sizeof *hits * MAX_LEGAL);
    tally t = {0, 0, 0};
    assert_true(sc && legal && hits);
    for (int seed = 1; seed <= games; seed++) {
        gr_game *g = NULL;
        assert_int_equal(gr_game_new(sc, (uint64_t)seed, NULL, NULL, NULL, &g, NULL), GR_OK);
        play_sampling(g, (uint64_t)seed, &t, legal, hits);
        gr_game_free(g);
    }
    print_message("%s: %ld samples checked; every option drawn at %d small movement and %d "
                  "other small decisions\n",
                  scenario, t.samples, t.move_small, t.other_small);
    assert_true(t.samples >= 1000);
    assert_true(t.move_small >= want_move_small && t.other_small >= 1);
    free(legal);
    free(hits);
    gr_scenario_free(sc);
}

static void test_savannah_samples(void **state)
{
    (void)state;
    sample_games("savannah-historical", 6, 1);
}

static void test_slice_samples(void **state)
{
    (void)state;
    sample_games("arw-slice", 150, 0);
}

/* Not the deciding player, or another player's view: no action. */
static void test_sample_refusals(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("savannah-historical");
    gr_game *g = NULL;
    gr_action a;
    gr_rng rng;
    gr_rng_seed(&rng, 1, 2);
    assert_int_equal(gr_game_new(sc, 3, NULL, NULL, NULL, &g, NULL), GR_OK);
    gr_pending pend;
    gr_game_pending(g, &pend);
    int idle = (pend.players & 1u) ? 1 : 0;
    assert_int_equal(gr_game_sample(g, idle, &rng, &a), GR_ERR_STATE);
    assert_int_equal(gr_game_sample(g, 5, &rng, &a), GR_ERR_ARG);
    assert_int_equal(gr_game_sample(NULL, 0, &rng, &a), GR_ERR_ARG);
    gr_game *view = gr_game_view(g, idle);
    assert_non_null(view);
    assert_int_equal(gr_game_sample(view, 1 - idle, &rng, &a), GR_ERR_STATE);
    gr_game_free(view);
    gr_game_free(g);
    gr_scenario_free(sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_savannah_samples),
        cmocka_unit_test(test_slice_samples),
        cmocka_unit_test(test_sample_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
