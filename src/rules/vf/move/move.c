/* move.c — the Move (vf:6.3) and Double move (vf:6.6) actions: decoding an
 * action into a final layout, validating it rule by rule (each refusal
 * cites the statement it breaks), and applying it.  Path details are in
 * path.c, reorganisation layouts in reform.c. */
#include <stdio.h>
#include <string.h>

#include "../vf.h"

/* Everything the checks share. */
typedef struct mctx {
    const gr_game *g;
    const vf_sdata *sd;
    const vf_state *st;
    const vf_move *m;
    int u, side;
    vf_layout start, mid, mid2;    /* mid = start unless reorganising; mid2:
                                      reform=both, where the move ends       */
    gr_base start_c[VF_MAX_CELLS], mid_c[VF_MAX_CELLS], mid2_c[VF_MAX_CELLS],
        to_c[VF_MAX_CELLS];
    int n;                         /* cells per layout (same for all three) */
    gr_error *why;
} mctx;

static void fmt_len(char *buf, size_t size, int32_t v)
{
    snprintf(buf, size, "%s%d.%02d", v < 0 ? "-" : "", (v < 0 ? -v : v) / 100,
             (v < 0 ? -v : v) % 100);
}

/* ------------------------------------------------------------ decoding */

/* New shape of the unit when the action names files or an order. */
static gr_status decode_shape(const gr_game *g, const gr_action *a, vf_move *m, gr_error *why)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_layout *cur = &vf_cst(g)->unit[m->unit].at;
    int files = a->arg[4], order = a->arg[5];
    if (files < 0 || files > VF_MAX_FIGURES || order < 0 || order > VF_ORDER_COUNT ||
        a->arg[6] < VF_REFORM_NONE || a->arg[6] > VF_REFORM_BOTH || a->arg[7] < 0 ||
        a->arg[7] > 1)
        return gr_failst(why, GR_ERR_ARG, NULL, "move: bad files/order/reform/anchor");
    m->reform = a->arg[6];
    m->anchor_right = a->arg[7];
    int new_order = order == VF_ORDER_KEEP ? cur->order : order - 1;
    int new_files = files == 0 ? cur->files : files;
    if (new_order == cur->order && new_files == cur->files)
        return GR_OK;
    m->to.order = (uint8_t)new_order;
    m->to.gap = (uint8_t)(new_order == VF_ORDER_OPEN         ? sd->t.open_gap_default
                          : new_order == VF_ORDER_UNLIMBERED ? sd->t.limber_gap_default
                                                             : 0);
    int figs = VF_ORDER_ARTILLERY(new_order) ? 1 : vf_cst(g)->unit[m->unit].figures;
    vf_layout_shape(&m->to, figs, VF_ORDER_ARTILLERY(new_order) ? 1 : new_files);
    return GR_OK;
}

gr_status vf_move_from_action(const gr_game *g, const gr_action *a, vf_move *m, gr_error *why)
{
    const vf_sdata *sd = vf_sd(g);
    memset(m, 0, sizeof *m);
    m->unit = a->arg[0];
    m->player = a->player;
    m->kind = a->kind == VF_ACT_DOUBLE    ? VF_MK_DOUBLE
              : a->kind == VF_ACT_RETREAT ? VF_MK_RETREAT
              : a->kind == VF_ACT_ASSAULT ? VF_MK_ASSAULT
                                          : VF_MK_MOVE;
    m->doubled = m->kind == VF_MK_DOUBLE;
    if (m->unit < 0 || m->unit >= sd->nunits)
        return gr_failst(why, GR_ERR_ARG, NULL, "no unit %d", m->unit);
    if (a->arg[3] < 0 || a->arg[3] >= 36000 || a->arg[3] % 10 != 0)
        return gr_failst(why, GR_ERR_ARG, NULL,
                         "facing must be 0.00 to 359.90 degrees in steps of 0.10");
    if (a->arg[1] < -GR_G2_COORD_MAX / 2 || a->arg[1] > GR_G2_COORD_MAX / 2 ||
        a->arg[2] < -GR_G2_COORD_MAX / 2 || a->arg[2] > GR_G2_COORD_MAX / 2)
        return gr_fail(why, "vf:6.3-e", "that position is far off the battlefield");
    m->to = vf_cst(g)->unit[m->unit].at;
    m->to.x = a->arg[1];
    m->to.y = a->arg[2];
    m->to.facing = a->arg[3];
    int shaped = m->kind == VF_MK_MOVE || m->kind == VF_MK_RETREAT;
    return shaped ? decode_shape(g, a, m, why) : GR_OK;
}

