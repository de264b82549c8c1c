/* test_balance.c — `grognard balance` (docs/balance.md): the same games and
 * report whatever plays them (one worker, two, or two MPI ranks under
 * mpirun on this machine); a run started again plays only the missing
 * games, also after a kill -9, and never stores one twice; a --set value
 * changes the data it names and a bad one is refused; the SVG page is
 * written.  And gr_game_score's sign agrees with V&F's winner (vf:10.0-c:
 * the side with the higher score wins). */
#include <setjmp.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

#include "testutil.h"

static char dir[256];

/* Runs `[PREFIX] grognard balance ARGS` in dir; its exit status, and its
 * standard output without the progress lines in out. */
static int run(const char *prefix, const char *args, char *out, size_t size)
{
    char exe[1024], cmd[8192], root[1024], here[512] = ".";
    tu_program(exe, sizeof exe);
    if (tu_root()[0] != '/' && !getcwd(here, sizeof here)) /* the commands run in dir */
        fail_msg("getcwd");
    snprintf(root, sizeof root, "%s%s%.400s", tu_root()[0] == '/' ? "" : here,
             tu_root()[0] == '/' ? "" : "/", tu_root());
    snprintf(cmd, sizeof cmd,
             "cd %s && GROGNARD_DATA=%s/data OMPI_ALLOW_RUN_AS_ROOT=1 "
             "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1 "
             "ASAN_OPTIONS=detect_leaks=0 %s %s balance %s 2>%s/stderr.txt </dev/null",
             dir, root, prefix, exe, args, dir);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t n = fread(out, 1, size - 1, p);
    out[n] = '\0';
    int st = pclose(p);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* The rows of the store (every run). */
static int stored(const char *store)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, store);
    sqlite3 *db = NULL;
    sqlite3_stmt *s = NULL;
    int n = -1;
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
        sqlite3_prepare_v2(db, "SELECT count(*) FROM games", -1, &s, NULL) == SQLITE_OK &&
        sqlite3_step(s) == SQLITE_ROW)
        n = sqlite3_column_int(s, 0);
    sqlite3_finalize(s);
    sqlite3_close(db);
    return n;
}

static int setup_dir(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/grognard-balance-XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int remove_dir(void **state)
{
    (void)state;
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    return system(cmd) == 0 ? 0 : -1;
}

#define GAMES "arw-slice --agents greedy,random --games 8 --report none"

/* One worker, two workers and two MPI ranks give the same report. */
static void test_the_same_whoever_plays(void **state)
{
    (void)state;
    static char one[1 << 14], two[1 << 14], mpi[1 << 14];
    assert_int_equal(run("", GAMES " --workers 1 --store one.db", one, sizeof one), 0);
    assert_non_null(strstr(one, "variant 0: as published — 8 games"));
    assert_non_null(strstr(one, "(95% Wilson)  agent greedy"));
    assert_int_equal(run("", GAMES " --workers 2 --store two.db", two, sizeof two), 0);
    assert_string_equal(one, two);
    assert_int_equal(run("mpirun -np 2", GAMES " --store mpi.db", mpi, sizeof mpi), 0);
    assert_string_equal(one, mpi);
    assert_int_equal(stored("mpi.db"), 8);
}

/* A run started again plays only what is missing: 4 games, then 8, report
 * as the 8 played at once; after a kill -9 the next run ends with exactly
 * the games asked for. */
static void test_resumes_and_never_twice(void **state)
{
    (void)state;
    static char once[1 << 14], half[1 << 14], rest[1 << 14];
    assert_int_equal(run("", GAMES " --store once.db", once, sizeof once), 0);
    assert_int_equal(run("", "arw-slice --agents greedy,random --games 4 --report none "
                             "--store halves.db", half, sizeof half), 0);
    assert_int_equal(stored("halves.db"), 4);
    assert_int_equal(run("", GAMES " --store halves.db", rest, sizeof rest), 0);
    assert_string_equal(once, rest);
    assert_int_equal(stored("halves.db"), 8);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) { /* a long run, killed once some games are stored */
        char out[1 << 12];
        setpgid(0, 0);
        _exit(run("", "savannah-historical --agents greedy,greedy --games 6 --workers 2 "
                      "--report none --store killed.db", out, sizeof out));
    }
    const struct timespec pause = {0, 20 * 1000 * 1000};
    for (int tries = 0; tries < 6000 && stored("killed.db") < 1; tries++)
        nanosleep(&pause, NULL);
    kill(-pid, SIGKILL);
    waitpid(pid, NULL, 0);
    int before = stored("killed.db");
    assert_true(before >= 1 && before < 6);
    assert_int_equal(run("", "savannah-historical --agents greedy,greedy --games 6 --workers 2 "
                             "--report none --store killed.db", rest, sizeof rest), 0);
    assert_non_null(strstr(rest, "— 6 games"));
    assert_int_equal(stored("killed.db"), 6);
}

