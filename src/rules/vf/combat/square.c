/* square.c — the Square cavalry test (vf:SR-Square-g) at the start of
 * every combat phase, before any combat and before the phase's fate
 * windows: one D6 for each cavalry unit (the active side's first, Interp.
 * A69) in contact with one or more enemy squares, or enemy Compact
 * Formation units in compact formation, which count as squares with +2 to
 * the roll (SR-CompactFormation-c, Interp. A47); +2 more when every
 * square it touches is shaken.  Natural 6 or modified 6+: it stays and
 * fights; 4-5: it must retreat; 1-3: one casualty, then it must retreat
 * (the retreat decision of 7.2.5: forced, a rout when none is possible,
 * 6.4-d).  A natural 1 never stays (1.0.2-a). */
#include "../vf.h"

/* Unit t counts as a square for the test: in square, or a Compact
 * Formation unit in 5 or 6 ranks (SR-CompactFormation-a/c); *compact set
 * for the latter. */
static int counts_as_square(const vf_sdata *sd, const vf_state *st, int t, int *compact)
{
    const vf_layout *l = &st->unit[t].at;
    *compact = 0;
    if (l->order == VF_ORDER_SQUARE)
        return 1;
    *compact = VF_HAS(vf_unit_profile(sd, t)->rules, VF_SR_COMPACT_FORMATION) &&
               vf_formation_of(sd, l) == VF_FORM_ATTACK_COLUMN &&
               l->ranks >= sd->t.compact_min_ranks && l->ranks <= sd->t.compact_max_ranks;
    return *compact;
}

/* The modifier of cavalry unit c's test, or -1 when it touches no square. */
static int test_mod(const gr_game *g, int c)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    int squares = 0, shaken = 0, compact = 0;
    for (int t = 0; t < sd->nunits; t++) {
        int k;
        if (st->unit[t].status != VF_UNIT_ON || sd->unit[t].side == sd->unit[c].side ||
            !counts_as_square(sd, st, t, &k) || !vf_unit_contact(g, c, t))
            continue;
        squares++;
        shaken += vf_shaken(sd, st, t);
        compact |= k;
    }
    if (!squares)
        return -1;
    return (shaken == squares ? 2 : 0) + (compact ? 2 : 0);
}

static void test_one(gr_game *g, int c, int mod)
{
    vf_d6 t = {.purpose = VF_ROLL_SQUARE, .target = 6, .mod = mod};
    int natural = 0;
    int stays = vf_d6_test(g, &t, &natural);
    int result = stays ? VF_SQ_STAYS : natural + mod <= 3 ? VF_SQ_CASUALTY : VF_SQ_RETREAT;
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_SQUARE_TEST, 2, c, result);
    if (stays)
        return;
    if (result == VF_SQ_CASUALTY)
        vf_casualties(g, c, 1, 0);
    if (vf_cst(g)->unit[c].status == VF_UNIT_ON)
        vf_st(g)->unit[c].cflags |= VF_CF_MUST_RETREAT; /* 7.2.5 decision */
}

void vf_square_tests(gr_game *g)
{
    const vf_sdata *sd = vf_sd(g);
    for (int pass = 0; pass < 2; pass++) {
        int side = pass == 0 ? vf_cst(g)->active : !vf_cst(g)->active;
        for (int c = 0; c < sd->nunits; c++) {
            if (sd->unit[c].side != side || vf_cst(g)->unit[c].status != VF_UNIT_ON ||
                vf_unit_profile(sd, c)->type != VF_CAVALRY)
                continue;
            int mod = test_mod(g, c);
            if (mod >= 0)
                test_one(g, c, mod);
        }
    }
}
