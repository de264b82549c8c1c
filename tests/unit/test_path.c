/* test_path.c — movement search (gr_path_reach, gr_path_to): terrain costs,
 * prohibited hexes, stop-on-enter (ZOC), may_end (stacking), the minimum
 * one-hex move, deterministic order, a brute-force cross-check, and the
 * queue's order against a plain reference queue. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "hex.h"
#include "path.h"

#define MAXH 400

/* A toy rule set: a cost to enter each hex, an extra cost per hexside,
 * ZOC hexes, hexes where the move may not end. */
typedef struct map {
    gr_grid grid;
    int enter[MAXH];      /* GR_PATH_NO: prohibited */
    int side[6 * MAXH];   /* extra cost by canonical hexside id */
    uint8_t zoc[MAXH];
    uint8_t no_end[MAXH];
    int zoc_only_from;    /* >= 0: ZOC stops only when entered from this hex */
    int last_spent[MAXH]; /* spent passed to step_cost, by `from` */
    int bad_calls;        /* callbacks given inconsistent arguments */
    int use_dirs;         /* gr_path_params.dirs is open_dirs: steps outside
                             it are bad calls */
    gr_path_work w;
} map;

/* gr_path_params.dirs: the directions into a hex that may be entered. */
static unsigned open_dirs(void *ctx, int hex)
{
    map *m = ctx;
    unsigned dirs = 0;
    for (int dir = 0; dir < 6; dir++) {
        int n = gr_grid_step(&m->grid, hex, dir);
        dirs |= (unsigned)(n >= 0 && m->enter[n] != GR_PATH_NO) << dir;
    }
    return dirs;
}

static int step_cost(void *ctx, int from, int to, int dir, int spent)
{
    map *m = ctx;
    if (m->use_dirs && !((open_dirs(m, from) >> dir) & 1u))
        m->bad_calls++;
    if (gr_grid_step(&m->grid, from, dir) != to)
        m->bad_calls++;
    if (m->last_spent[from] != -1 && m->last_spent[from] != spent)
        m->bad_calls++;
    m->last_spent[from] = spent;
    if (m->enter[to] == GR_PATH_NO)
        return GR_PATH_NO;
    return m->enter[to] + m->side[gr_grid_side(&m->grid, from, dir)];
}

static int stops(void *ctx, int from, int to)
{
    map *m = ctx;
    if (gr_hex_dist(gr_grid_hex(&m->grid, from), gr_grid_hex(&m->grid, to)) != 1)
        m->bad_calls++;
    if (m->w.prev[to] != from)
        m->bad_calls++;
    return m->zoc[to] && (m->zoc_only_from < 0 || m->zoc_only_from == from);
}

static int may_end(void *ctx, int hex)
{
    map *m = ctx;
    return !m->no_end[hex];
}

/* A map of cols x rows clear hexes (cost 1), flat, CCRR from 0101. */
static map *map_new(int cols, int rows)
{
    map *m = calloc(1, sizeof *m);
    assert_non_null(m);
    gr_grid g = {(int16_t)cols, (int16_t)rows, 1, 1, GR_GRID_FLAT, 0, GR_LABEL_CCRR, 0};
    m->grid = g;
    int n = gr_grid_count(&g);
    assert_true(n <= MAXH);
    for (int i = 0; i < n; i++)
        m->enter[i] = 1;
    m->zoc_only_from = -1;
    /* exact sizes, so the address sanitizer sees any overrun */
    m->w.cost = malloc(sizeof(int) * (size_t)n);
    m->w.prev = malloc(sizeof(int) * (size_t)n);
    m->w.heap = malloc(sizeof(int) * (size_t)(6 * n + 1));
    m->w.order = malloc(sizeof(int) * (size_t)n);
    assert_true(m->w.cost && m->w.prev && m->w.heap && m->w.order);
    return m;
}

static void map_free(map *m)
{
    free(m->w.cost);
    free(m->w.prev);
    free(m->w.heap);
    free(m->w.order);
    free(m);
}

static gr_path_params params(map *m, int budget)
{
    gr_path_params p = {&m->grid, budget, step_cost, stops, may_end, m, 0};
    return p;
}

static int at(map *m, const char *label)
{
    int i = gr_grid_find(&m->grid, label);
    assert_true(i >= 0);
    return i;
}

