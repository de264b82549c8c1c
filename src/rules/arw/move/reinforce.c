/* reinforce.c — reinforcements (GR9.61-a, GR9.62-a, SR4.7,
 * T-Reinforcements, T-FrenchVariableEntry): units due this turn are placed
 * in their entry hex (Savannah: in the Reinforcement phase; a scenario
 * without that phase places them when the owner's Movement phase starts),
 * over the stacking limit if need be; placement costs no MP.  Allied entry
 * hexes occupied by British units or ZOC delay them one turn, after which
 * they enter at the nearest free hex and pay its cost (SR4.7-a); British
 * reinforcements enter at an intact town hex when the HQ is enemy-occupied,
 * or are lost (SR4.7-c); arrival restrictions and bonuses (SR4.7-b/e/f);
 * the French variable entry is one roll per turn for the group (SR4.7-f);
 * no reinforcements in Hurricane or Gale: delayed (AMB-56). */
#include "mvint.h"

static int enabled(const gr_game *g)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int i;
    if (d->rules && !(d->rules & ARW_SR_REINFORCEMENTS))
        return 0; /* a Savannah scenario without them (HS-sr4) */
    if (d->rules && (d->turn[s->turn <= ARW_MAX_TURNS ? s->turn : 0].flags & ARW_TT_TACTICAL))
        return 0; /* SR1.6-b: none on the tactical track */
    if (s->phase == ARW_PH_REINFORCE)
        return 1;
    return s->phase == ARW_PH_MOVEMENT && arw_seq_find(d, ARW_PH_REINFORCE, &i) < 0;
}

/* The unit whose entry data applies to u: a replacement counter swapped in
 * by a card comes instead of the unit it replaces (SR4.8). */
static const arw_unit_def *entry_def(const arw_data *d, int u)
{
    const arw_unit_def *x = &d->unit[u];
    return x->entry_at == ARW_ENTRY_NONE && x->replaces >= 0 ? &d->unit[x->replaces] : x;
}

/* Arrival turn: a delay (SR4.7-a/d, AMB-56), else T-Reinforcements as the
 * cards leave it (20, 46, removals, replacements: arw_cards_entry_turn). */
static int due_turn(const gr_game *g, int u)
{
    unsigned r = arw_cst(g)->rturn[u] & ARW_RTN_TURN;
    return r ? (int)r : arw_cards_entry_turn(g, u);
}

static int is_due(const gr_game *g, int u)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    return s->unit[u].box == ARW_BOX_OFF && d->unit[u].side == s->active &&
           entry_def(d, u)->entry_at != ARW_ENTRY_NONE && arw_cards_entry_turn(g, u) > 0 &&
           due_turn(g, u) == s->turn;
}

/* Entry point of unit u this turn (the variable roll decides, SR4.7-f). */
static int point_of(const gr_game *g, int u)
{
    const arw_state *s = arw_cst(g);
    int at = entry_def(arw_dat(g), u)->entry_at;
    if (at != ARW_ENTRY_VARIABLE)
        return at;
    return s->var_turn == s->turn && s->var_face >= 0 ? arw_dat(g)->map.var_entry[s->var_face].entry
                                                      : ARW_ENTRY_NONE;
}

static int enemy_in(const gr_game *g, int h, int side)
{
    const arw_state *s = arw_cst(g);
    for (int v = s->hex[h].head; v != ARW_NO_UNIT; v = s->unit[v].next)
        if (arw_dat(g)->unit[v].side != side)
            return 1;
    return 0;
}

static int free_hex(const gr_game *g, int h, int side)
{
    return !enemy_in(g, h, side) && !arw_zoc(g, h, 1 - side);
}

/* Half MP of entering hex h (the hex row of the TEC), -1 prohibited. */
static int hex_cost(const gr_game *g, int u, int h)
{
    const arw_data *d = arw_dat(g);
    int c = d->htype[d->map.terrain[h]].move[d->unit[u].mclass];
    return c == ARW_MP_P ? -1 : c == ARW_MP_OTIH ? 2 : c;
}

/* SR4.7-a: the nearest hexes to `from` free of enemy units and ZOC. */
static int nearest_free(const gr_game *g, int u, int from, int *out, int cap)
{
    const arw_data *d = arw_dat(g);
    int best = 1 << 30, n = 0;
    for (int h = 0; h < d->map.nhex; h++) {
        int dist = arw_hex_distance(d, from, h);
        if (dist > best || hex_cost(g, u, h) < 0 || !free_hex(g, h, d->unit[u].side))
            continue;
        if (dist < best)
            n = 0;
        best = dist;
        if (n < cap)
            out[n++] = h;
    }
    return n;
}

