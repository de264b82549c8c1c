/* test_play.c — the play prompt without a terminal: commands, actions typed
 * by option number, by position or as lines, refusals naming the rule, undo
 * stopping at a die roll, completion, the map from the board queries,
 * hotseat hiding of secret choices, 200 garbage lines that each get an
 * error and change nothing (by hash), and the plain line mode on a script. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "cli/play.h"
#include "host/files.h"
#include "cli/play_front.h"
#include "testutil.h"

typedef struct heard {
    cli_buf text; /* every line said, "<viewer>|<kind>|text" */
    int errors;
    int lines;
} heard;

static void listen(void *ctx, int viewer, play_msg kind, const char *text)
{
    heard *h = ctx;
    cli_buf_printf(&h->text, "%d|%d|%s\n", viewer, (int)kind, text);
    h->errors += kind == PM_ERROR;
    h->lines++;
}

/* Play of `id` with `human` typed for; the computer plays the rest. */
static void start(play_ctx *c, heard *h, const char *id, unsigned human, uint64_t seed)
{
    char why[256];
    gr_error err = {{0}, {0}};
    memset(h, 0, sizeof *h);
    gs_session *gs = gs_open(id, seed, NULL, &err);
    if (!gs)
        fail_msg("%s: %s", id, err.msg);
    assert_int_equal(play_init(c, gs, human, "random", seed, listen, h, why, sizeof why), 0);
    play_advance(c);
}

static void stop(play_ctx *c, heard *h)
{
    play_free(c);
    cli_buf_free(&h->text);
}

/* Runs a command; asserts that what it said contains `want`. */
static void say_to(play_ctx *c, heard *h, const char *line, const char *want)
{
    size_t from = h->text.len;
    play_command(c, line);
    const char *said = cli_buf_str(&h->text) + from;
    if (!strstr(said, want))
        fail_msg("'%s': wanted '%s' in:\n%s", line, want, said);
}

static void test_actions_and_refusals(void **state)
{
    (void)state;
    play_ctx c;
    heard h;
    start(&c, &h, "boc-slice", 1u << 1, 3); /* csa, who fires first */
    assert_non_null(strstr(cli_buf_str(&h.text), "csa: your decision: fire"));
    say_to(&c, &h, "options", "13 options for csa:");
    say_to(&c, &h, "fire c.pegram H11", "error: 2 actions fit");
    say_to(&c, &h, "fire c.davis A1", "error: illegal [boc:");
    say_to(&c, &h, "fire c.nobody H11", "error: fire: bad value unit=c.nobody");
    say_to(&c, &h, "end-fire now", "error: end-fire: too many arguments");
    say_to(&c, &h, "99", "error: no option 99 (there are 13");
    say_to(&c, &h, "fire c.pegram H11 via=G12", "> fire by=csa unit=c.pegram target=H11 via=G12");
    say_to(&c, &h, "undo",
           "error: cannot undo: a die roll or a revelation came after your "
           "last action (reveal unit=c.pegram");
    say_to(&c, &h, "fire unit=c.davis target=H11", "> fire by=csa unit=c.davis target=H11");
    say_to(&c, &h, "info c.pegram", "details: side=csa known=1 status=map hex=H13");
    say_to(&c, &h, "info H12", "terrain=");
    say_to(&c, &h, "range c.archer", "range of c.archer: range=1 hexes=");
    int lit = 0;
    for (int i = 0; i < c.board.nhex; i++)
        lit += c.highlight[i];
    assert_true(lit >= 1);
    say_to(&c, &h, "los G11 H13", "range=2 los=");
    say_to(&c, &h, "hint", "hint (random): ");
    say_to(&c, &h, "hash", "step 2 hash ");
    say_to(&c, &h, "end", "> end-fire by=csa");
    stop(&c, &h);
}

/* reach UNIT: where a unit can move now, with costs, lit on the map. */
static void test_reach_lights_the_moves(void **state)
{
    (void)state;
    play_ctx c;
    heard h;
    start(&c, &h, "savannah-historical", 1u << 0, 7);
    say_to(&c, &h, "reach grenadiers", "reach of grenadiers: unit=grenadiers hex=1503 ");
    say_to(&c, &h, "reach grenadiers", "(highlighted on the map)");
    int lit = 0;
    for (int i = 0; i < c.board.nhex; i++)
        lit += c.highlight[i];
    assert_true(lit >= 2);
    say_to(&c, &h, "reach", "error: usage: reach UNIT");
    say_to(&c, &h, "reach nobody", "error: ");
    stop(&c, &h);
}

