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
#include "../arw.h"

#include <string.h>

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

/* Where a combat's morale changes go: summed as expectations into delta
 * (thousandths), or convolved into dist (arw_eval_pending_dist). */
typedef struct evcc_rolls evcc_rolls;
typedef struct evcc_sink {
    int32_t *delta;
    evcc_rolls *rolls; /* arw_eval_pending_dist: the rolls, convolved after */
    arw_watch *watch;  /* arw_eval_pending_dist: the guards' chances to leave */
} evcc_sink;

/* The CRT cell of a roll of face (0-9) + drm on column. */
static const uint8_t *crt_cell(const arw_tables *t, int column, int drm, int face)
{
    int v = face + drm;
    v = v < t->roll_min ? t->roll_min : v > t->roll_max ? t->roll_max : v;
    return t->crt[v - t->roll_min][column];
}

/* Adds change c (whole points) to summary side r's distinct changes. */
static void add_change(arw_crt_sum *x, int r, int c)
{
    int i = 0;
    while (i < x->nval[r] && x->val[r][i] != c)
        i++;
    if (i == x->nval[r]) {
        x->val[r][x->nval[r]++] = (int8_t)c;
        x->cnt[r][i] = 0;
    }
    x->cnt[r][i]++;
}

/* The number of the ten faces on which a unit of `role`, alone of its side
 * in its hex, leaves it for good in a combat rolled on column + drm: lost
 * (GR13.1 "2", DC, AC; "1" when it has one step left) or, attacking, the
 * vanguard advancing into the hex the lone defender left (R, D, "2", DC,
 * AC to it; GR12.23 Step 9, AMB-94) when it has not retreated itself (R,
 * D to it: Step 9 "unless the vanguard retreated").  A retreat does not
 * count: a leader may retreat with the unit (GR13.26-a, GR14.31-a). */
static int leave_faces(const arw_tables *t, int column, int drm, int role, int one_step,
                       int lone_defender)
{
    int n = 0;
    for (int face = 0; face < 10; face++) {
        const uint8_t *cell = crt_cell(t, column, drm, face);
        unsigned own = ARW_RCODE(cell[role]), foe = ARW_RCODE(cell[1 - role]);
        int lost = own == ARW_R_2 || own == ARW_R_DC || own == ARW_R_AC ||
                   (own == ARW_R_1 && one_step);
        int gone = foe == ARW_R_R || foe == ARW_R_D || foe == ARW_R_2 || foe == ARW_R_DC ||
                   foe == ARW_R_AC;
        int retreats = own == ARW_R_R || own == ARW_R_D;
        n += lost || (role == ARW_ATT && lone_defender && gone && !retreats);
    }
    return n;
}

/* The summary of a roll on `column` with `drm` (arw_crt_sum). */
static void crt_summary(const arw_tables *t, int column, int drm, arw_crt_sum *x)
{
    memset(x, 0, sizeof *x);
    for (int face = 0; face < 10; face++) {
        const uint8_t *cell = crt_cell(t, column, drm, face);
        int chg[2] = {0, 0};
        for (int role = 0; role < 2; role++) {
            int loss, gain, ev = am_event(cell[role]);
            result_cost(t, cell[role], &loss, &gain);
            x->expect[role] -= loss / 10;
            x->expect[1 - role] += gain / 10;
            x->follow[role] -= follow_cost(cell[role]) / 10;
            if (ev >= 0) {
                chg[role] -= t->am_loss[ev];
                chg[1 - role] += t->am_gain[ev];
            }
        }
        for (int role = 0; role < 2; role++)
            add_change(x, role, chg[role]);
    }
    for (int role = 0; role < 2; role++)
        for (int one = 0; one < 2; one++)
            for (int lone = 0; lone < 2; lone++)
                x->leave[role][one][lone] = (int8_t)leave_faces(t, column, drm, role, one, lone);
}

void arw_eval_crt_derive(arw_data *d)
{
    for (int c = 0; c < d->t.ncols && c < ARW_MAX_COLS; c++)
        for (int i = 0; i < ARW_CRT_DRMS; i++)
            crt_summary(&d->t, c, d->t.roll_min - 9 + i, &d->crt_sum[c][i]);
}

