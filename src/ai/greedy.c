/*
 * greedy.c — the "greedy" agent: one ply of look-ahead.  Each legal action
 * is tried on `samples` determinizations of the view (the same ones for
 * every action: common random numbers), and the action with the best mean
 * gr_game_evaluate after it is chosen; chance inside the action (dice) is
 * averaged over the samples.  A simultaneous secret choice against a player
 * is solved as a zero-sum matrix game ("my option x his option", each cell
 * the mean value over the samples) and played with the mixed strategy
 * found, so the choice is not predictable; when the other player has
 * already committed his (hidden) choice, it is taken back in every sample
 * (gr_game_determinize_open) so the game is the same whichever side
 * committed first.
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
    int32_t reopen;       /* 1: a rival's hidden committed choice is taken back */
} greedy_params;

/* The defaults of `greedy` with no parameters. */
static const greedy_params GREEDY_DEFAULTS = {
    .samples = 8,
    .matrix_iters = 2000,
    .screen = 64,
    .finalists = 16,
    .exact = 1,
    .reopen = 1,
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
    {"reopen", offsetof(greedy_params, reopen), AI_COUNT, 0, 1,
     "1: a secret choice the rival has already committed is solved as the matrix game it is "
     "(his choice taken back in each sample); 0: answered as a guess of it, sampled uniformly"},
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
    int open; /* this choice's samples take back the rival's hidden choice */
    int watched;         /* player whose blunders the cells count, or -1 */
    int blundered;       /* a blunder of his in the cell's probe trial        */
    int rival_blundered; /* one of another player there (the rules may name one only) */
    int rolled;          /* a die was rolled in the probe: later blunders are luck */
    int trials[AI_MATRIX_MAX], blunders[AI_MATRIX_MAX]; /* per row of the matrix */
    int last_mix_n; /* the last choice's mixed strategy (gr_agent_stats) */
    double last_mix[AI_MATRIX_MAX];
} greedy;

/* Event sink of the cells' trials: notes a blunder the rules name
 * (gr_game_blunder) made by the watched player. */
static void watch_blunders(void *ctx, const gr_game *game, const gr_event *e)
{
    greedy *g = ctx;
    int who = -1;
    g->rolled |= e->kind == GR_EV_ROLL;
    if (!g->rolled && gr_game_blunder(game, e, &who) >= 0) {
        g->blundered |= who == g->watched;
        g->rival_blundered |= who != g->watched;
    }
}

/* Sample `seed` of the view into g->work (reopened when g->open). */
static gr_status sample(greedy *g, const gr_game *view, uint64_t seed)
{
    return g->open ? ai_sample_open(g->work, view, seed) : ai_sample(g->work, view, seed);
}

