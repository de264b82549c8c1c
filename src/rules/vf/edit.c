/* edit.c — text lines for tests and editors: scenario edits (table size,
 * turn limit) and game setup lines (place units and leaders, set the
 * active side...).  The vocabulary is documented in docs/vf.md. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vf.h"

#define MAX_WORDS 16

typedef struct words {
    char buf[256];
    char *w[MAX_WORDS];
    int n;
} words;

/* The line's words (gr_words); 0 for an empty line, one too long or one of
 * too many words (the callers refuse it). */
static int split(words *ws, const char *line)
{
    ws->n = gr_words(line, ws->buf, sizeof ws->buf, ws->w, MAX_WORDS);
    return ws->n > 0;
}

/* Value of "key=value" among words[from..], or NULL. */
static const char *value_of(const words *ws, int from, const char *key)
{
    size_t k = strlen(key);
    for (int i = from; i < ws->n; i++)
        if (strncmp(ws->w[i], key, k) == 0 && ws->w[i][k] == '=')
            return ws->w[i] + k + 1;
    return NULL;
}

/* Every word from `from` on must be key=value with a known key. */
static int keys_known(const words *ws, int from, const char *const *keys)
{
    for (int i = from; i < ws->n; i++) {
        const char *eq = strchr(ws->w[i], '=');
        int ok = 0;
        for (int k = 0; eq && keys[k]; k++)
            ok |= strlen(keys[k]) == (size_t)(eq - ws->w[i]) &&
                  strncmp(ws->w[i], keys[k], (size_t)(eq - ws->w[i])) == 0;
        if (!ok)
            return 0;
    }
    return 1;
}

int vf_parse_fixed(const char *s, int32_t *out)
{
    int neg = *s == '-';
    long whole = 0, frac = 0;
    if (neg)
        s++;
    if (!isdigit((unsigned char)*s))
        return 0;
    while (isdigit((unsigned char)*s) && whole < 1000000)
        whole = whole * 10 + (*s++ - '0');
    if (*s == '.') {
        int digits = 0;
        for (s++; isdigit((unsigned char)*s) && digits < 2; digits++)
            frac = frac * 10 + (*s++ - '0');
        if (digits == 0)
            return 0;
        frac *= digits == 1 ? 10 : 1;
    }
    if (*s || whole >= 1000000)
        return 0;
    *out = (int32_t)((neg ? -1 : 1) * (whole * 100 + frac));
    return 1;
}

static int parse_int(const char *s, int lo, int hi, int *out)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (end == s || *end || v < lo || v > hi)
        return 0;
    *out = (int)v;
    return 1;
}

static int name_index(const char *const *names, const char *s)
{
    for (int i = 0; s && names[i]; i++)
        if (strcmp(names[i], s) == 0)
            return i;
    return -1;
}

/* ------------------------------------------------------------ scenario edits */

/* "objective ID X Y": one more objective, uncontrolled, at (X, Y). */
static gr_status edit_objective(vf_sdata *sd, const words *ws, gr_error *err)
{
    int32_t x, y;
    if (sd->nobjectives >= VF_MAX_OBJECTIVES || !vf_parse_fixed(ws->w[2], &x) ||
        !vf_parse_fixed(ws->w[3], &y) || x < 0 || y < 0 || x > sd->table_w || y > sd->table_d ||
        strlen(ws->w[1]) >= VF_ID_LEN || vf_id_find(sd, ws->w[1]) >= 0)
        return gr_failst(err, GR_ERR_PARSE, NULL, "objective ID X Y: a new id, a point on the "
                         "table, at most %d objectives", VF_MAX_OBJECTIVES);
    vf_objective_def *o = &sd->objective[sd->nobjectives++];
    snprintf(o->id, sizeof o->id, "%s", ws->w[1]);
    o->x = x;
    o->y = y;
    o->initial = 0;
    return GR_OK;
}

/* "arrives UNIT TURN X1 Y1 X2 Y2": the unit is a reinforcement arriving on
 * its side's turn TURN from the segment (X1, Y1)-(X2, Y2) (vf:11.0-a). */
