/* boardq.c — the board contract of docs/queries.md for ARW: `board` (the
 * static map), `units` (every unit on the map; nothing in ARW is hidden on
 * the map, GR7.4-a) and `panel` (turn, phase, weather, army morale, VP,
 * momentum; never an unrevealed chit).  Pure. */
#include <string.h>

#include "../arw.h"

/* Shading class of a hex type, derived from its rule data. */
static const char *terrain_class(const arw_hex_type *t)
{
    int passable = 0;
    for (int mc = 0; mc < ARW_NMC; mc++)
        passable |= t->move[mc] != ARW_MP_P;
    if (!passable)
        return "water";
    if (t->flags & ARW_T_TOWN)
        return "built";
    if (t->flags & ARW_T_SWAMP)
        return "marsh";
    if (t->flags & ARW_T_COVERED_WAY)
        return "rough";
    if (t->flags & ARW_T_BLOCKS_LOS)
        return "wooded";
    return "open";
}

/* A one-character mark for special hexes: victory hex, an army's HQ. */
static char hex_mark(const arw_data *d, int h)
{
    if (d->map.zone && arw_in_zone(d, h, ARW_Z_SPRING_HILL))
        return '*';
    for (int a = 0; a < ARW_NARMIES; a++)
        if (d->map.hq[a] == h)
            return 'H';
    return 0;
}

/* The side types of mask as "road,stream,slope" (up- and down-slope are one
 * slope seen from either hex). */
static void side_kinds(const arw_data *d, unsigned mask, gr_text *o)
{
    const char *sep = "";
    int slope = 0;
    for (int t = 0; t < d->nstypes; t++) {
        if (!(mask & (1u << t)))
            continue;
        const char *id = d->stype[t].id;
        int is_slope = strstr(id, "slope") != NULL;
        if (is_slope && slope++)
            continue;
        gr_textf(o, "%s%s", sep, is_slope ? "slope" : id);
        sep = ",";
    }
}

/* One `side=A,B kind=...` line per hexside with features (docs/queries.md):
 * the side types in effect crossing it either way. */
static void board_sides(const arw_data *d, gr_text *o)
{
    for (int h = 0; h < d->map.nhex; h++)
        for (int dir = 0; dir < 6; dir++) {
            int h2 = d->map.nb[h * 6 + dir];
            if (h2 <= h)
                continue;
            unsigned mask = d->map.edge[h * 6 + dir] | d->map.edge[h2 * 6 + (dir + 3) % 6];
            if (!mask)
                continue;
            char a[16], b[16];
            gr_textf(o, "side=%s,%s kind=", arw_hex_label(d, h, a, sizeof a),
                     arw_hex_label(d, h2, b, sizeof b));
            side_kinds(d, mask, o);
            gr_textf(o, "\n");
        }
}

static void q_board(const gr_game *g, gr_text *o)
{
    const arw_data *d = arw_dat(g);
    const gr_grid *gr = &d->map.grid;
    gr_textf(o, "grid cols=%d rows=%d layout=%s shifted=%d col0=%d row0=%d label=ccrr\n",
             gr->cols, gr->rows, gr->layout == GR_GRID_FLAT ? "flat" : "pointy", gr->shifted,
             gr->col0, gr->row0);
    for (int h = 0; h < gr_grid_count(gr); h++) {
        char label[16];
        int col, row;
        const arw_hex_type *t = &d->htype[d->map.terrain[h]];
        gr_grid_cr(gr, h, &col, &row);
        gr_textf(o, "hex=%s col=%d row=%d terrain=%s class=%s",
                 arw_hex_label(d, h, label, sizeof label), col, row, t->id, terrain_class(t));
        char mark = hex_mark(d, h);
        if (mark)
            gr_textf(o, " mark=%c", mark);
        gr_textf(o, "\n");
    }
    board_sides(d, o);
}

/* I infantry, C cavalry, A artillery, L leader; lower case when reduced,
 * disrupted or shattered. */
static char unit_symbol(const gr_game *g, int u)
{
    const arw_unit_def *def = &arw_dat(g)->unit[u];
    const arw_unit *x = &arw_cst(g)->unit[u];
    static const char sym[] = {'I', 'C', 'A', 'L'};
    char c = def->kind < sizeof sym ? sym[def->kind] : '?';
    int weakened = x->status != ARW_READY || (def->steps == 2 && x->steps < 2);
    return weakened && c != '?' ? (char)(c - 'A' + 'a') : c;
}

static void q_units(const gr_game *g, gr_text *o)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    for (int h = 0; h < gr_grid_count(&d->map.grid); h++)
        for (int u = s->hex[h].head; u != ARW_NO_UNIT; u = s->unit[u].next) {
            char label[16];
            const arw_unit *x = &s->unit[u];
            gr_textf(o, "unit=%s side=%s hex=%s sym=%c steps=%d status=%s", d->unit[u].id,
                     arw_side_names[d->unit[u].side], arw_hex_label(d, h, label, sizeof label),
                     unit_symbol(g, u), x->steps, arw_status_names[x->status]);
            if (d->unit[u].kind != ARW_K_LEADER)
                gr_textf(o, " str=%d", arw_unit_sp(g, u));
            if (x->flags & ARW_U_PINNED)
                gr_textf(o, " pinned=1");
            gr_textf(o, "\n");
        }
}

static void q_panel(const gr_game *g, gr_text *o)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    const arw_tables *t = &d->t;
    gr_textf(o, "turn=%d of %d\nphase=%s\nactive=%s\nweather=%s\n", s->turn, d->end_turn,
             arw_phase_names[s->phase], arw_side_names[s->active],
             arw_weather_names[s->weather < ARW_NWEATHER ? s->weather : 0]);
    for (int a = 0; a < ARW_NARMIES; a++) {
        int m = s->morale[a];
        gr_textf(o, "morale.%s=%d (%s)\n", arw_army_names[a], m,
                 m <= t->demoralized_at ? "demoralized" : t->level[arw_level_of(t, m)].name);
    }
    gr_textf(o, "vp=");
    for (int a = 0; a < ARW_NARMIES; a++)
        gr_textf(o, "%s%s %d%s", a ? ", " : "", arw_army_names[a], s->vp2[a] / 2,
                 s->vp2[a] % 2 ? ".5" : "");
    gr_textf(o, "\nmomentum=british %d, allied %d, pool %d\n", s->momentum[ARW_BRITISH],
             s->momentum[ARW_ALLIED], s->pool);
    if (s->cur)
        gr_textf(o, "combat=%d of %d\n", s->cur, s->ncombats);
    arw_fire_panel(g, o); /* fire.c: the fire being designated or applied */
    arw_cards_panel(g, o); /* CARDS: hands as the viewer may see them */
    if (d->sav.loaded && s->turn <= ARW_MAX_TURNS &&
        (d->turn[s->turn].flags & ARW_TT_DEFINED)) /* SAVANNAH: the turn track (track.c) */
        gr_textf(o, "track=%s%s\n", arw_sav_strategic(g) ? "strategic" : "tactical",
                 s->sav.assault == ARW_AS_ANNOUNCED ? " (assault announced)" : "");
}

int arw_board_query(const gr_game *g, const char *what, char *buf, size_t size)
{
    gr_text o = {buf, size, 0};
    if (!strcmp(what, "board"))
        q_board(g, &o);
    else if (!strcmp(what, "units"))
        q_units(g, &o);
    else if (!strcmp(what, "panel"))
        q_panel(g, &o);
    else
        return 0;
    return 1;
}
