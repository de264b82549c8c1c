/*
 * path.h — movement search on a hex grid: every reachable hex in cost order,
 * and the cheapest path to one hex.  Rules supply costs and restrictions
 * through callbacks in a parameter object; the search allocates nothing (the
 * caller provides a workspace), so it can run inside playouts.
 *
 * Costs are non-negative integers in the system's own unit (ARW counts half
 * movement points so that 1½ is 3).  A search state is a hex; rules whose
 * cost depends on more than the step taken (e.g. the hexside the unit
 * entered by) fold that into the callbacks' context.
 */
#ifndef GR_PATH_H
#define GR_PATH_H

#include "hex.h"

#define GR_PATH_NO (-1)

typedef struct gr_path_params {
    const gr_grid *grid;
    int budget; /* movement allowance in cost units */
    /* Cost of stepping from hex index `from` to its neighbour `to` (across
     * direction `dir` of `from`), having spent `spent` so far; GR_PATH_NO
     * when the step is prohibited.  A pure function: it is not asked about
     * steps that cannot lower the neighbour's cost (reached already for no
     * more than `spent`). */
    int (*step_cost)(void *ctx, int from, int to, int dir, int spent);
    /* Non-zero when entering `to` ends the move (e.g. a zone of control).
     * May be NULL. */
    int (*stops)(void *ctx, int from, int to);
    /* Non-zero when the move may end in `hex` (e.g. stacking limits allow
     * passing through but not stopping).  May be NULL (every hex allowed). */
    int (*may_end)(void *ctx, int hex);
    void *ctx;
    /* Non-zero: a unit may always make a one-hex move that it cannot pay for
     * (ARW GR9.1-d), as long as the step itself is not prohibited.  Such a
     * hex gets its real cost (> budget) and the move ends there. */
    uint8_t min_one_hex;
    /* Optional neighbour table: neighbours[hex * 6 + dir] is
     * gr_grid_step(grid, hex, dir) (-1 off the map).  NULL: the grid is
     * asked.  A rule module that keeps one saves the coordinate arithmetic
     * of every step (same results). */
    const int16_t *neighbours;
    /* Optional (0: none known): no permitted step costs less than this
     * (>= 0).  A step into a hex already reached for no more than
     * `spent + min_step` cannot lower its cost and is not asked.  Same
     * results, fewer calls. */
    int min_step;
    /* Optional (0: no): the neighbour table (then required) gives the hex
     * itself instead of -1 for a direction off the map, so that the search
     * reads the six entries without a test.  Same results. */
    uint8_t neighbours_closed;
    /* Optional (NULL: all six): the directions out of `hex` (bit d for
     * direction d) in which a step may be permitted, a superset of them;
     * the other directions are not asked.  Same results, fewer calls. */
    unsigned (*dirs)(void *ctx, int hex);
} gr_path_params;

/* Workspace for a grid of `count` hexes: arrays the caller owns.  Costs are
 * ints: budget plus one step cost must not overflow. */
typedef struct gr_path_work {
    int *cost;  /* [count] cost to reach each hex, GR_PATH_NO if unreachable */
    int *prev;  /* [count] previous hex on the cheapest path, -1 at start    */
    int *heap;  /* [3 * count + 1] priority queue storage                    */
    int *order; /* [count] reachable hexes in non-decreasing cost            */
    /* Optional (NULL: each search clears the whole arrays, O(count)).  For
     * many searches on one grid in the same arrays: *warm is 0 for arrays
     * in any state (fresh ones, or after the caller wrote to cost, prev or
     * heap); a search then clears them all, and leaves *warm = 1 with the
     * list of the hexes it touched kept in heap, so that the next search
     * resets only those.  Results are the same either way. */
    int *warm;
} gr_path_work;

/*
 * Every hex reachable from `start` within the budget.  Fills w->cost,
 * w->prev and w->order; returns how many hexes are in w->order (start
 * included, first, whatever may_end says of it; `stops` is never asked about
 * the start; the others follow by cost, then hex index).  Hexes where the
 * move may not end are still searched through but are left out of
 * w->order: w->cost is then the cost of passing through, so a legal
 * destination is a hex in w->order, not any hex with a cost.
 * A hex where `stops` holds (asked with its cheapest predecessor) is
 * reached but not left.  Ties break by hex index (then by direction), so
 * the result is deterministic.  Returns 0 on bad arguments.
 */
int gr_path_reach(const gr_path_params *p, int start, gr_path_work *w);

/*
 * Cheapest path from start to goal; writes hex indices start..goal into
 * path (at most cap) and returns the number of hexes, or 0 when goal is
 * unreachable, the move may not end there, or cap is too small.  Its cost
 * is then w->cost[goal].  The search stops once goal is settled, so w is
 * complete only for the hexes settled before it (none dearer than goal).
 */
int gr_path_to(const gr_path_params *p, int start, int goal, gr_path_work *w, int *path,
               int cap);

#endif
