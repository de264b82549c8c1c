/* mvexec.c — carrying out a move to a destination already validated: the
 * way it goes (the open way that leaves the most allowance; ties: strategic,
 * then roads, then normal, which keep the most ways open), the path hex by
 * hex (lone enemy leaders captured on the way, GR14.32-a; covered-way rolls
 * and its stack, SR4.9), and the mover record (GR9.1-a): a unit whose move
 * can go on stays the mover until another unit moves or movement ends. */
#include <limits.h>

#include "mvint.h"

#define MAX_PATH 256
#define MAX_GROUP 16

static int mode_index(int mode)
{
    return mode == ARW_MM_NORMAL ? 0 : mode == ARW_MM_ROAD ? 1 : 2;
}

int arw_mv_way(const gr_game *g, const arw_mvunit *p, int to, arw_mvwork *w, int *in_w)
{
    static const int prefer[] = {ARW_MM_STRATEGIC, ARW_MM_ROAD, ARW_MM_NORMAL};
    int best = 0, best_left = INT_MIN;
    *in_w = 0;
    for (int i = 0; i < 3; i++) {
        if (!(p->modes & (unsigned)prefer[i]) || !arw_mv_reaches(g, p, prefer[i], w, to))
            continue;
        int left = p->budget[mode_index(prefer[i])] - p->spent - w->cost[to];
        *in_w = 1; /* each way's search stays in its own arrays */
        if (left > best_left) {
            best = prefer[i];
            best_left = left;
        }
    }
    return best;
}

/* Hexes from p->hex to `to` (w->prev of the last search), into path. */
static int path_of(const arw_mvwork *w, int from, int to, int *path)
{
    int len = 0;
    for (int h = to; h >= 0 && len < MAX_PATH; h = h == from ? -1 : w->prev[h])
        path[len++] = h;
    for (int i = 0; i < len / 2; i++) {
        int t = path[i];
        path[i] = path[len - 1 - i];
        path[len - 1 - i] = t;
    }
    return len;
}

/* Marks the move begun: one move per unit (GR9.1-a), PIN option B
 * (GR13.1), the mortar marker (SR4.12-e). */
static void begin_move(gr_game *g, const arw_mvunit *p, const int *group, int ng)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    int units[MAX_GROUP + 1];
    units[0] = p->u;
    for (int i = 0; i < ng; i++)
        units[i + 1] = group[i];
    for (int i = 0; i <= ng; i++) {
        int v = units[i];
        s->mvu[v] |= ARW_MU_MOVED;
        if (s->unit[v].flags & ARW_U_PINNED)
            s->mv_flags |= ARW_MF_PIN_B;
        if ((d->unit[v].flags & ARW_F_MORTAR) && !arw_sav_strategic(g))
            s->unit[v].flags |= ARW_U_MORTAR_MOVED;
    }
    if (p->fresh) {
        s->mv_from = (int16_t)p->hex;
        s->mv_spent = 0;
    }
}

/* Enters hex h with u and its group; returns 0 when the move stops there
 * (Lost, or the game ended). */
static int enter_hex(gr_game *g, const arw_mvunit *p, const int *group, int ng, int h)
{
    if (p->rules & ARW_MR_CAPTURE)
        arw_capture_lone_leaders(g, p->u, h); /* GR14.32-a: no stop, no MP (command.c) */
    if (arw_cst(g)->stage == ARW_ST_OVER)
        return 0;
    arw_place(g, p->u, h);
    for (int i = 0; i < ng; i++)
        arw_place(g, group[i], h);
    return !arw_cw_enter(g, p->u, group, ng, h);
}