static int reach(map *m, const gr_path_params *p, int start)
{
    for (int i = 0; i < MAXH; i++)
        m->last_spent[i] = -1;
    return gr_path_reach(p, start, &m->w);
}

static int path_to(map *m, const gr_path_params *p, int start, int goal, int *path, int cap)
{
    for (int i = 0; i < MAXH; i++)
        m->last_spent[i] = -1;
    return gr_path_to(p, start, goal, &m->w, path, cap);
}

static int in_order(const map *m, int n, int hex)
{
    for (int k = 0; k < n; k++)
        if (m->w.order[k] == hex)
            return 1;
    return 0;
}

/* Invariants of every search result: order sorted by (cost, index), start
 * first, prev links adjacent and cost-consistent, callbacks sane. */
static void check_result(map *m, const gr_path_params *p, int start, int n)
{
    assert_int_equal(m->bad_calls, 0);
    assert_true(n >= 1);
    assert_int_equal(m->w.order[0], start);
    assert_int_equal(m->w.cost[start], 0);
    assert_int_equal(m->w.prev[start], -1);
    for (int k = 1; k < n; k++) {
        int a = m->w.order[k - 1], b = m->w.order[k];
        assert_true(m->w.cost[a] < m->w.cost[b] ||
                    (m->w.cost[a] == m->w.cost[b] && (a < b || a == start)));
    }
    for (int i = 0; i < gr_grid_count(&m->grid); i++) {
        int pv = m->w.prev[i];
        if (i == start || m->w.cost[i] == GR_PATH_NO) {
            assert_int_equal(pv, -1);
            continue;
        }
        int dir = gr_hex_dir_to(gr_grid_hex(&m->grid, pv), gr_grid_hex(&m->grid, i));
        assert_true(dir >= 0);
        int c = m->enter[i] + m->side[gr_grid_side(&m->grid, pv, dir)];
        assert_int_equal(m->w.cost[i], m->w.cost[pv] + c);
        assert_true(m->w.cost[i] <= p->budget || (p->min_one_hex && pv == start));
    }
}

/* Clear ground, cost 1: reachable = within distance `budget`, cost = dist. */
static void test_uniform_cost(void **state)
{
    (void)state;
    map *m = map_new(8, 6);
    gr_path_params p = params(m, 3);
    int start = at(m, "0403"), n = reach(m, &p, start), within = 0;
    check_result(m, &p, start, n);
    gr_hex s = gr_grid_hex(&m->grid, start);
    for (int i = 0; i < gr_grid_count(&m->grid); i++) {
        int d = gr_hex_dist(s, gr_grid_hex(&m->grid, i));
        assert_int_equal(m->w.cost[i], d <= 3 ? d : GR_PATH_NO);
        assert_int_equal(in_order(m, n, i), d <= 3);
        within += d <= 3;
    }
    assert_int_equal(n, within);
    map_free(m);
}

/* Equal costs: order by index; each hex's predecessor is the lowest-index
 * neighbour one step cheaper; two runs give identical results. */
static void test_deterministic_ties(void **state)
{
    (void)state;
    map *m = map_new(9, 7);
    gr_path_params p = params(m, 6);
    int start = at(m, "0504"), count = gr_grid_count(&m->grid);
    int n = reach(m, &p, start);
    check_result(m, &p, start, n);
    for (int i = 0; i < count; i++) {
        if (i == start || m->w.cost[i] == GR_PATH_NO)
            continue;
        int want = -1;
        for (int d = 0; d < 6; d++) {
            int j = gr_grid_step(&m->grid, i, d);
            if (j >= 0 && m->w.cost[j] == m->w.cost[i] - 1 && (want < 0 || j < want))
                want = j;
        }
        assert_int_equal(m->w.prev[i], want);
    }
    int *copy = malloc(sizeof(int) * (size_t)(3 * count));
    assert_non_null(copy);
    memcpy(copy, m->w.cost, sizeof(int) * (size_t)count);
    memcpy(copy + count, m->w.prev, sizeof(int) * (size_t)count);
    memcpy(copy + 2 * count, m->w.order, sizeof(int) * (size_t)n);
    assert_int_equal(reach(m, &p, start), n);
    assert_memory_equal(copy, m->w.cost, sizeof(int) * (size_t)count);
    assert_memory_equal(copy + count, m->w.prev, sizeof(int) * (size_t)count);
    assert_memory_equal(copy + 2 * count, m->w.order, sizeof(int) * (size_t)n);
    free(copy);
    map_free(m);
}

