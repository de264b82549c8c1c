/* options.c — the combat phase's candidate actions for agents: the targets
 * each unit in contact may choose (every choice `target` accepts), the
 * combats left to fight, and for a unit whose retreat is due (7.2.5) the
 * retreats the engine finds (straight back and about-faced, 4/4..1/4 of
 * its move distance), with `stay` when it may stay (winning cavalry) or
 * when none of those is legal (losing cavalry then routs, 6.4-d). */
#include "../vf.h"

#define MAX_RETREATS 8

static int put(gr_action *out, int cap, int n, const gr_action *a)
{
    if (out && n < cap)
        out[n] = *a;
    return n + 1;
}

int vf_retreat_candidates(const gr_game *g, int u, gr_action *out, int cap)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_layout *at = &vf_cst(g)->unit[u].at;
    int32_t allow = vf_move_allowance(sd, u, at), depth;
    gr_base cells[VF_MAX_CELLS];
    int n = vf_cells(sd, u, at, cells), found = 0;
    depth = at->ranks * cells[n - 1].d + (at->ranks - 1) * at->gap;
    for (int k = 4; k >= 1; k--)
        for (int about = 0; about < 2; about++) {
            int32_t back = allow * k / 4 + (about ? depth : 0);
            gr_pt p = gr_g2_offset((gr_pt){at->x, at->y}, vf_bearing(at->facing), -back, 0);
            gr_action a = {.kind = VF_ACT_RETREAT, .player = sd->unit[u].side, .nargs = 8,
                           .arg = {u, p.x, p.y,
                                   about ? vf_norm_facing((int64_t)at->facing + 18000)
                                         : at->facing}};
            vf_move m;
            if (vf_move_from_action(g, &a, &m, NULL) != GR_OK)
                continue;
            m.forced = 1;
            if (vf_move_check(g, &m, NULL) == GR_OK && found < MAX_RETREATS)
                found = put(out, cap, found, &a);
        }
    return found;
}

static int retreat_options(const gr_game *g, int player, gr_action *out, int cap)
{
    int r = vf_retreat_due(g);
    int n = vf_retreat_candidates(g, r, out, cap);
    int may = vf_cst(g)->unit[r].cflags & VF_CF_MAY_RETREAT;
    if (may || n == 0) {
        gr_action stay = {.kind = VF_ACT_STAY, .player = (uint8_t)player, .nargs = 1,
                          .arg = {r}};
        n = put(out, cap, n, &stay);
    }
    return n;
}

int vf_combat_legal(const gr_game *g, int player, gr_action *out, int cap)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    int who, n = 0;
    if (st->phase != VF_PHASE_COMBAT)
        return 0;
    int dec = vf_combat_decision(g, &who);
    if (who != player)
        return 0;
    if (dec == VF_DEC_RETREAT)
        return retreat_options(g, player, out, cap);
    int asked = vf_hitrun_asked(g);
    for (int yes = 0; asked >= 0 && yes < 2; yes++) {
        gr_action a = {.kind = VF_ACT_FIGHT, .player = (uint8_t)player, .nargs = 2,
                       .arg = {asked, yes}};
        n = put(out, cap, n, &a); /* SR-HitAndRun-a: the target's owner decides */
    }
    if (asked >= 0)
        return n;
    int due = vf_impetuous_due(g);
    if (due >= 0)
        return vf_impetuous_candidates(g, due, out, cap); /* SR-Impetuous-a */
    for (int u = 0; u < sd->nunits; u++) {
        if (st->cstage == 1) {
            if ((st->unit[u].cflags & VF_CF_MAIN) && !(st->unit[u].cflags & VF_CF_DONE)) {
                gr_action a = {.kind = VF_ACT_FIGHT, .player = (uint8_t)player, .nargs = 2,
                               .arg = {st->unit[u].target - 1, 0}};
                n = put(out, cap, n, &a);
                a.arg[1] = 1; /* SR-HitAndRun-a */
                if (VF_HAS(vf_unit_profile(sd, u)->rules, VF_SR_HIT_AND_RUN))
                    n = put(out, cap, n, &a);
            }
            continue;
        }
        if (sd->unit[u].side != player || st->unit[u].status != VF_UNIT_ON || st->unit[u].target)
            continue;
        for (int t = 0; t < sd->nunits; t++)
            if (sd->unit[t].side != player && vf_target_check(g, player, u, t, NULL) == GR_OK) {
                gr_action a = {.kind = VF_ACT_TARGET, .player = (uint8_t)player, .nargs = 2,
                               .arg = {u, t}};
                n = put(out, cap, n, &a);
            }
    }
    return n;
}
