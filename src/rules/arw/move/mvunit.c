/* mvunit.c — may a unit move now, and how far: one move per unit and phase
 * (GR9.1-a), shattered, disrupted and pinned units (GR9.2, GR13.3-a,
 * GR13.4-a), Lost units (SR4.9-f), Cavalry Withdrawal (GR12.4-b), fixed
 * artillery (HS-sr1), mortars (SR4.12-e), the allowance with arrival
 * bonuses (SR4.7-e/f), weather (T-Weather) and strategic movement
 * (GR9.52-a, AMB-08), and the rules that shape its path (move.h ARW_MR_*). */
#include "mvint.h"

int arw_arrived_now(const gr_game *g, int u)
{
    const arw_state *s = arw_cst(g);
    return s->unit[u].box == ARW_BOX_MAP && s->rturn[u] != 0 && s->rturn[u] == s->turn;
}

/* Refusals that depend on the unit's kind and markers. */
static gr_status may_move(const gr_game *g, int u, gr_error *err)
{
    const arw_data *d = arw_dat(g);
    const arw_unit *x = &arw_cst(g)->unit[u];
    const arw_unit_def *ud = &d->unit[u];
    if (x->status == ARW_SHATTERED)
        return gr_fail(err, "arw:GR13.4-a", "a shattered unit cannot move");
    if (x->flags & ARW_U_LOST)
        return gr_fail(err, "arw:SR4.9-f", "a Lost unit moves no further this turn");
    if (x->flags & ARW_U_CAV_WD)
        return gr_fail(err, "arw:GR12.4-b", "a unit under a Cavalry Withdrawal marker cannot "
                       "move");
    if ((d->rules & ARW_SR_HS_ARTILLERY) && ud->kind == ARW_K_ARTILLERY &&
        !(ud->flags & ARW_F_HS_MOBILE) && !(x->flags & (ARW_U_ART_FREED | ARW_U_ART_RETURN)))
        return gr_fail(err, "arw:HS-sr1", "artillery may not move until it has been attacked "
                       "in close combat (except the French Reserve Artillery)");
    if ((ud->flags & ARW_F_MORTAR) && (x->flags & ARW_U_MORTAR_FIRED) &&
        !arw_sav_strategic(g))
        return gr_fail(err, "arw:SR4.12-e", "in a tactical turn a mortar moves or fires, "
                       "not both");
    if (arw_cards_leader_wounded(g, u))
        return gr_fail(err, "arw:GR9.1-c", "Card 44: the wounded leader does not move this "
                       "turn");
    if (arw_weather_move(g) == ARW_WM_PROHIBITED) /* weather.c */
        return gr_fail(err, "arw:GR9.1-c", "the weather prohibits movement (T-Weather)");
    return GR_OK;
}

/* Printed MA with the arrival bonuses (SR4.7-f: +2 then x2), the siege's
 * factor (T-Siege-II row 4), then the cards in force (22, 48-50, 52:
 * arw_cards_unit_ma), in MP. */
static int allowance(const gr_game *g, int u)
{
    const arw_data *d = arw_dat(g);
    int ma = d->unit[u].ma;
    if (!arw_arrived_now(g, u))
        return arw_cards_unit_ma(g, u, ma * arw_sav_ma_factor(g, u));
    unsigned a = arw_cst(g)->arr[u];
    if ((a & ARW_AR_BONUS) && arw_cst(g)->var_face >= 0)
        ma += d->map.var_entry[arw_cst(g)->var_face].mp_bonus;
    if ((a & ARW_AR_ART_X2) && d->unit[u].kind == ARW_K_ARTILLERY)
        ma *= 2;
    return arw_cards_unit_ma(g, u, ma * arw_sav_ma_factor(g, u));
}

/* Strategic movement possible for this move (GR9.52-a, SR4.7-b); the
 * weather is checked by the caller. */
static int strategic_ok(const gr_game *g, const arw_mvmap *m, int u)
{
    const arw_state *s = arw_cst(g);
    if (arw_arrived_now(g, u) && (s->arr[u] & ARW_AR_NO_STRAT))
        return 0;
    return !(m->info[s->unit[u].hex] & ARW_HI_ADJ);
}

/* Allowances of a fresh move per mode, in half MP: the weather (T-Weather
 * via weather.c: half the MA rounded up, off the roads only in Fog; the
 * strategic MA x 1.5 rounded up in Heavy Rain, AMB-08) and GR9.52-a (2 x MA
 * along roads). */
