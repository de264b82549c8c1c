/* path.c — whole moves [R4.4.1]: `move-to by=P unit=U to=HEX facing=F
 * mode=normal|forced` takes U along its cheapest legal path to HEX and ends
 * its move there facing F.  It is the one-hex steps (`move`, `march`) and
 * the `stop` they end with, made in one decision: every step is checked by
 * jdg_step_ok (MP by mode, terrain, links, ZOC, passing through friends,
 * forced march, charges) and the end by jdg_stop_ok (stacking at the end of
 * the move, shared facing R6.1.1-b), first on a scratch state, so a refusal
 * leaves the game as it was and cites the rule of the step or the stop that
 * fails.  A path goes on from no hex next to an enemy C-in-C: a contact is
 * his owner's decision in the middle of the move [R2.5.2-a], so such a hex
 * may end a whole move, and going past it takes one-hex moves. */
#include <assert.h>

#include "rules/jdg/move/move.h"
#include "rules/jdg/turn/turn.h"

/* Steps at most: an allowance is below 256 half MP, each step costs 1+. */
#define PATH_MAX 256
/* Dial's buckets: one per half MP spent. */
#define BUCKETS 256
#define POOL (6 * JDG_MAX_HEXES)
/* Cost bit of a hex whose cheapest path is final (while filling). */
#define DONE 0x4000

/* Next to an enemy C-in-C on the map: the path stops there. */
static int cinc_near(const jdg_data *d, const jdg_state *s, int side, int h)
{
    for (int c = 0; c < d->ncincs; c++)
        if (d->cinc[c].side != side && !s->cinc[c].eliminated &&
            s->cinc[c].hex != JDG_OFFMAP && jdg_dist(d, h, s->cinc[c].hex) == 1)
            return 1;
    return 0;
}

/* t := s with u arrived at reached hex h (as the steps leave it). */
static void put_at(const jdg_state *s, const jdg_reach *r, int u, int h, jdg_state *t)
{
    t->unit[u] = s->unit[u];
    t->mover = s->mover;
    if (h == r->start)
        return;
    jdg_unit *un = &t->unit[u];
    un->hex = (int16_t)h;
    un->spent = (uint8_t)(un->spent + r->cost[h]);
    un->act |= JDG_ACT_MOVED | JDG_ACT_STEPPED | (r->forced ? JDG_ACT_FORCED : 0);
    if (!r->keep[h])
        un->flags &= (uint8_t)~JDG_UF_REINF;
    t->mover = (int8_t)u;
}

typedef struct queue {
    int16_t head[BUCKETS];
    int16_t hex[POOL], next[POOL];
    int n;
    jdg_facts facts; /* of the hexes, while only u moves */
} queue;

static void push(queue *q, int cost, int h)
{
    if (q->n >= POOL || cost >= BUCKETS)
        return;
    q->hex[q->n] = (int16_t)h;
    q->next[q->n] = q->head[cost];
    q->head[cost] = (int16_t)q->n++;
}

/* Relaxes the six steps out of h (reached, cost c) on scratch t. */
static void expand(const jdg_data *d, const jdg_state *s, int u, int h, jdg_reach *r,
                   jdg_state *t, queue *q)
{
    int side = d->unit[u].side;
    put_at(s, r, u, h, t);
    if (h != r->start && cinc_near(d, s, side, h))
        return;
    for (int dir = 0; dir < 6; dir++) {
        int to = jdg_nbr(d, h, dir), c;
        if (to < 0 || to == r->start || r->cost[to] >= DONE ||
            jdg_step_ok_f(d, t, u, to, r->forced, &c, &q->facts, NULL) != GR_OK)
            continue;
        int nc = r->cost[h] + c;
        if (r->cost[to] >= 0 && r->cost[to] <= nc)
            continue;
        if (r->cost[to] < 0)
            r->hex[r->n++] = (int16_t)to;
        r->cost[to] = (int16_t)nc;
        r->prev[to] = (int16_t)h;
        r->keep[to] = r->keep[h] && !((t->unit[u].flags & JDG_UF_REINF) &&
                                      jdg_enemy_within(d, t, side, to, 5));
        push(q, nc, to);
    }
}

