/*
 * engine.h — `grognard engine`: the line protocol (docs/protocol.md).  One
 * request line in, one response out: a status line ("ok ..." or
 * "error CODE RULE MESSAGE"), payload lines, then a line holding only ".".
 * Payload lines that begin with "." get one more "." in front.
 */
#ifndef GR_CLI_ENGINE_H
#define GR_CLI_ENGINE_H

#include <stddef.h>
#include <stdio.h>

#define ENGINE_PROTOCOL_VERSION 1
/* Longest request line accepted (longer lines get an error). */
#define ENGINE_MAX_LINE 4096

typedef struct cli_engine cli_engine;

/* A protocol interpreter with no game loaded; NULL on OOM. */
cli_engine *cli_engine_new(void);
void cli_engine_free(cli_engine *e);
/*
 * Executes one request of `len` bytes (no newline needed; may hold any
 * bytes) and writes exactly one response to `out`.  Returns 1 after "quit",
 * else 0.
 */
int cli_engine_line(cli_engine *e, const char *line, size_t len, FILE *out);
/* Hash of the loaded game's state (0 when none): for tests. */
unsigned long long cli_engine_hash(const cli_engine *e);

#endif
