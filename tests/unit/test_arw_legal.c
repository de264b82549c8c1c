/* test_arw_legal.c — what the ARW speed work must not change.
 *
 * - Line-of-sight covers: the lines los.c takes from the per-offset table
 *   (arw_data.los_line) are exactly gr_hex_cover's, for every pair of hexes
 *   up to 8 apart on the Savannah map and on the test bed.
 * - The quick line of sight (arw_los_clear, what the artillery search asks)
 *   answers as arw_los_trace does, for every pair up to 8 apart on random
 *   test-bed maps (terrain, slopes, streams, dikes, works, units, destroyed
 *   towns) and on the Savannah map along a random game.
 * - A retreat has an end hex (arw_retreat_any, what pending and the task
 *   runner ask) exactly when arw_retreat_hexes lists one, for every unit of
 *   those random maps and of the Savannah opening.
 * - Legal = accepted: along random games of savannah-historical and from
 *   random fire positions on the test bed (forest, town, slopes, naval
 *   guns, rifles, a mortar), at every fire decision (artillery, mortars,
 *   mortar targets, rifles), retreat and diversion, the legal list equals
 *   the
 *   actions arw_check accepts among every unit x unit (every unit x hex)
 *   argument of the decision's kinds.  legal() and check() share their
 *   predicates; the brute force makes sure the enumeration (per-call
 *   scans, targets in range only, early exits) leaves nothing out and
 *   adds nothing.
 * Under valgrind (GR_VALGRIND=1) fewer games are played. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ai/agent.h"
#include "gr_internal.h"
#include "rules/arw/arw.h"
#include "rules/arw/fire/fireint.h"
#include "arwtest.h"
#include "testutil.h"

#define MAX_LEGAL 4096

static int under_valgrind(void)
{
    const char *v = getenv("GR_VALGRIND");
    return v && *v && strcmp(v, "0") != 0;
}

/* ---------------------------------------------------------------- covers */

static void covers_match(const char *id)
{
    gr_scenario *sc = tu_load(id);
    assert_non_null(sc);
    const arw_data *d = sc->sdata;
    long lines = 0;
    for (int a = 0; a < d->map.nhex; a++)
        for (int b = 0; b < d->map.nhex; b++) {
            if (arw_hex_distance(d, a, b) > 8)
                continue;
            gr_hex want[ARW_LOS_MAX_COVER], got[ARW_LOS_MAX_COVER];
            uint8_t wz[ARW_LOS_MAX_COVER], gz[ARW_LOS_MAX_COVER];
            int n = gr_hex_cover(gr_grid_hex(&d->map.grid, a), gr_grid_hex(&d->map.grid, b), want,
                                 wz, ARW_LOS_MAX_COVER);
            assert_int_equal(arw_los_cover(d, a, b, got, gz), n);
            for (int k = 0; k < n; k++)
                if (got[k].q != want[k].q || got[k].r != want[k].r || gz[k] != wz[k])
                    fail_msg("%s: line %d -> %d differs at hex %d", id, a, b, k);
            lines++;
        }
    print_message("%s: %ld lines checked\n", id, lines);
    gr_scenario_free(sc);
}

static void test_los_covers_from_table(void **state)
{
    (void)state;
    covers_match("savannah-historical");
    covers_match("arw-testbed");
}

/* Pairs compared, by arw_los_trace's reason (printed). */
static long reasons[ARW_LOS_OFF_MAP + 1];

/* arw_los_clear against arw_los_trace for every pair of hexes up to
 * `reach` apart in game g; returns the pairs compared. */
static long clear_matches_trace(const gr_game *g, int reach)
{
    const arw_data *d = arw_dat(g);
    long pairs = 0;
    for (int a = 0; a < d->map.nhex; a++)
        for (int b = 0; b < d->map.nhex; b++) {
            if (arw_hex_distance(d, a, b) > reach)
                continue;
            arw_los o;
            arw_los_trace(g, a, b, &o);
            if (arw_los_clear(g, a, b) != o.clear)
                fail_msg("line of sight %d -> %d: quick %d, traced %d (%s)", a, b,
                         arw_los_clear(g, a, b), o.clear, arw_los_reason_names[o.reason]);
            reasons[o.reason]++;
            pairs++;
        }
    return pairs;
}

/* Four hills: every side of a random hex a slope down from it (GR11.43
 * case C between two hills). */
