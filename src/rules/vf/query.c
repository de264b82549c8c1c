/* query.c — looking at a vf game: queries ("key=value ..." answers for rule
 * cases and tools), the readable description, and the whole-state sanity
 * check run after every action in tests.  Vocabulary in docs/vf.md. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "vf.h"

static void put_len(gr_text *o, const char *key, int32_t v)
{
    int32_t a = v < 0 ? -v : v;
    gr_textf(o, "%s=%s%d.%02d", key, v < 0 ? "-" : "", a / 100, a % 100);
}

static void put_layout(gr_text *o, const vf_sdata *sd, int u, const vf_layout *l,
                       int32_t bonus)
{
    put_len(o, "x", l->x);
    put_len(o, " y", l->y);
    put_len(o, " facing", l->facing);
    gr_textf(o, " order=%s formation=%s files=%d ranks=%d last=%d shift=%d",
             vf_order_names[l->order], vf_formation_names[vf_formation_of(sd, l)], l->files,
             l->ranks, l->last, l->shift);
    put_len(o, " gap", l->gap);
    put_len(o, " allowance", vf_move_allowance(sd, u, l) + bonus);
}

static void put_unit(gr_text *o, const gr_game *g, int u)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_unit *un = &vf_cst(g)->unit[u];
    static const char *const status[] = {"off", "on", "routed"};
    gr_textf(o, "unit=%s side=%s brigade=%s profile=%s status=%s figures=%d", sd->unit[u].id,
             vf_side_names[sd->unit[u].side], sd->brigade[sd->unit[u].brigade].id,
             vf_unit_profile(sd, u)->id, status[un->status % 3], vf_layout_figures(sd, &un->at));
    if (un->status != VF_UNIT_ON)
        return;
    gr_textf(o, " ");
    put_layout(o, sd, u, &un->at, vf_fate_move_bonus(g, u));
    gr_textf(o, " acted=%d markers=%d shaken=%d combat=%d tenacity=%d",
             (un->flags & VF_UF_ACTED) != 0, un->markers, vf_shaken(sd, vf_cst(g), u),
             vf_unit_profile(sd, u)->combat + un->combat_adj, vf_tenacity(sd, vf_cst(g), u));
    int32_t e = vf_enemy_distance(g, u, &un->at);
    if (e != INT32_MAX)
        put_len(o, " enemy", e);
}

static int unit_arg(const gr_game *g, const char *name, gr_error *err, int *u)
{
    *u = vf_unit_find(vf_sd(g), name);
    if (*u < 0)
        return gr_failst(err, GR_ERR_ARG, NULL, "no unit '%s'", name), 0;
    if (vf_cst(g)->unit[*u].status != VF_UNIT_ON)
        return gr_failst(err, GR_ERR_ARG, NULL, "unit '%s' is not on the table", name), 0;
    return 1;
}

/* "figure ID RANK FILE": centre and facing of one figure cell. */
static gr_status query_figure(const gr_game *g, gr_text *o, const char *id, int r, int f,
                              gr_error *err)
{
    int u;
    if (!unit_arg(g, id, err, &u))
        return GR_ERR_ARG;
    const vf_layout *l = &vf_cst(g)->unit[u].at;
    gr_base cells[VF_MAX_CELLS];
    vf_cells(vf_sd(g), u, l, cells);
    int i = VF_ORDER_ARTILLERY(l->order) ? (r == 0 && (f == 0 || f == 1) ? f : -1)
                                          : vf_slot_index(l, r, f);
    if (i < 0)
        return gr_failst(err, GR_ERR_ARG, NULL, "%s has no figure at rank %d file %d", id, r, f);
    put_len(o, "x", cells[i].c.x);
    put_len(o, " y", cells[i].c.y);
    gr_textf(o, " facing=%d.%d", cells[i].facing / 10, cells[i].facing % 10);
    return GR_OK;
}

/* "two units" queries: distance and contact. */
static gr_status query_pair(const gr_game *g, gr_text *o, const char *what, const char *a,
                            const char *b, gr_error *err)
{
    int u, v;
    if (!unit_arg(g, a, err, &u) || !unit_arg(g, b, err, &v))
        return GR_ERR_ARG;
    if (!strcmp(what, "distance"))
        put_len(o, "distance", vf_unit_distance(g, u, v));
    else
        gr_textf(o, "contact=%d", vf_unit_contact(g, u, v));
    return GR_OK;
}

/* "layout ID FIGURES FILES [ORDER]": would that set-up be legal for the
 * unit, and which formation is it (vf:1.2.1, 1.2.2, 6.3.1)? */
