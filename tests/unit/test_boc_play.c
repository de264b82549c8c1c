/* test_boc_play.c — random play of the BoC slice (and one or two games of
 * Day 1, Day 2, Day 3 and the full battle): every game reaches game
 * over within a few hundred actions, the state stays sane, and at every
 * decision the deciding player's view offers exactly the legal actions of
 * the full game (his options never depend on what he cannot see) and
 * determinizes into a sane, playable sample; the staged sampler of the
 * Movement decision draws only legal actions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ai/agent.h"
#include "testutil.h"

#define GAMES 300
#define MAX_STEPS 400
#define CAP 512

/* The staged sampler (move/sample.c) draws only listed actions. */
static void check_sample(const gr_game *g, int player, const gr_action *legal, int n,
                         uint64_t seed)
{
    gr_rng rng;
    gr_rng_seed(&rng, seed, 5);
    for (int k = 0; k < 4; k++) {
        gr_action a;
        int found = 0;
        assert_int_equal(gr_game_sample(g, player, &rng, &a), GR_OK);
        for (int i = 0; i < n && !found; i++)
            found = legal[i].kind == a.kind && legal[i].nargs == a.nargs &&
                    !memcmp(legal[i].arg, a.arg, sizeof a.arg[0] * a.nargs);
        assert_true(found);
    }
}

/* The view of the deciding player: same options, sane sample. */
static void check_view(const gr_game *g, int player, uint64_t seed)
{
    static gr_action full[CAP], seen[CAP];
    gr_game *v = gr_game_view(g, player);
    assert_non_null(v);
    int n = gr_game_legal(g, player, full, CAP), m = gr_game_legal(v, player, seen, CAP);
    assert_int_equal(n, m);
    assert_true(n > 0 && n <= CAP);
    assert_memory_equal(full, seen, sizeof full[0] * (size_t)n);
    check_sample(g, player, full, n, seed);
    assert_int_equal(gr_game_determinize(v, seed), GR_OK);
    gr_error err;
    if (gr_game_sanity(v, &err) != GR_OK)
        fail_msg("determinized view: %s", err.msg);
    assert_int_equal(gr_game_apply(v, &seen[seed % (uint64_t)n], &err), GR_OK);
    gr_game_free(v);
}

static int play_one(const gr_scenario *sc, uint64_t seed)
{
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, seed, NULL, NULL, NULL, &g, NULL), GR_OK);
    gr_agent *agents[2] = {gr_agent_new("random", seed * 3 + 1, NULL, NULL),
                           gr_agent_new("random", seed * 3 + 2, NULL, NULL)};
    int steps = 0;
    for (;; steps++) {
        gr_pending p;
        gr_game_pending(g, &p);
        if (p.kind == GR_PENDING_OVER)
            break;
        assert_true(steps < MAX_STEPS);
        check_view(g, p.players & 1u ? 0 : 1, seed + (uint64_t)steps);
        gr_error err;
        assert_int_equal(gr_agents_step(g, agents, NULL, NULL, &err), GR_OK);
        if (gr_game_sanity(g, &err) != GR_OK)
            fail_msg("seed %llu step %d: %s", (unsigned long long)seed, steps, err.msg);
    }
    gr_agent_free(agents[0]);
    gr_agent_free(agents[1]);
    gr_game_free(g);
    return steps;
}

static void test_random_games_end(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("boc-slice");
    assert_non_null(sc);
    int longest = 0;
    for (uint64_t seed = 1; seed <= GAMES; seed++) {
        int n = play_one(sc, seed);
        longest = n > longest ? n : longest;
    }
    assert_true(longest > 2);
    gr_scenario_free(sc);
}

/* Day 1 on the whole map: random games reach the end of the day with the
 * state sane at every step, reinforcements entering on the way. */
static void test_day1_random_games_end(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("boc-day1");
    assert_non_null(sc);
    for (uint64_t seed = 1; seed <= 6; seed++) {
        gr_game *g = NULL;
        assert_int_equal(gr_game_new(sc, seed, NULL, NULL, NULL, &g, NULL), GR_OK);
        gr_agent *agents[2] = {gr_agent_new("random", seed * 5 + 1, NULL, NULL),
                               gr_agent_new("random", seed * 5 + 2, NULL, NULL)};
        gr_pending p;
        int steps = 0;
        for (gr_game_pending(g, &p); p.kind != GR_PENDING_OVER; gr_game_pending(g, &p), steps++) {
            gr_error err;
            assert_true(steps < 20000);
            assert_int_equal(gr_agents_step(g, agents, NULL, NULL, &err), GR_OK);
            if (gr_game_sanity(g, &err) != GR_OK)
                fail_msg("day1 seed %llu step %d: %s", (unsigned long long)seed, steps, err.msg);
        }
        char buf[256];
        gr_error err;
        assert_int_equal(gr_game_query(g, "phase", buf, sizeof buf, &err), GR_OK);
        assert_non_null(strstr(buf, "hour=19")); /* the whole day was played */
        gr_agent_free(agents[0]);
        gr_agent_free(agents[1]);
        gr_game_free(g);
    }
    gr_scenario_free(sc);
}

