/* movement.c — the Movement phase (GR9): the active player moves any, all
 * or none of his units, one at a time (GR9.1-a).  A `move unit=U hex=H`
 * takes U along its cheapest legal path to H (mvexec.c); if its move can go
 * on, U stays the mover and may be moved again from there (the path is
 * then any chain of such legs); moving another unit or `end-movement` ends
 * it.  `end-movement` is refused while an obligation can still be met
 * (disrupted units next to the enemy, GR13.3-a; mixed stacks, SR4.1-1b/-1d/
 * -3b; PIN option B, GR13.1; over-stacked reinforcements, SR4.7-d); then
 * PIN markers away from the enemy go (GR9.3-a) and over-stacks are
 * resolved (stacking.c).  At the phase start LOST becomes PREVIOUSLY LOST
 * (SR4.9-g) and reinforcements may arrive (reinforce.c). */
#include <limits.h>
#include <string.h>

#include "mvint.h"

void arw_movement_begin(gr_game *g)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    s->mv_unit = ARW_NO_UNIT;
    s->mv_from = ARW_NO_HEX;
    s->mv_spent = 0;
    s->mv_modes = 0;
    s->mv_flags = 0;
    memset(s->mvu, 0, sizeof s->mvu);
    for (int u = 0; u < d->nunits; u++) {
        arw_unit *x = &s->unit[u];
        if (d->unit[u].side != s->active || x->box != ARW_BOX_MAP)
            continue;
        if (x->flags & ARW_U_LOST) /* SR4.9-g */
            x->flags = (uint16_t)((x->flags & ~ARW_U_LOST) | ARW_U_PREV_LOST);
        x->flags &= (uint16_t)~(ARW_U_MORTAR_MOVED | ARW_U_MORTAR_FIRED); /* SR4.12-e */
    }
    arw_mark_mixed(g);
    arw_movement_next(g);
}

void arw_movement_pending(const gr_game *g, gr_pending *out)
{
    const arw_state *s = arw_cst(g);
    int side = s->active, dec = ARW_D_MOVE;
    if (s->stage == ARW_ST_ENTRY)
        dec = ARW_D_ENTRY;
    else if (s->stage == ARW_ST_OVERSTACK) {
        dec = ARW_D_OVERSTACK;
        arw_overstack_find(g, &side);
    }
    out->kind = GR_PENDING_DECISION;
    out->decision = (uint16_t)dec;
    out->players = (uint8_t)(1u << side);
}

int arw_movement_auto(gr_game *g)
{
    (void)g; /* every movement stage waits for a decision */
    return 0;
}

int arw_pin_b_blocked(const gr_game *g, const arw_mvmap *m, int u)
{
    const arw_state *s = arw_cst(g);
    if (!(s->unit[u].flags & ARW_U_PINNED) || (s->mv_flags & ARW_MF_PIN_B))
        return 0;
    for (int v = 0; v < arw_dat(g)->nunits; v++)
        if ((s->mvu[v] & ARW_MU_MOVED) && s->unit[v].box == ARW_BOX_MAP &&
            !(s->unit[v].flags & ARW_U_PINNED) && (m->info[s->unit[v].hex] & ARW_HI_ADJ_PIN))
            return 1;
    return 0;
}

static void count_dest(void *ctx, int hex, int mode, int cost)
{
    (void)hex, (void)mode, (void)cost;
    ++*(int *)ctx;
}

/* The SR4.1 rule that unit u's mixed stack breaks. */
static const char *mixed_rule(const gr_game *g, int u)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    unsigned others = 0;
    for (int v = s->hex[s->unit[u].hex].head; v != ARW_NO_UNIT; v = s->unit[v].next)
        if (v != u && d->unit[v].side == d->unit[u].side)
            others |= arw_nat_of(d, v);
    unsigned clash = arw_nat_end_bad(d, u) & others;
    if (clash & (ARW_NAT_FRENCH | ARW_NAT_AMERICAN))
        return "arw:SR4.1-1b";
    if (clash & (ARW_NAT_HUGER | ARW_NAT_NOT_HUGER))
        return "arw:SR4.18";
    return clash & (ARW_NAT_NEGRO | ARW_NAT_SOUTHERN) ? "arw:SR4.1-2a" : "arw:SR4.1-3b";
}

