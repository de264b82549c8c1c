/* play.c — playing fate cards (vf:4.0-b..d): when the army sheet's fate
 * table lets a card be played, and what it does, through the mechanisms
 * the rules already have (Fire and Combat values, Tenacity, valour dice,
 * move distances, activation, reinforcements, the score).
 *
 * Windows (Interp. A75: the engine asks the holder at each window).  Some
 * windows are decisions of their own (`fate`: `play` ... `pass`), opened
 * for a side whenever it holds a card (the count is public, the cards are
 * not, so the decision itself tells the enemy nothing):
 *   - the start of the enemy's turn (start_of_enemy_turn: Confusion);
 *   - the side's own fate phase, after the draw (own_fate_phase: Les
 *     Grognards, Capture);
 *   - the start of a combat phase with combats to fight, the active side
 *     first (start_of_own_combat_phase, any_combat_phase,
 *     enemy_combat_phase: All Out Attack, Attaque a Outrance, Scum of the
 *     Earth, Defensive Fire).
 * Other cards are played inside the decisions the side already has: in its
 * fire phase (own_fire_phase: Perfect Volleys; on_enemy_chosen_as_fire_target:
 * Directed Fire, played on the unit that is about to fire), and while its
 * activated brigade's units act (before_unit_action: Stubborn, on a unit
 * that has still to act; on_brigade_activated: Vive l'Empereur, before any
 * unit of the brigade has acted).  Tide of Battle is played on the draw
 * (deck.c).  Act on Initiative (any card) is played on a unit of a brigade
 * that failed its activation test (its leader's turn, before the leader
 * moves) or on a unit that failed its messenger test.  Surprise Attack is
 * played on a unit still to act: its next Move leaves it able to act, and
 * then it may only assault (or remain stationary).  Breakthrough has a
 * window at the end of the active side's combat phase (breakthrough.c).
 * Inspiration and Deadly Attack are played in reaction windows inside a
 * resolution (react.c). */
#include "../vf.h"

static int open_window(gr_game *g, int w, int side)
{
    vf_state *st = vf_st(g);
    if (!vf_sd(g)->fate || st->fate[side].nhand == 0)
        return 0;
    st->fx.window = (uint8_t)w;
    st->fx.wside = (uint8_t)side;
    return 1;
}

/* The draw (4.0-a), then the side's own window, then the fire phase. */
static void draw_step(gr_game *g)
{
    vf_fate_draw(g);
    if (!open_window(g, VF_FW_OWN_FATE, vf_cst(g)->active))
        vf_fire_open(g);
}

void vf_fate_turn(gr_game *g)
{
    vf_state *st = vf_st(g);
    st->fx.confused = 0;
    if (!vf_sd(g)->fate) {
        vf_fire_open(g);
        return;
    }
    if (!open_window(g, VF_FW_ENEMY_TURN, 1 - st->active))
        draw_step(g);
}

void vf_fate_phase_begins(gr_game *g)
{
    vf_state *st = vf_st(g);
    const vf_sdata *sd = vf_sd(g);
    for (int b = 0; b < sd->nbrigades; b++)
        st->brigade[b].flags &= (uint8_t)~VF_BF_FATE_PHASE;
    for (int u = 0; u < sd->nunits; u++)
        st->unit[u].flags &= (uint8_t)~VF_UF_DIRECTED;
    st->fx.scum = 0;
    st->fx.allout[0] = st->fx.allout[1] = 0;
    st->fx.initiative = 0;
    st->fx.surprise = st->fx.surprised = 0;
    st->fx.breakthrough = 0;
}

int vf_fate_end_combat_window(gr_game *g)
{
    return open_window(g, VF_FW_END_COMBAT, vf_cst(g)->active);
}

int vf_fate_combat_windows(gr_game *g)
{
    int a = vf_cst(g)->active;
    return open_window(g, VF_FW_COMBAT_ACTIVE, a) || open_window(g, VF_FW_COMBAT_INACTIVE, 1 - a);
}

