/* grid.c — rectangular hex maps: offset layouts (flat-topped columns or
 * pointy-topped rows) mapped to axial coordinates, hex indices, printed
 * labels ("1014", "I6") and canonical hexside ids.  See docs/geometry.md. */
#include <stdio.h>

#include "hex.h"

/* Longest label part we parse: letters (bijective base 26) and digits. */
#define MAX_LETTERS 4
#define MAX_DIGITS 6

static int dir_norm(int dir)
{
    int d = dir % 6;
    return d < 0 ? d + 6 : d;
}

static int parity(int n)
{
    return ((n % 2) + 2) % 2;
}

int gr_grid_count(const gr_grid *g)
{
    if (!g || g->cols <= 0 || g->rows <= 0)
        return 0;
    return g->cols * g->rows;
}

/* 1 when the first printed column (FLAT) or row (POINTY) is the shifted one. */
static int first_shifted(const gr_grid *g)
{
    int first = g->layout == GR_GRID_POINTY ? g->row0 : g->col0;
    return parity(first) == (g->shifted & 1);
}

/*
 * Offset -> axial along the shifted axis.  `line` is the 0-based column
 * (FLAT) or row (POINTY) number, `along` the 0-based position inside it.
 * A shifted line sits half a hex further down (right) than its neighbours.
 */
static int axial_along(const gr_grid *g, int line, int along)
{
    int odd = line & 1; /* line >= 0 */
    return along - (line + (first_shifted(g) ? odd : -odd)) / 2;
}

/* Inverse of axial_along. */
static int offset_along(const gr_grid *g, int line, int axial)
{
    int odd = line & 1;
    return axial + (line + (first_shifted(g) ? odd : -odd)) / 2;
}

/* Index of 0-based column c0 and row r0, or -1 when off the map. */
static int index_of_offset(const gr_grid *g, int c0, int r0)
{
    if (gr_grid_count(g) == 0 || c0 < 0 || r0 < 0 || c0 >= g->cols || r0 >= g->rows)
        return -1;
    return r0 * g->cols + c0;
}

int gr_grid_index(const gr_grid *g, gr_hex h)
{
    if (gr_grid_count(g) == 0)
        return -1;
    if (g->layout == GR_GRID_POINTY) {
        if (h.r < 0 || h.r >= g->rows)
            return -1;
        return index_of_offset(g, offset_along(g, h.r, h.q), h.r);
    }
    if (h.q < 0 || h.q >= g->cols)
        return -1;
    return index_of_offset(g, h.q, offset_along(g, h.q, h.r));
}

gr_hex gr_grid_hex(const gr_grid *g, int i)
{
    gr_hex h = {0, 0};
    if (i < 0 || i >= gr_grid_count(g))
        return h;
    int c0 = i % g->cols, r0 = i / g->cols;
    if (g->layout == GR_GRID_POINTY) {
        h.q = (int16_t)axial_along(g, r0, c0);
        h.r = (int16_t)r0;
    } else {
        h.q = (int16_t)c0;
        h.r = (int16_t)axial_along(g, c0, r0);
    }
    return h;
}

int gr_grid_index_cr(const gr_grid *g, int col, int row)
{
    if (gr_grid_count(g) == 0)
        return -1;
    return index_of_offset(g, col - g->col0, row - g->row0);
}

void gr_grid_cr(const gr_grid *g, int i, int *col, int *row)
{
    int ok = i >= 0 && i < gr_grid_count(g);
    if (col)
        *col = ok ? g->col0 + i % g->cols : -1;
    if (row)
        *row = ok ? g->row0 + i / g->cols : -1;
}

int gr_grid_step(const gr_grid *g, int i, int dir)
{
    if (i < 0 || i >= gr_grid_count(g))
        return -1;
    return gr_grid_index(g, gr_hex_step(gr_grid_hex(g, i), dir));
}

/* ---------------------------------------------------------------- labels */

static int digit_count(int n)
{
    int w = 1;
    while (n >= 10) {
        n /= 10;
        w++;
    }
    return w;
}

/* CCRR field widths: 2 digits, more when a printed number needs them. */
static void ccrr_widths(const gr_grid *g, int *wc, int *wr)
{
    int wcol = digit_count(g->col0 + g->cols - 1);
    int wrow = digit_count(g->row0 + g->rows - 1);
    *wc = wcol > 2 ? wcol : 2;
    *wr = wrow > 2 ? wrow : 2;
}

