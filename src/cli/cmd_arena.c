/*
 * cmd_arena.c — `grognard arena A B --scenario S --games N`: plays N games
 * between two agents with sides alternating (A is player 0 in even games)
 * and seeds base+i, on several worker processes; prints wins, draws and
 * losses per side with 95% Wilson score intervals.  Every game depends only
 * on its index, so results do not depend on the number of workers (with
 * iteration budgets; time budgets depend on the machine).
 */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ai/match.h"
#include "cli.h"
#include "host/files.h"
#include "progress.h"

#define ARENA_MAX_WORKERS 64

typedef struct arena_opts {
    const char *spec[2]; /* agent A, agent B                              */
    const char *scenario;
    uint64_t games, seed, workers, max_steps;
    int verbose;
    int64_t log_game; /* --log-game N: play game N alone, printing it (-1: off) */
} arena_opts;

/* One game's record, as a worker sends it to the parent. */
typedef struct arena_game {
    int32_t index;
    int8_t a_player;      /* the player A played                         */
    int8_t winner;        /* player, -1 draw                              */
    uint8_t finished;
    uint8_t failed;
    int16_t outcome;      /* the system's outcome code                    */
    uint32_t steps;
    uint64_t hash;
    double max_seconds[2]; /* longest choice of A, of B                   */
    double seconds[2];     /* total choosing time of A, of B              */
    double max_turn[2];    /* longest player turn of A, of B              */
    uint64_t choices[2];
    uint16_t blunders[2][GR_MAX_BLUNDER_KINDS]; /* of A, of B, by kind        */
} arena_game;

/* Seed of agent `which` (0 = A, 1 = B) in the game with dice seed s. */
static uint64_t agent_seed(uint64_t s, int which)
{
    gr_rng r;
    gr_rng_seed(&r, s, UINT64_C(0x6172656e61) + (uint64_t)which);
    return ((uint64_t)gr_rng_next(&r) << 32) | gr_rng_next(&r);
}

/* Prints one line of a game's record, as `grognard play` prints its log. */
static void print_line(void *ctx, const char *line, int is_action)
{
    (void)ctx;
    printf("%s%s\n", is_action ? "> " : "  ", line);
}

/* Plays game `index`; fills rec (rec->failed on error, message printed).
 * With `logged`, every action and event is printed as it happens. */
static void play_game(const gr_scenario *sc, const arena_opts *o, int32_t index,
                      arena_game *rec, int logged)
{
    memset(rec, 0, sizeof *rec);
    rec->index = index;
    rec->a_player = (int8_t)(index % 2);
    uint64_t seed = o->seed + (uint64_t)index;
    gr_agent *by_role[2] = {NULL, NULL}, *agents[2];
    gr_error err = {{0}, {0}};
    for (int w = 0; w < 2 && (w == 0 || by_role[0]); w++)
        by_role[w] = gr_agent_from_spec(o->spec[w], agent_seed(seed, w), &err);
    gr_match_result res;
    gr_status st = GR_ERR_ARG;
    if (by_role[0] && by_role[1]) {
        agents[rec->a_player] = by_role[0];
        agents[1 - rec->a_player] = by_role[1];
        st = gr_match_play_logged(sc, seed, agents, (uint32_t)o->max_steps, &res,
                                  logged ? print_line : NULL, NULL, &err);
    }
    if (st != GR_OK) {
        fprintf(stderr, "grognard arena: game %d: %s\n", index, err.msg);
        rec->failed = 1;
    } else {
        rec->winner = res.winner;
        rec->finished = res.finished;
        rec->outcome = res.outcome;
        rec->steps = res.steps;
        rec->hash = res.hash;
        rec->max_turn[0] = res.max_turn_seconds[rec->a_player];
        rec->max_turn[1] = res.max_turn_seconds[1 - rec->a_player];
        memcpy(rec->blunders[0], res.blunders[rec->a_player], sizeof rec->blunders[0]);
        memcpy(rec->blunders[1], res.blunders[1 - rec->a_player], sizeof rec->blunders[1]);
    }
    for (int w = 0; w < 2; w++) {
        gr_agent_stats s;
        gr_agent_stats_get(by_role[w], &s);
        rec->max_seconds[w] = s.max_seconds;
        rec->seconds[w] = s.seconds;
        rec->choices[w] = s.choices;
        gr_agent_free(by_role[w]);
    }
}

