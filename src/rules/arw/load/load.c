/* load.c — reading an ARW scenario file: the names of its table and terrain
 * files, the special rules in force, the map (loadmap.c, loadarea.c), the
 * order of battle (loadunit.c), the set-up and the turn record track
 * (loadsetup.c), the opening of the game (turn, phase, army morale,
 * momentum) and its length.  With the other load*.c files, the only files
 * of the module that touch JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loadint.h"

static const char *const SCENARIO_KEYS[] = {"tables", "terrain", "rules", "map", "units",
                                            "setup", "turns", "start", "end", "sequence",
                                            "cards", "notes", "strategic" /* SAVANNAH */, NULL};
static const char *const START_KEYS[] = {"turn", "phase", "active", "army_morale", "momentum",
                                         NULL};
static const char *const END_KEYS[] = {"last_turn", "after_phase", NULL};
static const char *const SEQ_KEYS[] = {"turn", "player_turn", "end", "order", "notes", NULL};
static const char *const SEQ_SEGS[] = {"turn", "player_turn", "end", NULL};
static const char *const ORDER_KEYS[] = {"turns", "order", NULL};

/* Every key of the scenario file: the core's, then ours. */
static gr_status check_root_keys(gr_loader *ld, jv root)
{
    const char *keys[40];
    int n = 0;
    for (const char *const *k = gr_scenario_common_keys(); *k && n < 24; k++)
        keys[n++] = *k;
    for (const char *const *k = SCENARIO_KEYS; *k; k++)
        keys[n++] = *k;
    keys[n] = NULL;
    return jv_keys(ld, root, keys);
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

/* With a turn record track, every turn of the game must be on it. */
static gr_status check_track(gr_loader *ld, jv root, const arw_data *d)
{
    int any = 0;
    for (int t = 1; t <= ARW_MAX_TURNS; t++)
        any |= d->turn[t].flags & ARW_TT_DEFINED;
    if (!any)
        return gr_loader_status(ld);
    if (d->end_turn > ARW_MAX_TURNS)
        return jv_fail(ld, jv_get(ld, root, "end"), "the turn track ends at turn %d",
                       ARW_MAX_TURNS);
    for (int t = d->start_turn; t <= d->end_turn; t++)
        if (!(d->turn[t].flags & ARW_TT_DEFINED))
            return jv_fail(ld, jv_get(ld, root, "turns"), "turn %d of the game is not on the "
                                                          "turn track", t);
    return gr_loader_status(ld);
}

/* GR5 series sequence: initiative; movement, rally, defensive artillery
 * fire, rifle fire, close combat; end of turn.  Every turn rolled. */
void arw_sequence_default(arw_data *d)
{
    static const uint8_t player[] = {ARW_PH_MOVEMENT, ARW_PH_RALLY, ARW_PH_DEF_FIRE,
                                     ARW_PH_RIFLE_FIRE, ARW_PH_CLOSE_COMBAT};
    d->nseq[ARW_SEG_TURN] = 1;
    d->seq[ARW_SEG_TURN][0] = ARW_PH_INITIATIVE;
    d->nseq[ARW_SEG_PLAYER] = (uint8_t)sizeof player;
    memcpy(d->seq[ARW_SEG_PLAYER], player, sizeof player);
    d->nseq[ARW_SEG_END] = 1;
    d->seq[ARW_SEG_END][0] = ARW_PH_TURN_END;
    memset(d->order, ARW_ORDER_INITIATIVE, sizeof d->order);
}

/* One segment's list of phase names (each phase at most once overall). */
static gr_status load_segment(gr_loader *ld, jv list, arw_data *d, int seg)
{
    size_t n;
    if (jv_array(ld, list, 0, ARW_NPHASES, &n) != GR_OK)
        return GR_ERR_DATA;
    d->nseq[seg] = 0;
    for (size_t i = 0; i < n; i++) {
        int ph, idx;
        if (jv_enum(ld, jv_at(list, i), arw_phase_names, &ph) != GR_OK)
            return GR_ERR_DATA;
        if (arw_seq_find(d, ph, &idx) >= 0)
            return jv_fail(ld, jv_at(list, i), "phase '%s' is scheduled twice",
                           arw_phase_names[ph]);
        d->seq[seg][d->nseq[seg]++] = (uint8_t)ph;
    }
    return GR_OK;
}

/* "order": [{"turns": [FIRST, LAST], "order": NAME}, ...] (B.4). */
static gr_status load_orders(gr_loader *ld, jv list, arw_data *d)
{
    size_t n;
    if (!list.v)
        return GR_OK;
    if (jv_array(ld, list, 0, ARW_MAX_TURNS, &n) != GR_OK)
        return GR_ERR_DATA;
    for (size_t i = 0; i < n; i++) {
        jv e = jv_at(list, i), turns = jv_get(ld, e, "turns");
        size_t two;
        int first, last, order;
        if (jv_keys(ld, e, ORDER_KEYS) != GR_OK || jv_array(ld, turns, 2, 2, &two) != GR_OK ||
            jv_int(ld, jv_at(turns, 0), 1, ARW_MAX_TURNS, &first) != GR_OK ||
            jv_int(ld, jv_at(turns, 1), first, ARW_MAX_TURNS, &last) != GR_OK ||
            jv_get_enum(ld, e, "order", arw_order_names, &order) != GR_OK)
            return GR_ERR_DATA;
        for (int t = first; t <= last; t++)
            d->order[t] = (uint8_t)order;
    }
    return GR_OK;
}

static gr_status load_sequence(gr_loader *ld, jv seq, arw_data *d)
{
    arw_sequence_default(d);
    if (!seq.v)
        return GR_OK;
    if (jv_keys(ld, seq, SEQ_KEYS) != GR_OK)
        return GR_ERR_DATA;
    for (int seg = 0; seg < ARW_NSEGS; seg++)
        d->nseq[seg] = 0;
    for (int seg = 0; seg < ARW_NSEGS; seg++)
        if (load_segment(ld, jv_get(ld, seq, SEQ_SEGS[seg]), d, seg) != GR_OK)
            return GR_ERR_DATA;
    return load_orders(ld, jv_opt(ld, seq, "order"), d);
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
    if (arw_load_rules(ld, jv_opt(ld, root, "rules"), d) != GR_OK ||
        arw_load_map(ld, jv_get(ld, root, "map"), d) != GR_OK ||
        arw_load_units(ld, jv_get(ld, root, "units"), d) != GR_OK ||
        arw_load_strategic(ld, jv_opt(ld, root, "strategic"), d) != GR_OK || /* SAVANNAH */
        arw_load_setup(ld, jv_opt(ld, root, "setup"), d) != GR_OK ||
        load_sequence(ld, jv_opt(ld, root, "sequence"), d) != GR_OK ||
        arw_load_turns(ld, jv_opt(ld, root, "turns"), d) != GR_OK || /* track orders win */
        load_start(ld, jv_get(ld, root, "start"), d) != GR_OK ||
        load_end(ld, jv_get(ld, root, "end"), d) != GR_OK ||
        arw_load_cards(ld, jv_opt(ld, root, "cards"), d) != GR_OK) /* CARDS (SR4.3) */
        return GR_ERR_DATA;
    return check_track(ld, root, d);
}

gr_status arw_load(gr_loader *ld, const void *scenario_doc, void **sdata)
{
    const jv *root = scenario_doc;
    arw_data *d = calloc(1, sizeof *d);
    *sdata = NULL;
    if (!d)
        return jv_fail(ld, *root, "out of memory");
    gr_status st = load_all(ld, *root, d);
    arw_los_lines_build(d); /* FIRE: line-of-sight geometry (los.c) */
    if (st == GR_OK)
        arw_data_derive(d);
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
    arw_map_free(&d->map);
    free(d->unit);
    free(d);
}

size_t arw_state_size(const void *sdata)
{
    const arw_data *d = sdata;
    return sizeof(arw_state) + (size_t)d->map.nhex * sizeof(arw_hexst);
}
