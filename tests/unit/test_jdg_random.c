/* test_jdg_random.c — uniformly random legal play on the JdG slice and
 * testbed (also at close quarters) always reaches game over, passing the
 * sanity check after every action; every legal action offered is accepted
 * by apply. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "ai/agent.h"
#include "testutil.h"

#define GAMES 200
#define MAX_STEPS 500

/* Counts the combats (shock events) the random games resolve. */
static void count_shocks(void *ctx, const gr_game *g, const gr_event *e)
{
    char line[256];
    if (gr_event_format(g, e, line, sizeof line) > 0 && !strncmp(line, "shock at=", 9))
        ++*(long *)ctx;
}

static long shocks;

static int play_to_the_end(const gr_scenario *sc, uint64_t seed, const char *const *setup)
{
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, seed, NULL, count_shocks, &shocks, &g, NULL), GR_OK);
    for (int i = 0; setup && setup[i]; i++)
        assert_int_equal(gr_game_setup(g, setup[i], NULL), GR_OK);
    gr_agent *agents[2] = {gr_agent_new("random", seed * 3 + 1, NULL, NULL),
                           gr_agent_new("random", seed * 3 + 2, NULL, NULL)};
    int steps = 0;
    for (;;) {
        gr_pending p;
        gr_game_pending(g, &p);
        if (p.kind == GR_PENDING_OVER)
            break;
        gr_error err = {{0}, {0}};
        int n = 0;
        assert_true(steps < MAX_STEPS);
        if (gr_agents_step(g, agents, NULL, &n, &err) != GR_OK)
            fail_msg("seed %llu step %d: %s", (unsigned long long)seed, steps, err.msg);
        if (gr_game_sanity(g, &err) != GR_OK)
            fail_msg("seed %llu step %d: %s", (unsigned long long)seed, steps, err.msg);
        steps++;
    }
    gr_agent_free(agents[0]);
    gr_agent_free(agents[1]);
    gr_game_free(g);
    return steps;
}

static void play_many(const char *id, const char *const *setup)
{
    gr_scenario *sc = tu_load(id);
    assert_non_null(sc);
    int longest = 0;
    for (uint64_t seed = 1; seed <= GAMES; seed++) {
        int n = play_to_the_end(sc, seed, setup);
        longest = n > longest ? n : longest;
    }
    assert_true(longest > 20);
    print_message("%s: %d games, longest %d actions\n", id, GAMES, longest);
    gr_scenario_free(sc);
}

static void test_slice_always_ends(void **state)
{
    (void)state;
    play_many("jdg-slice", NULL);
}

static void test_testbed_always_ends(void **state)
{
    (void)state;
    play_many("jdg-testbed", NULL);
}

/* The testbed at close quarters on turn 3: guns with enemies in reach and
 * in a front hex, a disordered target that routs and retreats, a C-in-C
 * that can be contacted, reinforcements due. */
static void test_testbed_contact_always_ends(void **state)
{
    (void)state;
    static const char *const SETUP[] = {
        "turn 3", "unit aa-i1 at 0409 facing 3 status disordered", "unit aa-i2 at 0309 facing 3",
        "unit ab-c1 at 0305 facing 3", "cinc c-al at 0505", NULL};
    play_many("jdg-testbed", SETUP);
}

/* Two lines face to face on turn 1: random play declares and resolves
 * shocks (reaction fire, retreats, advances, counter-shocks, breakthroughs)
 * and every game still ends sane. */
static void test_testbed_shock_always_ends(void **state)
{
    (void)state;
    static const char *const SETUP[] = {
        "unit fa-i1 at 0404 facing 0", "unit fa-i2 at 0403 facing 0", "unit fa-i3 at 0405 facing 0",
        "unit aa-i1 at 0504 facing 3", "unit aa-i2 at 0505 facing 3", "unit fb-c1 at 0406 facing 0",
        "unit ab-c1 at 0506 facing 3", "unit fb-a1 at 0402 facing 0", "cinc c-al at 0705", NULL};
    shocks = 0;
    play_many("jdg-testbed", SETUP);
    print_message("jdg-testbed face to face: %ld combats\n", shocks);
    assert_true(shocks > GAMES / 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_slice_always_ends),
        cmocka_unit_test(test_testbed_always_ends),
        cmocka_unit_test(test_testbed_contact_always_ends),
        cmocka_unit_test(test_testbed_shock_always_ends),
    };
    return cmocka_run_group_tests_name("jdg_random", tests, NULL, NULL);
}
