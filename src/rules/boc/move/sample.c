/* sample.c — staged sampling of the Movement decision for gr_game_sample
 * (gr_rules.sample): first a unit that may move, or end-move, uniformly;
 * then one of that unit's destinations (or leaving the map from an edge
 * hex), uniformly.  Random play and search
 * never list the whole map's moves.  Every action drawn is one that
 * boc_move_legal lists.  The Free Deployment's decision is drawn the same
 * way (move/deploy.c).  Other decisions are left to the uniform draw. */
#include "../boc.h"

/* A reinforcement's entry hex, drawn among where it may come on (R6.7-b/e):
 * GR_NONE for its own entry hex (and for a unit on the map). */
static int pick_entry(const boc_state *s, const boc_sdata *sd, int u, gr_rng *rng)
{
    int hexes[BOC_MAX_ENTRY_OPTIONS];
    if (s->unit[u].hex >= 0)
        return GR_NONE;
    int k = boc_entry_options(s, sd, u, hexes);
    if (k == 0)
        return GR_NONE;
    int h = hexes[gr_rng_below(rng, (uint32_t)k)];
    return h == boc_entry_of(s, sd, u) ? GR_NONE : h;
}

/* Draws among `cand` (n units, plus end-move as index n) until a unit with
 * a destination, or end-move, comes out. */
static int draw_move(const boc_state *s, const boc_sdata *sd, int *cand, int n, gr_rng *rng,
                     gr_action *out)
{
    boc_reach r;
    gr_action att[13]; /* at most 12 attacks (boc_attack_options), a formation */
    for (;;) {
        int k = (int)gr_rng_below(rng, (uint32_t)(n + 1));
        if (k == n) {
            *out = (gr_action){.kind = BOC_A_END_MOVE, .player = s->active};
            return 1;
        }
        int u = cand[k], entry = pick_entry(s, sd, u, rng);
        int m = boc_move_reach_at(s, sd, u, entry == GR_NONE ? boc_entry_of(s, sd, u) : entry, &r);
        int edge = s->unit[u].hex >= 0 && boc_edge_hex(sd, s->unit[u].hex);
        int k_att = boc_attack_options(s, sd, u, att, 12);
        k_att += boc_formation_options(s, sd, u, att + k_att, 1); /* S-CL-b */
        if (m + edge + k_att > 0) {
            int i = (int)gr_rng_below(rng, (uint32_t)(m + edge + k_att));
            if (i > m - 1 + edge) /* a melee declaration (R7.1) or a formation change */
                *out = att[i - m - edge];
            else if (i == m) /* leaving the map (R2.4-a) */
                *out = (gr_action){.kind = BOC_A_EXIT, .player = s->active, .nargs = 1, .arg = {u}};
            else
                *out = (gr_action){.kind = BOC_A_MOVE,
                                   .player = s->active,
                                   .nargs = 3,
                                   .arg = {u, r.order[r.first + i], entry}};
            return 1;
        }
        cand[k] = cand[--n]; /* no destination: draw again without it */
    }
}

int boc_sample(const gr_game *g, int player, gr_rng *rng, gr_action *out)
{
    const boc_state *s = boc_cst(g);
    const boc_sdata *sd = boc_sd(g);
    int cand[BOC_MAX_UNITS], n = 0;
    if (s->phase != BOC_PH_OVER && s->decision == BOC_DEC_DEPLOY && player == s->active)
        return boc_deploy_sample(g, rng, out); /* R0-c: a block, then a hex */
    if (s->phase == BOC_PH_OVER || s->decision != BOC_DEC_MOVE || player != s->active)
        return 0;
    for (int u = 0; u < sd->nblock; u++)
        if (boc_may_move(s, sd, u, NULL) == GR_OK)
            cand[n++] = u;
    return draw_move(s, sd, cand, n, rng, out);
}
