/* test_boc_data.c — the BoC data: the provisional Gettysburg map and order
 * of battle load with the brief's totals and the spec's named facts
 * (boc:R2.2-h, boc:R2.2-k, boc:R2.2-l, boc:R2.3-d, boc:R3.31-a, boc:R3.32-a,
 * boc:R4.5-d), and the loader refuses malformed scenarios with
 * file:line:column errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "gr_internal.h"
#include "host/files.h"
#include "rules/boc/boc.h"
#include "testutil.h"

/* ------------------------------------------------------------------ the shipped data */

static const boc_sdata *slice_data(gr_scenario **sc)
{
    *sc = tu_load("boc-slice");
    assert_non_null(*sc);
    return (*sc)->sdata;
}

/* Each hexside between two map hexes once: from the smaller index (the
 * brief's totals leave out the sides on the map edge). */
static int side_once(const boc_sdata *sd, int h, int d)
{
    int n = boc_step(sd, h, d);
    return n >= 0 && h < n;
}

static void test_map_matches_the_brief(void **state)
{
    (void)state;
    gr_scenario *sc;
    const boc_sdata *sd = slice_data(&sc);
    int slopes = 0, hills = 0, cover[BOC_NHS] = {0}, river = 0, creek = 0;
    assert_int_equal(sd->nhex, 14 * 22);
    for (int h = 0; h < sd->nhex; h++)
        for (int d = 0; d < 6; d++) {
            const boc_sidedata *f = boc_side(sd, h, d);
            if (f->slope > 0) { /* counted from its lower side */
                slopes++;
                hills += f->slope == 2;
            }
            if (side_once(sd, h, d)) {
                cover[f->cover]++;
                river += f->water == BOC_HS_RIVER;
                creek += f->water == BOC_HS_CREEK;
            }
        }
    assert_int_equal(slopes, 229); /* data brief 1.4 */
    assert_int_equal(hills, 11);
    assert_int_equal(river, 46); /* data brief 1.5 */
    assert_int_equal(creek, 31 + 19);
    assert_int_equal(cover[BOC_HS_WOODS], 169);
    assert_int_equal(cover[BOC_HS_TOWN], 24);
    assert_int_equal(cover[BOC_HS_ORCHARD], 11);
    assert_int_equal(cover[BOC_HS_MARSH], 6);
    gr_scenario_free(sc);
}

static int hex(const boc_sdata *sd, const char *label)
{
    int h = boc_hex_find(sd, label);
    assert_true(h >= 0);
    return h;
}

static void test_named_hexes(void **state)
{
    (void)state;
    gr_scenario *sc;
    const boc_sdata *sd = slice_data(&sc);
    static const char *const TOWN[] = {"I6", "I7", "H6", "H7", "G5", "G6", NULL};
    for (int i = 0; TOWN[i]; i++)
        assert_int_equal(boc_terrain_of(sd, hex(sd, TOWN[i]))->code, 'T');
    assert_true(boc_dir_to(sd, hex(sd, "J7"), hex(sd, "I7")) >= 0);
    assert_true(boc_dir_to(sd, hex(sd, "H7"), hex(sd, "G7")) >= 0);
    assert_int_equal(sd->hex[hex(sd, "R7")].stacking, 2);
    assert_int_equal(sd->hex[hex(sd, "S9")].stacking, 2);
    assert_true(boc_is_d2(sd, hex(sd, "S9")));
    int d5 = hex(sd, "D5");
    assert_int_equal(sd->hex[d5].los_level[boc_dir_to(sd, d5, hex(sd, "E5"))], 0);
    assert_int_equal(sd->hex[d5].los_level[boc_dir_to(sd, d5, hex(sd, "C5"))], 1);
    assert_int_equal(sd->night_supply[BOC_CSA], hex(sd, "H14"));
    assert_int_equal(sd->nvp, 14);
    gr_scenario_free(sc);
}

static int block(const boc_sdata *sd, const char *id)
{
    int u = boc_unit_find(sd, id);
    assert_true(u >= 0);
    return u;
}

