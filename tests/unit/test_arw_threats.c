/* test_arw_threats.c — issue 19 in ARW: the opponent's threats in the
 * static evaluation (GR_EVAL_THREATS: evalthreat.c, the morale
 * distributions of evalcc.c) and the blunders counted in play (blunder.c).
 * - A lone leader or an unguarded battery two hexes from an enemy combat
 *   unit costs its side with GR_EVAL_THREATS and nothing without it; the
 *   same piece guarded, or with the enemy out of reach, costs nothing.
 * - A leader whose one guard must attack this player turn (GR12.12-a)
 *   costs his side: the guard may be lost or advance without him
 *   (AMB-94); with a guard that need not attack he costs nothing.  The
 *   same once the combat is declared, for the attacker's leader and the
 *   defender's.
 * - A British garrison in the town hex a ready Allied unit stands next to
 *   is worth something to the British (HS-victory: the Allies must win a
 *   close combat first).
 * - The distribution of a declared combat's morale changes sums to one and
 *   its mean is the expectation arw_eval_pending_combats gives.
 * - Played on the test bed: a battery alone taken at Step 1 (GR12.3-b) is
 *   a British "gun-alone", a lone leader taken by the advance (GR14.32-a) a
 *   British "leader-alone", a 1-2 attack with the French army at 3 morale
 *   an Allied "desperate-attack" (at 4: none); on Savannah the enemy
 *   entering the victory hex next to a ready unit that could have held it
 *   is "victory-hex-lost". */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "gr_internal.h"
#include "rules/arw/arw.h"
#include "testutil.h"

/* A new game of sc (seed 3) with the setup lines applied (NULL-ended);
 * sink, when given, sees every event from the first line on. */
static gr_game *position(const gr_scenario *sc, const char *const *lines, gr_event_fn sink,
                         void *ctx)
{
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, 3, NULL, sink, ctx, &g, NULL), GR_OK);
    for (int i = 0; lines && lines[i]; i++) {
        gr_error err = {{0}, {0}};
        if (gr_game_setup(g, lines[i], &err) != GR_OK)
            fail_msg("setup '%s': %s", lines[i], err.msg);
    }
    return g;
}

/* The British evaluation, with `flags`, of the position `lines` makes. */
static int32_t british(const gr_scenario *sc, const char *const *lines, unsigned flags)
{
    gr_game *g = position(sc, lines, NULL, NULL);
    gr_pending p;
    gr_game_pending(g, &p);
    assert_int_not_equal(p.kind, GR_PENDING_OVER);
    int32_t v = gr_game_evaluate_with(g, ARW_BRITISH, flags);
    assert_int_equal(gr_game_evaluate_with(g, ARW_ALLIED, flags), -v);
    gr_game_free(g);
    return v;
}

/* Lines a and b differ only in where a British piece stands (the same
 * units, no combat): equal without the threats; with them b is better for
 * the British by at least `by` when by > 0, equal when by == 0. */
static void threat_costs(const gr_scenario *sc, const char *what, const char *const *a,
                         const char *const *b, int by)
{
    assert_int_equal(british(sc, a, GR_EVAL_LOOKAHEAD), british(sc, b, GR_EVAL_LOOKAHEAD));
    int32_t va = british(sc, a, GR_EVAL_THREATS), vb = british(sc, b, GR_EVAL_THREATS);
    print_message("%s: british %d -> %d\n", what, va, vb);
    if (by == 0)
        assert_int_equal(va, vb);
    else if (vb - va < by)
        fail_msg("%s: the British gain %d, want %d or more", what, vb - va, by);
}

/* Testbed: 0303 and 0305 are two hexes apart in one column; 0309 is six
 * hexes from 0303. */
static void test_lone_pieces(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("arw-testbed");
    assert_non_null(sc);
    threat_costs(sc, "leader alone, enemy 2 hexes off / guarded",
                 (const char *const[]){"place gb-1 0101", "place gb-ldr-1 0303",
                                       "place fr-1 0305", "phase movement active=british", NULL},
                 (const char *const[]){"place gb-1 0303", "place gb-ldr-1 0303",
                                       "place fr-1 0305", "phase movement active=british", NULL},
                 5);
    threat_costs(sc, "leader alone, enemy 6 hexes off / guarded",
                 (const char *const[]){"place gb-1 0101", "place gb-ldr-1 0303",
                                       "place fr-1 0309", "phase movement active=british", NULL},
                 (const char *const[]){"place gb-1 0303", "place gb-ldr-1 0303",
                                       "place fr-1 0309", "phase movement active=british", NULL},
                 0);
    threat_costs(sc, "battery alone / guarded",
                 (const char *const[]){"place gb-1 0101", "place gb-art-1 0303",
                                       "place fr-1 0305", "phase movement active=british", NULL},
                 (const char *const[]){"place gb-1 0303", "place gb-art-1 0303",
                                       "place fr-1 0305", "phase movement active=british", NULL},
                 5);
    threat_costs(sc, "battery alone, an enemy battery 2 / 6 hexes off",
                 (const char *const[]){"place gb-1 0909", "place gb-art-1 0303",
                                       "place fr-art-1 0305", "phase movement active=british",
                                       NULL},
                 (const char *const[]){"place gb-1 0909", "place gb-art-1 0303",
                                       "place fr-art-1 0309", "phase movement active=british",
                                       NULL},
                 0); /* GR12.3-b: artillery does not take a battery */
    gr_scenario_free(sc);
}

