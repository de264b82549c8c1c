/* step.c — may a unit enter an adjacent hex now, and at what cost: the
 * movement step's checks of rules 4 to 6 (order status and mode, one unit
 * at a time, terrain and links, enemy units, zones of control, forced
 * march, passing through friends, the allowance).  Every refusal cites the
 * rule; the same checks build the legal list (move.c) and the whole moves'
 * paths (path.c), which keep what they learn of each hex in a jdg_facts
 * while no other unit moves. */
#include "rules/jdg/move/move.h"

gr_status jdg_may_act(const jdg_data *d, const jdg_state *s, int u, gr_error *why)
{
    int f = s->active >= 0 ? d->marker[s->active].formation : -1;
    if (s->phase != JDG_PH_ACTIVATION || s->step != JDG_STEP_MOVE)
        return gr_fail(why, "jdg:R1-D3", "movement only in the movement step of an activation");
    if (u < 0 || u >= d->nunits)
        return gr_failst(why, GR_ERR_ARG, NULL, "no such unit");
    const jdg_unit *un = &s->unit[u];
    /* a unit in the middle of its move may always finish it (a reinforcement
     * that has just lost its status, R5.2.1-d, stops where it is) */
    int free = (un->flags & (JDG_UF_REINF | JDG_UF_ORD_TURN)) || (un->act & JDG_ACT_ENTERED) ||
               s->mover == u;
    if (d->unit[u].formation != f || !jdg_on_map(s, u) || (un->group < 0 && !free))
        return gr_fail(why, "jdg:R2.2-a", "%s is not a unit of the activated formation on the map",
                       d->unit[u].id);
    if (un->status == JDG_ROUTED)
        return gr_fail(why, "jdg:R10.2-d", "%s is routed: it moves only in Phase E",
                       d->unit[u].id);
    if (un->group >= 0 && s->group[un->group].mode == JDG_MODE_REORG_ONLY)
        return gr_fail(why, "jdg:R2.4.3-e", "%s failed its commander initiative: it may only "
                       "reorganise", d->unit[u].id);
    if (s->mover >= 0 && s->mover != u)
        return gr_fail(why, "jdg:R4.4.1-b", "%s is moving: it finishes its move (stop) first",
                       d->unit[s->mover].id);
    if (s->cinc_mover >= 0)
        return gr_fail(why, "jdg:R4.4.1-b", "the C-in-C is moving: he halts first");
    if (un->act & JDG_ACT_DONE)
        return gr_fail(why, "jdg:R4.4.1-b", "%s has finished its move", d->unit[u].id);
    return GR_OK;
}

/* What the checks below ask about a hex, each bit of jdg_facts. */
enum {
    F_ENEMY = 1,   /* a unit of the other side there                  */
    F_FRIEND = 2,  /* a unit of u's side there, u left out             */
    F_SQUARE = 4,  /* a unit in square there                          */
    F_ZOC = 8,     /* in the ZOC of a unit of the other side          */
    F_FZOC = 16,   /* in its frontal ZOC                              */
    F_NEAR1 = 32,  /* a unit of the other side within 1 hex           */
    F_NEAR5 = 64,  /* ... within 5 hexes                              */
    F_ENTRY = 128, /* in or next to an enemy entry hex with units due */
};

/* Marks fact bit of hex h (on the map or -1). */
static void mark(jdg_facts *f, int h, int bit)
{
    if (h >= 0)
        f->bits[h] = (uint8_t)(f->bits[h] | bit);
}

