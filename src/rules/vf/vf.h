/*
 * vf.h — Valour & Fortitude v3.2 (Napoleonic miniatures) rule module:
 * internal types shared by the files of src/rules/vf/.
 *
 * Units of measure.  Lengths are int32 hundredths of an inch (1200 = 12"),
 * facings are int32 hundredths of a degree in [0, 36000), measured like a
 * compass: 0 faces +y (away from side A's table edge), 9000 faces +x.
 *
 * A unit on the table is stored as a structural LAYOUT, not figure by
 * figure: the pose of the centre of its front edge, its ranks x files, the
 * size and position of a partial rear rank, and the gap between figures
 * (open order) or between gun and limber (artillery).  Every layout the
 * state can hold is a straight, parallel rank/file block of figures facing
 * one way (vf:1.2.1-c); shape.c turns it into figure cells (oriented
 * rectangles) for geometry.
 *
 * State = vf_state (plain integers, no pointers, one memcpy clones it).
 * Static data = vf_sdata (tables, bases, army sheets, scenario), immutable
 * once loaded except through edit lines.
 *
 * The prototypes of the folders are in their own headers, which this one
 * includes in place (move/move.h, activation/activation.h, sight/sight.h,
 * fire/fire.h, morale/morale.h, combat/combat.h): files include vf.h only.
 */
#ifndef GR_VF_H
#define GR_VF_H

#include <stddef.h>
#include <stdint.h>

#include "geom2d.h"
#include "gr_internal.h"

/* ------------------------------------------------------------------ limits */

#define VF_SIDES 2
#define VF_MAX_UNITS 64
#define VF_MAX_BRIGADES 16
#define VF_MAX_LEADERS 18
#define VF_MAX_OBJECTIVES 8
#define VF_MAX_PROFILES 24
#define VF_MAX_FIGURES 48  /* largest unit (British Foot Guard 30-48)     */
#define VF_MAX_CELLS VF_MAX_FIGURES
#define VF_FATE_CARDS 13
#define VF_MAX_TERRAIN 16
#define VF_TERRAIN_TAG 1000 /* vf_leg_against's `unit` for terrain piece k: TAG + k */
#define VF_ID_LEN 32

/* ------------------------------------------------------------------ enums */

enum { VF_SIDE_A = 0, VF_SIDE_B = 1 };

enum vf_type { VF_INFANTRY = 0, VF_CAVALRY = 1, VF_ARTILLERY = 2 };

/* How the figures of a unit stand (the layout's `order`). */
enum vf_order {
    VF_ORDER_CLOSE = 0,      /* touching ranks and files (vf:1.2.1)         */
    VF_ORDER_OPEN = 1,       /* open order, gaps (SR-OpenOrder-a)           */
    VF_ORDER_LIMBERED = 2,   /* artillery, limber touching the gun's rear   */
    VF_ORDER_UNLIMBERED = 3, /* artillery, limber behind with a gap         */
    VF_ORDER_SQUARE = 4,     /* infantry in square: a block facing outward (SR-Square-b) */
    VF_ORDER_COUNT,          /* the orders a set-up or a move may name      */
    /* Defensible terrain (T.3, occupy.c): a unit occupying piece k stands
     * as {order INSIDE, files k, ranks 1, last 1, x/y the piece's centre,
     * facing 0}; its one cell is the piece (T.3.2-e/f). */
    VF_ORDER_INSIDE = VF_ORDER_COUNT
};

/* Formation classes (vf:1.2.2, 1.2.3, SR-OpenOrder). */
enum vf_formation {
    VF_FORM_MARCH_COLUMN = 0,
    VF_FORM_LINE = 1,
    VF_FORM_ATTACK_COLUMN = 2,
    VF_FORM_OPEN_ORDER = 3,
    VF_FORM_LIMBERED = 4,   /* counts as march column (vf:1.2.3-c) */
    VF_FORM_UNLIMBERED = 5, /* counts as line (vf:1.2.3-d)         */
    VF_FORM_INSIDE = 6,     /* occupying defensible terrain: no formation (T.3.2-e) */
    VF_FORM_SQUARE = 7,     /* square (SR-Square)                            */
    VF_FORM_COUNT
};

/* Unit special rules (spec section 5; army sheets name them). */
enum vf_special {
    VF_SR_IMPETUS, VF_SR_SKIRMISHERS, VF_SR_SQUARE, VF_SR_LIGHT_INFANTRY,
    VF_SR_MILITIA, VF_SR_CARBINES, VF_SR_LIGHT_CAVALRY, VF_SR_HEAVY_CAVALRY,
    VF_SR_CANISTER, VF_SR_BATTERY, VF_SR_SLOW, VF_SR_HORSE_ARTILLERY,
    VF_SR_DISCIPLINED_MUSKETRY, VF_SR_IMPETUOUS, VF_SR_ROCKETS, VF_SR_UNPREDICTABLE,
    VF_SR_HIT_AND_RUN, VF_SR_SWIFT, VF_SR_STATIC_ARTILLERY, VF_SR_LIGHT_ARTILLERY,
    VF_SR_BATTALION_GUNS, VF_SR_DARBZEN, VF_SR_STOIC, VF_SR_COMPACT_FORMATION,
    VF_SR_CONCENTRATED_FIRE, VF_SR_JAVELINMEN, VF_SR_MOUNTED_INFANTRY,
    VF_SR_OPEN_ORDER, VF_SR_RIVALS, VF_SR_LINEAR_TACTICS, VF_SR_ENTRENCHMENTS,
    VF_SR_COUNT
};
#define VF_HAS(mask, sr) (((mask) >> (sr)) & 1u)
/* The order is an artillery one (limbered / unlimbered). */
#define VF_ORDER_ARTILLERY(o) ((o) == VF_ORDER_LIMBERED || (o) == VF_ORDER_UNLIMBERED)
/* The layout sees and is seen all round, with no flank (squares, SR-Square-b
 * and spec 8.10; occupants of defensible terrain, T.3.2-g/h). */
#define VF_ALL_ROUND(l) ((l)->order == VF_ORDER_SQUARE || (l)->order == VF_ORDER_INSIDE)

