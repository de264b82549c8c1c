/* ops.c — the Badges of Courage rule system behind the core's ops table:
 * players, action and event schemas, game set-up, and the decision process
 * (who decides what now, the legal options, applying an action). */
#include <string.h>

#include "boc.h"

static const char *const PLAYERS[] = {"usa", "csa", NULL};
const char *const boc_phase_names[] = {"command", "fire",  "movement", "melee",
                                       "supply",  "night", "over",     "deploy", NULL};
const char *const boc_decision_names[] = {"command", "fire",  "allocate-hit", "repulse",
                                          "move",    "overstack", "over",  "melee",
                                          "combat",  "regroup",   "supply", "arrive",
                                          "deploy",  NULL};
static const char *const OUTCOMES[] = {"usa-victory", "draw", "csa-victory", NULL};
static const char *const PURPOSES[] = {"fire", "melee", "initiative", NULL};
static const char *const WHY[] = {"fire", "front-line", "setup", "command", "melee", "supply", NULL};
static const char *const RESULTS[] = {"half-hit", "step", "eliminated", "repulsed", NULL};

#define F_UNIT(n) {n, GR_F_UNIT, 0, 0, NULL}
#define F_HEX(n) {n, GR_F_HEX, 0, 0, NULL}
#define F_INT(n) {n, GR_F_INT, 0, 0, NULL}
#define F_PLAYER(n) {n, GR_F_PLAYER, 0, 0, NULL}
#define F_ENUM(n, names) {n, GR_F_ENUM, 0, 0, names}

static const gr_kind ACTIONS[BOC_NACTIONS] = {
    {"fire", 4, {F_UNIT("unit"), F_HEX("target"), {"via", GR_F_HEX, 1, GR_NONE, NULL},
                 {"at", GR_F_UNIT, 1, GR_NONE, NULL}}},
    {"end-fire", 0, {{0}}},
    {"take-hit", 1, {F_UNIT("unit")}, 1}, /* names a hidden block */
    {"repulse", 1, {F_HEX("to")}},
    {"activate", 2, {F_UNIT("hq"), {"to", GR_F_HEX, 1, GR_NONE, NULL}}},
    {"end-command", 0, {{0}}},
    {"remove", 1, {F_UNIT("unit")}},
    {"move", 3, {F_UNIT("unit"), F_HEX("to"), {"entry", GR_F_HEX, 1, GR_NONE, NULL}},
     1}, /* names a hidden block */
    {"end-move", 0, {{0}}},
    {"exit", 1, {F_UNIT("unit")}, 1}, /* names a hidden block */
    {"attack", 3, {F_UNIT("unit"), F_HEX("target"), {"alone", GR_F_INT, 1, 0, NULL}},
     1}, /* names a hidden block */
    {"resolve", 1, {F_HEX("hex")}},
    {"strike", 1, {F_UNIT("unit")}},
    {"withdraw", 2, {F_UNIT("unit"), F_HEX("to")}},
    {"regroup", 2, {F_UNIT("unit"), F_HEX("to")}, 1}, /* may name a hidden block */
    {"end-regroup", 0, {{0}}},
    {"supply", 2, {F_UNIT("hq"), {"to", GR_F_HEX, 1, GR_NONE, NULL}}},
    {"rebuild", 1, {F_UNIT("unit")}, 1}, /* names a hidden block */
    {"end-rebuild", 0, {{0}}},
    {"end-supply", 0, {{0}}},
    {"hancock", 1, {F_UNIT("for")}},
    {"withdraw-off", 1, {F_UNIT("unit")}},
    {"formation", 2, {F_UNIT("unit"), F_INT("column")}, 1}, /* names a hidden block */
    {"arrive", 2, {F_UNIT("unit"), F_HEX("hex")}, 1},        /* names a hidden block */
    {"deploy", 2, {F_UNIT("unit"), F_HEX("to")}, 1},         /* names a hidden block */
    {"end-deploy", 0, {{0}}},
};

