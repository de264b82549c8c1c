/* mvscratch.c — the movement workspace kept in the game's rules scratch
 * (gr_scratch, src/core/gr_internal.h), and the room after it for the
 * close-combat declaration context (declare.c, same lifetime rules, its
 * own valid flag), and the top task's candidates (tasks.c, likewise):
 * the moving side's position facts
 * (arw_mvmap) and one path-search workspace per way a move may go, with
 * the unit whose full search each holds.  A random agent's draw (mvsample.c)
 * and the apply that follows, or the single-option test at the end of an
 * apply (flow.c) and the next draw, then share the facts and the searches
 * instead of working them out again.
 *
 * Only facts of the state as it stands are kept: the core forgets the
 * scratch on every copy, view, determinization and setup line; the rules
 * call arw_scratch_busy before they change the state (init, apply) and
 * arw_scratch_idle after; while busy nothing is kept (every
 * arw_mvwork_begin builds the facts again), except the facts that
 * arw_scratch_keep marks as those of the final position.  A kept search
 * is reused only for the same unit profile (every field of arw_mvunit) in
 * the same way; the results are the same as a new search's (path.h: warm
 * workspaces), so nothing depends on what was kept. */
#include <string.h>

#include "mvint.h"

#define SCRATCH_VALID 0x4d564f4bu /* "MVOK" */
#define TASKS_PENDING 0x5441534bu /* "TASK" */

/* A full search of one way kept in its arrays. */
typedef struct way_key {
    int set;       /* 1: p and n describe the arrays                        */
    int n;         /* arw_mv_search's result                                */
    arw_mvunit p;  /* the profile searched                                  */
} way_key;

struct arw_scratch {
    /* the head (GR_SCRATCH_HEAD bytes), zeroed by the core to forget */
    uint32_t valid; /* SCRATCH_VALID: map holds the facts of the state    */
    uint32_t busy;  /* the state is changing: keep nothing                */
    uint32_t decl_valid; /* SCRATCH_VALID: the declaration context is the
                            state's (declare.c)                          */
    uint32_t tasks_valid; /* SCRATCH_VALID: tasks_cand is the state's top
                             task's (tasks.c); TASKS_PENDING: worked out
                             while busy, for arw_scratch_tasks_keep      */
    /* the rest */
    uint32_t tasks_gen;       /* arw_data.edit_gen of tasks_cand         */
    int tasks_n;
    int tasks_cand[ARW_MAX_UNITS];
    uint32_t edit_gen;        /* arw_data.edit_gen of the facts          */
    uint32_t decl_gen;        /* arw_data.edit_gen of the declaration    */
    int side;                 /* side of the facts                        */
    int cap;                  /* hexes each array holds                   */
    int warm[ARW_NMODES];     /* gr_path_work.warm of each way            */
    way_key key[ARW_NMODES];
    uint32_t least_gen;       /* arw_data.edit_gen of least[] + 1 (0: none) */
    int8_t least[ARW_NMC * 2]; /* arw_min_step_cost by class and Creek      */
    arw_mvmap map;
    /* then per way: cost[cap], prev[cap], heap[3 * cap + 1], order[cap]
     * (ints); then mark[cap] (bytes) */
};

_Static_assert(offsetof(struct arw_scratch, tasks_gen) == GR_SCRATCH_HEAD,
               "the head of the scratch is what the core zeroes");

#define WAY_INTS(cap) (6 * (size_t)(cap) + 1)

static size_t arrays_at(void)
{
    return (sizeof(struct arw_scratch) + 15u) & ~(size_t)15u;
}

/* Where the declaration context starts (after the ways and the marks). */
static size_t decl_at(size_t cap)
{
    return (arrays_at() + ARW_NMODES * WAY_INTS(cap) * sizeof(int) + cap + 15u) & ~(size_t)15u;
}

size_t arw_scratch_size(const void *sdata)
{
    size_t cap = (size_t)((const arw_data *)sdata)->map.nhex;
    return decl_at(cap) + arw_declare_scratch_size();
}

static arw_scratch *scratch_of(const gr_game *g)
{
    return gr_scratch(g);
}

static int *way_base(arw_scratch *sc, int mi)
{
    return (int *)(void *)((unsigned char *)sc + arrays_at()) + (size_t)mi * WAY_INTS(sc->cap);
}

void arw_scratch_busy(const gr_game *g)
{
    arw_scratch *sc = scratch_of(g);
    sc->valid = 0;
    sc->decl_valid = 0;
    sc->tasks_valid = 0;
    sc->busy = 1;
}

int arw_scratch_tasks_get(const gr_game *g, int *out)
{
    const arw_scratch *sc = scratch_of(g);
    if (sc->tasks_valid != SCRATCH_VALID || sc->tasks_gen != arw_dat(g)->edit_gen)
        return -1;
    int kept = sc->tasks_n < ARW_MAX_UNITS ? sc->tasks_n : ARW_MAX_UNITS;
    memcpy(out, sc->tasks_cand, sizeof *out * (size_t)kept);
    return sc->tasks_n;
}

void arw_scratch_tasks_put(const gr_game *g, const int *cand, int n)
{
    arw_scratch *sc = scratch_of(g);
    int kept = n < ARW_MAX_UNITS ? n : ARW_MAX_UNITS;
    memcpy(sc->tasks_cand, cand, sizeof *cand * (size_t)(kept > 0 ? kept : 0));
    sc->tasks_n = n;
    sc->tasks_gen = arw_dat(g)->edit_gen;
    sc->tasks_valid = sc->busy ? TASKS_PENDING : SCRATCH_VALID;
}