static gr_status edit_arrives(vf_sdata *sd, const words *ws, gr_error *err)
{
    int u = vf_unit_find(sd, ws->w[1]), turn;
    int32_t v[4];
    int ok = u >= 0 && parse_int(ws->w[2], 1, 99, &turn);
    for (int i = 0; ok && i < 4; i++)
        ok = vf_parse_fixed(ws->w[3 + i], &v[i]) && v[i] >= 0 &&
             v[i] <= (i % 2 ? sd->table_d : sd->table_w);
    if (!ok)
        return gr_failst(err, GR_ERR_PARSE, NULL, "arrives UNIT TURN X1 Y1 X2 Y2: a unit, a "
                         "turn 1-99, two points on the table");
    if (VF_HAS(vf_unit_profile(sd, u)->rules, VF_SR_STATIC_ARTILLERY))
        return gr_fail(err, "vf:SR-StaticArtillery-c", "%s is static artillery: it cannot "
                       "enter as a reinforcement", sd->unit[u].id);
    vf_unit_def *d = &sd->unit[u];
    d->arrives = (uint8_t)turn;
    d->placed = 0;
    d->arrival = (gr_seg){{v[0], v[1]}, {v[2], v[3]}};
    return GR_OK;
}

/* "terrain ID KIND X0 Y0 X1 Y1": one more terrain piece, a rectangle. */
static gr_status edit_terrain(vf_sdata *sd, const words *ws, gr_error *err)
{
    int kind = name_index(vf_terrain_kinds, ws->w[2]);
    int32_t v[4];
    int ok = kind >= 0 && sd->nterrain < VF_MAX_TERRAIN && strlen(ws->w[1]) < VF_ID_LEN;
    for (int i = 0; ok && i < 4; i++)
        ok = vf_parse_fixed(ws->w[3 + i], &v[i]) && v[i] >= 0 &&
             v[i] <= (i % 2 ? sd->table_d : sd->table_w);
    if (!ok || v[0] == v[2] || v[1] == v[3])
        return gr_failst(err, GR_ERR_PARSE, NULL, "terrain ID wood|building|river|ford X0 Y0 X1 "
                         "Y1: a rectangle on the table, at most %d pieces", VF_MAX_TERRAIN);
    vf_terrain_def *t = &sd->terrain[sd->nterrain++];
    snprintf(t->id, sizeof t->id, "%s", ws->w[1]);
    t->kind = (uint8_t)kind;
    vf_terrain_rect(t, v[0], v[1], v[2], v[3]);
    return GR_OK;
}

gr_status vf_edit(void *sdata, const char *line, gr_error *err)
{
    vf_sdata *sd = sdata;
    words ws;
    int32_t w, d;
    int n;
    if (!split(&ws, line))
        return gr_failst(err, GR_ERR_PARSE, NULL,
                         "empty edit line, or too long (255 characters, 16 words)");
    if (!strcmp(ws.w[0], "table") && ws.n == 3 && vf_parse_fixed(ws.w[1], &w) &&
        vf_parse_fixed(ws.w[2], &d) && w >= 1200 && d >= 1200 && w <= 24000 && d <= 24000) {
        sd->table_w = w;
        sd->table_d = d;
        return GR_OK;
    }
    if (!strcmp(ws.w[0], "max-turns") && ws.n == 2 && parse_int(ws.w[1], 1, 99, &n)) {
        sd->max_turns = (uint8_t)n;
        return GR_OK;
    }
    if (!strcmp(ws.w[0], "first-side") && ws.n == 2 && name_index(vf_side_names, ws.w[1]) >= 0) {
        sd->first_side = (uint8_t)name_index(vf_side_names, ws.w[1]);
        return GR_OK;
    }
    if (!strcmp(ws.w[0], "objective") && ws.n == 4)
        return edit_objective(sd, &ws, err);
    if (!strcmp(ws.w[0], "arrives") && ws.n == 7)
        return edit_arrives(sd, &ws, err);
    if (!strcmp(ws.w[0], "terrain") && ws.n == 7)
        return edit_terrain(sd, &ws, err);
    if (!strcmp(ws.w[0], "fate") && ws.n == 2 && (!strcmp(ws.w[1], "on") || !strcmp(ws.w[1], "off"))) {
        sd->fate = !strcmp(ws.w[1], "on");
        return GR_OK;
    }
    return gr_failst(err, GR_ERR_PARSE, NULL,
                     "unknown vf edit '%s' (table W D | max-turns N | first-side a|b | "
                     "objective ID X Y | arrives UNIT TURN X1 Y1 X2 Y2 | "
                     "terrain ID KIND X0 Y0 X1 Y1 | fate on|off)", line);
}

