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

/* What a match's event sink needs: the result to count blunders in and the
 * optional line receiver. */
typedef struct match_sink {
    gr_match_result *out;
    gr_match_line_fn line;
    void *ctx;
} match_sink;

/* Event sink of a match: counts the blunders the events show, and hands
 * the event's line on when a receiver is set. */
static void tally_blunders(void *ctx, const gr_game *g, const gr_event *e)
{
    match_sink *sink = ctx;
    gr_match_result *out = sink->out;
    int player = -1, kind = gr_game_blunder(g, e, &player);
    if (kind >= 0 && player < 2 && out->blunders[player][kind] < UINT16_MAX)
        out->blunders[player][kind]++;
    if (sink->line) {
        char buf[512];
        gr_event_format(g, e, buf, sizeof buf);
        sink->line(sink->ctx, buf, 0);
    }
}

/* One decision: the agents' choices, each action's line handed on (when
 * a receiver is set) just before it is applied, so its events follow it. */
static gr_status match_step(gr_game *g, gr_agent *const *agents, const match_sink *sink,
                            gr_error *err)
{
    gr_action chosen[GR_MAX_PLAYERS];
    int n = 0;
    gr_status st = gr_agents_choose_all(g, agents, chosen, &n, err);
    for (int i = 0; st == GR_OK && i < n; i++) {
        if (sink->line) {
            char buf[512];
            gr_action_format(g, &chosen[i], buf, sizeof buf);
            sink->line(sink->ctx, buf, 1);
        }
        st = gr_game_apply(g, &chosen[i], err);
    }
    return st;
}

gr_status gr_match_play(const gr_scenario *sc, uint64_t seed, gr_agent *const *agents,
                        uint32_t max_steps, gr_match_result *out, gr_error *err)
{
    return gr_match_play_logged(sc, seed, agents, max_steps, out, NULL, NULL, err);
}

gr_status gr_match_play_logged(const gr_scenario *sc, uint64_t seed, gr_agent *const *agents,
                               uint32_t max_steps, gr_match_result *out, gr_match_line_fn line,
                               void *ctx, gr_error *err)
{
    gr_game *g = NULL;
    memset(out, 0, sizeof *out);
    match_sink sink = {out, line, ctx};
    gr_status st = gr_game_new(sc, seed, NULL, tally_blunders, &sink, &g, err);
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
        if ((st = match_step(g, agents, &sink, err)) != GR_OK)
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
