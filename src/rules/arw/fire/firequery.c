/* firequery.c — the fire module's queries (pure, docs/arw.md): `los A B`
 * (line of sight and why), `odds fire FIRERS... [at] TARGET` (the exact
 * distribution of an artillery or rifle fire over the to-hit and damage
 * d10s, as integer counts over den=), `fire [N]` (a fire of this phase),
 * `firer UNIT` (first-fire flag, range, what it could fire at), `range UNIT`
 * (the hexes it could fire into, for the terminal map, docs/queries.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fireint.h"

#define MAX_WORDS 40

static const char *label(const arw_data *d, int h, char *buf, size_t size)
{
    return arw_hex_label(d, h, buf, size);
}

/* A hex label or a unit id (its hex); -1 when neither. */
static int hex_or_unit(const gr_game *g, const char *w)
{
    const arw_data *d = arw_dat(g);
    int h = gr_grid_find(&d->map.grid, w), u = arw_unit_find(d, w);
    if (h >= 0)
        return h;
    return u >= 0 && arw_cst(g)->unit[u].box == ARW_BOX_MAP ? arw_cst(g)->unit[u].hex : -1;
}

static gr_status q_los(const gr_game *g, char **w, int n, gr_text *o, gr_error *err)
{
    const arw_data *d = arw_dat(g);
    int a = n == 3 ? hex_or_unit(g, w[1]) : -1, b = n == 3 ? hex_or_unit(g, w[2]) : -1;
    char h1[16], h2[16];
    arw_los los;
    if (a < 0 || b < 0)
        return gr_failst(err, GR_ERR_ARG, NULL, "want 'los HEX|UNIT HEX|UNIT'");
    arw_los_trace(g, a, b, &los);
    gr_textf(o, "los=%d range=%d case=%c reason=%s firer-up=%d target-up=%d", los.clear,
             arw_hex_distance(d, a, b), los.scase, arw_los_reason_names[los.reason], los.firer_up,
             los.target_up);
    if (los.hex >= 0)
        gr_textf(o, " hex=%s", label(d, los.hex, h1, sizeof h1));
    if (los.hex2 >= 0)
        gr_textf(o, " hex2=%s", label(d, los.hex2, h2, sizeof h2));
    if (los.why)
        gr_textf(o, " why=%s%s%s", arw_los_reason_names[los.why], los.why2 ? "," : "",
                 los.why2 ? arw_los_reason_names[los.why2] : "");
    return GR_OK;
}

/* Kind of a fire by these units: artillery (no mortar) or rifle, or -1. */
static int kind_of(const arw_data *d, const int *u, int n)
{
    int art = 0, rifle = 0;
    for (int i = 0; i < n; i++) {
        if (d->unit[u[i]].kind == ARW_K_ARTILLERY && !(d->unit[u[i]].flags & ARW_F_MORTAR))
            art++;
        else if (d->unit[u[i]].kind != ARW_K_ARTILLERY && (d->unit[u[i]].flags & ARW_F_RIFLE))
            rifle++;
    }
    return art == n ? ARW_FK_ARTILLERY : rifle == n ? ARW_FK_RIFLE : -1;
}

/* Why the fire could not be made at all (geometry, table, weather), or
 * NULL. */
static const char *impossible(const gr_game *g, int kind, const int *u, int n, int t,
                              const arw_fire_calc *c)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    for (int i = 0; i < n; i++) {
        int r = arw_hex_distance(d, s->unit[u[i]].hex, s->unit[t].hex);
        if (s->unit[u[i]].status != ARW_READY) /* GR13.3-b, GR13.4-b */
            return "firer-not-ready";
        if (kind == ARW_FK_RIFLE && r != 1)
            return "not-adjacent";
        if (kind == ARW_FK_ARTILLERY && arw_art_can_target(g, u[i], t, NULL) != GR_OK)
            return r > arw_fire_max_range(d, u[i]) ? "range" : "line-of-sight";
    }
    int banned;
    arw_weather_fire_drm(g, &banned);
    if (banned)
        return "weather";
    return c->to_hit == ARW_HIT_NONE ? "table" : NULL;
}

