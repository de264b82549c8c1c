/* path.c — the paths of the figures of a moving unit over one leg of a
 * move (vf:6.3-a, 6.3-b, 6.3-d, 6.3.2-a, spec §8.9).  A leg takes the unit
 * from one layout to another of the same shape as a rigid body:
 *
 *  - same facing: every figure slides straight (a translation);
 *  - facing turned exactly 180 degrees with a full rear rank: an about face,
 *    every figure pivots in place (free) and slides to the reversed slot
 *    (the old rear rank becomes the front rank), pivoting before or after
 *    sliding, whichever keeps the rules;
 *  - any other turn: the unit rotates about the one point that carries the
 *    start onto the end (a wheel about a front corner has that corner as its
 *    centre), every figure following its arc.  Each figure pays its arc,
 *    |turn| x radius = chord x (turn/2) / sin(turn/2) — a wheel is charged
 *    its arc, not its chord.
 *
 * Lengths are sub-units (1/10000 inch, geom2d), rounded up.  See docs/vf.md. */
#include <string.h>

#include "../vf.h"

#define PI_Q20_UP 3294199LL /* ceil(pi x 2^20), as in geom2d */
/* Rotation centres farther than this from the origin are outside what the
 * geometry accepts; the leg is then checked along its chords (see below). */
#define CENTRE_LIMIT (GR_G2_COORD_MAX / 2)

/* sin and cos of half of `turn` (tenths), Q30; an odd turn takes the mean
 * of the two neighbouring tenths (error under 4e-7 of the value). */
static void half_angle(int32_t turn, int64_t *s2, int64_t *c2)
{
    int32_t h0 = turn >= 0 ? turn / 2 : -((-turn + 1) / 2);
    if (turn % 2 == 0) {
        *s2 = gr_g2_sin(h0);
        *c2 = gr_g2_cos(h0);
        return;
    }
    *s2 = ((int64_t)gr_g2_sin(h0) + gr_g2_sin(h0 + 1)) / 2;
    *c2 = ((int64_t)gr_g2_cos(h0) + gr_g2_cos(h0 + 1)) / 2;
}

static int64_t div_round(int64_t num, int64_t den)
{
    if (den < 0) {
        num = -num;
        den = -den;
    }
    return num >= 0 ? (num + den / 2) / den : -((-num + den / 2) / den);
}

/* The arc a figure whose chord is `chord` sub-units travels when the unit
 * turns `turn` tenths about a fixed point: chord x (turn/2) / sin(turn/2)
 * (in radians), the factor taken in Q17 and every rounding upwards (the
 * charge is never below the arc; at most 0.0003" above it for 36"). */
static int64_t arc_of_chord(int64_t chord, int32_t turn, int64_t s2)
{
    int64_t t = turn < 0 ? -(int64_t)turn : turn, s = s2 < 0 ? -s2 : s2;
    if (chord == 0 || t == 0 || s == 0)
        return chord;
    /* factor = t * pi / 3600 / s: t * PI_Q20 < 2^33, shifted 27 < 2^60;
     * Q20 + 27 - Q30 = Q17 */
    int64_t den = 3600 * s;
    int64_t factor = (((t * PI_Q20_UP) << 27) + den - 1) / den;
    return (chord * factor + (1 << 17) - 1) >> 17; /* chord < 2^24 */
}

/* The centre of the rotation taking pose (a, facing) to (b, facing + turn):
 * a - P = (R - I)^-1 (b - a), i.e. with half angles
 * a - P = ((-s2 dx - c2 dy), (c2 dx - s2 dy)) / (2 s2).  Returns 0 when the
 * centre lies beyond CENTRE_LIMIT. */
static int rotation_centre(gr_pt a, gr_pt b, int32_t turn, gr_pt *p)
{
    int64_t s2, c2;
    half_angle(turn, &s2, &c2);
    int64_t dx = (int64_t)b.x - a.x, dy = (int64_t)b.y - a.y;
    if (s2 == 0)
        return 0;
    int64_t wx = div_round(-s2 * dx - c2 * dy, 2 * s2);
    int64_t wy = div_round(c2 * dx - s2 * dy, 2 * s2);
    int64_t px = a.x - wx, py = a.y - wy;
    if (px < -CENTRE_LIMIT || px > CENTRE_LIMIT || py < -CENTRE_LIMIT || py > CENTRE_LIMIT)
        return 0;
    *p = (gr_pt){(gr_len)px, (gr_len)py};
    return 1;
}

static int64_t slide_len(gr_pt a, gr_pt b)
{
    gr_g2_move mv = {.from = {a, 1, 1, 0}, .kind = GR_G2_SLIDE, .to = b};
    return gr_g2_move_length(&mv, GR_G2_PATH_CENTRE);
}

static int64_t clamp_cost(int64_t v)
{
    return v > INT32_MAX / 2 ? INT32_MAX / 2 : v;
}