/* Goal test of a hex whose cost is final: `goal` itself (near 0) or a hex
 * next to it (near 1); never with goal < 0. */
static int at_goal(const jdg_data *d, int h, int goal, int near)
{
    return goal >= 0 && (near ? jdg_dist(d, h, goal) == 1 : h == goal);
}

int jdg_reach_goal(const jdg_data *d, const jdg_state *s, int u, int forced, int goal, int near,
                   jdg_reach *r)
{
    jdg_state t;
    queue q;
    int found = -1;
    memcpy(&t, s, sizeof t);
    memset(r->cost, 0xff, sizeof r->cost);
    memset(q.head, 0xff, sizeof q.head);
    q.n = 0;
    jdg_facts_init(&q.facts, d, s, u);
    q.facts.search = 1;
    r->start = s->unit[u].hex;
    r->forced = forced;
    r->n = 0;
    if (r->start < 0 || r->start >= d->nhexes)
        return -1;
    r->hex[r->n++] = (int16_t)r->start;
    r->cost[r->start] = 0;
    r->prev[r->start] = -1;
    r->keep[r->start] = 1;
    expand(d, s, u, r->start, r, &t, &q);
    for (int c = 1; c < BUCKETS && found < 0; c++)
        for (int e = q.head[c]; e >= 0 && found < 0; e = q.next[e])
            if (r->cost[q.hex[e]] == c) {
                if (at_goal(d, q.hex[e], goal, near))
                    found = q.hex[e]; /* its cost and path are final */
                else
                    expand(d, s, u, q.hex[e], r, &t, &q);
                r->cost[q.hex[e]] = (int16_t)(c | DONE); /* done: not again */
            }
    for (int i = 0; i < r->n; i++)
        r->cost[r->hex[i]] &= DONE - 1;
    return found;
}

void jdg_reach_fill(const jdg_data *d, const jdg_state *s, int u, int forced, jdg_reach *r)
{
    jdg_reach_goal(d, s, u, forced, -1, 0, r);
}

/* Why u cannot reach `to` (unreached in r): the refusal of the step into
 * it from its cheapest reached neighbour the path may go on from, else the
 * allowance. */
static gr_status unreached(const jdg_data *d, const jdg_state *s, int u, int to,
                           const jdg_reach *r, gr_error *why)
{
    int best = -1, c;
    for (int dir = 0; dir < 6; dir++) {
        int h = jdg_nbr(d, to, dir);
        if (h >= 0 && r->cost[h] >= 0 && (best < 0 || r->cost[h] < r->cost[best]) &&
            (h == r->start || !cinc_near(d, s, d->unit[u].side, h)))
            best = h;
    }
    if (best >= 0) {
        jdg_state t;
        memcpy(&t, s, sizeof t);
        put_at(s, r, u, best, &t);
        if (jdg_step_ok(d, &t, u, to, r->forced, &c, why) != GR_OK)
            return GR_ERR_ILLEGAL;
    }
    return gr_fail(why, "jdg:R4.4.1-d", "%s has no path to that hex within the %d half MP it "
                   "has left", d->unit[u].id,
                   jdg_allow(d, s, u, r->forced) - s->unit[u].spent);
}

/* The whole move of u to `to` facing `facing` checked on s: r gets its
 * reach. */
static gr_status check_move_to(const jdg_data *d, const jdg_state *s, int u, int to, int facing,
                               int forced, jdg_reach *r, gr_error *why)
{
    if (jdg_may_act(d, s, u, why) != GR_OK)
        return GR_ERR_ILLEGAL;
    if (to < 0 || to >= d->nhexes || facing < 0 || facing > 5 || forced < 0 || forced > 1)
        return gr_failst(why, GR_ERR_ARG, NULL, "a hex on the map, a facing 0..5, a mode");
    if (s->unit[u].cf & JDG_CF_CHARGE)
        return gr_fail(why, "jdg:R9.1-e", "a charge moves one hex at a time (move)");
    if (to == s->unit[u].hex)
        return gr_fail(why, "jdg:R4.4.1-a", "a move enters another hex (stop turns in place)");
    if (s->unit[u].flags & JDG_UF_SQUARE)
        return gr_fail(why, "jdg:R4.2-f", "a unit in square may not move");
    if (jdg_reach_goal(d, s, u, forced, to, 0, r) < 0)
        return unreached(d, s, u, to, r, why);
    jdg_state t, t2;
    memcpy(&t, s, sizeof t);
    put_at(s, r, u, to, &t);
    return jdg_stop_ok(d, &t, u, facing, &t2, why);
}

