/* loadmove.c — the movement tables of tables.json ("movement"): the
 * T-Weather movement rows with Fog (factors of the printed MA per kind of
 * movement) and T-CoveredWay (SR4.9-d).  Part of the loader (JSON). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load.h"

_Static_assert(ARW_NWEATHER <= ARW_WX_MAX, "weather kinds fit the movement table");

/* "1", "1/2", "3/2", "P" -> num/den (den 0: prohibited). */
static gr_status parse_factor(gr_loader *ld, jv x, int8_t out[2])
{
    char s[8], *end;
    if (jv_str(ld, x, s, sizeof s) != GR_OK)
        return GR_ERR_DATA;
    if (strcmp(s, "P") == 0) {
        out[0] = out[1] = 0;
        return GR_OK;
    }
    long num = strtol(s, &end, 10), den = 1;
    if (*end == '/')
        den = strtol(end + 1, &end, 10);
    if (*end || num < 0 || num > 9 || den < 1 || den > 9)
        return jv_fail(ld, x, "bad movement factor '%s' (want 1, 1/2, 3/2 or P)", s);
    out[0] = (int8_t)num;
    out[1] = (int8_t)den;
    return GR_OK;
}

static gr_status load_weather_row(gr_loader *ld, jv row, int8_t wx[ARW_NWXM][2],
                                  uint8_t *no_reinf)
{
    static const char *const keys[] = {"normal", "roads", "strategic", "reinforcements", NULL};
    jv roads = jv_opt(ld, row, "roads"), reinf = jv_opt(ld, row, "reinforcements");
    int allowed = 1;
    if (reinf.v && jv_bool(ld, reinf, &allowed) != GR_OK)
        return GR_ERR_DATA;
    *no_reinf = (uint8_t)!allowed;
    if (jv_keys(ld, row, keys) != GR_OK ||
        parse_factor(ld, jv_get(ld, row, "normal"), wx[ARW_WXM_NORMAL]) != GR_OK ||
        parse_factor(ld, jv_get(ld, row, "strategic"), wx[ARW_WXM_STRATEGIC]) != GR_OK)
        return GR_ERR_DATA;
    wx[ARW_WXM_ROADS][0] = wx[ARW_WXM_ROADS][1] = 0;
    return roads.v ? parse_factor(ld, roads, wx[ARW_WXM_ROADS]) : GR_OK;
}

static gr_status load_weather(gr_loader *ld, jv w, arw_move_tables *m)
{
    size_t n;
    if (jv_keys(ld, w, arw_weather_names) != GR_OK || jv_object(ld, w, &n) != GR_OK)
        return GR_ERR_DATA;
    for (int i = 0; i < ARW_NWEATHER; i++)
        if (load_weather_row(ld, jv_get(ld, w, arw_weather_names[i]), m->wx[i],
                             &m->wx_no_reinf[i]) != GR_OK)
            return GR_ERR_DATA;
    return GR_OK;
}

gr_status arw_load_move_tables(gr_loader *ld, jv x, arw_tables *t)
{
    static const char *const keys[] = {"source", "weather", "covered_way", NULL};
    jv cw = jv_get(ld, x, "covered_way");
    int v[3];
    if (jv_keys(ld, x, keys) != GR_OK ||
        load_weather(ld, jv_get(ld, x, "weather"), &t->mv) != GR_OK ||
        jv_get_int(ld, cw, "lost_at_or_above", 0, 20, &v[0]) != GR_OK ||
        jv_get_int(ld, cw, "hexes_per_drm", 1, 9, &v[1]) != GR_OK ||
        jv_get_int(ld, cw, "previously_lost_drm", 0, 9, &v[2]) != GR_OK)
        return GR_ERR_DATA;
    t->mv.cw_lost_at = (int8_t)v[0];
    t->mv.cw_hexes_per_drm = (int8_t)v[1];
    t->mv.cw_prev_lost_drm = (int8_t)v[2];
    return GR_OK;
}
