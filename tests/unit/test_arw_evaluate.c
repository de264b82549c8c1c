/* test_arw_evaluate.c — the ARW static evaluation (gr_game_evaluate,
 * src/rules/arw/evaluate.c):
 * - along random games of every ARW scenario it stays in [-1000, 1000], is
 *   exactly antisymmetric (british = -allied), leaves the game untouched,
 *   and is +-1000 (0 for a draw) once the game is over;
 * - constructed positions (setup lines on the opening of savannah-historical,
 *   savannah-campaign and arw-slice) are scored for the side that is
 *   obviously better off: an army near demoralization (GR16.3), a VP lead
 *   (SR2.3, SR2.6), a ready Allied unit next to a town hex (HS-victory),
 *   SP lost toward a decisive victory with d'Estaing lost (HS-victory),
 *   disrupted and shattered units, eliminated units, a leader lost, Allied
 *   units holding town hexes (SR2.1 Case A), an army morale change in the
 *   slice (end_by_morale);
 * - declared close combats count by their odds before they are rolled
 *   (evalcc.c). */
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
#include "testutil.h"

static void checked(gr_game *g)
{
    gr_pending p;
    uint64_t h = gr_game_hash(g);
    int32_t b = gr_game_evaluate(g, ARW_BRITISH), a = gr_game_evaluate(g, ARW_ALLIED);
    assert_true(gr_game_hash(g) == h); /* pure */
    assert_true(b >= -1000 && b <= 1000);
    assert_int_equal(a, -b);
    gr_game_pending(g, &p);
    if (p.kind == GR_PENDING_OVER)
        assert_int_equal(b, p.winner < 0 ? 0 : p.winner == ARW_BRITISH ? 1000 : -1000);
    else
        assert_true(b > -1000 && b < 1000);
}

static void random_games(const char *id, int games)
{
    gr_scenario *sc = tu_load(id);
    int32_t lo = 1000, hi = -1000;
    assert_non_null(sc);
    for (int i = 0; i < games; i++) {
        gr_game *g = NULL;
        gr_agent *ag[2] = {gr_agent_new("random", 40u + (uint64_t)i, NULL, NULL),
                           gr_agent_new("random", 90u + (uint64_t)i, NULL, NULL)};
        assert_int_equal(gr_game_new(sc, 7u + (uint64_t)i, NULL, NULL, NULL, &g, NULL), GR_OK);
        for (int step = 0; step < 3000; step++) {
            gr_pending p;
            gr_action done[2];
            int n = 0;
            checked(g);
            gr_game_pending(g, &p);
            if (p.kind == GR_PENDING_OVER)
                break;
            int32_t v = gr_game_evaluate(g, ARW_BRITISH);
            lo = v < lo ? v : lo;
            hi = v > hi ? v : hi;
            assert_int_equal(gr_agents_step(g, ag, done, &n, NULL), GR_OK);
        }
        gr_agent_free(ag[0]);
        gr_agent_free(ag[1]);
        gr_game_free(g);
    }
    print_message("%s: %d games, British evaluation from %d to %d\n", id, games, lo, hi);
    gr_scenario_free(sc);
}

static void test_range_and_antisymmetry(void **state)
{
    (void)state;
    random_games("savannah-historical", 20);
    random_games("savannah-campaign", 20);
    random_games("arw-slice", 40);
}

/* ---------------------------------------------------------------- positions */

/* A new game of `id` with the setup lines applied (NULL-terminated). */
static gr_game *position(const gr_scenario *sc, const char *const *lines)
{
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, 3, NULL, NULL, NULL, &g, NULL), GR_OK);
    for (int i = 0; lines && lines[i]; i++) {
        gr_error err = {{0}, {0}};
        if (gr_game_setup(g, lines[i], &err) != GR_OK)
            fail_msg("setup '%s': %s", lines[i], err.msg);
    }
    return g;
}

/* The British evaluation of the position made by `lines`. */
static int32_t british(const gr_scenario *sc, const char *const *lines)
{
    gr_game *g = position(sc, lines);
    gr_pending p;
    gr_game_pending(g, &p);
    assert_int_not_equal(p.kind, GR_PENDING_OVER);
    int32_t v = gr_game_evaluate(g, ARW_BRITISH);
    gr_game_free(g);
    return v;
}

