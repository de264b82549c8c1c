/* balance_store.c — balance's results store in SQLite (WAL, synchronous
 * FULL): one row per finished game, keyed by the run, the variant and the
 * game, so a run started again plays only what is missing and never
 * stores a game twice.  See balance.h. */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "balance.h"

struct bal_store {
    sqlite3 *db;
    char run[1024]; /* the run's key: everything that decides its games */
};

static const char SCHEMA[] =
    "CREATE TABLE IF NOT EXISTS games("
    " run TEXT NOT NULL, variant INTEGER NOT NULL, game INTEGER NOT NULL,"
    " winner INTEGER NOT NULL, finished INTEGER NOT NULL, outcome INTEGER NOT NULL,"
    " steps INTEGER NOT NULL, margin INTEGER NOT NULL, turns TEXT NOT NULL,"
    " hash TEXT NOT NULL, PRIMARY KEY(run, variant, game));";

/* The run's key: scenario, agents, seed, step limit and the sets, as text. */
static void run_key(const bal_opts *o, char *key, size_t size)
{
    size_t at = (size_t)snprintf(key, size, "%s|%s|%s|%llu|%llu", o->scenario, o->agent[0],
                                 o->agent[1], (unsigned long long)o->seed,
                                 (unsigned long long)o->max_steps);
    for (int k = 0; k < o->nsets && at < size; k++) {
        at += (size_t)snprintf(key + at, size - at, "|%s:%s=", o->set[k].file, o->set[k].path);
        for (int i = 0; i < o->set[k].nvalues && at < size; i++)
            at += (size_t)snprintf(key + at, size - at, "%s%s", i ? "," : "", o->set[k].value[i]);
    }
}

static void say_db(bal_store *st, char *why, size_t why_size)
{
    snprintf(why, why_size, "results store: %s", sqlite3_errmsg(st->db));
}

bal_store *bal_store_open(const char *path, const bal_opts *o, char *why, size_t why_size)
{
    bal_store *st = calloc(1, sizeof *st);
    if (!st) {
        snprintf(why, why_size, "out of memory");
        return NULL;
    }
    run_key(o, st->run, sizeof st->run);
    char *err = NULL;
    if (sqlite3_open_v2(path, &st->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) !=
            SQLITE_OK ||
        sqlite3_exec(st->db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;"
                             " PRAGMA busy_timeout=5000;", NULL, NULL, &err) != SQLITE_OK ||
        sqlite3_exec(st->db, SCHEMA, NULL, NULL, &err) != SQLITE_OK) {
        snprintf(why, why_size, "%s: %s", path, err ? err : sqlite3_errmsg(st->db));
        sqlite3_free(err);
        sqlite3_close(st->db);
        free(st);
        return NULL;
    }
    return st;
}

void bal_store_close(bal_store *st)
{
    if (!st)
        return;
    sqlite3_close(st->db);
    free(st);
}

int bal_store_done(bal_store *st, const bal_opts *o, uint8_t *done, char *why, size_t why_size)
{
    sqlite3_stmt *s = NULL;
    if (sqlite3_prepare_v2(st->db, "SELECT variant, game FROM games WHERE run=?", -1, &s, NULL) !=
        SQLITE_OK) {
        say_db(st, why, why_size);
        return -1;
    }
    sqlite3_bind_text(s, 1, st->run, -1, SQLITE_STATIC);
    int rc;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        int v = sqlite3_column_int(s, 0), g = sqlite3_column_int(s, 1);
        if (v >= 0 && v < o->nvariants && g >= 0 && (uint64_t)g < o->games)
            done[(size_t)v * o->games + (size_t)g] = 1;
    }
    sqlite3_finalize(s);
    if (rc != SQLITE_DONE) {
        say_db(st, why, why_size);
        return -1;
    }
    return 0;
}

