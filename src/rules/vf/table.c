/* table.c — the table top for front ends: the `board` query (the table's
 * size, terrain pieces, objectives) and the `units` query (every unit and
 * leader on the table with its figure bases), in the key=value lines of
 * docs/queries.md, "The V&F table top".  Lengths in hundredths of an inch,
 * facings in tenths of a degree (compass: 0 faces +y, 90 faces +x). */
#include <stdio.h>
#include <string.h>

#include "vf.h"

/* Half-angle of the front arc drawn from each front corner (vf:1.1.1-a,
 * the engine's default of spec 8.5, sight/sight.c). */
#define VF_ARC_HALF_DEGREES 45

void vf_query_board(const gr_game *g, gr_text *o)
{
    const vf_sdata *sd = vf_sd(g);
    gr_textf(o, "table w=%d d=%d arc=%d\n", sd->table_w, sd->table_d, VF_ARC_HALF_DEGREES);
    for (int i = 0; i < sd->nterrain; i++) {
        const vf_terrain_def *t = &sd->terrain[i];
        gr_textf(o, "terrain=%s kind=%s x=%d y=%d w=%d d=%d facing=%d\n", t->id,
                 vf_terrain_kinds[t->kind], t->area.c.x, t->area.c.y, t->area.w, t->area.d,
                 (int)t->area.facing);
    }
    static const char *const ctl[] = {"none", "a", "b"};
    for (int i = 0; i < sd->nobjectives; i++)
        gr_textf(o, "objective=%s x=%d y=%d controller=%s\n", sd->objective[i].id,
                 sd->objective[i].x, sd->objective[i].y, ctl[vf_cst(g)->objective[i] % 3]);
}

/* The symbol of docs/queries.md for unit u's type. */
static char unit_sym(const vf_sdata *sd, int u)
{
    static const char SYM[] = {'I', 'C', 'A'};
    int type = vf_unit_profile(sd, u)->type;
    return type >= 0 && type < 3 ? SYM[type] : '?';
}

static void put_unit_line(const gr_game *g, int u, gr_text *o)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_unit *un = &vf_cst(g)->unit[u];
    gr_base cell[VF_MAX_CELLS];
    int n = vf_cells(sd, u, &un->at, cell);
    char sym = unit_sym(sd, u);
    if (vf_shaken(sd, vf_cst(g), u))
        sym = (char)(sym - 'A' + 'a'); /* lower case: shaken (docs/queries.md) */
    gr_textf(o, "unit=%s side=%s sym=%c x=%d y=%d facing=%d figures=%d markers=%d status=%s cells=",
             sd->unit[u].id, vf_side_names[sd->unit[u].side], sym, un->at.x, un->at.y,
             un->at.facing / 10, n, un->markers, vf_shaken(sd, vf_cst(g), u) ? "shaken" : "steady");
    for (int i = 0; i < n; i++)
        gr_textf(o, "%s%d,%d,%d,%d,%d", i ? ";" : "", cell[i].c.x, cell[i].c.y, cell[i].w,
                 cell[i].d, (int)cell[i].facing);
    gr_textf(o, "\n");
}

void vf_query_units(const gr_game *g, gr_text *o)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    for (int u = 0; u < sd->nunits; u++)
        if (st->unit[u].status == VF_UNIT_ON)
            put_unit_line(g, u, o);
    for (int l = 0; l < sd->nleaders; l++)
        if (st->leader[l].status == VF_UNIT_ON)
            gr_textf(o, "unit=%s side=%s sym=%c x=%d y=%d w=%d d=%d\n", sd->leader[l].id,
                     vf_side_names[sd->leader[l].side], sd->leader[l].brigade < 0 ? '*' : 'L',
                     st->leader[l].x, st->leader[l].y, sd->t.leader_w, sd->t.leader_d);
}

void vf_score_margin(const gr_game *g, int32_t *margin, int32_t *turn)
{
    const vf_state *st = vf_cst(g);
    *margin = 100 * (vf_score(g, VF_SIDE_A) - vf_score(g, VF_SIDE_B));
    *turn = st->turns[0] + st->turns[1];
}
