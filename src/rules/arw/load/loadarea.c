/* loadarea.c — the areas of a map file: hexside groups (features drawn on
 * a list of sides or along a path of hexes, perimeter hexsides, printed
 * French siegeworks) and zones (stored areas such as the perimeter, and
 * lists of terrain-type areas checked against the terrain rows). */
#include <stdlib.h>
#include <string.h>

#include "loadint.h"

static const char *const GROUP_KEYS[] = {"features", "sides", "path", "perimeter",
                                         "printed_siegeworks", "proposed", "notes", NULL};
static const char *const ZONE_KEYS[] = {"zone", "hexes", "path", "proposed", "notes", NULL};
/* Areas that are a terrain type: their lists are checked, not stored. */
static const char *const CHECKED[] = {"town", "covered-way", "jewish-cemetery", "old-fort",
                                      NULL};

/* What a group draws on each of its sides. */
typedef struct group {
    int feature[ARW_MAX_FEATURES], nfeatures;
    int perimeter, works;
} group;

static gr_status draw_side(gr_loader *ld, jv at, arw_data *d, const group *g, int a, int b)
{
    int dir = arw_dir(d, a, b);
    char la[8], lb[8];
    arw_hex_label(d, a, la, sizeof la);
    arw_hex_label(d, b, lb, sizeof lb);
    if (dir < 0)
        return jv_fail(ld, at, "hexes %s and %s are not adjacent", la, lb);
    if (g->perimeter) {
        if (!arw_in_zone(d, a, ARW_Z_PERIMETER) || arw_in_zone(d, b, ARW_Z_PERIMETER))
            return jv_fail(ld, at, "perimeter hexside %s/%s: the first hex must be inside the "
                                   "perimeter zone and the second outside", la, lb);
        arw_map_set_perimeter_side(d, a, b);
    }
    if (g->works)
        d->map.works[a] |= (uint8_t)(1u << dir);
    if (g->works && !(d->rules & ARW_SR_PRINTED_WORKS))
        return GR_OK; /* printed siegeworks: drawn only when the scenario uses them */
    for (int i = 0; i < g->nfeatures; i++)
        arw_map_set_feature(d, a, b, g->feature[i]);
    return GR_OK;
}

/* "1303/1302" -> the two hexes. */
static gr_status get_side(gr_loader *ld, jv x, const arw_data *d, int *a, int *b)
{
    char text[24];
    if (jv_str(ld, x, text, sizeof text) != GR_OK)
        return GR_ERR_DATA;
    char *slash = strchr(text, '/');
    if (slash)
        *slash = '\0';
    *a = gr_grid_find(&d->map.grid, text);
    *b = slash ? gr_grid_find(&d->map.grid, slash + 1) : -1;
    if (*a < 0 || *b < 0)
        return jv_fail(ld, x, "want a hexside \"HEX/HEX\" with both hexes on the map");
    return GR_OK;
}

