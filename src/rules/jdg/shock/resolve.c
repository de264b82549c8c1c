/* resolve.c — one combat from the reaction fire to its results: reaction
 * fire of the defending guns [R8.3.3], lone artillery [R8.5-d, R8.9-c,
 * AMB-9], force ratio [R8.6.1], cohesion differential [R8.6.2], terrain
 * [R8.4.2, R8.4.3] and the T5 DRMs, the Shock and Charge Table, and the
 * results, attacker first then defender [R8.5-b], with the artillery of
 * either stack [R8.9-a/b/d]. */
#include "rules/jdg/shock/shock.h"
#include "rules/jdg/fire/fire.h"

/* The attacker of hex a reaction fire hits: its top attacking unit in the
 * stack's order [R5.1.3-f, R5.1.2-b]. */
static int top_attacker(const jdg_data *d, const jdg_state *s, int a)
{
    int top = -1;
    for (int u = 0; u < d->nunits; u++)
        if ((s->unit[u].cf & JDG_CF_ATT) && s->unit[u].hex == a && jdg_on_map(s, u) &&
            s->unit[u].status == JDG_GOOD && jdg_stack_above(d, s, u, top))
            top = u;
    return top;
}

int jdg_may_react(const jdg_data *d, const jdg_state *s, int v, int a)
{
    const jdg_unit *un = &s->unit[v];
    if (v < 0 || v >= d->nunits || d->unit[v].type != JDG_ART || d->unit[v].side == s->sh_side ||
        !jdg_on_map(s, v) || un->status != JDG_GOOD || (un->act & JDG_ACT_REACTED) ||
        jdg_hex_in(s->sh_def, s->sh_ndef, un->hex) < 0) /* [R7.1-d, R7.2-a] */
        return 0;
    for (int i = 0; i < s->sh_natt; i++) {
        int h = s->sh_att[i];
        if ((a < 0 || a == h) && jdg_is_front(d, s, v, h) && jdg_fire_reach(d, s, v, h) > 0 &&
            top_attacker(d, s, h) >= 0)
            return 1;
    }
    return 0;
}

int jdg_react_legal(const gr_game *g, int p, gr_action *out, int cap)
{
    const jdg_data *d = jdg_sd(g);
    const jdg_state *s = jdg_cst(g);
    int n = 0;
    for (int v = 0; v < d->nunits; v++)
        for (int i = 0; i < s->sh_natt; i++)
            if (jdg_may_react(d, s, v, s->sh_att[i]))
                n = jdg_add_action(out, cap, n, JDG_A_REACT, p, 2, v, s->sh_att[i], 0);
    return jdg_add_action(out, cap, n, JDG_A_NO_REACT, p, 0, 0, 0, 0);
}

/* A gun stacked with infantry in square fires at -1 more [R8.3.3-c]. */
static int square_stack(const jdg_data *d, const jdg_state *s, int v)
{
    int w[JDG_MAX_UNITS], n = jdg_units_at(d, s, s->unit[v].hex, w, JDG_MAX_UNITS);
    for (int i = 0; i < n; i++)
        if (d->unit[w[i]].type == JDG_INF && (s->unit[w[i]].flags & JDG_UF_SQUARE))
            return 1;
    return 0;
}

gr_status jdg_react_apply(gr_game *g, const gr_action *a, gr_error *why)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    if (a->kind == JDG_A_NO_REACT) {
        jdg_combat_fight(g);
        return GR_OK;
    }
    int v = a->arg[0], h = a->arg[1];
    if (!jdg_may_react(d, s, v, h))
        return gr_fail(why, "jdg:R8.3.3-a", "a defending gun in good order fires once, at an "
                       "attacker in one of its front hexes");
    int t = top_attacker(d, s, h), cap = d->unit[v].face[0].fire;
    int drm = jdg_fire_drm(d, s, v, h, -1) + d->fire_drm[JDG_FDRM_REACTION] +
              (square_stack(d, s, v) ? d->fire_drm[JDG_FDRM_REACTION_SQUARE] : 0);
    s->unit[v].act |= JDG_ACT_REACTED;
    int roll = gr_roll(g, 0, 10, JDG_P_FIRE), total = roll + cap + drm;
    const jdg_fire_row *row = jdg_fire_row_of(d, total);
    gr_emitv(g, JDG_E_FIRE, 7, v, h, GR_NONE, cap, drm, total, jdg_fire_result_code(row));
    jdg_fire_results(g, &t, 1, row); /* the top unit only [R8.3.3-d]; disordered, it
                                        does not shock [R8.3.3-e] */
    jdg_retreat_next(g, s->unit[v].hex);
    return GR_OK;
}

