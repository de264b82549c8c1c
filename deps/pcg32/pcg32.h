/*
 * pcg32.h — PCG-XSH-RR 64/32 random number generator (M. E. O'Neill, "PCG: A
 * Family of Simple Fast Space-Efficient Statistically Good Algorithms for
 * Random Number Generation", 2014).  Independent implementation of the
 * published algorithm; see README.md in this folder.
 */
#ifndef PCG32_H
#define PCG32_H

#include <stdint.h>

typedef struct pcg32 {
    uint64_t state; /* current LCG state                    */
    uint64_t inc;   /* stream selector, always odd          */
} pcg32;

/* Seeds the generator with an initial state and a stream number. */
void pcg32_seed(pcg32 *rng, uint64_t initstate, uint64_t initseq);
/* Returns the next uniformly distributed 32-bit value. */
uint32_t pcg32_next(pcg32 *rng);
/* Returns a uniform value in [0, bound) without modulo bias (bound >= 1). */
uint32_t pcg32_below(pcg32 *rng, uint32_t bound);

#endif
