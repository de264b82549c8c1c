/* loadmap.c — the BoC hex map from JSON (the scenario's "map": a file such
 * as boc/map.json, or an inline object): grid, terrain rows, special hexes,
 * slopes, LOS exceptions, hexside covers, streams, roads, entry hexes,
 * night-supply hexes, victory hexes and the road switch (R2.2-n).  Every
 * list is validated: labels on the map, pairs adjacent, slopes running
 * downhill. */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "boc.h"
#include "io/jv.h"

static const char *const ROADS[] = {"none", "main", "secondary", "railroad", NULL};
static const char *const WATER[] = {"creek", "river", NULL};
static const char *const VPSETS[] = {"all", "day1", NULL};

/* A hex label value (bare or provisional); -1 after an error. */
static int get_hex(gr_loader *ld, jv x, const boc_sdata *sd)
{
    char label[8] = "";
    if (jv_str(ld, x, label, sizeof label) != GR_OK)
        return -1;
    int h = boc_label_parse(&sd->grid, label);
    if (h < 0)
        jv_fail(ld, x, "no hex '%s' on the map", label);
    return h;
}

/* Splits a string value into space-separated tokens (in place). */
static int tokens(char *buf, char **tok, int cap)
{
    int n = 0;
    for (char *save = NULL, *t = strtok_r(buf, " ", &save); t && n < cap;
         t = strtok_r(NULL, " ", &save))
        tok[n++] = t;
    return n;
}

static gr_status load_grid(gr_loader *ld, jv map, boc_sdata *sd)
{
    static const char *const KEYS[] = {"columns", "rows", "odd_columns_up", NULL};
    jv g = jv_get(ld, map, "grid");
    int cols = 0, rows = 0, odd_up = 1;
    jv_keys(ld, g, KEYS);
    jv_get_int(ld, g, "columns", 1, 99, &cols);
    jv_get_int(ld, g, "rows", 1, 26, &rows);
    jv x = jv_opt(ld, g, "odd_columns_up");
    if (x.v)
        jv_bool(ld, x, &odd_up);
    if (gr_loader_status(ld) != GR_OK)
        return GR_ERR_DATA;
    if (cols * rows > BOC_MAX_HEXES)
        return jv_fail(ld, g, "at most %d hexes", BOC_MAX_HEXES);
    boc_map_reset(sd, cols, rows, odd_up);
    return GR_OK;
}

static gr_status load_rows(gr_loader *ld, jv map, boc_sdata *sd)
{
    jv arr = jv_opt(ld, map, "terrain_rows");
    size_t n = 0;
    if (!arr.v || jv_array(ld, arr, 0, (size_t)sd->grid.rows, &n) != GR_OK)
        return gr_loader_status(ld);
    for (size_t i = 0; i < n; i++) {
        jv r = jv_at(arr, i);
        char row[4] = "", cells[512] = "";
        char *tok[100];
        jv_get_str(ld, r, "row", row, sizeof row);
        jv cx = jv_get(ld, r, "cells");
        if (jv_str(ld, cx, cells, sizeof cells) != GR_OK)
            return GR_ERR_DATA;
        int rowi = row[0] - 'A' + 1;
        if (row[1] || rowi < 1 || rowi > sd->grid.rows)
            return jv_fail(ld, jv_get(ld, r, "row"), "no row '%s' on the map", row);
        if (tokens(cells, tok, 100) != sd->grid.cols)
            return jv_fail(ld, cx, "want %d cells", sd->grid.cols);
        for (int c = 0; c < sd->grid.cols; c++) {
            int t, level;
            if (boc_cell_parse(sd, tok[c], &t, &level) != 0)
                return jv_fail(ld, cx, "bad cell '%s' (terrain code + ground level)", tok[c]);
            boc_hex_set(sd, gr_grid_index_cr(&sd->grid, c + 1, rowi), t, level);
        }
    }
    return GR_OK;
}

static gr_status load_specials(gr_loader *ld, jv map, boc_sdata *sd)
{
    static const char *const KEYS[] = {"hex", "name", "stacking", NULL};
    jv arr = jv_opt(ld, map, "special_hexes");
    size_t n = 0;
    if (!arr.v || jv_array(ld, arr, 0, 64, &n) != GR_OK)
        return gr_loader_status(ld);
    for (size_t i = 0; i < n; i++) {
        jv e = jv_at(arr, i);
        jv_keys(ld, e, KEYS);
        int h = get_hex(ld, jv_get(ld, e, "hex"), sd), stack = 0;
        jv_opt_int(ld, e, "stacking", 1, 9, 0, &stack);
        if (gr_loader_status(ld) != GR_OK)
            return GR_ERR_DATA;
        if (stack) {
            sd->hex[h].stacking = (int8_t)stack;
            sd->hex[h].stack_fixed = 1;
        }
    }
    return GR_OK;
}

