/* engine_cmds.c — the protocol's command table and the commands that look
 * at the game without changing it: pending, legal, describe, query and its
 * shortcuts (odds, los, range, info), log, history, hash.  See
 * docs/protocol.md. */
#include <stdlib.h>
#include <string.h>

#include "host/files.h"
#include "engine_cmds.h"

static int eng_protocol(cli_engine *e, char **w, int n, const char *rest, reply *r)
{
    (void)e, (void)w, (void)n, (void)rest;
    char systems[256] = "";
    for (const char *const *s = gr_systems(); *s; s++)
        snprintf(systems + strlen(systems), sizeof systems - strlen(systems), "%s%s",
                 s == gr_systems() ? "" : ",", *s);
    reply_ok(r, "protocol=%d engine=%s systems=%s", ENGINE_PROTOCOL_VERSION, GR_VERSION, systems);
    return 0;
}

static int eng_help(cli_engine *e, char **w, int n, const char *rest, reply *r)
{
    (void)e, (void)rest;
    for (int i = 0; engine_commands[i].name; i++)
        if (n < 2 || strcmp(w[1], engine_commands[i].name) == 0)
            cli_buf_printf(&r->body, "%-44s %s\n", engine_commands[i].usage,
                           engine_commands[i].summary);
    if (!r->body.len)
        return reply_error(r, "arg", NULL, "no such command (try 'help')");
    return 0;
}

static int eng_scenarios(cli_engine *e, char **w, int n, const char *rest, reply *r)
{
    (void)e, (void)w, (void)n, (void)rest;
    char *names[512];
    int count = gr_host_list_scenarios(names, 512);
    if (count < 0)
        return reply_error(r, "io", NULL, "cannot read the scenarios directory");
    for (int i = 0; i < count; i++) {
        cli_buf_printf(&r->body, "%s\n", names[i]);
        free(names[i]);
    }
    reply_ok(r, "count=%d", count);
    return 0;
}

static int eng_players(cli_engine *e, char **w, int n, const char *rest, reply *r)
{
    (void)w, (void)n, (void)rest;
    const gr_game *g = gs_game(e->gs);
    for (int p = 0; p < gr_game_players(g); p++)
        cli_buf_printf(&r->body, "%s\n", gr_game_player_name(g, p));
    reply_ok(r, "count=%d", gr_game_players(g));
    return 0;
}

static void player_list(const gr_game *g, unsigned mask, char *buf, size_t size)
{
    buf[0] = '\0';
    for (int p = 0; p < gr_game_players(g); p++)
        if (mask & (1u << p))
            snprintf(buf + strlen(buf), size - strlen(buf), "%s%s", buf[0] ? "," : "",
                     gr_game_player_name(g, p));
    if (!buf[0])
        snprintf(buf, size, "-");
}

static int eng_pending(cli_engine *e, char **w, int n, const char *rest, reply *r)
{
    (void)w, (void)n, (void)rest;
    const gr_game *g = gs_game(e->gs);
    gr_pending p;
    char who[256];
    gr_game_pending(g, &p);
    player_list(g, p.players, who, sizeof who);
    if (p.kind == GR_PENDING_OVER)
        reply_ok(r, "kind=over outcome=%s winner=%s step=%u", gr_game_outcome_name(g, p.outcome),
                 p.winner >= 0 ? gr_game_player_name(g, p.winner) : "-", (unsigned)gr_game_step(g));
    else
        reply_ok(r, "kind=%s players=%s decision=%s step=%u",
                 p.kind == GR_PENDING_SIMULTANEOUS ? "simultaneous" : "decision", who,
                 gr_game_decision_name(g, p.decision), (unsigned)gr_game_step(g));
    return 0;
}

static int eng_legal(cli_engine *e, char **w, int n, const char *rest, reply *r)
{
    (void)rest;
    const gr_game *g = gs_game(e->gs);
    gr_pending pend;
    gr_game_pending(g, &pend);
    unsigned mask = pend.kind == GR_PENDING_OVER ? 0 : pend.players;
    if (n > 2)
        return reply_error(r, "usage", NULL, "usage: legal [PLAYER]");
    if (n == 2) {
        int p = engine_player(e, w[1], r);
        if (p < 0)
            return -1;
        mask = 1u << p;
    }
    int count = 0;
    for (int p = 0; p < gr_game_players(g); p++) {
        if (!(mask & (1u << p)))
            continue;
        int k = gr_game_legal(g, p, NULL, 0);
        gr_action *a = malloc((size_t)(k ? k : 1) * sizeof *a);
        if (!a)
            return reply_error(r, "nomem", NULL, "out of memory");
        int cap = k;
        k = gr_game_legal(g, p, a, cap);
        k = k < cap ? k : cap; /* never read past what was stored */
        for (int i = 0; i < k; i++) {
            char line[1024];
            gr_action_format(g, &a[i], line, sizeof line);
            cli_buf_printf(&r->body, "%s\n", line);
        }
        count += k;
        free(a);
    }
    reply_ok(r, "count=%d", count);
    return 0;
}

