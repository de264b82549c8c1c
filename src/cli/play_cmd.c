/* play_cmd.c — the commands of the play prompt (help, options, info, range,
 * los, odds, undo, save, load...) and their dispatch; anything else is read
 * as an action (play_action.c).  Every refusal is one line "error: ...". */
#include <stdlib.h>
#include <string.h>

#include "play.h"

typedef int (*play_fn)(play_ctx *c, char **w, int n, const char *rest);

typedef struct play_command_def {
    const char *name;
    const char *alias;
    const char *usage;
    const char *help;
    play_fn run;
} play_command_def;

static const play_command_def COMMANDS[];

/* ---------------------------------------------------------------- queries */

/* Marks hex `label` on the map; 0 when it is on the board. */
static int highlight_hex(play_ctx *c, const char *label)
{
    int h = c->board.has_map ? board_find(&c->board, label) : -1;
    if (h >= 0) {
        c->highlight[h] = 1;
        c->changed = 1;
    }
    return h >= 0 ? 0 : -1;
}

static void clear_highlight(play_ctx *c)
{
    if (c->highlight)
        memset(c->highlight, 0, (size_t)(c->board.nhex ? c->board.nhex : 1));
    c->changed = 1;
}

/* Asks `what` of the viewer's view and says the answer; NULL on error
 * (said), else the malloc'ed answer. */
static char *ask(play_ctx *c, const char *what)
{
    gr_error err = {{0}, {0}};
    char *answer = c->view ? cli_query(c->view, what, &err) : NULL;
    if (!answer)
        play_say(c, PM_ERROR, "error: %s", err.msg[0] ? err.msg : "no view");
    return answer;
}

static void say_lines(play_ctx *c, const char *prefix, const char *text)
{
    const char *p = text;
    while (*p) {
        size_t n = strcspn(p, "\n");
        play_say(c, PM_INFO, "%s%.*s", prefix, (int)n, p);
        p += n + (p[n] == '\n');
    }
}

/* info's answer: a sentence from the `units` query first when it has one
 * (the unit, or the units of the hex), then the system's details. */
static void say_in_words(play_ctx *c, const char *what, const char *details)
{
    gr_error err = {{0}, {0}};
    char *units = c->view ? cli_query(c->view, "units", &err) : NULL;
    char words[2048];
    if (units && play_unit_words(units, what, words, sizeof words))
        play_say(c, PM_INFO, "%s: %s\n  details: %s", what, words, details);
    else if (units && play_hex_words(units, what, words, sizeof words))
        play_say(c, PM_INFO, "%s: %s\n  details: %s", what, words, details);
    else
        play_say(c, PM_INFO, "%s: %s", what, details);
    free(units);
}

static int c_info(play_ctx *c, char **w, int n, const char *rest)
{
    (void)rest;
    if (n != 2) {
        play_say(c, PM_ERROR, "error: usage: info UNIT|HEX");
        return -1;
    }
    char what[128];
    gr_error err = {{0}, {0}};
    snprintf(what, sizeof what, "unit %.100s", w[1]);
    char *answer = c->view ? cli_query(c->view, what, &err) : NULL;
    clear_highlight(c);
    if (answer) {
        for (int k = 0; k < c->board.nunit; k++)
            if (strcmp(c->board.unit[k].id, w[1]) == 0)
                c->highlight[c->board.unit[k].hex] = 1;
    } else {
        snprintf(what, sizeof what, "hex %.100s", w[1]);
        if (!(answer = ask(c, what)))
            return -1;
        highlight_hex(c, w[1]);
    }
    say_in_words(c, w[1], answer);
    free(answer);
    return 0;
}

/* range UNIT (where it can fire), reach UNIT (where it can move): the
 * query's hexes= list ("H" or "H:cost" items) lit on the map. */