static gr_status draw_sides(gr_loader *ld, jv sides, arw_data *d, const group *g)
{
    size_t n;
    if (jv_array(ld, sides, 1, 6u * ARW_MAX_MAP_HEXES, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++) {
        int a, b;
        if (get_side(ld, jv_at(sides, i), d, &a, &b) != GR_OK ||
            draw_side(ld, jv_at(sides, i), d, g, a, b) != GR_OK)
            return GR_ERR_DATA;
    }
    return GR_OK;
}

static gr_status draw_path(gr_loader *ld, jv path, arw_data *d, const group *g)
{
    int16_t hex[256];
    int n;
    if (arw_get_hex_list(ld, path, d, hex, 256, &n) != GR_OK)
        return GR_ERR_DATA;
    if (n < 2)
        return jv_fail(ld, path, "a path needs at least two hexes");
    for (int i = 1; i < n; i++)
        if (draw_side(ld, path, d, g, hex[i - 1], hex[i]) != GR_OK)
            return GR_ERR_DATA;
    return GR_OK;
}

static gr_status load_group(gr_loader *ld, jv x, arw_data *d)
{
    group g;
    uint32_t mask;
    memset(&g, 0, sizeof g);
    jv fs = jv_get(ld, x, "features"), sides = jv_opt(ld, x, "sides");
    jv path = jv_opt(ld, x, "path"), per = jv_opt(ld, x, "perimeter");
    jv works = jv_opt(ld, x, "printed_siegeworks");
    if (jv_keys(ld, x, GROUP_KEYS) != GR_OK ||
        arw_load_proposed(ld, x, GROUP_KEYS, &mask) != GR_OK ||
        (per.v && jv_bool(ld, per, &g.perimeter) != GR_OK) ||
        (works.v && jv_bool(ld, works, &g.works) != GR_OK))
        return GR_ERR_DATA;
    if (arw_get_features(ld, fs, d, g.perimeter ? 0 : 1, g.feature, &g.nfeatures) != GR_OK)
        return GR_ERR_DATA;
    if (!sides.v == !path.v)
        return jv_fail(ld, x, "a hexside group gives either \"sides\" or \"path\"");
    return sides.v ? draw_sides(ld, sides, d, &g) : draw_path(ld, path, d, &g);
}

gr_status arw_load_side_groups(gr_loader *ld, jv groups, arw_data *d)
{
    size_t n;
    if (jv_array(ld, groups, 0, 1024, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++)
        if (load_group(ld, jv_at(groups, i), d) != GR_OK)
            return GR_ERR_DATA;
    return GR_OK;
}

/* Whether hex h's terrain is that of checked area c (index in CHECKED). */
static int terrain_is(const arw_data *d, int h, int c)
{
    const arw_hex_type *t = &d->htype[d->map.terrain[h]];
    switch (c) {
    case 0: return (t->flags & ARW_T_TOWN) != 0;
    case 1: return (t->flags & ARW_T_COVERED_WAY) != 0;
    case 2: return strcmp(t->id, "cemetery") == 0;
    default: return strcmp(t->id, "old-fort") == 0;
    }
}

/* Hexes of a zone record ("hexes", or "path" of adjacent hexes). */
static gr_status zone_hexes(gr_loader *ld, jv x, const arw_data *d, int16_t *hex, int *n)
{
    jv hexes = jv_opt(ld, x, "hexes"), path = jv_opt(ld, x, "path");
    if (!hexes.v == !path.v)
        return jv_fail(ld, x, "a zone gives either \"hexes\" or \"path\"");
    if (arw_get_hex_list(ld, hexes.v ? hexes : path, d, hex, ARW_MAX_MAP_HEXES, n) != GR_OK)
        return GR_ERR_DATA;
    for (int i = 1; path.v && i < *n; i++)
        if (arw_dir(d, hex[i - 1], hex[i]) < 0)
            return jv_fail(ld, jv_at(path, (size_t)i), "the path is broken here: not adjacent "
                                                       "to the previous hex");
    return GR_OK;
}

static gr_status load_zone(gr_loader *ld, jv x, arw_data *d, uint8_t *listed, unsigned *seen,
                           int16_t *hex)
{
    char name[32];
    uint32_t mask;
    int n;
    if (jv_keys(ld, x, ZONE_KEYS) != GR_OK ||
        jv_get_str(ld, x, "zone", name, sizeof name) != GR_OK ||
        arw_load_proposed(ld, x, ZONE_KEYS, &mask) != GR_OK)
        return GR_ERR_DATA;
    int z = arw_name_index(arw_zone_names, name), c = arw_name_index(CHECKED, name);
    if (z < 0 && c < 0)
        return jv_fail(ld, jv_get(ld, x, "zone"), "unknown zone '%s'", name);
    if (zone_hexes(ld, x, d, hex, &n) != GR_OK)
        return GR_ERR_DATA;
    for (int i = 0; i < n; i++) {
        if (z >= 0)
            d->map.zone[hex[i]] |= (uint16_t)(1u << z);
        else
            listed[hex[i]] |= (uint8_t)(1u << c);
    }
    if (c >= 0)
        *seen |= 1u << c;
    return GR_OK;
}

/* Every checked area that the file lists must match the terrain. */
static gr_status check_listed(gr_loader *ld, jv zones, const arw_data *d, const uint8_t *listed,
                              unsigned seen)
{
    for (int c = 0; CHECKED[c]; c++) {
        if (!(seen >> c & 1u))
            continue;
        for (int h = 0; h < d->map.nhex; h++) {
            int in = listed[h] >> c & 1u, is = terrain_is(d, h, c);
            char lab[8];
            if (in == is)
                continue;
            arw_hex_label(d, h, lab, sizeof lab);
            return jv_fail(ld, zones, "zone '%s' %s hex %s but its terrain is %s", CHECKED[c],
                           in ? "lists" : "does not list", lab, d->htype[d->map.terrain[h]].id);
        }
    }
    return GR_OK;
}

gr_status arw_load_zones(gr_loader *ld, jv zones, arw_data *d)
{
    size_t n;
    unsigned seen = 0;
    if (jv_array(ld, zones, 0, 256, &n) != GR_OK)
        return GR_ERR_DATA;
    uint8_t *listed = calloc((size_t)d->map.nhex, 1);
    int16_t *hex = malloc(ARW_MAX_MAP_HEXES * sizeof *hex);
    gr_status st = listed && hex ? GR_OK : jv_fail(ld, zones, "out of memory for the zones");
    for (size_t i = 0; st == GR_OK && i < n; i++)
        st = load_zone(ld, jv_at(zones, i), d, listed, &seen, hex);
    if (st == GR_OK)
        st = check_listed(ld, zones, d, listed, seen);
    free(listed);
    free(hex);
    return st;
}
