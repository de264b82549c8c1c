/*
 * jdg.h — internal types of the Jours de Gloire Empire rule module
 * (spec: shared/rules/jdg-empire.md, ids "jdg:R1-D4" etc.).
 *
 * Two halves, as for every module:
 *  - jdg_data: immutable scenario data (map, tables, order of battle,
 *    activation markers, commanders, set-up), loaded once by load.c;
 *  - jdg_state: the game state, one plain struct of fixed-size integer
 *    arrays indexed by id (no pointers), cloned by memcpy.
 *
 * The state covers the whole game: Phase A (tactical groups, secret
 * orders), Phase B (strategic initiative, first-MA pick), Phase C (cup
 * assembly), Phase D (random draws, activation steps in strict order, last
 * MA never activated) with commander initiative, normal and counter-battery
 * fire, the disorder ladder and a routed unit's retreat, movement with
 * facing, ZOC, stacking, squares, reinforcements and the C-in-Cs, shock
 * (declarations, reaction fire, refusals, results, recoils, advance,
 * breakthrough, counter-shock), rout moves, charges, square attempts,
 * holding, counter-charges, pursuit and reorganisation; Phase E (rout
 * moves, demoralisation), Phase F (victory, exits, next turn), and the
 * order of the units in a stack; see docs/jdg.md "Not done yet".
 */
#ifndef JDG_H
#define JDG_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "gr_internal.h"
#include "hex.h"

/* ------------------------------------------------------------------ limits */

#define JDG_MAX_UNITS 64
#define JDG_MAX_FORMATIONS 24
#define JDG_MAX_MARKERS 56   /* ordinary MAs (2 per formation) + MACs       */
#define JDG_MAX_CINCS 4
#define JDG_MAX_REINF 16
#define JDG_MAX_TERRAIN 16
#define JDG_MAX_COLS 40
#define JDG_MAX_ROWS 40
#define JDG_MAX_HEXES (JDG_MAX_COLS * JDG_MAX_ROWS)
#define JDG_MAX_ORDERS 8     /* order capacity fits the action's 8 args     */
#define JDG_FORCED_DRAWS 8   /* test-only forced MA draws queued by setup   */
#define JDG_ID 24            /* bytes of an id string                       */
#define JDG_NAME 64

#define JDG_SH_HEXES 12     /* hexes on one side of one combat           */
#define JDG_PU_PATH 8       /* a pursued unit's path: its start and 7 hexes */
#define JDG_NPLAYERS 2
#define JDG_OFFMAP (-1)      /* unit not (yet) on the map                   */

/* Players: the series pits the French (and their allies) against the
 * coalitions; a scenario maps each of its two sides to one of these. */
enum { JDG_FRENCH = 0, JDG_ALLIED = 1 };

/* ------------------------------------------------------------------ static data */

typedef enum jdg_utype { JDG_INF = 0, JDG_CAV = 1, JDG_ART = 2 } jdg_utype;

/* One face of a counter (good order / disordered) [R0.3-a]. */
typedef struct jdg_face {
    int8_t sp;        /* strength points (artillery: 0)        */
    int8_t cohesion;
    int8_t contact;   /* artillery: 0 (none, R8.9)             */
    int8_t mp;
    int8_t fire;      /* artillery fire capacity               */
    int8_t eff_range; /* artillery effective range             */
    int8_t max_range; /* artillery maximum range               */
    int8_t pad_;
} jdg_face;

typedef struct jdg_unit_data {
    char id[JDG_ID];
    char name[JDG_NAME];
    uint8_t side;       /* JDG_FRENCH / JDG_ALLIED                       */
    uint8_t type;       /* jdg_utype                                     */
    uint8_t heavy;      /* heavy cavalry ("L")                           */
    uint8_t horse;      /* horse artillery                               */
    int8_t formation;   /* formation index                               */
    jdg_face face[2];   /* [0] good order, [1] disordered                */
    int16_t start_hex;  /* JDG_OFFMAP: not on the map at the start       */
    int8_t start_facing;
    uint8_t start_status;
} jdg_unit_data;

typedef enum jdg_macode { JDG_MA_ORDINARY = 0, JDG_MA_COMBINED = 1 } jdg_macode;

/* An activation marker [R2.1]: code O (one formation) or C (MAC). */
typedef struct jdg_marker_data {
    char id[JDG_ID];
    uint8_t code;        /* jdg_macode                                   */
    uint8_t side;
    int8_t formation;    /* O: its formation; C: -1                      */
    int8_t initiative;   /* initiative value printed on the MA [R2.4.3-a] */
    uint8_t mandatory;   /* C: placed by scenario rule before B.1        */
    uint8_t turn_first;  /* C: turns in which it is placed               */
    uint8_t turn_last;
    uint8_t pad_;
} jdg_marker_data;

typedef struct jdg_formation_data {
    char id[JDG_ID];
    char name[JDG_NAME];
    uint8_t side;
    uint8_t nmarkers;            /* 1 or 2 ordinary MAs [R2.1.1-b]        */
    int8_t marker[2];
    int8_t reinf_turn;           /* arrival turn, 0 if it starts on map   */
    int8_t reinf_entry;          /* index into jdg_data.reinf, -1         */
} jdg_formation_data;

typedef struct jdg_cinc_data {
    char id[JDG_ID];
    char name[JDG_NAME];
    uint8_t side;
    int8_t drm;            /* initiative DRM [R2.5.1-a]                   */
    int8_t capacity;       /* order capacity                              */
    int8_t range;          /* command range in hexes                      */
    uint8_t designated;    /* used for strategic initiative [R3-a]        */
    int16_t start_hex;
} jdg_cinc_data;

