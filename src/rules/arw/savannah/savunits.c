/* savunits.c — the Savannah rules of particular units that close combat
 * and its results ask about: Creeks alone defend only (SR4.8-c, AMB-29);
 * the one answer to what a unit's loss counts for (arw_loss_army: Creeks
 * change no army morale, SR4.8-e, their 0.5 VP being a T-VP value in
 * victory.c; Pulaski's Legion operating with the French counts for the
 * French army, SR4.13-b; arw_losses_score_vp: no VP for losses "without
 * VP"); a Lost unit's retreat becomes a PIN (SR4.9-f, AMB-30); and the
 * attack restrictions of mixed stacks (SR4.1-1d, stackrules.c) as one hook
 * for the declarations. */
#include "../arw.h"

int arw_creek_alone(const gr_game *g, int u)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    if (!(d->unit[u].flags & ARW_F_CREEK) || s->unit[u].box != ARW_BOX_MAP)
        return 0;
    for (int v = s->hex[s->unit[u].hex].head; v != ARW_NO_UNIT; v = s->unit[v].next)
        if (v != u && d->unit[v].side == d->unit[u].side && arw_is_combat_unit(d, v))
            return 0;
    return 1;
}

int arw_unit_attack_barred(const gr_game *g, int u)
{
    return arw_sr41_attack_barred(g, u) || arw_creek_alone(g, u);
}

gr_status arw_unit_attack_refusal(const gr_game *g, int u, gr_error *err)
{
    if (u < 0 || u >= arw_dat(g)->nunits || arw_cst(g)->unit[u].box != ARW_BOX_MAP)
        return GR_OK;
    if (arw_sr41_attack_barred(g, u))
        return gr_fail(err, "arw:SR4.1-1d", "units of a mixed Franco-American stack never "
                       "attack voluntarily; only units obliged to attack whose stack began "
                       "the Movement phase next to the enemy and could not retreat do");
    if (arw_creek_alone(g, u))
        return gr_fail(err, "arw:SR4.8-c", "Creeks alone in a hex defend only");
    return GR_OK;
}

/* SR4.13-b: Pulaski's Legion operating with the French: a participant of
 * the close combat being resolved whose side's army in the resolution
 * context is the French (arw_role_army), or stacked with a French combat
 * unit. */
static int with_french(const gr_game *g, int u)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    const arw_unit *x = &s->unit[u];
    if (!(d->unit[u].flags & ARW_F_WITH_FRENCH) || x->box != ARW_BOX_MAP)
        return 0;
    if (s->rctx.kind == ARW_RC_CC && s->cur && x->combat == s->cur &&
        s->rctx.army[d->unit[u].side] == ARW_ARMY_FRENCH)
        return 1;
    for (int v = s->hex[x->hex].head; v != ARW_NO_UNIT; v = s->unit[v].next)
        if (d->unit[v].army == ARW_ARMY_FRENCH && arw_is_combat_unit(d, v))
            return 1;
    return 0;
}

int arw_morale_army(const gr_game *g, int u)
{
    return with_french(g, u) ? ARW_ARMY_FRENCH : arw_dat(g)->unit[u].army;
}

int arw_loss_army(const gr_game *g, int u)
{
    if (arw_dat(g)->unit[u].flags & ARW_F_CREEK)
        return -1; /* SR4.8-e: no change for either side */
    return arw_morale_army(g, u);
}

int arw_losses_score_vp(const gr_game *g)
{
    const arw_state *s = arw_cst(g);
    return arw_dat(g)->sav.loaded && !s->sav.no_vp && s->stage != ARW_ST_OVER;
}

int arw_lost_pin(gr_game *g, int u)
{
    arw_unit *x = &arw_st(g)->unit[u];
    if (!(x->flags & ARW_U_LOST))
        return 0;
    x->flags |= ARW_U_PINNED; /* SR4.9-f, AMB-30: it stays, pinned */
    arw_emit(g, ARW_E_PIN, 1, u);
    return 1;
}
