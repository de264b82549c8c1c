/* evaluate.c — the static evaluation search agents use to cut playouts
 * short (gr_rules.evaluate): how near each side stands to the victories
 * the scenario's rules give, as one British-positive score in per-mille
 * terms, negated for the Allies (so exactly antisymmetric):
 *   - GR16.3 Major victory: each army's morale against the demoralization
 *     threshold (the British need either Allied army, SR2.5);
 *   - decisive victories: the SP counts of SR2.1 Case B, SR2.4 and
 *     HS-victory (with d'Estaing's loss), from arw_sav.lost_sp;
 *   - HS-victory's Allied decisive: ready Allied units near a town hex
 *     (each of them: a noisy-or of their threats);
 *     SR2.1 Case A: the chance that the next surrender roll succeeds;
 *   - SR2.3/SR2.6 marginal victories: the VP margin (with the victory hex,
 *     SR2.8, to its present controller) against the Allied lead needed,
 *     weighing more as the last turn nears;
 *   - fighting strength left (steps, disrupted and shattered units
 *     discounted) and leaders lost, by rank;
 *   - scenarios without the Savannah rules (the slice, the test bed): the
 *     army morale change that decides them (flow.c, end_by_morale).
 * Pure, integer-only, allocation-free; one pass over the units plus the
 * town hexes (their distances are static data, arw_data_derive). */
#include "../arw.h"

/* Engine tuning, not rulebook numbers: the weight of each term (a term is
 * per-mille: 0..1000, or -1000..1000), set by hand so that a side on the
 * brink of one of its victories scores most of the range, and kept below
 * the +-1000 of a finished game.  docs/arw.md, "Evaluation". */
enum {
    EV_MAJOR = 700,     /* GR16.3: the demoralization danger of each side            */
    EV_DECISIVE = 600,  /* progress toward the decisive SP counts                    */
    EV_TOWN = 450,      /* HS-victory: ready Allied units near a town hex             */
    EV_SURRENDER = 450, /* SR2.1 Case A: chance of a surrender at the next roll       */
    EV_MARGIN = 350,    /* SR2.3, SR2.6: the VP margin against the marginal lead      */
    EV_STRENGTH = 250,  /* fighting strength left                                     */
    EV_LEADERS = 100,   /* leaders lost, by rank                                      */
    EV_SLICE = 600,     /* no Savannah rules: the army morale change (end_by_morale)  */
    EV_CAP = 950        /* the largest evaluation of a game not over                  */
};
/* Fighting strength of a disrupted and of a shattered unit, per mille. */
enum { EV_DISRUPTED = 600, EV_SHATTERED = 250 };
/* The VP margin (half points) and the army morale change that swing the
 * marginal and slice terms fully. */
enum { EV_MARGIN_SCALE = 12, EV_SLICE_SCALE = 6 };
const int arw_ev_town_near[ARW_NEAR_RANGE + 1] = {1000, 600, 250, 80, 20};

/* What one pass over the units finds. */
typedef struct ev_units {
    long strength[ARW_NSIDES]; /* SP x per-mille status factor              */
    long ranks_lost[ARW_NSIDES]; /* thousandths (the threatened ones added) */
    int town;                  /* per mille: a ready Allied unit enters a
                                  town hex (noisy-or of every ready unit
                                  within 4 hexes: each one nearer counts) */
} ev_units;

static int clamp(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* Noisy-or of two per-mille chances. */
static int either(int a, int b)
{
    return a + b - a * b / 1000;
}

/* The HS-victory town term of the ready Allied units near a town hex
 * (near[0..n-1], in unit order): with GR_EVAL_THREATS the garrisoned form
 * (evalthreat.c) for infantry and cavalry under HS-victory (none
 * otherwise), else the plain distance to the nearest town hex; a noisy-or
 * of them all.  Apart from the pass over the units, whose registers a call
 * inside would spill. */
static int town_term(const gr_game *g, unsigned flags, const int16_t *near, int n)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int town = 0;
    for (int i = 0; i < n; i++) {
        int u = near[i], h = s->unit[u].hex;
        if (!(flags & GR_EVAL_THREATS))
            town = either(town, arw_ev_town_near[d->map.town_dist[h]]);
        else if ((d->rules & ARW_SR_HS_VICTORY) && d->unit[u].kind != ARW_K_ARTILLERY)
            town = either(town, arw_eval_town_threat(g, h)); /* (batteries are slow) */
    }
    return town;
}

static void tally_units(const gr_game *g, unsigned flags, ev_units *t)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int16_t near[ARW_MAX_UNITS];
    int nnear = 0;
    for (int u = 0; u < d->nunits; u++) {
        const arw_unit *x = &s->unit[u];
        int side = d->unit[u].side & 1;
        int gone = x->box == ARW_BOX_ELIMINATED || x->box == ARW_BOX_CAPTURED ||
                   x->box == ARW_BOX_REMOVED;
        if (d->unit[u].kind == ARW_K_LEADER) {
            t->ranks_lost[side] += gone ? 1000L * d->unit[u].rank : 0;
            continue;
        }
        if (gone)
            continue;
        int f = x->status == ARW_READY ? 1000 : x->status == ARW_DISRUPTED ? EV_DISRUPTED
                                                                           : EV_SHATTERED;
        t->strength[side] += (long)arw_unit_sp(g, u) * f;
        if (side == ARW_ALLIED && x->box == ARW_BOX_MAP && x->status == ARW_READY &&
            x->hex >= 0 && d->map.town_dist[x->hex] <= ARW_NEAR_RANGE)
            near[nnear++] = (int16_t)u;
    }
    t->town = town_term(g, flags, near, nnear);
}

