/* test_arw_odds.c — the ARW what-if queries against brute force: the exact
 * close-combat distribution ("odds cc", pure and mixed chit strategies) is
 * compared with the real rules applied on clones with every forced die face
 * and chit pair; the CRT distribution ("odds crt", the CLI's) with the
 * engine's own odds column and CRT look-ups; the morale-check probability
 * ("odds morale") with real rally attempts; and the time per query. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

#include "grognard.h"
#include "testutil.h"

#define MAXO 64

typedef struct tally {
    int n;
    char key[MAXO][16];
    unsigned long long count[MAXO];
} tally;

static void tally_add(tally *t, const char *key, unsigned long long w)
{
    for (int i = 0; i < t->n; i++)
        if (!strcmp(t->key[i], key)) {
            t->count[i] += w;
            return;
        }
    assert_true(t->n < MAXO);
    snprintf(t->key[t->n], sizeof t->key[0], "%s", key);
    t->count[t->n++] = w;
}

/* The same outcomes, and every outcome of `want` with the same count in `got`. */
static void assert_same_counts(const tally *got, const tally *want)
{
    assert_int_equal(got->n, want->n);
    for (int i = 0; i < want->n; i++)
        for (int j = 0; j < got->n; j++)
            if (!strcmp(got->key[j], want->key[i]))
                assert_true(got->count[j] == want->count[i]);
}

/* Parses " A/D=N" / " NC=N" tokens and den= of a distribution answer. */
static unsigned long long parse_dist(const char *text, tally *t)
{
    unsigned long long den = 0, sum = 0;
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", text);
    memset(t, 0, sizeof *t);
    for (char *save = NULL, *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        char *eq = strrchr(w, '=');
        if (!eq)
            continue;
        *eq = '\0';
        if (!strcmp(w, "den"))
            den = strtoull(eq + 1, NULL, 10);
        else if (strchr(w, '/') || !strcmp(w, "NC")) {
            tally_add(t, w, strtoull(eq + 1, NULL, 10));
            sum += strtoull(eq + 1, NULL, 10);
        }
    }
    assert_true(den > 0);
    assert_true(sum == den); /* sums to exactly 1 */
    return den;
}

static void query(const gr_game *g, const char *q, char *out, size_t size)
{
    gr_error err = {{0}, {0}};
    if (gr_game_query(g, q, out, size, &err) != GR_OK)
        fail_msg("query '%s': %s", q, err.msg);
}

static const char *const CHITS[] = {"skirmish", "echelon", "stand-fast", "withdraw",
                                    "frontal-assault", "commit-reserve", "turn-flank",
                                    "refuse-flank"};

/* Value of key `k` in a query answer (up to the next space). */
static void value_of(const char *text, const char *k, char *out, size_t size)
{
    const char *p = strstr(text, k);
    assert_non_null(p);
    p += strlen(k);
    size_t n = strcspn(p, " ");
    snprintf(out, size, "%.*s", (int)(n < size ? n : size - 1), p);
}

/* The real rules: chits a, d and die face f applied on a clone; the key of
 * the combat's outcome. */
static void play_one(const gr_game *g, int a, int d, int f, char *key, size_t size)
{
    gr_game *c = gr_game_clone(g);
    char line[128], ans[1024];
    gr_error err = {{0}, {0}};
    assert_non_null(c);
    assert_int_equal(gr_game_push_dice(c, &f, 1), GR_OK);
    snprintf(line, sizeof line, "chit by=allied chit=%s", CHITS[a]);
    if (tu_apply(c, line, &err) != GR_OK)
        fail_msg("%s: %s", line, err.msg);
    snprintf(line, sizeof line, "chit by=british chit=%s", CHITS[d]);
    if (tu_apply(c, line, &err) != GR_OK)
        fail_msg("%s: %s", line, err.msg);
    query(c, "combat 1", ans, sizeof ans);
    char nc[8];
    value_of(ans, "nc=", nc, sizeof nc);
    if (!strcmp(nc, "1"))
        snprintf(key, size, "NC");
    else
        value_of(ans, "result=", key, size);
    gr_game_free(c);
}

/* Allied fr-1 + fr-ldr-1 attack gb-1 + a disrupted militia: leader chits
 * are eligible for the attacker only, so illegal-chit penalties matter. */
