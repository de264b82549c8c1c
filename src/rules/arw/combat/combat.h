/*
 * combat.h — close combat (GR12, GR13: declarations, per-combat steps,
 * DRMs, tactic chits, results, retreats, advance, cavalry withdrawal),
 * morale and momentum (GR16), rally (GR15) and the exact odds queries.
 */
#ifndef ARW_COMBAT_H
#define ARW_COMBAT_H

#include "../state.h"

/* ------------------------------------------------------------------ rally.c */

/* Rally phase (GR15, GR12.4-c): every eligible unit of the active side
 * attempts to rally; the phase then ends. */
void arw_rally_begin(gr_game *g);
/* One rally attempt of unit u (GR15.1-a; also Card 39's early rally). */
void arw_rally_unit(gr_game *g, int u);


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
/* The hex diverted this phase (GR12.14), or -1 (attackers.c). */
int arw_diverted_hex(const gr_game *g);
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
/* Non-zero when role `role` may pick chit c (1..8) in combat k: ineligible
 * chits are refused with strict-chits, and SR4.15 without the [Advanced]
 * penalty (GR12.54) to enforce it. */
int arw_chit_allowed(const gr_game *g, int k, int role, int c);
/* Tactic DRM of chits att and def (1..8) in combat k, in the attacker's
 * favour: the matrix value with GR12.54's point against an ineligible
 * chit; *nc when the matrix says no combat.  For the chits played and for
 * what-ifs (odds, blunders).  Pure. */
int arw_tactic_drm(const gr_game *g, int k, int att, int def, int *nc);
gr_status arw_chit_check(const gr_game *g, const gr_action *a, gr_error *err);
void arw_chit_exec(gr_game *g, const gr_action *a);
int arw_chit_legal(const gr_game *g, int side, gr_action *out, int cap);
/* gr_rules.mask / determinize. */
void arw_mask(gr_game *g, int viewer);
void arw_determinize(gr_game *g, gr_rng *rng);
/* The reopen op: the other side's hidden chit (committed, masked) is taken
 * back, so that side is to choose its chit again (gr_game_determinize_open). */
void arw_reopen(gr_game *g, int viewer);

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


/* ------------------------------------------------------------------ morale.c (momentum) */

/* Side `side` returns one momentum chit to the pool; if it has none, the
 * opponent takes one from the pool if any (GR12.64, SR4.18). */
void arw_momentum_forfeit(gr_game *g, int side);

#endif