static void add_hills(gr_scenario *sc, gr_rng *rng)
{
    const arw_data *d = sc->sdata;
    for (int i = 0; i < 4; i++) {
        int hill = (int)gr_rng_below(rng, 100);
        for (int k = 0; k < 6; k++) {
            char a[16], b[16], line[64];
            int nb = d->map.nb[hill * 6 + k];
            if (nb < 0)
                continue;
            arw_hex_label(d, hill, a, sizeof a);
            arw_hex_label(d, nb, b, sizeof b);
            snprintf(line, sizeof line, "side %s %s slope", a, b);
            assert_int_equal(gr_scenario_edit(sc, line, NULL), GR_OK);
        }
    }
}

/* A random test-bed map: terrain letters, slopes, streams and dikes, units
 * of both sides anywhere, some towns destroyed. */
static gr_game *random_los_position(uint64_t seed, gr_scenario **out)
{
    static const char LETTERS[] = ".........lFTwrvh";
    static const char *const FEATURES[] = {"slope", "slope", "stream", "dike", "redoubt"};
    gr_scenario *sc = tu_load("arw-testbed");
    gr_game *g = NULL;
    gr_rng rng;
    char line[128];
    assert_non_null(sc);
    gr_rng_seed(&rng, seed, 23);
    for (int row = 0; row < 10; row++) {
        int n = snprintf(line, sizeof line, "map-row %d", row);
        for (int c = 0; c < 10; c++)
            n += snprintf(line + n, sizeof line - (size_t)n, " %c",
                          LETTERS[gr_rng_below(&rng, sizeof LETTERS - 1)]);
        assert_int_equal(gr_scenario_edit(sc, line, NULL), GR_OK);
    }
    for (int i = 0; i < 40; i++) {
        int col = 1 + (int)gr_rng_below(&rng, 9), row = 1 + (int)gr_rng_below(&rng, 9);
        snprintf(line, sizeof line, "side %02d%02d %02d%02d %s", col, row,
                 col + (int)gr_rng_below(&rng, 2), row + (int)gr_rng_below(&rng, 2),
                 FEATURES[gr_rng_below(&rng, 5)]);
        gr_scenario_edit(sc, line, NULL); /* (not adjacent: refused, never mind) */
    }
    add_hills(sc, &rng);
    assert_int_equal(gr_game_new(sc, seed, NULL, NULL, NULL, &g, NULL), GR_OK);
    const arw_data *d = arw_dat(g);
    for (int u = 0; u < d->nunits; u++) {
        snprintf(line, sizeof line, "place %s %02d%02d", d->unit[u].id,
                 1 + (int)gr_rng_below(&rng, 10), 1 + (int)gr_rng_below(&rng, 10));
        gr_game_setup(g, line, NULL); /* (stacking may refuse it) */
    }
    for (int i = 0; i < 6; i++) {
        snprintf(line, sizeof line, "destroyed %02d%02d", 1 + (int)gr_rng_below(&rng, 10),
                 1 + (int)gr_rng_below(&rng, 10));
        gr_game_setup(g, line, NULL); /* (not a town: refused) */
    }
    *out = sc;
    return g;
}

