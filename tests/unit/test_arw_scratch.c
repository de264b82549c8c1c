/* test_arw_scratch.c — ARW's movement facts and searches, the close-combat
 * declaration context (declare.c) and the top task's candidates (tasks.c),
 * kept in the game's rules scratch (src/rules/arw/mvscratch.c) never change
 * a result: random
 * Savannah games are played twice from the same seeds, once as the agents
 * play them (the draw's facts and searches reused by the apply, the
 * single-option test's by the next draw, the enemy facts from one build
 * to the next), once from a fresh clone (a zeroed scratch) before every
 * call; the drawn actions, the legal lists (every seventh step and every
 * task decision) and the state hashes must agree at every step.  A copy, a view and a determinization made between
 * a draw and its apply must not carry facts of another position either. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "gr_internal.h"
#include "rules/arw/move/mvint.h"
#include "testutil.h"

#define GAMES 3
#define MAX_STEPS 3000
#define LIST_CAP 4096

/* A fresh clone of g in its place: a zeroed scratch, nothing kept. */
static gr_game *renew(gr_game *g)
{
    gr_game *c = gr_game_clone(g);
    assert_non_null(c);
    gr_game_free(g);
    return c;
}

static int due_player(const gr_game *g)
{
    gr_pending p;
    gr_game_pending(g, &p);
    if (p.kind == GR_PENDING_OVER || !p.players)
        return -1;
    return (p.players & 1u) ? 0 : 1;
}

/* The legal lists of both games agree (every decision: movement,
 * declarations and the tasks' candidates use the scratch); returns 1 on a
 * movement or task decision. */
static int same_legal(const gr_game *a, const gr_game *b, int player, gr_action *la,
                      gr_action *lb)
{
    char q[256];
    gr_game_query(a, "phase", q, sizeof q, NULL);
    int counted = strstr(q, "phase=movement") || arw_cst(a)->stage == ARW_ST_TASKS;
    int na = gr_game_legal(a, player, la, LIST_CAP);
    int nb = gr_game_legal(b, player, lb, LIST_CAP);
    assert_int_equal(na, nb);
    assert_memory_equal(la, lb, sizeof *la * (size_t)(na < LIST_CAP ? na : LIST_CAP));
    return counted;
}

/* Plays the pair; returns the number of movement and task lists compared. */
static int play_pair(const gr_scenario *sc, uint64_t seed, gr_action *la, gr_action *lb)
{
    int lists = 0, over = 0;
    gr_game *a, *b;
    assert_int_equal(gr_game_new(sc, seed, NULL, NULL, NULL, &a, NULL), GR_OK);
    assert_int_equal(gr_game_new(sc, seed, NULL, NULL, NULL, &b, NULL), GR_OK);
    gr_rng ra, rb;
    gr_rng_seed(&ra, seed, 7);
    gr_rng_seed(&rb, seed, 7);
    for (int step = 0; step < MAX_STEPS; step++) {
        int p = due_player(a);
        assert_int_equal(p, due_player(b));
        if (p < 0) {
            over = 1;
            break;
        }
        gr_action xa, xb;
        b = renew(b);
        assert_int_equal(gr_game_sample(a, p, &ra, &xa), GR_OK);
        assert_int_equal(gr_game_sample(b, p, &rb, &xb), GR_OK);
        assert_memory_equal(&xa, &xb, sizeof xa);
        if (step % 7 == 0 || arw_cst(a)->stage == ARW_ST_TASKS) { /* the list too, between
                                                                     a draw and its apply */
            b = renew(b);
            lists += same_legal(a, b, p, la, lb);
        }
        b = renew(b);
        assert_int_equal(gr_game_apply(a, &xa, NULL), GR_OK);
        assert_int_equal(gr_game_apply(b, &xb, NULL), GR_OK);
        assert_true(gr_game_hash(a) == gr_game_hash(b));
    }
    gr_game_free(a);
    gr_game_free(b);
    assert_true(over);
    return lists;
}

static void test_kept_facts_change_nothing(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("savannah-historical");
    gr_action *la = malloc(sizeof *la * LIST_CAP), *lb = malloc(sizeof *lb * LIST_CAP);
    assert_non_null(la);
    assert_non_null(lb);
    int lists = 0;
    for (int i = 0; i < GAMES; i++)
        lists += play_pair(sc, 1000u + (uint64_t)i, la, lb);
    assert_true(lists > 10);
    free(la);
    free(lb);
    gr_scenario_free(sc);
}

