/* edit.c — text lines that change a scenario before play (edit: map size,
 * terrain rows, hexes, hexsides, LOS exceptions, block values) or a game's
 * position (setup: place and modify units, set the phase).  The vocabulary
 * is documented in docs/boc.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boc.h"

#define MAX_TOK 24

typedef struct line_toks {
    char buf[512];
    char *tok[MAX_TOK];
    int n;
} line_toks;

/* The line's words (gr_words): their number, 0 for an empty line, one too
 * long or one of too many words (refused as bad lines by the callers). */
static int split(line_toks *t, const char *line)
{
    t->n = gr_words(line, t->buf, sizeof t->buf, t->tok, MAX_TOK);
    if (t->n < 0)
        t->n = 0;
    return t->n;
}

/* "key=value": value of key, or NULL. */
static const char *kv(const char *tok, const char *key)
{
    size_t n = strlen(key);
    return strncmp(tok, key, n) == 0 && tok[n] == '=' ? tok + n + 1 : NULL;
}

static int to_int(const char *s, int lo, int hi, int *out)
{
    long v;
    if (gr_parse_int(s, lo, hi, &v) != 0)
        return 0;
    *out = (int)v;
    return 1;
}

static gr_status bad(gr_error *err, const char *line)
{
    return gr_failst(err, GR_ERR_PARSE, NULL, "cannot read '%s' (see docs/boc.md)", line);
}

/* ------------------------------------------------------------------ edit */

static gr_status edit_row(boc_sdata *sd, const line_toks *t, const char *line, gr_error *err)
{
    int row, terrain, level;
    if (t->n < 3 || !to_int(t->tok[1], 0, sd->grid.rows - 1, &row) || t->n - 2 > sd->grid.cols)
        return bad(err, line);
    for (int c = 0; c < t->n - 2; c++)
        if (boc_cell_parse(sd, t->tok[c + 2], &terrain, &level) != 0)
            return gr_failst(err, GR_ERR_PARSE, NULL, "bad map cell '%s'", t->tok[c + 2]);
    for (int c = 0; c < t->n - 2; c++) {
        boc_cell_parse(sd, t->tok[c + 2], &terrain, &level);
        boc_hex_set(sd, gr_grid_index_cr(&sd->grid, c + 1, row + 1), terrain, level);
    }
    boc_derive_edges(sd);
    return GR_OK;
}

static gr_status edit_hex(boc_sdata *sd, const line_toks *t, const char *line, gr_error *err)
{
    int h = t->n >= 2 ? boc_label_parse(&sd->grid, t->tok[1]) : -1, v;
    if (h < 0)
        return bad(err, line);
    for (int i = 2; i < t->n; i++) {
        const char *s = kv(t->tok[i], "stack");
        int terrain, level;
        if (s && to_int(s, 1, 9, &v)) {
            sd->hex[h].stacking = (int8_t)v;
            sd->hex[h].stack_fixed = 1;
        } else if (!s && boc_cell_parse(sd, t->tok[i], &terrain, &level) == 0) {
            boc_hex_set(sd, h, terrain, level);
        } else {
            return bad(err, line);
        }
    }
    boc_derive_edges(sd);
    return GR_OK;
}

/* One hexside feature word into f; 0 if unknown. */
static int side_word(const char *w, boc_sidedata *f)
{
    static const char *const COVERS[] = {"nocover", "woods", "orchard", "town", "marsh", NULL};
    static const char *const SLOPES[] = {"hill-down", "ridge-down", "noslope",
                                         "ridge-up",  "hill-up",    NULL};
    static const char *const ROADS[] = {"none", "main", "secondary", "railroad", NULL};
    const char *road = kv(w, "road");
    for (int i = 0; COVERS[i]; i++)
        if (!strcmp(w, COVERS[i]))
            return f->cover = (uint8_t)i, f->cover_fixed = 1, 1;
    for (int i = 0; SLOPES[i]; i++)
        if (!strcmp(w, SLOPES[i]))
            return f->slope = (int8_t)(i - 2), 1;
    if (!strcmp(w, "creek") || !strcmp(w, "river") || !strcmp(w, "nowater"))
        return f->water = w[0] == 'c' ? BOC_HS_CREEK : w[0] == 'r' ? BOC_HS_RIVER : 0, 1;
    for (int i = 0; road && ROADS[i]; i++)
        if (!strcmp(road, ROADS[i]))
            return f->road = (uint8_t)i, 1;
    if (!strcmp(w, "clear"))
        return *f = (boc_sidedata){.cover_fixed = 1}, 1;
    return 0;
}