static gr_status query_layout(const gr_game *g, gr_text *o, const char *id, int figures,
                              int files, const char *order, gr_error *err)
{
    const vf_sdata *sd = vf_sd(g);
    int u = vf_unit_find(sd, id), ord = VF_ORDER_CLOSE;
    if (u < 0 || figures < 1 || figures > VF_MAX_FIGURES || files < 1)
        return gr_failst(err, GR_ERR_ARG, NULL, "layout ID FIGURES FILES [ORDER]");
    if (vf_unit_profile(sd, u)->type == VF_ARTILLERY)
        ord = VF_ORDER_UNLIMBERED;
    for (int i = 0; order && vf_order_names[i]; i++)
        if (!strcmp(order, vf_order_names[i]))
            ord = i;
    vf_layout l = {.order = (uint8_t)ord};
    vf_layout_shape(&l, VF_ORDER_ARTILLERY(ord) ? 1 : figures, files);
    l.gap = (uint8_t)(ord == VF_ORDER_OPEN         ? sd->t.open_gap_default
                      : ord == VF_ORDER_UNLIMBERED ? sd->t.limber_gap_default
                                                   : 0);
    vf_verdict v;
    int ok = vf_layout_check(sd, u, figures, &l, &v);
    gr_textf(o, "valid=%d", ok);
    if (!ok)
        gr_textf(o, " rule=%s", v.rule);
    gr_textf(o, " formation=%s files=%d ranks=%d last=%d",
             vf_formation_names[vf_formation_of(sd, &l)], l.files, l.ranks, l.last);
    put_len(o, " allowance", vf_move_allowance(sd, u, &l));
    return GR_OK;
}

/* "sees U T": is T visible to U (5.1.2), how many of U's front-rank
 * figures see it, and is T at least partly in U's front arc. */
static gr_status query_sees(const gr_game *g, gr_text *o, const char *a, const char *b,
                            gr_error *err)
{
    int u, t, front;
    if (!unit_arg(g, a, err, &u) || !unit_arg(g, b, err, &t))
        return GR_ERR_ARG;
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    gr_base cells[VF_MAX_CELLS];
    int n = vf_cells(sd, t, &st->unit[t].at, cells);
    gr_g2_arc arc = vf_unit_arc(sd, u, &st->unit[u].at);
    int seeing = vf_seeing_figures(g, u, &st->unit[u].at, t, &st->unit[t].at, &front);
    gr_textf(o, "visible=%d seeing=%d front=%d in-arc=%d", seeing > 0, seeing, front,
             vf_in_arc(&arc, cells, n));
    return GR_OK;
}

static const char *const step_names[] = {"choose", "units", "leader", "army-leader"};

/* "brigade ID": its action-phase and morale flags. */
static void put_brigade(gr_text *o, const gr_game *g, int b)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    unsigned f = st->brigade[b].flags;
    gr_textf(o, "brigade=%s side=%s chosen=%d activated=%d broken=%d routed=%d current=%d "
             "routed-phase=%d fortitude-mod=%d",
             sd->brigade[b].id, vf_side_names[sd->brigade[b].side], !!(f & VF_BF_CHOSEN),
             !!(f & VF_BF_ACTIVATED), !!(f & VF_BF_BROKEN), !!(f & VF_BF_ROUTED),
             st->current == b + 1, st->brigade[b].routed_phase, vf_fortitude_mod(g, b));
}

/* "leader ID": where it stands. */
static void put_leader(gr_text *o, const gr_game *g, int l)
{
    const vf_leader_state *ls = &vf_cst(g)->leader[l];
    gr_textf(o, "leader=%s status=%s", vf_sd(g)->leader[l].id,
             ls->status == VF_UNIT_ON ? "on" : "off");
    if (ls->status == VF_UNIT_ON) {
        put_len(o, " x", ls->x);
        put_len(o, " y", ls->y);
        gr_textf(o, " inside=%s", ls->inside ? vf_sd(g)->terrain[ls->inside - 1].id : "none");
    }
}

