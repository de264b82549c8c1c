/* ccdrm.c — the close-combat DRMs of GR12.23 Step 3 (T-CC-DRM): odds below
 * the first column, vanguards' adjusted morale (AMB-16), leaders' CC
 * modifiers (GR14.21, AMB-17), disrupted defenders, militia, surrounded
 * (GR12.7, AMB-43) and terrain (T-TEC: hexes, and hexsides crossed by every
 * attacking hex, TEC notes 4, 5, 9; AMB-06, AMB-20, AMB-50).
 * arw_combat_drm adds each row of T-CC-DRM once, from one place:
 *   here: disrupted defender, militia (both), surrounded (both), vanguards'
 *     morale and leaders' CC, odds below 1-3, the TEC hex rows (swamp,
 *     causeway, intact town, covered way, Old Fort: arw_hex_terrain) and
 *     hexside rows (dike, stream, slope, bridge/ford, fieldworks types:
 *     arw_edge_types);
 *   savrules.c arw_sav_cc_drm: incomplete defences (SR4.14), Gale/Squall
 *     (the T-Weather cc term), HS-sr3 French attack;
 *   savdrm.c arw_sav_unit_drm: mixed Franco-American stack attacked (+1) or
 *     forced to attack (-2), French regulars with colonial militia (-1),
 *     Allied cavalry against beaten defenders (AMB-49), Irish ferocity,
 *     Creeks alone in forest;
 *   cards (arw_cards_cc_drm): Cards 12, 13, 26, 27, 29, 39;
 *   chits.c: the tactics matrix and the GR12.54 penalty (Step 4). */
#include "../arw.h"

/* Distinct hexes of role `role`'s participants in combat k. */
int arw_role_hexes(const gr_game *g, int k, int role, int *out)
{
    const arw_state *s = arw_cst(g);
    if (role == ARW_DEF) {
        for (int j = 0; j < s->combat[k].ndhex; j++)
            out[j] = s->combat[k].dhex[j];
        return s->combat[k].ndhex;
    }
    int n = 0;
    for (int u = 0; u < arw_dat(g)->nunits; u++) {
        if (!arw_participant(g, k, u) || arw_dat(g)->unit[u].side != arw_role_side(g, ARW_ATT))
            continue;
        int seen = 0;
        for (int i = 0; i < n; i++)
            seen |= out[i] == s->unit[u].hex;
        if (!seen && n < ARW_MAX_UNITS)
            out[n++] = s->unit[u].hex;
    }
    return n;
}

int arw_vanguard_morale(const gr_game *g, int k, int u)
{
    const arw_state *s = arw_cst(g);
    const arw_tables *t = &arw_dat(g)->t;
    int level = s->combat[k].level[arw_dat(g)->unit[u].army];
    return arw_unit_morale(g, u) + t->level[level].unit_mod;
}

static int leader_cc(const gr_game *g, int u)
{
    int cmd = arw_commander(g, arw_cst(g)->unit[u].hex, u);
    return cmd == ARW_NO_UNIT ? 0 : arw_dat(g)->unit[cmd].cc_mod;
}

/* Vanguards and leaders: attacker +, defender -. */
static int drm_leaders(const gr_game *g, int k)
{
    const arw_combat *c = &arw_cst(g)->combat[k];
    int drm = 0;
    if (c->van[ARW_ATT] != ARW_NO_UNIT)
        drm += arw_vanguard_morale(g, k, c->van[ARW_ATT]) + leader_cc(g, c->van[ARW_ATT]);
    if (c->van[ARW_DEF] != ARW_NO_UNIT)
        drm -= arw_vanguard_morale(g, k, c->van[ARW_DEF]) + leader_cc(g, c->van[ARW_DEF]);
    return drm;
}

/* Militia and disruption DRMs (T-CC-DRM). */
static int drm_units(const gr_game *g, int k)
{
    const arw_data *d = arw_dat(g);
    const arw_tables *t = &d->t;
    int any_disrupted = 0, mil[2] = {1, 1}, exc[2] = {0, 0}, n[2] = {0, 0};
    for (int u = 0; u < d->nunits; u++) {
        if (!arw_participant(g, k, u))
            continue;
        int role = d->unit[u].side == arw_role_side(g, ARW_ATT) ? ARW_ATT : ARW_DEF;
        if (role == ARW_DEF && arw_cst(g)->unit[u].status != ARW_READY)
            any_disrupted = 1; /* any defending unit, artillery included */
        if (d->unit[u].kind == ARW_K_ARTILLERY)
            continue; /* militia DRMs look at the infantry and cavalry */
        n[role]++;
        mil[role] &= (d->unit[u].flags & ARW_F_MILITIA) != 0;
        exc[role] |= (d->unit[u].flags & ARW_F_MILITIA_EXC) != 0;
    }
    int drm = any_disrupted ? t->drm[ARW_DRM_DEF_DISRUPTED] : 0;
    if (n[ARW_DEF] && mil[ARW_DEF] && !exc[ARW_DEF] && n[ARW_ATT] && !mil[ARW_ATT])
        drm += t->drm[ARW_DRM_DEF_MILITIA];
    if (n[ARW_ATT] && mil[ARW_ATT] && !exc[ARW_ATT] && n[ARW_DEF] && !mil[ARW_DEF])
        drm += t->drm[ARW_DRM_ATT_MILITIA]; /* SR4.17: Charlestown cancels both */
    return drm;
}

