/* victory.c — SAVANNAH: victory points and victory conditions (SR2, T-VP,
 * HS-victory).  Every loss a unit suffers (step, elimination, capture,
 * shattering, leader casualty) gives the enemy army its T-VP half points
 * (leaders: T-LeaderCasualty, a captured leader counts as a casualty,
 * AMB-45; Creeks 0.5) and adds the SP removed to its colour band's count
 * (AMB-22: step losses count full minus reduced SP, eliminations and
 * captures the SP left; artillery never; losses "without VP" never).  The
 * decisive victories of those counts are checked at once (AMB-46; two at
 * once: the inactive side, the defender of the step, wins).  SR2.1 Case A:
 * the surrender roll at the end of a British player turn.  At the end of
 * the last turn: the victory hex (SR2.8) and the marginal victories on the
 * VP margin (SR2.3, SR2.6, AMB-23: Allied VP = French + American). */
#include "../arw.h"

void arw_lose_step_no_vp(gr_game *g, int u, int morale)
{
    arw_state *s = arw_st(g);
    s->sav.no_vp++;
    if (morale)
        arw_step_loss(g, u, -1);
    else
        arw_lose_step(g, u);
    s->sav.no_vp--;
}

void arw_vp_add(gr_game *g, int army, int vp2)
{
    arw_state *s = arw_st(g);
    if (vp2 == 0 || army < 0 || army >= ARW_NARMIES)
        return;
    s->vp2[army] = (int16_t)(s->vp2[army] + vp2);
    arw_emit(g, ARW_E_VP, 3, army, vp2, s->vp2[army]);
}

static int army_side(int army)
{
    return army == ARW_ARMY_BRITISH ? ARW_BRITISH : ARW_ALLIED;
}

/* T-VP half points of loss `kind` of unit u (before it leaves the map). */
static int loss_vp(const gr_game *g, int u, int kind)
{
    const arw_data *d = arw_dat(g);
    const arw_unit_def *x = &d->unit[u];
    const int16_t *vp = d->sav.vp;
    if (x->kind == ARW_K_LEADER) /* SR2.7, AMB-45 */
        return kind == ARW_LOSS_ELIMINATED || kind == ARW_LOSS_CAPTURED ? x->cas_vp2 : 0;
    switch (kind) {
    case ARW_LOSS_REDUCED: return vp[ARW_VP_REDUCED];
    case ARW_LOSS_CAPTURED: return vp[ARW_VP_CAPTURED];
    case ARW_LOSS_SHATTERED: return vp[ARW_VP_SHATTERED];
    default: break;
    }
    if (x->flags & ARW_F_CREEK)
        return vp[ARW_VP_CREEK]; /* SR4.8-e */
    if (x->steps == 1)
        return vp[ARW_VP_ONE_STEP];
    return arw_cst(g)->unit[u].steps == 1 ? vp[ARW_VP_REDUCED_ELIM] : vp[ARW_VP_TWO_STEP];
}

/* AMB-22: SP removed from play by loss `kind` of unit u. */
static int loss_sp(const gr_game *g, int u, int kind)
{
    const arw_unit_def *x = &arw_dat(g)->unit[u];
    if (x->kind == ARW_K_LEADER || x->kind == ARW_K_ARTILLERY)
        return 0;
    if (kind == ARW_LOSS_REDUCED)
        return x->sp[0] - x->sp[1];
    return kind == ARW_LOSS_SHATTERED ? 0 : arw_unit_sp(g, u);
}

void arw_sav_loss(gr_game *g, int u, int kind, int gainer)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    if (!arw_losses_score_vp(g)) /* savunits.c */
        return;
    if (gainer < 0 || army_side(gainer) == d->unit[u].side)
        gainer = arw_enemy_army(g, u); /* AMB-51 */
    if (army_side(gainer) == d->unit[u].side)
        gainer = arw_side_army(1 - d->unit[u].side);
    int sp = loss_sp(g, u, kind);
    if (sp)
        s->sav.lost_sp[d->unit[u].group] = (int16_t)(s->sav.lost_sp[d->unit[u].group] + sp);
    arw_vp_add(g, gainer, loss_vp(g, u, kind)); /* SR2.9 */
    arw_decisive_check(g);
}

int arw_lost_sp(const arw_state *s, unsigned groups)
{
    int n = 0;
    for (int i = 0; i < ARW_MAX_GROUPS; i++)
        if (groups & (1u << i))
            n += s->sav.lost_sp[i];
    return n;
}

int arw_unit_lost(const arw_state *s, int u)
{
    return u >= 0 && (s->unit[u].box == ARW_BOX_ELIMINATED || s->unit[u].box == ARW_BOX_CAPTURED);
}

/* Non-zero when decisive count c is reached (SR2.1 Case B, SR2.4, HS). */
static int reached(const arw_state *s, const arw_decisive *c)
{
    if (c->total <= 0 || arw_lost_sp(s, c->groups) < c->total ||
        arw_lost_sp(s, c->core) < c->core_min)
        return 0;
    return c->leader < 0 || arw_unit_lost(s, c->leader);
}

