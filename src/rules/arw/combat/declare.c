/* declare.c — close-combat declarations (GR12.12-GR12.21, SR4.13, AMB-15,
 * AMB-93).  The active player builds combats one attacker at a time
 * ("attack unit=U hex=H" starts a combat against H or joins the combat that
 * already attacks H; "widen" adds a defending hex to a one-attacking-hex
 * combat) and ends with "declare-done".  Every offered action keeps a
 * complete legal declaration reachable: a backtracking search checks that
 * every unit obliged to attack can still attack and every enemy hex that
 * must be attacked can still be attacked.  The search has a node budget:
 * beyond it an attack is accepted without proof and "declare-done" is not
 * refused (an unproven obligation never leaves the player without a legal
 * action). */
#include <string.h>

#include "../arw.h"

#define NODE_BUDGET 20000 /* search nodes per check; beyond it: permissive (gave_up) */
#define KHEX_NONE (-1)       /* a combat with no attacker yet               */
#define KHEX_MANY (-2)       /* a combat attacked from several hexes        */

/* A scratch copy of the declaration, for the search. */
typedef struct dctx {
    int n;                                  /* attacker-side candidates    */
    int16_t unit[ARW_MAX_UNITS];
    int16_t hex[ARW_MAX_UNITS];
    int16_t target[ARW_MAX_UNITS][6];       /* hexes each may attack       */
    uint8_t ntarget[ARW_MAX_UNITS];
    uint8_t nation[ARW_MAX_UNITS];          /* army; 3 = combines with any */
    uint8_t must[ARW_MAX_UNITS];            /* GR12.12 obliged             */
    uint8_t combat[ARW_MAX_UNITS];          /* 0 or k + 1                  */
    int ncombats;
    int16_t dhex[ARW_MAX_COMBATS][ARW_MAX_DHEX];
    uint8_t ndhex[ARW_MAX_COMBATS];
    int nmust;
    int16_t musthex[ARW_MAX_UNITS * 6];
    uint8_t art[ARW_MAX_UNITS];             /* artillery: joins, never starts */
    int diverted;                           /* GR12.14 hex, or -1          */
    uint8_t knat[ARW_MAX_COMBATS];          /* nations attacking, bit mask */
    int16_t khex[ARW_MAX_COMBATS];          /* attacking hex, NONE or MANY */
    uint16_t mfirst[ARW_MAX_UNITS * 6 + 1]; /* must hex m's starters:      */
    int16_t mstart[ARW_MAX_UNITS * 6];      /* [mfirst[m], mfirst[m + 1])  */
    long nodes;
    int gave_up;                            /* the budget ran out: unproven */
    int nok;                                /* actions check_in accepted with */
    gr_action ok[4];                        /* this context (the last ones)  */
} dctx;

static uint8_t nation_of(const arw_unit_def *d)
{
    return (d->flags & ARW_F_WITH_FRENCH) ? 3 : d->army; /* SR4.13-a */
}

static int has_target(const dctx *c, int i, int h)
{
    for (int t = 0; t < c->ntarget[i]; t++)
        if (c->target[i][t] == h)
            return 1;
    return 0;
}

/* ---------------------------------------------------------------- context */

static void add_must_hexes(dctx *c, int i)
{
    for (int t = 0; t < c->ntarget[i]; t++) {
        int seen = 0;
        for (int m = 0; m < c->nmust; m++)
            seen |= c->musthex[m] == c->target[i][t];
        if (!seen)
            c->musthex[c->nmust++] = c->target[i][t];
    }
}

/* GR13.1 PIN (A): every enemy pinned unit some attacker can reach must be
 * attacked. */