/* Day 1 stretched over two short days: random games play melees, supply,
 * the Night Turn with its Night Supply for both sides (R8.4) and the next
 * day to the end, the state sane and the deciding player's view offering
 * the same options at every step. */
static void test_two_days_random_games_end(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("boc-day1");
    gr_error err;
    assert_non_null(sc);
    assert_int_equal(gr_scenario_edit(sc, "turns first=none player-turns=0 day=1:16-19 day=2:5-7",
                                      &err),
                     GR_OK);
    for (uint64_t seed = 1; seed <= 3; seed++) {
        gr_game *g = NULL;
        assert_int_equal(gr_game_new(sc, seed, NULL, NULL, NULL, &g, NULL), GR_OK);
        gr_agent *agents[2] = {gr_agent_new("random", seed * 7 + 1, NULL, NULL),
                               gr_agent_new("random", seed * 7 + 2, NULL, NULL)};
        gr_pending p;
        int steps = 0, nights = 0;
        for (gr_game_pending(g, &p); p.kind != GR_PENDING_OVER; gr_game_pending(g, &p), steps++) {
            char buf[256];
            assert_true(steps < 20000);
            assert_int_equal(gr_game_query(g, "phase", buf, sizeof buf, &err), GR_OK);
            nights += strstr(buf, "phase=night") != NULL;
            gr_action none[1];
            int who = p.players & 1u ? 0 : 1;
            if (steps % 3 == 0 && gr_game_legal(g, who, none, 0) <= CAP) /* not whole-map moves */
                check_view(g, who, seed + (uint64_t)steps);
            assert_int_equal(gr_agents_step(g, agents, NULL, NULL, &err), GR_OK);
            if (gr_game_sanity(g, &err) != GR_OK)
                fail_msg("two days seed %llu step %d: %s", (unsigned long long)seed, steps,
                         err.msg);
        }
        assert_true(nights >= 2); /* both sides' Night Supply decisions */
        gr_agent_free(agents[0]);
        gr_agent_free(agents[1]);
        gr_game_free(g);
    }
    gr_scenario_free(sc);
}

/* Night arrivals placed by the first Night Turn of a full-battle game: the
 * blocks the brief schedules for Night 1 (data brief 3.4) standing on the
 * map when day 2 opens, before any Movement Phase could bring them on. */
static int night1_placed(const gr_game *g)
{
    static const char *const NIGHT1[] = {"c.jenkins", "c.mclaws", "c.kershaw", "c.hood",
                                         "u.stannard", "u.humphreys", "u.meade", "u.hunt"};
    int n = 0;
    for (size_t i = 0; i < sizeof NIGHT1 / sizeof NIGHT1[0]; i++) {
        char q[32], buf[256];
        gr_error err;
        snprintf(q, sizeof q, "unit %s", NIGHT1[i]);
        assert_int_equal(gr_game_query(g, q, buf, sizeof buf, &err), GR_OK);
        n += strstr(buf, "status=map") != NULL;
    }
    return n;
}

/* One random game of a whole scenario: every decision has a legal option
 * (the sanity checker passes at every step), the deciding player's view
 * offers the same options now and then, and the game ends at the
 * scenario's last day and hour.  Returns the Night 1 arrivals on the map
 * when a day 2 first opens (meaningful for the full battle), or -1. */
static int play_scenario(const gr_scenario *sc, uint64_t seed, const char *options,
                         const char *last)
{
    gr_game *g = NULL;
    gr_error err;
    assert_int_equal(gr_game_new(sc, seed, options, NULL, NULL, &g, NULL), GR_OK);
    gr_agent *agents[2] = {gr_agent_new("random", seed * 11 + 1, NULL, NULL),
                           gr_agent_new("random", seed * 11 + 2, NULL, NULL)};
    gr_pending p;
    int steps = 0, placed = -1;
    char buf[256] = "";
    for (gr_game_pending(g, &p); p.kind != GR_PENDING_OVER; gr_game_pending(g, &p), steps++) {
        gr_action none[1];
        int who = p.players & 1u ? 0 : 1, n = gr_game_legal(g, who, none, 0);
        assert_true(steps < 60000);
        assert_true(n > 0);
        assert_int_equal(gr_game_query(g, "phase", buf, sizeof buf, &err), GR_OK);
        if (placed < 0 && strstr(buf, "day=2"))
            placed = night1_placed(g);
        if (steps % 97 == 0 && n <= CAP) /* not whole-map moves */
            check_view(g, who, seed + (uint64_t)steps);
        assert_int_equal(gr_agents_step(g, agents, NULL, NULL, &err), GR_OK);
        if (gr_game_sanity(g, &err) != GR_OK)
            fail_msg("seed %llu step %d: %s", (unsigned long long)seed, steps, err.msg);
    }
    assert_non_null(strstr(buf, last)); /* the whole scenario was played */
    gr_agent_free(agents[0]);
    gr_agent_free(agents[1]);
    gr_game_free(g);
    return placed;
}

