/*
 * http.h — `grognard serve`'s HTTP and WebSocket front (civetweb): routes
 * the JSON API to the lobby (lobby.h), serves the browser board's static
 * files, and tells WebSocket subscribers when a game moves.
 *
 *   GET  /api/scenarios                 installed scenarios
 *   POST /api/games                     create: {"scenario", "options", "seats"}
 *   GET  /api/games/ID[?since=N]        the caller's view (token required)
 *   POST /api/games/ID/join             {"entropy": TEXT}
 *   POST /api/games/ID/action           {"step": N, "action": LINE}
 *   GET  /api/games/ID/board            the map (docs/queries.md "board")
 *   GET  /api/games/ID/query?q=TEXT     a query on the caller's view
 *   GET  /api/games/ID/record           the verified record, once over
 *   WS   /ws                            send {"game": ID}; receive
 *                                       {"game": ID, "step": N} on each change
 *
 * The token goes in "Authorization: Bearer TOKEN" (or ?token=).  Bodies
 * over SV_BODY_MAX are refused (413) unread.  Every reply is JSON with
 * "Cache-Control: no-store".  docs/server.md has the whole protocol.
 */
#ifndef GR_SERVER_HTTP_H
#define GR_SERVER_HTTP_H

#include <stddef.h>

typedef struct sv_server sv_server;

typedef struct sv_server_opts {
    const char *listen;  /* "127.0.0.1:8080"; port 0: any free port        */
    const char *db;      /* SQLite file                                    */
    const char *webroot; /* static files (NULL: none)                      */
    int workers;         /* threads for computer seats                     */
    int power_safe;      /* an fsync per action (store.h)                  */
} sv_server_opts;

/* Starts serving; NULL + why (a port in use, a bad database...). */
sv_server *sv_server_start(const sv_server_opts *o, char *why, size_t why_size);
/* The port it listens on (useful with port 0). */
int sv_server_port(const sv_server *s);
/* Stops the server and frees it (waits for requests in progress). */
void sv_server_stop(sv_server *s);

#endif
