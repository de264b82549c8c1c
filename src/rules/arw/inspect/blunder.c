/* blunder.c — the blunders ARW counts for agent reports (gr_game_blunder,
 * docs/agents.md "Blunders"): a leader or a battery captured (a lone
 * leader overrun, GR14.31; undefended artillery taken at Step 1, GR12.3;
 * a unit that could not retreat, GR13.23), and a tactic chit chosen for
 * which the side was not eligible (GR12.52, GR12.54: it hands the enemy a
 * DRM).  Read from the events as they are emitted; nothing is stored. */
#include "../arw.h"

const char *const arw_blunder_names[] = {"leader-captured", "gun-captured", "ineligible-chit",
                                         NULL};
enum { BL_LEADER, BL_GUN, BL_CHIT };

int arw_blunder(const gr_game *g, const gr_event *e, int *player)
{
    const arw_data *d = arw_dat(g);
    if (e->kind == GR_EV_SYSTEM + ARW_E_CAPTURED) {
        int u = e->arg[0];
        if (u < 0 || u >= d->nunits)
            return -1;
        *player = d->unit[u].side;
        return d->unit[u].kind == ARW_K_LEADER      ? BL_LEADER
               : d->unit[u].kind == ARW_K_ARTILLERY ? BL_GUN
                                                    : -1;
    }
    if (e->kind == GR_EV_SYSTEM + ARW_E_CHITS) { /* combat att def drm att-legal def-legal */
        for (int role = ARW_ATT; role <= ARW_DEF; role++)
            if (!e->arg[4 + role]) {
                *player = arw_role_side(g, role);
                return BL_CHIT; /* both ineligible: the attacker's counted */
            }
    }
    return -1;
}
