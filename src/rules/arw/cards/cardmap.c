/* cardmap.c — card effects on the map: breaches of fieldworks hexsides
 * (Card 25 abatis only near Laurens, AMB-58; Card 34 never abatis, in a
 * turn that is not Fair; SR4.5-c, SR4.19 breach morale check, AMB-35), the
 * repair of a breached hexside (Card 28, SR4.5-c) and the bombardment of a
 * Savannah town hex (Card 15: scatter, destruction, a step loss, morale
 * checks at -1; AMB-57).  The hexsides, their owners, breaches and repairs
 * and the bombardment are the Savannah map's (savmap.c: arw_edge_types,
 * arw_works_hexsides, arw_partial_breach, arw_breach, arw_bombard_town);
 * this file chooses and sequences them. */
#include "cardint.h"

static const arw_card *card_of(const gr_game *g)
{
    return &arw_dat(g)->card[arw_cst(g)->cm.card];
}

/* Non-zero when card k may breach the hexside into h across dir, the enemy
 * works there (arw_works_hexsides) being unbreached: Card 25 its abatis
 * within `radius` hexes of Laurens (both hexes of the side), Card 34 any
 * other fieldworks type. */
static int breachable(const gr_game *g, const arw_card *k, int side, int h, int dir)
{
    const arw_data *d = arw_dat(g);
    unsigned abatis = d->sav.st_abatis >= 0 ? 1u << d->sav.st_abatis : 0u;
    unsigned enemy = side == ARW_BRITISH ? d->sav.french_works : d->sav.british_works;
    unsigned m = arw_edge_types(g, h, dir) & enemy; /* AMB-52: whose works */
    if (k->breach == ARW_BK_ABATIS) {
        int l = k->leader >= 0 ? arw_cst(g)->unit[k->leader].hex : ARW_NO_HEX;
        int n = d->map.nb[h * 6 + dir];
        if (l < 0 || n < 0 || arw_hex_distance(d, l, h) > k->radius ||
            arw_hex_distance(d, l, n) > k->radius)
            return 0;
        return (m & abatis) != 0;
    }
    return (m & ~abatis) != 0;
}

/* Candidates: hexsides as h * 6 + dir (h the hex of the fieldworks). */
static int breach_cand(const gr_game *g, const arw_card *k, int side, int *out, int cap)
{
    int all[ARW_MAX_WORKS_SIDES], m, n = 0;
    if (!arw_partial_breach_room(g) || (k->not_fair && arw_weather(g) == ARW_W_FAIR))
        return 0;
    m = arw_works_hexsides(g, 1 - side, 0, all, ARW_MAX_WORKS_SIDES);
    for (int i = 0; i < m && i < ARW_MAX_WORKS_SIDES; i++)
        if (breachable(g, k, side, all[i] / 6, all[i] % 6)) {
            if (n < cap)
                out[n] = all[i];
            n++;
        }
    return n;
}

static int town_cand(const gr_game *g, int *out, int cap)
{
    int n = 0;
    for (int h = 0; h < arw_dat(g)->map.nhex; h++)
        if (arw_town_intact(g, h)) {
            if (n < cap)
                out[n] = h;
            n++;
        }
    return n;
}

int arw_fx_map_possible(const gr_game *g, int c, int side)
{
    const arw_card *k = &arw_dat(g)->card[c];
    switch (k->effect) {
    case ARW_CE_BREACH: return breach_cand(g, k, side, NULL, 0) > 0;
    case ARW_CE_REPAIR: return arw_works_hexsides(g, side, 1, NULL, 0) > 0; /* own works */
    default: return town_cand(g, NULL, 0) > 0;
    }
}

void arw_fx_map(gr_game *g)
{
    arw_state *s = arw_st(g);
    const arw_card *k = card_of(g);
    if (k->effect == ARW_CE_BOMBARD)
        for (int a = 0; a < ARW_NARMIES; a++) /* the British -1 in any case (AMB-57) */
            if (k->morale[a])
                arw_fx_army(g, a, k->morale[a]);
    if (s->stage == ARW_ST_OVER)
        return;
    s->cm.arg[0] = 0; /* hexsides done so far */
    arw_cm_set(g, ARW_CM_CHOICE, s->cm.by);
}

/* Combat units in hex h (destroyed town, breached works). */
static int units_in(const gr_game *g, int h, int *out, int cap)
{
    const arw_state *s = arw_cst(g);
    int n = 0;
    for (int u = h >= 0 ? s->hex[h].head : ARW_NO_UNIT; u != ARW_NO_UNIT; u = s->unit[u].next)
        if (arw_is_combat_unit(arw_dat(g), u)) {
            if (n < cap)
                out[n] = u;
            n++;
        }
    return n;
}

