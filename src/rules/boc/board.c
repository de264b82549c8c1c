/* board.c — the BoC map as the rules see it: printed labels (row letter +
 * column number, R2.1-d), neighbours, hexside features, block counts per
 * hex and the hex-control snapshot (R6.6, R6.61). */
#include <stdio.h>
#include <string.h>

#include "boc.h"

int boc_label_parse(const gr_grid *grid, const char *label)
{
    return label ? gr_grid_find(grid, label) : -1;
}

int boc_hex_label(const void *sdata, int hex, char *buf, size_t size)
{
    const boc_sdata *sd = sdata;
    if (hex < 0 || hex >= sd->nhex || size == 0)
        return 0;
    return gr_grid_label_of(&sd->grid, hex, buf, size);
}

int boc_hex_find(const void *sdata, const char *label)
{
    const boc_sdata *sd = sdata;
    return boc_label_parse(&sd->grid, label);
}

int boc_step(const boc_sdata *sd, int hex, int dir)
{
    if (hex < 0 || hex >= sd->nhex)
        return -1;
    return sd->nbr[hex * 6 + dir]; /* gr_grid_step, kept by boc_map_reset */
}

int boc_dir_to(const boc_sdata *sd, int a, int b)
{
    for (int d = 0; d < 6; d++)
        if (b >= 0 && boc_step(sd, a, d) == b)
            return d;
    return -1;
}

int boc_dist(const boc_sdata *sd, int a, int b)
{
    return gr_hex_dist(sd->coord[a], sd->coord[b]);
}

const boc_sidedata *boc_side(const boc_sdata *sd, int hex, int dir)
{
    return &sd->side[hex * 6 + ((dir % 6) + 6) % 6];
}

/* The twin of a slope seen from the other hex: uphill becomes downhill. */
void boc_side_set(boc_sdata *sd, int hex, int dir, const boc_sidedata *f)
{
    sd->side[hex * 6 + dir] = *f;
    int n = boc_step(sd, hex, dir);
    if (n < 0)
        return;
    boc_sidedata twin = *f;
    twin.slope = (int8_t)-f->slope;
    sd->side[n * 6 + (dir + 3) % 6] = twin;
}

const boc_terrain *boc_terrain_of(const boc_sdata *sd, int hex)
{
    return &sd->terrain[sd->hex[hex].terrain];
}

int boc_is_d2(const boc_sdata *sd, int hex)
{
    return boc_terrain_of(sd, hex)->d2;
}

/* The rougher of two hexside covers by edge_priority (data brief 1.5). */
static int rougher(const boc_sdata *sd, int a, int b)
{
    return sd->edge_rank[b] > sd->edge_rank[a] ? b : a;
}

void boc_derive_edges(boc_sdata *sd)
{
    for (int h = 0; h < sd->nhex; h++)
        for (int d = 0; d < 6; d++) {
            boc_sidedata *f = &sd->side[h * 6 + d];
            if (f->cover_fixed)
                continue;
            int n = boc_step(sd, h, d);
            int c = boc_terrain_of(sd, h)->edge;
            if (n >= 0)
                c = rougher(sd, c, boc_terrain_of(sd, n)->edge);
            f->cover = (uint8_t)c;
        }
}

int boc_on_map(const boc_state *s, int u)
{
    return s->unit[u].hex >= 0;
}

const boc_utype *boc_type_of(const boc_sdata *sd, int u)
{
    return &sd->utype[sd->block[u].type];
}

void boc_place(boc_state *s, const boc_sdata *sd, int u, int hex)
{
    int side = sd->block[u].side;
    int old = s->unit[u].hex;
    if (old >= 0)
        s->count[side][old]--;
    s->unit[u].hex = (int16_t)hex;
    if (hex >= 0)
        s->count[side][hex]++;
}

int boc_enemy_adjacent(const boc_state *s, const boc_sdata *sd, int hex, int enemy)
{
    for (int d = 0; d < 6; d++) {
        int n = boc_step(sd, hex, d);
        if (n >= 0 && s->count[enemy][n] > 0)
            return 1;
    }
    return 0;
}