/* ------------------------------------------------------------ helpers */

/* Unit v's cells as it stands, copied from the cache (cache.c) into out. */
static int unit_cells(const mctx *c, int v, gr_base *out)
{
    const gr_base *cells;
    int n = vf_unit_cells(c->g, v, out, &cells);
    if (cells != out)
        memcpy(out, cells, sizeof *out * (size_t)n);
    return n;
}

static int is_other_on_table(const mctx *c, int v)
{
    return v != c->u && c->st->unit[v].status == VF_UNIT_ON;
}

/* First enemy unit whose distance to `cells` does not satisfy `cmp x`,
 * or -1. */
static int enemy_failing(const mctx *c, const gr_base *cells, int n, gr_len x, gr_g2_cmp cmp)
{
    gr_base other[VF_MAX_CELLS];
    vf_box box = vf_cells_box(cells, n, 0);
    for (int v = 0; v < c->sd->nunits; v++) {
        if (!is_other_on_table(c, v) || c->sd->unit[v].side == c->side)
            continue;
        if ((cmp == GR_G2_AT_LEAST || cmp == GR_G2_MORE_THAN) &&
            vf_boxes_apart(box, vf_unit_box(c->g, v), x + 1))
            continue;
        int k = unit_cells(c, v, other);
        if (cmp == GR_G2_AT_LEAST && c->st->unit[v].at.order == VF_ORDER_INSIDE) {
            /* T.3.4-b: within 3" of an occupied piece, never touching it */
            if (vf_cells_touch(c->sd, cells, n, other, k))
                return v;
            continue;
        }
        if (!vf_cells_dist_ok(cells, n, other, k, x, cmp))
            return v;
    }
    return -1;
}

static gr_status refuse_enemy(const mctx *c, int v, const char *rule, const char *what,
                              gr_len x)
{
    char d[16];
    fmt_len(d, sizeof d, x);
    return gr_fail(c->why, rule, "%s %s %s\" of enemy unit %s", c->sd->unit[c->u].id, what, d,
                   c->sd->unit[v].id);
}

/* Placement checks shared by the end of a move and a reorganised layout:
 * on the table, no overlap, no friendly contact (vf:6.3-e, 1.2.1-b; for a
 * reorganisation all three are vf:6.3.3-d). */
