/* test_boc_view.c — BoC fog of war (spec A.3: boc:RA3-b, boc:RA3-c,
 * boc:RA3-d; boc:R5.2-a, boc:R5.23-c, boc:R5.23-d, boc:R8.1-a): a player's view holds none of the
 * opponent's hidden values (identity, type, strength, combat value), in its
 * describe() text, in its queries and in the masked state itself (two games
 * that differ only in hidden values give byte-identical views); a reveal
 * shows the block and the stand-up hides it again; the owner's secret hit
 * allocation reaches the firer neither through the view nor through the
 * events he may see; determinize gives plausible, not necessarily true,
 * values consistent with what the viewer knows. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "testutil.h"

enum { USA = 0, CSA = 1 };

static const char *const SLICE_CSA[] = {"c.archer", "c.brockenbrough", "c.davis",
                                        "c.heth",   "c.pegram",        NULL};

/* Events seen by a game's sink. */
typedef struct events {
    gr_event ev[512];
    char text[512][160];
    int n;
} events;

static void keep_event(void *ctx, const gr_game *g, const gr_event *e)
{
    events *log = ctx;
    if (log->n >= 512)
        return;
    log->ev[log->n] = *e;
    gr_event_format(g, e, log->text[log->n], sizeof log->text[0]);
    log->n++;
}

static gr_game *new_game(gr_scenario *sc, events *log)
{
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, 1, NULL, log ? keep_event : NULL, log, &g, NULL), GR_OK);
    return g;
}

static void setup(gr_game *g, const char *line)
{
    gr_error err;
    if (gr_game_setup(g, line, &err) != GR_OK)
        fail_msg("setup '%s': %s", line, err.msg);
}

static void act(gr_game *g, const char *line)
{
    gr_error err;
    if (tu_apply(g, line, &err) != GR_OK)
        fail_msg("'%s' refused: %s", line, err.msg);
}

static void dice(gr_game *g, int a, int b, int c)
{
    int faces[3] = {a, b, c};
    assert_int_equal(gr_game_push_dice(g, faces, 3), GR_OK);
}

/* describe() of player p's view (static buffer). */
static const char *view_text(const gr_game *g, int p)
{
    static char buf[1 << 15];
    gr_game *v = gr_game_view(g, p);
    assert_non_null(v);
    gr_game_describe(v, buf, sizeof buf);
    gr_game_free(v);
    return buf;
}

static const char *query(const gr_game *g, const char *what)
{
    static char buf[1024];
    gr_error err;
    if (gr_game_query(g, what, buf, sizeof buf, &err) != GR_OK)
        fail_msg("query '%s': %s", what, err.msg);
    return buf;
}

/* Integer value of "key=" in a query answer, or -99. */
static int field(const char *answer, const char *key)
{
    char k[32];
    snprintf(k, sizeof k, " %s=", key);
    char padded[1100];
    snprintf(padded, sizeof padded, " %s", answer);
    const char *p = strstr(padded, k);
    return p ? atoi(p + strlen(k)) : -99;
}

/* The "hex=" token of a query answer into buf. */
static const char *hex_of(const char *answer, char *buf)
{
    const char *p = strstr(answer, "hex=");
    buf[0] = '\0';
    if (p)
        sscanf(p + 4, "%7s", buf);
    return buf;
}

static int count_of(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, needle)); p++)
        n++;
    return n;
}

/* ------------------------------------------------------------------ tests */

/* RA3-b: before any reveal the USA view names no hidden CSA block and gives
 * no CSA type, strength or rating, in text or in queries.  The slice opens
 * with Heth activated, hence face-up (R4.3-a): he is the one named. */
