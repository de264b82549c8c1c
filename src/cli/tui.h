/*
 * tui.h — the ncurses screen of `grognard play`, shared by play_tui.c (the
 * loop, keys, line editing, completion) and play_draw.c (layout and
 * drawing: map, side panel, log pane, prompt).
 *
 *   +--------------------------------------+----------------+
 *   | map (scrolls: arrow keys)            | side panel     |
 *   +--------------------------------------+----------------+
 *   | log pane (PgUp/PgDn)                                  |
 *   | british> prompt                                       |
 *   +-------------------------------------------------------+
 */
#ifndef GR_CLI_TUI_H
#define GR_CLI_TUI_H

#include "play.h"

#define TUI_LOG_KEEP 2000
#define TUI_HISTORY 64

typedef struct tui_line {
    int viewer; /* player it was said to */
    int kind;   /* play_msg */
    char *text;
} tui_line;

typedef struct tui {
    play_ctx *c;
    tui_line log[TUI_LOG_KEEP]; /* ring buffer */
    int log_first, log_count;
    int log_scroll; /* lines scrolled back */
    char input[PLAY_MAX_LINE];
    size_t len;
    /* one history per seat: at a hotseat, Ctrl-P never recalls what the
       other player typed (his secret choices among it) */
    char *history[PLAY_MAX_PLAYERS][TUI_HISTORY];
    int nhistory[PLAY_MAX_PLAYERS];
    int history_pos; /* in the current viewer's history */
    int ox, oy; /* map viewport origin (canvas chars) */
    bd_canvas canvas;
    short pair[9][9]; /* colour pair of (fg + 1, bg + 1); 0 none */
    int npairs, colours;
} tui;

/* Draws the whole screen for t->c's viewer. */
void tui_draw(tui *t);
/* Moves the map viewport so that hex `label` is in the middle. */
void tui_center_on(tui *t, const char *label);
/* Centres the map on the viewer's own units (or the map's middle). */
void tui_center_home(tui *t);
/* Scrolls the map viewport by (dx, dy) characters, clamped to the map. */
void tui_scroll(tui *t, int dx, int dy);
/* Screen rows used by the map area (below it: the log and the prompt). */
int tui_map_rows(void);
/* Screen columns of the map area. */
int tui_map_cols(void);

#endif
