/* test_words.c — the log in words (grognard.h, src/host/words.h): templates from
 * data/words/<system>.json, the plain wording of lines no template covers,
 * the "vis" note, choices, refusals of malformed files with their place,
 * and every shipped file checked against its system's action and event
 * kinds (gr_game_kind_schema). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "host/words.h"
#include "testutil.h"

static char out[1024];

static gr_wording *shipped(const char *system)
{
    char dir[4096], why[512] = "";
    snprintf(dir, sizeof dir, "%s/data", tu_root());
    gr_wording *w = gw_words_load(dir, system, why, sizeof why);
    if (!w)
        fail_msg("%s", why);
    return w;
}

/* data/words/arw.json: "retreat": "{unit} retreats from {from} to {to}". */
static void test_event_in_words(void **state)
{
    (void)state;
    gr_wording *w = shipped("arw");
    assert_true(gr_wording_count(w) > 40);
    gr_wording_say(w, 0, "retreat unit=fraser-71 from=1403 to=1502", out, sizeof out);
    assert_string_equal(out, "Fraser-71 retreats from 1403 to 1502");
    /* the same kind name as an action has its own template */
    gr_wording_say(w, 1, "retreat by=british unit=fraser-71 hex=1502", out, sizeof out);
    assert_string_equal(out, "British retreats fraser-71 to 1502");
    gr_wording_free(w);
}

/* A kind with no template, and a template whose field the line lacks, are
 * said plainly: the kind with spaces, then "key value" pairs. */
static void test_plain_wording(void **state)
{
    (void)state;
    gr_wording *w = shipped("arw");
    gr_wording_say(w, 0, "pins-removed-later count=3 why=rain", out, sizeof out);
    assert_string_equal(out, "Pins removed later: count 3, why rain");
    gr_wording_say(w, 0, "retreat unit=fraser-71 from=1403", out, sizeof out);
    assert_string_equal(out, "Retreat: unit fraser-71, from 1403");
    gr_wording_say(NULL, 1, "end-fire by=allied", out, sizeof out);
    assert_string_equal(out, "End fire: by allied");
    gr_wording_free(w);
}

/* A secret event says who sees it; a choice picks its word by the value. */
static void test_vis_and_choices(void **state)
{
    (void)state;
    gr_wording *w = shipped("arw");
    gr_wording_say(w, 0, "chit-secret by=british chit=withdraw vis=british", out, sizeof out);
    assert_string_equal(out, "British chose withdraw (seen by british only)");
    gr_wording_say(w, 0,
                 "morale-check unit=grenadiers roll=7 morale=5 drm=0 total=7 pass=0", out,
                 sizeof out);
    assert_string_equal(out,
                        "Grenadiers tests morale: rolled 7 against 5, modifier 0, total 7: failed");
    gr_wording_say(w, 0, "initiative side=allied seized=1", out, sizeof out);
    assert_string_equal(out, "Allied has the initiative (seized)");
    gr_wording_say(w, 0, "initiative side=allied seized=0", out, sizeof out);
    assert_string_equal(out, "Allied has the initiative");
    gr_wording_say(NULL, 0, "x vis=a+b", out, sizeof out);
    assert_string_equal(out, "X (seen by a and b only)");
    gr_wording_free(w);
}

/* The length needed is returned even when the buffer is short. */
static void test_short_buffer(void **state)
{
    (void)state;
    char small[8];
    int n = gr_wording_say(NULL, 0, "eliminated unit=grenadiers", small, sizeof small);
    assert_int_equal(n, (int)strlen("Eliminated: unit grenadiers"));
    assert_string_equal(small, "Elimina");
}

static void write_file(const char *dir, const char *rel, const char *text)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/words", dir);
    mkdir(path, 0700);
    snprintf(path, sizeof path, "%s/%s", dir, rel);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* Malformed files are refused with file:line:column; a missing one is an
 * empty table. */
