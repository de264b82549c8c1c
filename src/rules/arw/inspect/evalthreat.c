/* evalthreat.c — the opponent's threats, for the static evaluation
 * (evaluate.c, with GR_EVAL_THREATS; issue 19): what an enemy unit can
 * take next, as expected losses the evaluation's own terms then price.
 *   - a lone leader (no friendly combat unit in his hex) that a ready or
 *     disrupted enemy combat unit can reach is captured by entering his hex
 *     (GR14.31, GR14.32-a): his rank and T-LeaderCasualty's army morale;
 *   - an unguarded battery (no friendly non-artillery combat unit in its
 *     hex) that a ready enemy infantry or cavalry unit can reach is captured
 *     when attacked (GR12.3-b): its SP and T-ArmyMoraleAdjust's capture row;
 *   - a leader or battery whose one guard a close combat of this player
 *     turn may take away (arw_watch, the chance from evalcc.c: lost, or
 *     advancing as the vanguard; the piece stays behind, AMB-94) counts as
 *     alone, weighed by that chance;
 *   - HS-victory (arw_eval_town_threat, asked by evaluate.c's pass over
 *     the units): a ready Allied unit near a town hex, each town hex
 *     measured on its own and one held by a British combat unit counted as
 *     EVT_GARRISON hexes farther (the Allies must win a close combat and
 *     advance first).
 * A threat weighs by the hex distance to the nearest threatening unit
 * (EVT_NEAR, up to EVT_RANGE hexes: a movement phase crosses about three;
 * farther is left out, as it would cost every evaluation a wider ring).
 * Distances are hex counts, not movement paths: cheap enough for the end
 * of every playout.
 * Pure, integer-only, allocation-free. */
#include "../arw.h"

/* Engine tuning, not rulebook numbers: per mille, the chance that a piece
 * r hexes from the nearest threatening enemy unit is taken before its side
 * moves it away or guards it (r = 0 cannot happen: enemies never share a
 * hex), looked for up to EVT_RANGE hexes (4 round a leader was tried:
 * no fewer leaders lost, docs/agents.md); and the extra distance a British
 * garrison puts on a town hex. */
enum { EVT_RANGE = 3, EVT_GARRISON = 2 };
static const int EVT_NEAR[EVT_RANGE + 1] = {1000, 900, 600, 300};

/* A test of the units in a hex (they are on the map): the kinds
 * (1 << ARW_K_*) and statuses (1 << ARW_READY...) it accepts.  Masks, not
 * calls: the rings round each piece hold dozens of hexes. */
typedef struct evt_want {
    unsigned kinds, statuses;
} evt_want;
enum {
    EVT_COMBAT = 1u << ARW_K_INFANTRY | 1u << ARW_K_CAVALRY | 1u << ARW_K_ARTILLERY,
    EVT_NOT_GUNS = 1u << ARW_K_INFANTRY | 1u << ARW_K_CAVALRY,
    EVT_ANY_STATUS = 1u << ARW_READY | 1u << ARW_DISRUPTED | 1u << ARW_SHATTERED
};
/* GR14.32-a: a ready or disrupted combat unit captures lone leaders. */
static const evt_want leader_taker = {EVT_COMBAT, 1u << ARW_READY | 1u << ARW_DISRUPTED};
/* GR12.3-b: a ready attacker that is not artillery takes a lone battery. */
static const evt_want gun_taker = {EVT_NOT_GUNS, 1u << ARW_READY};
/* What guards a battery: a combat unit that is not artillery (a leader:
 * any combat unit, arw_hex_has_combat). */
static const evt_want guard = {EVT_NOT_GUNS, EVT_ANY_STATUS};

/* Non-zero when unit u (in a hex of the map) is of `side` and `want`
 * accepts it. */
static inline int wanted(const arw_data *d, const arw_state *s, int u, int side, evt_want want)
{
    return d->unit[u].side == side && ((want.kinds >> d->unit[u].kind) & 1u) &&
           ((want.statuses >> s->unit[u].status) & 1u);
}

/* Non-zero when hex h holds a unit of `side` that `want` accepts. */
static int any_in_hex(const gr_game *g, int h, int side, evt_want want)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    for (int u = s->hex[h].head; u != ARW_NO_UNIT; u = s->unit[u].next)
        if (wanted(d, s, u, side, want))
            return 1;
    return 0;
}

/* How many units of `side` whose kind is in `kinds` (1 << ARW_K_*; any
 * status: a guard's status does not matter) hex h holds, up to 2; the
 * first one in *first.  Inline: asked of every piece of the watched side
 * at every evaluation. */
static inline int count_guards(const gr_game *g, int h, int side, unsigned kinds, int *first)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int n = 0;
    for (int u = s->hex[h].head; u != ARW_NO_UNIT; u = s->unit[u].next)
        if (d->unit[u].side == side && ((kinds >> d->unit[u].kind) & 1u)) {
            if (n++)
                return 2;
            *first = u;
        }
    return n;
}

/* Which guards a pending close combat of this player turn may take away:
 * in the Close Combat phase those declared in one (unit.combat, stale
 * outside the phase: checked by evalcc.c), and the active side's while its
 * attacks are still to come; -1 none, ARW_NSIDES both sides. */
