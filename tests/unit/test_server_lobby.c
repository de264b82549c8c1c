/* test_server_lobby.c — the server's games without a network: creation,
 * joining, each seat's view, actions checked against their seat, refusals
 * that store nothing, hidden information kept per seat, the record of a
 * finished game with its commitment, and games rebuilt from the database
 * after a restart (issue 16). */
#include <jansson.h>
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
#include <sqlite3.h>

#include "server/commit.h"
#include "server/lobby.h"

typedef struct fixture {
    char dir[64], db[128];
    sv_lobby *lb;
} fixture;

static void open_lobby(fixture *f)
{
    char why[512];
    f->lb = sv_lobby_open(f->db, 1, 1, NULL, NULL, why, sizeof why);
    if (!f->lb)
        fail_msg("lobby: %s", why);
}

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    snprintf(f->dir, sizeof f->dir, "/tmp/grognard-lobby-XXXXXX");
    assert_non_null(mkdtemp(f->dir));
    snprintf(f->db, sizeof f->db, "%s/games.db", f->dir);
    open_lobby(f);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    sv_lobby_close(f->lb);
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", f->dir);
    assert_int_equal(system(cmd), 0);
    free(f);
    return 0;
}

/* Checks r's status, returns its body parsed (caller decrefs); frees r. */
static json_t *expect(sv_reply r, int status)
{
    if (r.status != status)
        fail_msg("status %d, wanted %d: %s", r.status, status, r.body ? r.body : "");
    json_t *o = json_loads(r.body, 0, NULL);
    assert_non_null(o);
    sv_reply_free(&r);
    return o;
}

/* Expects a refusal whose message contains `words`. */
static void refused(sv_reply r, int status, const char *words)
{
    json_t *o = expect(r, status);
    const char *msg = json_string_value(json_object_get(o, "error"));
    if (!msg || !strstr(msg, words))
        fail_msg("error '%s' lacks '%s'", msg ? msg : "(none)", words);
    json_decref(o);
}

typedef struct game {
    char id[40], token[2][80], spectator[80];
} game;

static void create(fixture *f, const char *body, game *g)
{
    json_t *o = expect(sv_lobby_create(f->lb, body, strlen(body)), 201);
    snprintf(g->id, sizeof g->id, "%s", json_string_value(json_object_get(o, "game")));
    json_t *seats = json_object_get(o, "seats");
    for (size_t i = 0; i < 2 && i < json_array_size(seats); i++) {
        const char *t = json_string_value(json_object_get(json_array_get(seats, i), "token"));
        snprintf(g->token[i], sizeof g->token[i], "%s", t ? t : "");
    }
    snprintf(g->spectator, sizeof g->spectator, "%s",
             json_string_value(json_object_get(json_object_get(o, "spectator"), "token")));
    const char *c = json_string_value(json_object_get(o, "commitment"));
    assert_non_null(c);
    assert_int_equal(strncmp(c, "blake2b-256:", 12), 0);
    assert_int_equal(strlen(g->token[0]), 64);
    json_decref(o);
}

static void join(fixture *f, const game *g, int seat, const char *entropy)
{
    char body[256];
    snprintf(body, sizeof body, "{\"entropy\": \"%s\"}", entropy);
    json_decref(expect(sv_lobby_join(f->lb, g->id, g->token[seat], body, strlen(body)), 200));
}

static json_t *state_of(fixture *f, const game *g, const char *token)
{
    return expect(sv_lobby_state(f->lb, g->id, token, 0), 200);
}

static sv_reply act(fixture *f, const game *g, int seat, int step, const char *line)
{
    char body[1200];
    snprintf(body, sizeof body, "{\"step\": %d, \"action\": \"%s\"}", step, line);
    return sv_lobby_act(f->lb, g->id, g->token[seat], body, strlen(body));
}

