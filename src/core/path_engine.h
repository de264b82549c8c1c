/*
 * path_engine.h — the search of path.c (gr_path_reach, gr_path_to) as
 * inline code.  path.c is its general instance; a rule module whose
 * searches are hot may call gr_path_engine_reach / gr_path_engine_to with
 * a gr_path_params of its own static callbacks, so that the compiler can
 * call (and inline) them directly instead of through the pointers: the
 * same code, the same results.
 *
 * The priority queue is a bucket queue (Dial's): costs are small integers,
 * so each cost below GR_PATH_BUCKETS - 1 has its own bucket and dearer
 * ones share the last.  A bucket is a list of hexes linked through the
 * caller's w->heap, slots [0, count), kept in (w->cost[hex], hex) order, so
 * the queue hands out the same hex as a heap keyed (cost, hex) would: equal
 * costs pop in hex-index order and every result is deterministic.  Slots
 * [count, 2*count) hold each hex's state: -1 untouched, -2 settled, else
 * the bucket it waits in.  A hex's predecessor is the first settled hex
 * that reached it at its final cost (with positive step costs: the lowest
 * index among its cheapest predecessors), by the lowest direction.
 * Slots [2*count, 3*count) list the hexes the search touched (given a cost)
 * and slot 3*count their number: a warm workspace (w->warm) is reset
 * through that list instead of whole.
 */
#ifndef GR_PATH_ENGINE_H
#define GR_PATH_ENGINE_H

#include "path.h"

/* Every function here is inlined into its caller. */
#define GR_PATH_INLINE static inline __attribute__((always_inline))

/* Buckets of the queue: costs 0 .. GR_PATH_BUCKETS - 2 one each, dearer
 * costs together in the last (still in (cost, hex) order). */
#define GR_PATH_BUCKETS 64
_Static_assert(GR_PATH_BUCKETS <= 64, "one bit of gr_path_search.filled per bucket");

typedef struct gr_path_search {
    const gr_path_params *p;
    gr_path_work *w;
    int *cost; /* w->cost                 */
    int *prev; /* w->prev                 */
    int count;
    int start;
    int *next; /* w->heap: the next hex in the same bucket, -1 at the end      */
    int *pos;  /* w->heap + count: -1 untouched, -2 settled, else its bucket   */
    uint64_t filled; /* bit b: bucket b holds a hex (GR_PATH_BUCKETS <= 64)   */
    int nord;  /* hexes in w->order       */
    int *touched; /* w->heap + 2 * count: hexes given a cost, then their number */
    int ntouched;
    int head[GR_PATH_BUCKETS]; /* first hex of each filled bucket             */
    int tail[GR_PATH_BUCKETS]; /* last hex of each filled bucket              */
} gr_path_search;

/* Queue order: lower cost first, then lower hex index. */
GR_PATH_INLINE int gr_pe_before(const gr_path_search *s, int a, int b)
{
    int ca = s->cost[a], cb = s->cost[b];
    return ca != cb ? ca < cb : a < b;
}

/* Appends hex after the last hex of filled bucket b. */
GR_PATH_INLINE void gr_pe_bucket_append(gr_path_search *s, int b, int hex)
{
    s->next[s->tail[b]] = hex;
    s->tail[b] = hex;
    s->next[hex] = -1;
}

/* Queues hex at its place in the bucket of its cost: at the end when it
 * comes after the last (the usual case), else after a walk from the head. */
GR_PATH_INLINE void gr_pe_queue_insert(gr_path_search *s, int hex)
{
    int cost = s->cost[hex];
    int b = cost < GR_PATH_BUCKETS - 1 ? cost : GR_PATH_BUCKETS - 1;
    s->pos[hex] = b;
    if (!((s->filled >> b) & 1u)) {
        s->filled |= (uint64_t)1 << b;
        s->head[b] = s->tail[b] = hex;
        s->next[hex] = -1;
        return;
    }
    int *link = &s->head[b]; /* (a walk stops before the tail) */
    if (b < GR_PATH_BUCKETS - 1) { /* one cost: (cost, hex) order is hex order */
        if (s->tail[b] < hex) {
            gr_pe_bucket_append(s, b, hex);
            return;
        }
        while (*link < hex)
            link = &s->next[*link];
    } else {
        if (gr_pe_before(s, s->tail[b], hex)) {
            gr_pe_bucket_append(s, b, hex);
            return;
        }
        while (gr_pe_before(s, *link, hex))
            link = &s->next[*link];
    }
    s->next[hex] = *link;
    *link = hex;
}

/* Takes queued hex out of its bucket. */
GR_PATH_INLINE void gr_pe_queue_remove(gr_path_search *s, int hex)
{
    int b = s->pos[hex], before = -1;
    for (int x = s->head[b]; x != hex; x = s->next[x])
        before = x;
    if (before < 0)
        s->head[b] = s->next[hex];
    else
        s->next[before] = s->next[hex];
    if (s->tail[b] == hex)
        s->tail[b] = before;
    if (before < 0 && s->next[hex] < 0)
        s->filled &= ~((uint64_t)1 << b);
}

