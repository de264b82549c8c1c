/* shock.h — shock (rule 8), shared by the shock/ files.
 *
 * The shock step (spec 5.1 step 6): the active side declares shocks
 * (`shock by=P unit=U at=HEX`, one action per attacker and target hex),
 * then resolves the combats one at a time in the order it chooses
 * (`resolve by=P at=HEX`).  A combat runs through the stages of
 * jdg_shstage, asking whichever side must decide (reaction fire, advance,
 * breakthrough, counter-shock; retreats and recoils through rout/). */
#ifndef JDG_SHOCK_H
#define JDG_SHOCK_H

#include <string.h>

#include "rules/jdg/jdg.h"

/* The combat being resolved in the shock step (spec 5.1 step 6b). */
typedef enum jdg_shstage {
    JDG_SH_NONE = 0,    /* none: declare, resolve, end the step            */
    JDG_SH_REACT,       /* the defender's guns may fire [R8.3.3]            */
    JDG_SH_ATT_RES,     /* attacker results (and their retreats)            */
    JDG_SH_DEF_RES,     /* defender results (and their retreats)            */
    JDG_SH_ADVANCE,     /* the attacker advances into a vacated hex [R8.7.1] */
    JDG_SH_BREAK,       /* breakthrough offered [R8.7.2-c]                  */
    JDG_SH_COUNTER,     /* counter-shock offered [R8.7.2-d]                 */
    JDG_SH_REFUSE,      /* defending cavalry may refuse [R8.8], before tests */
    JDG_SH_SQUARE,      /* charged infantry may try to form square [R9.3.1] */
    JDG_SH_CCHARGE,     /* charged cavalry may counter-charge [R9.4]        */
    JDG_SH_HOLD,        /* chargers of a square may be held [R9.3.3]        */
    JDG_SH_PURSUE,      /* the pursuers follow the pursued unit [R9.5.2]    */
    JDG_SH_CC_PURSUE    /* a counter-charger may pursue [R9.4-e]            */
} jdg_shstage;

/* Combat facts (jdg_state.sh_flags). */
enum {
    JDG_SHF_B = 1u << 0,       /* the result allows a breakthrough          */
    JDG_SHF_C = 1u << 1,       /* the result allows a counter-shock         */
    JDG_SHF_ATT_LOST = 1u << 2, /* the attacker lost (R or Rt) [AMB-35]     */
    JDG_SHF_DEF_LOST = 1u << 3, /* the defender lost (R, Rt or E)           */
    JDG_SHF_TURNED = 1u << 4,  /* the advance changed facing                */
    JDG_SHF_LONE_ART = 1u << 5, /* lone artillery eliminated: no breakthrough */
    JDG_SHF_TESTS = 1u << 6,   /* contact tests due after the refusals       */
    JDG_SHF_OPT_ADV = 1u << 7  /* the advance is optional (refusal, R8.8.1-i) */
};


/* ---- declare.c */

/* Unit u may start a shock now: infantry or cavalry of the activated
 * formation, in good order, not in square, able to act [R8.2-a/b,
 * R8.3.1-b]. */
int jdg_may_shock(const jdg_data *d, const jdg_state *s, int u);
/* Unit u (of the side that may attack it) could enter hex h from its hex:
 * the terrain and hexside allow it [R8.2-c]. */
int jdg_could_enter(const jdg_data *d, const jdg_state *s, int u, int h);
/* Hex h holds a unit of side `side`. */
int jdg_enemy_in(const jdg_data *d, const jdg_state *s, int h, int side);
/* Adds hex h to a hex list of at most JDG_SH_HEXES; 0 when full. */
int jdg_hex_add(int16_t *list, uint8_t *n, int h);
/* Index of h in a hex list, or -1. */
int jdg_hex_in(const int16_t *list, int n, int h);
/* Unit u declared a shock not resolved yet (a unit that moved or left the
 * map meanwhile has none). */
int jdg_pending_attacker(const jdg_state *s, int u);
/* Starts the combat whose attackers carry JDG_CF_ATT and whose defending
 * hexes are s->sh_def: refusals, contact tests when `tests` [R8.3.2-a],
 * reaction fire, the roll. */
void jdg_combat_start(gr_game *g, int tests);
/* After the refusals: contact tests, then reaction fire [R8.3.2-a]; when
 * every defender refused, the optional advance [R8.8.1-i]. */
void jdg_combat_tests(gr_game *g);
/* Recomputes sh_att: the hexes of the attackers still in good order
 * (an attacker that is not loses JDG_CF_ATT). */
void jdg_attacking_hexes(const jdg_data *d, jdg_state *s);
/* Ends the combat being resolved. */
void jdg_combat_end(gr_game *g);

