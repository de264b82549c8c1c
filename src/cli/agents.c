/* agents.c — the computer players of `grognard play` and `grognard engine`:
 * a level name (easy, normal, hard) or an agent spec "kind[:key=value,...]"
 * (docs/agents.md) becomes an agent. */
#include <stdio.h>
#include <string.h>

#include "ai/match.h"
#include "cli.h"

typedef struct cli_level {
    const char *name, *spec, *what;
} cli_level;

static const cli_level LEVELS[] = {
    {"easy", "greedy", "one ply: the best immediate expected result (exact odds)"},
    {"normal", "mcts", "Monte Carlo tree search at its default budget"},
    {"hard", "mcts:iterations=8000,turn=20000",
     "Monte Carlo tree search, four times the default budget"},
    {NULL, NULL, NULL}};

const char *cli_agent_spec(const char *level)
{
    for (int i = 0; level && LEVELS[i].name; i++)
        if (!strcmp(level, LEVELS[i].name))
            return LEVELS[i].spec;
    return level;
}

gr_agent *cli_agent_new(const char *level, uint64_t seed, gr_error *err)
{
    return gr_agent_from_spec(cli_agent_spec(level), seed, err);
}

void cli_agent_levels_help(FILE *out)
{
    for (int i = 0; LEVELS[i].name; i++)
        fprintf(out, "  %-8s %s (%s)\n", LEVELS[i].name, LEVELS[i].what, LEVELS[i].spec);
    fprintf(out, "  or a kind:");
    for (const char *const *k = gr_agent_kinds(); *k; k++)
        fprintf(out, " %s", *k);
    fprintf(out, ", with parameters as KIND:KEY=VALUE,... (docs/agents.md)\n");
}
