/* track.c — SAVANNAH: the turn record tracks (Part B.3-B.5, SR1.5, SR1.6):
 * which track a turn is on, the turn advance (Case A: the marker jumps to
 * the first tactical turn after the Allies' announcement; Case B: turn 16
 * reached normally), which strategic-only phases take place (B.5), the
 * player-turn-end phase (SR3-b surrender check, SR1.6-c announcement), the
 * turn-end phase (automatic and final victory), the Savannah perimeter
 * before the assault (SR1.6-g, SR1.7-b, SR3-c, AMB-21), HS-16's ban on
 * American attacks, and the state of the British defences (SR4.14, AMB-05). */
#include "../arw.h"

static const arw_turn *turn_rec(const arw_data *d, int turn)
{
    return &d->turn[turn >= 0 && turn <= ARW_MAX_TURNS ? turn : 0];
}

/* First turn of the tactical track, or 0 when the track has none. */
static int first_tactical(const arw_data *d)
{
    for (int t = 1; t <= ARW_MAX_TURNS; t++)
        if ((d->turn[t].flags & ARW_TT_DEFINED) && (d->turn[t].flags & ARW_TT_TACTICAL))
            return t;
    return 0;
}

int arw_sav_strategic(const gr_game *g)
{
    const arw_state *s = arw_cst(g);
    const arw_turn *t = turn_rec(arw_dat(g), s->turn);
    if (!(t->flags & ARW_TT_DEFINED)) /* no turn track: the series' tactical turns, */
        return s->track == ARW_TRACK_STRATEGIC; /* unless the `track` setup line says so */
    if (s->sav.assault == ARW_AS_SWITCHED)
        return 0;
    return !(t->flags & ARW_TT_TACTICAL); /* SR1.6-a */
}

void arw_sav_init(gr_game *g)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    s->sav.works_avail = d->sav.works_markers;
    s->sav.hex = ARW_NO_HEX;
    s->sav.flags = ARW_SVF_WX_NONE; /* no weather before the first turn */
    arw_weather_turn(g);
    s->track = ARW_TRACK_TACTICAL; /* read only without a turn track */
}

void arw_sav_next_turn(gr_game *g)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    int tactical = first_tactical(d);
    s->sav.flags &= (uint8_t)~ARW_SVF_WX_NONE;
    if (s->sav.assault == ARW_AS_ANNOUNCED && tactical > s->turn) {
        const arw_weather_fx *fx = arw_weather_now(g); /* AMB-10: last weather, */
        s->sav.wx_tactical = (uint8_t)(fx->then >= 0 ? fx->then : s->weather); /* or HR */
        s->turn = (uint8_t)tactical; /* SR1.6-c Case A: the turns between are skipped */
        s->sav.assault = ARW_AS_SWITCHED;
        arw_emit(g, ARW_E_TRACK, 2, s->turn, ARW_SWITCH_A);
    } else {
        s->turn++; /* GR5 D(3) */
        if (tactical && s->turn == tactical && s->sav.assault != ARW_AS_SWITCHED)
            arw_emit(g, ARW_E_TRACK, 2, s->turn, ARW_SWITCH_B); /* SR1.6-c Case B */
    }
    s->sav.turn_flags = 0; /* effects "this turn" end */
    arw_weather_turn(g);
}

int arw_sav_phase_due(const gr_game *g, int ph)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    unsigned flags = turn_rec(d, s->turn)->flags, rules = d->rules;
    int strategic = arw_sav_strategic(g); /* SR1.6-b: none of these on the tactical track */
    switch (ph) {
    case ARW_PH_WEATHER:
        return strategic && (rules & ARW_SR_WEATHER) && (flags & ARW_TT_WEATHER_ROLL);
    case ARW_PH_EVENTS:
        return strategic && (rules & ARW_SR_EVENTS) && (flags & ARW_TT_EVENTS);
    case ARW_PH_SIEGEWORKS:
        return strategic && (rules & ARW_SR_CONSTRUCTION) && s->turn >= d->sav.works_first_turn;
    case ARW_PH_SIEGE:
        return strategic && (rules & ARW_SR_SIEGE) && (flags & ARW_TT_SIEGE);
    case ARW_PH_REINFORCE:
        return strategic && (rules & ARW_SR_REINFORCEMENTS);
    default:
        return 1;
    }
}

