/* sortie.c — SAVANNAH: British sortie restrictions (SR4.10).  In strategic
 * turns 1-10 a British combat unit leaves the perimeter only with a leader
 * (reading: a British leader in the hex it leaves or in the hex it enters);
 * outside it has -1 printed morale; the leader may not re-enter while a
 * unit that left with him is still outside (AMB-87); each leader-led sortie
 * costs the British army 1 morale point (AMB-31: when a leader's first unit
 * leaves).  White-box units start outside and are free until they have
 * been inside once (SR4.10-c).  From turn 11 the restrictions end (SR4.10-d).
 * The movement code asks arw_sortie_exit_ok / arw_sortie_enter_ok; the
 * bookkeeping follows the units' positions after every step. */
#include "../arw.h"

static int restricted(const gr_game *g)
{
    const arw_data *d = arw_dat(g);
    return (d->rules & ARW_SR_SORTIE) && arw_sav_strategic(g) &&
           arw_cst(g)->turn <= d->sav.sortie_last;
}

static int inside(const arw_data *d, int h)
{
    return arw_in_zone(d, h, ARW_Z_PERIMETER);
}

static int exempt(const gr_game *g, int u)
{
    return (arw_dat(g)->unit[u].flags & ARW_F_WHITE_BOX) &&
           !(arw_cst(g)->unit[u].flags & ARW_U_WAS_INSIDE); /* SR4.10-c */
}

/* First British leader in hex h, or ARW_NO_UNIT. */
static int leader_in(const gr_game *g, int h)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    for (int u = h >= 0 ? s->hex[h].head : ARW_NO_UNIT; u != ARW_NO_UNIT; u = s->unit[u].next)
        if (d->unit[u].side == ARW_BRITISH && d->unit[u].kind == ARW_K_LEADER)
            return u;
    return ARW_NO_UNIT;
}

int arw_sortie_exit_ok(const gr_game *g, int u, int from, int to)
{
    const arw_data *d = arw_dat(g);
    if (!restricted(g) || d->unit[u].side != ARW_BRITISH || !arw_is_combat_unit(d, u) ||
        !inside(d, from) || inside(d, to) || exempt(g, u))
        return 1;
    return leader_in(g, from) >= 0 || leader_in(g, to) >= 0; /* SR4.10-a */
}

/* Non-zero while a unit that left with leader l is outside. */
static int leader_has_sortie(const gr_game *g, int l)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    for (int u = 0; u < d->nunits; u++)
        if (s->sav.sortie[u] == l + 1 && (s->unit[u].flags & ARW_U_SORTIE) &&
            s->unit[u].box == ARW_BOX_MAP && !inside(d, s->unit[u].hex))
            return 1;
    return 0;
}

int arw_sortie_enter_ok(const gr_game *g, int u, int h)
{
    const arw_data *d = arw_dat(g);
    if (!restricted(g) || d->unit[u].kind != ARW_K_LEADER || !inside(d, h))
        return 1;
    return !leader_has_sortie(g, u); /* SR4.10-b, AMB-87 */
}

int arw_sortie_exit_watched(const gr_game *g, int u)
{
    const arw_data *d = arw_dat(g);
    return restricted(g) && d->unit[u].side == ARW_BRITISH && arw_is_combat_unit(d, u) &&
           !exempt(g, u);
}

int arw_sortie_enter_barred(const gr_game *g, int u)
{
    return restricted(g) && arw_dat(g)->unit[u].kind == ARW_K_LEADER &&
           leader_has_sortie(g, u); /* SR4.10-b, AMB-87 */
}

int arw_sortie_morale(const gr_game *g, int u)
{
    if (!(arw_cst(g)->unit[u].flags & ARW_U_SORTIE) || !restricted(g))
        return 0;
    return arw_dat(g)->sav.sortie_morale; /* SR4.10-a */
}

/* Unit u has just left the perimeter on a sortie. */
static void sortie_begins(gr_game *g, int u)
{
    arw_state *s = arw_st(g);
    int l = leader_in(g, s->unit[u].hex);
    int first = l >= 0 && !leader_has_sortie(g, l);
    s->unit[u].flags |= ARW_U_SORTIE;
    s->sav.sortie[u] = (uint8_t)(l + 1);
    arw_emit(g, ARW_E_SORTIE, 2, u, l);
    if (first)
        arw_am_adjust(g, ARW_AM_SORTIE, ARW_ARMY_BRITISH, -1); /* AMB-31 */
}

void arw_sortie_watch(gr_game *g)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    if (!(d->rules & ARW_SR_SORTIE))
        return;
    int limited = restricted(g);
    for (int u = 0; u < d->nunits && s->stage != ARW_ST_OVER; u++) {
        arw_unit *x = &s->unit[u];
        if (d->unit[u].side != ARW_BRITISH || !arw_is_combat_unit(d, u) || x->box != ARW_BOX_MAP)
            continue;
        if (inside(d, x->hex)) {
            x->flags |= ARW_U_WAS_INSIDE;
            x->flags &= (uint16_t)~ARW_U_SORTIE; /* back: the sortie is over */
            s->sav.sortie[u] = 0;
        } else if (limited && !exempt(g, u) && !(x->flags & ARW_U_SORTIE)) {
            sortie_begins(g, u);
        }
    }
}
