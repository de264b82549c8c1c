/*
 * load.h — what the rest of the module may call of the loader: the
 * gr_rules load/free hooks, derived data after an edit, and the
 * readers edit lines share.  JSON itself stays inside load/ (loadint.h).
 */
#ifndef ARW_LOAD_H
#define ARW_LOAD_H

#include "../state.h"

/* ------------------------------------------------------------------ load.c / loadtab.c */

/* gr_rules.load / free_sdata / state_size. */
gr_status arw_load(gr_loader *ld, const void *scenario_doc, void **sdata);
void arw_free_data(void *sdata);
size_t arw_state_size(const void *sdata);
/* Loads tables.json (`path`) into d->t (loadtab.c). */
gr_status arw_load_tables(gr_loader *ld, const char *path, arw_data *d);
/* Loads the terrain effects chart (`path`) into d (loadtab.c). */
gr_status arw_load_terrain(gr_loader *ld, const char *path, arw_data *d);
/* (Re)allocates the map arrays for a cols x rows grid; 0 or -1 on OOM. */
int arw_map_alloc(arw_map *m, int cols, int rows, int col0, int row0, int shifted);
/* Frees the map arrays (the struct itself is not freed). */
void arw_map_free(arw_map *m);
/* Rebuilds the lists derived from the static data (the town hexes, each
 * side's units and artillery); the loader and every edit line call it. */
void arw_data_derive(arw_data *d);
/* Fills arw_map.los_class and los_pre from the printed map (los.c; called
 * by arw_data_derive, after arw_los_lines_build). */
void arw_los_derive(arw_data *d);
/* Fills arw_map.mvcost for the movement keys of d's units (movecost.c;
 * called by arw_data_derive). */
void arw_mvcost_derive(arw_data *d);
/* SR4.1 classes of unit u (move.h ARW_NAT_*; movecost.c): arw_data.unit_nat,
 * kept by arw_data_derive. */
static inline unsigned arw_nat_of(const arw_data *d, int u)
{
    return d->unit_nat[u];
}
/* Fills arw_data.unit_nat, unit_nat_end and unit_nat_pass (movecost.c;
 * called by arw_data_derive). */
void arw_nat_derive(arw_data *d);
/* Terrain of every hex of row `row` (0-based) from letters; 0 or -1. */
int arw_map_set_row(arw_data *d, int row, const char *letters, char *why, size_t why_size);
/* Draws feature `f` on the side between adjacent hexes a and b; 0 or -1. */
int arw_map_set_feature(arw_data *d, int a, int b, int f);
/* The GR5 series sequence of play (every turn rolled for). */
void arw_sequence_default(arw_data *d);
/* Unit flag / kind / army parsing shared by loader and editor. */
void arw_unit_derive(arw_unit_def *u);
/* Marks the side between adjacent hexes a and b as a perimeter hexside
 * (SR1.7); 0 or -1 when not adjacent. */
int arw_map_set_perimeter_side(arw_data *d, int a, int b);
/* Non-zero when side `dir` of hex h is a perimeter hexside (SR1.7). */
int arw_perimeter_side(const arw_data *d, int h, int dir);
/* Non-zero when hex h lies in every zone of `zones` (ARW_Z_*). */
int arw_in_zone(const arw_data *d, int h, unsigned zones);
/* Index of entry point `name` in d->map.entry, ARW_ENTRY_HQ for "HQ",
 * ARW_ENTRY_VARIABLE for "variable", else ARW_ENTRY_NONE. */
int arw_entry_find(const arw_data *d, const char *name);
/* Hex of unit u's campaign entry point (its first hex; the army's HQ for
 * ARW_ENTRY_HQ), or ARW_NO_HEX (none, or a variable entry). */
int arw_entry_hex(const arw_data *d, int u);
/* Axial coordinates of hex h; (0, 0) off the map, as gr_grid_hex gives. */
static inline gr_hex arw_axial(const arw_data *d, int h)
{
    gr_hex none = {0, 0};
    return h >= 0 && h < d->map.nhex ? d->map.ax[h] : none;
}
/* Slot of axial offset (dq, dr) in arw_data.los_line (|dq|, |dr| <= ARW_LOS_TABLE). */
static inline int arw_los_slot(int dq, int dr)
{
    return (dq + ARW_LOS_TABLE) * ARW_LOS_SPAN + dr + ARW_LOS_TABLE;
}
/* Works out d->los_line (losgeom.c; once per scenario: it depends on no map). */
void arw_los_lines_build(arw_data *d);
/* Hex distance between hexes a and b (gr_hex_dist of their axial
 * coordinates, inlined: the module's most frequent call). */
static inline int arw_hex_distance(const arw_data *d, int a, int b)
{
    gr_hex x = arw_axial(d, a), y = arw_axial(d, b);
    int dq = x.q - y.q, dr = x.r - y.r, ds = dq + dr;
    return ((dq < 0 ? -dq : dq) + (dr < 0 ? -dr : dr) + (ds < 0 ? -ds : ds)) / 2;
}
/* The hexes lo to hi hexes away from hex h, in map order, into out (at most
 * cap; (2 hi + 1)^2 always suffices); returns their number. */
int arw_hexes_within(const arw_data *d, int h, int lo, int hi, int16_t *out, int cap);
/* Distance from hex h to the nearest hex inside the perimeter (SR4.4), or
 * -1 when the map has no perimeter. */
int arw_perimeter_distance(const arw_data *d, int h);
/* Weather fixed by the scenario for `turn`, or -1. */
int arw_fixed_weather(const arw_data *d, int turn);

#endif
