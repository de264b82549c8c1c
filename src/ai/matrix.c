/* matrix.c — regret matching+ for two-player zero-sum matrix games. */
#include "matrix.h"

#include <assert.h>
#include <stdint.h>
#include <string.h>

/* Current strategy from positive regrets (uniform when none is positive). */
static void strategy_from_regret(const double *regret, int n, double *out)
{
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += regret[i] > 0 ? regret[i] : 0;
    for (int i = 0; i < n; i++)
        out[i] = sum > 0 ? (regret[i] > 0 ? regret[i] / sum : 0) : 1.0 / n;
}

/* Payoff of each row against the column mix (rows' view), and of each
 * column against the row mix (columns' view: negated). */
static void row_values(const double *m, int rows, int cols, const double *cmix, double *out)
{
    for (int r = 0; r < rows; r++) {
        out[r] = 0;
        for (int c = 0; c < cols; c++)
            out[r] += m[r * cols + c] * cmix[c];
    }
}

static void col_values(const double *m, int rows, int cols, const double *rmix, double *out)
{
    for (int c = 0; c < cols; c++) {
        out[c] = 0;
        for (int r = 0; r < rows; r++)
            out[c] -= m[r * cols + c] * rmix[r];
    }
}

/* Adds the regrets of one round (value of each option minus the mix's
 * value) and floors them at 0: regret matching+ (Tammelin 2014), which
 * converges far faster than plain regret matching. */
static void add_regret(double *regret, const double *value, const double *mix, int n)
{
    double got = 0;
    for (int i = 0; i < n; i++)
        got += value[i] * mix[i];
    for (int i = 0; i < n; i++) {
        regret[i] += value[i] - got;
        regret[i] = regret[i] > 0 ? regret[i] : 0;
    }
}

/* Non-zero when line a is weakly dominated by line b (a != b) for the player
 * who maximises `sign` x payoff: never better, worse somewhere; or equal
 * everywhere and b listed first (one of two identical options is kept).
 * Rows (by_row) compare across the kept columns, columns across the kept
 * rows. */
static int dominated(const double *m, int cols, int by_row, int a, int b, const uint8_t *keep,
                     int n, double sign)
{
    int worse = 0;
    for (int i = 0; i < n; i++) {
        if (!keep[i])
            continue;
        double va = sign * (by_row ? m[a * cols + i] : m[i * cols + a]);
        double vb = sign * (by_row ? m[b * cols + i] : m[i * cols + b]);
        if (va > vb)
            return 0;
        worse |= va < vb;
    }
    return worse || b < a;
}

/* Removes dominated lines of one player (rows: by_row, the maximiser);
 * returns how many were removed. */
static int prune_lines(const double *m, int rows, int cols, int by_row, uint8_t *keep_r,
                       uint8_t *keep_c)
{
    uint8_t *keep = by_row ? keep_r : keep_c;
    const uint8_t *other = by_row ? keep_c : keep_r;
    int n = by_row ? rows : cols, n_other = by_row ? cols : rows, removed = 0;
    for (int a = 0; a < n; a++)
        for (int b = 0; keep[a] && b < n; b++)
            if (b != a && keep[b] &&
                dominated(m, cols, by_row, a, b, other, n_other, by_row ? 1.0 : -1.0)) {
                keep[a] = 0;
                removed++;
            }
    return removed;
}

/* Regret matching+ on the full rows x cols game m, the players updating in
 * turn (the columns answer the rows' new mix), the average strategies
 * weighted by round (round t counts t); see ai_matrix_solve. */
static double regret_matching(const double *m, int rows, int cols, int iters, double *row_mix)
{
    double rreg[AI_MATRIX_MAX] = {0}, creg[AI_MATRIX_MAX] = {0};
    double rcur[AI_MATRIX_MAX], ccur[AI_MATRIX_MAX], ravg[AI_MATRIX_MAX] = {0};
    double cavg[AI_MATRIX_MAX] = {0}, rval[AI_MATRIX_MAX], cval[AI_MATRIX_MAX], weight = 0;
    for (int t = 1; t <= iters; t++) {
        strategy_from_regret(creg, cols, ccur);
        strategy_from_regret(rreg, rows, rcur);
        row_values(m, rows, cols, ccur, rval);
        add_regret(rreg, rval, rcur, rows);
        strategy_from_regret(rreg, rows, rcur);
        col_values(m, rows, cols, rcur, cval);
        add_regret(creg, cval, ccur, cols);
        for (int r = 0; r < rows; r++)
            ravg[r] += t * rcur[r];
        for (int c = 0; c < cols; c++)
            cavg[c] += t * ccur[c];
        weight += t;
    }
    double value = 0;
    for (int r = 0; r < rows; r++)
        row_mix[r] = iters > 0 ? ravg[r] / weight : 1.0 / rows;
    for (int c = 0; c < cols; c++)
        cavg[c] = iters > 0 ? cavg[c] / weight : 1.0 / cols;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            value += row_mix[r] * cavg[c] * m[r * cols + c];
    return value;
}

double ai_matrix_solve(const double *m, int rows, int cols, int iters, double *row_mix)
{
    assert(rows >= 1 && rows <= AI_MATRIX_MAX && cols >= 1 && cols <= AI_MATRIX_MAX);
    uint8_t keep_r[AI_MATRIX_MAX], keep_c[AI_MATRIX_MAX];
    memset(keep_r, 1, sizeof keep_r);
    memset(keep_c, 1, sizeof keep_c);
    while (prune_lines(m, rows, cols, 1, keep_r, keep_c) +
               prune_lines(m, rows, cols, 0, keep_r, keep_c) > 0)
        ;
    int rk[AI_MATRIX_MAX], ck[AI_MATRIX_MAX], nr = 0, nc = 0;
    for (int r = 0; r < rows; r++)
        if (keep_r[r])
            rk[nr++] = r;
    for (int c = 0; c < cols; c++)
        if (keep_c[c])
            ck[nc++] = c;
    assert(nr >= 1 && nc >= 1); /* a line is only removed for another kept one */
    double sub[AI_MATRIX_MAX * AI_MATRIX_MAX], mix[AI_MATRIX_MAX];
    for (int r = 0; r < nr; r++)
        for (int c = 0; c < nc; c++)
            sub[r * nc + c] = m[rk[r] * cols + ck[c]];
    double value = regret_matching(sub, nr, nc, iters, mix);
    for (int r = 0; r < rows; r++)
        row_mix[r] = 0;
    for (int r = 0; r < nr; r++)
        row_mix[rk[r]] = mix[r];
    return value;
}

int ai_pick_mixed(const double *p, int n, double u)
{
    double acc = 0;
    for (int i = 0; i < n; i++) {
        acc += p[i];
        if (u < acc)
            return i;
    }
    return n - 1;
}
