/*
 * boc.h — internal types of the Badges of Courage (Gettysburg) rule module:
 * the immutable scenario data (terrain tables, unit types, order of battle,
 * the hex map), the game state, and the prototypes shared by the module's
 * files.  Spec: shared/rules/boc-gettysburg.md (ids such as R5.24-c).
 *
 * Organisation (one responsibility per file):
 *   ops.c    the gr_rules table, schemas, init, pending/legal/apply dispatch
 *   load.c   tables, order of battle and scenario from JSON (jv)
 *   loadmap.c the hex map from JSON (terrain rows, slopes, streams, roads)
 *   board.c  map helpers: labels, hexside features, occupancy, control
 *   edit.c   scenario edit lines and game setup lines
 *   fire/fire.c the Fire Phase: eligibility, firepower, legal fire actions
 *   fire/hits.c hit allocation, Double Defense, Repulse, elimination
 *   fire/los.c artillery cone of fire and line of sight (R5.31, R5.33)
 *   melee/    declarations, rounds and Combat Turns, retreats, Regroup (R7)
 *   turn/     the sequence of play (flow.c) and the clock (clock.c)
 *   fog.c    hidden information: reveal/hide, mask, determinize
 *   query.c  queries; describe.c readable text; sanity.c invariants
 *
 * Scope: this is the engine foundation.  The state is laid out for the whole
 * game (HQ command, movement, melee rounds, supply, night, victory points);
 * the rules implemented so far are the Fire Phase (R5.x) with fog of war.
 * Phases not yet implemented pass without decisions (see docs/boc.md).
 */
#ifndef BOC_H
#define BOC_H

#include <stdint.h>

#include "gr_internal.h"
#include "hex.h"

/* ------------------------------------------------------------------ limits */

#define BOC_MAX_HEXES 400   /* the provisional map has 14 x 22 = 308       */
#define BOC_MAX_UNITS 200   /* the provisional order of battle has 179     */
#define BOC_MAX_VP_HEXES 32
#define BOC_MAX_ENTRIES 16
#define BOC_ID_LEN 24
#define BOC_NAME_LEN 48
#define BOC_GROUP_LEN 12

/* Players (R0, spec preamble: USA and CSA). */
enum { BOC_USA = 0, BOC_CSA = 1, BOC_NSIDES = 2 };

/* ------------------------------------------------------------------ tables */

/* Hexside terrain kinds; the numbers of each are data (terrain.json). */
enum {
    BOC_HS_CLEAR = 0,
    BOC_HS_WOODS,
    BOC_HS_ORCHARD,
    BOC_HS_TOWN,
    BOC_HS_MARSH,
    BOC_HS_CREEK,
    BOC_HS_RIVER,
    BOC_HS_RIDGE,
    BOC_HS_HILL,
    BOC_NHS
};

typedef struct boc_hs_effect {
    int8_t move_add;    /* MP added to the base 2 (R6.4-c)                */
    int8_t fire;        /* fire penalty across it (R5.22-a), <= 0         */
    int8_t melee;       /* melee penalty (R7.3-b), <= 0                   */
    uint8_t uphill_only;/* slopes count only uphill (R2.2-p)              */
} boc_hs_effect;

/* Hex terrain kinds (terrain.json "hex_terrain"). */
#define BOC_MAX_TERRAIN 8
typedef struct boc_terrain {
    char code;           /* map letter: C W O T M D                        */
    char name[15];
    int8_t stacking;     /* blocks per side (R6.2-a)                       */
    uint8_t d2;          /* Double Defense (R5.24-a)                       */
    uint8_t blocks_los;  /* LOS obstacle as an intermediate hex (R5.33-b)  */
    uint8_t edge;        /* BOC_HS_* cover its hexsides carry, or CLEAR    */
} boc_terrain;

/* Unit types (units.json); the order is fixed by the code. */
enum {
    BOC_T_INF = 0,
    BOC_T_CAV,
    BOC_T_ART,
    BOC_T_HORSE_ART,
    BOC_T_DHQ,
    BOC_T_CHQ,
    BOC_T_AHQ,
    BOC_T_ART_HQ,
    BOC_T_CAV_CHQ,
    BOC_T_CAV_DHQ,
    BOC_NTYPES
};

typedef struct boc_utype {
    int8_t movement;     /* MP allowance (R3.2x, D.2)                      */
    int8_t fire_range;   /* 0: cannot fire; 1 adjacent; 3 artillery       */
    uint8_t artillery, hq, melee_attack, cavalry;
} boc_utype;

/* One block of the order of battle (static). */
enum {
    BOC_B_NO_COMMAND = 1,  /* fires and melees without command (R3.31-a)   */
    BOC_B_ASSET = 2,       /* corps asset (R4.4-a)                          */
    BOC_B_SUCCESSOR = 4    /* the corps's senior DHQ, in italics (R4.61-d)  */
};
typedef struct boc_block {
    char id[BOC_ID_LEN];
    char name[BOC_NAME_LEN];
    char corps[BOC_GROUP_LEN];
    char division[BOC_GROUP_LEN];
    uint8_t side, type, flags, max;  /* max strength 1..4 (R3.11-b)         */
    char morale;                     /* 'A'..'D' (R3.12-a)                  */
    int8_t fp;                       /* firepower; artillery short range    */
    int8_t fp_long;                  /* artillery long range, else 0        */
    int8_t melee_fp;                 /* melee override (Berdan A1) or -1    */
    int8_t range;                    /* HQ Command Range = Supply value     */
    int8_t seniority;                /* CHQs: 1 the most senior (D.6), or 0 */
} boc_block;

/* Per-hex static data. */
typedef struct boc_hexdata {
    uint8_t terrain;     /* index into sd->terrain                         */
    int8_t level;        /* ground level 0..2 (R2.3-b)                     */
    int8_t stacking;     /* limit: terrain default or a special hex        */
    uint8_t stack_fixed; /* stacking set by the map, not by the terrain    */
    int8_t los_level[6]; /* ground level seen through side d (R2.3-d)      */
} boc_hexdata;

