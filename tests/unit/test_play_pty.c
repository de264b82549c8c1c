/* test_play_pty.c — a scripted terminal session: `grognard play` runs on a
 * pseudo-terminal (forkpty; no real terminal needed) with its full ncurses
 * screen, against the computer.  The script reads the session transcript
 * (--log) to know what happened.  It plays several decisions taking the
 * preferred kinds of action (close combat and chits for ARW, fire for BoC),
 * tries an undo that must stop at a die roll, saves, reloads in the game
 * and from the command line (hash checked), and types 200 garbage lines
 * that must each get an error and leave the game unchanged (hash).
 *
 * The scenario is the first installed of savannah-historical, arw-slice,
 * boc-slice, or $GR_PLAY_SCENARIO ("id:side:kind,kind").  */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

#include "host/files.h"
#include "testutil.h"

#define WAIT_MS 20000
#define MIN_DECISIONS 6   /* play at least this many decisions...          */
#define MAX_DECISIONS 150 /* ...and on until a roll and a chit were seen    */

typedef struct script {
    char id[64], side[32], prefer[256];
} script;

/* The scenario to play and the action kinds to prefer, best first;
 * "kind:N" takes that kind at most N times in the session. */
static const script CANDIDATES[] = {
    {"savannah-historical", "british",
     "chit,vanguard,retreat,attack,move:4,declare-done,resolve,end-movement"},
    {"arw-slice", "british", "chit,vanguard,retreat,attack,declare-done,resolve"},
    {"boc-slice", "csa", "fire,take-hit"},
};

static int choose_script(script *s)
{
    const char *env = getenv("GR_PLAY_SCENARIO");
    if (env && *env) {
        memset(s, 0, sizeof *s);
        sscanf(env, "%63[^:]:%31[^:]:%255s", s->id, s->side, s->prefer);
        return 0;
    }
    for (size_t i = 0; i < sizeof CANDIDATES / sizeof *CANDIDATES; i++) {
        char path[1024], rel[1200];
        struct stat st;
        snprintf(rel, sizeof rel, "data/scenarios/%s.json", CANDIDATES[i].id);
        tu_path(path, sizeof path, rel);
        if (stat(path, &st) == 0) {
            *s = CANDIDATES[i];
            return 0;
        }
    }
    return -1;
}

typedef struct term {
    pid_t pid;
    int fd;
    char log[128];
} term;

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

/* Starts grognard with args on a 120x40 pseudo-terminal. */
static int spawn(term *t, const char *const *args)
{
    char prog[4200];
    char *argv[24];
    program_path(prog, sizeof prog);
    argv[0] = prog;
    int n = 1;
    for (; args[n - 1] && n < 23; n++)
        argv[n] = (char *)args[n - 1];
    argv[n] = NULL;
    struct winsize ws = {40, 120, 0, 0};
    t->pid = forkpty(&t->fd, NULL, NULL, &ws);
    if (t->pid < 0)
        return -1;
    if (t->pid == 0) {
        setenv("TERM", "xterm", 1);
        execv(prog, argv);
        _exit(127);
    }
    fcntl(t->fd, F_SETFL, fcntl(t->fd, F_GETFL) | O_NONBLOCK);
    return 0;
}

