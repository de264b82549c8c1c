/* cavalry.c — Cavalry Withdrawal (GR12.4): at Step 1, when every defending
 * unit of a combat is ready-to-parade cavalry (not Lost, SR4.9) and no
 * attacking unit is cavalry, the defender may withdraw instead of fighting:
 * each unit retreats 3 hexes to a hex not adjacent to any enemy (GR13.24-a),
 * is marked (no movement, no attack, GR12.4-b, until its owner's next Rally
 * phase, GR12.4-c, rally.c), and the combat goes to Step 9. */
#include <string.h>

#include "../arw.h"

int arw_cav_withdraw_possible(const gr_game *g, int k)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int def = arw_role_side(g, ARW_DEF), ndef = 0;
    for (int u = 0; u < d->nunits; u++) {
        if (!arw_participant(g, k, u))
            continue;
        int cav = d->unit[u].kind == ARW_K_CAVALRY;
        if (d->unit[u].side != def && cav)
            return 0; /* an attacking unit is cavalry */
        if (d->unit[u].side == def &&
            (!cav || s->unit[u].status != ARW_READY || (s->unit[u].flags & ARW_U_LOST)))
            return 0;
        ndef += d->unit[u].side == def;
    }
    return ndef > 0;
}

gr_status arw_cav_check(const gr_game *g, const gr_action *a, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    if (s->stage != ARW_ST_CAV_WD)
        return gr_fail(err, "arw:GR12.4-a", "a cavalry withdrawal is announced at Step 1, "
                       "when every defender is ready cavalry and no attacker is cavalry");
    if (a->player != arw_role_side(g, ARW_DEF))
        return gr_fail(err, "arw:GR12.4-a", "the defender decides on a cavalry withdrawal");
    return GR_OK;
}

void arw_cav_exec(gr_game *g, const gr_action *a)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    int k = s->cur - 1, def = arw_role_side(g, ARW_DEF);
    if (a->kind == ARW_A_NO_CAV_WITHDRAW) {
        s->van_role = ARW_ATT; /* on to Step 2 */
        s->stage = ARW_ST_VANGUARD;
        return;
    }
    s->combat[k].flags |= ARW_CF_CAV_WD;
    arw_emit(g, ARW_E_CAV_WITHDRAW, 1, k + 1);
    for (int u = d->nunits - 1; u >= 0; u--)
        if (arw_participant(g, k, u) && d->unit[u].side == def) {
            s->unit[u].flags |= ARW_U_CAV_WD; /* GR12.4-b */
            arw_push(g, ARW_T_RETREAT, def, (int)(d->t.retreat_d | ARW_RT_STRICT), u);
        }
    s->stage = ARW_ST_TASKS; /* then the attacker's vanguard and Step 9 */
}

int arw_cav_legal(const gr_game *g, int side, gr_action *out, int cap)
{
    if (arw_cst(g)->stage != ARW_ST_CAV_WD || side != arw_role_side(g, ARW_DEF))
        return 0;
    for (int i = 0; i < 2 && i < cap; i++) {
        memset(&out[i], 0, sizeof out[i]);
        out[i].kind = (uint16_t)(i == 0 ? ARW_A_CAV_WITHDRAW : ARW_A_NO_CAV_WITHDRAW);
        out[i].player = (uint8_t)side;
    }
    return 2;
}
