/* fog.c — hidden information (Part A.3, RA3-*): blocks stand facing their
 * owner; revealing and standing up; the player's view (mask), which keeps
 * nothing of a hidden enemy block but where it stands and what the opponent
 * can see of it; and determinize, which samples identities and strengths
 * consistent with what the viewer knows. */
#include "boc.h"

int boc_visible(const gr_game *g, int u, int viewer)
{
    const boc_state *s = boc_cst(g);
    const boc_unit *un = &s->unit[u];
    if (viewer < 0 || boc_sd(g)->block[u].side == viewer)
        return 1;
    if (un->flags & BOC_U_ANON)
        return 0;
    return (un->flags & BOC_U_REVEALED) || un->hex == BOC_LOC_ELIM || un->hex == BOC_LOC_OUT;
}

int boc_viewer(const gr_game *g)
{
    return g->masked ? g->viewer : -1;
}

void boc_seen(boc_state *s, int u, int hex)
{
    s->unit[u].seen = (int16_t)(hex + 1);
    s->unit[u].seen_pt = s->turns_done;
}

void boc_reveal(gr_game *g, int u, int why)
{
    boc_unit *un = &boc_st(g)->unit[u];
    if (un->flags & BOC_U_REVEALED)
        return;
    un->flags |= BOC_U_REVEALED;
    un->rb = 0; /* the opponent now sees its true strength */
    gr_emitv(g, BOC_EV_REVEAL, 3, u, un->hex, why);
}

static int frontline_artillery(const gr_game *g, int u)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    return s->unit[u].hex >= 0 && boc_type_of(sd, u)->artillery &&
           boc_enemy_adjacent(s, sd, s->unit[u].hex, 1 - sd->block[u].side);
}

void boc_reveal_frontline_artillery(gr_game *g)
{
    for (int u = 0; u < boc_sd(g)->nblock; u++)
        if (frontline_artillery(g, u))
            boc_reveal(g, u, BOC_WHY_FRONTLINE);
}

void boc_stand_up(gr_game *g)
{
    boc_state *s = boc_st(g);
    int n = 0;
    for (int u = 0; u < boc_sd(g)->nblock; u++)
        if ((s->unit[u].flags & BOC_U_REVEALED) && s->unit[u].hex >= 0 &&
            !frontline_artillery(g, u)) {
            s->unit[u].flags &= (uint16_t)~BOC_U_REVEALED;
            boc_seen(s, u, s->unit[u].hex); /* last seen face-up here */
            n++;
        }
    gr_emitv(g, BOC_EV_STAND_UP, 1, n);
}

/* ------------------------------------------------------------------ mask */

/* Blocks whose identity the viewer does not know: enemy, face-down, on the
 * map or gone off it (a block seen leaving is still anonymous). */
static int hidden_from(const boc_state *s, const boc_sdata *sd, int u, int viewer)
{
    const boc_unit *un = &s->unit[u];
    return sd->block[u].side != viewer && !(un->flags & BOC_U_REVEALED) &&
           (un->hex >= 0 || boc_is_left(un->hex));
}

/* What the opponent sees of a hidden block, as one sortable key: where it
 * stands, the hexside it attacked across (R7.1-a), its visible marks. */
static int32_t public_key(const boc_unit *un)
{
    return (int32_t)(un->hex + 1024) << 19 | (int32_t)un->mdir << 16 | (un->flags & BOC_U_PUBLIC);
}

static int16_t key_hex(int32_t k)
{
    return (int16_t)((k >> 19) - 1024);
}

static void sort_keys(int32_t *k, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && k[j - 1] > k[j]; j--) {
            int32_t t = k[j];
            k[j] = k[j - 1];
            k[j - 1] = t;
        }
}

void boc_mask(gr_game *g, int viewer)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    int ids[BOC_MAX_UNITS], n = 0, enemy = 1 - viewer;
    int32_t keys[BOC_MAX_UNITS];
    s->hidden_loss[viewer] = 0;
    s->hidden_loss[enemy] = 0;
    for (int u = 0; u < sd->nblock; u++)
        if (hidden_from(s, sd, u, viewer)) {
            s->hidden_loss[enemy] = (int16_t)(s->hidden_loss[enemy] + s->unit[u].start -
                                              s->unit[u].str + s->unit[u].rb);
            keys[n] = public_key(&s->unit[u]);
            ids[n++] = u;
        }
    sort_keys(keys, n); /* the order no longer depends on identities */
    for (int i = 0; i < n; i++) {
        boc_unit *un = &s->unit[ids[i]];
        un->hex = key_hex(keys[i]);
        un->mdir = (int8_t)((keys[i] >> 16) & 7);
        un->flags = (uint16_t)((keys[i] & 0xffff) | BOC_U_ANON);
        un->str = 0;
        un->mp = 0;
        un->rb = 0;
    }
    if (s->active == enemy)
        s->sp = 0; /* how many SP the enemy spent would tell where (R8.3-c) */
    if (s->fire.repulse != GR_NONE && sd->block[s->fire.repulse].side == enemy)
        s->fire.repulse = GR_NONE; /* which block retreats is the owner's secret */
}

