/* board.c — the map model read from the board/units/panel queries
 * (docs/queries.md) and its drawing into a character canvas. */
#include "board.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* Value of `key` in a "k=v k=v" line into out; 1 when present. */
int board_field(const char *line, const char *key, char *out, size_t size)
{
    size_t k = strlen(key);
    for (const char *p = line; (p = strstr(p, key)) != NULL; p += k) {
        if ((p != line && p[-1] != ' ') || p[k] != '=')
            continue;
        const char *v = p + k + 1;
        size_t n = strcspn(v, " \n");
        snprintf(out, size, "%.*s", (int)(n < size ? n : size - 1), v);
        return 1;
    }
    return 0;
}

static int field_int(const char *line, const char *key, int dflt)
{
    char v[24];
    long x;
    return board_field(line, key, v, sizeof v) && gr_parse_int(v, INT_MIN, INT_MAX, &x) == 0 ? (int)x
                                                                                      : dflt;
}

static const char *guess_class(const char *terrain)
{
    static const char *const WORDS[][2] = {
        {"wood", "wooded"},  {"forest", "wooded"},   {"orchard", "wooded"},
        {"grove", "wooded"}, {"town", "built"},      {"village", "built"},
        {"city", "built"},   {"castle", "built"},    {"marsh", "marsh"},
        {"swamp", "marsh"},  {"water", "water"},     {"river", "water"},
        {"lake", "water"},   {"pond", "water"},      {"impassable", "blocked"},
        {"rough", "rough"},  {"difficult", "rough"}, {"hill", "rough"}};
    for (size_t i = 0; i < sizeof WORDS / sizeof WORDS[0]; i++)
        if (strstr(terrain, WORDS[i][0]))
            return WORDS[i][1];
    return "open";
}

static void parse_hex(const char *line, bd_hex *h)
{
    memset(h, 0, sizeof *h);
    board_field(line, "hex", h->label, sizeof h->label);
    h->col = field_int(line, "col", 0);
    h->row = field_int(line, "row", 0);
    if (!board_field(line, "terrain", h->terrain, sizeof h->terrain))
        snprintf(h->terrain, sizeof h->terrain, "?");
    if (!board_field(line, "class", h->cls, sizeof h->cls))
        snprintf(h->cls, sizeof h->cls, "%s", guess_class(h->terrain));
    h->level = field_int(line, "level", 0);
    char mark[4];
    if (board_field(line, "mark", mark, sizeof mark) && mark[0] > ' ' && mark[0] < 0x7f)
        h->mark = mark[0];
}

static int parse_grid(cli_board *b, const char *line)
{
    char layout[16] = "flat";
    if (strncmp(line, "grid ", 5) != 0)
        return -1;
    b->cols = field_int(line, "cols", 0);
    b->rows = field_int(line, "rows", 0);
    b->col0 = field_int(line, "col0", 0);
    b->row0 = field_int(line, "row0", 0);
    b->shifted = field_int(line, "shifted", 0) & 1;
    board_field(line, "layout", layout, sizeof layout);
    b->pointy = strcmp(layout, "pointy") == 0;
    return b->cols > 0 && b->rows > 0 && b->cols <= 1000 && b->rows <= 1000 ? 0 : -1;
}

static void make_legend(cli_board *b);

int board_load_map(cli_board *b, const gr_game *g, char *why, size_t why_size)
{
    gr_error err = {{0}, {0}};
    memset(b, 0, sizeof *b);
    char *text = cli_query(g, "board", &err);
    if (!text || parse_grid(b, text) != 0) {
        snprintf(why, why_size, "%s", text ? "malformed board answer" : err.msg);
        free(text);
        return -1;
    }
    int lines = 0;
    for (const char *p = text; *p; p++)
        lines += *p == '\n';
    b->hex = calloc((size_t)lines + 1, sizeof *b->hex);
    for (char *save = NULL, *l = strtok_r(text, "\n", &save); b->hex && l;
         l = strtok_r(NULL, "\n", &save))
        if (strncmp(l, "hex=", 4) == 0)
            parse_hex(l, &b->hex[b->nhex++]);
    free(text);
    if (!b->hex) {
        snprintf(why, why_size, "out of memory");
        return -1;
    }
    b->has_map = 1;
    make_legend(b);
    return 0;
}

