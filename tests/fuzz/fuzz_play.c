/*
 * fuzz_play.c — structured play: byte 0 picks a scenario, bytes 1-2 the
 * dice seed; then each step, driven by the next bytes, applies to the
 * game one of: a legal action (gr_game_legal: it must be accepted), a
 * legal action with one field changed (kind, player, argument count or an
 * argument), or an action line of the input (gr_action_parse).  After
 * every step the game must pass gr_game_sanity; a refused action must
 * leave gr_game_hash unchanged; a player who must decide must have a
 * legal action.
 */
#include <string.h>

#include "fuzz.h"

#define MAX_STEPS 300
#define LEGAL_CAP 256

/* The player among those due that byte b picks. */
static int pick_player(const gr_pending *pend, unsigned b)
{
    int due[8], n = 0;
    for (int p = 0; p < 8; p++)
        if (pend->players & (1u << p))
            due[n++] = p;
    FZ_CHECK(n > 0, "a decision with nobody due");
    return due[b % (unsigned)n];
}

/* Changes one field of a, as the input says. */
static void mutate(gr_action *a, fz_in *in)
{
    unsigned what = fz_byte(in), v = fz_byte(in);
    int32_t big = (int32_t)(fz_byte(in) | fz_byte(in) << 8 | fz_byte(in) << 16 |
                            (unsigned)fz_byte(in) << 24);
    switch (what % 6) {
    case 0: a->kind = (uint16_t)(v | fz_byte(in) << 8); break;
    case 1: a->player = (uint8_t)v; break;
    case 2: a->nargs = (uint8_t)v; break;
    case 3: a->arg[v % GR_MAX_ARGS] = (int32_t)v - 128; break;
    case 4: a->arg[v % GR_MAX_ARGS] = big; break;
    default: a->arg[v % GR_MAX_ARGS] += (what & 8) ? 1 : -1; break;
    }
}

/* Applies a; checks the refusal or the result. */
static void apply(gr_game *g, const gr_action *a, int must_accept)
{
    gr_error err = {{0}, {0}};
    char text[512];
    uint64_t before = gr_game_hash(g);
    gr_status st = gr_game_apply(g, a, &err);
    gr_action_format(g, a, text, sizeof text);
    FZ_CHECK(st == GR_OK || !must_accept, "legal '%s' refused: %s %s", text, err.rule,
             err.msg);
    if (st != GR_OK)
        FZ_CHECK(gr_game_hash(g) == before, "refused '%s' changed the game", text);
    FZ_CHECK(gr_game_sanity(g, &err) == GR_OK, "after '%s' (%s): %s", text,
             gr_status_name(st), err.msg);
}

/* One step; returns 0 when the game is over or the input used up. */
static int step(gr_game *g, fz_in *in)
{
    static gr_action legal[LEGAL_CAP];
    gr_pending pend;
    gr_game_pending(g, &pend);
    if (pend.kind == GR_PENDING_OVER || in->n == 0)
        return 0;
    unsigned op = fz_byte(in);
    int p = pick_player(&pend, fz_byte(in));
    int n = gr_game_legal(g, p, legal, LEGAL_CAP);
    FZ_CHECK(n > 0, "player %d is due (%s) but has no legal action", p,
             gr_game_decision_name(g, pend.decision));
    gr_action a = legal[(fz_byte(in) | fz_byte(in) << 8) % (unsigned)(n < LEGAL_CAP ? n : LEGAL_CAP)];
    if (op % 8 < 5) {
        apply(g, &a, 1);
    } else if (op % 8 < 7) {
        mutate(&a, in);
        apply(g, &a, 0);
    } else {
        char line[512];
        gr_error err = {{0}, {0}};
        fz_line(in, line, sizeof line);
        if (gr_action_parse(g, line, &a, &err) == GR_OK)
            apply(g, &a, 0);
    }
    return 1;
}

FUZZ_TARGET(play)
{
    fz_in in = {data, size};
    int i = (int)(fz_byte(&in) % (unsigned)fz_scenario_count());
    uint64_t seed = fz_byte(&in) | fz_byte(&in) << 8;
    gr_game *g = NULL;
    gr_error err = {{0}, {0}};
    FZ_CHECK(gr_game_new(fz_scenario(i), seed, NULL, NULL, NULL, &g, &err) == GR_OK,
             "new game of %s: %s", fz_scenario_id(i), err.msg);
    FZ_CHECK(gr_game_sanity(g, &err) == GR_OK, "new game: %s", err.msg);
    for (int k = 0; k < MAX_STEPS && step(g, &in); k++)
        ;
    gr_game_free(g);
    return 0;
}
