/* turn.c — the sequence of play (Part B): Player Turns of five phases in a
 * fixed order (R1.2-a), the start and end of each Player Turn, game end and
 * victory points (R9.1-e).
 *
 * Implemented so far: the Fire Phase and the fog-of-war steps of the other
 * phases (front-line artillery reveal at the end of movement, R5.31-g; the
 * stand-up at the start of the Supply Phase, R8.1-a).  The Command Phase is
 * replaced by the scenario's "command": "all" stand-in, and the Movement,
 * Melee and Supply Phases pass without decisions until their rules land.
 * Initiative (R1.1) is replaced by the scenario's alternating order. */
#include "../boc.h"

static void emit_phase(gr_game *g)
{
    const boc_state *s = boc_cst(g);
    gr_emitv(g, BOC_EV_PHASE, 3, s->active, s->phase, s->turns_done + 1);
}

void boc_command_refresh(boc_state *s, const boc_sdata *sd)
{
    for (int u = 0; u < sd->nblock; u++) {
        s->unit[u].flags &= (uint16_t)~BOC_U_CMD;
        if (sd->command_all && sd->block[u].side == s->active && s->unit[u].hex >= 0)
            s->unit[u].flags |= BOC_U_CMD;
    }
}

static void start_player_turn(gr_game *g)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    boc_control_snapshot(s, sd); /* P0 (R6.6-a) */
    s->phase = BOC_PH_COMMAND;
    emit_phase(g);
    boc_command_refresh(s, sd); /* stand-in for C1-C2 (R4.3-c) */
    s->phase = BOC_PH_FIRE;
    s->decision = BOC_DEC_FIRE;
    emit_phase(g);
}

void boc_turn_start_game(gr_game *g)
{
    boc_state *s = boc_st(g);
    s->active = boc_sd(g)->first_player;
    s->player1 = s->active;
    s->turns_done = 0;
    s->fire = (boc_fire){.firer = GR_NONE, .hex = GR_NONE, .at = GR_NONE, .repulse = GR_NONE};
    boc_reveal_frontline_artillery(g); /* at set-up (R5.31-g) */
    start_player_turn(g);
}

int boc_victory_points(const boc_state *s, const boc_sdata *sd)
{
    int vp = s->elim[BOC_USA] - s->elim[BOC_CSA];
    for (int i = 0; i < sd->nvp; i++)
        if (s->control[sd->vphex[i].hex] == 1 + BOC_CSA &&
            (!sd->vphex[i].day1_only || sd->day == 1))
            vp += sd->vphex[i].vp;
    return vp;
}

static void game_over(gr_game *g)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    s->vp = (int16_t)boc_victory_points(s, sd);
    s->outcome = s->vp >= sd->csa_wins_at   ? BOC_OUT_CSA
                 : s->vp <= sd->usa_wins_at ? BOC_OUT_USA
                                            : BOC_OUT_DRAW;
    s->winner = s->outcome == BOC_OUT_CSA ? BOC_CSA : s->outcome == BOC_OUT_USA ? BOC_USA : -1;
    s->phase = BOC_PH_OVER;
    s->decision = BOC_DEC_OVER;
    gr_emitv(g, BOC_EV_GAME_OVER, 2, s->vp, s->outcome);
}

/* F2 (R5.24-e): half-hits vanish at the end of the Fire Phase. */
static void clear_half_hits(gr_game *g)
{
    boc_state *s = boc_st(g);
    int n = 0;
    for (int u = 0; u < boc_sd(g)->nblock; u++)
        if (s->unit[u].flags & BOC_U_HALF) {
            s->unit[u].flags &= (uint16_t)~BOC_U_HALF;
            n++;
        }
    gr_emitv(g, BOC_EV_HALF_CLEARED, 1, n);
}

/* E1-E2: control snapshot from current positions, per-turn flags cleared. */
static void end_player_turn(gr_game *g)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    const uint16_t per_turn =
        BOC_U_FIRED | BOC_U_CMD | BOC_U_ACT_CMD | BOC_U_ACT_SUP | BOC_U_MOVED | BOC_U_SUPPLIED;
    boc_control_snapshot(s, sd);
    for (int u = 0; u < sd->nblock; u++) {
        s->unit[u].flags &= (uint16_t)~per_turn;
        s->unit[u].mp = 0;
    }
    for (int h = 0; h < sd->nhex; h++)
        s->fire_used[h] = 0;
    s->turns_done++;
}

void boc_turn_end_fire(gr_game *g)
{
    boc_state *s = boc_st(g);
    clear_half_hits(g);
    s->phase = BOC_PH_MOVEMENT; /* no movement rules yet: passes */
    emit_phase(g);
    boc_reveal_frontline_artillery(g); /* M3 (R5.31-g) */
    s->phase = BOC_PH_MELEE;           /* no melee rules yet: passes */
    emit_phase(g);
    s->phase = BOC_PH_SUPPLY;
    emit_phase(g);
    boc_stand_up(g); /* S1 (R8.1-a) */
    end_player_turn(g);
    if (s->turns_done >= boc_sd(g)->player_turns) {
        game_over(g);
        return;
    }
    s->active = (uint8_t)(1 - s->active);
    start_player_turn(g);
}