/* Provisional lines of the OOB file mentioning block index u and a field. */
static int provisional(const gr_scenario *sc, int u, const char *field)
{
    char key[48];
    snprintf(key, sizeof key, "blocks[%d].%s:", u, field);
    int n = 0;
    for (int i = 0; i < gr_scenario_provisional_count(sc); i++)
        n += strstr(gr_scenario_provisional(sc, i), key) != NULL &&
             strstr(gr_scenario_provisional(sc, i), "oob.json") != NULL;
    return n;
}

static void test_order_of_battle(void **state)
{
    (void)state;
    gr_scenario *sc;
    const boc_sdata *sd = slice_data(&sc);
    int sides[2] = {0, 0};
    assert_int_equal(sd->nblock, 179);
    for (int u = 0; u < sd->nblock; u++)
        sides[sd->block[u].side]++;
    assert_int_equal(sides[BOC_USA], 107);
    assert_int_equal(sides[BOC_CSA], 72);
    int berdan = block(sd, "u.berdan"), lockwood = block(sd, "u.lockwood");
    int meade = block(sd, "u.meade");
    assert_true(sd->block[berdan].flags & BOC_B_NO_COMMAND);
    assert_int_equal(sd->block[berdan].fp, 3);
    assert_int_equal(sd->block[berdan].melee_fp, 1);
    assert_int_equal(provisional(sc, berdan, "rating"), 0);
    assert_int_equal(sd->block[lockwood].fp, 2);
    assert_true(sd->block[lockwood].flags & BOC_B_ASSET);
    assert_int_equal(provisional(sc, lockwood, "rating"), 0);
    assert_int_equal(sd->block[meade].range, 3);
    assert_int_equal(provisional(sc, meade, "range"), 0);
    assert_int_equal(provisional(sc, meade, "max"), 1);
    int pegram = block(sd, "c.pegram");
    assert_int_equal(sd->block[pegram].fp, 3);
    assert_int_equal(sd->block[pegram].fp_long, 1);
    gr_scenario_free(sc);
}

/* ------------------------------------------------------------------ refusals */

typedef struct overlay {
    char root[1024];
    const char *text; /* served as scenarios/boc-bad.json */
} overlay;

static int overlay_read(void *ctx, const char *path, char **buf, size_t *len, char *why,
                        size_t why_size)
{
    overlay *o = ctx;
    if (strcmp(path, "scenarios/boc-bad.json") != 0)
        return gr_host_read(o->root, path, buf, len, why, why_size);
    *len = strlen(o->text);
    *buf = malloc(*len + 1);
    if (!*buf)
        return -1;
    memcpy(*buf, o->text, *len + 1);
    return 0;
}

#define HEAD                                                                                       \
    "{\"format\": 1, \"system\": \"boc\", \"id\": \"boc-bad\", \"title\": \"t\",\n"                \
    "\"terrain\": \"boc/terrain.json\", \"units\": \"boc/units.json\",\n"
#define MAP "\"map\": {\"grid\": {\"columns\": 4, \"rows\": 4}},\n"
#define BLOCKS                                                                                     \
    "\"blocks\": [{\"id\": \"u.a\", \"side\": \"usa\", \"name\": \"a\", \"type\": \"inf\","        \
    " \"corps\": \"I\", \"max\": 4, \"rating\": \"B2\"}],\n"
#define TAIL                                                                                       \
    "\"turns\": {\"first\": \"usa\", \"player_turns\": 2},\n"                \
    "\"victory\": {\"csa_wins_at\": 1, \"usa_wins_at\": -1}}\n"

/* Loading `text` must fail with an error containing every fragment. */
static void refused(const char *text, const char *frag1, const char *frag2)
{
    overlay o;
    tu_path(o.root, sizeof o.root, "data");
    o.text = text;
    gr_scenario *sc = NULL;
    gr_error err = {{0}, {0}};
    gr_status st = gr_scenario_load("boc-bad", overlay_read, &o, &sc, &err);
    if (st == GR_OK)
        fail_msg("accepted: %s", text);
    assert_null(sc);
    if (!strstr(err.msg, frag1) || (frag2 && !strstr(err.msg, frag2)))
        fail_msg("error '%s' lacks '%s' / '%s'", err.msg, frag1, frag2 ? frag2 : "");
}

