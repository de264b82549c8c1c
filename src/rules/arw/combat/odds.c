/* odds.c — what-if queries (pure: they never change the game): the exact
 * distribution of a close combat's results over the d10 and the tactical
 * chits (given chits, or mixed strategies as integer weights), the CRT
 * distribution for given strengths and DRM, and the probability of passing
 * a morale check.  Probabilities are integer counts over a denominator (10
 * per die times the chit weights), so they sum to exactly 1.  Momentum
 * re-rolls (GR12.23 Step 6) are not modelled: the distribution is that of
 * the first Step 5 roll.  Query vocabulary in docs/arw.md ("What-if"). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../arw.h"

#define NC_CODE 0xFFu /* outcome "no combat" (GR12.23 Step 4) */

static void add(arw_odds *o, unsigned att, unsigned def, uint64_t w)
{
    for (int i = 0; i < o->n; i++)
        if (o->res[i][0] == att && o->res[i][1] == def) {
            o->count[i] += w;
            return;
        }
    if (o->n < ARW_ODDS_MAX) {
        o->res[o->n][0] = (uint8_t)att;
        o->res[o->n][1] = (uint8_t)def;
        o->count[o->n++] = w;
    }
}

void arw_odds_crt(const arw_tables *t, int column, int drm, int amb04r, uint64_t w, arw_odds *o)
{
    for (int face = 0; face < 10; face++) { /* GR12.23 Step 5 */
        int v = face + drm;
        v = v < t->roll_min ? t->roll_min : v > t->roll_max ? t->roll_max : v;
        const uint8_t *cell = t->crt[v - t->roll_min][column];
        if (amb04r && v == t->alt_roll && column == t->alt_col)
            cell = t->alt_cell; /* AMB-04 [ES] reading */
        add(o, cell[ARW_ATT], cell[ARW_DEF], w);
    }
    o->den += 10 * w;
}

int arw_odds_cc(const gr_game *g, const uint32_t w[2][ARW_NCHITS], arw_odds *o)
{
    const arw_state *s = arw_cst(g);
    memset(o, 0, sizeof *o);
    if (s->stage != ARW_ST_CHITS || !s->cur)
        return -1;
    int k = s->cur - 1, amb = !!(s->options & ARW_O_AMB04_R);
    const arw_combat *c = &s->combat[k];
    for (int a = 1; a <= ARW_NCHITS; a++)
        for (int d = 1; d <= ARW_NCHITS; d++) {
            uint64_t weight = (uint64_t)w[ARW_ATT][a - 1] * w[ARW_DEF][d - 1];
            int nc, drm = weight ? arw_tactic_drm(g, k, a, d, &nc) : 0;
            if (!weight)
                continue;
            if (nc) {
                add(o, NC_CODE, NC_CODE, 10 * weight);
                o->den += 10 * weight;
            } else {
                arw_odds_crt(&arw_dat(g)->t, c->column, c->base_drm + drm, amb, weight, o);
            }
        }
    return o->den ? 0 : -1;
}

int arw_morale_modifier(const gr_game *g, int u, int level, int drm)
{
    const arw_data *d = arw_dat(g);
    int cmd = arw_commander(g, arw_cst(g)->unit[u].hex, u);
    int lead = cmd != ARW_NO_UNIT ? d->unit[cmd].leadership : 0; /* GR14.23-a */
    return arw_unit_morale(g, u) + d->t.level[level].unit_mod + lead + drm; /* GR15.32-a */
}

int arw_odds_morale(const gr_game *g, int u, int drm)
{
    const arw_data *d = arw_dat(g);
    int level = arw_rctx_level(g, d->unit[u].army), pass = 0;
    int mod = arw_morale_modifier(g, u, level, drm);
    for (int face = 0; face < 10; face++)
        pass += face + mod >= d->t.morale_pass; /* GR13.5-a */
    return pass;
}

/* ---------------------------------------------------------------- queries */

static void print_dist(const arw_odds *o, gr_text *out)
{
    gr_textf(out, "den=%llu outcomes=%d", (unsigned long long)o->den, o->n);
    for (int i = 0; i < o->n; i++) {
        if (o->res[i][0] == NC_CODE)
            gr_textf(out, " NC=%llu", (unsigned long long)o->count[i]);
        else
            gr_textf(out, " %s/%s=%llu", arw_rcode_names[arw_rcode_index(o->res[i][0])],
                      arw_rcode_names[arw_rcode_index(o->res[i][1])],
                      (unsigned long long)o->count[i]);
    }
}

/* "W,W,W,W,W,W,W,W" into w (8 non-negative integers). */
static int parse_weights(const char *s, uint32_t w[ARW_NCHITS])
{
    for (int i = 0; i < ARW_NCHITS; i++) {
        char *end;
        long v = strtol(s, &end, 10);
        if (end == s || v < 0 || v > 1000000 || (i < ARW_NCHITS - 1 ? *end != ',' : *end))
            return 0;
        w[i] = (uint32_t)v;
        s = end + 1;
    }
    return 1;
}

