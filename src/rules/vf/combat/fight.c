/* fight.c — one combat (vf:7.2, 8.0-8.3, 9.2.1, 9.2.2).
 *
 * Step 1: the main attacker makes a combat attack on its target; step 2:
 * the target fights back against the main attacker, with its state from
 * before step 1 (hits are held).  The Combat value (8.1): 1 for a march
 * column or limbered artillery (8.1.1-c, Interp. A15); halved when at most
 * one of its front-rank figures touches the unit it fights (8.1.6-a,
 * flanked); + half the profile Fire (at least 1) for infantry in line
 * against a visible target (8.1.2-a, A61; never Militia); +1 when the unit
 * it fights cannot see it (8.1.4-a); +2 per combat supporter, +1 for one in
 * open order (8.2.2-a; active side only, Interp. A11); +1 for brigade
 * support (8.2.3-a, A16).  Hit tests: 4+, +1 with no casualty markers
 * (8.3-b), -1 when shaken (8.3-c).  Step 3: more hits wins, a tie goes to
 * the active side (7.2.3).  Step 4: both sides' hits become casualties; the
 * winner takes no valour test (9.2.1); a losing artillery unit, or infantry
 * whose enemies in the combat were all cavalry, routs at once (9.2.2, A8:
 * the fighting unit and its supporters).  Step 5: surviving losing cavalry
 * must retreat, winning cavalry may (7.2.5; phase.c asks its owner).
 *
 * Brigade support (8.2.3) is optional for its owner (Interp. A70).  This
 * version chooses for both sides: the first eligible unit (in scenario
 * order) that would not rout automatically if its side lost (not
 * artillery; not infantry against cavalry only); none when every eligible
 * unit would. */
#include "../vf.h"

#define MAX_COMBAT_SUPPORT 3

static int march_like(const vf_sdata *sd, const vf_layout *l)
{
    int f = vf_formation_of(sd, l);
    return f == VF_FORM_MARCH_COLUMN || f == VF_FORM_LIMBERED;
}

int vf_combat_value(const gr_game *g, int x, int y, int support, int brigade)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    const vf_layout *xl = &st->unit[x].at, *yl = &st->unit[y].at;
    const vf_profile *p = vf_unit_profile(sd, x);
    int base = march_like(sd, xl) ? 1 : p->combat + st->unit[x].combat_adj;
    int inside = xl->order == VF_ORDER_INSIDE, target_inside = yl->order == VF_ORDER_INSIDE;
    int halve = !VF_ALL_ROUND(xl) && vf_front_contact(g, x, y, NULL) <= 1; /* 8.1.6-a, T.3.2-h */
    if ((p->type == VF_CAVALRY || p->type == VF_ARTILLERY) && (inside || target_inside))
        halve = 1; /* T.3.5-b */
    int covered = vf_cover_from(g, y, x) > 0;
    if (p->type == VF_CAVALRY && covered)
        halve = 1; /* T.2.2-e */
    if ((p->type == VF_CAVALRY || p->type == VF_ARTILLERY) &&
        (vf_unit_in_difficult(g, x) || vf_unit_in_difficult(g, y)))
        halve = 1; /* T.2.6-b */
    int add = support + brigade + 2 * vf_canister(g, x, y); /* SR-Canister-a */
    if (xl->order == VF_ORDER_OPEN && !vf_unit_cover(g, x))
        add -= 1; /* SR-OpenOrder-f */
    if (p->type == VF_INFANTRY && vf_formation_of(sd, xl) == VF_FORM_LINE && !covered &&
        !VF_HAS(p->rules, VF_SR_MILITIA) && p->fire >= 1 && vf_visible(g, x, xl, y, yl))
        add += p->fire / 2 < 1 ? 1 : p->fire / 2; /* 8.1.2-a */
    if (!vf_visible(g, y, yl, x, xl) && !VF_ALL_ROUND(yl))
        add += 1; /* 8.1.4-a; never against an occupant (T.3.2-h) or a square */
    if (xl->order == VF_ORDER_SQUARE)
        add += 1; /* SR-Square-f */
    if (inside && p->type == VF_INFANTRY)
        add += 1; /* T.3.5-a */
    if (target_inside && vf_formation_of(sd, xl) == VF_FORM_ATTACK_COLUMN)
        add += 1; /* 8.1.1-b */
    add += vf_fate_combat_bonus(g, x) + vf_entrenched(g, x); /* fate; SR-Entrenchments-b */
    if (st->unit[x].cflags & VF_CF_SECOND)
        add -= 1; /* SR-Impetuous-b: its second combat of the turn */
    return vf_modified(base, halve, add);
}

