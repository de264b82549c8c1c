/* query.c — answers to gr_game_query ("key=value ..." text): units, hexes,
 * armies, momentum, the phase, close combats, and pure table look-ups
 * (odds, CRT, tactics matrix, retreat hexes, chit eligibility).  Pure.
 * Vocabulary in docs/arw.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../arw.h"

static const char *uname(const arw_data *d, int u)
{
    return u >= 0 && u < d->nunits ? d->unit[u].id : "-";
}

static gr_status q_unit(const gr_game *g, char **w, int n, gr_text *o, gr_error *err)
{
    const arw_data *d = arw_dat(g);
    int u = n == 2 ? arw_unit_find(d, w[1]) : -1;
    char hex[16];
    if (u < 0)
        return gr_failst(err, GR_ERR_ARG, NULL, "want 'unit ID'");
    const arw_unit *x = &arw_cst(g)->unit[u];
    gr_textf(o, "hex=%s steps=%d status=%s box=%s sp=%d morale=%d combat=%d pinned=%d guest=%d",
             arw_hex_label(d, x->hex, hex, sizeof hex), x->steps, arw_status_names[x->status],
             arw_box_names[x->box], arw_unit_sp(g, u), arw_unit_morale(g, u), x->combat,
             !!(x->flags & ARW_U_PINNED), !!(x->flags & ARW_U_GUEST));
    gr_textf(o, " withdrawn=%d lost=%d forced=%d", !!(x->flags & ARW_U_CAV_WD),
             !!(x->flags & ARW_U_LOST), !!(x->flags & ARW_U_SR41_FORCED));
    gr_textf(o, " prev-lost=%d cw=%d", !!(x->flags & ARW_U_PREV_LOST), x->cw); /* SR4.9 */
    gr_textf(o, " returning=%d", !!(x->flags & ARW_U_ART_RETURN)); /* HS-sr1 */
    if (arw_can_attack(g, u))
        gr_textf(o, " must-attack=%d", arw_must_attack(g, u));
    return GR_OK;
}

/* "commander UNIT": the leader commanding the unit in its hex (GR14.1,
 * SR4.18), or "-". */
static gr_status q_commander(const gr_game *g, char **w, int n, gr_text *o, gr_error *err)
{
    const arw_data *d = arw_dat(g);
    int u = n == 2 ? arw_unit_find(d, w[1]) : -1;
    if (u < 0)
        return gr_failst(err, GR_ERR_ARG, NULL, "want 'commander UNIT'");
    gr_textf(o, "commander=%s", uname(d, arw_commander(g, arw_cst(g)->unit[u].hex, u)));
    return GR_OK;
}

static gr_status q_hex(const gr_game *g, char **w, int n, gr_text *o, gr_error *err)
{
    const arw_data *d = arw_dat(g);
    const arw_state *s = arw_cst(g);
    int h = n == 2 ? gr_grid_find(&d->map.grid, w[1]) : -1;
    if (h < 0)
        return gr_failst(err, GR_ERR_ARG, NULL, "want 'hex HEX' on the map");
    gr_textf(o, "terrain=%s units=", d->htype[d->map.terrain[h]].id);
    const char *sep = "";
    for (int u = s->hex[h].head; u != ARW_NO_UNIT; u = s->unit[u].next, sep = ",")
        gr_textf(o, "%s%s", sep, d->unit[u].id);
    gr_textf(o, "%s zoc-british=%d zoc-allied=%d", *sep ? "" : "-", arw_zoc(g, h, ARW_BRITISH),
             arw_zoc(g, h, ARW_ALLIED));
    return GR_OK;
}

static gr_status q_army(const gr_game *g, char **w, int n, gr_text *o, gr_error *err)
{
    const arw_tables *t = &arw_dat(g)->t;
    int a = n == 2 ? arw_name_index(arw_army_names, w[1]) : -1;
    if (a < 0)
        return gr_failst(err, GR_ERR_ARG, NULL, "want 'army british|french|american'");
    int m = arw_cst(g)->morale[a];
    gr_textf(o, "morale=%d initiative-mod=%d unit-mod=%d level=%s", m,
             t->level[arw_level_of(t, m)].init_mod, t->level[arw_level_of(t, m)].unit_mod,
             m <= t->demoralized_at ? "demoralized" : t->level[arw_level_of(t, m)].name);
    return GR_OK;
}

static void q_phase(const gr_game *g, gr_text *o)
{
    const arw_state *s = arw_cst(g);
    gr_textf(o,
             "turn=%d phase=%s active=%s stage=%s combats=%d tasks=%d player-turn=%d "
             "initiative=%s first=%s player-turns=%d",
             s->turn, arw_phase_names[s->phase], arw_side_names[s->active],
             arw_stage_names[s->stage], s->ncombats, s->ntasks, s->player_turn + 1,
             arw_side_names[s->initiative], arw_side_names[s->order[0]], s->norder);
}

