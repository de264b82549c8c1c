/* main.c — the grognard program: subcommand table, --help, --version,
 * `help COMMAND`, and the main job run when no command is given. */
#include <string.h>

#include "cli.h"

static int cmd_help(int argc, char **argv);

const cli_cmd cli_commands[] = {
    {"demo", "play every rule system's slice with random agents and print the log",
     "usage: grognard demo [--seed N] [--system SYSTEM] [--quiet]\n"
     "\n"
     "Loads the scenario <system>-slice of each rule system (or only SYSTEM),\n"
     "lets two random agents play it to the end from their own views, and\n"
     "prints every action, every event (die rolls included) and the result.\n"
     "  --seed N      seed of the game's dice stream (default 1); agents use N+1, N+2\n"
     "  --system S    only this system (arw, boc, jdg, vf)\n"
     "  --quiet       print only the result lines\n",
     cmd_demo},
    {"scenarios", "list the scenarios in the data directory",
     "usage: grognard scenarios\n"
     "\n"
     "Lists every data/scenarios/*.json with its rule system and title.  The data\n"
     "directory is $GROGNARD_DATA, or the data/ folder of the source tree.\n",
     cmd_scenarios},
    {"check", "load and validate scenarios; list their provisional values",
     "usage: grognard check [--provisional] SCENARIO...\n"
     "\n"
     "Loads each scenario and every data file it names, validating shapes and\n"
     "ranges.  Prints 'ok' with the data hash, or the first error as\n"
     "file:line:column: message.  --provisional lists every value the rulebooks\n"
     "do not give (invented or reconstructed), with its reason.\n"
     "Exit status 0 when all load, 1 otherwise.\n",
     cmd_check},
    {"arena", "play many games between two agents; win rates with confidence intervals",
     "usage: grognard arena A B --scenario S [--games N] [--seed N] [--workers W]\n"
     "                      [--max-steps N] [--verbose]\n"
     "\n"
     "Plays N games (default 100) of scenario S between agents A and B, A taking\n"
     "player 0 in even games and player 1 in odd ones; game i uses dice seed\n"
     "SEED+i (default SEED 1) and agent seeds derived from it, so the results do\n"
     "not depend on the number of worker processes W (default 2), as long as the\n"
     "agents' budgets are counted in iterations rather than time.\n"
     "An agent is KIND or KIND:key=value,... (kinds: random, greedy, mcts; see\n"
     "docs/agents.md), e.g. mcts:iterations=5000,rollout=20.\n"
     "Prints, for each side A played, A's wins, draws and B's wins with A's win\n"
     "rate and its 95% Wilson score interval, the time per choice, and a\n"
     "signature of every game's result.  A game still going after --max-steps\n"
     "actions (default 100000) counts as a draw.  --verbose lists every game.\n",
     cmd_arena},
    {"bench", "fixed-seed benchmark: signature and speed figures",
     "usage: grognard bench [--quick] [--scenario S]...\n"
     "\n"
     "Plays fixed scenarios with fixed seeds and prints a signature of the games\n"
     "(any change of the rules or agents that alters a game changes it) and the\n"
     "figures of docs/performance.md: random games per second, rules steps per\n"
     "second, state size and clone time, MCTS iterations per second, exact-odds\n"
     "query time (where the system has one) and peak memory.  Runs in under 60 s.\n"
     "--quick plays fewer games (for tests); --scenario replaces the default set.\n",
     cmd_bench},
    {"help", "show help for a command",
     "usage: grognard help [COMMAND]\n", cmd_help},
    {NULL, NULL, NULL, NULL}};

const cli_cmd *cli_find(const char *name)
{
    for (int i = 0; cli_commands[i].name; i++)
        if (strcmp(cli_commands[i].name, name) == 0)
            return &cli_commands[i];
    return NULL;
}

void cli_print_help(FILE *out, const cli_cmd *c)
{
    fprintf(out, "grognard %s — %s\n\n%s", c->name, c->summary, c->help);
}

static void usage(FILE *out)
{
    fprintf(out,
            "usage: grognard [--version] [--help] [COMMAND [ARGS]]\n"
            "\n"
            "Grognard %s: a rules-enforcing engine for tactical horse-and-musket\n"
            "wargames (rule systems:",
            GR_VERSION);
    for (const char *const *s = gr_systems(); *s; s++)
        fprintf(out, " %s", *s);
    fprintf(out, ").\nWithout a command it runs the main job: `grognard demo`.\n\ncommands:\n");
    for (int i = 0; cli_commands[i].name; i++)
        fprintf(out, "  %-10s %s\n", cli_commands[i].name, cli_commands[i].summary);
    fprintf(out, "\n`grognard help COMMAND` or `grognard COMMAND --help` for details.\n");
}

static int cmd_help(int argc, char **argv)
{
    if (argc < 2) {
        usage(stdout);
        return CLI_OK;
    }
    const cli_cmd *c = cli_find(argv[1]);
    if (!c) {
        fprintf(stderr, "grognard: no command '%s' (see grognard --help)\n", argv[1]);
        return CLI_USAGE;
    }
    cli_print_help(stdout, c);
    return CLI_OK;
}

static int wants_help(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            return 1;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        char *job[] = {"demo", NULL};
        return cmd_demo(1, job);
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("grognard %s\n", GR_VERSION);
        return CLI_OK;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage(stdout);
        return CLI_OK;
    }
    const cli_cmd *c = cli_find(argv[1]);
    if (!c) {
        fprintf(stderr, "grognard: unknown command '%s'\n", argv[1]);
        usage(stderr);
        return CLI_USAGE;
    }
    if (wants_help(argc - 1, argv + 1)) {
        cli_print_help(stdout, c);
        return CLI_OK;
    }
    return c->run(argc - 1, argv + 1);
}
