/* blunder.c — the blunders ARW counts for agent reports (gr_game_blunder,
 * docs/agents.md "Blunders"): a leader or a battery captured (a lone
 * leader overrun, GR14.31; undefended artillery taken at Step 1, GR12.3;
 * a unit that could not retreat, GR13.23), and a tactic chit chosen for
 * which the side was not eligible (GR12.52, GR12.54: it hands the enemy a
 * DRM), or one another chit it could pick beats or equals against every
 * chit the enemy could pick (weakly dominated in GR12.5's matrix).  Read
 * from the events as they are emitted; nothing is stored. */
#include "../arw.h"

const char *const arw_blunder_names[] = {"leader-captured", "gun-captured", "ineligible-chit",
                                         "dominated-chit", NULL};
enum { BL_LEADER, BL_GUN, BL_CHIT, BL_DOMINATED };

/* Compares chit `alt` with `mine` for role against the rival's chit o:
 * 1 alt better, 0 the same, -1 worse or not comparable (a no-combat cell on
 * one side only, or different withdrawals: Withdraw retreats its side). */
static int compare_against(const gr_game *g, int k, int role, int mine, int alt, int o)
{
    int nc1, nc2, d1, d2;
    d1 = role == ARW_ATT ? arw_tactic_drm(g, k, mine, o, &nc1)
                         : -arw_tactic_drm(g, k, o, mine, &nc1);
    d2 = role == ARW_ATT ? arw_tactic_drm(g, k, alt, o, &nc2)
                         : -arw_tactic_drm(g, k, o, alt, &nc2);
    if (nc1 || nc2)
        return nc1 && nc2 && (mine == ARW_CHIT_WITHDRAW) == (alt == ARW_CHIT_WITHDRAW) ? 0 : -1;
    return d2 > d1 ? 1 : d2 == d1 ? 0 : -1;
}

/* Non-zero when chit c of role in combat k is weakly dominated by another
 * chit the role may pick and is eligible for: as good against every chit
 * the rival may pick, better against one (GR12.5's matrix, GR12.54). */
static int chit_dominated(const gr_game *g, int k, int role, int c)
{
    for (int alt = 1; alt <= ARW_NCHITS; alt++) {
        if (alt == c || !arw_chit_allowed(g, k, role, alt) || !arw_chit_eligible(g, k, role, alt))
            continue;
        int worse = 0, better = 0;
        for (int o = 1; o <= ARW_NCHITS && !worse; o++) {
            if (!arw_chit_allowed(g, k, 1 - role, o))
                continue;
            int cmp = compare_against(g, k, role, c, alt, o);
            worse |= cmp < 0;
            better |= cmp > 0;
        }
        if (!worse && better)
            return 1;
    }
    return 0;
}

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
        int k = e->arg[0] - 1;
        for (int role = ARW_ATT; role <= ARW_DEF && k >= 0 && k < ARW_MAX_COMBATS; role++)
            if (chit_dominated(g, k, role, e->arg[1 + role] + 1)) {
                *player = arw_role_side(g, role);
                return BL_DOMINATED; /* both: the attacker's counted */
            }
    }
    return -1;
}
