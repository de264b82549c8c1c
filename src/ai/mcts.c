/*
 * mcts.c — the "mcts" agent: information-set Monte Carlo tree search.
 *
 * Every iteration samples a determinization of the agent's view (hidden
 * values and a fresh dice stream drawn consistently with what the agent
 * knows), walks the shared tree from the root choosing edges by UCB with
 * availability counts (the root's options are listed once per choice,
 * the best few kept when there are many: mcts_prune.c; the options below
 * it are drawn as nodes widen: mcts_sample.c), adds one node, plays
 * `rollout` random actions and scores the result with gr_game_evaluate
 * (exact at game over), backing the value up each edge from its own
 * player's side.  Simultaneous secret
 * choices are decoupled: each chooser selects from his own statistics at
 * the node, and the node's child is keyed by the joint choice.  The tree
 * lives in an arena made with the agent, so iterations allocate nothing.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent_internal.h"
#include "mcts.h"
#include "mcts_plan.h"
#include "params.h"
#include "search.h"

#define MCTS_MAX_PATH 1024
/* The default budget (the "at most 5 s per player turn"). */
#define MCTS_DEFAULT_ITERATIONS 2000
#define MCTS_DEFAULT_TURN_MS 5000
#define MCTS_DEFAULT_PRUNE 32
/* Positions valued with GR_EVAL_LOOKAHEAD (docs/agents.md, "Strength"). */
#define MCTS_DEFAULT_LOOKAHEAD 1
/* Phases planned as one macro-action (docs/agents.md, "Macro-actions"). */
#define MCTS_DEFAULT_PLAN 0
/* A decision is planned as a phase only with more options than this. */
#define MCTS_PLAN_MIN_OPTIONS 32
/* Share of the turn budget kept for what the searches do not count: the
 * views the caller makes, the process being descheduled. */
#define MCTS_TURN_RESERVE 0.1
/* Searched choices expected in a player turn before one like it has been
 * seen; turns are told apart by the action kind of their first choice
 * (movement, fire, close combat...), in this many slots. */
#define MCTS_TURN_GUESS 8
#define MCTS_TURN_SLOTS 32

typedef struct mcts_params {
    int32_t iterations; /* per choice; 0 = no iteration limit            */
    double time_ms;     /* per choice; 0 = no time limit                 */
    double explore;
    int32_t rollout;    /* random actions after the tree; -1 = to the end */
    int32_t tree;       /* arena size (nodes, and edges)                  */
    double widen;
    double mixed;       /* simultaneous root: mix among the near-best     */
    int32_t candidates; /* untried actions scored one ply when expanding  */
    double turn_ms;     /* per player turn; 0 = no turn limit            */
    int32_t sample;     /* 1: below the root, draw actions instead of listing */
    int32_t prune;      /* root options kept after one-ply scoring; 0 = all */
    int32_t prune_samples; /* determinizations each root option is scored on */
    int32_t matrix;     /* 1: simultaneous choices solved as greedy does   */
    int32_t lookahead;  /* 1: positions valued with GR_EVAL_LOOKAHEAD     */
    int32_t plan;       /* candidates per unit of a planned phase; 0 = off */
    int32_t reopen;     /* 1: a rival's hidden committed choice is a matrix game too */
    int32_t threats;    /* 1: positions valued with GR_EVAL_THREATS       */
} mcts_params;

/* The defaults of `mcts` with no parameters.  The budget fields are -1, "not
 * given": default_budget then picks MCTS_DEFAULT_ITERATIONS and
 * MCTS_DEFAULT_TURN_MS when none of the three is given. */
static const mcts_params MCTS_DEFAULTS = {
    .iterations = -1,
    .time_ms = -1,
    .explore = 0.7,
    .rollout = 0,
    .tree = 1 << 18,
    .widen = -1,      /* not given: the system's search hints */
    .mixed = 0.5,
    .candidates = -1, /* not given: the system's search hints */
    .turn_ms = -1,
    .sample = 1,
    .prune = MCTS_DEFAULT_PRUNE,
    .prune_samples = 2,
    .matrix = 1,
    .lookahead = MCTS_DEFAULT_LOOKAHEAD,
    .plan = MCTS_DEFAULT_PLAN,
    .reopen = 1,
    .threats = 1,
};

