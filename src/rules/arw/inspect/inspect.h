/*
 * inspect.h — what looks at a game without playing it: edit and setup
 * lines, queries (query.c, boardq.c), the description, the sanity check
 * and the static evaluation the agents use.
 */
#ifndef ARW_INSPECT_H
#define ARW_INSPECT_H

#include "../state.h"

/* ------------------------------------------------------------------ evaluate.c */

/* gr_rules.evaluate: how near each side stands to its victories, per mille,
 * positive for `player`'s side; evaluate(g, allied) = -evaluate(g, british).
 * flags: GR_EVAL_* (include/grognard.h).  Pure, allocation-free. */
int32_t arw_evaluate(const gr_game *g, int player, unsigned flags);
/* gr_rules.score: British victory points minus the French's and the
 * Americans' (SR2.5's margin, negated), in hundredths; the game turn. */
void arw_score(const gr_game *g, int32_t *margin, int32_t *turn);
/* evalcc.c: the army morale (thousandths of a point) each army can expect
 * to lose or gain in the close combats declared and not yet rolled, and
 * with GR_EVAL_LOOKAHEAD in the attacks the active side must still declare
 * this player turn (GR12.12-a), into delta[ARW_NARMIES] (gains positive). */
void arw_eval_pending_combats(const gr_game *g, unsigned flags, int32_t delta[ARW_NARMIES]);

/* evalcc.c: d->crt_sum from d->t's CRT and T-ArmyMoraleAdjust (after load
 * and every edit: arw_data_derive). */
void arw_eval_crt_derive(arw_data *d);

/* The distribution of each army's change of morale in the same combats
 * (GR_EVAL_THREATS): p[a][ARW_MD_MID + k] is the chance, out of ARW_MD_ONE,
 * that army a's morale changes by k whole points (T-ArmyMoraleAdjust; the
 * combats independent, each over the ten faces of its d10; changes beyond
 * +-ARW_MD_MID in the end bins); shift[a] adds the expected part that is
 * not whole points (evalcc.c's hand-set follow costs), in thousandths. */
enum { ARW_MD_MID = 24, ARW_MD_BINS = 2 * ARW_MD_MID + 1, ARW_MD_ONE = 1000000 };
typedef struct arw_morale_dist {
    uint32_t p[ARW_NARMIES][ARW_MD_BINS];
    int32_t shift[ARW_NARMIES];
    int8_t lo[ARW_NARMIES], hi[ARW_NARMIES]; /* p[a] is 0 outside [lo, hi] */
} arw_morale_dist;
/* Leaders and batteries with one guard in their hex (a combat unit; not
 * artillery for a battery) that a close combat of this player turn may
 * take away: the guard declared in one, or of the active side while its
 * attacks are still to come (GR12.12-a).  leave[i] is filled by
 * arw_eval_pending_dist: per mille, the chance that the guard leaves the
 * hex for good in that combat (lost, or advancing as the vanguard into
 * the hex a lone defender left: the piece stays behind, AMB-94); 0 when
 * no pending combat involves it.  At most ARW_MAX_WATCH (more are not
 * watched). */
enum { ARW_MAX_WATCH = 16 };
typedef struct arw_watch {
    int n;
    int16_t piece[ARW_MAX_WATCH], guard[ARW_MAX_WATCH], leave[ARW_MAX_WATCH];
} arw_watch;
/* evalcc.c: non-zero from the active side's Movement phase until its
 * close combat declaration ends (its obliged attacks still to come,
 * GR12.12-a). */
int arw_eval_attacks_to_come(const arw_state *s);
/* evalcc.c: fills *dist for g's pending combats (flags as
 * arw_eval_pending_combats), and watch->leave when watch is not NULL.
 * Pure, allocation-free. */
void arw_eval_pending_dist(const gr_game *g, unsigned flags, arw_morale_dist *dist,
                           arw_watch *watch);

/* What the opponent's next moves are expected to take (evalthreat.c,
 * GR_EVAL_THREATS): thousandths of a point of army morale (gains
 * positive), of a leader rank and of an SP lost, per army or side, and the
 * per-mille threat of a ready Allied unit entering a town hex (HS-victory,
 * British garrisons counted). */
typedef struct arw_threats {
    int32_t morale[ARW_NARMIES];
    int32_t ranks_lost[ARW_NSIDES];
    long sp_lost[ARW_NSIDES];
} arw_threats;
/* evaluate.c: per mille, the HS threat of a ready Allied unit r hexes from
 * the (nearest open) town hex, r = 0..ARW_NEAR_RANGE; engine tuning. */
extern const int arw_ev_town_near[ARW_NEAR_RANGE + 1];
/* evalthreat.c: fills *t for g as it stands (lone leaders, unguarded
 * batteries) and lists in *watch those with one guard a pending combat
 * may take away.  Pure, allocation-free. */
void arw_eval_threats(const gr_game *g, arw_threats *t, arw_watch *watch);
/* evalthreat.c: adds to *t what the watched pieces cost, each weighed by
 * the chance that its guard leaves (watch->leave). */
void arw_eval_watch_threats(const gr_game *g, const arw_watch *watch, arw_threats *t);
/* evalthreat.c: per mille, the HS-victory threat of a ready Allied
 * infantry or cavalry unit in hex h (within ARW_NEAR_RANGE of a town hex)
 * to enter one: the nearest town hex, one held by a British combat unit
 * counted farther (the caller chooses the units).  Pure. */
int arw_eval_town_threat(const gr_game *g, int h);

/* ------------------------------------------------------------------ boardq.c */

/* The board contract of docs/queries.md ("board", "units", "panel"): writes
 * the answer into buf and returns 1, or returns 0 for any other query. */
int arw_board_query(const gr_game *g, const char *what, char *buf, size_t size);

/* ------------------------------------------------------------------ edit.c / setup.c */

gr_status arw_edit(void *sdata, const char *line, gr_error *err);
gr_status arw_setup(gr_game *g, const char *line, gr_error *err);


/* ------------------------------------------------------------------ query, describe, sanity */

gr_status arw_query(const gr_game *g, const char *what, char *buf, size_t size,
                    gr_error *err);
int arw_describe(const gr_game *g, char *buf, size_t size);
gr_status arw_sanity(const gr_game *g, gr_error *err);

/* ------------------------------------------------------------------ blunder.c */

/* gr_rules.blunder_names / blunder: "leader-captured", "gun-captured"
 * (blundered by the unit's side) and "ineligible-chit" (by the side that
 * chose it; the attacker's when both did). */
extern const char *const arw_blunder_names[];
int arw_blunder(const gr_game *g, const gr_event *e, int *player);

#endif