/* Reads (and drops) the screen output so that the program never blocks. */
static void drain(term *t, int ms)
{
    struct pollfd p = {t->fd, POLLIN, 0};
    char buf[8192];
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    while (poll(&p, 1, ms) > 0 && read(t->fd, buf, sizeof buf) > 0)
        ms = 0;
    clock_gettime(CLOCK_MONOTONIC, &now);
    long spent = (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000;
    if (ms > spent) { /* the terminal hung up: wait anyway */
        struct timespec rest = {0, (ms - spent) * 1000000L};
        nanosleep(&rest, NULL);
    }
}

static void type(term *t, const char *text)
{
    size_t len = strlen(text);
    while (len) {
        ssize_t w = write(t->fd, text, len);
        if (w < 0 && errno == EAGAIN) {
            drain(t, 5);
            continue;
        }
        assert_true(w > 0);
        text += w, len -= (size_t)w;
    }
    assert_int_equal(write(t->fd, "\r", 1), 1);
}

static char *transcript(const term *t)
{
    char why[256];
    char *text = gr_host_slurp(t->log, NULL, why, sizeof why);
    return text ? text : strdup("");
}

/* Waits until the transcript holds `needle` (or `other`, when not NULL) at
 * or after `from`; returns the offset of the text after it. */
static size_t wait_any(term *t, size_t from, const char *needle, const char *other)
{
    for (int waited = 0; waited < WAIT_MS; waited += 20) {
        drain(t, 20);
        char *text = transcript(t);
        const char *base = strlen(text) > from ? text + from : NULL;
        const char *at = base ? strstr(base, needle) : NULL;
        const char *alt = base && other ? strstr(base, other) : NULL;
        size_t off = at    ? (size_t)(at - text) + strlen(needle)
                     : alt ? (size_t)(alt - text) + strlen(other)
                           : 0;
        free(text);
        if (off)
            return off;
    }
    char *text = transcript(t);
    size_t n = strlen(text);
    fail_msg("no '%s' in the transcript after %zu (of %zu); after it:\n%s", needle, from, n,
             from < n ? text + from : "");
    return 0;
}

static size_t wait_for(term *t, size_t from, const char *needle)
{
    return wait_any(t, from, needle, NULL);
}

static size_t log_size(const term *t)
{
    char *text = transcript(t);
    size_t n = strlen(text);
    free(text);
    return n;
}

static int count(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, needle)) != NULL; p += strlen(needle))
        n++;
    return n;
}

static void wait_exit(term *t)
{
    for (int waited = 0; waited < WAIT_MS; waited += 20) {
        drain(t, 20);
        int status;
        if (waitpid(t->pid, &status, WNOHANG) == t->pid) {
            close(t->fd);
            assert_true(WIFEXITED(status));
            assert_int_equal(WEXITSTATUS(status), 0);
            return;
        }
    }
    kill(t->pid, SIGKILL);
    fail_msg("grognard play did not exit");
}

#define MAX_KINDS 16

/* After "options": the number of the first option of a preferred kind
 * whose quota is not used up (used[k] counts takes of the k-th kind). */
static int pick(const char *listing, const char *prefer, int *used)
{
    char kinds[256];
    snprintf(kinds, sizeof kinds, "%s", prefer);
    int k = 0;
    for (char *save = NULL, *w = strtok_r(kinds, ",", &save); w && k < MAX_KINDS;
         w = strtok_r(NULL, ",", &save), k++) {
        char *colon = strchr(w, ':');
        int quota = colon ? atoi(colon + 1) : 1 << 30;
        if (colon)
            *colon = '\0';
        char needle[80];
        snprintf(needle, sizeof needle, "  %s", w);
        const char *at = used[k] < quota ? strstr(listing, needle) : NULL;
        char after = at ? at[strlen(needle)] : 0;
        if (at && (after == ' ' || after == '\n')) {
            while (at > listing && at[-1] != '\n')
                at--;
            used[k]++;
            return atoi(at);
        }
    }
    return 1;
}

typedef struct progress {
    int decisions, rolled_then_undo, chits;
    int used[MAX_KINDS];
    size_t at;
    int over;
} progress;

/* One decision: list the options, take a preferred one; after the first
 * die roll, an undo must be refused. */
static void decide(term *t, const script *s, progress *pr)
{
    type(t, "options");
    char listed[64];
    snprintf(listed, sizeof listed, " for %s:\n", s->side);
    size_t from = wait_for(t, pr->at, listed);
    drain(t, 50);
    char *text = transcript(t);
    int choice = pick(text + from, s->prefer, pr->used);
    char needle[24];
    snprintf(needle, sizeof needle, "\n%4d  chit ", choice);
    pr->chits += strstr(text + from - 1, needle) != NULL;
    free(text);
    char num[16];
    snprintf(num, sizeof num, "%d", choice);
    size_t before = log_size(t);
    type(t, num);
    size_t next = wait_any(t, before, "decision: ", "game over: ");
    text = transcript(t);
    pr->over = strstr(text + before, "game over:") != NULL;
    int rolled = strstr(text + before, "  roll d=") != NULL;
    free(text);
    pr->at = next;
    pr->decisions++;
    if (rolled && !pr->rolled_then_undo && !pr->over) {
        type(t, "undo");
        pr->at = wait_for(t, pr->at, "error: cannot undo");
        pr->at = wait_for(t, pr->at, "undo never goes back past it");
        pr->rolled_then_undo = 1;
    }
}

