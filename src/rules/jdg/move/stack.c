/* stack.c — the order of the units in a stack [R5.1.2-b/c]: a unit that
 * enters an occupied hex goes to the bottom, artillery is always on top,
 * and the owner may put a unit on top at the start of its activation.  The
 * top unit takes the stack's contact test [R5.1.3-d, R8.3.2-a] and the
 * reaction fire [R5.1.3-f]. */
#include "rules/jdg/jdg.h"
#include "rules/jdg/move/move.h"

void jdg_stack_bottom(const jdg_data *d, jdg_state *s, int u)
{
    int low = -1;
    for (int v = 0; v < d->nunits; v++)
        if (v != u && jdg_on_map(s, v) && s->unit[v].hex == s->unit[u].hex &&
            s->unit[v].order > low)
            low = s->unit[v].order;
    s->unit[u].order = (uint8_t)(low < 0 ? 0 : low < 250 ? low + 1 : 250);
}

int jdg_stack_above(const jdg_data *d, const jdg_state *s, int a, int b)
{
    if (b < 0)
        return 1;
    int art_a = d->unit[a].type == JDG_ART, art_b = d->unit[b].type == JDG_ART;
    if (art_a != art_b)
        return art_a;
    if (s->unit[a].order != s->unit[b].order)
        return s->unit[a].order < s->unit[b].order;
    return a < b;
}

gr_status jdg_check_restack(const jdg_data *d, const jdg_state *s, int u, gr_error *why)
{
    if (jdg_may_act(d, s, u, why) != GR_OK)
        return GR_ERR_ILLEGAL;
    if (d->unit[u].type == JDG_ART)
        return gr_fail(why, "jdg:R5.1.2-b", "artillery is always on top of its stack");
    int above = 0;
    for (int v = 0; v < d->nunits; v++) {
        if (v == u || !jdg_on_map(s, v) || s->unit[v].hex != s->unit[u].hex)
            continue;
        if (s->unit[v].act & JDG_ACT_MOVED)
            return gr_fail(why, "jdg:R5.1.2-c", "the order of a stack changes before any of "
                           "its units moves");
        above |= d->unit[v].type != JDG_ART && jdg_stack_above(d, s, v, u);
    }
    if (s->unit[u].act & JDG_ACT_MOVED)
        return gr_fail(why, "jdg:R5.1.2-c", "%s has moved: the order changes before any "
                       "movement", d->unit[u].id);
    if (!above)
        return gr_fail(why, "jdg:R5.1.2-c", "%s is already the top unit of its stack",
                       d->unit[u].id);
    return GR_OK;
}

gr_status jdg_restack_apply(gr_game *g, int u, gr_error *why)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    if (jdg_check_restack(d, s, u, why) != GR_OK)
        return GR_ERR_ILLEGAL;
    for (int v = 0; v < d->nunits; v++)
        if (v != u && jdg_on_map(s, v) && s->unit[v].hex == s->unit[u].hex &&
            s->unit[v].order < 250)
            s->unit[v].order++;
    s->unit[u].order = 0;
    return GR_OK;
}

int jdg_restack_legal(const gr_game *g, int p, gr_action *out, int cap, int n)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    if (s->mover >= 0)
        return n;
    for (int u = 0; u < d->nunits; u++)
        if (jdg_check_restack(d, s, u, NULL) == GR_OK)
            n = jdg_add_action(out, cap, n, JDG_A_RESTACK, p, 1, u, 0, 0);
    return n;
}
