/* load.c — the BoC scenario and its tables from JSON: terrain effects
 * (terrain.json, spec D.1), unit types (units.json, D.2), the order of
 * battle (a file or inline "blocks"), the set-up and the scenario's turn,
 * command and victory settings.  The map is read by loadmap.c.  This file
 * and loadmap.c are the only ones of the module that touch JSON. */
#include <stdlib.h>
#include <string.h>

#include "boc.h"
#include "io/jv.h"

const char *const boc_type_names[] = {"inf", "cav",    "art",     "horse-art", "dhq", "chq",
                                      "ahq", "art-hq", "cav-chq", "cav-dhq",   NULL};
const char *const boc_hs_names[] = {"clear", "woods", "orchard", "town", "marsh",
                                    "creek", "river", "ridge",   "hill", NULL};
static const char *const SIDES[] = {"usa", "csa", NULL};

/* Opens a data file named by scenario key `key`. */
static jv open_named(gr_loader *ld, jv root, const char *key)
{
    char path[128] = "";
    if (jv_get_str(ld, root, key, path, sizeof path) != GR_OK)
        return (jv){NULL, NULL};
    jv doc = jv_open(ld, path);
    int format = 0;
    if (doc.doc)
        jv_get_int(ld, doc, "format", 1, 1, &format);
    return doc;
}

static int get_bool(gr_loader *ld, jv obj, const char *key, int dflt)
{
    jv x = jv_opt(ld, obj, key);
    int v = dflt;
    if (x.v)
        jv_bool(ld, x, &v);
    return v;
}

/* ------------------------------------------------------------------ terrain */

