/* savdrm.c — the close-combat DRMs of T-CC-DRM that Savannah's units and
 * stacks give (GR12.23 Step 3; values in tables.json "cc_drm"):
 *   +1 British attacking a mixed Franco-American stack (SR4.1-1c),
 *   -2 a mixed Franco-American stack forced to attack (SR4.1-1d),
 *   -1 French regulars stacked with colonial militia attacking (SR4.1-3c),
 *   +1 Dillon's Irish vanguard against British regulars (SR4.16-a),
 *   -1 Creeks defending alone in forest (SR4.8-d, TEC note 11; lost with
 *      every defender shattered like other defender-favourable terrain,
 *      GR13.4-c, AMB-20),
 *   +1 Allied cavalry vanguard against only disrupted or shattered
 *      defenders (AMB-49).
 * Terrain rows are the TEC's (ccdrm.c); weather, incomplete defences
 * (SR4.14) and HS-sr3 are savrules.c's arw_sav_cc_drm, card DRMs the
 * cards' (the checklist of every row: ccdrm.c's header). */
#include "../arw.h"

/* Non-zero when hex h of a participant of `role` in combat k satisfies
 * `pred`, for any such participant. */
static int any_role_hex(const gr_game *g, int k, int role, int (*pred)(const gr_game *, int))
{
    const arw_data *d = arw_dat(g);
    for (int u = 0; u < d->nunits; u++)
        if (arw_participant(g, k, u) && d->unit[u].side == arw_role_side(g, role) &&
            pred(g, arw_cst(g)->unit[u].hex))
            return 1;
    return 0;
}

/* SR4.1-1c, -1d, -3c. */
static int drm_stacks(const gr_game *g, int k)
{
    const arw_tables *t = &arw_dat(g)->t;
    const arw_combat *c = &arw_cst(g)->combat[k];
    int drm = 0, target = 0;
    for (int j = 0; j < c->ndhex; j++)
        target |= arw_mixed_fa_hex(g, c->dhex[j]);
    if (target && arw_role_side(g, ARW_ATT) == ARW_BRITISH)
        drm += t->drm[ARW_DRM_MIXED_STACK_TARGET];
    if (any_role_hex(g, k, ARW_ATT, arw_mixed_fa_hex))
        drm += t->drm[ARW_DRM_MIXED_STACK_ATTACKS];
    if (any_role_hex(g, k, ARW_ATT, arw_mixed_frcm_hex))
        drm += t->drm[ARW_DRM_FR_REG_MILITIA];
    return drm;
}

/* Counts the defending participants of combat k; *all: every one has the
 * static unit flag `flag` (with flag 0: every one is disrupted or
 * shattered); *any_regular: one of them is a British regular (SR1.1). */
static int defenders(const gr_game *g, int k, unsigned flag, int *all, int *any_regular)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int n = 0;
    *all = 1;
    *any_regular = 0;
    for (int u = 0; u < d->nunits; u++) {
        if (!arw_participant(g, k, u) || d->unit[u].side != arw_role_side(g, ARW_DEF))
            continue;
        n++;
        *any_regular |= d->unit[u].group == ARW_BAND_BRITISH_REGULARS && d->unit[u].army ==
                                                                            ARW_ARMY_BRITISH;
        if (flag ? !(d->unit[u].flags & flag) : s->unit[u].status == ARW_READY)
            *all = 0;
    }
    return n;
}

/* SR4.8-d: every defender is a Creek in a Creek-cover (forest) hex. */
static int creeks_in_forest(const gr_game *g, int k)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int all, reg, shattered = 1;
    if (!defenders(g, k, ARW_F_CREEK, &all, &reg) || !all)
        return 0;
    for (int u = 0; u < d->nunits; u++)
        if (arw_participant(g, k, u) && d->unit[u].side == arw_role_side(g, ARW_DEF)) {
            if (!(d->htype[arw_hex_terrain(g, s->unit[u].hex)].flags & ARW_T_CREEK_COVER))
                return 0;
            shattered &= s->unit[u].status == ARW_SHATTERED;
        }
    return !shattered;
}

/* SR4.16-a, SR4.8-d, AMB-49: the vanguards' and defenders' kinds. */
static int drm_units(const gr_game *g, int k)
{
    const arw_data *d = arw_dat(g);
    const arw_tables *t = &d->t;
    int van = arw_cst(g)->combat[k].van[ARW_ATT], drm = 0, all_beaten, regular;
    int n = defenders(g, k, 0, &all_beaten, &regular);
    if (van != ARW_NO_UNIT && (d->unit[van].flags & ARW_F_IRISH) && regular)
        drm += t->drm[ARW_DRM_IRISH];
    if (van != ARW_NO_UNIT && n && all_beaten && d->unit[van].kind == ARW_K_CAVALRY &&
        d->unit[van].side == ARW_ALLIED)
        drm += t->drm[ARW_DRM_CAVALRY_VS_DISRUPTED];
    if (creeks_in_forest(g, k))
        drm += t->drm[ARW_DRM_CREEKS_FOREST];
    return drm;
}

int arw_sav_unit_drm(const gr_game *g, int k)
{
    return drm_stacks(g, k) + drm_units(g, k);
}
