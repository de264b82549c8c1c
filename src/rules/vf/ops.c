/* ops.c — the Valour & Fortitude operations table: names, action and event
 * schemas, and the pending / apply dispatch of the decision process. */
#include <string.h>

#include "vf.h"

const char *const vf_side_names[] = {"a", "b", NULL};
const char *const vf_order_names[] = {"close", "open", "limbered", "unlimbered", "square",
                                      "inside", NULL};
const char *const vf_action_order_names[] = {"keep", "close", "open", "limbered",
                                             "unlimbered", "square", NULL};
const char *const vf_formation_names[] = {"march-column", "line", "attack-column",
                                          "open-order", "limbered", "unlimbered", "inside",
                                          "square", NULL};
const char *const vf_type_names[] = {"infantry", "cavalry", "artillery", NULL};
const char *const vf_phase_names[] = {"fate", "fire", "action", "combat", "over", NULL};
const char *const vf_reform_names[] = {"none", "before", "after", "both", NULL};
static const char *const anchor_names[] = {"left", "right", NULL};
static const char *const move_kind_names[] = {"move", "double", "retreat", "assault", NULL};
static const char *const about_names[] = {"left", "right", "centre", NULL};
static const char *const winner_names[] = {"draw", "a", "b", NULL};
/* a fire attack's mode (enum vf_fire_mode): skirmish=guns is Battalion Guns,
 * skirmish=darbzen a Darbzen (SR-Darbzen-a) */
static const char *const fire_modes[] = {"no", "yes", "guns", "darbzen", NULL};

static const char *const roll_purposes[] = {"activation", "messenger", "hit", "valour",
                                            "fortitude", "rally", "fate-shuffle",
                                            "battalion-guns", "unpredictable", "square",
                                            "hit-and-run", NULL};
static const char *const decisions[] = {"action", "brigade", "leader", "fire", "combat",
                                         "retreat", "fate", NULL};
static const char *const test_results[] = {"fail", "pass", "auto", NULL};
static const char *const outcomes[] = {"draw", "a-wins", "b-wins", NULL};
static const char *const square_results[] = {"casualty", "retreat", "stays", NULL};
static const char *const hitrun_results[] = {"casualty", "none", "hit", NULL};
static const char *const no_yes[] = {"no", "yes", NULL};

#define F_UNIT(n) {n, GR_F_UNIT, 0, 0, NULL}
#define F_FIXED(n) {n, GR_F_FIXED, 0, 0, NULL}
#define F_INT(n) {n, GR_F_INT, 0, 0, NULL}
#define F_SUP(n) {n, GR_F_UNIT, 1, GR_NONE, NULL}

