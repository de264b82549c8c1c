/* test_server_load.c — 50 seats at once on one `grognard serve` (loopback):
 * 25 games over four scenarios, each seat a client thread that polls its
 * view and sends a random legal action when due.  In the middle the server
 * is killed with SIGKILL and restarted on the same database while the
 * clients keep going.  Every acknowledged action must still be there and
 * no action may be stored twice: for each game, acknowledged <= stored <=
 * acknowledged + requests cut by the kill.  Bounded: GR_LOAD_SECONDS per
 * half (default 3).  GR_LOAD_REPORT=1 prints actions per second and
 * latency percentiles (docs/performance.md); GR_LOAD_SYNC=normal runs the
 * server with --sync normal. */
#include <jansson.h>
#include <pthread.h>
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

#include "httpc.h"

#define GAMES 25
#define SEATS (2 * GAMES)
#define MAX_SAMPLES 200000

static const char *const SCENARIOS[] = {"savannah-historical", "boc-day1", "jdg-slice",
                                        "vf-slice"};

typedef struct game {
    char id[40], token[2][80];
    int acked, cut, over; /* actions acknowledged; requests cut off     */
    pthread_mutex_t mu;
} game;

static game games[GAMES];
static volatile int port, stopping;
static pthread_mutex_t samples_mu = PTHREAD_MUTEX_INITIALIZER;
static double act_ms[MAX_SAMPLES], get_ms[MAX_SAMPLES];
static int nact, nget;

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static void sample(double *into, int *n, double ms)
{
    pthread_mutex_lock(&samples_mu);
    if (*n < MAX_SAMPLES)
        into[(*n)++] = ms;
    pthread_mutex_unlock(&samples_mu);
}