static void add_pinned_hexes(const gr_game *g, dctx *c)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    for (int j = 0; j < d->nside_units[1 - s->active]; j++) { /* (the enemy, unit order) */
        int u = d->side_units[1 - s->active][j];
        int h = s->unit[u].hex, seen = 0, reach = 0;
        if (d->unit[u].side == s->active || s->unit[u].box != ARW_BOX_MAP ||
            !(s->unit[u].flags & ARW_U_PINNED) || h == c->diverted)
            continue;
        for (int i = 0; i < c->n; i++)
            reach |= has_target(c, i, h);
        for (int m = 0; m < c->nmust; m++)
            seen |= c->musthex[m] == h;
        if (reach && !seen)
            c->musthex[c->nmust++] = (int16_t)h;
    }
}

/* For each must-attack hex, the attackers that could start a combat on it
 * (not artillery, next to it). */
static void add_starters(dctx *c)
{
    int n = 0;
    for (int m = 0; m < c->nmust; m++) {
        c->mfirst[m] = (uint16_t)n;
        for (int i = 0; i < c->n; i++)
            if (!c->art[i] && has_target(c, i, c->musthex[m]))
                c->mstart[n++] = (int16_t)i;
    }
    c->mfirst[c->nmust] = (uint16_t)n;
}

/* Puts attacker i in combat k and updates the combat's summary. */
static void enlist(dctx *c, int i, int k)
{
    c->combat[i] = (uint8_t)(k + 1);
    c->knat[k] |= (uint8_t)(1u << c->nation[i]);
    c->khex[k] = c->khex[k] == KHEX_NONE || c->khex[k] == c->hex[i] ? c->hex[i] : KHEX_MANY;
}

static void ctx_build(const gr_game *g, dctx *c, int diverted)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    memset(c, 0, offsetof(dctx, target));
    c->nok = 0;
    c->nmust = 0;
    c->nodes = 0;
    c->gave_up = 0;
    c->diverted = diverted;
    uint64_t foe[ARW_HEX_WORDS], near[ARW_HEX_WORDS];
    arw_mark_combat_hexes(g, 1 - s->active, foe, near);
    for (int j = 0; j < d->nside_combat[s->active]; j++) { /* (arw_can_attack: the active
                                                                side, no leader) */
        int u = d->side_combat[s->active][j];
        if (s->unit[u].box != ARW_BOX_MAP || !arw_hex_bit(near, s->unit[u].hex) /* (no target) */ ||
            !arw_can_attack(g, u))
            continue; /* (no target: left out of the search; check_in knows) */
        int i = c->n++;
        c->unit[i] = (int16_t)u;
        c->hex[i] = s->unit[u].hex;
        c->ntarget[i] = (uint8_t)arw_attack_targets(g, u, c->target[i], diverted, foe);
        c->nation[i] = nation_of(&d->unit[u]);
        c->must[i] = (uint8_t)(arw_attack_obliged(g, u) && c->ntarget[i] > 0); /* GR12.12 */
        c->art[i] = d->unit[u].kind == ARW_K_ARTILLERY;
        c->combat[i] = s->unit[u].combat;
        if (c->must[i])
            add_must_hexes(c, i);
    }
    add_pinned_hexes(g, c);
    add_starters(c);
    c->ncombats = s->ncombats;
    for (int k = 0; k < s->ncombats; k++) {
        c->ndhex[k] = s->combat[k].ndhex;
        memcpy(c->dhex[k], s->combat[k].dhex, sizeof c->dhex[k]);
        c->knat[k] = 0;
        c->khex[k] = KHEX_NONE;
    }
    for (int i = 0; i < c->n; i++)
        if (c->combat[i])
            enlist(c, i, c->combat[i] - 1);
}

static int ctx_index(const dctx *c, int u)
{
    for (int i = 0; i < c->n; i++)
        if (c->unit[i] == u)
            return i;
    return -1;
}

static int hex_combat(const dctx *c, int h)
{
    for (int k = 0; k < c->ncombats; k++)
        for (int j = 0; j < c->ndhex[k]; j++)
            if (c->dhex[k][j] == h)
                return k;
    return -1;
}

static int incompatible(int a, int b)
{
    return a != b && a != 3 && b != 3;
}