void boc_control_snapshot(boc_state *s, const boc_sdata *sd)
{
    for (int h = 0; h < sd->nhex; h++) {
        int c = 0;
        if (s->count[BOC_USA][h])
            c = 1 + BOC_USA;
        else if (s->count[BOC_CSA][h])
            c = 1 + BOC_CSA;
        else {
            int usa = boc_enemy_adjacent(s, sd, h, BOC_USA);
            int csa = boc_enemy_adjacent(s, sd, h, BOC_CSA);
            c = usa && !csa ? 1 + BOC_USA : csa && !usa ? 1 + BOC_CSA : 0;
        }
        s->control[h] = (uint8_t)c;
    }
}

/* ------------------------------------------------------------------ map building */

int boc_cell_parse(const boc_sdata *sd, const char *tok, int *terrain, int *level)
{
    char code = tok[0] == '.' ? 'C' : tok[0];
    if (code >= 'a' && code <= 'z')
        code = (char)(code - 'a' + 'A');
    *terrain = -1;
    for (int t = 0; t < sd->nterrain; t++)
        if (sd->terrain[t].code == code)
            *terrain = t;
    *level = 0;
    if (*terrain < 0 || !tok[0])
        return -1;
    if (tok[1] == '\0')
        return 0;
    if (tok[1] < '0' || tok[1] > '9' || tok[2] != '\0')
        return -1;
    *level = tok[1] - '0';
    return 0;
}

void boc_hex_set(boc_sdata *sd, int hex, int terrain, int level)
{
    boc_hexdata *h = &sd->hex[hex];
    h->terrain = (uint8_t)terrain;
    h->level = (int8_t)level;
    if (!h->stack_fixed)
        h->stacking = sd->terrain[terrain].stacking;
    for (int d = 0; d < 6; d++)
        h->los_level[d] = (int8_t)level;
}

int boc_pair_parse(const boc_sdata *sd, const char *text, int *hex, int *dir)
{
    char a[8], b[8];
    const char *slash = strchr(text, '/');
    if (!slash || slash - text >= (long)sizeof a || strlen(slash + 1) >= sizeof b)
        return -1;
    memcpy(a, text, (size_t)(slash - text));
    a[slash - text] = '\0';
    strcpy(b, slash + 1);
    int ha = boc_label_parse(&sd->grid, a), hb = boc_label_parse(&sd->grid, b);
    if (ha < 0 || hb < 0)
        return -1;
    *hex = ha;
    *dir = boc_dir_to(sd, ha, hb);
    return *dir < 0 ? -2 : 0;
}

void boc_map_reset(boc_sdata *sd, int cols, int rows, int odd_up)
{
    sd->grid = (gr_grid){.cols = (int16_t)cols,
                         .rows = (int16_t)rows,
                         .col0 = 1,
                         .row0 = 1,
                         .layout = GR_GRID_FLAT,
                         .shifted = (uint8_t)(odd_up ? 0 : 1),
                         .label = GR_LABEL_LETTER_ROW};
    sd->nhex = gr_grid_count(&sd->grid);
    for (int h = 0; h < sd->nhex; h++) {
        sd->coord[h] = gr_grid_hex(&sd->grid, h);
        for (int d = 0; d < 6; d++)
            sd->nbr[h * 6 + d] = (int16_t)gr_grid_step(&sd->grid, h, d);
    }
    int clear = 0;
    for (int t = 0; t < sd->nterrain; t++)
        if (sd->terrain[t].code == 'C')
            clear = t;
    memset(sd->hex, 0, sizeof sd->hex);
    memset(sd->side, 0, sizeof sd->side);
    for (int h = 0; h < sd->nhex; h++)
        boc_hex_set(sd, h, clear, 0);
    sd->nvp = sd->nentry = 0;
    sd->night_supply[0] = sd->night_supply[1] = -1;
    sd->switch_hex = -1, sd->switch_mp = 0; /* no road switch (R2.2-n) */
}
