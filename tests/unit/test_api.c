/* test_api.c — properties every rule system must have, checked on each
 * system's slice scenario with random agents: determinism (same seed and
 * actions give the same events and hashes, also across clone), different
 * seeds give different dice, actions and events round-trip through text,
 * refusals and garbage leave the game unchanged, views never play. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ai/agent.h"
#include "testutil.h"

#define MAX_ACTIONS 4000

typedef struct played {
    gr_action actions[MAX_ACTIONS];
    int n;
    tu_log log;
    uint64_t hash;
} played;

static gr_scenario *load_slice(const char *system)
{
    char id[64];
    snprintf(id, sizeof id, "%s-slice", system);
    gr_scenario *sc = tu_load(id);
    assert_non_null(sc);
    return sc;
}

/* Plays a whole game with random agents, recording actions and events. */
static void play(const gr_scenario *sc, uint64_t seed, played *out)
{
    memset(out, 0, sizeof *out);
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, seed, NULL, tu_log_sink, &out->log, &g, NULL), GR_OK);
    gr_agent *agents[2] = {gr_agent_new("random", seed * 7 + 1, NULL, NULL),
                           gr_agent_new("random", seed * 7 + 2, NULL, NULL)};
    for (;;) {
        gr_pending p;
        gr_game_pending(g, &p);
        if (p.kind == GR_PENDING_OVER)
            break;
        int n = 0;
        gr_error err;
        assert_true(out->n + 2 <= MAX_ACTIONS);
        assert_int_equal(gr_agents_step(g, agents, out->actions + out->n, &n, &err), GR_OK);
        out->n += n;
        assert_int_equal(gr_game_sanity(g, &err), GR_OK);
    }
    out->hash = gr_game_hash(g);
    gr_agent_free(agents[0]);
    gr_agent_free(agents[1]);
    gr_game_free(g);
}

/* Replays recorded actions; returns the final hash, logging events. */
static uint64_t replay(const gr_scenario *sc, uint64_t seed, const played *p, tu_log *log)
{
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, seed, NULL, tu_log_sink, log, &g, NULL), GR_OK);
    for (int i = 0; i < p->n; i++)
        assert_int_equal(gr_game_apply(g, &p->actions[i], NULL), GR_OK);
    uint64_t h = gr_game_hash(g);
    gr_game_free(g);
    return h;
}

static void each_system(void (*fn)(const char *system))
{
    for (const char *const *s = gr_systems(); *s; s++)
        fn(*s);
}

static void determinism_of(const char *system)
{
    gr_scenario *sc = load_slice(system);
    played *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    play(sc, 42, a);
    play(sc, 42, b);
    assert_int_equal(a->n, b->n);
    assert_string_equal(a->log.text ? a->log.text : "", b->log.text ? b->log.text : "");
    assert_true(a->hash == b->hash);
    tu_log again = {0};
    assert_true(replay(sc, 42, a, &again) == a->hash);
    assert_string_equal(again.text ? again.text : "", a->log.text ? a->log.text : "");
    tu_log_free(&again);
    tu_log_free(&a->log);
    tu_log_free(&b->log);
    free(a);
    free(b);
    gr_scenario_free(sc);
}

static void test_same_seed_same_game(void **state)
{
    (void)state;
    each_system(determinism_of);
}

/* Continuing a clone taken halfway gives the same events and hash. */
static void clone_of(const char *system)
{
    gr_scenario *sc = load_slice(system);
    played *p = malloc(sizeof *p);
    play(sc, 7, p);
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, 7, NULL, NULL, NULL, &g, NULL), GR_OK);
    int half = p->n / 2;
    for (int i = 0; i < half; i++)
        assert_int_equal(gr_game_apply(g, &p->actions[i], NULL), GR_OK);
    gr_game *c = gr_game_clone(g);
    assert_non_null(c);
    assert_true(gr_game_hash(c) == gr_game_hash(g));
    tu_log lg = {0}, lc = {0};
    gr_game_set_sink(g, tu_log_sink, &lg);
    gr_game_set_sink(c, tu_log_sink, &lc);
    for (int i = half; i < p->n; i++) {
        assert_int_equal(gr_game_apply(g, &p->actions[i], NULL), GR_OK);
        assert_int_equal(gr_game_apply(c, &p->actions[i], NULL), GR_OK);
    }
    assert_true(gr_game_hash(c) == gr_game_hash(g));
    assert_true(gr_game_hash(c) == p->hash);
    assert_string_equal(lg.text ? lg.text : "", lc.text ? lc.text : "");
    tu_log_free(&lg);
    tu_log_free(&lc);
    tu_log_free(&p->log);
    gr_game_free(g);
    gr_game_free(c);
    free(p);
    gr_scenario_free(sc);
}

static void test_clone_continues_identically(void **state)
{
    (void)state;
    each_system(clone_of);
}