/* Worker w: plays games w, w+W, ... and writes their records to fd. */
static int run_worker(const arena_opts *o, int w, int fd)
{
    gr_scenario *sc = cli_load_scenario(o->scenario);
    if (!sc)
        return CLI_FAIL;
    for (uint64_t i = (uint64_t)w; i < o->games; i += o->workers) {
        arena_game rec;
        play_game(sc, o, (int32_t)i, &rec, 0);
        if (o->verbose) /* progress: games of long searches take minutes */
            fprintf(stderr, "  game %llu done: %u actions\n", (unsigned long long)i, rec.steps);
        if (gr_host_write_all(fd, &rec, sizeof rec) != 0)
            return CLI_FAIL;
    }
    gr_scenario_free(sc);
    return CLI_OK;
}

/* Reads whole records from fd into games[]; returns 0 at end of file, 2
 * when a record was completed, 1 when more may come, -1 on error.
 * `partial` keeps a split record. */
static int read_records(int fd, arena_game *games, uint64_t ngames, arena_game *partial,
                        size_t *have)
{
    ssize_t k = read(fd, (char *)partial + *have, sizeof *partial - *have);
    if (k < 0)
        return errno == EINTR ? 1 : -1;
    if (k == 0)
        return 0;
    *have += (size_t)k;
    if (*have == sizeof *partial) {
        if (partial->index >= 0 && (uint64_t)partial->index < ngames)
            games[partial->index] = *partial;
        *have = 0;
        return 2;
    }
    return 1;
}

/* Collects every worker's records until all pipes close, with progress
 * on stderr (progress.h). */
