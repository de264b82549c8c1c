/* enter.c — reinforcements (vf:11.0).
 *
 * A reinforcement is due from its side's turn of arrival on; while it is
 * off the table it stays due (11.0-e: an arrival that cannot take place is
 * delayed, Interp. A63).  In its side's action phase, between brigades, it
 * enters without an activation test (11.0-a): `enter` places it in march
 * column (limbered artillery; a detachment in any formation, 11.0-d) with
 * every figure's path measured from the arrival point or segment (A63): the
 * farthest corner of every figure base is within its move distance of the
 * segment, doubled when the segment and the end are both more than 18"
 * from every enemy unit (11.0-b, a double move subject to 6.6, A23).  Its
 * end obeys a Move's: on the table, no overlap, no friendly contact, at
 * least 3" from every enemy unit, not on a leader.  Entering is its action:
 * it cannot also assault (11.0-c).  Not yet: a reorganisation after a
 * single move (11.0-b).  The Confusion fate card delays a unit due now to
 * the next turn (vf_unit.not_before). */
#include <string.h>

#include "../vf.h"

int vf_reinforcement_due(const gr_game *g, int u)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    const vf_unit_def *d = &sd->unit[u];
    return d->arrives && st->unit[u].status == VF_UNIT_OFF && st->turns[d->side] >= d->arrives &&
           st->turns[d->side] >= st->unit[u].not_before; /* Confusion (fate) */
}

/* Every cell of `cells` lies more than 18" from every enemy unit; the
 * arrival segment too (6.6-a). */
static int far_from_enemy(const gr_game *g, int u, const gr_base *cells, int n)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    gr_base other[VF_MAX_CELLS];
    for (int v = 0; v < sd->nunits; v++) {
        if (st->unit[v].status != VF_UNIT_ON || sd->unit[v].side == sd->unit[u].side)
            continue;
        int k = vf_cells(sd, v, &st->unit[v].at, other);
        if (!vf_cells_dist_ok(cells, n, other, k, sd->t.double_distance, GR_G2_MORE_THAN))
            return 0;
        for (int i = 0; i < k; i++)
            if (!gr_g2_dist_ok(gr_g2_dist_seg_base(sd->unit[u].arrival, &other[i]),
                               sd->t.double_distance, GR_G2_MORE_THAN))
                return 0;
    }
    return 1;
}

/* The figures' paths from the arrival segment (A63): the farthest corner
 * of every base within `reach`. */
static int within_reach(const vf_sdata *sd, int u, const gr_base *cells, int n, int32_t reach)
{
    for (int i = 0; i < n; i++) {
        gr_pt c[4];
        gr_g2_base_corners(&cells[i], c);
        for (int k = 0; k < 4; k++)
            if (!gr_g2_dist_ok(gr_g2_dist_segs(sd->unit[u].arrival, (gr_seg){c[k], c[k]}), reach,
                               GR_G2_WITHIN))
                return 0;
    }
    return 1;
}

/* The end as a Move's (vf:6.3-e, 1.2.1-b, 6.3.2-a, leaders). */
static gr_status check_place(const gr_game *g, int u, const gr_base *cells, int n,
                             gr_error *why)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    gr_base other[VF_MAX_CELLS];
    if (!vf_cells_on_table(sd, cells, n))
        return gr_fail(why, "vf:6.3-e", "%s would not stand on the table", sd->unit[u].id);
    int piece = vf_terrain_closed_at(sd, cells, n);
    if (piece >= 0)
        return gr_fail(why, vf_terrain_rule(sd->terrain[piece].kind), "%s cannot stand on %s",
                       sd->unit[u].id, sd->terrain[piece].id);
    for (int v = 0; v < sd->nunits; v++) {
        if (v == u || st->unit[v].status != VF_UNIT_ON)
            continue;
        int k = vf_cells(sd, v, &st->unit[v].at, other), enemy = sd->unit[v].side != sd->unit[u].side;
        if (vf_cells_overlap(sd, cells, n, other, k))
            return gr_fail(why, "vf:1.2.1-b", "%s would overlap %s", sd->unit[u].id,
                           sd->unit[v].id);
        if (!enemy && vf_cells_touch(sd, cells, n, other, k))
            return gr_fail(why, "vf:6.3-e", "%s would touch friendly unit %s", sd->unit[u].id,
                           sd->unit[v].id);
        if (enemy && !vf_cells_dist_ok(cells, n, other, k, sd->t.keep_away, GR_G2_AT_LEAST))
            return gr_fail(why, "vf:6.3.2-a", "%s would end less than 3.00\" from enemy unit %s",
                           sd->unit[u].id, sd->unit[v].id);
    }
    for (int l = 0; l < sd->nleaders; l++) {
        gr_base b = vf_leader_base(g, l);
        if (st->leader[l].status == VF_UNIT_ON && sd->leader[l].side == sd->unit[u].side &&
            vf_cells_overlap(sd, cells, n, &b, 1)) /* an enemy one is displaced (6.3.2-d) */
            return gr_fail(why, "vf:1.3-c", "%s would end on friendly leader %s",
                           sd->unit[u].id, sd->leader[l].id);
    }
    return GR_OK;
}