/* Only the random lines ("roll"/"draw") of a log. */
static void random_lines(const tu_log *log, char *out, size_t size)
{
    out[0] = '\0';
    size_t len = 0;
    for (const char *l = log->text; l && *l;) {
        const char *e = strchr(l, '\n');
        size_t n = e ? (size_t)(e - l) : strlen(l);
        if ((!strncmp(l, "roll ", 5) || !strncmp(l, "draw ", 5)) && len + n + 2 < size) {
            memcpy(out + len, l, n);
            len += n;
            out[len++] = '\n';
            out[len] = '\0';
        }
        l = e ? e + 1 : l + n;
    }
}

static void seeds_of(const char *system)
{
    gr_scenario *sc = load_slice(system);
    played *p = malloc(sizeof *p);
    static char first[1 << 16], other[1 << 16];
    int differ = 0, any = 0;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        play(sc, seed, p);
        random_lines(&p->log, seed == 1 ? first : other, sizeof first);
        any |= first[0] != '\0';
        if (seed > 1 && strcmp(first, other) != 0)
            differ = 1;
        tu_log_free(&p->log);
    }
    free(p);
    gr_scenario_free(sc);
    if (any)
        assert_true(differ);
}

static void test_different_seed_different_dice(void **state)
{
    (void)state;
    each_system(seeds_of);
}

/* A face not on the system's dice is refused, nothing queued; the faces at
 * both ends of the die are taken. */
static void die_faces_of(const char *system)
{
    gr_scenario *sc = load_slice(system);
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, 5, NULL, NULL, NULL, &g, NULL), GR_OK);
    int lo, hi;
    assert_int_equal(gr_game_die_faces(g, &lo, &hi), 0); /* every system says */
    assert_true(lo < hi);
    int ends[2] = {lo, hi}, below[2] = {lo, lo - 1}, above[1] = {hi + 1};
    assert_int_equal(gr_game_push_dice(g, below, 2), GR_ERR_ARG);
    assert_int_equal(gr_game_push_dice(g, above, 1), GR_ERR_ARG);
    assert_int_equal(gr_game_dice_queued(g), 0);
    assert_int_equal(gr_game_push_dice(g, ends, 2), GR_OK);
    assert_int_equal(gr_game_dice_queued(g), 2);
    gr_game_free(g);
    gr_scenario_free(sc);
}

static void test_faces_off_the_die_are_refused(void **state)
{
    (void)state;
    each_system(die_faces_of);
}

/* Every legal action and every event round-trips through its text line. */
static void codec_of(const char *system)
{
    gr_scenario *sc = load_slice(system);
    played *p = malloc(sizeof *p);
    play(sc, 3, p);
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, 3, NULL, NULL, NULL, &g, NULL), GR_OK);
    static gr_action legal[4096];
    for (int i = 0; i <= p->n; i++) {
        for (int pl = 0; pl < gr_game_players(g); pl++) {
            int n = gr_game_legal(g, pl, legal, 4096);
            for (int k = 0; k < n && k < 4096; k++) {
                char line[512];
                gr_action back;
                gr_action_format(g, &legal[k], line, sizeof line);
                assert_int_equal(gr_action_parse(g, line, &back, NULL), GR_OK);
                assert_memory_equal(&back, &legal[k], sizeof back);
            }
        }
        if (i < p->n)
            assert_int_equal(gr_game_apply(g, &p->actions[i], NULL), GR_OK);
    }
    for (const char *l = p->log.text; l && *l;) {
        const char *e = strchr(l, '\n');
        char line[512], again[512];
        snprintf(line, sizeof line, "%.*s", (int)(e - l), l);
        gr_event ev;
        gr_error err;
        assert_int_equal(gr_event_parse(g, line, &ev, &err), GR_OK);
        gr_event_format(g, &ev, again, sizeof again);
        assert_string_equal(line, again);
        l = e + 1;
    }
    gr_game_free(g);
    tu_log_free(&p->log);
    free(p);
    gr_scenario_free(sc);
}

static void test_actions_and_events_round_trip(void **state)
{
    (void)state;
    each_system(codec_of);
}

/* Random garbage and mutated actions never crash and never change a game
 * unless accepted. */
static void garbage_of(const char *system)
{
    gr_scenario *sc = load_slice(system);
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, 5, NULL, NULL, NULL, &g, NULL), GR_OK);
    gr_rng r;
    gr_rng_seed(&r, 99, 1);
    static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789=-./ _";
    for (int i = 0; i < 2000; i++) {
        char line[80];
        int len = (int)gr_rng_below(&r, 79);
        for (int k = 0; k < len; k++)
            line[k] = alphabet[gr_rng_below(&r, sizeof alphabet - 1)];
        line[len] = '\0';
        gr_action a;
        uint64_t before = gr_game_hash(g);
        if (gr_action_parse(g, line, &a, NULL) == GR_OK && gr_game_apply(g, &a, NULL) == GR_OK)
            continue;
        assert_true(gr_game_hash(g) == before);
    }
    for (int i = 0; i < 2000; i++) { /* well-formed kinds with random arguments */
        gr_action a = {.kind = (uint16_t)gr_rng_below(&r, 64), .player = (uint8_t)gr_rng_below(&r, 3)};
        for (int k = 0; k < GR_MAX_ARGS; k++)
            a.arg[k] = (int32_t)gr_rng_below(&r, 2000) - 1000;
        a.nargs = (uint8_t)gr_rng_below(&r, GR_MAX_ARGS + 1);
        uint64_t before = gr_game_hash(g);
        gr_error err;
        if (gr_game_apply(g, &a, &err) != GR_OK)
            assert_true(gr_game_hash(g) == before);
        assert_int_equal(gr_game_sanity(g, &err), GR_OK);
    }
    gr_game_free(g);
    gr_scenario_free(sc);
}

