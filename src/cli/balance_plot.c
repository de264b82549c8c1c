/* balance_plot.c — balance's SVG page, drawn with cairo's SVG surface:
 * the win rates of each variant (with the Wilson interval of player 0's),
 * the distributions of the final score and of the game length, and the
 * score by turn (median line, quartile band).  See balance_stats.h. */
#include <cairo-svg.h>
#include <cairo.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "balance_stats.h"
#include "cli.h"

#define PAGE_W 960.0
#define PANEL_H 300.0
#define MARGIN_L 90.0
#define MARGIN_R 30.0
#define BINS 20

typedef struct frame {
    double x, y, w, h;          /* the plot area on the page */
    double x0, x1, y0, y1;      /* the data shown            */
    int yticks;                 /* 0: no values on the y axis */
} frame;

/* Height of the page's head: its title and a line per variant (8 at most). */
static double head_height(int nvariants)
{
    return 40 + 16 * (nvariants < 8 ? nvariants : 8);
}

static const double COLOURS[][3] = {{0.75, 0.22, 0.17}, {0.17, 0.35, 0.63}, {0.16, 0.6, 0.3},
                                    {0.56, 0.27, 0.68}, {0.9, 0.55, 0.1},  {0.3, 0.3, 0.3}};

static void colour(cairo_t *cr, int v, double alpha)
{
    const double *c = COLOURS[v % (int)(sizeof COLOURS / sizeof COLOURS[0])];
    cairo_set_source_rgba(cr, c[0], c[1], c[2], alpha);
}

static double px(const frame *f, double x)
{
    return f->x + (f->x1 > f->x0 ? (x - f->x0) / (f->x1 - f->x0) : 0.5) * f->w;
}

static double py(const frame *f, double y)
{
    return f->y + f->h - (f->y1 > f->y0 ? (y - f->y0) / (f->y1 - f->y0) : 0.5) * f->h;
}

static void text(cairo_t *cr, double x, double y, double size, const char *s, double align)
{
    cairo_text_extents_t e;
    cairo_set_font_size(cr, size);
    cairo_text_extents(cr, s, &e);
    cairo_move_to(cr, x - align * e.width, y);
    cairo_show_text(cr, s);
}

/* A step between ticks: 1, 2 or 5 times a power of ten, about 5 a span. */
static double tick_step(double span)
{
    double raw = span > 0 ? span / 5 : 1, p = pow(10, floor(log10(raw)));
    return raw / p < 2 ? p : raw / p < 5 ? 2 * p : 5 * p;
}

/* The frame's box, title, axis names and ticks with their values. */
static void axes(cairo_t *cr, const frame *f, const char *title, const char *xname,
                 const char *yname)
{
    char buf[32];
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, 1);
    cairo_rectangle(cr, f->x, f->y, f->w, f->h);
    cairo_stroke(cr);
    text(cr, f->x, f->y - 12, 15, title, 0);
    text(cr, f->x + f->w / 2, f->y + f->h + 34, 11, xname, 0.5);
    text(cr, f->x - MARGIN_L + 8, f->y + f->h / 2, 11, yname, 0);
    for (int axis = 0; axis < 1 + f->yticks; axis++) {
        double lo = axis ? f->y0 : f->x0, hi = axis ? f->y1 : f->x1, step = tick_step(hi - lo);
        for (double t = ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) {
            snprintf(buf, sizeof buf, "%g", fabs(t) < step * 1e-9 ? 0 : t);
            double x = axis ? f->x : px(f, t), y = axis ? py(f, t) : f->y + f->h;
            cairo_move_to(cr, x, y);
            cairo_line_to(cr, axis ? x - 4 : x, axis ? y : y + 4);
            cairo_stroke(cr);
            text(cr, axis ? x - 6 : x, axis ? y + 4 : y + 16, 10, buf, axis ? 1 : 0.5);
        }
    }
}

static frame panel(int nvariants, int row, double x0, double x1, double y0, double y1)
{
    frame f = {MARGIN_L + 60, head_height(nvariants) + 30 + row * PANEL_H,
               PAGE_W - MARGIN_L - 60 - MARGIN_R, PANEL_H - 90, x0, x1, y0, y1, 1};
    return f;
}