/* The window closes: what comes after it. */
static void close_window(gr_game *g)
{
    vf_state *st = vf_st(g);
    int w = st->fx.window;
    st->fx.window = VF_FW_NONE;
    switch (w) {
    case VF_FW_ENEMY_TURN:
        draw_step(g);
        break;
    case VF_FW_OWN_FATE:
        vf_fire_open(g);
        break;
    case VF_FW_COMBAT_ACTIVE:
        if (!open_window(g, VF_FW_COMBAT_INACTIVE, 1 - st->active))
            vf_combat_advance(g);
        break;
    case VF_FW_END_COMBAT:
        vf_combat_advance(g); /* the combats are over: the end of the phase */
        break;
    case VF_FW_HITS:
    case VF_FW_VALOUR:
    case VF_FW_FORTITUDE:
        vf_react_close(g, w); /* the resolution goes on (react.c) */
        break;
    default:
        vf_combat_advance(g);
        break;
    }
}

/* ------------------------------------------------------------ checks */

static int in_window(const vf_state *st, int side, int w)
{
    return st->fx.window == w && st->fx.wside == side;
}

static int combat_window(const vf_state *st, int side)
{
    return in_window(st, side, VF_FW_COMBAT_ACTIVE) || in_window(st, side, VF_FW_COMBAT_INACTIVE);
}

static int own_fire_phase(const vf_state *st, int side)
{
    return st->fx.window == VF_FW_NONE && st->phase == VF_PHASE_FIRE && st->active == side;
}

static int units_step(const vf_state *st, int side)
{
    return st->fx.window == VF_FW_NONE && st->phase == VF_PHASE_ACTION && st->active == side &&
           st->step == VF_STEP_UNITS && vf_moving_unit(st) < 0;
}

/* Is the window of card c open for side now? */
static int timing_open(const gr_game *g, int side, const vf_fate_card *c)
{
    const vf_state *st = vf_cst(g);
    switch (c->hook) {
    case VF_FH_GROGNARDS:
    case VF_FH_CAPTURE:
        return in_window(st, side, VF_FW_OWN_FATE);
    case VF_FH_CONFUSION:
        return in_window(st, side, VF_FW_ENEMY_TURN);
    case VF_FH_FIRE_BRIGADE:
    case VF_FH_DIRECTED:
        return own_fire_phase(st, side);
    case VF_FH_STUBBORN:
    case VF_FH_MOVE_BRIGADE:
    case VF_FH_SURPRISE:
        return units_step(st, side);
    case VF_FH_ALL_OUT:
        return in_window(st, side, VF_FW_COMBAT_ACTIVE);
    case VF_FH_COMBAT_COLUMN:
    case VF_FH_SCUM:
        return combat_window(st, side);
    case VF_FH_COMBAT_INFANTRY:
        return in_window(st, side, VF_FW_COMBAT_INACTIVE);
    case VF_FH_BREAKTHROUGH:
        return in_window(st, side, VF_FW_END_COMBAT);
    case VF_FH_DEADLY:
    case VF_FH_INSPIRATION:
        return vf_react_timing(st, side, c->hook); /* react.c */
    default:
        return 0; /* played on the draw (Tide), or no window in this version */
    }
}

static int brigade_acted(const gr_game *g, int b)
{
    const vf_sdata *sd = vf_sd(g);
    for (int u = 0; u < sd->nunits; u++)
        if (sd->unit[u].brigade == b && (vf_cst(g)->unit[u].flags & VF_UF_ACTED))
            return 1;
    return 0;
}

/* Own unit on the table. */
static int own_unit(const gr_game *g, int side, int on)
{
    const vf_sdata *sd = vf_sd(g);
    return on >= 0 && on < sd->nunits && sd->unit[on].side == side &&
           vf_cst(g)->unit[on].status == VF_UNIT_ON;
}

/* Own brigade, not broken, without the flag yet. */
static int own_brigade(const gr_game *g, int side, int on, unsigned flag)
{
    const vf_sdata *sd = vf_sd(g);
    int b = vf_id_brigade(sd, on);
    return b >= 0 && sd->brigade[b].side == side &&
           !(vf_cst(g)->brigade[b].flags & (VF_BF_BROKEN | flag));
}