/* Rows of `table` in the database (what a refusal must not have added). */
static int rows(const fixture *f, const char *table)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *st = NULL;
    char sql[128];
    snprintf(sql, sizeof sql, "SELECT count(*) FROM %s", table);
    int n = -1;
    if (sqlite3_open_v2(f->db, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
        sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
        n = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(db);
    return n;
}

static void test_bad_creation_stores_nothing(void **state)
{
    fixture *f = *state;
    static const struct {
        const char *body;
        int status;
        const char *words;
    } BAD[] = {
        {"{\"scenario\": ", 400, "invalid JSON"},
        {"[1, 2]", 400, "JSON object"},
        {"{}", 400, "\"scenario\""},
        {"{\"scenario\": \"../../etc/passwd\"}", 400, "\"scenario\""},
        {"{\"scenario\": \"no-such-battle\"}", 400, "no-such-battle"},
        {"{\"scenario\": \"arw-slice\", \"seats\": [\"human\"]}", 400, "2 seats"},
        {"{\"scenario\": \"arw-slice\", \"seats\": [\"human\", \"wizard\"]}", 400, "wizard"},
        {"{\"scenario\": \"arw-slice\", \"seats\": [\"human\", 7]}", 400, "seat 1"},
        {"{\"scenario\": \"arw-slice\", \"options\": 3}", 400, "\"options\""},
        {"{\"scenario\": \"arw-slice\", \"scenario\": \"boc-slice\"}", 400, "duplicate"},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof *BAD; i++)
        refused(sv_lobby_create(f->lb, BAD[i].body, strlen(BAD[i].body)), BAD[i].status,
                BAD[i].words);
    size_t big = SV_BODY_MAX + 1;
    char *huge = malloc(big);
    memset(huge, ' ', big);
    refused(sv_lobby_create(f->lb, huge, big), 413, "limit");
    free(huge);
    assert_int_equal(rows(f, "games"), 0);
    assert_int_equal(rows(f, "seats"), 0);
}

/* Tokens, seats, steps: every refusal says why and stores nothing. */
static void test_seats_tokens_and_refusals(void **state)
{
    fixture *f = *state;
    game g;
    create(f, "{\"scenario\": \"arw-slice\"}", &g); /* both seats human */
    refused(sv_lobby_state(f->lb, g.id, "", 0), 401, "no token");
    refused(sv_lobby_state(f->lb, g.id, g.token[0] + 1, 0), 403, "no seat");
    char forged[80];
    snprintf(forged, sizeof forged, "%s", g.token[0]);
    forged[0] = forged[0] == 'a' ? 'b' : 'a';
    refused(sv_lobby_state(f->lb, g.id, forged, 0), 403, "no seat");
    refused(sv_lobby_state(f->lb, "0123", g.token[0], 0), 404, "no game");
    refused(act(f, &g, 0, 0, "end"), 409, "join");
    const char *spectator_join = "{}";
    refused(sv_lobby_join(f->lb, g.id, g.spectator, spectator_join, 2), 403, "spectator");
    join(f, &g, 0, "british dice");
    refused(sv_lobby_join(f->lb, g.id, g.token[0], "{}", 2), 409, "already joined");
    const char *number = "{\"entropy\": 5}";
    refused(sv_lobby_join(f->lb, g.id, g.token[1], number, strlen(number)), 400, "entropy");
    join(f, &g, 1, "");
    json_t *s = state_of(f, &g, g.token[0]);
    assert_true(json_is_true(json_object_get(s, "started")));
    int step = (int)json_integer_value(json_object_get(s, "step"));
    const char *who = json_string_value(json_array_get(
        json_object_get(json_object_get(s, "pending"), "players"), 0));
    int due = strcmp(who, "british") == 0 ? 0 : 1;
    json_decref(s);
    s = state_of(f, &g, g.token[due]);
    char line[1024];
    snprintf(line, sizeof line, "%s",
             json_string_value(json_array_get(json_object_get(s, "legal"), 0)));
    json_decref(s);
    int stored = rows(f, "actions");
    refused(act(f, &g, 1 - due, step, line), 403, "not");
    refused(act(f, &g, due, step + 1, line), 409, "stale");
    refused(act(f, &g, due, step, "fly to=moon"), 400, "");
    const char *no_step = "{\"action\": 1}";
    refused(sv_lobby_act(f->lb, g.id, g.token[due], no_step, strlen(no_step)), 400, "step");
    refused(sv_lobby_act(f->lb, g.id, g.spectator, "{}", 2), 403, "spectator");
    assert_int_equal(rows(f, "actions"), stored);
    json_decref(expect(act(f, &g, due, step, line), 200));
    refused(act(f, &g, due, step, line), 409, "replayed"); /* the same message again */
    assert_int_equal(rows(f, "actions"), stored + 1);
    assert_int_equal(sv_lobby_steps(f->lb, g.id), step + 1);
}

/* What the allied seat of a jdg-slice game sees once the french seat has
 * given `orders` (the n-th of its legal options). */
static char *allied_after_french_orders(fixture *f, int n, char *given, size_t size)
{
    game g;
    create(f, "{\"scenario\": \"jdg-slice\"}", &g);
    join(f, &g, 0, "one");
    join(f, &g, 1, "two");
    json_t *s = state_of(f, &g, g.token[0]);
    json_t *legal = json_object_get(s, "legal");
    assert_true(json_array_size(legal) > (size_t)n);
    snprintf(given, size, "%s", json_string_value(json_array_get(legal, (size_t)n)));
    json_decref(s);
    json_decref(expect(act(f, &g, 0, 0, given), 200));
    s = state_of(f, &g, g.token[1]);
    json_object_del(s, "game"); /* ids and commitments differ by design */
    json_object_del(s, "commitment");
    char *text = json_dumps(s, JSON_SORT_KEYS);
    json_decref(s);
    json_t *spectator = state_of(f, &g, g.spectator);
    char *seen = json_dumps(spectator, 0);
    assert_null(strstr(seen, "orders by=french"));
    free(seen);
    json_decref(spectator);
    return text;
}

/* The allied seat's whole answer is the same whichever secret orders the
 * french seat gave: nothing of them reaches it before the reveal. */
static void test_secret_orders_never_reach_the_other_seat(void **state)
{
    fixture *f = *state;
    char a[1024], b[1024];
    char *one = allied_after_french_orders(f, 1, a, sizeof a);
    char *two = allied_after_french_orders(f, 2, b, sizeof b);
    assert_string_not_equal(a, b);
    assert_string_equal(one, two);
    assert_null(strstr(one, "orders by=french"));
    free(one);
    free(two);
}

/* Plays seat 0 (a person taking its first option) until the game is
 * over; the computer plays seat 1 on a worker thread. */
static void play_to_the_end(fixture *f, const game *g)
{
    for (int polls = 0; polls < 20000; polls++) {
        json_t *s = state_of(f, g, g->token[0]);
        const char *kind = json_string_value(json_object_get(json_object_get(s, "pending"), "kind"));
        int over = strcmp(kind, "over") == 0;
        int mine = json_is_true(json_object_get(s, "your_turn"));
        int step = (int)json_integer_value(json_object_get(s, "step"));
        char line[1024] = "";
        if (mine)
            snprintf(line, sizeof line, "%s",
                     json_string_value(json_array_get(json_object_get(s, "legal"), 0)));
        json_decref(s);
        if (over)
            return;
        if (mine) {
            refused(sv_lobby_record(f->lb, g->id, g->token[0]), 409, "over");
            json_decref(expect(act(f, g, 0, step, line), 200));
        } else {
            struct timespec pause = {0, 2000000L};
            nanosleep(&pause, NULL);
        }
    }
    fail_msg("the game did not end");
}

static char *record_of(fixture *f, const game *g)
{
    sv_reply r = sv_lobby_record(f->lb, g->id, g->token[0]);
    assert_int_equal(r.status, 200);
    return r.body;
}

/* The finished game's record reveals the secret behind the commitment
 * published at creation, and the seed derived from it and the entropy. */
static void test_record_reveals_the_committed_seed(void **state)
{
    fixture *f = *state;
    game g;
    const char *body = "{\"scenario\": \"arw-slice\", \"seats\": [\"human\", \"random\"]}";
    json_t *o = expect(sv_lobby_create(f->lb, body, strlen(body)), 201);
    snprintf(g.id, sizeof g.id, "%s", json_string_value(json_object_get(o, "game")));
    snprintf(g.token[0], sizeof g.token[0], "%s",
             json_string_value(json_object_get(json_array_get(json_object_get(o, "seats"), 0),
                                               "token")));
    char commitment[SV_COMMIT_TEXT];
    snprintf(commitment, sizeof commitment, "%s",
             json_string_value(json_object_get(o, "commitment")));
    json_decref(o);
    join(f, &g, 0, "my own dice");
    play_to_the_end(f, &g);
    char *text = record_of(f, &g);
    json_t *rec = json_loads(text, 0, NULL);
    free(text);
    json_t *c = json_object_get(rec, "commitment");
    assert_string_equal(json_string_value(json_object_get(c, "hash")), commitment);
    uint8_t secret[SV_SECRET_BYTES];
    assert_int_equal(sv_secret_parse(json_string_value(json_object_get(c, "secret")), secret), 0);
    char again[SV_COMMIT_TEXT];
    sv_commit_text(secret, again);
    assert_string_equal(again, commitment);
    const char *entropy[2] = {"my own dice", ""};
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)sv_commit_seed(secret, entropy, 2));
    assert_string_equal(json_string_value(json_object_get(rec, "seed")), seed);
    json_decref(rec);
}

