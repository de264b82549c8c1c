/* combat.c — resolving one close combat (GR12.23): the attacker's choice of
 * the next combat, Step 1 odds (T-CRT normative note, GR12.3-b artillery
 * capture), Step 2 vanguards, Step 5 the roll and the CRT, Step 6 momentum
 * re-rolls, and the end of a combat. */
#include "../arw.h"

int arw_role_side(const gr_game *g, int role)
{
    int active = arw_cst(g)->active;
    return role == ARW_ATT ? active : 1 - active;
}

int arw_odds_column(const arw_tables *t, int att, int def, int *below)
{
    *below = 0;
    for (int i = t->ncols - 1; i >= 0; i--)
        if (att * t->col_den[i] >= def * t->col_num[i])
            return i;
    *below = 1; /* worse than the first column: use it with a DRM */
    return 0;
}

/* Step 1 strength of unit u (GR12.3-a, GR13.3-c, GR13.4-c, SR4.9-f). */
static int combat_sp(const gr_game *g, int u, int role)
{
    const arw_unit *x = &arw_cst(g)->unit[u];
    const arw_tables *t = &arw_dat(g)->t;
    if (arw_dat(g)->unit[u].kind == ARW_K_ARTILLERY)
        return 0;
    int sp = arw_unit_sp(g, u);
    if (x->flags & ARW_U_LOST)
        sp = (sp + 1) / 2;
    if (role == ARW_DEF && x->status == ARW_DISRUPTED)
        sp = t->disrupted_round_up ? (sp + 1) / 2 : sp / 2;
    if (role == ARW_DEF && x->status == ARW_SHATTERED)
        sp = t->shattered_sp;
    return sp;
}

int arw_combat_sp(const gr_game *g, int k, int role)
{
    const arw_data *d = arw_dat(g);
    int side = arw_role_side(g, role), sp = 0;
    for (int u = 0; u < d->nunits; u++)
        if (arw_participant(g, k, u) && d->unit[u].side == side)
            sp += combat_sp(g, u, role);
    return sp;
}

/* Counts participants of `role` (non-artillery in *combat). */
static int count_role(const gr_game *g, int k, int role, int *combat)
{
    const arw_data *d = arw_dat(g);
    int side = arw_role_side(g, role), n = 0;
    *combat = 0;
    for (int u = 0; u < d->nunits; u++)
        if (arw_participant(g, k, u) && d->unit[u].side == side) {
            n++;
            *combat += d->unit[u].kind != ARW_K_ARTILLERY;
        }
    return n;
}

int arw_role_army(const gr_game *g, int k, int role)
{
    const arw_data *d = arw_dat(g);
    int side = arw_role_side(g, role), legion = -1;
    for (int u = 0; u < d->nunits; u++) {
        if (!arw_participant(g, k, u) || d->unit[u].side != side)
            continue;
        if (!(d->unit[u].flags & ARW_F_WITH_FRENCH))
            return d->unit[u].army;
        legion = d->unit[u].army;
    }
    if (legion >= 0)
        return legion;
    return arw_side_army(side); /* AMB-51 */
}

/* GR12.14: any attacking unit of combat k adjacent to the diverted stack. */
static int diversion_penalty(const gr_game *g, int k)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    if (!s->diverted)
        return 0;
    for (int u = 0; u < d->nunits; u++)
        if (arw_participant(g, k, u) && d->unit[u].side == s->active &&
            arw_dir(d, s->unit[u].hex, s->diverted - 1) >= 0)
            return 1;
    return 0;
}

