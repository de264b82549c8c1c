/* test_server_http.c — `grognard serve` as a program on a loopback port:
 * the HTTP API refuses bad requests with clear JSON errors (unknown paths,
 * wrong methods, oversized bodies unread, invalid JSON, missing tokens); a
 * game survives kill -9 of the server in the middle of play; the record of
 * the finished game passes `grognard verify`, and a record with its seed
 * or one step changed is refused (issue 16). */
#include <jansson.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

#include "host/files.h"
#include "host/savefile.h"
#include "httpc.h"

static char dir[64];

typedef tu_server server;

static void start(server *s)
{
    char db[128];
    snprintf(db, sizeof db, "%s/games.db", dir);
    assert_int_equal(tu_serve_start(s, db, NULL), 0);
}

static void kill9(server *s)
{
    tu_serve_kill9(s);
}

static void stop(server *s)
{
    assert_int_equal(tu_serve_stop(s), 0);
}

static int http(const server *s, const char *method, const char *path, const char *token,
                const char *body, long length, char **reply)
{
    return tu_http(s->port, method, path, token, body, length, reply);
}

static void program_path(char *buf, size_t size)
{
    assert_int_equal(tu_program_path(buf, size), 0);
}

/* An HTTP exchange whose reply must have `status` and be a JSON object. */
static json_t *call(const server *s, const char *method, const char *path, const char *token,
                    const char *body, int status)
{
    char *reply;
    int got = http(s, method, path, token, body, -1, &reply);
    if (got != status)
        fail_msg("%s %s: status %d, wanted %d: %s", method, path, got, status, reply);
    json_t *o = json_loads(reply, 0, NULL);
    if (!json_is_object(o))
        fail_msg("%s %s: not a JSON object: %s", method, path, reply);
    free(reply);
    return o;
}

static void refused(const server *s, const char *method, const char *path, const char *token,
                    const char *body, int status, const char *words)
{
    json_t *o = call(s, method, path, token, body, status);
    const char *msg = json_string_value(json_object_get(o, "error"));
    if (!msg || !strstr(msg, words))
        fail_msg("%s %s: error '%s' lacks '%s'", method, path, msg ? msg : "", words);
    json_decref(o);
}

static void test_bad_requests(void **state)
{
    (void)state;
    server s;
    start(&s);
    refused(&s, "GET", "/api/nothing", NULL, NULL, 404, "no such");
    refused(&s, "DELETE", "/api/games/abc", NULL, NULL, 405, "method");
    refused(&s, "POST", "/api/games", NULL, "{not json", 400, "invalid JSON");
    refused(&s, "GET", "/api/games/abc", NULL, NULL, 404, "no game");
    char *reply;
    assert_int_equal(http(&s, "POST", "/api/games", NULL, NULL, 50L << 20, &reply), 413);
    assert_non_null(strstr(reply, "too large"));
    free(reply);
    json_t *o = call(&s, "POST", "/api/games", NULL, "{\"scenario\": \"arw-slice\"}", 201);
    char path[128];
    snprintf(path, sizeof path, "/api/games/%s", json_string_value(json_object_get(o, "game")));
    json_decref(o);
    refused(&s, "GET", path, NULL, NULL, 401, "token");
    refused(&s, "GET", path, "0000", NULL, 403, "no seat");
    json_decref(call(&s, "GET", "/api/scenarios", NULL, NULL, 200));
    stop(&s);
}

typedef struct seats {
    char path[128], token[2][80];
} seats;

/* Creates a human-against-human game of `scenario` and joins both seats. */
static void new_game(const server *s, const char *scenario, seats *g)
{
    char body[128];
    snprintf(body, sizeof body, "{\"scenario\": \"%s\"}", scenario);
    json_t *o = call(s, "POST", "/api/games", NULL, body, 201);
    snprintf(g->path, sizeof g->path, "/api/games/%s",
             json_string_value(json_object_get(o, "game")));
    for (size_t i = 0; i < 2; i++) {
        json_t *seat = json_array_get(json_object_get(o, "seats"), i);
        snprintf(g->token[i], sizeof g->token[i], "%s",
                 json_string_value(json_object_get(seat, "token")));
        char join[160];
        snprintf(join, sizeof join, "%s/join", g->path);
        json_decref(call(s, "POST", join, g->token[i], "{\"entropy\": \"x\"}", 200));
    }
    json_decref(o);
}

/* The due seat takes its first option; returns the new step, or -1 when
 * the game is over. */
