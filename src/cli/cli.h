/*
 * cli.h — the grognard program's subcommands and the helpers they share
 * (option parsing, scenario loading from the data directory, event printing).
 */
#ifndef GR_CLI_H
#define GR_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "ai/agent.h"
#include "grognard.h"

typedef struct cli_cmd {
    const char *name;
    const char *summary;               /* one line for `grognard --help`          */
    const char *help;                  /* full text for `grognard help NAME`       */
    int (*run)(int argc, char **argv); /* argv[0] is the command name */
} cli_cmd;

/* Every subcommand, NULL-name terminated (main.c). */
extern const cli_cmd cli_commands[];
const cli_cmd *cli_find(const char *name);
/* Prints the full help of a command to `out`. */
void cli_print_help(FILE *out, const cli_cmd *c);

/* Exit codes. */
enum { CLI_OK = 0, CLI_FAIL = 1, CLI_USAGE = 2 };

/* True when argv[i] is `--name` and a value follows; advances *i to it. */
int cli_opt(int argc, char **argv, int *i, const char *name, const char **value);
/* Loads a scenario from the data directory; prints the one-line error. */
gr_scenario *cli_load_scenario(const char *id);
/* Non-zero when data/scenarios/ID.json exists (ID a plain name). */
int cli_scenario_exists(const char *id);
/* Prints "no scenario 'ID' in DIR (installed: ...)" to stderr. */
void cli_say_no_scenario(const char *id);
/* gr_event_fn printing "  <event line>" to the FILE* in ctx. */
void cli_print_event(void *ctx, const gr_game *g, const gr_event *e);

/* A growing text buffer (programs' output assembly).  On allocation failure
 * `failed` is set and further text is dropped. */
typedef struct cli_buf {
    char *text; /* NUL-terminated, or NULL while empty */
    size_t len, cap;
    int failed;
} cli_buf;
void cli_buf_printf(cli_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Appends n bytes. */
void cli_buf_append(cli_buf *b, const char *s, size_t n);
/* The text ("" when empty). */
const char *cli_buf_str(const cli_buf *b);
void cli_buf_clear(cli_buf *b);
void cli_buf_free(cli_buf *b);

/* Copies at most size-1 bytes of s into buf replacing control and non-ASCII
 * bytes by '?', so that echoed garbage cannot disturb a terminal. */
void cli_sanitize(const char *s, size_t n, char *buf, size_t size);
/* Query answer into a buffer that grows as needed (malloc'ed, NULL + err on
 * failure). */
char *cli_query(const gr_game *g, const char *what, gr_error *err);
/* gr_game_describe into a malloc'ed buffer of the right size; NULL on OOM. */
char *cli_describe(const gr_game *g);
/* Splits `line` in place at blanks into at most max words; returns count. */
int cli_words(char *line, char **w, int max);
/* A query answer's distribution in words: when its `key=COUNT` words (all but
 * the parameters den, outcomes, rolls, modifier, drm, below) add up to its
 * `den=N`, writes "KEY P%, ..." into out and returns 1; else returns 0 with
 * out empty (the answer is no distribution). */
int cli_chances(const char *answer, char *out, size_t size);
/* The 95% Wilson score interval of k successes in n trials into [*lo, *hi]
 * ([0, 1] when n is 0). */
void cli_wilson(uint64_t k, uint64_t n, double *lo, double *hi);

/* The subcommands (argv[0] is the command name; help text in main.c):
 * each returns CLI_OK, CLI_FAIL or CLI_USAGE. */
int cmd_demo(int argc, char **argv);
int cmd_scenarios(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_arena(int argc, char **argv);
int cmd_balance(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_engine(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_serve(int argc, char **argv);
/* The candidate closest to a mistyped `word` (at most 1 edit for words of
 * up to 4 letters, 2 for longer ones), or NULL; suggest.c. */
const char *cli_closest(const char *word, char *const *cands, int n);
int cmd_verify(int argc, char **argv);

/* The agent spec of a level name (easy, normal, hard); any other text is
 * returned as it is (a kind or "kind:params").  Static storage. */
const char *cli_agent_spec(const char *level);
/* A new agent for a level or spec, seeded with seed (agents.c); NULL with a
 * message in err.  The caller frees it with gr_agent_free. */
gr_agent *cli_agent_new(const char *level, uint64_t seed, gr_error *err);
/* Lists the levels and agent kinds, one per line, for help texts. */
void cli_agent_levels_help(FILE *out);

#endif
