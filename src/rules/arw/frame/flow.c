/* flow.c — the sequence of play (GR5, Part B) as a phase machine driven by
 * the scenario's sequence (arw_data.seq: the turn's opening phases, the
 * phases of each player turn, the end-of-turn segment; arw_data.order: the
 * player order of each turn): each phase's entry hook (initiative.c,
 * movement.c, rally.c, fire.c, close combat here) sets its first stage and
 * calls arw_phase_end when the phase is over; the close-combat phase's steps
 * between decisions; what pending() reports; the loop that runs automatic
 * steps (and decisions that have a single legal action) until a player must
 * choose or the game ends. */
#include <string.h>

#include "../arw.h"

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

/* End of a slice or of the last turn of a scenario without victory points:
 * the side whose armies' morale rose more (or fell less) since the start
 * wins; equal is a draw.  Savannah's scenarios end by VP before this (SR2.3,
 * SR2.6: arw_final_victory, called from track.c). */
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
    s->diverted = 0; /* GR12.14: one per close combat phase */
    for (int u = 0; u < arw_dat(g)->nunits; u++) {
        s->unit[u].combat = 0;
        s->unit[u].flags &= (uint16_t)~(ARW_U_GUEST | ARW_U_RETREATED | ARW_U_ADVANCED);
    }
    s->stage = ARW_ST_DECLARE;
}

void arw_phase_end(gr_game *g)
{
    arw_st(g)->stage = ARW_ST_IDLE; /* arw_run moves on to the next phase */
}

/* GR5 D: the end-of-turn segment (automatic victory is checked whenever
 * army morale changes, GR16.3-a; the last turn's winner when the turn
 * ends, see new_turn). */
static void turn_end_begin(gr_game *g)
{
    arw_turn_end_begin(g); /* SAVANNAH: victory checks (track.c), then the phase ends */
}

void arw_phase_begin(gr_game *g, int ph)
{
    arw_state *s = arw_st(g);
    int idx;
    int seg = arw_seq_find(arw_dat(g), ph, &idx);
    s->phase = (uint8_t)ph;
    s->seg = (uint8_t)(seg >= 0 ? seg : ARW_SEG_PLAYER);
    s->outcome = ARW_OUT_NONE;
    s->winner = -1;
    s->stage = ARW_ST_IDLE; /* (setup lines may restart a finished game) */
    s->ntasks = 0;
    arw_rctx_end(g);
    if (!arw_sav_phase_due(g, ph)) { /* SAVANNAH: B.5 strategic-only phases (track.c) */
        arw_phase_end(g);
        return;
    }
    arw_emit(g, ARW_E_PHASE, 3, s->turn, ph, s->active);
    if (arw_cards_phase_window(g, ph)) /* CARDS: SR4.3-c play window at the phase's start */
        return;                         /* (the card stage calls arw_phase_enter after it)  */
    arw_phase_enter(g, ph);
}

void arw_phase_enter(gr_game *g, int ph)
{
    switch (ph) { /* each phase's entry hook sets its first stage */
    case ARW_PH_INITIATIVE: arw_initiative_begin(g); break;
    case ARW_PH_REINFORCE: arw_reinforce_begin(g); break;
    case ARW_PH_EVENTS: arw_cards_phase_begin(g); break; /* CARDS: SR4.3-a */
    case ARW_PH_MOVEMENT:
        arw_sr41_mark_forced(g); /* SAVANNAH: SR4.1-1d (stackrules.c) */
        arw_movement_begin(g);
        break;
    case ARW_PH_RALLY: arw_rally_begin(g); break;
    case ARW_PH_DEF_FIRE: arw_fire_artillery_begin(g); break;
    case ARW_PH_RIFLE_FIRE: arw_fire_rifle_begin(g); break;
    case ARW_PH_CLOSE_COMBAT: begin_close_combat(g); break;
    case ARW_PH_TURN_END: turn_end_begin(g); break;
    case ARW_PH_WEATHER: arw_weather_begin(g); break;       /* SAVANNAH (weather.c) */
    case ARW_PH_SIEGEWORKS: arw_works_begin(g); break;      /* SAVANNAH (construction.c) */
    case ARW_PH_SIEGE: arw_siege_begin(g); break;           /* SAVANNAH (siege.c) */
    case ARW_PH_PLAYER_END: arw_player_end_begin(g); break; /* SAVANNAH (track.c) */
    default: arw_phase_end(g); break; /* SR phases (weather, events, siege, ...) */
    }
}

int arw_seq_find(const arw_data *d, int ph, int *index)
{
    for (int seg = 0; seg < ARW_NSEGS; seg++)
        for (int i = 0; i < d->nseq[seg]; i++)
            if (d->seq[seg][i] == ph) {
                *index = i;
                return seg;
            }
    *index = 0;
    return -1;
}