static gr_status edit_side(boc_sdata *sd, const line_toks *t, const char *line, gr_error *err)
{
    int h, d;
    if (t->n < 3 || boc_pair_parse(sd, t->tok[1], &h, &d) != 0)
        return bad(err, line);
    boc_sidedata f = *boc_side(sd, h, d);
    for (int i = 2; i < t->n; i++)
        if (!side_word(t->tok[i], &f))
            return gr_failst(err, GR_ERR_PARSE, NULL, "unknown hexside feature '%s'", t->tok[i]);
    boc_side_set(sd, h, d, &f);
    return GR_OK;
}

static gr_status edit_los(boc_sdata *sd, const line_toks *t, const char *line, gr_error *err)
{
    int h = t->n == 4 ? boc_label_parse(&sd->grid, t->tok[1]) : -1, level;
    const char *through = t->n == 4 ? kv(t->tok[2], "through") : NULL;
    const char *lv = t->n == 4 ? kv(t->tok[3], "level") : NULL;
    int o = through ? boc_label_parse(&sd->grid, through) : -1;
    int d = h >= 0 && o >= 0 ? boc_dir_to(sd, h, o) : -1;
    if (d < 0 || !lv || !to_int(lv, 0, 9, &level))
        return bad(err, line);
    sd->hex[h].los_level[d] = (int8_t)level;
    return GR_OK;
}

/* One "day=D:FROM-TO" word of a turns line into d; 0 if malformed. */
static int day_word(const char *x, boc_day *d)
{
    int day, from, to;
    char end;
    if (sscanf(x, "%d:%d-%d%c", &day, &from, &to, &end) != 3 || day < 1 || day > 3 || from < 0 ||
        to > 23 || to < from)
        return 0;
    *d = (boc_day){(uint8_t)day, (int8_t)from, (int8_t)to};
    return 1;
}

/* "turns [first=usa|csa|none] [player-turns=N] [day=D:FROM-TO ...]": the
 * scenario's clock (load.c "turns"); day words replace the list of days. */
static gr_status edit_turns(boc_sdata *sd, const line_toks *t, const char *line, gr_error *err)
{
    boc_sdata c = *sd;
    int ndays = 0, v;
    const char *x;
    for (int i = 1; i < t->n; i++) {
        const char *w = t->tok[i];
        if ((x = kv(w, "first")) && (!strcmp(x, "usa") || !strcmp(x, "csa")))
            c.fixed_order = 1, c.first_player = x[0] == 'c' ? BOC_CSA : BOC_USA;
        else if (x && !strcmp(x, "none"))
            c.fixed_order = 0;
        else if ((x = kv(w, "player-turns")) && to_int(x, 0, 999, &v))
            c.player_turns = (int16_t)v;
        else if (!(x = kv(w, "day")) || ndays == BOC_MAX_DAYS || !day_word(x, &c.days[ndays++]))
            return bad(err, line);
    }
    if (ndays)
        c.ndays = ndays;
    sd->fixed_order = c.fixed_order;
    sd->first_player = c.first_player;
    sd->player_turns = c.player_turns;
    sd->ndays = c.ndays;
    memcpy(sd->days, c.days, sizeof sd->days);
    return GR_OK;
}

/* "arrival ID day=D hour=H|night entry=HEX": a scheduled reinforcement
 * (R6.7-a); hour=night: in the Night Turn after day D (B.4 step 2). */
