/* ops.c — the JdG operations table: action/event schemas, game creation,
 * and the pending/legal/apply dispatch over the phases of a turn. */
#include <string.h>

#include "jdg.h"
#include "turn/turn.h"
#include "move/move.h"

const char *const jdg_player_names[] = {"french", "allied", NULL};
const char *const jdg_order_names[] = {"none", "ordered", "no-orders", "hidden", NULL};
const char *const jdg_mode_names[] = {"undecided", "ordered", "reduced", "reorg-only", NULL};
const char *const jdg_step_names[] = {"options", "fire", "movement", "shock",
                                      "reorganisation", NULL};
const char *const jdg_status_names[] = {"good", "disordered", "routed", "eliminated", NULL};
const char *const jdg_maloc_names[] = {"out", "cup", "picked", "active", "aside", NULL};

static const char *const PURPOSES[] = {"strategic-initiative", "commander-initiative",
                                       "ma-draw", "fire", "cohesion-test", "contact-test",
                                       "shock", "reorganisation", NULL};
static const char *const FIRE_RESULTS[] = {"none", "CT", "D", "D+CT", "D+D", "other", NULL};
static const char *const DECISIONS[] = {"orders", "pick-ma", "no-orders-option", "fire",
                                        "movement", "shock", "reorganisation", "cinc-contact",
                                        "retreat", "counter-battery", "reaction-fire",
                                        "advance", "breakthrough", "counter-shock", "refusal",
                                        "rout-move", "square-attempt", "counter-charge",
                                        "hold", "phase-e", "pursuit",
                                        "none",
                                        NULL};
static const char *const OUTCOMES[] = {
    "french-automatic-victory", "french-decisive-victory", "french-victory", "draw",
    "allied-victory", "allied-decisive-victory", "allied-automatic-victory", NULL};
static const char *const DEMORALISED_NAMES[] = {"recovered", "demoralised", NULL};
static const char *const WINNER_NAMES[] = {"french", "allied", "none", NULL};
static const char *const HOW_NAMES[] = {"picked", "drawn", "forced", NULL};
static const char *const RESULT_NAMES[] = {"fail", "pass", NULL};
static const char *const PHASE_NAMES[] = {"A", "B", "C", "D", "E", "F", NULL};

#define F_UNIT_OPT(n) {n, GR_F_UNIT, 1, GR_NONE, NULL}
#define F_UNIT(n) {n, GR_F_UNIT, 0, 0, NULL}
#define F_INT(n) {n, GR_F_INT, 0, 0, NULL}
#define F_ENUM(n, names) {n, GR_F_ENUM, 0, 0, names}
#define F_PLAYER(n) {n, GR_F_PLAYER, 0, 0, NULL}
#define F_HEX(n) {n, GR_F_HEX, 0, 0, NULL}
#define F_HEX_OPT(n) {n, GR_F_HEX, 1, GR_NONE, NULL}

static const char *const SQUARE_NAMES[] = {"left", "formed", NULL};
static const char *const ENTRY_NAMES[] = {"normal", "forced", NULL};
static const char *const ON_NAMES[] = {"attacker", "defender", NULL};
const char *const jdg_sr_names[] = {"CT", "D", "R", "Rt", "E", "B", "C", NULL};
#define SR_NAMES jdg_sr_names