typedef struct jdg_reinf_data {
    int8_t formation;
    int8_t turn;
    int16_t entry_hex;
} jdg_reinf_data;

/* Terrain of a hex (T1 row); the numbers come from the tables file. */
typedef struct jdg_terrain_data {
    char id[JDG_ID];
    char letter;           /* map letter in scenario rows and map-row edits */
    int8_t mp[3];          /* per jdg_utype; -1 = NA                        */
    int8_t shock_drm;
    int8_t fire_drm;
    uint8_t blocks_los;
    uint8_t charge_ok;
    uint8_t six_fronts;    /* town, village, castle [R6.1.1-c]              */
    uint8_t rout_stop;     /* routed unit may stop [R10.4-d]                */
    uint8_t no_zoc_in;     /* castle: no ZOC reaches in from outside [R6.2.1-e] */
    uint8_t square_ok;     /* clear: the only terrain for squares [R4.2-a]  */
} jdg_terrain_data;

/* Hexside features [T1 hexsides]: one bit each in jdg_data.side[]; the
 * tables file names them by these ids (JDG_SIDE_IDS). */
enum jdg_sidekind {
    JDG_HS_SLOPE = 0, JDG_HS_STEEP, JDG_HS_CREST, JDG_HS_RIVER, JDG_HS_FORD, JDG_HS_BRIDGE,
    JDG_HS_WALL, JDG_HS_FORT, JDG_HS_IMPASSABLE, JDG_NSIDEKINDS
};
#define JDG_SF_ROAD (1u << 14)  /* a road links the two hexes [4.3.1]         */
#define JDG_SF_TRACK (1u << 15) /* a track links them                         */
#define JDG_SF_KINDS ((1u << JDG_NSIDEKINDS) - 1u)
extern const char *const jdg_side_ids[];

/* One hexside feature row of T1: costs are added to the hex entered. */
typedef struct jdg_side_data {
    int8_t mp[3];          /* per jdg_utype; -1 = NA                        */
    int8_t shock_drm;      /* attacker below (or level)                      */
    int8_t shock_drm_above; /* attacker above (steep slope)                 */
    uint8_t blocks_los;
    uint8_t charge_ok;
} jdg_side_data;

/* One row of the Fire Table (T2): totals min..max give the result list. */
enum { JDG_FR_CT = 0, JDG_FR_D = 1 };
#define JDG_MAX_FIRE_ROWS 16
typedef struct jdg_fire_row {
    int16_t min, max;
    uint8_t n;             /* results, applied in order                    */
    uint8_t res[3];        /* JDG_FR_CT / JDG_FR_D                          */
} jdg_fire_row;

/* Artillery fire DRMs (T3), names as in the tables file. */
enum {
    JDG_FDRM_POINT_BLANK = 0, JDG_FDRM_EFFECTIVE, JDG_FDRM_LONG, JDG_FDRM_COMBINED,
    JDG_FDRM_REACTION, JDG_FDRM_REACTION_SQUARE, JDG_FDRM_TARGET_SQUARE, JDG_NFDRM
};

/* One column of the Force Ratio Table (T4): applies when attacker SP x def
 * >= defender SP x att [R8.6.1]; columns in increasing order. */
#define JDG_MAX_RATIO 12
typedef struct jdg_ratio_col {
    int8_t att, def, drm;
} jdg_ratio_col;

/* Shock DRMs (T5), names as in the tables file. */
enum {
    JDG_SDRM_CAV_SHOCK = 0, JDG_SDRM_SIX_FRONT, JDG_SDRM_ROUTED, JDG_SDRM_REAR, JDG_SDRM_CHARGE,
    JDG_SDRM_CHARGE_HEAVY, JDG_SDRM_CHARGE_SQUARE, JDG_SDRM_PURSUIT, JDG_NSDRM
};

/* Result codes of the Shock and Charge Table (T6). */
enum { JDG_SR_CT = 0, JDG_SR_D, JDG_SR_R, JDG_SR_RT, JDG_SR_E, JDG_SR_B, JDG_SR_C, JDG_NSR };
#define JDG_MAX_SHOCK_ROWS 32
typedef struct jdg_shock_row {
    int8_t index;          /* modified roll m; the first row takes every m
                              below, the last every m above               */
    uint8_t na, nd;        /* attacker / defender results, in order      */
    uint8_t a[4], d[4];    /* JDG_SR_*                                   */
} jdg_shock_row;

typedef enum jdg_weather { JDG_DAY = 0, JDG_NIGHT = 1, JDG_FOG = 2 } jdg_weather;

/* Victory points of a scenario [R13.2] (values: its data, provisional). */
#define JDG_MAX_VP_HEXES 16
typedef struct jdg_vp_hex {
    int16_t hex;
    int8_t vp[JDG_NPLAYERS];  /* to each side while it controls the hex     */
    int8_t start;             /* side controlling it at the start, -1 none  */
} jdg_vp_hex;

typedef struct jdg_victory {
    int nhexes;
    jdg_vp_hex hex[JDG_MAX_VP_HEXES];
    int8_t eliminated[JDG_NPLAYERS]; /* to p per enemy unit eliminated      */
    int8_t routed[JDG_NPLAYERS];     /* to p per enemy unit routed at the end */
    int8_t cinc[JDG_NPLAYERS];       /* to p per enemy C-in-C eliminated    */
    int8_t decisive;                 /* VP margin of a decisive victory, 0 none */
    uint32_t automatic[JDG_NPLAYERS]; /* p wins at once when every formation of
                                         this mask is demoralised [R13.1]  */
    int8_t exit_side;                /* side whose units may leave the map, -1 none */
    int16_t exit_hex;                /* ... from this hex                  */
    int8_t exit_first, exit_last;    /* ... on these turns                 */
    int8_t exit_vp;                  /* VP to that side per unit leaving   */
} jdg_victory;

