/* exit.c — leaving the map on purpose by the scenario's exit (Saalfeld:
 * Prussian-Saxon units that withdraw at 1101 on T5-T8 score 1 VP each,
 * brief C.11).  `exit by=P unit=U` in the movement step: a unit of the
 * exit side, not routed, that may still move, standing in the exit hex on
 * an exit turn, leaves the map for good (event `exited unit= from=`); it
 * scores the exit's VP for its side at the end and no longer counts for
 * demoralisation.  Leaving costs nothing more (engine choice: the rules
 * give no cost). */
#include "rules/jdg/move/move.h"

gr_status jdg_check_exit(const jdg_data *d, const jdg_state *s, int u, gr_error *why)
{
    const jdg_victory *v = &d->victory;
    if (v->exit_side < 0)
        return gr_fail(why, "jdg:R13.2", "this scenario has no exit from the map");
    if (jdg_may_act(d, s, u, why) != GR_OK)
        return GR_ERR_ILLEGAL;
    if (s->unit[u].flags & JDG_UF_SQUARE)
        return gr_fail(why, "jdg:R4.2-f", "a unit in square does not move");
    if (d->unit[u].side != v->exit_side || s->unit[u].hex != v->exit_hex)
        return gr_fail(why, "jdg:R13.2", "only a %s unit in the exit hex leaves the map",
                       d->side_name[v->exit_side]);
    if (s->turn < v->exit_first || s->turn > v->exit_last)
        return gr_fail(why, "jdg:R13.2", "units leave the map only on turns %d to %d",
                       v->exit_first, v->exit_last);
    return GR_OK;
}

gr_status jdg_exit_apply(gr_game *g, int u, gr_error *why)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    if (jdg_check_exit(d, s, u, why) != GR_OK)
        return GR_ERR_ILLEGAL;
    int from = s->unit[u].hex;
    s->unit[u].hex = JDG_OFFMAP;
    s->unit[u].exited = 1;
    s->unit[u].act |= JDG_ACT_MOVED | JDG_ACT_DONE;
    if (s->mover == u)
        s->mover = -1;
    gr_emitv(g, JDG_E_EXITED, 2, u, from);
    return GR_OK;
}