static void list_role(const gr_game *g, int k, int role, gr_text *o)
{
    const arw_data *d = arw_dat(g);
    const char *sep = "";
    for (int u = 0; u < d->nunits; u++)
        if (arw_participant(g, k, u) && d->unit[u].side == arw_role_side(g, role)) {
            gr_textf(o, "%s%s", sep, d->unit[u].id);
            sep = ",";
        }
    if (!*sep)
        gr_textf(o, "-");
}

static void combat_results(const arw_combat *c, gr_text *o)
{
    if (!(c->flags & ARW_CF_ROLLED)) {
        gr_textf(o, " result=-");
        return;
    }
    gr_textf(o, " roll=%d final=%d result=%s/%s", c->roll, c->final,
             arw_rcode_names[arw_rcode_index(c->res[ARW_ATT])],
             arw_rcode_names[arw_rcode_index(c->res[ARW_DEF])]);
}

static gr_status q_combat(const gr_game *g, char **w, int n, gr_text *o, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    const arw_data *d = arw_dat(g);
    int k = s->cur ? s->cur - 1 : s->ncombats - 1;
    if (n > 2 || (n == 2 && !arw_parse_int(w[1], 1, 9999, &k)))
        return gr_failst(err, GR_ERR_ARG, NULL, "want 'combat [N]' (N: a combat of this phase)");
    if (n == 2)
        k--;
    if (k < 0 || k >= s->ncombats)
        return gr_failst(err, GR_ERR_ARG, NULL, "no such combat");
    const arw_combat *c = &s->combat[k];
    static const char *const states[] = {"declared", "active", "done"};
    char hex[16];
    gr_textf(o, "combat=%d state=%s attackers=", k + 1, states[c->state]);
    list_role(g, k, ARW_ATT, o);
    gr_textf(o, " defenders=");
    list_role(g, k, ARW_DEF, o);
    gr_textf(o, " hexes=");
    for (int j = 0; j < c->ndhex; j++)
        gr_textf(o, "%s%s", j ? "," : "", arw_hex_label(d, c->dhex[j], hex, sizeof hex));
    gr_textf(o, " att-sp=%d def-sp=%d odds=%s att-van=%s def-van=%s drm=%d", c->sp[ARW_ATT],
             c->sp[ARW_DEF], d->t.col_name[c->column], uname(d, c->van[ARW_ATT]),
             uname(d, c->van[ARW_DEF]), c->base_drm);
    gr_textf(o, " att-chit=%s def-chit=%s tactic=%d nc=%d",
             c->chit[ARW_ATT] ? arw_chit_names[c->chit[ARW_ATT] - 1] : "-",
             c->chit[ARW_DEF] ? arw_chit_names[c->chit[ARW_DEF] - 1] : "-", c->tactic_drm,
             !!(c->flags & ARW_CF_NC));
    combat_results(c, o);
    return GR_OK;
}

static gr_status q_odds(const gr_game *g, char **w, int n, gr_text *o, gr_error *err)
{
    const arw_tables *t = &arw_dat(g)->t;
    int below, att, def;
    if (n != 3 || !arw_parse_int(w[1], 0, 999, &att) || !arw_parse_int(w[2], 1, 999, &def))
        return gr_failst(err, GR_ERR_ARG, NULL,
                         "want 'odds ATTACK-SP DEFENCE-SP' (0-999, 1-999)");
    int col = arw_odds_column(t, att, def, &below);
    gr_textf(o, "odds=%s drm=%d", t->col_name[col], below ? t->below_drm : 0);
    return GR_OK;
}

static gr_status q_crt(const gr_game *g, char **w, int n, gr_text *o, gr_error *err)
{
    const arw_tables *t = &arw_dat(g)->t;
    int col = -1, roll = 0;
    for (int i = 0; n == 3 && i < t->ncols; i++)
        if (!strcmp(t->col_name[i], w[1]))
            col = i;
    if (col < 0 || !arw_parse_int(w[2], t->roll_min, t->roll_max, &roll))
        return gr_failst(err, GR_ERR_ARG, NULL, "want 'crt COLUMN ROLL'");
    const uint8_t *r = t->crt[roll - t->roll_min][col];
    gr_textf(o, "att=%s def=%s", arw_rcode_names[arw_rcode_index(r[0])],
             arw_rcode_names[arw_rcode_index(r[1])]);
    return GR_OK;
}

static gr_status q_matrix(const gr_game *g, char **w, int n, gr_text *o, gr_error *err)
{
    int att = n == 3 ? arw_name_index(arw_chit_names, w[1]) : -1;
    int def = n == 3 ? arw_name_index(arw_chit_names, w[2]) : -1;
    if (att < 0 || def < 0)
        return gr_failst(err, GR_ERR_ARG, NULL, "want 'matrix ATTACKER-CHIT DEFENDER-CHIT'");
    int m = arw_dat(g)->t.matrix[def][att];
    if (m == ARW_NC)
        gr_textf(o, "drm=NC");
    else
        gr_textf(o, "drm=%d", m);
    return GR_OK;
}

