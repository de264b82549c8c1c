/* board.c — the position on the map: the per-hex occupancy lists, unit
 * placement and removal, current strength and morale of a unit, stacking
 * (GR7), zones of control (GR8.1), terrain that may be entered, adjacency
 * to the enemy and command (GR14.1). */
#include <stdio.h>

#include "../arw.h"

int arw_unit_morale(const gr_game *g, int u)
{
    const arw_data *d = arw_dat(g);
    return d->unit[u].morale[arw_side_index(d, &arw_cst(g)->unit[u], u)] +
           arw_sortie_morale(g, u); /* SAVANNAH: SR4.10-a (sortie.c) */
}

static void unlink_unit(arw_state *s, int u)
{
    int h = s->unit[u].hex;
    if (h < 0)
        return;
    int16_t *p = &s->hex[h].head;
    while (*p != ARW_NO_UNIT && *p != u)
        p = &s->unit[*p].next;
    if (*p == u)
        *p = s->unit[u].next;
    s->unit[u].next = ARW_NO_UNIT;
    s->unit[u].hex = ARW_NO_HEX;
}

void arw_place(gr_game *g, int u, int h)
{
    arw_state *s = arw_st(g);
    assert(u >= 0 && u < arw_dat(g)->nunits && h >= 0 && h < arw_dat(g)->map.nhex);
    unlink_unit(s, u);
    /* keep each hex list in unit order, so listings are stable */
    int16_t *p = &s->hex[h].head;
    while (*p != ARW_NO_UNIT && *p < u)
        p = &s->unit[*p].next;
    s->unit[u].next = *p;
    *p = (int16_t)u;
    s->unit[u].hex = (int16_t)h;
    s->unit[u].box = ARW_BOX_MAP;
}

void arw_remove(gr_game *g, int u, int box)
{
    arw_state *s = arw_st(g);
    assert(u >= 0 && u < arw_dat(g)->nunits && box != ARW_BOX_MAP);
    unlink_unit(s, u);
    s->unit[u].box = (uint8_t)box;
    s->unit[u].combat = 0;
    s->unit[u].flags = 0;
}

int arw_hex_owner(const gr_game *g, int h)
{
    for (int side = 0; side < ARW_NSIDES; side++)
        if (arw_hex_has_combat(g, h, side))
            return side;
    return -1;
}

int arw_enemy_adjacent(const gr_game *g, int h, int side)
{
    const arw_data *d = arw_dat(g);
    for (int k = 0; k < 6; k++) {
        int n = d->map.nb[h * 6 + k];
        if (n >= 0 && arw_hex_has_combat(g, n, 1 - side))
            return 1;
    }
    return 0;
}

int arw_zoc_into(const gr_game *g, int h, int k)
{
    const arw_data *d = arw_dat(g);
    const arw_hexst *x = &arw_cst(g)->hex[h];
    if (!(x->flags & (ARW_H_DESTROYED | ARW_H_WORKS_DONE)) && !x->breach &&
        !arw_any_partial_breach(g))
        return (d->map.zoc_in[h] >> k) & 1; /* as printed (map.c) */
    if (d->htype[arw_hex_terrain(g, h)].flags & ARW_T_NO_ZOC_INTO) /* SAVANNAH: destroyed */
        return 0;
    /* works, full and partial breaches (savmap.c; SR4.5-c, TEC note 6) */
    return !(arw_edge_types(g, h, k) & arw_fieldworks_types(d));
}

int arw_exerts_zoc(const gr_game *g, int u)
{
    return arw_is_ready(g, u) && !(arw_cst(g)->unit[u].flags & ARW_U_LOST);
}

/* Non-zero when hex n holds a unit of `side` exerting a ZOC (GR8.1-a). */
static int exerts_zoc(const gr_game *g, int n, int side)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    for (int u = s->hex[n].head; u != ARW_NO_UNIT; u = s->unit[u].next)
        if (d->unit[u].side == side && arw_exerts_zoc(g, u))
            return 1;
    return 0;
}

int arw_zoc(const gr_game *g, int h, int side)
{
    const arw_data *d = arw_dat(g);
    for (int k = 0; k < 6; k++) {
        int n = d->map.nb[h * 6 + k];
        if (n >= 0 && exerts_zoc(g, n, side) && arw_zoc_into(g, h, k))
            return 1;
    }
    return 0;
}

int arw_stack_ok(const gr_game *g, int u, int h)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    const arw_unit_def *ud = &d->unit[u];
    if (ud->kind == ARW_K_LEADER)
        return 1;
    int sp = ud->kind == ARW_K_ARTILLERY ? 0 : arw_unit_sp(g, u);
    int art = ud->kind == ARW_K_ARTILLERY;
    for (int v = s->hex[h].head; v != ARW_NO_UNIT; v = s->unit[v].next) {
        if (v == u || d->unit[v].side != ud->side || !arw_is_combat_unit(d, v))
            continue;
        if (d->unit[v].kind == ARW_K_ARTILLERY)
            art++;
        else
            sp += arw_unit_sp(g, v);
    }
    return sp <= d->t.stack_sp && art <= d->t.stack_art;
}

int arw_terrain_enterable(const gr_game *g, int u, int from, int to)
{
    const arw_data *d = arw_dat(g);
    int mc = d->unit[u].mclass;
    int k = arw_dir(d, to, from);
    if (k < 0)
        return 0;
    unsigned types = arw_edge_types(g, to, k); /* works and breaches (savmap.c) */
    if (types & d->road_types)
        return 1; /* GR9.51: the road ignores other terrain */
    if (d->htype[arw_hex_terrain(g, to)].move[mc] == ARW_MP_P) /* destroyed towns */
        return 0;
    return !(types & d->p_types[mc]);
}

int arw_commander(const gr_game *g, int h, int u)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    int best = ARW_NO_UNIT;
    if (h < 0)
        return best;
    for (int v = s->hex[h].head; v != ARW_NO_UNIT; v = s->unit[v].next) {
        const arw_unit_def *l = &d->unit[v];
        if (l->kind != ARW_K_LEADER || !arw_may_command(d, v, u) || /* SR4.18 (command.c) */
            arw_cards_leader_wounded(g, v)) /* CARDS: Card 44 */
            continue;
        if (best == ARW_NO_UNIT || l->rank > d->unit[best].rank ||
            (l->rank == d->unit[best].rank && l->seniority < d->unit[best].seniority))
            best = v;
    }
    return best;
}

const char *arw_hex_label(const arw_data *d, int h, char *buf, size_t size)
{
    if (h < 0 || gr_grid_label_of(&d->map.grid, h, buf, size) <= 0)
        snprintf(buf, size, "-");
    return buf;
}
