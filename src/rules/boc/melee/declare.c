/* declare.c — declaring melees in the Movement Phase (R7.1, R7.8): who may
 * attack (R7.1-e: the active player's unit next to the enemy hex, not
 * fired, not moved, not artillery or an HQ, under command unless exempt),
 * one attacker per hexside (R7.1-c), no more attackers than the enemy hex's
 * stacking limit (R6.2-e, R7.1-d), the Unsupported Melee's single attacker
 * (R7.8-b/c), and the front-line hexside limit (R6.62-c; a melee move is
 * one crossing, E-37).  The attacker moves into the enemy hex at once
 * (R7.1-a); the melee is resolved in the Melee Phase (melee.c).
 *
 * The map-edge entry melee (R6.7-e 2): a due reinforcement attacks the
 * enemy on one of its entry road hexes from off the map, across a free
 * off-map hexside of it (one attacker each, R6.7-e [REC]), without
 * command; it may retreat off the map (melee/retreat.c). */
#include "../boc.h"

/* The side of the melee hex the attacker crosses, seen from that hex. */
static int attack_side(const boc_sdata *sd, int from, int target)
{
    int d = boc_dir_to(sd, from, target);
    return d < 0 ? -1 : (d + 3) % 6;
}

/* Non-zero when an attacker already crossed side `side` of target. */
static int side_taken(const boc_state *s, const boc_sdata *sd, int target, int side)
{
    for (int v = 0; v < sd->nblock; v++)
        if (s->unit[v].hex == target && s->unit[v].mdir == 1 + side)
            return 1;
    return 0;
}

/* The unit itself may attack (R7.1-e, R7.4-a, R7.5-a, R5.1-h). */
static gr_status check_attacker(const boc_state *s, const boc_sdata *sd, int u, gr_error *why)
{
    const boc_unit *un = &s->unit[u];
    const boc_block *b = &sd->block[u];
    int entering = un->hex == BOC_LOC_OUT && boc_arrival_due(s, sd, u); /* R6.7-e 2 */
    if (b->side != s->active || (un->hex < 0 && !entering) || (un->flags & BOC_U_ANON))
        return gr_fail(why, "boc:R7.1-e", "attack with one of your units on the map");
    if (boc_type_of(sd, u)->hq)
        return gr_fail(why, "boc:R7.5-a", "%s is an HQ: HQs may not attack", b->id);
    if (!boc_type_of(sd, u)->melee_attack)
        return gr_fail(why, "boc:R7.4-a", "%s is artillery: artillery may not attack", b->id);
    if (un->flags & BOC_U_FIRED)
        return gr_fail(why, "boc:R5.1-h", "%s fired this turn and may not melee", b->id);
    if (un->flags & BOC_U_MOVED)
        return gr_fail(why, "boc:R7.1-e", "%s has already moved this phase", b->id);
    if (s->column_rule && (un->flags & BOC_U_COLUMN))
        return gr_fail(why, "boc:S-CL-e", "%s is in Column", b->id);
    return GR_OK;
}

/* The target hex and the limits of its melee (R7.1-a/b/c/d, R7.8). */
static gr_status check_target(const boc_state *s, const boc_sdata *sd, int u, int target,
                              int alone, gr_error *why)
{
    int from = s->unit[u].hex, side = attack_side(sd, from, target);
    int kind = s->melee[target];
    if (side < 0)
        return gr_fail(why, "boc:R7.1-a", "a unit attacks an adjacent hex");
    if (s->count[1 - s->active][target] == 0)
        return gr_fail(why, "boc:R7.1-a", "a melee attacks an enemy-occupied hex");
    if (!alone && !(s->unit[u].flags & BOC_U_CMD) && !(sd->block[u].flags & BOC_B_NO_COMMAND))
        return gr_fail(why, "boc:R7.1-b", "%s is not under command", sd->block[u].id);
    if (kind == BOC_MEL_UNSUPPORTED || (alone && kind != BOC_MEL_NONE))
        return gr_fail(why, "boc:R7.8-c",
                       "an Unsupported Melee has exactly one attacker and joins no other");
    if (side_taken(s, sd, target, side))
        return gr_fail(why, "boc:R7.1-c", "one attacking unit per hexside");
    if (s->count[s->active][target] >= sd->hex[target].stacking)
        return gr_fail(why, "boc:R7.1-d", "no more attackers than the hex's stacking limit");
    if (boc_crossings(s, sd, from, (side + 3) % 6) >= 2)
        return gr_fail(why, "boc:R6.62-c", "that hexside was crossed twice this phase");
    return GR_OK;
}

/* The free off-map hexside of edge hex target an entry melee crosses, or -1. */
static int entry_side(const boc_state *s, const boc_sdata *sd, int target)
{
    for (int d = 0; d < 6; d++)
        if (boc_step(sd, target, d) < 0 && !side_taken(s, sd, target, d))
            return d;
    return -1;
}