/* The summary of a roll on `column` with `drm` (any DRM: beyond the table
 * every face is at the floor or the ceiling). */
static const arw_crt_sum *crt_sum_of(const arw_data *d, int column, int drm)
{
    int i = drm - (d->t.roll_min - 9);
    i = i < 0 ? 0 : i > d->t.roll_max - d->t.roll_min + 9 ? d->t.roll_max - d->t.roll_min + 9 : i;
    ALWAYS(column >= 0 && column < ARW_MAX_COLS && i < ARW_CRT_DRMS);
    return &d->crt_sum[column][i];
}

/* Adds the expected morale changes of a roll on `column` with `drm`
 * between the armies army[ARW_ATT] and army[ARW_DEF] to delta. */
static void crt_delta(const arw_data *d, int column, int drm, const int army[2],
                      int32_t delta[ARW_NARMIES])
{
    const arw_crt_sum *x = crt_sum_of(d, column, drm);
    delta[army[ARW_ATT]] += x->expect[ARW_ATT];
    delta[army[ARW_DEF]] += x->expect[ARW_DEF];
}

/* Army a's distribution convolved with change val[i] whole points on
 * cnt[i] faces of ten, i < n (the end bins keep what falls beyond them),
 * over the bins that hold anything. */
static void convolve(arw_morale_dist *m, int a, int n, const int8_t *val, const int8_t *cnt)
{
    if (n == 1 && val[0] == 0)
        return; /* no face changes it */
    uint64_t out[ARW_MD_BINS];
    uint32_t *p = m->p[a];
    int lo = ARW_MD_BINS, hi = -1;
    memset(out, 0, sizeof out);
    for (int b = m->lo[a]; b <= m->hi[a]; b++) {
        if (p[b] == 0)
            continue;
        for (int i = 0; i < n; i++) {
            int to = b + val[i];
            to = to < 0 ? 0 : to >= ARW_MD_BINS ? ARW_MD_BINS - 1 : to;
            out[to] += (uint64_t)p[b] * (uint64_t)cnt[i];
            lo = to < lo ? to : lo;
            hi = to > hi ? to : hi;
        }
        p[b] = 0;
    }
    for (int b = lo; b <= hi; b++)
        p[b] = (uint32_t)(out[b] / 10);
    m->lo[a] = (int8_t)(lo <= hi ? lo : ARW_MD_MID);
    m->hi[a] = (int8_t)(lo <= hi ? hi : ARW_MD_MID);
}

/* The pending rolls of arw_eval_pending_dist: each one's summary and the
 * armies of its roles. */
enum { EVCC_MAX_ROLLS = 48 + ARW_MAX_COMBATS };
struct evcc_rolls {
    int n;
    const arw_crt_sum *sum[EVCC_MAX_ROLLS];
    int8_t army[EVCC_MAX_ROLLS][2];
};

/* As crt_delta, for the distributions: the roll kept for later. */
static void crt_dist(const arw_data *d, int column, int drm, const int army[2], evcc_rolls *r)
{
    if (r->n == EVCC_MAX_ROLLS)
        return;
    r->sum[r->n] = crt_sum_of(d, column, drm);
    r->army[r->n][0] = (int8_t)army[0];
    r->army[r->n][1] = (int8_t)army[1];
    r->n++;
}

static void crt_add(const arw_data *d, int column, int drm, const int army[2],
                    const evcc_sink *out)
{
    if (out->rolls)
        crt_dist(d, column, drm, army, out->rolls);
    else
        crt_delta(d, column, drm, army, out->delta);
}

int arw_eval_attacks_to_come(const arw_state *s)
{
    return (s->phase >= ARW_PH_MOVEMENT && s->phase <= ARW_PH_RIFLE_FIRE) ||
           (s->phase == ARW_PH_CLOSE_COMBAT && s->stage == ARW_ST_DECLARE);
}

/* ------------------------------------------------ guards that leave (arw_watch) */

/* Non-zero when hex h holds exactly one combat unit that is not artillery
 * (the one that fights and leaves it; GR12.3-b). */
static int lone_fighter(const gr_game *g, int h)
{
    int n = 0;
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    for (int u = s->hex[h].head; u != ARW_NO_UNIT; u = s->unit[u].next)
        n += arw_is_combat_unit(d, u) && d->unit[u].kind != ARW_K_ARTILLERY;
    return n == 1;
}

