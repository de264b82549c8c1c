/* target.c — who may fire at whom in the fire phase (vf:5.0, 5.1, 8.2.1).
 *
 * The target (5.0-a): an enemy unit on the table, not in contact with any
 * unit of the active side, not yet fired at this phase.  A unit U may fire
 * at T (5.1) when U is deployed (not march column or limbered artillery,
 * 5.1-a, 8.1.1-c), has a Fire value, is not in contact with any enemy unit
 * (5.1-b), has not fired or supported this phase (5.1-e), T is in range
 * (5.1.1: closest figure to closest figure, artillery from its gun base)
 * and visible to it (5.1.2), and T is the closest visible enemy unit among
 * the legal targets not yet fired at (5.1-d, Interp. A6; range plays no
 * part; equidistant ones, to the hundredth of an inch, are all closest).
 * A fire supporter (8.2.1-a) may itself fire at T and sees it from at
 * least half of its front-rank figures. */
#include "../vf.h"

static int on(const vf_state *st, int u) { return st->unit[u].status == VF_UNIT_ON; }

/* Unit v touches some unit of `side`. */
static int touches_side(const gr_game *g, int v, int side)
{
    const vf_sdata *sd = vf_sd(g);
    for (int w = 0; w < sd->nunits; w++)
        if (w != v && sd->unit[w].side == side && on(vf_cst(g), w) && vf_unit_contact(g, v, w))
            return 1;
    return 0;
}

int vf_fire_target_ok(const gr_game *g, int t)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    return t >= 0 && t < sd->nunits && on(st, t) && sd->unit[t].side != st->active &&
           !(st->unit[t].flags & VF_UF_ATTACKED) && !touches_side(g, t, st->active);
}

/* Unit u may skirmish: Skirmishers with a weapon, Carbines or Javelinmen. */
static int can_skirmish(const vf_profile *p)
{
    return (VF_HAS(p->rules, VF_SR_SKIRMISHERS) && p->fire >= 0 && p->range > 0) ||
           VF_HAS(p->rules, VF_SR_CARBINES) || VF_HAS(p->rules, VF_SR_JAVELINMEN);
}

/* The range of the weapon it skirmishes with instead of as Skirmishers:
 * carbines 12" (SR-Carbines-a), javelins 9" (SR-Javelinmen-a); 0 none.
 * Either is Fire 1, the skirmisher modifiers included. */
static int carbines(const vf_profile *p)
{
    if (VF_HAS(p->rules, VF_SR_SKIRMISHERS) && p->fire >= 0 && p->range > 0)
        return 0;
    return VF_HAS(p->rules, VF_SR_CARBINES) ? 12 : VF_HAS(p->rules, VF_SR_JAVELINMEN) ? 9 : 0;
}

int vf_fire_range(const vf_sdata *sd, int u, int skirmish)
{
    const vf_profile *p = vf_unit_profile(sd, u);
    if (skirmish == VF_FIRE_GUNS)
        return 48; /* SR-BattalionGuns-b */
    if (skirmish == VF_FIRE_DARBZEN)
        return 24; /* SR-Darbzen-a */
    if (skirmish)
        return carbines(p) ? carbines(p) : p->range + 6; /* SR-Carbines-a, SR-Skirmishers-a */
    return p->range;
}

int vf_fire_base(const vf_sdata *sd, int u, int skirmish, int *halve)
{
    const vf_profile *p = vf_unit_profile(sd, u);
    if (skirmish == VF_FIRE_GUNS || skirmish == VF_FIRE_DARBZEN) {
        *halve = 0; /* SR-BattalionGuns-b: Fire 1; SR-Darbzen-a: Fire 2 */
        return skirmish == VF_FIRE_GUNS ? 1 : 2;
    }
    *halve = skirmish && !carbines(p); /* SR-Skirmishers-a: Fire halved */
    return skirmish && carbines(p) ? 1 : p->fire;
}

/* SR-BattalionGuns-b: u may fire its battalion guns separately: it has
 * them and no enemy unit visible to it is less than 12" away. */
static int guns_may_fire(const gr_game *g, int u)
{
    const vf_sdata *sd = vf_sd(g);
    if (!VF_HAS(vf_unit_profile(sd, u)->rules, VF_SR_BATTALION_GUNS))
        return 0;
    for (int v = 0; v < sd->nunits; v++)
        if (sd->unit[v].side != sd->unit[u].side && on(vf_cst(g), v) &&
            vf_unit_distance(g, u, v) < 12 * GR_G2_INCH && vf_unit_sees(g, u, v))
            return 0;
    return 1;
}

/* 5.1-a, 5.1-b, 5.1-e and a Fire value: U could fire at all. */
static const char *firer_unable(const gr_game *g, int u, int skirmish)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    const vf_profile *p = vf_unit_profile(sd, u);
    int f = vf_formation_of(sd, &st->unit[u].at);
    if (!on(st, u) || sd->unit[u].side != st->active)
        return "vf:5.0-f";
    if (f == VF_FORM_MARCH_COLUMN || f == VF_FORM_LIMBERED)
        return "vf:5.1-a";
    if (skirmish == VF_FIRE_SKIRMISH && !can_skirmish(p))
        return "vf:SR-Skirmishers-a";
    if (skirmish == VF_FIRE_GUNS && !guns_may_fire(g, u))
        return "vf:SR-BattalionGuns-b";
    if (skirmish == VF_FIRE_DARBZEN && !VF_HAS(p->rules, VF_SR_DARBZEN))
        return "vf:SR-Darbzen-a";
    if (!skirmish && (p->fire < 0 || p->range == 0))
        return "vf:5.1-a";
    if (st->unit[u].flags & VF_UF_FIRED)
        return "vf:5.1-e";
    if (touches_side(g, u, 1 - st->active))
        return "vf:5.1-b";
    return NULL;
}

