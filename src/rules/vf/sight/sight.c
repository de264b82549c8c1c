/* sight.c — front arcs, line of sight and visibility (vf:1.1.1-a, 5.1.2,
 * 5.1.3; spec §8.5, §8.7).
 *
 * A unit's front rank is its rank 0 (artillery: the gun base unlimbered,
 * the limber base limbered, 1.2.3-c/d); its front arc is the 45° wedge on
 * the whole front-rank edge (Interp. A1), equal to the union of the
 * figures' arcs.  A front-rank figure F sees unit T when T is at least
 * partly in F's arc and one of the canonical lines of §8.7 — from the five
 * points 0, 1/4 .. 1 along F's front edge to the vertices, edge midpoints
 * and centroid of each T base clipped to F's arc — keeps more than 1" from
 * every base of every other unit and crosses no terrain obstacle.  A
 * figure touching T where the touching base is in its arc sees T (Interp.
 * A9).  T is visible to U when some front-rank figure of U sees it.
 *
 * Speed (docs/performance.md, "V&F speed, second pass"): every line of a
 * test lies in the box of U's front rank and T's bases, so the bases of
 * other units that could come within 1" of one are gathered once per test
 * (the blockers); each line then rejects a blocker by its box and by the
 * distance from its centre to the line (both conservative: a blocker they
 * reject is more than 1" + EPS from the line) before the exact distance,
 * and tries first the blocker that stopped the line before.  The answer is
 * the exact one: what is skipped is only what cannot block. */
#include "../vf.h"

int vf_front_rank(const vf_sdata *sd, int u, const vf_layout *l, gr_base *out)
{
    gr_base cells[VF_MAX_CELLS];
    int n = vf_cells(sd, u, l, cells);
    if (l->order == VF_ORDER_LIMBERED || l->order == VF_ORDER_UNLIMBERED) {
        out[0] = cells[l->order == VF_ORDER_LIMBERED ? 1 : 0];
        return 1;
    }
    if (l->order == VF_ORDER_SQUARE) { /* every figure faces outward (spec 8.10) */
        for (int i = 0; i < n; i++)
            out[i] = cells[i];
        return n;
    }
    int k = l->ranks == 1 ? l->last : l->files;
    for (int i = 0; i < k && i < n; i++)
        out[i] = cells[i];
    return k < n ? k : n;
}

gr_g2_arc vf_unit_arc(const vf_sdata *sd, int u, const vf_layout *l)
{
    gr_base front[VF_MAX_CELLS];
    int k = vf_front_rank(sd, u, l, front);
    return gr_g2_arc_of_front(&front[0], &front[k - 1], GR_G2_ARC_HALF);
}

int vf_in_arc(const gr_g2_arc *arc, const gr_base *cells, int n)
{
    for (int i = 0; i < n; i++)
        if (gr_g2_arc_has_base(arc, &cells[i]))
            return 1;
    return 0;
}

/* ------------------------------------------------------------ blockers */

/* Most blocker bases one test keeps; more and the test checks every base
 * of every unit (same answer, slower).  D'Erlon's attack puts 300 to 700
 * bases between a firer and its target: 1024 keeps it on the fast path
 * (the struct, about 42 KB, is on the stack of one sight test). */
#define SIGHT_BLOCKERS 1024
/* The distance a blocker must keep, in hundredths, with room for the
 * spec's EPS (0.1) and the rounding of corners and clipped points. */
#define SIGHT_GAP (GR_G2_INCH + 2)

typedef struct sight {
    const gr_game *g;
    int u, t;
    int all;  /* too many blockers: test every base of every unit       */
    int n;    /* blockers kept                                          */
    int last; /* the blocker that stopped the last line, or -1          */
    uint64_t hit; /* units whose bases stopped a line                   */
    gr_base cell[SIGHT_BLOCKERS];
    int8_t unit[SIGHT_BLOCKERS];
    vf_box box[SIGHT_BLOCKERS];
    int32_t reach[SIGHT_BLOCKERS]; /* half-diagonal bound + SIGHT_GAP   */
} sight;