/* An action with no die roll or revelation after it can be undone. */
static void test_undo_back_to_the_decision(void **state)
{
    (void)state;
    play_ctx c;
    heard h;
    start(&c, &h, "jdg-slice", 1u << 0, 5); /* french; allied is the computer */
    say_to(&c, &h, "orders fr_17L", "> orders by=french g1=fr_17L");
    /* the computer gave its orders, the initiative dice were rolled */
    say_to(&c, &h, "undo", "error: cannot undo");
    stop(&c, &h);
    start(&c, &h, "jdg-slice", 3u, 5); /* hotseat: the allied orders are not given yet */
    uint64_t before = gr_game_hash(gs_game(c.gs));
    say_to(&c, &h, "orders fr_17L", "> orders by=french g1=fr_17L");
    assert_int_equal(c.viewer, 1);
    assert_int_equal(c.pass_pending, 1);
    say_to(&c, &h, "undo", "undone: 1 action; back at step 0");
    assert_true(gr_game_hash(gs_game(c.gs)) == before);
    stop(&c, &h);
}

/* Hotseat: the second player never hears the first one's secret orders. */
static void test_hotseat_hides_secrets(void **state)
{
    (void)state;
    play_ctx c;
    heard h;
    start(&c, &h, "jdg-slice", 3u, 8);
    say_to(&c, &h, "orders fr_17L fr_9H", "order-secret group=fr_17L status=ordered vis=french");
    assert_int_equal(c.viewer, 1);
    assert_true(c.pass_pending);
    const char *all = cli_buf_str(&h.text);
    for (const char *l = all; (l = strstr(l, "\n1|")) != NULL; l++) {
        const char *end = strchr(l + 1, '\n');
        size_t n = end ? (size_t)(end - l) : strlen(l);
        char line[512];
        snprintf(line, sizeof line, "%.*s", (int)n, l + 1);
        assert_null(strstr(line, "vis=french"));
        assert_null(strstr(line, "orders by=french"));
    }
    assert_non_null(strstr(all, "1|4|allied: your decision: orders"));
    stop(&c, &h);
}

/* What `cmd` said after `marker` (up to the end of the line) into out. */
static void said_after(play_ctx *c, heard *h, const char *cmd, const char *marker, char *out,
                       size_t size)
{
    size_t from = h->text.len;
    play_command(c, cmd);
    const char *at = strstr(cli_buf_str(&h->text) + from, marker);
    if (!at)
        fail_msg("'%s': no '%s' in:\n%s", cmd, marker, cli_buf_str(&h->text) + from);
    at += strlen(marker);
    snprintf(out, size, "%.*s", (int)strcspn(at, "\n"), at);
}

/* In a secret decision the computer commits after the person, so a save
 * made while the person thinks holds no choice of the computer's. */
static void test_computer_commits_after_the_person(void **state)
{
    (void)state;
    play_ctx c;
    heard h;
    start(&c, &h, "jdg-slice", 1u << 0, 5); /* french; allied is the computer */
    for (int i = 0; i < gs_entries(c.gs); i++)
        assert_false(gs_entry_at(c.gs, i)->type == GS_ENTRY_ACTION);
    char path[] = "/tmp/grognard-secret-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    say_to(&c, &h, "save " "/tmp/grognard-secret-none/x.json", "error: save failed");
    char cmd[64];
    snprintf(cmd, sizeof cmd, "save %s", path);
    say_to(&c, &h, cmd, "saved to ");
    char why[256];
    char *text = gr_host_slurp(path, NULL, why, sizeof why);
    assert_non_null(text);
    assert_null(strstr(text, "by=allied"));
    free(text);
    unlink(path);
    say_to(&c, &h, "orders fr_17L", "> orders by=french g1=fr_17L");
    int allied = 0; /* then the computer gave its orders */
    for (int i = 0; i < gs_entries(c.gs); i++) {
        const gs_entry *e = gs_entry_at(c.gs, i);
        allied += e->type == GS_ENTRY_ACTION && e->action.player == 1;
    }
    assert_int_equal(allied, 1);
    stop(&c, &h);
}