/* Phases of a turn (vf:3.0-b) plus the end of the game. */
enum vf_phase {
    VF_PHASE_FATE = 0, VF_PHASE_FIRE = 1, VF_PHASE_ACTION = 2, VF_PHASE_COMBAT = 3,
    VF_PHASE_OVER = 4
};

/* Unit status. */
enum vf_status {
    VF_UNIT_OFF = 0,     /* not on the table (not deployed / reinforcement) */
    VF_UNIT_ON = 1,      /* on the table                                   */
    VF_UNIT_ROUTED = 2   /* removed permanently (vf:9.3-a)                 */
};

/* Per-unit flags (reset as their rules say). */
enum vf_unit_flag {
    VF_UF_ACTED = 1u << 0,      /* took its action this action phase (6.2-b) */
    VF_UF_FIRED = 1u << 1,      /* fired or gave fire support this turn      */
    VF_UF_ATTACKED = 1u << 2,   /* was fired at this fire phase (5.0-d)      */
    VF_UF_WON = 1u << 3,        /* won a combat this phase (9.2.1)           */
    VF_UF_SKIRMISHED = 1u << 4, /* used skirmishers this turn                */
    VF_UF_ENTRENCHED = 1u << 5, /* SR-Entrenchments                          */
    VF_UF_DIRECTED = 1u << 6,   /* Directed Fire played on it this fire phase (fate) */
    VF_UF_MSG_FAILED = 1u << 7  /* failed a messenger test this action phase (6.2.2) */
};

/* Action kinds (index into the schema in ops.c). */
enum vf_action_kind { VF_ACT_MOVE = 0, VF_ACT_DOUBLE, VF_ACT_HOLD, VF_ACT_END_PHASE,
                      VF_ACT_BEGIN, VF_ACT_LEG, VF_ACT_WHEEL, VF_ACT_FINISH, VF_ACT_CANCEL,
                      VF_ACT_ACTIVATE, VF_ACT_PLACE, VF_ACT_NEXT, VF_ACT_RETREAT,
                      VF_ACT_ASSAULT, VF_ACT_RALLY, VF_ACT_FIRE, VF_ACT_END_FIRE,
                      VF_ACT_TARGET, VF_ACT_FIGHT, VF_ACT_STAY, VF_ACT_ENTER,
                      VF_ACT_PLAY, VF_ACT_PASS, VF_ACT_OCCUPY, VF_ACT_LEAVE, VF_ACT_COUNT };
/* What a compound move is (the `as` of `begin`). */
enum vf_move_kind { VF_MK_MOVE = 0, VF_MK_DOUBLE = 1, VF_MK_RETREAT = 2, VF_MK_ASSAULT = 3,
                    VF_MK_COUNT };

/* What the start of a Retreat or an Assault decides about its end, as bit
 * sets of units (two 32-bit words: VF_MAX_UNITS is 64). */
typedef struct vf_start_facts {
    uint32_t seen[2];   /* retreat: enemies it was visible to (6.4-c);
                           assault: enemies visible to it (6.5-a)         */
    uint32_t in_arc[2]; /* assault: enemies whose front arc it started in (6.5-c) */
    uint32_t near6[2];  /* assault: enemies less than 6" away (6.5.1-c)   */
    uint32_t must[2];   /* assault: the closest candidates (6.5-d); none: any visible */
} vf_start_facts;
static inline int vf_mask_has(const uint32_t *m, int u) { return (m[u >> 5] >> (u & 31)) & 1u; }
static inline void vf_mask_set(uint32_t *m, int u) { m[u >> 5] |= 1u << (u & 31); }
static inline int vf_mask_any(const uint32_t *m) { return m[0] || m[1]; }
/* The point a `wheel` turns about. */
enum vf_wheel_about { VF_ABOUT_LEFT = 0, VF_ABOUT_RIGHT = 1, VF_ABOUT_CENTRE = 2 };
/* Reorganisation timing of a Move (vf:6.3.3-a). */
/* BOTH: before and after, Horse Artillery only (SR-HorseArtillery-b). */
enum vf_reform { VF_REFORM_NONE = 0, VF_REFORM_BEFORE = 1, VF_REFORM_AFTER = 2,
                 VF_REFORM_BOTH = 3 };
/* Action "order" argument: keep, or one of enum vf_order + 1. */
#define VF_ORDER_KEEP 0

/* System events (kind - GR_EV_SYSTEM). */
enum vf_event_kind { VF_EV_TURN = 0, VF_EV_PHASE, VF_EV_MOVED, VF_EV_REFORMED, VF_EV_HELD,
                     VF_EV_GAME_OVER, VF_EV_LEG, VF_EV_CANCELLED, VF_EV_ACTIVATION,
                     VF_EV_MESSENGER, VF_EV_LEADER_MOVED, VF_EV_RALLIED, VF_EV_FIRE,
                     VF_EV_HITS, VF_EV_CASUALTIES, VF_EV_VALOUR, VF_EV_ROUTED, VF_EV_BROKEN,
                     VF_EV_FORTITUDE, VF_EV_WAVERS, VF_EV_DEFEAT, VF_EV_TARGET, VF_EV_ATTACK,
                     VF_EV_RESULT, VF_EV_STAYS, VF_EV_CONTROL, VF_EV_ENTERED,
                     VF_EV_FATE_DRAW, VF_EV_FATE_CARD, VF_EV_FATE_PLAY, VF_EV_FATE_SHUFFLE,
                     VF_EV_OCCUPIED, VF_EV_LEFT, VF_EV_SQUARE_TEST, VF_EV_HIT_AND_RUN,
                     VF_EV_COUNT };
/* Results of Hit and Run (SR-HitAndRun-a), event hit-and-run. */
enum vf_hitrun_result { VF_HR_OWN = 0, VF_HR_NONE, VF_HR_ENEMY };
/* Results of the Square cavalry test (SR-Square-g), event square-test. */
enum vf_square_result { VF_SQ_CASUALTY = 0, VF_SQ_RETREAT, VF_SQ_STAYS };
/* Result of an activation or messenger test (event argument). */
enum vf_test_result { VF_TR_FAIL = 0, VF_TR_PASS = 1, VF_TR_AUTO = 2 };

