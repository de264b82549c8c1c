/* play_tui.c — the ncurses front end of `grognard play`: terminal set-up,
 * the key loop, line editing with history and Tab completion, the log
 * ring, and the hotseat hand-over screen.  Drawing: play_draw.c. */
#include <assert.h>
#include <curses.h>
#include <stdlib.h>
#include <string.h>

#include "play_front.h"
#include "tui.h"

#define CTRL(k) ((k)&0x1f)

static void tui_say(void *ctx, int viewer, play_msg kind, const char *text)
{
    tui *t = ctx;
    const char *who = kind == PM_ECHO ? gr_game_player_name(gs_game(t->c->gs), viewer) : "";
    size_t size = strlen(who) + strlen(text) + 3; /* the whole line: the log wraps it */
    char *line = malloc(size);
    if (!line)
        return;
    snprintf(line, size, "%s%s%s", who, *who ? "> " : "", text);
    int slot = (t->log_first + t->log_count) % TUI_LOG_KEEP;
    if (t->log_count == TUI_LOG_KEEP) {
        free(t->log[t->log_first].text);
        t->log_first = (t->log_first + 1) % TUI_LOG_KEEP;
        t->log_count--;
    }
    t->log[slot] = (tui_line){viewer, (int)kind, line};
    t->log_count++;
    t->log_scroll = 0;
}

/* The viewer's own history (a valid seat: play_init sets one). */
static int seat_of(const tui *t)
{
    int seat = t->c->viewer;
    assert(seat >= 0 && seat < PLAY_MAX_PLAYERS);
    return seat;
}

/* Hotseat: a blank screen until the next player presses Enter. */
static int hand_over(tui *t)
{
    const char *who = gr_game_player_name(gs_game(t->c->gs), t->c->viewer);
    t->c->pass_pending = 0;
    t->len = 0; /* nothing typed by the last player stays on the line */
    t->input[0] = '\0';
    t->history_pos = t->nhistory[seat_of(t)];
    erase();
    mvprintw(LINES / 2 - 1, 2, "Pass the terminal to %s.", who);
    mvprintw(LINES / 2 + 1, 2, "%s: press Enter when the other player cannot see the screen.", who);
    refresh();
    for (;;) {
        int ch = getch();
        if (ch == ERR && play_interrupted(t->c))
            return -1;
        if (ch == '\n' || ch == '\r' || ch == KEY_ENTER)
            return 0;
    }
}

/* Adds the line being submitted to the history of the seat typing it. */
static void remember(tui *t)
{
    int seat = seat_of(t);
    char **h = t->history[seat];
    if (t->nhistory[seat] == TUI_HISTORY) {
        free(h[0]);
        memmove(h, h + 1, (TUI_HISTORY - 1) * sizeof *h);
        t->nhistory[seat]--;
    }
    if ((h[t->nhistory[seat]] = strdup(t->input)) != NULL)
        t->nhistory[seat]++;
    t->history_pos = t->nhistory[seat];
}

static void recall(tui *t, int delta)
{
    int seat = seat_of(t);
    int pos = t->history_pos + delta;
    if (pos < 0 || pos > t->nhistory[seat])
        return;
    t->history_pos = pos;
    snprintf(t->input, sizeof t->input, "%s",
             pos < t->nhistory[seat] ? t->history[seat][pos] : "");
    t->len = strlen(t->input);
}

/* Tab: completes the word before the cursor (unit ids, hexes, commands). */
static void complete(tui *t)
{
    size_t start = t->len;
    while (start > 0 && t->input[start - 1] != ' ')
        start--;
    int word = 0;
    for (size_t i = 0; i < start; i++)
        word += t->input[i] == ' ' && (i == 0 || t->input[i - 1] != ' ');
    if (start > 0 && t->input[0] == ' ')
        word--;
    char prefix[PLAY_MAX_LINE], *cand[64];
    snprintf(prefix, sizeof prefix, "%s", t->input + start);
    int n = play_complete(t->c, word, prefix, cand, 64);
    size_t common = n ? strlen(cand[0]) : 0;
    for (int i = 1; i < n; i++)
        for (size_t k = 0; k < common; k++)
            if (cand[i][k] != cand[0][k]) {
                common = k;
                break;
            }
    if (n && start + common + 1 < sizeof t->input) {
        memcpy(t->input + start, cand[0], common);
        t->len = start + common;
        if (n == 1)
            t->input[t->len++] = ' ';
        t->input[t->len] = '\0';
    }
    if (n > 1) {
        char list[512] = "";
        for (int i = 0; i < n && strlen(list) < 400; i++)
            snprintf(list + strlen(list), sizeof list - strlen(list), " %s", cand[i]);
        tui_say(t, t->c->viewer, PM_INFO, list + 1);
    } else if (n == 0) {
        beep();
    }
    for (int i = 0; i < n; i++)
        free(cand[i]);
}

