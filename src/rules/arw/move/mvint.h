/*
 * mvint.h — internal types of the ARW movement code (GR7 stacking in
 * movement, GR8 zones of control, GR9 movement, SR4.1 stacking
 * restrictions, SR4.7 reinforcements, SR4.9 covered way, HS-sr1): the
 * position facts one side's movement needs, the search workspace (in the
 * game's rules scratch, mvscratch.c: nothing is allocated), the
 * profile of a unit about to move, and the functions shared by the
 * movement files.  The phase hooks themselves are declared in move.h.
 *
 * Costs are half movement points (TEC 1½ = 3), as in data/arw/terrain.json.
 */
#ifndef ARW_MVINT_H
#define ARW_MVINT_H

#include "../arw.h"
#include "path.h"

/* Ways a move may go (arw_state.mv_modes; one search per open way). */
enum {
    ARW_MM_NORMAL = 1u << 0,    /* any path within the MA (weather-halved)      */
    ARW_MM_ROAD = 1u << 1,      /* Fog: along roads only, at the full MA        */
    ARW_MM_STRATEGIC = 1u << 2, /* GR9.52: roads only, never adjacent, 2 x MA   */
    ARW_MM_ALL = 7
};
#define ARW_NMODES 3

/* Movement phase flags (arw_state.mv_flags). */
enum {
    ARW_MF_PIN_B = 1u << 0,  /* GR13.1 PIN option B chosen (a pinned unit moved) */
    ARW_MF_ENDING = 1u << 1  /* movement is over: over-stacks, then phase end   */
};

/* Per unit, this movement phase (arw_state.mvu). */
enum {
    ARW_MU_MOVED = 1u << 0,   /* its move has begun (GR9.1-a: one move a phase) */
    ARW_MU_MIXED = 1u << 1,   /* in a forbidden mixed stack at the phase start:
                                 must separate (SR4.1-1b, SR4.1-3b)            */
    ARW_MU_RETREAT = 1u << 2  /* Franco-American stack adjacent to the enemy at
                                 the phase start: retreats 1 hex (SR4.1-1d)    */
};

/* arw_state.rturn of a unit off the map (reinforcement turn). */
#define ARW_RTN_TURN 0x7Fu    /* delayed to this turn (0: the data's turn)     */
#define ARW_RTN_BLOCKED 0x80u /* SR4.7-a: enters at the nearest free hex       */
#define ARW_RTN_NEVER 0x7Fu   /* SR4.7-c: lost, never enters                   */

/* Arrival-turn modifiers (arw_state.arr; bits 4-7: half MP already paid). */
enum {
    ARW_AR_BONUS = 1u << 0,    /* SR4.7-f V-1: + the entry's MP bonus (+2)       */
    ARW_AR_ART_X2 = 1u << 1,   /* SR4.7-f: artillery doubles its MA              */
    ARW_AR_NO_STRAT = 1u << 2, /* SR4.7-b: no strategic movement                 */
    ARW_AR_ONE_HEX = 1u << 3   /* SR4.7-e: one hex only                          */
};
#define ARW_AR_PAID(a) ((a) >> 4)

/* Facts about one hex for the moving side (arw_mvmap.info). */
enum {
    ARW_HI_ENEMY = 1u << 0,     /* enemy combat units                            */
    ARW_HI_ENEMY_LDR = 1u << 1, /* enemy leaders and no enemy combat unit        */
    ARW_HI_ZOC = 1u << 2,       /* enemy ZOC (GR8.1)                             */
    ARW_HI_ADJ = 1u << 3,       /* adjacent to an enemy combat unit              */
    ARW_HI_ADJ_PIN = 1u << 4,   /* adjacent to an enemy pinned unit              */
    ARW_HI_RIFLE = 1u << 5,     /* in the ZOC of an enemy rifle unit             */
    ARW_HI_FRIEND = 1u << 6     /* friendly units (sp, art, nat may be non-zero) */
};

