/* legal.c — candidate actions for agents.  Positions are continuous, so
 * gr_game_legal cannot list every legal action; it lists a deterministic
 * set of sensible candidates, each one validated by the same checks as
 * gr_game_apply (so every candidate is legal): hold; moves straight ahead
 * at 1/4..4/4 of the move distance, a step back and to each side; wheels
 * about either front corner; an about face; a move towards the nearest
 * enemy; reorganising in place into each other formation; a double move
 * forward; and ending the phase.  Before them, the brigades to choose
 * (activate); after, the leader's placements (behind each unit of the
 * brigade; the army leader behind each brigade leader) and `next`. */
#include <string.h>

#include "vf.h"

#define MAX_PER_UNIT 48

typedef struct cands {
    const gr_game *g;
    int player;
    gr_action *out;
    int cap, n;
    gr_action unit_seen[MAX_PER_UNIT]; /* this unit's candidates (dedupe)   */
    int nseen;
    /* vf_sample's proposals (NULL for vf_legal): offer() then keeps a move
     * unchecked, flagged PROPOSE_CHECK, and the members of a chain (the
     * first legal one of them is the candidate) also PROPOSE_CHAIN */
    uint8_t *flags;
    uint8_t chain; /* PROPOSE_CHAIN while offering a chain, else 0       */
    uint8_t chain_first; /* the next offer starts a chain                   */
    uint32_t only; /* bit per action kind kept (Breakthrough), 0: all kinds */
} cands;

enum { PROPOSE_CHECK = 1, PROPOSE_CHAIN = 2, PROPOSE_FIRST = 4 /* a chain's first member */ };

static void push(cands *c, const gr_action *a)
{
    if (c->only && !((c->only >> a->kind) & 1u))
        return;
    if (c->flags && c->chain) { /* chain members: kept in order, never merged */
        if (c->n < c->cap)
            c->out[c->n] = *a;
        c->n++;
        return;
    }
    for (int i = 0; i < c->nseen; i++)
        if (memcmp(&c->unit_seen[i], a, sizeof *a) == 0)
            return;
    if (c->nseen < MAX_PER_UNIT)
        c->unit_seen[c->nseen++] = *a;
    if (c->n < c->cap)
        c->out[c->n] = *a;
    c->n++;
}

/* The move, retreat, assault or double move `a` is legal. */
static int move_ok(const gr_game *g, const gr_action *a)
{
    vf_move m;
    return vf_move_from_action(g, a, &m, NULL) == GR_OK && vf_move_check(g, &m, NULL) == GR_OK;
}

/* Offers a move of unit u to layout `to` (current shape unless reshaped)
 * when it is legal. */
static void offer(cands *c, int kind, int u, const vf_layout *to, int files, int order,
                  int reform)
{
    if (c->only && !((c->only >> kind) & 1u))
        return; /* a kind not wanted now: not even checked */
    gr_action a = {.kind = (uint16_t)kind, .player = (uint8_t)c->player};
    a.nargs = kind == VF_ACT_MOVE || kind == VF_ACT_RETREAT ? 8 : 4;
    a.arg[0] = u;
    a.arg[1] = to->x;
    a.arg[2] = to->y;
    a.arg[3] = to->facing;
    if (a.nargs == 8) {
        a.arg[4] = files;
        a.arg[5] = order;
        a.arg[6] = reform;
    }
    if (c->flags) {
        int n = c->n;
        push(c, &a);
        if (c->n > n && n < c->cap) {
            c->flags[n] = (uint8_t)(PROPOSE_CHECK | c->chain |
                                    (c->chain && c->chain_first ? PROPOSE_FIRST : 0));
            c->chain_first = 0;
        }
        return;
    }
    if (move_ok(c->g, &a))
        push(c, &a);
}

/* The layout `from` translated by fwd ahead and `right` to its right. */
static vf_layout shifted(const vf_layout *from, int32_t fwd, int32_t right)
{
    vf_layout l = *from;
    gr_pt p = gr_g2_offset((gr_pt){from->x, from->y}, vf_bearing(from->facing), fwd, right);
    l.x = p.x;
    l.y = p.y;
    return l;
}

