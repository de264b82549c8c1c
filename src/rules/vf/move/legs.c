/* legs.c — a move made of several actions, so that no argument limit
 * bounds a path (vf:6.3-a, 6.3-b; spec §8.9 waypoints and wheels):
 *
 *   begin  unit=U [as=move|double]    opens a Move or a Double move
 *   leg    unit=U x= y= facing=       a leg to a waypoint (opens a Move)
 *   wheel  unit=U about=left|right|centre turn=T   a leg that turns the unit
 *                                      T degrees about a front corner of its
 *                                      front rank or the centre of its front
 *   finish                             ends the move: the end is checked
 *   cancel                             puts the unit back where it began
 *
 * The unit stands where its last leg ended; every figure's path so far is
 * kept in vf_state.moving, so the whole path is charged against the move
 * distance.  The start is checked when the move opens (vf:6.3.2-b, 6.6-a),
 * every leg's paths as a Move's are (keep-away, passing through, on the
 * table), the end by `finish` (vf:6.3-e, 1.2.1-b, 6.3.2-a, 6.6-a).  While a
 * move is open no other unit acts (vf:6.2-b: one unit at a time).  The
 * messenger test (vf:6.2.2) is rolled when the move opens (after the first
 * leg is found legal when a leg opens it). */
#include <string.h>

#include "../vf.h"

int vf_moving_unit(const vf_state *st)
{
    return st->moving.open ? st->moving.open - 1 : -1;
}

static gr_status bad_unit(const gr_game *g, int u, gr_error *why)
{
    if (u < 0 || u >= vf_sd(g)->nunits)
        return gr_failst(why, GR_ERR_ARG, NULL, "no unit %d", u);
    return GR_OK;
}

/* Opens a compound move of unit u after checking its start. */
static gr_status open_move(gr_game *g, int u, int player, int kind, gr_error *why)
{
    gr_status s = vf_move_start_check(g, u, player, kind, why);
    if (s != GR_OK)
        return s;
    vf_state *st = vf_st(g);
    memset(&st->moving, 0, sizeof st->moving);
    if (kind == VF_MK_RETREAT || kind == VF_MK_ASSAULT)
        vf_start_facts_of(g, u, kind, &st->moving.facts);
    st->moving.open = (uint8_t)(u + 1);
    st->moving.kind = (uint8_t)kind;
    st->moving.start = st->unit[u].at;
    return GR_OK;
}

static gr_status apply_begin(gr_game *g, const gr_action *a, gr_error *why)
{
    int u = a->arg[0], kind = a->arg[1];
    gr_status s = bad_unit(g, u, why);
    if (s != GR_OK)
        return s;
    if (kind < 0 || kind >= VF_MK_COUNT)
        return gr_failst(why, GR_ERR_ARG, NULL, "begin: as=move, double, retreat or assault");
    if (vf_moving_unit(vf_cst(g)) >= 0)
        return gr_fail(why, "vf:6.2-b", "a move is open: finish or cancel it first");
    s = open_move(g, u, a->player, kind, why);
    if (s == GR_OK && !vf_messenger(g, u)) /* vf:6.2.2-b: it remains stationary */
        memset(&vf_st(g)->moving, 0, sizeof vf_st(g)->moving);
    return s;
}

vf_layout vf_wheeled(const vf_sdata *sd, int u, const vf_layout *from, int about, int32_t turn)
{
    gr_base cells[VF_MAX_CELLS];
    vf_cells(sd, u, from, cells);
    gr_pt pivot = {from->x, from->y};
    int artillery = from->order == VF_ORDER_LIMBERED || from->order == VF_ORDER_UNLIMBERED;
    if (about != VF_ABOUT_CENTRE) {
        int left = about == VF_ABOUT_LEFT;
        int front = artillery ? (from->order == VF_ORDER_LIMBERED ? 1 : 0)
                              : vf_slot_index(from, 0, left ? 0 : from->files - 1);
        gr_pt corners[4];
        gr_g2_base_corners(&cells[front >= 0 ? front : 0], corners);
        pivot = corners[left ? GR_G2_FL : GR_G2_FR];
    }
    gr_base probe = {{from->x, from->y}, 2, 2, vf_bearing(from->facing)};
    gr_g2_move mv = {.from = probe, .kind = GR_G2_PIVOT, .pivot = pivot, .turn = turn};
    gr_base end = gr_g2_move_end(&mv);
    vf_layout l = *from;
    l.x = end.c.x;
    l.y = end.c.y;
    l.facing = vf_norm_facing((int64_t)from->facing + (int64_t)turn * 10);
    return l;
}

