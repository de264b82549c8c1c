/* test_case_runner.c — the rule-case runner itself must be able to fail:
 * an event expectation matches whole tokens inside one event line, die
 * faces left unused fail a case unless it says so, and "reject: -" needs a
 * comment (docs/rule-cases.md). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "cases.h"
#include "testutil.h"

static void log_line(tu_log *log, const char *line)
{
    size_t n = strlen(line);
    char *t = realloc(log->text, log->len + n + 2);
    assert_non_null(t);
    log->text = t;
    memcpy(log->text + log->len, line, n);
    log->len += n;
    log->text[log->len++] = '\n';
    log->text[log->len] = '\0';
}

static void test_event_tokens_are_whole(void **state)
{
    (void)state;
    tu_log log = {0};
    log_line(&log, "roll d=10 face=7 for=close-combat");
    log_line(&log, "cc-result combat=3 value=13 att=PIN");
    assert_true(tu_log_has_tokens(&log, "cc-result value=13"));
    assert_true(tu_log_has_tokens(&log, "value=13 combat=3"));
    assert_false(tu_log_has_tokens(&log, "value=1"));
    assert_false(tu_log_has_tokens(&log, "cc-res"));
    assert_false(tu_log_has_tokens(&log, "face="));
    /* every token inside one line, not spread over two */
    assert_false(tu_log_has_tokens(&log, "face=7 value=13"));
    assert_false(tu_log_has_tokens(&log, ""));
    tu_log_free(&log);
}

/* Runs the single case in `text`; returns case_run's result, why in why. */
static int run_text(const char *text, char *why, size_t size)
{
    char path[] = "/tmp/grognard-case-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    case_list list = {0};
    int rc = cases_parse_file(&list, path, why, size);
    unlink(path);
    if (rc == 0) {
        char data[1024];
        tu_path(data, sizeof data, "data");
        assert_int_equal(list.n, 1);
        rc = case_run(&list.items[0], data, why, size);
    }
    cases_free(&list);
    return rc;
}

#define RIFLE_CASE                                                                      \
    "scenario: arw-testbed\n"                                                           \
    "edit: unit us-mil-1 sp=1 flags=militia,rifle\n"                                    \
    "edit: unit us-mil-2 sp=1 flags=militia,rifle\n"                                    \
    "case: EX-03\n"                                                                     \
    "tags: test:runner-self-test\n"                                                     \
    "setup: place gb-1 0505\n"                                                          \
    "setup: place us-mil-1 0506\n"                                                      \
    "setup: place us-mil-2 0606\n"                                                      \
    "setup: phase rifle-fire active=allied\n"                                           \
    "do: rifle-fire by=allied unit=us-mil-1 target=gb-1\n"

static void test_wrong_number_fails(void **state)
{
    (void)state;
    char why[2048];
    const char *right = RIFLE_CASE "dice: 5 4\n"
                                   "do: rifle-fire by=allied unit=us-mil-2 target=gb-1\n"
                                   "event: fire-roll fire=1 roll=5 total=6 hit=1\n";
    assert_int_equal(run_text(right, why, sizeof why), 0);
    /* roll=5 is in the log; roll=50 and total=6 hit=0 are not */
    const char *wrong = RIFLE_CASE "dice: 5 4\n"
                                   "do: rifle-fire by=allied unit=us-mil-2 target=gb-1\n"
                                   "event: fire-roll fire=1 total=6 hit=0\n";
    assert_int_not_equal(run_text(wrong, why, sizeof why), 0);
    assert_non_null(strstr(why, "not found"));
    const char *prefix = RIFLE_CASE "dice: 5 4\n"
                                    "do: rifle-fire by=allied unit=us-mil-2 target=gb-1\n"
                                    "event: fire-roll fire=1 total=\n";
    assert_int_not_equal(run_text(prefix, why, sizeof why), 0);
}

static void test_unused_dice_fail(void **state)
{
    (void)state;
    char why[2048];
    /* 5 misses: the 4 meant for damage is never rolled */
    const char *left = RIFLE_CASE "dice: 3 4\n"
                                  "do: rifle-fire by=allied unit=us-mil-2 target=gb-1\n"
                                  "event: fire-roll fire=1 roll=3 hit=0\n";
    assert_int_not_equal(run_text(left, why, sizeof why), 0);
    assert_non_null(strstr(why, "1 queued die faces unused"));
    const char *said = RIFLE_CASE "dice: 3 4\n"
                                  "do: rifle-fire by=allied unit=us-mil-2 target=gb-1\n"
                                  "event: fire-roll fire=1 roll=3 hit=0\n"
                                  "dice-left: 1\n";
    assert_int_equal(run_text(said, why, sizeof why), 0);
    const char *miscounted = RIFLE_CASE "dice: 3 4\n"
                                        "do: rifle-fire by=allied unit=us-mil-2 target=gb-1\n"
                                        "dice-left: 2\n";
    assert_int_not_equal(run_text(miscounted, why, sizeof why), 0);
}

static void test_reject_any_needs_comment(void **state)
{
    (void)state;
    char why[2048];
    const char *bare = "scenario: arw-testbed\ncase: x\ntags: test:runner-self-test\n"
                       "setup: phase rifle-fire active=allied\n"
                       "reject: - rifle-fire by=british unit=gb-1 target=us-mil-1\n";
    assert_int_not_equal(run_text(bare, why, sizeof why), 0);
    assert_non_null(strstr(why, "needs a '#' comment"));
    const char *said = "scenario: arw-testbed\ncase: x\ntags: test:runner-self-test\n"
                       "setup: phase rifle-fire active=allied\n"
                       "# out of turn: the core cites no rule\n"
                       "reject: - rifle-fire by=british unit=gb-1 target=us-mil-1\n";
    assert_int_equal(run_text(said, why, sizeof why), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_event_tokens_are_whole),
        cmocka_unit_test(test_wrong_number_fails),
        cmocka_unit_test(test_unused_dice_fail),
        cmocka_unit_test(test_reject_any_needs_comment),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
