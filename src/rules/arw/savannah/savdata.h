/*
 * savdata.h — static data of Savannah's strategic file
 * (data/arw/savannah/strategic.json, read by load/loadsav.c): weather,
 * turn tracks, zones, siege tables, VP.  Part of arw_data (state.h).
 */
#ifndef ARW_SAVDATA_H
#define ARW_SAVDATA_H

#include "../types.h"

/* SAVANNAH (strategic layer and victory: track.c, weather.c,
 *      construction.c, siege.c, victory.c, savrules.c, sortie.c, savops.c,
 *      loadsav.c): static data of data/arw/savannah/strategic.json */

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

#endif
