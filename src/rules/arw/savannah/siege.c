/* siege.c — SAVANNAH: the siege and bombardment phase (SR4.6, T-Siege-I,
 * T-Siege-II).  The French may roll on Table I once they have a completed
 * siegeworks hexside (SR4.6-a); the British may roll after them, once the
 * French have rolled at least once in the game (SR4.6-b); each roll is
 * optional.  The weather adds its siege DRM (Squall -2, Storms -1) or
 * forbids the phase (Hurricane, Gale); modified rolls are read within 0..9.
 * A row's effects are applied in order: wet powder (that side's bombardment
 * ends, AMB-54), army morale, British fire DRM, doubled MA, Beekman's extra
 * fire, the fireships' second roll; then the roller's choices: repairs of
 * his own breached works, breaches of the enemy's works (units in both
 * hexes of a new breach check morale, SR4.19; failure: retreat 1 hex,
 * AMB-35), the army that loses morale (BR 4), the enemy artillery unit of
 * an accident (reduced, AMB-11), the town hex bombarded (scatter; a
 * destroyed hex's owner loses a step and every unit there checks morale at
 * -1); then Table II when the row says so.  Losses give the normal army
 * morale and VP (the roller's army gains). */
#include "../arw.h"

enum { P_OFFER = 0, P_EFFECTS, P_REPAIR, P_BREACH, P_CHOICE, P_ACCIDENT, P_TOWN, P_TOWN_LOSS,
       P_TABLE2 };
#define SIDE_DONE 2
#define MAX_CAND ARW_MAX_WORKS_SIDES /* hexsides, units, hexes or armies */

static const arw_siege_row *cur_row(const gr_game *g)
{
    const arw_state *s = arw_cst(g);
    return &arw_dat(g)->sav.siege[s->sav.siege_table][s->sav.siege_side][s->sav.siege_face];
}

static int may_roll(const gr_game *g, int side)
{
    const arw_state *s = arw_cst(g);
    if (arw_weather_now(g)->siege == ARW_DRM_P)
        return 0; /* T-Weather: Hurricane, Gale */
    if (arw_siege_cancelled(g, side))
        return 0; /* Cards 9, 21 */
    if (side == ARW_ALLIED) /* SR4.6-a */
        return arw_works_completed(g) > 0;
    return (s->sav.flags & ARW_SVF_FRENCH_ROLLED) != 0; /* SR4.6-b */
}

/* d10 + the weather's siege DRM, read within 0..9. */
static int siege_roll(gr_game *g, int table)
{
    arw_state *s = arw_st(g);
    int roll = gr_roll(g, 0, 10, ARW_ROLL_SIEGE), f = roll + arw_weather_now(g)->siege;
    f = f < 0 ? 0 : f > 9 ? 9 : f;
    arw_emit(g, ARW_E_SIEGE, 4, table + 1, s->sav.siege_side, roll, f);
    s->sav.siege_table = (uint8_t)table;
    s->sav.siege_face = (uint8_t)f;
    s->sav.siege_part = P_EFFECTS;
    return f;
}

static void next_side(gr_game *g)
{
    arw_state *s = arw_st(g);
    arw_rctx_end(g);
    s->sav.siege_side = s->sav.siege_side == ARW_ALLIED ? ARW_BRITISH : SIDE_DONE;
    s->sav.siege_part = P_OFFER;
}

static void army_changes(gr_game *g, const int8_t delta[ARW_NARMIES])
{
    for (int a = 0; a < ARW_NARMIES; a++)
        arw_army_morale(g, a, delta[a]);
}

/* The row's effects that need no choice; returns 0 on wet powder. */
static int apply_effects(gr_game *g)
{
    arw_state *s = arw_st(g);
    const arw_siege_row *r = cur_row(g);
    if (r->flags & ARW_SGR_WET) {
        arw_emit(g, ARW_E_SIEGE_EFFECT, 1, ARW_SE_WET); /* AMB-54 */
        return 0;
    }
    army_changes(g, r->morale);
    if (r->fire_drm) { /* the fire module's cards-and-siege DRM (fire.c) */
        arw_fire_add_artillery_drm(g, ARW_BRITISH, r->fire_drm);
        arw_emit(g, ARW_E_SIEGE_EFFECT, 1, ARW_SE_FIRE_DRM);
    }
    static const struct { uint8_t row, turn, effect; } FLAGS[] = {
        {ARW_SGR_X2_FR_ART, ARW_SVT_X2_FR_ART, ARW_SE_X2_FR_ART},
        {ARW_SGR_X2_GRAHAM, ARW_SVT_X2_GRAHAM, ARW_SE_X2_GRAHAM},
        {ARW_SGR_BEEKMAN, ARW_SVT_BEEKMAN, ARW_SE_BEEKMAN}};
    for (size_t i = 0; i < sizeof FLAGS / sizeof FLAGS[0]; i++)
        if (r->flags & FLAGS[i].row) {
            s->sav.turn_flags |= FLAGS[i].turn;
            arw_emit(g, ARW_E_SIEGE_EFFECT, 1, FLAGS[i].effect);
        }
    if (r->second_at && gr_roll(g, 0, 10, ARW_ROLL_SIEGE) >= r->second_at)
        army_changes(g, r->second_morale); /* French fireships */
    return 1;
}

