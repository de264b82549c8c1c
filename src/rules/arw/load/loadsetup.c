/* loadsetup.c — the scenario-level data of an ARW scenario: the set-up
 * ("campaign": every unit on its printed start hex; or a set-up file of
 * stacks, with free set-up areas), the legality of the opening position
 * (stacking, one side per hex, enterable terrain), the turn record track
 * (inline or in its own file) and the special rules in force. */
#include <stdlib.h>
#include <string.h>

#include "loadint.h"

static const char *const SETUP_KEYS[] = {"format", "source", "stacks", "free_setup", NULL};
static const char *const STACK_KEYS[] = {"hex", "units", "proposed", "notes", NULL};
static const char *const TURN_KEYS[] = {"turn", "track", "order", "weather_roll", "events",
                                        "siege", "defences", "weather", "notes", NULL};

/* SP of unit u at its opening strength (GR7.1 counts printed SP). */
static int opening_sp(const arw_unit_def *u)
{
    return u->start_steps < u->steps ? u->sp[1] : u->sp[0];
}

/* Stacking (GR7.1), one side per hex and terrain a unit may stand in. */
static gr_status check_hex(gr_loader *ld, jv at, const arw_data *d, int h)
{
    int sp = 0, art = 0, side = -1;
    char lab[8];
    arw_hex_label(d, h, lab, sizeof lab);
    for (int u = 0; u < d->nunits; u++) {
        const arw_unit_def *x = &d->unit[u];
        if (x->start_hex != h)
            continue;
        if (side >= 0 && x->side != side)
            return jv_fail(ld, at, "hex %s holds units of both sides", lab);
        side = x->side;
        if (d->htype[d->map.terrain[h]].move[x->mclass] == ARW_MP_P)
            return jv_fail(ld, at, "%s may not stand in hex %s (%s)", x->id, lab,
                           d->htype[d->map.terrain[h]].id);
        if (x->kind == ARW_K_ARTILLERY)
            art++;
        else if (x->kind != ARW_K_LEADER)
            sp += opening_sp(x);
    }
    if (sp > d->t.stack_sp || art > d->t.stack_art)
        return jv_fail(ld, at, "hex %s is over the stacking limit: %d SP and %d artillery "
                               "(GR7.1)", lab, sp, art);
    return GR_OK;
}

static gr_status check_positions(gr_loader *ld, jv at, const arw_data *d)
{
    for (int u = 0; u < d->nunits; u++) {
        int h = d->unit[u].start_hex, first = 1;
        for (int v = 0; v < u && h >= 0; v++)
            first &= d->unit[v].start_hex != h;
        if (h >= 0 && first && check_hex(ld, at, d, h) != GR_OK)
            return GR_ERR_DATA;
    }
    return GR_OK;
}

