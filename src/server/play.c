/* play.c — a seat's actions, its view of the game and the finished game's
 * record; see lobby.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/files.h"
#include "host/savefile.h"
#include "lobby_int.h"

#define SV_MAX_LEGAL 1000 /* options listed in a view; more: "legal_more" */

gr_status sv_commit_action(sv_lobby *lb, sv_game *g, const gr_action *a, gr_error *err)
{
    char line[1024], why[256];
    const gr_game *now = gs_game(g->gs);
    gr_action_format(now, a, line, sizeof line);
    gr_game *trial = gr_game_clone(now);
    if (!trial)
        return GR_ERR_NOMEM;
    gr_status st = gr_game_apply(trial, a, err);
    uint64_t hash = gr_game_hash(trial);
    gr_game_free(trial);
    if (st != GR_OK)
        return st; /* refused: nothing stored, nothing changed */
    if (sv_store_append(lb->store, g->def.id, gs_entries(g->gs), line, hash, why, sizeof why) != 0) {
        snprintf(err->msg, sizeof err->msg, "not stored: %.200s", why);
        return GR_ERR_STATE;
    }
    st = gs_apply(g->gs, a, err); /* the engine is deterministic: as tried */
    if (st != GR_OK || gs_entry_at(g->gs, gs_entries(g->gs) - 1)->hash != hash) {
        fprintf(stderr, "grognard serve: game %s: stored step does not replay\n", g->def.id);
        abort(); /* an engine that is not deterministic: stop before more harm */
    }
    return GR_OK;
}

/* The seat of token in g (g's mutex held), or a reply refusing it. */
static int authorise(const sv_game *g, const char *token, int need_player, sv_reply *bad)
{
    if (!token || !*token) {
        *bad = sv_error(401, "no token: send \"Authorization: Bearer TOKEN\"");
        return SV_NOBODY;
    }
    int seat = sv_seat_of(g, token);
    if (seat == SV_NOBODY)
        *bad = sv_error(403, "no seat of this game has this token");
    else if (seat == SV_SPECTATOR && need_player)
        *bad = sv_error(403, "a spectator cannot act");
    return seat == SV_SPECTATOR && need_player ? SV_NOBODY : seat;
}

/* Needs of a request on a game (lock_for). */
enum { SV_ANYONE = 0, SV_PLAYER = 1, SV_STARTED = 2 };

/*
 * The game `id` locked for the seat of `token` (*seat: a player or
 * SV_SPECTATOR); NULL and *bad when there is no such game, the token is
 * refused, a spectator asks what needs SV_PLAYER, or a game waiting for
 * its seats is asked what needs SV_STARTED (the game is then not locked).
 */
static sv_game *lock_for(sv_lobby *lb, const char *id, const char *token, int needs, int *seat,
                         sv_reply *bad)
{
    sv_game *g = sv_find(lb, id);
    if (!g) {
        *bad = sv_error(404, "no game %s", id ? id : "");
        return NULL;
    }
    pthread_mutex_lock(&g->mu);
    *seat = authorise(g, token, needs & SV_PLAYER, bad);
    if (*seat != SV_NOBODY && (needs & SV_STARTED) && !g->gs) {
        *bad = sv_error(409, "the game waits for every seat to join");
        *seat = SV_NOBODY;
    }
    if (*seat == SV_NOBODY) {
        pthread_mutex_unlock(&g->mu);
        return NULL;
    }
    return g;
}

/*
 * Non-zero when seat p acting on the view of step `seen` acts on the game
 * as it stands: `seen` is the current step; or p is in a secret and
 * simultaneous decision and every entry since is another seat's commit
 * that rolled, drew and revealed nothing (an opponent committing in the
 * same decision does not make p's choice stale).  A message of p replayed
 * after it was accepted is refused: p's own action lies since `seen`.
 */
static int seen_is_current(const sv_game *g, int p, json_int_t seen)
{
    int steps = gs_entries(g->gs);
    if (seen == steps)
        return 1;
    gr_pending pend;
    gr_game_pending(gs_game(g->gs), &pend);
    if (seen < 0 || seen > steps || pend.kind != GR_PENDING_SIMULTANEOUS ||
        !(pend.players & (1u << p)))
        return 0;
    for (int i = (int)seen; i < steps; i++) {
        const gs_entry *e = gs_entry_at(g->gs, i);
        if (e->type != GS_ENTRY_ACTION || e->action.player == p || e->barrier)
            return 0;
    }
    return 1;
}

