/* test_arw_declare.c — the close-combat declaration never leaves the active
 * player without a legal action (arw:GR12.12-a, arw:GR12.13-a).
 *
 * tests/data/arw/declare-seed68.actions replays the opening of a Savannah
 * game found by the arena (greedy against random, dice seed 68) up to the
 * Allied declaration of turn 16: sixteen French units obliged to attack,
 * eleven British hexes that must be attacked, two attacks declared.  The
 * declaration search used to run out of its node budget there, accepted an
 * attack it had not proven, and the game stopped with no legal action at
 * all.  The search now places forced attackers first and fails early, so
 * it proves the answer; and "declare-done" is never refused on an unproven
 * obligation. */
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

#define ACTIONS "tests/data/arw/declare-seed68.actions"
#define MAX_LEGAL 4096
#define COMPLETIONS 100

static gr_action legal_buf[MAX_LEGAL];

/* Legal actions of the player who must decide now (at least one). */
static int legal_now(const gr_game *g)
{
    gr_pending p;
    gr_game_pending(g, &p);
    assert_int_not_equal(p.kind, GR_PENDING_OVER);
    int player = 0;
    while (!(p.players & (1u << player)))
        player++;
    return gr_game_legal(g, player, legal_buf, MAX_LEGAL);
}

/* The file's position (the caller frees it). */
static gr_game *replay(const gr_scenario *sc)
{
    gr_game *g = NULL;
    gr_error err = {{0}, {0}};
    if (tu_replay(sc, ACTIONS, &g, &err) != GR_OK)
        fail_msg("%s", err.msg);
    return g;
}

/* In the file's position, `line` is refused under `rule` with a message
 * containing `says`; the state is left as it was and an action remains. */
static void expect_refused(const char *line, const char *rule, const char *says)
{
    gr_scenario *sc = tu_load("savannah-historical");
    gr_game *g = replay(sc);
    uint64_t before = gr_game_hash(g);
    gr_error err;
    assert_int_equal(tu_apply(g, line, &err), GR_ERR_ILLEGAL);
    assert_string_equal(err.rule, rule);
    assert_non_null(strstr(err.msg, says));
    assert_int_equal(gr_game_hash(g), before);
    assert_true(legal_now(g) > 0);
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* The attack that used to be accepted without proof is refused, with the
 * obligation as its reason (arw:GR12.12-a). */
static void test_unproven_attack_refused(void **state)
{
    (void)state;
    expect_refused("attack by=allied unit=grenadiers-san-domingue hex=2206", "arw:GR12.12-a",
                   "obligation unmet");
}

/* A unit that may attack but has no enemy next to it (armagnac, 1506) is
 * left out of the search; its attack is still refused with the adjacency
 * rule, not as a unit that cannot attack (arw:GR12.12-a). */
static void test_attack_without_enemy_near(void **state)
{
    (void)state;
    expect_refused("attack by=allied unit=armagnac hex=1605", "arw:GR12.12-a",
                   "not an adjacent enemy hex");
}

/* Non-zero while the Allied declaration is still being made. */
static int declaring(const gr_game *g)
{
    gr_pending p;
    gr_game_pending(g, &p);
    return p.kind != GR_PENDING_OVER &&
           strcmp(gr_game_decision_name(g, p.decision), "declare") == 0;
}

/* Random completions of the declaration, every choice from the legal list:
 * each decision on the way offers at least one action, and each one ends
 * the declaration (arw:GR12.13-a: "declare-done" is offered once every
 * must-attack hex is attacked; the engine ends it when nothing is left). */
static void test_every_completion_reaches_done(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("savannah-historical"); /* arw:GR12.13-a */
    gr_game *start = replay(sc), *g = gr_game_clone(start);
    gr_rng rng;
    gr_rng_seed(&rng, 68, 1);
    gr_error err;
    int dones = 0;
    for (int game = 0; game < COMPLETIONS; game++) {
        assert_int_equal(gr_game_copy(g, start), GR_OK);
        for (int steps = 0; steps < 200 && declaring(g); steps++) {
            int n = legal_now(g);
            assert_true(n > 0);
            gr_action a = legal_buf[gr_rng_below(&rng, (uint32_t)n)];
            char text[256];
            gr_action_format(g, &a, text, sizeof text);
            if (gr_game_apply(g, &a, &err) != GR_OK)
                fail_msg("legal '%s' refused: %s", text, err.msg);
        }
        dones += !declaring(g);
    }
    assert_int_equal(dones, COMPLETIONS);
    gr_game_free(g);
    gr_game_free(start);
    gr_scenario_free(sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_unproven_attack_refused),
        cmocka_unit_test(test_attack_without_enemy_near),
        cmocka_unit_test(test_every_completion_reaches_done),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
