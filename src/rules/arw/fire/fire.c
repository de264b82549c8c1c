/* fire.c — the fire phases' interface with the rest of the module: the
 * Defensive Artillery Fire phase (GR11: the inactive player's artillery,
 * artfire.c; then, in the Allied player turn, the French mortars, SR4.12-f,
 * mortar.c) and the Rifle Fire phase (GR10, rifle.c); weather that forbids
 * fire (T-Weather: Hurricane, Gale); who decides what, the automatic steps
 * (results, sub-steps with nothing to designate), the return from result
 * tasks, the dispatch of the FIRE actions, the cards-and-siege DRM hook,
 * the extra fire of one battery outside the phase (T-Siege-II FR 5), and
 * the description and consistency check of the fire work area. */
#include <stdio.h>
#include <string.h>

#include "fireint.h"

const char *const arw_fire_kind_names[] = {"artillery", "rifle", "mortar", NULL};
/* Mortar scatter directions: none, then hex directions d0..d5 on a flat
 * grid (docs/geometry.md). */
const char *const arw_fire_dir_names[] = {"none", "se", "ne", "n", "nw", "sw", "s", NULL};
const char *const arw_fire_none_names[] = {"off-map", "prohibited-terrain", "no-unit", NULL};
const char *const arw_malfunction_names[] = {"none", "step-loss", "disrupted", NULL};
const char *const arw_los_reason_names[] = {"same-hex", "adjacent", "clear", "case-c",
                                            "terrain", "units", "hexside", "slope",
                                            "off-map", NULL};

/* An empty fire work area (the task stack and the resolution context too);
 * returns 0 when the weather forbids all fire (Hurricane, Gale). */
static int reset_work(gr_game *g)
{
    arw_state *s = arw_st(g);
    int banned;
    s->nfires = s->fire_cur = s->fire_first = s->fire_step = 0;
    s->fire_only = 0;
    memset(s->fire, 0, sizeof s->fire);
    memset(s->fire_of, 0, sizeof s->fire_of);
    s->ntasks = 0;
    arw_rctx_end(g);
    arw_weather_fire_drm(g, &banned); /* T-Weather (weather.c) */
    return !banned;
}

/* A new fire phase; no fire at all in Hurricane or Gale. */
static int phase_reset(gr_game *g)
{
    if (reset_work(g))
        return 1;
    arw_emit(g, ARW_E_FIRE_BANNED, 1, arw_weather(g));
    arw_phase_end(g);
    return 0;
}

void arw_fire_artillery_begin(gr_game *g)
{
    arw_state *s = arw_st(g);
    if (!phase_reset(g))
        return;
    s->fire_side = (uint8_t)(1 - s->active); /* GR11.1-a: the inactive player */
    s->stage = ARW_ST_FIRE;
}

int arw_fire_extra_begin(gr_game *g, int side, int u)
{
    arw_state *s = arw_st(g);
    if (u < 0 || !reset_work(g))
        return 0;
    s->fire_side = (uint8_t)side;
    s->fire_only = (int16_t)(u + 1);
    s->stage = ARW_ST_FIRE;
    if (arw_art_any(g))
        return 1;
    s->fire_only = 0;
    s->stage = ARW_ST_IDLE;
    return 0;
}

/* The extra fire is over (its owner ended it, or nothing is left). */
static void extra_done(gr_game *g)
{
    arw_state *s = arw_st(g);
    s->fire_only = 0;
    s->stage = ARW_ST_IDLE;
    arw_siege_extra_fire_done(g);
}

void arw_fire_rifle_begin(gr_game *g)
{
    arw_state *s = arw_st(g);
    if (!phase_reset(g))
        return;
    s->fire_side = s->active; /* GR10.2-a: the active player designates first */
    s->stage = ARW_ST_RIFLE;
}

void arw_fire_pending(const gr_game *g, gr_pending *out)
{
    const arw_state *s = arw_cst(g);
    int side = -1, dec = ARW_D_NONE;
    switch (s->stage) {
    case ARW_ST_FIRE: side = s->fire_side, dec = ARW_D_ART_FIRE; break;
    case ARW_ST_MORTAR: side = s->active, dec = ARW_D_MORTAR_FIRE; break;
    case ARW_ST_IMPACT: side = arw_mortar_chooser(g), dec = ARW_D_MORTAR_TARGET; break;
    case ARW_ST_RIFLE: side = s->fire_side, dec = ARW_D_RIFLE_FIRE; break;
    default: break; /* results: automatic */
    }
    out->kind = GR_PENDING_DECISION;
    out->decision = (uint16_t)dec;
    out->players = (uint8_t)(side < 0 || dec == ARW_D_NONE ? 0 : 1u << side);
}