static gr_status check_placement(const mctx *c, const gr_base *cells, int n, const char *when,
                                 int reorganising)
{
    gr_base other[VF_MAX_CELLS];
    if (!vf_cells_on_table(c->sd, cells, n))
        return gr_fail(c->why, reorganising ? "vf:6.3.3-d" : "vf:6.3-e",
                       "%s would leave the battlefield %s",
                       c->sd->unit[c->u].id, when);
    int piece = vf_terrain_closed_at(c->sd, cells, n);
    if (piece >= 0)
        return gr_fail(c->why, vf_terrain_rule(c->sd->terrain[piece].kind),
                       "%s cannot stand on %s %s", c->sd->unit[c->u].id,
                       vf_terrain_kinds[c->sd->terrain[piece].kind], c->sd->terrain[piece].id);
    vf_box box = vf_cells_box(cells, n, 0);
    for (int v = 0; v < c->sd->nunits; v++) {
        if (!is_other_on_table(c, v))
            continue;
        if (vf_boxes_apart(box, vf_unit_box(c->g, v), c->sd->t.contact_tol + 1))
            continue;
        int k = unit_cells(c, v, other);
        if (vf_cells_overlap(c->sd, cells, n, other, k))
            return gr_fail(c->why, reorganising ? "vf:6.3.3-d" : "vf:1.2.1-b",
                           "%s would overlap %s %s", c->sd->unit[c->u].id,
                           c->sd->unit[v].id, when);
        if (c->sd->unit[v].side == c->side && c->st->unit[v].at.order != VF_ORDER_INSIDE &&
            vf_cells_touch(c->sd, cells, n, other, k)) /* T.3.4-a: a friend's piece may */
            return gr_fail(c->why, reorganising ? "vf:6.3.3-d" : "vf:6.3-e",
                           "%s would end in contact with friendly unit %s %s",
                           c->sd->unit[c->u].id, c->sd->unit[v].id, when);
    }
    return GR_OK;
}

/* ------------------------------------------------------------ checks */

static gr_status check_actor(const mctx *c)
{
    if (c->m->stage == VF_MS_LEG && vf_moving_unit(c->st) == c->u)
        return GR_OK; /* checked when the move opened */
    if (c->st->unit[c->u].at.order == VF_ORDER_INSIDE)
        return gr_fail(c->why, "vf:T.3.3-a", "%s occupies %s: it leaves it with `leave`",
                       c->sd->unit[c->u].id, c->sd->terrain[c->st->unit[c->u].at.files].id);
    if (c->m->forced)
        return GR_OK; /* the combat phase calls for it (7.2.5) */
    gr_status s = vf_actor_check(c->g, c->u, c->m->player, c->why);
    return s == GR_OK ? vf_fate_surprise_check(c->g, c->u, c->m->kind, c->why) : s;
}

/* The final formation: a legal set-up, and unchanged unless reorganised. */
static gr_status check_formation(const mctx *c)
{
    const vf_move *m = c->m;
    const vf_layout *s = &c->start;
    vf_verdict v;
    int changed = m->to.order != s->order || m->to.files != s->files ||
                  m->to.ranks != s->ranks || m->to.last != s->last;
    if (changed && m->doubled)
        return gr_fail(c->why, "vf:6.6-a", "a double move cannot reorganise");
    if (changed && m->kind == VF_MK_ASSAULT)
        return gr_fail(c->why, "vf:6.3.3-a", "an assault cannot reorganise (only a Move or a "
                       "Retreat)");
    if (m->reform == VF_REFORM_BOTH &&
        (!VF_HAS(vf_unit_profile(c->sd, c->u)->rules, VF_SR_HORSE_ARTILLERY) ||
         m->kind == VF_MK_ASSAULT || m->to.order != s->order))
        return gr_fail(c->why, "vf:6.3.3-a", "only Horse Artillery reorganises both before and "
                       "after a Move or Retreat, back into the order it started in");
    if (changed && m->reform == VF_REFORM_NONE)
        return gr_fail(c->why, "vf:6.3-c",
                       "a Move ends in the formation it started in; declare reform=before "
                       "or reform=after to change it");
    if (!vf_layout_check(c->sd, c->u, c->st->unit[c->u].figures, &m->to, &v))
        return gr_fail(c->why, v.rule, "%s: %s", c->sd->unit[c->u].id, v.msg);
    const vf_profile *p = vf_unit_profile(c->sd, c->u);
    if ((m->reform != VF_REFORM_NONE || m->to.facing != s->facing) &&
        VF_HAS(p->rules, VF_SR_STATIC_ARTILLERY))
        return gr_fail(c->why, "vf:SR-StaticArtillery-b", "static artillery cannot limber or "
                       "change facing");
    return GR_OK;
}

