/* rifle.c — the Rifle Fire phase (GR10): both players may fire with their
 * ready rifle units (GR10.1-a, GR13.3-b, GR13.4-b), each once, at an
 * adjacent enemy combat unit (GR10.2-b); several units firing at one target
 * make one fire (no unit is fired on twice); the active player designates
 * all his fires first, then the inactive player (GR10.2-a); then every fire
 * is rolled and all results apply together, the inactive player's retreats
 * first (GR10.4-a, fireres.c).  Actions: `rifle-fire unit=U target=T`,
 * `end-fire` (this player's designations are done). */
#include <string.h>

#include "fireint.h"

static gr_status firer_check(const gr_game *g, int side, int u, gr_error *why)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    if (u < 0 || u >= d->nunits || d->unit[u].side != side || !arw_is_combat_unit(d, u) ||
        !(d->unit[u].flags & ARW_F_RIFLE) || s->unit[u].box != ARW_BOX_MAP)
        return gr_fail(why, "arw:GR10.1-a", "only your rifle units on the map fire in this "
                       "phase");
    if (s->unit[u].status == ARW_DISRUPTED)
        return gr_fail(why, "arw:GR13.3-b", "disrupted rifle units cannot fire");
    if (s->unit[u].status == ARW_SHATTERED)
        return gr_fail(why, "arw:GR13.4-b", "shattered rifle units cannot fire");
    if (s->fire_of[u])
        return gr_fail(why, "arw:GR10.1-a", "%s fires at most once per phase", d->unit[u].id);
    return GR_OK;
}

static gr_status target_check(const gr_game *g, int u, int t, gr_error *why)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    if (t < 0 || t >= d->nunits || !arw_is_combat_unit(d, t) || s->unit[t].box != ARW_BOX_MAP ||
        d->unit[t].side == d->unit[u].side)
        return gr_fail(why, "arw:GR10.2-b", "the target must be an enemy combat unit");
    if (arw_hex_distance(d, s->unit[u].hex, s->unit[t].hex) != 1)
        return gr_fail(why, "arw:GR10.2-b", "rifle fire reaches adjacent units only");
    if (arw_fire_at(g, t) < 0 && s->nfires >= ARW_MAX_FIRES)
        return gr_fail(why, "arw:GR10.1-a", "too many fires in one phase (engine limit %d)",
                       ARW_MAX_FIRES);
    return GR_OK;
}

gr_status arw_rifle_check(const gr_game *g, const gr_action *a, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    if (a->player != s->fire_side)
        return gr_fail(err, "arw:GR10.2-a", "the active player designates all his rifle fire "
                       "before the inactive player");
    if (a->kind == ARW_A_END_FIRE)
        return GR_OK;
    if (a->kind != ARW_A_RIFLE_FIRE)
        return gr_fail(err, "arw:GR10.1-a", "rifle fire is designated with rifle-fire");
    gr_status st = firer_check(g, a->player, a->arg[0], err);
    return st == GR_OK ? target_check(g, a->arg[0], a->arg[1], err) : st;
}

/* The inactive player is done: every fire is rolled in the order it was
 * designated, then the results apply (GR10.4-a). */
static void resolve_all(gr_game *g)
{
    arw_state *s = arw_st(g);
    for (int k = 0; k < s->nfires; k++)
        arw_fire_resolve(g, k);
    if (s->nfires == 0) {
        arw_phase_end(g);
        return;
    }
    arw_fire_results_begin(g, 0);
}

void arw_rifle_exec(gr_game *g, const gr_action *a)
{
    arw_state *s = arw_st(g);
    if (a->kind == ARW_A_RIFLE_FIRE) {
        int k = arw_fire_at(g, a->arg[1]); /* GR10.2-b: one fire per target */
        if (k < 0)
            k = arw_fire_new(g, ARW_FK_RIFLE, a->player, a->arg[1], ARW_NO_HEX);
        arw_fire_join(g, k, a->arg[0]);
        return;
    }
    if (s->fire_side == s->active) {
        s->fire_side = (uint8_t)(1 - s->active); /* GR10.2-a: then the inactive player */
        return;
    }
    resolve_all(g);
}

static int keep(const gr_game *g, int kind, int side, int u, int t, gr_action *out)
{
    gr_action a;
    int n = 0;
    arw_put_action(&a, 1, &n, side, kind, u, t);
    if (arw_rifle_check(g, &a, NULL) != GR_OK)
        return 0;
    if (out)
        *out = a;
    return 1;
}

/* Designations of `side` now (out may be NULL to count). */
static int designations(const gr_game *g, int side, gr_action *out, int cap)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int n = 0;
    for (int u = 0; u < d->nunits; u++) {
        if (firer_check(g, side, u, NULL) != GR_OK)
            continue;
        int h = s->unit[u].hex;
        for (int k = 0; k < 6; k++) {
            int nb = d->map.nb[h * 6 + k];
            for (int t = nb >= 0 ? s->hex[nb].head : ARW_NO_UNIT; t != ARW_NO_UNIT;
                 t = s->unit[t].next)
                if (keep(g, ARW_A_RIFLE_FIRE, side, u, t, out && n < cap ? &out[n] : NULL))
                    n++;
        }
    }
    return n;
}

int arw_rifle_legal(const gr_game *g, int side, gr_action *out, int cap)
{
    const arw_state *s = arw_cst(g);
    if (s->stage != ARW_ST_RIFLE || side != s->fire_side)
        return 0;
    int n = designations(g, side, out, cap);
    if (keep(g, ARW_A_END_FIRE, side, 0, 0, out && n < cap ? &out[n] : NULL))
        n++;
    return n;
}

int arw_rifle_any(const gr_game *g)
{
    return designations(g, arw_cst(g)->fire_side, NULL, 0) > 0;
}
