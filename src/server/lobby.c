/* lobby.c — games, seats, joining, loading at start and the computer
 * seats' workers; see lobby.h.  Actions, views and records: play.c. */
#include <sodium.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lobby_int.h"
#include "host/files.h"

void sv_reply_free(sv_reply *r)
{
    free(r->body);
    r->body = NULL;
}

sv_reply sv_json(int status, json_t *obj)
{
    sv_reply r = {status, obj ? json_dumps(obj, JSON_COMPACT) : NULL};
    json_decref(obj);
    if (!r.body)
        r = (sv_reply){500, strdup("{\"error\":\"out of memory\"}")};
    return r;
}

sv_reply sv_error(int status, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return sv_json(status, json_pack("{ss}", "error", msg));
}

json_t *sv_parse_body(const char *body, size_t len, sv_reply *bad)
{
    json_error_t jerr;
    if (len > SV_BODY_MAX) {
        *bad = sv_error(413, "request body of %zu bytes: the limit is %d", len, SV_BODY_MAX);
        return NULL;
    }
    json_t *root = json_loadb(body ? body : "", len, JSON_REJECT_DUPLICATES, &jerr);
    if (!root) {
        *bad = sv_error(400, "invalid JSON at line %d column %d: %s", jerr.line, jerr.column,
                        jerr.text);
        return NULL;
    }
    if (!json_is_object(root)) {
        json_decref(root);
        *bad = sv_error(400, "the body must be a JSON object");
        return NULL;
    }
    return root;
}

sv_game *sv_find(sv_lobby *lb, const char *id)
{
    sv_game *found = NULL;
    pthread_mutex_lock(&lb->mu);
    for (int i = 0; id && i < lb->ngames && !found; i++)
        if (strcmp(lb->game[i]->def.id, id) == 0)
            found = lb->game[i];
    pthread_mutex_unlock(&lb->mu);
    return found;
}

static void token_hash(const char *token, uint8_t out[SV_TOKEN_HASH])
{
    crypto_generichash(out, SV_TOKEN_HASH, (const unsigned char *)token, strlen(token), NULL, 0);
}

int sv_seat_of(const sv_game *g, const char *token)
{
    if (!token || strlen(token) != SV_TOKEN_TEXT - 1)
        return SV_NOBODY;
    uint8_t h[SV_TOKEN_HASH];
    token_hash(token, h);
    int seat = SV_NOBODY;
    for (int p = 0; p < g->def.nseats; p++) {
        const sv_seatdef *s = &g->def.seat[p];
        int same = sodium_memcmp(h, s->token_hash, SV_TOKEN_HASH) == 0;
        seat = same && s->kind == SV_HUMAN ? p : seat;
    }
    if (sodium_memcmp(h, g->def.spectator_hash, SV_TOKEN_HASH) == 0)
        seat = SV_SPECTATOR;
    return seat;
}

/* A new token: its text into out and its hash into hash. */
static void token_new(char *out, uint8_t hash[SV_TOKEN_HASH])
{
    uint8_t raw[32];
    randombytes_buf(raw, sizeof raw);
    sodium_bin2hex(out, SV_TOKEN_TEXT, raw, sizeof raw);
    token_hash(out, hash);
}

void sv_announce(sv_lobby *lb, const char *id, int steps)
{
    pthread_mutex_lock(&lb->mu);
    pthread_cond_broadcast(&lb->wake);
    pthread_mutex_unlock(&lb->mu);
    if (lb->changed)
        lb->changed(lb->changed_ctx, id, steps);
}

/* ---------------------------------------------------------------- starting a game */

static int all_joined(const sv_gamedef *def)
{
    for (int p = 0; p < def->nseats; p++)
        if (def->seat[p].kind == SV_HUMAN && !def->seat[p].joined)
            return 0;
    return 1;
}

/* Opens g's session once every human seat has joined (g's mutex held, or
 * g not shared yet).  0, or -1 + why. */
static int start_game(sv_game *g, char *why, size_t why_size)
{
    if (g->gs || !all_joined(&g->def))
        return 0;
    const char *entropy[GR_MAX_PLAYERS];
    for (int p = 0; p < g->def.nseats; p++)
        entropy[p] = g->def.seat[p].entropy;
    uint64_t seed = sv_commit_seed(g->def.secret, entropy, g->def.nseats);
    gr_error err = {{0}, {0}};
    g->gs = gs_open(g->def.scenario, seed, g->def.options[0] ? g->def.options : NULL, &err);
    if (!g->gs) {
        snprintf(why, why_size, "game %s: %s", g->def.id, err.msg);
        return -1;
    }
    return 0;
}

