/*
 * board.h — the terminal map, built from the `board`, `units` and `panel`
 * queries of docs/queries.md (so it works for any hex system), and drawn
 * into a canvas of coloured characters that the ncurses screen and the plain
 * line mode both print.
 *
 * Cell layout: every hex is a box of BOARD_CELL_W-1 characters by 2 lines:
 * its label and, on the same line, its counters ("1303 IL"), so that a
 * counter always reads as part of its own hex; below them the hex's mark,
 * the initial of a terrain that is not open and its ground level.
 * Flat-topped maps put printed columns side by side, the shifted ones one
 * line lower; pointy-topped maps put printed rows under each other, the
 * shifted ones half a cell to the right.
 */
#ifndef GR_CLI_BOARD_H
#define GR_CLI_BOARD_H

#include <stddef.h>
#include <stdint.h>

#include "grognard.h"

#define BOARD_LABEL_W 4 /* label characters shown (the last ones of a longer label) */
#define BOARD_STACK_W 4 /* counter symbols shown, '+' last when more stand there */
#define BOARD_CELL_W (BOARD_LABEL_W + 1 + BOARD_STACK_W + 1)
#define BOARD_CELL_H 2

/* Colours: curses numbers 0..7 (black red green yellow blue magenta cyan
 * white); BD_DEFAULT is the terminal's own. */
enum {
    BD_DEFAULT = -1,
    BD_BLACK = 0,
    BD_RED,
    BD_GREEN,
    BD_YELLOW,
    BD_BLUE,
    BD_MAGENTA,
    BD_CYAN,
    BD_WHITE
};
enum { BD_BOLD = 1, BD_DIM = 2, BD_REVERSE = 4 };

typedef struct bd_cell {
    char ch;
    int8_t fg, bg;
    uint8_t attr;
} bd_cell;

typedef struct bd_canvas {
    int w, h;
    bd_cell *cell; /* [h][w] */
} bd_canvas;

typedef struct bd_hex {
    char label[12];
    int col, row;
    char terrain[24];
    char cls[12]; /* shading class (docs/queries.md) */
    int level;
    char mark; /* 0 or a printable character */
} bd_hex;

typedef struct bd_unit {
    char id[40]; /* "?" when hidden */
    int side;    /* player index, or -1 */
    int hex;     /* index into cli_board.hex */
    char sym;
} bd_unit;

typedef struct cli_board {
    int has_map; /* the system answered `board` */
    int cols, rows, col0, row0, pointy, shifted;
    bd_hex *hex;
    int nhex;
    bd_unit *unit;
    int nunit;
    char *panel; /* the `panel` answer, or NULL */
    int nlegend; /* the terrain legend, worked out once by board_load_map */
    int8_t legend_colour[8];
    char legend[8][160];
} cli_board;

/* Reads the map (`board` query) of g; 0, or -1 with why (no map: has_map 0). */
int board_load_map(cli_board *b, const gr_game *g, char *why, size_t why_size);
/* Re-reads `units` and `panel` of g (a player's view, normally). */
void board_refresh(cli_board *b, const gr_game *g);
void board_free(cli_board *b);
/* The value of `key=` in a line of key=value words (up to the next blank)
 * into out, 1; 0 with out untouched when the line has no such key. */
int board_field(const char *line, const char *key, char *out, size_t size);
/* Index of the hex with this label, or -1. */
int board_find(const cli_board *b, const char *label);
/* Top-left character of hex i on the map canvas. */
void board_cell_origin(const cli_board *b, int i, int *x, int *y);
/* Size of the whole map in characters. */
void board_extent(const cli_board *b, int *w, int *h);
/* Colour of a player's counters. */
int board_side_colour(int side);

/* The terrain legend's k-th entry: a shading class used on this map (in
 * the order of the colour table, "open" left out) with its colour and
 * the terrain names of that class found on the map, as "wooded: woods,
 * orchard" in text (worked out once, when the map is loaded).  Returns 1,
 * or 0 past the last entry. */
int board_legend(const cli_board *b, int k, int *colour, char *text, size_t size);

/* Draws the map into cv (allocated here; free with canvas_free).
 * `hl` marks highlighted hexes (non-zero per hex index; may be NULL). */
int board_render(const cli_board *b, const uint8_t *hl, bd_canvas *cv);
void canvas_free(bd_canvas *cv);

#endif