void arw_scratch_tasks_forget(const gr_game *g)
{
    scratch_of(g)->tasks_valid = 0;
}

void arw_scratch_tasks_keep(const gr_game *g)
{
    arw_scratch *sc = scratch_of(g);
    if (sc->tasks_valid == TASKS_PENDING && sc->tasks_gen == arw_dat(g)->edit_gen)
        sc->tasks_valid = SCRATCH_VALID;
}

void *arw_scratch_decl(const gr_game *g, int *kept)
{
    arw_scratch *sc = scratch_of(g);
    *kept = sc->decl_valid == SCRATCH_VALID && sc->decl_gen == arw_dat(g)->edit_gen;
    return (unsigned char *)sc + decl_at((size_t)arw_dat(g)->map.nhex);
}

void arw_scratch_decl_built(const gr_game *g)
{
    arw_scratch *sc = scratch_of(g);
    sc->decl_gen = arw_dat(g)->edit_gen;
    sc->decl_valid = sc->busy ? 0u : SCRATCH_VALID;
}

void arw_scratch_decl_keep(const gr_game *g)
{
    arw_scratch *sc = scratch_of(g);
    if (sc->decl_gen == arw_dat(g)->edit_gen)
        sc->decl_valid = SCRATCH_VALID;
}

void arw_scratch_idle(const gr_game *g)
{
    scratch_of(g)->busy = 0;
}

void arw_scratch_keep(const gr_game *g)
{
    arw_scratch *sc = scratch_of(g);
    if (sc->edit_gen == arw_dat(g)->edit_gen)
        sc->valid = SCRATCH_VALID;
}

void arw_mvwork_begin(const gr_game *g, int side, arw_mvwork *w)
{
    const arw_data *d = arw_dat(g);
    arw_scratch *sc = scratch_of(g);
    if (!sc->cap) /* a zeroed scratch (new game, clone) */
        sc->cap = d->map.nhex;
    w->sc = sc;
    w->map = &sc->map;
    w->mark = (uint8_t *)(way_base(sc, ARW_NMODES));
    arw_mvwork_way(w, 0, NULL);
    if (sc->valid == SCRATCH_VALID && sc->side == side && sc->edit_gen == d->edit_gen)
        return;
    arw_mvmap_build(g, side, &sc->map);
    sc->side = side;
    sc->edit_gen = d->edit_gen;
    for (int i = 0; i < ARW_NMODES; i++)
        sc->key[i].set = 0;
    sc->valid = sc->busy ? 0u : SCRATCH_VALID;
}

void arw_mvwork_way(arw_mvwork *w, int mi, gr_path_work *pw)
{
    arw_scratch *sc = w->sc;
    int *base = way_base(sc, mi), cap = sc->cap;
    w->cost = base;
    w->prev = base + cap;
    w->order = base + 5 * (size_t)cap + 1;
    if (!pw)
        return;
    sc->key[mi].set = 0; /* a new search goes into these arrays */
    pw->cost = w->cost;
    pw->prev = w->prev;
    pw->heap = base + 2 * (size_t)cap;
    pw->order = w->order;
    pw->warm = &sc->warm[mi];
}

static int same_profile(const arw_mvunit *a, const arw_mvunit *b)
{
    return a->u == b->u && a->hex == b->hex && a->fresh == b->fresh && a->spent == b->spent &&
           a->modes == b->modes && a->budget[0] == b->budget[0] &&
           a->budget[1] == b->budget[1] && a->budget[2] == b->budget[2] &&
           a->rules == b->rules && a->sp == b->sp && a->art == b->art &&
           a->nat_pass == b->nat_pass && a->nat_end == b->nat_end && a->what_if == b->what_if;
}

int arw_mvwork_kept(const arw_mvwork *w, int mi, const arw_mvunit *p)
{
    const way_key *k = &w->sc->key[mi];
    return k->set && same_profile(&k->p, p) ? k->n : -1;
}

void arw_mvwork_keep(arw_mvwork *w, int mi, const arw_mvunit *p, int n)
{
    way_key *k = &w->sc->key[mi];
    if (w->sc->valid != SCRATCH_VALID)
        return; /* facts not kept (busy): nor searches */
    k->set = 1;
    k->n = n;
    k->p = *p;
}

int arw_mvwork_least(const arw_mvwork *w, const gr_game *g, int u)
{
    const arw_data *d = arw_dat(g);
    arw_scratch *sc = w->sc;
    if (sc->least_gen != d->edit_gen + 1u) { /* (the tables only change by edits) */
        for (int i = 0; i < ARW_NMC * 2; i++)
            sc->least[i] = -1;
        sc->least_gen = d->edit_gen + 1u;
    }
    const arw_unit_def *x = &d->unit[u];
    int k = x->mclass * 2 + ((x->flags & ARW_F_CREEK) != 0);
    if (sc->least[k] < 0)
        sc->least[k] = (int8_t)arw_min_step_cost(d, u);
    return sc->least[k];
}

int arw_mvwork_kept_unit(const arw_mvwork *w, int u, arw_mvunit *p)
{
    for (int mi = 0; mi < ARW_NMODES; mi++) { /* (keys are cleared with the facts) */
        const way_key *k = &w->sc->key[mi];
        if (k->set && k->p.u == u && !k->p.what_if) {
            *p = k->p;
            return 1;
        }
    }
    return 0;
}