/* Features of one hexside, stored for each of its two hexes. */
enum { BOC_ROAD_NONE = 0, BOC_ROAD_MAIN, BOC_ROAD_SECONDARY, BOC_ROAD_RAIL };
typedef struct boc_sidedata {
    uint8_t cover;       /* BOC_HS_CLEAR/WOODS/ORCHARD/TOWN/MARSH          */
    uint8_t cover_fixed; /* set explicitly: not derived from the hexes     */
    uint8_t water;       /* 0, BOC_HS_CREEK or BOC_HS_RIVER                */
    int8_t slope;        /* +1 ridge up, +2 hill up (crossing from this
                            hex into the neighbour), -1/-2 down, 0 none    */
    uint8_t road;        /* BOC_ROAD_*                                      */
} boc_sidedata;

typedef struct boc_vphex {
    int16_t hex;
    int8_t vp;
    uint8_t day1_only;
} boc_vphex;

/* A scheduled reinforcement (R6.7-a, data brief 2.2): it may enter in its
 * owner's Movement Phase of that hour or later (R6.7-h). */
#define BOC_NIGHT_HOUR 24 /* an arrival of the Night Turn after its day   */
typedef struct boc_arrival {
    uint8_t day;         /* 0: none; 1..3                                  */
    int8_t hour;         /* the Game Turn hh:00, or BOC_NIGHT_HOUR         */
    int16_t entry;       /* entry hex (R6.7-b)                             */
} boc_arrival;

typedef struct boc_setup {
    int16_t hex;         /* starting hex, BOC_LOC_OUT, or BOC_LOC_ELIM: a
                          * leader fallen before the scenario             */
    int8_t str;
    uint8_t revealed;
    uint8_t activated;   /* HQ activated before the scenario opens          */
} boc_setup;

/* One day of the scenario's clock: Game Turns first_hour..last_hour. */
#define BOC_MAX_DAYS 3
typedef struct boc_day {
    uint8_t day;         /* 1..3 (R0-b): which VP hexes count (R9.1-b)     */
    int8_t first_hour, last_hour; /* 0..23; a turn hh is hh:00-hh+1:00     */
} boc_day;

/* Everything loaded for one scenario; immutable once games exist. */
typedef struct boc_sdata {
    boc_terrain terrain[BOC_MAX_TERRAIN];
    int nterrain;
    uint8_t edge_rank[BOC_NHS];  /* edge_priority: higher wins              */
    boc_hs_effect hs[BOC_NHS];
    int8_t base_move, road_cost[4], art_factor;
    int8_t tree_height, max_height;
    boc_utype utype[BOC_NTYPES];
    int8_t long_range_from;  /* artillery long range starts here (R5.31-c) */
    int8_t die_sides;        /* d6 (RA4-a)                                 */
    /* melee (units.json "melee"): artillery defends at art_fp1 in Round 1
     * and at art_fp_later after it, Horse Artillery too after Round 1
     * (R7.4-b/c); cavalry modifiers of Round 1 (R7.6-a); the rounds of a
     * melee and of an Unsupported Melee (R7.2-a, R7.8-b) */
    int8_t art_fp1, art_fp_later, cav_attack, cav_defend;
    int8_t rounds, unsupported_rounds;

    gr_grid grid;
    int nhex;
    int16_t nbr[BOC_MAX_HEXES * 6];   /* neighbour of hex in dir, -1 off map */
    gr_hex coord[BOC_MAX_HEXES];      /* axial coordinates of each hex        */
    boc_hexdata hex[BOC_MAX_HEXES];
    boc_sidedata side[BOC_MAX_HEXES * 6];   /* [hex * 6 + dir]              */
    char map_name[64];

    int nblock;
    boc_block block[BOC_MAX_UNITS];
    boc_setup setup[BOC_MAX_UNITS];
    boc_arrival arrival[BOC_MAX_UNITS];
    int16_t eval_hq[BOC_MAX_UNITS]; /* the first HQ that commands it, or -1
                                       (evaluate.c; boc_eval_prepare)     */

    int nvp;
    boc_vphex vphex[BOC_MAX_VP_HEXES];
    int nentry;
    int16_t entry[BOC_MAX_ENTRIES];
    int16_t night_supply[BOC_NSIDES];
    int16_t switch_hex;              /* Cemetery Hill road switch (R2.2-n) */
    uint8_t switch_a, switch_b;      /* its hexsides on one road and on the
                                        other (bit d: direction d)         */
    int8_t switch_mp;                /* MP from one to the other; 0: none  */
    int8_t night_sp[BOC_NSIDES];     /* Night Supply pools (R8.4-a)        */
    int8_t sp_cost, sp_cost_front;   /* SP per step: 1, 2 front-line (R8.3-c)*/
    /* the Hancock Option (S-Hancock): his block, his entry hex (Taneytown
     * Road) and the hours after a CHQ's fall; unit -1: not offered */
    int16_t hancock_unit, hancock_entry;
    int8_t hancock_delay;

    /* scenario: the clock (B.2, data brief 3.0) */
    uint8_t first_player;    /* fixed order: who goes first (R1.1-c)       */
    uint8_t fixed_order;     /* the scenario fixes the order (R1.1-c)      */
    uint8_t start_fire;      /* the first Player Turn opens at its Fire
                                Phase (its Command Phase is in the set-up) */
    uint8_t column_line;     /* the optional Column/Line rule is in use by
                                default (scenario key "column_line",
                                S-ColumnLine); the game option overrides */
    uint8_t free_deploy;     /* the optional Free Deployment is in use by
                                default (scenario key "free_deployment",
                                R0-c; data brief 3.0); the option overrides */
    int16_t player_turns;    /* 0, or Player Turns before the game ends    */
    int8_t night_road;       /* night arrivals: road hexes from the entry  */
    int ndays;
    boc_day days[BOC_MAX_DAYS]; /* the days played, in order               */
    int8_t csa_wins_at;      /* CSA VP >= this: CSA victory (R9.1-e)       */
    int8_t usa_wins_at;      /* CSA VP <= this: USA victory                */
    int8_t sudden_death;     /* optional: CSA VP >= this at the end of a day
                                before the last ends the game, 0 none
                                (data brief 3.4 [DESIGN])                  */
} boc_sdata;