static const gr_kind EVENTS[] = {
    {"phase", 3, {F_PLAYER("player"), F_ENUM("phase", boc_phase_names), F_INT("turn")}},
    {"reveal", 3, {F_UNIT("unit"), {"hex", GR_F_HEX, 1, GR_NONE, NULL}, F_ENUM("why", WHY)},
     0, 1 /* reveals a block */},
    {"fire", 6, {F_UNIT("unit"), F_HEX("target"), F_HEX("via"), F_INT("range"), F_INT("fp"),
                 F_INT("dice")}},
    {"hits", 2, {F_HEX("hex"), F_INT("hits")}},
    {"block-hit", 3, {F_HEX("hex"), F_PLAYER("side"), F_ENUM("result", RESULTS)}},
    {"hit", 3, {F_UNIT("unit"), F_INT("str"), F_INT("half")}},
    {"eliminated", 2, {F_UNIT("unit"), {"hex", GR_F_HEX, 1, GR_NONE, NULL}}},
    {"retreat", 3, {F_PLAYER("side"), F_HEX("from"), F_HEX("to")}},
    {"hits-lost", 2, {F_HEX("hex"), F_INT("hits")}},
    {"half-hits-cleared", 1, {F_INT("count")}},
    {"stand-up", 1, {F_INT("hidden")}},
    {"game-over", 2, {F_INT("vp"), F_ENUM("outcome", OUTCOMES)}},
    {"initiative", 5, {F_INT("usa"), F_INT("csa"), F_PLAYER("first"), F_INT("day"),
                       F_INT("hour")}},
    {"activate", 3, {F_UNIT("unit"), F_HEX("from"), F_HEX("hex")}},
    {"hq-step", 2, {F_UNIT("unit"), F_INT("str")}},
    {"overstack", 2, {F_HEX("hex"), F_PLAYER("side")}},
    {"day-end", 2, {F_INT("day"), F_INT("vp")}},
    {"night", 1, {F_INT("day")}},
    {"move", 4, {F_UNIT("unit"), {"from", GR_F_HEX, 1, GR_NONE, NULL}, F_HEX("to"), F_INT("mp")}},
    {"block-moved", 3, {F_PLAYER("side"), {"from", GR_F_HEX, 1, GR_NONE, NULL}, F_HEX("to")}},
    {"exit", 2, {F_UNIT("unit"), F_HEX("hex")}},
    {"block-left", 2, {F_PLAYER("side"), F_HEX("hex")}},
    {"return", 2, {F_UNIT("unit"), F_HEX("hex")}},
    {"block-returned", 2, {F_PLAYER("side"), F_HEX("hex")}},
    {"attack", 4, {F_PLAYER("side"), {"from", GR_F_HEX, 1, GR_NONE, NULL}, F_HEX("to"),
                   F_INT("alone")}},
    {"melee-round", 2, {F_HEX("hex"), F_INT("round")}},
    {"strike", 5, {F_UNIT("unit"), F_INT("round"), F_INT("fp"), F_INT("dice"), F_INT("hits")}},
    {"melee-retreat", 3, {F_UNIT("unit"), F_HEX("from"), F_HEX("to")}},
    {"melee-end", 2, {F_HEX("hex"), F_PLAYER("winner")}},
    {"regroup", 3, {F_UNIT("unit"), F_HEX("from"), F_HEX("to")}},
    {"leader-return", 2, {F_UNIT("unit"), F_HEX("hex")}},
    {"supply", 4, {F_UNIT("unit"), F_HEX("from"), F_HEX("hex"), F_INT("sp")}},
    {"rebuild", 3, {F_UNIT("unit"), F_INT("str"), F_INT("cost")}},
    {"supply-done", 2, {F_PLAYER("side"), F_INT("night")}},
    {"hancock", 4, {F_UNIT("for"), F_INT("day"), F_INT("hour"), F_HEX("entry")}},
    {"arrive", 2, {F_UNIT("unit"), F_HEX("hex")}},
    {"block-arrived", 2, {F_PLAYER("side"), F_HEX("hex")}},
    {"formation", 4, {F_UNIT("unit"), {"hex", GR_F_HEX, 1, GR_NONE, NULL}, F_INT("column"),
                      F_INT("mp")}},
    {"block-formation", 3, {F_PLAYER("side"), {"hex", GR_F_HEX, 1, GR_NONE, NULL},
                            F_INT("column")}},
};

const char *boc_unit_name(const void *sdata, int unit)
{
    const boc_sdata *sd = sdata;
    return unit >= 0 && unit < sd->nblock ? sd->block[unit].id : NULL;
}

int boc_unit_find(const void *sdata, const char *name)
{
    const boc_sdata *sd = sdata;
    for (int u = 0; name && u < sd->nblock; u++)
        if (strcmp(sd->block[u].id, name) == 0)
            return u;
    return -1;
}

static size_t boc_state_size(const void *sdata)
{
    (void)sdata;
    return sizeof(boc_state);
}

/* Game options, "k=v,k=v": initiative=random|fixed (R1.1-b/c);
 * column=on|off, the optional Column/Line rule (S-ColumnLine; without the
 * option the scenario's "column_line", off by default); sudden-death=on|off,
 * the brief's optional sudden death (off by default, data brief 3.4);
 * deploy=free|historical, the optional Free Deployment (R0-c, data brief
 * 3.0; without the option the scenario's "free_deployment", off by default). */