static void parse_units(cli_board *b, const gr_game *g, char *text)
{
    int lines = 0;
    for (const char *p = text; *p; p++)
        lines += *p == '\n';
    b->unit = calloc((size_t)lines + 1, sizeof *b->unit);
    for (char *save = NULL, *l = strtok_r(text, "\n", &save); b->unit && l;
         l = strtok_r(NULL, "\n", &save)) {
        bd_unit *u = &b->unit[b->nunit];
        char side[32] = "", hex[16] = "", sym[4] = "?";
        if (!board_field(l, "unit", u->id, sizeof u->id) || !board_field(l, "hex", hex, sizeof hex))
            continue;
        board_field(l, "side", side, sizeof side);
        board_field(l, "sym", sym, sizeof sym);
        u->side = gr_game_player_find(g, side);
        u->hex = board_find(b, hex);
        u->sym = sym[0] > ' ' && sym[0] < 0x7f ? sym[0] : '?';
        if (u->hex >= 0)
            b->nunit++;
    }
}

void board_refresh(cli_board *b, const gr_game *g)
{
    free(b->unit);
    free(b->panel);
    b->unit = NULL;
    b->nunit = 0;
    b->panel = cli_query(g, "panel", NULL);
    char *text = b->has_map ? cli_query(g, "units", NULL) : NULL;
    if (text)
        parse_units(b, g, text);
    free(text);
}

void board_free(cli_board *b)
{
    free(b->hex);
    free(b->unit);
    free(b->panel);
    memset(b, 0, sizeof *b);
}

int board_find(const cli_board *b, const char *label)
{
    for (int i = 0; i < b->nhex; i++)
        if (strcmp(b->hex[i].label, label) == 0)
            return i;
    return -1;
}

void board_cell_origin(const cli_board *b, int i, int *x, int *y)
{
    int c = b->hex[i].col - b->col0, r = b->hex[i].row - b->row0;
    if (b->pointy) {
        *x = c * BOARD_CELL_W + (((b->hex[i].row & 1) == b->shifted) ? BOARD_CELL_W / 2 : 0);
        *y = r * BOARD_CELL_H;
    } else {
        *x = c * BOARD_CELL_W;
        *y = r * BOARD_CELL_H + (((b->hex[i].col & 1) == b->shifted) ? 1 : 0);
    }
}

void board_extent(const cli_board *b, int *w, int *h)
{
    *w = b->cols * BOARD_CELL_W + (b->pointy ? BOARD_CELL_W / 2 : 0);
    *h = b->rows * BOARD_CELL_H + (b->pointy ? 0 : 1);
}

int board_side_colour(int side)
{
    static const int8_t SIDES[] = {BD_RED, BD_BLUE, BD_MAGENTA, BD_CYAN};
    return side >= 0 && side < 4 ? SIDES[side] : BD_WHITE;
}

/* The shading classes of docs/queries.md and their background colours. */
static const struct {
    const char *name;
    int8_t colour;
} CLASSES[] = {{"wooded", BD_GREEN}, {"built", BD_YELLOW}, {"rough", BD_MAGENTA},
               {"marsh", BD_CYAN},   {"water", BD_BLUE},   {"blocked", BD_WHITE}};

static int class_colour(const char *cls)
{
    for (size_t i = 0; i < sizeof CLASSES / sizeof CLASSES[0]; i++)
        if (strcmp(cls, CLASSES[i].name) == 0)
            return CLASSES[i].colour;
    return BD_DEFAULT;
}

/* Appends the terrain names of class cls on b's map to text, once each. */
static void class_terrains(const cli_board *b, const char *cls, char *text, size_t size)
{
    for (int i = 0; i < b->nhex; i++) {
        const char *t = b->hex[i].terrain;
        int seen = 0;
        for (int j = 0; j < i && !seen; j++)
            seen = !strcmp(b->hex[j].cls, cls) && !strcmp(b->hex[j].terrain, t);
        size_t at = strlen(text);
        if (!seen && !strcmp(b->hex[i].cls, cls) && at < size)
            snprintf(text + at, size - at, "%s%s", text[at - 1] == ':' ? " " : ", ", t);
    }
}