/* The distribution: hits over 10 (100 with two rolls), damage over 10. */
static void distribution(const gr_game *g, int kind, int t, const arw_fire_calc *c, gr_text *o)
{
    const uint8_t *dmg = arw_fire_damage(arw_dat(g), kind, t);
    int h = 0;
    for (int face = 0; face < 10; face++)
        h += face + c->drm >= c->to_hit;
    int den_hit = c->two_rolls ? 100 : 10;
    int hits = c->two_rolls ? 100 - (10 - h) * (10 - h) : h;
    gr_textf(o, " rolls=%d den=%d miss=%d", c->two_rolls ? 2 : 1, den_hit * 10,
             (den_hit - hits) * 10);
    for (int i = 0; i < 10; i++) {
        int seen = 0, count = 0;
        for (int j = 0; j < i; j++)
            seen |= dmg[j] == dmg[i];
        if (seen)
            continue;
        for (int j = 0; j < 10; j++)
            count += dmg[j] == dmg[i];
        gr_textf(o, " %s=%d", arw_rcode_names[arw_rcode_index(dmg[i])], hits * count);
    }
}

static gr_status q_odds(const gr_game *g, char **w, int n, gr_text *o, gr_error *err)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int u[MAX_WORDS], nu = 0, t = n >= 4 ? arw_unit_find(d, w[n - 1]) : -1;
    for (int i = 2; i < n - 1; i++) {
        if (i == n - 2 && !strcmp(w[i], "at"))
            continue;
        int x = arw_unit_find(d, w[i]), dup = 0;
        for (int j = 0; j < nu; j++)
            dup |= u[j] == x;
        if (x < 0 || dup || s->unit[x].box != ARW_BOX_MAP)
            return gr_failst(err, GR_ERR_ARG, NULL, "'%s' is not a firing unit on the map", w[i]);
        u[nu++] = x;
    }
    int kind = nu ? kind_of(d, u, nu) : -1;
    if (t < 0 || kind < 0 || s->unit[t].box != ARW_BOX_MAP || !arw_is_combat_unit(d, t) ||
        d->unit[t].side == d->unit[u[0]].side)
        return gr_failst(err, GR_ERR_ARG, NULL, "want 'odds fire FIRERS... [at] TARGET': "
                         "artillery (not mortars) or rifle units of one side, an enemy "
                         "combat unit");
    for (int i = 1; i < nu; i++)
        if (d->unit[u[i]].side != d->unit[u[0]].side)
            return gr_failst(err, GR_ERR_ARG, NULL, "the firers must be of one side");
    arw_fire_calc c;
    arw_fire_compute(g, kind, u, nu, t, 0, &c);
    gr_textf(o, "kind=%s sp=%d range=%d to-hit=%d drm=%d", arw_fire_kind_names[kind], c.sp, c.range,
             c.to_hit, c.drm);
    const char *why = impossible(g, kind, u, nu, t, &c);
    if (why) {
        gr_textf(o, " possible=0 why=%s", why);
        return GR_OK;
    }
    gr_textf(o, " possible=1");
    distribution(g, kind, t, &c, o);
    return GR_OK;
}

static void list_firers(const gr_game *g, int k, gr_text *o)
{
    int firers[ARW_MAX_UNITS], n = arw_fire_firers(g, k, firers);
    for (int i = 0; i < n; i++)
        gr_textf(o, "%s%s", i ? "," : "", arw_dat(g)->unit[firers[i]].id);
    if (n == 0)
        gr_textf(o, "-");
}

static gr_status q_fire(const gr_game *g, char **w, int n, gr_text *o, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    int k = s->fire_cur ? s->fire_cur - 1 : s->nfires - 1;
    char h1[16], h2[16];
    if (n > 2 || (n == 2 && !arw_parse_int(w[1], 1, 9999, &k)))
        return gr_failst(err, GR_ERR_ARG, NULL, "want 'fire [N]' (N: a fire of this phase)");
    if (n == 2)
        k--;
    if (k < 0 || k >= s->nfires)
        return gr_failst(err, GR_ERR_ARG, NULL, "no such fire this phase");
    const arw_fire *f = &s->fire[k];
    gr_textf(o, "fire=%d kind=%s side=%s state=%s firers=", k + 1, arw_fire_kind_names[f->kind],
             arw_side_names[f->side],
             f->state == ARW_FR_DESIGNATED   ? "designated"
             : f->state == ARW_FR_ANNOUNCED ? "announced"
                                            : "resolved");
    list_firers(g, k, o);
    gr_textf(o, " target=%s hex=%s aim=%s", f->target >= 0 ? d->unit[f->target].id : "-",
             label(d, f->hex, h1, sizeof h1), label(d, f->aim, h2, sizeof h2));
    if (f->state == ARW_FR_RESOLVED && f->target >= 0)
        gr_textf(o, " sp=%d range=%d to-hit=%d drm=%d first=%d hit=%d result=%s", f->sp, f->range,
                 f->to_hit, f->drm, !!(f->flags & ARW_FF_FIRST), !!(f->flags & ARW_FF_HIT),
                 arw_rcode_names[arw_rcode_index(f->res)]);
    return GR_OK;
}