static gr_status parse_options(boc_state *s, const char *options, gr_error *err)
{
    const char *p = options ? options : "";
    while (*p) {
        size_t n = strcspn(p, ",");
        if (n == 17 && !strncmp(p, "initiative=random", n))
            s->fixed_order = BOC_ORDER_RANDOM;
        else if (n == 16 && !strncmp(p, "initiative=fixed", n))
            s->fixed_order = BOC_ORDER_FIXED;
        else if (n == 15 && !strncmp(p, "sudden-death=on", n))
            s->sudden = 1;
        else if (n == 16 && !strncmp(p, "sudden-death=off", n))
            s->sudden = 0;
        else if (n == 9 && !strncmp(p, "column=on", n))
            s->column_rule = 1;
        else if (n == 10 && !strncmp(p, "column=off", n))
            s->column_rule = 0;
        else if (n == 11 && !strncmp(p, "deploy=free", n))
            s->deploy = 1;
        else if (n == 17 && !strncmp(p, "deploy=historical", n))
            s->deploy = 0;
        else
            return gr_failst(err, GR_ERR_ARG, NULL,
                             "unknown boc option '%.*s' (initiative=random|fixed, column=on|off, "
                             "sudden-death=on|off, deploy=free|historical)",
                             (int)n, p);
        p += n + (p[n] == ',');
    }
    return GR_OK;
}

gr_status boc_init(gr_game *g, const char *options, gr_error *err)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    s->column_rule = sd->column_line; /* the scenario's default (S-ColumnLine) */
    s->deploy = sd->free_deploy;      /* the scenario's default (R0-c) */
    if (parse_options(s, options, err) != GR_OK)
        return GR_ERR_ARG;
    s->hk_chq = GR_NONE;
    for (int u = 0; u < sd->nblock; u++) {
        s->unit[u].hex = BOC_LOC_OUT;
        if (sd->arrival[u].day || u == sd->hancock_unit) /* they arrive at full strength */
            s->unit[u].str = s->unit[u].start = (int8_t)sd->block[u].max;
        if (sd->setup[u].hex == BOC_LOC_ELIM) { /* fell before the scenario (data brief 3.0) */
            s->unit[u].hex = BOC_LOC_ELIM, s->unit[u].str = s->unit[u].start = 0;
            continue;
        }
        if (sd->setup[u].hex < 0)
            continue;
        boc_place(s, sd, u, sd->setup[u].hex);
        boc_seen(s, u, sd->setup[u].hex); /* the set-up is printed */
        s->unit[u].str = s->unit[u].start = sd->setup[u].str;
        if (sd->setup[u].revealed)
            boc_reveal(g, u, BOC_WHY_SETUP);
        if (sd->setup[u].activated) {
            s->unit[u].flags |= BOC_U_ACT_CMD; /* face-up (R4.3-a) */
            boc_reveal(g, u, BOC_WHY_COMMAND);
        }
    }
    boc_turn_start_game(g);
    return GR_OK;
}

/* The player who must decide now, or -1 when the game is over. */
static int decider(const boc_state *s)
{
    switch (s->decision) {
    case BOC_DEC_COMMAND:
    case BOC_DEC_FIRE:
    case BOC_DEC_MOVE:
    case BOC_DEC_SUPPLY:
    case BOC_DEC_ARRIVE:
    case BOC_DEC_DEPLOY:
        return s->active;
    case BOC_DEC_OVERSTACK:
        return s->stack_side;
    case BOC_DEC_ALLOCATE:
    case BOC_DEC_REPULSE:
        return s->fire.side;
    case BOC_DEC_MELEE:
    case BOC_DEC_COMBAT:
    case BOC_DEC_REGROUP:
        return boc_melee_decider(s);
    default:
        return -1;
    }
}

static void boc_pending(const gr_game *g, gr_pending *out)
{
    const boc_state *s = boc_cst(g);
    out->decision = s->decision;
    if (s->phase == BOC_PH_OVER) {
        out->kind = GR_PENDING_OVER;
        out->winner = s->winner;
        out->outcome = s->outcome;
        return;
    }
    out->kind = GR_PENDING_DECISION;
    out->players = (uint8_t)(1u << decider(s));
}

static int boc_legal(const gr_game *g, int player, gr_action *out, int cap)
{
    const boc_state *s = boc_cst(g);
    if (s->phase == BOC_PH_OVER || player != decider(s))
        return 0;
    switch (s->decision) {
    case BOC_DEC_COMMAND:
        return boc_command_legal(g, out, cap);
    case BOC_DEC_FIRE:
        return boc_fire_legal(g, out, cap);
    case BOC_DEC_OVERSTACK:
        return boc_stack_legal(g, out, cap);
    case BOC_DEC_MOVE:
        return boc_move_legal(g, out, cap);
    case BOC_DEC_MELEE:
    case BOC_DEC_COMBAT:
    case BOC_DEC_REGROUP:
        return boc_melee_legal(g, out, cap);
    case BOC_DEC_SUPPLY:
        return boc_supply_legal(g, out, cap);
    case BOC_DEC_ARRIVE:
        return boc_arrive_legal(g, out, cap);
    case BOC_DEC_DEPLOY:
        return boc_deploy_legal(g, out, cap);
    default:
        return boc_hits_legal(g, out, cap);
    }
}

