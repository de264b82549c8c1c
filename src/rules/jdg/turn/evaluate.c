/* evaluate.c — the static evaluation used by the search agents
 * (gr_game_evaluate, docs/agents.md).  Read off the public position only
 * (no order marker, no cup), so a view and the real game agree.  In
 * sixteenths of a VP, for the French:
 *   16 x (French VP - Allied VP) as the scenario scores them now (VP
 *        hexes, eliminated units, units routed on the map, C-in-Cs, exits:
 *        jdg_vp);
 *    8 x (Allied - French units disordered): half a VP each, a step toward
 *        rout and a unit that may not shock or charge [R10.1-c];
 *   24 x (Allied - French formations demoralised): one MA fewer a turn
 *        [R11.2-d] and the road to an automatic victory [R13.1];
 *   the threats on the VP hexes (threat, below), French minus Allied;
 *   ORDERS_WEIGHT x (French - Allied infantry and cavalry units on the map
 *        in ORDERED groups this turn) [R2.4.1, R2.4.2]: what an order is
 *        worth, so that Phase A's one-ply values tell orders apart (a group
 *        still hidden from the viewer counts as NO_ORDERS);
 * with GR_EVAL_LOOKAHEAD (mcts; greedy's one ply never asks for it), the
 *   shocks units in contact may win on the VP hexes (shock_chance, below);
 * scaled so that twice the decisive margin (at least 5 VP) is 1000, and
 * kept within +-950 (1000 is a won game). */
#include "rules/jdg/jdg.h"
#include "rules/jdg/turn/turn.h"
#include "rules/jdg/shock/shock.h"

/* A threat counts the side's units within this many hexes of a VP hex,
 * each THREAT_WEIGHT x (THREAT_REACH - distance), up to THREAT_CAP
 * sixteenths per VP the hex swings (below 16, so taking it is worth more). */
#ifndef THREAT_REACH
#define THREAT_REACH 10
#endif
#ifndef THREAT_WEIGHT
#define THREAT_WEIGHT 1
#endif
#ifndef THREAT_CONTACT
#define THREAT_CONTACT 4
#endif
#ifndef THREAT_CAP
#define THREAT_CAP 8
#endif

/* Sixteenths of a VP per infantry or cavalry unit in an ORDERED group: an
 * ORDERED unit moves at full rate and shocks without a contact test, a
 * NO_ORDERS one gambles on its commander or moves at half rate [2.4.2]. */
#ifndef ORDERS_WEIGHT
#define ORDERS_WEIGHT 3
#endif

/* The threat of side p on VP hex k that p does not control: each of p's
 * infantry and cavalry units on the map and not routed adds THREAT_REACH
 * minus its distance (0 from THREAT_REACH hexes on), THREAT_CONTACT more
 * when next to it in good order, not in square, with the hex in a front
 * hex (it may shock it: the shock step can then offer the attack, whose
 * resolution the search sees a few decisions on), up to half of what
 * taking the hex would swing (8 x the VP it gives p and takes from the
 * other side).  Taking the hex (16 x that swing) is always worth more than
 * the largest threat, and every unit coming nearer counts until the cap, so
 * the search walks the side's units toward the hexes it must take. */
static int threat(const jdg_data *d, const jdg_state *s, int k, int p)
{
    const jdg_vp_hex *vh = &d->victory.hex[k];
    int cap = THREAT_CAP * (vh->vp[p] + (s->ctrl[k] == 1 - p ? vh->vp[1 - p] : 0)), t = 0;
    if (s->ctrl[k] == p)
        return 0;
    for (int u = 0; u < d->nunits && t < cap; u++) {
        if (d->unit[u].side != p || d->unit[u].type == JDG_ART || !jdg_on_map(s, u) ||
            s->unit[u].status >= JDG_ROUTED)
            continue;
        int near = THREAT_REACH - jdg_dist(d, s->unit[u].hex, vh->hex);
        t += near > 0 ? THREAT_WEIGHT * near : 0;
        if (near == THREAT_REACH - 1 && s->unit[u].status == JDG_GOOD &&
            !(s->unit[u].flags & JDG_UF_SQUARE) && jdg_is_front(d, s, u, vh->hex))
            t += THREAT_CONTACT; /* may shock it [R8.2-a] */
    }
    return t < cap ? t : cap;
}

/* Sixteenths of a VP per VP of swing, times the chance that a shock from
 * the units now in contact takes the hex (GR_EVAL_LOOKAHEAD only). */
