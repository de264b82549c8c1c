/* loadtab.c — reading data/arw/tables.json (CRT, tactics matrix, chit
 * requirements, close-combat DRMs, morale, army morale, momentum, stacking)
 * and data/arw/terrain.json (the Terrain Effects Chart), validating shapes
 * and ranges.  With load.c, the only files of the module that touch JSON. */
#include <stdlib.h>
#include <string.h>

#include "../arw.h"
#include "io/jv.h"
#include "loadint.h"

/* ---------------------------------------------------------------- CRT */

static int parse_code(const char *s, uint8_t *out)
{
    char code[8];
    size_t n = strlen(s);
    int star = n > 1 && s[n - 1] == '*';
    if (n - (size_t)star >= sizeof code)
        return -1;
    memcpy(code, s, n - (size_t)star);
    code[n - (size_t)star] = '\0';
    int c = arw_name_index(arw_rcode_names, code);
    if (c < 0 || c >= ARW_NRCODES)
        return -1;
    *out = (uint8_t)(c | (star ? ARW_R_STAR : 0));
    return 0;
}

/* "att/def" or a single "PIN" for both sides. */
static gr_status parse_cell(gr_loader *ld, jv x, uint8_t out[2])
{
    char text[16], *slash;
    if (jv_str(ld, x, text, sizeof text) != GR_OK)
        return GR_ERR_DATA;
    if (strcmp(text, "PIN") == 0) {
        out[0] = out[1] = ARW_R_PIN;
        return GR_OK;
    }
    slash = strchr(text, '/');
    if (!slash)
        return jv_fail(ld, x, "combat result '%s' is not 'attacker/defender'", text);
    *slash = '\0';
    if (parse_code(text, &out[0]) != 0 || parse_code(slash + 1, &out[1]) != 0)
        return jv_fail(ld, x, "unknown combat result in '%s/%s'", text, slash + 1);
    return GR_OK;
}

static gr_status load_columns(gr_loader *ld, jv crt, arw_tables *t)
{
    jv cols = jv_get(ld, crt, "columns"), ratios = jv_get(ld, crt, "ratios");
    size_t n, m, two;
    if (jv_array(ld, cols, 1, ARW_MAX_COLS, &n) != GR_OK ||
        jv_array(ld, ratios, n, n, &m) != GR_OK)
        return GR_ERR_DATA;
    t->ncols = (int)n;
    for (size_t i = 0; i < n; i++) {
        int num, den;
        jv r = jv_at(ratios, i);
        if (jv_str(ld, jv_at(cols, i), t->col_name[i], sizeof t->col_name[i]) != GR_OK ||
            jv_array(ld, r, 2, 2, &two) != GR_OK || jv_int(ld, jv_at(r, 0), 1, 9, &num) != GR_OK ||
            jv_int(ld, jv_at(r, 1), 1, 9, &den) != GR_OK)
            return GR_ERR_DATA;
        if (arw_col_names[i] == NULL || strcmp(arw_col_names[i], t->col_name[i]) != 0)
            return jv_fail(ld, jv_at(cols, i), "column %zu must be '%s'", i,
                           arw_col_names[i] ? arw_col_names[i] : "(none)");
        if (i > 0 && num * t->col_den[i - 1] <= t->col_num[i - 1] * den)
            return jv_fail(ld, r, "odds columns must increase");
        t->col_num[i] = (int8_t)num;
        t->col_den[i] = (int8_t)den;
    }
    return GR_OK;
}

