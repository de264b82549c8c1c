/* column.c — the optional Column/Line rule (S-ColumnLine, R5.1-j, R6.5-g):
 * off unless the scenario ("column_line": true) or the game option
 * `column=on` selects it.  Every unit is in Line unless it lies face-down
 * in Column, which both players see (S-CL-a); HQs have no formation (E-24).
 * A unit changes formation in the Movement Phase before it moves, once a
 * phase, for half its movement allowance rounded down, all of it in a
 * front-line hex (S-CL-b); a reinforcement chooses its formation before it
 * enters, for nothing (S-CL-f).  Only Column units use roads (S-CL-c); a
 * Column unit has a stacking limit of 1, enters no hex holding other
 * friendly units, and a Line unit enters no hex holding a Column unit
 * (S-CL-d).  Column units cannot fire nor attack; a Column defender may
 * change to Line as its Round 1 Combat Turn, and one that stays in Column
 * rolls no dice in Round 1 (S-CL-e; melee/melee.c). */
#include "../boc.h"

int boc_uses_roads(const boc_state *s, int u)
{
    return !s->column_rule || (s->unit[u].flags & BOC_U_COLUMN); /* S-CL-c, R6.5-g */
}

/* Non-zero when a unit of side in hex, other than u, is in Column. */
static int column_in(const boc_state *s, const boc_sdata *sd, int hex, int side, int u)
{
    for (int v = 0; v < sd->nblock; v++)
        if (v != u && s->unit[v].hex == hex && sd->block[v].side == side &&
            (s->unit[v].flags & BOC_U_COLUMN))
            return 1;
    return 0;
}

int boc_column_barred(const boc_state *s, const boc_sdata *sd, int u, int hex)
{
    int side = sd->block[u].side;
    if (!s->column_rule || hex < 0 || s->count[side][hex] == 0)
        return 0;
    if (s->unit[u].flags & BOC_U_COLUMN) /* no hex holding other friendly units */
        return s->count[side][hex] > (s->unit[u].hex == hex);
    return column_in(s, sd, hex, side, u); /* a Line unit: no Column unit's hex */
}

int boc_stack_limit(const boc_state *s, const boc_sdata *sd, int hex, int side)
{
    if (s->column_rule && column_in(s, sd, hex, side, -1))
        return 1; /* S-CL-d: a Column unit's limit is 1 in any terrain */
    return sd->hex[hex].stacking;
}

int boc_stack_room(const boc_state *s, const boc_sdata *sd, int hex, int u)
{
    int side = sd->block[u].side, n = s->count[side][hex];
    if (n >= boc_stack_limit(s, sd, hex, side))
        return 0;
    return !(s->column_rule && (s->unit[u].flags & BOC_U_COLUMN) && n > 0); /* S-CL-d */
}

int boc_formation_cost(const boc_state *s, const boc_sdata *sd, int u)
{
    int hex = s->unit[u].hex, ma = boc_type_of(sd, u)->movement;
    if (hex < 0)
        return 0; /* S-CL-f: chosen on entering */
    if (boc_enemy_adjacent(s, sd, hex, 1 - sd->block[u].side))
        return ma; /* S-CL-b: 100% in a front-line hex */
    return ma / 2; /* S-CL-b: 50%, rounded down */
}

/* May u change formation now, in the Movement Phase? */
static gr_status check_change(const boc_state *s, const boc_sdata *sd, int u, gr_error *why)
{
    if (!s->column_rule)
        return gr_fail(why, "boc:S-CL-a", "the optional Column/Line rule is not in use");
    if (u < 0 || u >= sd->nblock)
        return gr_fail(why, NULL, "no such unit");
    if (boc_type_of(sd, u)->hq)
        return gr_fail(why, "boc:S-CL-a", "%s is an HQ: HQs have no formation",
                       sd->block[u].id);
    gr_status st = boc_may_move(s, sd, u, why);
    if (st != GR_OK)
        return st;
    const boc_unit *un = &s->unit[u];
    if (un->flags & BOC_U_FORMED)
        return gr_fail(why, "boc:S-CL-b", "%s changed formation this phase already",
                       sd->block[u].id);
    if (un->mp + boc_formation_cost(s, sd, u) > boc_type_of(sd, u)->movement)
        return gr_fail(why, "boc:S-CL-b", "changing formation here costs %d MP, %s has %d",
                       boc_formation_cost(s, sd, u), sd->block[u].id,
                       boc_type_of(sd, u)->movement - un->mp);
    if (!(un->flags & BOC_U_COLUMN) && un->hex >= 0 && s->count[sd->block[u].side][un->hex] > 1)
        return gr_fail(why, "boc:S-CL-d",
                       "%s shares its hex: a Column unit's stacking limit is 1",
                       sd->block[u].id);
    return GR_OK;
}

int boc_formation_options(const boc_state *s, const boc_sdata *sd, int u, gr_action *out, int cap)
{
    if (!s->column_rule || s->decision != BOC_DEC_MOVE || check_change(s, sd, u, NULL) != GR_OK)
        return 0;
    if (cap > 0)
        out[0] = (gr_action){.kind = BOC_A_FORMATION,
                             .player = s->active,
                             .nargs = 2,
                             .arg = {u, !(s->unit[u].flags & BOC_U_COLUMN)}};
    return 1;
}

/* Emits the change: the owner learns which block, everyone sees a block of
 * that side in that hex lie down or stand up (S-CL-a, RA3-c). */
static void emit_change(gr_game *g, int u, int column, int cost)
{
    const boc_state *s = boc_cst(g);
    int side = boc_sd(g)->block[u].side, hex = s->unit[u].hex;
    gr_event e = {.kind = BOC_EV_FORMATION, .nargs = 4, .arg = {u, hex, column, cost}};
    e.vis = (uint8_t)((s->unit[u].flags & BOC_U_REVEALED) ? GR_VIS_ALL : 1u << side);
    gr_emit(g, &e);
    gr_emitv(g, BOC_EV_BLOCK_FORMATION, 3, side, hex, column);
}

static void set_column(boc_state *s, int u, int column)
{
    if (column)
        s->unit[u].flags |= BOC_U_COLUMN;
    else
        s->unit[u].flags &= (uint16_t)~BOC_U_COLUMN;
}

gr_status boc_formation_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    int u = a->arg[0], column = a->arg[1] != 0;
    if (s->decision == BOC_DEC_COMBAT)
        return boc_melee_form_line(g, a, why);
    if (s->decision != BOC_DEC_MOVE)
        return gr_fail(why, "boc:S-CL-b", "formations change in the Movement Phase");
    gr_status st = check_change(s, sd, u, why);
    if (st != GR_OK)
        return st;
    if (column == ((s->unit[u].flags & BOC_U_COLUMN) != 0))
        return gr_fail(why, "boc:S-CL-b", "%s is in %s already", sd->block[u].id,
                       column ? "Column" : "Line");
    int cost = boc_formation_cost(s, sd, u);
    set_column(s, u, column);
    s->unit[u].flags |= BOC_U_FORMED;
    s->unit[u].mp = (int8_t)(s->unit[u].mp + cost);
    emit_change(g, u, column, cost);
    return GR_OK;
}

/* A Column defender's Round 1 Combat Turn spent changing to Line (S-CL-e);
 * called by melee/melee.c once the turn is checked. */
void boc_form_line_now(gr_game *g, int u)
{
    boc_state *s = boc_st(g);
    set_column(s, u, 0);
    s->unit[u].flags |= BOC_U_ACTED;
    emit_change(g, u, 0, 0);
}
