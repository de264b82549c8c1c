/*
 * fire.h — the fire phases (GR10 rifle fire, GR11 defensive artillery
 * fire, SR4.12 French mortars) as flow.c, ops.c and the cards see them.
 * Internals (LOS, DRMs, fire records) are in fireint.h.
 */
#ifndef ARW_FIRE_H
#define ARW_FIRE_H

#include "../state.h"

/* ------------------------------------------------------------------ fire.c */

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

#endif