/* Win rates: a bar per variant (player 0's wins, draws, player 1's). */
static void plot_wins(cairo_t *cr, const bal_opts *o, const gr_game *g, const bal_stats *s)
{
    frame f = panel(o->nvariants, 0, 0, 100, 0, o->nvariants);
    f.yticks = 0;
    char title[160], label[32];
    snprintf(title, sizeof title, "Win rates: %s (left), draws, %s (right); 95%% interval of %s's",
             gr_game_player_name(g, 0), gr_game_player_name(g, 1), gr_game_player_name(g, 0));
    axes(cr, &f, title, "per cent of games", "");
    double row_h = f.h / o->nvariants;
    for (int v = 0; v < o->nvariants; v++) {
        double n = s[v].games ? s[v].games : 1, y = f.y + v * row_h + row_h * 0.2;
        double part[3] = {s[v].wins[0] / n, s[v].draws / n, s[v].wins[1] / n}, at = 0;
        for (int k = 0; k < 3; k++) {
            static const double shade[3] = {0.85, 0.35, 0.6};
            colour(cr, k == 0 ? 0 : k == 1 ? 5 : 1, shade[k]);
            cairo_rectangle(cr, px(&f, at * 100), y, part[k] * f.w, row_h * 0.6);
            cairo_fill(cr);
            at += part[k];
        }
        double lo, hi;
        cli_wilson((uint64_t)s[v].wins[0], (uint64_t)s[v].games, &lo, &hi);
        cairo_set_source_rgb(cr, 0, 0, 0);
        cairo_move_to(cr, px(&f, lo * 100), y + row_h * 0.3);
        cairo_line_to(cr, px(&f, hi * 100), y + row_h * 0.3);
        cairo_stroke(cr);
        snprintf(label, sizeof label, "variant %d", v);
        text(cr, f.x - 6, y + row_h * 0.35 + 4, 11, label, 1);
    }
}

/* A histogram per variant (fractions of its games) of values[v][0..n). */
static void plot_histogram(cairo_t *cr, int row, const char *title, const char *xname,
                           const bal_stats *s, int nv, int lengths)
{
    int32_t lo = INT32_MAX, hi = INT32_MIN;
    for (int v = 0; v < nv; v++)
        for (int i = 0; i < s[v].nkept; i++) {
            int32_t x = lengths ? s[v].lengths[i] : s[v].margins[i];
            lo = x < lo ? x : lo;
            hi = x > hi ? x : hi;
        }
    if (lo > hi)
        lo = hi = 0;
    double scale = lengths ? 1 : 100, width = (hi - lo + 1) / (double)BINS;
    double share[BAL_MAX_VARIANTS][BINS] = {{0}}, top = 0;
    for (int v = 0; v < nv; v++)
        for (int i = 0; i < s[v].nkept; i++) {
            int32_t x = lengths ? s[v].lengths[i] : s[v].margins[i];
            int b = (int)((x - lo) / width);
            share[v][b < BINS ? b : BINS - 1] += 1.0 / s[v].nkept;
        }
    for (int v = 0; v < nv; v++)
        for (int b = 0; b < BINS; b++)
            top = share[v][b] > top ? share[v][b] : top;
    frame f = panel(nv, row, lo / scale, (hi + 1) / scale, 0, top > 0 ? top * 100 : 1);
    axes(cr, &f, title, xname, "% of games");
    cairo_set_line_width(cr, 2);
    for (int v = 0; v < nv; v++) {
        colour(cr, v, 0.9);
        cairo_move_to(cr, px(&f, lo / scale), py(&f, 0));
        for (int b = 0; b < BINS; b++) {
            double x0 = (lo + b * width) / scale, x1 = (lo + (b + 1) * width) / scale;
            cairo_line_to(cr, px(&f, x0), py(&f, share[v][b] * 100));
            cairo_line_to(cr, px(&f, x1), py(&f, share[v][b] * 100));
        }
        cairo_line_to(cr, px(&f, (hi + 1) / scale), py(&f, 0));
        cairo_stroke(cr);
    }
    cairo_set_line_width(cr, 1);
}

