/* play_action.c — what the player typed, as an action: an option number,
 * "KIND ARG ARG ..." (arguments in the order the options list shows them,
 * or key=value), or a full action line.  When nothing legal matches, the
 * action is still put to the rules so that the refusal names the rule. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "play.h"

#define MAX_FIELDS GR_MAX_ARGS

/* The legal actions of p (malloc'ed; *n their number). */
static gr_action *legal_of(const gr_game *g, int p, int *n)
{
    int cap = gr_game_legal(g, p, NULL, 0);
    gr_action *a = malloc((size_t)(cap ? cap : 1) * sizeof *a);
    *n = a ? gr_game_legal(g, p, a, cap) : 0;
    *n = *n < cap ? *n : cap; /* never read past what was stored */
    return a;
}

/* Action line without its " by=PLAYER" word (the prompt knows who). */
static void format_short(const gr_game *g, const gr_action *a, char *buf, size_t size)
{
    gr_action_format(g, a, buf, size);
    char *by = strstr(buf, " by=");
    if (by) {
        char *end = strchr(by + 1, ' ');
        memmove(by, end ? end : by + strlen(by), strlen(end ? end : by + strlen(by)) + 1);
    }
}

/* Starts a new list of the option numbers on screen (for player p now). */
static void list_begin(play_ctx *c, int p, int capacity)
{
    free(c->listed);
    c->listed = malloc((size_t)(capacity ? capacity : 1) * sizeof *c->listed);
    c->nlisted = 0;
    c->listed_step = gr_game_step(gs_game(c->gs));
    c->listed_viewer = p;
}

/* Says option k (0-based) and notes that its number is on screen. */
static void list_option(play_ctx *c, const gr_action *a, int k)
{
    char line[PLAY_MAX_LINE];
    format_short(gs_game(c->gs), a, line, sizeof line);
    play_say(c, PM_INFO, "%4d  %s", k + 1, line);
    if (c->listed)
        c->listed[c->nlisted++] = k + 1;
}

/* Non-zero when the formatted action has a word `word` or `key=word`. */
static int mentions(const char *line, const char *word)
{
    size_t len = strlen(word);
    for (const char *at = line; (at = strstr(at, word)) != NULL; at++) {
        int starts = at == line || at[-1] == ' ' || at[-1] == '=';
        int ends = at[len] == '\0' || at[len] == ' ';
        if (starts && ends)
            return 1;
    }
    return 0;
}

void play_list_options(play_ctx *c, int p, const char *filter)
{
    const gr_game *g = gs_game(c->gs);
    int n;
    gr_action *a = p >= 0 ? legal_of(g, p, &n) : NULL;
    if (!a || n == 0) {
        play_say(c, PM_ERROR, "error: no decision of yours now");
        free(a);
        return;
    }
    char line[PLAY_MAX_LINE];
    int shown = 0;
    for (int i = 0; filter && i < n; i++) {
        gr_action_format(g, &a[i], line, sizeof line);
        shown += mentions(line, filter);
    }
    if (filter && shown == 0) {
        play_say(c, PM_ERROR, "error: none of your %d options mentions '%.40s'", n, filter);
        free(a);
        return;
    }
    if (filter)
        play_say(c, PM_INFO, "%d of %d options for %s mention %s:", shown, n,
                 gr_game_player_name(g, p), filter);
    else
        play_say(c, PM_INFO, "%d option%s for %s:", n, n == 1 ? "" : "s",
                 gr_game_player_name(g, p));
    list_begin(c, p, n);
    for (int i = 0; i < n; i++) {
        gr_action_format(g, &a[i], line, sizeof line);
        if (!filter || mentions(line, filter))
            list_option(c, &a[i], i);
    }
    free(a);
}

/* Non-zero when option number k is on screen for p at this step. */
static int on_screen(const play_ctx *c, int p, long k)
{
    if (!c->listed || c->listed_viewer != p || c->listed_step != gr_game_step(gs_game(c->gs)))
        return 0;
    for (int i = 0; i < c->nlisted; i++)
        if (c->listed[i] == k)
            return 1;
    return 0;
}

/* The words of a formatted action: kind, then "key=value" fields. */
typedef struct fields {
    char kind[48];
    int n;
    char key[MAX_FIELDS][32];
    char val[MAX_FIELDS][64];
} fields;