/* AMB-86 and the "if none" of rows BR 8, BR 9. */
static void nothing_to_breach(gr_game *g)
{
    arw_state *s = arw_st(g);
    const arw_siege_row *r = cur_row(g);
    if (r->if_none == ARW_NONE_MORALE) {
        army_changes(g, r->none_morale);
    } else if (r->if_none == ARW_NONE_REMOVE_MARKER && s->sav.works_avail > 0) {
        s->sav.works_avail--; /* an unused construction marker leaves play */
        arw_emit(g, ARW_E_SIEGE_EFFECT, 1, ARW_SE_MARKER_REMOVED);
    } else {
        arw_emit(g, ARW_E_SIEGE_EFFECT, 1, ARW_SE_NOTHING_TO_BREACH);
    }
}

/* Candidates of the current choice into out (hexsides as h * 6 + dir,
 * units, hexes or armies); returns the count. */
static int candidates(const gr_game *g, int *out)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    int side = s->sav.siege_side, n = 0;
    switch (s->sav.step) {
    case ARW_SV_SIEGE_SIDE:
        return s->sav.siege_part == P_REPAIR ? arw_works_hexsides(g, side, 1, out, MAX_CAND)
                                             : arw_works_hexsides(g, 1 - side, 0, out, MAX_CAND);
    case ARW_SV_SIEGE_ARMY:
        for (int a = 0; a < ARW_NARMIES; a++)
            if (cur_row(g)->choice & (1u << a))
                out[n++] = a;
        return n;
    case ARW_SV_SIEGE_UNIT:
        for (int u = 0; u < d->nunits; u++)
            if (d->unit[u].side != side && d->unit[u].kind == ARW_K_ARTILLERY &&
                s->unit[u].box == ARW_BOX_MAP)
                out[n++] = u;
        return n;
    case ARW_SV_SIEGE_TOWN:
        for (int h = 0; h < d->map.nhex; h++)
            if (arw_town_intact(g, h))
                out[n++] = h;
        return n;
    default:
        return 0;
    }
}

/* Waits for the roller's choice `step` if it has candidates; returns 1 then. */
static int ask(gr_game *g, int step)
{
    arw_state *s = arw_st(g);
    int cand[MAX_CAND];
    uint8_t old = s->sav.step;
    s->sav.step = (uint8_t)step; /* candidates() reads the step */
    int n = candidates(g, cand);
    s->sav.step = old;
    if (n == 0)
        return 0;
    arw_sav_wait(g, step, s->sav.siege_side);
    return 1;
}

static int town_units(const gr_game *g, int h)
{
    const arw_state *s = arw_cst(g);
    int n = 0;
    for (int u = h >= 0 ? s->hex[h].head : ARW_NO_UNIT; u != ARW_NO_UNIT; u = s->unit[u].next)
        n += arw_is_combat_unit(arw_dat(g), u);
    return n;
}

/* One part of the current row; returns 1 when a decision is awaited. */
static int run_part(gr_game *g)
{
    arw_state *s = arw_st(g);
    const arw_siege_row *r = cur_row(g);
    switch (s->sav.siege_part) {
    case P_EFFECTS:
        if (!apply_effects(g)) {
            next_side(g);
            return 0;
        }
        s->sav.siege_part = P_REPAIR;
        s->sav.left = r->repair;
        return (r->flags & ARW_SGR_BEEKMAN) && /* FR 5: Beekman fires at once (fire.c) */
               arw_fire_extra_begin(g, ARW_ALLIED, arw_dat(g)->sav.beekman);
    case P_REPAIR:
        if (s->sav.left && ask(g, ARW_SV_SIEGE_SIDE))
            return 1;
        s->sav.siege_part = P_BREACH;
        s->sav.left = r->breach;
        return 0;
    case P_BREACH:
        if (s->sav.left && ask(g, ARW_SV_SIEGE_SIDE))
            return 1;
        if (s->sav.left && s->sav.left == r->breach)
            nothing_to_breach(g);
        s->sav.left = 0;
        s->sav.siege_part = P_CHOICE;
        return 0;
    default:
        return 0;
    }
}

