/* play_line.c — the plain front end of `grognard play --plain`: a prompt on
 * stdout, commands from any stream (a terminal or a script), the map as
 * text (ANSI colours on a terminal).  Also prints the map for `map`. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "play.h"
#include "play_front.h"

/* ANSI SGR for one canvas cell. */
static void ansi_cell(FILE *out, const bd_cell *cell)
{
    fprintf(out, "\033[0");
    if (cell->attr & BD_BOLD)
        fprintf(out, ";1");
    if (cell->attr & BD_DIM)
        fprintf(out, ";2");
    if (cell->attr & BD_REVERSE)
        fprintf(out, ";7");
    if (cell->fg >= 0)
        fprintf(out, ";%d", 30 + cell->fg);
    if (cell->bg >= 0)
        fprintf(out, ";%d", 40 + cell->bg);
    fprintf(out, "m%c", cell->ch);
}

static void print_canvas(FILE *out, const bd_canvas *cv, int colour)
{
    for (int y = 0; y < cv->h; y++) {
        int end = cv->w;
        while (!colour && end > 0 && cv->cell[y * cv->w + end - 1].ch == ' ')
            end--;
        for (int x = 0; x < end; x++) {
            const bd_cell *cell = &cv->cell[y * cv->w + x];
            if (colour)
                ansi_cell(out, cell);
            else
                fputc(cell->attr & BD_REVERSE && cell->ch == ' ' ? '#' : cell->ch, out);
        }
        fprintf(out, "%s\n", colour ? "\033[0m" : "");
    }
}

void play_print_map(play_ctx *c, FILE *out, int colour)
{
    if (!c->board.has_map) {
        char *text = c->view ? cli_describe(c->view) : NULL;
        fprintf(out, "%s", text ? text : "(no view)\n");
        free(text);
        return;
    }
    bd_canvas cv = {0, 0, NULL};
    if (board_render(&c->board, c->highlight, &cv) == 0)
        print_canvas(out, &cv, colour);
    canvas_free(&cv);
    char legend[160];
    int shade;
    for (int k = 0; board_legend(&c->board, k, &shade, legend, sizeof legend); k++)
        if (colour)
            fprintf(out, "\033[0;30;%dmterrain %s\033[0m\n", 40 + shade, legend);
        else
            fprintf(out, "terrain %s\n", legend);
    if (c->board.panel)
        fprintf(out, "%s%s", c->board.panel,
                c->board.panel[0] && c->board.panel[strlen(c->board.panel) - 1] != '\n' ? "\n"
                                                                                        : "");
}

typedef struct line_front {
    FILE *out;
    int echo; /* print commands read from a script */
} line_front;

static void line_say(void *ctx, int viewer, play_msg kind, const char *text)
{
    (void)viewer;
    line_front *f = ctx;
    if (kind == PM_ECHO && !f->echo)
        return;
    fprintf(f->out, "%s\n", text); /* an echo follows the prompt */
}

/* Hotseat: hides the screen until the next player answers. */
static int hand_over(play_ctx *c, FILE *in, FILE *out)
{
    c->pass_pending = 0;
    fprintf(out, "%s", isatty(fileno(out)) ? "\033[2J\033[H" : "");
    fprintf(out, "== pass the terminal to %s; %s, press Enter ==\n",
            gr_game_player_name(gs_game(c->gs), c->viewer),
            gr_game_player_name(gs_game(c->gs), c->viewer));
    fflush(out);
    int ch;
    while ((ch = fgetc(in)) != EOF && ch != '\n')
        ;
    return ch == EOF ? -1 : 0;
}

int play_line_run(play_ctx *c, FILE *in, FILE *out)
{
    line_front f = {out, !isatty(fileno(in))};
    c->say = line_say;
    c->say_ctx = &f;
    play_advance(c);
    char *line = NULL;
    size_t cap = 0;
    while (!c->quit && !play_interrupted(c)) {
        if (c->pass_pending && hand_over(c, in, out) != 0)
            break;
        if (c->show_map) {
            play_print_map(c, out, isatty(fileno(out)));
            c->show_map = 0;
        }
        fprintf(out, "%s> ", gr_game_player_name(gs_game(c->gs), c->viewer));
        fflush(out);
        ssize_t n = getline(&line, &cap, in);
        if (n < 0)
            break;
        while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
            line[--n] = '\0';
        if ((size_t)n != strlen(line))
            play_say(c, PM_ERROR, "error: the line holds a NUL byte");
        else
            play_command(c, line);
    }
    fprintf(out, "\n");
    free(line);
    return CLI_OK;
}