static int in_entry(const arw_data *d, int e, int h)
{
    for (int i = 0; e >= 0 && i < d->map.entry[e].nhex; i++)
        if (d->map.entry[e].hex[i] == h)
            return 1;
    return 0;
}

enum { WHY_OK = 0, WHY_BLOCKED, WHY_LOST };

/* SR4.7-c: the British HQ enemy-occupied: intact, unoccupied town hexes. */
static int town_hexes(const gr_game *g, int side, int *out, int cap)
{
    const arw_data *d = arw_dat(g);
    int n = 0;
    for (int h = 0; h < d->map.nhex && n < cap; h++)
        if ((d->htype[d->map.terrain[h]].flags & ARW_T_TOWN) &&
            !(arw_cst(g)->hex[h].flags & ARW_H_DESTROYED) && !enemy_in(g, h, side))
            out[n++] = h;
    return n;
}

/* The hexes of entry point e or of the army's HQ. */
static int point_hexes(const gr_game *g, int u, int e, int *out)
{
    const arw_data *d = arw_dat(g);
    if (e == ARW_ENTRY_HQ) {
        out[0] = d->map.hq[d->unit[u].army];
        return out[0] >= 0;
    }
    for (int i = 0; e >= 0 && i < d->map.entry[e].nhex; i++)
        out[i] = d->map.entry[e].hex[i];
    return e >= 0 ? d->map.entry[e].nhex : 0;
}

/* Where unit u may enter now into out; *why says why there is none. */
static int options(const gr_game *g, int u, int *out, int cap, int *why)
{
    const arw_data *d = arw_dat(g);
    int side = d->unit[u].side, e = point_of(g, u), hexes[8], n = 0;
    int nh = point_hexes(g, u, e, hexes);
    *why = WHY_OK;
    if (nh > 0 && side == ARW_ALLIED && (arw_cst(g)->rturn[u] & ARW_RTN_BLOCKED))
        return nearest_free(g, u, hexes[0], out, cap); /* SR4.7-a next turn */
    for (int i = 0; i < nh && n < cap; i++)
        if (side == ARW_ALLIED ? free_hex(g, hexes[i], side) : !enemy_in(g, hexes[i], side))
            out[n++] = hexes[i];
    if (n == 0 && e == ARW_ENTRY_HQ && side == ARW_BRITISH)
        n = town_hexes(g, side, out, cap); /* SR4.7-c */
    if (n == 0)
        *why = e == ARW_ENTRY_HQ && side == ARW_BRITISH ? WHY_LOST : WHY_BLOCKED;
    return n;
}

/* SR4.7-b, T-Reinforcements notes A and B: no strategic movement on
 * arrival for American units at "A" and any unit at "F". */
static int no_strategic(const gr_game *g, int u, int h)
{
    const arw_data *d = arw_dat(g);
    int a = arw_entry_find(d, "A"), f = arw_entry_find(d, "F");
    return in_entry(d, f, h) || (d->unit[u].army == ARW_ARMY_AMERICAN && in_entry(d, a, h));
}

static void enter(gr_game *g, int u, int h)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    int e = point_of(g, u), paid = 0;
    unsigned a = 0;
    if ((s->rturn[u] & ARW_RTN_BLOCKED) && !in_entry(d, e, h) && hex_cost(g, u, h) > 0)
        paid = hex_cost(g, u, h); /* SR4.7-a: pays the hex's MP cost */
    if (entry_def(d, u)->entry_flags & ARW_EF_ONE_HEX)
        a |= ARW_AR_ONE_HEX; /* SR4.7-e */
    if (entry_def(d, u)->entry_at == ARW_ENTRY_VARIABLE && s->var_face >= 0) { /* SR4.7-f */
        const arw_var_entry *v = &d->map.var_entry[s->var_face];
        a |= (v->mp_bonus ? ARW_AR_BONUS : 0u) | (v->art_x2 ? ARW_AR_ART_X2 : 0u);
    }
    if (no_strategic(g, u, h))
        a |= ARW_AR_NO_STRAT;
    s->rturn[u] = s->turn;
    s->arr[u] = (uint8_t)(a | (unsigned)(paid > 15 ? 15 : paid) << 4);
    arw_place(g, u, h); /* GR9.61-a: over the limit if need be; no MP (GR9.62-a) */
    arw_emit(g, ARW_E_ENTER, 2, u, h);
}

