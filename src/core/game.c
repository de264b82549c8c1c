/* game.c — game lifecycle (new, clone, copy, free), the decision process
 * front door (pending, legal, apply) and the generic inspection calls. */
#include <stdlib.h>
#include <string.h>

#include "gr_internal.h"

/* Stream number of every game's dice stream ("grognard" in ASCII). */
#define GAME_STREAM 0x67726f676e617264ull

static size_t game_bytes(const gr_scenario *sc)
{
    size_t n = offsetof(gr_game, state) + sc->rules->state_size(sc->sdata);
    return (n + 15u) & ~(size_t)15u;
}

gr_status gr_game_new(const gr_scenario *sc, uint64_t seed, const char *options,
                      gr_event_fn sink, void *sink_ctx, gr_game **out, gr_error *err)
{
    if (!sc || !out)
        return gr_failst(err, GR_ERR_ARG, NULL, "gr_game_new: NULL argument");
    *out = NULL;
    size_t size = game_bytes(sc);
    size_t scratch = sc->rules->scratch_size ? sc->rules->scratch_size(sc->sdata) : 0;
    scratch = (scratch + 15u) & ~(size_t)15u;
    if (scratch > UINT32_MAX)
        return gr_failst(err, GR_ERR_NOMEM, NULL, "rules scratch of %zu bytes", scratch);
    gr_game *g = calloc(1, size + scratch);
    if (!g)
        return gr_failst(err, GR_ERR_NOMEM, NULL, "out of memory for a game of %zu bytes",
                         size);
    g->sc = sc;
    g->rules = sc->rules;
    g->size = size;
    g->scratch = (uint32_t)scratch;
    g->viewer = -1;
    g->sink = sink;
    g->sink_ctx = sink_ctx;
    gr_rng_seed(&g->rng, seed, GAME_STREAM);
    gr_status st = g->rules->init(g, options, err);
    if (st != GR_OK) {
        free(g);
        return st;
    }
    *out = g;
    return GR_OK;
}

void gr_game_free(gr_game *g)
{
    free(g);
}

gr_game *gr_game_clone(const gr_game *g)
{
    if (!g)
        return NULL;
    gr_game *c = malloc(g->size + g->scratch);
    if (!c)
        return NULL;
    memcpy(c, g, g->size);
    if (c->scratch)
        memset(gr_scratch(c), 0, c->scratch);
    c->sink = NULL;
    c->sink_ctx = NULL;
    return c;
}

size_t gr_game_size(const gr_game *g)
{
    return g ? g->size : 0;
}

gr_status gr_game_copy(gr_game *dst, const gr_game *src)
{
    if (!dst || !src || dst->size != src->size || dst->sc != src->sc)
        return GR_ERR_ARG;
    gr_event_fn sink = dst->sink;
    void *ctx = dst->sink_ctx;
    memcpy(dst, src, src->size);
    dst->sink = sink;
    dst->sink_ctx = ctx;
    gr_scratch_forget(dst);
    return GR_OK;
}

void gr_scratch_forget(gr_game *g)
{
    if (g->scratch)
        memset(gr_scratch(g), 0, GR_SCRATCH_HEAD);
}

const gr_scenario *gr_game_scenario(const gr_game *g)
{
    return g ? g->sc : NULL;
}

int gr_game_players(const gr_game *g)
{
    int n = 0;
    while (g && g->rules->players[n])
        n++;
    return n;
}

const char *gr_game_player_name(const gr_game *g, int p)
{
    if (!g || p < 0 || p >= gr_game_players(g))
        return NULL;
    return g->rules->players[p];
}

int gr_game_player_find(const gr_game *g, const char *name)
{
    for (int p = 0; g && name && g->rules->players[p]; p++)
        if (strcmp(g->rules->players[p], name) == 0)
            return p;
    return -1;
}

uint32_t gr_game_step(const gr_game *g)
{
    return g ? g->step : 0;
}

void gr_game_set_sink(gr_game *g, gr_event_fn fn, void *ctx)
{
    if (!g)
        return;
    g->sink = fn;
    g->sink_ctx = ctx;
}

/* Name at index i of a NULL-terminated list, or "?" when out of range. */
static const char *list_name(const char *const *list, int i)
{
    if (!list || i < 0)
        return "?";
    for (int k = 0; list[k]; k++)
        if (k == i)
            return list[k];
    return "?";
}