typedef struct jdg_data {
    char tables_version[JDG_NAME];
    gr_grid grid;
    int nhexes;
    gr_hex axial[JDG_MAX_HEXES];      /* axial coordinates of each index  */
    int16_t step[JDG_MAX_HEXES][6];   /* neighbour by direction, -1 off   */
    int16_t side_of[JDG_MAX_HEXES][6]; /* gr_grid_side id by direction    */
    uint8_t terrain[JDG_MAX_HEXES];   /* index into terrain[]             */
    int8_t level[JDG_MAX_HEXES];
    int nterrain;
    jdg_terrain_data terrain_kind[JDG_MAX_TERRAIN];
    jdg_side_data side_kind[JDG_NSIDEKINDS];
    uint16_t side[JDG_MAX_HEXES * 6];   /* by gr_grid_side id: JDG_HS_* bits,
                                           JDG_SF_ROAD, JDG_SF_TRACK      */
    int8_t road_halves, track_halves;   /* link rates in half MP          */
    uint8_t level_slope;  /* a level change with no feature is a slope   */
    jdg_fire_row fire_row[JDG_MAX_FIRE_ROWS];
    int nfire_rows;
    int8_t fire_drm[JDG_NFDRM];
    jdg_ratio_col ratio[JDG_MAX_RATIO];
    int nratio;
    int8_t shock_drm[JDG_NSDRM];
    jdg_shock_row shock_row[JDG_MAX_SHOCK_ROWS];
    int nshock_rows;
    int nunits, nformations, nmarkers, ncincs, nreinf;
    jdg_unit_data unit[JDG_MAX_UNITS];
    jdg_formation_data formation[JDG_MAX_FORMATIONS];
    jdg_marker_data marker[JDG_MAX_MARKERS];
    jdg_cinc_data cinc[JDG_MAX_CINCS];
    jdg_reinf_data reinf[JDG_MAX_REINF];
    int turn_first, turn_last;
    uint8_t weather[64];              /* per turn number, jdg_weather     */
    int16_t rout_hex[JDG_NPLAYERS];   /* rout target hex, or JDG_OFFMAP   */
    char rout_edge[JDG_NPLAYERS];     /* or edge 'N' 'S' 'E' 'W'; 0 none  */
    char side_name[JDG_NPLAYERS][JDG_NAME];
    jdg_victory victory;
    /* Derived once loaded (jdg_index_units): each side's units in index
     * order, and the victory hex at each map hex (-1 none). */
    int8_t nside_units[JDG_NPLAYERS];
    int8_t side_unit[JDG_NPLAYERS][JDG_MAX_UNITS];
    int8_t vp_at[JDG_MAX_HEXES];
} jdg_data;

/* ------------------------------------------------------------------ state */

typedef enum jdg_ustatus {
    JDG_GOOD = 0, JDG_DISORDERED = 1, JDG_ROUTED = 2, JDG_ELIMINATED = 3
} jdg_ustatus;

/* Unit flags (persist across activations). */
enum {
    JDG_UF_SQUARE = 1u << 0,   /* in square [4.2]                         */
    JDG_UF_REINF = 1u << 1,    /* reinforcement status: counts as ORDERED, may
                                  force march [R5.2.1-c..e]               */
    JDG_UF_ENTERED = 1u << 2,  /* has been on the map (demoralisation set) */
    JDG_UF_ORD_TURN = 1u << 3, /* entered ORDERED for this turn, enemy near
                                  the entry hex [R5.2.1-g]                */
    JDG_UF_RETREAT = 1u << 4,  /* routed: must retreat 2/3 hexes [R10.2-c] */
    JDG_UF_RECOIL = 1u << 5,   /* must recoil 1 hex [R10.3]                */
    JDG_UF_ROUTMOVE = 1u << 6, /* routed, must make a rout move [R10.2-f]   */
    JDG_UF_ROUT_STOP = 1u << 7, /* stopped its rout in a town, village or
                                   castle [R10.4-d]                        */
};

/* Combat flags of a unit (jdg_unit.cf), cleared when an MA activates. */
enum {
    JDG_CF_DECLARED = 1u << 0, /* declared a shock (targets: jdg_unit.shock)  */
    JDG_CF_RESOLVED = 1u << 1, /* its declared shock has been resolved        */
    JDG_CF_ATT = 1u << 2,      /* attacker in the combat being resolved       */
    JDG_CF_SHOCKED = 1u << 3,  /* its hex was shocked this activation [R8.2-e] */
    JDG_CF_BREAK = 1u << 4,    /* made a breakthrough or counter-shock [R8.7.2-a] */
    JDG_CF_ADVANCED = 1u << 5, /* advanced after the combat being resolved    */
    JDG_CF_REFUSED = 1u << 6,  /* refused a shock this activation [R8.8.1-a]  */
    JDG_CF_CHARGE = 1u << 7,   /* declared a charge (target: charge_at) [R9.1-c] */
};