enum vf_decision { VF_DEC_ACTION = 0, VF_DEC_BRIGADE, VF_DEC_LEADER, VF_DEC_FIRE,
                   VF_DEC_COMBAT, VF_DEC_RETREAT, VF_DEC_FATE };
enum vf_outcome { VF_OUT_DRAW = 0, VF_OUT_SIDE_A = 1, VF_OUT_SIDE_B = 2 };

/* ------------------------------------------------------------------ state */

/* Structural layout of a unit on the table (see the file comment). */
typedef struct vf_layout {
    int32_t x, y;     /* centre of the front edge of the front rank          */
    int32_t facing;   /* hundredths of a degree, compass, [0, 36000)         */
    uint8_t order;    /* enum vf_order                                       */
    uint8_t files;    /* figures per full rank (artillery: 1)                */
    uint8_t ranks;    /* ranks, the rear one included                        */
    uint8_t last;     /* figures in the rear rank, 1..files                  */
    uint8_t shift;    /* file slot of the rear rank's leftmost figure        */
    uint8_t gap;      /* hundredths: open-order gap / gun-limber gap          */
    uint8_t pad_[2];
} vf_layout;

typedef struct vf_unit {
    vf_layout at;
    uint8_t status;     /* enum vf_status                                    */
    uint8_t figures;    /* constant from deployment (vf:8.3.1-c)             */
    uint8_t markers;    /* casualty markers (8.3.1) — later                  */
    uint8_t flags;      /* enum vf_unit_flag                                 */
    int8_t combat_adj;  /* permanent changes (Unpredictable, fate) — later   */
    int8_t tenacity_adj;
    uint8_t occupying;  /* terrain piece + 1 (T.3.2) — later                 */
    uint8_t target;     /* combat phase: unit + 1 it chose as target (7.1)   */
    uint8_t cflags;     /* combat phase: enum vf_combat_flag                 */
    uint8_t not_before; /* reinforcement: not due before its side's turn N (Confusion) */
    uint8_t sflags;     /* unit special rules: enum vf_special_flag           */
} vf_unit;

/* Unit special rules' state (vf_unit.sflags; special.c). */
enum vf_special_flag {
    VF_SF_GUNS_FIRED = 1u << 0,  /* battalion guns fired separately this turn (SR-BattalionGuns-b/c) */
    VF_SF_UNPREDICTABLE = 1u << 1, /* its Unpredictable die is rolled (SR-Unpredictable-a) */
    VF_SF_OCCUPIED_NOW = 1u << 2,  /* occupied a defensible piece this turn (T.3.3-b) */
    VF_SF_JUST_MOVED = 1u << 3,    /* Light Infantry: its action so far is a Move or a
                                      Retreat, it may still occupy (T.3.2-c) */
    VF_SF_HITRUN_ASK = 1u << 4     /* the target of the combat about to be fought: its
                                      owner decides on Hit and Run (SR-HitAndRun-a) */
};
/* The `skirmish` argument of a fire attack. */
enum vf_fire_mode { VF_FIRE_NORMAL = 0, VF_FIRE_SKIRMISH = 1, VF_FIRE_GUNS = 2,
                    VF_FIRE_DARBZEN = 3 };

/* Per-unit combat-phase flags (vf_unit.cflags, cleared when it opens). */
enum vf_combat_flag {
    VF_CF_MAIN = 1u << 0,        /* the main attacker of its target (7.1-c)   */
    VF_CF_DONE = 1u << 1,        /* main attacker: its combat is over         */
    VF_CF_SUPPORTED = 1u << 2,   /* gave combat or brigade support (8.2-b)    */
    VF_CF_MUST_RETREAT = 1u << 3, /* losing cavalry: must retreat (7.2.5-a)   */
    VF_CF_MAY_RETREAT = 1u << 4, /* winning cavalry: may retreat (7.2.5-a)    */
    VF_CF_IMPETUOUS = 1u << 5,   /* must follow up with an assault (SR-Impetuous-a) */
    VF_CF_SECOND = 1u << 6,      /* fighting its second combat (SR-Impetuous-b/c) */
    VF_CF_HELD_RETREAT = 1u << 7 /* may retreat if its follow-up lapses        */
};

/* Fate deck of one side (2.4, 4.0; fate/).  Cards are ranks 0 (A) to 12
 * (K).  A view masks every deck's order (VF_CARD_UNKNOWN: nobody knows it)
 * and the enemy's hand (hand 0, `hidden` 1); counts and the discard pile
 * are public. */
#define VF_CARD_UNKNOWN 0xFFu
typedef struct vf_fate_state {
    uint8_t deck[VF_FATE_CARDS]; /* card ranks, top first (hidden order)      */
    uint8_t ndeck;
    uint16_t hand;               /* bit per rank held (hidden from the enemy)  */
    uint16_t discard;            /* bit per rank discarded (public)            */
    uint8_t nhand;               /* cards held (public)                        */
    uint8_t hidden;              /* view: 1 when `hand` is masked              */
} vf_fate_state;

/* Fate windows that are decisions of their own (fate/play.c). */
enum vf_fate_window { VF_FW_NONE = 0, VF_FW_ENEMY_TURN, VF_FW_OWN_FATE, VF_FW_COMBAT_ACTIVE,
                      VF_FW_COMBAT_INACTIVE, VF_FW_END_COMBAT,
                      /* reaction windows inside a resolution (fate/react.c) */
                      VF_FW_HITS, VF_FW_VALOUR, VF_FW_FORTITUDE };

/* A resolution waiting on a reaction window (fate/react.c): what it has
 * decided so far and what it still needs.  Public (every die is logged). */
typedef struct vf_react {
    uint8_t unit;    /* HITS: the attacker; VALOUR: the unit tested;
                        FORTITUDE: the brigade tested                      */
    uint8_t target;  /* HITS: the unit attacked                             */
    uint8_t hits;    /* HITS: the hits so far                               */
    uint8_t free;    /* HITS: failed tests that may be re-rolled (1.0.2-c)  */
    int8_t mod;      /* HITS: the modifier of those tests                   */
    uint8_t played;  /* the card of the window was played                   */
} vf_react;

