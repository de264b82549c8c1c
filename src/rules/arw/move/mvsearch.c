/* mvsearch.c — where a unit can go: the path searches (src/core/path.h) of
 * each way a move may go (normal, along roads at the full MA in Fog,
 * strategic, GR9.52) over the moving side's position facts (mvfacts.c).
 * The Savannah strategic layer's predicates bar hexes next to the perimeter
 * to the Allies before the assault (SR1.7-b) and sorties without a leader
 * (SR4.10).
 * Entering an enemy ZOC ends the move (GR8.31-a; leaving one into another
 * follows, GR8.32-a); rifle ZOCs cost +1 MP in and out (GR8.31-b);
 * stacking holds in every hex passed (GR7.2-a); the one-hex minimum
 * (GR9.1-d) except in the Yamacraw swamp, for naval artillery and mortars
 * (SR4.19).  Nothing is allocated: the workspace is the caller's. */

#include <string.h>

#include "mvint.h"
#include "path_engine.h"

/* The step predicates, inlined into the search (path_engine.h). */
#define ARW_HOT static inline __attribute__((always_inline))

int arw_enemies_adjacent(const gr_game *g, int h, int side)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    int n = 0;
    for (int k = 0; k < 6; k++) {
        int nb = d->map.nb[h * 6 + k];
        for (int v = nb >= 0 ? s->hex[nb].head : ARW_NO_UNIT; v != ARW_NO_UNIT;
             v = s->unit[v].next)
            n += d->unit[v].side != side && arw_is_combat_unit(d, v);
    }
    return n;
}

/* One search: a unit profile in one mode, with what does not change from
 * step to step worked out once (the rules' predicates reduced to table
 * lookups: movecost.c, track.c, sortie.c). */
typedef struct mvs {
    const gr_game *g;
    const arw_data *d;
    const arw_mvmap *m;
    const arw_mvunit *p;
    int mode;
    int budget;
    const arw_hexst *hex; /* the state's hexes                              */
    const uint8_t *cost;  /* the unit's static step costs, or NULL          */
    unsigned partial;     /* a partial breach is in force: the side types
                             it may cancel (else 0)                       */
    int perimeter_barred; /* SR1.7-b applies to this unit now               */
    int sortie_exit;      /* SR4.10-a may refuse its steps out              */
    int sortie_enter;     /* SR4.10-b bars it from the perimeter            */
    unsigned bar_info;    /* ARW_HI_* of the hexes it may not pass through  */
    unsigned end_info;    /* ARW_HI_* of the hexes it may not end in        */
    unsigned bar_static;  /* ARW_MB_* (arw_map.mvbar) of the hexes it may not
                             pass through: covered way, perimeter          */
    int sortie;           /* sortie_exit or sortie_enter                    */
    uint32_t from_altered;  /* arw_hexst bits (read as 32) of a hex left, and */
    uint32_t to_altered[6]; /* of a hex entered across direction d, that make
                               a step not as printed (printed_step)        */
    int alone_fits;       /* the unit alone is within the stacking limits   */
    int sp_room, art_room; /* SP and artillery a hex may hold besides it    */
} mvs;

static int in_zone(const arw_data *d, int h, unsigned zone)
{
    return (d->map.zone[h] & zone) != 0;
}

/* Non-zero when rifle unit hex r's ZOC covers hex h. */
static int rifle_covers(const mvs *c, int r, int h)
{
    int k = arw_dir(c->d, h, r);
    return k >= 0 && arw_zoc_into(c->g, h, k);
}

/* GR8.31-b: +1 MP each time the unit enters or leaves a rifle unit's ZOC. */
static int rifle_extra(const mvs *c, int from, int to)
{
    int extra = 0;
    for (int i = 0; i < c->m->nrifle; i++)
        if (rifle_covers(c, c->m->rifle[i], from) != rifle_covers(c, c->m->rifle[i], to))
            extra += 2;
    return extra;
}

/* The masks of printed_step (arw_hexst bits, each hex read as 32 bits):
 * [d] of the hex entered across its direction d, a destroyed town,
 * completed works or the side crossed (opposite d) breached; [6] of the hex
 * left, a destroyed town. */
static const union {
    arw_hexst hex[7];
    uint32_t word[7];
} altered = {{{0, ARW_H_DESTROYED | ARW_H_WORKS_DONE, 1u << 3},
              {0, ARW_H_DESTROYED | ARW_H_WORKS_DONE, 1u << 4},
              {0, ARW_H_DESTROYED | ARW_H_WORKS_DONE, 1u << 5},
              {0, ARW_H_DESTROYED | ARW_H_WORKS_DONE, 1u << 0},
              {0, ARW_H_DESTROYED | ARW_H_WORKS_DONE, 1u << 1},
              {0, ARW_H_DESTROYED | ARW_H_WORKS_DONE, 1u << 2},
              {0, ARW_H_DESTROYED, 0}}};