/* Straight moves, wheels and an about face in the current formation. */
static void offer_moves(cands *c, int u, const vf_layout *at, int32_t allow)
{
    static const int32_t turns[] = {225, 450, 900};
    const vf_sdata *sd = vf_sd(c->g);
    vf_layout l;
    for (int k = 4; k >= 1; k--) {
        l = shifted(at, allow * k / 4, 0);
        offer(c, VF_ACT_MOVE, u, &l, 0, VF_ORDER_KEEP, VF_REFORM_NONE);
    }
    int32_t side = allow / 2 < 300 ? allow / 2 : 300;
    l = shifted(at, -allow / 2, 0);
    offer(c, VF_ACT_MOVE, u, &l, 0, VF_ORDER_KEEP, VF_REFORM_NONE);
    l = shifted(at, 0, side);
    offer(c, VF_ACT_MOVE, u, &l, 0, VF_ORDER_KEEP, VF_REFORM_NONE);
    l = shifted(at, 0, -side);
    offer(c, VF_ACT_MOVE, u, &l, 0, VF_ORDER_KEEP, VF_REFORM_NONE);
    if (at->order == VF_ORDER_CLOSE || at->order == VF_ORDER_OPEN)
        for (int i = 0; i < 3; i++)
            for (int corner = 0; corner < 2; corner++)
                for (int sign = -1; sign <= 1; sign += 2) {
                    l = vf_wheeled(sd, u, at, corner ? VF_ABOUT_LEFT : VF_ABOUT_RIGHT,
                                   sign * turns[i]);
                    offer(c, VF_ACT_MOVE, u, &l, 0, VF_ORDER_KEEP, VF_REFORM_NONE);
                }
    gr_base cells[VF_MAX_CELLS];
    int n = vf_cells(sd, u, at, cells);
    int32_t depth = at->ranks * cells[n - 1].d + (at->ranks - 1) * at->gap;
    l = shifted(at, -depth, 0);
    l.facing = vf_norm_facing((int64_t)at->facing + 18000);
    offer(c, VF_ACT_MOVE, u, &l, 0, VF_ORDER_KEEP, VF_REFORM_NONE);
}

/* Straight towards point `to`, facing it, as far as is legal among
 * 4/4..1/4 of the move distance (a chain: the first legal one). */
static void offer_towards(cands *c, int u, const vf_layout *at, int32_t allow, gr_pt to)
{
    gr_pt from = {at->x, at->y};
    gr_angle b = gr_g2_bearing(from, to);
    int before = c->n;
    c->chain = c->flags ? PROPOSE_CHAIN : 0;
    c->chain_first = 1;
    for (int k = 4; k >= 1 && (c->flags || c->n == before); k--) {
        vf_layout l = *at;
        gr_pt p = gr_g2_offset(from, b, allow * k / 4, 0);
        l.x = p.x;
        l.y = p.y;
        l.facing = (int32_t)b * 10;
        offer(c, VF_ACT_MOVE, u, &l, 0, VF_ORDER_KEEP, VF_REFORM_NONE);
    }
    c->chain = 0;
}

/* Straight towards the nearest enemy unit (front centre to front centre),
 * facing it. */
static void offer_towards_enemy(cands *c, int u, const vf_layout *at, int32_t allow)
{
    const vf_sdata *sd = vf_sd(c->g);
    const vf_state *st = vf_cst(c->g);
    int best = -1;
    int32_t best_d = INT32_MAX;
    for (int v = 0; v < sd->nunits; v++)
        if (st->unit[v].status == VF_UNIT_ON && sd->unit[v].side != sd->unit[u].side) {
            gr_pt a = {at->x, at->y}, b = {st->unit[v].at.x, st->unit[v].at.y};
            int32_t d = gr_g2_dist_len(gr_g2_dist_pts(a, b));
            if (d < best_d) {
                best_d = d;
                best = v;
            }
        }
    if (best >= 0)
        offer_towards(c, u, at, allow, (gr_pt){st->unit[best].at.x, st->unit[best].at.y});
}

/* Straight towards the nearest objective its side does not hold (vf:2.1.1),
 * facing it, when it is farther than 3" (computer opponent: docs/vf.md). */
