/* load.c — the only file of the vf module that reads JSON: the rules'
 * numbers (data/vf/rules.json), base sizes (bases.json), army sheets
 * (army-*.json) and the scenario (units, brigades, leaders, objectives).
 * Everything is validated for shape and range; errors carry file:line:col. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/jv.h"
#include "vf.h"

const char *const vf_special_names[] = {
    "Impetus", "Skirmishers", "Square", "LightInfantry", "Militia", "Carbines",
    "LightCavalry", "HeavyCavalry", "Canister", "Battery", "Slow", "HorseArtillery",
    "DisciplinedMusketry", "Impetuous", "Rockets", "Unpredictable", "HitAndRun", "Swift",
    "StaticArtillery", "LightArtillery", "BattalionGuns", "Darbzen", "Stoic",
    "CompactFormation", "ConcentratedFire", "Javelinmen", "MountedInfantry", "OpenOrder",
    "Rivals", "LinearTactics", "Entrenchments", NULL};

const char *const vf_tag_names[] = {"janissary", "nizam_i_jedid", "solak_peik", "austrian",
                                    NULL};

const char *const vf_fate_timings[] = {
    "own_fate_phase", "immediately_on_draw", "start_of_enemy_turn", "own_fire_phase",
    "on_enemy_chosen_as_fire_target", "on_brigade_activated", "before_unit_action",
    "before_unit_assault", "after_failed_hit_tests", "after_failed_valour_test",
    "after_failed_fortitude_test", "any_combat_phase", "enemy_combat_phase",
    "start_of_own_combat_phase", "end_of_own_combat_phase",
    "on_enemy_successful_messenger_test", "on_unpredictable_test",
    "on_enemy_occupies_or_nears_objective", "after_failed_activation_or_message", NULL};

const char *const vf_fate_hooks[] = {
    "act-on-initiative", "move-brigade", "combat-column", "grognards", "fire-brigade",
    "combat-infantry", "scum", "capture", "surprise-attack", "inspiration", "directed-fire",
    "deadly-attack", "stubborn", "breakthrough", "confusion", "tide", "all-out-attack", NULL};

static const char *const fate_modes[] = {"off", "on", NULL};
static const char *const suit_names[] = {"hearts", "spades", NULL};
static const char *const control_names[] = {"none", "a", "b", NULL};
static const char *const fate_card_names[] = {"A", "2", "3", "4", "5", "6", "7", "8", "9",
                                              "10", "J", "Q", "K", "any", NULL};

/* Reads member `key` of obj in inches (min..max) as hundredths. */
static gr_status inches(gr_loader *ld, jv obj, const char *key, double min, double max,
                        int32_t *out)
{
    double v = 0;
    gr_status s = jv_num(ld, jv_get(ld, obj, key), min, max, &v);
    *out = (int32_t)llround(v * 100.0);
    return s;
}

static gr_status count(gr_loader *ld, jv obj, const char *key, long min, long max,
                       int32_t *out)
{
    int v = 0;
    gr_status s = jv_get_int(ld, obj, key, min, max, &v);
    *out = v;
    return s;
}

static void load_moves(gr_loader *ld, jv m, vf_tables *t)
{
    static const char *const keys[] = {
        "about", "cavalry", "infantry_march_column", "infantry_attack_column",
        "infantry_line", "artillery_limbered", "artillery_unlimbered", "infantry_open_order",
        "cavalry_open_order", "square", "compact_formation", "linear_tactics_attack_column",
        "horse_artillery_limbered", "slow_artillery_limbered", "slow_artillery_unlimbered",
        NULL};
    int32_t *dst[] = {&t->move_cav, &t->move_inf_march, &t->move_inf_column,
                      &t->move_inf_line, &t->move_art_limbered, &t->move_art_unlimbered,
                      &t->move_inf_open, &t->move_cav_open, &t->move_square,
                      &t->move_compact, &t->move_linear_column, &t->move_horse_art_limbered,
                      &t->move_slow_limbered, &t->move_slow_unlimbered};
    jv_keys(ld, m, keys);
    for (size_t i = 0; i < sizeof dst / sizeof dst[0]; i++)
        inches(ld, m, keys[i + 1], 0.5, 48, dst[i]);
}