/* Parses the action line for seat p; 0, or -1 and *bad. */
static int read_action(const sv_game *g, int p, json_t *root, gr_action *a, sv_reply *bad)
{
    json_t *step = json_object_get(root, "step");
    const char *line = json_string_value(json_object_get(root, "action"));
    int steps = gs_entries(g->gs);
    if (!json_is_integer(step) || !line) {
        *bad = sv_error(400, "an action is {\"step\": N, \"action\": LINE}");
        return -1;
    }
    if (!seen_is_current(g, p, json_integer_value(step))) {
        *bad = sv_error(409, "stale or replayed: the game is at step %d, not %lld", steps,
                        (long long)json_integer_value(step));
        return -1;
    }
    gr_error err = {{0}, {0}};
    gr_game *view = gr_game_view(gs_game(g->gs), p);
    gr_status st = view ? gr_action_parse(view, line, a, &err) : GR_ERR_NOMEM;
    gr_game_free(view);
    if (st != GR_OK) {
        *bad = sv_error(400, "%s", err.msg);
        return -1;
    }
    if (a->player != p) {
        *bad = sv_error(403, "this action is not %s's",
                        gr_game_player_name(gs_game(g->gs), p));
        return -1;
    }
    return 0;
}

sv_reply sv_lobby_act(sv_lobby *lb, const char *id, const char *token, const char *body,
                      size_t len)
{
    sv_reply r;
    json_t *root = sv_parse_body(body, len, &r);
    int seat;
    sv_game *g = root ? lock_for(lb, id, token, SV_PLAYER | SV_STARTED, &seat, &r) : NULL;
    if (!g) {
        json_decref(root);
        return r;
    }
    gr_action a;
    gr_error err = {{0}, {0}};
    int steps = 0;
    if (read_action(g, seat, root, &a, &r) == 0) {
        gr_status st = sv_commit_action(lb, g, &a, &err);
        steps = gs_entries(g->gs);
        if (st == GR_OK)
            r = sv_json(200, json_pack("{si}", "step", steps));
        else if (st == GR_ERR_ILLEGAL)
            r = sv_json(422, json_pack("{ss ss}", "error", err.msg, "rule", err.rule));
        else
            r = sv_error(st == GR_ERR_STATE ? 500 : 400, "%s", err.msg);
    }
    pthread_mutex_unlock(&g->mu);
    json_decref(root);
    if (r.status == 200)
        sv_announce(lb, id, steps);
    return r;
}

/* The log lines seat may see (spectator: lines everybody sees), from its
 * since-th visible line on. */
/* The log lines seat may see from its since-th on, and the same in words
 * (into *words), newest last; *total counts every line it may see. */
static json_t *visible_log(const gs_session *gs, const gr_wording *w, int seat, int since,
                           int *total, json_t **words)
{
    json_t *lines = json_array();
    *words = json_array();
    int n = 0;
    for (int i = 0; i < gs_log_count(gs); i++) {
        const gs_logline *l = gs_log_at(gs, i);
        int sees = seat >= 0 ? gs_log_visible(l, seat) : l->vis == GR_VIS_ALL;
        if (!sees || n++ < since)
            continue;
        char said[1024];
        gr_wording_say(w, l->kind == GS_LOG_ACTION, l->text, said, sizeof said);
        json_array_append_new(lines, json_string(l->text));
        json_array_append_new(*words, json_string(said));
    }
    *total = n;
    return lines;
}

/* The seat's legal actions as lines (view: the seat's own), and the same
 * in words into *words. */
static json_t *legal_lines(const gr_game *view, const gr_wording *w, int seat, int *more,
                           json_t **words)
{
    json_t *out = json_array();
    *words = json_array();
    gr_action *acts = malloc(SV_MAX_LEGAL * sizeof *acts);
    int n = acts ? gr_game_legal(view, seat, acts, SV_MAX_LEGAL) : 0;
    *more = n > SV_MAX_LEGAL;
    for (int i = 0; i < n && i < SV_MAX_LEGAL; i++) {
        char line[1024], said[1024];
        gr_action_format(view, &acts[i], line, sizeof line);
        gr_wording_say(w, 1, line, said, sizeof said);
        json_array_append_new(out, json_string(line));
        json_array_append_new(*words, json_string(said));
    }
    free(acts);
    return out;
}