/* SR4.1 classes of the units in a hex (arw_mvmap.nat). */
enum {
    ARW_NAT_FRENCH = 1u << 0,   /* French combat unit                             */
    ARW_NAT_AMERICAN = 1u << 1, /* American combat unit other than Pulaski's      */
    ARW_NAT_FR_REG = 1u << 2,   /* French regular, not artillery                  */
    ARW_NAT_FR_COLMIL = 1u << 3,/* French colonial militia                        */
    ARW_NAT_NEGRO = 1u << 4,    /* the Negro Volunteers                           */
    ARW_NAT_SOUTHERN = 1u << 5, /* southern provincials and Tory militia          */
    ARW_NAT_HUGER = 1u << 6,    /* a leader who stacks only with American militia
                                   and artillery (Huger, SR4.18)                 */
    ARW_NAT_NOT_HUGER = 1u << 7 /* a combat unit he may not stack with            */
};

#define ARW_MAX_RIFLES 16

/* The position as the moving side sees it (arw_mvmap_build). */
typedef struct arw_mvmap {
    int side;                            /* moving side                        */
    int nrifle;                          /* enemy rifle units exerting ZOC      */
    int16_t rifle[ARW_MAX_RIFLES];       /* ... their hexes                     */
    uint8_t info[ARW_MAX_MAP_HEXES];     /* ARW_HI_*                            */
    uint8_t sp[ARW_MAX_MAP_HEXES];       /* friendly non-artillery SP           */
    uint8_t art[ARW_MAX_MAP_HEXES];      /* friendly artillery units            */
    uint8_t nat[ARW_MAX_MAP_HEXES];      /* ARW_NAT_* of the friendly units     */
    /* What the facts were built from, so that the next build for the same
     * side keeps the enemy facts when the enemy part of the position is
     * all the same, and works the friendly facts out again only in the
     * hexes friendly units left or entered (mvfacts.c):                  */
    int esnap;                           /* 1: the record below is complete    */
    uint32_t edit_gen;                   /* arw_data.edit_gen                  */
    int nunits;                          /* arw_data.nunits                    */
    int naround;
    int16_t around[6 * ARW_MAX_UNITS];   /* the hexes next to the enemy stacks
                                            (each once)                        */
    arw_unit unit[ARW_MAX_UNITS];        /* the state's units at the build     */
} arw_mvmap;

/* The movement workspace (mvscratch.c): the position facts and one
 * path-search workspace per way, kept in the game's rules scratch. */
typedef struct arw_scratch arw_scratch;
typedef struct arw_mvwork {
    int *cost;       /* the way last searched or selected: w->cost[h], ...   */
    int *prev;
    int *order;
    uint8_t *mark;   /* [nhex] for the callers (zero it before use)          */
    arw_mvmap *map;  /* the position facts of the moving side                */
    arw_scratch *sc;
} arw_mvwork;

/* Rules that shape a unit's move (arw_mvunit.rules). */
enum {
    ARW_MR_ONE_HEX = 1u << 0,     /* every hex entered ends the move (GR13.3-a,
                                     SR4.7-e)                                   */
    ARW_MR_NO_ADJ = 1u << 1,      /* may not enter a hex adjacent to the enemy
                                     (GR13.3-a)                                 */
    ARW_MR_MIN_ADJ = 1u << 2,     /* disrupted next to the enemy: must get away
                                     from as many enemy units as it can        */
    ARW_MR_END_NO_ADJ = 1u << 3,  /* pinned: ends not adjacent (GR9.2)          */
    ARW_MR_END_NO_PIN = 1u << 4,  /* PIN option B: not next to enemy pinned     */
    ARW_MR_CAPTURE = 1u << 5,     /* may enter lone enemy leaders (GR14.32)     */
    ARW_MR_MIN_MOVE = 1u << 6,    /* the one-hex minimum applies (GR9.1-d)      */
    ARW_MR_CREEK = 1u << 7,       /* never into the perimeter (SR4.8-b)         */
    ARW_MR_RETREAT = 1u << 8,     /* moves like a 1-hex retreat (SR4.1-1d)      */
    ARW_MR_RETURN = 1u << 9,      /* HS-sr1: back toward its starting hex: only
                                     the reachable hexes nearest to it        */
    /* rules whose destinations are a filter of the whole list */
    ARW_MR_FILTERED = ARW_MR_MIN_ADJ | ARW_MR_RETREAT | ARW_MR_RETURN
};

