/*
 * path_engine.h — the search of path.c (gr_path_reach, gr_path_to) as
 * inline code.  path.c is its general instance; a rule module whose
 * searches are hot may call gr_path_engine_reach / gr_path_engine_to with
 * a gr_path_params of its own static callbacks, so that the compiler can
 * call (and inline) them directly instead of through the pointers: the
 * same code, the same results.
 *
 * The priority queue is an indexed binary heap (decrease-key) kept in the
 * caller's w->heap: slots [0, count) hold the heap of hex indices, slots
 * [count, 2*count) the position of each hex in it (-1 when absent).  Keys
 * are (w->cost[hex], hex), so equal costs pop in hex-index order and every
 * result is deterministic.  A hex's predecessor is the first settled hex
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

typedef struct gr_path_search {
    const gr_path_params *p;
    gr_path_work *w;
    int *cost; /* w->cost                 */
    int count;
    int start;
    int *heap; /* w->heap                 */
    int *pos;  /* w->heap + count         */
    int size;  /* hexes in the heap       */
    int nord;  /* hexes in w->order       */
    int *touched; /* w->heap + 2 * count: hexes given a cost, then their number */
    int ntouched;
} gr_path_search;

/* Heap order: lower cost first, then lower hex index. */
GR_PATH_INLINE int gr_pe_before(const gr_path_search *s, int a, int b)
{
    int ca = s->cost[a], cb = s->cost[b];
    return ca != cb ? ca < cb : a < b;
}

GR_PATH_INLINE void gr_pe_heap_place(gr_path_search *s, int slot, int hex)
{
    s->heap[slot] = hex;
    s->pos[hex] = slot;
}

GR_PATH_INLINE void gr_pe_sift_up(gr_path_search *s, int slot)
{
    int hex = s->heap[slot];
    while (slot > 0) {
        int parent = (slot - 1) / 2;
        if (!gr_pe_before(s, hex, s->heap[parent]))
            break;
        gr_pe_heap_place(s, slot, s->heap[parent]);
        slot = parent;
    }
    gr_pe_heap_place(s, slot, hex);
}

GR_PATH_INLINE void gr_pe_sift_down(gr_path_search *s, int slot)
{
    int hex = s->heap[slot];
    for (;;) {
        int child = 2 * slot + 1;
        if (child >= s->size)
            break;
        if (child + 1 < s->size && gr_pe_before(s, s->heap[child + 1], s->heap[child]))
            child++;
        if (!gr_pe_before(s, s->heap[child], hex))
            break;
        gr_pe_heap_place(s, slot, s->heap[child]);
        slot = child;
    }
    gr_pe_heap_place(s, slot, hex);
}

/* Inserts hex, or moves it up after its cost fell. */
GR_PATH_INLINE void gr_pe_heap_push_or_raise(gr_path_search *s, int hex)
{
    if (s->pos[hex] < 0) {
        if (s->pos[hex] == -1)
            s->touched[s->ntouched++] = hex;
        s->heap[s->size] = hex;
        s->pos[hex] = s->size++;
    }
    gr_pe_sift_up(s, s->pos[hex]);
}

GR_PATH_INLINE int gr_pe_heap_pop(gr_path_search *s)
{
    int top = s->heap[0];
    s->pos[top] = -2; /* settled */
    if (--s->size > 0) {
        s->heap[0] = s->heap[s->size];
        gr_pe_sift_down(s, 0);
    }
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
    s->count = gr_grid_count(p->grid);
    s->start = start;
    s->heap = w->heap;
    s->pos = w->heap + s->count;
    s->touched = w->heap + 2 * s->count;
    s->size = 0;
    s->nord = 0;
    s->ntouched = 0;
    gr_pe_reset_work(s, w);
    w->cost[start] = 0;
    gr_pe_heap_push_or_raise(s, start);
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

/* Whether the search continues out of a settled hex u. */
GR_PATH_INLINE int gr_pe_expands(const gr_path_search *s, int u)
{
    const gr_path_params *p = s->p;
    if (u == s->start)
        return 1;
    if (s->cost[u] > p->budget)
        return 0; /* reached by the minimum move: the move ends */
    return !(p->stops && p->stops(p->ctx, s->w->prev[u], u));
}

GR_PATH_INLINE void gr_pe_relax_neighbours(gr_path_search *s, int u)
{
    const int16_t *nb = s->p->neighbours;
    int here = s->cost[u];
    for (int dir = 0; dir < 6; dir++) {
        int v = nb ? nb[u * 6 + dir] : gr_grid_step(s->p->grid, u, dir);
        if (v < 0 || s->pos[v] == -2)
            continue;
        if (s->cost[v] != GR_PATH_NO && s->cost[v] <= here)
            continue; /* no step from u makes it cheaper (costs are >= 0): not asked */
        int c = gr_pe_step_total(s, u, v, dir, here);
        if (c == GR_PATH_NO || (s->cost[v] != GR_PATH_NO && s->cost[v] <= c))
            continue;
        s->cost[v] = c;
        s->w->prev[v] = u;
        gr_pe_heap_push_or_raise(s, v);
    }
}

/*
 * Hexes settle in (cost, index) order except after zero-cost steps, which
 * can settle a lower index at a cost already passed.  The order is nearly
 * sorted, so an insertion sort (start kept first) restores (cost, index).
 */
GR_PATH_INLINE void gr_pe_sort_order(gr_path_search *s)
{
    int *o = s->w->order;
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
    while (s->size > 0) {
        int u = gr_pe_heap_pop(s);
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
