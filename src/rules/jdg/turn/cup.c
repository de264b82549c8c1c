/* cup.c — the activation-marker cup: turn start, Phase B (MACs before the
 * roll, strategic initiative, the winner's optional first MA), Phase C
 * (assembly) and Phase D (random draws from the game's stream until exactly
 * one MA is left, which is never activated) [R1-B*, R1-C1, R1-D*, R2.1,
 * R2.2, R3, R5.2.1-a].
 *
 * Draws are made at the moment of each activation from the game's stream
 * (gr_draw over the markers in the cup, in marker order), so no future draw
 * order exists in the state.  Rule cases force draws with the setup line
 * "draw MA ..." (state.forced, hidden from every view). */
#include <string.h>

#include "rules/jdg/jdg.h"

static int formation_on_map(const jdg_data *d, const jdg_state *s, int f)
{
    for (int u = 0; u < d->nunits; u++)
        if (d->unit[u].formation == f && s->unit[u].hex != JDG_OFFMAP &&
            s->unit[u].status != JDG_ELIMINATED)
            return 1;
    return 0;
}

/* Ordinary MA slot k (0/1) of formation f in play this turn [R1-C1]. */
static int slot_due(const jdg_data *d, const jdg_state *s, int f, int k)
{
    const jdg_formation_data *fd = &d->formation[f];
    if (s->formation[f].ma_removed & (1u << k))
        return 0; /* demoralisation [R11.2-c] */
    if (formation_on_map(d, s, f))
        return 1; /* also R5.2.1-b: already in play, both MAs */
    if (fd->reinf_turn <= 0 || s->formation[f].arrived || s->turn < fd->reinf_turn)
        return 0;
    if (s->turn > fd->reinf_turn)
        return 1; /* delayed arrival: both MAs [R5.2.1-a] */
    for (int j = 0; j < fd->nmarkers; j++) /* first arrival: one MA only */
        if (!(s->formation[f].ma_removed & (1u << j)))
            return j == k;
    return 0;
}

int jdg_marker_due(const jdg_data *d, const jdg_state *s, int m)
{
    const jdg_marker_data *md = &d->marker[m];
    if (md->code == JDG_MA_COMBINED)
        return md->mandatory && s->turn >= md->turn_first && s->turn <= md->turn_last;
    const jdg_formation_data *fd = &d->formation[md->formation];
    for (int k = 0; k < fd->nmarkers; k++)
        if (fd->marker[k] == m)
            return slot_due(d, s, md->formation, k);
    return 0;
}

int jdg_cup_count(const jdg_state *s)
{
    int n = 0;
    for (int m = 0; m < JDG_MAX_MARKERS; m++)
        n += s->ma_loc[m] == JDG_MA_CUP;
    return n;
}

void jdg_turn_start(gr_game *g)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    s->phase = JDG_PH_ORDERS;
    s->step = 0;
    s->committed = 0;
    s->init_total[0] = s->init_total[1] = 0;
    s->init_winner = -1;
    s->picked = s->active = -1;
    s->first_side = -1;
    s->e_order = 0;
    s->draws = 0;
    memset(s->ma_loc, 0, sizeof s->ma_loc);
    for (int f = 0; f < d->nformations; f++)
        s->formation[f].activations = 0;
    for (int u = 0; u < d->nunits; u++) /* ORDERED for the entry turn only [R5.2.1-g] */
        s->unit[u].flags &= (uint8_t)~JDG_UF_ORD_TURN;
    for (int c = 0; c < d->ncincs; c++) { /* once per turn [R2.5.1-c] */
        s->cinc[c].moved = 0;
        s->cinc[c].spent = 0;
    }
    gr_emitv(g, JDG_E_TURN, 1, s->turn);
    jdg_groups_compute(g);
    for (int p = 0; p < JDG_NPLAYERS; p++) {
        int n = 0;
        for (int gi = 0; gi < s->ngroups; gi++)
            n += s->group[gi].side == p;
        gr_emitv(g, JDG_E_GROUPS, 2, p, n);
    }
}

/* ------------------------------------------------------------------ Phase B */

/* DRM of the side's C-in-C designated for strategic initiative [R3-a]; 0
 * when he is eliminated or the side has none. */
static int strategic_drm(const jdg_data *d, const jdg_state *s, int side)
{
    int first = -1;
    for (int c = 0; c < d->ncincs; c++) {
        if (d->cinc[c].side != side)
            continue;
        if (d->cinc[c].designated)
            return s->cinc[c].eliminated ? 0 : d->cinc[c].drm;
        if (first < 0)
            first = c;
    }
    return first >= 0 && !s->cinc[first].eliminated ? d->cinc[first].drm : 0;
}

/* Ordinary MA of the winner's own formation that would go into the cup
 * this turn (AMB-3 reading) [R1-B2, R3-c]. */
static int pickable(const jdg_data *d, const jdg_state *s, int p, int m)
{
    const jdg_marker_data *md = &d->marker[m];
    return md->code == JDG_MA_ORDINARY && md->side == p && s->ma_loc[m] == JDG_MA_OUT &&
           jdg_marker_due(d, s, m);
}

static void phase_c_and_d(gr_game *g);

