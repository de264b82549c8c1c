/* http.c — routes HTTP requests to the lobby, WebSocket notices; see
 * http.h.  Knows nothing of games: bodies and answers are the lobby's. */
#include "http.h"

#include <civetweb.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lobby.h"

#define SV_MAX_SOCKETS 1024

typedef struct sv_socket {
    struct mg_connection *conn;
    char game[40]; /* subscribed game id ("" none) */
} sv_socket;

struct sv_server {
    struct mg_context *ctx;
    sv_lobby *lobby;
    pthread_mutex_t mu; /* the sockets */
    sv_socket socket[SV_MAX_SOCKETS];
    int port;
};

static const char *status_text(int status)
{
    switch (status) {
    case 200: return "OK";
    case 201: return "Created";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 409: return "Conflict";
    case 413: return "Payload Too Large";
    case 422: return "Unprocessable Entity";
    default: return "Internal Server Error";
    }
}

/* Sends a reply and frees it; returns the status (civetweb's log). */
static int send_reply(struct mg_connection *conn, sv_reply r)
{
    size_t len = r.body ? strlen(r.body) : 0;
    mg_printf(conn,
              "HTTP/1.1 %d %s\r\nContent-Type: application/json\r\nContent-Length: %zu\r\n"
              "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n"
              "Connection: close\r\n\r\n",
              r.status, status_text(r.status), len);
    if (len)
        mg_write(conn, r.body, len);
    int status = r.status;
    sv_reply_free(&r);
    return status;
}

/* Reads the request body (at most SV_BODY_MAX bytes) into *out; 0, or -1
 * with the refusal sent. */
static int read_body(struct mg_connection *conn, char **out, size_t *len)
{
    const struct mg_request_info *ri = mg_get_request_info(conn);
    if (ri->content_length > SV_BODY_MAX) {
        send_reply(conn, (sv_reply){413, strdup("{\"error\":\"request body too large\"}")});
        return -1;
    }
    char *buf = malloc(SV_BODY_MAX + 2);
    size_t n = 0;
    int got;
    while (buf && n <= SV_BODY_MAX && (got = mg_read(conn, buf + n, SV_BODY_MAX + 1 - n)) > 0)
        n += (size_t)got;
    if (!buf || n > SV_BODY_MAX) {
        free(buf);
        send_reply(conn, (sv_reply){buf ? 413 : 500,
                                    strdup(buf ? "{\"error\":\"request body too large\"}"
                                               : "{\"error\":\"out of memory\"}")});
        return -1;
    }
    buf[n] = '\0';
    *out = buf, *len = n;
    return 0;
}

/* The caller's token: "Authorization: Bearer T", else ?token=T. */
static void token_of(struct mg_connection *conn, char *out, size_t size)
{
    const char *auth = mg_get_header(conn, "Authorization");
    out[0] = '\0';
    if (auth && strncmp(auth, "Bearer ", 7) == 0) {
        snprintf(out, size, "%s", auth + 7);
        return;
    }
    const char *q = mg_get_request_info(conn)->query_string;
    if (q && mg_get_var(q, strlen(q), "token", out, size) < 0)
        out[0] = '\0';
}

static int query_int(struct mg_connection *conn, const char *name)
{
    const char *q = mg_get_request_info(conn)->query_string;
    char v[32];
    if (!q || mg_get_var(q, strlen(q), name, v, sizeof v) < 0)
        return 0;
    return atoi(v);
}

/* A POST to the lobby function fn(lb, id, token, body, len). */
typedef sv_reply (*post_fn)(sv_lobby *, const char *, const char *, const char *, size_t);

static int post(struct mg_connection *conn, sv_server *s, const char *id, post_fn fn)
{
    char *body;
    size_t len;
    if (read_body(conn, &body, &len) != 0)
        return 413;
    char token[128];
    token_of(conn, token, sizeof token);
    sv_reply r = fn(s->lobby, id, token, body, len);
    free(body);
    return send_reply(conn, r);
}

static int create(struct mg_connection *conn, sv_server *s)
{
    char *body;
    size_t len;
    if (read_body(conn, &body, &len) != 0)
        return 413;
    sv_reply r = sv_lobby_create(s->lobby, body, len);
    free(body);
    return send_reply(conn, r);
}