/* The obligation unit u still has, as a rule id, or NULL. */
static const char *obligation(const gr_game *g, const arw_mvmap *m, int u)
{
    const arw_state *s = arw_cst(g);
    const arw_unit *x = &s->unit[u];
    if (arw_dat(g)->unit[u].side != s->active || x->box != ARW_BOX_MAP ||
        (s->mvu[u] & ARW_MU_MOVED))
        return NULL;
    if (x->status == ARW_DISRUPTED && (m->info[x->hex] & ARW_HI_ADJ))
        return "arw:GR13.3-a";
    if (s->mvu[u] & ARW_MU_RETREAT)
        return "arw:SR4.1-1d";
    if ((s->mvu[u] & ARW_MU_MIXED) && arw_hex_mixed(g, x->hex))
        return mixed_rule(g, u);
    if ((s->mv_flags & ARW_MF_PIN_B) && (x->flags & ARW_U_PINNED) && (m->info[x->hex] & ARW_HI_ADJ))
        return "arw:GR13.1";
    if (arw_arrived_now(g, u) && arw_hex_overstacked(g, x->hex, s->active))
        return "arw:SR4.7-d";
    if (x->flags & ARW_U_ART_RETURN)
        return "arw:HS-sr1"; /* back to its starting hex as fast as possible */
    return NULL;
}

gr_status arw_end_check(const gr_game *g, arw_mvwork *w, gr_error *err)
{
    const arw_data *d = arw_dat(g);
    for (int u = 0; u < d->nunits; u++) {
        const char *rule = obligation(g, w->map, u);
        arw_mvunit p;
        int n = 0;
        if (!rule || arw_mv_profile(g, w->map, u, &p, 0, NULL) != GR_OK ||
            arw_pin_b_blocked(g, w->map, u))
            continue;
        if (arw_mv_each(g, &p, w, count_dest, &n) > 0)
            return gr_fail(err, rule, "%s must still move (%s)", d->unit[u].id, rule + 4);
    }
    return GR_OK;
}

typedef struct emit_ctx {
    gr_action *out;
    int cap, n, side, u;
    uint8_t *mark;
} emit_ctx;

static void emit_dest(void *ctx, int hex, int mode, int cost)
{
    emit_ctx *e = ctx;
    (void)mode, (void)cost;
    if (e->mark[hex] == (uint8_t)(e->u + 1))
        return; /* already listed by another way */
    e->mark[hex] = (uint8_t)(e->u + 1);
    arw_put_action(e->out, e->cap, &e->n, e->side, ARW_A_MOVE, e->u, hex);
}

/* The moves and end-movement; stops once more than `limit` are found. */
static int move_legal(const gr_game *g, int side, gr_action *out, int cap, int limit)
{
    const arw_data *d = arw_dat(g);
    arw_mvwork w;
    if (side != arw_cst(g)->active)
        return 0;
    arw_mvwork_begin(g, side, &w);
    emit_ctx e = {out, cap, 0, side, 0, w.mark};
    memset(w.mark, 0, (size_t)d->map.nhex);
    for (int u = 0; u < d->nunits && e.n <= limit; u++) {
        arw_mvunit p;
        if (d->unit[u].side != side || arw_mv_profile(g, w.map, u, &p, 0, NULL) != GR_OK ||
            arw_pin_b_blocked(g, w.map, u))
            continue;
        e.u = u;
        arw_mv_each(g, &p, &w, emit_dest, &e);
    }
    if (e.n <= limit && arw_end_check(g, &w, NULL) == GR_OK)
        arw_put_action(out, cap, &e.n, side, ARW_A_END_MOVE, 0, 0);
    return e.n;
}