static int play_one(const server *s, const seats *g)
{
    for (int seat = 0; seat < 2; seat++) {
        json_t *st = call(s, "GET", g->path, g->token[seat], NULL, 200);
        const char *kind = json_string_value(json_object_get(json_object_get(st, "pending"), "kind"));
        if (!strcmp(kind, "over")) {
            json_decref(st);
            return -1;
        }
        if (!json_is_true(json_object_get(st, "your_turn"))) {
            json_decref(st);
            continue;
        }
        json_t *body = json_pack("{sO sO}", "step", json_object_get(st, "step"), "action",
                                 json_array_get(json_object_get(st, "legal"), 0));
        char *text = json_dumps(body, 0), path[160];
        snprintf(path, sizeof path, "%s/action", g->path);
        json_t *ok = call(s, "POST", path, g->token[seat], text, 200);
        int step = (int)json_integer_value(json_object_get(ok, "step"));
        free(text);
        json_decref(ok);
        json_decref(body);
        json_decref(st);
        return step;
    }
    fail_msg("nobody is due");
    return -1;
}

/* Runs `grognard verify FILE`; its exit status. */
static int verify(const char *file)
{
    char prog[4200], cmd[4400];
    program_path(prog, sizeof prog);
    snprintf(cmd, sizeof cmd, "'%s' verify '%s' >/dev/null 2>&1", prog, file);
    int rc = system(cmd);
    return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

static void write_text(const char *path, const char *text)
{
    char why[256];
    assert_int_equal(gr_host_write_atomic(path, text, strlen(text), why, sizeof why), 0);
}

/* The record with `key` of the root (or of the first step) set to value,
 * sealed again: a tampered record with a valid checksum. */
static char *tampered(const char *record, int in_step, const char *key, const char *value)
{
    json_t *root = json_loads(record, 0, NULL);
    json_t *where = in_step ? json_array_get(json_object_get(root, "steps"), 0) : root;
    json_object_set_new(where, key, json_string(value));
    char *open = json_dumps(root, 0), why[256];
    char *sealed = gs_save_reseal(open, strlen(open), why, sizeof why);
    free(open);
    json_decref(root);
    assert_non_null(sealed);
    return sealed;
}

/* kill -9 in the middle of a game loses no accepted action; the finished
 * game's record verifies, and tampered records do not. */
static void test_kill9_then_verify(void **state)
{
    (void)state;
    server s;
    start(&s);
    seats g;
    new_game(&s, "arw-slice", &g);
    int step = 0;
    for (int i = 0; i < 5 && step >= 0; i++)
        step = play_one(&s, &g);
    assert_true(step >= 5);
    kill9(&s);
    start(&s);
    json_t *st = call(&s, "GET", g.path, g.token[0], NULL, 200);
    assert_int_equal(json_integer_value(json_object_get(st, "step")), step);
    json_decref(st);
    char path[200];
    snprintf(path, sizeof path, "%s/record", g.path);
    refused(&s, "GET", path, g.token[0], NULL, 409, "over");
    int moves = 0;
    while (play_one(&s, &g) >= 0 && moves < 5000)
        moves++;
    char *record;
    assert_int_equal(http(&s, "GET", path, g.token[1], NULL, -1, &record), 200);
    stop(&s);
    char file[128];
    snprintf(file, sizeof file, "%s/record.json", dir);
    write_text(file, record);
    assert_int_equal(verify(file), 0);
    static const struct {
        int in_step;
        const char *key, *value;
    } TAMPER[] = {{0, "seed", "12345"}, {1, "hash", "0000000000000000"}};
    for (size_t i = 0; i < sizeof TAMPER / sizeof *TAMPER; i++) {
        char *bad = tampered(record, TAMPER[i].in_step, TAMPER[i].key, TAMPER[i].value);
        write_text(file, bad);
        free(bad);
        assert_int_equal(verify(file), 1);
    }
    json_t *root = json_loads(record, 0, NULL);
    json_object_set_new(json_object_get(root, "commitment"), "secret",
                        json_string("0000000000000000000000000000000000000000000000000000000000000000"));
    char *open = json_dumps(root, 0), why[256];
    char *bad = gs_save_reseal(open, strlen(open), why, sizeof why);
    write_text(file, bad);
    assert_int_equal(verify(file), 1); /* not the committed secret */
    free(bad);
    free(open);
    json_decref(root);
    free(record);
}

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/grognard-serve-XXXXXX");
    assert_non_null(mkdtemp(dir));
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd);
}

int main(void)
{
    signal(SIGPIPE, SIG_IGN);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_bad_requests, setup, teardown),
        cmocka_unit_test_setup_teardown(test_kill9_then_verify, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
