/*
 * lobby.h — the games a server holds: creation with one token per seat
 * and a spectator token, joining with entropy (commit.h), each seat's own
 * view, actions checked against the seat that sends them and stored before
 * anyone hears of them (store.h), computer seats that think on worker
 * threads, and the record with the revealed secret once a game is over.
 *
 * Every function takes the request's data and returns an sv_reply: an HTTP
 * status and a JSON body, so that the HTTP layer (http.c) only routes and
 * the lobby can be tested without a network.  Error bodies are
 * {"error": TEXT} (and "rule" for a refused action); no reply carries
 * information hidden from the seat that asked.  Thread-safe.
 *
 * Tokens: 32 random bytes as 64 hex digits (256 bits, libsodium); only
 * their BLAKE2b hashes are stored, compared in constant time.
 */
#ifndef GR_SERVER_LOBBY_H
#define GR_SERVER_LOBBY_H

#include <stddef.h>
#include <stdint.h>

#define SV_TOKEN_TEXT 65         /* 64 hex digits + NUL                 */
#define SV_BODY_MAX (64 * 1024)  /* largest request body accepted       */

typedef struct sv_reply {
    int status; /* HTTP status: 200, 201, 400, 401, 403, 404, 409, 413, 422, 500 */
    char *body; /* malloc'ed JSON text                                          */
} sv_reply;

void sv_reply_free(sv_reply *r);

/* Called after an action is stored (no lock held): game id and its new
 * step count.  What it sends must hold nothing secret. */
typedef void (*sv_changed_fn)(void *ctx, const char *id, int steps);

typedef struct sv_lobby sv_lobby;

/*
 * Opens the database at db_path and rebuilds every stored game by
 * replaying its actions (each state hash checked; `power_safe`: store.h),
 * then starts `workers`
 * threads for the computer seats (at least 1).  NULL + why, also when a
 * stored game does not replay (nothing is dropped silently).
 */
sv_lobby *sv_lobby_open(const char *db_path, int power_safe, int workers, sv_changed_fn changed,
                        void *ctx, char *why, size_t why_size);
/* Stops the workers (waiting for a move in progress) and frees everything. */
void sv_lobby_close(sv_lobby *lb);

/* POST /api/games: {"scenario": ID, "options": "K=V,...", "seats":
 * ["human", "mcts", ...]} (seats in player order; default all human). */
sv_reply sv_lobby_create(sv_lobby *lb, const char *body, size_t len);
/* POST /api/games/ID/join: {"entropy": TEXT} by the seat of `token`. */
sv_reply sv_lobby_join(sv_lobby *lb, const char *id, const char *token, const char *body,
                       size_t len);
/* GET /api/games/ID: the view of the seat of `token` (or the spectator's),
 * with the log lines it may see from its `since`-th on. */
sv_reply sv_lobby_state(sv_lobby *lb, const char *id, const char *token, int since);
/* POST /api/games/ID/action: {"step": N, "action": LINE}; N must be the
 * game's current step (a replayed or stale message is refused). */
sv_reply sv_lobby_act(sv_lobby *lb, const char *id, const char *token, const char *body,
                      size_t len);
/* GET /api/games/ID/record: once the game is over, its save with the
 * revealed secret and entropy ("commitment"), for `grognard verify`. */
sv_reply sv_lobby_record(sv_lobby *lb, const char *id, const char *token);
/* GET /api/games/ID/board: the map as the `board` query gives it
 * (docs/queries.md), or null for a system without a hex map. */
sv_reply sv_lobby_board(sv_lobby *lb, const char *id, const char *token);
/* GET /api/games/ID/query?q=TEXT: a query of the rule system (reach,
 * range, los, odds, hex, unit: docs/queries.md) answered on the view of
 * the seat of `token`: {"answer": TEXT}; the spectator has no view (403). */
sv_reply sv_lobby_query(sv_lobby *lb, const char *id, const char *token, const char *q);
/* GET /api/scenarios: the installed scenarios. */
sv_reply sv_lobby_scenarios(sv_lobby *lb);
/* Number of stored steps of game id, or -1 when there is no such game. */
int sv_lobby_steps(sv_lobby *lb, const char *id);

#endif