/* One slope entry "C9>B8 B9(H)": from the upper hex down to each lower one. */
static gr_status load_slope(gr_loader *ld, jv x, boc_sdata *sd)
{
    char buf[256] = "";
    char *tok[16];
    if (jv_str(ld, x, buf, sizeof buf) != GR_OK)
        return GR_ERR_DATA;
    char *gt = strchr(buf, '>');
    if (!gt)
        return jv_fail(ld, x, "want 'UPPER>LOWER LOWER...'");
    *gt = '\0';
    int up = boc_label_parse(&sd->grid, buf), n = tokens(gt + 1, tok, 16);
    for (int i = 0; i < n; i++) {
        char *h = strstr(tok[i], "(H)");
        int kind = h ? 2 : 1;
        if (h)
            *h = '\0';
        int low = boc_label_parse(&sd->grid, tok[i]), d = up < 0 ? -1 : boc_dir_to(sd, up, low);
        if (d < 0)
            return jv_fail(ld, x, "'%s' is not a hex adjacent to '%s'", tok[i], buf);
        if (sd->hex[up].level <= sd->hex[low].level)
            return jv_fail(ld, x, "%s is not higher than %s", buf, tok[i]);
        boc_sidedata f = *boc_side(sd, up, d);
        f.slope = (int8_t)-kind; /* downhill from the upper hex */
        boc_side_set(sd, up, d, &f);
    }
    return GR_OK;
}

static gr_status load_slopes(gr_loader *ld, jv map, boc_sdata *sd)
{
    jv arr = jv_opt(ld, map, "slopes");
    size_t n = 0;
    if (!arr.v || jv_array(ld, arr, 0, 4 * BOC_MAX_HEXES, &n) != GR_OK)
        return gr_loader_status(ld);
    for (size_t i = 0; i < n; i++)
        if (load_slope(ld, jv_at(arr, i), sd) != GR_OK)
            return GR_ERR_DATA;
    return GR_OK;
}

static gr_status load_los_exceptions(gr_loader *ld, jv map, boc_sdata *sd)
{
    static const char *const KEYS[] = {"hex", "through", "level", "why", NULL};
    jv arr = jv_opt(ld, map, "los_exceptions");
    size_t n = 0;
    if (!arr.v || jv_array(ld, arr, 0, 64, &n) != GR_OK)
        return gr_loader_status(ld);
    for (size_t i = 0; i < n; i++) {
        jv e = jv_at(arr, i), th = jv_get(ld, e, "through");
        size_t m = 0;
        int level = 0, h = get_hex(ld, jv_get(ld, e, "hex"), sd);
        jv_keys(ld, e, KEYS);
        jv_get_int(ld, e, "level", 0, 9, &level);
        if (jv_array(ld, th, 1, 6, &m) != GR_OK || h < 0)
            return GR_ERR_DATA;
        for (size_t k = 0; k < m; k++) {
            int o = get_hex(ld, jv_at(th, k), sd), d = o < 0 ? -1 : boc_dir_to(sd, h, o);
            if (d < 0)
                return jv_fail(ld, jv_at(th, k), "not a hex adjacent to the exception hex");
            sd->hex[h].los_level[d] = (int8_t)level;
        }
    }
    return gr_loader_status(ld);
}

/* Marks one hexside (or all six with "HEX/all-sides") as carrying no cover. */
static gr_status clear_side(gr_loader *ld, jv x, boc_sdata *sd)
{
    char buf[16] = "";
    int h, d;
    if (jv_str(ld, x, buf, sizeof buf) != GR_OK)
        return GR_ERR_DATA;
    size_t len = strlen(buf);
    int all = len > 2 && strcmp(buf + len - 2, "/*") == 0;
    if (all)
        buf[len - 2] = '\0';
    h = all ? boc_label_parse(&sd->grid, buf) : -1;
    if (!all && boc_pair_parse(sd, buf, &h, &d) != 0)
        return jv_fail(ld, x, "want 'HEX/HEX' (adjacent) or 'HEX/*'");
    if (h < 0)
        return jv_fail(ld, x, "no hex '%s' on the map", buf);
    for (int k = 0; k < 6; k++)
        if (all || k == d) {
            boc_sidedata f = *boc_side(sd, h, k);
            f.cover = BOC_HS_CLEAR;
            f.cover_fixed = 1;
            boc_side_set(sd, h, k, &f);
        }
    return GR_OK;
}

static gr_status load_clear_sides(gr_loader *ld, jv map, boc_sdata *sd)
{
    jv arr = jv_opt(ld, map, "clear_sides");
    size_t n = 0;
    if (!arr.v || jv_array(ld, arr, 0, 256, &n) != GR_OK)
        return gr_loader_status(ld);
    for (size_t i = 0; i < n; i++)
        if (clear_side(ld, jv_at(arr, i), sd) != GR_OK)
            return GR_ERR_DATA;
    return GR_OK;
}

