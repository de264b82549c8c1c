/*
 * fireint.h — internals shared by the files of the ARW fire group: line
 * of sight (los.c), to-hit numbers and DRMs (firedrm.c),
 * fire records, resolution and results (fireres.c), the designations of
 * defensive artillery fire (artfire.c), rifle fire (rifle.c) and French
 * mortars (mortar.c), and the what-if queries (firequery.c).  The phases'
 * interface with the rest of the module is fire.h.
 *
 * Rule references are the spec ids of shared/rules/arw-savannah.md.
 */
#ifndef ARW_FIREINT_H
#define ARW_FIREINT_H

#include "../arw.h"

/* ------------------------------------------------------------------ los.c */

/* Why a line of sight is clear or blocked (arw_los.reason; names in
 * arw_los_reason_names). */
enum {
    ARW_LOS_SAME = 0, /* firer and target in one hex                          */
    ARW_LOS_ADJACENT, /* GR11.41-a: adjacent targets always have LOS          */
    ARW_LOS_CLEAR,    /* nothing blocks                                        */
    ARW_LOS_CASE_C,   /* GR11.43 case C: both up slope of each other          */
    ARW_LOS_TERRAIN,  /* GR11.42: blocking terrain in an intervening hex      */
    ARW_LOS_UNITS,    /* GR11.42: combat units in an intervening hex          */
    ARW_LOS_HEXSIDE,  /* GR11.44-a: along a hexside whose two hexes both block */
    ARW_LOS_SLOPE,    /* GR11.43 cases A/B: an intervening slope hexside      */
    ARW_LOS_OFF_MAP   /* a hex off the map                                    */
};

typedef struct arw_los {
    int clear;      /* 1: the firer sees the target                           */
    int reason;     /* ARW_LOS_*                                              */
    int hex, hex2;  /* the blocking hex(es): the hex; the pair along a hexside;
                       the hexes on each side of a slope crossing; else -1   */
    int why, why2;  /* ARW_LOS_TERRAIN / ARW_LOS_UNITS for hex and hex2       */
    int scase;      /* GR11.43 case: 'A', 'B' or 'C'                          */
    int firer_up;   /* the firer is up slope of the target (GR11.43)          */
    int target_up;  /* the target is up slope of the firer                    */
} arw_los;

#define ARW_LOS_MAX_COVER 400 /* 2 * distance + 1 hexes at most on a 99 x 99 map */

/* The hexes gr_hex_cover lists from map hex `from` to map hex `to` (into
 * out[ARW_LOS_MAX_COVER]), with their graze flags: lines up to
 * ARW_LOS_TABLE hexes long come from arw_data.los_line (the cover depends
 * only on the offset), longer ones are traced.  Returns the count (-1 if
 * more than ARW_LOS_MAX_COVER).  Pure. */
int arw_los_cover(const arw_data *d, int from, int to, gr_hex *out, uint8_t *gz);
/* Line of sight from hex `from` to hex `to` (GR11.41-GR11.44) with the
 * units now on the map.  Pure. */
void arw_los_trace(const gr_game *g, int from, int to, arw_los *out);
/* arw_los_trace(g, from, to).clear, worked out from the line's geometry
 * (arw_data.los_line) without the details, stopping at the first obstacle:
 * what the artillery designation search asks.  Pure. */
int arw_los_clear(const gr_game *g, int from, int to);
/* Fire DRM of the hexside(s) through which the line from `from` enters hex
 * `to` (T-Fire-DRM "fired on through redoubt, revetment, siegeworks or dike
 * hexsides", AMB-48: the TEC fire column of the side types crossed into
 * `to`, breached fieldworks cleared); where the line enters through a
 * vertex, both hexsides there must carry such a DRM (the smaller one
 * counts).  0 when none. */
int arw_los_entry_drm(const gr_game *g, int from, int to);

/* ------------------------------------------------------------------ firedrm.c */

