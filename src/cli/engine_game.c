/* engine_game.c — protocol commands that start, change or store the game:
 * new, load, save, apply, ai, dice, undo.  See docs/protocol.md. */
#include <stdlib.h>
#include <string.h>

#include "engine_cmds.h"
#include "host/savefile.h"

void engine_head_state(reply *r, const gs_session *gs, const char *extra)
{
    char hash[17];
    gs_hash_text(gr_game_hash(gs_game(gs)), hash);
    reply_ok(r, "step=%u hash=%s%s%s", (unsigned)gr_game_step(gs_game(gs)), hash,
             extra && *extra ? " " : "", extra ? extra : "");
}

void engine_body_log(reply *r, const gs_session *gs, int from, int viewer)
{
    for (int i = from; i < gs_log_count(gs); i++) {
        const gs_logline *l = gs_log_at(gs, i);
        if (gs_log_visible(l, viewer))
            cli_buf_printf(&r->body, "%s%s\n", l->kind == GS_LOG_EVENT ? "  " : "> ", l->text);
    }
}

int engine_player(const cli_engine *e, const char *name, reply *r)
{
    int p = gr_game_player_find(gs_game(e->gs), name);
    if (p < 0) {
        char clean[64];
        cli_sanitize(name, strlen(name), clean, sizeof clean);
        return reply_error(r, "arg", NULL, "no player '%s' (see 'players')", clean);
    }
    return p;
}

/* "key=value" word: *value points into w when its key matches. */
static int keyword(const char *w, const char *key, const char **value)
{
    size_t k = strlen(key);
    if (strncmp(w, key, k) != 0 || w[k] != '=')
        return 0;
    *value = w + k + 1;
    return 1;
}

int eng_new(cli_engine *e, char **w, int n, const char *rest, reply *r)
{
    (void)rest;
    uint64_t seed = 1;
    const char *options = NULL, *v;
    if (n < 2)
        return reply_error(r, "usage", NULL, "usage: new SCENARIO [seed=N] [options=K=V,...]");
    for (int i = 2; i < n; i++) {
        if (keyword(w[i], "seed", &v) && gr_parse_u64(v, &seed) == 0)
            continue;
        if (keyword(w[i], "options", &options))
            continue;
        return reply_error(r, "usage", NULL, "new: bad argument (want seed=N or options=...)");
    }
    gr_error err = {{0}, {0}};
    gs_session *gs = gs_open(w[1], seed, options, &err);
    if (!gs)
        return reply_error(r, "data", err.rule, "%s", err.msg);
    engine_drop_game(e);
    e->gs = gs;
    const gr_game *g = gs_game(gs);
    char extra[512];
    snprintf(extra, sizeof extra, "scenario=%s system=%s seed=%llu players=%d",
             gr_scenario_id(gs_scenario(gs)), gr_scenario_system(gs_scenario(gs)),
             (unsigned long long)seed, gr_game_players(g));
    engine_head_state(r, gs, extra);
    engine_body_log(r, gs, 0, -1);
    return 0;
}

int eng_load(cli_engine *e, char **w, int n, const char *rest, reply *r)
{
    (void)w;
    char why[1024];
    if (n < 2)
        return reply_error(r, "usage", NULL, "usage: load FILE");
    gs_session *gs = gs_load(rest, why, sizeof why);
    if (!gs)
        return reply_error(r, "file", NULL, "%s", why);
    engine_drop_game(e);
    e->gs = gs;
    char extra[256];
    snprintf(extra, sizeof extra, "scenario=%s verified=%d", gr_scenario_id(gs_scenario(gs)),
             gs_entries(gs));
    engine_head_state(r, gs, extra);
    return 0;
}

int eng_save(cli_engine *e, char **w, int n, const char *rest, reply *r)
{
    (void)w;
    char why[1024];
    if (n < 2)
        return reply_error(r, "usage", NULL, "usage: save FILE");
    if (gs_save(e->gs, rest, why, sizeof why) != 0)
        return reply_error(r, "io", NULL, "%s", why);
    engine_head_state(r, e->gs, "saved=1");
    return 0;
}

int eng_apply(cli_engine *e, char **w, int n, const char *rest, reply *r)
{
    (void)w;
    gr_error err = {{0}, {0}};
    if (n < 2)
        return reply_error(r, "usage", NULL, "usage: apply ACTION-LINE");
    int before = gs_log_count(e->gs);
    gr_status st = gs_apply_line(e->gs, rest, NULL, &err);
    if (st != GR_OK)
        return reply_status(r, st, &err);
    engine_head_state(r, e->gs, NULL);
    engine_body_log(r, e->gs, before, -1);
    return 0;
}

