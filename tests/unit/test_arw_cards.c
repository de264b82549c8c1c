/* test_arw_cards.c — the random event cards (SR4.3, Part G) where a rule
 * case is awkward:
 *   - the card table as loaded: 55 cards, the SR4.3 red cards, the Part G
 *     timings, every flag marked provisional (AMB-63), the 4 "S*" timings;
 *   - hidden information: a hand and the deck order are masked in the
 *     opponent's view (state, description, events); determinizing deals the
 *     hidden cards consistently (hand counts, the cards the viewer knows,
 *     Card 17/18's look at the top three, Card 45's theft);
 *   - Card 43, whose window comes from the fire phase
 *     (arw_cards_fire_announced);
 *   - Card 20's "discard and draw another" once every French reinforcement
 *     is in play;
 *   - random campaign games with cards: every action accepted, the game, both
 *     views and determinized views sane;
 *   - loader errors in cards.json. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ai/agent.h"
#include "gr_internal.h"
#include "rules/arw/arw.h"
#include "rules/arw/cards/cardint.h"
#include "testutil.h"

#define CAMPAIGN "savannah-campaign"
enum { BRITISH = 0, ALLIED = 1 };

static const arw_data *data_of(const gr_scenario *sc)
{
    return (const arw_data *)sc->sdata;
}

static gr_game *new_game(gr_scenario *sc, tu_log *log)
{
    gr_game *g = NULL;
    gr_error err = {{0}, {0}};
    if (gr_game_new(sc, 5, "auto=0", log ? tu_log_sink : NULL, log, &g, &err) != GR_OK)
        fail_msg("new game: %s", err.msg);
    return g;
}

static void setup(gr_game *g, const char *line)
{
    gr_error err = {{0}, {0}};
    if (gr_game_setup(g, line, &err) != GR_OK)
        fail_msg("setup '%s': %s", line, err.msg);
}

static void apply(gr_game *g, const char *line)
{
    gr_error err = {{0}, {0}};
    if (tu_apply(g, line, &err) != GR_OK)
        fail_msg("'%s': %s", line, err.msg);
}

static int query_has(const gr_game *g, const char *q, const char *want)
{
    char buf[1024];
    if (gr_game_query(g, q, buf, sizeof buf, NULL) != GR_OK)
        fail_msg("query '%s' refused", q);
    return strstr(buf, want) != NULL;
}

static int describe_has(const gr_game *g, const char *text)
{
    char *buf = malloc(1 << 17);
    assert_non_null(buf);
    gr_game_describe(g, buf, 1 << 17);
    int found = strstr(buf, text) != NULL;
    free(buf);
    return found;
}

static void sane(const gr_game *g, const char *what)
{
    gr_error err = {{0}, {0}};
    if (gr_game_sanity(g, &err) != GR_OK)
        fail_msg("%s: %s", what, err.msg);
}

/* ------------------------------------------------------------ the table */

static void test_the_card_table(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load(CAMPAIGN);
    const arw_data *d = data_of(sc);
    int timing[4] = {0}, red = 0, prov_flag = 0, prov_timing = 0;
    assert_int_equal(d->ncards, ARW_NCARDS); /* arw:SR4.3-i AMB-64: 55 cards */
    for (int c = 1; c <= ARW_NCARDS; c++) {
        const arw_card *k = &d->card[c];
        assert_int_equal(k->number, c);
        timing[k->timing]++;
        red += k->timing == ARW_CT_RED;
        prov_flag += (k->prov & ARW_CP_FLAG) != 0;
        prov_timing += (k->prov & ARW_CP_TIMING) != 0;
        assert_true(k->sides != 0);
    }
    /* SR4.3-d: 3 red cards 17, 18, 45; the [IT] column plus the four S* */
    assert_int_equal(red, 3);
    assert_int_equal(d->card[17].timing, ARW_CT_RED);
    assert_int_equal(d->card[45].timing, ARW_CT_RED);
    assert_int_equal(timing[ARW_CT_STRATEGIC], 19);
    assert_int_equal(timing[ARW_CT_TACTICAL], 17);
    assert_int_equal(timing[ARW_CT_ANY], 16);
    /* AMB-63: every flag is inferred, the four S* timings too */
    assert_int_equal(prov_flag, ARW_NCARDS);
    assert_int_equal(prov_timing, 4);
    assert_true(d->card[3].prov & d->card[6].prov & d->card[9].prov & d->card[20].prov &
                ARW_CP_TIMING);
    /* SR4.3-f: only 28 and 40 go back into the deck */
    for (int c = 1; c <= ARW_NCARDS; c++)
        assert_int_equal(d->card[c].reshuffle, c == 28 || c == 40);
    gr_scenario_free(sc);
}