static gr_game *combat_position(gr_scenario *sc, const char *opts)
{
    static const char *const setup[] = {"place gb-1 0505", "place gb-mil-1 0505 status=disrupted",
                                        "place fr-ldr-1 0506", "place fr-1 0506"};
    gr_game *g = NULL;
    gr_error err = {{0}, {0}};
    assert_int_equal(gr_game_new(sc, 7, opts, NULL, NULL, &g, &err), GR_OK);
    for (size_t i = 0; i < sizeof setup / sizeof setup[0]; i++)
        if (gr_game_setup(g, setup[i], &err) != GR_OK)
            fail_msg("%s: %s", setup[i], err.msg);
    return g;
}

static void check_pure_and_mixed(const char *opts)
{
    gr_scenario *sc = tu_load("arw-testbed");
    gr_game *g = combat_position(sc, opts);
    char ans[4096], q[256], key[32];
    tally brute = {0}, exact;
    static const unsigned wa[8] = {1, 2, 0, 3, 1, 0, 4, 1}, wd[8] = {2, 0, 1, 1, 5, 1, 0, 3};
    unsigned long long wsum_a = 0, wsum_d = 0;
    for (int a = 0; a < 8; a++) {
        wsum_a += wa[a];
        wsum_d += wd[a];
    }
    for (int a = 0; a < 8; a++)
        for (int d = 0; d < 8; d++) {
            tally pure = {0};
            for (int f = 0; f < 10; f++) {
                play_one(g, a, d, f, key, sizeof key);
                tally_add(&pure, key, 1);
                tally_add(&brute, key, (unsigned long long)wa[a] * wd[d]);
            }
            snprintf(q, sizeof q, "odds cc %s %s", CHITS[a], CHITS[d]);
            query(g, q, ans, sizeof ans);
            assert_true(parse_dist(ans, &exact) == 10);
            assert_int_equal(exact.n, pure.n);
            for (int i = 0; i < pure.n; i++) {
                tally_add(&exact, pure.key[i], 0); /* present */
                for (int j = 0; j < exact.n; j++)
                    if (!strcmp(exact.key[j], pure.key[i]))
                        assert_true(exact.count[j] == pure.count[i]);
            }
        }
    query(g, "odds cc mixed 1,2,0,3,1,0,4,1 2,0,1,1,5,1,0,3", ans, sizeof ans);
    assert_true(parse_dist(ans, &exact) == 10 * wsum_a * wsum_d);
    assert_same_counts(&exact, &brute);
    gr_game_free(g);
    gr_scenario_free(sc);
}

static void test_cc_brute_force(void **state)
{
    (void)state;
    check_pure_and_mixed(NULL);
    check_pure_and_mixed("advanced=0");
    check_pure_and_mixed("amb04=R");
}

/* "odds crt" against the engine's column ("odds A D") and CRT ("crt C R")
 * look-ups, over a range of strengths and DRMs. */
