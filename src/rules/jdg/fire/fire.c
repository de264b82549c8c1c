/* fire.c — normal artillery fire in the fire step [R7.1-a, R7.2, R7.3,
 * R7.5]: `pivot by=P unit=U facing=F` turns a gun one vertex before it
 * fires [R7.2-d]; `fire by=P unit=U at=HEX with=U2|-` fires at an enemy
 * hex, alone or combined with a gun of its formation in its hex (higher
 * capacity, +2) [R7.3-b]; a gun with an enemy in a front hex must fire at
 * it [R7.2-e, AMB-6], so the step does not end before; guns of one hex
 * fire at one target (AMB-41).  d10 + capacity + T3 DRMs read on the Fire
 * Table (T2); the results hit every unit of the target hex [R7.5-a/b].
 * Counter-battery is in counter.c, reaction fire in shock/resolve.c. */
#include "rules/jdg/fire/fire.h"
#include "rules/jdg/move/move.h"

/* Unit u may fire (or pivot) now [R7.1-a, R7.2-a/b]. */
static gr_status may_fire(const jdg_data *d, const jdg_state *s, int u, gr_error *why)
{
    if (s->phase != JDG_PH_ACTIVATION || s->step != JDG_STEP_FIRE)
        return gr_fail(why, "jdg:R7.2-b", "normal fire happens in the fire step, before any "
                       "movement");
    if (u < 0 || u >= d->nunits || d->unit[u].type != JDG_ART)
        return gr_fail(why, "jdg:R7.1-a", "only artillery fires");
    int f = s->active >= 0 ? d->marker[s->active].formation : -1;
    const jdg_unit *un = &s->unit[u];
    if (d->unit[u].formation != f || !jdg_on_map(s, u))
        return gr_fail(why, "jdg:R7.1-a", "%s is not a gun of the activated formation",
                       d->unit[u].id);
    if (un->status != JDG_GOOD)
        return gr_fail(why, "jdg:R7.2-a", "disordered or routed artillery does not fire");
    if (un->group >= 0 && s->group[un->group].mode == JDG_MODE_REORG_ONLY)
        return gr_fail(why, "jdg:R2.4.3-e", "this group may only reorganise");
    if (un->act & JDG_ACT_FIRED)
        return gr_fail(why, "jdg:R7.1-a", "%s has fired this activation", d->unit[u].id);
    return GR_OK;
}

/* An enemy unit in a front hex u reaches: it must be the target [R7.2-e];
 * returns one such hex (or -1), *two when both front hexes have one. */
static int mandatory_hex(const jdg_data *d, const jdg_state *s, int u, int *two)
{
    int found = -1;
    *two = 0;
    for (int dir = 0; dir < 6; dir++) {
        int h = jdg_nbr(d, s->unit[u].hex, dir);
        if (h < 0 || !jdg_is_front(d, s, u, h) || !jdg_side_at(d, s, h, !d->unit[u].side, -1) ||
            !jdg_fire_reach(d, s, u, h))
            continue;
        *two = found >= 0;
        found = found >= 0 ? found : h;
    }
    return found;
}

static int front_enemy(const jdg_data *d, const jdg_state *s, int u, int h)
{
    return jdg_is_front(d, s, u, h) && jdg_side_at(d, s, h, !d->unit[u].side, -1) &&
           jdg_fire_reach(d, s, u, h);
}

/* The other gun of u's hex that fired at another hex (AMB-41). */
static int partner_target(const jdg_data *d, const jdg_state *s, int u)
{
    int w[JDG_MAX_UNITS], n = jdg_units_at(d, s, s->unit[u].hex, w, JDG_MAX_UNITS);
    for (int i = 0; i < n; i++)
        if (w[i] != u && d->unit[w[i]].type == JDG_ART && (s->unit[w[i]].act & JDG_ACT_FIRED))
            return s->unit[w[i]].fired_at;
    return -1;
}

static gr_status check_target(const jdg_data *d, const jdg_state *s, int u, int t,
                              gr_error *why)
{
    int two;
    if (t < 0 || t >= d->nhexes || !jdg_side_at(d, s, t, !d->unit[u].side, -1))
        return gr_fail(why, "jdg:R7.1-a", "the target is a hex with an enemy unit");
    if (!jdg_fire_reach(d, s, u, t))
        return gr_fail(why, "jdg:R7.2-c", "the target must be in the fire cone, in range and "
                       "in sight (point blank only at night and in fog)");
    if (mandatory_hex(d, s, u, &two) >= 0 && !front_enemy(d, s, u, t))
        return gr_fail(why, "jdg:R7.2-e", "a gun with an enemy in a front hex fires at it");
    int pt = partner_target(d, s, u);
    if (pt >= 0 && pt != t)
        return gr_fail(why, "jdg:R7.3-b", "guns of one hex fire at the same target (AMB-41)");
    return GR_OK;
}