/* A path from start to goal: adjacent steps whose costs add up to
 * w->cost[goal]. */
static void check_path(map *m, const int *path, int n, int start, int goal)
{
    int total = 0;
    assert_true(n >= 1);
    assert_int_equal(path[0], start);
    assert_int_equal(path[n - 1], goal);
    for (int k = 1; k < n; k++) {
        int d = gr_hex_dir_to(gr_grid_hex(&m->grid, path[k - 1]), gr_grid_hex(&m->grid, path[k]));
        assert_true(d >= 0);
        total += m->enter[path[k]] + m->side[gr_grid_side(&m->grid, path[k - 1], d)];
    }
    assert_int_equal(total, m->w.cost[goal]);
}

/* Costly hexes and hexsides: the search goes round them when cheaper. */
static void test_terrain_costs(void **state)
{
    (void)state;
    map *m = map_new(8, 6);
    int start = at(m, "0303"), goal = at(m, "0503"), path[16];
    gr_path_params p = params(m, 10);
    assert_int_equal(path_to(m, &p, start, goal, path, 16), 3);
    /* woods (cost 4) on both hexes between them: round is 4 steps of 1 */
    int w1 = at(m, "0402"), w2 = at(m, "0403");
    m->enter[w1] = m->enter[w2] = 4;
    int n = path_to(m, &p, start, goal, path, 16);
    assert_int_equal(m->bad_calls, 0);
    assert_int_equal(m->w.cost[goal], 4);
    assert_int_equal(n, 5);
    check_path(m, path, n, start, goal);
    for (int k = 0; k < n; k++)
        assert_true(path[k] != w1 && path[k] != w2);
    /* woods cost 2: straight through is 3, cheaper than round */
    m->enter[w1] = m->enter[w2] = 2;
    n = path_to(m, &p, start, goal, path, 16);
    assert_int_equal(m->w.cost[goal], 3);
    assert_int_equal(n, 3);
    assert_int_equal(path[1], w1); /* tie between w1 and w2: lower index */
    /* a creek (+3) on every hexside of the goal but its d3 side */
    for (int d = 0; d < 6; d++)
        if (d != 3)
            m->side[gr_grid_side(&m->grid, goal, d)] = 3;
    n = path_to(m, &p, start, goal, path, 16);
    check_path(m, path, n, start, goal);
    assert_int_equal(path[n - 2], gr_grid_step(&m->grid, goal, 3));
    map_free(m);
}

/* Prohibited hexes are never entered; a closed wall makes hexes unreachable. */
static void test_prohibited(void **state)
{
    (void)state;
    map *m = map_new(8, 6);
    int wall = gr_grid_index_cr(&m->grid, 4, 1), path[64];
    for (int row = 1; row <= 6; row++)
        m->enter[gr_grid_index_cr(&m->grid, 4, row)] = GR_PATH_NO;
    gr_path_params p = params(m, 50);
    int start = at(m, "0203"), goal = at(m, "0603");
    int n = reach(m, &p, start);
    check_result(m, &p, start, n);
    assert_int_equal(m->w.cost[goal], GR_PATH_NO);
    assert_int_equal(m->w.cost[wall], GR_PATH_NO);
    assert_int_equal(n, 3 * 6);
    assert_int_equal(path_to(m, &p, start, goal, path, 64), 0);
    /* a gap at 0406 */
    m->enter[at(m, "0406")] = 1;
    n = path_to(m, &p, start, goal, path, 64);
    assert_true(n > 0);
    int through = 0;
    for (int k = 0; k < n; k++)
        through += path[k] == at(m, "0406");
    assert_int_equal(through, 1);
    assert_int_equal(m->w.cost[goal], n - 1);
    map_free(m);
}

/* arw:GR8.31-a entering a ZOC hex ends the move: the hex is reachable but
 * the search does not continue out of it. */