static void load_rules(gr_loader *ld, const char *path, vf_tables *t)
{
    static const char *const keys[] = {
        "format", "about", "move_distance", "double_move_factor", "enemy_keep_away",
        "double_move_enemy_distance", "reorganise_enemy_distance", "formation", "artillery",
        "open_order_gap", "contact_tolerance", "barrier_crossing", NULL};
    static const char *const fkeys[] = {"march_column_max_files", "line_max_ranks",
                                        "single_rank_max_figures", "open_order_max_ranks",
                                        "compact_formation_min_ranks",
                                        "compact_formation_max_ranks", NULL};
    static const char *const akeys[] = {"figures_per_base", "max_base_separation", NULL};
    static const char *const gkeys[] = {"min", "max", NULL};
    int fmt;
    jv r = jv_open(ld, path);
    jv_keys(ld, r, keys);
    jv_get_int(ld, r, "format", 1, 1, &fmt);
    load_moves(ld, jv_get(ld, r, "move_distance"), t);
    count(ld, r, "double_move_factor", 1, 4, &t->double_factor);
    inches(ld, r, "enemy_keep_away", 0, 12, &t->keep_away);
    inches(ld, r, "double_move_enemy_distance", 0, 48, &t->double_distance);
    inches(ld, r, "reorganise_enemy_distance", 0, 12, &t->reorganise_distance);
    inches(ld, r, "barrier_crossing", 0, 12, &t->barrier_cost);
    jv f = jv_get(ld, r, "formation"), a = jv_get(ld, r, "artillery");
    jv gap = jv_get(ld, r, "open_order_gap");
    jv_keys(ld, f, fkeys);
    jv_keys(ld, a, akeys);
    jv_keys(ld, gap, gkeys);
    count(ld, f, "march_column_max_files", 1, 12, &t->march_max_files);
    count(ld, f, "line_max_ranks", 1, 12, &t->line_max_ranks);
    count(ld, f, "single_rank_max_figures", 1, VF_MAX_FIGURES, &t->single_rank_max);
    count(ld, f, "open_order_max_ranks", 1, VF_MAX_FIGURES, &t->open_max_ranks);
    count(ld, f, "compact_formation_min_ranks", 1, VF_MAX_FIGURES, &t->compact_min_ranks);
    count(ld, f, "compact_formation_max_ranks", 1, VF_MAX_FIGURES, &t->compact_max_ranks);
    count(ld, a, "figures_per_base", 1, 12, &t->art_figures_per_base);
    inches(ld, a, "max_base_separation", 0, 2.5, &t->art_max_separation);
    inches(ld, gap, "min", 0, 2, &t->open_gap_min);
    inches(ld, gap, "max", 0, 2, &t->open_gap_max);
    inches(ld, r, "contact_tolerance", 0, 0.5, &t->contact_tol);
    if (t->open_gap_min > t->open_gap_max)
        jv_fail(ld, gap, "open_order_gap: min exceeds max");
}

static void load_base(gr_loader *ld, jv b, const char *key, int32_t *w, int32_t *d)
{
    static const char *const keys[] = {"width", "depth", NULL};
    jv x = jv_get(ld, b, key);
    jv_keys(ld, x, keys);
    inches(ld, x, "width", 0.2, 6, w);
    inches(ld, x, "depth", 0.2, 6, d);
}

static void load_bases(gr_loader *ld, const char *path, vf_tables *t)
{
    static const char *const keys[] = {"format", "about", "infantry", "cavalry", "gun",
                                       "limber", "leader", "open_order_gap",
                                       "unlimbered_limber_gap", NULL};
    int fmt;
    jv b = jv_open(ld, path);
    jv_keys(ld, b, keys);
    jv_get_int(ld, b, "format", 1, 1, &fmt);
    load_base(ld, b, "infantry", &t->inf_w, &t->inf_d);
    load_base(ld, b, "cavalry", &t->cav_w, &t->cav_d);
    load_base(ld, b, "gun", &t->gun_w, &t->gun_d);
    load_base(ld, b, "limber", &t->limber_w, &t->limber_d);
    load_base(ld, b, "leader", &t->leader_w, &t->leader_d);
    inches(ld, b, "open_order_gap", 0, 2, &t->open_gap_default);
    inches(ld, b, "unlimbered_limber_gap", 0.01, 2.5, &t->limber_gap_default);
    if (gr_loader_status(ld) != GR_OK)
        return;
    if (t->open_gap_default < t->open_gap_min || t->open_gap_default > t->open_gap_max)
        jv_fail(ld, jv_get(ld, b, "open_order_gap"), "outside rules.json open_order_gap");
    if (t->limber_gap_default > t->art_max_separation)
        jv_fail(ld, jv_get(ld, b, "unlimbered_limber_gap"), "more than max_base_separation");
}

