/*
 * match.h — one whole game between agents, as arena, bench and tests play
 * it: agents named by a spec "kind" or "kind:key=value,...", each seeded
 * from the game's seed, each handed only its own player's view.
 */
#ifndef GR_AI_MATCH_H
#define GR_AI_MATCH_H

#include <stdint.h>

#include "agent.h"
#include "grognard.h"

/* Result of one game. */
typedef struct gr_match_result {
    int8_t winner;       /* player index, -1 draw                       */
    uint8_t finished;    /* 0: stopped at max_steps (counted a draw)    */
    int16_t outcome;     /* system outcome code                          */
    uint32_t steps;      /* actions applied                              */
    uint64_t hash;       /* state hash at the end                        */
    double max_seconds;  /* longest single choice of any agent           */
    /* Longest "player turn" of each player: the choosing time of a run of
     * his decisions not interrupted by a decision of another player
     * (simultaneous decisions included; the mcts `turn` budget counts the
     * same way). */
    double max_turn_seconds[2];
    uint64_t iterations; /* search iterations of all agents              */
    /* Blunders of each player (first two) by kind, indexed as
     * gr_game_blunder_names of the scenario's system. */
    uint16_t blunders[2][GR_MAX_BLUNDER_KINDS];
} gr_match_result;

/*
 * Makes an agent from a spec "kind" or "kind:params" (e.g.
 * "mcts:iterations=500").  NULL with a message on failure.
 */
gr_agent *gr_agent_from_spec(const char *spec, uint64_t seed, gr_error *err);

/*
 * Plays a game of `sc` with dice seed `seed`, player p played by
 * agents[p] (one per player), until game over or `max_steps` decisions.
 * GR_OK with *out filled, or the first failure (message in err).
 */
gr_status gr_match_play(const gr_scenario *sc, uint64_t seed, gr_agent *const *agents,
                        uint32_t max_steps, gr_match_result *out, gr_error *err);

/* Receives each line of a game's record as it is played: an action chosen
 * (is_action 1, the rules' own line, `by=` included) or an event (0).  The
 * record is the referee's: it holds every side's secrets. */
typedef void (*gr_match_line_fn)(void *ctx, const char *line, int is_action);

/*
 * gr_match_play that also hands every action and event line, in order, to
 * `line` (with `ctx`) when it is not NULL.  The game and its result are
 * those of gr_match_play with the same arguments.
 */
gr_status gr_match_play_logged(const gr_scenario *sc, uint64_t seed, gr_agent *const *agents,
                               uint32_t max_steps, gr_match_result *out, gr_match_line_fn line,
                               void *ctx, gr_error *err);

#endif