/* ------------------------------------------------------------ hidden hands */

/* Turn 2's draws with a known deck top: British 4, Allies 8. */
static gr_game *after_draws(gr_scenario *sc, tu_log *log)
{
    gr_game *g = new_game(sc, log);
    setup(g, "deck 4 8 11 24");
    setup(g, "momentum british=0 allied=0");
    setup(g, "phase random-events turn=2");
    return g;
}

static void test_hands_and_deck_are_hidden(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load(CAMPAIGN);
    tu_log log = {0};
    gr_game *g = after_draws(sc, &log);
    /* arw:SR4.3-a the drawn card is told to its drawer only */
    assert_true(tu_log_has(&log, "card-drawn by=british card=4 vis=british"));
    assert_true(tu_log_has(&log, "card-draw by=british hand=1"));
    gr_game *allied = gr_game_view(g, ALLIED), *british = gr_game_view(g, BRITISH);
    assert_non_null(allied);
    assert_non_null(british);
    sane(allied, "allied view");
    assert_false(describe_has(allied, "Naval victory"));
    assert_true(describe_has(allied, "cards of british (1): 1 hidden"));
    assert_true(describe_has(british, "[4 Naval victory]"));
    assert_false(describe_has(british, "Allies blame"));
    /* the terminal panel: counts for both, the viewer's own cards only */
    assert_true(query_has(british, "panel", "cards=british 1, allied 1, deck 53"));
    assert_true(query_has(british, "panel", "hand.british=4 Naval victory"));
    assert_false(query_has(allied, "panel", "Naval victory"));
    assert_true(query_has(allied, "panel", "hand.allied=8 Allies blame"));
    /* the deck order is hidden from both (nothing names the top card) */
    const arw_state *sa = (const arw_state *)allied->state;
    const arw_state *sb = (const arw_state *)british->state;
    for (int i = 0; i < sa->ndeck; i++)
        assert_int_equal(sa->deck[i] | sb->deck[i], 0);
    assert_int_equal(sa->card_loc[4], ARW_CL_HIDDEN);
    assert_int_equal(sa->card_loc[8], ARW_CL_HAND_ALLIED);
    /* every card the Allies cannot place is hidden, the deck ones included */
    assert_int_equal(sa->card_loc[11], ARW_CL_HIDDEN);
    /* determinizing deals one card to the British hand, the rest to the deck */
    for (uint64_t seed = 1; seed <= 20; seed++) {
        gr_game *v = gr_game_clone(allied);
        assert_int_equal(gr_game_determinize(v, seed), GR_OK);
        sane(v, "determinized allied view");
        const arw_state *sv = (const arw_state *)v->state;
        assert_int_equal(sv->nhand[BRITISH], 1);
        assert_int_equal(sv->card_loc[8], ARW_CL_HAND_ALLIED);
        assert_int_equal(sv->ndeck, 53);
        gr_game_free(v);
    }
    gr_game_free(allied);
    gr_game_free(british);
    gr_game_free(g);
    tu_log_free(&log);
    gr_scenario_free(sc);
}

static void test_card_17_look_is_hidden(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load(CAMPAIGN);
    tu_log log = {0};
    gr_game *g = new_game(sc, &log);
    setup(g, "deck 17 3 5 9 24");
    setup(g, "momentum british=0 allied=0");
    setup(g, "phase random-events turn=2");
    assert_true(tu_log_has(&log, "card-look by=british c1=3 c2=5 c3=9 vis=british"));
    gr_game *allied = gr_game_view(g, ALLIED);
    assert_false(describe_has(allied, "looked at"));
    for (uint64_t seed = 1; seed <= 10; seed++) {
        gr_game *v = gr_game_clone(allied);
        assert_int_equal(gr_game_determinize(v, seed), GR_OK);
        sane(v, "determinized view during Card 17's choice");
        gr_action acts[8];
        int n = gr_game_legal(v, BRITISH, acts, 8);
        assert_int_equal(n, 3); /* the British choose among three sampled cards */
        assert_int_equal(gr_game_apply(v, &acts[0], NULL), GR_OK);
        sane(v, "after the sampled choice");
        gr_game_free(v);
    }
    /* keep-card is a secret action: only its player sees the line */
    gr_action keep;
    assert_int_equal(gr_action_parse(g, "keep-card by=british card=5", &keep, NULL), GR_OK);
    assert_false(gr_action_visible(g, &keep, ALLIED));
    assert_true(gr_action_visible(g, &keep, BRITISH));
    gr_game_free(allied);
    gr_game_free(g);
    tu_log_free(&log);
    gr_scenario_free(sc);
}