/* ------------------------------------------------------------------ state */

/* Where a unit is when not on a map hex (unit.hex >= 0 is a map hex). */
enum {
    BOC_LOC_OUT = -1,   /* not in play: not yet arrived, or unused         */
    BOC_LOC_ELIM = -2,  /* eliminated (public, RA3-d)                      */
    BOC_LOC_LEFT = -3   /* left the map (R2.4); BOC_LEFT_AT(h): left the
                           map from edge hex h, public, for the return   */
};
#define BOC_LEFT_AT(h) (BOC_LOC_LEFT - 1 - (h))
/* Non-zero when location `hex` is off the map after leaving it. */
static inline int boc_is_left(int hex) { return hex <= BOC_LOC_LEFT; }
/* The edge hex a unit left the map from, or -1. */
static inline int boc_left_from(int hex) { return hex < BOC_LOC_LEFT ? BOC_LOC_LEFT - 1 - hex : -1; }

/* Unit flags. */
enum {
    BOC_U_REVEALED = 1 << 0,  /* face-up: the opponent sees it (RA3-c)      */
    BOC_U_HALF = 1 << 1,      /* holds a half-hit (R5.24-b)                 */
    BOC_U_FIRED = 1 << 2,     /* fired this Player Turn (R5.1-g)            */
    BOC_U_CMD = 1 << 3,       /* under command this Player Turn (R4.3-c)    */
    BOC_U_ANON = 1 << 4,      /* VIEW ONLY: an enemy block whose identity is
                                 unknown; this slot's id means nothing      */
    BOC_U_ACT_CMD = 1 << 5,   /* HQ activated in the Command Phase (R4.3-e) */
    BOC_U_ACT_SUP = 1 << 6,   /* HQ activated for supply (R8.1-c)           */
    BOC_U_MOVED = 1 << 7,     /* moved this Movement Phase (R6.1-d)         */
    BOC_U_COLUMN = 1 << 8,    /* Column formation (S-ColumnLine)            */
    BOC_U_DISORG = 1 << 9,    /* left the map today (R2.4-b)                */
    BOC_U_SUPPLIED = 1 << 10, /* gained a step this Supply Phase (R8.3-d)   */
    BOC_U_ACTED = 1 << 11,    /* had its Combat Turn this melee round
                                 (R7.2-b), or regrouped (R7.9)             */
    BOC_U_FORMED = 1 << 12,   /* changed formation this Movement Phase
                                 (S-CL-b; once a phase, move/column.c)     */
    BOC_U_DEPLOYED = 1 << 13  /* moved in the Free Deployment (R0-c; public:
                                 the opponent saw which block moved)       */
};
/* Flags the opponent sees on a hidden block (kept by the mask). */
#define BOC_U_PUBLIC                                                                              \
    (BOC_U_HALF | BOC_U_FIRED | BOC_U_MOVED | BOC_U_COLUMN | BOC_U_DISORG | BOC_U_ACTED |          \
     BOC_U_DEPLOYED)

typedef struct boc_unit {
    int16_t hex;         /* map index or BOC_LOC_*                         */
    int8_t str;          /* current strength (R3.11-a); 0 only for HQs     */
    int8_t start;        /* strength when it entered play (public)         */
    uint16_t flags;      /* BOC_U_*                                        */
    int8_t mp;           /* MP spent this Movement Phase (later)           */
    int8_t mdir;         /* an attacker: 1 + the side of the melee hex it
                            attacked across (R7.7-a), public; else 0      */
    int8_t rb;           /* steps rebuilt while hidden from the enemy since
                            it was last face-up (fog.c)                    */
    int8_t pad_;
    int16_t seen;        /* 1 + the hex where the enemy last knew it stood
                            (set-up, face-down again, entry), 0 unknown;
                            public, it bounds determinize (fog.c)          */
    int16_t seen_pt;     /* turns_done at that moment                      */
} boc_unit;