void vf_leg_plan(const vf_layout *from_l, const gr_base *from, const vf_layout *to_l,
                 const gr_base *to, int n, vf_leg *leg)
{
    memset(leg, 0, sizeof *leg);
    leg->from = from;
    leg->to = to;
    leg->n = n;
    leg->turn = gr_g2_angle_diff(vf_bearing(from_l->facing), vf_bearing(to_l->facing));
    int reversible = leg->turn == GR_G2_TURN / 2;
    for (int i = 0; i < n; i++) {
        leg->map[i] = i;
        int r = vf_reverse_slot(from_l, i);
        reversible &= r >= 0 && r < n;
    }
    if (leg->turn == 0) {
        leg->kind = VF_LEG_SLIDE;
    } else if (reversible) {
        leg->kind = VF_LEG_ABOUT;
        for (int i = 0; i < n; i++)
            leg->map[i] = vf_reverse_slot(from_l, i);
    } else {
        gr_pt a = {from_l->x, from_l->y}, b = {to_l->x, to_l->y};
        leg->kind = rotation_centre(a, b, leg->turn, &leg->pivot) ? VF_LEG_ROTATE
                                                                    : VF_LEG_NEAR;
    }
    int64_t s2, c2;
    half_angle(leg->turn, &s2, &c2);
    for (int i = 0; i < n; i++) {
        int64_t chord = slide_len(from[i].c, to[leg->map[i]].c);
        if (chord > (1 << 23))
            chord = 1 << 23; /* far beyond any move distance */
        int64_t c = leg->kind == VF_LEG_SLIDE || leg->kind == VF_LEG_ABOUT
                        ? chord
                        : arc_of_chord(chord, leg->turn, s2);
        leg->cost[i] = (int32_t)clamp_cost(c);
    }
}

int32_t vf_leg_longest(const vf_leg *leg)
{
    int32_t worst = 0;
    for (int i = 0; i < leg->n; i++)
        worst = leg->cost[i] > worst ? leg->cost[i] : worst;
    return worst;
}

/* The pieces of a figure's path.  Translations, about faces and far
 * rotations (VF_LEG_NEAR): order 0 pivots in place then slides, order 1
 * slides then pivots.  A rotation: the arc about the centre, then the
 * residual slide (at most a hundredth or two of rounding).  Returns the
 * number of pieces (0..2). */
static int pieces(const vf_leg *leg, int i, int order, gr_g2_move *mv)
{
    const gr_base *from = &leg->from[i], *to = &leg->to[leg->map[i]];
    int k = 0;
    if (leg->kind == VF_LEG_ROTATE) {
        mv[k] = (gr_g2_move){.from = *from, .kind = GR_G2_PIVOT, .pivot = leg->pivot,
                             .turn = leg->turn};
        gr_base end = gr_g2_move_end(&mv[k++]);
        if (end.c.x != to->c.x || end.c.y != to->c.y)
            mv[k++] = (gr_g2_move){.from = end, .kind = GR_G2_SLIDE, .to = to->c};
        return k;
    }
    int32_t turn = gr_g2_angle_diff(from->facing, to->facing);
    int slide = from->c.x != to->c.x || from->c.y != to->c.y;
    gr_base at = *from;
    for (int step = 0; step < 2; step++) {
        int pivot_now = (step == 0) == (order == 0);
        if (pivot_now && turn != 0) {
            mv[k] = (gr_g2_move){.from = at, .kind = GR_G2_PIVOT, .pivot = at.c, .turn = turn};
            at.facing = to->facing;
            k++;
        } else if (!pivot_now && slide) {
            mv[k] = (gr_g2_move){.from = at, .kind = GR_G2_SLIDE, .to = to->c};
            at.c = to->c;
            k++;
        }
    }
    return k;
}

/* Non-zero when every piece keeps `x` away from `other` (enemy) or, when
 * x < 0, never overlaps it (friendly that may not be passed through). */
static int pieces_clear(const vf_sdata *sd, const gr_g2_move *mv, int k, const gr_base *other,
                        gr_len x)
{
    for (int i = 0; i < k; i++) {
        if (x >= 0 ? !gr_g2_move_keeps_away(&mv[i], other, x)
                   : gr_g2_move_overlaps(&mv[i], other, sd->t.contact_tol))
            return 0;
    }
    return 1;
}

/* Direction d lies within the turn from v0 to v1 (clockwise when turn > 0,
 * the bearing frame; |turn| < 180 degrees). */
static int within_turn(int64_t v0x, int64_t v0y, int64_t v1x, int64_t v1y, int64_t dx, int64_t dy,
                       int32_t turn)
{
    int64_t a = v0x * dy - v0y * dx, b = dx * v1y - dy * v1x; /* cross(v0,d), cross(d,v1) */
    return turn > 0 ? a <= 0 && b <= 0 : a >= 0 && b >= 0;
}

/* Box round the arc figure i's centre follows about the rotation centre
 * (its two ends and every axis extreme of the circle the turn passes),
 * widened by the figure's half-diagonal bound and 4 hundredths (the
 * rounding of the radius and the residual slide). */