/* Special-rule names of a profile as a bit mask (implied rules added). */
static uint32_t load_specials(gr_loader *ld, jv list)
{
    size_t n = 0;
    uint32_t mask = 0;
    if (jv_array(ld, list, 0, VF_SR_COUNT, &n) != GR_OK)
        return 0;
    for (size_t i = 0; i < n; i++) {
        int sr = 0;
        if (jv_enum(ld, jv_at(list, i), vf_special_names, &sr) == GR_OK)
            mask |= 1u << sr;
    }
    if (VF_HAS(mask, VF_SR_LIGHT_INFANTRY))
        mask |= (1u << VF_SR_OPEN_ORDER) | (1u << VF_SR_SKIRMISHERS);
    if (VF_HAS(mask, VF_SR_LIGHT_CAVALRY))
        mask |= 1u << VF_SR_OPEN_ORDER;
    return mask;
}

/* The optional `unit_tags` of a profile as a bit mask (enum vf_unit_tag). */
static uint8_t load_tags(gr_loader *ld, jv x)
{
    jv list = jv_opt(ld, x, "unit_tags");
    size_t n = 0;
    uint8_t mask = 0;
    if (!list.v || jv_array(ld, list, 0, VF_TAG_COUNT, &n) != GR_OK)
        return 0;
    for (size_t i = 0; i < n; i++) {
        int tag = 0;
        if (jv_enum(ld, jv_at(list, i), vf_tag_names, &tag) == GR_OK)
            mask |= (uint8_t)(1u << tag);
    }
    return mask;
}

static void load_profile(gr_loader *ld, jv x, vf_profile *p)
{
    static const char *const keys[] = {"id", "name", "type", "figures_min", "figures_max",
                                       "weapon", "range", "fire", "combat", "tenacity",
                                       "special_rules", "points", "detachment", "unit_tags",
                                       NULL};
    int type = 0, fmin = 0, fmax = 0, fire = -1, combat = 0, ten = 0, range = 0, pts = 0;
    int det = 0;
    char weapon[32];
    jv_keys(ld, x, keys);
    jv_get_str(ld, x, "id", p->id, sizeof p->id);
    jv_get_str(ld, x, "name", p->name, sizeof p->name);
    jv_get_enum(ld, x, "type", vf_type_names, &type);
    jv_get_int(ld, x, "figures_min", 1, VF_MAX_FIGURES, &fmin);
    jv_get_int(ld, x, "figures_max", 1, VF_MAX_FIGURES, &fmax);
    jv_get_str(ld, x, "weapon", weapon, sizeof weapon);
    jv_opt_int(ld, x, "range", 1, 120, 0, &range);
    jv_opt_int(ld, x, "fire", 0, 12, -1, &fire);
    jv_get_int(ld, x, "combat", 0, 12, &combat);
    jv_get_int(ld, x, "tenacity", 1, 12, &ten);
    jv_get_int(ld, x, "points", 0, 500, &pts);
    jv_bool(ld, jv_get(ld, x, "detachment"), &det);
    p->rules = load_specials(ld, jv_get(ld, x, "special_rules"));
    p->tags = load_tags(ld, x);
    if (VF_HAS(p->rules, VF_SR_MILITIA) && VF_HAS(p->tags, VF_TAG_AUSTRIAN))
        p->rules |= 1u << VF_SR_COMPACT_FORMATION; /* SR-Militia-c: it uses Compact Formation */
    if (gr_loader_status(ld) == GR_OK && fmin > fmax)
        jv_fail(ld, jv_get(ld, x, "figures_min"), "figures_min exceeds figures_max");
    p->type = (uint8_t)type;
    p->fig_min = (uint8_t)fmin;
    p->fig_max = (uint8_t)fmax;
    p->fire = (int8_t)fire;
    p->combat = (int8_t)combat;
    p->tenacity = (int8_t)ten;
    p->range = (uint8_t)range;
    p->points = (uint16_t)pts;
    p->detachment = (uint8_t)det;
}

