/* describe.c — gr_game_describe for ARW: readable text of the whole
 * (possibly masked) state: clock, armies, momentum, secret chits, units by
 * hex, boxes, declared combats and pending result steps. */
#include <stdarg.h>
#include <stdio.h>

#include "arw.h"

typedef struct out {
    char *buf;
    size_t size, len;
} out;

static void put(out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = o->len < o->size ? o->size - o->len : 0;
    int n = vsnprintf(room ? o->buf + o->len : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0)
        o->len += (size_t)n;
}

static void describe_clock(const gr_game *g, out *o)
{
    const arw_state *s = arw_cst(g);
    const arw_tables *t = &arw_dat(g)->t;
    put(o, "turn %d, %s phase, %s player turn, step %s\n", s->turn, arw_phase_names[s->phase],
        arw_side_names[s->active], arw_stage_names[s->stage]);
    if (s->stage == ARW_ST_OVER)
        put(o, "game over: %s, winner %s\n", arw_outcome_names[s->outcome],
            s->winner >= 0 ? arw_side_names[s->winner] : "none (draw)");
    put(o, "army morale:");
    for (int a = 0; a < ARW_NARMIES; a++)
        put(o, " %s %d (%s)", arw_army_names[a], s->morale[a],
            t->level[arw_level_of(t, s->morale[a])].name);
    put(o, "\nmomentum: british %d, allied %d, pool %d\n", s->momentum[0], s->momentum[1],
        s->pool);
    for (int side = 0; side < ARW_NSIDES; side++)
        if (s->chit_secret[side])
            put(o, "tactical chit of %s: %s\n", arw_side_names[side],
                s->chit_secret[side] == ARW_CHIT_HIDDEN
                    ? "committed, hidden"
                    : arw_chit_names[s->chit_secret[side] - 1]);
}

static void describe_unit(const gr_game *g, int u, out *o)
{
    const arw_data *d = arw_dat(g);
    const arw_unit *x = &arw_cst(g)->unit[u];
    if (d->unit[u].kind == ARW_K_LEADER) {
        put(o, " %s(leader)", d->unit[u].id);
        return;
    }
    put(o, " %s(%s %d SP %s%s%s)", d->unit[u].id, arw_kind_names[d->unit[u].kind],
        arw_unit_sp(g, u), arw_status_names[x->status],
        d->unit[u].steps == 2 && x->steps == 1 ? " reduced" : "",
        (x->flags & ARW_U_PINNED) ? " pinned" : "");
}

static void describe_units(const gr_game *g, out *o)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    char label[16];
    for (int h = 0; h < d->map.nhex; h++) {
        if (s->hex[h].head == ARW_NO_UNIT)
            continue;
        put(o, "%s %s:", arw_hex_label(d, h, label, sizeof label), d->htype[d->map.terrain[h]].id);
        for (int u = s->hex[h].head; u != ARW_NO_UNIT; u = s->unit[u].next)
            describe_unit(g, u, o);
        put(o, "\n");
    }
    for (int box = ARW_BOX_ELIMINATED; box <= ARW_BOX_REMOVED; box++) {
        put(o, "%s:", arw_box_names[box]);
        for (int u = 0; u < d->nunits; u++)
            if (s->unit[u].box == box)
                put(o, " %s", d->unit[u].id);
        put(o, "\n");
    }
}

static void describe_combats(const gr_game *g, out *o)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    char label[16];
    static const char *const states[] = {"declared", "active", "done"};
    for (int k = 0; k < s->ncombats; k++) {
        const arw_combat *c = &s->combat[k];
        put(o, "combat %d (%s):", k + 1, states[c->state]);
        for (int u = 0; u < d->nunits; u++)
            if (s->unit[u].combat == k + 1 && d->unit[u].side == s->active)
                put(o, " %s", d->unit[u].id);
        put(o, " ->");
        for (int j = 0; j < c->ndhex; j++)
            put(o, " %s", arw_hex_label(d, c->dhex[j], label, sizeof label));
        put(o, "\n");
    }
    if (s->ntasks)
        put(o, "pending result step: %s\n", arw_task_names[s->task[s->ntasks - 1].kind]);
}

int arw_describe(const gr_game *g, char *buf, size_t size)
{
    out o = {buf, size, 0};
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