/* The score by turn: a quartile band and a median line per variant. */
static void plot_trajectory(cairo_t *cr, const gr_game *g, const bal_stats *s, int nv)
{
    int turns = 1;
    double lo = 0, hi = 0;
    for (int v = 0; v < nv; v++) {
        turns = s[v].turns > turns ? s[v].turns : turns;
        for (int t = 0; t < s[v].turns; t++) {
            lo = s[v].trajectory[t][1] / 100.0 < lo ? s[v].trajectory[t][1] / 100.0 : lo;
            hi = s[v].trajectory[t][3] / 100.0 > hi ? s[v].trajectory[t][3] / 100.0 : hi;
        }
    }
    char title[160];
    snprintf(title, sizeof title, "Score by turn (%s minus %s): median, quartiles",
             gr_game_player_name(g, 0), gr_game_player_name(g, 1));
    frame f = panel(nv, 3, 1, turns > 1 ? turns : 2, lo, hi > lo ? hi : lo + 1);
    axes(cr, &f, title, "turns played", "points");
    for (int v = 0; v < nv; v++) {
        colour(cr, v, 0.2);
        for (int t = 0; t < s[v].turns; t++)
            cairo_line_to(cr, px(&f, t + 1), py(&f, s[v].trajectory[t][3] / 100.0));
        for (int t = s[v].turns - 1; t >= 0; t--)
            cairo_line_to(cr, px(&f, t + 1), py(&f, s[v].trajectory[t][1] / 100.0));
        cairo_close_path(cr);
        cairo_fill(cr);
        colour(cr, v, 1);
        cairo_set_line_width(cr, 2);
        for (int t = 0; t < s[v].turns; t++)
            cairo_line_to(cr, px(&f, t + 1), py(&f, s[v].trajectory[t][2] / 100.0));
        cairo_stroke(cr);
        cairo_set_line_width(cr, 1);
    }
}

/* The page's title, then each variant's colour and words (8 at most). */
static void head(cairo_t *cr, const bal_opts *o, const bal_stats *s)
{
    char line[640], label[512];
    cairo_set_source_rgb(cr, 0, 0, 0);
    snprintf(line, sizeof line, "grognard balance %s: %s against %s, %d games a variant",
             o->scenario, o->agent[0], o->agent[1], s[0].games);
    text(cr, 20, 26, 17, line, 0);
    for (int v = 0; v < o->nvariants && v < 8; v++) {
        colour(cr, v, 1);
        cairo_rectangle(cr, 20, 40 + 16 * v, 10, 10);
        cairo_fill(cr);
        bal_variant_label(o, v, label, sizeof label);
        snprintf(line, sizeof line, "variant %d: %.100s", v, label);
        cairo_set_source_rgb(cr, 0, 0, 0);
        text(cr, 36, 49 + 16 * v, 11, line, 0);
    }
}

int bal_plot(const char *path, const bal_opts *o, const gr_game *g, const bal_stats *stats,
             char *why, size_t why_size)
{
    cairo_surface_t *page =
        cairo_svg_surface_create(path, PAGE_W, head_height(o->nvariants) + 4 * PANEL_H);
    cairo_t *cr = cairo_create(page);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    head(cr, o, stats);
    plot_wins(cr, o, g, stats);
    plot_histogram(cr, 1, "Final score (points)", "points", stats, o->nvariants, 0);
    plot_histogram(cr, 2, "Game length (actions)", "actions", stats, o->nvariants, 1);
    plot_trajectory(cr, g, stats, o->nvariants);
    cairo_status_t st = cairo_status(cr);
    cairo_destroy(cr);
    cairo_surface_finish(page);
    if (st == CAIRO_STATUS_SUCCESS)
        st = cairo_surface_status(page);
    cairo_surface_destroy(page);
    if (st != CAIRO_STATUS_SUCCESS) {
        snprintf(why, why_size, "%s", cairo_status_to_string(st));
        return -1;
    }
    return 0;
}
