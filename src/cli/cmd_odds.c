/* cmd_odds.c — `grognard odds`: the exact result distribution of a close
 * combat for given strengths and DRM, from the scenario's own tables (the
 * rule system's "odds crt ATT DEF DRM" what-if query), with the time one
 * query takes. */
#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"

int cmd_odds(int argc, char **argv);

typedef struct odds_args {
    const char *scenario, *options, *att, *def, *drm;
} odds_args;

/* Non-zero (and says so) unless v is an integer in [lo, hi]. */
static int checked(const char *v, const char *opt, long lo, long hi)
{
    long x;
    if (gr_parse_int(v, lo, hi, &x) == 0)
        return 0;
    fprintf(stderr, "grognard odds: %s wants an integer from %ld to %ld (got '%s')\n", opt, lo,
            hi, v);
    return 1;
}

static int parse_args(int argc, char **argv, odds_args *a)
{
    memset(a, 0, sizeof *a);
    a->drm = "0";
    for (int i = 1; i < argc; i++) {
        if (!cli_opt(argc, argv, &i, "--scenario", &a->scenario) &&
            !cli_opt(argc, argv, &i, "--options", &a->options) &&
            !cli_opt(argc, argv, &i, "--att", &a->att) &&
            !cli_opt(argc, argv, &i, "--def", &a->def) &&
            !cli_opt(argc, argv, &i, "--drm", &a->drm)) {
            fprintf(stderr, "grognard odds: unexpected '%s' (see grognard help odds)\n", argv[i]);
            return -1;
        }
    }
    if (!a->scenario || !a->att || !a->def) {
        fprintf(stderr, "grognard odds: --scenario, --att and --def are required\n");
        return -1;
    }
    return checked(a->att, "--att", 0, 999) || checked(a->def, "--def", 1, 999) ||
                   checked(a->drm, "--drm", -30, 30)
               ? -1
               : 0;
}

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A count of the query's answer (0 if it is not one). */
static long long number(const char *s)
{
    long v;
    return gr_parse_int(s, 0, LONG_MAX, &v) == 0 ? v : 0;
}

/* Prints "column=C drm=D den=N outcomes=K A/D=n ..." as a table. */
static void print_answer(const odds_args *a, char *ans)
{
    char *save = NULL;
    long long den = 0, sum = 0;
    printf("%s: %s SP attacking %s SP, DRM %s (exact, d10; momentum re-rolls not modelled)\n",
           a->scenario, a->att, a->def, a->drm);
    for (char *w = strtok_r(ans, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        char *eq = strrchr(w, '=');
        if (!eq)
            continue;
        *eq = '\0';
        if (!strcmp(w, "column") || !strcmp(w, "drm"))
            printf("  %-10s %s\n", w, eq + 1);
        else if (!strcmp(w, "den"))
            den = number(eq + 1);
        else if (strchr(w, '/') || !strcmp(w, "NC")) {
            printf("  %-10s %s/%lld\n", w, eq + 1, den);
            sum += number(eq + 1);
        }
    }
    printf("  %-10s %lld/%lld = %s\n", "total", sum, den, sum == den ? "1" : "NOT 1");
}

int cmd_odds(int argc, char **argv)
{
    odds_args a;
    char q[128], ans[4096];
    gr_game *g = NULL;
    gr_error err = {{0}, {0}};
    if (parse_args(argc, argv, &a) != 0)
        return CLI_USAGE;
    gr_scenario *sc = cli_load_scenario(a.scenario);
    if (!sc)
        return CLI_FAIL;
    int rc = CLI_FAIL;
    snprintf(q, sizeof q, "odds crt %s %s %s", a.att, a.def, a.drm);
    if (gr_game_new(sc, 1, a.options, NULL, NULL, &g, &err) != GR_OK ||
        gr_game_query(g, q, ans, sizeof ans, &err) != GR_OK) {
        fprintf(stderr, "grognard odds: %s\n", err.msg);
    } else {
        const int reps = 1000;
        double t0 = seconds();
        for (int i = 0; i < reps; i++)
            gr_game_query(g, q, ans, sizeof ans, &err);
        double per = (seconds() - t0) / reps;
        print_answer(&a, ans);
        printf("computed in %.2f us per query (%d queries)\n", per * 1e6, reps);
        rc = CLI_OK;
    }
    gr_game_free(g);
    gr_scenario_free(sc);
    return rc;
}
