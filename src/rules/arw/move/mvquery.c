/* mvquery.c — the movement what-if query `reach UNIT [HEX]` (pure): every
 * hex the unit could reach now with its cheapest cost over the ways its
 * move may go (normal, roads in Fog, strategic), or the cost of one hex, by
 * the movement rules of the current position (docs/arw.md, "What-if
 * queries").  Outside its own Movement phase the unit is asked about as if
 * its side were moving now.  Also the `movement` query (the mover). */
#include <string.h>

#include "mvint.h"

typedef struct reach_ctx {
    int *best;   /* [nhex] cheapest total half MP, -1 not reached */
    int spent;
} reach_ctx;

static void keep_best(void *ctx, int hex, int mode, int cost)
{
    reach_ctx *r = ctx;
    (void)mode;
    if (r->best[hex] < 0 || r->spent + cost < r->best[hex])
        r->best[hex] = r->spent + cost;
}

/* Half MP as MP: "2" or "1.5". */
static void put_mp(gr_text *o, int half)
{
    if (half % 2)
        gr_textf(o, "%d.5", half / 2);
    else
        gr_textf(o, "%d", half / 2);
}

static void list_hexes(const gr_game *g, const int *best, gr_text *o)
{
    const arw_data *d = arw_dat(g);
    char label[16];
    int count = 0;
    for (int h = 0; h < d->map.nhex; h++)
        count += best[h] >= 0;
    gr_textf(o, " count=%d hexes=%s", count, count ? "" : "-");
    for (int h = 0, first = 1; h < d->map.nhex; h++) {
        if (best[h] < 0)
            continue;
        gr_textf(o, "%s%s:", first ? "" : ",", arw_hex_label(d, h, label, sizeof label));
        put_mp(o, best[h]);
        first = 0;
    }
}

gr_status arw_reach_query(const gr_game *g, char **w, int n, char *buf, size_t size,
                          gr_error *err)
{
    const arw_data *d = arw_dat(g);
    int u = n == 2 || n == 3 ? arw_unit_find(d, w[1]) : -1;
    int to = n == 3 ? gr_grid_find(&d->map.grid, w[2]) : -1;
    arw_mvwork ws;
    int best[ARW_MAX_MAP_HEXES];
    arw_mvunit p;
    gr_error why = {{0}, {0}};
    gr_text o = {buf, size, 0};
    char label[16];
    if (u < 0 || (n == 3 && to < 0))
        return gr_failst(err, GR_ERR_ARG, NULL, "want 'reach UNIT [HEX]'");
    buf[0] = '\0';
    gr_textf(&o, "unit=%s hex=%s", d->unit[u].id,
        arw_hex_label(d, arw_cst(g)->unit[u].hex, label, sizeof label));
    if (arw_cst(g)->unit[u].box != ARW_BOX_MAP) {
        gr_textf(&o, " count=0 hexes=- why=arw:GR9.1-a");
        return GR_OK;
    }
    arw_mvwork_begin(g, d->unit[u].side, &ws);
    if (arw_mv_profile(g, ws.map, u, &p, 1, &why) != GR_OK) {
        if (to >= 0) /* the one-hex form answers as it does for a hex out of reach */
            gr_textf(&o, " to=%s cost=- why=%s",
                arw_hex_label(d, to, label, sizeof label), why.rule);
        else
            gr_textf(&o, " count=0 hexes=- why=%s", why.rule);
        return GR_OK;
    }
    for (int h = 0; h < d->map.nhex; h++)
        best[h] = -1;
    reach_ctx r = {best, p.spent};
    arw_mv_each(g, &p, &ws, keep_best, &r);
    gr_textf(&o, " spent=");
    put_mp(&o, p.spent);
    if (to >= 0) { /* one hex: its cost, or "-" */
        gr_textf(&o, " to=%s cost=", arw_hex_label(d, to, label, sizeof label));
        if (best[to] >= 0)
            put_mp(&o, best[to]);
        else
            gr_textf(&o, "-");
        return GR_OK;
    }
    list_hexes(g, best, &o);
    return GR_OK;
}

gr_status arw_movement_query(const gr_game *g, char *buf, size_t size, gr_error *err)
{
    static const char *const modes[] = {"normal", "roads", "strategic"};
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    int mover = arw_mover(g);
    gr_text o = {buf, size, 0};
    char label[16];
    (void)err;
    buf[0] = '\0';
    gr_textf(&o, "mover=%s from=%s spent=", mover >= 0 ? d->unit[mover].id : "-",
        arw_hex_label(d, mover >= 0 ? s->mv_from : ARW_NO_HEX, label, sizeof label));
    put_mp(&o, mover >= 0 ? s->mv_spent : 0);
    gr_textf(&o, " modes=%s", mover >= 0 && s->mv_modes ? "" : "-");
    for (int i = 0, first = 1; i < ARW_NMODES && mover >= 0; i++)
        if (s->mv_modes & (1u << i)) {
            gr_textf(&o, "%s%s", first ? "" : ",", modes[i]);
            first = 0;
        }
    gr_textf(&o, " pin-b=%d moved=", !!(s->mv_flags & ARW_MF_PIN_B));
    int any = 0;
    for (int u = 0; u < d->nunits && s->phase == ARW_PH_MOVEMENT; u++)
        if (s->mvu[u] & ARW_MU_MOVED)
            gr_textf(&o, "%s%s", any++ ? "," : "", d->unit[u].id);
    if (!any)
        gr_textf(&o, "-");
    return GR_OK;
}
