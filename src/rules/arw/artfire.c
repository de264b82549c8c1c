/* artfire.c — designating defensive artillery fire (GR11): the inactive
 * player's ready artillery (not mortars, SR4.12-f), each at most once per
 * phase, at an enemy combat unit not yet fired on this phase, within range
 * (3, naval 4: GR11.2-a, GR11.2-b) and line of sight beyond adjacent
 * (GR11.41-a); several batteries combine on one target, the farthest one's
 * range counting (GR11.2-c); a fire whose T-Fire cell is "-" may not be
 * made.  The firing side is arw_state.fire_side (the inactive player in
 * the phase; the Allies for Beekman's extra fire, T-Siege-II FR 5, which
 * only that battery makes).  Actions: `fire unit=U target=T` (start or
 * join the fire at T), `fire-now` (resolve it), `end-fire` (no more
 * artillery fire). */
#include <string.h>

#include "fire.h"

int arw_art_forming(const gr_game *g)
{
    const arw_state *s = arw_cst(g);
    int k = s->fire_cur - 1;
    return k >= 0 && k < s->nfires && s->fire[k].state == ARW_FR_DESIGNATED ? k : -1;
}

/* GR11.1-a, GR13.3-b, GR13.4-b, SR4.12-f: unit u may fire now. */
static gr_status firer_check(const gr_game *g, int u, gr_error *why)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    const arw_unit_def *x = &d->unit[u];
    if (x->side != s->fire_side || x->kind != ARW_K_ARTILLERY || s->unit[u].box != ARW_BOX_MAP)
        return gr_fail(why, "arw:GR11.1-a", "only the inactive player's artillery on the map "
                       "fires in this phase");
    if (s->fire_only && u != s->fire_only - 1)
        return gr_fail(why, "arw:SR4.6-c", "only %s fires now (T-Siege-II)",
                       d->unit[s->fire_only - 1].id);
    if (x->flags & ARW_F_MORTAR)
        return gr_fail(why, "arw:SR4.12-f", "mortars fire only in the Allied player turn");
    if (s->unit[u].status == ARW_DISRUPTED)
        return gr_fail(why, "arw:GR13.3-b", "disrupted artillery cannot fire");
    if (s->unit[u].status == ARW_SHATTERED)
        return gr_fail(why, "arw:GR13.4-b", "shattered artillery cannot fire");
    if (s->fire_of[u])
        return gr_fail(why, "arw:GR11.1-a", "%s has fired this phase", x->id);
    return GR_OK;
}

gr_status arw_art_can_target(const gr_game *g, int u, int t, gr_error *why)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    arw_los los;
    if (t < 0 || t >= d->nunits || !arw_is_combat_unit(d, t) || s->unit[t].box != ARW_BOX_MAP ||
        d->unit[t].side == d->unit[u].side)
        return gr_fail(why, "arw:GR11.2-a", "the target must be an enemy combat unit");
    int range = arw_hex_distance(d, s->unit[u].hex, s->unit[t].hex);
    if (range > arw_fire_max_range(d, u))
        return gr_fail(why, "arw:GR11.2-a", "%s is %d hexes away (GR11.2-b); %s reaches %d",
                       d->unit[t].id, range, d->unit[u].id, arw_fire_max_range(d, u));
    arw_los_trace(g, s->unit[u].hex, s->unit[t].hex, &los);
    if (!los.clear)
        return gr_fail(why, "arw:GR11.41-a", "no line of sight (%s)",
                       arw_los_reason_names[los.reason]);
    return GR_OK;
}

/* ---------------------------------------------------------------- the designation search
 * Which designations are possible is worked out once per question (legal,
 * check, "any"): the batteries that may fire now, then, per target hex, the
 * ones that reach it (range and line of sight, GR11.2, GR11.41-a), shared by
 * every unit stacked there.  The predicates are the ones arw_art_check
 * applies, so legal and accepted cannot differ. */

/* A set of units, one bit per unit id. */
typedef struct uset {
    uint64_t w[(ARW_MAX_UNITS + 63) / 64];
} uset;

static int uset_has(const uset *s, int u)
{
    return (int)(s->w[u >> 6] >> (u & 63) & 1u);
}

static void uset_add(uset *s, int u)
{
    s->w[u >> 6] |= (uint64_t)1 << (u & 63);
}

static int uset_empty(const uset *s)
{
    for (size_t i = 0; i < sizeof s->w / sizeof s->w[0]; i++)
        if (s->w[i])
            return 0;
    return 1;
}

