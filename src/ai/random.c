/* random.c — the random agents: "random" draws a legal action with
 * gr_game_sample (stage by stage where the rule system does so, e.g. ARW's
 * movement: a unit, then a destination); "uniform" draws uniformly from the
 * whole legal list. */
#include <stdio.h>

#include "agent_internal.h"

static gr_status no_action(int player, gr_error *err)
{
    if (err) {
        err->rule[0] = '\0';
        snprintf(err->msg, sizeof err->msg, "no legal action for player %d", player);
    }
    return GR_ERR_STATE;
}

static gr_status random_choose(void *priv, gr_rng *rng, const gr_game *view, int player,
                               gr_action *out, gr_error *err)
{
    (void)priv;
    gr_status st = gr_game_sample(view, player, rng, out);
    return st == GR_ERR_STATE ? no_action(player, err) : st;
}

static gr_status uniform_choose(void *priv, gr_rng *rng, const gr_game *view, int player,
                                gr_action *out, gr_error *err)
{
    (void)priv;
    gr_status st = gr_game_sample_uniform(view, player, rng, out);
    return st == GR_ERR_STATE ? no_action(player, err) : st;
}

const gr_agent_kind gr_agent_random = {"random", NULL, NULL, random_choose, NULL};
const gr_agent_kind gr_agent_uniform = {"uniform", NULL, NULL, uniform_choose, NULL};