static void test_zoc_stops(void **state)
{
    (void)state;
    map *m = map_new(8, 6);
    /* ZOC across column 4 except 0406 */
    for (int row = 1; row <= 5; row++)
        m->zoc[gr_grid_index_cr(&m->grid, 4, row)] = 1;
    gr_path_params p = params(m, 4);
    int start = at(m, "0303"), n = reach(m, &p, start);
    check_result(m, &p, start, n);
    assert_true(in_order(m, n, at(m, "0403")));
    assert_int_equal(m->w.cost[at(m, "0403")], 1);
    /* 0503 lies behind the ZOC line: only round by 0406 (too far) */
    assert_int_equal(m->w.cost[at(m, "0503")], GR_PATH_NO);
    for (int i = 0; i < gr_grid_count(&m->grid); i++)
        if (m->w.prev[i] >= 0)
            assert_false(m->zoc[m->w.prev[i]]);
    /* a larger budget goes round through 0406 */
    p.budget = 8;
    n = reach(m, &p, start);
    check_result(m, &p, start, n);
    assert_true(m->w.cost[at(m, "0503")] > 2);
    assert_true(m->w.cost[at(m, "0503")] != GR_PATH_NO);
    map_free(m);
}

/* arw:GR8.32-a a unit starting in a ZOC may move straight into another ZOC
 * hex (and stops there), or leave to a free hex and move on. */
static void test_zoc_start(void **state)
{
    (void)state;
    map *m = map_new(8, 6);
    int start = at(m, "0403"), other = at(m, "0404"), free_hex = at(m, "0303");
    m->zoc[start] = 1;
    m->zoc[other] = 1;
    gr_path_params p = params(m, 3);
    int n = reach(m, &p, start);
    check_result(m, &p, start, n);
    assert_int_equal(m->w.cost[other], 1);
    assert_int_equal(m->w.prev[other], start);
    assert_int_equal(m->w.cost[free_hex], 1);
    assert_int_equal(m->w.cost[at(m, "0203")], 2); /* on from the free hex */
    for (int i = 0; i < gr_grid_count(&m->grid); i++)
        assert_true(m->w.prev[i] != other);
    map_free(m);
}

/* stops() is asked with the predecessor: ZOC that stops only a unit coming
 * from one given hex. */
static void test_stop_depends_on_from(void **state)
{
    (void)state;
    map *m = map_new(8, 6);
    int start = at(m, "0303"), z = at(m, "0403");
    m->zoc[z] = 1;
    m->zoc_only_from = at(m, "0402"); /* not the cheapest predecessor */
    gr_path_params p = params(m, 4);
    int n = reach(m, &p, start);
    check_result(m, &p, start, n);
    assert_int_equal(m->w.prev[z], start);
    int beyond = gr_grid_step(&m->grid, z, 0);
    assert_int_equal(m->w.cost[beyond], 2);
    assert_int_equal(m->w.prev[beyond], z); /* the search went on from z */
    map_free(m);
}

/* Stacking: the move may pass through a full hex but not end there. */
static void test_may_end(void **state)
{
    (void)state;
    map *m = map_new(8, 6);
    int start = at(m, "0103"), full = at(m, "0203"), path[16];
    for (int row = 1; row <= 6; row++)
        m->enter[gr_grid_index_cr(&m->grid, 2, row)] = GR_PATH_NO;
    m->enter[full] = 1;
    m->no_end[full] = 1;
    m->no_end[start] = 1; /* the start is listed anyway */
    gr_path_params p = params(m, 3);
    int n = reach(m, &p, start);
    check_result(m, &p, start, n);
    assert_false(in_order(m, n, full));
    assert_int_equal(m->w.cost[full], 1); /* passed through */
    int beyond = at(m, "0303");
    assert_true(in_order(m, n, beyond));
    assert_int_equal(m->w.prev[beyond], full);
    assert_int_equal(path_to(m, &p, start, full, path, 16), 0);
    assert_int_equal(path_to(m, &p, start, beyond, path, 16), 3);
    assert_int_equal(path[1], full);
    for (int i = 0; i < gr_grid_count(&m->grid); i++)
        if (m->w.cost[i] != GR_PATH_NO && i != full)
            assert_true(in_order(m, n, i));
    map_free(m);
}

/* ARW GR9.1-d (its bold title hides the id from rule-coverage, so no tag):
 * a unit may always move one hex it cannot pay for, unless the
 * step is prohibited; the move then ends. */
