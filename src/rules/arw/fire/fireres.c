/* fireres.c — fire records of a fire phase, their resolution and results:
 * to-hit roll(s) against the T-Fire number (GR10.3, GR11.3, GR10.6),
 * unmodified damage roll (T-ArtilleryDamage by target type, T-RifleDamage),
 * then the results through the resolution context and the task stack: the
 * target alone is affected, leaders in its hex by "*" (GR13.0-a, GR13.1);
 * every immediate effect (D, 1, AM, "*", army morale) first, the retreats
 * afterwards, inactive side first (GR10.4-a), capture when a retreat is
 * impossible (GR13.23-a, tasks.c); the mortar malfunction last (SR4.12,
 * AMB-73, AMB-74). */
#include <string.h>

#include "fireint.h"

int arw_fire_new(gr_game *g, int kind, int side, int target, int aim)
{
    arw_state *s = arw_st(g);
    /* The designations' checks refuse a fire beyond the limit (GR10.1-a,
     * GR11.1-a: "engine limit"), and no caller could do without one. */
    assert(s->nfires < ARW_MAX_FIRES);
    int k = s->nfires++;
    arw_fire *f = &s->fire[k];
    memset(f, 0, sizeof *f);
    f->target = (int16_t)target;
    f->hex = (int16_t)(target >= 0 ? s->unit[target].hex : ARW_NO_HEX);
    f->aim = (int16_t)aim;
    f->kind = (uint8_t)kind;
    f->side = (uint8_t)side;
    f->state = ARW_FR_DESIGNATED;
    return k;
}

int arw_fire_firers(const gr_game *g, int k, int *out)
{
    const arw_state *s = arw_cst(g);
    int n = 0;
    for (int u = 0; u < arw_dat(g)->nunits; u++)
        if (s->fire_of[u] == k + 1)
            out[n++] = u;
    return n;
}

void arw_fire_join(gr_game *g, int k, int u)
{
    arw_state *s = arw_st(g);
    int firers[ARW_MAX_UNITS];
    arw_fire *f = &s->fire[k];
    if (arw_fire_firers(g, k, firers) == 0)
        f->army = arw_dat(g)->unit[u].army; /* AMB-51: the first firer's army gains */
    s->fire_of[u] = (uint8_t)(k + 1);
    if (f->kind == ARW_FK_MORTAR)
        arw_emit(g, ARW_E_MORTAR_AIM, 3, k + 1, u, f->aim);
    else
        arw_emit(g, ARW_E_FIRE, 3, k + 1, u, f->target);
}

int arw_fire_at(const gr_game *g, int t)
{
    const arw_state *s = arw_cst(g);
    for (int k = 0; k < s->nfires; k++)
        if (s->fire[k].target == t && s->fire[k].kind != ARW_FK_MORTAR)
            return k;
    return -1;
}

/* d10 + DRM >= to-hit (GR10.3 (2), GR11.3 (2)). */
static int roll_to_hit(gr_game *g, int k, const arw_fire_calc *c)
{
    int roll = gr_roll(g, 0, 10, ARW_ROLL_FIRE);
    int hit = roll + c->drm >= c->to_hit;
    arw_emit(g, ARW_E_FIRE_ROLL, 8, k + 1, c->sp, c->range, c->to_hit, c->drm, roll,
             roll + c->drm, hit);
    return hit;
}

void arw_fire_resolve(gr_game *g, int k)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    arw_fire *f = &s->fire[k];
    int firers[ARW_MAX_UNITS], n = arw_fire_firers(g, k, firers);
    arw_fire_calc c;
    int range = f->kind == ARW_FK_MORTAR ? arw_hex_distance(d, s->unit[firers[0]].hex, f->aim) : 0;
    arw_fire_compute(g, f->kind, firers, n, f->target, range, &c);
    f->sp = (uint8_t)c.sp;
    f->range = (uint8_t)c.range;
    f->to_hit = (int8_t)c.to_hit;
    f->drm = (int8_t)c.drm;
    f->hex = s->unit[f->target].hex;
    f->flags = (uint8_t)((c.first ? ARW_FF_FIRST : 0) | (c.two_rolls ? ARW_FF_TWO_ROLLS : 0));
    int hit = roll_to_hit(g, k, &c);
    if (!hit && c.two_rolls) /* GR10.6: a second roll; at most one hit counts */
        hit = roll_to_hit(g, k, &c);
    for (int i = 0; i < n; i++)
        s->unit[firers[i]].flags |= ARW_U_FIRED; /* GR10.5: hit or miss */
    f->res = ARW_R_NONE;
    if (hit) {
        int face = gr_roll(g, 0, 10, ARW_ROLL_DAMAGE); /* unmodified */
        f->res = arw_fire_damage(d, f->kind, f->target)[face];
        f->flags |= ARW_FF_HIT;
        arw_emit(g, ARW_E_FIRE_RESULT, 4, k + 1, f->target, face, arw_rcode_index(f->res));
    }
    f->state = ARW_FR_RESOLVED;
}

/* ---------------------------------------------------------------- results */

void arw_fire_results_begin(gr_game *g, int first)
{
    arw_state *s = arw_st(g);
    s->fire_first = (uint8_t)first;
    s->fire_cur = (uint8_t)(first + 1);
    s->fire_step = ARW_FA_EFFECTS;
    s->stage = ARW_ST_FIRE_RESULTS;
}

/* Resolution context of fire k: the firing army and the target's army. */
static void begin_context(gr_game *g, const arw_fire *f)
{
    const arw_data *d = arw_dat(g);
    int army[ARW_NSIDES] = {ARW_ARMY_BRITISH, ARW_ARMY_FRENCH};
    if (f->side == ARW_ALLIED)
        army[ARW_ALLIED] = f->army;
    else if (f->target >= 0)
        army[ARW_ALLIED] = d->unit[f->target].army;
    arw_rctx_begin(g, ARW_RC_FIRE, army[ARW_BRITISH], army[ARW_ALLIED]);
}