static sv_game *game_new(const sv_gamedef *def)
{
    sv_game *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->def = *def;
    sv_commit_text(def->secret, g->commitment);
    gr_error err = {{0}, {0}};
    gs_session *probe = gs_open(def->scenario, 0, def->options[0] ? def->options : NULL, &err);
    for (int p = 0; probe && p < def->nseats && p < gr_game_players(gs_game(probe)); p++)
        snprintf(g->name[p], sizeof g->name[p], "%s", gr_game_player_name(gs_game(probe), p));
    gs_free(probe);
    pthread_mutex_init(&g->mu, NULL);
    return g;
}

static void game_free(sv_game *g)
{
    if (!g)
        return;
    for (int p = 0; p < GR_MAX_PLAYERS; p++)
        gr_agent_free(g->agent[p]);
    gs_free(g->gs);
    pthread_mutex_destroy(&g->mu);
    free(g);
}

/* Adds g to the lobby (which owns it from now on, also on failure). */
static int add_game(sv_lobby *lb, sv_game *g)
{
    pthread_mutex_lock(&lb->mu);
    if (lb->ngames == lb->cap) {
        int cap = lb->cap ? 2 * lb->cap : 16;
        sv_game **more = realloc(lb->game, (size_t)cap * sizeof *more);
        if (!more) {
            pthread_mutex_unlock(&lb->mu);
            game_free(g);
            return -1;
        }
        lb->game = more, lb->cap = cap;
    }
    lb->game[lb->ngames++] = g;
    pthread_mutex_unlock(&lb->mu);
    return 0;
}

/* ---------------------------------------------------------------- loading at start */

typedef struct loading {
    sv_lobby *lb;
    int failed;
} loading;

static int load_one(const sv_gamedef *def, void *ctx)
{
    loading *ld = ctx;
    sv_game *g = game_new(def);
    if (!g || add_game(ld->lb, g) != 0)
        ld->failed = 1;
    return ld->failed;
}

static int replay_step(int step, const char *line, uint64_t hash, void *ctx)
{
    sv_game *g = ctx;
    gr_error err = {{0}, {0}};
    if (!g->gs || step != gs_entries(g->gs))
        return -1;
    return gs_apply_record(g->gs, line, &hash, &err) == GR_OK ? 0 : -1;
}

/* Rebuilds every stored game; 0 or -1 + why. */
static int load_games(sv_lobby *lb, char *why, size_t why_size)
{
    loading ld = {lb, 0};
    if (sv_store_each_game(lb->store, load_one, &ld, why, why_size) != 0)
        return -1;
    if (ld.failed) {
        snprintf(why, why_size, "out of memory loading the games");
        return -1;
    }
    for (int i = 0; i < lb->ngames; i++) {
        sv_game *g = lb->game[i];
        if (start_game(g, why, why_size) != 0 ||
            sv_store_each_action(lb->store, g->def.id, replay_step, g, why, why_size) != 0)
            return -1;
    }
    return 0;
}

/* ---------------------------------------------------------------- creating and joining */

/* Reads "seats" into def (player count and names from game g). */
static int read_seats(json_t *seats, const gr_game *g, sv_gamedef *def, sv_reply *bad)
{
    def->nseats = gr_game_players(g);
    for (int p = 0; p < def->nseats; p++) {
        json_t *v = seats ? json_array_get(seats, (size_t)p) : NULL;
        const char *kind = v ? json_string_value(v) : "human";
        if (!kind || !*kind || strlen(kind) >= SV_AGENT_TEXT) {
            *bad = sv_error(400, "seat %d (%s): a seat is \"human\" or an agent such as \"mcts\"",
                            p, gr_game_player_name(g, p));
            return -1;
        }
        if (strcmp(kind, "human") == 0)
            continue;
        gr_error err = {{0}, {0}};
        gr_agent *a = gr_agent_from_spec(kind, 1, &err);
        if (!a) {
            *bad = sv_error(400, "seat %d (%s): %s", p, gr_game_player_name(g, p), err.msg);
            return -1;
        }
        gr_agent_free(a);
        def->seat[p].kind = SV_COMPUTER;
        def->seat[p].joined = 1;
        snprintf(def->seat[p].agent, sizeof def->seat[p].agent, "%s", kind);
    }
    if (seats && (!json_is_array(seats) || json_array_size(seats) != (size_t)def->nseats)) {
        *bad = sv_error(400, "\"seats\" must list %d seats, one per player", def->nseats);
        return -1;
    }
    return 0;
}

