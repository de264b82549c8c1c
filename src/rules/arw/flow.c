/* flow.c — the sequence of play (Part B): game turns, player turns and
 * phases; the close-combat phase's steps between decisions; what pending()
 * reports; the loop that runs automatic steps (and decisions that have a
 * single legal action) until a player must choose or the game ends. */
#include <string.h>

#include "arw.h"

/* Phases of one player turn, in order (B.2 VI-X); unscheduled or not yet
 * implemented phases pass at once. */
static const uint8_t PLAYER_TURN[] = {ARW_PH_REINFORCE, ARW_PH_MOVEMENT, ARW_PH_RALLY,
                                      ARW_PH_DEF_FIRE, ARW_PH_CLOSE_COMBAT};
#define NPLAYER_TURN (int)(sizeof PLAYER_TURN / sizeof PLAYER_TURN[0])

void arw_game_over(gr_game *g, int outcome, int winner)
{
    arw_state *s = arw_st(g);
    if (s->stage == ARW_ST_OVER)
        return;
    s->stage = ARW_ST_OVER;
    s->outcome = (uint8_t)outcome;
    s->winner = (int8_t)winner;
    s->ntasks = 0;
    arw_emit(g, ARW_E_GAME_OVER, 2, outcome, winner);
}

/* End of a slice or of the last turn: the side whose armies' morale rose
 * more (or fell less) since the start wins; equal is a draw.  (Victory
 * points, SR2.3/SR2.6, are not implemented yet.) */
static void end_by_morale(gr_game *g)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    int score[ARW_NSIDES] = {0, 0};
    for (int a = 0; a < ARW_NARMIES; a++) {
        int side = a == ARW_ARMY_BRITISH ? ARW_BRITISH : ARW_ALLIED;
        score[side] += s->morale[a] - d->start_morale[a];
    }
    int winner = score[ARW_BRITISH] > score[ARW_ALLIED]   ? ARW_BRITISH
                 : score[ARW_ALLIED] > score[ARW_BRITISH] ? ARW_ALLIED
                                                          : -1;
    arw_game_over(g, ARW_OUT_END_OF_SLICE, winner);
}

static void begin_close_combat(gr_game *g)
{
    arw_state *s = arw_st(g);
    s->ncombats = 0;
    s->cur = 0;
    s->ntasks = 0;
    s->chit_secret[0] = s->chit_secret[1] = 0;
    for (int u = 0; u < arw_dat(g)->nunits; u++) {
        s->unit[u].combat = 0;
        s->unit[u].flags &= (uint16_t)~(ARW_U_GUEST | ARW_U_RETREATED | ARW_U_ADVANCED);
    }
    s->stage = ARW_ST_DECLARE;
}

void arw_phase_begin(gr_game *g, int ph)
{
    arw_state *s = arw_st(g);
    s->phase = (uint8_t)ph;
    s->outcome = ARW_OUT_NONE;
    s->winner = -1;
    arw_emit(g, ARW_E_PHASE, 3, s->turn, ph, s->active);
    if (ph == ARW_PH_CLOSE_COMBAT)
        begin_close_combat(g);
    else
        s->stage = ARW_ST_IDLE; /* not implemented yet: passes */
}

/* The phase that follows the current one; ends the game when due. */
static void phase_next(gr_game *g)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    if (d->end_phase == s->phase && s->turn == d->start_turn && s->player_turn == 0) {
        end_by_morale(g); /* the slice is one phase */
        return;
    }
    int i = 0;
    while (i < NPLAYER_TURN && PLAYER_TURN[i] != s->phase)
        i++;
    if (i + 1 < NPLAYER_TURN) {
        arw_phase_begin(g, PLAYER_TURN[i + 1]);
        return;
    }
    if (s->player_turn == 0) {
        s->player_turn = 1;
        s->active = (uint8_t)(1 - s->first_side);
        arw_phase_begin(g, PLAYER_TURN[0]);
        return;
    }
    if (s->turn >= d->end_turn) {
        end_by_morale(g);
        return;
    }
    s->turn++;
    s->player_turn = 0;
    s->active = s->first_side; /* B.4 order and initiative: not yet implemented */
    arw_phase_begin(g, PLAYER_TURN[0]);
}

/* GR12.22-a: after declaration, every PIN marker goes. */
static void declarations_done(gr_game *g)
{
    arw_state *s = arw_st(g);
    int removed = 0;
    for (int u = 0; u < arw_dat(g)->nunits; u++)
        if (s->unit[u].flags & ARW_U_PINNED) {
            s->unit[u].flags &= (uint16_t)~ARW_U_PINNED;
            removed++;
        }
    arw_emit(g, ARW_E_PINS_REMOVED, 1, removed);
    s->stage = ARW_ST_PICK;
}