/* The combat being fought (combat/fight.c), kept while it waits on a
 * reaction window: its sides, values so far and where it stands. */
enum vf_fight_stage { VF_FS_NONE = 0, VF_FS_ATT_HITS, VF_FS_DEF_HITS, VF_FS_DEF_AFTER,
                      VF_FS_ATT_AFTER };
typedef struct vf_fight_ctx {
    uint8_t stage;     /* enum vf_fight_stage: where it waits               */
    uint8_t na, nd;    /* units on each side: the fighting unit first        */
    uint8_t touching;  /* the attacker and its combat supporters (att[0..))  */
    uint8_t att[5];    /* main attacker, combat supporters, brigade support  */
    uint8_t def[2];    /* target, brigade support                            */
    uint8_t vt;        /* the target's Combat value (7.2.2-a: held)          */
    uint8_t hm, ht;    /* hits of step 1 and step 2                          */
    uint8_t won;       /* 1: the active side won (7.2.3)                     */
    uint8_t idx;       /* aftermath: the unit whose valour test waits        */
    int8_t piece;      /* defensible piece the target occupied, -1 none      */
    uint8_t occupied;  /* either side occupied a piece at the result (T.3.6-c) */
} vf_fight_ctx;
/* Stages of the combat phase (vf_state.cstage). */
enum vf_cstage { VF_CSTAGE_TARGETS = 0, VF_CSTAGE_FIGHT = 1, VF_CSTAGE_BREAK = 2,
                 VF_CSTAGE_OVER = 3 };

/* What played fate cards change, and the open window. */
typedef struct vf_fate_fx {
    uint8_t window;       /* enum vf_fate_window                              */
    uint8_t wside;        /* the side the window asks                         */
    uint8_t confused;     /* bit per side: Confusion this turn                */
    uint8_t scum;         /* bit per side: Scum of the Earth this phase       */
    uint8_t allout[VF_SIDES];   /* leader + 1 of All Out Attack this phase    */
    uint8_t captured[VF_SIDES]; /* bit per objective: Capture                 */
    uint8_t initiative;   /* unit + 1 acting on initiative this phase (any card) */
    uint8_t surprise;     /* unit + 1 of Surprise Attack this phase          */
    uint8_t surprised;    /* 1: that unit has made its move: it assaults now */
    uint8_t breakthrough; /* brigade + 1 of Breakthrough's moves               */
} vf_fate_fx;

/* Brigade flags (vf_brigade_state.flags). */
enum vf_brigade_flag {
    VF_BF_CHOSEN = 1u << 0,    /* chosen this action phase (6.0-a)          */
    VF_BF_ACTIVATED = 1u << 1, /* activated this action phase (6.1, 6.1.1)  */
    VF_BF_BROKEN = 1u << 2,    /* broken (9.4)                              */
    VF_BF_ROUTED = 1u << 3,    /* a unit of it has routed in this battle (6.1-a) */
    VF_BF_FATE_MOVE = 1u << 4,   /* this phase: +move distance (Vive l'Empereur) */
    VF_BF_FATE_FIRE = 1u << 5,   /* this phase: +1 Fire, infantry (Perfect Volleys) */
    VF_BF_FATE_COLUMN = 1u << 6, /* this phase: +1 Combat, attack column (Attaque) */
    VF_BF_FATE_INFANTRY = 1u << 7 /* this phase: +1 Combat, infantry (Defensive Fire) */
};
#define VF_BF_FATE_PHASE (VF_BF_FATE_MOVE | VF_BF_FATE_FIRE | VF_BF_FATE_COLUMN | \
                          VF_BF_FATE_INFANTRY)

/* What the action phase waits for (vf_state.step). */
enum vf_step {
    VF_STEP_CHOOSE = 0, /* the active side chooses a brigade (6.0-a)         */
    VF_STEP_UNITS = 1,  /* the units of the activated brigade act (6.2)      */
    VF_STEP_LEADER = 2, /* its leader moves (6.8-a)                          */
    VF_STEP_ARMY = 3    /* the army leader moves (6.8-b)                     */
};

/* Brigade state for the action phase and morale. */
typedef struct vf_brigade_state {
    uint8_t flags;        /* chosen this phase, activated, broken, ever routed */
    uint8_t routed_phase; /* units routed this phase (9.5)                    */
} vf_brigade_state;

typedef struct vf_leader_state {
    int32_t x, y;         /* base centre                                      */
    uint8_t status;       /* VF_UNIT_OFF / VF_UNIT_ON / removed (9.4)          */
    uint8_t inside;       /* defensible piece + 1 it occupies (T.3.1), 0 none;
                             its base then stands at the piece's centre       */
    uint8_t pad_[2];
} vf_leader_state;

/* A move made of several actions (begin, leg, wheel ... finish): the unit
 * stands where its last leg ended; each figure's path so far is kept so the
 * whole move is charged (vf:6.3-a).  open = 0 when no move is open. */
typedef struct vf_moving {
    uint8_t open;          /* unit + 1 of the open move, 0 none             */
    uint8_t kind;          /* enum vf_move_kind                             */
    uint8_t legs;          /* legs made so far                              */
    uint8_t pad_;
    vf_layout start;       /* where the unit stood (cancel puts it back)    */
    vf_start_facts facts;  /* retreat / assault: what its start decided     */
    int32_t used[VF_MAX_CELLS]; /* sub-units travelled by the figure in slot i */
} vf_moving;