/* Closing and opening the lobby on the same database gives every game
 * back at the same step, and play goes on. */
static void test_games_survive_a_restart(void **state)
{
    fixture *f = *state;
    game g;
    create(f, "{\"scenario\": \"boc-slice\"}", &g);
    join(f, &g, 0, "a");
    join(f, &g, 1, "b");
    for (int i = 0; i < 4; i++) {
        json_t *s = state_of(f, &g, g.token[1]); /* csa fires first */
        int step = (int)json_integer_value(json_object_get(s, "step"));
        int mine = json_is_true(json_object_get(s, "your_turn"));
        char line[1024];
        snprintf(line, sizeof line, "%s",
                 json_string_value(json_array_get(json_object_get(s, "legal"), 0)));
        json_decref(s);
        if (mine)
            json_decref(expect(act(f, &g, 1, step, line), 200));
    }
    json_t *before = state_of(f, &g, g.token[1]);
    sv_lobby_close(f->lb);
    open_lobby(f);
    json_t *after = state_of(f, &g, g.token[1]);
    assert_true(json_equal(before, after));
    assert_true(json_integer_value(json_object_get(after, "step")) >= 1);
    json_decref(before);
    json_decref(after);
}

/* In a secret simultaneous decision an opponent's commit does not make a
 * seat's choice stale; the same message sent twice is still refused. */
