/* layout.c — unit set-up and formations: which formation a layout is
 * (vf:1.2.2, 1.2.3, Interp. A26), whether it is a legal set-up (vf:1.2-a,
 * 1.2.1, 1.2.3-a, SR-OpenOrder-a) and how far it moves (vf:6.3.1). */
#include <stdio.h>

#include "vf.h"

int32_t vf_norm_facing(int64_t f)
{
    f %= 36000;
    if (f < 0)
        f += 36000;
    return (int32_t)f;
}

static int is_artillery_order(int order)
{
    return order == VF_ORDER_LIMBERED || order == VF_ORDER_UNLIMBERED;
}

int vf_formation_of(const vf_sdata *sd, const vf_layout *l)
{
    switch (l->order) {
    case VF_ORDER_LIMBERED:
        return VF_FORM_LIMBERED;
    case VF_ORDER_UNLIMBERED:
        return VF_FORM_UNLIMBERED;
    case VF_ORDER_OPEN:
        return VF_FORM_OPEN_ORDER;
    case VF_ORDER_INSIDE:
        return VF_FORM_INSIDE;
    case VF_ORDER_SQUARE:
        return VF_FORM_SQUARE;
    default:
        break;
    }
    if (l->files <= sd->t.march_max_files && l->ranks > l->files)
        return VF_FORM_MARCH_COLUMN;                 /* 1.2.2-b */
    return l->ranks <= sd->t.line_max_ranks ? VF_FORM_LINE : VF_FORM_ATTACK_COLUMN; /* 1.2.2-c */
}

int vf_layout_figures(const vf_sdata *sd, const vf_layout *l)
{
    if (is_artillery_order(l->order))
        return 2 * sd->t.art_figures_per_base;  /* 1.2.3-e */
    return (l->ranks - 1) * l->files + l->last;
}

void vf_layout_shape(vf_layout *l, int figures, int files)
{
    if (files > figures)
        files = figures;
    if (files < 1)
        files = 1;
    l->files = (uint8_t)files;
    l->ranks = (uint8_t)((figures + files - 1) / files);
    l->last = (uint8_t)(figures - (l->ranks - 1) * files);
    l->shift = (uint8_t)((files - l->last) / 2);
}

static int fail(vf_verdict *v, const char *rule, const char *msg)
{
    v->rule = rule;
    snprintf(v->msg, sizeof v->msg, "%s", msg);
    return 0;
}

/* Artillery: two bases (gun, limber) within 1" (vf:1.2.3-a). */
static int check_artillery(const vf_sdata *sd, const vf_layout *l, vf_verdict *v)
{
    if (l->files != 1 || l->ranks != 1 || l->last != 1 || l->shift != 0)
        return fail(v, "vf:1.2.3-a", "an artillery unit is one gun base and one limber base");
    if (l->order == VF_ORDER_LIMBERED && l->gap != 0)
        return fail(v, "vf:1.2.3-b", "a limbered limber touches the rear of the gun");
    if (l->order == VF_ORDER_UNLIMBERED && l->gap == 0)
        return fail(v, "vf:1.2.3-b", "a limber touching the gun's rear is limbered");
    if (l->gap > sd->t.art_max_separation)
        return fail(v, "vf:1.2.3-a", "gun and limber bases must stay within 1\" of each other");
    return 1;
}

/* Ranks and files of a formed unit (vf:1.2.1-d, 1.2.1-e). */
static int check_block(const vf_sdata *sd, int figures, const vf_layout *l, vf_verdict *v)
{
    if (l->files < 1 || l->ranks < 1 || l->last < 1 || l->last > l->files)
        return fail(v, "vf:1.2.1-d",
                    "every rank but the last holds the same number of figures; the last "
                    "may hold fewer, never more");
    if (l->shift + l->last > l->files)
        return fail(v, "vf:1.2.1-c", "the rear rank must stand in the unit's files");
    if ((l->ranks - 1) * l->files + l->last != figures)
        return fail(v, "vf:1.2.1-d", "the ranks do not hold the unit's figures");
    if (figures > sd->t.single_rank_max && l->ranks < 2)
        return fail(v, "vf:1.2.1-e", "a unit of more than 6 figures needs at least 2 ranks");
    if ((l->order == VF_ORDER_CLOSE || l->order == VF_ORDER_SQUARE) && l->gap != 0)
        return fail(v, "vf:1.2.1-a", "figures in close order touch each other (no gap)");
    return 1;
}