static gr_status check_fire(const jdg_data *d, const jdg_state *s, int u, int t, int w,
                            gr_error *why)
{
    if (may_fire(d, s, u, why) != GR_OK || check_target(d, s, u, t, why) != GR_OK)
        return GR_ERR_ILLEGAL;
    if (w < 0)
        return GR_OK;
    if (w == u || w >= d->nunits || s->unit[w].hex != s->unit[u].hex ||
        d->unit[w].formation != d->unit[u].formation)
        return gr_fail(why, "jdg:R7.3-b", "combined fire: two guns of one formation in one hex");
    if (may_fire(d, s, w, why) != GR_OK || check_target(d, s, w, t, why) != GR_OK)
        return GR_ERR_ILLEGAL;
    return GR_OK;
}

static gr_status check_pivot(const jdg_data *d, const jdg_state *s, int u, int f, gr_error *why)
{
    int two;
    if (may_fire(d, s, u, why) != GR_OK)
        return GR_ERR_ILLEGAL;
    int turn = (f - s->unit[u].facing + 6) % 6;
    if (f < 0 || f > 5 || (turn != 1 && turn != 5) || (s->unit[u].act & JDG_ACT_PIVOTED))
        return gr_fail(why, "jdg:R7.2-d", "before fire a gun turns once, one vertex");
    if (mandatory_hex(d, s, u, &two) >= 0)
        return gr_fail(why, "jdg:R7.2-e", "a gun with an enemy in a front hex fires at it");
    jdg_state t;
    memcpy(&t, s, sizeof t);
    t.unit[u].facing = (int8_t)f;
    if (jdg_facing_fault(d, &t, s->unit[u].hex))
        return gr_fail(why, "jdg:R6.1.1-b", "two guns in one hex face the same way");
    return GR_OK;
}

/* The T3 DRMs of u's fire at t (combined with w if w >= 0) [R7.3, T3]. */
int jdg_fire_drm(const jdg_data *d, const jdg_state *s, int u, int t, int w)
{
    int r = jdg_fire_reach(d, s, u, t), eff = d->unit[u].face[0].eff_range;
    int drm = d->fire_drm[r == 1 ? JDG_FDRM_POINT_BLANK
                                 : r <= eff ? JDG_FDRM_EFFECTIVE : JDG_FDRM_LONG];
    if (w >= 0)
        drm += d->fire_drm[JDG_FDRM_COMBINED];
    if (jdg_square_at(d, s, t))
        drm += d->fire_drm[JDG_FDRM_TARGET_SQUARE];
    return drm + d->terrain_kind[d->terrain[t]].fire_drm;
}

const jdg_fire_row *jdg_fire_row_of(const jdg_data *d, int total)
{
    for (int i = 0; i < d->nfire_rows; i++)
        if (total >= d->fire_row[i].min && total <= d->fire_row[i].max)
            return &d->fire_row[i];
    return NULL;
}

/* Result name index: none, CT, D, D+CT, D+D, other. */
int jdg_fire_result_code(const jdg_fire_row *row)
{
    if (!row || row->n == 0)
        return 0;
    if (row->n == 1)
        return row->res[0] == JDG_FR_CT ? 1 : 2;
    if (row->n == 2 && row->res[0] == JDG_FR_D)
        return row->res[1] == JDG_FR_CT ? 3 : 4;
    return 5;
}

/* Each unit of the list takes the results in order [R7.5-b]. */
void jdg_fire_results(gr_game *g, const int *w, int n, const jdg_fire_row *row)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int ct_drm = d->weather[s->turn] == JDG_NIGHT ? 2 : d->weather[s->turn] == JDG_FOG ? 1 : 0;
    for (int i = 0; row && i < n; i++)
        for (int k = 0; k < row->n && s->unit[w[i]].status != JDG_ELIMINATED; k++) {
            if (row->res[k] == JDG_FR_D)
                jdg_disorder(g, w[i]);
            else if (s->unit[w[i]].status == JDG_ROUTED) /* a rout move [R10.2-f] */
                s->unit[w[i]].flags |= JDG_UF_ROUTMOVE;
            else
                jdg_cohesion_test(g, w[i], ct_drm);
        }
}