/* ------------------------------------------------------------------ determinize */

static int min_strength(const boc_sdata *sd, int u)
{
    return boc_type_of(sd, u)->hq ? 0 : 1;
}

/* Spreads `pool` steps of loss (negative: rebuilt steps) over the blocks
 * but `keep` (whose strength is set), each within [start - max, start -
 * min]; every other block starts at `start`. */
static void spread_losses(boc_state *s, const boc_sdata *sd, const int *ids, int n, int pool,
                          int keep, gr_rng *rng)
{
    int open[BOC_MAX_UNITS];
    for (int i = 0; i < n; i++)
        if (ids[i] != keep)
            s->unit[ids[i]].str = s->unit[ids[i]].start;
    if (keep >= 0)
        pool -= s->unit[keep].start - s->unit[keep].str; /* its loss is part of the total */
    while (pool != 0) {
        int m = 0, step = pool > 0 ? 1 : -1;
        for (int i = 0; i < n; i++) {
            int u = ids[i], str = s->unit[u].str - step;
            if (u == keep)
                continue;
            if (str >= min_strength(sd, u) && str <= sd->block[u].max)
                open[m++] = u;
        }
        if (m == 0)
            break; /* cannot happen when the view came from a legal state */
        s->unit[open[gr_rng_below(rng, (uint32_t)m)]].str -= (int8_t)step;
        pool -= step;
    }
}

/* A pending Repulse whose block the viewer did not know: one of the enemy
 * blocks in the target hex, at its last step (R5.32-b); returns it, or -1.
 * Its loss counts in the hidden total the other blocks share (spread_losses
 * after it), so that the view of the sample is the view again. */
static int pick_repulsed(boc_state *s, const boc_sdata *sd, int enemy, gr_rng *rng)
{
    int cand[BOC_MAX_UNITS], m = 0;
    if (s->decision != BOC_DEC_REPULSE || s->fire.repulse != GR_NONE)
        return -1;
    for (int u = 0; u < sd->nblock; u++)
        if (sd->block[u].side == enemy && s->unit[u].hex == s->fire.hex)
            cand[m++] = u;
    if (m == 0)
        return -1;
    int u = cand[gr_rng_below(rng, (uint32_t)m)];
    s->fire.repulse = (int16_t)u;
    s->unit[u].str = (int8_t)min_strength(sd, u);
    return u;
}

/* Could u have come from where the enemy last knew it to `hex` (a map hex,
 * or the edge hex it left from)?  Each Player Turn since then gave it at
 * most one move of its MP on main roads (1 MP a hex, R6.5-a) and one hex of
 * a retreat, repulse or regroup; one more turn's worth covers the night
 * arrivals placed along their road (4 road hexes) and the turn under way;
 * the Free Deployment's 2 hexes for a block last seen at the set-up. */
static int out_of_reach(const boc_state *s, const boc_sdata *sd, int u, int hex)
{
    const boc_unit *un = &s->unit[u];
    int at = hex >= 0 ? hex : boc_left_from(hex);
    if (!un->seen || at < 0)
        return 0;
    int turns = s->turns_done - un->seen_pt + 1;
    int per_turn = boc_type_of(sd, u)->movement / sd->road_cost[BOC_ROAD_MAIN] + 1;
    int deployed = s->deploy && un->seen_pt == 0 ? BOC_DEPLOY_HEXES : 0; /* R0-c */
    return boc_dist(sd, un->seen - 1, at) > turns * per_turn + deployed;
}