static const gr_kind actions[VF_ACT_COUNT] = {
    [VF_ACT_MOVE] = {"move", 8,
                     {F_UNIT("unit"), F_FIXED("x"), F_FIXED("y"), F_FIXED("facing"),
                      {"files", GR_F_INT, 1, 0, NULL},
                      {"order", GR_F_ENUM, 1, VF_ORDER_KEEP, vf_action_order_names},
                      {"reform", GR_F_ENUM, 1, VF_REFORM_NONE, vf_reform_names},
                      {"anchor", GR_F_ENUM, 1, 0, anchor_names}}},
    [VF_ACT_DOUBLE] = {"double", 4,
                       {F_UNIT("unit"), F_FIXED("x"), F_FIXED("y"), F_FIXED("facing")}},
    [VF_ACT_HOLD] = {"hold", 1, {F_UNIT("unit")}},
    [VF_ACT_END_PHASE] = {"end-phase", 0, {{0}}},
    [VF_ACT_BEGIN] = {"begin", 2,
                      {F_UNIT("unit"), {"as", GR_F_ENUM, 1, VF_MK_MOVE, move_kind_names}}},
    [VF_ACT_LEG] = {"leg", 4, {F_UNIT("unit"), F_FIXED("x"), F_FIXED("y"), F_FIXED("facing")}},
    [VF_ACT_WHEEL] = {"wheel", 3,
                      {F_UNIT("unit"), {"about", GR_F_ENUM, 0, 0, about_names},
                       F_FIXED("turn")}},
    [VF_ACT_FINISH] = {"finish", 0, {{0}}},
    [VF_ACT_CANCEL] = {"cancel", 0, {{0}}},
    [VF_ACT_ACTIVATE] = {"activate", 1, {F_UNIT("brigade")}},
    [VF_ACT_PLACE] = {"place", 3, {F_UNIT("leader"), F_FIXED("x"), F_FIXED("y")}},
    [VF_ACT_NEXT] = {"next", 0, {{0}}},
    [VF_ACT_RETREAT] = {"retreat", 8,
                        {F_UNIT("unit"), F_FIXED("x"), F_FIXED("y"), F_FIXED("facing"),
                         {"files", GR_F_INT, 1, 0, NULL},
                         {"order", GR_F_ENUM, 1, VF_ORDER_KEEP, vf_action_order_names},
                         {"reform", GR_F_ENUM, 1, VF_REFORM_NONE, vf_reform_names},
                         {"anchor", GR_F_ENUM, 1, 0, anchor_names}}},
    [VF_ACT_ASSAULT] = {"assault", 4,
                        {F_UNIT("unit"), F_FIXED("x"), F_FIXED("y"), F_FIXED("facing")}},
    [VF_ACT_RALLY] = {"rally", 1, {F_UNIT("unit")}},
    [VF_ACT_FIRE] = {"fire", 8, {F_UNIT("unit"), F_UNIT("target"), F_SUP("s1"), F_SUP("s2"),
                                 F_SUP("s3"), F_SUP("s4"), F_SUP("s5"),
                                 {"skirmish", GR_F_ENUM, 1, 0, fire_modes}}},
    [VF_ACT_END_FIRE] = {"end-fire", 0, {{0}}},
    [VF_ACT_TARGET] = {"target", 2, {F_UNIT("unit"), F_UNIT("target")}},
    [VF_ACT_FIGHT] = {"fight", 2, {F_UNIT("target"), {"hitrun", GR_F_ENUM, 1, 0, no_yes}}},
    [VF_ACT_STAY] = {"stay", 1, {F_UNIT("unit")}},
    [VF_ACT_PLAY] = {"play", 2, {{"card", GR_F_ENUM, 0, 0, vf_card_names}, F_SUP("on")}},
    [VF_ACT_PASS] = {"pass", 0, {{0}}},
    [VF_ACT_OCCUPY] = {"occupy", 2, {F_UNIT("unit"), F_UNIT("piece")}},
    [VF_ACT_LEAVE] = {"leave", 6, {F_UNIT("unit"), F_FIXED("x"), F_FIXED("y"), F_FIXED("facing"),
                                   {"files", GR_F_INT, 1, 0, NULL},
                                   {"order", GR_F_ENUM, 1, VF_ORDER_KEEP,
                                    vf_action_order_names}}},
    [VF_ACT_ENTER] = {"enter", 5, {F_UNIT("unit"), F_FIXED("x"), F_FIXED("y"), F_FIXED("facing"),
                                   {"files", GR_F_INT, 1, 0, NULL}}},
};

