/* query.c — queries ("key=value" answers for rule cases and programs) and
 * the readable description of a (possibly masked) state.  Vocabulary in
 * docs/jdg.md. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "jdg.h"
#include "fire/fire.h"

static const char *hexname(const jdg_data *d, int hex, char *buf, size_t size)
{
    if (hex == JDG_OFFMAP || jdg_hex_label(d, hex, buf, size) <= 0)
        snprintf(buf, size, "off");
    return buf;
}

static const char *const PHASES[] = {"orders", "pick", "activation", "over", "rout", "?",
                                     "?", "?"};
static const char *const WEATHER[] = {"day", "night", "fog"};

static const char *marker_id(const jdg_data *d, int m)
{
    return m >= 0 ? d->marker[m].id : "-";
}

static void q_phase(const gr_game *g, gr_text *o)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    int f = s->active >= 0 ? d->marker[s->active].formation : -1;
    gr_textf(o, "turn=%d phase=%s step=%s active=%s formation=%s side=%s activations=%d weather=%s",
             s->turn, PHASES[s->phase & 7],
             s->phase == JDG_PH_ACTIVATION ? jdg_step_names[s->step] : "-", marker_id(d, s->active),
             f >= 0 ? d->formation[f].id : "-",
             s->active >= 0 ? jdg_player_names[d->marker[s->active].side] : "-", s->draws,
             WEATHER[d->weather[s->turn] % 3]);
}

static void q_cup(const gr_game *g, gr_text *o)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    gr_textf(o, "count=%d", jdg_cup_count(s));
    for (int m = 0; m < d->nmarkers; m++)
        if (s->ma_loc[m] == JDG_MA_CUP)
            gr_textf(o, " %s", d->marker[m].id);
}

static gr_status q_ma(const gr_game *g, const char *id, gr_text *o, gr_error *err)
{
    const jdg_data *d = jdg_sd(g);
    int m = jdg_marker_find(d, id);
    if (m < 0)
        return gr_failst(err, GR_ERR_ARG, NULL, "no activation marker '%s'", id);
    const jdg_marker_data *md = &d->marker[m];
    gr_textf(o, "where=%s code=%s initiative=%d formation=%s side=%s",
             jdg_maloc_names[jdg_cst(g)->ma_loc[m]], md->code == JDG_MA_COMBINED ? "C" : "O",
             md->initiative, md->formation >= 0 ? d->formation[md->formation].id : "-",
             jdg_player_names[md->side]);
    return GR_OK;
}

static void q_initiative(const gr_game *g, gr_text *o)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    gr_textf(o, "french=%d allied=%d winner=%s picked=%s", s->init_total[0], s->init_total[1],
             s->init_winner >= 0 ? jdg_player_names[s->init_winner] : "none",
             marker_id(d, s->picked));
}

static gr_status q_group(const gr_game *g, const char *id, gr_text *o, gr_error *err)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    int u = jdg_unit_find(d, id);
    if (u < 0 || u >= d->nunits || s->unit[u].group < 0)
        return gr_failst(err, GR_ERR_ARG, NULL, "'%s' is not a unit in a tactical group", id);
    const jdg_group *gr = &s->group[s->unit[u].group];
    gr_textf(o, "leader=%s formation=%s side=%s size=%d order=%s revealed=%d eligible=%d mode=%s",
             d->unit[gr->leader].id, d->formation[gr->formation].id, jdg_player_names[gr->side],
             gr->size, jdg_order_names[gr->order & 3], gr->revealed, gr->eligible,
             jdg_mode_names[gr->mode & 3]);
    return GR_OK;
}

static void q_groups(const gr_game *g, gr_text *o)
{
    const jdg_state *s = jdg_cst(g);
    int n[2] = {0, 0};
    for (int gi = 0; gi < s->ngroups; gi++)
        n[s->group[gi].side & 1]++;
    gr_textf(o, "count=%d french=%d allied=%d", s->ngroups, n[0], n[1]);
}

static gr_status q_unit(const gr_game *g, const char *id, gr_text *o, gr_error *err)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    int u = jdg_unit_find(d, id);
    if (u < 0 || u >= d->nunits)
        return gr_failst(err, GR_ERR_ARG, NULL, "no unit '%s'", id);
    char h[16];
    const jdg_unit *un = &s->unit[u];
    gr_textf(o, "hex=%s facing=%d status=%s group=%s formation=%s side=%s square=%d "
             "reinforcement=%d spent=%d",
             hexname(d, un->hex, h, sizeof h), un->facing, jdg_status_names[un->status & 3],
             un->group >= 0 ? d->unit[s->group[un->group].leader].id : "-",
             d->formation[d->unit[u].formation].id, jdg_player_names[d->unit[u].side],
             !!(un->flags & JDG_UF_SQUARE), !!(un->flags & JDG_UF_REINF), un->spent);
    return GR_OK;
}

/* "front UNIT HEX": is HEX a front or a rear hex of the unit. */
static gr_status q_front(const gr_game *g, const char *what, gr_text *o, gr_error *err)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    char id[JDG_ID], label[16];
    int u = -1, hex = -1;
    if (sscanf(what, "front %23s %15s", id, label) == 2) {
        u = jdg_unit_find(d, id);
        hex = jdg_hex_find(d, label);
    }
    if (u < 0 || u >= d->nunits || hex < 0)
        return gr_failst(err, GR_ERR_ARG, NULL, "want 'front UNIT HEX'");
    const jdg_unit *un = &s->unit[u];
    int adjacent = un->hex != JDG_OFFMAP && jdg_dist(d, un->hex, hex) == 1;
    int front = jdg_is_front(d, s, u, hex);
    gr_textf(o, "front=%d rear=%d six=%d", front,
             adjacent && !front && un->status < JDG_ROUTED, jdg_six_fronts(d, s, u));
    return GR_OK;
}