/* SR2.11: the Allied army with more VP, or -1 on a tie. */
static void allied_winner(gr_game *g)
{
    const arw_state *s = arw_cst(g);
    int fr = s->vp2[ARW_ARMY_FRENCH], am = s->vp2[ARW_ARMY_AMERICAN];
    if (fr != am)
        arw_emit(g, ARW_E_ALLIED_WINNER, 1, fr > am ? ARW_ARMY_FRENCH : ARW_ARMY_AMERICAN);
}

static void victory(gr_game *g, int outcome, int winner)
{
    if (winner == ARW_ALLIED)
        allied_winner(g);
    arw_game_over(g, outcome, winner);
}

int arw_decisive_check(gr_game *g)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    int allied = 0, british = 0;
    if (s->stage == ARW_ST_OVER)
        return 1;
    if (d->rules & ARW_SR_CAMPAIGN_VICTORY) {
        allied = reached(s, &d->sav.allied);   /* SR2.1 Case B */
        british = reached(s, &d->sav.british); /* SR2.4 */
    }
    if (d->rules & ARW_SR_HS_VICTORY)
        british |= reached(s, &d->sav.hs_british); /* HS-victory */
    if (!allied && !british)
        return 0;
    int winner = allied && british ? 1 - s->active : allied ? ARW_ALLIED : ARW_BRITISH;
    victory(g, winner == ARW_ALLIED ? ARW_OUT_ALLIED_DECISIVE : ARW_OUT_BRITISH_DECISIVE,
            winner);
    return 1;
}

/* Town hexes (intact or destroyed) holding a ready Allied combat unit. */
static int occupied_towns(const gr_game *g)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int n = 0;
    for (int i = 0; i < d->map.ntowns; i++)
        for (int u = s->hex[d->map.towns[i]].head; u != ARW_NO_UNIT; u = s->unit[u].next)
            if (d->unit[u].side == ARW_ALLIED && arw_is_ready(g, u)) {
                n++;
                break;
            }
    return n;
}

int arw_surrender_drm(const gr_game *g, int *towns)
{
    const arw_state *s = arw_cst(g);
    const arw_sav_data *sv = &arw_dat(g)->sav;
    int level = arw_level_of(&arw_dat(g)->t, s->morale[ARW_ARMY_BRITISH]);
    *towns = occupied_towns(g);
    return sv->surr_level[level] + *towns * sv->surr_per_hex +
           (arw_unit_lost(s, sv->commander) ? sv->surr_lost : 0); /* AMB-85 */
}

void arw_surrender_check(gr_game *g)
{
    const arw_sav_data *sv = &arw_dat(g)->sav;
    int towns, drm = arw_surrender_drm(g, &towns);
    if (towns == 0)
        return; /* SR2.1 Case A: no roll */
    int roll = gr_roll(g, 0, 10, ARW_ROLL_SURRENDER), total = roll + drm;
    int surrender = total <= sv->surr_at;
    arw_emit(g, ARW_E_SURRENDER, 4, roll, drm, total, surrender);
    if (surrender)
        victory(g, ARW_OUT_ALLIED_DECISIVE, ARW_ALLIED);
}

/* SR2.8: the side controlling hex h (a ready combat unit in it and no ready
 * enemy combat unit next to it), or -1; *army: the army credited. */
int arw_hex_controller(const gr_game *g, int h, int *army)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    for (int u = s->hex[h].head; u != ARW_NO_UNIT; u = s->unit[u].next) {
        if (!arw_is_ready(g, u))
            continue;
        int side = d->unit[u].side;
        for (int k = 0; k < 6; k++) {
            int n = d->map.nb[h * 6 + k];
            int v = n >= 0 ? s->hex[n].head : ARW_NO_UNIT;
            for (; v != ARW_NO_UNIT; v = s->unit[v].next)
                if (d->unit[v].side != side && arw_is_ready(g, v))
                    return -1;
        }
        *army = d->unit[u].army;
        return side;
    }
    return -1;
}

void arw_final_victory(gr_game *g)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    for (int h = 0; h < d->map.nhex; h++) {
        int army, side;
        if (!arw_in_zone(d, h, ARW_Z_SPRING_HILL) || (side = arw_hex_controller(g, h, &army)) < 0)
            continue;
        arw_emit(g, ARW_E_VICTORY_HEX, 2, side, army);
        arw_vp_add(g, army, d->sav.vp[ARW_VP_HEX]);
    }
    int margin = s->vp2[ARW_ARMY_FRENCH] + s->vp2[ARW_ARMY_AMERICAN] - s->vp2[ARW_ARMY_BRITISH];
    if (margin >= d->sav.vp[ARW_VP_MARGIN])
        victory(g, ARW_OUT_ALLIED_MARGINAL, ARW_ALLIED); /* SR2.3 */
    else
        victory(g, ARW_OUT_BRITISH_MARGINAL, ARW_BRITISH); /* SR2.6 */
}

int arw_hs_town_check(gr_game *g)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    if (!(d->rules & ARW_SR_HS_VICTORY))
        return 0;
    for (int i = 0; i < d->map.ntowns; i++) /* (the town hexes: arw_is_town) */
        for (int u = s->hex[d->map.towns[i]].head; u != ARW_NO_UNIT; u = s->unit[u].next)
            if (d->unit[u].side == ARW_ALLIED && arw_is_ready(g, u)) {
                victory(g, ARW_OUT_ALLIED_DECISIVE, ARW_ALLIED); /* HS-victory: at once */
                return 1;
            }
    return 0;
}
