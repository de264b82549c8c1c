/* weather.c — SAVANNAH: the weather (SR4.2, T-Weather).  The weather of a
 * turn carries over from the previous turn (SR4.2-c), becomes Heavy Rain
 * after a Hurricane, Gale or Squall (SR4.2-d, AMB-26), is fixed on the
 * tactical track (SR4.2-e: Case A keeps the last weather, AMB-10; Case B
 * and the Historical Scenario: Fog on turn 16, then Fair) and is rolled in
 * the weather phase of the marked strategic turns (d10 + turn DRMs + 1 after
 * Fair; a modified 0 or less rolls again on the sub-table, unmodified,
 * AMB-53).  The current weather's effects are offered as predicates for the
 * movement, fire, close-combat, rally, card and siege code.  A Hurricane
 * costs each army's easternmost unit a step (AMB-84): no VP, only the
 * owner's army morale loss. */
#include "../arw.h"

/* Effects when the scenario has no weather data: nothing changes. */
static const arw_weather_fx NO_WEATHER = {
    ARW_WM_NORMAL, ARW_WS_NORMAL, ARW_WX_CC_NONE, 0, 0, -1,
    ARW_WXF_BUILD | ARW_WXF_COMPLETE | ARW_WXF_CARDS | ARW_WXF_REINF};

int arw_weather(const gr_game *g)
{
    const arw_state *s = arw_cst(g);
    int fixed = arw_fixed_weather(arw_dat(g), s->turn);
    return fixed >= 0 ? fixed : s->weather < ARW_NWEATHER ? s->weather : ARW_W_FAIR;
}

const arw_weather_fx *arw_weather_now(const gr_game *g)
{
    const arw_data *d = arw_dat(g);
    return d->sav.loaded ? &d->sav.wx[arw_weather(g)] : &NO_WEATHER;
}

int arw_weather_move(const gr_game *g)
{
    return arw_weather_now(g)->move;
}

int arw_weather_strategic(const gr_game *g)
{
    return arw_weather_now(g)->strategic;
}

int arw_weather_fire_drm(const gr_game *g, int *prohibited)
{
    int v = arw_dat(g)->fire.weather[arw_weather(g)]; /* tables.json "fire" "weather" */
    *prohibited = v == ARW_DRM_P;
    return *prohibited ? 0 : v;
}

int arw_weather_cc_drm(const gr_game *g, int *prohibited)
{
    int term = arw_weather_now(g)->cc;
    *prohibited = term == ARW_WX_CC_P;
    return term >= 0 ? arw_dat(g)->t.drm[term] : 0; /* T-CC-DRM gale / squall */
}

int arw_weather_rally_drm(const gr_game *g)
{
    return arw_weather_now(g)->rally;
}

int arw_weather_allows(const gr_game *g, unsigned wxf)
{
    return (arw_weather_now(g)->flags & wxf) == wxf;
}

/* Weather of the previous turn, or -1 before the first turn. */
static int previous(const arw_state *s)
{
    return (s->sav.flags & ARW_SVF_WX_NONE) ? -1 : s->sav.wx_prev;
}

void arw_weather_turn(gr_game *g)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    int fixed = arw_fixed_weather(d, s->turn), w = s->weather;
    int first = !(s->sav.flags & ARW_SVF_WX_NONE) ? 0 : 1;
    s->sav.wx_prev = s->weather;
    if (!d->sav.loaded)
        return;
    if (fixed >= 0)
        w = fixed; /* HS-16 */
    else if (s->sav.assault == ARW_AS_SWITCHED)
        w = s->sav.wx_tactical; /* SR4.2-e Case A */
    else if (s->turn <= ARW_MAX_TURNS && (d->turn[s->turn].flags & ARW_TT_DEFINED) &&
             !arw_sav_strategic(g)) /* Case B: the first tactical turn, then the rest */
        w = (d->turn[s->turn - 1].flags & ARW_TT_TACTICAL) ? d->sav.wx_case_b_rest
                                                            : d->sav.wx_case_b_first;
    else if (!first && d->sav.wx[w].then >= 0)
        w = d->sav.wx[w].then; /* SR4.2-d: Heavy Rain after H/G/S (AMB-26) */
    if (w != s->weather) /* a weather set by the rules, not rolled */
        arw_emit(g, ARW_E_WEATHER, 3, s->turn, w, -1);
    s->weather = (uint8_t)w; /* SR4.2-c: otherwise it carries over */
}