static void submit(tui *t)
{
    if (t->len == 0)
        return;
    remember(t);
    char line[PLAY_MAX_LINE];
    snprintf(line, sizeof line, "%s", t->input);
    t->len = 0;
    t->input[0] = '\0';
    int before = t->c->viewer;
    play_command(t->c, line);
    if (t->c->viewer != before)
        tui_center_home(t);
}

/* One key; returns -1 to leave. */
static int key(tui *t, int ch)
{
    switch (ch) {
    case ERR: return play_interrupted(t->c) ? -1 : 0; /* a pause (timeout) or Ctrl-C */
    case '\n':
    case '\r':
    case KEY_ENTER: submit(t); break;
    case KEY_BACKSPACE:
    case 127:
    case CTRL('h'):
        if (t->len)
            t->input[--t->len] = '\0';
        break;
    case '\t': complete(t); break;
    case KEY_LEFT: tui_scroll(t, -2 * BOARD_CELL_W, 0); break;
    case KEY_RIGHT: tui_scroll(t, 2 * BOARD_CELL_W, 0); break;
    case KEY_UP: tui_scroll(t, 0, -2 * BOARD_CELL_H); break;
    case KEY_DOWN: tui_scroll(t, 0, 2 * BOARD_CELL_H); break;
    case KEY_PPAGE: t->log_scroll += 3; break;
    case KEY_NPAGE: t->log_scroll = t->log_scroll > 3 ? t->log_scroll - 3 : 0; break;
    case CTRL('p'): recall(t, -1); break;
    case CTRL('n'): recall(t, 1); break;
    case CTRL('u'): t->len = 0, t->input[0] = '\0'; break;
    case CTRL('l'): clearok(curscr, TRUE); break;
    case CTRL('d'):
        if (t->len == 0)
            play_command(t->c, "quit");
        break;
    default:
        if (ch >= 0x20 && ch < 0x100 && ch != 0x7f && t->len + 1 < sizeof t->input) {
            t->input[t->len++] = (char)ch;
            t->input[t->len] = '\0';
        }
    }
    return 0;
}

static void tui_free(tui *t)
{
    for (int i = 0; i < t->log_count; i++)
        free(t->log[(t->log_first + i) % TUI_LOG_KEEP].text);
    for (int seat = 0; seat < PLAY_MAX_PLAYERS; seat++)
        for (int i = 0; i < t->nhistory[seat]; i++)
            free(t->history[seat][i]);
    canvas_free(&t->canvas);
    free(t);
}

static void start_colours(tui *t)
{
    if (!has_colors() || start_color() == ERR)
        return;
    use_default_colors();
    t->colours = 1;
}

int play_tui_run(play_ctx *c)
{
    SCREEN *scr = newterm(NULL, stdout, stdin);
    if (!scr)
        return -1;
    tui *t = calloc(1, sizeof *t);
    if (!t) {
        endwin();
        delscreen(scr);
        return CLI_FAIL;
    }
    t->c = c;
    cbreak();
    noecho();
    keypad(stdscr, TRUE);
    timeout(250); /* getch returns now and then: a Ctrl-C between two keys is seen */
    start_colours(t);
    c->say = tui_say;
    c->say_ctx = t;
    play_advance(c);
    tui_center_home(t);
    while (!c->quit && !play_interrupted(c)) {
        if (c->pass_pending && hand_over(t) != 0)
            break;
        tui_draw(t);
        if (key(t, getch()) != 0)
            break;
    }
    endwin();
    delscreen(scr);
    tui_free(t);
    return CLI_OK;
}