/* The position made by `lines` is better for `side` than the opening by
 * at least `by`. */
static void better(const gr_scenario *sc, const char *what, const char *const *lines, int side,
                   int by)
{
    int32_t base = british(sc, NULL), v = british(sc, lines);
    int32_t gain = side == ARW_BRITISH ? v - base : base - v;
    print_message("%s: %s: british %d -> %d\n", sc->id, what, base, v);
    if (gain < by)
        fail_msg("%s: %s: %s gains %d, want %d or more", sc->id, what, arw_side_names[side],
                 gain, by);
}

/* Label of a hex next to a town hex where Allied unit `id` may be placed,
 * found by trying the map in order. */
static void place_next_to_town(const gr_scenario *sc, const char *id, char *line, size_t size)
{
    const arw_data *d = sc->sdata;
    for (int h = 0; h < d->map.nhex; h++) {
        char lab[16];
        if (d->map.town_dist[h] != 1)
            continue;
        snprintf(line, size, "place %s %s", id, arw_hex_label(d, h, lab, sizeof lab));
        gr_game *g = NULL;
        assert_int_equal(gr_game_new(sc, 3, NULL, NULL, NULL, &g, NULL), GR_OK);
        gr_pending p;
        gr_status st = gr_game_setup(g, line, NULL);
        gr_game_pending(g, &p);
        gr_game_free(g);
        if (st == GR_OK && p.kind != GR_PENDING_OVER)
            return;
    }
    fail_msg("no hex next to a town takes %s", id);
}

static void test_historical_positions(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("savannah-historical");
    char near[64];
    assert_non_null(sc);
    better(sc, "French army morale 2", (const char *const[]){"army-morale french 2", NULL},
           ARW_BRITISH, 300);
    better(sc, "American army morale 1", (const char *const[]){"army-morale american 1", NULL},
           ARW_BRITISH, 300);
    better(sc, "British army morale 2", (const char *const[]){"army-morale british 2", NULL},
           ARW_ALLIED, 300);
    better(sc, "French lead by 5 VP", (const char *const[]){"vp french 10", NULL}, ARW_ALLIED,
           100);
    better(sc, "British lead by 4 VP", (const char *const[]){"vp british 8", NULL}, ARW_BRITISH,
           50);
    better(sc, "d'Estaing lost and 14 SP of French regulars",
           (const char *const[]){"lost-sp french-regulars 14", "remove destaing captured", NULL},
           ARW_BRITISH, 200);
    better(sc, "British units disrupted and shattered",
           (const char *const[]){"status foot-60 disrupted", "status delancey-1 shattered",
                                 "status royal-nc disrupted", "status von-trumbach shattered",
                                 NULL},
           ARW_ALLIED, 10);
    better(sc, "French units eliminated",
           (const char *const[]){"remove foix eliminated", "remove auxerrois eliminated",
                                 "remove conde eliminated", NULL},
           ARW_BRITISH, 10);
    better(sc, "Prevost captured", (const char *const[]){"remove prevost captured", NULL},
           ARW_ALLIED, 10);
    place_next_to_town(sc, "grenadier-bn", near, sizeof near);
    better(sc, "a ready Allied unit next to a town hex", (const char *const[]){near, NULL},
           ARW_ALLIED, 100);
    gr_scenario_free(sc);
}

static void test_campaign_and_slice_positions(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("savannah-campaign");
    assert_non_null(sc);
    better(sc, "British army morale 3", (const char *const[]){"army-morale british 3", NULL},
           ARW_ALLIED, 300);
    better(sc, "Allied lead by 6 VP", (const char *const[]){"vp american 12", NULL}, ARW_ALLIED,
           100);
    better(sc, "French regulars lost (SR2.4)",
           (const char *const[]){"lost-sp french-regulars 18", "lost-sp continentals 6", NULL},
           ARW_BRITISH, 200);
    better(sc, "British regulars lost (SR2.1 Case B)",
           (const char *const[]){"lost-sp british-regulars 10", "lost-sp germans 14", NULL},
           ARW_ALLIED, 200);
    gr_scenario_free(sc);
    sc = tu_load("arw-slice");
    assert_non_null(sc);
    better(sc, "slice: French army morale down 3",
           (const char *const[]){"army-morale french 9", NULL}, ARW_BRITISH, 100);
    gr_scenario_free(sc);
}