/* Per-activation unit flags (jdg_unit.act), cleared when an MA activates. */
enum {
    JDG_ACT_MOVED = 1u << 0,   /* moved: entered a hex, formed or left square (AMB-48) */
    JDG_ACT_STEPPED = 1u << 1, /* entered at least one hex                  */
    JDG_ACT_FORCED = 1u << 2,  /* its move is a forced march [R4.1.3]       */
    JDG_ACT_DONE = 1u << 3,    /* its move is over [R4.4.1-b]               */
    JDG_ACT_ENTERED = 1u << 4, /* entered the map by normal march: normal
                                  movement this activation [R5.2.1-f]      */
    JDG_ACT_FIRED = 1u << 5,   /* fired this activation [R4.4.2]            */
    JDG_ACT_PIVOTED = 1u << 6, /* turned one vertex before fire [R7.2-d]    */
    JDG_ACT_REACTED = 1u << 7, /* counter-battery or reaction fire made in
                                  this (enemy) activation [R7.1-d]         */
};

/* More per-activation unit flags (jdg_unit.act2), cleared with act. */
enum {
    JDG_ACT2_REORG = 1u << 0,  /* tried to reorganise this activation [R11.1-e] */
    JDG_ACT2_ROUTED_E = 1u << 1, /* made (or declined) its Phase E rout move */
    JDG_ACT2_PURSUER = 1u << 2,  /* pursues in the combat being resolved [R9.5] */
    JDG_ACT2_NO_SQUARE = 1u << 3, /* recoiled out of square from a charge: no square
                                     against the pursuit [R9.3.1-b]        */
};

typedef struct jdg_unit {
    int16_t hex;      /* map index or JDG_OFFMAP                          */
    int8_t facing;    /* vertex 0..5 [0.A.3]; -1 when routed (no facing)  */
    uint8_t status;   /* jdg_ustatus                                      */
    int8_t group;     /* tactical group index this turn, -1 none          */
    uint8_t flags;    /* JDG_UF_*                                         */
    uint8_t act;      /* JDG_ACT_* this activation                        */
    uint8_t act2;     /* JDG_ACT2_* this activation                       */
    int8_t facing0;   /* facing when the activation began [R6.2.2-d]      */
    uint8_t spent;    /* half MP spent this activation [R4.4.1-e]         */
    int16_t fired_at; /* hex it fired at this activation (AMB-41)         */
    uint8_t shock;    /* declared shock targets: bit per direction        */
    uint8_t cf;       /* JDG_CF_* this activation                         */
    int16_t charge_at; /* with JDG_CF_CHARGE: the charge's target hex; -2
                          failed its contact test, -3 charge over        */
    uint8_t exited;   /* left the map by the scenario's exit (VP)         */
    uint8_t order;    /* place in its stack: lower is higher; artillery is
                         above all the same [R5.1.2-b], ties by index     */
    int16_t hex0;     /* hex when the activation began [R8.2-f, R9.1-f]   */
} jdg_unit;

typedef enum jdg_order {
    JDG_ORD_NONE = 0,     /* not yet given (Phase A in progress)          */
    JDG_ORD_ORDERED = 1,
    JDG_ORD_NO_ORDERS = 2,
    JDG_ORD_HIDDEN = 3    /* masked in a player's view                    */
} jdg_order;

/* Capability of a group for the current activation [5.1 step 2]. */
typedef enum jdg_mode {
    JDG_MODE_UNDECIDED = 0, /* NO_ORDERS group, option not chosen yet     */
    JDG_MODE_ORDERED = 1,   /* ORDERED, or passed commander initiative   */
    JDG_MODE_REDUCED = 2,   /* NO_ORDERS option 2 [2.4.2]                */
    JDG_MODE_REORG_ONLY = 3 /* failed commander initiative [R2.4.3-e]    */
} jdg_mode;

typedef struct jdg_group {
    int8_t leader;     /* lowest unit index of the group (its name)      */
    int8_t formation;
    uint8_t side;
    uint8_t size;
    uint8_t order;     /* jdg_order                                      */
    uint8_t revealed;  /* order marker face up [R2.4-a]                  */
    uint8_t eligible;  /* a unit within a C-in-C's range in Phase A      */
    uint8_t mode;      /* jdg_mode, this activation                      */
} jdg_group;

typedef enum jdg_maloc {
    JDG_MA_OUT = 0,    /* not in play this turn                          */
    JDG_MA_CUP = 1,
    JDG_MA_PICKED = 2, /* chosen in B.2, activates first [R1-B2]         */
    JDG_MA_ACTIVE = 3,
    JDG_MA_ASIDE = 4   /* drawn and used, or the last one [R1-D4]        */
} jdg_maloc;

typedef enum jdg_phase {
    JDG_PH_ORDERS = 0,     /* A: simultaneous secret orders              */
    JDG_PH_PICK = 1,       /* B.2: initiative winner picks an MA or not  */
    JDG_PH_ACTIVATION = 2, /* D: an activation in progress               */
    JDG_PH_OVER = 3,
    JDG_PH_ROUT = 4        /* E: rout moves of both sides [R1-E1]        */
} jdg_phase;

/* Steps of one activation, strictly in this order [R1-D3]. */
typedef enum jdg_step {
    JDG_STEP_OPTIONS = 0, /* NO_ORDERS groups: initiative test or reduced */
    JDG_STEP_FIRE = 1,
    JDG_STEP_MOVE = 2,
    JDG_STEP_SHOCK = 3,
    JDG_STEP_REORG = 4
} jdg_step;

typedef struct jdg_cinc {
    int16_t hex;
    uint8_t moved;       /* has moved this turn [R2.5.1-c]                */
    uint8_t eliminated;  /* [R2.5.2]                                      */
    uint8_t spent;       /* half MP spent in his move this turn           */
    uint8_t pad_[3];
} jdg_cinc;

