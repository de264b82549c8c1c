/* arwtest.c — see arwtest.h. */
#include "arwtest.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <cmocka.h>

void tu_arw_fire_position(gr_game *g, uint64_t seed, uint64_t stream)
{
    static const char *const ids[2][8] = {
        {"gb-1", "gb-2", "gb-3", "gb-mil-1", "gb-art-1", "gb-art-2", "gb-ldr-1", "gb-cav-1"},
        {"fr-1", "us-mil-1", "us-mil-2", "us-1", "fr-art-1", "fr-2", "fr-ldr-1", "fr-cav-1"}};
    static const char *const phases[4] = {
        "phase rifle-fire active=british", "phase rifle-fire active=allied",
        "phase defensive-fire active=allied", "phase defensive-fire active=british"};
    gr_rng rng;
    gr_rng_seed(&rng, seed, stream);
    for (int i = 0; i < 8; i++)
        for (int side = 0; side < 2; side++)
            for (int tries = 0; tries < 20; tries++) {
                char line[96];
                int col = 2 + (int)gr_rng_below(&rng, 7), row = 2 + (int)gr_rng_below(&rng, 7);
                if ((side == 0) != (row < 5 || (row == 5 && gr_rng_below(&rng, 2))))
                    continue;
                snprintf(line, sizeof line, "place %s %02d%02d%s", ids[side][i], col, row,
                         gr_rng_below(&rng, 8) == 0 ? " status=disrupted" : "");
                if (gr_game_setup(g, line, NULL) == GR_OK)
                    break;
            }
    assert_int_equal(gr_game_setup(g, phases[seed % 4], NULL), GR_OK);
}