static int c_area(play_ctx *c, char **w, int n, const char *rest)
{
    (void)rest;
    if (n != 2) {
        play_say(c, PM_ERROR, "error: usage: %s UNIT", w[0]);
        return -1;
    }
    char what[128], *answer;
    snprintf(what, sizeof what, "%s %.100s", w[0], w[1]);
    if (!(answer = ask(c, what)))
        return -1;
    clear_highlight(c);
    int lit = 0;
    const char *hexes = strstr(answer, "hexes=");
    char list[8192];
    snprintf(list, sizeof list, "%s", hexes ? hexes + 6 : "");
    for (char *save = NULL, *h = strtok_r(list, ", \n", &save); h;
         h = strtok_r(NULL, ", \n", &save)) {
        h[strcspn(h, ":")] = '\0';
        lit += highlight_hex(c, h) == 0;
    }
    play_say(c, PM_INFO, "%s of %s: %s%s", w[0], w[1], answer,
             lit ? " (highlighted on the map)" : "");
    free(answer);
    return 0;
}

/* los, odds, query: the words as a system query. */
static int c_query(play_ctx *c, char **w, int n, const char *rest)
{
    char what[PLAY_MAX_LINE + 16];
    int raw = strcmp(w[0], "query") == 0;
    if (n < 2 && (raw || strcmp(w[0], "los") == 0)) {
        play_say(c, PM_ERROR, "error: usage: %s", raw ? "query TEXT" : "los FROM TO");
        return -1;
    }
    snprintf(what, sizeof what, "%s%s%s", raw ? "" : w[0], raw || !*rest ? "" : " ", rest);
    char *answer = ask(c, what);
    if (!answer)
        return -1;
    if (strcmp(w[0], "los") == 0 && n == 3) {
        clear_highlight(c);
        highlight_hex(c, w[1]);
        highlight_hex(c, w[2]);
    }
    say_lines(c, raw ? "" : "", answer);
    char chances[1024];
    if (strcmp(w[0], "odds") == 0 && cli_chances(answer, chances, sizeof chances))
        play_say(c, PM_INFO, "chances: %s", chances);
    free(answer);
    return 0;
}

static int c_describe(play_ctx *c, char **w, int n, const char *rest)
{
    (void)w, (void)n, (void)rest;
    char *text = c->view ? cli_describe(c->view) : NULL;
    if (!text) {
        play_say(c, PM_ERROR, "error: out of memory");
        return -1;
    }
    say_lines(c, "", text);
    free(text);
    return 0;
}

/* ---------------------------------------------------------------- decisions */

static int c_options(play_ctx *c, char **w, int n, const char *rest)
{
    (void)rest;
    if (n > 2) {
        play_say(c, PM_ERROR, "error: options takes at most one word (a unit or a hex)");
        return 0;
    }
    play_list_options(c, play_human_to_act(c), n == 2 ? w[1] : NULL);
    return 0;
}

static int c_end(play_ctx *c, char **w, int n, const char *rest)
{
    (void)w, (void)n, (void)rest;
    gr_action a;
    int p = play_human_to_act(c);
    if (p < 0) {
        play_say(c, PM_ERROR, "error: no decision of yours now");
        return -1;
    }
    return play_end_action(c, p, &a) == 0 ? play_apply_human(c, &a) : -1;
}

static int c_do(play_ctx *c, char **w, int n, const char *rest)
{
    if (n < 2) {
        play_say(c, PM_ERROR, "error: usage: do ACTION [ARGS]");
        return -1;
    }
    int rc = play_action(c, play_human_to_act(c), w + 1, n - 1, rest);
    if (rc == 1)
        play_say(c, PM_ERROR, "error: '%s' is not an action of this game", w[1]);
    return rc ? -1 : 0;
}

static int c_undo(play_ctx *c, char **w, int n, const char *rest)
{
    (void)w, (void)n, (void)rest;
    play_undo(c);
    return 0;
}

static int c_save(play_ctx *c, char **w, int n, const char *rest)
{
    (void)w, (void)n;
    play_save(c, rest);
    return 0;
}

static int c_load(play_ctx *c, char **w, int n, const char *rest)
{
    (void)w;
    if (n < 2) {
        play_say(c, PM_ERROR, "error: usage: load FILE");
        return -1;
    }
    play_load(c, rest);
    return 0;
}

static int c_hint(play_ctx *c, char **w, int n, const char *rest)
{
    (void)w, (void)n, (void)rest;
    play_hint(c);
    return 0;
}

/* ---------------------------------------------------------------- screen and help */

