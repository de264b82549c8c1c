/*
 * play_front.h — the front ends of `grognard play`: the ncurses screen
 * (play_tui.c) and the plain line mode (play_line.c).  Each installs its own
 * `say` callback on the context, runs until `quit` or the end of input, and
 * returns an exit status.
 */
#ifndef GR_CLI_PLAY_FRONT_H
#define GR_CLI_PLAY_FRONT_H

#include <stdio.h>

#include "play.h"

/* Plain line mode: commands from `in`, everything printed to `out`. */
int play_line_run(play_ctx *c, FILE *in, FILE *out);
/* Prints the viewer's map (or describe text without a hex map) and the
 * panel; `colour`: ANSI colours. */
void play_print_map(play_ctx *c, FILE *out, int colour);
/* The ncurses screen on the terminal; returns -1 when the terminal cannot
 * be used (the caller then falls back to line mode), else an exit status. */
int play_tui_run(play_ctx *c);

/*
 * Computer against computer (no terminal): agents of kind `agent` (seeded
 * from seed) play the session to the end; prints the log (everything: the
 * referee's log) unless quiet, then the result; saves to `save` if given.
 * Frees gs.  Returns an exit status.
 */
int play_auto(gs_session *gs, const char *agent, uint64_t seed, int quiet, const char *save);

#endif
