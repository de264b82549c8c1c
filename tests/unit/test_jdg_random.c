/* test_jdg_random.c — uniformly random legal play on every JdG scenario
 * (the testbed also at close quarters) always reaches game over, after the
 * scenario's last turn or by an automatic victory [R13.1, R13.2], passing
 * the sanity check after every action; every player asked to decide has at
 * least one legal option, and every legal action offered is accepted by
 * apply. */
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
#define MAX_STEPS 20000

/* Counts the combats (shock events), reorganisation tests and changes of
 * demoralisation the random games make. */
static long counts[3];

static void count_shocks(void *ctx, const gr_game *g, const gr_event *e)
{
    static const char *const PREFIX[] = {"shock at=", "reorganisation ", "demoralisation "};
    char line[256];
    (void)ctx;
    if (gr_event_format(g, e, line, sizeof line) <= 0)
        return;
    for (int i = 0; i < 3; i++)
        if (!strncmp(line, PREFIX[i], strlen(PREFIX[i])))
            counts[i]++;
}

static char last_turn[32]; /* "turn=N " of the scenario's last turn */

/* Every player the game waits for has a legal option. */
static void assert_options(const gr_game *g, const gr_pending *p, uint64_t seed, int steps)
{
    gr_action acts[8];
    for (int pl = 0; pl < 2; pl++)
        if ((p->players >> pl) & 1u)
            if (gr_game_legal(g, pl, acts, 8) <= 0)
                fail_msg("seed %llu step %d: player %d must decide with no legal option",
                         (unsigned long long)seed, steps, pl);
}

/* The game ended after the last turn, or earlier by an automatic victory. */
static void assert_ending(const gr_game *g)
{
    char phase[256], out[64];
    gr_pending p;
    gr_game_pending(g, &p);
    assert_int_equal(gr_game_query(g, "phase", phase, sizeof phase, NULL), GR_OK);
    snprintf(out, sizeof out, "%s", gr_game_outcome_name(g, p.outcome));
    if (!strstr(out, "automatic") && !strstr(phase, last_turn))
        fail_msg("game over before the last turn (%s) without an automatic victory: %s, %s",
                 last_turn, out, phase);
}

static int play_to_the_end(const gr_scenario *sc, uint64_t seed, const char *const *setup)
{
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, seed, NULL, count_shocks, NULL, &g, NULL), GR_OK);
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
        assert_options(g, &p, seed, steps);
        gr_error err = {{0}, {0}};
        int n = 0;
        assert_true(steps < MAX_STEPS);
        if (gr_agents_step(g, agents, NULL, &n, &err) != GR_OK)
            fail_msg("seed %llu step %d: %s", (unsigned long long)seed, steps, err.msg);
        if (gr_game_sanity(g, &err) != GR_OK)
            fail_msg("seed %llu step %d: %s", (unsigned long long)seed, steps, err.msg);
        steps++;
    }
    assert_ending(g);
    gr_agent_free(agents[0]);
    gr_agent_free(agents[1]);
    gr_game_free(g);
    return steps;
}

static void play_many(const char *id, const char *const *setup, int last)
{
    snprintf(last_turn, sizeof last_turn, "turn=%d ", last);
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
    play_many("jdg-slice", NULL, 1);
}

/* The whole Saalfeld battle: 8 turns, reinforcements on turns 2 and 3. */
static void test_saalfeld_always_ends(void **state)
{
    (void)state;
    memset(counts, 0, sizeof counts);
    play_many("jdg-saalfeld", NULL, 8);
    print_message("jdg-saalfeld: %ld combats, %ld reorganisation tests, %ld demoralisations or "
                  "recoveries\n", counts[0], counts[1], counts[2]);
}

static void test_testbed_always_ends(void **state)
{
    (void)state;
    play_many("jdg-testbed", NULL, 6);
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
    play_many("jdg-testbed", SETUP, 6);
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
    memset(counts, 0, sizeof counts);
    play_many("jdg-testbed", SETUP, 6);
    print_message("jdg-testbed face to face: %ld combats, %ld reorganisation tests, %ld "
                  "demoralisations or recoveries\n", counts[0], counts[1], counts[2]);
    assert_true(counts[0] > GAMES / 4);
    assert_true(counts[1] > 0);
    assert_true(counts[2] > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_slice_always_ends),
        cmocka_unit_test(test_saalfeld_always_ends),
        cmocka_unit_test(test_testbed_always_ends),
        cmocka_unit_test(test_testbed_contact_always_ends),
        cmocka_unit_test(test_testbed_shock_always_ends),
    };
    return cmocka_run_group_tests_name("jdg_random", tests, NULL, NULL);
}
