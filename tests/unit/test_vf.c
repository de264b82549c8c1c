/* test_vf.c — Valour & Fortitude checks that rule cases cannot express:
 * every candidate `legal` offers is accepted by apply (over random games
 * of the slice), set-up refusals with their rule ids (a setup step of a
 * case must succeed), layouts the state can only hold through a hand-made
 * struct, and the loader's brigade-size check. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "rules/vf/vf.h"
#include "testutil.h"

/* Every candidate offered to agents is legal, and no candidate repeats:
 * random play of the slice, checking each position's whole list. */
static void test_every_candidate_is_legal(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("vf-slice");
    assert_non_null(sc);
    static gr_action cand[1024];
    for (uint64_t seed = 1; seed <= 3; seed++) {
        gr_game *g = NULL;
        assert_int_equal(gr_game_new(sc, seed, NULL, NULL, NULL, &g, NULL), GR_OK);
        gr_rng pick;
        gr_rng_seed(&pick, seed, 77);
        gr_pending p;
        int steps = 0;
        for (gr_game_pending(g, &p); p.kind != GR_PENDING_OVER; gr_game_pending(g, &p)) {
            int who = p.players & 1 ? 0 : 1;
            int n = gr_game_legal(g, who, cand, 1024);
            assert_true(n > 0 && n <= 1024);
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < i; j++)
                    assert_memory_not_equal(&cand[i], &cand[j], sizeof cand[i]);
                gr_game *c = gr_game_clone(g);
                gr_error err;
                assert_int_equal(gr_game_apply(c, &cand[i], &err), GR_OK);
                assert_int_equal(gr_game_sanity(c, &err), GR_OK);
                gr_game_free(c);
            }
            assert_int_equal(gr_game_apply(g, &cand[gr_rng_below(&pick, (uint32_t)n)], NULL),
                             GR_OK);
            assert_true(++steps < 200);
        }
        gr_game_free(g);
    }
    gr_scenario_free(sc);
}

/* Random games of several turns on the slice, the French set up 7" from
 * the British, reach the combat phase: every step keeps the game sane, a
 * decision always has an option, and some combats are fought (vf:7.0-a). */
static const char *const close_quarters[] = {
    /* the French 7" from the British line (y 6..8) */
    "unit fr-1er x=13.00 y=15.00 facing=180.00 files=6",
    "unit fr-2e x=23.00 y=15.00 facing=180.00 files=6",
    "unit fr-3e x=45.00 y=15.00 facing=180.00 files=6",
    "unit fr-leger x=34.38 y=15.00 facing=180.00 files=12 order=open gap=0.25",
    "unit fr-batterie x=51.00 y=16.00 facing=180.00 order=unlimbered",
    "unit fr-hussards x=59.00 y=16.00 facing=180.00 files=6",
    "unit fr-cuirassiers x=67.00 y=16.00 facing=180.00 files=6",
    NULL};

static void test_random_games_fight(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("vf-slice");
    assert_non_null(sc);
    assert_int_equal(gr_scenario_edit(sc, "max-turns 3", NULL), GR_OK);
    /* combat is what this test is after: no fate windows in the draws */
    assert_int_equal(gr_scenario_edit(sc, "fate off", NULL), GR_OK);
    static gr_action cand[1024];
    int fights = 0;
    /* 8 games: an assault is one candidate among many, so a game may have none */
    for (uint64_t seed = 1; seed <= 8; seed++) {
        gr_game *g = NULL;
        assert_int_equal(gr_game_new(sc, seed, NULL, NULL, NULL, &g, NULL), GR_OK);
        for (int i = 0; close_quarters[i]; i++)
            assert_int_equal(gr_game_setup(g, close_quarters[i], NULL), GR_OK);
        gr_rng pick;
        gr_rng_seed(&pick, seed, 91);
        gr_pending p;
        int steps = 0;
        for (gr_game_pending(g, &p); p.kind != GR_PENDING_OVER; gr_game_pending(g, &p)) {
            int who = p.players & 1 ? 0 : 1;
            int n = gr_game_legal(g, who, cand, 1024);
            assert_true(n > 0 && n <= 1024);
            gr_action *a = &cand[gr_rng_below(&pick, (uint32_t)n)];
            char line[256];
            gr_action_format(g, a, line, sizeof line);
            fights += strncmp(line, "fight ", 6) == 0;
            gr_error err;
            assert_int_equal(gr_game_apply(g, a, &err), GR_OK);
            assert_int_equal(gr_game_sanity(g, &err), GR_OK);
            assert_true(++steps < 2000);
        }
        gr_game_free(g);
    }
    assert_true(fights > 0);
    gr_scenario_free(sc);
}

