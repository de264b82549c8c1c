/* fire.c — the Defensive Artillery Fire phase (GR11: to-hit, damage, LOS)
 * and the Rifle Fire phase (GR10, simultaneous).
 *
 * PLACEHOLDER owned by the FIRE engineer: the hooks below are the fire
 * phases' whole interface with flow.c (entries, pending, automatic steps,
 * the return from result tasks) and ops.c (legal, check, exec of the kinds
 * ARW_A_ART_FIRE.. in the FIRE block of arw.h).  For now both phases end at
 * once.  Fire results should open a resolution context (arw_rctx_begin
 * with ARW_RC_FIRE, rctx.c), push result tasks (results.c, tasks.c) and
 * set the stage to ARW_ST_TASKS; arw_fire_resume is called when they are
 * all done.  See docs/arw.md "How to add a phase". */
#include "arw.h"

void arw_fire_artillery_begin(gr_game *g)
{
    arw_phase_end(g); /* placeholder: no artillery fires yet */
}

void arw_fire_rifle_begin(gr_game *g)
{
    arw_phase_end(g); /* placeholder: no rifle fires yet */
}

void arw_fire_pending(const gr_game *g, gr_pending *out)
{
    const arw_state *s = arw_cst(g);
    out->kind = GR_PENDING_DECISION;
    out->decision = ARW_D_ART_FIRE;
    out->players = (uint8_t)(1u << (1 - s->active)); /* GR11: the inactive side fires */
}

int arw_fire_auto(gr_game *g)
{
    (void)g;
    return 0;
}

void arw_fire_resume(gr_game *g)
{
    arw_rctx_end(g);
    arw_phase_end(g);
}

int arw_fire_legal(const gr_game *g, int side, gr_action *out, int cap)
{
    (void)g, (void)side, (void)out, (void)cap;
    return 0;
}

gr_status arw_fire_check(const gr_game *g, const gr_action *a, gr_error *err)
{
    (void)g, (void)a;
    return gr_fail(err, "arw:GR11.1-a", "no fire is possible now (the fire phases are not "
                   "implemented yet)");
}

void arw_fire_exec(gr_game *g, const gr_action *a)
{
    (void)g, (void)a;
}