/* Rockets see over unit v (SR-Rockets-b): `over` (vf_rockets_over) and v
 * is a friend of u not on a hill. */
static int passes_over(const gr_game *g, int over, int u, int v)
{
    return over && vf_sd(g)->unit[v].side == vf_sd(g)->unit[u].side && !vf_on_hill(g, v);
}

/* At least the half-diagonal of base b (hundredths): the rounded length
 * of its diagonal (within 1/2 of the true one), halved, + 1. */
static int32_t half_diagonal(const gr_base *b)
{
    return (gr_g2_dist_len(gr_g2_dist_pts((gr_pt){0, 0}, (gr_pt){b->w, b->d})) + 1) / 2 + 1;
}

/* Gathers the bases of units other than u and t that come within
 * SIGHT_GAP of `area` (the box of every line of the test). */
static void sight_init(sight *s, const gr_game *g, int u, int t, vf_box area)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    s->g = g;
    s->u = u;
    s->t = t;
    s->all = s->n = 0;
    s->last = -1;
    s->hit = 0;
    int over = vf_rockets_over(g, u, t);
    for (int v = 0; v < sd->nunits && !s->all; v++) {
        if (v == u || v == t || st->unit[v].status != VF_UNIT_ON || passes_over(g, over, u, v))
            continue;
        gr_base buf[VF_MAX_CELLS];
        const gr_base *cells;
        int n = vf_unit_cells(g, v, buf, &cells);
        if (vf_boxes_apart(area, vf_cells_box(cells, n, 0), SIGHT_GAP))
            continue;
        for (int i = 0; i < n; i++) {
            vf_box b = vf_cells_box(&cells[i], 1, 0);
            if (vf_boxes_apart(area, b, SIGHT_GAP))
                continue;
            if (s->n == SIGHT_BLOCKERS) {
                s->all = 1;
                break;
            }
            s->cell[s->n] = cells[i];
            s->unit[s->n] = (int8_t)v;
            s->box[s->n] = b;
            s->reach[s->n++] = half_diagonal(&cells[i]) + SIGHT_GAP;
        }
    }
}

/* Base b is more than 1" + EPS from line l (box `line`, length at most
 * len_hi): by the boxes, or by the distance from its centre to the line's
 * extension (|cross| / length), both conservative; else exactly. */
static int base_clear(const gr_base *b, gr_seg l, vf_box line, int64_t len_hi)
{
    if (vf_boxes_apart(line, vf_cells_box(b, 1, 0), SIGHT_GAP))
        return 1;
    int64_t ex = (int64_t)l.b.x - l.a.x, ey = (int64_t)l.b.y - l.a.y;
    int64_t wx = (int64_t)b->c.x - l.a.x, wy = (int64_t)b->c.y - l.a.y;
    int64_t cross = ex * wy - ey * wx, reach = (b->w + b->d + 1) / 2 + SIGHT_GAP;
    if ((cross < 0 ? -cross : cross) > reach * len_hi)
        return 1;
    return gr_g2_dist_ok(gr_g2_dist_seg_base(l, b), GR_G2_INCH, GR_G2_MORE_THAN);
}

static vf_box line_box(gr_seg l)
{
    return (vf_box){l.a.x < l.b.x ? l.a.x : l.b.x, l.a.y < l.b.y ? l.a.y : l.b.y,
                    l.a.x > l.b.x ? l.a.x : l.b.x, l.a.y > l.b.y ? l.a.y : l.b.y};
}

/* sqrt(a^2 + b^2) <= max + min / 2: at least the length of a line of box b. */
static int64_t length_bound(vf_box b)
{
    int64_t dx = (int64_t)b.x1 - b.x0, dy = (int64_t)b.y1 - b.y0;
    return (dx > dy ? dx + dy / 2 : dy + dx / 2) + 1;
}

/* The line keeps more than 1" from every base of every unit on the table
 * other than u and t (5.1.3-a (ii)): the test without blockers. */