/* One fate-table entry; returns its rank (13: "any"). */
static int load_fate_card(gr_loader *ld, jv x, vf_fate_card *c)
{
    static const char *const keys[] = {"card", "name", "timing", "hook", "value", "effect", NULL};
    int timing = 0, rank = 0, hook = 0;
    char effect[256];
    jv_keys(ld, x, keys);
    jv_get_enum(ld, x, "card", fate_card_names, &rank);
    snprintf(c->card, sizeof c->card, "%s", fate_card_names[rank]);
    jv_get_str(ld, x, "name", c->name, sizeof c->name);
    jv_get_enum(ld, x, "timing", vf_fate_timings, &timing);
    jv_get_str(ld, x, "effect", effect, sizeof effect);
    jv_get_enum(ld, x, "hook", vf_fate_hooks, &hook);
    jv v = jv_opt(ld, x, "value");
    if (v.v)
        inches(ld, x, "value", 0, 48, &c->value);
    c->timing = (uint8_t)timing;
    c->hook = (uint8_t)hook;
    return rank;
}

static void load_army(gr_loader *ld, const char *path, vf_army *a)
{
    static const char *const keys[] = {"format", "army", "name", "sheet_version", "source",
                                       "army_special_rules", "profiles", "fate_table", NULL};
    int fmt;
    size_t n = 0, nc = 0, nsr = 0;
    jv r = jv_open(ld, path);
    jv_keys(ld, r, keys);
    jv_get_int(ld, r, "format", 1, 1, &fmt);
    jv_get_str(ld, r, "army", a->id, sizeof a->id);
    jv_get_str(ld, r, "name", a->name, sizeof a->name);
    jv_array(ld, jv_get(ld, r, "army_special_rules"), 0, 0, &nsr);
    jv profiles = jv_get(ld, r, "profiles"), cards = jv_get(ld, r, "fate_table");
    if (jv_array(ld, profiles, 1, VF_MAX_PROFILES, &n) == GR_OK)
        for (size_t i = 0; i < n; i++) {
            load_profile(ld, jv_at(profiles, i), &a->profile[i]);
            if (gr_loader_status(ld) == GR_OK && vf_profile_find(a, a->profile[i].id) >= 0)
                jv_fail(ld, jv_at(profiles, i), "duplicate profile id '%s'", a->profile[i].id);
            a->nprofiles = (int)i + 1;
        }
    memset(a->by_rank, -1, sizeof a->by_rank);
    a->any_card = -1;
    if (jv_array(ld, cards, 0, VF_FATE_CARDS + 1, &nc) == GR_OK)
        for (size_t i = 0; i < nc && gr_loader_status(ld) == GR_OK; i++) {
            int rank = load_fate_card(ld, jv_at(cards, i), &a->card[i]);
            int8_t *slot = rank < VF_FATE_CARDS ? &a->by_rank[rank] : &a->any_card;
            if (gr_loader_status(ld) == GR_OK && *slot >= 0)
                jv_fail(ld, jv_at(cards, i), "card '%s' twice in the fate table",
                        fate_card_names[rank]);
            *slot = (int8_t)i;
        }
    a->ncards = (int)nc;
}

int vf_profile_find(const vf_army *a, const char *id)
{
    for (int i = 0; i < a->nprofiles; i++)
        if (strcmp(a->profile[i].id, id) == 0)
            return i;
    return -1;
}

int vf_unit_find(const void *sdata, const char *id)
{
    const vf_sdata *sd = sdata;
    for (int u = 0; u < sd->nunits; u++)
        if (strcmp(sd->unit[u].id, id) == 0)
            return u;
    return -1;
}

const char *vf_unit_name(const void *sdata, int u)
{
    const vf_sdata *sd = sdata;
    return u >= 0 && u < sd->nunits ? sd->unit[u].id : NULL;
}

void vf_free_sdata(void *sdata)
{
    free(sdata);
}

/* ------------------------------------------------------------ scenario */

/* "at": [x, y] in inches on the table. */
static void load_point(gr_loader *ld, const vf_sdata *sd, jv x, int32_t *px, int32_t *py)
{
    size_t n = 0;
    double vx = 0, vy = 0;
    if (jv_array(ld, x, 2, 2, &n) != GR_OK)
        return;
    jv_num(ld, jv_at(x, 0), 0, sd->table_w / 100.0, &vx);
    jv_num(ld, jv_at(x, 1), 0, sd->table_d / 100.0, &vy);
    *px = (int32_t)llround(vx * 100.0);
    *py = (int32_t)llround(vy * 100.0);
}

