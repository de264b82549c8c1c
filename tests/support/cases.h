/*
 * cases.h — rule cases: small text files that set up a position (a map drawn
 * in ASCII, units, fixed dice), play actions and check the outcome, each
 * tagged with the spec statements (SYSTEM:ID) it checks.  The format is
 * described in docs/rule-cases.md.  The runner drives the public API only,
 * so one runner serves every rule system.
 */
#ifndef GR_CASES_H
#define GR_CASES_H

#include <stddef.h>

/* One directive of a case: its keyword, its argument text and its line. */
typedef struct case_step {
    char kw[16];
    char *arg;
    int line;
} case_step;

typedef struct rule_case {
    char *file;      /* path of the .case file                */
    int line;        /* line of the "case:" directive         */
    char *name;      /* "file:line name"                      */
    char *tags;      /* the tags: line (space-separated)      */
    char *scenario;  /* scenario id                           */
    char *options;   /* game options or NULL                  */
    unsigned long long seed;
    case_step *steps;
    int nsteps;
} rule_case;

typedef struct case_list {
    rule_case *items;
    int n, cap;
} case_list;

/* Parses every case of one file and appends them to list.  Returns 0, or -1
 * with a "file:line: message" in why (the list keeps earlier cases). */
int cases_parse_file(case_list *list, const char *path, char *why, size_t why_size);
/* Parses every *.case file under dir (recursively, sorted by name). */
int cases_parse_dir(case_list *list, const char *dir, char *why, size_t why_size);
void cases_free(case_list *list);

/*
 * Runs one case against scenarios loaded from data_root.  Returns 0 when
 * every expectation holds, else -1 with "file:line: what failed" in why.
 * After every accepted action the game's sanity check must pass, every
 * rejected action must leave the state hash unchanged, and every action line
 * must survive a format/parse round trip.
 */
int case_run(const rule_case *c, const char *data_root, char *why, size_t why_size);

#endif