/* Validates and makes one leg of unit u to layout `to`. */
static gr_status make_leg(gr_game *g, int u, int player, const vf_layout *to, gr_error *why)
{
    vf_state *st = vf_st(g);
    int open = vf_moving_unit(st);
    if (open >= 0 && open != u)
        return gr_fail(why, "vf:6.2-b", "the move of %s is open: finish or cancel it first",
                       vf_sd(g)->unit[open].id);
    int opened = open < 0;
    gr_status s = opened ? open_move(g, u, player, VF_MK_MOVE, why) : GR_OK;
    if (s != GR_OK)
        return s;
    vf_move m = {.unit = u, .player = player, .doubled = st->moving.kind == VF_MK_DOUBLE,
                 .kind = st->moving.kind, .facts = &st->moving.facts, .to = *to,
                 .stage = VF_MS_LEG, .used = st->moving.used};
    s = vf_move_check(g, &m, why);
    if (s != GR_OK || (opened && !vf_messenger(g, u))) {
        /* refused (state as it was), or the messenger failed (vf:6.2.2-b) */
        if (opened)
            memset(&st->moving, 0, sizeof st->moving);
        return s;
    }
    const vf_sdata *sd = vf_sd(g);
    gr_base from_c[VF_MAX_CELLS], to_c[VF_MAX_CELLS];
    int n = vf_cells(sd, u, &st->unit[u].at, from_c);
    vf_cells(sd, u, to, to_c);
    vf_leg leg;
    vf_leg_plan(&st->unit[u].at, from_c, to, to_c, n, &leg);
    vf_leg_terrain(sd, u, &st->unit[u].at, &leg); /* T.2.6-a, as vf_move_check charged it */
    int32_t used[VF_MAX_CELLS] = {0}, longest = 0;
    for (int i = 0; i < n; i++) {
        used[leg.map[i]] = st->moving.used[i] + leg.cost[i];
        longest = used[leg.map[i]] > longest ? used[leg.map[i]] : longest;
    }
    memcpy(st->moving.used, used, sizeof used);
    st->moving.legs = (uint8_t)(st->moving.legs < 255 ? st->moving.legs + 1 : 255);
    st->unit[u].at = *to;
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_LEG, 5, u, to->x, to->y, to->facing,
             (longest + GR_G2_SUB / 2) / GR_G2_SUB);
    return GR_OK;
}

static gr_status apply_leg(gr_game *g, const gr_action *a, gr_error *why)
{
    int u = a->arg[0];
    gr_status s = bad_unit(g, u, why);
    if (s != GR_OK)
        return s;
    if (a->arg[3] < 0 || a->arg[3] >= 36000 || a->arg[3] % 10 != 0)
        return gr_failst(why, GR_ERR_ARG, NULL,
                         "facing must be 0.00 to 359.90 degrees in steps of 0.10");
    if (a->arg[1] < -GR_G2_COORD_MAX / 2 || a->arg[1] > GR_G2_COORD_MAX / 2 ||
        a->arg[2] < -GR_G2_COORD_MAX / 2 || a->arg[2] > GR_G2_COORD_MAX / 2)
        return gr_fail(why, "vf:6.3-e", "that position is far off the battlefield");
    vf_layout to = vf_cst(g)->unit[u].at;
    to.x = a->arg[1];
    to.y = a->arg[2];
    to.facing = a->arg[3];
    return make_leg(g, u, a->player, &to, why);
}

