/* react.c — reaction windows: fate cards played in the middle of a
 * resolution, after dice that failed (spec 7.1 fate tables):
 *
 *   HITS       after a fire or combat attack's hit tests of which some
 *              failed (a combat's two attacks each): the attacker's side
 *              may play Deadly Attack (6): the failed tests that were not
 *              re-rolled already are re-rolled (1.0.2-c)
 *   VALOUR     after the valour test of a fire attack's target, or of a
 *              combat's main attacker or target, failed: its side may play
 *              Inspiration (8): the test is passed instead
 *   FORTITUDE  after a fortitude test failed (9.5-d): the brigade's side
 *              may play Inspiration (8): the test is passed instead
 *
 * A window opens for a side only when it could hold the card: the fate
 * decks are in play, it holds at least one card, its fate table has the
 * card and the card is not in its (public) discard pile.  So opening it
 * tells the enemy nothing he did not know; the decision is `play` (the
 * card, or any other the window allows: none) or `pass`.  The resolution
 * waits in vf_state.react (public: every die is logged) and goes on when
 * the window closes.
 *
 * Not yet: for the valour tests of wavering, Square cavalry tests or Hit
 * and Run casualties, or the rolls of a fire or combat attack's other
 * dice (those resolve at once, as before). */
#include "../vf.h"

/* The hook a reaction window plays. */
static int window_hook(int w)
{
    return w == VF_FW_HITS ? VF_FH_DEADLY : VF_FH_INSPIRATION;
}

int vf_react_open(gr_game *g, int w, int side)
{
    const vf_sdata *sd = vf_sd(g);
    vf_state *st = vf_st(g);
    if (!sd->fate || st->fate[side].nhand == 0 || st->fx.window)
        return 0;
    int hook = window_hook(w), could = 0;
    for (int r = 0; r < VF_FATE_CARDS && !could; r++) {
        const vf_fate_card *c = vf_fate_entry(sd, side, r);
        could = c && c->hook == hook && !(st->fate[side].discard & (1u << r));
    }
    if (!could)
        return 0;
    st->fx.window = (uint8_t)w;
    st->fx.wside = (uint8_t)side;
    st->react.played = 0;
    return 1;
}

int vf_react_window(int w)
{
    return w == VF_FW_HITS || w == VF_FW_VALOUR || w == VF_FW_FORTITUDE;
}

int vf_react_timing(const vf_state *st, int side, int hook)
{
    if (st->fx.wside != side || !vf_react_window(st->fx.window))
        return 0;
    return hook == window_hook(st->fx.window);
}

void vf_react_played(gr_game *g)
{
    vf_st(g)->react.played = 1;
}

/* After a resolution of the fire phase: the phase goes on (flow.c). */
static void fire_goes_on(gr_game *g)
{
    const vf_state *st = vf_cst(g);
    if (st->phase == VF_PHASE_FIRE && !st->fx.window && !vf_fire_possible(g))
        vf_fire_close(g);
}

/* The HITS window closed: Deadly Attack's re-rolls, then the casualties. */
static void hits_close(gr_game *g)
{
    vf_react r = vf_cst(g)->react;
    int extra = 0;
    if (r.played) {
        vf_d6 t = {.purpose = VF_ROLL_HIT, .target = 4, .mod = r.mod};
        extra = vf_d6_count(g, &t, r.free); /* re-rolled once: no further re-roll */
    }
    if (vf_cst(g)->phase == VF_PHASE_COMBAT) {
        vf_fight_resume(g, extra);
        vf_combat_advance(g);
        return;
    }
    vf_fire_land(g, r.target, r.hits + extra);
    fire_goes_on(g);
}

static void valour_close(gr_game *g)
{
    const vf_react *r = &vf_cst(g)->react;
    int combat = vf_cst(g)->phase == VF_PHASE_COMBAT;
    int u = combat ? vf_fight_waiting_unit(g) : r->unit;
    if (r->played)
        gr_emitv(g, GR_EV_SYSTEM + VF_EV_VALOUR, 2, u, VF_TR_PASS); /* passed instead */
    else
        vf_rout(g, u);
    if (!combat) {
        fire_goes_on(g);
        return;
    }
    vf_fight_resume(g, 0);
    vf_combat_advance(g);
}

static void fortitude_close(gr_game *g)
{
    const vf_react *r = &vf_cst(g)->react;
    if (r->played)
        gr_emitv(g, GR_EV_SYSTEM + VF_EV_FORTITUDE, 4, vf_brigade_id(vf_sd(g), r->unit), r->hits,
                 r->mod, VF_TR_PASS); /* passed instead */
    else
        vf_fortitude_failed(g, r->unit);
    if (!vf_end_of_phase(g))
        vf_after_end_of_phase(g);
}

void vf_react_close(gr_game *g, int w)
{
    if (w == VF_FW_HITS)
        hits_close(g);
    else if (w == VF_FW_VALOUR)
        valour_close(g);
    else
        fortitude_close(g);
}
