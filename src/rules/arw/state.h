/*
 * state.h — arw_data, the loaded scenario (tables, map, order of battle,
 * cards, Savannah data), and arw_state, the game: one plain struct with no
 * pointers, copied with one memcpy and hashed byte for byte (every block
 * keeps explicit padding).  Also the enums of stages, tasks, decisions,
 * actions, events and dice purposes, the accessors arw_st/arw_cst/arw_dat
 * and the static vocabularies.
 */
#ifndef ARW_STATE_H
#define ARW_STATE_H

#include "types.h"
#include "cards/carddata.h"
#include "savannah/savdata.h"

typedef struct arw_data {
    arw_tables t;
    int nhtypes, nstypes, ncombos, nfeatures;
    arw_hex_type htype[ARW_MAX_HEX_TYPES];
    arw_side_type stype[ARW_MAX_SIDE_TYPES];
    arw_side_combo combo[ARW_MAX_COMBOS];
    arw_feature feature[ARW_MAX_FEATURES];
    arw_map map;
    int nunits;
    arw_unit_def *unit;
    /* derived from unit[] by arw_data_derive (after load and every edit) */
    int nside_units[ARW_NSIDES];
    int16_t side_units[ARW_NSIDES][ARW_MAX_UNITS]; /* each side's units, in unit order */
    int nside_art[ARW_NSIDES];
    int16_t side_art[ARW_NSIDES][ARW_MAX_UNITS];   /* each side's artillery           */
    int nside_leaders[ARW_NSIDES];
    int16_t side_leaders[ARW_NSIDES][ARW_MAX_UNITS]; /* each side's leaders           */
    int nside_combat[ARW_NSIDES];
    int16_t side_combat[ARW_NSIDES][ARW_MAX_UNITS]; /* combat units (not leaders)     */
    int nside_no_art[ARW_NSIDES];
    int16_t side_no_art[ARW_NSIDES][ARW_MAX_UNITS]; /* combat units but artillery
                                                       (those GR12.12 may oblige)     */
    arw_crt_sum crt_sum[ARW_MAX_COLS][ARW_CRT_DRMS]; /* [column][drm - roll_min + 9]
                                                        (evalcc.c)                   */
    int16_t side_sp[ARW_NSIDES];    /* full-strength SP of each side's combat units */
    int16_t side_ranks[ARW_NSIDES]; /* stars of each side's leaders (evaluate.c)    */
    uint16_t fw_types;              /* side types that are fieldworks (ARW_S_FIELDWORKS) */
    uint16_t road_types;            /* side types that are roads (ARW_S_ROAD)        */
    uint16_t p_types[ARW_NMC];      /* side types prohibited to each movement class  */
    uint8_t unit_nat[ARW_MAX_UNITS]; /* SR4.1 classes of each unit (arw_nat_of)      */
    uint8_t unit_nat_end[ARW_MAX_UNITS];  /* ... it may not end with (arw_nat_end_bad) */
    uint8_t unit_nat_pass[ARW_MAX_UNITS]; /* ... nor pass through (arw_nat_pass_bad)  */
    /* opening position and length */
    uint8_t start_turn, start_phase, start_active;
    uint8_t end_turn;            /* last game turn                           */
    int8_t end_phase;            /* >= 0: the game ends after this phase of
                                    the first player turn (a slice)          */
    uint8_t pad_;
    uint32_t edit_gen;           /* scenario edits so far (mvscratch.c keys
                                    its kept facts with it)                  */
    int16_t start_morale[ARW_NARMIES];
    uint8_t start_momentum[ARW_NSIDES];
    /* Savannah scenario data */
    uint32_t rules;              /* ARW_SR_* special rules in force            */
    arw_turn turn[ARW_MAX_TURNS + 1]; /* turn record track by turn number     */
    /* GR5 sequence of play (scenario "sequence"; default: the series') */
    uint8_t nseq[ARW_NSEGS];
    uint8_t seq[ARW_NSEGS][ARW_NPHASES];  /* phases of each segment, in order */
    uint8_t order[ARW_MAX_TURNS + 1];     /* ARW_ORDER_* of each game turn     */
    arw_fire_tables fire;        /* fire tables (tables.json "fire")     */
    arw_los_line los_line[ARW_LOS_SPAN * ARW_LOS_SPAN]; /* lines by offset */
    /* CARDS: the scenario's deck (cards.json; ncards 0 = no cards) */
    int ncards;
    arw_card card[ARW_NCARDS + 1];        /* by card number                     */
    arw_sav_data sav;                     /* SAVANNAH strategic data (loadsav.c) */
} arw_data;

/* ------------------------------------------------------------------ state */

/* Unit status (GR3.2, GR13.3, GR13.4). */
enum { ARW_READY = 0, ARW_DISRUPTED = 1, ARW_SHATTERED = 2 };
/* Where a unit is. */
enum { ARW_BOX_MAP = 0, ARW_BOX_OFF, ARW_BOX_ELIMINATED, ARW_BOX_CAPTURED,
       ARW_BOX_REMOVED /* removed from the game by a card (no VP, AMB-22) */ };

/* Dynamic unit flags. */
enum {
    ARW_U_PINNED = 1u << 0,    /* GR13.1 PIN                                    */
    ARW_U_LOST = 1u << 1,      /* SR4.9 LOST                                    */
    ARW_U_PREV_LOST = 1u << 2, /* SR4.9 PREVIOUSLY LOST                         */
    ARW_U_CAV_WD = 1u << 3,    /* GR12.4 CAVALRY WITHDRAWAL                     */
    ARW_U_FIRED = 1u << 4,     /* GR10.5 first fire used                        */
    ARW_U_GUEST = 1u << 5,     /* GR13.25 retreated into an unresolved combat   */
    ARW_U_RETREATED = 1u << 6, /* retreated in the current combat (Step 9)      */
    ARW_U_ADVANCED = 1u << 7,  /* advanced after the current combat             */
    ARW_U_MORTAR_MOVED = 1u << 8,
    ARW_U_MORTAR_FIRED = 1u << 9,
    ARW_U_ART_FREED = 1u << 10, /* HS-sr1: artillery attacked, may move         */
    ARW_U_SR41_FORCED = 1u << 11, /* SR4.1-1d: in a mixed Franco-American stack
                                     next to the enemy when its Movement phase
                                     began (stackrules.c)                     */
    ARW_U_ART_RETURN = 1u << 12, /* HS-sr1: artillery hit by D or R in
                                    artillery fire, on its way back to its
                                    starting hex (until it stands there)     */
    /* SAVANNAH (sortie.c): */
    ARW_U_SORTIE = 1u << 14,   /* SR4.10: British unit outside the perimeter on a
                                  sortie (turns 1-10)                           */
    ARW_U_WAS_INSIDE = 1u << 15 /* SR4.10: the unit has been inside the perimeter */
};

