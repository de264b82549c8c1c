/* cardunits.c — card effects on units of the order of battle: removal from
 * the game (Cards 1, 2, 32, 33, 38; no VP, AMB-22), replacement counters
 * (14, 23, 30; SR4.8, SR4.18), the loyalist desertion of Card 16,
 * Card 35's elimination with the normal adjustments, Card 37's militia
 * desertion (AMB-60) with the optional retreat of a leader left alone, and
 * the optional units that enter by card (3 Chatham County Militia, 6 Creek
 * Indians; SR4.8). */
#include "cardint.h"

/* ARW_UC_* bit marking a leader that Card 37 left alone (this effect). */
#define UC_ALONE (1u << 5)

static const arw_card *card_of(const gr_game *g)
{
    return &arw_dat(g)->card[arw_cst(g)->cm.card];
}

static int any_alive(const gr_game *g, const arw_card *k)
{
    for (int i = 0; i < k->nunits; i++)
        if (arw_fx_unit_alive(g, k->unit[i]))
            return 1;
    return 0;
}

static int on_map(const gr_game *g, int u)
{
    return u >= 0 && arw_cst(g)->unit[u].box == ARW_BOX_MAP;
}

/* Card 37's units: militia of the army with the printed morale. */
static int deserter(const gr_game *g, const arw_card *k, int u)
{
    const arw_unit_def *x = &arw_dat(g)->unit[u];
    return x->army == k->army && (x->flags & ARW_F_MILITIA) && x->morale[0] == k->pmorale &&
           arw_fx_unit_alive(g, u);
}

/* Hexes where an optional unit may enter (Cards 3, 6). */
static int deploy_ok(const gr_game *g, const arw_card *k, int u, int h)
{
    const arw_data *d = arw_dat(g);
    int side = d->unit[u].side;
    return d->map.terrain[h] == k->terrain && !(d->map.zone[h] & k->outside) &&
           arw_hex_owner(g, h) != 1 - side && !arw_enemy_adjacent(g, h, side) &&
           d->htype[k->terrain].move[d->unit[u].mclass] != ARW_MP_P && arw_stack_ok(g, u, h);
}

static int deploy_hexes(const gr_game *g, const arw_card *k, int *out, int cap)
{
    int n = 0, u = k->unit[0];
    for (int h = 0; h < arw_dat(g)->map.nhex; h++)
        if (deploy_ok(g, k, u, h)) {
            if (n < cap)
                out[n] = h;
            n++;
        }
    return n;
}

int arw_fx_units_possible(const gr_game *g, int c, int side)
{
    const arw_card *k = &arw_dat(g)->card[c];
    const arw_state *s = arw_cst(g);
    (void)side;
    switch (k->effect) {
    case ARW_CE_REMOVE: return any_alive(g, k);
    case ARW_CE_REPLACE:
        return arw_fx_unit_alive(g, k->unit[0]) && s->unit[k->to].box == ARW_BOX_OFF &&
               !(s->ucard[k->to] & ARW_UC_REPLACEMENT);
    case ARW_CE_DESERTION: /* only while the Negro Volunteers are in play */
        return on_map(g, k->req[0]) || on_map(g, k->req[1]);
    case ARW_CE_ELIMINATE: return on_map(g, k->unit[0]);
    case ARW_CE_MILITIA_DESERT: return 1; /* void otherwise (no target) */
    default: /* deploy */
        return s->unit[k->unit[0]].box == ARW_BOX_OFF && deploy_hexes(g, k, NULL, 0) > 0;
    }
}

/* Replacement counter `to` takes the place of `from` (on the map, or as the
 * reinforcement still to come: arw_cards_entry_turn). */
static void swap_counter(gr_game *g, int from, int to)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    arw_unit old = s->unit[from];
    s->ucard[to] |= ARW_UC_REPLACEMENT;
    arw_fx_remove_unit(g, from);
    if (old.box == ARW_BOX_MAP) {
        arw_place(g, to, old.hex);
        s->unit[to].steps = old.steps < d->unit[to].steps ? old.steps : d->unit[to].steps;
        s->unit[to].status = old.status;
        s->unit[to].flags = old.flags;
        s->unit[to].combat = old.combat;
    }
    arw_fx_unit_event(g, to, ARW_CU_REPLACED);
}

/* Card 16: flip one unit to its reduced side, remove the others. */
static void desertion(gr_game *g, const arw_card *k)
{
    arw_state *s = arw_st(g);
    if (k->to >= 0 && arw_fx_unit_alive(g, k->to) && s->unit[k->to].steps == 2) {
        arw_lose_step_no_vp(g, k->to, 0); /* flipped; no VP (recommended reading) */
        arw_fx_unit_event(g, k->to, ARW_CU_FLIPPED);
    }
    for (int i = 0; i < k->nunits; i++)
        if (arw_fx_unit_alive(g, k->unit[i]))
            arw_fx_remove_unit(g, k->unit[i]);
}