static void test_los_quick_answer_matches_trace(void **state)
{
    (void)state;
    long pairs = 0;
    int maps = under_valgrind() ? 3 : 40;
    for (uint64_t seed = 1; seed <= (uint64_t)maps; seed++) {
        gr_scenario *sc = NULL;
        gr_game *g = random_los_position(seed, &sc);
        pairs += clear_matches_trace(g, 8);
        gr_game_free(g);
        gr_scenario_free(sc);
    }
    gr_scenario *sc = tu_load("savannah-historical");
    gr_game *g = NULL;
    gr_agent *agents[2] = {gr_agent_new("random", 1, NULL, NULL),
                           gr_agent_new("random", 2, NULL, NULL)};
    assert_int_equal(gr_game_new(sc, 77, NULL, NULL, NULL, &g, NULL), GR_OK);
    for (int step = 0; step < 60; step++) { /* units move and go as the game is played */
        gr_pending p;
        gr_action done[2];
        int nd = 0;
        if (step % 20 == 0 && (!under_valgrind() || step == 0))
            pairs += clear_matches_trace(g, 7);
        gr_game_pending(g, &p);
        if (p.kind == GR_PENDING_OVER)
            break;
        assert_int_equal(gr_agents_step(g, agents, done, &nd, NULL), GR_OK);
    }
    print_message("line of sight: %ld pairs compared:", pairs);
    for (int r = 0; r <= ARW_LOS_OFF_MAP; r++)
        print_message(" %s %ld", arw_los_reason_names[r], reasons[r]);
    print_message("\n");
    gr_agent_free(agents[0]);
    gr_agent_free(agents[1]);
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* arw_retreat_any against arw_retreat_hexes for every unit on the map, 1 to
 * 3 hexes, with and without the strict and reduced flags; returns the
 * retreats compared. */
static long retreat_any_matches(const gr_game *g, long *blocked)
{
    static const int FLAGS[4] = {0, ARW_RT_STRICT, ARW_RT_REDUCED, ARW_RT_STRICT | ARW_RT_REDUCED};
    const arw_data *d = arw_dat(g);
    long n = 0;
    for (int u = 0; u < d->nunits; u++)
        for (int dist = 1; arw_cst(g)->unit[u].box == ARW_BOX_MAP && dist <= 3; dist++)
            for (int f = 0; f < 4; f++) {
                int hexes[ARW_MAX_UNITS], arg = dist | FLAGS[f];
                int all = arw_retreat_hexes(g, u, arg, hexes, ARW_MAX_UNITS);
                if (arw_retreat_any(g, u, arg) != (all > 0))
                    fail_msg("retreat of %s (%d): any %d, hexes %d", d->unit[u].id, arg,
                             arw_retreat_any(g, u, arg), all);
                *blocked += all == 0;
                n++;
            }
    return n;
}

static void test_retreat_any_matches_hexes(void **state)
{
    (void)state;
    long n = 0, blocked = 0;
    for (uint64_t seed = 1; seed <= (uint64_t)(under_valgrind() ? 3 : 40); seed++) {
        gr_scenario *sc = NULL;
        gr_game *g = random_los_position(seed, &sc);
        n += retreat_any_matches(g, &blocked);
        gr_game_free(g);
        gr_scenario_free(sc);
    }
    gr_scenario *sc = tu_load("savannah-historical");
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, 5, NULL, NULL, NULL, &g, NULL), GR_OK);
    n += retreat_any_matches(g, &blocked);
    print_message("retreats: %ld compared, %ld without an end hex\n", n, blocked);
    assert_true(blocked > 0 && blocked < n);
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* ---------------------------------------------------------------- legal = accepted */

typedef struct brute {
    gr_action a[MAX_LEGAL];
    int n;
} brute;

/* Adds action kind(x, y) of `player` if arw_check accepts it. */
static void try_action(const gr_game *g, brute *b, int player, int kind, int x, int y)
{
    gr_action a;
    memset(&a, 0, sizeof a);
    a.kind = (uint16_t)kind;
    a.player = (uint8_t)player;
    a.nargs = (uint8_t)gr_rules_arw.actions[kind].nfields;
    a.arg[0] = x;
    a.arg[1] = y;
    if (arw_check(g, &a, NULL) == GR_OK) {
        assert_true(b->n < MAX_LEGAL);
        b->a[b->n++] = a;
    }
}

/* Every argument pair of kind: unit x unit, unit x hex (x only: y = 0). */
static void try_kind(const gr_game *g, brute *b, int player, int kind)
{
    const arw_data *d = arw_dat(g);
    const gr_kind *k = &gr_rules_arw.actions[kind];
    int nx = k->nfields == 0 ? 1 : k->field[0].type == GR_F_HEX ? d->map.nhex : d->nunits;
    int ny = k->nfields < 2 ? 1 : k->field[1].type == GR_F_HEX ? d->map.nhex : d->nunits;
    for (int x = 0; x < nx; x++) {
        if (kind == ARW_A_MORTAR && !(d->unit[x].flags & ARW_F_MORTAR))
            continue; /* (only mortars fire with it: the check refuses the others first) */
        for (int y = 0; y < ny; y++)
            try_action(g, b, player, kind, x, y);
    }
}

/* The kinds a decision is answered with, in the order legal lists them;
 * 0 when the decision is not brute-forced here. */
