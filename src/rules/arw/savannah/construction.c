/* construction.c — SAVANNAH: French siegeworks (SR4.4) and their
 * interdiction (SR4.5).  The construction phase first completes the
 * markers under construction (the French orient each one: its entrenched
 * hexsides are those centred on the side it faces), unless the weather
 * forbids completing or an enemy ready combat unit is adjacent (SR4.5-a);
 * then, if the weather allows starting works, the French place the markers
 * of the next stage: one at 4 hexes from the perimeter, then up to 3 at 3
 * or more, then the rest at 2 or more, the first of a later stage next to
 * completed works, none in rice, swamp or the Jewish Cemetery nor next to
 * enemy combat units.  Stages are relative (AMB-28): a stage is used up by
 * the phase that places at least one of its markers.  A marker under
 * construction that an enemy ready combat unit other than artillery enters
 * is removed and becomes available again (SR4.5-b, reading). */
#include "../arw.h"

/* Non-zero when a British combat unit (a ready one when ready_only) is in h
 * or next to it (SR4.4-1; SR4.5-a: ready-to-parade). */
static int enemy_near(const gr_game *g, int h, int ready_only)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    for (int k = -1; k < 6; k++) {
        int n = k < 0 ? h : d->map.nb[h * 6 + k];
        for (int u = n >= 0 ? s->hex[n].head : ARW_NO_UNIT; u != ARW_NO_UNIT; u = s->unit[u].next)
            if (d->unit[u].side == ARW_BRITISH && arw_is_combat_unit(d, u) &&
                (!ready_only || arw_is_ready(g, u)))
                return 1;
    }
    return 0;
}

/* Next marker the French may complete now, or -1. */
static int next_completion(const gr_game *g)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    if (!arw_weather_allows(g, ARW_WXF_COMPLETE))
        return -1; /* T-Weather */
    for (int h = 0; h < d->map.nhex; h++)
        if ((s->hex[h].flags & ARW_H_WORKS_BUILD) && !(s->hex[h].flags & ARW_H_WORKS_NEW) &&
            !enemy_near(g, h, 1))
            return h;
    return -1;
}

static int touches_done_works(const gr_game *g, int h)
{
    const arw_data *d = arw_dat(g);
    for (int k = 0; k < 6; k++) {
        int n = d->map.nb[h * 6 + k];
        if (n >= 0 && (arw_cst(g)->hex[n].flags & ARW_H_WORKS_DONE))
            return 1;
    }
    return 0;
}

/* Why the French may not place a marker in h now (a rule id), or NULL. */
static const char *place_refusal(const gr_game *g, int h)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    if (s->sav.works_stage >= d->sav.nstages)
        return "arw:SR4.4-3"; /* every marker of the last stage is out */
    const arw_works_stage *st = &d->sav.stage[s->sav.works_stage];
    if (h < 0 || h >= d->map.nhex || (s->hex[h].flags & (ARW_H_WORKS_BUILD | ARW_H_WORKS_DONE)))
        return "arw:SR4.4-1";
    if (d->sav.works_forbidden & (1u << d->map.terrain[h]))
        return "arw:SR4.4-1"; /* rice, swamp, Jewish Cemetery */
    int dist = arw_perimeter_distance(d, h);
    const char *stage_id = s->sav.works_stage == 0   ? "arw:SR4.4-1"
                           : s->sav.works_stage == 1 ? "arw:SR4.4-2"
                                                     : "arw:SR4.4-3";
    if (dist < st->min_dist || (st->max_dist && dist > st->max_dist))
        return stage_id;
    if (enemy_near(g, h, 0))
        return "arw:SR4.4-1"; /* not adjacent to enemy combat units */
    if (st->extend && s->sav.works_placed == 0 && !touches_done_works(g, h))
        return stage_id; /* the first extends from completed works */
    return NULL;
}

/* Non-zero when the French may still place a marker in this phase. */
static int placement_open(const gr_game *g)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    if (!arw_weather_allows(g, ARW_WXF_BUILD) || s->sav.works_avail == 0 ||
        s->sav.works_stage >= d->sav.nstages ||
        s->sav.works_placed >= d->sav.stage[s->sav.works_stage].markers)
        return 0;
    for (int h = 0; h < d->map.nhex; h++)
        if (!place_refusal(g, h))
            return 1;
    return 0;
}

static void finish(gr_game *g)
{
    arw_state *s = arw_st(g);
    if (s->sav.works_placed > 0)
        s->sav.works_stage++; /* AMB-28: the stage is used */
    arw_phase_end(g);
}

