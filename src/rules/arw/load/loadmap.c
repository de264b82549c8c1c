/* loadmap.c — the map of an ARW scenario, inline or in its own file: grid,
 * terrain rows, hexside features (single sides and groups of sides or road
 * paths, perimeter hexsides, printed siegeworks), zones, the lists checked
 * against the terrain (town, covered way, Jewish Cemetery, Old Fort),
 * entry points with the French variable-entry table, and headquarters. */
#include <stdlib.h>
#include <string.h>

#include "loadint.h"

static const char *const MAP_KEYS[] = {"format", "source", "columns", "rows", "first_column",
                                       "first_row", "shifted_columns", "terrain", "sides",
                                       "side_groups", "zones", "entries", "variable_entry",
                                       "hq", "provenance", "proposed", "notes", NULL};
static const char *const PARITY[] = {"even", "odd", NULL};

static gr_status load_terrain_rows(gr_loader *ld, jv rows, arw_data *d)
{
    size_t n;
    if (jv_array(ld, rows, (size_t)d->map.grid.rows, (size_t)d->map.grid.rows, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t r = 0; r < n; r++) {
        char text[512], why[160];
        jv x = jv_at(rows, r);
        if (jv_str(ld, x, text, sizeof text) != GR_OK)
            return GR_ERR_DATA;
        if (arw_map_set_row(d, (int)r, text, why, sizeof why) != 0)
            return jv_fail(ld, x, "%s", why);
    }
    return GR_OK;
}

static gr_status load_side(gr_loader *ld, jv s, arw_data *d)
{
    static const char *const keys[] = {"a", "b", "features", "notes", NULL};
    int16_t a, b;
    int f[ARW_MAX_FEATURES], nf;
    if (jv_keys(ld, s, keys) != GR_OK || arw_get_hex(ld, jv_get(ld, s, "a"), d, &a) != GR_OK ||
        arw_get_hex(ld, jv_get(ld, s, "b"), d, &b) != GR_OK)
        return GR_ERR_DATA;
    if (arw_dir(d, a, b) < 0)
        return jv_fail(ld, s, "hexes a and b are not adjacent");
    if (arw_get_features(ld, jv_get(ld, s, "features"), d, 1, f, &nf) != GR_OK)
        return GR_ERR_DATA;
    for (int i = 0; i < nf; i++)
        arw_map_set_feature(d, a, b, f[i]);
    return GR_OK;
}

static gr_status load_sides(gr_loader *ld, jv sides, arw_data *d)
{
    size_t n;
    if (!sides.v)
        return gr_loader_status(ld);
    if (jv_array(ld, sides, 0, 6u * ARW_MAX_MAP_HEXES, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++)
        if (load_side(ld, jv_at(sides, i), d) != GR_OK)
            return GR_ERR_DATA;
    return GR_OK;
}

static gr_status load_hq(gr_loader *ld, jv hq, arw_data *d)
{
    for (int a = 0; a < ARW_NARMIES; a++)
        d->map.hq[a] = ARW_NO_HEX;
    if (!hq.v)
        return gr_loader_status(ld);
    if (jv_keys(ld, hq, arw_army_names) != GR_OK)
        return GR_ERR_DATA;
    for (int a = 0; a < ARW_NARMIES; a++) {
        jv x = jv_opt(ld, hq, arw_army_names[a]);
        if (x.v && arw_get_hex(ld, x, d, &d->map.hq[a]) != GR_OK)
            return GR_ERR_DATA;
    }
    return GR_OK;
}

static gr_status load_entry(gr_loader *ld, jv x, arw_data *d, arw_entry *e)
{
    static const char *const keys[] = {"name", "hexes", "notes", NULL};
    int16_t hex[4];
    int n;
    if (jv_keys(ld, x, keys) != GR_OK ||
        jv_get_str(ld, x, "name", e->name, sizeof e->name) != GR_OK ||
        arw_get_hex_list(ld, jv_get(ld, x, "hexes"), d, hex, 4, &n) != GR_OK)
        return GR_ERR_DATA;
    if (arw_entry_find(d, e->name) != ARW_ENTRY_NONE)
        return jv_fail(ld, jv_get(ld, x, "name"), "entry point '%s' is defined twice or "
                                                  "reserved (HQ, variable)", e->name);
    e->nhex = (uint8_t)n;
    memcpy(e->hex, hex, sizeof hex);
    return GR_OK;
}

static gr_status load_entries(gr_loader *ld, jv arr, arw_data *d)
{
    size_t n;
    if (!arr.v)
        return gr_loader_status(ld);
    if (jv_array(ld, arr, 1, ARW_MAX_ENTRIES, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++) {
        arw_entry e;
        memset(&e, 0, sizeof e);
        if (load_entry(ld, jv_at(arr, i), d, &e) != GR_OK)
            return GR_ERR_DATA;
        d->map.entry[d->map.nentries++] = e;
    }
    return GR_OK;
}

/* One row of T-FrenchVariableEntry: die faces lo..hi. */
static gr_status load_var_row(gr_loader *ld, jv x, arw_data *d)
{
    static const char *const keys[] = {"rolls", "at", "mp_bonus", "artillery_ma_x2", "notes",
                                       NULL};
    jv rolls = jv_get(ld, x, "rolls");
    char at[8];
    int lo, hi, mp, x2;
    size_t two;
    if (jv_keys(ld, x, keys) != GR_OK || jv_array(ld, rolls, 2, 2, &two) != GR_OK ||
        jv_int(ld, jv_at(rolls, 0), 0, 9, &lo) != GR_OK ||
        jv_int(ld, jv_at(rolls, 1), lo, 9, &hi) != GR_OK ||
        jv_get_str(ld, x, "at", at, sizeof at) != GR_OK ||
        jv_get_int(ld, x, "mp_bonus", 0, 9, &mp) != GR_OK ||
        jv_bool(ld, jv_get(ld, x, "artillery_ma_x2"), &x2) != GR_OK)
        return GR_ERR_DATA;
    int e = arw_entry_find(d, at);
    if (e < 0)
        return jv_fail(ld, jv_get(ld, x, "at"), "unknown entry point '%s'", at);
    for (int f = lo; f <= hi; f++) {
        if (d->map.var_entry[f].entry >= 0)
            return jv_fail(ld, rolls, "die face %d is listed twice", f);
        d->map.var_entry[f] = (arw_var_entry){(int8_t)e, (int8_t)mp, (uint8_t)x2};
    }
    return GR_OK;
}

static gr_status load_variable_entry(gr_loader *ld, jv arr, arw_data *d)
{
    size_t n;
    if (!arr.v)
        return gr_loader_status(ld);
    if (jv_array(ld, arr, 1, 10, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++)
        if (load_var_row(ld, jv_at(arr, i), d) != GR_OK)
            return GR_ERR_DATA;
    for (int f = 0; f < 10; f++)
        if (d->map.var_entry[f].entry < 0)
            return jv_fail(ld, arr, "die face %d has no entry point", f);
    return GR_OK;
}

static gr_status load_grid(gr_loader *ld, jv m, arw_data *d)
{
    int cols, rows, col0, row0, odd;
    char prov[80];
    uint32_t mask;
    if (jv_keys(ld, m, MAP_KEYS) != GR_OK ||
        jv_get_int(ld, m, "columns", 1, 99, &cols) != GR_OK ||
        jv_get_int(ld, m, "rows", 1, 99, &rows) != GR_OK ||
        jv_get_int(ld, m, "first_column", 0, 99, &col0) != GR_OK ||
        jv_get_int(ld, m, "first_row", 0, 99, &row0) != GR_OK ||
        jv_get_enum(ld, m, "shifted_columns", PARITY, &odd) != GR_OK ||
        arw_load_proposed(ld, m, MAP_KEYS, &mask) != GR_OK)
        return GR_ERR_DATA;
    if (col0 + cols > 100 || row0 + rows > 100 || cols * rows > ARW_MAX_MAP_HEXES)
        return jv_fail(ld, m, "map does not fit 4-digit CCRR labels");
    jv p = jv_opt(ld, m, "provenance");
    if (p.v && jv_str(ld, p, prov, sizeof prov) != GR_OK)
        return GR_ERR_DATA;
    if (arw_map_alloc(&d->map, cols, rows, col0, row0, odd) != 0)
        return jv_fail(ld, m, "out of memory for the map");
    return GR_OK;
}

gr_status arw_load_map(gr_loader *ld, jv x, arw_data *d)
{
    jv m;
    if (arw_inline_or_file(ld, x, NULL, &m) != GR_OK || load_grid(ld, m, d) != GR_OK ||
        load_terrain_rows(ld, jv_get(ld, m, "terrain"), d) != GR_OK ||
        load_entries(ld, jv_opt(ld, m, "entries"), d) != GR_OK ||
        load_variable_entry(ld, jv_opt(ld, m, "variable_entry"), d) != GR_OK ||
        load_hq(ld, jv_opt(ld, m, "hq"), d) != GR_OK)
        return GR_ERR_DATA;
    jv zones = jv_opt(ld, m, "zones"), groups = jv_opt(ld, m, "side_groups");
    if ((zones.v && arw_load_zones(ld, zones, d) != GR_OK) ||
        load_sides(ld, jv_opt(ld, m, "sides"), d) != GR_OK ||
        (groups.v && arw_load_side_groups(ld, groups, d) != GR_OK))
        return GR_ERR_DATA;
    return gr_loader_status(ld);
}
