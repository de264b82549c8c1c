/* loadcards.c — the random event cards of a scenario (SR4.3, Part G;
 * data/arw/savannah/cards.json): each card's title, timing, flag, play
 * windows, effect and its parameters (units, army morale changes, DRMs,
 * d10 tables, turns) and its "discard and draw another" condition (Card 15
 * scatters on T-MortarScatter and checks morale at the destroyed-town DRM
 * of the strategic file).  Unit and leader ids must exist in the order of
 * battle; every card 1..55 must be given once (AMB-64). */
#include <string.h>

#include "../cards/cardint.h"
#include "loadint.h"

static const char *const FILE_KEYS[] = {"format", "source", "cards", NULL};
static const char *const CARD_KEYS[] = {
    "card", "title", "timing", "flag", "effect", "windows", "units", "to", "flip", "requires",
    "leader", "morale", "army", "armies", "delta", "radius", "count", "breach", "turns", "roll",
    "terrain", "outside", "table", "table2", "cc", "fire", "siege", "naval_zone_off",
    "rally_first", "ma", "enemy_in_zone", "not_fair", "attacker_checks", "reshuffle", "void",
    "printed_morale", "proposed", "notes", NULL};
static const char *const CC_KEYS[] = {"attacker", "attacker_army", "commander", "stacked_with",
                                      "favour", "militia", "drm", "column", "chits_army",
                                      "chits_max", NULL};
static const char *const FIRE_KEYS[] = {"side", "drm", "track", NULL};
static const char *const MA_KEYS[] = {"army", "kind", "strategic", "tactical", NULL};
static const char *const ATTACKER_NAMES[] = {"british", "allied", "enemy", NULL};

/* A unit id of the order of battle (bare or wrapped string). */
static gr_status get_unit(gr_loader *ld, jv x, const arw_data *d, int16_t *out)
{
    char id[32];
    if (jv_str(ld, x, id, sizeof id) != GR_OK)
        return GR_ERR_DATA;
    int u = arw_unit_find(d, id);
    if (u < 0)
        return jv_fail(ld, x, "unknown unit '%s'", id);
    *out = (int16_t)u;
    return GR_OK;
}

static gr_status opt_unit(gr_loader *ld, jv obj, const char *key, const arw_data *d,
                          int16_t *out)
{
    jv x = jv_opt(ld, obj, key);
    *out = ARW_NO_UNIT;
    return x.v ? get_unit(ld, x, d, out) : gr_loader_status(ld);
}

static gr_status opt_bool(gr_loader *ld, jv obj, const char *key, uint8_t *out)
{
    jv x = jv_opt(ld, obj, key);
    int v = 0;
    if (x.v && jv_bool(ld, x, &v) != GR_OK)
        return GR_ERR_DATA;
    *out = (uint8_t)v;
    return gr_loader_status(ld);
}

/* Optional enum member; `dflt` when absent. */
static gr_status opt_enum(gr_loader *ld, jv obj, const char *key, const char *const *names,
                          int dflt, int8_t *out)
{
    jv x = jv_opt(ld, obj, key);
    int v = dflt;
    if (x.v && jv_enum(ld, x, names, &v) != GR_OK)
        return GR_ERR_DATA;
    *out = (int8_t)v;
    return gr_loader_status(ld);
}

static gr_status opt_int8(gr_loader *ld, jv obj, const char *key, int lo, int hi, int dflt,
                          int8_t *out)
{
    int v;
    if (jv_opt_int(ld, obj, key, lo, hi, dflt, &v) != GR_OK)
        return GR_ERR_DATA;
    *out = (int8_t)v;
    return GR_OK;
}

