/*
 * board.h — the position: placement and occupancy, a unit's strength and
 * morale, stacking limits, zones of control, enterable terrain (board.c);
 * leaders in command and in retreats (leaders.c).  Savannah's own
 * stacking and command rules are in savannah/savannah.h.
 */
#ifndef ARW_BOARD_H
#define ARW_BOARD_H

#include "../state.h"

/* ------------------------------------------------------------------ board.c */

/* Puts unit u in hex h (on the map); removes it from its old hex first. */
void arw_place(gr_game *g, int u, int h);
/* Takes unit u off the map into box `box` (ARW_BOX_*). */
void arw_remove(gr_game *g, int u, int box);
/* Side of the combat units in hex h: ARW_BRITISH/ARW_ALLIED, or -1 if none. */
int arw_hex_owner(const gr_game *g, int h);
/* Non-zero when a combat unit of the enemy of `side` is adjacent to h. */
int arw_enemy_adjacent(const gr_game *g, int h, int side);
/* Non-zero when `side` exerts a zone of control into hex h (GR8.1). */
int arw_zoc(const gr_game *g, int h, int side);
/* Non-zero when a ZOC exerted from h's neighbour across side k of h reaches
 * into h (GR8.1-b/c, SR4.19: not into light forest, forest, swamp, intact
 * town, nor across fieldworks into the symbol side). */
int arw_zoc_into(const gr_game *g, int h, int k);
/* Non-zero when unit u exerts a ZOC (GR8.1-a: ready combat unit, not Lost). */
int arw_exerts_zoc(const gr_game *g, int u);
/* Non-zero when unit u may stand in hex h without breaking stacking (GR7.1). */
int arw_stack_ok(const gr_game *g, int u, int h);
/* Non-zero when unit u may cross from hex `from` into adjacent `to` and stay
 * there as far as terrain goes (no prohibited hex or hexside). */
int arw_terrain_enterable(const gr_game *g, int u, int from, int to);
/* Direction from hex a to adjacent hex b, or -1. */
int arw_dir(const arw_data *d, int a, int b);
/* Index into unit u's printed values: 0 full side, 1 reduced side (a
 * two-step unit down to one step). */
static inline int arw_side_index(const arw_data *d, const arw_unit *x, int u)
{
    return d->unit[u].steps == 2 && x->steps == 1 ? 1 : 0;
}
/* Current strength points of unit u (its side's printed SP).  Inline: the
 * evaluation asks it of every unit at the end of every playout. */
static inline int arw_unit_sp(const gr_game *g, int u)
{
    const arw_data *d = arw_dat(g);
    return d->unit[u].sp[arw_side_index(d, &arw_cst(g)->unit[u], u)];
}
/* Current printed morale of unit u (full or reduced side). */
int arw_unit_morale(const gr_game *g, int u);
/* Non-zero for a combat unit (not a leader). */
static inline int arw_is_combat_unit(const arw_data *d, int u)
{
    return d->unit[u].kind != ARW_K_LEADER;
}
/* Non-zero when unit u is a ready-to-parade combat unit on the map.
 * Inline, as the next: the evaluation's threat terms ask them of many
 * units and hexes at the end of every playout. */
static inline int arw_is_ready(const gr_game *g, int u)
{
    const arw_unit *x = &arw_cst(g)->unit[u];
    return x->box == ARW_BOX_MAP && x->status == ARW_READY && arw_is_combat_unit(arw_dat(g), u);
}
/* Non-zero when hex h holds combat units (not leaders) of `side`. */
static inline int arw_hex_has_combat(const gr_game *g, int h, int side)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    for (int u = s->hex[h].head; u != ARW_NO_UNIT; u = s->unit[u].next)
        if (d->unit[u].side == side && arw_is_combat_unit(d, u))
            return 1;
    return 0;
}
/* Commanding leader in hex h for unit u (GR14.1): the highest-ranking (then
 * senior) leader there who may command u (SR4.18), or ARW_NO_UNIT. */
int arw_commander(const gr_game *g, int h, int u);
/* Label of hex h ("1404") into buf; "-" when h < 0. */
const char *arw_hex_label(const arw_data *d, int h, char *buf, size_t size);

#endif
