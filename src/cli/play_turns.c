/* play_turns.c — the play context: computer moves, whose view is on the
 * screen (hotseat hand-over), the log lines each player may see, and the
 * commands that change or store the game (undo, save, load, hint). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "host/savefile.h"
#include "host/words.h"
#include "play.h"

#define PLAY_MAX_AUTO_STEPS 100000

void play_say(play_ctx *c, play_msg kind, const char *fmt, ...)
{
    char text[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (c->transcript) {
        if (kind == PM_ECHO)
            fprintf(c->transcript, "%s> %s\n", gr_game_player_name(gs_game(c->gs), c->viewer),
                    text);
        else
            fprintf(c->transcript, "%s\n", text);
        fflush(c->transcript);
    }
    if (c->say)
        c->say(c->say_ctx, c->viewer, kind, text);
}

static void say_refusal(play_ctx *c, gr_status st, const gr_error *err)
{
    if (st == GR_ERR_ILLEGAL && err->rule[0])
        play_say(c, PM_ERROR, "error: illegal [%s]: %s", err->rule, err->msg);
    else if (st == GR_ERR_ILLEGAL)
        play_say(c, PM_ERROR, "error: illegal: %s", err->msg);
    else
        play_say(c, PM_ERROR, "error: %s", err->msg);
}

int play_interrupted(const play_ctx *c)
{
    return c->interrupt && *c->interrupt;
}

int play_over(const play_ctx *c)
{
    gr_pending p;
    gr_game_pending(gs_game(c->gs), &p);
    return p.kind == GR_PENDING_OVER;
}

int play_human_to_act(const play_ctx *c)
{
    const gr_game *g = gs_game(c->gs);
    gr_pending p;
    gr_game_pending(g, &p);
    for (int pl = 0; p.kind != GR_PENDING_OVER && pl < gr_game_players(g); pl++)
        if ((p.players & (1u << pl)) && !c->agent[pl])
            return pl;
    return -1;
}

void play_hash_text(const play_ctx *c, char *out)
{
    gr_game *view = gr_game_view(gs_game(c->gs), c->viewer);
    gs_hash_text(gr_game_hash(view), out);
    gr_game_free(view);
}

void play_refresh_view(play_ctx *c)
{
    gr_game_free(c->view);
    c->view = gr_game_view(gs_game(c->gs), c->viewer);
    if (c->view)
        board_refresh(&c->board, c->view);
    c->changed = 1;
}

/* One computer move for player p; 0, or -1 after saying why. */
static int agent_move(play_ctx *c, int p)
{
    gr_error err = {{0}, {0}};
    gr_action a;
    gr_game *view = gr_game_view(gs_game(c->gs), p);
    gr_status st = view ? gr_agent_choose(c->agent[p], view, p, &a, &err) : GR_ERR_NOMEM;
    gr_game_free(view);
    if (st == GR_OK)
        st = gs_apply(c->gs, &a, &err);
    if (st != GR_OK)
        play_say(c, PM_ERROR, "error: the computer player of %s failed: %s",
                 gr_game_player_name(gs_game(c->gs), p), err.msg);
    return st == GR_OK ? 0 : -1;
}

/*
 * The computer player who must act now, or -1.  In a secret and
 * simultaneous decision the computer waits until every person at this
 * terminal has committed: its view hides their choices all the same, and a
 * choice it committed first would sit in the record, where `save` would
 * write it before the person has seen it.
 */
static int agent_to_act(const play_ctx *c)
{
    const gr_game *g = gs_game(c->gs);
    gr_pending p;
    gr_game_pending(g, &p);
    if (p.kind == GR_PENDING_OVER)
        return -1;
    if (p.kind == GR_PENDING_SIMULTANEOUS && play_human_to_act(c) >= 0)
        return -1;
    for (int pl = 0; pl < gr_game_players(g); pl++)
        if ((p.players & (1u << pl)) && c->agent[pl])
            return pl;
    return -1;
}

#define SUMMARY_KINDS 12
#define SUMMARY_FROM 4 /* a turn of this many actions or more is summarised */