static void test_view_hides_enemy_values(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("boc-slice");
    gr_game *g = new_game(sc, NULL);
    const char *text = view_text(g, USA);
    assert_int_equal(count_of(text, "csa c."), 1);
    assert_non_null(strstr(text, "csa c.heth"));
    for (int i = 0; SLICE_CSA[i]; i++)
        if (strcmp(SLICE_CSA[i], "c.heth") != 0)
            assert_null(strstr(text, SLICE_CSA[i]));
    assert_int_equal(count_of(text, "csa hidden block"), 4);
    assert_non_null(strstr(view_text(g, CSA), "csa c.davis inf B2 4/4 hidden"));

    gr_game *v = gr_game_view(g, USA);
    for (int i = 0; SLICE_CSA[i]; i++) {
        char q[64];
        if (!strcmp(SLICE_CSA[i], "c.heth"))
            continue; /* face-up */
        snprintf(q, sizeof q, "unit %s", SLICE_CSA[i]);
        const char *a = query(v, q);
        assert_non_null(strstr(a, "known=0"));
        assert_null(strstr(a, "hex="));
        assert_null(strstr(a, "str="));
        assert_null(strstr(a, "rating="));
        assert_null(strstr(a, "type="));
    }
    const char *h = query(v, "hex H12");
    assert_non_null(strstr(h, "csa=2"));
    assert_non_null(strstr(h, "units=c.heth hidden=1"));
    assert_non_null(strstr(query(v, "unit u.gamble"), "known=1"));
    gr_game_free(v);
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* Positions that differ only in what USA cannot see: which CSA block stands
 * where and how strong each is.  What USA does know is the same: the blocks
 * per hex, each block's public starting strength (the scenario's set-up) and
 * the total of steps lost by hidden blocks (3), which dice made public. */
static gr_game *csa_position(gr_scenario *sc, int variant)
{
    gr_game *g = new_game(sc, NULL);
    setup(g, "unit u.a at E5 str=3");
    setup(g, variant ? "unit c.a3 at F5 str=2 start=4" : "unit c.x at F5 str=4 start=4");
    setup(g, variant ? "unit c.x at F5 str=3 start=4" : "unit c.y at F5 str=2 start=4");
    setup(g, variant ? "unit c.y at G5 str=4 start=4" : "unit c.a3 at G5 str=3 start=4");
    setup(g, "unit c.art at H5 str=2");
    return g;
}

/* The masked state itself holds none of the hidden values: the two views
 * are byte-identical (same hash, same text) while the truths differ. */
static void test_masked_state_is_identical(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("boc-testbed");
    gr_game *a = csa_position(sc, 0), *b = csa_position(sc, 1);
    assert_true(gr_game_hash(a) != gr_game_hash(b));
    gr_game *va = gr_game_view(a, USA), *vb = gr_game_view(b, USA);
    assert_true(gr_game_hash(va) == gr_game_hash(vb));
    char ta[8192], tb[8192];
    gr_game_describe(va, ta, sizeof ta);
    gr_game_describe(vb, tb, sizeof tb);
    assert_string_equal(ta, tb);
    assert_int_equal(gr_game_sanity(va, NULL), GR_OK);
    gr_game *ca = gr_game_view(a, CSA), *cb = gr_game_view(b, CSA);
    assert_true(gr_game_hash(ca) != gr_game_hash(cb)); /* the owner sees the difference */
    gr_game_free(ca);
    gr_game_free(cb);
    gr_game_free(va);
    gr_game_free(vb);
    gr_game_free(a);
    gr_game_free(b);
    gr_scenario_free(sc);
}

/* R5.2-a then R8.1-a: the firer is revealed to the opponent, and hidden
 * again when the Supply Phase stands every block up. */