static int c_center(play_ctx *c, char **w, int n, const char *rest)
{
    (void)rest;
    if (n != 2 || !c->board.has_map || board_find(&c->board, w[1]) < 0) {
        play_say(c, PM_ERROR, "error: usage: center HEX (a hex of the map)");
        return -1;
    }
    snprintf(c->center, sizeof c->center, "%s", w[1]);
    clear_highlight(c);
    highlight_hex(c, w[1]);
    return 0;
}

static int c_map(play_ctx *c, char **w, int n, const char *rest)
{
    (void)w, (void)n, (void)rest;
    c->show_map = 1;
    c->changed = 1;
    return 0;
}

/* words [on|off]: the log in words, or the rules' own lines. */
static int c_words(play_ctx *c, char **w, int n, const char *rest)
{
    (void)rest;
    int on = n < 2 || strcmp(w[1], "off") != 0;
    if (n > 2 || (n == 2 && strcmp(w[1], "on") && strcmp(w[1], "off"))) {
        play_say(c, PM_ERROR, "error: usage: words [on|off]");
        return -1;
    }
    char why[512];
    if (play_words_on(c, on, why, sizeof why) != 0) {
        play_say(c, PM_ERROR, "error: %s", why);
        return -1;
    }
    play_say(c, PM_INFO, "the log now shows %s", on ? "sentences (words off: the rules' lines)"
                                                    : "the rules' lines (words on: sentences)");
    return 0;
}

static int c_hash(play_ctx *c, char **w, int n, const char *rest)
{
    (void)w, (void)n, (void)rest;
    char hash[17];
    play_hash_text(c, hash);
    play_say(c, PM_INFO, "step %u hash %s (%d record entries, %d undoable)",
             (unsigned)gr_game_step(gs_game(c->gs)), hash, gs_entries(c->gs),
             gs_undoable(c->gs, NULL));
    return 0;
}

static int c_quit(play_ctx *c, char **w, int n, const char *rest)
{
    (void)w, (void)n, (void)rest;
    int unsaved = gs_entries(c->gs) > 0 && c->saved_entries != gs_entries(c->gs);
    if (unsaved && !c->quit_warned) {
        c->quit_warned = 1;
        play_say(c, PM_ERROR,
                 "error: the game since the last save would be lost: 'save' keeps it, "
                 "'quit' again leaves without saving");
        return 0;
    }
    c->quit = 1;
    play_say(c, PM_INFO, unsaved ? "bye (not saved)" : "bye");
    return 0;
}

static int c_help(play_ctx *c, char **w, int n, const char *rest)
{
    (void)rest;
    for (int i = 0; COMMANDS[i].name; i++)
        if (n < 2 || !strcmp(w[1], COMMANDS[i].name) ||
            (COMMANDS[i].alias && !strcmp(w[1], COMMANDS[i].alias)))
            play_say(c, PM_INFO, "%-20s %s", COMMANDS[i].usage, COMMANDS[i].help);
    if (n < 2) {
        play_say(c, PM_INFO, "%-20s %s", "N", "take option N of the 'options' list");
        play_say(c, PM_INFO, "%-20s %s", "KIND ARG...",
                 "an action in the order 'options' shows (e.g. 'attack b23 0507', "
                 "'chit withdraw'); key=value works too; Tab completes ids");
        play_say(c, PM_INFO,
                 "keys: arrows scroll the map, PgUp/PgDn the log, Ctrl-P/Ctrl-N recall "
                 "your commands, Tab completes, Ctrl-L redraws, Ctrl-C saves and leaves");
    }
    return 0;
}