/* A fire worked out (T-Fire, T-Fire-DRM). */
typedef struct arw_fire_calc {
    int sp;        /* firing SP                                               */
    int range;     /* GR11.2-b/c: of the farthest firer (mortar: to the aim)  */
    int to_hit;    /* T-Fire number, or ARW_HIT_NONE ("-")                    */
    int drm;       /* sum of the T-Fire-DRM modifiers                         */
    int first;     /* the first-fire DRM applies (GR10.5, SR4.12)             */
    int two_rolls; /* GR10.6 German Jaegers roll twice to hit                 */
} arw_fire_calc;

/* Maximum range of unit u's fire (GR11.2-a, T-Fire note 1, SR4.12-b,
 * GR10.2-b adjacent for rifles); 0 for units that do not fire. */
int arw_fire_max_range(const arw_data *d, int u);
/* T-Fire number for `sp` firing SP at `range` with value set `set`
 * (ARW_FT_GUNS, ARW_FT_MORTAR); ARW_HIT_NONE for "-" or out of the table. */
int arw_fire_to_hit(const arw_data *d, int set, int sp, int range);
/* Works out a fire of `kind` (ARW_FK_*) by firers[0..n) at unit `target`;
 * `range` is used for mortars (distance to the aimed hex), else computed. */
void arw_fire_compute(const gr_game *g, int kind, const int *firers, int n, int target,
                      int range, arw_fire_calc *c);
/* Damage table (10 result codes by d10) for a fire of `kind` at `target`
 * (T-ArtilleryDamage by target type, also mortars; T-RifleDamage). */
const uint8_t *arw_fire_damage(const arw_data *d, int kind, int target);
/* Non-zero when unit u is a German Jaeger (GR10.6; reading: a rifle unit
 * of the "germans" colour band). */
int arw_fire_jaeger(const arw_data *d, int u);

/* ------------------------------------------------------------------ fireres.c */

/* Starts a fire record of `kind` by `side` at unit `target` (mortars: at hex
 * `aim`); returns its index.  The records must not be full: the checks of
 * the designations refuse a fire beyond ARW_MAX_FIRES. */
int arw_fire_new(gr_game *g, int kind, int side, int target, int aim);
/* Unit u fires in fire k (emits "fire"/"mortar"). */
void arw_fire_join(gr_game *g, int k, int u);
/* Firers of fire k into out[ARW_MAX_UNITS]; returns their number. */
int arw_fire_firers(const gr_game *g, int k, int *out);
/* Index of this phase's fire at unit t, or -1. */
int arw_fire_at(const gr_game *g, int t);
/* Rolls fire k: to hit (GR10.3, GR11.3), damage on a hit; marks its firers
 * as having fired (GR10.5). */
void arw_fire_resolve(gr_game *g, int k);
/* Applies the results of fires first..nfires-1 (stage ARW_ST_FIRE_RESULTS):
 * every immediate effect first, then the retreats (GR10.4-a), then the
 * mortar malfunctions (SR4.12). */
void arw_fire_results_begin(gr_game *g, int first);
/* One automatic step of the results; back to the designations when done. */
void arw_fire_results_step(gr_game *g);

/* ------------------------------------------------------------------ artfire.c */

/* The artillery fire being designated (its record), or -1. */
int arw_art_forming(const gr_game *g);
/* Non-zero when the inactive side can designate some artillery fire now. */
int arw_art_any(const gr_game *g);
int arw_art_legal(const gr_game *g, int side, gr_action *out, int cap);
gr_status arw_art_check(const gr_game *g, const gr_action *a, gr_error *err);
void arw_art_exec(gr_game *g, const gr_action *a);
/* GR_OK when artillery unit u may fire at unit t as far as target, range
 * and line of sight go (GR11.2-a, GR11.41-a); else the refusal in *why. */
gr_status arw_art_can_target(const gr_game *g, int u, int t, gr_error *why);

/* ------------------------------------------------------------------ artscan.c */