void arw_combat_start(gr_game *g, int k)
{
    arw_state *s = arw_st(g);
    const arw_tables *t = &arw_dat(g)->t;
    arw_combat *c = &s->combat[k];
    int att_combat, def_combat, below;
    s->cur = (uint8_t)(k + 1);
    c->state = ARW_CS_ACTIVE;
    arw_hs_artillery_attacked(g, k); /* HS-sr1: from now on it may move */
    for (int a = 0; a < ARW_NARMIES; a++) /* GR16.24-a */
        c->level[a] = (uint8_t)arw_level_of(t, s->morale[a]);
    c->army[ARW_ATT] = (uint8_t)arw_role_army(g, k, ARW_ATT);
    c->army[ARW_DEF] = (uint8_t)arw_role_army(g, k, ARW_DEF);
    int att_side = arw_role_side(g, ARW_ATT);
    arw_rctx_begin(g, ARW_RC_CC, c->army[att_side == ARW_BRITISH ? ARW_ATT : ARW_DEF],
                   c->army[att_side == ARW_BRITISH ? ARW_DEF : ARW_ATT]);
    c->sp[ARW_ATT] = (int16_t)arw_combat_sp(g, k, ARW_ATT);
    c->sp[ARW_DEF] = (int16_t)arw_combat_sp(g, k, ARW_DEF);
    c->column = (int8_t)arw_odds_column(t, c->sp[ARW_ATT], c->sp[ARW_DEF], &below);
    if (diversion_penalty(g, k)) { /* GR12.14: one column left, after the basic column */
        c->flags |= ARW_CF_DIVERTED;
        if (c->column > 0)
            c->column--;
        else
            below = 1; /* reading: left of 1-3 is "below 1-3" (its DRM) */
    }
    for (int shift = arw_cards_column_shift(g, k); shift > 0; shift--) { /* CARDS: Card 36 */
        if (below)
            below = 0; /* one column right of "below 1-3" is 1-3 */
        else if (c->column + 1 < t->ncols)
            c->column++;
    }
    if (below)
        c->flags |= ARW_CF_BELOW;
    arw_emit(g, ARW_E_ODDS, 5, k + 1, c->sp[ARW_ATT], c->sp[ARW_DEF], c->column, below);
    int natt = count_role(g, k, ARW_ATT, &att_combat);
    int ndef = count_role(g, k, ARW_DEF, &def_combat);
    if (natt == 0 || ndef == 0 || att_combat == 0) { /* nothing left to fight: cancelled */
        arw_combat_finish(g);
        return;
    }
    if (def_combat == 0) { /* GR12.3-b: all defenders artillery */
        c->flags |= ARW_CF_ART_CAPTURE;
        for (int u = arw_dat(g)->nunits - 1; u >= 0; u--)
            if (arw_participant(g, k, u) && arw_dat(g)->unit[u].side == arw_role_side(g, ARW_DEF))
                arw_capture(g, u, c->army[ARW_ATT]);
        if (s->stage == ARW_ST_OVER)
            return;
    } /* the attacker still names the vanguard that must advance */
    else if (arw_cav_withdraw_possible(g, k)) {
        s->stage = ARW_ST_CAV_WD; /* GR12.4-a: the defender may withdraw */
        return;
    }
    s->van_role = ARW_ATT;
    s->stage = ARW_ST_VANGUARD;
}

int arw_vanguard_candidates(const gr_game *g, int k, int role, int *out, int cap)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int side = arw_role_side(g, role), n = 0, any_ready = 0, any_enter = 0;
    int cand[ARW_MAX_UNITS], ready[ARW_MAX_UNITS], enter[ARW_MAX_UNITS];
    for (int u = 0; u < d->nunits; u++) {
        if (!arw_participant(g, k, u) || d->unit[u].side != side ||
            d->unit[u].kind == ARW_K_ARTILLERY)
            continue;
        ready[n] = s->unit[u].status == ARW_READY;
        enter[n] = 0;
        for (int j = 0; role == ARW_ATT && j < s->combat[k].ndhex; j++)
            enter[n] |= arw_terrain_enterable(g, u, s->unit[u].hex, s->combat[k].dhex[j]);
        any_ready |= ready[n];
        any_enter |= enter[n];
        cand[n++] = u;
    }
    int m = 0;
    for (int i = 0; i < n; i++) {
        if (any_ready && !ready[i])
            continue; /* GR12.23 Step 2: ready-to-parade if any is */
        if (role == ARW_ATT && any_enter && !enter[i])
            continue; /* Step 2: not a unit that could not advance */
        if (m < cap)
            out[m] = cand[i];
        m++;
    }
    return m;
}

