/* evaluate.c — the static evaluation search agents use to cut playouts
 * short (gr_rules.evaluate), in 32nds of a CSA victory point, scaled by
 * the scenario's victory thresholds (its middle is 0, each threshold 600).
 * Pure, integer-only, no search:
 *   - victory points (R9.1-e) with VP hexes held by today's positions
 *     (occupied, else touched by one side only, R6.61), not the snapshot,
 *     so that a move onto or next to a VP hex counts at once: 32 a VP;
 *   - strength steps lost: 16 a step (half a VP);
 *   - command: 4 for each block within hex distance of its HQ's Command
 *     Range (R4.5), and 4 more for a damaged one (its HQ can rebuild it in
 *     the Supply Phase, R8.3);
 *   - approach: a block costs its side 1 for each hex to the nearest VP
 *     hex of the day, 12 at most; a block that left the map costs 12;
 *   - overstacking: each block over a hex's stacking limit costs its side
 *     48 (1 VP and a step): the end-of-phase check will eliminate it
 *     (R6.2-d), so piling blocks onto a VP hex gains nothing.
 * Blocks the viewer cannot identify (a view) count only in steps lost.
 * These terms are zero-sum.  Each player then adds his own engagement
 * (not zero-sum): his blocks but HQs cost him a weight a hex to the
 * nearest enemy-held hex (public counts), so both sides seek the fight
 * instead of one pushing the other away (docs/boc.md has the figures).
 * With GR_EVAL_LOOKAHEAD (mcts; greedy's one ply never asks for it), what
 * this Player Turn already set in motion counts too: each HQ activated in
 * its Command Phase will lose a step after the Melee Phase (R4.3-e), and
 * the active side's units that will be under command and have an enemy
 * in range count the hits of the fire still open to them (str x fp / 6),
 * so that activating an HQ pays only where its units can fire.
 * With GR_EVAL_THREATS (mcts; not greedy) each player also scores the
 * enemy blocks his own outnumber where they touch, the active player the
 * melees of his turn (declared, or open to his units under command, by a
 * short model of the rounds), and each side its push for VP hexes late
 * in the day (the CSA's also when ahead; none zero-sum). */
#include "boc.h"

enum {
    BOC_EVAL_FAR = 12,       /* hexes: the approach terms stop counting */
    BOC_EVAL_ENGAGE_USA = 2, /* 32nds a hex: the USA must eliminate blocks */
    BOC_EVAL_ENGAGE_CSA = 1, /* the CSA also scores the VP hexes it takes */
    BOC_EVAL_TIRED = 8,      /* 32nds: a coming HQ step loss (half a step's
                                16: CHQs resupply DHQs, R8.2-c)            */
    BOC_EVAL_EXPOSED = 8,    /* 32nds an enemy block short next to ours     */
    BOC_EVAL_LATE = 3,       /* Game Turns: the day's last, when VP count   */
    BOC_EVAL_PUSH_LATE = 2,  /* 32nds a hex: each side's VP push then       */
    BOC_EVAL_PUSH_AHEAD = 1, /* and the CSA's while it is ahead             */
    BOC_EVAL_GUESS_STR = 2,  /* a hidden enemy block in a melee: its steps   */
    BOC_EVAL_GUESS_FP = 2,   /* and firepower, the commonest (data/boc/oob)  */
};

/* Strength steps side has lost so far (eliminated blocks count whole). */
static int steps_lost(const boc_state *s, const boc_sdata *sd, int side)
{
    int lost = s->hidden_loss[side];
    for (int u = 0; u < sd->nblock; u++) {
        const boc_unit *un = &s->unit[u];
        if (sd->block[u].side != side || (un->flags & BOC_U_ANON) || un->hex == BOC_LOC_OUT)
            continue;
        lost += un->hex == BOC_LOC_ELIM ? un->start : un->start - un->str;
    }
    return lost;
}