/* Testbed, Allied movement: fr-1 at 0304 is next to gb-1 at 0303 and must
 * attack it (GR12.12-a); fr-2 at 0309 is far from any enemy.  fr-ldr-1
 * with fr-2 is safe; with fr-1 the attack may take fr-1 away (lost, or
 * advancing into 0303 if gb-1 leaves) and leave him alone next to the
 * enemy. */
static void test_guard_that_attacks(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("arw-testbed");
    assert_non_null(sc);
    const char *const safe[] = {"place gb-1 0303",     "place fr-1 0304",
                                "place fr-2 0309",     "place fr-ldr-1 0309",
                                "phase movement active=allied", NULL};
    const char *const exposed[] = {"place gb-1 0303",     "place fr-1 0304",
                                   "place fr-2 0309",     "place fr-ldr-1 0304",
                                   "phase movement active=allied", NULL};
    const unsigned both = GR_EVAL_THREATS | GR_EVAL_LOOKAHEAD;
    assert_int_equal(british(sc, safe, GR_EVAL_LOOKAHEAD), british(sc, exposed, GR_EVAL_LOOKAHEAD));
    int32_t va = british(sc, safe, both), vb = british(sc, exposed, both);
    print_message("leader with a guard that need not attack / one that must: %d -> %d\n", va, vb);
    if (vb - va < 5)
        fail_msg("the British gain %d from the exposed leader, want 5 or more", vb - va);
    /* Without the lookahead the attack is not foreseen: no cost. */
    assert_int_equal(british(sc, safe, GR_EVAL_THREATS), british(sc, exposed, GR_EVAL_THREATS));
    gr_scenario_free(sc);
}

/* The position `lines` makes, then `act`: the evaluation for the British
 * with `flags`, and (leave, when given) the chance per mille that the one
 * watched piece's guard leaves (arw_watch). */
static int32_t british_after(const gr_scenario *sc, const char *const *lines, const char *act,
                             unsigned flags, int *leave)
{
    gr_game *g = position(sc, lines, NULL, NULL);
    gr_error err = {{0}, {0}};
    if (tu_apply(g, act, &err) != GR_OK)
        fail_msg("%s: %s", act, err.msg);
    int32_t v = gr_game_evaluate_with(g, ARW_BRITISH, flags);
    assert_int_equal(gr_game_evaluate_with(g, ARW_ALLIED, flags), -v);
    if (leave) {
        arw_threats th;
        arw_watch w;
        arw_morale_dist m;
        arw_eval_threats(g, &th, &w);
        arw_eval_pending_dist(g, flags, &m, &w);
        assert_int_equal(w.n, 1);
        *leave = w.leave[0];
    }
    gr_game_free(g);
    return v;
}

/* Testbed, Allied close combat, check_distribution's two combats: fr-1
 * (0506) on gb-1 (0505) declared, which is resolved first, and fr-2
 * (0504, made 6 SP) on gb-2 (0503), forced and still only declared.  A
 * leader whose one guard is in that declared combat may be left alone
 * next to the enemy; the chance, from the CRT (data/arw/tables.json):
 * - fr-ldr-1 with fr-2, the attacker: 6 SP against 4 is 3-2, DRM +1 for
 *   his CC (ccdrm.c), rolls 1-10.  fr-2 has two steps, so no roll loses
 *   it (AC and "2" at -2, "1" at 0); it advances without him (AMB-94,
 *   Step 9) when gb-2, the lone defender, leaves and fr-2 does not
 *   retreat: -/R (6), -/D (7, 8); R/R (5) retreats both, he may go along
 *   (GR14.31-a).  3 faces: 300 per mille.
 * - gb-ldr-1 with gb-2 at one step (2 SP), the defender: 6 against 2 is
 *   3-1, DRM -1 for his CC, rolls -1-8; gb-2 is lost on the "1" of roll 8
 *   (GR13.1; DC from 10): 100 per mille.
 * Against the same leader four hexes or more from any enemy (0909, 0101)
 * each costs his side: only the threats price it, through the declared
 * combat (no lookahead asked), so the difference between the two
 * positions moves by 5 or more when GR_EVAL_THREATS is added. */