static const ai_param MCTS_PARAMS[] = {
    {"iterations", offsetof(mcts_params, iterations), AI_COUNT, 0, 1e9,
     "iterations per choice (0: limited by time only)"},
    {"time", offsetof(mcts_params, time_ms), AI_REAL, 0, 3.6e6,
     "milliseconds per choice (0: limited by iterations only)"},
    {"explore", offsetof(mcts_params, explore), AI_REAL, 0, 100, "UCB exploration constant"},
    {"rollout", offsetof(mcts_params, rollout), AI_COUNT, -1, 1e6,
     "random actions played after leaving the tree before evaluating (-1: to the end)"},
    {"tree", offsetof(mcts_params, tree), AI_COUNT, 16, 1 << 26, "arena size in nodes (and edges)"},
    {"widen", offsetof(mcts_params, widen), AI_REAL, 0, 1e6,
     "progressive widening: at most widen*sqrt(visits+1) actions tried per node (0: all)"},
    {"mixed", offsetof(mcts_params, mixed), AI_REAL, 0, 1,
     "simultaneous choices: drawn in proportion to the visits among the actions with at "
     "least (1 - mixed) times the top count (0: always the most visited)"},
    {"candidates", offsetof(mcts_params, candidates), AI_COUNT, 0, 256,
     "when a node adds an action, score this many untried ones one ply ahead and add the "
     "best (0: draw one uniformly); with widen, this prunes the candidates"},
    {"turn", offsetof(mcts_params, turn_ms), AI_REAL, 0, 3.6e6,
     "milliseconds per player turn (a run of the player's decisions with no other "
     "decision between): each choice may use half of what is left of 95% of it (0: no "
     "turn limit)"},
    {"sample", offsetof(mcts_params, sample), AI_COUNT, 0, 1,
     "1: below the root, actions are drawn with gr_game_sample as the node widens (a drawn "
     "action already tried there: the best edge by UCB) instead of listing every legal "
     "action; 0: list them at every node"},
    {"prune", offsetof(mcts_params, prune), AI_COUNT, 0, AI_LEGAL_CAP,
     "a decision with more options than this: each is scored one ply ahead and only this "
     "many best are searched (0: search every option)"},
    {"prune-samples", offsetof(mcts_params, prune_samples), AI_COUNT, 1, 64,
     "determinizations each option of a pruned decision is scored on"},
    {"matrix", offsetof(mcts_params, matrix), AI_COUNT, 0, 1,
     "1: a simultaneous secret choice (tactic chits) is solved one ply ahead as a matrix "
     "game, as greedy does, instead of searched; 0: searched (decoupled UCT)"},
    {"lookahead", offsetof(mcts_params, lookahead), AI_COUNT, 0, 1,
     "1: positions are valued counting what the rules already oblige to come "
     "(GR_EVAL_LOOKAHEAD: in ARW, the attacks units next to an enemy must still declare); "
     "0: the plain evaluation greedy uses"},
    {"plan", offsetof(mcts_params, plan), AI_COUNT, 0, MCTS_PLAN_ARMS,
     "macro-action: a decision with many options naming several units (a movement phase) "
     "is planned once for the whole phase, each unit choosing among this many candidates "
     "(its best moves one ply ahead, and staying; 2-8); 0: every move searched on its own"},
    {"reopen", offsetof(mcts_params, reopen), AI_COUNT, 0, 1,
     "with matrix=1: a secret choice the rival has already committed (and hides) is solved "
     "as the same matrix game, his choice taken back in each sample; 0: searched against "
     "a uniform guess of it (before issue 19)"},
    {"threats", offsetof(mcts_params, threats), AI_COUNT, 0, 1,
     "1: positions are valued pricing the opponent's threats (GR_EVAL_THREATS: in ARW, "
     "lone leaders and batteries within an enemy's reach, town hexes an Allied unit can "
     "enter, the chance of demoralization in the pending combats); 0: as before issue 19"},
    {NULL, 0, AI_REAL, 0, 0, NULL}};

