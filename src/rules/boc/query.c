/* query.c — answers to "key=value" queries about a game or a view (units,
 * hexes, hexsides, phase, firepower, line of sight, score).  On a view,
 * nothing about a hidden enemy block is answered beyond what its owner's
 * opponent sees.  The vocabulary is documented in docs/boc.md. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boc.h"

static const char *label(const boc_sdata *sd, int hex, char *buf)
{
    if (boc_hex_label(sd, hex, buf, 8) == 0)
        snprintf(buf, 8, "-");
    return buf;
}

static const char *where(int hex)
{
    return hex >= 0              ? "map"
           : hex == BOC_LOC_ELIM ? "eliminated"
           : boc_is_left(hex)    ? "left"
                                 : "out";
}

static gr_status q_unit(const gr_game *g, const char *id, gr_text *a, gr_error *err)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    int u = boc_unit_find(sd, id);
    char l[8];
    if (u < 0)
        return gr_failst(err, GR_ERR_ARG, NULL, "no unit '%s'", id);
    const boc_block *b = &sd->block[u];
    const boc_unit *un = &s->unit[u];
    gr_textf(a, "side=%s", b->side ? "csa" : "usa");
    if (!boc_visible(g, u, boc_viewer(g))) {
        gr_textf(a, " known=0");
        return GR_OK;
    }
    gr_textf(a, " known=1 status=%s hex=%s type=%s rating=%c%d", where(un->hex),
             label(sd, un->hex, l), boc_type_names[b->type], b->morale, b->fp);
    if (boc_type_of(sd, u)->artillery)
        gr_textf(a, "/%d", b->fp_long);
    gr_textf(a, " str=%d max=%d start=%d revealed=%d half=%d fired=%d cmd=%d column=%d", un->str,
             b->max, un->start, !!(un->flags & BOC_U_REVEALED), !!(un->flags & BOC_U_HALF),
             !!(un->flags & BOC_U_FIRED), !!(un->flags & BOC_U_CMD),
             !!(un->flags & BOC_U_COLUMN));
    return GR_OK;
}

static gr_status q_hex(const gr_game *g, const char *lab, gr_text *a, gr_error *err)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    int h = boc_label_parse(&sd->grid, lab), hidden = 0;
    if (h < 0)
        return gr_failst(err, GR_ERR_ARG, NULL, "no hex '%s'", lab);
    const boc_terrain *t = boc_terrain_of(sd, h);
    static const char *const CONTROL[] = {"neutral", "usa", "csa"};
    gr_textf(a, "terrain=%s level=%d stack=%d d2=%d usa=%d csa=%d control=%s units=", t->name,
             sd->hex[h].level, sd->hex[h].stacking, t->d2, s->count[BOC_USA][h],
             s->count[BOC_CSA][h], CONTROL[s->control[h] % 3]);
    const char *sep = "";
    for (int u = 0; u < sd->nblock; u++) {
        if (s->unit[u].hex != h)
            continue;
        if (!boc_visible(g, u, boc_viewer(g))) {
            hidden++;
            continue;
        }
        gr_textf(a, "%s%s", sep, sd->block[u].id);
        sep = ",";
    }
    gr_textf(a, "%s hidden=%d", *sep ? "" : "-", hidden);
    return GR_OK;
}

static gr_status q_side(const gr_game *g, const char *pair, gr_text *a, gr_error *err)
{
    const boc_sdata *sd = boc_sd(g);
    static const char *const SLOPES[] = {"hill-down", "ridge-down", "none", "ridge-up", "hill-up"};
    static const char *const ROADS[] = {"none", "main", "secondary", "railroad"};
    int h, d;
    if (boc_pair_parse(sd, pair, &h, &d) != 0)
        return gr_failst(err, GR_ERR_ARG, NULL, "'%s' is not a pair of adjacent hexes", pair);
    const boc_sidedata *f = boc_side(sd, h, d);
    gr_textf(a, "cover=%s water=%s slope=%s road=%s fire=%d", boc_hs_names[f->cover],
             f->water ? boc_hs_names[f->water] : "none", SLOPES[f->slope + 2], ROADS[f->road],
             boc_side_fire_penalty(sd, h, d));
    return GR_OK;
}

/* "fire-value UNIT TARGET [via=HEX]" and "los FROM TO [via=HEX]". */
static gr_status q_shot(const gr_game *g, char **tok, int n, int los_only, gr_text *a,
                        gr_error *err)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    int u = los_only ? -1 : boc_unit_find(sd, tok[1]);
    int f = los_only ? boc_label_parse(&sd->grid, tok[1]) : u >= 0 ? s->unit[u].hex : -1;
    int t = boc_label_parse(&sd->grid, tok[2]), dir = -1, dirs = 0;
    const char *via = n == 4 && !strncmp(tok[3], "via=", 4) ? tok[3] + 4 : NULL;
    if (f < 0 || t < 0 || (n == 4 && !via))
        return gr_failst(err, GR_ERR_ARG, NULL, "want '%s FROM TARGET [via=HEX]'", tok[0]);
    for (int d = 0; d < 6; d++)
        if (boc_cone_range(sd, f, d, t, boc_max_fire_range(sd)) && (dirs++, dir < 0))
            dir = d;
    if (via)
        dir = boc_dir_to(sd, f, boc_label_parse(&sd->grid, via));
    int range = boc_dist(sd, f, t);
    if (dir < 0 || (!via && dirs > 1 && range > 1))
        return gr_failst(err, GR_ERR_ARG, NULL, "say via=HEX: the target lies in %d cones", dirs);
    int seen = boc_los(sd, f, dir, t, boc_max_fire_range(sd));
    gr_textf(a, "range=%d los=%d", range, seen);
    if (!los_only && boc_visible(g, u, boc_viewer(g)))
        gr_textf(a, " fp=%d dice=%d", boc_fire_power(sd, u, f, dir, range), s->unit[u].str);
    return GR_OK;
}

