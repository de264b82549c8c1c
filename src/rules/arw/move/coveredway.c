/* coveredway.c — the Covered Way (SR4.9): a stack moving along it moves as
 * one (SR4.9-e), rolls once per covered-way hex entered on T-CoveredWay
 * with +1 per 2 hexes already entered on this trip and +1 when previously
 * Lost (SR4.9-d); Lost units stop and lose their ZOC (SR4.9-f); leaving the
 * covered way clears the markers and the count (SR4.9-h).  The covered
 * way's costs and its unbridged streams are in movecost.c (SR4.9-a/b);
 * strategic movement there is refused in mvsearch.c (SR4.9-c); the LOST ->
 * PREVIOUSLY LOST flip is at the start of the owner's movement (SR4.9-g,
 * movement.c). */
#include "mvint.h"

static int covered_way(const arw_data *d, int h)
{
    return (d->htype[d->map.terrain[h]].flags & ARW_T_COVERED_WAY) != 0;
}

/* Can unit v (profile pv) take the same path as the mover? */
static int follows(const gr_game *g, const arw_mvunit *pv, const int *path, int len)
{
    const arw_data *d = arw_dat(g);
    int spent = 0;
    if ((pv->rules & (ARW_MR_ONE_HEX | ARW_MR_NO_ADJ | ARW_MR_MIN_ADJ | ARW_MR_RETREAT)) &&
        len > 2)
        return 0;
    for (int i = 1; i < len; i++) {
        int c = arw_move_cost(g, pv->u, path[i - 1], path[i], arw_dir(d, path[i - 1], path[i]));
        if (c < 0)
            return 0;
        spent += c;
    }
    return spent <= pv->budget[0] || (len == 2 && (pv->rules & ARW_MR_MIN_MOVE));
}

/* May the group (with sp/art added) stand in every hex of the path, and
 * end where the path ends? */
static int group_fits(const gr_game *g, const arw_mvmap *m, const int *path, int len, int sp,
                      int art, unsigned nat_end)
{
    const arw_tables *t = &arw_dat(g)->t;
    for (int i = 1; i < len; i++)
        if (m->sp[path[i]] + sp > t->stack_sp || m->art[path[i]] + art > t->stack_art)
            return 0;
    return !(m->nat[path[len - 1]] & nat_end);
}

int arw_cw_group(const gr_game *g, const arw_mvmap *m, const arw_mvunit *p, const int *path,
                 int len, int *group, int cap)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    int n = 0, sp = p->sp, art = p->art, along = 0;
    unsigned nat_end = p->nat_end;
    for (int i = 1; i < len; i++)
        along |= covered_way(d, path[i]);
    if (!p->fresh || !along)
        return 0;
    for (int v = s->hex[p->hex].head; v != ARW_NO_UNIT && n < cap; v = s->unit[v].next) {
        arw_mvunit pv;
        if (v == p->u || (s->mvu[v] & ARW_MU_MOVED) ||
            arw_mv_profile(g, m, v, &pv, 0, NULL) != GR_OK || !follows(g, &pv, path, len) ||
            !group_fits(g, m, path, len, sp + pv.sp, art + pv.art, nat_end | pv.nat_end))
            continue;
        sp += pv.sp;
        art += pv.art;
        nat_end |= pv.nat_end;
        group[n++] = v;
    }
    return n;
}

/* SR4.9-d: the moving stack's roll for a covered-way hex entered. */
static int roll_lost(gr_game *g, int u, const int *group, int ng)
{
    const arw_state *s = arw_cst(g);
    const arw_move_tables *t = &arw_dat(g)->t.mv;
    int count = s->unit[u].cw, prev = s->unit[u].flags & ARW_U_PREV_LOST;
    for (int i = 0; i < ng; i++) {
        count = s->unit[group[i]].cw > count ? s->unit[group[i]].cw : count;
        prev |= s->unit[group[i]].flags & ARW_U_PREV_LOST;
    }
    int drm = count / t->cw_hexes_per_drm + (prev ? t->cw_prev_lost_drm : 0);
    int roll = gr_roll(g, 0, 10, ARW_ROLL_COVERED_WAY);
    return roll + drm >= t->cw_lost_at ? 1 + roll + drm : 0;
}

static void enter_one(gr_game *g, int v, int h, int lost_roll)
{
    arw_unit *x = &arw_st(g)->unit[v];
    if (!covered_way(arw_dat(g), h)) { /* SR4.9-h: leaving clears markers and count */
        x->cw = 0;
        x->flags &= (uint16_t)~(ARW_U_LOST | ARW_U_PREV_LOST);
        return;
    }
    if (x->cw < 255)
        x->cw++;
    if (lost_roll) { /* SR4.9-g: lost again flips back to LOST */
        x->flags = (uint16_t)((x->flags & ~ARW_U_PREV_LOST) | ARW_U_LOST);
        arw_emit(g, ARW_E_LOST, 2, v, lost_roll - 1);
    }
}

int arw_cw_enter(gr_game *g, int u, const int *group, int ng, int h)
{
    int lost = covered_way(arw_dat(g), h) ? roll_lost(g, u, group, ng) : 0;
    enter_one(g, u, h, lost);
    for (int i = 0; i < ng; i++)
        enter_one(g, group[i], h, lost);
    return lost != 0;
}
