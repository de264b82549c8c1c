/*
 * arw.h — internal types of the ARW (GMT American Revolutionary War series,
 * Savannah) rule module: the immutable scenario data (tables, terrain, map,
 * order of battle), the game state (one plain struct, no pointers, copied
 * with one memcpy) and the prototypes shared by the module's files.
 *
 * Sides are the players: 0 "british", 1 "allied".  Armies are British,
 * French and American (the Allied side has two armies, SR1.3).
 *
 * Rule references are the spec ids of shared/rules/arw-savannah.md.
 */
#ifndef ARW_H
#define ARW_H

#include <stddef.h>
#include <stdint.h>

#include "gr_internal.h"
#include "hex.h"

/* ------------------------------------------------------------------ sizes */

#define ARW_NSIDES 2
#define ARW_NARMIES 3
#define ARW_MAX_UNITS 160      /* combat units and leaders of a scenario      */
#define ARW_MAX_COMBATS 24     /* close combats declared in one phase         */
#define ARW_MAX_DHEX 6         /* defending hexes of one combat (1 vs N)      */
#define ARW_MAX_TASKS 64       /* pending result steps (retreats, checks...)  */
#define ARW_NCHITS 8           /* tactical chits 1..8 (GR12.5)                */
#define ARW_MAX_HEX_TYPES 24
#define ARW_MAX_SIDE_TYPES 16
#define ARW_MAX_COMBOS 4
#define ARW_MAX_FEATURES 16
#define ARW_MAX_COLS 8         /* CRT odds columns                            */
#define ARW_MAX_ROWS 16        /* CRT rows (modified die roll range)          */
#define ARW_MAX_LEVELS 4       /* army morale levels                          */
#define ARW_MAX_MAP_HEXES 4096
#define ARW_MAX_TURNS 64       /* turns a scenario may define (Savannah: 25)  */
#define ARW_MAX_ENTRIES 12     /* named entry points of a map (SR4.7)         */
#define ARW_MAX_FIRES 24       /* FIRE: fire records of one fire phase        */
#define ARW_MAX_GROUPS 12      /* SR1.1 colour bands (arw_group_names)         */
#define ARW_MAX_PBREACH 4      /* partial breaches (Cards 25 and 34) at a time */
#define ARW_NO_HEX (-1)
#define ARW_NO_UNIT (-1)

enum { ARW_BRITISH = 0, ARW_ALLIED = 1 };
enum { ARW_ARMY_BRITISH = 0, ARW_ARMY_FRENCH = 1, ARW_ARMY_AMERICAN = 2 };
/* Roles in a close combat. */
enum { ARW_ATT = 0, ARW_DEF = 1 };

/* ------------------------------------------------------------------ units (static) */

typedef enum arw_kind {
    ARW_K_INFANTRY = 0, /* infantry, light infantry, militia, rifles          */
    ARW_K_CAVALRY = 1,  /* mounted units (dragoons, legion horse)             */
    ARW_K_ARTILLERY = 2,
    ARW_K_LEADER = 3,
    ARW_NKINDS
} arw_kind;

/* Movement classes: the columns of the Terrain Effects Chart. */
typedef enum arw_mclass {
    ARW_MC_INF = 0, ARW_MC_LI, ARW_MC_CAV, ARW_MC_ART, ARW_MC_LEADER, ARW_NMC
} arw_mclass;

/* Static unit attributes (names in arw_unit_flag_names, load.c). */
enum {
    ARW_F_MILITIA = 1u << 0,     /* militia (T-CC-DRM militia modifiers)        */
    ARW_F_LIGHT = 1u << 1,       /* "LT" light infantry (LI movement column)    */
    ARW_F_RIFLE = 1u << 2,       /* rifle-armed (GR10, GR12.12-b)               */
    ARW_F_NAVAL = 1u << 3,       /* naval artillery (range 4, SR4.19)           */
    ARW_F_MORTAR = 1u << 4,      /* French mortar (SR4.12)                      */
    ARW_F_SEMI_LEADER = 1u << 5, /* Pulaski / Tawes (SR4.18)                    */
    ARW_F_MILITIA_EXC = 1u << 6, /* Charlestown militia (SR4.17)                */
    ARW_F_WHITE_BOX = 1u << 7,   /* starts outside the perimeter (SR4.10)       */
    ARW_F_CREEK = 1u << 8,       /* Creek Indians (SR4.8)                       */
    ARW_F_IRISH = 1u << 9,       /* Dillon's Irish (SR4.16)                     */
    ARW_F_WITH_FRENCH = 1u << 10,/* Pulaski's Legion may combine with French    */
    ARW_F_SOUTHERN = 1u << 11,   /* southern loyalist (SR4.1-2)                 */
    ARW_F_NEGRO_VOL = 1u << 12,  /* Negro Volunteers (SR4.1-2)                  */
    ARW_F_SIEGE = 1u << 13,      /* siege artillery (a kind of artillery)       */
    ARW_F_MILART_ONLY = 1u << 14,/* leader: commands only militia and artillery
                                    of his army (Huger, SR4.18)               */
    ARW_F_HS_MOBILE = 1u << 15,  /* artillery that may move in the HS
                                    (French Reserve Artillery, HS-sr1)       */
    ARW_F_COMMANDER = 1u << 16   /* army commander whose loss costs his side a
                                    momentum chit: Prevost, d'Estaing, Lincoln
                                    (SR4.18, T-LeaderCasualty, AMB-12)       */
};

/* SR1.1 colour bands (arw_unit_def.group, arw_group_names order). */
enum {
    ARW_BAND_BRITISH_REGULARS = 0, ARW_BAND_GERMANS, ARW_BAND_PROVINCIALS,
    ARW_BAND_TORY_MILITIA, ARW_BAND_FRENCH_REGULARS, ARW_BAND_FRENCH_COLONIAL,
    ARW_BAND_MERCENARIES, ARW_BAND_FRENCH_COLONIAL_MILITIA, ARW_BAND_CONTINENTALS,
    ARW_BAND_AMERICAN_MILITIA
};

/* Entry points of reinforcements (arw_unit_def.entry_at): an index into
 * arw_map.entry, or one of these. */
#define ARW_ENTRY_NONE (-1)
#define ARW_ENTRY_HQ (-2)       /* the army's HQ hex (British, SR4.7-c)        */
#define ARW_ENTRY_VARIABLE (-3) /* T-FrenchVariableEntry roll (SR4.7-f)        */
/* Entry flags (arw_unit_def.entry_flags). */
enum { ARW_EF_ONE_HEX = 1u << 0 /* moves one hex on its arrival turn (SR4.7-e) */ };

/* Fields of a unit record that may be listed in its "proposed" member
 * (arw_unit_def.prov bit i = arw_unit_field_names[i]). */
enum {
    ARW_P_NAME = 0, ARW_P_ARMY, ARW_P_TYPE, ARW_P_SP, ARW_P_MORALE, ARW_P_MA, ARW_P_GROUP,
    ARW_P_FLAGS, ARW_P_START, ARW_P_ENTRY, ARW_P_RANK, ARW_P_SENIORITY, ARW_P_CC,
    ARW_P_LEADERSHIP, ARW_P_CASUALTY, ARW_P_HEX, ARW_P_STEPS, ARW_P_STATUS, ARW_P_REPLACES,
    ARW_NP
};

typedef struct arw_unit_def {
    char id[32];
    char name[64];
    uint8_t army;        /* ARW_ARMY_*                                         */
    uint8_t side;        /* derived from army                                  */
    uint8_t kind;        /* arw_kind                                           */
    uint8_t mclass;      /* arw_mclass (derived from kind and flags)           */
    uint8_t steps;       /* 1 or 2 (GR2.2); leaders 1                           */
    int8_t sp[2];        /* strength points: [0] full side, [1] reduced side   */
    int8_t morale[2];    /* printed morale: full side, reduced side (GR15.31)  */
    uint8_t ma;          /* printed movement allowance (MP)                    */
    uint8_t group;       /* colour band (SR1.1), index into arw_group_names    */
    uint32_t flags;      /* ARW_F_*                                            */
    /* leaders (GR14) */
    uint8_t rank;        /* stars                                              */
    uint8_t seniority;   /* tie-break among equal ranks, lower = senior        */
    int8_t cc_mod;       /* close-combat modifier (GR14.21)                    */
    int8_t leadership;   /* leadership modifier (GR14.23)                      */
    int8_t cas_gain;     /* T-LeaderCasualty: enemy army gain                  */
    int8_t cas_loss;     /* T-LeaderCasualty: owner army loss (positive)       */
    uint8_t cas_vp2;     /* T-LeaderCasualty: VP to the enemy, half points     */
    /* opening position */
    int16_t start_hex;   /* ARW_NO_HEX: not on the map at the start            */
    uint8_t start_steps;
    uint8_t start_status;
    /* campaign and scenario data (Savannah) */
    int16_t camp_hex;    /* printed campaign start hex (SR1.2-a), ARW_NO_HEX  */
    uint8_t entry_turn;  /* reinforcement turn (T-Reinforcements), 0 = none    */
    int8_t entry_at;     /* arw_map.entry index or ARW_ENTRY_*                 */
    uint8_t entry_card;  /* optional unit or replacement counter: the card that
                            brings it into play (SR4.8), 0 = none             */
    uint8_t entry_flags; /* ARW_EF_*                                           */
    int16_t replaces;    /* replacement counter: the unit it replaces, or
                            ARW_NO_UNIT (SR4.8, SR4.18)                       */
    uint16_t setup_zone; /* free set-up area (ARW_Z_*, HS-setup-a), 0 = none   */
    uint32_t prov;       /* bit ARW_P_*: the field is a provisional proposal   */
} arw_unit_def;

/* ------------------------------------------------------------------ terrain */

#define ARW_MP_P (-1)     /* prohibited                                      */
#define ARW_MP_OTIH (-2)  /* "other terrain in hex"                          */
#define ARW_DRM_P (-100)  /* fire/close combat prohibited                    */

/* Hex type flags. */
enum {
    ARW_T_BLOCKS_LOS = 1u << 0,    /* GR11.42                                    */
    ARW_T_NO_ZOC_INTO = 1u << 1,   /* GR8.1-c, SR4.19                            */
    ARW_T_CLEAR_CLASS = 1u << 2,   /* clear/field/crops for Withdraw (GR12.52)   */
    ARW_T_CC_IF_OUTSIDE = 1u << 3, /* TEC note 9: only if the attacker is not in
                                      the same terrain                          */
    ARW_T_TOWN = 1u << 4,          /* Savannah town hex                          */
    ARW_T_COVERED_WAY = 1u << 5,   /* SR4.9                                      */
    ARW_T_ROADS = 1u << 6,         /* counts as road-connected (TEC note 1)      */
    ARW_T_SWAMP = 1u << 7,         /* swamp (SR4.19 minimum move, ZOC)           */
    ARW_T_CREEK_COVER = 1u << 8    /* TEC note 11, SR4.8-d: Creeks defending alone
                                      here: -1 to the attacker                  */
};

typedef struct arw_hex_type {
    char id[24];
    char letter;             /* map-row letter                                 */
    int8_t move[ARW_NMC];    /* cost in half MP, ARW_MP_P or ARW_MP_OTIH       */
    int8_t fire;             /* fire DRM against a target here (ARW_DRM_P)     */
    int8_t cc;               /* close-combat DRM against a defender here       */
    uint16_t flags;          /* ARW_T_*                                        */
} arw_hex_type;

/* Hexside type flags. */
enum {
    ARW_S_FIELDWORKS = 1u << 0,    /* revetment, redoubt, siegeworks, abatis     */
    ARW_S_NO_MOUNTED_CC = 1u << 1, /* TEC note 7 (abatis)                        */
    ARW_S_ROAD = 1u << 2,          /* GR9.51                                     */
    ARW_S_ALL_ATTACKERS = 1u << 3, /* CC DRM only if all attackers cross it (5)  */
    /* Line of sight (GR11.41-c, GR11.43): crossing into the hex goes up or
     * down a slope, or crosses a slope hexside without orientation (a stream,
     * AMB-14).  Flags of terrain.json side types (fire engineer, los.c). */
    ARW_S_LOS_UP = 1u << 4,
    ARW_S_LOS_DOWN = 1u << 5,
    ARW_S_LOS_SLOPE = 1u << 6,
    /* Movement (movement engineer, movecost.c). */
    ARW_S_BRIDGE = 1u << 7,        /* bridge/ford: ignored along the covered way
                                      (SR4.9-b)                                 */
    ARW_S_OWNER_BRITISH = 1u << 8, /* fieldworks of the British (TEC note 8)     */
    ARW_S_OWNER_ALLIED = 1u << 9   /* fieldworks of the Allies (AMB-52)          */
};

/* A hexside type as seen when crossing it into a hex (slopes and fieldworks
 * are directional: "up slope" into the upper hex, "into fieldworks"). */
typedef struct arw_side_type {
    char id[24];
    int8_t move[ARW_NMC];    /* extra half MP, or ARW_MP_P                     */
    int8_t fire;
    int8_t cc;
    uint16_t flags;          /* ARW_S_*                                        */
} arw_side_type;

/* TEC note 4: a set of side types counted as one combined type. */
typedef struct arw_side_combo {
    uint16_t mask;
    int8_t move[ARW_NMC];
    int8_t fire;
    int8_t cc;
} arw_side_combo;

/* Map-editing vocabulary: a feature drawn on a hexside "A B feature" puts
 * side type `into_first` on crossings into A and `into_second` into B. */
typedef struct arw_feature {
    char id[24];
    int8_t into_first;   /* side type index or -1 */
    int8_t into_second;
} arw_feature;

/* A named entry point of reinforcements ("A" = 1014, "V-1" = 3822 or 3920). */
typedef struct arw_entry {
    char name[8];
    uint8_t nhex;
    uint8_t pad_;
    int16_t hex[4];
} arw_entry;

/* T-FrenchVariableEntry, one row per die face. */
typedef struct arw_var_entry {
    int8_t entry;        /* arw_map.entry index, -1 = face not defined          */
    int8_t mp_bonus;     /* MP added on the arrival turn                       */
    uint8_t art_x2;      /* artillery doubles its MA on the arrival turn       */
} arw_var_entry;

typedef struct arw_map {
    gr_grid grid;
    int nhex;
    uint8_t *terrain;   /* [nhex] hex type index                              */
    int16_t *nb;        /* [nhex * 6] neighbour index in direction d, or -1   */
    int16_t *nb_closed; /* [nhex * 6] as nb, but h itself off the map (for
                           the path searches: gr_path_params.neighbours_closed;
                           in nb's allocation)                              */
    gr_hex *ax;         /* [nhex] axial coordinates of each hex (gr_grid_hex),
                           for distances and lines without recomputing them  */
    int16_t *near;      /* [nhex * ARW_NEAR] the hexes up to ARW_NEAR_RANGE
                           away, ring by ring (arw_near_count), -1 off map   */
    int16_t *towns;     /* [ntowns] the town hexes (ARW_T_TOWN), in map order,
                           rebuilt by arw_data_derive; capacity nhex          */
    int ntowns;
    uint8_t *town_dist; /* [nhex] hexes to the nearest town hex (255: none or
                           farther), rebuilt by arw_data_derive             */
    int16_t victory_hex;/* the SR2.8 victory hex (zone spring-hill), or -1   */
    uint16_t *edge;     /* [nhex * 6] side types in effect when entering hex h
                           across its side d (bit = side type index)         */
    uint16_t *zone;     /* [nhex] ARW_Z_* static areas (perimeter, ...)       */
    uint8_t *pside;     /* [nhex] bit d: side d of the hex is a perimeter
                           hexside (SR1.7); set on both hexes of the side     */
    uint8_t *works;     /* [nhex] bit d: printed French siegeworks on side d,
                           the symbol in this hex (SR4.4, HS-sr2)             */
    uint8_t *mvcost;    /* [ARW_MV_KEYS * nhex * 6] static step costs per
                           movement key (arw_mv_key), step h*6+d: ARW_MVC_*,
                           rebuilt by arw_data_derive (movecost.c)           */
    uint32_t mvcost_keys; /* bit k: table k is filled (a unit has key k)     */
    uint8_t *zoc_in;    /* [nhex] bit d: a ZOC reaches into h across its side
                           d on the printed map (arw_zoc_into with no town
                           destroyed, no works done, nothing breached),
                           rebuilt by arw_data_derive                        */
    uint8_t *mvbar;     /* [nhex] ARW_MB_*: what may bar a unit from entering
                           the hex in movement (mvsearch.c), rebuilt by
                           arw_data_derive                                   */
    uint8_t *road_ever; /* [nhex] bit d: the step across side d may follow a
                           road in some state (works, breaches, destroyed
                           towns: ARW_MB_NO_ROAD side by side), rebuilt by
                           arw_data_derive (movecost.c)                      */
    uint8_t *los_pre;   /* [nhex * ARW_NEAR] the printed part of the line of
                           sight from h to its near entry j (los.c: clear,
                           blocked, or as its cells' occupants say), rebuilt
                           by arw_data_derive                                */
    uint8_t *los_class; /* [nhex * 6] slope class of crossing side d into h
                           for lines of sight (los.c), rebuilt by
                           arw_data_derive                                   */
    int16_t hq[ARW_NARMIES]; /* retreat target per army (SR4.19), or -1     */
    int nentries;
    arw_entry entry[ARW_MAX_ENTRIES];
    arw_var_entry var_entry[10];
} arw_map;