/* Is `on` a target card c may name? */
static int target_ok(const gr_game *g, int side, const vf_fate_card *c, int on)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    switch (c->hook) {
    case VF_FH_GROGNARDS: /* Interp. D8: it holds a casualty marker now */
        return own_unit(g, side, on) && st->unit[on].markers > 0;
    case VF_FH_CAPTURE: {
        int o = vf_id_objective(sd, on);
        return o >= 0 && st->objective[o] == 2 - side && !(st->fx.captured[side] & (1u << o));
    }
    case VF_FH_FIRE_BRIGADE:
        return own_brigade(g, side, on, VF_BF_FATE_FIRE);
    case VF_FH_DIRECTED:
        return own_unit(g, side, on) && !(st->unit[on].flags & (VF_UF_FIRED | VF_UF_DIRECTED));
    case VF_FH_STUBBORN:
        return on >= 0 && on < sd->nunits && st->unit[on].markers > 0 &&
               vf_actor_check(g, on, side, NULL) == GR_OK;
    case VF_FH_SURPRISE: /* a unit still to act that may assault (6.5.1-a/b) */
        return on >= 0 && on < sd->nunits && vf_actor_check(g, on, side, NULL) == GR_OK &&
               vf_unit_profile(sd, on)->type != VF_ARTILLERY && !vf_in_enemy_contact(g, on);
    case VF_FH_MOVE_BRIGADE:
        return st->current && on == vf_brigade_id(sd, st->current - 1) &&
               own_brigade(g, side, on, VF_BF_FATE_MOVE) && !brigade_acted(g, st->current - 1);
    case VF_FH_ALL_OUT: {
        int l = vf_id_leader(sd, on);
        return l >= 0 && sd->leader[l].side == side && st->leader[l].status == VF_UNIT_ON &&
               !st->fx.allout[side];
    }
    case VF_FH_COMBAT_COLUMN:
        return own_brigade(g, side, on, VF_BF_FATE_COLUMN);
    case VF_FH_COMBAT_INFANTRY:
        return own_brigade(g, side, on, VF_BF_FATE_INFANTRY);
    case VF_FH_BREAKTHROUGH:
        return own_brigade(g, side, on, 0);
    case VF_FH_SCUM:
        return on < 0 && !(st->fx.scum & (1u << side));
    default:
        return on < 0; /* Confusion names nothing */
    }
}

/* Act on Initiative (the fate table's "any card"): after side's brigade
 * failed its activation test (its leader's turn, before the leader moves:
 * one unit of it), or after unit `on` failed its messenger test this phase
 * (while its brigade's units act).  One unit per brigade. */
static int initiative_ok(const gr_game *g, int side, int on)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    if (sd->army[side].any_card < 0 || !own_unit(g, side, on) || !st->current ||
        sd->unit[on].brigade != st->current - 1 || st->fx.window || st->phase != VF_PHASE_ACTION ||
        st->active != side || vf_moving_unit(st) >= 0)
        return 0;
    int used = st->fx.initiative && sd->unit[st->fx.initiative - 1].brigade == st->current - 1;
    if (used || ((st->unit[on].flags & VF_UF_FIRED) && !(st->unit[on].flags & VF_UF_SKIRMISHED)))
        return 0; /* 5.0-e: a unit that fired takes no action */
    if (st->step == VF_STEP_LEADER && !(st->brigade[st->current - 1].flags & VF_BF_ACTIVATED))
        return 1;
    /* the brigade's units, or its leader's turn when that unit was the last */
    return (st->step == VF_STEP_UNITS || st->step == VF_STEP_LEADER) &&
           (st->unit[on].flags & VF_UF_MSG_FAILED);
}

/* The entry a card is played as: its own, or Act on Initiative. */
static const vf_fate_card *played_as(const gr_game *g, int side, int rank, int on)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_fate_card *c = vf_fate_entry(sd, side, rank);
    if (c && timing_open(g, side, c) && target_ok(g, side, c, on))
        return c;
    return initiative_ok(g, side, on) ? &sd->army[side].card[sd->army[side].any_card] : NULL;
}