/* "The Mill Farm" (6 turns a side, terrain, objectives) played by random
 * candidates: sane after every step, a decision always has an option, and
 * every game ends; some end with a winner (objectives and defeats scored,
 * vf:10.0-b), not all 0-0. */
static int play_mill_farm(gr_scenario *sc, uint64_t seed)
{
    static gr_action cand[1024];
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, seed, NULL, NULL, NULL, &g, NULL), GR_OK);
    gr_rng pick;
    gr_rng_seed(&pick, seed, 5);
    gr_pending p;
    int steps = 0;
    for (gr_game_pending(g, &p); p.kind != GR_PENDING_OVER; gr_game_pending(g, &p)) {
        int who = p.players & 1 ? 0 : 1;
        int n = gr_game_legal(g, who, cand, 1024);
        assert_true(n > 0 && n <= 1024);
        gr_error err;
        assert_int_equal(gr_game_apply(g, &cand[gr_rng_below(&pick, (uint32_t)n)], &err), GR_OK);
        assert_int_equal(gr_game_sanity(g, &err), GR_OK);
        assert_true(++steps < 5000);
    }
    gr_game_free(g);
    return p.winner;
}

/* `games` random games of scenario `id` (seeds 1..games), some decisive. */
static void random_games_end(const char *id, int games)
{
    gr_scenario *sc = tu_load(id);
    assert_non_null(sc);
    int decisive = 0;
    for (uint64_t seed = 1; seed <= (uint64_t)games; seed++)
        decisive += play_mill_farm(sc, seed) >= 0;
    assert_true(decisive > 0);
    gr_scenario_free(sc);
}

static void test_mill_farm_plays(void **state)
{
    (void)state;
    random_games_end("vf-mill-farm", 12);
}

/* "D'Erlon's attack" (22 French and 18 Allied units, 8 turns a side, a
 * building held from the start, barriers, reinforcements on both sides)
 * played the same way: sane, never without an option, every game ends. */
static void test_derlon_plays(void **state)
{
    (void)state;
    random_games_end("vf-derlon", 6);
}

/* Setup lines refuse illegal set-ups and name the rule. */
static void expect_setup_refused(gr_game *g, const char *line, const char *rule)
{
    gr_error err;
    memset(&err, 0, sizeof err);
    uint64_t before = gr_game_hash(g);
    assert_int_not_equal(gr_game_setup(g, line, &err), GR_OK);
    assert_string_equal(err.rule, rule);
    assert_true(gr_game_hash(g) == before);
}

static void test_setup_refusals(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("vf-testbed");
    assert_non_null(sc);
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, 1, NULL, NULL, NULL, &g, NULL), GR_OK);
    /* EX-02: 23 or 37 Old Guard figures (vf:1.2-a) */
    expect_setup_refused(g, "unit b-guard x=20 y=20 facing=0 files=6 figures=23", "vf:1.2-a");
    expect_setup_refused(g, "unit b-guard x=20 y=20 facing=0 files=6 figures=37", "vf:1.2-a");
    assert_int_equal(gr_game_setup(g, "unit b-guard x=20 y=20 facing=0 files=6 figures=36", NULL),
                     GR_OK);
    /* TC-F14: open-order gaps over 1/2" (SR-OpenOrder-a; the id is split so
     * that rule-coverage, which counts numbered statements only, skips it) */
    expect_setup_refused(g, "unit a-det x=40 y=20 facing=0 files=4 order=open gap=0.60",
                         "vf" ":SR-OpenOrder-a");
    /* TC-F17: gun and limber more than 1" apart (vf:1.2.3-a) */
    expect_setup_refused(g, "unit a-art x=50 y=20 facing=0 order=unlimbered gap=1.20",
                         "vf:1.2.3-a");
    /* no two bases may overlap (vf:1.2.1-b) */
    expect_setup_refused(g, "unit b-line x=21 y=21 facing=0 files=12", "vf:1.2.1-b");
    /* 1.2.1-e: more than 6 figures in one rank */
    expect_setup_refused(g, "unit b-det x=40 y=30 facing=0 files=7 figures=7", "vf:1.2.1-e");
    /* vf:1.2.1-a: in close order every base touches its neighbours, so a
     * close-order line with 1/4" gaps is refused; the same gaps in open
     * order are its exception (SR-OpenOrder-a) */
    expect_setup_refused(g, "unit a-det x=40 y=20 facing=0 files=4 gap=0.25", "vf:1.2.1-a");
    assert_int_equal(gr_game_setup(g, "unit a-det x=40 y=20 facing=0 files=4 order=open gap=0.25",
                                   NULL),
                     GR_OK);
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* Static Artillery cannot enter as a reinforcement (vf:SR-StaticArtillery-c):
 * the edit line that would make it one is refused and changes nothing; a
 * field gun may. */