const gr_kind jdg_actions[JDG_NACTIONS] = {
    [JDG_A_ORDERS] = {"orders", 8, {F_UNIT_OPT("g1"), F_UNIT_OPT("g2"), F_UNIT_OPT("g3"),
                                    F_UNIT_OPT("g4"), F_UNIT_OPT("g5"), F_UNIT_OPT("g6"),
                                    F_UNIT_OPT("g7"), F_UNIT_OPT("g8")},
                      1 /* secret orders, revealed on activation */},
    [JDG_A_PICK] = {"pick", 1, {F_UNIT("ma")}},
    [JDG_A_NO_PICK] = {"no-pick", 0, {{0}}},
    [JDG_A_INITIATIVE] = {"initiative", 1, {F_UNIT("group")}},
    [JDG_A_REDUCED] = {"reduced", 1, {F_UNIT("group")}},
    [JDG_A_END_STEP] = {"end-step", 0, {{0}}},
    [JDG_A_END_ACTIVATION] = {"end-activation", 0, {{0}}},
    [JDG_A_MOVE] = {"move", 2, {F_UNIT("unit"), F_HEX("to")}},
    [JDG_A_MARCH] = {"march", 2, {F_UNIT("unit"), F_HEX("to")}},
    [JDG_A_STOP] = {"stop", 2, {F_UNIT("unit"), F_INT("facing")}},
    [JDG_A_SQUARE] = {"square", 1, {F_UNIT("unit")}},
    [JDG_A_UNSQUARE] = {"unsquare", 1, {F_UNIT("unit")}},
    [JDG_A_ENTER] = {"enter", 2, {F_UNIT("unit"), F_ENUM("mode", ENTRY_NAMES)}},
    [JDG_A_LEAD] = {"lead", 2, {F_UNIT("cinc"), F_HEX("to")}},
    [JDG_A_HALT] = {"halt", 1, {F_UNIT("cinc")}},
    [JDG_A_CINC_RETREAT] = {"cinc-retreat", 2, {F_UNIT("cinc"), F_HEX("to")}},
    [JDG_A_CINC_STAY] = {"cinc-stay", 1, {F_UNIT("cinc")}},
    [JDG_A_PIVOT] = {"pivot", 2, {F_UNIT("unit"), F_INT("facing")}},
    [JDG_A_FIRE] = {"fire", 3, {F_UNIT("unit"), F_HEX("at"), F_UNIT_OPT("with")}},
    [JDG_A_RETREAT] = {"retreat", 2, {F_UNIT("unit"), F_HEX("to")}},
    [JDG_A_COUNTER] = {"counter-battery", 1, {F_UNIT("unit")}},
    [JDG_A_NO_COUNTER] = {"no-counter-battery", 0, {{0}}},
    [JDG_A_RELEASE] = {"release", 1, {F_UNIT("unit")}},
    [JDG_A_SHOCK] = {"shock", 2, {F_UNIT("unit"), F_HEX("at")}},
    [JDG_A_RESOLVE] = {"resolve", 1, {F_HEX("at")}},
    [JDG_A_REACT] = {"react", 2, {F_UNIT("unit"), F_HEX("at")}},
    [JDG_A_NO_REACT] = {"no-reaction", 0, {{0}}},
    [JDG_A_ADVANCE] = {"advance", 3, {F_UNIT("unit"), F_HEX("to"), F_INT("facing")}},
    [JDG_A_BREAK] = {"breakthrough", 0, {{0}}},
    [JDG_A_NO_BREAK] = {"no-breakthrough", 0, {{0}}},
    [JDG_A_CSHOCK] = {"counter-shock", 3, {F_UNIT("unit"), F_HEX("to"), F_HEX("at")}},
    [JDG_A_NO_CSHOCK] = {"no-counter-shock", 0, {{0}}},
    [JDG_A_REFUSE] = {"refuse", 3, {F_UNIT("unit"), F_HEX("to"), F_HEX_OPT("via")}},
    [JDG_A_NO_REFUSE] = {"no-refusal", 0, {{0}}},
    [JDG_A_NO_ADVANCE] = {"no-advance", 0, {{0}}},
    [JDG_A_ROUT] = {"rout", 2, {F_UNIT("unit"), F_HEX("to")}},
    [JDG_A_ROUT_STOP] = {"rout-stop", 1, {F_UNIT("unit")}},
    [JDG_A_CHARGE] = {"charge", 2, {F_UNIT("unit"), F_HEX("at")}},
    [JDG_A_FORM_SQUARE] = {"form-square", 1, {F_HEX("at")}},
    [JDG_A_NO_SQUARE] = {"no-square", 0, {{0}}},
    [JDG_A_CCHARGE] = {"counter-charge", 1, {F_HEX("at")}},
    [JDG_A_NO_CCHARGE] = {"no-counter-charge", 0, {{0}}},
    [JDG_A_HOLD] = {"hold", 3, {F_UNIT("unit"), F_HEX("to"), F_INT("facing")}},
    [JDG_A_NO_HOLD] = {"no-hold", 0, {{0}}},
    [JDG_A_REORGANISE] = {"reorganise", 2, {F_UNIT("unit"), F_INT("facing")}},
    [JDG_A_ROUT_UNIT] = {"rout-unit", 1, {F_UNIT("unit")}},
    [JDG_A_ROUT_STAY] = {"rout-stay", 1, {F_UNIT("unit")}},
    [JDG_A_PURSUE] = {"pursue", 3, {F_UNIT("unit"), F_HEX("to"), F_INT("facing")}},
    [JDG_A_NO_PURSUIT] = {"no-pursuit", 0, {{0}}},
    [JDG_A_EXIT] = {"exit", 1, {F_UNIT("unit")}},
    [JDG_A_RESTACK] = {"restack", 1, {F_UNIT("unit")}},
    [JDG_A_ROUT_SHORT] = {"rout-short", 1, {F_UNIT("unit")}},
    [JDG_A_MOVE_TO] = {"move-to", 4, {F_UNIT("unit"), F_HEX("to"), F_INT("facing"),
                                      F_ENUM("mode", ENTRY_NAMES)}},
};

