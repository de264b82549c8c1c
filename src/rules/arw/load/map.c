/* map.c — the static map model: grid allocation, neighbour table, terrain
 * rows drawn with letters, directional hexside features, and the derived
 * attributes of unit definitions.  Used by the loader and the editor.
 * Zones, perimeter hexsides and entry points: zones.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../arw.h"

/* The axial offset of entry j of a hex's arw_map.near list (ring by ring;
 * in a ring, by dq then dr). */
static gr_hex near_offset(int j)
{
    gr_hex o = {0, 0};
    for (int r = 0, k = 0; r <= ARW_NEAR_RANGE; r++)
        for (int dq = -r; dq <= r; dq++)
            for (int dr = -r; dr <= r; dr++) {
                gr_hex x = {(int16_t)dq, (int16_t)dr};
                if (gr_hex_dist(o, x) == r && k++ == j)
                    return x;
            }
    return o;
}

int arw_near_slot(int dq, int dr)
{
    for (int j = 0; j < ARW_NEAR; j++) {
        gr_hex x = near_offset(j);
        if (x.q == dq && x.r == dr)
            return j;
    }
    return -1;
}

/* Each hex's surroundings, ring by ring, -1 off the map. */
static void fill_near(arw_map *m)
{
    gr_hex off[ARW_NEAR];
    for (int j = 0; j < ARW_NEAR; j++)
        off[j] = near_offset(j);
    for (int h = 0; h < m->nhex; h++)
        for (int j = 0; j < ARW_NEAR; j++)
            m->near[h * ARW_NEAR + j] =
                (int16_t)gr_grid_index(&m->grid, gr_hex_add(m->ax[h], off[j]));
}

/* The arrays of an n-hex map into t (zeroed): 0, or -1 with none kept. */
static int alloc_arrays(arw_map *t, int n)
{
    t->terrain = calloc((size_t)n, 1);
    t->nb = calloc((size_t)n * 12, sizeof *t->nb); /* nb, then nb_closed */
    t->edge = calloc((size_t)n * 6, sizeof *t->edge);
    t->zone = calloc((size_t)n, sizeof *t->zone);
    t->pside = calloc((size_t)n, 1);
    t->works = calloc((size_t)n, 1);
    t->ax = calloc((size_t)n, sizeof *t->ax);
    t->near = calloc((size_t)n * ARW_NEAR, sizeof *t->near);
    t->towns = calloc((size_t)n, sizeof *t->towns);
    t->town_dist = calloc((size_t)n, 1);
    t->town_near = calloc((size_t)n * ARW_TOWN_NEAR, sizeof *t->town_near);
    t->mvcost = calloc((size_t)n * 6 * ARW_MV_KEYS, 1);
    t->zoc_in = calloc((size_t)n, 1);
    t->mvbar = calloc((size_t)n, 1);
    t->los_class = calloc((size_t)n * 6, 1);
    t->road_ever = calloc((size_t)n, 1);
    t->los_pre = calloc((size_t)n * ARW_NEAR, 1);
    if (t->terrain && t->nb && t->edge && t->zone && t->pside && t->works && t->ax && t->near &&
        t->towns && t->town_dist && t->town_near && t->mvcost && t->zoc_in && t->mvbar && t->los_class &&
        t->road_ever && t->los_pre)
        return 0;
    arw_map_free(t);
    return -1;
}

int arw_map_alloc(arw_map *m, int cols, int rows, int col0, int row0, int shifted)
{
    gr_grid g = {(int16_t)cols, (int16_t)rows, (int16_t)col0, (int16_t)row0,
                 GR_GRID_FLAT, (uint8_t)shifted, GR_LABEL_CCRR, 0};
    arw_map t;
    memset(&t, 0, sizeof t);
    if (alloc_arrays(&t, gr_grid_count(&g)) != 0)
        return -1;
    arw_map_free(m);
    *m = t;
    m->grid = g;
    m->nhex = gr_grid_count(&g);
    m->victory_hex = -1;
    for (int h = 0; h < m->nhex; h++)
        m->ax[h] = gr_grid_hex(&m->grid, h);
    m->nb_closed = m->nb + (size_t)m->nhex * 6;
    for (int h = 0; h < m->nhex; h++)
        for (int d = 0; d < 6; d++) {
            int n = gr_grid_step(&m->grid, h, d);
            m->nb[h * 6 + d] = (int16_t)n;
            m->nb_closed[h * 6 + d] = (int16_t)(n >= 0 ? n : h);
        }
    fill_near(m);
    for (int a = 0; a < ARW_NARMIES; a++)
        m->hq[a] = ARW_NO_HEX;
    for (int f = 0; f < 10; f++)
        m->var_entry[f].entry = -1;
    return 0;
}

