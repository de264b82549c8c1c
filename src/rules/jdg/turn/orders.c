/* orders.c — Phase A [R1-A1, R1-A2]: tactical groups [R2.3.1] and the
 * secret, simultaneous giving of orders [R2.3.2].  Each player gives one
 * "orders" action naming the leaders (lowest unit index) of the groups he
 * makes ORDERED; every other group of his is NO_ORDERS.  The first player's
 * commitment is hidden from the other (hidden.c) and statuses stay hidden
 * until the formation's first MA is drawn [R2.4-a]. */
#include <string.h>

#include "rules/jdg/jdg.h"

static int unit_in_play(const jdg_state *s, int u)
{
    return s->unit[u].hex != JDG_OFFMAP && s->unit[u].status != JDG_ELIMINATED;
}

/* Adds to group gi every unit of the formation chained to `seed` within
 * two hexes [R2.3.1-b] (transitive closure, AMB-2 reading dist <= 2). */
static int flood_group(const jdg_data *d, jdg_state *s, int seed, int gi)
{
    int todo[JDG_MAX_UNITS], n = 0, size = 0;
    todo[n++] = seed;
    s->unit[seed].group = (int8_t)gi;
    while (n > 0) {
        int v = todo[--n];
        size++;
        for (int w = 0; w < d->nunits; w++) {
            if (s->unit[w].group >= 0 || !unit_in_play(s, w) ||
                d->unit[w].formation != d->unit[v].formation)
                continue;
            if (jdg_dist(d, s->unit[v].hex, s->unit[w].hex) <= 2) {
                s->unit[w].group = (int8_t)gi;
                todo[n++] = w;
            }
        }
    }
    return size;
}

int jdg_group_in_range(const jdg_data *d, const jdg_state *s, int gi, int *drm)
{
    int found = 0, best = 0;
    const jdg_group *gr = &s->group[gi];
    for (int c = 0; c < d->ncincs; c++) {
        if (d->cinc[c].side != gr->side || s->cinc[c].eliminated ||
            s->cinc[c].hex == JDG_OFFMAP)
            continue;
        for (int u = 0; u < d->nunits; u++) {
            if (s->unit[u].group != gi || !unit_in_play(s, u))
                continue;
            if (jdg_dist(d, s->unit[u].hex, s->cinc[c].hex) <= d->cinc[c].range) {
                if (!found || d->cinc[c].drm > best)
                    best = d->cinc[c].drm;
                found = 1;
                break;
            }
        }
    }
    if (drm)
        *drm = found ? best : 0;
    return found;
}

void jdg_groups_compute(gr_game *g)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    memset(s->group, 0, sizeof s->group);
    for (int u = 0; u < d->nunits; u++)
        s->unit[u].group = -1;
    int ng = 0;
    for (int u = 0; u < d->nunits; u++) {
        if (s->unit[u].group >= 0 || !unit_in_play(s, u))
            continue;
        jdg_group *gr = &s->group[ng];
        gr->leader = (int8_t)u;
        gr->formation = d->unit[u].formation;
        gr->side = d->unit[u].side;
        gr->size = (uint8_t)flood_group(d, s, u, ng);
        ng++;
    }
    s->ngroups = (uint8_t)ng;
    for (int gi = 0; gi < ng; gi++)
        s->group[gi].eligible = (uint8_t)jdg_group_in_range(d, s, gi, NULL);
}

int jdg_order_capacity(const jdg_data *d, const jdg_state *s, int side)
{
    int cap = 0;
    for (int c = 0; c < d->ncincs; c++)
        if (d->cinc[c].side == side && !s->cinc[c].eliminated)
            cap += d->cinc[c].capacity;
    return cap < JDG_MAX_ORDERS ? cap : JDG_MAX_ORDERS;
}

int jdg_group_of_leader(const jdg_state *s, int leader)
{
    for (int gi = 0; gi < s->ngroups; gi++)
        if (s->group[gi].leader == leader)
            return gi;
    return -1;
}

/* ------------------------------------------------------------------ legal */

typedef struct combo {
    const gr_game *g;
    int player;
    int elig[JDG_MAX_UNITS];
    int nelig;
    int chosen[JDG_MAX_ORDERS];
    gr_action *out;
    int cap, n;
} combo;