static void *greedy_create(const char *params, gr_error *err)
{
    greedy *g = calloc(1, sizeof *g);
    if (!g) {
        ai_fail(err, GR_ERR_NOMEM, "greedy: out of memory");
        return NULL;
    }
    g->p = GREEDY_DEFAULTS;
    g->watched = -1;
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
        if (sample(g, view, g->seed[s]) != GR_OK ||
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
static double cell_value(greedy *g, const gr_game *view, int player, int row,
                         const gr_action *mine, const gr_action *theirs)
{
    int lo, hi;
    if (!g->p.exact || gr_game_die_faces(view, &lo, &hi) != 0 || hi - lo > 19)
        return mean_over(g, view, player, mine, theirs, 0, g->p.samples);
    double total = 0;
    for (int s = 0; s < g->p.samples; s++)
        for (int face = lo; face <= hi; face++) {
            int probe = s == 0 && face == lo; /* the cell's blunders, before any roll */
            g->blundered = g->rival_blundered = g->rolled = 0;
            if (sample(g, view, g->seed[s]) != GR_OK ||
                gr_game_push_dice(g->work, &face, 1) != GR_OK)
                continue;
            if (probe)
                gr_game_set_sink(g->work, watch_blunders, g);
            if (gr_game_apply(g->work, mine, NULL) != GR_OK ||
                gr_game_apply(g->work, theirs, NULL) != GR_OK)
                continue; /* refused: counts as lost */
            /* both chits ineligible: ARW names the attacker's blunder only */
            if (probe && !g->rival_blundered) {
                g->trials[row]++;
                g->blunders[row] += g->blundered;
            }
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

/* Rows of the matrix whose every probe (one trial per cell, where the
 * rival made none; only what the rules name before any die is rolled: the
 * choice itself, not its luck) made the rules name a blunder of the player
 * (an ARW chit he is not eligible for, GR12.54, or a dominated one): they
 * are left out, unless every row is such (then none is).  The kept rows'
 * indices into keep[], their number returned. */
static int rows_without_sure_blunders(const greedy *g, int rows, int *keep)
{
    int k = 0;
    for (int r = 0; r < rows; r++)
        if (g->trials[r] == 0 || g->blunders[r] < g->trials[r])
            keep[k++] = r;
    if (k == 0)
        for (; k < rows; k++)
            keep[k] = k;
    return k;
}

/* Simultaneous choice against `other` (who has not committed yet, or whose
 * hidden commitment the samples take back): solve the payoff matrix, over
 * the options that are not sure blunders, and draw from the mixed
 * strategy. */
static int best_mixed(greedy *g, gr_rng *rng, const gr_game *view, int player, int other,
                      int n)
{
    if (sample(g, view, g->seed[0]) != GR_OK)
        return (int)gr_rng_below(rng, (uint32_t)n);
    int m = gr_game_legal(g->work, other, g->theirs, AI_LEGAL_CAP);
    int rows = n < AI_MATRIX_MAX ? n : AI_MATRIX_MAX;
    int cols = m < AI_MATRIX_MAX ? m : AI_MATRIX_MAX;
    if (cols <= 0)
        return best_single(g, rng, view, player, n);
    g->watched = player;
    for (int r = 0; r < rows; r++) {
        g->trials[r] = g->blunders[r] = 0;
        for (int c = 0; c < cols; c++)
            g->cell[r * cols + c] =
                cell_value(g, view, player, r, &g->legal[r], &g->theirs[c]) - 0.5;
    }
    g->watched = -1;
    int keep[AI_MATRIX_MAX], k = rows_without_sure_blunders(g, rows, keep);
    for (int j = 0; j < k; j++) /* the kept rows, packed in place (keep[j] >= j) */
        for (int c = 0; c < cols; c++)
            g->cell[j * cols + c] = g->cell[keep[j] * cols + c];
    double mix[AI_MATRIX_MAX];
    ai_matrix_solve(g->cell, k, cols, g->p.matrix_iters, mix);
    g->last_mix_n = rows;
    for (int r = 0; r < rows; r++)
        g->last_mix[r] = 0;
    for (int j = 0; j < k; j++)
        g->last_mix[keep[j]] = mix[j];
    return keep[ai_pick_mixed(mix, k, gr_rng_next(rng) / 4294967296.0)];
}

static gr_status greedy_choose(void *priv, gr_rng *rng, const gr_game *view, int player,
                               gr_action *out, gr_error *err)
{
    greedy *g = priv;
    g->last_mix_n = 0;
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
    int other = ai_secret_rival(g->work, view, player, g->seed[0], g->p.reopen);
    g->open = other >= 0 && g->p.reopen;
    int pick = other >= 0 ? best_mixed(g, rng, view, player, other, n)
                          : best_single(g, rng, view, player, n);
    g->open = 0;
    *out = g->legal[pick];
    return GR_OK;
}

static void greedy_stats(const void *priv, gr_agent_stats *out)
{
    const greedy *g = priv;
    _Static_assert(AI_MATRIX_MAX <= sizeof out->last_mix / sizeof out->last_mix[0],
                   "gr_agent_stats holds a whole mixed strategy");
    out->last_mix_n = g->last_mix_n;
    for (int r = 0; r < g->last_mix_n; r++)
        out->last_mix[r] = g->last_mix[r];
}

const gr_agent_kind gr_agent_greedy = {"greedy", greedy_create, greedy_destroy, greedy_choose,
                                       greedy_stats};
