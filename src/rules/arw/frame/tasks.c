/* tasks.c — running the result stack: automatic tasks (results, morale
 * checks, PIN, momentum gain, end-of-phase checks) and the tasks that wait
 * for a player (retreat hex, unit captured, second step loss, leader lost),
 * with their legal actions and validation. */
#include <string.h>

#include "../arw.h"

/* ---------------------------------------------------------------- candidates */

/* Units of role `role` that a DC/AC capture may take (GR13.1). */
static int capture_candidates(const gr_game *g, int role, int *out)
{
    const arw_data *d = arw_dat(g);
    int k = arw_cst(g)->cur - 1, side = arw_role_side(g, role), n = 0;
    for (int u = 0; u < d->nunits; u++)
        if (arw_participant(g, k, u) && d->unit[u].side == side)
            out[n++] = u;
    return n;
}

/* Leaders of role `role` stacked with a participant (AMB-18). */
static int casualty_candidates(const gr_game *g, int role, int *out)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int k = s->cur - 1, side = arw_role_side(g, role), n = 0;
    for (int l = 0; l < d->nunits; l++) {
        if (d->unit[l].kind != ARW_K_LEADER || d->unit[l].side != side ||
            s->unit[l].box != ARW_BOX_MAP)
            continue;
        for (int u = s->hex[s->unit[l].hex].head; u != ARW_NO_UNIT; u = s->unit[u].next)
            if (arw_participant(g, k, u) && d->unit[u].side == side) {
                out[n++] = l;
                break;
            }
    }
    return n;
}

/* Candidates of the top task: units (retreat: hexes) into out. */
static int task_candidates(const gr_game *g, int *out)
{
    const arw_state *s = arw_cst(g);
    const arw_task *t = &s->task[s->ntasks - 1];
    switch (t->kind) {
    case ARW_T_RETREAT:
        return arw_retreat_hexes(g, t->unit, t->arg, out, ARW_MAX_UNITS);
    case ARW_T_CAPTURE:
        return capture_candidates(g, t->arg, out);
    case ARW_T_SECOND_LOSS:
        return capture_candidates(g, t->arg, out);
    case ARW_T_CASUALTY:
        if (s->rctx.kind == ARW_RC_FIRE) /* GR13.1 "*" in fire: the hex fired on */
            return arw_fire_casualty_candidates(g, t, out);
        return casualty_candidates(g, t->arg, out);
    case ARW_T_LEADER:
        out[0] = t->unit;
        return 1;
    default:
        return 0;
    }
}

/* The top task has candidates (task_candidates > 0, a retreat stopping at
 * its first end hex). */
static int has_candidates(const gr_game *g)
{
    const arw_state *s = arw_cst(g);
    const arw_task *t = &s->task[s->ntasks - 1];
    int cand[ARW_MAX_UNITS];
    if (t->kind == ARW_T_RETREAT)
        return arw_retreat_any(g, t->unit, t->arg);
    return task_candidates(g, cand) > 0;
}

/* GR13.23-b: the unit of retreat task t can retreat only if reduced first
 * (a full two-step unit blocked by stacking alone). */
static int stack_loss_offered(const gr_game *g, const arw_task *t)
{
    const arw_data *d = arw_dat(g);
    return t->kind == ARW_T_RETREAT && d->unit[t->unit].steps == 2 &&
           arw_cst(g)->unit[t->unit].steps == 2 && !(t->arg & ARW_RT_REDUCED) &&
           arw_retreat_any(g, t->unit, t->arg | ARW_RT_REDUCED);
}

/* A leader task is live while the leader and the unit he may follow are
 * both on the map and apart. */
static int leader_task_live(const gr_game *g, const arw_task *t)
{
    const arw_unit *l = &arw_cst(g)->unit[t->unit], *u = &arw_cst(g)->unit[t->arg];
    return l->box == ARW_BOX_MAP && u->box == ARW_BOX_MAP && l->hex != u->hex;
}

/* The decision the top task waits for (ARW_D_NONE: none) and its side;
 * with cand, its candidates too (*n of them), else only what the decision
 * needs (whether a retreat has an end hex: *n 0 or 1). */
