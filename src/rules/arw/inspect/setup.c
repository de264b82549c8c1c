/* setup.c — position lines (gr_game_setup): place and remove units, set
 * status, steps, pins, army morale, momentum, breaches and the phase.
 * While no action has been applied, every line restarts the opening phase
 * from its beginning, so a rule case can build its position line by line.
 * Vocabulary in docs/arw.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../arw.h"

#define MAX_WORDS 16


/* Options of "place": steps=N status=S pinned lost withdrawn forced. */
static gr_status place_options(gr_game *g, int u, char **w, int n, gr_error *err)
{
    arw_unit *x = &arw_st(g)->unit[u];
    for (int i = 0; i < n; i++) {
        int v;
        if (!strncmp(w[i], "steps=", 6) &&
            arw_parse_int(w[i] + 6, 1, arw_dat(g)->unit[u].steps, &v))
            x->steps = (uint8_t)v;
        else if (!strncmp(w[i], "status=", 7) &&
                 (v = arw_name_index(arw_status_names, w[i] + 7)) >= 0)
            x->status = (uint8_t)v;
        else if (!strcmp(w[i], "pinned"))
            x->flags |= ARW_U_PINNED;
        else if (!strcmp(w[i], "lost"))
            x->flags |= ARW_U_LOST;
        else if (!strcmp(w[i], "withdrawn"))
            x->flags |= ARW_U_CAV_WD;
        else if (!strcmp(w[i], "freed"))
            x->flags |= ARW_U_ART_FREED; /* HS-sr1: it has been attacked */
        else if (!strcmp(w[i], "returning"))
            x->flags |= ARW_U_ART_RETURN; /* HS-sr1: hit by D or R, going home */
        else if (!strncmp(w[i], "cw=", 3) && arw_parse_int(w[i] + 3, 0, 99, &v))
            x->cw = (uint8_t)v; /* SR4.9-d covered-way hexes entered this trip */
        else if (!strcmp(w[i], "fired"))
            x->flags |= ARW_U_FIRED; /* GR10.5, SR4.12: has fired before in the game */
        else if (!strcmp(w[i], "mortar-moved"))
            x->flags |= ARW_U_MORTAR_MOVED; /* SR4.12-e marker */
        else if (!strcmp(w[i], "forced"))
            x->flags |= ARW_U_SR41_FORCED; /* SR4.1-1d (stackrules.c) */
        else
            return gr_failst(err, GR_ERR_PARSE, NULL, "place: bad option '%s'", w[i]);
    }
    return GR_OK;
}

static gr_status setup_place(gr_game *g, char **w, int n, gr_error *err)
{
    const arw_data *d = arw_dat(g);
    int u = n >= 3 ? arw_unit_find(d, w[1]) : -1;
    int h = n >= 3 ? gr_grid_find(&d->map.grid, w[2]) : -1;
    if (u < 0 || h < 0)
        return arw_parse_fail(err,
                              "want 'place UNIT HEX [steps=N] [status=S] [pinned] [lost] [fired] "
                              "[mortar-moved]'");
    if (arw_hex_owner(g, h) == 1 - d->unit[u].side)
        return arw_parse_fail(err, "place: the hex holds enemy units");
    arw_unit *x = &arw_st(g)->unit[u];
    x->steps = d->unit[u].steps;
    x->status = ARW_READY;
    x->flags = 0;
    x->cw = 0;
    gr_status st = place_options(g, u, w + 3, n - 3, err);
    if (st != GR_OK)
        return st;
    arw_place(g, u, h);
    if (!arw_stack_ok(g, u, h))
        return arw_parse_fail(err, "place: over the stacking limit (GR7.1)");
    return GR_OK;
}

static gr_status setup_remove(gr_game *g, char **w, int n, gr_error *err)
{
    int u = n >= 2 ? arw_unit_find(arw_dat(g), w[1]) : -1;
    int box = n >= 3 ? arw_name_index(arw_box_names, w[2]) : ARW_BOX_OFF;
    if (u < 0 || box <= ARW_BOX_MAP)
        return arw_parse_fail(err, "want 'remove UNIT [off|eliminated|captured]'");
    arw_remove(g, u, box);
    return GR_OK;
}

static gr_status setup_unit_value(gr_game *g, char **w, int n, gr_error *err)
{
    int u = n == 3 ? arw_unit_find(arw_dat(g), w[1]) : -1, v;
    arw_unit *x = u >= 0 ? &arw_st(g)->unit[u] : NULL;
    if (x && !strcmp(w[0], "status") && (v = arw_name_index(arw_status_names, w[2])) >= 0)
        x->status = (uint8_t)v;
    else if (x && !strcmp(w[0], "steps") && arw_parse_int(w[2], 1, arw_dat(g)->unit[u].steps, &v))
        x->steps = (uint8_t)v;
    else
        return arw_parse_fail(err, "want 'status UNIT ready|disrupted|shattered' or "
                                   "'steps UNIT N'");
    return GR_OK;
}

static gr_status setup_morale(gr_game *g, char **w, int n, gr_error *err)
{
    int army = n == 3 ? arw_name_index(arw_army_names, w[1]) : -1, v;
    if (army < 0 || !arw_parse_int(w[2], -20, arw_dat(g)->t.morale_max, &v))
        return arw_parse_fail(err, "want 'army-morale ARMY N'");
    arw_st(g)->morale[army] = (int16_t)v;
    return GR_OK;
}