/* arw_map.mvbar: static facts of a hex that may bar movement into it. */
enum {
    ARW_MB_COVERED_WAY = 1u << 0, /* covered-way terrain (SR4.9-c)             */
    ARW_MB_PERIMETER = 1u << 1,   /* in the perimeter (SR4.8-b)                */
    ARW_MB_NEXT_PERIM = 1u << 2,  /* outside the perimeter with a perimeter
                                     hexside (SR1.7-b, AMB-21)                 */
    ARW_MB_ROAD_OUT = 1u << 3,    /* a road hexside leads out that no works,
                                     breach or destroyed town can take away
                                     (movecost.c)                              */
    ARW_MB_NO_ROAD = 1u << 4      /* no road can ever lead out (no road side,
                                     built or printed; no pair of road hexes,
                                     destroyed towns included) (movecost.c)    */
};

/* arw_map.mvcost: the TEC cost of a step (half MP) for a movement key
 * (class, side, Creek: arw_mv_key) on the printed map, as arw_move_cost_road
 * gives it when no town is destroyed, no siegeworks are done and nothing
 * is breached on the step; ARW_MVC_ROAD marks a road step (cost 2). */
#define ARW_MV_KEYS (ARW_NMC * 4)
#define ARW_MVC_NO 0xFFu   /* prohibited                                    */
#define ARW_MVC_SLOW 0xFEu /* not in the table: ask arw_move_cost_road      */
#define ARW_MVC_ROAD 0x80u /* road step (GR9.51-a), the low bits are 2       */

/* arw_map.near: each hex's surroundings up to ARW_NEAR_RANGE hexes (the
 * longest fire range of the series' artillery, GR11.2-a, T-Fire note 1),
 * the hex itself first, then ring 1, ring 2...; the first arw_near_count(r)
 * entries are the hexes up to r away. */
#define ARW_NEAR_RANGE 4
#define ARW_NEAR (1 + 3 * ARW_NEAR_RANGE * (ARW_NEAR_RANGE + 1))
static inline int arw_near_count(int r)
{
    return 1 + 3 * r * (r + 1);
}
/* The entry of axial offset (dq, dr) in every hex's arw_map.near list, or
 * -1 beyond ARW_NEAR_RANGE (map.c; for tables built once). */
int arw_near_slot(int dq, int dr);

/* Static areas (arw_map.zone; names in arw_zone_names).  Areas that are a
 * terrain type (town, covered way, Jewish Cemetery, Old Fort) are not
 * zones: use the hex type (ARW_T_TOWN, ARW_T_COVERED_WAY, ids "cemetery",
 * "old-fort"); a map file may list them, and the loader checks the lists
 * against the terrain. */
enum {
    ARW_Z_PERIMETER = 1u << 0,  /* SR1.7: inside the Savannah Defence Perimeter */
    ARW_Z_NAVAL = 1u << 1,      /* SR4.11: British naval bombardment zone       */
    ARW_Z_YAMACRAW = 1u << 2,   /* SR4.19: Yamacraw swamp (no minimum move)     */
    ARW_Z_SPRING_HILL = 1u << 3 /* SR2.8 victory hex, SR4.18 Tawes (1404)       */
};

/* ------------------------------------------------------------------ tables */

/* Combat result codes (GR13.1); a leader-casualty "*" is ARW_R_STAR. */
typedef enum arw_rcode {
    ARW_R_NONE = 0, ARW_R_AM, ARW_R_R, ARW_R_D, ARW_R_1, ARW_R_2, ARW_R_DC, ARW_R_AC,
    ARW_R_PIN, ARW_NRCODES
} arw_rcode;
#define ARW_R_STAR 0x80u
#define ARW_RCODE(r) ((r) & 0x7Fu)
/* Index of result r in arw_rcode_names (starred codes follow the plain ones). */
static inline int arw_rcode_index(unsigned r)
{
    return (int)ARW_RCODE(r) + ((r & ARW_R_STAR) ? ARW_NRCODES : 0);
}

#define ARW_NC 127 /* tactics matrix: no combat */

/* Chit requirement flags (T-ChitRequirements). */
enum {
    ARW_CR_LEADER = 1u << 0,
    ARW_CR_OPEN_FLANK = 1u << 1,
    ARW_CR_WITHDRAW = 1u << 2 /* the all-infantry / mounted-attacker restriction */
};

/* Army morale events of T-ArmyMoraleAdjust. */
typedef enum arw_am_event {
    ARW_AM_RALLY = 0, ARW_AM_D, ARW_AM_AM, ARW_AM_1, ARW_AM_2, ARW_AM_CAPTURE,
    ARW_AM_PIN_REMOVAL, ARW_AM_REINF_LOST, ARW_AM_SORTIE, ARW_NAM_EVENTS
} arw_am_event;

/* Named close-combat DRMs of T-CC-DRM (values in tables.json), each read
 * in one place (the checklist of ccdrm.c's header). */
typedef enum arw_drm_id {
    ARW_DRM_DEF_DISRUPTED = 0,   /* any defending unit disrupted (ccdrm.c)     */
    ARW_DRM_DEF_MILITIA,         /* all defenders militia, attacker not        */
    ARW_DRM_ATT_MILITIA,         /* all attackers militia, defender not        */
    ARW_DRM_DEF_SURROUNDED,      /* GR12.7 (ccdrm.c)                           */
    ARW_DRM_ATT_SURROUNDED,
    ARW_DRM_ILLEGAL_CHIT,        /* GR12.54 (magnitude, chits.c)               */
    ARW_DRM_INCOMPLETE_EARLY,    /* SR4.14 turns 1-7 (savrules.c)              */
    ARW_DRM_INCOMPLETE_LATE,     /* SR4.14 turns 8-11 (savrules.c)             */
    ARW_DRM_MIXED_STACK_TARGET,  /* SR4.1-1c (savdrm.c)                        */
    ARW_DRM_MIXED_STACK_ATTACKS, /* SR4.1-1d (savdrm.c)                        */
    ARW_DRM_FR_REG_MILITIA,      /* SR4.1-3c (savdrm.c)                        */
    ARW_DRM_CAVALRY_VS_DISRUPTED,/* AMB-49 (savdrm.c)                          */
    ARW_DRM_IRISH,               /* SR4.16 (savdrm.c)                          */
    ARW_DRM_CREEKS_FOREST,       /* SR4.8-d (savdrm.c)                         */
    ARW_DRM_HS_FRENCH,           /* HS-sr3 (savrules.c)                        */
    ARW_DRM_GALE,                /* T-Weather cc term (weather.c)              */
    ARW_DRM_SQUALL,
    ARW_NDRMS
} arw_drm_id;

typedef struct arw_level {
    char name[16];
    int16_t min;        /* lowest army morale of this level                   */
    int8_t unit_mod;    /* GR16.2 unit morale modifier                        */
    int8_t init_mod;    /* GR16.2 initiative modifier                         */
} arw_level;

/* Movement tables (tables.json "movement"; loadmove.c).  The weather's
 * effects on movement are the strategic layer's (strategic.json, weather.c). */
typedef struct arw_move_tables {
    /* T-CoveredWay (SR4.9-d) */
    int8_t cw_lost_at;       /* modified roll >= : Lost                     */
    int8_t cw_hexes_per_drm; /* +1 per this many hexes entered this trip    */
    int8_t cw_prev_lost_drm; /* previously Lost                             */
    int8_t pad_;
} arw_move_tables;

typedef struct arw_tables {
    /* T-CRT */
    int ncols;
    char col_name[ARW_MAX_COLS][8];
    int8_t col_num[ARW_MAX_COLS], col_den[ARW_MAX_COLS]; /* A*den >= D*num */
    int8_t roll_min, roll_max;   /* clamp (GR12.23 Step 5)                  */
    int8_t below_drm;            /* odds below the first column             */
    uint8_t crt[ARW_MAX_ROWS][ARW_MAX_COLS][2]; /* [roll-min][col][role]    */
    int8_t alt_roll, alt_col;    /* AMB-04 alternative cell (option amb04=R) */
    uint8_t alt_cell[2];
    /* T-TacticsMatrix [defender chit][attacker chit], 0-based, or ARW_NC */
    int8_t matrix[ARW_NCHITS][ARW_NCHITS];
    uint8_t chit_req[ARW_NCHITS];
    /* T-CC-DRM */
    int8_t drm[ARW_NDRMS];
    /* T-ArmyMoraleAdjust */
    int8_t am_gain[ARW_NAM_EVENTS], am_loss[ARW_NAM_EVENTS];
    /* T-ArmyMoraleLevels (sorted, highest first) */
    int nlevels;
    arw_level level[ARW_MAX_LEVELS];
    int16_t demoralized_at;      /* GR16.3: morale <= this ends the game     */
    int16_t morale_max;
    /* T-MoraleCheck */
    int8_t morale_pass;          /* d10 + morale + DRM >= pass               */
    int8_t morale_fieldworks;    /* GR13.5-b                                 */
    /* GR12.6 momentum */
    int8_t momentum_pool;
    int8_t momentum_def_at;      /* final roll <= : defender gains           */
    int8_t momentum_att_at;      /* final roll >= : attacker gains           */
    int8_t init_bid_bonus;       /* GR6.2: +N per chit bid                   */
    int8_t init_seize_cost;      /* GR6.2: chits to choose the initiative    */
    int8_t capture_morale;       /* GR12.64: printed morale that costs a chit */
    /* GR7.1 stacking */
    int8_t stack_sp, stack_art;
    /* GR13.1 / GR13.24 retreat lengths */
    int8_t retreat_r, retreat_d;
    /* GR13.3-c AMB-02: 1 = disrupted defends at half rounded up, 0 = down */
    int8_t disrupted_round_up;
    int8_t shattered_sp;         /* GR13.4-c                                  */
    arw_move_tables mv;          /* movement (GR9, T-Weather, T-CoveredWay)   */
} arw_tables;

/* ------------------------------------------------------------------ scenario data */

/* Phases of a player turn and of the game turn (Part B). */
typedef enum arw_phase {
    ARW_PH_INITIATIVE = 0, ARW_PH_WEATHER, ARW_PH_EVENTS, ARW_PH_SIEGEWORKS, ARW_PH_SIEGE,
    ARW_PH_REINFORCE, ARW_PH_MOVEMENT, ARW_PH_RALLY, ARW_PH_DEF_FIRE, ARW_PH_RIFLE_FIRE,
    ARW_PH_CLOSE_COMBAT, ARW_PH_TURN_END,
    ARW_PH_PLAYER_END, /* SAVANNAH: end of a player turn (SR3-b surrender check,
                          SR1.6-c Case A announcement) */
    ARW_NPHASES
} arw_phase;

/* Segments of a game turn (GR5, B.1): phases played once at the start of
 * the turn (initiative...), the phases of each player turn, and the
 * end-of-turn segment.  Which phases each holds is scenario data. */
enum { ARW_SEG_TURN = 0, ARW_SEG_PLAYER, ARW_SEG_END, ARW_NSEGS };

/* Player order of a game turn (B.4): rolled for (GR6), or fixed. */
enum {
    ARW_ORDER_INITIATIVE = 0, ARW_ORDER_BRITISH_FIRST, ARW_ORDER_ALLIED_FIRST,
    ARW_ORDER_BRITISH_ONLY, ARW_ORDER_ALLIED_ONLY, ARW_NORDERS
};

/* Special rules a scenario switches on (arw_data.rules; names in
 * arw_srule_names).  Rules common to both Savannah scenarios (HS-sr4) need
 * no switch. */
enum {
    ARW_SR_PRINTED_WORKS = 1u << 0,  /* HS-sr2: printed siegeworks, completed   */
    ARW_SR_HS_ARTILLERY = 1u << 1,   /* HS-sr1: artillery fixed until attacked  */
    ARW_SR_HS_FRENCH_DRM = 1u << 2,  /* HS-sr3: French attacks -1               */
    ARW_SR_HS_TURN16 = 1u << 3,      /* HS-16: no American attack, d'Estaing    */
    ARW_SR_HS_VICTORY = 1u << 4,     /* HS-victory conditions                   */
    ARW_SR_CAMPAIGN_VICTORY = 1u << 5,/* SR2 victory conditions                 */
    ARW_SR_REINFORCEMENTS = 1u << 6, /* SR4.7, T-Reinforcements                 */
    ARW_SR_WEATHER = 1u << 7,        /* SR4.2 weather rolls                     */
    ARW_SR_EVENTS = 1u << 8,         /* SR4.3 random event cards                */
    ARW_SR_CONSTRUCTION = 1u << 9,   /* SR4.4 siegeworks construction           */
    ARW_SR_SIEGE = 1u << 10,         /* SR4.6 siege and bombardment             */
    ARW_SR_SORTIE = 1u << 11,        /* SR4.10 British sortie restrictions      */
    ARW_SR_INCOMPLETE = 1u << 12,    /* SR4.14 incomplete British defences      */
    ARW_SR_OPTIONAL_UNITS = 1u << 13,/* SR4.8 Creeks and Chatham (cards 3, 6)   */
    ARW_SR_REPLACEMENTS = 1u << 14,  /* SR4.8, SR4.18 replacement counters      */
    ARW_SR_ASSAULT_SWITCH = 1u << 15 /* SR1.6-c Case A announcement             */
};

/* Turn record track (SR1.5, SR1.6, B.4; names in arw_track_names ...). */
enum {
    ARW_TT_DEFINED = 1u << 0,     /* the scenario defines this turn            */
    ARW_TT_TACTICAL = 1u << 1,    /* tactical track (else strategic)           */
    ARW_TT_WEATHER_ROLL = 1u << 2,/* weather turn (SR4.2-a)                    */
    ARW_TT_EVENTS = 1u << 3,      /* random-event turn (SR4.3-a)               */
    ARW_TT_SIEGE = 1u << 4        /* siege & bombardment turn (SR4.6)          */
};
/* Tracks (arw_track_names; arw_state.track). */
enum { ARW_TRACK_STRATEGIC = 0, ARW_TRACK_TACTICAL = 1 };
/* State of the British defences (SR4.14; arw_defences_names). */
enum { ARW_DEF_EARLY = 0, ARW_DEF_LATE, ARW_DEF_COMPLETE };
/* Weather (T-Weather; arw_weather_names).  Fair is 0. */
enum { ARW_W_FAIR = 0, ARW_W_FOG, ARW_W_HEAVY_RAIN, ARW_W_STORMS, ARW_W_SQUALL, ARW_W_GALE,
       ARW_W_HURRICANE, ARW_NWEATHER };

typedef struct arw_turn {
    uint8_t flags;     /* ARW_TT_*                                             */
    uint8_t pad_;
    int8_t weather;    /* weather fixed by the scenario (HS-16), or -1         */
    uint8_t defences;  /* ARW_DEF_*                                            */
} arw_turn;

/* Hex lines of sight (los.c): gr_hex_cover depends only on the offset between
 * the two hexes, so the lines up to ARW_LOS_TABLE hexes long are worked out
 * once per scenario, relative to the firer's hex (arw_data.los_line, indexed
 * by arw_los_slot).  Longer lines are traced when asked. */