int vf_line_clear(const gr_game *g, int u, int t, gr_seg s)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    gr_base buf[VF_MAX_CELLS];
    const gr_base *cells;
    vf_box line = line_box(s);
    int64_t len_hi = length_bound(line);
    int over = vf_rockets_over(g, u, t);
    for (int v = 0; v < sd->nunits; v++) {
        if (v == u || v == t || st->unit[v].status != VF_UNIT_ON || passes_over(g, over, u, v))
            continue;
        int n = vf_unit_cells(g, v, buf, &cells);
        if (vf_boxes_apart(line, vf_cells_box(cells, n, 0), SIGHT_GAP))
            continue;
        for (int i = 0; i < n; i++)
            if (!base_clear(&cells[i], s, line, len_hi))
                return 0;
    }
    return 1;
}

/* Blocker i is more than 1" + EPS from the line: its box is apart from
 * the line's, or its centre is farther than its reach from the line's
 * infinite extension (|cross| / length > reach, with length <= len_hi). */
static int blocker_far(const sight *s, int i, vf_box line, gr_seg l, int64_t len_hi)
{
    if (vf_boxes_apart(line, s->box[i], SIGHT_GAP))
        return 1;
    int64_t ex = (int64_t)l.b.x - l.a.x, ey = (int64_t)l.b.y - l.a.y;
    int64_t wx = (int64_t)s->cell[i].c.x - l.a.x, wy = (int64_t)s->cell[i].c.y - l.a.y;
    int64_t cross = ex * wy - ey * wx;
    if (cross < 0)
        cross = -cross;
    return cross > s->reach[i] * len_hi;
}

/* Point p is 1" or less from segment l (exact integers, hundredths): then
 * so is every base p is the centre of (its distance is at most its
 * centre's). */
static int centre_within_inch(gr_pt p, gr_seg l)
{
    int64_t ex = (int64_t)l.b.x - l.a.x, ey = (int64_t)l.b.y - l.a.y;
    int64_t wx = (int64_t)p.x - l.a.x, wy = (int64_t)p.y - l.a.y;
    int64_t t = ex * wx + ey * wy, ee = ex * ex + ey * ey, r2 = (int64_t)GR_G2_INCH * GR_G2_INCH;
    if (t <= 0 || ee == 0)
        return wx * wx + wy * wy <= r2;
    if (t >= ee) {
        int64_t vx = (int64_t)p.x - l.b.x, vy = (int64_t)p.y - l.b.y;
        return vx * vx + vy * vy <= r2;
    }
    int64_t cross = ex * wy - ey * wx; /* distance = |cross| / sqrt(ee) */
    if (cross < 0)
        cross = -cross;
    /* cross^2 would not fit int64; on a table of at most 240" ee <= 1.2e9, so the
       distance is then over 800": farther than 1" */
    if (cross > (int64_t)3000000000)
        return 0;
    return cross * cross <= r2 * ee;
}

static int blocks(const sight *s, int i, gr_seg l, vf_box line, int64_t len_hi)
{
    if (blocker_far(s, i, line, l, len_hi))
        return 0;
    if (centre_within_inch(s->cell[i].c, l))
        return 1; /* 5.1.3-a (ii): the base is within 1" too */
    return !gr_g2_dist_ok(gr_g2_dist_seg_base(l, &s->cell[i]), GR_G2_INCH, GR_G2_MORE_THAN);
}

/* The blockers near one fan of lines (those from one figure to one target
 * base, all inside `area`): indices into s->cell. */
typedef struct fan {
    int n;
    int16_t at[SIGHT_BLOCKERS];
} fan;

/* The blockers that may come within 1" of a line from figure fig to target
 * base tb: near the box of both, and with their centre within their reach
 * plus `wide` of the line between the two centres, every such line lying
 * within `wide` (the larger half-diagonal bound, and rounding) of it. */