typedef struct arw_unit {
    int16_t hex;     /* map index, ARW_NO_HEX when not on the map             */
    int16_t next;    /* next unit in the same hex (occupancy list)            */
    uint8_t steps;   /* steps left: 2 full, 1 reduced (0 once removed)        */
    uint8_t status;  /* ARW_READY / DISRUPTED / SHATTERED                     */
    uint8_t box;     /* ARW_BOX_*                                             */
    uint8_t combat;  /* 0, or 1 + index of this phase's close combat          */
    uint16_t flags;  /* ARW_U_*                                               */
    uint8_t cw;      /* covered-way hexes entered this trip (SR4.9-d)         */
    uint8_t pad_;
} arw_unit;

/* Dynamic per-hex state (flexible array at the end of arw_state). */
typedef struct arw_hexst {
    int16_t head;    /* first unit in the hex, or ARW_NO_UNIT                 */
    uint8_t flags;   /* ARW_H_* (town destroyed, siegeworks...)               */
    uint8_t breach;  /* bit d: side d of this hex breached (SR4.5-c)          */
} arw_hexst;

enum {
    ARW_H_DESTROYED = 1u << 0,   /* destroyed Savannah town hex                 */
    ARW_H_WORKS_BUILD = 1u << 1, /* siegeworks under construction (SR4.4)       */
    ARW_H_WORKS_DONE = 1u << 2   /* completed siegeworks                        */
};
/* SAVANNAH (construction.c): bits 3-5 of arw_hexst.flags hold the facing of
 * completed siegeworks: the marker entrenches the sides facing-1, facing,
 * facing+1 (mod 6) of its hex (the symbol hex). */
#define ARW_H_FACING_SHIFT 3
#define ARW_H_FACING_MASK (7u << ARW_H_FACING_SHIFT)
#define ARW_H_WORKS_NEW (1u << 6) /* marker placed in this construction phase */

/* Close combat states. */
enum { ARW_CS_DECLARED = 0, ARW_CS_ACTIVE = 1, ARW_CS_DONE = 2 };
/* Close combat flags. */
enum {
    ARW_CF_NC = 1u << 0,         /* tactics gave no combat (GR12.23 Step 4)     */
    ARW_CF_ART_CAPTURE = 1u << 1,/* all defenders artillery (GR12.3-b)          */
    ARW_CF_ROLLED = 1u << 2,
    ARW_CF_ILLEGAL_ATT = 1u << 3,/* attacker's chit was ineligible (GR12.54)    */
    ARW_CF_ILLEGAL_DEF = 1u << 4,
    ARW_CF_CAV_WD = 1u << 5,     /* the defender withdrew his cavalry (GR12.4)  */
    ARW_CF_DIVERTED = 1u << 6,   /* shifted one column left (GR12.14)           */
    ARW_CF_BELOW = 1u << 7       /* odds below the first column (-1 DRM)        */
};

/* Retreat task argument: distance and flags. */
#define ARW_RT_DIST 0x0F
#define ARW_RT_STRICT 0x10  /* never adjacent to an enemy (GR12.4-a, GR13.24-a) */
#define ARW_RT_REDUCED 0x20 /* stacking as if reduced one step (GR13.23-b)      */
#define ARW_RT_AVOID 0x40   /* retreat.c internal: SR4.1-2a classes avoided     */

typedef struct arw_combat {
    int16_t dhex[ARW_MAX_DHEX]; /* defending hexes                             */
    int16_t van[2];             /* vanguard per role, or ARW_NO_UNIT           */
    int16_t sp[2];              /* strength per role (Step 1)                  */
    uint8_t ndhex;
    uint8_t state;              /* ARW_CS_*                                    */
    uint8_t chit[2];            /* chit per role, 1..8, 0 = none               */
    int8_t column;              /* CRT column index                            */
    int8_t base_drm;            /* Step 3 DRMs (incl. odds below 1-3)          */
    int8_t tactic_drm;          /* Step 4 matrix value + illegal-chit penalty  */
    int8_t roll;                /* last die face                               */
    int8_t final;               /* clamped modified roll                       */
    uint8_t res[2];             /* result per role (arw_rcode | ARW_R_STAR)    */
    uint8_t army[2];            /* army per role (morale gains and losses)     */
    uint8_t level[ARW_NARMIES]; /* army morale level at start (GR16.24)        */
    uint8_t flags;              /* ARW_CF_*                                    */
    uint8_t declined;           /* momentum re-roll: bit per side declined     */
} arw_combat;

/* Sub-steps of the phase in progress (what pending() reports). */
typedef enum arw_stage {
    ARW_ST_IDLE = 0,   /* between phases (never at rest)                      */
    ARW_ST_DECLARE,    /* GR12.21 declarations                                */
    ARW_ST_PICK,       /* GR12.23 attacker picks the next combat              */
    ARW_ST_VANGUARD,   /* Step 2 (att then def: see arw_state.van_role)       */
    ARW_ST_CHITS,      /* Step 4 simultaneous secret choice                   */
    ARW_ST_MOMENTUM,   /* Step 6 re-roll offers                               */
    ARW_ST_TASKS,      /* Step 7 results: a task needs its owner's choice     */
    ARW_ST_ADVANCE,    /* Step 9                                              */
    ARW_ST_OVER,
    ARW_ST_INITIATIVE, /* GR6.2 bids and seizing (see arw_state.init_step)    */
    ARW_ST_CAV_WD,     /* GR12.4 the defender decides on cavalry withdrawal   */
    /* CARDS (SR4.3): draws, play windows, card effects (cardplay.c) */
    ARW_ST_CARDS,
    /* MOVEMENT (GR7-GR9): stages from ARW_ST_MOVEMENT up to the FIRE
     *      block belong to movement.c (pending, legal, automatic steps) */
    ARW_ST_MOVEMENT,   /* GR9.1 the active side moves its units one at a time */
    ARW_ST_ENTRY,      /* GR9.61, SR4.7 the owner picks a reinforcement's entry hex */
    ARW_ST_OVERSTACK,  /* GR7.3, SR4.7-d the owner brings a hex within the limits */
    /* FIRE (GR10-GR11): stages from ARW_ST_FIRE on belong to fire.c */
    ARW_ST_FIRE,         /* GR11 the inactive side designates artillery fire     */
    ARW_ST_MORTAR,       /* SR4.12 the Allied player fires his mortars           */
    ARW_ST_IMPACT,       /* SR4.12 the owner picks the unit the shell may damage */
    ARW_ST_RIFLE,        /* GR10.2 arw_state.fire_side designates rifle fire     */
    ARW_ST_FIRE_RESULTS, /* fire results being applied (automatic)               */
    /* SAVANNAH: stages from ARW_ST_SAV on belong to savops.c (the
     *      decision waited for is arw_state.sav.step) */
    ARW_ST_SAV,
    ARW_NSTAGES
} arw_stage;

