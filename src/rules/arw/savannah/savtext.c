/* savtext.c — SAVANNAH: the text vocabulary of the strategic layer for
 * rule cases and tools (docs/arw.md): setup lines (weather, VP, lost SP,
 * siegeworks, destroyed towns, the assault, the defences, siege flags),
 * edit lines (special rules, turn record track), queries (weather, track,
 * vp, victory counts, works, hexside types and breaches, Savannah DRMs,
 * perimeter and sortie predicates), the describe lines and the
 * consistency checks. */
#include <stdlib.h>
#include <string.h>

#include "../arw.h"

static const char *const ASSAULT_NAMES[] = {"none", "announced", "switched", NULL};

/* ---------------------------------------------------------------- setup */

/* "works HEX none|build|done [toward=HEX]" */
static gr_status setup_works(gr_game *g, char **w, int n, gr_error *err)
{
    const arw_data *d = arw_dat(g);
    arw_state *s = arw_st(g);
    int h = n >= 3 ? gr_grid_find(&d->map.grid, w[1]) : -1, face = 1;
    if (h < 0 || (strcmp(w[2], "none") && strcmp(w[2], "build") && strcmp(w[2], "done")))
        return arw_parse_fail(err, "want 'works HEX none|build|done [toward=HEX]'");
    if (n == 4 && !strncmp(w[3], "toward=", 7))
        face = arw_dir(d, h, gr_grid_find(&d->map.grid, w[3] + 7));
    if (face < 0 || n > 4)
        return arw_parse_fail(err, "works: toward= names a neighbour of the hex");
    if (s->hex[h].flags & (ARW_H_WORKS_BUILD | ARW_H_WORKS_DONE))
        s->sav.works_avail++; /* the marker comes back */
    s->hex[h].flags &= (uint8_t)~(ARW_H_WORKS_BUILD | ARW_H_WORKS_DONE | ARW_H_FACING_MASK |
                                  ARW_H_WORKS_NEW);
    if (strcmp(w[2], "none") && s->sav.works_avail == 0)
        return arw_parse_fail(err, "works: no construction marker is available");
    if (strcmp(w[2], "none"))
        s->sav.works_avail--;
    if (!strcmp(w[2], "build"))
        s->hex[h].flags |= ARW_H_WORKS_BUILD;
    else if (!strcmp(w[2], "done"))
        s->hex[h].flags |= (uint8_t)(ARW_H_WORKS_DONE | (unsigned)face << ARW_H_FACING_SHIFT);
    return GR_OK;
}

static gr_status setup_state(gr_game *g, char **w, int n, gr_error *err)
{
    arw_state *s = arw_st(g);
    int v, a;
    if (!strcmp(w[0], "assault") && n == 2 && (v = arw_name_index(ASSAULT_NAMES, w[1])) >= 0)
        s->sav.assault = (uint8_t)v;
    else if (!strcmp(w[0], "works-stage") && n >= 2 && arw_parse_int(w[1], 0, 4, &v)) {
        s->sav.works_stage = (uint8_t)v;
        if (n == 3 && !strncmp(w[2], "available=", 10) && arw_parse_int(w[2] + 10, 0, 30, &a))
            s->sav.works_avail = (uint8_t)a;
    } else if (!strcmp(w[0], "defences-complete") && n == 2 && arw_parse_int(w[1], 0, 99, &v))
        arw_sav_complete_defences(g, v); /* as Card 55 */
    else if (!strcmp(w[0], "defences-kept") && n == 2 &&
             (v = arw_name_index(arw_defences_names, w[1])) >= 0)
        s->sav.def_kept = (uint8_t)v;
    else if (!strcmp(w[0], "french-rolled") && n == 1)
        s->sav.flags |= ARW_SVF_FRENCH_ROLLED;
    else if (!strcmp(w[0], "naval-zone-off") && n == 1)
        arw_naval_zone_off(g); /* as Card 42 */
    else
        return arw_parse_fail(err,
                              "want 'assault none|announced|switched', 'works-stage N "
                              "[available=M]', 'defences-complete TURN', 'defences-kept STATE', "
                              "'french-rolled' or 'naval-zone-off'");
    return GR_OK;
}

