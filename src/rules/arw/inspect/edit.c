/* edit.c — scenario editing lines (gr_scenario_edit): map size, terrain
 * rows drawn with the TEC letters, single hexes, hexside features,
 * headquarters, unit definitions, zones, perimeter hexsides and entry
 * points.  Used by rule cases and editors before
 * any game is made from the scenario.  Vocabulary in docs/arw.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../arw.h"

#define MAX_WORDS 24

static gr_status bad(gr_error *err, const char *fmt, const char *arg)
{
    return gr_failst(err, GR_ERR_PARSE, NULL, fmt, arg);
}

static gr_status edit_map_size(arw_data *d, char **w, int n, gr_error *err)
{
    int cols, rows, col0 = 1, row0 = 1;
    if (n < 3 || !arw_parse_int(w[1], 1, 99, &cols) || !arw_parse_int(w[2], 1, 99, &rows) ||
        (n >= 5 && (!arw_parse_int(w[3], 0, 99, &col0) || !arw_parse_int(w[4], 0, 99, &row0))) ||
        col0 + cols > 100 || row0 + rows > 100)
        return bad(err, "want 'map-size COLS ROWS [FIRST-COL FIRST-ROW]'%s", "");
    if (arw_map_alloc(&d->map, cols, rows, col0, row0, d->map.grid.shifted) != 0)
        return gr_failst(err, GR_ERR_NOMEM, NULL, "out of memory for the map");
    for (int u = 0; u < d->nunits; u++)
        d->unit[u].start_hex = d->unit[u].camp_hex = ARW_NO_HEX; /* meaningless now */
    return GR_OK;
}

static gr_status edit_map_row(arw_data *d, const char *line, gr_error *err)
{
    int row, off = 0;
    char why[160];
    if (sscanf(line, "map-row %d %n", &row, &off) != 1 || off == 0)
        return bad(err, "want 'map-row N LETTERS'%s", "");
    if (arw_map_set_row(d, row, line + off, why, sizeof why) != 0)
        return gr_failst(err, GR_ERR_PARSE, NULL, "map-row %d: %s", row, why);
    return GR_OK;
}

static int find_hex(const arw_data *d, const char *label)
{
    return gr_grid_find(&d->map.grid, label);
}

static gr_status edit_hex(arw_data *d, char **w, int n, gr_error *err)
{
    int h = n == 3 ? find_hex(d, w[1]) : -1;
    if (h < 0)
        return bad(err, "want 'hex HEX TERRAIN' with a hex on the map%s", "");
    for (int t = 0; t < d->nhtypes; t++)
        if (strcmp(d->htype[t].id, w[2]) == 0) {
            d->map.terrain[h] = (uint8_t)t;
            return GR_OK;
        }
    return bad(err, "unknown terrain '%s'", w[2]);
}

static gr_status edit_side(arw_data *d, char **w, int n, gr_error *err)
{
    int a = n >= 4 ? find_hex(d, w[1]) : -1, b = n >= 4 ? find_hex(d, w[2]) : -1;
    int da = arw_dir(d, a, b), db = arw_dir(d, b, a);
    if (da < 0 || db < 0)
        return bad(err, "want 'side HEX HEX FEATURE...' with adjacent hexes%s", "");
    for (int i = 3; i < n; i++) {
        if (strcmp(w[i], "none") == 0) {
            d->map.edge[a * 6 + da] = d->map.edge[b * 6 + db] = 0;
            continue;
        }
        int f = -1;
        for (int k = 0; k < d->nfeatures; k++)
            if (strcmp(d->feature[k].id, w[i]) == 0)
                f = k;
        if (f < 0)
            return bad(err, "unknown hexside feature '%s'", w[i]);
        arw_map_set_feature(d, a, b, f);
    }
    return GR_OK;
}

static gr_status edit_hq(arw_data *d, char **w, int n, gr_error *err)
{
    int army = n == 3 ? arw_name_index(arw_army_names, w[1]) : -1;
    if (army < 0)
        return bad(err, "want 'hq ARMY HEX|-'%s", "");
    int none = strcmp(w[2], "-") == 0, h = none ? ARW_NO_HEX : find_hex(d, w[2]);
    if (!none && h < 0)
        return bad(err, "hex '%s' is not on the map", w[2]);
    d->map.hq[army] = (int16_t)h;
    return GR_OK;
}

