/* mvsample.c — a random legal action of the movement stage without listing
 * them all (gr_game_sample, for random agents and playouts): the options
 * are the units that can move now (arw_mv_profile, PIN option B, at least
 * one destination) and end-movement when it is legal; one is drawn
 * uniformly; a unit then goes to one of its destinations (every open way,
 * each hex once, as `legal` lists them), drawn uniformly.  So every action
 * `legal` lists can come, each with the chance of its unit divided by the
 * unit's destinations, and only the units drawn are searched. */
#include <string.h>

#include "mvint.h"

/* The destinations of unit p->u (each hex once, way by way, as arw_mv_each
 * visits them): the first way's list as it is, w->order[1..] of that way
 * (*first, its number returned in *nfirst), then the hexes the other ways
 * add, into more; their total.  A way's list holds each hex once, so hexes
 * are marked only when a second way adds to the first. */
static int destinations(const gr_game *g, const arw_mvunit *p, arw_mvwork *w,
                        const int **first, int *nfirst, int16_t *more)
{
    uint8_t *mark = w->mark;
    int n = 0, marked = 0;
    *nfirst = 0;
    for (int mode = ARW_MM_NORMAL; mode <= ARW_MM_STRATEGIC; mode <<= 1) {
        if (!(p->modes & (unsigned)mode))
            continue; /* (a way p has not: no destination) */
        int nd = arw_mv_search(g, p, mode, w);
        const int *order = w->order; /* (each way has its own arrays) */
        if (nd > 0 && *nfirst == 0) { /* the first list as it is */
            *first = order + 1;
            *nfirst = nd;
            continue;
        }
        for (int i = 0; nd > 0 && !marked && i < *nfirst; i++)
            mark[(*first)[i]] = 1;
        marked |= nd > 0;
        for (int i = 1; i <= nd; i++) {
            int hex = order[i];
            if (mark[hex])
                continue; /* already listed by another way */
            mark[hex] = 1;
            more[n++] = (int16_t)hex;
        }
    }
    for (int i = 0; marked && i < *nfirst; i++)
        mark[(*first)[i]] = 0;
    for (int i = 0; i < n; i++)
        mark[more[i]] = 0;
    return *nfirst + n;
}

/* The units of `side` that might move now (on the map, not done moving),
 * in unit order; their number.  Whether they may is asked when drawn. */
static int candidates(const gr_game *g, int side, int16_t *units)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int n = 0, mover = arw_mover(g);
    for (int i = 0; i < d->nside_units[side]; i++) { /* (without a branch per unit) */
        int u = d->side_units[side][i];
        units[n] = (int16_t)u;
        n += s->unit[u].box == ARW_BOX_MAP && (u == mover || !(s->mvu[u] & ARW_MU_MOVED));
    }
    return n;
}

/* Draws a destination of unit u into *hex; 0 when u may not move or has
 * nowhere to go. */
static int draw_destination(const gr_game *g, int u, gr_rng *rng, arw_mvwork *w, int *hex)
{
    int16_t more[ARW_MAX_MAP_HEXES];
    const int *first = NULL;
    int nfirst;
    arw_mvunit p;
    if (arw_mv_profile(g, w->map, u, &p, 0, NULL) != GR_OK ||
        arw_pin_b_blocked(g, w->map, u))
        return 0;
    int nd = destinations(g, &p, w, &first, &nfirst, more);
    if (nd == 0)
        return 0;
    int r = (int)gr_rng_below(rng, (uint32_t)nd);
    *hex = r < nfirst ? first[r] : more[r - nfirst];
    return 1;
}

/* Drawing an option among those left and striking off the ones that turn
 * out not to be legal leaves every legal option equally likely, so the
 * checks are made only for the options drawn. */
int arw_movement_sample(const gr_game *g, int side, gr_rng *rng, gr_action *out)
{
    const arw_data *d = arw_dat(g);
    arw_mvwork w;
    int16_t units[ARW_MAX_UNITS];
    int k = 0, hex;
    if (side != arw_cst(g)->active || side < 0 || side >= ARW_NSIDES)
        return -1;
    arw_mvwork_begin(g, side, &w);
    memset(w.mark, 0, (size_t)d->map.nhex);
    int n = candidates(g, side, units), end = 1;
    while (n + end > 0) {
        int pick = (int)gr_rng_below(rng, (uint32_t)(n + end));
        if (pick == n) {
            if (arw_end_check(g, &w, NULL) == GR_OK) {
                arw_put_action(out, 1, &k, side, ARW_A_END_MOVE, 0, 0);
                return 1;
            }
            end = 0; /* an obligation remains (GR13.3-a, SR4.1...) */
            continue;
        }
        if (draw_destination(g, units[pick], rng, &w, &hex)) {
            arw_put_action(out, 1, &k, side, ARW_A_MOVE, units[pick], hex);
            return 1;
        }
        units[pick] = units[--n]; /* may not move, or nowhere to go: strike it off */
    }
    return -1;
}