/* A unit about to move (or going on with its move). */
typedef struct arw_mvunit {
    int u;
    int hex;                 /* where it is now                                */
    int fresh;               /* 1: its move starts here; 0: it goes on         */
    int spent;               /* half MP spent so far                           */
    unsigned modes;          /* ARW_MM_* still open                            */
    int budget[ARW_NMODES];  /* allowance of each mode, half MP                */
    unsigned rules;          /* ARW_MR_*                                       */
    int sp, art;             /* what it adds to a stack                        */
    uint8_t nat_pass;        /* ARW_NAT_* it may not pass through (SR4.1-2a)   */
    uint8_t nat_end;         /* ARW_NAT_* it may not end with (SR4.1)          */
    uint8_t what_if;         /* 1: a what-if profile (arw_mv_profile)          */
} arw_mvunit;

/* ---------------------------------------------------------------- movecost.c */

/* Non-zero when the step from `from` into adjacent `to` (direction `dir` of
 * `from`) follows a road (GR9.51-a): a road hexside, or two intact
 * road-connected hexes (TEC notes 1 and 2). */
int arw_road_step(const gr_game *g, int from, int to, int dir);
/* Cost in half MP for unit u to step from `from` into `to` (direction
 * `dir` of `from`): TEC hex and hexside costs, cumulative, with the
 * combined types of note 4, roads (GR9.51-a), breaches (note 6), friendly
 * fieldworks free (note 8, AMB-52), the covered way (SR4.9-a/b), Creeks in
 * swamp (note 12); -1 when prohibited.  Stacking, ZOC and enemy units are
 * not considered. */
int arw_move_cost(const gr_game *g, int u, int from, int to, int dir);
/* arw_move_cost that also tells whether the step follows a road. */
int arw_move_cost_road(const gr_game *g, int u, int from, int to, int dir, int *road);
/* Movement key of a unit (arw_map.mvcost): class, side, Creek. */
int arw_mv_key(const arw_unit_def *x);
/* Unit u's table of static step costs (ARW_MVC_*), or NULL. */
const uint8_t *arw_mvcost_table(const arw_data *d, int u);
/* The least any step may cost unit u (half MP, >= 0) whatever the state:
 * a road step, or entering the cheapest hex type it may enter (hexside
 * costs and rifle ZOCs only add); gr_path_params.min_step. */
int arw_min_step_cost(const arw_data *d, int u);
/* The side types a breach may cancel (fieldworks and the abatis): a step
 * into a hex whose side has none of them costs its arw_map.mvcost entry
 * while only partial breaches are in force (Cards 25, 34). */
unsigned arw_breachable_types(const arw_data *d);
/* SR4.1 classes unit u may never be stacked with at the end of movement
 * (arw_data.unit_nat_end, kept by arw_data_derive). */
static inline unsigned arw_nat_end_bad(const arw_data *d, int u)
{
    return d->unit_nat_end[u];
}
/* SR4.1-2a classes unit u may not even move through (arw_data.unit_nat_pass). */
static inline unsigned arw_nat_pass_bad(const arw_data *d, int u)
{
    return d->unit_nat_pass[u];
}

/* ---------------------------------------------------------------- mvfacts.c */

/* Builds the position facts for `side`'s movement into m (a zeroed one, or
 * the last build: its enemy facts are kept when the enemy units, their
 * markers and the hexes around them are as they were then, and only the
 * hexes friendly units left or entered since are worked out again). */
