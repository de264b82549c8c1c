/* mortar.c — French mortar fire (SR4.12): in the Defensive Artillery Fire
 * phase of the Allied player turn, by the active Allied player (SR4.12-f,
 * AMB-72), after the British defensive fire (reading); each ready mortar
 * (GR13.3-b, GR13.4-b) fires alone (SR4.12-a) at a hex (SR4.12-d) 2 to 5
 * hexes away (SR4.12-b) with no line of sight (SR4.12-c); in a tactical
 * turn not if it moved (SR4.12-e, MORTAR MOVED marker).  The shell scatters
 * (T-MortarScatter, provisional); if combat units occupy the impact hex,
 * their owner picks the one that may be damaged; then the to-hit roll on the
 * mortar values of T-Fire (first mortar fire +1), T-ArtilleryDamage and the
 * malfunction check (fireres.c).  Actions: `mortar unit=U hex=H`,
 * `mortar-target unit=U`, `end-fire`. */
#include <limits.h>
#include <string.h>

#include "fireint.h"

/* Reasons for a shell without effect (arw_fire_none_names). */
enum { NONE_OFF_MAP = 0, NONE_PROHIBITED, NONE_EMPTY };

static gr_status mortar_check_unit(const gr_game *g, int side, int u, gr_error *why)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    if (u < 0 || u >= d->nunits || d->unit[u].side != side ||
        !(d->unit[u].flags & ARW_F_MORTAR) || d->unit[u].kind != ARW_K_ARTILLERY ||
        s->unit[u].box != ARW_BOX_MAP)
        return gr_fail(why, "arw:SR4.12-f", "only your mortars on the map fire now");
    gr_status st = arw_art_fresh_check(g, u, why);
    if (st != GR_OK)
        return st;
    if ((s->unit[u].flags & ARW_U_MORTAR_MOVED) && !arw_sav_strategic(g))
        return gr_fail(why, "arw:SR4.12-e", "in a tactical turn a mortar may move or fire, "
                       "not both");
    return GR_OK;
}

static gr_status mortar_check_aim(const gr_game *g, int u, int h, gr_error *why)
{
    const arw_data *d = arw_dat(g);
    const arw_fire_tables *f = &d->fire;
    if (h < 0 || h >= d->map.nhex)
        return gr_fail(why, "arw:SR4.12-d", "a mortar fires at a hex of the map");
    int range = arw_hex_distance(d, arw_cst(g)->unit[u].hex, h);
    if (range < f->mortar_min || range > f->mortar_max)
        return gr_fail(why, "arw:SR4.12-b", "a mortar fires %d to %d hexes away, not %d",
                       f->mortar_min, f->mortar_max, range);
    if (arw_fire_to_hit(d, ARW_FT_MORTAR, arw_unit_sp(g, u), range) == ARW_HIT_NONE)
        return gr_fail(why, "arw:GR11.3", "T-Fire gives no to-hit number (\"-\") for %d SP at "
                       "%d hexes", arw_unit_sp(g, u), range);
    if (arw_cst(g)->nfires >= ARW_MAX_FIRES)
        return gr_fail(why, "arw:GR11.1-a", "too many fires in one phase (engine limit %d)",
                       ARW_MAX_FIRES);
    return GR_OK;
}

int arw_mortar_chooser(const gr_game *g)
{
    const arw_state *s = arw_cst(g);
    int k = s->fire_cur - 1;
    return k >= 0 && k < s->nfires ? arw_hex_owner(g, s->fire[k].hex) : -1;
}

static gr_status check_target(const gr_game *g, const gr_action *a, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    int u = a->arg[0], k = s->fire_cur - 1;
    if (a->player != arw_mortar_chooser(g))
        return gr_fail(err, "arw:SR4.12-d", "the owner of the units in the impact hex chooses");
    if (u < 0 || u >= d->nunits || !arw_is_combat_unit(d, u) || s->unit[u].box != ARW_BOX_MAP ||
        s->unit[u].hex != s->fire[k].hex)
        return gr_fail(err, "arw:SR4.12-d", "choose a combat unit in the impact hex");
    return GR_OK;
}