static int counts_today(const boc_state *s, const boc_sdata *sd, int i)
{
    return !sd->vphex[i].day1_only || boc_day_of(s, sd) == 1;
}

/* Non-zero when today's positions give VP hex h to the CSA: occupied by
 * it alone, or empty and touched by it only (R6.61). */
static int csa_holds(const boc_state *s, const boc_sdata *sd, int h)
{
    return !s->count[BOC_USA][h] &&
           (s->count[BOC_CSA][h] ||
            (boc_enemy_adjacent(s, sd, h, BOC_CSA) && !boc_enemy_adjacent(s, sd, h, BOC_USA)));
}

/* CSA VP now: eliminations and the VP hexes the positions give the CSA. */
static int vp_now(const boc_state *s, const boc_sdata *sd)
{
    int vp = s->elim[BOC_USA] - s->elim[BOC_CSA];
    for (int i = 0; i < sd->nvp; i++)
        if (counts_today(s, sd, i) && csa_holds(s, sd, sd->vphex[i].hex))
            vp += sd->vphex[i].vp;
    return vp;
}

/* Hex distance from every hex to the nearest hex holding a block of side
 * `enemy`, BOC_EVAL_FAR at most: a breadth-first search from all of them
 * at once over the map's neighbours (no heap: the caller's arrays). */
static void enemy_distance(const boc_state *s, const boc_sdata *sd, int enemy, int8_t *dist)
{
    int16_t queue[BOC_MAX_HEXES];
    int head = 0, tail = 0;
    for (int h = 0; h < sd->nhex; h++) {
        dist[h] = BOC_EVAL_FAR;
        if (s->count[enemy][h]) {
            dist[h] = 0;
            queue[tail++] = (int16_t)h;
        }
    }
    while (head < tail) {
        int h = queue[head++];
        if (dist[h] + 1 >= BOC_EVAL_FAR)
            continue;
        for (int d = 0; d < 6; d++) {
            int n = sd->nbr[h * 6 + d];
            if (n >= 0 && dist[n] > dist[h] + 1) {
                dist[n] = (int8_t)(dist[h] + 1);
                queue[tail++] = (int16_t)n;
            }
        }
    }
}

/* Command and approach of block u (in 32nds of a VP, for its side). */
static int block_value(const boc_state *s, const boc_sdata *sd, int u, int side)
{
    const boc_unit *un = &s->unit[u];
    int v = 0, hq = sd->eval_hq[u], near = side == BOC_CSA ? BOC_EVAL_FAR : 0;
    if (hq >= 0 && s->unit[hq].hex >= 0 && !(s->unit[hq].flags & BOC_U_ANON) &&
        boc_dist(sd, s->unit[hq].hex, un->hex) <= sd->block[hq].range)
        v += 1 + (un->str < sd->block[u].max);
    for (int i = 0; i < sd->nvp && side == BOC_CSA; i++)
        if (counts_today(s, sd, i)) {
            int d = boc_dist(sd, sd->vphex[i].hex, un->hex);
            near = d < near ? d : near;
        }
    return 4 * v - near;
}

/* Blocks over the stacking limit, summed over the hexes (R6.2-d). */
static int overstacked_blocks(const boc_state *s, const boc_sdata *sd, int side)
{
    int over = 0;
    for (int h = 0; h < sd->nhex; h++)
        if (s->count[side][h] > 1) {
            int n = s->count[side][h] - boc_stack_limit(s, sd, h, side);
            over += n > 0 ? n : 0;
        }
    return over;
}

/* Command, approach and stacking of side's blocks, in 32nds of a VP. */
static int side_value(const boc_state *s, const boc_sdata *sd, int side)
{
    int v = -48 * overstacked_blocks(s, sd, side);
    for (int u = 0; u < sd->nblock; u++) {
        if (sd->block[u].side != side)
            continue;
        int hex = s->unit[u].hex, known = !(s->unit[u].flags & BOC_U_ANON);
        if (boc_is_left(hex))
            v -= BOC_EVAL_FAR; /* as far as a block can be: it cannot approach */
        else if (hex >= 0 && known && !boc_type_of(sd, u)->hq)
            v += block_value(s, sd, u, side);
    }
    return v;
}

