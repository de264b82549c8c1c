/* store.c — games and actions in SQLite; see store.h. */
#include "store.h"

#include <pthread.h>
#include <sqlite3.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/session.h"

struct sv_store {
    sqlite3 *db;
    pthread_mutex_t mu;
};

static const char SCHEMA[] =
    "CREATE TABLE IF NOT EXISTS games("
    " id TEXT PRIMARY KEY, scenario TEXT NOT NULL, options TEXT NOT NULL,"
    " secret BLOB NOT NULL, spectator BLOB NOT NULL, created INTEGER NOT NULL);"
    "CREATE TABLE IF NOT EXISTS seats("
    " game TEXT NOT NULL REFERENCES games(id), player INTEGER NOT NULL,"
    " kind INTEGER NOT NULL, agent TEXT NOT NULL, token BLOB NOT NULL,"
    " joined INTEGER NOT NULL, entropy TEXT NOT NULL, PRIMARY KEY(game, player));"
    "CREATE TABLE IF NOT EXISTS actions("
    " game TEXT NOT NULL REFERENCES games(id), step INTEGER NOT NULL,"
    " line TEXT NOT NULL, hash TEXT NOT NULL, PRIMARY KEY(game, step));";

static void say(char *why, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say(char *why, size_t size, const char *fmt, ...)
{
    if (!why || !size)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, size, fmt, ap);
    va_end(ap);
}

sv_store *sv_store_open(const char *path, int power_safe, char *why, size_t why_size)
{
    sv_store *st = calloc(1, sizeof *st);
    if (!st) {
        say(why, why_size, "out of memory");
        return NULL;
    }
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX;
    char *err = NULL;
    if (sqlite3_open_v2(path, &st->db, flags, NULL) != SQLITE_OK ||
        sqlite3_exec(st->db, "PRAGMA journal_mode=WAL; "
                             "PRAGMA foreign_keys=ON; PRAGMA busy_timeout=5000;",
                     NULL, NULL, &err) != SQLITE_OK ||
        sqlite3_exec(st->db, power_safe ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL",
                     NULL, NULL, &err) != SQLITE_OK ||
        sqlite3_exec(st->db, SCHEMA, NULL, NULL, &err) != SQLITE_OK) {
        say(why, why_size, "%s: %s", path, err ? err : sqlite3_errmsg(st->db));
        sqlite3_free(err);
        sqlite3_close(st->db);
        free(st);
        return NULL;
    }
    pthread_mutex_init(&st->mu, NULL);
    return st;
}

void sv_store_close(sv_store *st)
{
    if (!st)
        return;
    sqlite3_close(st->db);
    pthread_mutex_destroy(&st->mu);
    free(st);
}

/* Runs `sql` (BEGIN, COMMIT, ROLLBACK); 0 or -1 + why. */
static int exec(sv_store *st, const char *sql, char *why, size_t why_size)
{
    if (sqlite3_exec(st->db, sql, NULL, NULL, NULL) == SQLITE_OK)
        return 0;
    say(why, why_size, "database: %s", sqlite3_errmsg(st->db));
    return -1;
}

/* Prepares sql; NULL + why. */
static sqlite3_stmt *prepare(sv_store *st, const char *sql, char *why, size_t why_size)
{
    sqlite3_stmt *s = NULL;
    if (sqlite3_prepare_v2(st->db, sql, -1, &s, NULL) != SQLITE_OK) {
        say(why, why_size, "database: %s", sqlite3_errmsg(st->db));
        return NULL;
    }
    return s;
}

/* Steps a prepared write to completion and finalizes it; 0 or -1 + why. */
static int finish(sv_store *st, sqlite3_stmt *s, char *why, size_t why_size)
{
    int rc = sqlite3_step(s);
    sqlite3_finalize(s);
    if (rc == SQLITE_DONE)
        return 0;
    say(why, why_size, "database: %s", sqlite3_errmsg(st->db));
    return -1;
}

/* Ends the transaction begun by the caller: COMMIT when ok is 0, else
 * ROLLBACK.  Returns 0 only when committed. */
static int end_transaction(sv_store *st, int ok, char *why, size_t why_size)
{
    if (ok == 0 && exec(st, "COMMIT", why, why_size) == 0)
        return 0;
    sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
    return -1;
}

