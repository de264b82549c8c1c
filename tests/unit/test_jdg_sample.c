/* test_jdg_sample.c — gr_game_sample on jdg (move/sample.c: the movement
 * step drawn a unit, or the step's other actions, then one of its actions):
 * on random games of jdg-saalfeld and the testbed, every sampled action is
 * in the legal list, accepted, drawn alike from the same rng, and leaves the
 * game unchanged; at small decisions every legal action comes up. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "testutil.h"

#define MAX_LEGAL 4096
#define SMALL 40 /* decisions with at most this many options: all must come up */

static gr_action legal[MAX_LEGAL];
static int hits[MAX_LEGAL];

/* Draws k samples of player p at g and checks each (see the file comment). */
static void check_samples(gr_game *g, gr_game *scratch, int p, gr_rng *rng, int k, int n)
{
    char why[256];
    if (tu_samples_check(g, scratch, p, rng, k, legal, n, hits, why, sizeof why) != 0)
        fail_msg("%s", why);
}

/* One random game of `id` (seed), every decision checked; returns how many
 * small decisions with more than one option were covered in full. */
static int play_checked(const char *id, uint64_t seed)
{
    gr_scenario *sc = tu_load(id);
    assert_non_null(sc);
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, seed, NULL, NULL, NULL, &g, NULL), GR_OK);
    gr_game *scratch = gr_game_clone(g);
    gr_rng rng;
    gr_rng_seed(&rng, seed, 7);
    int covered = 0;
    for (int step = 0; step < 3000; step++) {
        gr_pending pd;
        gr_game_pending(g, &pd);
        if (pd.kind == GR_PENDING_OVER)
            break;
        int p = 0;
        while (!(pd.players & (1u << p)))
            p++;
        int n = gr_game_legal(g, p, legal, MAX_LEGAL);
        assert_true(n > 0 && n <= MAX_LEGAL);
        memset(hits, 0, sizeof hits);
        int small = n > 1 && n <= SMALL && covered < 30;
        check_samples(g, scratch, p, &rng, small ? 60 * n : 4, n);
        for (int i = 0; small && i < n; i++)
            if (!hits[i])
                fail_msg("%s step %d: legal action %d of %d never sampled", id, step, i, n);
        covered += small;
        gr_action a;
        assert_int_equal(gr_game_sample(g, p, &rng, &a), GR_OK);
        assert_int_equal(gr_game_apply(g, &a, NULL), GR_OK);
    }
    gr_game_free(scratch);
    gr_game_free(g);
    gr_scenario_free(sc);
    return covered;
}

static void test_saalfeld(void **state)
{
    (void)state;
    assert_int_equal(play_checked("jdg-saalfeld", 1), 30);
}

static void test_testbed(void **state)
{
    (void)state;
    assert_true(play_checked("jdg-testbed", 3) > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_saalfeld),
        cmocka_unit_test(test_testbed),
    };
    return cmocka_run_group_tests_name("jdg_sample", tests, NULL, NULL);
}