/* The watched guards in declared combat k (column + drm): their chance
 * to leave, as attacker or defender. */
static void watch_declared(const gr_game *g, int k, int column, int drm, arw_watch *w)
{
    const arw_state *s = arw_cst(g);
    const arw_combat *c = &s->combat[k];
    const arw_crt_sum *x = crt_sum_of(arw_dat(g), column, drm);
    int lone = c->ndhex == 1 && lone_fighter(g, c->dhex[0]);
    for (int i = 0; i < w->n; i++) {
        int u = w->guard[i];
        if (s->unit[u].combat != k + 1)
            continue;
        int role = arw_dat(g)->unit[u].side == s->active ? ARW_ATT : ARW_DEF;
        w->leave[i] = (int16_t)(100 * x->leave[role][s->unit[u].steps <= 1][lone]);
    }
}

/* Adds combat k's morale changes to out. */
static void combat_delta(const gr_game *g, int k, const evcc_sink *out)
{
    int drm, column = column_and_drm(g, k, &drm);
    if (column < 0)
        return;
    int army[2] = {arw_role_army(g, k, ARW_ATT), arw_role_army(g, k, ARW_DEF)};
    crt_add(arw_dat(g), column, drm, army, out);
    if (out->watch && arw_cst(g)->phase == ARW_PH_CLOSE_COMBAT)
        watch_declared(g, k, column, drm, out->watch); /* (unit.combat is stale outside) */
}

/* ------------------------------------------------ combats still to declare */

/* Non-zero when hex h defends in a combat declared this phase. */
static int hex_in_combat(const arw_state *s, int h)
{
    if (s->phase != ARW_PH_CLOSE_COMBAT)
        return 0;
    for (int k = 0; k < s->ncombats; k++)
        for (int j = 0; j < s->combat[k].ndhex; j++)
            if (s->combat[k].dhex[j] == h)
                return 1;
    return 0;
}

/* One expected combat: an enemy hex and the obliged units next to it. */
typedef struct evcc_target {
    int16_t hex;
    int8_t natt, army;
    int8_t column, drm; /* target_delta's roll (column -1: none)           */
    int32_t sp;  /* thousandths: each attacker's SP shared among its targets */
    int att[6];  /* the attackers' hexes (distinct)                         */
} evcc_target;

enum { EVCC_MAX_TARGETS = 48 };

/* GR12.12-a: unit u (of the active side) must attack an adjacent enemy
 * (arw_attack_obliged, declare.c); a unit already in a declared combat has
 * done so. */
static int obliged(const gr_game *g, int u)
{
    if (arw_cst(g)->unit[u].combat && arw_cst(g)->phase == ARW_PH_CLOSE_COMBAT)
        return 0; /* (unit.combat is stale outside the phase) */
    return arw_can_attack(g, u) && arw_attack_obliged(g, u);
}

/* The target entry of hex h (added when new), or NULL when full. */
static evcc_target *target_of(evcc_target *t, int *n, int h)
{
    for (int i = 0; i < *n; i++)
        if (t[i].hex == h)
            return &t[i];
    if (*n == EVCC_MAX_TARGETS)
        return NULL;
    t[*n] = (evcc_target){(int16_t)h, 0, -1, -1, 0, 0, {0}};
    return &t[(*n)++];
}

/* Adds obliged unit u's share to each enemy hex it must attack (foe:
 * arw_mark_combat_hexes; a diversion, GR12.14, is not foreseen). */
static void add_attacker(const gr_game *g, int u, const uint64_t *foe, evcc_target *t, int *n)
{
    const arw_data *d = arw_dat(g);
    int16_t targets[6];
    int h = arw_cst(g)->unit[u].hex, nt = arw_attack_targets(g, u, targets, -1, foe);
    for (int i = 0; i < nt; i++) {
        evcc_target *e = target_of(t, n, targets[i]);
        if (!e)
            return;
        e->sp += 1000 * arw_unit_sp(g, u) / nt;
        e->army = e->army < 0 ? (int8_t)d->unit[u].army : e->army;
        int seen = 0;
        for (int j = 0; j < e->natt; j++)
            seen |= e->att[j] == h;
        if (!seen && e->natt < 6)
            e->att[e->natt++] = h;
    }
}

