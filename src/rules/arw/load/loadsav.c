/* loadsav.c — SAVANNAH: reading the strategic file of a Savannah scenario
 * (data/arw/savannah/strategic.json): T-Weather and its effects, the
 * siegeworks construction stages, T-Siege-I/II, the surrender table, the
 * T-VP schedule, the decisive-victory counts, HS-16, sorties and the naval
 * zone.  With the other load*.c files, the only files of the module that
 * touch JSON.  Numbers are validated for shape and range; unit, side-type and
 * hex-type names are resolved against the scenario's data. */
#include <string.h>

#include "loadint.h"

static const char *const ROOT_KEYS[] = {"format", "source", "weather", "assault",
                                        "construction", "works", "siege", "town", "sortie",
                                        "naval_zone", "surrender", "vp", "decisive",
                                        "hs_turn_16", "siege_units", NULL};

/* ---------------------------------------------------------------- helpers */

/* A unit id of the scenario, or ARW_NO_UNIT when the scenario has no such
 * unit (the test bed loads the same file). */
static gr_status get_unit(gr_loader *ld, jv obj, const char *key, const arw_data *d,
                          int16_t *out)
{
    char id[32];
    if (jv_get_str(ld, obj, key, id, sizeof id) != GR_OK)
        return GR_ERR_DATA;
    *out = (int16_t)arw_unit_find(d, id);
    return GR_OK;
}

/* {"british": -1, "french": 1} -> per-army values (absent: 0). */
static gr_status get_army_values(gr_loader *ld, jv x, int8_t out[ARW_NARMIES])
{
    memset(out, 0, ARW_NARMIES);
    if (!x.v)
        return gr_loader_status(ld);
    if (jv_keys(ld, x, arw_army_names) != GR_OK)
        return GR_ERR_DATA;
    for (int a = 0; a < ARW_NARMIES; a++) {
        int v;
        if (jv_opt_int(ld, x, arw_army_names[a], -5, 5, 0, &v) != GR_OK)
            return GR_ERR_DATA;
        out[a] = (int8_t)v;
    }
    return GR_OK;
}

/* ---------------------------------------------------------------- weather */

