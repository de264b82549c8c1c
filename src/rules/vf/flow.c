/* flow.c — the sequence of play (vf:3.0): turns alternate between the
 * sides, each turn runs Fate, Fire, Action and Combat phases, and the game
 * ends once both sides have played the scenario's number of turns (vf:10.0,
 * Interp. A60).  The fate phase is run by fate/play.c. */
#include "vf.h"

static void emit_phase(gr_game *g, int phase)
{
    vf_st(g)->phase = (uint8_t)phase;
    vf_fate_phase_begins(g); /* what cards gave "this phase" ends */
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_PHASE, 2, vf_st(g)->active, phase);
}

int vf_unit_may_act(const gr_game *g, int u, int side)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    return u >= 0 && u < sd->nunits && st->phase == VF_PHASE_ACTION && st->active == side &&
           vf_actor_check(g, u, side, NULL) == GR_OK;
}

static void open_action_phase(gr_game *g);

/* The action phase: brigades one at a time (activation/brigade.c). */
static void open_action_phase(gr_game *g)
{
    vf_action_open(g);
    emit_phase(g, VF_PHASE_ACTION);
    vf_action_advance(g);
}

void vf_start_turn(gr_game *g, int side)
{
    vf_state *st = vf_st(g);
    st->active = (uint8_t)side;
    st->turns[side]++;
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_TURN, 2, side, st->turns[side]);
    emit_phase(g, VF_PHASE_FATE);
    vf_fate_turn(g); /* 4.0: windows, the draw; then the fire phase */
}

void vf_fire_open(gr_game *g)
{
    vf_state *st = vf_st(g);
    const vf_sdata *sd = vf_sd(g);
    for (int u = 0; u < sd->nunits; u++) {
        st->unit[u].flags &= (uint8_t)~(VF_UF_FIRED | VF_UF_ATTACKED | VF_UF_WON |
                                        VF_UF_SKIRMISHED);
        st->unit[u].sflags &= (uint8_t)~(VF_SF_GUNS_FIRED | VF_SF_OCCUPIED_NOW |
                                               VF_SF_JUST_MOVED); /* a new turn */
    }
    for (int b = 0; b < sd->nbrigades; b++)
        st->brigade[b].routed_phase = 0;
    emit_phase(g, VF_PHASE_FIRE);
    if (!vf_fire_possible(g))
        vf_fire_close(g);
}

void vf_fire_close(gr_game *g)
{
    if (!vf_end_of_phase(g)) /* fortitude tests (9.5) */
        open_action_phase(g);
}

void vf_after_end_of_phase(gr_game *g)
{
    switch (vf_cst(g)->phase) {
    case VF_PHASE_FIRE:
        open_action_phase(g);
        break;
    case VF_PHASE_ACTION:
        vf_combat_open(g);
        break;
    case VF_PHASE_COMBAT:
        vf_end_turn(g);
        break;
    default:
        (void)NEVER(1);
        break;
    }
}

static void game_over(gr_game *g)
{
    vf_state *st = vf_st(g);
    int a = vf_score(g, VF_SIDE_A), b = vf_score(g, VF_SIDE_B);
    st->phase = VF_PHASE_OVER;
    st->winner = (int8_t)(a > b ? VF_SIDE_A : b > a ? VF_SIDE_B : -1);
    st->outcome = (uint8_t)(st->winner < 0 ? VF_OUT_DRAW : 1 + st->winner);
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_GAME_OVER, 3, st->winner + 1, a, b);
}

void vf_end_action_phase(gr_game *g)
{
    vf_state *st = vf_st(g);
    st->step = VF_STEP_CHOOSE; /* no brigade is being activated any more */
    st->current = 0;
    if (!vf_end_of_phase(g))
        vf_combat_open(g);
}

void vf_end_turn(gr_game *g)
{
    vf_state *st = vf_st(g);
    const vf_sdata *sd = vf_sd(g);
    vf_objectives_update(g); /* 2.1.1-b, before the game-end check (A53) */
    if (st->turns[0] >= sd->max_turns && st->turns[1] >= sd->max_turns) {
        game_over(g);
        return;
    }
    vf_start_turn(g, 1 - st->active);
}

void vf_start(gr_game *g)
{
    if (vf_sd(g)->fate)
        vf_fate_deal(g); /* vf:2.4-b */
    vf_start_turn(g, vf_sd(g)->first_side);
}