static int kinds_of(const char *decision, int *kinds)
{
    static const struct {
        const char *name;
        int kinds[4];
    } TABLE[] = {
        {"artillery-fire", {ARW_A_ART_FIRE, ARW_A_END_FIRE, ARW_A_FIRE_NOW, -1}},
        {"mortar-fire", {ARW_A_MORTAR, ARW_A_END_FIRE, -1}},
        {"mortar-target", {ARW_A_MORTAR_TARGET, -1}},
        {"rifle-fire", {ARW_A_RIFLE_FIRE, ARW_A_END_FIRE, -1}},
        {"retreat", {ARW_A_RETREAT, -1}},
        {"stacking-loss", {ARW_A_REDUCE, ARW_A_SURRENDER, -1}},
    };
    for (size_t i = 0; i < sizeof TABLE / sizeof TABLE[0]; i++)
        if (strcmp(TABLE[i].name, decision) == 0) {
            int n = 0;
            while (n < 4 && TABLE[i].kinds[n] >= 0)
                kinds[n] = TABLE[i].kinds[n], n++;
            return n;
        }
    return 0;
}

/* Decisions compared, by name (printed). */
static long tally[8];
static const char *const TALLY[8] = {"artillery-fire", "mortar-fire", "mortar-target",
                                     "rifle-fire", "retreat", "stacking-loss", "declare", NULL};

static void count(const char *decision)
{
    for (int i = 0; TALLY[i]; i++)
        tally[i] += strcmp(TALLY[i], decision) == 0;
}

static void print_tally(void)
{
    for (int i = 0; TALLY[i]; i++) {
        print_message(" %s %ld", TALLY[i], tally[i]);
        tally[i] = 0;
    }
    print_message("\n");
}

static int same_action(const gr_action *x, const gr_action *y)
{
    return x->kind == y->kind && x->player == y->player && x->nargs == y->nargs &&
           x->arg[0] == y->arg[0] && x->arg[1] == y->arg[1];
}

/* Diversions (GR12.14): the legal ones are the hexes the check accepts. */
static int divert_matches(const gr_game *g, int player, const gr_action *legal, int n)
{
    brute *b = calloc(1, sizeof *b);
    int m = 0, ok = 1;
    assert_non_null(b);
    for (int h = 0; h < arw_dat(g)->map.nhex; h++)
        try_action(g, b, player, ARW_A_DIVERT, h, 0);
    for (int i = 0; i < n; i++)
        if (legal[i].kind == ARW_A_DIVERT)
            ok &= m < b->n && same_action(&legal[i], &b->a[m++]);
    ok &= m == b->n;
    free(b);
    return ok;
}

/* Order of actions by kind, then arguments. */
static int by_args(const void *x, const void *y)
{
    const gr_action *a = x, *b = y;
    if (a->kind != b->kind)
        return a->kind < b->kind ? -1 : 1;
    if (a->arg[0] != b->arg[0])
        return a->arg[0] < b->arg[0] ? -1 : 1;
    return (a->arg[1] > b->arg[1]) - (a->arg[1] < b->arg[1]);
}

/* Legal list of `player` now against the brute force (in order; rifle fire
 * and mortar targets, listed hex by hex, as sets); returns 1 when the
 * decision was compared. */
static int compare_now(const gr_game *g, int player, brute *b)
{
    static gr_action legal[MAX_LEGAL];
    gr_pending p;
    int kinds[4], nk;
    gr_game_pending(g, &p);
    const char *dec = gr_game_decision_name(g, p.decision);
    int n = gr_game_legal(g, player, legal, MAX_LEGAL);
    assert_true(n >= 0 && n <= MAX_LEGAL);
    count(dec);
    if (strcmp(dec, "declare") == 0 && arw_cst(g)->ncombats == 0 && !arw_cst(g)->diverted) {
        if (!divert_matches(g, player, legal, n))
            fail_msg("diversions: legal and accepted differ");
        return 1;
    }
    if ((nk = kinds_of(dec, kinds)) == 0)
        return 0;
    b->n = 0;
    for (int i = 0; i < nk; i++)
        try_kind(g, b, player, kinds[i]);
    if (b->n != n)
        fail_msg("%s: %d legal actions, %d accepted", dec, n, b->n);
    if (!strcmp(dec, "rifle-fire") || !strcmp(dec, "mortar-target")) { /* (legal: by hex) */
        qsort(legal, (size_t)n, sizeof legal[0], by_args);
        qsort(b->a, (size_t)n, sizeof b->a[0], by_args);
    }
    for (int i = 0; i < n; i++)
        if (!same_action(&legal[i], &b->a[i])) {
            char x[128], y[128];
            gr_action_format(g, &legal[i], x, sizeof x);
            gr_action_format(g, &b->a[i], y, sizeof y);
            fail_msg("%s: legal action %d is '%s', accepted '%s'", dec, i, x, y);
        }
    return 1;
}

