/* artscan.c — the defensive artillery designation search (GR11), worked out
 * once per question (legal, check, "any", artfire.c): the batteries that may
 * fire now (GR11.1-a, GR13.3-b, GR13.4-b, SR4.12-f), then, battery by
 * battery, the hexes within its range (GR11.2-a, -b; arw_map.near) that
 * hold open targets, with one line of sight per battery and hex (GR11.41-a,
 * the quick answer of los.c); the T-Fire "-" rule for a battery starting or
 * joining a fire (GR11.3, GR11.2-c).  The predicates are the ones
 * arw_art_check applies, so legal and accepted cannot differ. */
#include <string.h>

#include "fireint.h"

static int uset_has(const arw_uset *s, int u)
{
    return (int)(s->w[u >> 6] >> (u & 63) & 1u);
}

static void uset_add(arw_uset *s, int u)
{
    s->w[u >> 6] |= (uint64_t)1 << (u & 63);
}

gr_status arw_art_firer_check(const gr_game *g, int u, gr_error *why)
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
    return arw_art_fresh_check(g, u, why);
}

gr_status arw_art_fresh_check(const gr_game *g, int u, gr_error *why)
{
    const arw_state *s = arw_cst(g);
    if (s->unit[u].status == ARW_DISRUPTED)
        return gr_fail(why, "arw:GR13.3-b", "disrupted artillery cannot fire");
    if (s->unit[u].status == ARW_SHATTERED)
        return gr_fail(why, "arw:GR13.4-b", "shattered artillery cannot fire");
    if (s->fire_of[u])
        return gr_fail(why, "arw:GR11.1-a", "%s has fired this phase", arw_dat(g)->unit[u].id);
    return GR_OK;
}

/* Adds battery v to the totals (SP, farthest range) of a fire at `target`. */
static void add_battery(const gr_game *g, int v, int target, int *sp, int *range)
{
    const arw_state *s = arw_cst(g);
    int r = arw_hex_distance(arw_dat(g), s->unit[v].hex, s->unit[target].hex);
    *sp += arw_unit_sp(g, v);
    *range = r > *range ? r : *range;
}

/* The firing SP and the range of the farthest battery (GR11.2-c) of fire k
 * (none when k < 0) at its target; its batteries are its side's artillery. */
static void fire_totals(const gr_game *g, int k, int *sp, int *range)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    *sp = *range = 0;
    for (int i = 0; k >= 0 && i < d->nside_art[s->fire[k].side]; i++)
        if (s->fire_of[d->side_art[s->fire[k].side][i]] == k + 1)
            add_battery(g, d->side_art[s->fire[k].side][i], s->fire[k].target, sp, range);
}

int arw_art_fire_now_ok(const gr_game *g, int k)
{
    int sp, range;
    fire_totals(g, k, &sp, &range);
    return arw_fire_to_hit(arw_dat(g), ARW_FT_GUNS, sp, range) != ARW_HIT_NONE;
}

void arw_art_scan_base(const gr_game *g, arw_art_search *sc)
{
    sc->k = arw_art_forming(g);
    fire_totals(g, sc->k, &sc->sp, &sc->range);
}

int arw_art_alone_ok(const gr_game *g, const arw_art_search *sc, int u, int target)
{
    int sp = sc->sp, range = sc->range; /* (k >= 0: its target is `target`) */
    add_battery(g, u, target, &sp, &range);
    return arw_fire_to_hit(arw_dat(g), ARW_FT_GUNS, sp, range) != ARW_HIT_NONE;
}

/* ... or becomes so with every other battery that reaches the target. */
static int joined_ok(const gr_game *g, const arw_art_search *sc, int u, int target)
{
    int sp = sc->sp, range = sc->range, others = 0;
    add_battery(g, u, target, &sp, &range);
    for (int i = 0; i < sc->nf; i++)
        if (sc->f[i] != u && uset_has(&sc->reach[target], sc->f[i])) {
            add_battery(g, sc->f[i], target, &sp, &range);
            others++;
        }
    return others > 0 && arw_fire_to_hit(arw_dat(g), ARW_FT_GUNS, sp, range) != ARW_HIT_NONE;
}

int arw_art_aim_ok(const gr_game *g, const arw_art_search *sc, int u, int target)
{
    return arw_art_alone_ok(g, sc, u, target) || joined_ok(g, sc, u, target);
}

/* Target t is open to a designation now: an enemy combat unit on the map,
 * the target of the fire being designated, or, with none, not fired on yet
 * this phase (GR11.2-a, GR11.2-c). */
static inline int target_open(const gr_game *g, const arw_art_search *sc, int t)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    if (d->unit[t].side == s->fire_side || s->unit[t].box != ARW_BOX_MAP ||
        !arw_is_combat_unit(d, t))
        return 0;
    return sc->k >= 0 ? s->fire[sc->k].target == t : !uset_has(&sc->fired_on, t);
}

/* Battery i of the scan reaches target t: adds it; 1 when `any` asks and
 * it may fire at t alone (a designation exists). */