/* Queues hex, or moves it to its new place after its cost fell. */
GR_PATH_INLINE void gr_pe_queue_push(gr_path_search *s, int hex)
{
    if (s->pos[hex] >= 0)
        gr_pe_queue_remove(s, hex);
    else if (s->pos[hex] == -1)
        s->touched[s->ntouched++] = hex;
    gr_pe_queue_insert(s, hex);
}

/* The first queued hex in (cost, hex) order (some is queued), settled. */
GR_PATH_INLINE int gr_pe_queue_pop(gr_path_search *s)
{
    int b = __builtin_ctzll(s->filled);
    int top = s->head[b];
    s->head[b] = s->next[top];
    if (s->head[b] < 0)
        s->filled &= ~((uint64_t)1 << b);
    s->pos[top] = -2; /* settled */
    return top;
}

/* Resets the arrays: the hexes the last search touched (warm), or all. */
GR_PATH_INLINE void gr_pe_reset_work(gr_path_search *s, gr_path_work *w)
{
    int n = w->warm && *w->warm ? s->touched[s->count] : -1;
    if (n >= 0 && n <= s->count) {
        for (int k = 0; k < n; k++) {
            int h = s->touched[k];
            w->cost[h] = GR_PATH_NO;
            w->prev[h] = -1;
            s->pos[h] = -1;
        }
        return;
    }
    for (int i = 0; i < s->count; i++) {
        w->cost[i] = GR_PATH_NO;
        w->prev[i] = -1;
        s->pos[i] = -1;
    }
}

GR_PATH_INLINE void gr_pe_search_init(gr_path_search *s, const gr_path_params *p, int start,
                                      gr_path_work *w)
{
    s->p = p;
    s->w = w;
    s->cost = w->cost;
    s->prev = w->prev;
    s->count = gr_grid_count(p->grid);
    s->start = start;
    s->next = w->heap;
    s->pos = w->heap + s->count;
    s->touched = w->heap + 2 * s->count;
    s->nord = 0;
    gr_pe_reset_work(s, w);
    w->cost[start] = 0; /* queued alone in bucket 0 */
    s->touched[0] = start;
    s->ntouched = 1;
    s->next[start] = -1;
    s->pos[start] = 0;
    s->head[0] = s->tail[0] = start;
    s->filled = 1;
}

/* Records what the search touched for the next reset (warm workspaces). */
GR_PATH_INLINE void gr_pe_search_done(gr_path_search *s)
{
    if (!s->w->warm)
        return;
    s->touched[s->count] = s->ntouched;
    *s->w->warm = 1;
}

/*
 * Cost of the step u -> v (direction dir) for a unit that has spent `spent`
 * at u, or GR_PATH_NO when it may not take it: prohibited, over budget
 * (unless it is the minimum one-hex move from the start).
 */
GR_PATH_INLINE int gr_pe_step_total(const gr_path_search *s, int u, int v, int dir, int spent)
{
    const gr_path_params *p = s->p;
    int c = p->step_cost(p->ctx, u, v, dir, spent);
    if (c < 0)
        return GR_PATH_NO;
    if (c <= p->budget - spent)
        return spent + c;
    if (p->min_one_hex && u == s->start)
        return c; /* spent is 0 at the start */
    return GR_PATH_NO;
}

/* Whether the search continues out of a settled hex u: not when no step
 * (which costs at least min_step) fits in what is left of the budget. */
GR_PATH_INLINE int gr_pe_expands(const gr_path_search *s, int u)
{
    const gr_path_params *p = s->p;
    if (u == s->start)
        return 1;
    if (s->cost[u] > p->budget - (p->min_step > 0 ? p->min_step : 0))
        return 0; /* (also reached by the minimum move: the move ends) */
    return !(p->stops && p->stops(p->ctx, s->prev[u], u));
}

/* Relaxes the step u -> v (direction dir) from settled u at cost `here`.
 * A settled hex costs no more than `here`, and no step from u makes a hex
 * reached for no more than `least` (here + the least step cost, >= here)
 * cheaper: such steps are not asked.  (GR_PATH_NO, -1, compares above
 * every cost as unsigned.) */
GR_PATH_INLINE void gr_pe_relax_asked(gr_path_search *s, int u, int v, int dir, int here)
{
    int c = gr_pe_step_total(s, u, v, dir, here);
    if (c == GR_PATH_NO || (unsigned)s->cost[v] <= (unsigned)c)
        return;
    s->cost[v] = c;
    s->prev[v] = u;
    gr_pe_queue_push(s, v);
}

