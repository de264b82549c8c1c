/* fire.c — the Fire Phase (R5.1, R5.2, R5.21, R5.22, R5.31): who may fire at
 * what, effective firepower, the legal fire orders, and the roll.  Hits are
 * allocated in hits.c. */
#include "../boc.h"

int boc_max_fire_range(const boc_sdata *sd)
{
    int m = 1;
    for (int t = 0; t < BOC_NTYPES; t++)
        if (sd->utype[t].fire_range > m)
            m = sd->utype[t].fire_range;
    return m;
}

/* Penalty (<= 0) of one hexside terrain kind when fire crosses it. */
static int hs_fire(const boc_sdata *sd, int kind)
{
    return kind > BOC_HS_CLEAR && kind < BOC_NHS ? sd->hs[kind].fire : 0;
}

int boc_side_fire_penalty(const boc_sdata *sd, int hex, int dir)
{
    const boc_sidedata *f = boc_side(sd, hex, dir);
    int p = hs_fire(sd, f->cover) + hs_fire(sd, f->water); /* they add up (R5.22-a) */
    int slope = f->slope > 0 ? f->slope : -f->slope;
    int kind = slope == 1 ? BOC_HS_RIDGE : slope == 2 ? BOC_HS_HILL : BOC_HS_CLEAR;
    if (kind != BOC_HS_CLEAR && (f->slope > 0 || !sd->hs[kind].uphill_only))
        p += hs_fire(sd, kind); /* slopes only uphill (R5.22-b) */
    return p;
}

int boc_fire_power(const boc_sdata *sd, int u, int hex, int dir, int range)
{
    const boc_block *b = &sd->block[u];
    if (range >= sd->long_range_from)
        return b->fp_long; /* long range ignores hexsides (R5.22-c, R5.31-f) */
    return b->fp + boc_side_fire_penalty(sd, hex, dir);
}

/* The unit may fire at all this phase (R5.1-b/d/g, R3.31-a, S-CL-e). */
static gr_status check_firer(const gr_game *g, int u, gr_error *why)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    const boc_block *b = &sd->block[u];
    const boc_unit *un = &s->unit[u];
    if (b->side != s->active)
        return gr_fail(why, "boc:R5.1-i", "only the active player fires");
    if (un->hex < 0 || (un->flags & BOC_U_ANON))
        return gr_fail(why, "boc:R5.1-b", "%s is not on the map", b->id);
    if (boc_type_of(sd, u)->fire_range == 0)
        return gr_fail(why, "boc:R5.1-d", "%s is an HQ: HQs cannot fire", b->id);
    if (un->flags & BOC_U_FIRED)
        return gr_fail(why, "boc:R5.1-g", "%s has already fired this phase", b->id);
    if (s->column_rule && (un->flags & BOC_U_COLUMN))
        return gr_fail(why, "boc:S-CL-e", "%s is in Column and cannot fire", b->id);
    if (!(un->flags & BOC_U_CMD) && !(b->flags & BOC_B_NO_COMMAND))
        return gr_fail(why, "boc:R5.1-b", "%s is not under command", b->id);
    return GR_OK;
}

/* Directions whose cone holds the target; returns how many, fills dirs. */
static int cones_with(const boc_sdata *sd, int f, int t, int maxr, int *dirs)
{
    int n = 0;
    for (int d = 0; d < 6; d++)
        if (boc_cone_range(sd, f, d, t, maxr))
            dirs[n++] = d;
    return n;
}

/* Chooses the hexside the fire crosses (R5.21-a, R5.31-b). */
static gr_status fire_dir(const gr_game *g, int f, int t, int via, int *dir, gr_error *why)
{
    const boc_sdata *sd = boc_sd(g);
    int dirs[6], maxr = boc_max_fire_range(sd);
    if (via != GR_NONE) {
        if (via < 0 || via >= sd->nhex || (*dir = boc_dir_to(sd, f, via)) < 0)
            return gr_fail(why, "boc:R5.31-b", "via must be a hex adjacent to the firer");
        if (!boc_cone_range(sd, f, *dir, t, maxr))
            return gr_fail(why, "boc:R5.31-b",
                           "the target is not in the cone through that hexside");
        return GR_OK;
    }
    int n = cones_with(sd, f, t, maxr, dirs);
    if (n != 1)
        return gr_fail(why, "boc:R5.31-b", "the target lies in %d cones of fire: say via=", n);
    *dir = dirs[0];
    return GR_OK;
}

/* The target hex and the optional singled-out artillery (R5.23-a, R5.31-h). */
static gr_status check_target(const gr_game *g, const boc_shot *shot, gr_error *why)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    int enemy = 1 - s->active;
    if (s->count[enemy][shot->target] == 0)
        return gr_fail(why, "boc:R5.23-a", "the target hex holds no enemy block");
    if (shot->at == GR_NONE)
        return GR_OK;
    if (shot->at < 0 || shot->at >= sd->nblock)
        return gr_fail(why, NULL, "no such unit");
    const boc_unit *a = &s->unit[shot->at];
    if (sd->block[shot->at].side != enemy || a->hex != shot->target ||
        !(a->flags & BOC_U_REVEALED) || !boc_type_of(sd, shot->at)->artillery)
        return gr_fail(why, "boc:R5.31-h",
                       "only revealed artillery in the target hex may be singled out");
    return GR_OK;
}

