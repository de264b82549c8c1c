/* cardquery.c — what the rest of the module reads of the random event
 * cards: the close-combat DRMs, column shifts and chit restrictions of the
 * cards in force (T-CC-DRM "random events"), movement
 * allowances, rally DRMs, wounded leaders, Card 47's initiative and the
 * reinforcement schedule after Cards 20/46 and replacement counters.  Each
 * returns the neutral value when no card applies.  Pure.  (Cards 9, 21's
 * siege rolls, 10 and 21's fire DRMs, 42's naval zone and 55's defences
 * live in the state of the rule they change: cardturn.c hands them over.) */
#include "cardint.h"

static int played_by(const arw_state *s, int c)
{
    return (s->card_know[c] & ARW_CK_BY_ALLIED) ? ARW_ALLIED : ARW_BRITISH;
}

int arw_card_in_force(const gr_game *g, int c)
{
    const arw_state *s = arw_cst(g);
    return c >= 1 && c <= ARW_NCARDS && s->card_loc[c] == ARW_CL_DISCARD && s->card_turn[c] &&
           s->card_turn[c] == s->turn;
}

/* Next card in force after c with effect `effect` (-1 any), or 0. */
static int next_in_force(const gr_game *g, int c, int effect)
{
    if (!arw_cards_on(arw_dat(g)))
        return 0;
    for (c++; c <= ARW_NCARDS; c++)
        if (arw_card_in_force(g, c) && (effect < 0 || arw_dat(g)->card[c].effect == effect))
            return c;
    return 0;
}

/* Army of the attackers of combat k: fixed when its resolution starts,
 * before that as it will be fixed (combat.c, SR4.13-b). */
static int attacker_army(const gr_game *g, int k)
{
    const arw_combat *cb = &arw_cst(g)->combat[k];
    return cb->state != ARW_CS_DECLARED ? cb->army[ARW_ATT] : arw_role_army(g, k, ARW_ATT);
}

/* Next "this turn" card in force after c, or 0. */
static int next_mod(const gr_game *g, int c)
{
    return next_in_force(g, c, ARW_CE_THIS_TURN);
}

/* Non-zero when the cc filters of card c hold for combat k (attacking side,
 * army, the attacking vanguard's commander, militia). */
static int cc_applies(const gr_game *g, int c, int k)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    const arw_card_cc *cc = &d->card[c].cc;
    const arw_combat *cb = &s->combat[k];
    int att = arw_role_side(g, ARW_ATT), van = cb->van[ARW_ATT];
    if (cc->att_side == 2 && att != 1 - played_by(s, c))
        return 0;
    if (cc->att_side >= 0 && cc->att_side < 2 && att != cc->att_side)
        return 0;
    if (cc->att_army >= 0 && attacker_army(g, k) != cc->att_army)
        return 0;
    if (cc->commander >= 0 &&
        (van < 0 || arw_commander(g, s->unit[van].hex, van) != cc->commander))
        return 0;
    if (cc->militia && (van < 0 || !(d->unit[van].flags & ARW_F_MILITIA)))
        return 0;
    return 1;
}

/* Card 39: `favour`'s vanguard stacked with the leader: DRM in his favour. */
static int stacked_drm(const gr_game *g, const arw_card_cc *cc, int k)
{
    const arw_state *s = arw_cst(g);
    int role = arw_role_side(g, ARW_ATT) == cc->favour ? ARW_ATT : ARW_DEF;
    int van = s->combat[k].van[role];
    if (van < 0 || s->unit[cc->stacked].box != ARW_BOX_MAP ||
        s->unit[cc->stacked].hex != s->unit[van].hex)
        return 0;
    return role == ARW_ATT ? cc->drm : -cc->drm;
}

int arw_cards_cc_drm(const gr_game *g, int k)
{
    int drm = 0;
    for (int c = next_mod(g, 0); c; c = next_mod(g, c)) {
        const arw_card_cc *cc = &arw_dat(g)->card[c].cc;
        if (!cc->drm)
            continue;
        if (cc->stacked >= 0)
            drm += stacked_drm(g, cc, k);
        else if (cc_applies(g, c, k))
            drm += cc->drm;
    }
    return drm;
}