static gr_status load_streams(gr_loader *ld, jv map, boc_sdata *sd)
{
    static const char *const KEYS[] = {"name", "kind", "sides", NULL};
    jv arr = jv_opt(ld, map, "streams");
    size_t n = 0;
    if (!arr.v || jv_array(ld, arr, 0, 32, &n) != GR_OK)
        return gr_loader_status(ld);
    for (size_t i = 0; i < n; i++) {
        jv e = jv_at(arr, i), sx = jv_get(ld, e, "sides");
        char buf[1024] = "";
        char *tok[128];
        int kind = 0;
        jv_keys(ld, e, KEYS);
        jv_get_enum(ld, e, "kind", WATER, &kind);
        if (jv_str(ld, sx, buf, sizeof buf) != GR_OK)
            return GR_ERR_DATA;
        int m = tokens(buf, tok, 128);
        for (int k = 0; k < m; k++) {
            int h, d;
            if (boc_pair_parse(sd, tok[k], &h, &d) != 0)
                return jv_fail(ld, sx, "'%s' is not a pair of adjacent hexes", tok[k]);
            boc_sidedata f = *boc_side(sd, h, d);
            f.water = kind ? BOC_HS_RIVER : BOC_HS_CREEK;
            boc_side_set(sd, h, d, &f);
        }
    }
    return GR_OK;
}

/* One road: the road crosses every hexside between consecutive hexes; where
 * two roads share a hexside the cheaper counts (R6.5-c). */
static gr_status load_road(gr_loader *ld, jv e, boc_sdata *sd)
{
    static const char *const KEYS[] = {"name", "class", "path", NULL};
    jv px = jv_get(ld, e, "path");
    char buf[512] = "";
    int cls = 0, prev = -1;
    jv_keys(ld, e, KEYS);
    jv_get_enum(ld, e, "class", ROADS, &cls);
    if (jv_str(ld, px, buf, sizeof buf) != GR_OK)
        return GR_ERR_DATA;
    for (char *save = NULL, *t = strtok_r(buf, "-", &save); t; t = strtok_r(NULL, "-", &save)) {
        int h = boc_label_parse(&sd->grid, t), d = prev < 0 ? 0 : boc_dir_to(sd, prev, h);
        if (h < 0 || d < 0)
            return jv_fail(ld, px, "'%s' is not on the map next to the previous hex", t);
        if (prev >= 0) {
            boc_sidedata f = *boc_side(sd, prev, d);
            if (!f.road || sd->road_cost[cls] < sd->road_cost[f.road])
                f.road = (uint8_t)cls;
            boc_side_set(sd, prev, d, &f);
        }
        prev = h;
    }
    return GR_OK;
}

static gr_status load_roads(gr_loader *ld, jv map, boc_sdata *sd)
{
    jv arr = jv_opt(ld, map, "roads");
    size_t n = 0;
    if (!arr.v || jv_array(ld, arr, 0, 64, &n) != GR_OK)
        return gr_loader_status(ld);
    for (size_t i = 0; i < n; i++)
        if (load_road(ld, jv_at(arr, i), sd) != GR_OK)
            return GR_ERR_DATA;
    return GR_OK;
}

/* The hexes next to the switch hex listed in x ("K6" or "I6 K5") as
 * direction bits of that hex; 0 after an error. */
static unsigned switch_sides(gr_loader *ld, jv x, const boc_sdata *sd, int hex)
{
    char buf[64] = "";
    char *tok[6];
    unsigned bits = 0;
    if (jv_str(ld, x, buf, sizeof buf) != GR_OK)
        return 0;
    int n = tokens(buf, tok, 6);
    for (int i = 0; i < n; i++) {
        int h = boc_label_parse(&sd->grid, tok[i]), d = h < 0 ? -1 : boc_dir_to(sd, hex, h);
        if (d < 0) {
            jv_fail(ld, x, "'%s' is not a hex next to the switch hex", tok[i]);
            return 0;
        }
        bits |= 1u << d;
    }
    return bits;
}

/* The road switch (R2.2-n): {"hex", "name", "a", "b", "mp"}: going from a
 * hexside toward a hex of "a" to one toward "b" (or back) costs mp more. */