static void offer_towards_objective(cands *c, int u, const vf_layout *at, int32_t allow)
{
    const vf_sdata *sd = vf_sd(c->g);
    const vf_state *st = vf_cst(c->g);
    int best = -1;
    int32_t best_d = INT32_MAX;
    for (int o = 0; o < sd->nobjectives; o++) {
        if (st->objective[o] == 1 + sd->unit[u].side)
            continue;
        gr_pt a = {at->x, at->y}, b = {sd->objective[o].x, sd->objective[o].y};
        int32_t d = gr_g2_dist_len(gr_g2_dist_pts(a, b));
        if (d < best_d) {
            best_d = d;
            best = o;
        }
    }
    if (best >= 0 && best_d > 3 * GR_G2_INCH)
        offer_towards(c, u, at, allow, (gr_pt){sd->objective[best].x, sd->objective[best].y});
}

/* Reorganising in place (vf:6.3.3) into `files` files of `order`. */
static void offer_reform(cands *c, int u, const vf_layout *at, int files, int order)
{
    const vf_sdata *sd = vf_sd(c->g);
    vf_move m = {.unit = u, .player = c->player, .reform = VF_REFORM_BEFORE};
    m.to = *at;
    m.to.order = (uint8_t)order;
    m.to.gap = (uint8_t)(order == VF_ORDER_OPEN         ? sd->t.open_gap_default
                         : order == VF_ORDER_UNLIMBERED ? sd->t.limber_gap_default
                                                        : 0);
    int artillery = VF_ORDER_ARTILLERY(order);
    vf_layout_shape(&m.to, artillery ? 1 : vf_cst(c->g)->unit[u].figures, artillery ? 1 : files);
    vf_layout mid;
    vf_reform_layouts(sd, u, at, &m, &mid);
    m.to.x = mid.x;
    m.to.y = mid.y;
    offer(c, VF_ACT_MOVE, u, &m.to, artillery ? 0 : files, order + 1, VF_REFORM_BEFORE);
}

/* One reorganisation into each other formation class the unit can take. */
static void offer_reforms(cands *c, int u, const vf_layout *at)
{
    const vf_sdata *sd = vf_sd(c->g);
    const vf_profile *p = vf_unit_profile(sd, u);
    if (p->type == VF_ARTILLERY) {
        offer_reform(c, u, at, 1, at->order == VF_ORDER_LIMBERED ? VF_ORDER_UNLIMBERED
                                                                 : VF_ORDER_LIMBERED);
        return;
    }
    int n = vf_cst(c->g)->unit[u].figures;
    int tries[] = {n, (n + 1) / 2, (n + 2) / 3, (n + 3) / 4, 4, 3, 2};
    int seen = 1 << vf_formation_of(sd, at);
    for (int i = 0; i < (int)(sizeof tries / sizeof tries[0]); i++) {
        vf_layout l = {.order = VF_ORDER_CLOSE};
        vf_verdict v;
        vf_layout_shape(&l, n, tries[i]);
        int form = vf_formation_of(sd, &l);
        if (!(seen & (1 << form)) && vf_layout_check(sd, u, n, &l, &v)) {
            seen |= 1 << form;
            offer_reform(c, u, at, l.files, VF_ORDER_CLOSE);
        }
    }
    if (at->order == VF_ORDER_SQUARE) /* out of square (SR-Square-a); agents do not form one yet */
        offer_reform(c, u, at, (n + 1) / 2, VF_ORDER_CLOSE);
    if (VF_HAS(p->rules, VF_SR_OPEN_ORDER) && at->order != VF_ORDER_OPEN)
        offer_reform(c, u, at, (n + 1) / 2, VF_ORDER_OPEN);
    else if (at->order == VF_ORDER_OPEN)
        offer_reform(c, u, at, at->files, VF_ORDER_CLOSE);
}

/* Retreats straight back (half and all of the move distance) when within
 * 3" of an enemy; assaults on every enemy unit within reach (front to front,
 * rear, flanks); a rally when it has markers. */
