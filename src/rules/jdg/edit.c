/* edit.c — scenario edit lines (terrain drawn by rule cases) and game
 * setup lines (positions, turn, forced draws) for tests and editors.  The
 * vocabulary is documented in docs/jdg.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jdg.h"

#define MAX_WORDS 16

typedef struct words {
    char buf[512];
    char *w[MAX_WORDS];
    int n;
} words;

/* The line's words (gr_words); -1 when too long or of too many words. */
static int split(words *ws, const char *line)
{
    ws->n = gr_words(line, ws->buf, sizeof ws->buf, ws->w, MAX_WORDS);
    return ws->n;
}

static int parse_int(const char *s, int lo, int hi, int *out)
{
    long v;
    if (gr_parse_int(s, lo, hi, &v) != 0)
        return 0;
    *out = (int)v;
    return 1;
}

/* ------------------------------------------------------------------ edit */

/* "map-row N T T T ...": one token per column, a terrain letter optionally
 * followed by a level digit ("V1"). */
static gr_status edit_map_row(jdg_data *d, const words *ws, gr_error *err)
{
    int r;
    if (ws->n < 2 || !parse_int(ws->w[1], 0, d->grid.rows - 1, &r))
        return gr_failst(err, GR_ERR_ARG, NULL, "want 'map-row N ROW' with N in 0..%d",
                         d->grid.rows - 1);
    if (ws->n - 2 != d->grid.cols)
        return gr_failst(err, GR_ERR_ARG, NULL, "map row has %d hexes, the map has %d columns",
                         ws->n - 2, d->grid.cols);
    uint8_t terrain[JDG_MAX_COLS];
    int8_t level[JDG_MAX_COLS];
    for (int c = 0; c < d->grid.cols; c++) {
        const char *tok = ws->w[c + 2];
        int t = jdg_terrain_by_letter(d, tok[0]);
        int lv = 0;
        if (t < 0 || (tok[1] && !parse_int(tok + 1, 0, 9, &lv)))
            return gr_failst(err, GR_ERR_ARG, NULL, "bad hex '%s' (terrain letter, level)", tok);
        terrain[c] = (uint8_t)t;
        level[c] = (int8_t)lv;
    }
    for (int c = 0; c < d->grid.cols; c++) {
        int hex = gr_grid_index_cr(&d->grid, d->grid.col0 + c, d->grid.row0 + r);
        d->terrain[hex] = terrain[c];
        d->level[hex] = level[c];
    }
    return GR_OK;
}

/* "hexside A B KIND [KIND ...]" (or "none"): the features of the side
 * between adjacent hexes A and B, replacing its feature bits (links stay). */
static gr_status edit_hexside(jdg_data *d, const words *ws, gr_error *err)
{
    int a = ws->n >= 4 ? jdg_hex_find(d, ws->w[1]) : -1;
    int b = ws->n >= 4 ? jdg_hex_find(d, ws->w[2]) : -1;
    int dir = a >= 0 ? jdg_dir_to(d, a, b) : -1;
    if (dir < 0)
        return gr_failst(err, GR_ERR_ARG, NULL,
                         "want 'hexside HEX HEX KIND...' with two adjacent hexes");
    unsigned bits = 0;
    for (int i = 3; i < ws->n; i++) {
        int k = jdg_side_kind_find(ws->w[i]);
        if (k < 0 && strcmp(ws->w[i], "none"))
            return gr_failst(err, GR_ERR_ARG, NULL, "'%s' is not a hexside feature", ws->w[i]);
        bits |= k >= 0 ? 1u << k : 0;
    }
    uint16_t *side = &d->side[gr_grid_side(&d->grid, a, dir)];
    *side = (uint16_t)((*side & ~JDG_SF_KINDS) | bits);
    return GR_OK;
}

/* "road A B C ..." / "track A B C ...": links along a chain of hexes. */
static gr_status edit_chain(jdg_data *d, const words *ws, unsigned bit, gr_error *err)
{
    int h[MAX_WORDS];
    if (ws->n < 3)
        return gr_failst(err, GR_ERR_ARG, NULL, "want '%s HEX HEX ...'", ws->w[0]);
    for (int i = 1; i < ws->n; i++)
        if ((h[i] = jdg_hex_find(d, ws->w[i])) < 0 ||
            (i > 1 && jdg_dir_to(d, h[i - 1], h[i]) < 0))
            return gr_failst(err, GR_ERR_ARG, NULL, "'%s' is not a hex next to the one before",
                             ws->w[i]);
    for (int i = 2; i < ws->n; i++)
        jdg_side_set(d, h[i - 1], h[i], bit, 0);
    return GR_OK;
}

/* rout french|allied HEX|N|S|E|W: where a side's rout moves go [R10.4-c]. */
static gr_status edit_rout(jdg_data *d, const words *ws, gr_error *err)
{
    int side = !strcmp(ws->w[1], "french") ? 0 : !strcmp(ws->w[1], "allied") ? 1 : -1;
    int h = jdg_hex_find(d, ws->w[2]);
    const char *e = ws->w[2];
    int edge = strlen(e) == 1 && strchr("NSEW", e[0]) ? e[0] : 0;
    if (side < 0 || (h < 0 && !edge))
        return gr_failst(err, GR_ERR_ARG, NULL, "rout french|allied HEX|N|S|E|W");
    d->rout_hex[side] = (int16_t)(h >= 0 ? h : JDG_OFFMAP);
    d->rout_edge[side] = (char)(h >= 0 ? 0 : edge);
    return GR_OK;
}

