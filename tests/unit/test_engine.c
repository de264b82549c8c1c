/* test_engine.c — `grognard engine`, the line protocol (docs/protocol.md):
 * a session driven through the command handler, refusals with rule ids,
 * undo barriers, save and load, every slice played to its end with `ai`,
 * 200 garbage lines that each get one error response and leave the game
 * unchanged (by hash), and the real program driven through a pipe. */
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

#include "cli/engine.h"
#include "cli/engine_internal.h"
#include "testutil.h"

/* The response to one request (malloc'ed). */
static char *req(cli_engine *e, const char *line)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    cli_engine_line(e, line, strlen(line), f);
    fclose(f);
    return buf;
}

/* Asserts the response to `line` starts with `want`; returns it. */
static char *expect(cli_engine *e, const char *line, const char *want)
{
    char *r = req(e, line);
    if (strncmp(r, want, strlen(want)) != 0)
        fail_msg("request '%s': wanted '%s...', got:\n%s", line, want, r);
    size_t n = strlen(r);
    assert_true(n >= 2 && strcmp(r + n - 2, ".\n") == 0);
    return r;
}

static void check(cli_engine *e, const char *line, const char *want)
{
    free(expect(e, line, want));
}

/* Number of payload lines of a response. */
static int payload_lines(const char *r)
{
    int n = -2; /* status line and "." */
    for (const char *p = r; *p; p++)
        n += *p == '\n';
    return n;
}

static void test_session(void **state)
{
    (void)state;
    cli_engine *e = cli_engine_new();
    check(e, "pending", "error no-game - ");
    check(e, "protocol", "ok protocol=1 engine=");
    free(expect(e, "new boc-slice seed=3", "ok step=0 hash="));
    check(e, "pending", "ok kind=decision players=csa decision=fire step=0");
    char *legal = expect(e, "legal", "ok count=13");
    assert_int_equal(payload_lines(legal), 13);
    assert_non_null(strstr(legal, "\nend-fire by=csa\n"));
    free(legal);
    check(e, "legal usa", "ok count=0");
    check(e, "apply fire by=csa unit=nobody target=H11", "error parse - fire: bad value unit=");
    check(e, "apply fire by=csa unit=c.davis target=A1", "error illegal boc:");
    check(e, "apply end-fire by=usa", "error illegal - it is not usa's decision now");
    check(e, "undo", "error state - only 0 actions to undo");
    char *r = expect(e, "apply fire by=csa unit=c.pegram target=H11 via=G12", "ok step=1 hash=");
    assert_non_null(strstr(r, "\n  roll d=6 face="));
    assert_non_null(strstr(r, "\n> fire by=csa unit=c.pegram"));
    free(r);
    check(e, "undoable", "ok count=0\nbarrier reveal unit=c.pegram");
    check(e, "undo", "error state - cannot undo 1 action: undo stops at the last die roll");
    check(e, "history", "ok entries=1\n1 ");
    check(e, "info as=usa c.pegram", "ok\nside=csa known=1");
    check(e, "info as=usa H12", "ok\nterrain=");
    check(e, "query as=usa unit c.archer", "ok\nside=csa known=0");
    check(e, "los G11 H13", "ok\nrange=2 los=");
    check(e, "query as=usa units", "ok\nunit=");
    check(e, "describe csa", "ok\nBadges of Courage");
    check(e, "quit", "ok bye");
    cli_engine_free(e);
}

/* V&F positions are continuous: the engine applies any legal position, not
 * only those `legal` lists, and refuses one breaking a rule (citing it) or
 * one the parser cannot read, the game unchanged (docs/protocol.md). */
static void test_vf_position_off_the_list(void **state)
{
    (void)state;
    cli_engine *e = cli_engine_new();
    free(expect(e, "new vf-mill-farm seed=3", "ok step=0"));
    free(expect(e, "apply pass", "ok step=1"));
    free(expect(e, "apply end-fire", "ok step=2"));
    free(expect(e, "apply activate brigade=fb1", "ok step=3"));
    char *legal = expect(e, "legal", "ok count=");
    const char *off = "move by=b unit=fr-2e x=23.00 y=38.63 facing=180.00";
    assert_null(strstr(legal, "unit=fr-2e x=23.00 y=38.63"));
    free(legal);
    char *before = expect(e, "hash", "ok step=3 hash=");
    check(e, "apply move by=b unit=fr-2e x=23.00 y=20.00 facing=180.00",
          "error illegal vf:6.3-a a figure of fr-2e would travel 20.00\"");
    check(e, "apply move by=b unit=fr-2e x=nan y=20.00 facing=180.00", "error parse - ");
    check(e, "apply move by=b unit=fr-2e x=1e99 y=20.00 facing=180.00", "error parse - ");
    check(e, "hash", before);
    free(before);
    char line[128];
    snprintf(line, sizeof line, "apply %s", off);
    char *r = expect(e, line, "ok step=4 hash=");
    assert_non_null(strstr(r, "\n> move by=b unit=fr-2e x=23.00 y=38.63 facing=180.00"));
    free(r);
    cli_engine_free(e);
}

