/* test_save.c — sessions and save files: undo back to (never past) the last
 * die roll or revelation; saves round-trip; tampered, damaged or mismatched
 * saves are refused with a message saying why; a save killed mid-write
 * (fork, SIGKILL) leaves the previous file intact. */
#include <setjmp.h>
#include <signal.h>
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

#include "ai/agent.h"
#include "host/files.h"
#include "host/savefile.h"
#include "testutil.h"

/* A session of `id` after `steps` random-agent actions. */
static gs_session *played(const char *id, uint64_t seed, int steps)
{
    gr_error err = {{0}, {0}};
    gs_session *gs = gs_open(id, seed, NULL, &err);
    if (!gs)
        fail_msg("%s: %s", id, err.msg);
    gr_agent *agent = gr_agent_new("random", seed, NULL, &err);
    for (int i = 0; i < steps; i++) {
        const gr_game *g = gs_game(gs);
        gr_pending p;
        gr_game_pending(g, &p);
        if (p.kind == GR_PENDING_OVER)
            break;
        int pl = 0;
        while (!(p.players & (1u << pl)))
            pl++;
        gr_game *view = gr_game_view(g, pl);
        gr_action a;
        assert_int_equal(gr_agent_choose(agent, view, pl, &a, &err), GR_OK);
        gr_game_free(view);
        assert_int_equal(gs_apply(gs, &a, &err), GR_OK);
    }
    gr_agent_free(agent);
    return gs;
}

/* ---------------------------------------------------------------- undo */

static void test_undo_stops_at_rolls_and_reveals(void **state)
{
    (void)state;
    gr_error err = {{0}, {0}};
    gs_session *gs = gs_open("jdg-slice", 3, NULL, &err);
    assert_non_null(gs);
    uint64_t start = gr_game_hash(gs_game(gs));
    /* French secret orders: no roll, nothing revealed: undoable */
    assert_int_equal(gs_apply_line(gs, "orders by=french g1=fr_17L", NULL, &err), GR_OK);
    assert_int_equal(gs_undoable(gs, NULL), 1);
    assert_int_equal(gs_undo(gs, 1, &err), GR_OK);
    assert_true(gr_game_hash(gs_game(gs)) == start);
    assert_int_equal(gs_entries(gs), 0);
    assert_int_equal(gs_apply_line(gs, "orders by=french g1=fr_17L", NULL, &err), GR_OK);
    /* Allied orders: the strategic-initiative dice are rolled: a barrier */
    assert_int_equal(gs_apply_line(gs, "orders by=allied g1=ps_rab", NULL, &err), GR_OK);
    const char *barrier;
    assert_int_equal(gs_undoable(gs, &barrier), 0);
    assert_non_null(barrier);
    assert_non_null(strstr(barrier, "roll d=10"));
    uint64_t h = gr_game_hash(gs_game(gs));
    assert_int_equal(gs_undo(gs, 1, &err), GR_ERR_STATE);
    assert_non_null(strstr(err.msg, "undo stops at the last die roll or revelation"));
    assert_int_equal(gs_undo(gs, 2, &err), GR_ERR_STATE);
    assert_true(gr_game_hash(gs_game(gs)) == h);
    assert_int_equal(gs_undo(gs, 0, &err), GR_ERR_ARG);
    gs_free(gs);
}

/* A revelation (a block turned face up) is a barrier too; dice queued by
 * players are part of the record; a secret action line (the block that
 * takes a hit) is logged for its player only. */
