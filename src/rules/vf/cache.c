/* cache.c — facts of the units as they stand, kept in the game's rules
 * scratch (gr_scratch, src/core/gr_internal.h) so that legal, sample, apply
 * and the fire and contact tests do not work them out again on every call:
 * the figure cells of each unit (vf_cells) and, for each pair of units,
 * their closest distance (vf_cells_dist), whether they touch
 * (vf_cells_touch) and whether the first sees the second (vf_unit_sees),
 * with the reason: a touch, a witness line (checked again against the
 * units as they stand on each look-up) or the units that blocked every
 * line (the answer holds while none of them has moved or left; moving or
 * adding any other unit can only block more lines; terrain is scenario
 * data, constant during a game, so terrain pieces of any kind keep this
 * right as long as sight depends on the units only through their bases).
 * The last move found legal, with the state it was found legal in, and
 * the fire refusals of the position (keyed by a copy of the state) follow.
 *
 * The cache is keyed by content, not by time: a unit's cells are kept with
 * the layout they were computed from (every field of vf_layout) and are
 * used only while the unit's layout in the state is the same; each
 * computation of cells gets a new version number, and a pair's facts are
 * used only while both units' versions are those they were computed with.
 * Cells depend only on the layout and the unit's static data (never edited
 * once a game exists), so what is read from the cache is exactly what the
 * computation would give: results never depend on it, whatever copies,
 * views or applies came between.  The core's zeroing of the scratch head
 * (GR_SCRATCH_HEAD) is harmless: the head is not used.  New games and clones
 * start with a zeroed scratch (version 0: nothing kept). */
#include <string.h>

#include "vf.h"

typedef struct vf_cunit {
    vf_layout at;  /* the layout the cells are of                            */
    uint32_t ver;  /* 0: nothing kept                                        */
    int n;
    vf_box box;    /* vf_cells_box of the cells, margin 0                    */
    gr_base cells[VF_MAX_CELLS];
} vf_cunit;

typedef struct vf_cpair {
    uint32_t va, vb;    /* versions of the two units' cells                  */
    uint8_t has_dist, has_touch, touch, seen; /* seen: vf_seen.why, 0 none   */
    gr_g2_dist dist;
    /* sight of b by a (vf_unit_sees): the witness line of VF_SEEN_LINE; the
     * blocking units of VF_UNSEEN and the last version given when it was
     * worked out (a blocker with a later version has moved since) */
    gr_seg line;
    uint64_t blockers;
    uint32_t stamp, pad2_;
} vf_cpair;

typedef struct vf_cache {
    unsigned char head[GR_SCRATCH_HEAD]; /* zeroed by the core; unused      */
    uint32_t last_ver;                   /* last version given               */
    uint32_t pad_[3];
    vf_cunit unit[];                     /* nunits, then nunits^2 vf_cpair  */
} vf_cache;

/* Where the pairs start: after the units, aligned for vf_cpair. */
static size_t pairs_at(size_t n)
{
    size_t a = _Alignof(vf_cpair);
    return (sizeof(vf_cache) + n * sizeof(vf_cunit) + a - 1) / a * a;
}

/* Where the fire memo starts (after the pairs, 16-aligned). */
static size_t memo_at(size_t n)
{
    return (pairs_at(n) + n * n * sizeof(vf_cpair) + 15u) & ~(size_t)15u;
}

/* The fire memo: the state it is of, then per firer, target and skirmish
 * a refusal, and a byte each saying whether it is worked out. */
static size_t memo_state_size(const vf_sdata *sd)
{
    return offsetof(vf_state, unit) + (size_t)sd->nunits * sizeof(vf_unit);
}

static size_t memo_size(const vf_sdata *sd)
{
    size_t n = (size_t)sd->nunits;
    size_t states = (memo_state_size(sd) + 15u) & ~(size_t)15u;
    return 16u + states + 2 * n * n * (sizeof(const char *) + 1u) + n * n;
}

/* The move memo (after the fire memo, 16-aligned): the last move found
 * legal and the state it was found legal in. */
typedef struct vf_move_memo {
    uint32_t valid; /* MOVE_VALID: move and state set                       */
    uint32_t pad_[3];
    vf_move move;   /* facts and used NULL                                  */
} vf_move_memo;

#define MOVE_VALID 0x4d4f5645u /* "MOVE" */

static size_t move_memo_at(const vf_sdata *sd)
{
    return (memo_at((size_t)sd->nunits) + memo_size(sd) + 15u) & ~(size_t)15u;
}

