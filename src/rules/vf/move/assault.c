/* assault.c — who may assault and where an assault must end (vf:6.5,
 * 6.5.1).  The assault ends in contact with an enemy unit visible at its
 * start (6.5-a), with at least 3 of its front-rank figures touching every
 * enemy unit it contacts (6.5-b; all of them when its front rank has fewer,
 * Interp. A48), touching at least 3 front-rank figures of every contacted
 * enemy in whose front arc it started (6.5-c; an artillery base counts 3,
 * 1.2.3-e); infantry touches cavalry only if it started less than 6" away
 * (6.5.1-c); and it contacts the closest visible enemy not in contact with
 * a friendly unit it can reach, if there is one (6.5-d; see retreat.c). */
#include "../vf.h"

static int is_artillery(const vf_sdata *sd, int u)
{
    return vf_unit_profile(sd, u)->type == VF_ARTILLERY;
}

gr_status vf_assault_start(const gr_game *g, int u, gr_error *why)
{
    const vf_sdata *sd = vf_sd(g);
    if (is_artillery(sd, u))
        return gr_fail(why, "vf:6.5.1-b", "artillery cannot assault");
    if (vf_cst(g)->unit[u].at.order == VF_ORDER_SQUARE)
        return gr_fail(why, "vf:SR-Square-d", "%s is in square: it cannot assault",
                       sd->unit[u].id);
    if (vf_cst(g)->unit[u].flags & VF_UF_SKIRMISHED)
        return gr_fail(why, "vf:SR-Skirmishers-a", "%s used skirmishers this turn: it may act, "
                       "but not assault", sd->unit[u].id);
    for (int v = 0; v < sd->nunits; v++)
        if (v != u && sd->unit[v].side != sd->unit[u].side &&
            vf_cst(g)->unit[v].status == VF_UNIT_ON && vf_unit_contact(g, u, v))
            return gr_fail(why, "vf:6.5.1-a", "%s is in contact with enemy unit %s: it cannot "
                           "assault", sd->unit[u].id, sd->unit[v].id);
    return GR_OK;
}

/* Front-rank figures of unit a (bases `front`, k of them) touching the
 * cells of b; an artillery base counts 3 figures (1.2.3-e). */
static int front_touching(const vf_sdata *sd, int a, const gr_base *front, int k,
                          const gr_base *b, int nb, int *total)
{
    int w = is_artillery(sd, a) ? sd->t.art_figures_per_base : 1, n = 0;
    for (int i = 0; i < k; i++)
        n += vf_cells_contact(sd, &front[i], 1, b, nb) ? w : 0;
    *total = k * w;
    return n;
}

/* 6.5-b and 6.5-c for one contacted enemy v. */
static gr_status contact_enough(const gr_game *g, int u, const vf_layout *l, int v,
                                const vf_start_facts *f, gr_error *why)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_layout *vl = &vf_cst(g)->unit[v].at;
    gr_base mine[VF_MAX_CELLS], theirs[VF_MAX_CELLS], front[VF_MAX_CELLS];
    int n = vf_cells(sd, u, l, mine), k = vf_cells(sd, v, vl, theirs), total;
    int fk = vf_front_rank(sd, u, l, front);
    int t = front_touching(sd, u, front, fk, theirs, k, &total);
    if (t < (total < 3 ? total : 3))
        return gr_fail(why, "vf:6.5-b", "%s must end with at least 3 front-rank figures (or "
                       "all) in contact with %s; %d are", sd->unit[u].id, sd->unit[v].id, t);
    if (!vf_mask_has(f->in_arc, v))
        return GR_OK;
    fk = vf_front_rank(sd, v, vl, front);
    t = front_touching(sd, v, front, fk, mine, n, &total);
    if (t < (total < 3 ? total : 3))
        return gr_fail(why, "vf:6.5-c", "%s started in %s's front arc: it must contact at least "
                       "3 of its front-rank figures (or all); it contacts %d", sd->unit[u].id,
                       sd->unit[v].id, t);
    return GR_OK;
}

/* The enemy units the assaulter laid out as l touches, as a bit set. */
static void contacted(const gr_game *g, int u, const vf_layout *l, uint32_t *set)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    gr_base mine[VF_MAX_CELLS], other[VF_MAX_CELLS];
    int n = vf_cells(sd, u, l, mine);
    set[0] = set[1] = 0;
    for (int v = 0; v < sd->nunits; v++) {
        if (v == u || sd->unit[v].side == sd->unit[u].side || st->unit[v].status != VF_UNIT_ON)
            continue;
        int k = vf_cells(sd, v, &st->unit[v].at, other);
        if (vf_cells_contact(sd, mine, n, other, k)) /* T.2.1-a: across a barrier too */
            vf_mask_set(set, v);
    }
}

/* SR-LinearTactics-b: some contacted enemy (hit) is in cover (terrain
 * cover, an occupant, or across a barrier it touches), or the assault
 * crosses a ford (its anchor's straight path from where the unit stands
 * meets one: "can only be reached by crossing a ford", read as "is
 * reached across one"; no bridges are modelled). */