/* T-Weather: d10 + DRMs; 0 or less: the unmodified re-roll sub-table. */
static int roll_weather(gr_game *g)
{
    const arw_state *s = arw_cst(g);
    const arw_sav_data *sv = &arw_dat(g)->sav;
    int prev = previous(s), turn = s->turn <= ARW_MAX_TURNS ? s->turn : 0;
    int drm = sv->wx_turn_drm[turn] + (prev == ARW_W_FAIR ? sv->wx_after_fair : 0);
    int roll = gr_roll(g, 0, 10, ARW_ROLL_WEATHER);
    int m = roll + drm < 0 ? 0 : roll + drm > 9 ? 9 : roll + drm; /* AMB-53 */
    int w = sv->wx_modified[m];
    if (w < 0)
        w = sv->wx_reroll[gr_roll(g, 0, 10, ARW_ROLL_WEATHER)];
    arw_emit(g, ARW_E_WEATHER, 3, s->turn, w, roll);
    return w;
}

/* Army whose Hurricane loss is due next, or -1. */
static int next_loss(const gr_game *g)
{
    int cand[ARW_MAX_UNITS];
    for (int a = 0; a < ARW_NARMIES; a++)
        if ((arw_cst(g)->sav.losses & (1u << a)) && arw_weather_loss_candidates(g, a, cand))
            return a;
    return -1;
}

/* Asks the owner of the next army due for its step loss, or ends the phase. */
static void ask_losses(gr_game *g)
{
    int a = next_loss(g);
    arw_st(g)->sav.losses &= (uint8_t)(a < 0 ? 0u : ~0u);
    if (a < 0) {
        arw_phase_end(g);
        return;
    }
    arw_sav_wait(g, ARW_SV_LOSS, a == ARW_ARMY_BRITISH ? ARW_BRITISH : ARW_ALLIED);
}

void arw_weather_begin(gr_game *g)
{
    arw_state *s = arw_st(g);
    int prev = previous(s);
    if (prev >= 0 && arw_dat(g)->sav.wx[prev].then >= 0) { /* AMB-26: no roll */
        arw_phase_end(g);
        return;
    }
    s->weather = (uint8_t)roll_weather(g); /* SR4.2-a */
    if (!(arw_weather_now(g)->flags & ARW_WXF_LOSSES)) {
        arw_phase_end(g);
        return;
    }
    s->sav.losses = (1u << ARW_NARMIES) - 1; /* Hurricane (AMB-84) */
    ask_losses(g);
}

/* Priority of the unit kinds that lose the Hurricane step (AMB-84). */
static const uint8_t LOSS_ORDER[] = {ARW_K_CAVALRY, ARW_K_INFANTRY, ARW_K_ARTILLERY};

int arw_weather_loss_candidates(const gr_game *g, int army, int *out)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int east = -1, n = 0, col, row;
    for (int u = 0; u < d->nunits; u++)
        if (d->unit[u].army == army && arw_is_combat_unit(d, u) && s->unit[u].box == ARW_BOX_MAP) {
            gr_grid_cr(&d->map.grid, s->unit[u].hex, &col, &row);
            east = col > east ? col : east; /* the highest column number */
        }
    for (size_t k = 0; k < sizeof LOSS_ORDER && n == 0; k++)
        for (int u = 0; u < d->nunits; u++) {
            if (d->unit[u].army != army || d->unit[u].kind != LOSS_ORDER[k] ||
                s->unit[u].box != ARW_BOX_MAP)
                continue;
            gr_grid_cr(&d->map.grid, s->unit[u].hex, &col, &row);
            if (col == east)
                out[n++] = u;
        }
    return n;
}

/* The owner chose unit u: one step, no VP, the owner's army morale only. */
void arw_weather_loss_exec(gr_game *g, int u)
{
    arw_state *s = arw_st(g);
    s->sav.losses &= (uint8_t)~(1u << arw_dat(g)->unit[u].army);
    arw_lose_step_no_vp(g, u, 1); /* the owner's "1" (Creeks: none, SR4.8-e) */
    if (arw_cst(g)->stage != ARW_ST_OVER)
        ask_losses(g);
}