/* "units": [ids] (max ARW_CARD_UNITS). */
static gr_status load_units(gr_loader *ld, jv x, const arw_data *d, arw_card *c)
{
    size_t n;
    if (!x.v)
        return gr_loader_status(ld);
    if (jv_array(ld, x, 1, ARW_CARD_UNITS, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++)
        if (get_unit(ld, jv_at(x, i), d, &c->unit[i]) != GR_OK)
            return GR_ERR_DATA;
    c->nunits = (uint8_t)n;
    return GR_OK;
}

/* "requires": [one or two ids] (16). */
static gr_status load_requires(gr_loader *ld, jv x, const arw_data *d, arw_card *c)
{
    size_t n;
    c->req[0] = c->req[1] = ARW_NO_UNIT;
    if (!x.v)
        return gr_loader_status(ld);
    if (jv_array(ld, x, 1, 2, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++)
        if (get_unit(ld, jv_at(x, i), d, &c->req[i]) != GR_OK)
            return GR_ERR_DATA;
    return GR_OK;
}

/* "morale": {"british": -1, ...}. */
static gr_status load_morale(gr_loader *ld, jv x, arw_card *c)
{
    if (!x.v)
        return gr_loader_status(ld);
    if (jv_keys(ld, x, arw_army_names) != GR_OK)
        return GR_ERR_DATA;
    for (int a = 0; a < ARW_NARMIES; a++)
        if (opt_int8(ld, x, arw_army_names[a], -5, 5, 0, &c->morale[a]) != GR_OK)
            return GR_ERR_DATA;
    return GR_OK;
}

/* "armies": ["french", "american"]: bit per army, in order (19, 44 read
 * the first as "even", the second as "odd"). */
static gr_status load_armies(gr_loader *ld, jv x, arw_card *c)
{
    size_t n;
    if (!x.v)
        return gr_loader_status(ld);
    if (jv_array(ld, x, 1, ARW_NARMIES, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++) {
        int a;
        if (jv_enum(ld, jv_at(x, i), arw_army_names, &a) != GR_OK)
            return GR_ERR_DATA;
        c->armies |= (uint8_t)(1u << a);
        c->alist[c->narmies++] = (int8_t)a;
    }
    return GR_OK;
}

static gr_status load_windows(gr_loader *ld, jv x, arw_card *c)
{
    uint32_t m;
    if (arw_get_name_mask(ld, x, arw_card_window_names, &m) != GR_OK)
        return GR_ERR_DATA;
    c->windows |= (uint16_t)m;
    return GR_OK;
}

/* "table"/"table2": ten outcomes, one per d10 face. */
static gr_status load_table(gr_loader *ld, jv x, uint8_t out[10])
{
    size_t n;
    if (!x.v)
        return gr_loader_status(ld);
    if (jv_array(ld, x, 10, 10, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++) {
        int r;
        if (jv_enum(ld, jv_at(x, i), arw_card_result_names, &r) != GR_OK)
            return GR_ERR_DATA;
        out[i] = (uint8_t)r;
    }
    return GR_OK;
}

/* "turns": [lo, hi] or "roll": [lo, hi]. */
static gr_status load_range(gr_loader *ld, jv x, int lo, int hi, int8_t *a, int8_t *b)
{
    size_t n;
    int va, vb;
    if (!x.v)
        return gr_loader_status(ld);
    if (jv_array(ld, x, 2, 2, &n) != GR_OK || jv_int(ld, jv_at(x, 0), lo, hi, &va) != GR_OK ||
        jv_int(ld, jv_at(x, 1), va, hi, &vb) != GR_OK)
        return GR_ERR_DATA;
    *a = (int8_t)va;
    *b = (int8_t)vb;
    return GR_OK;
}

static gr_status load_cc(gr_loader *ld, jv x, const arw_data *d, arw_card_cc *cc)
{
    cc->att_side = cc->att_army = cc->favour = cc->chits_army = -1;
    cc->commander = cc->stacked = ARW_NO_UNIT;
    if (!x.v)
        return gr_loader_status(ld);
    if (jv_keys(ld, x, CC_KEYS) != GR_OK ||
        opt_enum(ld, x, "attacker", ATTACKER_NAMES, -1, &cc->att_side) != GR_OK ||
        opt_enum(ld, x, "attacker_army", arw_army_names, -1, &cc->att_army) != GR_OK ||
        opt_unit(ld, x, "commander", d, &cc->commander) != GR_OK ||
        opt_unit(ld, x, "stacked_with", d, &cc->stacked) != GR_OK ||
        opt_enum(ld, x, "favour", arw_side_names, -1, &cc->favour) != GR_OK ||
        opt_bool(ld, x, "militia", &cc->militia) != GR_OK ||
        opt_int8(ld, x, "drm", -5, 5, 0, &cc->drm) != GR_OK ||
        opt_int8(ld, x, "column", -3, 3, 0, &cc->column) != GR_OK ||
        opt_enum(ld, x, "chits_army", arw_army_names, -1, &cc->chits_army) != GR_OK ||
        opt_int8(ld, x, "chits_max", 1, ARW_NCHITS, ARW_NCHITS, &cc->chits_max) != GR_OK)
        return GR_ERR_DATA;
    if (cc->stacked != ARW_NO_UNIT && cc->favour < 0)
        return jv_fail(ld, x, "\"stacked_with\" needs \"favour\"");
    return GR_OK;
}

/* "fire": {side, drm, track} and "siege": {side, track}. */
static gr_status load_fire_siege(gr_loader *ld, jv card, arw_card *c)
{
    jv f = jv_opt(ld, card, "fire"), s = jv_opt(ld, card, "siege");
    c->fire_side = c->siege_side = c->fire_track = c->siege_track = -1;
    if (f.v && (jv_keys(ld, f, FIRE_KEYS) != GR_OK ||
                opt_enum(ld, f, "side", arw_side_names, -1, &c->fire_side) != GR_OK ||
                opt_int8(ld, f, "drm", -5, 5, 0, &c->fire_drm) != GR_OK ||
                opt_enum(ld, f, "track", arw_track_names, -1, &c->fire_track) != GR_OK))
        return GR_ERR_DATA;
    if (s.v && (jv_keys(ld, s, FIRE_KEYS) != GR_OK ||
                opt_enum(ld, s, "side", arw_side_names, -1, &c->siege_side) != GR_OK ||
                opt_enum(ld, s, "track", arw_track_names, -1, &c->siege_track) != GR_OK))
        return GR_ERR_DATA;
    return gr_loader_status(ld);
}

/* "ma": {army, kind, strategic, tactical} (48-50). */
static gr_status load_ma(gr_loader *ld, jv x, arw_card *c)
{
    c->ma_army = c->ma_kind = -1;
    c->ma_factor[0] = c->ma_factor[1] = 1;
    if (!x.v)
        return gr_loader_status(ld);
    if (jv_keys(ld, x, MA_KEYS) != GR_OK ||
        opt_enum(ld, x, "army", arw_army_names, -1, &c->ma_army) != GR_OK ||
        opt_enum(ld, x, "kind", arw_kind_names, -1, &c->ma_kind) != GR_OK ||
        opt_int8(ld, x, "strategic", 1, 4, 1, &c->ma_factor[0]) != GR_OK ||
        opt_int8(ld, x, "tactical", 1, 4, 1, &c->ma_factor[1]) != GR_OK)
        return GR_ERR_DATA;
    return GR_OK;
}

/* Hex type by id ("terrain"), or -1 when absent. */
static gr_status load_terrain(gr_loader *ld, jv x, const arw_data *d, arw_card *c)
{
    char id[24];
    c->terrain = -1;
    if (!x.v)
        return gr_loader_status(ld);
    if (jv_str(ld, x, id, sizeof id) != GR_OK)
        return GR_ERR_DATA;
    for (int t = 0; t < d->nhtypes; t++)
        if (!strcmp(d->htype[t].id, id)) {
            c->terrain = (int8_t)t;
            return GR_OK;
        }
    return jv_fail(ld, x, "unknown hex type '%s'", id);
}

/* Zone names for "outside" / "enemy_in_zone" (bit ARW_Z_*). */
static gr_status load_zone(gr_loader *ld, jv obj, const char *key, uint8_t *out)
{
    int8_t z;
    if (opt_enum(ld, obj, key, arw_zone_names, -1, &z) != GR_OK)
        return GR_ERR_DATA;
    *out = (uint8_t)(z >= 0 ? 1u << z : 0);
    return GR_OK;
}

/* Identity: number, title, timing, flag, effect, windows, void, reshuffle. */
static gr_status load_head(gr_loader *ld, jv x, arw_card *c)
{
    int n, timing, flag, effect, v = ARW_CV_NONE;
    jv t = jv_get(ld, x, "timing"), f = jv_get(ld, x, "flag"), vd = jv_opt(ld, x, "void");
    if (jv_get_int(ld, x, "card", 1, ARW_NCARDS, &n) != GR_OK ||
        jv_get_str(ld, x, "title", c->title, sizeof c->title) != GR_OK ||
        jv_enum(ld, t, arw_card_timing_names, &timing) != GR_OK ||
        jv_enum(ld, f, arw_card_flag_names, &flag) != GR_OK ||
        jv_get_enum(ld, x, "effect", arw_card_effect_names, &effect) != GR_OK ||
        load_windows(ld, jv_get(ld, x, "windows"), c) != GR_OK ||
        (vd.v && jv_enum(ld, vd, arw_card_void_names, &v) != GR_OK) ||
        opt_bool(ld, x, "reshuffle", &c->reshuffle) != GR_OK)
        return GR_ERR_DATA;
    c->number = (uint8_t)n;
    c->timing = (uint8_t)timing;
    c->sides = (uint8_t)(flag == 2 ? 3 : 1u << flag);
    c->effect = (uint8_t)effect;
    c->void_kind = (uint8_t)v;
    c->prov |= (jv_is_provisional(t) ? ARW_CP_TIMING : 0) |
               (jv_is_provisional(f) ? ARW_CP_FLAG : 0);
    if (timing == ARW_CT_RED && c->windows)
        return jv_fail(ld, x, "a red card is played when drawn: no \"windows\"");
    return GR_OK;
}

/* Units, leaders, amounts. */
static gr_status load_params(gr_loader *ld, jv x, const arw_data *d, arw_card *c)
{
    jv to = jv_opt(ld, x, "to");
    int8_t breach;
    if (load_units(ld, jv_opt(ld, x, "units"), d, c) != GR_OK ||
        opt_unit(ld, x, to.v ? "to" : "flip", d, &c->to) != GR_OK ||
        load_requires(ld, jv_opt(ld, x, "requires"), d, c) != GR_OK ||
        opt_unit(ld, x, "leader", d, &c->leader) != GR_OK ||
        load_morale(ld, jv_opt(ld, x, "morale"), c) != GR_OK ||
        opt_enum(ld, x, "army", arw_army_names, -1, &c->army) != GR_OK ||
        load_armies(ld, jv_opt(ld, x, "armies"), c) != GR_OK ||
        opt_int8(ld, x, "delta", -5, 5, 0, &c->delta) != GR_OK ||
        opt_int8(ld, x, "radius", 0, 20, 0, &c->radius) != GR_OK ||
        opt_int8(ld, x, "count", 0, 4, 1, &c->count) != GR_OK ||
        opt_enum(ld, x, "breach", arw_card_breach_names, ARW_BK_ABATIS, &breach) != GR_OK ||
        load_range(ld, jv_opt(ld, x, "turns"), 1, ARW_MAX_TURNS, &c->turn_lo,
                   &c->turn_hi) != GR_OK ||
        load_range(ld, jv_opt(ld, x, "roll"), 0, 9, &c->roll_lo, &c->roll_hi) != GR_OK ||
        load_terrain(ld, jv_opt(ld, x, "terrain"), d, c) != GR_OK ||
        load_zone(ld, x, "outside", &c->outside) != GR_OK ||
        opt_int8(ld, x, "printed_morale", -5, 5, 0, &c->pmorale) != GR_OK)
        return GR_ERR_DATA;
    c->breach = breach;
    if (c->count > ARW_MAX_PBREACH)
        return jv_fail(ld, x, "at most %d hexsides", ARW_MAX_PBREACH);
    return GR_OK;
}

/* Modifiers in force this turn and special conditions. */
static gr_status load_mods(gr_loader *ld, jv x, const arw_data *d, arw_card *c)
{
    if (load_table(ld, jv_opt(ld, x, "table"), c->table[0]) != GR_OK ||
        load_table(ld, jv_opt(ld, x, "table2"), c->table[1]) != GR_OK ||
        load_cc(ld, jv_opt(ld, x, "cc"), d, &c->cc) != GR_OK ||
        load_fire_siege(ld, x, c) != GR_OK ||
        opt_bool(ld, x, "naval_zone_off", &c->naval_off) != GR_OK ||
        opt_bool(ld, x, "rally_first", &c->rally_first) != GR_OK ||
        load_ma(ld, jv_opt(ld, x, "ma"), c) != GR_OK ||
        load_zone(ld, x, "enemy_in_zone", &c->enemy_in_zone) != GR_OK ||
        opt_bool(ld, x, "not_fair", &c->not_fair) != GR_OK ||
        opt_bool(ld, x, "attacker_checks", &c->attacker_checks) != GR_OK)
        return GR_ERR_DATA;
    uint32_t mask;
    if (arw_load_proposed(ld, x, CARD_KEYS, &mask) != GR_OK)
        return GR_ERR_DATA;
    if (mask || jv_is_provisional(jv_opt(ld, x, "count")) ||
        jv_is_provisional(jv_opt(ld, x, "terrain")))
        c->prov |= ARW_CP_PARAMS;
    return GR_OK;
}

static gr_status load_card(gr_loader *ld, jv x, arw_data *d)
{
    arw_card c;
    memset(&c, 0, sizeof c);
    c.to = c.leader = ARW_NO_UNIT;
    for (int i = 0; i < ARW_CARD_UNITS; i++)
        c.unit[i] = ARW_NO_UNIT;
    if (jv_keys(ld, x, CARD_KEYS) != GR_OK || load_head(ld, x, &c) != GR_OK ||
        load_params(ld, x, d, &c) != GR_OK || load_mods(ld, x, d, &c) != GR_OK)
        return GR_ERR_DATA;
    if (d->card[c.number].number)
        return jv_fail(ld, jv_get(ld, x, "card"), "card %d is given twice", c.number);
    d->card[c.number] = c;
    d->ncards++;
    return GR_OK;
}

gr_status arw_load_cards(gr_loader *ld, jv x, arw_data *d)
{
    jv root, cards;
    size_t n;
    d->ncards = 0;
    if (!x.v) {
        if (d->rules & ARW_SR_EVENTS)
            return jv_fail(ld, x, "the rule random-events needs \"cards\"");
        return gr_loader_status(ld);
    }
    if (arw_inline_or_file(ld, x, NULL, &root) != GR_OK || jv_keys(ld, root, FILE_KEYS) != GR_OK ||
        jv_array(ld, cards = jv_get(ld, root, "cards"), ARW_NCARDS, ARW_NCARDS, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++)
        if (load_card(ld, jv_at(cards, i), d) != GR_OK)
            return GR_ERR_DATA;
    return GR_OK;
}
