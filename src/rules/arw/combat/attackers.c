/* attackers.c — who may and who must attack in a close-combat phase
 * (GR12.12, GR12.14 diversion, GR12.4-b, GR13.1 PIN (A), SR4.1-1d, SR4.8-c):
 * the unit and hex predicates the declarations (declare.c), the evaluation
 * and the cards read.  The declaration search itself is in declare.c. */
#include <string.h>

#include "../arw.h"

int arw_can_attack(const gr_game *g, int u)
{
    const arw_state *s = arw_cst(g);
    const arw_unit_def *d = &arw_dat(g)->unit[u];
    const arw_unit *x = &s->unit[u];
    return d->side == s->active && x->box == ARW_BOX_MAP && x->status == ARW_READY &&
           d->kind != ARW_K_LEADER && !(x->flags & ARW_U_CAV_WD) && /* GR12.4-b */
           !arw_unit_attack_barred(g, u); /* SAVANNAH: SR4.1-1d, SR4.8-c (savunits.c) */
}

int arw_diverted_hex(const gr_game *g)
{
    return arw_cst(g)->diverted - 1;
}

int arw_can_attack_hex(const gr_game *g, int u, int h)
{
    const arw_data *d = arw_dat(g);
    const arw_unit *x = &arw_cst(g)->unit[u];
    if (h < 0 || !arw_hex_has_combat(g, h, 1 - d->unit[u].side)) /* (most hexes: cheap) */
        return 0;
    int k = arw_dir(d, h, x->hex);
    if (k < 0)
        return 0;
    if (arw_sav_attack_barred(g, u, h)) /* SAVANNAH: SR3-c, HS-16, Hurricane (track.c) */
        return 0;
    if (d->unit[u].kind == ARW_K_CAVALRY) {
        unsigned types = arw_edge_types(g, h, k); /* SAVANNAH: works, breaches (savmap.c) */
        for (int t = 0; t < d->nstypes; t++)
            if ((types & (1u << t)) && (d->stype[t].flags & ARW_S_NO_MOUNTED_CC))
                return 0; /* TEC note 7 */
    }
    return 1;
}

void arw_mark_combat_hexes(const gr_game *g, int side, uint64_t *foe, uint64_t *near)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    size_t words = (size_t)((d->map.nhex + 63) / 64);
    memset(foe, 0, sizeof *foe * words);
    memset(near, 0, sizeof *near * words);
    for (int j = 0; j < d->nside_combat[side]; j++) { /* (leaders: no combat units) */
        int u = d->side_combat[side][j], h = s->unit[u].hex;
        if (s->unit[u].box != ARW_BOX_MAP || h < 0 || (foe[h >> 6] >> (h & 63) & 1u))
            continue; /* (a stack's neighbours once) */
        foe[h >> 6] |= (uint64_t)1 << (h & 63);
#pragma GCC unroll 6
        for (int k = 0; k < 6; k++) {
            int n = d->map.nb[h * 6 + k];
            if (n >= 0)
                near[n >> 6] |= (uint64_t)1 << (n & 63);
        }
    }
}

/* (with foe: the hexes of the enemy's combat units; no other can be
 * attacked) */
int arw_attack_targets(const gr_game *g, int u, int16_t out[6], int diverted,
                       const uint64_t *foe)
{
    const arw_data *d = arw_dat(g);
    int hex = arw_cst(g)->unit[u].hex, n = 0;
    for (int k = 0; k < 6; k++) {
        int h = d->map.nb[hex * 6 + k];
        if (h >= 0 && (!foe || (foe[h >> 6] >> (h & 63) & 1u)) && h != diverted &&
            arw_can_attack_hex(g, u, h))
            out[n++] = (int16_t)h;
    }
    return n;
}

static int targets_of(const gr_game *g, int u, int16_t out[6], int diverted)
{
    return arw_attack_targets(g, u, out, diverted, NULL);
}

int arw_attack_obliged(const gr_game *g, int u)
{
    const arw_unit_def *d = &arw_dat(g)->unit[u];
    int pinned = !!(arw_cst(g)->unit[u].flags & ARW_U_PINNED);
    return !(d->kind == ARW_K_ARTILLERY || ((d->flags & ARW_F_RIFLE) && !pinned));
}

/* must_attack of a unit u that can attack (arw_can_attack) and has
 * `ntargets` hexes it may attack (targets_of). */
static int must_attack_with(const gr_game *g, int u, int ntargets)
{
    return arw_attack_obliged(g, u) && ntargets > 0; /* GR12.14: the diversion frees */
}

/* GR12.12, GR13.1 PIN (A): pinned units must attack, rifles included. */
static int must_attack(const gr_game *g, int u, int diverted)
{
    int16_t t[6];
    if (!arw_can_attack(g, u))
        return 0;
    return must_attack_with(g, u, targets_of(g, u, t, diverted));
}

int arw_must_attack(const gr_game *g, int u)
{
    return must_attack(g, u, arw_diverted_hex(g));
}
