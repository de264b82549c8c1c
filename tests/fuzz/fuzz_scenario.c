/*
 * fuzz_scenario.c — scenario and rule-system data (src/io/, the systems'
 * loaders): byte 0 picks a scenario, byte 1 one of the data files it
 * reads, the rest of the input replaces that file.  A refused file is
 * fine.  A scenario that loads must give a game that passes
 * gr_game_sanity at the start and after each of a few random actions.
 */
#include <stdlib.h>

#include "fuzz.h"

#define PLAY_STEPS 12

/* Plays a few random actions on a game of sc, checking its sanity. */
static void play(const gr_scenario *sc)
{
    gr_game *g = NULL;
    gr_error err = {{0}, {0}};
    if (gr_game_new(sc, 1, NULL, NULL, NULL, &g, &err) != GR_OK)
        return;
    gr_rng rng;
    gr_rng_seed(&rng, 1, 1);
    for (int k = 0; k <= PLAY_STEPS; k++) {
        FZ_CHECK(gr_game_sanity(g, &err) == GR_OK, "step %d: %s", k, err.msg);
        gr_pending pend;
        gr_game_pending(g, &pend);
        if (pend.kind == GR_PENDING_OVER || k == PLAY_STEPS)
            break;
        int p = __builtin_ctz(pend.players);
        gr_action a;
        if (gr_game_sample(g, p, &rng, &a) != GR_OK)
            break;
        gr_status st = gr_game_apply(g, &a, &err);
        FZ_CHECK(st == GR_OK, "sampled action refused: %s", err.msg);
    }
    gr_game_free(g);
}

FUZZ_TARGET(scenario)
{
    fz_in in = {data, size};
    int i = (int)(fz_byte(&in) % (unsigned)fz_scenario_count());
    int j = (int)(fz_byte(&in) % (unsigned)fz_file_count(i));
    gr_scenario *sc = NULL;
    gr_error err = {{0}, {0}};
    if (fz_load(i, j, in.p, in.n, &sc, &err) == GR_OK) {
        play(sc);
        gr_scenario_free(sc);
    }
    return 0;
}
