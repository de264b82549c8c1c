/* status.c — the disorder ladder [R10.1, R10.2]: good order, disordered,
 * routed, eliminated; cohesion tests [R0.4.1]; squares broken by disorder
 * [R4.2-h/i].  A unit that routs must retreat at once [R10.2-c]
 * (rout/retreat.c). */
#include "rules/jdg/move/move.h"

void jdg_eliminate(gr_game *g, int u)
{
    jdg_state *s = jdg_st(g);
    s->unit[u].status = JDG_ELIMINATED;
    s->unit[u].hex = JDG_OFFMAP;
    s->unit[u].facing = 0;
    s->unit[u].flags &= (uint8_t)~(JDG_UF_SQUARE | JDG_UF_RETREAT | JDG_UF_RECOIL | JDG_UF_REINF |
                                 JDG_UF_ROUTMOVE | JDG_UF_ROUT_STOP);
    gr_emitv(g, JDG_E_STATUS, 2, u, JDG_ELIMINATED);
}

/* A disordered unit leaves square, and with infantry its whole stack. */
static void break_square(gr_game *g, int u)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    if (!(s->unit[u].flags & JDG_UF_SQUARE))
        return;
    int w[JDG_MAX_UNITS], n = jdg_units_at(d, s, s->unit[u].hex, w, JDG_MAX_UNITS);
    for (int i = 0; i < n; i++)
        if (d->unit[u].type == JDG_INF || w[i] == u) {
            s->unit[w[i]].flags &= (uint8_t)~JDG_UF_SQUARE;
            gr_emitv(g, JDG_E_SQUARE, 2, w[i], 0);
        }
}

void jdg_disorder(gr_game *g, int u)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    jdg_unit *un = &s->unit[u];
    if (un->status == JDG_GOOD) { /* [R10.1-a] */
        un->status = JDG_DISORDERED;
        break_square(g, u);
        gr_emitv(g, JDG_E_STATUS, 2, u, JDG_DISORDERED);
        return;
    }
    if (un->status == JDG_ROUTED || d->unit[u].type == JDG_ART) { /* [R10.2-b, AMB-10] */
        jdg_eliminate(g, u);
        return;
    }
    if (un->status == JDG_DISORDERED) { /* [R10.2-a] */
        break_square(g, u);
        un->status = JDG_ROUTED;
        un->facing = -1;
        un->flags |= JDG_UF_RETREAT;
        gr_emitv(g, JDG_E_STATUS, 2, u, JDG_ROUTED);
    }
}

void jdg_cohesion_test(gr_game *g, int u, int drm)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_unit *un = &jdg_cst(g)->unit[u];
    int value = d->unit[u].face[un->status == JDG_GOOD ? 0 : 1].cohesion;
    int roll = gr_roll(g, 0, 10, JDG_P_COHESION);
    int pass = roll + drm <= value;
    gr_emitv(g, JDG_E_CT, 5, u, roll, drm, value, pass);
    if (!pass)
        jdg_disorder(g, u);
}