/* "zone NAME HEX..." adds hexes to a zone; "zone NAME -" empties it. */
static gr_status edit_zone(arw_data *d, char **w, int n, gr_error *err)
{
    int z = n >= 3 ? arw_name_index(arw_zone_names, w[1]) : -1;
    if (z < 0)
        return bad(err, "want 'zone ZONE HEX...|-' (perimeter, naval-zone, yamacraw, "
                        "spring-hill-redoubt)%s", "");
    if (n == 3 && strcmp(w[2], "-") == 0) {
        for (int h = 0; h < d->map.nhex; h++)
            d->map.zone[h] &= (uint16_t)~(1u << z);
        return GR_OK;
    }
    for (int i = 2; i < n; i++)
        if (find_hex(d, w[i]) < 0)
            return bad(err, "hex '%s' is not on the map", w[i]);
    for (int i = 2; i < n; i++)
        d->map.zone[find_hex(d, w[i])] |= (uint16_t)(1u << z);
    return GR_OK;
}

/* "perimeter A B" marks the side between adjacent A and B (SR1.7). */
static gr_status edit_perimeter(arw_data *d, char **w, int n, gr_error *err)
{
    int a = n == 3 ? find_hex(d, w[1]) : -1, b = n == 3 ? find_hex(d, w[2]) : -1;
    if (a < 0 || b < 0 || arw_map_set_perimeter_side(d, a, b) != 0)
        return bad(err, "want 'perimeter HEX HEX' with adjacent hexes%s", "");
    return GR_OK;
}

/* "entry NAME HEX [HEX...]" defines or redefines an entry point. */
static gr_status edit_entry(arw_data *d, char **w, int n, gr_error *err)
{
    int e = n >= 3 && n <= 6 ? arw_entry_find(d, w[1]) : ARW_ENTRY_HQ;
    if (e == ARW_ENTRY_NONE && d->map.nentries < ARW_MAX_ENTRIES && strlen(w[1]) < 8)
        e = d->map.nentries;
    if (e < 0)
        return bad(err, "want 'entry NAME HEX [HEX...]' (at most 4 hexes, new name of at "
                        "most 7 letters, not HQ or variable)%s", "");
    arw_entry x = {{0}, (uint8_t)(n - 2), 0, {ARW_NO_HEX, ARW_NO_HEX, ARW_NO_HEX, ARW_NO_HEX}};
    snprintf(x.name, sizeof x.name, "%s", w[1]);
    for (int i = 2; i < n; i++)
        if ((x.hex[i - 2] = (int16_t)find_hex(d, w[i])) < 0)
            return bad(err, "hex '%s' is not on the map", w[i]);
    d->map.entry[e] = x;
    if (e == d->map.nentries)
        d->map.nentries++;
    return GR_OK;
}

/* "4/2" or "3" into pair; returns the number of values (0 on error). */
static int parse_pair(const char *s, int lo, int hi, int8_t out[2])
{
    char buf[16], *slash;
    int a, b;
    snprintf(buf, sizeof buf, "%s", s);
    slash = strchr(buf, '/');
    if (slash)
        *slash = '\0';
    if (!arw_parse_int(buf, lo, hi, &a) || (slash && !arw_parse_int(slash + 1, lo, hi, &b)))
        return 0;
    out[0] = (int8_t)a;
    out[1] = (int8_t)(slash ? b : a);
    return slash ? 2 : 1;
}

static int parse_flags(const char *s, uint32_t *out)
{
    char buf[160];
    *out = 0;
    if (strcmp(s, "-") == 0)
        return 1;
    snprintf(buf, sizeof buf, "%s", s);
    for (char *save = NULL, *f = strtok_r(buf, ",", &save); f; f = strtok_r(NULL, ",", &save)) {
        int i = arw_name_index(arw_unit_flag_names, f);
        if (i < 0)
            return 0;
        *out |= 1u << i;
    }
    return 1;
}

/* "TURN@POINT[/one-hex]" (POINT: an entry point, HQ or variable; GR9.61)
 * or "-" (no entry). */
