/* load.c — the JdG scenario and tables loader (the only JSON-reading file
 * of the module).  Scenario layout: docs/jdg.md "Scenario files". */
#include <stdlib.h>
#include <string.h>

#include "jdg.h"
#include "io/jv.h"
#include "map/mapload.h"

static const char *const SIDE_NAMES[] = {"french", "allied", NULL};
static const char *const TYPE_NAMES[] = {"inf", "cav", "art", NULL};
static const char *const STATUS_NAMES[] = {"good", "disordered", "routed", NULL};
static const char *const SHIFT_NAMES[] = {"even", "odd", NULL};

/* ------------------------------------------------------------------ tables */

static gr_status load_terrain_row(gr_loader *ld, jv row, jdg_terrain_data *t)
{
    static const char *const KEYS[] = {"id", "letter", "mp", "shock_drm", "fire_drm",
                                       "blocks_los", "charge", "six_fronts", "rout_stop",
                                       NULL};
    char letter[4];
    int v[6] = {0};
    jv mp = jv_get(ld, row, "mp");
    size_t n;
    jv_keys(ld, row, KEYS);
    jv_get_str(ld, row, "id", t->id, sizeof t->id);
    jv_get_str(ld, row, "letter", letter, sizeof letter);
    if (jv_array(ld, mp, 3, 3, &n) != GR_OK)
        return GR_ERR_DATA;
    for (int k = 0; k < 3; k++) {
        int c = 0;
        jv_int(ld, jv_at(mp, (size_t)k), -1, 20, &c);
        t->mp[k] = (int8_t)c;
    }
    jv_get_int(ld, row, "shock_drm", -9, 9, &v[0]);
    jv_get_int(ld, row, "fire_drm", -9, 9, &v[1]);
    jv_bool(ld, jv_get(ld, row, "blocks_los"), &v[2]);
    jv_bool(ld, jv_get(ld, row, "charge"), &v[3]);
    jv_bool(ld, jv_get(ld, row, "six_fronts"), &v[4]);
    jv_bool(ld, jv_get(ld, row, "rout_stop"), &v[5]);
    if (gr_loader_status(ld) != GR_OK)
        return GR_ERR_DATA;
    if (strlen(letter) != 1 || letter[0] == ' ' || letter[0] == '#')
        return jv_fail(ld, jv_get(ld, row, "letter"), "terrain letter must be one character");
    t->letter = letter[0];
    t->shock_drm = (int8_t)v[0];
    t->fire_drm = (int8_t)v[1];
    t->blocks_los = (uint8_t)v[2];
    t->charge_ok = (uint8_t)v[3];
    t->six_fronts = (uint8_t)v[4];
    t->rout_stop = (uint8_t)v[5];
    t->no_zoc_in = (uint8_t)!strcmp(t->id, "castle");   /* [R6.2.1-e] */
    t->square_ok = (uint8_t)!strcmp(t->id, "clear");    /* [R4.2-a] */
    return GR_OK;
}

/* Series tables (JDG-PROV-1 until official values exist): the version, the
 * hex terrain rows, hexside rows and links (T1), the fire tables (T2, T3)
 * and the shock tables (T4-T6). */
