/* test_arw_perft.c — perft for the ARW rules: the number of legal action
 * sequences to a fixed depth from fixed positions (the arw-slice opening
 * and a test-bed close combat), with the game's own dice stream (fixed
 * seed), pinned so that any change in what is legal shows up.  At a
 * simultaneous decision every deciding player's actions are branches. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "grognard.h"
#include "testutil.h"

#define MAX_DEPTH 8
#define MAX_LEGAL 256

/* Leaves at `depth` (a finished game counts as one leaf). */
static uint64_t perft(const gr_game *g, int depth, gr_game **scratch)
{
    gr_pending p;
    gr_action legal[MAX_LEGAL];
    gr_game_pending(g, &p);
    if (depth == 0 || p.kind == GR_PENDING_OVER)
        return 1;
    uint64_t total = 0;
    for (int side = 0; side < gr_game_players(g); side++) {
        if (!(p.players & (1u << side)))
            continue;
        int n = gr_game_legal(g, side, legal, MAX_LEGAL);
        assert_true(n >= 0 && n <= MAX_LEGAL);
        for (int i = 0; i < n; i++) {
            gr_error err = {{0}, {0}};
            assert_int_equal(gr_game_copy(scratch[0], g), GR_OK);
            if (gr_game_apply(scratch[0], &legal[i], &err) != GR_OK)
                fail_msg("legal action refused: %s", err.msg);
            total += perft(scratch[0], depth - 1, scratch + 1);
        }
    }
    return total;
}

static void run(const char *scenario, const char *const *setup, int nsetup,
                const uint64_t *expected, int depth)
{
    gr_scenario *sc = tu_load(scenario);
    gr_game *g = NULL, *scratch[MAX_DEPTH];
    gr_error err = {{0}, {0}};
    assert_non_null(sc);
    assert_int_equal(gr_game_new(sc, 2024, NULL, NULL, NULL, &g, &err), GR_OK);
    for (int i = 0; i < nsetup; i++)
        if (gr_game_setup(g, setup[i], &err) != GR_OK)
            fail_msg("%s: %s", setup[i], err.msg);
    for (int i = 0; i < MAX_DEPTH; i++)
        scratch[i] = gr_game_clone(g);
    for (int d = 1; d <= depth; d++) {
        uint64_t n = perft(g, d, scratch);
        print_message("%s perft(%d) = %llu\n", scenario, d, (unsigned long long)n);
        assert_true(n == expected[d - 1]);
    }
    for (int i = 0; i < MAX_DEPTH; i++)
        gr_game_free(scratch[i]);
    gr_game_free(g);
    gr_scenario_free(sc);
}

static void test_slice(void **state)
{
    (void)state;
    static const uint64_t expected[] = {9, 36, 88, 252, 1508, 10480};
    run("arw-slice", NULL, 0, expected, (int)(sizeof expected / sizeof expected[0]));
}

/* Two French units and a leader against a British stack next to a lone
 * British unit: declarations, a choice of combat order, vanguards, chits. */
static void test_close_combat(void **state)
{
    (void)state;
    static const char *const setup[] = {"place gb-1 0505", "place gb-mil-1 0505",
                                        "place gb-2 0605", "place fr-ldr-1 0506",
                                        "place fr-1 0506", "place fr-2 0606"};
    static const uint64_t expected[] = {4, 22, 168, 816, 1964, 10400};
    run("arw-testbed", setup, 6, expected, (int)(sizeof expected / sizeof expected[0]));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_slice),
        cmocka_unit_test(test_close_combat),
    };
    return cmocka_run_group_tests_name("arw_perft", tests, NULL, NULL);
}