static void test_good_base_loads(void **state)
{
    (void)state;
    overlay o;
    tu_path(o.root, sizeof o.root, "data");
    o.text = HEAD MAP BLOCKS TAIL;
    gr_scenario *sc = NULL;
    gr_error err;
    assert_int_equal(gr_scenario_load("boc-bad", overlay_read, &o, &sc, &err), GR_OK);
    gr_scenario_free(sc);
}

static void test_loader_refusals(void **state)
{
    (void)state;
    refused(HEAD "\"rwos\": 1,\n" MAP BLOCKS TAIL, "boc-bad.json:3:", "unknown key 'rwos'");
    refused(HEAD MAP
            "\"blocks\": [{\"id\": \"u.a\", \"side\": \"usa\", \"name\": \"a\", \"type\": \"inf\","
            " \"corps\": \"I\", \"max\": 4, \"rating\": \"B3/1\"}],\n" TAIL,
            "boc-bad.json:4:", "bad rating 'B3/1'");
    refused(HEAD MAP
            "\"blocks\": [{\"id\": \"u.a\", \"side\": \"usa\", \"name\": \"a\", \"type\": \"art\","
            " \"corps\": \"I\", \"max\": 5, \"rating\": \"A3/1\"}],\n" TAIL,
            "blocks[0].max", "out of range");
    refused(HEAD
            "\"map\": {\"grid\": {\"columns\": 4, \"rows\": 4}, \"streams\": [{\"name\": \"s\","
            " \"kind\": \"creek\", \"sides\": \"A1/C3\"}]},\n" BLOCKS TAIL,
            "boc-bad.json:3:", "'A1/C3' is not a pair of adjacent hexes");
    refused(HEAD
            "\"map\": {\"grid\": {\"columns\": 4, \"rows\": 4}, \"slopes\": [\"A1>A2\"]},\n" BLOCKS
                TAIL,
            "boc-bad.json:3:", "A1 is not higher than A2");
    refused(HEAD
            "\"map\": {\"grid\": {\"columns\": 4, \"rows\": 4}, \"terrain_rows\": [{\"row\": \"A\","
            " \"cells\": \"C0 W1 C0\"}]},\n" BLOCKS TAIL,
            "boc-bad.json:3:", "want 4 cells");
    refused(HEAD "\"map\": {\"grid\": {\"columns\": 4, \"rows\": 4}, \"roads\": [{\"name\": \"r\","
                 " \"class\": \"main\", \"path\": \"A1-A2-C4\"}]},\n" BLOCKS TAIL,
            "'C4' is not on the map next to the previous hex", NULL);
    refused(HEAD MAP BLOCKS "\"setup\": [{\"unit\": \"u.zz\", \"hex\": \"A1\"}],\n" TAIL,
            "boc-bad.json:5:", "no block 'u.zz'");
    refused(HEAD MAP BLOCKS "\"setup\": [{\"unit\": \"u.a\", \"hex\": \"E9\"}],\n" TAIL,
            "no hex 'E9' on the map", NULL);
    refused(HEAD MAP BLOCKS
            "\"setup\": [{\"unit\": \"u.a\", \"hex\": \"A1\", \"strength\": 0}],\n" TAIL,
            "strength", "out of range");
    refused(HEAD MAP BLOCKS
            "\"turns\": {\"first\": \"usa\", \"player_turns\": 2},\n"
            "\"victory\": {\"csa_wins_at\": 0, \"usa_wins_at\": 0}}\n",
            "usa_wins_at must be below csa_wins_at", NULL);
    refused(
        HEAD MAP
        "\"blocks\": [{\"id\": \"u.a\", \"side\": \"usa\", \"name\": \"a\", \"type\": \"inf\","
        " \"corps\": \"I\", \"max\": 4, \"rating\": \"B2\"}, {\"id\": \"u.a\", \"side\": \"csa\","
        " \"name\": \"b\", \"type\": \"inf\", \"corps\": \"I\", \"max\": 4, \"rating\": "
        "\"B2\"}],\n" TAIL,
        "block 'u.a' given twice", NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_map_matches_the_brief), cmocka_unit_test(test_named_hexes),
        cmocka_unit_test(test_order_of_battle),       cmocka_unit_test(test_good_base_loads),
        cmocka_unit_test(test_loader_refusals),
    };
    return cmocka_run_group_tests_name("boc_data", tests, NULL, NULL);
}