static gr_status edit_arrival(boc_sdata *sd, const line_toks *t, const char *line, gr_error *err)
{
    int u = t->n == 5 ? boc_unit_find(sd, t->tok[1]) : -1, day, hour;
    const char *d = u >= 0 ? kv(t->tok[2], "day") : NULL, *h = u >= 0 ? kv(t->tok[3], "hour") : NULL;
    const char *e = u >= 0 ? kv(t->tok[4], "entry") : NULL;
    int hex = e ? boc_label_parse(&sd->grid, e) : -1;
    if (h && !strcmp(h, "night"))
        hour = BOC_NIGHT_HOUR;
    else if (!h || !to_int(h, 0, 23, &hour))
        return bad(err, line);
    if (!d || hex < 0 || !to_int(d, 1, 3, &day))
        return bad(err, line);
    sd->arrival[u] = (boc_arrival){(uint8_t)day, (int8_t)hour, (int16_t)hex};
    return GR_OK;
}

static gr_status edit_block(boc_sdata *sd, const line_toks *t, const char *line, gr_error *err)
{
    int u = t->n >= 2 ? boc_unit_find(sd, t->tok[1]) : -1, v;
    if (u < 0)
        return bad(err, line);
    boc_block b = sd->block[u];
    for (int i = 2; i < t->n; i++) {
        const char *w = t->tok[i], *x;
        int ok = 0;
        if ((x = kv(w, "type")))
            for (int k = 0; boc_type_names[k]; k++)
                if (!strcmp(x, boc_type_names[k]))
                    b.type = (uint8_t)k, ok = 1;
        if ((x = kv(w, "max")) && to_int(x, 1, 4, &v))
            b.max = (uint8_t)v, ok = 1;
        if ((x = kv(w, "range")) && to_int(x, 0, 9, &v))
            b.range = (int8_t)v, ok = 1;
        if ((x = kv(w, "seniority")) && to_int(x, 0, 99, &v))
            b.seniority = (int8_t)v, ok = 1;
        if ((x = kv(w, "successor")) && to_int(x, 0, 1, &v))
            b.flags = (uint8_t)(v ? b.flags | BOC_B_SUCCESSOR : b.flags & ~BOC_B_SUCCESSOR),
            ok = 1;
        if ((x = kv(w, "no-command")) && to_int(x, 0, 1, &v))
            b.flags = (uint8_t)(v ? b.flags | BOC_B_NO_COMMAND : b.flags & ~BOC_B_NO_COMMAND),
            ok = 1;
        if ((x = kv(w, "rating")))
            ok = boc_rating_parse(x, &b, b.type == BOC_T_ART || b.type == BOC_T_HORSE_ART);
        if (!ok)
            return bad(err, line);
    }
    sd->block[u] = b;
    return GR_OK;
}

static gr_status edit_line(boc_sdata *sd, const char *line, gr_error *err);

gr_status boc_edit(void *sdata, const char *line, gr_error *err)
{
    gr_status st = edit_line(sdata, line, err);
    if (st == GR_OK)
        boc_eval_prepare(sdata); /* a block's division or type may have changed */
    return st;
}