/* Where the unit starts from (vf:6.3.2-b, 6.6-a). */
static gr_status check_start(const mctx *c)
{
    const vf_tables *t = &c->sd->t;
    int v;
    if (c->m->kind == VF_MK_RETREAT)
        return GR_OK; /* vf:6.4-a: it may start in contact or within 3" */
    if (c->m->kind == VF_MK_ASSAULT)
        return vf_assault_start(c->g, c->u, c->why);
    if (c->m->doubled && VF_HAS(vf_unit_profile(c->sd, c->u)->rules, VF_SR_BATTALION_GUNS))
        return gr_fail(c->why, "vf:SR-BattalionGuns-a", "%s has battalion guns: it cannot "
                       "double move", c->sd->unit[c->u].id);
    if (c->m->doubled) {
        v = enemy_failing(c, c->start_c, c->n, t->double_distance, GR_G2_MORE_THAN);
        return v < 0 ? GR_OK
                     : refuse_enemy(c, v, "vf:6.6-a", "must start a double move more than",
                                    t->double_distance);
    }
    v = enemy_failing(c, c->start_c, c->n, t->keep_away, GR_G2_AT_LEAST);
    return v < 0 ? GR_OK
                 : refuse_enemy(c, v, "vf:6.3.2-b", "cannot Move (only Retreat): it starts "
                                "less than", t->keep_away);
}

/* The layout the unit moves in: the new one after reorganising before
 * (or both before and after), else the one it started in. */
static const vf_layout *moving_layout(const mctx *c)
{
    int before = c->m->reform == VF_REFORM_BEFORE || c->m->reform == VF_REFORM_BOTH;
    return before ? &c->mid : &c->start;
}

static int same_pose(const vf_layout *a, const vf_layout *b)
{
    return a->x == b->x && a->y == b->y && a->facing == b->facing;
}

/* SR-HorseArtillery-b: both reorganisations start and end more than 3"
 * from every enemy unit (vf:6.3.3-b); the first one's set-up is placed as
 * a reorganisation before moving is (vf:6.3.3-d). */
static gr_status check_reform_both(const mctx *c)
{
    const vf_tables *t = &c->sd->t;
    const gr_base *at[4] = {c->start_c, c->mid_c, c->mid2_c, c->to_c};
    for (int i = 0; i < 4; i++) {
        int v = enemy_failing(c, at[i], c->n, t->reorganise_distance, GR_G2_MORE_THAN);
        if (v >= 0)
            return refuse_enemy(c, v, "vf:6.3.3-b", "must start and end a reorganisation "
                                "more than", t->reorganise_distance);
    }
    return check_placement(c, c->mid_c, c->n, "when it reorganises", 1);
}

/* The reorganisation itself (vf:6.3.3-b, 6.3.3-d, SR-Militia-a, SR-Stoic-a). */
static gr_status check_reform(const mctx *c)
{
    const vf_move *m = c->m;
    const vf_tables *t = &c->sd->t;
    if (m->reform == VF_REFORM_NONE)
        return GR_OK;
    if (m->reform == VF_REFORM_BOTH)
        return check_reform_both(c);
    int before = m->reform == VF_REFORM_BEFORE;
    const gr_base *first = before ? c->start_c : c->mid_c, *then = before ? c->mid_c : c->to_c;
    int v = enemy_failing(c, first, c->n, t->reorganise_distance, GR_G2_MORE_THAN);
    if (v < 0)
        v = enemy_failing(c, then, c->n, t->reorganise_distance, GR_G2_MORE_THAN);
    if (v >= 0)
        return refuse_enemy(c, v, "vf:6.3.3-b", "must start and end a reorganisation more than",
                            t->reorganise_distance);
    const vf_profile *p = vf_unit_profile(c->sd, c->u);
    int moves = before ? !same_pose(&c->mid, &m->to) : !same_pose(&c->start, &c->mid);
    if (moves && (c->start.order == VF_ORDER_SQUARE || m->to.order == VF_ORDER_SQUARE))
        return gr_fail(c->why, "vf:SR-Square-a", "%s forms or leaves square only in an action "
                       "in which it does not move", c->sd->unit[c->u].id);
    if (moves && (VF_HAS(p->rules, VF_SR_MILITIA) || VF_HAS(p->rules, VF_SR_STOIC)))
        return gr_fail(c->why, VF_HAS(p->rules, VF_SR_MILITIA) ? "vf:SR-Militia-a"
                                                              : "vf:SR-Stoic-a",
                       "%s cannot move in the phase it reorganises", c->sd->unit[c->u].id);
    return before ? check_placement(c, c->mid_c, c->n, "when it reorganises", 1) : GR_OK;
}