typedef struct mcts {
    mcts_params p;
    double widen;       /* p.widen, or the system's default (choose_system) */
    int32_t candidates; /* p.candidates, or the system's default           */
    mcts_tree tree;
    gr_game *work;
    gr_game *probe;    /* scratch for one-ply candidate scores            */
    void *matrix;      /* greedy's private data: simultaneous choices     */
    int matrix_last;   /* the last choice was made by it                  */
    gr_rng rng;
    gr_agent_stats stats;
    uint32_t last_step;  /* game step of the previous choice + 1            */
    int last_player;     /* player of the previous choice, -1 none          */
    double turn_spent;   /* seconds used in the current player turn         */
    int turn_choices;    /* searched choices so far in this player turn     */
    int turn_kind;       /* slot of the turn: its first choice's action kind */
    int16_t seen_choices[MCTS_TURN_SLOTS]; /* last turn's length per slot  */
    int32_t path_edge[MCTS_MAX_PATH];
    int32_t path_node[MCTS_MAX_PATH];
    uint8_t mark[AI_LEGAL_CAP];
    gr_action legal[AI_LEGAL_CAP];
    /* The chooser's options at the root, listed once per choice: they are
     * the same in every determinization (a player's options never depend
     * on what he cannot see, include/grognard.h). */
    gr_action root_legal[AI_LEGAL_CAP];
    double root_score[AI_LEGAL_CAP]; /* scratch of the root pruning       */
    mcts_plan plan;    /* the phase being played by plan (mcts_plan.c)     */
    int root_n;
    int root_player;
} mcts;

/* No budget given: MCTS_DEFAULT_ITERATIONS per choice and at most
 * MCTS_DEFAULT_TURN_MS per player turn, whichever comes first.  Any budget
 * given: the others not given are unlimited (so `iterations=N` alone keeps
 * games a function of the seeds). */
static void default_budget(mcts_params *p)
{
    int none = p->iterations < 0 && p->time_ms < 0 && p->turn_ms < 0;
    p->iterations = none ? MCTS_DEFAULT_ITERATIONS : p->iterations < 0 ? 0 : p->iterations;
    p->time_ms = p->time_ms < 0 ? 0 : p->time_ms;
    p->turn_ms = none ? MCTS_DEFAULT_TURN_MS : p->turn_ms < 0 ? 0 : p->turn_ms;
}

static void *mcts_create(const char *params, gr_error *err)
{
    mcts *m = calloc(1, sizeof *m);
    if (!m) {
        ai_fail(err, GR_ERR_NOMEM, "mcts: out of memory");
        return NULL;
    }
    /* -1: budget not given (see default_budget) */
    m->p = MCTS_DEFAULTS;
    m->last_player = -1;
    gr_status st = ai_params_parse(MCTS_PARAMS, &m->p, params, "mcts", err);
    default_budget(&m->p);
    if (st == GR_OK && m->p.iterations <= 0 && m->p.time_ms <= 0 && m->p.turn_ms <= 0)
        st = ai_fail(err, GR_ERR_ARG, "mcts: give a budget: iterations, time or turn");
    char inner[32];
    snprintf(inner, sizeof inner, "reopen=%d", (int)m->p.reopen);
    if (st == GR_OK && m->p.matrix > 0 && !(m->matrix = gr_agent_greedy.create(inner, err)))
        st = GR_ERR_NOMEM;
    if (st == GR_OK && mcts_tree_init(&m->tree, m->p.tree) != GR_OK)
        st = ai_fail(err, GR_ERR_NOMEM, "mcts: out of memory for a tree of %d nodes",
                     (int)m->p.tree);
    if (st != GR_OK) {
        gr_agent_greedy.destroy(m->matrix);
        free(m);
        return NULL;
    }
    return m;
}

