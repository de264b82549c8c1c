/* bench.c — `make bench`: fixed-seed random games on every system's slice
 * scenario.  Prints a signature (a hash over every final state, so any change
 * in how games play is visible) and timings: complete random games per
 * second, rules steps per second and state clone time, as the median of five
 * runs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "grognard.h"
#include "host/files.h"

#define RUNS 5

/* Games per run, fixed per system so the signature never depends on timing;
 * sized so each system takes well under a few seconds. */
static int games_for(const char *system)
{
    static const struct { const char *system; int games; } counts[] = {
        {"arw", 2000}, {"boc", 500}, {"jdg", 5000}, {"vf", 10}};
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++)
        if (strcmp(counts[i].system, system) == 0)
            return counts[i].games;
    return 100;
}
#define MAX_LEGAL 512

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Plays one game with uniformly random legal actions from a fixed stream
 * (full information: a rules benchmark, not an agent benchmark). */
static long play_game(gr_game *g, gr_rng *rng)
{
    gr_action legal[MAX_LEGAL];
    long steps = 0;
    for (;;) {
        gr_pending p;
        gr_game_pending(g, &p);
        if (p.kind == GR_PENDING_OVER)
            return steps;
        for (int pl = 0; pl < gr_game_players(g); pl++) {
            if (!(p.players & (1u << pl)))
                continue;
            int n = gr_game_legal(g, pl, legal, MAX_LEGAL);
            if (n <= 0 || gr_game_apply(g, &legal[gr_rng_below(rng, (uint32_t)(n < MAX_LEGAL ? n : MAX_LEGAL))], NULL) != GR_OK)
                return -1;
            steps++;
        }
    }
}

typedef struct result {
    uint64_t signature;
    long steps;
    double seconds;
} result;

static int run_games(int games, gr_game *g, gr_game *start, result *r)
{
    gr_rng rng;
    gr_rng_seed(&rng, 2026, 11);
    r->signature = 0xcbf29ce484222325ull;
    r->steps = 0;
    double t0 = now();
    for (int i = 0; i < games; i++) {
        gr_game_copy(g, start);
        long s = play_game(g, &rng);
        if (s < 0)
            return -1;
        r->steps += s;
        r->signature = (r->signature ^ gr_game_hash(g)) * 0x100000001b3ull;
    }
    r->seconds = now() - t0;
    return 0;
}

static double clone_ns(const gr_game *g)
{
    gr_game *c = gr_game_clone(g);
    double t0 = now();
    for (int i = 0; i < 100000; i++)
        gr_game_copy(c, g);
    double ns = (now() - t0) * 1e9 / 100000.0;
    gr_game_free(c);
    return ns;
}

static int bench_system(const char *system, uint64_t *total_sig)
{
    char id[64];
    gr_scenario *sc = NULL;
    gr_error err;
    snprintf(id, sizeof id, "%s-slice", system);
    if (gr_scenario_load(id, gr_host_read, (void *)gr_host_data_dir(), &sc, &err) != GR_OK) {
        fprintf(stderr, "bench: %s\n", err.msg);
        return -1;
    }
    gr_game *start = NULL, *g = NULL;
    gr_game_new(sc, 1, NULL, NULL, NULL, &start, NULL);
    g = gr_game_clone(start);
    double secs[RUNS];
    result r = {0, 0, 0};
    int games = games_for(system);
    for (int k = 0; k < RUNS; k++) {
        if (run_games(games, g, start, &r) != 0) {
            fprintf(stderr, "bench: %s: a game stopped\n", id);
            return -1;
        }
        secs[k] = r.seconds;
    }
    qsort(secs, RUNS, sizeof secs[0], compare_doubles);
    double med = secs[RUNS / 2];
    printf("%-10s %5d games  signature %016llx  %9.0f games/s  %11.0f steps/s  clone %6.1f ns  state %zu B\n",
           id, games, (unsigned long long)r.signature, games / med, (double)r.steps / med,
           clone_ns(start), gr_game_size(start));
    *total_sig = (*total_sig ^ r.signature) * 0x100000001b3ull;
    gr_game_free(g);
    gr_game_free(start);
    gr_scenario_free(sc);
    return 0;
}

int main(void)
{
    uint64_t sig = 0xcbf29ce484222325ull;
    printf("grognard bench: random games on each slice scenario, median of %d runs\n", RUNS);
    for (const char *const *s = gr_systems(); *s; s++)
        if (bench_system(*s, &sig) != 0)
            return 1;
    printf("signature %016llx\n", (unsigned long long)sig);
    return 0;
}
