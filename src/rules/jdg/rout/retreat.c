/* retreat.c — retreats and recoils [R10.2-c, R10.3]: a unit that routs
 * retreats 2 hexes (infantry, foot artillery) or 3 (cavalry, horse
 * artillery); a recoil is 1 hex and keeps the unit's facing [R10.3.2].
 * Its owner picks each hex (`retreat by=P unit=U to=HEX`, pending the
 * owner, decision "retreat", in the middle of the other side's
 * activation).  The first hex moves away from every attacker, each later
 * one away from the hex it started in [R10.3.1-a]; no river but at a ford
 * or bridge, nothing impassable [R10.3.4-a]; it ends in a legal stack.
 * Crossing a steep slope, ford or bridge [R10.3.4-b], or entering an enemy
 * front hex in its ZOC [R10.3.5], is one more disorder: a routed unit is
 * eliminated; a recoiling unit that routs so retreats 2/3 hexes more, still
 * away from its first hex (AMB-18).  Only hexes from which the whole
 * retreat can be completed are offered; with none the unit is eliminated
 * [R10.2-c, R10.3.1-c].  It may pass through friends it cannot stack
 * with, each taking a CT (routed: a rout move), going on until it may stop
 * [R10.3.3, R10.5].  A recoil may stay next to an attacker that exerts no
 * ZOC there [R10.3.1-d]; a castle takes a unit with the MP to enter it
 * [R10.3.4-d].  A C-in-C stacked with it goes with it (R2.5.2-b); a
 * square leaves square (R4.2-h). */
#include <assert.h>

#include "rules/jdg/move/move.h"
#include "rules/jdg/shock/shock.h"

int jdg_retreat_length(const jdg_data *d, int u)
{
    int t = d->unit[u].type;
    return t == JDG_CAV || (t == JDG_ART && d->unit[u].horse) ? 3 : 2;
}

/* No unit of side `side` in hex r exerts a ZOC into h. */
static int no_zoc_from(const jdg_data *d, const jdg_state *s, int side, int r, int h)
{
    for (int v = 0; v < d->nunits; v++)
        if (d->unit[v].side == side && s->unit[v].hex == r && jdg_exerts_zoc(d, s, v, h))
            return 0;
    return 1;
}

/* May u (at cur, having made `done` hexes) retreat into h now? */
static int step_ok(const jdg_data *d, const jdg_state *s, int u, int h)
{
    int cur = s->unit[u].hex, side = d->unit[u].side, dir = jdg_dir_to(d, cur, h);
    if (h < 0 || dir < 0 || jdg_side_at(d, s, h, !side, -1))
        return 0;
    unsigned bits = jdg_side_bits(d, cur, dir);
    const jdg_terrain_data *t = &d->terrain_kind[d->terrain[h]];
    int type = d->unit[u].type, mp = d->unit[u].face[s->unit[u].status == JDG_GOOD ? 0 : 1].mp;
    if ((bits & (1u << JDG_HS_IMPASSABLE)) || t->mp[type] < 0 ||
        ((bits & (1u << JDG_HS_RIVER)) &&
         !(bits & ((1u << JDG_HS_FORD) | (1u << JDG_HS_BRIDGE))))) /* [R10.3.4-a] */
        return 0;
    if (t->no_zoc_in && t->mp[type] > mp) /* a castle: enough MP [R10.3.4-d] */
        return 0;
    if (s->rt_done > 0)
        return jdg_dist(d, s->rt_orig, h) == s->rt_done + 1;
    int recoil = (s->unit[u].flags & (JDG_UF_RECOIL | JDG_UF_RETREAT)) == JDG_UF_RECOIL;
    for (int i = 0; i < s->rt_nref; i++) { /* away from every attacker [R10.3.1-a] */
        int r = s->rt_ref[i], dh = jdg_dist(d, r, h), dc = jdg_dist(d, r, cur);
        if (dh > dc)
            continue;
        if (!recoil || dh < dc || !no_zoc_from(d, s, !side, r, h))
            return 0; /* next to it only where it exerts no ZOC [R10.3.1-d] */
    }
    return 1;
}

/* Can the retreat be completed from where t has u?  A hex where u may not
 * stop is passed through [R10.3.3, R10.5-a], and the retreat goes on past
 * its length until u reaches a hex where it may stop.  Past the first hex
 * the hexes left depend on the hex alone (it is rt_done hexes from the
 * start), so a hex found hopeless is marked in dead. */
static int search(const jdg_data *d, jdg_state *t, int u, uint8_t *dead)
{
    int cur = t->unit[u].hex;
    if (t->rt_done >= t->rt_len && jdg_stack_fault(d, t, cur) == NULL)
        return 1;
    if (t->rt_done > 0 && ((dead[cur >> 3] >> (cur & 7)) & 1))
        return 0;
    for (int dir = 0; dir < 6; dir++) {
        int h = jdg_nbr(d, cur, dir);
        if (!step_ok(d, t, u, h))
            continue;
        t->unit[u].hex = (int16_t)h;
        t->rt_done++;
        int ok = search(d, t, u, dead);
        t->rt_done--;
        t->unit[u].hex = (int16_t)cur;
        if (ok)
            return 1;
    }
    if (t->rt_done > 0)
        dead[cur >> 3] |= (uint8_t)(1u << (cur & 7));
    return 0;
}