/* Side's wish to fight, in 32nds of a VP (0 or less): each of its known
 * blocks but HQs costs `weight` a hex to the nearest enemy-held hex
 * (BOC_EVAL_FAR at most; a block that left the map, that much). */
static int engagement(const boc_state *s, const boc_sdata *sd, int side, int weight)
{
    int8_t foe[BOC_MAX_HEXES];
    enemy_distance(s, sd, 1 - side, foe);
    int v = 0;
    for (int u = 0; u < sd->nblock; u++) {
        int hex = s->unit[u].hex;
        if (sd->block[u].side != side || (s->unit[u].flags & BOC_U_ANON) ||
            boc_type_of(sd, u)->hq)
            continue;
        if (boc_is_left(hex))
            v -= weight * BOC_EVAL_FAR;
        else if (hex >= 0)
            v -= weight * foe[hex];
    }
    return v;
}

/* HQs of side activated in this Player Turn's Command Phase that will lose
 * a step when its Melee Phase ends (R4.3-e): a loss already certain. */
static int tiring_hqs(const boc_state *s, const boc_sdata *sd, int side)
{
    int n = 0;
    if (s->phase > BOC_PH_MELEE || s->active != side)
        return 0;
    for (int u = 0; u < sd->nblock; u++) {
        const boc_unit *un = &s->unit[u];
        n += sd->block[u].side == side && (un->flags & BOC_U_ACT_CMD) && un->hex >= 0 &&
             un->str > 0;
    }
    return n;
}

/* The HQs of the active side activated in this Command Phase (at most
 * cap), into hq[]; their count. */
static int activated_hqs(const boc_state *s, const boc_sdata *sd, int16_t *hq, int cap)
{
    int n = 0;
    for (int h = 0; h < sd->nblock && n < cap; h++)
        if ((s->unit[h].flags & BOC_U_ACT_CMD) && s->unit[h].hex >= 0 &&
            sd->block[h].side == s->active)
            hq[n++] = (int16_t)h;
    return n;
}

/* Unit u of the active side will be under command this Fire Phase: it is
 * (Fire Phase), or one of the nhq activated HQs that commands it is within
 * hex distance of its Command Range (Command Phase; R4.3-c, R4.5). */
static int will_command(const boc_state *s, const boc_sdata *sd, int u, const int16_t *hq,
                        int nhq)
{
    if ((sd->block[u].flags & BOC_B_NO_COMMAND) || (s->unit[u].flags & BOC_U_CMD))
        return 1;
    for (int i = 0; i < nhq && s->phase == BOC_PH_COMMAND; i++)
        if (boc_dist(sd, s->unit[hq[i]].hex, s->unit[u].hex) <= sd->block[hq[i]].range &&
            boc_commands(sd, hq[i], u))
            return 1;
    return 0;
}

/* The best firepower of u (at hex, foe[] hexes from the nearest enemy)
 * against an enemy hex in its range: adjacent with the hexside's penalty
 * (R5.22-a), farther (artillery) short or long (R5.31-c); cone and line of
 * sight are not looked at. */
static int best_fp(const boc_state *s, const boc_sdata *sd, int u, int hex, const int8_t *foe)
{
    const boc_block *b = &sd->block[u];
    int d = foe[hex], fp = 0;
    if (d > boc_type_of(sd, u)->fire_range)
        return 0;
    if (d > 1)
        return d >= sd->long_range_from ? b->fp_long : b->fp;
    for (int dir = 0; dir < 6; dir++) {
        int n = sd->nbr[hex * 6 + dir];
        if (n >= 0 && s->count[1 - b->side][n]) {
            int f = b->fp + boc_side_fire_penalty(sd, hex, dir);
            fp = f > fp ? f : fp;
        }
    }
    return fp;
}

