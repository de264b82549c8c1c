/* cmd_replay.c — `grognard replay FILE`: steps through a saved game,
 * printing each action and its events and verifying every state hash. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "host/savefile.h"

typedef struct replay_opts {
    const char *file;
    int viewer; /* -1: everything (the referee's log) */
    const char *viewer_name;
    int quiet;
    int pause;
} replay_opts;

static int parse_opts(int argc, char **argv, replay_opts *o)
{
    memset(o, 0, sizeof *o);
    o->viewer = -1;
    for (int i = 1; i < argc; i++) {
        const char *v;
        if (cli_opt(argc, argv, &i, "--as", &v))
            o->viewer_name = v;
        else if (strcmp(argv[i], "--quiet") == 0)
            o->quiet = 1;
        else if (strcmp(argv[i], "--step") == 0)
            o->pause = 1;
        else if (argv[i][0] != '-' && !o->file)
            o->file = argv[i];
        else {
            fprintf(stderr, "grognard replay: unexpected argument '%s'\n", argv[i]);
            return -1;
        }
    }
    if (!o->file)
        fprintf(stderr, "grognard replay: name a save file\n");
    return o->file ? 0 : -1;
}

static void print_log(const gs_session *gs, int from, int viewer)
{
    for (int i = from; i < gs_log_count(gs); i++) {
        const gs_logline *l = gs_log_at(gs, i);
        if (gs_log_visible(l, viewer))
            printf("%s%s\n", l->kind == GS_LOG_EVENT ? "    " : "  > ", l->text);
    }
}

static void wait_key(void)
{
    if (!isatty(0))
        return;
    printf("-- Enter for the next step --");
    fflush(stdout);
    int c;
    while ((c = getchar()) != EOF && c != '\n')
        ;
}

static void print_result(const gr_game *g)
{
    gr_pending p;
    gr_game_pending(g, &p);
    if (p.kind != GR_PENDING_OVER) {
        printf("the game is not over: next decision %s\n", gr_game_decision_name(g, p.decision));
        return;
    }
    printf("result: %s, winner %s\n", gr_game_outcome_name(g, p.outcome),
           p.winner >= 0 ? gr_game_player_name(g, p.winner) : "nobody (draw)");
}

/* Replays every step of doc on gs, verifying hashes; 0 when all match. */
static int replay_steps(gs_session *gs, const gs_save_doc *doc, const replay_opts *o)
{
    char hash[17];
    gr_error err = {{0}, {0}};
    for (int i = 0; i < doc->nsteps; i++) {
        int before = gs_log_count(gs);
        if (gs_apply_record(gs, doc->line[i], &doc->hash[i], &err) != GR_OK) {
            printf("step %d: FAILED: %s%s%s\n", i + 1, err.msg, err.rule[0] ? " " : "", err.rule);
            return -1;
        }
        gs_hash_text(doc->hash[i], hash);
        if (!o->quiet) {
            printf("step %d/%d: hash %s verified\n", i + 1, doc->nsteps, hash);
            print_log(gs, before, o->viewer);
            if (o->pause)
                wait_key();
        }
    }
    return 0;
}

/* Checks the final hash and prints the summary; 0 when it matches. */
static int finish(const gs_session *gs, const gs_save_doc *doc)
{
    char hash[17];
    gs_hash_text(doc->final_hash, hash);
    if (gr_game_hash(gs_game(gs)) != doc->final_hash) {
        printf("final hash %s: FAILED (the state differs from the save's)\n", hash);
        return CLI_FAIL;
    }
    print_result(gs_game(gs));
    printf("final hash %s verified (it covers the dice stream)\n", hash);
    printf("all %d step hashes verified\n", doc->nsteps);
    return CLI_OK;
}

int cmd_replay(int argc, char **argv)
{
    replay_opts o;
    gs_save_doc doc;
    char why[1024], hash[17];
    if (parse_opts(argc, argv, &o) != 0)
        return CLI_USAGE;
    if (gs_save_read(o.file, &doc, why, sizeof why) != 0) {
        fprintf(stderr, "grognard: %s\n", why);
        return CLI_FAIL;
    }
    gs_session *gs = gs_save_begin(&doc, o.file, why, sizeof why);
    int rc = CLI_FAIL;
    if (!gs) {
        fprintf(stderr, "grognard: %s\n", why);
    } else if (o.viewer_name && (o.viewer = gr_game_player_find(gs_game(gs), o.viewer_name)) < 0) {
        fprintf(stderr, "grognard replay: no player '%s'\n", o.viewer_name);
        rc = CLI_USAGE;
    } else {
        gs_hash_text(doc.data_hash, hash);
        printf("%s: %s (%s), seed %llu, %d steps, saved by grognard %s\n", o.file, doc.scenario,
               doc.system, (unsigned long long)doc.seed, doc.nsteps, doc.engine);
        printf("checksum verified; data hash %s matches the installed scenario\n", hash);
        gs_hash_text(doc.initial_hash, hash);
        printf("initial hash %s verified\n", hash);
        if (!o.quiet)
            print_log(gs, 0, o.viewer);
        if (replay_steps(gs, &doc, &o) == 0)
            rc = finish(gs, &doc);
    }
    gs_free(gs);
    gs_save_doc_free(&doc);
    return rc;
}