/* GR16.3: per mille, how near army morale m (in thousandths of a point)
 * is to demoralization: 0 at or above `top` (the army's start or the
 * highest level's threshold, whichever is higher), 1000 at the threshold;
 * half linear (every point lost counts), half quadratic (the last points
 * count most). */
static int danger(const arw_tables *t, int m, int start)
{
    int low = t->demoralized_at, top = t->nlevels > 0 ? t->level[0].min : low + 10;
    top = start > top ? start : top;
    long span = top - low > 0 ? 1000L * (top - low) : 1000, x = m - 1000L * low;
    if (x <= 0)
        return 1000;
    if (x >= span)
        return 0;
    long left = span - x;
    return (int)((1000 * left / span + 1000 * left / span * left / span) / 2);
}

/* The danger of army a, counting what the declared close combats may
 * cost it (evalcc.c). */
static int army_danger(const gr_game *g, int a, const int32_t pending[ARW_NARMIES])
{
    const arw_data *d = arw_dat(g);
    return danger(&d->t, 1000 * arw_cst(g)->morale[a] + pending[a], d->start_morale[a]);
}

/* GR_EVAL_THREATS: the danger of army a as its expectation over the
 * distribution of the pending combats' morale changes (evalcc.c) and the
 * threats' expected change (evalthreat.c): the chance of reaching the
 * threshold, not the threshold of the expected change. */
static int army_danger_dist(const gr_game *g, int a, const arw_morale_dist *m, int32_t extra)
{
    const arw_data *d = arw_dat(g);
    long base = 1000L * arw_cst(g)->morale[a] + m->shift[a] + extra, sum = 0;
    for (int b = m->lo[a]; b <= m->hi[a]; b++)
        if (m->p[a][b])
            sum += (long)m->p[a][b] *
                   danger(&d->t, (int)(base + 1000L * (b - ARW_MD_MID)), d->start_morale[a]);
    return (int)(sum / ARW_MD_ONE);
}

/* GR_EVAL_THREATS: the threats (evalthreat.c, the watched pieces weighed
 * by the pending combats) into *th, and the demoralization term. */
static int major_threats(const gr_game *g, unsigned flags, arw_threats *th)
{
    arw_morale_dist m;
    arw_watch watch;
    arw_eval_threats(g, th, &watch);
    arw_eval_pending_dist(g, flags, &m, watch.n ? &watch : NULL);
    arw_eval_watch_threats(g, &watch, th);
    int french = army_danger_dist(g, ARW_ARMY_FRENCH, &m, th->morale[ARW_ARMY_FRENCH]);
    int american = army_danger_dist(g, ARW_ARMY_AMERICAN, &m, th->morale[ARW_ARMY_AMERICAN]);
    int british = army_danger_dist(g, ARW_ARMY_BRITISH, &m, th->morale[ARW_ARMY_BRITISH]);
    return EV_MAJOR * (either(french, american) - british) / 1000; /* SR2.5: either */
}

static int major_term(const gr_game *g, unsigned flags)
{
    int32_t pending[ARW_NARMIES];
    arw_eval_pending_combats(g, flags, pending);
    int french = army_danger(g, ARW_ARMY_FRENCH, pending);
    int american = army_danger(g, ARW_ARMY_AMERICAN, pending);
    int british = army_danger(g, ARW_ARMY_BRITISH, pending);
    return EV_MAJOR * (either(french, american) - british) / 1000; /* SR2.5: either */
}

/* Per mille, progress toward decisive count c (squared: the last SP count
 * most); the named leader not yet lost leaves two fifths of it. */
static int progress(const arw_state *s, const arw_decisive *c)
{
    if (c->total <= 0)
        return 0;
    int p = clamp(1000 * arw_lost_sp(s, c->groups) / c->total, 0, 1000);
    if (c->core_min > 0)
        p = clamp(1000 * arw_lost_sp(s, c->core) / c->core_min, 0, p);
    if (c->leader >= 0 && !arw_unit_lost(s, c->leader))
        p = p * 2 / 5;
    return p * p / 1000;
}

static int decisive_term(const gr_game *g)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int british = 0, allied = 0;
    if (d->rules & ARW_SR_CAMPAIGN_VICTORY) {
        british = progress(s, &d->sav.british); /* SR2.4 */
        allied = progress(s, &d->sav.allied);   /* SR2.1 Case B */
    }
    if (d->rules & ARW_SR_HS_VICTORY) {
        int hs = progress(s, &d->sav.hs_british);
        british = hs > british ? hs : british;
    }
    return EV_DECISIVE * (british - allied) / 1000;
}

