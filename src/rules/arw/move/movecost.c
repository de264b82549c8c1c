/* movecost.c — what a step costs (T-TEC in half MP, GR9.4, GR9.51, TEC
 * notes 1, 2, 4, 6, 8, 12, SR4.9-a/b) and which classes of units may not
 * stack together (SR4.1, Huger of SR4.18).  Pure functions of the position;
 * the numbers are data (data/arw/terrain.json). */
#include "mvint.h"

/* TEC notes 1-2: town hexes and causeway hexes are road-connected; a
 * destroyed town hex is clear (arw_hex_terrain) and its roads are blocked. */
static int road_hex(const gr_game *g, int h)
{
    return (arw_dat(g)->htype[arw_hex_terrain(g, h)].flags & ARW_T_ROADS) != 0;
}

static int covered_way(const arw_data *d, int h)
{
    return (d->htype[d->map.terrain[h]].flags & ARW_T_COVERED_WAY) != 0;
}

/* SR4.9-b: no bridge or ford counts along the covered way (types of the
 * step from `from` into `to`). */
static unsigned drop_bridges(const arw_data *d, int from, int to, unsigned types)
{
    if (types && covered_way(d, from) && covered_way(d, to))
        for (unsigned b = types; b; b &= b - 1)
            if (d->stype[__builtin_ctz(b)].flags & ARW_S_BRIDGE)
                types &= ~(1u << __builtin_ctz(b));
    return types;
}

/* Side types crossed stepping from `from` into `to` (direction dir of
 * `from`). */
static unsigned step_types(const gr_game *g, int from, int to, int dir)
{
    unsigned types = arw_edge_types(g, to, (dir + 3) % 6); /* works, breaches (savmap.c) */
    return drop_bridges(arw_dat(g), from, to, types);
}

static int road_types(const arw_data *d, unsigned types)
{
    for (unsigned b = types; b; b &= b - 1)
        if (d->stype[__builtin_ctz(b)].flags & ARW_S_ROAD)
            return 1;
    return 0;
}

int arw_road_step(const gr_game *g, int from, int to, int dir)
{
    if (road_types(arw_dat(g), step_types(g, from, to, dir)))
        return 1;
    return road_hex(g, from) && road_hex(g, to);
}

/* Cost of entering a hex of type `ht` for movement class mc (hex row of
 * the TEC), or -1; creek: the unit is one of the Creeks. */
static int hex_cost(const arw_data *d, int mc, int creek, int ht)
{
    const arw_hex_type *t = &d->htype[ht];
    int c = t->move[mc];
    if (c == ARW_MP_P)
        return -1;
    if (c == ARW_MP_OTIH) /* houses drawn alone: their other terrain is clear */
        c = 2;
    if (creek && (t->flags & ARW_T_SWAMP) && c > 2)
        c = 2; /* TEC note 12: swamp costs the Creeks 1 MP */
    return c;
}

/* TEC note 8, AMB-52: fieldworks cost only when moving into enemy works. */
static int friendly_works(const arw_side_type *t, int side)
{
    unsigned own = side == ARW_BRITISH ? ARW_S_OWNER_BRITISH : ARW_S_OWNER_ALLIED;
    return (t->flags & ARW_S_FIELDWORKS) && (t->flags & own);
}

/* Hexside costs (additional half MP) of `types` for movement class mc, with
 * the combined types of TEC note 4 counted once; -1 when prohibited. */
static int side_cost(const arw_data *d, unsigned types, int mc, int side)
{
    int total = 0;
    if (!types)
        return 0;
    for (int c = 0; c < d->ncombos; c++) {
        const arw_side_combo *k = &d->combo[c];
        if ((types & k->mask) != k->mask)
            continue;
        if (k->move[mc] == ARW_MP_P)
            return -1;
        total += k->move[mc];
        types &= ~(unsigned)k->mask;
    }
    for (unsigned b = types; b; b &= b - 1) {
        const arw_side_type *st = &d->stype[__builtin_ctz(b)];
        if (friendly_works(st, side))
            continue;
        if (st->move[mc] == ARW_MP_P)
            return -1;
        total += st->move[mc];
    }
    return total;
}

/* What a step crosses: side types, the entered hex's type, and whether
 * both hexes are road-connected (TEC notes 1-2). */
typedef struct step_terrain {
    unsigned types;
    int to_type;
    int road_hexes;
} step_terrain;

/* The cost of a step for movement key (mc, side, creek); *road is set. */
static int cost_of(const arw_data *d, int mc, int side, int creek, const step_terrain *t,
                   int *road)
{
    *road = road_types(d, t->types) || t->road_hexes;
    if (*road)
        return 2; /* GR9.51-a: exactly 1 MP, other terrain ignored */
    int c = hex_cost(d, mc, creek, t->to_type);
    if (c < 0)
        return -1;
    int sc = side_cost(d, t->types, mc, side);
    return sc < 0 ? -1 : c + sc; /* GR9.4-a: cumulative */
}