static gr_status q_formation(const gr_game *g, const char *id, gr_text *o, gr_error *err)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    int f = jdg_formation_find(d, id);
    if (f < 0)
        return gr_failst(err, GR_ERR_ARG, NULL, "no formation '%s'", id);
    int due = 0;
    for (int k = 0; k < d->formation[f].nmarkers; k++)
        due += jdg_marker_due(d, s, d->formation[f].marker[k]);
    gr_textf(o, "side=%s activations=%d demoralised=%d mas-due=%d",
             jdg_player_names[d->formation[f].side], s->formation[f].activations,
             s->formation[f].demoralised, due);
    return GR_OK;
}

static gr_status q_orders(const gr_game *g, const char *side, gr_text *o, gr_error *err)
{
    const jdg_state *s = jdg_cst(g);
    int p = !strcmp(side, "french") ? 0 : !strcmp(side, "allied") ? 1 : -1;
    if (p < 0)
        return gr_failst(err, GR_ERR_ARG, NULL, "want 'orders french|allied'");
    int ordered = 0, eligible = 0;
    for (int gi = 0; gi < s->ngroups; gi++)
        if (s->group[gi].side == p) {
            ordered += s->group[gi].order == JDG_ORD_ORDERED;
            eligible += s->group[gi].eligible;
        }
    gr_textf(o, "capacity=%d committed=%d eligible=%d ordered=%d",
             jdg_order_capacity(jdg_sd(g), s, p), (s->committed >> p) & 1, eligible, ordered);
    return GR_OK;
}

/* ------------------------------------------------------------------ board (docs/queries.md) */

/* Shading class of a terrain for terminal maps (docs/queries.md). */
static const char *terrain_class(const char *id)
{
    static const char *const MAP[][2] = {
        {"village", "built"}, {"town", "built"},       {"castle", "built"},
        {"woods", "wooded"},  {"orchard", "wooded"},   {"palm-grove", "wooded"},
        {"marsh", "marsh"},   {"difficult", "rough"},  {"impassable", "blocked"}};
    for (size_t i = 0; i < sizeof MAP / sizeof MAP[0]; i++)
        if (!strcmp(id, MAP[i][0]))
            return MAP[i][1];
    return "open";
}

