/* retreat.c — where a unit may retreat (GR13.21-GR13.24, SR4.19): each hex
 * entered must be free of enemy units and enemy ZOC, enterable terrain and
 * within stacking, and never holds the Negro Volunteers with southern
 * loyalists (SR4.1-2a; when a southern unit cannot avoid it, the Negro
 * Volunteers are captured, SR4.1-2b; a Negro Volunteers unit that cannot is
 * captured like any unit that cannot retreat); a retreat of N hexes ends
 * exactly N hexes away; the end hex is not adjacent to an enemy if
 * possible, then toward the army's HQ if possible. */
#include <stdlib.h>
#include <string.h>

#include "../arw.h"

static int enemy_in(const gr_game *g, int h, int side)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    for (int u = s->hex[h].head; u != ARW_NO_UNIT; u = s->unit[u].next)
        if (d->unit[u].side != side)
            return 1;
    return 0;
}

/* GR7.1 stacking of unit u in h as if it had been reduced (GR13.23-b). */
static int stack_ok_reduced(const gr_game *g, int u, int h)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    int sp = d->unit[u].sp[1];
    for (int v = s->hex[h].head; v != ARW_NO_UNIT; v = s->unit[v].next)
        if (v != u && d->unit[v].side == d->unit[u].side && arw_is_combat_unit(d, v) &&
            d->unit[v].kind != ARW_K_ARTILLERY)
            sp += arw_unit_sp(g, v);
    return sp <= d->t.stack_sp;
}

/* GR13.22-a: may unit u retreat from `from` into adjacent `to`? */
static int step_ok(const gr_game *g, int u, int from, int to, int flags)
{
    int side = arw_dat(g)->unit[u].side;
    if (enemy_in(g, to, side) || arw_zoc(g, to, 1 - side) ||
        !arw_terrain_enterable(g, u, from, to))
        return 0;
    if ((flags & ARW_RT_AVOID) && arw_sr41_clash_hex(g, u, to))
        return 0; /* SR4.1-2a: the Negro Volunteers never pass or stay with southern units */
    return (flags & ARW_RT_REDUCED) ? stack_ok_reduced(g, u, to) : arw_stack_ok(g, u, to);
}

/* Every hex at exactly `dist` from the start reachable by legal steps that
 * each move one hex further away (GR13.24-a).  Returns the count. */
static int reachable(const gr_game *g, int u, int arg, int *out, int cap)
{
    int dist = arg & ARW_RT_DIST;
    const arw_data *d = arw_dat(g);
    int start = arw_cst(g)->unit[u].hex;
    int layer[2][64], n[2] = {1, 0};
    layer[0][0] = start;
    for (int step = 1; step <= dist; step++) {
        int *cur = layer[(step - 1) & 1], *next = layer[step & 1];
        int m = 0;
        for (int i = 0; i < n[(step - 1) & 1]; i++)
            for (int k = 0; k < 6; k++) {
                int to = d->map.nb[cur[i] * 6 + k], seen = 0;
                if (to < 0 || arw_hex_distance(d, start, to) != step)
                    continue;
                for (int j = 0; j < m; j++)
                    seen |= next[j] == to;
                if (!seen && m < 64 && step_ok(g, u, cur[i], to, arg))
                    next[m++] = to; /* (a hex listed already is not asked again) */
            }
        n[step & 1] = m;
    }
    int m = n[dist & 1];
    for (int i = 0; i < m && i < cap; i++)
        out[i] = layer[dist & 1][i];
    return m < cap ? m : cap;
}

/* A retreat of u from `start` that has reached `from` after step - 1
 * steps can go on to an end hex `dist` away (the paths of reachable, one
 * at a time, stopping at the first; GR12.4-a strict: the end hex not next
 * to an enemy). */
static int reach_any(const gr_game *g, int u, int start, int from, int step, int arg)
{
    const arw_data *d = arw_dat(g);
    int dist = arg & ARW_RT_DIST;
    for (int k = 0; k < 6; k++) {
        int to = d->map.nb[from * 6 + k];
        if (to < 0 || arw_hex_distance(d, start, to) != step || !step_ok(g, u, from, to, arg))
            continue;
        if (step < dist ? reach_any(g, u, start, to, step + 1, arg)
                        : !(arg & ARW_RT_STRICT) ||
                              !arw_enemy_adjacent(g, to, arw_dat(g)->unit[u].side))
            return 1;
    }
    return 0;
}

int arw_retreat_any(const gr_game *g, int u, int arg)
{
    int start = arw_cst(g)->unit[u].hex;
    if (start < 0 || (arg & ARW_RT_DIST) < 1)
        return 0;
    if (reach_any(g, u, start, start, 1, arg | ARW_RT_AVOID))
        return 1;
    return arw_sr41_may_force(arw_dat(g), u) && reach_any(g, u, start, start, 1, arg);
}

/* Keeps the hexes for which keep() holds, if there is at least one. */
static int prefer(const gr_game *g, int u, int *hexes, int n,
                  int (*keep)(const gr_game *, int, int))
{
    int m = 0;
    uint8_t kept[64]; /* (n <= 64: reachable) */
    for (int i = 0; i < n; i++)
        m += kept[i] = (uint8_t)(keep(g, u, hexes[i]) != 0);
    if (m == 0 || m == n)
        return n;
    m = 0;
    for (int i = 0; i < n; i++)
        if (kept[i])
            hexes[m++] = hexes[i];
    return m;
}

static int not_adjacent_to_enemy(const gr_game *g, int u, int h)
{
    return !arw_enemy_adjacent(g, h, arw_dat(g)->unit[u].side);
}

/* SR4.19: toward its own army's HQ = closer to it than the start hex. */
static int toward_hq(const gr_game *g, int u, int h)
{
    const arw_data *d = arw_dat(g);
    int hq = d->map.hq[d->unit[u].army];
    if (hq < 0)
        return 1;
    int from = arw_cst(g)->unit[u].hex;
    return arw_hex_distance(d, h, hq) < arw_hex_distance(d, from, hq);
}

static int by_index(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

int arw_retreat_hexes(const gr_game *g, int u, int arg, int *out, int cap)
{
    int hexes[64];
    if (arw_cst(g)->unit[u].hex < 0 || (arg & ARW_RT_DIST) < 1)
        return 0;
    int n = reachable(g, u, arg | ARW_RT_AVOID, hexes, 64);
    if (n == 0 && arw_sr41_may_force(arw_dat(g), u))
        n = reachable(g, u, arg, hexes, 64); /* SR4.1-2b: unavoidable (stackrules.c) */
    if (arg & ARW_RT_STRICT) { /* GR12.4-a: a withdrawal never ends next to an enemy */
        int m = 0;
        for (int i = 0; i < n; i++)
            if (not_adjacent_to_enemy(g, u, hexes[i]))
                hexes[m++] = hexes[i];
        n = m;
    }
    n = prefer(g, u, hexes, n, not_adjacent_to_enemy); /* GR13.21-a, GR13.24-a */
    n = prefer(g, u, hexes, n, toward_hq);             /* GR13.21-a, SR4.19 */
    qsort(hexes, (size_t)n, sizeof hexes[0], by_index);
    for (int i = 0; i < n && i < cap; i++)
        out[i] = hexes[i];
    return n;
}