const gr_kind jdg_events[JDG_NEVENTS] = {
    [JDG_E_TURN - GR_EV_SYSTEM] = {"turn", 1, {F_INT("turn")}},
    [JDG_E_GROUPS - GR_EV_SYSTEM] = {"groups", 2, {F_PLAYER("side"), F_INT("count")}},
    [JDG_E_ORDERS_GIVEN - GR_EV_SYSTEM] = {"orders-given", 1, {F_PLAYER("side")}},
    [JDG_E_ORDERS_SECRET - GR_EV_SYSTEM] = {"order-secret", 2,
                                            {F_UNIT("group"),
                                             F_ENUM("status", jdg_order_names)}},
    [JDG_E_INITIATIVE - GR_EV_SYSTEM] = {"strategic-initiative", 3,
                                         {F_INT("french"), F_INT("allied"),
                                          F_ENUM("winner", WINNER_NAMES)}},
    [JDG_E_PICKED - GR_EV_SYSTEM] = {"ma-picked", 1, {F_UNIT("ma")}},
    [JDG_E_MAC_PLACED - GR_EV_SYSTEM] = {"mac-placed", 1, {F_UNIT("ma")}},
    [JDG_E_CUP - GR_EV_SYSTEM] = {"cup", 1, {F_INT("count")}},
    [JDG_E_ACTIVATE - GR_EV_SYSTEM] = {"activate", 2, {F_UNIT("ma"), F_ENUM("how", HOW_NAMES)}},
    [JDG_E_ORDER_REVEALED - GR_EV_SYSTEM] = {"order-revealed", 2,
                                             {F_UNIT("group"),
                                              F_ENUM("status", jdg_order_names)},
                                             0, 1 /* reveals secret orders */},
    [JDG_E_CMD_INITIATIVE - GR_EV_SYSTEM] = {"commander-initiative", 5,
                                             {F_UNIT("group"), F_INT("roll"), F_INT("drm"),
                                              F_INT("value"), F_ENUM("result", RESULT_NAMES)}},
    [JDG_E_MODE - GR_EV_SYSTEM] = {"group-mode", 2, {F_UNIT("group"),
                                                     F_ENUM("mode", jdg_mode_names)}},
    [JDG_E_STEP - GR_EV_SYSTEM] = {"step", 1, {F_ENUM("step", jdg_step_names)}},
    [JDG_E_ACTIVATION_END - GR_EV_SYSTEM] = {"activation-end", 1, {F_UNIT("ma")}},
    [JDG_E_LAST_MA - GR_EV_SYSTEM] = {"last-ma", 1, {F_UNIT("ma")}},
    [JDG_E_PHASE_END - GR_EV_SYSTEM] = {"phase-end", 1, {F_ENUM("phase", PHASE_NAMES)}},
    [JDG_E_GAME_END - GR_EV_SYSTEM] = {"game-end", 1, {F_INT("turn")}},
    [JDG_E_MOVED - GR_EV_SYSTEM] = {"moved", 5, {F_UNIT("unit"), F_HEX("to"), F_INT("cost"),
                                                 F_INT("spent"), F_INT("allowance")}},
    [JDG_E_STOPPED - GR_EV_SYSTEM] = {"stopped", 3, {F_UNIT("unit"), F_HEX("hex"),
                                                     F_INT("facing")}},
    [JDG_E_SQUARE - GR_EV_SYSTEM] = {"square", 2, {F_UNIT("unit"),
                                                   F_ENUM("square", SQUARE_NAMES)}},
    [JDG_E_ENTERED - GR_EV_SYSTEM] = {"entered", 4, {F_UNIT("unit"), F_HEX("hex"),
                                                     F_INT("cost"),
                                                     F_ENUM("mode", ENTRY_NAMES)}},
    [JDG_E_REINF_LOST - GR_EV_SYSTEM] = {"reinforcement-status-lost", 1, {F_UNIT("unit")}},
    [JDG_E_CINC_MOVED - GR_EV_SYSTEM] = {"cinc-moved", 4, {F_UNIT("cinc"), F_HEX("to"),
                                                           F_INT("cost"), F_INT("spent")}},
    [JDG_E_CINC_CONTACT - GR_EV_SYSTEM] = {"cinc-contact", 1, {F_UNIT("cinc")}},
    [JDG_E_CINC_ELIMINATED - GR_EV_SYSTEM] = {"cinc-eliminated", 1, {F_UNIT("cinc")}},
    [JDG_E_FIRE - GR_EV_SYSTEM] = {"fire", 7, {F_UNIT("unit"), F_HEX("at"), F_UNIT_OPT("with"),
                                               F_INT("capacity"), F_INT("drm"), F_INT("total"),
                                               F_ENUM("result", FIRE_RESULTS)}},
    [JDG_E_CT - GR_EV_SYSTEM] = {"cohesion-test", 5, {F_UNIT("unit"), F_INT("roll"),
                                                      F_INT("drm"), F_INT("value"),
                                                      F_ENUM("result", RESULT_NAMES)}},
    [JDG_E_STATUS - GR_EV_SYSTEM] = {"status", 2, {F_UNIT("unit"),
                                                   F_ENUM("status", jdg_status_names)}},
    [JDG_E_RETREATED - GR_EV_SYSTEM] = {"retreated", 2, {F_UNIT("unit"), F_HEX("to")}},
    [JDG_E_SHOCK_DECLARED - GR_EV_SYSTEM] = {"shock-declared", 2, {F_UNIT("unit"), F_HEX("at")}},
    [JDG_E_ET - GR_EV_SYSTEM] = {"contact-test", 4, {F_UNIT("unit"), F_INT("roll"),
                                                     F_INT("value"),
                                                     F_ENUM("result", RESULT_NAMES)}},
    [JDG_E_SHOCK - GR_EV_SYSTEM] = {"shock", 8, {F_HEX("at"), F_INT("attacker"),
                                                 F_INT("defender"), F_INT("ratio"),
                                                 F_INT("cohesion"), F_INT("drm"), F_INT("roll"),
                                                 F_INT("total")}},
    [JDG_E_SHOCK_EFFECT - GR_EV_SYSTEM] = {"shock-result", 2, {F_ENUM("on", ON_NAMES),
                                                              F_ENUM("code", SR_NAMES)}},
    [JDG_E_ADVANCED - GR_EV_SYSTEM] = {"advanced", 3, {F_UNIT("unit"), F_HEX("to"),
                                                       F_INT("facing")}},
    [JDG_E_LONE_ART - GR_EV_SYSTEM] = {"lone-artillery", 1, {F_HEX("at")}},
    [JDG_E_ROUT_MOVED - GR_EV_SYSTEM] = {"rout-moved", 4, {F_UNIT("unit"), F_HEX("to"),
                                                           F_INT("spent"), F_INT("shifts")}},
    [JDG_E_CHARGE - GR_EV_SYSTEM] = {"charge-declared", 2, {F_UNIT("unit"), F_HEX("at")}},
    [JDG_E_SQUARE_TRY - GR_EV_SYSTEM] = {"square-attempt", 3, {F_HEX("at"), F_INT("roll"),
                                                              F_ENUM("result", RESULT_NAMES)}},
    [JDG_E_REFUSED - GR_EV_SYSTEM] = {"refused", 3, {F_UNIT("unit"), F_HEX("to"),
                                                     F_INT("hexes")}},
    [JDG_E_HELD - GR_EV_SYSTEM] = {"held", 3, {F_UNIT("unit"), F_HEX("to"), F_INT("facing")}},
    [JDG_E_REORG - GR_EV_SYSTEM] = {"reorganisation", 5, {F_UNIT("unit"), F_INT("roll"),
                                                         F_INT("drm"), F_INT("value"),
                                                         F_ENUM("result", RESULT_NAMES)}},
    [JDG_E_DEMORALISED - GR_EV_SYSTEM] = {"demoralisation", 2,
                                          {F_UNIT("ma"),
                                           F_ENUM("state", DEMORALISED_NAMES)}},
    [JDG_E_VICTORY - GR_EV_SYSTEM] = {"victory", 3, {F_INT("french"), F_INT("allied"),
                                                     F_ENUM("outcome", OUTCOMES)}},
    [JDG_E_PURSUED - GR_EV_SYSTEM] = {"pursued", 3, {F_UNIT("unit"), F_HEX("to"),
                                                     F_INT("facing")}},
    [JDG_E_EXITED - GR_EV_SYSTEM] = {"exited", 2, {F_UNIT("unit"), F_HEX("from")}},
};

