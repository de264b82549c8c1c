/* move.h — internals shared by the movement files (move/). */
#ifndef JDG_MOVE_H
#define JDG_MOVE_H

#include <string.h>

#include "rules/jdg/jdg.h"

/* May unit u take a movement-step action now (step, formation, status,
 * commander initiative, one unit at a time)? */
gr_status jdg_may_act(const jdg_data *d, const jdg_state *s, int u, gr_error *why);
/* May u enter the adjacent hex `to` now (forced march or not); *cost gets
 * the half MP it costs, ZOC and pass-through extras included. */
gr_status jdg_step_ok(const jdg_data *d, const jdg_state *s, int u, int to, int forced,
                      int *cost, gr_error *why);
/* What jdg_step_ok has learnt of the hexes for one moving unit u: facts
 * that hold while no other unit moves (enemy and friendly units, squares,
 * ZOC, enemy distance, entry hexes), kept by a path search (path.c). */
typedef struct jdg_facts {
    uint8_t known[JDG_MAX_HEXES];
    uint8_t bits[JDG_MAX_HEXES];
    int u;
    /* 1 (a path search): a hex u could neither end its move in nor go on
     * from is still entered, the search finding for itself whether it
     * goes on (the end of a move is checked by jdg_stop_ok) */
    int search;
} jdg_facts;
/* Starts f for unit u moving in s: the unit facts of every hex at once,
 * the others as they are asked. */
void jdg_facts_init(jdg_facts *f, const jdg_data *d, const jdg_state *s, int u);
/* jdg_step_ok with f: the facts of hexes it asks about are read from f and
 * added to it (f NULL: none kept).  Only while the other units stand still. */
gr_status jdg_step_ok_f(const jdg_data *d, const jdg_state *s, int u, int to, int forced,
                        int *cost, jdg_facts *f, gr_error *why);
/* jdg_allowance on a state. */
int jdg_allow(const jdg_data *d, const jdg_state *s, int u, int forced);
/* Non-zero when a friendly infantry unit of `side` is in hex h. */
int jdg_friendly_infantry_at(const jdg_data *d, const jdg_state *s, int h, int side);
/* Non-zero when a unit in square is in hex h. */
int jdg_square_at(const jdg_data *d, const jdg_state *s, int h);

/* May reinforcement u enter now (forced march or normal)?  *cost gets the
 * half MP its entry hex costs it [R5.2.2-b]. */
gr_status jdg_check_enter(const jdg_data *d, const jdg_state *s, int u, int forced, int *cost,
                          gr_error *why);
/* Applies "release" [R5.2.1-d]. */
gr_status jdg_release_apply(gr_game *g, int u, gr_error *why);
/* Applies "enter". */
gr_status jdg_enter_apply(gr_game *g, int u, int forced, gr_error *why);
/* gr_game_sample's staged draw for player p, whose decision it is: in the
 * movement step with nobody moving, a unit (or the step's other actions)
 * then one of its actions; returns 1 with *out set, 0 elsewhere (rng
 * untouched).  Every action drawn is legal. */
int jdg_move_sample(const gr_game *g, int p, gr_rng *rng, gr_action *out);
/* Appends the enter actions of player p to out (n so far); returns the
 * new count. */
int jdg_enter_legal(const gr_game *g, int p, gr_action *out, int cap, int n);

/* The friends of hex h that u passes through in a retreat, recoil or rout
 * move: each takes a CT (fog +1, night +2), a routed one makes a rout move
 * after u's move [R10.5-a/b]; u's own stack-mates are never passed through
 * [R10.5-c] (rout/retreat.c). */
void jdg_pass_through(gr_game *g, int u, int h);

/* May u leave the map now by the scenario's exit: a unit of the exit side,
 * not routed, able to move, in the exit hex on an exit turn (brief C.11)? */
gr_status jdg_check_exit(const jdg_data *d, const jdg_state *s, int u, gr_error *why);
/* Applies "exit": u leaves the map for good, for the exit's VP. */
gr_status jdg_exit_apply(gr_game *g, int u, gr_error *why);

/* "stop" (end of u's move facing `facing`, or a turn in place) checked in
 * state s: t gets s's units as they would be after it (move.c). */
gr_status jdg_stop_ok(const jdg_data *d, const jdg_state *s, int u, int facing, jdg_state *t,
                      gr_error *why);
/* Applies one "move" / "march" step (forced: march) of u into `to`. */
gr_status jdg_step_apply(gr_game *g, int u, int to, int forced, gr_error *why);
/* Applies "stop" for u with `facing`. */
gr_status jdg_stop_apply(gr_game *g, int u, int facing, gr_error *why);
/* The stops, square, unsquare and exit of unit u (its actions other than
 * entering a hex) appended to out from n; returns the new count. */
int jdg_unit_other_legal(const gr_game *g, int p, int u, gr_action *out, int cap, int n);

/* Where one unit can go in one move (path.c): cheapest costs from its hex
 * by the one-hex steps' own checks (jdg_step_ok), normal move or forced
 * march. */
typedef struct jdg_reach {
    int16_t cost[JDG_MAX_HEXES]; /* half MP on arrival from the start; -1 unreached */
    int16_t prev[JDG_MAX_HEXES]; /* the hex before on the cheapest path          */
    uint8_t keep[JDG_MAX_HEXES]; /* reinforcement status kept on arrival [R5.2.1-d] */
    int16_t hex[JDG_MAX_HEXES];  /* reached hexes (the start first)              */
    int n, start, forced;
} jdg_reach;
/* Fills r with the hexes unit u reaches now in s (forced: by forced march). */
void jdg_reach_fill(const jdg_data *d, const jdg_state *s, int u, int forced, jdg_reach *r);
/* The same, stopping as soon as the cheapest path to `goal` (near 0) or
 * to a hex next to it (near 1) is known: returns that hex, -1 when none
 * is reached (r then complete).  Only the costs and paths of hexes whose
 * search ended are final in r. */
int jdg_reach_goal(const jdg_data *d, const jdg_state *s, int u, int forced, int goal, int near,
                   jdg_reach *r);
/* Applies "move-to" (a whole move: path, then stop). */
gr_status jdg_move_to_apply(gr_game *g, int u, int to, int facing, int forced, gr_error *why);
/* The whole moves of unit u (destinations x facings, normal and forced) appended to
 * out from n; returns the new count. */
int jdg_move_to_legal(const gr_game *g, int p, int u, gr_action *out, int cap, int n);
/* Draws one of unit u's actions (a whole move, a stop, square, unsquare,
 * exit) as the legal list has them: a destination or another action
 * uniformly, then a facing.  Returns 1 with *out set, 0 when u has none. */
int jdg_unit_sample(const gr_game *g, int p, int u, gr_rng *rng, gr_action *out);

#endif
