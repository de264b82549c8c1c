/*
 * cli.h — the grognard program's subcommands and the helpers they share
 * (option parsing, scenario loading from the data directory, event printing).
 */
#ifndef GR_CLI_H
#define GR_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "grognard.h"

typedef struct cli_cmd {
    const char *name;
    const char *summary; /* one line for `grognard --help`          */
    const char *help;    /* full text for `grognard help NAME`       */
    int (*run)(int argc, char **argv); /* argv[0] is the command name */
} cli_cmd;

/* Every subcommand, NULL-name terminated (main.c). */
extern const cli_cmd cli_commands[];
const cli_cmd *cli_find(const char *name);
/* Prints the full help of a command to `out`. */
void cli_print_help(FILE *out, const cli_cmd *c);

/* Exit codes. */
enum { CLI_OK = 0, CLI_FAIL = 1, CLI_USAGE = 2 };

/* Parses an unsigned 64-bit number; 0 on success, -1 on bad text. */
int cli_parse_u64(const char *s, uint64_t *out);
/* True when argv[i] is `--name` and a value follows; advances *i to it. */
int cli_opt(int argc, char **argv, int *i, const char *name, const char **value);
/* Loads a scenario from the data directory; prints the one-line error. */
gr_scenario *cli_load_scenario(const char *id);
/* gr_event_fn printing "  <event line>" to the FILE* in ctx. */
void cli_print_event(void *ctx, const gr_game *g, const gr_event *e);

int cmd_demo(int argc, char **argv);
int cmd_scenarios(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_arena(int argc, char **argv);
int cmd_bench(int argc, char **argv);

#endif