/* Checks the creation request into def; 0, or -1 and *bad. */
static int read_create(json_t *root, sv_gamedef *def, sv_reply *bad)
{
    const char *id = json_string_value(json_object_get(root, "scenario"));
    json_t *opt = json_object_get(root, "options");
    const char *options = opt ? json_string_value(opt) : "";
    if (!id || !*id || strlen(id) >= sizeof def->scenario || strspn(id, "abcdefghijklmnopqrstuvwxyz0123456789-_") != strlen(id)) {
        *bad = sv_error(400, "\"scenario\" must name an installed scenario (GET /api/scenarios)");
        return -1;
    }
    if (!options || strlen(options) >= sizeof def->options) {
        *bad = sv_error(400, "\"options\" must be a string of K=V pairs");
        return -1;
    }
    snprintf(def->scenario, sizeof def->scenario, "%s", id);
    snprintf(def->options, sizeof def->options, "%s", options);
    gr_error err = {{0}, {0}};
    gs_session *probe = gs_open(id, 0, options[0] ? options : NULL, &err);
    if (!probe) {
        *bad = sv_error(400, "%s", err.msg);
        return -1;
    }
    int rc = read_seats(json_object_get(root, "seats"), gs_game(probe), def, bad);
    gs_free(probe);
    return rc;
}

/* The creation reply: id, commitment, one token and link per seat. */
static json_t *created(const sv_game *g, char tokens[][SV_TOKEN_TEXT], const char *spectator)
{
    json_t *seats = json_array();
    for (int p = 0; p < g->def.nseats; p++) {
        int human = g->def.seat[p].kind == SV_HUMAN;
        char link[256];
        snprintf(link, sizeof link, "/play.html#game=%s&token=%s", g->def.id, tokens[p]);
        json_array_append_new(seats, json_pack("{ss ss ss* ss*}", "player", g->name[p], "kind",
                                               human ? "human" : g->def.seat[p].agent, "token",
                                               human ? tokens[p] : NULL, "link",
                                               human ? link : NULL));
    }
    char link[256];
    snprintf(link, sizeof link, "/play.html#game=%s&token=%s", g->def.id, spectator);
    return json_pack("{ss ss ss so s{ss ss}}", "game", g->def.id, "scenario", g->def.scenario,
                     "commitment", g->commitment, "seats", seats, "spectator", "token",
                     spectator, "link", link);
}

sv_reply sv_lobby_create(sv_lobby *lb, const char *body, size_t len)
{
    sv_reply bad;
    json_t *root = sv_parse_body(body, len, &bad);
    if (!root)
        return bad;
    sv_gamedef *def = calloc(1, sizeof *def);
    if (!def) {
        json_decref(root);
        return sv_error(500, "out of memory");
    }
    int rc = read_create(root, def, &bad);
    json_decref(root);
    if (rc != 0) {
        free(def);
        return bad;
    }
    char tokens[GR_MAX_PLAYERS][SV_TOKEN_TEXT], spectator[SV_TOKEN_TEXT], why[512];
    uint8_t raw_id[16];
    randombytes_buf(raw_id, sizeof raw_id);
    sodium_bin2hex(def->id, sizeof def->id, raw_id, sizeof raw_id);
    sv_secret_new(def->secret);
    for (int p = 0; p < def->nseats; p++)
        token_new(tokens[p], def->seat[p].token_hash);
    token_new(spectator, def->spectator_hash);
    sv_game *g = game_new(def);
    free(def);
    if (!g || start_game(g, why, sizeof why) != 0 ||
        sv_store_create(lb->store, &g->def, why, sizeof why) != 0) {
        game_free(g);
        return sv_error(500, "the game could not be created: %s", g ? why : "out of memory");
    }
    json_t *reply = created(g, tokens, spectator);
    char id[SV_ID_TEXT];
    snprintf(id, sizeof id, "%s", g->def.id);
    if (add_game(lb, g) != 0) {
        json_decref(reply);
        return sv_error(500, "out of memory");
    }
    sv_announce(lb, id, 0);
    return sv_json(201, reply);
}