static int top_decision(const gr_game *g, int *side, int *cand, int *n)
{
    const arw_state *s = arw_cst(g);
    *n = 0;
    if (s->stage != ARW_ST_TASKS || s->ntasks == 0)
        return ARW_D_NONE;
    const arw_task *t = &s->task[s->ntasks - 1];
    *side = t->side;
    if (cand && (*n = arw_scratch_tasks_get(g, cand)) < 0) { /* (kept: mvscratch.c) */
        *n = task_candidates(g, cand);
        arw_scratch_tasks_put(g, cand, *n);
    } else if (!cand && t->kind == ARW_T_RETREAT)
        *n = has_candidates(g);
    switch (t->kind) {
    case ARW_T_RETREAT: return *n > 0 ? ARW_D_RETREAT : ARW_D_STACK_LOSS;
    case ARW_T_LEADER: return ARW_D_LEADER_RETREAT;
    case ARW_T_CAPTURE: return ARW_D_CAPTURE;
    case ARW_T_SECOND_LOSS: return ARW_D_SECOND_LOSS;
    case ARW_T_CASUALTY: return ARW_D_CASUALTY;
    default: return ARW_D_NONE;
    }
}

int arw_task_decision(const gr_game *g, int *side)
{
    int n;
    return top_decision(g, side, NULL, &n);
}

/* ---------------------------------------------------------------- automatic */

/* GR13.5-b, AMB-80: +1 for a defender attacked only into unbreached works. */
static int fieldworks_drm(const gr_game *g, int u)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    if (!s->cur || d->unit[u].side != arw_role_side(g, ARW_DEF))
        return 0;
    int h = s->unit[u].hex, k = s->cur - 1, crossings = 0;
    for (int v = 0; v < d->nunits; v++) {
        if (!arw_participant(g, k, v) || d->unit[v].side != arw_role_side(g, ARW_ATT))
            continue;
        int dir = arw_dir(d, h, s->unit[v].hex);
        if (dir < 0)
            continue;
        if (!(arw_edge_types(g, h, dir) & arw_fieldworks_types(d))) /* savmap.c */
            return 0;
        crossings++;
    }
    return crossings ? d->t.morale_fieldworks : 0;
}

static void run_morale(gr_game *g, const arw_task *t)
{
    const arw_state *s = arw_cst(g);
    int u = t->unit;
    if (s->unit[u].box != ARW_BOX_MAP)
        return;
    int level = arw_rctx_level(g, arw_dat(g)->unit[u].army); /* GR16.24-a */
    int pass = arw_morale_check(g, u, level, fieldworks_drm(g, u));
    int side = arw_dat(g)->unit[u].side;
    if (t->arg == ARW_MC_FAIL_RETREAT && !pass && !arw_lost_pin(g, u)) /* SR4.9-f, AMB-30 */
        arw_push(g, ARW_T_RETREAT, side, arw_dat(g)->t.retreat_r, u);
    else if (t->arg == ARW_MC_PASS_RETREAT && pass)
        arw_push(g, ARW_T_RETREAT, side, arw_dat(g)->t.retreat_r, u);
    else if (t->arg == ARW_MC_PASS_RETREAT)
        arw_suffer_d(g, u, arw_enemy_army(g, u));
}

/* GR13.1 PIN: capture disrupted/shattered units in the hexes involved
 * (defender first), then mark every unit there pinned. */
static void run_pin(gr_game *g)
{
    const arw_data *d = arw_dat(g);
    arw_state *s = arw_st(g);
    int k = s->cur - 1, involved[ARW_MAX_UNITS], n = 0;
    for (int u = 0; u < d->nunits; u++) {
        int seen = 0;
        if (s->unit[u].combat != k + 1 || s->unit[u].box != ARW_BOX_MAP)
            continue;
        for (int i = 0; i < n; i++)
            seen |= involved[i] == s->unit[u].hex;
        if (!seen)
            involved[n++] = s->unit[u].hex;
    }
    for (int role = ARW_DEF; role >= ARW_ATT; role--)
        for (int i = 0; i < n; i++)
            for (int u = s->hex[involved[i]].head, next; u != ARW_NO_UNIT; u = next) {
                next = s->unit[u].next;
                if (d->unit[u].side == arw_role_side(g, role) && arw_is_combat_unit(d, u) &&
                    s->unit[u].status != ARW_READY)
                    arw_capture(g, u, s->combat[k].army[1 - role]);
            }
    for (int i = 0; i < n; i++)
        for (int u = s->hex[involved[i]].head; u != ARW_NO_UNIT; u = s->unit[u].next)
            if (arw_is_combat_unit(d, u)) {
                s->unit[u].flags |= ARW_U_PINNED;
                arw_emit(g, ARW_E_PIN, 1, u);
            }
}