static int completable(const jdg_data *d, jdg_state *t, int u)
{
    uint8_t dead[JDG_MAX_HEXES / 8 + 1];
    memset(dead, 0, sizeof dead);
    return search(d, t, u, dead);
}

static int hex_offered(const jdg_data *d, const jdg_state *s, int u, int h)
{
    if (!step_ok(d, s, u, h))
        return 0;
    jdg_state t;
    memcpy(&t, s, sizeof t);
    t.unit[u].hex = (int16_t)h;
    t.rt_done++;
    return completable(d, &t, u);
}

/* Starts the next unit marked to retreat or recoil, eliminating those that
 * cannot [R10.2-c, R10.3.1-c]. */
static void start_next(gr_game *g)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    s->rt_unit = -1;
    s->rt_kind = 0;
    for (int u = 0; u < d->nunits; u++) {
        if (!(s->unit[u].flags & (JDG_UF_RETREAT | JDG_UF_RECOIL)))
            continue;
        s->rt_unit = (int8_t)u;
        s->rt_done = 0;
        s->rt_orig = s->unit[u].hex;
        s->rt_len = (uint8_t)(s->unit[u].flags & JDG_UF_RETREAT ? jdg_retreat_length(d, u) : 1);
        jdg_state t;
        memcpy(&t, s, sizeof t);
        if (completable(d, &t, u))
            return;
        jdg_eliminate(g, u); /* [R10.2-c, R10.3.1-c] */
        s->unit[u].flags &= (uint8_t)~JDG_UF_RECOIL;
        s->rt_unit = -1;
    }
    for (int u = 0; u < d->nunits; u++) { /* then the rout moves [R10.2-f, R10.5-b] */
        if (!(s->unit[u].flags & JDG_UF_ROUTMOVE))
            continue;
        s->unit[u].flags &= (uint8_t)~JDG_UF_ROUTMOVE;
        if (!jdg_on_map(s, u) || s->unit[u].status != JDG_ROUTED ||
            (s->unit[u].flags & JDG_UF_ROUT_STOP)) /* it stays [R10.4-d] */
            continue;
        s->rt_unit = (int8_t)u;
        s->rt_kind = 1;
        s->rt_done = 0;
        jdg_routmove_begin(d, s, u);
        s->rt_orig = s->unit[u].hex;
        if (!jdg_routmove_run(g))
            return; /* its owner chooses */
        s->rt_unit = -1;
        s->rt_kind = 0;
    }
}

void jdg_retreat_from(gr_game *g, const int16_t *refs, int nref)
{
    jdg_state *s = jdg_st(g);
    assert(nref >= 1 && nref <= JDG_SH_HEXES);
    for (int i = 0; i < nref; i++)
        s->rt_ref[i] = refs[i];
    s->rt_nref = (uint8_t)nref;
    s->rt_from = refs[0];
    start_next(g);
}

void jdg_retreat_next(gr_game *g, int from)
{
    int16_t ref = (int16_t)from;
    jdg_retreat_from(g, &ref, 1);
}

int jdg_retreat_legal(const gr_game *g, int p, gr_action *out, int cap)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    if (s->rt_kind == 1)
        return jdg_routmove_legal(g, p, out, cap);
    int u = s->rt_unit, n = 0;
    for (int dir = 0; u >= 0 && dir < 6; dir++) {
        int h = jdg_nbr(d, s->unit[u].hex, dir);
        if (!hex_offered(d, s, u, h))
            continue;
        if (n < cap) {
            memset(&out[n], 0, sizeof out[n]);
            out[n].kind = JDG_A_RETREAT;
            out[n].player = (uint8_t)p;
            out[n].nargs = 2;
            out[n].arg[0] = u;
            out[n].arg[1] = h;
        }
        n++;
    }
    return n;
}

/* Disorder for crossing a steep slope, ford or bridge [R10.3.4-b] and for
 * entering an enemy front hex in its ZOC [R10.3.5]. */
static int penalties(const jdg_data *d, const jdg_state *s, int u, int from, int h)
{
    unsigned bits = jdg_side_bits(d, from, jdg_dir_to(d, from, h));
    int n = (bits & ((1u << JDG_HS_STEEP) | (1u << JDG_HS_FORD) | (1u << JDG_HS_BRIDGE))) != 0;
    return n + jdg_enemy_zoc(d, s, d->unit[u].side, h, 1);
}

/* A square forced to recoil or retreat leaves square [R4.2-h]; after a
 * charge it may not form square against the pursuit [R9.3.1-b]. */