static void split_fields(const char *line, fields *f)
{
    memset(f, 0, sizeof *f);
    char copy[PLAY_MAX_LINE], *w[MAX_FIELDS + 2];
    snprintf(copy, sizeof copy, "%s", line);
    int n = cli_words(copy, w, MAX_FIELDS + 2);
    if (n > 0)
        snprintf(f->kind, sizeof f->kind, "%s", w[0]);
    for (int i = 1; i < n && f->n < MAX_FIELDS; i++) {
        char *eq = strchr(w[i], '=');
        if (!eq || strncmp(w[i], "by=", 3) == 0)
            continue;
        snprintf(f->key[f->n], sizeof f->key[0], "%.*s", (int)(eq - w[i]), w[i]);
        snprintf(f->val[f->n++], sizeof f->val[0], "%s", eq + 1);
    }
}

/* What the player said after the kind: positional values and key=value. */
typedef struct said {
    int npos;
    const char *pos[MAX_FIELDS];
    int nnamed;
    char key[MAX_FIELDS][32];
    const char *val[MAX_FIELDS];
} said;

static int is_filler(const char *w)
{
    static const char *const FILLER[] = {"to", "at", "with", "on", "into", "from", "->", NULL};
    for (int i = 0; FILLER[i]; i++)
        if (strcasecmp(w, FILLER[i]) == 0)
            return 1;
    return 0;
}

static int collect_said(char **w, int n, said *s)
{
    memset(s, 0, sizeof *s);
    for (int i = 1; i < n; i++) {
        char *eq = strchr(w[i], '=');
        if (eq && eq != w[i] && s->nnamed < MAX_FIELDS) {
            snprintf(s->key[s->nnamed], sizeof s->key[0], "%.*s", (int)(eq - w[i]), w[i]);
            s->val[s->nnamed++] = eq + 1;
        } else if (!eq && !is_filler(w[i]) && s->npos < MAX_FIELDS) {
            s->pos[s->npos++] = w[i];
        } else if (eq || !is_filler(w[i])) {
            return -1;
        }
    }
    return 0;
}

/* 2: f matches what was said and every field not said is "-";
 * 1: matches; 0: does not. */
static int match(const fields *f, const said *s)
{
    if (s->npos > f->n)
        return 0;
    int said_field[MAX_FIELDS] = {0};
    for (int i = 0; i < s->npos; i++) {
        if (strcasecmp(f->val[i], s->pos[i]) != 0)
            return 0;
        said_field[i] = 1;
    }
    for (int k = 0; k < s->nnamed; k++) {
        int ok = 0;
        for (int i = 0; i < f->n && !ok; i++)
            if (strcmp(f->key[i], s->key[k]) == 0 && strcasecmp(f->val[i], s->val[k]) == 0)
                ok = said_field[i] = 1;
        if (!ok)
            return 0;
    }
    for (int i = 0; i < f->n; i++)
        if (!said_field[i] && strcmp(f->val[i], "-") != 0)
            return 1;
    return 2;
}

/* Non-zero when `word` names an action kind of the game's system. */
static int is_action_kind(const gr_game *g, const char *word)
{
    for (const char *q = word; *q; q++)
        if (!islower((unsigned char)*q) && !isdigit((unsigned char)*q) && *q != '-')
            return 0;
    char line[128];
    gr_action a;
    gr_error err = {{0}, {0}};
    snprintf(line, sizeof line, "%.60s by=%s", word, gr_game_player_name(g, 0));
    return gr_action_parse(g, line, &a, &err) == GR_OK ||
           strncmp(err.msg, "unknown action", 14) != 0;
}

static void append(char *line, size_t size, const char *key, const char *val)
{
    size_t len = strlen(line);
    snprintf(line + len, size - len, " %s=%s", key, val);
}

/* The player's words as an explicit action line, with field names from a
 * legal action of the kind, else learnt from the parser's "missing field
 * NAME=" messages.  GR_OK, or the parse error. */
static gr_status explicit_line(const gr_game *g, int p, const char *kind, const said *s,
                               const fields *model, char *line, size_t size, gr_error *err)
{
    snprintf(line, size, "%s by=%s", kind, gr_game_player_name(g, p));
    for (int k = 0; k < s->nnamed; k++)
        append(line, size, s->key[k], s->val[k]);
    int used = 0;
    if (model) {
        for (; used < s->npos && used < model->n; used++)
            append(line, size, model->key[used], s->pos[used]);
    }
    for (int tries = 0; tries <= MAX_FIELDS; tries++) {
        gr_action a;
        gr_status st = gr_action_parse(g, line, &a, err);
        const char *miss = st == GR_ERR_PARSE ? strstr(err->msg, "missing field ") : NULL;
        if (!miss || used >= s->npos) {
            if (st == GR_OK && used < s->npos) {
                snprintf(err->msg, sizeof err->msg, "%s: too many arguments", kind);
                return GR_ERR_PARSE;
            }
            return st;
        }
        char name[32];
        snprintf(name, sizeof name, "%.*s", (int)strcspn(miss + 14, "="), miss + 14);
        append(line, size, name, s->pos[used++]);
    }
    return GR_ERR_PARSE;
}