static void close_candidates(cands *c, int u, const vf_layout *at, int32_t allow)
{
    const vf_sdata *sd = vf_sd(c->g);
    const vf_state *st = vf_cst(c->g);
    vf_layout l;
    /* a retreat only where a Move cannot start (within 3" of an enemy) */
    int32_t near = vf_enemy_distance(c->g, u, at);
    for (int k = 2; k >= 1 && near < sd->t.keep_away; k--) {
        l = shifted(at, -allow * k / 2, 0);
        offer(c, VF_ACT_RETREAT, u, &l, 0, VF_ORDER_KEEP, VF_REFORM_NONE);
    }
    for (int v = 0; v < sd->nunits; v++) {
        if (st->unit[v].status != VF_UNIT_ON || sd->unit[v].side == sd->unit[u].side ||
            vf_unit_distance(c->g, u, v) > allow)
            continue;
        vf_layout spots[4];
        int n = vf_assault_spots(c->g, u, v, spots);
        for (int i = 0; i < n; i++)
            offer(c, VF_ACT_ASSAULT, u, &spots[i], 0, 0, 0);
    }
    if (st->unit[u].markers > 0 && vf_fate_surprise_check(c->g, u, -1, NULL) == GR_OK) {
        gr_action r = {.kind = VF_ACT_RALLY, .player = (uint8_t)c->player, .nargs = 1,
                       .arg = {u}};
        push(c, &r);
    }
}

static void unit_candidates(cands *c, int u)
{
    const vf_layout *at = &vf_cst(c->g)->unit[u].at;
    int32_t allow = vf_unit_allowance(c->g, u, at);
    gr_action hold = {.kind = VF_ACT_HOLD, .player = (uint8_t)c->player, .nargs = 1,
                      .arg = {u}};
    c->nseen = 0;
    push(c, &hold);
    offer_moves(c, u, at, allow);
    offer_towards_enemy(c, u, at, allow);
    offer_towards_objective(c, u, at, allow);
    offer_reforms(c, u, at);
    close_candidates(c, u, at, allow);
    vf_layout l = shifted(at, allow * vf_sd(c->g)->t.double_factor, 0);
    offer(c, VF_ACT_DOUBLE, u, &l, 0, 0, 0);
    gr_action occ[VF_MAX_TERRAIN]; /* defensible terrain (occupy.c) */
    int no = vf_occupy_candidates(c->g, u, c->player, occ, VF_MAX_TERRAIN);
    for (int i = 0; i < no; i++)
        push(c, &occ[i]);
}

/* Offers placing leader l at p when legal (vf:6.8-c). */
static void offer_place(cands *c, int l, gr_pt p)
{
    const vf_sdata *sd = vf_sd(c->g);
    if (vf_place_check(c->g, l, p, NULL) != GR_OK)
        return;
    gr_action a = {.kind = VF_ACT_PLACE, .player = (uint8_t)c->player, .nargs = 3,
                   .arg = {vf_leader_id(sd, l), p.x, p.y}};
    push(c, &a);
}

/* 2" behind the rear of unit u. */
static gr_pt behind(const vf_sdata *sd, int u, const vf_layout *at)
{
    gr_base cells[VF_MAX_CELLS];
    int n = vf_cells(sd, u, at, cells);
    int32_t depth = at->ranks * cells[n - 1].d + (at->ranks - 1) * at->gap;
    if (at->order == VF_ORDER_LIMBERED || at->order == VF_ORDER_UNLIMBERED)
        depth = cells[0].d + cells[1].d + at->gap;
    return gr_g2_offset((gr_pt){at->x, at->y}, vf_bearing(at->facing), -(depth + 200), 0);
}

/* A brigade leader behind each unit of its brigade; the army leader 3"
 * behind each brigade leader (towards its side's table edge). */
static void leader_candidates(cands *c)
{
    const vf_sdata *sd = vf_sd(c->g);
    const vf_state *st = vf_cst(c->g);
    if (st->step == VF_STEP_LEADER) {
        int b = st->current - 1, l = sd->brigade[b].leader;
        for (int u = 0; u < sd->nunits; u++)
            if (sd->unit[u].brigade == b && st->unit[u].status == VF_UNIT_ON)
                offer_place(c, l, behind(sd, u, &st->unit[u].at));
        return;
    }
    int al = vf_army_leader(sd, st->active), back = st->active == VF_SIDE_A ? -300 : 300;
    for (int l = 0; l < sd->nleaders; l++)
        if (l != al && sd->leader[l].side == st->active && st->leader[l].status == VF_UNIT_ON)
            offer_place(c, al, (gr_pt){st->leader[l].x, st->leader[l].y + back});
}