#define ARW_LOS_TABLE 6
#define ARW_LOS_SPAN (2 * ARW_LOS_TABLE + 1)
typedef struct arw_los_line {
    uint8_t n;                   /* hexes from the firer's to the target's     */
    uint8_t graze[ARW_LOS_SPAN]; /* gr_hex_cover's graze flags                 */
    int8_t dq[ARW_LOS_SPAN];     /* axial offsets of the hexes from the firer  */
    int8_t dr[ARW_LOS_SPAN];
    /* The line's cells (a hex, or the two hexes of a hexside it runs along)
     * and the hexsides crossed between consecutive cells (losgeom.c). */
    uint8_t ncells;
    uint8_t cell[ARW_LOS_SPAN + 1]; /* first hex of cell c; cell[ncells] = n  */
    uint8_t ncross[ARW_LOS_SPAN];   /* hexsides crossed from cell c into c+1  */
    uint8_t cross_hex[ARW_LOS_SPAN][4]; /* ... the hex of cell c+1 entered    */
    uint8_t cross_dir[ARW_LOS_SPAN][4]; /* ... and its side crossed            */
    uint8_t near[ARW_LOS_SPAN];     /* entry of each hex in the firer's
                                       arw_map.near list, 255 beyond it        */
} arw_los_line;

/* Fire tables (tables.json "fire": T-Fire, T-Fire-DRM, T-ArtilleryDamage,
 * T-RifleDamage, T-MortarMalfunction, T-MortarScatter; loadfire.c). */
#define ARW_FIRE_ROWS 8     /* T-Fire rows: bands of firing SP                */
#define ARW_FIRE_COLS 6     /* T-Fire columns: bands of range                 */
#define ARW_HIT_NONE (-1)   /* T-Fire "-": the fire may not be declared       */
enum { ARW_FT_GUNS = 0, ARW_FT_MORTAR = 1 }; /* value sets of T-Fire         */
/* Named DRMs of T-Fire-DRM (arw_fire_drm_names); terrain DRMs are the TEC's
 * fire column (terrain.json), weather DRMs arw_fire_tables.weather. */
enum {
    ARW_FD_LIGHT = 0,     /* target is light infantry                          */
    ARW_FD_ART_MOUNTED,   /* target is artillery or mounted                    */
    ARW_FD_RIFLE_FIRST,   /* GR10.5 first rifle fire of every firer            */
    ARW_FD_MORTAR_FIRST,  /* SR4.12 first fire of the mortar                   */
    ARW_NFIRE_DRMS
};
/* T-MortarMalfunction outcomes. */
enum { ARW_MF_NONE = 0, ARW_MF_STEP, ARW_MF_DISRUPT };

typedef struct arw_fire_tables {
    uint8_t nrows, ncols;
    uint8_t sp_min[ARW_FIRE_ROWS], sp_max[ARW_FIRE_ROWS];    /* row r: SP band  */
    uint8_t col_min[ARW_FIRE_COLS], col_max[ARW_FIRE_COLS];  /* column: ranges  */
    int8_t to_hit[2][ARW_FIRE_ROWS][ARW_FIRE_COLS]; /* [ARW_FT_*]; ARW_HIT_NONE */
    uint8_t range_field;     /* GR11.2-a maximum range of field artillery       */
    uint8_t range_naval;     /* T-Fire note 1                                    */
    uint8_t mortar_min, mortar_max; /* SR4.12-b                                 */
    int8_t drm[ARW_NFIRE_DRMS];
    int8_t weather[ARW_NWEATHER]; /* to-hit DRM, or ARW_DRM_P: no fire          */
    uint8_t art_damage[2][10];    /* [target is artillery][d10]: result code    */
    uint8_t rifle_damage[10];     /* provisional placeholder (Part H.5)         */
    uint8_t malfunction[10];      /* ARW_MF_*                                   */
    uint8_t scatter[10];          /* 1: the shell deviates one hex (provisional)*/
    int8_t scatter_dir[10];       /* direction of the deviation, -1: roll again */
} arw_fire_tables;
/* ==== CARDS (SR4.3, Part G): the random event card table (loadcards.c,
 *      data/arw/savannah/cards.json; vocabularies in cardnames.c) ==== */
#define ARW_NCARDS 55      /* cards 1..55 (AMB-64)                              */
#define ARW_CARD_UNITS 8   /* units one card names                              */

/* When a card may be played (SR4.3-d; arw_card_timing_names). */
enum { ARW_CT_ANY = 0, ARW_CT_STRATEGIC, ARW_CT_TACTICAL, ARW_CT_RED };

/* Play windows (arw_card.windows bits; arw_card_window_names): the points of
 * the sequence where a holder is offered to play (SR4.3-c, docs/arw.md). */
enum {
    ARW_CW_AFTER_DRAWS = 0,   /* end of the Random Events phase                 */
    ARW_CW_INITIATIVE,        /* start of the Initiative phase                  */
    ARW_CW_SIEGE,             /* start of the Siege & Bombardment phase         */
    ARW_CW_OWN_MOVEMENT,      /* start of the holder's Movement phase           */
    ARW_CW_ENEMY_MOVEMENT,    /* start of the opponent's Movement phase         */
    ARW_CW_OWN_RALLY,         /* start of the holder's Rally phase              */
    ARW_CW_OWN_FIRE,          /* start of Defensive Fire in the holder's turn   */
    ARW_CW_ENEMY_FIRE,        /* start of Defensive Fire in the opponent's turn */
    ARW_CW_OWN_ATTACKS,       /* after the holder declared his close combats    */
    ARW_CW_ENEMY_ATTACKS,     /* after the opponent declared his close combats  */
    ARW_CW_ENEMY_ART_FIRE,    /* the opponent announced a defensive artillery
                                 fire (arw_cards_fire_announced)                */
    ARW_CW_RESPONSE,          /* the opponent just played a card (Card 7)       */
    ARW_NCW
};

/* Card effects (arw_card.effect; arw_card_effect_names). */
enum {
    ARW_CE_MORALE = 0,      /* army morale changes (4, 5, 8, 11, 24, 31)         */
    ARW_CE_FRIENDLY_FIRE,   /* 19                                                */
    ARW_CE_CHOOSE_MORALE,   /* 40: one army of a list, player's choice           */
    ARW_CE_REMOVE,          /* 1, 2, 32, 33, 38: units leave the game            */
    ARW_CE_DEPLOY,          /* 3, 6: an optional unit enters                     */
    ARW_CE_CANCEL,          /* 7                                                 */
    ARW_CE_THIS_TURN,       /* modifiers in force this turn (9, 10, 12, ...)     */
    ARW_CE_REPLACE,         /* 14, 23, 30: replacement counter                   */
    ARW_CE_BOMBARD,         /* 15                                                */
    ARW_CE_DESERTION,       /* 16                                                */
    ARW_CE_INTELLIGENCE,    /* 17, 18 (red)                                      */
    ARW_CE_ESPIONAGE,       /* 45 (red)                                          */
    ARW_CE_REINF_LATE,      /* 20                                                */
    ARW_CE_REINF_EARLY,     /* 46                                                */
    ARW_CE_REINF_MA,        /* 52                                                */
    ARW_CE_COMMANDERS,      /* 22, 54                                            */
    ARW_CE_BREACH,          /* 25, 34                                            */
    ARW_CE_REPAIR,          /* 28                                                */
    ARW_CE_ELIMINATE,       /* 35                                                */
    ARW_CE_MILITIA_DESERT,  /* 37                                                */
    ARW_CE_SNIPER,          /* 41                                                */
    ARW_CE_EXPLOSION,       /* 43                                                */
    ARW_CE_WOUND,           /* 44                                                */
    ARW_CE_INITIATIVE,      /* 47                                                */
    ARW_CE_SPIKE,           /* 51                                                */
    ARW_CE_DEFENCES,        /* 55                                                */
    ARW_NCE
};

/* "Discard and draw another" conditions (SR4.3-g, AMB-27). */
enum {
    ARW_CV_NONE = 0,
    ARW_CV_ANY_DEPLOYED,    /* any named unit has arrived (1, 2)                 */
    ARW_CV_ALL_GONE,        /* every named unit eliminated, captured or removed  */
    ARW_CV_NO_REINF,        /* no reinforcement of the card's armies is due      */
    ARW_CV_NO_TARGET,       /* the effect has nothing left to act on (37)        */
    ARW_CV_AFTER_TURN       /* drawn after turn `turn_hi` (55)                   */
};

/* Breach kinds (ARW_CE_BREACH). */
enum { ARW_BK_ABATIS = 0, ARW_BK_NON_ABATIS = 1 };

/* Close-combat modifiers of a "this turn" card (T-CC-DRM "random events"). */
typedef struct arw_card_cc {
    int8_t att_side;     /* -1 any; ARW_BRITISH/ARW_ALLIED; 2 = the enemy of
                            the side that played the card                     */
    int8_t att_army;     /* attacking army (role army), -1 any                 */
    int16_t commander;   /* the attacking vanguard's commander (AMB-17), or -1  */
    int16_t stacked;     /* a vanguard of `favour` stacked with this leader     */
    int8_t favour;       /* side favoured by `stacked` (attack or defence)      */
    uint8_t militia;     /* the attacking vanguard is militia                   */
    int8_t drm;          /* to the close-combat roll                            */
    int8_t column;       /* odds column shift (right = attacker)                */
    int8_t chits_army;   /* combats with this army: only chits 1..chits_max     */
    int8_t chits_max;
} arw_card_cc;

typedef struct arw_card {
    char title[96];
    uint8_t number;        /* 1..55, 0 = not in the deck                         */
    uint8_t timing;        /* ARW_CT_*                                           */
    uint8_t sides;         /* bit s: side s may play it (A / B / Any flags)      */
    uint8_t effect;        /* ARW_CE_*                                           */
    uint16_t windows;      /* bit ARW_CW_*                                       */
    uint8_t reshuffle;     /* SR4.3-f: back into the deck after use (28, 40)     */
    uint8_t void_kind;     /* ARW_CV_*                                           */
    uint8_t nunits;
    uint8_t armies;        /* bit a: army a (choices, void checks)               */
    uint8_t narmies;
    int8_t alist[ARW_NARMIES]; /* the armies in data order (19, 44: even, odd)   */
    int16_t unit[ARW_CARD_UNITS]; /* units the card names                        */
    int16_t to;            /* replacement counter (14, 23, 30), unit flipped (16) */
    int16_t leader;        /* leader the card names (25)                         */
    int16_t req[2];        /* one of these must be on the map (16), or -1         */
    uint8_t outside;       /* ARW_Z_* zone the target hex must be outside of      */
    int8_t pmorale;        /* printed morale of the units concerned (37)          */
    int8_t morale[ARW_NARMIES]; /* army morale changes                           */
    int8_t army;           /* army the effect concerns, -1 none                  */
    int8_t delta;          /* amount (morale, turns, MA)                          */
    int8_t radius;         /* hexes (25, 51)                                      */
    int8_t count;          /* hexsides (25, 34, 28)                               */
    int8_t breach;         /* ARW_BK_*                                            */
    int8_t turn_lo, turn_hi; /* playable turns (55)                               */
    int8_t roll_lo, roll_hi; /* successful rolls (55)                             */
    int8_t terrain;        /* hex type (3, 6, 15), -1 none                        */
    uint8_t table[2][10];  /* d10 tables (41, 51): ARW_CR_* per face              */
    arw_card_cc cc;        /* this-turn close-combat modifiers                    */
    int8_t fire_side, fire_drm;   /* defensive artillery fire DRM (10, 21)        */
    int8_t fire_track;     /* track where the fire DRM applies, -1 both           */
    int8_t siege_side;     /* no siege & bombardment roll for this side (9, 21)   */
    int8_t siege_track;
    uint8_t naval_off;     /* British naval bombardment zone inactive (42)        */
    uint8_t rally_first;   /* rally attempts before Movement (39)                 */
    int8_t ma_army, ma_kind; /* MA multiplied for this army's units of this kind  */
    int8_t ma_factor[2];   /* [strategic, tactical] (48-50)                        */
    uint8_t enemy_in_zone; /* playable only with enemy combat units in this zone  */
    uint8_t not_fair;      /* playable only when the weather is not Fair (34)     */
    uint8_t attacker_checks; /* enemy attackers take a morale check (29)           */
    uint8_t pad_;
    uint32_t prov;         /* provisional fields (bit ARW_CP_*)                    */
} arw_card;

/* Outcomes in a card's d10 table (41, 51; arw_card_result_names). */
enum { ARW_CR_NONE = 0, ARW_CR_RETREAT, ARW_CR_KILLED, ARW_CR_DISRUPTED, ARW_CR_STEP,
       ARW_CR_CAPTURED };
/* Provisional fields of a card (arw_card.prov). */
enum { ARW_CP_TIMING = 1u << 0, ARW_CP_FLAG = 1u << 1, ARW_CP_PARAMS = 1u << 2 };
/* ==== end of CARDS static data ==== */
/* ==== SAVANNAH (strategic layer and victory: track.c, weather.c,
 *      construction.c, siege.c, victory.c, savrules.c, sortie.c, savops.c,
 *      loadsav.c): static data of data/arw/savannah/strategic.json ==== */

/* Movement under a weather (arw_weather_fx.move; T-Weather). */
enum { ARW_WM_NORMAL = 0, ARW_WM_HALF, ARW_WM_OFF_ROAD_HALF, ARW_WM_PROHIBITED };
/* Strategic movement under a weather (arw_weather_fx.strategic; AMB-08). */
enum { ARW_WS_NORMAL = 0, ARW_WS_X1_5, ARW_WS_PROHIBITED };
/* arw_weather_fx.cc: a T-CC-DRM term (arw_drm_id), or one of these. */
#define ARW_WX_CC_NONE (-1)
#define ARW_WX_CC_P (-2)
/* arw_weather_fx.flags */
enum {
    ARW_WXF_BUILD = 1u << 0,    /* siegeworks may be started (SR4.4)            */
    ARW_WXF_COMPLETE = 1u << 1, /* siegeworks may be completed                  */
    ARW_WXF_CARDS = 1u << 2,    /* cards may be played (SR4.3-h)                */
    ARW_WXF_REINF = 1u << 3,    /* reinforcements arrive (AMB-56)               */
    ARW_WXF_LOSSES = 1u << 4    /* Hurricane step losses (AMB-84)               */
};

/* Effects of one weather (T-Weather). */
typedef struct arw_weather_fx {
    uint8_t move;     /* ARW_WM_*                                               */
    uint8_t strategic;/* ARW_WS_*                                               */
    int8_t cc;        /* T-CC-DRM term, ARW_WX_CC_NONE or ARW_WX_CC_P           */
    int8_t rally;     /* rally roll DRM                                         */
    int8_t siege;     /* siege & bombardment DRM, or ARW_DRM_P                  */
    int8_t then;      /* weather of the next turn (Heavy Rain after H/G/S), -1  */
    uint8_t flags;    /* ARW_WXF_*                                              */
} arw_weather_fx;

/* What a construction marker placement of one stage needs (SR4.4). */
typedef struct arw_works_stage {
    uint8_t markers;  /* markers that may be placed in the stage                */
    uint8_t min_dist, max_dist; /* distance to the perimeter (max 0: none)     */
    uint8_t extend;   /* the first marker must touch completed works            */
} arw_works_stage;

/* Siege & bombardment table rows (T-Siege-I/II), flags ARW_SGR_*. */
enum {
    ARW_SGR_WET = 1u << 0,     /* wet powder: this side's bombardment ends (AMB-54) */
    ARW_SGR_TABLE2 = 1u << 1,  /* roll on Table II                               */
    ARW_SGR_X2_FR_ART = 1u << 2,/* French artillery MA doubled this turn         */
    ARW_SGR_X2_GRAHAM = 1u << 3,/* Graham's Light Infantry MA doubled this turn  */
    ARW_SGR_BEEKMAN = 1u << 4  /* Beekman's artillery may fire at once           */
};
/* What happens when a row's breach finds no hexside (AMB-86). */
enum { ARW_NONE_NOTHING = 0, ARW_NONE_REMOVE_MARKER, ARW_NONE_MORALE };

