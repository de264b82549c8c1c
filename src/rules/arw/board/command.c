/* command.c — leaders (GR14, SR4.18): which units a leader may command
 * (his own army's; Huger only militia and artillery), and the one leader
 * loss of every rule (close combat "*", fire "*", Card 41, capture of lone
 * leaders by an advance or, later, by movement): T-LeaderCasualty army
 * morale to his army and to the enemy army that caused it (AMB-51), a
 * captured leader counted as a casualty (AMB-45), its VP (SR2.7, through
 * victory.c's arw_sav_loss), and for Prevost, d'Estaing and Lincoln one
 * momentum chit returned to the pool, or taken from it by the enemy when
 * their side holds none (AMB-12).  Seniority among equal ranks is data (GR3.2-b,
 * board.c arw_commander). */
#include "../arw.h"

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

void arw_capture_lone_leaders(gr_game *g, int u, int h)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    if (!arw_is_combat_unit(d, u) || s->unit[u].status == ARW_SHATTERED)
        return; /* GR14.32-a: a ready or disrupted combat unit */
    int gainer = arw_morale_army(g, u); /* AMB-51; Pulaski with the French: SR4.13-b */
    for (int l = s->hex[h].head, next; l != ARW_NO_UNIT; l = next) {
        next = s->unit[l].next;
        if (d->unit[l].side != d->unit[u].side && d->unit[l].kind == ARW_K_LEADER)
            arw_leader_lost(g, l, ARW_BOX_CAPTURED, gainer);
    }
}