static const play_command_def COMMANDS[] = {
    {"help", "?", "help [COMMAND]", "this help", c_help},
    {"options", "o", "options [UNIT|HEX]", "your legal actions, numbered (those naming UNIT or HEX)",
     c_options},
    {"end", "pass", "end", "the action that ends the phase or step, when there is one", c_end},
    {"do", NULL, "do KIND ARG...", "an action whose name is also a command", c_do},
    {"info", "i", "info UNIT|HEX", "what you know of a unit or hex (highlighted)", c_info},
    {"range", NULL, "range UNIT", "hexes the unit can fire into (highlighted)", c_area},
    {"reach", NULL, "reach UNIT", "hexes the unit can move to now, with their cost (highlighted)",
     c_area},
    {"los", NULL, "los FROM TO", "line of sight between two hexes", c_query},
    {"odds", NULL, "odds ARGS", "odds (arguments: see docs/<system>.md)", c_query},
    {"query", NULL, "query TEXT", "any query of the rule system, on your view", c_query},
    {"describe", "view", "describe", "the whole position as text (your view)", c_describe},
    {"hint", NULL, "hint", "what the computer would do in your place", c_hint},
    {"undo", "u", "undo",
     "take back your last action (never past a die roll or a "
     "revelation)",
     c_undo},
    {"save", NULL, "save [FILE]", "save the game (default SCENARIO.save.json)", c_save},
    {"load", NULL, "load FILE", "load a saved game (every step is verified)", c_load},
    {"center", NULL, "center HEX", "scroll the map to a hex", c_center},
    {"map", NULL, "map", "show the map (line mode)", c_map},
    {"hash", NULL, "hash", "step and hash of your view of the game", c_hash},
    {"words", NULL, "words [on|off]", "the log in sentences, or the rules' own lines", c_words},
    {"quit", "q", "quit", "leave", c_quit},
    {NULL, NULL, NULL, NULL, NULL}};

static const play_command_def *find(const char *name)
{
    for (int i = 0; COMMANDS[i].name; i++)
        if (!strcmp(name, COMMANDS[i].name) ||
            (COMMANDS[i].alias && !strcmp(name, COMMANDS[i].alias)))
            return &COMMANDS[i];
    return NULL;
}

/* Refuses what no command can be: too long, control characters. */
static int check_line(play_ctx *c, const char *line)
{
    size_t len = strlen(line);
    if (len >= PLAY_MAX_LINE) {
        play_say(c, PM_ERROR, "error: line too long (%zu characters)", len);
        return -1;
    }
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)line[i] < 0x20 || line[i] == 0x7f) {
            play_say(c, PM_ERROR, "error: the line holds control characters");
            return -1;
        }
    return 0;
}

/* "unknown command", with the closest command or action kind. */
static void say_unknown(play_ctx *c, const char *word)
{
    char *cand[256];
    int n = play_complete(c, 0, "", cand, 256);
    const char *near = cli_closest(word, cand, n);
    if (near)
        play_say(c, PM_ERROR, "error: unknown command '%.40s' (did you mean '%s'? type 'help')",
                 word, near);
    else
        play_say(c, PM_ERROR, "error: unknown command '%.40s' (type 'help')", word);
    for (int i = 0; i < n; i++)
        free(cand[i]);
}

int play_command(play_ctx *c, const char *line)
{
    char copy[PLAY_MAX_LINE], *w[64], echo[PLAY_MAX_LINE];
    if (check_line(c, line) != 0)
        return 0;
    cli_sanitize(line, strlen(line), echo, sizeof echo);
    snprintf(copy, sizeof copy, "%s", line);
    int n = cli_words(copy, w, 64);
    if (n == 0)
        return 0;
    play_say(c, PM_ECHO, "%s", echo);
    const char *rest = line + strspn(line, " \t");
    rest += strlen(w[0]);
    rest += strspn(rest, " \t");
    const play_command_def *cmd = find(w[0]);
    if (n == 64)
        play_say(c, PM_ERROR, "error: too many words");
    else if (cmd)
        cmd->run(c, w, n, rest);
    else if (play_action(c, play_human_to_act(c), w, n, line) == 1)
        say_unknown(c, w[0]);
    if (!cmd || strcmp(cmd->name, "quit") != 0)
        c->quit_warned = 0;
    return c->quit;
}

int play_complete(play_ctx *c, int word, const char *prefix, char **out, int max)
{
    int n = 0;
    size_t k = strlen(prefix);
    for (int i = 0; word == 0 && COMMANDS[i].name && n < max; i++)
        if (!strncmp(COMMANDS[i].name, prefix, k) && (out[n] = strdup(COMMANDS[i].name)))
            n++;
    n += play_complete_game(c, word, prefix, out + n, max - n);
    int kept = 0; /* drop repeats, keeping the first of each */
    for (int i = 0; i < n; i++) {
        int dup = 0;
        for (int j = 0; j < kept && !dup; j++)
            dup = !strcmp(out[i], out[j]);
        if (dup)
            free(out[i]);
        else
            out[kept++] = out[i];
    }
    return kept;
}