static gr_status q_retreats(const gr_game *g, char **w, int n, gr_text *o, gr_error *err)
{
    const arw_data *d = arw_dat(g);
    int u = n == 3 ? arw_unit_find(d, w[1]) : -1, hexes[64], len;
    char hex[16];
    if (u < 0 || !arw_parse_int(w[2], 1, 3, &len))
        return gr_failst(err, GR_ERR_ARG, NULL, "want 'retreats UNIT HEXES' (HEXES 1-3)");
    int m = arw_retreat_hexes(g, u, len, hexes, 64);
    gr_textf(o, "count=%d hexes=", m);
    for (int i = 0; i < m; i++)
        gr_textf(o, "%s%s", i ? "," : "", arw_hex_label(d, hexes[i], hex, sizeof hex));
    if (m == 0)
        gr_textf(o, "-");
    return GR_OK;
}

static gr_status q_chits(const gr_game *g, gr_text *o, gr_error *err)
{
    const arw_state *s = arw_cst(g);
    if (!s->cur)
        return gr_failst(err, GR_ERR_ARG, NULL, "no combat is being resolved");
    for (int role = 0; role < 2; role++) {
        gr_textf(o, "%s%s=", role ? " " : "", role == ARW_ATT ? "attacker" : "defender");
        const char *sep = "";
        for (int c = 1; c <= ARW_NCHITS; c++)
            if (arw_chit_eligible(g, s->cur - 1, role, c)) {
                gr_textf(o, "%s%s", sep, arw_chit_names[c - 1]);
                sep = ",";
            }
    }
    return GR_OK;
}

gr_status arw_query(const gr_game *g, const char *what, char *buf, size_t size, gr_error *err)
{
    char line[256], *w[8];
    gr_text o = {buf, size, 0};
    int n = gr_words(what, line, sizeof line, w, 8);
    if (n < 0)
        return gr_failst(err, GR_ERR_ARG, NULL, "query longer than 255 characters or of more "
                         "than 8 words");
    const char *k = n ? w[0] : "";
    const arw_state *s = arw_cst(g);
    if (n == 1 && arw_board_query(g, k, buf, size))
        return GR_OK; /* boardq.c: board, units, panel */
    if (!strcmp(k, "unit")) return q_unit(g, w, n, &o, err);
    if (!strcmp(k, "hex")) return q_hex(g, w, n, &o, err);
    if (!strcmp(k, "commander")) return q_commander(g, w, n, &o, err);
    if (!strcmp(k, "army")) return q_army(g, w, n, &o, err);
    if (!strcmp(k, "combat")) return q_combat(g, w, n, &o, err);
    if (!strcmp(k, "los") || !strcmp(k, "fire") || !strcmp(k, "firer") || !strcmp(k, "range") ||
        (!strcmp(k, "odds") && n >= 2 && !strcmp(w[1], "fire")))
        return arw_fire_query(g, what, buf, size, err); /* firequery.c */
    if (!strcmp(k, "odds") && n >= 2 && (w[1][0] < '0' || w[1][0] > '9'))
        return arw_odds_query(g, w, n, buf, size, err); /* odds.c: what-if */
    if (!strcmp(k, "odds")) return q_odds(g, w, n, &o, err);
    if (!strcmp(k, "crt")) return q_crt(g, w, n, &o, err);
    if (!strcmp(k, "matrix")) return q_matrix(g, w, n, &o, err);
    if (!strcmp(k, "retreats")) return q_retreats(g, w, n, &o, err);
    if (!strcmp(k, "reach")) return arw_reach_query(g, w, n, buf, size, err); /* mvquery.c */
    if (!strcmp(k, "movement")) return arw_movement_query(g, buf, size, err);
    if (!strcmp(k, "chits")) return q_chits(g, &o, err);
    gr_status cst; /* CARDS: cards, card N, card-effects, card-unit, card-combat, breached */
    if (n && arw_cards_query(g, w, n, buf, size, &cst, err))
        return cst;
    if (!strcmp(k, "phase")) {
        q_phase(g, &o);
        return GR_OK;
    }
    if (!strcmp(k, "momentum")) {
        gr_textf(&o, "british=%d allied=%d pool=%d", s->momentum[0], s->momentum[1], s->pool);
        return GR_OK;
    }
    gr_status st;
    if (n && arw_sav_query(g, w, n, buf, size, err, &st)) /* SAVANNAH queries (savtext.c) */
        return st;
    return gr_failst(err, GR_ERR_ARG, NULL, "unknown query '%s' (unit, hex, commander, army, "
                     "momentum, phase, combat, odds, crt, matrix, retreats, chits, reach, "
                     "movement, board, units, panel, los, fire, firer, range, cards, card)", k);
}