/* Prohibited for every movement class (marsh, pond, river). */
static int prohibited_hex(const arw_data *d, int h)
{
    for (int mc = 0; mc < ARW_NMC; mc++)
        if (d->htype[d->map.terrain[h]].move[mc] != ARW_MP_P)
            return 0;
    return 1;
}

/* GR12.7-a: every neighbour of h is enemy-occupied, in enemy ZOC not negated
 * by a friendly combat unit (GR8.2-a), prohibited, or off the map. */
static int surrounded(const gr_game *g, int h, int side)
{
    const arw_data *d = arw_dat(g);
    for (int k = 0; k < 6; k++) {
        int n = d->map.nb[h * 6 + k];
        if (n < 0 || prohibited_hex(d, n) || arw_hex_has_combat(g, n, 1 - side))
            continue;
        if (arw_zoc(g, n, 1 - side) && !arw_hex_has_combat(g, n, side))
            continue;
        return 0;
    }
    return 1;
}

static int drm_surrounded(const gr_game *g, int k)
{
    const arw_tables *t = &arw_dat(g)->t;
    int hexes[ARW_MAX_UNITS], drm = 0;
    for (int role = 0; role < 2; role++) {
        int side = arw_role_side(g, role), n = arw_role_hexes(g, k, role, hexes), any = 0;
        for (int i = 0; i < n; i++)
            any |= surrounded(g, hexes[i], side);
        if (any)
            drm += t->drm[role == ARW_DEF ? ARW_DRM_DEF_SURROUNDED : ARW_DRM_ATT_SURROUNDED];
    }
    return drm;
}

/* DRM items of one crossing into h across its side `dir`: bit t for each side
 * type, bit 16 + c for each combined type (which replaces its parts). */
static unsigned crossing_items(const gr_game *g, int h, int dir)
{
    const arw_data *d = arw_dat(g);
    unsigned types = arw_edge_types(g, h, dir); /* works, full and partial breaches */
    for (int c = 0; c < d->ncombos; c++)
        if ((types & d->combo[c].mask) == d->combo[c].mask)
            types = (types & ~(unsigned)d->combo[c].mask) | (1u << (16 + c));
    return types;
}

int arw_cc_sides_drm(const gr_game *g, const int *att, int na, const int16_t *dhex, int nd,
                     int all_shattered)
{
    const arw_data *d = arw_dat(g);
    int drm = 0;
    unsigned common = ~0u;
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nd; j++) {
            int dir = arw_dir(d, dhex[j], att[i]);
            if (dir >= 0)
                common &= crossing_items(g, dhex[j], dir);
        }
    if (na == 0)
        return 0;
    for (int t = 0; t < 16 + ARW_MAX_COMBOS; t++) {
        if (!(common & (1u << t)))
            continue;
        int v = t < 16 ? d->stype[t].cc : d->combo[t - 16].cc;
        if (v != ARW_DRM_P && !(all_shattered && v < 0)) /* GR13.4-c, AMB-20 */
            drm += v;
    }
    return drm;
}

int arw_cc_hex_drm(const gr_game *g, const int *att, int na, const int16_t *dhex, int nd,
                   int all_shattered)
{
    const arw_data *d = arw_dat(g);
    int type = arw_hex_terrain(g, dhex[0]); /* SAVANNAH: destroyed towns (savmap.c) */
    for (int j = 1; j < nd; j++)
        if (arw_hex_terrain(g, dhex[j]) != type)
            return 0;
    const arw_hex_type *ht = &d->htype[type];
    if (ht->cc == ARW_DRM_P || (all_shattered && ht->cc < 0))
        return 0;
    if (ht->flags & ARW_T_CC_IF_OUTSIDE) /* TEC note 9 */
        for (int i = 0; i < na; i++)
            if (arw_hex_terrain(g, att[i]) == type)
                return 0;
    return ht->cc;
}

/* The terrain rows (hexsides and hex) of combat k. */
static int drm_terrain(const gr_game *g, int k, int all_shattered)
{
    const arw_combat *c = &arw_cst(g)->combat[k];
    int att[ARW_MAX_UNITS], na = arw_role_hexes(g, k, ARW_ATT, att);
    return arw_cc_sides_drm(g, att, na, c->dhex, c->ndhex, all_shattered) +
           arw_cc_hex_drm(g, att, na, c->dhex, c->ndhex, all_shattered);
}

static int all_defenders_shattered(const gr_game *g, int k)
{
    const arw_data *d = arw_dat(g);
    int n = 0;
    for (int u = 0; u < d->nunits; u++)
        if (arw_participant(g, k, u) && d->unit[u].side == arw_role_side(g, ARW_DEF)) {
            if (arw_cst(g)->unit[u].status != ARW_SHATTERED)
                return 0;
            n++;
        }
    return n > 0;
}

int arw_combat_drm(const gr_game *g, int k)
{
    const arw_combat *c = &arw_cst(g)->combat[k];
    const arw_tables *t = &arw_dat(g)->t;
    int shat = all_defenders_shattered(g, k);
    int drm = (c->flags & ARW_CF_BELOW) ? t->below_drm : 0; /* Step 1 */
    return drm + drm_leaders(g, k) + drm_units(g, k) + drm_surrounded(g, k) +
           drm_terrain(g, k, shat) +
           arw_cards_cc_drm(g, k) + /* CARDS: 12, 13, 26, 27, 29, 39 (T-CC-DRM) */
           arw_sav_cc_drm(g, k) +   /* SAVANNAH: weather, SR4.14, HS-sr3 (savrules.c) */
           arw_sav_unit_drm(g, k); /* SAVANNAH units: SR4.1, SR4.8-d, SR4.16, AMB-49 (savdrm.c) */
}