/* Row number n >= 1 as letters: 1 A .. 26 Z, 27 AA .. (bijective base 26). */
static int row_letters(int n, char *out)
{
    char rev[MAX_LETTERS + 8];
    int len = 0;
    while (n > 0 && len < (int)sizeof rev) {
        n--;
        rev[len++] = (char)('A' + n % 26);
        n /= 26;
    }
    for (int k = 0; k < len; k++)
        out[k] = rev[len - 1 - k];
    out[len] = '\0';
    return len;
}

int gr_grid_label_of(const gr_grid *g, int i, char *buf, size_t size)
{
    int col, row, n;
    if (!buf || size == 0 || i < 0 || i >= gr_grid_count(g))
        return 0;
    gr_grid_cr(g, i, &col, &row);
    if (col < 0 || row < 0)
        return 0;
    if (g->label == GR_LABEL_LETTER_ROW) {
        char letters[MAX_LETTERS + 9];
        if (row < 1)
            return 0;
        row_letters(row, letters);
        n = snprintf(buf, size, "%s%d", letters, col);
    } else {
        int wc, wr;
        ccrr_widths(g, &wc, &wr);
        n = snprintf(buf, size, "%0*d%0*d", wc, col, wr, row);
    }
    if (n < 0 || (size_t)n >= size) {
        buf[0] = '\0';
        return 0;
    }
    return n;
}

/* Parses exactly `len` decimal digits at s; -1 when any is not a digit. */
static int parse_digits(const char *s, int len)
{
    int v = 0;
    for (int k = 0; k < len; k++) {
        if (s[k] < '0' || s[k] > '9')
            return -1;
        v = v * 10 + (s[k] - '0');
    }
    return v;
}

static int find_ccrr(const gr_grid *g, const char *label)
{
    int wc, wr, len = 0;
    ccrr_widths(g, &wc, &wr);
    while (label[len] && len <= wc + wr)
        len++;
    if (len != wc + wr)
        return -1;
    int col = parse_digits(label, wc), row = parse_digits(label + wc, wr);
    if (col < 0 || row < 0)
        return -1;
    return gr_grid_index_cr(g, col, row);
}

/* "I6", "AB12": upper-case letters, then a number without leading zeros. */
static int find_letter_row(const gr_grid *g, const char *label)
{
    int nl = 0, nd = 0, row = 0;
    while (label[nl] >= 'A' && label[nl] <= 'Z' && nl < MAX_LETTERS) {
        row = row * 26 + (label[nl] - 'A' + 1);
        nl++;
    }
    const char *digits = label + nl;
    while (digits[nd] >= '0' && digits[nd] <= '9' && nd <= MAX_DIGITS)
        nd++;
    if (nl == 0 || nd == 0 || nd > MAX_DIGITS || digits[nd] != '\0')
        return -1;
    if (nd > 1 && digits[0] == '0')
        return -1;
    return gr_grid_index_cr(g, parse_digits(digits, nd), row);
}

int gr_grid_find(const gr_grid *g, const char *label)
{
    if (!label || gr_grid_count(g) == 0)
        return -1;
    if (g->label == GR_LABEL_LETTER_ROW)
        return find_letter_row(g, label);
    return find_ccrr(g, label);
}

/* ---------------------------------------------------------------- hexsides */

/*
 * Each hex owns its sides in directions 0, 1, 2 (id = index * 6 + dir);
 * sides 3, 4, 5 belong to the neighbour across them, or to the hex itself
 * when that neighbour is off the map.
 */
int gr_grid_side(const gr_grid *g, int i, int dir)
{
    int d = dir_norm(dir);
    if (i < 0 || i >= gr_grid_count(g))
        return -1;
    if (d < 3)
        return i * 6 + d;
    int nb = gr_grid_step(g, i, d);
    return nb < 0 ? i * 6 + d : nb * 6 + (d - 3);
}

void gr_grid_side_hexes(const gr_grid *g, int side, int *i1, int *d1, int *i2, int *d2)
{
    int ok = side >= 0 && side / 6 < gr_grid_count(g);
    int hex = ok ? side / 6 : -1, dir = ok ? side % 6 : -1;
    if (i1)
        *i1 = hex;
    if (d1)
        *d1 = dir;
    if (i2)
        *i2 = ok ? gr_grid_step(g, hex, dir) : -1;
    if (d2)
        *d2 = ok ? (dir + 3) % 6 : -1;
}
