/* cases_run.c — executing a rule case against the public API (see cases.h
 * and docs/rule-cases.md). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cases.h"
#include "testutil.h"

typedef struct runner {
    const rule_case *c;
    const case_step *step;
    gr_scenario *sc;
    gr_game *g;
    tu_log log;       /* events since the last action               */
    char *why;
    size_t why_size;
    int dice_left_declared; /* last "dice-left: N" (-1: none)       */
} runner;

static int fail(runner *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(runner *r, const char *fmt, ...)
{
    char msg[900];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(r->why, r->why_size, "%s:%d: %s: %s", r->c->file, r->step->line, r->step->kw,
             msg);
    return -1;
}

static int ensure_game(runner *r)
{
    if (r->g)
        return 0;
    gr_error err = {{0}, {0}};
    if (gr_game_new(r->sc, r->c->seed, r->c->options, tu_log_sink, &r->log, &r->g, &err) !=
        GR_OK)
        return fail(r, "cannot create game: %s", err.msg);
    return 0;
}

/* Parses an action and checks that its text survives format -> parse. */
static int parse_action(runner *r, const char *line, gr_action *a)
{
    gr_error err = {{0}, {0}};
    if (gr_action_parse(r->g, line, a, &err) != GR_OK)
        return fail(r, "cannot parse '%s': %s", line, err.msg);
    char text[512];
    gr_action again;
    gr_action_format(r->g, a, text, sizeof text);
    if (gr_action_parse(r->g, text, &again, &err) != GR_OK ||
        memcmp(&again, a, sizeof again) != 0)
        return fail(r, "action '%s' does not round-trip (formatted '%s')", line, text);
    return 0;
}

static int step_do(runner *r, const char *line)
{
    gr_action a;
    gr_error err = {{0}, {0}};
    if (parse_action(r, line, &a) != 0)
        return -1;
    tu_log_free(&r->log);
    if (gr_game_apply(r->g, &a, &err) != GR_OK)
        return fail(r, "'%s' refused: [%s] %s", line, err.rule, err.msg);
    if (gr_game_sanity(r->g, &err) != GR_OK)
        return fail(r, "sanity check failed after '%s': %s", line, err.msg);
    return 0;
}

/* "reject: RULE action" — RULE must appear in the error's rule id ("-": any). */
static int step_reject(runner *r, const char *arg)
{
    char rule[64];
    int n = 0;
    if (sscanf(arg, "%63s %n", rule, &n) != 1 || !arg[n])
        return fail(r, "want 'reject: RULE action'");
    gr_action a;
    gr_error err = {{0}, {0}};
    if (parse_action(r, arg + n, &a) != 0)
        return -1;
    uint64_t before = gr_game_hash(r->g);
    gr_status st = gr_game_apply(r->g, &a, &err);
    if (st == GR_OK)
        return fail(r, "'%s' was accepted", arg + n);
    if (gr_game_hash(r->g) != before)
        return fail(r, "refusing '%s' changed the game", arg + n);
    if (strcmp(rule, "-") != 0 && !strstr(err.rule, rule))
        return fail(r, "refused citing [%s] (%s), want %s", err.rule, err.msg, rule);
    return 0;
}

/* "expect: QUERY => k=v k=v": every token must occur in the answer. */
static int step_expect(runner *r, const char *arg)
{
    const char *arrow = strstr(arg, "=>");
    if (!arrow)
        return fail(r, "want 'QUERY => key=value ...'");
    char query[256], answer[4096];
    snprintf(query, sizeof query, "%.*s", (int)(arrow - arg), arg);
    for (size_t n = strlen(query); n > 0 && query[n - 1] == ' ';)
        query[--n] = '\0';
    gr_error err = {{0}, {0}};
    if (gr_game_query(r->g, query, answer, sizeof answer, &err) != GR_OK)
        return fail(r, "query '%s' failed: %s", query, err.msg);
    char want[512];
    snprintf(want, sizeof want, "%s", arrow + 2);
    char padded[4200];
    snprintf(padded, sizeof padded, " %s ", answer);
    for (char *save = NULL, *t = strtok_r(want, " \t", &save); t; t = strtok_r(NULL, " \t", &save)) {
        char tok[300];
        snprintf(tok, sizeof tok, " %s ", t);
        if (!strstr(padded, tok))
            return fail(r, "query '%s' gave '%s', missing '%s'", query, answer, t);
    }
    return 0;
}

static int step_pending(runner *r, const char *arg)
{
    char who[64], what[64] = "";
    if (sscanf(arg, "%63s %63s", who, what) < 1)
        return fail(r, "want 'PLAYER[+PLAYER] DECISION'");
    gr_pending p;
    gr_game_pending(r->g, &p);
    unsigned mask = 0;
    for (char *save = NULL, *t = strtok_r(who, "+", &save); t; t = strtok_r(NULL, "+", &save)) {
        int pl = gr_game_player_find(r->g, t);
        if (pl < 0)
            return fail(r, "unknown player '%s'", t);
        mask |= 1u << pl;
    }
    const char *dec = gr_game_decision_name(r->g, p.decision);
    if (p.kind == GR_PENDING_OVER || p.players != mask || (what[0] && strcmp(dec, what) != 0))
        return fail(r, "pending is players=0x%x decision=%s%s, want %s", p.players, dec,
                    p.kind == GR_PENDING_OVER ? " (game over)" : "", arg);
    return 0;
}

static int step_over(runner *r, const char *arg)
{
    char who[64], what[64] = "";
    sscanf(arg, "%63s %63s", who, what);
    gr_pending p;
    gr_game_pending(r->g, &p);
    if (p.kind != GR_PENDING_OVER)
        return fail(r, "game is not over (pending %s)", gr_game_decision_name(r->g, p.decision));
    int want = strcmp(who, "draw") == 0 ? -1 : gr_game_player_find(r->g, who);
    const char *out = gr_game_outcome_name(r->g, p.outcome);
    if (p.winner != want || (what[0] && strcmp(out, what) != 0))
        return fail(r, "over with winner %d outcome %s, want %s", p.winner, out, arg);
    return 0;
}

/* Non-zero when the action line is among the legal actions of its player. */
static int is_legal(runner *r, const gr_action *a)
{
    int n = gr_game_legal(r->g, a->player, NULL, 0);
    gr_action *all = malloc(sizeof *all * (size_t)(n > 0 ? n : 1));
    int found = 0;
    if (all) {
        n = gr_game_legal(r->g, a->player, all, n);
        for (int i = 0; i < n && !found; i++)
            found = memcmp(&all[i], a, sizeof *a) == 0;
    }
    free(all);
    return found;
}

static int step_legal(runner *r, const char *arg, int want)
{
    gr_action a;
    if (parse_action(r, arg, &a) != 0)
        return -1;
    if (is_legal(r, &a) != want)
        return fail(r, "'%s' is %s the legal actions", arg, want ? "not among" : "among");
    return 0;
}

static int step_count_legal(runner *r, const char *arg)
{
    char who[64];
    int want;
    if (sscanf(arg, "%63s %d", who, &want) != 2)
        return fail(r, "want 'PLAYER N'");
    int pl = gr_game_player_find(r->g, who);
    int n = pl < 0 ? -1 : gr_game_legal(r->g, pl, NULL, 0);
    return n == want ? 0 : fail(r, "%s has %d legal actions, want %d", who, n, want);
}

/* "view-hides: PLAYER text" / "view-shows": the player's view description. */
static int step_view(runner *r, const char *arg, int shows)
{
    char who[64];
    int n = 0;
    if (sscanf(arg, "%63s %n", who, &n) != 1 || !arg[n])
        return fail(r, "want 'PLAYER text'");
    int pl = gr_game_player_find(r->g, who);
    gr_game *v = pl < 0 ? NULL : gr_game_view(r->g, pl);
    if (!v)
        return fail(r, "no view for '%s'", who);
    size_t size = 1 << 16;
    char *text = malloc(size);
    int found = text && gr_game_describe(v, text, size) >= 0 && strstr(text, arg + n);
    free(text);
    gr_game_free(v);
    if (found != shows)
        return fail(r, "%s's view %s '%s'", who, shows ? "lacks" : "shows", arg + n);
    return 0;
}

static int step_dice(runner *r, const char *arg)
{
    int faces[64], n = 0;
    for (char *end; n < 64; arg = end) {
        long v = strtol(arg, &end, 10);
        if (end == arg)
            break;
        faces[n++] = (int)v;
    }
    return gr_game_push_dice(r->g, faces, n) == GR_OK ? 0 : fail(r, "cannot queue dice");
}

/* "dice-left: N": exactly N queued faces are still unused now; a case may
 * end with unused faces only when its last dice-left step says how many. */
static int step_dice_left(runner *r, const char *arg)
{
    char *end;
    long want = strtol(arg, &end, 10);
    if (end == arg || *end || want < 0 || want > 64)
        return fail(r, "want 'dice-left: N' (0-64)");
    int left = gr_game_dice_queued(r->g);
    if (left != want)
        return fail(r, "%d queued die faces left unused, want %ld", left, want);
    r->dice_left_declared = (int)want;
    return 0;
}

/* At the end of a case: faces queued with dice: and never rolled mean the
 * case did not run the rolls it meant to, unless dice-left: said so. */
static int check_dice_used(runner *r)
{
    int left = gr_game_dice_queued(r->g);
    if (left == 0 || left == r->dice_left_declared)
        return 0;
    snprintf(r->why, r->why_size,
             "%s:%d: case ends with %d queued die faces unused (add 'dice-left: %d' if meant)",
             r->c->file, r->c->line, left, left);
    return -1;
}

static int step_setup(runner *r, const char *arg)
{
    gr_error err = {{0}, {0}};
    if (gr_game_setup(r->g, arg, &err) != GR_OK)
        return fail(r, "'%s': %s", arg, err.msg);
    return 0;
}

static int step_events(runner *r, const char *arg, int want)
{
    if (tu_log_has_tokens(&r->log, arg) != want)
        return fail(r, "'%s' %s in events:\n%s", arg, want ? "not found" : "found",
                    r->log.text ? r->log.text : "(none)");
    return 0;
}

static int run_game_step(runner *r, const case_step *s)
{
    const char *kw = s->kw, *arg = s->arg;
    if (!strcmp(kw, "setup")) return step_setup(r, arg);
    if (!strcmp(kw, "dice")) return step_dice(r, arg);
    if (!strcmp(kw, "dice-left")) return step_dice_left(r, arg);
    if (!strcmp(kw, "do")) return step_do(r, arg);
    if (!strcmp(kw, "reject")) return step_reject(r, arg);
    if (!strcmp(kw, "expect")) return step_expect(r, arg);
    if (!strcmp(kw, "event")) return step_events(r, arg, 1);
    if (!strcmp(kw, "no-event")) return step_events(r, arg, 0);
    if (!strcmp(kw, "pending")) return step_pending(r, arg);
    if (!strcmp(kw, "over")) return step_over(r, arg);
    if (!strcmp(kw, "legal")) return step_legal(r, arg, 1);
    if (!strcmp(kw, "illegal")) return step_legal(r, arg, 0);
    if (!strcmp(kw, "count-legal")) return step_count_legal(r, arg);
    if (!strcmp(kw, "view-hides")) return step_view(r, arg, 0);
    if (!strcmp(kw, "view-shows")) return step_view(r, arg, 1);
    if (!strcmp(kw, "log")) {
        fprintf(stderr, "%s:%d: events:\n%s", r->c->file, s->line, r->log.text ? r->log.text : "");
        return 0;
    }
    return fail(r, "unknown step");
}

static int run_step(runner *r, const case_step *s)
{
    r->step = s;
    if (strcmp(s->kw, "edit") == 0) {
        gr_error err = {{0}, {0}};
        if (r->g)
            return fail(r, "edit: must come before the first game step");
        if (gr_scenario_edit(r->sc, s->arg, &err) != GR_OK)
            return fail(r, "'%s': %s", s->arg, err.msg);
        return 0;
    }
    if (ensure_game(r) != 0)
        return -1;
    return run_game_step(r, s);
}

int case_run(const rule_case *c, const char *data_root, char *why, size_t why_size)
{
    runner r = {c, NULL, NULL, NULL, {0}, why, why_size, -1};
    gr_error err = {{0}, {0}};
    if (!c->scenario) {
        snprintf(why, why_size, "%s:%d: case has no scenario:", c->file, c->line);
        return -1;
    }
    if (!c->tags || !strchr(c->tags, ':')) {
        snprintf(why, why_size, "%s:%d: case names no SYSTEM:ID tag", c->file, c->line);
        return -1;
    }
    if (tu_load_from(data_root, c->scenario, &r.sc, &err) != GR_OK) {
        snprintf(why, why_size, "%s:%d: scenario %s: %s", c->file, c->line, c->scenario,
                 err.msg);
        return -1;
    }
    int rc = 0;
    for (int i = 0; i < c->nsteps && rc == 0; i++)
        rc = run_step(&r, &c->steps[i]);
    if (rc == 0 && !r.g)
        rc = ensure_game(&r);
    if (rc == 0)
        rc = check_dice_used(&r);
    gr_game_free(r.g);
    gr_scenario_free(r.sc);
    tu_log_free(&r.log);
    return rc;
}