/* Path length against the move distance (vf:6.3-a, 6.3.1, 6.6-a): each
 * figure's path over this leg, added to its path so far in a compound
 * move, is at most the distance (spec §0.3 "menor o igual": d <= X + EPS,
 * exact in sub-units since every length is rounded up). */
static gr_status check_distance(mctx *c, const vf_leg *leg)
{
    const vf_layout *moving = moving_layout(c);
    int32_t allowance = vf_unit_allowance(c->g, c->u, moving);
    if (c->m->doubled)
        allowance *= c->sd->t.double_factor;
    int64_t limit = (int64_t)allowance * GR_G2_SUB + GR_G2_EPS_SUB, longest = 0;
    for (int i = 0; i < leg->n; i++) {
        int64_t d = (int64_t)leg->cost[i] + (c->m->used ? c->m->used[i] : 0);
        longest = d > longest ? d : longest;
    }
    if (longest <= limit)
        return GR_OK;
    char a[16], d[16];
    fmt_len(a, sizeof a, allowance);
    fmt_len(d, sizeof d, (int32_t)((longest + GR_G2_SUB / 2) / GR_G2_SUB));
    return gr_fail(c->why, c->m->doubled ? "vf:6.6-a" : "vf:6.3-a",
                   "a figure of %s would travel %s\"; its move distance is %s\"",
                   c->sd->unit[c->u].id, d, a);
}

/* Leaders never block movement (vf:1.3-c); a unit may end on an enemy
 * leader, which is displaced (vf:6.3.2-d, vf_displace_leaders) but not
 * on a friendly one (Interp. A56 would have its owner nudge it: not
 * implemented, refused citing 1.3-c). */
static gr_status check_leaders(const mctx *c, const gr_base *cells, int n)
{
    const vf_tables *t = &c->sd->t;
    for (int l = 0; l < c->sd->nleaders; l++) {
        if (c->st->leader[l].status != VF_UNIT_ON || c->sd->leader[l].side != c->side)
            continue;
        gr_base b = {{c->st->leader[l].x, c->st->leader[l].y}, t->leader_w, t->leader_d, 0};
        if (vf_cells_overlap(c->sd, cells, n, &b, 1))
            return gr_fail(c->why, "vf:1.3-c", "%s would end on friendly leader %s",
                           c->sd->unit[c->u].id, c->sd->leader[l].id);
    }
    return GR_OK;
}

/* The end of a Retreat or an Assault against its start facts. */
static gr_status check_end_kind(const mctx *c)
{
    vf_start_facts own;
    const vf_start_facts *f = c->m->facts;
    if (!f) {
        vf_start_facts_of(c->g, c->u, c->m->kind, &own);
        f = &own;
    }
    return c->m->kind == VF_MK_RETREAT ? vf_retreat_end(c->g, c->u, &c->m->to, f, c->why)
                                       : vf_assault_end(c->g, c->u, &c->m->to, f, c->why);
}

