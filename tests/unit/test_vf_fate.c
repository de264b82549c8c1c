/* test_vf_fate.c — V&F hidden information: the fate hands and decks
 * (vf:4.0-a, vf:4.0-d: cards are kept secret until played; vf:2.4-b: the
 * decks are shuffled face down).  Two games that differ only in what side a
 * cannot see (b's hand and every deck's order) give side a byte-identical
 * views: same hash, same description, same query answers, same options;
 * the card b draws reaches b alone (event visibility); determinize deals b
 * a hand consistent with what a knows (the count, the discards). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "testutil.h"

enum { SIDE_A = 0, SIDE_B = 1 };

static gr_scenario *fate_testbed(void)
{
    gr_scenario *sc = tu_load("vf-testbed");
    gr_error err;
    assert_non_null(sc);
    assert_int_equal(gr_scenario_edit(sc, "fate on", &err), GR_OK);
    assert_int_equal(gr_scenario_edit(sc, "max-turns 3", &err), GR_OK);
    return sc;
}

static void setup(gr_game *g, const char *line)
{
    gr_error err;
    if (gr_game_setup(g, line, &err) != GR_OK)
        fail_msg("setup '%s': %s", line, err.msg);
}

/* Events with their visibility. */
typedef struct events {
    uint8_t vis[256];
    char text[256][128];
    int n;
} events;

static void keep_event(void *ctx, const gr_game *g, const gr_event *e)
{
    events *log = ctx;
    if (log->n >= 256)
        return;
    log->vis[log->n] = e->vis;
    gr_event_format(g, e, log->text[log->n], sizeof log->text[0]);
    log->n++;
}

/* A position where b holds `hand` (two cards) and has discarded A and 2;
 * a holds its first card.  The decks' orders differ with the hand. */
static gr_game *position(gr_scenario *sc, const char *hand, events *log)
{
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, 1, NULL, log ? keep_event : NULL, log, &g, NULL), GR_OK);
    char line[64];
    snprintf(line, sizeof line, "fate b hand=%s discard=A,2", hand);
    setup(g, line);
    setup(g, "unit a-line x=20.00 y=10.00 facing=0.00 files=12 figures=24");
    setup(g, "unit b-line x=20.00 y=30.00 facing=180.00 files=12 figures=24");
    return g;
}

static const char *describe(const gr_game *g)
{
    static char buf[1 << 14];
    gr_game_describe(g, buf, sizeof buf);
    return buf;
}

static void same_views(const gr_game *x, const gr_game *y, int viewer)
{
    gr_game *vx = gr_game_view(x, viewer), *vy = gr_game_view(y, viewer);
    assert_true(gr_game_hash(vx) == gr_game_hash(vy));
    char dx[1 << 14];
    snprintf(dx, sizeof dx, "%s", describe(vx));
    assert_string_equal(dx, describe(vy));
    static const char *const queries[] = {"fate a", "fate b", "phase", "score", NULL};
    for (int i = 0; queries[i]; i++) {
        char ax[512], ay[512];
        gr_error err;
        assert_int_equal(gr_game_query(vx, queries[i], ax, sizeof ax, &err), GR_OK);
        assert_int_equal(gr_game_query(vy, queries[i], ay, sizeof ay, &err), GR_OK);
        assert_string_equal(ax, ay);
    }
    assert_non_null(strstr(dx, "fate=b deck=9 held=2 hand=hidden discard=A,2"));
    gr_action ox[256], oy[256];
    int nx = gr_game_legal(vx, viewer, ox, 256), ny = gr_game_legal(vy, viewer, oy, 256);
    assert_int_equal(nx, ny);
    assert_memory_equal(ox, oy, (size_t)nx * sizeof ox[0]);
    gr_game_free(vx);
    gr_game_free(vy);
}

/* Re-randomising b's hand and the decks leaves a's view unchanged; b's own
 * views differ (he knows his cards). */