static gr_status setup_values(gr_game *g, char **w, int n, gr_error *err)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    int v, k;
    if (!strcmp(w[0], "weather") && n == 2 && (v = arw_name_index(arw_weather_names, w[1])) >= 0) {
        s->weather = (uint8_t)v;
        s->sav.flags &= (uint8_t)~ARW_SVF_WX_NONE;
        s->sav.wx_prev = (uint8_t)v;
    } else if (!strcmp(w[0], "previous-weather") && n == 2 &&
               (v = arw_name_index(arw_weather_names, w[1])) >= 0) {
        s->sav.wx_prev = (uint8_t)v;
        s->sav.flags &= (uint8_t)~ARW_SVF_WX_NONE;
    } else if (!strcmp(w[0], "vp") && n == 3 && (k = arw_name_index(arw_army_names, w[1])) >= 0 &&
               arw_parse_int(w[2], -999, 999, &v))
        s->vp2[k] = (int16_t)v;
    else if (!strcmp(w[0], "lost-sp") && n == 3 &&
             (k = arw_name_index(arw_group_names, w[1])) >= 0 && arw_parse_int(w[2], 0, 999, &v))
        s->sav.lost_sp[k] = (int16_t)v;
    else if (!strcmp(w[0], "destroyed") && n == 2 && (v = gr_grid_find(&d->map.grid, w[1])) >= 0)
        s->hex[v].flags |= ARW_H_DESTROYED;
    else
        return arw_parse_fail(err, "want 'weather W', 'previous-weather W', 'vp ARMY HALF-POINTS', "
                                   "'lost-sp GROUP SP' or 'destroyed HEX'");
    return GR_OK;
}

int arw_sav_setup(gr_game *g, char **w, int n, gr_error *err, gr_status *st)
{
    static const char *const VALUES[] = {"weather", "previous-weather", "vp", "lost-sp",
                                         "destroyed", NULL};
    static const char *const STATE[] = {"assault", "works-stage", "defences-complete",
                                        "defences-kept", "french-rolled", "naval-zone-off",
                                        NULL};
    if (!strcmp(w[0], "works"))
        *st = setup_works(g, w, n, err);
    else if (arw_name_index(VALUES, w[0]) >= 0)
        *st = setup_values(g, w, n, err);
    else if (arw_name_index(STATE, w[0]) >= 0)
        *st = setup_state(g, w, n, err);
    else
        return 0;
    return 1;
}

/* ---------------------------------------------------------------- edit */

/* "turn N strategic|tactical ORDER [weather-roll] [events] [siege]
 *  [defences=D] [weather=W]" */
static gr_status edit_turn(arw_data *d, char **w, int n, gr_error *err)
{
    int t, track, order, v;
    if (n < 4 || !arw_parse_int(w[1], 1, ARW_MAX_TURNS, &t) ||
        (track = arw_name_index(arw_track_names, w[2])) < 0 ||
        (order = arw_name_index(arw_order_names, w[3])) < 0)
        return arw_parse_fail(
            err, "want 'turn N strategic|tactical ORDER [weather-roll] [events] [siege] "
                 "[defences=D] [weather=W]'");
    arw_turn r = {(uint8_t)(ARW_TT_DEFINED | (track ? ARW_TT_TACTICAL : 0)), 0, -1,
                  ARW_DEF_COMPLETE};
    for (int i = 4; i < n; i++) {
        if (!strcmp(w[i], "weather-roll"))
            r.flags |= ARW_TT_WEATHER_ROLL;
        else if (!strcmp(w[i], "events"))
            r.flags |= ARW_TT_EVENTS;
        else if (!strcmp(w[i], "siege"))
            r.flags |= ARW_TT_SIEGE;
        else if (!strncmp(w[i], "defences=", 9) &&
                 (v = arw_name_index(arw_defences_names, w[i] + 9)) >= 0)
            r.defences = (uint8_t)v;
        else if (!strncmp(w[i], "weather=", 8) &&
                 (v = arw_name_index(arw_weather_names, w[i] + 8)) >= 0)
            r.weather = (int8_t)v;
        else
            return gr_failst(err, GR_ERR_PARSE, NULL, "turn: bad option '%s'", w[i]);
    }
    d->turn[t] = r;
    d->order[t] = (uint8_t)order;
    return GR_OK;
}

