/*
 * engine_cmds.h — the protocol commands (engine_game.c: commands that change
 * or store the game; engine_cmds.c: the table and the commands that look)
 * and the helpers they share.
 */
#ifndef GR_CLI_ENGINE_CMDS_H
#define GR_CLI_ENGINE_CMDS_H

#include "engine_internal.h"

/* Sets "ok step=N hash=H [extra]". */
void engine_head_state(reply *r, const gs_session *gs, const char *extra);
/* Appends log lines [from, end) visible to viewer (-1: all) to the body:
 * "> " before actions and dice, two blanks before events. */
void engine_body_log(reply *r, const gs_session *gs, int from, int viewer);
/* Player index of a name, or -1 after reply_error. */
int engine_player(const cli_engine *e, const char *name, reply *r);

/* Commands of engine_game.c (contract: engine_fn in engine_internal.h;
 * behaviour: docs/protocol.md): new, load, save, apply, ai, dice, undo. */
int eng_new(cli_engine *e, char **w, int n, const char *rest, reply *r);
int eng_load(cli_engine *e, char **w, int n, const char *rest, reply *r);
int eng_save(cli_engine *e, char **w, int n, const char *rest, reply *r);
int eng_apply(cli_engine *e, char **w, int n, const char *rest, reply *r);
int eng_ai(cli_engine *e, char **w, int n, const char *rest, reply *r);
int eng_dice(cli_engine *e, char **w, int n, const char *rest, reply *r);
int eng_undo(cli_engine *e, char **w, int n, const char *rest, reply *r);

#endif