/* The map-edge entry melee's target and limits (R6.7-e 2, R7.1-d, R7.8-c). */
static gr_status check_entry_target(const boc_state *s, const boc_sdata *sd, int u, int target,
                                    int alone, gr_error *why)
{
    if (s->count[1 - s->active][target] == 0)
        return gr_fail(why, "boc:R7.1-a", "a melee attacks an enemy-occupied hex");
    if (!boc_entry_road_open(s, sd, u, target))
        return gr_fail(why, "boc:R6.7-e", "an entry melee attacks an entry hex of %s's road",
                       sd->block[u].id);
    if (alone)
        return gr_fail(why, "boc:R6.7-e", "an entry melee is a normal melee, not unsupported");
    if (s->melee[target] == BOC_MEL_UNSUPPORTED)
        return gr_fail(why, "boc:R7.8-c", "an Unsupported Melee has exactly one attacker");
    if (entry_side(s, sd, target) < 0)
        return gr_fail(why, "boc:R6.7-e", "one attacker for each off-map hexside of the hex");
    if (s->count[s->active][target] >= sd->hex[target].stacking)
        return gr_fail(why, "boc:R7.1-d", "no more attackers than the hex's stacking limit");
    return GR_OK;
}

gr_status boc_attack_check(const boc_state *s, const boc_sdata *sd, int u, int target, int alone,
                           gr_error *why)
{
    if (s->phase != BOC_PH_MOVEMENT || s->decision != BOC_DEC_MOVE)
        return gr_fail(why, "boc:R7.1-a", "melees are declared in the Movement Phase");
    if (u < 0 || u >= sd->nblock || target < 0 || target >= sd->nhex || alone < 0 || alone > 1)
        return gr_fail(why, NULL, "no such unit or hex");
    gr_status st = check_attacker(s, sd, u, why);
    if (st != GR_OK)
        return st;
    if (s->unit[u].hex < 0)
        return check_entry_target(s, sd, u, target, alone, why);
    return check_target(s, sd, u, target, alone, why);
}

/* The entry melees u may declare (R6.7-e 2), into out. */
static int entry_options(const boc_state *s, const boc_sdata *sd, int u, gr_action *out, int cap)
{
    int n = 0;
    for (int t = 0; t < sd->nhex; t++) {
        if (!s->count[1 - s->active][t] || !boc_edge_hex(sd, t) ||
            check_entry_target(s, sd, u, t, 0, NULL) != GR_OK)
            continue;
        if (n < cap)
            out[n] = (gr_action){.kind = BOC_A_ATTACK,
                                 .player = s->active,
                                 .nargs = 3,
                                 .arg = {u, t, 0}};
        n++;
    }
    return n;
}

int boc_attack_options(const boc_state *s, const boc_sdata *sd, int u, gr_action *out, int cap)
{
    int n = 0, from = s->unit[u].hex;
    if (check_attacker(s, sd, u, NULL) != GR_OK)
        return 0;
    if (from < 0)
        return entry_options(s, sd, u, out, cap);
    for (int d = 0; d < 6; d++) {
        int t = sd->nbr[from * 6 + d];
        if (t < 0 || s->count[1 - s->active][t] == 0)
            continue;
        for (int alone = 0; alone < 2; alone++) {
            if (check_target(s, sd, u, t, alone, NULL) != GR_OK)
                continue;
            if (n < cap)
                out[n] = (gr_action){.kind = BOC_A_ATTACK,
                                     .player = s->active,
                                     .nargs = 3,
                                     .arg = {u, t, alone}};
            n++;
        }
    }
    return n;
}

gr_status boc_attack_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    int u = a->arg[0], target = a->arg[1], alone = a->arg[2];
    gr_status st = boc_attack_check(s, sd, u, target, alone, why);
    if (st != GR_OK)
        return st;
    int from = s->unit[u].hex, side;
    if (from >= 0) {
        side = attack_side(sd, from, target);
        boc_add_crossing(s, sd, from, (side + 3) % 6); /* one crossing (E-37) */
    } else {
        side = entry_side(s, sd, target); /* R6.7-e 2; not counted (R6.7-g) */
        from = GR_NONE;
        boc_seen(s, u, target); /* its entry road is public */
    }
    boc_place(s, sd, u, target); /* into the enemy hex (R7.1-a) */
    s->unit[u].flags |= BOC_U_MOVED;
    s->unit[u].mdir = (int8_t)(1 + side);
    s->melee[target] = alone ? BOC_MEL_UNSUPPORTED : BOC_MEL_SUPPORTED;
    gr_event e = {.kind = BOC_EV_MOVE, .nargs = 4, .arg = {u, from, target, 0}};
    e.vis = (uint8_t)((s->unit[u].flags & BOC_U_REVEALED) ? GR_VIS_ALL : 1u << s->active);
    gr_emit(g, &e); /* which block attacks is the owner's secret until the melee */
    gr_emitv(g, BOC_EV_ATTACK, 4, s->active, from, target, alone);
    return GR_OK;
}