/* One `side=A,B kind=...` line per hexside with a road, a track or a
 * feature of T1 (docs/queries.md). */
static void board_sides(const jdg_data *d, gr_text *o)
{
    char a[16], b[16];
    for (int i = 0; i < d->nhexes; i++)
        for (int dir = 0; dir < 6; dir++) {
            int j = jdg_nbr(d, i, dir);
            unsigned bits = j > i ? d->side[gr_grid_side(&d->grid, i, dir)] : 0;
            if (!bits)
                continue;
            gr_textf(o, "side=%s,%s kind=", hexname(d, i, a, sizeof a), hexname(d, j, b, sizeof b));
            int n = 0;
            if (bits & JDG_SF_ROAD)
                gr_textf(o, "%sroad", n++ ? "," : "");
            if (bits & JDG_SF_TRACK)
                gr_textf(o, "%strack", n++ ? "," : "");
            for (int k = 0; k < JDG_NSIDEKINDS; k++)
                if (bits & (1u << k))
                    gr_textf(o, "%s%s", n++ ? "," : "", jdg_side_ids[k]);
            gr_textf(o, "\n");
        }
}

static void q_board(const gr_game *g, gr_text *o)
{
    const jdg_data *d = jdg_sd(g);
    const gr_grid *gr = &d->grid;
    char h[16];
    gr_textf(o, "grid cols=%d rows=%d layout=%s shifted=%d col0=%d row0=%d label=%s\n", gr->cols,
             gr->rows, gr->layout == GR_GRID_FLAT ? "flat" : "pointy", gr->shifted, gr->col0,
             gr->row0, gr->label == GR_LABEL_CCRR ? "ccrr" : "letter-row");
    for (int i = 0; i < d->nhexes; i++) {
        int col, row;
        gr_grid_cr(gr, i, &col, &row);
        const jdg_terrain_data *t = &d->terrain_kind[d->terrain[i]];
        gr_textf(o, "hex=%s col=%d row=%d terrain=%s class=%s level=%d\n",
                 hexname(d, i, h, sizeof h), col, row, t->id, terrain_class(t->id), d->level[i]);
    }
    board_sides(d, o);
}

/* Map symbol: I, C, A; lower case when disordered or routed. */
static char unit_sym(const jdg_data *d, const jdg_state *s, int u)
{
    static const char SYM[] = "ICA";
    char c = SYM[d->unit[u].type % 3];
    return s->unit[u].status == JDG_GOOD ? c : (char)(c - 'A' + 'a');
}

static void q_units(const gr_game *g, gr_text *o)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    char h[16];
    for (int u = 0; u < d->nunits; u++) {
        const jdg_unit *un = &s->unit[u];
        if (un->hex == JDG_OFFMAP || un->status == JDG_ELIMINATED)
            continue;
        gr_textf(o, "unit=%s side=%s hex=%s sym=%c status=%s facing=%d\n", d->unit[u].id,
                 jdg_player_names[d->unit[u].side], hexname(d, un->hex, h, sizeof h),
                 unit_sym(d, s, u), jdg_status_names[un->status & 3], un->facing);
    }
    for (int c = 0; c < d->ncincs; c++)
        if (s->cinc[c].hex != JDG_OFFMAP && !s->cinc[c].eliminated)
            gr_textf(o, "unit=%s side=%s hex=%s sym=* status=cinc\n", d->cinc[c].id,
                     jdg_player_names[d->cinc[c].side], hexname(d, s->cinc[c].hex, h, sizeof h));
}

