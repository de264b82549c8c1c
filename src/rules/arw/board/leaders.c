/* leaders.c — leaders in retreats (GR13.26-a, GR14.31-a): when a friendly
 * unit retreats out of a hex, each leader there may retreat with it or stay
 * (the owner chooses, one task per leader); leaders are never obliged to
 * retreat.  A leader left alone is captured only if an enemy combat unit
 * enters his hex (GR14.32-a, advance.c and movement). */
#include "../arw.h"

void arw_leaders_after_retreat(gr_game *g, int u, int from)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    int side = d->unit[u].side, leaders[ARW_MAX_UNITS], n = 0;
    for (int l = s->hex[from].head; l != ARW_NO_UNIT; l = s->unit[l].next)
        if (d->unit[l].side == side && d->unit[l].kind == ARW_K_LEADER)
            leaders[n++] = l;
    while (n > 0) /* the first leader of the hex decides first (top of the stack) */
        arw_push(g, ARW_T_LEADER, side, u, leaders[--n]);
}

gr_status arw_leader_check(const gr_game *g, const gr_action *a, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    const arw_task *t = s->ntasks ? &s->task[s->ntasks - 1] : NULL;
    if (!t || s->stage != ARW_ST_TASKS || t->kind != ARW_T_LEADER)
        return gr_fail(err, "arw:GR13.26-a", "no leader may follow a retreat now");
    if (a->arg[0] != t->unit)
        return gr_fail(err, "arw:GR13.26-a", "the leader who decides now is %s",
                       arw_dat(g)->unit[t->unit].id);
    return GR_OK;
}

void arw_leader_exec(gr_game *g, const gr_action *a)
{
    arw_state *s = arw_st(g);
    arw_task t = s->task[--s->ntasks];
    int l = t.unit, from = s->unit[l].hex, to = s->unit[t.arg].hex;
    if (a->kind == ARW_A_LEADER_STAY) {
        arw_emit(g, ARW_E_LEADER_STAYS, 1, l);
        return;
    }
    arw_place(g, l, to);
    arw_emit(g, ARW_E_RETREAT, 3, l, from, to);
}
