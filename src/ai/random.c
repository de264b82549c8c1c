/* random.c — the "random" agent: a uniformly random legal action. */
#include <stdio.h>
#include <stdlib.h>

#include "agent_internal.h"

#define RANDOM_STACK_ACTIONS 256

static gr_status random_choose(void *priv, gr_rng *rng, const gr_game *view, int player,
                               gr_action *out, gr_error *err)
{
    (void)priv;
    gr_action stack[RANDOM_STACK_ACTIONS];
    int n = gr_game_legal(view, player, stack, RANDOM_STACK_ACTIONS);
    if (n <= 0) {
        if (err) {
            err->rule[0] = '\0';
            snprintf(err->msg, sizeof err->msg, "no legal action for player %d", player);
        }
        return GR_ERR_STATE;
    }
    uint32_t pick = gr_rng_below(rng, (uint32_t)n);
    if (n <= RANDOM_STACK_ACTIONS) {
        *out = stack[pick];
        return GR_OK;
    }
    gr_action *all = malloc(sizeof *all * (size_t)n);
    if (!all)
        return GR_ERR_NOMEM;
    n = gr_game_legal(view, player, all, n);
    *out = all[pick % (uint32_t)n];
    free(all);
    return GR_OK;
}

const gr_agent_kind gr_agent_random = {"random", NULL, NULL, random_choose, NULL};