/* ------------------------------------------------------------ setup lines */

/* Reads the layout words of "unit ID x= y= facing= files= order= gap= shift=". */
static gr_status read_layout(const gr_game *g, int u, const words *ws, vf_layout *l,
                             int *figures, gr_error *err)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_profile *p = vf_unit_profile(sd, u);
    const char *x = value_of(ws, 2, "x"), *y = value_of(ws, 2, "y");
    const char *f = value_of(ws, 2, "facing"), *o = value_of(ws, 2, "order");
    const char *fi = value_of(ws, 2, "files"), *ga = value_of(ws, 2, "gap");
    const char *sh = value_of(ws, 2, "shift"), *fg = value_of(ws, 2, "figures");
    int32_t facing = 0, gap = 0;
    int files = 1, shift = 0, order = p->type == VF_ARTILLERY ? VF_ORDER_UNLIMBERED
                                                               : VF_ORDER_CLOSE;
    memset(l, 0, sizeof *l);
    if (!x || !y || !f || !vf_parse_fixed(x, &l->x) || !vf_parse_fixed(y, &l->y) ||
        !vf_parse_fixed(f, &facing) || facing < 0 || facing >= 36000 || facing % 10)
        return gr_failst(err, GR_ERR_PARSE, NULL, "unit: need x=, y= and facing= (0-359.9)");
    if ((o && (order = name_index(vf_order_names, o)) < 0) ||
        (fi && !parse_int(fi, 1, VF_MAX_FIGURES, &files)) ||
        (fg && !parse_int(fg, 1, VF_MAX_FIGURES, figures)) ||
        (ga && (!vf_parse_fixed(ga, &gap) || gap < 0 || gap > 250)) ||
        (sh && !parse_int(sh, 0, VF_MAX_FIGURES, &shift)))
        return gr_failst(err, GR_ERR_PARSE, NULL, "unit: bad order/files/figures/gap/shift");
    l->facing = facing;
    l->order = (uint8_t)order;
    vf_layout_shape(l, VF_ORDER_ARTILLERY(order) ? 1 : *figures, files);
    if (!ga)
        gap = order == VF_ORDER_OPEN ? sd->t.open_gap_default
              : order == VF_ORDER_UNLIMBERED ? sd->t.limber_gap_default : 0;
    l->gap = (uint8_t)gap;
    if (sh)
        l->shift = (uint8_t)shift;
    return GR_OK;
}

/* Place unit u (set-up rules vf:1.2-a, 1.2.1, 1.2.3; on the table, no
 * overlap with another unit: vf:1.2.1-b). */
static gr_status setup_unit(gr_game *g, const words *ws, gr_error *err)
{
    static const char *const keys[] = {"x", "y", "facing", "files", "order", "gap", "shift",
                                       "figures", NULL};
    const vf_sdata *sd = vf_sd(g);
    vf_state *st = vf_st(g);
    int u = vf_unit_find(sd, ws->w[1]);
    if (u < 0 || !keys_known(ws, 2, keys))
        return gr_failst(err, GR_ERR_PARSE, NULL, u < 0 ? "no unit '%s'" : "unit %s: unknown key",
                         ws->w[1]);
    int figures = st->unit[u].figures;
    vf_layout l;
    vf_verdict v;
    gr_status s = read_layout(g, u, ws, &l, &figures, err);
    if (s != GR_OK)
        return s;
    if (!vf_layout_check(sd, u, figures, &l, &v))
        return gr_fail(err, v.rule, "%s: %s", sd->unit[u].id, v.msg);
    gr_base mine[VF_MAX_CELLS], other[VF_MAX_CELLS];
    int n = vf_cells(sd, u, &l, mine);
    if (!vf_cells_on_table(sd, mine, n))
        return gr_fail(err, "vf:6.3-e", "%s would not be on the battlefield", sd->unit[u].id);
    for (int o = 0; o < sd->nunits; o++) {
        if (o == u || st->unit[o].status != VF_UNIT_ON)
            continue;
        int k = vf_cells(sd, o, &st->unit[o].at, other);
        if (vf_cells_overlap(sd, mine, n, other, k))
            return gr_fail(err, "vf:1.2.1-b", "%s would overlap %s", sd->unit[u].id,
                           sd->unit[o].id);
    }
    st->unit[u].at = l;
    st->unit[u].figures = (uint8_t)figures;
    st->unit[u].status = VF_UNIT_ON;
    vf_entrench_deployed(sd, st, u); /* placed as deployed: SR-Entrenchments-a */
    return GR_OK;
}