static void test_static_artillery_never_arrives(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("vf-specials");
    assert_non_null(sc);
    gr_error err = {0};
    assert_int_not_equal(gr_scenario_edit(sc, "arrives sgun 2 0 10 0 20", &err), GR_OK);
    assert_string_equal(err.rule, "vf:SR-StaticArtillery-c");
    const vf_sdata *sd = sc->sdata;
    assert_int_equal(sd->unit[vf_unit_find(sd, "sgun")].arrives, 0);
    assert_int_equal(gr_scenario_edit(sc, "arrives lgun 2 0 10 0 20", NULL), GR_OK);
    assert_int_equal(sd->unit[vf_unit_find(sd, "lgun")].arrives, 2);
    gr_scenario_free(sc);
}

/* The drill scenario with one patch must fail to load, the message
 * holding `what` and a file:line:column position. */
/* Scenario `id` loaded with one patch of data file `file` (under data/)
 * must fail, the message holding `what` and a file:line:column position in
 * that file (named by `name`). */
static void expect_patch_error(const char *id, const char *file, const char *name,
                               const char *from, const char *to, const char *what)
{
    gr_scenario *sc = NULL;
    gr_error err = {{0}, {0}};
    gr_status st = tu_load_patched(id, file, from, to, &sc, &err);
    gr_scenario_free(sc);
    assert_int_equal(st, GR_ERR_DATA);
    if (!strstr(err.msg, what) || !strstr(err.msg, name))
        fail_msg("patch '%s' -> '%s': got '%s', want '%s'", from, to, err.msg, what);
}

static void expect_drill_error(const char *from, const char *to, const char *what)
{
    expect_patch_error("vf-drill", "scenarios/vf-drill.json", "vf-drill.json:", from, to, what);
}

/* Scenario refusals: a brigade of 1 unit (vf:1.4-c: 2 to 8), a brigade
 * without its leader or an army without its army leader (vf:1.3-a). */
static void test_scenario_refusals(void **state)
{
    (void)state;
    expect_drill_error("{\"id\": \"e4\", \"profile\": \"inf\", \"brigade\": \"b2\"",
                       "{\"id\": \"e4\", \"profile\": \"inf\", \"brigade\": \"b1\"",
                       "vf:1.4-c");
    expect_drill_error("{\"id\": \"b2\", \"side\": \"b\", \"leader\": {\"id\": \"b2-ldr\"}}",
                       "{\"id\": \"b2\", \"side\": \"b\"}", "leader");
    expect_drill_error(", \"army_leader\": {\"id\": \"a-army\"}", "", "army_leader");
}

/* A terrain piece is a piece of scenario data with a type and a geometry
 * (vf:T.0-a): a piece of an unknown kind, one without a kind and one whose
 * rectangle has no area are refused, naming the file:line:column. */
static void test_terrain_pieces_need_kind_and_area(void **state)
{
    (void)state;
    static const char file[] = "scenarios/vf-mill-farm.json", name[] = "vf-mill-farm.json:";
    expect_patch_error("vf-mill-farm", file, name, "\"kind\": \"wood\", \"rect\": [[54, 30]",
                       "\"kind\": \"lava\", \"rect\": [[54, 30]", "kind");
    expect_patch_error("vf-mill-farm", file, name, "\"kind\": \"road\", ", "", "kind");
    expect_patch_error("vf-mill-farm", file, name, "[[52, 8], [60, 14]]", "[[52, 8], [52, 14]]",
                       "needs an area (vf:T.0-a)");
}