/* Unit s touches an enemy unit nobody chose as a target (8.2.2-c). */
static int touches_untargeted(const gr_game *g, int s)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    for (int y = 0; y < sd->nunits; y++) {
        if (sd->unit[y].side == sd->unit[s].side || st->unit[y].status != VF_UNIT_ON ||
            !vf_unit_contact(g, s, y))
            continue;
        int chosen = 0;
        for (int u = 0; u < sd->nunits && !chosen; u++)
            chosen = st->unit[u].target == y + 1;
        if (!chosen)
            return 1;
    }
    return 0;
}

/* The combat supporters of main attacker m against t (8.2.2-a/c, 8.2-a/b,
 * Interp. A31: co-targeting units that cannot support add nothing);
 * returns their count, the bonus in *bonus. */
static int combat_support(const gr_game *g, int m, int t, int *sup, int *bonus)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    int n = 0, slots = 0;
    *bonus = 0;
    for (int s = 0; s < sd->nunits && slots < MAX_COMBAT_SUPPORT; s++) {
        const vf_unit *un = &st->unit[s];
        if (s == m || un->target != t + 1 || un->status != VF_UNIT_ON ||
            (un->cflags & VF_CF_SUPPORTED) || march_like(sd, &un->at) ||
            vf_front_contact(g, s, t, NULL) < 3 || touches_untargeted(g, s))
            continue;
        sup[n++] = s;
        int w = un->at.order == VF_ORDER_OPEN ? 1 : 2; /* SR-OpenOrder-g */
        int two = vf_canister(g, s, t) && slots + 2 <= MAX_COMBAT_SUPPORT; /* SR-Canister-b */
        *bonus += two ? 2 * w : w;
        slots += two ? 2 : 1;
    }
    return n;
}

/* Would unit u rout automatically if its side lost against enemies that
 * are all cavalry (`all_cav`)?  9.2.2-a. */
static int auto_routs(const vf_sdata *sd, int u, int all_cav)
{
    int type = vf_unit_profile(sd, u)->type;
    return type == VF_ARTILLERY || (type == VF_INFANTRY && all_cav);
}

/* The brigade supporter of fighting unit f (8.2.3-a), or -1 (see the file
 * comment for the choice). */
static int brigade_support(const gr_game *g, int f, int all_cav)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    gr_base mine[VF_MAX_CELLS], other[VF_MAX_CELLS];
    int n = vf_cells(sd, f, &st->unit[f].at, mine);
    for (int s = 0; s < sd->nunits; s++) {
        const vf_unit *un = &st->unit[s];
        if (s == f || sd->unit[s].brigade != sd->unit[f].brigade || un->status != VF_UNIT_ON ||
            (un->cflags & VF_CF_SUPPORTED) || march_like(sd, &un->at) ||
            auto_routs(sd, s, all_cav) || vf_in_enemy_contact(g, s))
            continue;
        int k = vf_cells(sd, s, &un->at, other);
        if (vf_cells_dist_ok(mine, n, other, k, 3 * GR_G2_INCH, GR_G2_LESS_THAN))
            return s;
    }
    return -1;
}

/* Re-rolls of natural 1s the active main attacker u fighting y gets
 * (Interp. A11: never the defender): Impetus, Heavy Cavalry against a unit
 * not in cover, Disciplined Musketry in line. */