enum { SHOCK_WEIGHT = 6 };

/* The chance, in 1/10, that the Shock Table (T6) gives the defender an R, Rt
 * or E at modified roll m + d10 (0..9) [R8.6.1, R8.6.2]. */
static int take_chance(const jdg_data *d, int m)
{
    int n = 0;
    for (int r = 0; r < 10; r++) {
        const jdg_shock_row *row = &d->shock_row[jdg_shock_row_index(d, m + r)];
        for (int j = 0; j < row->nd; j++)
            if (row->d[j] == JDG_SR_R || row->d[j] == JDG_SR_RT || row->d[j] == JDG_SR_E) {
                n++;
                break;
            }
    }
    return n;
}

/* GR_EVAL_LOOKAHEAD (mcts): what side p's units in contact with VP hex k
 * (held by the other side) may win by shocking it: the good-order
 * infantry and cavalry next to it with the hex in a front hex, their SP
 * against the defenders' (artillery left out) on the Force Ratio Table
 * (T4), the cohesion differential, and the share of d10 rolls whose T6 row
 * retreats, routs or eliminates the defender, times SHOCK_WEIGHT per VP of swing.
 * Terrain and T5 DRMs, reaction fire and refusals are not priced. */
static int shock_chance(const jdg_data *d, const jdg_state *s, int k, int p)
{
    const jdg_vp_hex *vh = &d->victory.hex[k];
    int att = 0, def = 0, catt = -99, cdef = -99;
    if (s->ctrl[k] != 1 - p)
        return 0;
    for (int u = 0; u < d->nunits; u++) {
        if (!jdg_on_map(s, u) || d->unit[u].type == JDG_ART)
            continue;
        const jdg_face *f = &d->unit[u].face[s->unit[u].status == JDG_GOOD ? 0 : 1];
        if (d->unit[u].side != p && s->unit[u].hex == vh->hex) {
            def += f->sp;
            cdef = f->cohesion > cdef ? f->cohesion : cdef;
        } else if (d->unit[u].side == p && s->unit[u].status == JDG_GOOD &&
                   !(s->unit[u].flags & JDG_UF_SQUARE) &&
                   jdg_dist(d, s->unit[u].hex, vh->hex) == 1 &&
                   jdg_is_front(d, s, u, vh->hex)) {
            att += f->sp;
            catt = f->cohesion > catt ? f->cohesion : catt;
        }
    }
    if (att == 0 || def == 0)
        return 0;
    int swing = vh->vp[p] + vh->vp[1 - p];
    return SHOCK_WEIGHT * swing * take_chance(d, jdg_ratio_drm(d, att, def) + catt - cdef) / 10;
}

static int french16(const jdg_data *d, const jdg_state *s, unsigned flags)
{
    int v = 16 * (jdg_vp(d, s, JDG_FRENCH) - jdg_vp(d, s, JDG_ALLIED));
    for (int u = 0; u < d->nunits; u++) {
        if (!jdg_on_map(s, u))
            continue;
        int sign = d->unit[u].side == JDG_FRENCH ? 1 : -1, gi = s->unit[u].group;
        if (s->unit[u].status == JDG_DISORDERED)
            v -= 8 * sign;
        if (gi >= 0 && gi < s->ngroups && s->group[gi].order == JDG_ORD_ORDERED &&
            d->unit[u].type != JDG_ART && s->unit[u].status < JDG_ROUTED)
            v += ORDERS_WEIGHT * sign;
    }
    for (int f = 0; f < d->nformations; f++)
        if (s->formation[f].demoralised)
            v += d->formation[f].side == JDG_FRENCH ? -24 : 24;
    for (int k = 0; k < d->victory.nhexes; k++)
        v += threat(d, s, k, JDG_FRENCH) - threat(d, s, k, JDG_ALLIED);
    if (flags & GR_EVAL_LOOKAHEAD)
        for (int k = 0; k < d->victory.nhexes; k++)
            v += shock_chance(d, s, k, JDG_FRENCH) - shock_chance(d, s, k, JDG_ALLIED);
    return v;
}

int32_t jdg_evaluate(const gr_game *g, int player, unsigned flags)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    int margin = d->victory.decisive > 5 ? d->victory.decisive : 5;
    int32_t v = (int32_t)(1000 * french16(d, s, flags) / (32 * margin));
    v = v > 950 ? 950 : v < -950 ? -950 : v;
    return player == JDG_FRENCH ? v : -v;
}