gr_status jdg_move_to_apply(gr_game *g, int u, int to, int facing, int forced, gr_error *why)
{
    jdg_reach r;
    if (check_move_to(jdg_sd(g), jdg_cst(g), u, to, facing, forced, &r, why) != GR_OK)
        return GR_ERR_ILLEGAL;
    int16_t path[PATH_MAX];
    int n = 0;
    for (int h = to; h != r.start && n < PATH_MAX; h = r.prev[h])
        path[n++] = (int16_t)h;
    while (n > 0) {
        gr_status st = jdg_step_apply(g, u, path[--n], forced, NULL);
        assert(st == GR_OK); /* checked on the scratch state above */
        (void)st;
        jdg_control_update(g); /* a VP hex passed through [brief C.11] */
    }
    gr_status st = jdg_stop_apply(g, u, facing, NULL);
    assert(st == GR_OK);
    return st;
}

/* Unit u alone in reached hex h, or with others (stacking and facing then
 * depend on the facing). */
static int alone_at(const jdg_data *d, const jdg_state *s, int u, int h)
{
    int w[JDG_MAX_UNITS], n = jdg_units_at(d, s, h, w, JDG_MAX_UNITS);
    return n == 0 || (n == 1 && w[0] == u);
}

/* The legal facings of u's whole move to reached hex h (bit f set), on
 * scratch t. */
static unsigned facings_at(const jdg_data *d, const jdg_state *s, int u, int h,
                           const jdg_reach *r, jdg_state *t)
{
    jdg_state t2;
    unsigned m = 0;
    put_at(s, r, u, h, t);
    if (alone_at(d, s, u, h))
        return jdg_stop_ok(d, t, u, 0, &t2, NULL) == GR_OK ? 0x3fu : 0;
    for (int f = 0; f < 6; f++)
        if (jdg_stop_ok(d, t, u, f, &t2, NULL) == GR_OK)
            m |= 1u << f;
    return m;
}

/* The forced march reach of u when it may force march at all (not from
 * within 5 hexes of an enemy unit, R4.1.3-a, nor with no allowance). */
static int may_force(const jdg_data *d, const jdg_state *s, int u)
{
    const jdg_unit *un = &s->unit[u];
    return jdg_allow(d, s, u, 1) > un->spent &&
           ((un->act & JDG_ACT_STEPPED) ||
            !jdg_enemy_within(d, s, d->unit[u].side, un->hex, 5));
}

static int forced_reach(const jdg_data *d, const jdg_state *s, int u, jdg_reach *r)
{
    if (!may_force(d, s, u))
        return 0;
    jdg_reach_fill(d, s, u, 1, r);
    return r->n > 1;
}

static int add_move_to(gr_action *out, int cap, int n, int p, int u, int h, int f, int forced)
{
    n = jdg_add_action(out, cap, n, JDG_A_MOVE_TO, p, 4, u, h, f);
    if (n <= cap)
        out[n - 1].arg[3] = forced;
    return n;
}

/* The forced march destinations listed: those a normal move does not
 * reach (a forced march to a hex a normal move reaches is accepted but not
 * listed: the normal move gets there with MP left and keeps the unit
 * ORDERED-normal, R4.1.3). */
static int listed(const jdg_reach *r, int k, int i)
{
    return k == 0 || r[0].cost[r[1].hex[i]] < 0;
}

