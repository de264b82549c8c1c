/* savops.c — SAVANNAH: the decisions of the strategic layer as one stage
 * (ARW_ST_SAV; arw_state.sav.step says what is awaited and sav.who by
 * whom): pending, legal, check and exec dispatched to track.c (assault
 * announcement), weather.c and siege.c (step losses), construction.c and
 * siege.c; the return from result tasks of a Savannah resolution; and the
 * checks made after every step (HS-victory, SR4.5-b, SR4.10). */
#include "../arw.h"

static const uint16_t DECISION[] = {
    [ARW_SV_NONE] = ARW_D_NONE, [ARW_SV_ASSAULT] = ARW_D_ASSAULT,
    [ARW_SV_LOSS] = ARW_D_SAV_LOSS, [ARW_SV_WORKS_FACE] = ARW_D_WORKS_FACE,
    [ARW_SV_WORKS_PLACE] = ARW_D_WORKS_PLACE, [ARW_SV_SIEGE_ROLL] = ARW_D_SIEGE_ROLL,
    [ARW_SV_SIEGE_SIDE] = ARW_D_SIEGE_SIDE, [ARW_SV_SIEGE_ARMY] = ARW_D_SIEGE_ARMY,
    [ARW_SV_SIEGE_UNIT] = ARW_D_SIEGE_UNIT, [ARW_SV_SIEGE_TOWN] = ARW_D_SIEGE_TOWN,
    [ARW_SV_FREE_SETUP] = ARW_D_FREE_SETUP};

void arw_sav_wait(gr_game *g, int step, int who)
{
    arw_state *s = arw_st(g);
    s->stage = ARW_ST_SAV;
    s->sav.step = (uint8_t)step;
    s->sav.who = (uint8_t)who;
}

void arw_sav_pending(const gr_game *g, gr_pending *out)
{
    const arw_state *s = arw_cst(g);
    out->kind = GR_PENDING_DECISION;
    out->decision = s->sav.step < sizeof DECISION / sizeof DECISION[0] ? DECISION[s->sav.step]
                                                                       : ARW_D_NONE;
    out->players = (uint8_t)(1u << s->sav.who);
}

/* Units that may lose the step now (Hurricane or destroyed town). */
static int loss_candidates(const gr_game *g, int *out)
{
    const arw_state *s = arw_cst(g);
    if (s->phase != ARW_PH_WEATHER)
        return arw_siege_loss_candidates(g, out);
    for (int a = 0; a < ARW_NARMIES; a++)
        if (s->sav.losses & (1u << a))
            return arw_weather_loss_candidates(g, a, out);
    return 0;
}

/* HS-setup-a: the first unit from `from` on with a free set-up area, or -1. */
static int free_setup_unit(const gr_game *g, int from)
{
    const arw_data *d = arw_dat(g);
    for (int u = from; u < d->nunits; u++)
        if (d->unit[u].setup_zone && arw_cst(g)->unit[u].box == ARW_BOX_MAP)
            return u;
    return -1;
}

/* Non-zero when unit u may be set up in h (its area, no enemy, stacking). */
static int free_setup_ok(const gr_game *g, int u, int h)
{
    const arw_data *d = arw_dat(g);
    return h >= 0 && h < d->map.nhex && arw_in_zone(d, h, d->unit[u].setup_zone) &&
           arw_hex_owner(g, h) != 1 - d->unit[u].side && arw_stack_ok(g, u, h) &&
           d->htype[d->map.terrain[h]].move[d->unit[u].mclass] != ARW_MP_P;
}

int arw_sav_free_setup(gr_game *g)
{
    int u = free_setup_unit(g, 0);
    if (u < 0)
        return 0;
    arw_st(g)->sav.left = (uint8_t)u;
    arw_sav_wait(g, ARW_SV_FREE_SETUP, arw_dat(g)->unit[u].side);
    return 1;
}

static void free_setup_exec(gr_game *g, const gr_action *a)
{
    arw_state *s = arw_st(g);
    arw_place(g, a->arg[0], a->arg[1]);
    int next = free_setup_unit(g, a->arg[0] + 1);
    if (next >= 0) {
        s->sav.left = (uint8_t)next;
        arw_sav_wait(g, ARW_SV_FREE_SETUP, arw_dat(g)->unit[next].side);
        return;
    }
    arw_phase_begin(g, s->opening[1]); /* the game's opening begins */
}

int arw_sav_legal(const gr_game *g, int side, gr_action *out, int cap)
{
    const arw_state *s = arw_cst(g);
    int n = 0, cand[ARW_MAX_UNITS];
    if (s->stage != ARW_ST_SAV || side != s->sav.who)
        return 0;
    switch (s->sav.step) {
    case ARW_SV_ASSAULT:
        arw_put_action(out, cap, &n, side, ARW_A_ANNOUNCE, 0, 0);
        arw_put_action(out, cap, &n, side, ARW_A_NO_ANNOUNCE, 0, 0);
        return n;
    case ARW_SV_LOSS: {
        int m = loss_candidates(g, cand);
        for (int i = 0; i < m; i++)
            arw_put_action(out, cap, &n, side, ARW_A_SAV_LOSS, cand[i], 0);
        return n;
    }
    case ARW_SV_FREE_SETUP:
        for (int h = 0; h < arw_dat(g)->map.nhex; h++)
            if (free_setup_ok(g, s->sav.left, h))
                arw_put_action(out, cap, &n, side, ARW_A_FREE_SETUP, s->sav.left, h);
        return n;
    case ARW_SV_WORKS_FACE: return arw_works_face_legal(g, out, cap);
    case ARW_SV_WORKS_PLACE: return arw_works_place_legal(g, out, cap);
    default: return arw_siege_legal(g, out, cap);
    }
}

