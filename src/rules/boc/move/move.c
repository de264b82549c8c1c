/* move.c — the Movement Phase (R6.1-R6.5, R6.61-d, R6.62): hexside costs
 * by terrain and roads, slopes only uphill, artillery paying double off-road,
 * the one-hex guarantee, the stop on entering an enemy ZOC or front-line
 * hex, two crossings per front-line hexside per phase; who may move (not an
 * HQ activated this turn, not a unit that fired, once per phase).  The way
 * is searched with the core path search (src/core/path.h); the move goes by
 * the cheapest way (ties by hex index).  Sampling is in move/sample.c. */
#include <string.h>

#include "../boc.h"
#include "path.h"

int boc_move_cost(const boc_sdata *sd, int hex, int dir, int artillery, int roads)
{
    const boc_sidedata *f = boc_side(sd, hex, dir);
    if (f->road != BOC_ROAD_NONE && roads)
        return sd->road_cost[f->road]; /* R6.5-b: no terrain; R6.5-d: not doubled */
    int c = sd->base_move;             /* R6.4-a */
    if (f->cover != BOC_HS_CLEAR)
        c += sd->hs[f->cover].move_add; /* several terrains add up (R6.4-c) */
    if (f->water)
        c += sd->hs[f->water].move_add;
    int slope = f->slope > 0 ? f->slope : -f->slope;
    int kind = slope == 1 ? BOC_HS_RIDGE : slope == 2 ? BOC_HS_HILL : BOC_HS_CLEAR;
    if (kind != BOC_HS_CLEAR && (f->slope > 0 || !sd->hs[kind].uphill_only))
        c += sd->hs[kind].move_add; /* uphill only (R6.4-f, R2.2-p) */
    return artillery ? c * sd->art_factor : c; /* R6.4-d */
}

/* ------------------------------------------------------------------ crossings */

/* The canonical slot of hexside (hex, dir): directions 0..2 of a hex, or
 * 0..2 of its neighbour for directions 3..5; -1 off the map. */
static int side_slot(const boc_sdata *sd, int hex, int dir, int *shift)
{
    if (dir >= 3) {
        hex = boc_step(sd, hex, dir);
        dir -= 3;
    }
    *shift = 2 * dir;
    return hex;
}

int boc_crossings(const boc_state *s, const boc_sdata *sd, int hex, int dir)
{
    int shift, h = side_slot(sd, hex, dir, &shift);
    return h < 0 ? 0 : (s->cross[h] >> shift) & 3;
}

void boc_add_crossing(boc_state *s, const boc_sdata *sd, int hex, int dir)
{
    int shift, h = side_slot(sd, hex, dir, &shift);
    if (h >= 0 && ((s->cross[h] >> shift) & 3) < 3)
        s->cross[h] = (uint8_t)(s->cross[h] + (1u << shift));
}

/* The hexside counts against the limit when either hex beside it is a
 * front-line hex of the moving side (R6.62-c, E-14). */
static int frontline_side(const boc_state *s, const boc_sdata *sd, int a, int b, int enemy)
{
    return boc_enemy_adjacent(s, sd, a, enemy) || boc_enemy_adjacent(s, sd, b, enemy);
}

/* ------------------------------------------------------------------ search */

typedef struct move_ctx {
    const boc_state *s;
    const boc_sdata *sd;
    int enemy, artillery, roads, u;
    const int *prev; /* the search's predecessors (the road switch)      */
} move_ctx;

int boc_switch_cost(const boc_sdata *sd, int prev, int hex, int dir, int roads)
{
    if (!sd->switch_mp || hex != sd->switch_hex || !roads || prev < 0)
        return 0;
    int in = boc_dir_to(sd, hex, prev);
    if (in < 0)
        return 0;
    unsigned a = sd->switch_a, b = sd->switch_b;
    return (((a >> in) & (b >> dir)) | ((b >> in) & (a >> dir))) & 1u ? sd->switch_mp : 0;
}

static int move_step(void *ctx, int from, int to, int dir, int spent)
{
    const move_ctx *c = ctx;
    (void)spent;
    if (c->s->count[c->enemy][to])
        return GR_PATH_NO; /* never into an enemy hex (R6.4-e) */
    if (frontline_side(c->s, c->sd, from, to, c->enemy) &&
        boc_crossings(c->s, c->sd, from, dir) >= 2)
        return GR_PATH_NO; /* two crossings per front-line hexside (R6.62-c) */
    if (boc_column_barred(c->s, c->sd, c->u, to))
        return GR_PATH_NO; /* S-CL-d */
    /* the way into the switch hex is its cheapest predecessor (R2.2-n) */
    int prev = c->prev && from == c->sd->switch_hex ? c->prev[from] : -1;
    return boc_move_cost(c->sd, from, dir, c->artillery, c->roads) +
           boc_switch_cost(c->sd, prev, from, dir, c->roads);
}

