/* path.c — the paths of the figures of a moving unit (vf:6.3-a, 6.3-b,
 * 6.3-d, 6.3.2-a).  Figures are interchangeable, so the engine pairs the
 * start and end slots either directly or, for an about face, reversed, and
 * keeps the pairing with the shorter longest path.  Each figure travels
 * straight from its start centre to its end centre and pivots in place
 * (free, vf:6.3-b) either before or after sliding; a figure's path is legal
 * when either order keeps it 3" from every enemy figure and out of every
 * friendly unit it may not pass through.  See docs/vf.md. */
#include <string.h>

#include "vf.h"

/* The longest slide of a pairing (map[i] = end slot of start slot i). */
static gr_g2_dist longest(const gr_base *from, const gr_base *to, int n, const int *map)
{
    gr_g2_dist worst = {0};
    for (int i = 0; i < n; i++) {
        gr_g2_dist d = gr_g2_dist_pts(from[i].c, to[map[i]].c);
        if (gr_g2_dist_order(d, worst) > 0)
            worst = d;
    }
    return worst;
}

gr_g2_dist vf_pair_figures(const vf_layout *from_l, const gr_base *from, const gr_base *to,
                           int n, int *map)
{
    int rev[VF_MAX_CELLS];
    int reversible = 1;
    for (int i = 0; i < n; i++) {
        map[i] = i;
        rev[i] = vf_reverse_slot(from_l, i);
        reversible &= rev[i] >= 0 && rev[i] < n;
    }
    gr_g2_dist direct = longest(from, to, n, map);
    if (!reversible)
        return direct;
    gr_g2_dist turned = longest(from, to, n, rev);
    if (gr_g2_dist_order(turned, direct) >= 0)
        return direct;
    memcpy(map, rev, sizeof(int) * (size_t)n);
    return turned;
}

/* The two pieces of a figure's path in one order: 0 pivot then slide, 1
 * slide then pivot.  Returns the number of pieces (0..2). */
static int pieces(const gr_base *from, const gr_base *to, int order, gr_g2_move *mv)
{
    int32_t turn = gr_g2_angle_diff(from->facing, to->facing);
    int slide = from->c.x != to->c.x || from->c.y != to->c.y, k = 0;
    gr_base at = *from;
    for (int step = 0; step < 2; step++) {
        int pivot_now = (step == 0) == (order == 0);
        if (pivot_now && turn != 0) {
            mv[k] = (gr_g2_move){.from = at, .kind = GR_G2_PIVOT, .pivot = at.c, .turn = turn};
            at.facing = to->facing;
            k++;
        } else if (!pivot_now && slide) {
            mv[k] = (gr_g2_move){.from = at, .kind = GR_G2_SLIDE, .to = to->c};
            at.c = to->c;
            k++;
        }
    }
    return k;
}

/* Non-zero when every piece keeps `x` away from `other` (enemy) or, when
 * x < 0, never overlaps it (friendly that may not be passed through). */
static int pieces_clear(const vf_sdata *sd, const gr_g2_move *mv, int k, const gr_base *other,
                        gr_len x)
{
    for (int i = 0; i < k; i++) {
        if (x >= 0 ? !gr_g2_move_keeps_away(&mv[i], other, x)
                   : gr_g2_move_overlaps(&mv[i], other, sd->t.contact_tol))
            return 0;
    }
    return 1;
}

void vf_paths_against(const vf_sdata *sd, const vf_paths *p, const gr_base *other, int nother,
                      gr_len x, int unit, uint8_t *blocked, int16_t *by)
{
    for (int i = 0; i < p->n; i++) {
        for (int order = 0; order < 2; order++) {
            if (blocked[i] & (1 << order))
                continue;
            gr_g2_move mv[2];
            const gr_base *f = &p->from[i], *t = &p->to[p->map[i]];
            int k = pieces(f, t, order, mv);
            vf_box sweep = vf_box_union(vf_cells_box(f, 1, 0), vf_cells_box(t, 1, 0));
            for (int j = 0; j < nother; j++)
                if (!vf_boxes_apart(sweep, vf_cells_box(&other[j], 1, 0), (x > 0 ? x : 0) + 1) &&
                    !pieces_clear(sd, mv, k, &other[j], x)) {
                    /* with fewer than two pieces both orders are one path */
                    blocked[i] |= (uint8_t)(k < 2 ? 3 : 1 << order);
                    if (order == 0)
                        by[i] = (int16_t)unit;
                    break;
                }
        }
    }
}
