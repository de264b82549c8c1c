/*
 * test_ai_arena.c — the programs: `grognard arena` gives the same games
 * whatever the number of worker processes, reports sides and Wilson
 * intervals; `grognard bench --quick` prints the pinned signature of a
 * scenario.  Runs the grognard program built next to this test.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "testutil.h"

/* Path of the grognard program next to this test's build directory. */
static void program_path(char *buf, size_t size)
{
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    assert_true(n > 0);
    exe[n] = '\0';
    *strrchr(exe, '/') = '\0'; /* .../build/X/tests */
    *strrchr(exe, '/') = '\0'; /* .../build/X */
    snprintf(buf, size, "%s/grognard", exe);
}

/* Runs `grognard ARGS` (stdout into out); returns its exit status. */
static int run(const char *args, char *out, size_t size)
{
    char prog[4200], cmd[16384];
    program_path(prog, sizeof prog);
    char data[4096];
    tu_path(data, sizeof data, "data");
    snprintf(cmd, sizeof cmd, "GROGNARD_DATA='%s' '%s' %s", data, prog, args);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t n = fread(out, 1, size - 1, p);
    out[n] = '\0';
    int status = pclose(p);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* The text from "  A plays" on (the verdict lines and signature, without
 * the header naming the worker count and the timing lines). */
static const char *verdict(char *out)
{
    char *v = strstr(out, "  A plays");
    assert_non_null(v);
    for (char *line = strstr(v, "  A: "); line; line = strstr(v, "  A: ")) {
        char *end = strstr(line, "  signature");
        assert_non_null(end);
        memmove(line, end, strlen(end) + 1);
    }
    return v;
}

static void test_arena_independent_of_workers(void **state)
{
    (void)state;
    static char one[65536], two[65536];
    const char *common = "mcts:iterations=100 greedy:samples=2 --scenario arw-slice --games 12";
    char args[512];
    snprintf(args, sizeof args, "arena %s --workers 1 --verbose", common);
    assert_int_equal(run(args, one, sizeof one), 0);
    snprintf(args, sizeof args, "arena %s --workers 3 --verbose", common);
    assert_int_equal(run(args, two, sizeof two), 0);
    assert_non_null(strstr(one, "game 11: A=player 1"));
    assert_non_null(strstr(one, "british (player 0)          6"));
    assert_non_null(strstr(one, "allied (player 1)           6"));
    assert_non_null(strstr(one, "both sides                 12"));
    /* per-game lines precede the report: compare everything but the
     * header line and timings */
    char *h1 = strstr(one, "arena arw-slice"), *h2 = strstr(two, "arena arw-slice");
    assert_non_null(h1);
    assert_non_null(h2);
    *h1 = *h2 = '\0';
    assert_string_equal(one, two);
    assert_string_equal(verdict(h1 + 1), verdict(h2 + 1));
}

/* --log-game I plays game I of the run alone: its --verbose line is the
 * run's (same seed, sides, winner, length and final hash), after the game
 * printed action by action. */
static void test_arena_log_game(void **state)
{
    (void)state;
    static char all[65536], one[262144];
    const char *common = "mcts:iterations=50 greedy:samples=2 --scenario arw-slice";
    char args[512];
    snprintf(args, sizeof args, "arena %s --games 4 --workers 2 --verbose", common);
    assert_int_equal(run(args, all, sizeof all), 0);
    snprintf(args, sizeof args, "arena %s --log-game 3", common);
    assert_int_equal(run(args, one, sizeof one), 0);
    char *line = strstr(all, "  game 3: "), *end = line ? strchr(line, '\n') : NULL;
    assert_non_null(end);
    end[1] = '\0';
    assert_non_null(strstr(one, line));
    assert_non_null(strstr(one, "> ")); /* actions */
    assert_non_null(strstr(one, "  game-over")); /* events */
    assert_null(strstr(one, "  game 2: "));
    assert_int_equal(run("arena random random --scenario arw-slice --log-game x 2>/dev/null",
                         one, sizeof one),
                     2);
}

static void test_arena_wilson_interval(void **state)
{
    (void)state;
    static char out[65536];
    /* jdg-slice ends after its one turn with the Prussian-Saxon side
     * holding the town's 8 VP: the allied side wins every game, so A wins
     * the 5 it plays as allied.  0 of 5 has the Wilson upper bound
     * z^2 / (n + z^2) = 3.8416 / 8.8416 = 43.4%; 5 of 10 the interval
     * 0.5 -+ 1.96 sqrt(0.025 + 0.0096) / 1.3842 = [23.7%, 76.3%]. */
    assert_int_equal(run("arena random random --scenario jdg-slice --games 10", out, sizeof out),
                     0);
    assert_non_null(strstr(out, "french (player 0)           5       0      0       5     0.0%"
                                "  [  0.0%,  43.4%]"));
    assert_non_null(strstr(out, "both sides                 10       5      0       5    50.0%"
                                "  [ 23.7%,  76.3%]"));
}

static void test_arena_refuses_bad_agents(void **state)
{
    (void)state;
    static char out[4096];
    assert_int_equal(run("arena mcts:bogus=1 random --scenario jdg-slice 2>/dev/null", out,
                         sizeof out),
                     2);
    assert_int_equal(run("arena mcts --scenario jdg-slice 2>/dev/null", out, sizeof out), 2);
}

static void test_bench_quick_signature(void **state)
{
    (void)state;
    static char out[65536];
    assert_int_equal(run("bench --quick --scenario jdg-slice", out, sizeof out), 0);
    assert_non_null(strstr(out, "jdg-slice\n  signature          5b18cfffbd0703fc\n"));
    assert_non_null(strstr(out, "mcts iterations"));
    assert_non_null(strstr(out, "peak memory"));
}

/* The bench's strength section is the arena's own report of the same
 * games (same signature), with the blunder lines; --quick alone has none. */
static void test_bench_strength_section(void **state)
{
    (void)state;
    static char out[65536], arena[16384];
    assert_int_equal(run("bench --quick --scenario jdg-slice", out, sizeof out), 0);
    assert_null(strstr(out, "strength"));
    assert_int_equal(run("bench --quick --scenario arw-slice --strength 2", out, sizeof out), 0);
    assert_non_null(strstr(out, "arw-slice strength: mcts:iterations=100 against greedy\n"));
    assert_non_null(strstr(out, "  leader-alone     per game: A as british "));
    assert_int_equal(run("arena mcts:iterations=100 greedy --scenario arw-slice --games 2 "
                         "--seed 1 --workers 1",
                         arena, sizeof arena),
                     0);
    const char *sig = strstr(arena, "  signature ");
    assert_non_null(sig);
    char line[64];
    snprintf(line, sizeof line, "%.*s", (int)strcspn(sig, "\n") + 1, sig);
    assert_non_null(strstr(out, line));
    assert_int_equal(run("bench --quick --strength many 2>/dev/null", out, sizeof out), 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_arena_independent_of_workers),
        cmocka_unit_test(test_arena_log_game),
        cmocka_unit_test(test_arena_wilson_interval),
        cmocka_unit_test(test_arena_refuses_bad_agents),
        cmocka_unit_test(test_bench_quick_signature),
        cmocka_unit_test(test_bench_strength_section),
    };
    return cmocka_run_group_tests_name("ai_arena", tests, NULL, NULL);
}
