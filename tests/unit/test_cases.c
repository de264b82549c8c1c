/* test_cases.c — runs every rule case under tests/cases/ (one cmocka test
 * per case; see docs/rule-cases.md).  `test_cases FILE...` runs only
 * those files. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "cases.h"
#include "testutil.h"

static char data_root[1024];

static void run_one(void **state)
{
    const rule_case *c = *state;
    char why[2048];
    if (case_run(c, data_root, why, sizeof why) != 0)
        fail_msg("%s", why);
}

/* With arguments, runs only the named .case files (for debugging). */
int main(int argc, char **argv)
{
    char dir[1024], why[1024];
    case_list list = {0};
    tu_path(dir, sizeof dir, "tests/cases");
    tu_path(data_root, sizeof data_root, "data");
    int rc = 0;
    if (argc > 1)
        for (int i = 1; i < argc && rc == 0; i++)
            rc = cases_parse_file(&list, argv[i], why, sizeof why);
    else
        rc = cases_parse_dir(&list, dir, why, sizeof why);
    if (rc != 0) {
        fprintf(stderr, "%s\n", why);
        printf("1..1\nnot ok 1 - parse rule cases\n");
        cases_free(&list);
        return 1;
    }
    struct CMUnitTest *tests = calloc((size_t)(list.n ? list.n : 1), sizeof *tests);
    for (int i = 0; tests && i < list.n; i++) {
        tests[i].name = list.items[i].name;
        tests[i].test_func = run_one;
        tests[i].initial_state = &list.items[i];
    }
    int failed = list.n ? _cmocka_run_group_tests("cases", tests, (size_t)list.n, NULL, NULL) : 0;
    free(tests);
    cases_free(&list);
    return failed;
}