/* The end position (vf:6.3-e, 1.2.1-b, 6.3.2-a, 6.6-a; 6.4-b/c, 6.5-a..d). */
static gr_status check_end(const mctx *c)
{
    const vf_tables *t = &c->sd->t;
    gr_status s = check_placement(c, c->to_c, c->n, "at the end of its move", 0);
    if (s != GR_OK)
        return s;
    if (c->m->kind == VF_MK_RETREAT || c->m->kind == VF_MK_ASSAULT) {
        s = check_end_kind(c);
        return s == GR_OK ? check_leaders(c, c->to_c, c->n) : s;
    }
    int v = enemy_failing(c, c->to_c, c->n, t->keep_away, GR_G2_AT_LEAST);
    if (v >= 0)
        return refuse_enemy(c, v, "vf:6.3.2-a", "would end less than", t->keep_away);
    if (c->m->doubled) {
        v = enemy_failing(c, c->to_c, c->n, t->double_distance, GR_G2_MORE_THAN);
        if (v >= 0)
            return refuse_enemy(c, v, "vf:6.6-a", "must end a double move more than",
                                t->double_distance);
    }
    s = check_leaders(c, c->to_c, c->n);
    return s == GR_OK && moving_layout(c) == &c->mid ? check_leaders(c, c->mid_c, c->n) : s;
}

static int in_enemy_contact(const mctx *c, int v)
{
    gr_base mine[VF_MAX_CELLS], other[VF_MAX_CELLS];
    int n = -1;
    vf_box box = vf_unit_box(c->g, v);
    for (int e = 0; e < c->sd->nunits; e++) {
        if (c->st->unit[e].status != VF_UNIT_ON || c->sd->unit[e].side == c->sd->unit[v].side ||
            vf_boxes_apart(box, vf_unit_box(c->g, e), 2 * GR_G2_INCH + 2))
            continue;
        if (n < 0)
            n = unit_cells(c, v, mine);
        int k = unit_cells(c, e, other);
        if (vf_cells_contact(c->sd, mine, n, other, k)) /* T.2.1-a: across a barrier too */
            return 1;
    }
    return 0;
}

/* Friendly unit v may be moved through (vf:6.3-d, SR-OpenOrder-h). */
static int passable(const mctx *c, int v)
{
    const vf_unit_def *a = &c->sd->unit[c->u], *b = &c->sd->unit[v];
    const vf_layout *moving = moving_layout(c);
    if (moving->order == VF_ORDER_OPEN && c->st->unit[v].at.order == VF_ORDER_OPEN)
        return 1;
    return a->brigade == b->brigade && !in_enemy_contact(c, v);
}