static const gr_kind events[VF_EV_COUNT] = {
    [VF_EV_TURN] = {"turn", 2, {{"side", GR_F_PLAYER, 0, 0, NULL}, F_INT("number")}},
    [VF_EV_PHASE] = {"phase", 2, {{"side", GR_F_PLAYER, 0, 0, NULL},
                                  {"name", GR_F_ENUM, 0, 0, vf_phase_names}}},
    [VF_EV_MOVED] = {"moved", 5, {F_UNIT("unit"), F_FIXED("x"), F_FIXED("y"),
                                  F_FIXED("facing"), F_FIXED("path")}},
    [VF_EV_REFORMED] = {"reformed", 3, {F_UNIT("unit"),
                                        {"formation", GR_F_ENUM, 0, 0, vf_formation_names},
                                        F_INT("files")}},
    [VF_EV_HELD] = {"held", 1, {F_UNIT("unit")}},
    [VF_EV_GAME_OVER] = {"game-over", 3, {{"winner", GR_F_ENUM, 0, 0, winner_names},
                                          F_INT("score-a"), F_INT("score-b")}},
    [VF_EV_LEG] = {"leg", 5, {F_UNIT("unit"), F_FIXED("x"), F_FIXED("y"), F_FIXED("facing"),
                              F_FIXED("path")}},
    [VF_EV_CANCELLED] = {"cancelled", 1, {F_UNIT("unit")}},
    [VF_EV_ACTIVATION] = {"activation", 2, {F_UNIT("brigade"),
                                            {"result", GR_F_ENUM, 0, 0, test_results}}},
    [VF_EV_MESSENGER] = {"messenger", 2, {F_UNIT("unit"),
                                          {"result", GR_F_ENUM, 0, 0, test_results}}},
    [VF_EV_LEADER_MOVED] = {"leader-moved", 3, {F_UNIT("leader"), F_FIXED("x"), F_FIXED("y")}},
    [VF_EV_RALLIED] = {"rallied", 3, {F_UNIT("unit"), F_INT("removed"), F_INT("markers")}},
    [VF_EV_FIRE] = {"fire", 5, {F_UNIT("unit"), F_UNIT("target"), F_INT("value"),
                                F_INT("support"), {"skirmish", GR_F_ENUM, 0, 0, fire_modes}}},
    [VF_EV_HITS] = {"hits", 2, {F_UNIT("target"), F_INT("hits")}},
    [VF_EV_CASUALTIES] = {"casualties", 3, {F_UNIT("unit"), F_INT("markers"), F_INT("valour")}},
    [VF_EV_VALOUR] = {"valour", 2, {F_UNIT("unit"), {"result", GR_F_ENUM, 0, 0, test_results}}},
    [VF_EV_ROUTED] = {"routed", 1, {F_UNIT("unit")}},
    [VF_EV_BROKEN] = {"broken", 1, {F_UNIT("brigade")}},
    [VF_EV_FORTITUDE] = {"fortitude", 4, {F_UNIT("brigade"), F_INT("dice"), F_INT("mod"),
                                          {"result", GR_F_ENUM, 0, 0, test_results}}},
    [VF_EV_WAVERS] = {"wavers", 1, {F_UNIT("brigade")}},
    [VF_EV_DEFEAT] = {"defeat", 2, {{"side", GR_F_PLAYER, 0, 0, NULL}, F_INT("defeats")}},
    [VF_EV_TARGET] = {"chose", 2, {F_UNIT("unit"), F_UNIT("target")}},
    [VF_EV_ATTACK] = {"attack", 5, {F_UNIT("unit"), F_UNIT("target"), F_INT("value"),
                                    F_INT("support"), F_INT("brigade")}},
    [VF_EV_RESULT] = {"combat", 2, {F_UNIT("winner"), F_UNIT("loser")}},
    [VF_EV_STAYS] = {"stays", 1, {F_UNIT("unit")}},
    [VF_EV_CONTROL] = {"control", 4, {F_UNIT("objective"), {"side", GR_F_PLAYER, 0, 0, NULL},
                                      F_INT("a"), F_INT("b")}},
    [VF_EV_ENTERED] = {"entered", 4, {F_UNIT("unit"), F_FIXED("x"), F_FIXED("y"),
                                      F_FIXED("facing")}},
    [VF_EV_FATE_DRAW] = {"fate-draw", 3, {{"side", GR_F_PLAYER, 0, 0, NULL}, F_INT("hand"),
                                          F_INT("deck")}},
    /* the card drawn: only its owner sees the event (vis) */
    [VF_EV_FATE_CARD] = {"fate-card", 2, {{"side", GR_F_PLAYER, 0, 0, NULL},
                                          {"card", GR_F_ENUM, 0, 0, vf_card_names}},
                         .reveals = 1},
    [VF_EV_FATE_PLAY] = {"fate-play", 3, {{"side", GR_F_PLAYER, 0, 0, NULL},
                                          {"card", GR_F_ENUM, 0, 0, vf_card_names}, F_SUP("on")}},
    [VF_EV_FATE_SHUFFLE] = {"fate-shuffle", 2, {{"side", GR_F_PLAYER, 0, 0, NULL},
                                                F_INT("deck")}, .reveals = 1},
    [VF_EV_OCCUPIED] = {"occupied", 2, {F_UNIT("unit"), F_UNIT("piece")}},
    [VF_EV_LEFT] = {"left", 4, {F_UNIT("unit"), F_FIXED("x"), F_FIXED("y"), F_FIXED("facing")}},
    [VF_EV_SQUARE_TEST] = {"square-test", 2, {F_UNIT("unit"),
                                              {"result", GR_F_ENUM, 0, 0, square_results}}},
    [VF_EV_HIT_AND_RUN] = {"hit-and-run", 3, {F_UNIT("unit"), F_UNIT("target"),
                                              {"result", GR_F_ENUM, 0, 0, hitrun_results}}},
};

const vf_profile *vf_unit_profile(const vf_sdata *sd, int u)
{
    const vf_unit_def *d = &sd->unit[u];
    return &sd->army[d->side].profile[d->profile];
}

static size_t vf_state_size(const void *sdata)
{
    const vf_sdata *sd = sdata;
    return offsetof(vf_state, unit) + (size_t)sd->nunits * sizeof(vf_unit);
}

