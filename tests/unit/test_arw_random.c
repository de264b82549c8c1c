/* test_arw_random.c — random legal play on ARW positions always reaches game
 * over with the sanity check passing after every action; every legal action
 * offered is accepted by apply (tried on a copy) and a few illegal variants
 * are refused without changing the game.  Covers the slice scenario under
 * each game option, and random contact positions on the test bed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "ai/agent.h"
#include "testutil.h"

#define MAX_STEPS 600
#define MAX_LEGAL 512

/* Every legal action of every deciding player applies on a copy. */
static void check_all_legal(gr_game *g, gr_game *scratch)
{
    gr_pending p;
    gr_action legal[MAX_LEGAL];
    gr_game_pending(g, &p);
    for (int side = 0; side < 2; side++) {
        if (!(p.players & (1u << side)))
            continue;
        int n = gr_game_legal(g, side, legal, MAX_LEGAL);
        assert_true(n > 0 && n <= MAX_LEGAL);
        for (int i = 0; i < n; i++) {
            gr_error err = {{0}, {0}};
            assert_int_equal(gr_game_copy(scratch, g), GR_OK);
            if (gr_game_apply(scratch, &legal[i], &err) != GR_OK)
                fail_msg("legal action %d refused: %s", i, err.msg);
            if (gr_game_sanity(scratch, &err) != GR_OK)
                fail_msg("after legal action %d: %s", i, err.msg);
        }
        /* an out-of-range variant of the first action is refused, game unchanged */
        gr_action bad = legal[0];
        bad.arg[0] = 9999;
        bad.arg[1] = -7;
        uint64_t h = gr_game_hash(g);
        gr_status st = gr_game_apply(g, &bad, NULL);
        assert_true(st != GR_OK || bad.nargs == 0); /* only argument-less kinds apply */
        if (st != GR_OK)
            assert_true(gr_game_hash(g) == h);
        else
            return; /* argument-less action: it was legal and is now applied */
    }
}

/* Plays g to the end with random agents; returns the number of steps. */
static int play(gr_game *g, uint64_t seed, int exhaustive)
{
    gr_agent *agents[2] = {gr_agent_new("random", seed * 5 + 1, NULL, NULL),
                           gr_agent_new("random", seed * 5 + 2, NULL, NULL)};
    gr_game *scratch = gr_game_clone(g);
    int steps = 0;
    for (;;) {
        gr_pending p;
        gr_game_pending(g, &p);
        if (p.kind == GR_PENDING_OVER)
            break;
        if (exhaustive)
            check_all_legal(g, scratch);
        gr_game_pending(g, &p);
        if (p.kind == GR_PENDING_OVER)
            break;
        gr_error err = {{0}, {0}};
        int n = 0;
        if (steps >= MAX_STEPS)
            fail_msg("seed %llu: no game over after %d steps", (unsigned long long)seed, steps);
        if (gr_agents_step(g, agents, NULL, &n, &err) != GR_OK)
            fail_msg("seed %llu step %d: %s", (unsigned long long)seed, steps, err.msg);
        if (gr_game_sanity(g, &err) != GR_OK)
            fail_msg("seed %llu step %d: %s", (unsigned long long)seed, steps, err.msg);
        steps++;
    }
    gr_game_free(scratch);
    gr_agent_free(agents[0]);
    gr_agent_free(agents[1]);
    return steps;
}

static void play_slice(const char *options, int games)
{
    gr_scenario *sc = tu_load("arw-slice");
    assert_non_null(sc);
    int winners[3] = {0, 0, 0}, longest = 0;
    for (int seed = 1; seed <= games; seed++) {
        gr_game *g = NULL;
        gr_error err = {{0}, {0}};
        if (gr_game_new(sc, (uint64_t)seed, options, NULL, NULL, &g, &err) != GR_OK)
            fail_msg("new game: %s", err.msg);
        int n = play(g, (uint64_t)seed, seed <= 40);
        longest = n > longest ? n : longest;
        gr_pending p;
        gr_game_pending(g, &p);
        winners[p.winner + 1]++;
        gr_game_free(g);
    }
    print_message("arw-slice %s: %d games, longest %d actions, draw/british/allied %d/%d/%d\n",
                  options ? options : "(defaults)", games, longest, winners[0], winners[1],
                  winners[2]);
    assert_true(winners[1] > 0 && winners[2] > 0);
    gr_scenario_free(sc);
}

static void test_slice_default(void **state)
{
    (void)state;
    play_slice(NULL, 300);
}

static void test_slice_options(void **state)
{
    (void)state;
    play_slice("advanced=0", 100);
    play_slice("strict-chits=1,amb04=R", 100);
    play_slice("amb03=ES", 100);
    play_slice("auto=0", 100);
}

/* Random contact positions on the test bed: 10 units a side in the middle. */
static void random_position(gr_game *g, uint64_t seed)
{
    static const char *const ids[2][10] = {
        {"gb-1", "gb-2", "gb-3", "gb-4", "gb-mil-1", "gb-mil-2", "gb-art-1", "gb-cav-1",
         "gb-ldr-1", "gb-5"},
        {"fr-1", "fr-2", "fr-3", "us-1", "us-2", "us-mil-1", "fr-art-1", "fr-cav-1",
         "fr-ldr-1", "us-ldr-1"}};
    static const char *const status[] = {"", " status=disrupted", " status=shattered"};
    gr_rng rng;
    gr_rng_seed(&rng, seed, 77);
    for (int i = 0; i < 10; i++)
        for (int side = 0; side < 2; side++) {
            for (int tries = 0; tries < 20; tries++) {
                char line[96];
                int col = 3 + (int)gr_rng_below(&rng, 5), row = 3 + (int)gr_rng_below(&rng, 5);
                /* British mostly north of the Allies, so that they touch */
                if ((side == 0) != (row < 5 || (row == 5 && gr_rng_below(&rng, 2))))
                    continue;
                int st = gr_rng_below(&rng, 6) == 0 ? 1 + (int)gr_rng_below(&rng, 2) : 0;
                snprintf(line, sizeof line, "place %s %02d%02d%s", ids[side][i], col, row,
                         status[st]);
                if (gr_game_setup(g, line, NULL) == GR_OK)
                    break;
            }
        }
}

static void test_testbed_random_positions(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("arw-testbed");
    assert_non_null(sc);
    int longest = 0, combats = 0;
    for (uint64_t seed = 1; seed <= 150; seed++) {
        gr_game *g = NULL;
        assert_int_equal(gr_game_new(sc, seed, seed % 3 ? NULL : "auto=0", NULL, NULL, &g, NULL),
                         GR_OK);
        random_position(g, seed);
        gr_error err = {{0}, {0}};
        if (gr_game_sanity(g, &err) != GR_OK)
            fail_msg("seed %llu after setup: %s", (unsigned long long)seed, err.msg);
        char buf[256];
        assert_int_equal(gr_game_query(g, "phase", buf, sizeof buf, NULL), GR_OK);
        int n = play(g, seed, seed <= 30);
        longest = n > longest ? n : longest;
        combats += n > 5;
        gr_game_free(g);
    }
    print_message("arw-testbed random positions: longest %d actions, %d busy games\n", longest,
                  combats);
    assert_true(combats > 50);
    gr_scenario_free(sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_slice_default),
        cmocka_unit_test(test_slice_options),
        cmocka_unit_test(test_testbed_random_positions),
    };
    return cmocka_run_group_tests_name("arw_random", tests, NULL, NULL);
}
