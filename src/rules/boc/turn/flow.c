/* flow.c — the sequence of play (Part B) as a phase machine.  s->step says
 * where the flow resumes; boc_flow_run runs the automatic steps until a
 * player must decide: the Command (R4.3), Fire (R5.1) and Movement (R6.1)
 * Phases, the
 * defender's hit decisions (hits.c) and the owner's choice of the blocks an
 * overstack eliminates (R6.2-d), checked at the end of every phase.
 *
 * Game Turn (B.2): initiative (clock.c), Player 1's turn, Player 2's turn,
 * then the clock advances.  Player Turn (B.3): P0 control snapshot,
 * Command, Fire, Movement, Melee (melee/), Supply, E1-E2.  The Supply
 * Phase opens, runs its automatic steps (R8.1-a) and passes until its rules
 * land (docs/boc.md). */
#include "../boc.h"

static void emit_phase(gr_game *g, int phase)
{
    boc_state *s = boc_st(g);
    s->phase = (uint8_t)phase;
    gr_emitv(g, BOC_EV_PHASE, 3, s->active, phase, s->turns_done + 1);
}

/* ------------------------------------------------------------------ stacking */

int boc_overstacked(const boc_state *s, const boc_sdata *sd, int *side)
{
    for (int k = 0; k < BOC_NSIDES; k++) {
        int p = k == 0 ? s->active : 1 - s->active;
        for (int h = 0; h < sd->nhex; h++)
            if (s->count[p][h] > 1 && s->count[p][h] > boc_stack_limit(s, sd, h, p)) {
                *side = p;
                return h;
            }
    }
    return -1;
}

/* The end-of-phase stacking check (R6.2-d): 1 when the owner must choose. */
static int stack_check(gr_game *g)
{
    boc_state *s = boc_st(g);
    int side = 0, h = boc_overstacked(s, boc_sd(g), &side);
    if (h < 0)
        return 0;
    s->stack_hex = (int16_t)h;
    s->stack_side = (uint8_t)side;
    s->decision = BOC_DEC_OVERSTACK;
    return 1;
}

int boc_stack_legal(const gr_game *g, gr_action *out, int cap)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    int n = 0;
    for (int u = 0; u < sd->nblock; u++)
        if (s->unit[u].hex == s->stack_hex && sd->block[u].side == s->stack_side) {
            if (n < cap)
                out[n] = (gr_action){.kind = BOC_A_REMOVE,
                                     .player = s->stack_side,
                                     .nargs = 1,
                                     .arg = {u}};
            n++;
        }
    return n;
}

gr_status boc_stack_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    int u = a->arg[0];
    if (s->decision != BOC_DEC_OVERSTACK)
        return gr_fail(why, "boc:R6.2-d", "no hex is overstacked now");
    if (u < 0 || u >= sd->nblock || s->unit[u].hex != s->stack_hex ||
        sd->block[u].side != s->stack_side || (s->unit[u].flags & BOC_U_ANON))
        return gr_fail(why, "boc:R6.2-d", "remove one of your blocks in the overstacked hex");
    gr_emitv(g, BOC_EV_OVERSTACK, 2, s->stack_hex, s->stack_side);
    boc_eliminate(g, u); /* R6.2-d: overstacked units are eliminated */
    boc_flow_run(g);     /* the same step checks again */
    return GR_OK;
}

/* ------------------------------------------------------------------ the turn */

/* E1-E2: control snapshot from current positions, per-turn flags cleared. */
static void end_player_turn(gr_game *g)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    const uint16_t per_turn =
        BOC_U_FIRED | BOC_U_CMD | BOC_U_ACT_CMD | BOC_U_ACT_SUP | BOC_U_MOVED | BOC_U_SUPPLIED |
        BOC_U_FORMED;
    boc_control_snapshot(s, sd);
    for (int u = 0; u < sd->nblock; u++) {
        s->unit[u].flags &= (uint16_t)~per_turn;
        s->unit[u].mp = 0;
    }
    for (int h = 0; h < sd->nhex; h++)
        s->fire_used[h] = 0;
    s->turns_done++;
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

/* X3 (R4.3-e): every HQ activated in this turn's Command Phase loses a step;
 * at 1 it drops to 0 and stays on the map (RA5-f). */
static void activated_hqs_tire(gr_game *g)
{
    boc_state *s = boc_st(g);
    for (int u = 0; u < boc_sd(g)->nblock; u++) {
        boc_unit *un = &s->unit[u];
        if (!(un->flags & BOC_U_ACT_CMD) || un->hex < 0 || un->str == 0)
            continue;
        un->str--;
        gr_emitv(g, BOC_EV_HQ_STEP, 2, u, un->str); /* face-up: public (R4.3-a) */
    }
}

/* Player 2's turn, or the end of the Game Turn (R1.3-a/b). */
static void next_player_turn(gr_game *g)
{
    boc_state *s = boc_st(g);
    if (!s->second) {
        s->second = 1;
        s->active = (uint8_t)(1 - s->player1);
        s->step = BOC_ST_PLAYER_TURN;
        return;
    }
    s->second = 0;
    s->step = BOC_ST_GAME_TURN;
    boc_clock_advance(g); /* may end the game */
}