static gr_status vf_init(gr_game *g, const char *options, gr_error *err)
{
    if (options && *options)
        return gr_failst(err, GR_ERR_ARG, NULL, "vf has no game options (got '%s')", options);
    const vf_sdata *sd = vf_sd(g);
    vf_state *st = vf_st(g);
    for (int u = 0; u < sd->nunits; u++) {
        vf_unit *un = &st->unit[u];
        un->figures = sd->unit[u].figures;
        if (sd->unit[u].placed) {
            un->at = sd->unit[u].start;
            un->status = VF_UNIT_ON;
            vf_entrench_deployed(sd, st, u); /* SR-Entrenchments-a */
        }
    }
    for (int l = 0; l < sd->nleaders; l++) {
        st->leader[l].x = sd->leader[l].x;
        st->leader[l].y = sd->leader[l].y;
        st->leader[l].status = sd->leader[l].placed ? VF_UNIT_ON : VF_UNIT_OFF;
    }
    for (int o = 0; o < sd->nobjectives; o++)
        st->objective[o] = sd->objective[o].initial;
    vf_start(g);
    return GR_OK;
}

static void vf_pending(const gr_game *g, gr_pending *out)
{
    const vf_state *st = vf_cst(g);
    if (st->phase == VF_PHASE_OVER) {
        out->kind = GR_PENDING_OVER;
        out->winner = st->winner;
        out->outcome = (int16_t)st->outcome;
        return;
    }
    out->kind = GR_PENDING_DECISION;
    out->players = (uint8_t)(1u << st->active);
    if (st->fx.window) { /* a fate window (fate/play.c) */
        out->decision = VF_DEC_FATE;
        out->players = (uint8_t)(1u << st->fx.wside);
        return;
    }
    if (st->phase == VF_PHASE_COMBAT) {
        int who;
        out->decision = (uint8_t)vf_combat_decision(g, &who);
        out->players = (uint8_t)(1u << who);
        return;
    }
    out->decision = (uint8_t)(st->phase == VF_PHASE_FIRE ? VF_DEC_FIRE : vf_action_decision(st));
}

/* "hold unit=U": remain stationary (vf:6.2-b counts it as the action;
 * no messenger test, Interp. A40). */
static gr_status apply_hold(gr_game *g, const gr_action *a, gr_error *why)
{
    int u = a->arg[0];
    if (u < 0 || u >= vf_sd(g)->nunits)
        return gr_failst(why, GR_ERR_ARG, NULL, "hold: no unit %d", u);
    gr_status s = vf_actor_check(g, u, a->player, why);
    if (s != GR_OK)
        return s;
    vf_st(g)->unit[u].flags |= VF_UF_ACTED;
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_HELD, 1, u);
    return GR_OK;
}

/* "move" / "double" in one action: validated, then the messenger test
 * (vf:6.2.2), then carried out. */
static gr_status apply_move(gr_game *g, const gr_action *a, gr_error *why)
{
    vf_move m;
    gr_status s = vf_move_from_action(g, a, &m, why);
    if (s == GR_OK)
        s = vf_move_check(g, &m, why);
    if (s == GR_OK && vf_messenger(g, m.unit))
        vf_move_apply(g, &m);
    return s;
}

static gr_status apply_kind(gr_game *g, const gr_action *a, gr_error *why)
{
    switch (a->kind) {
    case VF_ACT_BEGIN:
    case VF_ACT_LEG:
    case VF_ACT_WHEEL:
    case VF_ACT_FINISH:
    case VF_ACT_CANCEL:
        return vf_legs_apply(g, a, why);
    case VF_ACT_MOVE:
    case VF_ACT_DOUBLE:
    case VF_ACT_RETREAT:
    case VF_ACT_ASSAULT:
        return apply_move(g, a, why);
    case VF_ACT_RALLY:
        return vf_rally_apply(g, a, why);
    case VF_ACT_HOLD:
        return apply_hold(g, a, why);
    case VF_ACT_ACTIVATE:
        return vf_activate_apply(g, a, why);
    case VF_ACT_PLACE:
        return vf_place_apply(g, a, why);
    case VF_ACT_NEXT:
        return vf_next_apply(g, a, why);
    case VF_ACT_END_PHASE:
        vf_end_action_phase(g);
        return GR_OK;
    case VF_ACT_ENTER:
        return vf_enter_apply(g, a, why);
    case VF_ACT_OCCUPY:
    case VF_ACT_LEAVE:
        return vf_occupy_apply(g, a, why);
    default:
        return gr_failst(why, GR_ERR_ARG, NULL, "unknown action kind %u", a->kind);
    }
}