typedef struct art_scan {
    int k;                    /* the fire being designated, or -1              */
    int sp, range;            /* fire k's firing SP and farthest range so far  */
    int nf;                   /* batteries that may fire now (firer_check)    */
    int16_t f[ARW_MAX_UNITS];
    int16_t fhex[ARW_MAX_UNITS];  /* their hexes                              */
    uint8_t frange[ARW_MAX_UNITS];/* their maximum ranges (GR11.2-a, -b)      */
    int nt;                   /* open targets (target_open), in unit order    */
    int16_t t[ARW_MAX_UNITS];
    uset known;               /* targets whose reach[] is worked out          */
    uset reach[ARW_MAX_UNITS];/* per target: the batteries that reach it      */
} art_scan;

/* The firing SP and the range of the farthest battery (GR11.2-c) of fire k
 * (none when k < 0) at `target`, into *sp and *range. */
static void fire_totals(const gr_game *g, int k, int target, int *sp, int *range)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    *sp = *range = 0;
    for (int v = 0; k >= 0 && v < d->nunits; v++)
        if (s->fire_of[v] == k + 1) {
            int r = arw_hex_distance(d, s->unit[v].hex, s->unit[target].hex);
            *sp += arw_unit_sp(g, v);
            *range = r > *range ? r : *range;
        }
}

/* The fire being designated and its totals so far (scan_begin does it). */
static void scan_base(const gr_game *g, art_scan *sc)
{
    const arw_state *s = arw_cst(g);
    sc->k = arw_art_forming(g);
    sc->sp = sc->range = 0;
    if (sc->k >= 0)
        fire_totals(g, sc->k, s->fire[sc->k].target, &sc->sp, &sc->range);
}

/* Target t is open to a designation now: an enemy combat unit on the map,
 * the target of the fire being designated (k), or, with none, not fired on
 * yet this phase and a fire record left (GR11.2-a, GR11.2-c); `fired_on`
 * holds the targets of this phase's fires. */
static int target_open(const gr_game *g, int k, const uset *fired_on, int t)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    if (d->unit[t].side == s->fire_side || s->unit[t].box != ARW_BOX_MAP ||
        !arw_is_combat_unit(d, t))
        return 0;
    if (k >= 0)
        return s->fire[k].target == t;
    return !uset_has(fired_on, t) && s->nfires < ARW_MAX_FIRES;
}

/* The batteries that may fire now and the open targets, in unit order. */
static void scan_begin(const gr_game *g, art_scan *sc)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    uset fired_on;
    memset(&fired_on, 0, sizeof fired_on);
    memset(&sc->known, 0, sizeof sc->known);
    for (int k = 0; k < s->nfires; k++)
        if (s->fire[k].kind != ARW_FK_MORTAR && s->fire[k].target >= 0) /* arw_fire_at */
            uset_add(&fired_on, s->fire[k].target);
    sc->k = arw_art_forming(g);
    sc->nf = sc->nt = 0;
    for (int i = 0; i < d->nside_art[s->fire_side]; i++) { /* (in unit order) */
        int u = d->side_art[s->fire_side][i];
        if (firer_check(g, u, NULL) != GR_OK)
            continue;
        sc->fhex[sc->nf] = s->unit[u].hex;
        sc->frange[sc->nf] = (uint8_t)arw_fire_max_range(d, u);
        sc->f[sc->nf++] = (int16_t)u;
    }
    for (int i = 0; sc->nf > 0 && i < d->nside_units[1 - s->fire_side]; i++)
        if (target_open(g, sc->k, &fired_on, d->side_units[1 - s->fire_side][i]))
            sc->t[sc->nt++] = d->side_units[1 - s->fire_side][i];
    scan_base(g, sc);
}

/* GR11.2-a, GR11.41-a: battery i of the scan reaches hex h (range, line of
 * sight). */
static int reaches(const gr_game *g, const art_scan *sc, int i, int h)
{
    return arw_hex_distance(arw_dat(g), sc->fhex[i], h) <= sc->frange[i] &&
           arw_los_clear(g, sc->fhex[i], h);
}

/* Non-zero when target t's reach is known: worked out, or copied from a
 * unit stacked with it (the reach depends on the hex only). */