static void test_crt_brute_force(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("arw-testbed");
    gr_game *g = NULL;
    gr_error err = {{0}, {0}};
    char ans[4096], q[128], col[16], below[8], cell[64], key[32];
    assert_int_equal(gr_game_new(sc, 1, NULL, NULL, NULL, &g, &err), GR_OK);
    for (int att = 0; att <= 14; att++)
        for (int def = 1; def <= 9; def++)
            for (int drm = -4; drm <= 4; drm++) {
                tally exact, brute = {0};
                snprintf(q, sizeof q, "odds %d %d", att, def);
                query(g, q, ans, sizeof ans);
                value_of(ans, "odds=", col, sizeof col);
                value_of(ans, "drm=", below, sizeof below);
                for (int f = 0; f < 10; f++) {
                    int v = f + drm + atoi(below);
                    v = v < -2 ? -2 : v > 11 ? 11 : v;
                    snprintf(q, sizeof q, "crt %s %d", col, v);
                    query(g, q, cell, sizeof cell);
                    char a[16], d[16];
                    value_of(cell, "att=", a, sizeof a);
                    value_of(cell, "def=", d, sizeof d);
                    snprintf(key, sizeof key, "%s/%s", a, d);
                    tally_add(&brute, key, 1);
                }
                snprintf(q, sizeof q, "odds crt %d %d %d", att, def, drm);
                query(g, q, ans, sizeof ans);
                assert_true(parse_dist(ans, &exact) == 10);
                assert_same_counts(&exact, &brute);
            }
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* "odds morale" against real rally attempts with every die face. */
static void test_morale_brute_force(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("arw-testbed");
    static const char *const armies[] = {"army-morale american 12", "army-morale american 7",
                                         "army-morale american 3"};
    for (int lv = 0; lv < 3; lv++)
        for (int ldr = 0; ldr < 2; ldr++) {
            gr_game *g = NULL;
            gr_error err = {{0}, {0}};
            char ans[512];
            assert_int_equal(gr_game_new(sc, 1, NULL, NULL, NULL, &g, &err), GR_OK);
            assert_int_equal(gr_game_setup(g, armies[lv], &err), GR_OK);
            assert_int_equal(gr_game_setup(g, "place gb-1 0502", &err), GR_OK);
            assert_int_equal(gr_game_setup(g, "place us-mil-1 0508 status=disrupted", &err), GR_OK);
            if (ldr)
                assert_int_equal(gr_game_setup(g, "place us-ldr-1 0508", &err), GR_OK);
            query(g, "odds morale us-mil-1", ans, sizeof ans);
            char pass[8];
            value_of(ans, "pass=", pass, sizeof pass);
            int brute = 0;
            for (int f = 0; f < 10; f++) {
                gr_game *c = gr_game_clone(g);
                assert_int_equal(gr_game_push_dice(c, &f, 1), GR_OK);
                assert_int_equal(gr_game_setup(c, "phase rally active=allied turn=16", &err),
                                 GR_OK);
                query(c, "unit us-mil-1", ans, sizeof ans);
                brute += strstr(ans, "status=ready") != NULL;
                gr_game_free(c);
            }
            assert_int_equal(atoi(pass), brute);
            gr_game_free(g);
        }
    gr_scenario_free(sc);
}

/* Brute force for a+d strengths and drm through the engine's column and
 * CRT look-ups, into t. */
static void crt_brute(const gr_game *g, int att, int def, int drm, tally *t)
{
    char ans[256], q[128], col[16], below[8], key[32], a[16], d[16];
    memset(t, 0, sizeof *t);
    snprintf(q, sizeof q, "odds %d %d", att, def);
    query(g, q, ans, sizeof ans);
    value_of(ans, "odds=", col, sizeof col);
    value_of(ans, "drm=", below, sizeof below);
    for (int f = 0; f < 10; f++) {
        int v = f + drm + atoi(below);
        v = v < -2 ? -2 : v > 11 ? 11 : v;
        snprintf(q, sizeof q, "crt %s %d", col, v);
        query(g, q, ans, sizeof ans);
        value_of(ans, "att=", a, sizeof a);
        value_of(ans, "def=", d, sizeof d);
        snprintf(key, sizeof key, "%s/%s", a, d);
        tally_add(t, key, 1);
    }
}

/* `grognard odds --scenario arw-testbed --att 3 --def 2 --drm 1` (the
 * program of the same build) prints the brute-force distribution, total 1. */
static void test_cli(void **state)
{
    (void)state;
    char exe[1024], cmd[2048], line[256];
    tu_program(exe, sizeof exe);
    snprintf(cmd, sizeof cmd, "GROGNARD_DATA=%s/data %s odds --scenario arw-testbed "
             "--att 3 --def 2 --drm 1", tu_root(), exe);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    tally cli = {0}, brute;
    int total = 0;
    while (fgets(line, sizeof line, p)) {
        char key[32];
        unsigned long long num, den;
        if (sscanf(line, " %31s %llu/%llu", key, &num, &den) == 3 && strchr(key, '/')) {
            assert_true(den == 10);
            tally_add(&cli, key, num);
        }
        total |= strstr(line, "total      10/10 = 1") != NULL;
    }
    assert_int_equal(pclose(p), 0);
    assert_true(total);
    gr_scenario *sc = tu_load("arw-testbed");
    gr_game *g = NULL;
    gr_error err = {{0}, {0}};
    assert_int_equal(gr_game_new(sc, 1, NULL, NULL, NULL, &g, &err), GR_OK);
    crt_brute(g, 3, 2, 1, &brute);
    assert_same_counts(&cli, &brute);
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* Numbers are read whole and in range: "abc", "4294967300" (4 after an
 * int overflow), "-99999" and trailing text were taken by atoi before. */
static void test_bad_numbers_refused(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("arw-testbed");
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, 1, NULL, NULL, NULL, &g, NULL), GR_OK);
    static const char *const BAD[] = {
        "odds 4294967300 1", "odds abc 1",       "odds 3 2x",         "odds 3 0",
        "odds -1 2",         "odds crt abc 2",   "odds crt 3 2 99",   "odds crt 3 2 1z",
        "crt 1-1 12",        "crt 1-1 x",        "retreats gb-1 -99999", "retreats gb-1 4",
        "combat 0",          "combat 1x",        "fire -1",           "odds morale gb-1 x",
        "card-unit gb-1 5x", "odds 3 +",
    };
    char ans[256];
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        gr_error err = {{0}, {0}};
        if (gr_game_query(g, BAD[i], ans, sizeof ans, &err) == GR_OK)
            fail_msg("'%s' was answered '%s'", BAD[i], ans);
    }
    long v = 0;
    assert_int_equal(gr_parse_int("12", 0, 99, &v), 0);
    assert_int_equal(v, 12);
    assert_int_equal(gr_parse_int("-3", -5, 5, &v), 0);
    assert_int_equal(v, -3);
    static const char *const NOT_INT[] = {"", " 1", "1 ", "1x", "0x10", "+", "-", "100",
                                          "99999999999999999999"};
    for (size_t i = 0; i < sizeof NOT_INT / sizeof NOT_INT[0]; i++)
        assert_int_equal(gr_parse_int(NOT_INT[i], -99, 99, &v), -1);
    uint64_t u;
    assert_int_equal(gr_parse_u64("18446744073709551615", &u), 0);
    assert_int_equal(gr_parse_u64("18446744073709551616", &u), -1);
    assert_int_equal(gr_parse_u64("-1", &u), -1);
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* A setup line longer than the splitter's buffer was cut silently: the
 * words past it were dropped (here status=disrupted) and the rest obeyed.
 * Now it is refused and the game is unchanged. */