/* The scores at the ends of the turns as "m1,m2,...". */
static void turns_text(const bal_record *r, char *out, size_t size)
{
    size_t at = 0;
    out[0] = '\0';
    for (int i = 0; i < r->nturns && at < size; i++)
        at += (size_t)snprintf(out + at, size - at, "%s%d", i ? "," : "", r->margin_at[i]);
}

int bal_store_put(bal_store *st, const bal_record *r, char *why, size_t why_size)
{
    sqlite3_stmt *s = NULL;
    char turns[BAL_MAX_TURNS * 12 + 1], hash[17];
    turns_text(r, turns, sizeof turns);
    snprintf(hash, sizeof hash, "%016llx", (unsigned long long)r->hash);
    if (sqlite3_prepare_v2(st->db,
                           "INSERT OR IGNORE INTO games(run, variant, game, winner, finished,"
                           " outcome, steps, margin, turns, hash) VALUES(?,?,?,?,?,?,?,?,?,?)",
                           -1, &s, NULL) != SQLITE_OK) {
        say_db(st, why, why_size);
        return -1;
    }
    sqlite3_bind_text(s, 1, st->run, -1, SQLITE_STATIC);
    sqlite3_bind_int(s, 2, r->variant);
    sqlite3_bind_int(s, 3, r->game);
    sqlite3_bind_int(s, 4, r->winner);
    sqlite3_bind_int(s, 5, r->finished);
    sqlite3_bind_int(s, 6, r->outcome);
    sqlite3_bind_int64(s, 7, r->steps);
    sqlite3_bind_int(s, 8, r->margin);
    sqlite3_bind_text(s, 9, turns, -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 10, hash, -1, SQLITE_STATIC);
    int rc = sqlite3_step(s);
    sqlite3_finalize(s);
    if (rc != SQLITE_DONE) {
        say_db(st, why, why_size);
        return -1;
    }
    return 0;
}

/* One row of the games table into r. */
static void read_row(sqlite3_stmt *s, bal_record *r)
{
    memset(r, 0, sizeof *r);
    r->variant = sqlite3_column_int(s, 0);
    r->game = sqlite3_column_int(s, 1);
    r->winner = (int8_t)sqlite3_column_int(s, 2);
    r->finished = (uint8_t)sqlite3_column_int(s, 3);
    r->outcome = (int16_t)sqlite3_column_int(s, 4);
    r->steps = (uint32_t)sqlite3_column_int64(s, 5);
    r->margin = sqlite3_column_int(s, 6);
    const char *t = (const char *)sqlite3_column_text(s, 7);
    for (char *end; t && *t && r->nturns < BAL_MAX_TURNS; t = *end ? end + 1 : end)
        r->margin_at[r->nturns++] = (int32_t)strtol(t, &end, 10);
    const char *h = (const char *)sqlite3_column_text(s, 8);
    r->hash = h ? strtoull(h, NULL, 16) : 0;
}

int bal_store_load(bal_store *st, const bal_opts *o, bal_record *out, char *why,
                   size_t why_size)
{
    sqlite3_stmt *s = NULL;
    if (sqlite3_prepare_v2(st->db,
                           "SELECT variant, game, winner, finished, outcome, steps, margin,"
                           " turns, hash FROM games WHERE run=? AND game<? AND variant<?"
                           " ORDER BY variant, game",
                           -1, &s, NULL) != SQLITE_OK) {
        say_db(st, why, why_size);
        return -1;
    }
    sqlite3_bind_text(s, 1, st->run, -1, SQLITE_STATIC);
    sqlite3_bind_int64(s, 2, (sqlite3_int64)o->games);
    sqlite3_bind_int(s, 3, o->nvariants);
    int n = 0, rc;
    size_t cap = (size_t)o->nvariants * o->games;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW && (size_t)n < cap)
        read_row(s, &out[n++]);
    sqlite3_finalize(s);
    if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
        say_db(st, why, why_size);
        return -1;
    }
    return n;
}