int arw_fire_auto(gr_game *g)
{
    arw_state *s = arw_st(g);
    switch (s->stage) {
    case ARW_ST_FIRE_RESULTS:
        arw_fire_results_step(g);
        return 1;
    case ARW_ST_FIRE: /* nothing to designate: on to the mortars */
        if (arw_art_any(g))
            return 0;
        if (s->fire_only) {
            extra_done(g);
            return 1;
        }
        s->stage = ARW_ST_MORTAR;
        s->fire_side = ARW_ALLIED;
        return 1;
    case ARW_ST_MORTAR:
        if (arw_mortar_any(g))
            return 0;
        arw_phase_end(g);
        return 1;
    case ARW_ST_RIFLE:
        if (arw_rifle_any(g))
            return 0;
        arw_rifle_exec(g, &(gr_action){.kind = ARW_A_END_FIRE, .player = s->fire_side});
        return 1;
    default:
        return 0;
    }
}

int arw_fire_several(const gr_game *g)
{
    const arw_state *s = arw_cst(g);
    switch (s->stage) {
    case ARW_ST_FIRE: /* arw_art_any: a fire to designate, and end-fire */
        return arw_art_forming(g) < 0;
    case ARW_ST_MORTAR: /* arw_mortar_any: a mortar to fire, and end-fire */
    case ARW_ST_RIFLE:  /* arw_rifle_any: a designation, and end-fire */
        return 1;
    default:
        return 0;
    }
}

void arw_fire_resume(gr_game *g)
{
    arw_state *s = arw_st(g);
    arw_rctx_end(g);
    if (s->stage != ARW_ST_OVER)
        s->stage = ARW_ST_FIRE_RESULTS; /* on with the fire results */
}

int arw_fire_legal(const gr_game *g, int side, gr_action *out, int cap)
{
    switch (arw_cst(g)->stage) {
    case ARW_ST_FIRE: return arw_art_legal(g, side, out, cap);
    case ARW_ST_MORTAR:
    case ARW_ST_IMPACT: return arw_mortar_legal(g, side, out, cap);
    case ARW_ST_RIFLE: return arw_rifle_legal(g, side, out, cap);
    default: return 0;
    }
}

gr_status arw_fire_check(const gr_game *g, const gr_action *a, gr_error *err)
{
    int stage = arw_cst(g)->stage, k = a->kind;
    if (stage == ARW_ST_FIRE && (k == ARW_A_ART_FIRE || k == ARW_A_FIRE_NOW || k == ARW_A_END_FIRE))
        return arw_art_check(g, a, err);
    if ((stage == ARW_ST_MORTAR && (k == ARW_A_MORTAR || k == ARW_A_END_FIRE)) ||
        (stage == ARW_ST_IMPACT && k == ARW_A_MORTAR_TARGET))
        return arw_mortar_check(g, a, err);
    if (stage == ARW_ST_RIFLE && (k == ARW_A_RIFLE_FIRE || k == ARW_A_END_FIRE))
        return arw_rifle_check(g, a, err);
    switch (k) {
    case ARW_A_RIFLE_FIRE:
        return gr_fail(err, "arw:GR10.1-a", "rifle units fire in the Rifle Fire phase");
    case ARW_A_MORTAR:
    case ARW_A_MORTAR_TARGET:
        return gr_fail(err, "arw:SR4.12-f", "mortars fire in the Defensive Artillery Fire "
                       "phase of the Allied player turn");
    case ARW_A_END_FIRE:
        return gr_fail(err, "arw:GR11.1-a", "no fire is being designated now");
    default:
        return gr_fail(err, "arw:GR11.1-a", "artillery fires in the Defensive Artillery Fire "
                       "phase, by the inactive player");
    }
}

void arw_fire_exec(gr_game *g, const gr_action *a)
{
    switch (arw_cst(g)->stage) {
    case ARW_ST_FIRE:
        if (a->kind == ARW_A_END_FIRE && arw_cst(g)->fire_only)
            extra_done(g); /* the extra fire is over */
        else
            arw_art_exec(g, a);
        break;
    case ARW_ST_MORTAR:
    case ARW_ST_IMPACT: arw_mortar_exec(g, a); break;
    case ARW_ST_RIFLE: arw_rifle_exec(g, a); break;
    default: break;
    }
}