void jdg_phase_b(gr_game *g)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    gr_emitv(g, JDG_E_PHASE_END, 1, 0);
    for (int m = 0; m < d->nmarkers; m++) /* MACs before B.1 [R1-B0, R2.1.2-a] */
        if (d->marker[m].code == JDG_MA_COMBINED && jdg_marker_due(d, s, m)) {
            s->ma_loc[m] = JDG_MA_CUP;
            gr_emitv(g, JDG_E_MAC_PLACED, 1, jdg_marker_ref(d, m));
        }
    for (int p = 0; p < JDG_NPLAYERS; p++) /* [R1-B1, R3-a] */
        s->init_total[p] = (int8_t)(gr_roll(g, 0, 10, JDG_P_STRATEGIC) + strategic_drm(d, s, p));
    int diff = s->init_total[0] - s->init_total[1];
    s->init_winner = (int8_t)(diff > 0 ? 0 : diff < 0 ? 1 : -1); /* tie: nobody [R3-b] */
    gr_emitv(g, JDG_E_INITIATIVE, 3, s->init_total[0], s->init_total[1],
             s->init_winner >= 0 ? s->init_winner : 2);
    int any = 0;
    for (int m = 0; s->init_winner >= 0 && m < d->nmarkers && !any; m++)
        any = pickable(d, s, s->init_winner, m);
    if (any)
        s->phase = JDG_PH_PICK;
    else
        phase_c_and_d(g);
}

int jdg_pick_legal(const gr_game *g, int p, gr_action *out, int cap)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    int n = 0;
    for (int m = 0; m < d->nmarkers; m++) {
        if (!pickable(d, s, p, m))
            continue;
        if (n < cap)
            out[n] = (gr_action){.kind = JDG_A_PICK, .player = (uint8_t)p, .nargs = 1,
                                 .arg = {jdg_marker_ref(d, m)}};
        n++;
    }
    if (n < cap)
        out[n] = (gr_action){.kind = JDG_A_NO_PICK, .player = (uint8_t)p};
    return n + 1;
}

gr_status jdg_pick_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    if (a->kind == JDG_A_PICK) {
        int m = jdg_marker_of_ref(d, a->arg[0]);
        if (m < 0)
            return gr_fail(why, "jdg:R1-B2", "'%s' is not an activation marker",
                           jdg_unit_name(d, a->arg[0]) ? jdg_unit_name(d, a->arg[0]) : "?");
        if (!pickable(d, s, a->player, m))
            return gr_fail(why, "jdg:R1-B2",
                           "%s is not an ordinary MA of one of your formations in play "
                           "this turn",
                           d->marker[m].id);
        s->picked = (int8_t)m;
        s->ma_loc[m] = JDG_MA_PICKED;
        gr_emitv(g, JDG_E_PICKED, 1, a->arg[0]);
    }
    phase_c_and_d(g);
    return GR_OK;
}

/* ------------------------------------------------------------------ Phases C, D */

static void end_of_phase_d(gr_game *g)
{
    gr_emitv(g, JDG_E_PHASE_END, 1, 3);
    jdg_phase_e(g); /* then F [R1-E1, R1-F1] */
}

/* The k-th marker in the cup, in marker order. */
static int cup_nth(const jdg_state *s, int k)
{
    for (int m = 0; m < JDG_MAX_MARKERS; m++)
        if (s->ma_loc[m] == JDG_MA_CUP && k-- == 0)
            return m;
    return -1;
}

/* Takes the next forced draw (tests), or -1. */
static int forced_draw(jdg_state *s)
{
    if (s->nforced == 0)
        return -1;
    int m = s->forced[0];
    memmove(s->forced, s->forced + 1, (size_t)(JDG_FORCED_DRAWS - 1));
    s->forced[JDG_FORCED_DRAWS - 1] = -1;
    s->nforced--;
    if (s->ma_loc[m] != JDG_MA_CUP) {
        s->forced_bad = 1; /* reported by sanity */
        return -1;
    }
    return m;
}

/* Draws the next MA, or ends Phase D when at most one is left [R1-D4]. */
static void next_draw(gr_game *g)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int n = jdg_cup_count(s);
    if (n <= 1) {
        int last = cup_nth(s, 0);
        if (last >= 0) { /* set aside, never activated [R1-D4, R2.2-b] */
            s->ma_loc[last] = JDG_MA_ASIDE;
            gr_emitv(g, JDG_E_LAST_MA, 1, jdg_marker_ref(d, last));
        }
        end_of_phase_d(g);
        return;
    }
    int m = forced_draw(s);
    int how = JDG_HOW_FORCED;
    if (m < 0) {
        m = cup_nth(s, gr_draw(g, n, JDG_P_MA_DRAW, 1)); /* [R1-D1, R2.2-a] */
        how = JDG_HOW_DRAWN;
    }
    jdg_activate(g, m, how);
}

static void phase_c_and_d(gr_game *g)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    gr_emitv(g, JDG_E_PHASE_END, 1, 1);
    for (int m = 0; m < d->nmarkers; m++) /* [R1-C1, R2.1.1-c] */
        if (d->marker[m].code == JDG_MA_ORDINARY && s->ma_loc[m] == JDG_MA_OUT &&
            jdg_marker_due(d, s, m))
            s->ma_loc[m] = JDG_MA_CUP;
    gr_emitv(g, JDG_E_CUP, 1, jdg_cup_count(s));
    gr_emitv(g, JDG_E_PHASE_END, 1, 2);
    s->phase = JDG_PH_ACTIVATION;
    if (s->picked >= 0)
        jdg_activate(g, s->picked, JDG_HOW_PICKED); /* [R1-D1, R3-c] */
    else
        next_draw(g);
}

void jdg_activation_done(gr_game *g)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int m = s->active;
    s->ma_loc[m] = JDG_MA_ASIDE; /* [R1-D4, R2.2-a] */
    if (d->marker[m].formation >= 0)
        s->formation[d->marker[m].formation].activations++;
    for (int gi = 0; gi < s->ngroups; gi++)
        s->group[gi].mode = JDG_MODE_UNDECIDED; /* "this activation only" [R2.4.3-d] */
    s->active = -1;
    s->step = 0;
    s->draws++;
    gr_emitv(g, JDG_E_ACTIVATION_END, 1, jdg_marker_ref(d, m));
    next_draw(g);
}
