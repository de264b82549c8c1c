/* tables.c — reads the shock tables of the tables file (with load.c and
 * map/mapload.c, the only JSON code of the module): the Force Ratio Table
 * "force_ratio" (T4), the shock DRMs "shock_drm" (T5) and the Shock and
 * Charge Table "shock_table" (T6).  Layout: docs/jdg.md "Shock". */
#include "rules/jdg/map/mapload.h"

/* T4: columns {"attacker": a, "defender": d, "drm"} in increasing ratio. */
static gr_status load_ratio(gr_loader *ld, jv root, jdg_data *d)
{
    static const char *const KEYS[] = {"attacker", "defender", "drm", NULL};
    jv cols = jv_get(ld, root, "force_ratio");
    size_t n;
    if (jv_array(ld, cols, 1, JDG_MAX_RATIO, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++) {
        jv c = jv_at(cols, i);
        int a = 0, df = 1, drm = 0;
        jv_keys(ld, c, KEYS);
        jv_get_int(ld, c, "attacker", 0, 20, &a);
        jv_get_int(ld, c, "defender", 1, 20, &df);
        jv_get_int(ld, c, "drm", -9, 9, &drm);
        if (gr_loader_status(ld) != GR_OK)
            return GR_ERR_DATA;
        d->ratio[i] = (jdg_ratio_col){(int8_t)a, (int8_t)df, (int8_t)drm};
        if (i == 0 ? a != 0 : a * d->ratio[i - 1].def <= d->ratio[i - 1].att * df)
            return jv_fail(ld, c, "force ratio columns start at 0:1 and increase");
    }
    d->nratio = (int)n;
    return GR_OK;
}

static gr_status load_codes(gr_loader *ld, jv list, uint8_t *out, uint8_t *count)
{
    size_t n;
    if (jv_array(ld, list, 0, 4, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t k = 0; k < n; k++) {
        int code;
        if (jv_enum(ld, jv_at(list, k), jdg_sr_names, &code) != GR_OK)
            return GR_ERR_DATA;
        out[k] = (uint8_t)code;
    }
    *count = (uint8_t)n;
    return GR_OK;
}

/* T6: rows {"index": m, "attacker": [...], "defender": [...]}, m rising by
 * one from row to row. */
static gr_status load_rows(gr_loader *ld, jv root, jdg_data *d)
{
    static const char *const KEYS[] = {"index", "attacker", "defender", NULL};
    jv rows = jv_get(ld, root, "shock_table");
    size_t n;
    if (jv_array(ld, rows, 1, JDG_MAX_SHOCK_ROWS, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++) {
        jv r = jv_at(rows, i);
        jdg_shock_row *sr = &d->shock_row[i];
        int m = 0;
        jv_keys(ld, r, KEYS);
        jv_get_int(ld, r, "index", -50, 50, &m);
        if (gr_loader_status(ld) != GR_OK ||
            load_codes(ld, jv_get(ld, r, "attacker"), sr->a, &sr->na) != GR_OK ||
            load_codes(ld, jv_get(ld, r, "defender"), sr->d, &sr->nd) != GR_OK)
            return GR_ERR_DATA;
        sr->index = (int8_t)m;
        if (i > 0 && m != d->shock_row[i - 1].index + 1)
            return jv_fail(ld, r, "shock table rows must follow each other without gap");
    }
    d->nshock_rows = (int)n;
    return GR_OK;
}

gr_status jdg_load_shock_tables(gr_loader *ld, jv root, jdg_data *d)
{
    static const char *const DRMS[] = {"cavalry_shock", "six_front_attacker",
                                       "defender_routed", "rear_attack", "charge",
                                       "charge_heavy", "charge_vs_square",
                                       "pursuit_recharge_each", NULL};
    if (load_ratio(ld, root, d) != GR_OK || load_rows(ld, root, d) != GR_OK)
        return GR_ERR_DATA;
    jv drm = jv_get(ld, root, "shock_drm");
    jv_keys(ld, drm, DRMS);
    for (int k = 0; k < JDG_NSDRM; k++) {
        int v = 0;
        jv_get_int(ld, drm, DRMS[k], -9, 9, &v);
        d->shock_drm[k] = (int8_t)v;
    }
    return gr_loader_status(ld);
}