static void test_guard_in_declared_combat(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("arw-testbed");
    assert_non_null(sc);
    assert_int_equal(gr_scenario_edit(sc, "unit fr-2 sp=6/3", NULL), GR_OK);
    const char *act = "attack by=allied unit=fr-1 hex=0505";
    const char *where[2][2] = {{"place fr-ldr-1 0909", "place fr-ldr-1 0504"},
                               {"place gb-ldr-1 0101", "place gb-ldr-1 0503"}};
    const int want_leave[2] = {300, 100};
    for (int side = 0; side < 2; side++) {
        int32_t plain[2], threat[2];
        int leave = -1;
        for (int exposed = 0; exposed < 2; exposed++) {
            const char *const lines[] = {"place gb-1 0505",
                                         side ? "place gb-2 0503 steps=1" : "place gb-2 0503",
                                         "place fr-1 0508", "place fr-2 0509",
                                         "phase close-combat active=allied",
                                         "place fr-1 0506", "place fr-2 0504",
                                         where[side][exposed],
                                         "phase close-combat active=allied", NULL};
            plain[exposed] = british_after(sc, lines, act, 0, NULL);
            threat[exposed] =
                british_after(sc, lines, act, GR_EVAL_THREATS, exposed ? &leave : NULL);
        }
        assert_int_equal(leave, want_leave[side]);
        /* the British gain (Allied leader) or lose (British leader) */
        int32_t gain = (threat[1] - threat[0]) - (plain[1] - plain[0]);
        print_message("%s leader with the guard in the declared combat: %d\n",
                      side ? "British" : "Allied", gain);
        if (side ? gain > -5 : gain < 5)
            fail_msg("%s leader: the British evaluation moves by %d, want 5 or more %s",
                     side ? "British" : "Allied", gain, side ? "down" : "up");
    }
    gr_scenario_free(sc);
}

/* Savannah: a ready Allied unit next to a town hex; the British unit
 * `brit` in that town hex or far away. */
static void test_town_garrison(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("savannah-historical");
    assert_non_null(sc);
    const arw_data *d = sc->sdata;
    char near[64], held[64], lab[16];
    for (int h = 0; h < d->map.nhex; h++) {
        if (d->map.town_dist[h] != 1)
            continue;
        int town = -1;
        for (int k = 0; k < 6 && town < 0; k++) {
            int n = d->map.nb[h * 6 + k];
            town = n >= 0 && arw_is_town(d, n) ? n : -1;
        }
        snprintf(near, sizeof near, "place grenadier-bn %s", arw_hex_label(d, h, lab, sizeof lab));
        snprintf(held, sizeof held, "place foot-60 %s", arw_hex_label(d, town, lab, sizeof lab));
        gr_game *g = position(sc, NULL, NULL, NULL);
        gr_pending p;
        int ok = gr_game_setup(g, near, NULL) == GR_OK && gr_game_setup(g, held, NULL) == GR_OK;
        gr_game_pending(g, &p);
        gr_game_free(g);
        if (ok && p.kind != GR_PENDING_OVER)
            break;
        near[0] = 0;
    }
    assert_true(near[0] != 0);
    int32_t open = british(sc, (const char *const[]){near, NULL}, GR_EVAL_THREATS);
    int32_t garrisoned = british(sc, (const char *const[]){near, held, NULL}, GR_EVAL_THREATS);
    print_message("town hex open %d, garrisoned %d\n", open, garrisoned);
    assert_true(garrisoned - open >= 50);
    gr_scenario_free(sc);
}

/* Two declared combats on the test bed (tests/unit/test_arw_evaluate.c,
 * attack_positions: fr-1 and fr-2 next to gb-1 and gb-2, the first
 * declared, the second forced): each army's distribution sums to
 * ARW_MD_ONE (less at most one per bin per combat, of rounding) and its
 * mean plus the shift is the expectation arw_eval_pending_combats gives,
 * to within that rounding. */