static void mcts_destroy(void *priv)
{
    mcts *m = priv;
    if (!m)
        return;
    mcts_tree_free(&m->tree);
    gr_agent_greedy.destroy(m->matrix);
    gr_game_free(m->work);
    gr_game_free(m->probe);
    free(m);
}

/* The GR_EVAL_* flags of every position value of this search. */
static unsigned eval_flags(const mcts *m)
{
    return (m->p.lookahead > 0 ? GR_EVAL_LOOKAHEAD : 0u) |
           (m->p.threats > 0 ? GR_EVAL_THREATS : 0u);
}

/* mcts_select_opts.score: the value for a's player one ply after a, on
 * the iteration's determinization (m->work, not yet changed by a). */
static double score_one_ply(void *ctx, const gr_action *a)
{
    mcts *m = ctx;
    return ai_value_after(m->probe, m->work, a, a->player, eval_flags(m));
}

/* Chooses the edge of player p at node and applies its action to the work
 * game: from the listed options at the root (and everywhere when `sample`
 * is 0), from drawn ones elsewhere.  Returns as mcts_select_sampled. */
static int32_t pick_and_apply(mcts *m, int32_t node, int p, const mcts_select_opts *o)
{
    const gr_action *legal = m->legal;
    int n;
    if (node == 0 && p == m->root_player) {
        legal = m->root_legal;
        n = m->root_n;
    } else if (m->p.sample > 0) {
        return mcts_select_sampled(&m->tree, node, p, m->work, o, &m->rng);
    } else {
        n = gr_game_legal(m->work, p, m->legal, AI_LEGAL_CAP);
    }
    if (n <= 0)
        return -3;
    n = n < AI_LEGAL_CAP ? n : AI_LEGAL_CAP;
    int pick;
    int32_t e = mcts_select(&m->tree, node, p, legal, n, o, &m->rng, m->mark, &pick);
    return gr_game_apply(m->work, &legal[pick], NULL) == GR_OK ? e : -2;
}

/* Chooses and applies the action of every player due at node (a tree
 * node, not MCTS_NONE); fills the path with the edges taken.  Returns the
 * next node (MCTS_NONE: left the tree), sets *made when it is new; -2 on a
 * rules failure. */
static int32_t descend_one(mcts *m, int32_t node, const gr_pending *pend, int *npath, int *made)
{
    mcts_select_opts o = {m->p.explore, m->widen, m->candidates, score_one_ply, m};
    int32_t chosen[AI_MAX_PLAYERS];
    int nch = 0, off_tree = 0;
    for (int p = 0; p < gr_game_players(m->work) && p < AI_MAX_PLAYERS; p++) {
        if (!(pend->players & (1u << p)))
            continue;
        int32_t e = pick_and_apply(m, node, p, &o);
        if (e == -3) /* a due player without options (a rules fault): a leaf */
            return MCTS_NONE;
        if (e == -2)
            return -2;
        off_tree |= e == MCTS_NONE;
        if (e != MCTS_NONE)
            m->path_edge[(*npath)++] = e;
        chosen[nch++] = e;
    }
    if (off_tree || nch == 0)
        return MCTS_NONE;
    if (nch == 1)
        return mcts_child_single(&m->tree, chosen[0], made);
    uint64_t key = (uint64_t)(uint32_t)(chosen[0] + 1) | (uint64_t)(uint32_t)(chosen[1] + 1) << 32;
    return mcts_child_joint(&m->tree, node, key, made);
}

/* Walks the tree from the root on the determinized work game; returns the
 * number of edges in the path, fills path_node (nodes visited); -1 on a
 * rules failure. */
static int descend(mcts *m, int *nnodes)
{
    int npath = 0;
    int32_t node = 0;
    *nnodes = 0;
    m->path_node[(*nnodes)++] = 0;
    while (node != MCTS_NONE && npath + AI_MAX_PLAYERS <= MCTS_MAX_PATH) {
        gr_pending pend;
        gr_game_pending(m->work, &pend);
        if (pend.kind == GR_PENDING_OVER)
            break;
        int made = 0;
        node = descend_one(m, node, &pend, &npath, &made);
        if (node == -2)
            return -1;
        if (node != MCTS_NONE)
            m->path_node[(*nnodes)++] = node;
        if (made)
            break;
    }
    return npath;
}