static gr_status apply_wheel(gr_game *g, const gr_action *a, gr_error *why)
{
    int u = a->arg[0], about = a->arg[1], turn = a->arg[2];
    gr_status s = bad_unit(g, u, why);
    if (s != GR_OK)
        return s;
    if (about < VF_ABOUT_LEFT || about > VF_ABOUT_CENTRE)
        return gr_failst(why, GR_ERR_ARG, NULL, "wheel: about=left, right or centre");
    if (turn < -18000 || turn > 18000 || turn % 10 != 0 || turn == 0)
        return gr_failst(why, GR_ERR_ARG, NULL,
                         "wheel: turn is -180.00 to 180.00 degrees in steps of 0.10, not 0");
    if (vf_cst(g)->unit[u].status != VF_UNIT_ON)
        return gr_fail(why, "vf:6.2-a", "%s is not on the battlefield", vf_sd(g)->unit[u].id);
    vf_layout to = vf_wheeled(vf_sd(g), u, &vf_cst(g)->unit[u].at, about, turn / 10);
    return make_leg(g, u, a->player, &to, why);
}

static gr_status apply_finish(gr_game *g, const gr_action *a, gr_error *why)
{
    vf_state *st = vf_st(g);
    int u = vf_moving_unit(st);
    if (u < 0)
        return gr_fail(why, "vf:6.2-b", "no move is open");
    if (vf_sd(g)->unit[u].side != a->player)
        return gr_fail(why, "vf:6.2-a", "the open move is not side %s's",
                       vf_side_names[a->player & 1]);
    gr_status s = vf_move_end_check(g, u, st->moving.kind, &st->moving.facts, why);
    if (s != GR_OK)
        return s;
    int32_t longest = 0;
    for (int i = 0; i < VF_MAX_CELLS; i++)
        longest = st->moving.used[i] > longest ? st->moving.used[i] : longest;
    int kind = st->moving.kind;
    memset(&st->moving, 0, sizeof st->moving);
    st->unit[u].flags |= VF_UF_ACTED;
    st->unit[u].flags &= (uint8_t)~VF_UF_ENTRENCHED; /* SR-Entrenchments-a: it moved */
    vf_occupy_after_move(g, u, kind); /* T.3.2-c */
    vf_fate_after_move(g, u, kind); /* Surprise Attack */
    const vf_layout *at = &st->unit[u].at;
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_MOVED, 5, u, at->x, at->y, at->facing,
             (longest + GR_G2_SUB / 2) / GR_G2_SUB);
    vf_displace_leaders(g, u); /* 6.3.2-d */
    return GR_OK;
}

static gr_status apply_cancel(gr_game *g, const gr_action *a, gr_error *why)
{
    vf_state *st = vf_st(g);
    int u = vf_moving_unit(st);
    if (u < 0)
        return gr_fail(why, "vf:6.2-b", "no move is open");
    if (vf_sd(g)->unit[u].side != a->player)
        return gr_fail(why, "vf:6.2-a", "the open move is not side %s's",
                       vf_side_names[a->player & 1]);
    st->unit[u].at = st->moving.start;
    memset(&st->moving, 0, sizeof st->moving);
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_CANCELLED, 1, u);
    return GR_OK;
}

gr_status vf_legs_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    switch (a->kind) {
    case VF_ACT_BEGIN:
        return apply_begin(g, a, why);
    case VF_ACT_LEG:
        return apply_leg(g, a, why);
    case VF_ACT_WHEEL:
        return apply_wheel(g, a, why);
    case VF_ACT_FINISH:
        return apply_finish(g, a, why);
    case VF_ACT_CANCEL:
        return apply_cancel(g, a, why);
    default:
        return gr_failst(why, GR_ERR_ARG, NULL, "not a compound-move action");
    }
}