gr_status vf_query(const gr_game *g, const char *what, char *buf, size_t size, gr_error *err)
{
    gr_text o = {buf, size, 0};
    char a[64] = "", b[64] = "", c[64] = "", d[64] = "";
    int n = sscanf(what, "%63s %63s %63s %63s", a, b, c, d), r, f;
    const vf_state *st = vf_cst(g);
    gr_status s = GR_OK;
    int u;
    if (n == 2 && !strcmp(a, "unit") && (u = vf_unit_find(vf_sd(g), b)) >= 0)
        put_unit(&o, g, u);
    else if (n == 2 && !strcmp(a, "brigade") &&
             (u = vf_id_brigade(vf_sd(g), vf_id_find(vf_sd(g), b))) >= 0)
        put_brigade(&o, g, u);
    else if (n == 2 && !strcmp(a, "leader") &&
             (u = vf_id_leader(vf_sd(g), vf_id_find(vf_sd(g), b))) >= 0)
        put_leader(&o, g, u);
    else if (n == 3 && !strcmp(a, "sees"))
        s = query_sees(g, &o, b, c, err);
    else if (n == 3 && (!strcmp(a, "distance") || !strcmp(a, "contact")))
        s = query_pair(g, &o, a, b, c, err);
    else if (n == 4 && !strcmp(a, "figure") && sscanf(c, "%d", &r) == 1 &&
             sscanf(d, "%d", &f) == 1)
        s = query_figure(g, &o, b, r, f, err);
    else if (n >= 4 && !strcmp(a, "layout") && sscanf(c, "%d", &r) == 1 &&
             sscanf(d, "%d", &f) == 1) {
        char e[64] = "";
        sscanf(what, "%*s %*s %*s %*s %63s", e);
        s = query_layout(g, &o, b, r, f, e[0] ? e : NULL, err);
    } else if (n == 2 && !strcmp(a, "objective") &&
               (u = vf_id_objective(vf_sd(g), vf_id_find(vf_sd(g), b))) >= 0) {
        static const char *const ctl[] = {"none", "a", "b"};
        gr_textf(&o, "objective=%s controller=%s a=%d b=%d", b, ctl[st->objective[u] % 3],
                 vf_objective_figures(g, u, VF_SIDE_A), vf_objective_figures(g, u, VF_SIDE_B));
    } else if (n == 1 && !strcmp(a, "score")) {
        gr_textf(&o, "score-a=%d score-b=%d defeats-a=%d defeats-b=%d", vf_score(g, VF_SIDE_A),
                 vf_score(g, VF_SIDE_B), st->defeats[0], st->defeats[1]);
    } else if (n == 2 && !strcmp(a, "fate") && (!strcmp(b, "a") || !strcmp(b, "b"))) {
        vf_fate_put(&o, g, b[0] - 'a');
    } else if (n == 1 && !strcmp(a, "board")) {
        vf_query_board(g, &o);
    } else if (n == 1 && !strcmp(a, "units")) {
        vf_query_units(g, &o);
    } else if (n == 1 && !strcmp(a, "phase"))
        gr_textf(&o, "side=%s phase=%s turns-a=%d turns-b=%d step=%s defeats-a=%d defeats-b=%d",
                 vf_side_names[st->active], vf_phase_names[st->phase], st->turns[0], st->turns[1],
                 step_names[st->step & 3], st->defeats[0], st->defeats[1]);
    else
        return gr_failst(err, GR_ERR_ARG, NULL,
                         "unknown vf query '%s' (unit ID | distance U V | contact U V | "
                         "figure ID RANK FILE | layout ID FIGURES FILES [ORDER] | brigade ID | "
                         "leader ID | objective ID | score | phase | fate a|b | board | units)",
                         what);
    if (s == GR_OK && o.len >= size)
        return gr_failst(err, GR_ERR_ARG, NULL, "query answer too long");
    return s;
}

int vf_describe(const gr_game *g, char *buf, size_t size)
{
    gr_text o = {buf, size, 0};
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    if (size)
        buf[0] = '\0';
    gr_textf(&o, "Valour & Fortitude: table %d x %d in; side %s, %s phase; turns a=%d b=%d of %d\n",
             sd->table_w / 100, sd->table_d / 100, vf_side_names[st->active],
             vf_phase_names[st->phase], st->turns[0], st->turns[1], sd->max_turns);
    for (int u = 0; u < sd->nunits; u++) {
        gr_textf(&o, "  ");
        put_unit(&o, g, u);
        gr_textf(&o, "\n");
    }
    for (int s = 0; sd->fate && s < VF_SIDES; s++) {
        gr_textf(&o, "  ");
        vf_fate_put(&o, g, s);
        gr_textf(&o, "\n");
    }
    for (int l = 0; l < sd->nleaders; l++)
        if (st->leader[l].status == VF_UNIT_ON) {
            gr_textf(&o, "  leader=%s side=%s ", sd->leader[l].id,
                     vf_side_names[sd->leader[l].side]);
            put_len(&o, "x", st->leader[l].x);
            put_len(&o, " y", st->leader[l].y);
            gr_textf(&o, "\n");
        }
    return (int)o.len;
}

