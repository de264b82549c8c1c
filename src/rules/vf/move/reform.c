/* reform.c — reorganisation (vf:6.3.3): the figure at the centre of the
 * front rank (the anchor) pivots to the new facing and the rest of the unit
 * is set up around it in the new formation, the anchor at the centre of the
 * new front rank.  Also the intermediate layouts of a Move that reorganises
 * before or after moving, or both (Horse Artillery), (docs/vf.md,
 * "Reorganising moves"). */
#include "../vf.h"

/* File slot of the anchor in a front rank of `files` figures: the centre,
 * or for an even rank the left or right of the two central figures
 * (vf:6.3.3-c "either may be used"). */
static int anchor_file(int files, int right)
{
    if (files % 2)
        return files / 2;
    return right ? files / 2 : files / 2 - 1;
}

/* Centre of the anchor cell of layout l (artillery: the gun base). */
static gr_pt anchor_point(const vf_sdata *sd, int u, const vf_layout *l, int right)
{
    gr_base cells[VF_MAX_CELLS];
    vf_cells(sd, u, l, cells);
    if (l->order == VF_ORDER_LIMBERED || l->order == VF_ORDER_UNLIMBERED)
        return cells[0].c;
    int slot = vf_slot_index(l, 0, anchor_file(l->files, right));
    return cells[slot >= 0 ? slot : 0].c;
}

/* Moves layout `shape` (its order, files, ranks, gap kept) so that its
 * anchor cell is centred on `a`, facing `facing`. */
static void place_on_anchor(const vf_sdata *sd, int u, vf_layout *shape, gr_pt a,
                            int32_t facing, int right)
{
    const vf_tables *t = &sd->t;
    gr_angle f = vf_bearing(facing);
    gr_pt fc;
    shape->facing = facing;
    if (shape->order == VF_ORDER_UNLIMBERED) {
        fc = gr_g2_offset(a, f, t->gun_d / 2, 0);
    } else if (shape->order == VF_ORDER_LIMBERED) {
        fc = gr_g2_offset(a, f, t->gun_d / 2 + t->limber_d, 0);
    } else {
        int cav = vf_unit_profile(sd, u)->type == VF_CAVALRY;
        int32_t w = cav ? t->cav_w : t->inf_w, d = cav ? t->cav_d : t->inf_d;
        int k = anchor_file(shape->files, right);
        int64_t right2 = (int64_t)(2 * k - (shape->files - 1)) * (w + shape->gap);
        fc = gr_g2_offset(a, f, d / 2, (gr_len)(-right2 / 2));
    }
    shape->x = fc.x;
    shape->y = fc.y;
}

void vf_reform_layouts(const vf_sdata *sd, int u, const vf_layout *start, const vf_move *m,
                       vf_layout *mid)
{
    if (m->reform == VF_REFORM_BEFORE) {
        /* new formation around the anchor where it stands */
        *mid = m->to;
        place_on_anchor(sd, u, mid, anchor_point(sd, u, start, m->anchor_right),
                        m->to.facing, m->anchor_right);
    } else {
        /* old formation moved so that its anchor ends where the new one is */
        *mid = *start;
        place_on_anchor(sd, u, mid, anchor_point(sd, u, &m->to, m->anchor_right),
                        m->to.facing, m->anchor_right);
    }
}

void vf_reform_both(const vf_sdata *sd, int u, const vf_layout *start, const vf_move *m,
                    vf_layout *mid, vf_layout *mid2)
{
    vf_layout other = *start;
    int limber = start->order != VF_ORDER_LIMBERED;
    other.order = (uint8_t)(limber ? VF_ORDER_LIMBERED : VF_ORDER_UNLIMBERED);
    other.gap = (uint8_t)(limber ? 0 : sd->t.limber_gap_default);
    *mid = other;
    place_on_anchor(sd, u, mid, anchor_point(sd, u, start, 0), m->to.facing, 0);
    *mid2 = other;
    place_on_anchor(sd, u, mid2, anchor_point(sd, u, &m->to, 0), m->to.facing, 0);
}
