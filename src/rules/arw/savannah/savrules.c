/* savrules.c — SAVANNAH terms read by the close-combat and rally code: the
 * weather's close-combat DRM (Gale -2, Squall -1), SR4.14 incomplete
 * British defences (+2 through turn 7, +1 on turns 8-11 for Allied attacks
 * that get a British fieldworks DRM; the value in force at a Case A switch
 * is kept, AMB-05), HS-sr3 (French attacks -1), HS-16's obligation for
 * d'Estaing to take part in an attack on turn 16 (AMB-47), and the rally
 * DRMs of the weather (Hurricane -2, Gale -1) and of the British naval
 * bombardment zone (SR4.11: Allied units -1, AMB-32). */
#include <string.h>

#include "../arw.h"

/* SR4.14 (AMB-06): a British fieldworks type is crossed into the defence by
 * every attacking hex (unbreached). */
static int into_british_works(const gr_game *g, int k)
{
    const arw_data *d = arw_dat(g);
    const arw_combat *c = &arw_cst(g)->combat[k];
    int att[ARW_MAX_UNITS], na = arw_role_hexes(g, k, ARW_ATT, att);
    unsigned common = d->sav.british_works;
    for (int i = 0; i < na; i++)
        for (int j = 0; j < c->ndhex; j++) {
            int dir = arw_dir(d, c->dhex[j], att[i]);
            if (dir >= 0)
                common &= arw_edge_types(g, c->dhex[j], dir);
        }
    return na > 0 && common != 0;
}

int arw_sav_cc_drm(const gr_game *g, int k)
{
    const arw_data *d = arw_dat(g);
    const arw_combat *c = &arw_cst(g)->combat[k];
    int prohibited, drm;
    if (!d->sav.loaded)
        return 0;
    drm = arw_weather_cc_drm(g, &prohibited); /* T-Weather */
    int allied_attack = arw_role_side(g, ARW_ATT) == ARW_ALLIED;
    if ((d->rules & ARW_SR_INCOMPLETE) && allied_attack) {
        int def = arw_sav_defences(g);
        if (def != ARW_DEF_COMPLETE && into_british_works(g, k)) /* SR4.14-a */
            drm += d->t.drm[def == ARW_DEF_EARLY ? ARW_DRM_INCOMPLETE_EARLY
                                                 : ARW_DRM_INCOMPLETE_LATE];
    }
    if ((d->rules & ARW_SR_HS_FRENCH_DRM) && allied_attack && c->army[ARW_ATT] == ARW_ARMY_FRENCH)
        drm += d->t.drm[ARW_DRM_HS_FRENCH]; /* HS-sr3 */
    return drm;
}

/* A legal "attack" by a unit of hex h exists now. */
static int attack_possible(const gr_game *g, int h)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    for (int u = s->hex[h].head; u != ARW_NO_UNIT; u = s->unit[u].next)
        for (int k = 0; k < 6 && arw_can_attack(g, u); k++) {
            int n = d->map.nb[h * 6 + k];
            gr_action a;
            memset(&a, 0, sizeof a);
            a.kind = ARW_A_ATTACK;
            a.player = (uint8_t)s->active;
            a.nargs = 2;
            a.arg[0] = u;
            a.arg[1] = n;
            if (n >= 0 && arw_can_attack_hex(g, u, n) && arw_declare_check(g, &a, NULL) == GR_OK)
                return 1;
        }
    return 0;
}

gr_status arw_hs16_declare_check(const gr_game *g, const gr_action *a, gr_error *err)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int l = d->sav.hs16_leader;
    if (a->kind != ARW_A_DECLARE_DONE || !(d->rules & ARW_SR_HS_TURN16) ||
        s->turn != d->sav.hs16_turn || s->active != ARW_ALLIED || l < 0 ||
        s->unit[l].box != ARW_BOX_MAP)
        return GR_OK;
    int h = s->unit[l].hex;
    for (int u = s->hex[h].head; u != ARW_NO_UNIT; u = s->unit[u].next)
        if (u != l && d->unit[u].side == ARW_ALLIED && s->unit[u].combat)
            return GR_OK; /* stacked with a declared attacking unit */
    if (!attack_possible(g, h))
        return GR_OK; /* AMB-47: no penalty when he cannot */
    return gr_fail(err, "arw:HS-16", "d'Estaing must take part in a close-combat attack on "
                   "turn 16: a unit stacked with him must attack");
}

int arw_sav_rally_drm(const gr_game *g, int u)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    if (!d->sav.loaded)
        return 0;
    int drm = arw_weather_rally_drm(g);
    if (d->unit[u].side == ARW_ALLIED && arw_in_zone(d, s->unit[u].hex, ARW_Z_NAVAL) &&
        arw_naval_zone_active(g))
        drm += d->sav.naval_rally_drm; /* SR4.11-a; Card 42 */
    return drm;
}

int arw_naval_zone_active(const gr_game *g)
{
    return !(arw_cst(g)->sav.turn_flags & ARW_SVT_NAVAL_OFF);
}

void arw_naval_zone_off(gr_game *g)
{
    arw_st(g)->sav.turn_flags |= ARW_SVT_NAVAL_OFF;
}