static void q_phase(const gr_game *g, gr_text *a)
{
    const boc_state *s = boc_cst(g);
    gr_textf(a, "phase=%s active=%s decision=%s turn=%d day=%d hour=%d player1=%s",
             boc_phase_names[s->phase], s->active ? "csa" : "usa",
             boc_decision_names[s->decision % BOC_NDECISIONS], s->turns_done + 1,
             boc_day_of(s, boc_sd(g)), s->hour, s->player1 ? "csa" : "usa");
    if (s->decision == BOC_DEC_ALLOCATE || s->decision == BOC_DEC_REPULSE) {
        char l[8];
        gr_textf(a, " target=%s hits=%d", label(boc_sd(g), s->fire.hex, l), s->fire.hits);
    }
    if (s->decision == BOC_DEC_SUPPLY) /* the view of the enemy says 0 (fog.c) */
        gr_textf(a, " supplier=%s sp=%d",
                 s->supplier == GR_NONE ? "-" : boc_sd(g)->block[s->supplier].id, s->sp);
}

/* ------------------------------------------------------------------ board (docs/queries.md) */

/* Shading class of a terrain for terminal maps (docs/queries.md). */
static const char *terrain_class(const char *name)
{
    static const char *const MAP[][2] = {{"woods", "wooded"}, {"orchard", "wooded"},
                                         {"town", "built"},   {"marsh", "marsh"},
                                         {"devils-den", "rough"}};
    for (size_t i = 0; i < sizeof MAP / sizeof MAP[0]; i++)
        if (!strcmp(name, MAP[i][0]))
            return MAP[i][1];
    return "open";
}

static int vp_of(const gr_game *g, int h)
{
    const boc_sdata *sd = boc_sd(g);
    int day = boc_day_of(boc_cst(g), sd);
    for (int i = 0; i < sd->nvp; i++)
        if (sd->vphex[i].hex == h && (!sd->vphex[i].day1_only || day == 1))
            return sd->vphex[i].vp;
    return 0;
}