gr_status jdg_edit(void *sdata, const char *line, gr_error *err)
{
    words ws;
    jdg_data *d = sdata;
    if (split(&ws, line) < 0)
        return gr_failst(err, GR_ERR_PARSE, NULL, "edit line longer than %zu characters or "
                         "of more than %d words", sizeof ws.buf - 1, MAX_WORDS);
    if (ws.n > 0 && strcmp(ws.w[0], "map-row") == 0)
        return edit_map_row(d, &ws, err);
    if (ws.n > 0 && strcmp(ws.w[0], "hexside") == 0)
        return edit_hexside(d, &ws, err);
    if (ws.n > 0 && strcmp(ws.w[0], "road") == 0)
        return edit_chain(d, &ws, JDG_SF_ROAD, err);
    if (ws.n > 0 && strcmp(ws.w[0], "track") == 0)
        return edit_chain(d, &ws, JDG_SF_TRACK, err);
    if (ws.n == 3 && strcmp(ws.w[0], "rout") == 0)
        return edit_rout(d, &ws, err);
    if (ws.n == 2 && strcmp(ws.w[0], "level-slopes") == 0 &&
        (!strcmp(ws.w[1], "on") || !strcmp(ws.w[1], "off"))) {
        d->level_slope = (uint8_t)!strcmp(ws.w[1], "on");
        return GR_OK;
    }
    return gr_failst(err, GR_ERR_ARG, NULL,
                     "unknown jdg edit line '%s' (map-row, hexside, road, track, "
                     "level-slopes on|off, rout SIDE HEX|EDGE)", line);
}

/* ------------------------------------------------------------------ setup */

static gr_status need_phase_a(const jdg_state *s, const char *what, gr_error *err)
{
    if (s->phase != JDG_PH_ORDERS || s->committed)
        return gr_failst(err, GR_ERR_STATE, NULL,
                         "'%s' only in Phase A before any orders (groups are fixed then)",
                         what);
    return GR_OK;
}

static int find_hex(const jdg_data *d, const char *label, int *hex)
{
    if (strcmp(label, "off") == 0) {
        *hex = JDG_OFFMAP;
        return 1;
    }
    *hex = jdg_hex_find(d, label);
    return *hex >= 0;
}

/* "unit ID at HEX [facing F] [status S] [square 0|1]" or "unit ID off". */
static gr_status setup_unit(gr_game *g, const words *ws, gr_error *err)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int u = ws->n >= 3 ? jdg_unit_find(d, ws->w[1]) : -1;
    int hex = JDG_OFFMAP, facing = s->unit[u < 0 ? 0 : u].facing, status = JDG_GOOD, sq = 0;
    if (u < 0 || u >= d->nunits)
        return gr_failst(err, GR_ERR_ARG, NULL, "want 'unit ID at HEX ...' with a unit id");
    int i = 2;
    if (strcmp(ws->w[2], "off") == 0)
        i = 3;
    else if (ws->n < 4 || strcmp(ws->w[2], "at") != 0 || !find_hex(d, ws->w[3], &hex))
        return gr_failst(err, GR_ERR_ARG, NULL, "want 'unit ID at HEX' or 'unit ID off'");
    else
        i = 4;
    for (; i + 1 < ws->n; i += 2) {
        int ok = 0;
        if (!strcmp(ws->w[i], "facing"))
            ok = parse_int(ws->w[i + 1], 0, 5, &facing);
        else if (!strcmp(ws->w[i], "square"))
            ok = parse_int(ws->w[i + 1], 0, 1, &sq);
        else if (!strcmp(ws->w[i], "status"))
            for (int k = 0; jdg_status_names[k] && !ok; k++)
                if (!strcmp(ws->w[i + 1], jdg_status_names[k]))
                    ok = 1, status = k;
        if (!ok)
            return gr_failst(err, GR_ERR_ARG, NULL, "bad '%s %s'", ws->w[i], ws->w[i + 1]);
    }
    if (i != ws->n)
        return gr_failst(err, GR_ERR_ARG, NULL, "unexpected '%s'", ws->w[i]);
    if (need_phase_a(s, "unit", err) != GR_OK)
        return GR_ERR_STATE;
    jdg_unit keep = s->unit[u];
    jdg_place_unit(g, u, hex, facing < 0 ? 0 : facing, status);
    s->unit[u].flags = (uint8_t)(sq ? s->unit[u].flags | JDG_UF_SQUARE
                                    : s->unit[u].flags & ~JDG_UF_SQUARE);
    const char *fault = hex == JDG_OFFMAP ? NULL : jdg_stack_fault(d, s, hex);
    const char *rule = "jdg:R5.1.2-d";
    if (!fault && hex != JDG_OFFMAP && (fault = jdg_facing_fault(d, s, hex)))
        rule = "jdg:R6.1.1-b";
    if (fault) {
        s->unit[u] = keep; /* the position stays as it was */
        return gr_failst(err, GR_ERR_ILLEGAL, rule, "%s cannot be placed there: %s",
                         d->unit[u].id, fault);
    }
    jdg_groups_compute(g);
    return GR_OK;
}

