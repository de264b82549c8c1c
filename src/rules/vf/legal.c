/* legal.c — candidate actions for agents.  Positions are continuous, so
 * gr_game_legal cannot list every legal action; it lists a deterministic
 * set of sensible candidates, each one validated by the same checks as
 * gr_game_apply (so every candidate is legal): hold; moves straight ahead
 * at 1/4..4/4 of the move distance, a step back and to each side; wheels
 * about either front corner; an about face; a move towards the nearest
 * enemy; fire positions (the longest move that ends with one of the two
 * nearest enemies in range and sight) and support positions (behind and
 * beside a unit of the brigade near the enemy); reorganising in place into
 * each other formation; a double move forward; and ending the phase.  Before them, the brigades to choose
 * (activate); after, the leader's placements (behind each unit of the
 * brigade; the army leader behind each brigade leader) and `next`. */
#include <string.h>

#include "vf.h"
#include "cands.h"

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
int vf_cand_move_ok(const gr_game *g, const gr_action *a)
{
    vf_move m;
    return vf_move_from_action(g, a, &m, NULL) == GR_OK && vf_move_check(g, &m, NULL) == GR_OK;
}

/* Offers a move of unit u to layout `to` (current shape unless reshaped)
 * when it is legal; returns non-zero when it is (vf_sample's proposals:
 * always, unchecked). */
static int offer(cands *c, int kind, int u, const vf_layout *to, int files, int order,
                 int reform)
{
    if (c->only && !((c->only >> kind) & 1u))
        return 0; /* a kind not wanted now: not even checked */
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
        return 1;
    }
    if (!vf_cand_move_ok(c->g, &a))
        return 0;
    push(c, &a);
    return 1;
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

/* Straight from u's front centre towards point `to`, turned by `turn`
 * (tenths of a degree), ending facing `to`, as far as is legal among
 * steps/steps..1/steps of the move distance (a chain: the first legal one).
 * aim >= 0: only the ends from which enemy unit `aim` is in range and
 * visible (vf_fire_reach_from), the longest legal one (a fire position). */
static void offer_line(cands *c, int u, const vf_layout *at, int32_t allow, gr_pt to,
                       gr_angle turn, int aim, int steps)
{
    gr_pt from = {at->x, at->y};
    gr_angle b = gr_g2_angle_norm(gr_g2_bearing(from, to) + turn);
    int before = c->n, done = 0;
    c->chain = c->flags ? PROPOSE_CHAIN : 0;
    c->chain_first = 1;
    for (int k = steps; k >= 1 && !done; k--) {
        vf_layout l = *at;
        gr_pt p = gr_g2_offset(from, b, allow * k / steps, 0);
        l.x = p.x;
        l.y = p.y;
        l.facing = (int32_t)(turn ? gr_g2_bearing(p, to) : b) * 10;
        if (aim >= 0 && !vf_fire_reach_from(c->g, u, &l, aim))
            continue;
        int legal = offer(c, VF_ACT_MOVE, u, &l, 0, VF_ORDER_KEEP, VF_REFORM_NONE);
        done = !c->flags && (aim >= 0 ? legal : c->n > before);
    }
    c->chain = 0;
}

/* The (up to) k enemy units on the table nearest to u laid out as `at`
 * (front centre to front centre), nearest first (ties: the lower index);
 * returns how many. */
static int nearest_enemies(const gr_game *g, int u, const vf_layout *at, int *out, int k)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    int32_t dist[VF_MAX_UNITS];
    int n = 0;
    for (int v = 0; v < sd->nunits; v++) {
        if (st->unit[v].status != VF_UNIT_ON || sd->unit[v].side == sd->unit[u].side)
            continue;
        gr_pt a = {at->x, at->y}, b = {st->unit[v].at.x, st->unit[v].at.y};
        int32_t d = gr_g2_dist_len(gr_g2_dist_pts(a, b));
        int i = n < k ? n++ : k;
        for (; i > 0 && dist[i - 1] > d; i--)
            if (i < k) {
                dist[i] = dist[i - 1];
                out[i] = out[i - 1];
            }
        if (i < k) {
            dist[i] = d;
            out[i] = v;
        }
    }
    return n;
}

/* Straight towards the nearest enemy unit (front centre to front centre),
 * facing it. */
static void offer_towards_enemy(cands *c, int u, const vf_layout *at, int32_t allow)
{
    const vf_state *st = vf_cst(c->g);
    int v;
    if (nearest_enemies(c->g, u, at, &v, 1) > 0)
        offer_line(c, u, at, allow, (gr_pt){st->unit[v].at.x, st->unit[v].at.y}, 0, -1, 4);
}

/* Fire positions (computer opponent, 5.1): unless the nearest enemy unit is
 * already in range and sight, towards the centre of each of the two nearest
 * (straight and 30 degrees to either side), the longest legal move among
 * 8/8..1/8 of the move distance that ends facing it with it in range and
 * visible. */
