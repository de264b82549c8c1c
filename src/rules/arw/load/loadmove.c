/* loadmove.c — the movement tables of tables.json ("movement"):
 * T-CoveredWay (SR4.9-d).  Part of the loader (JSON).  The weather's effects
 * on movement come from strategic.json (loadsav.c, weather.c). */
#include "loadint.h"

gr_status arw_load_move_tables(gr_loader *ld, jv x, arw_tables *t)
{
    static const char *const keys[] = {"source", "covered_way", NULL};
    jv cw = jv_get(ld, x, "covered_way");
    int v[3];
    if (jv_keys(ld, x, keys) != GR_OK ||
        jv_get_int(ld, cw, "lost_at_or_above", 0, 20, &v[0]) != GR_OK ||
        jv_get_int(ld, cw, "hexes_per_drm", 1, 9, &v[1]) != GR_OK ||
        jv_get_int(ld, cw, "previously_lost_drm", 0, 9, &v[2]) != GR_OK)
        return GR_ERR_DATA;
    t->mv.cw_lost_at = (int8_t)v[0];
    t->mv.cw_hexes_per_drm = (int8_t)v[1];
    t->mv.cw_prev_lost_drm = (int8_t)v[2];
    return GR_OK;
}
