/*
 * morale.h — the morale (vf:9: valour, routs, fortitude, defeats) part of the vf module.  Part of vf.h, which includes it
 * in place: include vf.h, not this file.
 */
#ifndef GR_VF_MORALE_H
#define GR_VF_MORALE_H

/* ------------------------------------------------------------------ morale/ */

/* Unit u routs (9.3): removed; its brigade breaks when it was the last
 * (9.4), a defeat for its army (9.6). */
void vf_rout(gr_game *g, int u);
/* A valour test of `dice` dice with `bonus` (9.2); returns 1 when passed,
 * routs the unit otherwise. */
int vf_valour_test(gr_game *g, int u, int dice, int bonus);
/* Applies `hits` casualties to unit u (8.3.1, 9.1) and the valour test
 * they call for (+1 in the fire phase); returns 0 when it routed. */
int vf_casualties(gr_game *g, int u, int hits, int fire_phase);
/* vf_casualties for a fire attack's target or a combat's fighting unit: a
 * failed valour test may wait for an Inspiration window (fate/react.c):
 * returns -1 then, the rout undecided. */
int vf_casualties_react(gr_game *g, int u, int hits, int fire_phase);
/* Side `side`'s army suffers a defeat (9.6-a), recorded for good (9.6-b). */
void vf_defeat(gr_game *g, int side);
/* The modifier to every fortitude die of brigade b now (vf:9.5-c). */
int vf_fortitude_mod(const gr_game *g, int b);
/* The end-of-phase step (spec §2.2): fortitude tests of the brigades that
 * had units rout in the phase, active side first (9.5), wavering (9.5.1);
 * the phase's rout counts are cleared.  Returns 1 when a failed test waits
 * for an Inspiration window (fate/react.c): the step goes on, and then
 * vf_after_end_of_phase, when the window closes; 0 when it is over. */
int vf_end_of_phase(gr_game *g);
/* Brigade b failed its fortitude test (9.5-d): a defeat, and it wavers. */
void vf_fortitude_failed(gr_game *g, int b);

#endif