/* An army sheet gives the unit profiles, the army special rules and a fate
 * table (vf:1.5-a): a sheet without its fate table or its army special
 * rules (the profiles are required the same way) is refused, naming it and
 * the file:line:column.  Every unit is organised into a brigade before the
 * battle (vf:1.4-a): a unit naming no brigade of the scenario is refused. */
static void test_army_sheet_and_brigades_required(void **state)
{
    (void)state;
    static const char *const patch[][3] = {
        {"\"fate_table\": [],", "", "fate_table"},
        {"\"army_special_rules\": [],", "", "army_special_rules"}};
    for (int i = 0; i < 2; i++)
        expect_patch_error("vf-drill", "vf/army-drill.json", "army-drill.json:", patch[i][0],
                           patch[i][1], patch[i][2]);
    expect_drill_error("{\"id\": \"e4\", \"profile\": \"inf\", \"brigade\": \"b2\"",
                       "{\"id\": \"e4\", \"profile\": \"inf\", \"brigade\": \"zz\"",
                       "unknown brigade 'zz'");
    expect_drill_error("{\"id\": \"e4\", \"profile\": \"inf\", \"brigade\": \"b2\"",
                       "{\"id\": \"e4\", \"profile\": \"inf\"", "brigade");
}

/* D'Erlon's attack: the KGL starts occupying La Haye Sainte (the
 * scenario's "occupies"), which lies completely within its brigade's
 * deployment zone; refused at load, with file:line:column: a second unit
 * occupying it (vf:T.3.1-a: one unit a piece), a piece that is not
 * defensible terrain, a piece not completely within the brigade's zone
 * or a brigade with no zone (vf:T.3.2-d). */
static void test_derlon_occupied_at_start(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("vf-derlon");
    assert_non_null(sc);
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, 1, NULL, NULL, NULL, &g, NULL), GR_OK);
    char out[512];
    gr_error err;
    assert_int_equal(gr_game_query(g, "unit a-kgl", out, sizeof out, &err), GR_OK);
    assert_non_null(strstr(out, "order=inside"));
    gr_game_free(g);
    gr_scenario_free(sc);
    static const char *const patch[][3] = {
        {"\"at\": {\"x\": 22.88, \"y\": 18, \"facing\": 0, \"files\": 4, \"order\": \"open\", "
         "\"gap\": 0.25}",
         "\"occupies\": \"lhs\"", "vf:T.3.1-a"},
        {"\"occupies\": \"lhs\"", "\"occupies\": \"chaussee\"", "not a defensible"},
        /* La Haye Sainte (y 22..27) sticks out of a zone ending at y 25 */
        {"\"zone\": [[8, 14], [27, 30]]", "\"zone\": [[8, 14], [27, 25]]", "vf:T.3.2-d"},
        {", \"zone\": [[8, 14], [27, 30]]", "", "vf:T.3.2-d"}};
    for (int i = 0; i < 4; i++)
        expect_patch_error("vf-derlon", "scenarios/vf-derlon.json", "vf-derlon.json:",
                           patch[i][0], patch[i][1], patch[i][2]);
}

/* Layouts only a hand-made struct can hold (the action and setup syntax
 * cannot express them): TC-F08 ranks 3, 3, 4 (the last larger). */
static void test_rear_rank_never_larger(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("vf-drill");
    assert_non_null(sc);
    const vf_sdata *sd = sc->sdata;
    int u = vf_unit_find(sd, "i1");
    vf_layout l = {.order = VF_ORDER_CLOSE, .files = 3, .ranks = 3, .last = 4};
    vf_verdict v;
    assert_false(vf_layout_check(sd, u, 10, &l, &v));
    assert_string_equal(v.rule, "vf:1.2.1-d");
    l.last = 1; /* 3, 3, 1 = 7 figures, not 10 */
    assert_false(vf_layout_check(sd, u, 10, &l, &v));
    assert_string_equal(v.rule, "vf:1.2.1-d");
    vf_layout_shape(&l, 10, 3); /* 3, 3, 3, 1 */
    assert_true(vf_layout_check(sd, u, 10, &l, &v));
    assert_int_equal(l.ranks, 4);
    assert_int_equal(l.last, 1);
    gr_scenario_free(sc);
}