/* Step each action kind answers, and the rule a wrong moment cites. */
static int step_of(int kind, const char **rule)
{
    switch (kind) {
    case ARW_A_ANNOUNCE:
    case ARW_A_NO_ANNOUNCE: *rule = "arw:SR1.6-d"; return ARW_SV_ASSAULT;
    case ARW_A_SAV_LOSS: *rule = "arw:SR4.2-f"; return ARW_SV_LOSS;
    case ARW_A_WORKS_FACE: *rule = "arw:SR4.4-2"; return ARW_SV_WORKS_FACE;
    case ARW_A_WORKS_PLACE:
    case ARW_A_WORKS_DONE: *rule = "arw:SR4.4-1"; return ARW_SV_WORKS_PLACE;
    case ARW_A_SIEGE_ROLL:
    case ARW_A_SIEGE_PASS: *rule = "arw:SR4.6-b"; return ARW_SV_SIEGE_ROLL;
    case ARW_A_SIEGE_SIDE: *rule = "arw:SR4.5-c"; return ARW_SV_SIEGE_SIDE;
    case ARW_A_SIEGE_ARMY: *rule = "arw:SR4.6-c"; return ARW_SV_SIEGE_ARMY;
    case ARW_A_SIEGE_UNIT: *rule = "arw:SR4.6-c"; return ARW_SV_SIEGE_UNIT;
    case ARW_A_FREE_SETUP: *rule = "arw:HS-setup-a"; return ARW_SV_FREE_SETUP;
    default: *rule = "arw:SR4.6-c"; return ARW_SV_SIEGE_TOWN;
    }
}

gr_status arw_sav_check(const gr_game *g, const gr_action *a, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    const char *rule;
    int step = step_of(a->kind, &rule), cand[ARW_MAX_UNITS];
    if (s->stage != ARW_ST_SAV || s->sav.step != step)
        return gr_fail(err, rule, "that choice is not asked for now");
    if (a->player != s->sav.who)
        return gr_fail(err, rule, "the %s player decides this", arw_side_names[s->sav.who]);
    if (step == ARW_SV_ASSAULT)
        return GR_OK;
    if (step == ARW_SV_FREE_SETUP)
        return a->arg[0] == s->sav.left && free_setup_ok(g, a->arg[0], a->arg[1])
                   ? GR_OK
                   : gr_fail(err, rule, "%s sets up in its own area, not in an enemy hex, "
                             "within the stacking limit", arw_dat(g)->unit[s->sav.left].id);
    if (step == ARW_SV_LOSS) {
        int n = loss_candidates(g, cand);
        for (int i = 0; i < n; i++)
            if (cand[i] == a->arg[0])
                return GR_OK;
        return gr_fail(err, s->phase == ARW_PH_WEATHER ? "arw:SR4.2-f" : "arw:SR4.6-c",
                       "that unit may not lose the step (Hurricane: the army's easternmost "
                       "units, cavalry first, then infantry, then artillery; a destroyed town "
                       "hex: a unit in it)");
    }
    if (step == ARW_SV_WORKS_FACE || step == ARW_SV_WORKS_PLACE)
        return arw_works_check(g, a, err);
    return arw_siege_check(g, a, err);
}

void arw_sav_exec(gr_game *g, const gr_action *a)
{
    arw_state *s = arw_st(g);
    switch (a->kind) {
    case ARW_A_ANNOUNCE:
    case ARW_A_NO_ANNOUNCE:
        arw_assault_exec(g, a->kind == ARW_A_ANNOUNCE);
        return;
    case ARW_A_SAV_LOSS:
        s->stage = ARW_ST_IDLE;
        if (s->phase == ARW_PH_WEATHER)
            arw_weather_loss_exec(g, a->arg[0]);
        else
            arw_siege_town_loss(g, a->arg[0]);
        return;
    case ARW_A_WORKS_FACE:
    case ARW_A_WORKS_PLACE:
    case ARW_A_WORKS_DONE:
        arw_works_exec(g, a);
        return;
    case ARW_A_FREE_SETUP:
        free_setup_exec(g, a);
        return;
    default:
        arw_siege_exec(g, a);
        return;
    }
}

void arw_sav_resume(gr_game *g)
{
    arw_st(g)->stage = ARW_ST_IDLE;
    if (arw_cst(g)->phase == ARW_PH_SIEGE) {
        arw_siege_continue(g);
        return;
    }
    arw_rctx_end(g);
    arw_phase_end(g);
}

int arw_sav_watch(gr_game *g)
{
    const arw_data *d = arw_dat(g);
    if (!d->rules)
        return 0;
    if (arw_hs_town_check(g)) /* HS-victory */
        return 1;
    if (d->rules & ARW_SR_CONSTRUCTION)
        arw_works_watch(g); /* SR4.5-b */
    arw_sortie_watch(g);    /* SR4.10 */
    return arw_cst(g)->stage == ARW_ST_OVER;
}