/* One `side=A,B kind=...` line per hexside with a road, a stream or a
 * slope (docs/queries.md): roads by class, creek or river, ridge or hill. */
static void board_sides(const boc_sdata *sd, gr_text *a)
{
    static const char *const ROAD[] = {"", "pike", "road", "railroad"};
    char l1[8], l2[8];
    for (int h = 0; h < sd->nhex; h++)
        for (int d = 0; d < 6; d++) {
            int h2 = gr_grid_step(&sd->grid, h, d);
            const boc_sidedata *x = &sd->side[h * 6 + d];
            if (h2 <= h || (!x->road && !x->water && !x->slope))
                continue;
            gr_textf(a, "side=%s,%s kind=", label(sd, h, l1), label(sd, h2, l2));
            const char *kind[3] = {x->road ? ROAD[x->road & 3] : NULL,
                                   !x->water ? NULL : x->water == BOC_HS_RIVER ? "river" : "creek",
                                   !x->slope ? NULL : abs(x->slope) == 2 ? "hill-slope"
                                                                          : "ridge-slope"};
            for (int k = 0, n = 0; k < 3; k++)
                if (kind[k])
                    gr_textf(a, "%s%s", n++ ? "," : "", kind[k]);
            gr_textf(a, "\n");
        }
}

static void q_board(const gr_game *g, gr_text *a)
{
    const boc_sdata *sd = boc_sd(g);
    const gr_grid *gr = &sd->grid;
    char l[8];
    gr_textf(a, "grid cols=%d rows=%d layout=%s shifted=%d col0=%d row0=%d label=%s\n", gr->cols,
             gr->rows, gr->layout == GR_GRID_FLAT ? "flat" : "pointy", gr->shifted, gr->col0,
             gr->row0, gr->label == GR_LABEL_CCRR ? "ccrr" : "letter-row");
    for (int h = 0; h < sd->nhex; h++) {
        int col, row, vp = vp_of(g, h);
        gr_grid_cr(gr, h, &col, &row);
        const boc_terrain *t = boc_terrain_of(sd, h);
        gr_textf(a, "hex=%s col=%d row=%d terrain=%s class=%s level=%d", label(sd, h, l), col, row,
                 t->name, terrain_class(t->name), sd->hex[h].level);
        if (vp)
            gr_textf(a, " mark=* vp=%d", vp);
        gr_textf(a, "\n");
    }
    board_sides(sd, a);
}

static void q_units(const gr_game *g, gr_text *a)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    char l[8];
    for (int u = 0; u < sd->nblock; u++) {
        const boc_unit *un = &s->unit[u];
        const boc_block *b = &sd->block[u];
        if (un->hex < 0)
            continue;
        if (!boc_visible(g, u, boc_viewer(g))) {
            gr_textf(a, "unit=? side=%s hex=%s sym=? hidden=1\n", b->side ? "csa" : "usa",
                     label(sd, un->hex, l));
            continue;
        }
        const boc_utype *t = boc_type_of(sd, u);
        char sym = t->hq ? 'H' : t->artillery ? 'A' : t->cavalry ? 'C' : 'I';
        gr_textf(a, "unit=%s side=%s hex=%s sym=%c str=%d revealed=%d\n", b->id,
                 b->side ? "csa" : "usa", label(sd, un->hex, l), sym, un->str,
                 !!(un->flags & BOC_U_REVEALED));
    }
}