static void test_long_lines_refused(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("arw-testbed");
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, 1, NULL, NULL, NULL, &g, NULL), GR_OK);
    char line[600];
    snprintf(line, sizeof line, "place gb-1 0505%300sstatus=disrupted", "");
    uint64_t before = gr_game_hash(g);
    gr_error err = {{0}, {0}};
    assert_int_not_equal(gr_game_setup(g, line, &err), GR_OK);
    assert_true(gr_game_hash(g) == before);
    char q[600], ans[256];
    snprintf(q, sizeof q, "unit gb-1%400s", "x");
    assert_int_not_equal(gr_game_query(g, q, ans, sizeof ans, &err), GR_OK);
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* `grognard odds --att abc` printed the odds of 0 SP; now it is refused. */
static void test_cli_refuses_bad_numbers(void **state)
{
    (void)state;
    char exe[1024], cmd[2048];
    tu_program(exe, sizeof exe);
    static const char *const ARGS[] = {"--att abc --def 2", "--att 4294967300 --def 1",
                                       "--att 3 --def 2 --drm 1.5"};
    for (size_t i = 0; i < sizeof ARGS / sizeof ARGS[0]; i++) {
        snprintf(cmd, sizeof cmd,
                 "GROGNARD_DATA=%s/data %s odds --scenario arw-testbed %s >/dev/null 2>&1",
                 tu_root(), exe, ARGS[i]);
        int rc = system(cmd);
        if (rc == 0)
            fail_msg("'grognard odds %s' succeeded", ARGS[i]);
    }
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Each query well under a millisecond (generous bound: 1 ms on average). */
static void test_speed(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("arw-testbed");
    gr_game *g = combat_position(sc, NULL);
    char ans[4096];
    const int reps = 2000;
    double t0 = now_s();
    for (int i = 0; i < reps; i++)
        query(g, "odds cc mixed 1,1,1,1,1,1,1,1 1,1,1,1,1,1,1,1", ans, sizeof ans);
    double cc = (now_s() - t0) / reps;
    t0 = now_s();
    for (int i = 0; i < reps; i++)
        query(g, "odds crt 3 2 1", ans, sizeof ans);
    double crt = (now_s() - t0) / reps;
    print_message("odds cc (64 chit pairs): %.2f us; odds crt: %.2f us\n", cc * 1e6, crt * 1e6);
    assert_true(cc < 1e-3 && crt < 1e-3);
    gr_game_free(g);
    gr_scenario_free(sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cc_brute_force),
        cmocka_unit_test(test_crt_brute_force),
        cmocka_unit_test(test_morale_brute_force),
        cmocka_unit_test(test_speed),
        cmocka_unit_test(test_cli),
        cmocka_unit_test(test_bad_numbers_refused),
        cmocka_unit_test(test_cli_refuses_bad_numbers),
        cmocka_unit_test(test_long_lines_refused),
    };
    return cmocka_run_group_tests_name("arw_odds", tests, NULL, NULL);
}