static gr_status edit_rules(arw_data *d, char **w, int n, gr_error *err)
{
    uint32_t rules = 0;
    for (int i = 1; i < n; i++) {
        int r = arw_name_index(arw_srule_names, w[i]);
        if (r < 0 && strcmp(w[i], "-"))
            return gr_failst(err, GR_ERR_PARSE, NULL, "unknown special rule '%s'", w[i]);
        rules |= r >= 0 ? 1u << r : 0u;
    }
    d->rules = rules;
    return GR_OK;
}

int arw_sav_edit(arw_data *d, char **w, int n, gr_error *err, gr_status *st)
{
    if (!strcmp(w[0], "turn"))
        *st = edit_turn(d, w, n, err);
    else if (!strcmp(w[0], "rules"))
        *st = edit_rules(d, w, n, err);
    else
        return 0;
    return 1;
}

/* ---------------------------------------------------------------- query */

static void q_weather(const gr_game *g, gr_text *o)
{
    static const char *const MOVES[] = {"normal", "half", "off-road-half", "P"};
    static const char *const STRAT[] = {"normal", "x1.5", "P"};
    const arw_weather_fx *fx = arw_weather_now(g);
    int fire_p, cc_p;
    int fire = arw_weather_fire_drm(g, &fire_p), cc = arw_weather_cc_drm(g, &cc_p);
    gr_textf(o,
             "weather=%s move=%s strategic=%s fire=%d fire-prohibited=%d cc=%d "
             "cc-prohibited=%d rally=%d siege=",
             arw_weather_names[arw_cst(g)->weather], MOVES[fx->move], STRAT[fx->strategic], fire,
             fire_p, cc, cc_p, fx->rally);
    if (fx->siege == ARW_DRM_P)
        gr_textf(o, "P");
    else
        gr_textf(o, "%d", fx->siege);
    gr_textf(o, " build=%d complete=%d cards=%d reinforcements=%d",
             arw_weather_allows(g, ARW_WXF_BUILD), arw_weather_allows(g, ARW_WXF_COMPLETE),
             arw_weather_allows(g, ARW_WXF_CARDS), arw_weather_allows(g, ARW_WXF_REINF));
}

static void q_track(const gr_game *g, gr_text *o)
{
    const arw_state *s = arw_cst(g);
    gr_textf(o, "turn=%d track=%s assault=%s defences=%s perimeter-attack=%d", s->turn,
             arw_track_names[!arw_sav_strategic(g)], ASSAULT_NAMES[s->sav.assault],
             arw_defences_names[arw_sav_defences(g)], arw_perimeter_attack_allowed(g));
}

static void q_vp(const gr_game *g, gr_text *o)
{
    const arw_state *s = arw_cst(g);
    const int16_t *v = s->vp2;
    int allied = v[ARW_ARMY_FRENCH] + v[ARW_ARMY_AMERICAN];
    gr_textf(o, "british=%d french=%d american=%d allied=%d margin=%d allied-leader=%s",
             v[ARW_ARMY_BRITISH], v[ARW_ARMY_FRENCH], v[ARW_ARMY_AMERICAN], allied,
             allied - v[ARW_ARMY_BRITISH],
             v[ARW_ARMY_FRENCH] > v[ARW_ARMY_AMERICAN]   ? "french"
             : v[ARW_ARMY_AMERICAN] > v[ARW_ARMY_FRENCH] ? "american"
                                                         : "-"); /* SR2.11 */
}

static int sum_groups(const arw_state *s, unsigned groups)
{
    int n = 0;
    for (int i = 0; i < ARW_MAX_GROUPS; i++)
        n += (groups >> i & 1u) ? s->sav.lost_sp[i] : 0;
    return n;
}

