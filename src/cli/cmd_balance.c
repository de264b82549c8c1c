/* cmd_balance.c — `grognard balance SCENARIO`: options, the jobs still to
 * play (the store's games left out), the run, the report.  See balance.h
 * and docs/balance.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/match.h"
#include "balance.h"
#include "cli.h"

/* o->report until --report names a file: SCENARIO.balance.svg. */
static const char REPORT_DEFAULT[] = "(default)";

static void say(const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "grognard balance: ");
    fprintf(stderr, fmt, a, b);
    fprintf(stderr, " (see grognard help balance)\n");
}

static int agent_ok(const char *spec)
{
    gr_error err = {{0}, {0}};
    gr_agent *a = gr_agent_from_spec(spec, 1, &err);
    gr_agent_free(a);
    return a != NULL;
}

/* "A,B" into two agent specs, split at the first comma where both halves
 * are agents (an agent's own parameters have commas: mcts:a=1,b=2). */
static int parse_agents(const char *v, bal_opts *o, char buf[2][256])
{
    for (const char *c = strchr(v, ','); c; c = strchr(c + 1, ',')) {
        snprintf(buf[0], 256, "%.*s", (int)(c - v), v);
        snprintf(buf[1], 256, "%s", c + 1);
        if (agent_ok(buf[0]) && agent_ok(buf[1])) {
            o->agent[0] = buf[0];
            o->agent[1] = buf[1];
            return 0;
        }
    }
    say("--agents wants two agents A,B (e.g. mcts,greedy), got '%s'%s", v, "");
    return -1;
}

/* "FILE:PATH=V1,V2,..." into a set. */
static int parse_set(const char *v, bal_set *s)
{
    const char *colon = strchr(v, ':'), *eq = colon ? strchr(colon, '=') : NULL;
    if (!colon || !eq || colon == v || eq == colon + 1 || !eq[1] ||
        (size_t)(colon - v) >= sizeof s->file || (size_t)(eq - colon - 1) >= sizeof s->path) {
        say("--set wants FILE:PATH=VALUE[,VALUE...] (e.g. %s), got '%s'",
            "arw/tables.json:morale_pass=5,6", v);
        return -1;
    }
    snprintf(s->file, sizeof s->file, "%.*s", (int)(colon - v), v);
    snprintf(s->path, sizeof s->path, "%.*s", (int)(eq - colon - 1), colon + 1);
    s->nvalues = 0;
    for (const char *p = eq + 1; *p; p += *p == ',') {
        size_t n = strcspn(p, ",");
        if (n == 0 || n >= sizeof s->value[0] || s->nvalues == BAL_MAX_VALUES) {
            say("--set %s: at most 8 values of at most 63 characters%s", s->path, "");
            return -1;
        }
        snprintf(s->value[s->nvalues++], sizeof s->value[0], "%.*s", (int)n, p);
        p += n;
    }
    return 0;
}

static int number(const char *name, const char *v, uint64_t lo, uint64_t hi, uint64_t *out)
{
    if (gr_parse_u64(v, out) == 0 && *out >= lo && *out <= hi)
        return 0;
    fprintf(stderr, "grognard balance: %s wants a number in [%llu, %llu] (got '%s')\n", name,
            (unsigned long long)lo, (unsigned long long)hi, v);
    return -1;
}

static int parse_option(int argc, char **argv, int *i, bal_opts *o, char agents[2][256])
{
    const char *v;
    if (cli_opt(argc, argv, i, "--agents", &v))
        return parse_agents(v, o, agents);
    if (cli_opt(argc, argv, i, "--games", &v))
        return number("--games", v, 1, 1000000, &o->games);
    if (cli_opt(argc, argv, i, "--seed", &v))
        return number("--seed", v, 0, UINT64_MAX / 2, &o->seed);
    if (cli_opt(argc, argv, i, "--workers", &v))
        return number("--workers", v, 1, BAL_MAX_WORKERS, &o->workers);
    if (cli_opt(argc, argv, i, "--max-steps", &v))
        return number("--max-steps", v, 1, 100000000, &o->max_steps);
    if (cli_opt(argc, argv, i, "--store", &v)) {
        o->store = v;
        return 0;
    }
    if (cli_opt(argc, argv, i, "--report", &v)) {
        o->report = strcmp(v, "none") ? v : NULL;
        return 0;
    }
    if (cli_opt(argc, argv, i, "--set", &v)) {
        if (o->nsets == BAL_MAX_SETS) {
            say("at most %s --set options%s", "4", "");
            return -1;
        }
        return parse_set(v, &o->set[o->nsets++]);
    }
    if (argv[*i][0] != '-' && !o->scenario) {
        o->scenario = argv[*i];
        return 0;
    }
    say("unexpected '%s'%s", argv[*i], "");
    return -1;
}