/* Chit weights from the query words after "cc": none (uniform over the
 * eligible chits), "CHIT CHIT", or "mixed W,.. W,..". */
static int cc_weights(const gr_game *g, char **w, int n, uint32_t wt[2][ARW_NCHITS])
{
    const arw_state *s = arw_cst(g);
    memset(wt, 0, sizeof(uint32_t) * 2 * ARW_NCHITS);
    if (n == 0) {
        for (int role = 0; role < 2; role++)
            for (int c = 1; c <= ARW_NCHITS; c++)
                wt[role][c - 1] = s->cur && arw_chit_eligible(g, s->cur - 1, role, c);
        return 1;
    }
    if (n == 3 && !strcmp(w[0], "mixed"))
        return parse_weights(w[1], wt[ARW_ATT]) && parse_weights(w[2], wt[ARW_DEF]);
    int a = n == 2 ? arw_name_index(arw_chit_names, w[0]) : -1;
    int d = n == 2 ? arw_name_index(arw_chit_names, w[1]) : -1;
    if (a < 0 || d < 0)
        return 0;
    wt[ARW_ATT][a] = wt[ARW_DEF][d] = 1;
    return 1;
}

static gr_status q_cc(const gr_game *g, char **w, int n, char *buf, size_t size, gr_error *err)
{
    uint32_t wt[2][ARW_NCHITS];
    arw_odds o;
    gr_text text = {buf, size, 0};
    if (!cc_weights(g, w, n, wt))
        return gr_failst(err, GR_ERR_ARG, NULL, "want 'odds cc [ATT-CHIT DEF-CHIT | mixed "
                         "W,W,W,W,W,W,W,W W,W,W,W,W,W,W,W]'");
    if (arw_odds_cc(g, wt, &o) != 0)
        return gr_failst(err, GR_ERR_ARG, NULL, "no close combat at Step 4 (tactical chits), "
                         "or every weight is 0");
    const arw_combat *c = &arw_cst(g)->combat[arw_cst(g)->cur - 1];
    gr_textf(&text, "combat=%d column=%s drm=%d ", arw_cst(g)->cur,
              arw_col_names[c->column], c->base_drm);
    print_dist(&o, &text);
    return GR_OK;
}

static gr_status q_crt(const gr_game *g, char **w, int n, char *buf, size_t size, gr_error *err)
{
    const arw_tables *t = &arw_dat(g)->t;
    int below, att = -1, def = -1, drm = 0;
    arw_odds o;
    gr_text text = {buf, size, 0};
    if (n < 2 || n > 3 || !arw_parse_int(w[0], 0, 999, &att) ||
        !arw_parse_int(w[1], 1, 999, &def) || (n == 3 && !arw_parse_int(w[2], -30, 30, &drm)))
        return gr_failst(err, GR_ERR_ARG, NULL,
                         "want 'odds crt ATT-SP DEF-SP [DRM]' (0-999, 1-999, -30..30)");
    int col = arw_odds_column(t, att, def, &below);
    int total = drm + (below ? t->below_drm : 0); /* GR12.23 Step 1 */
    memset(&o, 0, sizeof o);
    arw_odds_crt(t, col, total, !!(arw_cst(g)->options & ARW_O_AMB04_R), 1, &o);
    gr_textf(&text, "column=%s drm=%d ", arw_col_names[col], total);
    print_dist(&o, &text);
    return GR_OK;
}

static gr_status q_morale(const gr_game *g, char **w, int n, char *buf, size_t size,
                          gr_error *err)
{
    int u = n >= 1 ? arw_unit_find(arw_dat(g), w[0]) : -1;
    int drm = 0;
    gr_text text = {buf, size, 0};
    if (u < 0 || n > 2 || (n == 2 && !arw_parse_int(w[1], -30, 30, &drm)) ||
        !arw_is_combat_unit(arw_dat(g), u))
        return gr_failst(err, GR_ERR_ARG, NULL, "want 'odds morale UNIT [DRM]'");
    int level = arw_rctx_level(g, arw_dat(g)->unit[u].army);
    gr_textf(&text, "pass=%d fail=%d den=10 modifier=%d", arw_odds_morale(g, u, drm),
              10 - arw_odds_morale(g, u, drm), arw_morale_modifier(g, u, level, drm));
    return GR_OK;
}

gr_status arw_odds_query(const gr_game *g, char **w, int n, char *buf, size_t size,
                         gr_error *err)
{
    if (n >= 2 && !strcmp(w[1], "cc"))
        return q_cc(g, w + 2, n - 2, buf, size, err);
    if (n >= 2 && !strcmp(w[1], "crt"))
        return q_crt(g, w + 2, n - 2, buf, size, err);
    if (n >= 2 && !strcmp(w[1], "morale"))
        return q_morale(g, w + 2, n - 2, buf, size, err);
    return gr_failst(err, GR_ERR_ARG, NULL, "want 'odds ATT DEF', 'odds cc ...', "
                     "'odds crt ATT DEF [DRM]' or 'odds morale UNIT [DRM]'");
}
