/* loadfire.c — reading the "fire" member of data/arw/tables.json: T-Fire
 * (to-hit numbers by firing SP and range for guns and mortars, "-" cells),
 * the ranges (GR11.2-a, T-Fire note 1, SR4.12-b), the named T-Fire-DRM
 * modifiers, the weather row of T-Weather, T-ArtilleryDamage, the
 * provisional T-RifleDamage, T-MortarMalfunction and the provisional
 * T-MortarScatter, validating shapes and ranges. */
#include <string.h>

#include "loadint.h"

static const char *const FIRE_KEYS[] = {"source", "ranges", "columns", "to_hit", "to_hit_notes",
                                        "drm", "weather", "artillery_damage", "rifle_damage",
                                        "mortar_malfunction", "mortar_scatter", NULL};
static const char *const RANGE_KEYS[] = {"field", "naval", "mortar_min", "mortar_max", NULL};
static const char *const ROW_KEYS[] = {"sp", "guns", "mortar", NULL};
static const char *const DRM_NAMES[] = {"light-infantry-target", "artillery-or-mounted-target",
                                        "rifle-first-fire", "mortar-first-fire", NULL};
static const char *const DAMAGE_KEYS[] = {"non_artillery", "artillery", NULL};
static const char *const RIFLE_KEYS[] = {"results", "provenance", NULL};
static const char *const SCATTER_KEYS[] = {"scatter", "direction", "provenance", NULL};
static const char *const SCATTER_WORDS[] = {"hit", "deviate", NULL};
/* T-MortarScatter directions, clockwise from north, and the flat-grid
 * direction each is (docs/geometry.md: d0 SE, d1 NE, d2 N, d3 NW, d4 SW,
 * d5 S); "reroll" is -1. */
static const char *const COMPASS[] = {"N", "NE", "SE", "S", "SW", "NW", "reroll", NULL};
static const int8_t COMPASS_DIR[] = {2, 1, 0, 5, 4, 3, -1};

/* A [lo, hi] pair of integers in [min, max]. */
static gr_status get_band(gr_loader *ld, jv x, int min, int max, uint8_t *lo, uint8_t *hi)
{
    size_t two;
    int a, b;
    if (jv_array(ld, x, 2, 2, &two) != GR_OK || jv_int(ld, jv_at(x, 0), min, max, &a) != GR_OK ||
        jv_int(ld, jv_at(x, 1), a, max, &b) != GR_OK)
        return GR_ERR_DATA;
    *lo = (uint8_t)a;
    *hi = (uint8_t)b;
    return GR_OK;
}

static gr_status load_ranges(gr_loader *ld, jv x, arw_fire_tables *f)
{
    int v[4];
    if (jv_keys(ld, x, RANGE_KEYS) != GR_OK || jv_get_int(ld, x, "field", 1, 20, &v[0]) != GR_OK ||
        jv_get_int(ld, x, "naval", 1, 20, &v[1]) != GR_OK ||
        jv_get_int(ld, x, "mortar_min", 1, 20, &v[2]) != GR_OK ||
        jv_get_int(ld, x, "mortar_max", v[2], 20, &v[3]) != GR_OK)
        return GR_ERR_DATA;
    f->range_field = (uint8_t)v[0];
    f->range_naval = (uint8_t)v[1];
    f->mortar_min = (uint8_t)v[2];
    f->mortar_max = (uint8_t)v[3];
    return GR_OK;
}

/* "columns": range bands, increasing and contiguous from range 1. */
static gr_status load_columns(gr_loader *ld, jv x, arw_fire_tables *f)
{
    size_t n;
    if (jv_array(ld, x, 1, ARW_FIRE_COLS, &n) != GR_OK)
        return GR_ERR_DATA;
    f->ncols = (uint8_t)n;
    for (size_t c = 0; c < n; c++) {
        if (get_band(ld, jv_at(x, c), 1, 20, &f->col_min[c], &f->col_max[c]) != GR_OK)
            return GR_ERR_DATA;
        if (f->col_min[c] != (c ? f->col_max[c - 1] + 1 : 1))
            return jv_fail(ld, jv_at(x, c), "range columns must follow each other from 1");
    }
    return GR_OK;
}

