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
/* At least half of u's front-rank figures see t (8.1.5-a, 8.2.1-a):
 * 2 x vf_seeing_figures >= its front count, counted only as far as needed. */
int vf_half_see(const gr_game *g, int u, const vf_layout *ul, int t, const vf_layout *tl);
/* Why vf_visible answered as it did, for the sight cache (cache.c):
 *  VF_SEEN_TOUCH   a figure touches t (depends on u and t only);
 *  VF_SEEN_LINE    `line` is clear of every other unit (and of terrain);
 *  VF_UNSEEN       every line is blocked by terrain or out of the arcs, or
 *                  by a unit of `blockers` (moving no other unit unblocks);
 *  VF_SEEN_UNKNOWN no reason kept (too many bases to follow). */
enum { VF_SEEN_UNKNOWN = 0, VF_SEEN_TOUCH = 1, VF_SEEN_LINE = 2, VF_UNSEEN = 3 };
typedef struct vf_seen {
    int why;
    gr_seg line;
    uint64_t blockers; /* bit per unit (VF_MAX_UNITS is 64)              */
} vf_seen;
/* vf_visible, with its reason in *why. */
int vf_visible_why(const gr_game *g, int u, const vf_layout *ul, int t, const vf_layout *tl,
                   vf_seen *why);
/* The line keeps more than 1" from every base of every unit on the table
 * other than u and t (5.1.3-a (ii)). */
int vf_line_clear(const gr_game *g, int u, int t, gr_seg line);
/* How many front-rank figures of u see t (8.1.5, 8.2.1); the front rank's
 * size in *front_count when not NULL. */
int vf_seeing_figures(const gr_game *g, int u, const vf_layout *ul, int t, const vf_layout *tl,
                      int *front_count);


#endif