size_t vf_scratch_size(const void *sdata)
{
    const vf_sdata *sd = sdata;
    return move_memo_at(sd) + ((sizeof(vf_move_memo) + 15u) & ~(size_t)15u) +
           memo_state_size(sd);
}

static vf_cache *cache_of(const gr_game *g)
{
    void *s = gr_scratch(g);
    return s && g->scratch >= vf_scratch_size(vf_sd(g)) ? s : NULL;
}

static vf_cpair *pairs_of(const gr_game *g, vf_cache *c)
{
    return (vf_cpair *)(void *)((unsigned char *)c + pairs_at((size_t)vf_sd(g)->nunits));
}

static int same_layout(const vf_layout *a, const vf_layout *b)
{
    return a->x == b->x && a->y == b->y && a->facing == b->facing && a->order == b->order &&
           a->files == b->files && a->ranks == b->ranks && a->last == b->last &&
           a->shift == b->shift && a->gap == b->gap;
}

/* A new version number; on wrap-around every kept fact is dropped. */
static uint32_t next_version(const gr_game *g, vf_cache *c)
{
    if (c->last_ver == UINT32_MAX) {
        size_t n = (size_t)vf_sd(g)->nunits;
        memset(c->unit, 0, pairs_at(n) - sizeof(vf_cache) + n * n * sizeof(vf_cpair));
        c->last_ver = 0;
    }
    return ++c->last_ver;
}

/* The cache entry of unit u as it stands, computed when its layout changed. */
static const vf_cunit *unit_entry(const gr_game *g, vf_cache *c, int u)
{
    const vf_layout *at = &vf_cst(g)->unit[u].at;
    vf_cunit *e = &c->unit[u];
    if (e->ver == 0 || !same_layout(&e->at, at)) {
        e->at = *at;
        e->n = vf_cells(vf_sd(g), u, at, e->cells);
        e->box = vf_cells_box(e->cells, e->n, 0);
        e->ver = next_version(g, c);
    }
    return e;
}

int vf_unit_cells(const gr_game *g, int u, gr_base *buf, const gr_base **cells)
{
    assert(u >= 0 && u < vf_sd(g)->nunits);
    vf_cache *c = cache_of(g);
    if (!c) {
        *cells = buf;
        return vf_cells(vf_sd(g), u, &vf_cst(g)->unit[u].at, buf);
    }
    const vf_cunit *e = unit_entry(g, c, u);
    *cells = e->cells;
    return e->n;
}

vf_box vf_unit_box(const gr_game *g, int u)
{
    vf_cache *c = cache_of(g);
    if (!c) {
        gr_base buf[VF_MAX_CELLS];
        return vf_cells_box(buf, vf_cells(vf_sd(g), u, &vf_cst(g)->unit[u].at, buf), 0);
    }
    return unit_entry(g, c, u)->box;
}

/* The pair entry of units u and v, reset when either unit's cells changed;
 * *a, *b and their counts are the two units' cells. */
static vf_cpair *pair_entry(const gr_game *g, vf_cache *c, int u, int v, const vf_cunit **a,
                            const vf_cunit **b)
{
    *a = unit_entry(g, c, u);
    *b = unit_entry(g, c, v);
    vf_cpair *p = &pairs_of(g, c)[(size_t)u * (size_t)vf_sd(g)->nunits + (size_t)v];
    if (p->va != (*a)->ver || p->vb != (*b)->ver) {
        p->va = (*a)->ver;
        p->vb = (*b)->ver;
        p->has_dist = p->has_touch = p->seen = 0;
    }
    return p;
}

gr_g2_dist vf_pair_dist(const gr_game *g, int u, int v)
{
    vf_cache *c = cache_of(g);
    if (!c) {
        gr_base a[VF_MAX_CELLS], b[VF_MAX_CELLS];
        const vf_state *st = vf_cst(g);
        int na = vf_cells(vf_sd(g), u, &st->unit[u].at, a);
        return vf_cells_dist(a, na, b, vf_cells(vf_sd(g), v, &st->unit[v].at, b));
    }
    const vf_cunit *a, *b;
    vf_cpair *p = pair_entry(g, c, u, v, &a, &b);
    if (!p->has_dist) {
        p->dist = vf_cells_dist(a->cells, a->n, b->cells, b->n);
        p->has_dist = 1;
    }
    return p->dist;
}

/* Units u (cells a) and v (cells b) are in contact (1.1.2); with one of
 * them occupying defensible terrain, only when at least 3 figures of the
 * other touch the piece (T.3.6-a, spec 8.4; an artillery base counts 3,
 * 1.2.3-e). */
