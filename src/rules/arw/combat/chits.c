/* chits.c — tactical chits (GR12.5, GR12.23 Step 4): the simultaneous
 * secret choice of both sides (the first commitment is hidden from the
 * other player's view and both are revealed together), eligibility
 * (GR12.52, T-ChitRequirements), the tactics matrix with the illegal-chit
 * penalty (GR12.54, AMB-41) and "no combat" withdrawals. */
#include <string.h>

#include "../arw.h"

/* The participants of combat k of `side`, in unit order, into out; their
 * number. */
static int participants_of(const gr_game *g, int k, int side, int16_t *out)
{
    const arw_data *d = arw_dat(g);
    int n = 0;
    for (int u = 0; u < d->nunits; u++)
        if (arw_participant(g, k, u) && d->unit[u].side == side)
            out[n++] = (int16_t)u;
    return n;
}

/* A leader of `side` stacked with or adjacent to a participant of `role`
 * he may command (GR12.52, GR12.53-a, GR14.22-a, SR4.18), or a semi-leader
 * (SR4.18, savchits.c). */
static int leader_near(const gr_game *g, int k, int role)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int side = arw_role_side(g, role);
    int16_t part[ARW_MAX_UNITS];
    int np = participants_of(g, k, side, part);
    for (int l = 0; np > 0 && l < d->nunits; l++) {
        if (d->unit[l].kind != ARW_K_LEADER || d->unit[l].side != side ||
            s->unit[l].box != ARW_BOX_MAP || arw_cards_leader_wounded(g, l)) /* CARDS: 44 */
            continue;
        for (int i = 0; i < np; i++) {
            int u = part[i];
            if (!arw_may_command(d, l, u))
                continue;
            if (s->unit[u].hex == s->unit[l].hex || arw_dir(d, s->unit[l].hex, s->unit[u].hex) >= 0)
                return 1;
        }
    }
    return arw_semileader_near(g, k, role);
}

/* An empty hex adjacent both to a defending and to an attacking hex: one
 * next to an attacking participant's hex and to a defending one's. */
static int open_flank(const gr_game *g, int k)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int att = arw_role_side(g, ARW_ATT);
    int16_t a[ARW_MAX_UNITS], b[ARW_MAX_UNITS];
    int na = participants_of(g, k, att, a), nb = participants_of(g, k, 1 - att, b);
    for (int i = 0; i < na; i++)
        for (int dir = 0; dir < 6; dir++) {
            int h = d->map.nb[s->unit[a[i]].hex * 6 + dir];
            if (h < 0 || s->hex[h].head != ARW_NO_UNIT)
                continue;
            for (int j = 0; j < nb; j++)
                if (arw_dir(d, h, s->unit[b[j]].hex) >= 0)
                    return 1;
        }
    return 0;
}

/* Withdraw restriction: an all-infantry defending force in clear terrain
 * facing mounted attackers. */
static int withdraw_barred(const gr_game *g, int k, int role)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int mounted = 0;
    if (role != ARW_DEF)
        return 0;
    for (int u = 0; u < d->nunits; u++) {
        if (!arw_participant(g, k, u))
            continue;
        if (d->unit[u].side == arw_role_side(g, ARW_ATT))
            mounted |= d->unit[u].kind == ARW_K_CAVALRY;
        else if (d->unit[u].kind != ARW_K_INFANTRY ||
                 !(d->htype[arw_hex_terrain(g, s->unit[u].hex)].flags & ARW_T_CLEAR_CLASS))
            return 0;
    }
    return mounted;
}

int arw_chit_eligible(const gr_game *g, int k, int role, int c)
{
    unsigned req = arw_dat(g)->t.chit_req[c - 1];
    if (arw_cards_chit_barred(g, k, role, c)) /* CARDS: Card 53, chits 1-4 only */
        return 0;
    if (arw_doctrine_barred(g, k, role, c)) /* SR4.15-a (not an [Advanced] rule) */
        return 0;
    if (!(arw_cst(g)->options & ARW_O_ADVANCED))
        return 1; /* GR12.52 is an [Advanced] rule */
    if ((req & ARW_CR_LEADER) && !leader_near(g, k, role))
        return 0;
    if ((req & ARW_CR_OPEN_FLANK) && !open_flank(g, k))
        return 0;
    if ((req & ARW_CR_WITHDRAW) && withdraw_barred(g, k, role))
        return 0;
    return 1;
}

int arw_tactic_drm(const gr_game *g, int k, int att, int def, int *nc)
{
    const arw_tables *t = &arw_dat(g)->t;
    int m = t->matrix[def - 1][att - 1];
    *nc = m == ARW_NC;
    int drm = *nc ? 0 : m;
    if (!arw_chit_eligible(g, k, ARW_ATT, att))
        drm -= t->drm[ARW_DRM_ILLEGAL_CHIT]; /* GR12.54: in the defender's favour */
    if (!arw_chit_eligible(g, k, ARW_DEF, def))
        drm += t->drm[ARW_DRM_ILLEGAL_CHIT];
    return drm;
}

int arw_chit_allowed(const gr_game *g, int k, int role, int c)
{
    unsigned o = arw_cst(g)->options;
    if ((o & ARW_O_STRICT_CHITS) && !arw_chit_eligible(g, k, role, c))
        return 0;
    return (o & ARW_O_ADVANCED) || !arw_doctrine_barred(g, k, role, c);
}

