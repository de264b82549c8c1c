/*
 * store.h — the server's games in SQLite: each game's definition (scenario,
 * options, secret, seats with their token hashes and entropy) and its
 * accepted actions, one row per step with the state hash after it.
 *
 * The database is in WAL mode: a function that returned 0 has committed
 * its transaction, which survives a kill -9 of the server; with
 * `power_safe` (synchronous=FULL, an fsync per transaction) it survives a
 * power cut too, else (synchronous=NORMAL) the last transactions before a
 * power cut may be lost, for about four times the throughput.  Each call is one transaction; on failure
 * nothing of it is stored.  Thread-safe (one connection behind a mutex).
 */
#ifndef GR_SERVER_STORE_H
#define GR_SERVER_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "commit.h"
#include "grognard.h"

#define SV_ID_TEXT 33     /* game id: 32 hex digits + NUL */
#define SV_TOKEN_HASH 32  /* BLAKE2b-256 of a token       */
#define SV_AGENT_TEXT 128 /* agent spec of a computer seat */

/* Who sits on a seat. */
typedef enum sv_seat_kind { SV_HUMAN = 0, SV_COMPUTER = 1 } sv_seat_kind;

typedef struct sv_seatdef {
    int kind;                     /* sv_seat_kind                          */
    char agent[SV_AGENT_TEXT];    /* SV_COMPUTER: agent spec ("mcts", ...)  */
    uint8_t token_hash[SV_TOKEN_HASH]; /* SV_HUMAN: hash of its token  */
    int joined;                   /* SV_HUMAN: entropy given (maybe "")    */
    char entropy[SV_ENTROPY_MAX + 1];
} sv_seatdef;

/* A game as created: everything needed to rebuild it from its actions. */
typedef struct sv_gamedef {
    char id[SV_ID_TEXT];
    char scenario[128];
    char options[256];
    uint8_t secret[SV_SECRET_BYTES];
    uint8_t spectator_hash[SV_TOKEN_HASH];
    int nseats;
    sv_seatdef seat[GR_MAX_PLAYERS];
} sv_gamedef;

typedef struct sv_store sv_store;

/* Opens (creating if needed) the database at path.  NULL + why. */
sv_store *sv_store_open(const char *path, int power_safe, char *why, size_t why_size);
void sv_store_close(sv_store *st);
/* Stores a new game and its seats.  0, or -1 + why. */
int sv_store_create(sv_store *st, const sv_gamedef *def, char *why, size_t why_size);
/* Records that seat `player` of game `id` joined with `entropy`.  0 or -1. */
int sv_store_join(sv_store *st, const char *id, int player, const char *entropy, char *why,
                  size_t why_size);
/* Appends the action of step `step` (0-based; must be the next one). */
int sv_store_append(sv_store *st, const char *id, int step, const char *line, uint64_t hash,
                    char *why, size_t why_size);
/* Calls fn for every stored game, oldest first; stops at fn's non-zero. */
int sv_store_each_game(sv_store *st, int (*fn)(const sv_gamedef *def, void *ctx), void *ctx,
                       char *why, size_t why_size);
/* Calls fn for each action of game id in step order. */
int sv_store_each_action(sv_store *st, const char *id,
                         int (*fn)(int step, const char *line, uint64_t hash, void *ctx),
                         void *ctx, char *why, size_t why_size);

#endif