static int parse(int argc, char **argv, bal_opts *o, char agents[2][256], char *report,
                 size_t size)
{
    for (int i = 1; i < argc; i++)
        if (parse_option(argc, argv, &i, o, agents) != 0)
            return -1;
    if (!o->scenario) {
        say("which scenario? e.g. 'grognard balance savannah-historical'%s%s", "", "");
        return -1;
    }
    o->nvariants = 1;
    for (int k = 0; k < o->nsets; k++)
        o->nvariants *= o->set[k].nvalues;
    if (o->nvariants > BAL_MAX_VARIANTS || (uint64_t)o->nvariants * o->games > 1000000) {
        say("too many games: at most %s variants and 1,000,000 games in all%s", "64", "");
        return -1;
    }
    if (o->report == REPORT_DEFAULT) {
        snprintf(report, size, "%s.balance.svg", o->scenario);
        o->report = report;
    }
    return 0;
}

/* The jobs no stored game covers, in order of game then variant (so that
 * an interrupted run has compared the variants on the same games). */
static int32_t *missing_jobs(const bal_opts *o, bal_store *st, int *n)
{
    size_t total = (size_t)o->nvariants * o->games;
    uint8_t *done = calloc(total, 1);
    int32_t *jobs = malloc(total * sizeof *jobs);
    char why[512];
    if (!done || !jobs || bal_store_done(st, o, done, why, sizeof why) != 0) {
        fprintf(stderr, "grognard balance: %s\n", done && jobs ? why : "out of memory");
        free(done);
        free(jobs);
        return NULL;
    }
    *n = 0;
    for (uint64_t g = 0; g < o->games; g++)
        for (int v = 0; v < o->nvariants; v++)
            if (!done[(size_t)v * o->games + g])
                jobs[(*n)++] = (int32_t)((uint64_t)v * o->games + g);
    if ((size_t)*n < total)
        fprintf(stderr, "grognard balance: %s holds %zu of the %zu games: playing the other %d\n",
                o->store, total - (size_t)*n, total, *n);
    free(done);
    return jobs;
}

/* Rank 0 after the run: every stored game of the run, reported. */
static int report(const bal_opts *o, bal_store *st)
{
    char why[512];
    size_t total = (size_t)o->nvariants * o->games;
    bal_record *recs = malloc(total * sizeof *recs);
    gr_scenario *sc = bal_load_variant(o, 0, why, sizeof why);
    int n = recs && sc ? bal_store_load(st, o, recs, why, sizeof why) : -1;
    int rc = n >= 0 ? bal_report(o, sc, recs, n) : -1;
    if (n < 0)
        fprintf(stderr, "grognard balance: %s\n", recs ? why : "out of memory");
    free(recs);
    gr_scenario_free(sc);
    return rc;
}

/* Rank 0: every variant loads; the store opens; the missing jobs. */
static bal_store *prepare(const bal_opts *o, int32_t **jobs, int *njobs)
{
    char why[512];
    for (int v = 0; v < o->nvariants; v++) {
        gr_scenario *sc = bal_load_variant(o, v, why, sizeof why);
        if (!sc) {
            fprintf(stderr, "grognard balance: %s\n", why);
            return NULL;
        }
        gr_scenario_free(sc);
    }
    bal_store *st = bal_store_open(o->store, o, why, sizeof why);
    if (!st)
        fprintf(stderr, "grognard balance: %s\n", why);
    else if (!(*jobs = missing_jobs(o, st, njobs))) {
        bal_store_close(st);
        st = NULL;
    }
    return st;
}

int cmd_balance(int argc, char **argv)
{
    char agents[2][256], report_path[256];
    bal_opts o = {NULL, {"mcts", "mcts"}, 100, 1, 2, 100000, "balance.db", REPORT_DEFAULT, 0,
                  {{{0}}}, 1};
    if (parse(argc, argv, &o, agents, report_path, sizeof report_path) != 0 ||
        !agent_ok(o.agent[0]) || !agent_ok(o.agent[1]))
        return CLI_USAGE;
    if (!cli_scenario_exists(o.scenario)) {
        cli_say_no_scenario(o.scenario);
        return CLI_USAGE;
    }
    int rank = 0, njobs = 0;
    int32_t *jobs = NULL;
    if (bal_begin(&rank) != 0) {
        fprintf(stderr, "grognard balance: MPI did not start\n");
        return CLI_FAIL;
    }
    bal_store *st = rank == 0 ? prepare(&o, &jobs, &njobs) : NULL;
    if (rank == 0 && !st)
        bal_abort(); /* the other ranks wait for the jobs: end them too */
    int rc = rank == 0 && !st ? -1 : bal_run(&o, st, jobs, njobs);
    if (rank == 0 && st)
        rc |= report(&o, st);
    bal_store_close(st);
    free(jobs);
    bal_end();
    return rc ? CLI_FAIL : CLI_OK;
}