gr_status vf_fate_check(const gr_game *g, int side, int rank, int on, gr_error *why)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    if (rank < 0 || rank >= VF_FATE_CARDS)
        return gr_failst(why, GR_ERR_ARG, NULL, "play: no card %d", rank);
    if (!sd->fate || !(st->fate[side].hand & (1u << rank)))
        return gr_fail(why, "vf:4.0-a", "side %s holds no %s", vf_side_names[side & 1],
                       vf_card_names[rank]);
    if (played_as(g, side, rank, on))
        return GR_OK;
    const vf_fate_card *c = vf_fate_entry(sd, side, rank);
    if (!c || !timing_open(g, side, c))
        return gr_fail(why, "vf:4.0-b", "%s (%s) cannot be played now (its fate table: %s)",
                       vf_card_names[rank], c ? c->name : "no entry",
                       c ? vf_fate_timings[c->timing] : "-");
    if (!target_ok(g, side, c, on))
        return gr_fail(why, "vf:4.0-b", "%s (%s) cannot be played on %s",
                       vf_card_names[rank], c->name, on >= 0 ? vf_id_name(sd, on) : "nothing");
    return GR_OK;
}

/* ------------------------------------------------------------ playing */

/* Confusion (start of the enemy's turn): no automatic activation this
 * turn (6.1.1); the reinforcements due now come a turn later (11.0-e). */
static void confuse(gr_game *g)
{
    vf_state *st = vf_st(g);
    const vf_sdata *sd = vf_sd(g);
    int a = st->active, turn = st->turns[a];
    st->fx.confused |= (uint8_t)(1u << a);
    for (int u = 0; u < sd->nunits; u++)
        if (sd->unit[u].side == a && st->unit[u].status == VF_UNIT_OFF && vf_reinforcement_due(g, u))
            st->unit[u].not_before = (uint8_t)(turn + 1);
}

static void effect(gr_game *g, int side, const vf_fate_card *c, int on)
{
    vf_state *st = vf_st(g);
    const vf_sdata *sd = vf_sd(g);
    switch (c->hook) {
    case VF_FH_GROGNARDS:
        st->unit[on].combat_adj++;
        st->unit[on].tenacity_adj++;
        break;
    case VF_FH_CAPTURE:
        st->fx.captured[side] |= (uint8_t)(1u << vf_id_objective(sd, on));
        break;
    case VF_FH_CONFUSION:
        confuse(g);
        break;
    case VF_FH_FIRE_BRIGADE:
        st->brigade[vf_id_brigade(sd, on)].flags |= VF_BF_FATE_FIRE;
        break;
    case VF_FH_DIRECTED:
        st->unit[on].flags |= VF_UF_DIRECTED;
        break;
    case VF_FH_STUBBORN:
        st->unit[on].markers--;
        break;
    case VF_FH_MOVE_BRIGADE:
        st->brigade[vf_id_brigade(sd, on)].flags |= VF_BF_FATE_MOVE;
        break;
    case VF_FH_ALL_OUT:
        st->fx.allout[side] = (uint8_t)(vf_id_leader(sd, on) + 1);
        break;
    case VF_FH_COMBAT_COLUMN:
        st->brigade[vf_id_brigade(sd, on)].flags |= VF_BF_FATE_COLUMN;
        break;
    case VF_FH_COMBAT_INFANTRY:
        st->brigade[vf_id_brigade(sd, on)].flags |= VF_BF_FATE_INFANTRY;
        break;
    case VF_FH_SCUM:
        st->fx.scum |= (uint8_t)(1u << side);
        break;
    case VF_FH_BREAKTHROUGH:
        vf_breakthrough_begin(g, vf_id_brigade(sd, on));
        break;
    case VF_FH_SURPRISE:
        st->fx.surprise = (uint8_t)(on + 1);
        st->fx.surprised = 0;
        break;
    case VF_FH_DEADLY:
    case VF_FH_INSPIRATION:
        vf_react_played(g); /* its effect comes as the window closes (react.c) */
        break;
    case VF_FH_INITIATIVE: /* the unit may take an action (no messenger test) */
        st->fx.initiative = (uint8_t)(on + 1);
        st->unit[on].flags &= (uint8_t)~(VF_UF_ACTED | VF_UF_MSG_FAILED);
        st->step = VF_STEP_UNITS;
        break;
    default:
        (void)NEVER(1);
        break;
    }
}