/* ---- resolve.c */

/* T4: the DRM of the highest column whose ratio is <= att:def [R8.6.1]
 * (the lowest column's when none is).  Pure. */
int jdg_ratio_drm(const jdg_data *d, int att, int def);
/* T6: the index into d->shock_row of modified roll m, clamped to the
 * table's first and last rows [R8.6.2].  Pure. */
int jdg_shock_row_index(const jdg_data *d, int m);

/* Gun v may make reaction fire at the attacking hex a (a < 0: at any). */
int jdg_may_react(const jdg_data *d, const jdg_state *s, int v, int a);
/* The roll: force ratio, DRMs, the Shock Table, attacker results [R8.5]. */
void jdg_combat_fight(gr_game *g);
/* The defender's results [R8.5-b, R8.9-b/d]. */
void jdg_combat_defender_results(gr_game *g);
/* Reaction fire (react / no-reaction) [R8.3.3]. */
gr_status jdg_react_apply(gr_game *g, const gr_action *a, gr_error *why);
int jdg_react_legal(const gr_game *g, int p, gr_action *out, int cap);

/* ---- refuse.c */

/* Some defending cavalry may still refuse [R8.8]. */
int jdg_refusal_open(const jdg_data *d, const jdg_state *s);
int jdg_refuse_legal(const gr_game *g, int p, gr_action *out, int cap);
/* refuse / no-refusal. */
gr_status jdg_refuse_apply(gr_game *g, const gr_action *a, gr_error *why);

/* ---- charge.c */

/* Unit u charges (declared, passed its test, charge not over). */
int jdg_charging(const jdg_state *s, int u);
/* A charger attacks in the combat under way. */
int jdg_combat_charge(const jdg_data *d, const jdg_state *s);
/* T5 charge DRM of the combat; *cav_shock: cavalry attacks not charging. */
int jdg_charge_drm(const jdg_data *d, const jdg_state *s, int *cav_shock);
/* Square attempts [R9.3.1]: some hex may try; its actions; form-square,
 * no-square. */
int jdg_square_open(const jdg_data *d, const jdg_state *s);
int jdg_square_legal(const gr_game *g, int p, gr_action *out, int cap);
gr_status jdg_square_apply(gr_game *g, const gr_action *a, gr_error *why);
/* Counter-charges [R9.4]: one may be tried; its actions; counter-charge,
 * no-counter-charge. */
int jdg_ccharge_open(const jdg_data *d, const jdg_state *s);
int jdg_ccharge_legal(const gr_game *g, int p, gr_action *out, int cap);
gr_status jdg_ccharge_apply(gr_game *g, const gr_action *a, gr_error *why);
/* End-of-charge CTs of the combat's chargers [R9.2-c], except those in
 * keep_hex (they charge on). */
void jdg_charge_over(gr_game *g, int keep_hex);

/* ---- hold.c */

/* Holding the cavalry [R9.3.3]: the next attacking stack that may try;
 * its actions (hold, no-hold); the top unit's ET, passed the stack
 * recoils 1 hex and its charge is over (no end-of-charge CT, AMB-37). */
int jdg_hold_open(const jdg_data *d, const jdg_state *s);
int jdg_hold_legal(const gr_game *g, int p, gr_action *out, int cap);
gr_status jdg_hold_apply(gr_game *g, const gr_action *a, gr_error *why);

/* ---- advance.c */

/* After the results: the advance, breakthrough or counter-shock stage, or
 * the end of the combat [R8.7]. */
void jdg_combat_after(gr_game *g);
gr_status jdg_advance_apply(gr_game *g, const gr_action *a, gr_error *why);
int jdg_advance_legal(const gr_game *g, int p, gr_action *out, int cap);

/* ---- pursuit.c */

/* After charging unit u's stack advanced into a vacated hex: its pursuit
 * begins (returns 1) unless u does not charge, lone artillery was
 * eliminated or no unit of the stack is in good order (returns 0: a plain
 * advance) [R9.5.2, R8.9-c, AMB-23]. */
int jdg_pursuit_begin(gr_game *g, int u);
/* The combat's counter-charger may pursue its attacker [R9.4-e]. */
int jdg_cc_pursuit_open(const jdg_data *d, const jdg_state *s);
int jdg_pursuit_legal(const gr_game *g, int p, gr_action *out, int cap);
/* pursue / no-pursuit. */
gr_status jdg_pursuit_apply(gr_game *g, const gr_action *a, gr_error *why);
/* Clears the pursuers and the recharge count when a combat chain ends. */
void jdg_pursuit_end(jdg_state *s, int nunits);

#endif