static void test_min_one_hex(void **state)
{
    (void)state;
    map *m = map_new(8, 6);
    int start = at(m, "0403"), count = gr_grid_count(&m->grid);
    for (int i = 0; i < count; i++)
        m->enter[i] = 5;
    int banned = gr_grid_step(&m->grid, start, 0);
    m->enter[banned] = GR_PATH_NO;
    gr_path_params p = params(m, 2);
    int n = reach(m, &p, start);
    check_result(m, &p, start, n);
    assert_int_equal(n, 1); /* without the exception it cannot move */
    p.min_one_hex = 1;
    n = reach(m, &p, start);
    check_result(m, &p, start, n);
    assert_int_equal(n, 6); /* start + five neighbours */
    for (int d = 0; d < 6; d++) {
        int j = gr_grid_step(&m->grid, start, d);
        assert_int_equal(m->w.cost[j], j == banned ? GR_PATH_NO : 5);
    }
    for (int i = 0; i < count; i++)
        if (gr_hex_dist(gr_grid_hex(&m->grid, i), gr_grid_hex(&m->grid, start)) > 1)
            assert_int_equal(m->w.cost[i], GR_PATH_NO);
    /* only from the start: one affordable hex, then no free extra hex */
    int cheap = gr_grid_step(&m->grid, start, 3);
    m->enter[cheap] = 1;
    n = reach(m, &p, start);
    check_result(m, &p, start, n);
    assert_int_equal(m->w.cost[cheap], 1);
    assert_int_equal(m->w.cost[gr_grid_step(&m->grid, cheap, 3)], GR_PATH_NO);
    /* the exceptional hex must still be a legal place to end */
    int full = gr_grid_step(&m->grid, start, 1);
    m->no_end[full] = 1;
    n = reach(m, &p, start);
    assert_false(in_order(m, n, full));
    assert_int_equal(n, 5);
    map_free(m);
}

static void test_zero_budget(void **state)
{
    (void)state;
    map *m = map_new(5, 5);
    gr_path_params p = params(m, 0);
    int start = at(m, "0303");
    assert_int_equal(reach(m, &p, start), 1);
    m->enter[at(m, "0302")] = 0; /* a free step is still possible */
    int n = reach(m, &p, start);
    check_result(m, &p, start, n);
    assert_int_equal(n, 2);
    assert_int_equal(m->w.order[1], at(m, "0302"));
    p.budget = -1;
    assert_int_equal(reach(m, &p, start), 1);
    map_free(m);
}

static void test_path_to_edges(void **state)
{
    (void)state;
    map *m = map_new(6, 6);
    gr_path_params p = params(m, 20);
    int start = at(m, "0101"), goal = at(m, "0606"), path[16];
    int n = path_to(m, &p, start, goal, path, 16);
    assert_int_equal(n, gr_hex_dist(gr_grid_hex(&m->grid, start),
                                     gr_grid_hex(&m->grid, goal)) + 1);
    assert_int_equal(path_to(m, &p, start, goal, path, n - 1), 0);
    assert_int_equal(path_to(m, &p, start, goal, NULL, 16), 0);
    assert_int_equal(path_to(m, &p, start, start, path, 16), 1);
    assert_int_equal(path[0], start);
    assert_int_equal(path_to(m, &p, start, -1, path, 16), 0);
    assert_int_equal(path_to(m, &p, start, 36, path, 16), 0);
    /* the search stops at the goal: hexes dearer than it are not settled */
    n = gr_path_to(&p, start, at(m, "0201"), &m->w, path, 16);
    assert_int_equal(n, 2);
    assert_int_equal(m->w.cost[goal], GR_PATH_NO);
    map_free(m);
}

static void test_bad_args(void **state)
{
    (void)state;
    map *m = map_new(4, 4);
    gr_path_params p = params(m, 5);
    assert_int_equal(gr_path_reach(NULL, 0, &m->w), 0);
    assert_int_equal(gr_path_reach(&p, 0, NULL), 0);
    assert_int_equal(gr_path_reach(&p, -1, &m->w), 0);
    assert_int_equal(gr_path_reach(&p, 16, &m->w), 0);
    p.step_cost = NULL;
    assert_int_equal(gr_path_reach(&p, 0, &m->w), 0);
    p = params(m, 5);
    p.stops = NULL;
    p.may_end = NULL;
    assert_int_equal(gr_path_reach(&p, 0, &m->w), 16);
    map_free(m);
}

/* ---------------------------------------------------------- cross-check */

