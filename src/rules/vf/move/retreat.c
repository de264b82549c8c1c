/* retreat.c — what makes a Retreat (vf:6.4) and an Assault (vf:6.5)
 * different from a Move at their start and end.  Both may come closer than
 * 3" to the enemy; their paths may not overlap an enemy base (6.4-e,
 * 6.3-d), which move.c checks.  The start decides part of the end (which
 * enemies saw the unit, which it saw, whose arc it started in): those
 * facts are worked out once, where the unit stands when it begins. */
#include <string.h>

#include "../vf.h"

static int on_enemy(const gr_game *g, int u, int v)
{
    return v != u && vf_cst(g)->unit[v].status == VF_UNIT_ON &&
           vf_sd(g)->unit[v].side != vf_sd(g)->unit[u].side;
}

/* Unit v touches some unit of `side` (other than `except`). */
static int touches_side(const gr_game *g, int v, int side, int except)
{
    const vf_sdata *sd = vf_sd(g);
    for (int w = 0; w < sd->nunits; w++)
        if (w != except && w != v && sd->unit[w].side == side &&
            vf_cst(g)->unit[w].status == VF_UNIT_ON && vf_unit_contact(g, v, w))
            return 1;
    return 0;
}

/* 6.5-d (Interp. A7): the closest visible enemies not in contact with a
 * friendly unit among those it can reach — engine reading of "can reach":
 * no farther than its move distance (closest figure to closest figure). */
static void assault_priority(const gr_game *g, int u, vf_start_facts *f)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_layout *at = &vf_cst(g)->unit[u].at;
    int32_t reach = vf_unit_allowance(g, u, at), best = INT32_MAX;
    for (int v = 0; v < sd->nunits; v++) {
        if (!on_enemy(g, u, v) || !vf_mask_has(f->seen, v) ||
            touches_side(g, v, sd->unit[u].side, u))
            continue;
        int32_t d = vf_unit_distance(g, u, v);
        if (d > reach)
            continue;
        if (d < best) {
            memset(f->must, 0, sizeof f->must);
            best = d;
        }
        if (d == best)
            vf_mask_set(f->must, v);
    }
}

void vf_start_facts_of(const gr_game *g, int u, int kind, vf_start_facts *f)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    gr_base cells[VF_MAX_CELLS];
    int n = vf_cells(sd, u, &st->unit[u].at, cells);
    memset(f, 0, sizeof *f);
    for (int v = 0; v < sd->nunits; v++) {
        if (!on_enemy(g, u, v))
            continue;
        const vf_layout *vl = &st->unit[v].at, *ul = &st->unit[u].at;
        if (kind == VF_MK_RETREAT && vf_visible(g, v, vl, u, ul))
            vf_mask_set(f->seen, v);
        if (kind != VF_MK_ASSAULT)
            continue;
        if (vf_visible(g, u, ul, v, vl))
            vf_mask_set(f->seen, v);
        gr_g2_arc arc = vf_unit_arc(sd, v, vl);
        if (vl->order == VF_ORDER_SQUARE || /* all round (SR-Square-b) */
            (vl->order != VF_ORDER_INSIDE && vf_in_arc(&arc, cells, n))) /* T.3.2-e: no front */
            vf_mask_set(f->in_arc, v);
        int32_t d = vf_unit_distance(g, u, v);
        /* cavalry: "a menos de 6" (6.5.1-c), d < 6 - EPS; Horse Artillery:
           "6\" or less" (SR-HorseArtillery-d), d <= 6 + EPS */
        if (VF_HAS(vf_unit_profile(sd, v)->rules, VF_SR_HORSE_ARTILLERY)
                ? d <= 6 * GR_G2_INCH : d < 6 * GR_G2_INCH)
            vf_mask_set(f->near6, v);
    }
    if (kind == VF_MK_ASSAULT)
        assault_priority(g, u, f);
}

gr_status vf_retreat_end(const gr_game *g, int u, const vf_layout *l, const vf_start_facts *f,
                         gr_error *why)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    gr_base mine[VF_MAX_CELLS], other[VF_MAX_CELLS];
    int n = vf_cells(sd, u, l, mine);
    for (int v = 0; v < sd->nunits; v++) {
        if (!on_enemy(g, u, v))
            continue;
        int k = vf_cells(sd, v, &st->unit[v].at, other);
        if (!gr_g2_dist_ok(vf_cells_dist(mine, n, other, k), sd->t.keep_away, GR_G2_AT_LEAST))
            return gr_fail(why, "vf:6.4-b", "%s must end a retreat at least 3.00\" from enemy "
                           "unit %s", sd->unit[u].id, sd->unit[v].id);
        gr_g2_arc arc = vf_unit_arc(sd, v, &st->unit[v].at);
        if (vf_mask_has(f->seen, v) && !VF_ALL_ROUND(&st->unit[v].at) &&
            !vf_in_arc(&arc, mine, n)) /* an occupant's arc is all round (T.3.2-g) */
            return gr_fail(why, "vf:6.4-c", "%s was visible to %s when it began its retreat: "
                           "it must end (at least partly) in %s's front arc", sd->unit[u].id,
                           sd->unit[v].id, sd->unit[v].id);
    }
    return GR_OK;
}
