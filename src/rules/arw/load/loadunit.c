/* loadunit.c — the order of battle of an ARW scenario, inline or in its own
 * file: combat units and leaders with their counter values, the opening
 * position given inline ("hex"), the printed campaign start hex ("start"),
 * the reinforcement entry ("entry": turn and entry point, or the card that
 * brings an optional unit into play), replacement counters ("replaces")
 * and the fields marked as provisional proposals ("proposed"). */
#include <stdlib.h>
#include <string.h>

#include "loadint.h"

static const char *const UNIT_KEYS[] = {"id", "name", "army", "type", "sp", "morale", "ma",
                                        "group", "flags", "hex", "steps", "status",
                                        "rank", "seniority", "cc", "leadership", "casualty",
                                        "start", "entry", "replaces", "provenance", "proposed",
                                        "notes", NULL};

/* "sp": [full, reduced] or [one-step]; same shape for "morale". */
static gr_status load_pair(gr_loader *ld, jv x, int lo, int hi, int8_t out[2], size_t *n)
{
    int v;
    if (jv_array(ld, x, 1, 2, n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < *n; i++) {
        if (jv_int(ld, jv_at(x, i), lo, hi, &v) != GR_OK)
            return GR_ERR_DATA;
        out[i] = (int8_t)v;
    }
    if (*n == 1)
        out[1] = out[0];
    return GR_OK;
}

static gr_status load_flags(gr_loader *ld, jv x, arw_unit_def *u)
{
    uint32_t m;
    if (!x.v)
        return gr_loader_status(ld);
    if (arw_get_name_mask(ld, x, arw_unit_flag_names, &m) != GR_OK)
        return GR_ERR_DATA;
    u->flags |= m;
    return GR_OK;
}

static gr_status load_leader(gr_loader *ld, jv x, arw_unit_def *u)
{
    static const char *const cas_keys[] = {"gain", "loss", "vp", NULL};
    int rank, sen, cc, ldr, gain, loss;
    double vp;
    jv cas = jv_get(ld, x, "casualty");
    if (jv_get_int(ld, x, "rank", 0, 5, &rank) != GR_OK ||
        jv_opt_int(ld, x, "seniority", 0, 99, 0, &sen) != GR_OK ||
        jv_get_int(ld, x, "cc", -3, 3, &cc) != GR_OK ||
        jv_get_int(ld, x, "leadership", -3, 3, &ldr) != GR_OK ||
        jv_keys(ld, cas, cas_keys) != GR_OK ||
        jv_get_int(ld, cas, "gain", 0, 5, &gain) != GR_OK ||
        jv_get_int(ld, cas, "loss", 0, 5, &loss) != GR_OK ||
        jv_num(ld, jv_get(ld, cas, "vp"), 0, 10, &vp) != GR_OK ||
        load_flags(ld, jv_opt(ld, x, "flags"), u) != GR_OK)
        return GR_ERR_DATA;
    if (vp * 2 != (int)(vp * 2))
        return jv_fail(ld, jv_get(ld, cas, "vp"), "VP must be a multiple of 0.5");
    u->rank = (uint8_t)rank;
    u->seniority = (uint8_t)sen;
    u->cc_mod = (int8_t)cc;
    u->leadership = (int8_t)ldr;
    u->cas_gain = (int8_t)gain;
    u->cas_loss = (int8_t)loss;
    u->cas_vp2 = (uint8_t)(vp * 2);
    u->steps = 1;
    return GR_OK;
}

static gr_status load_combat_values(gr_loader *ld, jv x, arw_unit_def *u)
{
    size_t nsp, nmo;
    int group;
    if (load_pair(ld, jv_get(ld, x, "sp"), 0, 20, u->sp, &nsp) != GR_OK ||
        load_pair(ld, jv_get(ld, x, "morale"), -3, 3, u->morale, &nmo) != GR_OK ||
        jv_get_enum(ld, x, "group", arw_group_names, &group) != GR_OK ||
        load_flags(ld, jv_opt(ld, x, "flags"), u) != GR_OK)
        return GR_ERR_DATA;
    if (nsp != nmo)
        return jv_fail(ld, jv_get(ld, x, "morale"), "sp and morale must both have %zu values",
                       nsp);
    u->steps = (uint8_t)nsp;
    u->group = (uint8_t)group;
    return GR_OK;
}

static gr_status load_unit_position(gr_loader *ld, jv x, arw_data *d, arw_unit_def *u)
{
    jv hex = jv_opt(ld, x, "hex");
    int steps, status = ARW_READY;
    u->start_hex = ARW_NO_HEX;
    if (hex.v && arw_get_hex(ld, hex, d, &u->start_hex) != GR_OK)
        return GR_ERR_DATA;
    if (jv_opt_int(ld, x, "steps", 1, u->steps, u->steps, &steps) != GR_OK)
        return GR_ERR_DATA;
    jv st = jv_opt(ld, x, "status");
    if (st.v && jv_enum(ld, st, arw_status_names, &status) != GR_OK)
        return GR_ERR_DATA;
    u->start_steps = (uint8_t)steps;
    u->start_status = (uint8_t)status;
    return GR_OK;
}

/* "entry": {"turn": 7, "at": "HQ", "one_hex": true} or {"card": 6}. */
static gr_status load_entry(gr_loader *ld, jv e, const arw_data *d, arw_unit_def *u)
{
    static const char *const keys[] = {"turn", "at", "one_hex", "card", "notes", NULL};
    jv card = jv_opt(ld, e, "card"), one = jv_opt(ld, e, "one_hex");
    char at[16];
    int v, flag = 0;
    if (jv_keys(ld, e, keys) != GR_OK || (one.v && jv_bool(ld, one, &flag) != GR_OK))
        return GR_ERR_DATA;
    u->entry_flags = flag ? ARW_EF_ONE_HEX : 0;
    if (card.v) {
        if (jv_opt(ld, e, "turn").v || jv_opt(ld, e, "at").v)
            return jv_fail(ld, e, "an entry gives either \"card\" or \"turn\" and \"at\"");
        if (jv_int(ld, card, 1, 99, &v) != GR_OK)
            return GR_ERR_DATA;
        u->entry_card = (uint8_t)v;
        return GR_OK;
    }
    if (jv_get_int(ld, e, "turn", 1, ARW_MAX_TURNS, &v) != GR_OK ||
        jv_get_str(ld, e, "at", at, sizeof at) != GR_OK)
        return GR_ERR_DATA;
    u->entry_turn = (uint8_t)v;
    u->entry_at = (int8_t)arw_entry_find(d, at);
    if (u->entry_at == ARW_ENTRY_NONE)
        return jv_fail(ld, jv_get(ld, e, "at"), "unknown entry point '%s' (the map's entries, "
                                                "HQ or variable)", at);
    return GR_OK;
}

/* Campaign data: "start" hex or "entry"; "replaces" is resolved later. */
static gr_status load_campaign(gr_loader *ld, jv x, const arw_data *d, arw_unit_def *u)
{
    jv start = jv_opt(ld, x, "start"), entry = jv_opt(ld, x, "entry");
    u->camp_hex = ARW_NO_HEX;
    u->entry_at = ARW_ENTRY_NONE;
    u->replaces = ARW_NO_UNIT;
    if (start.v && entry.v)
        return jv_fail(ld, x, "a unit either starts on the map (\"start\") or arrives "
                              "(\"entry\"), not both");
    if (start.v && arw_get_hex(ld, start, d, &u->camp_hex) != GR_OK)
        return GR_ERR_DATA;
    if (entry.v && load_entry(ld, entry, d, u) != GR_OK)
        return GR_ERR_DATA;
    return gr_loader_status(ld);
}

static gr_status load_unit(gr_loader *ld, jv x, arw_data *d, arw_unit_def *u)
{
    int army, kind, ma;
    char prov[80];
    if (jv_keys(ld, x, UNIT_KEYS) != GR_OK ||
        jv_get_str(ld, x, "id", u->id, sizeof u->id) != GR_OK ||
        jv_get_str(ld, x, "name", u->name, sizeof u->name) != GR_OK ||
        jv_get_enum(ld, x, "army", arw_army_names, &army) != GR_OK ||
        jv_get_enum(ld, x, "type", arw_kind_names, &kind) != GR_OK ||
        jv_get_int(ld, x, "ma", 0, 20, &ma) != GR_OK ||
        arw_load_proposed(ld, x, arw_unit_field_names, &u->prov) != GR_OK)
        return GR_ERR_DATA;
    jv p = jv_opt(ld, x, "provenance");
    if (p.v && jv_str(ld, p, prov, sizeof prov) != GR_OK)
        return GR_ERR_DATA;
    if (p.v && jv_is_provisional(p))
        u->prov = (1u << ARW_NP) - 1; /* the whole record */
    u->army = (uint8_t)army;
    u->kind = (uint8_t)kind;
    u->ma = (uint8_t)ma;
    gr_status st = kind == ARW_K_LEADER ? load_leader(ld, x, u) : load_combat_values(ld, x, u);
    if (st != GR_OK)
        return st;
    arw_unit_derive(u);
    if (load_unit_position(ld, x, d, u) != GR_OK)
        return GR_ERR_DATA;
    return load_campaign(ld, x, d, u);
}

/* Second pass: "replaces" names another unit of the same army. */
static gr_status load_replaces(gr_loader *ld, jv arr, arw_data *d)
{
    for (int i = 0; i < d->nunits; i++) {
        jv r = jv_opt(ld, jv_at(arr, (size_t)i), "replaces");
        char id[32];
        if (!r.v)
            continue;
        if (jv_str(ld, r, id, sizeof id) != GR_OK)
            return GR_ERR_DATA;
        int v = arw_unit_find(d, id);
        if (v < 0 || v == i || d->unit[v].army != d->unit[i].army)
            return jv_fail(ld, r, "'%s' is not another unit of the same army", id);
        if (!d->unit[i].entry_card)
            return jv_fail(ld, r, "a replacement counter enters with a card (\"entry\": "
                                  "{\"card\": N})");
        d->unit[i].replaces = (int16_t)v;
    }
    return GR_OK;
}

gr_status arw_load_units(gr_loader *ld, jv x, arw_data *d)
{
    jv arr;
    size_t n;
    if (arw_inline_or_file(ld, x, "units", &arr) != GR_OK ||
        jv_array(ld, arr, 1, ARW_MAX_UNITS, &n) != GR_OK)
        return GR_ERR_DATA;
    d->unit = calloc(n, sizeof *d->unit);
    if (!d->unit)
        return jv_fail(ld, arr, "out of memory for %zu units", n);
    for (size_t i = 0; i < n; i++) {
        jv u = jv_at(arr, i);
        if (load_unit(ld, u, d, &d->unit[i]) != GR_OK)
            return GR_ERR_DATA;
        d->nunits = (int)i + 1;
        for (size_t j = 0; j < i; j++)
            if (strcmp(d->unit[j].id, d->unit[i].id) == 0)
                return jv_fail(ld, u, "duplicate unit id '%s'", d->unit[i].id);
    }
    return load_replaces(ld, arr, d);
}