/* Expected army morale changes (evalcc.c) and the Allied evaluation,
 * plain and with GR_EVAL_LOOKAHEAD. */
typedef struct expect_cc {
    int32_t delta[ARW_NARMIES], ahead[ARW_NARMIES];
    int32_t allied, allied_ahead;
} expect_cc;

static expect_cc expected(const gr_game *g)
{
    expect_cc e;
    arw_eval_pending_combats(g, 0, e.delta);
    arw_eval_pending_combats(g, GR_EVAL_LOOKAHEAD, e.ahead);
    e.allied = gr_game_evaluate(g, ARW_ALLIED);
    e.allied_ahead = gr_game_evaluate_with(g, ARW_ALLIED, GR_EVAL_LOOKAHEAD);
    return e;
}

/* The testbed position with British units d1 in 0505 and d2 in 0503 and
 * Allied units a1, a2 far from them (in *far), then with a1 and a2 moved
 * next to them, in 0506 and 0504 (a2 next to both: the declaration is a
 * choice): at the declaration (in *obliged), and after declaring `attack`
 * (the rest follows, forced: in *declared, both combats declared, the
 * attacker to pick the first). */
static void attack_positions(const char *const units[4], const char *attack, expect_cc *far,
                             expect_cc *obliged, expect_cc *declared)
{
    static const char *const hexes[2][4] = {{"0505", "0503", "0508", "0509"},
                                             {"0505", "0503", "0506", "0504"}};
    gr_scenario *sc = tu_load("arw-testbed");
    assert_non_null(sc);
    char lines[5][96];
    for (int i = 0; i < 4; i++)
        snprintf(lines[i], sizeof lines[i], "place %s %s", units[i], hexes[0][i]);
    snprintf(lines[4], sizeof lines[4], "phase close-combat active=allied");
    gr_game *g = position(
        sc, (const char *const[]){lines[0], lines[1], lines[2], lines[3], lines[4], NULL});
    *far = expected(g);
    gr_error err = {{0}, {0}};
    for (int i = 2; i < 4; i++) {
        snprintf(lines[i], sizeof lines[i], "place %s %s", units[i], hexes[1][i]);
        assert_int_equal(gr_game_setup(g, lines[i], &err), GR_OK);
    }
    assert_int_equal(gr_game_setup(g, lines[4], &err), GR_OK);
    *obliged = expected(g);
    if (tu_apply(g, attack, &err) != GR_OK)
        fail_msg("'%s': %s", attack, err.msg);
    gr_pending p;
    gr_game_pending(g, &p);
    assert_string_equal(gr_game_decision_name(g, p.decision), "next-combat");
    *declared = expected(g);
    print_message("%s: british %d french %d american %d at the declaration; british %d french "
                  "%d american %d declared; allied %d, %d, %d\n",
                  attack, obliged->delta[0], obliged->delta[1], obliged->delta[2],
                  declared->delta[0], declared->delta[1], declared->delta[2], far->allied,
                  obliged->allied, declared->allied);
    checked(g);
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* The loser's army (index) expects to lose morale, more than the other. */
static void expect_loss(const int32_t delta[ARW_NARMIES], int loser, int winner, int uninvolved)
{
    assert_true(delta[loser] < 0);
    assert_true(delta[winner] > delta[loser]);
    assert_int_equal(delta[uninvolved], 0);
}

/* Nothing to expect. */
static void expect_none(const int32_t delta[ARW_NARMIES])
{
    for (int a = 0; a < ARW_NARMIES; a++)
        assert_int_equal(delta[a], 0);
}

/* Declared close combats count before they are rolled (nothing counts
 * before the declaration).  Militia attacking regulars costs the American
 * army morale and the Allied evaluation; regulars attacking militia (with
 * the militia DRM) cost the British army morale and raise the Allied
 * evaluation. */
static void test_declared_combats(void **state)
{
    (void)state;
    expect_cc far, obliged, declared;
    attack_positions((const char *const[]){"gb-1", "gb-2", "us-mil-1", "us-mil-2"},
                     "attack by=allied unit=us-mil-1 hex=0505", &far, &obliged, &declared);
    expect_none(far.delta);
    expect_none(obliged.delta);
    expect_loss(declared.delta, ARW_ARMY_AMERICAN, ARW_ARMY_BRITISH, ARW_ARMY_FRENCH);
    assert_true(declared.allied < obliged.allied);
    attack_positions((const char *const[]){"gb-mil-1", "gb-mil-2", "fr-1", "fr-2"},
                     "attack by=allied unit=fr-1 hex=0505", &far, &obliged, &declared);
    expect_none(far.delta);
    expect_none(obliged.delta);
    expect_loss(declared.delta, ARW_ARMY_BRITISH, ARW_ARMY_FRENCH, ARW_ARMY_AMERICAN);
    assert_true(declared.allied > obliged.allied);
}

/* GR12.12-a: with GR_EVAL_LOOKAHEAD the attacks units next to an enemy
 * must still declare count by their odds before the declaration; far from
 * the enemy nothing does, and once every obliged attack is declared the
 * lookahead adds nothing to the declared combats.  Militia next to
 * regulars: the American army expects to lose; regulars next to militia:
 * the British army does. */
static void test_obliged_combats_ahead(void **state)
{
    (void)state;
    expect_cc far, obliged, declared;
    attack_positions((const char *const[]){"gb-1", "gb-2", "us-mil-1", "us-mil-2"},
                     "attack by=allied unit=us-mil-1 hex=0505", &far, &obliged, &declared);
    expect_none(far.ahead);
    assert_int_equal(far.allied_ahead, far.allied);
    expect_loss(obliged.ahead, ARW_ARMY_AMERICAN, ARW_ARMY_BRITISH, ARW_ARMY_FRENCH);
    assert_true(obliged.allied_ahead < obliged.allied);
    for (int a = 0; a < ARW_NARMIES; a++)
        assert_int_equal(declared.ahead[a], declared.delta[a]);
    attack_positions((const char *const[]){"gb-mil-1", "gb-mil-2", "fr-1", "fr-2"},
                     "attack by=allied unit=fr-1 hex=0505", &far, &obliged, &declared);
    expect_none(far.ahead);
    expect_loss(obliged.ahead, ARW_ARMY_BRITISH, ARW_ARMY_FRENCH, ARW_ARMY_AMERICAN);
    assert_true(obliged.allied_ahead > obliged.allied);
    for (int a = 0; a < ARW_NARMIES; a++)
        assert_int_equal(declared.ahead[a], declared.delta[a]);
}

/* gr_game_blunder on ARW's events (blunder.c): a captured leader or battery
 * is its own side's blunder (outside a combat a battery is "gun-captured",
 * not "gun-alone"), a captured infantry unit none; an ineligible
 * chit (chits event, att-legal/def-legal 0) is the chooser's. */
static void test_blunders(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("savannah-historical");
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, 1, NULL, NULL, NULL, &g, NULL), GR_OK);
    const arw_data *d = arw_dat(g);
    const char *const *names = gr_game_blunder_names(g);
    int found[3] = {0, 0, 0};
    for (int u = 0; u < d->nunits; u++) {
        gr_event e = {.kind = GR_EV_SYSTEM + ARW_E_CAPTURED, .nargs = 1, .arg = {u}};
        int player = -1, k = gr_game_blunder(g, &e, &player);
        int kind = d->unit[u].kind;
        if (kind == ARW_K_LEADER || kind == ARW_K_ARTILLERY) {
            assert_true(k >= 0);
            assert_string_equal(names[k], kind == ARW_K_LEADER ? "leader-alone"
                                                               : "gun-captured");
            assert_int_equal(player, d->unit[u].side);
            found[kind == ARW_K_LEADER]++;
        } else {
            assert_int_equal(k, -1);
            found[2]++;
        }
    }
    assert_true(found[0] > 0 && found[1] > 0 && found[2] > 0);
    int active = arw_cst(g)->active, player = -1;
    gr_event chits = {.kind = GR_EV_SYSTEM + ARW_E_CHITS, .nargs = 6, .arg = {1, 0, 1, 0, 1, 0}};
    int k = gr_game_blunder(g, &chits, &player); /* the defender's chit was ineligible */
    assert_string_equal(names[k], "ineligible-chit");
    assert_int_equal(player, 1 - active);
    chits.arg[5] = 1;
    assert_int_equal(gr_game_blunder(g, &chits, &player), -1);
    gr_event roll = {.kind = GR_EV_ROLL, .nargs = 3, .arg = {10, 3, 0}};
    assert_int_equal(gr_game_blunder(g, &roll, &player), -1);
    /* the kinds are the emitted ones (GR_EV_SYSTEM + index): an attack
     * event, whose kind number the index of "chits" once matched, is none */
    gr_event attack = {.kind = GR_EV_SYSTEM + ARW_E_DECLARE, .nargs = 3, .arg = {1, 0, 0}};
    assert_int_equal(gr_game_blunder(g, &attack, &player), -1);
    gr_event bare = {.kind = ARW_E_CHITS, .nargs = 6, .arg = {1, 0, 1, 0, 1, 0}};
    assert_int_equal(gr_game_blunder(g, &bare, &player), -1);
    gr_game_free(g);
    gr_scenario_free(sc);
}