void arw_turn_order(gr_game *g)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    int order = d->order[s->turn <= ARW_MAX_TURNS ? s->turn : ARW_MAX_TURNS];
    int first = order == ARW_ORDER_BRITISH_FIRST || order == ARW_ORDER_BRITISH_ONLY ? ARW_BRITISH
                : order == ARW_ORDER_INITIATIVE ? s->initiative
                                                : ARW_ALLIED;
    s->norder = order == ARW_ORDER_BRITISH_ONLY || order == ARW_ORDER_ALLIED_ONLY ? 1 : 2;
    s->order[0] = (uint8_t)first;
    s->order[1] = (uint8_t)(1 - first);
    s->first_side = (uint8_t)first;
    if (order != ARW_ORDER_INITIATIVE)
        s->initiative = (uint8_t)first; /* B.4 fixed order: the first side "holds" it */
    s->player_turn = 0; /* until the first player turn begins, its side counts as active */
    s->active = (uint8_t)first; /* (a card window may stop the turn's opening phases) */
}

void arw_start_player_turn(gr_game *g, int active)
{
    arw_state *s = arw_st(g);
    s->initiative = (uint8_t)active; /* rolled turns: the active side "won" it */
    arw_turn_order(g);
    s->active = (uint8_t)active;
    s->player_turn = (uint8_t)(s->order[0] == active || s->norder < 2 ? 0 : 1);
}

void arw_restart_opening(gr_game *g)
{
    arw_state *s = arw_st(g);
    s->turn = s->opening[0];
    arw_start_player_turn(g, s->opening[2]);
    arw_phase_begin(g, s->opening[1]);
    arw_run(g);
}

/* Begins the first phase of segment `seg` of the turn, or of the next
 * non-empty segment (player turns in order, then the end segment). */
static void segment_begin(gr_game *g, int seg);

static void new_turn(gr_game *g)
{
    arw_state *s = arw_st(g);
    if (s->turn >= arw_dat(g)->end_turn) {
        end_by_morale(g); /* GR5 D(2): last turn (Savannah ends by VP first: track.c) */
        return;
    }
    arw_sav_next_turn(g); /* GR5 D(3); SAVANNAH: SR1.6-c Case A jump (track.c) */
    arw_turn_order(g);
    segment_begin(g, ARW_SEG_TURN);
}

static void player_turn_begin(gr_game *g, int pt)
{
    arw_state *s = arw_st(g);
    s->player_turn = (uint8_t)pt;
    s->active = s->order[pt]; /* GR5 B(1) */
    segment_begin(g, ARW_SEG_PLAYER);
}

static void segment_begin(gr_game *g, int seg)
{
    const arw_data *d = arw_dat(g);
    if (seg == ARW_SEG_TURN && d->nseq[seg] == 0) {
        player_turn_begin(g, 0);
        return;
    }
    if (seg == ARW_SEG_PLAYER && d->nseq[seg] == 0)
        seg = ARW_SEG_END;
    if (seg == ARW_SEG_END && d->nseq[seg] == 0) {
        new_turn(g);
        return;
    }
    arw_phase_begin(g, d->seq[seg][0]);
}

/* The phase that follows the current one (GR5, scenario sequence); ends
 * the game when due. */
static void phase_next(gr_game *g)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    int i;
    if (d->end_phase == s->phase && s->turn == d->start_turn && s->player_turn == 0) {
        end_by_morale(g); /* the slice is one phase */
        return;
    }
    int seg = arw_seq_find(d, s->phase, &i);
    if (seg < 0) { /* a phase the scenario does not schedule (setup): end the player turn */
        seg = ARW_SEG_PLAYER;
        i = d->nseq[seg];
    }
    if (i + 1 < d->nseq[seg]) {
        arw_phase_begin(g, d->seq[seg][i + 1]);
        return;
    }
    if (seg == ARW_SEG_TURN)
        player_turn_begin(g, 0);
    else if (seg == ARW_SEG_PLAYER && s->player_turn + 1 < s->norder)
        player_turn_begin(g, s->player_turn + 1);
    else if (seg == ARW_SEG_PLAYER)
        segment_begin(g, ARW_SEG_END);
    else
        new_turn(g);
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
    arw_cards_window(g, ARW_CW_OWN_ATTACKS); /* CARDS: Cards 12, 13, 29... (AMB-59) */
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
    if (s->stage >= ARW_ST_SAV) { /* SAVANNAH block (savops.c) */
        arw_sav_pending(g, out);
        return;
    }
    if (s->stage >= ARW_ST_FIRE) {
        arw_fire_pending(g, out);
        return;
    }
    if (s->stage >= ARW_ST_MOVEMENT) {
        arw_movement_pending(g, out);
        return;
    }
    switch (s->stage) {
    case ARW_ST_INITIATIVE: dec = arw_initiative_decision(g, &side); break;
    case ARW_ST_CAV_WD:
        dec = ARW_D_CAV_WITHDRAW;
        side = arw_role_side(g, ARW_DEF);
        break;
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
    case ARW_ST_CARDS: arw_cards_pending(g, out); return; /* CARDS */
    default: break;
    }
    out->decision = (uint16_t)dec;
    out->players = (uint8_t)(dec == ARW_D_NONE || side < 0 ? 0 : 1u << side);
}