/* The active player's fire still to come this Player Turn, in expected
 * hits x 6 (one d6 a step, a hit on a die at most the firepower, RA4-b):
 * its known blocks that may fire (R5.1) and have an enemy hex in range. */
static int fire_to_come(const boc_state *s, const boc_sdata *sd)
{
    if (s->phase > BOC_PH_FIRE)
        return 0;
    int8_t foe[BOC_MAX_HEXES];
    int16_t hq[BOC_MAX_UNITS];
    int nhq = s->phase == BOC_PH_COMMAND ? activated_hqs(s, sd, hq, BOC_MAX_UNITS) : 0, sum = 0;
    enemy_distance(s, sd, 1 - s->active, foe);
    for (int u = 0; u < sd->nblock; u++) {
        const boc_unit *un = &s->unit[u];
        int range = boc_type_of(sd, u)->fire_range;
        if (sd->block[u].side != s->active || un->hex < 0 ||
            (un->flags & (BOC_U_ANON | BOC_U_FIRED)) || range == 0 || foe[un->hex] > range ||
            (s->column_rule && (un->flags & BOC_U_COLUMN)) || !will_command(s, sd, u, hq, nhq))
            continue;
        sum += un->str * best_fp(s, sd, u, un->hex, foe);
    }
    return sum;
}

/* What the rules already set in motion (GR_EVAL_LOOKAHEAD), for the CSA in
 * 32nds of a VP: the activated HQs' coming step losses, and the fire the
 * active player's units under command may still open, by its odds (16 a
 * hit).  Greedy's one ply does not use it (docs/agents.md). */
static int foreseen(const boc_state *s, const boc_sdata *sd)
{
    int tired = BOC_EVAL_TIRED * (tiring_hqs(s, sd, BOC_USA) - tiring_hqs(s, sd, BOC_CSA));
    int fire = 16 * fire_to_come(s, sd) / 6;
    return tired + (s->active == BOC_CSA ? fire : -fire);
}

/* Side's blocks outnumbered where they touch the enemy (GR_EVAL_THREATS):
 * for each hex of side's next to an enemy hex and not in melee, the enemy
 * blocks adjacent to it beyond side's blocks in it and adjacent to it
 * (public counts, RA3-d): a lone block facing a stack loses the fire and
 * the melee to come.  The evaluating player counts only his opponent's
 * (a target to gang up on); his own made him passive (docs/boc.md). */
static int exposed_blocks(const boc_state *s, const boc_sdata *sd, int side)
{
    int short_by = 0;
    for (int h = 0; h < sd->nhex; h++) {
        if (!s->count[side][h] || s->count[1 - side][h])
            continue;
        int foe = 0, own = s->count[side][h];
        for (int d = 0; d < 6; d++) {
            int n = sd->nbr[h * 6 + d];
            if (n >= 0) {
                foe += s->count[1 - side][n];
                own += s->count[side][n];
            }
        }
        short_by += foe > own ? foe - own : 0;
    }
    return short_by;
}

/* ------------------------------------------ the melee to come (GR_EVAL_THREATS) */

/* A melee as the evaluation prices it (p's view): each side's strength x
 * melee firepower (expected hits x 6, RA4-b) in Round 1 and after, its
 * steps (an HQ one more: a hit at 0 eliminates it, R7.5-c) and blocks. */
typedef struct boc_fray {
    int a1, a2, d1, d2, asteps, dsteps, natt, ndef;
} boc_fray;

/* Non-zero when p knows u's identity: his own, or face-up (RA3-c). */
static int seen_by(const boc_state *s, const boc_sdata *sd, int u, int p)
{
    return sd->block[u].side == p || (s->unit[u].flags & BOC_U_REVEALED);
}

/* Adds u to fray f as p sees it: an attacker (att) crossing side dir of
 * hex `from` (-1: none), or a defender.  A hidden enemy block is guessed
 * the commonest, 2 steps at firepower 2 (an infantry block), with the
 * hexside's public penalty. */
