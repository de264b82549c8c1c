/* play_draw.c — drawing the play screen with ncurses: layout, the map
 * viewport (canvas of board.c), the side panel, the log pane, the prompt. */
#include <curses.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "tui.h"

static int panel_cols(void)
{
    return COLS >= 110 ? 40 : COLS >= 80 ? 32 : 24;
}

static int log_rows(void)
{
    return LINES >= 36 ? 10 : LINES >= 24 ? 7 : 4;
}

int tui_map_cols(void)
{
    int w = COLS - panel_cols() - 1;
    return w > 1 ? w : 1;
}

int tui_map_rows(void)
{
    int h = LINES - log_rows() - 2;
    return h > 1 ? h : 1;
}

/* Colour pair for (fg, bg), allocated on first use. */
static int pair_of(tui *t, int fg, int bg)
{
    if (!t->colours || fg < -1 || fg > 7 || bg < -1 || bg > 7)
        return 0;
    short *p = &t->pair[fg + 1][bg + 1];
    if (!*p && t->npairs + 1 < COLOR_PAIRS) {
        *p = (short)++t->npairs;
        init_pair(*p, (short)fg, (short)bg);
    }
    return *p;
}

static attr_t cell_attr(tui *t, const bd_cell *cell)
{
    attr_t a = COLOR_PAIR(pair_of(t, cell->fg, cell->bg));
    if (cell->attr & BD_BOLD)
        a |= A_BOLD;
    if (cell->attr & BD_DIM)
        a |= A_DIM;
    if (cell->attr & BD_REVERSE)
        a |= A_REVERSE;
    return a;
}

void tui_scroll(tui *t, int dx, int dy)
{
    int w, h;
    if (!t->c->board.has_map)
        return;
    board_extent(&t->c->board, &w, &h);
    t->ox += dx;
    t->oy += dy;
    if (t->ox > w - tui_map_cols())
        t->ox = w - tui_map_cols();
    if (t->oy > h - tui_map_rows())
        t->oy = h - tui_map_rows();
    t->ox -= t->ox % BOARD_CELL_W; /* whole hexes at the left and top edges */
    t->oy -= t->oy % BOARD_CELL_H;
    if (t->ox < 0)
        t->ox = 0;
    if (t->oy < 0)
        t->oy = 0;
}

void tui_center_on(tui *t, const char *label)
{
    int i = board_find(&t->c->board, label), x, y;
    if (i < 0)
        return;
    board_cell_origin(&t->c->board, i, &x, &y);
    t->ox = t->oy = 0;
    tui_scroll(t, x - tui_map_cols() / 2, y - tui_map_rows() / 2);
}

void tui_center_home(tui *t)
{
    const cli_board *b = &t->c->board;
    long sx = 0, sy = 0, n = 0;
    for (int k = 0; k < b->nunit; k++)
        if (b->unit[k].side == t->c->viewer) {
            int x, y;
            board_cell_origin(b, b->unit[k].hex, &x, &y);
            sx += x, sy += y, n++;
        }
    int w, h;
    board_extent(b, &w, &h);
    t->ox = t->oy = 0;
    if (n)
        tui_scroll(t, (int)(sx / n) - tui_map_cols() / 2, (int)(sy / n) - tui_map_rows() / 2);
    else
        tui_scroll(t, (w - tui_map_cols()) / 2, (h - tui_map_rows()) / 2);
}

/* The map, or the describe text when the system has no hex map. */
static void draw_map(tui *t)
{
    play_ctx *c = t->c;
    int rows = tui_map_rows(), cols = tui_map_cols();
    if (!c->board.has_map) {
        char *text = c->view ? cli_describe(c->view) : NULL;
        const char *p = text ? text : "";
        for (int y = 0; y < rows && *p; y++) {
            size_t n = strcspn(p, "\n");
            mvaddnstr(y, 0, p, (int)(n < (size_t)cols ? n : (size_t)cols));
            p += n + (p[n] == '\n');
        }
        free(text);
        return;
    }
    if (c->changed || !t->canvas.cell) {
        canvas_free(&t->canvas);
        board_render(&c->board, c->highlight, &t->canvas);
        c->changed = 0;
    }
    for (int y = 0; y < rows && y + t->oy < t->canvas.h; y++)
        for (int x = 0; x < cols && x + t->ox < t->canvas.w; x++) {
            const bd_cell *cell = &t->canvas.cell[(y + t->oy) * t->canvas.w + x + t->ox];
            mvaddch(y, x, (chtype)(unsigned char)cell->ch | cell_attr(t, cell));
        }
}

