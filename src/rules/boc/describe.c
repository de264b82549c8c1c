/* describe.c — a readable account of a BoC game or of one player's view:
 * turn and phase, the fire being resolved, the score, and every block by
 * hex.  A hidden enemy block in a view reads "csa hidden block": its
 * identity, type, strength and combat value are not in the view at all. */
#include <stdarg.h>
#include <stdio.h>

#include "boc.h"

static const char *side_name(int side)
{
    return side == BOC_CSA ? "csa" : "usa";
}

static void header(const gr_game *g, gr_text *t)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    char l[8];
    gr_textf(t, "Badges of Courage: %s; %s%s\n", sd->map_name[0] ? sd->map_name : "map",
             g->viewer < 0 ? "full game"
             : g->masked   ? "view of "
                      : "determinized sample of the view of ",
             g->viewer < 0 ? "" : side_name(g->viewer));
    if (s->phase == BOC_PH_OVER) {
        static const char *const OUT[] = {"usa-victory", "draw", "csa-victory"};
        gr_textf(t, "game over: %s, CSA victory points %d\n", OUT[s->outcome % 3], s->vp);
    } else {
        int who = s->decision == BOC_DEC_OVERSTACK ? s->stack_side
                  : s->decision == BOC_DEC_ALLOCATE || s->decision == BOC_DEC_REPULSE
                      ? 1 - s->active
                      : s->active;
        gr_textf(t, "day %d %02d:00, player turn %d (%s first): %s active, %s phase, "
                    "waiting for %s (%s)\n",
                 boc_day_of(s, sd), s->hour, s->turns_done + 1, side_name(s->player1),
                 side_name(s->active), boc_phase_names[s->phase], side_name(who),
                 boc_decision_names[s->decision % BOC_NDECISIONS]);
    }
    if (s->decision == BOC_DEC_ALLOCATE || s->decision == BOC_DEC_REPULSE) {
        boc_hex_label(sd, s->fire.hex, l, sizeof l);
        gr_textf(t, "fire on %s: %d hit%s still to apply%s\n", l, s->fire.hits,
                 s->fire.hits == 1 ? "" : "s",
                 s->decision == BOC_DEC_REPULSE ? "; a block is repulsed" : "");
    }
    gr_textf(t, "lost blocks: usa %d (fallen leaders %d), csa %d (fallen leaders %d)\n",
             s->elim[BOC_USA], s->fallen[BOC_USA], s->elim[BOC_CSA], s->fallen[BOC_CSA]);
}

static void one_block(const gr_game *g, int u, gr_text *t)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    const boc_block *b = &sd->block[u];
    const boc_unit *un = &s->unit[u];
    if (!boc_visible(g, u, boc_viewer(g))) {
        gr_textf(t, "%s hidden block%s%s%s", side_name(b->side),
                 (un->flags & BOC_U_HALF) ? " (half-hit)" : "",
                 (un->flags & BOC_U_FIRED) ? " (fired)" : "",
                 (un->flags & BOC_U_COLUMN) ? " (column)" : ""); /* S-CL-a: seen face-down */
        return;
    }
    gr_textf(t, "%s %s %s %c%d", side_name(b->side), b->id, boc_type_names[b->type], b->morale,
             b->fp);
    if (boc_type_of(sd, u)->artillery)
        gr_textf(t, "/%d", b->fp_long);
    gr_textf(t, " %d/%d %s%s%s%s%s", un->str, b->max,
             (un->flags & BOC_U_REVEALED) ? "revealed" : "hidden",
             (un->flags & BOC_U_HALF) ? " half-hit" : "", (un->flags & BOC_U_FIRED) ? " fired" : "",
             (un->flags & BOC_U_CMD) ? " cmd" : "", (un->flags & BOC_U_COLUMN) ? " column" : "");
}

static void blocks(const gr_game *g, gr_text *t)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    char l[8];
    for (int h = 0; h < sd->nhex; h++) {
        if (!s->count[BOC_USA][h] && !s->count[BOC_CSA][h])
            continue;
        const boc_terrain *ter = boc_terrain_of(sd, h);
        boc_hex_label(sd, h, l, sizeof l);
        gr_textf(t, "  %s %s%s:", l, ter->name, ter->d2 ? " (double defense)" : "");
        const char *sep = " ";
        for (int u = 0; u < sd->nblock; u++)
            if (s->unit[u].hex == h) {
                gr_textf(t, "%s", sep);
                one_block(g, u, t);
                sep = "; ";
            }
        gr_textf(t, "\n");
    }
}

static void eliminated(const gr_game *g, gr_text *t)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    const char *sep = "eliminated:";
    for (int u = 0; u < sd->nblock; u++)
        if (s->unit[u].hex == BOC_LOC_ELIM) {
            gr_textf(t, "%s %s", sep, sd->block[u].id);
            sep = ",";
        }
    if (*sep == ',')
        gr_textf(t, "\n");
}

int boc_describe(const gr_game *g, char *buf, size_t size)
{
    gr_text t = {buf, size, 0};
    if (size)
        buf[0] = '\0';
    header(g, &t);
    gr_textf(&t, "blocks on the map:\n");
    blocks(g, &t);
    eliminated(g, &t);
    return (int)t.len;
}
