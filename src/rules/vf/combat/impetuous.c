/* impetuous.c — Impetuous ("Headstrong", vf:SR-Impetuous; Interp. A19):
 * when the target of an Impetuous active main attacker's combat routs or
 * must retreat, the unit must assault a visible enemy unit it can reach
 * and fight a second combat at once, -1 Combat (b); if it wins that one it
 * does not follow up again and may not retreat (c).  A unit that wins its
 * first combat follows up instead of retreating.  "Can reach" reads as:
 * the engine finds a legal assault for it (vf_assault_spots checked by
 * the assault's rules), so the decision never lacks an option; when it
 * finds none, the follow-up lapses.  The follow-up's enemy must not be
 * the target of a combat still to fight. */
#include "../vf.h"

#define MAX_SPOTS 4

void vf_impetuous_after(gr_game *g, int m, int t, int won)
{
    const vf_sdata *sd = vf_sd(g);
    vf_state *st = vf_st(g);
    if (!VF_HAS(vf_unit_profile(sd, m)->rules, VF_SR_IMPETUOUS) || st->unit[m].status != VF_UNIT_ON)
        return;
    if (st->unit[m].cflags & VF_CF_SECOND) {
        if (won)
            st->unit[m].cflags &= (uint8_t)~VF_CF_MAY_RETREAT; /* SR-Impetuous-c */
        return;
    }
    if (won && (st->unit[t].status != VF_UNIT_ON || (st->unit[t].cflags & VF_CF_MUST_RETREAT))) {
        if (st->unit[m].cflags & VF_CF_MAY_RETREAT) /* held: back if the follow-up lapses */
            st->unit[m].cflags = (uint8_t)((st->unit[m].cflags & ~VF_CF_MAY_RETREAT) |
                                           VF_CF_HELD_RETREAT);
        st->unit[m].cflags |= VF_CF_IMPETUOUS; /* SR-Impetuous-a */
    }
}

int vf_impetuous_due(const gr_game *g)
{
    const vf_state *st = vf_cst(g);
    for (int u = 0; u < vf_sd(g)->nunits; u++)
        if ((st->unit[u].cflags & VF_CF_IMPETUOUS) && st->unit[u].status == VF_UNIT_ON)
            return u;
    return -1;
}

/* The enemy unit the assaulter touches now that it may fight, or -1. */
static int touched_enemy(const gr_game *g, int u)
{
    const vf_sdata *sd = vf_sd(g);
    for (int v = 0; v < sd->nunits; v++)
        if (sd->unit[v].side != sd->unit[u].side && vf_cst(g)->unit[v].status == VF_UNIT_ON &&
            vf_unit_contact(g, u, v))
            return v;
    return -1;
}

/* The follow-up assault a: the assault's rules (forced: no actor check);
 * the unit it contacts has no combat left to fight against it. */
static gr_status check(const gr_game *g, const gr_action *a, vf_move *m, gr_error *why)
{
    const vf_sdata *sd = vf_sd(g);
    int u = vf_impetuous_due(g);
    if (a->kind != VF_ACT_ASSAULT || a->arg[0] != u)
        return gr_fail(why, "vf:SR-Impetuous-a", "%s must follow up with an assault",
                       u >= 0 ? sd->unit[u].id : "?");
    gr_status s = vf_move_from_action(g, a, m, why);
    m->forced = 1;
    if (s == GR_OK)
        s = vf_move_check(g, m, why);
    if (s != GR_OK)
        return s;
    gr_base mine[VF_MAX_CELLS], other[VF_MAX_CELLS];
    int n = vf_cells(sd, u, &m->to, mine);
    for (int v = 0; v < sd->nunits; v++) {
        const vf_unit *vu = &vf_cst(g)->unit[v];
        if (sd->unit[v].side == sd->unit[u].side || vu->status != VF_UNIT_ON)
            continue;
        for (int x = 0; x < sd->nunits; x++) {
            const vf_unit *xu = &vf_cst(g)->unit[x];
            if (xu->target == v + 1 && (xu->cflags & VF_CF_MAIN) && !(xu->cflags & VF_CF_DONE) &&
                vf_cells_touch(sd, mine, n, other, vf_cells(sd, v, &vu->at, other)))
                return gr_fail(why, "vf:SR-Impetuous-a", "%s is the target of a combat still "
                               "to fight", sd->unit[v].id);
        }
    }
    return GR_OK;
}

int vf_impetuous_candidates(const gr_game *g, int u, gr_action *out, int cap)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_layout *at = &vf_cst(g)->unit[u].at;
    int32_t allow = vf_unit_allowance(g, u, at);
    int found = 0;
    for (int v = 0; v < sd->nunits; v++) {
        if (vf_cst(g)->unit[v].status != VF_UNIT_ON || sd->unit[v].side == sd->unit[u].side ||
            vf_unit_distance(g, u, v) > allow || !vf_unit_sees(g, u, v))
            continue;
        vf_layout spots[MAX_SPOTS];
        int n = vf_assault_spots(g, u, v, spots);
        for (int i = 0; i < n; i++) {
            gr_action a = {.kind = VF_ACT_ASSAULT, .player = sd->unit[u].side, .nargs = 4,
                           .arg = {u, spots[i].x, spots[i].y, spots[i].facing}};
            vf_move m;
            if (check(g, &a, &m, NULL) != GR_OK)
                continue;
            if (out && found < cap)
                out[found] = a;
            found++;
        }
    }
    return found;
}

int vf_impetuous_pending(gr_game *g)
{
    int u = vf_impetuous_due(g);
    if (u < 0)
        return 0;
    if (vf_impetuous_candidates(g, u, NULL, 0) > 0)
        return 1;
    vf_unit *un = &vf_st(g)->unit[u];
    if (un->cflags & VF_CF_HELD_RETREAT) /* nothing it can reach: 7.2.5 as usual */
        un->cflags |= VF_CF_MAY_RETREAT;
    un->cflags &= (uint8_t)~(VF_CF_IMPETUOUS | VF_CF_HELD_RETREAT);
    return 0;
}

gr_status vf_impetuous_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    vf_move m;
    gr_status s = check(g, a, &m, why);
    if (s != GR_OK)
        return s;
    int u = m.unit;
    vf_move_apply(g, &m);
    vf_state *st = vf_st(g);
    int t = touched_enemy(g, u);
    st->unit[u].cflags = (uint8_t)((st->unit[u].cflags &
                                    ~(VF_CF_IMPETUOUS | VF_CF_DONE | VF_CF_HELD_RETREAT)) |
                                   VF_CF_MAIN | VF_CF_SECOND);
    if (t < 0 || st->unit[u].status != VF_UNIT_ON) {
        st->unit[u].cflags |= VF_CF_DONE;
        return GR_OK;
    }
    st->unit[u].target = (uint8_t)(t + 1);
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_TARGET, 2, u, t);
    vf_fight(g, t); /* at once (Interp. A19) */
    return GR_OK;
}
