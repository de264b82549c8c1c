/* test_arw_savcombat.c — the Savannah close-combat, command and morale rules
 * where a rule case is awkward: the data they read in the Savannah order of
 * battle and terrain (army commanders, Huger, the semi-leaders, the Creek
 * cover of forest), the breach morale check that the lanes breaching
 * hexsides call (SR4.19, AMB-35: arw_breach_checks, no rule-case trigger
 * on this branch), and a close combat of the Historical Scenario at the
 * Spring Hill Redoubt with Tawes' semi-leader ability and the SR4.15
 * doctrine read from the scenario's own zones. */
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

static const arw_data *data_of(const gr_scenario *sc)
{
    return (const arw_data *)sc->sdata;
}

static int unit_of(const arw_data *d, const char *id)
{
    int u = arw_unit_find(d, id);
    if (u < 0)
        fail_msg("unit '%s' is missing", id);
    return u;
}

static void setup(gr_game *g, const char *line)
{
    gr_error err = {{0}, {0}};
    if (gr_game_setup(g, line, &err) != GR_OK)
        fail_msg("setup '%s': %s", line, err.msg);
}

static void expect_query(gr_game *g, const char *q, const char *want)
{
    char buf[1024];
    assert_int_equal(gr_game_query(g, q, buf, sizeof buf, NULL), GR_OK);
    if (!strstr(buf, want))
        fail_msg("query '%s' gave '%s', want '%s'", q, buf, want);
}

/* SR4.18 and T-LeaderCasualty name the army commanders; Huger, the
 * semi-leaders and TEC note 11 are flags of the data. */
static void test_savannah_flags(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("savannah-historical");
    assert_non_null(sc);
    const arw_data *d = data_of(sc);
    int commanders = 0;
    for (int u = 0; u < d->nunits; u++)
        commanders += (d->unit[u].flags & ARW_F_COMMANDER) != 0;
    assert_int_equal(commanders, 3);
    assert_true(d->unit[unit_of(d, "prevost")].flags & ARW_F_COMMANDER);
    assert_true(d->unit[unit_of(d, "destaing")].flags & ARW_F_COMMANDER);
    assert_true(d->unit[unit_of(d, "lincoln")].flags & ARW_F_COMMANDER);
    int huger = unit_of(d, "huger");
    assert_true(d->unit[huger].flags & ARW_F_MILART_ONLY);
    assert_false(arw_may_command(d, huger, unit_of(d, "sc-2nd")));
    assert_true(arw_may_command(d, huger, unit_of(d, "charlestown-1")));
    assert_true(arw_may_command(d, huger, unit_of(d, "beekman-artillery")));
    assert_false(arw_may_command(d, unit_of(d, "destaing"), unit_of(d, "pulaski-legion")));
    assert_true(arw_may_command(d, unit_of(d, "von-porbeck"), unit_of(d, "creeks")));
    /* SR4.18 seniority among equal ranks: lower is senior */
    const char *pairs[3][2] = {{"de-noailles", "dillon"}, {"mcintosh", "huger"},
                               {"maitland", "von-porbeck"}};
    for (int i = 0; i < 3; i++) {
        const arw_unit_def *a = &d->unit[unit_of(d, pairs[i][0])];
        const arw_unit_def *b = &d->unit[unit_of(d, pairs[i][1])];
        assert_int_equal(a->rank, b->rank);
        assert_true(a->seniority < b->seniority);
    }
    assert_true(d->unit[unit_of(d, "tawes")].flags & ARW_F_SEMI_LEADER);
    assert_true(d->unit[unit_of(d, "pulaski-legion")].flags & ARW_F_SEMI_LEADER);
    assert_false(d->unit[unit_of(d, "tawes-r")].flags & ARW_F_SEMI_LEADER);
    assert_false(d->unit[unit_of(d, "pulaski-legion-r")].flags & ARW_F_SEMI_LEADER);
    for (int t = 0; t < d->nhtypes; t++)
        assert_int_equal(!!(d->htype[t].flags & ARW_T_CREEK_COVER),
                         !strcmp(d->htype[t].id, "forest"));
    gr_scenario_free(sc);
}

/* A test-bed game with a British stack behind a redoubt breached by the
 * Allies: the units of the side that did not breach check morale. */
static gr_game *breach_game(gr_scenario *sc)
{
    gr_error err = {{0}, {0}};
    gr_game *g = NULL;
    assert_int_equal(gr_scenario_edit(sc, "side 0503 0504 redoubt", &err), GR_OK);
    if (gr_game_new(sc, 3, "auto=0", NULL, NULL, &g, &err) != GR_OK)
        fail_msg("%s", err.msg);
    setup(g, "phase close-combat active=allied turn=16");
    setup(g, "place gb-1 0503");
    setup(g, "place gb-mil-1 0503");
    setup(g, "place fr-1 0505");
    setup(g, "place gb-2 0501");
    return g;
}

