/* artfire.c — designating defensive artillery fire (GR11): the inactive
 * player's ready artillery (not mortars, SR4.12-f), each at most once per
 * phase, at an enemy combat unit not yet fired on this phase, within range
 * (3, naval 4: GR11.2-a, GR11.2-b) and line of sight beyond adjacent
 * (GR11.41-a); several batteries combine on one target, the farthest one's
 * range counting (GR11.2-c); a fire whose T-Fire cell is "-" may not be
 * made.  The firing side is arw_state.fire_side (the inactive player in
 * the phase; the Allies for Beekman's extra fire, T-Siege-II FR 5, which
 * only that battery makes).  Actions: `fire unit=U target=T` (start or
 * join the fire at T), `fire-now` (resolve it), `end-fire` (no more
 * artillery fire). */
#include <string.h>

#include "fireint.h"

int arw_art_forming(const gr_game *g)
{
    const arw_state *s = arw_cst(g);
    int k = s->fire_cur - 1;
    return k >= 0 && k < s->nfires && s->fire[k].state == ARW_FR_DESIGNATED ? k : -1;
}

gr_status arw_art_can_target(const gr_game *g, int u, int t, gr_error *why)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    arw_los los;
    if (t < 0 || t >= d->nunits || !arw_is_combat_unit(d, t) || s->unit[t].box != ARW_BOX_MAP ||
        d->unit[t].side == d->unit[u].side)
        return gr_fail(why, "arw:GR11.2-a", "the target must be an enemy combat unit");
    int range = arw_hex_distance(d, s->unit[u].hex, s->unit[t].hex);
    if (range > arw_fire_max_range(d, u))
        return gr_fail(why, "arw:GR11.2-a", "%s is %d hexes away (GR11.2-b); %s reaches %d",
                       d->unit[t].id, range, d->unit[u].id, arw_fire_max_range(d, u));
    arw_los_trace(g, s->unit[u].hex, s->unit[t].hex, &los);
    if (!los.clear)
        return gr_fail(why, "arw:GR11.41-a", "no line of sight (%s)",
                       arw_los_reason_names[los.reason]);
    return GR_OK;
}

static gr_status check_fire(const gr_game *g, const gr_action *a, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    int u = a->arg[0], t = a->arg[1], k = arw_art_forming(g);
    if (u < 0 || u >= arw_dat(g)->nunits)
        return gr_fail(err, "arw:GR11.1-a", "no such unit");
    gr_status st = arw_art_firer_check(g, u, err);
    if (st == GR_OK)
        st = arw_art_can_target(g, u, t, err);
    if (st != GR_OK)
        return st;
    if (k >= 0 && s->fire[k].target != t)
        return gr_fail(err, "arw:GR11.2-c", "resolve the fire at %s (fire-now) before "
                       "designating another target", arw_dat(g)->unit[s->fire[k].target].id);
    if (k < 0 && arw_fire_at(g, t) >= 0)
        return gr_fail(err, "arw:GR11.2-c", "%s has already been fired on this phase",
                       arw_dat(g)->unit[t].id);
    arw_art_search sc; /* (artscan.c) */
    arw_art_scan_base(g, &sc);
    if (!arw_art_alone_ok(g, &sc, u, t)) { /* then with the batteries that may still join */
        arw_art_scan(g, &sc, 0);
        if (!arw_art_aim_ok(g, &sc, u, t))
            return gr_fail(err, "arw:GR11.3", "T-Fire gives no to-hit number (\"-\") for this "
                           "fire");
    }
    if (k < 0 && s->nfires >= ARW_MAX_FIRES)
        return gr_fail(err, "arw:GR11.1-a", "too many fires in one phase (engine limit %d)",
                       ARW_MAX_FIRES);
    return GR_OK;
}

gr_status arw_art_check(const gr_game *g, const gr_action *a, gr_error *err)
{
    int k = arw_art_forming(g);
    switch (a->kind) {
    case ARW_A_ART_FIRE: return check_fire(g, a, err);
    case ARW_A_FIRE_NOW:
        if (k < 0)
            return gr_fail(err, "arw:GR11.3", "no fire has been designated");
        if (!arw_art_fire_now_ok(g, k))
            return gr_fail(err, "arw:GR11.3", "T-Fire gives no to-hit number (\"-\"): add a "
                           "battery first");
        return GR_OK;
    default: /* end-fire */
        if (k >= 0)
            return gr_fail(err, "arw:GR11.3", "resolve the designated fire (fire-now) first");
        return GR_OK;
    }
}

void arw_art_exec(gr_game *g, const gr_action *a)
{
    arw_state *s = arw_st(g);
    int k = arw_art_forming(g);
    switch (a->kind) {
    case ARW_A_ART_FIRE:
        if (k < 0) {
            k = arw_fire_new(g, ARW_FK_ARTILLERY, a->player, a->arg[1], ARW_NO_HEX);
            s->fire_cur = (uint8_t)(k + 1);
        }
        arw_fire_join(g, k, a->arg[0]);
        break;
    case ARW_A_FIRE_NOW: { /* announced: the enemy may answer (Card 43) */
        int firers[ARW_MAX_UNITS], n = arw_fire_firers(g, k, firers);
        s->fire[k].state = ARW_FR_ANNOUNCED;
        if (!arw_cards_fire_announced(g, firers, n)) /* cardplay.c */
            arw_art_resolve_announced(g);
        break;
    }
    default: /* end-fire: the inactive player is done (mortars may follow) */
        s->stage = ARW_ST_MORTAR;
        s->fire_side = ARW_ALLIED;
        break;
    }
}

void arw_art_resolve_announced(gr_game *g)
{
    arw_state *s = arw_st(g);
    int k = s->fire_cur - 1, firers[ARW_MAX_UNITS];
    if (k < 0 || k >= s->nfires || s->fire[k].state != ARW_FR_ANNOUNCED)
        return;
    for (int i = 0, n = arw_fire_firers(g, k, firers); i < n; i++)
        if (s->unit[firers[i]].box != ARW_BOX_MAP)
            s->fire_of[firers[i]] = 0; /* Card 43 took its last step */
    s->fire[k].state = ARW_FR_DESIGNATED;
    if (arw_fire_firers(g, k, firers) == 0) {
        s->fire[k].state = ARW_FR_RESOLVED; /* nobody left to fire: a miss */
        s->fire[k].res = ARW_R_NONE;
        s->fire[k].flags = 0;
        return;
    }
    arw_fire_resolve(g, k);
    arw_fire_results_begin(g, k);
}

int arw_art_legal(const gr_game *g, int side, gr_action *out, int cap)
{
    const arw_state *s = arw_cst(g);
    arw_art_search sc; /* (artscan.c) */
    int n = 0;
    if (s->stage != ARW_ST_FIRE || side != s->fire_side)
        return 0;
    arw_art_scan(g, &sc, 0);
    if (sc.k >= 0 || s->nfires < ARW_MAX_FIRES) /* (a fire record left, GR11.1-a) */
        n = arw_art_designations(g, &sc, out, cap);
    if (sc.k < 0) /* end-fire, then fire-now (arw_art_check) */
        arw_put_action(out, cap, &n, side, ARW_A_END_FIRE, 0, 0);
    else if (arw_art_fire_now_ok(g, sc.k))
        arw_put_action(out, cap, &n, side, ARW_A_FIRE_NOW, 0, 0);
    return n;
}

int arw_art_any(const gr_game *g)
{
    arw_art_search sc;
    if (arw_art_forming(g) >= 0)
        return 1;
    return arw_cst(g)->nfires < ARW_MAX_FIRES && arw_art_scan(g, &sc, 1);
}
