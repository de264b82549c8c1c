/* test_fuzz.c — replays the fuzz corpora: every file of tests/fuzz/<target>/
 * (not its sub-folders: pending/ holds known failures of systems being
 * rewritten) goes once through its target (tests/fuzz/fuzz_<target>.c,
 * built with the project's compiler, no fuzzing).  A target aborts on a
 * violated property; an input that once crashed stays fixed this way.
 * `make fuzz` builds the same targets for libFuzzer (HACKING.md). */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <cmocka.h>

#include "fuzz.h"
#include "host/files.h"
#include "testutil.h"

typedef int (*fuzz_fn)(const uint8_t *data, size_t size);

/* Feeds every regular file of tests/fuzz/<name>/ to fn; returns how many. */
static int replay(const char *name, fuzz_fn fn)
{
    char dir[1024], rel[256];
    snprintf(rel, sizeof rel, "tests/fuzz/%s", name);
    tu_path(dir, sizeof dir, rel);
    DIR *d = opendir(dir);
    assert_non_null(d);
    int count = 0;
    struct dirent *ent;
    while ((ent = readdir(d))) {
        char path[1400];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, ent->d_name);
        if (ent->d_name[0] == '.' || stat(path, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        char why[256];
        size_t len = 0;
        char *data = gr_host_slurp(path, &len, why, sizeof why);
        if (!data)
            fail_msg("%s: %s", path, why);
        fn((const uint8_t *)data, len);
        free(data);
        count++;
    }
    closedir(d);
    return count;
}

#define REPLAY_TEST(name)                               \
    static void test_replay_##name(void **state)        \
    {                                                   \
        (void)state;                                    \
        assert_true(replay(#name, fuzz_##name) > 0);    \
    }
REPLAY_TEST(engine)
REPLAY_TEST(save)
REPLAY_TEST(scenario)
REPLAY_TEST(text)
REPLAY_TEST(play)

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_replay_engine), cmocka_unit_test(test_replay_save),
        cmocka_unit_test(test_replay_scenario), cmocka_unit_test(test_replay_text),
        cmocka_unit_test(test_replay_play),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