/* SR2.1 Case A: per mille, the chance that the surrender roll succeeds
 * with the town hexes held now (victory.c, arw_surrender_check). */
static int surrender_chance(const gr_game *g)
{
    const arw_data *d = arw_dat(g);
    int towns, ok = 0, drm = arw_surrender_drm(g, &towns);
    if (towns == 0)
        return 0;
    for (int roll = 0; roll < 10; roll++)
        ok += roll + drm <= d->sav.surr_at;
    return 100 * ok;
}

/* Per mille of the game left: player turns to come, this one included. */
static int time_left(const gr_game *g)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int total = 2 * (d->end_turn - d->start_turn + 1);
    int done = 2 * (s->turn - d->start_turn) + s->player_turn;
    return total > 0 ? clamp(1000 * (total - done) / total, 0, 1000) : 0;
}

/* SR2.3, SR2.6, SR2.8: the VP margin French + American - British in half
 * points, the victory hex counted for the side holding it now
 * (arw_hex_controller). */
static int margin2(const gr_game *g)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int m = s->vp2[ARW_ARMY_FRENCH] + s->vp2[ARW_ARMY_AMERICAN] - s->vp2[ARW_ARMY_BRITISH];
    int army, h = d->map.victory_hex, holder = h >= 0 ? arw_hex_controller(g, h, &army) : -1;
    int hex = d->sav.vp[ARW_VP_HEX];
    return m + (holder == ARW_ALLIED ? hex : holder == ARW_BRITISH ? -hex : 0);
}

/* The Savannah terms: marginal victory, the Allied decisive threats. */
static int savannah_terms(const gr_game *g, const ev_units *t)
{
    const arw_data *d = arw_dat(g);
    int left = time_left(g), v = 0;
    /* British marginal victory while the Allied lead stays below the threshold */
    int lead = 2 * (d->sav.vp[ARW_VP_MARGIN] - margin2(g)) - 1; /* (quarter points) */
    v += EV_MARGIN * clamp(1000 * lead / (2 * EV_MARGIN_SCALE), -1000, 1000) / 1000 *
         (400 + 600 * (1000 - left) / 1000) / 1000;
    if (d->rules & ARW_SR_HS_VICTORY) /* a ready Allied unit entering a town hex */
        v -= EV_TOWN * t->town / 1000 * (300 + 700 * left / 1000) / 1000;
    if (d->rules & ARW_SR_CAMPAIGN_VICTORY)
        v -= EV_SURRENDER * surrender_chance(g) / 1000;
    return v;
}

/* Without the Savannah victory rules the side whose armies' morale rose
 * more (or fell less) since the start wins (flow.c, end_by_morale). */
static int slice_term(const gr_game *g)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    int delta = 0;
    for (int a = 0; a < ARW_NARMIES; a++)
        delta += (a == ARW_ARMY_BRITISH ? 1 : -1) * (s->morale[a] - d->start_morale[a]);
    return EV_SLICE * clamp(1000 * delta / EV_SLICE_SCALE, -1000, 1000) / 1000;
}

/* GR_EVAL_THREATS: the opponent's threats (evalthreat.c) folded into the
 * unit tally as expected losses (the town term with garrisons is the
 * tally's own, town_of). */
static void add_threats(ev_units *t, const arw_threats *th)
{
    for (int side = 0; side < ARW_NSIDES; side++) {
        t->strength[side] -= th->sp_lost[side];
        t->ranks_lost[side] += th->ranks_lost[side];
    }
}

int32_t arw_evaluate(const gr_game *g, int player, unsigned flags)
{
    const arw_data *d = arw_dat(g);
    ev_units t = {{0, 0}, {0, 0}, 0};
    arw_threats th;
    tally_units(g, flags, &t);
    int v = decisive_term(g);
    if (flags & GR_EVAL_THREATS) {
        v += major_threats(g, flags, &th);
        add_threats(&t, &th);
    } else {
        v += major_term(g, flags);
    }
    if (d->rules & (ARW_SR_CAMPAIGN_VICTORY | ARW_SR_HS_VICTORY))
        v += savannah_terms(g, &t);
    else
        v += slice_term(g);
    for (int side = 0; side < ARW_NSIDES; side++) {
        int sign = side == ARW_BRITISH ? 1 : -1;
        long full = d->side_sp[side] > 0 ? d->side_sp[side] : 1;
        int ranks = d->side_ranks[side] > 0 ? d->side_ranks[side] : 1;
        v += sign * (int)(EV_STRENGTH * t.strength[side] / full / 1000);
        v -= sign * (int)((long)EV_LEADERS * t.ranks_lost[side] / ranks / 1000);
    }
    v = clamp(v, -EV_CAP, EV_CAP);
    return player == ARW_BRITISH ? v : -v;
}

void arw_score(const gr_game *g, int32_t *margin, int32_t *turn)
{
    const arw_state *s = arw_cst(g);
    *margin = 50 * (s->vp2[ARW_ARMY_BRITISH] - s->vp2[ARW_ARMY_FRENCH] -
                    s->vp2[ARW_ARMY_AMERICAN]); /* vp2 counts half points */
    *turn = s->turn;
}