/* The remaining parts (choices of one army, unit, town; Table II). */
static int run_late_part(gr_game *g)
{
    arw_state *s = arw_st(g);
    const arw_siege_row *r = cur_row(g);
    switch (s->sav.siege_part) {
    case P_CHOICE:
        s->sav.siege_part = P_ACCIDENT;
        return r->choice && ask(g, ARW_SV_SIEGE_ARMY);
    case P_ACCIDENT:
        s->sav.siege_part = P_TOWN;
        return r->accident && ask(g, ARW_SV_SIEGE_UNIT);
    case P_TOWN:
        s->sav.siege_part = P_TABLE2;
        s->sav.hex = ARW_NO_HEX;
        return r->town && ask(g, ARW_SV_SIEGE_TOWN);
    case P_TOWN_LOSS: {
        int owner = arw_hex_owner(g, s->sav.hex);
        s->sav.siege_part = P_TABLE2;
        if (owner < 0 || town_units(g, s->sav.hex) == 0)
            return 0;
        arw_sav_wait(g, ARW_SV_LOSS, owner); /* Siege footnote: the owner chooses */
        return 1;
    }
    default: /* P_TABLE2 */
        if (s->sav.siege_table == 0 && (r->flags & ARW_SGR_TABLE2))
            siege_roll(g, 1); /* SR4.6-c */
        else
            next_side(g);
        return 0;
    }
}

void arw_siege_continue(gr_game *g)
{
    arw_state *s = arw_st(g);
    for (int guard = 0; guard < 64; guard++) {
        if (s->stage == ARW_ST_OVER)
            return;
        if (s->sav.siege_side == SIDE_DONE)
            break;
        if (s->sav.siege_part == P_OFFER) {
            if (may_roll(g, s->sav.siege_side)) {
                arw_sav_wait(g, ARW_SV_SIEGE_ROLL, s->sav.siege_side);
                return;
            }
            next_side(g);
            continue;
        }
        if (s->sav.siege_part <= P_BREACH ? run_part(g) : run_late_part(g))
            return;
    }
    arw_phase_end(g);
}

void arw_siege_extra_fire_done(gr_game *g)
{
    arw_rctx_begin(g, ARW_RC_SAV, ARW_ARMY_BRITISH, ARW_ARMY_FRENCH); /* the roll's again */
    arw_siege_continue(g);
}

void arw_siege_begin(gr_game *g)
{
    arw_state *s = arw_st(g);
    s->sav.siege_side = ARW_ALLIED; /* SR4.6-b: the French first */
    s->sav.siege_part = P_OFFER;
    arw_siege_continue(g);
}

static unsigned cancel_flag(int side)
{
    return side == ARW_ALLIED ? ARW_SVT_NO_FR_SIEGE : ARW_SVT_NO_BR_SIEGE;
}

void arw_siege_cancel(gr_game *g, int side)
{
    arw_st(g)->sav.turn_flags |= (uint8_t)cancel_flag(side);
}

int arw_siege_cancelled(const gr_game *g, int side)
{
    return (arw_cst(g)->sav.turn_flags & cancel_flag(side)) != 0;
}

int arw_sav_ma_factor(const gr_game *g, int u)
{
    const arw_data *d = arw_dat(g);
    unsigned f = arw_cst(g)->sav.turn_flags;
    if ((f & ARW_SVT_X2_FR_ART) && d->unit[u].army == ARW_ARMY_FRENCH &&
        d->unit[u].kind == ARW_K_ARTILLERY)
        return 2;
    return (f & ARW_SVT_X2_GRAHAM) && u == d->sav.graham ? 2 : 1;
}

/* ---------------------------------------------------------------- decisions */

static int action_arg(const gr_game *g, int cand)
{
    return arw_cst(g)->sav.step == ARW_SV_SIEGE_SIDE ? cand / 6 : cand;
}

int arw_siege_legal(const gr_game *g, gr_action *out, int cap)
{
    static const int KIND[] = {[ARW_SV_SIEGE_SIDE] = ARW_A_SIEGE_SIDE,
                               [ARW_SV_SIEGE_ARMY] = ARW_A_SIEGE_ARMY,
                               [ARW_SV_SIEGE_UNIT] = ARW_A_SIEGE_UNIT,
                               [ARW_SV_SIEGE_TOWN] = ARW_A_SIEGE_TOWN};
    const arw_state *s = arw_cst(g);
    int cand[MAX_CAND], n = 0, side = s->sav.who;
    if (s->sav.step == ARW_SV_SIEGE_ROLL) {
        arw_put_action(out, cap, &n, side, ARW_A_SIEGE_ROLL, 0, 0);
        arw_put_action(out, cap, &n, side, ARW_A_SIEGE_PASS, 0, 0);
        return n;
    }
    int m = candidates(g, cand);
    for (int i = 0; i < m; i++) {
        int a1 = s->sav.step == ARW_SV_SIEGE_SIDE ? arw_dat(g)->map.nb[cand[i]] : 0;
        arw_put_action(out, cap, &n, side, KIND[s->sav.step], action_arg(g, cand[i]), a1);
    }
    return n;
}