gr_status arw_mortar_check(const gr_game *g, const gr_action *a, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    if (s->stage == ARW_ST_IMPACT)
        return a->kind == ARW_A_MORTAR_TARGET
                   ? check_target(g, a, err)
                   : gr_fail(err, "arw:SR4.12-d", "the unit the shell may damage is chosen now");
    if (a->player != s->active || s->active != ARW_ALLIED)
        return gr_fail(err, "arw:SR4.12-f", "mortars fire in the Allied player turn, by the "
                       "Allied player");
    if (a->kind == ARW_A_END_FIRE)
        return GR_OK;
    if (a->kind != ARW_A_MORTAR)
        return gr_fail(err, "arw:SR4.12-a", "a mortar fires alone, with the mortar action");
    gr_status st = mortar_check_unit(g, a->player, a->arg[0], err);
    return st == GR_OK ? mortar_check_aim(g, a->arg[0], a->arg[1], err) : st;
}

int arw_scatter_impact(gr_game *g, int target, int *roll, int *dir)
{
    const arw_data *d = arw_dat(g);
    int r = gr_roll(g, 0, 10, ARW_ROLL_SCATTER), k = -1;
    for (int guard = 0; d->fire.scatter[r] && k < 0 && guard < 100; guard++)
        k = d->fire.scatter_dir[gr_roll(g, 0, 10, ARW_ROLL_SCATTER)]; /* -1: roll again */
    if (roll)
        *roll = r;
    if (dir)
        *dir = k;
    return k < 0 ? target : d->map.nb[target * 6 + k];
}

/* Fire k's shell: the impact hex, or -1 off the map (event "scatter"). */
static int scatter(gr_game *g, int k)
{
    int aim = arw_cst(g)->fire[k].aim, roll, dir;
    int h = arw_scatter_impact(g, aim, &roll, &dir);
    arw_emit(g, ARW_E_SCATTER, 4, k + 1, aim, roll, dir + 1);
    return h;
}

/* The shell landed without effect: the mortar has fired all the same. */
static void no_effect(gr_game *g, int k, int m, int why)
{
    arw_state *s = arw_st(g);
    s->fire[k].hex = ARW_NO_HEX;
    s->fire[k].state = ARW_FR_RESOLVED;
    s->unit[m].flags |= ARW_U_FIRED;
    s->fire_cur = 0;
    arw_emit(g, ARW_E_FIRE_NONE, 2, k + 1, why);
}

static void fire_mortar(gr_game *g, int m, int aim)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    int k = arw_fire_new(g, ARW_FK_MORTAR, d->unit[m].side, ARW_NO_UNIT, aim);
    arw_fire_join(g, k, m);
    s->unit[m].flags |= ARW_U_MORTAR_FIRED; /* SR4.12-e marker */
    int h = scatter(g, k);
    if (h < 0) {
        no_effect(g, k, m, NONE_OFF_MAP);
        return;
    }
    arw_emit(g, ARW_E_IMPACT, 2, k + 1, h);
    if (d->htype[arw_hex_terrain(g, h)].fire == ARW_DRM_P) {
        no_effect(g, k, m, NONE_PROHIBITED);
        return;
    }
    if (arw_hex_owner(g, h) < 0) {
        no_effect(g, k, m, NONE_EMPTY);
        return;
    }
    s->fire[k].hex = (int16_t)h;
    s->fire_cur = (uint8_t)(k + 1);
    s->stage = ARW_ST_IMPACT; /* SR4.12 (2): the owner picks the unit */
}

void arw_mortar_exec(gr_game *g, const gr_action *a)
{
    arw_state *s = arw_st(g);
    switch (a->kind) {
    case ARW_A_MORTAR: fire_mortar(g, a->arg[0], a->arg[1]); break;
    case ARW_A_MORTAR_TARGET: {
        int k = s->fire_cur - 1;
        s->fire[k].target = (int16_t)a->arg[0];
        arw_fire_resolve(g, k);
        arw_fire_results_begin(g, k);
        break;
    }
    default: arw_phase_end(g); break; /* end-fire */
    }
}

static int keep(const gr_game *g, int kind, int side, int u, int h, gr_action *out)
{
    gr_action a;
    int n = 0;
    arw_put_action(&a, 1, &n, side, kind, u, h);
    if (arw_mortar_check(g, &a, NULL) != GR_OK)
        return 0;
    if (out)
        *out = a;
    return 1;
}