void arw_mvmap_build(const gr_game *g, int side, arw_mvmap *m);

/* ---------------------------------------------------------------- mvsearch.c */

/* Runs the search of mode `mode` (one ARW_MM_* bit) for p (or finds it
 * kept in w).  Returns the number of destinations in w->order[1..n]
 * (order[0] is p->hex), or 0 when the mode is closed; w->cost and w->prev
 * describe the paths. */
int arw_mv_search(const gr_game *g, const arw_mvunit *p, int mode, arw_mvwork *w);
/* Calls visit(ctx, hex, mode, cost) for every destination of p in every
 * open mode (a hex may come once per mode).  Returns the number of calls. */
int arw_mv_each(const gr_game *g, const arw_mvunit *p, arw_mvwork *w,
                void (*visit)(void *ctx, int hex, int mode, int cost), void *ctx);
/* Non-zero when hex h is a destination of p in mode `mode`.  One search,
 * which stops once h is settled (unless a rule filters the whole list:
 * GR13.3-a, SR4.1-1d; none when w keeps p's full search of that way);
 * w->cost[h] and the w->prev chain from h are then those of
 * arw_mv_search, in the way's arrays (selected in w). */
int arw_mv_reaches(const gr_game *g, const arw_mvunit *p, int mode, arw_mvwork *w, int h);
/* A lower bound of the number of p's destinations, at most `upto`, from
 * the adjacent hexes alone (no search): 0 also when a rule filters the
 * whole list (GR13.3-a, SR4.1-1d). */
int arw_mv_quick_dests(const gr_game *g, const arw_mvunit *p, arw_mvwork *w, int upto);
/* Number of enemy combat units adjacent to hex h (for `side`). */
int arw_enemies_adjacent(const gr_game *g, int h, int side);

/* ---------------------------------------------------------------- mvscratch.c */

/* Readies w for `side`'s searches in this position: the position facts
 * (kept ones when they are this position's, else arw_mvmap_build) and the
 * way workspaces of g's scratch.  One workspace per game: what a search
 * leaves in it lasts until the next search of the same way. */
void arw_mvwork_begin(const gr_game *g, int side, arw_mvwork *w);
/* Selects the arrays of way mi (0 normal, 1 roads, 2 strategic) into
 * w->cost, w->prev, w->order; with pw, also fills pw for a new search in
 * them (the search they kept is forgotten). */
void arw_mvwork_way(arw_mvwork *w, int mi, gr_path_work *pw);
/* arw_mv_search's result when way mi holds p's full search, else -1. */
int arw_mvwork_kept(const arw_mvwork *w, int mi, const arw_mvunit *p);
/* Way mi now holds p's full search with result n (kept only while the
 * facts are kept). */
void arw_mvwork_keep(arw_mvwork *w, int mi, const arw_mvunit *p, int n);
/* arw_min_step_cost of unit u, worked out once per class and Creek. */
int arw_mvwork_least(const arw_mvwork *w, const gr_game *g, int u);
/* 1 with unit u's profile in p when a way of w keeps a full search of u
 * made for a move (not a what-if question) in the state as it stands (the
 * profile arw_mv_profile gives it now), else 0. */
int arw_mvwork_kept_unit(const arw_mvwork *w, int u, arw_mvunit *p);

/* ---------------------------------------------------------------- mvunit.c */

/* May unit u move now (or go on with its move)?  Fills p; otherwise refuses
 * citing the rule.  err may be NULL.  what_if: a question about any unit on
 * the map (the range query), whose side, phase and earlier moves do not
 * matter. */
gr_status arw_mv_profile(const gr_game *g, const arw_mvmap *m, int u, arw_mvunit *p,
                         int what_if, gr_error *err);
/* The unit whose move is in progress (GR9.1-a), or ARW_NO_UNIT. */
int arw_mover(const gr_game *g);
/* Non-zero when unit u arrived as a reinforcement in this game turn. */
int arw_arrived_now(const gr_game *g, int u);