static void q_panel(const gr_game *g, gr_text *o)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    gr_textf(o, "turn=%d of %d\nphase=%s\nweather=%s\n", s->turn, d->turn_last,
             PHASES[s->phase & 7], WEATHER[d->weather[s->turn] % 3]);
    if (s->phase == JDG_PH_ACTIVATION && s->active >= 0) {
        int f = d->marker[s->active].formation;
        gr_textf(o, "active=%s (%s, %s)\nstep=%s\n", d->marker[s->active].id,
                 f >= 0 ? d->formation[f].id : "combined",
                 jdg_player_names[d->marker[s->active].side], jdg_step_names[s->step]);
    }
    gr_textf(o, "cup=%d markers\nactivations=%d\n", jdg_cup_count(s), s->draws);
    gr_textf(o, "initiative=french %d, allied %d: %s\n", s->init_total[0], s->init_total[1],
             s->init_winner >= 0 ? jdg_player_names[s->init_winner] : "none");
    for (int p = 0; p < JDG_NPLAYERS; p++)
        gr_textf(o, "orders.%s=capacity %d%s\n", jdg_player_names[p], jdg_order_capacity(d, s, p),
                 (s->committed >> p) & 1 ? ", given" : "");
}

/* "hex LABEL": terrain, level and who stands there. */
static gr_status q_hex(const gr_game *g, const char *label, gr_text *o, gr_error *err)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    int h = jdg_hex_find(d, label);
    if (h < 0)
        return gr_failst(err, GR_ERR_ARG, NULL, "no hex '%s'", label);
    const jdg_terrain_data *t = &d->terrain_kind[d->terrain[h]];
    gr_textf(o, "terrain=%s level=%d units=", t->id, d->level[h]);
    const char *sep = "";
    for (int u = 0; u < d->nunits; u++)
        if (s->unit[u].hex == h && s->unit[u].status != JDG_ELIMINATED) {
            gr_textf(o, "%s%s", sep, d->unit[u].id);
            sep = ",";
        }
    for (int c = 0; c < d->ncincs; c++)
        if (s->cinc[c].hex == h && !s->cinc[c].eliminated) {
            gr_textf(o, "%s%s", sep, d->cinc[c].id);
            sep = ",";
        }
    gr_textf(o, "%s", *sep ? "" : "-");
    for (int link = 0; link < 2; link++) {
        char nb[16];
        gr_textf(o, " %s=", link ? "tracks" : "roads");
        sep = "";
        for (int dir = 0; dir < 6; dir++)
            if (jdg_side_bits(d, h, dir) & (link ? JDG_SF_TRACK : JDG_SF_ROAD)) {
                gr_textf(o, "%s%s", sep, hexname(d, jdg_nbr(d, h, dir), nb, sizeof nb));
                sep = ",";
            }
        gr_textf(o, "%s", *sep ? "" : "-");
    }
    return GR_OK;
}

/* "hexside A B": the features of the side between two adjacent hexes. */
static gr_status q_hexside(const gr_game *g, const char *what, gr_text *o, gr_error *err)
{
    const jdg_data *d = jdg_sd(g);
    char la[16], lb[16];
    int a = -1, b = -1;
    if (sscanf(what, "hexside %15s %15s", la, lb) == 2) {
        a = jdg_hex_find(d, la);
        b = jdg_hex_find(d, lb);
    }
    int dir = a >= 0 ? jdg_dir_to(d, a, b) : -1;
    if (dir < 0)
        return gr_failst(err, GR_ERR_ARG, NULL, "want 'hexside HEX HEX' (adjacent hexes)");
    unsigned bits = jdg_side_bits(d, a, dir);
    const char *sep = "";
    gr_textf(o, "features=");
    for (int k = 0; k < JDG_NSIDEKINDS; k++)
        if (bits & (1u << k)) {
            gr_textf(o, "%s%s", sep, jdg_side_ids[k]);
            sep = ",";
        }
    gr_textf(o, "%s road=%d track=%d levels=%d,%d", *sep ? "" : "-", !!(bits & JDG_SF_ROAD),
             !!(bits & JDG_SF_TRACK), d->level[a], d->level[b]);
    return GR_OK;
}

/* "range UNIT": the hexes artillery could fire at as it stands (cone,
 * maximum range, LOS or point blank, night and fog) [R7.2-c, R7.3-c, R7.4]. */