_Static_assert(sizeof altered == 28, "printed_step reads a hex's state as 32 bits");

/* The fixed part of passable() and printed_step() for unit p in `mode`. */
static void bars_of(mvs *c)
{
    const arw_mvunit *p = c->p;
    const arw_tables *t = &c->d->t;
    memcpy(c->to_altered, altered.word, sizeof c->to_altered);
    c->from_altered = altered.word[6];
    c->bar_info = ARW_HI_ENEMY; /* GR9.2: not into enemy units */
    if (!(p->rules & ARW_MR_CAPTURE))
        c->bar_info |= ARW_HI_ENEMY_LDR; /* lone leaders: GR14.32-a */
    if (c->mode == ARW_MM_STRATEGIC || (p->rules & ARW_MR_NO_ADJ))
        c->bar_info |= ARW_HI_ADJ; /* GR9.52-a never adjacent; GR13.3-a */
    c->end_info = ((p->rules & ARW_MR_END_NO_ADJ) ? ARW_HI_ADJ : 0u) |     /* GR9.2 pinned */
                  ((p->rules & ARW_MR_END_NO_PIN) ? ARW_HI_ADJ_PIN : 0u); /* GR13.1 option B */
    c->bar_static = (c->mode == ARW_MM_STRATEGIC ? ARW_MB_COVERED_WAY : 0u) | /* SR4.9-c */
                    ((p->rules & ARW_MR_CREEK) ? ARW_MB_PERIMETER : 0u) |    /* SR4.8-b */
                    (c->perimeter_barred ? ARW_MB_NEXT_PERIM : 0u); /* SR1.7-b, AMB-21
                                                  (track.c arw_perimeter_move_ok) */
    c->sortie = c->sortie_exit || c->sortie_enter;
    c->alone_fits = p->sp <= t->stack_sp && p->art <= t->stack_art;
    c->sp_room = t->stack_sp - p->sp;
    c->art_room = t->stack_art - p->art;
}

/* May the unit pass through `to` at all (enemy, stacking, SR4.1-2a...)?
 * Never asked of its own hex (the search does not step back into its
 * start, nor does arw_mv_quick_dests), where the facts count it already. */
ARW_HOT int passable(const mvs *c, int to, unsigned info)
{
    if ((info & c->bar_info) || (c->d->map.mvbar[to] & c->bar_static))
        return 0;
    if (!(info & ARW_HI_FRIEND)) /* no friendly unit there: sp, art and nat 0 */
        return c->alone_fits;
    if (c->m->sp[to] > c->sp_room || c->m->art[to] > c->art_room)
        return 0; /* GR7.2-a */
    return !(c->m->nat[to] & c->p->nat_pass); /* SR4.1-2a */
}

/* SR4.10-a/b (sortie.c): may the unit take this step in or out of the
 * perimeter? */
static int sortie_ok(const mvs *c, int from, int to)
{
    int in_to = in_zone(c->d, to, ARW_Z_PERIMETER);
    if (c->sortie_enter && in_to)
        return 0;
    return !c->sortie_exit || in_to || !in_zone(c->d, from, ARW_Z_PERIMETER) ||
           arw_sortie_exit_ok(c->g, c->p->u, from, to);
}

/* Non-zero when the step is as printed, so that its arw_map.mvcost entry is
 * exactly arw_move_cost_road: neither hex a destroyed town, no siegeworks
 * done in `to`, its side not breached, and no partial breach can touch it. */
ARW_HOT int printed_step(const mvs *c, int from, int to, int dir)
{
    static const uint8_t opposite[6] = {3, 4, 5, 0, 1, 2};
    uint32_t a, b; /* (each hex read whole) */
    memcpy(&a, &c->hex[from], sizeof a);
    memcpy(&b, &c->hex[to], sizeof b);
    if ((a & c->from_altered) | (b & c->to_altered[dir]))
        return 0;
    return !c->partial || !(c->d->map.edge[to * 6 + opposite[dir]] & c->partial);
}

/* arw_move_cost_road, from the unit's static table when the step is as
 * printed (movecost.c). */
