/* mapload.c — reads the JdG map features from JSON (with load.c, the only
 * JSON code of the module): the hexside rows and link rates of the tables
 * file (T1), and a scenario map's "hexsides", "roads", "tracks" and
 * "level_change_is_slope" (docs/jdg.md "Scenario files"). */
#include <jansson.h>
#include <string.h>

#include "rules/jdg/map/mapload.h"

/* One hexside row of the tables: {"id", "mp": [inf, cav, art], "shock_drm",
 * optional "shock_drm_above" (attacker higher, default 0), "blocks_los",
 * "charge"}; every feature id of jdg_side_ids is required. */
static gr_status load_side_row(gr_loader *ld, jv row, jdg_data *d, unsigned *seen)
{
    static const char *const KEYS[] = {"id", "mp", "shock_drm", "shock_drm_above",
                                       "blocks_los", "charge", NULL};
    char id[JDG_ID];
    int v[4] = {0}, mp[3] = {0};
    size_t n;
    jv_keys(ld, row, KEYS);
    jv_get_str(ld, row, "id", id, sizeof id);
    jv m = jv_get(ld, row, "mp");
    if (gr_loader_status(ld) != GR_OK || jv_array(ld, m, 3, 3, &n) != GR_OK)
        return GR_ERR_DATA;
    for (int k = 0; k < 3; k++)
        jv_int(ld, jv_at(m, (size_t)k), -1, 20, &mp[k]);
    jv_get_int(ld, row, "shock_drm", -9, 9, &v[0]);
    jv_bool(ld, jv_get(ld, row, "blocks_los"), &v[1]);
    jv_bool(ld, jv_get(ld, row, "charge"), &v[2]);
    jv_opt_int(ld, row, "shock_drm_above", -9, 9, 0, &v[3]);
    if (gr_loader_status(ld) != GR_OK)
        return GR_ERR_DATA;
    int k = jdg_side_kind_find(id);
    if (k < 0 || (*seen >> k) & 1u)
        return jv_fail(ld, jv_get(ld, row, "id"), "'%s' is not a hexside feature or is "
                       "given twice (slope, steep-slope, crest, river, ford, bridge, wall, "
                       "fortification, impassable)", id);
    *seen |= 1u << k;
    d->side_kind[k] = (jdg_side_data){{(int8_t)mp[0], (int8_t)mp[1], (int8_t)mp[2]},
                                      (int8_t)v[0], (int8_t)v[3], (uint8_t)v[1],
                                      (uint8_t)v[2]};
    return GR_OK;
}

