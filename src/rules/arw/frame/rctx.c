/* rctx.c — the resolution context: what results are being resolved for (a
 * close combat, a fire combat, rally attempts, a card), the army of each
 * side taking part (who gains from the other's losses, AMB-51) and the army
 * morale levels at the start of the resolution (GR16.24-a).  Results, morale
 * checks and captures read it instead of the current close combat, so fire,
 * rally and card effects reuse the result machinery (results.c, tasks.c). */
#include "../arw.h"

void arw_rctx_begin(gr_game *g, int kind, int british_army, int allied_army)
{
    arw_state *s = arw_st(g);
    const arw_tables *t = &arw_dat(g)->t;
    s->rctx.kind = (uint8_t)kind;
    s->rctx.army[ARW_BRITISH] = (uint8_t)british_army;
    s->rctx.army[ARW_ALLIED] = (uint8_t)allied_army;
    for (int a = 0; a < ARW_NARMIES; a++) /* GR16.24-a */
        s->rctx.level[a] = (uint8_t)arw_level_of(t, s->morale[a]);
}

void arw_rctx_end(gr_game *g)
{
    arw_state *s = arw_st(g);
    s->rctx.kind = ARW_RC_NONE;
    s->rctx.army[0] = s->rctx.army[1] = 0;
    for (int a = 0; a < ARW_NARMIES; a++)
        s->rctx.level[a] = 0;
}

int arw_rctx_level(const gr_game *g, int army)
{
    const arw_state *s = arw_cst(g);
    if (s->rctx.kind != ARW_RC_NONE)
        return s->rctx.level[army];
    return arw_level_of(&arw_dat(g)->t, s->morale[army]);
}