int arw_cards_column_shift(const gr_game *g, int k)
{
    int shift = 0;
    for (int c = next_mod(g, 0); c; c = next_mod(g, c))
        if (arw_dat(g)->card[c].cc.column && cc_applies(g, c, k))
            shift += arw_dat(g)->card[c].cc.column;
    return shift;
}

int arw_cards_chit_barred(const gr_game *g, int k, int role, int chit)
{
    const arw_data *d = arw_dat(g);
    int side = arw_role_side(g, role);
    for (int c = next_mod(g, 0); c; c = next_mod(g, c)) {
        const arw_card_cc *cc = &d->card[c].cc;
        if (cc->chits_army < 0 || chit <= cc->chits_max)
            continue;
        for (int u = 0; u < d->nunits; u++)
            if (arw_participant(g, k, u) && d->unit[u].side == side &&
                d->unit[u].army == cc->chits_army)
                return 1; /* Card 53: the French combats, either role */
    }
    return 0;
}

/* Turn-stamped unit bits of this turn. */
static unsigned ucard_now(const gr_game *g, int u)
{
    const arw_state *s = arw_cst(g);
    return s->ucard_turn == s->turn ? s->ucard[u] & ARW_UC_TURN_BITS : 0;
}

/* Card 52: -1 MA for the units of its group on their entry turn. */
static int surf_delta(const gr_game *g, int u)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    if (!s->surf_turn || d->unit[u].entry_turn != s->surf_turn ||
        arw_cards_entry_turn(g, u) != s->turn)
        return 0;
    for (int c = 1; c <= ARW_NCARDS; c++)
        if (d->card[c].effect == ARW_CE_REINF_MA && d->card[c].army == d->unit[u].army)
            return d->card[c].delta;
    return 0;
}

int arw_cards_unit_ma(const gr_game *g, int u, int ma)
{
    const arw_data *d = arw_dat(g);
    if (!arw_cards_on(d))
        return ma;
    if (ucard_now(g, u) & ARW_UC_WOUNDED)
        return 0; /* Card 44: he cannot move this turn */
    int m = ma * ((ucard_now(g, u) & ARW_UC_DOUBLE_MA) ? 2 : 1);
    int tactical = !arw_sav_strategic(g);
    for (int c = next_mod(g, 0); c; c = next_mod(g, c)) {
        const arw_card *k = &d->card[c];
        if (k->ma_army == d->unit[u].army && k->ma_kind == d->unit[u].kind)
            m *= k->ma_factor[tactical ? 1 : 0]; /* Cards 48-50, cumulative (SR4.3-c) */
    }
    m += surf_delta(g, u);
    return m < 0 ? 0 : m;
}

int arw_cards_rally_drm(const gr_game *g, int u)
{
    return (ucard_now(g, u) & ARW_UC_RALLY) ? 1 : 0;
}

int arw_cards_rally_done(const gr_game *g)
{
    const arw_state *s = arw_cst(g);
    for (int c = next_mod(g, 0); c; c = next_mod(g, c))
        if (arw_dat(g)->card[c].rally_first && played_by(s, c) == s->active)
            return 1;
    return 0;
}

int arw_cards_leader_wounded(const gr_game *g, int u)
{
    return (ucard_now(g, u) & ARW_UC_WOUNDED) != 0;
}

int arw_cards_initiative(const gr_game *g)
{
    int c = next_in_force(g, 0, ARW_CE_INITIATIVE);
    return c ? played_by(arw_cst(g), c) : -1;
}

int arw_cards_entry_turn(const gr_game *g, int u)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    const arw_unit_def *x = &d->unit[u];
    if (s->unit[u].box == ARW_BOX_REMOVED)
        return 0; /* removed from the game by a card: never arrives */
    int base = x->entry_turn;
    if (!base && (s->ucard[u] & ARW_UC_REPLACEMENT) && x->replaces >= 0)
        base = d->unit[x->replaces].entry_turn; /* it comes instead of the original */
    if (!base)
        return 0;
    int t = base;
    if (s->reinf_late[x->army] == base)
        t++; /* Card 20 */
    if (s->reinf_early[x->army] == base)
        t--; /* Card 46 ("may": the earliest turn) */
    return t;
}