/* Step 1 strength of the defenders in hex h (GR12.23: disrupted halved,
 * shattered at the table's value), and their army (-1: none that fights;
 * artillery alone is captured, GR12.3-b). */
static int defence_sp(const gr_game *g, int h, int *army)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int sp = 0;
    *army = -1;
    for (int u = s->hex[h].head; u != ARW_NO_UNIT; u = s->unit[u].next) {
        if (!arw_is_combat_unit(d, u) || d->unit[u].kind == ARW_K_ARTILLERY)
            continue;
        int v = arw_unit_sp(g, u), st = s->unit[u].status;
        sp += st == ARW_READY ? v : st == ARW_DISRUPTED ? (v + 1) / 2 : d->t.shattered_sp;
        *army = *army < 0 ? d->unit[u].army : *army;
    }
    return sp;
}

/* The odds column of an attack of `sp` thousandths of SP from hexes
 * att[0..natt) on defending hex h, with *drm its Step 3 DRMs as far as
 * they are known before the combat is declared: the terrain rows (T-TEC),
 * the weather and HS-sr3 for a French attacker (army); the leaders, the
 * units' own rows and the chits count 0.  -1 when nothing there fights
 * (*def_army -1) or the attack has less than 1 SP. */
static int target_roll(const gr_game *g, int32_t sp, const int *att, int natt, int16_t h,
                       int army, int *def_army, int *drm)
{
    const arw_data *d = arw_dat(g);
    int below, prohibited, def = defence_sp(g, h, def_army);
    if (def <= 0 || sp < 1000)
        return -1;
    int column = arw_odds_column(&d->t, (sp + 500) / 1000, def, &below);
    *drm = (below ? d->t.below_drm : 0) + arw_weather_cc_drm(g, &prohibited) +
           arw_cc_sides_drm(g, att, natt, &h, 1, 0) + arw_cc_hex_drm(g, att, natt, &h, 1, 0);
    if ((d->rules & ARW_SR_HS_FRENCH_DRM) && army == ARW_ARMY_FRENCH)
        *drm += d->t.drm[ARW_DRM_HS_FRENCH]; /* HS-sr3 */
    return column;
}

/* Adds the expected morale changes of target e's combat to delta
 * (target_roll's column and DRMs, kept in e for watch_expected). */
static void target_delta(const gr_game *g, evcc_target *e, const evcc_sink *out)
{
    int army[2] = {e->army, -1}, drm;
    int column = target_roll(g, e->sp, e->att, e->natt, e->hex, e->army, &army[ARW_DEF], &drm);
    if (column < 0)
        return;
    e->column = (int8_t)column;
    e->drm = (int8_t)(drm < INT8_MIN ? INT8_MIN : drm > INT8_MAX ? INT8_MAX : drm);
    crt_add(arw_dat(g), column, drm, army, out);
}

/* The watched guards next to an enemy (near) attacking in the expected
 * combats t[0..n): the best chance to leave over the targets each must
 * attack (a guard is the one combat unit of its hex, so its hex names
 * it; a declared attacker is priced by its combat instead). */
static void watch_expected(const gr_game *g, const evcc_target *t, int n, const uint64_t *near,
                           arw_watch *w)
{
    const arw_state *s = arw_cst(g);
    for (int i = 0; i < w->n; i++) {
        int u = w->guard[i], h = s->unit[u].hex;
        if (!arw_hex_bit(near, h) || (s->phase == ARW_PH_CLOSE_COMBAT && s->unit[u].combat))
            continue; /* (unit.combat is stale outside the phase) */
        for (int k = 0; k < n; k++) {
            int in = 0;
            for (int j = 0; j < t[k].natt; j++)
                in |= t[k].att[j] == h;
            if (!in || t[k].column < 0)
                continue;
            const arw_crt_sum *x = crt_sum_of(arw_dat(g), t[k].column, t[k].drm);
            int p = 100 * x->leave[ARW_ATT][s->unit[u].steps <= 1][lone_fighter(g, t[k].hex)];
            w->leave[i] = (int16_t)(p > w->leave[i] ? p : w->leave[i]);
        }
    }
}