/* The single player who must act now, or -1. */
static int player_to_act(const gr_game *g)
{
    gr_pending p;
    gr_game_pending(g, &p);
    for (int pl = 0; p.kind != GR_PENDING_OVER && pl < gr_game_players(g); pl++)
        if (p.players & (1u << pl))
            return pl;
    return -1;
}

/* The agent of player p (created on first use, or replaced by `kind`). */
static gr_agent *engine_agent(cli_engine *e, int p, const char *kind, reply *r)
{
    gr_error err = {{0}, {0}};
    if (p >= ENGINE_MAX_PLAYERS) {
        reply_error(r, "arg", NULL, "too many players");
        return NULL;
    }
    if (kind || !e->agent[p]) {
        gr_agent *a =
            cli_agent_new(kind ? kind : "random", gs_seed(e->gs) + 1 + (uint64_t)p, &err);
        if (!a) {
            reply_error(r, "arg", NULL, "%s", err.msg);
            return NULL;
        }
        gr_agent_free(e->agent[p]);
        e->agent[p] = a;
    }
    return e->agent[p];
}

/* Lets the computer choose and apply player p's action. */
static int ai_move(cli_engine *e, int p, gr_agent *agent, reply *r)
{
    gr_error err = {{0}, {0}};
    gr_action a;
    gr_game *view = gr_game_view(gs_game(e->gs), p);
    if (!view)
        return reply_error(r, "nomem", NULL, "out of memory");
    gr_status st = gr_agent_choose(agent, view, p, &a, &err);
    gr_game_free(view);
    int before = gs_log_count(e->gs);
    if (st == GR_OK)
        st = gs_apply(e->gs, &a, &err);
    if (st != GR_OK)
        return reply_status(r, st, &err);
    engine_head_state(r, e->gs, NULL);
    engine_body_log(r, e->gs, before, -1);
    return 0;
}

int eng_ai(cli_engine *e, char **w, int n, const char *rest, reply *r)
{
    (void)rest;
    const char *kind = NULL;
    int p = player_to_act(gs_game(e->gs));
    for (int i = 1; i < n; i++) {
        if (keyword(w[i], "agent", &kind))
            continue;
        if ((p = engine_player(e, w[i], r)) < 0)
            return -1;
    }
    gr_pending pend;
    gr_game_pending(gs_game(e->gs), &pend);
    if (p < 0 || !(pend.players & (1u << p)) || pend.kind == GR_PENDING_OVER)
        return reply_error(r, "state", NULL, "%s",
                           pend.kind == GR_PENDING_OVER ? "the game is over"
                                                        : "that player has no decision now");
    gr_agent *agent = engine_agent(e, p, kind, r);
    return agent ? ai_move(e, p, agent, r) : -1;
}

int eng_dice(cli_engine *e, char **w, int n, const char *rest, reply *r)
{
    (void)rest;
    int faces[GS_MAX_DICE];
    gr_error err = {{0}, {0}};
    if (n < 2 || n - 1 > GS_MAX_DICE)
        return reply_error(r, "usage", NULL, "usage: dice FACE [FACE...] (at most %d)",
                           GS_MAX_DICE);
    for (int i = 1; i < n; i++) {
        long v;
        if (gr_parse_int(w[i], -99, 99, &v) != 0)
            return reply_error(r, "usage", NULL, "dice: '%s' is not a die face (an integer)",
                               w[i]);
        faces[i - 1] = (int)v;
    }
    gr_status st = gs_push_dice(e->gs, faces, n - 1, &err);
    if (st != GR_OK)
        return reply_status(r, st, &err);
    char extra[32];
    snprintf(extra, sizeof extra, "queued=%d", gr_game_dice_queued(gs_game(e->gs)));
    engine_head_state(r, e->gs, extra);
    return 0;
}

int eng_undo(cli_engine *e, char **w, int n, const char *rest, reply *r)
{
    (void)rest;
    uint64_t count = 1;
    gr_error err = {{0}, {0}};
    if (n > 2 || (n == 2 && (gr_parse_u64(w[1], &count) != 0 || count < 1 || count > 1000000)))
        return reply_error(r, "usage", NULL, "usage: undo [N]");
    gr_status st = gs_undo(e->gs, (int)count, &err);
    if (st != GR_OK)
        return reply_status(r, st, &err);
    char extra[32];
    snprintf(extra, sizeof extra, "undone=%d", (int)count);
    engine_head_state(r, e->gs, extra);
    return 0;
}