static int reach_target(const gr_game *g, arw_art_search *sc, int i, int t, int any)
{
    if (!uset_has(&sc->targets, t)) {
        uset_add(&sc->targets, t);
        memset(&sc->reach[t], 0, sizeof sc->reach[t]);
    }
    uset_add(&sc->reach[t], sc->f[i]);
    return any && arw_art_alone_ok(g, sc, sc->f[i], t);
}

/* The open targets in hex h that battery i reaches (one line of sight). */
static int reach_hex(const gr_game *g, arw_art_search *sc, int i, int h, int any)
{
    const arw_state *s = arw_cst(g);
    int los = -1;
    for (int t = s->hex[h].head; t != ARW_NO_UNIT; t = s->unit[t].next) {
        if (!target_open(g, sc, t))
            continue;
        if (los < 0)
            los = arw_los_clear(g, sc->fhex[i], h);
        if (los && reach_target(g, sc, i, t, any))
            return 1;
    }
    return 0;
}

/* Battery i's targets: the hexes within its range (GR11.2-a, -b); while a
 * fire is designated, only its target is open (target_open): its hex. */
static int reach_all(const gr_game *g, arw_art_search *sc, int i, int any)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    if (sc->k >= 0) {
        int t = s->fire[sc->k].target;
        return t >= 0 && target_open(g, sc, t) &&
               arw_hex_distance(d, sc->fhex[i], s->unit[t].hex) <= sc->frange[i] &&
               reach_hex(g, sc, i, s->unit[t].hex, any);
    }
    if (sc->frange[i] <= ARW_NEAR_RANGE) {
        const int16_t *near = &d->map.near[sc->fhex[i] * ARW_NEAR];
        const arw_hexst *hex = s->hex;
        int fire_side = s->fire_side;
        for (int j = 0, nn = arw_near_count(sc->frange[i]); j < nn; j++) {
            int h = near[j], head = h >= 0 ? hex[h].head : ARW_NO_UNIT;
            if (head == ARW_NO_UNIT || (d->unit[head].side == fire_side &&
                                        d->unit[head].kind != ARW_K_LEADER))
                continue; /* (no hex holds both sides' combat units: sanity.c) */
            if (reach_hex(g, sc, i, h, any))
                return 1;
        }
        return 0;
    }
    for (int j = 0; j < d->nside_units[1 - s->fire_side]; j++) { /* (a longer range) */
        int t = d->side_units[1 - s->fire_side][j];
        if (target_open(g, sc, t) &&
            arw_hex_distance(d, sc->fhex[i], s->unit[t].hex) <= sc->frange[i] &&
            arw_los_clear(g, sc->fhex[i], s->unit[t].hex) && reach_target(g, sc, i, t, any))
            return 1;
    }
    return 0;
}

/* The batteries that may fire now, the targets already fired on. */
static void scan_firers(const gr_game *g, arw_art_search *sc)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    memset(&sc->fired_on, 0, sizeof sc->fired_on);
    memset(&sc->targets, 0, sizeof sc->targets);
    for (int k = 0; k < s->nfires; k++)
        if (s->fire[k].kind != ARW_FK_MORTAR && s->fire[k].target >= 0) /* arw_fire_at */
            uset_add(&sc->fired_on, s->fire[k].target);
    sc->nf = 0;
    for (int i = 0; i < d->nside_art[s->fire_side]; i++) { /* (in unit order) */
        int u = d->side_art[s->fire_side][i];
        if (arw_art_firer_check(g, u, NULL) != GR_OK)
            continue;
        sc->fhex[sc->nf] = s->unit[u].hex;
        sc->frange[sc->nf] = (uint8_t)arw_fire_max_range(d, u);
        sc->f[sc->nf++] = (int16_t)u;
    }
}

int arw_art_scan(const gr_game *g, arw_art_search *sc, int any)
{
    arw_art_scan_base(g, sc);
    scan_firers(g, sc);
    for (int i = 0; i < sc->nf; i++)
        if (reach_all(g, sc, i, any))
            return 1;
    for (int w = 0; any && w < (int)(sizeof sc->targets.w / sizeof sc->targets.w[0]); w++)
        for (uint64_t bits = sc->targets.w[w]; bits; bits &= bits - 1) {
            int t = w * 64 + __builtin_ctzll(bits);
            for (int i = 0; i < sc->nf; i++)
                if (uset_has(&sc->reach[t], sc->f[i]) && joined_ok(g, sc, sc->f[i], t))
                    return 1;
        }
    return 0;
}

int arw_art_designations(const gr_game *g, const arw_art_search *sc, gr_action *out, int cap)
{
    int n = 0, side = arw_cst(g)->fire_side;
    for (int i = 0; i < sc->nf; i++)
        for (int w = 0; w < (int)(sizeof sc->targets.w / sizeof sc->targets.w[0]); w++)
            for (uint64_t bits = sc->targets.w[w]; bits; bits &= bits - 1) {
                int t = w * 64 + __builtin_ctzll(bits);
                if (uset_has(&sc->reach[t], sc->f[i]) && arw_art_aim_ok(g, sc, sc->f[i], t))
                    arw_put_action(out, cap, &n, side, ARW_A_ART_FIRE, sc->f[i], t);
            }
    return n;
}