/* Applies option k (1-based) of player p. */
static int take_option(play_ctx *c, int p, long k)
{
    int n;
    gr_action *a = p >= 0 ? legal_of(gs_game(c->gs), p, &n) : NULL;
    int rc = -1;
    if (!a || n == 0)
        play_say(c, PM_ERROR, "error: no decision of yours now");
    else if (k < 1 || k > n)
        play_say(c, PM_ERROR, "error: no option %ld (there are %d; type 'options')", k, n);
    else if (!on_screen(c, p, k))
        play_say(c, PM_ERROR,
                 "error: option %ld is not on a list shown since the last move: type "
                 "'options' and pick from what you see",
                 k);
    else
        rc = play_apply_human(c, &a[k - 1]);
    free(a);
    return rc;
}

/* Lists the matching options when what was said fits several. */
static void say_ambiguous(play_ctx *c, int p, const gr_action *a, const int *which, int n)
{
    play_say(c, PM_ERROR, "error: %d actions fit; type the number of one, or say more:", n);
    list_begin(c, p, n < 20 ? n : 20);
    for (int i = 0; i < n && i < 20; i++)
        list_option(c, &a[which[i]], which[i]);
}

/* Index of the one legal action that fits, -2 when several do (listed),
 * -1 when none; *model gets the fields of an action of the kind. */
static int pick_legal(play_ctx *c, const gr_action *a, int n, const char *kind, const said *s,
                      fields *model, int *has_model)
{
    int *fits = malloc((size_t)(n ? n : 1) * sizeof *fits), nfit = 0, nexact = 0, exact = -1;
    fields f;
    *has_model = 0;
    for (int i = 0; fits && i < n; i++) {
        char line[PLAY_MAX_LINE];
        gr_action_format(gs_game(c->gs), &a[i], line, sizeof line);
        split_fields(line, &f);
        if (strcmp(f.kind, kind) != 0)
            continue;
        if (!*has_model)
            *model = f, *has_model = 1;
        int m = match(&f, s);
        if (m)
            fits[nfit++] = i;
        if (m == 2)
            exact = i, nexact++;
    }
    int pick = nfit == 1 ? fits[0] : nexact == 1 ? exact : nfit ? -2 : -1;
    if (pick == -2)
        say_ambiguous(c, play_human_to_act(c), a, fits, nfit);
    free(fits);
    return pick;
}

/* An option number as `options` shows them (take_option refuses one not shown). */
static int option_number(const char *w, long *n)
{
    return isdigit((unsigned char)w[0]) && gr_parse_int(w, 0, 99999999, n) == 0;
}

int play_action(play_ctx *c, int p, char **w, int n, const char *line)
{
    (void)line;
    const gr_game *g = gs_game(c->gs);
    long number;
    if (n == 1 && option_number(w[0], &number))
        return take_option(c, p, number);
    if (!is_action_kind(g, w[0]))
        return 1;
    said s;
    if (p < 0) {
        play_say(c, PM_ERROR, "error: no decision of yours now");
        return -1;
    }
    if (collect_said(w, n, &s) != 0) {
        play_say(c, PM_ERROR, "error: %s: too many arguments", w[0]);
        return -1;
    }
    int nl, has_model = 0;
    fields model;
    gr_action *legal = legal_of(g, p, &nl);
    int pick = legal ? pick_legal(c, legal, nl, w[0], &s, &model, &has_model) : -1;
    int rc = -1;
    if (pick >= 0) {
        rc = play_apply_human(c, &legal[pick]);
    } else if (pick == -1) {
        char text[PLAY_MAX_LINE];
        gr_error err = {{0}, {0}};
        gr_action a;
        if (explicit_line(g, p, w[0], &s, has_model ? &model : NULL, text, sizeof text, &err) ==
                GR_OK &&
            gr_action_parse(g, text, &a, &err) == GR_OK)
            rc = play_apply_human(c, &a); /* refused: the rules say why */
        else
            play_say(c, PM_ERROR, "error: %s", err.msg);
    }
    free(legal);
    return rc;
}