static void q_panel(const gr_game *g, gr_text *a)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    gr_textf(a, "turn=day %d %02d:00, player turn %d\nphase=%s\nactive=%s\ndecision=%s\n",
             boc_day_of(s, sd), s->hour, s->turns_done + 1, boc_phase_names[s->phase],
             s->active ? "csa" : "usa", boc_decision_names[s->decision % BOC_NDECISIONS]);
    if (s->decision == BOC_DEC_ALLOCATE || s->decision == BOC_DEC_REPULSE) {
        char l[8];
        gr_textf(a, "fire=%d hit%s on %s\n", s->fire.hits, s->fire.hits == 1 ? "" : "s",
                 label(sd, s->fire.hex, l));
    }
    gr_textf(a, "vp=%d (csa)\nlost.usa=%d blocks, %d leaders\nlost.csa=%d blocks, %d leaders\n",
             boc_victory_points(s, sd), s->elim[BOC_USA], s->fallen[BOC_USA], s->elim[BOC_CSA],
             s->fallen[BOC_CSA]);
}

/* "range UNIT": fire range and the hexes it could fire into (cone, LOS). */
static gr_status q_range(const gr_game *g, const char *id, gr_text *a, gr_error *err)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    int u = boc_unit_find(sd, id), maxr = boc_max_fire_range(sd);
    char l[8];
    if (u < 0 || s->unit[u].hex < 0 || !boc_visible(g, u, boc_viewer(g)))
        return gr_failst(err, GR_ERR_ARG, NULL, "no unit '%s' on the map that you can see", id);
    int f = s->unit[u].hex, r = boc_type_of(sd, u)->fire_range;
    gr_textf(a, "range=%d hexes=", r);
    const char *sep = "";
    for (int t = 0; t < sd->nhex; t++) {
        int seen = 0, dist = boc_dist(sd, f, t);
        for (int d = 0; d < 6 && dist >= 1 && dist <= r && !seen; d++)
            seen = boc_los(sd, f, d, t, maxr);
        if (seen) {
            gr_textf(a, "%s%s", sep, label(sd, t, l));
            sep = ",";
        }
    }
    gr_textf(a, "%s", *sep ? "" : "-");
    return GR_OK;
}

gr_status boc_query(const gr_game *g, const char *what, char *buf, size_t size, gr_error *err)
{
    const boc_state *s = boc_cst(g);
    gr_text a = {buf, size, 0};
    char line[256], *tok[6];
    int n = 0;
    snprintf(line, sizeof line, "%s", what);
    for (char *save = NULL, *p = strtok_r(line, " ", &save); p && n < 6;
         p = strtok_r(NULL, " ", &save))
        tok[n++] = p;
    gr_status st = GR_OK;
    if (n == 2 && !strcmp(tok[0], "unit"))
        st = q_unit(g, tok[1], &a, err);
    else if (n == 2 && !strcmp(tok[0], "hex"))
        st = q_hex(g, tok[1], &a, err);
    else if (n == 2 && !strcmp(tok[0], "side"))
        st = q_side(g, tok[1], &a, err);
    else if ((n == 3 || n == 4) && !strcmp(tok[0], "fire-value"))
        st = q_shot(g, tok, n, 0, &a, err);
    else if ((n == 3 || n == 4) && !strcmp(tok[0], "los"))
        st = q_shot(g, tok, n, 1, &a, err);
    else if (n == 1 && !strcmp(tok[0], "board"))
        q_board(g, &a);
    else if (n == 1 && !strcmp(tok[0], "units"))
        q_units(g, &a);
    else if (n == 1 && !strcmp(tok[0], "panel"))
        q_panel(g, &a);
    else if (n == 2 && !strcmp(tok[0], "range"))
        st = q_range(g, tok[1], &a, err);
    else if (n == 1 && !strcmp(tok[0], "phase"))
        q_phase(g, &a);
    else if (n == 1 && !strcmp(tok[0], "score"))
        gr_textf(&a, "vp=%d usa-lost=%d csa-lost=%d usa-fallen=%d csa-fallen=%d",
                 boc_victory_points(s, boc_sd(g)), s->elim[BOC_USA], s->elim[BOC_CSA],
                 s->fallen[BOC_USA], s->fallen[BOC_CSA]);
    else
        return gr_failst(err, GR_ERR_ARG, NULL, "unknown boc query '%s' (see docs/boc.md)", what);
    return st;
}