/* Non-zero when combat k has an attacker that attacker i may not attack
 * with (SR4.13: French and Americans apart; 3 = combines with any). */
static int nation_clash(const dctx *c, int i, int k)
{
    return c->nation[i] != 3 && (c->knat[k] & ~((1u << c->nation[i]) | (1u << 3)));
}

/* Non-zero when attacker i may join combat k (GR12.15, SR4.13). */
static int join_ok(const dctx *c, int i, int k)
{
    if (c->combat[i] || c->ndhex[k] == 0)
        return 0;
    for (int j = 0; j < c->ndhex[k]; j++)
        if (!has_target(c, i, c->dhex[k][j]))
            return 0;
    if (nation_clash(c, i, k))
        return 0;
    return c->ndhex[k] == 1 || c->khex[k] == KHEX_NONE || c->khex[k] == c->hex[i];
    /* (never several attacking hexes against several hexes) */
}

/* Non-zero when combat k may add defending hex h (1 attacking hex vs N). */
static int widen_ok(const dctx *c, int k, int h)
{
    if (c->khex[k] < 0 || c->ndhex[k] >= ARW_MAX_DHEX || c->ndhex[k] == 0 ||
        hex_combat(c, h) >= 0)
        return 0; /* (no attacker, or several attacking hexes) */
    for (int j = 0; j < c->n; j++)
        if (c->combat[j] == k + 1 && !has_target(c, j, h))
            return 0;
    return 1;
}

/* A combat starts with a unit that can be its vanguard: artillery only
 * joins (GR12.23 Step 2; engine reading). */
static int new_ok(const dctx *c, int i, int h)
{
    return !c->combat[i] && !c->art[i] && has_target(c, i, h) && hex_combat(c, h) < 0 &&
           c->ncombats < ARW_MAX_COMBATS;
}

/* AMB-93: every hex the unit could attack is taken by a combat of the other
 * nation, so it is released from its obligation. */
static int released(const dctx *c, int i)
{
    for (int t = 0; t < c->ntarget[i]; t++) {
        int k = hex_combat(c, c->target[i][t]);
        if (k < 0 || !nation_clash(c, i, k))
            return 0;
    }
    return 1;
}

/* ---------------------------------------------------------------- search */

static int solve(dctx *c);

static int try_new(dctx *c, int i, int h)
{
    int k = c->ncombats++;
    c->ndhex[k] = 1;
    c->dhex[k][0] = (int16_t)h;
    c->knat[k] = 0;
    c->khex[k] = KHEX_NONE;
    enlist(c, i, k);
    int ok = solve(c);
    c->combat[i] = 0;
    c->ndhex[k] = 0;
    c->ncombats--;
    return ok;
}

static int try_join(dctx *c, int i, int k)
{
    uint8_t knat = c->knat[k];
    int16_t khex = c->khex[k];
    enlist(c, i, k);
    int ok = solve(c);
    c->combat[i] = 0;
    c->knat[k] = knat;
    c->khex[k] = khex;
    return ok;
}

static int try_widen(dctx *c, int k, int h)
{
    c->dhex[k][c->ndhex[k]++] = (int16_t)h;
    int ok = solve(c);
    c->ndhex[k]--;
    return ok;
}

/* Non-zero when attacker i may attack hex h now: join the combat on it or
 * start one. */
static int option_ok(const dctx *c, int i, int h)
{
    int k = hex_combat(c, h);
    return k >= 0 ? join_ok(c, i, k) : new_ok(c, i, h);
}

static int options_of(const dctx *c, int i)
{
    int n = 0;
    for (int t = 0; t < c->ntarget[i]; t++)
        n += option_ok(c, i, c->target[i][t]);
    return n;
}

/* Options of an obliged attacker i. */
static int solve_unit(dctx *c, int i)
{
    for (int t = 0; t < c->ntarget[i]; t++) {
        int h = c->target[i][t], k = hex_combat(c, h);
        if (option_ok(c, i, h) && (k >= 0 ? try_join(c, i, k) : try_new(c, i, h)))
            return 1;
    }
    return 0;
}

