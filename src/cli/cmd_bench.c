/*
 * cmd_bench.c — `grognard bench`: the fixed benchmark.  For each scenario
 * (every system's slice, and savannah-historical once it exists) it prints
 * the signature of the fixed games and the speed figures; then the
 * combined signature and the peak memory; then (not with --quick) the
 * strength section: a few games of mcts against greedy per scenario, with
 * the blunders each side made.  See docs/performance.md.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "ai/bench.h"
#include "ai/search.h"
#include "cli.h"
#include "host/files.h"

#define BENCH_MAX_SCENARIOS 16
/* The strength section's default: games a scenario (one on each side) and
 * the agent played against greedy (a small budget: the bench stays short). */
#define BENCH_STRENGTH_GAMES 2
#define BENCH_STRENGTH_AGENT "mcts:iterations=100"

/* True when data/scenarios/<id>.json exists (optional scenarios). */
static int scenario_exists(const char *id)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/scenarios/%s.json", gr_host_data_dir(), id);
    return access(path, R_OK) == 0;
}

/* The default set: each system's slice, then the benchmark scenarios. */
static int default_scenarios(char ids[][64])
{
    int n = 0;
    for (const char *const *s = gr_systems(); *s && n < BENCH_MAX_SCENARIOS - 1; s++)
        snprintf(ids[n++], 64, "%s-slice", *s);
    if (scenario_exists("savannah-historical"))
        snprintf(ids[n++], 64, "savannah-historical");
    return n;
}

static void print_figures(const char *id, const gr_bench_figures *f)
{
    printf("%s\n", id);
    printf("  signature          %016llx\n", (unsigned long long)f->signature);
    printf("  state size         %zu bytes (one memcpy per clone)\n", f->state_bytes);
    printf("  state copy         %.1f ns\n", f->copy_ns);
    printf("  random games       %.1f games/s (%llu games, %.1f actions each)\n",
           f->games_seconds > 0 ? (double)f->games / f->games_seconds : 0,
           (unsigned long long)f->games, f->games ? (double)f->steps / (double)f->games : 0);
    printf("  rules steps        %.0f actions/s\n",
           f->games_seconds > 0 ? (double)f->steps / f->games_seconds : 0);
    if (f->mcts_iterations > 0)
        printf("  mcts iterations    %.0f /s\n", (double)f->mcts_iterations / f->mcts_seconds);
    else
        printf("  mcts iterations    n/a (no position with a choice)\n");
    if (f->nqueries == 0)
        printf("  odds queries       n/a (the system has no exact-odds query)\n");
    for (int i = 0; i < f->nqueries; i++) {
        if (f->query[i].found)
            printf("  query %-16s %.2f us  (%.50s...)\n", f->query[i].text, f->query[i].us,
                   f->query[i].answer);
        else
            printf("  query %-16s n/a (no position of the fixed games answers it)\n",
                   f->query[i].text);
    }
}

/* --games N: exactly N random playouts, for callgrind. */
static int playouts_one(const char *id, uint64_t games)
{
    gr_scenario *sc = cli_load_scenario(id);
    if (!sc)
        return -1;
    gr_bench_figures f;
    gr_error err = {{0}, {0}};
    gr_status st = gr_bench_playouts(sc, games, &f, &err);
    if (st == GR_OK)
        printf("%s: %llu random games, %llu actions, %.3f s\n", id,
               (unsigned long long)f.games, (unsigned long long)f.steps, f.games_seconds);
    else
        fprintf(stderr, "grognard bench: %s: %s\n", id, err.msg);
    gr_scenario_free(sc);
    return st == GR_OK ? 0 : -1;
}

/* The strength section: `games` games of `agent` against greedy on
 * scenario id, the sides alternating, dice seeds 1.., one worker, by the
 * arena itself (its report: results by side with Wilson intervals, the
 * signature of the results and the blunders per game, docs/agents.md). */
