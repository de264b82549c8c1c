/* test_golden.c — golden games: every tests/golden/<scenario>.json is a
 * saved game whose every step hash must still verify, both through the
 * library (gs_load) and through `grognard replay`, which must report
 * "all N step hashes verified".  A rules or data change that alters play
 * breaks them on purpose; if the change is intended, regenerate with
 *   build/default/grognard play SCENARIO --auto --quiet --seed 7 \
 *       --ai AI --save tests/golden/SCENARIO.json
 * where AI is the file's "meta"."ai" (mcts for the slices, random for
 * savannah-historical, the golden Savannah game of issue 4 as a save). */
#include <dirent.h>
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

#include "host/savefile.h"
#include "testutil.h"

#define REGENERATE                                                                                 \
    "if the rules change was intended, regenerate: build/default/grognard play %s --auto "         \
    "--quiet --seed 7 --ai AI (the file's meta.ai) --save tests/golden/%s.json"

static void program_path(char *buf, size_t size)
{
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    assert_true(n > 0);
    exe[n] = '\0';
    *strrchr(exe, '/') = '\0';
    *strrchr(exe, '/') = '\0';
    snprintf(buf, size, "%s/grognard", exe);
}

/* Runs `grognard replay --quiet FILE`; its output into out. */
static int replay(const char *file, char *out, size_t size)
{
    char prog[4200], cmd[8400];
    program_path(prog, sizeof prog);
    snprintf(cmd, sizeof cmd, "'%s' replay --quiet '%s' 2>&1", prog, file);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t n = fread(out, 1, size - 1, p);
    out[n] = '\0';
    int status = pclose(p);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void check_golden(const char *file, const char *id)
{
    char why[1024], out[8192], want[64];
    gs_session *gs = gs_load(file, why, sizeof why);
    if (!gs)
        fail_msg("%s: %s; " REGENERATE, file, why, id, id);
    snprintf(want, sizeof want, "all %d step hashes verified\n", gs_entries(gs));
    gr_pending p;
    gr_game_pending(gs_game(gs), &p);
    assert_int_equal(p.kind, GR_PENDING_OVER); /* goldens are whole games */
    gs_free(gs);
    int rc = replay(file, out, sizeof out);
    if (rc != 0 || !strstr(out, want))
        fail_msg("grognard replay %s (exit %d):\n%s\n" REGENERATE, file, rc, out, id, id);
}

static void test_golden_games_verify(void **state)
{
    (void)state;
    char dir[1024];
    tu_path(dir, sizeof dir, "tests/golden");
    DIR *d = opendir(dir);
    assert_non_null(d);
    int checked = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t len = strlen(e->d_name);
        if (len < 6 || strcmp(e->d_name + len - 5, ".json") != 0)
            continue;
        char file[2048], id[256];
        snprintf(file, sizeof file, "%s/%s", dir, e->d_name);
        snprintf(id, sizeof id, "%.*s", (int)(len - 5), e->d_name);
        check_golden(file, id);
        checked++;
    }
    closedir(d);
    assert_true(checked >= 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_golden_games_verify),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