typedef struct arw_siege_row {
    uint8_t flags;               /* ARW_SGR_*                                  */
    int8_t fire_drm;             /* British defensive artillery fire DRM       */
    int8_t morale[ARW_NARMIES];  /* army morale changes                        */
    uint8_t choice;              /* bit per army: the roller picks one of them */
    int8_t choice_delta;         /* ... which changes by this                  */
    uint8_t repair, breach, accident, town; /* choices to make                 */
    uint8_t if_none;             /* ARW_NONE_*                                 */
    int8_t none_morale[ARW_NARMIES];
    uint8_t second_at;           /* second d10 >= this gives second_morale (0 none) */
    int8_t second_morale[ARW_NARMIES];
} arw_siege_row;

/* A decisive-victory count (SR2.1 Case B, SR2.4, HS-victory; AMB-22). */
typedef struct arw_decisive {
    uint16_t groups;     /* bit per colour band whose lost SP count          */
    uint16_t core;       /* bands counted toward the core minimum            */
    int16_t total, core_min;
    int16_t leader;      /* leader who must also be lost, or ARW_NO_UNIT     */
} arw_decisive;

/* T-VP items (half points). */
enum {
    ARW_VP_TWO_STEP = 0, ARW_VP_ONE_STEP, ARW_VP_REDUCED, ARW_VP_REDUCED_ELIM, ARW_VP_CAPTURED,
    ARW_VP_SHATTERED, ARW_VP_CREEK, ARW_VP_HEX, ARW_VP_MARGIN, ARW_NVP
};

typedef struct arw_sav_data {
    uint8_t loaded;               /* the scenario names a "strategic" file       */
    int8_t assault_last;          /* SR1.6-c: last turn of an announcement       */
    /* T-Weather */
    int8_t wx_modified[10];       /* weather by modified roll, -1 = re-roll      */
    int8_t wx_reroll[10];
    int8_t wx_turn_drm[ARW_MAX_TURNS + 1];
    int8_t wx_after_fair;
    int8_t wx_case_b_first, wx_case_b_rest;
    arw_weather_fx wx[ARW_NWEATHER];
    /* SR4.4 siegeworks */
    uint8_t works_first_turn, works_markers, works_sides, nstages;
    arw_works_stage stage[4];
    uint32_t works_forbidden;     /* bit per hex type                            */
    uint16_t british_works, french_works; /* side type bits (fieldworks owners) */
    int8_t st_siegeworks;         /* side type index of siegeworks, or -1         */
    int8_t st_abatis;             /* side type index of abatis (Card 25), or -1   */
    int8_t ht_clear;              /* hex type of a destroyed town (clear)         */
    /* SR4.6 siege & bombardment: [table 0/1][roller side][face] */
    arw_siege_row siege[2][ARW_NSIDES][10];
    uint8_t accident_eliminates;  /* AMB-11 reading: 0 reduce, 1 eliminate       */
    int8_t town_check_drm;
    /* SR4.10, SR4.11 */
    uint8_t sortie_last;
    int8_t sortie_morale, naval_rally_drm;
    /* SR2.1 Case A */
    int8_t surr_level[ARW_MAX_LEVELS], surr_lost, surr_per_hex, surr_at;
    int16_t commander;            /* Prevost, or ARW_NO_UNIT                      */
    /* T-VP and victory */
    int16_t vp[ARW_NVP];
    arw_decisive allied, british, hs_british;
    /* HS-16 */
    uint8_t hs16_turn, hs16_army;
    int16_t hs16_leader;
    int16_t graham, beekman;      /* T-Siege-II units, or ARW_NO_UNIT             */
} arw_sav_data;
/* ==== end of SAVANNAH static data ==== */

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
    arw_fire_tables fire;        /* FIRE: fire tables (tables.json "fire")     */
    arw_los_line los_line[ARW_LOS_SPAN * ARW_LOS_SPAN]; /* FIRE: lines by offset */
    /* ==== CARDS: the scenario's deck (cards.json; ncards 0 = no cards) ==== */
    int ncards;
    arw_card card[ARW_NCARDS + 1];        /* by card number                     */
    /* ==== end of CARDS ==== */
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
                                     began (savcc, stackrules.c)              */
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
#define ARW_RT_DIST 0x0Fu
#define ARW_RT_STRICT 0x10u  /* never adjacent to an enemy (GR12.4-a, GR13.24-a) */
#define ARW_RT_REDUCED 0x20u /* stacking as if reduced one step (GR13.23-b)      */
#define ARW_RT_AVOID 0x40u   /* retreat.c internal: SR4.1-2a classes avoided     */

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
    /* ==== CARDS (SR4.3): draws, play windows, card effects (cardplay.c) ==== */
    ARW_ST_CARDS,
    /* ==== end of CARDS ==== */
    /* ==== MOVEMENT (GR7-GR9): stages from ARW_ST_MOVEMENT up to the FIRE
     *      block belong to movement.c (pending, legal, automatic steps) ==== */
    ARW_ST_MOVEMENT,   /* GR9.1 the active side moves its units one at a time */
    ARW_ST_ENTRY,      /* GR9.61, SR4.7 the owner picks a reinforcement's entry hex */
    ARW_ST_OVERSTACK,  /* GR7.3, SR4.7-d the owner brings a hex within the limits */
    /* ==== end of MOVEMENT ==== */
    /* ==== FIRE (GR10-GR11): stages from ARW_ST_FIRE on belong to fire.c ==== */
    ARW_ST_FIRE,         /* GR11 the inactive side designates artillery fire     */
    ARW_ST_MORTAR,       /* SR4.12 the Allied player fires his mortars           */
    ARW_ST_IMPACT,       /* SR4.12 the owner picks the unit the shell may damage */
    ARW_ST_RIFLE,        /* GR10.2 arw_state.fire_side designates rifle fire     */
    ARW_ST_FIRE_RESULTS, /* fire results being applied (automatic)               */
    /* ==== end of FIRE ==== */
    /* ==== SAVANNAH: stages from ARW_ST_SAV on belong to savops.c (the
     *      decision waited for is arw_state.sav.step) ==== */
    ARW_ST_SAV,
    /* ==== end of SAVANNAH ==== */
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
    /* ==== MOVEMENT (GR7-GR9): the movement engineer adds here ==== */
    /* ==== end of MOVEMENT ==== */
    /* ==== FIRE (GR10-GR11): the fire engineer adds here ==== */
    /* ==== end of FIRE ==== */
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

/* ==== SAVANNAH state (savops.c and the files it names) ==== */

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
/* ==== end of SAVANNAH state types ==== */

/* Game options (gr_game_new "key=value"). */
enum {
    ARW_O_ADVANCED = 1u << 0,    /* [Advanced] rules (GR1-b), default on        */
    ARW_O_STRICT_CHITS = 1u << 1,/* refuse ineligible chits instead of GR12.54  */
    ARW_O_AMB04_R = 1u << 2,     /* CRT roll 3 / 1-2 reads R/- ([ES])           */
    ARW_O_NO_AUTO = 1u << 3,     /* do not play single-option decisions itself  */
    ARW_O_AMB03_ES = 1u << 4     /* shattered units captured only at the end of
                                    their own side's CC phase ([ES], AMB-03)     */
};

/* FIRE: one fire of a fire phase (GR10, GR11, SR4.12). */
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
/* ==== CARDS state types ==== */
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
/* ==== end of CARDS state types ==== */

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
    /* ==== CARDS (SR4.3, Part G): the deck, hands, knowledge, cards in force
     *      and the card stage's machine (cards.c, cardplay.c, cardfx*.c).
     *      Even number of bytes, explicit padding. ==== */
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
    /* ==== end of CARDS state ==== */
    /* ==== MOVEMENT (GR7-GR9): the movement engineer adds state fields here.
     *      Keep every block an even number of bytes with explicit padding
     *      (the state is hashed byte for byte). ==== */
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
    /* ==== end of MOVEMENT state ==== */
    /* ==== FIRE (GR10-GR11): the fire engineer adds state fields here
     *      (same padding rule). ==== */
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
    /* ==== end of FIRE state ==== */
    /* ==== SAVANNAH state (strategic layer and victory) ==== */
    arw_sav sav;
    /* ==== end of SAVANNAH state ==== */
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

/* Decision kinds (names in ops.c, DECISIONS).  Three blocks: sequence /
 * close combat (this file's first engineer), MOVEMENT, FIRE; each engineer
 * adds entries inside his own block only, keeping its first entry first. */
enum {
    ARW_D_DECLARE = 0, ARW_D_NEXT_COMBAT, ARW_D_VANGUARD, ARW_D_CHIT, ARW_D_MOMENTUM,
    ARW_D_RETREAT, ARW_D_CAPTURE, ARW_D_SECOND_LOSS, ARW_D_CASUALTY, ARW_D_ADVANCE,
    ARW_D_NONE,
    ARW_D_INIT_BID,       /* GR6.2 momentum chits added to the initiative roll */
    ARW_D_INIT_SEIZE,     /* GR6.2 3 chits to choose who has the initiative    */
    ARW_D_CAV_WITHDRAW,   /* GR12.4 the defender may withdraw his cavalry      */
    ARW_D_LEADER_RETREAT, /* GR13.26 a leader retreats with a unit, or stays   */
    ARW_D_STACK_LOSS,     /* GR13.23-b lose a step to retreat, or be captured  */
    /* ==== CARDS (SR4.3) ==== */
    ARW_D_EXTRA_CARD,     /* SR1.4-c spend a momentum chit for one more card   */
    ARW_D_KEEP_CARD,      /* Card 17/18 keep one of the top three              */
    ARW_D_PLAY_CARD,      /* SR4.3-c a play window                             */
    ARW_D_CANCEL_CARD,    /* Card 7 against the card just played               */
    ARW_D_CARD_CHOICE,    /* a choice inside a card's effect                   */
    /* ==== end of CARDS ==== */
    /* ==== MOVEMENT (GR7-GR9): the movement engineer adds here ==== */
    ARW_D_MOVE,           /* GR9.1 move a unit, or end the movement phase      */
    ARW_D_ENTRY,          /* GR9.61, SR4.7 entry hex of a reinforcement        */
    ARW_D_OVERSTACK,      /* GR7.3 step loss, SR4.7-d delay, in an over-stack  */
    /* ==== end of MOVEMENT ==== */
    /* ==== FIRE (GR10-GR11): the fire engineer adds here ==== */
    ARW_D_ART_FIRE,       /* GR11 defensive artillery fire                     */
    ARW_D_RIFLE_FIRE,     /* GR10 rifle fire (designations)                    */
    ARW_D_MORTAR_FIRE,    /* SR4.12 French mortar fire                         */
    ARW_D_MORTAR_TARGET,  /* SR4.12 the unit in the impact hex that may be hit */
    /* ==== end of FIRE ==== */
    /* ==== SAVANNAH (savops.c) ==== */
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
    /* ==== end of SAVANNAH ==== */
    ARW_NDECISIONS
};

/* Action kinds (schema in ops.c).  Dispatch (ops.c, flow.c) goes by block:
 * kinds from ARW_A_MOVE to the FIRE block go to movement.c (arw_movement_*),
 * kinds from ARW_A_ART_FIRE on go to fire.c (arw_fire_*).  Each engineer
 * adds kinds inside his own block only and keeps its first entry first. */
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
    /* ==== CARDS (SR4.3): kinds ARW_A_EXTRA_CARD..ARW_A_CARD_DONE go to
     *      cardplay.c (arw_cards_check/exec) ==== */
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
    /* ==== end of CARDS ==== */
    /* ==== MOVEMENT (GR7-GR9): the movement engineer adds here ==== */
    ARW_A_MOVE,         /* GR9.1 move unit=U hex=H                             */
    ARW_A_END_MOVE,     /* end-movement                                        */
    ARW_A_ENTER,        /* GR9.61 enter unit=U hex=H (reinforcement)           */
    ARW_A_STACK_LOSS,   /* GR7.3 stack-loss unit=U                             */
    ARW_A_DELAY,        /* SR4.7-d delay unit=U (reinforcement)                */
    /* ==== end of MOVEMENT ==== */
    /* ==== FIRE (GR10-GR11): the fire engineer adds here ==== */
    ARW_A_ART_FIRE,     /* GR11 fire unit=U target=T (designate, combine)      */
    ARW_A_RIFLE_FIRE,   /* GR10 rifle-fire unit=U target=T                     */
    ARW_A_END_FIRE,     /* end-fire (no more designations)                     */
    ARW_A_FIRE_NOW,     /* GR11.3 fire-now: resolve the designated fire        */
    ARW_A_MORTAR,       /* SR4.12 mortar unit=U hex=H                          */
    ARW_A_MORTAR_TARGET,/* SR4.12 mortar-target unit=U (owner of the units)    */
    /* ==== end of FIRE ==== */
    /* ==== SAVANNAH: kinds from ARW_A_ANNOUNCE on go to savops.c ==== */
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
    /* ==== end of SAVANNAH ==== */
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
    /* ==== CARDS (SR4.3) ==== */
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
    /* ==== end of CARDS ==== */
    /* ==== MOVEMENT (GR7-GR9): the movement engineer adds here ==== */
    ARW_E_MOVE,         /* move unit from to mp2 (half MP spent so far)        */
    ARW_E_LOST,         /* lost unit roll (SR4.9-d)                            */
    ARW_E_ENTER,        /* reinforcement unit hex                              */
    ARW_E_DELAYED,      /* delayed unit turn (SR4.7-a/d, AMB-56)               */
    ARW_E_VAR_ENTRY,    /* variable-entry face hex (SR4.7-f)                   */
    ARW_E_REINF_LOST,   /* reinforcements-lost army (SR4.7-c)                  */
    /* ==== end of MOVEMENT ==== */
    /* ==== FIRE (GR10-GR11): the fire engineer adds here ==== */
    ARW_E_FIRE,         /* fire fire unit target: a unit joins fire N          */
    ARW_E_FIRE_ROLL,    /* fire-roll fire sp range to-hit drm roll total hit   */
    ARW_E_FIRE_RESULT,  /* fire-result fire target roll result                 */
    ARW_E_MORTAR_AIM,   /* mortar fire unit hex                                */
    ARW_E_SCATTER,      /* scatter fire aim roll direction                     */
    ARW_E_IMPACT,       /* impact fire hex                                     */
    ARW_E_FIRE_NONE,    /* no-effect fire reason                               */
    ARW_E_MALFUNCTION,  /* malfunction unit roll result                        */
    ARW_E_FIRE_BANNED,  /* fire-prohibited weather (T-Weather)                 */
    /* ==== end of FIRE ==== */
    /* ==== SAVANNAH ==== */
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
    /* ==== end of SAVANNAH ==== */
    ARW_NEVENTS
};