void jdg_facts_init(jdg_facts *f, const jdg_data *d, const jdg_state *s, int u)
{
    int side = d->unit[u].side;
    memset(f->bits, 0, sizeof f->bits);
    /* the unit facts, known everywhere at once: one pass over the units */
    memset(f->known, F_ENEMY | F_FRIEND | F_SQUARE | F_ZOC | F_FZOC | F_NEAR1, sizeof f->known);
    f->u = u;
    f->search = 0;
    for (int v = 0; v < d->nunits; v++) {
        int h = s->unit[v].hex;
        if (!jdg_on_map(s, v) || h < 0 || h >= d->nhexes)
            continue;
        if (s->unit[v].flags & JDG_UF_SQUARE)
            mark(f, h, F_SQUARE);
        if (d->unit[v].side == side) {
            if (v != u)
                mark(f, h, F_FRIEND);
            continue;
        }
        mark(f, h, F_ENEMY | F_NEAR1);
        for (int dir = 0; dir < 6; dir++) {
            int n = jdg_nbr(d, h, dir);
            if (n < 0)
                continue;
            mark(f, n, F_NEAR1);
            if (jdg_exerts_zoc(d, s, v, n))
                mark(f, n, jdg_is_front(d, s, v, n) ? F_ZOC | F_FZOC : F_ZOC);
        }
    }
}

/* Fact `bit` of hex h (on the map) for unit u, from f when known there. */
static int fact(jdg_facts *f, const jdg_data *d, const jdg_state *s, int u, int h, int bit)
{
    if (f && (f->known[h] & bit))
        return (f->bits[h] & bit) != 0;
    int side = d->unit[u].side, v;
    switch (bit) {
    case F_ENEMY: v = jdg_side_at(d, s, h, !side, -1); break;
    case F_FRIEND: v = jdg_side_at(d, s, h, side, u); break;
    case F_SQUARE: v = jdg_square_at(d, s, h); break;
    case F_ZOC: v = jdg_enemy_zoc(d, s, side, h, 0); break;
    case F_FZOC: v = jdg_enemy_zoc(d, s, side, h, 1); break;
    case F_NEAR1: v = jdg_enemy_within(d, s, side, h, 1); break;
    case F_NEAR5: v = jdg_enemy_within(d, s, side, h, 5); break;
    default: v = jdg_enemy_entry_near(d, s, side, h); break;
    }
    if (f && f->u == u) {
        f->known[h] = (uint8_t)(f->known[h] | bit);
        if (v)
            f->bits[h] = (uint8_t)(f->bits[h] | bit);
    }
    return v;
}

/* Forced march conditions [R4.1.3, R10.1-c, T12]. */
static gr_status check_forced(const jdg_data *d, const jdg_state *s, int u, int to,
                              jdg_facts *f, gr_error *why)
{
    const jdg_unit *un = &s->unit[u];
    int reinf = (un->flags & JDG_UF_REINF) != 0;
    if (!reinf && (un->group < 0 || s->group[un->group].mode != JDG_MODE_ORDERED))
        return gr_fail(why, "jdg:R4.1.3-a", "only an ORDERED unit may force march");
    if (un->status != JDG_GOOD)
        return gr_fail(why, "jdg:R10.1-c", "a disordered unit may not force march");
    if (d->weather[s->turn] != JDG_DAY && !reinf) /* reinforcements excepted [12] */
        return gr_fail(why, d->weather[s->turn] == JDG_NIGHT ? "jdg:R12.1" : "jdg:R12.2",
                       "no forced march at night or in fog");
    if ((!(un->act & JDG_ACT_STEPPED) && fact(f, d, s, u, un->hex, F_NEAR5)) ||
        fact(f, d, s, u, to, F_NEAR5))
        return gr_fail(why, "jdg:R4.1.3-a", "a forced march stays more than 5 hexes from "
                       "every enemy unit");
    if (fact(f, d, s, u, to, F_FRIEND))
        return gr_fail(why, "jdg:R4.1.3-c", "a forced march may not enter a hex with a "
                       "friendly unit");
    return GR_OK;
}

/* Leaving an enemy ZOC with the first hex [R6.2.2-e]. */
static gr_status check_leave_zoc(const jdg_data *d, const jdg_state *s, int u, int to,
                                 jdg_facts *f, gr_error *why)
{
    int side = d->unit[u].side, from = s->unit[u].hex;
    if (fact(f, d, s, u, to, F_FZOC))
        return gr_fail(why, "jdg:R6.2.2-e", "leaving an enemy ZOC, the first hex may not be "
                       "in the frontal ZOC of an enemy unit");
    for (int v = 0; v < d->nunits; v++)
        if (d->unit[v].side != side && jdg_exerts_zoc(d, s, v, from) &&
            jdg_exerts_zoc(d, s, v, to))
            return gr_fail(why, "jdg:R6.2.2-e", "no move from one ZOC hex of %s straight into "
                           "another", d->unit[v].id);
    return GR_OK;
}

