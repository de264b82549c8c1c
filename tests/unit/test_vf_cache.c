/* test_vf_cache.c — V&F's fast measures and kept facts give what the plain
 * definitions give (docs/performance.md, "V&F speed, second pass"):
 *  - sight (sight.c: blockers gathered per test and per fan of lines, the
 *    blocker that stopped the last line first) and the sight kept per pair
 *    (cache.c: witness line, blocking units) and "half the front rank
 *    sees" (counted only as far as needed, kept for the position) against
 *    the definition of
 *    5.1.2/5.1.3 written out plainly here: every front-rank figure, every
 *    canonical line against every base of every other unit;
 *    (terrain asked once per fan of lines: vf_terrain_fan, against
 *    vf_terrain_los_clear on every line);
 *  - the closest distance of two units (vf_cells_dist, which skips pairs
 *    and rows that cannot win) and the kept pair distance against the
 *    minimum over every pair of cells; the nearest enemy's distance
 *    (vf_enemy_distance, which skips units whose boxes are too far)
 *    against the minimum over every enemy;
 *  - the square-to-the-table shortcut of one cell distance (vf_cell_dist)
 *    against geom2d's gr_g2_dist_bases, on cells drawn at random;
 * at positions of random games of The Mill Farm and of D'Erlon's attack
 * (hills, hedges, a building), played by gr_game_sample
 * (so the scratch holds facts of earlier positions).  No rule tags: the
 * rules are checked by the cases; this checks that the speed-ups do not
 * change them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "rules/vf/vf.h"
#include "testutil.h"

/* ------------------------------------------------------------ reference */

static int ref_line_clear(const gr_game *g, int u, int t, gr_seg s)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    for (int v = 0; v < sd->nunits; v++) {
        if (v == u || v == t || st->unit[v].status != VF_UNIT_ON)
            continue;
        if (vf_rockets_over(g, u, t) && sd->unit[v].side == sd->unit[u].side &&
            !vf_on_hill(g, v))
            continue; /* SR-Rockets-b: friends off the hill do not block */
        gr_base cells[VF_MAX_CELLS];
        int n = vf_cells(sd, v, &st->unit[v].at, cells);
        /* the plain test's one shortcut: a unit whose box is apart */
        vf_box line = {s.a.x < s.b.x ? s.a.x : s.b.x, s.a.y < s.b.y ? s.a.y : s.b.y,
                       s.a.x > s.b.x ? s.a.x : s.b.x, s.a.y > s.b.y ? s.a.y : s.b.y};
        if (vf_boxes_apart(line, vf_cells_box(cells, n, 0), GR_G2_INCH + 1))
            continue;
        for (int i = 0; i < n; i++)
            if (!gr_g2_dist_ok(gr_g2_dist_seg_base(s, &cells[i]), GR_G2_INCH, GR_G2_MORE_THAN))
                return 0;
    }
    return 1;
}

static int ref_figure_sees(const gr_game *g, int u, const gr_base *f, int t, const gr_base *tc,
                           int tn)
{
    const vf_sdata *sd = vf_sd(g);
    gr_g2_arc arc = gr_g2_arc_of_base(f, GR_G2_ARC_HALF);
    for (int j = 0; j < tn; j++)
        if (gr_g2_touch(f, &tc[j], sd->t.contact_tol) && gr_g2_arc_has_base(&arc, &tc[j]))
            return 1;
    for (int j = 0; j < tn; j++) {
        gr_pt poly[GR_G2_CLIP_MAX], q[2 * GR_G2_CLIP_MAX + 1];
        int64_t area = 0;
        int k = gr_g2_arc_clip(&arc, &tc[j], poly, &area), nq = 0;
        if (k < 3 || area <= GR_G2_ARC_MIN_AREA)
            continue;
        int64_t cx = 0, cy = 0;
        for (int i = 0; i < k; i++) {
            gr_pt a = poly[i], b = poly[(i + 1) % k];
            q[nq++] = a;
            q[nq++] = (gr_pt){(gr_len)(((int64_t)a.x + b.x) / 2), (gr_len)(((int64_t)a.y + b.y) / 2)};
            cx += a.x;
            cy += a.y;
        }
        q[nq++] = (gr_pt){(gr_len)(cx / k), (gr_len)(cy / k)};
        for (int a = 0; a <= 4; a++) {
            gr_pt p = gr_g2_base_edge_point(f, GR_G2_FRONT, a, 4);
            for (int b = 0; b < nq; b++)
                if (ref_line_clear(g, u, t, (gr_seg){p, q[b]}) &&
                    vf_terrain_los_clear(sd, (gr_seg){p, q[b]}, f, &tc[j]))
                    return 1;
        }
    }
    return 0;
}