GR_PATH_INLINE void gr_pe_relax(gr_path_search *s, int u, int v, int dir, int here,
                                unsigned least)
{
    if (v >= 0 && (unsigned)s->cost[v] > least)
        gr_pe_relax_asked(s, u, v, dir, here);
}

GR_PATH_INLINE void gr_pe_relax_neighbours(gr_path_search *s, int u)
{
    const int16_t *nb = s->p->neighbours;
    int here = s->cost[u];
    unsigned least = (unsigned)here + (s->p->min_step > 0 ? (unsigned)s->p->min_step : 0u);
    if (nb) {
        unsigned ask = 0;
        nb += u * 6;
        if (s->p->neighbours_closed) { /* (off the map: u itself) */
#pragma GCC unroll 6
            for (int dir = 0; dir < 6; dir++)
                ask |= (unsigned)((unsigned)s->cost[nb[dir]] > least) << dir;
        } else {
#pragma GCC unroll 6
            for (int dir = 0; dir < 6; dir++) {
                int v = nb[dir] < 0 ? u : nb[dir]; /* (u: never asked, its cost <= least) */
                ask |= (unsigned)((unsigned)s->cost[v] > least) << dir;
            }
        }
        if (s->p->dirs)
            ask &= s->p->dirs(s->p->ctx, u);
        for (; ask; ask &= ask - 1) {
            int dir = __builtin_ctz(ask);
            gr_pe_relax_asked(s, u, nb[dir], dir, here);
        }
    } else {
        unsigned dirs = s->p->dirs ? s->p->dirs(s->p->ctx, u) : 63u;
        for (int dir = 0; dir < 6; dir++)
            if ((dirs >> dir) & 1u)
                gr_pe_relax(s, u, gr_grid_step(s->p->grid, u, dir), dir, here, least);
    }
}

/*
 * Hexes settle in (cost, index) order except after zero-cost steps, which
 * can settle a lower index at a cost already passed.  The order is nearly
 * sorted, so an insertion sort (start kept first) restores (cost, index).
 * With a positive least step cost there are no such steps: it is sorted.
 */
GR_PATH_INLINE void gr_pe_sort_order(gr_path_search *s)
{
    int *o = s->w->order;
    if (s->p->min_step > 0)
        return;
    for (int k = 2; k < s->nord; k++) {
        int hex = o[k], j = k;
        while (j > 1 && gr_pe_before(s, hex, o[j - 1])) {
            o[j] = o[j - 1];
            j--;
        }
        o[j] = hex;
    }
}

/* Runs the search; stops early once `goal` (>= 0) is settled. */
GR_PATH_INLINE int gr_pe_run_search(gr_path_search *s, int goal)
{
    const gr_path_params *p = s->p;
    while (s->filled) {
        int u = gr_pe_queue_pop(s);
        if (u == s->start || !p->may_end || p->may_end(p->ctx, u))
            s->w->order[s->nord++] = u;
        if (u == goal)
            break;
        if (gr_pe_expands(s, u))
            gr_pe_relax_neighbours(s, u);
    }
    gr_pe_sort_order(s);
    gr_pe_search_done(s);
    return s->nord;
}

GR_PATH_INLINE int gr_pe_params_ok(const gr_path_params *p, int start, const gr_path_work *w)
{
    if (!p || !w || !p->step_cost || !w->cost || !w->prev || !w->heap || !w->order)
        return 0;
    if (p->neighbours_closed && !p->neighbours)
        return 0;
    return start >= 0 && start < gr_grid_count(p->grid);
}

/* gr_path_reach (path.h). */
GR_PATH_INLINE int gr_path_engine_reach(const gr_path_params *p, int start, gr_path_work *w)
{
    gr_path_search s;
    if (!gr_pe_params_ok(p, start, w))
        return 0;
    gr_pe_search_init(&s, p, start, w);
    return gr_pe_run_search(&s, -1);
}

/* gr_path_to (path.h). */
GR_PATH_INLINE int gr_path_engine_to(const gr_path_params *p, int start, int goal,
                                     gr_path_work *w, int *path, int cap)
{
    gr_path_search s;
    if (!gr_pe_params_ok(p, start, w) || goal < 0 || goal >= gr_grid_count(p->grid))
        return 0;
    gr_pe_search_init(&s, p, start, w);
    gr_pe_run_search(&s, goal);
    if (w->cost[goal] == GR_PATH_NO || s.pos[goal] != -2)
        return 0;
    if (goal != start && p->may_end && !p->may_end(p->ctx, goal))
        return 0;
    int n = 0;
    for (int h = goal; h >= 0; h = w->prev[h])
        n++;
    if (!path || cap < n)
        return 0;
    for (int h = goal, k = n - 1; h >= 0; h = w->prev[h], k--)
        path[k] = h;
    return n;
}

#endif