/* Stage PICK with no combat left: end-of-phase checks, then next phase. */
static void close_combat_end(gr_game *g)
{
    arw_state *s = arw_st(g);
    s->cur = 0;
    s->stage = ARW_ST_TASKS;
    arw_push(g, ARW_T_PHASE_END, 0, 0, ARW_NO_UNIT);
}

static int any_open_combat(const arw_state *s)
{
    for (int k = 0; k < s->ncombats; k++)
        if (s->combat[k].state == ARW_CS_DECLARED)
            return 1;
    return 0;
}

void arw_pending(const gr_game *g, gr_pending *out)
{
    const arw_state *s = arw_cst(g);
    int side = s->active, dec = ARW_D_NONE;
    out->kind = GR_PENDING_DECISION;
    switch (s->stage) {
    case ARW_ST_OVER:
        out->kind = GR_PENDING_OVER;
        out->winner = s->winner;
        out->outcome = s->outcome;
        out->players = 0;
        return;
    case ARW_ST_DECLARE: dec = ARW_D_DECLARE; break;
    case ARW_ST_PICK: dec = ARW_D_NEXT_COMBAT; break;
    case ARW_ST_VANGUARD:
        dec = ARW_D_VANGUARD;
        side = arw_role_side(g, s->van_role);
        break;
    case ARW_ST_CHITS:
        out->kind = GR_PENDING_SIMULTANEOUS;
        out->decision = ARW_D_CHIT;
        out->players = (uint8_t)((s->chit_secret[0] ? 0 : 1) | (s->chit_secret[1] ? 0 : 2));
        return;
    case ARW_ST_MOMENTUM:
        dec = ARW_D_MOMENTUM;
        side = arw_momentum_decider(g);
        break;
    case ARW_ST_TASKS: dec = arw_task_decision(g, &side); break;
    case ARW_ST_ADVANCE: dec = ARW_D_ADVANCE; break;
    default: break;
    }
    out->decision = (uint16_t)dec;
    out->players = dec == ARW_D_NONE || side < 0 ? 0 : (uint8_t)(1u << side);
}

/* Moves on from a stage that needs no decision; returns 0 when at rest. */
static int step_automatic(gr_game *g)
{
    arw_state *s = arw_st(g);
    switch (s->stage) {
    case ARW_ST_IDLE:
        phase_next(g);
        return 1;
    case ARW_ST_PICK:
        if (any_open_combat(s))
            return 0;
        close_combat_end(g);
        return 1;
    case ARW_ST_MOMENTUM:
        if (arw_momentum_decider(g) >= 0)
            return 0;
        arw_results_begin(g);
        return 1;
    case ARW_ST_TASKS:
        if (arw_tasks_run(g))
            return 0;
        if (s->stage == ARW_ST_OVER)
            return 0;
        if (s->cur)
            arw_advance_begin(g);
        else
            phase_next(g);
        return 1;
    default:
        return 0;
    }
}

/* Applies the only legal action of a single-player decision, if so. */
static int step_forced(gr_game *g)
{
    gr_pending p;
    gr_action a[2];
    if (arw_cst(g)->options & ARW_O_NO_AUTO)
        return 0;
    memset(&p, 0, sizeof p);
    arw_pending(g, &p);
    if (p.kind != GR_PENDING_DECISION || p.players == 0)
        return 0;
    int side = p.players == 1 ? 0 : 1;
    if (arw_legal(g, side, a, 2) != 1)
        return 0;
    arw_exec(g, &a[0]);
    return 1;
}

void arw_run(gr_game *g)
{
    for (int guard = 0; guard < 1000000; guard++) {
        if (arw_cst(g)->stage == ARW_ST_OVER)
            return;
        if (step_automatic(g))
            continue;
        if (arw_cst(g)->stage == ARW_ST_OVER || !step_forced(g))
            return;
    }
}

void arw_exec(gr_game *g, const gr_action *a)
{
    switch (a->kind) {
    case ARW_A_ATTACK:
    case ARW_A_WIDEN:
        arw_declare_exec(g, a);
        break;
    case ARW_A_DECLARE_DONE:
        declarations_done(g);
        break;
    case ARW_A_RESOLVE:
    case ARW_A_VANGUARD:
    case ARW_A_REROLL:
    case ARW_A_NO_REROLL:
        arw_combat_exec(g, a);
        break;
    case ARW_A_CHIT:
        arw_chit_exec(g, a);
        break;
    case ARW_A_ADVANCE:
    case ARW_A_ADVANCE_DONE:
        arw_advance_exec(g, a);
        break;
    default:
        arw_task_exec(g, a);
        break;
    }
}
