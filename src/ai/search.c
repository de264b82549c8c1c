/* search.c — see search.h. */
#include "search.h"

#include <string.h>
#include <time.h>

uint64_t ai_rng_u64(gr_rng *rng)
{
    uint64_t hi = gr_rng_next(rng);
    return (hi << 32) | gr_rng_next(rng);
}

gr_status ai_work_prepare(gr_game **work, const gr_game *view)
{
    if (*work && gr_game_scenario(*work) == gr_game_scenario(view) &&
        gr_game_size(*work) == gr_game_size(view))
        return GR_OK;
    gr_game_free(*work);
    *work = gr_game_clone(view);
    return *work ? GR_OK : GR_ERR_NOMEM;
}

/* The view copied into work and determinized (reopened when `open`). */
static gr_status sample_into(gr_game *work, const gr_game *view, uint64_t seed, int open)
{
    gr_status st = gr_game_copy(work, view);
    if (st != GR_OK)
        return st;
    gr_game_set_sink(work, NULL, NULL);
    return open ? gr_game_determinize_open(work, seed) : gr_game_determinize(work, seed);
}

gr_status ai_sample(gr_game *work, const gr_game *view, uint64_t seed)
{
    return sample_into(work, view, seed, 0);
}

gr_status ai_sample_open(gr_game *work, const gr_game *view, uint64_t seed)
{
    return sample_into(work, view, seed, 1);
}

/* The first player other than `player` the pending decision of g names
 * in a simultaneous choice, or -1. */
static int other_in_pending(const gr_game *g, int player)
{
    gr_pending pend;
    gr_game_pending(g, &pend);
    if (pend.kind != GR_PENDING_SIMULTANEOUS)
        return -1;
    for (int p = 0; p < gr_game_players(g); p++)
        if (p != player && (pend.players & (1u << p)))
            return p;
    return -1;
}

int ai_secret_rival(gr_game *work, const gr_game *view, int player, uint64_t seed, int reopen)
{
    int other = other_in_pending(view, player);
    if (other >= 0 || !reopen || gr_game_viewer(view) != player)
        return other;
    gr_pending pend;
    gr_game_pending(view, &pend);
    if (pend.kind != GR_PENDING_SIMULTANEOUS || ai_sample_open(work, view, seed) != GR_OK)
        return -1;
    return other_in_pending(work, player);
}

double ai_value(const gr_game *g, int p, unsigned flags)
{
    return (gr_game_evaluate_with(g, p, flags) + 1000) / 2000.0;
}

double ai_value_after(gr_game *probe, const gr_game *from, const gr_action *a, int p,
                      unsigned flags)
{
    if (gr_game_copy(probe, from) != GR_OK || gr_game_apply(probe, a, NULL) != GR_OK)
        return -1;
    return ai_value(probe, p, flags);
}

int ai_random_step(gr_game *g, gr_rng *rng)
{
    gr_pending pend;
    gr_game_pending(g, &pend);
    if (pend.kind == GR_PENDING_OVER)
        return 0;
    int players = gr_game_players(g);
    for (int p = 0; p < players; p++) {
        gr_action a;
        if (!(pend.players & (1u << p)))
            continue;
        if (gr_game_sample(g, p, rng, &a) != GR_OK || gr_game_apply(g, &a, NULL) != GR_OK)
            return -1;
    }
    return 1;
}

int ai_playout(gr_game *g, gr_rng *rng, int max_actions)
{
    int steps = 0;
    while (max_actions < 0 || steps < max_actions) {
        int r = ai_random_step(g, rng);
        if (r < 0)
            return -1;
        if (r == 0)
            break;
        steps++;
    }
    return steps;
}

int ai_action_equal(const gr_action *a, const gr_action *b)
{
    return a->kind == b->kind && a->player == b->player && a->nargs == b->nargs &&
           memcmp(a->arg, b->arg, sizeof a->arg) == 0;
}

double ai_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
