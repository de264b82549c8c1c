/*
 * agent.h — computer players.  An agent is built on the public API only and
 * is handed nothing but its own player's VIEW of the game (gr_game_view), so
 * it cannot read the opponent's hidden information or predict the dice.
 * Each agent owns its own random stream, separate from the game's.
 */
#ifndef GR_AGENT_H
#define GR_AGENT_H

#include <stdint.h>

#include "grognard.h"

typedef struct gr_agent gr_agent;

/* What an agent did so far (gr_agent_stats). */
typedef struct gr_agent_stats {
    uint64_t choices;         /* gr_agent_choose calls that succeeded        */
    double seconds;           /* wall time spent choosing, in total          */
    double max_seconds;       /* longest single choice                       */
    uint64_t iterations;      /* search iterations in total (mcts)           */
    uint64_t last_iterations; /* iterations of the last choice               */
    uint64_t last_nodes;      /* tree nodes of the last choice               */
    uint64_t tree_full;       /* choices whose tree filled its arena         */
    /* The mixed strategy of the last choice when it was a secret
     * simultaneous one solved as a matrix game (greedy, mcts with matrix=1):
     * the probability of each legal option, in gr_game_legal's order, over
     * the first last_mix_n options (0 when the last choice was not one). */
    int last_mix_n;
    double last_mix[32];
} gr_agent_stats;

/* Names of the agent kinds ("random", "greedy", "mcts"), NULL-terminated. */
const char *const *gr_agent_kinds(void);
/*
 * Creates an agent of `kind` with its own stream seeded by `seed`; `params`
 * is "key=value,..." (kind-specific, NULL for defaults).  NULL with a message
 * in err (unknown kind, bad parameter, out of memory).
 */
gr_agent *gr_agent_new(const char *kind, uint64_t seed, const char *params, gr_error *err);
void gr_agent_free(gr_agent *a);
const char *gr_agent_name(const gr_agent *a);
/* Statistics of the agent's choices so far (zeroed for a NULL agent). */
void gr_agent_stats_get(const gr_agent *a, gr_agent_stats *out);
/*
 * Chooses an action for `player` from `view`, which must be that player's
 * view (gr_game_viewer(view) == player) and must be pending a decision of
 * that player.  GR_OK with *out set, or GR_ERR_ARG / GR_ERR_STATE.
 */
gr_status gr_agent_choose(gr_agent *a, const gr_game *view, int player, gr_action *out,
                          gr_error *err);

/*
 * Asks every player who must act now (one, or all of a simultaneous
 * decision) for his choice, each agent (agents[p]) from its own view of the
 * same position: in a secret simultaneous choice nobody has committed when
 * anybody chooses, whoever is asked first.  Writes the choices to out[0..*n)
 * in player order (room for GR_MAX_PLAYERS); the game is not changed.
 * GR_OK, or the first failure.
 */
gr_status gr_agents_choose_all(const gr_game *game, gr_agent *const *agents, gr_action *out,
                               int *n, gr_error *err);

/*
 * Plays one decision of `game` with the agents given per player: the
 * choices of gr_agents_choose_all, then applied in player order.  The
 * applied actions are copied to done[0..*ndone) when done is not NULL (room
 * for every player).  GR_OK, or the first failure (the actions before it
 * stay applied).
 */
gr_status gr_agents_step(gr_game *game, gr_agent *const *agents, gr_action *done, int *ndone,
                         gr_error *err);

#endif