/* Two variants of the British army morale: each is reported apart, the
 * SVG page is written; a --set naming nothing is refused. */
static void test_variants_and_the_page(void **state)
{
    (void)state;
    static char out[1 << 14];
    assert_int_equal(run("", "arw-slice --agents greedy,random --games 4 --store v.db "
                             "--set scenarios/arw-slice.json:start.army_morale.british=14,1 "
                             "--report page.svg", out, sizeof out), 0);
    assert_non_null(strstr(out, "variant 0: scenarios/arw-slice.json:start.army_morale.british=14"));
    const char *v1 = strstr(out, "variant 1: scenarios/arw-slice.json:start.army_morale.british=1");
    assert_non_null(v1);
    const char *w0 = strstr(out, "    british    wins"), *w1 = strstr(v1, "    british    wins");
    assert_true(w0 && w1 && w0 < v1);
    size_t len = strcspn(w0, "\n");
    assert_false(len == strcspn(w1, "\n") && !strncmp(w0, w1, len)); /* the data reached the games */
    char path[512], head[64] = "";
    snprintf(path, sizeof path, "%s/page.svg", dir);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    assert_true(fread(head, 1, sizeof head - 1, f) > 0);
    fclose(f);
    assert_non_null(strstr(head, "<svg"));
    assert_int_not_equal(run("", "arw-slice --games 2 --store bad.db --set "
                                 "scenarios/arw-slice.json:no.such.value=3", out, sizeof out), 0);
}

/* vf:10.0-c: the side with the higher score wins, equal scores draw; the
 * score gr_game_score gives at the end of random games says the same. */
static void test_score_agrees_with_the_winner(void **state)
{
    (void)state;
    gr_scenario *sc = tu_load("vf-slice");
    assert_non_null(sc);
    for (uint64_t seed = 1; seed <= 6; seed++) {
        gr_game *g = NULL;
        gr_rng rng;
        gr_rng_seed(&rng, seed, 9);
        assert_int_equal(gr_game_new(sc, seed, NULL, NULL, NULL, &g, NULL), GR_OK);
        gr_pending p;
        for (int steps = 0; steps < 20000; steps++) {
            gr_game_pending(g, &p);
            if (p.kind == GR_PENDING_OVER)
                break;
            gr_action a;
            int who = __builtin_ctz(p.players);
            assert_int_equal(gr_game_sample(g, who, &rng, &a), GR_OK);
            assert_int_equal(gr_game_apply(g, &a, NULL), GR_OK);
        }
        int32_t margin, turn;
        assert_int_equal(gr_game_score(g, &margin, &turn), GR_OK);
        if (p.kind == GR_PENDING_OVER)
            assert_int_equal(p.winner, margin > 0 ? 0 : margin < 0 ? 1 : -1);
        gr_game_free(g);
    }
    gr_scenario_free(sc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_same_whoever_plays),
        cmocka_unit_test(test_resumes_and_never_twice),
        cmocka_unit_test(test_variants_and_the_page),
        cmocka_unit_test(test_score_agrees_with_the_winner),
    };
    return cmocka_run_group_tests(tests, setup_dir, remove_dir);
}
