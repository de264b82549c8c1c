/* test_cli_options.c — the grognard program refuses unknown option values
 * with the list of valid ones, and a non-zero exit status. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <cmocka.h>

#include "testutil.h"

/* Runs `grognard ARGS` with no input; returns its exit status, its
 * standard error (and output) in out. */
static int run(const char *args, char *out, size_t size)
{
    char exe[1024], cmd[2048];
    tu_program(exe, sizeof exe);
    snprintf(cmd, sizeof cmd, "GROGNARD_DATA=%s/data %s %s </dev/null 2>&1", tu_root(),
             exe, args);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t n = fread(out, 1, size - 1, p);
    out[n] = '\0';
    int st = pclose(p);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

typedef struct refusal {
    const char *args, *says;
} refusal;

static void test_bad_values_are_refused_with_the_list(void **state)
{
    (void)state;
    static const refusal R[] = {
        /* was accepted without a terminal (the computer played both sides) */
        {"play savannah-historical --side foo", "no side 'foo' in savannah-historical (sides: "
                                                "british allied)"},
        {"play arw-slice --ai foo", "unknown agent 'foo' (agents: random, greedy, mcts"},
        {"play nosuch", "no scenario 'nosuch' in "},
        {"play nosuch", "savannah-historical"},
        {"demo --system foo", "no rule system 'foo' (systems: arw boc jdg vf)"},
        {"arena mcts greedy --games 2", "--scenario is required"},
        {"arena mcts foo --scenario arw-slice", "unknown agent 'foo'"},
        {"arena mcts greedy --scenario arw-slice --games -1", "--games wants a number"},
        {"play arw-slice --options foo=1", "unknown option foo=1 (advanced=0|1"},
        {"play arw-slice --seed abc", "seed"},
        {"odds --scenario arw-testbed --att abc --def 2", "--att wants an integer from 0 to 999"},
        {"check nosuch", "no scenario 'nosuch'"},
    };
    char out[4096];
    for (size_t i = 0; i < sizeof R / sizeof R[0]; i++) {
        int rc = run(R[i].args, out, sizeof out);
        if (rc == 0 || !strstr(out, R[i].says))
            fail_msg("'grognard %s' exited %d saying:\n%s\nwant non-zero and '%s'", R[i].args,
                     rc, out, R[i].says);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_values_are_refused_with_the_list),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