/* A stacking-check step: 1 when the owner must choose, else on to next. */
static int stack_step(gr_game *g, int next)
{
    if (stack_check(g))
        return 1;
    boc_st(g)->step = (uint8_t)next;
    return 0;
}

/* An automatic step that opens a phase, runs `also` and goes on to next. */
static int open_step(gr_game *g, int phase, void (*also)(gr_game *), int next)
{
    emit_phase(g, phase);
    if (also)
        also(g);
    boc_st(g)->step = (uint8_t)next;
    return 0;
}

/* Steps that wait for the active player: Command, Fire, Movement. */
static int decision_step(gr_game *g, int phase, int decision, int next)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    if (phase == BOC_PH_FIRE)
        boc_command_compute(s, sd); /* C2 (R4.3-c) */
    else if (phase == BOC_PH_MOVEMENT)
        boc_move_phase_start(s, sd);
    else
        boc_control_snapshot(s, sd); /* P0 (R6.6-a) */
    emit_phase(g, phase);
    s->step = (uint8_t)next;
    if (phase == BOC_PH_COMMAND && sd->start_fire && s->turns_done == 0)
        return 0; /* the scenario's set-up did this Command Phase */
    s->decision = (uint8_t)decision;
    return 1;
}

/* S1-S2: every block stands up but front-line artillery (R8.1-a); the
 * active side's fallen DHQs come back (R4.61-c). */
static void supply_opens(gr_game *g)
{
    boc_stand_up(g);
    boc_fallen_return(g);
}

static void new_initiative(gr_game *g)
{
    boc_state *s = boc_st(g);
    s->player1 = (uint8_t)boc_initiative(g); /* R1.1-a */
    s->active = s->player1;
    s->step = BOC_ST_PLAYER_TURN;
}

/* B.4 step 2 (data brief 3.0): the side placing night arrivals decides
 * while one of its arrivals has a hex; then the USA, then Night Supply. */
static int night_arrive_step(gr_game *g)
{
    boc_state *s = boc_st(g);
    if (boc_night_pending(s, boc_sd(g), s->active)) {
        s->decision = BOC_DEC_ARRIVE;
        return 1;
    }
    if (s->active == BOC_CSA) {
        s->active = BOC_USA;
        return 0;
    }
    s->active = BOC_CSA;
    s->step = BOC_ST_NIGHT_SUPPLY;
    return 0;
}

/* The Free Deployment of side (R0-c, data brief 3.0: CSA first), then
 * step next; a side with no block on the map has none. */
static int deploy_step(gr_game *g, int side, int next)
{
    boc_state *s = boc_st(g);
    s->active = (uint8_t)side;
    s->step = (uint8_t)next;
    if (!boc_deploy_any(s, boc_sd(g), side))
        return 0;
    emit_phase(g, BOC_PH_DEPLOY);
    s->decision = BOC_DEC_DEPLOY;
    return 1;
}

/* After the Free Deployment: its marks cleared, Game Turn 1 begins. */
static void deploy_end(gr_game *g)
{
    boc_state *s = boc_st(g);
    for (int u = 0; u < boc_sd(g)->nblock; u++)
        s->unit[u].flags &= (uint16_t)~BOC_U_DEPLOYED;
    s->step = BOC_ST_GAME_TURN;
}

/* One automatic step; returns 1 when a player must decide (or game over).
 * The Movement and Melee Phases pass until their rules land. */
