/* play_auto.c — `grognard play` without a terminal: computer players take
 * every side, the log and the result are printed, so that the main job
 * works in any shell. */
#include <stdlib.h>
#include <string.h>

#include "host/savefile.h"
#include "play_front.h"

#define AUTO_MAX_STEPS 100000

static void print_new(const gs_session *gs, int *shown)
{
    for (int i = *shown; i < gs_log_count(gs); i++) {
        const gs_logline *l = gs_log_at(gs, i);
        char title[128];
        if (play_card_title(gs_game(gs), l->text, title, sizeof title))
            printf("%s%s \"%s\"\n", l->kind == GS_LOG_EVENT ? "  " : "> ", l->text, title);
        else
            printf("%s%s\n", l->kind == GS_LOG_EVENT ? "  " : "> ", l->text);
    }
    *shown = gs_log_count(gs);
}

/* One decision: every player asked chooses from his own view of the same
 * position (a secret simultaneous choice is made by all before any is
 * applied), then the choices are applied in player order. */
static gr_status step(gs_session *gs, gr_agent *const *agents, gr_error *err)
{
    gr_action chosen[GR_MAX_PLAYERS];
    int n = 0;
    gr_status st = gr_agents_choose_all(gs_game(gs), agents, chosen, &n, err);
    for (int i = 0; st == GR_OK && i < n; i++)
        st = gs_apply(gs, &chosen[i], err);
    return st;
}

static int run(gs_session *gs, gr_agent *const *agents, int quiet)
{
    gr_error err = {{0}, {0}};
    int shown = 0;
    for (int n = 0;; n++) {
        if (!quiet)
            print_new(gs, &shown);
        gr_pending p;
        gr_game_pending(gs_game(gs), &p);
        if (p.kind == GR_PENDING_OVER)
            return CLI_OK;
        if (n == AUTO_MAX_STEPS || step(gs, agents, &err) != GR_OK) {
            fprintf(stderr, "grognard: game stopped: %s\n",
                    n == AUTO_MAX_STEPS ? "too many actions" : err.msg);
            return CLI_FAIL;
        }
    }
}

static void print_result(const gs_session *gs)
{
    const gr_game *g = gs_game(gs);
    gr_pending p;
    char hash[17];
    gr_game_pending(g, &p);
    gs_hash_text(gr_game_hash(g), hash);
    printf("result: %s; winner %s; %u actions; final hash %s\n", gr_game_outcome_name(g, p.outcome),
           p.winner >= 0 ? gr_game_player_name(g, p.winner) : "nobody (draw)",
           (unsigned)gr_game_step(g), hash);
}

int play_auto(gs_session *gs, const char *agent, uint64_t seed, int quiet, const char *save)
{
    const gr_game *g = gs_game(gs);
    gr_agent *agents[8] = {NULL};
    gr_error err = {{0}, {0}};
    int rc = CLI_OK, players = gr_game_players(g);
    for (int p = 0; p < players && p < 8 && rc == CLI_OK; p++)
        if (!(agents[p] = cli_agent_new(agent, seed + 1 + (uint64_t)p, &err))) {
            fprintf(stderr, "grognard play: %s\n", err.msg);
            rc = CLI_USAGE;
        }
    if (rc == CLI_OK) {
        printf("%s: %s (seed %llu): no terminal, so the computer (%s) plays every side\n",
               gr_scenario_id(gs_scenario(gs)), gr_scenario_title(gs_scenario(gs)),
               (unsigned long long)gs_seed(gs), agent);
        rc = run(gs, agents, quiet);
        print_result(gs);
    }
    char why[1024];
    gs_meta_set(gs, "ai", agent);
    gs_meta_set(gs, "humans", "-");
    if (save && gs_save(gs, save, why, sizeof why) != 0) {
        fprintf(stderr, "grognard: %s\n", why);
        rc = CLI_FAIL;
    } else if (save) {
        printf("saved to %s\n", save);
    }
    for (int p = 0; p < 8; p++)
        gr_agent_free(agents[p]);
    gs_free(gs);
    return rc;
}
