/* phase_e.c — Phase E of the turn [R1-E1, R1-E2]: the rout moves of both
 * sides, then the demoralisation check of every formation; Phase F
 * follows (turn/victory.c).
 *
 * Rout moves [R10.4-c, AMB-30]: the side that won the strategic initiative
 * moves all its routed units first (no winner: the side whose MA was
 * activated first this turn; none activated: the French).  Its owner picks
 * the order (`pending` decision "phase-e": `rout-unit by=P unit=U`); every
 * routed unit must make its rout move (rout/routmove.c, with the
 * "rout-move" decisions it brings).  A unit that stopped for good in a
 * town, village or castle may stay (`rout-stay by=P unit=U`) or resume its
 * rout [R10.4-d].  A scenario with no rout target for a side makes no rout
 * moves for it.
 *
 * Demoralisation [R11.2-a..e, AMB-26]: a formation whose infantry and
 * cavalry that have entered the map (eliminated ones included) are all
 * disordered, routed or eliminated is demoralised; with none it is not.
 * Newly demoralised, it loses the MA with the higher initiative value (the
 * first listed on a tie, as the setup line does) for the next turn; one
 * with a single MA keeps it.  A demoralised formation that is no longer
 * so gets its MA back. */
#include "rules/jdg/move/move.h"

/* The side whose routed units move first [AMB-30]. */
static int first_side(const jdg_state *s)
{
    if (s->init_winner >= 0)
        return s->init_winner;
    return s->first_side >= 0 ? s->first_side : JDG_FRENCH;
}

int jdg_phase_e_side(const jdg_state *s)
{
    int f = first_side(s);
    return s->e_order == 0 ? f : !f;
}

/* Must u of side p still make (or decline) its Phase E rout move? */
static int routs_now(const jdg_data *d, const jdg_state *s, int u, int p)
{
    return d->unit[u].side == p && jdg_on_map(s, u) && s->unit[u].status == JDG_ROUTED &&
           !(s->unit[u].act2 & JDG_ACT2_ROUTED_E) &&
           (d->rout_hex[p] != JDG_OFFMAP || d->rout_edge[p] != 0);
}

static int count_routing(const jdg_data *d, const jdg_state *s, int p)
{
    int n = 0;
    for (int u = 0; u < d->nunits; u++)
        n += routs_now(d, s, u, p);
    return n;
}

/* The MA slot demoralisation removes: the higher initiative [R11.2-d]. */
static int removed_slot(const jdg_data *d, int f)
{
    const jdg_formation_data *fd = &d->formation[f];
    if (fd->nmarkers < 2)
        return -1;
    return d->marker[fd->marker[1]].initiative > d->marker[fd->marker[0]].initiative;
}

/* Is formation f demoralised now [R11.2-b, AMB-26]? */
static int demoralised_now(const jdg_data *d, const jdg_state *s, int f)
{
    int n = 0;
    for (int u = 0; u < d->nunits; u++) {
        if (d->unit[u].formation != f || d->unit[u].type == JDG_ART ||
            !(s->unit[u].flags & JDG_UF_ENTERED) || s->unit[u].exited)
            continue;
        n++;
        if (s->unit[u].status == JDG_GOOD)
            return 0;
    }
    return n > 0;
}

void jdg_set_demoralised(gr_game *g, int f, int on)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int k = removed_slot(d, f);
    s->formation[f].demoralised = (uint8_t)(on != 0);
    s->formation[f].ma_removed = (uint8_t)(on && k >= 0 ? 1u << k : 0); /* [R11.2-c/d/e] */
    gr_emitv(g, JDG_E_DEMORALISED, 2, jdg_marker_ref(d, d->formation[f].marker[k >= 0 ? k : 0]),
             on != 0);
}

/* R1-E2: every formation is checked after the rout moves [R11.2-a]. */
static void demoralisation_check(gr_game *g)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    for (int f = 0; f < d->nformations; f++) {
        int now = demoralised_now(d, s, f);
        if (now != s->formation[f].demoralised)
            jdg_set_demoralised(g, f, now);
    }
}

