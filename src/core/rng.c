/* rng.c — the public gr_rng stream (PCG32 from deps/pcg32) and FNV-1a hashing. */
#include "gr_internal.h"
#include "pcg32.h"

static pcg32 to_pcg(const gr_rng *r)
{
    pcg32 p = {r->state, r->inc};
    return p;
}

void gr_rng_seed(gr_rng *rng, uint64_t seed, uint64_t stream)
{
    pcg32 p;
    pcg32_seed(&p, seed, stream);
    rng->state = p.state;
    rng->inc = p.inc;
}

uint32_t gr_rng_next(gr_rng *rng)
{
    pcg32 p = to_pcg(rng);
    uint32_t v = pcg32_next(&p);
    rng->state = p.state;
    return v;
}

uint32_t gr_rng_below(gr_rng *rng, uint32_t bound)
{
    if (bound <= 1)
        return 0;
    pcg32 p = to_pcg(rng);
    uint32_t v = pcg32_below(&p, bound);
    rng->state = p.state;
    return v;
}

uint64_t gr_hash_bytes(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= 0x100000001b3ull;
    }
    return h;
}