/* One line for the computer's actions the viewer saw in log lines
 * [from, end): "allied: 9 actions (5 move, 3 attack, 1 end-movement)". */
static void summarise(play_ctx *c, int from)
{
    char kind[SUMMARY_KINDS][32];
    int count[SUMMARY_KINDS] = {0}, nkinds = 0, total = 0;
    for (int i = from; i < gs_log_count(c->gs); i++) {
        const gs_logline *l = gs_log_at(c->gs, i);
        if (l->kind != GS_LOG_ACTION || !gs_log_visible(l, c->viewer))
            continue;
        char word[32];
        snprintf(word, sizeof word, "%.*s", (int)strcspn(l->text, " "), l->text);
        int k = 0;
        while (k < nkinds && strcmp(kind[k], word) != 0)
            k++;
        if (k == nkinds && nkinds < SUMMARY_KINDS)
            snprintf(kind[nkinds++], sizeof kind[0], "%s", word);
        count[k < SUMMARY_KINDS ? k : SUMMARY_KINDS - 1]++;
        total++;
    }
    if (total < SUMMARY_FROM)
        return;
    char text[512] = "";
    for (int k = 0; k < nkinds; k++)
        snprintf(text + strlen(text), sizeof text - strlen(text), "%s%d %s", k ? ", " : "",
                 count[k], kind[k]);
    play_say(c, PM_INFO, "the computer played %d actions (%s)", total, text);
}

/* Computer players act while one of them is asked; a long turn is
 * summarised in one line after its log. */
static void run_agents(play_ctx *c)
{
    int from = gs_log_count(c->gs);
    for (int steps = 0; steps < PLAY_MAX_AUTO_STEPS; steps++) {
        int who = agent_to_act(c);
        if (who < 0 || agent_move(c, who) != 0) {
            c->summary_from = steps ? from : -1;
            return;
        }
    }
    play_say(c, PM_ERROR, "error: the computer players did not stop after %d actions",
             PLAY_MAX_AUTO_STEPS);
}

/* Shows the viewer the log lines he has not seen yet and may see. */
static void show_new_log(play_ctx *c)
{
    const gs_session *gs = c->gs;
    int p = c->viewer;
    for (int i = c->shown[p]; i < gs_log_count(gs); i++) {
        const gs_logline *l = gs_log_at(gs, i);
        char title[128];
        if (!gs_log_visible(l, p))
            continue;
        char said[1024];
        const char *text = l->text;
        if (c->words) {
            gr_wording_say(c->words, l->kind == GS_LOG_ACTION, l->text, said, sizeof said);
            text = said;
        }
        if (play_card_title(c->view, l->text, title, sizeof title))
            play_say(c, PM_LOG, "%s%s \"%s\"", l->kind == GS_LOG_EVENT ? "  " : "> ", text,
                     title);
        else
            play_say(c, PM_LOG, "%s%s", l->kind == GS_LOG_EVENT ? "  " : "> ", text);
    }
    c->shown[p] = gs_log_count(gs);
}

static void announce(play_ctx *c)
{
    const gr_game *g = gs_game(c->gs);
    gr_pending p;
    gr_game_pending(g, &p);
    if (p.kind == GR_PENDING_OVER) {
        play_say(c, PM_TURN, "game over: %s; winner %s (type 'quit' to leave, 'save' to keep it)",
                 gr_game_outcome_name(g, p.outcome),
                 p.winner >= 0 ? gr_game_player_name(g, p.winner) : "nobody (draw)");
        return;
    }
    int who = play_human_to_act(c);
    if (who >= 0)
        play_say(c, PM_TURN, "%s: your decision: %s%s (type 'options' or 'help')",
                 gr_game_player_name(g, who), gr_game_decision_name(g, p.decision),
                 p.kind == GR_PENDING_SIMULTANEOUS ? ", secret and simultaneous" : "");
}