void arw_map_free(arw_map *m)
{
    free(m->terrain);
    free(m->nb);
    free(m->edge);
    free(m->zone);
    free(m->pside);
    free(m->works);
    free(m->ax);
    free(m->towns);
    free(m->town_dist);
    free(m->town_near);
    free(m->near);
    free(m->mvcost);
    free(m->zoc_in);
    free(m->mvbar);
    free(m->los_class);
    free(m->road_ever);
    free(m->los_pre);
    m->los_class = m->road_ever = m->los_pre = NULL;
    m->mvcost = NULL;
    m->zoc_in = NULL;
    m->mvbar = NULL;
    m->mvcost_keys = 0;
    m->town_dist = NULL;
    m->town_near = NULL;
    m->near = NULL;
    m->terrain = NULL;
    m->ax = NULL;
    m->towns = NULL;
    m->ntowns = 0;
    m->nb = m->nb_closed = NULL;
    m->edge = NULL;
    m->zone = NULL;
    m->pside = m->works = NULL;
}

/* arw_map.town_near of hex h: its near list (ring by ring) filtered. */
static void near_towns(arw_data *d, int h)
{
    arw_map *m = &d->map;
    int16_t *out = &m->town_near[(size_t)h * ARW_TOWN_NEAR];
    int n = 0;
    for (int j = 0; j < ARW_NEAR && n < ARW_TOWN_NEAR; j++) {
        int t = m->near[(size_t)h * ARW_NEAR + (size_t)j];
        if (t >= 0 && (d->htype[m->terrain[t]].flags & ARW_T_TOWN))
            out[n++] = (int16_t)t;
    }
    for (; n < ARW_TOWN_NEAR; n++)
        out[n] = -1;
}

/* The town hexes, each hex's distance to the nearest one and its near
 * town hexes, the victory hex. */
static void derive_map(arw_data *d)
{
    arw_map *m = &d->map;
    m->ntowns = 0;
    m->victory_hex = -1;
    for (int h = 0; h < m->nhex; h++) {
        if (d->htype[m->terrain[h]].flags & ARW_T_TOWN)
            m->towns[m->ntowns++] = (int16_t)h;
        if ((m->zone[h] & ARW_Z_SPRING_HILL) && m->victory_hex < 0)
            m->victory_hex = (int16_t)h;
    }
    for (int h = 0; h < m->nhex; h++) {
        unsigned in = 0;
        for (int k = 0; k < 6; k++) /* GR8.1-b/c (board.c arw_zoc_into) */
            if (!(d->htype[m->terrain[h]].flags & ARW_T_NO_ZOC_INTO) &&
                !(m->edge[h * 6 + k] & d->fw_types))
                in |= 1u << k;
        m->zoc_in[h] = (uint8_t)in;
        int perim = (m->zone[h] & ARW_Z_PERIMETER) != 0;
        m->mvbar[h] = (uint8_t)(((d->htype[m->terrain[h]].flags & ARW_T_COVERED_WAY)
                                     ? ARW_MB_COVERED_WAY : 0u) |
                                (perim ? ARW_MB_PERIMETER : 0u) |
                                (!perim && m->pside[h] ? ARW_MB_NEXT_PERIM : 0u));
    }
    for (int h = 0; h < m->nhex; h++) {
        int best = 255;
        for (int i = 0; i < m->ntowns && best > 0; i++) {
            int k = arw_hex_distance(d, h, m->towns[i]);
            best = k < best ? k : best;
        }
        m->town_dist[h] = (uint8_t)best;
        near_towns(d, h);
    }
}

