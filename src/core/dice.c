/* dice.c — every random number of a game: queued faces, the game stream,
 * and the roll/draw events that log them. */
#include <assert.h>

#include "gr_internal.h"

int gr_game_die_faces(const gr_game *g, int *lo, int *hi)
{
    *lo = -99;
    *hi = 99;
    if (!g || !g->rules->die_faces)
        return -1;
    g->rules->die_faces(gr_sdata(g), lo, hi);
    assert(*lo <= *hi);
    return 0;
}

gr_status gr_game_push_dice(gr_game *g, const int *faces, int n)
{
    if (!g || (n > 0 && !faces) || n < 0)
        return GR_ERR_ARG;
    if (g->dice_count + n > GR_DICE_QUEUE)
        return GR_ERR_ARG;
    int lo, hi;
    gr_game_die_faces(g, &lo, &hi);
    for (int i = 0; i < n; i++)
        if (faces[i] < lo || faces[i] > hi)
            return GR_ERR_ARG;
    for (int i = 0; i < n; i++) {
        int slot = (g->dice_head + g->dice_count) % GR_DICE_QUEUE;
        g->dice[slot] = (int8_t)faces[i];
        g->dice_count++;
    }
    return GR_OK;
}

int gr_game_dice_queued(const gr_game *g)
{
    return g ? g->dice_count : 0;
}

static int take_queued(gr_game *g, int lo, int sides, int *face)
{
    if (g->dice_count == 0)
        return 0;
    int v = g->dice[g->dice_head];
    g->dice_head = (uint8_t)((g->dice_head + 1) % GR_DICE_QUEUE);
    g->dice_count--;
    if (v < lo || v >= lo + sides) {
        g->dice_bad = 1; /* reported by gr_game_sanity */
        return 0;
    }
    *face = v;
    return 1;
}

int gr_roll(gr_game *g, int lo, int sides, int purpose)
{
    int face;
    if (NEVER(sides < 1)) /* a rule module asked for a die with no face */
        sides = 1;
    if (!take_queued(g, lo, sides, &face))
        face = lo + (int)gr_rng_below(&g->rng, (uint32_t)sides);
    if (g->sink) {
        gr_event e = {.kind = GR_EV_ROLL, .vis = GR_VIS_ALL, .nargs = 3,
                      .arg = {sides, face, purpose}};
        g->sink(g->sink_ctx, g, &e);
    }
    return face;
}

int gr_draw(gr_game *g, int n, int purpose, int emit)
{
    if (NEVER(n < 1)) /* a draw among no options */
        n = 1;
    int idx = (int)gr_rng_below(&g->rng, (uint32_t)n);
    if (emit && g->sink) {
        gr_event e = {.kind = GR_EV_DRAW, .vis = GR_VIS_ALL, .nargs = 3,
                      .arg = {n, idx, purpose}};
        g->sink(g->sink_ctx, g, &e);
    }
    return idx;
}

void gr_emit(gr_game *g, const gr_event *e)
{
    if (g->sink)
        g->sink(g->sink_ctx, g, e);
}

void gr_emitv(gr_game *g, uint16_t kind, int nargs, ...)
{
    if (!g->sink)
        return;
    if (NEVER(nargs < 0 || nargs > GR_MAX_ARGS))
        nargs = nargs < 0 ? 0 : GR_MAX_ARGS;
    gr_event e = {.kind = kind, .vis = GR_VIS_ALL, .nargs = (uint8_t)nargs};
    va_list ap;
    va_start(ap, nargs);
    for (int i = 0; i < nargs; i++)
        e.arg[i] = va_arg(ap, int);
    va_end(ap);
    g->sink(g->sink_ctx, g, &e);
}
