/*
 * engine_internal.h — what engine.c (framing, dispatch) and engine_cmds.c
 * (the commands) share: the interpreter state, replies, the command table.
 */
#ifndef GR_CLI_ENGINE_INTERNAL_H
#define GR_CLI_ENGINE_INTERNAL_H

#include "ai/agent.h"
#include "cli.h"
#include "engine.h"
#include "host/session.h"

#define ENGINE_MAX_PLAYERS 8
#define ENGINE_MAX_WORDS 80

struct cli_engine {
    gs_session *gs;                      /* the game, or NULL          */
    gr_agent *agent[ENGINE_MAX_PLAYERS]; /* computer players for `ai`  */
    int quit;
};

/* One response being built: "ok HEAD" + body, or an error. */
typedef struct reply {
    int error;
    char code[24];
    char rule[48];
    cli_buf head; /* ok: "key=value ..."; error: the message */
    cli_buf body; /* payload lines (ok only)                  */
} reply;

/* Sets the ok line's text after "ok ". */
void reply_ok(reply *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Makes r an error (code, rule or NULL, message); returns -1. */
int reply_error(reply *r, const char *code, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Error from a library status and its gr_error; returns -1. */
int reply_status(reply *r, gr_status st, const gr_error *err);
/* One-word protocol code of a status ("illegal", "parse", ...). */
const char *status_code(gr_status st);

/* Frees the game and its agents. */
void engine_drop_game(cli_engine *e);

/* A command: w[0..n) are its words (w[0] the name), rest the text after the
 * name.  Returns 0, or -1 after reply_error. */
typedef int (*engine_fn)(cli_engine *e, char **w, int n, const char *rest, reply *r);

typedef struct engine_command {
    const char *name;
    int need_game;
    const char *usage;
    const char *summary;
    engine_fn run;
} engine_command;

/* The command table, NULL-name terminated (engine_cmds.c). */
extern const engine_command engine_commands[];

#endif
