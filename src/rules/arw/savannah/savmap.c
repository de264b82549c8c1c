/* savmap.c — SAVANNAH: the map as the siege and the cards change it.
 * Completed French siegeworks add the siegeworks hexside type to the sides
 * their marker entrenches (SR4.4, any occupier benefits: AMB-68); breaches
 * clear the fieldworks of a hexside (SR4.5-c, TEC note 6): a full breach
 * (siege results, Card 28's repair undoes it) every fieldworks type, a
 * partial one (Card 25: the abatis only; Card 34: all but the abatis) part
 * of them; a destroyed town hex is clear terrain (Siege footnote).  Every
 * reader of hexside terrain (ZOC, close combat, morale, fire, LOS, later
 * movement) sees arw_edge_types.  The list of each side's fieldworks
 * hexsides (breached or not) serves the siege's breaches and repairs; the
 * bombardment of a town hex (T-Siege-I FR 9, Card 15) and the morale checks
 * of a breach or a destroyed town hex (SR4.19) serve the siege and the
 * cards. */
#include "../arw.h"

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

/* Side types on the crossing into h across dir before breaches: the map's
 * and completed siegeworks. */
static unsigned built_types(const gr_game *g, int h, int dir)
{
    const arw_data *d = arw_dat(g);
    unsigned types = d->map.edge[h * 6 + dir];
    if (d->sav.st_siegeworks >= 0 && arw_works_side(g, h, dir))
        types |= 1u << d->sav.st_siegeworks;
    return types;
}

unsigned arw_fieldworks_types(const arw_data *d)
{
    return d->fw_types; /* arw_data_derive */
}

/* Hexside id of side dir of h for the partial-breach list (0: none). */
static int side_id(const arw_data *d, int h, int dir)
{
    return gr_grid_side(&d->map.grid, h, dir) + 1;
}

/* Non-zero when some partial breach is in force (Cards 25, 34). */
static int any_partial(const arw_sav *sv)
{
    for (int i = 0; i < ARW_MAX_PBREACH; i++)
        if (sv->pbreach[i])
            return 1;
    return 0;
}

int arw_any_partial_breach(const gr_game *g)
{
    return any_partial(&arw_cst(g)->sav);
}

unsigned arw_breached_types(const gr_game *g, int h, int dir)
{
    const arw_data *d = arw_dat(g);
    const arw_sav *sv = &arw_cst(g)->sav;
    unsigned fw = arw_fieldworks_types(d), cancelled = 0;
    unsigned abatis = d->sav.st_abatis >= 0 ? 1u << d->sav.st_abatis : 0u;
    unsigned built = built_types(g, h, dir);
    if (!(built & (fw | abatis)))
        return 0; /* nothing here that a breach could clear */
    if ((arw_cst(g)->hex[h].breach >> dir) & 1)
        return built & fw; /* SR4.5-c, TEC note 6: clear terrain */
    if (!any_partial(sv))
        return 0;
    for (int i = 0, id = side_id(d, h, dir); i < ARW_MAX_PBREACH; i++)
        if (sv->pbreach[i] == id) /* Card 25: abatis only; Card 34: never abatis */
            cancelled |= sv->pbreach_kind[i] == ARW_BK_ABATIS ? abatis : fw & ~abatis;
    return built & cancelled;
}

unsigned arw_edge_types(const gr_game *g, int h, int dir)
{
    const arw_state *s = arw_cst(g);
    unsigned built = built_types(g, h, dir);
    if (!s->hex[h].breach && !any_partial(&s->sav))
        return built; /* nothing breached anywhere near */
    return built & ~arw_breached_types(g, h, dir);
}

int arw_works_hexsides(const gr_game *g, int side, int want_breached, int *out, int cap)
{
    const arw_data *d = arw_dat(g);
    unsigned mask = side == ARW_BRITISH ? d->sav.british_works : d->sav.french_works;
    int n = 0;
    for (int h = 0; h < d->map.nhex; h++)
        for (int dir = 0; dir < 6; dir++) {
            unsigned part = want_breached ? arw_breached_types(g, h, dir)
                                          : arw_edge_types(g, h, dir); /* what is left */
            if (!(part & mask) || d->map.nb[h * 6 + dir] < 0)
                continue;
            if (n < cap)
                out[n] = h * 6 + dir;
            n++;
        }
    return n;
}

/* Clears the partial breaches of side dir of h. */
static void clear_partial(arw_state *s, const arw_data *d, int h, int dir)
{
    for (int i = 0, id = side_id(d, h, dir); i < ARW_MAX_PBREACH; i++)
        if (s->sav.pbreach[i] == id)
            s->sav.pbreach[i] = 0, s->sav.pbreach_kind[i] = 0;
}

void arw_breach(gr_game *g, int h, int dir, int repair)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    int nb = d->map.nb[h * 6 + dir];
    clear_partial(s, d, h, dir); /* a full breach or a repair supersedes them */
    if (repair) {
        s->hex[h].breach &= (uint8_t)~(1u << dir);
        s->hex[nb].breach &= (uint8_t)~(1u << ((dir + 3) % 6));
    } else {
        s->hex[h].breach |= (uint8_t)(1u << dir);
        s->hex[nb].breach |= (uint8_t)(1u << ((dir + 3) % 6));
    }
    arw_emit(g, ARW_E_BREACH, 3, h, nb, repair);
}

int arw_partial_breach_room(const gr_game *g)
{
    for (int i = 0; i < ARW_MAX_PBREACH; i++)
        if (!arw_cst(g)->sav.pbreach[i])
            return 1;
    return 0;
}

void arw_partial_breach(gr_game *g, int h, int dir, int kind)
{
    arw_state *s = arw_st(g);
    for (int i = 0; i < ARW_MAX_PBREACH; i++)
        if (!s->sav.pbreach[i]) {
            s->sav.pbreach[i] = (int16_t)side_id(arw_dat(g), h, dir);
            s->sav.pbreach_kind[i] = (uint8_t)kind;
            return;
        }
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
