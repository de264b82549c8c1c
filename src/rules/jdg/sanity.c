/* sanity.c — whole-state consistency check of a JdG game (run by the case
 * runner after every action and by the random-game tests). */
#include "jdg.h"
#include "shock/shock.h"

static gr_status bad(gr_error *err, const char *what, int i)
{
    return gr_failst(err, GR_ERR_STATE, NULL, "jdg sanity: %s (%d)", what, i);
}

static gr_status check_units(const jdg_data *d, const jdg_state *s, gr_error *err)
{
    for (int u = 0; u < d->nunits; u++) {
        const jdg_unit *un = &s->unit[u];
        if (un->hex != JDG_OFFMAP && (un->hex < 0 || un->hex >= d->nhexes))
            return bad(err, "unit off the grid", u);
        if (un->status > JDG_ELIMINATED || un->facing < -1 || un->facing > 5)
            return bad(err, "unit status or facing out of range", u);
        if ((un->status == JDG_ROUTED) != (un->facing == -1))
            return bad(err, "routed units, and only they, have no facing", u);
        if (un->group >= s->ngroups)
            return bad(err, "unit in a group that does not exist", u);
        if (un->group >= 0 && s->group[un->group].formation != d->unit[u].formation)
            return bad(err, "unit grouped with another formation", u);
    }
    for (int u = d->nunits; u < JDG_MAX_UNITS; u++)
        if (s->unit[u].hex || s->unit[u].group || s->unit[u].status)
            return bad(err, "unused unit slot is not zero", u);
    return GR_OK;
}

static gr_status check_groups(const jdg_data *d, const jdg_state *s, gr_error *err)
{
    int ordered[2] = {0, 0};
    for (int gi = 0; gi < s->ngroups; gi++) {
        const jdg_group *gr = &s->group[gi];
        int size = 0;
        for (int u = 0; u < d->nunits; u++)
            size += s->unit[u].group == gi;
        if (gr->leader < 0 || gr->leader >= d->nunits || s->unit[gr->leader].group != gi)
            return bad(err, "group leader is not in its group", gi);
        if (size != gr->size || gr->side != d->unit[gr->leader].side)
            return bad(err, "group size or side disagrees with its units", gi);
        int given = (s->committed >> gr->side) & 1;
        if (given != (gr->order != JDG_ORD_NONE) || gr->order > JDG_ORD_HIDDEN)
            return bad(err, "group order does not match the orders given", gi);
        ordered[gr->side] += gr->order == JDG_ORD_ORDERED;
        if (gr->order == JDG_ORD_ORDERED && !gr->eligible)
            return bad(err, "ORDERED group out of command range", gi);
        if (gr->mode > JDG_MODE_REORG_ONLY ||
            (gr->mode != JDG_MODE_UNDECIDED &&
             (s->active < 0 || d->marker[s->active].formation != gr->formation)))
            return bad(err, "group has a mode outside its own activation", gi);
    }
    for (int p = 0; p < JDG_NPLAYERS; p++)
        if (ordered[p] > jdg_order_capacity(d, s, p))
            return bad(err, "more ORDERED groups than the order capacity", p);
    return GR_OK;
}

static gr_status check_markers(const jdg_data *d, const jdg_state *s, gr_error *err)
{
    int active = 0;
    for (int m = 0; m < JDG_MAX_MARKERS; m++) {
        if (s->ma_loc[m] > JDG_MA_ASIDE || (m >= d->nmarkers && s->ma_loc[m]))
            return bad(err, "marker location out of range", m);
        active += s->ma_loc[m] == JDG_MA_ACTIVE;
    }
    int activating = s->phase == JDG_PH_ACTIVATION;
    if (active != activating || (activating && s->ma_loc[s->active] != JDG_MA_ACTIVE))
        return bad(err, "exactly one active marker while an activation runs", active);
    if (!activating && s->active != -1)
        return bad(err, "active marker outside Phase D", s->active);
    if ((s->phase == JDG_PH_OVER || s->phase == JDG_PH_ROUT) && jdg_cup_count(s) != 0)
        return bad(err, "Phase D ended with markers in the cup", jdg_cup_count(s));
    if (s->picked >= d->nmarkers || (s->picked >= 0 && s->ma_loc[s->picked] == JDG_MA_CUP))
        return bad(err, "the picked marker went into the cup", s->picked);
    if (s->forced_bad)
        return bad(err, "a forced draw named a marker not in the cup", 0);
    for (int i = 0; i < s->nforced; i++)
        if (s->forced[i] < 0 || s->forced[i] >= d->nmarkers)
            return bad(err, "forced draw out of range", i);
    return GR_OK;
}

static gr_status check_phase(const jdg_data *d, const jdg_state *s, gr_error *err)
{
    if (s->phase > JDG_PH_ROUT || s->turn < d->turn_first || s->turn > d->turn_last)
        return bad(err, "phase or turn out of range", s->phase);
    if (s->outcome > JDG_O_ALLIED_AUTO || (s->phase != JDG_PH_OVER && s->outcome != 0) ||
        s->e_order > 1 || (s->phase != JDG_PH_ROUT && s->e_order != 0))
        return bad(err, "outcome or Phase E order out of range", s->outcome);
    for (int i = 0; i < JDG_MAX_VP_HEXES; i++)
        if (s->ctrl[i] < -1 || s->ctrl[i] > 1 || (i >= d->victory.nhexes && s->ctrl[i] != -1))
            return bad(err, "VP hex control out of range", i);
    if (s->phase != JDG_PH_ORDERS && s->committed != 3)
        return bad(err, "Phase A ended before both players gave orders", s->committed);
    if (s->phase == JDG_PH_PICK && s->init_winner < 0)
        return bad(err, "initiative pick without a winner", 0);
    if (s->step > JDG_STEP_REORG || (s->phase != JDG_PH_ACTIVATION && s->step != 0))
        return bad(err, "activation step out of range", s->step);
    for (int c = 0; c < d->ncincs; c++)
        if (s->cinc[c].hex != JDG_OFFMAP && (s->cinc[c].hex < 0 || s->cinc[c].hex >= d->nhexes))
            return bad(err, "C-in-C off the grid", c);
    return GR_OK;
}