static void run_momentum(gr_game *g)
{
    const arw_state *s = arw_cst(g);
    const arw_combat *c = &s->combat[s->cur - 1];
    const arw_tables *t = &arw_dat(g)->t;
    if (!(s->options & ARW_O_ADVANCED) || !(c->flags & ARW_CF_ROLLED) || (c->flags & ARW_CF_NC))
        return;
    if (c->final <= t->momentum_def_at) /* GR12.63 */
        arw_momentum_gain(g, arw_role_side(g, ARW_DEF));
    else if (c->final >= t->momentum_att_at)
        arw_momentum_gain(g, arw_role_side(g, ARW_ATT));
}

/* Non-zero when unit u is alone (no friendly ready combat unit with it) and
 * adjacent to an enemy (GR13.3-g, GR13.4-g). */
static int exposed(const gr_game *g, int u)
{
    const arw_state *s = arw_cst(g);
    int side = arw_dat(g)->unit[u].side, h = s->unit[u].hex;
    for (int v = s->hex[h].head; v != ARW_NO_UNIT; v = s->unit[v].next)
        if (v != u && arw_dat(g)->unit[v].side == side && arw_is_ready(g, v))
            return 0;
    return arw_enemy_adjacent(g, h, side);
}

/* First army of the enemy units adjacent to hex h. */
static int adjacent_enemy_army(const gr_game *g, int h, int side)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    for (int k = 0; k < 6; k++) {
        int n = d->map.nb[h * 6 + k];
        for (int v = n >= 0 ? s->hex[n].head : ARW_NO_UNIT; v != ARW_NO_UNIT; v = s->unit[v].next)
            if (d->unit[v].side != side && arw_is_combat_unit(d, v))
                return d->unit[v].army;
    }
    return -1;
}

static void run_phase_end(gr_game *g, int stage)
{
    const arw_data *d = arw_dat(g);
    arw_state *s = arw_st(g);
    if (stage == 0)
        arw_push(g, ARW_T_PHASE_END, 0, 1, ARW_NO_UNIT);
    for (int u = d->nunits - 1; u >= 0; u--) {
        const arw_unit *x = &s->unit[u];
        int suffer = stage == 0 && x->status == ARW_DISRUPTED && d->unit[u].side == s->active;
        int captured = stage == 1 && x->status == ARW_SHATTERED &&
                       (!(s->options & ARW_O_AMB03_ES) || d->unit[u].side == s->active);
        if (x->box != ARW_BOX_MAP || !arw_is_combat_unit(d, u) || !(suffer || captured) ||
            !exposed(g, u))
            continue; /* (exposure asked only of units it would change) */
        int winner = adjacent_enemy_army(g, x->hex, d->unit[u].side);
        if (suffer)
            arw_suffer_d(g, u, winner); /* GR13.3-g: its own phase */
        else
            arw_capture(g, u, winner); /* GR13.4-g: any phase, [ES] its own (AMB-03) */
    }
}

static void run_auto(gr_game *g, const arw_task *t)
{
    switch (t->kind) {
    case ARW_T_RESULT: arw_apply_result(g, t->side, t->arg); break;
    case ARW_T_MORALE: run_morale(g, t); break;
    case ARW_T_PIN: run_pin(g); break;
    case ARW_T_MOMENTUM: run_momentum(g); break;
    case ARW_T_PHASE_END: run_phase_end(g, t->arg); break;
    default: break;
    }
}

