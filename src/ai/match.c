/* match.c — see match.h. */
#include "match.h"

#include <stdio.h>
#include <string.h>

#include "params.h"

gr_agent *gr_agent_from_spec(const char *spec, uint64_t seed, gr_error *err)
{
    char kind[32];
    const char *colon = spec ? strchr(spec, ':') : NULL;
    size_t len = colon ? (size_t)(colon - spec) : (spec ? strlen(spec) : 0);
    if (!spec || len == 0 || len >= sizeof kind) {
        ai_fail(err, GR_ERR_ARG, "bad agent '%s' (want KIND or KIND:key=value,...)",
                spec ? spec : "(null)");
        return NULL;
    }
    memcpy(kind, spec, len);
    kind[len] = '\0';
    return gr_agent_new(kind, seed, colon ? colon + 1 : NULL, err);
}

static uint64_t iterations_of(gr_agent *const *agents, int players, double *max_seconds)
{
    uint64_t total = 0;
    *max_seconds = 0;
    for (int p = 0; p < players; p++) {
        gr_agent_stats st;
        gr_agent_stats_get(agents[p], &st);
        total += st.iterations;
        *max_seconds = st.max_seconds > *max_seconds ? st.max_seconds : *max_seconds;
    }
    return total;
}

/* Choosing time of player p's agent so far. */
static double seconds_of(gr_agent *agent)
{
    gr_agent_stats st;
    gr_agent_stats_get(agent, &st);
    return st.seconds;
}

/* Adds one step's choosing times to the players' current turns (any
 * decision of another player, simultaneous ones included, ends a player's
 * turn) and keeps the longest. */
static void track_turns(gr_agent *const *agents, int players, unsigned acted, double *before,
                        double *run, gr_match_result *out)
{
    for (int p = 0; p < players && p < 2; p++) {
        double now = seconds_of(agents[p]);
        if (acted & ~(1u << p))
            run[p] = 0; /* another player decided: p's turn (if any) ended */
        if (acted & (1u << p))
            run[p] += now - before[p];
        before[p] = now;
        if (run[p] > out->max_turn_seconds[p])
            out->max_turn_seconds[p] = run[p];
    }
}

/* Event sink of a match: counts the blunders the events show. */
static void tally_blunders(void *ctx, const gr_game *g, const gr_event *e)
{
    gr_match_result *out = ctx;
    int player = -1, kind = gr_game_blunder(g, e, &player);
    if (kind >= 0 && player < 2 && out->blunders[player][kind] < UINT16_MAX)
        out->blunders[player][kind]++;
}

gr_status gr_match_play(const gr_scenario *sc, uint64_t seed, gr_agent *const *agents,
                        uint32_t max_steps, gr_match_result *out, gr_error *err)
{
    gr_game *g = NULL;
    memset(out, 0, sizeof *out);
    gr_status st = gr_game_new(sc, seed, NULL, tally_blunders, out, &g, err);
    if (st != GR_OK)
        return st;
    int players = gr_game_players(g);
    double before[2] = {0, 0}, run[2] = {0, 0};
    for (int p = 0; p < players && p < 2; p++)
        before[p] = seconds_of(agents[p]);
    gr_pending pend;
    for (;;) {
        gr_game_pending(g, &pend);
        if (pend.kind == GR_PENDING_OVER || gr_game_step(g) >= max_steps)
            break;
        if ((st = gr_agents_step(g, agents, NULL, NULL, err)) != GR_OK)
            break;
        track_turns(agents, players, pend.players, before, run, out);
    }
    if (st == GR_OK) {
        out->finished = pend.kind == GR_PENDING_OVER;
        out->winner = out->finished ? pend.winner : -1;
        out->outcome = pend.outcome;
        out->steps = gr_game_step(g);
        out->hash = gr_game_hash(g);
        out->iterations = iterations_of(agents, gr_game_players(g), &out->max_seconds);
    }
    gr_game_free(g);
    return st;
}