/* Plays random legal actions to the end of game g, comparing at every
 * decision; returns the decisions compared. */
static long play_and_compare(gr_game *g, uint64_t seed, int max_steps, brute *b)
{
    long compared = 0;
    gr_agent *agents[2] = {gr_agent_new("random", seed * 3 + 1, NULL, NULL),
                           gr_agent_new("random", seed * 3 + 2, NULL, NULL)};
    for (int step = 0; step < max_steps; step++) {
        gr_pending p;
        gr_action done[2];
        int nd = 0;
        gr_game_pending(g, &p);
        if (p.kind == GR_PENDING_OVER)
            break;
        for (int pl = 0; pl < 2; pl++)
            if (p.players & (1u << pl))
                compared += compare_now(g, pl, b);
        assert_int_equal(gr_agents_step(g, agents, done, &nd, NULL), GR_OK);
    }
    gr_agent_free(agents[0]);
    gr_agent_free(agents[1]);
    return compared;
}

static void test_historical_legal_is_accepted(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("savannah-historical");
    brute *b = calloc(1, sizeof *b);
    int games = under_valgrind() ? 1 : 5;
    long compared = 0;
    assert_non_null(sc);
    assert_non_null(b);
    for (int i = 0; i < games; i++) {
        gr_game *g = NULL;
        assert_int_equal(gr_game_new(sc, 500u + (uint64_t)i, NULL, NULL, NULL, &g, NULL), GR_OK);
        compared += play_and_compare(g, 500u + (uint64_t)i, 400, b);
        gr_game_free(g);
    }
    print_message("savannah-historical: %d games, %ld decisions compared:", games, compared);
    print_tally();
    assert_true(compared > 20 * games);
    free(b);
    gr_scenario_free(sc);
}

/* Artillery (one naval), rifles and a mortar of both sides on a test bed
 * with forest, town and slopes, in a random fire phase. */
static gr_game *fire_position(const gr_scenario *sc, uint64_t seed)
{
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, seed, seed % 3 ? NULL : "auto=0", NULL, NULL, &g, NULL),
                     GR_OK);
    tu_arw_fire_position(g, seed, 17);
    return g;
}

static void test_testbed_fire_legal_is_accepted(void **state)
{
    (void)state;
    static const char *const edits[] = {
        "unit us-mil-1 flags=militia,rifle", "unit us-mil-2 flags=militia,rifle",
        "unit gb-3 flags=rifle", "unit fr-2 type=artillery sp=3/2 flags=mortar",
        "unit gb-2 group=germans flags=rifle", "unit gb-art-2 flags=naval",
        "map-row 3 . . F . . T . . l .", "map-row 6 . l . . F . . T . .",
        "side 0405 0505 slope", "side 0606 0605 slope", "side 0707 0708 stream", NULL};
    gr_scenario *sc = tu_load("arw-testbed");
    brute *b = calloc(1, sizeof *b);
    int games = under_valgrind() ? 4 : 60;
    long compared = 0;
    assert_non_null(sc);
    assert_non_null(b);
    for (int i = 0; edits[i]; i++) {
        gr_error err = {{0}, {0}};
        if (gr_scenario_edit(sc, edits[i], &err) != GR_OK)
            fail_msg("edit '%s': %s", edits[i], err.msg);
    }
    for (uint64_t seed = 1; seed <= (uint64_t)games; seed++) {
        gr_game *g = fire_position(sc, seed);
        compared += play_and_compare(g, seed, 400, b);
        gr_game_free(g);
    }
    print_message("arw-testbed fire positions: %d games, %ld decisions compared:", games,
                  compared);
    print_tally();
    assert_true(compared > games);
    free(b);
    gr_scenario_free(sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_los_covers_from_table),
        cmocka_unit_test(test_los_quick_answer_matches_trace),
        cmocka_unit_test(test_retreat_any_matches_hexes),
        cmocka_unit_test(test_historical_legal_is_accepted),
        cmocka_unit_test(test_testbed_fire_legal_is_accepted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
