/* victory.c — Phase F [R1-F1..F3] and victory [R13.1, R13.2, AMB-31].
 *
 * The scenario's "victory" data (docs/jdg.md "Victory") gives VP hexes,
 * VP per enemy unit eliminated, per enemy unit routed at the end and per
 * enemy C-in-C eliminated, the margin of a decisive victory and the
 * automatic victories.  A VP hex is controlled by the side of the last
 * non-routed unit that stood in it, checked after every action (so a hex
 * passed through in the middle of a move counts too), from the side the
 * scenario gives at the start.
 *
 * Phase F: an automatic victory found at the end of a turn ends the game
 * [R13.1] (a side wins at once when every enemy formation its list names is
 * demoralised); after the scenario's last turn the side with more VP wins,
 * by a decisive victory with the scenario's margin or more, equal VP being
 * a draw [R13.2, AMB-31]; otherwise the turn marker moves on and the order
 * markers are removed: the next turn starts at Phase A [R1-F2, R1-F3]. */
#include "rules/jdg/jdg.h"

void jdg_control_init(gr_game *g)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    for (int i = 0; i < JDG_MAX_VP_HEXES; i++)
        s->ctrl[i] = (int8_t)(i < d->victory.nhexes ? d->victory.hex[i].start : -1);
}

void jdg_control_update(gr_game *g)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    if (d->victory.nhexes == 0)
        return;
    for (int u = 0; u < d->nunits; u++) {
        const jdg_unit *un = &s->unit[u];
        if (un->hex == JDG_OFFMAP || un->status >= JDG_ROUTED)
            continue;
        int k = (unsigned)un->hex < (unsigned)d->nhexes ? d->vp_at[un->hex] : -1;
        if (k >= 0)
            s->ctrl[k] = (int8_t)d->unit[u].side;
    }
}

int jdg_vp(const jdg_data *d, const jdg_state *s, int p)
{
    const jdg_victory *v = &d->victory;
    int vp = 0;
    for (int i = 0; i < v->nhexes; i++)
        vp += s->ctrl[i] == p ? v->hex[i].vp[p] : 0;
    for (int u = 0; u < d->nunits; u++) {
        if (d->unit[u].side == p) {
            vp += s->unit[u].exited ? v->exit_vp : 0; /* brief C.11 */
            continue;
        }
        vp += s->unit[u].status == JDG_ELIMINATED ? v->eliminated[p] : 0;
        vp += s->unit[u].status == JDG_ROUTED && s->unit[u].hex != JDG_OFFMAP ? v->routed[p]
                                                                               : 0;
    }
    for (int c = 0; c < d->ncincs; c++)
        vp += d->cinc[c].side != p && s->cinc[c].eliminated ? v->cinc[p] : 0;
    return vp;
}

/* The side that wins automatically now [R13.1], or -1. */
static int automatic_winner(const jdg_data *d, const jdg_state *s)
{
    for (int p = 0; p < JDG_NPLAYERS; p++) {
        uint32_t m = d->victory.automatic[p];
        int all = m != 0;
        for (int f = 0; f < d->nformations && all; f++)
            if ((m >> f) & 1u)
                all = s->formation[f].demoralised;
        if (all)
            return p;
    }
    return -1;
}

/* The level of an end-of-game result [R13.2, AMB-31]. */
static int vp_outcome(const jdg_data *d, int vp0, int vp1)
{
    int diff = vp0 - vp1, decisive = d->victory.decisive > 0 && (diff >= d->victory.decisive ||
                                                                -diff >= d->victory.decisive);
    if (diff == 0)
        return JDG_O_DRAW;
    if (diff > 0)
        return decisive ? JDG_O_FRENCH_DECISIVE : JDG_O_FRENCH;
    return decisive ? JDG_O_ALLIED_DECISIVE : JDG_O_ALLIED;
}

static void game_over(gr_game *g, int outcome)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    s->phase = JDG_PH_OVER;
    s->step = 0;
    s->outcome = (uint8_t)outcome;
    s->e_order = 0;
    gr_emitv(g, JDG_E_VICTORY, 3, jdg_vp(d, s, 0), jdg_vp(d, s, 1), outcome);
    gr_emitv(g, JDG_E_PHASE_END, 1, 5);
    gr_emitv(g, JDG_E_GAME_END, 1, s->turn);
}

void jdg_phase_f(gr_game *g)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    jdg_control_update(g);
    int auto_p = automatic_winner(d, s); /* [R1-F1, R13.1] */
    if (auto_p >= 0) {
        game_over(g, auto_p == JDG_FRENCH ? JDG_O_FRENCH_AUTO : JDG_O_ALLIED_AUTO);
        return;
    }
    if (s->turn >= d->turn_last) { /* [R13.2] */
        game_over(g, vp_outcome(d, jdg_vp(d, s, 0), jdg_vp(d, s, 1)));
        return;
    }
    gr_emitv(g, JDG_E_PHASE_END, 1, 5);
    s->turn++; /* [R1-F2] */
    jdg_turn_start(g); /* order markers removed, Phase A [R1-F3] */
}

int jdg_winner(const jdg_state *s)
{
    return s->outcome < JDG_O_DRAW ? JDG_FRENCH : s->outcome > JDG_O_DRAW ? JDG_ALLIED : -1;
}

void jdg_score(const gr_game *g, int32_t *margin, int32_t *turn)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    *margin = 100 * (jdg_vp(d, s, 0) - jdg_vp(d, s, 1));
    *turn = s->turn;
}