static gr_status load_weather_list(gr_loader *ld, jv arr, int8_t out[10], int allow_reroll)
{
    size_t n;
    if (jv_array(ld, arr, 10, 10, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++) {
        jv x = jv_at(arr, i);
        char name[16];
        int w;
        if (jv_str(ld, x, name, sizeof name) != GR_OK)
            return GR_ERR_DATA;
        if (allow_reroll && !strcmp(name, "reroll")) {
            out[i] = -1;
            continue;
        }
        if ((w = arw_name_index(arw_weather_names, name)) < 0)
            return jv_fail(ld, x, "'%s' is not a weather%s", name,
                           allow_reroll ? " or reroll" : "");
        out[i] = (int8_t)w;
    }
    return GR_OK;
}

static gr_status load_weather_cc(gr_loader *ld, jv fx, arw_weather_fx *w)
{
    char name[40];
    if (jv_get_str(ld, fx, "cc", name, sizeof name) != GR_OK)
        return GR_ERR_DATA;
    if (!strcmp(name, "normal"))
        w->cc = ARW_WX_CC_NONE;
    else if (!strcmp(name, "P"))
        w->cc = ARW_WX_CC_P;
    else if ((w->cc = (int8_t)arw_name_index(arw_drm_names, name)) < 0)
        return jv_fail(ld, jv_get(ld, fx, "cc"), "'%s' is not normal, P or a cc_drm term "
                       "of tables.json", name);
    return GR_OK;
}

static gr_status load_weather_flags(gr_loader *ld, jv fx, arw_weather_fx *w)
{
    static const char *const keys[] = {"build", "complete", "cards", "reinforcements",
                                       "losses", NULL};
    w->flags = 0;
    for (int i = 0; keys[i]; i++) {
        int b;
        if (jv_bool(ld, jv_get(ld, fx, keys[i]), &b) != GR_OK)
            return GR_ERR_DATA;
        w->flags |= (uint8_t)(b ? 1u << i : 0u);
    }
    return GR_OK;
}

static gr_status load_weather_fx(gr_loader *ld, jv fx, arw_weather_fx *w)
{
    static const char *const keys[] = {"move", "strategic", "cc", "rally", "siege",
                                       "build", "complete", "cards", "reinforcements",
                                       "then", "losses", NULL};
    static const char *const moves[] = {"normal", "half", "off-road-half", "P", NULL};
    static const char *const strat[] = {"normal", "x1.5", "P", NULL};
    int m, st, rally, then;
    char next[16];
    if (jv_keys(ld, fx, keys) != GR_OK || jv_get_enum(ld, fx, "move", moves, &m) != GR_OK ||
        jv_get_enum(ld, fx, "strategic", strat, &st) != GR_OK ||
        arw_get_drm_or_p(ld, jv_get(ld, fx, "siege"), "no siege roll", &w->siege) != GR_OK ||
        jv_get_int(ld, fx, "rally", -5, 5, &rally) != GR_OK ||
        load_weather_cc(ld, fx, w) != GR_OK ||
        load_weather_flags(ld, fx, w) != GR_OK ||
        jv_get_str(ld, fx, "then", next, sizeof next) != GR_OK)
        return GR_ERR_DATA;
    then = strcmp(next, "same") ? arw_name_index(arw_weather_names, next) : -1;
    if (strcmp(next, "same") && then < 0)
        return jv_fail(ld, jv_get(ld, fx, "then"), "want 'same' or a weather");
    w->move = (uint8_t)m;
    w->strategic = (uint8_t)st;
    w->rally = (int8_t)rally;
    w->then = (int8_t)then;
    return GR_OK;
}

static gr_status load_turn_drms(gr_loader *ld, jv arr, arw_sav_data *sv)
{
    static const char *const keys[] = {"turn", "drm", NULL};
    size_t n;
    if (jv_array(ld, arr, 0, ARW_MAX_TURNS, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++) {
        jv x = jv_at(arr, i);
        int t, v;
        if (jv_keys(ld, x, keys) != GR_OK ||
            jv_get_int(ld, x, "turn", 1, ARW_MAX_TURNS, &t) != GR_OK ||
            jv_get_int(ld, x, "drm", -9, 9, &v) != GR_OK)
            return GR_ERR_DATA;
        sv->wx_turn_drm[t] = (int8_t)v;
    }
    return GR_OK;
}

static gr_status load_weather(gr_loader *ld, jv w, arw_sav_data *sv)
{
    static const char *const keys[] = {"modified", "modified_notes", "reroll", "reroll_notes",
                                       "turn_drm", "after_fair_drm", "case_b", "effects",
                                       "effects_notes", NULL};
    static const char *const case_keys[] = {"first", "rest", NULL};
    jv fx = jv_get(ld, w, "effects"), cb = jv_get(ld, w, "case_b");
    int after, first, rest;
    if (jv_keys(ld, w, keys) != GR_OK ||
        load_weather_list(ld, jv_get(ld, w, "modified"), sv->wx_modified, 1) != GR_OK ||
        load_weather_list(ld, jv_get(ld, w, "reroll"), sv->wx_reroll, 0) != GR_OK ||
        load_turn_drms(ld, jv_get(ld, w, "turn_drm"), sv) != GR_OK ||
        jv_get_int(ld, w, "after_fair_drm", -5, 5, &after) != GR_OK ||
        jv_keys(ld, cb, case_keys) != GR_OK ||
        jv_get_enum(ld, cb, "first", arw_weather_names, &first) != GR_OK ||
        jv_get_enum(ld, cb, "rest", arw_weather_names, &rest) != GR_OK ||
        jv_keys(ld, fx, arw_weather_names) != GR_OK)
        return GR_ERR_DATA;
    sv->wx_after_fair = (int8_t)after;
    sv->wx_case_b_first = (int8_t)first;
    sv->wx_case_b_rest = (int8_t)rest;
    for (int i = 0; i < ARW_NWEATHER; i++)
        if (load_weather_fx(ld, jv_get(ld, fx, arw_weather_names[i]), &sv->wx[i]) != GR_OK)
            return GR_ERR_DATA;
    return GR_OK;
}

/* ---------------------------------------------------------------- construction */

static gr_status load_stages(gr_loader *ld, jv arr, arw_sav_data *sv)
{
    static const char *const keys[] = {"markers", "min_distance", "max_distance", "extend",
                                       "notes", NULL};
    size_t n;
    if (jv_array(ld, arr, 1, 4, &n) != GR_OK)
        return GR_ERR_DATA;
    sv->nstages = (uint8_t)n;
    for (size_t i = 0; i < n; i++) {
        jv x = jv_at(arr, i);
        int m, lo, hi, ext;
        if (jv_keys(ld, x, keys) != GR_OK || jv_get_int(ld, x, "markers", 1, 30, &m) != GR_OK ||
            jv_get_int(ld, x, "min_distance", 1, 30, &lo) != GR_OK ||
            jv_opt_int(ld, x, "max_distance", lo, 30, 0, &hi) != GR_OK ||
            jv_bool(ld, jv_get(ld, x, "extend"), &ext) != GR_OK)
            return GR_ERR_DATA;
        sv->stage[i] = (arw_works_stage){(uint8_t)m, (uint8_t)lo, (uint8_t)hi, (uint8_t)ext};
    }
    return GR_OK;
}

/* Hex type (sides 0) or fieldworks side type (sides 1) names -> bits; a
 * name the terrain chart does not have, or not fieldworks, is an error. */
static gr_status get_types(gr_loader *ld, jv arr, const arw_data *d, int sides, uint32_t *out)
{
    size_t n;
    int ntypes = sides ? d->nstypes : d->nhtypes;
    *out = 0;
    if (jv_array(ld, arr, (size_t)sides, sides ? ARW_MAX_SIDE_TYPES : ARW_MAX_HEX_TYPES, &n) !=
        GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++) {
        char id[24];
        int k = -1;
        if (jv_str(ld, jv_at(arr, i), id, sizeof id) != GR_OK)
            return GR_ERR_DATA;
        for (int t = 0; t < ntypes; t++)
            if (!strcmp(sides ? d->stype[t].id : d->htype[t].id, id))
                k = t;
        if (!sides && k < 0)
            return jv_fail(ld, jv_at(arr, i), "unknown hex type '%s'", id);
        if (sides && (k < 0 || !(d->stype[k].flags & ARW_S_FIELDWORKS)))
            return jv_fail(ld, jv_at(arr, i), "'%s' is not a fieldworks hexside type", id);
        *out |= 1u << k;
    }
    return GR_OK;
}

static gr_status load_construction(gr_loader *ld, jv c, arw_data *d)
{
    static const char *const keys[] = {"first_turn", "markers", "sides_per_marker", "stages",
                                       "forbidden_terrain", "forbidden_notes", NULL};
    arw_sav_data *sv = &d->sav;
    int first, markers, sides;
    if (jv_keys(ld, c, keys) != GR_OK || jv_get_int(ld, c, "first_turn", 1, 99, &first) != GR_OK ||
        jv_get_int(ld, c, "markers", 0, 30, &markers) != GR_OK ||
        jv_get_int(ld, c, "sides_per_marker", 1, 6, &sides) != GR_OK ||
        load_stages(ld, jv_get(ld, c, "stages"), sv) != GR_OK ||
        get_types(ld, jv_get(ld, c, "forbidden_terrain"), d, 0, &sv->works_forbidden) != GR_OK)
        return GR_ERR_DATA;
    sv->works_first_turn = (uint8_t)first;
    sv->works_markers = (uint8_t)markers;
    sv->works_sides = (uint8_t)sides;
    return GR_OK;
}

static gr_status load_works(gr_loader *ld, jv w, arw_data *d)
{
    static const char *const keys[] = {"british", "french", "notes", NULL};
    uint32_t british, french;
    if (jv_keys(ld, w, keys) != GR_OK ||
        get_types(ld, jv_get(ld, w, "british"), d, 1, &british) != GR_OK ||
        get_types(ld, jv_get(ld, w, "french"), d, 1, &french) != GR_OK)
        return GR_ERR_DATA;
    d->sav.british_works = (uint16_t)british;
    d->sav.french_works = (uint16_t)french;
    for (int t = 0; t < d->nstypes; t++) {
        if (d->sav.french_works & (1u << t))
            d->sav.st_siegeworks = (int8_t)t; /* the type built by the French */
        if (!strcmp(d->stype[t].id, "abatis"))
            d->sav.st_abatis = (int8_t)t; /* Cards 25, 34 */
    }
    return GR_OK;
}

/* ---------------------------------------------------------------- siege */

static gr_status load_row_extra(gr_loader *ld, jv x, arw_siege_row *r)
{
    static const char *const nones[] = {"nothing", "remove-marker", "morale", NULL};
    static const char *const x2[] = {"french-artillery", "graham", NULL};
    static const char *const two_keys[] = {"at_least", "morale", NULL};
    jv v;
    int k;
    if ((v = jv_opt(ld, x, "if_none")).v && jv_enum(ld, v, nones, &k) == GR_OK)
        r->if_none = (uint8_t)k;
    if ((v = jv_opt(ld, x, "double_ma")).v && jv_enum(ld, v, x2, &k) == GR_OK)
        r->flags |= k ? ARW_SGR_X2_GRAHAM : ARW_SGR_X2_FR_ART;
    if ((v = jv_opt(ld, x, "extra_fire")).v && jv_enum(ld, v, (const char *const[]){"beekman",
                                                                                NULL}, &k) == GR_OK)
        r->flags |= ARW_SGR_BEEKMAN;
    if ((v = jv_opt(ld, x, "second_roll")).v) {
        int at;
        if (jv_keys(ld, v, two_keys) != GR_OK ||
            jv_get_int(ld, v, "at_least", 1, 9, &at) != GR_OK ||
            get_army_values(ld, jv_get(ld, v, "morale"), r->second_morale) != GR_OK)
            return GR_ERR_DATA;
        r->second_at = (uint8_t)at;
    }
    if (get_army_values(ld, jv_opt(ld, x, "none_morale"), r->none_morale) != GR_OK)
        return GR_ERR_DATA;
    return gr_loader_status(ld);
}

static gr_status load_row_choice(gr_loader *ld, jv x, arw_siege_row *r)
{
    static const char *const keys[] = {"armies", "delta", NULL};
    jv c = jv_opt(ld, x, "morale_choice");
    uint32_t mask;
    int delta;
    if (!c.v)
        return gr_loader_status(ld);
    if (jv_keys(ld, c, keys) != GR_OK ||
        arw_get_name_mask(ld, jv_get(ld, c, "armies"), arw_army_names, &mask) != GR_OK ||
        jv_get_int(ld, c, "delta", -5, 5, &delta) != GR_OK)
        return GR_ERR_DATA;
    r->choice = (uint8_t)mask;
    r->choice_delta = (int8_t)delta;
    return GR_OK;
}

static gr_status load_row(gr_loader *ld, jv x, int face, arw_siege_row *r)
{
    static const char *const keys[] = {"roll", "wet_powder", "table_2", "repair", "breach",
                                       "if_none", "none_morale", "british_fire_drm", "morale",
                                       "morale_choice", "artillery_accident", "destroy_town",
                                       "double_ma", "extra_fire", "second_roll", "notes", NULL};
    int roll, wet = 0, t2 = 0, rep, br, acc, town, fire;
    jv v;
    if (jv_keys(ld, x, keys) != GR_OK || jv_get_int(ld, x, "roll", face, face, &roll) != GR_OK ||
        ((v = jv_opt(ld, x, "wet_powder")).v && jv_bool(ld, v, &wet) != GR_OK) ||
        ((v = jv_opt(ld, x, "table_2")).v && jv_bool(ld, v, &t2) != GR_OK) ||
        jv_opt_int(ld, x, "repair", 0, 3, 0, &rep) != GR_OK ||
        jv_opt_int(ld, x, "breach", 0, 3, 0, &br) != GR_OK ||
        jv_opt_int(ld, x, "artillery_accident", 0, 3, 0, &acc) != GR_OK ||
        jv_opt_int(ld, x, "destroy_town", 0, 3, 0, &town) != GR_OK ||
        jv_opt_int(ld, x, "british_fire_drm", -3, 3, 0, &fire) != GR_OK ||
        get_army_values(ld, jv_opt(ld, x, "morale"), r->morale) != GR_OK ||
        load_row_choice(ld, x, r) != GR_OK)
        return GR_ERR_DATA;
    r->flags = (uint8_t)((wet ? ARW_SGR_WET : 0) | (t2 ? ARW_SGR_TABLE2 : 0));
    r->repair = (uint8_t)rep;
    r->breach = (uint8_t)br;
    r->accident = (uint8_t)acc;
    r->town = (uint8_t)town;
    r->fire_drm = (int8_t)fire;
    return load_row_extra(ld, x, r);
}

static gr_status load_siege_table(gr_loader *ld, jv t, arw_siege_row rows[ARW_NSIDES][10])
{
    static const char *const keys[] = {"french", "british", NULL};
    if (jv_keys(ld, t, keys) != GR_OK)
        return GR_ERR_DATA;
    for (int side = 0; side < ARW_NSIDES; side++) {
        jv arr = jv_get(ld, t, side == ARW_BRITISH ? "british" : "french");
        size_t n;
        if (jv_array(ld, arr, 10, 10, &n) != GR_OK)
            return GR_ERR_DATA;
        for (int f = 0; f < 10; f++)
            if (load_row(ld, jv_at(arr, (size_t)f), f, &rows[side][f]) != GR_OK)
                return GR_ERR_DATA;
    }
    return GR_OK;
}

static gr_status load_siege(gr_loader *ld, jv s, arw_sav_data *sv)
{
    static const char *const keys[] = {"artillery_accident", "table_1", "table_2", "notes",
                                       NULL};
    static const char *const acc[] = {"reduce", "eliminate", NULL};
    int a;
    if (jv_keys(ld, s, keys) != GR_OK ||
        jv_get_enum(ld, s, "artillery_accident", acc, &a) != GR_OK ||
        load_siege_table(ld, jv_get(ld, s, "table_1"), sv->siege[0]) != GR_OK ||
        load_siege_table(ld, jv_get(ld, s, "table_2"), sv->siege[1]) != GR_OK)
        return GR_ERR_DATA;
    sv->accident_eliminates = (uint8_t)a;
    return GR_OK;
}

/* ---------------------------------------------------------------- victory */

static gr_status load_surrender(gr_loader *ld, jv s, arw_data *d)
{
    static const char *const keys[] = {"commander", "level_drm", "commander_lost_drm",
                                       "per_town_hex_drm", "surrender_at_or_below", "notes",
                                       NULL};
    arw_sav_data *sv = &d->sav;
    jv lv = jv_get(ld, s, "level_drm");
    int lost, per, at;
    if (jv_keys(ld, s, keys) != GR_OK || get_unit(ld, s, "commander", d, &sv->commander) != GR_OK ||
        jv_get_int(ld, s, "commander_lost_drm", -5, 5, &lost) != GR_OK ||
        jv_get_int(ld, s, "per_town_hex_drm", -5, 5, &per) != GR_OK ||
        jv_get_int(ld, s, "surrender_at_or_below", -20, 9, &at) != GR_OK)
        return GR_ERR_DATA;
    const char *level_keys[ARW_MAX_LEVELS + 1] = {NULL};
    for (int i = 0; i < d->t.nlevels; i++)
        level_keys[i] = d->t.level[i].name;
    if (jv_keys(ld, lv, level_keys) != GR_OK)
        return GR_ERR_DATA;
    for (int i = 0; i < d->t.nlevels; i++) {
        int v;
        if (jv_opt_int(ld, lv, d->t.level[i].name, -5, 5, 0, &v) != GR_OK)
            return GR_ERR_DATA;
        sv->surr_level[i] = (int8_t)v;
    }
    sv->surr_lost = (int8_t)lost;
    sv->surr_per_hex = (int8_t)per;
    sv->surr_at = (int8_t)at;
    return GR_OK;
}

static gr_status load_vp(gr_loader *ld, jv v, arw_sav_data *sv)
{
    static const char *const keys[] = {"two_step_eliminated", "one_step_eliminated", "reduced",
                                       "reduced_eliminated", "captured", "shattered",
                                       "creek_eliminated", "victory_hex",
                                       "allied_marginal_lead", "notes", NULL};
    if (jv_keys(ld, v, keys) != GR_OK)
        return GR_ERR_DATA;
    for (int i = 0; i < ARW_NVP; i++) {
        int x;
        if (jv_get_int(ld, v, keys[i], 0, 40, &x) != GR_OK)
            return GR_ERR_DATA;
        sv->vp[i] = (int16_t)x;
    }
    return GR_OK;
}

static gr_status load_decisive(gr_loader *ld, jv x, const arw_data *d, arw_decisive *out)
{
    static const char *const keys[] = {"groups", "total_sp", "core", "core_sp", "leader",
                                       "notes", NULL};
    uint32_t groups, core = 0;
    int total, core_sp;
    jv c = jv_opt(ld, x, "core");
    if (jv_keys(ld, x, keys) != GR_OK ||
        arw_get_name_mask(ld, jv_get(ld, x, "groups"), arw_group_names, &groups) != GR_OK ||
        (c.v && arw_get_name_mask(ld, c, arw_group_names, &core) != GR_OK) ||
        jv_get_int(ld, x, "total_sp", 1, 999, &total) != GR_OK ||
        jv_opt_int(ld, x, "core_sp", 0, 999, 0, &core_sp) != GR_OK)
        return GR_ERR_DATA;
    out->groups = (uint16_t)groups;
    out->core = (uint16_t)core;
    out->total = (int16_t)total;
    out->core_min = (int16_t)core_sp;
    out->leader = ARW_NO_UNIT;
    if (jv_opt(ld, x, "leader").v && get_unit(ld, x, "leader", d, &out->leader) != GR_OK)
        return GR_ERR_DATA;
    return GR_OK;
}

static gr_status load_victory(gr_loader *ld, jv root, arw_data *d)
{
    static const char *const keys[] = {"allied", "british", "hs_british", NULL};
    jv dec = jv_get(ld, root, "decisive");
    if (load_surrender(ld, jv_get(ld, root, "surrender"), d) != GR_OK ||
        load_vp(ld, jv_get(ld, root, "vp"), &d->sav) != GR_OK || jv_keys(ld, dec, keys) != GR_OK ||
        load_decisive(ld, jv_get(ld, dec, "allied"), d, &d->sav.allied) != GR_OK ||
        load_decisive(ld, jv_get(ld, dec, "british"), d, &d->sav.british) != GR_OK ||
        load_decisive(ld, jv_get(ld, dec, "hs_british"), d, &d->sav.hs_british) != GR_OK)
        return GR_ERR_DATA;
    return GR_OK;
}

/* ---------------------------------------------------------------- the rest */

static gr_status load_small(gr_loader *ld, jv root, arw_data *d)
{
    static const char *const hs_keys[] = {"turn", "no_attack_army", "must_attack_leader",
                                          "notes", NULL};
    static const char *const unit_keys[] = {"graham", "beekman", "notes", NULL};
    arw_sav_data *sv = &d->sav;
    jv as = jv_get(ld, root, "assault"), so = jv_get(ld, root, "sortie");
    jv nz = jv_get(ld, root, "naval_zone"), hs = jv_get(ld, root, "hs_turn_16");
    jv tw = jv_get(ld, root, "town"), su = jv_get(ld, root, "siege_units");
    int last, sl, sm, nr, ht, ha, tc;
    if (jv_get_int(ld, as, "last_announcement_turn", 0, ARW_MAX_TURNS, &last) != GR_OK ||
        jv_get_int(ld, so, "last_turn", 0, ARW_MAX_TURNS, &sl) != GR_OK ||
        jv_get_int(ld, so, "morale", -5, 5, &sm) != GR_OK ||
        jv_get_int(ld, nz, "rally_drm", -5, 5, &nr) != GR_OK ||
        jv_get_int(ld, tw, "destroyed_check_drm", -5, 5, &tc) != GR_OK ||
        jv_keys(ld, hs, hs_keys) != GR_OK ||
        jv_get_int(ld, hs, "turn", 1, ARW_MAX_TURNS, &ht) != GR_OK ||
        jv_get_enum(ld, hs, "no_attack_army", arw_army_names, &ha) != GR_OK ||
        get_unit(ld, hs, "must_attack_leader", d, &sv->hs16_leader) != GR_OK ||
        jv_keys(ld, su, unit_keys) != GR_OK ||
        get_unit(ld, su, "graham", d, &sv->graham) != GR_OK ||
        get_unit(ld, su, "beekman", d, &sv->beekman) != GR_OK)
        return GR_ERR_DATA;
    sv->assault_last = (int8_t)last;
    sv->sortie_last = (uint8_t)sl;
    sv->sortie_morale = (int8_t)sm;
    sv->naval_rally_drm = (int8_t)nr;
    sv->town_check_drm = (int8_t)tc;
    sv->hs16_turn = (uint8_t)ht;
    sv->hs16_army = (uint8_t)ha;
    return GR_OK;
}

gr_status arw_load_strategic(gr_loader *ld, jv x, arw_data *d)
{
    char path[96];
    int format;
    d->sav.ht_clear = 0;
    d->sav.st_siegeworks = d->sav.st_abatis = -1;
    for (int t = 0; t < d->nhtypes; t++)
        if (!strcmp(d->htype[t].id, "clear"))
            d->sav.ht_clear = (int8_t)t;
    if (!x.v)
        return gr_loader_status(ld);
    if (jv_str(ld, x, path, sizeof path) != GR_OK)
        return GR_ERR_DATA;
    jv root = jv_open(ld, path);
    if (!root.doc || jv_keys(ld, root, ROOT_KEYS) != GR_OK ||
        jv_get_int(ld, root, "format", 1, 1, &format) != GR_OK ||
        load_weather(ld, jv_get(ld, root, "weather"), &d->sav) != GR_OK ||
        load_construction(ld, jv_get(ld, root, "construction"), d) != GR_OK ||
        load_works(ld, jv_get(ld, root, "works"), d) != GR_OK ||
        load_siege(ld, jv_get(ld, root, "siege"), &d->sav) != GR_OK ||
        load_victory(ld, root, d) != GR_OK || load_small(ld, root, d) != GR_OK)
        return GR_ERR_DATA;
    d->sav.loaded = 1;
    return GR_OK;
}
