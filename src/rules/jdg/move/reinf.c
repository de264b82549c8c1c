/* reinf.c — reinforcements [5.2]: `enter by=P unit=U mode=forced|normal`
 * puts an arriving unit on its formation's entry hex as the first hex of
 * its move, paying n times the hex's cost for the n-th stack of the
 * formation this activation [R5.2.2-a/b]; forced (the default of the
 * rules) gives it reinforcement status (ORDERED, forced march) [R5.2.1-c],
 * normal gives it normal movement this activation only [R5.2.1-f]; an
 * enemy within 5 hexes of the entry hex makes it ORDERED for the turn with
 * neither [R5.2.1-g].  Units that cannot enter wait for a later
 * activation [R5.2.2-c].  Status is lost within 5 hexes of an enemy. */
#include "rules/jdg/move/move.h"

int jdg_entry_hex(const jdg_data *d, int f)
{
    int r = d->formation[f].reinf_entry;
    return r >= 0 ? d->reinf[r].entry_hex : -1;
}

/* Unit u is a reinforcement still waiting to enter. */
static int waiting(const jdg_data *d, const jdg_state *s, int u)
{
    const jdg_unit *un = &s->unit[u];
    return un->hex == JDG_OFFMAP && un->status != JDG_ELIMINATED &&
           !(un->flags & JDG_UF_ENTERED) && jdg_entry_hex(d, d->unit[u].formation) >= 0;
}

int jdg_enemy_entry_near(const jdg_data *d, const jdg_state *s, int side, int h)
{
    for (int u = 0; u < d->nunits; u++)
        if (d->unit[u].side != side && waiting(d, s, u) &&
            jdg_dist(d, jdg_entry_hex(d, d->unit[u].formation), h) <= 1)
            return 1;
    return 0;
}

void jdg_reinf_check(gr_game *g)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    for (int u = 0; u < d->nunits; u++)
        if ((s->unit[u].flags & JDG_UF_REINF) && jdg_on_map(s, u) &&
            jdg_enemy_within(d, s, d->unit[u].side, s->unit[u].hex, 5)) {
            s->unit[u].flags &= (uint8_t)~JDG_UF_REINF;
            gr_emitv(g, JDG_E_REINF_LOST, 1, u);
        }
}

/* Puts reinforcement u on its entry hex e in t as the first hex of its
 * move (cost half MP spent; near: an enemy within 5 hexes of e). */
static void put_on_entry(const jdg_data *d, jdg_state *t, int u, int e, int forced, int cost,
                         int near)
{
    jdg_unit *un = &t->unit[u];
    un->hex = (int16_t)e;
    jdg_stack_bottom(d, t, u);
    un->facing = 0;
    un->flags |= JDG_UF_ENTERED;
    un->facing0 = 0;
    un->spent = (uint8_t)cost;
    un->act |= JDG_ACT_MOVED | JDG_ACT_STEPPED |
               (forced ? JDG_ACT_FORCED : near ? 0 : JDG_ACT_ENTERED);
    un->flags |= forced ? JDG_UF_REINF : near ? JDG_UF_ORD_TURN : 0;
    t->formation[d->unit[u].formation].entered_now++;
    t->formation[d->unit[u].formation].arrived = 1;
    t->mover = (int8_t)u;
}

/* The entering unit must be able to end its move on the entry hex or go
 * on from it, as when it passes through friends [R5.1.2-d]. */
static gr_status no_dead_end(const jdg_data *d, const jdg_state *s, int u, int e, int forced,
                             int cost, gr_error *why)
{
    jdg_state t;
    memcpy(&t, s, sizeof t);
    put_on_entry(d, &t, u, e, forced, cost, jdg_enemy_within(d, s, d->unit[u].side, e, 5));
    const char *fault = jdg_stack_fault(d, &t, e);
    if (!fault)
        return GR_OK;
    for (int dir = 0; dir < 6; dir++) {
        int next = jdg_nbr(d, e, dir), c;
        if (next >= 0 && jdg_step_ok(d, &t, u, next, forced, &c, NULL) == GR_OK)
            return GR_OK;
    }
    return gr_fail(why, "jdg:R5.1.2-d", "%s could neither end its move on the entry hex (%s) "
                   "nor go on from it: it enters in a later activation", d->unit[u].id, fault);
}