/* "arrives": {"turn": N, "from": [x, y], "to": [x, y]} (vf:11.0-a). */
static void load_arrival(gr_loader *ld, const vf_sdata *sd, jv x, vf_unit_def *d)
{
    static const char *const keys[] = {"turn", "from", "to", NULL};
    int turn = 0;
    jv_keys(ld, x, keys);
    jv_get_int(ld, x, "turn", 1, 99, &turn);
    load_point(ld, sd, jv_get(ld, x, "from"), &d->arrival.a.x, &d->arrival.a.y);
    load_point(ld, sd, jv_get(ld, x, "to"), &d->arrival.b.x, &d->arrival.b.y);
    d->arrives = (uint8_t)turn;
    if (d->placed)
        jv_fail(ld, x, "a reinforcement does not start on the table ('at' and 'arrives')");
}

static int find_brigade(const vf_sdata *sd, const char *id)
{
    for (int b = 0; b < sd->nbrigades; b++)
        if (strcmp(sd->brigade[b].id, id) == 0)
            return b;
    return -1;
}

static void load_leader(gr_loader *ld, vf_sdata *sd, jv x, int side, int brigade)
{
    static const char *const keys[] = {"id", "at", NULL};
    if (sd->nleaders >= VF_MAX_LEADERS) {
        jv_fail(ld, x, "more than %d leaders", VF_MAX_LEADERS);
        return;
    }
    vf_leader_def *l = &sd->leader[sd->nleaders];
    jv_keys(ld, x, keys);
    jv_get_str(ld, x, "id", l->id, sizeof l->id);
    l->side = (uint8_t)side;
    l->brigade = (int8_t)brigade;
    jv at = jv_opt(ld, x, "at");
    l->placed = at.v != NULL;
    if (l->placed)
        load_point(ld, sd, at, &l->x, &l->y);
    sd->nleaders++;
}

static void load_brigades(gr_loader *ld, vf_sdata *sd, jv list)
{
    static const char *const keys[] = {"id", "side", "leader", "zone", NULL};
    size_t n = 0;
    if (jv_array(ld, list, 1, VF_MAX_BRIGADES, &n) != GR_OK)
        return;
    for (size_t i = 0; i < n && gr_loader_status(ld) == GR_OK; i++) {
        jv x = jv_at(list, i);
        vf_brigade_def *b = &sd->brigade[i];
        int side = 0;
        jv_keys(ld, x, keys);
        jv_get_str(ld, x, "id", b->id, sizeof b->id);
        jv_get_enum(ld, x, "side", vf_side_names, &side);
        if (find_brigade(sd, b->id) >= 0)
            jv_fail(ld, x, "duplicate brigade id '%s'", b->id);
        b->side = (uint8_t)side;
        b->leader = (int8_t)sd->nleaders; /* vf:1.4-c: exactly one leader */
        load_leader(ld, sd, jv_get(ld, x, "leader"), side, (int)i);
        jv z = jv_opt(ld, x, "zone");
        size_t k = 0;
        if (z.v && jv_array(ld, z, 2, 2, &k) == GR_OK) { /* its deployment area */
            int32_t c[4] = {0};
            load_point(ld, sd, jv_at(z, 0), &c[0], &c[1]);
            load_point(ld, sd, jv_at(z, 1), &c[2], &c[3]);
            vf_terrain_def area;
            vf_terrain_rect(&area, c[0], c[1], c[2], c[3]);
            b->zone = area.area;
            b->has_zone = 1;
        }
        sd->nbrigades = (int)i + 1;
    }
}

/* Layout "at": {"x", "y", "facing", "files", "order", "gap", "shift"}. */
static void load_layout(gr_loader *ld, const vf_sdata *sd, jv x, int u, vf_layout *l)
{
    static const char *const keys[] = {"x", "y", "facing", "files", "order", "gap", "shift",
                                       NULL};
    const vf_profile *p = vf_unit_profile(sd, u);
    int files = 1, order = p->type == VF_ARTILLERY ? VF_ORDER_UNLIMBERED : VF_ORDER_CLOSE;
    double facing = 0;
    int32_t gap = 0;
    jv_keys(ld, x, keys);
    inches(ld, x, "x", 0, sd->table_w / 100.0, &l->x);
    inches(ld, x, "y", 0, sd->table_d / 100.0, &l->y);
    jv_num(ld, jv_get(ld, x, "facing"), 0, 360, &facing);
    l->facing = vf_norm_facing(llround(facing * 100.0));
    if (jv_opt(ld, x, "order").v)
        jv_get_enum(ld, x, "order", vf_order_names, &order);
    if (p->type != VF_ARTILLERY)
        jv_get_int(ld, x, "files", 1, VF_MAX_FIGURES, &files);
    l->order = (uint8_t)order;
    vf_layout_shape(l, p->type == VF_ARTILLERY ? 1 : sd->unit[u].figures, files);
    gap = order == VF_ORDER_OPEN ? sd->t.open_gap_default
          : order == VF_ORDER_UNLIMBERED ? sd->t.limber_gap_default : 0;
    if (jv_opt(ld, x, "gap").v)
        inches(ld, x, "gap", 0, 2.5, &gap);
    l->gap = (uint8_t)gap;
    int shift = l->shift;
    jv_opt_int(ld, x, "shift", 0, VF_MAX_FIGURES, shift, &shift);
    l->shift = (uint8_t)shift;
}

