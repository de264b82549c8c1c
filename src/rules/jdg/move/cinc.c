/* cinc.c — the commanders-in-chief on the map [2.5]: a C-in-C moves once
 * per turn, up to 7 MP, in the movement step of any activation of his
 * side, one hex at a time (`lead`, then `halt`), at cavalry costs and with
 * no ZOC stop (AMB-29), never ending alone in an enemy ZOC [R2.5.1-c/d].
 * When an enemy unit comes next to him he retreats 1 or 2 hexes — or,
 * stacked with a friendly unit, may stay —, decided by his owner in the
 * middle of the other side's move (`cinc-retreat`, `cinc-stay`); with no
 * retreat free of enemy units he is eliminated [R2.5.2-a/d], and his side
 * can give no more orders (R2.5.2-e, through the order capacity). */
#include "rules/jdg/move/move.h"

#define CINC_HALF_MP 14 /* 7 MP [R2.5.1-c] */

int jdg_cinc_ref(const jdg_data *d, int c)
{
    return d->nunits + d->nmarkers + c;
}

int jdg_cinc_of_ref(const jdg_data *d, int ref)
{
    int c = ref - d->nunits - d->nmarkers;
    return c >= 0 && c < d->ncincs ? c : -1;
}

int jdg_contact_cinc(const jdg_state *s)
{
    for (int c = 0; c < JDG_MAX_CINCS; c++)
        if (s->contact & (1u << c))
            return c;
    return -1;
}

static void eliminate_trapped(gr_game *g);
static void cinc_lost(gr_game *g, int c);

static int cinc_alive(const jdg_state *s, int c)
{
    return !s->cinc[c].eliminated && s->cinc[c].hex != JDG_OFFMAP;
}

void jdg_cinc_contact(gr_game *g, int side, int h, int before)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    for (int c = 0; c < d->ncincs; c++) {
        if (d->cinc[c].side == side || !cinc_alive(s, c) || jdg_dist(d, h, s->cinc[c].hex) != 1 ||
            (before >= 0 && jdg_dist(d, before, s->cinc[c].hex) == 1))
            continue;
        s->contact = (uint8_t)(s->contact | (1u << c));
        gr_emitv(g, JDG_E_CINC_CONTACT, 1, jdg_cinc_ref(d, c));
    }
    eliminate_trapped(g);
}

/* Another unit of u's side stays in hex h: not leaving it in a retreat,
 * recoil or rout move. */
static int friend_stays(const jdg_data *d, const jdg_state *s, int u, int h)
{
    unsigned going = JDG_UF_RETREAT | JDG_UF_RECOIL | JDG_UF_ROUTMOVE;
    for (int v = 0; v < d->nunits; v++)
        if (v != u && s->unit[v].hex == h && jdg_on_map(s, v) &&
            d->unit[v].side == d->unit[u].side && !(s->unit[v].flags & going))
            return 1;
    return 0;
}

void jdg_cinc_follow(gr_game *g, int u, int from, int to)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    for (int c = 0; c < d->ncincs; c++) {
        if (d->cinc[c].side != d->unit[u].side || !cinc_alive(s, c) ||
            s->cinc[c].hex != from || friend_stays(d, s, u, from))
            continue;
        if (to == JDG_OFFMAP) { /* off the map with it [R2.5.2-c, R10.4-g] */
            cinc_lost(g, c);
        } else {
            s->cinc[c].hex = (int16_t)to;
            gr_emitv(g, JDG_E_CINC_MOVED, 4, jdg_cinc_ref(d, c), to, 0, s->cinc[c].spent);
        }
    }
}

