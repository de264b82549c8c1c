/*
 * mcts_prune.c — root pruning for the "mcts" agent: when a decision has
 * many options (an ARW movement decision has 600-700: every unit times
 * every hex it can reach), the search would try each a couple of times
 * and choose on noise.  Instead every option is first scored one ply ahead
 * on a few determinizations of the view (the same ones for every option),
 * and only the best few are searched.
 */
#include "mcts.h"
#include "search.h"

/* Fisher-Yates shuffle of the options (ties in the score then fall to a
 * random option, not to the first unit of the list). */
static void shuffle(gr_action *legal, int n, gr_rng *rng)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)gr_rng_below(rng, (uint32_t)(i + 1));
        gr_action t = legal[i];
        legal[i] = legal[j];
        legal[j] = t;
    }
}

/* Adds to score[i] the value for player one ply after legal[i] on the
 * determinization in work (probe: scratch).  An option the rules refuse
 * there scores 0. */
static void score_sample(gr_game *work, gr_game *probe, int player, unsigned eval,
                         const gr_action *legal, int n, double *score)
{
    for (int i = 0; i < n; i++) {
        double v = ai_value_after(probe, work, &legal[i], player, eval);
        score[i] += v > 0 ? v : 0;
    }
}

/* Moves the `keep` best-scored options to the front (selection). */
static void keep_best(gr_action *legal, double *score, int n, int keep)
{
    for (int i = 0; i < keep; i++) {
        int best = i;
        for (int j = i + 1; j < n; j++)
            if (score[j] > score[best])
                best = j;
        gr_action a = legal[i];
        double s = score[i];
        legal[i] = legal[best];
        score[i] = score[best];
        legal[best] = a;
        score[best] = s;
    }
}

gr_status mcts_score_options(gr_game *work, gr_game *probe, const gr_game *view, int player,
                             const gr_action *legal, int n, const mcts_prune_opts *o,
                             gr_rng *rng, double *score)
{
    for (int i = 0; i < n; i++)
        score[i] = 0;
    for (int s = 0; s < o->samples; s++) {
        gr_status st = ai_sample(work, view, ai_rng_u64(rng));
        if (st != GR_OK)
            return st;
        score_sample(work, probe, player, o->eval, legal, n, score);
    }
    return GR_OK;
}

int mcts_prune_root(gr_game *work, gr_game *probe, const gr_game *view, int player,
                    gr_action *legal, int n, const mcts_prune_opts *o, gr_rng *rng,
                    double *score)
{
    if (o->keep <= 0 || n <= o->keep)
        return n;
    shuffle(legal, n, rng);
    if (mcts_score_options(work, probe, view, player, legal, n, o, rng, score) != GR_OK)
        return n;
    keep_best(legal, score, n, o->keep);
    return o->keep;
}