/* A hidden block u cannot have the public key k (hex, attack side, marks)
 * when it is artillery in a front-line hex it has not moved into this phase
 * (revealed at the end of the last Movement Phase or at set-up, staying
 * face-up while it stays: R5.31-g, RA3-c), when k is an attacker's
 * (it crossed into an enemy hex) and u may not attack (R7.4-a, R7.5-a),
 * when k is in Column and u is an HQ (S-CL-a),
 * or when k's hex is out of u's reach since the enemy last knew where it
 * stood (a block not yet arrived is never hidden: the schedule is
 * public, so the arrival schedule is kept by the deal itself). */
static int slot_barred(const boc_state *s, const boc_sdata *sd, int u, int32_t k)
{
    int hex = key_hex(k), mdir = (k >> 16) & 7;
    if (mdir && !boc_type_of(sd, u)->melee_attack)
        return 1;
    if ((k & BOC_U_COLUMN) && boc_type_of(sd, u)->hq)
        return 1; /* HQs have no formation (S-CL-a [REC], E-24) */
    if (out_of_reach(s, sd, u, hex))
        return 1;
    return boc_type_of(sd, u)->artillery && hex >= 0 && !(k & BOC_U_MOVED) &&
           boc_enemy_adjacent(s, sd, hex, 1 - sd->block[u].side);
}

static void swap_keys(int32_t *k, int i, int j)
{
    int32_t t = k[i];
    k[i] = k[j];
    k[j] = t;
}

/* After the uniform deal: each block dealt an impossible place swaps it
 * with a block, chosen uniformly, for which the swap is possible both ways.
 * No such block: the deal stays (a state the rules reached by a path the
 * view does not follow, e.g. a Repulse). */
static void place_barred(const boc_state *s, const boc_sdata *sd, const int *ids, int32_t *keys,
                         int n, gr_rng *rng)
{
    int cand[BOC_MAX_UNITS];
    for (int i = 0; i < n; i++) {
        if (!slot_barred(s, sd, ids[i], keys[i]))
            continue;
        int m = 0;
        for (int j = 0; j < n; j++)
            if (!slot_barred(s, sd, ids[i], keys[j]) && !slot_barred(s, sd, ids[j], keys[i]))
                cand[m++] = j;
        if (m > 0)
            swap_keys(keys, i, cand[gr_rng_below(rng, (uint32_t)m)]);
    }
}

/* Under command follows, for the n sampled blocks ids, from their sampled
 * identities and the activated (face-up) HQs, as the Command Phase worked
 * it out (R4.3-c); the blocks the viewer knows keep what they had (their
 * HQ's true place may not be the sampled one). */
static void recompute_command(boc_state *s, const boc_sdata *sd, const int *ids, int n)
{
    uint16_t was[BOC_MAX_UNITS];
    uint8_t dealt[BOC_MAX_UNITS] = {0};
    for (int i = 0; i < n; i++)
        dealt[ids[i]] = 1;
    for (int u = 0; u < sd->nblock; u++)
        was[u] = s->unit[u].flags & BOC_U_CMD;
    boc_command_compute(s, sd);
    for (int u = 0; u < sd->nblock; u++)
        if (!dealt[u])
            s->unit[u].flags = (uint16_t)((s->unit[u].flags & ~BOC_U_CMD) | was[u]);
}

void boc_determinize(gr_game *g, gr_rng *rng)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    int enemy = 1 - g->viewer, ids[BOC_MAX_UNITS], n = 0;
    int32_t keys[BOC_MAX_UNITS];
    for (int u = 0; u < sd->nblock; u++)
        if (s->unit[u].flags & BOC_U_ANON) {
            s->unit[u].flags &= (uint16_t)~BOC_U_ANON;
            keys[n] = public_key(&s->unit[u]);
            ids[n++] = u;
        }
    for (int i = n - 1; i > 0; i--) /* which block stands where: uniform */
        swap_keys(keys, i, (int)gr_rng_below(rng, (uint32_t)(i + 1)));
    place_barred(s, sd, ids, keys, n, rng);
    for (int i = 0; i < n; i++) {
        boc_unit *un = &s->unit[ids[i]];
        un->hex = key_hex(keys[i]);
        un->mdir = (int8_t)((keys[i] >> 16) & 7);
        un->flags = (uint16_t)(keys[i] & 0xffff);
    }
    if (s->active == enemy && s->phase > BOC_PH_COMMAND && s->phase < BOC_PH_SUPPLY)
        recompute_command(s, sd, ids, n);
    int repulsed = pick_repulsed(s, sd, enemy, rng);
    spread_losses(s, sd, ids, n, s->hidden_loss[enemy], repulsed, rng);
    s->hidden_loss[0] = s->hidden_loss[1] = 0;
}