void vf_cand_fire_positions(cands *c, int u, const vf_layout *at, int32_t allow)
{
    static const gr_angle turns[] = {0, 300, -300};
    int near[2], n = nearest_enemies(c->g, u, at, near, 2);
    if (n == 0 || vf_fire_reach_from(c->g, u, at, near[0]))
        return;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < 3; j++) {
            vf_box bx = vf_unit_box(c->g, near[i]);
            gr_pt to = {(bx.x0 + bx.x1) / 2, (bx.y0 + bx.y1) / 2};
            offer_line(c, u, at, allow, to, turns[j], near[i], 8);
        }
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
        offer_line(c, u, at, allow, (gr_pt){sd->objective[best].x, sd->objective[best].y}, 0, -1,
                   4);
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

/* Depth of unit u laid out as `at`, front edge to rear edge. */
static int32_t unit_depth(const vf_sdata *sd, int u, const vf_layout *at)
{
    gr_base cells[VF_MAX_CELLS];
    int n = vf_cells(sd, u, at, cells);
    if (at->order == VF_ORDER_LIMBERED || at->order == VF_ORDER_UNLIMBERED)
        return cells[0].d + cells[1].d + at->gap;
    return at->ranks * cells[n - 1].d + (at->ranks - 1) * at->gap;
}

/* Frontage of unit u laid out as `at` (its front rank, open-order gaps in). */
static int32_t frontage(const vf_sdata *sd, int u, const vf_layout *at)
{
    gr_base front[VF_MAX_CELLS];
    int n = vf_front_rank(sd, u, at, front);
    return n * front[0].w + (at->order == VF_ORDER_OPEN ? (n - 1) * at->gap : 0);
}

/* Unit u laid out as `at`, facing as `f` does, its front centre moved to
 * `fwd` ahead of and `right` to the right of f's. */
static vf_layout beside(const vf_layout *at, const vf_layout *f, int32_t fwd, int32_t right)
{
    vf_layout s = shifted(f, fwd, right), l = *at;
    l.x = s.x;
    l.y = s.y;
    l.facing = f->facing;
    return l;
}

/* Support positions (computer opponent, 8.2.3-a brigade support): for each
 * of the (up to) two units of u's brigade nearest to it that are 3" or more
 * from u and within 12" of an enemy unit (likely to assault or to be
 * assaulted), u 1" behind its rear and 1" beside either flank, fronts
 * level, facing as it does, u keeping its formation.  Not for a unit in
 * march column or limbered (8.2-a: only deployed units support). */
void vf_cand_support_positions(cands *c, int u, const vf_layout *at)
{
    const vf_sdata *sd = vf_sd(c->g);
    const vf_state *st = vf_cst(c->g);
    int f = vf_formation_of(sd, at), best[2], n = 0;
    int32_t bd[2];
    if (f == VF_FORM_MARCH_COLUMN || f == VF_FORM_LIMBERED)
        return;
    for (int v = 0; v < sd->nunits; v++) {
        if (v == u || st->unit[v].status != VF_UNIT_ON ||
            sd->unit[v].brigade != sd->unit[u].brigade)
            continue;
        int32_t d = vf_unit_distance(c->g, u, v);
        if (d < sd->t.keep_away || (n == 2 && d >= bd[1]) ||
            vf_enemy_distance(c->g, v, &st->unit[v].at) > 12 * GR_G2_INCH)
            continue;
        int i = n < 2 ? n++ : 1;
        if (i == 1 && d < bd[0]) {
            best[1] = best[0];
            bd[1] = bd[0];
            i = 0;
        }
        best[i] = v;
        bd[i] = d;
    }
    for (int i = 0; i < n; i++) {
        const vf_layout *fl = &st->unit[best[i]].at;
        int32_t side = (frontage(sd, best[i], fl) + frontage(sd, u, at)) / 2 + GR_G2_INCH;
        vf_layout l = beside(at, fl, -(unit_depth(sd, best[i], fl) + GR_G2_INCH), 0);
        offer(c, VF_ACT_MOVE, u, &l, 0, VF_ORDER_KEEP, VF_REFORM_NONE);
        for (int sign = -1; sign <= 1; sign += 2) {
            l = beside(at, fl, 0, sign * side);
            offer(c, VF_ACT_MOVE, u, &l, 0, VF_ORDER_KEEP, VF_REFORM_NONE);
        }
    }
}

/* vf_sample: generator `which` of unit u stands in one slot as a
 * proposal, run only when that slot is drawn (draw_lazy). */
static void offer_lazy(cands *c, int u, int which)
{
    if (c->only && !((c->only >> VF_ACT_MOVE) & 1u))
        return;
    if (c->n < c->cap) {
        c->out[c->n] = (gr_action){.kind = VF_ACT_MOVE, .player = (uint8_t)c->player,
                                   .nargs = 2, .arg = {u, which}};
        c->flags[c->n] = PROPOSE_LAZY;
    }
    c->n++;
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

void vf_cand_unit(cands *c, int u)
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
    if (c->flags) { /* drawn as one proposal each, worked out when drawn */
        offer_lazy(c, u, LAZY_FIRE);
        offer_lazy(c, u, LAZY_SUPPORT);
    } else {
        vf_cand_fire_positions(c, u, at, allow);
        vf_cand_support_positions(c, u, at);
    }
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
    return gr_g2_offset((gr_pt){at->x, at->y}, vf_bearing(at->facing),
                        -(unit_depth(sd, u, at) + 200), 0);
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
void vf_cand_fire_target(cands *c, int t)
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
            vf_cand_fire_target(c, t);
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
            vf_cand_unit(c, u);
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
                vf_cand_unit(&c, u);
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
