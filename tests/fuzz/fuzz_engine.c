/*
 * fuzz_engine.c — the engine protocol (src/cli/engine*.c): the input is
 * request lines, fed in order to one interpreter.  Every request must get
 * exactly one framed response (ending in a "." line).  Lines naming files
 * (save, load) are skipped: the fuzzer must not write files; so are agent
 * choices (a search agent is slow, not wrong).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/engine.h"
#include "fuzz.h"

#define MAX_REQUESTS 48

/* Non-zero when the request mentions a word the fuzzer must not run. */
static int forbidden(const uint8_t *line, size_t len)
{
    static const char *const WORDS[] = {"save", "load", "agent"};
    char low[ENGINE_MAX_LINE + 8];
    size_t n = len < sizeof low - 1 ? len : sizeof low - 1;
    for (size_t i = 0; i < n; i++)
        low[i] = line[i] ? (char)tolower(line[i]) : ' ';
    low[n] = '\0';
    for (size_t w = 0; w < sizeof WORDS / sizeof WORDS[0]; w++)
        if (strstr(low, WORDS[w]))
            return 1;
    return len > n; /* longer than we could check: skip */
}

/* Runs one request, checks its response is framed; returns 1 after quit. */
static int request(cli_engine *e, const uint8_t *line, size_t len)
{
    char *out = NULL;
    size_t outlen = 0;
    FILE *f = open_memstream(&out, &outlen);
    FZ_CHECK(f != NULL, "open_memstream");
    int quit = cli_engine_line(e, (const char *)line, len, f);
    fclose(f);
    FZ_CHECK(outlen >= 2 && strcmp(out + outlen - 2, ".\n") == 0,
             "unframed response to '%.*s': %s", (int)len, (const char *)line, out);
    FZ_CHECK(strncmp(out, "ok", 2) == 0 || strncmp(out, "error ", 6) == 0,
             "bad status line: %s", out);
    free(out);
    return quit;
}

FUZZ_TARGET(engine)
{
    cli_engine *e = cli_engine_new();
    FZ_CHECK(e != NULL, "cli_engine_new");
    size_t at = 0;
    for (int k = 0; k < MAX_REQUESTS && at < size; k++) {
        const uint8_t *nl = memchr(data + at, '\n', size - at);
        size_t len = nl ? (size_t)(nl - (data + at)) : size - at;
        if (!forbidden(data + at, len) && request(e, data + at, len))
            break;
        at += len + 1;
    }
    cli_engine_free(e);
    return 0;
}