/* ZOC restrictions and extra costs of entering `to` [R6.2.2]. */
static gr_status check_zoc(const jdg_data *d, const jdg_state *s, int u, int to, int *extra,
                           jdg_facts *f, gr_error *why)
{
    const jdg_unit *un = &s->unit[u];
    int side = d->unit[u].side, w = d->weather[s->turn];
    *extra = 0;
    if (!(un->act & JDG_ACT_STEPPED) && fact(f, d, s, u, un->hex, F_ZOC)) {
        if (check_leave_zoc(d, s, u, to, f, why) != GR_OK)
            return GR_ERR_ILLEGAL;
        *extra += 2; /* +1 MP */
    }
    if (w == JDG_NIGHT && un->status == JDG_DISORDERED && fact(f, d, s, u, to, F_NEAR1))
        return gr_fail(why, "jdg:R6.2.2-h", "at night a disordered unit may not move into "
                       "contact with the enemy");
    if (!fact(f, d, s, u, to, F_ZOC))
        return GR_OK;
    if (s->formation[d->unit[u].formation].demoralised)
        return gr_fail(why, "jdg:R6.2.2-g", "a demoralised formation may not enter an enemy ZOC");
    if (d->unit[u].type == JDG_ART && !jdg_friendly_infantry_at(d, s, to, side))
        return gr_fail(why, "jdg:R6.2.2-c", "artillery enters an enemy ZOC only into a hex "
                       "with friendly infantry");
    *extra += (un->status == JDG_DISORDERED ? 2 : 0) + (w == JDG_NIGHT ? 4 : 0) +
              (w == JDG_FOG ? 2 : 0); /* [R6.2.2-b, AMB-25] */
    return GR_OK;
}

/* A unit may pass through a hex where it could not end its move
 * [R5.1.2-d, R5.2.3-a] only if it can go on from there: some next step must be
 * legal (the check recurses along a chain of such hexes; each step costs
 * at least one half MP, so the depth is bounded by the allowance). */
static gr_status passing_through(const jdg_data *d, const jdg_state *s, int u, int to,
                                 int forced, int cost, jdg_facts *f, gr_error *why)
{
    if (f && f->search)
        return GR_OK; /* the path search goes on from `to` itself (path.c) */
    int entry = fact(f, d, s, u, to, F_ENTRY); /* no stop there [R5.2.3-a] */
    if (!entry && !fact(f, d, s, u, to, F_FRIEND))
        return GR_OK; /* no friend there: nothing to pass through */
    jdg_state t;
    memcpy(&t, s, sizeof t);
    t.unit[u].hex = (int16_t)to;
    t.unit[u].spent = (uint8_t)(t.unit[u].spent + cost);
    t.unit[u].act |= JDG_ACT_MOVED | JDG_ACT_STEPPED | (forced ? JDG_ACT_FORCED : 0);
    t.mover = (int8_t)u;
    if ((t.unit[u].flags & JDG_UF_REINF) && fact(f, d, s, u, to, F_NEAR5))
        t.unit[u].flags &= (uint8_t)~JDG_UF_REINF; /* lost on arrival there [R5.2.1-d] */
    const char *fault = entry ? "next to an enemy entry hex with reinforcements due"
                              : jdg_stack_fault(d, &t, to);
    if (!fault)
        return GR_OK;
    for (int dir = 0; dir < 6; dir++) {
        int next = jdg_nbr(d, to, dir), c;
        if (next >= 0 && jdg_step_ok_f(d, &t, u, next, forced, &c, f, NULL) == GR_OK)
            return GR_OK;
    }
    return gr_fail(why, entry ? "jdg:R5.2.3-a" : "jdg:R5.1.2-d", "%s could neither end its "
                   "move in that hex (%s) nor go on from it", d->unit[u].id, fault);
}