/* ---------------------------------------------------------------- the roll */

/* Attacker in good order taking part. */
static int attacking(const jdg_state *s, int u)
{
    return (s->unit[u].cf & JDG_CF_ATT) && jdg_on_map(s, u) && s->unit[u].status == JDG_GOOD;
}

static int defending(const jdg_data *d, const jdg_state *s, int v)
{
    return d->unit[v].side != s->sh_side && jdg_on_map(s, v) &&
           jdg_hex_in(s->sh_def, s->sh_ndef, s->unit[v].hex) >= 0;
}

static const jdg_face *face_of(const jdg_data *d, const jdg_state *s, int u)
{
    return &d->unit[u].face[s->unit[u].status == JDG_GOOD ? 0 : 1];
}

/* The terrain DRM of attacking hex a against defending hex h: the more
 * negative of the hex's and the hexside's [T1, brief]. */
static int terrain_pair(const jdg_data *d, int a, int h)
{
    int v = d->terrain_kind[d->terrain[h]].shock_drm;
    unsigned bits = jdg_side_bits(d, a, jdg_dir_to(d, a, h));
    for (int k = 0; k < JDG_NSIDEKINDS; k++) {
        if (!((bits >> k) & 1u))
            continue;
        int x = d->side_kind[k].shock_drm;
        if (k == JDG_HS_SLOPE || k == JDG_HS_STEEP)
            x = d->level[a] < d->level[h] ? x : k == JDG_HS_STEEP ? d->side_kind[k].shock_drm_above : 0;
        v = x < v ? x : v;
    }
    return v;
}

/* Several attacking hexes: the attacker chooses against a clear hex, else
 * the defender [R8.4.2]; several defending hexes: the defender chooses
 * [R8.4.3].  Each chooses the value best for him. */
static int terrain_drm(const jdg_data *d, const jdg_state *s)
{
    int best = 99;
    for (int i = 0; i < s->sh_ndef; i++) {
        int h = s->sh_def[i], clear = d->terrain_kind[d->terrain[h]].square_ok;
        int v = clear ? -99 : 99;
        for (int j = 0; j < s->sh_natt; j++) {
            int a = s->sh_att[j];
            if (jdg_dist(d, a, h) != 1)
                continue;
            int x = terrain_pair(d, a, h);
            v = clear ? (x > v ? x : v) : (x < v ? x : v);
        }
        if (v != 99 && v != -99 && v < best)
            best = v;
    }
    return best == 99 ? 0 : best;
}

int jdg_ratio_drm(const jdg_data *d, int att, int def)
{
    int drm = d->ratio[0].drm;
    for (int i = 0; i < d->nratio; i++)
        if (att * d->ratio[i].def >= def * d->ratio[i].att)
            drm = d->ratio[i].drm;
    return drm;
}

int jdg_shock_row_index(const jdg_data *d, int m)
{
    int first = d->shock_row[0].index, last = first + d->nshock_rows - 1;
    return (m < first ? first : m > last ? last : m) - first;
}

/* T5 DRMs other than the cohesion differential [R8.5-a]. */
static int t5_drm(const jdg_data *d, const jdg_state *s)
{
    int cav = 0, six = 0, rear = 0, routed = 1;
    int charge = jdg_charge_drm(d, s, &cav); /* charge bonus or square [R9.2-b]; cavalry
                                                  attacking without charging [R9.1-i] */
    for (int u = 0; u < d->nunits; u++) {
        if (attacking(s, u))
            six |= jdg_six_fronts(d, s, u); /* [R6.1.2] */
        if (!defending(d, s, u) || d->unit[u].type == JDG_ART)
            continue;
        routed &= s->unit[u].status == JDG_ROUTED; /* [R10.2-e] */
        for (int i = 0; i < s->sh_natt && s->unit[u].status != JDG_ROUTED; i++) {
            int a = s->sh_att[i];
            rear |= jdg_dist(d, a, s->unit[u].hex) == 1 && !jdg_is_front(d, s, u, a);
        }
    }
    return charge + (cav ? d->shock_drm[JDG_SDRM_CAV_SHOCK] : 0) +
           (six ? d->shock_drm[JDG_SDRM_SIX_FRONT] : 0) +
           (routed ? d->shock_drm[JDG_SDRM_ROUTED] : 0) +
           (rear ? d->shock_drm[JDG_SDRM_REAR] : 0) + /* once (AMB-33) */
           s->pu_count * d->shock_drm[JDG_SDRM_PURSUIT]; /* each recharge [R9.5.2-h] */
}