/* A unit that routed and has yet to retreat is in hex h. */
static int retreating_at(const jdg_data *d, const jdg_state *s, int h)
{
    for (int u = 0; u < d->nunits; u++)
        if ((s->unit[u].flags & (JDG_UF_RETREAT | JDG_UF_RECOIL)) && s->unit[u].hex == h)
            return 1;
    return 0;
}

/* Every occupied hex keeps the stacking limits and the shared facing
 * [R5.1.1, R6.1.1-b], except the hex a moving unit passes through (also
 * the unit whose retreat or rout move waits for its owner's next hex, which
 * may pass through friends, R10.5-a); the mover exists only in the
 * movement step. */
static gr_status check_stacks(const jdg_data *d, const jdg_state *s, gr_error *err)
{
    if (s->mover >= 0 && (s->mover >= d->nunits || s->phase != JDG_PH_ACTIVATION ||
                          s->step != JDG_STEP_MOVE || !(s->unit[s->mover].act & JDG_ACT_MOVED)))
        return bad(err, "a unit is moving outside the movement step", s->mover);
    if (s->mover < -1)
        return bad(err, "mover out of range", s->mover);
    if (s->cinc_mover >= d->ncincs || s->cinc_mover < -1 ||
        (s->cinc_mover >= 0 && (s->phase != JDG_PH_ACTIVATION || s->step != JDG_STEP_MOVE ||
                                s->mover >= 0)))
        return bad(err, "a C-in-C is moving outside the movement step", s->cinc_mover);
    if (s->cb_target < -1 || s->cb_target >= d->nunits ||
        (s->cb_target >= 0 && s->phase != JDG_PH_ACTIVATION))
        return bad(err, "counter-battery outside an activation", s->cb_target);
    if (s->contact && ((s->phase != JDG_PH_ACTIVATION && s->phase != JDG_PH_ROUT) ||
                       s->contact >= (1u << d->ncincs)))
        return bad(err, "C-in-C contact outside an activation", s->contact);
    for (int u = 0; u < d->nunits; u++) {
        int h = s->unit[u].hex;
        if (!jdg_on_map(s, u) || (s->mover >= 0 && h == s->unit[s->mover].hex) ||
            (s->rt_unit >= 0 && h == s->unit[s->rt_unit].hex) || retreating_at(d, s, h))
            continue;
        const char *why = jdg_stack_fault(d, s, h);
        if (!why)
            why = jdg_facing_fault(d, s, h);
        if (why)
            return gr_failst(err, GR_ERR_STATE, NULL, "jdg sanity: hex of %s: %s",
                             d->unit[u].id, why);
    }
    return GR_OK;
}

/* A combat exists only in the shock step, with hexes on the map. */
static gr_status check_combat(const jdg_data *d, const jdg_state *s, gr_error *err)
{
    if (s->sh_stage > JDG_SH_CC_PURSUE ||
        (s->sh_stage != JDG_SH_NONE &&
         (s->phase != JDG_PH_ACTIVATION || s->step != JDG_STEP_SHOCK)))
        return bad(err, "a combat outside the shock step", s->sh_stage);
    if (s->sh_ndef > JDG_SH_HEXES || s->sh_natt > JDG_SH_HEXES || s->rt_nref > JDG_SH_HEXES)
        return bad(err, "too many combat hexes", s->sh_ndef);
    for (int i = 0; i < s->sh_ndef; i++)
        if (s->sh_def[i] < 0 || s->sh_def[i] >= d->nhexes)
            return bad(err, "defending hex off the map", s->sh_def[i]);
    if (s->sh_row >= d->nshock_rows || (s->sh_stage == JDG_SH_ATT_RES && s->sh_row < 0))
        return bad(err, "shock table row out of range", s->sh_row);
    for (int u = 0; u < d->nunits; u++)
        if (s->unit[u].shock >= 64 || (s->unit[u].shock && !(s->unit[u].cf & JDG_CF_DECLARED)))
            return bad(err, "shock targets without a declaration", u);
    return GR_OK;
}

/* Every player the game waits for has at least one legal action: no
 * decision without an option, in any phase (issue 14). */
static gr_status check_options(const gr_game *g, gr_error *err)
{
    int p = jdg_stuck_player(g);
    return p < 0 ? GR_OK : bad(err, "a player must decide with no legal option", p);
}

gr_status jdg_sanity(const gr_game *g, gr_error *err)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    gr_status st = check_phase(d, s, err);
    if (st == GR_OK)
        st = check_units(d, s, err);
    if (st == GR_OK)
        st = check_groups(d, s, err);
    if (st == GR_OK)
        st = check_markers(d, s, err);
    if (st == GR_OK)
        st = check_stacks(d, s, err);
    if (st == GR_OK)
        st = check_combat(d, s, err);
    if (st == GR_OK)
        st = check_options(g, err);
    return st;
}