/* "lead": the C-in-C of the active side enters an adjacent hex. */
static gr_status check_lead(const jdg_data *d, const jdg_state *s, int c, int to, int *cost,
                            gr_error *why)
{
    if (s->phase != JDG_PH_ACTIVATION || s->step != JDG_STEP_MOVE)
        return gr_fail(why, "jdg:R2.5.1-c", "a C-in-C moves in the movement step");
    if (c < 0 || d->cinc[c].side != d->marker[s->active].side || !cinc_alive(s, c))
        return gr_fail(why, "jdg:R2.5.1-c", "not a C-in-C of the activated side on the map");
    if (s->mover >= 0 || (s->cinc_mover >= 0 && s->cinc_mover != c))
        return gr_fail(why, "jdg:R4.4.1-b", "another move is under way: it finishes first");
    if (s->cinc[c].moved && s->cinc_mover != c)
        return gr_fail(why, "jdg:R2.5.1-c", "a C-in-C moves once per turn");
    int from = s->cinc[c].hex, side = d->cinc[c].side;
    if (to < 0 || to >= d->nhexes || jdg_dir_to(d, from, to) < 0)
        return gr_fail(why, "jdg:R4.4.1-a", "one adjacent hex at a time");
    if (jdg_side_at(d, s, to, !side, -1))
        return gr_fail(why, "jdg:R5.1.2-a", "no hex with an enemy unit");
    *cost = jdg_terrain_cost(d, JDG_CAV, from, to, !jdg_enemy_within(d, s, side, to, 1));
    if (*cost < 0)
        return gr_fail(why, "jdg:R4.3-a", "not passable for him (cavalry costs, AMB-29)");
    if (s->cinc[c].spent + *cost > CINC_HALF_MP)
        return gr_fail(why, "jdg:R2.5.1-c", "a C-in-C moves up to 7 MP");
    if (!jdg_enemy_zoc(d, s, side, to, 0) || jdg_side_at(d, s, to, side, -1))
        return GR_OK;
    jdg_state t; /* alone in an enemy ZOC: only if he can go on [R2.5.1-d] */
    memcpy(&t, s, sizeof t);
    t.cinc[c].hex = (int16_t)to;
    t.cinc[c].spent = (uint8_t)(t.cinc[c].spent + *cost);
    t.cinc[c].moved = 1;
    t.cinc_mover = (int8_t)c;
    for (int dir = 0, c2; dir < 6; dir++) {
        int next = jdg_nbr(d, to, dir);
        if (next >= 0 && check_lead(d, &t, c, next, &c2, NULL) == GR_OK)
            return GR_OK;
    }
    return gr_fail(why, "jdg:R2.5.1-d", "a C-in-C may not end alone in an enemy ZOC, and could "
                   "not go on from there");
}

static gr_status check_halt(const jdg_data *d, const jdg_state *s, int c, gr_error *why)
{
    if (c < 0 || s->cinc_mover != c)
        return gr_fail(why, "jdg:R2.5.1-c", "that C-in-C is not moving");
    int h = s->cinc[c].hex, side = d->cinc[c].side;
    if (jdg_enemy_zoc(d, s, side, h, 0) && !jdg_side_at(d, s, h, side, -1))
        return gr_fail(why, "jdg:R2.5.1-d", "a C-in-C may not end alone in an enemy ZOC");
    return GR_OK;
}

/* A retreat hex 1 or 2 hexes away, through hexes free of enemy units. */
static int retreat_ok(const jdg_data *d, const jdg_state *s, int c, int to)
{
    int from = s->cinc[c].hex, side = d->cinc[c].side, k = to >= 0 ? jdg_dist(d, from, to) : 0;
    if (k < 1 || k > 2 || jdg_side_at(d, s, to, !side, -1))
        return 0;
    for (int dir = 0; dir < 6; dir++) {
        int mid = jdg_nbr(d, from, dir);
        if (mid < 0 || jdg_side_at(d, s, mid, !side, -1) ||
            jdg_terrain_cost(d, JDG_CAV, from, mid, 1) < 0)
            continue;
        if (mid == to || (k == 2 && jdg_dir_to(d, mid, to) >= 0 &&
                          jdg_terrain_cost(d, JDG_CAV, mid, to, 1) >= 0))
            return 1;
    }
    return 0;
}

static int can_retreat(const jdg_data *d, const jdg_state *s, int c)
{
    for (int h = 0; h < d->nhexes; h++)
        if (retreat_ok(d, s, c, h))
            return 1;
    return 0;
}

static gr_status apply_contact(gr_game *g, const gr_action *a, int c, gr_error *why)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    if (c != jdg_contact_cinc(s))
        return gr_fail(why, "jdg:R2.5.2-a", "that C-in-C is not the one in contact");
    int h = s->cinc[c].hex, stacked = jdg_side_at(d, s, h, d->cinc[c].side, -1);
    if (a->kind == JDG_A_CINC_STAY && !stacked)
        return gr_fail(why, "jdg:R2.5.2-a", "a C-in-C alone must retreat");
    if (a->kind == JDG_A_CINC_RETREAT && !retreat_ok(d, s, c, a->arg[1]))
        return gr_fail(why, "jdg:R2.5.2-a", "a C-in-C retreats 1 or 2 hexes, never through "
                       "enemy units");
    if (a->kind == JDG_A_CINC_RETREAT) {
        s->cinc[c].hex = (int16_t)a->arg[1];
        gr_emitv(g, JDG_E_CINC_MOVED, 4, jdg_cinc_ref(d, c), a->arg[1], 0, s->cinc[c].spent);
    }
    s->contact = (uint8_t)(s->contact & ~(1u << c));
    return GR_OK;
}

