/*
 * arwtest.h — ARW test-bed positions shared by the ARW test programs.
 */
#ifndef GR_ARWTEST_H
#define GR_ARWTEST_H

#include <stdint.h>

#include "grognard.h"

/*
 * Places the arw-testbed's artillery, rifles, mortar, leaders and cavalry
 * of both sides at random around the middle (British rows 2-5, Allied rows
 * 5-8, one unit in eight disrupted), drawn from (seed, stream), then opens
 * a fire phase chosen by seed % 4: rifle fire of the British, of the
 * Allies, defensive fire of the Allies, of the British.  g is a new game of
 * arw-testbed (or of a scenario with the same unit ids); the caller owns it.
 */
void tu_arw_fire_position(gr_game *g, uint64_t seed, uint64_t stream);

#endif