/* Result steps, processed from the top of a stack. */
typedef enum arw_task_kind {
    ARW_T_RESULT = 0,   /* apply result `arg` to role `side` of the combat     */
    ARW_T_RETREAT,      /* unit retreats `arg` hexes (decision if > 1 option)   */
    ARW_T_MORALE,       /* unit takes a morale check; arg = ARW_MC_* outcome    */
    ARW_T_CAPTURE,      /* side `side` chooses a unit of role `arg` to capture  */
    ARW_T_SECOND_LOSS,  /* owner chooses a second step loss (result "2")        */
    ARW_T_CASUALTY,     /* owner chooses a leader lost ("*")                    */
    ARW_T_MOMENTUM,     /* Step 8 momentum gain                                 */
    ARW_T_PIN,          /* PIN result for the whole combat                      */
    ARW_T_PHASE_END,    /* end-of-phase checks (GR13.3-g, GR13.4-g)             */
    ARW_T_LEADER,       /* GR13.26 leader `unit` may follow unit `arg`          */
    ARW_NTASKS
} arw_task_kind;

/* Morale-check consequences (ARW_T_MORALE arg). */
enum {
    ARW_MC_FAIL_RETREAT = 0, /* R, D, 1, 2: fail -> retreat 1 hex             */
    ARW_MC_PASS_RETREAT = 1  /* DC, AC, GR13.25: pass -> retreat 1, fail -> D */
};

typedef struct arw_task {
    uint8_t kind;    /* arw_task_kind                                          */
    uint8_t side;    /* side or role, per kind                                 */
    uint8_t arg;
    uint8_t pad_;
    int16_t unit;
} arw_task;

/* What results are being resolved for (arw_rctx.kind). */
enum {
    ARW_RC_NONE = 0, /* nothing: phase-end checks and the like                  */
    ARW_RC_CC,       /* the current close combat (arw_state.cur)                */
    ARW_RC_FIRE,     /* a fire combat (GR10, GR11)                              */
    ARW_RC_RALLY,    /* rally attempts (GR15)                                   */
    ARW_RC_CARD,     /* a card or other special-rule effect                     */
    ARW_RC_SAV       /* SAVANNAH: weather, siege & bombardment (savops.c resumes) */
};

/* Resolution context: the armies on each side and the army morale levels at
 * the start of a resolution (GR16.24), used by morale checks, army morale
 * gains and losses (AMB-51) and capture, whatever causes them. */
typedef struct arw_rctx {
    uint8_t kind;               /* ARW_RC_*                                  */
    uint8_t army[ARW_NSIDES];   /* army of each side in this resolution     */
    uint8_t level[ARW_NARMIES]; /* army morale levels at its start          */
} arw_rctx;

/* Initiative segment sub-steps (GR6). */
enum {
    ARW_INIT_BID = 0,      /* [Advanced] GR6.2: bids, previous holder first       */
    ARW_INIT_SEIZE_FIRST,  /* GR6.2: the previous holder may spend 3 to choose   */
    ARW_INIT_SEIZE_SECOND, /* GR6.2: then the other player may                   */
    ARW_INIT_DONE
};

/* SAVANNAH state (savops.c and the files it names) */

/* What the Savannah stage (ARW_ST_SAV) waits for (arw_sav.step). */
enum {
    ARW_SV_NONE = 0,
    ARW_SV_ASSAULT,      /* SR1.6-c: the Allies announce the assault or not      */
    ARW_SV_LOSS,         /* an owner picks the unit that loses a step (Hurricane
                            AMB-84, destroyed town)                             */
    ARW_SV_WORKS_FACE,   /* SR4.4: the French orient a marker they complete      */
    ARW_SV_WORKS_PLACE,  /* SR4.4: the French place construction markers         */
    ARW_SV_SIEGE_ROLL,   /* SR4.6: a side rolls on Table I or passes             */
    ARW_SV_SIEGE_SIDE,   /* the roller picks a hexside to breach or repair       */
    ARW_SV_SIEGE_ARMY,   /* the British pick the army that loses morale (BR 4)   */
    ARW_SV_SIEGE_UNIT,   /* the roller picks the enemy artillery unit (row 6)    */
    ARW_SV_SIEGE_TOWN,   /* the French pick the town hex to bombard (FR 9)       */
    ARW_SV_FREE_SETUP    /* HS-setup-a: a unit with a free set-up area is placed */
};
/* Case A of SR1.6-c (arw_sav.assault). */
enum { ARW_AS_NONE = 0, ARW_AS_ANNOUNCED, ARW_AS_SWITCHED };
/* arw_sav.flags (for the whole game). */
enum {
    ARW_SVF_FRENCH_ROLLED = 1u << 0, /* SR4.6-b: the French have rolled once     */
    ARW_SVF_WX_NONE = 1u << 1        /* no weather before the first turn          */
};
/* arw_sav.turn_flags (this turn only; cleared when a turn begins). */
enum {
    ARW_SVT_X2_FR_ART = 1u << 0, /* Siege II FR 4: French artillery MA x2        */
    ARW_SVT_X2_GRAHAM = 1u << 1, /* Siege II BR 4: Graham's LI MA x2             */
    ARW_SVT_BEEKMAN = 1u << 2,   /* Siege II FR 5: Beekman may fire at once      */
    ARW_SVT_NAVAL_OFF = 1u << 3, /* Card 42: the naval zone is inactive          */
    ARW_SVT_NO_FR_SIEGE = 1u << 4,/* Card 9: no French siege roll               */
    ARW_SVT_NO_BR_SIEGE = 1u << 5,/* Card 21: no British siege roll             */
    ARW_SVT_WET = 1u << 6        /* the current roller's powder is wet (AMB-54)  */
};