/* "occupies": "PIECE" instead of "at": the unit is deployed inside a
 * defensible piece that lies completely within its brigade's deployment
 * zone (the brigade's "zone", vf:T.3.2-d), one unit a piece (vf:T.3.1-a). */
static void load_occupier(gr_loader *ld, vf_sdata *sd, jv x, int u)
{
    vf_unit_def *d = &sd->unit[u];
    char piece[VF_ID_LEN];
    if (jv_str(ld, x, piece, sizeof piece) != GR_OK)
        return;
    int k = -1;
    for (int i = 0; i < sd->nterrain; i++)
        if (!strcmp(sd->terrain[i].id, piece))
            k = i;
    if (d->placed || d->arrives) {
        jv_fail(ld, x, "a unit occupying a piece has no 'at' or 'arrives'");
        return;
    }
    if (k < 0 || !vf_terrain_defensible(sd->terrain[k].kind)) {
        jv_fail(ld, x, "'%s' is not a defensible terrain piece (vf:T.3.2-a)", piece);
        return;
    }
    const vf_brigade_def *b = &sd->brigade[d->brigade];
    gr_pt corner[4];
    gr_g2_base_corners(&sd->terrain[k].area, corner);
    int within = b->has_zone;
    for (int i = 0; i < 4 && within; i++)
        within = gr_g2_base_has_pt(&b->zone, corner[i]);
    if (!within) {
        jv_fail(ld, x, "'%s' is not completely within brigade %s's deployment zone "
                "(vf:T.3.2-d)", piece, b->id);
        return;
    }
    for (int v = 0; v < u; v++)
        if (sd->unit[v].placed && sd->unit[v].start.order == VF_ORDER_INSIDE &&
            sd->unit[v].start.files == k)
            jv_fail(ld, x, "'%s' is occupied by %s (vf:T.3.1-a)", piece, sd->unit[v].id);
    d->placed = 1;
    d->start = vf_inside_layout(sd, k);
}

static void load_unit(gr_loader *ld, vf_sdata *sd, jv x, int u)
{
    static const char *const keys[] = {"id", "profile", "brigade", "figures", "at", "arrives",
                                       "occupies", NULL};
    vf_unit_def *d = &sd->unit[u];
    char profile[VF_ID_LEN], brigade[VF_ID_LEN];
    int figures = 0;
    jv_keys(ld, x, keys);
    jv_get_str(ld, x, "id", d->id, sizeof d->id);
    jv_get_str(ld, x, "brigade", brigade, sizeof brigade);
    jv_get_str(ld, x, "profile", profile, sizeof profile);
    jv_get_int(ld, x, "figures", 1, VF_MAX_FIGURES, &figures);
    if (gr_loader_status(ld) != GR_OK)
        return;
    int b = find_brigade(sd, brigade);
    if (b < 0 || vf_unit_find(sd, d->id) < u) {
        jv_fail(ld, x, b < 0 ? "unknown brigade '%s'" : "duplicate unit id '%s'",
                b < 0 ? brigade : d->id);
        return;
    }
    d->brigade = (uint8_t)b;
    d->side = sd->brigade[b].side;
    int p = vf_profile_find(&sd->army[d->side], profile);
    if (p < 0) {
        jv_fail(ld, jv_get(ld, x, "profile"), "no profile '%s' in army '%s'", profile,
                sd->army[d->side].id);
        return;
    }
    d->profile = (uint8_t)p;
    d->figures = (uint8_t)figures;
    jv at = jv_opt(ld, x, "at"), arr = jv_opt(ld, x, "arrives"), occ = jv_opt(ld, x, "occupies");
    d->placed = at.v != NULL;
    if (arr.v)
        load_arrival(ld, sd, arr, d);
    if (occ.v) {
        load_occupier(ld, sd, occ, u);
        return;
    }
    if (arr.v && VF_HAS(vf_unit_profile(sd, u)->rules, VF_SR_STATIC_ARTILLERY))
        jv_fail(ld, arr, "static artillery cannot enter as a reinforcement "
                "(vf:SR-StaticArtillery-c)");
    if (d->placed)
        load_layout(ld, sd, at, u, &d->start);
    const vf_profile *pr = vf_unit_profile(sd, u);
    vf_verdict v;
    if (figures < pr->fig_min || figures > pr->fig_max)
        jv_fail(ld, jv_get(ld, x, "figures"), "%s units have %d to %d figures (vf:1.2-a)",
                pr->id, pr->fig_min, pr->fig_max);
    else if (gr_loader_status(ld) == GR_OK && d->placed &&
             !vf_layout_check(sd, u, figures, &d->start, &v))
        jv_fail(ld, at, "%s (%s)", v.msg, v.rule);
}