static void test_dice_and_undo(void **state)
{
    (void)state;
    cli_engine *e = cli_engine_new();
    free(expect(e, "new boc-slice seed=9", "ok "));
    check(e, "dice 6 6 6", "ok step=0 hash=");
    check(e, "dice 1 x", "error usage");
    /* a d6 has no 7 and no 0: refused, nothing queued (it was "ok queued=1") */
    check(e, "dice 7", "error arg - face 7 is not on this game's dice (1-6)");
    check(e, "dice 1 0", "error arg - face 0 is not on this game's dice (1-6)");
    char *r = expect(e, "apply fire by=csa unit=c.pegram target=H11 via=G12", "ok step=1");
    assert_non_null(strstr(r, "roll d=6 face=6 for=fire\n  roll d=6 face=6 for=fire\n"));
    free(r);
    /* end-fire has no roll or reveal after it: it can be undone */
    free(expect(e, "ai csa", "ok step="));
    char *hist = req(e, "history");
    assert_non_null(strstr(hist, "dice 6 6 6"));
    free(hist);
    cli_engine_free(e);
}

static void test_save_and_load(void **state)
{
    (void)state;
    char path[] = "/tmp/grognard-engine-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    cli_engine *e = cli_engine_new();
    free(expect(e, "new jdg-slice seed=4", "ok "));
    for (int i = 0; i < 6; i++)
        free(expect(e, "ai", "ok step="));
    unsigned long long before = cli_engine_hash(e);
    char line[256];
    snprintf(line, sizeof line, "save %s", path);
    check(e, line, "ok step=6 hash=");
    free(expect(e, "new boc-slice", "ok "));
    assert_true(cli_engine_hash(e) != before);
    snprintf(line, sizeof line, "load %s", path);
    check(e, line, "ok step=6 hash=");
    assert_true(cli_engine_hash(e) == before);
    check(e, "load /nonexistent/save.json", "error file - cannot read save");
    assert_true(cli_engine_hash(e) == before);
    cli_engine_free(e);
    unlink(path);
}

/* Every system's slice reaches its end with `ai` for whoever is asked. */
static void test_slices_play_to_the_end(void **state)
{
    (void)state;
    for (const char *const *s = gr_systems(); *s; s++) {
        cli_engine *e = cli_engine_new();
        char line[128];
        snprintf(line, sizeof line, "new %s-slice seed=11", *s);
        free(expect(e, line, "ok "));
        int steps = 0;
        for (;; steps++) {
            char *p = req(e, "pending");
            int over = strncmp(p, "ok kind=over", 12) == 0;
            free(p);
            if (over)
                break;
            assert_true(steps < 5000);
            free(expect(e, "ai", "ok step="));
        }
        check(e, "ai", "error state - the game is over");
        cli_engine_free(e);
    }
}

static int is_command(const char *line)
{
    char word[64] = "";
    sscanf(line, " %63s", word);
    for (int i = 0; engine_commands[i].name; i++)
        if (strcmp(word, engine_commands[i].name) == 0)
            return 1;
    return 0;
}

/* Random bytes (any value but newline), or a damaged request. */
static size_t garbage(uint32_t *seed, char *buf, size_t cap, int *near)
{
    static const char *const NEAR[] = {"apply",
                                       "apply orders by=french g1=zzz",
                                       "undo 0",
                                       "undo -1",
                                       "undo x",
                                       "dice",
                                       "dice 500",
                                       "legal nobody",
                                       "describe nobody",
                                       "query as=nobody phase",
                                       "query",
                                       "new no-such-scenario",
                                       "load /nonexistent",
                                       "save /nonexistent/dir/x.json",
                                       "ai nobody",
                                       "info",
                                       "info as=french",
                                       "los",
                                       "apply by=french",
                                       "apply end-step by=allied",
                                       "new jdg-slice seed=-4",
                                       "query front",
                                       "range",
                                       "new",
                                       "apply \xff\xfe"};
    *seed = *seed * 1103515245u + 12345u;
    if ((*seed >> 16) % 4 == 0) {
        const char *n = NEAR[(*seed >> 8) % (sizeof NEAR / sizeof NEAR[0])];
        snprintf(buf, cap, "%s", n);
        *near = 1;
        return strlen(buf);
    }
    *near = 0;
    size_t len = (*seed >> 8) % 300;
    for (size_t i = 0; i < len && i < cap; i++) {
        *seed = *seed * 1103515245u + 12345u;
        buf[i] = (char)((*seed >> 16) & 0xff);
        if (buf[i] == '\n')
            buf[i] = ' ';
    }
    return len;
}