static size_t jdg_state_size(const void *sdata)
{
    (void)sdata;
    return sizeof(jdg_state);
}

void jdg_place_unit(gr_game *g, int u, int hex, int facing, int status)
{
    jdg_unit *un = &jdg_st(g)->unit[u];
    un->hex = (int16_t)hex;
    if (hex != JDG_OFFMAP)
        jdg_stack_bottom(jdg_sd(g), jdg_st(g), u);
    un->facing = (int8_t)(status == JDG_ROUTED ? -1 : facing);
    un->status = (uint8_t)status;
    if (hex != JDG_OFFMAP)
        un->flags |= JDG_UF_ENTERED;
    else
        un->flags &= (uint8_t)~JDG_UF_ENTERED;
}

static gr_status jdg_init(gr_game *g, const char *options, gr_error *err)
{
    if (options && *options)
        return gr_failst(err, GR_ERR_ARG, NULL, "jdg has no game options (got '%s')", options);
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    memset(s, 0, sizeof *s);
    for (int u = 0; u < d->nunits; u++) {
        s->unit[u].group = -1;
        jdg_place_unit(g, u, d->unit[u].start_hex, d->unit[u].start_facing,
                       d->unit[u].start_status);
    }
    for (int c = 0; c < d->ncincs; c++)
        s->cinc[c].hex = d->cinc[c].start_hex;
    s->mover = -1;
    s->cinc_mover = -1;
    s->rt_unit = -1;
    s->cb_target = -1;
    s->pu_cc = -1;
    s->pu_unit[0] = s->pu_unit[1] = -1;
    s->sh_row = -1;
    s->turn = (uint8_t)d->turn_first;
    jdg_control_init(g);
    jdg_control_update(g); /* units set up on VP hexes hold them */
    jdg_turn_start(g);
    return GR_OK;
}

