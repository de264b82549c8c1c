/* mapload.h — the map-feature readers of map/mapload.c, for load.c. */
#ifndef JDG_MAPLOAD_H
#define JDG_MAPLOAD_H

#include "rules/jdg/jdg.h"
#include "io/jv.h"

/* Reads the tables file's "hexsides" (every feature of jdg_side_ids once)
 * and "links" (road and track rates in half MP) into d. */
gr_status jdg_load_side_tables(gr_loader *ld, jv tables_root, jdg_data *d);
/* Reads a scenario map's optional "hexsides" ({feature: ["HEX|HEX", ...]}),
 * "roads" and "tracks" (chains of adjacent hexes) and
 * "level_change_is_slope"; the grid must be loaded. */
gr_status jdg_load_map_features(gr_loader *ld, jv map, jdg_data *d);

/* Reads "force_ratio" (T4), "shock_drm" (T5) and "shock_table" (T6)
 * (shock/tables.c). */
gr_status jdg_load_shock_tables(gr_loader *ld, jv tables_root, jdg_data *d);

/* Reads the tables file's "fire_table" (T2) and "fire_drm" (T3). */
gr_status jdg_load_fire_tables(gr_loader *ld, jv tables_root, jdg_data *d);

#endif