static void fan_of(const sight *s, const gr_base *fig, const gr_base *tb, fan *f)
{
    vf_box area = vf_box_union(vf_cells_box(fig, 1, 2), vf_cells_box(tb, 1, 2));
    gr_seg axis = {fig->c, tb->c};
    int64_t hf = (fig->w + fig->d + 1) / 2, ht = (tb->w + tb->d + 1) / 2;
    int64_t wide = (hf > ht ? hf : ht) + 2;
    int64_t dx = axis.b.x - (int64_t)axis.a.x, dy = axis.b.y - (int64_t)axis.a.y;
    dx = dx < 0 ? -dx : dx;
    dy = dy < 0 ? -dy : dy;
    int64_t len_hi = (dx > dy ? dx + dy / 2 : dy + dx / 2) + 1;
    f->n = 0;
    for (int i = 0; i < s->n; i++) {
        if (vf_boxes_apart(area, s->box[i], SIGHT_GAP))
            continue;
        int64_t ex = (int64_t)axis.b.x - axis.a.x, ey = (int64_t)axis.b.y - axis.a.y;
        int64_t wx = (int64_t)s->cell[i].c.x - axis.a.x, wy = (int64_t)s->cell[i].c.y - axis.a.y;
        int64_t cross = ex * wy - ey * wx;
        if ((cross < 0 ? -cross : cross) > (s->reach[i] + wide) * len_hi)
            continue;
        f->at[f->n++] = (int16_t)i;
    }
}

/* The line l (of fan f) keeps more than 1" from every base of every other
 * unit. */
static int line_clear(sight *s, const fan *f, gr_seg l)
{
    if (s->all)
        return vf_line_clear(s->g, s->u, s->t, l);
    vf_box line = line_box(l);
    int64_t len_hi = length_bound(line);
    if (s->last >= 0 && blocks(s, s->last, l, line, len_hi))
        return 0;
    for (int k = 0; k < f->n; k++) {
        int i = f->at[k];
        if (i != s->last && blocks(s, i, l, line, len_hi)) {
            s->last = i;
            s->hit |= (uint64_t)1 << s->unit[i];
            return 0;
        }
    }
    return 1;
}

/* ------------------------------------------------------------ figures */

/* Target points of one clipped base: vertices, edge midpoints, centroid
 * (spec §8.7).  Returns the count. */
static int target_points(const gr_pt *poly, int k, gr_pt *out)
{
    int n = 0;
    int64_t cx = 0, cy = 0;
    for (int i = 0; i < k; i++) {
        gr_pt a = poly[i], b = poly[(i + 1) % k];
        out[n++] = a;
        out[n++] = (gr_pt){(gr_len)(((int64_t)a.x + b.x) / 2), (gr_len)(((int64_t)a.y + b.y) / 2)};
        cx += a.x;
        cy += a.y;
    }
    out[n++] = (gr_pt){(gr_len)(cx / k), (gr_len)(cy / k)};
    return n;
}

/* Does figure f (a front-rank base of unit u) see unit t (bases tc)?  The
 * reason in *why when not NULL. */
static int figure_sees(sight *s, const gr_base *f, const gr_base *tc, int tn, vf_seen *why)
{
    const vf_sdata *sd = vf_sd(s->g);
    gr_g2_arc arc = gr_g2_arc_of_base(f, GR_G2_ARC_HALF);
    for (int j = 0; j < tn; j++)
        if (gr_g2_touch(f, &tc[j], sd->t.contact_tol) && gr_g2_arc_has_base(&arc, &tc[j])) {
            if (why)
                why->why = VF_SEEN_TOUCH;
            return 1; /* Interp. A9 */
        }
    for (int j = 0; j < tn; j++) {
        gr_pt poly[GR_G2_CLIP_MAX], q[2 * GR_G2_CLIP_MAX + 1];
        int64_t area = 0;
        int k = gr_g2_arc_clip(&arc, &tc[j], poly, &area);
        if (k < 3 || area <= GR_G2_ARC_MIN_AREA)
            continue;
        int nq = target_points(poly, k, q);
        fan near;
        fan_of(s, f, &tc[j], &near);
        int8_t obs[VF_MAX_TERRAIN];
        int nobs = sd->nterrain ? vf_terrain_fan(sd, f, &tc[j], obs) : 0; /* once a fan */
        for (int a = 0; a <= 4; a++) {
            gr_pt p = gr_g2_base_edge_point(f, GR_G2_FRONT, a, 4);
            for (int b = 0; b < nq; b++)
                if ((!nobs || vf_terrain_fan_clear(sd, obs, nobs, (gr_seg){p, q[b]})) &&
                    line_clear(s, &near, (gr_seg){p, q[b]})) {
                    if (why) {
                        why->why = VF_SEEN_LINE;
                        why->line = (gr_seg){p, q[b]};
                    }
                    return 1;
                }
        }
    }
    return 0;
}