/* 5.1.1: T within U's range, closest figure (artillery: gun base) to
 * closest figure. */
static int in_range(const gr_game *g, int u, int t, int skirmish)
{
    const vf_sdata *sd = vf_sd(g);
    int32_t range = vf_fire_range(sd, u, skirmish) * GR_G2_INCH;
    if (vf_unit_profile(sd, u)->type != VF_ARTILLERY)
        return gr_g2_dist_ok(vf_pair_dist(g, u, t), range, GR_G2_WITHIN);
    gr_base abuf[VF_MAX_CELLS], bbuf[VF_MAX_CELLS];
    const gr_base *a, *b;
    vf_unit_cells(g, u, abuf, &a);
    int nb = vf_unit_cells(g, t, bbuf, &b);
    /* the gun base (1.2.3 engine note) */
    return gr_g2_dist_ok(vf_cells_dist(a, 1, b, nb), range, GR_G2_WITHIN);
}

/* 5.1-d: no legal, visible, not yet attacked target is closer to U. */
static int closest_visible(const gr_game *g, int u, int t)
{
    const vf_sdata *sd = vf_sd(g);
    if (VF_HAS(vf_unit_profile(sd, u)->rules, VF_SR_ROCKETS))
        return 1; /* SR-Rockets-a: any target in range and visible */
    int32_t dt = vf_unit_distance(g, u, t);
    for (int v = 0; v < sd->nunits; v++)
        if (v != t && vf_fire_target_ok(g, v) && vf_unit_distance(g, u, v) < dt &&
            vf_unit_sees(g, u, v))
            return 0;
    return 1;
}

const char *vf_fire_refusal_now(const gr_game *g, int u, int t, int skirmish)
{
    const vf_state *st = vf_cst(g);
    const char *r = firer_unable(g, u, skirmish);
    if (r)
        return r;
    if (t >= 0 && t < vf_sd(g)->nunits && (st->unit[t].flags & VF_UF_ATTACKED))
        return "vf:5.0-d";
    if (!vf_fire_target_ok(g, t))
        return "vf:5.0-a";
    if (!in_range(g, u, t, skirmish))
        return "vf:5.1.1-a";
    if (!vf_unit_sees(g, u, t))
        return "vf:5.1.2-a";
    if (!closest_visible(g, u, t))
        return "vf:5.1-d";
    return NULL;
}

const char *vf_support_refusal(const gr_game *g, int s, int t, int skirmish)
{
    const char *r = vf_fire_refusal(g, s, t, skirmish);
    if (r)
        return r;
    return vf_unit_half_sees(g, s, t) ? NULL : "vf:8.2.1-a";
}

/* Unit u may fire at some target now.  By 5.1-d it may fire only at the
 * closest visible legal targets, so only those are tested in full: the
 * legal targets within u's longest range (a target farther away is out of
 * range, and no closer than one within it), nearest first, down to the
 * first one u sees, and those as near as it.  Same answer as testing every
 * target. */
static int may_fire_somewhere(const gr_game *g, int u)
{
    const vf_sdata *sd = vf_sd(g);
    int guns = !firer_unable(g, u, VF_FIRE_GUNS), darbzen = !firer_unable(g, u, VF_FIRE_DARBZEN);
    if (firer_unable(g, u, 0) && firer_unable(g, u, 1) && !guns && !darbzen)
        return 0;
    int32_t r0 = vf_fire_range(sd, u, 0), r1 = vf_fire_range(sd, u, 1);
    int32_t reach = (r0 > r1 ? r0 : r1) * GR_G2_INCH;
    for (int mode = VF_FIRE_GUNS; mode <= VF_FIRE_DARBZEN; mode++)
        if ((mode == VF_FIRE_GUNS ? guns : darbzen) &&
            reach < vf_fire_range(sd, u, mode) * GR_G2_INCH)
            reach = vf_fire_range(sd, u, mode) * GR_G2_INCH;
    int32_t dist[VF_MAX_UNITS];
    int tgt[VF_MAX_UNITS], n = 0;
    for (int t = 0; t < sd->nunits; t++) {
        if (!vf_fire_target_ok(g, t))
            continue;
        int32_t d = vf_unit_distance(g, u, t);
        if (d > reach)
            continue;
        int k = n++;
        for (; k > 0 && dist[k - 1] > d; k--) { /* insertion by distance */
            dist[k] = dist[k - 1];
            tgt[k] = tgt[k - 1];
        }
        dist[k] = d;
        tgt[k] = t;
    }
    int i = 0;
    while (i < n && !vf_unit_sees(g, u, tgt[i]))
        i++;
    for (int j = i; j < n && dist[j] == dist[i]; j++)
        if (!vf_fire_refusal(g, u, tgt[j], 0) || !vf_fire_refusal(g, u, tgt[j], 1) ||
            (guns && !vf_fire_refusal(g, u, tgt[j], VF_FIRE_GUNS)) ||
            (darbzen && !vf_fire_refusal(g, u, tgt[j], VF_FIRE_DARBZEN)))
            return 1;
    return 0;
}

int vf_fire_possible(const gr_game *g)
{
    const vf_sdata *sd = vf_sd(g);
    for (int u = 0; u < sd->nunits; u++)
        if (sd->unit[u].side == vf_cst(g)->active && may_fire_somewhere(g, u))
            return 1;
    return 0;
}