gr_status arw_chit_check(const gr_game *g, const gr_action *a, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    int side = a->player, c = a->arg[0] + 1;
    if (s->stage != ARW_ST_CHITS)
        return gr_fail(err, "arw:GR12.51-a", "tactical chits are chosen at Step 4");
    if (s->chit_secret[side])
        return gr_fail(err, "arw:GR12.51-a", "each side selects exactly one chit");
    if (c < 1 || c > ARW_NCHITS)
        return gr_fail(err, "arw:GR12.51-a", "no such chit");
    int role = side == arw_role_side(g, ARW_ATT) ? ARW_ATT : ARW_DEF;
    if (!arw_chit_allowed(g, s->cur - 1, role, c) && arw_doctrine_barred(g, s->cur - 1, role, c))
        return gr_fail(err, "arw:SR4.15-a", "the British may not choose Turn Flank while they "
                       "hold a perimeter hex and every engaged enemy unit is outside it");
    if (!arw_chit_allowed(g, s->cur - 1, role, c))
        return gr_fail(err, "arw:GR12.52", "%s is not eligible in this combat",
                       arw_chit_names[c - 1]);
    return GR_OK;
}

/* Step 4 "NC": each side that chose Withdraw retreats all its participants
 * one hex, the defender first (tasks are a stack: push the attacker's first). */
static void no_combat(gr_game *g, int k)
{
    const arw_data *d = arw_dat(g);
    arw_state *s = arw_st(g);
    arw_combat *c = &s->combat[k];
    c->flags |= ARW_CF_NC;
    arw_emit(g, ARW_E_NO_COMBAT, 1, k + 1);
    for (int role = 0; role < 2; role++) {
        if (c->chit[role] != ARW_CHIT_WITHDRAW)
            continue;
        int side = arw_role_side(g, role);
        for (int u = d->nunits - 1; u >= 0; u--)
            if (arw_participant(g, k, u) && d->unit[u].side == side &&
                !(role == ARW_ATT && d->unit[u].kind == ARW_K_ARTILLERY))
                arw_push(g, ARW_T_RETREAT, side, d->t.retreat_r, u);
    }
    s->stage = ARW_ST_TASKS;
}

/* Both chits known: reveal, then no combat or the roll. */
static void reveal(gr_game *g)
{
    arw_state *s = arw_st(g);
    int k = s->cur - 1, nc;
    arw_combat *c = &s->combat[k];
    for (int role = 0; role < 2; role++) {
        c->chit[role] = s->chit_secret[arw_role_side(g, role)];
        if (!arw_chit_eligible(g, k, role, c->chit[role]))
            c->flags |= role == ARW_ATT ? ARW_CF_ILLEGAL_ATT : ARW_CF_ILLEGAL_DEF;
    }
    s->chit_secret[0] = s->chit_secret[1] = 0;
    c->tactic_drm = (int8_t)arw_tactic_drm(g, k, c->chit[ARW_ATT], c->chit[ARW_DEF], &nc);
    arw_emit(g, ARW_E_CHITS, 6, k + 1, c->chit[ARW_ATT] - 1, c->chit[ARW_DEF] - 1,
             c->tactic_drm, !(c->flags & ARW_CF_ILLEGAL_ATT), !(c->flags & ARW_CF_ILLEGAL_DEF));
    if (nc)
        no_combat(g, k);
    else
        arw_combat_roll(g);
}

void arw_chit_exec(gr_game *g, const gr_action *a)
{
    arw_state *s = arw_st(g);
    int side = a->player;
    s->chit_secret[side] = (uint8_t)(a->arg[0] + 1);
    arw_emit(g, ARW_E_CHIT_COMMITTED, 1, side);
    gr_event e = {.kind = GR_EV_SYSTEM + ARW_E_CHIT_SECRET, .vis = (uint8_t)(1u << side),
                  .nargs = 2, .arg = {side, a->arg[0]}};
    gr_emit(g, &e);
    if (s->chit_secret[0] && s->chit_secret[1])
        reveal(g);
}

int arw_chit_legal(const gr_game *g, int side, gr_action *out, int cap)
{
    const arw_state *s = arw_cst(g);
    int n = 0;
    if (s->stage != ARW_ST_CHITS || s->chit_secret[side])
        return 0;
    for (int c = 0; c < ARW_NCHITS; c++) {
        gr_action a = {ARW_A_CHIT, (uint8_t)side, 1, {c}};
        if (arw_chit_check(g, &a, NULL) != GR_OK)
            continue;
        if (n < cap)
            out[n] = a;
        n++;
    }
    return n;
}

void arw_mask(gr_game *g, int viewer)
{
    arw_state *s = arw_st(g);
    int other = 1 - viewer;
    if (s->chit_secret[other])
        s->chit_secret[other] = ARW_CHIT_HIDDEN;
    arw_cards_mask(g, viewer); /* CARDS: hands and deck order (SR4.3) */
}

void arw_reopen(gr_game *g, int viewer)
{
    arw_state *s = arw_st(g);
    for (int side = 0; side < ARW_NSIDES; side++)
        if (side != viewer && s->chit_secret[side] == ARW_CHIT_HIDDEN)
            s->chit_secret[side] = 0; /* GR12.5: chosen without seeing the viewer's */
}

void arw_determinize(gr_game *g, gr_rng *rng)
{
    arw_state *s = arw_st(g);
    for (int side = 0; side < ARW_NSIDES; side++) {
        if (s->chit_secret[side] != ARW_CHIT_HIDDEN)
            continue;
        int role = side == arw_role_side(g, ARW_ATT) ? ARW_ATT : ARW_DEF;
        int pick[ARW_NCHITS], n = 0;
        for (int c = 1; c <= ARW_NCHITS; c++)
            if (arw_chit_allowed(g, s->cur - 1, role, c))
                pick[n++] = c;
        s->chit_secret[side] = (uint8_t)pick[gr_rng_below(rng, (uint32_t)n)];
    }
    arw_cards_determinize(g, rng); /* CARDS: hands and deck order (SR4.3) */
}
