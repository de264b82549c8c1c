/* describe.c — gr_game_describe for ARW: readable text of the whole
 * (possibly masked) state: clock, armies, momentum, secret chits, units by
 * hex, boxes, declared combats and pending result steps. */

#include "../arw.h"

static void describe_clock(const gr_game *g, gr_text *o)
{
    const arw_state *s = arw_cst(g);
    const arw_tables *t = &arw_dat(g)->t;
    gr_textf(o, "turn %d, %s phase, %s player turn, step %s\n", s->turn, arw_phase_names[s->phase],
             arw_side_names[s->active], arw_stage_names[s->stage]);
    if (s->stage == ARW_ST_OVER)
        gr_textf(o, "game over: %s, winner %s\n", arw_outcome_names[s->outcome],
                 s->winner >= 0 ? arw_side_names[s->winner] : "none (draw)");
    gr_textf(o, "army morale:");
    for (int a = 0; a < ARW_NARMIES; a++)
        gr_textf(o, " %s %d (%s)", arw_army_names[a], s->morale[a],
                 t->level[arw_level_of(t, s->morale[a])].name);
    gr_textf(o, "\nmomentum: british %d, allied %d, pool %d\n", s->momentum[0], s->momentum[1],
             s->pool);
    if (s->phase == ARW_PH_MOVEMENT && s->stage != ARW_ST_OVER) {
        char mv[1024];
        arw_movement_query(g, mv, sizeof mv, NULL); /* MOVEMENT: mover, ways, moved units */
        gr_textf(o, "movement: %s\n", mv);
    }
    for (int side = 0; side < ARW_NSIDES; side++)
        if (s->chit_secret[side])
            gr_textf(o, "tactical chit of %s: %s\n", arw_side_names[side],
                     s->chit_secret[side] == ARW_CHIT_HIDDEN
                         ? "committed, hidden"
                         : arw_chit_names[s->chit_secret[side] - 1]);
}

static void describe_unit(const gr_game *g, int u, gr_text *o)
{
    const arw_data *d = arw_dat(g);
    const arw_unit *x = &arw_cst(g)->unit[u];
    if (d->unit[u].kind == ARW_K_LEADER) {
        gr_textf(o, " %s(leader)", d->unit[u].id);
        return;
    }
    gr_textf(o, " %s(%s %d SP %s%s%s%s%s)", d->unit[u].id, arw_kind_names[d->unit[u].kind],
             arw_unit_sp(g, u), arw_status_names[x->status],
             d->unit[u].steps == 2 && x->steps == 1 ? " reduced" : "",
             (x->flags & ARW_U_PINNED) ? " pinned" : "",
             (x->flags & ARW_U_LOST)        ? " lost"
             : (x->flags & ARW_U_PREV_LOST) ? " previously-lost"
                                            : "", /* SR4.9 */
             (x->flags & ARW_U_SR41_FORCED) ? " forced" : ""); /* SR4.1-1d */
}

static void describe_units(const gr_game *g, gr_text *o)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    char label[16];
    for (int h = 0; h < d->map.nhex; h++) {
        if (s->hex[h].head == ARW_NO_UNIT)
            continue;
        gr_textf(o, "%s %s:", arw_hex_label(d, h, label, sizeof label),
                 d->htype[d->map.terrain[h]].id);
        for (int u = s->hex[h].head; u != ARW_NO_UNIT; u = s->unit[u].next)
            describe_unit(g, u, o);
        gr_textf(o, "\n");
    }
    for (int box = ARW_BOX_ELIMINATED; box <= ARW_BOX_REMOVED; box++) {
        gr_textf(o, "%s:", arw_box_names[box]);
        for (int u = 0; u < d->nunits; u++)
            if (s->unit[u].box == box)
                gr_textf(o, " %s", d->unit[u].id);
        gr_textf(o, "\n");
    }
}

static void describe_combats(const gr_game *g, gr_text *o)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    char label[16];
    static const char *const states[] = {"declared", "active", "done"};
    for (int k = 0; k < s->ncombats; k++) {
        const arw_combat *c = &s->combat[k];
        gr_textf(o, "combat %d (%s):", k + 1, states[c->state]);
        for (int u = 0; u < d->nunits; u++)
            if (s->unit[u].combat == k + 1 && d->unit[u].side == s->active)
                gr_textf(o, " %s", d->unit[u].id);
        gr_textf(o, " ->");
        for (int j = 0; j < c->ndhex; j++)
            gr_textf(o, " %s", arw_hex_label(d, c->dhex[j], label, sizeof label));
        gr_textf(o, "\n");
    }
    if (s->ntasks)
        gr_textf(o, "pending result step: %s\n", arw_task_names[s->task[s->ntasks - 1].kind]);
}

int arw_describe(const gr_game *g, char *buf, size_t size)
{
    gr_text o = {buf, size, 0};
    if (size)
        buf[0] = '\0';
    describe_clock(g, &o);
    arw_sav_describe(g, buf, size, &o.len); /* SAVANNAH lines (savtext.c) */
    describe_units(g, &o);
    describe_combats(g, &o);
    size_t room = o.len < size ? size - o.len : 0;
    o.len += (size_t)arw_fire_describe(g, room ? buf + o.len : NULL, room); /* fire.c */
    room = o.len < size ? size - o.len : 0; /* CARDS: hands (as the viewer may see) */
    o.len += (size_t)arw_cards_describe(g, room ? buf + o.len : NULL, room);
    return (int)o.len;
}