static int rerolls_ones(const gr_game *g, int u, int y)
{
    const vf_sdata *sd = vf_sd(g);
    uint32_t r = vf_unit_profile(sd, u)->rules;
    return VF_HAS(r, VF_SR_IMPETUS) ||                                   /* SR-Impetus-a */
           (VF_HAS(r, VF_SR_HEAVY_CAVALRY) && !vf_cover_from(g, y, u)) || /* SR-HeavyCavalry-a */
           (VF_HAS(r, VF_SR_DISCIPLINED_MUSKETRY) &&
            vf_formation_of(sd, &vf_cst(g)->unit[u].at) == VF_FORM_LINE); /* SR-DisciplinedMusketry-a */
}

/* Hit tests of unit u's combat attack on y (8.3-a..c, e, f); `main` when u
 * is the active side's main attacker.  Returns the hits; in *free the
 * failed tests not re-rolled (Deadly Attack, 1.0.2-c), in *mod their
 * modifier. */
static int hit_tests(gr_game *g, int u, int y, int dice, int main, int *free, int *mod)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    vf_d6 t = {.purpose = VF_ROLL_HIT, .target = 4,
               .mod = (st->unit[u].markers == 0) - vf_shaken(sd, st, u) +
                      vf_special_hit_mod(g, u, y, 0, main, 0), /* 8.3-d */
               .reroll = main && rerolls_ones(g, u, y) ? 1u << 1 : 0};
    *mod = t.mod;
    return vf_d6_count_free(g, &t, dice, free);
}

/* Every unit of the list is cavalry. */
static int all_cavalry(const vf_sdata *sd, const int *list, int n)
{
    for (int i = 0; i < n; i++)
        if (vf_unit_profile(sd, list[i])->type != VF_CAVALRY)
            return 0;
    return 1;
}

/* Unit u of a side's list (index i) after its casualties: a fighting
 * cavalry unit (or combat supporter) in contact retreats (7.2.5-a). */
static void cavalry_retreat(gr_game *g, int u, int i, int touching, int lost, int occupied)
{
    vf_state *st = vf_st(g);
    if (i < touching && !occupied && vf_unit_profile(vf_sd(g), u)->type == VF_CAVALRY &&
        st->unit[u].status == VF_UNIT_ON)
        st->unit[u].cflags |= lost ? VF_CF_MUST_RETREAT : VF_CF_MAY_RETREAT;
}

/* Steps 4 and 5 for one side, from its unit `from`: side[0] fights, then
 * its combat supporters (the first `touching` units are in contact with
 * the enemy), then its brigade supporter.  `hits` casualties on side[0]
 * only (8.3.1-b), automatic routs when it lost (9.2.2), then the cavalry in
 * contact retreats (7.2.5-a, Interp. A8).  Returns 1 when side[0]'s failed
 * valour test waits for an Inspiration window (fate/react.c). */
static int aftermath(gr_game *g, const uint8_t *side, int n, int from, int touching, int hits,
                     int lost, int enemy_cav, int occupied)
{
    const vf_sdata *sd = vf_sd(g);
    vf_state *st = vf_st(g);
    for (int i = from; i < n; i++) {
        int u = side[i];
        if (st->unit[u].status != VF_UNIT_ON)
            continue;
        if (lost && ((!occupied && auto_routs(sd, u, enemy_cav)) || /* T.3.6-c */
                     st->unit[u].at.order == VF_ORDER_SQUARE)) { /* SR-Square-h */
            vf_rout(g, u); /* 9.2.2-a: no valour test */
            continue;
        }
        int v = i == 0 ? vf_casualties_react(g, u, hits, 0) : 1;
        if (v < 0) {
            st->fight.idx = (uint8_t)i;
            return 1;
        }
        if (v)
            cavalry_retreat(g, u, i, touching, lost, occupied);
    }
    return 0;
}

/* Some of unit u's hit tests failed: when its side could play Deadly
 * Attack, the combat waits at `stage` (fate/react.c); returns 1 then. */