static void test_card_45_theft_is_known_to_the_victim(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load(CAMPAIGN);
    gr_game *g = new_game(sc, NULL);
    setup(g, "card 8 allied");
    setup(g, "deck 45 24");
    setup(g, "momentum british=0 allied=0");
    setup(g, "phase random-events turn=2");
    assert_true(query_has(g, "cards", "hand-british=8"));
    gr_game *allied = gr_game_view(g, ALLIED);
    const arw_state *sa = (const arw_state *)allied->state;
    /* the Allies know the British hold their card 8 */
    assert_int_equal(sa->card_loc[8], ARW_CL_HAND);
    assert_true(describe_has(allied, "[8 Allies blame"));
    assert_int_equal(gr_game_determinize(allied, 3), GR_OK);
    assert_int_equal(((const arw_state *)allied->state)->card_loc[8], ARW_CL_HAND);
    sane(allied, "determinized");
    gr_game_free(allied);
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* ------------------------------------------------------------ Card 43 */

static void test_card_43_after_an_announced_fire(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load(CAMPAIGN);
    const arw_data *d = data_of(sc);
    tu_log log = {0};
    gr_game *g = new_game(sc, &log);
    setup(g, "card 43 british");
    setup(g, "place reserve-artillery 2810");
    setup(g, "place fr-battery-a-rt 2811");
    setup(g, "phase close-combat active=british turn=11");
    gr_pending p;
    gr_game_pending(g, &p);
    assert_string_equal(gr_game_decision_name(g, p.decision), "declare");
    /* the FIRE subsystem announces the Allied (inactive) batteries' fire */
    int units[2] = {arw_unit_find(d, "reserve-artillery"), arw_unit_find(d, "fr-battery-a-rt")};
    int before = ((const arw_state *)g->state)->morale[ARW_ARMY_FRENCH];
    int vp_before = ((const arw_state *)g->state)->vp2[ARW_ARMY_BRITISH];
    assert_int_equal(arw_cards_fire_announced(g, units, 2), 1);
    gr_game_pending(g, &p);
    assert_string_equal(gr_game_decision_name(g, p.decision), "play-card");
    apply(g, "play-card by=british card=43");
    assert_int_equal(gr_game_legal(g, BRITISH, NULL, 0), 2); /* one of the firing units */
    apply(g, "card-unit by=british unit=fr-battery-a-rt");
    assert_true(tu_log_has(&log, "step-loss unit=fr-battery-a-rt steps=1"));
    assert_true(query_has(g, "unit fr-battery-a-rt", "steps=1"));
    /* no army morale or VP change; back to the interrupted stage */
    assert_int_equal(((const arw_state *)g->state)->morale[ARW_ARMY_FRENCH], before);
    assert_int_equal(((const arw_state *)g->state)->vp2[ARW_ARMY_BRITISH], vp_before);
    assert_false(tu_log_has(&log, "vp army="));
    gr_game_pending(g, &p);
    assert_string_equal(gr_game_decision_name(g, p.decision), "declare");
    /* no card, no window: the fire goes on at once */
    assert_int_equal(arw_cards_fire_announced(g, units, 2), 0);
    sane(g, "after Card 43");
    gr_game_free(g);
    tu_log_free(&log);
    gr_scenario_free(sc);
}

/* ------------------------------------------------------------ Card 20 void */

static void test_card_20_void_when_the_french_are_all_in(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load(CAMPAIGN);
    const arw_data *d = data_of(sc);
    gr_game *g = new_game(sc, NULL);
    setup(g, "card 20 british");
    assert_false(arw_card_void(g, 20));
    char line[96];
    for (int u = 0; u < d->nunits; u++)
        if (d->unit[u].army == ARW_ARMY_FRENCH && d->unit[u].entry_turn) {
            snprintf(line, sizeof line, "remove %s eliminated", d->unit[u].id);
            setup(g, line);
        }
    assert_true(arw_card_void(g, 20)); /* arw:SR4.3-g */
    assert_true(query_has(g, "card 20", "void=1"));
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* ------------------------------------------------------------ random games */

/* The play window a holder is asked in now (bit ARW_CW_*), or 0. */
static unsigned window_now(const gr_game *g)
{
    const arw_state *s = (const arw_state *)g->state;
    if (s->stage != ARW_ST_CARDS)
        return 0;
    if (s->cm.mode == ARW_CM_RESPONSE)
        return 1u << ARW_CW_RESPONSE;
    int w = s->cm.mode == ARW_CM_WINDOW ? arw_window_for(g, s->cm.wkind, s->cm.side) : -1;
    return w >= 0 ? 1u << w : 0;
}

/* Every window a card of the table is played in opened in these games
 * (SR4.3-c): a window no caller opens (as Card 43's was) fails here. */
static void check_windows_reached(const arw_data *d, unsigned seen)
{
    for (int c = 1; c <= d->ncards; c++)
        for (int w = 0; w < ARW_NCW; w++)
            if ((d->card[c].windows & (1u << w)) && !(seen & (1u << w)))
                fail_msg("card %d: its window %s never opened in play", c,
                         arw_card_window_names[w]);
}

/* Windows opened in random campaigns with auto=0: every holder is asked
 * even when passing is all he may do (so Card 7's answer window shows up
 * whenever a card is played against a side holding one).  The Allies never
 * announce the assault, so the strategic turns with siege and bombardment
 * (the siege window) are played. */
static unsigned windows_without_auto(gr_scenario *sc)
{
    unsigned seen = 0;
    for (int game = 0; game < 6; game++) {
        gr_game *g = NULL;
        assert_int_equal(gr_game_new(sc, 900 + (uint64_t)game, "auto=0", NULL, NULL, &g, NULL),
                         GR_OK);
        gr_agent *ag[2] = {gr_agent_new("random", 17 + (uint64_t)game, NULL, NULL),
                           gr_agent_new("random", 18 + (uint64_t)game, NULL, NULL)};
        gr_pending p;
        for (int step = 0; step < 3000; step++) {
            gr_game_pending(g, &p);
            int n = 0;
            if (p.kind == GR_PENDING_OVER)
                break;
            if (!strcmp(gr_game_decision_name(g, p.decision), "assault-announcement"))
                assert_int_equal(tu_apply(g, "no-assault by=allied", NULL), GR_OK);
            else if (gr_agents_step(g, ag, NULL, &n, NULL) != GR_OK)
                break;
            seen |= window_now(g);
        }
        gr_agent_free(ag[0]);
        gr_agent_free(ag[1]);
        gr_game_free(g);
    }
    return seen;
}

static void test_random_campaigns_with_cards(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load(CAMPAIGN);
    int played = 0, events = 0;
    unsigned seen = 0;
    tu_log log = {0};
    /* the movement phase makes campaign steps dearer: fewer games under valgrind */
    int games = getenv("GR_VALGRIND") ? 4 : 40;
    for (int game = 0; game < games; game++) {
        tu_log_free(&log);
        gr_game *g = NULL;
        assert_int_equal(gr_game_new(sc, 300 + (uint64_t)game, NULL, tu_log_sink, &log, &g,
                                     NULL), GR_OK);
        gr_agent *ag[2] = {gr_agent_new("random", 7 + (uint64_t)game, NULL, NULL),
                           gr_agent_new("random", 8 + (uint64_t)game, NULL, NULL)};
        for (int step = 0; step < 3000; step++) {
            gr_pending p;
            gr_game_pending(g, &p);
            if (p.kind == GR_PENDING_OVER)
                break;
            gr_error err = {{0}, {0}};
            int n = 0;
            if (gr_agents_step(g, ag, NULL, &n, &err) != GR_OK)
                fail_msg("game %d step %d: %s", game, step, err.msg);
            seen |= window_now(g);
            sane(g, "game");
            for (int pl = 0; pl < 2; pl++) {
                gr_game *v = gr_game_view(g, pl);
                sane(v, "view");
                assert_int_equal(gr_game_determinize(v, (uint64_t)step), GR_OK);
                sane(v, "determinized view");
                gr_game_free(v);
            }
        }
        played += tu_log_has(&log, "card-played");
        events += log.count;
        gr_agent_free(ag[0]);
        gr_agent_free(ag[1]);
        gr_game_free(g);
    }
    assert_true(played > 0);
    print_message("%d campaigns: %d with cards played; %d events; windows opened 0x%x\n",
                  games, played, events, seen);
    if (!getenv("GR_VALGRIND"))
        check_windows_reached(data_of(sc), seen | windows_without_auto(sc));
    tu_log_free(&log);
    gr_scenario_free(sc);
}

/* Same seeds, same game: the deck shuffles and draws come from the game's
 * stream only. */
static uint64_t play_to_end(gr_scenario *sc, uint64_t seed)
{
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, seed, NULL, NULL, NULL, &g, NULL), GR_OK);
    gr_agent *ag[2] = {gr_agent_new("random", seed, NULL, NULL),
                       gr_agent_new("random", seed + 1, NULL, NULL)};
    for (int step = 0; step < 3000; step++) {
        gr_pending p;
        gr_game_pending(g, &p);
        if (p.kind == GR_PENDING_OVER)
            break;
        int n = 0;
        assert_int_equal(gr_agents_step(g, ag, NULL, &n, NULL), GR_OK);
    }
    uint64_t h = gr_game_hash(g);
    gr_agent_free(ag[0]);
    gr_agent_free(ag[1]);
    gr_game_free(g);
    return h;
}