/* The immediate effects of fire k's result on its target (GR13.1). */
static void apply_effects(gr_game *g, int k)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    const arw_fire *f = &s->fire[k];
    int u = f->target, loser = u >= 0 ? d->unit[u].army : -1;
    int winner = u >= 0 && d->unit[u].side != f->side ? f->army : -1;
    if (!(f->flags & ARW_FF_HIT) || u < 0 || s->unit[u].box != ARW_BOX_MAP)
        return;
    loser = arw_morale_army(g, u); /* SAVANNAH: SR4.13-b Pulaski (savunits.c) */
    begin_context(g, f);
    if ((ARW_RCODE(f->res) == ARW_R_D || ARW_RCODE(f->res) == ARW_R_R) &&
        f->kind != ARW_FK_RIFLE && (d->rules & ARW_SR_HS_ARTILLERY) &&
        d->unit[u].kind == ARW_K_ARTILLERY && d->unit[u].start_hex != ARW_NO_HEX)
        s->unit[u].flags |= ARW_U_ART_RETURN; /* HS-sr1: back to its starting hex */
    switch (ARW_RCODE(f->res)) { /* losses: SR4.8-e, SR4.13-b in results.c */
    case ARW_R_D: arw_disrupt(g, u, winner); break; /* the retreat comes later */
    case ARW_R_1: arw_step_loss(g, u, winner); break;
    case ARW_R_2: arw_elimination_loss(g, u, ARW_AM_2, winner); break;
    case ARW_R_AM: arw_am_adjust(g, ARW_AM_AM, loser, -1); break;
    default: break; /* R: the retreat comes with the others; "-" */
    }
    if ((f->res & ARW_R_STAR) && s->stage != ARW_ST_OVER) { /* leaders in the target hex */
        arw_push(g, ARW_T_CASUALTY, d->unit[u].side, k, ARW_NO_UNIT);
        s->stage = ARW_ST_TASKS;
        return; /* arw_fire_resume closes the context */
    }
    arw_rctx_end(g);
}

/* Retreat of fire k's target (R: 1 hex, D: 3 hexes); 1 when pushed. */
static int push_retreat(gr_game *g, int k)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    const arw_fire *f = &s->fire[k];
    int code = ARW_RCODE(f->res), u = f->target;
    if (!(f->flags & ARW_FF_HIT) || (code != ARW_R_R && code != ARW_R_D) || u < 0 ||
        s->unit[u].box != ARW_BOX_MAP)
        return 0;
    begin_context(g, f);
    arw_push(g, ARW_T_RETREAT, d->unit[u].side, code == ARW_R_R ? d->t.retreat_r : d->t.retreat_d,
             u);
    s->stage = ARW_ST_TASKS;
    return 1;
}

/* SR4.12 (5): after a D or a step loss (AMB-73) the mortar may malfunction;
 * the French suffer the normal losses, nobody gains (AMB-74). */
static void malfunction(gr_game *g, int k)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    const arw_fire *f = &s->fire[k];
    int code = ARW_RCODE(f->res), firers[ARW_MAX_UNITS];
    if (f->kind != ARW_FK_MORTAR || !(f->flags & ARW_FF_HIT) ||
        (code != ARW_R_D && code != ARW_R_1 && code != ARW_R_2) ||
        arw_fire_firers(g, k, firers) != 1 || s->unit[firers[0]].box != ARW_BOX_MAP)
        return;
    int m = firers[0], roll = gr_roll(g, 0, 10, ARW_ROLL_MALFUNCTION);
    int what = d->fire.malfunction[roll];
    arw_emit(g, ARW_E_MALFUNCTION, 3, m, roll, what);
    if (what == ARW_MF_STEP) {
        arw_step_loss(g, m, -1);
    } else if (what == ARW_MF_DISRUPT && s->unit[m].status == ARW_READY) {
        arw_disrupt(g, m, -1); /* in place, no retreat */
    }
}

/* Back to the designations of the phase once the results are done. */
static void results_done(gr_game *g)
{
    arw_state *s = arw_st(g);
    int kind = s->fire[s->fire_first].kind;
    s->fire_cur = 0;
    if (kind == ARW_FK_RIFLE)
        arw_phase_end(g);
    else
        s->stage = kind == ARW_FK_MORTAR ? ARW_ST_MORTAR : ARW_ST_FIRE;
}

void arw_fire_results_step(gr_game *g)
{
    arw_state *s = arw_st(g);
    int k = s->fire_cur - 1;
    if (k < s->nfires && s->fire_step != ARW_FA_DONE) {
        s->fire_cur++;
        if (s->fire_step == ARW_FA_EFFECTS)
            apply_effects(g, k);
        else if (s->fire_step == ARW_FA_RETREATS)
            push_retreat(g, k);
        else
            malfunction(g, k);
        return;
    }
    if (s->fire_step == ARW_FA_DONE) {
        results_done(g);
        return;
    }
    s->fire_step++; /* effects, then retreats, then malfunctions */
    s->fire_cur = (uint8_t)(s->fire_first + 1);
}

int arw_fire_casualty_candidates(const gr_game *g, const arw_task *t, int *out)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    int h = t->arg < s->nfires ? s->fire[t->arg].hex : ARW_NO_HEX, n = 0;
    if (h < 0)
        return 0;
    for (int l = s->hex[h].head; l != ARW_NO_UNIT; l = s->unit[l].next)
        if (d->unit[l].kind == ARW_K_LEADER && d->unit[l].side == t->side)
            out[n++] = l;
    return n;
}
