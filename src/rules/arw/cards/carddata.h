/*
 * carddata.h — static records of the random event cards (SR4.3, Part G):
 * timing, play windows, effects and their parameters, as read from
 * data/arw/savannah/cards.json by load/loadcards.c (vocabularies in
 * cards/cardnames.c).  Part of arw_data (state.h).
 */
#ifndef ARW_CARDDATA_H
#define ARW_CARDDATA_H

#include "../types.h"

/* CARDS (SR4.3, Part G): the random event card table (loadcards.c,
 *      data/arw/savannah/cards.json; vocabularies in cardnames.c) */
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

#endif
