/* matrix.c — regret matching for two-player zero-sum matrix games. */
#include "matrix.h"

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

/* Adds the regrets of one round: value of each option minus the mix's value. */
static void add_regret(double *regret, const double *value, const double *mix, int n)
{
    double got = 0;
    for (int i = 0; i < n; i++)
        got += value[i] * mix[i];
    for (int i = 0; i < n; i++)
        regret[i] += value[i] - got;
}

double ai_matrix_solve(const double *m, int rows, int cols, int iters, double *row_mix)
{
    double rreg[AI_MATRIX_MAX] = {0}, creg[AI_MATRIX_MAX] = {0};
    double rcur[AI_MATRIX_MAX], ccur[AI_MATRIX_MAX], ravg[AI_MATRIX_MAX] = {0};
    double cavg[AI_MATRIX_MAX] = {0}, rval[AI_MATRIX_MAX], cval[AI_MATRIX_MAX];
    for (int t = 0; t < iters; t++) {
        strategy_from_regret(rreg, rows, rcur);
        strategy_from_regret(creg, cols, ccur);
        row_values(m, rows, cols, ccur, rval);
        col_values(m, rows, cols, rcur, cval);
        add_regret(rreg, rval, rcur, rows);
        add_regret(creg, cval, ccur, cols);
        for (int r = 0; r < rows; r++)
            ravg[r] += rcur[r];
        for (int c = 0; c < cols; c++)
            cavg[c] += ccur[c];
    }
    double value = 0;
    for (int r = 0; r < rows; r++)
        row_mix[r] = iters > 0 ? ravg[r] / iters : 1.0 / rows;
    for (int c = 0; c < cols; c++)
        cavg[c] = iters > 0 ? cavg[c] / iters : 1.0 / cols;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            value += row_mix[r] * cavg[c] * m[r * cols + c];
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