/* Non-zero when attacker i, with no option left, may still be released
 * (AMB-93): every hex it could attack may yet be taken by a combat of the
 * other nation (some attacker of it, not placed elsewhere, is next to it). */
static int may_be_released(const dctx *c, int i)
{
    for (int t = 0; t < c->ntarget[i]; t++) {
        int h = c->target[i][t], k = hex_combat(c, h), found = 0;
        for (int j = 0; j < c->n && !found; j++)
            found = incompatible(c->nation[i], c->nation[j]) && has_target(c, j, h) &&
                    (!c->combat[j] || c->combat[j] == k + 1);
        if (!found)
            return 0;
    }
    return 1;
}

/* The obliged attacker still to place with the fewest options (at least
 * one; the first in unit order among equals), so forced choices are made
 * first and dead ends show early; -1 when none is left; -2 when the search
 * must fail: one left has no option (options never come back as the
 * declaration grows) and cannot be released, or none left has an option.
 * The scan stops at the first attacker with a single option (none can have
 * fewer and still be placed); one stuck further on is found later. */
static int next_obliged(const dctx *c)
{
    int best = -1, fewest = 7, stuck = 0;
    for (int i = 0; i < c->n; i++) {
        if (!c->must[i] || c->combat[i] || released(c, i))
            continue;
        int n = options_of(c, i);
        if (n == 0 && !may_be_released(c, i))
            return -2;
        stuck |= n == 0;
        if (n == 1)
            return i;
        if (n > 0 && n < fewest) {
            best = i;
            fewest = n;
        }
    }
    return best < 0 && stuck ? -2 : best;
}

/* Options for an enemy hex h that must be attacked. */
static int solve_hex(dctx *c, int h)
{
    for (int k = 0; k < c->ncombats; k++)
        if (widen_ok(c, k, h) && try_widen(c, k, h))
            return 1;
    for (int i = 0; i < c->n; i++)
        if (new_ok(c, i, h) && try_new(c, i, h))
            return 1;
    return 0;
}

/* A must-attack hex h not attacked yet can still be: some combat may widen
 * to it or some free attacker may start a combat on it.  Both only get
 * rarer as the declaration grows, so without either the search fails. */
static int still_attackable(const dctx *c, int m)
{
    int h = c->musthex[m];
    for (int x = c->mfirst[m]; x < c->mfirst[m + 1]; x++)
        if (new_ok(c, c->mstart[x], h))
            return 1;
    for (int k = 0; k < c->ncombats; k++)
        if (widen_ok(c, k, h))
            return 1;
    return 0;
}

/* Non-zero when the declaration in c can be completed (GR12.12-a,
 * GR12.13): every obliged attacker placed (fewest options first), then
 * every must-attack hex attacked.  Running out of budget answers 1 and sets
 * gave_up. */
static int solve(dctx *c)
{
    if (++c->nodes > NODE_BUDGET) {
        c->gave_up = 1;
        return 1; /* too large to prove: accept (documented limitation) */
    }
    for (int m = 0; m < c->nmust; m++) /* (forward check: fail early) */
        if (hex_combat(c, c->musthex[m]) < 0 && !still_attackable(c, m))
            return 0;
    int i = next_obliged(c);
    if (i != -1)
        return i >= 0 && solve_unit(c, i);
    for (int m = 0; m < c->nmust; m++)
        if (hex_combat(c, c->musthex[m]) < 0)
            return solve_hex(c, c->musthex[m]);
    return 1;
}

/* Non-zero when the declaration is complete (GR12.12-a, GR12.13-a). */
static int complete(const dctx *c)
{
    for (int i = 0; i < c->n; i++)
        if (c->must[i] && !c->combat[i] && !released(c, i))
            return 0;
    for (int m = 0; m < c->nmust; m++)
        if (hex_combat(c, c->musthex[m]) < 0)
            return 0;
    return 1;
}

/* ---------------------------------------------------------------- actions */