/* SR4.19, AMB-35: each unit in either hex of the breached side that
 * belongs to the other side checks; a failure is a 1-hex retreat task. */
static void test_breach_checks(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("arw-testbed");
    assert_non_null(sc);
    gr_game *g = breach_game(sc);
    const arw_data *d = arw_dat(g);
    int h = gr_grid_find(&d->map.grid, "0503"), to = gr_grid_find(&d->map.grid, "0504");
    int gb1 = unit_of(d, "gb-1"), mil = unit_of(d, "gb-mil-1");
    int faces[2] = {4, 3}; /* gb-1 morale 1: 4 + 1 = 5 passes; militia 0: 3 fails */
    assert_int_equal(gr_game_push_dice(g, faces, 2), GR_OK);
    arw_st(g)->stage = ARW_ST_TASKS; /* as the breaching lanes do around the call */
    int before = arw_cst(g)->ntasks;
    assert_int_equal(arw_breach_checks(g, h, arw_dir(d, h, to), ARW_ALLIED), 1);
    assert_int_equal(arw_cst(g)->ntasks, before + 1);
    const arw_task *t = &arw_cst(g)->task[arw_cst(g)->ntasks - 1];
    assert_int_equal(t->kind, ARW_T_RETREAT);
    assert_int_equal(t->unit, mil);
    assert_int_equal(t->arg, d->t.retreat_r);
    assert_int_equal(gr_game_dice_queued(g), 0);
    (void)gb1;
    arw_st(g)->ntasks = (uint8_t)before;
    /* the breaker's own units never check */
    assert_int_equal(arw_breach_checks(g, to, arw_dir(d, to, h), ARW_BRITISH), 0);
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* The Historical Scenario's own data: Tawes in the Spring Hill Redoubt
 * (1404, a perimeter hex) leads the British defenders' chits, and the
 * British may not choose Turn Flank against attackers from outside. */
static void test_hs_spring_hill(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("savannah-historical");
    assert_non_null(sc);
    gr_game *g = NULL;
    gr_error err = {{0}, {0}};
    if (gr_game_new(sc, 5, "auto=0", NULL, NULL, &g, &err) != GR_OK)
        fail_msg("%s", err.msg);
    const arw_data *d = arw_dat(g);
    int h1404 = gr_grid_find(&d->map.grid, "1404");
    assert_true(arw_in_zone(d, h1404, ARW_Z_SPRING_HILL | ARW_Z_PERIMETER));
    assert_int_equal(arw_cst(g)->unit[unit_of(d, "tawes")].hex, h1404);
    setup(g, "phase close-combat active=allied turn=16");
    /* a lone French attacker south-east of the redoubt, outside the perimeter */
    int att = -1;
    for (int k = 0; k < 6 && att < 0; k++) {
        int n = d->map.nb[h1404 * 6 + k];
        if (n >= 0 && !arw_in_zone(d, n, ARW_Z_PERIMETER) && arw_hex_owner(g, n) < 0 &&
            arw_terrain_enterable(g, unit_of(d, "armagnac"), n, h1404))
            att = n;
    }
    assert_true(att >= 0);
    char line[128], lab[8];
    for (int u = 0; u < d->nunits; u++) /* only the redoubt's defenders and the attacker */
        if (arw_cst(g)->unit[u].box == ARW_BOX_MAP && arw_cst(g)->unit[u].hex != h1404) {
            snprintf(line, sizeof line, "remove %s", d->unit[u].id);
            setup(g, line);
        }
    snprintf(line, sizeof line, "place armagnac %s", arw_hex_label(d, att, lab, sizeof lab));
    setup(g, line);
    const char *steps[] = {"attack by=allied unit=armagnac hex=1404", "declare-done by=allied",
                           "resolve by=allied combat=1", "vanguard by=allied unit=armagnac",
                           "vanguard by=british unit=sc-royalists"};
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++)
        if (tu_apply(g, steps[i], &err) != GR_OK)
            fail_msg("%s: %s", steps[i], err.msg);
    /* Tawes (semi-leader in 1404) gives the defenders the leader chits; no
     * Turn Flank for the British (SR4.15-a) */
    expect_query(g, "chits", "defender=skirmish,echelon,stand-fast,withdraw,frontal-assault,"
                             "commit-reserve,refuse-flank");
    gr_game_free(g);
    gr_scenario_free(sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_savannah_flags),
        cmocka_unit_test(test_breach_checks),
        cmocka_unit_test(test_hs_spring_hill),
    };
    return cmocka_run_group_tests_name("arw_savcombat", tests, NULL, NULL);
}
