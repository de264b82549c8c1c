/* stackrules.c — the Savannah stacking restrictions in close combat and in
 * retreats (SR4.1): which stacks are mixed (French with Americans other
 * than Pulaski's Legion, SR4.1-1a; French regulars with French colonial
 * militia, SR4.1-3a); which units of a mixed Franco-American stack are
 * forced to attack (the stack began its Movement phase next to the enemy
 * and is still together, so it could not retreat: SR4.1-1d, AMB-24) and
 * which may not attack at all (never voluntarily); and the Negro Volunteers
 * in retreats (SR4.1-2a/b).  The separation of mixed stacks and the AMB-24
 * retreat during movement are the movement lane's (movement.c and its
 * files); the DRMs of these stacks are in savdrm.c. */
#include "../arw.h"

static int is_french(const arw_data *d, int u)
{
    return d->unit[u].army == ARW_ARMY_FRENCH && arw_is_combat_unit(d, u);
}

/* An American combat unit that may not stack with the French (SR4.1-1a:
 * Pulaski's Legion may). */
static int is_american(const arw_data *d, int u)
{
    return d->unit[u].army == ARW_ARMY_AMERICAN && arw_is_combat_unit(d, u) &&
           !(d->unit[u].flags & ARW_F_WITH_FRENCH);
}

int arw_mixed_fa_hex(const gr_game *g, int h)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    int fr = 0, am = 0;
    for (int u = h >= 0 ? s->hex[h].head : ARW_NO_UNIT; u != ARW_NO_UNIT; u = s->unit[u].next) {
        fr |= is_french(d, u);
        am |= is_american(d, u);
    }
    return fr && am;
}

int arw_mixed_frcm_hex(const gr_game *g, int h)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    int reg = 0, mil = 0;
    for (int u = h >= 0 ? s->hex[h].head : ARW_NO_UNIT; u != ARW_NO_UNIT; u = s->unit[u].next) {
        if (!is_french(d, u))
            continue;
        /* SR4.1-3a: French artillery and leaders may stack with the militia;
         * SR4.1-3d: colonial regulars and mercenaries too */
        reg |= d->unit[u].group == ARW_BAND_FRENCH_REGULARS && d->unit[u].kind != ARW_K_ARTILLERY;
        mil |= d->unit[u].group == ARW_BAND_FRENCH_COLONIAL_MILITIA;
    }
    return reg && mil;
}

void arw_sr41_mark_forced(gr_game *g)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    for (int u = 0; u < d->nunits; u++) {
        arw_unit *x = &s->unit[u];
        x->flags &= (uint16_t)~ARW_U_SR41_FORCED;
        if (x->box == ARW_BOX_MAP && d->unit[u].side == s->active && arw_is_combat_unit(d, u) &&
            arw_mixed_fa_hex(g, x->hex) && arw_enemy_adjacent(g, x->hex, d->unit[u].side))
            x->flags |= ARW_U_SR41_FORCED; /* SR4.1-1d */
    }
}

int arw_sr41_attack_barred(const gr_game *g, int u)
{
    const arw_unit *x = &arw_cst(g)->unit[u];
    const arw_unit_def *ud = &arw_dat(g)->unit[u];
    if (!arw_mixed_fa_hex(g, x->hex))
        return 0;
    if (!(x->flags & ARW_U_SR41_FORCED))
        return 1; /* never voluntarily, as a stack or individually */
    /* forced: only the units the general rules oblige to attack (GR12.12-a/b,
     * GR13.1 PIN option A); artillery and rifles would attack voluntarily */
    return ud->kind == ARW_K_ARTILLERY ||
           ((ud->flags & ARW_F_RIFLE) && !(x->flags & ARW_U_PINNED));
}

/* SR4.1-2a: u and v may never share a hex. */
static int clash(const arw_data *d, int u, int v)
{
    unsigned a = d->unit[u].flags, b = d->unit[v].flags;
    return ((a & ARW_F_NEGRO_VOL) && (b & ARW_F_SOUTHERN)) ||
           ((a & ARW_F_SOUTHERN) && (b & ARW_F_NEGRO_VOL));
}

int arw_sr41_clash_hex(const gr_game *g, int u, int h)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    if (!(d->unit[u].flags & (ARW_F_NEGRO_VOL | ARW_F_SOUTHERN)))
        return 0;
    for (int v = s->hex[h].head; v != ARW_NO_UNIT; v = s->unit[v].next)
        if (v != u && d->unit[v].side == d->unit[u].side && clash(d, u, v))
            return 1;
    return 0;
}

int arw_sr41_may_force(const arw_data *d, int u)
{
    return (d->unit[u].flags & ARW_F_SOUTHERN) != 0;
}

void arw_sr41_retreat_end(gr_game *g, int u, int h)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    if (!(d->unit[u].flags & ARW_F_SOUTHERN))
        return;
    for (int v = s->hex[h].head, next; v != ARW_NO_UNIT; v = next) {
        next = s->unit[v].next;
        if (d->unit[v].side == d->unit[u].side && clash(d, u, v))
            arw_capture(g, v, arw_enemy_army(g, v)); /* SR4.1-2b */
    }
}
