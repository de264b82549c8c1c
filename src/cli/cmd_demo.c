/* cmd_demo.c — `grognard demo`: random agents play each system's slice
 * scenario to the end while the log is printed. */
#include <stdlib.h>
#include <string.h>

#include "ai/agent.h"
#include "cli.h"

#define DEMO_MAX_STEPS 100000

/* Events of the current step, printed after the action that caused them. */
typedef struct event_buf {
    char text[1 << 16];
    size_t len;
} event_buf;

static void buffer_event(void *ctx, const gr_game *g, const gr_event *e)
{
    event_buf *b = ctx;
    char line[512];
    gr_event_format(g, e, line, sizeof line);
    int n = snprintf(b->text + b->len, sizeof b->text - b->len, "  %s\n", line);
    if (n > 0 && b->len + (size_t)n < sizeof b->text)
        b->len += (size_t)n;
}

static void flush_events(event_buf *b)
{
    fputs(b->text, stdout);
    b->len = 0;
    b->text[0] = '\0';
}

typedef struct demo_opts {
    uint64_t seed;
    const char *system;
    int quiet;
} demo_opts;

static void print_result(const gr_game *g, const char *id, uint32_t steps)
{
    gr_pending p;
    gr_game_pending(g, &p);
    const char *winner = p.winner >= 0 ? gr_game_player_name(g, p.winner) : "nobody (draw)";
    printf("%s: %s after %u actions; winner %s; hash %016llx\n", id,
           gr_game_outcome_name(g, p.outcome), (unsigned)steps, winner,
           (unsigned long long)gr_game_hash(g));
}

/* Plays one game with random agents; returns 0 when it reached game over. */
static int play_random(gr_game *g, uint64_t seed, int quiet, event_buf *events)
{
    gr_agent *agents[8] = {NULL};
    int players = gr_game_players(g), rc = CLI_OK;
    for (int p = 0; p < players && p < 8; p++)
        agents[p] = gr_agent_new("random", seed + 1 + (uint64_t)p, NULL, NULL);
    for (int step = 0; rc == CLI_OK; step++) {
        gr_pending pend;
        gr_game_pending(g, &pend);
        if (pend.kind == GR_PENDING_OVER)
            break;
        gr_action done[8];
        int n = 0;
        gr_error err = {{0}, {0}};
        if (step >= DEMO_MAX_STEPS || gr_agents_step(g, agents, done, &n, &err) != GR_OK) {
            fprintf(stderr, "grognard: game stopped: %s\n",
                    step >= DEMO_MAX_STEPS ? "too many actions" : err.msg);
            rc = CLI_FAIL;
        }
        for (int i = 0; i < n && !quiet; i++) {
            char line[512];
            gr_action_format(g, &done[i], line, sizeof line);
            printf("> %s\n", line);
        }
        flush_events(events);
    }
    for (int p = 0; p < players && p < 8; p++)
        gr_agent_free(agents[p]);
    return rc;
}

static int demo_system(const char *system, const demo_opts *o)
{
    char id[64];
    snprintf(id, sizeof id, "%s-slice", system);
    gr_scenario *sc = cli_load_scenario(id);
    if (!sc)
        return CLI_FAIL;
    gr_game *g = NULL;
    gr_error err = {{0}, {0}};
    if (!o->quiet)
        printf("== %s: %s (seed %llu)\n", id, gr_scenario_title(sc), (unsigned long long)o->seed);
    event_buf *events = calloc(1, sizeof *events);
    gr_status st = events ? gr_game_new(sc, o->seed, NULL, o->quiet ? NULL : buffer_event,
                                        events, &g, &err)
                          : GR_ERR_NOMEM;
    int rc = CLI_FAIL;
    if (st != GR_OK) {
        fprintf(stderr, "grognard: %s: %s\n", id, err.msg);
    } else {
        flush_events(events);
        if ((rc = play_random(g, o->seed, o->quiet, events)) == CLI_OK)
            print_result(g, id, gr_game_step(g));
    }
    free(events);
    gr_game_free(g);
    gr_scenario_free(sc);
    return rc == CLI_OK ? CLI_OK : CLI_FAIL;
}

int cmd_demo(int argc, char **argv)
{
    demo_opts o = {1, NULL, 0};
    for (int i = 1; i < argc; i++) {
        const char *v;
        if (cli_opt(argc, argv, &i, "--seed", &v)) {
            if (gr_parse_u64(v, &o.seed) != 0) {
                fprintf(stderr, "grognard demo: bad seed '%s'\n", v);
                return CLI_USAGE;
            }
        } else if (cli_opt(argc, argv, &i, "--system", &v)) {
            o.system = v;
        } else if (strcmp(argv[i], "--quiet") == 0) {
            o.quiet = 1;
        } else {
            fprintf(stderr, "grognard demo: unknown option '%s'\n", argv[i]);
            return CLI_USAGE;
        }
    }
    int rc = CLI_OK, ran = 0;
    for (const char *const *s = gr_systems(); *s; s++)
        if (!o.system || strcmp(o.system, *s) == 0) {
            ran++;
            if (demo_system(*s, &o) != CLI_OK)
                rc = CLI_FAIL;
        }
    if (!ran) {
        fprintf(stderr, "grognard demo: no rule system '%s' (systems:", o.system ? o.system : "");
        for (const char *const *s = gr_systems(); *s; s++)
            fprintf(stderr, " %s", *s);
        fprintf(stderr, ")\n");
        return CLI_USAGE;
    }
    return rc;
}