gr_status vf_fate_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    vf_state *st = vf_st(g);
    int side = a->player;
    if (a->kind == VF_ACT_PASS) {
        if (!st->fx.window || st->fx.wside != side)
            return gr_fail(why, "vf:4.0-d", "no fate window is open for side %s",
                           vf_side_names[side & 1]);
        close_window(g);
        return GR_OK;
    }
    if (a->kind != VF_ACT_PLAY)
        return gr_fail(why, "vf:4.0-d", "side %s may play fate cards now, or pass",
                       vf_side_names[side & 1]);
    int rank = a->arg[0], on = a->arg[1];
    gr_status s = vf_fate_check(g, side, rank, on, why);
    if (s != GR_OK)
        return s;
    const vf_fate_card *c = played_as(g, side, rank, on);
    vf_fate_state *f = &st->fate[side];
    f->hand &= (uint16_t)~(1u << rank);
    f->discard |= (uint16_t)(1u << rank); /* vf:4.0-c */
    f->nhand--;
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_FATE_PLAY, 3, side, rank, on);
    effect(g, side, c, on);
    if (st->fx.window && (f->nhand == 0 || vf_react_window(st->fx.window)))
        close_window(g); /* a reaction window takes its one card */
    return GR_OK;
}

gr_status vf_fate_surprise_check(const gr_game *g, int u, int kind, gr_error *why)
{
    const vf_state *st = vf_cst(g);
    if (st->fx.surprise != u + 1 || !st->fx.surprised || kind == VF_MK_ASSAULT)
        return GR_OK;
    return gr_fail(why, "vf:4.0-b", "Surprise Attack: %s has made its move; it assaults now "
                   "(or remains stationary)", vf_sd(g)->unit[u].id);
}

void vf_fate_after_move(gr_game *g, int u, int kind)
{
    vf_state *st = vf_st(g);
    if (kind == VF_MK_MOVE && st->fx.surprise == u + 1 && !st->fx.surprised) {
        st->fx.surprised = 1;
        st->unit[u].flags &= (uint8_t)~VF_UF_ACTED;
    }
}

/* ------------------------------------------------------------ candidates */

/* Writes the action when there is room; counts it either way (gr_rules.legal
 * returns how many there are, even beyond cap). */
static int push(gr_action *out, int n, int cap, int player, int kind, int rank, int on)
{
    gr_action a = {.kind = (uint16_t)kind, .player = (uint8_t)player,
                   .nargs = kind == VF_ACT_PLAY ? 2 : 0, .arg = {rank, on}};
    if (n < cap)
        out[n] = a;
    return n + 1;
}

int vf_fate_legal(const gr_game *g, int player, gr_action *out, int cap)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    int n = 0, ids = sd->nunits + sd->nbrigades + sd->nleaders + sd->nobjectives;
    if (!sd->fate || player < 0 || player >= VF_SIDES || !st->fate[player].hand)
        return in_window(st, player, st->fx.window) && st->fx.window
                   ? push(out, 0, cap, player, VF_ACT_PASS, 0, 0)
                   : 0;
    for (int r = 0; r < VF_FATE_CARDS; r++) {
        if (!(st->fate[player].hand & (1u << r)))
            continue;
        for (int on = -1; on < ids; on++)
            if (played_as(g, player, r, on))
                n = push(out, n, cap, player, VF_ACT_PLAY, r, on);
    }
    if (st->fx.window && st->fx.wside == player)
        n = push(out, n, cap, player, VF_ACT_PASS, 0, 0);
    return n;
}