/* The state is one flat struct: its size per scenario. */
static void test_state_size(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("vf-slice");
    assert_non_null(sc);
    size_t n = sc->rules->state_size(sc->sdata);
    assert_int_equal(n, offsetof(vf_state, unit) + 14 * sizeof(vf_unit));
    /* 1,016 + what a reaction window holds: the waiting resolution and the
     * combat being fought (fate/react.c, combat/fight.c) */
    print_message("vf-slice state: %zu bytes\n", n);
    assert_true(n <= 1040);
    gr_scenario_free(sc);
}

/* vf_sample (the staged draw: a unit, then one of its candidates checked
 * only when drawn, or now and then a slide off the list; a target, then a
 * fire action) returns only actions gr_game_apply accepts (include/
 * grognard.h: for continuous decisions a draw need not be listed), the
 * same for the same stream, without changing the game; some draws are off
 * the list; and the cached facts (cache.c) give the lists of a game with
 * none kept.  Random games of the slice and of The Mill Farm. */
static void test_sample_draws_are_accepted(void **state)
{
    (void)state;
    static const char *const names[] = {"vf-slice", "vf-mill-farm", "vf-derlon"};
    static gr_action cand[1024], fresh_cand[1024];
    int unlisted = 0;
    for (int s = 0; s < 3; s++) {
        gr_scenario *sc = tu_load(names[s]);
        assert_non_null(sc);
        gr_game *g = NULL;
        assert_int_equal(gr_game_new(sc, 5, NULL, NULL, NULL, &g, NULL), GR_OK);
        gr_rng rng;
        gr_rng_seed(&rng, 9, 3);
        gr_pending p;
        int steps = 0;
        for (gr_game_pending(g, &p); p.kind != GR_PENDING_OVER && steps < 60;
             gr_game_pending(g, &p), steps++) {
            int who = p.players & 1 ? 0 : 1;
            int n = gr_game_legal(g, who, cand, 1024);
            assert_true(n > 0 && n <= 1024);
            gr_game *fresh = gr_game_clone(g); /* a clone keeps no facts */
            assert_int_equal(gr_game_legal(fresh, who, fresh_cand, 1024), n);
            assert_memory_equal(cand, fresh_cand, sizeof cand[0] * (size_t)n);
            gr_game_free(fresh);
            uint64_t h = gr_game_hash(g);
            gr_action a = {0}, b = {0};
            for (int k = 0; k < 4; k++) {
                gr_rng again = rng;
                assert_int_equal(gr_game_sample(g, who, &rng, &a), GR_OK);
                assert_int_equal(gr_game_sample(g, who, &again, &b), GR_OK);
                assert_true(a.kind == b.kind && memcmp(a.arg, b.arg, sizeof a.arg) == 0);
                int found = 0;
                for (int i = 0; i < n && !found; i++)
                    found = cand[i].kind == a.kind && cand[i].player == a.player &&
                            cand[i].nargs == a.nargs &&
                            memcmp(cand[i].arg, a.arg, sizeof a.arg) == 0;
                unlisted += !found;
                gr_game *trial = gr_game_clone(g); /* apply accepts every draw */
                assert_int_equal(gr_game_apply(trial, &a, NULL), GR_OK);
                gr_game_free(trial);
            }
            assert_true(gr_game_hash(g) == h);
            assert_int_equal(gr_game_apply(g, &a, NULL), GR_OK);
        }
        gr_game_free(g);
        gr_scenario_free(sc);
    }
    assert_true(unlisted > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_candidate_is_legal),
        cmocka_unit_test(test_random_games_fight),
        cmocka_unit_test(test_mill_farm_plays),
        cmocka_unit_test(test_derlon_plays),
        cmocka_unit_test(test_derlon_occupied_at_start),
        cmocka_unit_test(test_army_sheet_and_brigades_required),
        cmocka_unit_test(test_setup_refusals),
        cmocka_unit_test(test_rear_rank_never_larger),
        cmocka_unit_test(test_static_artillery_never_arrives),
        cmocka_unit_test(test_scenario_refusals),
        cmocka_unit_test(test_terrain_pieces_need_kind_and_area),
        cmocka_unit_test(test_state_size),
        cmocka_unit_test(test_sample_draws_are_accepted),
    };
    return cmocka_run_group_tests_name("vf", tests, NULL, NULL);
}