/* GR12.14 [Advanced]: one defending stack, not attacked yet, not pinned,
 * next to a unit that could attack it; the declaration must stay
 * completable without it. */
static gr_status check_divert(dctx *c, const gr_game *g, int h, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    int reach = 0;
    if (!(s->options & ARW_O_ADVANCED))
        return gr_fail(err, "arw:GR1-b", "diversion is an [Advanced] rule (advanced=1)");
    if (s->diverted)
        return gr_fail(err, "arw:GR12.14", "one diversion per close combat phase");
    if (h < 0 || h >= d->map.nhex || !arw_hex_has_combat(g, h, 1 - s->active))
        return gr_fail(err, "arw:GR12.14", "divert a hex of defending units");
    if (c->ncombats > 0)
        return gr_fail(err, "arw:GR12.14", "declare the diversion before the first attack "
                       "(engine procedure)");
    for (int i = 0; i < c->n; i++) /* a unit next to it that can attack another stack */
        reach |= has_target(c, i, h) && c->ntarget[i] > 1;
    if (!reach)
        return gr_fail(err, "arw:GR12.14", "a diversion is created by units next to the "
                       "stack that attack another enemy stack");
    for (int u = s->hex[h].head; u != ARW_NO_UNIT; u = s->unit[u].next)
        if (s->unit[u].flags & ARW_U_PINNED)
            return gr_fail(err, "arw:GR12.14", "pinned units cannot be diverted (GR13.1 PIN)");
    dctx *alt = c + 1; /* scratch after the caller's context */
    ctx_build(g, alt, h);
    return solve(alt) ? GR_OK : gr_fail(err, "arw:GR12.12-a", "this leaves an obligation unmet");
}

/* Appends ", word" (or "word" first) to t. */
static void add_name(gr_text *t, const char *word)
{
    gr_textf(t, "%s%s", t->len ? ", " : "", word);
}

/* The refusal of declare-done, naming what is still unmet: the obliged
 * units in no combat, the hexes that must be attacked and are not. */
static gr_status say_unmet(const dctx *c, const gr_game *g, gr_error *err)
{
    const arw_data *d = arw_dat(g);
    char units[160] = "", hexes[96] = "", label[16];
    gr_text tu = {units, sizeof units, 0}, th = {hexes, sizeof hexes, 0};
    for (int i = 0; i < c->n; i++)
        if (c->must[i] && !c->combat[i] && !released(c, i))
            add_name(&tu, arw_unit_name(d, c->unit[i]));
    for (int m = 0; m < c->nmust; m++)
        if (hex_combat(c, c->musthex[m]) < 0)
            add_name(&th, arw_hex_label(d, c->musthex[m], label, sizeof label));
    return gr_fail(err, "arw:GR12.12-a",
                   "a unit obliged to attack, or an enemy unit that must be attacked "
                   "(GR12.13), is not in a declared combat%s%s%s%s",
                   units[0] ? "; still to attack: " : "", units,
                   hexes[0] ? "; still to be attacked: " : "", hexes);
}