/* One row of to-hit numbers (1..10) or "-". */
static gr_status load_hits(gr_loader *ld, jv x, int ncols, int8_t *out)
{
    size_t n;
    if (jv_array(ld, x, (size_t)ncols, (size_t)ncols, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t c = 0; c < n; c++) {
        jv cell = jv_at(x, c);
        int v;
        if (arw_jv_is_string(cell)) {
            char s[4];
            if (jv_str(ld, cell, s, sizeof s) != GR_OK)
                return GR_ERR_DATA;
            if (strcmp(s, "-") != 0)
                return jv_fail(ld, cell, "want a to-hit number or \"-\"");
            out[c] = ARW_HIT_NONE;
        } else {
            if (jv_int(ld, cell, 1, 10, &v) != GR_OK)
                return GR_ERR_DATA;
            out[c] = (int8_t)v;
        }
    }
    return GR_OK;
}

/* "to_hit": rows of SP bands, contiguous from 1 SP. */
static gr_status load_to_hit(gr_loader *ld, jv x, arw_fire_tables *f)
{
    size_t n;
    if (jv_array(ld, x, 1, ARW_FIRE_ROWS, &n) != GR_OK)
        return GR_ERR_DATA;
    f->nrows = (uint8_t)n;
    for (size_t r = 0; r < n; r++) {
        jv row = jv_at(x, r);
        if (jv_keys(ld, row, ROW_KEYS) != GR_OK ||
            get_band(ld, jv_get(ld, row, "sp"), 1, 99, &f->sp_min[r], &f->sp_max[r]) != GR_OK ||
            load_hits(ld, jv_get(ld, row, "guns"), f->ncols,
                      f->to_hit[ARW_FT_GUNS][r]) != GR_OK ||
            load_hits(ld, jv_get(ld, row, "mortar"), f->ncols,
                      f->to_hit[ARW_FT_MORTAR][r]) != GR_OK)
            return GR_ERR_DATA;
        if (f->sp_min[r] != (r ? f->sp_max[r - 1] + 1 : 1))
            return jv_fail(ld, row, "SP rows must follow each other from 1 SP");
    }
    return GR_OK;
}

static gr_status load_drms(gr_loader *ld, jv x, arw_fire_tables *f)
{
    if (jv_keys(ld, x, DRM_NAMES) != GR_OK)
        return GR_ERR_DATA;
    for (int i = 0; i < ARW_NFIRE_DRMS; i++) {
        int v;
        if (jv_get_int(ld, x, DRM_NAMES[i], -5, 5, &v) != GR_OK)
            return GR_ERR_DATA;
        f->drm[i] = (int8_t)v;
    }
    return GR_OK;
}

/* "weather": a DRM or "P" (fire prohibited) for every weather. */
static gr_status load_weather(gr_loader *ld, jv x, arw_fire_tables *f)
{
    if (jv_keys(ld, x, arw_weather_names) != GR_OK)
        return GR_ERR_DATA;
    for (int w = 0; w < ARW_NWEATHER; w++)
        if (arw_get_drm_or_p(ld, jv_get(ld, x, arw_weather_names[w]), "no fire",
                             &f->weather[w]) != GR_OK)
            return GR_ERR_DATA;
    return GR_OK;
}

/* Ten result codes by die face: R, D, 1, 2, AM or "-", with "*" allowed
 * (GR13.1: fire results affect the target and, with "*", a leader). */
static gr_status load_results(gr_loader *ld, jv x, uint8_t out[10])
{
    static const char *const codes[] = {"-", "AM", "R", "D", "1", "2", NULL};
    size_t n;
    if (jv_array(ld, x, 10, 10, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++) {
        char s[8];
        if (jv_str(ld, jv_at(x, i), s, sizeof s) != GR_OK)
            return GR_ERR_DATA;
        size_t len = strlen(s);
        int star = len > 1 && s[len - 1] == '*';
        if (star)
            s[len - 1] = '\0';
        int c = arw_name_index(codes, s);
        if (c < 0)
            return jv_fail(ld, jv_at(x, i), "fire result must be -, AM, R, D, 1 or 2 (with "
                                            "an optional *)");
        out[i] = (uint8_t)(arw_name_index(arw_rcode_names, s) | (star ? ARW_R_STAR : 0));
    }
    return GR_OK;
}

static gr_status load_damage(gr_loader *ld, jv art, jv rifle, arw_fire_tables *f)
{
    char prov[32];
    if (jv_keys(ld, art, DAMAGE_KEYS) != GR_OK ||
        load_results(ld, jv_get(ld, art, "non_artillery"), f->art_damage[0]) != GR_OK ||
        load_results(ld, jv_get(ld, art, "artillery"), f->art_damage[1]) != GR_OK ||
        jv_keys(ld, rifle, RIFLE_KEYS) != GR_OK ||
        load_results(ld, jv_get(ld, rifle, "results"), f->rifle_damage) != GR_OK)
        return GR_ERR_DATA;
    jv pv = jv_opt(ld, rifle, "provenance");
    if (pv.v && jv_str(ld, pv, prov, sizeof prov) != GR_OK) /* records the provisional note */
        return GR_ERR_DATA;
    return GR_OK;
}

static gr_status load_malfunction(gr_loader *ld, jv x, arw_fire_tables *f)
{
    static const char *const words[] = {"none", "step-loss", "disrupted", NULL};
    size_t n;
    if (jv_array(ld, x, 10, 10, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++) {
        int w;
        if (jv_enum(ld, jv_at(x, i), words, &w) != GR_OK)
            return GR_ERR_DATA;
        f->malfunction[i] = (uint8_t)w; /* ARW_MF_* in the same order */
    }
    return GR_OK;
}

static gr_status load_scatter(gr_loader *ld, jv x, arw_fire_tables *f)
{
    jv sc = jv_get(ld, x, "scatter"), dir = jv_get(ld, x, "direction");
    size_t n, m;
    char prov[32];
    int any = 0;
    if (jv_keys(ld, x, SCATTER_KEYS) != GR_OK || jv_array(ld, sc, 10, 10, &n) != GR_OK ||
        jv_array(ld, dir, 10, 10, &m) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < 10; i++) {
        int s, d;
        if (jv_enum(ld, jv_at(sc, i), SCATTER_WORDS, &s) != GR_OK ||
            jv_enum(ld, jv_at(dir, i), COMPASS, &d) != GR_OK)
            return GR_ERR_DATA;
        f->scatter[i] = (uint8_t)s;
        f->scatter_dir[i] = COMPASS_DIR[d];
        any |= COMPASS_DIR[d] >= 0;
    }
    if (!any)
        return jv_fail(ld, dir, "at least one face must give a direction");
    jv pv = jv_opt(ld, x, "provenance");
    if (pv.v && jv_str(ld, pv, prov, sizeof prov) != GR_OK)
        return GR_ERR_DATA;
    return GR_OK;
}

gr_status arw_load_fire(gr_loader *ld, jv x, arw_fire_tables *f)
{
    memset(f, 0, sizeof *f);
    if (jv_keys(ld, x, FIRE_KEYS) != GR_OK ||
        load_ranges(ld, jv_get(ld, x, "ranges"), f) != GR_OK ||
        load_columns(ld, jv_get(ld, x, "columns"), f) != GR_OK ||
        load_to_hit(ld, jv_get(ld, x, "to_hit"), f) != GR_OK ||
        load_drms(ld, jv_get(ld, x, "drm"), f) != GR_OK ||
        load_weather(ld, jv_get(ld, x, "weather"), f) != GR_OK ||
        load_damage(ld, jv_get(ld, x, "artillery_damage"), jv_get(ld, x, "rifle_damage"),
                    f) != GR_OK ||
        load_malfunction(ld, jv_get(ld, x, "mortar_malfunction"), f) != GR_OK ||
        load_scatter(ld, jv_get(ld, x, "mortar_scatter"), f) != GR_OK)
        return GR_ERR_DATA;
    if (f->col_max[f->ncols - 1] < f->mortar_max || f->col_max[f->ncols - 1] < f->range_naval)
        return jv_fail(ld, jv_get(ld, x, "columns"), "the range columns must reach the longest "
                                                     "range (%d)", f->mortar_max);
    return GR_OK;
}
