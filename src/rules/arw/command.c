/* command.c — leaders in Savannah (SR4.18): which units a leader may
 * command (his own army's; Huger only militia and artillery), and what
 * losing a leader costs (T-LeaderCasualty): army morale to his army and to
 * the enemy army that caused it (AMB-51), a captured leader counted as a
 * casualty (AMB-45), and for Prevost, d'Estaing and Lincoln one momentum
 * chit returned to the pool, or taken from it by the enemy when their side
 * holds none (AMB-12); the VP of T-LeaderCasualty (SR2.7) through
 * victory.c's arw_sav_loss.  Seniority among equal ranks is data (GR3.2-b,
 * board.c arw_commander). */
#include "arw.h"

int arw_may_command(const arw_data *d, int l, int u)
{
    const arw_unit_def *ld = &d->unit[l], *x = &d->unit[u];
    if (ld->kind != ARW_K_LEADER || ld->army != x->army)
        return 0; /* SR4.18: each army's leaders command its units */
    if (ld->flags & ARW_F_MILART_ONLY) /* Huger */
        return (x->flags & ARW_F_MILITIA) || x->kind == ARW_K_ARTILLERY;
    return 1;
}

void arw_leader_lost(gr_game *g, int l, int box, int gainer)
{
    const arw_unit_def *x = &arw_dat(g)->unit[l];
    arw_sav_loss(g, l, box == ARW_BOX_CAPTURED ? ARW_LOSS_CAPTURED : ARW_LOSS_ELIMINATED,
                 gainer); /* SAVANNAH: SR2.7 VP, AMB-45 (victory.c) */
    arw_remove(g, l, box);
    arw_emit(g, box == ARW_BOX_CAPTURED ? ARW_E_CAPTURED : ARW_E_LEADER_LOST, 1, l);
    arw_army_morale(g, x->army, -x->cas_loss);
    if (gainer >= 0)
        arw_army_morale(g, gainer, x->cas_gain);
    if (!(x->flags & ARW_F_COMMANDER) || !(arw_cst(g)->options & ARW_O_ADVANCED) ||
        arw_cst(g)->stage == ARW_ST_OVER)
        return; /* momentum is an [Advanced] rule (GR12.6) */
    arw_emit(g, ARW_E_MOMENTUM_LOSS, 1, l);
    arw_momentum_forfeit(g, x->side); /* SR4.18, AMB-12: back to the pool */
}