static void test_simultaneous_commits_are_not_stale(void **state)
{
    fixture *f = *state;
    game g;
    create(f, "{\"scenario\": \"jdg-slice\"}", &g);
    join(f, &g, 0, "a");
    join(f, &g, 1, "b");
    json_t *fr = state_of(f, &g, g.token[0]), *al = state_of(f, &g, g.token[1]);
    char french[1024], allied[1024];
    snprintf(french, sizeof french, "%s", json_string_value(json_array_get(json_object_get(fr, "legal"), 1)));
    snprintf(allied, sizeof allied, "%s", json_string_value(json_array_get(json_object_get(al, "legal"), 0)));
    json_decref(fr);
    json_decref(al);
    json_decref(expect(act(f, &g, 1, 0, allied), 200));   /* the allied commit first */
    json_decref(expect(act(f, &g, 0, 0, french), 200));   /* the french saw step 0 */
    refused(act(f, &g, 0, 0, french), 409, "replayed");
    refused(act(f, &g, 1, 0, allied), 409, "replayed");
}

/* Queries answer on the asking seat's view and never change the game. */
static void test_queries_on_the_seat_view(void **state)
{
    fixture *f = *state;
    game g;
    create(f, "{\"scenario\": \"boc-slice\"}", &g);
    refused(sv_lobby_query(f->lb, g.id, g.token[1], "range c.pegram"), 409, "join");
    join(f, &g, 0, "a");
    join(f, &g, 1, "b");
    json_t *before = state_of(f, &g, g.token[1]);
    json_t *o = expect(sv_lobby_query(f->lb, g.id, g.token[1], "range c.pegram"), 200);
    const char *answer = json_string_value(json_object_get(o, "answer"));
    assert_non_null(strstr(answer, "hexes="));
    json_decref(o);
    refused(sv_lobby_query(f->lb, g.id, g.spectator, "range c.pegram"), 403, "spectator");
    refused(sv_lobby_query(f->lb, g.id, g.token[1], ""), 400, "?q=");
    refused(sv_lobby_query(f->lb, g.id, g.token[1], "no such query"), 400, "");
    /* usa does not know the hidden csa block c.pegram: its view says nothing of it */
    sv_reply r = sv_lobby_query(f->lb, g.id, g.token[0], "unit c.pegram");
    assert_null(strstr(r.body, "str="));
    sv_reply_free(&r);
    json_t *after = state_of(f, &g, g.token[1]);
    assert_true(json_equal(before, after));
    json_decref(before);
    json_decref(after);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_bad_creation_stores_nothing, setup, teardown),
        cmocka_unit_test_setup_teardown(test_seats_tokens_and_refusals, setup, teardown),
        cmocka_unit_test_setup_teardown(test_secret_orders_never_reach_the_other_seat, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_record_reveals_the_committed_seed, setup, teardown),
        cmocka_unit_test_setup_teardown(test_games_survive_a_restart, setup, teardown),
        cmocka_unit_test_setup_teardown(test_queries_on_the_seat_view, setup, teardown),
        cmocka_unit_test_setup_teardown(test_simultaneous_commits_are_not_stale, setup,
                                        teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