static void test_hidden_hand_rerandomised(void **state)
{
    (void)state;
    gr_scenario *sc = fate_testbed();
    gr_game *x = position(sc, "K,Q", NULL), *y = position(sc, "J,10", NULL);
    assert_true(gr_game_hash(x) != gr_game_hash(y));
    same_views(x, y, SIDE_A);
    gr_game *bx = gr_game_view(x, SIDE_B), *by = gr_game_view(y, SIDE_B);
    assert_true(gr_game_hash(bx) != gr_game_hash(by));
    assert_non_null(strstr(describe(bx), "fate=b deck=9 held=2 hand=Q,K"));
    /* a's own hand is a's: b sees only its count */
    assert_non_null(strstr(describe(bx), "fate=a deck=12 held=1 hand=hidden"));
    gr_game_free(bx);
    gr_game_free(by);
    /* play on to b's turn (a passes its windows at the end of its combat
     * phase and at the start of b's turn): the views stay identical */
    static const char *const moves[] = {"pass by=a", "end-phase by=a", "pass by=a",
                                         "pass by=a", NULL};
    for (int i = 0; moves[i]; i++) {
        gr_error err;
        assert_int_equal(tu_apply(x, moves[i], &err), GR_OK);
        assert_int_equal(tu_apply(y, moves[i], &err), GR_OK);
    }
    gr_game *vx = gr_game_view(x, SIDE_A), *vy = gr_game_view(y, SIDE_A);
    assert_true(gr_game_hash(vx) == gr_game_hash(vy));
    assert_non_null(strstr(describe(vx), "fate=b deck=8 held=3 hand=hidden"));
    gr_game_free(vx);
    gr_game_free(vy);
    gr_game_free(x);
    gr_game_free(y);
    gr_scenario_free(sc);
}

/* D'Erlon's attack: two games differing only in b's hand (and so in the
 * decks' order) give a the same view (hash, describe, options) at the
 * start and after every step of 80 played the same way in both (the first
 * option that is not a card play: b's cards differ), draws included. */
static void test_derlon_hidden_hand(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("vf-derlon");
    assert_non_null(sc);
    gr_game *x = NULL, *y = NULL;
    assert_int_equal(gr_game_new(sc, 4, NULL, NULL, NULL, &x, NULL), GR_OK);
    assert_int_equal(gr_game_new(sc, 4, NULL, NULL, NULL, &y, NULL), GR_OK);
    setup(x, "fate b hand=K,Q discard=A,2");
    setup(y, "fate b hand=J,10 discard=A,2");
    assert_true(gr_game_hash(x) != gr_game_hash(y));
    gr_rng pick;
    gr_rng_seed(&pick, 4, 9);
    static gr_action ox[1024], oy[1024];
    for (int step = 0; step < 80; step++) {
        gr_game *vx = gr_game_view(x, SIDE_A), *vy = gr_game_view(y, SIDE_A);
        assert_true(gr_game_hash(vx) == gr_game_hash(vy));
        char dx[1 << 14];
        snprintf(dx, sizeof dx, "%s", describe(vx));
        assert_string_equal(dx, describe(vy));
        const char *bf = strstr(dx, "fate=b ");
        assert_non_null(bf);
        assert_non_null(strstr(bf, "hand=hidden"));
        int na = gr_game_legal(vx, SIDE_A, ox, 1024), nb = gr_game_legal(vy, SIDE_A, oy, 1024);
        assert_int_equal(na, nb);
        assert_memory_equal(ox, oy, (size_t)na * sizeof ox[0]);
        gr_game_free(vx);
        gr_game_free(vy);
        gr_pending p;
        gr_game_pending(x, &p);
        if (p.kind == GR_PENDING_OVER)
            break;
        int who = p.players & 1 ? SIDE_A : SIDE_B, n = gr_game_legal(x, who, ox, 1024), k = -1;
        for (int tries = 0; tries < 64 && k < 0; tries++) {
            int i = (int)gr_rng_below(&pick, (uint32_t)n);
            char text[256];
            gr_action_format(x, &ox[i], text, sizeof text);
            if (strncmp(text, "play ", 5) != 0)
                k = i;
        }
        assert_true(k >= 0);
        gr_error err;
        assert_int_equal(gr_game_apply(x, &ox[k], &err), GR_OK);
        assert_int_equal(gr_game_apply(y, &ox[k], &err), GR_OK);
    }
    gr_game_free(x);
    gr_game_free(y);
    gr_scenario_free(sc);
}

