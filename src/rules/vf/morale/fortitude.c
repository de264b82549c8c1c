/* fortitude.c — the end-of-phase step (spec §2.2): fortitude tests (vf:9.5)
 * and wavering brigades (vf:9.5.1).
 *
 * At the end of every phase each brigade that had one or more units rout
 * during it takes one fortitude test, the active side's brigades first
 * (9.5-a): one D6 per unit routed in the phase (9.5-b), +1 when the
 * brigade still has 5 or more units on the table (Interp. A72), +1 when its
 * leader is less than 12" from the army leader (leader bases), -1 when every
 * remaining unit is shaken (9.5-c).  Every die 4+ passes; any die 3 or less
 * fails (natural 6 passes, natural 1 fails): the brigade wavers and its army
 * suffers a defeat (9.5-d, 9.6-a).  Wavering (9.5.1-a): its shaken units
 * rout, then each remaining unit less than 6" from an enemy unit suffers one
 * casualty; the routs of wavering cause no further test (9.5.1-c) but count
 * for activation and may break the brigade (9.4: a second defeat).  A broken
 * brigade takes no test (Interp. A62). */
#include "../vf.h"

/* Units of brigade b on the table; how many of them are shaken. */
static int on_table(const vf_sdata *sd, const vf_state *st, int b, int *shaken)
{
    int n = 0;
    *shaken = 0;
    for (int u = 0; u < sd->nunits; u++)
        if (sd->unit[u].brigade == b && st->unit[u].status == VF_UNIT_ON) {
            n++;
            *shaken += vf_shaken(sd, st, u);
        }
    return n;
}

/* The brigade leader is less than 12" from its army leader (9.5-c). */
static int leader_near(const gr_game *g, int b)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    int l = sd->brigade[b].leader, al = vf_army_leader(sd, sd->brigade[b].side);
    if (l < 0 || al < 0 || st->leader[l].status != VF_UNIT_ON ||
        st->leader[al].status != VF_UNIT_ON)
        return 0;
    gr_base a = vf_leader_base(g, l), c = vf_leader_base(g, al);
    return gr_g2_bases_within(&a, &c, 12 * GR_G2_INCH, GR_G2_LESS_THAN);
}

/* The modifier to every fortitude die of brigade b (9.5-c). */
int vf_fortitude_mod(const gr_game *g, int b)
{
    const vf_sdata *sd = vf_sd(g);
    int shaken, n = on_table(sd, vf_cst(g), b, &shaken);
    return (n >= 5) + leader_near(g, b) - (n > 0 && shaken == n);
}

void vf_defeat(gr_game *g, int side)
{
    vf_state *st = vf_st(g);
    if (st->defeats[side] < 255)
        st->defeats[side]++;
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_DEFEAT, 2, side, st->defeats[side]);
}

/* Brigade b wavers (9.5.1-a): its shaken units rout, then a casualty on
 * each remaining unit less than 6" from an enemy unit. */
static void waver(gr_game *g, int b)
{
    const vf_sdata *sd = vf_sd(g);
    vf_state *st = vf_st(g);
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_WAVERS, 1, vf_brigade_id(sd, b));
    for (int u = 0; u < sd->nunits; u++)
        if (sd->unit[u].brigade == b && st->unit[u].status == VF_UNIT_ON &&
            vf_shaken(sd, st, u))
            vf_rout(g, u);
    for (int u = 0; u < sd->nunits; u++) {
        if (sd->unit[u].brigade != b || st->unit[u].status != VF_UNIT_ON)
            continue;
        int32_t d = vf_enemy_distance(g, u, &st->unit[u].at);
        if (d != INT32_MAX && d < 6 * GR_G2_INCH) /* "a menos de 6" */
            vf_casualties(g, u, 1, st->phase == VF_PHASE_FIRE);
    }
}

void vf_fortitude_failed(gr_game *g, int b)
{
    vf_defeat(g, vf_sd(g)->brigade[b].side); /* 9.5-d, 9.6-a */
    waver(g, b);
    vf_st(g)->brigade[b].routed_phase = 0; /* 9.5.1-c: wavering routs cause no test */
}

/* One fortitude test for brigade b (9.5-b..d); 1 when its failure waits
 * for an Inspiration window. */
static int fortitude_test(gr_game *g, int b)
{
    const vf_sdata *sd = vf_sd(g);
    vf_state *st = vf_st(g);
    int dice = st->brigade[b].routed_phase, mod = vf_fortitude_mod(g, b);
    vf_d6 t = {.purpose = VF_ROLL_FORTITUDE, .target = 4, .mod = mod};
    int ok = vf_d6_count(g, &t, dice) == dice;
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_FORTITUDE, 4, vf_brigade_id(sd, b), dice, mod,
             ok ? VF_TR_PASS : VF_TR_FAIL);
    st->brigade[b].routed_phase = 0;
    if (ok)
        return 0;
    if (vf_react_open(g, VF_FW_FORTITUDE, sd->brigade[b].side)) {
        st->react.unit = (uint8_t)b; /* Inspiration may follow (fate/react.c) */
        st->react.hits = (uint8_t)dice;
        st->react.mod = (int8_t)mod;
        return 1;
    }
    vf_fortitude_failed(g, b);
    return 0;
}

int vf_end_of_phase(gr_game *g)
{
    const vf_sdata *sd = vf_sd(g);
    vf_state *st = vf_st(g);
    for (int k = 0; k < VF_SIDES; k++) {
        int side = k == 0 ? st->active : 1 - st->active; /* 9.5-a: active side first */
        for (int b = 0; b < sd->nbrigades; b++) {
            if (sd->brigade[b].side != side || !st->brigade[b].routed_phase)
                continue;
            if (!(st->brigade[b].flags & VF_BF_BROKEN) && fortitude_test(g, b)) /* A62 */
                return 1;
            st->brigade[b].routed_phase = 0; /* 9.5.1-c: wavering routs cause no test */
        }
    }
    for (int b = 0; b < sd->nbrigades; b++)
        st->brigade[b].routed_phase = 0;
    return 0;
}