static json_t *describe_text(const gr_game *view)
{
    size_t size = 1 << 16;
    for (int tries = 0; tries < 4; tries++, size *= 4) {
        char *buf = malloc(size);
        if (!buf)
            return json_null();
        int n = gr_game_describe(view, buf, size);
        json_t *s = n >= 0 && (size_t)n < size ? json_string(buf) : NULL;
        free(buf);
        if (s)
            return s;
    }
    return json_null();
}

/* The answer to query `what` on a view as a JSON string, or null when the
 * system does not answer it. */
/* The answer to query `what` on a view as a JSON string; NULL with err
 * set when the system refuses it (or memory runs out). */
static json_t *query_answer(const gr_game *view, const char *what, gr_error *err)
{
    size_t size = 1 << 18;
    char *buf = view ? malloc(size) : NULL;
    gr_status st = buf ? gr_game_query(view, what, buf, size, err) : GR_ERR_NOMEM;
    json_t *out = st == GR_OK ? json_string(buf) : NULL;
    free(buf);
    if (!out && !err->msg[0])
        snprintf(err->msg, sizeof err->msg, "out of memory");
    return out;
}

static json_t *query_text(const gr_game *view, const char *what)
{
    gr_error err = {{0}, {0}};
    json_t *out = query_answer(view, what, &err);
    return out ? out : json_null();
}

static json_t *player_names(const gr_game *g, uint8_t mask)
{
    json_t *out = json_array();
    for (int p = 0; p < gr_game_players(g); p++)
        if (mask & (1u << p))
            json_array_append_new(out, json_string(gr_game_player_name(g, p)));
    return out;
}

static const char *pending_kind(gr_pending_kind k)
{
    return k == GR_PENDING_OVER ? "over" : k == GR_PENDING_SIMULTANEOUS ? "simultaneous" : "one";
}

/* What seat sees of a started game (g's mutex held). */
static json_t *seat_view(const sv_game *g, const gr_wording *w, int seat, int since)
{
    const gr_game *full = gs_game(g->gs);
    gr_pending p;
    gr_game_pending(full, &p);
    int total = 0, more = 0;
    json_t *words;
    json_t *o = json_pack("{si s{ss so ss} so}", "step", gs_entries(g->gs), "pending", "kind",
                          pending_kind(p.kind), "players", player_names(full, p.players),
                          "decision", gr_game_decision_name(full, p.decision), "log",
                          visible_log(g->gs, w, seat, since, &total, &words));
    json_object_set_new(o, "log_words", words);
    json_object_set_new(o, "log_from", json_integer(since));
    json_object_set_new(o, "log_total", json_integer(total));
    if (p.kind == GR_PENDING_OVER)
        json_object_set_new(o, "result",
                            json_pack("{ss ss}", "outcome", gr_game_outcome_name(full, p.outcome),
                                      "winner", p.winner >= 0 ? gr_game_player_name(full, p.winner)
                                                              : "draw"));
    if (seat < 0)
        return o;
    gr_game *view = gr_game_view(full, seat);
    int due = p.kind != GR_PENDING_OVER && (p.players & (1u << seat));
    json_object_set_new(o, "your_turn", json_boolean(due));
    json_object_set_new(o, "describe", view ? describe_text(view) : json_null());
    json_object_set_new(o, "units", view ? query_text(view, "units") : json_null());
    json_object_set_new(o, "panel", view ? query_text(view, "panel") : json_null());
    if (due && view) {
        json_t *legal_words;
        json_object_set_new(o, "legal", legal_lines(view, w, seat, &more, &legal_words));
        json_object_set_new(o, "legal_words", legal_words);
        json_object_set_new(o, "legal_more", json_boolean(more));
    }
    gr_game_free(view);
    return o;
}

/* Seats: who plays each side, who has joined (nothing secret). */
static json_t *seats_json(const sv_game *g)
{
    json_t *out = json_array();
    for (int p = 0; p < g->def.nseats; p++) {
        const sv_seatdef *s = &g->def.seat[p];
        json_array_append_new(out, json_pack("{ss ss sb}", "player", g->name[p], "kind",
                                             s->kind == SV_HUMAN ? "human" : s->agent, "joined",
                                             s->joined != 0));
    }
    return out;
}