static int run_step(gr_game *g)
{
    boc_state *s = boc_st(g);
    switch (s->step) {
    case BOC_ST_GAME_TURN:
        new_initiative(g);
        return 0;
    case BOC_ST_PLAYER_TURN:
        return decision_step(g, BOC_PH_COMMAND, BOC_DEC_COMMAND, BOC_ST_COMMAND_STACK);
    case BOC_ST_COMMAND_STACK:
        return stack_step(g, BOC_ST_FIRE);
    case BOC_ST_FIRE:
        return decision_step(g, BOC_PH_FIRE, BOC_DEC_FIRE, BOC_ST_FIRE_STACK);
    case BOC_ST_FIRE_STACK:
        return stack_step(g, BOC_ST_MOVEMENT); /* F3 */
    case BOC_ST_MOVEMENT:
        return decision_step(g, BOC_PH_MOVEMENT, BOC_DEC_MOVE, BOC_ST_MOVE_STACK);
    case BOC_ST_MOVE_STACK:
        return stack_step(g, BOC_ST_MELEE); /* M4 */
    case BOC_ST_MELEE:
        return open_step(g, BOC_PH_MELEE, NULL, BOC_ST_MELEE_FIGHT);
    case BOC_ST_MELEE_FIGHT: /* X1 (R7.1-g) */
        if (boc_melee_step(g))
            return 1;
        boc_melee_phase_end(s, boc_sd(g));
        s->step = BOC_ST_MELEE_STACK;
        return 0;
    case BOC_ST_MELEE_STACK:
        return stack_step(g, BOC_ST_MELEE_END); /* X2 */
    case BOC_ST_MELEE_END:
        activated_hqs_tire(g); /* X3 */
        s->step = BOC_ST_SUPPLY;
        return 0;
    case BOC_ST_SUPPLY: /* S1 (R8.1-a), S2 (R4.61-c) */
        return open_step(g, BOC_PH_SUPPLY, supply_opens, BOC_ST_SUPPLY_HQS);
    case BOC_ST_SUPPLY_HQS: /* S3 (R8.1-b) */
        boc_supply_open(g, 0);
        s->step = BOC_ST_SUPPLY_STACK;
        return 1;
    case BOC_ST_SUPPLY_STACK:
        return stack_step(g, BOC_ST_PLAYER_END); /* S4 */
    case BOC_ST_NIGHT:
        boc_night_turn(g); /* B.4 steps 1 and 4 */
        s->active = BOC_CSA;
        s->step = BOC_ST_NIGHT_ARRIVE;
        return 0;
    case BOC_ST_NIGHT_ARRIVE: /* B.4 step 2: the owners place them, CSA then USA */
        return night_arrive_step(g);
    case BOC_ST_NIGHT_SUPPLY: /* B.4 step 3: CSA, then USA (R8.4) */
        boc_supply_open(g, 1);
        return 1;
    case BOC_ST_NIGHT_END:
        boc_next_day(g);
        s->step = BOC_ST_GAME_TURN;
        return 0;
    case BOC_ST_DEPLOY_CSA:
        return deploy_step(g, BOC_CSA, BOC_ST_DEPLOY_USA);
    case BOC_ST_DEPLOY_USA:
        return deploy_step(g, BOC_USA, BOC_ST_DEPLOY_END);
    case BOC_ST_DEPLOY_END:
        deploy_end(g);
        return 0;
    default: /* BOC_ST_PLAYER_END */
        end_player_turn(g);
        next_player_turn(g);
        return s->phase == BOC_PH_OVER;
    }
}

void boc_flow_run(gr_game *g)
{
    while (!run_step(g))
        ;
}

void boc_flow_end_phase(gr_game *g)
{
    boc_state *s = boc_st(g);
    if (s->phase == BOC_PH_FIRE)
        clear_half_hits(g); /* F2 */
    if (s->phase == BOC_PH_MOVEMENT)
        boc_reveal_frontline_artillery(g); /* M3 (R5.31-g) */
    boc_flow_run(g);
}

void boc_flow_open_phase(gr_game *g, int active, int phase)
{
    boc_state *s = boc_st(g);
    s->active = (uint8_t)active;
    s->phase = (uint8_t)phase;
    s->fire = (boc_fire){.firer = GR_NONE, .hex = GR_NONE, .at = GR_NONE, .repulse = GR_NONE};
    boc_melee_phase_end(s, boc_sd(g));
    s->supplier = GR_NONE;
    boc_control_snapshot(s, boc_sd(g));
    if (phase == BOC_PH_COMMAND) {
        s->decision = BOC_DEC_COMMAND;
        s->step = BOC_ST_COMMAND_STACK;
    } else if (phase == BOC_PH_MOVEMENT) {
        s->decision = BOC_DEC_MOVE;
        s->step = BOC_ST_MOVE_STACK;
        boc_move_phase_start(s, boc_sd(g));
    } else if (phase == BOC_PH_SUPPLY) {
        boc_supply_open(g, 0);
        s->step = BOC_ST_SUPPLY_STACK;
    } else if (phase == BOC_PH_NIGHT) {
        boc_supply_open(g, 1);
        s->step = BOC_ST_NIGHT_SUPPLY;
    } else if (phase == BOC_PH_DEPLOY) {
        s->deploy = 1;
        s->decision = BOC_DEC_DEPLOY;
        s->step = active == BOC_CSA ? BOC_ST_DEPLOY_USA : BOC_ST_DEPLOY_END;
    } else {
        s->decision = BOC_DEC_FIRE;
        s->step = BOC_ST_FIRE_STACK;
    }
}

void boc_flow_new_game_turn(gr_game *g)
{
    boc_state *s = boc_st(g);
    s->second = 0;
    s->step = BOC_ST_GAME_TURN;
    s->fire = (boc_fire){.firer = GR_NONE, .hex = GR_NONE, .at = GR_NONE, .repulse = GR_NONE};
    boc_flow_run(g);
}

void boc_turn_start_game(gr_game *g)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    s->turns_done = 0;
    s->day_index = 0;
    s->fight = (boc_fight){.hex = GR_NONE};
    s->supplier = GR_NONE;
    s->hour = sd->days[0].first_hour;
    s->second = 0;
    s->step = s->deploy ? BOC_ST_DEPLOY_CSA : BOC_ST_GAME_TURN; /* R0-c: before Game Turn 1 */
    s->fire = (boc_fire){.firer = GR_NONE, .hex = GR_NONE, .at = GR_NONE, .repulse = GR_NONE};
    boc_reveal_frontline_artillery(g); /* at set-up (R5.31-g) */
    boc_flow_run(g);
}