static int units_touch(const gr_game *g, int u, const gr_base *a, int na, int v,
                       const gr_base *b, int nb)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    int ui = st->unit[u].at.order == VF_ORDER_INSIDE, vi = st->unit[v].at.order == VF_ORDER_INSIDE;
    if (ui == vi)
        return vf_cells_contact(sd, a, na, b, nb); /* 1.1.2-a, T.2.1-a */
    int o = ui ? v : u; /* the unit outside */
    const gr_base *piece = ui ? a : b, *out = ui ? b : a;
    int nout = ui ? nb : na, w = vf_unit_profile(sd, o)->type == VF_ARTILLERY
                                     ? sd->t.art_figures_per_base : 1, k = 0;
    for (int i = 0; i < nout && k < 3; i++)
        k += vf_cells_touch(sd, &out[i], 1, piece, 1) ? w : 0;
    return k >= 3;
}

int vf_pair_touch(const gr_game *g, int u, int v)
{
    vf_cache *c = cache_of(g);
    if (!c) {
        gr_base a[VF_MAX_CELLS], b[VF_MAX_CELLS];
        const vf_state *st = vf_cst(g);
        int na = vf_cells(vf_sd(g), u, &st->unit[u].at, a);
        return units_touch(g, u, a, na, v, b, vf_cells(vf_sd(g), v, &st->unit[v].at, b));
    }
    const vf_cunit *a, *b;
    vf_cpair *p = pair_entry(g, c, u, v, &a, &b);
    if (!p->has_touch) {
        p->touch = (uint8_t)units_touch(g, u, a->cells, a->n, v, b->cells, b->n);
        p->has_touch = 1;
    }
    return p->touch;
}

/* ------------------------------------------------------------ fire memo */

/* Fire refusals of the position as it stands (vf_fire_refusal), after the
 * pairs: the state they are of (a copy, compared byte for byte on every
 * look-up: any change of the state, however made, forgets them) and, per
 * firer, target and skirmish, the refusal (NULL: may fire).  A refusal
 * depends only on the state and the scenario's static data, so a look-up
 * gives what computing again gives. */
typedef struct vf_memo_head {
    uint32_t valid; /* MEMO_VALID: the state copy is set                    */
    uint32_t pad_[3];
} vf_memo_head;

#define MEMO_VALID 0x46495245u /* "FIRE" */

/* The memo's arrays for the state as it stands (forgotten when the state
 * differs from the copy); NULL without a scratch. */
typedef struct vf_memo {
    const char **why;     /* [u][t][skirmish]                                */
    unsigned char *known; /* [u][t][skirmish]: why[] worked out              */
    unsigned char *half;  /* [u][t]: 0 not worked out, 1 no, 2 at least half of
                             u's front-rank figures see t                   */
} vf_memo;

static int memo_of(const gr_game *g, vf_memo *out)
{
    const vf_sdata *sd = vf_sd(g);
    vf_cache *c = cache_of(g);
    if (!c)
        return 0;
    size_t n = (size_t)sd->nunits;
    unsigned char *m = (unsigned char *)c + memo_at(n);
    vf_memo_head *h = (vf_memo_head *)(void *)m;
    size_t ss = memo_state_size(sd), states = (ss + 15u) & ~(size_t)15u;
    unsigned char *copy = m + 16u;
    out->why = (const char **)(void *)(copy + states);
    out->known = (unsigned char *)(out->why + 2 * n * n);
    out->half = out->known + 2 * n * n;
    if (h->valid != MEMO_VALID || memcmp(copy, vf_cst(g), ss) != 0) {
        memcpy(copy, vf_cst(g), ss);
        memset(out->known, 0, 3 * n * n);
        h->valid = MEMO_VALID;
    }
    return 1;
}

/* Every unit of `blockers` is on the table with the cells it had when the
 * pair's sight was worked out (version at most the stamp then). */
static int blockers_unmoved(const gr_game *g, vf_cache *c, uint64_t blockers, uint32_t stamp)
{
    const vf_state *st = vf_cst(g);
    for (int b = 0; blockers; b++, blockers >>= 1)
        if ((blockers & 1u) &&
            (st->unit[b].status != VF_UNIT_ON || unit_entry(g, c, b)->ver > stamp))
            return 0;
    return 1;
}

/* The kept sight of the pair still holds: a touch (u and t unmoved); a
 * witness line still clear of every other unit (terrain does not change);
 * no line seen, and none of the units that blocked lines has moved or
 * left (any other unit moved or added can only block more). */
