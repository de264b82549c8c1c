/* test_ai_reopen.c — a secret simultaneous choice is the same matrix game
 * whichever side commits first (issue 19, item 1).  ARW tactic chits
 * (GR12.5): both sides choose without seeing the other's chit, so the
 * Allied agent that must choose after the British committed has no more
 * information than if it chose first.  Its choice must therefore be the one
 * it makes choosing first, whatever the British committed: the agents take
 * the British chit back in each sample (gr_game_determinize_open) instead of
 * answering a uniform guess of it.  With reopen=0 (the agents before issue
 * 19) the second mover answers the guess and its choices differ. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ai/agent.h"
#include "ai/match.h"
#include "ai/search.h"
#include "testutil.h"

#define SEEDS 12

static gr_action buf[AI_LEGAL_CAP];

/* Plays games of sc at random from dice seeds 1..seeds (gr_rng stream
 * `stream`) up to the first chit decision where both sides must choose and
 * want(g, ctx) holds; that game, or NULL. */
static gr_game *find_chit_position(const gr_scenario *sc, uint64_t seeds, uint64_t stream,
                                   int (*want)(const gr_game *g, void *ctx), void *ctx)
{
    for (uint64_t seed = 1; seed <= seeds; seed++) {
        gr_game *g = NULL;
        assert_int_equal(gr_game_new(sc, seed, NULL, NULL, NULL, &g, NULL), GR_OK);
        gr_rng rng;
        gr_rng_seed(&rng, seed, stream);
        for (int step = 0; step < 300; step++) {
            gr_pending pend;
            gr_game_pending(g, &pend);
            if (pend.kind == GR_PENDING_OVER)
                break;
            if (pend.kind == GR_PENDING_SIMULTANEOUS && pend.players == 3 && want(g, ctx))
                return g;
            assert_int_equal(ai_random_step(g, &rng), 1);
        }
        gr_game_free(g);
    }
    return NULL;
}

/* Both sides have at least three chits to choose from. */
static int three_each(const gr_game *g, void *ctx)
{
    (void)ctx;
    return gr_game_legal(g, 0, buf, AI_LEGAL_CAP) >= 3 &&
           gr_game_legal(g, 1, buf, AI_LEGAL_CAP) >= 3;
}

/* A position of arw-slice where both sides must choose among three chits
 * or more (NULL when none is found). */
static gr_game *chit_position(const gr_scenario *sc)
{
    return find_chit_position(sc, 50, 77, three_each, NULL);
}

/* The chits `spec` chooses for the Allies (player 1) in `real`, agent
 * seeds 1..SEEDS, into out. */
static void allied_choices(const char *spec, const gr_game *real, gr_action *out)
{
    gr_game *view = gr_game_view(real, 1);
    assert_non_null(view);
    for (int s = 0; s < SEEDS; s++) {
        gr_agent *a = gr_agent_from_spec(spec, (uint64_t)s + 1, NULL);
        assert_non_null(a);
        assert_int_equal(gr_agent_choose(a, view, 1, &out[s], NULL), GR_OK);
        gr_agent_free(a);
    }
    gr_game_free(view);
}

static int same_choices(const gr_action *a, const gr_action *b)
{
    for (int s = 0; s < SEEDS; s++)
        if (!ai_action_equal(&a[s], &b[s]))
            return 0;
    return 1;
}

/* The Allies' chits after each British chit equal their chits choosing
 * first; the view says the British committed (the pending decision names
 * the Allies alone) and hides which chit. */
static void second_mover_plays_the_matrix_game(const char *spec)
{
    gr_scenario *sc = tu_load("arw-slice");
    gr_game *g = chit_position(sc);
    assert_non_null(g);
    gr_action first[SEEDS], second[SEEDS];
    allied_choices(spec, g, first);
    static gr_action brit[AI_LEGAL_CAP];
    int n = gr_game_legal(g, 0, brit, AI_LEGAL_CAP);
    for (int b = 0; b < n; b++) {
        gr_game *after = gr_game_clone(g);
        assert_int_equal(gr_game_apply(after, &brit[b], NULL), GR_OK);
        gr_pending pend;
        gr_game_pending(after, &pend);
        assert_int_equal(pend.kind, GR_PENDING_SIMULTANEOUS);
        assert_int_equal(pend.players, 2); /* the Allies alone */
        allied_choices(spec, after, second);
        if (!same_choices(first, second))
            fail_msg("%s: the Allies chose otherwise after the British chit %d", spec, b);
        gr_game_free(after);
    }
    gr_game_free(g);
    gr_scenario_free(sc);
}

static void test_greedy_second_mover(void **state)
{
    (void)state;
    second_mover_plays_the_matrix_game("greedy:samples=4");
}