void gr_game_pending(const gr_game *g, gr_pending *out)
{
    if (!g || !out)
        return;
    memset(out, 0, sizeof *out);
    out->winner = -1;
    g->rules->pending(g, out);
}

const char *gr_game_decision_name(const gr_game *g, uint16_t decision)
{
    return g ? list_name(g->rules->decisions, decision) : "?";
}

const char *gr_game_outcome_name(const gr_game *g, int16_t outcome)
{
    return g ? list_name(g->rules->outcomes, outcome) : "?";
}

const char *gr_game_action_name(const gr_game *g, int kind)
{
    if (!g || kind < 0 || kind >= g->rules->nactions)
        return NULL;
    return g->rules->actions[kind].name;
}

int gr_game_legal(const gr_game *g, int p, gr_action *out, int cap)
{
    if (!g || p < 0 || p >= gr_game_players(g) || cap < 0 || (cap > 0 && !out))
        return 0;
    if (g->masked && g->viewer != p)
        return 0; /* a view knows only its own player's options */
    return g->rules->legal(g, p, out, cap);
}

/* Actions gr_game_sample's default draw lists on the stack. */
#define SAMPLE_STACK 1024

/* The default draw: uniform over the legal list. */
static gr_status sample_uniform(const gr_game *g, int p, gr_rng *rng, gr_action *out)
{
    gr_action stack[SAMPLE_STACK];
    int n = g->rules->legal(g, p, stack, SAMPLE_STACK);
    if (n <= 0)
        return GR_ERR_STATE;
    uint32_t pick = gr_rng_below(rng, (uint32_t)n);
    if (n <= SAMPLE_STACK) {
        *out = stack[pick];
        return GR_OK;
    }
    gr_action *all = malloc(sizeof *all * (size_t)n);
    if (!all)
        return GR_ERR_NOMEM;
    int m = g->rules->legal(g, p, all, n);
    gr_status st = m == n ? GR_OK : GR_ERR_STATE;
    if (st == GR_OK)
        *out = all[pick];
    free(all);
    return st;
}

/* GR_OK when gr_game_sample's arguments can be drawn from, else why not. */
static gr_status sample_args(const gr_game *g, int p, const gr_rng *rng, const gr_action *out)
{
    if (!g || !rng || !out || p < 0 || p >= gr_game_players(g))
        return GR_ERR_ARG;
    if (g->masked && g->viewer != p)
        return GR_ERR_STATE; /* as gr_game_legal: a view knows only its player's options */
    return GR_OK;
}

gr_status gr_game_sample(const gr_game *g, int p, gr_rng *rng, gr_action *out)
{
    gr_status st = sample_args(g, p, rng, out);
    if (st != GR_OK)
        return st;
    if (g->rules->sample) {
        int r = g->rules->sample(g, p, rng, out);
        if (r != 0)
            return r > 0 ? GR_OK : GR_ERR_STATE;
    }
    return sample_uniform(g, p, rng, out);
}

gr_status gr_game_sample_uniform(const gr_game *g, int p, gr_rng *rng, gr_action *out)
{
    gr_status st = sample_args(g, p, rng, out);
    return st != GR_OK ? st : sample_uniform(g, p, rng, out);
}

gr_status gr_game_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    if (!g || !a)
        return gr_failst(why, GR_ERR_ARG, NULL, "gr_game_apply: NULL argument");
    if (g->masked)
        return gr_failst(why, GR_ERR_STATE, NULL,
                         "this is a player's view: determinize it before playing");
    if (a->kind >= g->rules->nactions || a->nargs > GR_MAX_ARGS)
        return gr_failst(why, GR_ERR_ARG, NULL, "unknown action kind %u", a->kind);
    gr_pending p;
    gr_game_pending(g, &p);
    if (p.kind == GR_PENDING_OVER)
        return gr_failst(why, GR_ERR_STATE, NULL, "the game is over");
    if (a->player >= gr_game_players(g) || !(p.players & (1u << a->player)))
        return gr_fail(why, NULL, "it is not %s's decision now (%s)",
                       list_name(g->rules->players, a->player),
                       gr_game_decision_name(g, p.decision));
    gr_status st = g->rules->apply(g, a, why);
    if (st == GR_OK)
        g->step++;
    return st;
}