static void test_reveal_barrier_dice_and_secrets(void **state)
{
    (void)state;
    gr_error err = {{0}, {0}};
    gs_session *gs = gs_open("boc-slice", 5, NULL, &err);
    assert_non_null(gs);
    int faces[] = {1, 1, 1};
    assert_int_equal(gs_push_dice(gs, faces, 3, &err), GR_OK);
    assert_int_equal(gs_entries(gs), 1);
    assert_string_equal(gs_entry_at(gs, 0)->line, "dice 1 1 1");
    assert_int_equal(gs_apply_line(gs, "fire by=csa unit=c.pegram target=H11 via=G12", NULL, &err),
                     GR_OK);
    const char *barrier;
    assert_int_equal(gs_undoable(gs, &barrier), 0);
    assert_non_null(strstr(barrier, "reveal unit=c.pegram"));
    gr_action hit;
    assert_true(gr_game_legal(gs_game(gs), 0, &hit, 1) >= 1); /* usa allocates a hit */
    assert_int_equal(gs_apply(gs, &hit, &err), GR_OK);
    int found = 0;
    for (int i = 0; i < gs_log_count(gs); i++) {
        const gs_logline *l = gs_log_at(gs, i);
        if (l->kind == GS_LOG_ACTION && strncmp(l->text, "take-hit", 8) == 0) {
            found = 1;
            assert_true(gs_log_visible(l, 0));
            assert_false(gs_log_visible(l, 1));
            assert_true(gs_log_visible(l, -1));
        }
    }
    assert_true(found);
    gs_free(gs);
}

/* ---------------------------------------------------------------- round trip */

static void test_round_trip(void **state)
{
    (void)state;
    char why[1024];
    gs_session *gs = played("jdg-slice", 21, 12);
    gs_meta_set(gs, "humans", "french");
    char *text = gs_save_text(gs, why, sizeof why);
    assert_non_null(text);
    gs_session *back = gs_load_text(text, strlen(text), "mem", why, sizeof why);
    if (!back)
        fail_msg("%s", why);
    assert_true(gr_game_hash(gs_game(back)) == gr_game_hash(gs_game(gs)));
    assert_int_equal(gs_entries(back), gs_entries(gs));
    assert_int_equal(gs_log_count(back), gs_log_count(gs));
    assert_string_equal(gs_meta_get(back, "humans"), "french");
    /* the same game saves to the same text */
    char *again = gs_save_text(back, why, sizeof why);
    assert_string_equal(again, text);
    free(again);
    free(text);
    gs_free(back);
    gs_free(gs);
}

/* ---------------------------------------------------------------- refusals */

/* Replaces the first `from` in text by `to` (malloc'ed copy). */
static char *edit(const char *text, const char *from, const char *to)
{
    const char *at = strstr(text, from);
    if (!at)
        fail_msg("'%s' not in the save", from);
    size_t n = strlen(text) - strlen(from) + strlen(to);
    char *out = malloc(n + 1);
    size_t k = (size_t)(at - text);
    memcpy(out, text, k);
    strcpy(out + k, to);
    strcat(out, at + strlen(from));
    return out;
}

static char *reseal(char *text)
{
    char why[256];
    char *sealed = gs_save_reseal(text, strlen(text), why, sizeof why);
    if (!sealed)
        fail_msg("reseal: %s", why);
    free(text);
    return sealed;
}

/* Loading `text` must fail with a message holding `want`. */
static void refused(const char *text, const char *want)
{
    char why[1024] = "";
    gs_session *gs = gs_load_text(text, strlen(text), "game.json", why, sizeof why);
    if (gs)
        fail_msg("loaded a save that should be refused (%s)", want);
    if (!strstr(why, want))
        fail_msg("wanted '%s' in: %s", want, why);
}

/* A saved boc-slice game and its text, for the refusal tests. */
typedef struct saved {
    gs_session *gs;
    char *text;
} saved;

static saved save_game(void)
{
    char why[1024];
    saved s = {played("boc-slice", 8, 6), NULL};
    s.text = gs_save_text(s.gs, why, sizeof why);
    assert_non_null(s.text);
    return s;
}

static void drop(saved *s)
{
    free(s->text);
    gs_free(s->gs);
}