static gr_status load_links(gr_loader *ld, jv links, jdg_data *d)
{
    static const char *const KEYS[] = {"id", "mp_halves", NULL};
    static const char *const IDS[] = {"road", "track", NULL};
    size_t n;
    int seen = 0;
    if (jv_array(ld, links, 2, 2, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++) {
        jv x = jv_at(links, i);
        int which, halves;
        jv_keys(ld, x, KEYS);
        jv_get_enum(ld, x, "id", IDS, &which);
        jv_get_int(ld, x, "mp_halves", 1, 20, &halves);
        if (gr_loader_status(ld) != GR_OK)
            return GR_ERR_DATA;
        if (seen & (1 << which))
            return jv_fail(ld, x, "link '%s' given twice", IDS[which]);
        seen |= 1 << which;
        *(which ? &d->track_halves : &d->road_halves) = (int8_t)halves;
    }
    return GR_OK;
}

gr_status jdg_load_side_tables(gr_loader *ld, jv root, jdg_data *d)
{
    jv rows = jv_get(ld, root, "hexsides");
    size_t n;
    unsigned seen = 0;
    if (jv_array(ld, rows, JDG_NSIDEKINDS, JDG_NSIDEKINDS, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++)
        if (load_side_row(ld, jv_at(rows, i), d, &seen) != GR_OK)
            return GR_ERR_DATA;
    return load_links(ld, jv_get(ld, root, "links"), d);
}

/* "AAAA|BBBB": two adjacent hexes. */
static gr_status side_pair(gr_loader *ld, jv x, const jdg_data *d, int *a, int *b)
{
    char text[24], *bar;
    if (jv_str(ld, x, text, sizeof text) != GR_OK)
        return GR_ERR_DATA;
    if (!(bar = strchr(text, '|')))
        return jv_fail(ld, x, "want 'HEX|HEX' (two adjacent hexes), got '%s'", text);
    *bar = '\0';
    *a = jdg_hex_find(d, text);
    *b = jdg_hex_find(d, bar + 1);
    if (*a < 0 || *b < 0 || jdg_dir_to(d, *a, *b) < 0)
        return jv_fail(ld, x, "'%s|%s' are not two adjacent hexes of the map", text, bar + 1);
    return GR_OK;
}

static gr_status load_hexsides(gr_loader *ld, jv map, jdg_data *d)
{
    jv obj = jv_opt(ld, map, "hexsides");
    size_t nk, n;
    if (!obj.v)
        return gr_loader_status(ld);
    if (jv_object(ld, obj, &nk) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < nk; i++) {
        const char *key;
        jv list = jv_member(obj, i, &key);
        int k = jdg_side_kind_find(key);
        if (k < 0)
            return jv_fail(ld, list, "'%s' is not a hexside feature", key);
        if (jv_array(ld, list, 0, JDG_MAX_HEXES * 3, &n) != GR_OK)
            return GR_ERR_DATA;
        for (size_t j = 0; j < n; j++) {
            int a = -1, b = -1;
            if (side_pair(ld, jv_at(list, j), d, &a, &b) != GR_OK)
                return GR_ERR_DATA;
            jdg_side_set(d, a, b, 1u << k, 0);
        }
    }
    return GR_OK;
}

/* "roads"/"tracks": lists of hex chains; consecutive hexes are linked. */
static gr_status load_chains(gr_loader *ld, jv map, const char *key, unsigned bit, jdg_data *d)
{
    jv chains = jv_opt(ld, map, key);
    size_t nc, n;
    if (!chains.v)
        return gr_loader_status(ld);
    if (jv_array(ld, chains, 0, 256, &nc) != GR_OK)
        return GR_ERR_DATA;
    for (size_t c = 0; c < nc; c++) {
        jv chain = jv_at(chains, c);
        int prev = -1;
        if (jv_array(ld, chain, 2, JDG_MAX_HEXES, &n) != GR_OK)
            return GR_ERR_DATA;
        for (size_t i = 0; i < n; i++) {
            char label[16];
            jv x = jv_at(chain, i);
            if (jv_str(ld, x, label, sizeof label) != GR_OK)
                return GR_ERR_DATA;
            int h = jdg_hex_find(d, label);
            if (h < 0)
                return jv_fail(ld, x, "'%s' is not a hex of the map", label);
            if (prev >= 0 && jdg_side_set(d, prev, h, bit, 0) < 0)
                return jv_fail(ld, x, "'%s' is not adjacent to the hex before it", label);
            prev = h;
        }
    }
    return GR_OK;
}

gr_status jdg_load_map_features(gr_loader *ld, jv map, jdg_data *d)
{
    int slope = 0;
    if (jv_opt(ld, map, "level_change_is_slope").v)
        jv_bool(ld, jv_get(ld, map, "level_change_is_slope"), &slope);
    d->level_slope = (uint8_t)slope;
    if (gr_loader_status(ld) != GR_OK || load_hexsides(ld, map, d) != GR_OK ||
        load_chains(ld, map, "roads", JDG_SF_ROAD, d) != GR_OK)
        return GR_ERR_DATA;
    return load_chains(ld, map, "tracks", JDG_SF_TRACK, d);
}

/* A table bound: an integer, or null for "no bound". */
static gr_status bound(gr_loader *ld, jv row, const char *key, int dflt, int16_t *out)
{
    jv x = jv_get(ld, row, key);
    int v = dflt;
    if (x.v && !json_is_null(x.v) && jv_int(ld, x, -99, 99, &v) != GR_OK)
        return GR_ERR_DATA;
    *out = (int16_t)v;
    return gr_loader_status(ld);
}

/* The Fire Table (T2): rows {"min", "max", "result": ["CT"|"D", ...]} in
 * increasing order with no gap; and the T3 DRMs. */
gr_status jdg_load_fire_tables(gr_loader *ld, jv root, jdg_data *d)
{
    static const char *const RKEYS[] = {"min", "max", "result", NULL};
    static const char *const CODES[] = {"CT", "D", NULL};
    static const char *const DRMS[] = {"point_blank", "effective", "long", "combined",
                                       "reaction", "reaction_square_stack", "target_square",
                                       NULL};
    jv rows = jv_get(ld, root, "fire_table");
    size_t n, nr;
    if (jv_array(ld, rows, 1, JDG_MAX_FIRE_ROWS, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++) {
        jv row = jv_at(rows, i);
        jdg_fire_row *fr = &d->fire_row[i];
        jv_keys(ld, row, RKEYS);
        if (bound(ld, row, "min", -99, &fr->min) != GR_OK ||
            bound(ld, row, "max", 99, &fr->max) != GR_OK ||
            jv_array(ld, jv_get(ld, row, "result"), 0, 3, &nr) != GR_OK)
            return GR_ERR_DATA;
        for (size_t k = 0; k < nr; k++) {
            int code;
            if (jv_enum(ld, jv_at(jv_get(ld, row, "result"), k), CODES, &code) != GR_OK)
                return GR_ERR_DATA;
            fr->res[k] = (uint8_t)code;
        }
        fr->n = (uint8_t)nr;
        if (fr->min > fr->max || (i > 0 && fr->min != d->fire_row[i - 1].max + 1))
            return jv_fail(ld, row, "fire table rows must follow each other without gap");
    }
    d->nfire_rows = (int)n;
    jv drm = jv_get(ld, root, "fire_drm");
    jv_keys(ld, drm, DRMS);
    for (int k = 0; k < JDG_NFDRM; k++) {
        int v = 0;
        jv_get_int(ld, drm, DRMS[k], -9, 9, &v);
        d->fire_drm[k] = (int8_t)v;
    }
    return gr_loader_status(ld);
}