/* Entering an enemy ZOC or a front-line hex ends the move (R6.61-d,
 * R6.62-b): both are a hex adjacent to an enemy unit, judged from the
 * current positions (E-10). */
static int move_stops(void *ctx, int from, int to)
{
    const move_ctx *c = ctx;
    (void)from;
    return boc_enemy_adjacent(c->s, c->sd, to, c->enemy);
}

/* Where u's move starts: its hex, or for a reinforcement the hex where it
 * comes on, which counts as its first hex of movement (R6.7-d). */
static int move_start(const boc_state *s, const boc_sdata *sd, int u, int entry, int *spent)
{
    *spent = 0;
    if (s->unit[u].hex >= 0)
        return s->unit[u].hex;
    *spent = boc_entry_hex_cost(s, sd, u, entry);
    return entry;
}

/* Search parameters for unit u (ctx filled in). */
static gr_path_params move_params(const boc_state *s, const boc_sdata *sd, int u, int entry,
                                  move_ctx *c)
{
    int spent, start = move_start(s, sd, u, entry, &spent);
    *c = (move_ctx){s, sd, 1 - sd->block[u].side, boc_type_of(sd, u)->artillery,
                    boc_uses_roads(s, u), u, NULL};
    /* a formation change spent s->unit[u].mp already (S-CL-b); the
     * one-hex guarantee is for a unit that has spent nothing (R6.4-e) */
    gr_path_params p = {.grid = &sd->grid,
                        .budget = boc_type_of(sd, u)->movement - spent - s->unit[u].mp, /* R6.3-a */
                        .step_cost = move_step,
                        .stops = move_stops,
                        .ctx = c,
                        .neighbours = sd->nbr,
                        .min_one_hex = s->unit[u].hex >= 0 && s->unit[u].mp == 0};
    if (p.budget < 0)
        p.budget = 0;
    if (s->unit[u].hex < 0 && boc_enemy_adjacent(s, sd, start, c->enemy))
        p.budget = 0; /* entering an enemy ZOC stops the move (R6.7-f) */
    return p;
}

int boc_move_reach_at(const boc_state *s, const boc_sdata *sd, int u, int entry, boc_reach *r)
{
    move_ctx c;
    int spent, start = move_start(s, sd, u, entry, &spent);
    r->first = s->unit[u].hex >= 0; /* a reinforcement may stop on its entry hex */
    if (!r->first && boc_entry_check(s, sd, u, start, NULL) != GR_OK)
        return 0; /* R6.7-b/c/e */
    if (!r->first && boc_column_barred(s, sd, u, start))
        return 0; /* S-CL-d at the entry hex */
    gr_path_params p = move_params(s, sd, u, entry, &c);
    gr_path_work w = {r->cost, r->prev, r->heap, r->order, NULL};
    c.prev = r->prev;
    int n = gr_path_reach(&p, start, &w);
    return n > r->first ? n - r->first : 0;
}

int boc_move_reach(const boc_state *s, const boc_sdata *sd, int u, boc_reach *r)
{
    return boc_move_reach_at(s, sd, u, boc_entry_of(s, sd, u), r);
}

/* ------------------------------------------------------------------ who moves */

gr_status boc_may_move(const boc_state *s, const boc_sdata *sd, int u, gr_error *why)
{
    const boc_unit *un = &s->unit[u];
    const char *id = sd->block[u].id;
    if (sd->block[u].side != s->active)
        return gr_fail(why, "boc:R6.1-c", "only the active player moves");
    if (un->hex == BOC_LOC_OUT && !(un->flags & BOC_U_ANON) && boc_arrival_due(s, sd, u))
        return GR_OK; /* a reinforcement enters in the Movement Phase (R6.7-a) */
    if (un->hex == BOC_LOC_OUT && u == sd->hancock_unit && s->hk_sent)
        return gr_fail(why, "boc:S-Hancock-b", "Hancock enters on day %d at %02d:00", s->hk_day,
                       s->hk_hour);
    if (un->hex == BOC_LOC_OUT && sd->arrival[u].day && sd->arrival[u].hour == BOC_NIGHT_HOUR)
        return gr_fail(why, "boc:R6.7-a", "%s arrives in the Night Turn after day %d", id,
                       sd->arrival[u].day);
    if (un->hex == BOC_LOC_OUT && sd->arrival[u].day)
        return gr_fail(why, "boc:R6.7-a", "%s is not due before day %d %02d:00", id,
                       sd->arrival[u].day, sd->arrival[u].hour);
    if (boc_is_left(un->hex) && !(un->flags & BOC_U_ANON))
        return gr_fail(why, "boc:R2.4-b", "%s left the map and is back only at night", id);
    if (un->hex < 0 || (un->flags & BOC_U_ANON))
        return gr_fail(why, "boc:R6.1-a", "%s is not on the map", id);
    if (un->flags & BOC_U_ACT_CMD)
        return gr_fail(why, "boc:R4.3-g", "%s was activated this turn and may not move", id);
    if (un->flags & BOC_U_FIRED)
        return gr_fail(why, "boc:R6.1-b", "%s fired this turn and may not move", id);
    if (un->flags & BOC_U_MOVED)
        return gr_fail(why, "boc:R6.1-d", "%s has already moved this phase", id);
    return GR_OK;
}