typedef struct jdg_formation {
    uint8_t activations;  /* MAs of it activated this turn               */
    uint8_t demoralised;  /* found demoralised in Phase E [R11.2]        */
    uint8_t ma_removed;   /* bit per marker slot removed by 11.2-d        */
    uint8_t arrived;      /* its reinforcements have entered the map      */
    uint8_t entered_now;  /* stacks entered this activation [R5.2.2-b]    */
} jdg_formation;

typedef struct jdg_state {
    uint8_t turn;
    uint8_t phase;            /* jdg_phase                                */
    uint8_t step;             /* jdg_step while an activation runs        */
    uint8_t committed;        /* bit per player: orders given this turn   */
    int8_t init_total[JDG_NPLAYERS]; /* strategic initiative totals [R3-a] */
    int8_t init_winner;       /* player, or -1 (tie / not rolled)         */
    int8_t picked;            /* marker chosen in B.2, -1 none            */
    int8_t active;            /* marker being activated, -1 none          */
    uint8_t draws;            /* activations this turn                    */
    uint8_t ngroups;
    uint8_t nforced;          /* forced draws queued (tests only; hidden) */
    int8_t forced[JDG_FORCED_DRAWS];
    uint8_t forced_bad;       /* a forced draw named a marker not in the cup */
    int8_t mover;             /* unit in the middle of its move, -1 none  */
    int8_t cinc_mover;        /* C-in-C in the middle of his move, -1     */
    uint8_t contact;          /* bit per C-in-C contacted, to retreat or
                                 stay [R2.5.2-a]                          */
    int8_t rt_unit;           /* unit retreating after routing, -1 none   */
    uint8_t rt_done;          /* hexes of its retreat made so far         */
    int16_t rt_orig;          /* hex it routed in [R10.3.1-a]             */
    int16_t rt_from;          /* hex of the attacker (the firer)          */
    uint8_t rt_len;           /* hexes the current retreat or recoil makes */
    uint8_t rt_kind;          /* 0 retreat or recoil, 1 rout move [R10.4]  */
    uint8_t rm_spent;         /* half MP the rout move has spent           */
    uint8_t rm_shifts;        /* column shifts made in it [R10.4-e]        */
    uint8_t rm_sep;           /* it began stacked with another routed unit:
                                 1 it may still separate, 2 it has, 3 it
                                 stopped one hex short [R10.4-f]           */
    uint8_t sh_hold;          /* next attacking hex offered holding [R9.3.3] */
    uint8_t rt_nref;          /* attacker hexes to move away from          */
    int16_t rt_ref[JDG_SH_HEXES]; /* [R10.3.1-a]                          */
    uint8_t sh_stage;         /* jdg_shstage: combat being resolved        */
    uint8_t sh_side;          /* the attacking side of that combat         */
    uint8_t sh_closed;        /* declarations closed [R8.3.1-c]            */
    uint8_t sh_flags;         /* JDG_SHF_*                                 */
    int8_t sh_row;            /* its Shock Table row, -1 none              */
    uint8_t sh_ndef, sh_natt; /* defending / attacking hexes               */
    uint8_t sh_cc;            /* counter-charge: 1 tried, 2 succeeded [R9.4] */
    int16_t sh_def[JDG_SH_HEXES];
    int16_t sh_att[JDG_SH_HEXES];
    int8_t pu_unit[JDG_NPLAYERS]; /* first unit of each side to retreat or
                                     recoil in the combat (the pursued) [R9.5.2-c] */
    uint8_t pu_n[JDG_NPLAYERS];   /* hexes in its path, its start included */
    int16_t pu_path[JDG_NPLAYERS][JDG_PU_PATH];
    uint8_t pu_side;          /* side pursuing while sh_stage is PURSUE    */
    uint8_t pu_idx;           /* next hex of the pursued unit's path       */
    uint8_t pu_count;         /* recharges made by the pursuers [R9.5.2-h] */
    int8_t pu_cc;             /* the counter-charger of the combat, -1 [R9.4-e] */
    int8_t cb_target;         /* gun that fired, open to counter-battery  */
    int8_t first_side;        /* side whose MA was activated first this turn,
                                 -1 none yet (Phase E order, AMB-30)       */
    int16_t cb_hex;           /* the hex it fired at [R7.1-b]             */
    uint8_t outcome;          /* jdg_outcome once the phase is OVER       */
    uint8_t e_order;          /* Phase E: 0 the first side moves, 1 the second */
    int8_t ctrl[JDG_MAX_VP_HEXES]; /* side controlling each VP hex, -1 none */
    uint8_t ma_loc[JDG_MAX_MARKERS];       /* jdg_maloc                   */
    jdg_unit unit[JDG_MAX_UNITS];
    jdg_group group[JDG_MAX_UNITS];
    jdg_formation formation[JDG_MAX_FORMATIONS];
    jdg_cinc cinc[JDG_MAX_CINCS];
} jdg_state;

/* ------------------------------------------------------------------ schemas */

#include "rules/jdg/schema.h" /* action, event, decision, outcome numbers */

/* ------------------------------------------------------------------ access */

static inline jdg_state *jdg_st(gr_game *g) { return gr_state(g); }
static inline const jdg_state *jdg_cst(const gr_game *g) { return gr_cstate(g); }
static inline const jdg_data *jdg_sd(const gr_game *g) { return gr_sdata(g); }

/* Writes one action (kind, player p, nargs of a0..a2) at out[n] when n <
 * cap; returns n + 1 (legal lists count past their capacity). */