/* Phases (R1.2-a) and the decisions the engine waits for. */
enum {
    BOC_PH_COMMAND = 0,
    BOC_PH_FIRE,
    BOC_PH_MOVEMENT,
    BOC_PH_MELEE,
    BOC_PH_SUPPLY,
    BOC_PH_NIGHT,
    BOC_PH_OVER,
    BOC_PH_DEPLOY,        /* the optional Free Deployment, before Game Turn 1 */
    BOC_NPHASES
};
enum {
    BOC_DEC_COMMAND = 0,  /* active player: activate an HQ or end (R4.3)   */
    BOC_DEC_FIRE,         /* active player: fire a unit or end the phase   */
    BOC_DEC_ALLOCATE,     /* defender: which block takes the hit (R5.23-c) */
    BOC_DEC_REPULSE,      /* defender: where a repulsed block goes (R5.32) */
    BOC_DEC_MOVE,         /* active player: move a unit or end (R6.1)      */
    BOC_DEC_OVERSTACK,    /* owner: which block an overstack kills (R6.2-d)*/
    BOC_DEC_OVER,
    BOC_DEC_MELEE,        /* active player: which melee to resolve (R7.1-g)*/
    BOC_DEC_COMBAT,       /* a unit's Combat Turn: melee or retreat (R7.2-b)*/
    BOC_DEC_REGROUP,      /* the winner of a melee regroups (R7.9)         */
    BOC_DEC_SUPPLY,       /* active player: supply (R8.1-b, R8.4)          */
    BOC_DEC_ARRIVE,       /* Night Turn: the owner places a night arrival
                             (data brief 3.0 step 2; move/offmap.c)       */
    BOC_DEC_DEPLOY,       /* Free Deployment: move a block or end (R0-c)   */
    BOC_NDECISIONS
};
/* The initiative game option (R1.1-b/c); SCENARIO: as the scenario says. */
enum { BOC_ORDER_SCENARIO = 0, BOC_ORDER_FIXED, BOC_ORDER_RANDOM };
/* Steps of the sequence of play (turn/flow.c): where the flow resumes. */
enum {
    BOC_ST_GAME_TURN = 0, /* initiative, then Player 1's turn (B.2)         */
    BOC_ST_PLAYER_TURN,   /* P0 snapshot, the Command Phase opens           */
    BOC_ST_COMMAND_STACK, /* end of the Command Phase: stacking (R6.2-d)    */
    BOC_ST_FIRE,          /* C2 command worked out; the Fire Phase opens    */
    BOC_ST_FIRE_STACK,    /* F2 half-hits cleared; F3 stacking              */
    BOC_ST_MOVEMENT,      /* the Movement Phase opens                       */
    BOC_ST_MOVE_STACK,    /* M3 front-line artillery revealed; M4 stacking  */
    BOC_ST_MELEE,         /* the Melee Phase opens                          */
    BOC_ST_MELEE_FIGHT,   /* X1 the declared melees, one hex at a time      */
    BOC_ST_MELEE_STACK,   /* X2 stacking                                    */
    BOC_ST_MELEE_END,     /* X3 activated HQs lose a step (R4.3-e)          */
    BOC_ST_SUPPLY,        /* S1 stand-up; S2 fallen DHQs return             */
    BOC_ST_SUPPLY_HQS,    /* S3 HQs activated for supply                    */
    BOC_ST_SUPPLY_STACK,  /* S4 stacking                                    */
    BOC_ST_PLAYER_END,    /* E1-E2; next Player Turn or end of Game Turn    */
    BOC_ST_NIGHT,         /* B.4: night reinforcements, disorganisation ends*/
    BOC_ST_NIGHT_ARRIVE,  /* B.4 step 2: night arrivals placed, CSA then USA*/
    BOC_ST_NIGHT_SUPPLY,  /* B.4 step 3: Night Supply, CSA then USA (R8.4)  */
    BOC_ST_NIGHT_END,     /* the next day begins                            */
    BOC_ST_DEPLOY_CSA,    /* Free Deployment (R0-c): the CSA first, ...     */
    BOC_ST_DEPLOY_USA,    /* ... then the USA (data brief 3.0)              */
    BOC_ST_DEPLOY_END,    /* its marks cleared; Game Turn 1 begins          */
    BOC_NSTEPS
};
enum { BOC_OUT_USA = 0, BOC_OUT_DRAW, BOC_OUT_CSA };

/* The fire being resolved (R5.23-e: hits are applied one at a time). */
typedef struct boc_fire {
    int16_t firer;       /* unit, or GR_NONE                               */
    int16_t hex;         /* target hex                                     */
    int16_t at;          /* revealed artillery singled out (R5.31-h)       */
    int16_t repulse;     /* unit being repulsed, or GR_NONE; hidden from
                            the firer's view (fog.c)                       */
    int8_t hits;         /* hits still to apply                            */
    uint8_t long_range;  /* Repulse applies (R5.32-a)                      */
    uint8_t melee;       /* melee hits: no Double Defense, HQs last (R7.2-e)*/
    uint8_t side;        /* the side taking the hits (it decides ties)     */
} boc_fire;

/* A hex's melee this Player Turn (R7.1, R7.8). */
enum { BOC_MEL_NONE = 0, BOC_MEL_SUPPORTED, BOC_MEL_UNSUPPORTED, BOC_MEL_RESOLVED };
/* The melee being resolved (R7.2). */
typedef struct boc_fight {
    int16_t hex;         /* its hex, or GR_NONE                            */
    int8_t round;        /* 1..3 (R7.2-a)                                  */
    int8_t slot;         /* 0..7: defender A, attacker A, defender B, ...
                            (R7.2-c, D.11)                                 */
    uint8_t used;        /* bit d: side d of the hex crossed this round
                            (R7.7-d) or in the Regroup (R7.9-c)            */
    uint8_t regroup;     /* 1 + the side regrouping now (R7.9), or 0       */
    uint8_t pad_[2];
} boc_fight;