/* The card drawn reaches its owner only; the public draw event names none. */
static void test_draw_event_private(void **state)
{
    (void)state;
    gr_scenario *sc = fate_testbed();
    static events log;
    log.n = 0;
    gr_game *g = position(sc, "K,Q", &log);
    gr_error err;
    assert_int_equal(tu_apply(g, "pass by=a", &err), GR_OK);
    assert_int_equal(tu_apply(g, "end-phase by=a", &err), GR_OK);
    assert_int_equal(tu_apply(g, "pass by=a", &err), GR_OK); /* end of a's combat phase */
    assert_int_equal(tu_apply(g, "pass by=a", &err), GR_OK); /* start of b's turn */
    /* b's deck after the setup is 3..J in rank order: b draws 3 */
    int private_cards = 0, b_draw = 0;
    for (int i = 0; i < log.n; i++)
        if (strncmp(log.text[i], "fate-card ", 10) == 0) {
            int owner = strstr(log.text[i], "side=b") ? SIDE_B : SIDE_A;
            assert_int_equal(log.vis[i], 1u << owner);
            private_cards += owner == SIDE_B && strstr(log.text[i], "card=3") != NULL;
        } else if (strstr(log.text[i], "fate-draw")) {
            assert_int_equal(log.vis[i], GR_VIS_ALL);
            assert_null(strstr(log.text[i], "card="));
            b_draw += strstr(log.text[i], "side=b hand=3 deck=8") != NULL;
        }
    assert_int_equal(private_cards, 1);
    assert_int_equal(b_draw, 1);
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* Determinize deals b two cards a does not know to be elsewhere: never a
 * discarded card, the count kept, the position sane and playable. */
static void test_determinize_resamples_hand(void **state)
{
    (void)state;
    gr_scenario *sc = fate_testbed();
    gr_game *g = position(sc, "K,Q", NULL);
    unsigned hands_seen[8] = {0};
    int distinct = 0;
    for (uint64_t seed = 1; seed <= 24; seed++) {
        gr_game *v = gr_game_view(g, SIDE_A);
        assert_int_equal(gr_game_determinize(v, seed), GR_OK);
        gr_error err;
        assert_int_equal(gr_game_sanity(v, &err), GR_OK);
        char ans[512];
        assert_int_equal(gr_game_query(v, "fate b", ans, sizeof ans, &err), GR_OK);
        assert_non_null(strstr(ans, "deck=9 held=2 hand="));
        assert_null(strstr(ans, "hand=hidden"));
        const char *h = strstr(ans, "hand=") + 5;
        char hand[32];
        sscanf(h, "%31s", hand);
        assert_null(strstr(hand, "A"));
        assert_true(strcmp(hand, "2") != 0 && strncmp(hand, "2,", 2) != 0 &&
                    !strstr(hand, ",2"));
        unsigned key = 0;
        for (const char *p = hand; *p; p++)
            key = key * 31u + (unsigned char)*p;
        int fresh = 1;
        for (int i = 0; i < distinct && i < 8; i++)
            fresh &= hands_seen[i] != key;
        if (fresh && distinct < 8)
            hands_seen[distinct++] = key;
        /* a's own hand is as a knows it */
        assert_int_equal(gr_game_query(v, "fate a", ans, sizeof ans, &err), GR_OK);
        assert_non_null(strstr(ans, "held=1 hand=J"));
        assert_int_equal(tu_apply(v, "pass by=a", &err), GR_OK);
        gr_game_free(v);
    }
    assert_true(distinct >= 3);
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* legal counts every option even past `cap` (the engine asks the count
 * first, with no room): cards playable inside the fire phase's decision
 * and in a fate window included. */
static void test_legal_counts_cards(void **state)
{
    (void)state;
    gr_scenario *sc = fate_testbed();
    gr_game *g = position(sc, "K,Q", NULL);
    static gr_action buf[512];
    /* a's own window after its draw, then its fire phase holding K and 7 */
    int n0 = gr_game_legal(g, SIDE_A, NULL, 0), n1 = gr_game_legal(g, SIDE_A, buf, 512);
    assert_int_equal(n0, n1);
    setup(g, "fate a hand=K,7");
    setup(g, "fire-phase a");
    n0 = gr_game_legal(g, SIDE_A, NULL, 0);
    n1 = gr_game_legal(g, SIDE_A, buf, 512);
    assert_int_equal(n0, n1);
    int plays = 0;
    for (int i = 0; i < n1; i++) {
        char line[256];
        gr_action_format(g, &buf[i], line, sizeof line);
        plays += strncmp(line, "play ", 5) == 0;
    }
    assert_true(plays >= 2); /* K on a1, 7 on a-line */
    assert_int_equal(gr_game_legal(g, SIDE_A, buf, 1), n1);
    gr_game_free(g);
    gr_scenario_free(sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hidden_hand_rerandomised),
        cmocka_unit_test(test_draw_event_private),
        cmocka_unit_test(test_derlon_hidden_hand),
        cmocka_unit_test(test_determinize_resamples_hand),
        cmocka_unit_test(test_legal_counts_cards),
    };
    return cmocka_run_group_tests_name("vf_fate", tests, NULL, NULL);
}
