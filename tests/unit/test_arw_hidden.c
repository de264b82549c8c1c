/* test_arw_hidden.c — the tactical chits are a simultaneous secret decision
 * (GR12.23 Step 4): after one side commits, the other side's view does not
 * contain the chit (state, description, events), determinizing samples one,
 * and the committing side's own view keeps it.  The game state keeps no
 * hidden value once both chits are revealed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "testutil.h"

enum { BRITISH = 0, ALLIED = 1 };

/* The testbed with fr-1 attacking gb-1: pending both chits. */
static gr_game *at_chits(gr_scenario **sc, tu_log *log)
{
    *sc = tu_load("arw-testbed");
    assert_non_null(*sc);
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(*sc, 3, NULL, tu_log_sink, log, &g, NULL), GR_OK);
    assert_int_equal(gr_game_setup(g, "place gb-1 0505", NULL), GR_OK);
    assert_int_equal(gr_game_setup(g, "place fr-1 0506", NULL), GR_OK);
    gr_pending p;
    gr_game_pending(g, &p);
    assert_int_equal(p.kind, GR_PENDING_SIMULTANEOUS);
    assert_int_equal(p.players, 3);
    assert_string_equal(gr_game_decision_name(g, p.decision), "tactic-chit");
    return g;
}

static int describe_has(const gr_game *g, const char *text)
{
    char *buf = malloc(1 << 16);
    assert_non_null(buf);
    gr_game_describe(g, buf, 1 << 16);
    int found = strstr(buf, text) != NULL;
    free(buf);
    return found;
}

static void test_first_chit_is_hidden_from_the_other_side(void **state)
{
    (void)state;
    gr_scenario *sc;
    tu_log log = {0};
    gr_game *g = at_chits(&sc, &log);
    tu_log_free(&log);
    assert_int_equal(tu_apply(g, "chit by=british chit=refuse-flank", NULL), GR_OK);
    /* the secret event is addressed to the British only */
    assert_true(tu_log_has(&log, "chit-secret by=british chit=refuse-flank vis=british"));
    assert_true(tu_log_has(&log, "chit-committed by=british"));
    gr_game *allied = gr_game_view(g, ALLIED), *british = gr_game_view(g, BRITISH);
    assert_non_null(allied);
    assert_non_null(british);
    assert_false(describe_has(allied, "refuse-flank"));
    assert_true(describe_has(allied, "committed, hidden"));
    assert_true(describe_has(british, "refuse-flank"));
    /* the two views differ only by what each may see */
    assert_true(gr_game_hash(allied) != gr_game_hash(british));
    gr_game_free(british);
    /* a determinized allied view can play on with a sampled British chit */
    assert_int_equal(gr_game_determinize(allied, 42), GR_OK);
    assert_int_equal(tu_apply(allied, "chit by=allied chit=skirmish", NULL), GR_OK);
    gr_pending p;
    gr_game_pending(allied, &p);
    assert_true(p.kind != GR_PENDING_SIMULTANEOUS);
    gr_game_free(allied);
    gr_game_free(g);
    tu_log_free(&log);
    gr_scenario_free(sc);
}

static void test_determinize_samples_every_chit(void **state)
{
    (void)state;
    gr_scenario *sc;
    tu_log log = {0};
    gr_game *g = at_chits(&sc, &log);
    assert_int_equal(tu_apply(g, "chit by=british chit=stand-fast", NULL), GR_OK);
    int seen[8] = {0};
    char buf[256];
    for (uint64_t seed = 1; seed <= 200; seed++) {
        gr_game *v = gr_game_view(g, ALLIED);
        assert_int_equal(gr_game_determinize(v, seed), GR_OK);
        assert_int_equal(tu_apply(v, "chit by=allied chit=skirmish", NULL), GR_OK);
        assert_int_equal(gr_game_query(v, "combat 1", buf, sizeof buf, NULL), GR_OK);
        const char *c = strstr(buf, "def-chit=");
        assert_non_null(c);
        static const char *const names[] = {"skirmish", "echelon", "stand-fast", "withdraw",
                                            "frontal-assault", "commit-reserve", "turn-flank",
                                            "refuse-flank"};
        for (int i = 0; i < 8; i++)
            if (!strncmp(c + 9, names[i], strlen(names[i])) && c[9 + strlen(names[i])] == ' ')
                seen[i]++;
        gr_game_free(v);
    }
    for (int i = 0; i < 8; i++)
        assert_true(seen[i] > 0);
    gr_game_free(g);
    tu_log_free(&log);
    gr_scenario_free(sc);
}

static void test_revealed_chits_are_public(void **state)
{
    (void)state;
    gr_scenario *sc;
    tu_log log = {0};
    gr_game *g = at_chits(&sc, &log);
    int dice[] = {5};
    assert_int_equal(gr_game_push_dice(g, dice, 1), GR_OK);
    assert_int_equal(tu_apply(g, "chit by=allied chit=echelon", NULL), GR_OK);
    assert_int_equal(tu_apply(g, "chit by=british chit=withdraw", NULL), GR_OK);
    assert_true(tu_log_has(&log, "chits combat=1 att=echelon def=withdraw"));
    gr_game *v = gr_game_view(g, BRITISH);
    char buf[512];
    assert_int_equal(gr_game_query(v, "combat 1", buf, sizeof buf, NULL), GR_OK);
    assert_non_null(strstr(buf, "att-chit=echelon def-chit=withdraw"));
    gr_game_free(v);
    gr_game_free(g);
    tu_log_free(&log);
    gr_scenario_free(sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_first_chit_is_hidden_from_the_other_side),
        cmocka_unit_test(test_determinize_samples_every_chit),
        cmocka_unit_test(test_revealed_chits_are_public),
    };
    return cmocka_run_group_tests_name("arw_hidden", tests, NULL, NULL);
}