ARW_HOT int terrain_cost(const mvs *c, int from, int to, int dir, int *road)
{
    if (c->cost && printed_step(c, from, to, dir)) {
        unsigned e = c->cost[from * 6 + dir];
        if (e == ARW_MVC_NO)
            return -1;
        if (e != ARW_MVC_SLOW) {
            *road = (e & ARW_MVC_ROAD) != 0;
            return (int)(e & ~ARW_MVC_ROAD);
        }
    }
    return arw_move_cost_road(c->g, c->p->u, from, to, dir, road);
}

/* The step's cost for the search of context c, whose way is road-only
 * (strategic, Fog roads) when `roads` (c->mode != ARW_MM_NORMAL); `asked`:
 * a road-only way asks only where a road may be (road_dirs). */
ARW_HOT int way_step_cost(const mvs *c, int from, int to, int dir, int spent, int roads,
                          int asked)
{
    unsigned info = c->m->info[to], both = info | c->m->info[from];
    int road;
    if (roads && !asked && !((c->d->map.road_ever[from] >> dir) & 1))
        return GR_PATH_NO; /* (never a road step: the test below, sooner) */
    if (!passable(c, to, info) || (c->sortie && !sortie_ok(c, from, to)))
        return GR_PATH_NO; /* SR4.10-a/b (sortie.c) */
    int cost = terrain_cost(c, from, to, dir, &road);
    if (cost < 0 || (roads && !road))
        return GR_PATH_NO; /* GR9.52-a, T-Weather Fog: roads only */
    if (both & ARW_HI_RIFLE)
        cost += rifle_extra(c, from, to);
    if (spent + cost > c->budget && from == c->p->hex &&
        (in_zone(c->d, from, ARW_Z_YAMACRAW) || in_zone(c->d, to, ARW_Z_YAMACRAW)))
        return GR_PATH_NO; /* SR4.19: no minimum move in the Yamacraw swamp */
    return cost;
}

/* The step cost callbacks (gr_path_params.step_cost): any way, the normal
 * way, a road-only way (with road_dirs). */
ARW_HOT int step_cost(void *ctx, int from, int to, int dir, int spent)
{
    const mvs *c = ctx;
    return way_step_cost(c, from, to, dir, spent, c->mode != ARW_MM_NORMAL, 0);
}

ARW_HOT int step_cost_normal(void *ctx, int from, int to, int dir, int spent)
{
    return way_step_cost(ctx, from, to, dir, spent, 0, 0);
}

ARW_HOT int step_cost_roads(void *ctx, int from, int to, int dir, int spent)
{
    return way_step_cost(ctx, from, to, dir, spent, 1, 1);
}

/* gr_path_params.dirs of the road-only ways: the sides of h that may ever
 * be a road (arw_map.road_ever). */
ARW_HOT unsigned road_dirs(void *ctx, int h)
{
    const mvs *c = ctx;
    return c->d->map.road_ever[h];
}

ARW_HOT int stops(void *ctx, int from, int to)
{
    const mvs *c = ctx;
    (void)from;
    return (c->m->info[to] & ARW_HI_ZOC) || (c->p->rules & ARW_MR_ONE_HEX); /* GR8.31-a */
}

ARW_HOT int may_end(void *ctx, int h)
{
    const mvs *c = ctx;
    unsigned info = c->m->info[h];
    if (info & c->end_info)
        return 0; /* GR9.2 pinned, GR13.1 PIN option B */
    return !(info & ARW_HI_FRIEND) ||          /* (no friend: nat 0)   */
           !(c->m->nat[h] & c->p->nat_end); /* SR4.1-1a, SR4.1-3a */
}

static int mode_index(int mode)
{
    return mode == ARW_MM_NORMAL ? 0 : mode == ARW_MM_ROAD ? 1 : 2;
}

/* Keeps, of the destinations w->order[1..n), those of least score, and
 * only if that is less than the score of where p stands; their number. */
static int keep_least(const gr_game *g, const arw_mvunit *p, arw_mvwork *w, int n,
                      int (*score)(const gr_game *g, const arw_mvunit *p, int hex))
{
    int now = score(g, p, p->hex), best = now, m = 1;
    for (int i = 1; i < n; i++) {
        int e = score(g, p, w->order[i]);
        best = e < best ? e : best;
    }
    if (best >= now)
        return 0;
    for (int i = 1; i < n; i++)
        if (score(g, p, w->order[i]) == best)
            w->order[m++] = w->order[i];
    return m - 1;
}

/* GR13.3-a: a disrupted unit next to the enemy keeps only the hexes next
 * to the fewest enemy units, and only if that is fewer than now. */