/* Hotseat, seen by the second player after the first one's secret orders:
 * the hash `hash` prints and the hint `hint` gives. */
static void after_secret_orders(const char *orders, char *hash, char *hint)
{
    play_ctx c;
    heard h;
    start(&c, &h, "jdg-slice", 3u, 8);
    say_to(&c, &h, orders, "> orders by=french");
    assert_int_equal(c.viewer, 1);
    said_after(&c, &h, "hash", " hash ", hash, 64);
    said_after(&c, &h, "hint", "hint (random): ", hint, 256);
    stop(&c, &h);
}

/* Neither the hash nor the advice shown to a player depends on a choice he
 * cannot see: both come from his view, not from the full state. */
static void test_hash_and_hint_from_the_view(void **state)
{
    (void)state;
    char hash1[64], hash2[64], hint1[256], hint2[256];
    after_secret_orders("orders fr_17L", hash1, hint1);
    after_secret_orders("orders fr_17L fr_9H", hash2, hint2);
    assert_string_equal(hash1, hash2);
    assert_string_equal(hint1, hint2);
}

/* `options UNIT` lists the options naming it, with their numbers in the
 * whole list; a number picks only from a list on screen; mistyped
 * commands get the closest one; `quit` warns once about an unsaved game. */
static void test_options_numbers_and_quit(void **state)
{
    (void)state;
    play_ctx c;
    heard h;
    start(&c, &h, "boc-slice", 1u << 1, 3);
    say_to(&c, &h, "3", "error: option 3 is not on a list shown");
    say_to(&c, &h, "options c.pegram", "of 13 options for csa mention c.pegram:");
    char shown[64] = "";
    const char *list = strstr(cli_buf_str(&h.text), "mention c.pegram:");
    for (const char *l = list; l && (l = strstr(l, "\n1|1|")) != NULL; l++) {
        const char *line = l + 5;
        if (!strstr(line, "c.pegram") || strstr(line, "mention"))
            break; /* the end of the filtered list */
        long k = strtol(line, NULL, 10);
        if (k > 0 && !shown[0])
            snprintf(shown, sizeof shown, "%ld", k);
    }
    assert_true(shown[0] != '\0');
    say_to(&c, &h, "options nobody", "error: none of your 13 options mentions 'nobody'");
    say_to(&c, &h, "optoins", "did you mean 'options'?");
    say_to(&c, &h, "fier c.pegram H11", "did you mean 'fire'?");
    say_to(&c, &h, shown, "> fire by=csa unit=c.pegram");
    say_to(&c, &h, "quit", "'quit' again leaves without saving");
    assert_false(c.quit);
    say_to(&c, &h, "quit", "bye (not saved)");
    assert_true(c.quit);
    stop(&c, &h);
}

/* The computer's turn is summarised in one line that counts its actions
 * as the log shows them. */
static void test_computer_turn_summarised(void **state)
{
    (void)state;
    play_ctx c;
    heard h;
    start(&c, &h, "arw-slice", 1u << 0, 3); /* british; the allied computer attacks first */
    int actions = 0; /* the allied action lines the british player was shown */
    for (const char *l = cli_buf_str(&h.text); (l = strstr(l, "0|0|> ")) != NULL; l++) {
        char line[256];
        snprintf(line, sizeof line, "%.*s", (int)strcspn(l, "\n"), l);
        actions += strstr(line, " by=allied") != NULL;
    }
    assert_true(actions >= 4);
    char want[64];
    snprintf(want, sizeof want, "the computer played %d actions (", actions);
    assert_non_null(strstr(cli_buf_str(&h.text), want));
    stop(&c, &h);
}

/* A refused end of the declarations says which units must still attack
 * (arw:GR12.12-a): each named unit is one the options let attack. */