static gr_status load_crt_rows(gr_loader *ld, jv crt, arw_tables *t)
{
    jv rows = jv_get(ld, crt, "rows");
    int nrows = t->roll_max - t->roll_min + 1;
    size_t n, nc;
    if (jv_array(ld, rows, (size_t)nrows, (size_t)nrows, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++) {
        jv row = jv_at(rows, i), cells = jv_get(ld, row, "cells");
        int roll;
        if (jv_get_int(ld, row, "roll", t->roll_min, t->roll_max, &roll) != GR_OK ||
            jv_array(ld, cells, (size_t)t->ncols, (size_t)t->ncols, &nc) != GR_OK)
            return GR_ERR_DATA;
        if (roll != t->roll_min + (int)i)
            return jv_fail(ld, row, "rows must run from %d upwards", t->roll_min);
        for (size_t c = 0; c < nc; c++)
            if (parse_cell(ld, jv_at(cells, c), t->crt[i][c]) != GR_OK)
                return GR_ERR_DATA;
    }
    return GR_OK;
}

/* The AMB-04 alternative reading of one cell. */
static gr_status load_alternative(gr_loader *ld, jv alt, arw_tables *t)
{
    static const char *const keys[] = {"roll", "column", "cell", "note", NULL};
    char col[8];
    int roll;
    if (jv_keys(ld, alt, keys) != GR_OK ||
        jv_get_int(ld, alt, "roll", t->roll_min, t->roll_max, &roll) != GR_OK ||
        jv_get_str(ld, alt, "column", col, sizeof col) != GR_OK ||
        parse_cell(ld, jv_get(ld, alt, "cell"), t->alt_cell) != GR_OK)
        return GR_ERR_DATA;
    t->alt_roll = (int8_t)roll;
    t->alt_col = -1;
    for (int i = 0; i < t->ncols; i++)
        if (strcmp(t->col_name[i], col) == 0)
            t->alt_col = (int8_t)i;
    if (t->alt_col < 0)
        return jv_fail(ld, jv_get(ld, alt, "column"), "unknown odds column '%s'", col);
    return GR_OK;
}

static gr_status load_crt(gr_loader *ld, jv crt, arw_tables *t)
{
    int lo, hi, below;
    if (load_columns(ld, crt, t) != GR_OK ||
        jv_get_int(ld, crt, "min_roll", -9, 0, &lo) != GR_OK ||
        jv_get_int(ld, crt, "max_roll", 9, lo + ARW_MAX_ROWS - 1, &hi) != GR_OK ||
        jv_get_int(ld, crt, "below_first_column_drm", -5, 0, &below) != GR_OK)
        return GR_ERR_DATA;
    t->roll_min = (int8_t)lo;
    t->roll_max = (int8_t)hi;
    t->below_drm = (int8_t)below;
    if (load_crt_rows(ld, crt, t) != GR_OK)
        return GR_ERR_DATA;
    return load_alternative(ld, jv_get(ld, crt, "amb04_alternative"), t);
}

/* ---------------------------------------------------------------- tactics */

static gr_status load_matrix(gr_loader *ld, jv m, arw_tables *t)
{
    size_t n, nc;
    if (jv_array(ld, m, ARW_NCHITS, ARW_NCHITS, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t r = 0; r < n; r++) {
        jv row = jv_at(m, r);
        if (jv_array(ld, row, ARW_NCHITS, ARW_NCHITS, &nc) != GR_OK)
            return GR_ERR_DATA;
        for (size_t c = 0; c < nc; c++) {
            jv x = jv_at(row, c);
            char s[4];
            int v;
            if (arw_jv_is_string(x)) {
                if (jv_str(ld, x, s, sizeof s) != GR_OK)
                    return GR_ERR_DATA;
                if (strcmp(s, "NC") != 0)
                    return jv_fail(ld, x, "want a DRM or \"NC\"");
                t->matrix[r][c] = ARW_NC;
            } else {
                if (jv_int(ld, x, -5, 5, &v) != GR_OK)
                    return GR_ERR_DATA;
                t->matrix[r][c] = (int8_t)v;
            }
        }
    }
    return GR_OK;
}

static gr_status load_requirements(gr_loader *ld, jv req, arw_tables *t)
{
    static const char *const flags[] = {"leader", "open-flank", "no-withdraw-vs-mounted", NULL};
    if (jv_keys(ld, req, arw_chit_names) != GR_OK)
        return GR_ERR_DATA;
    for (int c = 0; c < ARW_NCHITS; c++) {
        jv list = jv_get(ld, req, arw_chit_names[c]);
        size_t n;
        if (jv_array(ld, list, 0, 3, &n) != GR_OK)
            return GR_ERR_DATA;
        for (size_t i = 0; i < n; i++) {
            int f;
            if (jv_enum(ld, jv_at(list, i), flags, &f) != GR_OK)
                return GR_ERR_DATA;
            t->chit_req[c] |= (uint8_t)(1u << f);
        }
    }
    return GR_OK;
}

static gr_status load_tactics(gr_loader *ld, jv tac, arw_tables *t)
{
    jv chits = jv_get(ld, tac, "chits");
    size_t n;
    int ill;
    if (jv_array(ld, chits, ARW_NCHITS, ARW_NCHITS, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++) {
        char s[24];
        if (jv_str(ld, jv_at(chits, i), s, sizeof s) != GR_OK)
            return GR_ERR_DATA;
        if (strcmp(s, arw_chit_names[i]) != 0)
            return jv_fail(ld, jv_at(chits, i), "chit %zu must be '%s'", i + 1,
                           arw_chit_names[i]);
    }
    if (load_matrix(ld, jv_get(ld, tac, "matrix"), t) != GR_OK ||
        load_requirements(ld, jv_get(ld, tac, "requirements"), t) != GR_OK ||
        jv_get_int(ld, tac, "illegal_chit_drm", 0, 5, &ill) != GR_OK)
        return GR_ERR_DATA;
    t->drm[ARW_DRM_ILLEGAL_CHIT] = (int8_t)ill;
    return GR_OK;
}

/* ---------------------------------------------------------------- morale */

static gr_status load_drms(gr_loader *ld, jv x, arw_tables *t)
{
    if (jv_keys(ld, x, arw_drm_names) != GR_OK)
        return GR_ERR_DATA;
    for (int i = 0; arw_drm_names[i]; i++) {
        int v;
        if (i == ARW_DRM_ILLEGAL_CHIT)
            continue; /* from tactics.illegal_chit_drm */
        if (jv_get_int(ld, x, arw_drm_names[i], -5, 5, &v) != GR_OK)
            return GR_ERR_DATA;
        t->drm[i] = (int8_t)v;
    }
    return GR_OK;
}

static gr_status load_am_adjust(gr_loader *ld, jv x, arw_tables *t)
{
    static const char *const keys[] = {"gain", "loss", NULL};
    if (jv_keys(ld, x, arw_am_event_names) != GR_OK)
        return GR_ERR_DATA;
    for (int i = 0; i < ARW_NAM_EVENTS; i++) {
        jv e = jv_get(ld, x, arw_am_event_names[i]);
        int gain, loss;
        if (jv_keys(ld, e, keys) != GR_OK || jv_get_int(ld, e, "gain", 0, 5, &gain) != GR_OK ||
            jv_get_int(ld, e, "loss", 0, 5, &loss) != GR_OK)
            return GR_ERR_DATA;
        t->am_gain[i] = (int8_t)gain;
        t->am_loss[i] = (int8_t)loss;
    }
    return GR_OK;
}

static gr_status load_levels(gr_loader *ld, jv x, arw_tables *t)
{
    jv levels = jv_get(ld, x, "levels");
    int dem, max;
    size_t n;
    if (jv_get_int(ld, x, "demoralized_at_or_below", -10, 10, &dem) != GR_OK ||
        jv_get_int(ld, x, "maximum", 1, 999, &max) != GR_OK ||
        jv_array(ld, levels, 1, ARW_MAX_LEVELS, &n) != GR_OK)
        return GR_ERR_DATA;
    t->demoralized_at = (int16_t)dem;
    t->morale_max = (int16_t)max;
    t->nlevels = (int)n;
    for (size_t i = 0; i < n; i++) {
        jv l = jv_at(levels, i);
        arw_level *lv = &t->level[i];
        int min, um, im;
        if (jv_get_str(ld, l, "name", lv->name, sizeof lv->name) != GR_OK ||
            jv_get_int(ld, l, "min", dem + 1, max, &min) != GR_OK ||
            jv_get_int(ld, l, "unit_morale", -5, 5, &um) != GR_OK ||
            jv_get_int(ld, l, "initiative", -5, 5, &im) != GR_OK)
            return GR_ERR_DATA;
        if (i > 0 && min >= t->level[i - 1].min)
            return jv_fail(ld, l, "levels must be listed from the highest");
        if (i + 1 == n && min != dem + 1)
            return jv_fail(ld, l, "the lowest level must start at %d", dem + 1);
        lv->min = (int16_t)min;
        lv->unit_mod = (int8_t)um;
        lv->init_mod = (int8_t)im;
    }
    return GR_OK;
}

/* GR6.2 / GR12.62 spending and GR12.64. */
static gr_status load_momentum_uses(gr_loader *ld, jv mo, arw_tables *t)
{
    int bid, seize, morale;
    if (jv_get_int(ld, mo, "initiative_per_chit", 0, 9, &bid) != GR_OK ||
        jv_get_int(ld, mo, "initiative_choice_chits", 1, 9, &seize) != GR_OK ||
        jv_get_int(ld, mo, "capture_printed_morale", -5, 9, &morale) != GR_OK)
        return GR_ERR_DATA;
    t->init_bid_bonus = (int8_t)bid;
    t->init_seize_cost = (int8_t)seize;
    t->capture_morale = (int8_t)morale;
    return GR_OK;
}

static gr_status load_misc(gr_loader *ld, jv root, arw_tables *t)
{
    static const char *const rounding[] = {"half-down", "half-up", NULL};
    jv mc = jv_get(ld, root, "morale_check"), mo = jv_get(ld, root, "momentum");
    jv st = jv_get(ld, root, "stacking"), re = jv_get(ld, root, "retreat");
    jv sp = jv_get(ld, root, "strength");
    int v[9];
    if (jv_get_int(ld, mc, "pass_at_or_above", 0, 20, &v[0]) != GR_OK ||
        jv_get_int(ld, mc, "fieldworks_drm", 0, 5, &v[1]) != GR_OK ||
        jv_get_int(ld, mo, "pool", 0, 20, &v[2]) != GR_OK ||
        jv_get_int(ld, mo, "defender_gains_at_or_below", -9, 9, &v[3]) != GR_OK ||
        jv_get_int(ld, mo, "attacker_gains_at_or_above", -9, 20, &v[4]) != GR_OK ||
        jv_get_int(ld, st, "max_sp", 1, 30, &v[5]) != GR_OK ||
        jv_get_int(ld, st, "max_artillery", 0, 5, &v[6]) != GR_OK ||
        jv_get_int(ld, re, "R", 1, 5, &v[7]) != GR_OK ||
        jv_get_int(ld, re, "D", 1, 5, &v[8]) != GR_OK)
        return GR_ERR_DATA;
    int round_up, shat;
    if (jv_get_enum(ld, sp, "disrupted_defence", rounding, &round_up) != GR_OK ||
        jv_get_int(ld, sp, "shattered_defence_sp", 0, 5, &shat) != GR_OK)
        return GR_ERR_DATA;
    t->morale_pass = (int8_t)v[0];
    t->morale_fieldworks = (int8_t)v[1];
    t->momentum_pool = (int8_t)v[2];
    t->momentum_def_at = (int8_t)v[3];
    t->momentum_att_at = (int8_t)v[4];
    t->stack_sp = (int8_t)v[5];
    t->stack_art = (int8_t)v[6];
    t->retreat_r = (int8_t)v[7];
    t->retreat_d = (int8_t)v[8];
    t->disrupted_round_up = (int8_t)round_up;
    t->shattered_sp = (int8_t)shat;
    return load_momentum_uses(ld, mo, t);
}

gr_status arw_load_tables(gr_loader *ld, const char *path, arw_data *d)
{
    static const char *const keys[] = {"format", "source", "crt", "tactics", "cc_drm",
                                       "morale_check", "army_morale_adjust",
                                       "army_morale_levels", "momentum", "stacking",
                                       "retreat", "strength", "movement", "fire", NULL};
    jv root = jv_open(ld, path);
    int format;
    arw_tables *t = &d->t;
    if (!root.doc || jv_keys(ld, root, keys) != GR_OK ||
        jv_get_int(ld, root, "format", 1, 1, &format) != GR_OK ||
        load_crt(ld, jv_get(ld, root, "crt"), t) != GR_OK ||
        load_tactics(ld, jv_get(ld, root, "tactics"), t) != GR_OK ||
        load_drms(ld, jv_get(ld, root, "cc_drm"), t) != GR_OK ||
        load_am_adjust(ld, jv_get(ld, root, "army_morale_adjust"), t) != GR_OK ||
        load_levels(ld, jv_get(ld, root, "army_morale_levels"), t) != GR_OK ||
        arw_load_move_tables(ld, jv_get(ld, root, "movement"), t) != GR_OK ||
        arw_load_fire(ld, jv_get(ld, root, "fire"), &d->fire) != GR_OK) /* loadfire.c */
        return GR_ERR_DATA;
    return load_misc(ld, root, t);
}

/* ---------------------------------------------------------------- terrain */

/* "1", "1.5", "P", "OTIH" (hex) or "+1", "0", "P" (hexside) -> half MP. */
static gr_status parse_cost(gr_loader *ld, jv x, int8_t *out)
{
    char s[8], *end;
    if (jv_str(ld, x, s, sizeof s) != GR_OK)
        return GR_ERR_DATA;
    if (strcmp(s, "P") == 0) {
        *out = ARW_MP_P;
        return GR_OK;
    }
    if (strcmp(s, "OTIH") == 0) {
        *out = ARW_MP_OTIH;
        return GR_OK;
    }
    double v = strtod(s, &end);
    if (*end || end == s || v < 0 || v > 20 || v * 2 != (int)(v * 2))
        return jv_fail(ld, x, "bad movement cost '%s' (want 1, 1.5, P or OTIH)", s);
    *out = (int8_t)(v * 2);
    return GR_OK;
}

static gr_status load_moves(gr_loader *ld, jv x, int8_t move[ARW_NMC])
{
    static const char *const cls[] = {"inf", "li", "cav", "art", "leader", NULL};
    if (jv_keys(ld, x, cls) != GR_OK)
        return GR_ERR_DATA;
    for (int i = 0; i < ARW_NMC; i++)
        if (parse_cost(ld, jv_get(ld, x, cls[i]), &move[i]) != GR_OK)
            return GR_ERR_DATA;
    return GR_OK;
}

/* Flags by name into a 16-bit field. */
static gr_status load_flag_list(gr_loader *ld, jv x, const char *const *names, uint16_t *out)
{
    uint32_t m;
    if (arw_get_name_mask(ld, x, names, &m) != GR_OK)
        return GR_ERR_DATA;
    *out = (uint16_t)m;
    return GR_OK;
}

static gr_status load_hex_type(gr_loader *ld, jv x, arw_hex_type *h)
{
    static const char *const keys[] = {"id", "letter", "move", "fire", "cc", "flags", "notes",
                                       NULL};
    static const char *const flags[] = {"blocks-los", "no-zoc-into", "clear-class",
                                        "cc-if-attacker-outside", "town", "covered-way",
                                        "roads", "swamp", "creek-cover", NULL};
    char letter[4];
    if (jv_keys(ld, x, keys) != GR_OK || jv_get_str(ld, x, "id", h->id, sizeof h->id) != GR_OK ||
        jv_get_str(ld, x, "letter", letter, sizeof letter) != GR_OK ||
        load_moves(ld, jv_get(ld, x, "move"), h->move) != GR_OK ||
        arw_get_drm_or_p(ld, jv_get(ld, x, "fire"), "prohibited", &h->fire) != GR_OK ||
        arw_get_drm_or_p(ld, jv_get(ld, x, "cc"), "prohibited", &h->cc) != GR_OK ||
        load_flag_list(ld, jv_get(ld, x, "flags"), flags, &h->flags) != GR_OK)
        return GR_ERR_DATA;
    if (strlen(letter) != 1 || letter[0] == ' ')
        return jv_fail(ld, jv_get(ld, x, "letter"), "a terrain letter is one character");
    h->letter = letter[0];
    return GR_OK;
}

static gr_status load_side_type(gr_loader *ld, jv x, arw_side_type *s)
{
    static const char *const keys[] = {"id", "move", "fire", "cc", "flags", "notes", NULL};
    static const char *const flags[] = {"fieldworks", "no-mounted-attack", "road",
                                        "all-attackers", "los-up", "los-down", "los-slope",
                                        "bridge", "owner-british", "owner-allied", NULL};
    if (jv_keys(ld, x, keys) != GR_OK || jv_get_str(ld, x, "id", s->id, sizeof s->id) != GR_OK ||
        load_moves(ld, jv_get(ld, x, "move"), s->move) != GR_OK ||
        arw_get_drm_or_p(ld, jv_get(ld, x, "fire"), "prohibited", &s->fire) != GR_OK ||
        arw_get_drm_or_p(ld, jv_get(ld, x, "cc"), "prohibited", &s->cc) != GR_OK ||
        load_flag_list(ld, jv_get(ld, x, "flags"), flags, &s->flags) != GR_OK)
        return GR_ERR_DATA;
    return GR_OK;
}

static int side_type_index(const arw_data *d, const char *id)
{
    for (int i = 0; i < d->nstypes; i++)
        if (strcmp(d->stype[i].id, id) == 0)
            return i;
    return -1;
}

/* A side type name (string at x) -> index; `optional` accepts absence. */
static gr_status get_side_type(gr_loader *ld, jv x, const arw_data *d, int8_t *out)
{
    char id[24];
    if (!x.v) {
        *out = -1;
        return GR_OK;
    }
    if (jv_str(ld, x, id, sizeof id) != GR_OK)
        return GR_ERR_DATA;
    int i = side_type_index(d, id);
    if (i < 0)
        return jv_fail(ld, x, "unknown hexside type '%s'", id);
    *out = (int8_t)i;
    return GR_OK;
}

static gr_status load_combo(gr_loader *ld, jv x, arw_data *d, arw_side_combo *c)
{
    static const char *const keys[] = {"types", "move", "fire", "cc", "note", NULL};
    jv types = jv_get(ld, x, "types");
    size_t n;
    if (jv_keys(ld, x, keys) != GR_OK || jv_array(ld, types, 2, 4, &n) != GR_OK ||
        load_moves(ld, jv_get(ld, x, "move"), c->move) != GR_OK ||
        arw_get_drm_or_p(ld, jv_get(ld, x, "fire"), "prohibited", &c->fire) != GR_OK ||
        arw_get_drm_or_p(ld, jv_get(ld, x, "cc"), "prohibited", &c->cc) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++) {
        int8_t t;
        if (get_side_type(ld, jv_at(types, i), d, &t) != GR_OK)
            return GR_ERR_DATA;
        c->mask |= (uint16_t)(1u << t);
    }
    return GR_OK;
}

static gr_status load_feature(gr_loader *ld, jv x, arw_data *d, arw_feature *f)
{
    static const char *const keys[] = {"id", "into_first", "into_second", "notes", NULL};
    if (jv_keys(ld, x, keys) != GR_OK || jv_get_str(ld, x, "id", f->id, sizeof f->id) != GR_OK ||
        get_side_type(ld, jv_get(ld, x, "into_first"), d, &f->into_first) != GR_OK ||
        get_side_type(ld, jv_opt(ld, x, "into_second"), d, &f->into_second) != GR_OK)
        return GR_ERR_DATA;
    return GR_OK;
}

/* Loads list `key` of root with `load(item)` into an array of `max`. */
#define LOAD_LIST(KEY, MAX, COUNT, STMT)                                               \
    do {                                                                               \
        jv list_ = jv_get(ld, root, KEY);                                              \
        size_t n_;                                                                     \
        if (jv_array(ld, list_, 1, MAX, &n_) != GR_OK)                                 \
            return GR_ERR_DATA;                                                        \
        for (size_t i = 0; i < n_; i++) {                                              \
            jv x = jv_at(list_, i);                                                    \
            if ((STMT) != GR_OK)                                                       \
                return GR_ERR_DATA;                                                    \
            COUNT = (int)i + 1;                                                        \
        }                                                                              \
    } while (0)

gr_status arw_load_terrain(gr_loader *ld, const char *path, arw_data *d)
{
    static const char *const keys[] = {"format", "source", "units", "hex_types", "side_types",
                                       "combined_sides", "features", NULL};
    jv root = jv_open(ld, path);
    int format;
    if (!root.doc || jv_keys(ld, root, keys) != GR_OK ||
        jv_get_int(ld, root, "format", 1, 1, &format) != GR_OK)
        return GR_ERR_DATA;
    LOAD_LIST("hex_types", ARW_MAX_HEX_TYPES, d->nhtypes, load_hex_type(ld, x, &d->htype[i]));
    LOAD_LIST("side_types", ARW_MAX_SIDE_TYPES, d->nstypes, load_side_type(ld, x, &d->stype[i]));
    LOAD_LIST("combined_sides", ARW_MAX_COMBOS, d->ncombos, load_combo(ld, x, d, &d->combo[i]));
    LOAD_LIST("features", ARW_MAX_FEATURES, d->nfeatures, load_feature(ld, x, d, &d->feature[i]));
    for (int i = 0; i < d->nhtypes; i++)
        for (int j = 0; j < i; j++)
            if (d->htype[i].letter == d->htype[j].letter)
                return jv_fail(ld, root, "terrain letter '%c' used twice", d->htype[i].letter);
    return GR_OK;
}