static int enemies_next_to(const gr_game *g, const arw_mvunit *p, int hex)
{
    return arw_enemies_adjacent(g, hex, arw_dat(g)->unit[p->u].side);
}

/* HS-sr1: a battery returning to its starting hex keeps only the hexes
 * nearest to it (in hexes), and only if nearer than now. */
static int hexes_from_start(const gr_game *g, const arw_mvunit *p, int hex)
{
    const arw_data *d = arw_dat(g);
    return arw_hex_distance(d, hex, d->unit[p->u].start_hex);
}

/* SR4.1-1d, AMB-24: a mixed stack next to the enemy moves by the retreat
 * rules (GR13.21-a, GR13.22-a): keep the 1-hex retreat hexes. */
static int keep_retreat(const gr_game *g, const arw_mvunit *p, arw_mvwork *w, int n)
{
    int hexes[8], nr = arw_retreat_hexes(g, p->u, 1, hexes, 8), m = 1;
    for (int i = 1; i < n; i++)
        for (int j = 0; j < nr; j++)
            if (hexes[j] == w->order[i]) {
                w->order[m++] = w->order[i];
                break;
            }
    return m - 1;
}

/* Non-zero when a road leads out of hex h (else road-only ways are void). */
static int road_out(const gr_game *g, int h)
{
    const arw_data *d = arw_dat(g);
    if (d->map.mvbar[h] & (ARW_MB_ROAD_OUT | ARW_MB_NO_ROAD)) /* (derived: whatever */
        return (d->map.mvbar[h] & ARW_MB_ROAD_OUT) != 0;       /*  the state)      */
    for (int k = 0; k < 6; k++) {
        int n = d->map.nb[h * 6 + k];
        if (n >= 0 && arw_road_step(g, h, n, k))
            return 1;
    }
    return 0;
}

/* Non-zero when mode `mode` is open to p (else it has no destination). */
static int mode_open(const gr_game *g, const arw_mvunit *p, int mode)
{
    return (p->modes & (unsigned)mode) && p->budget[mode_index(mode)] - p->spent >= 0 &&
           (mode == ARW_MM_NORMAL || road_out(g, p->hex));
}

/* The search context of p's move in `mode` over w's position facts, into c. */
static void search_ctx(mvs *c, const gr_game *g, const arw_mvunit *p, int mode,
                       arw_mvwork *w)
{
    const arw_data *d = arw_dat(g);
    c->g = g;
    c->d = d;
    c->m = w->map;
    c->p = p;
    c->mode = mode;
    c->budget = p->budget[mode_index(mode)] - p->spent;
    c->hex = arw_cst(g)->hex;
    c->cost = arw_mvcost_table(d, p->u);
    c->partial = arw_any_partial_breach(g) ? arw_breachable_types(d) : 0u;
    c->perimeter_barred = arw_perimeter_move_barred(g, p->u);
    c->sortie_exit = arw_sortie_exit_watched(g, p->u);
    c->sortie_enter = arw_sortie_enter_barred(g, p->u);
    bars_of(c);
}

/* The engine inlined (the callbacks called directly): every destination
 * (goal < 0), or up to `goal`. */
ARW_HOT int run_engine(const gr_path_params *pp, int start, gr_path_work *pw, int goal)
{
    int path[ARW_MAX_MAP_HEXES];
    if (goal < 0)
        return gr_path_engine_reach(pp, start, pw);
    return gr_path_engine_to(pp, start, goal, pw, path, ARW_MAX_MAP_HEXES);
}

/* Runs p's search in an open mode: every destination (goal < 0, returns
 * gr_path_reach's count), or up to `goal` (returns gr_path_to's). */
static int run_search(const gr_game *g, const arw_mvunit *p, int mode, arw_mvwork *w, int goal)
{
    mvs c;
    search_ctx(&c, g, p, mode, w);
    gr_path_params pp = {&arw_dat(g)->map.grid, c.budget, step_cost_normal, stops, may_end, &c,
                         (uint8_t)(mode == ARW_MM_NORMAL && p->fresh &&
                                   (p->rules & ARW_MR_MIN_MOVE)),
                         arw_dat(g)->map.nb_closed, arw_mvwork_least(w, g, p->u), 1, NULL};
    gr_path_work pw;
    arw_mvwork_way(w, mode_index(mode), &pw);
    if (mode == ARW_MM_NORMAL) /* (one instance of the engine per kind of way) */
        return run_engine(&pp, p->hex, &pw, goal);
    pp.step_cost = step_cost_roads;
    pp.dirs = road_dirs;
    return run_engine(&pp, p->hex, &pw, goal);
}

