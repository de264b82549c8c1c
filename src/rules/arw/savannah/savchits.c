/* savchits.c — Savannah's rules on tactical chits: the British tactical
 * doctrine (SR4.15-a, AMB-33 [IT]: no Turn Flank in a combat where British
 * units hold a perimeter hex and every engaged enemy unit is outside the
 * perimeter, attacking or defending), and the semi-leaders (SR4.18), who
 * count as leaders only for chit eligibility:
 *   - Pulaski's Legion (the mounted semi-leader): for itself and the
 *     cavalry of its army stacked with it; not while stacked with a unit
 *     of another type, nor when it attacks in a multi-hex combat;
 *   - Tawes (the dismounted one): only in the Spring Hill Redoubt (1404),
 *     for itself and the units of its side stacked with it; not when it
 *     attacks in a multi-hex combat. */
#include "../arw.h"

int arw_doctrine_barred(const gr_game *g, int k, int role, int c)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int inside = 0, enemy = 0;
    if (c != ARW_CHIT_TURN_FLANK || arw_role_side(g, role) != ARW_BRITISH)
        return 0;
    for (int u = 0; u < d->nunits; u++) {
        if (!arw_participant(g, k, u))
            continue;
        int in = arw_in_zone(d, s->unit[u].hex, ARW_Z_PERIMETER);
        if (d->unit[u].side == ARW_BRITISH)
            inside |= in;
        else if (in)
            return 0; /* an engaged enemy unit inside the perimeter */
        else
            enemy = 1;
    }
    return inside && enemy;
}

/* Distinct hexes of the attacking participants of combat k. */
static int attacking_hexes(const gr_game *g, int k)
{
    const arw_data *d = arw_dat(g);
    int hexes[ARW_MAX_UNITS], n = 0;
    for (int u = 0; u < d->nunits; u++) {
        if (!arw_participant(g, k, u) || d->unit[u].side != arw_role_side(g, ARW_ATT))
            continue;
        int h = arw_cst(g)->unit[u].hex, seen = 0;
        for (int i = 0; i < n; i++)
            seen |= hexes[i] == h;
        if (!seen)
            hexes[n++] = h;
    }
    return n;
}

/* Semi-leader p attacks in a multi-hex combat this phase. */
static int attacks_multi_hex(const gr_game *g, int p)
{
    const arw_state *s = arw_cst(g);
    int k = s->unit[p].combat - 1;
    if (k < 0 || arw_dat(g)->unit[p].side != arw_role_side(g, ARW_ATT))
        return 0;
    return s->combat[k].ndhex > 1 || attacking_hexes(g, k) > 1;
}

/* Non-zero when semi-leader p has its ability now (SR4.18). */
static int semi_able(const gr_game *g, int p)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    if (s->unit[p].box != ARW_BOX_MAP || attacks_multi_hex(g, p))
        return 0;
    if (d->unit[p].kind != ARW_K_CAVALRY) /* Tawes: only in the redoubt */
        return arw_in_zone(d, s->unit[p].hex, ARW_Z_SPRING_HILL);
    for (int v = s->hex[s->unit[p].hex].head; v != ARW_NO_UNIT; v = s->unit[v].next)
        if (arw_is_combat_unit(d, v) && d->unit[v].kind != ARW_K_CAVALRY)
            return 0; /* Pulaski: stacked with another unit type */
    return 1;
}

/* Non-zero when semi-leader p leads unit u for chit eligibility. */
static int semi_leads(const gr_game *g, int p, int u)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    if (u == p)
        return 1;
    if (s->unit[u].hex != s->unit[p].hex || d->unit[u].side != d->unit[p].side)
        return 0;
    if (d->unit[p].kind == ARW_K_CAVALRY) /* Pulaski: American cavalry */
        return d->unit[u].kind == ARW_K_CAVALRY && d->unit[u].army == d->unit[p].army;
    return 1;
}

int arw_semileader_near(const gr_game *g, int k, int role)
{
    const arw_data *d = arw_dat(g);
    int side = arw_role_side(g, role);
    for (int p = 0; p < d->nunits; p++) {
        if (!(d->unit[p].flags & ARW_F_SEMI_LEADER) || d->unit[p].side != side ||
            !semi_able(g, p))
            continue;
        for (int u = 0; u < d->nunits; u++)
            if (arw_participant(g, k, u) && d->unit[u].side == side && semi_leads(g, p, u))
                return 1;
    }
    return 0;
}