static void test_refused_end_names_the_attackers(void **state)
{
    (void)state;
    play_ctx c;
    heard h;
    start(&c, &h, "arw-slice", 1u << 1, 3); /* allied, who declares first */
    say_to(&c, &h, "options", "options for allied:");
    const char *listing = strstr(cli_buf_str(&h.text), "options for allied:");
    char attacks[4096];
    snprintf(attacks, sizeof attacks, "%s", listing);
    size_t from = h.text.len;
    say_to(&c, &h, "declare-done", "still to attack: ");
    char names[512];
    const char *said = strstr(cli_buf_str(&h.text) + from, "still to attack: ") + 17;
    snprintf(names, sizeof names, "%.*s", (int)strcspn(said, ";\n"), said);
    int named = 0;
    for (char *save = NULL, *u = strtok_r(names, ", ", &save); u; u = strtok_r(NULL, ", ", &save)) {
        char want[96];
        snprintf(want, sizeof want, "attack unit=%s ", u);
        if (!strstr(attacks, want))
            fail_msg("'%s' is said to be obliged but has no attack option", u);
        named++;
    }
    assert_true(named > 0);
    stop(&c, &h);
}

/* `end`, when the ending action is refused, says why with the rules' own
 * words (arw:GR12.12-a: the attackers still obliged), as typing the ending
 * action does; at a decision with no ending action it names the decision. */
static void test_refused_end_says_why(void **state)
{
    (void)state;
    play_ctx c;
    heard h;
    start(&c, &h, "arw-slice", 1u << 1, 3); /* allied, who declares first */
    size_t from = h.text.len;
    say_to(&c, &h, "declare-done", "still to attack: ");
    char direct[512];
    const char *said = strstr(cli_buf_str(&h.text) + from, "error: ");
    snprintf(direct, sizeof direct, "%.*s", (int)strcspn(said, "\n"), said + 7);
    from = h.text.len;
    say_to(&c, &h, "end", "error: 'declare-done' is refused: ");
    assert_non_null(strstr(cli_buf_str(&h.text) + from, direct));
    stop(&c, &h);
    start(&c, &h, "arw-slice", 1u << 0, 7); /* british, asked for a vanguard */
    say_to(&c, &h, "end", "error: nothing to end now: your decision is vanguard");
    stop(&c, &h);
}

/* Odds in words: a distribution's counts over its denominator as
 * percentages; an answer whose counts do not add up to `den` is no
 * distribution and gets none. */
static void test_odds_in_percent(void **state)
{
    (void)state;
    char out[256];
    assert_int_equal(cli_chances("column=3-1 drm=0 den=10 outcomes=2 D/-=3 R/-=7", out,
                                 sizeof out), 1);
    assert_string_equal(out, "D/- 30%, R/- 70%");
    assert_int_equal(cli_chances("rolls=2 den=3 miss=1 hit=2", out, sizeof out), 1);
    assert_string_equal(out, "miss 33.3%, hit 66.7%");
    assert_int_equal(cli_chances("pass=7 fail=3 den=10 modifier=2", out, sizeof out), 1);
    assert_string_equal(out, "pass 70%, fail 30%");
    assert_int_equal(cli_chances("odds=3-1 drm=0", out, sizeof out), 0);
    assert_int_equal(cli_chances("den=10 a=3 b=3", out, sizeof out), 0);
    assert_string_equal(out, "");
    play_ctx c;
    heard h;
    start(&c, &h, "arw-slice", 1u << 1, 3);
    say_to(&c, &h, "odds crt 6 2 0", "chances: ");
    stop(&c, &h);
}

/* `info` in words: side, kind, hex and state from the seat's units query,
 * then the details (grenadiers: British infantry, arw-slice's order of
 * battle, 1 SP at the start); a hex lists its units the same way. */
static void test_info_in_words(void **state)
{
    (void)state;
    play_ctx c;
    heard h;
    start(&c, &h, "arw-slice", 1u << 0, 3);
    say_to(&c, &h, "info grenadiers", "grenadiers: British infantry at ");
    say_to(&c, &h, "info grenadiers", "\n  details: hex=");
    stop(&c, &h);
    start(&c, &h, "jdg-slice", 1u << 0, 3);
    say_to(&c, &h, "info 0422", "0422: fr_17L (French infantry, ");
    stop(&c, &h);
}