typedef struct vf_state {
    uint8_t phase;         /* enum vf_phase                                    */
    uint8_t active;        /* side whose turn it is                            */
    uint8_t turns[VF_SIDES]; /* turns begun by each side                       */
    int8_t winner;         /* when over: side, or -1 for a draw                */
    uint8_t outcome;       /* enum vf_outcome                                  */
    uint8_t defeats[VF_SIDES]; /* defeat markers beside each army (9.6-b)      */
    uint8_t objective[VF_MAX_OBJECTIVES]; /* controller: 0 none, 1 + side      */
    vf_fate_state fate[VF_SIDES];
    vf_fate_fx fx;
    vf_react react;        /* the resolution a reaction window holds         */
    vf_fight_ctx fight;    /* the combat a reaction window holds             */
    vf_brigade_state brigade[VF_MAX_BRIGADES];
    vf_leader_state leader[VF_MAX_LEADERS];
    uint8_t step;          /* enum vf_step (action phase)                  */
    uint8_t current;       /* brigade + 1 being activated, 0 none          */
    uint8_t nchosen;       /* brigades chosen this action phase (6.1.1)    */
    uint8_t cstage;        /* combat phase: 0 choosing targets, 1 fighting  */
    vf_moving moving;      /* the open compound move, if any               */
    vf_unit unit[];        /* one per scenario unit, by unit index             */
} vf_state;

/* ------------------------------------------------------------------ data */

/* Numbers of the rules (data/vf/rules.json) and bases (bases.json), in
 * hundredths of an inch unless stated. */
typedef struct vf_tables {
    int32_t move_cav, move_inf_march, move_inf_column, move_inf_line;
    int32_t move_art_limbered, move_art_unlimbered, move_inf_open, move_cav_open;
    int32_t move_square, move_compact, move_linear_column, move_horse_art_limbered;
    int32_t move_slow_limbered, move_slow_unlimbered;
    int32_t double_factor;       /* plain factor                               */
    int32_t keep_away;           /* 6.3.2-a: at least this far from enemies    */
    int32_t double_distance;     /* 6.6-a: more than this from enemies         */
    int32_t reorganise_distance; /* 6.3.3-b: more than this from enemies       */
    int32_t barrier_cost;        /* T.2.1-b: added to a figure's path per barrier */
    int32_t march_max_files, line_max_ranks, single_rank_max; /* plain counts */
    int32_t open_max_ranks, compact_min_ranks, compact_max_ranks; /* plain counts */
    int32_t art_figures_per_base; /* plain count (1.2.3-e)                     */
    int32_t art_max_separation;   /* 1.2.3-a                                   */
    int32_t open_gap_min, open_gap_max;
    int32_t contact_tol;
    /* bases (frontage w, depth d) */
    int32_t inf_w, inf_d, cav_w, cav_d, gun_w, gun_d, limber_w, limber_d;
    int32_t leader_w, leader_d;
    int32_t open_gap_default, limber_gap_default;
} vf_tables;

typedef struct vf_profile {
    char id[VF_ID_LEN];
    char name[48];
    uint8_t type;           /* enum vf_type                                 */
    uint8_t fig_min, fig_max;
    uint8_t detachment;
    int8_t fire;            /* -1: no Fire value ("-")                       */
    int8_t combat, tenacity;
    uint8_t range;          /* inches; 0 = no ranged weapon                  */
    uint16_t points;
    uint32_t rules;         /* bit per enum vf_special (implied ones added)  */
    uint8_t tags;           /* bit per enum vf_unit_tag (`unit_tags`)         */
} vf_profile;

/* Unit tags of a profile (spec 1.5-b `unit_tags`): the unit kinds that
 * Rivals and Austrian Militia name. */
enum vf_unit_tag { VF_TAG_JANISSARY = 0, VF_TAG_NIZAM, VF_TAG_SOLAK, VF_TAG_AUSTRIAN,
                   VF_TAG_COUNT };
extern const char *const vf_tag_names[]; /* "janissary", "nizam_i_jedid", ... */

/* What a fate card does (the army sheet's `hook`; fate/play.c). */
enum vf_fate_hook { VF_FH_INITIATIVE = 0, VF_FH_MOVE_BRIGADE, VF_FH_COMBAT_COLUMN,
                    VF_FH_GROGNARDS, VF_FH_FIRE_BRIGADE, VF_FH_COMBAT_INFANTRY, VF_FH_SCUM,
                    VF_FH_CAPTURE, VF_FH_SURPRISE, VF_FH_INSPIRATION, VF_FH_DIRECTED,
                    VF_FH_DEADLY, VF_FH_STUBBORN, VF_FH_BREAKTHROUGH, VF_FH_CONFUSION,
                    VF_FH_TIDE, VF_FH_ALL_OUT, VF_FH_COUNT };

typedef struct vf_fate_card {
    char card[4];           /* "A", "2".."10", "J", "Q", "K", "any"          */
    char name[40];
    uint8_t timing;         /* index into vf_fate_timings                    */
    uint8_t hook;           /* enum vf_fate_hook                             */
    int32_t value;          /* the hook's number (hundredths of an inch), 0 none */
} vf_fate_card;

typedef struct vf_army {
    char id[VF_ID_LEN];
    char name[64];
    int nprofiles;
    vf_profile profile[VF_MAX_PROFILES];
    int ncards;
    vf_fate_card card[VF_FATE_CARDS + 1];
    int8_t by_rank[VF_FATE_CARDS]; /* card[] entry of each rank, -1 none     */
    int8_t any_card;               /* card[] entry "any", -1 none            */
} vf_army;

typedef struct vf_unit_def {
    char id[VF_ID_LEN];
    uint8_t side;
    uint8_t brigade;        /* index into vf_sdata.brigade                   */
    uint8_t profile;        /* index into the side's army profiles           */
    uint8_t figures;
    uint8_t placed;         /* starts on the table at `start`                */
    uint8_t arrives;        /* reinforcement: its side's turn of arrival, 0 none */
    vf_layout start;
    gr_seg arrival;         /* reinforcement: arrival point or edge segment  */
} vf_unit_def;

typedef struct vf_brigade_def {
    char id[VF_ID_LEN];
    uint8_t side;
    int8_t leader;          /* leader index or -1                            */
    uint8_t has_zone;       /* a deployment zone is given (T.3.2-d)          */
    gr_base zone;           /* its deployment zone: an axis-aligned rectangle */
} vf_brigade_def;

typedef struct vf_leader_def {
    char id[VF_ID_LEN];
    uint8_t side;
    int8_t brigade;         /* -1: the army leader                           */
    uint8_t placed;
    int32_t x, y;
} vf_leader_def;

