/*
 * balance_stats.h — the figures of one balance variant, worked out from its
 * games (balance_report.c), and the SVG page drawn from them (balance_plot.c).
 */
#ifndef GR_CLI_BALANCE_STATS_H
#define GR_CLI_BALANCE_STATS_H

#include <stddef.h>
#include <stdint.h>

#include "balance.h"

typedef struct bal_stats {
    int games, wins[2], draws, unfinished;
    int32_t margin[5];                    /* final score: min, q1, median, q3, max */
    int32_t steps[5];                     /* game length, the same                 */
    int turns;                            /* turns of the longest game kept        */
    int32_t trajectory[BAL_MAX_TURNS][5]; /* the score when turn t ended           */
    int32_t margins[2048];                /* the final scores (first 2048 games)    */
    int32_t lengths[2048];                /* the lengths, the same                  */
    int nkept;
} bal_stats;

/* The figures of games g[0..n) into s. */
void bal_stats_of(const bal_record *const *g, int n, bal_stats *s);
/* Minimum, quartiles (nearest rank) and maximum of v[0..n) into q[5]
 * (zeros when n is 0); v is sorted in place. */
void bal_quartiles(int32_t *v, int n, int32_t q[5]);
/* The SVG page of the variants' figures at path (cairo's SVG surface);
 * g names the players and outcomes.  0, or -1 with the reason in why. */
int bal_plot(const char *path, const bal_opts *o, const gr_game *g, const bal_stats *stats,
             char *why, size_t why_size);

#endif