static inline int jdg_add_action(gr_action *out, int cap, int n, int kind, int p, int nargs,
                                 int a0, int a1, int a2)
{
    if (n < cap) {
        memset(&out[n], 0, sizeof out[n]);
        out[n].kind = (uint16_t)kind;
        out[n].player = (uint8_t)p;
        out[n].nargs = (uint8_t)nargs;
        out[n].arg[0] = a0;
        out[n].arg[1] = a1;
        out[n].arg[2] = a2;
    }
    return n + 1;
}


/* ------------------------------------------------------------------ map.c */

/* Fills d's geometry caches (axial, step, side_of) from d->grid; called
 * once the grid is loaded. */
void jdg_map_cache(jdg_data *d);
/* Fills d's side_unit, nside_units and vp_at from its units and victory
 * hexes (after loading them). */
void jdg_index_units(jdg_data *d);
/* Hex distance between two map indices (an index off the map stands at
 * axial 0,0, as gr_grid_hex has it). */
static inline int jdg_dist(const jdg_data *d, int a, int b)
{
    gr_hex ha = (unsigned)a < (unsigned)d->nhexes ? d->axial[a] : (gr_hex){0, 0};
    gr_hex hb = (unsigned)b < (unsigned)d->nhexes ? d->axial[b] : (gr_hex){0, 0};
    int dq = ha.q - hb.q, dr = ha.r - hb.r;
    int ds = dq + dr;
    return ((dq < 0 ? -dq : dq) + (dr < 0 ? -dr : dr) + (ds < 0 ? -ds : ds)) / 2;
}
/* The neighbour of map index `hex` in direction dir (any integer, taken
 * modulo 6), or -1 off the map; -1 for a hex off the map. */
static inline int jdg_nbr(const jdg_data *d, int hex, int dir)
{
    if (hex < 0 || hex >= d->nhexes)
        return -1;
    return d->step[hex][(unsigned)dir < 6 ? dir : ((dir % 6) + 6) % 6];
}
/* Label of map index `hex` into buf ("0422"); returns its length. */
int jdg_hex_label(const void *sdata, int hex, char *buf, size_t size);
/* Map index of a label, or -1. */
int jdg_hex_find(const void *sdata, const char *label);
/* Terrain index of a map letter, or -1. */
int jdg_terrain_by_letter(const jdg_data *d, char letter);
/* Non-zero when unit u has six front hexes: in a town, village or castle
 * hex, or in square [R6.1.1-c]. */
int jdg_six_fronts(const jdg_data *d, const jdg_state *s, int u);
/* Non-zero when `hex` is a front hex of unit u: an adjacent hex in the
 * directions F and F+1 of its facing vertex F (spec 0.A.3, R6.1.1-a,
 * gr_hex_wedge), or any adjacent hex with six fronts.  A routed unit has no
 * front [R10.2-d]. */
int jdg_is_front(const jdg_data *d, const jdg_state *s, int u, int hex);

/* ------------------------------------------------------------------ map/features.c */

/* Feature bits of the hexside of `hex` in direction `dir` (JDG_HS_* bits,
 * JDG_SF_ROAD/TRACK), with the level-change slope convention applied: a
 * side between different levels that has no slope or steep slope counts
 * as a slope when the scenario says so (data brief T1). 0 off the map. */
unsigned jdg_side_bits(const jdg_data *d, int hex, int dir);
/* Direction from hex a to its neighbour b, or -1 when not adjacent. */
int jdg_dir_to(const jdg_data *d, int a, int b);
/* Sets the features of the side between adjacent hexes a and b (kinds
 * and/or links are or-ed in; `clear` first clears them); -1 if a and b are
 * not adjacent. */
int jdg_side_set(jdg_data *d, int a, int b, unsigned bits, int clear);
/* Index of a hexside feature id ("steep-slope"), or -1. */
int jdg_side_kind_find(const char *id);

/* ------------------------------------------------------------------ names.c */

/* Codec namespace: units 0..nunits-1, then markers nunits.., then
 * commanders after the markers.  Returns the id or NULL. */
const char *jdg_unit_name(const void *sdata, int index);
int jdg_unit_find(const void *sdata, const char *name);
/* Codec index of marker m / commander c. */
int jdg_marker_ref(const jdg_data *d, int m);
/* Marker index of a codec index, or -1 when it names no marker. */
int jdg_marker_of_ref(const jdg_data *d, int ref);
int jdg_formation_find(const jdg_data *d, const char *id);
int jdg_marker_find(const jdg_data *d, const char *id);
int jdg_cinc_find(const jdg_data *d, const char *id);

/* ------------------------------------------------------------------ move/stack.c */

/* Puts unit u, which has just entered its hex, at the bottom of the stack
 * there [R5.1.2-b]. */
void jdg_stack_bottom(const jdg_data *d, jdg_state *s, int u);
/* Non-zero when unit a stands above unit b in their stack (b < 0: always):
 * artillery above the rest [R5.1.2-b], then the lower order, then the
 * lower index (the order of the scenario for units placed together). */
int jdg_stack_above(const jdg_data *d, const jdg_state *s, int a, int b);
/* "restack": unit u goes to the top of its stack (below its artillery) in
 * the movement step of its own activation, before its stack moves
 * [R5.1.2-c]; the check, the action and the legal list (appended at n). */
gr_status jdg_check_restack(const jdg_data *d, const jdg_state *s, int u, gr_error *why);
gr_status jdg_restack_apply(gr_game *g, int u, gr_error *why);
int jdg_restack_legal(const gr_game *g, int p, gr_action *out, int cap, int n);