static void q_victory(const gr_game *g, gr_text *o)
{
    const arw_state *s = arw_cst(g);
    const arw_sav_data *sv = &arw_dat(g)->sav;
    gr_textf(o, "allied-decisive=%d/%d british-decisive=%d/%d hs-british=%d",
             sum_groups(s, sv->allied.groups), sum_groups(s, sv->allied.core),
             sum_groups(s, sv->british.groups), sum_groups(s, sv->british.core),
             sum_groups(s, sv->hs_british.groups));
}

static gr_status q_works(const gr_game *g, char **w, int n, gr_text *o, gr_error *err)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    if (n == 1) {
        gr_textf(o, "stage=%d available=%d placed=%d completed-sides=%d", s->sav.works_stage,
                 s->sav.works_avail, s->sav.works_placed, arw_works_completed(g));
        return GR_OK;
    }
    int h = gr_grid_find(&d->map.grid, w[1]);
    if (h < 0)
        return gr_failst(err, GR_ERR_ARG, NULL, "want 'works [HEX]'");
    unsigned f = s->hex[h].flags;
    gr_textf(o, "state=%s distance=%d terrain=%s destroyed=%d",
             (f & ARW_H_WORKS_DONE)    ? "done"
             : (f & ARW_H_WORKS_BUILD) ? "build"
                                       : "none",
             arw_perimeter_distance(d, h), d->htype[arw_hex_terrain(g, h)].id,
             !!(f & ARW_H_DESTROYED));
    return GR_OK;
}

/* "edge A B": side types in effect crossing from B into A. */
/* "edge A B": side types in effect crossing from B into A and whether the
 * side is fully breached; "breached A B": the types breaches cancel there
 * (full or partial, Cards 25 and 34).  Both read savmap.c. */
static gr_status q_hexside(const gr_game *g, char **w, int n, gr_text *o, gr_error *err)
{
    const arw_data *d = arw_dat(g);
    int edge = !strcmp(w[0], "edge");
    int a = n == 3 ? gr_grid_find(&d->map.grid, w[1]) : -1;
    int b = n == 3 ? gr_grid_find(&d->map.grid, w[2]) : -1;
    int dir = a >= 0 && b >= 0 ? arw_dir(d, a, b) : -1;
    if (dir < 0)
        return gr_failst(err, GR_ERR_ARG, NULL, "want '%s HEX HEX' (adjacent hexes)", w[0]);
    unsigned types = edge ? arw_edge_types(g, a, dir) : arw_breached_types(g, a, dir);
    const char *sep = "";
    gr_textf(o, "types=");
    for (int t = 0; t < d->nstypes; t++)
        if (types & (1u << t)) {
            gr_textf(o, "%s%s", sep, d->stype[t].id);
            sep = ",";
        }
    gr_textf(o, "%s", *sep ? "" : "-");
    if (edge)
        gr_textf(o, " breached=%d", (arw_cst(g)->hex[a].breach >> dir) & 1);
    return GR_OK;
}

static gr_status q_unit_rules(const gr_game *g, char **w, int n, gr_text *o, gr_error *err)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int u = n >= 2 ? arw_unit_find(d, w[1]) : -1;
    int h = n == 3 ? gr_grid_find(&d->map.grid, w[2]) : (u >= 0 ? s->unit[u].hex : -1);
    if (u < 0 || h < 0)
        return gr_failst(err, GR_ERR_ARG, NULL, "want 'savannah UNIT [HEX]'");
    gr_textf(o,
             "move-ok=%d attack-barred=%d exit-ok=%d enter-ok=%d sortie=%d sortie-morale=%d "
             "rally-drm=%d ma-factor=%d",
             arw_perimeter_move_ok(g, u, h), arw_sav_attack_barred(g, u, h),
             arw_sortie_exit_ok(g, u, s->unit[u].hex, h), arw_sortie_enter_ok(g, u, h),
             !!(s->unit[u].flags & ARW_U_SORTIE), arw_sortie_morale(g, u), arw_sav_rally_drm(g, u),
             arw_sav_ma_factor(g, u));
    return GR_OK;
}