/* One iteration: determinize, descend, roll out, back up.  -1 on a rules
 * failure. */
static int iterate(mcts *m, const gr_game *view)
{
    if (ai_sample(m->work, view, ai_rng_u64(&m->rng)) != GR_OK)
        return -1;
    int nnodes;
    int npath = descend(m, &nnodes);
    if (npath < 0)
        return -1;
    /* A playout that cannot go on (a due player without options, which
     * only a rules fault makes) is scored where it stopped: one such
     * position in a sampled future must not stop the whole search. */
    ai_playout(m->work, &m->rng, m->p.rollout);
    double value[AI_MAX_PLAYERS];
    for (int p = 0; p < AI_MAX_PLAYERS && p < gr_game_players(m->work); p++)
        value[p] = ai_value(m->work, p, eval_flags(m));
    for (int i = 0; i < npath; i++) {
        mcts_edge *e = &m->tree.edge[m->path_edge[i]];
        e->visits++;
        e->reward += value[e->action.player < AI_MAX_PLAYERS ? e->action.player : 0];
    }
    for (int i = 0; i < nnodes; i++)
        m->tree.node[m->path_node[i]].visits++;
    return 0;
}

/* Runs iterations until the budget is spent; returns how many ran or -1. */
static long search(mcts *m, const gr_game *view, double seconds)
{
    double deadline = seconds > 0 ? ai_now() + seconds : 0;
    long limit = m->p.iterations > 0 ? (long)m->p.iterations : -1;
    long done = 0;
    mcts_tree_reset(&m->tree);
    while (limit < 0 || done < limit) {
        if (deadline > 0 && done > 0 && ai_now() >= deadline)
            break;
        if (iterate(m, view) < 0)
            return -1;
        done++;
    }
    return done;
}

/* Starts a new player turn when someone else decided since the previous
 * choice (or it was another player's): the turn's time and choices start
 * from zero, the last turn's count is kept for its kind.  Every choice
 * begins with it and ends with end_choice, the ones with a single option
 * too, so that they do not cut a turn in two. */
static void turn_begin(mcts *m, const gr_game *view, int player)
{
    if (player == m->last_player && gr_game_step(view) == m->last_step)
        return;
    if (m->turn_choices > 0)
        m->seen_choices[m->turn_kind] = (int16_t)(m->turn_choices < 10000 ? m->turn_choices : 10000);
    m->turn_spent = 0;
    m->turn_choices = 0;
    m->turn_kind = (int)((unsigned)m->root_legal[0].kind % MCTS_TURN_SLOTS);
}

/* Seconds this choice may take (0: no limit; turn_begin has run): the
 * `time` budget, capped by
 * half of what is left of the player's turn when `turn` is set. */
static double choice_seconds(const mcts *m)
{
    double t = m->p.time_ms / 1000.0;
    if (m->p.turn_ms <= 0)
        return t;
    /* The choices still to come in this turn, guessed from the previous
     * turn (a movement phase is dozens of them): each gets an equal share
     * of what is left, and never more than half of it.  The turn spent
     * counts each choice from its start (legal list included);
     * MCTS_TURN_RESERVE of it is kept for the rest. */
    int seen = m->seen_choices[m->turn_kind];
    int expected = (seen > 0 ? seen : MCTS_TURN_GUESS) - m->turn_choices;
    expected = expected > 2 ? expected : 2;
    double left = ((1 - MCTS_TURN_RESERVE) * m->p.turn_ms / 1000.0 - m->turn_spent) / expected;
    left = left > 1e-4 ? left : 1e-4;
    return t > 0 && t < left ? t : left;
}

/* True when edge a's mean reward beats b's (a and b equally visited). */
static int better_mean(const mcts_edge *a, const mcts_edge *b)
{
    return a->visits > 0 && a->reward > b->reward;
}

