/* test_arw_movement.c — the movement phase on the Savannah scenarios:
 * random games reach their end with the sanity check passing after every
 * action; at sampled movement decisions every legal action is accepted
 * (on a copy), a move to any other hex of the map is refused without
 * changing the game, and `reach UNIT` lists exactly the hexes of that
 * unit's legal moves; the SR1.1 colour bands used by SR4.1-3 sit at the
 * indices movecost.c expects; and the speed of random Historical Scenario
 * games (steps/s, printed). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "gr_internal.h"
#include "rules/arw/move/mvint.h"
#include "testutil.h"

#define MAX_LEGAL 4096

static gr_action legal[MAX_LEGAL];

static int move_decision(const gr_game *g, int *side)
{
    gr_pending p;
    gr_game_pending(g, &p);
    *side = (p.players & 1u) ? 0 : 1;
    return p.kind == GR_PENDING_DECISION && p.decision == ARW_D_MOVE;
}

/* The hexes `reach` lists for unit u (labels, comma-separated) contain
 * exactly the destinations of its legal moves. */
static void check_reach(const gr_game *g, int u, const gr_action *a, int n)
{
    char q[64], buf[16384], label[16];
    const arw_data *d = gr_sdata(g);
    const char *id = d->unit[u].id;
    snprintf(q, sizeof q, "reach %s", id);
    assert_int_equal(gr_game_query(g, q, buf, sizeof buf, NULL), GR_OK);
    int listed = 0, count = -1;
    const char *c = strstr(buf, "count=");
    assert_non_null(c);
    count = atoi(c + 6);
    for (int i = 0; i < n; i++) {
        if (a[i].kind != ARW_A_MOVE || a[i].arg[0] != u)
            continue;
        gr_grid_label_of(&d->map.grid, a[i].arg[1], label, sizeof label);
        char needle[24];
        snprintf(needle, sizeof needle, "%s:", label);
        if (!strstr(buf, needle))
            fail_msg("%s: legal move to %s missing from '%s'", id, label, buf);
        listed++;
    }
    assert_int_equal(listed, count);
}

/* Every legal action applies on a copy; moves elsewhere are refused. */
static void check_movement(gr_game *g, gr_game *scratch, int side, uint64_t seed)
{
    int n = gr_game_legal(g, side, legal, MAX_LEGAL);
    assert_true(n > 0 && n <= MAX_LEGAL);
    for (int i = (int)(seed % 5); i < n; i += 7 + (int)(seed % 5)) {
        gr_error err = {{0}, {0}};
        assert_int_equal(gr_game_copy(scratch, g), GR_OK);
        if (gr_game_apply(scratch, &legal[i], &err) != GR_OK)
            fail_msg("legal action %d refused: [%s] %s", i, err.rule, err.msg);
        if (gr_game_sanity(scratch, &err) != GR_OK)
            fail_msg("after legal action %d: %s", i, err.msg);
    }
    const arw_data *d = gr_sdata(g);
    int u = legal[0].kind == ARW_A_MOVE ? legal[0].arg[0] : -1;
    if (u < 0)
        return;
    check_reach(g, u, legal, n);
    uint64_t h = gr_game_hash(g);
    for (int hex = (int)(seed % 7); hex < d->map.nhex; hex += 7) {
        int listed = 0;
        for (int i = 0; i < n; i++)
            listed |= legal[i].kind == ARW_A_MOVE && legal[i].arg[0] == u && legal[i].arg[1] == hex;
        gr_action a = legal[0];
        a.arg[1] = hex;
        if (!listed) {
            gr_error err = {{0}, {0}};
            assert_int_not_equal(gr_game_apply(g, &a, &err), GR_OK);
            assert_true(strncmp(err.rule, "arw:", 4) == 0);
            assert_true(gr_game_hash(g) == h);
        }
    }
}

/* Plays one random game; returns its number of actions. */
static long play(const gr_scenario *sc, uint64_t seed, long cap, int checks)
{
    gr_game *g = NULL;
    gr_rng rng;
    gr_rng_seed(&rng, seed, 3);
    assert_int_equal(gr_game_new(sc, seed, NULL, NULL, NULL, &g, NULL), GR_OK);
    gr_game *scratch = gr_game_clone(g);
    long steps = 0;
    for (; steps < cap; steps++) {
        gr_pending p;
        gr_error err = {{0}, {0}};
        gr_game_pending(g, &p);
        if (p.kind == GR_PENDING_OVER)
            break;
        int side;
        if (move_decision(g, &side) && checks && gr_rng_below(&rng, 40) == 0)
            check_movement(g, scratch, side, seed + (uint64_t)steps);
        side = (p.players & 1u) ? 0 : 1;
        int n = gr_game_legal(g, side, legal, MAX_LEGAL);
        assert_true(n > 0);
        gr_action a = legal[gr_rng_below(&rng, (uint32_t)(n < MAX_LEGAL ? n : MAX_LEGAL))];
        if (gr_game_apply(g, &a, &err) != GR_OK)
            fail_msg("seed %llu step %ld: refused: %s", (unsigned long long)seed, steps, err.msg);
        if (checks && gr_game_sanity(g, &err) != GR_OK)
            fail_msg("seed %llu step %ld: %s", (unsigned long long)seed, steps, err.msg);
    }
    gr_game_free(scratch);
    gr_game_free(g);
    return steps;
}

static void test_historical_random(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("savannah-historical");
    assert_non_null(sc);
    long total = 0;
    uint64_t games = getenv("GR_VALGRIND") ? 1 : 3; /* valgrind: one game */
    for (uint64_t seed = 1; seed <= games; seed++) {
        long n = play(sc, seed, 20000, 1);
        assert_true(n < 20000); /* reached game over */
        total += n;
    }
    print_message("savannah-historical: %d random games, %ld actions\n", (int)games, total);
    gr_scenario_free(sc);
}

static void test_campaign_random(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("savannah-campaign");
    assert_non_null(sc);
    /* random play often ends the campaign early (strategic victory):
       play games until enough actions were checked */
    long want = getenv("GR_VALGRIND") ? 300 : 1500, n = 0;
    for (uint64_t seed = 11; n < want && seed < 41; seed++)
        n += play(sc, seed, want - n, 1);
    print_message("savannah-campaign: %ld random actions checked\n", n);
    assert_true(n >= want);
    gr_scenario_free(sc);
}

/* SR4.1-3: movecost.c compares colour bands with the ARW_BAND_* indices. */
static void test_group_indices(void **state)
{
    (void)state;
    assert_string_equal(arw_group_names[ARW_BAND_FRENCH_REGULARS], "french-regulars");
    assert_string_equal(arw_group_names[ARW_BAND_FRENCH_COLONIAL_MILITIA],
                        "french-colonial-militia");
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Speed of uniformly random play (a rules figure, printed). */
static void test_historical_speed(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("savannah-historical");
    double t0 = now();
    long steps = 0;
    for (uint64_t seed = 100; seed < (getenv("GR_VALGRIND") ? 101u : 104u); seed++)
        steps += play(sc, seed, 20000, 0);
    double t = now() - t0;
    print_message("savannah-historical: %ld random steps in %.2f s: %.0f steps/s\n", steps, t,
                  (double)steps / t);
    gr_scenario_free(sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_group_indices),
        cmocka_unit_test(test_historical_random),
        cmocka_unit_test(test_campaign_random),
        cmocka_unit_test(test_historical_speed),
    };
    return cmocka_run_group_tests_name("arw_movement", tests, NULL, NULL);
}