static void load_units(gr_loader *ld, vf_sdata *sd, jv list)
{
    size_t n = 0;
    if (jv_array(ld, list, 0, VF_MAX_UNITS, &n) != GR_OK)
        return;
    for (size_t i = 0; i < n && gr_loader_status(ld) == GR_OK; i++) {
        sd->nunits = (int)i + 1;
        load_unit(ld, sd, jv_at(list, i), (int)i);
    }
    for (int b = 0; b < sd->nbrigades && gr_loader_status(ld) == GR_OK; b++) {
        int k = 0;
        for (int u = 0; u < sd->nunits; u++)
            k += sd->unit[u].brigade == b;
        if (k < 2 || k > 8) /* vf:1.4-c */
            jv_fail(ld, list, "brigade '%s' has %d units; a brigade has 2 to 8 (vf:1.4-c)",
                    sd->brigade[b].id, k);
    }
}

/* A terrain piece: the rectangle with corners (x0, y0) and (x1, y1). */
void vf_terrain_rect(vf_terrain_def *t, int32_t x0, int32_t y0, int32_t x1, int32_t y1)
{
    int32_t lx = x0 < x1 ? x0 : x1, hx = x0 < x1 ? x1 : x0;
    int32_t ly = y0 < y1 ? y0 : y1, hy = y0 < y1 ? y1 : y0;
    t->area = (gr_base){{(lx + hx) / 2, (ly + hy) / 2}, hx - lx, hy - ly, 0};
}

static void load_terrain(gr_loader *ld, vf_sdata *sd, jv list)
{
    static const char *const keys[] = {"id", "kind", "rect", NULL};
    size_t n = 0;
    if (!list.v || jv_array(ld, list, 0, VF_MAX_TERRAIN, &n) != GR_OK)
        return;
    for (size_t i = 0; i < n; i++) {
        jv x = jv_at(list, i), r = jv_get(ld, x, "rect");
        vf_terrain_def *t = &sd->terrain[i];
        int kind = 0;
        int32_t c[4] = {0};
        size_t k = 0;
        jv_keys(ld, x, keys);
        jv_get_str(ld, x, "id", t->id, sizeof t->id);
        jv_get_enum(ld, x, "kind", vf_terrain_kinds, &kind);
        if (jv_array(ld, r, 2, 2, &k) == GR_OK) {
            load_point(ld, sd, jv_at(r, 0), &c[0], &c[1]);
            load_point(ld, sd, jv_at(r, 1), &c[2], &c[3]);
        }
        t->kind = (uint8_t)kind;
        vf_terrain_rect(t, c[0], c[1], c[2], c[3]);
        if (gr_loader_status(ld) == GR_OK && (c[0] == c[2] || c[1] == c[3]))
            jv_fail(ld, r, "a terrain piece needs an area (vf:T.0-a)");
    }
    sd->nterrain = (int)n;
}

static void load_objectives(gr_loader *ld, vf_sdata *sd, jv list)
{
    static const char *const keys[] = {"id", "at", "initial", NULL};
    size_t n = 0;
    if (!list.v || jv_array(ld, list, 0, VF_MAX_OBJECTIVES, &n) != GR_OK)
        return;
    for (size_t i = 0; i < n; i++) {
        jv x = jv_at(list, i);
        vf_objective_def *o = &sd->objective[i];
        int initial = 0;
        jv_keys(ld, x, keys);
        jv_get_str(ld, x, "id", o->id, sizeof o->id);
        load_point(ld, sd, jv_get(ld, x, "at"), &o->x, &o->y);
        jv_get_enum(ld, x, "initial", control_names, &initial);
        o->initial = (uint8_t)initial;
    }
    sd->nobjectives = (int)n;
}

