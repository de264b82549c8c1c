/* test_arw_scratch.c — ARW's movement facts and searches kept in the game's
 * rules scratch (src/rules/arw/mvscratch.c) never change a result: random
 * Savannah games are played twice from the same seeds, once as the agents
 * play them (the draw's facts and searches reused by the apply, the
 * single-option test's by the next draw), once with the scratch forgotten
 * before every call (a copy of the game into itself's twin); the drawn
 * actions, the legal lists (movement decisions) and the state hashes must
 * agree at every step.  A copy, a view and a determinization made between
 * a draw and its apply must not carry facts of another position either. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "testutil.h"

#define GAMES 3
#define MAX_STEPS 3000
#define LIST_CAP 4096

/* g forgets its scratch: a copy from a twin holding the same state. */
static void forget(gr_game *g, gr_game *twin)
{
    assert_int_equal(gr_game_copy(twin, g), GR_OK);
    assert_int_equal(gr_game_copy(g, twin), GR_OK);
}

static int due_player(const gr_game *g)
{
    gr_pending p;
    gr_game_pending(g, &p);
    if (p.kind == GR_PENDING_OVER || !p.players)
        return -1;
    return (p.players & 1u) ? 0 : 1;
}

/* The legal lists of both games agree (asked on movement decisions only:
 * the others do not use the scratch, and are slow to list). */
static int same_legal(const gr_game *a, const gr_game *b, int player, gr_action *la,
                      gr_action *lb)
{
    char q[256];
    gr_game_query(a, "phase", q, sizeof q, NULL);
    if (!strstr(q, "phase=movement"))
        return 0;
    int na = gr_game_legal(a, player, la, LIST_CAP);
    int nb = gr_game_legal(b, player, lb, LIST_CAP);
    assert_int_equal(na, nb);
    assert_memory_equal(la, lb, sizeof *la * (size_t)(na < LIST_CAP ? na : LIST_CAP));
    return 1;
}

/* Plays the pair; returns the number of movement lists compared. */
static int play_pair(const gr_scenario *sc, uint64_t seed, gr_action *la, gr_action *lb)
{
    int lists = 0, over = 0;
    gr_game *a, *b, *twin;
    assert_int_equal(gr_game_new(sc, seed, NULL, NULL, NULL, &a, NULL), GR_OK);
    assert_int_equal(gr_game_new(sc, seed, NULL, NULL, NULL, &b, NULL), GR_OK);
    twin = gr_game_clone(b);
    gr_rng ra, rb;
    gr_rng_seed(&ra, seed, 7);
    gr_rng_seed(&rb, seed, 7);
    for (int step = 0; step < MAX_STEPS; step++) {
        int p = due_player(a);
        assert_int_equal(p, due_player(b));
        if (p < 0) {
            over = 1;
            break;
        }
        gr_action xa, xb;
        forget(b, twin);
        assert_int_equal(gr_game_sample(a, p, &ra, &xa), GR_OK);
        assert_int_equal(gr_game_sample(b, p, &rb, &xb), GR_OK);
        assert_memory_equal(&xa, &xb, sizeof xa);
        if (step % 7 == 0) { /* the list too, between a draw and its apply */
            forget(b, twin);
            lists += same_legal(a, b, p, la, lb);
        }
        forget(b, twin);
        assert_int_equal(gr_game_apply(a, &xa, NULL), GR_OK);
        assert_int_equal(gr_game_apply(b, &xb, NULL), GR_OK);
        assert_true(gr_game_hash(a) == gr_game_hash(b));
    }
    gr_game_free(a);
    gr_game_free(b);
    gr_game_free(twin);
    assert_true(over);
    return lists;
}

static void test_kept_facts_change_nothing(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("savannah-historical");
    gr_action *la = malloc(sizeof *la * LIST_CAP), *lb = malloc(sizeof *lb * LIST_CAP);
    assert_non_null(la);
    assert_non_null(lb);
    int lists = 0;
    for (int i = 0; i < GAMES; i++)
        lists += play_pair(sc, 1000u + (uint64_t)i, la, lb);
    assert_true(lists > 10);
    free(la);
    free(lb);
    gr_scenario_free(sc);
}

/* A draw on one game, then that game overwritten by another position
 * (copy), viewed and determinized: the draw's facts must not survive. */
static void test_copy_view_forget(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("savannah-historical");
    gr_game *a, *b;
    assert_int_equal(gr_game_new(sc, 1, NULL, NULL, NULL, &a, NULL), GR_OK);
    assert_int_equal(gr_game_new(sc, 1, NULL, NULL, NULL, &b, NULL), GR_OK);
    gr_rng r;
    gr_rng_seed(&r, 5, 5);
    for (int step = 0; step < 400; step++) { /* a moves on, b stays behind */
        int p = due_player(a);
        gr_action x, y;
        if (p < 0)
            break;
        assert_int_equal(gr_game_sample(a, p, &r, &x), GR_OK);
        assert_int_equal(gr_game_apply(a, &x, NULL), GR_OK);
        if (step % 50 != 0 || due_player(b) < 0)
            continue;
        gr_rng r2 = r;
        assert_int_equal(gr_game_sample(b, due_player(b), &r2, &y), GR_OK); /* b's facts */
        assert_int_equal(gr_game_copy(b, a), GR_OK);  /* b is a now */
        gr_game *v = gr_game_view(b, 0);
        assert_non_null(v);
        assert_int_equal(gr_game_determinize(v, 3), GR_OK);
        gr_rng r3 = r, r4 = r;
        if (due_player(b) >= 0) {
            gr_action xb, xv;
            gr_game *fresh = gr_game_clone(b);
            assert_int_equal(gr_game_sample(b, due_player(b), &r3, &xb), GR_OK);
            assert_int_equal(gr_game_sample(fresh, due_player(fresh), &r4, &xv), GR_OK);
            assert_memory_equal(&xb, &xv, sizeof xb);
            gr_game_free(fresh);
        }
        gr_game_free(v);
    }
    gr_game_free(a);
    gr_game_free(b);
    gr_scenario_free(sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kept_facts_change_nothing),
        cmocka_unit_test(test_copy_view_forget),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
