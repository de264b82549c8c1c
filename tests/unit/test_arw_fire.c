/* test_arw_fire.c — the ARW fire module beyond the rule cases:
 *  - the what-if query "odds fire FIRERS... at TARGET" gives exact counts
 *    that match brute force: the real fire applied on clones with every
 *    forced pair (triple for German Jaegers) of die faces, tallied by the
 *    "fire-result" events; the query is pure and fast;
 *  - random legal play from positions opening with the fire phases: every
 *    legal action is accepted, the sanity check passes, games end;
 *  - broken fire tables in tables.json are refused with file:line:column. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "arwtest.h"
#include "testutil.h"

#define MAX_LINES 16

/* A fire to check: scenario edits, setup lines, the designations before the
 * one that resolves the fire, that last action, and the odds query. */
typedef struct fire_case {
    const char *name;
    const char *options;
    const char *edits[MAX_LINES];
    const char *setups[MAX_LINES];
    const char *before[MAX_LINES];
    const char *last;
    const char *query;
    int dice; /* die faces per fire: 2, or 3 when two to-hit rolls may be made */
} fire_case;

static const fire_case CASES[] = {
    {"artillery 3 SP at 3 hexes", "auto=0", {NULL},
     {"place gb-art-1 0502", "place fr-1 0505", "phase defensive-fire active=allied", NULL},
     {"fire by=british unit=gb-art-1 target=fr-1", NULL}, "fire-now by=british",
     "odds fire gb-art-1 at fr-1", 2},
    {"combined fire at a battery in a forest in fog", "auto=0", {"hex 0505 forest", NULL},
     {"place gb-art-1 0502", "place gb-art-2 0404", "place fr-art-1 0505", "weather fog",
      "phase defensive-fire active=allied", NULL},
     {"fire by=british unit=gb-art-1 target=fr-art-1",
      "fire by=british unit=gb-art-2 target=fr-art-1", NULL},
     "fire-now by=british", "odds fire gb-art-1 gb-art-2 fr-art-1", 2},
    {"6 SP at light infantry, one battery firing through a redoubt", "auto=0",
     {"unit fr-1 flags=light", "side 0505 0504 redoubt", NULL},
     {"place gb-art-1 0504", "place gb-art-2 0404", "place gb-1 0504",
      "place fr-1 0505", "phase defensive-fire active=allied", NULL},
     {"fire by=british unit=gb-art-1 target=fr-1", "fire by=british unit=gb-art-2 target=fr-1",
      NULL},
     "fire-now by=british", "odds fire gb-art-1 gb-art-2 at fr-1", 2},
    {"EX-03 militia rifles at the Guards", NULL,
     {"unit us-mil-1 sp=1 flags=militia,rifle", "unit us-mil-2 sp=1 flags=militia,rifle",
      NULL},
     {"place gb-1 0505", "place us-mil-1 0506", "place us-mil-2 0606",
      "phase rifle-fire active=allied", NULL},
     {"rifle-fire by=allied unit=us-mil-1 target=gb-1", NULL},
     "rifle-fire by=allied unit=us-mil-2 target=gb-1", "odds fire us-mil-1 us-mil-2 at gb-1",
     2},
    {"German Jaegers roll twice", NULL,
     {"unit gb-2 group=germans flags=rifle", "hex 0505 light-forest", NULL},
     {"place fr-cav-1 0506", "place gb-2 0505", "phase rifle-fire active=british", NULL},
     {NULL}, "rifle-fire by=british unit=gb-2 target=fr-cav-1",
     "odds fire gb-2 at fr-cav-1", 3},
};

static gr_scenario *scenario_with(const char *const *edits)
{
    gr_scenario *sc = tu_load("arw-testbed");
    assert_non_null(sc);
    for (int i = 0; edits[i]; i++) {
        gr_error err = {{0}, {0}};
        if (gr_scenario_edit(sc, edits[i], &err) != GR_OK)
            fail_msg("edit '%s': %s", edits[i], err.msg);
    }
    return sc;
}