gr_status arw_siege_check(const gr_game *g, const gr_action *a, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    int cand[MAX_CAND], want;
    if (a->kind == ARW_A_SIEGE_ROLL || a->kind == ARW_A_SIEGE_PASS)
        return s->sav.step == ARW_SV_SIEGE_ROLL
                   ? GR_OK
                   : gr_fail(err, "arw:SR4.6-b", "no siege and bombardment roll is offered now");
    if (a->kind == ARW_A_SIEGE_SIDE) {
        int dir = arw_dir(arw_dat(g), a->arg[0], a->arg[1]);
        want = dir < 0 ? -1 : a->arg[0] * 6 + dir;
    } else {
        want = a->arg[0];
    }
    int n = candidates(g, cand);
    for (int i = 0; i < n; i++)
        if (cand[i] == want)
            return GR_OK;
    return gr_fail(err, "arw:SR4.6-c", "not a choice the siege and bombardment result offers "
                   "(own breached works to repair, enemy works to breach, enemy artillery, an "
                   "intact town hex, the armies the row names)");
}

/* After the SR4.19 morale checks (savmorale.c): failures retreat 1 hex
 * (AMB-35), then the siege resumes (arw_sav_resume). */
static void after_checks(gr_game *g)
{
    arw_state *s = arw_st(g);
    if (s->ntasks > 0 && s->stage != ARW_ST_OVER)
        s->stage = ARW_ST_TASKS; /* resumes in arw_sav_resume */
}

static void exec_side(gr_game *g, const gr_action *a)
{
    arw_state *s = arw_st(g);
    int dir = arw_dir(arw_dat(g), a->arg[0], a->arg[1]);
    s->sav.left--;
    arw_breach(g, a->arg[0], dir, s->sav.siege_part == P_REPAIR);
    if (s->sav.siege_part == P_BREACH) {
        arw_breach_checks(g, a->arg[0], dir, s->sav.siege_side); /* the enemy's works */
        after_checks(g);
    }
}

static void exec_town(gr_game *g, int target)
{
    arw_state *s = arw_st(g);
    int hit, impact = arw_bombard_town(g, target, &hit); /* scatter, AMB-57 */
    arw_emit(g, ARW_E_TOWN, 3, target, impact, hit);
    if (!hit)
        return;
    s->sav.hex = (int16_t)impact;
    s->sav.siege_part = P_TOWN_LOSS;
}

void arw_siege_exec(gr_game *g, const gr_action *a)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    s->stage = ARW_ST_IDLE; /* continue below sets the next stage */
    if (a->kind == ARW_A_SIEGE_ROLL) {
        if (s->sav.siege_side == ARW_ALLIED)
            s->sav.flags |= ARW_SVF_FRENCH_ROLLED;
        arw_rctx_begin(g, ARW_RC_SAV, ARW_ARMY_BRITISH, ARW_ARMY_FRENCH);
        siege_roll(g, 0);
    } else if (a->kind == ARW_A_SIEGE_PASS) {
        next_side(g);
    } else if (a->kind == ARW_A_SIEGE_SIDE) {
        exec_side(g, a);
    } else if (a->kind == ARW_A_SIEGE_ARMY) {
        arw_army_morale(g, a->arg[0], cur_row(g)->choice_delta);
    } else if (a->kind == ARW_A_SIEGE_UNIT) {
        int u = a->arg[0], enemy = arw_enemy_army(g, u);
        if (d->sav.accident_eliminates)
            arw_elimination_loss(g, u, ARW_AM_1, enemy);
        else
            arw_step_loss(g, u, enemy); /* AMB-11 */
    } else {
        exec_town(g, a->arg[0]);
    }
    if (s->stage == ARW_ST_IDLE)
        arw_siege_continue(g);
}

void arw_siege_town_loss(gr_game *g, int u)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    s->stage = ARW_ST_IDLE;
    arw_step_loss(g, u, arw_enemy_army(g, u));
    if (s->stage != ARW_ST_OVER) {
        arw_hex_morale_checks(g, s->sav.hex, ARW_NO_HEX, d->sav.town_check_drm, -1);
        after_checks(g);
    }
    if (s->stage == ARW_ST_IDLE)
        arw_siege_continue(g);
}

int arw_siege_loss_candidates(const gr_game *g, int *out)
{
    const arw_state *s = arw_cst(g);
    int n = 0;
    for (int u = s->sav.hex >= 0 ? s->hex[s->sav.hex].head : ARW_NO_UNIT; u != ARW_NO_UNIT;
         u = s->unit[u].next)
        if (arw_is_combat_unit(arw_dat(g), u))
            out[n++] = u;
    return n;
}