int arw_move_cost_road(const gr_game *g, int u, int from, int to, int dir, int *road)
{
    const arw_data *d = arw_dat(g);
    const arw_unit_def *x = &d->unit[u];
    step_terrain t = {step_types(g, from, to, dir), arw_hex_terrain(g, to),
                      road_hex(g, from) && road_hex(g, to)};
    return cost_of(d, x->mclass, x->side, (x->flags & ARW_F_CREEK) != 0, &t, road);
}

int arw_move_cost(const gr_game *g, int u, int from, int to, int dir)
{
    int road;
    return arw_move_cost_road(g, u, from, to, dir, &road);
}

int arw_mv_key(const arw_unit_def *x)
{
    return (x->mclass * 2 + (x->side & 1)) * 2 + ((x->flags & ARW_F_CREEK) != 0);
}

/* Road-connected on the printed map (no town destroyed). */
static int static_road_hex(const arw_data *d, int h)
{
    return (d->htype[d->map.terrain[h]].flags & ARW_T_ROADS) != 0;
}

/* The table entry of the step h*6+dir for key k on the printed map. */
static uint8_t static_entry(const arw_data *d, int k, int h, int dir)
{
    int to = d->map.nb[h * 6 + dir], road;
    if (to < 0)
        return ARW_MVC_NO;
    step_terrain t = {drop_bridges(d, h, to, d->map.edge[to * 6 + (dir + 3) % 6]),
                      d->map.terrain[to], static_road_hex(d, h) && static_road_hex(d, to)};
    int c = cost_of(d, k / 4, (k / 2) & 1, k & 1, &t, &road);
    if (c < 0)
        return ARW_MVC_NO;
    if (road)
        return (uint8_t)(ARW_MVC_ROAD | 2u);
    return c < (int)ARW_MVC_ROAD ? (uint8_t)c : ARW_MVC_SLOW;
}

/* Non-zero when hex h may be road-connected in some state (TEC notes 1-2:
 * its printed type, or the clear terrain of a destroyed town). */
static int road_hex_ever(const arw_data *d, int h)
{
    if (static_road_hex(d, h))
        return 1;
    return arw_is_town(d, h) && d->sav.ht_clear >= 0 &&
           (d->htype[d->sav.ht_clear].flags & ARW_T_ROADS);
}

/* ARW_MB_ROAD_OUT and ARW_MB_NO_ROAD of every hex, and arw_map.road_ever,
 * for arw_road_step out of it whatever the state: works only add the
 * siegeworks type, breaches clear only arw_breachable_types
 * (arw_edge_types), a destroyed town turns clear (arw_hex_terrain). */
static void road_out_derive(arw_data *d)
{
    arw_map *m = &d->map;
    unsigned keep = ~arw_breachable_types(d);
    unsigned built = d->sav.st_siegeworks >= 0 ? 1u << d->sav.st_siegeworks : 0u;
    for (int h = 0; h < m->nhex; h++) {
        unsigned sure = 0, ever = 0;
        for (int k = 0; k < 6; k++) {
            int n = m->nb[h * 6 + k];
            unsigned printed = n >= 0 ? m->edge[n * 6 + (k + 3) % 6] : 0u;
            if (n < 0)
                continue;
            sure |= (unsigned)road_types(d, drop_bridges(d, h, n, printed & keep));
            ever |= (unsigned)(road_types(d, printed | built) ||
                               (road_hex_ever(d, h) && road_hex_ever(d, n))) << k;
        }
        m->road_ever[h] = (uint8_t)ever;
        m->mvbar[h] = (uint8_t)((m->mvbar[h] & ~(ARW_MB_ROAD_OUT | ARW_MB_NO_ROAD)) |
                                (sure ? ARW_MB_ROAD_OUT : 0) | (ever ? 0 : ARW_MB_NO_ROAD));
    }
}

void arw_mvcost_derive(arw_data *d)
{
    arw_map *m = &d->map;
    size_t per = (size_t)m->nhex * 6;
    road_out_derive(d);
    m->mvcost_keys = 0;
    if (!m->mvcost)
        return;
    for (int u = 0; u < d->nunits; u++)
        m->mvcost_keys |= 1u << arw_mv_key(&d->unit[u]);
    for (int k = 0; k < ARW_MV_KEYS; k++)
        if (m->mvcost_keys & (1u << k))
            for (int h = 0; h < m->nhex; h++)
                for (int dir = 0; dir < 6; dir++)
                    m->mvcost[(size_t)k * per + (size_t)h * 6 + (size_t)dir] =
                        static_entry(d, k, h, dir);
}