static void test_mcts_second_mover(void **state)
{
    (void)state;
    second_mover_plays_the_matrix_game("mcts:iterations=100");
}

/* Before issue 19 (reopen=0) the second mover answered a uniform guess of
 * the British chit: its choices differ from its first-mover choices (the
 * test above would catch the old behaviour). */
static void test_without_reopen_the_guess_shows(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("arw-slice");
    gr_game *g = chit_position(sc);
    assert_non_null(g);
    gr_action first[SEEDS], second[SEEDS];
    allied_choices("greedy:samples=4,reopen=0", g, first);
    gr_game *after = gr_game_clone(g);
    int n = gr_game_legal(after, 0, buf, AI_LEGAL_CAP);
    assert_true(n > 0);
    assert_int_equal(gr_game_apply(after, &buf[0], NULL), GR_OK);
    allied_choices("greedy:samples=4,reopen=0", after, second);
    assert_false(same_choices(first, second));
    gr_game_free(after);
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* The reopened sample asks the British again; a plain one does not. */
static void test_determinize_open(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("arw-slice");
    gr_game *g = chit_position(sc);
    assert_non_null(g);
    int n = gr_game_legal(g, 0, buf, AI_LEGAL_CAP);
    assert_true(n > 0);
    assert_int_equal(gr_game_apply(g, &buf[0], NULL), GR_OK);
    gr_game *view = gr_game_view(g, 1), *plain = gr_game_clone(view), *open = gr_game_clone(view);
    assert_int_equal(gr_game_determinize(plain, 5), GR_OK);
    assert_int_equal(gr_game_determinize_open(open, 5), GR_OK);
    gr_pending p1, p2;
    gr_game_pending(plain, &p1);
    gr_game_pending(open, &p2);
    assert_int_equal(p1.players, 2);
    assert_int_equal(p2.players, 3);
    assert_int_equal(gr_game_legal(open, 0, buf, AI_LEGAL_CAP), n);
    assert_int_equal(gr_game_determinize_open(g, 5), GR_ERR_ARG); /* not a view */
    gr_game_free(view);
    gr_game_free(plain);
    gr_game_free(open);
    gr_game_free(g);
    gr_scenario_free(sc);
}

typedef struct blunders {
    int player, seen;
} blunders;

static void note_blunder(void *ctx, const gr_game *g, const gr_event *e)
{
    blunders *b = ctx;
    int who = -1;
    if (gr_game_blunder(g, e, &who) >= 0 && who == b->player)
        b->seen = 1;
}

/* Non-zero when the Allied chit a, after British chit b in g, makes the
 * rules name a blunder of the Allies (an ineligible chit, GR12.54). */
static int allied_blunder(const gr_game *g, const gr_action *b, const gr_action *a)
{
    gr_game *t = gr_game_clone(g);
    blunders seen = {1, 0};
    assert_int_equal(gr_game_apply(t, b, NULL), GR_OK);
    gr_game_set_sink(t, note_blunder, &seen);
    assert_int_equal(gr_game_apply(t, a, NULL), GR_OK);
    gr_game_free(t);
    return seen.seen;
}

/* The Allies have an ineligible chit and an eligible one against the
 * first British chit (stored in *ctx). */
static int allied_ineligible_and_not(const gr_game *g, void *ctx)
{
    static gr_action mine[AI_LEGAL_CAP];
    gr_action *brit = ctx;
    assert_true(gr_game_legal(g, 0, brit, 1) >= 1);
    int n = gr_game_legal(g, 1, mine, AI_LEGAL_CAP), bad = 0;
    for (int i = 0; i < n; i++)
        bad += allied_blunder(g, brit, &mine[i]);
    return bad > 0 && bad < n;
}

/* A chit position where the Allies have an ineligible chit and an eligible
 * one (found by random play), or NULL; the first British chit in *brit. */
static gr_game *position_with_ineligible(const gr_scenario *sc, gr_action *brit)
{
    return find_chit_position(sc, 200, 91, allied_ineligible_and_not, brit);
}

/* The rules' blunder classifier sees an ineligible chit in the events the
 * rules emit (the counter once compared kinds without GR_EV_SYSTEM and
 * counted attacks); the agents never choose such a chit when an eligible
 * one exists (issue 19: dominated or ineligible chits, 0 a game). */
static void test_ineligible_chits_never_chosen(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("savannah-historical");
    gr_action brit;
    gr_game *g = position_with_ineligible(sc, &brit);
    assert_non_null(g);
    const char *specs[] = {"greedy:samples=4", "mcts:iterations=100", NULL};
    for (int k = 0; specs[k]; k++) {
        gr_action first[SEEDS], second[SEEDS];
        allied_choices(specs[k], g, first); /* choosing first */
        gr_game *after = gr_game_clone(g);
        assert_int_equal(gr_game_apply(after, &brit, NULL), GR_OK);
        allied_choices(specs[k], after, second); /* after the British */
        for (int s = 0; s < SEEDS; s++)
            if (allied_blunder(g, &brit, &first[s]) || allied_blunder(g, &brit, &second[s]))
                fail_msg("%s chose an ineligible chit (seed %d)", specs[k], s + 1);
        gr_game_free(after);
    }
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* A recorded Savannah position (tests/data/arw/ineligible-seed3.actions):
 * the British must choose a chit and are not eligible for Turn Flank; with
 * a DRM of -6 every chit gives nearly the same result, and in half of the
 * trials the Allies pick an ineligible chit too, which makes ARW name the
 * attacker's blunder only.  The agents still never pick Turn Flank. */
static void test_ineligible_chit_in_a_recorded_game(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("savannah-historical");
    gr_game *g = NULL;
    gr_error err = {{0}, {0}};
    if (tu_replay(sc, "tests/data/arw/ineligible-seed3.actions", &g, &err) != GR_OK)
        fail_msg("%s", err.msg);
    gr_pending pend;
    gr_game_pending(g, &pend);
    assert_int_equal(pend.players, 3);
    gr_action tf;
    assert_int_equal(gr_action_parse(g, "chit by=british chit=turn-flank", &tf, NULL), GR_OK);
    const char *specs[] = {"greedy", "mcts:iterations=100", NULL};
    gr_game *view = gr_game_view(g, 0);
    for (int k = 0; specs[k]; k++)
        for (int s = 1; s <= 3; s++) {
            gr_agent *a = gr_agent_from_spec(specs[k], (uint64_t)s, NULL);
            gr_action c;
            assert_int_equal(gr_agent_choose(a, view, 0, &c, NULL), GR_OK);
            if (ai_action_equal(&c, &tf))
                fail_msg("%s (seed %d) chose the ineligible Turn Flank", specs[k], s);
            gr_agent_free(a);
        }
    gr_game_free(view);
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* JdG's secret orders (R2.3.2-c): the Allies' orders after each French
 * commitment (the first four listed) equal their orders given first. */
static void test_jdg_orders_second_mover(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("jdg-slice");
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, 1, NULL, NULL, NULL, &g, NULL), GR_OK);
    gr_pending pend;
    gr_game_pending(g, &pend);
    assert_int_equal(pend.kind, GR_PENDING_SIMULTANEOUS);
    assert_int_equal(pend.players, 3);
    int french = gr_game_player_find(g, "french"), allied = 1 - french;
    gr_action first[SEEDS], second[SEEDS];
    static gr_action orders[AI_LEGAL_CAP];
    int n = gr_game_legal(g, french, orders, AI_LEGAL_CAP);
    assert_true(n >= 2);
    gr_game *view = gr_game_view(g, allied);
    for (int s = 0; s < SEEDS; s++) {
        gr_agent *a = gr_agent_from_spec("greedy:samples=4", (uint64_t)s + 1, NULL);
        assert_int_equal(gr_agent_choose(a, view, allied, &first[s], NULL), GR_OK);
        gr_agent_free(a);
    }
    gr_game_free(view);
    for (int b = 0; b < n && b < 4; b++) {
        gr_game *after = gr_game_clone(g);
        assert_int_equal(gr_game_apply(after, &orders[b], NULL), GR_OK);
        gr_game_pending(after, &pend);
        assert_int_equal(pend.players, 1u << allied);
        view = gr_game_view(after, allied);
        for (int s = 0; s < SEEDS; s++) {
            gr_agent *a = gr_agent_from_spec("greedy:samples=4", (uint64_t)s + 1, NULL);
            assert_int_equal(gr_agent_choose(a, view, allied, &second[s], NULL), GR_OK);
            gr_agent_free(a);
        }
        gr_game_free(view);
        if (!same_choices(first, second))
            fail_msg("the Allies gave other orders after the French orders %d", b);
        gr_game_free(after);
    }
    gr_game_free(g);
    gr_scenario_free(sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_determinize_open),
        cmocka_unit_test(test_greedy_second_mover),
        cmocka_unit_test(test_mcts_second_mover),
        cmocka_unit_test(test_without_reopen_the_guess_shows),
        cmocka_unit_test(test_ineligible_chits_never_chosen),
        cmocka_unit_test(test_ineligible_chit_in_a_recorded_game),
        cmocka_unit_test(test_jdg_orders_second_mover),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