static void test_campaigns_are_deterministic(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load(CAMPAIGN);
    uint64_t seeds = getenv("GR_VALGRIND") ? 1 : 5;
    for (uint64_t seed = 1; seed <= seeds; seed++)
        assert_true(play_to_end(sc, seed) == play_to_end(sc, seed));
    assert_true(play_to_end(sc, 1) != play_to_end(sc, 2));
    gr_scenario_free(sc);
}

/* ------------------------------------------------------------ loader errors */

#define CARDS "arw/savannah/cards.json"

static void expect_error(const char *file, const char *from, const char *to, const char *what)
{
    gr_scenario *sc = NULL;
    gr_error err = {{0}, {0}};
    gr_status st = tu_load_patched(CAMPAIGN, file, from, to, &sc, &err);
    gr_scenario_free(sc);
    if (st != GR_ERR_DATA || !strstr(err.msg, file) || !strstr(err.msg, what))
        fail_msg("patch '%s' -> '%s': got %d '%s', want '%s'", from, to, (int)st, err.msg, what);
}

static void test_broken_cards_file_is_refused(void **state)
{
    (void)state;
    expect_error(CARDS, "\"maitland\"", "\"maitlnad\"", "unknown unit 'maitlnad'");
    expect_error(CARDS, "{\"card\": 2,", "{\"card\": 1,", "card 1 is given twice");
    expect_error(CARDS, "\"timing\": \"red\"", "\"timing\": \"rouge\"", "rouge");
    expect_error(CARDS, "\"windows\": [\"siege\"]", "\"windows\": [\"sieg\"]", "sieg");
    expect_error(CARDS, "\"terrain\": \"forest\"", "\"terrain\": \"jungle\"",
                 "unknown hex type 'jungle'");
    expect_error(CARDS, "\"effect\": \"cancel\"", "\"effect\": \"cancel\", \"windws\": []",
                 "windws");
    expect_error("scenarios/savannah-campaign.json", "\"cards\": \"arw/savannah/cards.json\",",
                 "", "random-events needs \"cards\"");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_card_table),
        cmocka_unit_test(test_hands_and_deck_are_hidden),
        cmocka_unit_test(test_card_17_look_is_hidden),
        cmocka_unit_test(test_card_45_theft_is_known_to_the_victim),
        cmocka_unit_test(test_card_43_after_an_announced_fire),
        cmocka_unit_test(test_card_20_void_when_the_french_are_all_in),
        cmocka_unit_test(test_random_campaigns_with_cards),
        cmocka_unit_test(test_campaigns_are_deterministic),
        cmocka_unit_test(test_broken_cards_file_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