/* The root edge of player to play: the most visited (the best mean among
 * equals: a wide decision may see each option once); or, with floor > 0
 * (a simultaneous choice), one drawn in proportion to the visits among
 * those with at least floor times the top count. */
static int32_t final_choice(mcts *m, int player, double floor)
{
    uint64_t total = 0, most = 0;
    int32_t best = MCTS_NONE;
    const mcts_tree *t = &m->tree;
    for (int32_t id = t->node[0].first_edge; id != MCTS_NONE; id = t->edge[id].next)
        if (t->edge[id].action.player == player &&
            (best == MCTS_NONE || t->edge[id].visits > most ||
             (t->edge[id].visits == most && better_mean(&t->edge[id], &t->edge[best])))) {
            most = t->edge[id].visits;
            best = id;
        }
    if (floor <= 0 || floor >= 1 || most == 0)
        return best;
    uint64_t least = (uint64_t)(floor * (double)most);
    for (int32_t id = t->node[0].first_edge; id != MCTS_NONE; id = t->edge[id].next)
        if (t->edge[id].action.player == player && t->edge[id].visits >= least)
            total += t->edge[id].visits;
    uint64_t r = ai_rng_u64(&m->rng) % total;
    for (int32_t id = t->node[0].first_edge; id != MCTS_NONE; id = t->edge[id].next) {
        const mcts_edge *e = &t->edge[id];
        if (e->action.player != player || e->visits < least)
            continue;
        if (r < e->visits)
            return id;
        r -= e->visits;
    }
    return best;
}

/* Cuts the root options to the best few one ply ahead (mcts_prune_root);
 * the time it takes comes out of this choice's *seconds. */
static void prune_root(mcts *m, const gr_game *view, int player, double *seconds)
{
    double start = ai_now();
    mcts_prune_opts o = {m->p.prune, m->p.prune_samples, eval_flags(m)};
    m->root_n = mcts_prune_root(m->work, m->probe, view, player, m->root_legal, m->root_n, &o,
                                &m->rng, m->root_score);
    if (*seconds > 0) {
        double left = *seconds - (ai_now() - start);
        *seconds = left > 1e-4 ? left : 1e-4;
    }
}

/* The time a phase plan may take: half of what is left of the turn budget
 * (a plan stands for a whole phase of choices), at least `seconds`, and
 * no more than the per-choice limit when one is given. */
static double plan_seconds(const mcts *m, double seconds)
{
    if (m->p.turn_ms <= 0)
        return seconds;
    double left = ((1 - MCTS_TURN_RESERVE) * m->p.turn_ms / 1000.0 - m->turn_spent) / 2;
    double t = m->p.time_ms / 1000.0;
    left = left > seconds ? left : seconds;
    return t > 0 && t < left ? t : left;
}

/* Player's choice from the phase plan (mcts_plan.c): its next action when
 * one is due, or the first of a new plan when the decision is wide and
 * names several units.  1 with *out set; 0 to search as usual. */
static int by_plan(mcts *m, const gr_game *view, int player, double seconds, gr_action *out)
{
    if (mcts_plan_next(&m->plan, view, player, m->root_legal, m->root_n, out))
        return 1;
    if (m->root_n <= MCTS_PLAN_MIN_OPTIONS)
        return 0;
    mcts_plan_opts o = {m->p.plan, m->p.prune_samples, eval_flags(m),
                        (long)m->p.iterations, plan_seconds(m, seconds)};
    long it = mcts_plan_build(&m->plan, m->work, m->probe, view, player, m->root_legal,
                              m->root_n, m->root_score, &o, &m->rng);
    if (it <= 0)
        return 0;
    m->stats.iterations += (uint64_t)it;
    m->stats.last_iterations = (uint64_t)it;
    return mcts_plan_next(&m->plan, view, player, m->root_legal, m->root_n, out);
}

/* The turn's bookkeeping after a choice that began at `start`. */
static void end_choice(mcts *m, const gr_game *view, int player, double start)
{
    m->turn_spent += ai_now() - start;
    m->turn_choices++;
    m->last_player = player;
    m->last_step = gr_game_step(view) + 1;
}