typedef struct chit_blunder {
    int kind, player;
} chit_blunder;

static void classify(void *ctx, const gr_game *g, const gr_event *e)
{
    chit_blunder *b = ctx;
    int who = -1, k = gr_game_blunder(g, e, &who);
    if (k >= 0) {
        b->kind = k;
        b->player = who;
    }
}

/* The blunder the rules name when the British pick `brit` and the Allies
 * `allied` in the testbed combat of tests/cases/arw/chits.case (fr-1 with
 * the leader fr-ldr-1 beside it attacks gb-1, no British leader), with
 * strict-chits=1: the British may pick only Skirmish, Echelon, Stand Fast
 * and Withdraw.  -1 for none. */
static chit_blunder chits_blunder(const char *brit, const char *allied)
{
    gr_scenario *sc = tu_load("arw-testbed");
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, 1, "strict-chits=1", NULL, NULL, &g, NULL), GR_OK);
    const char *lines[] = {"place gb-1 0505", "place fr-1 0506", "place fr-ldr-1 0606",
                           "place fr-art-1 0406"};
    for (int i = 0; i < 4; i++)
        assert_int_equal(gr_game_setup(g, lines[i], NULL), GR_OK);
    const char *acts[3] = {"declare-done by=allied", brit, allied};
    chit_blunder b = {-1, -1};
    for (int i = 0; i < 3; i++) {
        gr_action a;
        assert_int_equal(gr_action_parse(g, acts[i], &a, NULL), GR_OK);
        if (i == 2)
            gr_game_set_sink(g, classify, &b);
        assert_int_equal(gr_game_apply(g, &a, NULL), GR_OK);
    }
    gr_game_free(g);
    gr_scenario_free(sc);
    return b;
}