/* Goes on with Phase E until a side must choose, or ends it. */
static void phase_e_continue(gr_game *g)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    while (s->phase == JDG_PH_ROUT && s->rt_unit < 0 && !s->contact) {
        if (count_routing(d, s, jdg_phase_e_side(s)) > 0)
            return;
        if (s->e_order == 0) {
            s->e_order = 1;
            continue;
        }
        demoralisation_check(g);
        gr_emitv(g, JDG_E_PHASE_END, 1, 4);
        jdg_phase_f(g);
    }
}

void jdg_phase_e(gr_game *g)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    jdg_move_reset(g);
    for (int u = 0; u < d->nunits; u++)
        s->unit[u].act2 = 0;
    s->phase = JDG_PH_ROUT;
    s->step = 0;
    s->e_order = 0;
    phase_e_continue(g);
}

int jdg_phase_e_legal(const gr_game *g, int p, gr_action *out, int cap)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    int n = 0;
    for (int u = 0; u < d->nunits; u++) {
        if (!routs_now(d, s, u, p))
            continue;
        for (int k = 0; k < 2; k++) {
            if (k == 1 && !(s->unit[u].flags & JDG_UF_ROUT_STOP))
                break;
            if (n < cap) {
                memset(&out[n], 0, sizeof out[n]);
                out[n].kind = (uint16_t)(k ? JDG_A_ROUT_STAY : JDG_A_ROUT_UNIT);
                out[n].player = (uint8_t)p;
                out[n].nargs = 1;
                out[n].arg[0] = u;
            }
            n++;
        }
    }
    return n;
}

static gr_status e_choice(gr_game *g, const gr_action *a, gr_error *why)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int u = a->arg[0];
    if (a->kind != JDG_A_ROUT_UNIT && a->kind != JDG_A_ROUT_STAY)
        return gr_fail(why, "jdg:R1-E1", "Phase E: each routed unit makes its rout move");
    if (u < 0 || u >= d->nunits || !routs_now(d, s, u, a->player) ||
        a->player != jdg_phase_e_side(s))
        return gr_fail(why, "jdg:R1-E1", "not a routed unit of the side making its rout "
                       "moves now (the initiative winner's side first, AMB-30)");
    if (a->kind == JDG_A_ROUT_STAY && !(s->unit[u].flags & JDG_UF_ROUT_STOP))
        return gr_fail(why, "jdg:R10.4-c", "a routed unit moves its full allowance in Phase E "
                       "unless it stopped for good in a town, village or castle");
    s->unit[u].act2 |= JDG_ACT2_ROUTED_E;
    if (a->kind == JDG_A_ROUT_STAY)
        return GR_OK; /* it stays [R10.4-d] */
    s->unit[u].flags &= (uint8_t)~JDG_UF_ROUT_STOP; /* resumes [R10.4-d] */
    s->unit[u].flags |= JDG_UF_ROUTMOVE;
    jdg_retreat_next(g, s->unit[u].hex); /* [R10.4-c] */
    return GR_OK;
}

gr_status jdg_phase_e_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    jdg_state *s = jdg_st(g);
    gr_status r;
    int contact_kind = a->kind == JDG_A_CINC_RETREAT || a->kind == JDG_A_CINC_STAY;
    if (s->contact || contact_kind) {
        if (!s->contact || !contact_kind)
            return gr_fail(why, "jdg:R2.5.2-a", s->contact ? "a C-in-C in contact retreats or "
                           "stays first" : "no C-in-C is in contact");
        r = jdg_cinc_apply(g, a, why);
    } else if (s->rt_unit >= 0) {
        r = jdg_retreat_apply(g, a, why);
    } else {
        r = e_choice(g, a, why);
    }
    if (r == GR_OK)
        phase_e_continue(g);
    return r;
}