typedef struct arw_sav {
    uint8_t step;          /* ARW_SV_*                                             */
    uint8_t who;           /* side deciding in the Savannah stage                  */
    uint8_t assault;       /* ARW_AS_*                                             */
    uint8_t def_kept;      /* ARW_DEF_* in force at the announcement (AMB-05)      */
    uint8_t wx_prev;       /* weather of the previous turn                         */
    uint8_t wx_tactical;   /* weather of the tactical turns after Case A (AMB-10)  */
    uint8_t def_complete;  /* Card 55: defences complete from this turn, 0 none    */
    uint8_t flags;         /* ARW_SVF_*                                            */
    uint8_t turn_flags;    /* ARW_SVT_*                                            */
    uint8_t no_vp;         /* > 0: losses give no VP and count for no victory
                              (Hurricane; Cards 32, 33, 43)                      */
    uint8_t works_stage;   /* SR4.4 stages done (AMB-28)                           */
    uint8_t works_avail;   /* construction markers not on the map                  */
    uint8_t works_placed;  /* markers placed in this construction phase            */
    uint8_t siege_side;    /* side whose siege roll is being resolved              */
    uint8_t siege_table;   /* 0 Table I, 1 Table II                                */
    uint8_t siege_face;    /* row being applied                                    */
    uint8_t siege_part;    /* next part of the row to apply (siege.c)              */
    uint8_t left;          /* breaches / repairs still to pick                     */
    uint8_t losses;        /* bit per army: a Hurricane step loss still due        */
    int16_t hex;           /* hex of a destroyed-town loss, or ARW_NO_HEX          */
    int16_t lost_sp[ARW_MAX_GROUPS]; /* SP lost per colour band (AMB-22)          */
    int16_t pbreach[ARW_MAX_PBREACH]; /* partial breaches (Cards 25, 34): 1 +
                                     hexside id (gr_grid_side), 0 none (savmap.c) */
    uint8_t pbreach_kind[ARW_MAX_PBREACH]; /* ARW_BK_* of each                 */
    uint8_t sortie[ARW_MAX_UNITS];   /* 1 + leader a unit sortied with, 0 none
                                        (SR4.10-b, AMB-87)                       */
} arw_sav;

/* Game options (gr_game_new "key=value"). */
enum {
    ARW_O_ADVANCED = 1u << 0,    /* [Advanced] rules (GR1-b), default on        */
    ARW_O_STRICT_CHITS = 1u << 1,/* refuse ineligible chits instead of GR12.54  */
    ARW_O_AMB04_R = 1u << 2,     /* CRT roll 3 / 1-2 reads R/- ([ES])           */
    ARW_O_NO_AUTO = 1u << 3,     /* do not play single-option decisions itself  */
    ARW_O_AMB03_ES = 1u << 4     /* shattered units captured only at the end of
                                    their own side's CC phase ([ES], AMB-03)     */
};

/* one fire of a fire phase (GR10, GR11, SR4.12). */
enum { ARW_FK_ARTILLERY = 0, ARW_FK_RIFLE, ARW_FK_MORTAR };  /* arw_fire.kind  */
/* arw_fire.state: ANNOUNCED is an artillery fire given `fire-now` while the
 * enemy may answer with Card 43 (SR4.3); it is resolved when that window
 * closes (arw_art_resolve_announced). */
enum { ARW_FR_DESIGNATED = 0, ARW_FR_RESOLVED, ARW_FR_ANNOUNCED };
enum {
    ARW_FF_HIT = 1u << 0,       /* the to-hit roll succeeded                     */
    ARW_FF_TWO_ROLLS = 1u << 1, /* GR10.6 German Jaegers roll twice              */
    ARW_FF_FIRST = 1u << 2      /* first-fire DRM applied (GR10.5, SR4.12)       */
};
/* Steps of the results cursor (arw_state.fire_step). */
enum { ARW_FA_EFFECTS = 0, ARW_FA_RETREATS, ARW_FA_MALFUNCTION, ARW_FA_DONE };

typedef struct arw_fire {
    int16_t target;  /* target unit; mortar: the unit picked in the impact hex  */
    int16_t hex;     /* target's hex when fired on; mortar: impact hex, or
                        ARW_NO_HEX when the shell had no effect               */
    int16_t aim;     /* mortar: the hex aimed at; else ARW_NO_HEX              */
    uint8_t kind;    /* ARW_FK_*                                               */
    uint8_t side;    /* firing side                                            */
    uint8_t army;    /* army of the first firer: gains from the target's losses
                        (AMB-51)                                              */
    uint8_t state;   /* ARW_FR_*                                               */
    int8_t to_hit;   /* T-Fire number                                          */
    int8_t drm;      /* T-Fire-DRM total                                       */
    uint8_t res;     /* damage result (arw_rcode | ARW_R_STAR); "-" if missed  */
    uint8_t flags;   /* ARW_FF_*                                               */
    uint8_t sp;      /* firing SP                                              */
    uint8_t range;   /* range used for the to-hit number (GR11.2-b/c)          */
} arw_fire;
/* CARDS state types */
/* Card locations (arw_state.card_loc). */
enum {
    ARW_CL_NONE = 0,      /* not in this scenario's deck                        */
    ARW_CL_DECK,
    ARW_CL_HAND,          /* + side: ARW_CL_HAND + ARW_BRITISH / ARW_ALLIED      */
    ARW_CL_HAND_ALLIED,
    ARW_CL_DISCARD,
    ARW_CL_ASIDE,         /* looked at by Card 17/18, not yet chosen            */
    ARW_CL_HIDDEN         /* a player's view: where it is is hidden from him    */
};
/* arw_state.card_know bits. */
enum { ARW_CK_BRITISH = 1u << 0, ARW_CK_ALLIED = 1u << 1, ARW_CK_BY_ALLIED = 1u << 2 };
/* arw_state.ucard bits: the first ones last one turn (ucard_turn). */
enum {
    ARW_UC_DOUBLE_MA = 1u << 0,   /* Card 22/54: doubled MA this turn            */
    ARW_UC_RALLY = 1u << 1,       /* Card 22/54: +1 to rally rolls this turn     */
    ARW_UC_WOUNDED = 1u << 2,     /* Card 44: no move, rally, chits, modifiers   */
    ARW_UC_TURN_BITS = 0x07u,
    ARW_UC_REPLACEMENT = 1u << 4  /* a replacement counter swapped in (14, 23, 30) */
};
/* Card stage modes (arw_cardm.mode). */
enum {
    ARW_CM_IDLE = 0, ARW_CM_DRAWS, ARW_CM_LOOK, ARW_CM_WINDOW, ARW_CM_RESPONSE,
    ARW_CM_CHOICE
};
typedef struct arw_cardm {
    uint8_t mode;        /* ARW_CM_*                                           */
    uint8_t side;        /* who decides now                                    */
    uint8_t wkind;       /* window being held: ARW_CW_* (or a phase window)    */
    uint8_t passed;      /* window: bit per side that passed                   */
    uint8_t resume;      /* stage restored when a mid-phase window closes      */
    uint8_t dstep;       /* Random Events phase: next draw step                */
    uint8_t ret;         /* mode resumed after a Card 17/18 choice             */
    uint8_t card;        /* card being resolved                                */
    uint8_t by;          /* side that played it                                */
    uint8_t step;        /* effect step                                        */
    uint8_t naside;      /* cards set aside by Card 17/18                      */
    uint8_t nfire;       /* firing units announced (Card 43)                   */
    uint8_t aside[4];
    int16_t arg[4];      /* effect choices and counters                        */
    int16_t fire[4];     /* announced firing artillery (Card 43)               */
} arw_cardm;

