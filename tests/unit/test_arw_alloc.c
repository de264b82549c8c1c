/* test_arw_alloc.c — the ARW rules allocate nothing on the heap while they
 * play: malloc, calloc and realloc are wrapped at link time
 * (-Wl,--wrap=..., Makefile) and counted while thousands of legal/apply
 * steps run on the slice and on random test-bed positions (pending, legal,
 * apply and the automatic steps behind them).  Games are created and
 * cloned outside the counted region. */
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

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t m);
void *__real_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t m);
void *__wrap_realloc(void *p, size_t n);

static int counting;
static long allocations;

void *__wrap_malloc(size_t n)
{
    allocations += counting;
    return __real_malloc(n);
}

void *__wrap_calloc(size_t n, size_t m)
{
    allocations += counting;
    return __real_calloc(n, m);
}

void *__wrap_realloc(void *p, size_t n)
{
    allocations += counting;
    return __real_realloc(p, n);
}

#define MAX_LEGAL 256

/* Plays `g` to the end (or `cap` steps) with a simple random policy,
 * counting allocations only inside pending/legal/apply. */
static long play(gr_game *g, uint64_t seed, int cap)
{
    gr_rng rng;
    gr_action legal[MAX_LEGAL];
    gr_pending p;
    long steps = 0;
    gr_rng_seed(&rng, seed, 1);
    for (; steps < cap; steps++) {
        counting = 1;
        gr_game_pending(g, &p);
        counting = 0;
        if (p.kind == GR_PENDING_OVER)
            break;
        int side = (p.players & 1u) ? 0 : 1;
        counting = 1;
        int n = gr_game_legal(g, side, legal, MAX_LEGAL);
        counting = 0;
        assert_true(n > 0);
        gr_action a = legal[gr_rng_below(&rng, (uint32_t)(n < MAX_LEGAL ? n : MAX_LEGAL))];
        gr_error err = {{0}, {0}};
        counting = 1;
        gr_status st = gr_game_apply(g, &a, &err);
        counting = 0;
        assert_int_equal(st, GR_OK);
    }
    return steps;
}

/* Plays `games` random games from g's position (seeds 1..games), each from
 * a copy of it; asserts that they took over 2,000 steps and no allocation. */
static void play_from(const gr_game *g, uint64_t games, const char *what)
{
    long steps = 0;
    gr_game *start = gr_game_clone(g), *work = gr_game_clone(g);
    allocations = 0;
    for (uint64_t seed = 1; seed <= games; seed++) {
        assert_int_equal(gr_game_copy(work, start), GR_OK);
        steps += play(work, seed, 1000);
    }
    print_message("%s: %ld rules steps, %ld heap allocations\n", what, steps, allocations);
    assert_true(steps > 2000);
    assert_int_equal(allocations, 0);
    gr_game_free(work);
    gr_game_free(start);
}

static void test_slice_no_alloc(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("arw-slice");
    gr_game *g = NULL;
    gr_error err = {{0}, {0}};
    assert_int_equal(gr_game_new(sc, 1, NULL, NULL, NULL, &g, &err), GR_OK);
    play_from(g, 300, "arw-slice");
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* A crowded test-bed position played through several phases and turns. */
static void test_testbed_no_alloc(void **state)
{
    (void)state;
    static const char *const setup[] = {
        "place gb-1 0505", "place gb-mil-1 0505", "place gb-ldr-1 0505", "place gb-2 0605",
        "place gb-cav-1 0404", "place gb-art-1 0604", "place fr-1 0506", "place fr-ldr-1 0506",
        "place fr-2 0606", "place fr-3 0407", "place fr-cav-1 0706", "place fr-art-1 0507",
        "momentum british=2 allied=2"};
    gr_scenario *sc = tu_load("arw-testbed");
    gr_game *g = NULL;
    gr_error err = {{0}, {0}};
    assert_int_equal(gr_scenario_edit(sc, "length 18 -", &err), GR_OK);
    assert_int_equal(gr_game_new(sc, 3, NULL, NULL, NULL, &g, &err), GR_OK);
    for (size_t i = 0; i < sizeof setup / sizeof setup[0]; i++)
        if (gr_game_setup(g, setup[i], &err) != GR_OK)
            fail_msg("%s: %s", setup[i], err.msg);
    play_from(g, 200, "arw-testbed");
    gr_game_free(g);
    gr_scenario_free(sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_slice_no_alloc),
        cmocka_unit_test(test_testbed_no_alloc),
    };
    return cmocka_run_group_tests_name("arw_alloc", tests, NULL, NULL);
}