static void delay(gr_game *g, int u, unsigned blocked)
{
    arw_state *s = arw_st(g);
    s->rturn[u] = (uint8_t)(((s->turn + 1) & ARW_RTN_TURN) | blocked);
    arw_emit(g, ARW_E_DELAYED, 2, u, s->turn + 1);
}

/* SR4.7-c: every British reinforcement due now is lost: -1 once. */
static void lose_all(gr_game *g)
{
    arw_state *s = arw_st(g);
    for (int u = 0; u < arw_dat(g)->nunits; u++)
        if (is_due(g, u) && point_of(g, u) == ARW_ENTRY_HQ)
            s->rturn[u] = ARW_RTN_NEVER;
    arw_emit(g, ARW_E_REINF_LOST, 1, ARW_ARMY_BRITISH);
    arw_am_adjust(g, ARW_AM_REINF_LOST, ARW_ARMY_BRITISH, -1);
}

/* Rolls T-FrenchVariableEntry once this turn if a due unit needs it. */
static void roll_variable(gr_game *g)
{
    arw_state *s = arw_st(g);
    const arw_data *d = arw_dat(g);
    if (s->var_turn == s->turn)
        return;
    for (int u = 0; u < d->nunits; u++)
        if (is_due(g, u) && entry_def(d, u)->entry_at == ARW_ENTRY_VARIABLE) {
            int face = gr_roll(g, 0, 10, ARW_ROLL_ENTRY), e = d->map.var_entry[face].entry;
            s->var_face = (int8_t)face;
            s->var_turn = s->turn;
            arw_emit(g, ARW_E_VAR_ENTRY, 2, face, e >= 0 ? d->map.entry[e].hex[0] : ARW_NO_HEX);
            return;
        }
}

/* The due unit to place next: delayed ones first (SR4.7-d), by index. */
static int next_due(const gr_game *g)
{
    for (int pass = 0; pass < 2; pass++)
        for (int u = 0; u < arw_dat(g)->nunits; u++)
            if (is_due(g, u) && ((arw_cst(g)->rturn[u] & ARW_RTN_TURN) != 0) == (pass == 0))
                return u;
    return -1;
}

int arw_reinforce_place(gr_game *g)
{
    arw_state *s = arw_st(g);
    if (!enabled(g))
        return 0;
    roll_variable(g);
    for (int u = next_due(g); u >= 0 && s->stage != ARW_ST_OVER; u = next_due(g)) {
        int hexes[64], why, n = options(g, u, hexes, 64, &why);
        if (!arw_weather_allows(g, ARW_WXF_REINF)) /* weather.c */
            delay(g, u, s->rturn[u] & ARW_RTN_BLOCKED); /* AMB-56 */
        else if (why == WHY_LOST)
            lose_all(g);
        else if (n == 0)
            delay(g, u, arw_dat(g)->unit[u].side == ARW_ALLIED ? ARW_RTN_BLOCKED : 0);
        else if (n == 1)
            enter(g, u, hexes[0]);
        else {
            s->stage = ARW_ST_ENTRY;
            return 1;
        }
    }
    return 0;
}

void arw_reinforce_begin(gr_game *g)
{
    arw_st(g)->mv_flags = 0;
    arw_movement_next(g);
}

int arw_entry_legal(const gr_game *g, int side, gr_action *out, int cap)
{
    int u = next_due(g), hexes[64], why, n = 0;
    if (arw_cst(g)->stage != ARW_ST_ENTRY || side != arw_cst(g)->active || u < 0)
        return 0;
    int m = options(g, u, hexes, 64, &why);
    for (int i = 0; i < m; i++)
        arw_put_action(out, cap, &n, side, ARW_A_ENTER, u, hexes[i]);
    return n;
}

gr_status arw_entry_check(const gr_game *g, const gr_action *a, gr_error *err)
{
    int u = next_due(g), hexes[64], why;
    if (arw_cst(g)->stage != ARW_ST_ENTRY || u < 0)
        return gr_fail(err, "arw:GR9.61-a", "no reinforcement is waiting for its entry hex");
    if (a->arg[0] != u)
        return gr_fail(err, "arw:GR9.61-a", "reinforcements enter in turn: %s first",
                       arw_dat(g)->unit[u].id);
    int m = options(g, u, hexes, 64, &why);
    for (int i = 0; i < m; i++)
        if (hexes[i] == a->arg[1])
            return GR_OK;
    return gr_fail(err, "arw:SR4.7-a", "not an entry hex this unit may use now");
}

void arw_entry_exec(gr_game *g, const gr_action *a)
{
    enter(g, a->arg[0], a->arg[1]);
    arw_movement_next(g);
}
