/* cmd_play.c — `grognard play`: options, the default scenario, resuming a
 * save, and the choice of front end: the ncurses screen on a terminal, the
 * plain prompt with --plain, or computer against computer (printing the
 * log and the result) when stdin is not a terminal. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/files.h"
#include "cli.h"
#include "host/savefile.h"
#include "play.h"
#include "play_front.h"

typedef struct play_opts {
    const char *scenario, *side, *ai, *options, *load, *save, *log;
    uint64_t seed;
    int hotseat, plain, autoplay, quiet, rules_lines;
} play_opts;

/* The computer player kind used when --ai is not given: the first of these
 * that is compiled in, else the first kind there is. */
static const char *default_agent(void)
{
    static const char *const PREFERRED[] = {"mcts", "ismcts", "greedy", "random", NULL};
    const char *const *kinds = gr_agent_kinds();
    for (int i = 0; PREFERRED[i]; i++)
        for (int k = 0; kinds[k]; k++)
            if (!strcmp(kinds[k], PREFERRED[i]))
                return kinds[k];
    return kinds[0];
}

/* The scenario played when none is named. */
static const char *default_scenario(void)
{
    static const char *const PREFERRED[] = {"savannah-historical", "arw-slice", "boc-slice",
                                            "jdg-slice", NULL};
    static char found[128];
    char *names[512];
    int n = gr_host_list_scenarios(names, 512);
    found[0] = '\0';
    for (int i = 0; PREFERRED[i] && !found[0]; i++)
        for (int k = 0; k < n; k++)
            if (!strcmp(names[k], PREFERRED[i]))
                snprintf(found, sizeof found, "%s", names[k]);
    for (int k = 0; k < n; k++)
        free(names[k]);
    return found[0] ? found : "savannah-historical";
}

static int parse_opts(int argc, char **argv, play_opts *o)
{
    memset(o, 0, sizeof *o);
    o->seed = 1;
    for (int i = 1; i < argc; i++) {
        const char *v;
        if (cli_opt(argc, argv, &i, "--side", &o->side) ||
            cli_opt(argc, argv, &i, "--ai", &o->ai) ||
            cli_opt(argc, argv, &i, "--options", &o->options) ||
            cli_opt(argc, argv, &i, "--load", &o->load) ||
            cli_opt(argc, argv, &i, "--save", &o->save) ||
            cli_opt(argc, argv, &i, "--log", &o->log))
            continue;
        if (cli_opt(argc, argv, &i, "--seed", &v)) {
            if (gr_parse_u64(v, &o->seed) != 0) {
                fprintf(stderr, "grognard play: bad seed '%s'\n", v);
                return -1;
            }
        } else if (!strcmp(argv[i], "--hotseat")) {
            o->hotseat = 1;
        } else if (!strcmp(argv[i], "--plain")) {
            o->plain = 1;
        } else if (!strcmp(argv[i], "--auto")) {
            o->autoplay = 1;
        } else if (!strcmp(argv[i], "--quiet")) {
            o->quiet = 1;
        } else if (!strcmp(argv[i], "--rules-lines")) {
            o->rules_lines = 1;
        } else if (argv[i][0] != '-' && !o->scenario) {
            o->scenario = argv[i];
        } else {
            fprintf(stderr, "grognard play: unexpected argument '%s' (see grognard help play)\n",
                    argv[i]);
            return -1;
        }
    }
    if (o->ai && !strcmp(o->ai, "none"))
        o->hotseat = 1, o->ai = NULL;
    return 0;
}

/* The session: a save to resume, or a new game. */
static gs_session *open_session(play_opts *o)
{
    gr_error err = {{0}, {0}};
    char why[1024];
    if (o->load) {
        gs_session *gs = gs_load(o->load, why, sizeof why);
        if (!gs)
            fprintf(stderr, "grognard: %s\n", why);
        else if (o->scenario && strcmp(o->scenario, gr_scenario_id(gs_scenario(gs))) != 0)
            fprintf(stderr, "grognard play: %s is a game of %s, not %s\n", o->load,
                    gr_scenario_id(gs_scenario(gs)), o->scenario);
        else
            return gs;
        gs_free(gs);
        return NULL;
    }
    if (!o->scenario)
        o->scenario = default_scenario();
    if (!cli_scenario_exists(o->scenario)) {
        cli_say_no_scenario(o->scenario);
        return NULL;
    }
    gs_session *gs = gs_open(o->scenario, o->seed, o->options, &err);
    if (!gs)
        fprintf(stderr, "grognard: %s\n", err.msg);
    return gs;
}

