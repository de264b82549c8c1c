/* results.c — applying close-combat results (GR12.23 Steps 7-8, GR13.1,
 * GR13.25, T-ArmyMoraleAdjust) as a stack of tasks: retreats, morale checks
 * of the other participants, step losses, captures, leader casualties,
 * PIN, momentum gain, and the end-of-phase checks (GR13.3-g, GR13.4-g).
 * Tasks that need a player's choice stop the stack until he decides. */
#include <string.h>

#include "../arw.h"

void arw_push(gr_game *g, int kind, int side, int arg, int unit)
{
    arw_state *s = arw_st(g);
    if (NEVER(s->ntasks >= ARW_MAX_TASKS))
        return; /* ARW_MAX_TASKS >= 4 x participants */
    arw_task *t = &s->task[s->ntasks++];
    t->kind = (uint8_t)kind;
    t->side = (uint8_t)side;
    t->arg = (uint8_t)arg;
    t->pad_ = 0;
    t->unit = (int16_t)unit;
}

static arw_combat *cur_combat(gr_game *g)
{
    arw_state *s = arw_st(g);
    return s->cur ? &s->combat[s->cur - 1] : NULL;
}

int arw_side_army(int side)
{
    return side == ARW_BRITISH ? ARW_ARMY_BRITISH : ARW_ARMY_FRENCH;
}

/* Army of the enemy of unit u: the other side's army in the resolution
 * context, else the other side's army (AMB-51). */
int arw_enemy_army(const gr_game *g, int u)
{
    const arw_state *s = arw_cst(g);
    int side = arw_dat(g)->unit[u].side;
    if (s->rctx.kind != ARW_RC_NONE)
        return s->rctx.army[1 - side];
    return arw_side_army(1 - side);
}

/* T-ArmyMoraleAdjust event ev of a loss of a unit whose losses count for
 * `army` (arw_loss_army, read before the loss; -1: no change for either
 * side); `winner` (-1: none) gains. */
static void loss_morale(gr_game *g, int ev, int army, int winner)
{
    if (army >= 0)
        arw_am_adjust(g, ev, army, winner);
}

void arw_capture(gr_game *g, int u, int winner_army)
{
    int army = arw_loss_army(g, u); /* SR4.8-e, SR4.13-b (savunits.c) */
    arw_sav_loss(g, u, ARW_LOSS_CAPTURED, winner_army); /* SAVANNAH: T-VP (victory.c) */
    arw_momentum_capture(g, u); /* GR12.64 */
    arw_remove(g, u, ARW_BOX_CAPTURED);
    arw_emit(g, ARW_E_CAPTURED, 1, u);
    loss_morale(g, ARW_AM_CAPTURE, army, winner_army);
}

void arw_eliminate(gr_game *g, int u)
{
    arw_sav_loss(g, u, ARW_LOSS_ELIMINATED, -1); /* SAVANNAH: T-VP (victory.c) */
    arw_remove(g, u, ARW_BOX_ELIMINATED);
    arw_emit(g, ARW_E_ELIMINATED, 1, u);
}

void arw_lose_step(gr_game *g, int u)
{
    arw_unit *x = &arw_st(g)->unit[u];
    if (arw_dat(g)->unit[u].steps == 2 && x->steps == 2) {
        x->steps = 1;
        arw_emit(g, ARW_E_STEP_LOSS, 2, u, 1);
        arw_sav_loss(g, u, ARW_LOSS_REDUCED, -1); /* SAVANNAH: T-VP (victory.c) */
        return;
    }
    arw_eliminate(g, u);
}

void arw_step_loss(gr_game *g, int u, int winner_army)
{
    int army = arw_loss_army(g, u); /* SR4.8-e, SR4.13-b (savunits.c) */
    arw_lose_step(g, u);
    loss_morale(g, ARW_AM_1, army, winner_army);
}

void arw_elimination_loss(gr_game *g, int u, int ev, int winner_army)
{
    int army = arw_loss_army(g, u); /* SR4.8-e, SR4.13-b (savunits.c) */
    arw_eliminate(g, u);
    loss_morale(g, ev, army, winner_army);
}

int arw_disrupt(gr_game *g, int u, int winner_army)
{
    arw_unit *x = &arw_st(g)->unit[u];
    loss_morale(g, ARW_AM_D, arw_loss_army(g, u), winner_army); /* SR4.8-e, SR4.13-b */
    if (x->status == ARW_SHATTERED) { /* GR13.4-e */
        arw_eliminate(g, u);
        return 0;
    }
    x->status = x->status == ARW_READY ? ARW_DISRUPTED : ARW_SHATTERED; /* GR13.3-e */
    arw_emit(g, ARW_E_STATUS, 2, u, x->status);
    if (x->status == ARW_SHATTERED) /* SAVANNAH: T-VP (victory.c) */
        arw_sav_loss(g, u, ARW_LOSS_SHATTERED, winner_army);
    return 1;
}