static uint32_t lcg(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

/* Bellman-Ford with the same rules (stops depend on the entered hex only). */
static void brute_force(const map *m, int start, int budget, int *cost)
{
    int count = gr_grid_count(&m->grid);
    for (int i = 0; i < count; i++)
        cost[i] = GR_PATH_NO;
    cost[start] = 0;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int u = 0; u < count; u++) {
            if (cost[u] == GR_PATH_NO || (u != start && m->zoc[u]))
                continue;
            for (int d = 0; d < 6; d++) {
                int v = gr_grid_step(&m->grid, u, d);
                if (v < 0 || m->enter[v] == GR_PATH_NO)
                    continue;
                int c = cost[u] + m->enter[v] + m->side[gr_grid_side(&m->grid, u, d)];
                if (c <= budget && (cost[v] == GR_PATH_NO || c < cost[v])) {
                    cost[v] = c;
                    changed = 1;
                }
            }
        }
    }
}

static void random_map(map *m, uint32_t *seed)
{
    int count = gr_grid_count(&m->grid);
    for (int i = 0; i < count; i++) {
        uint32_t v = lcg(seed) % 100;
        m->enter[i] = v < 8 ? GR_PATH_NO : (v < 20 ? 0 : 1 + (int)(v % 4));
        m->zoc[i] = lcg(seed) % 100 < 10;
        m->no_end[i] = lcg(seed) % 100 < 10;
        for (int d = 0; d < 3; d++)
            m->side[gr_grid_side(&m->grid, i, d)] = lcg(seed) % 100 < 15 ? 2 : 0;
    }
}

static void test_random_maps_vs_brute_force(void **state)
{
    (void)state;
    map *m = map_new(20, 15);
    int count = gr_grid_count(&m->grid), *want = malloc(sizeof(int) * (size_t)count);
    assert_non_null(want);
    uint32_t seed = 12345u;
    for (int round = 0; round < 40; round++) {
        memset(m->side, 0, sizeof m->side);
        random_map(m, &seed);
        int start = (int)(lcg(&seed) % (uint32_t)count), budget = 4 + round % 9;
        gr_path_params p = params(m, budget);
        int n = reach(m, &p, start);
        check_result(m, &p, start, n);
        brute_force(m, start, budget, want);
        int listed = 0;
        for (int i = 0; i < count; i++) {
            assert_int_equal(m->w.cost[i], want[i]);
            int end = want[i] != GR_PATH_NO && (i == start || !m->no_end[i]);
            assert_int_equal(in_order(m, n, i), end);
            listed += end;
        }
        assert_int_equal(n, listed);
    }
    free(want);
    map_free(m);
}

/* ------------------------------------------------- reference queue order */

/* The search with a plain queue: each round settles the queued hex of the
 * lowest (cost, index), as path_engine.h's bucket queue must.  Costs from
 * the map directly; stops as the test's callback.  Fills cost, prev and
 * order as gr_path_reach / gr_path_to would (stopping once goal settles);
 * returns the number of hexes in order. */