static void test_bad_files(void **state)
{
    (void)state;
    char dir[] = "/tmp/grognard-words-XXXXXX", why[512];
    assert_non_null(mkdtemp(dir));
    gr_wording *none = gw_words_load(dir, "arw", why, sizeof why);
    assert_non_null(none);
    assert_int_equal(gr_wording_count(none), 0);
    gr_wording_free(none);
    static const struct {
        const char *text, *want;
    } bad[] = {
        {"{\"events\": {\n  \"retreat\": \"{unit retreats\"}}", "words/arw.json:2:14"},
        {"{\"events\": {\"a\": \"x}\"}}", "without its '{'"},
        {"{\"events\": {\"a\": \"{}\"}}", "must name a field"},
        {"{\"events\": {\"a\": \"{pass?yes}\"}}", "two words"},
        {"{\"events\": {\"a\": 5}}", "words/arw.json:1:18"},
        {"{\"event\": {}}", "event"},
        {"{\"events\": [}", "words/arw.json:1"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        write_file(dir, "words/arw.json", bad[i].text);
        why[0] = '\0';
        assert_null(gw_words_load(dir, "arw", why, sizeof why));
        if (!strstr(why, bad[i].want))
            fail_msg("case %zu: '%s' lacks '%s'", i, why, bad[i].want);
    }
    /* a template for a kind the system lacks, or a field its kind lacks */
    gr_scenario *sc = tu_load("arw-slice");
    gr_game *g = NULL;
    assert_int_equal(gr_game_new(sc, 1, NULL, NULL, NULL, &g, NULL), GR_OK);
    write_file(dir, "words/arw.json", "{\"events\": {\n \"retreat\": \"{unit} to {hex}\"}}");
    gr_wording *w = gw_words_load(dir, "arw", why, sizeof why);
    assert_non_null(w);
    gr_error err = {{0}, {0}};
    assert_int_equal(gr_wording_check(w, g, &err), -1);
    assert_non_null(strstr(err.msg, "words/arw.json:2:13: event 'retreat' has no field 'hex'"));
    gr_wording_free(w);
    write_file(dir, "words/arw.json", "{\"actions\": {\"charge\": \"{by} charges\"}}");
    w = gw_words_load(dir, "arw", why, sizeof why);
    assert_int_equal(gr_wording_check(w, g, &err), -1);
    assert_non_null(strstr(err.msg, "no action kind 'charge'"));
    gr_wording_free(w);
    gr_game_free(g);
    gr_scenario_free(sc);
    char path[4096];
    snprintf(path, sizeof path, "%s/words/arw.json", dir);
    remove(path);
    snprintf(path, sizeof path, "%s/words", dir);
    rmdir(path);
    rmdir(dir);
}

/* Every shipped words file matches its system's kinds and fields. */
static void test_shipped_files_match_systems(void **state)
{
    (void)state;
    static const char *const scenario[][2] = {
        {"arw", "savannah-historical"}, {"boc", "boc-day1"}, {"jdg", "jdg-saalfeld"},
        {"vf", "vf-mill-farm"}};
    for (size_t i = 0; i < 4; i++) {
        gr_error err = {{0}, {0}};
        gr_wording *w = shipped(scenario[i][0]);
        gr_scenario *sc = tu_load(scenario[i][1]);
        gr_game *g = NULL;
        assert_int_equal(gr_game_new(sc, 1, NULL, NULL, NULL, &g, NULL), GR_OK);
        if (gr_wording_check(w, g, &err) != 0)
            fail_msg("%s", err.msg);
        gr_game_free(g);
        gr_scenario_free(sc);
        gr_wording_free(w);
    }
}

/* The schema API: actions start with "by"; events roll and draw are 0, 1. */
static void test_kind_schema(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("arw-slice");
    gr_game *g = NULL;
    char buf[256];
    assert_int_equal(gr_game_new(sc, 1, NULL, NULL, NULL, &g, NULL), GR_OK);
    assert_true(gr_game_kind_schema(g, 0, 0, buf, sizeof buf) > 0);
    assert_string_equal(buf, "attack by unit hex");
    gr_game_kind_schema(g, 1, 0, buf, sizeof buf);
    assert_string_equal(buf, "roll d face for");
    gr_game_kind_schema(g, 1, 1, buf, sizeof buf);
    assert_string_equal(buf, "draw of index for");
    assert_int_equal(gr_game_kind_schema(g, 1, 100000, buf, sizeof buf), -1);
    assert_int_equal(gr_game_kind_schema(g, 0, -1, buf, sizeof buf), -1);
    assert_int_equal(gr_game_kind_schema(NULL, 0, 0, buf, sizeof buf), -1);
    gr_game_free(g);
    gr_scenario_free(sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_event_in_words),
        cmocka_unit_test(test_plain_wording),
        cmocka_unit_test(test_vis_and_choices),
        cmocka_unit_test(test_short_buffer),
        cmocka_unit_test(test_bad_files),
        cmocka_unit_test(test_shipped_files_match_systems),
        cmocka_unit_test(test_kind_schema),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
