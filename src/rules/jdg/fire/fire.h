/* fire.h — artillery fire (rule 7), shared by the fire/ files. */
#ifndef JDG_FIRE_H
#define JDG_FIRE_H

#include "rules/jdg/jdg.h"

/* Line of sight from hex f to hex t [R7.4-a, R7.4.1-R7.4.3]. */
int jdg_los(const jdg_data *d, const jdg_state *s, int f, int t);
/* Point-blank fire from f at the adjacent hex t: not across a crest or
 * steep slope [R7.4.4]. */
int jdg_point_blank_ok(const jdg_data *d, int f, int t);
/* Range to hex t when artillery unit u could fire at it as it stands:
 * inside its fire cone (any of the six with six front hexes) [R7.2-c],
 * within maximum range [R7.3-c], in LOS or point blank [R7.4], point
 * blank only at night and in fog [R7.5-c]; else 0.  Ignores whether u may
 * fire now and what is in t. */
int jdg_fire_reach(const jdg_data *d, const jdg_state *s, int u, int t);

/* T3 DRMs of gun u's fire at hex t (combined with w if w >= 0). */
int jdg_fire_drm(const jdg_data *d, const jdg_state *s, int u, int t, int w);
/* The Fire Table row of a total (NULL past the table). */
const jdg_fire_row *jdg_fire_row_of(const jdg_data *d, int total);
/* Index of a row's results in the event's names (none, CT, D, ...). */
int jdg_fire_result_code(const jdg_fire_row *row);
/* Applies a row's results in order to each of the n units of list. */
void jdg_fire_results(gr_game *g, const int *list, int n, const jdg_fire_row *row);
/* Opens counter-battery against `firer`, which fired at `hex`, if a gun
 * there may answer. */
void jdg_counter_open(gr_game *g, int firer, int hex);

#endif