/* ------------------------------------------------------------------ move/board.c */

/* Non-zero when unit u is on the map and not eliminated. */
static inline int jdg_on_map(const jdg_state *s, int u)
{
    return s->unit[u].hex != JDG_OFFMAP && s->unit[u].status != JDG_ELIMINATED;
}
/* The units in `hex` into out[0..cap); returns how many there are. */
int jdg_units_at(const jdg_data *d, const jdg_state *s, int hex, int *out, int cap);
/* Non-zero when a unit of `side` other than `except` is in `hex`. */
int jdg_side_at(const jdg_data *d, const jdg_state *s, int hex, int side, int except);
/* Non-zero when unit v exerts a zone of control into hex h [R6.2.1]. */
int jdg_exerts_zoc(const jdg_data *d, const jdg_state *s, int v, int h);
/* Non-zero when h is in the ZOC of a unit not of `side`; with `frontal`,
 * only a ZOC into one of that unit's front hexes (frontal ZOC, 6.2.1). */
int jdg_enemy_zoc(const jdg_data *d, const jdg_state *s, int side, int h, int frontal);
/* Non-zero when a unit not of `side` is within n hexes of h. */
int jdg_enemy_within(const jdg_data *d, const jdg_state *s, int side, int h, int n);
/* Why the units of `hex` break the stacking limits [R5.1.1, T9], or NULL. */
const char *jdg_stack_fault(const jdg_data *d, const jdg_state *s, int hex);
/* Why the units of `hex` break the shared facing [R6.1.1-b], or NULL. */
const char *jdg_facing_fault(const jdg_data *d, const jdg_state *s, int hex);

/* ------------------------------------------------------------------ move/ (rules 4-6) */

/* Half MP unit u may spend this activation: normal, reduced for a
 * NO_ORDERS group, doubled on forced march [R4.1.1-R4.1.3]; 0 if it may
 * not move. */
int jdg_allowance(const gr_game *g, int u, int forced);
/* Half MP to step from `from` into the adjacent hex `to` for a unit of
 * `type` by terrain, hexside and link [R4.3, R4.3.1, T1]; road_ok: the road
 * or track rate may be used.  -1 when not allowed. */
int jdg_terrain_cost(const jdg_data *d, int type, int from, int to, int road_ok);
/* Movement-step actions of player p (jdg_activation_legal). */
int jdg_move_legal(const gr_game *g, int p, gr_action *out, int cap);
/* Applies move, march, stop, square, unsquare. */
gr_status jdg_move_apply(gr_game *g, const gr_action *a, gr_error *why);
/* Clears the per-activation unit state when an MA activates. */
void jdg_move_reset(gr_game *g);
/* Entry hex of formation f's reinforcements, or -1. */
int jdg_entry_hex(const jdg_data *d, int f);
/* Units with reinforcement status within 5 hexes of an enemy unit lose it
 * [R5.2.1-d, AMB-27]; run after every move. */
void jdg_reinf_check(gr_game *g);
/* Non-zero when hex h is, or is next to, the entry hex of reinforcements
 * of the side other than `side` that have not all entered [R5.2.3-a]. */
int jdg_enemy_entry_near(const jdg_data *d, const jdg_state *s, int side, int h);

/* ------------------------------------------------------------------ move/cinc.c (R2.5) */

/* Codec index of C-in-C c / C-in-C of a codec index (-1 if none). */
int jdg_cinc_ref(const jdg_data *d, int c);
int jdg_cinc_of_ref(const jdg_data *d, int ref);
/* C-in-C actions of player p in the movement step (lead, halt), or the
 * contact decision when s->contact is set. */
int jdg_cinc_legal(const gr_game *g, int p, gr_action *out, int cap, int n);
gr_status jdg_cinc_apply(gr_game *g, const gr_action *a, gr_error *why);
/* After a unit of side `side` entered hex h: marks every enemy C-in-C it
 * has just come next to [R2.5.2-a]; `before` is the hex it came from (or
 * -1). */
/* The C-in-Cs stacked with unit u in hex `from` go with it to `to` in its
 * retreat, recoil or rout move, unless a friendly unit stays there;
 * JDG_OFFMAP: off the map, eliminated [R2.5.2-b/c, R10.4-g]. */
void jdg_cinc_follow(gr_game *g, int u, int from, int to);
void jdg_cinc_contact(gr_game *g, int side, int h, int before);
/* The lowest contacted C-in-C, or -1. */
int jdg_contact_cinc(const jdg_state *s);

/* ------------------------------------------------------------------ fire/ (rule 7), rout/ */

/* Fire-step actions of player p (pivot, fire) and whether end-step is
 * allowed (no mandatory fire left, R7.2-e). */
int jdg_fire_legal(const gr_game *g, int p, gr_action *out, int cap, int *may_end);
gr_status jdg_fire_apply(gr_game *g, const gr_action *a, gr_error *why);
/* Counter-battery decision: the guns of the hex fired at that may answer
 * (legal), applying counter-battery / no-counter-battery. */
int jdg_counter_legal(const gr_game *g, int p, gr_action *out, int cap);
gr_status jdg_counter_apply(gr_game *g, const gr_action *a, gr_error *why);
/* The rule a fire step may not end by (mandatory fire), or NULL. */
const char *jdg_fire_pending(const gr_game *g);
/* One disorder level for unit u [R10.1, R10.2-a/b, AMB-10, R4.2-h/i];
 * a unit that routs is marked to retreat [R10.2-c]. */