/* Every figure's path (vf:6.3.2-a keep-away, vf:6.3-d no passing through). */
static gr_status check_paths(const mctx *c, const vf_leg *p)
{
    const vf_tables *t = &c->sd->t;
    uint8_t blocked[VF_MAX_CELLS] = {0};
    int16_t by[VF_MAX_CELLS];
    gr_base other[VF_MAX_CELLS];
    int32_t bulge = (t->cav_w + t->cav_d + t->gun_w + t->gun_d) / 2;
    /* retreats and assaults waive the keep-away, but never cross an enemy
       base (vf:6.4-e, 6.3-d) */
    int keeps = c->m->kind == VF_MK_MOVE || c->m->kind == VF_MK_DOUBLE;
    vf_box sweep = vf_box_union(vf_cells_box(p->from, p->n, bulge),
                                vf_cells_box(p->to, p->n, bulge));
    for (int v = 0; v < c->sd->nunits; v++) {
        if (!is_other_on_table(c, v))
            continue;
        int enemy = c->sd->unit[v].side != c->side;
        if (vf_boxes_apart(sweep, vf_unit_box(c->g, v), enemy ? t->keep_away + 1 : 1))
            continue;
        int k = unit_cells(c, v, other);
        int inside = c->st->unit[v].at.order == VF_ORDER_INSIDE; /* T.3.4-b */
        if (enemy || !passable(c, v))
            vf_leg_against(c->sd, p, other, k, enemy && keeps && !inside ? t->keep_away : -1, v,
                           blocked, by);
        if (!c->why && memchr(blocked, 3, (size_t)p->n))
            break; /* refused: without a message, which figure does not matter */
    }
    for (int k = 0; k < c->sd->nterrain; k++)
        if (vf_terrain_closed(c->sd->terrain[k].kind))
            vf_leg_against(c->sd, p, &c->sd->terrain[k].area, 1, -1, VF_TERRAIN_TAG + k, blocked,
                           by);
    for (int i = 0; i < p->n; i++) {
        if (blocked[i] != 3)
            continue;
        int v = by[i];
        if (v >= VF_TERRAIN_TAG) {
            const vf_terrain_def *piece = &c->sd->terrain[v - VF_TERRAIN_TAG];
            return gr_fail(c->why, vf_terrain_rule(piece->kind), "%s would move through %s %s",
                           c->sd->unit[c->u].id, vf_terrain_kinds[piece->kind], piece->id);
        }
        if (c->sd->unit[v].side != c->side && keeps)
            return refuse_enemy(c, v, "vf:6.3.2-a", "would pass less than", t->keep_away);
        if (c->sd->unit[v].side != c->side)
            return gr_fail(c->why, c->m->kind == VF_MK_RETREAT ? "vf:6.4-e" : "vf:6.3-d",
                           "%s would move through enemy unit %s", c->sd->unit[c->u].id,
                           c->sd->unit[v].id);
        return gr_fail(c->why, "vf:6.3-d", "%s would move through %s (%s)", c->sd->unit[c->u].id,
                       c->sd->unit[v].id,
                       c->sd->unit[v].brigade != c->sd->unit[c->u].brigade
                           ? "another brigade"
                           : "it is in contact with the enemy");
    }
    return GR_OK;
}

/* Fills the fixed fields of a move context. */
static void prepare_basic(mctx *c, const gr_game *g, const vf_move *m, gr_error *why)
{
    c->g = g;
    c->sd = vf_sd(g);
    c->st = vf_cst(g);
    c->m = m;
    c->u = m->unit;
    c->side = c->sd->unit[m->unit].side;
    c->why = why;
}

/* Fills the layouts and cells of a move context (unit on the table). */
static void prepare_layouts(mctx *c)
{
    const vf_move *m = c->m;
    c->start = c->st->unit[c->u].at;
    c->mid = c->mid2 = c->start;
    if (m->reform == VF_REFORM_BOTH)
        vf_reform_both(c->sd, c->u, &c->start, m, &c->mid, &c->mid2);
    else if (m->reform != VF_REFORM_NONE)
        vf_reform_layouts(c->sd, c->u, &c->start, m, &c->mid);
    c->n = vf_cells(c->sd, c->u, &c->start, c->start_c);
    vf_cells(c->sd, c->u, &c->mid, c->mid_c);
    if (m->reform == VF_REFORM_BOTH)
        vf_cells(c->sd, c->u, &c->mid2, c->mid2_c);
    vf_cells(c->sd, c->u, &m->to, c->to_c);
}

/* The leg of the moving part of the action (between the reorganisation
 * and the end, or the start and the reorganisation). */
static void set_leg(const mctx *c, vf_leg *leg)
{
    int both = c->m->reform == VF_REFORM_BOTH, after = c->m->reform == VF_REFORM_AFTER;
    const vf_layout *fl = moving_layout(c);
    const vf_layout *tl = after ? &c->mid : both ? &c->mid2 : &c->m->to;
    vf_leg_plan(fl, fl == &c->mid ? c->mid_c : c->start_c, tl,
                after ? c->mid_c : both ? c->mid2_c : c->to_c, c->n, leg);
    vf_leg_terrain(c->sd, c->u, fl, leg); /* T.2.6-a */
}