static void q_siege(const gr_game *g, gr_text *o)
{
    const arw_state *s = arw_cst(g);
    unsigned f = s->sav.turn_flags;
    gr_textf(o,
             "french-rolled=%d british-fire-drm=%d french-artillery-x2=%d graham-x2=%d "
             "beekman=%d",
             !!(s->sav.flags & ARW_SVF_FRENCH_ROLLED), arw_fire_artillery_drm(g, ARW_BRITISH),
             !!(f & ARW_SVT_X2_FR_ART), !!(f & ARW_SVT_X2_GRAHAM), !!(f & ARW_SVT_BEEKMAN));
}

int arw_sav_query(const gr_game *g, char **w, int n, char *buf, size_t size, gr_error *err,
                  gr_status *st)
{
    gr_text o = {buf, size, 0};
    int k;
    *st = GR_OK;
    if (!strcmp(w[0], "weather"))
        q_weather(g, &o);
    else if (!strcmp(w[0], "track"))
        q_track(g, &o);
    else if (!strcmp(w[0], "vp"))
        q_vp(g, &o);
    else if (!strcmp(w[0], "victory"))
        q_victory(g, &o);
    else if (!strcmp(w[0], "siege"))
        q_siege(g, &o);
    else if (!strcmp(w[0], "works"))
        *st = q_works(g, w, n, &o, err);
    else if (!strcmp(w[0], "edge") || !strcmp(w[0], "breached"))
        *st = q_hexside(g, w, n, &o, err);
    else if (!strcmp(w[0], "savannah"))
        *st = q_unit_rules(g, w, n, &o, err);
    else if (!strcmp(w[0], "sav-drm") && n == 2 && arw_parse_int(w[1], 1, 9999, &k) &&
             k <= arw_cst(g)->ncombats)
        gr_textf(&o, "drm=%d", arw_sav_cc_drm(g, k - 1));
    else
        return 0;
    return 1;
}

/* ---------------------------------------------------------------- describe, sanity */

void arw_sav_describe(const gr_game *g, char *buf, size_t size, size_t *len)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    gr_text o = {buf, size, *len};
    if (!d->sav.loaded)
        return;
    gr_textf(&o, "savannah: %s track, weather %s, assault %s, British defences %s\n",
             arw_track_names[!arw_sav_strategic(g)], arw_weather_names[s->weather],
             ASSAULT_NAMES[s->sav.assault], arw_defences_names[arw_sav_defences(g)]);
    gr_textf(&o, "victory points (half): british %d, french %d, american %d\n",
             s->vp2[ARW_ARMY_BRITISH], s->vp2[ARW_ARMY_FRENCH], s->vp2[ARW_ARMY_AMERICAN]);
    gr_textf(&o, "siegeworks: stage %d, %d markers available, %d completed hexsides\n",
             s->sav.works_stage, s->sav.works_avail, arw_works_completed(g));
    *len = o.len;
}

gr_status arw_sav_sanity(const gr_game *g, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    int markers = 0;
    for (int h = 0; h < d->map.nhex; h++)
        markers += (s->hex[h].flags & (ARW_H_WORKS_BUILD | ARW_H_WORKS_DONE)) != 0;
    if (s->weather >= ARW_NWEATHER || s->sav.assault > ARW_AS_SWITCHED ||
        s->sav.step > ARW_SV_FREE_SETUP || s->sav.who >= ARW_NSIDES ||
        (d->sav.loaded && s->sav.works_stage > d->sav.nstages))
        return gr_failst(err, GR_ERR_STATE, NULL, "Savannah bookkeeping out of range");
    if (d->sav.loaded && markers + s->sav.works_avail > d->sav.works_markers)
        return gr_failst(err, GR_ERR_STATE, "arw:SR4.4-3", "more siegeworks markers than exist");
    for (int i = 0; i < ARW_MAX_GROUPS; i++)
        if (s->sav.lost_sp[i] < 0)
            return gr_failst(err, GR_ERR_STATE, NULL, "negative lost SP");
    return GR_OK;
}