typedef struct arw_state {
    /* clock and sequence */
    uint8_t turn;
    uint8_t phase;             /* arw_phase                                    */
    uint8_t active;            /* side whose player turn it is                 */
    uint8_t player_turn;       /* 0 first, 1 second player turn of the turn    */
    uint8_t stage;             /* arw_stage                                    */
    uint8_t van_role;          /* ARW_ST_VANGUARD: role choosing now           */
    uint8_t options;           /* ARW_O_*                                      */
    uint8_t outcome;           /* when over: arw outcome code                  */
    int8_t winner;             /* when over: side, or -1 draw                  */
    uint8_t first_side;        /* side that moves first this turn             */
    uint8_t weather;           /* T-Weather result (weather.c)                 */
    uint8_t track;             /* ARW_TRACK_*: the track of a scenario without
                                  a turn track (setup line "track"; SR1.6)   */
    /* armies and sides */
    int16_t morale[ARW_NARMIES];  /* army morale (GR16)                        */
    int16_t vp2[ARW_NARMIES];     /* victory points, half points (SR2.9)       */
    uint8_t momentum[ARW_NSIDES]; /* chits held (GR12.6)                       */
    uint8_t pool;                 /* chits in the common pool                  */
    uint8_t ncombats;
    uint8_t cur;                  /* combat being resolved                     */
    uint8_t ntasks;
    uint8_t chit_secret[ARW_NSIDES]; /* committed chit per side, 0 = none,
                                        ARW_CHIT_HIDDEN in a masked view      */
    /* cards (SR4.3, later): where each card is */
    uint8_t card_loc[56];         /* ARW_CL_* of card c (CARDS block below)    */
    uint8_t pad_[2];
    /* sequence of play and initiative (GR5, GR6) */
    uint8_t seg;                  /* ARW_SEG_* of the current phase            */
    uint8_t norder;               /* player turns in this game turn (1 or 2)   */
    uint8_t order[ARW_NSIDES];    /* side of each player turn                  */
    uint8_t initiative;           /* side holding the initiative (GR6.1-a)     */
    uint8_t init_step;            /* ARW_INIT_*                                */
    int8_t init_bid[ARW_NSIDES];  /* chits bid (GR6.2); -1 not declared yet    */
    int8_t init_roll[ARW_NSIDES]; /* last modified initiative rolls            */
    arw_rctx rctx;                /* resolution context (6 bytes)              */
    int16_t diverted;             /* 1 + hex diverted this phase (GR12.14)     */
    uint8_t opening[4];           /* turn, phase, active of the opening (setup
                                     lines restart it), pad                    */
    /* CARDS (SR4.3, Part G): the deck, hands, knowledge, cards in force
     *      and the card stage's machine (cards.c, cardplay.c, cardfx*.c).
     *      Even number of bytes, explicit padding. */
    uint8_t deck[ARW_NCARDS];     /* deck order, deck[ndeck - 1] on top        */
    uint8_t ndeck;
    uint8_t nhand[ARW_NSIDES];    /* cards in each hand (public)               */
    uint8_t card_know[ARW_NCARDS + 1]; /* ARW_CK_*: who knows where card c is,
                                     who played it                             */
    uint8_t card_turn[ARW_NCARDS + 1]; /* turn card c was played (in force), or
                                     taken by Card 45 (not playable)           */
    uint8_t ucard_turn;           /* turn of the turn-stamped ucard bits       */
    uint8_t ucard[ARW_MAX_UNITS]; /* per unit: ARW_UC_*                        */
    uint8_t reinf_late[ARW_NARMIES];  /* Card 20: group due that turn is late  */
    uint8_t reinf_early[ARW_NARMIES]; /* Card 46: group due that turn is early */
    uint8_t surf_turn;            /* Card 52: French group due that turn, -1 MA*/
    uint8_t cpad_[2];
    arw_cardm cm;                 /* the card stage (cardplay.c)               */
    /* movement (GR7-GR9).  Every block keeps an even number of bytes with
     * explicit padding: the state is hashed byte for byte. */
    int16_t mv_unit;              /* the unit moving now (GR9.1-a), or -1      */
    int16_t mv_from;              /* hex where its move began                  */
    uint8_t mv_spent;             /* half MP it has spent                      */
    uint8_t mv_modes;             /* ARW_MM_* ways its move may still go on    */
    uint8_t mv_flags;             /* ARW_MF_* of this movement phase           */
    int8_t var_face;              /* T-FrenchVariableEntry face of var_turn    */
    uint8_t var_turn;             /* turn of that roll (0: none yet)           */
    uint8_t mv_pad_;
    uint8_t mvu[ARW_MAX_UNITS];   /* ARW_MU_* per unit in this phase           */
    uint8_t rturn[ARW_MAX_UNITS]; /* off map: reinforcement turn if delayed (0:
                                     the data's; ARW_RT_* bits); on the map:
                                     the turn it arrived (0: not a reinforcement) */
    uint8_t arr[ARW_MAX_UNITS];   /* arrival-turn modifiers (ARW_AR_*)         */
    /* fire (GR10-GR11) */
    uint8_t fire_side;            /* side designating (rifle fire) or firing    */
    uint8_t nfires;               /* fire records of this phase                 */
    uint8_t fire_cur;             /* 1 + record designated or applied, 0 none   */
    uint8_t fire_first;           /* first record whose results are applied     */
    uint8_t fire_step;            /* ARW_FA_*: what the results cursor does     */
    uint8_t fire_mod_turn;        /* game turn fire_mod applies to (0: none)    */
    int8_t fire_mod[ARW_NSIDES];  /* hook for cards and siege results (T-Fire-DRM
                                     "Cards 10, 21, Siege I row 2, Siege II row
                                     5"): DRM to this side's defensive artillery
                                     fire in turn fire_mod_turn; added with
                                     arw_fire_add_artillery_drm              */
    int16_t fire_only;            /* 1 + the one battery of an extra fire outside
                                     the fire phase (T-Siege-II FR 5), 0 none */
    arw_fire fire[ARW_MAX_FIRES]; /* this phase's fires                         */
    uint8_t fire_of[ARW_MAX_UNITS]; /* 1 + record of the fire a unit fires in
                                       this phase, 0: has not fired           */
    /* SAVANNAH state (strategic layer and victory) */
    arw_sav sav;
    arw_combat combat[ARW_MAX_COMBATS];
    arw_task task[ARW_MAX_TASKS];
    arw_unit unit[ARW_MAX_UNITS];
    arw_hexst hex[];           /* [map.nhex]                                   */
} arw_state;

