/* savmorale.c — Savannah's morale rules outside the close-combat result
 * checks (SR4.19): the fieldworks +1 of T-MoraleDRM in rally attempts
 * (AMB-80: a unit in the hex that holds the symbol side of fieldworks),
 * denied when any fieldworks hexside of its hex is breached or when enemy
 * units are inside the same works (engine reading: a rallying unit is
 * never adjacent to an enemy, GR15.1-a, so "adjacent and inside the same
 * fieldworks" is read as an enemy combat unit inside the same enclosure:
 * the perimeter for a unit inside it, else the unit's own hex); and the
 * morale checks of the units in works that the enemy breaches and of the
 * units in a town hex destroyed (AMB-35: a failure retreats one hex, no
 * army-morale change), for the siege and bombardment and the cards. */
#include "../arw.h"

/* Fieldworks sides of hex h (crossings into h as the game has them: the
 * map's, completed siegeworks, arw_edge_types); *breached is set when any
 * of them is breached, fully or partly (Cards 25, 34: arw_breached_types). */
static unsigned works_sides(const gr_game *g, int h, int *breached)
{
    unsigned fw = arw_fieldworks_types(arw_dat(g)), sides = 0;
    *breached = 0;
    for (int dir = 0; dir < 6; dir++) {
        unsigned cancelled = arw_breached_types(g, h, dir) & fw;
        if ((arw_edge_types(g, h, dir) & fw) || cancelled)
            sides |= 1u << dir;
        *breached |= cancelled != 0;
    }
    return sides;
}

/* An enemy combat unit inside the enclosure of hex h (see the header). */
static int enemy_inside(const gr_game *g, int h, int side)
{
    const arw_data *d = arw_dat(g);
    if (!arw_in_zone(d, h, ARW_Z_PERIMETER))
        return 0; /* its own hex: never holds the enemy */
    for (int e = 0; e < d->map.nhex; e++)
        if (arw_in_zone(d, e, ARW_Z_PERIMETER) && arw_hex_has_combat(g, e, 1 - side))
            return 1;
    return 0;
}

int arw_rally_works_drm(const gr_game *g, int u)
{
    const arw_data *d = arw_dat(g);
    int h = arw_cst(g)->unit[u].hex, breached;
    if (h < 0 || !works_sides(g, h, &breached) || breached ||
        enemy_inside(g, h, d->unit[u].side))
        return 0;
    return d->t.morale_fieldworks; /* T-MoraleDRM, AMB-80 */
}

int arw_hex_morale_checks(gr_game *g, int h, int h2, int drm, int spared)
{
    const arw_data *d = arw_dat(g);
    int hexes[2] = {h, h2}, pushed = 0;
    for (int i = 0; i < 2; i++)
        for (int u = hexes[i] >= 0 ? arw_cst(g)->hex[hexes[i]].head : ARW_NO_UNIT;
             u != ARW_NO_UNIT && arw_cst(g)->stage != ARW_ST_OVER; u = arw_cst(g)->unit[u].next)
            if (arw_is_combat_unit(d, u) && d->unit[u].side != spared &&
                !arw_morale_check(g, u, arw_rctx_level(g, d->unit[u].army), drm)) {
                arw_push(g, ARW_T_RETREAT, d->unit[u].side, d->t.retreat_r, u); /* AMB-35 */
                pushed++;
            }
    return pushed;
}

int arw_breach_checks(gr_game *g, int h, int dir, int breaker)
{
    return arw_hex_morale_checks(g, h, arw_dat(g)->map.nb[h * 6 + dir], 0, breaker);
}
