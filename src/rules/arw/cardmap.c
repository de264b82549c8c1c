/* cardmap.c — card effects on the map: breaches of fieldworks hexsides
 * (Card 25 abatis only near Laurens, AMB-58; Card 34 never abatis, in a
 * turn that is not Fair; SR4.5-c, SR4.19 breach morale check, AMB-35), the
 * repair of a breached hexside (Card 28, SR4.5-c) and the bombardment of a
 * Savannah town hex (Card 15: scatter, destruction, a step loss, morale
 * checks at -1; AMB-57).  Partial breaches are kept in arw_state.pbreach;
 * arw_breached_types (cardquery.c) is what terrain readers see. */
#include <string.h>

#include "cards.h"

static const arw_card *card_of(const gr_game *g)
{
    return &arw_dat(g)->card[arw_cst(g)->cm.card];
}

/* Bit of side type `id` in the edge masks, or 0. */
static unsigned stype_bit(const arw_data *d, const char *id)
{
    for (int t = 0; t < d->nstypes; t++)
        if (!strcmp(d->stype[t].id, id))
            return 1u << t;
    return 0;
}

static unsigned fieldworks_bits(const arw_data *d)
{
    unsigned m = 0;
    for (int t = 0; t < d->nstypes; t++)
        if (d->stype[t].flags & ARW_S_FIELDWORKS)
            m |= 1u << t;
    return m;
}

/* Fieldworks types on the crossing into h across `dir`, completed French
 * siegeworks of the campaign included (SR4.4, ARW_H_WORKS_DONE). */
static unsigned works_on(const gr_game *g, int h, int dir)
{
    const arw_data *d = arw_dat(g);
    unsigned m = d->map.edge[h * 6 + dir] & fieldworks_bits(d);
    if ((arw_cst(g)->hex[h].flags & ARW_H_WORKS_DONE) && (d->map.works[h] & (1u << dir)))
        m |= stype_bit(d, "siegeworks");
    return m;
}

/* Works of `owner` among types m (siegeworks are French, the rest British,
 * AMB-52). */
static unsigned owned_by(const arw_data *d, unsigned m, int owner)
{
    unsigned siege = stype_bit(d, "siegeworks");
    return owner == ARW_ALLIED ? m & siege : m & ~siege;
}

static int hex_dist(const arw_data *d, int a, int b)
{
    return gr_hex_dist(gr_grid_hex(&d->map.grid, a), gr_grid_hex(&d->map.grid, b));
}

/* Types card k may breach on the crossing into h across dir, played by side. */
static unsigned breachable(const gr_game *g, const arw_card *k, int side, int h, int dir)
{
    const arw_data *d = arw_dat(g);
    unsigned abatis = stype_bit(d, "abatis");
    unsigned m = owned_by(d, works_on(g, h, dir), 1 - side) & ~arw_breached_types(g, h, dir);
    if (k->breach == ARW_BK_ABATIS) {
        int l = k->leader >= 0 ? arw_cst(g)->unit[k->leader].hex : ARW_NO_HEX;
        int n = d->map.nb[h * 6 + dir];
        if (l < 0 || n < 0 || hex_dist(d, l, h) > k->radius || hex_dist(d, l, n) > k->radius)
            return 0; /* within 2 hexes of Laurens (both hexes of the side) */
        return m & abatis;
    }
    return m & ~abatis;
}

static int free_slot(const gr_game *g)
{
    for (int i = 0; i < ARW_MAX_PBREACH; i++)
        if (!arw_cst(g)->pbreach[i])
            return i;
    return -1;
}

/* Candidates: hexsides as h * 6 + dir (h the hex of the fieldworks). */
static int breach_cand(const gr_game *g, const arw_card *k, int side, int *out, int cap)
{
    const arw_data *d = arw_dat(g);
    int n = 0;
    if (free_slot(g) < 0 || (k->not_fair && arw_cards_weather(g) == ARW_W_FAIR))
        return 0;
    for (int h = 0; h < d->map.nhex; h++)
        for (int dir = 0; dir < 6; dir++)
            if (d->map.nb[h * 6 + dir] >= 0 && breachable(g, k, side, h, dir)) {
                if (n < cap)
                    out[n] = h * 6 + dir;
                n++;
            }
    return n;
}

/* Card 28: breached hexsides whose works belong to the player. */
static int repair_cand(const gr_game *g, int side, int *out, int cap)
{
    const arw_data *d = arw_dat(g);
    int n = 0;
    for (int h = 0; h < d->map.nhex; h++)
        for (int dir = 0; dir < 6; dir++)
            if (d->map.nb[h * 6 + dir] >= 0 &&
                owned_by(d, works_on(g, h, dir) & arw_breached_types(g, h, dir), side)) {
                if (n < cap)
                    out[n] = h * 6 + dir;
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
    case ARW_CE_REPAIR: return repair_cand(g, side, NULL, 0) > 0;
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
    case ARW_CE_REPAIR: return repair_cand(g, s->cm.by, out, cap);
    default: return s->cm.step == 0 ? town_cand(g, out, cap) : units_in(g, s->cm.arg[1], out, cap);
    }
}

/* Morale checks (with `drm`) of the combat units in h (savmap.c); a
 * failure retreats one hex (AMB-35).  Returns 1 when tasks wait. */
static int checks_in(gr_game *g, int h, int drm)
{
    arw_fx_rctx(g);
    arw_hex_morale_checks(g, h, ARW_NO_HEX, drm);
    return arw_fx_tasks(g);
}

static void set_breach(gr_game *g, const arw_card *k, int h, int dir)
{
    arw_state *s = arw_st(g);
    int i = free_slot(g);
    s->pbreach[i] = (int16_t)(gr_grid_side(&arw_dat(g)->map.grid, h, dir) + 1);
    s->pbreach_kind[i] = (uint8_t)k->breach;
    arw_emit(g, ARW_E_CARD_HEX, 3, s->cm.card, h, ARW_CH_BREACHED);
}

static void repair(gr_game *g, int h, int dir)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    int n = d->map.nb[h * 6 + dir], sid = gr_grid_side(&d->map.grid, h, dir) + 1;
    s->hex[h].breach &= (uint8_t)~(1u << dir);
    s->hex[n].breach &= (uint8_t)~(1u << ((dir + 3) % 6));
    for (int i = 0; i < ARW_MAX_PBREACH; i++)
        if (s->pbreach[i] == sid)
            s->pbreach[i] = 0, s->pbreach_kind[i] = 0;
    arw_emit(g, ARW_E_CARD_HEX, 3, s->cm.card, h, ARW_CH_REPAIRED);
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
    if (k->effect == ARW_CE_BREACH) { /* SR4.19: units in the breached works check */
        s->cm.arg[1] = (int16_t)h;
        if (checks_in(g, h, 0))
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
    arw_fx_step_loss(g, a->arg[0], arw_fx_enemy_army(g, side));
    s->cm.step = 2;
    if (s->stage == ARW_ST_OVER)
        return;
    if (!checks_in(g, h, arw_dat(g)->sav.town_check_drm)) /* all there check (SR4.19) */
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