/* Checks an action against ctx c; 0 when legal, else the refusal. */
static gr_status check_in(dctx *c, const gr_game *g, const gr_action *a, gr_error *err)
{
    gr_status hs = arw_hs16_declare_check(g, a, err); /* SAVANNAH: HS-16 d'Estaing */
    if (hs != GR_OK)
        return hs; /* (it may check attacks with this same context: reset after) */
    c->nodes = 0; /* a budget per check */
    c->gave_up = 0;
    if (a->kind == ARW_A_DECLARE_DONE) /* or none exists at all, or none was proven */
        return complete(c) || !solve(c) || c->gave_up ? GR_OK : say_unmet(c, g, err);
    if (a->kind == ARW_A_DIVERT)
        return check_divert(c, g, a->arg[0], err);
    if (a->kind == ARW_A_WIDEN) {
        int k = a->arg[0] >= 0 ? hex_combat(c, a->arg[0]) : -1;
        if (k < 0)
            return gr_fail(err, "arw:GR12.21-a", "hex is not attacked by a declared combat");
        if (a->arg[1] < 0 || !widen_ok(c, k, a->arg[1]))
            return gr_fail(err, "arw:GR12.23", "a combat has one attacking hex or one "
                           "defending hex (GR12.15), adjacent to every attacker");
        return try_widen(c, k, a->arg[1]) ? GR_OK
               : gr_fail(err, "arw:GR12.12-a", "this leaves an obligation unmet");
    }
    int u = a->arg[0], h = a->arg[1];
    int known = u >= 0 && u < arw_dat(g)->nunits;
    int i = known ? ctx_index(c, u) : -1; /* (-1 too: may attack, but no enemy next to it) */
    if (i < 0 && !(known && arw_can_attack(g, u))) {
        if (arw_unit_attack_refusal(g, u, err) != GR_OK)
            return GR_ERR_ILLEGAL; /* SAVANNAH: SR4.1-1d, SR4.8-c (savunits.c) */
        return gr_fail(err, "arw:GR12.12-b", "this unit cannot attack now");
    }
    if (i >= 0 && c->combat[i])
        return gr_fail(err, "arw:GR12.23", "each unit takes part in one combat (GR12.15)");
    if (h >= 0 && h < arw_dat(g)->map.nhex && arw_sav_attack_barred(g, u, h))
        return arw_sav_attack_refusal(g, u, h, err); /* SAVANNAH: SR3-c, HS-16 (track.c) */
    if (i < 0 || h < 0 || !has_target(c, i, h))
        return gr_fail(err, "arw:GR12.12-a", "the hex is not an adjacent enemy hex it may attack");
    int k = hex_combat(c, h);
    if (k >= 0 && nation_clash(c, i, k))
        return gr_fail(err, "arw:SR4.13-c", "French and American units may not attack "
                           "together");
    if (k >= 0 && !join_ok(c, i, k))
        return gr_fail(err, "arw:GR12.23", "a combat has one attacking hex or one defending "
                       "hex (GR12.15)");
    if (k < 0 && c->art[i])
        return gr_fail(err, "arw:GR12.23", "artillery may join a combat but never starts one "
                       "(it cannot be the vanguard, Step 2)");
    if (k < 0 && !new_ok(c, i, h))
        return gr_fail(err, "arw:GR12.23", "too many combats");
    int ok = k >= 0 ? try_join(c, i, k) : try_new(c, i, h);
    return ok ? GR_OK : gr_fail(err, "arw:GR12.12-a", "this leaves an obligation unmet");
}

size_t arw_declare_scratch_size(void)
{
    return 2 * sizeof(dctx); /* (the second: check_divert's) */
}

/* The context of the state as it stands, kept in the rules scratch
 * (mvscratch.c) from one call to the next while the state does not change:
 * a random draw, then the check of the drawn action in its apply. */
static dctx *state_ctx(const gr_game *g)
{
    int kept;
    dctx *c = arw_scratch_decl(g, &kept);
    if (!kept) {
        ctx_build(g, c, arw_diverted_hex(g));
        arw_scratch_decl_built(g);
    }
    return c;
}

/* check_in, answered at once for an action it accepted with this context
 * (the draw's, for the apply's check); accepted ones are remembered. */
static gr_status check_kept(dctx *c, const gr_game *g, const gr_action *a, gr_error *err)
{
    for (int i = 0; i < c->nok; i++)
        if (c->ok[i].kind == a->kind && c->ok[i].player == a->player &&
            c->ok[i].arg[0] == a->arg[0] && c->ok[i].arg[1] == a->arg[1])
            return GR_OK;
    gr_status st = check_in(c, g, a, err);
    if (st == GR_OK) {
        int i = c->nok < 4 ? c->nok++ : 3;
        memset(&c->ok[i], 0, sizeof c->ok[i]);
        c->ok[i].kind = a->kind;
        c->ok[i].player = a->player;
        c->ok[i].arg[0] = a->arg[0];
        c->ok[i].arg[1] = a->arg[1];
    }
    return st;
}