/* The game, or player p's view of it (*owned set when it must be freed). */
static const gr_game *as_player(cli_engine *e, int p, gr_game **owned, reply *r)
{
    *owned = NULL;
    if (p < 0)
        return gs_game(e->gs);
    *owned = gr_game_view(gs_game(e->gs), p);
    if (!*owned)
        reply_error(r, "nomem", NULL, "out of memory");
    return *owned;
}

static int eng_describe(cli_engine *e, char **w, int n, const char *rest, reply *r)
{
    (void)rest;
    int p = n == 2 ? engine_player(e, w[1], r) : -1;
    gr_game *view;
    if (n > 2)
        return reply_error(r, "usage", NULL, "usage: describe [PLAYER]");
    if (n == 2 && p < 0)
        return -1;
    const gr_game *g = as_player(e, p, &view, r);
    if (!g)
        return -1;
    char *text = cli_describe(g);
    if (text) {
        size_t len = strlen(text);
        cli_buf_printf(&r->body, "%s%s", text, len && text[len - 1] != '\n' ? "\n" : "");
    }
    free(text);
    gr_game_free(view);
    return text ? 0 : reply_error(r, "nomem", NULL, "out of memory");
}

/* Runs query `what` on the game or player p's view; the answer is the body. */
static int run_query(cli_engine *e, int p, const char *what, reply *r)
{
    gr_game *view;
    gr_error err = {{0}, {0}};
    const gr_game *g = as_player(e, p, &view, r);
    if (!g)
        return -1;
    char *answer = cli_query(g, what, &err);
    gr_game_free(view);
    if (!answer)
        return reply_error(r, "arg", err.rule, "%s", err.msg);
    size_t len = strlen(answer);
    cli_buf_printf(&r->body, "%s%s", answer, len && answer[len - 1] != '\n' ? "\n" : "");
    free(answer);
    return 0;
}

/* Leading "as=PLAYER" of a query text: player index in *p, text after it. */
static const char *strip_as(cli_engine *e, const char *rest, int *p, reply *r)
{
    *p = -1;
    if (strncmp(rest, "as=", 3) != 0)
        return rest;
    char name[64];
    size_t k = strcspn(rest + 3, " \t");
    snprintf(name, sizeof name, "%.*s", (int)(k < 63 ? k : 63), rest + 3);
    if ((*p = engine_player(e, name, r)) < 0)
        return NULL;
    rest += 3 + k;
    return rest + strspn(rest, " \t");
}

static int eng_query(cli_engine *e, char **w, int n, const char *rest, reply *r)
{
    (void)n;
    int p;
    const char *what = strip_as(e, rest, &p, r);
    if (!what)
        return -1;
    if (!*what)
        return reply_error(r, "usage", NULL, "usage: %s [as=PLAYER] TEXT", w[0]);
    return run_query(e, p, what, r);
}

/* odds, los, range: the same words as a system query. */
static int eng_shortcut(cli_engine *e, char **w, int n, const char *rest, reply *r)
{
    (void)n;
    int p;
    const char *args = strip_as(e, rest, &p, r);
    if (!args)
        return -1;
    char what[ENGINE_MAX_LINE + 16];
    snprintf(what, sizeof what, "%s%s%s", w[0], *args ? " " : "", args);
    return run_query(e, p, what, r);
}

static int eng_info(cli_engine *e, char **w, int n, const char *rest, reply *r)
{
    (void)w, (void)n;
    int p;
    const char *args = strip_as(e, rest, &p, r);
    if (!args)
        return -1;
    if (!*args || strchr(args, ' '))
        return reply_error(r, "usage", NULL, "usage: info [as=PLAYER] UNIT|HEX");
    char what[ENGINE_MAX_LINE + 16];
    snprintf(what, sizeof what, "unit %s", args);
    if (run_query(e, p, what, r) == 0)
        return 0;
    r->error = 0; /* not a unit: try a hex */
    cli_buf_clear(&r->head);
    snprintf(what, sizeof what, "hex %s", args);
    return run_query(e, p, what, r);
}