int boc_options_open(const gr_game *g)
{
    const boc_state *s = boc_cst(g);
    if (s->phase == BOC_PH_OVER)
        return 0;
    if (s->decision == BOC_DEC_MOVE || s->decision == BOC_DEC_DEPLOY)
        return 1; /* end-move / end-deploy is always listed; no need to list the rest */
    return boc_legal(g, decider(s), NULL, 0);
}

static gr_status boc_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    boc_state *s = boc_st(g);
    boc_shot shot;
    gr_status st;
    switch (a->kind) {
    case BOC_A_FIRE:
        if ((st = boc_fire_check(g, a, &shot, why)) != GR_OK)
            return st;
        boc_fire_resolve(g, &shot);
        return GR_OK;
    case BOC_A_END_FIRE:
        if (s->phase != BOC_PH_FIRE || s->decision != BOC_DEC_FIRE)
            return gr_fail(why, "boc:R1.2-a", "the Fire Phase is not waiting for its end");
        boc_flow_end_phase(g);
        return GR_OK;
    case BOC_A_TAKE_HIT:
    case BOC_A_REPULSE:
        return boc_hits_apply(g, a, why);
    case BOC_A_ACTIVATE:
        return boc_command_apply(g, a, why);
    case BOC_A_END_COMMAND:
        if (s->decision != BOC_DEC_COMMAND)
            return gr_fail(why, "boc:R1.2-a", "the Command Phase is not waiting for its end");
        boc_flow_end_phase(g);
        return GR_OK;
    case BOC_A_REMOVE:
        return boc_stack_apply(g, a, why);
    case BOC_A_MOVE:
        return boc_move_apply(g, a, why);
    case BOC_A_EXIT:
        return boc_exit_apply(g, a, why);
    case BOC_A_ATTACK:
        return boc_attack_apply(g, a, why);
    case BOC_A_RESOLVE:
    case BOC_A_STRIKE:
    case BOC_A_WITHDRAW:
    case BOC_A_WITHDRAW_OFF:
    case BOC_A_REGROUP:
    case BOC_A_END_REGROUP:
        return boc_melee_apply(g, a, why);
    case BOC_A_SUPPLY:
    case BOC_A_REBUILD:
    case BOC_A_END_REBUILD:
    case BOC_A_END_SUPPLY:
        return boc_supply_apply(g, a, why);
    case BOC_A_HANCOCK:
        return boc_hancock_apply(g, a, why);
    case BOC_A_FORMATION:
        return boc_formation_apply(g, a, why);
    case BOC_A_ARRIVE:
        return boc_arrive_apply(g, a, why);
    case BOC_A_DEPLOY:
    case BOC_A_END_DEPLOY:
        return boc_deploy_apply(g, a, why);
    case BOC_A_END_MOVE:
        if (s->decision != BOC_DEC_MOVE)
            return gr_fail(why, "boc:R1.2-a", "the Movement Phase is not waiting for its end");
        boc_flow_end_phase(g);
        return GR_OK;
    default:
        return gr_fail(why, NULL, "unknown action");
    }
}

/* RA4-a: the scenario's die, 1 to its number of sides. */
static void boc_die_faces(const void *sdata, int *lo, int *hi)
{
    const boc_sdata *sd = sdata;
    *lo = 1;
    *hi = sd->die_sides;
}

const gr_rules gr_rules_boc = {
    .system = "boc",
    .players = PLAYERS,
    .actions = ACTIONS,
    .nactions = BOC_NACTIONS,
    .events = EVENTS,
    .nevents = (int)(sizeof EVENTS / sizeof EVENTS[0]),
    .roll_purposes = PURPOSES,
    .decisions = boc_decision_names,
    .outcomes = OUTCOMES,
    .load = boc_load,
    .free_sdata = boc_free_sdata,
    .edit = boc_edit,
    .state_size = boc_state_size,
    .init = boc_init,
    .pending = boc_pending,
    .legal = boc_legal,
    .apply = boc_apply,
    .mask = boc_mask,
    .determinize = boc_determinize,
    .sanity = boc_sanity,
    .evaluate = boc_evaluate,
    .score = boc_score,
    .sample = boc_sample,
    .describe = boc_describe,
    .query = boc_query,
    .setup = boc_setup_line,
    .unit_name = boc_unit_name,
    .unit_find = boc_unit_find,
    .hex_label = boc_hex_label,
    .hex_find = boc_hex_find,
    .die_faces = boc_die_faces,
};