sv_reply sv_lobby_state(sv_lobby *lb, const char *id, const char *token, int since)
{
    sv_reply r;
    int seat;
    sv_game *g = lock_for(lb, id, token, SV_ANYONE, &seat, &r);
    if (!g)
        return r;
    const gr_wording *w = g->gs ? sv_words(lb, gr_scenario_system(gs_scenario(g->gs))) : NULL;
    json_t *o = g->gs ? seat_view(g, w, seat, since < 0 ? 0 : since) : json_object();
    json_object_set_new(o, "game", json_string(g->def.id));
    json_object_set_new(o, "scenario", json_string(g->def.scenario));
    json_object_set_new(o, "commitment", json_string(g->commitment));
    json_object_set_new(o, "started", json_boolean(g->gs != NULL));
    json_object_set_new(o, "seats", seats_json(g));
    json_object_set_new(o, "you", seat >= 0 ? json_string(g->name[seat]) : json_null());
    r = sv_json(200, o);
    pthread_mutex_unlock(&g->mu);
    return r;
}

/* The record: the save text with "commitment" {hash, secret, entropy[]}
 * added and the checksum sealed again (g's mutex held). */
static sv_reply record_of(const sv_game *g)
{
    char why[512];
    char *text = gs_save_text(g->gs, why, sizeof why);
    json_t *root = text ? json_loads(text, 0, NULL) : NULL;
    free(text);
    if (!root)
        return sv_error(500, "no record: %s", why);
    char secret[2 * SV_SECRET_BYTES + 1];
    sv_secret_hex(g->def.secret, secret);
    json_t *entropy = json_array();
    for (int p = 0; p < g->def.nseats; p++)
        json_array_append_new(entropy, json_string(g->def.seat[p].entropy));
    json_object_set_new(root, "commitment", json_pack("{ss ss so}", "hash", g->commitment,
                                                      "secret", secret, "entropy", entropy));
    char *open = json_dumps(root, JSON_INDENT(1) | JSON_SORT_KEYS);
    json_decref(root);
    char *sealed = open ? gs_save_reseal(open, strlen(open), why, sizeof why) : NULL;
    free(open);
    if (!sealed)
        return sv_error(500, "no record: %s", why);
    return (sv_reply){200, sealed};
}

sv_reply sv_lobby_record(sv_lobby *lb, const char *id, const char *token)
{
    sv_reply r;
    int seat;
    sv_game *g = lock_for(lb, id, token, SV_ANYONE, &seat, &r);
    if (!g)
        return r;
    gr_pending p = {0};
    if (g->gs)
        gr_game_pending(gs_game(g->gs), &p);
    if (!g->gs || p.kind != GR_PENDING_OVER)
        r = sv_error(409, "the record, with the secret seed, is given when the game is over");
    else
        r = record_of(g);
    pthread_mutex_unlock(&g->mu);
    return r;
}

sv_reply sv_lobby_scenarios(sv_lobby *lb)
{
    (void)lb;
    char *names[512];
    int n = gr_host_list_scenarios(names, 512);
    if (n < 0)
        return sv_error(500, "cannot read %s/scenarios", gr_host_data_dir());
    json_t *list = json_array();
    for (int i = 0; i < n; i++) {
        json_array_append_new(list, json_string(names[i]));
        free(names[i]);
    }
    return sv_json(200, json_pack("{so}", "scenarios", list));
}

sv_reply sv_lobby_board(sv_lobby *lb, const char *id, const char *token)
{
    sv_reply r;
    int seat;
    sv_game *g = lock_for(lb, id, token, SV_STARTED, &seat, &r);
    if (!g)
        return r;
    /* the map is static and public: any player's view answers it */
    gr_game *view = gr_game_view(gs_game(g->gs), seat >= 0 ? seat : 0);
    json_t *board = view ? query_text(view, "board") : json_null();
    gr_game_free(view);
    r = sv_json(200, json_pack("{so}", "board", board));
    pthread_mutex_unlock(&g->mu);
    return r;
}

sv_reply sv_lobby_query(sv_lobby *lb, const char *id, const char *token, const char *q)
{
    if (!q || !*q || strlen(q) > 256)
        return sv_error(400, "a query is ?q=TEXT, 1 to 256 characters");
    sv_reply r;
    int seat;
    sv_game *g = lock_for(lb, id, token, SV_PLAYER | SV_STARTED, &seat, &r);
    if (!g)
        return r;
    gr_game *view = gr_game_view(gs_game(g->gs), seat); /* what-if: never the game */
    gr_error err = {{0}, {0}};
    json_t *answer = query_answer(view, q, &err);
    gr_game_free(view);
    r = answer ? sv_json(200, json_pack("{so}", "answer", answer)) : sv_error(400, "%s", err.msg);
    pthread_mutex_unlock(&g->mu);
    return r;
}
