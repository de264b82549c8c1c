/* evalcc.c — for the static evaluation (evaluate.c): the army morale each
 * army can expect to lose or gain in the close combats declared but not
 * yet rolled this phase.  Without it a declaration changes nothing the
 * evaluation sees until its combat is rolled, many decisions later, so a
 * search (and greedy's one ply) could not tell a 3-1 attack from a 1-2.
 * Each combat's results are weighted by the CRT over the d10 at its odds
 * column (GR12.23 Step 1) and its Step 3 DRMs (arw_combat_drm); the
 * vanguards and the tactic chits are not known yet and count 0.  A combat
 * counts until its resolution starts (not while its vanguards and chits
 * are chosen: docs/arw.md, "Evaluation", says why).
 * Each result costs the army morale T-ArmyMoraleAdjust gives it
 * (tables.json) plus a hand-set share for what follows it (retreats, failed
 * morale checks of the other participants: EVCC_* below, engine tuning,
 * not rulebook numbers).  Pure, integer-only. */
#include "arw.h"

/* Thousandths of a morale point: what a result costs beyond its
 * T-ArmyMoraleAdjust entry (the other participants' morale checks, the
 * ground lost) and what a leader casualty costs. */
enum { EVCC_RETREAT = 200, EVCC_FOLLOW = 200, EVCC_CAPTURE = 1000, EVCC_PIN = 300,
       EVCC_STAR = 1000 };

/* T-ArmyMoraleAdjust row of result code r (ARW_AM_*), or -1 for none. */
static int am_event(unsigned r)
{
    switch (ARW_RCODE(r)) {
    case ARW_R_AM: return ARW_AM_AM;
    case ARW_R_D: return ARW_AM_D;
    case ARW_R_1: return ARW_AM_1;
    case ARW_R_2: return ARW_AM_2;
    case ARW_R_DC:
    case ARW_R_AC: return ARW_AM_CAPTURE;
    default: return -1;
    }
}

/* Thousandths of a morale point beyond T-ArmyMoraleAdjust for result r. */
static int follow_cost(unsigned r)
{
    static const int cost[ARW_NRCODES] = {
        [ARW_R_R] = EVCC_RETREAT, [ARW_R_D] = EVCC_RETREAT, [ARW_R_1] = EVCC_FOLLOW,
        [ARW_R_2] = EVCC_FOLLOW,  [ARW_R_DC] = EVCC_CAPTURE, [ARW_R_AC] = EVCC_CAPTURE,
        [ARW_R_PIN] = EVCC_PIN};
    return (ARW_RCODE(r) < ARW_NRCODES ? cost[ARW_RCODE(r)] : 0) +
           ((r & ARW_R_STAR) ? EVCC_STAR : 0);
}

/* Thousandths of army morale that result r costs its side (*loss) and
 * gives the other side (*gain). */
static void result_cost(const arw_tables *t, unsigned r, int *loss, int *gain)
{
    int ev = am_event(r);
    *loss = (ev >= 0 ? 1000 * t->am_loss[ev] : 0) + follow_cost(r);
    *gain = ev >= 0 ? 1000 * t->am_gain[ev] : 0;
}

/* Odds column and DRM of declared combat k (Step 1 and Step 3 as they
 * stand); -1 when there is no roll to expect (artillery alone is
 * captured, GR12.3-b). */
static int column_and_drm(const gr_game *g, int k, int *drm)
{
    const arw_tables *t = &arw_dat(g)->t;
    int att = arw_combat_sp(g, k, ARW_ATT), def = arw_combat_sp(g, k, ARW_DEF), below;
    if (att <= 0 || def <= 0)
        return -1;
    int column = arw_odds_column(t, att, def, &below);
    *drm = arw_combat_drm(g, k) + (below ? t->below_drm : 0);
    return column;
}

/* Adds the expected morale changes of a roll on `column` with `drm`
 * between the armies army[ARW_ATT] and army[ARW_DEF] to delta. */
static void crt_delta(const arw_tables *t, int column, int drm, const int army[2],
                      int32_t delta[ARW_NARMIES])
{
    for (int face = 0; face < 10; face++) {
        int v = face + drm;
        v = v < t->roll_min ? t->roll_min : v > t->roll_max ? t->roll_max : v;
        const uint8_t *cell = t->crt[v - t->roll_min][column];
        for (int role = 0; role < 2; role++) {
            int loss, gain;
            result_cost(t, cell[role], &loss, &gain);
            delta[army[role]] -= loss / 10;
            delta[army[1 - role]] += gain / 10;
        }
    }
}

/* Adds combat k's expected morale changes to delta[army] (thousandths). */
static void combat_delta(const gr_game *g, int k, int32_t delta[ARW_NARMIES])
{
    int drm, column = column_and_drm(g, k, &drm);
    if (column < 0)
        return;
    int army[2] = {arw_role_army(g, k, ARW_ATT), arw_role_army(g, k, ARW_DEF)};
    crt_delta(&arw_dat(g)->t, column, drm, army, delta);
}

void arw_eval_pending_combats(const gr_game *g, int32_t delta[ARW_NARMIES])
{
    const arw_state *s = arw_cst(g);
    for (int a = 0; a < ARW_NARMIES; a++)
        delta[a] = 0;
    for (int k = 0; k < s->ncombats; k++) {
        const arw_combat *c = &s->combat[k];
        if (c->state == ARW_CS_DECLARED)
            combat_delta(g, k, delta);
    }
}