/* "hash" at the prompt: the state hash as printed. */
static void current_hash(term *t, progress *pr, char *hash)
{
    type(t, "hash");
    size_t at = wait_for(t, pr->at, " hash ");
    char *text = transcript(t);
    snprintf(hash, 17, "%.16s", text + at);
    free(text);
    pr->at = at;
}

/* 200 printable garbage lines (none starts like a command or a number). */
static void garbage(term *t, progress *pr)
{
    static const char FIRST[] = "#%&*+,./:;<=>@[]^_`{|}~\"'\\$!(";
    char before[17], after[17];
    current_hash(t, pr, before);
    char *text = transcript(t);
    int errors = count(text, "\nerror: ");
    free(text);
    uint32_t seed = 4242;
    for (int i = 0; i < 200; i++) {
        char line[220];
        seed = seed * 1103515245u + 12345u;
        size_t len = 1 + (seed >> 16) % 200;
        line[0] = FIRST[(seed >> 4) % (sizeof FIRST - 1)];
        for (size_t k = 1; k < len; k++) {
            seed = seed * 1103515245u + 12345u;
            line[k] = (char)(0x20 + (seed >> 16) % 95);
        }
        line[len] = '\0';
        type(t, line);
        char want[32];
        snprintf(want, sizeof want, "error: ");
        pr->at = wait_for(t, pr->at, want);
    }
    current_hash(t, pr, after);
    text = transcript(t);
    assert_int_equal(count(text, "\nerror: "), errors + 200);
    free(text);
    assert_string_equal(before, after);
}

/* Several decisions with a save after the third; returns its hash. */
static void play_and_save(term *t, const script *s, progress *pr, const char *save,
                          char *saved_hash)
{
    char cmd[256];
    pr->at = wait_for(t, 0, "your decision: ");
    int want_chit = strstr(s->prefer, "chit") != NULL;
    for (int i = 0; i < MAX_DECISIONS && !pr->over; i++) {
        if (i >= MIN_DECISIONS && pr->rolled_then_undo && (pr->chits || !want_chit))
            break;
        decide(t, s, pr);
        if (i == 2) {
            snprintf(cmd, sizeof cmd, "save %s", save);
            type(t, cmd);
            pr->at = wait_for(t, pr->at, "saved to ");
        }
    }
    assert_true(pr->decisions >= 3);
    assert_true(pr->rolled_then_undo);
    if (strstr(s->prefer, "chit"))
        assert_true(pr->chits > 0); /* a close combat with a chit chosen */
    char *text = transcript(t);
    char moved[64];
    snprintf(moved, sizeof moved, "\n> move by=%s ", s->side);
    if (strstr(s->prefer, "move"))
        assert_non_null(strstr(text, moved)); /* the player moved a unit */
    const char *h = strstr(text, "saved to ");
    assert_non_null(h);
    snprintf(saved_hash, 17, "%.16s", strstr(h, "hash ") + 5);
    free(text);
}

/* The save again, from the command line: same hash, play goes on. */
static void resume(term *t, const script *s, progress *pr, const char *dir, const char *save,
                   const char *saved_hash)
{
    snprintf(t->log, sizeof t->log, "%s/resumed.log", dir);
    const char *again[] = {"play", "--load", save, "--log", t->log, "--rules-lines", NULL};
    assert_int_equal(spawn(t, again), 0);
    pr->at = wait_for(t, 0, "resumed ");
    pr->at = wait_for(t, pr->at, saved_hash);
    decide(t, s, pr);
    type(t, "quit");
    pr->at = wait_for(t, pr->at, "'quit' again leaves without saving");
    type(t, "quit");
    wait_exit(t);
}

