/* main.c — the grognard program: subcommand table, --help, --version,
 * `help COMMAND`, and the main job run when no command is given. */
#include <string.h>

#include "cli.h"

static int cmd_help(int argc, char **argv);
int cmd_odds(int argc, char **argv); /* cmd_odds.c */

const cli_cmd cli_commands[] = {
    {"play", "play a scenario at the terminal against the computer (or hotseat)",
     "usage: grognard play [SCENARIO] [--side SIDE | --hotseat] [--ai LEVEL] [--seed N]\n"
     "                     [--options K=V,..] [--load FILE] [--save FILE] [--log FILE]\n"
     "                     [--plain] [--rules-lines] [--auto] [--quiet]\n"
     "\n"
     "On a terminal: an interactive game.  The map (hex labels, terrain shading,\n"
     "one letter per counter in its side's colour), a side panel (turn, phase,\n"
     "weather, morale, victory points...), the log, and a prompt.  Type 'help'\n"
     "at the prompt; 'options' lists your legal actions, a number takes one, and\n"
     "'KIND ARG...' names one (Tab completes unit ids).  Every refusal gives the\n"
     "reason and the rule.  You see only your side's view; in hotseat play the\n"
     "screen is hidden between the players' turns.\n"
     "When stdin or stdout is not a terminal (or with --auto) the computer plays\n"
     "every side and the log and the result are printed.\n"
     "  SCENARIO       default: savannah-historical, else the first installed of\n"
     "                 arw-slice, boc-slice, jdg-slice\n"
     "  --side SIDE    the side you play (e.g. british, allied; default the first)\n"
     "  --hotseat      people play every side at this terminal (= --ai none)\n"
     "  --ai LEVEL     the computer player: easy (greedy), normal (mcts, the\n"
     "                 default), hard (mcts, 4x the budget: 8000\n"
     "                 iterations, 20 s per turn), or an agent kind\n"
     "                 with parameters: random, uniform, greedy, mcts,\n"
     "                 mcts:iterations=500 ... (docs/agents.md)\n"
     "  --seed N       seed of the game's dice (default 1); computer players N+1..\n"
     "  --options ..   rule options (e.g. advanced=0 for ARW)\n"
     "  --load FILE    resume a saved game (every step is re-verified)\n"
     "  --save FILE    default file for 'save'; with --auto, save the game there\n"
     "  --log FILE     append everything shown (and typed) to FILE\n"
     "  --plain        a plain prompt instead of the full screen; reads commands\n"
     "                 from stdin even when it is not a terminal (scripts)\n"
     "  --rules-lines  the log as the rules' own lines (key=value), not sentences\n"
     "                 (the default with --plain and --auto; 'words on|off' at the\n"
     "                 prompt switches)\n"
     "  --auto         computer against computer even on a terminal\n"
     "  --quiet        with --auto: print only the result\n",
     cmd_play},
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
     "do not give (invented or reconstructed), with its reason.  Also checks the\n"
     "system's log words (data/words/SYSTEM.json) against its action and event\n"
     "kinds.  Exit status 0 when all load, 1 otherwise.\n",
     cmd_check},
    {"arena", "play many games between two agents; win rates with confidence intervals",
     "usage: grognard arena A B --scenario S [--games N] [--seed N] [--workers W]\n"
     "                      [--max-steps N] [--verbose] [--log-game I]\n"
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
     "actions (default 100000) counts as a draw.  --verbose lists every game.\n"
     "--log-game I plays only game I of such a run (0-based: its seed and sides)\n"
     "and prints it action by action, every side's secrets included, then its\n"
     "line of the --verbose list: to read why a game was won or lost.\n",
     cmd_arena},
    {"balance", "is a scenario balanced? many games per side and per data variant, with a report",
     "usage: grognard balance SCENARIO [--agents A,B] [--games N] [--seed N]\n"
     "                        [--set FILE:PATH=V1,V2...]... [--workers W]\n"
     "                        [--store FILE] [--report FILE.svg|none] [--max-steps N]\n"
     "\n"
     "Plays N games (default 100) of SCENARIO, agent A (default mcts) taking\n"
     "player 0 and B (default mcts) player 1, for each variant of the data:\n"
     "--set gives a data value (FILE under the data folder, PATH in its JSON,\n"
     "e.g. scenarios/savannah-historical.json:victory.major=8) and the values to\n"
     "try; several --set options try every combination.  Game g of every variant\n"
     "uses dice seed SEED+g (default SEED 1), so variants meet the same dice.\n"
     "Each finished game is stored at once in --store (default balance.db,\n"
     "SQLite): the same command started again plays only the games missing.\n"
     "Games are played by W local worker processes (default 2) or, under\n"
     "mpirun (mpirun -np K grognard balance ...), by the K ranks of the MPI\n"
     "job on one host or many; the results are the same either way when the\n"
     "agents' budgets are counted in iterations.  Progress goes to stderr.\n"
     "The report gives for each variant the wins of each side with 95% Wilson\n"
     "intervals, the outcomes, the final score and game length (quartiles) and\n"
     "the score by turn; --report writes it as an SVG page too (default\n"
     "SCENARIO.balance.svg).  See docs/balance.md.\n",
     cmd_balance},
    {"bench", "fixed-seed benchmark: signature and speed figures",
     "usage: grognard bench [--quick] [--games N] [--scenario S]... [--strength N]\n"
     "                      [--agent SPEC]\n"
     "\n"
     "Plays fixed scenarios with fixed seeds and prints a signature of the games\n"
     "(any change of the rules or agents that alters a game changes it) and the\n"
     "figures of docs/performance.md: random games per second, rules steps per\n"
     "second, state size and clone time, MCTS iterations per second, exact-odds\n"
     "query time (where the system has one) and peak memory.  Runs in under 60 s.\n"
     "--quick runs the timed loops for a twentieth of the time; --scenario\n"
     "replaces the default set; --games N only plays exactly N random games per\n"
     "scenario with the playout loop (for callgrind --toggle-collect=ai_playout).\n"
     "Then the strength section (not with --quick, unless --strength is given):\n"
     "on each scenario N games (--strength N, default 2; 0: none) of SPEC\n"
     "(--agent, default mcts:iterations=100) against greedy, the sides\n"
     "alternating, dice seeds 1..N, reported as `grognard arena` does: results by\n"
     "side with Wilson intervals, their signature and the blunders per game of\n"
     "each side (docs/agents.md, \"Blunders\").\n",
     cmd_bench},
    {"odds", "exact close-combat result distribution for given strengths and DRM",
     "usage: grognard odds --scenario ID --att SP --def SP [--drm N] [--options O]\n"
     "\n"
     "Prints the exact distribution of the combat results (attacker/defender) over\n"
     "the d10, from the scenario's tables, as counts over their denominator\n"
     "(summing to exactly 1), and the time one computation takes.  The odds column\n"
     "and the below-the-first-column DRM come from the strengths; --drm adds the\n"
     "other DRMs.  Systems answer the query 'odds crt ATT DEF DRM' (arw).\n",
     cmd_odds},
    {"engine", "line protocol on stdin/stdout for programs (docs/protocol.md)",
     "usage: grognard engine\n"
     "\n"
     "Reads one request per line on stdin and answers each on stdout with a\n"
     "status line ('ok KEY=VALUE...' or 'error CODE RULE MESSAGE'), payload\n"
     "lines, and a line holding only '.'.  Requests: protocol, help, scenarios,\n"
     "new SCENARIO [seed=N] [options=..], load FILE, save FILE, players, pending,\n"
     "legal [PLAYER], apply ACTION-LINE, ai [PLAYER], dice F.., undo [N],\n"
     "undoable, describe [PLAYER], query [as=PLAYER] TEXT, odds, los, range,\n"
     "info, log [PLAYER], history, hash, quit.  Full description and a\n"
     "transcript: docs/protocol.md.\n",
     cmd_engine},
    {"replay", "step through a saved game, verifying every state hash",
     "usage: grognard replay FILE [--as PLAYER] [--quiet] [--step]\n"
     "\n"
     "Reads a save file (checksum, format, installed scenario and its data hash),\n"
     "then replays it step by step from the scenario and the seed, printing each\n"
     "action with the events it caused, and checks the state hash after every\n"
     "step and at the end (the final hash covers the dice stream).  Ends with\n"
     "'all N step hashes verified', or names the first step that differs.\n"
     "  --as PLAYER   show only what PLAYER could see (the save holds both sides'\n"
     "                secrets; without --as everything is shown)\n"
     "  --quiet       print only the checks and the result\n"
     "  --step        wait for Enter after each step (on a terminal)\n"
     "Exit status 0 when every hash is verified, 1 otherwise.\n",
     cmd_replay},
    {"serve", "serve games to browsers and remote seats (HTTP, WebSocket)",
     "usage: grognard serve [--listen ADDR:PORT] [--db FILE] [--web DIR] [--workers N]\n"
     "                      [--sync full|normal]\n"
     "\n"
     "Serves games over HTTP and WebSocket: each game gets one secret join link\n"
     "per seat and a spectator link; the server keeps every seat's hidden\n"
     "information and sends each seat only its own view.  Games, seats and every\n"
     "accepted action are stored in SQLite, committed before anyone hears of\n"
     "them: a server killed at any moment goes on where it stopped.  Dice: the\n"
     "server commits to a secret seed at creation, players add entropy, and the\n"
     "record of a finished game reveals it (grognard verify).\n"
     "  --listen ADDR:PORT  where to listen (default 127.0.0.1:8080, this machine\n"
     "                      only; port 0 picks a free one)\n"
     "  --db FILE           the games database (default grognard.db)\n"
     "  --web DIR           the browser board's files (default: web/ of the tree)\n"
     "  --workers N         threads for computer seats, 1-8 (default 2)\n"
     "  --sync full|normal  full (default): every action is on disk before it is\n"
     "                      acknowledged, even against a power cut; normal: safe\n"
     "                      against a killed server, not a power cut, and about\n"
     "                      four times faster\n"
     "Stops on SIGINT or SIGTERM.  The API: docs/server.md.\n",
     cmd_serve},
    {"verify", "check a finished game's record from grognard serve",
     "usage: grognard verify RECORD\n"
     "\n"
     "Checks a record downloaded from a server (GET /api/games/ID/record): the\n"
     "revealed secret matches the commitment published when the game was\n"
     "created, the seed is the one derived from that secret and every player's\n"
     "entropy, and every step replays to its recorded state hash.  Exit status\n"
     "0 when all of it holds, 1 otherwise (the message says what does not).\n",
     cmd_verify},
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
    fprintf(out, ").\nWithout a command it runs the main job, `grognard play`: a game against "
                 "the\ncomputer on a terminal; elsewhere the computer plays both sides.\n\n"
                 "commands:\n");
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
        char *job[] = {"play", NULL};
        return cmd_play(1, job);
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