/* "cinc ID at HEX" / "cinc ID off" / "cinc ID eliminated". */
static gr_status setup_cinc(gr_game *g, const words *ws, gr_error *err)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int c = ws->n >= 3 ? jdg_cinc_find(d, ws->w[1]) : -1, hex = JDG_OFFMAP;
    if (c < 0)
        return gr_failst(err, GR_ERR_ARG, NULL, "want 'cinc ID at HEX|off|eliminated'");
    int elim = !strcmp(ws->w[2], "eliminated");
    if (!elim && !(ws->n == 3 && !strcmp(ws->w[2], "off")) &&
        !(ws->n == 4 && !strcmp(ws->w[2], "at") && find_hex(d, ws->w[3], &hex)))
        return gr_failst(err, GR_ERR_ARG, NULL, "want 'cinc ID at HEX|off|eliminated'");
    if (need_phase_a(s, "cinc", err) != GR_OK)
        return GR_ERR_STATE;
    s->cinc[c].eliminated = (uint8_t)elim;
    s->cinc[c].hex = (int16_t)(elim ? JDG_OFFMAP : hex);
    jdg_groups_compute(g);
    return GR_OK;
}

static gr_status setup_turn(gr_game *g, const words *ws, gr_error *err)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int t;
    if (ws->n != 2 || !parse_int(ws->w[1], d->turn_first, d->turn_last, &t))
        return gr_failst(err, GR_ERR_ARG, NULL, "want 'turn N' with N in %d..%d",
                         d->turn_first, d->turn_last);
    if (need_phase_a(s, "turn", err) != GR_OK)
        return GR_ERR_STATE;
    s->turn = (uint8_t)t;
    jdg_groups_compute(g);
    return GR_OK;
}

/* "demoralised FORMATION": the state Phase E leaves [R11.2-c, R11.2-d]. */
static gr_status setup_demoralised(gr_game *g, const words *ws, gr_error *err)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int f = ws->n == 2 ? jdg_formation_find(d, ws->w[1]) : -1;
    if (f < 0)
        return gr_failst(err, GR_ERR_ARG, NULL, "want 'demoralised FORMATION'");
    if (need_phase_a(s, "demoralised", err) != GR_OK)
        return GR_ERR_STATE;
    const jdg_formation_data *fd = &d->formation[f];
    s->formation[f].demoralised = 1;
    if (fd->nmarkers == 2) {
        int hi = d->marker[fd->marker[1]].initiative > d->marker[fd->marker[0]].initiative;
        s->formation[f].ma_removed = (uint8_t)(1u << hi);
    }
    return GR_OK;
}

/* "draw MA [MA ...]": the next random draws of Phase D take these markers
 * (rule cases; gr_draw cannot be forced with queued dice). */
static gr_status setup_draw(gr_game *g, const words *ws, gr_error *err)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    if (ws->n < 2 || s->nforced + ws->n - 1 > JDG_FORCED_DRAWS)
        return gr_failst(err, GR_ERR_ARG, NULL, "want 'draw MA ...' (at most %d queued)",
                         JDG_FORCED_DRAWS);
    int m[MAX_WORDS];
    for (int i = 1; i < ws->n; i++)
        if ((m[i] = jdg_marker_find(d, ws->w[i])) < 0)
            return gr_failst(err, GR_ERR_ARG, NULL, "'%s' is not an activation marker",
                             ws->w[i]);
    for (int i = 1; i < ws->n; i++)
        s->forced[s->nforced++] = (int8_t)m[i];
    return GR_OK;
}

gr_status jdg_setup(gr_game *g, const char *line, gr_error *err)
{
    words ws;
    if (split(&ws, line) < 0)
        return gr_failst(err, GR_ERR_ARG, NULL, "setup line longer than %zu characters or of "
                         "more than %d words", sizeof ws.buf - 1, MAX_WORDS);
    if (jdg_cst(g)->phase == JDG_PH_OVER)
        return gr_failst(err, GR_ERR_STATE, NULL, "the game is over");
    if (ws.n == 0)
        return gr_failst(err, GR_ERR_ARG, NULL, "empty setup line");
    if (!strcmp(ws.w[0], "unit")) return setup_unit(g, &ws, err);
    if (!strcmp(ws.w[0], "cinc")) return setup_cinc(g, &ws, err);
    if (!strcmp(ws.w[0], "turn")) return setup_turn(g, &ws, err);
    if (!strcmp(ws.w[0], "demoralised")) return setup_demoralised(g, &ws, err);
    if (!strcmp(ws.w[0], "draw")) return setup_draw(g, &ws, err);
    return gr_failst(err, GR_ERR_ARG, NULL,
                     "unknown jdg setup line '%s' (unit, cinc, turn, demoralised, draw)", line);
}