void jdg_disorder(gr_game *g, int u);
/* Cohesion test of unit u with drm [R0.4.1]; a failure is one disorder
 * [R0.4-b]. */
void jdg_cohesion_test(gr_game *g, int u, int drm);
/* Starts the next pending retreat (units marked JDG_UF_RETREAT) from the
 * attacker's hex `from`; eliminates units that cannot retreat. */
void jdg_retreat_next(gr_game *g, int from);
/* The same, moving away from every one of the nref hexes refs (the
 * attackers of a shock) [R10.3.1-a]; units marked JDG_UF_RECOIL recoil 1
 * hex. */
void jdg_retreat_from(gr_game *g, const int16_t *refs, int nref);
/* Hexes of unit u's retreat on routing: 2, or 3 for cavalry and horse
 * artillery [R10.2-c]. */
int jdg_retreat_length(const jdg_data *d, int u);
/* After a recoil or retreat into a stack facing another way, u takes the
 * facing of the units that stayed put [R10.3.2]. */
void jdg_take_stack_facing(gr_game *g, int u);
int jdg_retreat_legal(const gr_game *g, int p, gr_action *out, int cap);
gr_status jdg_retreat_apply(gr_game *g, const gr_action *a, gr_error *why);
/* Rout moves (rout/routmove.c): the choices of the unit s->rt_unit, its
 * forced steps (returns 1 when its move is over), a rout, rout-stop or
 * rout-short; jdg_routmove_begin readies s for u's rout move. */
void jdg_routmove_begin(const jdg_data *d, jdg_state *s, int u);
int jdg_routmove_legal(const gr_game *g, int p, gr_action *out, int cap);
int jdg_routmove_run(gr_game *g);
gr_status jdg_routmove_apply(gr_game *g, const gr_action *a, gr_error *why);
/* Reorganisation (rout/reorg.c) [R11.1]: the reorganise actions of player
 * p appended to out (n so far); applying one; the automatic reorganisation
 * of disordered units at night when the step begins [R11.1-g]. */
int jdg_reorg_legal(const gr_game *g, int p, gr_action *out, int cap, int n);
gr_status jdg_reorg_apply(gr_game *g, const gr_action *a, gr_error *why);
void jdg_reorg_night(gr_game *g);
/* Removes unit u from play [R10.2-b]. */
void jdg_eliminate(gr_game *g, int u);

/* ------------------------------------------------------------------ shock/ (rule 8) */

/* Shock-step actions of player p when no combat is under way (declare,
 * resolve); *may_end: every declared shock has been resolved. */
int jdg_shock_legal(const gr_game *g, int p, gr_action *out, int cap, int *may_end);
/* Applies shock (a declaration) and resolve (starts a combat). */
gr_status jdg_shock_apply(gr_game *g, const gr_action *a, gr_error *why);
/* The rule the shock step may not end by (declared shocks unresolved), or
 * NULL. */
const char *jdg_shock_pending(const gr_game *g);
/* Who decides in the combat under way (and *decision), or -1. */
int jdg_combat_player(const gr_game *g, int *decision);
/* The combat decision's actions (reaction fire, advance, breakthrough,
 * counter-shock) and their application. */
int jdg_combat_legal(const gr_game *g, int p, gr_action *out, int cap);
gr_status jdg_combat_apply(gr_game *g, const gr_action *a, gr_error *why);
/* Runs the combat under way up to its next decision (call after a retreat,
 * recoil or C-in-C contact decision ends). */
void jdg_shock_continue(gr_game *g);

/* Charges (shock/charge.c) [R9.1]: the charge actions of the movement
 * step appended to out (n so far); charge; the charge move's limits on a
 * step of u into `to`; the chargers' own declarations as the shock step
 * begins. */
int jdg_charge_legal(const gr_game *g, int p, gr_action *out, int cap, int n);
gr_status jdg_charge_apply(gr_game *g, const gr_action *a, gr_error *why);
/* Records the step from `from` to `to` of a retreat or recoil of unit u
 * (of side `side`) during a combat: the first such unit of each side is
 * the one its enemies may pursue [R9.5.2-c]. */
void jdg_pursuit_record(jdg_state *s, int side, int u, int from, int to);
gr_status jdg_charge_step(const jdg_data *d, const jdg_state *s, int u, int to, gr_error *why);
void jdg_charges_declare(gr_game *g);

/* ------------------------------------------------------------------ hidden.c */

void jdg_mask(gr_game *g, int viewer);
void jdg_determinize(gr_game *g, gr_rng *rng);
/* The reopen op: in Phase A, orders the other side has given and the
 * viewer has not matched are taken back (gr_game_determinize_open). */
void jdg_reopen(gr_game *g, int viewer);

/* ------------------------------------------------------------------ load.c, edit.c, query.c */

gr_status jdg_load(gr_loader *ld, const void *scenario_doc, void **sdata);
void jdg_free_sdata(void *sdata);
gr_status jdg_edit(void *sdata, const char *line, gr_error *err);
gr_status jdg_setup(gr_game *g, const char *line, gr_error *err);
gr_status jdg_query(const gr_game *g, const char *what, char *buf, size_t size, gr_error *err);
int jdg_describe(const gr_game *g, char *buf, size_t size);
gr_status jdg_sanity(const gr_game *g, gr_error *err);
/* A player the game waits for who has no legal action, or -1 (never, in
 * a sane game). */
int jdg_stuck_player(const gr_game *g);
/* Sets a unit's position from set-up data (init) and marks it entered. */
void jdg_place_unit(gr_game *g, int u, int hex, int facing, int status);

#include "rules/jdg/turn/turn.h"

#endif