static void test_reveal_then_stand_up(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("boc-slice");
    gr_game *g = new_game(sc, NULL);
    dice(g, 6, 6, 6);
    act(g, "fire by=csa unit=c.archer target=G11");
    const char *text = view_text(g, USA);
    assert_non_null(strstr(text, "csa c.archer inf A2 2/2 revealed fired"));
    assert_null(strstr(text, "c.davis"));
    gr_game *v = gr_game_view(g, USA);
    const char *a = query(v, "unit c.archer");
    assert_non_null(strstr(a, "known=1"));
    assert_non_null(strstr(a, "hex=G12"));
    assert_int_equal(field(a, "str"), 2);
    gr_game_free(v);
    act(g, "end-fire by=csa");
    act(g, "end-move by=csa");
    assert_null(strstr(view_text(g, USA), "c.archer"));
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* Two games where the CSA owner allocates the same hit differently. */
static gr_game *allocated(gr_scenario *sc, const char *choice, events *log)
{
    gr_game *g = new_game(sc, log);
    setup(g, "phase fire active=usa");
    setup(g, "unit u.a at E5 str=3 cmd");
    setup(g, "unit c.x at F5 str=3");
    setup(g, "unit c.y at F5 str=3");
    dice(g, 1, 6, 6);
    act(g, "fire by=usa unit=u.a target=F5");
    gr_pending p;
    gr_game_pending(g, &p);
    assert_int_equal(p.players, 1u << CSA);
    assert_string_equal(gr_game_decision_name(g, p.decision), "allocate-hit");
    gr_game *v = gr_game_view(g, USA);
    gr_action opts[8];
    assert_int_equal(gr_game_legal(v, USA, opts, 8), 0);
    assert_null(strstr(view_text(g, USA), "c.x"));
    gr_game_free(v);
    act(g, choice);
    return g;
}

/* R5.23-c/d: the owner's choice is invisible to the firer. */
static void test_secret_allocation(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("boc-testbed");
    static events la, lb;
    memset(&la, 0, sizeof la);
    memset(&lb, 0, sizeof lb);
    gr_game *a = allocated(sc, "take-hit by=csa unit=c.x", &la);
    gr_game *b = allocated(sc, "take-hit by=csa unit=c.y", &lb);
    gr_game *va = gr_game_view(a, USA), *vb = gr_game_view(b, USA);
    assert_true(gr_game_hash(va) == gr_game_hash(vb));
    assert_true(gr_game_hash(a) != gr_game_hash(b));
    gr_game_free(va);
    gr_game_free(vb);
    int private_hits = 0;
    for (int i = 0; i < la.n; i++) {
        if (gr_event_visible(&la.ev[i], USA)) {
            assert_null(strstr(la.text[i], "c.x"));
            assert_null(strstr(la.text[i], "c.y"));
            assert_string_equal(la.text[i], lb.text[i]); /* USA's events are the same */
        } else {
            private_hits += strstr(la.text[i], "hit unit=c.x") != NULL;
            assert_true(gr_event_visible(&la.ev[i], CSA));
        }
    }
    assert_int_equal(private_hits, 1);
    assert_non_null(strstr(view_text(a, CSA), "csa c.x inf B2 2/4"));
    assert_non_null(strstr(view_text(b, CSA), "csa c.y inf B2 2/4"));
    gr_game_free(a);
    gr_game_free(b);
    gr_scenario_free(sc);
}

/* Checks one determinized USA view of the slice against the truth. */
static int check_sample(const gr_game *truth, gr_game *d)
{
    assert_int_equal(gr_game_sanity(d, NULL), GR_OK);
    int moved = 0, lost = 0;
    static const char *const HEXES[] = {"F12", "G12", "H12", "H13", NULL};
    for (int i = 0; HEXES[i]; i++) { /* the blocks per hex are what USA saw */
        char q[32];
        snprintf(q, sizeof q, "hex %s", HEXES[i]);
        assert_int_equal(field(query(d, q), "csa"), field(query(truth, q), "csa"));
    }
    for (int i = 0; SLICE_CSA[i]; i++) {
        char q[64], truth_hex[8], sample_hex[8];
        snprintf(q, sizeof q, "unit %s", SLICE_CSA[i]);
        hex_of(query(truth, q), truth_hex);
        const char *a = query(d, q);
        assert_non_null(strstr(a, "known=1"));
        int str = field(a, "str"), max = field(a, "max");
        assert_true(str >= 0 && str <= max);
        lost += field(a, "start") - str;
        moved += strcmp(hex_of(a, sample_hex), truth_hex) != 0;
    }
    /* the one step USA saw a hidden block lose, and Heth's step after the
     * CSA Melee Phase (R4.3-e), public while he was face-up */
    assert_int_equal(lost, 2);
    return moved > 0;
}

/* determinize: plausible (counts per hex, strengths within range, the
 * publicly seen loss spread over the hidden blocks), not necessarily true. */
static void test_determinize_is_plausible(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("boc-slice");
    gr_game *g = new_game(sc, NULL);
    act(g, "end-fire by=csa");
    act(g, "end-move by=csa");
    act(g, "end-supply by=csa");
    act(g, "activate by=usa hq=u.buford"); /* Devin's cavalry division HQ */
    act(g, "end-command by=usa");
    dice(g, 1, 6, 6);
    act(g, "fire by=usa unit=u.devin target=F12"); /* one step off c.brockenbrough */
    int differs = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        gr_game *v = gr_game_view(g, USA);
        assert_int_equal(gr_game_determinize(v, seed), GR_OK);
        differs += check_sample(g, v);
        gr_action a[64];
        int n = gr_game_legal(v, USA, a, 64);
        assert_true(n > 0);
        assert_int_equal(gr_game_apply(v, &a[n - 1], NULL), GR_OK); /* playable */
        gr_game_free(v);
    }
    assert_true(differs > 0);
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* The defender's view while he allocates: his own blocks, the firer known;
 * determinize keeps his decision playable. */
static void test_defender_view_plays(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("boc-slice");
    gr_game *g = new_game(sc, NULL);
    dice(g, 1, 1, 6);
    act(g, "fire by=csa unit=c.pegram target=H11 via=H12");
    gr_game *v = gr_game_view(g, USA);
    assert_non_null(strstr(query(v, "unit c.pegram"), "known=1"));
    gr_action opts[8];
    int n = gr_game_legal(v, USA, opts, 8);
    assert_int_equal(n, 2); /* u.meredith and u.cutler, both at 3 */
    assert_int_equal(gr_game_determinize(v, 9), GR_OK);
    assert_int_equal(gr_game_apply(v, &opts[0], NULL), GR_OK);
    assert_int_equal(gr_game_sanity(v, NULL), GR_OK);
    gr_game_free(v);
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* R5.31-g: artillery in a front-line hex when movement ended is face-up,
 * so a hidden block there is no artillery.  After the CSA turn of the
 * slice (no CSA move) the hidden CSA blocks are in G12, F12, H12 (twice),
 * all next to USA blocks, and H13 (Pegram's), two hexes from them: every
 * sample must put the artillery Pegram in H13 (a uniform deal would put it
 * next to the USA in 4 samples out of 5). */
static void test_determinize_keeps_artillery_out_of_the_front_line(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("boc-slice");
    gr_game *g = new_game(sc, NULL);
    act(g, "end-fire by=csa");
    act(g, "end-move by=csa");
    int front = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        gr_game *v = gr_game_view(g, USA);
        assert_int_equal(gr_game_determinize(v, seed), GR_OK);
        char h[8];
        hex_of(query(v, "unit c.pegram"), h);
        front += strcmp(h, "H13") != 0;
        gr_game_free(v);
    }
    assert_int_equal(front, 0);
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* Issue 13 item 9, the column/line constraint: with the Column/Line rule
 * the CSA sees two hidden USA blocks, one lying in Column in C2 and one
 * standing in E5.  HQs have no formation (S-CL-a [REC], E-24), so every
 * sample puts the division HQ u.hq in E5, in Line (a uniform deal would
 * give it the Column mark half the time). */
static void test_determinize_keeps_hqs_out_of_column(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("boc-testbed");
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, 1, "column=on", NULL, NULL, &g, NULL), GR_OK);
    setup(g, "phase movement active=csa");
    setup(g, "unit u.hq at E5");
    setup(g, "unit u.a at C2 column");
    int column = 0;
    for (uint64_t seed = 1; seed <= 100; seed++) {
        gr_game *v = gr_game_view(g, CSA);
        assert_int_equal(gr_game_determinize(v, seed), GR_OK);
        column += field(query(v, "unit u.hq"), "column") != 0;
        gr_game_free(v);
    }
    assert_int_equal(column, 0);
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* Issue 13 item 9: a hidden block is dealt only where it could have gone
 * since the enemy last knew where it stood.  At the start of Day 1 the CSA
 * knows the printed set-up: Buford's four blocks in G9, G11 (two) and F11,
 * Reynolds, Wadsworth and Cutler in O9, Meredith in O10.  An infantry
 * block moves at most 6 hexes a turn (6 MP, main road 1 MP) plus a hex of
 * retreat: 7; from O9/O10 the G and F hexes are 8 to 10 hexes away (data
 * brief 1.1 axial distance), so every sample keeps Meredith and Cutler in
 * O9 or O10 (a uniform deal would move each away half the time). */
static void test_determinize_keeps_blocks_within_reach(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("boc-day1");
    gr_game *g = new_game(sc, NULL);
    int away = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        gr_game *v = gr_game_view(g, CSA);
        assert_int_equal(gr_game_determinize(v, seed), GR_OK);
        assert_int_equal(gr_game_sanity(v, NULL), GR_OK);
        char h[8], k[8];
        hex_of(query(v, "unit u.meredith"), h);
        hex_of(query(v, "unit u.cutler"), k);
        away += (strcmp(h, "O9") && strcmp(h, "O10")) + (strcmp(k, "O9") && strcmp(k, "O10"));
        gr_game_free(v);
    }
    assert_int_equal(away, 0);
    gr_game_free(g);
    gr_scenario_free(sc);
}

/* A USA Supply Phase on the testbed: the CHQ gives a step to `who` (or to
 * nobody), then the phase ends. */
static gr_game *supplied(gr_scenario *sc, const char *who, events *log)
{
    gr_game *g = new_game(sc, log);
    setup(g, "unit u.chq at E5 str=2");
    setup(g, "unit u.a at E4 str=2 start=4");
    setup(g, "unit u.b at D6 str=3 start=4");
    setup(g, "unit c.x at G5");
    setup(g, "phase supply active=usa");
    act(g, "supply by=usa hq=u.chq");
    if (who) {
        char line[64];
        snprintf(line, sizeof line, "rebuild by=usa unit=%s", who);
        act(g, line);
    }
    act(g, "end-rebuild by=usa");
    return g;
}

/* Issue 13 item 9 (boc:R8.3-a, boc:RA3-d): the CSA view is the same whichever
 * hidden block was rebuilt, and whether any was; the USA events the CSA sees
 * are the same too. */
static void test_rebuild_is_secret(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("boc-testbed");
    static events l0, la, lb;
    memset(&l0, 0, sizeof l0), memset(&la, 0, sizeof la), memset(&lb, 0, sizeof lb);
    gr_game *g[3] = {supplied(sc, NULL, &l0), supplied(sc, "u.a", &la), supplied(sc, "u.b", &lb)};
    events *log[3] = {&l0, &la, &lb};
    uint64_t h[3];
    for (int k = 0; k < 3; k++) {
        gr_game *v = gr_game_view(g[k], CSA);
        h[k] = gr_game_hash(v);
        gr_game_free(v);
    }
    assert_true(h[0] == h[1] && h[1] == h[2]);
    assert_true(gr_game_hash(g[1]) != gr_game_hash(g[2]));
    for (int k = 1; k < 3; k++) {
        int seen = 0;
        for (int i = 0; i < log[k]->n; i++)
            if (gr_event_visible(&log[k]->ev[i], CSA)) {
                int j = 0, n = 0;
                for (; j < l0.n && n <= seen; j++) /* the seen-th event CSA sees in l0 */
                    n += gr_event_visible(&l0.ev[j], CSA);
                assert_string_equal(log[k]->text[i], l0.text[j - 1]);
                seen++;
            }
    }
    act(g[1], "end-supply by=usa");
    act(g[2], "end-supply by=usa");
    gr_game *va = gr_game_view(g[1], CSA), *vb = gr_game_view(g[2], CSA);
    assert_true(gr_game_hash(va) == gr_game_hash(vb));
    gr_game_free(va), gr_game_free(vb);
    for (int k = 0; k < 3; k++)
        gr_game_free(g[k]);
    gr_scenario_free(sc);
}

/* Free Deployment (boc:R0-c, boc:RA3-d): c.x (str 2) or c.y (str 4), both
 * hidden in E5, deploys to D5: the USA's view, and the CSA events it sees,
 * are the same whichever it was, during and after the deployment. */
static gr_game *deployed(gr_scenario *sc, const char *who, events *log)
{
    char line[64];
    gr_game *g = new_game(sc, log);
    setup(g, "unit c.x at E5 str=2 start=4");
    setup(g, "unit c.y at E5");
    setup(g, "unit u.a at J1");
    setup(g, "phase deploy active=csa");
    snprintf(line, sizeof line, "deploy by=csa unit=%s to=D5", who);
    act(g, line);
    return g;
}

static void test_deploy_is_secret(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("boc-testbed");
    static events la, lb;
    memset(&la, 0, sizeof la), memset(&lb, 0, sizeof lb);
    gr_game *g[2] = {deployed(sc, "c.x", &la), deployed(sc, "c.y", &lb)};
    for (int step = 0; step < 2; step++) {
        gr_game *va = gr_game_view(g[0], USA), *vb = gr_game_view(g[1], USA);
        assert_true(gr_game_hash(va) == gr_game_hash(vb));
        assert_true(gr_game_hash(g[0]) != gr_game_hash(g[1]));
        gr_game_free(va), gr_game_free(vb);
        const char *end = step == 0 ? "end-deploy by=csa" : "end-deploy by=usa";
        act(g[0], end), act(g[1], end);
    }
    int na = 0, nb = 0;
    for (int i = 0; i < la.n; i++)
        if (gr_event_visible(&la.ev[i], USA)) {
            while (nb < lb.n && !gr_event_visible(&lb.ev[nb], USA))
                nb++;
            assert_true(nb < lb.n);
            assert_string_equal(la.text[i], lb.text[nb++]);
            na++;
        }
    assert_true(na > 0);
    for (int k = 0; k < 2; k++)
        gr_game_free(g[k]);
    gr_scenario_free(sc);
}

/* Issue 13 item 9: re-randomising what a player cannot see (determinize of
 * his view) gives a game whose view is his view again, byte for byte, at
 * every few steps of random Day 1 games (melee, supply and rebuilds
 * included). */
static void rerandomise_games(const char *id, const char *options, uint64_t games)
{
    gr_scenario *sc = tu_load(id);
    assert_non_null(sc);
    for (uint64_t seed = 1; seed <= games; seed++) {
        gr_game *g = NULL;
        assert_int_equal(gr_game_new(sc, seed, options, NULL, NULL, &g, NULL), GR_OK);
        gr_rng rng;
        gr_rng_seed(&rng, seed, 9);
        gr_pending p;
        int steps = 0;
        for (gr_game_pending(g, &p); p.kind != GR_PENDING_OVER && steps < 5000;
             gr_game_pending(g, &p), steps++) {
            for (int who = 0; who < 2 && steps % 5 == 0; who++) {
                gr_game *v = gr_game_view(g, who), *d = gr_game_view(g, who);
                assert_int_equal(gr_game_determinize(d, seed * 1000 + (uint64_t)steps), GR_OK);
                gr_error err;
                if (gr_game_sanity(d, &err) != GR_OK) /* e.g. no HQ dealt a Column mark */
                    fail_msg("%s seed %llu step %d: sample of %d: %s", id,
                             (unsigned long long)seed, steps, who, err.msg);
                gr_game *v2 = gr_game_view(d, who);
                if (gr_game_hash(v) != gr_game_hash(v2) && getenv("BOC_DEBUG")) {
                    static char b1[65536], b2[65536];
                    gr_game_query(v, "units", b1, sizeof b1, &err);
                    gr_game_query(v2, "units", b2, sizeof b2, &err);
                    printf("%s\n----\n%s\n", b1, b2);
                }
                if (gr_game_hash(v) != gr_game_hash(v2))
                    fail_msg("%s seed %llu step %d: the view of %d changed after re-randomising",
                             id, (unsigned long long)seed, steps, who);
                gr_game_free(v), gr_game_free(d), gr_game_free(v2);
            }
            int player = p.players & 1u ? 0 : 1;
            gr_action a;
            gr_error err;
            assert_int_equal(gr_game_sample(g, player, &rng, &a), GR_OK);
            assert_int_equal(gr_game_apply(g, &a, &err), GR_OK);
        }
        gr_game_free(g);
    }
    gr_scenario_free(sc);
}

/* Random games of every scenario (the full battle through both Night
 * Turns, with their night arrivals and returns; Day 1 once more with the
 * Column/Line rule, whose formation marks are public; Day 2 with the Free
 * Deployment, whose moves name no block): every fifth step,
 * each player's view is the same after the hidden part is re-randomised
 * (determinize) as before (boc:RA3-d), and the sample is sane. */
static void test_view_survives_rerandomising(void **state)
{
    (void)state;
    rerandomise_games("boc-day1", NULL, 2);
    rerandomise_games("boc-day1", "column=on", 1);
    rerandomise_games("boc-day2", NULL, 1);
    rerandomise_games("boc-day3", NULL, 1);
    rerandomise_games("boc-full", NULL, 1);
    rerandomise_games("boc-day2", "deploy=free", 1); /* R0-c: both sides deploy */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_view_hides_enemy_values),
        cmocka_unit_test(test_masked_state_is_identical),
        cmocka_unit_test(test_reveal_then_stand_up),
        cmocka_unit_test(test_secret_allocation),
        cmocka_unit_test(test_determinize_is_plausible),
        cmocka_unit_test(test_determinize_keeps_artillery_out_of_the_front_line),
        cmocka_unit_test(test_determinize_keeps_blocks_within_reach),
        cmocka_unit_test(test_determinize_keeps_hqs_out_of_column),
        cmocka_unit_test(test_defender_view_plays),
        cmocka_unit_test(test_rebuild_is_secret),
        cmocka_unit_test(test_deploy_is_secret),
        cmocka_unit_test(test_view_survives_rerandomising),
    };
    return cmocka_run_group_tests_name("boc_view", tests, NULL, NULL);
}
