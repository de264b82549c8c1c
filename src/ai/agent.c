/* agent.c — agent registry, creation and the step driver that hands each
 * agent only its own view. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent_internal.h"
#include "search.h"

struct gr_agent {
    const gr_agent_kind *kind;
    void *priv;
    gr_rng rng;
    gr_agent_stats stats;
};

static const gr_agent_kind *const KINDS[] = {&gr_agent_random, &gr_agent_greedy, &gr_agent_mcts,
                                             &gr_agent_uniform, NULL};
static const char *const KIND_NAMES[] = {"random", "greedy", "mcts", "uniform", NULL};

const char *const *gr_agent_kinds(void)
{
    return KIND_NAMES;
}

gr_agent *gr_agent_new(const char *kind, uint64_t seed, const char *params, gr_error *err)
{
    const gr_agent_kind *k = NULL;
    for (int i = 0; kind && KINDS[i]; i++)
        if (strcmp(KINDS[i]->name, kind) == 0)
            k = KINDS[i];
    if (!k) {
        if (err) {
            err->rule[0] = '\0';
            snprintf(err->msg, sizeof err->msg,
                     "unknown agent '%s' (agents: random, greedy, mcts, uniform)",
                     kind ? kind : "(null)");
        }
        return NULL;
    }
    if (!k->create && params && *params) {
        if (err) {
            err->rule[0] = '\0';
            snprintf(err->msg, sizeof err->msg, "agent '%s' takes no parameters", kind);
        }
        return NULL;
    }
    gr_agent *a = calloc(1, sizeof *a);
    if (!a)
        return NULL;
    a->kind = k;
    gr_rng_seed(&a->rng, seed, 0x6167656e74ull /* "agent" */);
    a->priv = k->create ? k->create(params, err) : NULL;
    if (k->create && !a->priv) {
        free(a);
        return NULL;
    }
    return a;
}

void gr_agent_free(gr_agent *a)
{
    if (!a)
        return;
    if (a->kind->destroy)
        a->kind->destroy(a->priv);
    free(a);
}

const char *gr_agent_name(const gr_agent *a)
{
    return a ? a->kind->name : NULL;
}

gr_status gr_agent_choose(gr_agent *a, const gr_game *view, int player, gr_action *out,
                          gr_error *err)
{
    if (!a || !view || !out)
        return GR_ERR_ARG;
    if (gr_game_viewer(view) != player) {
        if (err) {
            err->rule[0] = '\0';
            snprintf(err->msg, sizeof err->msg, "agents may only be given their own view");
        }
        return GR_ERR_ARG;
    }
    double start = ai_now();
    gr_status st = a->kind->choose(a->priv, &a->rng, view, player, out, err);
    if (st == GR_OK) {
        double took = ai_now() - start;
        a->stats.choices++;
        a->stats.seconds += took;
        a->stats.max_seconds = took > a->stats.max_seconds ? took : a->stats.max_seconds;
    }
    return st;
}

void gr_agent_stats_get(const gr_agent *a, gr_agent_stats *out)
{
    if (!out)
        return;
    memset(out, 0, sizeof *out);
    if (!a)
        return;
    *out = a->stats;
    if (a->kind->stats)
        a->kind->stats(a->priv, out);
}

/* Player p's choice from his own view of `game` (the game is not changed). */
static gr_status choose_one(const gr_game *game, gr_agent *agent, int player, gr_action *out,
                            gr_error *err)
{
    gr_game *view = gr_game_view(game, player);
    if (!view)
        return GR_ERR_NOMEM;
    gr_status st = gr_agent_choose(agent, view, player, out, err);
    gr_game_free(view);
    return st;
}

gr_status gr_agents_choose_all(const gr_game *game, gr_agent *const *agents, gr_action *out,
                               int *n, gr_error *err)
{
    gr_pending p;
    gr_game_pending(game, &p);
    *n = 0;
    if (p.kind == GR_PENDING_OVER)
        return GR_ERR_STATE;
    for (int pl = 0; pl < gr_game_players(game) && pl < GR_MAX_PLAYERS; pl++) {
        if (!(p.players & (1u << pl)))
            continue;
        gr_status st = choose_one(game, agents[pl], pl, &out[*n], err);
        if (st != GR_OK)
            return st;
        ++*n;
    }
    return GR_OK;
}

gr_status gr_agents_step(gr_game *game, gr_agent *const *agents, gr_action *done, int *ndone,
                         gr_error *err)
{
    gr_action chosen[GR_MAX_PLAYERS];
    int n = 0;
    if (ndone)
        *ndone = 0;
    gr_status st = gr_agents_choose_all(game, agents, chosen, &n, err);
    for (int i = 0; st == GR_OK && i < n; i++) {
        st = gr_game_apply(game, &chosen[i], err);
        if (st == GR_OK && done)
            done[(*ndone)++] = chosen[i];
    }
    return st;
}