static int wait_for_deadly(gr_game *g, int u, int hits, int free, int mod, int stage)
{
    if (free == 0 || !vf_react_open(g, VF_FW_HITS, vf_sd(g)->unit[u].side))
        return 0;
    vf_state *st = vf_st(g);
    st->react.unit = (uint8_t)u;
    st->react.hits = (uint8_t)hits;
    st->react.free = (uint8_t)free;
    st->react.mod = (int8_t)mod;
    st->fight.stage = (uint8_t)stage;
    return 1;
}

static int list_cavalry(const vf_sdata *sd, const uint8_t *list, int n)
{
    int ids[5];
    for (int i = 0; i < n; i++)
        ids[i] = list[i];
    return all_cavalry(sd, ids, n);
}

/* Steps 3 to 5 from where the combat stands (stage: the aftermath of the
 * target's side, or of the attacker's, from unit `idx`); 1 when it waits
 * for an Inspiration window. */
static int finish_combat(gr_game *g, int stage, int idx)
{
    const vf_sdata *sd = vf_sd(g);
    vf_state *st = vf_st(g);
    vf_fight_ctx *c = &st->fight;
    int m = c->att[0], t = c->def[0], occupied = c->occupied;
    int att_cav = list_cavalry(sd, c->att, c->na), def_cav = list_cavalry(sd, c->def, c->nd);
    if (stage == VF_FS_DEF_AFTER) {
        c->stage = VF_FS_DEF_AFTER;
        if (aftermath(g, c->def, c->nd, idx, 1, c->hm, c->won, att_cav, occupied))
            return 1;
        idx = 0;
    }
    c->stage = VF_FS_ATT_AFTER;
    if (aftermath(g, c->att, c->na, idx, c->touching, c->ht, !c->won, def_cav, occupied))
        return 1;
    c->stage = VF_FS_NONE;
    vf_occupy_vacated(g, m, t, c->piece); /* T.3.6-b */
    vf_impetuous_after(g, m, t, c->won);
    return 0;
}

/* Step 3, the result (7.2.3), then steps 4 and 5. */
static int combat_result(gr_game *g)
{
    vf_state *st = vf_st(g);
    vf_fight_ctx *c = &st->fight;
    int m = c->att[0], t = c->def[0], touching[5];
    for (int i = 0; i < c->touching; i++)
        touching[i] = c->att[i];
    /* 7.2.3-a/b: a tie goes to the active side, unless the defender is in
       cover (T.2.2-d) or entrenched (SR-Entrenchments-b) */
    c->won = (uint8_t)(c->hm > c->ht ||
                       (c->hm == c->ht && !vf_defender_wins_ties(g, m, t) &&
                        !vf_higher_on_hill(g, t, touching, c->touching))); /* T.1.3-a */
    st->unit[m].cflags |= VF_CF_DONE;
    st->unit[c->won ? m : t].flags |= VF_UF_WON; /* 9.2.1 */
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_RESULT, 2, c->won ? m : t, c->won ? t : m);
    c->piece = (int8_t)vf_occupied_piece(st, t);
    c->occupied = (uint8_t)(c->piece >= 0 || vf_occupied_piece(st, m) >= 0); /* T.3.6-c */
    return finish_combat(g, VF_FS_DEF_AFTER, 0);
}

/* Step 2: the target fights back (7.2.2-a), then the result. */
static int defend(gr_game *g)
{
    vf_fight_ctx *c = &vf_st(g)->fight;
    int m = c->att[0], t = c->def[0], free, mod;
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_ATTACK, 5, t, m, c->vt, 0, c->nd > 1);
    int ht = hit_tests(g, t, m, c->vt, 0, &free, &mod);
    c->ht = (uint8_t)ht;
    if (wait_for_deadly(g, t, ht, free, mod, VF_FS_DEF_HITS))
        return 1;
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_HITS, 2, m, ht);
    return combat_result(g);
}