/* Range, cone, line of sight and the hexside fire limit. */
static gr_status check_geometry(const gr_game *g, boc_shot *shot, int via, gr_error *why)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    int f = s->unit[shot->unit].hex, maxr = boc_type_of(sd, shot->unit)->fire_range;
    shot->range = boc_dist(sd, f, shot->target);
    if (shot->range == 0 || (maxr == 1 && shot->range > 1))
        return gr_fail(why, "boc:R5.1-e", "infantry and cavalry fire only at an adjacent hex");
    if (shot->range > maxr)
        return gr_fail(why, "boc:R5.1-f", "artillery fires at most %d hexes", maxr);
    gr_status st = fire_dir(g, f, shot->target, via, &shot->dir, why);
    if (st != GR_OK)
        return st;
    if (shot->range >= sd->long_range_from && !boc_los(sd, f, shot->dir, shot->target, maxr))
        return gr_fail(why, "boc:R5.31-a", "no line of sight for long-range fire");
    if (s->fire_used[f] & (1u << shot->dir))
        return gr_fail(why, "boc:R5.21-a", "a unit of this hex already fired across that hexside");
    return GR_OK;
}

gr_status boc_fire_check(const gr_game *g, const gr_action *a, boc_shot *shot, gr_error *why)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    if (s->phase != BOC_PH_FIRE || s->decision != BOC_DEC_FIRE)
        return gr_fail(why, "boc:R1.2-a", "units fire only in the Fire Phase");
    shot->unit = a->arg[0];
    shot->target = a->arg[1];
    shot->at = a->arg[3];
    if (shot->unit < 0 || shot->unit >= sd->nblock)
        return gr_fail(why, NULL, "no such unit");
    if (shot->target < 0 || shot->target >= sd->nhex)
        return gr_fail(why, NULL, "no such hex");
    gr_status st = check_firer(g, shot->unit, why);
    if (st == GR_OK)
        st = check_geometry(g, shot, a->arg[2], why);
    if (st == GR_OK)
        st = check_target(g, shot, why);
    if (st == GR_OK)
        shot->fp = boc_fire_power(sd, shot->unit, s->unit[shot->unit].hex, shot->dir, shot->range);
    return st;
}

/* ------------------------------------------------------------------ legal */

typedef struct action_list {
    gr_action *out;
    int cap, n;
} action_list;

static void push(action_list *l, int kind, int player, int nargs, const int32_t *args)
{
    if (l->n < l->cap) {
        gr_action a = {.kind = (uint16_t)kind, .player = (uint8_t)player, .nargs = (uint8_t)nargs};
        for (int i = 0; i < nargs; i++)
            a.arg[i] = args[i];
        l->out[l->n] = a;
    }
    l->n++;
}

/* Fire orders of unit u at target t: one per usable cone, plus one per
 * revealed enemy artillery block in t (R5.31-h). */
static void push_target(const gr_game *g, action_list *l, int u, int t)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    int f = s->unit[u].hex, dirs[6], maxr = boc_max_fire_range(sd);
    int n = cones_with(sd, f, t, maxr, dirs);
    for (int i = 0; i < n; i++) {
        int32_t args[4] = {u, t, n == 1 ? GR_NONE : boc_step(sd, f, dirs[i]), GR_NONE};
        gr_action a = {.kind = BOC_A_FIRE, .player = s->active, .nargs = 4};
        for (int k = 0; k < 4; k++)
            a.arg[k] = args[k];
        boc_shot shot;
        if (boc_fire_check(g, &a, &shot, NULL) != GR_OK)
            continue;
        push(l, BOC_A_FIRE, s->active, 4, args);
        for (int v = 0; v < sd->nblock; v++) {
            args[3] = v;
            a.arg[3] = v;
            if (sd->block[v].side != s->active && s->unit[v].hex == t &&
                boc_fire_check(g, &a, &shot, NULL) == GR_OK)
                push(l, BOC_A_FIRE, s->active, 4, args);
        }
    }
}

int boc_fire_legal(const gr_game *g, gr_action *out, int cap)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    action_list l = {out, cap, 0};
    int enemy = 1 - s->active;
    for (int u = 0; u < sd->nblock; u++) {
        if (sd->block[u].side != s->active || check_firer(g, u, NULL) != GR_OK)
            continue;
        int f = s->unit[u].hex, reach = boc_type_of(sd, u)->fire_range;
        for (int t = 0; t < sd->nhex; t++)
            if (s->count[enemy][t] && boc_dist(sd, f, t) <= reach)
                push_target(g, &l, u, t);
    }
    push(&l, BOC_A_END_FIRE, s->active, 0, NULL);
    return l.n;
}

/* ------------------------------------------------------------------ resolve */

void boc_fire_resolve(gr_game *g, const boc_shot *shot)
{
    boc_state *s = boc_st(g);
    const boc_sdata *sd = boc_sd(g);
    boc_unit *un = &s->unit[shot->unit];
    int f = un->hex;
    un->flags |= BOC_U_FIRED;
    s->fire_used[f] |= (uint8_t)(1u << shot->dir);
    boc_reveal(g, shot->unit, BOC_WHY_FIRE); /* R5.2-a */
    int dice = shot->fp > 0 ? un->str : 0;   /* RA4-b, RA4-c */
    gr_emitv(g, BOC_EV_FIRE, 6, shot->unit, shot->target, boc_step(sd, f, shot->dir), shot->range,
             shot->fp, dice);
    int hits = 0;
    for (int i = 0; i < dice; i++)
        if (gr_roll(g, 1, sd->die_sides, BOC_ROLL_FIRE) <= shot->fp)
            hits++;
    gr_emitv(g, BOC_EV_HITS, 2, shot->target, hits);
    s->fire = (boc_fire){.firer = (int16_t)shot->unit,
                         .hex = (int16_t)shot->target,
                         .at = (int16_t)shot->at,
                         .repulse = GR_NONE,
                         .hits = (int8_t)hits,
                         .long_range = shot->range >= sd->long_range_from,
                         .side = (uint8_t)(1 - s->active)};
    boc_hits_continue(g);
}