/* A draw on one game, then that game overwritten by another position
 * (copy), viewed and determinized: the draw's facts must not survive. */
static void test_copy_view_forget(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("savannah-historical");
    gr_game *a, *b;
    assert_int_equal(gr_game_new(sc, 1, NULL, NULL, NULL, &a, NULL), GR_OK);
    assert_int_equal(gr_game_new(sc, 1, NULL, NULL, NULL, &b, NULL), GR_OK);
    gr_rng r;
    gr_rng_seed(&r, 5, 5);
    for (int step = 0; step < 400; step++) { /* a moves on, b stays behind */
        int p = due_player(a);
        gr_action x, y;
        if (p < 0)
            break;
        assert_int_equal(gr_game_sample(a, p, &r, &x), GR_OK);
        assert_int_equal(gr_game_apply(a, &x, NULL), GR_OK);
        if (step % 50 != 0 || due_player(b) < 0)
            continue;
        gr_rng r2 = r;
        assert_int_equal(gr_game_sample(b, due_player(b), &r2, &y), GR_OK); /* b's facts */
        assert_int_equal(gr_game_copy(b, a), GR_OK);  /* b is a now */
        gr_game *v = gr_game_view(b, 0);
        assert_non_null(v);
        assert_int_equal(gr_game_determinize(v, 3), GR_OK);
        gr_rng r3 = r, r4 = r;
        if (due_player(b) >= 0) {
            gr_action xb, xv;
            gr_game *fresh = gr_game_clone(b);
            assert_int_equal(gr_game_sample(b, due_player(b), &r3, &xb), GR_OK);
            assert_int_equal(gr_game_sample(fresh, due_player(fresh), &r4, &xv), GR_OK);
            assert_memory_equal(&xb, &xv, sizeof xb);
            gr_game_free(fresh);
        }
        gr_game_free(v);
    }
    gr_game_free(a);
    gr_game_free(b);
    gr_scenario_free(sc);
}

/* g's facts for `side` are those of a fresh clone of g. */
static void facts_as_fresh(const gr_game *g, int side)
{
    arw_mvwork w, f;
    int n = arw_dat(g)->map.nhex;
    gr_game *c = gr_game_clone(g);
    assert_non_null(c);
    arw_mvwork_begin(g, side, &w);
    arw_mvwork_begin(c, side, &f);
    assert_memory_equal(w.map->info, f.map->info, (size_t)n);
    assert_memory_equal(w.map->sp, f.map->sp, (size_t)n);
    assert_memory_equal(w.map->art, f.map->art, (size_t)n);
    assert_memory_equal(w.map->nat, f.map->nat, (size_t)n);
    assert_int_equal(w.map->nrifle, f.map->nrifle);
    assert_memory_equal(w.map->rifle, f.map->rifle,
                        sizeof w.map->rifle[0] * (size_t)f.map->nrifle);
    gr_game_free(c);
}

/* Each enemy unit disrupted, then ready again: the next build of the
 * moving side's facts sees it. */
