/* stacking.c — stacking around movement: a hex found over the limit is
 * brought back by its owner, one step of his choice at a time (GR7.3-a,
 * AMB-37: an ordinary step loss), except reinforcements, which may stand
 * over the limit in their entry hex until movement ends and are then
 * delayed one turn (GR9.61-a, SR4.7-d, AMB-39); mixed stacks forbidden by
 * SR4.1 found at the start of movement must separate (SR4.1-1b, -3b) or,
 * for a Franco-American stack next to the enemy, retreat (SR4.1-1d,
 * AMB-24); and the routing between the movement stages. */
#include "../move/mvint.h"

int arw_hex_overstacked(const gr_game *g, int h, int side)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    int sp = 0, art = 0;
    for (int u = s->hex[h].head; u != ARW_NO_UNIT; u = s->unit[u].next) {
        if (d->unit[u].side != side || !arw_is_combat_unit(d, u))
            continue; /* GR7.1-b: leaders never count */
        if (d->unit[u].kind == ARW_K_ARTILLERY)
            art++;
        else
            sp += arw_unit_sp(g, u);
    }
    return sp > d->t.stack_sp || art > d->t.stack_art; /* GR7.1-a */
}

/* Bit `side` set for each side over the limit in h (arw_hex_overstacked of
 * both sides, one walk of the hex's units). */
static unsigned overstacked_sides(const gr_game *g, int h)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    int sp[ARW_NSIDES] = {0}, art[ARW_NSIDES] = {0};
    unsigned over = 0;
    for (int u = s->hex[h].head; u != ARW_NO_UNIT; u = s->unit[u].next) {
        int side = d->unit[u].side;
        if (side < 0 || side >= ARW_NSIDES || !arw_is_combat_unit(d, u))
            continue; /* GR7.1-b: leaders never count */
        if (d->unit[u].kind == ARW_K_ARTILLERY)
            art[side]++;
        else
            sp[side] += arw_unit_sp(g, u);
    }
    for (int side = 0; side < ARW_NSIDES; side++)
        if (sp[side] > d->t.stack_sp || art[side] > d->t.stack_art) /* GR7.1-a */
            over |= 1u << side;
    return over;
}

/* Units of `side` in h that arrived this turn as reinforcements. */
static int arrivals_in(const gr_game *g, int h, int side)
{
    const arw_state *s = arw_cst(g);
    int n = 0;
    for (int u = s->hex[h].head; u != ARW_NO_UNIT; u = s->unit[u].next)
        n += arw_dat(g)->unit[u].side == side && arw_arrived_now(g, u);
    return n;
}

/* GR9.61-a: the active side's entry hexes may be over the limit until the
 * end of its movement (also when a setup line restarts an earlier phase of
 * the turn of their arrival). */
static int entry_grace(const gr_game *g, int h)
{
    const arw_state *s = arw_cst(g);
    return !(s->mv_flags & ARW_MF_ENDING) && arrivals_in(g, h, s->active) > 0;
}

int arw_stack_tolerated(const gr_game *g, int h)
{
    return arw_cst(g)->stage == ARW_ST_OVERSTACK || entry_grace(g, h);
}

int arw_overstack_find(const gr_game *g, int *owner)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int best = -1;
    for (int u = 0; u < d->nunits; u++) { /* (each held hex once: by its first unit) */
        int h = s->unit[u].hex;
        if (s->unit[u].box != ARW_BOX_MAP || h < 0 || s->hex[h].head != u ||
            (best >= 0 && h >= best))
            continue;
        unsigned over = overstacked_sides(g, h);
        if (over && !entry_grace(g, h)) {
            best = h;
            *owner = (over & 1u) ? 0 : 1; /* (the British first) */
        }
    }
    return best;
}

/* Classes of the units of h other than u (same side as u). */
static unsigned others_nat(const gr_game *g, int h, int u)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    unsigned n = 0;
    for (int v = s->hex[h].head; v != ARW_NO_UNIT; v = s->unit[v].next)
        if (v != u && d->unit[v].side == d->unit[u].side)
            n |= arw_nat_of(d, v);
    return n;
}

int arw_hex_mixed(const gr_game *g, int h)
{
    const arw_state *s = arw_cst(g);
    for (int u = s->hex[h].head; u != ARW_NO_UNIT; u = s->unit[u].next)
        if (arw_nat_end_bad(arw_dat(g), u) & others_nat(g, h, u))
            return 1;
    return 0;
}