static int sight_holds(const gr_game *g, vf_cache *c, const vf_cpair *p, int u, int v, int *sees)
{
    switch (p->seen) {
    case VF_SEEN_TOUCH:
        *sees = 1;
        return 1;
    case VF_SEEN_LINE:
        *sees = 1;
        return vf_line_clear(g, u, v, p->line);
    case VF_UNSEEN:
        *sees = 0;
        return blockers_unmoved(g, c, p->blockers, p->stamp);
    }
    return 0;
}

int vf_unit_sees(const gr_game *g, int u, int v)
{
    const vf_state *st = vf_cst(g);
    vf_cache *c = cache_of(g);
    if (!c || u == v)
        return vf_visible(g, u, &st->unit[u].at, v, &st->unit[v].at);
    const vf_cunit *a, *b;
    vf_cpair *p = pair_entry(g, c, u, v, &a, &b);
    int sees;
    if (sight_holds(g, c, p, u, v, &sees))
        return sees;
    vf_seen why;
    sees = vf_visible_why(g, u, &st->unit[u].at, v, &st->unit[v].at, &why);
    /* the computation may have given new versions (never to u or v, whose
     * entries are current): the pair entry itself is still theirs */
    p->seen = (uint8_t)why.why;
    p->line = why.line;
    p->blockers = why.blockers;
    p->stamp = c->last_ver;
    return sees;
}

const char *vf_fire_refusal(const gr_game *g, int u, int t, int skirmish)
{
    const vf_sdata *sd = vf_sd(g);
    size_t n = (size_t)sd->nunits;
    vf_memo m;
    if (u < 0 || t < 0 || u >= sd->nunits || t >= sd->nunits || (skirmish & ~1) ||
        !memo_of(g, &m))
        return vf_fire_refusal_now(g, u, t, skirmish);
    size_t i = ((size_t)u * n + (size_t)t) * 2u + (size_t)skirmish;
    if (!m.known[i]) {
        m.why[i] = vf_fire_refusal_now(g, u, t, skirmish);
        m.known[i] = 1;
    }
    return m.why[i];
}

/* ------------------------------------------------------------ move memo */

/* The move memo of the game, NULL without a scratch; *copy the state copy. */
static vf_move_memo *move_memo_of(const gr_game *g, unsigned char **copy)
{
    vf_cache *c = cache_of(g);
    if (!c)
        return NULL;
    unsigned char *m = (unsigned char *)c + move_memo_at(vf_sd(g));
    *copy = m + ((sizeof(vf_move_memo) + 15u) & ~(size_t)15u);
    return (vf_move_memo *)(void *)m;
}

static int same_move(const vf_move *a, const vf_move *b)
{
    return a->unit == b->unit && a->player == b->player && a->doubled == b->doubled &&
           a->kind == b->kind && a->reform == b->reform && a->anchor_right == b->anchor_right &&
           a->stage == b->stage && a->forced == b->forced && same_layout(&a->to, &b->to);
}

int vf_move_known_legal(const gr_game *g, const vf_move *m)
{
    unsigned char *copy;
    const vf_move_memo *mm = move_memo_of(g, &copy);
    return mm && !m->facts && !m->used && mm->valid == MOVE_VALID && same_move(&mm->move, m) &&
           memcmp(copy, vf_cst(g), memo_state_size(vf_sd(g))) == 0;
}

void vf_move_note_legal(const gr_game *g, const vf_move *m)
{
    unsigned char *copy;
    vf_move_memo *mm = move_memo_of(g, &copy);
    if (!mm || m->facts || m->used)
        return;
    mm->move = *m;
    memcpy(copy, vf_cst(g), memo_state_size(vf_sd(g)));
    mm->valid = MOVE_VALID;
}

int vf_unit_half_sees(const gr_game *g, int u, int t)
{
    const vf_state *st = vf_cst(g);
    size_t n = (size_t)vf_sd(g)->nunits;
    assert(u >= 0 && t >= 0 && (size_t)u < n && (size_t)t < n);
    vf_memo m;
    if (!memo_of(g, &m))
        return vf_half_see(g, u, &st->unit[u].at, t, &st->unit[t].at);
    size_t i = (size_t)u * n + (size_t)t;
    if (!m.half[i])
        m.half[i] = vf_half_see(g, u, &st->unit[u].at, t, &st->unit[t].at) ? 2 : 1;
    return m.half[i] == 2;
}