typedef struct boc_state {
    uint8_t phase, decision, active, player1;  /* player1: R1.1           */
    int16_t turns_done;  /* Player Turns completed                         */
    int16_t hour;        /* game clock: hour of the current Game Turn      */
    uint8_t day_index;   /* index into sd->days                             */
    uint8_t second;      /* 0: Player 1's turn, 1: Player 2's (R1.3-a)     */
    uint8_t step;        /* BOC_ST_*: where the flow resumes               */
    uint8_t fixed_order; /* BOC_ORDER_*: game option initiative= (R1.1)    */
    uint8_t stack_side;  /* who decides BOC_DEC_OVERSTACK                  */
    uint8_t column_rule; /* the optional Column/Line rule is in use (S-CL)  */
    int16_t stack_hex;   /* the overstacked hex being resolved             */
    int16_t day_vp;      /* CSA VP of the last day counted (R9.1-b)        */
    int8_t winner;       /* when over: player or -1                        */
    uint8_t outcome;
    int16_t vp;          /* CSA victory points at game end (R9.1-e)        */
    boc_fire fire;
    boc_fight fight;
    int16_t elim[BOC_NSIDES];     /* blocks of each side eliminated        */
    int16_t fallen[BOC_NSIDES];   /* HQs of each side fallen (R4.61-b)     */
    /* VIEW ONLY: the public total (start - strength) over the hidden
     * blocks of each side, which determinize spreads over them.           */
    int16_t hidden_loss[BOC_NSIDES];
    uint8_t control[BOC_MAX_HEXES];   /* snapshot (R6.6-a): 0 neutral,
                                         1 + side                          */
    uint8_t count[BOC_NSIDES][BOC_MAX_HEXES]; /* blocks per side per hex   */
    uint8_t fire_used[BOC_MAX_HEXES]; /* bit d: fired across side d (R5.21) */
    uint8_t cross[BOC_MAX_HEXES];     /* 2 bits per side 0..2: crossings this
                                         Movement Phase (R6.62-c; move.c)   */
    uint8_t melee[BOC_MAX_HEXES];     /* BOC_MEL_*: declared melees (R7.1)  */
    int16_t supplier;    /* the HQ spending its SP now (R8.2-a), or GR_NONE */
    int8_t sp;           /* its SP left, or the Night Supply pool left      */
    uint8_t sudden;      /* the optional sudden death is in use (data brief
                            3.4; game option sudden-death=on)              */
    int16_t hk_chq;      /* the USA CHQ that fell last (S-Hancock-a)       */
    uint8_t hk_day;      /* when Hancock may arrive for it: day (1..3, 0:  */
    int8_t hk_hour;      /* never) and hour (S-Hancock-b)                  */
    uint8_t hk_sent;     /* the USA sent him (the option is used)          */
    uint8_t deploy;      /* the optional Free Deployment is in use (R0-c;
                            game option deploy=free)                      */
    uint8_t pad3_[2];
    boc_unit unit[BOC_MAX_UNITS];
} boc_state;

/* ------------------------------------------------------------------ access */

static inline boc_state *boc_st(gr_game *g) { return gr_state(g); }
static inline const boc_state *boc_cst(const gr_game *g) { return gr_cstate(g); }
static inline const boc_sdata *boc_sd(const gr_game *g) { return gr_sdata(g); }

/* Event kinds (index + GR_EV_SYSTEM) and roll purposes. */
enum {
    BOC_EV_PHASE = GR_EV_SYSTEM,
    BOC_EV_REVEAL,
    BOC_EV_FIRE,
    BOC_EV_HITS,
    BOC_EV_BLOCK_HIT,
    BOC_EV_HIT,
    BOC_EV_ELIMINATED,
    BOC_EV_RETREAT,
    BOC_EV_HITS_LOST,
    BOC_EV_HALF_CLEARED,
    BOC_EV_STAND_UP,
    BOC_EV_GAME_OVER,
    BOC_EV_INITIATIVE,
    BOC_EV_ACTIVATE,
    BOC_EV_HQ_STEP,
    BOC_EV_OVERSTACK,
    BOC_EV_DAY_END,
    BOC_EV_NIGHT,
    BOC_EV_MOVE,
    BOC_EV_BLOCK_MOVED,
    BOC_EV_EXIT,
    BOC_EV_BLOCK_LEFT,
    BOC_EV_RETURN,
    BOC_EV_BLOCK_RETURNED,
    BOC_EV_ATTACK,
    BOC_EV_MELEE_ROUND,
    BOC_EV_STRIKE,
    BOC_EV_MELEE_RETREAT,
    BOC_EV_MELEE_END,
    BOC_EV_REGROUP,
    BOC_EV_LEADER_RETURN,
    BOC_EV_SUPPLY,
    BOC_EV_REBUILD,
    BOC_EV_SUPPLY_DONE,
    BOC_EV_HANCOCK,
    BOC_EV_ARRIVE,
    BOC_EV_BLOCK_ARRIVED,
    BOC_EV_FORMATION,
    BOC_EV_BLOCK_FORMATION
};
enum { BOC_ROLL_FIRE = 0, BOC_ROLL_MELEE, BOC_ROLL_INITIATIVE };
/* Why a block was revealed (event field). */
enum {
    BOC_WHY_FIRE = 0,
    BOC_WHY_FRONTLINE,
    BOC_WHY_SETUP,
    BOC_WHY_COMMAND,
    BOC_WHY_MELEE,
    BOC_WHY_SUPPLY
};
/* Result of one hit on a block (public event). */
enum { BOC_RES_HALF = 0, BOC_RES_STEP, BOC_RES_ELIMINATED, BOC_RES_REPULSED };

/* Action kinds. */
enum {
    BOC_A_FIRE = 0,
    BOC_A_END_FIRE,
    BOC_A_TAKE_HIT,
    BOC_A_REPULSE,
    BOC_A_ACTIVATE,
    BOC_A_END_COMMAND,
    BOC_A_REMOVE,
    BOC_A_MOVE,
    BOC_A_END_MOVE,
    BOC_A_EXIT,
    BOC_A_ATTACK,
    BOC_A_RESOLVE,
    BOC_A_STRIKE,
    BOC_A_WITHDRAW,
    BOC_A_REGROUP,
    BOC_A_END_REGROUP,
    BOC_A_SUPPLY,
    BOC_A_REBUILD,
    BOC_A_END_REBUILD,
    BOC_A_END_SUPPLY,
    BOC_A_HANCOCK,
    BOC_A_WITHDRAW_OFF,
    BOC_A_FORMATION,
    BOC_A_ARRIVE,
    BOC_A_DEPLOY,
    BOC_A_END_DEPLOY,
    BOC_NACTIONS
};

extern const char *const boc_phase_names[];
extern const char *const boc_decision_names[];
extern const char *const boc_type_names[];
extern const char *const boc_hs_names[];

/* ------------------------------------------------------------------ board.c */