static int collect(const int *fds, int nw, arena_game *games, uint64_t ngames)
{
    cli_progress progress;
    uint64_t done = 0;
    cli_progress_start(&progress, "arena", ngames);
    struct pollfd pf[ARENA_MAX_WORKERS];
    arena_game partial[ARENA_MAX_WORKERS];
    size_t have[ARENA_MAX_WORKERS] = {0};
    int open = nw;
    for (int w = 0; w < nw; w++)
        pf[w] = (struct pollfd){fds[w], POLLIN, 0};
    while (open > 0) {
        if (poll(pf, (nfds_t)nw, -1) < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        for (int w = 0; w < nw; w++) {
            if (pf[w].fd < 0 || !(pf[w].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            int r = read_records(pf[w].fd, games, ngames, &partial[w], &have[w]);
            if (r == 2)
                cli_progress_update(&progress, ++done);
            if (r <= 0) {
                close(pf[w].fd);
                pf[w].fd = -1;
                open--;
            }
        }
    }
    cli_progress_end(&progress);
    return 0;
}

/* Forks the workers and gathers their records; 0 when every worker ended
 * well. */
static int run_workers(const arena_opts *o, arena_game *games)
{
    int fds[ARENA_MAX_WORKERS] = {0}, nw = (int)o->workers, bad = 0;
    pid_t pid[ARENA_MAX_WORKERS];
    fflush(stdout);
    fflush(stderr);
    for (int w = 0; w < nw; w++) {
        int pipefd[2];
        if (pipe(pipefd) != 0 || (pid[w] = fork()) < 0) {
            perror("grognard arena");
            nw = w; /* gather the workers already started, then fail */
            bad = 1;
            break;
        }
        if (pid[w] == 0) {
            close(pipefd[0]);
            for (int k = 0; k < w; k++)
                close(fds[k]);
            _exit(run_worker(o, w, pipefd[1]));
        }
        close(pipefd[1]);
        fds[w] = pipefd[0];
    }
    int rc = collect(fds, nw, games, o->games);
    for (int w = 0; w < nw; w++) {
        int status = 0;
        waitpid(pid[w], &status, 0);
        bad |= !WIFEXITED(status) || WEXITSTATUS(status) != 0;
    }
    return rc != 0 || bad ? -1 : 0;
}

/* Tally of A's results over some games. */
typedef struct tally {
    uint64_t games, wins, draws, losses, unfinished, steps;
} tally;

static void tally_add(tally *t, const arena_game *g)
{
    t->games++;
    t->steps += g->steps;
    t->unfinished += !g->finished;
    if (g->winner < 0)
        t->draws++;
    else if (g->winner == g->a_player)
        t->wins++;
    else
        t->losses++;
}

/* 95% Wilson score interval of k successes in n trials. */
static void print_tally(const char *label, const tally *t)
{
    double lo, hi;
    cli_wilson(t->wins, t->games, &lo, &hi);
    double rate = t->games ? 100.0 * (double)t->wins / (double)t->games : 0;
    printf("  %-22s %6llu %7llu %6llu %7llu   %5.1f%%  [%5.1f%%, %5.1f%%]\n", label,
           (unsigned long long)t->games, (unsigned long long)t->wins,
           (unsigned long long)t->draws, (unsigned long long)t->losses, rate, 100 * lo,
           100 * hi);
}

/* Signature of the results: every game's winner, length and final hash. */
static uint64_t results_signature(const arena_game *games, uint64_t n)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (uint64_t i = 0; i < n; i++) {
        uint64_t v[3] = {(uint64_t)(int64_t)games[i].winner, games[i].steps, games[i].hash};
        for (int k = 0; k < 3; k++)
            for (int b = 0; b < 8; b++)
                h = (h ^ ((v[k] >> (8 * b)) & 0xff)) * 0x100000001b3ull;
    }
    return h;
}

/* Blunders per game of each agent on each side (docs/agents.md,
 * "Blunders"), one line per kind the system counts. */
static void print_blunders(const gr_game *g, const arena_game *games, uint64_t n)
{
    const char *const *kinds = gr_game_blunder_names(g);
    uint64_t played[2][2] = {{0}}; /* [role][side] */
    for (uint64_t i = 0; i < n; i++)
        if (!games[i].failed)
            for (int w = 0; w < 2; w++)
                played[w][w ? 1 - games[i].a_player : games[i].a_player]++;
    for (int k = 0; kinds[k]; k++) {
        uint64_t count[2][2] = {{0}};
        for (uint64_t i = 0; i < n; i++)
            for (int w = 0; !games[i].failed && w < 2; w++)
                count[w][w ? 1 - games[i].a_player : games[i].a_player] += games[i].blunders[w][k];
        printf("  %-16s per game:", kinds[k]);
        for (int w = 0; w < 2; w++)
            for (int s = 0; s < 2; s++)
                printf(" %s as %s %.2f%s", w ? "B" : "A", gr_game_player_name(g, s),
                       played[w][s] ? (double)count[w][s] / (double)played[w][s] : 0,
                       w == 1 && s == 1 ? "\n" : ",");
    }
}

static void print_report(const arena_opts *o, const gr_scenario *sc, const arena_game *games)
{
    tally side[2] = {{0}}, all = {0};
    double max_s[2] = {0}, sum_s[2] = {0}, turn_s[2] = {0};
    uint64_t choices[2] = {0};
    uint64_t failed = 0;
    for (uint64_t i = 0; i < o->games; i++) {
        if (games[i].index != (int32_t)i || games[i].failed) {
            failed++; /* reported, never counted */
            continue;
        }
        tally_add(&side[games[i].a_player], &games[i]);
        tally_add(&all, &games[i]);
        for (int w = 0; w < 2; w++) {
            max_s[w] = games[i].max_seconds[w] > max_s[w] ? games[i].max_seconds[w] : max_s[w];
            sum_s[w] += games[i].seconds[w];
            turn_s[w] = games[i].max_turn[w] > turn_s[w] ? games[i].max_turn[w] : turn_s[w];
            choices[w] += games[i].choices[w];
        }
    }
    const char *names[2] = {"player 0", "player 1"};
    gr_game *g = NULL;
    if (gr_game_new(sc, o->seed, NULL, NULL, NULL, &g, NULL) == GR_OK)
        for (int p = 0; p < 2; p++)
            names[p] = gr_game_player_name(g, p);
    printf("arena %s: A = %s, B = %s; %llu games, seeds %llu..%llu, %llu workers\n",
           o->scenario, o->spec[0], o->spec[1], (unsigned long long)o->games,
           (unsigned long long)o->seed, (unsigned long long)(o->seed + o->games - 1),
           (unsigned long long)o->workers);
    printf("  %-22s %6s %7s %6s %7s   %-6s  %s\n", "A plays", "games", "A wins", "draws",
           "B wins", "A win", "95% CI (Wilson)");
    for (int p = 0; p < 2; p++) {
        char label[64];
        snprintf(label, sizeof label, "%s (player %d)", names[p], p);
        print_tally(label, &side[p]);
    }
    print_tally("both sides", &all);
    if (g)
        print_blunders(g, games, o->games);
    gr_game_free(g);
    printf("  mean length %.1f actions; %llu unfinished (counted as draws)\n",
           all.games ? (double)all.steps / (double)all.games : 0,
           (unsigned long long)all.unfinished);
    for (int w = 0; w < 2; w++)
        printf("  %s: %.4f s per choice on average, longest choice %.3f s, longest turn %.3f s\n",
               w ? "B" : "A", choices[w] ? sum_s[w] / (double)choices[w] : 0, max_s[w],
               turn_s[w]);
    if (failed)
        printf("  %llu games FAILED (an agent or the rules stopped them; see above): not counted\n",
               (unsigned long long)failed);
    printf("  signature %016llx\n", (unsigned long long)results_signature(games, o->games));
}

static void print_games(const gr_scenario *sc, const arena_game *games, uint64_t n)
{
    gr_game *g = NULL;
    gr_error err = {{0}, {0}};
    gr_game_new(sc, 1, NULL, NULL, NULL, &g, &err); /* for the outcome names */
    const char *const *kinds = g ? gr_game_blunder_names(g) : NULL;
    for (uint64_t i = 0; i < n; i++) {
        printf("  game %d: A=player %d winner %d %s steps %u hash %016llx %s",
               (int)games[i].index, games[i].a_player, games[i].winner,
               games[i].finished ? "over" : "unfinished", games[i].steps,
               (unsigned long long)games[i].hash,
               g && games[i].finished ? gr_game_outcome_name(g, games[i].outcome) : "-");
        for (int k = 0; kinds && kinds[k]; k++)
            if (games[i].blunders[0][k] || games[i].blunders[1][k])
                printf(" %s=%u/%u", kinds[k], games[i].blunders[0][k], games[i].blunders[1][k]);
        printf("\n");
    }
    gr_game_free(g);
}

/* Parses a numeric option value into *out within [lo, hi]. */
static int number_opt(const char *name, const char *v, uint64_t lo, uint64_t hi, uint64_t *out)
{
    if (gr_parse_u64(v, out) != 0 || *out < lo || *out > hi) {
        fprintf(stderr, "grognard arena: %s wants a number in [%llu, %llu] (got '%s')\n", name,
                (unsigned long long)lo, (unsigned long long)hi, v);
        return -1;
    }
    return 0;
}

static int parse_arena(int argc, char **argv, arena_opts *o)
{
    int npos = 0;
    for (int i = 1; i < argc; i++) {
        const char *v;
        int bad = 0;
        if (cli_opt(argc, argv, &i, "--scenario", &v))
            o->scenario = v;
        else if (cli_opt(argc, argv, &i, "--games", &v))
            bad = number_opt("--games", v, 1, 1000000, &o->games);
        else if (cli_opt(argc, argv, &i, "--seed", &v))
            bad = number_opt("--seed", v, 0, UINT64_MAX / 2, &o->seed);
        else if (cli_opt(argc, argv, &i, "--workers", &v))
            bad = number_opt("--workers", v, 1, ARENA_MAX_WORKERS, &o->workers);
        else if (cli_opt(argc, argv, &i, "--max-steps", &v))
            bad = number_opt("--max-steps", v, 1, 100000000, &o->max_steps);
        else if (cli_opt(argc, argv, &i, "--log-game", &v)) {
            uint64_t n = 0;
            bad = number_opt("--log-game", v, 0, 1000000, &n);
            o->log_game = (int64_t)n;
        } else if (strcmp(argv[i], "--verbose") == 0)
            o->verbose = 1;
        else if (argv[i][0] != '-' && npos < 2)
            o->spec[npos++] = argv[i];
        else {
            fprintf(stderr, "grognard arena: unexpected '%s'\n", argv[i]);
            bad = 1;
        }
        if (bad)
            return -1;
    }
    if (npos != 2 || !o->scenario) {
        fprintf(stderr, "grognard arena: %s (see grognard help arena)\n",
                npos != 2 ? "want two agents, e.g. 'mcts greedy'" : "--scenario is required");
        return -1;
    }
    return 0;
}

/* Refuses bad agent specs before any worker starts. */
static int check_specs(const arena_opts *o)
{
    for (int w = 0; w < 2; w++) {
        gr_error err = {{0}, {0}};
        gr_agent *a = gr_agent_from_spec(o->spec[w], 1, &err);
        if (!a) {
            fprintf(stderr, "grognard arena: %s\n", err.msg);
            return -1;
        }
        gr_agent_free(a);
    }
    return 0;
}

/* --log-game N: game N of the run (its seed and sides), alone, printed
 * action by action, then its record line. */
static int run_logged(const arena_opts *o)
{
    gr_scenario *sc = cli_load_scenario(o->scenario);
    if (!sc)
        return CLI_FAIL;
    arena_game rec;
    play_game(sc, o, (int32_t)o->log_game, &rec, 1);
    if (!rec.failed)
        print_games(sc, &rec, 1);
    gr_scenario_free(sc);
    return rec.failed ? CLI_FAIL : CLI_OK;
}

int cmd_arena(int argc, char **argv)
{
    arena_opts o = {{NULL, NULL}, NULL, 100, 1, 2, 100000, 0, -1};
    if (parse_arena(argc, argv, &o) != 0 || check_specs(&o) != 0)
        return CLI_USAGE;
    if (o.log_game >= 0)
        return run_logged(&o);
    if (o.workers > o.games)
        o.workers = o.games;
    gr_scenario *sc = cli_load_scenario(o.scenario);
    arena_game *games = sc ? calloc(o.games, sizeof *games) : NULL;
    int rc = CLI_FAIL;
    if (games) {
        for (uint64_t i = 0; i < o.games; i++)
            games[i].index = -1;
        int ok = run_workers(&o, games) == 0;
        for (uint64_t i = 0; i < o.games; i++)
            ok &= games[i].index == (int32_t)i && !games[i].failed;
        if (o.verbose)
            print_games(sc, games, o.games);
        print_report(&o, sc, games); /* also when some failed: the others count */
        if (ok)
            rc = CLI_OK;
        else
            fprintf(stderr, "grognard arena: some games failed (see above)\n");
    }
    free(games);
    gr_scenario_free(sc);
    return rc;
}