/* Works out the legend's entries once: each class used on the map. */
static void make_legend(cli_board *b)
{
    b->nlegend = 0;
    for (size_t c = 0; c < sizeof CLASSES / sizeof CLASSES[0] && b->nlegend < 8; c++) {
        int used = 0;
        for (int i = 0; i < b->nhex && !used; i++)
            used = !strcmp(b->hex[i].cls, CLASSES[c].name);
        if (!used)
            continue;
        char *text = b->legend[b->nlegend];
        b->legend_colour[b->nlegend++] = CLASSES[c].colour;
        snprintf(text, sizeof b->legend[0], "%s:", CLASSES[c].name);
        class_terrains(b, CLASSES[c].name, text, sizeof b->legend[0]);
    }
}

int board_legend(const cli_board *b, int k, int *colour, char *text, size_t size)
{
    if (k < 0 || k >= b->nlegend)
        return 0;
    *colour = b->legend_colour[k];
    snprintf(text, size, "%s", b->legend[k]);
    return 1;
}

static void put(bd_canvas *cv, int x, int y, char ch, int fg, int bg, int attr)
{
    if (x < 0 || y < 0 || x >= cv->w || y >= cv->h)
        return;
    cv->cell[y * cv->w + x] = (bd_cell){ch, (int8_t)fg, (int8_t)bg, (uint8_t)attr};
}

/* The counters of hex i at (x, y): up to BOARD_STACK_W symbols, '+' last
 * when more stand there; returns how many units stand there. */
static int draw_units(const cli_board *b, int i, int x, int y, bd_canvas *cv)
{
    int shown = 0, total = 0;
    for (int k = 0; k < b->nunit; k++)
        total += b->unit[k].hex == i;
    for (int k = 0; k < b->nunit && shown < BOARD_STACK_W; k++) {
        const bd_unit *u = &b->unit[k];
        if (u->hex != i)
            continue;
        int last = shown == BOARD_STACK_W - 1 && total > BOARD_STACK_W;
        put(cv, x + shown++, y, last ? '+' : u->sym, BD_WHITE, board_side_colour(u->side), BD_BOLD);
    }
    return total;
}

static void draw_hex(const cli_board *b, int i, int lit, bd_canvas *cv)
{
    const bd_hex *h = &b->hex[i];
    int x, y, bg = class_colour(h->cls);
    int fg = bg == BD_DEFAULT ? BD_DEFAULT : BD_BLACK;
    board_cell_origin(b, i, &x, &y);
    size_t len = strlen(h->label), skip = len > BOARD_LABEL_W ? len - BOARD_LABEL_W : 0;
    for (int k = 0; k < BOARD_CELL_W - 1; k++) {
        char c = k < (int)(len - skip) ? h->label[skip + (size_t)k] : ' ';
        put(cv, x + k, y, c, fg, bg, lit && k < BOARD_LABEL_W ? BD_REVERSE | BD_BOLD : BD_DIM);
        put(cv, x + k, y + 1, ' ', fg, bg, 0);
    }
    draw_units(b, i, x + BOARD_LABEL_W + 1, y, cv);
    /* below: its mark, the initial of a terrain that is not open, its
     * ground level */
    if (h->mark)
        put(cv, x, y + 1, h->mark, fg, bg, BD_BOLD);
    if (strcmp(h->cls, "open") != 0)
        put(cv, x + 1, y + 1, h->terrain[0], fg, bg, BD_DIM);
    if (h->level > 0 && h->level < 10)
        put(cv, x + 3, y + 1, (char)('0' + h->level), fg, bg, BD_DIM);
}

int board_render(const cli_board *b, const uint8_t *hl, bd_canvas *cv)
{
    board_extent(b, &cv->w, &cv->h);
    cv->cell = malloc((size_t)cv->w * (size_t)cv->h * sizeof *cv->cell);
    if (!cv->cell)
        return -1;
    for (int k = 0; k < cv->w * cv->h; k++)
        cv->cell[k] = (bd_cell){' ', BD_DEFAULT, BD_DEFAULT, 0};
    for (int i = 0; i < b->nhex; i++)
        draw_hex(b, i, hl && hl[i], cv);
    return 0;
}

void canvas_free(bd_canvas *cv)
{
    free(cv->cell);
    cv->cell = NULL;
    cv->w = cv->h = 0;
}