int jdg_active_player(const gr_game *g)
{
    const jdg_state *s = jdg_cst(g);
    return s->active >= 0 ? jdg_sd(g)->marker[s->active].side : -1;
}

static void jdg_pending(const gr_game *g, gr_pending *out)
{
    const jdg_state *s = jdg_cst(g);
    switch (s->phase) {
    case JDG_PH_ORDERS:
        out->kind = GR_PENDING_SIMULTANEOUS;
        out->players = (uint8_t)(3u & ~s->committed);
        out->decision = JDG_D_ORDERS;
        return;
    case JDG_PH_PICK:
        out->kind = GR_PENDING_DECISION;
        out->players = (uint8_t)(1u << s->init_winner);
        out->decision = JDG_D_PICK;
        return;
    case JDG_PH_ACTIVATION: {
        out->kind = GR_PENDING_DECISION;
        if (s->contact) { /* the other side decides in the middle of a move [R2.5.2-a] */
            out->players = (uint8_t)(1u << jdg_sd(g)->cinc[jdg_contact_cinc(s)].side);
            out->decision = JDG_D_CONTACT;
            return;
        }
        if (s->rt_unit >= 0) { /* the routed unit's owner picks its retreat [R10.2-c] */
            out->players = (uint8_t)(1u << jdg_sd(g)->unit[s->rt_unit].side);
            out->decision = s->rt_kind == 1 ? JDG_D_ROUT : JDG_D_RETREAT;
            return;
        }
        if (s->cb_target >= 0) { /* the guns fired at may answer [R7.1-b] */
            out->players = (uint8_t)(1u << !jdg_sd(g)->unit[s->cb_target].side);
            out->decision = JDG_D_COUNTER;
            return;
        }
        int dec, who = jdg_combat_player(g, &dec);
        if (who >= 0) { /* a decision of the combat under way [rule 8] */
            out->players = (uint8_t)(1u << who);
            out->decision = (uint16_t)dec;
            return;
        }
        out->players = (uint8_t)(1u << jdg_active_player(g));
        out->decision = (uint16_t)(JDG_D_OPTION + s->step);
        return;
    }
    case JDG_PH_ROUT:
        out->kind = GR_PENDING_DECISION;
        if (s->contact)
            out->players = (uint8_t)(1u << jdg_sd(g)->cinc[jdg_contact_cinc(s)].side);
        else if (s->rt_unit >= 0)
            out->players = (uint8_t)(1u << jdg_sd(g)->unit[s->rt_unit].side);
        else
            out->players = (uint8_t)(1u << jdg_phase_e_side(s));
        out->decision = s->contact ? JDG_D_CONTACT : s->rt_unit >= 0 ? JDG_D_ROUT
                                                                     : JDG_D_PHASE_E;
        return;
    default:
        out->kind = GR_PENDING_OVER;
        out->players = 0;
        out->decision = JDG_D_NONE;
        out->winner = (int8_t)jdg_winner(s);
        out->outcome = s->outcome;
    }
}