/* Printed label ("I6": row letter, column number) of hex i into buf. */
int boc_hex_label(const void *sdata, int hex, char *buf, size_t size);
/* Hex index of a label, or -1. */
int boc_hex_find(const void *sdata, const char *label);
/* Neighbour of hex in direction dir, or -1 off the map. */
int boc_step(const boc_sdata *sd, int hex, int dir);
/* Direction from a to adjacent b, or -1. */
int boc_dir_to(const boc_sdata *sd, int a, int b);
/* Hex distance between two map hexes. */
int boc_dist(const boc_sdata *sd, int a, int b);
/* The hexside data of side dir of hex. */
const boc_sidedata *boc_side(const boc_sdata *sd, int hex, int dir);
/* Sets the features of side (hex, dir) and its twin on the neighbour. */
void boc_side_set(boc_sdata *sd, int hex, int dir, const boc_sidedata *f);
/* Recomputes the derived cover of every hexside not fixed explicitly. */
void boc_derive_edges(boc_sdata *sd);
/* Terrain of a hex. */
const boc_terrain *boc_terrain_of(const boc_sdata *sd, int hex);
/* Non-zero when the hex gives Double Defense (R5.24-a). */
int boc_is_d2(const boc_sdata *sd, int hex);
/* Non-zero when a block of side `enemy` stands in a hex adjacent to hex. */
int boc_enemy_adjacent(const boc_state *s, const boc_sdata *sd, int hex, int enemy);
/* Recomputes the hex-control snapshot from unit positions (R6.61-c). */
void boc_control_snapshot(boc_state *s, const boc_sdata *sd);
/* Moves unit u to `hex` (a map hex or BOC_LOC_*), keeping counts. */
void boc_place(boc_state *s, const boc_sdata *sd, int u, int hex);
/* Non-zero when unit u stands on a map hex. */
int boc_on_map(const boc_state *s, int u);
/* Unit type data of unit u. */
const boc_utype *boc_type_of(const boc_sdata *sd, int u);

/* ------------------------------------------------------------------ los.c */

/* Range (1..max_range) of target t in the cone through side dir of f,
 * else 0 (R5.31-b). */
int boc_cone_range(const boc_sdata *sd, int f, int dir, int t, int max_range);
/* Non-zero when f sees t through the cone of dir (R5.33-h); adjacent
 * targets are always seen (R5.33-a); 0 when t is not in that cone. */
int boc_los(const boc_sdata *sd, int f, int dir, int t, int max_range);

/* ------------------------------------------------------------------ fire.c */

/* A fire order, validated (see boc_fire_check). */
typedef struct boc_shot {
    int unit, target, dir, range, fp, at;
} boc_shot;
/* Validates a fire action; fills shot.  GR_OK or a refusal naming the rule. */
gr_status boc_fire_check(const gr_game *g, const gr_action *a, boc_shot *shot, gr_error *why);
/* The longest fire range of any unit type (the cone's reach, R5.31-b). */
int boc_max_fire_range(const boc_sdata *sd);
/* Fire penalty (<= 0) across side dir of hex, firing out of hex (R5.22). */
int boc_side_fire_penalty(const boc_sdata *sd, int hex, int dir);
/* Effective firepower of unit u firing across side dir at range (R5.22). */
int boc_fire_power(const boc_sdata *sd, int u, int hex, int dir, int range);
/* Legal actions of the Fire decision (fire orders and end-fire). */
int boc_fire_legal(const gr_game *g, gr_action *out, int cap);
/* Applies a validated fire order: reveal, roll, then allocate hits. */
void boc_fire_resolve(gr_game *g, const boc_shot *shot);

/* ------------------------------------------------------------------ hits.c */

/* Applies pending hits (of a fire or a melee strike) until the side hit
 * must decide (returns 1) or none remain (returns 0; a fire then returns
 * to the Fire decision, a melee strike leaves the decision to melee/). */
int boc_hits_continue(gr_game *g);
/* Legal defender actions (take-hit / repulse). */
int boc_hits_legal(const gr_game *g, gr_action *out, int cap);
/* Validates and applies take-hit / repulse. */
gr_status boc_hits_apply(gr_game *g, const gr_action *a, gr_error *why);
/* Blocks that may take the next hit: writes units, returns how many. */
int boc_hit_candidates(const boc_state *s, const boc_sdata *sd, int *units);
/* Hexes a repulsed unit may retreat to (R5.32-b/c, R5.32-d). */
int boc_repulse_hexes(const boc_state *s, const boc_sdata *sd, int u, int *hexes);
/* Eliminates unit u (public event; VP tally). */
void boc_eliminate(gr_game *g, int u);

/* ------------------------------------------------------------------ turn/ */

/* Opens a new game: the clock at the scenario's first hour, then the flow
 * runs to the first decision (turn/flow.c). */
void boc_turn_start_game(gr_game *g);
/* Runs the automatic steps of the sequence of play from s->step until a
 * player must decide or the game is over (turn/flow.c). */
void boc_flow_run(gr_game *g);
/* Ends the current phase at the active player's request (end-command,
 * end-fire): the flow goes on from the phase's closing steps. */
void boc_flow_end_phase(gr_game *g);
/* Opens the Player Turn of `active` at phase (setup lines, tests): control
 * snapshot taken, command left as the units' flags say. */
void boc_flow_open_phase(gr_game *g, int active, int phase);
/* Starts the current hour's Game Turn again from its initiative (setup
 * line game-turn, so that tests roll it from queued dice). */
void boc_flow_new_game_turn(gr_game *g);
/* The first overstacked hex of either side (active side first), or -1;
 * its side into *side (R6.2-d). */
int boc_overstacked(const boc_state *s, const boc_sdata *sd, int *side);
/* Legal `remove` actions, and applying one (R6.2-d). */
int boc_stack_legal(const gr_game *g, gr_action *out, int cap);
gr_status boc_stack_apply(gr_game *g, const gr_action *a, gr_error *why);
/* Who wins the Game Turn's initiative (R1.1-b/c): rolls 2d6 each unless the
 * order is fixed; emits the initiative event (turn/clock.c). */