static int reach_cached(const gr_game *g, art_scan *sc, int t)
{
    const arw_state *s = arw_cst(g);
    if (uset_has(&sc->known, t))
        return 1;
    for (int v = s->hex[s->unit[t].hex].head; v != ARW_NO_UNIT; v = s->unit[v].next)
        if (v != t && uset_has(&sc->known, v)) {
            sc->reach[t] = sc->reach[v];
            uset_add(&sc->known, t);
            return 1;
        }
    return 0;
}

/* The batteries of the scan that reach target t (worked out once per hex). */
static const uset *reach_of(const gr_game *g, art_scan *sc, int t)
{
    int h = arw_cst(g)->unit[t].hex;
    if (reach_cached(g, sc, t))
        return &sc->reach[t];
    memset(&sc->reach[t], 0, sizeof sc->reach[t]);
    for (int i = 0; i < sc->nf; i++)
        if (reaches(g, sc, i, h))
            uset_add(&sc->reach[t], sc->f[i]);
    uset_add(&sc->known, t);
    return &sc->reach[t];
}

/* Adds battery v to the totals of a fire at `target`. */
static void add_battery(const gr_game *g, int v, int target, int *sp, int *range)
{
    const arw_state *s = arw_cst(g);
    int r = arw_hex_distance(arw_dat(g), s->unit[v].hex, s->unit[target].hex);
    *sp += arw_unit_sp(g, v);
    *range = r > *range ? r : *range;
}

/* GR11.3, T-Fire "-": the fire at `target` is possible with u added to the
 * batteries of the fire being designated (none: u alone). */
static int alone_ok(const gr_game *g, const art_scan *sc, int u, int target)
{
    int sp = sc->sp, range = sc->range; /* (k >= 0: its target is `target`) */
    add_battery(g, u, target, &sp, &range);
    return arw_fire_to_hit(arw_dat(g), ARW_FT_GUNS, sp, range) != ARW_HIT_NONE;
}

/* ... or becomes so with every other battery that may still join it
 * (`reach` holds the batteries that reach the target). */
static int joined_ok(const gr_game *g, const art_scan *sc, int u, int target, const uset *reach)
{
    int sp = sc->sp, range = sc->range, others = 0;
    add_battery(g, u, target, &sp, &range);
    for (int i = 0; i < sc->nf; i++)
        if (sc->f[i] != u && uset_has(reach, sc->f[i])) {
            add_battery(g, sc->f[i], target, &sp, &range);
            others++;
        }
    return others > 0 && arw_fire_to_hit(arw_dat(g), ARW_FT_GUNS, sp, range) != ARW_HIT_NONE;
}

/* GR11.3: u may join (or start) the fire at `target` if the fire is possible
 * with it, or could become so with every other battery that may still join
 * (then nobody is ever stuck with an impossible fire). */
static int aim_ok(const gr_game *g, const art_scan *sc, int u, int target, const uset *reach)
{
    return alone_ok(g, sc, u, target) || joined_ok(g, sc, u, target, reach);
}

static gr_status check_fire(const gr_game *g, const gr_action *a, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    int u = a->arg[0], t = a->arg[1], k = arw_art_forming(g);
    if (u < 0 || u >= arw_dat(g)->nunits)
        return gr_fail(err, "arw:GR11.1-a", "no such unit");
    gr_status st = firer_check(g, u, err);
    if (st == GR_OK)
        st = arw_art_can_target(g, u, t, err);
    if (st != GR_OK)
        return st;
    if (k >= 0 && s->fire[k].target != t)
        return gr_fail(err, "arw:GR11.2-c", "resolve the fire at %s (fire-now) before "
                       "designating another target", arw_dat(g)->unit[s->fire[k].target].id);
    if (k < 0 && arw_fire_at(g, t) >= 0)
        return gr_fail(err, "arw:GR11.2-c", "%s has already been fired on this phase",
                       arw_dat(g)->unit[t].id);
    art_scan sc;
    scan_base(g, &sc);
    if (!alone_ok(g, &sc, u, t)) { /* then with the batteries that may still join */
        scan_begin(g, &sc);
        if (!joined_ok(g, &sc, u, t, reach_of(g, &sc, t)))
            return gr_fail(err, "arw:GR11.3", "T-Fire gives no to-hit number (\"-\") for this "
                           "fire");
    }
    if (k < 0 && s->nfires >= ARW_MAX_FIRES)
        return gr_fail(err, "arw:GR11.1-a", "too many fires in one phase (engine limit %d)",
                       ARW_MAX_FIRES);
    return GR_OK;
}