static void emit_combo(combo *c, int k)
{
    if (c->n < c->cap) {
        gr_action *a = &c->out[c->n];
        memset(a, 0, sizeof *a);
        a->kind = JDG_A_ORDERS;
        a->player = (uint8_t)c->player;
        a->nargs = JDG_MAX_ORDERS;
        for (int i = 0; i < JDG_MAX_ORDERS; i++)
            a->arg[i] = i < k ? c->chosen[i] : GR_NONE;
    }
    c->n++;
}

/* Every subset of the eligible groups of size <= left, in lexicographic
 * order of leader indices. */
static void enumerate(combo *c, int from, int k, int left)
{
    emit_combo(c, k);
    if (left == 0)
        return;
    for (int i = from; i < c->nelig; i++) {
        c->chosen[k] = c->elig[i];
        enumerate(c, i + 1, k + 1, left - 1);
    }
}

int jdg_orders_legal(const gr_game *g, int p, gr_action *out, int cap)
{
    const jdg_state *s = jdg_cst(g);
    combo c;
    memset(&c, 0, sizeof c);
    c.g = g;
    c.player = p;
    c.out = out;
    c.cap = cap;
    for (int gi = 0; gi < s->ngroups; gi++)
        if (s->group[gi].side == p && s->group[gi].eligible)
            c.elig[c.nelig++] = s->group[gi].leader;
    enumerate(&c, 0, 0, jdg_order_capacity(jdg_sd(g), s, p));
    return c.n;
}

/* ------------------------------------------------------------------ apply */

static gr_status check_orders(const gr_game *g, const gr_action *a, gr_error *why)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    int count = 0, prev = -1;
    for (int i = 0; i < a->nargs; i++) {
        int u = a->arg[i];
        if (u == GR_NONE) {
            prev = JDG_MAX_UNITS + 1;
            continue;
        }
        if (prev > JDG_MAX_UNITS)
            return gr_fail(why, "jdg:R2.3.2-a", "orders must be listed without gaps");
        if (u <= prev)
            return gr_fail(why, "jdg:R2.3.2-a",
                           "list each ordered group once, in counter order");
        int gi = u >= 0 && u < d->nunits ? jdg_group_of_leader(s, u) : -1;
        if (gi < 0)
            return gr_fail(why, "jdg:R2.3.1-b", "'%s' does not lead a tactical group",
                           jdg_unit_name(d, u) ? jdg_unit_name(d, u) : "?");
        if (s->group[gi].side != a->player)
            return gr_fail(why, "jdg:R2.3.2-a", "group %s is not yours", d->unit[u].id);
        if (!s->group[gi].eligible)
            return gr_fail(why, "jdg:R2.3.2-b",
                           "no unit of group %s is within the C-in-C's command range",
                           d->unit[u].id);
        prev = u;
        count++;
    }
    int cap = jdg_order_capacity(d, s, a->player);
    if (count > cap)
        return gr_fail(why, "jdg:R2.3.2-a", "%d orders exceed the order capacity %d", count,
                       cap);
    return GR_OK;
}

static int listed(const gr_action *a, int leader)
{
    for (int i = 0; i < a->nargs; i++)
        if (a->arg[i] == leader)
            return 1;
    return 0;
}

gr_status jdg_orders_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    gr_status st = check_orders(g, a, why);
    if (st != GR_OK)
        return st;
    jdg_state *s = jdg_st(g);
    int p = a->player;
    for (int gi = 0; gi < s->ngroups; gi++) {
        jdg_group *gr = &s->group[gi];
        if (gr->side != p)
            continue;
        gr->order = listed(a, gr->leader) ? JDG_ORD_ORDERED : JDG_ORD_NO_ORDERS;
        if (gr_has_sink(g)) {
            gr_event e = {.kind = JDG_E_ORDERS_SECRET, .vis = (uint8_t)(1u << p), .nargs = 2,
                          .arg = {gr->leader, gr->order}};
            gr_emit(g, &e);
        }
    }
    s->committed |= (uint8_t)(1u << p);
    gr_emitv(g, JDG_E_ORDERS_GIVEN, 1, p);
    if (s->committed == 3)
        jdg_phase_b(g);
    return GR_OK;
}