/* "sides": {"a": {"army", "fate_suit", "army_leader"}, "b": {...}}. */
static void load_sides(gr_loader *ld, vf_sdata *sd, jv sides, jv *leaders)
{
    static const char *const keys[] = {"a", "b", NULL};
    static const char *const skeys[] = {"army", "fate_suit", "army_leader", NULL};
    jv_keys(ld, sides, keys);
    for (int s = 0; s < VF_SIDES && gr_loader_status(ld) == GR_OK; s++) {
        jv x = jv_get(ld, sides, vf_side_names[s]);
        char path[96];
        int suit = 0;
        jv_keys(ld, x, skeys);
        jv_get_str(ld, x, "army", path, sizeof path);
        jv_get_enum(ld, x, "fate_suit", suit_names, &suit);
        leaders[s] = jv_get(ld, x, "army_leader");
        sd->fate_suit[s] = (uint8_t)suit;
        if (gr_loader_status(ld) == GR_OK)
            load_army(ld, path, &sd->army[s]);
    }
    if (gr_loader_status(ld) == GR_OK && sd->fate_suit[0] == sd->fate_suit[1])
        jv_fail(ld, sides, "one side uses Hearts, the other Spades (vf:2.4-a)");
}

static void load_scenario(gr_loader *ld, vf_sdata *sd, jv root)
{
    static const char *const keys[] = {"rules", "bases", "table", "sides", "first_side",
                                       "max_turns", "brigades", "units", "objectives", "terrain",
                                       "fate", NULL};
    static const char *const tkeys[] = {"width", "depth", NULL};
    const char *const *common = gr_scenario_common_keys();
    const char *all[24];
    int n = 0, first = 0, turns = 0;
    char path[96];
    jv leaders[VF_SIDES];
    for (; common[n]; n++)
        all[n] = common[n];
    for (int i = 0; keys[i]; i++)
        all[n++] = keys[i];
    all[n] = NULL;
    jv_keys(ld, root, all);
    if (jv_get_str(ld, root, "rules", path, sizeof path) == GR_OK)
        load_rules(ld, path, &sd->t);
    if (jv_get_str(ld, root, "bases", path, sizeof path) == GR_OK)
        load_bases(ld, path, &sd->t);
    jv table = jv_get(ld, root, "table");
    jv_keys(ld, table, tkeys);
    inches(ld, table, "width", 12, 240, &sd->table_w);
    inches(ld, table, "depth", 12, 240, &sd->table_d);
    load_sides(ld, sd, jv_get(ld, root, "sides"), leaders);
    jv_get_enum(ld, root, "first_side", vf_side_names, &first);
    jv_get_int(ld, root, "max_turns", 1, 99, &turns);
    int fate = 1;
    if (jv_opt(ld, root, "fate").v)
        jv_get_enum(ld, root, "fate", fate_modes, &fate);
    sd->fate = (uint8_t)fate; /* vf:2.4: decks in play unless a fixture says "off" */
    sd->first_side = (uint8_t)first;
    sd->max_turns = (uint8_t)turns;
    load_brigades(ld, sd, jv_get(ld, root, "brigades"));
    for (int s = 0; s < VF_SIDES && gr_loader_status(ld) == GR_OK; s++)
        load_leader(ld, sd, leaders[s], s, -1); /* vf:1.3-a: one army leader */
    load_terrain(ld, sd, jv_opt(ld, root, "terrain")); /* before units: "occupies" */
    load_units(ld, sd, jv_get(ld, root, "units"));
    load_objectives(ld, sd, jv_opt(ld, root, "objectives"));
    const char *clash = gr_loader_status(ld) == GR_OK ? vf_ids_clash(sd) : NULL;
    if (clash)
        jv_fail(ld, root, "id '%s' names two of the units, brigades and leaders", clash);
}

gr_status vf_load(gr_loader *ld, const void *scenario_doc, void **sdata)
{
    const jv *root = scenario_doc;
    vf_sdata *sd = calloc(1, sizeof *sd);
    *sdata = NULL;
    if (!sd)
        return jv_fail(ld, *root, "out of memory for the vf scenario data");
    load_scenario(ld, sd, *root);
    if (gr_loader_status(ld) != GR_OK) {
        free(sd);
        return gr_loader_status(ld);
    }
    *sdata = sd;
    return GR_OK;
}