/* A set of units, one bit per unit id. */
typedef struct arw_uset {
    uint64_t w[(ARW_MAX_UNITS + 63) / 64];
} arw_uset;

/* One artillery designation search (GR11): worked out per question, on the
 * stack (about 4 KiB), never kept. */
typedef struct arw_art_search {
    int k;                          /* the fire being designated, or -1         */
    int sp, range;                  /* its firing SP and farthest range so far  */
    int nf;                         /* batteries that may fire now, unit order  */
    int16_t f[ARW_MAX_UNITS];
    int16_t fhex[ARW_MAX_UNITS];    /* their hexes                              */
    uint8_t frange[ARW_MAX_UNITS];  /* their maximum ranges (GR11.2-a, -b)      */
    arw_uset fired_on;              /* targets of this phase's fires (GR11.2-c) */
    arw_uset targets;               /* open targets some battery reaches        */
    arw_uset reach[ARW_MAX_UNITS];  /* per such target: the batteries reaching it */
} arw_art_search;

/* GR11.1-a, GR13.3-b, GR13.4-b, SR4.12-f: unit u may fire now (else the
 * refusal in *why). */
gr_status arw_art_firer_check(const gr_game *g, int u, gr_error *why);
/* GR13.3-b, GR13.4-b, GR11.1-a: artillery unit u is neither disrupted nor
 * shattered and has not fired this phase (guns and mortars alike). */
gr_status arw_art_fresh_check(const gr_game *g, int u, gr_error *why);
/* The fire being designated and its totals so far, into sc (k, sp, range). */
void arw_art_scan_base(const gr_game *g, arw_art_search *sc);
/* The whole search into sc: the batteries, the open targets each reaches
 * (range, line of sight).  With `any`, stops as soon as one designation is
 * known to be legal and returns 1 (then sc is incomplete), else 0. */
int arw_art_scan(const gr_game *g, arw_art_search *sc, int any);
/* GR11.3, T-Fire "-": the fire at `target` (designated, or started by u) is
 * possible with u alone added (sc: arw_art_scan_base at least). */
int arw_art_alone_ok(const gr_game *g, const arw_art_search *sc, int u, int target);
/* ... or becomes so with every other battery that reaches the target (sc:
 * a complete arw_art_scan). */
int arw_art_aim_ok(const gr_game *g, const arw_art_search *sc, int u, int target);
/* GR11.3: fire k as designated has a to-hit number. */
int arw_art_fire_now_ok(const gr_game *g, int k);
/* The `fire unit=U target=T` designations of a complete search, battery by
 * battery in unit order, targets in unit order (arw_put_action). */
int arw_art_designations(const gr_game *g, const arw_art_search *sc, gr_action *out, int cap);

/* ------------------------------------------------------------------ rifle.c */

/* Non-zero when arw_state.fire_side can designate some rifle fire now. */
int arw_rifle_any(const gr_game *g);
int arw_rifle_legal(const gr_game *g, int side, gr_action *out, int cap);
gr_status arw_rifle_check(const gr_game *g, const gr_action *a, gr_error *err);
void arw_rifle_exec(gr_game *g, const gr_action *a);

/* ------------------------------------------------------------------ mortar.c */

/* Non-zero when the Allied player can fire a mortar now. */
int arw_mortar_any(const gr_game *g);
int arw_mortar_legal(const gr_game *g, int side, gr_action *out, int cap);
gr_status arw_mortar_check(const gr_game *g, const gr_action *a, gr_error *err);
void arw_mortar_exec(gr_game *g, const gr_action *a);
/* Side that picks the unit in the impact hex (ARW_ST_IMPACT). */
int arw_mortar_chooser(const gr_game *g);

/* ------------------------------------------------------------------ vocabularies */

extern const char *const arw_fire_kind_names[];   /* ARW_FK_*                  */
extern const char *const arw_los_reason_names[];  /* ARW_LOS_*                 */

#endif
