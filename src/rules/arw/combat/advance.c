/* advance.c — advance after combat (GR12.23 Step 9, AMB-92, GR14.32): when
 * a defending hex is empty of defending units, the attacker's vanguard must
 * advance into one such hex unless it retreated or cannot enter it; the other
 * participating attackers may advance within stacking; artillery never
 * advances; enemy leaders left alone in the hex are captured. */
#include "../arw.h"

/* Defending hexes of the current combat now empty of enemy combat units. */
static int vacated(const gr_game *g, int *out)
{
    const arw_state *s = arw_cst(g);
    const arw_combat *c = &s->combat[s->cur - 1];
    int n = 0;
    for (int j = 0; j < c->ndhex; j++)
        if (!arw_hex_has_combat(g, c->dhex[j], arw_role_side(g, ARW_DEF)))
            out[n++] = c->dhex[j];
    return n;
}

/* May unit u advance now (participant, did not retreat, not yet advanced)? */
static int may_advance(const gr_game *g, int u)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    return arw_participant(g, s->cur - 1, u) && d->unit[u].side == s->active &&
           d->unit[u].kind != ARW_K_ARTILLERY &&
           !(s->unit[u].flags & (ARW_U_RETREATED | ARW_U_ADVANCED));
}

static int can_enter(const gr_game *g, int u, int h)
{
    return arw_terrain_enterable(g, u, arw_cst(g)->unit[u].hex, h) && arw_stack_ok(g, u, h) &&
           !arw_sr41_clash_hex(g, u, h); /* SR4.1-2a */
}

/* SR1.7-c, SR4.19: a British vanguard need not advance out of the Savannah
 * Defence Perimeter (into h); it then may. */
static int advance_obliged(const gr_game *g, int u, int h)
{
    const arw_data *d = arw_dat(g);
    return d->unit[u].side != ARW_BRITISH ||
           !arw_in_zone(d, arw_cst(g)->unit[u].hex, ARW_Z_PERIMETER) ||
           arw_in_zone(d, h, ARW_Z_PERIMETER);
}

/* The vanguard still owes its advance: it may advance and can enter a hex
 * it is obliged to enter. */
static int vanguard_owes(const gr_game *g, const int *hexes, int n)
{
    const arw_state *s = arw_cst(g);
    int van = s->combat[s->cur - 1].van[ARW_ATT];
    if (van == ARW_NO_UNIT || !may_advance(g, van))
        return 0;
    for (int i = 0; i < n; i++)
        if (can_enter(g, van, hexes[i]) && advance_obliged(g, van, hexes[i]))
            return 1;
    return 0;
}

int arw_advance_legal(const gr_game *g, int side, gr_action *out, int cap)
{
    const arw_state *s = arw_cst(g);
    int hexes[ARW_MAX_DHEX], n = 0;
    if (s->stage != ARW_ST_ADVANCE || side != s->active)
        return 0;
    int nv = vacated(g, hexes);
    int van = s->combat[s->cur - 1].van[ARW_ATT];
    if (vanguard_owes(g, hexes, nv)) {
        for (int i = 0; i < nv; i++)
            if (can_enter(g, van, hexes[i]))
                arw_put_action(out, cap, &n, side, ARW_A_ADVANCE, van, hexes[i]);
        return n;
    }
    for (int u = 0; u < arw_dat(g)->nunits; u++)
        for (int i = 0; i < nv && may_advance(g, u); i++)
            if (can_enter(g, u, hexes[i]))
                arw_put_action(out, cap, &n, side, ARW_A_ADVANCE, u, hexes[i]);
    arw_put_action(out, cap, &n, side, ARW_A_ADVANCE_DONE, 0, 0);
    return n;
}

gr_status arw_advance_check(const gr_game *g, const gr_action *a, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    int hexes[ARW_MAX_DHEX], ok = 0;
    if (s->stage != ARW_ST_ADVANCE)
        return gr_fail(err, "arw:GR12.23", "advance after combat is Step 9");
    int nv = vacated(g, hexes), owes = vanguard_owes(g, hexes, nv);
    if (a->kind == ARW_A_ADVANCE_DONE)
        return owes ? gr_fail(err, "arw:GR12.23", "the vanguard must advance (Step 9)") : GR_OK;
    int u = a->arg[0], h = a->arg[1];
    for (int i = 0; i < nv; i++)
        ok |= hexes[i] == h;
    if (u < 0 || u >= arw_dat(g)->nunits || !ok)
        return gr_fail(err, "arw:GR12.23", "advance only into a vacated defending hex");
    if (owes && u != s->combat[s->cur - 1].van[ARW_ATT])
        return gr_fail(err, "arw:GR12.23", "the vanguard advances first (Step 9)");
    if (!may_advance(g, u) || !can_enter(g, u, h))
        return gr_fail(err, "arw:GR12.23", "that unit may not advance into that hex (Step 9: "
                       "participants that did not retreat, not artillery, within stacking)");
    return GR_OK;
}

void arw_advance_exec(gr_game *g, const gr_action *a)
{
    arw_state *s = arw_st(g);
    if (a->kind == ARW_A_ADVANCE_DONE) {
        arw_combat_finish(g);
        return;
    }
    int u = a->arg[0], h = a->arg[1];
    arw_capture_lone_leaders(g, u, h); /* GR14.32-a (command.c) */
    arw_place(g, u, h);
    s->unit[u].flags |= ARW_U_ADVANCED;
    arw_emit(g, ARW_E_ADVANCE, 2, u, h);
}

void arw_advance_begin(gr_game *g)
{
    arw_state *s = arw_st(g);
    int hexes[ARW_MAX_DHEX];
    if (s->stage == ARW_ST_OVER)
        return;
    if (vacated(g, hexes) == 0) {
        arw_combat_finish(g);
        return;
    }
    s->stage = ARW_ST_ADVANCE;
}
