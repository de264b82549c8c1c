/* pcg32.c — PCG-XSH-RR 64/32; see pcg32.h and README.md. */
#include "pcg32.h"

#define PCG32_MULT 6364136223846793005ull

uint32_t pcg32_next(pcg32 *rng)
{
    uint64_t old = rng->state;
    rng->state = old * PCG32_MULT + rng->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
}

void pcg32_seed(pcg32 *rng, uint64_t initstate, uint64_t initseq)
{
    rng->state = 0u;
    rng->inc = (initseq << 1u) | 1u;
    (void)pcg32_next(rng);
    rng->state += initstate;
    (void)pcg32_next(rng);
}

uint32_t pcg32_below(pcg32 *rng, uint32_t bound)
{
    /* Reject the low values that would make the modulo biased:
     * threshold = 2^32 mod bound. */
    uint32_t threshold = (uint32_t)(0u - bound) % bound;
    for (;;) {
        uint32_t r = pcg32_next(rng);
        if (r >= threshold)
            return r % bound;
    }
}