static void join(boc_fray *f, const boc_state *s, const boc_sdata *sd, int u, int p, int att,
                 int from, int dir)
{
    int str = BOC_EVAL_GUESS_STR, p1 = BOC_EVAL_GUESS_FP, p2 = BOC_EVAL_GUESS_FP, extra = 0;
    if (seen_by(s, sd, u, p)) {
        str = s->unit[u].str;
        extra = boc_type_of(sd, u)->hq;
        p1 = boc_melee_power_as(s, sd, u, 1, att, from, dir);
        p2 = boc_melee_power_as(s, sd, u, 2, att, from, dir);
    } else if (att && from >= 0) {
        p1 += boc_melee_side_penalty(sd, from, dir);
    }
    p1 = p1 > 0 ? str * p1 : 0;
    p2 = p2 > 0 ? str * p2 : 0;
    if (att) {
        f->a1 += p1, f->a2 += p2, f->asteps += str + extra, f->natt++;
    } else {
        f->d1 += p1, f->d2 += p2, f->dsteps += str + extra, f->ndef++;
    }
}

/* The expected outcome of f for the attacker in 32nds of a VP, rounds
 * `round` to `last` (R7.2-a, R7.8-b): each round the defenders strike
 * first, then the attackers but in the last round (they retreat, R7.2-g;
 * the defenders then count half: only while an attacker is left), each
 * side's power falling with its losses.  16 a step either way; 32 a block
 * of a side expected to be gone (eliminated or driven off the hex). */
static int fray_value(const boc_fray *f, int round, int last)
{
    if (!f->natt || !f->ndef)
        return 0;
    int ra = 6 * f->asteps, rd = 6 * f->dsteps, a0 = ra > 0 ? ra : 1, d0 = rd > 0 ? rd : 1;
    for (int r = round; r <= last && ra > 0 && rd > 0; r++) {
        int hit = (r == 1 ? f->d1 : f->d2) * rd / d0 / (r == last ? 2 : 1);
        ra -= hit < ra ? hit : ra;
        hit = r < last ? (r == 1 ? f->a1 : f->a2) * ra / a0 : 0;
        rd -= hit < rd ? hit : rd;
    }
    int v = 16 * ((6 * f->dsteps - rd) - (6 * f->asteps - ra)) / 6;
    v += 2 * rd < 6 ? 32 * f->ndef : 0;
    return v - (2 * ra < 6 ? 32 * f->natt : 0);
}

/* Unit v of the active side may still attack this Player Turn as p sees
 * it (R7.1-e): not fired or moved, not in Column; known, a type that
 * attacks and under command (or to be, will_command); hidden, it may be. */
static int may_attack(const boc_state *s, const boc_sdata *sd, int v, int p, const int16_t *hq,
                      int nhq)
{
    const boc_unit *un = &s->unit[v];
    if (un->hex < 0 || (un->flags & (BOC_U_FIRED | BOC_U_MOVED)) ||
        (s->column_rule && (un->flags & BOC_U_COLUMN)))
        return 0;
    if (!seen_by(s, sd, v, p))
        return 1;
    const boc_utype *t = boc_type_of(sd, v);
    return t->melee_attack && !t->hq && will_command(s, sd, v, hq, nhq);
}

/* The units of each map hex, linked (no heap: the caller's arrays), and
 * the free attackers of the active side (may_attack; cleared once used). */
typedef struct boc_hexes {
    int16_t first[BOC_MAX_HEXES], next[BOC_MAX_UNITS];
    uint8_t free[BOC_MAX_UNITS];
} boc_hexes;

/* The best free attacker in hex n (next to the target) by its Round 1
 * power across side dir of n, or -1. */
static int best_attacker(const boc_state *s, const boc_sdata *sd, const boc_hexes *x, int n,
                         int dir, int p)
{
    int top = -1, best = -1;
    for (int v = x->first[n]; v >= 0; v = x->next[v]) {
        boc_fray f = {0};
        if (!x->free[v])
            continue;
        join(&f, s, sd, v, p, 1, n, dir);
        if (f.a1 > top)
            top = f.a1, best = v;
    }
    return best;
}

