/* sanity.c — gr_game_sanity for ARW: occupancy lists agree with unit hexes
 * and are ordered, stacking limits hold (GR7.1), steps and statuses are in
 * range, combats and tasks are well formed, army morale is above the
 * demoralization level unless the game is over, and whoever must decide
 * has at least one legal action. */
#include "../arw.h"

static gr_status check_hexes(const gr_game *g, gr_error *err)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int seen[ARW_MAX_UNITS] = {0};
    for (int h = 0; h < d->map.nhex; h++) {
        int prev = -1, sides = 0;
        for (int u = s->hex[h].head; u != ARW_NO_UNIT; u = s->unit[u].next) {
            if (u < 0 || u >= d->nunits || seen[u]++ || u <= prev)
                return gr_failst(err, GR_ERR_STATE, NULL, "hex %d: bad occupancy list", h);
            if (s->unit[u].hex != h || s->unit[u].box != ARW_BOX_MAP)
                return gr_failst(err, GR_ERR_STATE, NULL, "%s listed in hex %d but at %d",
                                 d->unit[u].id, h, s->unit[u].hex);
            if (arw_is_combat_unit(d, u))
                sides |= 1 << d->unit[u].side;
            if (!arw_stack_ok(g, u, h) && !arw_stack_tolerated(g, h))
                return gr_failst(err, GR_ERR_STATE, "arw:GR7.1-a", "hex %d over stacking", h);
            prev = u;
        }
        if (sides == 3)
            return gr_failst(err, GR_ERR_STATE, NULL, "hex %d holds both sides", h);
    }
    for (int u = 0; u < d->nunits; u++)
        if ((s->unit[u].box == ARW_BOX_MAP) != (seen[u] == 1))
            return gr_failst(err, GR_ERR_STATE, NULL, "%s: box and map disagree", d->unit[u].id);
    return GR_OK;
}

static gr_status check_units(const gr_game *g, gr_error *err)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    for (int u = 0; u < d->nunits; u++) {
        const arw_unit *x = &s->unit[u];
        if (x->steps < 1 || x->steps > d->unit[u].steps || x->status > ARW_SHATTERED ||
            x->box > ARW_BOX_REMOVED || x->combat > s->ncombats)
            return gr_failst(err, GR_ERR_STATE, NULL, "%s: values out of range", d->unit[u].id);
    }
    return GR_OK;
}

static gr_status check_flow(const gr_game *g, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    const arw_tables *t = &arw_dat(g)->t;
    if (s->stage >= ARW_NSTAGES || s->ntasks > ARW_MAX_TASKS || s->ncombats > ARW_MAX_COMBATS ||
        s->cur > s->ncombats || s->momentum[0] + s->momentum[1] + s->pool != t->momentum_pool)
        return gr_failst(err, GR_ERR_STATE, NULL, "phase bookkeeping out of range");
    for (int k = 0; k < s->ncombats; k++)
        if (s->combat[k].ndhex < 1 || s->combat[k].ndhex > ARW_MAX_DHEX)
            return gr_failst(err, GR_ERR_STATE, NULL, "combat %d has no defending hex", k + 1);
    if (s->stage == ARW_ST_OVER)
        return GR_OK;
    for (int a = 0; a < ARW_NARMIES; a++)
        if (s->morale[a] <= t->demoralized_at)
            return gr_failst(err, GR_ERR_STATE, "arw:GR16.3-a", "a demoralized army plays on");
    gr_pending p = {0};
    arw_pending(g, &p);
    if (p.players == 0)
        return gr_failst(err, GR_ERR_STATE, NULL, "nobody is to decide and the game is not over");
    for (int side = 0; side < ARW_NSIDES; side++)
        if ((p.players & (1u << side)) && arw_legal_upto(g, side, NULL, 0) == 0)
            return gr_failst(err, GR_ERR_STATE, NULL, "%s must decide but has no legal action",
                             arw_side_names[side]);
    return GR_OK;
}

/* The sequence block: player order, initiative, resolution context. */
static gr_status check_sequence(const gr_game *g, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    int nhex = arw_dat(g)->map.nhex;
    if (s->seg >= ARW_NSEGS || s->norder < 1 || s->norder > 2 || s->order[0] > 1 ||
        s->order[1] > 1 || (s->norder == 2 && s->order[0] == s->order[1]) ||
        s->player_turn >= s->norder || s->active != s->order[s->player_turn] ||
        s->initiative > 1 || s->init_step > ARW_INIT_DONE)
        return gr_failst(err, GR_ERR_STATE, NULL, "player order or initiative out of range");
    if (s->rctx.kind > ARW_RC_SAV /* SAVANNAH */ || (s->rctx.kind == ARW_RC_CC && !s->cur) ||
        s->diverted < 0 || s->diverted > nhex)
        return gr_failst(err, GR_ERR_STATE, NULL, "resolution context or diversion out of range");
    return GR_OK;
}

gr_status arw_sanity(const gr_game *g, gr_error *err)
{
    gr_status st = check_sequence(g, err);
    if (st == GR_OK)
        st = check_hexes(g, err);
    if (st == GR_OK)
        st = check_units(g, err);
    if (st == GR_OK)
        st = arw_cards_sanity(g, err); /* CARDS: deck, hands, card stage */
    if (st == GR_OK)
        st = check_flow(g, err);
    if (st == GR_OK)
        st = arw_movement_sanity(g, err);
    if (st == GR_OK)
        st = arw_fire_sanity(g, err); /* fire.c */
    if (st == GR_OK)
        st = arw_sav_sanity(g, err); /* SAVANNAH (savtext.c) */
    return st;
}
