/*
 * types.h — the ARW module's static model: sizes, sides and armies, static
 * unit types, terrain (hex and hexside types, features, the map), tables
 * (CRT, DRMs, morale, stacking, fire).  Filled by load/ once per scenario
 * and never changed by play.  Rule ids: shared/rules/arw-savannah.md.
 */
#ifndef ARW_TYPES_H
#define ARW_TYPES_H

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
#define ARW_MAX_FIRES 24       /* fire records of one fire phase        */
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
     * AMB-14).  Flags of terrain.json side types (los.c). */
    ARW_S_LOS_UP = 1u << 4,
    ARW_S_LOS_DOWN = 1u << 5,
    ARW_S_LOS_SLOPE = 1u << 6,
    /* Movement (movecost.c). */
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
    int16_t *town_near; /* [nhex * ARW_TOWN_NEAR] the town hexes up to
                           ARW_NEAR_RANGE away, nearest first, -1 after the
                           last (the farthest left out beyond ARW_TOWN_NEAR),
                           rebuilt by arw_data_derive (evalthreat.c)         */
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
#define ARW_TOWN_NEAR 8
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
#define ARW_R_STAR 0x80
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

/* evalcc.c's summary of one CRT roll over the ten faces of the d10 at one
 * odds column and Step 3 DRM (arw_eval_crt_derive, after load and every
 * edit), for the army of each role r: its expected morale change in
 * thousandths (T-ArmyMoraleAdjust plus the hand-set follow costs), the
 * follow costs alone (thousandths), and the distinct whole-point changes
 * val[r][0..nval[r]) with the number of faces giving each; leave[r][o][l]
 * the faces on which the one combat unit of role r's hex leaves it for good
 * (evalcc.c, leave_faces: o, it has one step left; l, the defender is one
 * unit). */
typedef struct arw_crt_sum {
    int32_t expect[2], follow[2];
    int8_t nval[2], val[2][10], cnt[2][10];
    int8_t leave[2][2][2];
} arw_crt_sum;
/* DRMs the summaries cover: every one from roll_min - 9 (each face at the
 * floor) to roll_max (each face at the ceiling). */
#define ARW_CRT_DRMS (ARW_MAX_ROWS + 9)

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

#endif
