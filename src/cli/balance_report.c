/* balance_report.c — balance's report: per variant, the win rates of each
 * side with Wilson intervals, the outcomes, the distributions of the final
 * score and of the game length, and the score's trajectory by turn
 * (median and quartiles); as text, and as an SVG page drawn with cairo's
 * SVG surface (balance_plot.c).  See balance.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "balance.h"
#include "balance_stats.h"
#include "cli.h"

/* The counted games of variant v (failed ones never reach the store). */
static int games_of(const bal_record *recs, int n, int v, const bal_record **out)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        if (recs[i].variant == v)
            out[k++] = &recs[i];
    return k;
}

static int compare_int32(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

void bal_quartiles(int32_t *v, int n, int32_t q[5])
{
    memset(q, 0, 5 * sizeof *q);
    if (n <= 0)
        return;
    qsort(v, (size_t)n, sizeof *v, compare_int32);
    for (int k = 0; k < 5; k++) /* nearest rank of k/4 */
        q[k] = v[(int)(((int64_t)k * (n - 1) + 2) / 4)];
}

void bal_stats_of(const bal_record *const *g, int n, bal_stats *s)
{
    memset(s, 0, sizeof *s);
    s->games = n;
    int32_t *margin = malloc((size_t)(n ? n : 1) * sizeof *margin);
    int32_t *steps = malloc((size_t)(n ? n : 1) * sizeof *steps);
    for (int i = 0; margin && steps && i < n; i++) {
        s->wins[0] += g[i]->winner == 0;
        s->wins[1] += g[i]->winner == 1;
        s->draws += g[i]->winner != 0 && g[i]->winner != 1;
        s->unfinished += !g[i]->finished;
        margin[i] = g[i]->margin;
        steps[i] = (int32_t)g[i]->steps;
        if (s->nkept < (int)(sizeof s->margins / sizeof s->margins[0])) {
            s->margins[s->nkept] = margin[i];
            s->lengths[s->nkept++] = steps[i];
        }
        s->turns = g[i]->nturns > s->turns ? g[i]->nturns : s->turns;
    }
    bal_quartiles(margin, n, s->margin);
    bal_quartiles(steps, n, s->steps);
    for (int t = 0; margin && t < s->turns; t++) { /* a game over early keeps its last score */
        for (int i = 0; i < n; i++)
            margin[i] = g[i]->margin_at[t < g[i]->nturns ? t : g[i]->nturns - 1];
        bal_quartiles(margin, n, s->trajectory[t]);
    }
    free(margin);
    free(steps);
}

/* "12.5" for 1250 hundredths. */
static const char *points(int32_t h, char *buf)
{
    snprintf(buf, 16, "%s%d.%02d", h < 0 ? "-" : "", abs(h) / 100, abs(h) % 100);
    for (size_t n = strlen(buf); n > 0 && (buf[n - 1] == '0' || buf[n - 1] == '.'); n--) {
        char c = buf[n - 1];
        buf[n - 1] = '\0';
        if (c == '.')
            break;
    }
    return buf;
}

static void print_outcomes(const gr_game *g, const bal_record *const *games, int n)
{
    printf("    outcomes:");
    for (int code = -1; code < 32; code++) {
        int k = 0;
        for (int i = 0; i < n; i++)
            k += games[i]->finished ? games[i]->outcome == code : code == -1;
        if (k)
            printf(" %s %d", code < 0 ? "unfinished" : gr_game_outcome_name(g, (int16_t)code), k);
    }
    printf("\n");
}

static void print_variant(const bal_opts *o, const gr_game *g, const bal_record *const *games,
                          int n, int v, const bal_stats *s)
{
    char label[512], a[16], b[16], c[16], d[16], e[16];
    bal_variant_label(o, v, label, sizeof label);
    printf("  variant %d: %s — %d games\n", v, label, n);
    for (int p = 0; p < 2; p++) {
        double lo, hi;
        cli_wilson((uint64_t)s->wins[p], (uint64_t)n, &lo, &hi);
        printf("    %-10s wins %5d  %5.1f%%  [%5.1f%%, %5.1f%%] (95%% Wilson)  agent %s\n",
               gr_game_player_name(g, p), s->wins[p], n ? 100.0 * s->wins[p] / n : 0, 100 * lo,
               100 * hi, o->agent[p]);
    }
    printf("    draws      %5d  (%d unfinished after %llu actions)\n", s->draws, s->unfinished,
           (unsigned long long)o->max_steps);
    print_outcomes(g, games, n);
    printf("    score (%s minus %s, points): min %s, quartiles %s / %s / %s, max %s\n",
           gr_game_player_name(g, 0), gr_game_player_name(g, 1), points(s->margin[0], a),
           points(s->margin[1], b), points(s->margin[2], c), points(s->margin[3], d),
           points(s->margin[4], e));
    printf("    length (actions): min %d, quartiles %d / %d / %d, max %d\n", s->steps[0],
           s->steps[1], s->steps[2], s->steps[3], s->steps[4]);
    printf("    score by turn (quartiles):");
    for (int t = 0; t < s->turns; t++)
        printf("%s %d: %s/%s/%s", t ? "," : "", t + 1, points(s->trajectory[t][1], a),
               points(s->trajectory[t][2], b), points(s->trajectory[t][3], c));
    printf("\n");
}

int bal_report(const bal_opts *o, const gr_scenario *sc, const bal_record *recs, int n)
{
    gr_game *g = NULL;
    if (gr_game_new(sc, o->seed, NULL, NULL, NULL, &g, NULL) != GR_OK)
        return -1;
    const bal_record **games = malloc((size_t)(n ? n : 1) * sizeof *games);
    bal_stats *stats = calloc((size_t)o->nvariants, sizeof *stats);
    int rc = games && stats ? 0 : -1;
    printf("balance %s: %s (%s) against %s (%s); games %llu of each of %d variant%s, seeds "
           "%llu..%llu\n",
           o->scenario, o->agent[0], gr_game_player_name(g, 0), o->agent[1],
           gr_game_player_name(g, 1), (unsigned long long)o->games, o->nvariants,
           o->nvariants > 1 ? "s" : "", (unsigned long long)o->seed,
           (unsigned long long)(o->seed + o->games - 1));
    for (int v = 0; rc == 0 && v < o->nvariants; v++) {
        int k = games_of(recs, n, v, games);
        bal_stats_of(games, k, &stats[v]);
        print_variant(o, g, games, k, v, &stats[v]);
    }
    if (rc == 0 && o->report) {
        char why[256];
        if (bal_plot(o->report, o, g, stats, why, sizeof why) != 0) {
            fprintf(stderr, "grognard balance: %s: %s\n", o->report, why);
            rc = -1;
        } else {
            printf("  report: %s\n", o->report);
        }
    }
    free(games);
    free(stats);
    gr_game_free(g);
    return rc;
}