/* Bit mask of the players typed for at this terminal; -1 on a bad --side. */
static int human_mask(const gs_session *gs, const play_opts *o)
{
    const gr_game *g = gs_game(gs);
    int players = gr_game_players(g);
    if (o->hotseat)
        return (1 << players) - 1;
    const char *side = o->side;
    const char *saved = gs_meta_get(gs, "humans");
    if (!side && saved && strcmp(saved, "-") != 0 && !strchr(saved, ','))
        side = saved; /* a resumed game keeps its side */
    if (!side)
        return 1;
    int p = gr_game_player_find(g, side);
    if (p < 0) {
        fprintf(stderr, "grognard play: no side '%s' in %s (sides:", side,
                gr_scenario_id(gs_scenario(gs)));
        for (int k = 0; k < players; k++)
            fprintf(stderr, " %s", gr_game_player_name(g, k));
        fprintf(stderr, ")\n");
        return -1;
    }
    return 1 << p;
}

static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig)
{
    (void)sig;
    interrupted = 1;
}

/* Ctrl-C ends the front end's wait for a key (no SA_RESTART): the game is
 * saved before leaving when it changed since the last save. */
static void catch_interrupt(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_interrupt;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
}

static void save_on_interrupt(play_ctx *c)
{
    c->say = NULL; /* the front end is gone: say it here */
    if (c->saved_entries == gs_entries(c->gs)) {
        printf("grognard play: interrupted; nothing new to save\n");
        return;
    }
    play_save(c, NULL);
    if (c->saved_entries == gs_entries(c->gs))
        printf("grognard play: interrupted; the game is saved in %s (grognard play --load %s)\n",
               c->save_path, c->save_path);
    else
        printf("grognard play: interrupted; the game could not be saved in %s\n", c->save_path);
}

int cmd_play(int argc, char **argv)
{
    play_opts o;
    if (parse_opts(argc, argv, &o) != 0)
        return CLI_USAGE;
    gs_session *gs = open_session(&o);
    if (!gs)
        return CLI_FAIL;
    const char *agent = o.ai                    ? o.ai
                        : gs_meta_get(gs, "ai") ? gs_meta_get(gs, "ai")
                                                : default_agent();
    int mask = human_mask(gs, &o); /* a bad --side is refused even without a terminal */
    if (mask < 0) {
        gs_free(gs);
        return CLI_USAGE;
    }
    int interactive = !o.autoplay && (o.plain || (isatty(0) && isatty(1)));
    if (!interactive)
        return play_auto(gs, agent, o.seed, o.quiet, o.save);
    play_ctx c;
    char why[512];
    if (play_init(&c, gs, (unsigned)mask, agent, o.seed, NULL, NULL, why, sizeof why) != 0) {
        play_free(&c);
        return CLI_FAIL;
    }
    if (!o.plain && !o.rules_lines && play_words_on(&c, 1, why, sizeof why) != 0)
        fprintf(stderr, "grognard play: %s (the log shows the rules' lines)\n", why);
    if (o.save)
        snprintf(c.save_path, sizeof c.save_path, "%s", o.save);
    if (o.load) {
        char hash[17];
        play_hash_text(&c, hash);
        snprintf(c.notice, sizeof c.notice, "resumed %s: step %u, all %d steps verified, hash %s",
                 o.load, (unsigned)gr_game_step(gs_game(c.gs)), gs_entries(c.gs), hash);
        for (int p = 0; p < PLAY_MAX_PLAYERS; p++)
            c.shown[p] = gs_log_count(c.gs);
        c.saved_entries = gs_entries(c.gs);
    }
    if (o.log && !(c.transcript = fopen(o.log, "a")))
        fprintf(stderr, "grognard play: cannot write %s\n", o.log);
    catch_interrupt();
    c.interrupt = &interrupted;
    int rc = o.plain ? -1 : play_tui_run(&c);
    if (rc < 0 && !interrupted)
        rc = play_line_run(&c, stdin, stdout);
    if (interrupted)
        save_on_interrupt(&c);
    if (c.transcript)
        fclose(c.transcript);
    play_free(&c);
    return rc;
}