int vf_fight_resume(gr_game *g, int extra)
{
    vf_state *st = vf_st(g);
    vf_fight_ctx *c = &st->fight;
    switch (c->stage) {
    case VF_FS_ATT_HITS:
        c->hm = (uint8_t)(c->hm + extra);
        gr_emitv(g, GR_EV_SYSTEM + VF_EV_HITS, 2, c->def[0], c->hm);
        return defend(g);
    case VF_FS_DEF_HITS:
        c->ht = (uint8_t)(c->ht + extra);
        gr_emitv(g, GR_EV_SYSTEM + VF_EV_HITS, 2, c->att[0], c->ht);
        return combat_result(g);
    case VF_FS_DEF_AFTER:
    case VF_FS_ATT_AFTER: {
        const uint8_t *side = c->stage == VF_FS_DEF_AFTER ? c->def : c->att;
        int touching = c->stage == VF_FS_DEF_AFTER ? 1 : c->touching;
        int lost = c->stage == VF_FS_DEF_AFTER ? c->won : !c->won;
        /* the valour test waited at side[idx] (Inspiration decided it) */
        cavalry_retreat(g, side[c->idx], c->idx, touching, lost, c->occupied);
        return finish_combat(g, c->stage, c->idx + 1);
    }
    default:
        (void)NEVER(1);
        return 0;
    }
}

/* Which unit's valour test the waiting combat holds (react.c). */
int vf_fight_waiting_unit(const gr_game *g)
{
    const vf_fight_ctx *c = &vf_cst(g)->fight;
    return c->stage == VF_FS_DEF_AFTER ? c->def[c->idx] : c->att[c->idx];
}

void vf_fight(gr_game *g, int t)
{
    const vf_sdata *sd = vf_sd(g);
    vf_state *st = vf_st(g);
    int m = -1;
    for (int u = 0; u < sd->nunits && m < 0; u++)
        if (st->unit[u].target == t + 1 && (st->unit[u].cflags & VF_CF_MAIN) &&
            !(st->unit[u].cflags & VF_CF_DONE))
            m = u;
    int att[1 + MAX_COMBAT_SUPPORT + 1], def[2], bonus;
    int na = 1 + combat_support(g, m, t, att + 1, &bonus), nd = 1;
    att[0] = m;
    def[0] = t;
    int bm = brigade_support(g, m, all_cavalry(sd, def, nd));
    int bt = brigade_support(g, t, all_cavalry(sd, att, na));
    int touching = na;
    for (int i = 1; i < na; i++)
        st->unit[att[i]].cflags |= VF_CF_SUPPORTED;
    if (bm >= 0)
        st->unit[att[na++] = bm].cflags |= VF_CF_SUPPORTED;
    if (bt >= 0)
        st->unit[def[nd++] = bt].cflags |= VF_CF_SUPPORTED;
    vf_unpredictable(g, m); /* SR-Unpredictable-a: before the first attack is computed */
    vf_unpredictable(g, t);
    int gm = vf_battalion_guns_die(g, m), gt = vf_battalion_guns_die(g, t); /* SR-BattalionGuns-c */
    int vm = vf_combat_value(g, m, t, bonus + gm, bm >= 0);
    vf_fight_ctx *c = &st->fight;
    *c = (vf_fight_ctx){.na = (uint8_t)na, .nd = (uint8_t)nd, .touching = (uint8_t)touching,
                        .vt = (uint8_t)vf_combat_value(g, t, m, gt, bt >= 0), .piece = -1};
    for (int i = 0; i < na; i++)
        c->att[i] = (uint8_t)att[i];
    for (int i = 0; i < nd; i++)
        c->def[i] = (uint8_t)def[i];
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_ATTACK, 5, m, t, vm, touching - 1, bm >= 0);
    int free, mod, hm = hit_tests(g, m, t, vm, 1, &free, &mod);
    c->hm = (uint8_t)hm;
    if (wait_for_deadly(g, m, hm, free, mod, VF_FS_ATT_HITS))
        return; /* Deadly Attack may follow (fate/react.c) */
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_HITS, 2, t, hm);
    defend(g);
}
