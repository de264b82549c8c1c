/* test_files.c — gr_host_write_atomic creates its temporary file safely: a
 * symlink planted where the temporary goes is never followed, temporaries
 * left by dead processes are removed, those of live processes are not. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "host/files.h"

static void make_dir(char *dir, size_t size)
{
    snprintf(dir, size, "/tmp/grognard-files-XXXXXX");
    assert_non_null(mkdtemp(dir));
}

static void remove_dir(const char *dir)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

static char *slurp(const char *path)
{
    char why[256];
    return gr_host_slurp(path, NULL, why, sizeof why);
}

/* The old code opened "<path>.tmp.<pid>" with O_CREAT and no O_EXCL: a
 * symlink planted there by another local user redirected the save. */
static void test_planted_symlink_is_not_followed(void **state)
{
    (void)state;
    char dir[64], path[128], victim[128], planted[192], why[256];
    make_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/game.save.json", dir);
    snprintf(victim, sizeof victim, "%s/victim", dir);
    assert_int_equal(gr_host_write_atomic(victim, "precious", 8, why, sizeof why), 0);
    snprintf(planted, sizeof planted, "%s.tmp.%ld", path, (long)getpid());
    assert_int_equal(symlink(victim, planted), 0);
    assert_int_equal(gr_host_write_atomic(path, "save", 4, why, sizeof why), 0);
    char *v = slurp(victim), *s = slurp(path);
    assert_string_equal(v, "precious");
    assert_string_equal(s, "save");
    free(v);
    free(s);
    struct stat st;
    assert_int_equal(lstat(path, &st), 0);
    assert_true(S_ISREG(st.st_mode)); /* the save itself, not a link */
    remove_dir(dir);
}

/* A pid that no process has now: a child that has exited and been reaped. */
static long dead_pid(void)
{
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0)
        _exit(0);
    assert_int_equal(waitpid(pid, NULL, 0), pid);
    return (long)pid;
}

static void touch(const char *path)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("half", f);
    fclose(f);
}

static void test_stale_temporaries_are_removed(void **state)
{
    (void)state;
    char dir[64], path[128], stale[192], live[192], other[192], why[256];
    make_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/game.save.json", dir);
    snprintf(stale, sizeof stale, "%s.tmp.%ld.Ab12Cd", path, dead_pid());
    snprintf(live, sizeof live, "%s.tmp.%ld.Ef34Gh", path, (long)getppid());
    snprintf(other, sizeof other, "%s/other.json.tmp.%ld.Ij56Kl", dir, dead_pid());
    touch(stale);
    touch(live);
    touch(other);
    assert_int_equal(gr_host_write_atomic(path, "save", 4, why, sizeof why), 0);
    assert_int_equal(access(stale, F_OK), -1); /* a dead writer's: gone */
    assert_int_equal(access(live, F_OK), 0);   /* a live process's: kept */
    assert_int_equal(access(other, F_OK), 0);  /* another file's: not ours */
    remove_dir(dir);
}

static void test_mode_follows_umask(void **state)
{
    (void)state;
    char dir[64], path[128], why[256];
    make_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/game.save.json", dir);
    mode_t old = umask(022);
    assert_int_equal(gr_host_write_atomic(path, "save", 4, why, sizeof why), 0);
    umask(old);
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0644);
    remove_dir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_planted_symlink_is_not_followed),
        cmocka_unit_test(test_stale_temporaries_are_removed),
        cmocka_unit_test(test_mode_follows_umask),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