static gr_status q_range(const gr_game *g, const char *id, gr_text *o, gr_error *err)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    int u = jdg_unit_find(d, id);
    char h[16];
    if (u < 0 || u >= d->nunits)
        return gr_failst(err, GR_ERR_ARG, NULL, "no unit '%s'", id);
    const jdg_unit *un = &s->unit[u];
    int art = d->unit[u].type == JDG_ART && un->status < JDG_ROUTED && jdg_on_map(s, u);
    int range = art ? d->unit[u].face[un->status == JDG_GOOD ? 0 : 1].max_range : 0;
    gr_textf(o, "range=%d hexes=", range);
    const char *sep = "";
    for (int i = 0; art && i < d->nhexes; i++)
        if (jdg_fire_reach(d, s, u, i)) {
            gr_textf(o, "%s%s", sep, hexname(d, i, h, sizeof h));
            sep = ",";
        }
    if (!*sep)
        gr_textf(o, "-");
    return GR_OK;
}

/* "reach UNIT HEX": the range at which artillery could fire at HEX as it
 * stands, 0 when it could not (jdg_fire_reach). */
static gr_status q_reach(const gr_game *g, const char *what, gr_text *o, gr_error *err)
{
    const jdg_data *d = jdg_sd(g);
    char id[JDG_ID], label[16];
    int u = -1, hex = -1;
    if (sscanf(what, "reach %23s %15s", id, label) == 2) {
        u = jdg_unit_find(d, id);
        hex = jdg_hex_find(d, label);
    }
    if (u < 0 || u >= d->nunits || hex < 0)
        return gr_failst(err, GR_ERR_ARG, NULL, "want 'reach UNIT HEX'");
    gr_textf(o, "reach=%d", jdg_fire_reach(d, jdg_cst(g), u, hex));
    return GR_OK;
}

/* "los A B": line of sight between two hexes as the units stand [R7.4]. */
static gr_status q_los(const gr_game *g, const char *what, gr_text *o, gr_error *err)
{
    const jdg_data *d = jdg_sd(g);
    char la[16], lb[16];
    int a = -1, b = -1;
    if (sscanf(what, "los %15s %15s", la, lb) == 2) {
        a = jdg_hex_find(d, la);
        b = jdg_hex_find(d, lb);
    }
    if (a < 0 || b < 0 || a == b)
        return gr_failst(err, GR_ERR_ARG, NULL, "want 'los HEX HEX' (two hexes)");
    gr_textf(o, "los=%d range=%d", jdg_los(d, jdg_cst(g), a, b), jdg_dist(d, a, b));
    return GR_OK;
}

/* "vp": each side's VP now and who controls each VP hex [R13.2]. */
static void q_vp(const gr_game *g, gr_text *o)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    gr_textf(o, "french=%d allied=%d", jdg_vp(d, s, 0), jdg_vp(d, s, 1));
    for (int i = 0; i < d->victory.nhexes; i++) {
        char hx[16];
        jdg_hex_label(d, d->victory.hex[i].hex, hx, sizeof hx);
        gr_textf(o, " %s=%s", hx, s->ctrl[i] < 0 ? "none" : jdg_player_names[s->ctrl[i]]);
    }
}

