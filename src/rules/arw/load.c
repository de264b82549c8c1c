/* load.c — reading an ARW scenario file: the names of its table and terrain
 * files, the map (grid, terrain rows, hexside features, headquarters), the
 * order of battle with opening positions, the opening of the game (turn,
 * phase, army morale, momentum) and its length.  With loadtab.c, the only
 * files of the module that touch JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arw.h"
#include "io/jv.h"

static const char *const SCENARIO_KEYS[] = {"tables", "terrain", "map", "units", "start", "end",
                                            "notes", NULL};
static const char *const MAP_KEYS[] = {"columns", "rows", "first_column", "first_row",
                                       "shifted_columns", "terrain", "sides", "hq",
                                       "provenance", "notes", NULL};
static const char *const UNIT_KEYS[] = {"id", "name", "army", "type", "sp", "morale", "ma",
                                        "group", "flags", "hex", "steps", "status",
                                        "rank", "seniority", "cc", "leadership", "casualty",
                                        "provenance", "notes", NULL};
static const char *const START_KEYS[] = {"turn", "phase", "active", "army_morale", "momentum",
                                         NULL};
static const char *const END_KEYS[] = {"last_turn", "after_phase", NULL};
static const char *const PARITY[] = {"even", "odd", NULL};

/* Every key of the scenario file: the core's, then ours. */
static gr_status check_root_keys(gr_loader *ld, jv root)
{
    const char *keys[32];
    int n = 0;
    for (const char *const *k = gr_scenario_common_keys(); *k && n < 24; k++)
        keys[n++] = *k;
    for (const char *const *k = SCENARIO_KEYS; *k; k++)
        keys[n++] = *k;
    keys[n] = NULL;
    return jv_keys(ld, root, keys);
}

/* Hex index of a label string value; error at x when off the map. */
static gr_status get_hex(gr_loader *ld, jv x, const arw_data *d, int16_t *out)
{
    char label[16];
    if (jv_str(ld, x, label, sizeof label) != GR_OK)
        return GR_ERR_DATA;
    int h = gr_grid_find(&d->map.grid, label);
    if (h < 0)
        return jv_fail(ld, x, "hex '%s' is not on the map", label);
    *out = (int16_t)h;
    return GR_OK;
}