/* 5.1.2: some front-rank figure of u sees t; *seeing how many do. */
static int ref_visible(const gr_game *g, int u, int t, int *seeing)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    gr_base front[VF_MAX_CELLS], tc[VF_MAX_CELLS];
    int k = vf_front_rank(sd, u, &st->unit[u].at, front);
    int tn = vf_cells(sd, t, &st->unit[t].at, tc);
    gr_g2_arc arc = vf_unit_arc(sd, u, &st->unit[u].at);
    *seeing = 0;
    for (int i = 0; i < k; i++)
        *seeing += ref_figure_sees(g, u, &front[i], t, tc, tn);
    return vf_in_arc(&arc, tc, tn) && *seeing > 0;
}

static gr_g2_dist ref_dist(const gr_game *g, int u, int v)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    gr_base a[VF_MAX_CELLS], b[VF_MAX_CELLS];
    int na = vf_cells(sd, u, &st->unit[u].at, a), nb = vf_cells(sd, v, &st->unit[v].at, b);
    gr_g2_dist best = {INT64_MAX};
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++) {
            gr_g2_dist d = gr_g2_dist_bases(&a[i], &b[j]);
            if (d.code < best.code)
                best = d;
        }
    return best;
}

/* The nearest enemy unit's distance, hundredths, over every pair of cells. */
static int32_t ref_enemy_distance(const gr_game *g, int u)
{
    const vf_sdata *sd = vf_sd(g);
    gr_g2_dist best = {INT64_MAX};
    for (int v = 0; v < sd->nunits; v++)
        if (vf_cst(g)->unit[v].status == VF_UNIT_ON && sd->unit[v].side != sd->unit[u].side) {
            gr_g2_dist d = ref_dist(g, u, v);
            if (d.code < best.code)
                best = d;
        }
    return best.code == INT64_MAX ? INT32_MAX : gr_g2_dist_len(best);
}

/* ------------------------------------------------------------ checks */

/* For up to `budget` pairs of opposing units on the table, drawn by pick: the kept
 * distance, the kept sight, vf_visible and vf_seeing_figures equal the
 * reference.  Returns what is left of the budget. */
static int check_position(const gr_game *g, gr_rng *pick, int budget, int *seen_yes, int *seen_no)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    for (int u = 0; u < sd->nunits; u++)
        for (int v = 0; v < sd->nunits; v++) {
            if (u == v || st->unit[u].status != VF_UNIT_ON ||
                st->unit[v].status != VF_UNIT_ON || sd->unit[u].side == sd->unit[v].side ||
                budget <= 0 || gr_rng_below(pick, 8) != 0)
                continue;
            budget--;
            assert_true(vf_pair_dist(g, u, v).code == ref_dist(g, u, v).code);
            assert_int_equal(vf_enemy_distance(g, u, &st->unit[u].at), ref_enemy_distance(g, u));
            int seeing, front;
            int want_sees = ref_visible(g, u, v, &seeing);
            assert_int_equal(vf_unit_sees(g, u, v), want_sees);
            assert_int_equal(vf_visible(g, u, &st->unit[u].at, v, &st->unit[v].at), want_sees);
            assert_int_equal(vf_seeing_figures(g, u, &st->unit[u].at, v, &st->unit[v].at, &front),
                             seeing);
            assert_int_equal(vf_unit_half_sees(g, u, v), 2 * seeing >= front);
            assert_int_equal(vf_half_see(g, u, &st->unit[u].at, v, &st->unit[v].at),
                             2 * seeing >= front);
            *(want_sees ? seen_yes : seen_no) += 1;
        }
    return budget;
}

static void fast_measures_match(const char *scenario)
{
    gr_scenario *sc = tu_load(scenario);
    assert_non_null(sc);
    int yes = 0, no = 0, positions = 0;
    for (uint64_t seed = 1; seed <= 3; seed++) {
        gr_game *g = NULL;
        assert_int_equal(gr_game_new(sc, seed, NULL, NULL, NULL, &g, NULL), GR_OK);
        gr_rng rng, pick;
        gr_rng_seed(&rng, seed, 11);
        gr_rng_seed(&pick, seed, 12);
        gr_pending p;
        int budget = 12, steps = 0;
        for (gr_game_pending(g, &p); p.kind != GR_PENDING_OVER && steps < 400;
             gr_game_pending(g, &p), steps++) {
            int who = p.players & 1 ? 0 : 1;
            if (vf_cst(g)->phase == VF_PHASE_FIRE && budget > 0) {
                int take = budget < 4 ? budget : 4;
                budget += check_position(g, &pick, take, &yes, &no) - take;
                positions++;
            }
            gr_action a;
            assert_int_equal(gr_game_sample(g, who, &rng, &a), GR_OK);
            assert_int_equal(gr_game_apply(g, &a, NULL), GR_OK);
        }
        gr_game_free(g);
    }
    /* both answers were checked, at several positions */
    print_message("%d positions, %d pairs seen, %d not\n", positions, yes, no);
    assert_true(positions >= 5 && yes > 0 && no > 0);
    gr_scenario_free(sc);
}

