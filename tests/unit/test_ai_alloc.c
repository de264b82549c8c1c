/*
 * test_ai_alloc.c — no heap allocation inside playouts and search
 * iterations.  The program is linked with --wrap for malloc, calloc,
 * realloc, aligned_alloc and posix_memalign (Makefile), so every allocation
 * made by the library and the agents passes through the counters below.
 * After one warm-up choice (which makes the agent's work game), whole random
 * playouts, greedy choices and mcts searches of hundreds of iterations on
 * every slice scenario, and on V&F's The Mill Farm (terrain, fate decks,
 * the sight and move caches of the rules scratch), must allocate nothing.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "ai/agent.h"
#include "ai/search.h"
#include "testutil.h"

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
void *__real_aligned_alloc(size_t align, size_t n);
int __real_posix_memalign(void **p, size_t align, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);
void *__wrap_aligned_alloc(size_t align, size_t n);
int __wrap_posix_memalign(void **p, size_t align, size_t n);

static long allocations;

void *__wrap_malloc(size_t n)
{
    allocations++;
    return __real_malloc(n);
}

void *__wrap_calloc(size_t n, size_t size)
{
    allocations++;
    return __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t n)
{
    allocations++;
    return __real_realloc(p, n);
}

void *__wrap_aligned_alloc(size_t align, size_t n)
{
    allocations++;
    return __real_aligned_alloc(align, n);
}

int __wrap_posix_memalign(void **p, size_t align, size_t n)
{
    allocations++;
    return __real_posix_memalign(p, align, n);
}

/* From index SLOW on, scenarios whose games are long: fewer of them (the
 * whole Saalfeld battle, The Mill Farm and D'Erlon's attack: issues 14 and 15 ask for zero
 * allocations tested on them). */
static const char *const SLICES[] = {"boc-slice", "jdg-slice", "vf-slice", "jdg-saalfeld",
                                     "vf-mill-farm", "vf-derlon", NULL};
enum { SLOW = 2 };

/* The counter sees allocations at all (the wrap is in place). */
static void test_counter_works(void **state)
{
    (void)state;
    long before = allocations;
    gr_game *g = NULL;
    gr_scenario *sc = tu_load("jdg-slice");
    assert_non_null(sc);
    assert_int_equal(gr_game_new(sc, 1, NULL, NULL, NULL, &g, NULL), GR_OK);
    assert_true(allocations > before);
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* Whole random games from copies of a start position allocate nothing. */
static void test_playouts_allocate_nothing(void **state)
{
    (void)state;
    for (int i = 0; SLICES[i]; i++) {
        gr_scenario *sc = tu_load(SLICES[i]);
        gr_game *start = NULL;
        assert_int_equal(gr_game_new(sc, 5, NULL, NULL, NULL, &start, NULL), GR_OK);
        gr_game *work = gr_game_clone(start);
        gr_rng rng;
        gr_rng_seed(&rng, 3, 4);
        int games = i >= SLOW ? 3 : 50, steps = 0;
        long before = allocations;
        for (int k = 0; k < games; k++) {
            assert_int_equal(gr_game_copy(work, start), GR_OK);
            int n = ai_playout(work, &rng, -1);
            assert_true(n > 0);
            steps += n;
        }
        if (allocations != before)
            fail_msg("%s: %ld allocations in %d playout steps", SLICES[i],
                     allocations - before, steps);
        gr_game_free(work);
        gr_game_free(start);
        gr_scenario_free(sc);
    }
}

/* Choices after the first (which makes the work game) allocate nothing. */
static void search_allocates_nothing(const char *kind, const char *params_fast,
                                     const char *params_slow)
{
    for (int i = 0; SLICES[i]; i++) {
        gr_scenario *sc = tu_load(SLICES[i]);
        int p = 0;
        gr_game *view = tu_view_with_options(sc, 9, 2, 0, &p); /* the first choice */
        assert_non_null(view);
        gr_agent *a = gr_agent_new(kind, 1, i >= SLOW ? params_slow : params_fast, NULL);
        assert_non_null(a);
        gr_action act;
        assert_int_equal(gr_agent_choose(a, view, p, &act, NULL), GR_OK);
        long before = allocations;
        for (int k = 0; k < 3; k++)
            assert_int_equal(gr_agent_choose(a, view, p, &act, NULL), GR_OK);
        gr_agent_stats st;
        gr_agent_stats_get(a, &st);
        if (allocations != before)
            fail_msg("%s on %s: %ld allocations in 3 choices (%llu iterations)", kind,
                     SLICES[i], allocations - before, (unsigned long long)st.iterations);
        if (params_fast[0] == 'i')
            assert_true(st.last_iterations > 0);
        gr_agent_free(a);
        gr_game_free(view);
        gr_scenario_free(sc);
    }
}

static void test_mcts_iterations_allocate_nothing(void **state)
{
    (void)state;
    /* matrix=0: a simultaneous choice is searched too (with matrix=1 it is
     * solved as greedy does, without iterations) */
    search_allocates_nothing("mcts", "iterations=300,rollout=-1,matrix=0",
                             "iterations=10,rollout=5,matrix=0");
    search_allocates_nothing("mcts", "matrix=1,iterations=300,prune=8",
                             "matrix=1,iterations=10,prune=8");
}

/* A phase planned as one macro-action (mcts `plan`, mcts_plan.c) on a
 * Savannah movement decision allocates nothing after the first choice:
 * asked again at the same point, the agent plans anew each time. */
static void test_plan_allocates_nothing(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("savannah-historical");
    assert_non_null(sc);
    int p = 0;
    gr_game *view = tu_view_with_options(sc, 5, 200, 1, &p);
    assert_non_null(view);
    gr_agent *a = gr_agent_new("mcts", 1, "iterations=50,plan=4", NULL);
    assert_non_null(a);
    gr_action act;
    assert_int_equal(gr_agent_choose(a, view, p, &act, NULL), GR_OK);
    long before = allocations;
    gr_agent_stats st;
    for (int k = 0; k < 3; k++) {
        assert_int_equal(gr_agent_choose(a, view, p, &act, NULL), GR_OK);
        gr_agent_stats_get(a, &st);
        assert_int_equal(st.last_iterations, 50);
    }
    if (allocations != before)
        fail_msg("plan: %ld allocations in 3 planned choices", allocations - before);
    gr_agent_free(a);
    gr_game_free(view);
    gr_scenario_free(sc);
}

static void test_greedy_allocates_nothing(void **state)
{
    (void)state;
    search_allocates_nothing("greedy", "samples=8", "samples=2");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counter_works),
        cmocka_unit_test(test_playouts_allocate_nothing),
        cmocka_unit_test(test_mcts_iterations_allocate_nothing),
        cmocka_unit_test(test_plan_allocates_nothing),
        cmocka_unit_test(test_greedy_allocates_nothing),
    };
    return cmocka_run_group_tests_name("ai_alloc", tests, NULL, NULL);
}