static int strength_one(const char *id, uint64_t games, const char *agent)
{
    char n[32];
    snprintf(n, sizeof n, "%llu", (unsigned long long)games);
    printf("%s strength: %s against greedy\n", id, agent);
    fflush(stdout);
    char *argv[] = {"arena",     (char *)agent, "greedy", "--scenario", (char *)id, "--games",
                    n,           "--seed",      "1",      "--workers",  "1",        NULL};
    int rc = cmd_arena((int)(sizeof argv / sizeof argv[0]) - 1, argv);
    fflush(stdout);
    return rc == CLI_OK ? 0 : -1;
}

/* Runs one scenario; folds its signature into *sig.  0 on success. */
static int bench_one(const char *id, double scale, uint64_t *sig)
{
    gr_scenario *sc = cli_load_scenario(id);
    if (!sc)
        return -1;
    gr_bench_figures f;
    gr_error err = {{0}, {0}};
    gr_status st = gr_bench_run(sc, scale, &f, &err);
    if (st == GR_OK) {
        print_figures(id, &f);
        for (int b = 0; b < 8; b++)
            *sig = (*sig ^ ((f.signature >> (8 * b)) & 0xff)) * 0x100000001b3ull;
    } else {
        fprintf(stderr, "grognard bench: %s: %s\n", id, err.msg);
    }
    fflush(stdout);
    gr_scenario_free(sc);
    return st == GR_OK ? 0 : -1;
}

int cmd_bench(int argc, char **argv)
{
    char ids[BENCH_MAX_SCENARIOS][64];
    int n = 0;
    double scale = 1.0;
    uint64_t playouts = 0, strength = BENCH_STRENGTH_GAMES;
    const char *agent = BENCH_STRENGTH_AGENT;
    int quick = 0, strength_asked = 0;
    for (int i = 1; i < argc; i++) {
        const char *v;
        if (strcmp(argv[i], "--quick") == 0) {
            scale = 0.05;
            quick = 1;
        } else if (cli_opt(argc, argv, &i, "--strength", &v)) {
            if (gr_parse_u64(v, &strength) != 0 || strength > 100000) {
                fprintf(stderr, "grognard bench: bad --strength '%s' (0 to 100000 games)\n", v);
                return CLI_USAGE;
            }
            strength_asked = 1;
        } else if (cli_opt(argc, argv, &i, "--agent", &v)) {
            agent = v;
        } else if (cli_opt(argc, argv, &i, "--games", &v)) {
            if (gr_parse_u64(v, &playouts) != 0 || playouts == 0) {
                fprintf(stderr, "grognard bench: bad --games '%s'\n", v);
                return CLI_USAGE;
            }
        } else if (cli_opt(argc, argv, &i, "--scenario", &v) && n < BENCH_MAX_SCENARIOS) {
            snprintf(ids[n++], sizeof ids[0], "%s", v);
        } else {
            fprintf(stderr, "grognard bench: unexpected '%s' (see --help)\n", argv[i]);
            return CLI_USAGE;
        }
    }
    if (n == 0)
        n = default_scenarios(ids);
    if (playouts > 0) {
        int bad = 0;
        for (int i = 0; i < n; i++)
            bad |= playouts_one(ids[i], playouts) != 0;
        return bad ? CLI_FAIL : CLI_OK;
    }
    double t0 = ai_now();
    uint64_t sig = 0xcbf29ce484222325ull;
    int rc = CLI_OK;
    for (int i = 0; i < n; i++)
        if (bench_one(ids[i], scale, &sig) != 0)
            rc = CLI_FAIL;
    for (int i = 0; i < n && (!quick || strength_asked) && strength > 0; i++)
        if (strength_one(ids[i], strength, agent) != 0)
            rc = CLI_FAIL;
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("peak memory          %ld KiB (maximum resident set)\n", ru.ru_maxrss);
    printf("total time           %.1f s\n", ai_now() - t0);
    printf("signature            %016llx\n", (unsigned long long)sig);
    return rc;
}