static int insert_seat(sv_store *st, const sv_gamedef *def, int p, char *why, size_t why_size)
{
    const sv_seatdef *seat = &def->seat[p];
    sqlite3_stmt *s = prepare(st,
                              "INSERT INTO seats(game, player, kind, agent, token, joined, "
                              "entropy) VALUES(?,?,?,?,?,?,?)",
                              why, why_size);
    if (!s)
        return -1;
    sqlite3_bind_text(s, 1, def->id, -1, SQLITE_STATIC);
    sqlite3_bind_int(s, 2, p);
    sqlite3_bind_int(s, 3, seat->kind);
    sqlite3_bind_text(s, 4, seat->agent, -1, SQLITE_STATIC);
    sqlite3_bind_blob(s, 5, seat->token_hash, SV_TOKEN_HASH, SQLITE_STATIC);
    sqlite3_bind_int(s, 6, seat->joined);
    sqlite3_bind_text(s, 7, seat->entropy, -1, SQLITE_STATIC);
    return finish(st, s, why, why_size);
}

static int insert_game(sv_store *st, const sv_gamedef *def, char *why, size_t why_size)
{
    sqlite3_stmt *s = prepare(st,
                              "INSERT INTO games(id, scenario, options, secret, spectator, "
                              "created) VALUES(?,?,?,?,?,strftime('%s','now'))",
                              why, why_size);
    if (!s)
        return -1;
    sqlite3_bind_text(s, 1, def->id, -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 2, def->scenario, -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 3, def->options, -1, SQLITE_STATIC);
    sqlite3_bind_blob(s, 4, def->secret, SV_SECRET_BYTES, SQLITE_STATIC);
    sqlite3_bind_blob(s, 5, def->spectator_hash, SV_TOKEN_HASH, SQLITE_STATIC);
    return finish(st, s, why, why_size);
}

int sv_store_create(sv_store *st, const sv_gamedef *def, char *why, size_t why_size)
{
    pthread_mutex_lock(&st->mu);
    int rc = exec(st, "BEGIN IMMEDIATE", why, why_size);
    if (rc == 0) {
        rc = insert_game(st, def, why, why_size);
        for (int p = 0; rc == 0 && p < def->nseats; p++)
            rc = insert_seat(st, def, p, why, why_size);
        rc = end_transaction(st, rc, why, why_size);
    }
    pthread_mutex_unlock(&st->mu);
    return rc;
}

int sv_store_join(sv_store *st, const char *id, int player, const char *entropy, char *why,
                  size_t why_size)
{
    pthread_mutex_lock(&st->mu);
    int rc = -1;
    sqlite3_stmt *s = prepare(st,
                              "UPDATE seats SET joined=1, entropy=? WHERE game=? AND player=? "
                              "AND joined=0",
                              why, why_size);
    if (s) {
        sqlite3_bind_text(s, 1, entropy, -1, SQLITE_STATIC);
        sqlite3_bind_text(s, 2, id, -1, SQLITE_STATIC);
        sqlite3_bind_int(s, 3, player);
        rc = finish(st, s, why, why_size);
        if (rc == 0 && sqlite3_changes(st->db) != 1) {
            say(why, why_size, "seat %d of game %s has already joined", player, id);
            rc = -1;
        }
    }
    pthread_mutex_unlock(&st->mu);
    return rc;
}

int sv_store_append(sv_store *st, const char *id, int step, const char *line, uint64_t hash,
                    char *why, size_t why_size)
{
    char text[17];
    gs_hash_text(hash, text);
    pthread_mutex_lock(&st->mu);
    int rc = -1;
    sqlite3_stmt *s =
        prepare(st, "INSERT INTO actions(game, step, line, hash) VALUES(?,?,?,?)", why, why_size);
    if (s) {
        sqlite3_bind_text(s, 1, id, -1, SQLITE_STATIC);
        sqlite3_bind_int(s, 2, step);
        sqlite3_bind_text(s, 3, line, -1, SQLITE_STATIC);
        sqlite3_bind_text(s, 4, text, -1, SQLITE_STATIC);
        rc = finish(st, s, why, why_size); /* autocommit: one transaction */
    }
    pthread_mutex_unlock(&st->mu);
    return rc;
}

/* Copies a text column into buf (truncating); "" for NULL. */
static void column_text(sqlite3_stmt *s, int col, char *buf, size_t size)
{
    const unsigned char *t = sqlite3_column_text(s, col);
    snprintf(buf, size, "%s", t ? (const char *)t : "");
}