static void nap(long ms)
{
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

/* One decision of seat k of game g if it is due; returns 0 when the game
 * is over, 1 otherwise. */
static int one_turn(game *g, int k, unsigned *rng)
{
    char path[128], *reply;
    snprintf(path, sizeof path, "/api/games/%.39s?since=100000", g->id);
    double t0 = now_ms();
    int status = tu_http(port, "GET", path, g->token[k], NULL, -1, &reply);
    json_t *v = status == 200 ? json_loads(reply, 0, NULL) : NULL;
    free(reply);
    if (!v) {
        nap(20); /* the server is down (killed): try again */
        return 1;
    }
    sample(get_ms, &nget, now_ms() - t0);
    const char *kind = json_string_value(json_object_get(json_object_get(v, "pending"), "kind"));
    json_t *legal = json_object_get(v, "legal");
    int over = kind && !strcmp(kind, "over");
    if (over || !json_is_true(json_object_get(v, "your_turn")) || !json_array_size(legal)) {
        json_decref(v);
        nap(over ? 100 : 25); /* a page polls; a WebSocket notice would wake it */
        return !over;
    }
    size_t pick = (size_t)rand_r(rng) % json_array_size(legal);
    json_t *body = json_pack("{sO sO}", "step", json_object_get(v, "step"), "action",
                             json_array_get(legal, pick));
    char *text = json_dumps(body, 0);
    snprintf(path, sizeof path, "/api/games/%.39s/action", g->id);
    t0 = now_ms();
    status = tu_http(port, "POST", path, g->token[k], text, -1, &reply);
    double ms = now_ms() - t0;
    pthread_mutex_lock(&g->mu);
    g->acked += status == 200;
    g->cut += status == 0;
    pthread_mutex_unlock(&g->mu);
    if (status == 200)
        sample(act_ms, &nact, ms);
    else if (status != 0 && status != 409)
        fprintf(stderr, "load: %s seat %d: %d %s\n", g->id, k, status, reply);
    free(reply);
    free(text);
    json_decref(body);
    json_decref(v);
    return 1;
}

static void *seat_main(void *arg)
{
    int seat = (int)(intptr_t)arg;
    unsigned rng = 1234u + (unsigned)seat;
    game *g = &games[seat / 2];
    while (!stopping && one_turn(g, seat % 2, &rng))
        ;
    return NULL;
}

static void create_games(void)
{
    for (int i = 0; i < GAMES; i++) {
        game *g = &games[i];
        char body[128], *reply, path[128];
        snprintf(body, sizeof body, "{\"scenario\": \"%s\"}", SCENARIOS[i % 4]);
        assert_int_equal(tu_http(port, "POST", "/api/games", NULL, body, -1, &reply), 201);
        json_t *o = json_loads(reply, 0, NULL);
        free(reply);
        snprintf(g->id, sizeof g->id, "%s", json_string_value(json_object_get(o, "game")));
        for (size_t k = 0; k < 2; k++) {
            json_t *seat = json_array_get(json_object_get(o, "seats"), k);
            snprintf(g->token[k], sizeof g->token[k], "%s",
                     json_string_value(json_object_get(seat, "token")));
            snprintf(path, sizeof path, "/api/games/%.39s/join", g->id);
            assert_int_equal(tu_http(port, "POST", path, g->token[k], "{}", -1, &reply), 200);
            free(reply);
        }
        json_decref(o);
        pthread_mutex_init(&g->mu, NULL);
    }
}

static int steps_of(const game *g)
{
    char path[128], *reply;
    snprintf(path, sizeof path, "/api/games/%.39s?since=100000", g->id);
    assert_int_equal(tu_http(port, "GET", path, g->token[0], NULL, -1, &reply), 200);
    json_t *v = json_loads(reply, 0, NULL);
    free(reply);
    int n = (int)json_integer_value(json_object_get(v, "step"));
    json_decref(v);
    return n;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double percentile(double *v, int n, double p)
{
    if (n == 0)
        return 0;
    qsort(v, (size_t)n, sizeof *v, by_value);
    return v[(int)(p * (n - 1))];
}

static void report(double seconds, int acked)
{
    if (!getenv("GR_LOAD_REPORT"))
        return;
    printf("# %d seats, %d games: %d actions accepted in %.1f s (%.0f per second)\n", SEATS,
           GAMES, acked, seconds, acked / seconds);
    printf("# action POST latency ms: p50 %.2f p90 %.2f p99 %.2f max %.2f (%d)\n",
           percentile(act_ms, nact, .5), percentile(act_ms, nact, .9),
           percentile(act_ms, nact, .99), percentile(act_ms, nact, 1), nact);
    printf("# view GET latency ms: p50 %.2f p99 %.2f (%d)\n", percentile(get_ms, nget, .5),
           percentile(get_ms, nget, .99), nget);
}

static void test_fifty_seats_and_a_kill(void **state)
{
    (void)state;
    char dir[] = "/tmp/grognard-load-XXXXXX", db[128], cmd[160];
    assert_non_null(mkdtemp(dir));
    snprintf(db, sizeof db, "%s/games.db", dir);
    tu_server s;
    assert_int_equal(tu_serve_start(&s, db, getenv("GR_LOAD_SYNC")), 0);
    port = s.port;
    create_games();
    const char *env = getenv("GR_LOAD_SECONDS");
    long half = env ? atol(env) : 3;
    pthread_t seat[SEATS];
    double t0 = now_ms();
    for (int i = 0; i < SEATS; i++)
        assert_int_equal(pthread_create(&seat[i], NULL, seat_main, (void *)(intptr_t)i), 0);
    nap(half * 1000);
    tu_serve_kill9(&s);
    assert_int_equal(tu_serve_start(&s, db, getenv("GR_LOAD_SYNC")), 0); /* every game replays, or it refuses */
    port = s.port;
    nap(half * 1000);
    stopping = 1;
    for (int i = 0; i < SEATS; i++)
        pthread_join(seat[i], NULL);
    double seconds = (now_ms() - t0) / 1e3;
    int acked = 0, cut = 0;
    for (int i = 0; i < GAMES; i++) {
        int stored = steps_of(&games[i]);
        if (stored < games[i].acked || stored > games[i].acked + games[i].cut)
            fail_msg("game %d (%s): %d stored, %d acknowledged, %d cut off", i,
                     SCENARIOS[i % 4], stored, games[i].acked, games[i].cut);
        acked += games[i].acked, cut += games[i].cut;
    }
    assert_true(acked > 0); /* the clients did play (few under valgrind) */
    assert_true(cut <= SEATS);  /* at most one request per seat was in flight */
    report(seconds, acked);
    assert_int_equal(tu_serve_stop(&s), 0);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fifty_seats_and_a_kill),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