static gr_status load_stack(gr_loader *ld, jv x, arw_data *d)
{
    jv ids = jv_get(ld, x, "units");
    int16_t h;
    uint32_t mask;
    size_t n;
    if (jv_keys(ld, x, STACK_KEYS) != GR_OK ||
        arw_get_hex(ld, jv_get(ld, x, "hex"), d, &h) != GR_OK ||
        arw_load_proposed(ld, x, STACK_KEYS, &mask) != GR_OK ||
        jv_array(ld, ids, 1, ARW_MAX_UNITS, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++) {
        char id[32];
        if (jv_str(ld, jv_at(ids, i), id, sizeof id) != GR_OK)
            return GR_ERR_DATA;
        int u = arw_unit_find(d, id);
        if (u < 0)
            return jv_fail(ld, jv_at(ids, i), "unknown unit '%s'", id);
        if (d->unit[u].start_hex >= 0)
            return jv_fail(ld, jv_at(ids, i), "unit '%s' is set up twice", id);
        d->unit[u].start_hex = h;
        if (mask)
            d->unit[u].prov |= 1u << ARW_P_HEX;
    }
    return GR_OK;
}

/* "free_setup": [{"unit": ID, "zone": Z}] — HS-setup-a. */
static gr_status load_free(gr_loader *ld, jv arr, arw_data *d)
{
    static const char *const keys[] = {"unit", "zone", "notes", NULL};
    size_t n;
    if (!arr.v)
        return gr_loader_status(ld);
    if (jv_array(ld, arr, 0, ARW_MAX_UNITS, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++) {
        jv x = jv_at(arr, i);
        char id[32];
        int z;
        if (jv_keys(ld, x, keys) != GR_OK || jv_get_str(ld, x, "unit", id, sizeof id) != GR_OK ||
            jv_get_enum(ld, x, "zone", arw_zone_names, &z) != GR_OK)
            return GR_ERR_DATA;
        int u = arw_unit_find(d, id);
        if (u < 0)
            return jv_fail(ld, jv_get(ld, x, "unit"), "unknown unit '%s'", id);
        d->unit[u].setup_zone = (uint16_t)(1u << z);
        if (!arw_in_zone(d, d->unit[u].start_hex, 1u << z))
            return jv_fail(ld, x, "'%s' must be set up in its zone '%s'", id, arw_zone_names[z]);
    }
    return GR_OK;
}

static gr_status load_setup_file(gr_loader *ld, jv x, arw_data *d)
{
    jv root, stacks;
    size_t n;
    if (arw_inline_or_file(ld, x, NULL, &root) != GR_OK || jv_keys(ld, root, SETUP_KEYS) != GR_OK ||
        jv_array(ld, stacks = jv_get(ld, root, "stacks"), 0, ARW_MAX_UNITS, &n) != GR_OK)
        return GR_ERR_DATA;
    for (int u = 0; u < d->nunits; u++)
        d->unit[u].start_hex = ARW_NO_HEX; /* units not listed stay off the map */
    for (size_t i = 0; i < n; i++)
        if (load_stack(ld, jv_at(stacks, i), d) != GR_OK)
            return GR_ERR_DATA;
    if (load_free(ld, jv_opt(ld, root, "free_setup"), d) != GR_OK)
        return GR_ERR_DATA;
    return check_positions(ld, stacks, d);
}

gr_status arw_load_setup(gr_loader *ld, jv x, arw_data *d)
{
    char text[128];
    if (!x.v)
        return check_positions(ld, x, d);
    if (!arw_jv_is_string(x) || jv_str(ld, x, text, sizeof text) != GR_OK ||
        strcmp(text, "campaign") != 0)
        return load_setup_file(ld, x, d);
    for (int u = 0; u < d->nunits; u++) { /* SR1.2-a: printed start hexes */
        arw_unit_def *v = &d->unit[u];
        v->start_hex = v->camp_hex;
        if (v->prov & (1u << ARW_P_START))
            v->prov |= 1u << ARW_P_HEX;
    }
    return check_positions(ld, x, d);
}

static gr_status load_turn(gr_loader *ld, jv x, arw_data *d)
{
    int t, track, order, wr = 0, ev = 0, sg = 0, def = ARW_DEF_COMPLETE, w = -1;
    jv v;
    if (jv_keys(ld, x, TURN_KEYS) != GR_OK ||
        jv_get_int(ld, x, "turn", 1, ARW_MAX_TURNS, &t) != GR_OK ||
        jv_get_enum(ld, x, "track", arw_track_names, &track) != GR_OK ||
        jv_get_enum(ld, x, "order", arw_order_names, &order) != GR_OK ||
        ((v = jv_opt(ld, x, "weather_roll")).v && jv_bool(ld, v, &wr) != GR_OK) ||
        ((v = jv_opt(ld, x, "events")).v && jv_bool(ld, v, &ev) != GR_OK) ||
        ((v = jv_opt(ld, x, "siege")).v && jv_bool(ld, v, &sg) != GR_OK) ||
        ((v = jv_opt(ld, x, "defences")).v && jv_enum(ld, v, arw_defences_names, &def) != GR_OK) ||
        ((v = jv_opt(ld, x, "weather")).v && jv_enum(ld, v, arw_weather_names, &w) != GR_OK))
        return GR_ERR_DATA;
    arw_turn *r = &d->turn[t];
    if (r->flags & ARW_TT_DEFINED)
        return jv_fail(ld, jv_get(ld, x, "turn"), "turn %d is defined twice", t);
    r->flags = (uint8_t)(ARW_TT_DEFINED | (track ? ARW_TT_TACTICAL : 0) |
                         (wr ? ARW_TT_WEATHER_ROLL : 0) | (ev ? ARW_TT_EVENTS : 0) |
                         (sg ? ARW_TT_SIEGE : 0));
    d->order[t] = (uint8_t)order; /* B.4 player order of this turn */
    r->weather = (int8_t)w;
    r->defences = (uint8_t)def;
    return GR_OK;
}

gr_status arw_load_turns(gr_loader *ld, jv x, arw_data *d)
{
    jv arr;
    size_t n;
    if (!x.v)
        return gr_loader_status(ld);
    if (arw_inline_or_file(ld, x, "turns", &arr) != GR_OK ||
        jv_array(ld, arr, 1, ARW_MAX_TURNS, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++)
        if (load_turn(ld, jv_at(arr, i), d) != GR_OK)
            return GR_ERR_DATA;
    return GR_OK;
}

gr_status arw_load_rules(gr_loader *ld, jv x, arw_data *d)
{
    size_t n;
    d->rules = 0;
    if (!x.v)
        return gr_loader_status(ld);
    if (jv_array(ld, x, 0, 32, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++) {
        int r;
        if (jv_enum(ld, jv_at(x, i), arw_srule_names, &r) != GR_OK)
            return GR_ERR_DATA;
        d->rules |= 1u << r;
    }
    return GR_OK;
}