static void test_fast_measures_match_definitions(void **state)
{
    (void)state;
    fast_measures_match("vf-mill-farm");
    fast_measures_match("vf-derlon");
}

/* One line against one piece: the fan's integer test (terrain.c) says
 * what geom2d's exact gr_g2_seg_meets_base says, for segments drawn near
 * every piece of D'Erlon's attack, end points often on the piece's edges
 * and corners (grazing counts as meeting). */
static void test_fan_line_matches_geom2d(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("vf-derlon");
    assert_non_null(sc);
    const vf_sdata *sd = sc->sdata;
    gr_rng rng;
    gr_rng_seed(&rng, 7, 1);
    int met = 0, missed = 0;
    for (int k = 0; k < sd->nterrain; k++) {
        const gr_base *r = &sd->terrain[k].area;
        int32_t xs[5] = {r->c.x - r->w / 2, r->c.x + (r->w + 1) / 2, r->c.x, r->c.x - r->w, r->c.x + r->w};
        int32_t ys[5] = {r->c.y - r->d / 2, r->c.y + (r->d + 1) / 2, r->c.y, r->c.y - r->d, r->c.y + r->d};
        for (int i = 0; i < 4000; i++) {
            gr_pt p[2];
            for (int e = 0; e < 2; e++) {
                int exact = gr_rng_below(&rng, 2) != 0;
                p[e].x = exact ? xs[gr_rng_below(&rng, 5)]
                               : r->c.x - r->w - 300 + (int32_t)gr_rng_below(&rng, (uint32_t)(2 * r->w + 600));
                p[e].y = exact ? ys[gr_rng_below(&rng, 5)]
                               : r->c.y - r->d - 300 + (int32_t)gr_rng_below(&rng, (uint32_t)(2 * r->d + 600));
            }
            gr_seg s = {p[0], p[1]};
            int8_t one = (int8_t)k;
            int want = gr_g2_seg_meets_base(s, r);
            assert_int_equal(vf_terrain_fan_clear(sd, &one, 1, s), !want);
            *(want ? &met : &missed) += 1;
        }
    }
    assert_true(met > 1000 && missed > 1000);
    gr_scenario_free(sc);
}

/* vf_cell_dist equals gr_g2_dist_bases, vf_cell_touch and vf_cell_overlap
 * geom2d's touch and overlap tests: cells square to the table (the
 * shortcut: even and odd sizes, overlapping, touching, apart), and turned
 * ones (geom2d itself), drawn from a fixed LCG. */
static void test_cell_dist_matches_geom2d(void **state)
{
    (void)state;
    uint64_t x = 12345;
    static const int32_t sizes[] = {100, 200, 101, 50, 300};
    static const gr_angle facings[] = {0, 900, 1800, 2700, -900, 450, 3599};
    for (int k = 0; k < 20000; k++) {
        gr_base b[2];
        for (int i = 0; i < 2; i++) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            b[i].c.x = (gr_len)((x >> 33) % 800);
            b[i].c.y = (gr_len)((x >> 45) % 800);
            b[i].w = sizes[(x >> 20) % 5];
            b[i].d = sizes[(x >> 24) % 5];
            b[i].facing = facings[(x >> 28) % (k % 3 ? 5 : 7)];
        }
        if (k % 4 == 0) /* edges within 3 hundredths of each other, along x */
            b[1].c.x = b[0].c.x + (b[0].w + b[1].w) / 2 + (gr_len)((k / 4) % 7) - 3;
        assert_true(vf_cell_dist(&b[0], &b[1]).code == gr_g2_dist_bases(&b[0], &b[1]).code);
        gr_len tol = (gr_len)(k % 4);
        assert_int_equal(vf_cell_touch(&b[0], &b[1], tol),
                         gr_g2_touch(&b[0], &b[1], tol) || gr_g2_overlap(&b[0], &b[1], tol));
        assert_int_equal(vf_cell_overlap(&b[0], &b[1], tol), gr_g2_overlap(&b[0], &b[1], tol));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fan_line_matches_geom2d),
        cmocka_unit_test(test_cell_dist_matches_geom2d),
        cmocka_unit_test(test_fast_measures_match_definitions),
    };
    return cmocka_run_group_tests_name("vf_cache", tests, NULL, NULL);
}