/* One unit on the table: a legal set-up on the table (vf:1.2.1, 6.3-e). */
static gr_status unit_sane(const gr_game *g, int u, gr_error *err)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_unit *un = &vf_cst(g)->unit[u];
    vf_verdict v;
    gr_base cells[VF_MAX_CELLS];
    const vf_profile *p = vf_unit_profile(sd, u);
    if (un->status > VF_UNIT_ROUTED || un->figures < p->fig_min || un->figures > p->fig_max)
        return gr_failst(err, GR_ERR_STATE, "vf:1.2-a", "%s: bad status or figure count",
                         sd->unit[u].id);
    if (un->status != VF_UNIT_ON)
        return GR_OK;
    if (un->at.order == VF_ORDER_INSIDE) { /* T.3: one unit in a defensible piece */
        int k = un->at.files;
        if (k >= sd->nterrain || !vf_terrain_defensible(sd->terrain[k].kind) ||
            vf_occupant(g, k) != u)
            return gr_failst(err, GR_ERR_STATE, "vf:T.3.1-a", "%s: bad occupation",
                             sd->unit[u].id);
        return GR_OK;
    }
    if (un->at.facing < 0 || un->at.facing >= 36000 ||
        !vf_layout_check(sd, u, un->figures, &un->at, &v))
        return gr_failst(err, GR_ERR_STATE, v.rule, "%s: %s", sd->unit[u].id, v.msg);
    if (!vf_cells_on_table(sd, cells, vf_cells(sd, u, &un->at, cells)))
        return gr_failst(err, GR_ERR_STATE, "vf:6.3-e", "%s is off the table", sd->unit[u].id);
    return GR_OK;
}

/* The action phase's step, current brigade and open move agree. */
static gr_status action_phase_sane(const gr_game *g, gr_error *err)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    int b = st->current - 1, m = vf_moving_unit(st);
    if (st->step > VF_STEP_ARMY || b >= sd->nbrigades || st->nchosen > sd->nbrigades)
        return gr_failst(err, GR_ERR_STATE, NULL, "bad step %d, brigade %d or count %d",
                         st->step, st->current, st->nchosen);
    if (st->phase != VF_PHASE_ACTION && (st->step != VF_STEP_CHOOSE || st->current || m >= 0))
        return gr_failst(err, GR_ERR_STATE, NULL, "a brigade step outside the action phase");
    if ((st->step == VF_STEP_UNITS || st->step == VF_STEP_LEADER) &&
        (b < 0 || sd->brigade[b].side != st->active || !(st->brigade[b].flags & VF_BF_CHOSEN)))
        return gr_failst(err, GR_ERR_STATE, NULL, "step %d without a chosen brigade", st->step);
    if (m >= sd->nunits || (m >= 0 && (st->step != VF_STEP_UNITS ||
                                       sd->unit[m].brigade != b ||
                                       st->unit[m].status != VF_UNIT_ON ||
                                       st->moving.kind >= VF_MK_COUNT)))
        return gr_failst(err, GR_ERR_STATE, NULL, "bad open move of unit %d", m);
    return GR_OK;
}

gr_status vf_sanity(const gr_game *g, gr_error *err)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    gr_base a[VF_MAX_CELLS], b[VF_MAX_CELLS];
    if (st->phase > VF_PHASE_OVER || st->active >= VF_SIDES)
        return gr_failst(err, GR_ERR_STATE, NULL, "bad phase %d or active side %d", st->phase,
                         st->active);
    gr_status s = action_phase_sane(g, err);
    if (s == GR_OK)
        s = vf_fate_sanity(g, err);
    if (s != GR_OK)
        return s;
    int moving = vf_moving_unit(st); /* a waypoint may overlap a friend passed through */
    for (int u = 0; u < sd->nunits; u++) {
        s = unit_sane(g, u, err);
        if (s != GR_OK)
            return s;
        if (st->unit[u].status != VF_UNIT_ON || u == moving)
            continue;
        int na = vf_cells(sd, u, &st->unit[u].at, a);
        for (int v = u + 1; v < sd->nunits; v++) {
            if (st->unit[v].status != VF_UNIT_ON || v == moving)
                continue;
            int nb = vf_cells(sd, v, &st->unit[v].at, b);
            if (vf_cells_overlap(sd, a, na, b, nb))
                return gr_failst(err, GR_ERR_STATE, "vf:1.2.1-b", "%s overlaps %s",
                                 sd->unit[u].id, sd->unit[v].id);
        }
    }
    return GR_OK;
}