gr_status vf_enter_check(const gr_game *g, int player, int u, const vf_layout *l,
                         gr_error *why)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    if (sd->unit[u].side != player || !vf_reinforcement_due(g, u))
        return gr_fail(why, "vf:11.0-a", "%s is not a reinforcement of yours due now",
                       sd->unit[u].id);
    if (st->phase != VF_PHASE_ACTION || st->active != player || st->step != VF_STEP_CHOOSE)
        return gr_fail(why, "vf:11.0-a", "reinforcements enter in their side's action phase, "
                       "between brigades");
    vf_verdict v;
    if (!vf_layout_check(sd, u, st->unit[u].figures, l, &v))
        return gr_fail(why, v.rule, "%s: %s", sd->unit[u].id, v.msg);
    int form = vf_formation_of(sd, l);
    if (!vf_unit_profile(sd, u)->detachment && form != VF_FORM_MARCH_COLUMN &&
        form != VF_FORM_LIMBERED)
        return gr_fail(why, "vf:11.0-b", "%s arrives in march column (only detachments may "
                       "arrive in any formation, 11.0-d)", sd->unit[u].id);
    gr_base cells[VF_MAX_CELLS];
    int n = vf_cells(sd, u, l, cells);
    gr_status s = check_place(g, u, cells, n, why);
    if (s != GR_OK)
        return s;
    int32_t reach = vf_unit_allowance(g, u, l);
    if (far_from_enemy(g, u, cells, n))
        reach *= sd->t.double_factor;
    if (!within_reach(sd, u, cells, n, reach))
        return gr_fail(why, "vf:11.0-b", "a figure of %s would travel more than %d.%02d\" from "
                       "its arrival point", sd->unit[u].id, reach / 100, reach % 100);
    return GR_OK;
}

/* The layout an `enter` action names: its pose, march column (or the files
 * it names), the unit's figures. */
static vf_layout entry_layout(const gr_game *g, int u, int32_t x, int32_t y, int32_t facing,
                              int files)
{
    const vf_sdata *sd = vf_sd(g);
    vf_layout l;
    memset(&l, 0, sizeof l);
    l.x = x;
    l.y = y;
    l.facing = facing;
    if (vf_unit_profile(sd, u)->type == VF_ARTILLERY) {
        l.order = VF_ORDER_LIMBERED;
        vf_layout_shape(&l, 1, 1);
        return l;
    }
    l.order = VF_ORDER_CLOSE;
    int figs = vf_cst(g)->unit[u].figures;
    vf_layout_shape(&l, figs, files > 0 ? files : figs > 1 ? 2 : 1);
    return l;
}

gr_status vf_enter_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    int u = a->arg[0];
    if (u < 0 || u >= vf_sd(g)->nunits || a->arg[3] < 0 || a->arg[3] >= 36000 ||
        a->arg[3] % 10 || a->arg[4] < 0 || a->arg[4] > VF_MAX_FIGURES ||
        a->arg[1] < -GR_G2_COORD_MAX / 2 || a->arg[1] > GR_G2_COORD_MAX / 2 ||
        a->arg[2] < -GR_G2_COORD_MAX / 2 || a->arg[2] > GR_G2_COORD_MAX / 2)
        return gr_failst(why, GR_ERR_ARG, NULL, "enter: a unit, a position, a facing 0.00 to "
                         "359.90 in steps of 0.10, files 0-%d", VF_MAX_FIGURES);
    vf_layout l = entry_layout(g, u, a->arg[1], a->arg[2], a->arg[3], a->arg[4]);
    gr_status s = vf_enter_check(g, a->player, u, &l, why);
    if (s != GR_OK)
        return s;
    vf_unit *un = &vf_st(g)->unit[u];
    un->at = l;
    un->status = VF_UNIT_ON;
    un->flags |= VF_UF_ACTED; /* its action (11.0-b, c) */
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_ENTERED, 4, u, l.x, l.y, l.facing);
    vf_displace_leaders(g, u); /* 6.3.2-d */
    const gr_seg *in = &vf_sd(g)->unit[u].arrival;
    vf_leader_enters(g, u, (gr_pt){(gr_len)(((int64_t)in->a.x + in->b.x) / 2),
                                   (gr_len)(((int64_t)in->a.y + in->b.y) / 2)});
    return GR_OK;
}

int vf_enter_spots(const gr_game *g, int u, vf_layout *out, int cap)
{
    const vf_sdata *sd = vf_sd(g);
    gr_seg s = sd->unit[u].arrival;
    gr_pt mid = {(s.a.x + s.b.x) / 2, (s.a.y + s.b.y) / 2};
    int32_t facing = mid.y <= 0 ? 0 : mid.y >= sd->table_d ? 18000 : mid.x <= 0 ? 9000 : 27000;
    vf_layout l = entry_layout(g, u, mid.x, mid.y, facing, 0);
    int32_t reach = vf_unit_allowance(g, u, &l) * sd->t.double_factor, n = 0;
    for (int k = 4; k >= 1 && n < cap; k--) {
        gr_pt p = gr_g2_offset(mid, vf_bearing(facing), reach * k / 4, 0);
        out[n] = l;
        out[n].x = p.x;
        out[n++].y = p.y;
    }
    return n;
}
