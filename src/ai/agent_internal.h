/* agent_internal.h — the interface each agent kind implements (src/ai only). */
#ifndef GR_AGENT_INTERNAL_H
#define GR_AGENT_INTERNAL_H

#include "agent.h"

typedef struct gr_agent_kind {
    const char *name;
    /* Allocates the kind's private data from params; NULL + err on failure.
     * May be NULL (no private data). */
    void *(*create)(const char *params, gr_error *err);
    void (*destroy)(void *priv);
    /* Chooses an action for player from his view using rng. */
    gr_status (*choose)(void *priv, gr_rng *rng, const gr_game *view, int player,
                        gr_action *out, gr_error *err);
    /* Adds the kind's search statistics to out.  May be NULL. */
    void (*stats)(const void *priv, gr_agent_stats *out);
} gr_agent_kind;

extern const gr_agent_kind gr_agent_random;
extern const gr_agent_kind gr_agent_uniform;
extern const gr_agent_kind gr_agent_greedy;
extern const gr_agent_kind gr_agent_mcts;

#endif