void arw_suffer_d(gr_game *g, int u, int winner_army)
{
    if (arw_disrupt(g, u, winner_army))
        arw_push(g, ARW_T_RETREAT, arw_dat(g)->unit[u].side, arw_dat(g)->t.retreat_d, u);
}

void arw_push_checks(gr_game *g, int role, int kind, int except)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int side = arw_role_side(g, role);
    for (int u = d->nunits - 1; u >= 0; u--) {
        const arw_unit *x = &s->unit[u];
        if (x->box != ARW_BOX_MAP || x->combat != s->cur || d->unit[u].side != side ||
            u == except || !arw_is_combat_unit(d, u))
            continue;
        if (x->flags & ARW_U_GUEST)
            arw_push(g, ARW_T_MORALE, role, ARW_MC_PASS_RETREAT, u);
        else if (!(role == ARW_ATT && d->unit[u].kind == ARW_K_ARTILLERY))
            arw_push(g, ARW_T_MORALE, role, kind, u);
    }
}

void arw_apply_result(gr_game *g, int role, unsigned r)
{
    arw_combat *c = cur_combat(g);
    const arw_data *d = arw_dat(g);
    int van = c->van[role], side = arw_role_side(g, role);
    int loser = c->army[role], winner = c->army[1 - role];
    if (r & ARW_R_STAR)
        arw_push(g, ARW_T_CASUALTY, side, role, ARW_NO_UNIT);
    switch (ARW_RCODE(r)) {
    case ARW_R_R:
        if (arw_cst(g)->unit[van].flags & ARW_U_LOST) { /* SR4.9-f, AMB-30: R becomes PIN */
            arw_push(g, ARW_T_PIN, 0, 0, ARW_NO_UNIT);
            break;
        }
        arw_push_checks(g, role, ARW_MC_FAIL_RETREAT, van);
        arw_push(g, ARW_T_RETREAT, side, d->t.retreat_r, van);
        break;
    case ARW_R_D:
        arw_push_checks(g, role, ARW_MC_FAIL_RETREAT, van);
        arw_suffer_d(g, van, winner);
        break;
    case ARW_R_1:
        arw_push_checks(g, role, ARW_MC_FAIL_RETREAT, van);
        arw_step_loss(g, van, winner);
        break;
    case ARW_R_2: {
        int single = d->unit[van].steps == 1 || arw_cst(g)->unit[van].steps == 1;
        arw_push_checks(g, role, ARW_MC_FAIL_RETREAT, van);
        if (single)
            arw_push(g, ARW_T_SECOND_LOSS, side, role, ARW_NO_UNIT);
        arw_elimination_loss(g, van, ARW_AM_2, winner); /* SR4.8-e: the whole "2" */
        break;
    }
    case ARW_R_DC:
    case ARW_R_AC:
        arw_push(g, ARW_T_CAPTURE, ARW_RCODE(r) == ARW_R_DC ? arw_role_side(g, ARW_DEF)
                                                           : arw_role_side(g, ARW_ATT),
                 role, ARW_NO_UNIT);
        break;
    case ARW_R_AM:
        arw_am_adjust(g, ARW_AM_AM, loser, -1);
        arw_push_checks(g, role, ARW_MC_FAIL_RETREAT, van);
        break;
    default: /* "-": only guests check if their side suffers anything */
        break;
    }
}

void arw_results_begin(gr_game *g)
{
    arw_state *s = arw_st(g);
    arw_combat *c = cur_combat(g);
    s->stage = ARW_ST_TASKS;
    arw_push(g, ARW_T_MOMENTUM, 0, 0, ARW_NO_UNIT); /* Step 8, after Step 7 */
    if (ARW_RCODE(c->res[ARW_DEF]) == ARW_R_PIN) {
        arw_push(g, ARW_T_PIN, 0, 0, ARW_NO_UNIT);
        return;
    }
    arw_push(g, ARW_T_RESULT, ARW_ATT, c->res[ARW_ATT], ARW_NO_UNIT);
    arw_push(g, ARW_T_RESULT, ARW_DEF, c->res[ARW_DEF], ARW_NO_UNIT); /* defender first */
}