static gr_status load_tables(gr_loader *ld, const char *path, jdg_data *d)
{
    static const char *const KEYS[] = {"format", "version", "terrain", "hexsides", "links",
                                       "fire_table", "fire_drm", "force_ratio", "shock_drm",
                                       "shock_table", NULL};
    jv root = jv_open(ld, path);
    int format;
    size_t n;
    if (!root.doc)
        return GR_ERR_DATA;
    jv_keys(ld, root, KEYS);
    jv_get_int(ld, root, "format", 1, 1, &format);
    jv_get_str(ld, root, "version", d->tables_version, sizeof d->tables_version);
    jv terrain = jv_get(ld, root, "terrain");
    if (jv_array(ld, terrain, 1, JDG_MAX_TERRAIN, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++) {
        if (load_terrain_row(ld, jv_at(terrain, i), &d->terrain_kind[i]) != GR_OK)
            return GR_ERR_DATA;
        for (size_t j = 0; j < i; j++)
            if (d->terrain_kind[j].letter == d->terrain_kind[i].letter)
                return jv_fail(ld, jv_at(terrain, i), "terrain letter '%c' used twice",
                               d->terrain_kind[i].letter);
    }
    d->nterrain = (int)n;
    if (jdg_load_side_tables(ld, root, d) != GR_OK || jdg_load_fire_tables(ld, root, d) != GR_OK ||
        jdg_load_shock_tables(ld, root, d) != GR_OK)
        return GR_ERR_DATA;
    return gr_loader_status(ld);
}

/* ------------------------------------------------------------------ map */

static gr_status load_map_rows(gr_loader *ld, jv map, const char *key, jdg_data *d, int levels)
{
    jv rows = jv_opt(ld, map, key);
    size_t n;
    if (!rows.v)
        return gr_loader_status(ld);
    if (jv_array(ld, rows, (size_t)d->grid.rows, (size_t)d->grid.rows, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t r = 0; r < n; r++) {
        char text[JDG_MAX_COLS + 2];
        jv row = jv_at(rows, r);
        if (jv_str(ld, row, text, sizeof text) != GR_OK)
            return GR_ERR_DATA;
        if ((int)strlen(text) != d->grid.cols)
            return jv_fail(ld, row, "row has %zu hexes, the map has %d columns", strlen(text),
                           d->grid.cols);
        for (int c = 0; c < d->grid.cols; c++) {
            int hex = gr_grid_index_cr(&d->grid, d->grid.col0 + c, d->grid.row0 + (int)r);
            int t = levels ? text[c] - '0' : jdg_terrain_by_letter(d, text[c]);
            if (levels ? (t < 0 || t > 9) : t < 0)
                return jv_fail(ld, row, "unknown %s '%c' in column %d",
                               levels ? "level" : "terrain letter", text[c], c + 1);
            if (levels)
                d->level[hex] = (int8_t)t;
            else
                d->terrain[hex] = (uint8_t)t;
        }
    }
    return GR_OK;
}

static gr_status load_map(gr_loader *ld, jv map, jdg_data *d)
{
    static const char *const KEYS[] = {"cols", "rows", "col0", "row0", "shifted", "terrain",
                                       "levels", "hexsides", "roads", "tracks",
                                       "level_change_is_slope", NULL};
    int cols, rows, col0, row0, shifted;
    jv_keys(ld, map, KEYS);
    jv_get_int(ld, map, "cols", 1, JDG_MAX_COLS, &cols);
    jv_get_int(ld, map, "rows", 1, JDG_MAX_ROWS, &rows);
    jv_opt_int(ld, map, "col0", 0, 99, 1, &col0);
    jv_opt_int(ld, map, "row0", 0, 99, 1, &row0);
    jv_get_enum(ld, map, "shifted", SHIFT_NAMES, &shifted);
    if (gr_loader_status(ld) != GR_OK)
        return GR_ERR_DATA;
    if (col0 + cols - 1 > 99 || row0 + rows - 1 > 99)
        return jv_fail(ld, map, "CCRR labels need columns and rows up to 99");
    d->grid = (gr_grid){(int16_t)cols, (int16_t)rows, (int16_t)col0, (int16_t)row0,
                        GR_GRID_FLAT, (uint8_t)shifted, GR_LABEL_CCRR, 0};
    d->nhexes = gr_grid_count(&d->grid);
    jdg_map_cache(d);
    if (load_map_rows(ld, map, "terrain", d, 0) != GR_OK ||
        load_map_rows(ld, map, "levels", d, 1) != GR_OK)
        return GR_ERR_DATA;
    return jdg_load_map_features(ld, map, d);
}

/* A hex label, or "off" / absent for JDG_OFFMAP when allow_off. */
static gr_status get_hex(gr_loader *ld, jv obj, const char *key, const jdg_data *d,
                         int allow_off, int16_t *out)
{
    char label[16];
    jv x = jv_opt(ld, obj, key);
    *out = JDG_OFFMAP;
    if (!x.v) {
        if (!allow_off)
            jv_get(ld, obj, key); /* reports the missing key */
        return gr_loader_status(ld);
    }
    if (jv_str(ld, x, label, sizeof label) != GR_OK)
        return GR_ERR_DATA;
    if (allow_off && strcmp(label, "off") == 0)
        return GR_OK;
    int h = jdg_hex_find(d, label);
    if (h < 0)
        return jv_fail(ld, x, "'%s' is not a hex of the map", label);
    *out = (int16_t)h;
    return GR_OK;
}

/* ------------------------------------------------------------------ commanders */

static gr_status load_cincs(gr_loader *ld, jv root, jdg_data *d)
{
    static const char *const KEYS[] = {"id", "name", "side", "drm", "order_capacity",
                                       "command_range", "designated", "hex", NULL};
    jv list = jv_get(ld, root, "commanders");
    size_t n;
    if (jv_array(ld, list, 1, JDG_MAX_CINCS, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++) {
        jv c = jv_at(list, i);
        jdg_cinc_data *cd = &d->cinc[i];
        int side, drm, cap, range, des = 0;
        jv_keys(ld, c, KEYS);
        jv_get_str(ld, c, "id", cd->id, sizeof cd->id);
        jv_get_str(ld, c, "name", cd->name, sizeof cd->name);
        jv_get_enum(ld, c, "side", SIDE_NAMES, &side);
        jv_get_int(ld, c, "drm", -5, 9, &drm);
        jv_get_int(ld, c, "order_capacity", 0, JDG_MAX_ORDERS, &cap);
        jv_get_int(ld, c, "command_range", 0, 99, &range);
        if (jv_opt(ld, c, "designated").v)
            jv_bool(ld, jv_get(ld, c, "designated"), &des);
        if (get_hex(ld, c, "hex", d, 1, &cd->start_hex) != GR_OK)
            return GR_ERR_DATA;
        cd->side = (uint8_t)side;
        cd->drm = (int8_t)drm;
        cd->capacity = (int8_t)cap;
        cd->range = (int8_t)range;
        cd->designated = (uint8_t)des;
        d->ncincs = (int)i + 1;
    }
    return gr_loader_status(ld);
}

/* ------------------------------------------------------------------ formations, markers */

static gr_status load_marker(gr_loader *ld, jv x, jdg_data *d, int side, int f)
{
    static const char *const KEYS[] = {"id", "initiative", NULL};
    if (d->nmarkers >= JDG_MAX_MARKERS)
        return jv_fail(ld, x, "more than %d activation markers", JDG_MAX_MARKERS);
    jdg_marker_data *md = &d->marker[d->nmarkers];
    int init;
    jv_keys(ld, x, KEYS);
    jv_get_str(ld, x, "id", md->id, sizeof md->id);
    jv_get_int(ld, x, "initiative", 0, 9, &init);
    md->code = JDG_MA_ORDINARY;
    md->side = (uint8_t)side;
    md->formation = (int8_t)f;
    md->initiative = (int8_t)init;
    d->nmarkers++;
    return gr_loader_status(ld);
}

static gr_status load_formation(gr_loader *ld, jv x, jdg_data *d, int f)
{
    static const char *const KEYS[] = {"id", "name", "side", "markers", "arrives", NULL};
    jdg_formation_data *fd = &d->formation[f];
    int side;
    size_t n;
    jv_keys(ld, x, KEYS);
    jv_get_str(ld, x, "id", fd->id, sizeof fd->id);
    jv_get_str(ld, x, "name", fd->name, sizeof fd->name);
    jv_get_enum(ld, x, "side", SIDE_NAMES, &side);
    jv marks = jv_get(ld, x, "markers");
    if (jv_array(ld, marks, 1, 2, &n) != GR_OK) /* [R2.1.1-b] */
        return GR_ERR_DATA;
    fd->side = (uint8_t)side;
    fd->nmarkers = (uint8_t)n;
    fd->marker[1] = -1;
    fd->reinf_entry = -1;
    for (size_t k = 0; k < n; k++) {
        fd->marker[k] = (int8_t)d->nmarkers;
        if (load_marker(ld, jv_at(marks, k), d, side, f) != GR_OK)
            return GR_ERR_DATA;
    }
    jv arr = jv_opt(ld, x, "arrives");
    if (arr.v) {
        static const char *const AKEYS[] = {"turn", "entry", NULL};
        int turn;
        jdg_reinf_data *r = &d->reinf[d->nreinf];
        if (d->nreinf >= JDG_MAX_REINF)
            return jv_fail(ld, arr, "more than %d reinforcement entries", JDG_MAX_REINF);
        jv_keys(ld, arr, AKEYS);
        jv_get_int(ld, arr, "turn", 1, 63, &turn);
        if (get_hex(ld, arr, "entry", d, 0, &r->entry_hex) != GR_OK)
            return GR_ERR_DATA;
        r->formation = (int8_t)f;
        r->turn = (int8_t)turn;
        fd->reinf_turn = (int8_t)turn;
        fd->reinf_entry = (int8_t)d->nreinf++;
    }
    return gr_loader_status(ld);
}

static gr_status load_formations(gr_loader *ld, jv root, jdg_data *d)
{
    jv list = jv_get(ld, root, "formations");
    size_t n;
    if (jv_array(ld, list, 1, JDG_MAX_FORMATIONS, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t f = 0; f < n; f++) {
        if (load_formation(ld, jv_at(list, f), d, (int)f) != GR_OK)
            return GR_ERR_DATA;
        for (size_t j = 0; j < f; j++)
            if (!strcmp(d->formation[j].id, d->formation[f].id))
                return jv_fail(ld, jv_at(list, f), "formation id '%s' used twice",
                               d->formation[f].id);
        d->nformations = (int)f + 1;
    }
    return GR_OK;
}

/* Combined activation markers (MAC) [R2.1.2]: only mandatory ones for now. */
static gr_status load_macs(gr_loader *ld, jv root, jdg_data *d)
{
    static const char *const KEYS[] = {"id", "side", "initiative", "placement", "turns", NULL};
    static const char *const PLACEMENT[] = {"mandatory", NULL};
    jv list = jv_opt(ld, root, "combined_markers");
    size_t n, nt;
    if (!list.v || jv_array(ld, list, 0, JDG_MAX_MARKERS, &n) != GR_OK)
        return gr_loader_status(ld);
    for (size_t i = 0; i < n; i++) {
        jv x = jv_at(list, i);
        int side, init, place, t0, t1;
        if (d->nmarkers >= JDG_MAX_MARKERS)
            return jv_fail(ld, x, "more than %d activation markers", JDG_MAX_MARKERS);
        jdg_marker_data *md = &d->marker[d->nmarkers];
        jv_keys(ld, x, KEYS);
        jv_get_enum(ld, x, "side", SIDE_NAMES, &side);
        jv_opt_int(ld, x, "initiative", 0, 9, 0, &init);
        jv_get_enum(ld, x, "placement", PLACEMENT, &place);
        jv turns = jv_get(ld, x, "turns");
        if (jv_array(ld, turns, 2, 2, &nt) != GR_OK ||
            jv_int(ld, jv_at(turns, 0), 1, 63, &t0) != GR_OK ||
            jv_int(ld, jv_at(turns, 1), t0, 63, &t1) != GR_OK)
            return GR_ERR_DATA;
        *md = (jdg_marker_data){.code = JDG_MA_COMBINED, .side = (uint8_t)side,
                                .formation = -1, .initiative = (int8_t)init,
                                .mandatory = 1, .turn_first = (uint8_t)t0,
                                .turn_last = (uint8_t)t1};
        jv_get_str(ld, x, "id", md->id, sizeof md->id);
        d->nmarkers++;
    }
    return gr_loader_status(ld);
}

/* ------------------------------------------------------------------ units */

static gr_status load_face(gr_loader *ld, jv x, jdg_face *f)
{
    static const char *const KEYS[] = {"sp", "cohesion", "contact", "mp", "fire",
                                       "effective", "maximum", NULL};
    int v[7];
    jv_keys(ld, x, KEYS);
    jv_opt_int(ld, x, "sp", 0, 40, 0, &v[0]);
    jv_get_int(ld, x, "cohesion", 0, 10, &v[1]);
    jv_opt_int(ld, x, "contact", 0, 10, 0, &v[2]);
    jv_get_int(ld, x, "mp", 0, 20, &v[3]);
    jv_opt_int(ld, x, "fire", 0, 20, 0, &v[4]);
    jv_opt_int(ld, x, "effective", 0, 20, 0, &v[5]);
    jv_opt_int(ld, x, "maximum", 0, 20, 0, &v[6]);
    *f = (jdg_face){(int8_t)v[0], (int8_t)v[1], (int8_t)v[2], (int8_t)v[3],
                    (int8_t)v[4], (int8_t)v[5], (int8_t)v[6], 0};
    return gr_loader_status(ld);
}

static gr_status load_unit_place(gr_loader *ld, jv x, const jdg_data *d, jdg_unit_data *u)
{
    int facing, status;
    if (get_hex(ld, x, "hex", d, 1, &u->start_hex) != GR_OK)
        return GR_ERR_DATA;
    jv_opt_int(ld, x, "facing", 0, 5, 0, &facing);
    status = 0;
    if (jv_opt(ld, x, "status").v)
        jv_get_enum(ld, x, "status", STATUS_NAMES, &status);
    u->start_facing = (int8_t)facing;
    u->start_status = (uint8_t)status;
    return gr_loader_status(ld);
}

static gr_status load_unit(gr_loader *ld, jv x, jdg_data *d, jdg_unit_data *u)
{
    static const char *const KEYS[] = {"id", "name", "side", "formation", "type", "heavy",
                                       "horse", "good", "disordered", "hex", "facing",
                                       "status", NULL};
    char form[JDG_ID];
    int side, type, heavy = 0, horse = 0;
    jv_keys(ld, x, KEYS);
    jv_get_str(ld, x, "id", u->id, sizeof u->id);
    jv_get_str(ld, x, "name", u->name, sizeof u->name);
    jv_get_enum(ld, x, "side", SIDE_NAMES, &side);
    jv_get_str(ld, x, "formation", form, sizeof form);
    jv_get_enum(ld, x, "type", TYPE_NAMES, &type);
    if (jv_opt(ld, x, "heavy").v)
        jv_bool(ld, jv_get(ld, x, "heavy"), &heavy);
    if (jv_opt(ld, x, "horse").v)
        jv_bool(ld, jv_get(ld, x, "horse"), &horse);
    if (load_face(ld, jv_get(ld, x, "good"), &u->face[0]) != GR_OK ||
        load_face(ld, jv_get(ld, x, "disordered"), &u->face[1]) != GR_OK ||
        load_unit_place(ld, x, d, u) != GR_OK)
        return GR_ERR_DATA;
    int f = jdg_formation_find(d, form);
    if (f < 0)
        return jv_fail(ld, jv_get(ld, x, "formation"), "unknown formation '%s'", form);
    if (d->formation[f].side != side)
        return jv_fail(ld, jv_get(ld, x, "side"), "unit side differs from its formation's");
    if ((heavy && type != JDG_CAV) || (horse && type != JDG_ART))
        return jv_fail(ld, x, "'heavy' is for cavalry, 'horse' for artillery");
    u->side = (uint8_t)side;
    u->type = (uint8_t)type;
    u->heavy = (uint8_t)heavy;
    u->horse = (uint8_t)horse;
    u->formation = (int8_t)f;
    return GR_OK;
}

static gr_status load_units(gr_loader *ld, jv root, jdg_data *d)
{
    jv list = jv_get(ld, root, "units");
    size_t n;
    if (jv_array(ld, list, 1, JDG_MAX_UNITS, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++) {
        if (load_unit(ld, jv_at(list, i), d, &d->unit[i]) != GR_OK)
            return GR_ERR_DATA;
        d->nunits = (int)i + 1;
    }
    return GR_OK;
}

/* ------------------------------------------------------------------ scenario */

static gr_status load_turns(gr_loader *ld, jv root, jdg_data *d)
{
    static const char *const KEYS[] = {"first", "last", "fog", "night", NULL};
    jv t = jv_get(ld, root, "turns");
    jv_keys(ld, t, KEYS);
    jv_get_int(ld, t, "first", 1, 63, &d->turn_first);
    jv_get_int(ld, t, "last", d->turn_first, 63, &d->turn_last);
    for (int w = 0; w < 2 && gr_loader_status(ld) == GR_OK; w++) {
        jv list = jv_opt(ld, t, w ? "night" : "fog");
        size_t n;
        if (!list.v || jv_array(ld, list, 0, 63, &n) != GR_OK)
            continue;
        for (size_t i = 0; i < n; i++) {
            int turn;
            if (jv_int(ld, jv_at(list, i), 1, 63, &turn) == GR_OK)
                d->weather[turn] = (uint8_t)(w ? JDG_NIGHT : JDG_FOG); /* [12] */
        }
    }
    return gr_loader_status(ld);
}

static gr_status load_sides(gr_loader *ld, jv root, jdg_data *d)
{
    static const char *const KEYS[] = {"french", "allied", NULL};
    jv sides = jv_get(ld, root, "sides");
    jv_keys(ld, sides, KEYS);
    jv_get_str(ld, sides, "french", d->side_name[0], sizeof d->side_name[0]);
    jv_get_str(ld, sides, "allied", d->side_name[1], sizeof d->side_name[1]);
    return gr_loader_status(ld);
}

/* The set-up keeps the stacking limits and shared facing [R5.1.1,
 * R6.1.1-b]; checked on a scratch state built from the start positions. */
static gr_status check_start_stacks(gr_loader *ld, jv root, const jdg_data *d)
{
    jdg_state *s = calloc(1, sizeof *s);
    if (!s)
        return GR_ERR_NOMEM;
    for (int u = 0; u < d->nunits; u++) {
        s->unit[u].hex = d->unit[u].start_hex;
        s->unit[u].status = d->unit[u].start_status;
        s->unit[u].facing = (int8_t)(s->unit[u].status == JDG_ROUTED ? -1
                                                                    : d->unit[u].start_facing);
    }
    gr_status st = GR_OK;
    for (int u = 0; u < d->nunits && st == GR_OK; u++) {
        const char *why = NULL;
        if (s->unit[u].hex != JDG_OFFMAP && !(why = jdg_stack_fault(d, s, s->unit[u].hex)))
            why = jdg_facing_fault(d, s, s->unit[u].hex);
        if (why)
            st = jv_fail(ld, jv_at(jv_get(ld, root, "units"), (size_t)u),
                         "unit '%s' starts in a hex that breaks the rules: %s", d->unit[u].id,
                         why);
    }
    free(s);
    return st;
}

/* Optional "rout": per side {"hex": HEX} or {"edge": "N|S|E|W"}, where its
 * routed units make their rout moves [R10.4-c] (spec 7.2 rout_directions). */
static gr_status load_rout(gr_loader *ld, jv root, jdg_data *d)
{
    static const char *const KEYS[] = {"hex", "edge", NULL};
    static const char *const EDGES[] = {"N", "S", "E", "W", NULL};
    jv r = jv_opt(ld, root, "rout");
    for (int p = 0; p < JDG_NPLAYERS; p++) {
        d->rout_hex[p] = JDG_OFFMAP;
        d->rout_edge[p] = 0;
    }
    if (!r.v)
        return gr_loader_status(ld);
    jv_keys(ld, r, SIDE_NAMES);
    for (int p = 0; p < JDG_NPLAYERS; p++) {
        jv x = jv_opt(ld, r, SIDE_NAMES[p]);
        int e = -1;
        if (!x.v)
            continue;
        jv_keys(ld, x, KEYS);
        if (get_hex(ld, x, "hex", d, 1, &d->rout_hex[p]) != GR_OK)
            return GR_ERR_DATA;
        if (jv_opt(ld, x, "edge").v && jv_get_enum(ld, x, "edge", EDGES, &e) != GR_OK)
            return GR_ERR_DATA;
        if ((e >= 0) == (d->rout_hex[p] != JDG_OFFMAP))
            return jv_fail(ld, x, "give either a hex or an edge");
        d->rout_edge[p] = e >= 0 ? EDGES[e][0] : 0;
    }
    return gr_loader_status(ld);
}

/* ------------------------------------------------------------------ victory */

/* "victory": VP hexes, VP per enemy loss, the decisive margin, automatic
 * victories [R13.1, R13.2]; docs/jdg.md "Victory". */
static gr_status load_vp_hexes(gr_loader *ld, jv v, jdg_data *d)
{
    static const char *const KEYS[] = {"hex", "french", "allied", "start", NULL};
    jv list = jv_opt(ld, v, "hexes");
    size_t n = 0;
    if (list.v && jv_array(ld, list, 0, JDG_MAX_VP_HEXES, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++) {
        jv x = jv_at(list, i);
        jdg_vp_hex *h = &d->victory.hex[i];
        int vp[2] = {0, 0}, start = -1;
        jv_keys(ld, x, KEYS);
        if (get_hex(ld, x, "hex", d, 0, &h->hex) != GR_OK)
            return GR_ERR_DATA;
        for (int p = 0; p < JDG_NPLAYERS; p++)
            jv_opt_int(ld, x, SIDE_NAMES[p], 0, 99, 0, &vp[p]);
        if (jv_opt(ld, x, "start").v)
            jv_get_enum(ld, x, "start", SIDE_NAMES, &start);
        h->vp[0] = (int8_t)vp[0];
        h->vp[1] = (int8_t)vp[1];
        h->start = (int8_t)start;
        d->victory.nhexes = (int)i + 1;
    }
    return gr_loader_status(ld);
}

static gr_status load_vp_side(gr_loader *ld, jv v, jdg_data *d, int p)
{
    static const char *const KEYS[] = {"eliminated", "routed", "cinc", NULL};
    jv x = jv_opt(ld, v, SIDE_NAMES[p]);
    int e = 0, r = 0, c = 0;
    if (!x.v)
        return gr_loader_status(ld);
    jv_keys(ld, x, KEYS);
    jv_opt_int(ld, x, "eliminated", 0, 99, 0, &e);
    jv_opt_int(ld, x, "routed", 0, 99, 0, &r);
    jv_opt_int(ld, x, "cinc", 0, 99, 0, &c);
    d->victory.eliminated[p] = (int8_t)e;
    d->victory.routed[p] = (int8_t)r;
    d->victory.cinc[p] = (int8_t)c;
    return gr_loader_status(ld);
}

static gr_status load_automatic(gr_loader *ld, jv v, jdg_data *d)
{
    jv a = jv_opt(ld, v, "automatic");
    if (!a.v)
        return gr_loader_status(ld);
    jv_keys(ld, a, SIDE_NAMES);
    for (int p = 0; p < JDG_NPLAYERS; p++) {
        jv list = jv_opt(ld, a, SIDE_NAMES[p]);
        size_t n;
        if (!list.v)
            continue;
        if (jv_array(ld, list, 1, JDG_MAX_FORMATIONS, &n) != GR_OK)
            return GR_ERR_DATA;
        for (size_t i = 0; i < n; i++) {
            char id[JDG_ID];
            if (jv_str(ld, jv_at(list, i), id, sizeof id) != GR_OK)
                return GR_ERR_DATA;
            int f = jdg_formation_find(d, id);
            if (f < 0 || d->formation[f].side == p)
                return jv_fail(ld, jv_at(list, i), "'%s' is not an enemy formation", id);
            d->victory.automatic[p] |= 1u << f;
        }
    }
    return gr_loader_status(ld);
}

/* "exit": {side, hex, turns: [first, last], vp}: that side's units may
 * leave the map from the hex on those turns, each for vp VP. */
static gr_status load_exit(gr_loader *ld, jv v, jdg_data *d)
{
    static const char *const KEYS[] = {"side", "hex", "turns", "vp", NULL};
    jv x = jv_opt(ld, v, "exit"), t;
    int side, vp, first, last;
    size_t n;
    d->victory.exit_side = -1;
    if (!x.v)
        return gr_loader_status(ld);
    jv_keys(ld, x, KEYS);
    if (jv_get_enum(ld, x, "side", SIDE_NAMES, &side) != GR_OK ||
        get_hex(ld, x, "hex", d, 0, &d->victory.exit_hex) != GR_OK ||
        jv_get_int(ld, x, "vp", 0, 99, &vp) != GR_OK)
        return GR_ERR_DATA;
    t = jv_opt(ld, x, "turns");
    if (!t.v || jv_array(ld, t, 2, 2, &n) != GR_OK ||
        jv_int(ld, jv_at(t, 0), 1, 63, &first) != GR_OK ||
        jv_int(ld, jv_at(t, 1), first, 63, &last) != GR_OK)
        return t.v ? GR_ERR_DATA : jv_fail(ld, x, "\"turns\": [first, last] is required");
    d->victory.exit_side = (int8_t)side;
    d->victory.exit_vp = (int8_t)vp;
    d->victory.exit_first = (int8_t)first;
    d->victory.exit_last = (int8_t)last;
    return gr_loader_status(ld);
}

static gr_status load_victory(gr_loader *ld, jv root, jdg_data *d)
{
    static const char *const KEYS[] = {"hexes", "french", "allied", "decisive", "automatic",
                                       "exit", NULL};
    jv v = jv_opt(ld, root, "victory");
    int dec = 0;
    d->victory.exit_side = -1;
    if (!v.v)
        return gr_loader_status(ld);
    jv_keys(ld, v, KEYS);
    jv_opt_int(ld, v, "decisive", 0, 99, 0, &dec);
    d->victory.decisive = (int8_t)dec;
    if (load_vp_hexes(ld, v, d) != GR_OK || load_vp_side(ld, v, d, 0) != GR_OK ||
        load_vp_side(ld, v, d, 1) != GR_OK || load_automatic(ld, v, d) != GR_OK ||
        load_exit(ld, v, d) != GR_OK)
        return GR_ERR_DATA;
    return gr_loader_status(ld);
}

/* Every id must be unique in the codec namespace (units, markers, C-in-Cs). */
static gr_status check_ids(gr_loader *ld, jv root, const jdg_data *d)
{
    int total = d->nunits + d->nmarkers + d->ncincs;
    for (int i = 0; i < total; i++)
        for (int j = 0; j < i; j++)
            if (!strcmp(jdg_unit_name(d, i), jdg_unit_name(d, j)))
                return jv_fail(ld, root, "id '%s' is used twice (units, markers and "
                               "commanders share one namespace)", jdg_unit_name(d, i));
    return GR_OK;
}

static gr_status load_all(gr_loader *ld, jv root, jdg_data *d)
{
    static const char *const OWN[] = {"tables", "sides", "turns", "map", "commanders",
                                      "formations", "combined_markers", "units", "rout",
                                      "victory"};
    const char *keys[32];
    int k = 0;
    for (const char *const *c = gr_scenario_common_keys(); *c && k < 20; c++)
        keys[k++] = *c;
    for (size_t i = 0; i < sizeof OWN / sizeof OWN[0]; i++)
        keys[k++] = OWN[i];
    keys[k] = NULL;
    char tables[96];
    if (jv_keys(ld, root, keys) != GR_OK ||
        jv_get_str(ld, root, "tables", tables, sizeof tables) != GR_OK ||
        load_tables(ld, tables, d) != GR_OK || load_sides(ld, root, d) != GR_OK ||
        load_turns(ld, root, d) != GR_OK || load_map(ld, jv_get(ld, root, "map"), d) != GR_OK ||
        load_cincs(ld, root, d) != GR_OK || load_formations(ld, root, d) != GR_OK ||
        load_macs(ld, root, d) != GR_OK || load_units(ld, root, d) != GR_OK ||
        check_start_stacks(ld, root, d) != GR_OK || load_rout(ld, root, d) != GR_OK ||
        load_victory(ld, root, d) != GR_OK)
        return GR_ERR_DATA;
    jdg_index_units(d);
    return check_ids(ld, root, d);
}

gr_status jdg_load(gr_loader *ld, const void *scenario_doc, void **sdata)
{
    jdg_data *d = calloc(1, sizeof *d);
    if (!d)
        return GR_ERR_NOMEM;
    *sdata = d;
    jv root = *(const jv *)scenario_doc;
    gr_status st = load_all(ld, root, d);
    return st != GR_OK ? st : gr_loader_status(ld);
}

void jdg_free_sdata(void *sdata)
{
    free(sdata);
}
