/* effects.c — what played fate cards add to the rules' numbers (the fate
 * tables of data/vf/army-*.json): Fire (Perfect Volleys, Directed Fire),
 * Combat (Attaque a Outrance, Defensive Fire, All Out Attack), valour dice
 * (Scum of the Earth) and move distance (Vive l'Empereur).  Les Grognards
 * changes the unit's permanent Combat and Tenacity (vf_unit), Capture the
 * score (objectives.c), Confusion activation and reinforcements. */
#include "../vf.h"

/* The value of side's card with that hook (its number from the sheet). */
static int32_t hook_value(const vf_sdata *sd, int side, int hook)
{
    const vf_army *a = &sd->army[side];
    for (int i = 0; i < a->ncards; i++)
        if (a->card[i].hook == hook)
            return a->card[i].value;
    return 0;
}

int vf_fate_fire_bonus(const gr_game *g, int u)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    int bonus = (st->unit[u].flags & VF_UF_DIRECTED) ? 1 : 0;
    if ((st->brigade[sd->unit[u].brigade].flags & VF_BF_FATE_FIRE) &&
        vf_unit_profile(sd, u)->type == VF_INFANTRY)
        bonus++;
    return bonus;
}

/* Unit u is within the card's distance of leader l (closest figure to the
 * leader's base, d <= X + EPS). */
static int near_leader(const gr_game *g, int u, int l, int32_t dist)
{
    gr_base buf[VF_MAX_CELLS], lb = vf_leader_base(g, l);
    const gr_base *cells;
    int n = vf_unit_cells(g, u, buf, &cells);
    return vf_cells_dist_ok(cells, n, &lb, 1, dist, GR_G2_WITHIN);
}

int vf_fate_combat_bonus(const gr_game *g, int u)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    int side = sd->unit[u].side, bonus = 0;
    unsigned bf = st->brigade[sd->unit[u].brigade].flags;
    if ((bf & VF_BF_FATE_COLUMN) && vf_formation_of(sd, &st->unit[u].at) == VF_FORM_ATTACK_COLUMN)
        bonus++;
    if ((bf & VF_BF_FATE_INFANTRY) && vf_unit_profile(sd, u)->type == VF_INFANTRY)
        bonus++;
    int l = st->fx.allout[side] - 1;
    if (l >= 0 && st->leader[l].status == VF_UNIT_ON &&
        near_leader(g, u, l, hook_value(sd, side, VF_FH_ALL_OUT)))
        bonus++;
    return bonus;
}

int vf_fate_valour_mod(const gr_game *g, int u)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    int enemy = 1 - sd->unit[u].side;
    if (!(st->fx.scum & (1u << enemy)))
        return 0;
    for (int v = 0; v < sd->nunits; v++)
        if (sd->unit[v].side == enemy && st->unit[v].status == VF_UNIT_ON &&
            vf_unit_profile(sd, v)->type == VF_INFANTRY && vf_unit_contact(g, u, v))
            return -1;
    return 0;
}

int32_t vf_fate_move_bonus(const gr_game *g, int u)
{
    const vf_sdata *sd = vf_sd(g);
    if (!(vf_cst(g)->brigade[sd->unit[u].brigade].flags & VF_BF_FATE_MOVE))
        return 0;
    return hook_value(sd, sd->unit[u].side, VF_FH_MOVE_BRIGADE);
}
