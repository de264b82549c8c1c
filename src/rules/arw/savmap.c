/* savmap.c — SAVANNAH: the map as the siege changes it.  Completed French
 * siegeworks add the siegeworks hexside type to the sides their marker
 * entrenches (SR4.4, any occupier benefits: AMB-68); breaches clear the
 * fieldworks of a hexside (SR4.5-c, TEC note 6); a destroyed town hex is
 * clear terrain (Siege footnote).  The list of each side's fieldworks
 * hexsides (breached or not) serves the siege's breaches and repairs; the
 * bombardment of a town hex (T-Siege-I FR 9, Card 15) and the morale checks
 * of a breach or a destroyed town hex (SR4.19) serve the siege and the
 * cards. */
#include "arw.h"

int arw_is_town(const arw_data *d, int h)
{
    return h >= 0 && h < d->map.nhex && (d->htype[d->map.terrain[h]].flags & ARW_T_TOWN);
}

int arw_town_intact(const gr_game *g, int h)
{
    return arw_is_town(arw_dat(g), h) && !(arw_cst(g)->hex[h].flags & ARW_H_DESTROYED);
}

int arw_hex_terrain(const gr_game *g, int h)
{
    const arw_data *d = arw_dat(g);
    if ((arw_cst(g)->hex[h].flags & ARW_H_DESTROYED) && arw_is_town(d, h))
        return d->sav.ht_clear;
    return d->map.terrain[h];
}

int arw_works_side(const gr_game *g, int h, int dir)
{
    const arw_data *d = arw_dat(g);
    unsigned f = arw_cst(g)->hex[h].flags;
    if (!(f & ARW_H_WORKS_DONE))
        return 0;
    int facing = (int)((f & ARW_H_FACING_MASK) >> ARW_H_FACING_SHIFT), n = d->sav.works_sides;
    for (int i = 0; i < n; i++) /* the n sides centred on the facing */
        if ((facing - (n - 1) / 2 + i + 12) % 6 == dir)
            return 1;
    return 0;
}

unsigned arw_edge_types(const gr_game *g, int h, int dir)
{
    const arw_data *d = arw_dat(g);
    unsigned types = d->map.edge[h * 6 + dir];
    if (d->sav.st_siegeworks >= 0 && arw_works_side(g, h, dir))
        types |= 1u << d->sav.st_siegeworks;
    if (arw_cst(g)->hex[h].breach & (1u << dir))
        for (int t = 0; t < d->nstypes; t++)
            if (d->stype[t].flags & ARW_S_FIELDWORKS)
                types &= ~(1u << t);
    return types;
}

int arw_works_hexsides(const gr_game *g, int side, int want_breached, int *out, int cap)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    unsigned mask = side == ARW_BRITISH ? d->sav.british_works : d->sav.french_works;
    int n = 0;
    for (int h = 0; h < d->map.nhex; h++)
        for (int dir = 0; dir < 6; dir++) {
            unsigned types = d->map.edge[h * 6 + dir];
            if (d->sav.st_siegeworks >= 0 && arw_works_side(g, h, dir))
                types |= 1u << d->sav.st_siegeworks;
            int breached = (s->hex[h].breach >> dir) & 1u;
            if (!(types & mask) || breached != want_breached || d->map.nb[h * 6 + dir] < 0)
                continue;
            if (n < cap)
                out[n] = h * 6 + dir;
            n++;
        }
    return n;
}

void arw_breach(gr_game *g, int h, int dir, int repair)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    int nb = d->map.nb[h * 6 + dir];
    if (repair) {
        s->hex[h].breach &= (uint8_t)~(1u << dir);
        s->hex[nb].breach &= (uint8_t)~(1u << ((dir + 3) % 6));
    } else {
        s->hex[h].breach |= (uint8_t)(1u << dir);
        s->hex[nb].breach |= (uint8_t)(1u << ((dir + 3) % 6));
    }
    arw_emit(g, ARW_E_BREACH, 3, h, nb, repair);
}

int arw_bombard_town(gr_game *g, int target, int *destroyed)
{
    arw_state *s = arw_st(g);
    int h = arw_scatter_impact(g, target, NULL, NULL);
    *destroyed = arw_town_intact(g, h);
    if (*destroyed) /* AMB-57: off an intact town hex nothing is destroyed */
        s->hex[h].flags |= ARW_H_DESTROYED;
    return h;
}

void arw_hex_morale_checks(gr_game *g, int h, int h2, int drm)
{
    const arw_data *d = arw_dat(g);
    int hexes[2] = {h, h2};
    for (int i = 0; i < 2; i++)
        for (int u = hexes[i] >= 0 ? arw_cst(g)->hex[hexes[i]].head : ARW_NO_UNIT;
             u != ARW_NO_UNIT && arw_cst(g)->stage != ARW_ST_OVER; u = arw_cst(g)->unit[u].next)
            if (arw_is_combat_unit(d, u) &&
                !arw_morale_check(g, u, arw_rctx_level(g, d->unit[u].army), drm))
                arw_push(g, ARW_T_RETREAT, d->unit[u].side, d->t.retreat_r, u);
}