int arw_movement_several(const gr_game *g)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int side = s->active, n = 0, mover = arw_mover(g);
    arw_mvwork w;
    if (s->stage != ARW_ST_MOVEMENT || side < 0 || side >= ARW_NSIDES)
        return 0;
    arw_mvwork_begin(g, side, &w);
    for (int i = 0; i < d->nside_units[side] && n < 2; i++) { /* (in unit order) */
        int u = d->side_units[side][i];
        arw_mvunit p;
        if (s->unit[u].box != ARW_BOX_MAP || (u != mover && (s->mvu[u] & ARW_MU_MOVED)))
            continue; /* (arw_mv_profile would refuse it) */
        if (arw_mv_profile(g, w.map, u, &p, 0, NULL) == GR_OK &&
            !arw_pin_b_blocked(g, w.map, u))
            n += arw_mv_quick_dests(g, &p, &w, 2 - n);
    }
    return n >= 2;
}

int arw_movement_legal_upto(const gr_game *g, int side, gr_action *out, int cap)
{
    if (arw_cst(g)->stage == ARW_ST_MOVEMENT)
        return move_legal(g, side, out, cap, cap);
    return arw_movement_legal(g, side, out, cap);
}

int arw_movement_legal(const gr_game *g, int side, gr_action *out, int cap)
{
    switch (arw_cst(g)->stage) {
    case ARW_ST_MOVEMENT: return move_legal(g, side, out, cap, INT_MAX);
    case ARW_ST_ENTRY: return arw_entry_legal(g, side, out, cap);
    case ARW_ST_OVERSTACK: return arw_overstack_legal(g, side, out, cap);
    default: return 0;
    }
}

/* Why hex h is not a destination of p: the most precise rule. */
static gr_status why_not(const gr_game *g, const arw_mvunit *p, const arw_mvmap *m, int h,
                         gr_error *err)
{
    const arw_data *d = arw_dat(g);
    unsigned info = m->info[h];
    int adjacent = arw_dir(d, p->hex, h) >= 0;
    if (info & ARW_HI_ENEMY)
        return gr_fail(err, "arw:GR9.2", "no unit may enter an enemy-occupied hex");
    if ((p->rules & ARW_MR_ONE_HEX) && !adjacent)
        return gr_fail(err, arw_cst(g)->unit[p->u].status == ARW_DISRUPTED ? "arw:GR13.3-a"
                            : (p->rules & ARW_MR_RETREAT)                   ? "arw:SR4.1-1d"
                                                                            : "arw:SR4.7-e",
                       "this unit moves one hex only");
    if (p->rules & ARW_MR_RETREAT)
        return gr_fail(err, "arw:SR4.1-1d", "the mixed stack retreats one hex by the retreat "
                       "rules (GR13.21-a, GR13.22-a)");
    if (p->rules & (ARW_MR_NO_ADJ | ARW_MR_MIN_ADJ))
        return gr_fail(err, "arw:GR13.3-a", "a disrupted unit may not move next to the enemy "
                       "(and must get away from as many enemy units as it can)");
    if ((p->rules & ARW_MR_END_NO_ADJ) && (info & ARW_HI_ADJ))
        return gr_fail(err, "arw:GR9.2", "a pinned unit may move only to end away from the "
                       "enemy");
    if ((p->rules & ARW_MR_END_NO_PIN) && (info & ARW_HI_ADJ_PIN))
        return gr_fail(err, "arw:GR13.1", "PIN option B: no unit may move next to the enemy's "
                       "pinned units");
    if (!arw_perimeter_move_ok(g, p->u, h))
        return gr_fail(err, "arw:SR1.7-b", "before the assault no Allied combat unit moves next "
                       "to the perimeter (AMB-21)");
    if (m->nat[h] & p->nat_end & (ARW_NAT_HUGER | ARW_NAT_NOT_HUGER))
        return gr_fail(err, "arw:SR4.18", "Huger stacks only with American militia and "
                       "artillery");
    if (m->nat[h] & p->nat_end)
        return gr_fail(err, "arw:SR4.1-1a", "these units may not end the movement phase "
                       "stacked together (SR4.1)");
    if (m->sp[h] + p->sp > d->t.stack_sp || m->art[h] + p->art > d->t.stack_art)
        return gr_fail(err, "arw:GR7.2-a", "the stacking limit holds at every moment of "
                       "movement");
    return gr_fail(err, "arw:GR9.1-c", "that hex is beyond the unit's movement allowance "
                   "(or its path is barred)");
}

