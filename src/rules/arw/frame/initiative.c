/* initiative.c — the initiative segment (GR6, B.4): fixed player orders
 * from the scenario, or each player rolls d10 + his army's initiative
 * modifier (GR16.2), ties re-rolled; [Advanced] momentum bids of +2 per
 * chit declared by the previous initiative holder first, and after the
 * rolls 3 chits to void them and choose who goes first (GR6.2, GR12.62,
 * AMB-36). */
#include "../arw.h"

#define SEIZE_COST(g) (arw_dat(g)->t.init_seize_cost) /* GR6.2, after the rolls */
#define BID_BONUS(g) (arw_dat(g)->t.init_bid_bonus)   /* GR6.2, per chit bid     */

static int initiative_mod(const gr_game *g, int side)
{
    const arw_tables *t = &arw_dat(g)->t;
    int army = arw_side_army(side); /* the Allies: the French, SR4.19-I-a */
    return t->level[arw_level_of(t, arw_cst(g)->morale[army])].init_mod; /* GR6.1-a */
}

static void decide(gr_game *g, int side, int seized)
{
    arw_state *s = arw_st(g);
    s->initiative = (uint8_t)side;
    s->init_step = ARW_INIT_DONE;
    arw_emit(g, ARW_E_INITIATIVE, 2, side, seized);
    arw_turn_order(g);
    arw_phase_end(g);
}

/* Side that may spend 3 chits now (GR6.2, AMB-36 order), or -1. */
static int seize_decider(const gr_game *g)
{
    const arw_state *s = arw_cst(g);
    int holder = s->initiative;
    if (s->init_step == ARW_INIT_SEIZE_FIRST && s->momentum[holder] >= SEIZE_COST(g))
        return holder;
    if (s->init_step <= ARW_INIT_SEIZE_SECOND && s->momentum[1 - holder] >= SEIZE_COST(g))
        return 1 - holder;
    return -1;
}

/* Seizing step, or the decision by the rolls. */
static void seize_or_decide(gr_game *g)
{
    arw_state *s = arw_st(g);
    if (s->init_step == ARW_INIT_BID)
        s->init_step = ARW_INIT_SEIZE_FIRST;
    if ((s->options & ARW_O_ADVANCED) && seize_decider(g) >= 0) {
        s->stage = ARW_ST_INITIATIVE;
        return;
    }
    decide(g, s->init_roll[ARW_BRITISH] > s->init_roll[ARW_ALLIED] ? ARW_BRITISH : ARW_ALLIED, 0);
}

/* Both bids known: spend them and roll until the totals differ (GR6.1-b). */
static void roll(gr_game *g)
{
    arw_state *s = arw_st(g);
    for (int side = 0; side < ARW_NSIDES; side++)
        for (int i = 0; i < s->init_bid[side]; i++)
            arw_momentum_spend(g, side); /* GR12.62: back to the pool */
    do {
        for (int side = 0; side < ARW_NSIDES; side++)
            s->init_roll[side] = (int8_t)(gr_roll(g, 0, 10, ARW_ROLL_INITIATIVE) +
                                          initiative_mod(g, side) +
                                          BID_BONUS(g) * s->init_bid[side]);
        arw_emit(g, ARW_E_INIT_ROLLS, 2, s->init_roll[ARW_BRITISH], s->init_roll[ARW_ALLIED]);
    } while (s->init_roll[ARW_BRITISH] == s->init_roll[ARW_ALLIED]);
    seize_or_decide(g);
}

/* Side to bid now (previous holder first), or -1 when both have. */
static int bid_decider(const arw_state *s)
{
    int holder = s->initiative;
    if (s->init_bid[holder] < 0)
        return holder;
    return s->init_bid[1 - holder] < 0 ? 1 - holder : -1;
}