/* The hex u's move starts from: its own, or where a reinforcement comes
 * on (entry: GR_NONE for its own entry hex); a refusal when it may not. */
static gr_status check_start(const boc_state *s, const boc_sdata *sd, int u, int entry,
                             int *start, gr_error *why)
{
    if (s->unit[u].hex >= 0) {
        *start = s->unit[u].hex;
        return entry == GR_NONE ? GR_OK
                                : gr_fail(why, "boc:R6.7-b", "only a reinforcement names an entry");
    }
    *start = entry == GR_NONE ? boc_entry_of(s, sd, u) : entry;
    if (*start < 0 || *start >= sd->nhex)
        return gr_fail(why, NULL, "no such hex");
    return boc_entry_check(s, sd, u, *start, why);
}

static gr_status check_move(const gr_game *g, const gr_action *a, int *path, int *n,
                            gr_error *why)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    int u = a->arg[0], to = a->arg[1], entry = a->nargs > 2 ? a->arg[2] : GR_NONE, start;
    boc_reach r;
    move_ctx c;
    if (s->decision != BOC_DEC_MOVE)
        return gr_fail(why, "boc:R1.2-d", "units move only in the Movement Phase");
    if (u < 0 || u >= sd->nblock || to < 0 || to >= sd->nhex)
        return gr_fail(why, NULL, "no such unit or hex");
    gr_status st = boc_may_move(s, sd, u, why);
    if (st != GR_OK)
        return st;
    if (to == s->unit[u].hex)
        return gr_fail(why, "boc:R6.1-a", "a move goes to another hex");
    if ((st = check_start(s, sd, u, entry, &start, why)) != GR_OK)
        return st;
    if (s->count[1 - s->active][to])
        return gr_fail(why, "boc:R6.4-e", "a move never enters an enemy hex");
    if (boc_column_barred(s, sd, u, to) ||
        (s->unit[u].hex < 0 && boc_column_barred(s, sd, u, start)))
        return gr_fail(why, "boc:S-CL-d",
                       "a Column unit enters no hex with other friendly units, a Line unit no "
                       "hex with a Column unit");
    gr_path_params p = move_params(s, sd, u, start, &c);
    gr_path_work w = {r.cost, r.prev, r.heap, r.order, NULL};
    c.prev = r.prev;
    *n = gr_path_to(&p, start, to, &w, path, BOC_MAX_HEXES);
    if (*n == 0)
        return gr_fail(why, "boc:R6.3-c",
                       "no way within %s's movement allowance that stops nowhere before",
                       sd->block[u].id);
    return GR_OK;
}

gr_status boc_move_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    int path[BOC_MAX_HEXES], n = 0, u = a->arg[0], to = a->arg[1];
    gr_status st = check_move(g, a, path, &n, why);
    if (st != GR_OK)
        return st;
    int enemy = 1 - s->active, from = s->unit[u].hex >= 0 ? path[0] : GR_NONE, mp = 0;
    int art = boc_type_of(sd, u)->artillery, roads = boc_uses_roads(s, u);
    if (from == GR_NONE) /* the off-map hexside: not counted (R6.7-g) */
        mp = boc_entry_hex_cost(s, sd, u, path[0]);
    for (int i = 0; i + 1 < n; i++) {
        int d = boc_dir_to(sd, path[i], path[i + 1]);
        mp += boc_move_cost(sd, path[i], d, art, roads) +
              boc_switch_cost(sd, i > 0 ? path[i - 1] : -1, path[i], d, roads);
        if (frontline_side(s, sd, path[i], path[i + 1], enemy))
            boc_add_crossing(s, sd, path[i], d);
    }
    if (from == GR_NONE) /* which block entered where is public (the schedule is printed) */
        boc_seen(s, u, path[0]);
    boc_place(s, sd, u, to);
    s->unit[u].flags |= BOC_U_MOVED;
    int spent = s->unit[u].mp + mp; /* after a formation change (S-CL-b) */
    s->unit[u].mp = (int8_t)(spent > 127 ? 127 : spent);
    gr_event e = {.kind = BOC_EV_MOVE, .nargs = 4, .arg = {u, from, to, mp}};
    e.vis = (uint8_t)((s->unit[u].flags & BOC_U_REVEALED) ? GR_VIS_ALL : 1u << s->active);
    gr_emit(g, &e);
    gr_emitv(g, BOC_EV_BLOCK_MOVED, 3, s->active, from, to); /* what the opponent sees */
    return GR_OK;
}