/* The melee on hex t by the active side a (p's view), in 32nds for a:
 * the declared attackers (full weight: committed) and, while they may
 * still join (Movement Phase or before, not unsupported), the best free
 * attacker across each other hexside up to the stacking limit (R7.1-c/d),
 * at half weight and only where they gain. */
static int melee_at(const boc_state *s, const boc_sdata *sd, boc_hexes *x, int t, int p)
{
    int a = s->active, taken = 0, kind = s->melee[t];
    boc_fray f = {0};
    for (int u = x->first[t]; u >= 0; u = x->next[u]) {
        int side = s->unit[u].mdir - 1;
        if (sd->block[u].side != a)
            join(&f, s, sd, u, p, 0, -1, 0);
        else if (side >= 0)
            taken |= 1 << side, join(&f, s, sd, u, p, 1, boc_step(sd, t, side), (side + 3) % 6);
    }
    int last = kind == BOC_MEL_UNSUPPORTED ? sd->unsupported_rounds : sd->rounds;
    int now = fray_value(&f, s->fight.hex == t ? s->fight.round : 1, last);
    if (s->phase > BOC_PH_MOVEMENT || kind == BOC_MEL_UNSUPPORTED)
        return f.natt ? now : 0;
    for (int d = 0; d < 6 && f.natt < sd->hex[t].stacking; d++) {
        int n = sd->nbr[t * 6 + d], v;
        if (n < 0 || (taken & (1 << d)) || s->count[1 - a][n] ||
            (v = best_attacker(s, sd, x, n, (d + 3) % 6, p)) < 0)
            continue;
        x->free[v] = 0; /* it counts for one hex */
        join(&f, s, sd, v, p, 1, n, (d + 3) % 6);
    }
    int more = fray_value(&f, 1, last) - (kind != BOC_MEL_NONE ? now : 0);
    return (kind != BOC_MEL_NONE ? now : 0) + (more > 0 ? more / 2 : 0);
}

/* The melees of this Player Turn, declared or still open to the active
 * side, in 32nds for it as p sees them (GR_EVAL_THREATS): fire is not
 * the only way to hit (in the games watched, 30 of 39 eliminations fell
 * in melee).  Each attacker counts for one hex.  The caller counts them
 * for the active player only: the opponent's, counted against him, made
 * the USA wait (docs/boc.md). */
static int melee_to_come(const boc_state *s, const boc_sdata *sd, int p)
{
    if (s->phase > BOC_PH_MELEE)
        return 0;
    boc_hexes x;
    int16_t hq[BOC_MAX_UNITS];
    int nhq = s->phase == BOC_PH_COMMAND ? activated_hqs(s, sd, hq, BOC_MAX_UNITS) : 0;
    int any = 0, sum = 0, a = s->active;
    for (int h = 0; h < sd->nhex; h++)
        x.first[h] = -1;
    for (int v = 0; v < sd->nblock; v++) {
        int h = s->unit[v].hex;
        x.free[v] = 0;
        if (h < 0)
            continue;
        x.next[v] = x.first[h], x.first[h] = (int16_t)v;
        x.free[v] = (uint8_t)(s->phase <= BOC_PH_MOVEMENT && sd->block[v].side == a &&
                              may_attack(s, sd, v, p, hq, nhq));
        any |= x.free[v];
    }
    for (int t = 0; t < sd->nhex; t++)
        if (s->count[1 - a][t] && (s->melee[t] == BOC_MEL_SUPPORTED ||
                                   s->melee[t] == BOC_MEL_UNSUPPORTED ||
                                   (any && boc_enemy_adjacent(s, sd, t, a))))
            sum += melee_at(s, sd, &x, t, p);
    return sum;
}