static gr_status setup_leader(gr_game *g, const words *ws, gr_error *err)
{
    const vf_sdata *sd = vf_sd(g);
    vf_state *st = vf_st(g);
    int l = -1;
    for (int i = 0; i < sd->nleaders; i++)
        if (strcmp(sd->leader[i].id, ws->w[1]) == 0)
            l = i;
    const char *x = value_of(ws, 2, "x"), *y = value_of(ws, 2, "y");
    if (l < 0)
        return gr_failst(err, GR_ERR_PARSE, NULL, "no leader '%s'", ws->w[1]);
    if (ws->n == 3 && strcmp(ws->w[2], "off") == 0) {
        st->leader[l].status = VF_UNIT_OFF;
        return GR_OK;
    }
    if (ws->n != 4 || !x || !y || !vf_parse_fixed(x, &st->leader[l].x) ||
        !vf_parse_fixed(y, &st->leader[l].y))
        return gr_failst(err, GR_ERR_PARSE, NULL, "leader ID x=X y=Y | leader ID off");
    st->leader[l].status = VF_UNIT_ON;
    return GR_OK;
}

/* "active SIDE": that side's action phase begins (nobody has acted). */
static gr_status setup_active(gr_game *g, const words *ws, gr_error *err)
{
    int s = ws->n == 2 ? name_index(vf_side_names, ws->w[1]) : -1;
    vf_state *st = vf_st(g);
    if (s < 0)
        return gr_failst(err, GR_ERR_PARSE, NULL, "active a|b");
    st->active = (uint8_t)s;
    st->phase = VF_PHASE_ACTION;
    st->fx.window = VF_FW_NONE; /* no fate window is open */
    vf_fate_phase_begins(g);
    if (st->turns[s] == 0)
        st->turns[s] = 1;
    memset(&st->moving, 0, sizeof st->moving);
    vf_action_open(g);
    return GR_OK;
}

/* The side named by "PHASE SIDE" made active for a phase set up from a
 * setup line (its turn counted, no open move, choosing); the side, or -1
 * (err set, citing `usage`) when the line does not name one. */
static int setup_phase_side(gr_game *g, const words *ws, const char *usage, gr_error *err)
{
    int s = ws->n == 2 ? name_index(vf_side_names, ws->w[1]) : -1;
    vf_state *st = vf_st(g);
    if (s < 0) {
        gr_failst(err, GR_ERR_PARSE, NULL, "%s", usage);
        return -1;
    }
    st->active = (uint8_t)s;
    st->fx.window = VF_FW_NONE; /* no fate window is open */
    vf_fate_phase_begins(g);
    if (st->turns[s] == 0)
        st->turns[s] = 1;
    memset(&st->moving, 0, sizeof st->moving);
    st->step = VF_STEP_CHOOSE;
    st->current = 0;
    return s;
}

/* "fire-phase SIDE": that side's fire phase begins now (nothing fired). */
static gr_status setup_fire_phase(gr_game *g, const words *ws, gr_error *err)
{
    if (setup_phase_side(g, ws, "fire-phase a|b", err) < 0)
        return GR_ERR_PARSE;
    vf_state *st = vf_st(g);
    for (int u = 0; u < vf_sd(g)->nunits; u++)
    {
        st->unit[u].flags &= (uint8_t)~(VF_UF_FIRED | VF_UF_ATTACKED | VF_UF_ACTED |
                                        VF_UF_SKIRMISHED);
        st->unit[u].sflags &= (uint8_t)~(VF_SF_GUNS_FIRED | VF_SF_OCCUPIED_NOW |
                                         VF_SF_JUST_MOVED);
    }
    st->phase = VF_PHASE_FIRE;
    return GR_OK;
}

/* "combat-phase SIDE": that side's combat phase begins now (targets are
 * chosen from the position as it stands; it passes at once when no unit
 * of the side is in contact with an enemy unit). */
static gr_status setup_combat_phase(gr_game *g, const words *ws, gr_error *err)
{
    if (setup_phase_side(g, ws, "combat-phase a|b", err) < 0)
        return GR_ERR_PARSE;
    vf_combat_open(g);
    return GR_OK;
}

/* "activate BRIGADE": chosen and activated now, as after a passed test
 * (the brigade being activated, if another, is done). */