/* ---------------------------------------------------------------- results */

/* A rout result [R10.2-a]: a routed unit is eliminated (AMB-16), so is
 * disordered artillery (AMB-10); otherwise it routs and must retreat. */
static void rout(gr_game *g, int u)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    if (s->unit[u].status == JDG_ROUTED ||
        (d->unit[u].type == JDG_ART && s->unit[u].status == JDG_DISORDERED)) {
        jdg_eliminate(g, u);
        return;
    }
    if (s->unit[u].status == JDG_GOOD)
        s->unit[u].status = JDG_DISORDERED; /* straight to routed [R10.2-a] */
    jdg_disorder(g, u);
}

/* Unit u takes the results codes[0..n) in order [R8.5-b]; a unit that
 * routs meanwhile retreats and ignores a later R (brief T6). */
static void apply_codes(gr_game *g, int u, const uint8_t *codes, int n)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int ct = d->weather[s->turn] == JDG_NIGHT ? 2 : d->weather[s->turn] == JDG_FOG ? 1 : 0;
    for (int k = 0; k < n && jdg_on_map(s, u); k++) {
        jdg_unit *un = &s->unit[u];
        switch (codes[k]) {
        case JDG_SR_CT: /* a routed unit makes a rout move instead [R8.5-c] */
            if (un->status == JDG_ROUTED)
                un->flags |= JDG_UF_ROUTMOVE;
            else
                jdg_cohesion_test(g, u, ct);
            break;
        case JDG_SR_D: jdg_disorder(g, u); break;
        case JDG_SR_R: /* a routed unit retreats instead (AMB-17) */
            un->flags |= un->status == JDG_ROUTED ? JDG_UF_RETREAT : JDG_UF_RECOIL;
            break;
        case JDG_SR_RT: rout(g, u); break;
        case JDG_SR_E: jdg_eliminate(g, u); break;
        default: break; /* B, C: the combat's */
        }
    }
    if (s->unit[u].flags & JDG_UF_RETREAT)
        s->unit[u].flags &= (uint8_t)~JDG_UF_RECOIL;
}

static int has_code(const uint8_t *codes, int n, int c1, int c2, int c3)
{
    for (int k = 0; k < n; k++)
        if (codes[k] == c1 || codes[k] == c2 || codes[k] == c3)
            return 1;
    return 0;
}

/* Lone artillery (or artillery only) shocked is eliminated with no roll
 * [R8.5-d, R8.9-c, AMB-9]; returns 1 when the combat had no other
 * defender. */
static int lone_artillery(gr_game *g)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    for (int v = 0; v < d->nunits; v++)
        if (defending(d, s, v) && d->unit[v].type != JDG_ART)
            return 0;
    for (int i = 0; i < s->sh_ndef; i++)
        gr_emitv(g, JDG_E_LONE_ART, 1, s->sh_def[i]);
    for (int v = 0; v < d->nunits; v++)
        if (defending(d, s, v))
            jdg_eliminate(g, v);
    s->sh_flags |= JDG_SHF_DEF_LOST | JDG_SHF_LONE_ART;
    s->sh_stage = JDG_SH_DEF_RES;
    return 1;
}

/* The attacker's results on every unit of each attacking hex (AMB-36);
 * its artillery, when the attacker loses, is disordered and recoils with
 * it [R8.9-a]. */
static void attacker_results(gr_game *g, const jdg_shock_row *row)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    for (int u = 0; u < d->nunits; u++) {
        if (d->unit[u].side != s->sh_side || !jdg_on_map(s, u) ||
            jdg_hex_in(s->sh_att, s->sh_natt, s->unit[u].hex) < 0)
            continue;
        if (d->unit[u].type != JDG_ART) {
            apply_codes(g, u, row->a, row->na);
        } else if (s->sh_flags & JDG_SHF_ATT_LOST) {
            jdg_disorder(g, u);
            if (jdg_on_map(s, u) && s->unit[u].status != JDG_ROUTED)
                s->unit[u].flags |= JDG_UF_RECOIL;
        }
    }
    jdg_retreat_from(g, s->sh_def, s->sh_ndef);
}