/* Moves on from a stage that needs no decision; returns 0 when at rest. */
/* All result tasks are done: back to what was being resolved. */
static void tasks_done(gr_game *g)
{
    arw_state *s = arw_st(g);
    const arw_combat *c = s->cur ? &s->combat[s->cur - 1] : NULL;
    switch (s->rctx.kind) {
    case ARW_RC_CC:
        if (NEVER(!c)) { /* the context closes with the combat */
            phase_next(g);
            break;
        }
        if ((c->flags & ARW_CF_CAV_WD) && c->van[ARW_ATT] == ARW_NO_UNIT) {
            s->van_role = ARW_ATT; /* GR12.4-a: the attacker names the vanguard */
            s->stage = ARW_ST_VANGUARD;
            break;
        }
        arw_advance_begin(g); /* Step 9 */
        break;
    case ARW_RC_FIRE: arw_fire_resume(g); break;
    case ARW_RC_CARD: arw_cards_resume(g); break; /* CARDS: back to the card effect */
    case ARW_RC_SAV: arw_sav_resume(g); break;  /* SAVANNAH (savops.c) */
    default: phase_next(g); break;              /* phase-end checks */
    }
}

static int step_automatic(gr_game *g)
{
    arw_state *s = arw_st(g);
    if (s->stage >= ARW_ST_SAV)
        return 0; /* SAVANNAH: its stage always waits for a player */
    if (s->stage >= ARW_ST_FIRE)
        return arw_fire_auto(g);
    if (s->stage >= ARW_ST_MOVEMENT)
        return arw_movement_auto(g);
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
        tasks_done(g);
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
    int stage = arw_cst(g)->stage;
    if (arw_cst(g)->options & ARW_O_NO_AUTO)
        return 0;
    if (stage >= ARW_ST_FIRE && stage < ARW_ST_SAV && arw_fire_several(g))
        return 0; /* (known without listing the designations) */
    if (stage >= ARW_ST_MOVEMENT && stage < ARW_ST_FIRE && arw_movement_several(g)) {
        arw_scratch_keep(g); /* its facts are the final position's (arw_run ends) */
        return 0; /* (two moves found next to the units, without a search) */
    }
    memset(&p, 0, sizeof p);
    arw_pending(g, &p);
    if (p.kind != GR_PENDING_DECISION || p.players == 0)
        return 0;
    int side = p.players == 1 ? 0 : 1;
    arw_scratch_tasks_forget(g); /* (only candidates of this position are kept) */
    if (arw_legal_upto(g, side, a, 1) != 1) { /* (stops at a second one) */
        if (stage == ARW_ST_DECLARE)
            arw_scratch_decl_keep(g); /* its context is the final position's */
        arw_scratch_tasks_keep(g);    /* so are the top task's candidates */
        return 0;
    }
    arw_exec(g, &a[0]);
    return 1;
}

void arw_run(gr_game *g)
{
    for (int guard = 0; guard < 1000000; guard++) {
        if (arw_cst(g)->stage == ARW_ST_OVER || arw_sav_watch(g)) /* SAVANNAH (savops.c) */
            return;
        if (step_automatic(g))
            continue;
        if (arw_cst(g)->stage == ARW_ST_OVER || !step_forced(g))
            return;
    }
}

/* Actions of the groups' blocks (SAVANNAH, CARDS, FIRE, MOVEMENT); returns 0
 * for the others. */
static int exec_block(gr_game *g, const gr_action *a)
{
    if (a->kind >= ARW_A_ANNOUNCE) /* SAVANNAH block (savops.c) */
        arw_sav_exec(g, a);
    else if (arw_cards_action(a->kind)) /* CARDS block of action kinds */
        arw_cards_exec(g, a);
    else if (a->kind >= ARW_A_ART_FIRE)
        arw_fire_exec(g, a);
    else if (a->kind >= ARW_A_MOVE)
        arw_movement_exec(g, a);
    else
        return 0;
    return 1;
}

void arw_exec(gr_game *g, const gr_action *a)
{
    if (exec_block(g, a))
        return;
    switch (a->kind) {
    case ARW_A_BID:
    case ARW_A_SEIZE:
    case ARW_A_NO_SEIZE:
        arw_initiative_exec(g, a);
        break;
    case ARW_A_CAV_WITHDRAW:
    case ARW_A_NO_CAV_WITHDRAW:
        arw_cav_exec(g, a);
        break;
    case ARW_A_DIVERT:
        arw_declare_exec(g, a);
        break;
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