static int eng_log(cli_engine *e, char **w, int n, const char *rest, reply *r)
{
    (void)rest;
    int p = n == 2 ? engine_player(e, w[1], r) : -1;
    if (n > 2)
        return reply_error(r, "usage", NULL, "usage: log [PLAYER]");
    if (n == 2 && p < 0)
        return -1;
    engine_body_log(r, e->gs, 0, p);
    reply_ok(r, "lines=%d", gs_log_count(e->gs));
    return 0;
}

static int eng_history(cli_engine *e, char **w, int n, const char *rest, reply *r)
{
    (void)w, (void)n, (void)rest;
    char hash[17];
    for (int i = 0; i < gs_entries(e->gs); i++) {
        const gs_entry *x = gs_entry_at(e->gs, i);
        gs_hash_text(x->hash, hash);
        cli_buf_printf(&r->body, "%d %s %s%s\n", i + 1, hash, x->barrier ? "| " : "", x->line);
    }
    reply_ok(r, "entries=%d", gs_entries(e->gs));
    return 0;
}

static int eng_hash(cli_engine *e, char **w, int n, const char *rest, reply *r)
{
    (void)w, (void)n, (void)rest;
    engine_head_state(r, e->gs, NULL);
    return 0;
}

static int eng_undoable(cli_engine *e, char **w, int n, const char *rest, reply *r)
{
    (void)w, (void)n, (void)rest;
    const char *barrier;
    int count = gs_undoable(e->gs, &barrier);
    reply_ok(r, "count=%d", count);
    if (barrier)
        cli_buf_printf(&r->body, "barrier %s\n", barrier);
    return 0;
}

static int eng_quit(cli_engine *e, char **w, int n, const char *rest, reply *r)
{
    (void)w, (void)n, (void)rest;
    e->quit = 1;
    reply_ok(r, "bye");
    return 0;
}

const engine_command engine_commands[] = {
    {"protocol", 0, "protocol", "protocol and engine versions, rule systems", eng_protocol},
    {"help", 0, "help [COMMAND]", "this list", eng_help},
    {"scenarios", 0, "scenarios", "installed scenario ids", eng_scenarios},
    {"new", 0, "new SCENARIO [seed=N] [options=K=V,..]", "start a game", eng_new},
    {"load", 0, "load FILE", "load a save, verifying every step", eng_load},
    {"save", 1, "save FILE", "save the game atomically", eng_save},
    {"players", 1, "players", "player names, in index order", eng_players},
    {"pending", 1, "pending", "who must decide what now", eng_pending},
    {"legal", 1, "legal [PLAYER]", "legal actions, one line each", eng_legal},
    {"apply", 1, "apply ACTION-LINE", "apply an action; payload: its log", eng_apply},
    {"ai", 1, "ai [PLAYER] [agent=KIND]", "the computer plays PLAYER's decision", eng_ai},
    {"dice", 1, "dice FACE [FACE..]", "queue physical die faces for the next rolls", eng_dice},
    {"undo", 1, "undo [N]", "take back N actions (never past a roll or reveal)", eng_undo},
    {"undoable", 1, "undoable", "how many actions undo may take back", eng_undoable},
    {"describe", 1, "describe [PLAYER]", "the game as text (PLAYER: his view)", eng_describe},
    {"query", 1, "query [as=PLAYER] TEXT", "a system query (docs/<system>.md)", eng_query},
    {"odds", 1, "odds [as=PLAYER] ARGS", "query 'odds ARGS'", eng_shortcut},
    {"los", 1, "los [as=PLAYER] FROM TO", "query 'los FROM TO'", eng_shortcut},
    {"range", 1, "range [as=PLAYER] UNIT", "query 'range UNIT'", eng_shortcut},
    {"info", 1, "info [as=PLAYER] UNIT|HEX", "query 'unit X', else 'hex X'", eng_info},
    {"log", 1, "log [PLAYER]", "the game log (PLAYER: what he may see)", eng_log},
    {"history", 1, "history", "the record: step, hash, line ('|': undo barrier)", eng_history},
    {"hash", 1, "hash", "step and state hash", eng_hash},
    {"quit", 0, "quit", "end the session", eng_quit},
    {NULL, 0, NULL, NULL, NULL}};