void play_advance(play_ctx *c)
{
    if (c->notice[0]) {
        play_say(c, PM_INFO, "%s", c->notice);
        c->notice[0] = '\0';
    }
    run_agents(c);
    int who = play_human_to_act(c);
    if (who >= 0 && who != c->viewer) {
        show_new_log(c); /* what the last viewer still had to see */
        c->viewer = who;
        c->pass_pending = c->humans > 1;
    }
    show_new_log(c);
    if (c->summary_from >= 0)
        summarise(c, c->summary_from);
    c->summary_from = -1;
    announce(c);
    play_refresh_view(c);
}

int play_apply_human(play_ctx *c, const gr_action *a)
{
    gr_error err = {{0}, {0}};
    gr_status st = gs_apply(c->gs, a, &err);
    if (st != GR_OK) {
        say_refusal(c, st, &err);
        return -1;
    }
    memset(c->highlight, 0, (size_t)(c->board.nhex ? c->board.nhex : 1));
    play_advance(c);
    return 0;
}

int play_init(play_ctx *c, gs_session *gs, unsigned human, const char *agent_kind, uint64_t seed,
              play_say_fn say, void *say_ctx, char *why, size_t why_size)
{
    memset(c, 0, sizeof *c);
    c->gs = gs;
    c->say = say;
    c->say_ctx = say_ctx;
    snprintf(c->agent_kind, sizeof c->agent_kind, "%s", agent_kind ? agent_kind : "random");
    snprintf(c->save_path, sizeof c->save_path, "%s.save.json", gr_scenario_id(gs_scenario(gs)));
    const gr_game *g = gs_game(gs);
    gr_error err = {{0}, {0}};
    c->viewer = -1;
    for (int p = 0; p < gr_game_players(g) && p < PLAY_MAX_PLAYERS; p++) {
        if (human & (1u << p)) {
            c->humans++;
            c->viewer = c->viewer < 0 ? p : c->viewer;
        } else if (!(c->agent[p] =
                         cli_agent_new(c->agent_kind, seed + 1 + (uint64_t)p, &err))) {
            snprintf(why, why_size, "%s", err.msg);
            return -1;
        }
    }
    c->viewer = c->viewer < 0 ? 0 : c->viewer;
    c->saved_entries = -1;
    c->summary_from = -1;
    char reason[256];
    gr_game *view = gr_game_view(g, c->viewer);
    if (view && board_load_map(&c->board, view, reason, sizeof reason) != 0)
        c->board.has_map = 0; /* no hex map: describe text instead */
    gr_game_free(view);
    c->highlight = calloc((size_t)(c->board.nhex ? c->board.nhex : 1), 1);
    if (!c->highlight) {
        snprintf(why, why_size, "out of memory");
        return -1;
    }
    return 0;
}

int play_words_on(play_ctx *c, int on, char *why, size_t why_size)
{
    gr_wording *w = NULL;
    if (on && !(w = gw_words_load(NULL, gr_scenario_system(gs_scenario(c->gs)), why, why_size)))
        return -1;
    gr_wording_free(c->words);
    c->words = w;
    return 0;
}

void play_free(play_ctx *c)
{
    gr_wording_free(c->words);
    for (int p = 0; p < PLAY_MAX_PLAYERS; p++)
        gr_agent_free(c->agent[p]);
    gr_game_free(c->view);
    board_free(&c->board);
    free(c->highlight);
    free(c->listed);
    gs_free(c->gs);
    memset(c, 0, sizeof *c);
}

/* ---------------------------------------------------------------- undo, save, load, hint */