/* The front rank of u (ul) and the bases of t (tl), and the blockers of
 * every line between them; returns the front rank's size. */
static int sight_setup(sight *s, const gr_game *g, int u, const vf_layout *ul, int t,
                       const vf_layout *tl, gr_base *front, gr_base *tc, int *tn)
{
    const vf_sdata *sd = vf_sd(g);
    int k = vf_front_rank(sd, u, ul, front);
    *tn = vf_cells(sd, t, tl, tc);
    vf_box area = vf_box_union(vf_cells_box(front, k, 2), vf_cells_box(tc, *tn, 2));
    sight_init(s, g, u, t, area);
    return k;
}

int vf_seeing_figures(const gr_game *g, int u, const vf_layout *ul, int t, const vf_layout *tl,
                      int *front_count)
{
    if (VF_ALL_ROUND(ul)) { /* T.3.2-f/g, SR-Square-b (occupy.c): one outline */
        if (front_count)
            *front_count = 1;
        return vf_occupant_sees(g, u, ul, t, tl);
    }
    gr_base front[VF_MAX_CELLS], tc[VF_MAX_CELLS];
    sight s;
    int tn, k = sight_setup(&s, g, u, ul, t, tl, front, tc, &tn), seeing = 0;
    if (front_count)
        *front_count = k;
    for (int i = 0; i < k; i++)
        seeing += figure_sees(&s, &front[i], tc, tn, NULL);
    return seeing;
}

int vf_half_see(const gr_game *g, int u, const vf_layout *ul, int t, const vf_layout *tl)
{
    if (VF_ALL_ROUND(ul)) /* one outline: half sees when it sees (occupy.c) */
        return vf_occupant_sees(g, u, ul, t, tl);
    gr_base front[VF_MAX_CELLS], tc[VF_MAX_CELLS];
    sight s;
    int tn, k = sight_setup(&s, g, u, ul, t, tl, front, tc, &tn), seeing = 0;
    for (int i = 0; i < k; i++) {
        seeing += figure_sees(&s, &front[i], tc, tn, NULL);
        if (2 * seeing >= k)
            return 1; /* enough already */
        if (2 * (seeing + k - 1 - i) < k)
            return 0; /* too few left to reach half */
    }
    return 2 * seeing >= k;
}

int vf_visible_why(const gr_game *g, int u, const vf_layout *ul, int t, const vf_layout *tl,
                   vf_seen *why)
{
    if (VF_ALL_ROUND(ul)) { /* T.3.2-f/g, SR-Square-b (occupy.c): no reason kept */
        *why = (vf_seen){.why = VF_SEEN_UNKNOWN};
        return vf_occupant_sees(g, u, ul, t, tl);
    }
    const vf_sdata *sd = vf_sd(g);
    gr_base tc[VF_MAX_CELLS];
    int tn = vf_cells(sd, t, tl, tc);
    gr_g2_arc arc = vf_unit_arc(sd, u, ul);
    *why = (vf_seen){.why = VF_UNSEEN};
    if (!vf_in_arc(&arc, tc, tn))
        return 0;
    gr_base front[VF_MAX_CELLS];
    sight s;
    int k = sight_setup(&s, g, u, ul, t, tl, front, tc, &tn);
    for (int i = 0; i < k; i++)
        if (figure_sees(&s, &front[i], tc, tn, why))
            return 1;
    if (s.all)
        why->why = VF_SEEN_UNKNOWN;
    why->blockers = s.hit;
    return 0;
}

int vf_visible(const gr_game *g, int u, const vf_layout *ul, int t, const vf_layout *tl)
{
    vf_seen why;
    return vf_visible_why(g, u, ul, t, tl, &why);
}
