/* resolve.c — a fire attack (vf:5.2, 8.0-8.3.1): the main attacker rolls
 * one hit test per point of its modified Fire value: halved once in
 * attack column (8.1.1-a) or when fewer than half its front-rank figures
 * see the target (8.1.5-a, obscured); +1 for artillery against a march or
 * attack column (8.1.3-a, dense); +1 when the target cannot see it
 * (8.1.4-a, enfilade); +1 per fire supporter (8.2.1-a, up to 3).  Values
 * go through vf_modified (1.0.1).  Each test hits on 4+ (natural 6 always,
 * natural 1 never), -1 when the attacker is shaken (8.3-c, 8.3-e).  The
 * hits become casualties on the target (8.3.1) and valour tests at +1
 * (5.2-b); supporters suffer and roll nothing (5.2-c).  The attacker and
 * its supporters have fired (5.0-e), the target has been fired at (5.0-d). */
#include "../vf.h"

#define MAX_SUPPORT 5

/* The modified Fire value of u against t with `nsup` supporters. */
int vf_fire_value(const gr_game *g, int u, int t, int support, int skirmish)
{
    const vf_sdata *sd = vf_sd(g);
    const vf_state *st = vf_cst(g);
    const vf_layout *ul = &st->unit[u].at, *tl = &st->unit[t].at;
    const vf_profile *p = vf_unit_profile(sd, u);
    int form = vf_formation_of(sd, ul), tform = vf_formation_of(sd, tl);
    int obscured = !vf_unit_half_sees(g, u, t); /* 8.1.5-a; kept (cache.c) */
    int halve, base = vf_fire_base(sd, u, skirmish, &halve);
    halve = halve || form == VF_FORM_ATTACK_COLUMN || obscured ||
                (ul->order == VF_ORDER_OPEN && ul->ranks >= 3); /* SR-OpenOrder-c */
    int add = support + 2 * vf_canister(g, u, t); /* SR-Canister-a */
    if (p->type == VF_ARTILLERY && (tform == VF_FORM_MARCH_COLUMN || tform == VF_FORM_SQUARE ||
                                    tform == VF_FORM_ATTACK_COLUMN || tform == VF_FORM_LIMBERED))
        add += 1; /* 8.1.3-a; SR-Square-e */
    if (!vf_unit_sees(g, t, u) && !VF_ALL_ROUND(tl))
        add += 1; /* 8.1.4-a; never against an occupant (T.3.2-h) or a square */
    if ((ul->order == VF_ORDER_INSIDE && p->type == VF_INFANTRY) || ul->order == VF_ORDER_SQUARE)
        halve = 1; /* T.3.5-a, SR-Square-f */
    add += vf_fate_fire_bonus(g, u); /* Perfect Volleys, Directed Fire */
    return vf_modified(base, halve, add);
}

/* Checks the supporters named by the action (arg[2..]); their count in
 * *n, their bonus in *bonus (+1 each, +2 for a canister supporter while
 * places remain, SR-Canister-b).  GR_OK or a refusal. */
/* Supporter s of a fire attack on t supports as skirmishers: the main
 * attacker skirmishes or uses its Darbzen and s may (SR-Skirmishers-b,
 * SR-Darbzen-b; it then keeps its action, Interp. A38). */
static int sup_skirmishes(const gr_game *g, int s, int t, int skirmish)
{
    return (skirmish == VF_FIRE_SKIRMISH || skirmish == VF_FIRE_DARBZEN) &&
           !vf_support_refusal(g, s, t, 1);
}

static gr_status check_support(const gr_game *g, const gr_action *a, int *n, int *bonus,
                               gr_error *why)
{
    int skirmish = a->nargs > 7 ? a->arg[7] : VF_FIRE_NORMAL;
    const vf_sdata *sd = vf_sd(g);
    int u = a->arg[0], t = a->arg[1], sup[MAX_SUPPORT], k = 0;
    *n = 0;
    *bonus = 0;
    for (int i = 2; i < a->nargs && i < 2 + MAX_SUPPORT; i++)
        if (a->arg[i] >= 0 && a->arg[i] < sd->nunits && k < MAX_SUPPORT)
            sup[k++] = a->arg[i];
    int limit = vf_battery_supporters(g, u, sup, k);
    for (int i = 2; i < a->nargs && i < 2 + MAX_SUPPORT; i++) {
        int s = a->arg[i];
        if (s == GR_NONE)
            continue;
        if (s < 0 || s >= sd->nunits)
            return gr_failst(why, GR_ERR_ARG, NULL, "fire: no unit %d", s);
        for (int j = 0; j < i; j++)
            if (a->arg[j] == s)
                return gr_fail(why, "vf:8.2-b", "%s is named twice", sd->unit[s].id);
        const char *r = vf_support_refusal(g, s, t, sup_skirmishes(g, s, t, skirmish));
        if (r)
            return gr_fail(why, r, "%s cannot give fire support against %s", sd->unit[s].id,
                           sd->unit[t].id);
        if (++*n > limit)
            return gr_fail(why, limit > 3 ? "vf:SR-Battery-b" : "vf:8.2.1-a",
                           "at most %d units give fire support", limit);
        int slots = vf_canister(g, s, t) ? 2 : 1;
        *bonus += *bonus + slots <= limit ? slots : 1;
    }
    if (*bonus > limit)
        *bonus = limit;
    return GR_OK;
}

/* Rolls the hit tests (8.3): returns the hits; in *free the failed tests
 * that were not re-rolled (Deadly Attack may re-roll those, 1.0.2-c), in
 * *mod their modifier. */
