/* cost.c — what a hex costs to enter [R4.3, T1]: the terrain of the hex
 * entered, plus the features of the hexside crossed, or the road / track
 * rate instead of both when a link joins the two hexes [R4.3.1]; and a
 * unit's movement allowance [R4.1].  Costs are in half MP (road 1/2). */
#include "rules/jdg/move/move.h"

int jdg_terrain_cost(const jdg_data *d, int type, int from, int to, int road_ok)
{
    int dir = jdg_dir_to(d, from, to);
    if (dir < 0)
        return -1;
    unsigned bits = jdg_side_bits(d, from, dir);
    if (road_ok && (bits & (JDG_SF_ROAD | JDG_SF_TRACK))) /* replaces all [R4.3.1-a/c] */
        return (bits & JDG_SF_ROAD) ? d->road_halves : d->track_halves;
    int hex = d->terrain_kind[d->terrain[to]].mp[type];
    if (hex < 0)
        return -1;
    if ((bits & (1u << JDG_HS_RIVER)) &&
        !(bits & ((1u << JDG_HS_FORD) | (1u << JDG_HS_BRIDGE)))) /* [R4.3.2-a] */
        return -1;
    int cost = 2 * hex;
    for (int k = 0; k < JDG_NSIDEKINDS; k++) {
        if (!(bits & (1u << k)) || k == JDG_HS_RIVER)
            continue;
        int m = d->side_kind[k].mp[type];
        if (m < 0)
            return -1;
        /* a slope costs going up (or both ways when the levels are equal);
         * its NA for artillery holds both ways (data brief T1) */
        if (k == JDG_HS_SLOPE && d->level[to] < d->level[from])
            continue;
        cost += 2 * m;
    }
    return cost;
}

int jdg_allowance(const gr_game *g, int u, int forced)
{
    return jdg_allow(jdg_sd(g), jdg_cst(g), u, forced);
}

int jdg_allow(const jdg_data *d, const jdg_state *s, int u, int forced)
{
    const jdg_unit *un = &s->unit[u];
    if (un->status >= JDG_ROUTED)
        return 0;
    int mp = d->unit[u].face[un->status == JDG_GOOD ? 0 : 1].mp;
    int mode = un->group >= 0 ? s->group[un->group].mode : JDG_MODE_UNDECIDED;
    int may_force = 1;
    if (un->flags & JDG_UF_REINF) { /* counts as ORDERED [R5.2.1-c, AMB-27] */
        mode = JDG_MODE_ORDERED;
    } else if (un->flags & JDG_UF_ORD_TURN || un->act & JDG_ACT_ENTERED) { /* [R5.2.1-f/g] */
        mode = JDG_MODE_ORDERED;
        may_force = 0;
    }
    if (un->cf & JDG_CF_CHARGE) /* a charge move: half MP whatever the orders [R9.1-e] */
        return forced || un->charge_at < 0 ? 0 : 2 * ((mp + 1) / 2);
    if (un->act & JDG_ACT_FIRED) /* half if ORDERED, none if not [R4.4.2] */
        return !forced && mode == JDG_MODE_ORDERED ? 2 * ((mp + 1) / 2) : 0;
    switch (mode) {
    case JDG_MODE_ORDERED: return forced ? (may_force ? 4 * mp : 0) : 2 * mp; /* [R4.1.1/3] */
    case JDG_MODE_REDUCED: return forced ? 0 : 2 * ((mp + 1) / 2);             /* [R4.1.2] */
    default: return 0;
    }
}
