/*
 * sight.h — the sight and visibility (vf:5.1.2, T.*) part of the vf module.  Part of vf.h, which includes it
 * in place: include vf.h, not this file.
 */
#ifndef GR_VF_SIGHT_H
#define GR_VF_SIGHT_H

/* ------------------------------------------------------------------ sight/ */

/* The front-rank bases of unit u laid out as l (artillery: the gun base
 * unlimbered, the limber base limbered), left to right; returns the count. */
int vf_front_rank(const vf_sdata *sd, int u, const vf_layout *l, gr_base *out);
/* The unit's front arc: the 45° wedge on its whole front rank (1.1.1-a). */
gr_g2_arc vf_unit_arc(const vf_sdata *sd, int u, const vf_layout *l);
/* Some base of `cells` is at least partly in the arc (spec §8.5). */
int vf_in_arc(const gr_g2_arc *arc, const gr_base *cells, int n);
/* Is unit t (laid out as tl) visible to unit u (laid out as ul)?  5.1.2,
 * 5.1.3 with the other units where they stand. */
int vf_visible(const gr_game *g, int u, const vf_layout *ul, int t, const vf_layout *tl);
/* How many front-rank figures of u see t (8.1.5, 8.2.1); the front rank's
 * size in *front_count when not NULL. */
int vf_seeing_figures(const gr_game *g, int u, const vf_layout *ul, int t, const vf_layout *tl,
                      int *front_count);

/* The sight line s keeps more than 1" from every base of every unit on the
 * table other than u and t (5.1.3-a). */
int vf_sight_line_clear(const gr_game *g, int u, int t, gr_seg s);

#endif