/* Non-zero for the kinds `end` means: "end*", "*-done" and "pass". */
static int is_end_kind(const char *kind)
{
    size_t k = strlen(kind);
    return strncmp(kind, "end", 3) == 0 || (k > 5 && !strcmp(kind + k - 5, "-done")) ||
           !strcmp(kind, "pass");
}

/* Non-zero when a word of the decision's name (four letters or more, e.g.
 * "fire" of "artillery-fire") is part of the kind's name ("end-fire"). */
static int belongs_to(const char *kind, const char *decision)
{
    char words[64];
    snprintf(words, sizeof words, "%s", decision);
    for (char *save = NULL, *w = strtok_r(words, "-", &save); w; w = strtok_r(NULL, "-", &save))
        if (strlen(w) >= 4 && strstr(kind, w))
            return 1;
    return 0;
}

/* Says why `end` does nothing now: the rules' refusal of the ending action
 * of p's decision when it has one (tried on a copy of the game), else the
 * decision to answer. */
static void say_no_end(play_ctx *c, int p)
{
    const gr_game *g = gs_game(c->gs);
    gr_pending pd;
    gr_game_pending(g, &pd);
    const char *decision = gr_game_decision_name(g, pd.decision);
    const char *kind;
    for (int k = 0; (kind = gr_game_action_name(g, k)) != NULL; k++) {
        char line[128];
        gr_action a;
        gr_error err = {{0}, {0}};
        if (!is_end_kind(kind) || !belongs_to(kind, decision))
            continue;
        snprintf(line, sizeof line, "%s by=%s", kind, gr_game_player_name(g, p));
        gr_game *copy = gr_action_parse(g, line, &a, &err) == GR_OK ? gr_game_clone(g) : NULL;
        gr_status st = copy ? gr_game_apply(copy, &a, &err) : GR_OK;
        gr_game_free(copy);
        if (st != GR_OK) {
            play_say(c, PM_ERROR, "error: '%s' is refused: %s%s%s%s: %s", kind,
                     gr_status_name(st), err.rule[0] ? " [" : "", err.rule,
                     err.rule[0] ? "]" : "", err.msg);
            return;
        }
    }
    play_say(c, PM_ERROR, "error: nothing to end now: your decision is %s; type 'options'",
             decision);
}

int play_end_action(play_ctx *c, int p, gr_action *out)
{
    int n, found = 0;
    gr_action *a = p >= 0 ? legal_of(gs_game(c->gs), p, &n) : NULL;
    for (int i = 0; a && i < n; i++) {
        fields f;
        char line[PLAY_MAX_LINE];
        gr_action_format(gs_game(c->gs), &a[i], line, sizeof line);
        split_fields(line, &f);
        if (is_end_kind(f.kind) && !found++)
            *out = a[i];
    }
    free(a);
    if (found == 1)
        return 0;
    if (found)
        play_say(c, PM_ERROR, "error: several actions end something: type 'options'");
    else if (p >= 0)
        say_no_end(c, p);
    else
        play_say(c, PM_ERROR, "error: nothing to end now: type 'options'");
    return -1;
}

/* Adds `word` to out when it starts with prefix and is new. */
static int add_candidate(const char *word, const char *prefix, char **out, int n, int max)
{
    if (n >= max || strncmp(word, prefix, strlen(prefix)) != 0 || !strcmp(word, "-") ||
        !strcmp(word, "?"))
        return n;
    for (int i = 0; i < n; i++)
        if (!strcmp(out[i], word))
            return n;
    return (out[n] = strdup(word)) ? n + 1 : n;
}

int play_complete_game(play_ctx *c, int word, const char *prefix, char **out, int max)
{
    int n = 0, nl = 0, p = play_human_to_act(c);
    gr_action *a = p >= 0 ? legal_of(gs_game(c->gs), p, &nl) : NULL;
    for (int i = 0; a && i < nl; i++) {
        fields f;
        char line[PLAY_MAX_LINE];
        gr_action_format(gs_game(c->gs), &a[i], line, sizeof line);
        split_fields(line, &f);
        if (word == 0)
            n = add_candidate(f.kind, prefix, out, n, max);
        for (int k = 0; word > 0 && k < f.n; k++)
            n = add_candidate(f.val[k], prefix, out, n, max);
    }
    free(a);
    for (int u = 0; word > 0 && u < c->board.nunit; u++)
        n = add_candidate(c->board.unit[u].id, prefix, out, n, max);
    return n;
}