/* A weakly dominated chit (T-TacticsMatrix, rows the defender's chit,
 * columns the attacker's): against the British Skirmish, Echelon, Stand
 * Fast and Withdraw, the attacker's Commit Reserve gives -1, 0, -1, 0 and
 * Echelon -1, 0, +1, +1: Echelon is as good everywhere and better twice,
 * so Commit Reserve is a "dominated-chit" blunder of the Allies.  Frontal
 * Assault (+2, 0, -1, +2) and Echelon are dominated by no chit. */
static void test_dominated_chit(void **state)
{
    (void)state;
    const char *const *names = NULL;
    gr_scenario *sc = tu_load("arw-testbed");
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, 1, NULL, NULL, NULL, &g, NULL), GR_OK);
    names = gr_game_blunder_names(g);
    chit_blunder b = chits_blunder("chit by=british chit=stand-fast",
                                   "chit by=allied chit=commit-reserve");
    assert_true(b.kind >= 0);
    assert_string_equal(names[b.kind], "dominated-chit");
    assert_int_equal(b.player, gr_game_player_find(g, "allied"));
    b = chits_blunder("chit by=british chit=stand-fast", "chit by=allied chit=echelon");
    assert_int_equal(b.kind, -1);
    b = chits_blunder("chit by=british chit=skirmish", "chit by=allied chit=frontal-assault");
    assert_int_equal(b.kind, -1);
    gr_game_free(g);
    gr_scenario_free(sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_range_and_antisymmetry),
        cmocka_unit_test(test_historical_positions),
        cmocka_unit_test(test_campaign_and_slice_positions),
        cmocka_unit_test(test_declared_combats),
        cmocka_unit_test(test_obliged_combats_ahead),
        cmocka_unit_test(test_blunders),
        cmocka_unit_test(test_dominated_chit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