/* A leg of a compound move ends on the table (vf:6.3-e: figures never
 * leave the battlefield); the rest of the end is checked by `finish`. */
static gr_status check_leg_end(const mctx *c)
{
    if (vf_cells_on_table(c->sd, c->to_c, c->n))
        return GR_OK;
    return gr_fail(c->why, "vf:6.3-e", "%s would leave the battlefield", c->sd->unit[c->u].id);
}

gr_status vf_move_check(const gr_game *g, const vf_move *m, gr_error *why)
{
    mctx c;
    vf_leg leg;
    gr_status s;
    if (m->unit < 0 || m->unit >= vf_sd(g)->nunits)
        return gr_failst(why, GR_ERR_ARG, NULL, "no unit %d", m->unit);
    if (vf_move_known_legal(g, m))
        return GR_OK; /* checked legal in this very state (cache.c) */
    prepare_basic(&c, g, m, why);
    if ((s = check_actor(&c)) != GR_OK)
        return s;
    prepare_layouts(&c);
    if ((s = check_formation(&c)) != GR_OK)
        return s;
    if (m->stage == VF_MS_WHOLE && ((s = check_start(&c)) != GR_OK || (s = check_reform(&c)) != GR_OK))
        return s;
    set_leg(&c, &leg);
    if ((s = check_distance(&c, &leg)) != GR_OK)
        return s;
    s = m->stage == VF_MS_WHOLE ? check_end(&c) : check_leg_end(&c);
    if (s == GR_OK && (s = check_paths(&c, &leg)) == GR_OK)
        vf_move_note_legal(g, m);
    return s;
}

gr_status vf_move_start_check(const gr_game *g, int u, int player, int kind, gr_error *why)
{
    mctx c;
    vf_move m = {.unit = u, .player = player, .doubled = kind == VF_MK_DOUBLE, .kind = kind};
    gr_status s;
    if (u < 0 || u >= vf_sd(g)->nunits)
        return gr_failst(why, GR_ERR_ARG, NULL, "no unit %d", u);
    m.to = vf_cst(g)->unit[u].at;
    prepare_basic(&c, g, &m, why);
    if ((s = check_actor(&c)) != GR_OK)
        return s;
    prepare_layouts(&c);
    return check_start(&c);
}

gr_status vf_move_end_check(const gr_game *g, int u, int kind, const vf_start_facts *f,
                            gr_error *why)
{
    mctx c;
    vf_move m = {.unit = u, .player = vf_sd(g)->unit[u].side, .doubled = kind == VF_MK_DOUBLE,
                 .kind = kind, .facts = f};
    m.to = vf_cst(g)->unit[u].at;
    prepare_basic(&c, g, &m, why);
    prepare_layouts(&c);
    return check_end(&c);
}

void vf_move_apply(gr_game *g, const vf_move *m)
{
    mctx c;
    vf_leg leg;
    prepare_basic(&c, g, m, NULL);
    prepare_layouts(&c);
    set_leg(&c, &leg);
    int32_t path = (vf_leg_longest(&leg) + GR_G2_SUB / 2) / GR_G2_SUB;
    vf_unit *un = &vf_st(g)->unit[m->unit];
    un->at = m->to;
    un->flags |= VF_UF_ACTED;
    un->flags &= (uint8_t)~VF_UF_ENTRENCHED; /* SR-Entrenchments-a: it moved */
    vf_occupy_after_move(g, m->unit, m->kind); /* T.3.2-c */
    vf_fate_after_move(g, m->unit, m->kind); /* Surprise Attack */
    if (m->reform != VF_REFORM_NONE)
        gr_emitv(g, GR_EV_SYSTEM + VF_EV_REFORMED, 3, m->unit, vf_formation_of(c.sd, &m->to),
                 m->to.files);
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_MOVED, 5, m->unit, m->to.x, m->to.y, m->to.facing, path);
    vf_displace_leaders(g, m->unit); /* 6.3.2-d */
}