static void leave_square(gr_game *g, int u)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    if (!(s->unit[u].flags & JDG_UF_SQUARE))
        return;
    s->unit[u].flags &= (uint8_t)~JDG_UF_SQUARE;
    gr_emitv(g, JDG_E_SQUARE, 2, u, 0);
    if (s->sh_stage != JDG_SH_NONE && jdg_combat_charge(d, s))
        s->unit[u].act2 |= JDG_ACT2_NO_SQUARE;
}

/* A rout move's hex or stop; the next mover when it is over. */
static gr_status rout_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    jdg_state *s = jdg_st(g);
    if (a->kind != JDG_A_ROUT && a->kind != JDG_A_ROUT_STOP && a->kind != JDG_A_ROUT_SHORT)
        return gr_fail(why, "jdg:R10.2-f", "a routed unit is making its rout move");
    if (jdg_routmove_apply(g, a, why) != GR_OK)
        return GR_ERR_ILLEGAL;
    int u = s->rt_unit;
    if ((s->unit[u].flags & JDG_UF_ROUT_STOP) || jdg_routmove_run(g))
        start_next(g);
    return GR_OK;
}

void jdg_pass_through(gr_game *g, int u, int h)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int ct = d->weather[s->turn] == JDG_NIGHT ? 2 : d->weather[s->turn] == JDG_FOG ? 1 : 0;
    for (int v = 0; v < d->nunits; v++) {
        if (v == u || s->unit[v].hex != h || !jdg_on_map(s, v) ||
            d->unit[v].side != d->unit[u].side)
            continue;
        if (s->unit[v].status == JDG_ROUTED)
            s->unit[v].flags |= JDG_UF_ROUTMOVE;
        else
            jdg_cohesion_test(g, v, ct);
    }
}

gr_status jdg_retreat_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    if (s->rt_unit >= 0 && s->rt_kind == 1)
        return rout_apply(g, a, why);
    if (a->kind != JDG_A_RETREAT)
        return gr_fail(why, "jdg:R10.2-c", "a unit is retreating");
    int u = a->arg[0], h = a->arg[1];
    if (u != s->rt_unit || u < 0)
        return gr_fail(why, "jdg:R10.2-c", "that unit is not the one retreating");
    if (h < 0 || h >= d->nhexes || !hex_offered(d, s, u, h))
        return gr_fail(why, "jdg:R10.3.1-a", "a retreat moves away from the attacker, then "
                       "from the hex it routed in, and must be completed");
    int from = s->unit[u].hex, pen = penalties(d, s, u, from, h);
    s->unit[u].hex = (int16_t)h;
    jdg_stack_bottom(d, s, u);
    s->unit[u].shock = 0; /* a declared shock is off once it has moved */
    s->rt_done++;
    gr_emitv(g, JDG_E_RETREATED, 2, u, h);
    jdg_cinc_follow(g, u, from, h); /* [R2.5.2-b] */
    if (s->rt_kind == 0)
        jdg_pursuit_record(s, d->unit[u].side, u, from, h);
    leave_square(g, u);
    if (jdg_stack_fault(d, s, h))
        jdg_pass_through(g, u, h);
    for (int k = 0; k < pen && s->unit[u].status != JDG_ELIMINATED; k++)
        jdg_disorder(g, u);
    if (s->unit[u].status != JDG_ELIMINATED)
        jdg_cinc_contact(g, d->unit[u].side, h, from);
    if ((s->unit[u].flags & JDG_UF_RECOIL) && (s->unit[u].flags & JDG_UF_RETREAT)) {
        s->unit[u].flags &= (uint8_t)~JDG_UF_RECOIL; /* routed while recoiling (AMB-18) */
        s->rt_len = (uint8_t)(s->rt_done + jdg_retreat_length(d, u));
        jdg_state t;
        memcpy(&t, s, sizeof t);
        if (!completable(d, &t, u))
            jdg_eliminate(g, u);
    }
    if (s->unit[u].status == JDG_ELIMINATED ||
        (s->rt_done >= s->rt_len && !jdg_stack_fault(d, s, s->unit[u].hex))) {
        s->unit[u].flags &= (uint8_t)~(JDG_UF_RETREAT | JDG_UF_RECOIL);
        if (s->unit[u].status != JDG_ELIMINATED)
            jdg_take_stack_facing(g, u);
        start_next(g);
    }
    return GR_OK;
}

void jdg_take_stack_facing(gr_game *g, int u)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    if (s->unit[u].status == JDG_ROUTED || !jdg_facing_fault(d, s, s->unit[u].hex))
        return;
    int w[JDG_MAX_UNITS], n = jdg_units_at(d, s, s->unit[u].hex, w, JDG_MAX_UNITS);
    for (int i = 0; i < n; i++) /* the facing of the unit that stayed put [R10.3.2] */
        if (w[i] != u && s->unit[w[i]].status != JDG_ROUTED &&
            (d->unit[w[i]].type == JDG_ART) == (d->unit[u].type == JDG_ART)) {
            s->unit[u].facing = s->unit[w[i]].facing;
            return;
        }
}