/* Edited content: the checksum catches it; resealed, the replay does. */
static void test_refuses_edited_steps(void **state)
{
    (void)state;
    saved s = save_game();
    const gs_entry *first = gs_entry_at(s.gs, 0);
    char *t = edit(s.text, "\"seed\": \"8\"", "\"seed\": \"9\"");
    refused(t, "checksum mismatch: the file was modified or damaged");
    refused(t = reseal(t), "the initial state hash differs");
    free(t);
    t = edit(s.text, first->line, "end-fire by=csa");
    refused(t = reseal(t), "game.json: step 1: state hash after 'end-fire by=csa'");
    free(t);
    t = edit(s.text, first->line, "fire by=csa unit=u.meade target=H11");
    refused(t = reseal(t), "game.json: step 1: ");
    free(t);
    char dh[17], from[64];
    gs_hash_text(gr_game_hash(gs_game(s.gs)), dh);
    snprintf(from, sizeof from, "\"final_hash\": \"%s\"", dh);
    t = edit(s.text, from, "\"final_hash\": \"00000000000000ff\"");
    refused(t = reseal(t), "final state hash");
    free(t);
    drop(&s);
}

/* Other data, a newer format, a missing scenario: refused, saying why. */
static void test_refuses_mismatches(void **state)
{
    (void)state;
    saved s = save_game();
    char dh[17], bad[64], from[64];
    gs_hash_text(gr_scenario_data_hash(gs_scenario(s.gs)), dh);
    snprintf(from, sizeof from, "\"data_hash\": \"%s\"", dh);
    char *t = edit(s.text, from, "\"data_hash\": \"0123456789abcdef\"");
    snprintf(bad, sizeof bad, "has data hash %s", dh);
    refused(t = reseal(t), "saved with scenario boc-slice (boc) data hash 0123456789abcdef");
    refused(t, bad);
    free(t);
    t = edit(s.text, "\"version\": 1", "\"version\": 7");
    refused(t = reseal(t), "save format version 7 is newer");
    free(t);
    t = edit(s.text, "\"scenario\": \"boc-slice\"", "\"scenario\": \"boc-nowhere\"");
    refused(t = reseal(t), "scenario 'boc-nowhere' cannot be loaded");
    free(t);
    drop(&s);
}

/* Not a save, unsealed, cut short. */
static void test_refuses_damaged_files(void **state)
{
    (void)state;
    saved s = save_game();
    char *t = edit(s.text, "\"checksum\": \"blake2b-256:", "\"checksun\": \"blake2b-256:");
    refused(t, "no checksum");
    free(t);
    t = edit(s.text, GS_SAVE_FORMAT, "some-other-format");
    refused(t, "not a grognard save");
    free(t);
    s.text[strlen(s.text) / 2] = '\0';
    refused(s.text, "game.json:");
    refused("", "not a save file");
    refused("[1, 2]", "not a grognard save");
    drop(&s);
}

/* `load /dev/zero` read until memory ran out; a save larger than the cap
 * is refused without reading past it. */
static void test_refuses_endless_and_huge_files(void **state)
{
    (void)state;
    gs_save_doc doc;
    char why[512];
    assert_int_equal(gs_save_read("/dev/zero", &doc, why, sizeof why), -1);
    assert_non_null(strstr(why, "larger than 16777216 bytes"));
    char path[] = "/tmp/grognard-huge-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(ftruncate(fd, (off_t)GS_SAVE_MAX_BYTES + 1), 0);
    close(fd);
    assert_int_equal(gs_save_read(path, &doc, why, sizeof why), -1);
    assert_non_null(strstr(why, "larger than"));
    unlink(path);
}

/* ---------------------------------------------------------------- atomic writes */

static void temp_dir(char *buf, size_t size)
{
    snprintf(buf, size, "/tmp/grognard-save-XXXXXX");
    assert_non_null(mkdtemp(buf));
}

/* Removes dir and the files in it (no subdirectories are made). */
static int remove_dir(const char *dir)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd);
}