/* Appends u's moves from entry (GR_NONE: where it stands, or its own
 * entry hex) to out; returns how many. */
static int push_moves(const boc_state *s, const boc_sdata *sd, int u, int entry, gr_action *out,
                      int cap)
{
    boc_reach r;
    int at = entry == GR_NONE ? boc_entry_of(s, sd, u) : entry;
    int m = boc_move_reach_at(s, sd, u, at, &r);
    for (int i = 0; i < m && i < cap; i++)
        out[i] = (gr_action){.kind = BOC_A_MOVE,
                             .player = s->active,
                             .nargs = 3,
                             .arg = {u, r.order[r.first + i], entry}};
    return m;
}

/* Every move of u: from where it stands, or from each hex where it may
 * come on (R6.7-b/e; its own entry hex is named by no entry=). */
static int unit_moves(const boc_state *s, const boc_sdata *sd, int u, gr_action *out, int cap)
{
    int hexes[BOC_MAX_ENTRY_OPTIONS], n = 0;
    if (s->unit[u].hex >= 0)
        return push_moves(s, sd, u, GR_NONE, out, cap);
    int k = boc_entry_options(s, sd, u, hexes), own = boc_entry_of(s, sd, u);
    for (int i = 0; i < k; i++)
        n += push_moves(s, sd, u, hexes[i] == own ? GR_NONE : hexes[i], out + (n < cap ? n : cap),
                        n < cap ? cap - n : 0);
    return n;
}

int boc_move_legal(const gr_game *g, gr_action *out, int cap)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    int n = 0;
    for (int u = 0; u < sd->nblock; u++) {
        if (boc_may_move(s, sd, u, NULL) != GR_OK)
            continue;
        n += unit_moves(s, sd, u, out + (n < cap ? n : cap), n < cap ? cap - n : 0);
        if (s->unit[u].hex >= 0 && boc_edge_hex(sd, s->unit[u].hex) && n++ < cap)
            out[n - 1] = (gr_action){.kind = BOC_A_EXIT, .player = s->active, .nargs = 1, .arg = {u}};
        n += boc_attack_options(s, sd, u, out + (n < cap ? n : cap), n < cap ? cap - n : 0);
        n += boc_formation_options(s, sd, u, out + (n < cap ? n : cap), n < cap ? cap - n : 0);
    }
    if (n < cap)
        out[n] = (gr_action){.kind = BOC_A_END_MOVE, .player = s->active};
    return n + 1;
}

int boc_arrival_due(const boc_state *s, const boc_sdata *sd, int u)
{
    const boc_arrival *a = &sd->arrival[u];
    int day = boc_day_of(s, sd);
    if (boc_hancock_due(s, sd, u))
        return 1; /* S-Hancock-b */
    return a->day && s->unit[u].hex == BOC_LOC_OUT && sd->block[u].side == s->active &&
           (day > a->day || (day == a->day && s->hour >= a->hour));
}

int boc_entry_cost(const boc_sdata *sd, int h, int artillery, int roads)
{
    int best = -1;
    for (int d = 0; roads && d < 6; d++) {
        const boc_sidedata *f = boc_side(sd, h, d);
        if (f->road != BOC_ROAD_NONE && (best < 0 || sd->road_cost[f->road] < best))
            best = sd->road_cost[f->road]; /* main 1, secondary 2 (R6.7-d) */
    }
    if (best >= 0)
        return best; /* a road: not doubled for artillery (R6.5-d) */
    /* no road: a Clear hexside [REC, R2.4-a], doubled for artillery (R6.4-d) */
    return artillery ? sd->base_move * sd->art_factor : sd->base_move;
}

void boc_move_phase_start(boc_state *s, const boc_sdata *sd)
{
    memset(s->cross, 0, (size_t)sd->nhex); /* per Movement Phase (R6.62-c) */
}