#define ARW_CHIT_HIDDEN 15
#define ARW_CHIT_WITHDRAW 4 /* chit 4 (GR12.23 Step 4 "NC" withdrawals) */
#define ARW_CHIT_TURN_FLANK 7 /* chit 7 (SR4.15 British tactical doctrine) */

/* Outcomes (names in ops.c). */
enum {
    ARW_OUT_NONE = 0, ARW_OUT_END_OF_SLICE, ARW_OUT_BRITISH_MAJOR, ARW_OUT_ALLIED_MAJOR,
    ARW_OUT_BRITISH_DECISIVE, ARW_OUT_ALLIED_DECISIVE, ARW_OUT_BRITISH_MARGINAL,
    ARW_OUT_ALLIED_MARGINAL
};

/* Decision kinds (names in ops.c, DECISIONS), in blocks: sequence and close
 * combat, cards, movement, fire, Savannah.  Saves name decisions, not numbers;
 * the blocks' first entries are dispatch bounds: keep them first. */
enum {
    ARW_D_DECLARE = 0, ARW_D_NEXT_COMBAT, ARW_D_VANGUARD, ARW_D_CHIT, ARW_D_MOMENTUM,
    ARW_D_RETREAT, ARW_D_CAPTURE, ARW_D_SECOND_LOSS, ARW_D_CASUALTY, ARW_D_ADVANCE,
    ARW_D_NONE,
    ARW_D_INIT_BID,       /* GR6.2 momentum chits added to the initiative roll */
    ARW_D_INIT_SEIZE,     /* GR6.2 3 chits to choose who has the initiative    */
    ARW_D_CAV_WITHDRAW,   /* GR12.4 the defender may withdraw his cavalry      */
    ARW_D_LEADER_RETREAT, /* GR13.26 a leader retreats with a unit, or stays   */
    ARW_D_STACK_LOSS,     /* GR13.23-b lose a step to retreat, or be captured  */
    /* CARDS (SR4.3) */
    ARW_D_EXTRA_CARD,     /* SR1.4-c spend a momentum chit for one more card   */
    ARW_D_KEEP_CARD,      /* Card 17/18 keep one of the top three              */
    ARW_D_PLAY_CARD,      /* SR4.3-c a play window                             */
    ARW_D_CANCEL_CARD,    /* Card 7 against the card just played               */
    ARW_D_CARD_CHOICE,    /* a choice inside a card's effect                   */
    /* movement (GR7-GR9) */
    ARW_D_MOVE,           /* GR9.1 move a unit, or end the movement phase      */
    ARW_D_ENTRY,          /* GR9.61, SR4.7 entry hex of a reinforcement        */
    ARW_D_OVERSTACK,      /* GR7.3 step loss, SR4.7-d delay, in an over-stack  */
    /* fire (GR10-GR11) */
    ARW_D_ART_FIRE,       /* GR11 defensive artillery fire                     */
    ARW_D_RIFLE_FIRE,     /* GR10 rifle fire (designations)                    */
    ARW_D_MORTAR_FIRE,    /* SR4.12 French mortar fire                         */
    ARW_D_MORTAR_TARGET,  /* SR4.12 the unit in the impact hex that may be hit */
    /* SAVANNAH (savops.c) */
    ARW_D_ASSAULT,        /* SR1.6-c announce the assault on Savannah or not   */
    ARW_D_SAV_LOSS,       /* AMB-84, SR4.19: the unit that loses a step        */
    ARW_D_WORKS_FACE,     /* SR4.4 orient completed siegeworks                 */
    ARW_D_WORKS_PLACE,    /* SR4.4 place construction markers                  */
    ARW_D_SIEGE_ROLL,     /* SR4.6 roll on T-Siege-I or pass                   */
    ARW_D_SIEGE_SIDE,     /* T-Siege: the hexside breached or repaired         */
    ARW_D_SIEGE_ARMY,     /* T-Siege-I BR 4: French or American army           */
    ARW_D_SIEGE_UNIT,     /* T-Siege-I row 6: the artillery unit of the accident */
    ARW_D_SIEGE_TOWN,     /* T-Siege-I FR 9: the town hex bombarded            */
    ARW_D_FREE_SETUP,     /* HS-setup-a: where a free set-up unit stands        */
    ARW_NDECISIONS
};

/* Action kinds (schema in ops.c).  Dispatch (ops.c, flow.c) goes by block:
 * kinds from ARW_A_MOVE to the FIRE block go to movement.c (arw_movement_*),
 * kinds from ARW_A_ART_FIRE on go to fire.c (arw_fire_*).  A block's first
 * entry is a dispatch bound: keep it first. */