static gr_status edit_line(boc_sdata *sd, const char *line, gr_error *err)
{
    line_toks t;
    int cols, rows;
    if (split(&t, line) == 0)
        return bad(err, line);
    const char *w = t.tok[0];
    if (!strcmp(w, "map-size")) {
        if (t.n != 3 || !to_int(t.tok[1], 1, 99, &cols) || !to_int(t.tok[2], 1, 26, &rows) ||
            cols * rows > BOC_MAX_HEXES)
            return bad(err, line);
        boc_map_reset(sd, cols, rows, 1);
        for (int u = 0; u < sd->nblock; u++)
            sd->setup[u].hex = BOC_LOC_OUT, sd->arrival[u] = (boc_arrival){0, 0, 0};
        return GR_OK;
    }
    if (!strcmp(w, "map-row"))
        return edit_row(sd, &t, line, err);
    if (!strcmp(w, "hex"))
        return edit_hex(sd, &t, line, err);
    if (!strcmp(w, "side"))
        return edit_side(sd, &t, line, err);
    if (!strcmp(w, "los-level"))
        return edit_los(sd, &t, line, err);
    if (!strcmp(w, "block"))
        return edit_block(sd, &t, line, err);
    if (!strcmp(w, "turns"))
        return edit_turns(sd, &t, line, err);
    if (!strcmp(w, "arrival"))
        return edit_arrival(sd, &t, line, err);
    if (!strcmp(w, "hancock") && t.n == 4) { /* "hancock UNIT ENTRY HOURS" (S-Hancock) */
        int u = boc_unit_find(sd, t.tok[1]), h = boc_label_parse(&sd->grid, t.tok[2]), d;
        if (u < 0 || h < 0 || !to_int(t.tok[3], 0, 24, &d) || sd->block[u].type != BOC_T_CHQ ||
            sd->block[u].side != BOC_USA)
            return bad(err, line);
        sd->hancock_unit = (int16_t)u, sd->hancock_entry = (int16_t)h;
        sd->hancock_delay = (int8_t)d;
        return GR_OK;
    }
    if (!strcmp(w, "night-supply") && t.n == 3) { /* "night-supply USA CSA" (R8.4-c) */
        int u = boc_label_parse(&sd->grid, t.tok[1]), c = boc_label_parse(&sd->grid, t.tok[2]);
        if (u < 0 || c < 0)
            return bad(err, line);
        sd->night_supply[BOC_USA] = (int16_t)u, sd->night_supply[BOC_CSA] = (int16_t)c;
        return GR_OK;
    }
    if (!strcmp(w, "sudden-death") && t.n == 2) { /* "sudden-death N": victory.sudden_death */
        int v;
        if (!to_int(t.tok[1], 0, 99, &v))
            return bad(err, line);
        sd->sudden_death = (int8_t)v;
        return GR_OK;
    }
    if (!strcmp(w, "free-deployment") && t.n == 2 &&
        (!strcmp(t.tok[1], "on") || !strcmp(t.tok[1], "off"))) {
        sd->free_deploy = !strcmp(t.tok[1], "on"); /* the scenario key "free_deployment" */
        return GR_OK;
    }
    if (!strcmp(w, "column-line") && t.n == 2 &&
        (!strcmp(t.tok[1], "on") || !strcmp(t.tok[1], "off"))) {
        sd->column_line = !strcmp(t.tok[1], "on"); /* the scenario key "column_line" */
        return GR_OK;
    }
    if (!strcmp(w, "entry") && t.n >= 2) { /* "entry HEX...": the entry hexes */
        sd->nentry = 0;
        for (int i = 1; i < t.n; i++) {
            int h = boc_label_parse(&sd->grid, t.tok[i]);
            if (h < 0 || sd->nentry == BOC_MAX_ENTRIES)
                return bad(err, line);
            sd->entry[sd->nentry++] = (int16_t)h;
        }
        return GR_OK;
    }
    return bad(err, line);
}

/* ------------------------------------------------------------------ setup */

/* One "unit" option word applied to u; 0 if unknown. */
static int unit_word(boc_unit *un, const boc_sdata *sd, int u, const char *w)
{
    static const struct {
        const char *word;
        uint16_t set, clear;
    } FLAGS[] = {
        {"revealed", BOC_U_REVEALED, 0}, {"hidden", 0, BOC_U_REVEALED}, {"half", BOC_U_HALF, 0},
        {"fired", BOC_U_FIRED, 0},       {"cmd", BOC_U_CMD, 0},         {"nocmd", 0, BOC_U_CMD},
        {"column", BOC_U_COLUMN, 0},
    };
    const char *x;
    int v, lo = boc_type_of(sd, u)->hq ? 0 : 1;
    for (size_t i = 0; i < sizeof FLAGS / sizeof FLAGS[0]; i++)
        if (!strcmp(w, FLAGS[i].word)) {
            un->flags = (uint16_t)((un->flags | FLAGS[i].set) & ~FLAGS[i].clear);
            return 1;
        }
    if ((x = kv(w, "str")) && to_int(x, lo, sd->block[u].max, &v))
        return un->str = (int8_t)v, 1;
    if ((x = kv(w, "start")) && to_int(x, lo, sd->block[u].max, &v))
        return un->start = (int8_t)v, 1;
    return 0;
}