static int parse_entry(arw_unit_def *u, const char *val, const arw_data *d)
{
    char buf[32], *at, *slash;
    int turn, e;
    if (strcmp(val, "-") == 0) {
        u->entry_turn = 0;
        u->entry_at = ARW_ENTRY_NONE;
        return 1;
    }
    snprintf(buf, sizeof buf, "%s", val);
    at = strchr(buf, '@');
    slash = at ? strchr(at, '/') : NULL;
    if (!at || (slash && strcmp(slash, "/one-hex") != 0))
        return 0;
    *at = '\0';
    if (slash)
        *slash = '\0';
    e = arw_entry_find(d, at + 1);
    if (!arw_parse_int(buf, 1, ARW_MAX_TURNS, &turn) || e == ARW_ENTRY_NONE)
        return 0;
    u->entry_turn = (uint8_t)turn;
    u->entry_at = (int8_t)e;
    u->entry_card = 0;
    u->entry_flags = slash ? ARW_EF_ONE_HEX : 0;
    return 1;
}

static int unit_field(const arw_data *d, arw_unit_def *u, const char *key, const char *val)
{
    int v, n;
    if (!strcmp(key, "sp") || !strcmp(key, "morale")) {
        int8_t *dst = !strcmp(key, "sp") ? u->sp : u->morale;
        if (!(n = parse_pair(val, !strcmp(key, "sp") ? 0 : -3, !strcmp(key, "sp") ? 20 : 3, dst)))
            return 0;
        if (!strcmp(key, "sp"))
            u->steps = u->start_steps = (uint8_t)n;
        return 1;
    }
    if (!strcmp(key, "type"))
        return (v = arw_name_index(arw_kind_names, val)) >= 0 ? (u->kind = (uint8_t)v, 1) : 0;
    if (!strcmp(key, "army"))
        return (v = arw_name_index(arw_army_names, val)) >= 0 ? (u->army = (uint8_t)v, 1) : 0;
    if (!strcmp(key, "group"))
        return (v = arw_name_index(arw_group_names, val)) >= 0 ? (u->group = (uint8_t)v, 1) : 0;
    if (!strcmp(key, "flags"))
        return parse_flags(val, &u->flags);
    if (!strcmp(key, "ma"))
        return arw_parse_int(val, 0, 20, &v) ? (u->ma = (uint8_t)v, 1) : 0;
    if (!strcmp(key, "entry"))
        return parse_entry(u, val, d);
    if (!strcmp(key, "start")) { /* the opening hex (HS-sr1's starting hex) */
        if (!strcmp(val, "-"))
            return u->start_hex = ARW_NO_HEX, 1;
        v = gr_grid_find(&d->map.grid, val);
        return v >= 0 ? (u->start_hex = (int16_t)v, 1) : 0;
    }
    if (!strcmp(key, "seniority"))
        return arw_parse_int(val, 0, 99, &v) ? (u->seniority = (uint8_t)v, 1) : 0;
    if (!strcmp(key, "rank"))
        return arw_parse_int(val, 0, 5, &v) ? (u->rank = (uint8_t)v, 1) : 0;
    if (!strcmp(key, "cc"))
        return arw_parse_int(val, -3, 3, &v) ? (u->cc_mod = (int8_t)v, 1) : 0;
    if (!strcmp(key, "leadership"))
        return arw_parse_int(val, -3, 3, &v) ? (u->leadership = (int8_t)v, 1) : 0;
    if (!strcmp(key, "casualty")) { /* T-LeaderCasualty GAIN/LOSS */
        int8_t gl[2];
        if (parse_pair(val, 0, 5, gl) != 2)
            return 0;
        u->cas_gain = gl[0];
        u->cas_loss = gl[1];
        return 1;
    }
    return 0;
}

static gr_status edit_unit(arw_data *d, char **w, int n, gr_error *err)
{
    int u = n >= 2 ? arw_unit_find(d, w[1]) : -1;
    if (u < 0)
        return bad(err, "want 'unit ID key=value...' with a unit of the scenario%s", "");
    arw_unit_def copy = d->unit[u];
    for (int i = 2; i < n; i++) {
        char *eq = strchr(w[i], '=');
        if (!eq)
            return bad(err, "'%s' is not key=value", w[i]);
        *eq = '\0';
        if (!unit_field(d, &copy, w[i], eq + 1))
            return gr_failst(err, GR_ERR_PARSE, NULL, "bad unit field %s=%s", w[i], eq + 1);
    }
    arw_unit_derive(&copy);
    d->unit[u] = copy;
    return GR_OK;
}

/* "length LAST [AFTER-PHASE|-]": the last game turn, and the phase of the
 * opening player turn after which a slice ends ("-": none). */