static void test_garbage_changes_nothing(void **state)
{
    (void)state;
    cli_engine *e = cli_engine_new();
    free(expect(e, "new jdg-slice seed=2", "ok "));
    free(expect(e, "ai", "ok "));
    unsigned long long hash = cli_engine_hash(e);
    uint32_t seed = 12345;
    char line[400];
    for (int i = 0; i < 200; i++) {
        size_t len;
        int near;
        do { /* a random line that happens to be a command is drawn again */
            len = garbage(&seed, line, sizeof line - 1, &near);
            line[len] = '\0';
        } while (!near && is_command(line));
        char *buf = NULL;
        size_t blen = 0;
        FILE *f = open_memstream(&buf, &blen);
        assert_int_equal(cli_engine_line(e, line, len, f), 0);
        fclose(f);
        if (strncmp(buf, "error ", 6) != 0 || strcmp(buf + strlen(buf) - 2, ".\n") != 0 ||
            strchr(buf, '\n') != buf + strlen(buf) - 3)
            fail_msg("garbage line %d got:\n%s", i, buf);
        free(buf);
        assert_true(cli_engine_hash(e) == hash);
    }
    cli_engine_free(e);
}

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

static void test_program_through_a_pipe(void **state)
{
    (void)state;
    char prog[4200], cmd[4400];
    program_path(prog, sizeof prog);
    char in[] = "/tmp/grognard-engine-in-XXXXXX";
    int fd = mkstemp(in);
    assert_true(fd >= 0);
    const char *script = "protocol\nnew boc-slice seed=5\npending\nbogus words\n"
                         "apply end-fire by=csa\nhash\nquit\nnever read\n";
    assert_int_equal(write(fd, script, strlen(script)), (ssize_t)strlen(script));
    close(fd);
    snprintf(cmd, sizeof cmd, "'%s' engine < '%s'", prog, in);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    char out[65536];
    size_t n = fread(out, 1, sizeof out - 1, p);
    out[n] = '\0';
    int status = pclose(p);
    unlink(in);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    assert_non_null(strstr(out, "ok protocol=1"));
    assert_non_null(strstr(out, "\nok kind=decision players=csa decision=fire step=0\n.\n"));
    assert_non_null(strstr(out, "\nerror unknown - unknown command 'bogus'"));
    assert_non_null(strstr(out, "\nok step=1 hash="));
    assert_non_null(strstr(out, "\nok bye\n.\n"));
    int responses = 0;
    for (const char *q = out; (q = strstr(q, "\n.\n")) != NULL; q += 2)
        responses++;
    assert_int_equal(responses, 7); /* nothing is read after quit */
}

/* The program itself: 200 garbage lines (any bytes but newline, NUL
 * included) through its stdin each get one error response, and the game's
 * hash is the same before and after. */
static void test_program_garbage(void **state)
{
    (void)state;
    char prog[4200], cmd[4400], in[] = "/tmp/grognard-engine-in-XXXXXX";
    program_path(prog, sizeof prog);
    int fd = mkstemp(in);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fprintf(f, "new jdg-slice seed=2\nai\nhash\n");
    uint32_t seed = 777;
    char line[400];
    for (int i = 0; i < 200; i++) {
        size_t len;
        int near;
        do {
            len = garbage(&seed, line, sizeof line - 1, &near);
            line[len] = '\0';
        } while (!near && is_command(line));
        fwrite(line, 1, len, f);
        fputc('\n', f);
    }
    fprintf(f, "hash\nquit\n");
    fclose(f);
    snprintf(cmd, sizeof cmd, "'%s' engine < '%s'", prog, in);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    static char out[1 << 20];
    size_t n = fread(out, 1, sizeof out - 1, p);
    out[n] = '\0';
    assert_int_equal(pclose(p), 0);
    unlink(in);
    char *resp[210];
    int count = 0;
    for (char *r = out; *r && count < 210; count++) {
        resp[count] = r;
        char *end = strstr(r, "\n.\n");
        assert_non_null(end);
        end[1] = '\0';
        r = end + 3;
    }
    assert_int_equal(count, 205);
    for (int i = 3; i < 203; i++)
        if (strncmp(resp[i], "error ", 6) != 0)
            fail_msg("garbage line %d got: %s", i - 2, resp[i]);
    assert_string_equal(resp[2], resp[203]); /* "ok step=1 hash=..." */
    assert_string_equal(resp[204], "ok bye\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_session),
        cmocka_unit_test(test_vf_position_off_the_list),
        cmocka_unit_test(test_dice_and_undo),
        cmocka_unit_test(test_save_and_load),
        cmocka_unit_test(test_slices_play_to_the_end),
        cmocka_unit_test(test_garbage_changes_nothing),
        cmocka_unit_test(test_program_through_a_pipe),
        cmocka_unit_test(test_program_garbage),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