typedef struct vf_objective_def {
    char id[VF_ID_LEN];
    int32_t x, y;
    uint8_t initial;        /* 0 none, 1 + side                              */
} vf_objective_def;

/* Terrain kinds (terrain.c). */
enum vf_terrain_kind { VF_T_WOOD = 0, VF_T_BUILDING, VF_T_RIVER, VF_T_FORD, VF_T_ROAD,
                       VF_T_HILL, VF_T_HEDGE, VF_T_WALL, VF_T_COUNT };
typedef struct vf_terrain_def {
    char id[VF_ID_LEN];
    uint8_t kind;           /* enum vf_terrain_kind                          */
    gr_base area;           /* the piece: an axis-aligned rectangle          */
} vf_terrain_def;

typedef struct vf_sdata {
    vf_tables t;
    int32_t table_w, table_d;
    uint8_t first_side;
    uint8_t max_turns;      /* per side (Interp. A60)                        */
    uint8_t fate_suit[VF_SIDES]; /* 0 hearts, 1 spades                        */
    uint8_t fate;           /* 1: the fate decks are in play (scenario `fate`) */
    vf_army army[VF_SIDES];
    int nunits, nbrigades, nleaders, nobjectives;
    vf_unit_def unit[VF_MAX_UNITS];
    vf_brigade_def brigade[VF_MAX_BRIGADES];
    vf_leader_def leader[VF_MAX_LEADERS];
    vf_objective_def objective[VF_MAX_OBJECTIVES];
    int nterrain;
    vf_terrain_def terrain[VF_MAX_TERRAIN];
} vf_sdata;

/* ------------------------------------------------------------------ names */

extern const char *const vf_side_names[];      /* "a", "b"                  */
extern const char *const vf_order_names[];     /* "close", "open", ...      */
extern const char *const vf_action_order_names[]; /* "keep" + order names   */
extern const char *const vf_formation_names[]; /* "march-column", ...       */
extern const char *const vf_type_names[];      /* "infantry", ...           */
extern const char *const vf_special_names[];   /* "Impetus", ...            */
extern const char *const vf_phase_names[];     /* "fate", ...               */
extern const char *const vf_reform_names[];    /* "none", "before", "after" */
extern const char *const vf_fate_timings[];    /* spec 7.1 windows          */
extern const char *const vf_fate_hooks[];      /* enum vf_fate_hook         */
extern const char *const vf_card_names[];      /* "A", "2", ... "K"         */

/* ------------------------------------------------------------------ access */

static inline vf_state *vf_st(gr_game *g) { return (vf_state *)gr_state(g); }
static inline const vf_state *vf_cst(const gr_game *g)
{
    return (const vf_state *)gr_cstate(g);
}
static inline const vf_sdata *vf_sd(const gr_game *g) { return (const vf_sdata *)gr_sdata(g); }

/* Profile of unit u. */
const vf_profile *vf_unit_profile(const vf_sdata *sd, int u);

/* ------------------------------------------------------------------ dice.c */

/* Roll purposes (index into the schema's roll_purposes, ops.c). */
enum vf_roll_purpose { VF_ROLL_ACTIVATION = 0, VF_ROLL_MESSENGER, VF_ROLL_HIT, VF_ROLL_VALOUR,
                       VF_ROLL_FORTITUDE, VF_ROLL_RALLY, VF_ROLL_FATE_SHUFFLE,
                       VF_ROLL_BATTALION_GUNS, VF_ROLL_UNPREDICTABLE, VF_ROLL_SQUARE,
                       VF_ROLL_HIT_AND_RUN };

/* One D6 test (vf:1.0.2): success when the natural result is 6, or it is
 * not 1 and natural + mod >= target.  `reroll` has bit n set when a natural
 * n is re-rolled (once). */
typedef struct vf_d6 {
    int purpose;      /* enum vf_roll_purpose                               */
    int target;
    int mod;          /* sum of the modifiers to the die                    */
    unsigned reroll;  /* bit per natural result that is re-rolled           */
} vf_d6;

/* Rolls one test; returns 1 when it succeeds, the natural result (after a
 * re-roll) in *natural when not NULL. */
int vf_d6_test(gr_game *g, const vf_d6 *t, int *natural);
/* The verdict of 1.0.2-a for a natural result and modifiers. */
int vf_d6_passes(int natural, int mod, int target);
/* vf_d6_test, and *rerolled = 1 when the die was re-rolled (1.0.2-c: it
 * may not be re-rolled again). */
int vf_d6_roll(gr_game *g, const vf_d6 *t, int *rerolled);
/* Rolls n tests; returns how many succeed, in *free how many failed
 * without having been re-rolled (Deadly Attack may re-roll those). */
int vf_d6_count_free(gr_game *g, const vf_d6 *t, int n, int *free);
/* Rolls n tests; returns how many succeed. */
int vf_d6_count(gr_game *g, const vf_d6 *t, int n);
/* A modified value (vf:1.0.1, spec §1.11): halved once when `halve`
 * (rounded down, not below 1), then `add` added, never below 1; a value 0
 * or less before modification is returned as it is. */
int vf_modified(int base, int halve, int add);

/* ------------------------------------------------------------------ layout.c */

/* Result of checking a layout: 0 when valid, else the rule broken. */
typedef struct vf_verdict {
    const char *rule;       /* "vf:1.2.1-e" or NULL when valid              */
    char msg[160];
} vf_verdict;

/* Formation class of a layout (vf:1.2.2 / 1.2.3 / Interp. A26). */
int vf_formation_of(const vf_sdata *sd, const vf_layout *l);
/*
 * Checks that `l` is a legal set-up for unit u with `figures` figures
 * (vf:1.2-a, 1.2.1-d, 1.2.1-e, 1.2.3-a, SR-OpenOrder-a).  Returns 1 when
 * valid; else 0 with the rule and a message in *v.
 */
int vf_layout_check(const vf_sdata *sd, int u, int figures, const vf_layout *l, vf_verdict *v);
/* Fills ranks/last/shift of `l` for `figures` figures in `files` files,
 * rear rank centred (Interp. A33 reading used by actions). */