static gr_status load_terrain_rows(gr_loader *ld, jv rows, arw_data *d)
{
    size_t n;
    if (jv_array(ld, rows, (size_t)d->map.grid.rows, (size_t)d->map.grid.rows, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t r = 0; r < n; r++) {
        char text[512], why[160];
        jv x = jv_at(rows, r);
        if (jv_str(ld, x, text, sizeof text) != GR_OK)
            return GR_ERR_DATA;
        if (arw_map_set_row(d, (int)r, text, why, sizeof why) != 0)
            return jv_fail(ld, x, "%s", why);
    }
    return GR_OK;
}

static gr_status load_side(gr_loader *ld, jv s, arw_data *d)
{
    static const char *const keys[] = {"a", "b", "features", "notes", NULL};
    int16_t a, b;
    size_t n;
    if (jv_keys(ld, s, keys) != GR_OK || get_hex(ld, jv_get(ld, s, "a"), d, &a) != GR_OK ||
        get_hex(ld, jv_get(ld, s, "b"), d, &b) != GR_OK)
        return GR_ERR_DATA;
    if (arw_dir(d, a, b) < 0)
        return jv_fail(ld, s, "hexes a and b are not adjacent");
    jv fs = jv_get(ld, s, "features");
    if (jv_array(ld, fs, 1, ARW_MAX_FEATURES, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++) {
        char id[24];
        if (jv_str(ld, jv_at(fs, i), id, sizeof id) != GR_OK)
            return GR_ERR_DATA;
        int f = -1;
        for (int k = 0; k < d->nfeatures; k++)
            if (strcmp(d->feature[k].id, id) == 0)
                f = k;
        if (f < 0)
            return jv_fail(ld, jv_at(fs, i), "unknown hexside feature '%s'", id);
        arw_map_set_feature(d, a, b, f);
    }
    return GR_OK;
}

static gr_status load_hq(gr_loader *ld, jv hq, arw_data *d)
{
    for (int a = 0; a < ARW_NARMIES; a++)
        d->map.hq[a] = ARW_NO_HEX;
    if (!hq.v)
        return GR_OK;
    if (jv_keys(ld, hq, arw_army_names) != GR_OK)
        return GR_ERR_DATA;
    for (int a = 0; a < ARW_NARMIES; a++) {
        jv x = jv_opt(ld, hq, arw_army_names[a]);
        if (x.v && get_hex(ld, x, d, &d->map.hq[a]) != GR_OK)
            return GR_ERR_DATA;
    }
    return GR_OK;
}

static gr_status load_map(gr_loader *ld, jv m, arw_data *d)
{
    int cols, rows, col0, row0, odd;
    size_t n;
    char prov[80];
    if (jv_keys(ld, m, MAP_KEYS) != GR_OK ||
        jv_get_int(ld, m, "columns", 1, 99, &cols) != GR_OK ||
        jv_get_int(ld, m, "rows", 1, 99, &rows) != GR_OK ||
        jv_get_int(ld, m, "first_column", 0, 99, &col0) != GR_OK ||
        jv_get_int(ld, m, "first_row", 0, 99, &row0) != GR_OK ||
        jv_get_enum(ld, m, "shifted_columns", PARITY, &odd) != GR_OK)
        return GR_ERR_DATA;
    if (col0 + cols > 100 || row0 + rows > 100 || cols * rows > ARW_MAX_MAP_HEXES)
        return jv_fail(ld, m, "map does not fit 4-digit CCRR labels");
    jv p = jv_opt(ld, m, "provenance");
    if (p.v && jv_str(ld, p, prov, sizeof prov) != GR_OK)
        return GR_ERR_DATA;
    if (arw_map_alloc(&d->map, cols, rows, col0, row0, odd) != 0)
        return jv_fail(ld, m, "out of memory for the map");
    if (load_terrain_rows(ld, jv_get(ld, m, "terrain"), d) != GR_OK)
        return GR_ERR_DATA;
    jv sides = jv_opt(ld, m, "sides");
    if (sides.v) {
        if (jv_array(ld, sides, 0, 6u * ARW_MAX_MAP_HEXES, &n) != GR_OK)
            return GR_ERR_DATA;
        for (size_t i = 0; i < n; i++)
            if (load_side(ld, jv_at(sides, i), d) != GR_OK)
                return GR_ERR_DATA;
    }
    return load_hq(ld, jv_opt(ld, m, "hq"), d);
}

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
    size_t n;
    if (!x.v)
        return GR_OK;
    if (jv_array(ld, x, 0, 16, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++) {
        int f;
        if (jv_enum(ld, jv_at(x, i), arw_unit_flag_names, &f) != GR_OK)
            return GR_ERR_DATA;
        u->flags |= (uint16_t)(1u << f);
    }
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
        jv_num(ld, jv_get(ld, cas, "vp"), 0, 10, &vp) != GR_OK)
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
    if (hex.v && get_hex(ld, hex, d, &u->start_hex) != GR_OK)
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

static gr_status load_unit(gr_loader *ld, jv x, arw_data *d, arw_unit_def *u)
{
    int army, kind, ma;
    char prov[80];
    if (jv_keys(ld, x, UNIT_KEYS) != GR_OK ||
        jv_get_str(ld, x, "id", u->id, sizeof u->id) != GR_OK ||
        jv_get_str(ld, x, "name", u->name, sizeof u->name) != GR_OK ||
        jv_get_enum(ld, x, "army", arw_army_names, &army) != GR_OK ||
        jv_get_enum(ld, x, "type", arw_kind_names, &kind) != GR_OK ||
        jv_get_int(ld, x, "ma", 0, 20, &ma) != GR_OK)
        return GR_ERR_DATA;
    jv p = jv_opt(ld, x, "provenance");
    if (p.v && jv_str(ld, p, prov, sizeof prov) != GR_OK)
        return GR_ERR_DATA;
    u->army = (uint8_t)army;
    u->kind = (uint8_t)kind;
    u->ma = (uint8_t)ma;
    gr_status st = kind == ARW_K_LEADER ? load_leader(ld, x, u) : load_combat_values(ld, x, u);
    if (st != GR_OK)
        return st;
    arw_unit_derive(u);
    return load_unit_position(ld, x, d, u);
}

static gr_status load_units(gr_loader *ld, jv arr, arw_data *d)
{
    size_t n;
    if (jv_array(ld, arr, 1, ARW_MAX_UNITS, &n) != GR_OK)
        return GR_ERR_DATA;
    d->unit = calloc(n, sizeof *d->unit);
    if (!d->unit)
        return jv_fail(ld, arr, "out of memory for %zu units", n);
    d->nunits = (int)n;
    for (size_t i = 0; i < n; i++) {
        jv x = jv_at(arr, i);
        if (load_unit(ld, x, d, &d->unit[i]) != GR_OK)
            return GR_ERR_DATA;
        for (size_t j = 0; j < i; j++)
            if (strcmp(d->unit[j].id, d->unit[i].id) == 0)
                return jv_fail(ld, x, "duplicate unit id '%s'", d->unit[i].id);
    }
    return GR_OK;
}

static gr_status load_start(gr_loader *ld, jv s, arw_data *d)
{
    int turn, phase, active, v;
    jv am = jv_get(ld, s, "army_morale"), mo = jv_get(ld, s, "momentum");
    if (jv_keys(ld, s, START_KEYS) != GR_OK || jv_get_int(ld, s, "turn", 1, 99, &turn) != GR_OK ||
        jv_get_enum(ld, s, "phase", arw_phase_names, &phase) != GR_OK ||
        jv_get_enum(ld, s, "active", arw_side_names, &active) != GR_OK ||
        jv_keys(ld, am, arw_army_names) != GR_OK || jv_keys(ld, mo, arw_side_names) != GR_OK)
        return GR_ERR_DATA;
    d->start_turn = (uint8_t)turn;
    d->start_phase = (uint8_t)phase;
    d->start_active = (uint8_t)active;
    for (int a = 0; a < ARW_NARMIES; a++) {
        if (jv_get_int(ld, am, arw_army_names[a], 1, d->t.morale_max, &v) != GR_OK)
            return GR_ERR_DATA;
        d->start_morale[a] = (int16_t)v;
    }
    int total = 0;
    for (int s2 = 0; s2 < ARW_NSIDES; s2++) {
        if (jv_get_int(ld, mo, arw_side_names[s2], 0, d->t.momentum_pool, &v) != GR_OK)
            return GR_ERR_DATA;
        d->start_momentum[s2] = (uint8_t)v;
        total += v;
    }
    if (total > d->t.momentum_pool)
        return jv_fail(ld, mo, "more momentum chits than the pool holds (%d)",
                       d->t.momentum_pool);
    return GR_OK;
}

static gr_status load_end(gr_loader *ld, jv e, arw_data *d)
{
    int last, phase = -1;
    if (jv_keys(ld, e, END_KEYS) != GR_OK ||
        jv_get_int(ld, e, "last_turn", d->start_turn, 99, &last) != GR_OK)
        return GR_ERR_DATA;
    jv ph = jv_opt(ld, e, "after_phase");
    if (ph.v && jv_enum(ld, ph, arw_phase_names, &phase) != GR_OK)
        return GR_ERR_DATA;
    d->end_turn = (uint8_t)last;
    d->end_phase = (int8_t)phase;
    return GR_OK;
}

static gr_status load_all(gr_loader *ld, jv root, arw_data *d)
{
    char path[96];
    if (check_root_keys(ld, root) != GR_OK ||
        jv_get_str(ld, root, "tables", path, sizeof path) != GR_OK ||
        arw_load_tables(ld, path, d) != GR_OK ||
        jv_get_str(ld, root, "terrain", path, sizeof path) != GR_OK ||
        arw_load_terrain(ld, path, d) != GR_OK)
        return GR_ERR_DATA;
    if (load_map(ld, jv_get(ld, root, "map"), d) != GR_OK ||
        load_units(ld, jv_get(ld, root, "units"), d) != GR_OK ||
        load_start(ld, jv_get(ld, root, "start"), d) != GR_OK ||
        load_end(ld, jv_get(ld, root, "end"), d) != GR_OK)
        return GR_ERR_DATA;
    return gr_loader_status(ld);
}

gr_status arw_load(gr_loader *ld, const void *scenario_doc, void **sdata)
{
    const jv *root = scenario_doc;
    arw_data *d = calloc(1, sizeof *d);
    *sdata = NULL;
    if (!d)
        return jv_fail(ld, *root, "out of memory");
    gr_status st = load_all(ld, *root, d);
    if (st != GR_OK) {
        arw_free_data(d);
        return st != GR_OK ? st : GR_ERR_DATA;
    }
    *sdata = d;
    return GR_OK;
}

void arw_free_data(void *sdata)
{
    arw_data *d = sdata;
    if (!d)
        return;
    free(d->map.terrain);
    free(d->map.nb);
    free(d->map.edge);
    free(d->map.zone);
    free(d->unit);
    free(d);
}

size_t arw_state_size(const void *sdata)
{
    const arw_data *d = sdata;
    return sizeof(arw_state) + (size_t)d->map.nhex * sizeof(arw_hexst);
}