/* The game just before the fire is resolved. */
static gr_game *before_fire(const gr_scenario *sc, const fire_case *c)
{
    gr_game *g = NULL;
    gr_error err = {{0}, {0}};
    assert_int_equal(gr_game_new(sc, 1, c->options, NULL, NULL, &g, &err), GR_OK);
    for (int i = 0; c->setups[i]; i++)
        if (gr_game_setup(g, c->setups[i], &err) != GR_OK)
            fail_msg("setup '%s': %s", c->setups[i], err.msg);
    for (int i = 0; c->before[i]; i++)
        if (tu_apply(g, c->before[i], &err) != GR_OK)
            fail_msg("%s: '%s' refused: %s", c->name, c->before[i], err.msg);
    return g;
}

/* Value of token "key=" in a query answer, or -1. */
static int token(const char *answer, const char *key)
{
    char want[32];
    snprintf(want, sizeof want, " %s=", key);
    const char *p = strstr(answer, want);
    return p ? atoi(p + strlen(want)) : -1;
}

#define NCODES 6
static const char *const CODES[NCODES] = {"R", "D", "1", "1*", "AM", "2"};

/* Result of the fire in a log: index in CODES, or NCODES for a miss. */
static int result_of(const tu_log *log)
{
    const char *p = log->text ? strstr(log->text, "fire-result ") : NULL;
    if (!p)
        return NCODES;
    p = strstr(p, "result=") + 7;
    for (int i = 0; i < NCODES; i++) {
        size_t n = strlen(CODES[i]);
        if (!strncmp(p, CODES[i], n) && (p[n] == '\n' || p[n] == '\0' || p[n] == ' '))
            return i;
    }
    fail_msg("unknown fire result in '%.40s'", p);
    return NCODES;
}

/* Tally of the real fire over every forced tuple of die faces. */
static void brute_force(const gr_game *g, const fire_case *c, int tally[NCODES + 1])
{
    int total = c->dice == 3 ? 1000 : 100;
    memset(tally, 0, sizeof(int) * (NCODES + 1));
    for (int t = 0; t < total; t++) {
        int faces[3] = {t % 10, (t / 10) % 10, t / 100};
        gr_game *k = gr_game_clone(g);
        tu_log log = {0};
        gr_error err = {{0}, {0}};
        gr_game_set_sink(k, tu_log_sink, &log);
        assert_int_equal(gr_game_push_dice(k, faces, c->dice), GR_OK);
        if (tu_apply(k, c->last, &err) != GR_OK)
            fail_msg("%s: '%s' refused: %s", c->name, c->last, err.msg);
        if (gr_game_sanity(k, &err) != GR_OK)
            fail_msg("%s: %s", c->name, err.msg);
        tally[result_of(&log)]++;
        tu_log_free(&log);
        gr_game_free(k);
    }
}

static void test_odds_match_brute_force(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        const fire_case *c = &CASES[i];
        gr_scenario *sc = scenario_with(c->edits);
        gr_game *g = before_fire(sc, c);
        char answer[512];
        gr_error err = {{0}, {0}};
        uint64_t h = gr_game_hash(g);
        if (gr_game_query(g, c->query, answer, sizeof answer, &err) != GR_OK)
            fail_msg("%s: query: %s", c->name, err.msg);
        assert_true(gr_game_hash(g) == h); /* pure */
        int tally[NCODES + 1];
        brute_force(g, c, tally);
        print_message("%s: %s\n", c->name, answer);
        assert_int_equal(token(answer, "den"), c->dice == 3 ? 1000 : 100);
        assert_int_equal(token(answer, "miss"), tally[NCODES]);
        int sum = token(answer, "miss");
        for (int r = 0; r < NCODES; r++) {
            int q = token(answer, CODES[r]);
            if (q < 0 && tally[r] == 0)
                continue;
            if (q != tally[r])
                fail_msg("%s: %s: query %d, brute force %d (%s)", c->name, CODES[r], q,
                         tally[r], answer);
            sum += q;
        }
        assert_int_equal(sum, token(answer, "den"));
        assert_true(tally[NCODES] > 0 && tally[NCODES] < token(answer, "den"));
        gr_game_free(g);
        gr_scenario_free(sc);
    }
}