/* Phase E: the contact or rout-move decision under way, else the choice
 * of the next routed unit. */
static int phase_e_legal(const gr_game *g, int p, gr_action *out, int cap)
{
    const jdg_state *s = jdg_cst(g);
    if (s->contact)
        return jdg_cinc_legal(g, p, out, cap, 0);
    if (s->rt_unit >= 0)
        return jdg_retreat_legal(g, p, out, cap);
    return jdg_phase_e_legal(g, p, out, cap);
}

static int jdg_legal(const gr_game *g, int p, gr_action *out, int cap)
{
    gr_pending pd;
    memset(&pd, 0, sizeof pd);
    jdg_pending(g, &pd);
    if (pd.kind == GR_PENDING_OVER || !(pd.players & (1u << p)))
        return 0;
    switch (jdg_cst(g)->phase) {
    case JDG_PH_ORDERS: return jdg_orders_legal(g, p, out, cap);
    case JDG_PH_PICK: return jdg_pick_legal(g, p, out, cap);
    case JDG_PH_ROUT: return phase_e_legal(g, p, out, cap);
    default: return jdg_activation_legal(g, p, out, cap);
    }
}

/* gr_game_sample: staged where the movement step's list is long
 * (move/sample.c), else the default uniform draw. */
static int jdg_sample_op(const gr_game *g, int p, gr_rng *rng, gr_action *out)
{
    gr_pending pd;
    memset(&pd, 0, sizeof pd);
    jdg_pending(g, &pd);
    if (pd.kind == GR_PENDING_OVER || !(pd.players & (1u << p)))
        return 0;
    return jdg_move_sample(g, p, rng, out);
}

int jdg_stuck_player(const gr_game *g)
{
    gr_pending pd;
    memset(&pd, 0, sizeof pd);
    jdg_pending(g, &pd);
    for (int p = 0; p < JDG_NPLAYERS; p++)
        if (pd.kind != GR_PENDING_OVER && (pd.players & (1u << p)) &&
            jdg_legal(g, p, NULL, 0) <= 0)
            return p;
    return -1;
}