static int hit_tests(gr_game *g, int u, int target, int dice, int rockets, int guns, int *free,
                     int *mod)
{
    const vf_sdata *sd = vf_sd(g);
    vf_d6 t = {.purpose = VF_ROLL_HIT, .target = 4,
               .mod = (vf_shaken(sd, vf_cst(g), u) ? -1 : 0) - vf_cover_from(g, target, u) +
                      vf_special_hit_mod(g, u, target, 1, 1, rockets) -
                      2 * guns}; /* 8.3-d: SR-BattalionGuns-b -2 */
    /* SR-DisciplinedMusketry-a: natural 1s re-rolled (once, before
       modifiers: 1.0.2-b/c) by a main attacker in line */
    if (VF_HAS(vf_unit_profile(sd, u)->rules, VF_SR_DISCIPLINED_MUSKETRY) &&
        vf_formation_of(sd, &vf_cst(g)->unit[u].at) == VF_FORM_LINE)
        t.reroll = 1u << 1;
    /* SR-Battery-a: a battery with no casualty markers re-rolls its 1s */
    if (VF_HAS(vf_unit_profile(sd, u)->rules, VF_SR_BATTERY) && vf_cst(g)->unit[u].markers == 0)
        t.reroll = 1u << 1;
    /* SR-ConcentratedFire-a: the main attacker re-rolls its natural 1s */
    if (VF_HAS(vf_unit_profile(sd, u)->rules, VF_SR_CONCENTRATED_FIRE))
        t.reroll = 1u << 1;
    *mod = t.mod;
    return vf_d6_count_free(g, &t, dice, free);
}

void vf_fire_land(gr_game *g, int t, int hits)
{
    const vf_sdata *sd = vf_sd(g);
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_HITS, 2, t, hits);
    /* SR-OpenOrder-b: open order halves the casualties of the fire phase
       (1.0.1: at least 1 when hit, Interp. A43) */
    const vf_layout *tl = &vf_cst(g)->unit[t].at;
    if (tl->order == VF_ORDER_OPEN ||
        (tl->order == VF_ORDER_INSIDE &&
         VF_HAS(vf_unit_profile(sd, t)->rules, VF_SR_LIGHT_INFANTRY))) /* SR-LightInfantry-c */
        hits = vf_modified(hits, 1, 0);
    vf_casualties_react(g, t, hits, 1); /* Inspiration may follow (fate/react.c) */
}

/* Some of u's hit tests failed (`free` of them may be re-rolled): when
 * its side could play Deadly Attack, the attack waits for the window
 * (fate/react.c); returns 1 then. */
static int wait_for_deadly(gr_game *g, int u, int t, int hits, int free, int mod)
{
    if (free == 0 || !vf_react_open(g, VF_FW_HITS, vf_sd(g)->unit[u].side))
        return 0;
    vf_react *w = &vf_st(g)->react;
    w->unit = (uint8_t)u;
    w->target = (uint8_t)t;
    w->hits = (uint8_t)hits;
    w->free = (uint8_t)free;
    w->mod = (int8_t)mod;
    return 1;
}

gr_status vf_fire_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    const vf_sdata *sd = vf_sd(g);
    int u = a->arg[0], t = a->arg[1], nsup, bonus, skirmish = a->nargs > 7 ? a->arg[7] : 0;
    if (u < 0 || u >= sd->nunits || t < 0 || t >= sd->nunits || skirmish < 0 ||
        skirmish > VF_FIRE_DARBZEN)
        return gr_failst(why, GR_ERR_ARG, NULL, "fire: unit and target are units");
    const char *r = vf_fire_refusal(g, u, t, skirmish);
    if (r)
        return gr_fail(why, r, "%s cannot fire at %s", sd->unit[u].id, sd->unit[t].id);
    gr_status s = check_support(g, a, &nsup, &bonus, why);
    if (s != GR_OK)
        return s;
    int value = vf_fire_value(g, u, t, bonus, skirmish);
    uint8_t sk[MAX_SUPPORT] = {0};
    int rockets = 0; /* a Rockets supporter (SR-Rockets-c) */
    for (int i = 2; i < a->nargs && i < 2 + MAX_SUPPORT; i++)
        if (a->arg[i] != GR_NONE) {
            sk[i - 2] = (uint8_t)sup_skirmishes(g, a->arg[i], t, skirmish);
            rockets |= (int)VF_HAS(vf_unit_profile(sd, a->arg[i])->rules, VF_SR_ROCKETS);
        }
    vf_state *st = vf_st(g);
    st->unit[u].flags |= (uint8_t)(VF_UF_FIRED |
                                   (skirmish == VF_FIRE_SKIRMISH ? VF_UF_SKIRMISHED : 0));
    if (skirmish == VF_FIRE_GUNS)
        st->unit[u].sflags |= VF_SF_GUNS_FIRED; /* SR-BattalionGuns-c */
    for (int i = 2; i < a->nargs && i < 2 + MAX_SUPPORT; i++)
        if (a->arg[i] != GR_NONE)
            st->unit[a->arg[i]].flags |= (uint8_t)(VF_UF_FIRED | (sk[i - 2] ? VF_UF_SKIRMISHED : 0));
    st->unit[t].flags |= VF_UF_ATTACKED;
    gr_emitv(g, GR_EV_SYSTEM + VF_EV_FIRE, 5, u, t, value, nsup, skirmish);
    int free, mod;
    int hits = hit_tests(g, u, t, value, rockets, skirmish == VF_FIRE_GUNS, &free,
                         &mod); /* T.2.2-c: -1 light, -2 hard cover */
    if (!wait_for_deadly(g, u, t, hits, free, mod))
        vf_fire_land(g, t, hits);
    return GR_OK;
}