/* Step 5: roll, clamp, read the CRT. */
static void roll_crt(gr_game *g)
{
    arw_state *s = arw_st(g);
    const arw_tables *t = &arw_dat(g)->t;
    arw_combat *c = &s->combat[s->cur - 1];
    int roll = gr_roll(g, 0, 10, ARW_ROLL_CC);
    int drm = c->base_drm + c->tactic_drm;
    int v = roll + drm;
    if (v < t->roll_min)
        v = t->roll_min;
    if (v > t->roll_max)
        v = t->roll_max;
    c->roll = (int8_t)roll;
    c->final = (int8_t)v;
    c->flags |= ARW_CF_ROLLED;
    c->res[ARW_ATT] = t->crt[v - t->roll_min][c->column][ARW_ATT];
    c->res[ARW_DEF] = t->crt[v - t->roll_min][c->column][ARW_DEF];
    if ((s->options & ARW_O_AMB04_R) && v == t->alt_roll && c->column == t->alt_col) {
        c->res[ARW_ATT] = t->alt_cell[ARW_ATT]; /* AMB-04 [ES] reading */
        c->res[ARW_DEF] = t->alt_cell[ARW_DEF];
    }
    arw_emit(g, ARW_E_CC_RESULT, 6, s->cur, roll, drm, v, arw_rcode_index(c->res[ARW_ATT]),
             arw_rcode_index(c->res[ARW_DEF]));
}

int arw_momentum_decider(const gr_game *g)
{
    const arw_state *s = arw_cst(g);
    if (!(s->options & ARW_O_ADVANCED) || s->stage != ARW_ST_MOMENTUM || !s->cur)
        return -1;
    const arw_combat *c = &s->combat[s->cur - 1];
    int def = arw_role_side(g, ARW_DEF), att = 1 - def;
    int first = s->momentum[att] < s->momentum[def] ? att : def; /* fewer; defender if tied */
    int order[2] = {first, 1 - first};
    for (int i = 0; i < 2; i++)
        if (s->momentum[order[i]] > 0 && !(c->declined & (1u << order[i])))
            return order[i];
    return -1;
}

void arw_combat_roll(gr_game *g)
{
    roll_crt(g);
    arw_st(g)->stage = ARW_ST_MOMENTUM; /* flow.c moves on when nobody may re-roll */
}

void arw_combat_finish(gr_game *g)
{
    arw_state *s = arw_st(g);
    if (s->cur)
        s->combat[s->cur - 1].state = ARW_CS_DONE;
    for (int u = 0; u < arw_dat(g)->nunits; u++) {
        arw_unit *x = &s->unit[u];
        x->flags &= (uint16_t)~(ARW_U_RETREATED | ARW_U_ADVANCED);
        if ((x->flags & ARW_U_GUEST) && x->combat == s->cur)
            x->flags &= (uint16_t)~ARW_U_GUEST; /* its combat is over */
    }
    s->cur = 0;
    arw_rctx_end(g);
    s->stage = ARW_ST_PICK;
}

/* ---------------------------------------------------------------- actions */

static int combat_open(const arw_state *s, int n)
{
    return n >= 1 && n <= s->ncombats && s->combat[n - 1].state == ARW_CS_DECLARED;
}

static gr_status check_vanguard(const gr_game *g, const gr_action *a, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    int cand[ARW_MAX_UNITS];
    if (s->stage != ARW_ST_VANGUARD)
        return gr_fail(err, "arw:GR12.23", "vanguards are chosen at Step 2");
    int n = arw_vanguard_candidates(g, s->cur - 1, s->van_role, cand, ARW_MAX_UNITS);
    for (int i = 0; i < n; i++)
        if (cand[i] == a->arg[0])
            return GR_OK;
    return gr_fail(err, "arw:GR12.23", "the vanguard must be a participating non-artillery "
                   "unit, ready if any is, able to advance if any is (Step 2)");
}