static void test_odds_query_answers(void **state)
{
    (void)state;
    const fire_case *c = &CASES[0];
    gr_scenario *sc = scenario_with(c->edits);
    gr_game *g = before_fire(sc, c);
    char answer[512];
    /* 3 SP at 3 hexes: to hit 7, 30 hits in 100; T-ArtilleryDamage vs infantry */
    assert_int_equal(gr_game_query(g, "odds fire gb-art-1 at fr-1", answer, sizeof answer, NULL),
                     GR_OK);
    assert_non_null(strstr(answer, "kind=artillery sp=3 range=3 to-hit=7 drm=0 possible=1 "
                                   "rolls=1 den=100 miss=70 R=12 D=9 1=6 1*=3"));
    clock_t t0 = clock();
    for (int i = 0; i < 10000; i++)
        gr_game_query(g, "odds fire gb-art-1 at fr-1", answer, sizeof answer, NULL);
    double us = (double)(clock() - t0) / CLOCKS_PER_SEC * 1e6 / 10000;
    print_message("odds fire: %.2f us per query\n", us);
    assert_true(us < 1000);
    /* impossible fires say why; bad operands are refused */
    assert_int_equal(gr_game_setup(g, "place fr-2 0509", NULL), GR_OK);
    assert_int_equal(gr_game_query(g, "odds fire gb-art-1 fr-2", answer, sizeof answer, NULL),
                     GR_OK);
    assert_non_null(strstr(answer, "possible=0 why=range"));
    assert_int_equal(gr_game_query(g, "odds fire fr-1 at gb-art-1", answer, sizeof answer, NULL),
                     GR_ERR_ARG);
    assert_int_equal(gr_game_query(g, "odds fire gb-art-1", answer, sizeof answer, NULL),
                     GR_ERR_ARG);
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* ---------------------------------------------------------------- random play */


/* Every legal action of every deciding player applies on a copy. */
static void check_all_legal(const gr_game *g, gr_game *scratch, uint64_t seed)
{
    gr_pending p;
    gr_action legal[512];
    gr_game_pending(g, &p);
    for (int side = 0; side < 2; side++) {
        if (!(p.players & (1u << side)))
            continue;
        int n = gr_game_legal(g, side, legal, 512);
        assert_true(n > 0 && n <= 512);
        for (int i = 0; i < n; i++) {
            gr_error err = {{0}, {0}};
            assert_int_equal(gr_game_copy(scratch, g), GR_OK);
            if (gr_game_apply(scratch, &legal[i], &err) != GR_OK)
                fail_msg("seed %llu: legal action %d refused: %s", (unsigned long long)seed, i,
                         err.msg);
            if (gr_game_sanity(scratch, &err) != GR_OK)
                fail_msg("seed %llu: after legal action %d: %s", (unsigned long long)seed, i,
                         err.msg);
        }
    }
}

/* Random legal actions to the end; returns the number of fire rolls. */
static int play_randomly(gr_game *g, uint64_t seed, tu_log *log)
{
    gr_rng rng;
    gr_game *scratch = gr_game_clone(g);
    gr_rng_seed(&rng, seed, 5);
    for (int step = 0;; step++) {
        gr_pending p;
        gr_action legal[512];
        gr_error err = {{0}, {0}};
        gr_game_pending(g, &p);
        if (p.kind == GR_PENDING_OVER)
            break;
        if (step > 400)
            fail_msg("seed %llu: no end after 400 actions", (unsigned long long)seed);
        if (seed <= 60)
            check_all_legal(g, scratch, seed);
        int side = (p.players & 1) ? 0 : 1;
        int n = gr_game_legal(g, side, legal, 512);
        assert_true(n > 0);
        if (gr_game_apply(g, &legal[gr_rng_below(&rng, (uint32_t)(n < 512 ? n : 512))], &err) !=
            GR_OK)
            fail_msg("seed %llu: %s", (unsigned long long)seed, err.msg);
        if (gr_game_sanity(g, &err) != GR_OK)
            fail_msg("seed %llu: %s", (unsigned long long)seed, err.msg);
    }
    gr_game_free(scratch);
    int rolls = 0;
    for (const char *p = log->text; p && (p = strstr(p, "fire-roll ")); p++)
        rolls++;
    return rolls;
}

static void test_random_play_through_fire_phases(void **state)
{
    (void)state;
    gr_scenario *sc = scenario_with((const char *const[]){
        "unit us-mil-1 flags=militia,rifle", "unit us-mil-2 flags=militia,rifle",
        "unit gb-3 flags=rifle", "unit fr-2 type=artillery sp=3/2 flags=mortar",
        "unit gb-2 group=germans flags=rifle", NULL});
    int fires = 0, busy = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        gr_game *g = NULL;
        tu_log log = {0};
        assert_int_equal(gr_game_new(sc, seed, seed % 3 ? NULL : "auto=0", tu_log_sink, &log, &g,
                                     NULL),
                         GR_OK);
        tu_arw_fire_position(g, seed, 91);
        int n = play_randomly(g, seed, &log);
        fires += n;
        busy += n > 0;
        tu_log_free(&log);
        gr_game_free(g);
    }
    print_message("fire phases, 200 random games: %d fire rolls, %d games with fire\n", fires,
                  busy);
    assert_true(busy > 60);
    gr_scenario_free(sc);
}