static gr_status load_switch(gr_loader *ld, jv map, boc_sdata *sd)
{
    static const char *const KEYS[] = {"hex", "name", "a", "b", "mp", NULL};
    jv e = jv_opt(ld, map, "road_switch");
    int mp = 0;
    if (!e.v)
        return gr_loader_status(ld);
    jv_keys(ld, e, KEYS);
    int h = get_hex(ld, jv_get(ld, e, "hex"), sd);
    jv_get_int(ld, e, "mp", 1, 9, &mp);
    if (h < 0 || gr_loader_status(ld) != GR_OK)
        return GR_ERR_DATA;
    unsigned a = switch_sides(ld, jv_get(ld, e, "a"), sd, h);
    unsigned b = switch_sides(ld, jv_get(ld, e, "b"), sd, h);
    if (gr_loader_status(ld) != GR_OK)
        return GR_ERR_DATA;
    if (!a || !b || (a & b))
        return jv_fail(ld, e, "the switch's two roads need hexsides of their own");
    sd->switch_hex = (int16_t)h;
    sd->switch_a = (uint8_t)a, sd->switch_b = (uint8_t)b, sd->switch_mp = (int8_t)mp;
    return GR_OK;
}

static gr_status load_points(gr_loader *ld, jv map, boc_sdata *sd)
{
    static const char *const EKEYS[] = {"hex", "road", NULL};
    static const char *const VKEYS[] = {"hex", "name", "vp", "set", NULL};
    jv ent = jv_opt(ld, map, "entry_hexes"), vp = jv_opt(ld, map, "vp_hexes");
    jv ns = jv_opt(ld, map, "night_supply");
    size_t n = 0;
    if (ent.v && jv_array(ld, ent, 0, BOC_MAX_ENTRIES, &n) == GR_OK)
        for (size_t i = 0; i < n; i++) {
            jv_keys(ld, jv_at(ent, i), EKEYS);
            sd->entry[sd->nentry++] = (int16_t)get_hex(ld, jv_get(ld, jv_at(ent, i), "hex"), sd);
        }
    if (vp.v && jv_array(ld, vp, 0, BOC_MAX_VP_HEXES, &n) == GR_OK)
        for (size_t i = 0; i < n; i++) {
            jv e = jv_at(vp, i);
            int v = 0, set = 0, h = get_hex(ld, jv_get(ld, e, "hex"), sd);
            jv_keys(ld, e, VKEYS);
            jv_get_int(ld, e, "vp", -20, 20, &v);
            jv_get_enum(ld, e, "set", VPSETS, &set);
            sd->vphex[sd->nvp++] = (boc_vphex){(int16_t)h, (int8_t)v, (uint8_t)set};
        }
    if (ns.v) {
        sd->night_supply[BOC_USA] = (int16_t)get_hex(ld, jv_get(ld, ns, "usa"), sd);
        sd->night_supply[BOC_CSA] = (int16_t)get_hex(ld, jv_get(ld, ns, "csa"), sd);
    }
    return gr_loader_status(ld);
}

static gr_status load_map_object(gr_loader *ld, jv map, boc_sdata *sd)
{
    static const char *const KEYS[] = {"format",       "name",          "source", "grid",
                                       "terrain_rows", "special_hexes", "slopes", "los_exceptions",
                                       "clear_sides",  "streams",       "roads",  "entry_hexes",
                                       "night_supply", "vp_hexes",      "road_switch", NULL};
    jv name = jv_opt(ld, map, "name");
    if (jv_keys(ld, map, KEYS) != GR_OK || load_grid(ld, map, sd) != GR_OK ||
        load_rows(ld, map, sd) != GR_OK || load_specials(ld, map, sd) != GR_OK ||
        load_slopes(ld, map, sd) != GR_OK || load_los_exceptions(ld, map, sd) != GR_OK ||
        load_clear_sides(ld, map, sd) != GR_OK || load_streams(ld, map, sd) != GR_OK ||
        load_roads(ld, map, sd) != GR_OK || load_points(ld, map, sd) != GR_OK ||
        load_switch(ld, map, sd) != GR_OK)
        return GR_ERR_DATA;
    if (name.v)
        jv_str(ld, name, sd->map_name, sizeof sd->map_name);
    boc_derive_edges(sd);
    return gr_loader_status(ld);
}

gr_status boc_load_map(gr_loader *ld, const void *root, boc_sdata *sd)
{
    jv x = jv_get(ld, *(const jv *)root, "map");
    int has_clear = 0;
    for (int t = 0; t < sd->nterrain; t++)
        has_clear |= sd->terrain[t].code == 'C';
    if (!has_clear)
        return jv_fail(ld, x, "the terrain table has no clear terrain 'C'");
    char path[128] = "";
    if (x.v && json_is_object(x.v))
        return load_map_object(ld, x, sd);
    if (jv_str(ld, x, path, sizeof path) != GR_OK)
        return GR_ERR_DATA;
    jv doc = jv_open(ld, path);
    int format = 0;
    if (!doc.doc || jv_get_int(ld, doc, "format", 1, 1, &format) != GR_OK)
        return GR_ERR_DATA;
    return load_map_object(ld, doc, sd);
}
