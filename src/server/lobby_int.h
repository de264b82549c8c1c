/* lobby_int.h — the lobby's inside, shared by lobby.c (games, seats,
 * workers), play.c (actions, views, records).  Lock order: the lobby's
 * mutex before a game's; never take the lobby's while holding a game's. */
#ifndef GR_SERVER_LOBBY_INT_H
#define GR_SERVER_LOBBY_INT_H

#include <jansson.h>
#include <pthread.h>

#include "ai/agent.h"
#include "ai/match.h"
#include "host/session.h"
#include "host/words.h"
#include "lobby.h"
#include "store.h"

#define SV_SPECTATOR (-2) /* seat_of: the spectator's token   */
#define SV_NOBODY (-1)    /* seat_of: no seat has this token  */
#define SV_MAX_WORKERS 8

typedef struct sv_game {
    sv_gamedef def;
    char commitment[SV_COMMIT_TEXT];
    char name[GR_MAX_PLAYERS][64]; /* the players' names ("british", ...) */
    pthread_mutex_t mu;
    gs_session *gs;                  /* NULL until every human seat joined */
    gr_agent *agent[GR_MAX_PLAYERS]; /* computer seats' agents, made lazily */
    int thinking;                    /* a worker chooses (lobby's mutex)    */
} sv_game;

struct sv_lobby {
    sv_store *store;
    pthread_mutex_t mu;
    pthread_cond_t wake; /* an action was stored, a game started, stop */
    sv_game **game;
    int ngames, cap;
    pthread_t worker[SV_MAX_WORKERS];
    int nworkers, stop;
    sv_changed_fn changed;
    void *changed_ctx;
    gr_wording **words; /* the log in words, one per gr_systems() entry */
};

/* The log's words for games of `system` (NULL: said plainly). */
const gr_wording *sv_words(const sv_lobby *lb, const char *system);

/* Replies: {"error": msg} with a status; a JSON object (stolen). */
sv_reply sv_error(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
sv_reply sv_json(int status, json_t *obj);
/* Parses a request body as a JSON object; NULL and *bad set otherwise. */
json_t *sv_parse_body(const char *body, size_t len, sv_reply *bad);

/* The game with this id, or NULL (takes and drops the lobby's mutex). */
sv_game *sv_find(sv_lobby *lb, const char *id);
/* Seat of a token: a player index, SV_SPECTATOR or SV_NOBODY.  Compares
 * against every seat in constant time. */
int sv_seat_of(const sv_game *g, const char *token);
/* Checks and stores action a of the game (g's mutex held) then applies it;
 * GR_OK, or a refusal in err (nothing stored, nothing changed). */
gr_status sv_commit_action(sv_lobby *lb, sv_game *g, const gr_action *a, gr_error *err);
/* Wakes the workers and tells the `changed` callback (no lock held). */
void sv_announce(sv_lobby *lb, const char *id, int steps);

#endif