/* Reinforcements due now: straight in from their arrival (vf:11.0). */
static void enter_candidates(cands *c)
{
    const vf_sdata *sd = vf_sd(c->g);
    vf_layout spots[4];
    for (int u = 0; u < sd->nunits; u++) {
        if (sd->unit[u].side != c->player || !vf_reinforcement_due(c->g, u))
            continue;
        int n = vf_enter_spots(c->g, u, spots, 4);
        for (int i = 0; i < n; i++)
            if (vf_enter_check(c->g, c->player, u, &spots[i], NULL) == GR_OK) {
                gr_action a = {.kind = VF_ACT_ENTER, .player = (uint8_t)c->player, .nargs = 5,
                               .arg = {u, spots[i].x, spots[i].y, spots[i].facing, 0}};
                push(c, &a);
                break;
            }
    }
}

/* Every brigade of the side still to choose (vf:6.0-a). */
static void brigade_candidates(cands *c)
{
    const vf_sdata *sd = vf_sd(c->g);
    const vf_state *st = vf_cst(c->g);
    enter_candidates(c);
    for (int b = 0; b < sd->nbrigades; b++)
        if (sd->brigade[b].side == c->player &&
            !(st->brigade[b].flags & (VF_BF_CHOSEN | VF_BF_BROKEN))) {
            gr_action a = {.kind = VF_ACT_ACTIVATE, .player = (uint8_t)c->player, .nargs = 1,
                           .arg = {vf_brigade_id(sd, b)}};
            push(c, &a);
        }
}

/* An open compound move: end it where it stands, or take it back. */
static int open_move_candidates(cands *c, int open)
{
    const vf_state *st = vf_cst(c->g);
    gr_action fin = {.kind = VF_ACT_FINISH, .player = (uint8_t)c->player};
    gr_action back = {.kind = VF_ACT_CANCEL, .player = (uint8_t)c->player};
    if (vf_move_end_check(c->g, open, st->moving.kind, &st->moving.facts, NULL) == GR_OK)
        push(c, &fin);
    push(c, &back);
    return c->n;
}

/* Fire at target t: every unit that may fire at it, with the first (up to
 * 3) units that may support it. */
static void fire_target_candidates(cands *c, int t)
{
    const vf_sdata *sd = vf_sd(c->g);
    for (int u = 0; u < sd->nunits; u++)
        for (int sk = 0; sk < 2; sk++) {
            if (sd->unit[u].side != c->player || vf_fire_refusal(c->g, u, t, sk))
                continue;
            gr_action a = {.kind = VF_ACT_FIRE, .player = (uint8_t)c->player, .nargs = 8,
                           .arg = {u, t, GR_NONE, GR_NONE, GR_NONE, GR_NONE, GR_NONE, sk}};
            for (int s = 0, k = 2; s < sd->nunits && k < 5; s++)
                if (s != u && sd->unit[s].side == c->player &&
                    (!vf_support_refusal(c->g, s, t, 0) ||
                     (sk && !vf_support_refusal(c->g, s, t, 1))))
                    a.arg[k++] = s;
            c->nseen = 0;
            push(c, &a);
        }
}

/* Fire: every legal target's candidates (above), then ending the phase. */
static int fire_candidates(cands *c)
{
    const vf_sdata *sd = vf_sd(c->g);
    for (int t = 0; t < sd->nunits; t++)
        if (vf_fire_target_ok(c->g, t))
            fire_target_candidates(c, t);
    gr_action end = {.kind = VF_ACT_END_FIRE, .player = (uint8_t)c->player};
    c->nseen = 0;
    push(c, &end);
    return c->n;
}

/* Breakthrough (fate): each unit of the brigade may make one Move. */
static int breakthrough_candidates(cands *c)
{
    const vf_state *st = vf_cst(c->g);
    int open = vf_moving_unit(st);
    if (open >= 0)
        return open_move_candidates(c, open);
    c->only = 1u << VF_ACT_HOLD | 1u << VF_ACT_MOVE;
    for (int u = 0; u < vf_sd(c->g)->nunits; u++)
        if (vf_breakthrough_may_move(c->g, u))
            unit_candidates(c, u);
    c->only = 0;
    gr_action next = {.kind = VF_ACT_NEXT, .player = (uint8_t)c->player};
    c->nseen = 0;
    push(c, &next);
    return c->n;
}