gr_status jdg_check_enter(const jdg_data *d, const jdg_state *s, int u, int forced, int *cost,
                          gr_error *why)
{
    if (s->phase != JDG_PH_ACTIVATION || s->step != JDG_STEP_MOVE)
        return gr_fail(why, "jdg:R1-D3", "reinforcements enter in the movement step");
    int f = s->active >= 0 ? d->marker[s->active].formation : -1;
    if (u < 0 || u >= d->nunits || d->unit[u].formation != f || !waiting(d, s, u) ||
        s->turn < d->formation[f].reinf_turn)
        return gr_fail(why, "jdg:R5.2.2-a", "only a reinforcement of the activated formation, "
                       "due by now, enters");
    if (s->mover >= 0 || s->cinc_mover >= 0)
        return gr_fail(why, "jdg:R4.4.1-b", "a move is under way: it finishes first");
    int e = jdg_entry_hex(d, f), side = d->unit[u].side, type = d->unit[u].type;
    if (jdg_side_at(d, s, e, !side, -1))
        return gr_fail(why, "jdg:R5.1.2-a", "an enemy unit holds the entry hex");
    if (jdg_square_at(d, s, e))
        return gr_fail(why, "jdg:R4.2-j", "a friendly square holds the entry hex");
    if (forced && jdg_enemy_within(d, s, side, e, 5))
        return gr_fail(why, "jdg:R5.2.1-g", "an enemy unit is within 5 hexes of the entry hex: "
                       "reinforcements enter ORDERED, without forced march");
    if (forced && jdg_side_at(d, s, e, side, -1))
        return gr_fail(why, "R4.1.3-c", "a forced march may not enter a hex with a friendly "
                       "unit");
    int mp = d->unit[u].face[s->unit[u].status == JDG_GOOD ? 0 : 1].mp;
    int hex = d->terrain_kind[d->terrain[e]].mp[type];
    int n = s->formation[f].entered_now + 1;
    if (hex < 0)
        return gr_fail(why, "jdg:R4.3-a", "the entry hex is not allowed to this unit");
    *cost = 2 * hex * n; /* n-th stack pays n times [R5.2.2-b] */
    if (*cost > (forced ? 4 : 2) * mp)
        return gr_fail(why, "jdg:R5.2.2-c", "%s lacks the MP to enter now (%d half MP, the "
                       "stack no. %d): it enters in a later activation", d->unit[u].id, *cost, n);
    return no_dead_end(d, s, u, e, forced, *cost, why);
}

gr_status jdg_enter_apply(gr_game *g, int u, int forced, gr_error *why)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int cost;
    if (jdg_check_enter(d, s, u, forced, &cost, why) != GR_OK)
        return GR_ERR_ILLEGAL;
    int f = d->unit[u].formation, e = jdg_entry_hex(d, f);
    put_on_entry(d, s, u, e, forced, cost, jdg_enemy_within(d, s, d->unit[u].side, e, 5));
    gr_emitv(g, JDG_E_ENTERED, 4, u, e, cost, forced);
    jdg_reinf_check(g);
    jdg_cinc_contact(g, d->unit[u].side, e, -1);
    return GR_OK;
}

/* "release": the owner gives up a unit's reinforcement status in the
 * movement step, when no move is under way [R5.2.1-d]; it is NO_ORDERS
 * from then on (its group's order, if any, still counts). */
static gr_status check_release(const jdg_data *d, const jdg_state *s, int u, gr_error *why)
{
    int f = s->active >= 0 ? d->marker[s->active].formation : -1;
    if (s->phase != JDG_PH_ACTIVATION || s->step != JDG_STEP_MOVE || u < 0 ||
        u >= d->nunits || d->unit[u].formation != f)
        return gr_fail(why, "jdg:R5.2.1-d", "status is given up in the movement step of the "
                       "unit's own activation");
    if (!(s->unit[u].flags & JDG_UF_REINF))
        return gr_fail(why, "jdg:R5.2.1-d", "%s has no reinforcement status", d->unit[u].id);
    if (s->mover >= 0 || s->cinc_mover >= 0)
        return gr_fail(why, "jdg:R4.4.1-b", "a move is under way: it finishes first");
    return GR_OK;
}

gr_status jdg_release_apply(gr_game *g, int u, gr_error *why)
{
    if (check_release(jdg_sd(g), jdg_cst(g), u, why) != GR_OK)
        return GR_ERR_ILLEGAL;
    jdg_st(g)->unit[u].flags &= (uint8_t)~JDG_UF_REINF;
    gr_emitv(g, JDG_E_REINF_LOST, 1, u);
    return GR_OK;
}

/* The enter actions of player p: every waiting unit, both modes; and the
 * release of reinforcement status. */
int jdg_enter_legal(const gr_game *g, int p, gr_action *out, int cap, int n)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    for (int u = 0; u < d->nunits; u++)
        for (int forced = 0; forced < 2; forced++) {
            int cost;
            if (jdg_check_enter(d, s, u, forced, &cost, NULL) != GR_OK)
                continue;
            if (n < cap) {
                memset(&out[n], 0, sizeof out[n]);
                out[n].kind = JDG_A_ENTER;
                out[n].player = (uint8_t)p;
                out[n].nargs = 2;
                out[n].arg[0] = u;
                out[n].arg[1] = forced;
            }
            n++;
        }
    for (int u = 0; u < d->nunits; u++)
        if (check_release(d, s, u, NULL) == GR_OK) {
            if (n < cap) {
                memset(&out[n], 0, sizeof out[n]);
                out[n].kind = JDG_A_RELEASE;
                out[n].player = (uint8_t)p;
                out[n].nargs = 1;
                out[n].arg[0] = u;
            }
            n++;
        }
    return n;
}