gr_status arw_declare_check(const gr_game *g, const gr_action *a, gr_error *err)
{
    if (arw_cst(g)->stage != ARW_ST_DECLARE)
        return gr_fail(err, "arw:GR12.21-a", "combats are declared before any is resolved");
    return check_kept(state_ctx(g), g, a, err);
}

/* A declaration action not checked yet (kind and its two arguments). */
typedef struct dcand {
    uint8_t kind;
    int16_t a0, a1;
} dcand;

/* Room for every candidate: attacks and diversions (each attacker's
 * targets), widenings (each combat's targets), declare-done. */
#define DCAND_MAX (2 * ARW_MAX_UNITS * 6 + ARW_MAX_COMBATS * 6 + 1)

static void cand_put(dcand *out, int *n, int kind, int a0, int a1)
{
    out[*n].kind = (uint8_t)kind;
    out[*n].a0 = (int16_t)a0;
    out[*n].a1 = (int16_t)a1;
    (*n)++;
}

/* GR12.14 diversion candidates: the enemy hexes next to attackers (each
 * once, in map order). */
static void divert_candidates(const gr_game *g, const dctx *c, dcand *out, int *n)
{
    uint64_t reach[ARW_HEX_WORDS];
    int nhex = arw_dat(g)->map.nhex;
    if (!(arw_cst(g)->options & ARW_O_ADVANCED) || arw_cst(g)->diverted || c->ncombats)
        return;
    memset(reach, 0, sizeof reach); /* the hexes some attacker may attack */
    for (int i = 0; i < c->n; i++)
        for (int t = 0; t < c->ntarget[i]; t++)
            reach[c->target[i][t] >> 6] |= (uint64_t)1 << (c->target[i][t] & 63);
    for (int h = 0; h < nhex; h++) {
        if (!reach[h >> 6]) {
            h |= 63; /* (no attacker's target among these 64 hexes) */
            continue;
        }
        if (reach[h >> 6] >> (h & 63) & 1u)
            cand_put(out, n, ARW_A_DIVERT, h, 0);
    }
}

/* Every action the declaration step might accept, in the order of the
 * legal list: attacks (attacker by attacker, target by target),
 * diversions, widenings (each combat's defending hex, then the hexes its
 * attackers may attack), declare-done.  Returns how many. */
static int candidates(const gr_game *g, const dctx *c, dcand *out)
{
    int n = 0;
    for (int i = 0; i < c->n; i++)
        for (int t = 0; !c->combat[i] && t < c->ntarget[i]; t++)
            cand_put(out, &n, ARW_A_ATTACK, c->unit[i], c->target[i][t]);
    divert_candidates(g, c, out, &n);
    for (int k = 0; k < c->ncombats; k++) {
        int m = 0;
        while (m < c->n && c->combat[m] != k + 1)
            m++; /* any attacker: a widened combat has one attacking hex */
        for (int t = 0; m < c->n && t < c->ntarget[m]; t++)
            cand_put(out, &n, ARW_A_WIDEN, c->dhex[k][0], c->target[m][t]);
    }
    cand_put(out, &n, ARW_A_DECLARE_DONE, 0, 0);
    return n;
}

static gr_action cand_action(const dcand *x, int side)
{
    gr_action a;
    int n = 0;
    arw_put_action(&a, 1, &n, side, x->kind, x->a0, x->a1);
    return a;
}

/* The candidates c accepts, into out[cap]; stops once `stop` are found.
 * Returns how many were found. */