static gr_status setup_momentum(gr_game *g, char **w, int n, gr_error *err)
{
    arw_state *s = arw_st(g);
    int held[ARW_NSIDES] = {s->momentum[0], s->momentum[1]};
    for (int i = 1; i < n; i++) {
        char *eq = strchr(w[i], '=');
        int side = -1, v;
        if (eq) {
            *eq = '\0';
            side = arw_name_index(arw_side_names, w[i]);
        }
        if (side < 0 || !arw_parse_int(eq + 1, 0, arw_dat(g)->t.momentum_pool, &v))
            return arw_parse_fail(err, "want 'momentum british=N allied=M'");
        held[side] = v;
    }
    if (held[0] + held[1] > arw_dat(g)->t.momentum_pool)
        return arw_parse_fail(err, "momentum: more chits than the pool holds");
    s->momentum[0] = (uint8_t)held[0];
    s->momentum[1] = (uint8_t)held[1];
    s->pool = (uint8_t)(arw_dat(g)->t.momentum_pool - held[0] - held[1]);
    return GR_OK;
}

static gr_status setup_breach(gr_game *g, char **w, int n, gr_error *err)
{
    const arw_data *d = arw_dat(g);
    int a = n == 3 ? gr_grid_find(&d->map.grid, w[1]) : -1;
    int b = n == 3 ? gr_grid_find(&d->map.grid, w[2]) : -1;
    int da = arw_dir(d, a, b);
    if (da < 0)
        return arw_parse_fail(err, "want 'breach HEX HEX' (adjacent hexes)");
    arw_breach(g, a, da, 0); /* savmap.c */
    return GR_OK;
}

static gr_status setup_phase(gr_game *g, char **w, int n, gr_error *err)
{
    arw_state *s = arw_st(g);
    int ph = n >= 2 ? arw_name_index(arw_phase_names, w[1]) : -1, v;
    if (ph < 0)
        return arw_parse_fail(err, "want 'phase NAME [active=SIDE] [turn=N]'");
    s->turn = s->opening[0]; /* defaults: the opening's */
    s->active = s->opening[2];
    for (int i = 2; i < n; i++) {
        if (!strncmp(w[i], "active=", 7) && (v = arw_name_index(arw_side_names, w[i] + 7)) >= 0)
            s->active = (uint8_t)v;
        else if (!strncmp(w[i], "turn=", 5) && arw_parse_int(w[i] + 5, 1, 99, &v))
            s->turn = (uint8_t)v;
        else
            return arw_parse_fail(err, "phase: bad option");
    }
    s->opening[0] = s->turn;
    s->opening[1] = (uint8_t)ph;
    s->opening[2] = s->active;
    arw_restart_opening(g);
    return GR_OK;
}

/* "track strategic|tactical" (SR1.6), "artillery-drm SIDE N" (the
 * cards-and-siege fire hook, this turn); "weather NAME" is a Savannah line
 * (savtext.c). */
static gr_status setup_conditions(gr_game *g, char **w, int n, gr_error *err)
{
    arw_state *s = arw_st(g);
    int v, side;
    if (!strcmp(w[0], "track") && n == 2 && (v = arw_name_index(arw_track_names, w[1])) >= 0)
        s->track = (uint8_t)v;
    else if (!strcmp(w[0], "artillery-drm") && n == 3 &&
             (side = arw_name_index(arw_side_names, w[1])) >= 0 && arw_parse_int(w[2], -5, 5, &v))
        arw_fire_add_artillery_drm(g, side, v);
    else
        return arw_parse_fail(err, "want 'track strategic|tactical' or 'artillery-drm SIDE N'");
    return GR_OK;
}

static gr_status dispatch(gr_game *g, char **w, int n, gr_error *err)
{
    gr_status st;
    if (arw_sav_setup(g, w, n, err, &st)) /* SAVANNAH lines (savtext.c) */
        return st;
    if (!strcmp(w[0], "track") || !strcmp(w[0], "artillery-drm"))
        return setup_conditions(g, w, n, err);
    if (!strcmp(w[0], "place"))
        return setup_place(g, w, n, err);
    if (!strcmp(w[0], "remove"))
        return setup_remove(g, w, n, err);
    if (!strcmp(w[0], "status") || !strcmp(w[0], "steps"))
        return setup_unit_value(g, w, n, err);
    if (!strcmp(w[0], "army-morale"))
        return setup_morale(g, w, n, err);
    if (!strcmp(w[0], "momentum"))
        return setup_momentum(g, w, n, err);
    if (!strcmp(w[0], "breach"))
        return setup_breach(g, w, n, err);
    gr_status cst; /* CARDS: card, deck */
    if (arw_cards_setup(g, w, n, &cst, err))
        return cst;
    return gr_failst(err, GR_ERR_PARSE, NULL, "unknown setup '%s' (place, remove, status, "
                     "steps, army-morale, momentum, breach, phase, weather, track, "
                     "artillery-drm, card, deck)", w[0]);
}

gr_status arw_setup(gr_game *g, const char *line, gr_error *err)
{
    char buf[256], *w[MAX_WORDS];
    int n = gr_words(line, buf, sizeof buf, w, MAX_WORDS);
    if (n < 0)
        return arw_parse_fail(err, "setup line longer than 255 characters or of too many words");
    if (n == 0)
        return arw_parse_fail(err, "empty setup line");
    if (!strcmp(w[0], "phase"))
        return setup_phase(g, w, n, err);
    gr_game *undo = gr_game_clone(g);
    if (!undo)
        return gr_failst(err, GR_ERR_NOMEM, NULL, "out of memory");
    gr_status st = dispatch(g, w, n, err);
    if (st != GR_OK) { /* a refused line leaves the game unchanged */
        gr_game_copy(g, undo);
    } else if (g->step == 0) {
        arw_restart_opening(g); /* restart the opening phase */
    }
    gr_game_free(undo);
    return st;
}
