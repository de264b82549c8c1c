/*
 * testutil.h — helpers shared by the test programs: loading scenarios from
 * the repository's data/ (or tests/data/), capturing events as text lines.
 */
#ifndef GR_TESTUTIL_H
#define GR_TESTUTIL_H

#include <stddef.h>

#include "grognard.h"

/* Repository root ($GR_TEST_ROOT, else "."); paths below are relative to it. */
const char *tu_root(void);
/* Full path "<root>/<rel>" in a static-free caller buffer. */
void tu_path(char *buf, size_t size, const char *rel);
/* Loads scenario `id` from <root>/data; NULL (and a printed error) on failure. */
gr_scenario *tu_load(const char *id);
/* Loads from an explicit data root (e.g. tests/data/broken). */
gr_status tu_load_from(const char *data_root, const char *id, gr_scenario **out,
                       gr_error *err);

/*
 * Loads scenario `id` from <root>/data as if the first occurrence of `from`
 * in data file `file` (a path under data/, e.g. "arw/tables.json") read
 * `to`: a broken-data fixture made from the shipped files.  When `from` is
 * not in the file the load fails with "patch text not found: FROM".
 */
gr_status tu_load_patched(const char *id, const char *file, const char *from, const char *to,
                          gr_scenario **out, gr_error *err);

/* Event capture: every event formatted as one line, appended in order. */
typedef struct tu_log {
    char *text;    /* lines joined with '\n' (malloc'ed)            */
    size_t len, cap;
    int count;     /* number of events                              */
} tu_log;
/* gr_event_fn that appends to a tu_log (ctx). */
void tu_log_sink(void *ctx, const gr_game *g, const gr_event *e);
void tu_log_free(tu_log *log);
/* Non-zero when some captured line contains `needle`. */
int tu_log_has(const tu_log *log, const char *needle);
/* Non-zero when one captured line holds every whitespace-separated token of
 * `tokens` as a whole token of its own (in any order): "value=1" does not
 * match "value=13", "roll" does not match "rolled".  Rule cases use this. */
int tu_log_has_tokens(const tu_log *log, const char *tokens);

/* The grognard program of the build this test belongs to (build/X/grognard,
 * found from /proc/self/exe: build/X/tests/test_...), into exe. */
void tu_program(char *exe, size_t size);

/* Draws k gr_game_sample of player p at g with rng and checks each: drawn
 * alike from a copy of the rng, in legal[0..n) (hits[i] set to 1 for each
 * drawn), accepted by gr_game_apply on scratch (a copy of g); g unchanged.
 * Returns 0, or -1 with the first fault in why. */
int tu_samples_check(const gr_game *g, gr_game *scratch, int p, gr_rng *rng, int k,
                     const gr_action *legal, int n, int *hits, char *why, size_t size);

/* Parses and applies an action line; returns the status (error text in err). */
gr_status tu_apply(gr_game *g, const char *line, gr_error *err);

/* Replays an actions file (path relative to the test root): '#' lines are
 * comments, "seed N" starts a new game of sc with dice seed N, every other
 * line is an action applied with tu_apply.  On success *out is the game
 * (the caller frees it); otherwise err says which line failed and why. */
gr_status tu_replay(const gr_scenario *sc, const char *rel, gr_game **out, gr_error *err);

/* Plays a game of sc (dice seed `seed`) at random (gr_game_sample, stream
 * `seed`) up to the first decision where a player due has at least `least`
 * options (with `alone`: a decision of one player, not a simultaneous one);
 * returns that player's view (the caller frees it) and sets *player, or
 * NULL when no such decision comes within 5,000 actions. */
gr_game *tu_view_with_options(const gr_scenario *sc, uint64_t seed, int least, int alone,
                              int *player);

#endif