/* A log line naming a card gets its title, as data/arw/savannah/cards.json
 * gives it, from the view's public `card N` query; other lines get none. */
static void test_card_titles_in_the_log(void **state)
{
    (void)state;
    play_ctx c;
    heard h;
    start(&c, &h, "savannah-campaign", 1u << 0, 3);
    char path[1024], want[256], why[256], title[160];
    size_t len = 0;
    tu_path(path, sizeof path, "data/arw/savannah/cards.json");
    char *data = gr_host_slurp(path, &len, why, sizeof why);
    assert_non_null(data);
    for (int card = 1; card <= 55; card += 27) {
        snprintf(want, sizeof want, "{\"card\": %d, \"title\": \"", card);
        const char *entry = strstr(data, want);
        assert_non_null(entry);
        entry += strlen(want);
        char line[64];
        snprintf(line, sizeof line, "card-drawn by=british card=%d vis=british", card);
        assert_int_equal(play_card_title(c.view, line, title, sizeof title), 1);
        assert_int_equal(strncmp(title, entry, strlen(title)), 0);
        assert_int_equal(entry[strlen(title)], '"');
    }
    assert_int_equal(play_card_title(c.view, "weather turn=1 weather=fair", title, sizeof title), 0);
    assert_int_equal(play_card_title(c.view, "x card=99999", title, sizeof title), 0);
    free(data);
    stop(&c, &h);
}

static void test_completion_and_board(void **state)
{
    (void)state;
    play_ctx c;
    heard h;
    start(&c, &h, "boc-slice", 1u << 1, 3);
    char *cand[64];
    int n = play_complete(&c, 0, "fi", cand, 64);
    assert_int_equal(n, 1);
    assert_string_equal(cand[0], "fire");
    free(cand[0]);
    n = play_complete(&c, 1, "c.pe", cand, 64);
    assert_int_equal(n, 1);
    assert_string_equal(cand[0], "c.pegram");
    free(cand[0]);
    n = play_complete(&c, 1, "u.", cand, 64); /* enemy blocks are hidden */
    for (int i = 0; i < n; i++) {
        assert_string_not_equal(cand[i], "u.meredith");
        free(cand[i]);
    }
    assert_true(c.board.has_map);
    assert_int_equal(c.board.nhex, 14 * 22);
    int g11 = board_find(&c.board, "G11"), x, y;
    assert_true(g11 >= 0);
    bd_canvas cv;
    assert_int_equal(board_render(&c.board, NULL, &cv), 0);
    board_cell_origin(&c.board, g11, &x, &y);
    assert_int_equal(cv.cell[y * cv.w + x].ch, 'G');
    assert_int_equal(cv.cell[y * cv.w + x + 2].ch, '1');
    /* a hex's counters stand on its label's line, after the label (issue
     * 16: a newcomer read the counters below a label as the next hex's) */
    assert_true(c.board.nunit > 0);
    const bd_unit *first = &c.board.unit[0];
    board_cell_origin(&c.board, first->hex, &x, &y);
    assert_int_equal(cv.cell[y * cv.w + x + BOARD_LABEL_W + 1].ch, first->sym);
    assert_int_equal(cv.cell[(y + 1) * cv.w + x + BOARD_LABEL_W + 1].ch, ' ');
    int hidden = 0;
    for (int k = 0; k < c.board.nunit; k++)
        hidden += !strcmp(c.board.unit[k].id, "?");
    assert_int_equal(hidden, 6); /* seven usa blocks, calef is face up */
    canvas_free(&cv);
    stop(&c, &h);
}

static int is_command_word(play_ctx *c, const char *line)
{
    static const char *const ALIASES[] = {"o", "?", "i", "u", "q", "pass", "view", NULL};
    char word[64] = "";
    sscanf(line, " %63s", word);
    for (int i = 0; ALIASES[i]; i++)
        if (!strcmp(word, ALIASES[i]))
            return 1;
    char *cand[64];
    int n = play_complete(c, 0, word, cand, 64), exact = 0;
    for (int i = 0; i < n; i++) {
        exact |= !strcmp(cand[i], word);
        free(cand[i]);
    }
    return exact || (word[0] >= '0' && word[0] <= '9');
}

