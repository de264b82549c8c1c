/* entry.c — where a reinforcement may come onto the map (R6.7-b/c/e):
 * on its assigned entry road or an adjacent entry road, the next entry hex
 * of the map's list along the same map edge on either side [DESIGN, data
 * brief 1.7] (R6.7-b); all the blocks of one division scheduled for the
 * same hour that enter in one Movement Phase use the same entry road
 * (R6.7-c [REC]); when an entry hex is held by the enemy, the map-edge
 * hexes next to it instead, paying a Clear off-map hexside (R6.7-e 1
 * [REC]).  Hancock enters only on his own road (S-Hancock-b).  The
 * map-edge entry melee (R6.7-e 2) is declared in melee/declare.c. */
#include <string.h>

#include "../boc.h"

/* Printed column and row of hex h; its position along edge e (0 north,
 * 1 south, 2 east, 3 west) or -1 when h is not on that edge. */
static int edge_pos(const boc_sdata *sd, int h, int e)
{
    int col, row;
    gr_grid_cr(&sd->grid, h, &col, &row);
    const gr_grid *g = &sd->grid;
    int on = e == 0   ? row == g->row0
             : e == 1 ? row == g->row0 + g->rows - 1
             : e == 2 ? col == g->col0
                      : col == g->col0 + g->cols - 1;
    return on ? (e < 2 ? col : row) : -1;
}

static int in_list(const int *list, int n, int h)
{
    for (int i = 0; i < n; i++)
        if (list[i] == h)
            return 1;
    return 0;
}

/* The entry roads (entry hexes) u may use: its own first, then the
 * adjacent entry roads along the same edge (R6.7-b).  Returns how many. */
static int entry_roads(const boc_state *s, const boc_sdata *sd, int u, int *roads)
{
    int e0 = boc_entry_of(s, sd, u), n = 0;
    roads[n++] = e0;
    if (u == sd->hancock_unit)
        return n; /* S-Hancock-b: the Taneytown Road */
    for (int e = 0; e < 4; e++) {
        int p0 = edge_pos(sd, e0, e), lo = -1, hi = -1;
        if (p0 < 0)
            continue;
        for (int i = 0; i < sd->nentry; i++) {
            int h = sd->entry[i], p = edge_pos(sd, h, e);
            if (p < 0 || h == e0)
                continue;
            if (p < p0 && (lo < 0 || p > edge_pos(sd, lo, e)))
                lo = h;
            if (p > p0 && (hi < 0 || p < edge_pos(sd, hi, e)))
                hi = h;
        }
        if (lo >= 0 && !in_list(roads, n, lo))
            roads[n++] = lo;
        if (hi >= 0 && !in_list(roads, n, hi))
            roads[n++] = hi;
    }
    return n;
}

/* The entry road whose hex is h or next to h, among roads, or -1. */
static int road_of(const boc_sdata *sd, const int *roads, int n, int h)
{
    for (int i = 0; i < n; i++)
        if (roads[i] == h)
            return h;
    for (int i = 0; i < n; i++)
        if (boc_dir_to(sd, roads[i], h) >= 0)
            return roads[i];
    return -1;
}

/* The entry road a block of u's division and hour took this Movement
 * Phase (R6.7-c), or -1. */
static int group_road(const boc_state *s, const boc_sdata *sd, int u, const int *roads, int n)
{
    const boc_arrival *a = &sd->arrival[u];
    if (!sd->block[u].division[0] || !a->day)
        return -1;
    for (int v = 0; v < sd->nblock; v++) {
        const boc_unit *w = &s->unit[v];
        if (v == u || sd->block[v].side != sd->block[u].side ||
            strcmp(sd->block[v].division, sd->block[u].division) != 0 ||
            sd->arrival[v].day != a->day || sd->arrival[v].hour != a->hour)
            continue;
        if (w->hex >= 0 && (w->flags & BOC_U_MOVED) && w->seen > 0 &&
            w->seen_pt == s->turns_done) {
            int r = road_of(sd, roads, n, w->seen - 1);
            if (r >= 0)
                return r;
        }
    }
    return -1;
}

int boc_entry_options(const boc_state *s, const boc_sdata *sd, int u, int *hexes)
{
    int roads[8], n = entry_roads(s, sd, u, roads), k = 0;
    int taken = group_road(s, sd, u, roads, n), enemy = 1 - sd->block[u].side;
    for (int i = 0; i < n; i++) {
        int r = roads[i];
        if (taken >= 0 && r != taken)
            continue; /* R6.7-c: division integrity */
        if (!s->count[enemy][r]) {
            hexes[k++] = r;
            continue;
        }
        for (int d = 0; d < 6; d++) { /* R6.7-e 1: the adjacent map-edge hexes */
            int h = boc_step(sd, r, d);
            if (h >= 0 && boc_edge_hex(sd, h) && !s->count[enemy][h] && !in_list(hexes, k, h) &&
                k < BOC_MAX_ENTRY_OPTIONS)
                hexes[k++] = h;
        }
    }
    return k;
}

int boc_entry_hex_cost(const boc_state *s, const boc_sdata *sd, int u, int h)
{
    int art = boc_type_of(sd, u)->artillery, roads[8], n = entry_roads(s, sd, u, roads);
    if (in_list(roads, n, h))
        return boc_entry_cost(sd, h, art, boc_uses_roads(s, u)); /* R6.7-d */
    return art ? sd->base_move * sd->art_factor : sd->base_move; /* R6.7-e 1: a Clear hexside */
}

int boc_entry_road_open(const boc_state *s, const boc_sdata *sd, int u, int h)
{
    int roads[8], n = entry_roads(s, sd, u, roads);
    int taken = group_road(s, sd, u, roads, n);
    return in_list(roads, n, h) && (taken < 0 || taken == h); /* R6.7-b, R6.7-c */
}

gr_status boc_entry_check(const boc_state *s, const boc_sdata *sd, int u, int h, gr_error *why)
{
    int hexes[BOC_MAX_ENTRY_OPTIONS], n = boc_entry_options(s, sd, u, hexes);
    if (in_list(hexes, n, h))
        return GR_OK;
    int roads[8], nr = entry_roads(s, sd, u, roads), r = road_of(sd, roads, nr, h);
    int taken = group_road(s, sd, u, roads, nr);
    if (r >= 0 && taken >= 0 && r != taken)
        return gr_fail(why, "boc:R6.7-c", "%s's division came on by another entry road this phase",
                       sd->block[u].id);
    if (r >= 0 && s->count[1 - sd->block[u].side][r])
        return gr_fail(why, "boc:R6.7-e", "the entry hex is held by the enemy");
    if (r >= 0)
        return gr_fail(why, "boc:R6.7-e",
                       "a map-edge hex next to the entry hex only when the enemy holds it");
    return gr_fail(why, "boc:R6.7-b", "%s enters on its entry road or an adjacent one",
                   sd->block[u].id);
}