enum {
    ARW_A_ATTACK = 0, ARW_A_WIDEN, ARW_A_DECLARE_DONE, ARW_A_RESOLVE, ARW_A_VANGUARD,
    ARW_A_CHIT, ARW_A_REROLL, ARW_A_NO_REROLL, ARW_A_RETREAT, ARW_A_CAPTURE,
    ARW_A_LOSE_STEP, ARW_A_CASUALTY, ARW_A_ADVANCE, ARW_A_ADVANCE_DONE,
    ARW_A_BID,          /* GR6.2 initiative-bid chits=N                        */
    ARW_A_SEIZE,        /* GR6.2 seize-initiative first=SIDE (3 chits)         */
    ARW_A_NO_SEIZE,     /* GR6.2 keep-rolls                                    */
    ARW_A_CAV_WITHDRAW, /* GR12.4 cavalry-withdraw                             */
    ARW_A_NO_CAV_WITHDRAW, /* GR12.4 stand                                     */
    ARW_A_LEADER_GO,    /* GR13.26 leader-retreat unit=L                       */
    ARW_A_LEADER_STAY,  /* GR13.26 leader-stay unit=L                          */
    ARW_A_REDUCE,       /* GR13.23-b reduce unit=U (then retreat)              */
    ARW_A_SURRENDER,    /* GR13.23-b surrender unit=U (captured)               */
    ARW_A_DIVERT,       /* GR12.14 divert hex=H                                */
    /* CARDS (SR4.3): kinds ARW_A_EXTRA_CARD..ARW_A_CARD_DONE go to
     *      cardplay.c (arw_cards_check/exec) */
    ARW_A_EXTRA_CARD,   /* SR1.4-c extra-card                                  */
    ARW_A_NO_EXTRA_CARD,/* no-extra-card                                       */
    ARW_A_KEEP_CARD,    /* Card 17/18 keep-card card=N (secret)                */
    ARW_A_PLAY_CARD,    /* play-card card=N                                    */
    ARW_A_PASS_CARDS,   /* pass-cards                                          */
    ARW_A_REDRAW_CARD,  /* AMB-27 redraw-card card=N                           */
    ARW_A_CARD_UNIT,    /* card-unit unit=U                                    */
    ARW_A_CARD_HEX,     /* card-hex hex=H                                      */
    ARW_A_CARD_SIDE,    /* card-side hex=H to=H2                               */
    ARW_A_CARD_ARMY,    /* card-army army=A                                    */
    ARW_A_CARD_OPTION,  /* card-option option=O                                */
    ARW_A_CARD_DONE,    /* card-done (an optional choice declined)             */
    /* movement (GR7-GR9) */
    ARW_A_MOVE,         /* GR9.1 move unit=U hex=H                             */
    ARW_A_END_MOVE,     /* end-movement                                        */
    ARW_A_ENTER,        /* GR9.61 enter unit=U hex=H (reinforcement)           */
    ARW_A_STACK_LOSS,   /* GR7.3 stack-loss unit=U                             */
    ARW_A_DELAY,        /* SR4.7-d delay unit=U (reinforcement)                */
    /* fire (GR10-GR11) */
    ARW_A_ART_FIRE,     /* GR11 fire unit=U target=T (designate, combine)      */
    ARW_A_RIFLE_FIRE,   /* GR10 rifle-fire unit=U target=T                     */
    ARW_A_END_FIRE,     /* end-fire (no more designations)                     */
    ARW_A_FIRE_NOW,     /* GR11.3 fire-now: resolve the designated fire        */
    ARW_A_MORTAR,       /* SR4.12 mortar unit=U hex=H                          */
    ARW_A_MORTAR_TARGET,/* SR4.12 mortar-target unit=U (owner of the units)    */
    /* SAVANNAH: kinds from ARW_A_ANNOUNCE on go to savops.c */
    ARW_A_ANNOUNCE,     /* SR1.6-c announce-assault                            */
    ARW_A_NO_ANNOUNCE,  /* no-assault                                          */
    ARW_A_SAV_LOSS,     /* strategic-loss unit=U                               */
    ARW_A_WORKS_FACE,   /* works-face hex=H toward=H2                          */
    ARW_A_WORKS_PLACE,  /* works-place hex=H                                   */
    ARW_A_WORKS_DONE,   /* works-done                                          */
    ARW_A_SIEGE_ROLL,   /* siege-roll                                          */
    ARW_A_SIEGE_PASS,   /* siege-pass                                          */
    ARW_A_SIEGE_SIDE,   /* siege-hexside hex=H side=H2                         */
    ARW_A_SIEGE_ARMY,   /* siege-army army=A                                   */
    ARW_A_SIEGE_UNIT,   /* siege-artillery unit=U                              */
    ARW_A_SIEGE_TOWN,   /* siege-town hex=H                                    */
    ARW_A_FREE_SETUP,   /* set-up unit=U hex=H (HS-setup-a)                    */
    ARW_NACTIONS
};

/* System events (schema in ops.c); kind = GR_EV_SYSTEM + index. */
enum {
    ARW_E_PHASE = 0, ARW_E_DECLARE, ARW_E_WIDEN, ARW_E_PINS_REMOVED, ARW_E_ODDS,
    ARW_E_VANGUARD, ARW_E_DRM, ARW_E_CHIT_COMMITTED, ARW_E_CHIT_SECRET, ARW_E_CHITS,
    ARW_E_CC_RESULT, ARW_E_MORALE_CHECK, ARW_E_RETREAT, ARW_E_STATUS, ARW_E_STEP_LOSS,
    ARW_E_ELIMINATED, ARW_E_CAPTURED, ARW_E_ARMY_MORALE, ARW_E_MOMENTUM, ARW_E_ADVANCE,
    ARW_E_LEADER_LOST, ARW_E_PIN, ARW_E_REROLL, ARW_E_GAME_OVER, ARW_E_NO_COMBAT,
    ARW_E_IGNORED,
    ARW_E_INIT_BID,     /* initiative-bid side chits                            */
    ARW_E_INIT_ROLLS,   /* initiative-rolls british allied (modified totals)   */
    ARW_E_INITIATIVE,   /* initiative side seized                              */
    ARW_E_RALLY,        /* rally unit status                                   */
    ARW_E_CAV_WITHDRAW, /* cavalry-withdrawal combat                           */
    ARW_E_DIVERT,       /* diversion hex                                       */
    ARW_E_ARMY_LEVEL,   /* army-level army level                               */
    ARW_E_LEADER_STAYS, /* leader-stays unit                                   */
    ARW_E_MOMENTUM_LOSS,/* GR12.64 capture of a +2 unit at full strength       */
    /* CARDS (SR4.3) */
    ARW_E_CARD_DRAW,    /* card-draw by hand (public)                          */
    ARW_E_CARD_DRAWN,   /* card-drawn by card (the drawer only)                */
    ARW_E_CARD_PLAYED,  /* card-played by card                                 */
    ARW_E_CARD_CANCEL,  /* card-cancelled card by                              */
    ARW_E_CARD_VOID,    /* card-void by card (discarded, another drawn)        */
    ARW_E_CARD_LOST,    /* card-unplayed by card (red card under Hurricane/Gale)*/
    ARW_E_CARD_LOOK,    /* card-look by c1 c2 c3 (the looker only)             */
    ARW_E_CARD_KEPT,    /* card-kept by (public)                               */
    ARW_E_CARD_TAKEN,   /* card-taken from to card                             */
    ARW_E_DECK_SHUFFLED,/* deck-shuffled cards                                 */
    ARW_E_CARD_FORCE,   /* card-in-force card by turn                          */
    ARW_E_CARD_UNIT,    /* card-unit card unit what                            */
    ARW_E_CARD_HEX,     /* card-hex card hex what                              */
    ARW_E_REINF,        /* card-reinforcements card army turn delta            */
    /* movement (GR7-GR9) */
    ARW_E_MOVE,         /* move unit from to mp2 (half MP spent so far)        */
    ARW_E_LOST,         /* lost unit roll (SR4.9-d)                            */
    ARW_E_ENTER,        /* reinforcement unit hex                              */
    ARW_E_DELAYED,      /* delayed unit turn (SR4.7-a/d, AMB-56)               */
    ARW_E_VAR_ENTRY,    /* variable-entry face hex (SR4.7-f)                   */
    ARW_E_REINF_LOST,   /* reinforcements-lost army (SR4.7-c)                  */
    /* fire (GR10-GR11) */
    ARW_E_FIRE,         /* fire fire unit target: a unit joins fire N          */
    ARW_E_FIRE_ROLL,    /* fire-roll fire sp range to-hit drm roll total hit   */
    ARW_E_FIRE_RESULT,  /* fire-result fire target roll result                 */
    ARW_E_MORTAR_AIM,   /* mortar fire unit hex                                */
    ARW_E_SCATTER,      /* scatter fire aim roll direction                     */
    ARW_E_IMPACT,       /* impact fire hex                                     */
    ARW_E_FIRE_NONE,    /* no-effect fire reason                               */
    ARW_E_MALFUNCTION,  /* malfunction unit roll result                        */
    ARW_E_FIRE_BANNED,  /* fire-prohibited weather (T-Weather)                 */
    /* SAVANNAH */
    ARW_E_WEATHER,      /* weather turn weather roll (roll -1: not rolled)     */
    ARW_E_TRACK,        /* track-switch turn case (SR1.6-c)                    */
    ARW_E_ASSAULT,      /* assault-announced turn                              */
    ARW_E_SURRENDER,    /* surrender-check roll drm total surrender            */
    ARW_E_VP,           /* vp army delta value (half points)                   */
    ARW_E_WORKS,        /* siegeworks hex state facing                         */
    ARW_E_SIEGE,        /* siege table side roll final                         */
    ARW_E_BREACH,       /* breach hex side repaired                            */
    ARW_E_TOWN,         /* town-bombarded target impact destroyed              */
    ARW_E_SIEGE_EFFECT, /* siege-effect effect                                 */
    ARW_E_SORTIE,       /* sortie unit leader                                  */
    ARW_E_VICTORY_HEX,  /* victory-hex side army                               */
    ARW_E_ALLIED_WINNER,/* allied-winner army (SR2.11)                         */
    ARW_NEVENTS
};