sv_reply sv_lobby_join(sv_lobby *lb, const char *id, const char *token, const char *body,
                       size_t len)
{
    sv_game *g = sv_find(lb, id);
    if (!g)
        return sv_error(404, "no game %s", id ? id : "");
    sv_reply bad;
    json_t *root = sv_parse_body(body, len, &bad);
    if (!root)
        return bad;
    json_t *e = json_object_get(root, "entropy");
    const char *entropy = e ? json_string_value(e) : "";
    if (!entropy || strlen(entropy) > SV_ENTROPY_MAX) {
        json_decref(root);
        return sv_error(400, "\"entropy\" must be a string of at most %d bytes", SV_ENTROPY_MAX);
    }
    pthread_mutex_lock(&g->mu);
    int seat = sv_seat_of(g, token);
    char why[512] = "";
    sv_reply r;
    if (seat < 0)
        r = sv_error(seat == SV_SPECTATOR ? 403 : 401, "%s",
                     seat == SV_SPECTATOR ? "a spectator does not join" : "no seat has this token");
    else if (g->def.seat[seat].joined)
        r = sv_error(409, "this seat has already joined (its entropy is fixed)");
    else if (sv_store_join(lb->store, g->def.id, seat, entropy, why, sizeof why) != 0)
        r = sv_error(500, "%s", why);
    else {
        g->def.seat[seat].joined = 1;
        snprintf(g->def.seat[seat].entropy, sizeof g->def.seat[seat].entropy, "%s", entropy);
        r = start_game(g, why, sizeof why) == 0
                ? sv_json(200, json_pack("{sb}", "started", g->gs != NULL))
                : sv_error(500, "%s", why);
    }
    int steps = g->gs ? gs_entries(g->gs) : 0;
    pthread_mutex_unlock(&g->mu);
    json_decref(root);
    if (r.status == 200)
        sv_announce(lb, id, steps);
    return r;
}

int sv_lobby_steps(sv_lobby *lb, const char *id)
{
    sv_game *g = sv_find(lb, id);
    if (!g)
        return -1;
    pthread_mutex_lock(&g->mu);
    int n = g->gs ? gs_entries(g->gs) : 0;
    pthread_mutex_unlock(&g->mu);
    return n;
}

/* ---------------------------------------------------------------- computer seats */

/* A computer seat of g due to act now, or -1 (g's mutex held). */
static int computer_due(const sv_game *g)
{
    if (!g->gs)
        return -1;
    gr_pending p;
    gr_game_pending(gs_game(g->gs), &p);
    for (int s = 0; p.kind != GR_PENDING_OVER && s < g->def.nseats; s++)
        if ((p.players & (1u << s)) && g->def.seat[s].kind == SV_COMPUTER)
            return s;
    return -1;
}

/* A game with a computer seat due and no worker on it, marked thinking,
 * and its seat; NULL when the lobby stops (waits otherwise). */
static sv_game *next_turn(sv_lobby *lb, int *seat)
{
    pthread_mutex_lock(&lb->mu);
    while (!lb->stop) {
        for (int i = 0; i < lb->ngames; i++) {
            sv_game *g = lb->game[i];
            if (g->thinking)
                continue;
            pthread_mutex_lock(&g->mu);
            *seat = computer_due(g);
            pthread_mutex_unlock(&g->mu);
            if (*seat >= 0) {
                g->thinking = 1;
                pthread_mutex_unlock(&lb->mu);
                return g;
            }
        }
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += 1;
        pthread_cond_timedwait(&lb->wake, &lb->mu, &until);
    }
    pthread_mutex_unlock(&lb->mu);
    return NULL;
}

/* One move of computer seat s of g: chosen on its view without holding
 * the game (other requests go on), applied if the game has not moved. */