/* Sets m->widen and m->candidates for view's rule system: the parameters
 * given, else the system's search hints (gr_scenario_search_hints), whose
 * zero means 0 here too (list every action, draw uniformly). */
static void choose_system(mcts *m, const gr_game *view)
{
    gr_search_hints hints = gr_scenario_search_hints(gr_game_scenario(view));
    m->widen = m->p.widen >= 0 ? m->p.widen : hints.widen;
    m->candidates = m->p.candidates >= 0 ? m->p.candidates : hints.candidates;
}

static gr_status mcts_choose(void *priv, gr_rng *rng, const gr_game *view, int player,
                             gr_action *out, gr_error *err)
{
    mcts *m = priv;
    choose_system(m, view);
    double start = ai_now(); /* the turn counts the legal list too */
    int n = gr_game_legal(view, player, m->root_legal, AI_LEGAL_CAP);
    if (n <= 0)
        return ai_fail(err, GR_ERR_STATE, "mcts: no legal action for player %d", player);
    m->stats.last_iterations = m->stats.last_nodes = 0;
    m->matrix_last = 0;
    turn_begin(m, view, player);
    if (n == 1) {
        *out = m->root_legal[0];
        end_choice(m, view, player, start);
        return GR_OK;
    }
    if (ai_work_prepare(&m->work, view) != GR_OK || ai_work_prepare(&m->probe, view) != GR_OK)
        return ai_fail(err, GR_ERR_NOMEM, "mcts: out of memory");
    int simultaneous = ai_secret_rival(m->work, view, player, 0, 0) >= 0;
    /* with reopen, also a rival's hidden committed choice (ARW: the other
     * side's tactic chit): a reopened sample asks him again */
    m->matrix_last = m->matrix && ai_secret_rival(m->work, view, player, 0x72656f70656eull,
                                                  m->p.reopen) >= 0;
    if (m->matrix_last) {
        gr_status st = gr_agent_greedy.choose(m->matrix, rng, view, player, out, err);
        end_choice(m, view, player, start);
        return st;
    }
    m->root_n = n < AI_LEGAL_CAP ? n : AI_LEGAL_CAP;
    m->root_player = player;
    gr_rng_seed(&m->rng, ai_rng_u64(rng), 0x6d637473ull /* "mcts" */);
    double seconds = choice_seconds(m);
    if (!simultaneous && m->p.plan > 0 && by_plan(m, view, player, seconds, out)) {
        end_choice(m, view, player, start);
        return GR_OK;
    }
    if (!simultaneous)
        prune_root(m, view, player, &seconds);
    long it = search(m, view, seconds);
    end_choice(m, view, player, start);
    if (it < 0)
        return ai_fail(err, GR_ERR_STATE, "mcts: the rules refused an action they offered");
    m->stats.iterations += (uint64_t)it;
    m->stats.last_iterations = (uint64_t)it;
    m->stats.last_nodes = (uint64_t)m->tree.nnodes;
    m->stats.tree_full += (uint64_t)m->tree.full;
    double floor = simultaneous ? 1 - m->p.mixed : 0;
    int32_t e = final_choice(m, player, floor);
    if (e == MCTS_NONE)
        return ai_fail(err, GR_ERR_STATE, "mcts: the search found no action");
    *out = m->tree.edge[e].action;
    return GR_OK;
}

static void mcts_stats(const void *priv, gr_agent_stats *out)
{
    const mcts *m = priv;
    out->iterations = m->stats.iterations;
    out->last_iterations = m->stats.last_iterations;
    out->last_nodes = m->stats.last_nodes;
    out->tree_full = m->stats.tree_full;
    out->last_mix_n = 0;
    if (m->matrix_last) /* the last choice was the inner greedy's */
        gr_agent_greedy.stats(m->matrix, out);
}

const gr_agent_kind gr_agent_mcts = {"mcts", mcts_create, mcts_destroy, mcts_choose, mcts_stats};