void vf_layout_shape(vf_layout *l, int figures, int files);
/* Move distance of unit u in layout l (vf:6.3.1 and special rules), in
 * hundredths of an inch, before doubling. */
int32_t vf_move_allowance(const vf_sdata *sd, int u, const vf_layout *l);
/* vf_move_allowance plus what fate cards add now (Vive l'Empereur,
 * before any doubling). */
int32_t vf_unit_allowance(const gr_game *g, int u, const vf_layout *l);
/* Number of figures a layout holds (artillery: the two bases count 3 each). */
int vf_layout_figures(const vf_sdata *sd, const vf_layout *l);
/* Normalises a facing into [0, 36000). */
int32_t vf_norm_facing(int64_t f);

/* ------------------------------------------------------------------ shape.c */

/* Figure cells and bases are geom2d bases (src/core/geom2d.h): centre,
 * frontage w, depth d, facing in tenths of a degree (compass). */

/* The cells of unit u laid out as `l`, in slot order (rank by rank from the
 * front, left to right; artillery: gun base then limber base).  Returns the
 * count (at most VF_MAX_CELLS). */
int vf_cells(const vf_sdata *sd, int u, const vf_layout *l, gr_base *out);
/* Slot index of the cell at rank r, file slot f of layout l, or -1. */
int vf_slot_index(const vf_layout *l, int r, int f);
/* The slot that the figure in slot i occupies after an about face (rank r
 * becomes rank R-1-r, file f becomes F-1-f), or -1 when the layout has no
 * such mapping (a partial rear rank would become the front rank; artillery). */
int vf_reverse_slot(const vf_layout *l, int i);
/* Layout facing (hundredths of a degree) as a geom2d bearing. */
static inline gr_angle vf_bearing(int32_t facing) { return (gr_angle)(facing / 10); }
/* gr_g2_dist_bases of two cells, exactly, by a shortcut for cells square to
 * the table (facings multiples of 90 degrees, even sizes). */
gr_g2_dist vf_cell_dist(const gr_base *a, const gr_base *b);
/* gr_g2_touch || gr_g2_overlap of two cells (they are at most tol apart),
 * and gr_g2_overlap (they overlap by more than tol), by the same shortcut. */
int vf_cell_touch(const gr_base *a, const gr_base *b, gr_len tol);
int vf_cell_overlap(const gr_base *a, const gr_base *b, gr_len tol);
/* Closest distance between two cell sets (0 when touching or overlapping). */
gr_g2_dist vf_cells_dist(const gr_base *a, int na, const gr_base *b, int nb);
/* Whether the closest distance between two cell sets satisfies `cmp x`
 * (spec 0.3 comparators, exact), skipping pairs that are plainly far. */
int vf_cells_dist_ok(const gr_base *a, int na, const gr_base *b, int nb, gr_len x,
                     gr_g2_cmp cmp);
/* Non-zero when some cell of a touches some cell of b (vf:1.1.2-a: edge to
 * edge, corner to edge, corner to corner; overlap included). */
int vf_cells_touch(const vf_sdata *sd, const gr_base *a, int na, const gr_base *b, int nb);
/* Non-zero when some cell of a overlaps some cell of b beyond the contact
 * tolerance (vf:1.2.1-b). */
int vf_cells_overlap(const vf_sdata *sd, const gr_base *a, int na, const gr_base *b, int nb);
/* Non-zero when every cell lies on the table (vf:6.3-e). */
int vf_cells_on_table(const vf_sdata *sd, const gr_base *a, int na);
/* Axis-aligned box that surely contains a cell set (each cell taken as
 * the square around its centre with half-side (w + d) / 2), grown by
 * `margin`.  Cheap and conservative: for prefilters only. */
typedef struct vf_box {
    int32_t x0, y0, x1, y1;
} vf_box;
vf_box vf_cells_box(const gr_base *a, int na, int32_t margin);
vf_box vf_box_union(vf_box a, vf_box b);
/* Non-zero when the boxes are farther apart than `gap` in x or y. */
int vf_boxes_apart(vf_box a, vf_box b, int32_t gap);

#include "move/move.h"

/* ------------------------------------------------------------------ rally.c */

/* Rally (vf:6.7): actor check, messenger test, the dice. */
gr_status vf_rally_apply(gr_game *g, const gr_action *a, gr_error *why);
/* Tenacity of unit u now (profile + permanent changes). */
int vf_tenacity(const vf_sdata *sd, const vf_state *st, int u);
/* Unit u is shaken: markers reach its Tenacity (vf:9.1-a). */
int vf_shaken(const vf_sdata *sd, const vf_state *st, int u);

/* cache.c: facts of the units as they stand, kept in the rules scratch
 * (keyed by each unit's layout: what they return is always what computing
 * them again gives).  gr_rules.scratch_size: */
size_t vf_scratch_size(const void *sdata);
/* Unit u's cells as it stands (vf_cells of its layout): their count, with
 * *cells pointing at them (in the cache, or in buf, VF_MAX_CELLS, when the
 * game has no scratch).  Valid until u's layout changes or buf goes. */
int vf_unit_cells(const gr_game *g, int u, gr_base *buf, const gr_base **cells);
/* vf_cells_box (margin 0) of unit u's cells as it stands (kept with them). */
vf_box vf_unit_box(const gr_game *g, int u);
/* vf_cells_dist and vf_cells_touch of units u and v as they stand. */
gr_g2_dist vf_pair_dist(const gr_game *g, int u, int v);
int vf_pair_touch(const gr_game *g, int u, int v);
/* The last move vf_move_check found legal (without start facts or a leg's
 * paths so far), with the state it was found legal in: known_legal is
 * non-zero when m is that move and the state is byte for byte that state,
 * so the check would find it legal again (vf-speed). */
int vf_move_known_legal(const gr_game *g, const vf_move *m);
void vf_move_note_legal(const gr_game *g, const vf_move *m);

/* Distance from unit u laid out as l to the nearest enemy unit on the
 * table (INT32_MAX when none). */