/* Day 1, Day 2, Day 3 and the full battle (data brief 3.1-3.4): random
 * games reach their last hour, the full battle 3 July 17:00 from 1 July
 * 08:00 (boc:R0-a boc:R0-b), with a legal option at every decision; the
 * full battle's first Night Turn places the scheduled night arrivals (B.4
 * step 2).  Day 1 is played once more with the optional Column/Line rule
 * (S-ColumnLine), formation changes and all, and Day 2 with the Free
 * Deployment (R0-c), both sides deploying first. */
static void test_every_scenario_random_games_end(void **state)
{
    (void)state;
    static const struct {
        const char *id, *options, *last;
        int games;
    } SC[] = {{"boc-day1", NULL, "day=1 hour=19", 1},
              {"boc-day1", "column=on", "day=1 hour=19", 1},
              {"boc-day2", NULL, "day=2 hour=20", 2},
              {"boc-day2", "deploy=free", "day=2 hour=20", 1},
              {"boc-day3", NULL, "day=3 hour=17", 2},
              {"boc-full", NULL, "day=3 hour=17", 1}};
    for (size_t i = 0; i < sizeof SC / sizeof SC[0]; i++) {
        gr_scenario *sc = tu_load(SC[i].id);
        assert_non_null(sc);
        for (uint64_t seed = 1; seed <= (uint64_t)SC[i].games; seed++) {
            int placed = play_scenario(sc, seed, SC[i].options, SC[i].last);
            if (!strcmp(SC[i].id, "boc-full"))
                assert_true(placed >= 4); /* most of the eight find room */
        }
        gr_scenario_free(sc);
    }
}

/* The Free Deployment (boc:R0-c) played by the search agents: on Day 2
 * with deploy=free, greedy and mcts (a small budget), each on both sides,
 * deploy and end their deployment; Game Turn 1 begins within a bounded
 * number of choices, every one legal, the game sane at each step. */
static void test_agents_play_free_deployment(void **state)
{
    (void)state;
    static const char *const KIND[2][2] = {{"greedy", "mcts"}, {"mcts", "greedy"}};
    gr_scenario *sc = tu_load("boc-day2");
    assert_non_null(sc);
    for (int k = 0; k < 2; k++) {
        gr_game *g = NULL;
        gr_error err;
        assert_int_equal(gr_game_new(sc, 7, "deploy=free", NULL, NULL, &g, NULL), GR_OK);
        gr_agent *agents[2];
        for (int p = 0; p < 2; p++)
            agents[p] = gr_agent_new(KIND[k][p], 3 + (uint64_t)p,
                                     !strcmp(KIND[k][p], "mcts") ? "iterations=20" : NULL, &err);
        assert_non_null(agents[0]);
        assert_non_null(agents[1]);
        char buf[256];
        int steps = 0, moved = 0;
        for (;; steps++) {
            assert_int_equal(gr_game_query(g, "phase", buf, sizeof buf, &err), GR_OK);
            if (!strstr(buf, "phase=deploy"))
                break;
            assert_true(steps < 400);
            assert_int_equal(gr_agents_step(g, agents, NULL, NULL, &err), GR_OK);
            if (gr_game_sanity(g, &err) != GR_OK)
                fail_msg("deployment step %d: %s", steps, err.msg);
            moved++;
        }
        assert_true(moved >= 2); /* at least each side's end-deploy */
        assert_non_null(strstr(buf, "decision=command"));
        gr_agent_free(agents[0]);
        gr_agent_free(agents[1]);
        gr_game_free(g);
    }
    gr_scenario_free(sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_games_end),
        cmocka_unit_test(test_day1_random_games_end),
        cmocka_unit_test(test_two_days_random_games_end),
        cmocka_unit_test(test_every_scenario_random_games_end),
        cmocka_unit_test(test_agents_play_free_deployment),
    };
    return cmocka_run_group_tests_name("boc_play", tests, NULL, NULL);
}