static int linear_target_ok(const gr_game *g, int u, const vf_layout *l, const uint32_t *hit)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_layout *at = &vf_cst(g)->unit[u].at;
    gr_seg path = {{at->x, at->y}, {l->x, l->y}};
    for (int k = 0; k < sd->nterrain; k++)
        if (sd->terrain[k].kind == VF_T_FORD && gr_g2_seg_meets_base(path, &sd->terrain[k].area))
            return 1;
    gr_base mine[VF_MAX_CELLS], theirs[VF_MAX_CELLS];
    int n = vf_cells(sd, u, l, mine);
    for (int v = 0; v < sd->nunits; v++) {
        if (!vf_mask_has(hit, v))
            continue;
        if (vf_unit_cover(g, v) > 0)
            return 1;
        int k = vf_cells(sd, v, &vf_cst(g)->unit[v].at, theirs);
        if (vf_unit_profile(sd, v)->type != VF_CAVALRY && vf_barrier_meet(sd, mine, n, theirs, k))
            return 1; /* T.2.2-a 3: the barrier lies between them */
    }
    return 0;
}

gr_status vf_assault_end(const gr_game *g, int u, const vf_layout *l, const vf_start_facts *f,
                         gr_error *why)
{
    const vf_sdata *sd = vf_sd(g);
    uint32_t hit[2];
    contacted(g, u, l, hit);
    if (!((hit[0] & f->seen[0]) | (hit[1] & f->seen[1])))
        return gr_fail(why, "vf:6.5-a", "%s must end in contact with an enemy unit that was "
                       "visible to it when the assault began", sd->unit[u].id);
    if (vf_mask_any(f->must) && !((hit[0] & f->must[0]) | (hit[1] & f->must[1])))
        return gr_fail(why, "vf:6.5-d", "%s must assault the closest visible enemy unit not in "
                       "contact with a friendly unit", sd->unit[u].id);
    int infantry = vf_unit_profile(sd, u)->type == VF_INFANTRY;
    if (infantry && VF_HAS(vf_unit_profile(sd, u)->rules, VF_SR_LINEAR_TACTICS) &&
        !linear_target_ok(g, u, l, hit))
        return gr_fail(why, "vf:SR-LinearTactics-b", "%s (Linear Tactics) assaults only an "
                       "enemy in cover or across a ford", sd->unit[u].id);
    for (int v = 0; v < sd->nunits; v++) {
        if (!vf_mask_has(hit, v))
            continue;
        if (infantry && vf_unit_profile(sd, v)->type == VF_CAVALRY && !vf_mask_has(f->near6, v))
            return gr_fail(why, "vf:6.5.1-c", "infantry %s started 6\" or more from cavalry %s: "
                           "it cannot end in contact with it", sd->unit[u].id, sd->unit[v].id);
        if (infantry && VF_HAS(vf_unit_profile(sd, v)->rules, VF_SR_HORSE_ARTILLERY) &&
            !vf_mask_has(f->near6, v))
            return gr_fail(why, "vf:SR-HorseArtillery-d", "infantry %s started more than 6\" "
                           "from horse artillery %s: it cannot assault it", sd->unit[u].id,
                           sd->unit[v].id);
        gr_status s = contact_enough(g, u, l, v, f, why);
        if (s != GR_OK)
            return s;
    }
    return GR_OK;
}

/* Frontage and depth of a layout's block (artillery: the gun base). */
static void block_size(const vf_sdata *sd, int u, const vf_layout *l, int32_t *w, int32_t *d)
{
    gr_base cells[VF_MAX_CELLS];
    int n = vf_cells(sd, u, l, cells);
    if (l->order == VF_ORDER_LIMBERED || l->order == VF_ORDER_UNLIMBERED) {
        *w = cells[0].w;
        *d = cells[0].d + cells[1].d + (l->order == VF_ORDER_UNLIMBERED ? l->gap : 0);
        return;
    }
    *w = l->files * cells[n - 1].w + (l->files - 1) * l->gap;
    *d = l->ranks * cells[n - 1].d + (l->ranks - 1) * l->gap;
}

int vf_assault_spots(const gr_game *g, int u, int v, vf_layout *out)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_layout *vl = &vf_cst(g)->unit[v].at;
    int32_t w, d;
    block_size(sd, v, vl, &w, &d);
    gr_pt fc = {vl->x, vl->y};
    gr_angle f = vf_bearing(vl->facing);
    /* front to front; to its rear; against its left and right flanks */
    const struct { int32_t fwd, right, turn; } spot[4] = {
        {0, 0, 18000}, {-d, 0, 0}, {-d / 2, -w / 2, 9000}, {-d / 2, w / 2, 27000}};
    for (int i = 0; i < 4; i++) {
        gr_pt p = gr_g2_offset(fc, f, spot[i].fwd, spot[i].right);
        out[i] = vf_cst(g)->unit[u].at;
        out[i].x = p.x;
        out[i].y = p.y;
        out[i].facing = vf_norm_facing((int64_t)vl->facing + spot[i].turn);
    }
    return 4;
}