/* The active side's attacks still to declare this player turn (GR12.12-a:
 * every unit next to an enemy must attack): each enemy hex next to an
 * obliged unit, not yet defending in a declared combat, is taken as one
 * combat, its attackers' SP shared among the hexes each must attack. */
static void expected_combats(const gr_game *g, const evcc_sink *out)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    evcc_target t[EVCC_MAX_TARGETS];
    uint64_t foe[ARW_HEX_WORDS], near[ARW_HEX_WORDS];
    int n = 0;
    if (!arw_eval_attacks_to_come(s))
        return;
    arw_mark_combat_hexes(g, 1 - s->active, foe, near);
    for (int j = 0; j < d->nside_no_art[s->active]; j++) { /* (artillery, leaders: never
                                                                obliged; units next to no
                                                                enemy: skipped) */
        int u = d->side_no_art[s->active][j];
        if (arw_hex_bit(near, s->unit[u].hex) && obliged(g, u))
            add_attacker(g, u, foe, t, &n);
    }
    for (int i = 0; i < n; i++)
        if (!hex_in_combat(s, t[i].hex))
            target_delta(g, &t[i], out);
    if (out->watch)
        watch_expected(g, t, n, near, out->watch);
}

/* Adds every pending combat's changes to out (flags: GR_EVAL_LOOKAHEAD). */
static void pending(const gr_game *g, unsigned flags, const evcc_sink *out)
{
    const arw_state *s = arw_cst(g);
    if (flags & GR_EVAL_LOOKAHEAD)
        expected_combats(g, out);
    for (int k = 0; k < s->ncombats; k++)
        if (s->combat[k].state == ARW_CS_DECLARED)
            combat_delta(g, k, out);
}

void arw_eval_pending_combats(const gr_game *g, unsigned flags, int32_t delta[ARW_NARMIES])
{
    for (int a = 0; a < ARW_NARMIES; a++)
        delta[a] = 0;
    evcc_sink out = {delta, NULL, NULL};
    pending(g, flags, &out);
}

/* Army a's distribution from the rolls (dist->p[a] a point mass at 0):
 * when even the worst face of every roll leaves its morale above the
 * demoralization level the chance of reaching it is 0 and the expected
 * change (dist->shift) serves, as without GR_EVAL_THREATS; otherwise the
 * whole-point changes are convolved and the follow costs are the shift. */
static void army_dist(const gr_game *g, const evcc_rolls *r, int a, arw_morale_dist *dist)
{
    int32_t expect = 0, follow = 0;
    int worst = 0;
    for (int i = 0; i < r->n; i++)
        for (int role = 0; role < 2; role++) {
            if (r->army[i][role] != a)
                continue;
            const arw_crt_sum *x = r->sum[i];
            int least = 0;
            for (int v = 0; v < x->nval[role]; v++)
                least = x->val[role][v] < least ? x->val[role][v] : least;
            worst += least;
            expect += x->expect[role];
            follow += x->follow[role];
        }
    if (arw_cst(g)->morale[a] + worst > arw_dat(g)->t.demoralized_at) {
        dist->shift[a] = expect;
        return;
    }
    dist->shift[a] = follow;
    for (int i = 0; i < r->n; i++)
        for (int role = 0; role < 2; role++)
            if (r->army[i][role] == a)
                convolve(dist, a, r->sum[i]->nval[role], r->sum[i]->val[role],
                         r->sum[i]->cnt[role]);
}

void arw_eval_pending_dist(const gr_game *g, unsigned flags, arw_morale_dist *dist,
                           arw_watch *watch)
{
    memset(dist, 0, sizeof *dist);
    for (int a = 0; a < ARW_NARMIES; a++) {
        dist->p[a][ARW_MD_MID] = ARW_MD_ONE;
        dist->lo[a] = dist->hi[a] = ARW_MD_MID;
    }
    evcc_rolls rolls;
    rolls.n = 0;
    evcc_sink out = {NULL, &rolls, watch};
    pending(g, flags, &out);
    for (int a = 0; a < ARW_NARMIES; a++)
        army_dist(g, &rolls, a, dist);
}

