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
 * enemy blocks his own outnumber where they touch (not zero-sum). */
#include "boc.h"

enum {
    BOC_EVAL_FAR = 12,       /* hexes: the approach terms stop counting */
    BOC_EVAL_ENGAGE_USA = 2, /* 32nds a hex: the USA must eliminate blocks */
    BOC_EVAL_ENGAGE_CSA = 1, /* the CSA also scores the VP hexes it takes */
    BOC_EVAL_TIRED = 8,      /* 32nds: a coming HQ step loss (half a step's
                                16: CHQs resupply DHQs, R8.2-c)            */
    BOC_EVAL_EXPOSED = 8,    /* 32nds an enemy block short next to ours     */
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

/* CSA VP now: eliminations and the VP hexes the positions give the CSA. */
static int vp_now(const boc_state *s, const boc_sdata *sd)
{
    int vp = s->elim[BOC_USA] - s->elim[BOC_CSA];
    for (int i = 0; i < sd->nvp; i++) {
        int h = sd->vphex[i].hex;
        if (!counts_today(s, sd, i) || s->count[BOC_USA][h])
            continue;
        if (s->count[BOC_CSA][h] || (boc_enemy_adjacent(s, sd, h, BOC_CSA) &&
                                     !boc_enemy_adjacent(s, sd, h, BOC_USA)))
            vp += sd->vphex[i].vp;
    }
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
        own32 += BOC_EVAL_EXPOSED * exposed_blocks(s, sd, 1 - player);
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