/* The checks of a move before its search: w and p ready for it. */
static gr_status move_prepare(const gr_game *g, const gr_action *a, arw_mvwork *w,
                              arw_mvunit *p, gr_error *err)
{
    const arw_data *d = arw_dat(g);
    int h = a->arg[1];
    if (a->player != arw_cst(g)->active)
        return gr_fail(err, "arw:GR9.1-a", "only the active player moves");
    arw_mvwork_begin(g, a->player, w);
    if (!arw_mvwork_kept_unit(w, a->arg[0], p)) { /* (the draw's profile, if kept) */
        gr_status st = arw_mv_profile(g, w->map, a->arg[0], p, 0, err);
        if (st != GR_OK)
            return st;
    }
    if (arw_pin_b_blocked(g, w->map, p->u))
        return gr_fail(err, "arw:GR13.1", "PIN option B is no longer possible: a unit has "
                       "moved next to the enemy's pinned units");
    if (h < 0 || h >= d->map.nhex || h == p->hex)
        return gr_fail(err, "arw:GR9.1-b", "a move enters hexes of the map");
    return GR_OK;
}

static gr_status move_check(const gr_game *g, const gr_action *a, gr_error *err)
{
    arw_mvwork w;
    arw_mvunit p;
    gr_status st = move_prepare(g, a, &w, &p, err);
    if (st != GR_OK)
        return st;
    for (int mode = ARW_MM_NORMAL; mode <= ARW_MM_STRATEGIC; mode <<= 1)
        if (arw_mv_reaches(g, &p, mode, &w, a->arg[1]))
            return GR_OK;
    return why_not(g, &p, w.map, a->arg[1], err);
}

gr_status arw_movement_move(gr_game *g, const gr_action *a, gr_error *err)
{
    arw_mvwork w;
    arw_mvunit p;
    int in_w;
    if (arw_cst(g)->stage != ARW_ST_MOVEMENT)
        return gr_fail(err, "arw:GR9.1-a", "units move in their Movement phase");
    gr_status st = move_prepare(g, a, &w, &p, err);
    if (st != GR_OK)
        return st;
    int mode = arw_mv_way(g, &p, a->arg[1], &w, &in_w);
    if (!mode)
        return why_not(g, &p, w.map, a->arg[1], err);
    arw_scratch_busy(g); /* the state changes now (arw_apply makes it idle) */
    arw_mv_walk_way(g, &p, a->arg[1], mode, in_w, &w);
    return GR_OK;
}

gr_status arw_movement_check(const gr_game *g, const gr_action *a, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    if (a->kind == ARW_A_ENTER)
        return arw_entry_check(g, a, err);
    if (a->kind == ARW_A_STACK_LOSS || a->kind == ARW_A_DELAY)
        return arw_overstack_check(g, a, err);
    if (s->stage != ARW_ST_MOVEMENT)
        return gr_fail(err, "arw:GR9.1-a", "units move in their Movement phase");
    if (a->kind == ARW_A_MOVE)
        return move_check(g, a, err);
    if (a->player != s->active)
        return gr_fail(err, "arw:GR9.1-a", "the active player ends his movement");
    arw_mvwork w;
    arw_mvwork_begin(g, s->active, &w);
    return arw_end_check(g, &w, err);
}