int boc_initiative(gr_game *g);
/* The clock after a Game Turn: next hour, end of day (VP, R9.1-b), night
 * turn (B.4), or game over.  Returns 0 when the game is over. */
int boc_clock_advance(gr_game *g);
/* B.4, minimal [ASM] Night Turn before its night arrivals (placed by
 * their owners, flow.c) and its Night Supply: night reinforcements
 * (R2.4-c), the end of the day's off-map disorganisation (turn/clock.c). */
void boc_night_turn(gr_game *g);
/* The first hour of the next day (after the Night Turn). */
void boc_next_day(gr_game *g);
/* Ends the game now with the victory points (R9.1-e). */
void boc_game_over(gr_game *g);
/* CSA victory points now (R9.1-e), with the VP hexes of the current day. */
int boc_victory_points(const boc_state *s, const boc_sdata *sd);
/* The day (1..3) of the current Game Turn. */
int boc_day_of(const boc_state *s, const boc_sdata *sd);
/* Heuristic value for player in [-950, 950] for search agents (evaluate.c);
 * no GR_EVAL_* flag changes it. */
int32_t boc_evaluate(const gr_game *g, int player, unsigned flags);
/* gr_rules.score: minus the CSA victory points (R9.1-e; the USA is player 0)
 * as the game would count them now, in hundredths; a number per Game Turn
 * (day and hour). */
void boc_score(const gr_game *g, int32_t *margin, int32_t *turn);
/* Works out the scenario's eval_hq table; after loading and every edit. */
void boc_eval_prepare(boc_sdata *sd);

#include "move/move.h"

/* ------------------------------------------------------------------ melee/ */

/* Validates an attack declaration of unit u on hex target (R7.1, R7.8);
 * alone: an Unsupported Melee. */
gr_status boc_attack_check(const boc_state *s, const boc_sdata *sd, int u, int target, int alone,
                           gr_error *why);
/* The attack declarations unit u may make now, into out (at most cap);
 * returns how many (at most 12). */
int boc_attack_options(const boc_state *s, const boc_sdata *sd, int u, gr_action *out, int cap);
/* Applies `attack` (Movement Phase): the unit moves into the enemy hex. */
gr_status boc_attack_apply(gr_game *g, const gr_action *a, gr_error *why);
/* Effective melee firepower of unit u in round (R7.2-d, R7.3-R7.6). */
int boc_melee_power(const boc_state *s, const boc_sdata *sd, int u, int round);
/* Penalty (<= 0) of side dir of hex `from` for an attacker crossing it out
 * of `from`, roads ignored, slopes only uphill (R7.3-a/b). */
int boc_melee_side_penalty(const boc_sdata *sd, int from, int dir);
/* The same for u as an attacker (att != 0) or a defender, an attacker
 * crossing side dir of hex `from` (from < 0: no hexside, an entry melee);
 * the evaluation prices melees not yet declared with it. */
int boc_melee_power_as(const boc_state *s, const boc_sdata *sd, int u, int round, int att,
                       int from, int dir);
/* Runs the Melee Phase from where it stands: 1 when a player must decide,
 * 0 when every declared melee is resolved (flow step X1). */
int boc_melee_step(gr_game *g);
/* Clears the melee records at the end of the Melee Phase. */
void boc_melee_phase_end(boc_state *s, const boc_sdata *sd);
/* Who decides the current Combat Turn or Regroup. */
int boc_melee_decider(const boc_state *s);
/* Legal actions of the melee decisions (resolve, strike/withdraw, regroup). */
int boc_melee_legal(const gr_game *g, gr_action *out, int cap);
/* Validates and applies resolve, strike, withdraw, regroup, end-regroup. */
gr_status boc_melee_apply(gr_game *g, const gr_action *a, gr_error *why);
/* Hexes unit u of the melee being resolved may retreat to now (R7.7). */
int boc_melee_retreats(const boc_state *s, const boc_sdata *sd, int u, int *hexes);
/* The off-map hexside defender u may retreat across now (R7.7-e), or -1. */
int boc_melee_offmap(const boc_state *s, const boc_sdata *sd, int u);
/* A Column defender's Round 1 Combat Turn: `formation column=0` changes it
 * to Line (S-CL-e); validated and applied (melee/melee.c). */
gr_status boc_melee_form_line(gr_game *g, const gr_action *a, gr_error *why);
/* Changes u to Line as its Combat Turn, once checked (move/column.c). */
void boc_form_line_now(gr_game *g, int u);
/* Regroup after a melee (R7.9): any move open to the winner; its legal
 * actions; applying regroup / end-regroup; closing it (melee/retreat.c). */
int boc_regroup_open(const boc_state *s, const boc_sdata *sd);
int boc_regroup_legal(const boc_state *s, const boc_sdata *sd, gr_action *out, int cap);
gr_status boc_regroup_apply(gr_game *g, const gr_action *a, gr_error *why);
void boc_regroup_end(gr_game *g);

/* ------------------------------------------------------------------ command/ */

/* Works out which units of the active side are under command (R4.3-c,
 * D.5) from the HQs activated this Player Turn; sets BOC_U_CMD. */
void boc_command_compute(boc_state *s, const boc_sdata *sd);
/* Non-zero when activated HQ h may command unit u (D.5), range aside. */
int boc_commands(const boc_sdata *sd, int h, int u);
/* Marks in `in_range` (nhex bytes) the hexes within h's Command Range,
 * traced through non-Enemy hexes of the snapshot (R4.5-b/c). */