/* Terrain cost of the step, with the rule a refusal cites. */
static gr_status terrain_step(const jdg_data *d, const jdg_state *s, int u, int to, int *cost,
                              jdg_facts *f, gr_error *why)
{
    int from = s->unit[u].hex, type = d->unit[u].type;
    int road_ok = !fact(f, d, s, u, to, F_NEAR1); /* [R4.3.1-b] */
    *cost = jdg_terrain_cost(d, type, from, to, road_ok);
    if (*cost >= 0)
        return GR_OK;
    unsigned bits = jdg_side_bits(d, from, jdg_dir_to(d, from, to));
    if ((bits & ((1u << JDG_HS_RIVER) | (1u << JDG_HS_IMPASSABLE))) ||
        !strcmp(d->terrain_kind[d->terrain[to]].id, "impassable"))
        return gr_fail(why, "jdg:R4.3.2-a", "impassable: crossed only by road, track or bridge");
    return gr_fail(why, "jdg:R4.3-a", "%s may not enter %s here (Terrain Table: NA)",
                   d->unit[u].id, d->terrain_kind[d->terrain[to]].id);
}

gr_status jdg_step_ok(const jdg_data *d, const jdg_state *s, int u, int to, int forced,
                      int *cost, gr_error *why)
{
    return jdg_step_ok_f(d, s, u, to, forced, cost, NULL, why);
}

gr_status jdg_step_ok_f(const jdg_data *d, const jdg_state *s, int u, int to, int forced,
                        int *cost, jdg_facts *f, gr_error *why)
{
    if (jdg_may_act(d, s, u, why) != GR_OK)
        return GR_ERR_ILLEGAL;
    const jdg_unit *un = &s->unit[u];
    int base, extra;
    if (un->flags & JDG_UF_SQUARE)
        return gr_fail(why, "jdg:R4.2-f", "a unit in square may not move");
    if (to < 0 || to >= d->nhexes || jdg_dir_to(d, un->hex, to) < 0)
        return gr_fail(why, "jdg:R4.4.1-a", "a unit moves one adjacent hex at a time");
    if ((un->act & JDG_ACT_STEPPED) && fact(f, d, s, u, un->hex, F_ZOC))
        return gr_fail(why, "jdg:R6.2.2-a", "%s entered an enemy ZOC: it must stop",
                       d->unit[u].id);
    if ((un->act & JDG_ACT_STEPPED) && !!(un->act & JDG_ACT_FORCED) != !!forced)
        return gr_fail(why, "jdg:R4.1.3-b", "one kind of move per activation");
    if (fact(f, d, s, u, to, F_ENEMY))
        return gr_fail(why, "jdg:R5.1.2-a", "no unit may enter a hex with an enemy unit");
    if (fact(f, d, s, u, to, F_SQUARE))
        return gr_fail(why, "jdg:R4.2-j", "no unit may enter a hex with a friendly square");
    if (forced && check_forced(d, s, u, to, f, why) != GR_OK)
        return GR_ERR_ILLEGAL;
    if ((un->cf & JDG_CF_CHARGE) && jdg_charge_step(d, s, u, to, why) != GR_OK)
        return GR_ERR_ILLEGAL;
    if (terrain_step(d, s, u, to, &base, f, why) != GR_OK ||
        check_zoc(d, s, u, to, &extra, f, why) != GR_OK)
        return GR_ERR_ILLEGAL;
    if ((un->act & JDG_ACT_STEPPED) && fact(f, d, s, u, un->hex, F_FRIEND))
        extra += 2; /* passing through friends: +1 MP on leaving their hex [R4.4.3-a] */
    int allow = jdg_allow(d, s, u, forced);
    if (un->spent + base + extra > allow)
        return gr_fail(why, "jdg:R4.4.1-d", "%s needs %d half MP, has %d left", d->unit[u].id,
                       base + extra, allow > un->spent ? allow - un->spent : 0);
    *cost = base + extra;
    return passing_through(d, s, u, to, forced, *cost, f, why);
}
