/* matrix.h — zero-sum matrix games, for simultaneous secret choices
 * (tactic chits, orders) seen as "my option x his option". */
#ifndef GR_AI_MATRIX_H
#define GR_AI_MATRIX_H

/* Largest matrix handled (rows and columns). */
#define AI_MATRIX_MAX 32

/*
 * Approximates an optimal mixed strategy of the row player of the zero-sum
 * game `m` (rows x cols, row-major; the row player receives m[r*cols+c], the
 * column player its negation).  Weakly dominated rows and columns are
 * removed first, again until none is left (of identical options the first
 * listed stays), so a dominated option always gets probability 0; regret
 * matching+ over `iters` rounds (alternating updates, averages weighted by
 * round) solves what remains.  Writes the row
 * player's average strategy (sums to 1) into row_mix[rows] and returns the
 * game's approximate value for the row player.  rows and cols in
 * [1, AI_MATRIX_MAX].  Deterministic, no allocation.
 */
double ai_matrix_solve(const double *m, int rows, int cols, int iters, double *row_mix);

/* Index drawn from the distribution p[0..n) (sums to ~1) with u in [0,1). */
int ai_pick_mixed(const double *p, int n, double u);

#endif