/* Card 35: eliminated with the normal adjustments (one or two steps). */
static void eliminate(gr_game *g, int u)
{
    int steps = arw_cst(g)->unit[u].steps;
    arw_elimination_loss(g, u, steps >= 2 ? ARW_AM_2 : ARW_AM_1,
                         arw_side_army(1 - arw_dat(g)->unit[u].side)); /* results.c */
}

/* Card 37: the militia leave; leaders left alone are marked for their
 * optional retreat. */
static void militia_desert(gr_game *g, const arw_card *k)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    for (int u = 0; u < d->nunits; u++) {
        if (!deserter(g, k, u))
            continue;
        int h = s->unit[u].hex;
        arw_fx_remove_unit(g, u); /* AMB-60: no VP, no American loss */
        if (h < 0 || arw_hex_has_combat(g, h, d->unit[u].side))
            continue;
        for (int l = s->hex[h].head; l != ARW_NO_UNIT; l = s->unit[l].next)
            if (d->unit[l].kind == ARW_K_LEADER && d->unit[l].side == d->unit[u].side)
                s->ucard[l] |= UC_ALONE;
    }
}

/* The next leader waiting for Card 37's retreat choice, or -1. */
static int next_alone(const gr_game *g)
{
    for (int u = 0; u < arw_dat(g)->nunits; u++)
        if (arw_cst(g)->ucard[u] & UC_ALONE)
            return u;
    return -1;
}

static void apply_morale(gr_game *g, const arw_card *k)
{
    for (int a = 0; a < ARW_NARMIES; a++)
        if (k->morale[a])
            arw_fx_army(g, a, k->morale[a]);
}

/* Continues Card 37: one choice per leader left alone, then done. */
static void militia_next(gr_game *g)
{
    int l = next_alone(g);
    if (l < 0 || arw_cst(g)->stage == ARW_ST_OVER) {
        arw_fx_finish(g);
        return;
    }
    arw_st(g)->cm.arg[0] = (int16_t)l;
    arw_cm_set(g, ARW_CM_CHOICE, arw_dat(g)->unit[l].side);
}

void arw_fx_units(gr_game *g)
{
    const arw_card *k = card_of(g);
    arw_state *s = arw_st(g);
    switch (k->effect) {
    case ARW_CE_REMOVE:
        for (int i = 0; i < k->nunits; i++)
            if (arw_fx_unit_alive(g, k->unit[i]))
                arw_fx_remove_unit(g, k->unit[i]);
        break;
    case ARW_CE_REPLACE: swap_counter(g, k->unit[0], k->to); break;
    case ARW_CE_DESERTION: desertion(g, k); break;
    case ARW_CE_ELIMINATE: eliminate(g, k->unit[0]); break;
    case ARW_CE_MILITIA_DESERT:
        militia_desert(g, k);
        apply_morale(g, k);
        militia_next(g);
        return;
    default: /* deploy: the owner picks the hex */
        arw_cm_set(g, ARW_CM_CHOICE, s->cm.by);
        return;
    }
    apply_morale(g, k);
    arw_fx_finish(g);
}

/* Card 37: hexes 1, 2 or 3 hexes away under the retreat rules. */
static int leader_hexes(const gr_game *g, int l, int *out, int cap)
{
    int n = 0;
    for (int dist = 1; dist <= card_of(g)->radius; dist++) {
        int tmp[64], m = arw_retreat_hexes(g, l, dist, tmp, 64);
        for (int i = 0; i < m; i++, n++)
            if (n < cap)
                out[n] = tmp[i];
    }
    return n;
}

int arw_fx_units_cand(const gr_game *g, int *out, int cap)
{
    const arw_card *k = card_of(g);
    if (k->effect == ARW_CE_MILITIA_DESERT)
        return leader_hexes(g, arw_cst(g)->cm.arg[0], out, cap);
    return deploy_hexes(g, k, out, cap);
}

void arw_fx_units_pick(gr_game *g, const gr_action *a)
{
    const arw_card *k = card_of(g);
    arw_state *s = arw_st(g);
    if (k->effect == ARW_CE_MILITIA_DESERT) {
        int l = s->cm.arg[0], from = s->unit[l].hex;
        s->ucard[l] &= (uint8_t)~UC_ALONE;
        if (a->kind == ARW_A_CARD_HEX) {
            arw_place(g, l, a->arg[0]);
            arw_emit(g, ARW_E_RETREAT, 3, l, from, a->arg[0]);
        }
        militia_next(g);
        return;
    }
    arw_place(g, k->unit[0], a->arg[0]); /* Cards 3, 6: it acts normally this turn */
    arw_emit(g, ARW_E_CARD_HEX, 3, s->cm.card, a->arg[0], ARW_CH_DEPLOYED);
    arw_fx_unit_event(g, k->unit[0], ARW_CU_DEPLOYED);
    arw_fx_finish(g);
}

void arw_fx_units_resume(gr_game *g)
{
    arw_fx_finish(g);
}