int vf_legal(const gr_game *g, int player, gr_action *out, int cap)
{
    const vf_state *st = vf_cst(g);
    cands c = {.g = g, .player = player, .out = out, .cap = cap};
    if (st->fx.window)
        return vf_fate_legal(g, player, out, cap);
    if (vf_breakthrough_on(st))
        return st->active == player ? breakthrough_candidates(&c) : 0;
    if (st->phase == VF_PHASE_COMBAT)
        return vf_combat_legal(g, player, out, cap);
    int nplay = vf_fate_legal(g, player, out, cap); /* cards playable inside this decision */
    c.n = nplay;
    if (st->phase == VF_PHASE_FIRE && st->active == player)
        return fire_candidates(&c);
    if (st->phase != VF_PHASE_ACTION || st->active != player)
        return 0;
    int open = vf_moving_unit(st);
    if (open >= 0)
        return open_move_candidates(&c, open);
    if (st->step == VF_STEP_CHOOSE) {
        brigade_candidates(&c);
    } else {
        for (int u = 0; st->step == VF_STEP_UNITS && u < vf_sd(g)->nunits; u++)
            if (vf_unit_may_act(g, u, player))
                unit_candidates(&c, u);
        c.nseen = 0;
        if (st->step != VF_STEP_UNITS)
            leader_candidates(&c);
        gr_action next = {.kind = VF_ACT_NEXT, .player = (uint8_t)player};
        push(&c, &next);
    }
    gr_action end = {.kind = VF_ACT_END_PHASE, .player = (uint8_t)player};
    c.nseen = 0;
    push(&c, &end);
    return c.n;
}

/* ------------------------------------------------------------ sampling */

/* Candidates one unit's draw lists: every unit's list is far shorter. */
#define SAMPLE_CAP (4 * VF_MAX_UNITS + 2 * MAX_PER_UNIT)

/* Picks one of the c->n actions listed in c->out (c->n <= c->cap). */
static int pick(cands *c, gr_rng *rng, gr_action *out)
{
    if (NEVER(c->n <= 0 || c->n > c->cap))
        return -1;
    *out = c->out[gr_rng_below(rng, (uint32_t)c->n)];
    return 1;
}

/* Fire stage: a target drawn among the legal targets and `end`; a target
 * none of the player's units may fire at leaves the draw (drawn again). */
static int sample_fire(cands *c, gr_rng *rng, gr_action *out)
{
    const vf_sdata *sd = vf_sd(c->g);
    int targets[VF_MAX_UNITS], n = 0;
    for (int t = 0; t < sd->nunits; t++)
        if (vf_fire_target_ok(c->g, t))
            targets[n++] = t;
    for (;;) {
        uint32_t k = gr_rng_below(rng, (uint32_t)n + 1);
        if (k == (uint32_t)n) {
            *out = (gr_action){.kind = VF_ACT_END_FIRE, .player = (uint8_t)c->player};
            return 1;
        }
        c->n = 0;
        fire_target_candidates(c, targets[k]);
        if (c->n > 0)
            return pick(c, rng, out);
        targets[k] = targets[--n];
    }
}

/* Draws among the unit's c->n proposals: an unchecked one drawn is checked
 * and, when illegal, leaves the draw; a chain (one slot, at its first
 * member) gives its first legal member.  Every proposal drawn and kept is
 * an action vf_legal lists for the unit. */
static int draw_proposal(cands *c, gr_rng *rng, gr_action *out)
{
    if (NEVER(c->n <= 0 || c->n > c->cap))
        return -1;
    int slot[SAMPLE_CAP], n = 0;
    for (int i = 0; i < c->n; i++)
        if (!(c->flags[i] & PROPOSE_CHAIN) || (c->flags[i] & PROPOSE_FIRST))
            slot[n++] = i;
    while (n > 0) {
        uint32_t k = gr_rng_below(rng, (uint32_t)n);
        int i = slot[k];
        if (c->flags[i] & PROPOSE_CHAIN) {
            for (int j = i; j < c->n && (c->flags[j] & PROPOSE_CHAIN) &&
                            (j == i || !(c->flags[j] & PROPOSE_FIRST));
                 j++)
                if (move_ok(c->g, &c->out[j])) {
                    *out = c->out[j];
                    return 1;
                }
        } else if (!(c->flags[i] & PROPOSE_CHECK) || move_ok(c->g, &c->out[i])) {
            *out = c->out[i];
            return 1;
        }
        slot[k] = slot[--n];
    }
    return NEVER(n == 0) ? -1 : -1; /* hold is never checked: not reached */
}