int32_t vf_enemy_distance(const gr_game *g, int u, const vf_layout *l);
/* Distance between two units on the table. */
int32_t vf_unit_distance(const gr_game *g, int u, int v);
/* Non-zero when units u and v on the table are in contact (vf:1.1.2-b). */
int vf_unit_contact(const gr_game *g, int u, int v);
/* Front-rank figures of unit u touching unit v (both where they stand; an
 * artillery base counts 3 figures, 1.2.3-e); u's front-rank figures in
 * *total when not NULL. */
int vf_front_contact(const gr_game *g, int u, int v, int *total);
/* Non-zero when u is in contact with some enemy unit. */
int vf_in_enemy_contact(const gr_game *g, int u);

/* ------------------------------------------------------------------ flow.c */

/* Runs automatic steps from the start of the game to the first decision. */
void vf_start(gr_game *g);
/* Ends the active side's action phase and runs on to the next decision. */
void vf_end_action_phase(gr_game *g);
/* Starts side s's turn (phases before the action phase run automatically). */
void vf_start_turn(gr_game *g, int side);
/* The end-of-phase step is over (after an Inspiration window, fate/react.c):
 * the next phase, or the end of the turn. */
void vf_after_end_of_phase(gr_game *g);
/* Non-zero when unit u may still take an action now. */
int vf_unit_may_act(const gr_game *g, int u, int side);

#include "activation/activation.h"
#include "sight/sight.h"
#include "fire/fire.h"
#include "morale/morale.h"
#include "combat/combat.h"
#include "fate/fate.h"

#include "terrain.h"

#include "special.h"

/* ------------------------------------------------------------------ objectives.c */

/* Figures of `side` within 6" of objective o (vf:2.1.1-b: any part of the
 * base; artillery bases count 3; leaders never). */
int vf_objective_figures(const gr_game *g, int o, int side);
/* Objective control at the end of a turn (vf:2.1.1-b/c). */
void vf_objectives_update(gr_game *g);
/* Side's score (vf:10.0-b): objectives held + enemy defeats. */
int vf_score(const gr_game *g, int side);
/* Heuristic value of the position for player (side) in (-1000, 1000), for
 * search agents (evaluate.c, gr_rules.evaluate). */
int32_t vf_evaluate(const gr_game *g, int player, unsigned flags);

/* ------------------------------------------------------------------ legal.c */

int vf_legal(const gr_game *g, int player, gr_action *out, int cap);
/* gr_rules.sample: staged draws that validate only what they draw.  In the
 * fire phase, a target (or `end`), then one of the fire actions at it; in
 * the unit step of the action phase, a unit that may act (or `next`, or
 * `end`), then one of its candidates.  Every action drawn is one vf_legal
 * lists; other decisions are left to the uniform draw (returns 0). */
int vf_sample(const gr_game *g, int player, gr_rng *rng, gr_action *out);

/* ------------------------------------------------------------------ load.c */

gr_status vf_load(gr_loader *ld, const void *scenario_doc, void **sdata);
void vf_free_sdata(void *sdata);
/* Unit index by id, or -1. */
int vf_unit_find(const void *sdata, const char *id);
const char *vf_unit_name(const void *sdata, int u);
/* Profile index by id within an army, or -1. */
int vf_profile_find(const vf_army *a, const char *id);

/* ------------------------------------------------------------------ ids.c */

/* The shared name space of units, brigades and leaders (ids.c). */
static inline int vf_brigade_id(const vf_sdata *sd, int b) { return sd->nunits + b; }
static inline int vf_leader_id(const vf_sdata *sd, int l)
{
    return sd->nunits + sd->nbrigades + l;
}
static inline int vf_objective_id(const vf_sdata *sd, int o)
{
    return sd->nunits + sd->nbrigades + sd->nleaders + o;
}
static inline int vf_terrain_id(const vf_sdata *sd, int k)
{
    return sd->nunits + sd->nbrigades + sd->nleaders + sd->nobjectives + k;
}
/* Terrain piece of an index of the shared name space, or -1. */
int vf_id_terrain(const vf_sdata *sd, int i);
/* Index in the shared name space of an id, or -1. */
int vf_id_find(const void *sdata, const char *id);
/* Id of an index of the shared name space, or NULL. */
const char *vf_id_name(const void *sdata, int i);
/* Objective of an index of the shared name space, or -1. */
int vf_id_objective(const vf_sdata *sd, int i);
/* Brigade / leader of an index of the shared name space, or -1. */
int vf_id_brigade(const vf_sdata *sd, int i);
int vf_id_leader(const vf_sdata *sd, int i);
/* The army leader of a side (vf:1.3-a), or -1. */
int vf_army_leader(const vf_sdata *sd, int side);
/* The first id used twice among units, brigades and leaders, or NULL. */
const char *vf_ids_clash(const vf_sdata *sd);

/* ------------------------------------------------------------------ edit.c */

gr_status vf_edit(void *sdata, const char *line, gr_error *err);
gr_status vf_setup(gr_game *g, const char *line, gr_error *err);
/* Parses "key=value" text shared by setup lines and queries. */
int vf_parse_fixed(const char *s, int32_t *out);

/* ------------------------------------------------------------------ query.c */

gr_status vf_query(const gr_game *g, const char *what, char *buf, size_t size, gr_error *err);

/* ------------------------------------------------------------------ table.c */

/* The `board` query of the table top: "table w= d= arc=", then a line per
 * terrain piece and per objective (docs/queries.md, "The V&F table top"). */
void vf_query_board(const gr_game *g, gr_text *o);
/* The `units` query of the table top: every unit and leader on the table
 * with its position, facing and figure bases (`cells=`). */
void vf_query_units(const gr_game *g, gr_text *o);
/* gr_rules.score: side a's score minus side b's (vf:10.0-b), in hundredths;
 * the turns both sides have begun. */
void vf_score_margin(const gr_game *g, int32_t *margin, int32_t *turn);
int vf_describe(const gr_game *g, char *buf, size_t size);
gr_status vf_sanity(const gr_game *g, gr_error *err);

#endif