/* /api/games/ID[/what]: splits into id and what ("" for none). */
static int split_game_uri(const char *uri, char *id, size_t id_size, const char **what)
{
    const char *rest = uri + strlen("/api/games/");
    size_t n = strcspn(rest, "/");
    if (n == 0 || n >= id_size)
        return -1;
    memcpy(id, rest, n);
    id[n] = '\0';
    *what = rest[n] == '/' ? rest + n + 1 : "";
    return 0;
}

static int game_request(struct mg_connection *conn, sv_server *s, const char *method,
                        const char *uri)
{
    char id[64], token[128];
    const char *what;
    if (split_game_uri(uri, id, sizeof id, &what) != 0)
        return send_reply(conn, (sv_reply){404, strdup("{\"error\":\"no such resource\"}")});
    int get = strcmp(method, "GET") == 0, is_post = strcmp(method, "POST") == 0;
    token_of(conn, token, sizeof token);
    if (!*what && get)
        return send_reply(conn, sv_lobby_state(s->lobby, id, token, query_int(conn, "since")));
    if (!strcmp(what, "query") && get) {
        char q[300] = "";
        const char *qs = mg_get_request_info(conn)->query_string;
        if (qs && mg_get_var(qs, strlen(qs), "q", q, sizeof q) < 0)
            q[0] = '\0';
        return send_reply(conn, sv_lobby_query(s->lobby, id, token, q));
    }
    if (!strcmp(what, "board") && get)
        return send_reply(conn, sv_lobby_board(s->lobby, id, token));
    if (!strcmp(what, "record") && get)
        return send_reply(conn, sv_lobby_record(s->lobby, id, token));
    if (!strcmp(what, "join") && is_post)
        return post(conn, s, id, sv_lobby_join);
    if (!strcmp(what, "action") && is_post)
        return post(conn, s, id, sv_lobby_act);
    int known = !*what || !strcmp(what, "record") || !strcmp(what, "join") ||
                !strcmp(what, "action") || !strcmp(what, "board") || !strcmp(what, "query");
    return send_reply(conn, (sv_reply){known ? 405 : 404,
                                       strdup(known ? "{\"error\":\"method not allowed here\"}"
                                                    : "{\"error\":\"no such resource\"}")});
}

static int api_handler(struct mg_connection *conn, void *data)
{
    sv_server *s = data;
    const struct mg_request_info *ri = mg_get_request_info(conn);
    const char *uri = ri->local_uri ? ri->local_uri : "";
    const char *method = ri->request_method ? ri->request_method : "";
    if (!strcmp(uri, "/api/scenarios") && !strcmp(method, "GET"))
        return send_reply(conn, sv_lobby_scenarios(s->lobby));
    if (!strcmp(uri, "/api/games") && !strcmp(method, "POST"))
        return create(conn, s);
    if (!strncmp(uri, "/api/games/", 11))
        return game_request(conn, s, method, uri);
    return send_reply(conn, (sv_reply){404, strdup("{\"error\":\"no such resource\"}")});
}

/* ---------------------------------------------------------------- WebSocket notices */

static int ws_connect(const struct mg_connection *conn, void *data)
{
    (void)conn, (void)data;
    return 0;
}

static void ws_ready(struct mg_connection *conn, void *data)
{
    sv_server *s = data;
    pthread_mutex_lock(&s->mu);
    int slot = -1;
    for (int i = 0; i < SV_MAX_SOCKETS && slot < 0; i++)
        slot = s->socket[i].conn ? -1 : i;
    if (slot >= 0)
        s->socket[slot] = (sv_socket){conn, ""};
    pthread_mutex_unlock(&s->mu);
    if (slot < 0)
        mg_websocket_write(conn, MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE, "", 0);
}