/* Side's push for the VP hexes of the day (its own term, GR_EVAL_THREATS),
 * in 32nds of a VP (0 or less): VP count at the day's end (R9.1-b), and a
 * draw held is not a win.  The CSA's targets are the VP hexes it does not
 * hold, in the day's last BOC_EVAL_LATE Game Turns or while its VP are
 * above the middle of the draw band; the USA's those the CSA holds, in
 * the last turns only.  Each of side's blocks but HQs costs a weight a hex
 * to the nearest of them (BOC_EVAL_FAR at most; off the map, that much). */
static int vp_push(const boc_state *s, const boc_sdata *sd, int side, int mid32)
{
    int left = sd->days[s->day_index].last_hour - s->hour, w = BOC_EVAL_PUSH_LATE, v = 0;
    int16_t open[BOC_MAX_VP_HEXES];
    int n = 0;
    if (left >= BOC_EVAL_LATE)
        w = side == BOC_CSA && 32 * vp_now(s, sd) > mid32 ? BOC_EVAL_PUSH_AHEAD : 0;
    for (int i = 0; i < sd->nvp && w; i++)
        if (counts_today(s, sd, i) && csa_holds(s, sd, sd->vphex[i].hex) == (side == BOC_USA))
            open[n++] = sd->vphex[i].hex;
    for (int u = 0; u < sd->nblock && n; u++) {
        int hex = s->unit[u].hex, near = BOC_EVAL_FAR;
        if (sd->block[u].side != side || (s->unit[u].flags & BOC_U_ANON) ||
            boc_type_of(sd, u)->hq || (hex < 0 && !boc_is_left(hex)))
            continue;
        for (int i = 0; i < n && hex >= 0; i++) {
            int d = boc_dist(sd, open[i], hex);
            near = d < near ? d : near;
        }
        v -= w * near;
    }
    return v;
}

int32_t boc_evaluate(const gr_game *g, int player, unsigned flags)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    int csa32 = 32 * vp_now(s, sd) +
                16 * (steps_lost(s, sd, BOC_USA) - steps_lost(s, sd, BOC_CSA)) +
                side_value(s, sd, BOC_CSA) - side_value(s, sd, BOC_USA) +
                ((flags & GR_EVAL_LOOKAHEAD) && s->phase < BOC_PH_OVER ? foreseen(s, sd) : 0);
    int mid32 = 16 * (sd->csa_wins_at + sd->usa_wins_at);
    int width32 = 32 * (sd->csa_wins_at - sd->usa_wins_at); /* >= 32 (load.c) */
    int own32 = (player == BOC_CSA ? csa32 - mid32 : mid32 - csa32) +
                engagement(s, sd, player, player == BOC_USA ? BOC_EVAL_ENGAGE_USA
                                                            : BOC_EVAL_ENGAGE_CSA);
    if ((flags & GR_EVAL_THREATS) && s->phase < BOC_PH_OVER)
        own32 += BOC_EVAL_EXPOSED * exposed_blocks(s, sd, 1 - player) +
                 (s->active == player ? melee_to_come(s, sd, player) : 0) +
                 vp_push(s, sd, player, mid32);
    int32_t v = (int32_t)(1200 * own32 / (width32 > 0 ? width32 : 1));
    return v > 950 ? 950 : v < -950 ? -950 : v;
}

void boc_eval_prepare(boc_sdata *sd)
{
    for (int u = 0; u < sd->nblock; u++) {
        sd->eval_hq[u] = -1;
        for (int h = 0; h < sd->nblock && sd->eval_hq[u] < 0; h++)
            if (boc_commands(sd, h, u))
                sd->eval_hq[u] = (int16_t)h;
    }
}

void boc_score(const gr_game *g, int32_t *margin, int32_t *turn)
{
    const boc_state *s = boc_cst(g);
    int vp = s->phase == BOC_PH_OVER ? s->vp : boc_victory_points(s, boc_sd(g));
    *margin = -100 * vp;
    *turn = s->day_index * 32 + s->hour;
}