static int leftover_temp(const char *dir)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "ls '%s' | grep -q '\\.tmp\\.'", dir);
    return system(cmd) == 0;
}

/* Child: saves a and b by turns until killed. */
_Noreturn static void keep_saving(const gs_session *a, const gs_session *b, const char *path)
{
    char why[256];
    for (unsigned i = 0;; i++)
        gs_save(i & 1 ? b : a, path, why, sizeof why);
}

/* Real saves, killed at random moments: the file always loads and is one
 * of the two games. */
static void test_killed_save_leaves_a_whole_file(void **state)
{
    (void)state;
    char dir[64], path[128], why[1024];
    temp_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/game.json", dir);
    gs_session *a = played("jdg-slice", 1, 4), *b = played("jdg-slice", 2, 9);
    assert_int_equal(gs_save(a, path, why, sizeof why), 0);
    uint64_t ha = gr_game_hash(gs_game(a)), hb = gr_game_hash(gs_game(b));
    srand(7);
    for (int round = 0; round < 30; round++) {
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0)
            keep_saving(a, b, path);
        struct timespec pause = {0, 200000 + (rand() % 3000) * 1000L};
        nanosleep(&pause, NULL);
        kill(pid, SIGKILL);
        waitpid(pid, NULL, 0);
        gs_session *back = gs_load(path, why, sizeof why);
        if (!back)
            fail_msg("round %d: %s", round, why);
        uint64_t h = gr_game_hash(gs_game(back));
        assert_true(h == ha || h == hb);
        gs_free(back);
    }
    gs_free(a);
    gs_free(b);
    assert_int_equal(remove_dir(dir), 0);
}

/* Large writes, so that most kills land inside write() or fsync(): the file
 * is always exactly one of the two complete contents, and the previous one
 * survives a writer killed mid-write. */
static void test_killed_large_write_keeps_previous(void **state)
{
    (void)state;
    char dir[64], path[128], why[256];
    temp_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/big", dir);
    size_t size = 8u << 20;
    char *x = malloc(size), *y = malloc(size);
    assert_true(x && y);
    memset(x, 'x', size);
    memset(y, 'y', size);
    assert_int_equal(gr_host_write_atomic(path, x, size, why, sizeof why), 0);
    int mid_write = 0;
    for (int round = 0; round < 60 && mid_write < 5; round++) {
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0)
            for (unsigned i = 0;; i++)
                gr_host_write_atomic(path, i & 1 ? x : y, size, why, sizeof why);
        /* under valgrind the child needs far longer to reach its write */
        long slow = getenv("GR_VALGRIND") ? 20 : 1;
        long ns = (500000 + (round % 7) * 700000L) * slow;
        struct timespec pause = {ns / 1000000000L, ns % 1000000000L};
        nanosleep(&pause, NULL);
        kill(pid, SIGKILL);
        waitpid(pid, NULL, 0);
        mid_write += leftover_temp(dir);
        size_t len = 0;
        char *got = gr_host_slurp(path, &len, why, sizeof why);
        assert_non_null(got);
        assert_int_equal(len, size);
        assert_true(memcmp(got, x, size) == 0 || memcmp(got, y, size) == 0);
        free(got);
    }
    assert_true(mid_write > 0); /* at least one kill interrupted a write */
    free(x);
    free(y);
    assert_int_equal(remove_dir(dir), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_undo_stops_at_rolls_and_reveals),
        cmocka_unit_test(test_reveal_barrier_dice_and_secrets),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_refuses_edited_steps),
        cmocka_unit_test(test_refuses_mismatches),
        cmocka_unit_test(test_refuses_damaged_files),
        cmocka_unit_test(test_refuses_endless_and_huge_files),
        cmocka_unit_test(test_killed_save_leaves_a_whole_file),
        cmocka_unit_test(test_killed_large_write_keeps_previous),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
