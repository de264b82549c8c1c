/* movement.c — the Movement phase (GR7 stacking during movement, GR8 ZOC,
 * GR9 movement, strategic movement, reinforcements, PIN removal).
 *
 * PLACEHOLDER owned by the MOVEMENT engineer: the hooks below are the
 * phase's whole interface with flow.c (entry, pending, automatic steps) and
 * ops.c (legal, check, exec of the kinds ARW_A_MOVE.. in the MOVEMENT block
 * of arw.h).  For now the phase ends at once and no movement action is
 * legal.  State fields, stages, decisions, events and tasks go in the
 * MOVEMENT blocks of arw.h, ops.c and names.c (see docs/arw.md "How to add
 * a phase"). */
#include "arw.h"

void arw_movement_begin(gr_game *g)
{
    arw_phase_end(g); /* placeholder: nothing moves yet */
}

void arw_movement_pending(const gr_game *g, gr_pending *out)
{
    const arw_state *s = arw_cst(g);
    out->kind = GR_PENDING_DECISION;
    out->decision = ARW_D_MOVE;
    out->players = (uint8_t)(1u << s->active);
}

int arw_movement_auto(gr_game *g)
{
    (void)g;
    return 0;
}

int arw_movement_legal(const gr_game *g, int side, gr_action *out, int cap)
{
    (void)g, (void)side, (void)out, (void)cap;
    return 0;
}

gr_status arw_movement_check(const gr_game *g, const gr_action *a, gr_error *err)
{
    (void)g, (void)a;
    return gr_fail(err, "arw:GR9.1-a", "no movement is possible now (the movement phase "
                   "is not implemented yet)");
}

void arw_movement_exec(gr_game *g, const gr_action *a)
{
    (void)g, (void)a;
}