/* GR11.3: fire k as designated has a to-hit number. */
static int fire_now_ok(const gr_game *g, int k)
{
    int sp, range;
    fire_totals(g, k, arw_cst(g)->fire[k].target, &sp, &range);
    return arw_fire_to_hit(arw_dat(g), ARW_FT_GUNS, sp, range) != ARW_HIT_NONE;
}

gr_status arw_art_check(const gr_game *g, const gr_action *a, gr_error *err)
{
    int k = arw_art_forming(g);
    switch (a->kind) {
    case ARW_A_ART_FIRE: return check_fire(g, a, err);
    case ARW_A_FIRE_NOW:
        if (k < 0)
            return gr_fail(err, "arw:GR11.3", "no fire has been designated");
        if (!fire_now_ok(g, k))
            return gr_fail(err, "arw:GR11.3", "T-Fire gives no to-hit number (\"-\"): add a "
                           "battery first");
        return GR_OK;
    default: /* end-fire */
        if (k >= 0)
            return gr_fail(err, "arw:GR11.3", "resolve the designated fire (fire-now) first");
        return GR_OK;
    }
}

void arw_art_exec(gr_game *g, const gr_action *a)
{
    arw_state *s = arw_st(g);
    int k = arw_art_forming(g);
    switch (a->kind) {
    case ARW_A_ART_FIRE:
        if (k < 0) {
            k = arw_fire_new(g, ARW_FK_ARTILLERY, a->player, a->arg[1], ARW_NO_HEX);
            s->fire_cur = (uint8_t)(k + 1);
        }
        arw_fire_join(g, k, a->arg[0]);
        break;
    case ARW_A_FIRE_NOW:
        arw_fire_resolve(g, k);
        arw_fire_results_begin(g, k);
        break;
    default: /* end-fire: the inactive player is done (mortars may follow) */
        s->stage = ARW_ST_MORTAR;
        s->fire_side = ARW_ALLIED;
        break;
    }
}

int arw_art_legal(const gr_game *g, int side, gr_action *out, int cap)
{
    const arw_state *s = arw_cst(g);
    art_scan sc;
    int n = 0;
    if (s->stage != ARW_ST_FIRE || side != s->fire_side)
        return 0;
    int16_t open[ARW_MAX_UNITS]; /* the open targets some battery reaches */
    const uset *reach[ARW_MAX_UNITS];
    int nopen = 0;
    scan_begin(g, &sc);
    for (int j = 0; sc.nf > 0 && j < sc.nt; j++)
        if (!uset_empty(reach[nopen] = reach_of(g, &sc, sc.t[j])))
            open[nopen++] = sc.t[j];
    for (int i = 0; i < sc.nf; i++)
        for (int j = 0; j < nopen; j++)
            if (uset_has(reach[j], sc.f[i]) && aim_ok(g, &sc, sc.f[i], open[j], reach[j]))
                arw_put_action(out, cap, &n, side, ARW_A_ART_FIRE, sc.f[i], open[j]);
    if (sc.k < 0) /* end-fire, then fire-now (arw_art_check) */
        arw_put_action(out, cap, &n, side, ARW_A_END_FIRE, 0, 0);
    else if (fire_now_ok(g, sc.k))
        arw_put_action(out, cap, &n, side, ARW_A_FIRE_NOW, 0, 0);
    return n;
}

/* Some battery of the scan may designate target t: the first one in range
 * and sight that can fire alone answers at once; else every battery that
 * reaches t is tried with the others joining. */
static int target_any(const gr_game *g, art_scan *sc, int t)
{
    if (!reach_cached(g, sc, t)) {
        int h = arw_cst(g)->unit[t].hex;
        memset(&sc->reach[t], 0, sizeof sc->reach[t]);
        for (int i = 0; i < sc->nf; i++)
            if (reaches(g, sc, i, h)) {
                if (alone_ok(g, sc, sc->f[i], t))
                    return 1;
                uset_add(&sc->reach[t], sc->f[i]);
            }
        uset_add(&sc->known, t);
    }
    for (int i = 0; i < sc->nf; i++)
        if (uset_has(&sc->reach[t], sc->f[i]) && aim_ok(g, sc, sc->f[i], t, &sc->reach[t]))
            return 1;
    return 0;
}

int arw_art_any(const gr_game *g)
{
    art_scan sc;
    if (arw_art_forming(g) >= 0)
        return 1;
    scan_begin(g, &sc);
    for (int j = 0; sc.nf > 0 && j < sc.nt; j++)
        if (target_any(g, &sc, sc.t[j]))
            return 1;
    return 0;
}
