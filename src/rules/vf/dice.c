/* dice.c — the one D6 test every rule of V&F uses (vf:1.0.2) and the one
 * way values are modified (vf:1.0.1, spec §1.11).
 *
 * A test rolls one die from the game's stream (gr_roll, logged with its
 * purpose).  A natural 6 always succeeds and a natural 1 always fails
 * (1.0.2-a); otherwise the test succeeds when natural + modifiers reaches
 * the target.  Re-rolls are decided on the natural result, before any
 * modifier (1.0.2-b), and a die is re-rolled at most once: the second
 * result stands (1.0.2-c). */
#include "vf.h"

int vf_d6_roll(gr_game *g, const vf_d6 *t, int *rerolled)
{
    int face = gr_roll(g, 1, 6, t->purpose);
    *rerolled = face >= 1 && face <= 6 && ((t->reroll >> face) & 1u);
    if (*rerolled)
        face = gr_roll(g, 1, 6, t->purpose); /* once: the second result stands */
    return vf_d6_passes(face, t->mod, t->target);
}

int vf_d6_test(gr_game *g, const vf_d6 *t, int *natural)
{
    int face = gr_roll(g, 1, 6, t->purpose);
    if (face >= 1 && face <= 6 && (t->reroll >> face) & 1u)
        face = gr_roll(g, 1, 6, t->purpose); /* once: the second result stands */
    if (natural)
        *natural = face;
    return vf_d6_passes(face, t->mod, t->target);
}

int vf_d6_passes(int natural, int mod, int target)
{
    if (natural >= 6)
        return 1;
    if (natural <= 1)
        return 0;
    return natural + mod >= target;
}

int vf_d6_count_free(gr_game *g, const vf_d6 *t, int n, int *free)
{
    int passed = 0, rerolled = 0;
    *free = 0;
    for (int i = 0; i < n; i++) {
        if (vf_d6_roll(g, t, &rerolled))
            passed++;
        else if (!rerolled)
            ++*free;
    }
    return passed;
}

int vf_d6_count(gr_game *g, const vf_d6 *t, int n)
{
    int passed = 0;
    for (int i = 0; i < n; i++)
        passed += vf_d6_test(g, t, NULL);
    return passed;
}

int vf_modified(int base, int halve, int add)
{
    if (base <= 0)
        return base; /* a value that is 0 before modification stays 0 */
    int v = halve ? base / 2 : base; /* halve once (1.0.1-c), round down (1.0.1-b) */
    v = v < 1 ? 1 : v;               /* never below 1 (1.0.1-d) */
    v += add;                        /* halving before adding (1.0.1-a) */
    return v < 1 ? 1 : v;
}