int jdg_move_to_legal(const gr_game *g, int p, int u, gr_action *out, int cap, int n)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    jdg_reach r[2];
    jdg_state t;
    if ((s->unit[u].flags & JDG_UF_SQUARE) || (s->unit[u].cf & JDG_CF_CHARGE))
        return n;
    memcpy(&t, s, sizeof t);
    jdg_reach_fill(d, s, u, 0, &r[0]);
    int nf = forced_reach(d, s, u, &r[1]) ? 2 : 1;
    for (int k = 0; k < nf; k++)
        for (int i = 1; i < r[k].n; i++) {
            if (!listed(r, k, i))
                continue;
            int h = r[k].hex[i];
            unsigned m = facings_at(d, s, u, h, &r[k], &t);
            for (int f = 0; f < 6; f++)
                if (m & (1u << f))
                    n = add_move_to(out, cap, n, p, u, h, f, k);
        }
    return n;
}

/* Picks the f-th set bit of m (0 <= f < popcount). */
static int nth_bit(unsigned m, int f)
{
    for (int b = 0; b < 6; b++)
        if ((m & (1u << b)) && f-- == 0)
            return b;
    return 0;
}

static int popcount6(unsigned m)
{
    int c = 0;
    for (int b = 0; b < 6; b++)
        c += (int)((m >> b) & 1u);
    return c;
}

/* Draws one of the destinations cand[0..nd) of reach r with a legal
 * facing there, then the facing, uniformly (a destination with none is
 * dropped): 1 with *out set, 0 when none has one. */
static int draw_dest(const jdg_data *d, const jdg_state *s, int p, int u, const jdg_reach *r,
                     int16_t *cand, int nd, gr_rng *rng, jdg_state *t, gr_action *out)
{
    while (nd > 0) {
        int x = (int)gr_rng_below(rng, (uint32_t)nd);
        unsigned m = facings_at(d, s, u, cand[x], r, t);
        if (m) {
            int f = nth_bit(m, (int)gr_rng_below(rng, (uint32_t)popcount6(m)));
            add_move_to(out, 1, 0, p, u, cand[x], f, r->forced);
            return 1;
        }
        cand[x] = cand[--nd];
    }
    return 0;
}

/* The forced march destinations of u a normal move (r0) does not reach,
 * into cand; returns how many (r1 gets the forced reach). */
static int forced_dests(const jdg_data *d, const jdg_state *s, int u, jdg_reach *r,
                        int16_t *cand)
{
    int n = 0;
    if (!forced_reach(d, s, u, &r[1]))
        return 0;
    for (int i = 1; i < r[1].n; i++)
        if (listed(r, 1, i))
            cand[n++] = r[1].hex[i];
    return n;
}

int jdg_unit_sample(const gr_game *g, int p, int u, gr_rng *rng, gr_action *out)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    gr_action other[32];
    jdg_reach r[2];
    jdg_state t;
    int16_t cand[JDG_MAX_HEXES];
    int no = jdg_unit_other_legal(g, p, u, other, 32, 0), nd = 0, forced = 0;
    assert(no <= 32);
    if (s->mover != u && !(s->unit[u].flags & JDG_UF_SQUARE) &&
        !(s->unit[u].cf & JDG_CF_CHARGE)) {
        jdg_reach_fill(d, s, u, 0, &r[0]);
        for (int i = 1; i < r[0].n; i++)
            cand[nd++] = r[0].hex[i];
        forced = may_force(d, s, u); /* one option standing for all forced marches */
    }
    memcpy(&t, s, sizeof t);
    while (nd + no + forced > 0) {
        int x = (int)gr_rng_below(rng, (uint32_t)(nd + no + forced));
        if (x >= nd && x < nd + no) {
            *out = other[x - nd];
            return 1;
        }
        if (x < nd) {
            if (draw_dest(d, s, p, u, &r[0], cand, nd, rng, &t, out))
                return 1;
            nd = 0; /* no destination with a legal facing */
            continue;
        }
        int16_t fc[JDG_MAX_HEXES];
        int nfc = forced_dests(d, s, u, r, fc);
        if (draw_dest(d, s, p, u, &r[1], fc, nfc, rng, &t, out))
            return 1;
        forced = 0;
    }
    return 0;
}