void arw_data_derive(arw_data *d)
{
    d->fw_types = d->road_types = 0;
    memset(d->p_types, 0, sizeof d->p_types);
    for (int t = 0; t < d->nstypes; t++) {
        if (d->stype[t].flags & ARW_S_FIELDWORKS)
            d->fw_types |= (uint16_t)(1u << t);
        if (d->stype[t].flags & ARW_S_ROAD)
            d->road_types |= (uint16_t)(1u << t);
        for (int mc = 0; mc < ARW_NMC; mc++)
            if (d->stype[t].move[mc] == ARW_MP_P)
                d->p_types[mc] |= (uint16_t)(1u << t);
    }
    derive_map(d);
    arw_eval_crt_derive(d); /* evalcc.c */
    arw_los_derive(d);    /* los.c */
    arw_nat_derive(d);    /* movecost.c */
    arw_mvcost_derive(d); /* movecost.c */
    for (int side = 0; side < ARW_NSIDES; side++) {
        d->nside_units[side] = d->nside_art[side] = d->nside_leaders[side] = d->side_sp[side] =
            d->side_ranks[side] = 0;
        d->nside_combat[side] = d->nside_no_art[side] = 0;
    }
    for (int u = 0; u < d->nunits; u++) {
        const arw_unit_def *x = &d->unit[u];
        int side = x->side & 1;
        d->side_units[side][d->nside_units[side]++] = (int16_t)u;
        if (x->kind == ARW_K_ARTILLERY)
            d->side_art[side][d->nside_art[side]++] = (int16_t)u;
        if (x->kind == ARW_K_LEADER)
            d->side_leaders[side][d->nside_leaders[side]++] = (int16_t)u;
        else
            d->side_combat[side][d->nside_combat[side]++] = (int16_t)u;
        if (x->kind != ARW_K_LEADER && x->kind != ARW_K_ARTILLERY)
            d->side_no_art[side][d->nside_no_art[side]++] = (int16_t)u;
        if (x->kind == ARW_K_LEADER)
            d->side_ranks[side] = (int16_t)(d->side_ranks[side] + x->rank);
        else
            d->side_sp[side] = (int16_t)(d->side_sp[side] + x->sp[0]);
    }
}

/* Hex index of printed column offset c and row offset r (0-based). */
static int hex_at(const arw_map *m, int c, int r)
{
    return gr_grid_index_cr(&m->grid, m->grid.col0 + c, m->grid.row0 + r);
}

static int letter_type(const arw_data *d, char ch)
{
    for (int i = 0; i < d->nhtypes; i++)
        if (d->htype[i].letter == ch)
            return i;
    return -1;
}

int arw_map_set_row(arw_data *d, int row, const char *letters, char *why, size_t why_size)
{
    const arw_map *m = &d->map;
    if (row < 0 || row >= m->grid.rows) {
        snprintf(why, why_size, "row %d is outside the map (0..%d)", row, m->grid.rows - 1);
        return -1;
    }
    int c = 0;
    for (const char *p = letters; *p; p++) {
        if (*p == ' ' || *p == '\t')
            continue;
        int t = letter_type(d, *p);
        if (t < 0) {
            snprintf(why, why_size, "unknown terrain letter '%c'", *p);
            return -1;
        }
        if (c >= m->grid.cols) {
            snprintf(why, why_size, "row has more than %d hexes", m->grid.cols);
            return -1;
        }
        d->map.terrain[hex_at(m, c++, row)] = (uint8_t)t;
    }
    if (c != m->grid.cols) {
        snprintf(why, why_size, "row has %d hexes, the map has %d columns", c, m->grid.cols);
        return -1;
    }
    return 0;
}

int arw_dir(const arw_data *d, int a, int b)
{
    if (a < 0 || b < 0)
        return -1;
    for (int k = 0; k < 6; k++)
        if (d->map.nb[a * 6 + k] == b)
            return k;
    return -1;
}

int arw_map_set_feature(arw_data *d, int a, int b, int f)
{
    int da = arw_dir(d, a, b), db = arw_dir(d, b, a);
    if (da < 0 || db < 0 || f < 0 || f >= d->nfeatures)
        return -1;
    const arw_feature *ft = &d->feature[f];
    if (ft->into_first >= 0)
        d->map.edge[a * 6 + da] |= (uint16_t)(1u << ft->into_first);
    if (ft->into_second >= 0)
        d->map.edge[b * 6 + db] |= (uint16_t)(1u << ft->into_second);
    return 0;
}

void arw_unit_derive(arw_unit_def *u)
{
    u->side = u->army == ARW_ARMY_BRITISH ? ARW_BRITISH : ARW_ALLIED;
    switch (u->kind) {
    case ARW_K_CAVALRY: u->mclass = ARW_MC_CAV; break;
    case ARW_K_ARTILLERY: u->mclass = ARW_MC_ART; break;
    case ARW_K_LEADER: u->mclass = ARW_MC_LEADER; break;
    default: u->mclass = (u->flags & ARW_F_LIGHT) ? ARW_MC_LI : ARW_MC_INF;
    }
    if (u->kind == ARW_K_LEADER) {
        u->steps = 1;
        u->sp[0] = u->sp[1] = 0;
    }
    if (u->start_steps == 0 || u->start_steps > u->steps)
        u->start_steps = u->steps;
}