/* ---------------------------------------------------------------- loader */

static void refused(const char *from, const char *to, const char *what)
{
    gr_scenario *sc = NULL;
    gr_error err = {{0}, {0}};
    assert_int_equal(tu_load_patched("arw-testbed", "arw/tables.json", from, to, &sc, &err),
                     GR_ERR_DATA);
    gr_scenario_free(sc);
    if (!strstr(err.msg, "arw/tables.json:") || !strstr(err.msg, what))
        fail_msg("'%s' -> '%s': got '%s', want '%s'", from, to, err.msg, what);
}

static void test_broken_fire_tables_are_refused(void **state)
{
    (void)state;
    refused("\"guns\": [7, 9,", "\"guns\": [7, 19,", "out of range");
    refused("\"guns\": [7, 9, \"-\"", "\"guns\": [7, 9, \"x\"", "to-hit number");
    refused("\"sp\": [2, 2]", "\"sp\": [3, 3]", "SP rows");
    refused("\"columns\": [[1, 1], [2, 3]", "\"columns\": [[1, 1], [3, 3]", "range columns");
    refused("\"D\", \"D\", \"1\", \"1\", \"1*\"]", "\"D\", \"D\", \"1\", \"1\", \"DC\"]",
            "fire result");
    refused("\"gale\": \"P\"", "\"gale\": \"X\"", "no fire");
    refused("\"step-loss\", \"disrupted\"", "\"lost\", \"disrupted\"", "lost");
    refused("\"NE\", \"SE\"", "\"NNE\", \"SE\"", "NNE");
    refused("\"light-infantry-target\": -1", "\"light-target\": -1", "light-target");
    refused("\"mortar_max\": 5", "\"mortar_max\": 7", "longest range");
}

static void test_rifle_damage_is_provisional(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("arw-testbed");
    int rifle = 0, scatter = 0;
    for (int i = 0; i < gr_scenario_provisional_count(sc); i++) {
        rifle |= strstr(gr_scenario_provisional(sc, i), "T-RifleDamage") != NULL;
        scatter |= strstr(gr_scenario_provisional(sc, i), "T-MortarScatter") != NULL;
    }
    assert_true(rifle && scatter);
    gr_scenario_free(sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_odds_match_brute_force),
        cmocka_unit_test(test_odds_query_answers),
        cmocka_unit_test(test_random_play_through_fire_phases),
        cmocka_unit_test(test_broken_fire_tables_are_refused),
        cmocka_unit_test(test_rifle_damage_is_provisional),
    };
    return cmocka_run_group_tests_name("arw_fire", tests, NULL, NULL);
}