void arw_works_continue(gr_game *g)
{
    arw_state *s = arw_st(g);
    int h = next_completion(g);
    if (h >= 0) {
        s->sav.hex = (int16_t)h;
        arw_sav_wait(g, ARW_SV_WORKS_FACE, ARW_ALLIED); /* SR4.4-2..4 */
        return;
    }
    s->sav.hex = ARW_NO_HEX;
    if (placement_open(g)) {
        arw_sav_wait(g, ARW_SV_WORKS_PLACE, ARW_ALLIED);
        return;
    }
    finish(g);
}

void arw_works_begin(gr_game *g)
{
    arw_state *s = arw_st(g);
    for (int h = 0; h < arw_dat(g)->map.nhex; h++)
        s->hex[h].flags &= (uint8_t)~ARW_H_WORKS_NEW;
    s->sav.works_placed = 0;
    arw_works_continue(g);
}

int arw_works_face_legal(const gr_game *g, gr_action *out, int cap)
{
    const arw_data *d = arw_dat(g);
    int h = arw_cst(g)->sav.hex, n = 0;
    for (int k = 0; k < 6 && h >= 0; k++)
        if (d->map.nb[h * 6 + k] >= 0)
            arw_put_action(out, cap, &n, ARW_ALLIED, ARW_A_WORKS_FACE, h, d->map.nb[h * 6 + k]);
    return n;
}

int arw_works_place_legal(const gr_game *g, gr_action *out, int cap)
{
    int n = 0;
    for (int h = 0; h < arw_dat(g)->map.nhex; h++)
        if (!place_refusal(g, h))
            arw_put_action(out, cap, &n, ARW_ALLIED, ARW_A_WORKS_PLACE, h, 0);
    arw_put_action(out, cap, &n, ARW_ALLIED, ARW_A_WORKS_DONE, 0, 0);
    return n;
}

gr_status arw_works_check(const gr_game *g, const gr_action *a, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    const char *why;
    if (a->kind == ARW_A_WORKS_FACE) {
        if (s->sav.step != ARW_SV_WORKS_FACE || a->arg[0] != s->sav.hex)
            return gr_fail(err, "arw:SR4.4-2", "no siegeworks are being completed there now");
        if (arw_dir(arw_dat(g), a->arg[0], a->arg[1]) < 0)
            return gr_fail(err, "arw:SR4.4-2", "the works face one of the hex's neighbours");
        return GR_OK;
    }
    if (s->sav.step != ARW_SV_WORKS_PLACE)
        return gr_fail(err, "arw:SR4.4-1", "construction markers are not being placed now");
    if (a->kind == ARW_A_WORKS_PLACE && (why = place_refusal(g, a->arg[0])) != NULL)
        return gr_fail(err, why, "a construction marker may not go there now (distance to "
                       "the perimeter, terrain, enemy units, or not next to completed works)");
    return GR_OK;
}

void arw_works_exec(gr_game *g, const gr_action *a)
{
    arw_state *s = arw_st(g);
    int h = a->arg[0];
    if (a->kind == ARW_A_WORKS_FACE) {
        int dir = arw_dir(arw_dat(g), h, a->arg[1]);
        s->hex[h].flags = (uint8_t)((s->hex[h].flags & ~(ARW_H_WORKS_BUILD | ARW_H_FACING_MASK)) |
                                    ARW_H_WORKS_DONE | (unsigned)dir << ARW_H_FACING_SHIFT);
        arw_emit(g, ARW_E_WORKS, 3, h, ARW_WST_COMPLETED, a->arg[1]);
    } else if (a->kind == ARW_A_WORKS_PLACE) {
        s->hex[h].flags |= ARW_H_WORKS_BUILD | ARW_H_WORKS_NEW;
        s->sav.works_avail--;
        s->sav.works_placed++;
        arw_emit(g, ARW_E_WORKS, 3, h, ARW_WST_PLACED, ARW_NO_HEX);
    } else {
        finish(g); /* works-done */
        return;
    }
    arw_works_continue(g);
}

int arw_works_completed(const gr_game *g)
{
    const arw_data *d = arw_dat(g);
    int n = 0;
    for (int h = 0; h < d->map.nhex; h++)
        for (int k = 0; k < 6; k++)
            n += (d->map.edge[h * 6 + k] & d->sav.french_works) || arw_works_side(g, h, k);
    return n;
}

void arw_works_watch(gr_game *g)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    for (int u = 0; u < d->nunits; u++) {
        int h = s->unit[u].hex;
        if (d->unit[u].side != ARW_BRITISH || !arw_is_ready(g, u) ||
            d->unit[u].kind == ARW_K_ARTILLERY || !(s->hex[h].flags & ARW_H_WORKS_BUILD))
            continue;
        s->hex[h].flags &= (uint8_t)~(ARW_H_WORKS_BUILD | ARW_H_WORKS_NEW); /* SR4.5-b */
        s->sav.works_avail++;
        arw_emit(g, ARW_E_WORKS, 3, h, ARW_WST_REMOVED, ARW_NO_HEX);
    }
}