gr_status arw_combat_check(const gr_game *g, const gr_action *a, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    if (s->stage == ARW_ST_DECLARE)
        return gr_fail(err, "arw:GR12.21-a", "all combats are declared before any is resolved");
    switch (a->kind) {
    case ARW_A_RESOLVE:
        if (s->stage != ARW_ST_PICK)
            return gr_fail(err, "arw:GR12.23", "combats are resolved one at a time");
        return combat_open(s, a->arg[0]) ? GR_OK
               : gr_fail(err, "arw:GR12.23", "no unresolved combat %d", a->arg[0]);
    case ARW_A_VANGUARD:
        return check_vanguard(g, a, err);
    default: /* re-roll offers */
        if (s->stage != ARW_ST_MOMENTUM || arw_momentum_decider(g) != a->player)
            return gr_fail(err, "arw:GR12.23", "no momentum re-roll is offered to you now "
                           "(Step 6)");
        return GR_OK;
    }
}

static void exec_vanguard(gr_game *g, int u)
{
    arw_state *s = arw_st(g);
    arw_combat *c = &s->combat[s->cur - 1];
    c->van[s->van_role] = (int16_t)u;
    arw_emit(g, ARW_E_VANGUARD, 2, s->cur, u);
    if (c->flags & (ARW_CF_ART_CAPTURE | ARW_CF_CAV_WD)) {
        s->stage = ARW_ST_TASKS; /* straight to Step 9 */
        return;
    }
    if (s->van_role == ARW_ATT) {
        s->van_role = ARW_DEF;
        return;
    }
    c->base_drm = (int8_t)arw_combat_drm(g, s->cur - 1);
    arw_emit(g, ARW_E_DRM, 2, s->cur, c->base_drm);
    s->chit_secret[0] = s->chit_secret[1] = 0;
    s->stage = ARW_ST_CHITS;
}

void arw_combat_exec(gr_game *g, const gr_action *a)
{
    arw_state *s = arw_st(g);
    switch (a->kind) {
    case ARW_A_RESOLVE:
        arw_combat_start(g, a->arg[0] - 1);
        break;
    case ARW_A_VANGUARD:
        exec_vanguard(g, a->arg[0]);
        break;
    case ARW_A_REROLL:
        arw_momentum_spend(g, a->player);
        arw_emit(g, ARW_E_REROLL, 1, a->player);
        s->combat[s->cur - 1].declined = 0; /* a new visit to Step 6 */
        roll_crt(g);
        break;
    default:
        s->combat[s->cur - 1].declined |= (uint8_t)(1u << a->player);
        break;
    }
}

int arw_combat_legal(const gr_game *g, int side, gr_action *out, int cap)
{
    const arw_state *s = arw_cst(g);
    int n = 0, cand[ARW_MAX_UNITS];
    if (s->stage == ARW_ST_PICK && side == s->active) {
        for (int k = 1; k <= s->ncombats; k++)
            if (combat_open(s, k))
                arw_put_action(out, cap, &n, side, ARW_A_RESOLVE, k, 0);
    } else if (s->stage == ARW_ST_VANGUARD && side == arw_role_side(g, s->van_role)) {
        int m = arw_vanguard_candidates(g, s->cur - 1, s->van_role, cand, ARW_MAX_UNITS);
        for (int i = 0; i < m; i++)
            arw_put_action(out, cap, &n, side, ARW_A_VANGUARD, cand[i], 0);
    } else if (s->stage == ARW_ST_MOMENTUM && arw_momentum_decider(g) == side) {
        arw_put_action(out, cap, &n, side, ARW_A_REROLL, 0, 0);
        arw_put_action(out, cap, &n, side, ARW_A_NO_REROLL, 0, 0);
    }
    return n;
}
