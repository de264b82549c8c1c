/* blunder.c — the blunders ARW counts for agent reports (gr_game_blunder,
 * docs/agents.md "Blunders", issue 19):
 *   - a leader captured alone (GR14.31: a lone leader overrun by an enemy
 *     entering his hex, the one way a leader is captured);
 *   - a battery captured alone (GR12.3-b: every defender artillery, taken
 *     at Step 1), and a battery captured otherwise (GR13.23: it could not
 *     retreat), counted apart;
 *   - a tactic chit chosen for which the side was not eligible (GR12.52,
 *     GR12.54: it hands the enemy a DRM), or one another chit it could
 *     pick beats or equals against every chit the enemy could pick (weakly
 *     dominated in GR12.5's matrix);
 *   - the victory hex (SR2.8) entered by the enemy, or with HS-victory a
 *     town hex entered by a ready Allied unit, while a ready combat unit of
 *     the side losing it stood within BL_HOLD hexes (one that could have
 *     held it);
 *   - an attack at odds of 1-2 or worse with the attacker's army within
 *     BL_LAST morale points of demoralization (GR16.3).
 * Read from the events as they are emitted (g as it is then); nothing is
 * stored. */
#include "../arw.h"

const char *const arw_blunder_names[] = {"leader-alone",    "gun-alone",      "gun-captured",
                                         "ineligible-chit", "dominated-chit", "victory-hex-lost",
                                         "desperate-attack", NULL};
enum { BL_LEADER, BL_GUN_ALONE, BL_GUN, BL_CHIT, BL_DOMINATED, BL_VICTORY_HEX, BL_DESPERATE };
/* Report thresholds, not rulebook numbers: the hexes within which a unit
 * could have held a victory hex, the army morale points above the
 * demoralization level that are an army's last, and the best odds column
 * that counts as desperate (arw_col_names: 0 "1-3", 1 "1-2"). */
enum { BL_HOLD = 2, BL_LAST = 3, BL_DESPERATE_COLUMN = 1 };

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

/* Non-zero when a ready combat unit of `side` stands within BL_HOLD hexes
 * of hex h. */
static int could_hold(const gr_game *g, int h, int side)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    const int16_t *near = &d->map.near[(size_t)h * ARW_NEAR];
    for (int j = 0; j < arw_near_count(BL_HOLD); j++)
        for (int u = near[j] >= 0 ? s->hex[near[j]].head : ARW_NO_UNIT; u != ARW_NO_UNIT;
             u = s->unit[u].next)
            if (d->unit[u].side == side && arw_is_ready(g, u))
                return 1;
    return 0;
}

/* Unit u's side entered the victory hex h (SR2.8) first, u alone of its
 * side there: the enemy's blunder when he could have held it. */
static int victory_hex_entered(const gr_game *g, int u, int h, int *player)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    if (h < 0 || h != d->map.victory_hex || u < 0 || u >= d->nunits)
        return -1;
    int side = d->unit[u].side;
    for (int v = s->hex[h].head; v != ARW_NO_UNIT; v = s->unit[v].next)
        if (v != u && d->unit[v].side == side)
            return -1; /* (held already: not the first to enter) */
    *player = 1 - side;
    return could_hold(g, h, 1 - side) ? BL_VICTORY_HEX : -1;
}

/* HS-victory ended the game: the town hex a ready Allied unit stands in,
 * the British blunder when they could have held it. */
static int town_entered(const gr_game *g, int *player)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    if (!(d->rules & ARW_SR_HS_VICTORY))
        return -1;
    for (int i = 0; i < d->map.ntowns; i++)
        for (int u = s->hex[d->map.towns[i]].head; u != ARW_NO_UNIT; u = s->unit[u].next)
            if (d->unit[u].side == ARW_ALLIED && arw_is_ready(g, u)) {
                *player = ARW_BRITISH;
                return could_hold(g, d->map.towns[i], ARW_BRITISH) ? BL_VICTORY_HEX : -1;
            }
    return -1;
}

/* A captured unit u: a lone leader, a battery alone at Step 1 of the
 * current combat, another battery; none for other units. */
static int captured(const gr_game *g, int u, int *player)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    if (u < 0 || u >= d->nunits)
        return -1;
    *player = d->unit[u].side;
    if (d->unit[u].kind == ARW_K_LEADER)
        return BL_LEADER; /* GR14.31 (command.c, arw_capture_lone_leaders) */
    if (d->unit[u].kind != ARW_K_ARTILLERY)
        return -1;
    int k = s->cur - 1; /* (1-based: the combat being resolved) */
    int alone = s->phase == ARW_PH_CLOSE_COMBAT && k >= 0 && k < s->ncombats &&
                (s->combat[k].flags & ARW_CF_ART_CAPTURE); /* (no roll: no other capture) */
    return alone ? BL_GUN_ALONE : BL_GUN;
}

/* The chits of a combat: an ineligible chit, else a dominated one. */
static int chits_chosen(const gr_game *g, const gr_event *e, int *player)
{
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
    return -1;
}

/* The odds of combat k were set: desperate at 1-2 or worse with the
 * attacker's army at its last morale points. */
static int odds_set(const gr_game *g, int k, int column, int *player)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    if (k < 0 || k >= s->ncombats || column > BL_DESPERATE_COLUMN)
        return -1;
    int army = s->combat[k].army[ARW_ATT];
    *player = arw_role_side(g, ARW_ATT);
    return army < ARW_NARMIES && s->morale[army] <= d->t.demoralized_at + BL_LAST ? BL_DESPERATE
                                                                                  : -1;
}

int arw_blunder(const gr_game *g, const gr_event *e, int *player)
{
    switch (e->kind - GR_EV_SYSTEM) {
    case ARW_E_CAPTURED: return captured(g, e->arg[0], player);
    case ARW_E_CHITS: return chits_chosen(g, e, player);
    case ARW_E_MOVE: return victory_hex_entered(g, e->arg[0], e->arg[2], player);
    case ARW_E_ADVANCE: return victory_hex_entered(g, e->arg[0], e->arg[1], player);
    case ARW_E_GAME_OVER:
        return e->arg[0] == ARW_OUT_ALLIED_DECISIVE ? town_entered(g, player) : -1;
    case ARW_E_ODDS: return odds_set(g, e->arg[0] - 1, e->arg[3], player);
    default: return -1;
    }
}