/* The ways the move may still go after path[0..len) cost `spent`. */
static unsigned modes_after(const gr_game *g, const arw_mvunit *p, const arw_mvwork *w,
                            const int *path, int len, int spent)
{
    const arw_data *d = arw_dat(g);
    int road = 1, quiet = 1;
    unsigned out = 0, roads = 0; /* (the road-only ways still open by budget) */
    for (int mode = ARW_MM_ROAD; mode <= ARW_MM_STRATEGIC; mode <<= 1)
        if ((p->modes & (unsigned)mode) && spent <= p->budget[mode_index(mode)])
            roads |= (unsigned)mode;
    for (int i = 1; roads && road && i < len; i++) {
        road &= arw_road_step(g, path[i - 1], path[i], arw_dir(d, path[i - 1], path[i]));
        quiet &= !(w->map->info[path[i]] & ARW_HI_ADJ) &&
                 !(d->htype[d->map.terrain[path[i]]].flags & ARW_T_COVERED_WAY);
    }
    for (int mode = ARW_MM_NORMAL; mode <= ARW_MM_STRATEGIC; mode <<= 1) {
        int ok = mode == ARW_MM_NORMAL || (road && (mode == ARW_MM_ROAD || quiet));
        if ((p->modes & (unsigned)mode) && ok && spent <= p->budget[mode_index(mode)])
            out |= (unsigned)mode;
    }
    return out;
}

static void finish_move(gr_game *g, const arw_mvunit *p, const arw_mvwork *w, const int *path,
                        int len, int whole, int ng)
{
    arw_state *s = arw_st(g);
    int end = path[len - 1], spent = p->spent + w->cost[end];
    unsigned modes = modes_after(g, p, w, path, len, spent);
    for (int i = 0; i < ARW_NMODES; i++) /* every hex costs at least 1 MP */
        if (p->budget[i] - spent < 2)
            modes &= ~(1u << i);
    if ((s->unit[p->u].flags & ARW_U_ART_RETURN) && end == arw_dat(g)->unit[p->u].start_hex)
        s->unit[p->u].flags &= (uint16_t)~ARW_U_ART_RETURN; /* HS-sr1: home again */
    int over = !whole || ng > 0 || (p->rules & (ARW_MR_ONE_HEX | ARW_MR_RETURN)) || modes == 0 ||
               (w->map->info[end] & ARW_HI_ZOC) || s->stage != ARW_ST_MOVEMENT;
    s->mv_unit = (int16_t)(over ? ARW_NO_UNIT : p->u);
    s->mv_spent = (uint8_t)(spent > 255 ? 255 : spent);
    s->mv_modes = (uint8_t)(over ? 0 : modes);
}

void arw_mv_walk(gr_game *g, const arw_mvunit *p, int to, arw_mvwork *w)
{
    int in_w, mode = arw_mv_way(g, p, to, w, &in_w);
    arw_mv_walk_way(g, p, to, mode ? mode : ARW_MM_NORMAL, mode && in_w, w);
}

void arw_mv_walk_way(gr_game *g, const arw_mvunit *p, int to, int mode, int in_w,
                     arw_mvwork *w)
{
    int path[MAX_PATH], group[MAX_GROUP], stop;
    if (!in_w)
        arw_mv_search(g, p, mode, w);
    else
        arw_mvwork_way(w, mode_index(mode), NULL); /* arw_mv_way's search of it */
    int len = path_of(w, p->hex, to, path);
    int ng = arw_cw_group(g, w->map, p, path, len, group, MAX_GROUP);
    begin_move(g, p, group, ng);
    for (stop = 1; stop < len; stop++)
        if (!enter_hex(g, p, group, ng, path[stop]))
            break;
    int reached = stop < len ? stop + 1 : len; /* path[0..reached) walked */
    if (arw_cst(g)->stage == ARW_ST_OVER && stop < len)
        reached = stop; /* the game ended before it entered path[stop] */
    int spent = p->spent + w->cost[path[reached - 1]];
    arw_emit(g, ARW_E_MOVE, 4, p->u, p->hex, path[reached - 1], spent);
    for (int i = 0; i < ng; i++)
        arw_emit(g, ARW_E_MOVE, 4, group[i], p->hex, path[reached - 1], spent);
    finish_move(g, p, w, path, reached, reached == len, ng);
}