static void test_scripted_session(void **state)
{
    (void)state;
    script s;
    if (choose_script(&s) != 0)
        skip();
    char dir[] = "/tmp/grognard-pty-XXXXXX", save[128], cmd[256], saved_hash[17], hash[17];
    assert_non_null(mkdtemp(dir));
    term t;
    snprintf(t.log, sizeof t.log, "%s/session.log", dir);
    snprintf(save, sizeof save, "%s/game.json", dir);
    /* the uniform random opponent: the session below was scripted against it */
    const char *args[] = {"play", s.id,      "--side", s.side, "--seed",        "3",
                          "--ai", "uniform", "--log",  t.log,  "--rules-lines", NULL};
    if (spawn(&t, args) != 0)
        skip(); /* no pseudo-terminals here */
    progress pr;
    memset(&pr, 0, sizeof pr);
    play_and_save(&t, &s, &pr, save, saved_hash);
    snprintf(cmd, sizeof cmd, "load %s", save);
    type(&t, cmd);
    pr.at = wait_for(&t, pr.at, "steps verified, hash ");
    current_hash(&t, &pr, hash);
    assert_string_equal(hash, saved_hash);
    garbage(&t, &pr);
    type(&t, "quit");
    wait_exit(&t);
    resume(&t, &s, &pr, dir, save, saved_hash);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

/* The full screen shows the log in words by default (data/words/arw.json:
 * "phase": "Turn {turn}: the {phase} phase, {active} active"); `words off`
 * brings back the rules' lines. */
static void test_log_in_words(void **state)
{
    (void)state;
    char dir[] = "/tmp/grognard-pty-XXXXXX", cmd[256];
    assert_non_null(mkdtemp(dir));
    term t;
    snprintf(t.log, sizeof t.log, "%s/words.log", dir);
    const char *args[] = {"play", "arw-slice", "--side", "british", "--log", t.log, NULL};
    if (spawn(&t, args) != 0)
        skip();
    size_t at = wait_for(&t, 0, "british: your decision: ");
    char *text = transcript(&t);
    assert_non_null(strstr(text, "  Turn 16: the close-combat phase, allied active"));
    assert_null(strstr(text, "  phase turn=16"));
    free(text);
    type(&t, "words off");
    at = wait_for(&t, at, "the log now shows the rules' lines");
    type(&t, "words sideways");
    wait_for(&t, at, "error: usage: words [on|off]");
    type(&t, "quit");
    type(&t, "quit"); /* the first one says the game is not saved */
    wait_exit(&t);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

/* Hotseat: after the hand-over, Ctrl-P recalls only what this player typed,
 * never the other one's secret orders. */
static void test_hotseat_history_per_seat(void **state)
{
    (void)state;
    char dir[] = "/tmp/grognard-pty-XXXXXX", cmd[256];
    assert_non_null(mkdtemp(dir));
    term t;
    snprintf(t.log, sizeof t.log, "%s/hotseat.log", dir);
    const char *args[] = {"play", "jdg-slice", "--hotseat", "--log", t.log, "--rules-lines", NULL};
    if (spawn(&t, args) != 0)
        skip();
    size_t at = wait_for(&t, 0, "french: your decision: orders");
    type(&t, "orders fr_17L");
    at = wait_for(&t, at, "french> orders fr_17L");
    drain(&t, 200);
    type(&t, "");      /* Enter: the allied player takes the terminal */
    drain(&t, 200);
    type(&t, "\x10"); /* Ctrl-P, then Enter */
    type(&t, "hash");
    at = wait_for(&t, at, "allied> hash");
    char *text = transcript(&t);
    assert_null(strstr(text, "allied> orders"));
    assert_null(strstr(text, "allied> \n"));
    free(text);
    type(&t, "quit");
    type(&t, "quit"); /* the first one says the game is not saved */
    wait_exit(&t);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

/* Ctrl-C in the middle of a game saves it before leaving. */
static void test_ctrl_c_saves(void **state)
{
    (void)state;
    char dir[] = "/tmp/grognard-pty-XXXXXX", save[128], cmd[256];
    assert_non_null(mkdtemp(dir));
    term t;
    snprintf(t.log, sizeof t.log, "%s/ctrlc.log", dir);
    snprintf(save, sizeof save, "%s/kept.json", dir);
    const char *args[] = {"play", "jdg-slice", "--side", "french", "--save", save,
                          "--log", t.log, "--rules-lines", NULL};
    if (spawn(&t, args) != 0)
        skip();
    size_t at = wait_for(&t, 0, "french: your decision: orders");
    type(&t, "orders fr_17L");
    wait_for(&t, at, "> orders by=french");
    drain(&t, 200);
    assert_int_equal(write(t.fd, "\x03", 1), 1);
    wait_exit(&t);
    char why[256];
    char *kept = gr_host_slurp(save, NULL, why, sizeof why);
    assert_non_null(kept);
    assert_non_null(strstr(kept, "orders by=french g1=fr_17L"));
    free(kept);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scripted_session),
        cmocka_unit_test(test_hotseat_history_per_seat),
        cmocka_unit_test(test_log_in_words),
        cmocka_unit_test(test_ctrl_c_saves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