void boc_command_range(const boc_state *s, const boc_sdata *sd, int h, uint8_t *in_range);
/* Legal Command-Phase actions (activate, end-command). */
int boc_command_legal(const gr_game *g, gr_action *out, int cap);
/* Validates and applies `activate` (R4.3-a/b/d/f). */
gr_status boc_command_apply(gr_game *g, const gr_action *a, gr_error *why);
/* Non-zero when HQ u may deploy into hex `to` before activating: adjacent,
 * Friendly in the snapshot, not overstacked by it (R4.3-b, R8.1-b). */
int boc_may_deploy(const boc_state *s, const boc_sdata *sd, int u, int to);
/* Non-zero when u may be activated in the Command Phase (R4.3-d/f). */
int boc_may_activate(const boc_state *s, const boc_sdata *sd, int u);

/* The acting AHQ of side (R4.6-a, R4.61-e): its AHQ on the map, else the
 * most senior CHQ on the map, else -1 (command/chain.c). */
int boc_acting_ahq(const boc_state *s, const boc_sdata *sd, int side);
/* Who leads corps `corps` of side (R4.61-d, E-17): its CHQ on the map
 * unless it serves as AHQ after the AHQ fell; else, its CHQ fallen or
 * serving as AHQ, the corps's successor DHQ on the map, else its first DHQ
 * on the map; -1 when none. */
int boc_corps_leader(const boc_state *s, const boc_sdata *sd, int side, const char *corps);
/* S2 (R4.61-c): the active side's fallen DHQs come back at strength 0. */
void boc_fallen_return(gr_game *g);
/* A USA CHQ fell: it becomes the one Hancock may replace (S-Hancock-a/b). */
void boc_hancock_fell(gr_game *g, int u);
/* The `hancock` action: may the USA send him now, and doing it. */
int boc_hancock_open(const boc_state *s, const boc_sdata *sd);
gr_status boc_hancock_apply(gr_game *g, const gr_action *a, gr_error *why);
/* Non-zero when Hancock, sent, is due to enter now (S-Hancock-b). */
int boc_hancock_due(const boc_state *s, const boc_sdata *sd, int u);
/* Where reinforcement u enters: its scheduled entry hex, or Hancock's. */
int boc_entry_of(const boc_state *s, const boc_sdata *sd, int u);

/* ------------------------------------------------------------------ supply/ */

/* Opens the supply decision of the active side: daytime (R8.1) or, in the
 * Night Turn, with the side's Night Supply pool (R8.4-a). */
void boc_supply_open(gr_game *g, int night);
/* Legal actions of the supply decision, and applying supply, rebuild,
 * end-rebuild, end-supply (supply/supply.c). */
int boc_supply_legal(const gr_game *g, gr_action *out, int cap);
gr_status boc_supply_apply(gr_game *g, const gr_action *a, gr_error *why);

/* ------------------------------------------------------------------ fog.c */

/* Turns unit u face-up (public event naming it). */
void boc_reveal(gr_game *g, int u, int why);
/* Reveals artillery in front-line hexes (R5.31-g). */
void boc_reveal_frontline_artillery(gr_game *g);
/* Stands every block upright except front-line artillery (R8.1-a). */
void boc_stand_up(gr_game *g);
/* gr_rules.mask and .determinize. */
void boc_mask(gr_game *g, int viewer);
void boc_determinize(gr_game *g, gr_rng *rng);
/* The player whose knowledge limits what describe/query show: the viewer
 * of a masked view, else -1 (a full game, or a determinized sample). */
int boc_viewer(const gr_game *g);
/* Non-zero when `viewer` may see unit u's identity and values. */
int boc_visible(const gr_game *g, int u, int viewer);

/* ------------------------------------------------------------------ load.c, edit.c, query.c... */

gr_status boc_load(gr_loader *ld, const void *scenario_doc, void **sdata);
void boc_free_sdata(void *sdata);
/* Map: the scenario's "map" key, a file name or an inline object; `root` is
 * the scenario document (a jv *).  Needs the terrain table (loadmap.c). */
gr_status boc_load_map(gr_loader *ld, const void *root, boc_sdata *sd);
/* Parses a map cell "W1" (terrain code, optional ground level 0..9; "."
 * is clear level 0); returns 0 or -1. */
int boc_cell_parse(const boc_sdata *sd, const char *tok, int *terrain, int *level);
/* Sets the terrain and level of a hex, resetting derived values. */
void boc_hex_set(boc_sdata *sd, int hex, int terrain, int level);
/* Parses "A3/A4" into (hex, dir); 0, or -1 malformed, -2 not adjacent. */
int boc_pair_parse(const boc_sdata *sd, const char *text, int *hex, int *dir);
/* Resets the map to cols x rows clear hexes without hexside features. */
void boc_map_reset(boc_sdata *sd, int cols, int rows, int odd_up);
/* Parses "A12"-style label for a given grid; -1 if malformed. */
int boc_label_parse(const gr_grid *grid, const char *label);
/* Parses a rating "B2" or "A3/1" into block b; 0 if malformed. */
int boc_rating_parse(const char *text, boc_block *b, int artillery);
gr_status boc_edit(void *sdata, const char *line, gr_error *err);
gr_status boc_setup_line(gr_game *g, const char *line, gr_error *err);
gr_status boc_query(const gr_game *g, const char *what, char *buf, size_t size, gr_error *err);
int boc_describe(const gr_game *g, char *buf, size_t size);
gr_status boc_sanity(const gr_game *g, gr_error *err);
/* Unit id <-> index for the codec. */
const char *boc_unit_name(const void *sdata, int unit);
int boc_unit_find(const void *sdata, const char *name);
/* How many options the deciding player has now (ops.c; the Movement
 * decision counts 1, its end-move, without listing the moves); 0 when the
 * game is over.  The sanity checker asserts it is never 0 otherwise. */
int boc_options_open(const gr_game *g);
/* Places every scenario unit and opens the game (ops.c init). */
gr_status boc_init(gr_game *g, const char *options, gr_error *err);

#endif