/* A text frame {"game": ID} subscribes the socket to that game. */
static int ws_data(struct mg_connection *conn, int bits, char *text, size_t len, void *data)
{
    sv_server *s = data;
    if ((bits & 0x0f) == MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE)
        return 0;
    if ((bits & 0x0f) != MG_WEBSOCKET_OPCODE_TEXT || len > 256)
        return 1;
    char msg[257], id[40] = "";
    memcpy(msg, text, len);
    msg[len] = '\0';
    if (sscanf(msg, " {\"game\" : \"%39[0-9a-f]\" }", id) != 1)
        return 1;
    pthread_mutex_lock(&s->mu);
    for (int i = 0; i < SV_MAX_SOCKETS; i++)
        if (s->socket[i].conn == conn)
            snprintf(s->socket[i].game, sizeof s->socket[i].game, "%s", id);
    pthread_mutex_unlock(&s->mu);
    return 1;
}

static void ws_close(const struct mg_connection *conn, void *data)
{
    sv_server *s = data;
    pthread_mutex_lock(&s->mu);
    for (int i = 0; i < SV_MAX_SOCKETS; i++)
        if (s->socket[i].conn == conn)
            s->socket[i] = (sv_socket){NULL, ""};
    pthread_mutex_unlock(&s->mu);
}

/* The lobby stored an action: tell the game's subscribers its step count
 * (nothing else: each then asks for its own view). */
static void changed(void *ctx, const char *id, int steps)
{
    sv_server *s = ctx;
    char msg[96];
    int n = snprintf(msg, sizeof msg, "{\"game\":\"%s\",\"step\":%d}", id, steps);
    pthread_mutex_lock(&s->mu);
    for (int i = 0; i < SV_MAX_SOCKETS; i++)
        if (s->socket[i].conn && !strcmp(s->socket[i].game, id))
            mg_websocket_write(s->socket[i].conn, MG_WEBSOCKET_OPCODE_TEXT, msg, (size_t)n);
    pthread_mutex_unlock(&s->mu);
}

/* ---------------------------------------------------------------- start, stop */

/* civetweb's own messages go to stderr, one line each. */
static int log_message(const struct mg_connection *conn, const char *message)
{
    (void)conn;
    fprintf(stderr, "grognard serve: %s\n", message);
    return 1;
}

static int open_web(sv_server *s, const sv_server_opts *o, char *why, size_t why_size)
{
    const char *options[16];
    int n = 0;
    options[n++] = "listening_ports";
    options[n++] = o->listen;
    options[n++] = "num_threads";
    options[n++] = "16";
    options[n++] = "request_timeout_ms";
    options[n++] = "10000";
    options[n++] = "enable_directory_listing";
    options[n++] = "no";
    if (o->webroot) {
        options[n++] = "document_root";
        options[n++] = o->webroot;
    }
    options[n] = NULL;
    struct mg_callbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.log_message = log_message;
    s->ctx = mg_start(&cb, s, options);
    if (!s->ctx) {
        snprintf(why, why_size, "cannot listen on %s (in use, or not an address:port)",
                 o->listen);
        return -1;
    }
    mg_set_request_handler(s->ctx, "/api/", api_handler, s);
    mg_set_websocket_handler(s->ctx, "/ws", ws_connect, ws_ready, ws_data, ws_close, s);
    struct mg_server_port ports[4];
    int np = mg_get_server_ports(s->ctx, 4, ports);
    s->port = np > 0 ? ports[0].port : 0;
    return 0;
}

sv_server *sv_server_start(const sv_server_opts *o, char *why, size_t why_size)
{
    sv_server *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(why, why_size, "out of memory");
        return NULL;
    }
    pthread_mutex_init(&s->mu, NULL);
    mg_init_library(0);
    s->lobby = sv_lobby_open(o->db, o->power_safe, o->workers, changed, s, why, why_size);
    if (!s->lobby || open_web(s, o, why, why_size) != 0) {
        sv_server_stop(s);
        return NULL;
    }
    return s;
}

int sv_server_port(const sv_server *s)
{
    return s ? s->port : 0;
}

void sv_server_stop(sv_server *s)
{
    if (!s)
        return;
    if (s->ctx)
        mg_stop(s->ctx);
    pthread_mutex_lock(&s->mu); /* no socket is left to write to */
    memset(s->socket, 0, sizeof s->socket);
    pthread_mutex_unlock(&s->mu);
    sv_lobby_close(s->lobby);
    pthread_mutex_destroy(&s->mu);
    free(s);
    mg_exit_library();
}