gr_status jdg_query(const gr_game *g, const char *what, char *buf, size_t size, gr_error *err)
{
    gr_text o = {buf, size, 0};
    char key[32] = "", arg[64] = "";
    sscanf(what, "%31s %63s", key, arg);
    gr_status st = GR_OK;
    if (!strcmp(key, "phase")) q_phase(g, &o);
    else if (!strcmp(key, "cup")) q_cup(g, &o);
    else if (!strcmp(key, "initiative")) q_initiative(g, &o);
    else if (!strcmp(key, "groups")) q_groups(g, &o);
    else if (!strcmp(key, "ma")) st = q_ma(g, arg, &o, err);
    else if (!strcmp(key, "group")) st = q_group(g, arg, &o, err);
    else if (!strcmp(key, "unit")) st = q_unit(g, arg, &o, err);
    else if (!strcmp(key, "formation")) st = q_formation(g, arg, &o, err);
    else if (!strcmp(key, "orders")) st = q_orders(g, arg, &o, err);
    else if (!strcmp(key, "front")) st = q_front(g, what, &o, err);
    else if (!strcmp(key, "board")) q_board(g, &o);
    else if (!strcmp(key, "units")) q_units(g, &o);
    else if (!strcmp(key, "panel")) q_panel(g, &o);
    else if (!strcmp(key, "range")) st = q_range(g, arg, &o, err);
    else if (!strcmp(key, "hex")) st = q_hex(g, arg, &o, err);
    else if (!strcmp(key, "hexside")) st = q_hexside(g, what, &o, err);
    else if (!strcmp(key, "los")) st = q_los(g, what, &o, err);
    else if (!strcmp(key, "reach")) st = q_reach(g, what, &o, err);
    else if (!strcmp(key, "vp")) q_vp(g, &o);
    else
        return gr_failst(
            err, GR_ERR_ARG, NULL,
            "unknown jdg query '%s' (phase, cup, initiative, groups, ma ID, "
            "group UNIT, unit ID, formation ID, orders SIDE, front UNIT HEX, board, "
            "units, panel, range UNIT, hex HEX, hexside HEX HEX, los HEX HEX, reach UNIT HEX, "
            "vp)",
            what);
    return st;
}

/* ------------------------------------------------------------------ describe */

static void describe_markers(const jdg_data *d, const jdg_state *s, gr_text *o)
{
    for (int loc = JDG_MA_CUP; loc <= JDG_MA_ASIDE; loc++) {
        gr_textf(o, "%s:", jdg_maloc_names[loc]);
        for (int m = 0; m < d->nmarkers; m++)
            if (s->ma_loc[m] == loc)
                gr_textf(o, " %s(%d)", d->marker[m].id, d->marker[m].initiative);
        gr_textf(o, "\n");
    }
}

static void describe_groups(const jdg_data *d, const jdg_state *s, gr_text *o)
{
    for (int gi = 0; gi < s->ngroups; gi++) {
        const jdg_group *gr = &s->group[gi];
        gr_textf(o, "group %s [%s, %s, %d units]: order=%s%s%s mode=%s\n", d->unit[gr->leader].id,
                 d->formation[gr->formation].id, jdg_player_names[gr->side], gr->size,
                 jdg_order_names[gr->order & 3], gr->revealed ? " (revealed)" : "",
                 gr->eligible ? " eligible" : "", jdg_mode_names[gr->mode & 3]);
    }
}

static void describe_units(const jdg_data *d, const jdg_state *s, gr_text *o)
{
    char h[16];
    for (int u = 0; u < d->nunits; u++) {
        const jdg_unit *un = &s->unit[u];
        gr_textf(o, "unit %s (%s, %s) hex=%s facing=%d %s\n", d->unit[u].id,
                 d->formation[d->unit[u].formation].id, jdg_player_names[d->unit[u].side],
                 hexname(d, un->hex, h, sizeof h), un->facing, jdg_status_names[un->status & 3]);
    }
    for (int c = 0; c < d->ncincs; c++)
        gr_textf(o, "cinc %s (%s) hex=%s drm=%d capacity=%d range=%d%s\n", d->cinc[c].id,
                 jdg_player_names[d->cinc[c].side], hexname(d, s->cinc[c].hex, h, sizeof h),
                 d->cinc[c].drm, d->cinc[c].capacity, d->cinc[c].range,
                 s->cinc[c].eliminated ? " eliminated" : "");
}

int jdg_describe(const gr_game *g, char *buf, size_t size)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    gr_text o = {buf, size, 0};
    if (size)
        buf[0] = '\0';
    gr_textf(&o, "Jours de Gloire: %s (tables %s)\n", gr_scenario_title(g->sc), d->tables_version);
    q_phase(g, &o);
    gr_textf(&o, "\norders given: french=%d allied=%d\n", s->committed & 1,
             (s->committed >> 1) & 1);
    q_initiative(g, &o);
    gr_textf(&o, "\n");
    describe_markers(d, s, &o);
    describe_groups(d, s, &o);
    describe_units(d, s, &o);
    return (int)o.len;
}