static void test_enemy_status_followed(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("savannah-historical");
    gr_game *g;
    char line[128];
    int changes = 0;
    assert_int_equal(gr_game_new(sc, 1, NULL, NULL, NULL, &g, NULL), GR_OK);
    const arw_data *d = arw_dat(g);
    for (int side = 0; side < 2; side++)
        for (int u = 0; u < d->nunits; u++) {
            const arw_unit *x = &arw_cst(g)->unit[u];
            if (d->unit[u].side == side || x->box != ARW_BOX_MAP || x->hex < 0 ||
                d->unit[u].kind == ARW_K_LEADER)
                continue;
            facts_as_fresh(g, side); /* (kept for the next build) */
            snprintf(line, sizeof line, "status %s disrupted", d->unit[u].id);
            assert_int_equal(gr_game_setup(g, line, NULL), GR_OK);
            facts_as_fresh(g, side);
            snprintf(line, sizeof line, "status %s ready", d->unit[u].id);
            assert_int_equal(gr_game_setup(g, line, NULL), GR_OK);
            facts_as_fresh(g, side);
            changes++;
        }
    assert_true(changes > 10);
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* Random Savannah play: at every movement decision the facts of the side
 * to move, kept from one build to the next (the friendly facts worked out
 * again only where units moved, lost a step or left the map), are those of
 * a fresh clone; so are the other side's every tenth step. */
static void test_moves_followed(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("savannah-historical");
    gr_game *g;
    gr_rng r;
    char q[256];
    int checked = 0;
    gr_rng_seed(&r, 11, 11);
    assert_int_equal(gr_game_new(sc, 11, NULL, NULL, NULL, &g, NULL), GR_OK);
    for (int step = 0; step < MAX_STEPS && due_player(g) >= 0; step++) {
        gr_action x;
        int side = arw_cst(g)->active;
        gr_game_query(g, "phase", q, sizeof q, NULL);
        if (strstr(q, "phase=movement")) {
            facts_as_fresh(g, side);
            checked++;
        }
        if (step % 10 == 0)
            facts_as_fresh(g, 1 - side);
        assert_int_equal(gr_game_sample(g, due_player(g), &r, &x), GR_OK);
        assert_int_equal(gr_game_apply(g, &x, NULL), GR_OK);
    }
    assert_true(checked > 50);
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* The British facts of g kept for the next build (a complete record) and a
 * copy of their ZOC marks. */
static int kept_british(const gr_game *g, uint8_t *info)
{
    arw_mvwork w;
    facts_as_fresh(g, ARW_BRITISH);
    arw_mvwork_begin(g, ARW_BRITISH, &w);
    memcpy(info, w.map->info, (size_t)arw_dat(g)->map.nhex);
    return w.map->esnap;
}

/* An Allied unit next to a British fieldworks side that bars its ZOC, then
 * the side breached (the ZOC now crosses it): the next build of the
 * British facts, whose enemy part was kept, sees it. */
static void test_breach_followed(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("savannah-historical");
    gr_game *g;
    char line[128], a[16], b[16];
    static uint8_t before[ARW_MAX_MAP_HEXES];
    int tried = 0;
    gr_rng r;
    gr_rng_seed(&r, 3, 3);
    assert_int_equal(gr_game_new(sc, 1, NULL, NULL, NULL, &g, NULL), GR_OK);
    for (int i = 0; i < 3 && due_player(g) >= 0; i++) { /* (step > 0: no restart) */
        gr_action x;
        assert_int_equal(gr_game_sample(g, due_player(g), &r, &x), GR_OK);
        assert_int_equal(gr_game_apply(g, &x, NULL), GR_OK);
    }
    const arw_data *d = arw_dat(g);
    int ally = -1;
    for (int u = 0; u < d->nunits && ally < 0; u++)
        if (d->unit[u].side == ARW_ALLIED && d->unit[u].kind == ARW_K_INFANTRY &&
            arw_cst(g)->unit[u].box == ARW_BOX_MAP)
            ally = u;
    assert_true(ally >= 0);
    for (int m = 0; m < d->map.nhex && tried < 4; m++)
        for (int k = 0; k < 6 && tried < 4; k++) {
            int y = d->map.nb[m * 6 + k];
            if (y < 0 || !(d->map.edge[m * 6 + k] & d->fw_types) ||
                arw_cst(g)->hex[y].head != ARW_NO_UNIT)
                continue;
            snprintf(line, sizeof line, "place %s %s", d->unit[ally].id,
                     arw_hex_label(d, y, a, sizeof a));
            if (gr_game_setup(g, line, NULL) != GR_OK || !kept_british(g, before))
                continue; /* (not placed, or the enemy facts are not kept here) */
            snprintf(line, sizeof line, "breach %s %s", arw_hex_label(d, m, a, sizeof a),
                     arw_hex_label(d, y, b, sizeof b));
            assert_int_equal(gr_game_setup(g, line, NULL), GR_OK);
            facts_as_fresh(g, ARW_BRITISH);
            arw_mvwork w;
            arw_mvwork_begin(g, ARW_BRITISH, &w);
            tried += memcmp(before, w.map->info, (size_t)d->map.nhex) != 0;
        }
    assert_true(tried > 0); /* (some breach changed the facts) */
    gr_game_free(g);
    gr_scenario_free(sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_enemy_status_followed),
        cmocka_unit_test(test_breach_followed),
        cmocka_unit_test(test_moves_followed),
        cmocka_unit_test(test_kept_facts_change_nothing),
        cmocka_unit_test(test_copy_view_forget),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