static void computer_move(sv_lobby *lb, sv_game *g, int s)
{
    gr_error err = {{0}, {0}};
    pthread_mutex_lock(&g->mu);
    int steps = gs_entries(g->gs);
    if (!g->agent[s])
        g->agent[s] = gr_agent_from_spec(g->def.seat[s].agent, gs_seed(g->gs) + (uint64_t)s, &err);
    gr_agent *agent = g->agent[s];
    gr_game *view = agent ? gr_game_view(gs_game(g->gs), s) : NULL;
    pthread_mutex_unlock(&g->mu);
    gr_action a;
    gr_status st = view ? gr_agent_choose(agent, view, s, &a, &err) : GR_ERR_NOMEM;
    gr_game_free(view);
    pthread_mutex_lock(&g->mu);
    if (st == GR_OK && gs_entries(g->gs) == steps)
        st = sv_commit_action(lb, g, &a, &err);
    int now = gs_entries(g->gs);
    pthread_mutex_unlock(&g->mu);
    if (st != GR_OK)
        fprintf(stderr, "grognard serve: game %s: the computer seat %d failed: %s\n", g->def.id,
                s, err.msg);
    pthread_mutex_lock(&lb->mu);
    g->thinking = st == GR_OK ? 0 : 2; /* 2: stays off the workers' list */
    pthread_mutex_unlock(&lb->mu);
    if (st == GR_OK)
        sv_announce(lb, g->def.id, now);
}

static void *worker_main(void *arg)
{
    sv_lobby *lb = arg;
    int seat;
    sv_game *g;
    while ((g = next_turn(lb, &seat)) != NULL)
        computer_move(lb, g, seat);
    return NULL;
}

/* ---------------------------------------------------------------- open, close */

/* The words of every compiled-in system from the data directory; -1 with
 * why (file:line:column) when one is malformed. */
static int load_words(sv_lobby *lb, char *why, size_t why_size)
{
    const char *const *sys = gr_systems();
    int n = 0;
    while (sys[n])
        n++;
    if (!(lb->words = calloc((size_t)n + 1, sizeof *lb->words))) {
        snprintf(why, why_size, "out of memory");
        return -1;
    }
    for (int i = 0; i < n; i++)
        if (!(lb->words[i] = gw_words_load(gr_host_data_dir(), sys[i], why, why_size)))
            return -1;
    return 0;
}

const gr_wording *sv_words(const sv_lobby *lb, const char *system)
{
    const char *const *sys = gr_systems();
    for (int i = 0; lb->words && sys[i] && system; i++)
        if (!strcmp(sys[i], system))
            return lb->words[i];
    return NULL;
}

sv_lobby *sv_lobby_open(const char *db_path, int power_safe, int workers, sv_changed_fn changed,
                        void *ctx, char *why, size_t why_size)
{
    if (sodium_init() < 0) {
        snprintf(why, why_size, "libsodium could not start");
        return NULL;
    }
    sv_lobby *lb = calloc(1, sizeof *lb);
    if (!lb) {
        snprintf(why, why_size, "out of memory");
        return NULL;
    }
    pthread_mutex_init(&lb->mu, NULL);
    pthread_cond_init(&lb->wake, NULL);
    lb->changed = changed;
    lb->changed_ctx = ctx;
    if (load_words(lb, why, why_size) != 0 ||
        !(lb->store = sv_store_open(db_path, power_safe, why, why_size)) ||
        load_games(lb, why, why_size) != 0) {
        sv_lobby_close(lb);
        return NULL;
    }
    workers = workers < 1 ? 1 : workers > SV_MAX_WORKERS ? SV_MAX_WORKERS : workers;
    for (; lb->nworkers < workers; lb->nworkers++)
        if (pthread_create(&lb->worker[lb->nworkers], NULL, worker_main, lb) != 0)
            break;
    if (lb->nworkers == 0) {
        snprintf(why, why_size, "no worker thread could start");
        sv_lobby_close(lb);
        return NULL;
    }
    return lb;
}

void sv_lobby_close(sv_lobby *lb)
{
    if (!lb)
        return;
    pthread_mutex_lock(&lb->mu);
    lb->stop = 1;
    pthread_cond_broadcast(&lb->wake);
    pthread_mutex_unlock(&lb->mu);
    for (int i = 0; i < lb->nworkers; i++)
        pthread_join(lb->worker[i], NULL);
    for (int i = 0; i < lb->ngames; i++)
        game_free(lb->game[i]);
    free(lb->game);
    for (int i = 0; lb->words && lb->words[i]; i++)
        gr_wording_free(lb->words[i]);
    free(lb->words);
    sv_store_close(lb->store);
    pthread_cond_destroy(&lb->wake);
    pthread_mutex_destroy(&lb->mu);
    free(lb);
}