/* arw_mv_search of an open mode, without looking for a kept search. */
static int search_all(const gr_game *g, const arw_mvunit *p, int mode, arw_mvwork *w)
{
    int n = run_search(g, p, mode, w, -1);
    if (n > 0 && (p->rules & ARW_MR_MIN_ADJ))
        return keep_least(g, p, w, n, enemies_next_to);
    if (n > 0 && (p->rules & ARW_MR_RETREAT))
        return keep_retreat(g, p, w, n);
    if (n > 0 && (p->rules & ARW_MR_RETURN))
        return keep_least(g, p, w, n, hexes_from_start);
    return n > 0 ? n - 1 : 0;
}

/* arw_mv_search of an open mode whose kept search (arw_mvwork_kept) is
 * `kept` (-1: none). */
static int search_open(const gr_game *g, const arw_mvunit *p, int mode, arw_mvwork *w,
                       int kept)
{
    int mi = mode_index(mode);
    if (kept >= 0) {
        arw_mvwork_way(w, mi, NULL);
        return kept;
    }
    int n = search_all(g, p, mode, w);
    arw_mvwork_keep(w, mi, p, n);
    return n;
}

int arw_mv_search(const gr_game *g, const arw_mvunit *p, int mode, arw_mvwork *w)
{
    if (!mode_open(g, p, mode))
        return 0;
    return search_open(g, p, mode, w, arw_mvwork_kept(w, mode_index(mode), p));
}

int arw_mv_each(const gr_game *g, const arw_mvunit *p, arw_mvwork *w,
                void (*visit)(void *ctx, int hex, int mode, int cost), void *ctx)
{
    int calls = 0;
    for (int mode = ARW_MM_NORMAL; mode <= ARW_MM_STRATEGIC; mode <<= 1) {
        int n = arw_mv_search(g, p, mode, w);
        for (int i = 1; i <= n; i++, calls++)
            visit(ctx, w->order[i], mode, w->cost[w->order[i]]);
    }
    return calls;
}

int arw_mv_reaches(const gr_game *g, const arw_mvunit *p, int mode, arw_mvwork *w, int h)
{
    if (h == p->hex || !mode_open(g, p, mode))
        return 0;
    int kept = arw_mvwork_kept(w, mode_index(mode), p);
    if (kept < 0 && !(p->rules & ARW_MR_FILTERED)) /* no filter of the list */
        return run_search(g, p, mode, w, h) > 0; /* stops once h is settled */
    int n = search_open(g, p, mode, w, kept);
    for (int i = 1; i <= n; i++)
        if (w->order[i] == h)
            return 1;
    return 0;
}

/* Non-zero when neighbour `to` of p->hex is a destination of p in the
 * open mode of search context c: a permitted first step (within the
 * budget, or the one-hex minimum) into a hex where the move may end.  Such
 * a hex always settles in the search and is listed. */
static int first_step_dest(const mvs *c, const arw_mvunit *p, int dir, int to)
{
    int cost = step_cost((void *)c, p->hex, to, dir, 0);
    int min_one = c->mode == ARW_MM_NORMAL && p->fresh && (p->rules & ARW_MR_MIN_MOVE);
    return cost >= 0 && (cost <= c->budget || min_one) && may_end((void *)c, to);
}

int arw_mv_quick_dests(const gr_game *g, const arw_mvunit *p, arw_mvwork *w, int upto)
{
    const arw_data *d = arw_dat(g);
    mvs ctx[ARW_NMODES];
    unsigned open = 0, made = 0;
    int n = 0;
    if (p->rules & ARW_MR_FILTERED)
        return 0; /* the list is filtered as a whole */
    for (int mode = ARW_MM_NORMAL; mode <= ARW_MM_STRATEGIC; mode <<= 1)
        open |= mode_open(g, p, mode) ? (unsigned)mode : 0u;
    for (int k = 0; k < 6 && n < upto; k++) {
        int to = d->map.nb[p->hex * 6 + k];
        for (int mode = ARW_MM_NORMAL; to >= 0 && mode <= ARW_MM_STRATEGIC; mode <<= 1) {
            int mi = mode_index(mode);
            if (!(open & (unsigned)mode))
                continue;
            if (!(made & (unsigned)mode)) { /* (each way's context made once) */
                search_ctx(&ctx[mi], g, p, mode, w);
                made |= (unsigned)mode;
            }
            if (first_step_dest(&ctx[mi], p, k, to)) {
                n++;
                break;
            }
        }
    }
    return n;
}