static void check_distribution(const char *morale, int british_spread, int french_spread)
{
    gr_scenario *sc = tu_load("arw-testbed");
    gr_game *g = position(sc,
                          (const char *const[]){"place gb-1 0505", "place gb-2 0503",
                                                "place fr-1 0508", "place fr-2 0509",
                                                morale, "phase close-combat active=allied",
                                                "place fr-1 0506", "place fr-2 0504",
                                                "phase close-combat active=allied", NULL},
                          NULL, NULL);
    gr_error err = {{0}, {0}};
    if (tu_apply(g, "attack by=allied unit=fr-1 hex=0505", &err) != GR_OK)
        fail_msg("attack: %s", err.msg);
    int32_t delta[ARW_NARMIES];
    arw_morale_dist m;
    arw_eval_pending_combats(g, 0, delta);
    arw_eval_pending_dist(g, 0, &m, NULL);
    assert_true(delta[ARW_ARMY_BRITISH] != 0 && delta[ARW_ARMY_FRENCH] != 0);
    for (int a = 0; a < ARW_NARMIES; a++) {
        long sum = 0, mean = 0;
        for (int b = 0; b < ARW_MD_BINS; b++) {
            if (b < m.lo[a] || b > m.hi[a])
                assert_int_equal(m.p[a][b], 0); /* the bins in use */
            sum += m.p[a][b];
            mean += (long)m.p[a][b] * (b - ARW_MD_MID);
        }
        assert_true(sum <= ARW_MD_ONE && sum >= ARW_MD_ONE - 2 * ARW_MD_BINS);
        long expected = mean * 1000 / ARW_MD_ONE + m.shift[a];
        print_message("%s, army %d: expected %d, distribution %ld over bins %d..%d\n", morale, a,
                      delta[a], expected, m.lo[a] - ARW_MD_MID, m.hi[a] - ARW_MD_MID);
        assert_true(labs(expected - delta[a]) <= 2);
        int spread = a == ARW_ARMY_BRITISH ? british_spread : a == ARW_ARMY_FRENCH ? french_spread : 0;
        assert_int_equal(m.hi[a] > m.lo[a], spread);
    }
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* Two declared combats on the test bed (tests/unit/test_arw_evaluate.c,
 * attack_positions: fr-1 and fr-2 next to gb-1 and gb-2, the first
 * declared, the second forced): each army's distribution sums to
 * ARW_MD_ONE (less at most one per bin per combat, of rounding) and its
 * mean plus the shift is the expectation arw_eval_pending_combats gives,
 * to within that rounding.  With both armies at 13 no face of the two
 * rolls reaches demoralization (0): a point mass with the expectation as
 * its shift; an army at 1 has its changes spread over their faces. */
static void test_morale_distribution(void **state)
{
    (void)state;
    check_distribution("army-morale british 13", 0, 0);
    check_distribution("army-morale british 1", 1, 0); /* the French still far from 0 */
    check_distribution("army-morale french 1", 0, 1);  /* the British still far */
}

/* ------------------------------------------------------------ blunders */

typedef struct seen {
    int count[GR_MAX_BLUNDER_KINDS][2];
} seen;

static void note(void *ctx, const gr_game *g, const gr_event *e)
{
    seen *s = ctx;
    int who = -1, k = gr_game_blunder(g, e, &who);
    if (k >= 0 && who >= 0 && who < 2)
        s->count[k][who]++;
}

/* Index of blunder kind `name` in g's list. */
static int kind_of(const gr_game *g, const char *name)
{
    const char *const *names = gr_game_blunder_names(g);
    for (int k = 0; names[k]; k++)
        if (!strcmp(names[k], name))
            return k;
    fail_msg("no blunder kind %s", name);
    return -1;
}

/* Plays `edits` (scenario), `lines` (setup) and `acts` (NULL-ended, may be
 * NULL) on the test bed and returns how often `name` was counted for
 * `player`. */
static int played(const char *const *edits, const char *const *lines, const char *const *acts,
                  const char *name, int player)
{
    gr_scenario *sc = tu_load("arw-testbed");
    for (int i = 0; edits && edits[i]; i++)
        assert_int_equal(gr_scenario_edit(sc, edits[i], NULL), GR_OK);
    seen s;
    memset(&s, 0, sizeof s);
    gr_game *g = position(sc, lines, note, &s);
    const int nine = 9; /* advance.case's roll: 9 + DRM 1 = 10, gb-1 eliminated */
    if (acts)
        assert_int_equal(gr_game_push_dice(g, &nine, 1), GR_OK);
    for (int i = 0; acts && acts[i]; i++) {
        gr_action a;
        assert_int_equal(gr_action_parse(g, acts[i], &a, NULL), GR_OK);
        assert_int_equal(gr_game_apply(g, &a, NULL), GR_OK);
    }
    int n = s.count[kind_of(g, name)][player];
    gr_game_free(g);
    gr_scenario_free(sc);
    return n;
}

static void test_blunders_in_play(void **state)
{
    (void)state;
    /* tests/cases/arw/odds.case: every defender artillery, captured at Step 1 */
    const char *const gun[] = {"place gb-art-1 0505", "place fr-1 0506", NULL};
    assert_int_equal(played(NULL, gun, NULL, "gun-alone", ARW_BRITISH), 1);
    assert_int_equal(played(NULL, gun, NULL, "gun-captured", ARW_BRITISH), 0);
    /* tests/cases/arw/advance.case: gb-1 eliminated, the leader left alone */
    const char *const ed[] = {"unit fr-1 morale=3/2", "unit gb-1 sp=4 morale=1", NULL};
    const char *const lone[] = {"place gb-1 0505", "place gb-ldr-1 0505", "place fr-1 0506",
                                NULL};
    const char *const chits[] = {"chit by=british chit=skirmish", "chit by=allied chit=skirmish",
                                 NULL};
    assert_int_equal(played(ed, lone, chits, "leader-alone", ARW_BRITISH), 1);
    /* tests/cases/arw/odds.case: 4 SP against 5 is 1-2 */
    const char *const weak[] = {"unit gb-1 sp=5/3", NULL};
    const char *const last[] = {"army-morale french 3", "place gb-1 0505", "place fr-1 0506",
                                NULL};
    const char *const enough[] = {"army-morale french 4", "place gb-1 0505", "place fr-1 0506",
                                  NULL};
    assert_int_equal(played(weak, last, NULL, "desperate-attack", ARW_ALLIED), 1);
    assert_int_equal(played(weak, enough, NULL, "desperate-attack", ARW_ALLIED), 0);
    assert_int_equal(played(NULL, last, NULL, "desperate-attack", ARW_ALLIED), 0); /* 1-1 */
}

/* Savannah's victory hex (SR2.8): an Allied unit moving in first with a
 * ready British unit next to it is the British blunder; moving in where
 * another Allied unit already stands is none. */
static void test_victory_hex_lost(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("savannah-historical");
    const arw_data *d = sc->sdata;
    int v = d->map.victory_hex, next = -1, u[2] = {-1, -1}, n = 0;
    assert_true(v >= 0);
    gr_game *g = position(sc, NULL, NULL, NULL);
    for (int k = 0; k < 6 && next < 0; k++)
        next = d->map.nb[v * 6 + k];
    for (int i = 0; i < d->nunits && n < 2; i++)
        if (d->unit[i].side == ARW_ALLIED && arw_is_ready(g, i))
            u[n++] = i;
    char clear[4][64];
    const char *lines[8] = {NULL};
    int nl = 0;
    for (int x = arw_cst(g)->hex[v].head; x != ARW_NO_UNIT && nl < 4; x = arw_cst(g)->unit[x].next)
        snprintf(clear[nl], sizeof clear[nl], "remove %s eliminated", d->unit[x].id), nl++;
    gr_game_free(g);
    assert_int_equal(n, 2);
    char in[2][64], by[64], lab[16];
    for (int i = 0; i < 2; i++)
        snprintf(in[i], sizeof in[i], "place %s %s", d->unit[u[i]].id,
                 arw_hex_label(d, v, lab, sizeof lab));
    snprintf(by, sizeof by, "place foot-60 %s", arw_hex_label(d, next, lab, sizeof lab));
    for (int i = 0; i < nl; i++)
        lines[i] = clear[i];
    lines[nl] = by;
    lines[nl + 1] = in[0];
    for (int second = 0; second < 2; second++) {
        lines[nl + 2] = second ? in[1] : NULL;
        g = position(sc, lines, NULL, NULL);
        gr_event e = {.kind = GR_EV_SYSTEM + ARW_E_MOVE, .nargs = 4, .arg = {u[0], next, v, 2}};
        int who = -1, k = gr_game_blunder(g, &e, &who);
        if (second)
            assert_int_equal(k, -1);
        else {
            assert_int_equal(k, kind_of(g, "victory-hex-lost"));
            assert_int_equal(who, ARW_BRITISH);
        }
        gr_game_free(g);
    }
    gr_scenario_free(sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lone_pieces),
        cmocka_unit_test(test_guard_that_attacks),
        cmocka_unit_test(test_guard_in_declared_combat),
        cmocka_unit_test(test_town_garrison),
        cmocka_unit_test(test_morale_distribution),
        cmocka_unit_test(test_blunders_in_play),
        cmocka_unit_test(test_victory_hex_lost),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