static void test_garbage_changes_nothing(void **state)
{
    (void)state;
    static const char *const NEAR[] = {"undo",
                                       "save /nonexistent/dir/x.json",
                                       "load /nonexistent",
                                       "info nothing",
                                       "1000",
                                       "fire nobody",
                                       "end-fire extra",
                                       "range",
                                       "reach",
                                       "reach nobody",
                                       "los A1",
                                       "query",
                                       "center ZZ99",
                                       "do",
                                       "do nothing",
                                       "fire c.davis H11 H11 H11",
                                       "fire unit=",
                                       "=",
                                       "take-hit",
                                       "query no such query",
                                       "odds",
                                       "info",
                                       "\x7f",
                                       "\x1b[A"};
    play_ctx c;
    heard h;
    start(&c, &h, "boc-slice", 1u << 1, 4);
    say_to(&c, &h, "fire c.pegram H11 via=G12", "> fire"); /* a die roll: undo refuses */
    uint64_t hash = gr_game_hash(gs_game(c.gs));
    uint32_t seed = 99;
    for (int i = 0; i < 200; i++) {
        char line[400];
        do {
            seed = seed * 1103515245u + 12345u;
            if ((seed >> 16) % 3 == 0) {
                snprintf(line, sizeof line, "%s", NEAR[(seed >> 4) % (sizeof NEAR / sizeof *NEAR)]);
                break;
            }
            size_t len = 1 + (seed >> 8) % 300;
            for (size_t k = 0; k < len; k++) {
                seed = seed * 1103515245u + 12345u;
                line[k] = (char)(1 + (seed >> 16) % 255);
            }
            line[len] = '\0';
        } while (is_command_word(&c, line) || strspn(line, " \t") == strlen(line));
        int errors = h.errors;
        assert_int_equal(play_command(&c, line), 0);
        if (h.errors != errors + 1)
            fail_msg("garbage line %d gave %d error lines", i, h.errors - errors);
        assert_true(gr_game_hash(gs_game(c.gs)) == hash);
    }
    stop(&c, &h);
}

static void test_plain_mode_on_a_script(void **state)
{
    (void)state;
    char script[] = "options\n7\nmap\nbogus\nquit\nquit\nnot read\n";
    FILE *in = fmemopen(script, strlen(script), "r");
    char *out = NULL;
    size_t len = 0;
    FILE *o = open_memstream(&out, &len);
    play_ctx c;
    heard h;
    start(&c, &h, "boc-slice", 1u << 1, 3);
    assert_int_equal(play_line_run(&c, in, o), CLI_OK);
    fclose(o);
    fclose(in);
    assert_non_null(strstr(out, "csa> options\n13 options for csa:\n"));
    assert_non_null(strstr(out, "> fire by=csa unit=c.davis target=H11"));
    assert_non_null(strstr(out, "G11"));    /* the map */
    assert_non_null(strstr(out, "phase=")); /* the panel */
    assert_non_null(strstr(out, "\nterrain wooded: woods")); /* the legend under the map */
    assert_non_null(strstr(out, "error: unknown command 'bogus'"));
    assert_non_null(strstr(out, "bye"));
    assert_null(strstr(out, "not read"));
    free(out);
    stop(&c, &h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_actions_and_refusals),
        cmocka_unit_test(test_reach_lights_the_moves),
        cmocka_unit_test(test_undo_back_to_the_decision),
        cmocka_unit_test(test_hotseat_hides_secrets),
        cmocka_unit_test(test_computer_commits_after_the_person),
        cmocka_unit_test(test_hash_and_hint_from_the_view),
        cmocka_unit_test(test_options_numbers_and_quit),
        cmocka_unit_test(test_computer_turn_summarised),
        cmocka_unit_test(test_refused_end_names_the_attackers),
        cmocka_unit_test(test_refused_end_says_why),
        cmocka_unit_test(test_odds_in_percent),
        cmocka_unit_test(test_info_in_words),
        cmocka_unit_test(test_card_titles_in_the_log),
        cmocka_unit_test(test_completion_and_board),
        cmocka_unit_test(test_garbage_changes_nothing),
        cmocka_unit_test(test_plain_mode_on_a_script),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