#define MAX_AIM_RANGE 7 /* arw_hexes_within's box; longer ranges: every hex */

/* The hexes mortar u may aim at as far as range goes (SR4.12-b), map order. */
static int in_range(const gr_game *g, int u, int16_t *out)
{
    const arw_data *d = arw_dat(g);
    int n = 0, lo = d->fire.mortar_min, hi = d->fire.mortar_max, from = arw_cst(g)->unit[u].hex;
    if (hi <= MAX_AIM_RANGE)
        return arw_hexes_within(d, from, lo, hi, out, ARW_MAX_MAP_HEXES);
    for (int h = 0; h < d->map.nhex && n < ARW_MAX_MAP_HEXES; h++)
        if (arw_hex_distance(d, from, h) >= lo && arw_hex_distance(d, from, h) <= hi)
            out[n++] = (int16_t)h;
    return n;
}

/* mortar_check_aim of mortar u (on the map) at a hex r hexes away, in
 * range (SR4.12-b): the to-hit number (GR11.3) and the fire records
 * (GR11.1-a), which depend on the distance alone. */
static int aim_ok(const gr_game *g, int u, int r)
{
    const arw_data *d = arw_dat(g);
    return arw_fire_to_hit(d, ARW_FT_MORTAR, arw_unit_sp(g, u), r) != ARW_HIT_NONE &&
           arw_cst(g)->nfires < ARW_MAX_FIRES;
}

/* aim_ok, remembered in ok[r - lo] (-1: not asked yet) for the nearer
 * distances. */
static int aim_ok_kept(const gr_game *g, int u, int r, int lo, int8_t ok[32])
{
    if (r - lo >= 32)
        return aim_ok(g, u, r);
    if (ok[r - lo] < 0)
        ok[r - lo] = (int8_t)aim_ok(g, u, r);
    return ok[r - lo];
}

/* Aims of `side`'s mortars (out may be NULL to count), at most `limit`:
 * those arw_mortar_check accepts (the aim's part asked once per distance
 * for each mortar that may fire). */
static int aims(const gr_game *g, int side, gr_action *out, int cap, int limit)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int16_t hexes[ARW_MAX_MAP_HEXES];
    int n = 0, lo = d->fire.mortar_min, hi = d->fire.mortar_max;
    if (s->stage == ARW_ST_IMPACT || side != s->active || side != ARW_ALLIED)
        return 0; /* (arw_mortar_check refuses every aim: SR4.12-d, SR4.12-f) */
    for (int u = 0; u < d->nunits && n < limit; u++) {
        if (!(d->unit[u].flags & ARW_F_MORTAR) || mortar_check_unit(g, side, u, NULL) != GR_OK)
            continue;
        int8_t ok[32];
        memset(ok, -1, sizeof ok);
        int m = in_range(g, u, hexes), from = s->unit[u].hex;
        for (int i = 0; i < m && n < limit; i++) {
            int r = arw_hex_distance(d, from, hexes[i]);
            if (r >= lo && r <= hi && aim_ok_kept(g, u, r, lo, ok))
                arw_put_action(out, cap, &n, side, ARW_A_MORTAR, u, hexes[i]);
        }
    }
    return n;
}

int arw_mortar_legal(const gr_game *g, int side, gr_action *out, int cap)
{
    const arw_state *s = arw_cst(g);
    int n = 0;
    if (s->stage == ARW_ST_IMPACT) {
        if (side != arw_mortar_chooser(g))
            return 0;
        for (int u = s->hex[s->fire[s->fire_cur - 1].hex].head; u != ARW_NO_UNIT;
             u = s->unit[u].next)
            if (keep(g, ARW_A_MORTAR_TARGET, side, u, 0, out && n < cap ? &out[n] : NULL))
                n++;
        return n;
    }
    if (s->stage != ARW_ST_MORTAR || side != s->active)
        return 0;
    n = aims(g, side, out, cap, INT_MAX);
    if (keep(g, ARW_A_END_FIRE, side, 0, 0, out && n < cap ? &out[n] : NULL))
        n++;
    return n;
}

int arw_mortar_any(const gr_game *g)
{
    const arw_state *s = arw_cst(g);
    return s->active == ARW_ALLIED && aims(g, s->active, NULL, 0, 1) > 0;
}