static int reference_search(const map *m, const gr_path_params *p, int start, int goal,
                            int *cost, int *prev, int *order)
{
    int count = gr_grid_count(&m->grid), n = 0;
    uint8_t state[MAXH]; /* 0 untouched, 1 queued, 2 settled */
    for (int i = 0; i < count; i++) {
        cost[i] = GR_PATH_NO;
        prev[i] = -1;
        state[i] = 0;
    }
    cost[start] = 0;
    state[start] = 1;
    for (;;) {
        int u = -1;
        for (int i = 0; i < count; i++)
            if (state[i] == 1 && (u < 0 || cost[i] < cost[u]))
                u = i;
        if (u < 0)
            break;
        state[u] = 2;
        if (u == start || !m->no_end[u])
            order[n++] = u;
        if (u == goal)
            break;
        int stop = m->zoc[u] && (m->zoc_only_from < 0 || m->zoc_only_from == prev[u]);
        if (u != start && (cost[u] > p->budget || stop))
            continue;
        for (int d = 0; d < 6; d++) {
            int v = gr_grid_step(&m->grid, u, d);
            if (v < 0 || state[v] == 2 || m->enter[v] == GR_PATH_NO)
                continue;
            int c = m->enter[v] + m->side[gr_grid_side(&m->grid, u, d)];
            if (c <= p->budget - cost[u])
                c += cost[u];
            else if (!(p->min_one_hex && u == start))
                continue;
            if (cost[v] == GR_PATH_NO || c < cost[v]) {
                cost[v] = c;
                prev[v] = u;
                state[v] = 1;
            }
        }
    }
    for (int k = 2; k < n; k++) /* (cost, index), start first */
        for (int j = k; j > 1 && (cost[order[j]] < cost[order[j - 1]] ||
                                  (cost[order[j]] == cost[order[j - 1]] &&
                                   order[j] < order[j - 1]));
             j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    return n;
}

/* Dear steps, zero-cost steps and costs past the queue's last bucket, with
 * and without a least step cost (gr_path_params.min_step): the same costs,
 * predecessors, order and paths as the plain queue. */
static void test_queue_order_vs_reference(void **state)
{
    (void)state;
    map *m = map_new(20, 15);
    int count = gr_grid_count(&m->grid), path[MAXH];
    int *cost = malloc(sizeof(int) * (size_t)count), *prev = malloc(sizeof(int) * (size_t)count);
    int *order = malloc(sizeof(int) * (size_t)count);
    assert_true(cost && prev && order);
    uint32_t seed = 9001u;
    for (int round = 0; round < 120; round++) {
        memset(m->side, 0, sizeof m->side);
        random_map(m, &seed);
        int scale = round % 4 == 0 ? 1 : round % 4 == 1 ? 7 : 23;
        for (int i = 0; i < count; i++)
            if (m->enter[i] > 0)
                m->enter[i] = m->enter[i] * scale + (int)(lcg(&seed) % 3u);
        int least = INT32_MAX;
        for (int i = 0; i < count; i++) {
            if (m->enter[i] == 0 && round % 8 >= 4)
                m->enter[i] = scale; /* (no zero-cost steps: a least step cost) */
            if (m->enter[i] != GR_PATH_NO && m->enter[i] < least)
                least = m->enter[i]; /* (hexside costs only add) */
        }
        int start = (int)(lcg(&seed) % (uint32_t)count);
        int goal = round % 3 == 2 ? (int)(lcg(&seed) % (uint32_t)count) : -1;
        gr_path_params p = params(m, scale * (3 + round % 9));
        p.min_step = round % 2 ? least : 0; /* same results, fewer calls */
        p.min_one_hex = (uint8_t)(round & 1);
        m->zoc_only_from = round % 5 == 4 ? start : -1;
        int want = reference_search(m, &p, start, goal, cost, prev, order);
        if (goal < 0) {
            assert_int_equal(reach(m, &p, start), want);
            assert_memory_equal(order, m->w.order, sizeof(int) * (size_t)want);
        } else {
            int len = path_to(m, &p, start, goal, path, MAXH);
            int ok = cost[goal] != GR_PATH_NO && (goal == start || !m->no_end[goal]);
            assert_int_equal(len > 0, ok);
            for (int k = len - 1, h = goal; k >= 0; k--, h = prev[h])
                assert_int_equal(path[k], h);
        }
        assert_memory_equal(cost, m->w.cost, sizeof(int) * (size_t)count);
        assert_memory_equal(prev, m->w.prev, sizeof(int) * (size_t)count);
        assert_int_equal(m->bad_calls, 0);
    }
    free(cost);
    free(prev);
    free(order);
    map_free(m);
}

/* A neighbour table, open (-1 off the map) or closed (the hex itself,
 * gr_path_params.neighbours_closed), and a mask of the directions worth
 * asking (gr_path_params.dirs), with or without a table, give the same
 * costs, predecessors and order. */
static void test_neighbour_table(void **state)
{
    (void)state;
    map *m = map_new(20, 15);
    int count = gr_grid_count(&m->grid);
    int16_t *nb = malloc(sizeof(int16_t) * 6 * (size_t)count);
    int16_t *closed = malloc(sizeof(int16_t) * 6 * (size_t)count);
    int *cost = malloc(sizeof(int) * (size_t)count), *prev = malloc(sizeof(int) * (size_t)count);
    int *order = malloc(sizeof(int) * (size_t)count);
    assert_true(nb && closed && cost && prev && order);
    for (int i = 0; i < count; i++)
        for (int d = 0; d < 6; d++) {
            nb[i * 6 + d] = (int16_t)gr_grid_step(&m->grid, i, d);
            closed[i * 6 + d] = (int16_t)(nb[i * 6 + d] >= 0 ? nb[i * 6 + d] : i);
        }
    uint32_t seed = 777u;
    for (int round = 0; round < 30; round++) {
        memset(m->side, 0, sizeof m->side);
        random_map(m, &seed);
        int start = (int)(lcg(&seed) % (uint32_t)count), budget = 3 + round % 10;
        gr_path_params p = params(m, budget);
        p.min_one_hex = (uint8_t)(round & 1);
        m->use_dirs = 0;
        int n = reach(m, &p, start);
        memcpy(cost, m->w.cost, sizeof(int) * (size_t)count);
        memcpy(prev, m->w.prev, sizeof(int) * (size_t)count);
        memcpy(order, m->w.order, sizeof(int) * (size_t)n);
        for (int kind = 0; kind < 5; kind++) { /* 4: dirs without a table */
            p.neighbours = kind == 4 ? NULL : (kind & 1) ? closed : nb;
            p.neighbours_closed = (uint8_t)(kind & 1);
            p.dirs = kind >= 2 ? open_dirs : NULL;
            m->use_dirs = kind >= 2;
            assert_int_equal(reach(m, &p, start), n);
            assert_memory_equal(cost, m->w.cost, sizeof(int) * (size_t)count);
            assert_memory_equal(prev, m->w.prev, sizeof(int) * (size_t)count);
            assert_memory_equal(order, m->w.order, sizeof(int) * (size_t)n);
            assert_int_equal(m->bad_calls, 0);
        }
    }
    free(nb);
    free(closed);
    free(cost);
    free(prev);
    free(order);
    map_free(m);
}

/* A warm workspace (gr_path_work.warm), reset through the list of touched
 * hexes, gives the same costs, predecessors and order as cleared arrays,
 * search after search, gr_path_reach and gr_path_to alike. */
static void test_warm_workspace(void **state)
{
    (void)state;
    map *m = map_new(20, 15);
    int count = gr_grid_count(&m->grid), warm = 0, path[64], path2[64];
    gr_path_work cold = m->w, hot = {malloc(sizeof(int) * (size_t)count),
                                     malloc(sizeof(int) * (size_t)count),
                                     malloc(sizeof(int) * (size_t)(6 * count + 1)),
                                     malloc(sizeof(int) * (size_t)count), &warm};
    assert_true(hot.cost && hot.prev && hot.heap && hot.order);
    uint32_t seed = 4242u;
    for (int round = 0; round < 60; round++) {
        memset(m->side, 0, sizeof m->side);
        random_map(m, &seed);
        int start = (int)(lcg(&seed) % (uint32_t)count), budget = 2 + round % 12;
        int goal = (int)(lcg(&seed) % (uint32_t)count);
        gr_path_params p = params(m, budget);
        p.min_one_hex = (uint8_t)(round & 1);
        m->w = cold;
        int n = round % 3 == 2 ? path_to(m, &p, start, goal, path, 64) : reach(m, &p, start);
        m->w = hot;
        int n2 = round % 3 == 2 ? path_to(m, &p, start, goal, path2, 64) : reach(m, &p, start);
        assert_int_equal(warm, 1);
        assert_int_equal(n, n2);
        assert_memory_equal(cold.cost, hot.cost, sizeof(int) * (size_t)count);
        assert_memory_equal(cold.prev, hot.prev, sizeof(int) * (size_t)count);
        if (round % 3 == 2)
            assert_memory_equal(path, path2, sizeof(int) * (size_t)n);
        else
            assert_memory_equal(cold.order, hot.order, sizeof(int) * (size_t)n);
        assert_int_equal(m->bad_calls, 0);
    }
    m->w = cold;
    free(hot.cost);
    free(hot.prev);
    free(hot.heap);
    free(hot.order);
    map_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_uniform_cost),
        cmocka_unit_test(test_deterministic_ties),
        cmocka_unit_test(test_terrain_costs),
        cmocka_unit_test(test_prohibited),
        cmocka_unit_test(test_zoc_stops),
        cmocka_unit_test(test_zoc_start),
        cmocka_unit_test(test_stop_depends_on_from),
        cmocka_unit_test(test_may_end),
        cmocka_unit_test(test_min_one_hex),
        cmocka_unit_test(test_zero_budget),
        cmocka_unit_test(test_path_to_edges),
        cmocka_unit_test(test_bad_args),
        cmocka_unit_test(test_random_maps_vs_brute_force),
        cmocka_unit_test(test_queue_order_vs_reference),
        cmocka_unit_test(test_neighbour_table),
        cmocka_unit_test(test_warm_workspace),
    };
    return cmocka_run_group_tests_name("path", tests, NULL, NULL);
}