void arw_player_end_begin(gr_game *g)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    if (s->active == ARW_BRITISH && (d->rules & ARW_SR_CAMPAIGN_VICTORY)) {
        arw_surrender_check(g); /* SR3-b, SR2.1 Case A */
        if (arw_cst(g)->stage == ARW_ST_OVER)
            return;
    }
    if (s->active == ARW_ALLIED && (d->rules & ARW_SR_ASSAULT_SWITCH) && arw_sav_strategic(g) &&
        s->turn <= d->sav.assault_last && s->sav.assault == ARW_AS_NONE &&
        first_tactical(d) > s->turn) {
        arw_sav_wait(g, ARW_SV_ASSAULT, ARW_ALLIED); /* SR1.6-c Case A */
        return;
    }
    arw_phase_end(g);
}

void arw_turn_end_begin(gr_game *g)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    if (d->rules & (ARW_SR_CAMPAIGN_VICTORY | ARW_SR_HS_VICTORY)) {
        if (arw_decisive_check(g)) /* GR5 D(1): automatic victory (AMB-46) */
            return;
        if (s->turn >= d->end_turn) { /* GR5 D(2), SR1.6-f */
            arw_final_victory(g);
            return;
        }
    }
    arw_phase_end(g);
}

int arw_perimeter_attack_allowed(const gr_game *g)
{
    return !arw_sav_strategic(g); /* SR1.6-g: from the first tactical turn */
}

int arw_perimeter_move_ok(const gr_game *g, int u, int h)
{
    const arw_data *d = arw_dat(g);
    if (arw_perimeter_attack_allowed(g) || d->unit[u].side != ARW_ALLIED ||
        !arw_is_combat_unit(d, u) || h < 0 || arw_in_zone(d, h, ARW_Z_PERIMETER))
        return 1;
    return d->map.pside[h] == 0; /* SR1.7-b: no perimeter hexside around h */
}

int arw_perimeter_move_barred(const gr_game *g, int u)
{
    const arw_data *d = arw_dat(g);
    return !arw_perimeter_attack_allowed(g) && d->unit[u].side == ARW_ALLIED &&
           arw_is_combat_unit(d, u);
}

int arw_sav_attack_barred(const gr_game *g, int u, int h)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int prohibited;
    if (!d->sav.loaded)
        return 0;
    arw_weather_cc_drm(g, &prohibited);
    if (prohibited)
        return 1; /* T-Weather: no close combat in a Hurricane */
    if (d->unit[u].side == ARW_ALLIED && !arw_perimeter_attack_allowed(g) &&
        arw_in_zone(d, h, ARW_Z_PERIMETER))
        return 1; /* SR3-c, SR1.7-b, AMB-21 */
    return (d->rules & ARW_SR_HS_TURN16) && s->turn == d->sav.hs16_turn &&
           d->unit[u].army == d->sav.hs16_army; /* HS-16 */
}

gr_status arw_sav_attack_refusal(const gr_game *g, int u, int h, gr_error *err)
{
    const arw_data *d = arw_dat(g);
    int prohibited;
    arw_weather_cc_drm(g, &prohibited);
    if (prohibited)
        return gr_fail(err, "arw:SR4.2-f", "no close combat in this weather (T-Weather)");
    if (d->unit[u].side == ARW_ALLIED && arw_in_zone(d, h, ARW_Z_PERIMETER) &&
        !arw_perimeter_attack_allowed(g))
        return gr_fail(err, "arw:SR3-c", "on the strategic track the Allies may not attack "
                       "the Savannah perimeter (SR1.7-b: not before the assault, turn 16)");
    return gr_fail(err, "arw:HS-16", "American units may not attack on turn 16");
}

int arw_sav_defences(const gr_game *g)
{
    const arw_state *s = arw_cst(g);
    const arw_turn *t = turn_rec(arw_dat(g), s->turn);
    if (s->sav.assault == ARW_AS_SWITCHED)
        return s->sav.def_kept; /* SR4.14-c, AMB-05 */
    if (!(t->flags & ARW_TT_DEFINED) || (s->sav.def_complete && s->turn >= s->sav.def_complete))
        return ARW_DEF_COMPLETE; /* SR4.14-b, Card 55 */
    return t->defences;
}

void arw_sav_complete_defences(gr_game *g, int turn)
{
    arw_st(g)->sav.def_complete = (uint8_t)turn;
}

int arw_sav_defences_turn(const gr_game *g)
{
    return arw_cst(g)->sav.def_complete;
}

void arw_assault_exec(gr_game *g, int announce)
{
    arw_state *s = arw_st(g);
    if (announce) { /* SR1.6-c Case A: the marker moves at the end of this turn */
        s->sav.def_kept = (uint8_t)arw_sav_defences(g); /* AMB-05 */
        s->sav.assault = ARW_AS_ANNOUNCED;
        arw_emit(g, ARW_E_ASSAULT, 1, s->turn);
    }
    arw_phase_end(g);
}
