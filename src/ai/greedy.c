/*
 * greedy.c — the "greedy" agent: one ply of look-ahead.  Each legal action
 * is tried on `samples` determinizations of the view (the same ones for
 * every action: common random numbers), and the action with the best mean
 * gr_game_evaluate after it is chosen; chance inside the action (dice) is
 * averaged over the samples.  A simultaneous secret choice against a player
 * who has not committed yet is solved as a zero-sum matrix game ("my option
 * x his option", each cell the mean value over the samples) and played
 * with the mixed strategy found, so the choice is not predictable.
 */
#include <stdlib.h>

#include "agent_internal.h"
#include "matrix.h"
#include "params.h"
#include "search.h"

#define GREEDY_MAX_SAMPLES 256
#define GREEDY_MAX_FINALISTS 256

typedef struct greedy_params {
    int32_t samples;      /* determinizations per action                   */
    int32_t matrix_iters; /* regret-matching rounds for simultaneous choices */
    int32_t screen;       /* more options than this: screened on one sample  */
    int32_t finalists;    /* ... and the best `finalists` tried on all        */
    int32_t exact;        /* 1: matrix cells averaged over every face of the first die */
} greedy_params;

/* The defaults of `greedy` with no parameters. */
static const greedy_params GREEDY_DEFAULTS = {
    .samples = 8,
    .matrix_iters = 2000,
    .screen = 64,
    .finalists = 16,
    .exact = 1,
};

static const ai_param GREEDY_PARAMS[] = {
    {"samples", offsetof(greedy_params, samples), AI_COUNT, 1, GREEDY_MAX_SAMPLES,
     "determinizations (with their own dice) each action is tried on"},
    {"matrix-iters", offsetof(greedy_params, matrix_iters), AI_COUNT, 1, 1e6,
     "regret-matching rounds when solving a simultaneous choice"},
    {"screen", offsetof(greedy_params, screen), AI_COUNT, 1, AI_LEGAL_CAP,
     "decisions with more options are screened on one sample first"},
    {"finalists", offsetof(greedy_params, finalists), AI_COUNT, 1, GREEDY_MAX_FINALISTS,
     "options of a screened decision tried on every sample"},
    {"exact", offsetof(greedy_params, exact), AI_COUNT, 0, 1,
     "1: each cell of a simultaneous choice is averaged over every face of the first die "
     "rolled after it (the combat's own roll) on each sample, instead of the sample's die"},
    {NULL, 0, AI_REAL, 0, 0, NULL}};

typedef struct greedy {
    greedy_params p;
    gr_game *work;
    gr_action legal[AI_LEGAL_CAP];
    gr_action theirs[AI_LEGAL_CAP];
    uint64_t seed[GREEDY_MAX_SAMPLES];
    double first[AI_LEGAL_CAP];        /* screening value of each option    */
    int16_t finalist[GREEDY_MAX_FINALISTS];
    double cell[AI_MATRIX_MAX * AI_MATRIX_MAX];
} greedy;

static void *greedy_create(const char *params, gr_error *err)
{
    greedy *g = calloc(1, sizeof *g);
    if (!g) {
        ai_fail(err, GR_ERR_NOMEM, "greedy: out of memory");
        return NULL;
    }
    g->p = GREEDY_DEFAULTS;
    if (ai_params_parse(GREEDY_PARAMS, &g->p, params, "greedy", err) != GR_OK) {
        free(g);
        return NULL;
    }
    return g;
}

static void greedy_destroy(void *priv)
{
    greedy *g = priv;
    if (g)
        gr_game_free(g->work);
    free(g);
}

/* Mean value for `player` of applying mine (then theirs, when not NULL) on
 * samples [from, to); samples where an action is refused count as lost. */
static double mean_over(greedy *g, const gr_game *view, int player, const gr_action *mine,
                        const gr_action *theirs, int from, int to)
{
    double total = 0;
    for (int s = from; s < to; s++) {
        if (ai_sample(g->work, view, g->seed[s]) != GR_OK ||
            gr_game_apply(g->work, mine, NULL) != GR_OK ||
            (theirs && gr_game_apply(g->work, theirs, NULL) != GR_OK))
            continue;
        total += ai_value(g->work, player, 0); /* one ply: no lookahead */
    }
    return total / (to - from);
}

/* Mean value of the cell (mine, theirs) of a simultaneous choice: over the
 * samples and, with `exact`, over every face of the first die rolled after
 * the choices (queued with gr_game_push_dice), so the die that decides the
 * cell is weighed exactly instead of drawn once per sample. */
static double cell_value(greedy *g, const gr_game *view, int player, const gr_action *mine,
                         const gr_action *theirs)
{
    int lo, hi;
    if (!g->p.exact || gr_game_die_faces(view, &lo, &hi) != 0 || hi - lo > 19)
        return mean_over(g, view, player, mine, theirs, 0, g->p.samples);
    double total = 0;
    for (int s = 0; s < g->p.samples; s++)
        for (int face = lo; face <= hi; face++) {
            if (ai_sample(g->work, view, g->seed[s]) != GR_OK ||
                gr_game_push_dice(g->work, &face, 1) != GR_OK ||
                gr_game_apply(g->work, mine, NULL) != GR_OK ||
                gr_game_apply(g->work, theirs, NULL) != GR_OK)
                continue; /* refused: counts as lost */
            total += ai_value(g->work, player, 0);
        }
    return total / (g->p.samples * (hi - lo + 1));
}