/* The action kinds each phase accepts. */
static int kind_fits_phase(int kind, int phase)
{
    switch (phase) {
    case JDG_PH_ORDERS: return kind == JDG_A_ORDERS;
    case JDG_PH_PICK: return kind == JDG_A_PICK || kind == JDG_A_NO_PICK;
    case JDG_PH_ACTIVATION: return kind >= JDG_A_INITIATIVE && kind < JDG_NACTIONS;
    case JDG_PH_ROUT:
        return kind == JDG_A_ROUT_UNIT || kind == JDG_A_ROUT_STAY || kind == JDG_A_ROUT ||
               kind == JDG_A_ROUT_STOP || kind == JDG_A_ROUT_SHORT || kind == JDG_A_RETREAT ||
               kind == JDG_A_CINC_RETREAT || kind == JDG_A_CINC_STAY;
    default: return 0;
    }
}

static const char *const PHASE_NOW[] = {"A (orders)", "B (initiative pick)",
                                        "D (activation)", "over", "E (rout)"};
static const char *const PHASE_RULE[] = {"jdg:R1-A2", "jdg:R1-B2", "jdg:R1-D3", "jdg:R13.1",
                                         "jdg:R1-E1"};

static gr_status jdg_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    const jdg_state *s = jdg_cst(g);
    if (!kind_fits_phase(a->kind, s->phase))
        return gr_fail(why, PHASE_RULE[s->phase <= JDG_PH_ROUT ? s->phase : JDG_PH_OVER],
                       "'%s' is not allowed now (turn %d, phase %s)", jdg_actions[a->kind].name,
                       s->turn, PHASE_NOW[s->phase <= JDG_PH_ROUT ? s->phase : JDG_PH_OVER]);
    gr_status r;
    switch (s->phase) {
    case JDG_PH_ORDERS: r = jdg_orders_apply(g, a, why); break;
    case JDG_PH_PICK: r = jdg_pick_apply(g, a, why); break;
    case JDG_PH_ROUT: r = jdg_phase_e_apply(g, a, why); break;
    default: r = jdg_activation_apply(g, a, why); break;
    }
    if (r == GR_OK)
        jdg_control_update(g); /* VP hexes: the last unit in them [R13.2] */
    return r;
}

/* JdG rolls one d10 read 0-9. */
static void jdg_die_faces(const void *sdata, int *lo, int *hi)
{
    (void)sdata;
    *lo = 0;
    *hi = 9;
}

const gr_rules gr_rules_jdg = {
    .system = "jdg",
    .players = jdg_player_names,
    .actions = jdg_actions,
    .nactions = JDG_NACTIONS,
    .events = jdg_events,
    .nevents = JDG_NEVENTS,
    .roll_purposes = PURPOSES,
    .decisions = DECISIONS,
    .outcomes = OUTCOMES,
    .load = jdg_load,
    .free_sdata = jdg_free_sdata,
    .edit = jdg_edit,
    .state_size = jdg_state_size,
    .init = jdg_init,
    .pending = jdg_pending,
    .legal = jdg_legal,
    .sample = jdg_sample_op,
    .apply = jdg_apply,
    .mask = jdg_mask,
    .determinize = jdg_determinize,
    .reopen = jdg_reopen,
    .sanity = jdg_sanity,
    .describe = jdg_describe,
    .query = jdg_query,
    .score = jdg_score,
    .setup = jdg_setup,
    .unit_name = jdg_unit_name,
    .unit_find = jdg_unit_find,
    .hex_label = jdg_hex_label,
    .hex_find = jdg_hex_find,
    .die_faces = jdg_die_faces,
    .evaluate = jdg_evaluate,
    /* mcts below the root: widen=1,candidates=8 took mcts:iterations=1000
     * from 52.5% to 83.8% against greedy on Saalfeld (docs/jdg.md,
     * "Figures (2026-12-02, branch jdg4: widening below the root)"). */
    .search_hints = {.widen = 1, .candidates = 8},
};