const uint8_t *arw_mvcost_table(const arw_data *d, int u)
{
    int k = arw_mv_key(&d->unit[u]);
    if (!d->map.mvcost || !(d->map.mvcost_keys & (1u << k)))
        return NULL;
    return d->map.mvcost + (size_t)k * (size_t)d->map.nhex * 6;
}

/* Non-zero when a hexside cost of class mc may lower a step's cost (a
 * negative extra; the loader accepts none, but "OTIH" reads as -2). */
static int side_may_lower(const arw_data *d, int mc)
{
    for (int i = 0; i < d->nstypes; i++)
        if (d->stype[i].move[mc] < 0 && d->stype[i].move[mc] != ARW_MP_P)
            return 1;
    for (int i = 0; i < d->ncombos; i++)
        if (d->combo[i].move[mc] < 0 && d->combo[i].move[mc] != ARW_MP_P)
            return 1;
    return 0;
}

int arw_min_step_cost(const arw_data *d, int u)
{
    const arw_unit_def *x = &d->unit[u];
    int least = 2; /* a road step: GR9.51-a */
    if (side_may_lower(d, x->mclass))
        return 0;
    for (int t = 0; t < d->nhtypes; t++) {
        int c = hex_cost(d, x->mclass, (x->flags & ARW_F_CREEK) != 0, t);
        if (c >= 0 && c < least)
            least = c;
    }
    return least;
}

/* arw_nat_of from the unit's data. */
static unsigned nat_classes(const arw_data *d, int u)
{
    const arw_unit_def *x = &d->unit[u];
    unsigned n = 0;
    if (x->kind == ARW_K_LEADER) /* SR4.1-1a, SR4.1-3a: leaders stack with anyone... */
        return (x->flags & ARW_F_MILART_ONLY) ? ARW_NAT_HUGER : 0u; /* ...but Huger, SR4.18 */
    if (x->army != ARW_ARMY_AMERICAN || !((x->flags & ARW_F_MILITIA) || x->kind == ARW_K_ARTILLERY))
        n |= ARW_NAT_NOT_HUGER;
    if (x->army == ARW_ARMY_FRENCH)
        n |= ARW_NAT_FRENCH;
    if (x->army == ARW_ARMY_AMERICAN && !(x->flags & ARW_F_WITH_FRENCH))
        n |= ARW_NAT_AMERICAN; /* SR4.1-1a: Pulaski's Legion may stack with the French */
    if (x->army == ARW_ARMY_FRENCH && x->kind != ARW_K_ARTILLERY &&
        x->group == ARW_BAND_FRENCH_REGULARS)
        n |= ARW_NAT_FR_REG; /* SR4.1-3a: French artillery may stack with the militia */
    if (x->group == ARW_BAND_FRENCH_COLONIAL_MILITIA)
        n |= ARW_NAT_FR_COLMIL;
    if (x->flags & ARW_F_NEGRO_VOL)
        n |= ARW_NAT_NEGRO;
    if (x->flags & ARW_F_SOUTHERN)
        n |= ARW_NAT_SOUTHERN;
    return n;
}

/* arw_nat_pass_bad of a unit of classes n. */
static unsigned pass_bad(unsigned n)
{
    unsigned bad = 0;
    if (n & ARW_NAT_NEGRO)
        bad |= ARW_NAT_SOUTHERN; /* SR4.1-2a: never through nor with */
    if (n & ARW_NAT_SOUTHERN)
        bad |= ARW_NAT_NEGRO;
    return bad;
}

/* arw_nat_end_bad of a unit of classes n. */
static unsigned end_bad(unsigned n)
{
    unsigned bad = pass_bad(n);
    if (n & ARW_NAT_FRENCH)
        bad |= ARW_NAT_AMERICAN; /* SR4.1-1a */
    if (n & ARW_NAT_AMERICAN)
        bad |= ARW_NAT_FRENCH;
    if (n & ARW_NAT_FR_REG)
        bad |= ARW_NAT_FR_COLMIL; /* SR4.1-3a */
    if (n & ARW_NAT_FR_COLMIL)
        bad |= ARW_NAT_FR_REG;
    if (n & ARW_NAT_HUGER)
        bad |= ARW_NAT_NOT_HUGER; /* SR4.18: Huger stacks only with American militia */
    if (n & ARW_NAT_NOT_HUGER)   /* and artillery */
        bad |= ARW_NAT_HUGER;
    return bad;
}

void arw_nat_derive(arw_data *d)
{
    for (int u = 0; u < d->nunits; u++) {
        unsigned n = nat_classes(d, u);
        d->unit_nat[u] = (uint8_t)n;
        d->unit_nat_end[u] = (uint8_t)end_bad(n);
        d->unit_nat_pass[u] = (uint8_t)pass_bad(n);
    }
}

unsigned arw_breachable_types(const arw_data *d)
{
    return d->fw_types | (d->sav.st_abatis >= 0 ? 1u << d->sav.st_abatis : 0u);
}