void arw_fire_add_artillery_drm(gr_game *g, int side, int drm)
{
    arw_state *s = arw_st(g);
    if (s->fire_mod_turn != s->turn)
        s->fire_mod[0] = s->fire_mod[1] = 0;
    s->fire_mod_turn = s->turn;
    s->fire_mod[side] = (int8_t)(s->fire_mod[side] + drm); /* cumulative (T-Fire-DRM) */
}

int arw_fire_artillery_drm(const gr_game *g, int side)
{
    const arw_state *s = arw_cst(g);
    return s->fire_mod_turn == s->turn && s->turn != 0 ? s->fire_mod[side] : 0;
}

/* ---------------------------------------------------------------- describe, sanity */

int arw_fire_describe(const gr_game *g, char *buf, size_t size)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    size_t len = 0;
    if ((s->phase != ARW_PH_DEF_FIRE && s->phase != ARW_PH_RIFLE_FIRE && !s->fire_only) ||
        s->stage == ARW_ST_OVER)
        return 0;
    for (int k = 0; k < s->nfires; k++) {
        const arw_fire *f = &s->fire[k];
        int firers[ARW_MAX_UNITS], n = arw_fire_firers(g, k, firers);
        char hex[16];
        len += (size_t)snprintf(len < size ? buf + len : NULL, len < size ? size - len : 0,
                                "%s fire %d (%s):", arw_fire_kind_names[f->kind], k + 1,
                                arw_side_names[f->side]);
        for (int i = 0; i < n; i++)
            len += (size_t)snprintf(len < size ? buf + len : NULL, len < size ? size - len : 0,
                                    " %s", d->unit[firers[i]].id);
        len += (size_t)snprintf(len < size ? buf + len : NULL, len < size ? size - len : 0,
                                " -> %s%s %s\n",
                                f->target >= 0 ? d->unit[f->target].id : "hex ",
                                f->target >= 0 ? "" : arw_hex_label(d, f->aim, hex, sizeof hex),
                                f->state == ARW_FR_DESIGNATED   ? "designated"
                                : f->state == ARW_FR_ANNOUNCED ? "announced"
                                : !(f->flags & ARW_FF_HIT)     ? "missed"
                                    : arw_rcode_names[arw_rcode_index(f->res)]);
    }
    return (int)len;
}

void arw_fire_panel(const gr_game *g, gr_text *o)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    int k = s->fire_cur - 1, firers[ARW_MAX_UNITS];
    char hex[16];
    if ((s->phase != ARW_PH_DEF_FIRE && s->phase != ARW_PH_RIFLE_FIRE && !s->fire_only) || k < 0 ||
        k >= s->nfires || s->stage == ARW_ST_OVER)
        return;
    const arw_fire *f = &s->fire[k];
    int n = arw_fire_firers(g, k, firers);
    gr_textf(o, "fire=%d (%s):", k + 1, arw_fire_kind_names[f->kind]);
    for (int i = 0; i < n; i++)
        gr_textf(o, " %s", d->unit[firers[i]].id);
    gr_textf(o, " -> %s", f->target >= 0 ? d->unit[f->target].id
                                         : arw_hex_label(d, f->hex >= 0 ? f->hex : f->aim, hex,
                                                         sizeof hex));
    if (f->state == ARW_FR_RESOLVED)
        gr_textf(o, ", to hit %d, DRM %+d: %s", f->to_hit, f->drm,
                 (f->flags & ARW_FF_HIT) ? arw_rcode_names[arw_rcode_index(f->res)] : "missed");
    gr_textf(o, "\n");
}

gr_status arw_fire_sanity(const gr_game *g, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    if (s->nfires > ARW_MAX_FIRES || s->fire_cur > s->nfires + 1 || s->fire_step > ARW_FA_DONE)
        return gr_failst(err, GR_ERR_STATE, NULL, "fire work area out of range");
    for (int u = 0; u < d->nunits; u++)
        if (s->fire_of[u] > s->nfires)
            return gr_failst(err, GR_ERR_STATE, NULL, "%s fires in no recorded fire",
                             d->unit[u].id);
    for (int k = 0; k < s->nfires; k++) {
        const arw_fire *f = &s->fire[k];
        if (f->kind > ARW_FK_MORTAR || f->side > 1 || f->target >= d->nunits ||
            (f->kind != ARW_FK_MORTAR && f->target < 0))
            return gr_failst(err, GR_ERR_STATE, NULL, "fire %d is malformed", k + 1);
    }
    if ((s->stage == ARW_ST_IMPACT) &&
        (s->fire_cur == 0 || arw_hex_owner(g, s->fire[s->fire_cur - 1].hex) < 0))
        return gr_failst(err, GR_ERR_STATE, NULL, "a mortar impact without units");
    return GR_OK;
}
