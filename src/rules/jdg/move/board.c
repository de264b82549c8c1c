/* board.c — position facts the movement and combat rules share: who is in
 * a hex, enemy adjacency, zones of control [R6.2.1], frontal ZOC, the
 * stacking limits [R5.1.1, T9] and the shared facing of a stack
 * [R6.1.1-b]. */
#include <assert.h>

#include "rules/jdg/jdg.h"

int jdg_units_at(const jdg_data *d, const jdg_state *s, int hex, int *out, int cap)
{
    int n = 0;
    for (int u = 0; u < d->nunits; u++)
        if (s->unit[u].hex == hex && jdg_on_map(s, u)) {
            if (n < cap)
                out[n] = u;
            n++;
        }
    return n;
}

int jdg_side_at(const jdg_data *d, const jdg_state *s, int hex, int side, int except)
{
    assert(side == 0 || side == 1);
    for (int i = 0; i < d->nside_units[side]; i++) {
        int u = d->side_unit[side][i];
        if (s->unit[u].hex == hex && u != except && jdg_on_map(s, u))
            return 1;
    }
    return 0;
}

/* The side between v's hex and h stops v's ZOC: impassable to v [R6.2.1-c],
 * a bridge or ford over a river [R6.2.1-d], a wall or fortification, or h a
 * castle entered from outside [R6.2.1-e]. */
static int side_stops_zoc(const jdg_data *d, int from, int h, int type)
{
    int dir = jdg_dir_to(d, from, h);
    unsigned bits = jdg_side_bits(d, from, dir);
    if (bits & ((1u << JDG_HS_RIVER) | (1u << JDG_HS_IMPASSABLE) | (1u << JDG_HS_WALL) |
                (1u << JDG_HS_FORT)))
        return 1;
    for (int k = 0; k < JDG_NSIDEKINDS; k++)
        if ((bits & (1u << k)) && d->side_kind[k].mp[type] < 0)
            return 1;
    return d->terrain_kind[d->terrain[h]].no_zoc_in && d->terrain[from] != d->terrain[h];
}

int jdg_exerts_zoc(const jdg_data *d, const jdg_state *s, int v, int h)
{
    const jdg_unit *un = &s->unit[v];
    if (!jdg_on_map(s, v) || un->status >= JDG_ROUTED || d->unit[v].type == JDG_ART ||
        (un->flags & JDG_UF_SQUARE)) /* [R6.2.1-b] */
        return 0;
    if (h < 0 || jdg_dist(d, un->hex, h) != 1) /* six adjacent hexes [R6.2.1-a] */
        return 0;
    return !side_stops_zoc(d, un->hex, h, d->unit[v].type);
}

int jdg_enemy_zoc(const jdg_data *d, const jdg_state *s, int side, int h, int frontal)
{
    if (h < 0 || h >= d->nhexes)
        return 0;
    assert(side == 0 || side == 1);
    for (int i = 0; i < d->nside_units[1 - side]; i++) {
        int v = d->side_unit[1 - side][i];
        if (s->unit[v].hex >= 0 && jdg_dist(d, s->unit[v].hex, h) == 1 &&
            jdg_exerts_zoc(d, s, v, h) && (!frontal || jdg_is_front(d, s, v, h)))
            return 1;
    }
    return 0;
}

int jdg_enemy_within(const jdg_data *d, const jdg_state *s, int side, int h, int n)
{
    assert(side == 0 || side == 1);
    for (int i = 0; i < d->nside_units[1 - side]; i++) {
        int v = d->side_unit[1 - side][i];
        if (jdg_on_map(s, v) && jdg_dist(d, s->unit[v].hex, h) <= n)
            return 1;
    }
    return 0;
}

/* Stacking limits of the units in one hex [R5.1.1, T9, AMB-40]. */
const char *jdg_stack_fault(const jdg_data *d, const jdg_state *s, int hex)
{
    int u[JDG_MAX_UNITS], n = jdg_units_at(d, s, hex, u, JDG_MAX_UNITS);
    int count[3] = {0, 0, 0}, sp[3] = {0, 0, 0}, routed = 0, square = 0;
    int one_form[3] = {1, 1, 1}, form_of[3] = {-1, -1, -1};
    if (n <= 1)
        return NULL;
    for (int i = 0; i < n; i++) {
        const jdg_unit_data *ud = &d->unit[u[i]];
        const jdg_unit *un = &s->unit[u[i]];
        count[ud->type]++;
        sp[ud->type] += ud->face[un->status == JDG_GOOD ? 0 : 1].sp;
        routed += un->status == JDG_ROUTED;
        square += (un->flags & JDG_UF_SQUARE) != 0;
        if (form_of[ud->type] >= 0 && form_of[ud->type] != ud->formation)
            one_form[ud->type] = 0;
        form_of[ud->type] = ud->formation;
    }
    if (routed && routed != n)
        return "a routed unit may not stack with a unit in good order or disordered";
    if (square && square != n)
        return "a unit in square may not stack with a unit not in square";
    if (count[JDG_INF] && count[JDG_CAV])
        return "infantry may not stack with cavalry";
    if (count[JDG_ART] > 2 || (count[JDG_ART] == 2 && n > 2))
        return "two artillery units stack only with each other";
    if (count[JDG_ART] == 1 && (count[JDG_INF] > 2 || count[JDG_CAV] > 1))
        return "one artillery stacks with one or two infantry or one cavalry";
    for (int t = JDG_INF; t <= JDG_CAV; t++) {
        if (count[t] > 3 || (count[t] == 3 && sp[t] > 6))
            return "at most two units of a type (three with 6 SP or less)";
        if (count[t] > 1 && !one_form[t] && routed != n)
            return "units of the same type stack only within one formation";
    }
    return NULL;
}

/* Every unit of a hex faces the same way, except artillery stacked with
 * infantry or cavalry [R6.1.1-b]; routed units have no facing. */
const char *jdg_facing_fault(const jdg_data *d, const jdg_state *s, int hex)
{
    int u[JDG_MAX_UNITS], n = jdg_units_at(d, s, hex, u, JDG_MAX_UNITS);
    int other = 0;
    for (int i = 0; i < n; i++)
        other += d->unit[u[i]].type != JDG_ART;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i; j++) {
            const jdg_unit *a = &s->unit[u[i]], *b = &s->unit[u[j]];
            int art_i = d->unit[u[i]].type == JDG_ART, art_j = d->unit[u[j]].type == JDG_ART;
            if (a->status == JDG_ROUTED || b->status == JDG_ROUTED || a->facing == b->facing)
                continue;
            if ((art_i || art_j) && other > 0 && !(art_i && art_j))
                continue;
            return "all units in one hex share the same facing";
        }
    return NULL;
}