/* Dice purposes (names in ops.c). */
enum {
    ARW_ROLL_CC = 0, ARW_ROLL_MORALE, ARW_ROLL_DETERMINIZE, ARW_ROLL_INITIATIVE,
    /* CARDS */
    ARW_ROLL_CARD_SHUFFLE, ARW_ROLL_CARD_STEAL, ARW_ROLL_CARD,
    /* movement */
    ARW_ROLL_COVERED_WAY, /* SR4.9-d T-CoveredWay                              */
    ARW_ROLL_ENTRY,       /* SR4.7-f T-FrenchVariableEntry                     */
    /* fire */
    ARW_ROLL_FIRE,         /* to hit (T-Fire)                                  */
    ARW_ROLL_DAMAGE,       /* T-ArtilleryDamage, T-RifleDamage                 */
    ARW_ROLL_SCATTER,      /* T-MortarScatter                                  */
    ARW_ROLL_MALFUNCTION,  /* T-MortarMalfunction                              */
    /* SAVANNAH */
    ARW_ROLL_WEATHER, ARW_ROLL_SIEGE, ARW_ROLL_SURRENDER,
    ARW_NROLLS
};

/* ------------------------------------------------------------------ access */

static inline arw_state *arw_st(gr_game *g) { return (arw_state *)gr_state(g); }
static inline const arw_state *arw_cst(const gr_game *g)
{
    return (const arw_state *)gr_cstate(g);
}
static inline const arw_data *arw_dat(const gr_game *g) { return (const arw_data *)gr_sdata(g); }

/* Names (static vocabularies). */
extern const char *const arw_side_names[];   /* "british", "allied"            */
extern const char *const arw_army_names[];   /* "british", "french", "american"*/
extern const char *const arw_kind_names[];
extern const char *const arw_status_names[];
extern const char *const arw_box_names[];
extern const char *const arw_chit_names[];   /* 8 chits, then NULL             */
extern const char *const arw_phase_names[];
extern const char *const arw_stage_names[];
extern const char *const arw_rcode_names[];  /* codes and starred codes        */
extern const char *const arw_col_names[];    /* CRT columns                    */
extern const char *const arw_drm_names[];
extern const char *const arw_am_event_names[];
extern const char *const arw_unit_flag_names[];
extern const char *const arw_group_names[];
extern const char *const arw_outcome_names[];
extern const char *const arw_task_names[];   /* arw_task_kind               */
/* Savannah static-data vocabularies (savnames.c). */
extern const char *const arw_zone_names[];   /* bit i of ARW_Z_*            */
extern const char *const arw_srule_names[];  /* bit i of ARW_SR_*           */
extern const char *const arw_track_names[];  /* "strategic", "tactical"     */
extern const char *const arw_defences_names[]; /* ARW_DEF_*                 */
extern const char *const arw_weather_names[];  /* ARW_W_*                   */
extern const char *const arw_unit_field_names[]; /* ARW_P_*                 */
extern const char *const arw_level_names[];  /* GR16.2 levels, demoralized   */
extern const char *const arw_order_names[];  /* ARW_ORDER_*                  */
/* SAVANNAH vocabularies (savnames.c). */
extern const char *const arw_switch_names[];      /* case-a, case-b            */
extern const char *const arw_works_state_names[]; /* placed, completed, removed */
extern const char *const arw_siege_effect_names[];/* ARW_SE_*                 */
enum { ARW_SWITCH_A = 0, ARW_SWITCH_B };
enum { ARW_WST_PLACED = 0, ARW_WST_COMPLETED, ARW_WST_REMOVED };
enum {
    ARW_SE_WET = 0, ARW_SE_NOTHING_TO_BREACH, ARW_SE_MARKER_REMOVED, ARW_SE_X2_FR_ART,
    ARW_SE_X2_GRAHAM, ARW_SE_BEEKMAN, ARW_SE_FIRE_DRM, ARW_SE_NO_EFFECT
};
extern const gr_rules gr_rules_arw;

/* Index of `name` in a NULL-terminated list, or -1. */
int arw_name_index(const char *const *names, const char *name);

#endif