void jdg_combat_fight(gr_game *g)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    int att = 0, def = 0, catt = -99, cdef = -99;
    for (int u = 0; u < d->nunits; u++) { /* [R8.6.1, R8.6.2, AMB-11] */
        if (attacking(s, u)) {
            att += face_of(d, s, u)->sp;
            catt = face_of(d, s, u)->cohesion > catt ? face_of(d, s, u)->cohesion : catt;
        } else if (defending(d, s, u) && d->unit[u].type != JDG_ART) {
            def += face_of(d, s, u)->sp;
            cdef = face_of(d, s, u)->cohesion > cdef ? face_of(d, s, u)->cohesion : cdef;
        }
    }
    if (att == 0) { /* every attacker disordered by reaction fire [R8.3.3-e] */
        jdg_combat_end(g);
        return;
    }
    if (lone_artillery(g))
        return;
    int ratio = jdg_ratio_drm(d, att, def), coh = catt - cdef;
    int drm = terrain_drm(d, s) + t5_drm(d, s);
    int roll = gr_roll(g, 0, 10, JDG_P_SHOCK), m = roll + ratio + coh + drm;
    int ri = jdg_shock_row_index(d, m);
    const jdg_shock_row *row = &d->shock_row[ri];
    s->sh_row = (int8_t)ri;
    gr_emitv(g, JDG_E_SHOCK, 8, s->sh_def[0], att, def, ratio, coh, drm, roll, m);
    for (int k = 0; k < row->na; k++)
        gr_emitv(g, JDG_E_SHOCK_EFFECT, 2, 0, row->a[k]);
    for (int k = 0; k < row->nd; k++)
        gr_emitv(g, JDG_E_SHOCK_EFFECT, 2, 1, row->d[k]);
    if (has_code(row->a, row->na, JDG_SR_R, JDG_SR_RT, JDG_SR_RT))
        s->sh_flags |= JDG_SHF_ATT_LOST; /* AMB-35 */
    if (has_code(row->d, row->nd, JDG_SR_R, JDG_SR_RT, JDG_SR_E))
        s->sh_flags |= JDG_SHF_DEF_LOST;
    if (has_code(row->d, row->nd, JDG_SR_B, JDG_SR_B, JDG_SR_B))
        s->sh_flags |= JDG_SHF_B;
    if (has_code(row->d, row->nd, JDG_SR_C, JDG_SR_C, JDG_SR_C))
        s->sh_flags |= JDG_SHF_C;
    s->sh_stage = JDG_SH_ATT_RES;
    attacker_results(g, row);
}

/* An artillery-only hex of a combat against several hexes is eliminated
 * only if the defender loses, and is otherwise untouched [R8.9-d,
 * AMB-35]. */
static int artillery_only(const jdg_data *d, const jdg_state *s, int h)
{
    int w[JDG_MAX_UNITS], n = jdg_units_at(d, s, h, w, JDG_MAX_UNITS);
    for (int i = 0; i < n; i++)
        if (d->unit[w[i]].type != JDG_ART)
            return 0;
    return 1;
}

void jdg_combat_defender_results(gr_game *g)
{
    const jdg_data *d = jdg_sd(g);
    jdg_state *s = jdg_st(g);
    const jdg_shock_row *row = &d->shock_row[s->sh_row];
    int lost = (s->sh_flags & JDG_SHF_DEF_LOST) != 0;
    int ct = d->weather[s->turn] == JDG_NIGHT ? 2 : d->weather[s->turn] == JDG_FOG ? 1 : 0;
    unsigned only = 0; /* artillery-only hexes, before any result */
    for (int i = 0; i < s->sh_ndef; i++)
        only |= (unsigned)artillery_only(d, s, s->sh_def[i]) << i;
    s->sh_stage = JDG_SH_DEF_RES;
    for (int v = 0; v < d->nunits; v++) {
        if (!defending(d, s, v))
            continue;
        if (d->unit[v].type != JDG_ART) {
            apply_codes(g, v, row->d, row->nd);
        } else if ((only >> jdg_hex_in(s->sh_def, s->sh_ndef, s->unit[v].hex)) & 1u) {
            if (lost)
                jdg_eliminate(g, v);
        } else if (lost) { /* recoils 1 hex and takes a CT instead [R8.9-b] */
            jdg_cohesion_test(g, v, ct);
            if (jdg_on_map(s, v) && s->unit[v].status != JDG_ROUTED)
                s->unit[v].flags |= JDG_UF_RECOIL;
        } else {
            apply_codes(g, v, row->d, row->nd);
        }
    }
    jdg_retreat_from(g, s->sh_att, s->sh_natt);
}
