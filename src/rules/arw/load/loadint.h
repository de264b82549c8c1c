/*
 * load.h — internals shared by the files of the ARW loader (load.c,
 * loadhelp.c, loadmap.c, loadarea.c, loadunit.c, loadsetup.c, loadtab.c,
 * loadfire.c, loadcards.c, loadsav.c).  Only these files touch JSON.
 *
 * Every function returns GR_OK or GR_ERR_DATA with the loader's error set
 * at the offending value ("file:line:column: message").
 */
#ifndef ARW_LOADINT_H
#define ARW_LOADINT_H

#include "../arw.h"
#include "io/jv.h"

/* tables.json's "movement" object: T-Weather movement rows, T-CoveredWay
 * (loadmove.c). */
gr_status arw_load_move_tables(gr_loader *ld, jv x, arw_tables *t);
/* Hex index of a hex label value (bare or provisional-wrapped); error when
 * the hex is not on the map. */
gr_status arw_get_hex(gr_loader *ld, jv x, const arw_data *d, int16_t *out);
/* Hexes of an array of labels and same-column ranges ("1402-1404"), in
 * order, into out[cap]; *n is their number. */
gr_status arw_get_hex_list(gr_loader *ld, jv arr, const arw_data *d, int16_t *out, int cap,
                           int *n);
/* The optional "proposed" member of record `rec`: a provisional wrapper
 * {"value": "sp morale ma", "provisional": "why"} listing the record's keys
 * whose values are proposals (the wrapper is recorded once as provisional).
 * Each listed key must be one of `fields` (NULL-terminated) and present in
 * rec.  Sets bit i of *mask for fields[i]; *mask is 0 without "proposed". */
gr_status arw_load_proposed(gr_loader *ld, jv rec, const char *const *fields, uint32_t *mask);
/* A value that is either inline or the name of a data file holding it: a
 * string x is opened as a file whose root must carry "format": 1; `member`
 * non-NULL then picks that member of the file's root (the rest of the
 * root's keys must be "format", "source", `member`).  Sets *out. */
gr_status arw_inline_or_file(gr_loader *ld, jv x, const char *member, jv *out);
/* Hexside feature ids (array fs, at least `min`) into f[ARW_MAX_FEATURES]. */
gr_status arw_get_features(gr_loader *ld, jv fs, const arw_data *d, int min, int *f, int *n);
/* Non-zero when x (bare or wrapped) is a string. */
int arw_jv_is_string(jv x);
/* A DRM in -5..5 or "P" (ARW_DRM_P), bare or wrapped; `p_means` says what
 * "P" means in the error message. */
gr_status arw_get_drm_or_p(gr_loader *ld, jv x, const char *p_means, int8_t *out);
/* An array of names of `names` (NULL-terminated, at most 32) as a bit mask
 * (bit i for names[i]); set, not added to. */
gr_status arw_get_name_mask(gr_loader *ld, jv arr, const char *const *names, uint32_t *out);

/* The "map" member (an object, or a map file): grid, terrain, hexsides,
 * zones, entry points, headquarters (loadmap.c). */
gr_status arw_load_map(gr_loader *ld, jv m, arw_data *d);
/* Hexside groups of a map (loadmap.c). */
gr_status arw_load_side_groups(gr_loader *ld, jv groups, arw_data *d);
/* Zones of a map, and the lists checked against its terrain (loadmap.c). */
gr_status arw_load_zones(gr_loader *ld, jv zones, arw_data *d);
/* The "units" member (an array, or an order-of-battle file) (loadunit.c). */
gr_status arw_load_units(gr_loader *ld, jv units, arw_data *d);
/* The "setup" member: "campaign" or a set-up file (loadsetup.c). */
gr_status arw_load_setup(gr_loader *ld, jv setup, arw_data *d);
/* The "turns" member: an array of turn records, or a turn-track file. */
gr_status arw_load_turns(gr_loader *ld, jv turns, arw_data *d);
/* The "rules" member: names of special rules in force (arw_srule_names). */
gr_status arw_load_rules(gr_loader *ld, jv rules, arw_data *d);
/* The "fire" member of tables.json: T-Fire, T-Fire-DRM, the damage tables,
 * T-MortarMalfunction and T-MortarScatter (loadfire.c). */
gr_status arw_load_fire(gr_loader *ld, jv fire, arw_fire_tables *f);

/* The "cards" member: the random event cards file (loadcards.c); required
 * when the scenario's rules include random-events. */
gr_status arw_load_cards(gr_loader *ld, jv cards, arw_data *d);

/* SAVANNAH (loadsav.c): the scenario's optional "strategic" member, a file
 * such as data/arw/savannah/strategic.json (weather, siege tables, VP,
 * victory conditions...); absent: d->sav.loaded stays 0. */
gr_status arw_load_strategic(gr_loader *ld, jv x, arw_data *d);

#endif
