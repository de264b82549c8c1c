/* rally.c — the Rally phase (GR15): every disrupted or shattered unit of the
 * active side that is not adjacent to an enemy combat unit takes a morale
 * check (GR13.5, with the commanding leader's leadership modifier, GR14.23)
 * and on a pass recovers one level; each success raises its army's morale
 * (T-ArmyMoraleAdjust "rally").  Cavalry Withdrawal markers of the active
 * side go at the start of the phase (GR12.4-c).  Attempts are automatic: a
 * failed attempt costs nothing, so no player would decline one (reading). */
#include "../arw.h"

void arw_rally_unit(gr_game *g, int u)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    int army = d->unit[u].army;
    int level = arw_level_of(&d->t, s->morale[army]); /* GR15.32-a */
    int drm = arw_cards_rally_drm(g, u) + /* CARDS: 22/54 +1 */
              arw_sav_rally_drm(g, u) +   /* SAVANNAH: SR4.11, weather (savrules.c) */
              arw_rally_works_drm(g, u);  /* SAVANNAH: SR4.19, AMB-80 (savmorale.c) */
    if (!arw_morale_check(g, u, level, drm))
        return; /* GR15.2-a: stays as it is */
    s->unit[u].status = (uint8_t)(s->unit[u].status - 1); /* one level */
    arw_emit(g, ARW_E_RALLY, 2, u, s->unit[u].status);
    arw_am_adjust(g, ARW_AM_RALLY, -1, arw_morale_army(g, u)); /* GR15.2-b, SR4.13-b */
}

void arw_rally_begin(gr_game *g)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    int done = arw_cards_rally_done(g); /* CARDS: Card 39 rallied before Movement */
    for (int u = 0; u < d->nunits && s->stage != ARW_ST_OVER; u++) {
        arw_unit *x = &s->unit[u];
        if (d->unit[u].side != s->active || x->box != ARW_BOX_MAP || !arw_is_combat_unit(d, u))
            continue;
        x->flags &= (uint16_t)~ARW_U_CAV_WD; /* GR12.4-c */
        if (!done && x->status != ARW_READY && !arw_enemy_adjacent(g, x->hex, d->unit[u].side))
            arw_rally_unit(g, u); /* GR15.1-a */
    }
    if (s->stage != ARW_ST_OVER)
        arw_phase_end(g);
}