/* Dice purposes (names in ops.c). */
enum {
    ARW_ROLL_CC = 0, ARW_ROLL_MORALE, ARW_ROLL_DETERMINIZE, ARW_ROLL_INITIATIVE,
    /* ==== CARDS ==== */
    ARW_ROLL_CARD_SHUFFLE, ARW_ROLL_CARD_STEAL, ARW_ROLL_CARD,
    /* ==== end of CARDS ==== */
    /* ==== MOVEMENT: the movement engineer adds here ==== */
    ARW_ROLL_COVERED_WAY, /* SR4.9-d T-CoveredWay                              */
    ARW_ROLL_ENTRY,       /* SR4.7-f T-FrenchVariableEntry                     */
    /* ==== end of MOVEMENT ==== */
    /* ==== FIRE: the fire engineer adds here ==== */
    ARW_ROLL_FIRE,         /* to hit (T-Fire)                                  */
    ARW_ROLL_DAMAGE,       /* T-ArtilleryDamage, T-RifleDamage                 */
    ARW_ROLL_SCATTER,      /* T-MortarScatter                                  */
    ARW_ROLL_MALFUNCTION,  /* T-MortarMalfunction                              */
    /* ==== end of FIRE ==== */
    /* ==== SAVANNAH ==== */
    ARW_ROLL_WEATHER, ARW_ROLL_SIEGE, ARW_ROLL_SURRENDER,
    /* ==== end of SAVANNAH ==== */
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

/* ------------------------------------------------------------------ load.c / loadtab.c */

/* gr_rules.load / free_sdata / state_size. */
gr_status arw_load(gr_loader *ld, const void *scenario_doc, void **sdata);
void arw_free_data(void *sdata);
size_t arw_state_size(const void *sdata);
/* Loads tables.json (`path`) into d->t (loadtab.c). */
gr_status arw_load_tables(gr_loader *ld, const char *path, arw_data *d);
/* Loads the terrain effects chart (`path`) into d (loadtab.c). */
gr_status arw_load_terrain(gr_loader *ld, const char *path, arw_data *d);
/* (Re)allocates the map arrays for a cols x rows grid; 0 or -1 on OOM. */
int arw_map_alloc(arw_map *m, int cols, int rows, int col0, int row0, int shifted);
/* Frees the map arrays (the struct itself is not freed). */
void arw_map_free(arw_map *m);
/* Rebuilds the lists derived from the static data (the town hexes, each
 * side's units and artillery); the loader and every edit line call it. */
void arw_data_derive(arw_data *d);
/* Fills arw_map.los_class and los_pre from the printed map (los.c; called
 * by arw_data_derive, after arw_los_lines_build). */
void arw_los_derive(arw_data *d);
/* Fills arw_map.mvcost for the movement keys of d's units (movecost.c;
 * called by arw_data_derive). */
void arw_mvcost_derive(arw_data *d);
/* SR4.1 classes of unit u (move.h ARW_NAT_*; movecost.c): arw_data.unit_nat,
 * kept by arw_data_derive. */
static inline unsigned arw_nat_of(const arw_data *d, int u)
{
    return d->unit_nat[u];
}
/* Fills arw_data.unit_nat, unit_nat_end and unit_nat_pass (movecost.c;
 * called by arw_data_derive). */
void arw_nat_derive(arw_data *d);
/* Terrain of every hex of row `row` (0-based) from letters; 0 or -1. */
int arw_map_set_row(arw_data *d, int row, const char *letters, char *why, size_t why_size);
/* Draws feature `f` on the side between adjacent hexes a and b; 0 or -1. */
int arw_map_set_feature(arw_data *d, int a, int b, int f);
/* The GR5 series sequence of play (every turn rolled for). */
void arw_sequence_default(arw_data *d);
/* Unit flag / kind / army parsing shared by loader and editor. */
void arw_unit_derive(arw_unit_def *u);
/* Marks the side between adjacent hexes a and b as a perimeter hexside
 * (SR1.7); 0 or -1 when not adjacent. */
int arw_map_set_perimeter_side(arw_data *d, int a, int b);
/* Non-zero when side `dir` of hex h is a perimeter hexside (SR1.7). */
int arw_perimeter_side(const arw_data *d, int h, int dir);
/* Non-zero when hex h lies in every zone of `zones` (ARW_Z_*). */
int arw_in_zone(const arw_data *d, int h, unsigned zones);
/* Index of entry point `name` in d->map.entry, ARW_ENTRY_HQ for "HQ",
 * ARW_ENTRY_VARIABLE for "variable", else ARW_ENTRY_NONE. */
int arw_entry_find(const arw_data *d, const char *name);
/* Hex of unit u's campaign entry point (its first hex; the army's HQ for
 * ARW_ENTRY_HQ), or ARW_NO_HEX (none, or a variable entry). */
int arw_entry_hex(const arw_data *d, int u);
/* Axial coordinates of hex h; (0, 0) off the map, as gr_grid_hex gives. */
static inline gr_hex arw_axial(const arw_data *d, int h)
{
    gr_hex none = {0, 0};
    return h >= 0 && h < d->map.nhex ? d->map.ax[h] : none;
}
/* Slot of axial offset (dq, dr) in arw_data.los_line (|dq|, |dr| <= ARW_LOS_TABLE). */
static inline int arw_los_slot(int dq, int dr)
{
    return (dq + ARW_LOS_TABLE) * ARW_LOS_SPAN + dr + ARW_LOS_TABLE;
}
/* Works out d->los_line (losgeom.c; once per scenario: it depends on no map). */
void arw_los_lines_build(arw_data *d);
/* Hex distance between hexes a and b (gr_hex_dist of their axial
 * coordinates, inlined: the module's most frequent call). */
static inline int arw_hex_distance(const arw_data *d, int a, int b)
{
    gr_hex x = arw_axial(d, a), y = arw_axial(d, b);
    int dq = x.q - y.q, dr = x.r - y.r, ds = dq + dr;
    return ((dq < 0 ? -dq : dq) + (dr < 0 ? -dr : dr) + (ds < 0 ? -ds : ds)) / 2;
}
/* The hexes lo to hi hexes away from hex h, in map order, into out (at most
 * cap; (2 hi + 1)^2 always suffices); returns their number. */
int arw_hexes_within(const arw_data *d, int h, int lo, int hi, int16_t *out, int cap);
/* Distance from hex h to the nearest hex inside the perimeter (SR4.4), or
 * -1 when the map has no perimeter. */
int arw_perimeter_distance(const arw_data *d, int h);
/* Weather fixed by the scenario for `turn`, or -1. */
int arw_fixed_weather(const arw_data *d, int turn);

/* ------------------------------------------------------------------ evaluate.c */

/* gr_rules.evaluate: how near each side stands to its victories, per mille,
 * positive for `player`'s side; evaluate(g, allied) = -evaluate(g, british).
 * flags: GR_EVAL_* (include/grognard.h).  Pure, allocation-free. */
int32_t arw_evaluate(const gr_game *g, int player, unsigned flags);
/* evalcc.c: the army morale (thousandths of a point) each army can expect
 * to lose or gain in the close combats declared and not yet rolled, and
 * with GR_EVAL_LOOKAHEAD in the attacks the active side must still declare
 * this player turn (GR12.12-a), into delta[ARW_NARMIES] (gains positive). */
void arw_eval_pending_combats(const gr_game *g, unsigned flags, int32_t delta[ARW_NARMIES]);

/* ------------------------------------------------------------------ boardq.c */

/* The board contract of docs/queries.md ("board", "units", "panel"): writes
 * the answer into buf and returns 1, or returns 0 for any other query. */
int arw_board_query(const gr_game *g, const char *what, char *buf, size_t size);

/* ------------------------------------------------------------------ edit.c / setup.c */

gr_status arw_edit(void *sdata, const char *line, gr_error *err);
gr_status arw_setup(gr_game *g, const char *line, gr_error *err);

/* ------------------------------------------------------------------ board.c */

/* Puts unit u in hex h (on the map); removes it from its old hex first. */
void arw_place(gr_game *g, int u, int h);
/* Takes unit u off the map into box `box` (ARW_BOX_*). */
void arw_remove(gr_game *g, int u, int box);
/* Side of the combat units in hex h: ARW_BRITISH/ARW_ALLIED, or -1 if none. */
int arw_hex_owner(const gr_game *g, int h);
/* Non-zero when hex h holds combat units (not leaders) of `side`. */
int arw_hex_has_combat(const gr_game *g, int h, int side);
/* Non-zero when a combat unit of the enemy of `side` is adjacent to h. */
int arw_enemy_adjacent(const gr_game *g, int h, int side);
/* Non-zero when `side` exerts a zone of control into hex h (GR8.1). */
int arw_zoc(const gr_game *g, int h, int side);
/* Non-zero when a ZOC exerted from h's neighbour across side k of h reaches
 * into h (GR8.1-b/c, SR4.19: not into light forest, forest, swamp, intact
 * town, nor across fieldworks into the symbol side). */
int arw_zoc_into(const gr_game *g, int h, int k);
/* Non-zero when unit u exerts a ZOC (GR8.1-a: ready combat unit, not Lost). */
int arw_exerts_zoc(const gr_game *g, int u);
/* Non-zero when unit u may stand in hex h without breaking stacking (GR7.1). */
int arw_stack_ok(const gr_game *g, int u, int h);
/* Non-zero when unit u may cross from hex `from` into adjacent `to` and stay
 * there as far as terrain goes (no prohibited hex or hexside). */
int arw_terrain_enterable(const gr_game *g, int u, int from, int to);
/* Direction from hex a to adjacent hex b, or -1. */
int arw_dir(const arw_data *d, int a, int b);
/* Current strength points of unit u (its side's printed SP). */
int arw_unit_sp(const gr_game *g, int u);
/* Current printed morale of unit u (full or reduced side). */
int arw_unit_morale(const gr_game *g, int u);
/* Non-zero for a combat unit (not a leader). */
static inline int arw_is_combat_unit(const arw_data *d, int u)
{
    return d->unit[u].kind != ARW_K_LEADER;
}
/* Non-zero when unit u is a ready-to-parade combat unit on the map. */
int arw_is_ready(const gr_game *g, int u);
/* Commanding leader in hex h for unit u (GR14.1): the highest-ranking (then
 * senior) leader there who may command u (SR4.18), or ARW_NO_UNIT. */
int arw_commander(const gr_game *g, int h, int u);
/* Label of hex h ("1404") into buf; "-" when h < 0. */
const char *arw_hex_label(const arw_data *d, int h, char *buf, size_t size);

/* ------------------------------------------------------------------ flow.c */

/* Starts phase `ph` of the current player turn (call arw_run afterwards). */
void arw_phase_begin(gr_game *g, int ph);
/* Runs phase `ph`'s entry hook (arw_phase_begin does, after the phase event
 * and the cards' play window at the start of the phase). */
void arw_phase_enter(gr_game *g, int ph);
/* Runs automatic steps until a decision or the end of the game. */
void arw_run(gr_game *g);
/* The rules scratch (mvscratch.c): its size for a scenario; busy: the
 * state is about to change, keep no facts until idle; keep: the facts last
 * built (arw_movement_several) are those of the position the state keeps
 * (arw_run is returning). */
size_t arw_scratch_size(const void *sdata);
void arw_scratch_busy(const gr_game *g);
/* The declaration context's place in the scratch (declare.c, room for
 * arw_declare_scratch_size bytes, 16-aligned); *kept: it holds the
 * context of the state as it stands. */
void *arw_scratch_decl(const gr_game *g, int *kept);
/* A context was just built there for the state as it stands: kept unless
 * the state is changing; keep: the context last built is that of the
 * position the state keeps (arw_run is returning). */
void arw_scratch_decl_built(const gr_game *g);
void arw_scratch_decl_keep(const gr_game *g);
/* The top task's candidates kept in the scratch (tasks.c): their number,
 * into out ([ARW_MAX_UNITS]), or -1 when none are kept for the state as it
 * stands.  put: candidates just worked out for the state as it stands,
 * kept at once unless the state is changing (then pending); forget: none
 * kept; keep: the pending ones are the final position's (arw_run is
 * returning). */
int arw_scratch_tasks_get(const gr_game *g, int *out);
void arw_scratch_tasks_put(const gr_game *g, const int *cand, int n);
void arw_scratch_tasks_forget(const gr_game *g);
void arw_scratch_tasks_keep(const gr_game *g);
void arw_scratch_idle(const gr_game *g);
void arw_scratch_keep(const gr_game *g);
/* Ends the game with `outcome`, won by `winner` (-1 draw). */
void arw_game_over(gr_game *g, int outcome, int winner);
/* Who decides now and what (ARW_D_*); 0 players when the game is over. */
void arw_pending(const gr_game *g, gr_pending *out);
/* Applies an action already validated (no checks; flow continues in arw_run). */
void arw_exec(gr_game *g, const gr_action *a);
/* Ends the current phase: the run loop moves on to the next phase of the
 * sequence (every phase's hooks call it when their phase is over). */
void arw_phase_end(gr_game *g);
/* Sets this game turn's player order from the scenario (B.4); for a rolled
 * turn, initiative holder first. */
void arw_turn_order(gr_game *g);
/* Positions the clock in the player turn of side `active` of the current
 * turn (opening position, setup "phase" lines). */
void arw_start_player_turn(gr_game *g, int active);
/* Restarts the game at its opening position's clock (turn, phase, active;
 * setup lines before the first action) and runs it forward. */
void arw_restart_opening(gr_game *g);
/* Segment (ARW_SEG_*) and index of phase `ph` in the scenario sequence;
 * returns -1 when the scenario does not schedule it. */
int arw_seq_find(const arw_data *d, int ph, int *index);

/* ------------------------------------------------------------------ rctx.c */

/* Opens a resolution context of `kind` (ARW_RC_*) with the army of each
 * side (british_army, allied_army) and snapshots every army's morale level
 * (GR16.24-a). */
void arw_rctx_begin(gr_game *g, int kind, int british_army, int allied_army);
/* Closes it (kind ARW_RC_NONE: levels are read live again). */
void arw_rctx_end(gr_game *g);
/* Morale level of `army` for checks now: the snapshot inside a resolution
 * context, else the current level. */
int arw_rctx_level(const gr_game *g, int army);

/* ------------------------------------------------------------------ initiative.c */

/* Initiative phase entry (GR6): fixed order turns end it at once. */
void arw_initiative_begin(gr_game *g);
/* Decision of the initiative stage and who makes it. */
int arw_initiative_decision(const gr_game *g, int *side);
gr_status arw_initiative_check(const gr_game *g, const gr_action *a, gr_error *err);
void arw_initiative_exec(gr_game *g, const gr_action *a);
int arw_initiative_legal(const gr_game *g, int side, gr_action *out, int cap);

/* ------------------------------------------------------------------ rally.c */

/* Rally phase (GR15, GR12.4-c): every eligible unit of the active side
 * attempts to rally; the phase then ends. */
void arw_rally_begin(gr_game *g);
/* One rally attempt of unit u (GR15.1-a; also Card 39's early rally). */
void arw_rally_unit(gr_game *g, int u);

/* ------------------------------------------------------------------ movement.c
 * MOVEMENT engineer: these hooks are the movement phase's interface with
 * flow.c and ops.c; replace their placeholder bodies. */

/* Movement phase entry (GR9): sets the stage (ARW_ST_MOVEMENT...) or ends
 * the phase. */
void arw_movement_begin(gr_game *g);
/* Pending decision while the stage is a movement stage. */
void arw_movement_pending(const gr_game *g, gr_pending *out);
/* Automatic step of a movement stage; returns 1 when it moved on. */
int arw_movement_auto(gr_game *g);
int arw_movement_legal(const gr_game *g, int side, gr_action *out, int cap);
/* Non-zero when the movement stage certainly offers two actions or more
 * (two moves found without a search); 0: not known, ask the list. */
int arw_movement_several(const gr_game *g);
/* arw_movement_legal that may stop once more than cap actions are found. */
int arw_movement_legal_upto(const gr_game *g, int side, gr_action *out, int cap);
/* gr_game_sample for the movement stage (mvsample.c): a unit that can move
 * (or end-movement when legal), uniformly, then one of its destinations,
 * uniformly.  Returns 1 (*out set) or -1 (no legal action). */
int arw_movement_sample(const gr_game *g, int side, gr_rng *rng, gr_action *out);
gr_status arw_movement_check(const gr_game *g, const gr_action *a, gr_error *err);
/* A `move` checked and carried out with one search per way (what
 * arw_movement_check then arw_movement_exec do); on refusal nothing
 * changed. */
gr_status arw_movement_move(gr_game *g, const gr_action *a, gr_error *err);
void arw_movement_exec(gr_game *g, const gr_action *a);

/* Consistency of the movement state: the mover, its ways, the stage's
 * reason to be (movement.c; called by sanity.c). */
gr_status arw_movement_sanity(const gr_game *g, gr_error *err);
/* Reinforcement phase entry (GR9.61-a, SR4.7; reinforce.c). */
void arw_reinforce_begin(gr_game *g);
/* Non-zero when hex h may be over the stacking limit now: reinforcements
 * in their entry hex until the end of movement (GR9.61-a), or while the
 * owner is bringing it back (GR7.3-a; stacking.c, for sanity). */
int arw_stack_tolerated(const gr_game *g, int h);
/* HS-sr1: the defending artillery of close combat k has been attacked and
 * may move from now on (movement.c; called at Step 1). */
void arw_hs_artillery_attacked(gr_game *g, int k);
/* The "reach UNIT [HEX]" movement what-if query (mvquery.c). */
gr_status arw_reach_query(const gr_game *g, char **w, int n, char *buf, size_t size,
                          gr_error *err);
/* The "movement" query: the mover, its spent MP and open ways, PIN option
 * B, the units that have moved (mvquery.c). */
gr_status arw_movement_query(const gr_game *g, char *buf, size_t size, gr_error *err);

/* ------------------------------------------------------------------ fire.c
 * FIRE engineer: the fire phases' interface with flow.c and ops.c;
 * replace their placeholder bodies. */

/* Defensive Artillery Fire phase entry (GR11). */
void arw_fire_artillery_begin(gr_game *g);
/* T-Siege-II FR 5: battery u of `side` may fire at once, outside the fire
 * phase, under the defensive artillery fire rules (designation, fire-now,
 * end-fire; its own fire of the phase stays).  Returns 0 when it cannot
 * fire at anything now; otherwise the fire stage waits for its owner and,
 * once done, hands back to arw_siege_extra_fire_done (siege.c). */
int arw_fire_extra_begin(gr_game *g, int side, int u);
/* Rifle Fire phase entry (GR10). */
void arw_fire_rifle_begin(gr_game *g);
/* Pending decision while the stage is a fire stage. */
void arw_fire_pending(const gr_game *g, gr_pending *out);
/* Automatic step of a fire stage; returns 1 when it moved on. */
int arw_fire_auto(gr_game *g);
/* Right after arw_fire_auto returned 0: non-zero when the stage is known to
 * offer its player two actions or more (something to fire and end-fire),
 * so that arw_run need not list them to see whether one is forced. */
int arw_fire_several(const gr_game *g);
/* Called when the result tasks of a fire resolution (rctx ARW_RC_FIRE) are
 * all done. */
void arw_fire_resume(gr_game *g);
int arw_fire_legal(const gr_game *g, int side, gr_action *out, int cap);
gr_status arw_fire_check(const gr_game *g, const gr_action *a, gr_error *err);
void arw_fire_exec(gr_game *g, const gr_action *a);
/* Candidates of a leader-casualty task pushed by a fire (GR13.1 "*", the
 * task's arg is the fire record): the leaders of the task's side in the
 * hex fired on; returns their number (fireres.c). */
int arw_fire_casualty_candidates(const gr_game *g, const arw_task *t, int *out);
/* The one mechanism of the T-Fire-DRM "cards and siege" modifiers (Cards
 * 10, 21 tactical; T-Siege-I FR 2 and BR 2, T-Siege-II BR 5): `drm` is added
 * to `side`'s defensive artillery fire for the rest of the current game
 * turn (cumulative); arw_fire_artillery_drm is the total in force now. */
void arw_fire_add_artillery_drm(gr_game *g, int side, int drm);
int arw_fire_artillery_drm(const gr_game *g, int side);
/* T-MortarScatter (tables.json "fire" "mortar_scatter", the provisional
 * placeholder of Part H.5; mortar.c): the hex a shell or bombardment aimed
 * at `target` lands in, or -1 off the map.  The one scatter of the module:
 * mortar fire (SR4.12), Card 15 and T-Siege-I FR 9 (arw_bombard_town).
 * *roll gets the first d10, *dir the grid direction of the deviation (-1 on
 * target); either may be NULL.  Dice purpose "scatter". */
int arw_scatter_impact(gr_game *g, int target, int *roll, int *dir);
/* Queries "los A B", "odds fire FIRERS... [at] TARGET", "fire [N]",
 * "firer UNIT" (firequery.c; docs/arw.md).  Pure. */
gr_status arw_fire_query(const gr_game *g, const char *what, char *buf, size_t size,
                         gr_error *err);
/* Lines describing this phase's fires into buf (like snprintf). */
int arw_fire_describe(const gr_game *g, char *buf, size_t size);
/* The terminal panel's "fire=" line (docs/queries.md) for the fire being
 * designated or applied now, if any. */
void arw_fire_panel(const gr_game *g, gr_text *o);
/* Consistency of the fire work area (records, firers, cursor). */
gr_status arw_fire_sanity(const gr_game *g, gr_error *err);
/* Event vocabularies of the fire module. */
extern const char *const arw_fire_dir_names[];    /* "none", then d0..d5     */
extern const char *const arw_fire_none_names[];   /* mortar: no effect, why   */
extern const char *const arw_malfunction_names[]; /* ARW_MF_*                 */

/* ------------------------------------------------------------------ CARDS
 * Random event cards (SR4.3, Part G): cards.c (deck, draws, hands, the
 * Random Events phase, hidden hands), cardplay.c (play windows, the card
 * stage), cardfx*.c (effects), cardquery.c (what other rules read).  The
 * functions below are the cards' interface with the rest of the module. */

/* Opening position: the deck shuffled (SR4.3), no hands. */
void arw_cards_init(gr_game *g);
/* Random Events phase entry (SR4.3-a, SR4.3-b). */
void arw_cards_phase_begin(gr_game *g);
/* A play window at the start of phase `ph` (SR4.3-c): returns 1 when the
 * card stage took over (it calls arw_phase_enter when the window closes). */
int arw_cards_phase_window(gr_game *g, int ph);
/* A play window inside a phase (ARW_CW_OWN_ATTACKS... from the point of
 * view of the active side): returns 1 when the card stage took over (the
 * current stage is restored when the window closes). */
int arw_cards_window(gr_game *g, int kind);
/* The FIRE subsystem announces a defensive artillery fire by `n` units of
 * the inactive side (Card 43 window); returns 1 when a window opened (the
 * fire stage is restored afterwards: re-read the units, one may be gone). */
int arw_cards_fire_announced(gr_game *g, const int *units, int n);
/* FIRE (artfire.c): resolves the artillery fire announced before the Card 43
 * window that just closed (a battery that lost its last step no longer
 * fires; the others fire at their strength now).  Nothing when none waits. */
void arw_art_resolve_announced(gr_game *g);
/* Result tasks of a card effect are done (flow.c, resolution context
 * ARW_RC_CARD). */
void arw_cards_resume(gr_game *g);
/* Card stage: pending, legal, check, exec (cardplay.c). */
void arw_cards_pending(const gr_game *g, gr_pending *out);
int arw_cards_legal(const gr_game *g, int side, gr_action *out, int cap);
gr_status arw_cards_check(const gr_game *g, const gr_action *a, gr_error *err);
void arw_cards_exec(gr_game *g, const gr_action *a);
/* Non-zero for the action kinds of the CARDS block. */
int arw_cards_action(int kind);
/* Hidden hands and deck order in a view (cards.c). */
void arw_cards_mask(gr_game *g, int viewer);
void arw_cards_determinize(gr_game *g, gr_rng *rng);
/* Consistency of the card bookkeeping (cards.c). */
gr_status arw_cards_sanity(const gr_game *g, gr_error *err);
/* Setup lines "card ...", "deck ...", "weather ..." (cardquery.c); returns
 * 1 and sets *st when the line was a card line. */
int arw_cards_setup(gr_game *g, char **w, int n, gr_status *st, gr_error *err);
/* Query "cards [SIDE]" and "card N" (cardquery.c); 1 when handled. */
int arw_cards_query(const gr_game *g, char **w, int n, char *buf, size_t size,
                    gr_status *st, gr_error *err);
/* Description of hands, deck and cards in force (respecting views). */
int arw_cards_describe(const gr_game *g, char *buf, size_t size);
/* The `panel` query's card lines: hand counts, the viewer's own cards. */
void arw_cards_panel(const gr_game *g, gr_text *o);

/* What the other rules read (cardquery.c).  Each returns the neutral value
 * when no card is in force. */
/* Non-zero when card c was played this turn and is in force (any effect). */
int arw_card_in_force(const gr_game *g, int c);
/* Close-combat DRM of cards in force for combat k (12, 13, 26, 27, 29, 39). */
int arw_cards_cc_drm(const gr_game *g, int k);
/* Odds column shift of cards in force for combat k (36). */
int arw_cards_column_shift(const gr_game *g, int k);
/* Non-zero when chit c may not be used by role `role` of combat k (53). */
int arw_cards_chit_barred(const gr_game *g, int k, int role, int c);
/* Movement allowance of unit u this turn after cards (22, 48-50, 52),
 * from `ma` (the MA before cards). */
int arw_cards_unit_ma(const gr_game *g, int u, int ma);
/* Rally DRM of cards for unit u (22, 54). */
int arw_cards_rally_drm(const gr_game *g, int u);
/* Non-zero when the active side's rally attempts were made before its
 * Movement phase this turn (39): its Rally phase has none. */
int arw_cards_rally_done(const gr_game *g);
/* Non-zero for a leader wounded this turn (44): no movement, no rally, no
 * chit requirement, no modifiers. */
int arw_cards_leader_wounded(const gr_game *g, int u);
/* Side that takes the initiative this turn by Card 47, or -1. */
int arw_cards_initiative(const gr_game *g);
/* Turn in which unit u arrives as a reinforcement after cards (20, 46,
 * removals, replacement counters); 0 when it never arrives. */
int arw_cards_entry_turn(const gr_game *g, int u);

/* ------------------------------------------------------------------ ops.c */

/* Legal actions of `side` now (gr_rules.legal). */
int arw_legal(const gr_game *g, int side, gr_action *out, int cap);
/* Like arw_legal, except that it may stop counting past cap (it then
 * returns a number > cap): for "is there exactly one?" (flow.c). */
int arw_legal_upto(const gr_game *g, int side, gr_action *out, int cap);
/* Appends one action of `kind` by `side` with arguments a0, a1 (as many as
 * the kind has fields) to out[cap] (out may be NULL to count), counting in
 * *n: the builder of every legal-action list. */
void arw_put_action(gr_action *out, int cap, int *n, int side, int kind, int a0, int a1);
/* Validates an action without changing anything. */
gr_status arw_check(const gr_game *g, const gr_action *a, gr_error *err);

/* ------------------------------------------------------------------ declare.c */

/* Candidate and validation of declaration actions (GR12.12-GR12.21). */
int arw_declare_legal(const gr_game *g, int side, gr_action *out, int cap);
/* Bytes of rules scratch the declaration context needs (mvscratch.c). */
size_t arw_declare_scratch_size(void);
/* arw_declare_legal that may stop once more than cap actions are found
 * (as arw_movement_legal_upto): enough to tell one option from several. */
int arw_declare_legal_upto(const gr_game *g, int side, gr_action *out, int cap);
/* gr_game_sample for the declaration step: uniform over the legal list
 * without checking every candidate (the candidates in a random order, the
 * first one accepted).  Returns 1 (*out set) or -1 (no legal action). */
int arw_declare_sample(const gr_game *g, int side, gr_rng *rng, gr_action *out);
gr_status arw_declare_check(const gr_game *g, const gr_action *a, gr_error *err);
void arw_declare_exec(gr_game *g, const gr_action *a);
/* Non-zero when any close combat can be declared this phase. */
int arw_declare_any(const gr_game *g);
/* Non-zero when unit u must attack (GR12.12) / may attack. */
int arw_must_attack(const gr_game *g, int u);
int arw_can_attack(const gr_game *g, int u);
/* Non-zero when attacker unit u may attack into hex h (adjacent, enemy,
 * terrain allows it). */
int arw_can_attack_hex(const gr_game *g, int u, int h);
/* GR12.12-a/b, GR13.1 PIN (A): non-zero when unit u, able to attack
 * (arw_can_attack), is one the rule obliges to attack an enemy it may
 * attack: never artillery, a rifle unit only when pinned. */
int arw_attack_obliged(const gr_game *g, int u);
/* Hexes unit u may attack (arw_can_attack_hex: neighbours of its hex, but
 * `diverted`, GR12.14; -1 for none) into out; their number.  With foe
 * (arw_mark_combat_hexes), only the neighbours marked there are asked. */
int arw_attack_targets(const gr_game *g, int u, int16_t out[6], int diverted,
                       const uint64_t *foe);
/* Hexes of the largest map (columns, rows < 100) and the words of a set of
 * one bit per hex. */
#define ARW_MAX_GRID (100 * 100)
#define ARW_HEX_WORDS ((ARW_MAX_GRID + 63) / 64)
/* Marks the hexes holding a combat unit of `side` on the map (those
 * arw_hex_has_combat is true for) in foe[], and their neighbours in near[],
 * one bit per hex ((nhex + 63) / 64 words of each are written). */
void arw_mark_combat_hexes(const gr_game *g, int side, uint64_t *foe, uint64_t *near);
/* Non-zero when hex h (>= 0) is in the one-bit-per-hex set. */
static inline int arw_hex_bit(const uint64_t *set, int h)
{
    return h >= 0 && (set[h >> 6] >> (h & 63) & 1u);
}

/* ------------------------------------------------------------------ combat.c */

/* Odds column for attack/defence SP (T-CRT normative note); sets *below to
 * 1 when the odds are worse than the first column. */
int arw_odds_column(const arw_tables *t, int att, int def, int *below);
/* Step 1: strength of role `role` of combat k. */
int arw_combat_sp(const gr_game *g, int k, int role);
/* Non-zero when unit u takes part in combat k (guests excluded). */
static inline int arw_participant(const gr_game *g, int k, int u)
{
    const arw_unit *x = &arw_cst(g)->unit[u];
    return x->combat == k + 1 && x->box == ARW_BOX_MAP && !(x->flags & ARW_U_GUEST) &&
           arw_is_combat_unit(arw_dat(g), u);
}
/* Side of role `role` in the current player turn. */
int arw_role_side(const gr_game *g, int role);
/* Army of role `role` of combat k (fixed in arw_combat.army and the
 * resolution context when its resolution starts; AMB-51): the first
 * participant's other than Pulaski's Legion, whose army counts only when it
 * fights alone or with its own army (SR4.13-b: with the French, the French
 * army); arw_side_army for a role without units.  Card conditions on the
 * attacking army read it too. */
int arw_role_army(const gr_game *g, int k, int role);
/* Starts resolving combat k (Step 1 onwards). */
void arw_combat_start(gr_game *g, int k);
/* Steps 3-5 after the chits are known; then results. */
void arw_combat_roll(gr_game *g);
/* Step 3 DRMs of combat k (without tactics), with odds DRM. */
int arw_combat_drm(const gr_game *g, int k);
/* ccdrm.c, T-TEC rows of an attack from the hexes att[0..na) on the
 * defending hexes dhex[0..nd) (nd >= 1): the hexside items every attacking
 * crossing has (AMB-50), and the defenders' hex terrain when every defending
 * hex has it (TEC note 9).  all_shattered: every defender is shattered
 * (GR13.4-c, AMB-20: the negative rows do not apply).  Used for combat k's
 * Step 3 and for the evaluation's combats still to declare (evalcc.c). */
int arw_cc_sides_drm(const gr_game *g, const int *att, int na, const int16_t *dhex, int nd,
                     int all_shattered);
int arw_cc_hex_drm(const gr_game *g, const int *att, int na, const int16_t *dhex, int nd,
                   int all_shattered);
/* Distinct hexes of role `role`'s participants in combat k (the defending
 * hexes, or the attackers' hexes) into out[ARW_MAX_UNITS]; their number. */
int arw_role_hexes(const gr_game *g, int k, int role, int *out);
/* Vanguard candidates of role `role` in combat k into out; returns count. */
int arw_vanguard_candidates(const gr_game *g, int k, int role, int *out, int cap);
/* Adjusted morale of a vanguard as a DRM (GR12.23 Step 2, AMB-16). */
int arw_vanguard_morale(const gr_game *g, int k, int u);
/* Finishes the current combat (after Step 9). */
void arw_combat_finish(gr_game *g);
/* Momentum re-roll offer (Step 6): side to decide now, or -1 when none. */
int arw_momentum_decider(const gr_game *g);
/* Action handlers of the combat steps. */
gr_status arw_combat_check(const gr_game *g, const gr_action *a, gr_error *err);
void arw_combat_exec(gr_game *g, const gr_action *a);
int arw_combat_legal(const gr_game *g, int side, gr_action *out, int cap);

/* ------------------------------------------------------------------ chits.c */

/* Non-zero when chit c (1..8) is eligible for role `role` of combat k (GR12.52). */
int arw_chit_eligible(const gr_game *g, int k, int role, int c);
/* Tactic DRM and NC for the chits of combat k; returns the DRM, sets *nc. */
int arw_tactic_drm(const gr_game *g, int k, int *nc);
gr_status arw_chit_check(const gr_game *g, const gr_action *a, gr_error *err);
void arw_chit_exec(gr_game *g, const gr_action *a);
int arw_chit_legal(const gr_game *g, int side, gr_action *out, int cap);
/* gr_rules.mask / determinize. */
void arw_mask(gr_game *g, int viewer);
void arw_determinize(gr_game *g, gr_rng *rng);

/* ------------------------------------------------------------------ results.c */

/* Pushes a task on the result stack (top is processed first). */
void arw_push(gr_game *g, int kind, int side, int arg, int unit);
/* Expands result `r` (arw_rcode | ARW_R_STAR) suffered by `role` of the
 * current combat into tasks and immediate effects (GR13.1). */
void arw_apply_result(gr_game *g, int role, unsigned r);
/* Pushes the tasks of the current combat's results (Step 7). */
void arw_results_begin(gr_game *g);
/* Runs automatic tasks; returns 1 when a task waits for a decision. */
int arw_tasks_run(gr_game *g);
/* Decision of the top task (ARW_D_*) and who makes it. */
int arw_task_decision(const gr_game *g, int *side);
gr_status arw_task_check(const gr_game *g, const gr_action *a, gr_error *err);
void arw_task_exec(gr_game *g, const gr_action *a);
int arw_task_legal(const gr_game *g, int side, gr_action *out, int cap);
/* A D result on unit u in place (GR13.1, GR13.3-e, GR13.4-e): disrupted,
 * shattered if disrupted (T-VP for a shattered unit), eliminated if
 * shattered; the "D" army morale adjustment (`enemy_army` gains, -1: none).
 * Returns 0 when it was eliminated.  The one D of close combat, fire, mortar
 * malfunctions and cards ("disrupted in place"). */
int arw_disrupt(gr_game *g, int u, int enemy_army);
/* Applies a D result to unit u: arw_disrupt, then a 3-hex retreat task. */
void arw_suffer_d(gr_game *g, int u, int enemy_army);
/* Pushes a morale check (ARW_MC_* `kind`) for every participant of `role`
 * of the current combat but unit `except`, and a GR13.25 check for guests. */
void arw_push_checks(gr_game *g, int role, int kind, int except);
/* Army that gains from unit u's losses: the other role's army in the
 * current combat, else the other side's first army (AMB-51). */
int arw_enemy_army(const gr_game *g, int u);
/* The army that stands for `side` when no unit decides: the British; the
 * French for the Allies (AMB-51: gains from events not caused by units;
 * SR4.19-I-a: the Allied initiative; a combat role with no army). */
int arw_side_army(int side);
/* Eliminates unit u (Eliminated box). */
void arw_eliminate(gr_game *g, int u);
/* One step loss (GR13.1 "1"): a full two-step unit flips, else eliminated. */
void arw_lose_step(gr_game *g, int u);
/* Captures unit u (GR13.23); `enemy_army` gains morale. */
void arw_capture(gr_game *g, int u, int enemy_army);
/* A "1" loss of unit u: one step (arw_lose_step, T-VP) and the "1" army
 * morale change (T-ArmyMoraleAdjust) of arw_loss_army's army, `enemy_army`
 * (-1: none) gaining.  The "1" of close combat, fire, mortar malfunctions,
 * GR13.23-b, cards and the siege. */
void arw_step_loss(gr_game *g, int u, int enemy_army);
/* Unit u eliminated (T-VP) with army-morale event `ev` (ARW_AM_*) as
 * arw_step_loss: the "2" of close combat and fire, Card 35, T-Siege-I FR 6
 * with the [ES] reading. */
void arw_elimination_loss(gr_game *g, int u, int ev, int enemy_army);

/* ------------------------------------------------------------------ retreat.c */

/* Legal end hexes of a retreat for unit u (GR13.21-24); `arg` is the
 * distance with ARW_RT_* flags; after the priority filters; returns the
 * count (0: the unit is captured). */
int arw_retreat_hexes(const gr_game *g, int u, int arg, int *out, int cap);
/* arw_retreat_hexes(g, u, arg, ...) > 0, stopping at the first end hex. */
int arw_retreat_any(const gr_game *g, int u, int arg);

/* ------------------------------------------------------------------ morale.c */

/* Level index (0 = highest) of army morale value m. */
int arw_level_of(const arw_tables *t, int m);
/* Changes army `army` morale by delta (event; demoralization ends the game). */
void arw_army_morale(gr_game *g, int army, int delta);
/* Applies a T-ArmyMoraleAdjust event: `loser` loses, `winner` (or -1) gains. */
void arw_am_adjust(gr_game *g, int ev, int loser, int winner);
/* Morale check of unit u (GR13.5) using army level `level`; 1 = pass. */
int arw_morale_check(gr_game *g, int u, int level, int drm);
/* Gives one momentum chit to side s (GR12.63, GR12.65). */
void arw_momentum_gain(gr_game *g, int s);
/* Spends one momentum chit of side s back to the pool. */
void arw_momentum_spend(gr_game *g, int s);

/* Momentum consequence of capturing unit u (GR12.64); call before removal. */
void arw_momentum_capture(gr_game *g, int u);

/* ------------------------------------------------------------------ leaders.c */

/* GR13.26: after unit u retreated out of hex `from`, each friendly leader
 * there may follow it or stay (tasks for their owner). */
void arw_leaders_after_retreat(gr_game *g, int u, int from);
/* Task decisions of leaders (ARW_T_LEADER) and of GR13.23-b. */
gr_status arw_leader_check(const gr_game *g, const gr_action *a, gr_error *err);
void arw_leader_exec(gr_game *g, const gr_action *a);
/* GR12.4: may the defender of combat k withdraw his cavalry? */
int arw_cav_withdraw_possible(const gr_game *g, int k);
gr_status arw_cav_check(const gr_game *g, const gr_action *a, gr_error *err);
void arw_cav_exec(gr_game *g, const gr_action *a);
int arw_cav_legal(const gr_game *g, int side, gr_action *out, int cap);

/* ------------------------------------------------------------------ advance.c */

/* Enters Step 9 for the current combat (or finishes it). */
void arw_advance_begin(gr_game *g);
gr_status arw_advance_check(const gr_game *g, const gr_action *a, gr_error *err);
void arw_advance_exec(gr_game *g, const gr_action *a);
int arw_advance_legal(const gr_game *g, int side, gr_action *out, int cap);

/* ------------------------------------------------------------------ odds.c */

#define ARW_ODDS_MAX 32
/* A distribution of close-combat outcomes: (attacker, defender) result codes
 * (arw_rcode | ARW_R_STAR; 0xFF/0xFF = no combat) with integer counts over
 * `den`. */
typedef struct arw_odds {
    int n;
    uint8_t res[ARW_ODDS_MAX][2];
    uint64_t count[ARW_ODDS_MAX];
    uint64_t den;
} arw_odds;

/* Adds the CRT outcomes of the ten die faces at `column` with `drm`, each
 * with weight w (den += 10 w). */
void arw_odds_crt(const arw_tables *t, int column, int drm, int amb04r, uint64_t w,
                  arw_odds *o);
/* Exact outcome distribution of the combat at Step 4 given chit weights
 * w[role][chit-1] (a pure strategy is one weight 1); 0, or -1 when no
 * combat is at Step 4 or all weights are 0.  Momentum re-rolls ignored. */
int arw_odds_cc(const gr_game *g, const uint32_t w[2][ARW_NCHITS], arw_odds *o);
/* Everything added to the die in a morale check of unit u (GR13.5, GR15.32,
 * GR14.23) with army level `level` and extra `drm`. */
int arw_morale_modifier(const gr_game *g, int u, int level, int drm);
/* Die faces (out of 10) on which unit u passes a morale check now. */
int arw_odds_morale(const gr_game *g, int u, int drm);
/* The "odds cc|crt|morale ..." queries (query.c dispatches them). */
gr_status arw_odds_query(const gr_game *g, char **w, int n, char *buf, size_t size,
                         gr_error *err);

/* ------------------------------------------------------------------ query, describe, sanity */

gr_status arw_query(const gr_game *g, const char *what, char *buf, size_t size,
                    gr_error *err);
int arw_describe(const gr_game *g, char *buf, size_t size);
gr_status arw_sanity(const gr_game *g, gr_error *err);

/* ------------------------------------------------------------------ text.c */

/* Reads the whole of s as a decimal integer in lo..hi into *out; 0 if not.
 * For the edit, setup and query lines. */
int arw_parse_int(const char *s, int lo, int hi, int *out);
/* A GR_ERR_PARSE refusal of a setup or edit line, saying `what` is wanted. */
gr_status arw_parse_fail(gr_error *err, const char *what);
/* Unit index of a unit id, or -1. */
int arw_unit_find(const void *sdata, const char *id);
const char *arw_unit_name(const void *sdata, int u);
int arw_hex_label_cb(const void *sdata, int hex, char *buf, size_t size);
int arw_hex_find(const void *sdata, const char *label);
/* Emits a system event with int arguments (visible to all). */
void arw_emit(gr_game *g, int ev, int nargs, ...);

/* ====================================================================== SAVANNAH
 * The strategic layer and victory (Part B turn tracks, SR1.6, SR1.7-b, SR2,
 * SR3-b/c, SR4.2, SR4.4-4.6, SR4.10, SR4.11, SR4.14, HS-16, HS-victory).
 * Functions marked [hook] are called from other lanes' files (one line each,
 * commented there); the predicates are for the movement, fire, rally,
 * close-combat and card code to read. */

/* ---- loadsav.c: declared in load.h (arw_load_strategic) */

/* ---- track.c: turn record tracks, player turns, perimeter (B.3-B.5) */

/* Opening of a game: weather of the start turn, markers, flags. [hook: init] */
void arw_sav_init(gr_game *g);
/* GR5 D(3), SR1.6-c: the next game turn (turn 16 after a Case A
 * announcement), its track, weather and per-turn effects. [hook: flow.c] */
void arw_sav_next_turn(gr_game *g);
/* B.5: 0 when phase `ph` does not take place now (strategic-only phases on
 * the tactical track or on turns the track does not mark). [hook: flow.c] */
int arw_sav_phase_due(const gr_game *g, int ph);
/* Entry of the player-turn-end phase (SR3-b surrender, SR1.6-c Case A). */
void arw_player_end_begin(gr_game *g);
/* Entry of the turn-end phase (GR5 D, XI: automatic and final victory). */
void arw_turn_end_begin(gr_game *g);
/* Non-zero on the strategic track (SR1.6-a): the turn track's record of the
 * turn (the tactical track after a Case A switch); a scenario without a turn
 * track plays tactical turns unless arw_state.track says strategic.  The
 * one answer for every rule that depends on the track (strategic-only
 * phases, cards' timing, mortars, the perimeter). */
int arw_sav_strategic(const gr_game *g);
/* SR1.6-g, SR1.7-b: non-zero when the Allies may attack the perimeter now
 * (the tactical track, or a scenario without a turn track). */
int arw_perimeter_attack_allowed(const gr_game *g);
/* SR1.7-b (AMB-21): non-zero when unit u may end or pass its movement in hex
 * h (an Allied combat unit may not, on the strategic track, in a hex outside
 * the perimeter with a perimeter hexside).  For movement.c. */
int arw_perimeter_move_ok(const gr_game *g, int u, int h);
/* Non-zero when arw_perimeter_move_ok may refuse unit u now (an Allied
 * combat unit before the assault): it then refuses exactly the hexes
 * outside the perimeter with a perimeter hexside (arw_map.pside). */
int arw_perimeter_move_barred(const gr_game *g, int u);
/* Non-zero when unit u may not attack hex h in close combat now: SR3-c /
 * SR1.7-b (perimeter before the assault), HS-16 (no American attack on
 * turn 16), Hurricane (no close combat).  [hook: declare.c] */
int arw_sav_attack_barred(const gr_game *g, int u, int h);
/* The refusal of an attack arw_sav_attack_barred bars, citing its rule. */
gr_status arw_sav_attack_refusal(const gr_game *g, int u, int h, gr_error *err);
/* State of the British defences in force now (ARW_DEF_*; SR4.14, AMB-05). */
int arw_sav_defences(const gr_game *g);
/* Card 55: the British defences are complete from `turn` on (SR4.14-b);
 * the turn so set, or 0. */
void arw_sav_complete_defences(gr_game *g, int turn);
int arw_sav_defences_turn(const gr_game *g);
/* SR1.6-c: the Allies announce the assault (announce 1) or not. */
void arw_assault_exec(gr_game *g, int announce);

/* ---- weather.c: SR4.2, T-Weather */

/* Entry of the weather phase: the roll, Hurricane losses. */
void arw_weather_begin(gr_game *g);
/* Sets the weather of the turn that begins (carry-over, Heavy Rain after
 * H/G/S, fixed tactical weather). */
void arw_weather_turn(gr_game *g);
/* The weather in force now (ARW_W_*): the turn record's fixed weather
 * (HS-16), else arw_state.weather (rolled, carried over, set by the rules
 * or a setup line).  Every weather reader goes through it. */
int arw_weather(const gr_game *g);
/* Effects of the weather now (T-Weather, strategic.json; no effect without
 * a strategic file). */
const arw_weather_fx *arw_weather_now(const gr_game *g);
/* Movement (ARW_WM_*) and strategic movement (ARW_WS_*) now.  For movement.c. */
int arw_weather_move(const gr_game *g);
int arw_weather_strategic(const gr_game *g);
/* Fire DRM now, the one reader of the T-Weather fire row (tables.json
 * "fire" "weather", every scenario); *prohibited set when no fire is
 * allowed (Gale, Hurricane). */
int arw_weather_fire_drm(const gr_game *g, int *prohibited);
/* Close-combat DRM now; *prohibited set when no close combat is allowed. */
int arw_weather_cc_drm(const gr_game *g, int *prohibited);
/* Rally roll DRM now (Hurricane -2, Gale -1). */
int arw_weather_rally_drm(const gr_game *g);
/* Non-zero when the weather allows everything in `wxf` (ARW_WXF_*): cards
 * played (SR4.3-h, for the cards code), reinforcements (for movement.c),
 * starting or completing siegeworks. */
int arw_weather_allows(const gr_game *g, unsigned wxf);
/* Hurricane losses (AMB-84): the units of `army` that may lose the step;
 * the step loss of the unit the owner chose. */
int arw_weather_loss_candidates(const gr_game *g, int army, int *out);
void arw_weather_loss_exec(gr_game *g, int u);

/* ---- savmap.c: the map as the siege changes it */

/* Side types in effect when crossing into h across its side dir: the map's,
 * plus completed siegeworks (SR4.4), minus breached fieldworks (SR4.5-c,
 * TEC note 6; partial breaches of Cards 25 and 34).  The one answer every
 * reader of hexside terrain uses (ZOC, close-combat and morale DRMs, fire
 * DRMs and LOS, movement costs). */
unsigned arw_edge_types(const gr_game *g, int h, int dir);
/* Non-zero when some partial breach is in force (Cards 25, 34). */
int arw_any_partial_breach(const gr_game *g);
/* The side types present on that crossing that breaches cancel now: every
 * fieldworks type of a full breach, the abatis (Card 25) or the other
 * fieldworks (Card 34) of a partial one. */
unsigned arw_breached_types(const gr_game *g, int h, int dir);
/* The side types that are fieldworks (revetment, redoubt, siegeworks,
 * abatis: terrain.json flag "fieldworks"), as a mask of side type bits. */
unsigned arw_fieldworks_types(const arw_data *d);
/* Hex type in effect in h: clear for a destroyed town hex (Siege footnote). */
int arw_hex_terrain(const gr_game *g, int h);
/* Non-zero when side dir of h carries completed French siegeworks built in
 * the game (the symbol in h). */
int arw_works_side(const gr_game *g, int h, int dir);
/* `side`'s fieldworks hexsides (its types: strategic.json "works"), as
 * symbol hex * 6 + dir, into out[cap]; returns the count: want_breached 0,
 * those with some of its works left unbreached (what a breach may hit);
 * 1, those with some breached (what a repair may mend: Siege rows, Card 28).
 * ARW_MAX_WORKS_SIDES bounds the lists callers keep. */
#define ARW_MAX_WORKS_SIDES 512
int arw_works_hexsides(const gr_game *g, int side, int want_breached, int *out, int cap);
/* Breaches (repair 0) or repairs (1) the side dir of h (both hexes); either
 * replaces a partial breach of that side. */
void arw_breach(gr_game *g, int h, int dir, int repair);
/* Cards 25, 34: a partial breach of kind ARW_BK_* of side dir of h (a free
 * entry of the list must exist: arw_partial_breach_room). */
void arw_partial_breach(gr_game *g, int h, int dir, int kind);
int arw_partial_breach_room(const gr_game *g);
/* Non-zero when h is a Savannah town hex (intact or destroyed). */
int arw_is_town(const arw_data *d, int h);
/* Non-zero when h (or -1) is an intact Savannah town hex: what T-Siege-I
 * FR 9 and Card 15 may aim at and destroy. */
int arw_town_intact(const gr_game *g, int h);
/* A bombardment of town hex `target` (T-Siege-I FR 9, Card 15): the shell
 * scatters (arw_scatter_impact); an intact Savannah town hex hit is
 * destroyed (clear terrain from now on, Siege footnote); off the town
 * nothing is (AMB-57).  Returns the impact hex (-1 off the map); *destroyed
 * is set when it was destroyed. */
int arw_bombard_town(gr_game *g, int target, int *destroyed);

/* ---- construction.c: SR4.4, SR4.5 */

void arw_works_begin(gr_game *g);
void arw_works_continue(gr_game *g);
/* Completed French siegeworks hexsides (SR4.6-a). */
int arw_works_completed(const gr_game *g);
int arw_works_face_legal(const gr_game *g, gr_action *out, int cap);
int arw_works_place_legal(const gr_game *g, gr_action *out, int cap);
gr_status arw_works_check(const gr_game *g, const gr_action *a, gr_error *err);
void arw_works_exec(gr_game *g, const gr_action *a);
/* SR4.5-b: removes markers under construction entered by the enemy. */
void arw_works_watch(gr_game *g);

/* ---- siege.c: SR4.6, T-Siege-I/II */

void arw_siege_begin(gr_game *g);
void arw_siege_continue(gr_game *g);
int arw_siege_legal(const gr_game *g, gr_action *out, int cap);
gr_status arw_siege_check(const gr_game *g, const gr_action *a, gr_error *err);
void arw_siege_exec(gr_game *g, const gr_action *a);
/* A destroyed town hex (T-Siege-I FR 9): the unit its owner chose loses a
 * step, then the hex's units check morale; the candidates. */
void arw_siege_town_loss(gr_game *g, int u);
int arw_siege_loss_candidates(const gr_game *g, int *out);
/* The extra fire of T-Siege-II FR 5 (Beekman) is over: the siege goes on. */
void arw_siege_extra_fire_done(gr_game *g);
/* Cards 9, 21 (strategic): `side` makes no siege & bombardment roll this
 * turn; non-zero when it may not. */
void arw_siege_cancel(gr_game *g, int side);
int arw_siege_cancelled(const gr_game *g, int side);
/* MA factor of unit u this turn (T-Siege-II row 4: x2). For movement.c. */
int arw_sav_ma_factor(const gr_game *g, int u);

/* ---- victory.c: SR2, T-VP, HS-victory */

/* Loss kinds for arw_sav_loss. */
enum { ARW_LOSS_REDUCED = 0, ARW_LOSS_ELIMINATED, ARW_LOSS_CAPTURED, ARW_LOSS_SHATTERED };
/* Unit u suffers loss `kind` (call before it leaves the map); `gainer` is
 * the enemy army (-1: arw_enemy_army).  T-VP, AMB-22 counts, immediate
 * decisive victories (AMB-46).  [hook: results.c, the loss functions every
 * subsystem uses] */
void arw_sav_loss(gr_game *g, int u, int kind, int gainer);
/* Adds vp2 half points to `army` (a rule that states VP). */
void arw_vp_add(gr_game *g, int army, int vp2);
/* Unit u loses a step that gives no VP and counts for no decisive victory;
 * with `morale`, the "1" army-morale change to its army only (Hurricane,
 * AMB-84: arw_step_loss with nobody gaining), else none (Card 16's flip and
 * Card 43's explosion: "no army-morale or VP change").  Units a card
 * removes from the game (ARW_BOX_REMOVED: Cards 1, 2, 32, 33, 37, 38) never
 * reach the T-VP hooks. */
void arw_lose_step_no_vp(gr_game *g, int u, int morale);
/* Decisive conditions met now: ends the game; returns non-zero then. */
int arw_decisive_check(gr_game *g);
/* SP lost so far by the unit groups in the bit set `groups` (AMB-22). */
int arw_lost_sp(const arw_state *s, unsigned groups);
/* Non-zero when unit u (>= 0) is eliminated or captured. */
int arw_unit_lost(const arw_state *s, int u);
/* SR2.1 Case A: the surrender roll's DRM now (AMB-85), with *towns the
 * town hexes holding a ready Allied combat unit (no roll when 0). */
int arw_surrender_drm(const gr_game *g, int *towns);
/* SR2.1 Case A at the end of a British player turn. */
void arw_surrender_check(gr_game *g);
/* SR2.8: the side controlling hex h now (a ready combat unit in it, no
 * ready enemy next to it), with that unit's army in *army; -1 when none. */
int arw_hex_controller(const gr_game *g, int h, int *army);
/* End of the last turn: victory hex, marginal victory (SR2.3, SR2.6, SR2.8). */
void arw_final_victory(gr_game *g);
/* HS-victory: a ready Allied combat unit in a town hex ends the game. */
int arw_hs_town_check(gr_game *g);

/* ---- savrules.c: close combat and rally terms */

/* Savannah close-combat DRMs of combat k: weather (Gale, Squall), SR4.14
 * incomplete defences, HS-sr3 French attacks. [hook: ccdrm.c] */
int arw_sav_cc_drm(const gr_game *g, int k);
/* HS-16 (AMB-47): refuses declare-done while d'Estaing's hex holds a unit
 * that may still attack and none of it does. [hook: declare.c] */
gr_status arw_hs16_declare_check(const gr_game *g, const gr_action *a, gr_error *err);
/* Rally roll DRM of unit u: weather, SR4.11 naval zone. [hook: rally.c] */
int arw_sav_rally_drm(const gr_game *g, int u);
/* SR4.11: non-zero while the British naval bombardment zone works this
 * turn; Card 42 switches it off for the turn. */
int arw_naval_zone_active(const gr_game *g);
void arw_naval_zone_off(gr_game *g);

/* ---- sortie.c: SR4.10 */

/* SR4.10-a: non-zero when British unit u may leave the perimeter from
 * `from` to `to` (stacked with a leader in either hex, exempt, or turn 11+).
 * For movement.c. */
int arw_sortie_exit_ok(const gr_game *g, int u, int from, int to);
/* SR4.10-b (AMB-87): non-zero when leader u may enter the perimeter at h. */
int arw_sortie_enter_ok(const gr_game *g, int u, int h);
/* Non-zero when arw_sortie_exit_ok may refuse unit u now (a British
 * combat unit, not exempt, in turns 1-10): it then refuses only steps out
 * of the perimeter with no British leader in either hex. */
int arw_sortie_exit_watched(const gr_game *g, int u);
/* Non-zero when arw_sortie_enter_ok refuses leader u every perimeter hex
 * now (a unit that left with him is still outside). */
int arw_sortie_enter_barred(const gr_game *g, int u);
/* SR4.10-a: printed morale modifier of unit u (-1 on a sortie). [hook: board.c] */
int arw_sortie_morale(const gr_game *g, int u);
/* Bookkeeping of units leaving and re-entering the perimeter (AMB-31). */
void arw_sortie_watch(gr_game *g);

/* ---- savops.c: the Savannah stage and the run-loop watch */

void arw_sav_pending(const gr_game *g, gr_pending *out);
int arw_sav_legal(const gr_game *g, int side, gr_action *out, int cap);
gr_status arw_sav_check(const gr_game *g, const gr_action *a, gr_error *err);
void arw_sav_exec(gr_game *g, const gr_action *a);
/* Result tasks of a Savannah resolution (ARW_RC_SAV) are done. [hook: flow.c] */
void arw_sav_resume(gr_game *g);
/* Enters the Savannah stage waiting for `step` by side `who`. */
void arw_sav_wait(gr_game *g, int step, int who);
/* Checks made after every step (HS-victory town entry, SR4.5-b, SR4.10);
 * returns non-zero when the game is over. [hook: flow.c arw_run] */
int arw_sav_watch(gr_game *g);
/* HS-setup-a at a game's start: asks for the first free set-up unit's hex;
 * returns 0 when no unit has a free set-up area (the opening then begins). */
int arw_sav_free_setup(gr_game *g);

/* ---- savtext.c: setup, edit, query, describe, sanity of the Savannah state */

/* Each returns 1 when it knows the line/query (result in *st), else 0. */
int arw_sav_setup(gr_game *g, char **w, int n, gr_error *err, gr_status *st);
int arw_sav_edit(arw_data *d, char **w, int n, gr_error *err, gr_status *st);
int arw_sav_query(const gr_game *g, char **w, int n, char *buf, size_t size, gr_error *err,
                  gr_status *st);
/* Appends the Savannah lines of gr_game_describe. */
void arw_sav_describe(const gr_game *g, char *buf, size_t size, size_t *len);
gr_status arw_sav_sanity(const gr_game *g, gr_error *err);
/* ==================================================================== end of SAVANNAH */

/* ==== SAVANNAH CLOSE COMBAT, COMMAND AND MORALE (savcc lane): the close-
 *      combat side of SR4.1, SR4.8 (Creeks), SR4.9-f (Lost), SR4.13-b,
 *      SR4.15, SR4.16, SR4.18 (command, semi-leaders, T-LeaderCasualty),
 *      SR4.19 (advance, rally, breach checks), T-CC-DRM unit rows ==== */

/* stackrules.c — SR4.1 in close combat and retreats */
/* Non-zero when hex h holds a French combat unit and an American combat
 * unit other than Pulaski's Legion (SR4.1-1a, SR4.13-a). */
int arw_mixed_fa_hex(const gr_game *g, int h);
/* Non-zero when hex h holds a French regular (not artillery) and a French
 * colonial militia combat unit (SR4.1-3a). */
int arw_mixed_frcm_hex(const gr_game *g, int h);
/* Start of a Movement phase (flow.c): marks the active side's units of
 * mixed Franco-American stacks next to an enemy combat unit, which will be
 * forced to attack if they are still so stacked (SR4.1-1d, AMB-24). */
void arw_sr41_mark_forced(gr_game *g);
/* Non-zero when unit u may not attack because it is in a mixed
 * Franco-American stack and not forced to (SR4.1-1d: never voluntarily). */
int arw_sr41_attack_barred(const gr_game *g, int u);
/* Non-zero when unit u may not enter hex h because the Negro Volunteers
 * and the southern loyalists never share a hex (SR4.1-2a). */
int arw_sr41_clash_hex(const gr_game *g, int u, int h);
/* Non-zero when unit u may retreat into an SR4.1-2a clash that cannot be
 * avoided (a southern unit: the Negro Volunteers there are then captured). */
int arw_sr41_may_force(const arw_data *d, int u);
/* Unit u has just retreated into h: Negro Volunteers stacked there with a
 * southern unit are captured instead (SR4.1-2b). */
void arw_sr41_retreat_end(gr_game *g, int u, int h);

/* savunits.c — unit rules that close-combat results ask about */
/* Non-zero for Creeks with no other friendly combat unit in their hex
 * (SR4.8-c: they defend only). */
int arw_creek_alone(const gr_game *g, int u);
/* Close-combat hook of declare.c: non-zero when unit u may not attack for a
 * Savannah reason (SR4.1-1d, SR4.8-c). */
int arw_savcc_attack_barred(const gr_game *g, int u);
/* The refusal of an attack by u barred by arw_savcc_attack_barred, or GR_OK. */
gr_status arw_savcc_attack_refusal(const gr_game *g, int u, gr_error *err);
/* Army whose morale and VP change with unit u's results: the French for
 * Pulaski's Legion operating with the French (SR4.13-b), else its own. */
int arw_morale_army(const gr_game *g, int u);
/* The one answer to "which army's morale does a loss of unit u change"
 * (T-ArmyMoraleAdjust): -1 for none, for either side (Creeks, SR4.8-e);
 * else arw_morale_army.  Read it while u is still on the map: the loss
 * functions of results.c do. */
int arw_loss_army(const gr_game *g, int u);
/* The one answer to "does a loss score T-VP now" (victory.c): a Savannah
 * game not over, outside a loss "without VP" (arw_lose_step_no_vp).  The
 * Creeks do score (0.5 VP, SR4.8-e, a T-VP value). */
int arw_losses_score_vp(const gr_game *g);
/* SR4.9-f, AMB-30: a Lost unit that should retreat on a failed morale check
 * stays, pinned; returns 1 when u was Lost and has been pinned. */
int arw_lost_pin(gr_game *g, int u);

/* savdrm.c — T-CC-DRM rows of Savannah units (SR4.1-1c/1d/3c, SR4.8-d,
 * SR4.16-a, AMB-49): their sum for combat k at Step 3. */
int arw_savcc_drm(const gr_game *g, int k);

/* command.c — SR4.18 command and T-LeaderCasualty */
/* Non-zero when leader l may command (and lead in chit eligibility) combat
 * unit u: same army; Huger only militia and artillery (SR4.18). */
int arw_may_command(const arw_data *d, int l, int u);
/* Leader l lost (GR14.31, GR14.32; T-LeaderCasualty; AMB-45): killed
 * (box ARW_BOX_ELIMINATED, event leader-lost) or captured (ARW_BOX_CAPTURED,
 * event captured); his army loses and `gainer` (-1: none) gains the table's
 * army morale; VP per SR2.7 (victory.c); an army commander's side forfeits
 * a momentum chit (SR4.18, AMB-12).  The one leader loss of close combat,
 * fire, advances and cards. */
void arw_leader_lost(gr_game *g, int l, int box, int gainer);
/* GR14.32-a: combat unit u enters hex h (call it before placing u there; h
 * holds no enemy combat unit): if u is ready or disrupted, the enemy
 * leaders alone in h are captured through arw_leader_lost (AMB-45), the
 * army u's losses and gains count for gaining (AMB-51, SR4.13-b).  For the
 * advance after combat and for movement. */
void arw_capture_lone_leaders(gr_game *g, int u, int h);

/* savchits.c — chit eligibility rules of Savannah */
/* Non-zero when SR4.15-a bars chit c (1..8) to role `role` of combat k. */
int arw_doctrine_barred(const gr_game *g, int k, int role, int c);
/* Non-zero when a semi-leader (Pulaski, Tawes) satisfies the leader
 * requirement of role `role` in combat k (SR4.18). */
int arw_semileader_near(const gr_game *g, int k, int role);

/* savmorale.c — SR4.19 morale rules */
/* T-MoraleDRM fieldworks +1 for a rally attempt of unit u (AMB-80, SR4.19
 * restrictions: none if a side of the works is breached or the enemy is
 * inside the same works). */
int arw_rally_works_drm(const gr_game *g, int u);
/* SR4.19, Siege footnote, AMB-35: every combat unit in hex h and in hex h2
 * (ARW_NO_HEX: none) but those of side `spared` (-1: none) checks morale
 * with `drm` at the army levels of the resolution context; each failure
 * pushes a one-hex retreat task (no army-morale change).  Returns the
 * number of retreats pushed (the caller sets the tasks stage and resumes
 * after them).  The one loop of the breach and destroyed-town checks. */
int arw_hex_morale_checks(gr_game *g, int h, int h2, int drm, int spared);
/* SR4.19: the side dir of hex h has just been breached by side `breaker`
 * (siege and bombardment, Cards 25 and 34): the units in the breached
 * works, i.e. every combat unit of the other side in either hex of the
 * side ("units adjacent to the breached hexside", Siege footnote), check
 * morale (arw_hex_morale_checks with drm 0); the breaker's never do. */
int arw_breach_checks(gr_game *g, int h, int dir, int breaker);
/* ==== end of SAVANNAH CLOSE COMBAT ==== */

/* ------------------------------------------------------------------ morale.c (savcc) */

/* Side `side` returns one momentum chit to the pool; if it has none, the
 * opponent takes one from the pool if any (GR12.64, SR4.18). */
void arw_momentum_forfeit(gr_game *g, int side);

#endif