/* ---------------------------------------------------------------- movement.c */

/* GR13.1 PIN (B): non-zero when pinned unit u may no longer move because a
 * friendly unit has moved next to the enemy's pinned units. */
int arw_pin_b_blocked(const gr_game *g, const arw_mvmap *m, int u);
/* end-movement: GR_OK when every obligation that can still be met has been
 * (w readied by arw_mvwork_begin for the active side). */
gr_status arw_end_check(const gr_game *g, arw_mvwork *w, gr_error *err);

/* ---------------------------------------------------------------- coveredway.c */

/* SR4.9-e: the units of p's starting stack that move with it when its path
 * (path[0..len), path[0] = p->hex) runs along the covered way: each
 * unmoved friendly unit there able to take the same path within its own
 * allowance and the stacking limits.  Returns their number (into group). */
int arw_cw_group(const gr_game *g, const arw_mvmap *m, const arw_mvunit *p, const int *path,
                 int len, int *group, int cap);
/* Unit u (and its group) entered hex h: the covered-way roll (SR4.9-d) or
 * leaving it (SR4.9-h).  Returns 1 when they got Lost. */
int arw_cw_enter(gr_game *g, int u, const int *group, int ng, int h);

/* ---------------------------------------------------------------- mvexec.c */

/* Moves p's unit to hex `to` (a destination): chooses the way, walks the
 * path (lone enemy leaders captured, covered-way rolls, the stack moving
 * with it along the covered way) and updates the mover record. */
void arw_mv_walk(gr_game *g, const arw_mvunit *p, int to, arw_mvwork *w);
/* The way p's move to `to` takes (the open way that reaches it leaving the
 * most allowance; ties: strategic, roads, normal), or 0 when `to` is not a
 * destination; *in_w is set when w holds that way's search. */
int arw_mv_way(const gr_game *g, const arw_mvunit *p, int to, arw_mvwork *w, int *in_w);
/* arw_mv_walk along way `mode` (arw_mv_way; in_w: w holds its search). */
void arw_mv_walk_way(gr_game *g, const arw_mvunit *p, int to, int mode, int in_w,
                     arw_mvwork *w);

/* ---------------------------------------------------------------- stacking.c */

/* Marks the active side's units in forbidden mixed stacks (SR4.1) at the
 * start of the movement phase. */
void arw_mark_mixed(gr_game *g);
/* Non-zero when hex h holds units of two SR4.1 classes that may not end a
 * movement phase together. */
int arw_hex_mixed(const gr_game *g, int h);
/* First hex over the stacking limit that must be dealt with now (GR7.3,
 * SR4.7-d), or -1; *owner gets the side that decides. */
int arw_overstack_find(const gr_game *g, int *owner);
/* Non-zero when hex h is over the stacking limit of `side`. */
int arw_hex_overstacked(const gr_game *g, int h, int side);
/* Goes on after the movement stages (entry, movement, over-stacks): the
 * next stage, or the end of the phase. */
void arw_movement_next(gr_game *g);
gr_status arw_overstack_check(const gr_game *g, const gr_action *a, gr_error *err);
void arw_overstack_exec(gr_game *g, const gr_action *a);
int arw_overstack_legal(const gr_game *g, int side, gr_action *out, int cap);

/* ---------------------------------------------------------------- reinforce.c */

/* Places the active side's reinforcements due now (GR9.61-a, SR4.7) when
 * the current phase is the one that places them (the Reinforcement phase,
 * or the Movement phase of a scenario without one); returns 1 when a
 * placement waits for the owner's choice (stage ARW_ST_ENTRY), else 0. */
int arw_reinforce_place(gr_game *g);
gr_status arw_entry_check(const gr_game *g, const gr_action *a, gr_error *err);
void arw_entry_exec(gr_game *g, const gr_action *a);
int arw_entry_legal(const gr_game *g, int side, gr_action *out, int cap);

#endif
