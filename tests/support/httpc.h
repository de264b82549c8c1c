/*
 * httpc.h — test helpers for `grognard serve`: start the program on a free
 * loopback port (and stop or kill it), and a minimal blocking HTTP/1.1
 * client (one request per connection).  Tests only.
 */
#ifndef GR_TEST_HTTPC_H
#define GR_TEST_HTTPC_H

#include <stdio.h>
#include <sys/types.h>

typedef struct tu_server {
    pid_t pid;
    int port;
    FILE *out; /* the server's stdout */
} tu_server;

/* BUILD/grognard beside the running test program (BUILD/tests/NAME) into
 * buf; 0, or -1. */
int tu_program_path(char *buf, size_t size);
/* Starts BUILD/grognard serve --listen 127.0.0.1:0 --db `db` (no web
 * files; --sync `sync` unless NULL) and reads the port it reports.  0, or
 * -1 when it did not start. */
int tu_serve_start(tu_server *s, const char *db, const char *sync);
/* SIGKILL and reap. */
void tu_serve_kill9(tu_server *s);
/* SIGTERM and reap; the exit status (0 when it stopped cleanly). */
int tu_serve_stop(tu_server *s);

/*
 * One HTTP exchange with 127.0.0.1:port.  `token` (may be NULL) goes in
 * "Authorization: Bearer".  `length` < 0: the body is `body` (may be NULL);
 * else only the header "Content-Length: length" is sent, no body.  Returns
 * the status (0 when the connection failed); *reply gets the body
 * (malloc'ed; "" on failure).
 */
int tu_http(int port, const char *method, const char *path, const char *token, const char *body,
            long length, char **reply);

#endif