/* What unit u could fire at now, range and line of sight only. */
static void list_targets(const gr_game *g, int u, gr_text *o)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    const char *sep = "";
    for (int t = 0; t < d->nunits; t++) {
        if (d->unit[t].side == d->unit[u].side || s->unit[t].box != ARW_BOX_MAP ||
            !arw_is_combat_unit(d, t))
            continue;
        int r = arw_hex_distance(d, s->unit[u].hex, s->unit[t].hex);
        int ok = d->unit[u].kind == ARW_K_ARTILLERY
                     ? !(d->unit[u].flags & ARW_F_MORTAR) &&
                           arw_art_can_target(g, u, t, NULL) == GR_OK
                     : r == 1;
        if (ok) {
            gr_textf(o, "%s%s", sep, d->unit[t].id);
            sep = ",";
        }
    }
    if (!*sep)
        gr_textf(o, "-");
}

static gr_status q_firer(const gr_game *g, char **w, int n, gr_text *o, gr_error *err)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int u = n == 2 ? arw_unit_find(d, w[1]) : -1;
    if (u < 0 || arw_fire_max_range(d, u) == 0)
        return gr_failst(err, GR_ERR_ARG, NULL, "want 'firer UNIT' (artillery or rifle unit)");
    gr_textf(o, "first-fire=%d fired=%d range=%d targets=", !(s->unit[u].flags & ARW_U_FIRED),
             s->fire_of[u] != 0, arw_fire_max_range(d, u));
    if (s->unit[u].box == ARW_BOX_MAP)
        list_targets(g, u, o);
    else
        gr_textf(o, "-");
    return GR_OK;
}

/* "range UNIT" (docs/queries.md): the hexes unit u could fire into now as far
 * as range and LOS go (artillery: 1 to 3, naval 4, with LOS beyond 1;
 * mortars: 2 to 5, no LOS; rifles: adjacent). */
static gr_status q_range(const gr_game *g, char **w, int n, gr_text *o, gr_error *err)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int u = n == 2 ? arw_unit_find(d, w[1]) : -1;
    char h[16];
    const char *sep = "";
    if (u < 0 || s->unit[u].box != ARW_BOX_MAP)
        return gr_failst(err, GR_ERR_ARG, NULL, "want 'range UNIT' with a unit on the map");
    int from = s->unit[u].hex, max = arw_fire_max_range(d, u);
    int min = (d->unit[u].flags & ARW_F_MORTAR) ? d->fire.mortar_min : 1;
    gr_textf(o, "range=%d hexes=", max);
    for (int t = 0; t < d->map.nhex && max > 0; t++) {
        int r = arw_hex_distance(d, from, t);
        arw_los los;
        if (r < min || r > max)
            continue;
        if (!(d->unit[u].flags & ARW_F_MORTAR)) {
            arw_los_trace(g, from, t, &los);
            if (!los.clear)
                continue;
        }
        gr_textf(o, "%s%s", sep, label(d, t, h, sizeof h));
        sep = ",";
    }
    if (!*sep)
        gr_textf(o, "-");
    return GR_OK;
}

gr_status arw_fire_query(const gr_game *g, const char *what, char *buf, size_t size,
                         gr_error *err)
{
    char line[1024], *w[MAX_WORDS];
    gr_text o = {buf, size, 0};
    int n = gr_words(what, line, sizeof line, w, MAX_WORDS);
    if (size)
        buf[0] = '\0';
    if (n < 0)
        return gr_failst(err, GR_ERR_ARG, NULL, "query longer than 1023 characters or of more "
                         "than %d words", MAX_WORDS);
    if (n >= 1 && !strcmp(w[0], "los"))
        return q_los(g, w, n, &o, err);
    if (n >= 2 && !strcmp(w[0], "odds") && !strcmp(w[1], "fire"))
        return q_odds(g, w, n, &o, err);
    if (n >= 1 && !strcmp(w[0], "fire"))
        return q_fire(g, w, n, &o, err);
    if (n >= 1 && !strcmp(w[0], "firer"))
        return q_firer(g, w, n, &o, err);
    if (n >= 1 && !strcmp(w[0], "range"))
        return q_range(g, w, n, &o, err);
    return gr_failst(err, GR_ERR_ARG, NULL, "unknown fire query (los, odds fire, fire, firer, "
                     "range)");
}