static void test_garbage_never_changes_a_game(void **state)
{
    (void)state;
    each_system(garbage_of);
}

/* A view cannot be played until determinized, and determinizing lets it. */
static void views_of(const char *system)
{
    gr_scenario *sc = load_slice(system);
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, 11, NULL, NULL, NULL, &g, NULL), GR_OK);
    gr_pending p;
    gr_game_pending(g, &p);
    int who = 0;
    while (!(p.players & (1u << who)))
        who++;
    gr_game *v = gr_game_view(g, who);
    assert_non_null(v);
    assert_int_equal(gr_game_viewer(v), who);
    gr_action a[64];
    int n = gr_game_legal(v, who, a, 64);
    assert_true(n > 0);
    assert_int_equal(gr_game_legal(v, 1 - who, a, 64), 0);
    assert_int_equal(gr_game_apply(v, &a[0], NULL), GR_ERR_STATE);
    assert_int_equal(gr_game_determinize(v, 5), GR_OK);
    assert_int_equal(gr_game_apply(v, &a[0], NULL), GR_OK);
    assert_null(gr_game_view(v, 1 - who));
    gr_game_free(v);
    gr_game_free(g);
    gr_scenario_free(sc);
}

static void test_views_play_only_when_determinized(void **state)
{
    (void)state;
    each_system(views_of);
}

/* Counts lines of text that start with `prefix`. */
static int count_lines(const char *text, const char *prefix)
{
    int n = 0;
    for (const char *l = text; l && *l;) {
        n += strncmp(l, prefix, strlen(prefix)) == 0;
        const char *e = strchr(l, '\n');
        l = e ? e + 1 : l + strlen(l);
    }
    return n;
}

/* Hex systems answer the board contract of docs/queries.md on a view. */
static void board_of(const char *system)
{
    gr_scenario *sc = load_slice(system);
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, 2, NULL, NULL, NULL, &g, NULL), GR_OK);
    gr_game *v = gr_game_view(g, 0);
    static char text[1 << 18];
    gr_status board = gr_game_query(v, "board", text, sizeof text, NULL);
    if (board == GR_OK && strncmp(text, "table ", 6) == 0) { /* a table top (vf) */
        int w, d;
        assert_int_equal(sscanf(text, "table w=%d d=%d", &w, &d), 2);
        assert_true(w > 0 && d > 0);
        assert_int_equal(gr_game_query(v, "units", text, sizeof text, NULL), GR_OK);
        assert_int_equal(count_lines(text, ""), count_lines(text, "unit="));
        assert_true(count_lines(text, "unit=") > 0);
    } else if (board == GR_OK) {
        int cols, rows;
        assert_int_equal(sscanf(text, "grid cols=%d rows=%d", &cols, &rows), 2);
        assert_int_equal(count_lines(text, "hex="), cols * rows);
        for (const char *l = strstr(text, "\nside="); l; l = strstr(l + 1, "\nside=")) {
            char a[16], b[16], kind[64];
            assert_int_equal(sscanf(l + 1, "side=%15[^,],%15s kind=%63s", a, b, kind), 3);
            assert_string_not_equal(a, b); /* a hexside joins two hexes, each named once */
        }
        assert_int_equal(gr_game_query(v, "units", text, sizeof text, NULL), GR_OK);
        int units = count_lines(text, "unit=");
        assert_true(units > 0);
        assert_int_equal(count_lines(text, ""), units); /* every line is a unit */
        assert_int_equal(gr_game_query(v, "panel", text, sizeof text, NULL), GR_OK);
        assert_non_null(strchr(text, '='));
    }
    gr_game_free(v);
    gr_game_free(g);
    gr_scenario_free(sc);
}

static void test_hex_systems_answer_the_board_contract(void **state)
{
    (void)state;
    each_system(board_of);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_seed_same_game),
        cmocka_unit_test(test_clone_continues_identically),
        cmocka_unit_test(test_different_seed_different_dice),
        cmocka_unit_test(test_faces_off_the_die_are_refused),
        cmocka_unit_test(test_actions_and_events_round_trip),
        cmocka_unit_test(test_garbage_never_changes_a_game),
        cmocka_unit_test(test_views_play_only_when_determinized),
        cmocka_unit_test(test_hex_systems_answer_the_board_contract),
    };
    return cmocka_run_group_tests_name("api", tests, NULL, NULL);
}