static void column_blob(sqlite3_stmt *s, int col, uint8_t *out, size_t size)
{
    const void *b = sqlite3_column_blob(s, col);
    memset(out, 0, size);
    if (b && (size_t)sqlite3_column_bytes(s, col) == size)
        memcpy(out, b, size);
}

/* Reads the seats of def->id into def; 0 or -1 + why. */
static int read_seats(sv_store *st, sv_gamedef *def, char *why, size_t why_size)
{
    sqlite3_stmt *s = prepare(st,
                              "SELECT player, kind, agent, token, joined, entropy FROM seats "
                              "WHERE game=? ORDER BY player",
                              why, why_size);
    if (!s)
        return -1;
    sqlite3_bind_text(s, 1, def->id, -1, SQLITE_STATIC);
    def->nseats = 0;
    int rc;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW && def->nseats < GR_MAX_PLAYERS) {
        sv_seatdef *seat = &def->seat[def->nseats++];
        seat->kind = sqlite3_column_int(s, 1);
        column_text(s, 2, seat->agent, sizeof seat->agent);
        column_blob(s, 3, seat->token_hash, SV_TOKEN_HASH);
        seat->joined = sqlite3_column_int(s, 4);
        column_text(s, 5, seat->entropy, sizeof seat->entropy);
    }
    sqlite3_finalize(s);
    if (rc == SQLITE_ROW || rc == SQLITE_DONE)
        return 0;
    say(why, why_size, "database: %s", sqlite3_errmsg(st->db));
    return -1;
}

int sv_store_each_game(sv_store *st, int (*fn)(const sv_gamedef *def, void *ctx), void *ctx,
                       char *why, size_t why_size)
{
    pthread_mutex_lock(&st->mu);
    sqlite3_stmt *s = prepare(
        st, "SELECT id, scenario, options, secret, spectator FROM games ORDER BY rowid", why,
        why_size);
    int rc = s ? 0 : -1, step = SQLITE_DONE;
    sv_gamedef *def = calloc(1, sizeof *def);
    while (rc == 0 && def && (step = sqlite3_step(s)) == SQLITE_ROW) {
        memset(def, 0, sizeof *def);
        column_text(s, 0, def->id, sizeof def->id);
        column_text(s, 1, def->scenario, sizeof def->scenario);
        column_text(s, 2, def->options, sizeof def->options);
        column_blob(s, 3, def->secret, SV_SECRET_BYTES);
        column_blob(s, 4, def->spectator_hash, SV_TOKEN_HASH);
        rc = read_seats(st, def, why, why_size);
        if (rc == 0 && fn(def, ctx) != 0)
            break;
    }
    if (rc == 0 && (!def || (step != SQLITE_ROW && step != SQLITE_DONE))) {
        say(why, why_size, "database: %s", def ? sqlite3_errmsg(st->db) : "out of memory");
        rc = -1;
    }
    free(def);
    sqlite3_finalize(s);
    pthread_mutex_unlock(&st->mu);
    return rc;
}

int sv_store_each_action(sv_store *st, const char *id,
                         int (*fn)(int step, const char *line, uint64_t hash, void *ctx),
                         void *ctx, char *why, size_t why_size)
{
    pthread_mutex_lock(&st->mu);
    sqlite3_stmt *s =
        prepare(st, "SELECT step, line, hash FROM actions WHERE game=? ORDER BY step", why,
                why_size);
    int rc = s ? 0 : -1, step = SQLITE_DONE;
    if (s)
        sqlite3_bind_text(s, 1, id, -1, SQLITE_STATIC);
    while (rc == 0 && (step = sqlite3_step(s)) == SQLITE_ROW) {
        uint64_t hash = 0;
        const unsigned char *line = sqlite3_column_text(s, 1);
        const unsigned char *h = sqlite3_column_text(s, 2);
        if (!line || !h || gs_hash_parse((const char *)h, &hash) != 0) {
            say(why, why_size, "database: game %s step %d is damaged", id, sqlite3_column_int(s, 0));
            rc = -1;
        } else if (fn(sqlite3_column_int(s, 0), (const char *)line, hash, ctx) != 0) {
            say(why, why_size, "game %s: step %d does not replay", id, sqlite3_column_int(s, 0));
            rc = -1;
        }
    }
    if (rc == 0 && step != SQLITE_DONE) {
        say(why, why_size, "database: %s", sqlite3_errmsg(st->db));
        rc = -1;
    }
    sqlite3_finalize(s);
    pthread_mutex_unlock(&st->mu);
    return rc;
}