static vf_box rotation_sweep(const vf_leg *leg, int i)
{
    const gr_base *f = &leg->from[i], *t = &leg->to[leg->map[i]];
    gr_pt p = leg->pivot;
    int64_t v0x = (int64_t)f->c.x - p.x, v0y = (int64_t)f->c.y - p.y;
    int64_t v1x = (int64_t)t->c.x - p.x, v1y = (int64_t)t->c.y - p.y;
    int32_t r = gr_g2_dist_len(gr_g2_dist_pts(p, f->c)) + 1;
    vf_box b = {f->c.x < t->c.x ? f->c.x : t->c.x, f->c.y < t->c.y ? f->c.y : t->c.y,
                f->c.x > t->c.x ? f->c.x : t->c.x, f->c.y > t->c.y ? f->c.y : t->c.y};
    static const int dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    for (int k = 0; k < 4; k++) {
        if (!within_turn(v0x, v0y, v1x, v1y, dirs[k][0], dirs[k][1], leg->turn))
            continue;
        int32_t x = p.x + dirs[k][0] * r, y = p.y + dirs[k][1] * r;
        b = (vf_box){x < b.x0 ? x : b.x0, y < b.y0 ? y : b.y0, x > b.x1 ? x : b.x1,
                     y > b.y1 ? y : b.y1};
    }
    int32_t m = (f->w + f->d + 1) / 2 + 4;
    return (vf_box){b.x0 - m, b.y0 - m, b.x1 + m, b.y1 + m};
}

/* Box round everything figure i's path may sweep (a rotation's arc bulges
 * off the chord by up to the radius). */
static vf_box figure_sweep(const vf_leg *leg, int i)
{
    const gr_base *f = &leg->from[i], *t = &leg->to[leg->map[i]];
    vf_box b = vf_box_union(vf_cells_box(f, 1, 0), vf_cells_box(t, 1, 0));
    if (leg->kind == VF_LEG_ROTATE && leg->turn > -GR_G2_TURN / 2 + 10 &&
        leg->turn < GR_G2_TURN / 2 - 10)
        return rotation_sweep(leg, i);
    if (leg->kind != VF_LEG_ROTATE && leg->kind != VF_LEG_NEAR)
        return b;
    int32_t bulge = (int32_t)(leg->cost[i] / GR_G2_SUB / 2 + 1);
    return (vf_box){b.x0 - bulge, b.y0 - bulge, b.x1 + bulge, b.y1 + bulge};
}

/* Distance from the rotation centre to the centre of b, within 1. */
static int32_t from_centre(const vf_leg *leg, const gr_base *b)
{
    return gr_g2_dist_len(gr_g2_dist_pts(leg->pivot, b->c));
}

/* A rotation keeps every point of a figure at its distance from the centre
 * (within its half-diagonal of the figure's centre's): a base of `other`
 * whose own ring of distances (ro, within its half-diagonal) is apart from
 * the figure's by more than gap cannot come within gap of it (the residual
 * slide and the roundings are in the margin of 6 hundredths). */
static int rings_apart(int32_t rf, const gr_base *f, int32_t ro, const gr_base *o, gr_len gap)
{
    int32_t hf = (f->w + f->d + 1) / 2, ho = (o->w + o->d + 1) / 2, m = gap + 6;
    return ro - ho - (rf + hf) > m || rf - hf - (ro + ho) > m;
}

void vf_leg_against(const vf_sdata *sd, const vf_leg *leg, const gr_base *other, int nother,
                    gr_len x, int unit, uint8_t *blocked, int16_t *by)
{
    int orders = leg->kind == VF_LEG_ROTATE ? 1 : 2;
    gr_len gap = x > 0 ? x : 0;
    int32_t ro[VF_MAX_CELLS];
    for (int j = 0; leg->kind == VF_LEG_ROTATE && j < nother && j < VF_MAX_CELLS; j++)
        ro[j] = from_centre(leg, &other[j]);
    for (int i = 0; i < leg->n; i++) {
        vf_box sweep = figure_sweep(leg, i);
        int32_t rf = leg->kind == VF_LEG_ROTATE ? from_centre(leg, &leg->from[i]) : 0;
        for (int order = 0; order < orders; order++) {
            if (blocked[i] & (1 << order))
                continue;
            gr_g2_move mv[2];
            int k = pieces(leg, i, order, mv);
            for (int j = 0; j < nother; j++)
                if (!vf_boxes_apart(sweep, vf_cells_box(&other[j], 1, 0), gap + 1) &&
                    !(leg->kind == VF_LEG_ROTATE && j < VF_MAX_CELLS &&
                      rings_apart(rf, &leg->from[i], ro[j], &other[j], gap)) &&
                    !pieces_clear(sd, mv, k, &other[j], x)) {
                    /* with fewer than two pieces (or one order) every
                     * order is the same path */
                    blocked[i] |= (uint8_t)(k < 2 || orders == 1 ? 3 : 1 << order);
                    if (order == 0)
                        by[i] = (int16_t)unit;
                    break;
                }
        }
    }
}