static gr_status setup_activate(gr_game *g, const words *ws, gr_error *err)
{
    const vf_sdata *sd = vf_sd(g);
    int b = ws->n == 2 ? vf_id_brigade(sd, vf_id_find(sd, ws->w[1])) : -1;
    if (b < 0)
        return gr_failst(err, GR_ERR_PARSE, NULL, "activate BRIGADE");
    if (vf_st(g)->phase != VF_PHASE_ACTION || sd->brigade[b].side != vf_st(g)->active ||
        vf_moving_unit(vf_st(g)) >= 0)
        return gr_failst(err, GR_ERR_STATE, NULL, "activate: not that side's action phase, "
                         "or a move is open");
    vf_activate_now(g, b);
    return GR_OK;
}

/* "rout UNIT": the unit is removed as routed (9.3-a); its brigade counts
 * a rout for its activation tests (6.1-a). */
static void setup_rout(gr_game *g, int u)
{
    vf_state *st = vf_st(g);
    st->unit[u].status = VF_UNIT_ROUTED;
    st->brigade[vf_sd(g)->unit[u].brigade].flags |= VF_BF_ROUTED;
}

static const char *const control_names[] = {"none", "a", "b", NULL};

gr_status vf_setup(gr_game *g, const char *line, gr_error *err)
{
    words ws;
    vf_state *st = vf_st(g);
    if (!split(&ws, line))
        return gr_failst(err, GR_ERR_PARSE, NULL,
                         "empty setup line, or too long (255 characters, 16 words)");
    if (!strcmp(ws.w[0], "unit") && ws.n >= 2)
        return setup_unit(g, &ws, err);
    if (!strcmp(ws.w[0], "leader") && ws.n >= 3)
        return setup_leader(g, &ws, err);
    if (!strcmp(ws.w[0], "active"))
        return setup_active(g, &ws, err);
    if (!strcmp(ws.w[0], "fire-phase"))
        return setup_fire_phase(g, &ws, err);
    if (!strcmp(ws.w[0], "activate"))
        return setup_activate(g, &ws, err);
    if (!strcmp(ws.w[0], "combat-phase"))
        return setup_combat_phase(g, &ws, err);
    if (!strcmp(ws.w[0], "fate") && vf_sd(g)->fate)
        return vf_fate_setup(g, line, err);
    int o = ws.n == 3 ? vf_id_objective(vf_sd(g), vf_id_find(vf_sd(g), ws.w[1])) : -1;
    if (!strcmp(ws.w[0], "objective") && o >= 0 && name_index(control_names, ws.w[2]) >= 0) {
        st->objective[o] = (uint8_t)name_index(control_names, ws.w[2]);
        return GR_OK;
    }
    int u = ws.n == 2 ? vf_unit_find(vf_sd(g), ws.w[1]) : -1;
    if (!strcmp(ws.w[0], "remove") && u >= 0) {
        st->unit[u].status = VF_UNIT_OFF;
        return GR_OK;
    }
    if (!strcmp(ws.w[0], "markers") && ws.n == 3 &&
        (u = vf_unit_find(vf_sd(g), ws.w[1])) >= 0) {
        int k;
        if (!parse_int(ws.w[2], 0, 99, &k))
            return gr_failst(err, GR_ERR_PARSE, NULL, "markers ID N (0-99)");
        st->unit[u].markers = (uint8_t)k;
        return GR_OK;
    }
    if (!strcmp(ws.w[0], "rout") && u >= 0) {
        setup_rout(g, u);
        return GR_OK;
    }
    if (!strcmp(ws.w[0], "rout") && ws.n == 3 && !strcmp(ws.w[2], "now") &&
        (u = vf_unit_find(vf_sd(g), ws.w[1])) >= 0 && st->unit[u].status == VF_UNIT_ON) {
        vf_rout(g, u); /* as in play: counts for this phase's fortitude test */
        return GR_OK;
    }
    if (!strcmp(ws.w[0], "occupy") && ws.n == 3)
        return vf_occupy_setup(g, ws.w[1], ws.w[2], err);
    if (!strcmp(ws.w[0], "acted") && u >= 0) {
        st->unit[u].flags |= VF_UF_ACTED;
        return GR_OK;
    }
    return gr_failst(err, GR_ERR_PARSE, NULL, "unknown vf setup line '%s' (see docs/vf.md)",
                     line);
}