static gr_status edit_length(arw_data *d, char **w, int n, gr_error *err)
{
    int last, ph = -1;
    if (n < 2 || n > 3 || !arw_parse_int(w[1], d->start_turn, ARW_MAX_TURNS, &last) ||
        (n == 3 && strcmp(w[2], "-") && (ph = arw_name_index(arw_phase_names, w[2])) < 0))
        return bad(err, "want 'length LAST-TURN [AFTER-PHASE|-]'%s", "");
    d->end_turn = (uint8_t)last;
    d->end_phase = (int8_t)ph;
    return GR_OK;
}

/* "order FIRST LAST ORDER": the player order of turns FIRST..LAST (B.4). */
static gr_status edit_order(arw_data *d, char **w, int n, gr_error *err)
{
    int first, last, order = n == 4 ? arw_name_index(arw_order_names, w[3]) : -1;
    if (order < 0 || !arw_parse_int(w[1], 1, ARW_MAX_TURNS, &first) ||
        !arw_parse_int(w[2], first, ARW_MAX_TURNS, &last))
        return bad(err, "want 'order FIRST LAST initiative|british-first|allied-first|"
                   "british-only|allied-only'%s", "");
    for (int t = first; t <= last; t++)
        d->order[t] = (uint8_t)order;
    return GR_OK;
}

/* "sequence turn|player-turn|end PHASE...": the phases of one segment. */
static gr_status edit_sequence(arw_data *d, char **w, int n, gr_error *err)
{
    static const char *const segs[] = {"turn", "player-turn", "end", NULL};
    int seg = n >= 2 ? arw_name_index(segs, w[1]) : -1, idx;
    if (seg < 0)
        return bad(err, "want 'sequence turn|player-turn|end PHASE...'%s", "");
    d->nseq[seg] = 0;
    for (int i = 2; i < n; i++) {
        int ph = arw_name_index(arw_phase_names, w[i]);
        if (ph < 0 || arw_seq_find(d, ph, &idx) >= 0)
            return bad(err, "sequence: unknown or repeated phase '%s'", w[i]);
        d->seq[seg][d->nseq[seg]++] = (uint8_t)ph;
    }
    return GR_OK;
}

static gr_status edit_line(arw_data *d, const char *line, gr_error *err)
{
    char buf[512], *w[MAX_WORDS];
    int n = gr_words(line, buf, sizeof buf, w, MAX_WORDS);
    if (n < 0)
        return gr_failst(err, GR_ERR_PARSE, NULL,
                         "edit line longer than 511 characters or of more than %d words",
                         MAX_WORDS);
    if (n == 0)
        return bad(err, "empty edit line%s", "");
    if (!strcmp(w[0], "map-row"))
        return edit_map_row(d, line, err);
    if (!strcmp(w[0], "map-size"))
        return edit_map_size(d, w, n, err);
    if (!strcmp(w[0], "hex"))
        return edit_hex(d, w, n, err);
    if (!strcmp(w[0], "side"))
        return edit_side(d, w, n, err);
    if (!strcmp(w[0], "hq"))
        return edit_hq(d, w, n, err);
    if (!strcmp(w[0], "unit"))
        return edit_unit(d, w, n, err);
    if (!strcmp(w[0], "zone"))
        return edit_zone(d, w, n, err);
    if (!strcmp(w[0], "perimeter"))
        return edit_perimeter(d, w, n, err);
    if (!strcmp(w[0], "entry"))
        return edit_entry(d, w, n, err);
    if (!strcmp(w[0], "length"))
        return edit_length(d, w, n, err);
    if (!strcmp(w[0], "order"))
        return edit_order(d, w, n, err);
    if (!strcmp(w[0], "sequence"))
        return edit_sequence(d, w, n, err);
    gr_status st;
    if (arw_sav_edit(d, w, n, err, &st)) /* SAVANNAH: rules, turn (savtext.c) */
        return st;
    return bad(err, "unknown edit '%s' (map-size, map-row, hex, side, hq, unit, zone, "
                    "perimeter, entry, length, order, sequence, rules, turn)", w[0]);
}

gr_status arw_edit(void *sdata, const char *line, gr_error *err)
{
    gr_status st = edit_line(sdata, line, err);
    arw_data_derive(sdata); /* the lists derived from the data (map.c) */
    ((arw_data *)sdata)->edit_gen++; /* games forget facts kept (mvscratch.c) */
    return st;
}
