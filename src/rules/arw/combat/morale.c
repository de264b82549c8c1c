/* morale.c — army morale (GR16, T-ArmyMoraleAdjust, T-ArmyMoraleLevels),
 * unit morale checks (GR13.5, GR14.23, GR15.32) and the momentum pool
 * (GR12.6). */
#include "../arw.h"

int arw_level_of(const arw_tables *t, int m)
{
    for (int i = 0; i < t->nlevels; i++)
        if (m >= t->level[i].min)
            return i;
    return t->nlevels - 1;
}

void arw_army_morale(gr_game *g, int army, int delta)
{
    arw_state *s = arw_st(g);
    const arw_tables *t = &arw_dat(g)->t;
    if (delta == 0 || s->stage == ARW_ST_OVER)
        return;
    int v = s->morale[army] + delta, before = arw_level_of(t, s->morale[army]);
    if (v > t->morale_max)
        v = t->morale_max;
    s->morale[army] = (int16_t)v;
    arw_emit(g, ARW_E_ARMY_MORALE, 3, army, delta, v);
    if (arw_level_of(t, v) != before && v > t->demoralized_at) /* GR16.2-a */
        arw_emit(g, ARW_E_ARMY_LEVEL, 2, army, arw_level_of(t, v));
    if (v <= t->demoralized_at) /* GR16.3-a: the game ends at once */
        arw_game_over(g, army == ARW_ARMY_BRITISH ? ARW_OUT_ALLIED_MAJOR : ARW_OUT_BRITISH_MAJOR,
                      army == ARW_ARMY_BRITISH ? ARW_ALLIED : ARW_BRITISH);
}

void arw_am_adjust(gr_game *g, int ev, int loser, int winner)
{
    const arw_tables *t = &arw_dat(g)->t;
    if (loser >= 0)
        arw_army_morale(g, loser, -t->am_loss[ev]);
    if (winner >= 0)
        arw_army_morale(g, winner, t->am_gain[ev]);
}

int arw_morale_check(gr_game *g, int u, int level, int drm)
{
    const arw_data *d = arw_dat(g);
    int morale = arw_unit_morale(g, u) + d->t.level[level].unit_mod; /* GR15.32-a */
    drm = arw_morale_modifier(g, u, level, drm) - morale; /* + leadership, GR14.23-a */
    int roll = gr_roll(g, 0, 10, ARW_ROLL_MORALE);
    int total = roll + morale + drm;
    int pass = total >= d->t.morale_pass;
    arw_emit(g, ARW_E_MORALE_CHECK, 6, u, roll, morale, drm, total, pass);
    return pass;
}

static void set_momentum(gr_game *g, int side, int delta)
{
    arw_state *s = arw_st(g);
    s->momentum[side] = (uint8_t)(s->momentum[side] + delta);
    s->pool = (uint8_t)(s->pool - delta);
    arw_emit(g, ARW_E_MOMENTUM, 4, side, delta, s->momentum[side], s->pool);
}

void arw_momentum_gain(gr_game *g, int side)
{
    arw_state *s = arw_st(g);
    if (s->pool > 0)
        set_momentum(g, side, 1);
    else if (s->momentum[1 - side] > 0)
        set_momentum(g, 1 - side, -1); /* GR12.65, AMB-42: literal reading */
}

void arw_momentum_spend(gr_game *g, int side)
{
    if (arw_cst(g)->momentum[side] > 0)
        set_momentum(g, side, -1);
}

void arw_momentum_capture(gr_game *g, int u)
{
    const arw_state *s = arw_cst(g);
    const arw_unit_def *d = &arw_dat(g)->unit[u];
    if (!(s->options & ARW_O_ADVANCED) || d->kind == ARW_K_LEADER ||
        d->morale[0] != arw_dat(g)->t.capture_morale || s->unit[u].steps != d->steps)
        return; /* GR12.64: printed +2 morale, captured at full strength */
    arw_emit(g, ARW_E_MOMENTUM_LOSS, 1, u);
    arw_momentum_forfeit(g, d->side);
}

void arw_momentum_forfeit(gr_game *g, int side)
{
    const arw_state *s = arw_cst(g);
    if (s->momentum[side] > 0)
        set_momentum(g, side, -1);
    else if (s->pool > 0)
        set_momentum(g, 1 - side, 1);
}
