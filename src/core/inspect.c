/* inspect.c — views (hidden information), hashing, sanity, describe, query
 * and setup: the calls that look at a game rather than advance it. */
#include <stdio.h>
#include <string.h>

#include "gr_internal.h"

gr_game *gr_game_view(const gr_game *g, int p)
{
    if (!g || p < 0 || p >= gr_game_players(g))
        return NULL;
    if (g->viewer >= 0 && g->viewer != p)
        return NULL; /* a view never becomes another player's view */
    gr_game *v = gr_game_clone(g);
    if (!v)
        return NULL;
    v->viewer = (int8_t)p;
    v->masked = 1;
    /* The future of the dice stream is hidden information too. */
    gr_rng_seed(&v->rng, 0, 0);
    v->dice_head = v->dice_count = 0;
    v->dice_bad = 0;
    memset(v->dice, 0, sizeof v->dice);
    if (v->rules->mask)
        v->rules->mask(v, p);
    gr_scratch_forget(v);
    return v;
}

int gr_game_viewer(const gr_game *g)
{
    return g ? g->viewer : -1;
}

gr_status gr_game_determinize_open(gr_game *view, uint64_t seed)
{
    if (!view || view->viewer < 0)
        return GR_ERR_ARG;
    if (view->masked && view->rules->reopen)
        view->rules->reopen(view, view->viewer);
    return gr_game_determinize(view, seed);
}

gr_status gr_game_determinize(gr_game *view, uint64_t seed)
{
    if (!view || view->viewer < 0)
        return GR_ERR_ARG;
    gr_rng r;
    gr_rng_seed(&r, seed, 0x64657465726d6eull);
    if (view->masked && view->rules->determinize)
        view->rules->determinize(view, &r);
    view->rng = r;
    view->masked = 0;
    gr_scratch_forget(view);
    return GR_OK;
}

int32_t gr_game_evaluate(const gr_game *g, int p)
{
    return gr_game_evaluate_with(g, p, 0);
}

int32_t gr_game_evaluate_with(const gr_game *g, int p, unsigned flags)
{
    if (!g || p < 0 || p >= gr_game_players(g))
        return 0;
    gr_pending pend;
    gr_game_pending(g, &pend);
    if (pend.kind == GR_PENDING_OVER)
        return pend.winner < 0 ? 0 : pend.winner == p ? 1000 : -1000;
    if (!g->rules->evaluate)
        return 0;
    int32_t v = g->rules->evaluate(g, p, flags);
    return v > 1000 ? 1000 : v < -1000 ? -1000 : v;
}

const char *const *gr_game_blunder_names(const gr_game *g)
{
    static const char *const none[] = {NULL};
    return g && g->rules->blunder_names ? g->rules->blunder_names : none;
}

int gr_game_blunder(const gr_game *g, const gr_event *e, int *player)
{
    if (!g || !e || !player || !g->rules->blunder)
        return -1;
    int kind = g->rules->blunder(g, e, player);
    if (kind < 0)
        return -1;
    assert(kind < GR_MAX_BLUNDER_KINDS && g->rules->blunder_names[kind]);
    return ALWAYS(*player >= 0 && *player < gr_game_players(g)) ? kind : -1;
}

gr_status gr_game_score(const gr_game *g, int32_t *margin, int32_t *turn)
{
    if (!g || !margin || !turn)
        return GR_ERR_ARG;
    if (!g->rules->score)
        return GR_ERR_STATE;
    g->rules->score(g, margin, turn);
    return GR_OK;
}

uint64_t gr_game_hash(const gr_game *g)
{
    if (!g)
        return 0;
    uint64_t h = GR_HASH_INIT;
    h = gr_hash_bytes(h, &g->rng, sizeof g->rng);
    for (int i = 0; i < g->dice_count; i++)
        h = gr_hash_bytes(h, &g->dice[(g->dice_head + i) % GR_DICE_QUEUE], 1);
    int8_t tag[2] = {g->viewer, (int8_t)g->masked};
    h = gr_hash_bytes(h, tag, sizeof tag);
    size_t n = g->size - offsetof(gr_game, state);
    return gr_hash_bytes(h, g->state, n);
}

gr_status gr_game_sanity(const gr_game *g, gr_error *err)
{
    if (!g)
        return gr_failst(err, GR_ERR_ARG, NULL, "NULL game");
    if (g->dice_bad)
        return gr_failst(err, GR_ERR_STATE, NULL,
                         "a queued die face did not fit the die it was used for");
    if (g->dice_count > GR_DICE_QUEUE || g->dice_head >= GR_DICE_QUEUE)
        return gr_failst(err, GR_ERR_STATE, NULL, "dice queue corrupted");
    return g->rules->sanity(g, err);
}

int gr_game_describe(const gr_game *g, char *buf, size_t size)
{
    if (!g)
        return 0;
    return g->rules->describe(g, buf, size);
}

gr_status gr_game_query(const gr_game *g, const char *what, char *buf, size_t size,
                        gr_error *err)
{
    if (!g || !what || !buf || size == 0)
        return gr_failst(err, GR_ERR_ARG, NULL, "gr_game_query: bad argument");
    buf[0] = '\0';
    return g->rules->query(g, what, buf, size, err);
}

gr_status gr_game_setup(gr_game *g, const char *line, gr_error *err)
{
    if (!g || !line)
        return gr_failst(err, GR_ERR_ARG, NULL, "gr_game_setup: bad argument");
    if (g->viewer >= 0)
        return gr_failst(err, GR_ERR_STATE, NULL, "cannot set up a player's view");
    gr_status st = g->rules->setup(g, line, err);
    gr_scratch_forget(g);
    return st;
}