void play_undo(play_ctx *c)
{
    int n = 0, found = 0;
    for (int i = gs_entries(c->gs) - 1; i >= 0 && !found; i--) {
        const gs_entry *e = gs_entry_at(c->gs, i);
        if (e->type != GS_ENTRY_ACTION)
            continue;
        n++;
        found = e->action.player == c->viewer || (c->humans > 1 && !c->agent[e->action.player]);
    }
    if (!found) {
        play_say(c, PM_ERROR, "error: nothing of yours to undo");
        return;
    }
    gr_error err = {{0}, {0}};
    const char *barrier;
    if (n > gs_undoable(c->gs, &barrier) && barrier) {
        play_say(c, PM_ERROR,
                 "error: cannot undo: a die roll or a revelation came after your last action "
                 "(%s); undo never goes back past it",
                 barrier);
        return;
    }
    if (gs_undo(c->gs, n, &err) != GR_OK) {
        play_say(c, PM_ERROR, "error: %s", err.msg);
        return;
    }
    for (int p = 0; p < PLAY_MAX_PLAYERS; p++)
        if (c->shown[p] > gs_log_count(c->gs))
            c->shown[p] = gs_log_count(c->gs);
    play_say(c, PM_INFO, "undone: %d action%s; back at step %u", n, n == 1 ? "" : "s",
             (unsigned)gr_game_step(gs_game(c->gs)));
    play_advance(c);
}

void play_save(play_ctx *c, const char *path)
{
    char why[1024], hash[17];
    const gr_game *g = gs_game(c->gs);
    char sides[256] = "";
    for (int p = 0; p < gr_game_players(g) && p < PLAY_MAX_PLAYERS; p++)
        if (!c->agent[p])
            snprintf(sides + strlen(sides), sizeof sides - strlen(sides), "%s%s",
                     sides[0] ? "," : "", gr_game_player_name(g, p));
    gs_meta_set(c->gs, "humans", sides[0] ? sides : "-");
    gs_meta_set(c->gs, "ai", c->agent_kind);
    if (!path || !*path)
        path = c->save_path;
    if (gs_save(c->gs, path, why, sizeof why) != 0) {
        play_say(c, PM_ERROR, "error: save failed: %s", why);
        return;
    }
    play_hash_text(c, hash);
    c->saved_entries = gs_entries(c->gs);
    play_say(c, PM_INFO, "saved to %s (step %u, hash %s)", path, (unsigned)gr_game_step(g), hash);
}

void play_load(play_ctx *c, const char *path)
{
    char why[1024], hash[17];
    gs_session *gs = gs_load(path, why, sizeof why);
    if (!gs) {
        play_say(c, PM_ERROR, "error: load failed: %s", why);
        return;
    }
    if (strcmp(gr_scenario_id(gs_scenario(gs)), gr_scenario_id(gs_scenario(c->gs))) != 0) {
        play_say(c, PM_ERROR, "error: load failed: %s is a game of %s, not of %s", path,
                 gr_scenario_id(gs_scenario(gs)), gr_scenario_id(gs_scenario(c->gs)));
        gs_free(gs);
        return;
    }
    gs_free(c->gs);
    c->gs = gs;
    c->saved_entries = gs_entries(gs);
    for (int p = 0; p < PLAY_MAX_PLAYERS; p++)
        c->shown[p] = gs_log_count(gs);
    play_hash_text(c, hash);
    play_say(c, PM_INFO, "loaded %s: step %u, all %d steps verified, hash %s", path,
             (unsigned)gr_game_step(gs_game(gs)), gs_entries(gs), hash);
    play_advance(c);
}

void play_hint(play_ctx *c)
{
    int p = play_human_to_act(c);
    if (p < 0) {
        play_say(c, PM_ERROR, "error: no decision of yours now");
        return;
    }
    gr_error err = {{0}, {0}};
    /* seeded from what p may see: advice never depends on hidden choices */
    gr_game *view = gr_game_view(gs_game(c->gs), p);
    gr_agent *a = view ? cli_agent_new(c->agent_kind, gr_game_hash(view), &err) : NULL;
    gr_action act;
    char line[PLAY_MAX_LINE];
    if (a && view && gr_agent_choose(a, view, p, &act, &err) == GR_OK) {
        gr_action_format(view, &act, line, sizeof line);
        play_say(c, PM_INFO, "hint (%s): %s", c->agent_kind, line);
    } else {
        play_say(c, PM_ERROR, "error: no hint: %s", err.msg[0] ? err.msg : "out of memory");
    }
    gr_game_free(view);
    gr_agent_free(a);
}