static gr_status setup_unit(gr_game *g, const line_toks *t, const char *line, gr_error *err)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    int u = t->n >= 3 ? boc_unit_find(sd, t->tok[1]) : -1, at = 2;
    if (u < 0)
        return bad(err, line);
    boc_unit un = s->unit[u];
    int hex = un.hex;
    if (!strcmp(t->tok[2], "out") || !strcmp(t->tok[2], "eliminated")) {
        hex = t->tok[2][0] == 'o' ? BOC_LOC_OUT : BOC_LOC_ELIM;
        un = (boc_unit){.hex = un.hex};
        at = 3;
    } else if (!strcmp(t->tok[2], "at") && t->n >= 4) {
        hex = boc_label_parse(&sd->grid, t->tok[3]);
        if (hex < 0)
            return bad(err, line);
        if (un.hex < 0) /* newly placed: full strength, hidden, not under command */
            un = (boc_unit){.hex = un.hex, .str = (int8_t)sd->block[u].max};
        at = 4;
    }
    for (int i = at; i < t->n; i++)
        if (!unit_word(&un, sd, u, t->tok[i]))
            return bad(err, line);
    if (hex >= 0 && s->unit[u].hex < 0 && !strstr(line, "start="))
        un.start = un.str;
    un.seen = 0; /* a position set by hand: the enemy knows nothing of it */
    s->unit[u] = un; /* still at its old hex: boc_place moves the counts */
    boc_place(s, sd, u, hex);
    return GR_OK;
}

/* "phase command|fire|movement|supply|night|deploy active=SIDE": opens that phase of SIDE's Player Turn
 * with a fresh control snapshot; command is what the units' flags say. */
static gr_status setup_phase(gr_game *g, const line_toks *t, const char *line, gr_error *err)
{
    const char *who = t->n == 3 ? kv(t->tok[2], "active") : NULL;
    int p = who ? gr_game_player_find(g, who) : -1;
    int phase = !strcmp(t->tok[1], "fire")       ? BOC_PH_FIRE
                : !strcmp(t->tok[1], "command")  ? BOC_PH_COMMAND
                : !strcmp(t->tok[1], "movement") ? BOC_PH_MOVEMENT
                : !strcmp(t->tok[1], "supply")   ? BOC_PH_SUPPLY
                : !strcmp(t->tok[1], "night")    ? BOC_PH_NIGHT
                : !strcmp(t->tok[1], "deploy")   ? BOC_PH_DEPLOY
                                                 : -1;
    if (p < 0 || phase < 0)
        return bad(err, line);
    boc_flow_open_phase(g, p, phase);
    return GR_OK;
}

/* "hour H": the clock of the current day at H:00, one of its Game Turns
 * (the phase and the player are as they were). */
static gr_status setup_hour(gr_game *g, const line_toks *t, const char *line, gr_error *err)
{
    boc_state *s = boc_st(g);
    const boc_day *day = &boc_sd(g)->days[s->day_index];
    int h;
    if (!to_int(t->tok[1], day->first_hour, day->last_hour, &h))
        return bad(err, line);
    s->hour = (int16_t)h;
    return GR_OK;
}

gr_status boc_setup_line(gr_game *g, const char *line, gr_error *err)
{
    line_toks t;
    if (split(&t, line) == 0)
        return bad(err, line);
    if (!strcmp(t.tok[0], "unit"))
        return setup_unit(g, &t, line, err);
    if (!strcmp(t.tok[0], "phase") && t.n >= 2)
        return setup_phase(g, &t, line, err);
    if (!strcmp(t.tok[0], "game-turn") && t.n == 1) {
        boc_flow_new_game_turn(g); /* initiative again, from queued dice */
        return GR_OK;
    }
    if (!strcmp(t.tok[0], "hour") && t.n == 2)
        return setup_hour(g, &t, line, err);
    if (!strcmp(t.tok[0], "control") && t.n == 1) {
        boc_control_snapshot(boc_st(g), boc_sd(g));
        return GR_OK;
    }
    return bad(err, line);
}
