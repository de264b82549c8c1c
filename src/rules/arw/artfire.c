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

#include "fire.h"

/* The fire being designated (its record), or -1. */
static int forming(const gr_game *g)
{
    const arw_state *s = arw_cst(g);
    int k = s->fire_cur - 1;
    return k >= 0 && k < s->nfires && s->fire[k].state == ARW_FR_DESIGNATED ? k : -1;
}

/* GR11.1-a, GR13.3-b, GR13.4-b, SR4.12-f: unit u may fire now. */
static gr_status firer_check(const gr_game *g, int u, gr_error *why)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    const arw_unit_def *x = &d->unit[u];
    if (x->side != s->fire_side || x->kind != ARW_K_ARTILLERY || s->unit[u].box != ARW_BOX_MAP)
        return gr_fail(why, "arw:GR11.1-a", "only the inactive player's artillery on the map "
                       "fires in this phase");
    if (s->fire_only && u != s->fire_only - 1)
        return gr_fail(why, "arw:SR4.6-c", "only %s fires now (T-Siege-II)",
                       d->unit[s->fire_only - 1].id);
    if (x->flags & ARW_F_MORTAR)
        return gr_fail(why, "arw:SR4.12-f", "mortars fire only in the Allied player turn");
    if (s->unit[u].status == ARW_DISRUPTED)
        return gr_fail(why, "arw:GR13.3-b", "disrupted artillery cannot fire");
    if (s->unit[u].status == ARW_SHATTERED)
        return gr_fail(why, "arw:GR13.4-b", "shattered artillery cannot fire");
    if (s->fire_of[u])
        return gr_fail(why, "arw:GR11.1-a", "%s has fired this phase", x->id);
    return GR_OK;
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

/* The fire at `target` by the units of fire k (or none) plus u, plus the
 * `extra` list, may be made: its T-Fire cell (firing SP, range of the
 * farthest battery) is not "-". */
static int table_ok(const gr_game *g, int k, int u, int target, const int *extra, int nextra)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int firers[ARW_MAX_UNITS], n = k >= 0 ? arw_fire_firers(g, k, firers) : 0, sp = 0, range = 0;
    if (u >= 0)
        firers[n++] = u;
    for (int i = 0; i < nextra; i++)
        firers[n++] = extra[i];
    for (int i = 0; i < n; i++) {
        int r = arw_hex_distance(d, s->unit[firers[i]].hex, s->unit[target].hex);
        sp += arw_unit_sp(g, firers[i]);
        range = r > range ? r : range;
    }
    return arw_fire_to_hit(d, ARW_FT_GUNS, sp, range) != ARW_HIT_NONE;
}

/* Other batteries that could still join a fire at `target` (not u). */
static int joiners(const gr_game *g, int u, int target, int *out)
{
    const arw_data *d = arw_dat(g);
    int n = 0;
    for (int v = 0; v < d->nunits; v++)
        if (v != u && firer_check(g, v, NULL) == GR_OK &&
            arw_art_can_target(g, v, target, NULL) == GR_OK)
            out[n++] = v;
    return n;
}

/* GR11.3, T-Fire "-": u may join (or start) the fire at `target` if the
 * fire is possible with it, or could become so with every other battery
 * that may still join (then nobody is ever stuck with an impossible fire). */
static int aim_ok(const gr_game *g, int u, int target)
{
    int others[ARW_MAX_UNITS], k = forming(g);
    if (table_ok(g, k, u, target, NULL, 0))
        return 1;
    int n = joiners(g, u, target, others);
    return n > 0 && table_ok(g, k, u, target, others, n);
}

static gr_status check_fire(const gr_game *g, const gr_action *a, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    int u = a->arg[0], t = a->arg[1], k = forming(g);
    if (u < 0 || u >= arw_dat(g)->nunits)
        return gr_fail(err, "arw:GR11.1-a", "no such unit");
    gr_status st = firer_check(g, u, err);
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
    if (!aim_ok(g, u, t))
        return gr_fail(err, "arw:GR11.3", "T-Fire gives no to-hit number (\"-\") for this fire");
    if (k < 0 && s->nfires >= ARW_MAX_FIRES)
        return gr_fail(err, "arw:GR11.1-a", "too many fires in one phase (engine limit %d)",
                       ARW_MAX_FIRES);
    return GR_OK;
}

gr_status arw_art_check(const gr_game *g, const gr_action *a, gr_error *err)
{
    int k = forming(g);
    switch (a->kind) {
    case ARW_A_ART_FIRE: return check_fire(g, a, err);
    case ARW_A_FIRE_NOW:
        if (k < 0)
            return gr_fail(err, "arw:GR11.3", "no fire has been designated");
        if (!table_ok(g, k, -1, arw_cst(g)->fire[k].target, NULL, 0))
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
    int k = forming(g);
    switch (a->kind) {
    case ARW_A_ART_FIRE:
        if (k < 0) {
            k = arw_fire_new(g, ARW_FK_ARTILLERY, a->player, a->arg[1], ARW_NO_HEX);
            s->fire_cur = (uint8_t)(k + 1);
        }
        arw_fire_join(g, k, a->arg[0]);
        break;
    case ARW_A_FIRE_NOW:
        arw_fire_resolve(g, k);
        arw_fire_results_begin(g, k);
        break;
    default: /* end-fire: the inactive player is done (mortars may follow) */
        s->stage = ARW_ST_MORTAR;
        s->fire_side = ARW_ALLIED;
        break;
    }
}

/* Fills one action; returns 1 when kept (accepted by the check). */
static int candidate(const gr_game *g, int kind, int side, int u, int t, gr_action *out)
{
    gr_action a;
    memset(&a, 0, sizeof a);
    a.kind = (uint16_t)kind;
    a.player = (uint8_t)side;
    a.nargs = (uint8_t)gr_rules_arw.actions[kind].nfields;
    a.arg[0] = u;
    a.arg[1] = t;
    if (arw_art_check(g, &a, NULL) != GR_OK)
        return 0;
    if (out)
        *out = a;
    return 1;
}

int arw_art_legal(const gr_game *g, int side, gr_action *out, int cap)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int n = 0;
    if (s->stage != ARW_ST_FIRE || side != s->fire_side)
        return 0;
    for (int u = 0; u < d->nunits; u++) {
        if (d->unit[u].side != side || firer_check(g, u, NULL) != GR_OK)
            continue;
        for (int t = 0; t < d->nunits; t++)
            if (d->unit[t].side != side && s->unit[t].box == ARW_BOX_MAP &&
                candidate(g, ARW_A_ART_FIRE, side, u, t, n < cap ? &out[n] : NULL))
                n++;
    }
    for (int kind = ARW_A_END_FIRE; kind <= ARW_A_FIRE_NOW; kind++)
        if (candidate(g, kind, side, 0, 0, n < cap ? &out[n] : NULL))
            n++;
    return n;
}

int arw_art_any(const gr_game *g)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    int side = s->fire_side;
    if (forming(g) >= 0)
        return 1;
    for (int u = 0; u < d->nunits; u++) {
        if (d->unit[u].side != side || firer_check(g, u, NULL) != GR_OK)
            continue;
        for (int t = 0; t < d->nunits; t++)
            if (d->unit[t].side != side && s->unit[t].box == ARW_BOX_MAP &&
                candidate(g, ARW_A_ART_FIRE, side, u, t, NULL))
                return 1;
    }
    return 0;
}