int arw_tasks_run(gr_game *g)
{
    arw_state *s = arw_st(g);
    while (s->ntasks > 0 && s->stage != ARW_ST_OVER) {
        arw_task t = s->task[s->ntasks - 1];
        int decision = t.kind == ARW_T_RETREAT || t.kind == ARW_T_CAPTURE ||
                       t.kind == ARW_T_SECOND_LOSS || t.kind == ARW_T_CASUALTY;
        if ((t.kind == ARW_T_RETREAT && s->unit[t.unit].box != ARW_BOX_MAP) ||
            (t.kind == ARW_T_LEADER && !leader_task_live(g, &t))) {
            s->ntasks--; /* the unit is gone already */
            continue;
        }
        if (t.kind == ARW_T_LEADER ||
            (decision && (has_candidates(g) || stack_loss_offered(g, &t))))
            return 1;
        s->ntasks--;
        if (t.kind == ARW_T_RETREAT) /* GR13.23-a: cannot retreat in full */
            arw_capture(g, t.unit, arw_enemy_army(g, t.unit));
        else if (decision)
            arw_emit(g, ARW_E_IGNORED, 2, s->cur, t.kind);
        else
            run_auto(g, &t);
    }
    return 0;
}

/* ---------------------------------------------------------------- decisions */

static const int TASK_ACTION[ARW_NTASKS] = {
    [ARW_T_RETREAT] = ARW_A_RETREAT, [ARW_T_CAPTURE] = ARW_A_CAPTURE,
    [ARW_T_SECOND_LOSS] = ARW_A_LOSE_STEP, [ARW_T_CASUALTY] = ARW_A_CASUALTY};

/* GR13.23-b: reduce (then retreat) or surrender the unit of the top task. */
static gr_status stack_loss_check(const gr_game *g, const gr_action *a, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    int side;
    if (arw_task_decision(g, &side) != ARW_D_STACK_LOSS)
        return gr_fail(err, "arw:GR13.23-a", "no unit is blocked by stacking alone now");
    if (a->arg[0] != s->task[s->ntasks - 1].unit)
        return gr_fail(err, "arw:GR13.23-a", "the blocked unit is %s",
                       arw_dat(g)->unit[s->task[s->ntasks - 1].unit].id);
    return GR_OK;
}

gr_status arw_task_check(const gr_game *g, const gr_action *a, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    int cand[ARW_MAX_UNITS], side, n;
    if (a->kind == ARW_A_LEADER_GO || a->kind == ARW_A_LEADER_STAY)
        return arw_leader_check(g, a, err);
    if (a->kind == ARW_A_REDUCE || a->kind == ARW_A_SURRENDER)
        return stack_loss_check(g, a, err);
    if (top_decision(g, &side, cand, &n) == ARW_D_NONE ||
        TASK_ACTION[s->task[s->ntasks - 1].kind] != a->kind)
        return gr_fail(err, "arw:GR12.23", "that choice is not asked for now");
    const arw_task *t = &s->task[s->ntasks - 1];
    int want = t->kind == ARW_T_RETREAT ? a->arg[1] : a->arg[0];
    if (t->kind == ARW_T_RETREAT && a->arg[0] != t->unit)
        return gr_fail(err, "arw:GR13.21-a", "the retreating unit is %s",
                       arw_dat(g)->unit[t->unit].id);
    for (int i = 0; i < n; i++)
        if (cand[i] == want)
            return GR_OK;
    switch (t->kind) {
    case ARW_T_RETREAT:
        return gr_fail(err, "arw:GR13.22-a", "not a legal retreat hex (GR13.21-24: exactly "
                       "%d hexes, no enemy unit or ZOC, terrain, stacking, priorities)",
                       (int)(t->arg & ARW_RT_DIST));
    case ARW_T_CASUALTY:
        return gr_fail(err, "arw:GR14.31-a", "choose a leader stacked with a participant");
    default:
        return gr_fail(err, "arw:GR12.23", "choose a participating unit of the affected side");
    }
}

/* Moves unit u from its hex to `to` as a retreat; leaders left alone follow
 * it (GR13.26-a, reading: they keep with the last unit); GR13.25 guests. */