/* The fire phase's actions (vf:5.0). */
static gr_status apply_fire_phase(gr_game *g, const gr_action *a, gr_error *why)
{
    if (a->kind == VF_ACT_END_FIRE) {
        vf_fire_close(g);
        return GR_OK;
    }
    if (a->kind != VF_ACT_FIRE)
        return gr_failst(why, GR_ERR_STATE, NULL, "the fire phase: fire or end-fire");
    gr_status s = vf_fire_apply(g, a, why);
    if (s == GR_OK && vf_cst(g)->phase == VF_PHASE_FIRE && !vf_cst(g)->fx.window &&
        !vf_fire_possible(g))
        vf_fire_close(g);
    return s;
}

/* Fate cards: a window's decision, or a card played inside the fire or
 * action phase's decisions (fate/play.c). */
static gr_status apply_fate(gr_game *g, const gr_action *a, gr_error *why)
{
    gr_status s = vf_fate_apply(g, a, why);
    if (s == GR_OK && vf_cst(g)->phase == VF_PHASE_ACTION)
        vf_action_advance(g);
    return s;
}

static gr_status vf_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    const vf_state *st = vf_cst(g);
    if (st->fx.window || a->kind == VF_ACT_PLAY || a->kind == VF_ACT_PASS)
        return apply_fate(g, a, why);
    if (vf_breakthrough_on(st))
        return vf_breakthrough_apply(g, a, why);
    if (st->phase == VF_PHASE_COMBAT) {
        gr_status s = vf_combat_apply(g, a, why);
        if (s == GR_OK)
            vf_combat_advance(g);
        return s;
    }
    if (st->phase == VF_PHASE_FIRE && a->player == st->active) {
        gr_status s = apply_fire_phase(g, a, why);
        if (s == GR_OK)
            vf_action_advance(g);
        return s;
    }
    if (st->phase != VF_PHASE_ACTION || a->player != st->active)
        return gr_failst(why, GR_ERR_STATE, NULL, "not %s's action phase",
                         vf_side_names[a->player & 1]);
    int open = vf_moving_unit(st);
    int compound = a->kind >= VF_ACT_BEGIN && a->kind <= VF_ACT_CANCEL;
    if (open >= 0 && !compound)
        return gr_fail(why, "vf:6.2-b", "the move of %s is open: finish or cancel it first",
                       vf_sd(g)->unit[open].id);
    /* T.3.2-c: only the unit whose Move or Retreat was the last action may
       occupy now */
    int keep = a->kind == VF_ACT_MOVE || a->kind == VF_ACT_RETREAT ? (int)a->arg[0]
               : a->kind == VF_ACT_FINISH                          ? open
                                                                   : -1;
    gr_status s = apply_kind(g, a, why);
    if (s == GR_OK && a->kind != VF_ACT_OCCUPY)
        vf_occupy_action_over(g, keep);
    if (s == GR_OK)
        vf_action_advance(g);
    return s;
}

/* V&F rolls D6 (1-6). */
static void vf_die_faces(const void *sdata, int *lo, int *hi)
{
    (void)sdata;
    *lo = 1;
    *hi = 6;
}

const gr_rules gr_rules_vf = {
    .system = "vf",
    .players = vf_side_names,
    .actions = actions,
    .nactions = VF_ACT_COUNT,
    .events = events,
    .nevents = VF_EV_COUNT,
    .roll_purposes = roll_purposes,
    .decisions = decisions,
    .outcomes = outcomes,
    .load = vf_load,
    .free_sdata = vf_free_sdata,
    .edit = vf_edit,
    .state_size = vf_state_size,
    .init = vf_init,
    .pending = vf_pending,
    .legal = vf_legal,
    .sample = vf_sample,
    .evaluate = vf_evaluate,
    .apply = vf_apply,
    .mask = vf_fate_mask,
    .determinize = vf_fate_determinize,
    .sanity = vf_sanity,
    .describe = vf_describe,
    .query = vf_query,
    .score = vf_score_margin,
    .setup = vf_setup,
    .unit_name = vf_id_name,
    .unit_find = vf_id_find,
    .hex_label = NULL,
    .hex_find = NULL,
    .scratch_size = vf_scratch_size,
    .die_faces = vf_die_faces,
};