int arw_fx_map_cand(const gr_game *g, int *out, int cap)
{
    const arw_state *s = arw_cst(g);
    const arw_card *k = card_of(g);
    switch (k->effect) {
    case ARW_CE_BREACH: return breach_cand(g, k, s->cm.by, out, cap);
    case ARW_CE_REPAIR: return arw_works_hexsides(g, s->cm.by, 1, out, cap);
    default: return s->cm.step == 0 ? town_cand(g, out, cap) : units_in(g, s->cm.arg[1], out, cap);
    }
}

/* SR4.19 morale checks (savmorale.c) after a breach of side dir of h by
 * side `by` (dir >= 0), or in the destroyed town hex h (dir < 0); a failure
 * retreats one hex (AMB-35).  Returns 1 when tasks wait. */
static int checks_in(gr_game *g, int h, int dir, int by)
{
    arw_fx_rctx(g);
    if (dir >= 0)
        arw_breach_checks(g, h, dir, by);
    else
        arw_hex_morale_checks(g, h, ARW_NO_HEX, arw_dat(g)->sav.town_check_drm, -1);
    return arw_fx_tasks(g);
}

static void set_breach(gr_game *g, const arw_card *k, int h, int dir)
{
    arw_partial_breach(g, h, dir, k->breach); /* savmap.c */
    arw_emit(g, ARW_E_CARD_HEX, 3, arw_cst(g)->cm.card, h, ARW_CH_BREACHED);
}

static void repair(gr_game *g, int h, int dir)
{
    arw_breach(g, h, dir, 1); /* savmap.c: full and partial breaches */
    arw_emit(g, ARW_E_CARD_HEX, 3, arw_cst(g)->cm.card, h, ARW_CH_REPAIRED);
}

/* Hexsides (Cards 25, 28, 34): one per choice, `count` of them. */
static void side_pick(gr_game *g, const arw_card *k, int h, int to)
{
    arw_state *s = arw_st(g);
    int dir = arw_dir(arw_dat(g), h, to);
    if (k->effect == ARW_CE_REPAIR)
        repair(g, h, dir);
    else
        set_breach(g, k, h, dir);
    s->cm.arg[0]++;
    if (k->effect == ARW_CE_BREACH) { /* SR4.19: the units in the breached works check */
        s->cm.arg[1] = (int16_t)h;
        if (checks_in(g, h, dir, s->cm.by))
            return;
    }
    arw_fx_map_resume(g);
}

/* Card 15 after the target is chosen: scatter, destruction (savmap.c),
 * then the owner's step loss. */
static void bombard(gr_game *g, int target)
{
    arw_state *s = arw_st(g);
    int c = s->cm.card, hit, h = arw_bombard_town(g, target, &hit), u[ARW_MAX_UNITS];
    arw_emit(g, ARW_E_CARD_HEX, 3, c, target, ARW_CH_TARGET);
    if (!hit) { /* AMB-57: nothing destroyed, no step lost */
        arw_emit(g, ARW_E_CARD_HEX, 3, c, h, ARW_CH_MISSED);
        arw_fx_finish(g);
        return;
    }
    arw_emit(g, ARW_E_CARD_HEX, 3, c, h, ARW_CH_DESTROYED);
    s->cm.arg[1] = (int16_t)h;
    if (units_in(g, h, u, ARW_MAX_UNITS) == 0) {
        arw_fx_finish(g);
        return;
    }
    s->cm.step = 1; /* the owner picks the unit that loses a step */
    arw_cm_set(g, ARW_CM_CHOICE, arw_dat(g)->unit[u[0]].side);
}

void arw_fx_map_pick(gr_game *g, const gr_action *a)
{
    arw_state *s = arw_st(g);
    const arw_card *k = card_of(g);
    if (k->effect != ARW_CE_BOMBARD) {
        side_pick(g, k, a->arg[0], a->arg[1]);
        return;
    }
    if (s->cm.step == 0) {
        bombard(g, a->arg[0]);
        return;
    }
    int h = s->cm.arg[1], side = arw_dat(g)->unit[a->arg[0]].side;
    arw_fx_rctx(g);
    arw_step_loss(g, a->arg[0], arw_side_army(1 - side)); /* results.c */
    s->cm.step = 2;
    if (s->stage == ARW_ST_OVER)
        return;
    if (!checks_in(g, h, -1, -1)) /* SR4.19: destroyed town, T-Siege footnote */
        arw_fx_finish(g);
}

void arw_fx_map_resume(gr_game *g)
{
    arw_state *s = arw_st(g);
    const arw_card *k = card_of(g);
    if (s->stage == ARW_ST_OVER)
        return;
    if (k->effect != ARW_CE_BOMBARD && s->cm.arg[0] < k->count &&
        arw_fx_map_cand(g, NULL, 0) > 0) {
        arw_cm_set(g, ARW_CM_CHOICE, s->cm.by); /* the next hexside */
        return;
    }
    arw_fx_finish(g);
}