/* Mean value over every sample. */
static double mean_after(greedy *g, const gr_game *view, int player, const gr_action *mine,
                         const gr_action *theirs)
{
    return mean_over(g, view, player, mine, theirs, 0, g->p.samples);
}

/* A decision with more than `screen` options: every option is tried on the
 * first sample, and the `finalists` best of them (earliest first on equal
 * values) go on; their indices into g->finalist, their number returned. */
static int screen_options(greedy *g, const gr_game *view, int player, int n)
{
    int k = g->p.finalists < n ? g->p.finalists : n;
    for (int i = 0; i < n; i++)
        g->first[i] = mean_over(g, view, player, &g->legal[i], NULL, 0, 1);
    for (int j = 0; j < k; j++) { /* k passes of selection: k is small */
        int best = -1;
        for (int i = 0; i < n; i++)
            if (g->first[i] > -1 && (best < 0 || g->first[i] > g->first[best]))
                best = i;
        g->finalist[j] = (int16_t)best;
        g->first[best] = -2; /* taken */
    }
    return k;
}

/* Best action by one-ply mean value; ties are broken at random.  Past
 * `screen` options, only the finalists of the screening are compared. */
static int best_single(greedy *g, gr_rng *rng, const gr_game *view, int player, int n)
{
    int best = 0, ties = 0, screened = n > g->p.screen;
    int m = screened ? screen_options(g, view, player, n) : n;
    double best_value = -1;
    for (int j = 0; j < m; j++) {
        int i = screened ? g->finalist[j] : j;
        double v = mean_after(g, view, player, &g->legal[i], NULL);
        if (v > best_value + 1e-12) {
            best_value = v;
            best = i;
            ties = 1;
        } else if (v > best_value - 1e-12 && gr_rng_below(rng, (uint32_t)++ties) == 0) {
            best = i;
        }
    }
    return best;
}

/* Simultaneous choice against `other`, who has not committed yet: solve the
 * sampled payoff matrix and draw from the mixed strategy. */
static int best_mixed(greedy *g, gr_rng *rng, const gr_game *view, int player, int other,
                      int n)
{
    if (ai_sample(g->work, view, g->seed[0]) != GR_OK)
        return (int)gr_rng_below(rng, (uint32_t)n);
    int m = gr_game_legal(g->work, other, g->theirs, AI_LEGAL_CAP);
    int rows = n < AI_MATRIX_MAX ? n : AI_MATRIX_MAX;
    int cols = m < AI_MATRIX_MAX ? m : AI_MATRIX_MAX;
    if (cols <= 0)
        return best_single(g, rng, view, player, n);
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            g->cell[r * cols + c] =
                cell_value(g, view, player, &g->legal[r], &g->theirs[c]) - 0.5;
    double mix[AI_MATRIX_MAX];
    ai_matrix_solve(g->cell, rows, cols, g->p.matrix_iters, mix);
    return ai_pick_mixed(mix, rows, gr_rng_next(rng) / 4294967296.0);
}

/* The other player who must also choose now, or -1. */
static int other_chooser(const gr_game *view, int player)
{
    gr_pending pend;
    gr_game_pending(view, &pend);
    if (pend.kind != GR_PENDING_SIMULTANEOUS)
        return -1;
    for (int p = 0; p < gr_game_players(view); p++)
        if (p != player && (pend.players & (1u << p)))
            return p;
    return -1;
}

static gr_status greedy_choose(void *priv, gr_rng *rng, const gr_game *view, int player,
                               gr_action *out, gr_error *err)
{
    greedy *g = priv;
    int n = gr_game_legal(view, player, g->legal, AI_LEGAL_CAP);
    if (n <= 0)
        return ai_fail(err, GR_ERR_STATE, "greedy: no legal action for player %d", player);
    n = n < AI_LEGAL_CAP ? n : AI_LEGAL_CAP;
    if (n == 1) {
        *out = g->legal[0];
        return GR_OK;
    }
    if (ai_work_prepare(&g->work, view) != GR_OK)
        return ai_fail(err, GR_ERR_NOMEM, "greedy: out of memory");
    for (int s = 0; s < g->p.samples; s++)
        g->seed[s] = ai_rng_u64(rng);
    int other = other_chooser(view, player);
    int pick = other >= 0 ? best_mixed(g, rng, view, player, other, n)
                          : best_single(g, rng, view, player, n);
    *out = g->legal[pick];
    return GR_OK;
}

const gr_agent_kind gr_agent_greedy = {"greedy", greedy_create, greedy_destroy, greedy_choose,
                                       NULL};