static int watched_side(const arw_state *s)
{
    if (s->phase == ARW_PH_CLOSE_COMBAT)
        return ARW_NSIDES;
    return arw_eval_attacks_to_come(s) ? s->active : -1;
}

/* Piece u of a watched side in hex h guarded by units of `kinds`: 1 when
 * alone; 0 when guarded, and then listed in *w when it has one guard. */
static inline int alone_or_watched(const gr_game *g, int u, int h, int side, unsigned kinds,
                                   arw_watch *w)
{
    int guard_unit = -1, n = count_guards(g, h, side, kinds, &guard_unit);
    if (n == 1 && w->n < ARW_MAX_WATCH) {
        w->piece[w->n] = (int16_t)u;
        w->guard[w->n] = (int16_t)guard_unit;
        w->leave[w->n++] = 0;
    }
    return n == 0;
}

/* Per mille chance that a unit of `side` accepted by `want` takes the piece
 * in hex h: EVT_NEAR of the nearest one; *army set to its army. */
static int threat_at(const gr_game *g, int h, int side, evt_want want, int *army)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    const int16_t *near = &d->map.near[(size_t)h * ARW_NEAR];
    for (int r = 1, j = 1; r <= EVT_RANGE; r++)
        for (; j < arw_near_count(r); j++) {
            if (near[j] < 0)
                continue;
            for (int u = s->hex[near[j]].head; u != ARW_NO_UNIT; u = s->unit[u].next)
                if (wanted(d, s, u, side, want)) {
                    *army = d->unit[u].army;
                    return EVT_NEAR[r];
                }
        }
    return 0;
}

/* Adds what leader l (in hex h), alone with per-mille chance q, is
 * expected to cost. */
static void leader_threat(const gr_game *g, int l, int h, int q, arw_threats *t)
{
    const arw_unit_def *x = &arw_dat(g)->unit[l];
    int army = -1, p = threat_at(g, h, 1 - x->side, leader_taker, &army) * q / 1000;
    if (p == 0)
        return;
    t->ranks_lost[x->side] += p * x->rank;
    t->morale[x->army] -= p * x->cas_loss;
    if (army >= 0)
        t->morale[army] += p * x->cas_gain;
}

/* Adds what battery u (in hex h), unguarded with per-mille chance q, is
 * expected to cost. */
static void gun_threat(const gr_game *g, int u, int h, int q, arw_threats *t)
{
    const arw_data *d = arw_dat(g);
    int side = d->unit[u].side, army = -1;
    int p = threat_at(g, h, 1 - side, gun_taker, &army) * q / 1000;
    if (p == 0)
        return;
    t->sp_lost[side] += (long)p * arw_unit_sp(g, u);
    t->morale[d->unit[u].army] -= p * d->t.am_loss[ARW_AM_CAPTURE];
    if (army >= 0)
        t->morale[army] += p * d->t.am_gain[ARW_AM_CAPTURE];
}

int arw_eval_town_threat(const gr_game *g, int h)
{
    const arw_data *d = arw_dat(g);
    const int16_t *town = &d->map.town_near[(size_t)h * ARW_TOWN_NEAR];
    int best = ARW_NEAR_RANGE + 1;
    for (int i = 0; i < ARW_TOWN_NEAR && town[i] >= 0; i++) {
        int r = arw_hex_distance(d, h, town[i]);
        if (r >= best)
            break;
        int eff = arw_hex_has_combat(g, town[i], ARW_BRITISH) ? r + EVT_GARRISON : r;
        best = eff < best ? eff : best;
    }
    return best <= ARW_NEAR_RANGE ? arw_ev_town_near[best] : 0;
}

/* The hex of unit u when it is on the map, else -1. */
static int on_map(const arw_state *s, int u)
{
    return s->unit[u].box == ARW_BOX_MAP ? s->unit[u].hex : -1;
}

void arw_eval_threats(const gr_game *g, arw_threats *t, arw_watch *watch)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int watched = watched_side(s);
    *t = (arw_threats){{0}, {0}, {0}};
    watch->n = 0;
    for (int side = 0; side < ARW_NSIDES; side++) {
        int w = watched == side || watched == ARW_NSIDES;
        for (int j = 0; j < d->nside_leaders[side]; j++) {
            int u = d->side_leaders[side][j], h = on_map(s, u);
            if (h >= 0 && (w ? alone_or_watched(g, u, h, side, EVT_COMBAT, watch)
                             : !arw_hex_has_combat(g, h, side)))
                leader_threat(g, u, h, 1000, t);
        }
        for (int j = 0; j < d->nside_art[side]; j++) {
            int u = d->side_art[side][j], h = on_map(s, u);
            if (h >= 0 && (w ? alone_or_watched(g, u, h, side, EVT_NOT_GUNS, watch)
                             : !any_in_hex(g, h, side, guard)))
                gun_threat(g, u, h, 1000, t);
        }
    }
}

void arw_eval_watch_threats(const gr_game *g, const arw_watch *watch, arw_threats *t)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    for (int i = 0; i < watch->n; i++) {
        int u = watch->piece[i], h = s->unit[u].hex;
        if (watch->leave[i] <= 0)
            continue;
        if (d->unit[u].kind == ARW_K_LEADER)
            leader_threat(g, u, h, watch->leave[i], t);
        else
            gun_threat(g, u, h, watch->leave[i], t);
    }
}