/* C-in-C c is eliminated; with his side's capacity gone its groups are
 * NO_ORDERS from then on [R2.5.2-e]. */
static void cinc_lost(gr_game *g, int c)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int side = d->cinc[c].side, ordered = 0;
    s->cinc[c].eliminated = 1;
    s->cinc[c].hex = JDG_OFFMAP;
    s->contact = (uint8_t)(s->contact & ~(1u << c));
    gr_emitv(g, JDG_E_CINC_ELIMINATED, 1, jdg_cinc_ref(d, c));
    for (int i = 0; i < s->ngroups; i++)
        ordered += s->group[i].side == side && s->group[i].order == JDG_ORD_ORDERED;
    for (int i = 0; i < s->ngroups && ordered > jdg_order_capacity(d, s, side); i++)
        if (s->group[i].side == side && s->group[i].order == JDG_ORD_ORDERED) {
            s->group[i].order = JDG_ORD_NO_ORDERS;
            ordered--;
        }
}

/* A C-in-C in contact with no way out: eliminated at once [R2.5.2-d]. */
static void eliminate_trapped(gr_game *g)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int c;
    while ((c = jdg_contact_cinc(s)) >= 0 && !can_retreat(d, s, c) &&
           !jdg_side_at(d, s, s->cinc[c].hex, d->cinc[c].side, -1))
        cinc_lost(g, c);
}

gr_status jdg_cinc_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int c = jdg_cinc_of_ref(d, a->arg[0]), cost;
    if (a->kind == JDG_A_CINC_RETREAT || a->kind == JDG_A_CINC_STAY) {
        gr_status st = apply_contact(g, a, c, why);
        if (st == GR_OK)
            eliminate_trapped(g);
        return st;
    }
    if (a->kind == JDG_A_HALT) {
        if (check_halt(d, s, c, why) != GR_OK)
            return GR_ERR_ILLEGAL;
        s->cinc_mover = -1;
        return GR_OK;
    }
    if (check_lead(d, s, c, a->arg[1], &cost, why) != GR_OK)
        return GR_ERR_ILLEGAL;
    s->cinc[c].hex = (int16_t)a->arg[1];
    s->cinc[c].spent = (uint8_t)(s->cinc[c].spent + cost);
    s->cinc[c].moved = 1;
    s->cinc_mover = (int8_t)c;
    gr_emitv(g, JDG_E_CINC_MOVED, 4, jdg_cinc_ref(d, c), a->arg[1], cost, s->cinc[c].spent);
    return GR_OK;
}

/* Legal-list helper for the C-in-C actions. */
static int add(gr_action *out, int cap, int n, int kind, int p, int a0, int a1)
{
    if (n < cap) {
        memset(&out[n], 0, sizeof out[n]);
        out[n].kind = (uint16_t)kind;
        out[n].player = (uint8_t)p;
        out[n].nargs = a1 >= 0 ? 2 : 1;
        out[n].arg[0] = a0;
        out[n].arg[1] = a1 >= 0 ? a1 : 0;
    }
    return n + 1;
}

int jdg_cinc_legal(const gr_game *g, int p, gr_action *out, int cap, int n)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    int c = jdg_contact_cinc(s), cost;
    if (c >= 0) {
        for (int h = 0; h < d->nhexes; h++)
            if (retreat_ok(d, s, c, h))
                n = add(out, cap, n, JDG_A_CINC_RETREAT, p, jdg_cinc_ref(d, c), h);
        if (jdg_side_at(d, s, s->cinc[c].hex, d->cinc[c].side, -1))
            n = add(out, cap, n, JDG_A_CINC_STAY, p, jdg_cinc_ref(d, c), -1);
        return n;
    }
    for (c = 0; c < d->ncincs; c++) {
        if (!cinc_alive(s, c))
            continue;
        for (int dir = 0; dir < 6; dir++) {
            int to = jdg_nbr(d, s->cinc[c].hex, dir);
            if (to >= 0 && check_lead(d, s, c, to, &cost, NULL) == GR_OK)
                n = add(out, cap, n, JDG_A_LEAD, p, jdg_cinc_ref(d, c), to);
        }
        if (check_halt(d, s, c, NULL) == GR_OK)
            n = add(out, cap, n, JDG_A_HALT, p, jdg_cinc_ref(d, c), -1);
    }
    return n;
}