int vf_layout_check(const vf_sdata *sd, int u, int figures, const vf_layout *l, vf_verdict *v)
{
    const vf_profile *p = vf_unit_profile(sd, u);
    v->rule = NULL;
    v->msg[0] = '\0';
    if (l->order >= VF_ORDER_COUNT)
        return fail(v, "vf:1.2.2-a", "unknown formation order");
    if ((p->type == VF_ARTILLERY) != is_artillery_order(l->order))
        return fail(v, "vf:1.2.3-b", p->type == VF_ARTILLERY
                                         ? "artillery is limbered or unlimbered"
                                         : "only artillery limbers");
    if (p->type == VF_ARTILLERY && l->order == VF_ORDER_LIMBERED &&
        VF_HAS(p->rules, VF_SR_STATIC_ARTILLERY))
        return fail(v, "vf:SR-StaticArtillery-a", "static artillery is always unlimbered");
    if (p->type == VF_ARTILLERY)
        return check_artillery(sd, l, v);
    if (figures < p->fig_min || figures > p->fig_max) {
        v->rule = "vf:1.2-a";
        snprintf(v->msg, sizeof v->msg, "%s units have %d to %d figures, not %d", p->id,
                 p->fig_min, p->fig_max, figures);
        return 0;
    }
    if (l->order == VF_ORDER_SQUARE && !VF_HAS(p->rules, VF_SR_SQUARE))
        return fail(v, "vf:SR-Square-a", "only units with the Square rule form square");
    if (l->order == VF_ORDER_OPEN) {
        if (!VF_HAS(p->rules, VF_SR_OPEN_ORDER))
            return fail(v, "vf:SR-OpenOrder-a", "only units with Open Order use open order");
        if (l->ranks > sd->t.open_max_ranks)
            return fail(v, "vf:SR-OpenOrder-a", "open order has too many ranks");
        if (l->gap < sd->t.open_gap_min || l->gap > sd->t.open_gap_max)
            return fail(v, "vf:SR-OpenOrder-a", "open order gaps are 1/4\" to 1/2\"");
    }
    if (VF_HAS(p->rules, VF_SR_MILITIA) && VF_HAS(p->tags, VF_TAG_AUSTRIAN) &&
        vf_formation_of(sd, l) == VF_FORM_ATTACK_COLUMN &&
        (l->ranks < sd->t.compact_min_ranks || l->ranks > sd->t.compact_max_ranks))
        return fail(v, "vf:SR-Militia-c",
                    "Austrian militia uses compact formation (5-6 ranks), not attack column");
    return check_block(sd, figures, l, v);
}

/* Move distance of an infantry unit in formation `form`. */
static int32_t infantry_allowance(const vf_tables *t, const vf_profile *p, const vf_layout *l,
                                  int form)
{
    switch (form) {
    case VF_FORM_SQUARE:
        return t->move_square; /* SR-Square-c */
    case VF_FORM_OPEN_ORDER:
        return t->move_inf_open;
    case VF_FORM_MARCH_COLUMN:
        return t->move_inf_march;
    case VF_FORM_LINE:
        return t->move_inf_line;
    default:
        if (VF_HAS(p->rules, VF_SR_COMPACT_FORMATION) && l->ranks >= t->compact_min_ranks &&
            l->ranks <= t->compact_max_ranks)
            return t->move_compact;
        if (VF_HAS(p->rules, VF_SR_LINEAR_TACTICS))
            return t->move_linear_column;
        return t->move_inf_column;
    }
}

int32_t vf_move_allowance(const vf_sdata *sd, int u, const vf_layout *l)
{
    const vf_tables *t = &sd->t;
    const vf_profile *p = vf_unit_profile(sd, u);
    int form = vf_formation_of(sd, l);
    switch (p->type) {
    case VF_CAVALRY:
        return form == VF_FORM_OPEN_ORDER ? t->move_cav_open : t->move_cav;
    case VF_ARTILLERY:
        if (form == VF_FORM_LIMBERED)
            return VF_HAS(p->rules, VF_SR_SLOW) ? t->move_slow_limbered
                   : VF_HAS(p->rules, VF_SR_HORSE_ARTILLERY) ? t->move_horse_art_limbered
                                                             : t->move_art_limbered;
        return VF_HAS(p->rules, VF_SR_SLOW) ? t->move_slow_unlimbered : t->move_art_unlimbered;
    default:
        return infantry_allowance(t, p, l, form);
    }
}

int32_t vf_unit_allowance(const gr_game *g, int u, const vf_layout *l)
{
    return vf_move_allowance(vf_sd(g), u, l) + vf_fate_move_bonus(g, u);
}