/* GR9.3-a: PIN markers of units not next to an enemy go; if any went, the
 * active player's army loses 1, once per phase (AMB-38): the army of the
 * first of his units freed, else his first army (AMB-51). */
static void pins_after_movement(gr_game *g)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    int removed = 0, army = -1;
    for (int u = 0; u < d->nunits; u++) {
        arw_unit *x = &s->unit[u];
        if (x->box != ARW_BOX_MAP || !(x->flags & ARW_U_PINNED) ||
            arw_enemy_adjacent(g, x->hex, d->unit[u].side))
            continue;
        x->flags &= (uint16_t)~ARW_U_PINNED;
        removed++;
        if (army < 0 && d->unit[u].side == s->active)
            army = d->unit[u].army;
    }
    if (!removed)
        return;
    arw_emit(g, ARW_E_PINS_REMOVED, 1, removed);
    if (army < 0)
        army = s->active == ARW_BRITISH ? ARW_ARMY_BRITISH : ARW_ARMY_FRENCH;
    arw_am_adjust(g, ARW_AM_PIN_REMOVAL, army, -1);
}

void arw_movement_exec(gr_game *g, const gr_action *a)
{
    arw_state *s = arw_st(g);
    if (a->kind == ARW_A_ENTER) {
        arw_entry_exec(g, a);
    } else if (a->kind == ARW_A_STACK_LOSS || a->kind == ARW_A_DELAY) {
        arw_overstack_exec(g, a);
    } else if (a->kind == ARW_A_MOVE) {
        arw_mvwork w;
        arw_mvunit p;
        arw_mvwork_begin(g, s->active, &w);
        arw_mv_profile(g, w.map, a->arg[0], &p, 0, NULL);
        arw_mv_walk(g, &p, a->arg[1], &w);
    } else {
        s->mv_unit = ARW_NO_UNIT;
        pins_after_movement(g);
        s->mv_flags |= ARW_MF_ENDING;
        arw_movement_next(g);
    }
}

void arw_hs_artillery_attacked(gr_game *g, int k)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    const arw_combat *c = &s->combat[k];
    for (int j = 0; j < c->ndhex; j++)
        for (int u = s->hex[c->dhex[j]].head; u != ARW_NO_UNIT; u = s->unit[u].next)
            if (d->unit[u].kind == ARW_K_ARTILLERY && d->unit[u].side != s->active)
                s->unit[u].flags |= ARW_U_ART_FREED; /* HS-sr1 */
}

gr_status arw_movement_sanity(const gr_game *g, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    int owner, u = s->mv_unit;
    if (s->mv_modes & ~ARW_MM_ALL)
        return gr_failst(err, GR_ERR_STATE, NULL, "movement: bad ways %#x", s->mv_modes);
    if (s->stage == ARW_ST_MOVEMENT && u != ARW_NO_UNIT &&
        (u < 0 || u >= d->nunits || s->unit[u].box != ARW_BOX_MAP ||
         d->unit[u].side != s->active || !(s->mvu[u] & ARW_MU_MOVED) || !s->mv_modes))
        return gr_failst(err, GR_ERR_STATE, NULL, "movement: bad mover %d", u);
    if (s->stage == ARW_ST_OVERSTACK && arw_overstack_find(g, &owner) < 0)
        return gr_failst(err, GR_ERR_STATE, NULL, "over-stack stage without an over-stack");
    if (s->stage != ARW_ST_OVERSTACK && s->stage != ARW_ST_OVER &&
        (s->phase == ARW_PH_MOVEMENT || s->phase == ARW_PH_REINFORCE) &&
        arw_overstack_find(g, &owner) >= 0)
        return gr_failst(err, GR_ERR_STATE, "arw:GR7.3-a", "an over-stack is left unresolved");
    return GR_OK;
}