static void retreat_to(gr_game *g, int u, int to)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    int from = s->unit[u].hex, side = d->unit[u].side;
    arw_place(g, u, to);
    s->unit[u].flags |= ARW_U_RETREATED;
    arw_emit(g, ARW_E_RETREAT, 3, u, from, to);
    arw_sr41_retreat_end(g, u, to); /* SAVANNAH: SR4.1-2b (stackrules.c) */
    arw_leaders_after_retreat(g, u, from); /* GR13.26-a: they may follow */
    for (int k = 0; k < s->ncombats; k++) {
        if (s->combat[k].state != ARW_CS_DECLARED)
            continue;
        for (int v = s->hex[to].head; v != ARW_NO_UNIT; v = s->unit[v].next)
            if (v != u && s->unit[v].combat == k + 1 && !(s->unit[v].flags & ARW_U_GUEST) &&
                d->unit[v].side == side) {
                s->unit[u].combat = (uint8_t)(k + 1); /* GR13.25-a */
                s->unit[u].flags |= ARW_U_GUEST;
                return;
            }
    }
}

/* GR13.23-b: one step lost (as a "1" result), then the retreat again; or
 * the owner prefers capture. */
static void stack_loss_exec(gr_game *g, const gr_action *a)
{
    arw_state *s = arw_st(g);
    arw_task t = s->task[--s->ntasks];
    int u = t.unit, enemy = arw_enemy_army(g, u);
    if (a->kind == ARW_A_SURRENDER) {
        arw_capture(g, u, enemy);
        return;
    }
    arw_step_loss(g, u, enemy); /* as a "1" (results.c) */
    arw_push(g, ARW_T_RETREAT, t.side, t.arg, u);
}

void arw_task_exec(gr_game *g, const gr_action *a)
{
    if (a->kind == ARW_A_LEADER_GO || a->kind == ARW_A_LEADER_STAY) {
        arw_leader_exec(g, a);
        return;
    }
    if (a->kind == ARW_A_REDUCE || a->kind == ARW_A_SURRENDER) {
        stack_loss_exec(g, a);
        return;
    }
    arw_state *s = arw_st(g);
    arw_task t = s->task[--s->ntasks];
    switch (t.kind) {
    case ARW_T_RETREAT:
        retreat_to(g, a->arg[0], a->arg[1]);
        break;
    case ARW_T_CAPTURE:
        arw_capture(g, a->arg[0], arw_enemy_army(g, a->arg[0]));
        arw_push_checks(g, t.arg, ARW_MC_PASS_RETREAT, ARW_NO_UNIT); /* pass: retreat; fail: D */
        break;
    case ARW_T_SECOND_LOSS:
        arw_lose_step(g, a->arg[0]);
        break;
    default: /* leader casualty (T-LeaderCasualty, SR4.18: command.c) */
        arw_leader_lost(g, a->arg[0], ARW_BOX_ELIMINATED, arw_enemy_army(g, a->arg[0]));
        break;
    }
}

int arw_task_legal(const gr_game *g, int side, gr_action *out, int cap)
{
    const arw_state *s = arw_cst(g);
    int cand[ARW_MAX_UNITS], who, n;
    if (top_decision(g, &who, cand, &n) == ARW_D_NONE || who != side)
        return 0;
    const arw_task *t = &s->task[s->ntasks - 1];
    if (t->kind == ARW_T_LEADER || (t->kind == ARW_T_RETREAT && n == 0)) {
        int two = t->kind == ARW_T_LEADER ? ARW_A_LEADER_GO : ARW_A_REDUCE;
        for (int i = 0; i < 2 && i < cap; i++) {
            memset(&out[i], 0, sizeof out[i]);
            out[i].kind = (uint16_t)(two + i);
            out[i].player = (uint8_t)side;
            out[i].nargs = 1;
            out[i].arg[0] = t->unit;
        }
        return 2;
    }
    for (int i = 0; i < n && i < cap; i++) {
        memset(&out[i], 0, sizeof out[i]);
        out[i].kind = (uint16_t)TASK_ACTION[t->kind];
        out[i].player = (uint8_t)side;
        out[i].nargs = (uint8_t)gr_rules_arw.actions[out[i].kind].nfields;
        out[i].arg[0] = t->kind == ARW_T_RETREAT ? t->unit : cand[i];
        out[i].arg[1] = t->kind == ARW_T_RETREAT ? cand[i] : 0;
    }
    return n;
}