static void budgets(const gr_game *g, const arw_mvmap *m, int u, arw_mvunit *p)
{
    int ma = allowance(g, u), wm = arw_weather_move(g), ws = arw_weather_strategic(g);
    int paid = arw_arrived_now(g, u) ? (int)ARW_AR_PAID(arw_cst(g)->arr[u]) : 0;
    p->budget[0] = 2 * (wm == ARW_WM_NORMAL ? ma : (ma + 1) / 2) - paid;
    p->budget[1] = 2 * ma - paid;
    p->budget[2] = 2 * (ws == ARW_WS_X1_5 ? (3 * ma + 1) / 2 : 2 * ma) - paid;
    p->modes = ARW_MM_NORMAL | (wm == ARW_WM_OFF_ROAD_HALF ? ARW_MM_ROAD : 0u) |
               (ws != ARW_WS_PROHIBITED && strategic_ok(g, m, u) ? ARW_MM_STRATEGIC : 0u);
}

/* Rules shaping the path (GR9.2, GR13.3-a, GR13.1 option B...). */
static unsigned path_rules(const gr_game *g, const arw_mvmap *m, int u)
{
    const arw_state *s = arw_cst(g);
    const arw_unit_def *ud = &arw_dat(g)->unit[u];
    const arw_unit *x = &s->unit[u];
    int in_phase = s->phase == ARW_PH_MOVEMENT; /* phase marks are current */
    unsigned r = 0;
    if (x->status == ARW_DISRUPTED) /* GR13.3-a */
        r |= ARW_MR_ONE_HEX | ((m->info[x->hex] & ARW_HI_ADJ) ? ARW_MR_MIN_ADJ : ARW_MR_NO_ADJ);
    if (arw_arrived_now(g, u) && (s->arr[u] & ARW_AR_ONE_HEX))
        r |= ARW_MR_ONE_HEX; /* SR4.7-e */
    if (in_phase && (s->mvu[u] & ARW_MU_RETREAT))
        r |= ARW_MR_RETREAT | ARW_MR_ONE_HEX; /* SR4.1-1d, AMB-24 */
    if (x->flags & ARW_U_PINNED)
        r |= ARW_MR_END_NO_ADJ; /* GR9.2 */
    else if (in_phase && (s->mv_flags & ARW_MF_PIN_B))
        r |= ARW_MR_END_NO_PIN; /* GR13.1 PIN (B) */
    if (ud->kind != ARW_K_LEADER)
        r |= ARW_MR_CAPTURE; /* GR14.32-a: ready or disrupted combat units */
    if (!(ud->flags & (ARW_F_NAVAL | ARW_F_MORTAR)))
        r |= ARW_MR_MIN_MOVE; /* GR9.1-d, SR4.19 */
    if (ud->flags & ARW_F_CREEK)
        r |= ARW_MR_CREEK;
    if (x->flags & ARW_U_ART_RETURN)
        r |= ARW_MR_RETURN; /* HS-sr1 */
    return r;
}

int arw_mover(const gr_game *g)
{
    const arw_state *s = arw_cst(g);
    return s->stage == ARW_ST_MOVEMENT ? s->mv_unit : ARW_NO_UNIT;
}

gr_status arw_mv_profile(const gr_game *g, const arw_mvmap *m, int u, arw_mvunit *p,
                         int what_if, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    if (u < 0 || u >= d->nunits || s->unit[u].box != ARW_BOX_MAP ||
        (!what_if && d->unit[u].side != s->active))
        return gr_fail(err, "arw:GR9.1-a", "the active player moves his own units on the map");
    gr_status st = may_move(g, u, err);
    if (st != GR_OK)
        return st;
    int own_phase = s->phase == ARW_PH_MOVEMENT && d->unit[u].side == s->active;
    if ((!what_if || own_phase) && u != arw_mover(g) && (s->mvu[u] & ARW_MU_MOVED))
        return gr_fail(err, "arw:GR9.1-a", "each unit finishes its move before the next "
                       "starts: this one has moved");
    p->u = u;
    p->what_if = (uint8_t)(what_if != 0);
    p->hex = s->unit[u].hex;
    p->fresh = u != arw_mover(g);
    p->sp = d->unit[u].kind == ARW_K_ARTILLERY || !arw_is_combat_unit(d, u) ? 0 : arw_unit_sp(g, u);
    p->art = d->unit[u].kind == ARW_K_ARTILLERY;
    p->nat_pass = (uint8_t)arw_nat_pass_bad(d, u);
    p->nat_end = (uint8_t)arw_nat_end_bad(d, u);
    p->rules = path_rules(g, m, u);
    budgets(g, m, u, p);
    p->spent = 0;
    if (!p->fresh) {
        p->spent = s->mv_spent;
        p->modes &= s->mv_modes;
    }
    if (p->rules & (ARW_MR_ONE_HEX | ARW_MR_RETURN))
        p->modes &= ARW_MM_NORMAL; /* (HS-sr1: its normal move, docs/arw.md) */
    return GR_OK;
}
