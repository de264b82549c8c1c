/* clock.c — the game clock (Part B.2): initiative at the start of every
 * Game Turn (R1.1-a/b/c), hours and days, the end of a day with its
 * victory-point count (R9.1-b), the Night Turn between days (B.4, minimal
 * [ASM] version with the data brief's scheduled night arrivals), and the end of the game (R9.1-e). */
#include "../boc.h"

int boc_day_of(const boc_state *s, const boc_sdata *sd)
{
    return sd->days[s->day_index].day;
}

int boc_victory_points(const boc_state *s, const boc_sdata *sd)
{
    int vp = s->elim[BOC_USA] - s->elim[BOC_CSA]; /* Fallen Leaders are in elim */
    int day = boc_day_of(s, sd);
    for (int i = 0; i < sd->nvp; i++)
        if (s->control[sd->vphex[i].hex] == 1 + BOC_CSA && (!sd->vphex[i].day1_only || day == 1))
            vp += sd->vphex[i].vp;
    return vp;
}

/* One player's 2d6 (R1.1-b); the dice are public (RA3-d). */
static int two_dice(gr_game *g)
{
    int sides = boc_sd(g)->die_sides;
    return gr_roll(g, 1, sides, BOC_ROLL_INITIATIVE) + gr_roll(g, 1, sides, BOC_ROLL_INITIATIVE);
}

int boc_initiative(gr_game *g)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    int hour = s->hour, day = boc_day_of(s, sd);
    int fixed = s->fixed_order == BOC_ORDER_FIXED ||
                (s->fixed_order == BOC_ORDER_SCENARIO && sd->fixed_order);
    if (fixed) { /* R1.1-c: CSA then USA, or the side the scenario names */
        int first = sd->fixed_order ? sd->first_player : BOC_CSA;
        gr_emitv(g, BOC_EV_INITIATIVE, 5, 0, 0, first, day, hour);
        return first;
    }
    for (;;) { /* R1.1-b: the higher total is Player 1; ties are re-rolled */
        int usa = two_dice(g), csa = two_dice(g);
        if (usa == csa)
            continue;
        int first = usa > csa ? BOC_USA : BOC_CSA;
        gr_emitv(g, BOC_EV_INITIATIVE, 5, usa, csa, first, day, hour);
        return first;
    }
}

void boc_game_over(gr_game *g)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    s->vp = (int16_t)boc_victory_points(s, sd);
    s->outcome = s->vp >= sd->csa_wins_at   ? BOC_OUT_CSA
                 : s->vp <= sd->usa_wins_at ? BOC_OUT_USA
                                            : BOC_OUT_DRAW;
    s->winner = s->outcome == BOC_OUT_CSA ? BOC_CSA : s->outcome == BOC_OUT_USA ? BOC_USA : -1;
    s->phase = BOC_PH_OVER;
    s->decision = BOC_DEC_OVER;
    gr_emitv(g, BOC_EV_GAME_OVER, 2, s->vp, s->outcome);
}

void boc_night_turn(gr_game *g)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    s->phase = BOC_PH_NIGHT;
    gr_emitv(g, BOC_EV_NIGHT, 1, boc_day_of(s, sd));
    boc_night_return(g); /* B.4 step 1; step 2, the arrivals: flow.c */
    for (int u = 0; u < sd->nblock; u++)
        s->unit[u].flags &= (uint16_t)~BOC_U_DISORG; /* B.4 step 4 */
}

int boc_clock_advance(gr_game *g)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    if (sd->player_turns && s->turns_done >= sd->player_turns) {
        boc_game_over(g); /* a scenario cut short (the slice) */
        return 0;
    }
    if (s->hour < sd->days[s->day_index].last_hour) {
        s->hour++; /* R1.3-b */
        return 1;
    }
    /* the last hour of the day has been played: the CSA counts (R9.1-b) */
    s->day_vp = (int16_t)boc_victory_points(s, sd);
    gr_emitv(g, BOC_EV_DAY_END, 2, boc_day_of(s, sd), s->day_vp);
    if (s->day_index + 1 >= sd->ndays) {
        boc_game_over(g); /* no Night Turn after the last day (RB1-c) */
        return 0;
    }
    if (s->sudden && sd->sudden_death && s->day_vp >= sd->sudden_death) {
        boc_game_over(g); /* the optional sudden death (data brief 3.4): a CSA victory */
        return 0;
    }
    s->step = BOC_ST_NIGHT; /* the Night Turn (flow.c), then the next day */
    return 1;
}

void boc_next_day(gr_game *g)
{
    boc_state *s = boc_st(g);
    s->day_index++;
    s->hour = boc_sd(g)->days[s->day_index].first_hour;
}