static int declare_list(const gr_game *g, int side, gr_action *out, int cap, int stop)
{
    dcand cand[DCAND_MAX];
    int n = 0;
    if (arw_cst(g)->stage != ARW_ST_DECLARE || side != arw_cst(g)->active)
        return 0;
    dctx *c = state_ctx(g);
    int ncand = candidates(g, c, cand);
    for (int x = 0; x < ncand && n < stop; x++) {
        gr_action a = cand_action(&cand[x], side);
        if (check_kept(c, g, &a, NULL) == GR_OK)
            arw_put_action(out, cap, &n, side, a.kind, a.arg[0], a.arg[1]);
    }
    return n;
}

int arw_declare_legal(const gr_game *g, int side, gr_action *out, int cap)
{
    return declare_list(g, side, out, cap, DCAND_MAX);
}

int arw_declare_legal_upto(const gr_game *g, int side, gr_action *out, int cap)
{
    return declare_list(g, side, out, cap, cap + 1);
}

int arw_declare_sample(const gr_game *g, int side, gr_rng *rng, gr_action *out)
{
    dcand cand[DCAND_MAX];
    if (side != arw_cst(g)->active)
        return -1;
    dctx *c = state_ctx(g);
    int left = candidates(g, c, cand);
    while (left > 0) { /* a random order of the candidates, up to the first accepted */
        int x = (int)gr_rng_below(rng, (uint32_t)left);
        gr_action a = cand_action(&cand[x], side);
        if (check_kept(c, g, &a, NULL) == GR_OK) {
            *out = a;
            return 1;
        }
        cand[x] = cand[--left];
    }
    return -1;
}

int arw_declare_any(const gr_game *g)
{
    const arw_data *d = arw_dat(g);
    int16_t t[6];
    for (int u = 0; u < d->nunits; u++)
        if (arw_can_attack(g, u) && d->unit[u].kind != ARW_K_ARTILLERY &&
            arw_attack_targets(g, u, t, arw_diverted_hex(g), NULL) > 0)
            return 1;
    return 0;
}

/* Marks the defending units of hex h as taking part in combat k. */
static void enlist_defenders(gr_game *g, int k, int h)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    for (int u = s->hex[h].head; u != ARW_NO_UNIT; u = s->unit[u].next)
        if (d->unit[u].side != s->active && arw_is_combat_unit(d, u))
            s->unit[u].combat = (uint8_t)(k + 1);
}

static int state_hex_combat(const arw_state *s, int h)
{
    for (int k = 0; k < s->ncombats; k++)
        for (int j = 0; j < s->combat[k].ndhex; j++)
            if (s->combat[k].dhex[j] == h)
                return k;
    return -1;
}

void arw_declare_exec(gr_game *g, const gr_action *a)
{
    arw_state *s = arw_st(g);
    if (a->kind == ARW_A_DECLARE_DONE)
        return; /* flow.c moves on */
    if (a->kind == ARW_A_DIVERT) {
        s->diverted = (int16_t)(a->arg[0] + 1); /* GR12.14 */
        arw_emit(g, ARW_E_DIVERT, 1, a->arg[0]);
        return;
    }
    if (a->kind == ARW_A_WIDEN) {
        int k = state_hex_combat(s, a->arg[0]);
        arw_combat *c = &s->combat[k];
        c->dhex[c->ndhex++] = (int16_t)a->arg[1];
        enlist_defenders(g, k, a->arg[1]);
        arw_emit(g, ARW_E_WIDEN, 2, k + 1, a->arg[1]);
        return;
    }
    int k = state_hex_combat(s, a->arg[1]);
    if (k < 0) {
        k = s->ncombats++;
        arw_combat *c = &s->combat[k];
        memset(c, 0, sizeof *c);
        for (int j = 0; j < ARW_MAX_DHEX; j++)
            c->dhex[j] = ARW_NO_HEX;
        c->van[0] = c->van[1] = ARW_NO_UNIT;
        c->dhex[0] = (int16_t)a->arg[1];
        c->ndhex = 1;
        enlist_defenders(g, k, a->arg[1]);
    }
    s->unit[a->arg[0]].combat = (uint8_t)(k + 1);
    arw_emit(g, ARW_E_DECLARE, 3, k + 1, a->arg[0], a->arg[1]);
}