void arw_mark_mixed(gr_game *g)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    for (int u = 0; u < d->nunits; u++) {
        int h = s->unit[u].hex;
        if (s->unit[u].box != ARW_BOX_MAP || d->unit[u].side != s->active ||
            !(arw_nat_end_bad(d, u) & others_nat(g, h, u)))
            continue;
        s->mvu[u] |= ARW_MU_MIXED; /* SR4.1-1b, SR4.1-3b */
        unsigned fa = ARW_NAT_FRENCH | ARW_NAT_AMERICAN;
        if ((arw_nat_of(d, u) & fa) && (others_nat(g, h, u) & fa & ~arw_nat_of(d, u)) &&
            arw_enemy_adjacent(g, h, d->unit[u].side))
            s->mvu[u] |= ARW_MU_RETREAT; /* SR4.1-1d */
    }
}

/* ---------------------------------------------------------------- over-stacks */

int arw_overstack_legal(const gr_game *g, int side, gr_action *out, int cap)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    int owner, n = 0, h = arw_overstack_find(g, &owner);
    if (s->stage != ARW_ST_OVERSTACK || h < 0 || side != owner)
        return 0;
    int arrivals = arrivals_in(g, h, side);
    for (int u = s->hex[h].head; u != ARW_NO_UNIT; u = s->unit[u].next) {
        if (d->unit[u].side != side || !arw_is_combat_unit(d, u))
            continue;
        if (arrivals && arw_arrived_now(g, u))
            arw_put_action(out, cap, &n, side, ARW_A_DELAY, u, 0);
        else if (!arrivals)
            arw_put_action(out, cap, &n, side, ARW_A_STACK_LOSS, u, 0);
    }
    return n;
}

gr_status arw_overstack_check(const gr_game *g, const gr_action *a, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    int owner, h = arw_overstack_find(g, &owner), u = a->arg[0];
    if (s->stage != ARW_ST_OVERSTACK || h < 0)
        return gr_fail(err, "arw:GR7.3-a", "no hex is over the stacking limit");
    if (u < 0 || u >= d->nunits || s->unit[u].hex != h || d->unit[u].side != owner ||
        !arw_is_combat_unit(d, u) || a->player != owner)
        return gr_fail(err, "arw:GR7.3-a", "the owner reduces a combat unit of the "
                       "over-stacked hex");
    int arrivals = arrivals_in(g, h, owner);
    if (a->kind == ARW_A_DELAY && !arw_arrived_now(g, u))
        return gr_fail(err, "arw:SR4.7-d", "only reinforcements that arrived this turn are "
                       "delayed");
    if (a->kind == ARW_A_STACK_LOSS && arrivals)
        return gr_fail(err, "arw:SR4.7-d", "reinforcements that cannot comply are delayed "
                       "one turn");
    return GR_OK;
}

void arw_overstack_exec(gr_game *g, const gr_action *a)
{
    arw_state *s = arw_st(g);
    int u = a->arg[0];
    if (a->kind == ARW_A_DELAY) { /* SR4.7-d: enters first next turn (AMB-39) */
        arw_remove(g, u, ARW_BOX_OFF);
        s->rturn[u] = (uint8_t)((s->turn + 1) & ARW_RTN_TURN);
        s->arr[u] = 0;
        arw_emit(g, ARW_E_DELAYED, 2, u, s->turn + 1);
    } else { /* GR7.3-a, AMB-37: an ordinary step loss */
        arw_lose_step(g, u);
        arw_am_adjust(g, ARW_AM_1, arw_dat(g)->unit[u].army, -1);
    }
    arw_movement_next(g);
}

/* ---------------------------------------------------------------- routing */

void arw_movement_next(gr_game *g)
{
    arw_state *s = arw_st(g);
    int owner, ending = (s->mv_flags & ARW_MF_ENDING) != 0;
    if (s->stage == ARW_ST_OVER)
        return;
    if (!ending && arw_reinforce_place(g))
        return; /* stage ARW_ST_ENTRY */
    if (s->stage == ARW_ST_OVER)
        return;
    if (s->phase == ARW_PH_REINFORCE) {
        arw_phase_end(g);
        return;
    }
    if (arw_overstack_find(g, &owner) >= 0) {
        s->stage = ARW_ST_OVERSTACK;
        return;
    }
    if (ending)
        arw_phase_end(g);
    else
        s->stage = ARW_ST_MOVEMENT;
}