void arw_initiative_begin(gr_game *g)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    int turn = s->turn <= ARW_MAX_TURNS ? s->turn : ARW_MAX_TURNS;
    if (d->order[turn] != ARW_ORDER_INITIATIVE) { /* B.4: a fixed order */
        arw_turn_order(g);
        arw_phase_end(g);
        return;
    }
    if (arw_cards_initiative(g) >= 0) { /* CARDS: Card 47 (AMB-62) overrides the roll */
        decide(g, arw_cards_initiative(g), 0);
        return;
    }
    s->init_step = ARW_INIT_BID;
    s->init_roll[0] = s->init_roll[1] = 0;
    for (int side = 0; side < ARW_NSIDES; side++) /* no chits, or basic rules: nothing to bid */
        s->init_bid[side] = (int8_t)((s->options & ARW_O_ADVANCED) && s->momentum[side] ? -1 : 0);
    if (bid_decider(s) >= 0) {
        s->stage = ARW_ST_INITIATIVE;
        return;
    }
    roll(g);
}

int arw_initiative_decision(const gr_game *g, int *side)
{
    const arw_state *s = arw_cst(g);
    if (s->init_step == ARW_INIT_BID) {
        *side = bid_decider(s);
        return ARW_D_INIT_BID;
    }
    *side = seize_decider(g);
    return ARW_D_INIT_SEIZE;
}

gr_status arw_initiative_check(const gr_game *g, const gr_action *a, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    int side;
    if (s->stage != ARW_ST_INITIATIVE)
        return gr_fail(err, "arw:GR6.1-a", "the initiative is not being determined now");
    int dec = arw_initiative_decision(g, &side);
    if (side != a->player)
        return gr_fail(err, "arw:GR6.2", "the other player decides first (the previous "
                       "initiative holder declares first)");
    if (a->kind == ARW_A_BID) {
        if (dec != ARW_D_INIT_BID)
            return gr_fail(err, "arw:GR6.2", "momentum is bid before the rolls");
        if (a->arg[0] < 0 || a->arg[0] > s->momentum[side])
            return gr_fail(err, "arw:GR6.2", "you hold %d momentum chits", s->momentum[side]);
        return GR_OK;
    }
    if (dec != ARW_D_INIT_SEIZE)
        return gr_fail(err, "arw:GR6.2", "the 3-chit choice comes after the rolls");
    if (a->kind == ARW_A_SEIZE && (a->arg[0] < 0 || a->arg[0] >= ARW_NSIDES))
        return gr_fail(err, "arw:GR6.2", "name the side that goes first");
    return GR_OK;
}

void arw_initiative_exec(gr_game *g, const gr_action *a)
{
    arw_state *s = arw_st(g);
    if (a->kind == ARW_A_BID) {
        s->init_bid[a->player] = (int8_t)a->arg[0];
        arw_emit(g, ARW_E_INIT_BID, 2, a->player, a->arg[0]);
        if (bid_decider(s) < 0)
            roll(g);
        return;
    }
    if (a->kind == ARW_A_SEIZE) {
        for (int i = 0; i < SEIZE_COST(g); i++)
            arw_momentum_spend(g, a->player);
        decide(g, a->arg[0], 1);
        return;
    }
    s->init_step = (uint8_t)(a->player == s->initiative ? ARW_INIT_SEIZE_SECOND : ARW_INIT_DONE);
    seize_or_decide(g);
}

int arw_initiative_legal(const gr_game *g, int side, gr_action *out, int cap)
{
    const arw_state *s = arw_cst(g);
    int who, n = 0;
    if (s->stage != ARW_ST_INITIATIVE)
        return 0;
    int dec = arw_initiative_decision(g, &who);
    if (who != side)
        return 0;
    if (dec == ARW_D_INIT_BID) {
        for (int c = 0; c <= s->momentum[side]; c++)
            arw_put_action(out, cap, &n, side, ARW_A_BID, c, 0);
        return n;
    }
    arw_put_action(out, cap, &n, side, ARW_A_NO_SEIZE, 0, 0);
    arw_put_action(out, cap, &n, side, ARW_A_SEIZE, ARW_BRITISH, 0);
    arw_put_action(out, cap, &n, side, ARW_A_SEIZE, ARW_ALLIED, 0);
    return n;
}