static gr_status apply_fire(gr_game *g, int u, int t, int w, gr_error *why)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    if (check_fire(d, s, u, t, w, why) != GR_OK)
        return GR_ERR_ILLEGAL;
    int cap = d->unit[u].face[0].fire, drm = jdg_fire_drm(d, s, u, t, w);
    if (w >= 0 && d->unit[w].face[0].fire > cap)
        cap = d->unit[w].face[0].fire; /* combined: the higher capacity [R7.3-b] */
    for (int x = 0; x < 2; x++) {
        int v = x ? w : u;
        if (v >= 0) {
            s->unit[v].act |= JDG_ACT_FIRED;
            s->unit[v].fired_at = (int16_t)t;
        }
    }
    int roll = gr_roll(g, 0, 10, JDG_P_FIRE), total = roll + cap + drm;
    const jdg_fire_row *row = jdg_fire_row_of(d, total);
    gr_emitv(g, JDG_E_FIRE, 7, u, t, w, cap, drm, total, jdg_fire_result_code(row));
    int list[JDG_MAX_UNITS], n = jdg_units_at(d, s, t, list, JDG_MAX_UNITS);
    jdg_fire_results(g, list, n, row); /* every unit of the target hex [R7.5-b] */
    jdg_retreat_next(g, s->unit[u].hex);
    jdg_counter_open(g, u, t);
    return GR_OK;
}

const char *jdg_fire_pending(const gr_game *g)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    int two;
    if (s->phase != JDG_PH_ACTIVATION || s->step != JDG_STEP_FIRE)
        return NULL;
    for (int u = 0; u < d->nunits; u++)
        if (d->unit[u].type == JDG_ART && may_fire(d, s, u, NULL) == GR_OK &&
            mandatory_hex(d, s, u, &two) >= 0)
            return "jdg:R7.2-e";
    return NULL;
}

gr_status jdg_fire_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    if (a->kind == JDG_A_PIVOT) {
        if (check_pivot(d, s, a->arg[0], a->arg[1], why) != GR_OK)
            return GR_ERR_ILLEGAL;
        s->unit[a->arg[0]].facing = (int8_t)a->arg[1];
        s->unit[a->arg[0]].act |= JDG_ACT_PIVOTED;
        return GR_OK;
    }
    return apply_fire(g, a->arg[0], a->arg[1], a->arg[2], why);
}

static int add3(gr_action *out, int cap, int n, int kind, int p, int a0, int a1, int a2)
{
    if (n < cap) {
        memset(&out[n], 0, sizeof out[n]);
        out[n].kind = (uint16_t)kind;
        out[n].player = (uint8_t)p;
        out[n].nargs = kind == JDG_A_FIRE ? 3 : 2;
        out[n].arg[0] = a0;
        out[n].arg[1] = a1;
        out[n].arg[2] = a2;
    }
    return n + 1;
}

/* The fire actions of gun u: at each enemy hex, alone or combined. */
static int gun_actions(const jdg_data *d, const jdg_state *s, int p, int u, gr_action *out,
                       int cap, int n)
{
    for (int f = 0; f < 6; f++)
        if (check_pivot(d, s, u, f, NULL) == GR_OK)
            n = add3(out, cap, n, JDG_A_PIVOT, p, u, f, 0);
    for (int v = 0; v < d->nunits; v++) {
        int t = s->unit[v].hex, dup = 0;
        if (d->unit[v].side == d->unit[u].side || !jdg_on_map(s, v))
            continue;
        for (int x = 0; x < v; x++)
            dup |= d->unit[x].side != d->unit[u].side && jdg_on_map(s, x) && s->unit[x].hex == t;
        if (dup || check_fire(d, s, u, t, -1, NULL) != GR_OK)
            continue;
        n = add3(out, cap, n, JDG_A_FIRE, p, u, t, GR_NONE);
        for (int w = u + 1; w < d->nunits; w++)
            if (check_fire(d, s, u, t, w, NULL) == GR_OK)
                n = add3(out, cap, n, JDG_A_FIRE, p, u, t, w);
    }
    return n;
}

int jdg_fire_legal(const gr_game *g, int p, gr_action *out, int cap, int *may_end)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    int n = 0;
    for (int u = 0; u < d->nunits; u++)
        if (d->unit[u].type == JDG_ART && may_fire(d, s, u, NULL) == GR_OK)
            n = gun_actions(d, s, p, u, out, cap, n);
    *may_end = jdg_fire_pending(g) == NULL;
    return n;
}
