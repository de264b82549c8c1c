/* engine.c — the protocol's framing and dispatch: request checks, the
 * command table, replies ("ok"/"error" line, payload, "."), and the
 * `grognard engine` loop over stdin/stdout.  Commands: engine_cmds.c. */
#include "engine.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "ai/agent.h"
#include "engine_internal.h"

/* ---------------------------------------------------------------- replies */

void reply_ok(reply *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char head[1024];
    vsnprintf(head, sizeof head, fmt, ap);
    va_end(ap);
    cli_buf_clear(&r->head);
    cli_buf_printf(&r->head, "%s", head);
}

int reply_error(reply *r, const char *code, const char *rule, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char msg[1024];
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    r->error = 1;
    snprintf(r->code, sizeof r->code, "%s", code);
    snprintf(r->rule, sizeof r->rule, "%s", rule && *rule ? rule : "-");
    cli_buf_clear(&r->head);
    cli_buf_printf(&r->head, "%s", msg);
    cli_buf_clear(&r->body);
    return -1;
}

const char *status_code(gr_status st)
{
    static const char *const CODES[] = {"ok",    "illegal", "parse", "data",
                                        "nomem", "arg",     "state", "io"};
    return st >= GR_OK && st <= GR_ERR_IO ? CODES[st] : "internal";
}

int reply_status(reply *r, gr_status st, const gr_error *err)
{
    return reply_error(r, status_code(st), err->rule, "%s", err->msg[0] ? err->msg : "failed");
}

/* Writes text line by line, dot-stuffed, to out. */
static void write_payload(FILE *out, const char *text)
{
    while (*text) {
        const char *nl = strchr(text, '\n');
        size_t n = nl ? (size_t)(nl - text) : strlen(text);
        fprintf(out, "%s%.*s\n", *text == '.' ? "." : "", (int)n, text);
        text += n + (nl ? 1 : 0);
    }
}

static void write_reply(FILE *out, const reply *r)
{
    char msg[1100];
    const char *head = cli_buf_str(&r->head);
    if (r->error) {
        cli_sanitize(head, strlen(head), msg, sizeof msg);
        fprintf(out, "error %s %s %s\n", r->code, r->rule, msg);
    } else {
        fprintf(out, "ok%s%s\n", *head ? " " : "", head);
        write_payload(out, cli_buf_str(&r->body));
    }
    fprintf(out, ".\n");
    fflush(out);
}

/* ---------------------------------------------------------------- dispatch */

static const engine_command *find_command(const char *name)
{
    for (int i = 0; engine_commands[i].name; i++)
        if (strcmp(engine_commands[i].name, name) == 0)
            return &engine_commands[i];
    return NULL;
}

/* Refuses lines the protocol cannot hold: too long, control bytes. */
static int check_request(const char *line, size_t len, reply *r)
{
    if (len > ENGINE_MAX_LINE)
        return reply_error(r, "usage", NULL, "line too long (%zu bytes; at most %d)", len,
                           ENGINE_MAX_LINE);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)line[i];
        if ((c < 0x20 && c != '\t' && !(c == '\r' && i + 1 == len)) || c == 0x7f)
            return reply_error(r, "usage", NULL,
                               "line holds a control character (byte %zu): not a request", i);
    }
    return 0;
}

static void run_request(cli_engine *e, char *text, reply *r)
{
    char *w[ENGINE_MAX_WORDS + 1];
    char copy[ENGINE_MAX_LINE + 1];
    snprintf(copy, sizeof copy, "%s", text);
    int n = cli_words(copy, w, ENGINE_MAX_WORDS + 1);
    if (n == 0) {
        reply_error(r, "usage", NULL, "empty request (try 'help')");
        return;
    }
    const engine_command *c = find_command(w[0]);
    char name[64];
    cli_sanitize(w[0], strlen(w[0]), name, sizeof name);
    if (!c) {
        reply_error(r, "unknown", NULL, "unknown command '%s' (try 'help')", name);
    } else if (n > ENGINE_MAX_WORDS) {
        reply_error(r, "usage", NULL, "%s: too many words", name);
    } else if (c->need_game && !e->gs) {
        reply_error(r, "no-game", NULL, "%s: no game: start one with 'new SCENARIO'", name);
    } else {
        /* rest: the request after the command word and its blanks */
        const char *rest = text + strspn(text, " \t");
        rest += strlen(w[0]);
        rest += strspn(rest, " \t");
        if (c->run(e, w, n, rest, r) == 0 && !r->error && !r->head.len)
            reply_ok(r, "%s", "");
    }
}

int cli_engine_line(cli_engine *e, const char *line, size_t len, FILE *out)
{
    reply r;
    memset(&r, 0, sizeof r);
    while (len && (line[len - 1] == '\n'))
        len--;
    if (check_request(line, len, &r) == 0) {
        char *text = malloc(len + 1);
        if (!text) {
            reply_error(&r, "nomem", NULL, "out of memory");
        } else {
            memcpy(text, line, len);
            text[len] = '\0';
            if (len && text[len - 1] == '\r')
                text[len - 1] = '\0';
            run_request(e, text, &r);
            free(text);
        }
    }
    if (r.head.failed || r.body.failed)
        reply_error(&r, "nomem", NULL, "out of memory for the reply");
    write_reply(out, &r);
    cli_buf_free(&r.head);
    cli_buf_free(&r.body);
    int quit = e->quit;
    return quit;
}

/* ---------------------------------------------------------------- lifecycle */

cli_engine *cli_engine_new(void)
{
    return calloc(1, sizeof(cli_engine));
}

void engine_drop_game(cli_engine *e)
{
    for (int p = 0; p < ENGINE_MAX_PLAYERS; p++) {
        gr_agent_free(e->agent[p]);
        e->agent[p] = NULL;
    }
    gs_free(e->gs);
    e->gs = NULL;
}

void cli_engine_free(cli_engine *e)
{
    if (!e)
        return;
    engine_drop_game(e);
    free(e);
}

unsigned long long cli_engine_hash(const cli_engine *e)
{
    return e && e->gs ? (unsigned long long)gr_game_hash(gs_game(e->gs)) : 0;
}

int cmd_engine(int argc, char **argv)
{
    (void)argv;
    if (argc > 1) {
        fprintf(stderr, "grognard engine: takes no arguments (see grognard help engine)\n");
        return CLI_USAGE;
    }
    cli_engine *e = cli_engine_new();
    if (!e)
        return CLI_FAIL;
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    while ((n = getline(&line, &cap, stdin)) >= 0)
        if (cli_engine_line(e, line, (size_t)n, stdout))
            break;
    free(line);
    cli_engine_free(e);
    return CLI_OK;
}