static gr_status load_hex_terrain(gr_loader *ld, jv doc, boc_sdata *sd)
{
    static const char *const KEYS[] = {"code",       "name", "stacking", "double_defense",
                                       "blocks_los", "edge", NULL};
    jv arr = jv_get(ld, doc, "hex_terrain");
    size_t n = 0;
    if (jv_array(ld, arr, 1, BOC_MAX_TERRAIN, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++) {
        jv t = jv_at(arr, i);
        boc_terrain *tt = &sd->terrain[i];
        char code[4] = "";
        int stack = 0, edgei = 0;
        jv_keys(ld, t, KEYS);
        jv_get_str(ld, t, "code", code, sizeof code);
        jv_get_str(ld, t, "name", tt->name, sizeof tt->name);
        jv_get_int(ld, t, "stacking", 1, 9, &stack);
        jv_get_enum(ld, t, "edge", boc_hs_names, &edgei);
        if (gr_loader_status(ld) != GR_OK)
            return GR_ERR_DATA;
        if (strlen(code) != 1 || code[0] < 'A' || code[0] > 'Z')
            return jv_fail(ld, jv_get(ld, t, "code"), "terrain code must be one capital letter");
        tt->code = code[0];
        tt->stacking = (int8_t)stack;
        tt->edge = (uint8_t)edgei;
        tt->d2 = (uint8_t)get_bool(ld, t, "double_defense", 0);
        tt->blocks_los = (uint8_t)get_bool(ld, t, "blocks_los", 0);
    }
    sd->nterrain = (int)n;
    return gr_loader_status(ld);
}

static gr_status load_hexsides(gr_loader *ld, jv doc, boc_sdata *sd)
{
    static const char *const KEYS[] = {"name", "move_add", "fire", "melee", "uphill_only", NULL};
    jv arr = jv_get(ld, doc, "hexside_terrain");
    size_t n = 0;
    int seen[BOC_NHS] = {0};
    if (jv_array(ld, arr, BOC_NHS, BOC_NHS, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++) {
        jv t = jv_at(arr, i);
        int k = 0, mv = 0, fire = 0, melee = 0;
        jv_keys(ld, t, KEYS);
        if (jv_get_enum(ld, t, "name", boc_hs_names, &k) != GR_OK)
            return GR_ERR_DATA;
        if (seen[k]++)
            return jv_fail(ld, jv_get(ld, t, "name"), "hexside terrain '%s' given twice",
                           boc_hs_names[k]);
        jv_get_int(ld, t, "move_add", 0, 9, &mv);
        jv_get_int(ld, t, "fire", -9, 0, &fire);
        jv_get_int(ld, t, "melee", -9, 0, &melee);
        sd->hs[k] = (boc_hs_effect){(int8_t)mv, (int8_t)fire, (int8_t)melee,
                                    (uint8_t)get_bool(ld, t, "uphill_only", 0)};
    }
    return gr_loader_status(ld);
}

static gr_status load_terrain(gr_loader *ld, jv root, boc_sdata *sd)
{
    static const char *const KEYS[] = {
        "format",          "source",   "hex_terrain", "edge_priority",
        "hexside_terrain", "movement", "los",         NULL};
    jv doc = open_named(ld, root, "terrain");
    if (!doc.doc || jv_keys(ld, doc, KEYS) != GR_OK || load_hex_terrain(ld, doc, sd) != GR_OK ||
        load_hexsides(ld, doc, sd) != GR_OK)
        return GR_ERR_DATA;
    jv pri = jv_get(ld, doc, "edge_priority");
    size_t n = 0;
    jv_array(ld, pri, 1, BOC_NHS, &n);
    for (size_t i = 0; i < n; i++) {
        int k = 0;
        if (jv_enum(ld, jv_at(pri, i), boc_hs_names, &k) == GR_OK)
            sd->edge_rank[k] = (uint8_t)(n - i);
    }
    jv mv = jv_get(ld, doc, "movement"), los = jv_get(ld, doc, "los");
    int base = 0, mr = 0, sr = 0, rr = 0, af = 0, tree = 0, maxh = 0;
    jv_get_int(ld, mv, "base", 1, 9, &base);
    jv_get_int(ld, mv, "main_road", 1, 9, &mr);
    jv_get_int(ld, mv, "secondary_road", 1, 9, &sr);
    jv_get_int(ld, mv, "railroad", 1, 9, &rr);
    jv_get_int(ld, mv, "artillery_offroad_factor", 1, 9, &af);
    jv_get_int(ld, los, "tree_or_town_height", 0, 9, &tree);
    jv_get_int(ld, los, "max_height", 0, 9, &maxh);
    sd->base_move = (int8_t)base;
    sd->road_cost[BOC_ROAD_MAIN] = (int8_t)mr;
    sd->road_cost[BOC_ROAD_SECONDARY] = (int8_t)sr;
    sd->road_cost[BOC_ROAD_RAIL] = (int8_t)rr;
    sd->art_factor = (int8_t)af;
    sd->tree_height = (int8_t)tree;
    sd->max_height = (int8_t)maxh;
    return gr_loader_status(ld);
}

/* ------------------------------------------------------------------ unit types */

/* Melee numbers (R7.2-a, R7.4-b/c, R7.6-a, R7.8-b). */
static gr_status load_melee(gr_loader *ld, jv m, boc_sdata *sd)
{
    static const char *const KEYS[] = {"artillery_round1", "artillery_later", "cavalry_attack",
                                       "cavalry_defend",   "rounds",          "unsupported_rounds",
                                       NULL};
    int v[6] = {0};
    if (jv_keys(ld, m, KEYS) != GR_OK)
        return GR_ERR_DATA;
    jv_get_int(ld, m, KEYS[0], 0, 9, &v[0]);
    jv_get_int(ld, m, KEYS[1], 0, 9, &v[1]);
    jv_get_int(ld, m, KEYS[2], -9, 9, &v[2]);
    jv_get_int(ld, m, KEYS[3], -9, 9, &v[3]);
    jv_get_int(ld, m, KEYS[4], 1, 9, &v[4]);
    jv_get_int(ld, m, KEYS[5], 1, 9, &v[5]);
    sd->art_fp1 = (int8_t)v[0], sd->art_fp_later = (int8_t)v[1];
    sd->cav_attack = (int8_t)v[2], sd->cav_defend = (int8_t)v[3];
    sd->rounds = (int8_t)v[4], sd->unsupported_rounds = (int8_t)v[5];
    return gr_loader_status(ld);
}

/* Supply numbers (R8.3-c, R8.4-a/b). */
static gr_status load_supply(gr_loader *ld, jv m, boc_sdata *sd)
{
    static const char *const KEYS[] = {"cost", "frontline_cost", "night_usa", "night_csa", NULL};
    int v[4] = {0};
    if (jv_keys(ld, m, KEYS) != GR_OK)
        return GR_ERR_DATA;
    for (int i = 0; i < 4; i++)
        jv_get_int(ld, m, KEYS[i], 0, i < 2 ? 9 : 99, &v[i]);
    sd->sp_cost = (int8_t)v[0], sd->sp_cost_front = (int8_t)v[1];
    sd->night_sp[BOC_USA] = (int8_t)v[2], sd->night_sp[BOC_CSA] = (int8_t)v[3];
    return gr_loader_status(ld);
}

static gr_status load_units(gr_loader *ld, jv root, boc_sdata *sd)
{
    static const char *const KEYS[] = {"format", "source", "types", "fire",
                                       "melee",  "supply", NULL};
    static const char *const TKEYS[] = {"name", "movement",     "fire_range", "artillery",
                                        "hq",   "melee_attack", "cavalry",    NULL};
    jv doc = open_named(ld, root, "units");
    if (!doc.doc || jv_keys(ld, doc, KEYS) != GR_OK)
        return GR_ERR_DATA;
    jv arr = jv_get(ld, doc, "types");
    size_t n = 0;
    int seen[BOC_NTYPES] = {0};
    if (jv_array(ld, arr, BOC_NTYPES, BOC_NTYPES, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++) {
        jv t = jv_at(arr, i);
        int k = 0, mv = 0, range = 0;
        jv_keys(ld, t, TKEYS);
        if (jv_get_enum(ld, t, "name", boc_type_names, &k) != GR_OK)
            return GR_ERR_DATA;
        if (seen[k]++)
            return jv_fail(ld, jv_get(ld, t, "name"), "unit type '%s' given twice",
                           boc_type_names[k]);
        jv_get_int(ld, t, "movement", 1, 20, &mv);
        jv_get_int(ld, t, "fire_range", 0, 5, &range);
        sd->utype[k] = (boc_utype){(int8_t)mv,
                                   (int8_t)range,
                                   (uint8_t)get_bool(ld, t, "artillery", 0),
                                   (uint8_t)get_bool(ld, t, "hq", 0),
                                   (uint8_t)get_bool(ld, t, "melee_attack", 0),
                                   (uint8_t)get_bool(ld, t, "cavalry", 0)};
    }
    jv fire = jv_get(ld, doc, "fire");
    int lr = 0, sides = 0;
    jv_get_int(ld, fire, "long_range_from", 2, 9, &lr);
    jv_get_int(ld, fire, "die_sides", 2, 20, &sides);
    sd->long_range_from = (int8_t)lr;
    sd->die_sides = (int8_t)sides;
    if (load_melee(ld, jv_get(ld, doc, "melee"), sd) != GR_OK)
        return GR_ERR_DATA;
    return load_supply(ld, jv_get(ld, doc, "supply"), sd);
}

/* ------------------------------------------------------------------ order of battle */

int boc_rating_parse(const char *text, boc_block *b, int artillery)
{
    size_t n = strlen(text);
    if (n < 2 || text[0] < 'A' || text[0] > 'D' || text[1] < '0' || text[1] > '9')
        return 0;
    if (artillery != (n == 4))
        return 0;
    if (n == 4 && (text[2] != '/' || text[3] < '0' || text[3] > '9'))
        return 0;
    if (n != 2 && n != 4)
        return 0;
    b->morale = text[0];
    b->fp = (int8_t)(text[1] - '0');
    b->fp_long = (int8_t)(n == 4 ? text[3] - '0' : 0);
    return 1;
}

static gr_status load_rating(gr_loader *ld, jv blk, boc_block *b)
{
    char text[8] = "";
    int art = b->type == BOC_T_ART || b->type == BOC_T_HORSE_ART;
    jv x = jv_get(ld, blk, "rating");
    if (jv_str(ld, x, text, sizeof text) != GR_OK)
        return GR_ERR_DATA;
    if (!boc_rating_parse(text, b, art))
        return jv_fail(ld, x, "bad rating '%s' (want e.g. B2, or A3/1 for artillery)", text);
    b->melee_fp = -1;
    jv m = jv_opt(ld, blk, "melee_rating");
    if (m.v) {
        boc_block tmp = *b;
        if (jv_str(ld, m, text, sizeof text) != GR_OK || !boc_rating_parse(text, &tmp, 0))
            return jv_fail(ld, m, "bad melee rating");
        b->melee_fp = tmp.fp;
    }
    return GR_OK;
}

static gr_status load_block(gr_loader *ld, jv blk, boc_block *b)
{
    static const char *const KEYS[] = {"id",         "side",         "name", "type",   "corps",
                                       "division",   "asset",        "max",  "rating", "range",
                                       "no_command", "melee_rating", "seniority", "successor",
                                       NULL};
    int side = 0, type = 0, max = 0, range = 0, seniority = 0;
    jv_keys(ld, blk, KEYS);
    jv_get_str(ld, blk, "id", b->id, sizeof b->id);
    jv_get_enum(ld, blk, "side", SIDES, &side);
    jv_get_str(ld, blk, "name", b->name, sizeof b->name);
    jv_get_enum(ld, blk, "type", boc_type_names, &type);
    jv_get_str(ld, blk, "corps", b->corps, sizeof b->corps);
    jv_get_int(ld, blk, "max", 1, 4, &max);
    jv_opt_int(ld, blk, "range", 0, 9, 0, &range);
    jv_opt_int(ld, blk, "seniority", 0, 99, 0, &seniority);
    jv d = jv_opt(ld, blk, "division");
    if (d.v)
        jv_str(ld, d, b->division, sizeof b->division);
    if (gr_loader_status(ld) != GR_OK)
        return GR_ERR_DATA;
    b->side = (uint8_t)side;
    b->type = (uint8_t)type;
    b->max = (uint8_t)max;
    b->range = (int8_t)range;
    b->seniority = (int8_t)seniority;
    b->flags = (uint8_t)((get_bool(ld, blk, "asset", 0) ? BOC_B_ASSET : 0) |
                         (get_bool(ld, blk, "no_command", 0) ? BOC_B_NO_COMMAND : 0) |
                         (get_bool(ld, blk, "successor", 0) ? BOC_B_SUCCESSOR : 0));
    return load_rating(ld, blk, b);
}

static gr_status load_blocks(gr_loader *ld, jv arr, boc_sdata *sd)
{
    size_t n = 0;
    if (jv_array(ld, arr, 1, BOC_MAX_UNITS, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++) {
        jv blk = jv_at(arr, i);
        if (load_block(ld, blk, &sd->block[i]) != GR_OK)
            return GR_ERR_DATA;
        for (size_t k = 0; k < i; k++)
            if (strcmp(sd->block[k].id, sd->block[i].id) == 0)
                return jv_fail(ld, jv_get(ld, blk, "id"), "block '%s' given twice",
                               sd->block[i].id);
        sd->setup[i] = (boc_setup){BOC_LOC_OUT, 0, 0, 0};
    }
    sd->nblock = (int)n;
    return GR_OK;
}

static gr_status load_oob(gr_loader *ld, jv root, boc_sdata *sd)
{
    static const char *const KEYS[] = {"format", "source", "blocks", NULL};
    jv inline_blocks = jv_opt(ld, root, "blocks");
    if (inline_blocks.v)
        return load_blocks(ld, inline_blocks, sd);
    jv doc = open_named(ld, root, "oob");
    if (!doc.doc || jv_keys(ld, doc, KEYS) != GR_OK)
        return GR_ERR_DATA;
    return load_blocks(ld, jv_get(ld, doc, "blocks"), sd);
}

/* ------------------------------------------------------------------ set-up, turns */

static gr_status load_setup_entry(gr_loader *ld, jv e, boc_sdata *sd)
{
    static const char *const KEYS[] = {"unit",      "hex",    "strength", "revealed",
                                       "activated", "fallen", NULL};
    char id[BOC_ID_LEN] = "", label[8] = "";
    int str = 0;
    jv_keys(ld, e, KEYS);
    jv_get_str(ld, e, "unit", id, sizeof id);
    int fallen = get_bool(ld, e, "fallen", 0);
    if (!fallen)
        jv_get_str(ld, e, "hex", label, sizeof label);
    if (gr_loader_status(ld) != GR_OK)
        return GR_ERR_DATA;
    int u = boc_unit_find(sd, id), h = fallen ? BOC_LOC_ELIM : boc_label_parse(&sd->grid, label);
    if (u < 0)
        return jv_fail(ld, jv_get(ld, e, "unit"), "no block '%s' in the order of battle", id);
    if (sd->setup[u].hex != BOC_LOC_OUT)
        return jv_fail(ld, e, "block '%s' is set up twice", id);
    if (fallen) { /* a leader fallen before the scenario: he scores nothing (data brief 3.0) */
        if (!sd->utype[sd->block[u].type].hq || jv_opt(ld, e, "hex").v)
            return jv_fail(ld, e, "only an HQ falls before a scenario, and it has no hex");
        sd->setup[u] = (boc_setup){BOC_LOC_ELIM, 0, 0, 0};
        return GR_OK;
    }
    if (h < 0)
        return jv_fail(ld, jv_get(ld, e, "hex"), "no hex '%s' on the map", label);
    int lo = sd->utype[sd->block[u].type].hq ? 0 : 1;
    jv_opt_int(ld, e, "strength", lo, sd->block[u].max, sd->block[u].max, &str);
    sd->setup[u] = (boc_setup){(int16_t)h, (int8_t)str, (uint8_t)get_bool(ld, e, "revealed", 0),
                               (uint8_t)get_bool(ld, e, "activated", 0)};
    if (sd->setup[u].activated && !sd->utype[sd->block[u].type].hq)
        return jv_fail(ld, jv_get(ld, e, "activated"), "only an HQ is activated (R4.3-a)");
    return gr_loader_status(ld);
}

static gr_status load_setup(gr_loader *ld, jv root, boc_sdata *sd)
{
    jv arr = jv_opt(ld, root, "setup");
    size_t n = 0;
    if (!arr.v)
        return gr_loader_status(ld);
    if (jv_array(ld, arr, 0, BOC_MAX_UNITS, &n) != GR_OK)
        return GR_ERR_DATA;
    int count[BOC_NSIDES][BOC_MAX_HEXES] = {{0}};
    for (size_t i = 0; i < n; i++) {
        jv e = jv_at(arr, i);
        if (load_setup_entry(ld, e, sd) != GR_OK)
            return GR_ERR_DATA;
    }
    for (int u = 0; u < sd->nblock; u++) {
        int h = sd->setup[u].hex;
        if (h >= 0 && ++count[sd->block[u].side][h] > sd->hex[h].stacking)
            return jv_fail(ld, arr, "set-up overstacks hex of block '%s' (R6.2-a)",
                           sd->block[u].id);
    }
    return GR_OK;
}

/* One reinforcement: {"unit": ID, "day": D, "hour": H, "entry": HEX}
 * (R6.7-a/b; data brief 2.2 and 3.x), or with "night": true instead of an
 * hour, a scheduled arrival of the Night Turn after day D (B.4 step 2). */
static gr_status load_arrival(gr_loader *ld, jv e, boc_sdata *sd)
{
    static const char *const KEYS[] = {"unit", "day", "hour", "night", "entry", NULL};
    char id[BOC_ID_LEN] = "", label[8] = "";
    int day = 1, hour = BOC_NIGHT_HOUR;
    jv_keys(ld, e, KEYS);
    jv_get_str(ld, e, "unit", id, sizeof id);
    jv_get_int(ld, e, "day", 1, 3, &day);
    int night = get_bool(ld, e, "night", 0);
    if (night && jv_opt(ld, e, "hour").v)
        return jv_fail(ld, jv_get(ld, e, "hour"), "a night arrival has no hour");
    if (!night)
        jv_get_int(ld, e, "hour", 0, 23, &hour);
    jv_get_str(ld, e, "entry", label, sizeof label);
    if (gr_loader_status(ld) != GR_OK)
        return GR_ERR_DATA;
    int u = boc_unit_find(sd, id), h = boc_label_parse(&sd->grid, label);
    if (u < 0)
        return jv_fail(ld, jv_get(ld, e, "unit"), "no block '%s' in the order of battle", id);
    if (h < 0)
        return jv_fail(ld, jv_get(ld, e, "entry"), "no hex '%s' on the map", label);
    if (sd->setup[u].hex != BOC_LOC_OUT || sd->arrival[u].day)
        return jv_fail(ld, e, "block '%s' is set up or scheduled twice", id);
    sd->arrival[u] = (boc_arrival){(uint8_t)day, (int8_t)hour, (int16_t)h};
    return GR_OK;
}

/* "hancock": {"unit": ID, "entry": HEX, "delay": HOURS}: the Hancock
 * Option (S-Hancock), offered when the scenario gives it. */
static gr_status load_hancock(gr_loader *ld, jv root, boc_sdata *sd)
{
    static const char *const KEYS[] = {"unit", "entry", "delay", NULL};
    char id[BOC_ID_LEN] = "", label[8] = "";
    int delay = 4;
    jv e = jv_opt(ld, root, "hancock");
    sd->hancock_unit = sd->hancock_entry = -1;
    if (!e.v)
        return gr_loader_status(ld);
    jv_keys(ld, e, KEYS);
    jv_get_str(ld, e, "unit", id, sizeof id);
    jv_get_str(ld, e, "entry", label, sizeof label);
    jv_get_int(ld, e, "delay", 0, 24, &delay);
    if (gr_loader_status(ld) != GR_OK)
        return GR_ERR_DATA;
    int u = boc_unit_find(sd, id), h = boc_label_parse(&sd->grid, label);
    if (u < 0 || sd->block[u].type != BOC_T_CHQ || sd->block[u].side != BOC_USA)
        return jv_fail(ld, jv_get(ld, e, "unit"), "'%s' is no USA CHQ of the order of battle", id);
    if (h < 0)
        return jv_fail(ld, jv_get(ld, e, "entry"), "no hex '%s' on the map", label);
    sd->hancock_unit = (int16_t)u, sd->hancock_entry = (int16_t)h;
    sd->hancock_delay = (int8_t)delay;
    return GR_OK;
}

static gr_status load_arrivals(gr_loader *ld, jv root, boc_sdata *sd)
{
    jv arr = jv_opt(ld, root, "reinforcements");
    size_t n = 0;
    if (!arr.v)
        return gr_loader_status(ld);
    if (jv_array(ld, arr, 0, BOC_MAX_UNITS, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++)
        if (load_arrival(ld, jv_at(arr, i), sd) != GR_OK)
            return GR_ERR_DATA;
    return GR_OK;
}

/* One day of the clock: {"day": 1, "from": 8, "to": 19} (data brief 3.0). */
static gr_status load_day(gr_loader *ld, jv e, boc_day *d)
{
    static const char *const KEYS[] = {"day", "from", "to", NULL};
    int day = 1, from = 0, to = 0;
    jv_keys(ld, e, KEYS);
    jv_get_int(ld, e, "day", 1, 3, &day);
    jv_get_int(ld, e, "from", 0, 23, &from);
    jv_get_int(ld, e, "to", 0, 23, &to);
    if (gr_loader_status(ld) == GR_OK && to < from)
        return jv_fail(ld, e, "a day ends (to) before it starts (from)");
    *d = (boc_day){(uint8_t)day, (int8_t)from, (int8_t)to};
    return gr_loader_status(ld);
}

/* "turns": {"days": [...], "first": SIDE, "player_turns": N}.  "first"
 * fixes the order with that side first (R1.1-c; the spec's fixed order is
 * CSA first); without it initiative is rolled (R1.1-b).  "player_turns"
 * cuts the game short (the slice).  Without "days": one day, 08:00-19:00. */
static gr_status load_clock(gr_loader *ld, jv t, boc_sdata *sd)
{
    static const char *const TKEYS[] = {"days", "first", "player_turns", "start", "night_road",
                                        NULL};
    static const char *const START[] = {"command", "fire", NULL};
    int first = BOC_CSA, turns = 0;
    size_t n = 0;
    jv_keys(ld, t, TKEYS);
    jv days = jv_opt(ld, t, "days"), f = jv_opt(ld, t, "first");
    if (f.v)
        jv_get_enum(ld, t, "first", SIDES, &first);
    jv_opt_int(ld, t, "player_turns", 1, 999, 0, &turns);
    int road = 4; /* data brief 3.0: within 4 road hexes of the entry hex */
    jv_opt_int(ld, t, "night_road", 0, 20, 4, &road);
    sd->night_road = (int8_t)road;
    int start = 0;
    if (jv_opt(ld, t, "start").v)
        jv_get_enum(ld, t, "start", START, &start);
    sd->start_fire = (uint8_t)start;
    sd->fixed_order = f.v != NULL;
    sd->first_player = (uint8_t)first;
    sd->player_turns = (int16_t)turns;
    sd->ndays = 1;
    sd->days[0] = (boc_day){1, 8, 19};
    if (!days.v)
        return gr_loader_status(ld);
    if (jv_array(ld, days, 1, BOC_MAX_DAYS, &n) != GR_OK)
        return GR_ERR_DATA;
    sd->ndays = (int)n;
    for (size_t i = 0; i < n; i++)
        if (load_day(ld, jv_at(days, i), &sd->days[i]) != GR_OK)
            return GR_ERR_DATA;
    return GR_OK;
}

static gr_status load_turns(gr_loader *ld, jv root, boc_sdata *sd)
{
    static const char *const VKEYS[] = {"csa_wins_at", "usa_wins_at", "sudden_death", NULL};
    jv t = jv_get(ld, root, "turns"), v = jv_get(ld, root, "victory");
    int csa = 0, usa = 0;
    if (load_clock(ld, t, sd) != GR_OK)
        return GR_ERR_DATA;
    jv_keys(ld, v, VKEYS);
    jv_get_int(ld, v, "csa_wins_at", -99, 99, &csa);
    jv_get_int(ld, v, "usa_wins_at", -99, 99, &usa);
    int sudden = 0; /* the optional sudden death (data brief 3.4) */
    jv_opt_int(ld, v, "sudden_death", 0, 99, 0, &sudden);
    sd->sudden_death = (int8_t)sudden;
    if (gr_loader_status(ld) == GR_OK && usa >= csa)
        return jv_fail(ld, v, "usa_wins_at must be below csa_wins_at");
    sd->csa_wins_at = (int8_t)csa;
    sd->usa_wins_at = (int8_t)usa;
    return gr_loader_status(ld);
}

gr_status boc_load(gr_loader *ld, const void *scenario_doc, void **out)
{
    static const char *const MINE[] = {"terrain", "units", "map",   "oob",     "blocks",
                                       "setup",   "turns", "victory", "reinforcements",
                                       "hancock", "column_line", "free_deployment", NULL};
    const char *keys[40];
    int k = 0;
    for (const char *const *c = gr_scenario_common_keys(); *c && k < 20; c++)
        keys[k++] = *c;
    for (int i = 0; MINE[i]; i++)
        keys[k++] = MINE[i];
    keys[k] = NULL;
    jv root = *(const jv *)scenario_doc;
    boc_sdata *sd = calloc(1, sizeof *sd);
    if (!sd)
        return jv_fail(ld, root, "out of memory for the scenario data");
    *out = sd;
    if (jv_keys(ld, root, keys) != GR_OK || load_terrain(ld, root, sd) != GR_OK ||
        load_units(ld, root, sd) != GR_OK || boc_load_map(ld, &root, sd) != GR_OK ||
        load_oob(ld, root, sd) != GR_OK || load_setup(ld, root, sd) != GR_OK ||
        load_arrivals(ld, root, sd) != GR_OK || load_turns(ld, root, sd) != GR_OK ||
        load_hancock(ld, root, sd) != GR_OK)
        return GR_ERR_DATA;
    /* the optional Column/Line rule, off unless the scenario says (S-ColumnLine) */
    sd->column_line = (uint8_t)get_bool(ld, root, "column_line", 0);
    /* the optional Free Deployment, off unless the scenario says (R0-c) */
    sd->free_deploy = (uint8_t)get_bool(ld, root, "free_deployment", 0);
    if (gr_loader_status(ld) != GR_OK)
        return GR_ERR_DATA;
    boc_eval_prepare(sd);
    return GR_OK;
}

void boc_free_sdata(void *sdata)
{
    free(sdata);
}