/* One panel line at row *y, cut to the panel width. */
static void panel_line(tui *t, int *y, attr_t a, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void panel_line(tui *t, int *y, attr_t a, const char *fmt, ...)
{
    (void)t;
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (*y >= tui_map_rows())
        return;
    attron(a);
    mvaddnstr((*y)++, COLS - panel_cols(), text, panel_cols() - 1);
    attroff(a);
}

static void panel_status(tui *t, int *y)
{
    play_ctx *c = t->c;
    const gr_game *g = gs_game(c->gs);
    gr_pending p;
    gr_game_pending(g, &p);
    int who = play_human_to_act(c);
    panel_line(t, y, A_BOLD, "%s %s",
               c->humans > 1 ? "at the screen:" : "you play:", gr_game_player_name(g, c->viewer));
    if (p.kind == GR_PENDING_OVER)
        panel_line(t, y, A_BOLD, "game over: %s", gr_game_outcome_name(g, p.outcome));
    else if (who >= 0)
        panel_line(t, y, A_BOLD | COLOR_PAIR(pair_of(t, BD_YELLOW, BD_DEFAULT)), "%s to act: %s",
                   gr_game_player_name(g, who), gr_game_decision_name(g, p.decision));
    char hash[17];
    play_hash_text(t->c, hash);
    panel_line(t, y, A_DIM, "step %u  hash %s", (unsigned)gr_game_step(g), hash);
}

static void draw_panel(tui *t)
{
    play_ctx *c = t->c;
    const gr_scenario *sc = gs_scenario(c->gs);
    int y = 0;
    for (int row = 0; row < tui_map_rows(); row++)
        mvvline(row, COLS - panel_cols() - 1, ACS_VLINE, 1);
    panel_line(t, &y, A_BOLD, "GROGNARD  %s", gr_scenario_id(sc));
    panel_line(t, &y, A_DIM, "%s", gr_scenario_title(sc));
    y++;
    panel_status(t, &y);
    y++;
    const char *p = c->board.panel ? c->board.panel : "";
    while (*p) {
        size_t n = strcspn(p, "\n");
        char line[256];
        snprintf(line, sizeof line, "%.*s", (int)(n < 255 ? n : 255), p);
        char *eq = strchr(line, '=');
        if (eq)
            *eq = '\0';
        panel_line(t, &y, 0, "%-9s %s", line, eq ? eq + 1 : "");
        p += n + (p[n] == '\n');
    }
    y++;
    for (int s = 0; s < gr_game_players(gs_game(c->gs)); s++)
        panel_line(t, &y, COLOR_PAIR(pair_of(t, BD_WHITE, board_side_colour(s))) | A_BOLD, " %s%s ",
                   gr_game_player_name(gs_game(c->gs), s), c->agent[s] ? " (computer)" : "");
    if (c->board.has_map) {
        panel_line(t, &y, A_DIM, "I inf C cav A art L ldr");
        panel_line(t, &y, A_DIM, "H HQ * C-in-C ? hidden");
        char legend[160];
        int colour;
        for (int k = 0; board_legend(&c->board, k, &colour, legend, sizeof legend); k++)
            panel_line(t, &y, COLOR_PAIR(pair_of(t, BD_BLACK, colour)), "%s", legend);
    }
    panel_line(t, &y, A_DIM, "'help': commands");
}

static attr_t log_attr(tui *t, const tui_line *l)
{
    return l->kind == PM_ERROR  ? COLOR_PAIR(pair_of(t, BD_RED, BD_DEFAULT)) | A_BOLD
           : l->kind == PM_TURN ? COLOR_PAIR(pair_of(t, BD_YELLOW, BD_DEFAULT)) | A_BOLD
           : l->kind == PM_ECHO ? A_DIM
                                : 0;
}

/* The log pane: this viewer's lines, newest at the bottom, each wrapped
 * to the terminal's width (never cut); PgUp/PgDn scroll it by rows. */
static void draw_log(tui *t)
{
    int top = tui_map_rows(), y = LINES - 2, width = COLS > 2 ? COLS - 1 : 1;
    int skip = t->log_scroll;
    mvhline(top, 0, ACS_HLINE, COLS);
    for (int i = t->log_count - 1; i >= 0 && y > top; i--) {
        const tui_line *l = &t->log[(t->log_first + i) % TUI_LOG_KEEP];
        if (l->viewer != t->c->viewer && l->viewer >= 0)
            continue;
        int len = (int)strlen(l->text), parts = len > width ? (len + width - 1) / width : 1;
        attr_t a = log_attr(t, l);
        for (int part = parts - 1; part >= 0 && y > top; part--) {
            if (skip > 0) {
                skip--;
                continue;
            }
            attron(a);
            mvaddnstr(y--, 0, l->text + part * width, width);
            attroff(a);
        }
    }
}

static void draw_prompt(tui *t)
{
    const char *who = gr_game_player_name(gs_game(t->c->gs), t->c->viewer);
    int y = LINES - 1, room = COLS - (int)strlen(who) - 3;
    size_t skip = room > 0 && t->len > (size_t)room ? t->len - (size_t)room : 0;
    attron(A_BOLD);
    mvprintw(y, 0, "%s> ", who);
    attroff(A_BOLD);
    for (size_t i = skip; i < t->len; i++) {
        unsigned char ch = (unsigned char)t->input[i];
        addch(ch >= 0x20 && ch < 0x7f ? ch : '?');
    }
}

void tui_draw(tui *t)
{
    if (t->c->center[0]) {
        tui_center_on(t, t->c->center);
        t->c->center[0] = '\0';
    }
    erase();
    draw_map(t);
    draw_panel(t);
    draw_log(t);
    draw_prompt(t);
    refresh();
}