/* One time in FREE_ODDS, a position off the candidate list: unit u slides
 * (facing kept) a random distance up to its move distance, in a random
 * direction within 45 degrees of its facing.  Kept when legal (checked as
 * apply checks it); else the draw goes on from the list. */
#define FREE_ODDS 4

static int free_move(cands *c, int u, gr_rng *rng, gr_action *out)
{
    if (gr_rng_below(rng, FREE_ODDS) != 0)
        return 0;
    const vf_layout *at = &vf_cst(c->g)->unit[u].at;
    int32_t allow = vf_unit_allowance(c->g, u, at);
    if (allow <= 0)
        return 0;
    gr_angle dir = gr_g2_angle_norm(vf_bearing(at->facing) +
                                    (gr_angle)gr_rng_below(rng, 2 * GR_G2_ARC_HALF + 1) -
                                    GR_G2_ARC_HALF);
    gr_pt p = gr_g2_offset((gr_pt){at->x, at->y}, dir, 1 + (int32_t)gr_rng_below(rng, (uint32_t)allow),
                           0);
    gr_action a = {.kind = VF_ACT_MOVE, .player = (uint8_t)c->player, .nargs = 8,
                   .arg = {u, p.x, p.y, at->facing, 0, VF_ORDER_KEEP, VF_REFORM_NONE, 0}};
    if (!move_ok(c->g, &a))
        return 0;
    *out = a;
    return 1;
}

/* Unit stage: one of the units that may act, `next` or `end`, drawn
 * uniformly; then one of the drawn unit's candidates, checking only what
 * is drawn. */
static int sample_units(cands *c, gr_rng *rng, gr_action *out)
{
    int units[VF_MAX_UNITS], n = 0;
    uint8_t flags[SAMPLE_CAP] = {0};
    for (int u = 0; u < vf_sd(c->g)->nunits; u++)
        if (vf_unit_may_act(c->g, u, c->player))
            units[n++] = u;
    uint32_t k = gr_rng_below(rng, (uint32_t)n + 2);
    if (k >= (uint32_t)n) {
        int kind = k == (uint32_t)n ? VF_ACT_NEXT : VF_ACT_END_PHASE;
        *out = (gr_action){.kind = (uint16_t)kind, .player = (uint8_t)c->player};
        return 1;
    }
    if (free_move(c, units[k], rng, out))
        return 1;
    c->flags = flags;
    unit_candidates(c, units[k]);
    return draw_proposal(c, rng, out);
}

/* Breakthrough: one of the units that may still move or `next`, drawn
 * uniformly; then one of the drawn unit's holds and moves (as
 * breakthrough_candidates lists them), checking only what is drawn. */
static int sample_breakthrough(cands *c, gr_rng *rng, gr_action *out)
{
    int units[VF_MAX_UNITS], n = 0;
    uint8_t flags[SAMPLE_CAP] = {0};
    for (int u = 0; u < vf_sd(c->g)->nunits; u++)
        if (vf_breakthrough_may_move(c->g, u))
            units[n++] = u;
    uint32_t k = gr_rng_below(rng, (uint32_t)n + 1);
    if (k == (uint32_t)n) {
        *out = (gr_action){.kind = VF_ACT_NEXT, .player = (uint8_t)c->player};
        return 1;
    }
    c->flags = flags;
    c->only = 1u << VF_ACT_HOLD | 1u << VF_ACT_MOVE;
    unit_candidates(c, units[k]);
    c->only = 0;
    return draw_proposal(c, rng, out);
}

int vf_sample(const gr_game *g, int player, gr_rng *rng, gr_action *out)
{
    const vf_state *st = vf_cst(g);
    gr_action buf[SAMPLE_CAP];
    cands c = {.g = g, .player = player, .out = buf, .cap = SAMPLE_CAP};
    if (st->fx.window)
        return 0;
    if (vf_breakthrough_on(st))
        return st->active == player && vf_moving_unit(st) < 0
                   ? sample_breakthrough(&c, rng, out)
                   : 0;
    if (st->phase == VF_PHASE_FIRE && st->active == player)
        return sample_fire(&c, rng, out);
    if (st->phase == VF_PHASE_ACTION && st->active == player && vf_moving_unit(st) < 0 &&
        st->step == VF_STEP_UNITS)
        return sample_units(&c, rng, out);
    return 0;
}
