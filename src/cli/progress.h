/* progress.h — progress of long work on stderr (arena, balance):
 * games done of N, the rate and the time left.  On a terminal one line is
 * redrawn in place, at most 4 times a second; otherwise a line is written
 * every PROGRESS_EVERY seconds, so logs of long runs show they are alive.
 * Nothing is written for work that ends within its first interval. */
#ifndef GR_CLI_PROGRESS_H
#define GR_CLI_PROGRESS_H

#include <stdint.h>
#include <stdio.h>

#define PROGRESS_EVERY 10.0 /* seconds between lines when stderr is no terminal */

typedef struct cli_progress {
    FILE *out;
    const char *what;  /* "arena: 12/100 games", with what = "arena" */
    uint64_t total, done, shown_done; /* shown_done: the count last written */
    double start, last; /* seconds (monotonic clock) */
    int tty, shown;
} cli_progress;

/* Starts counting `total` units of work for `what` (a static string). */
void cli_progress_start(cli_progress *p, const char *what, uint64_t total);
/* `done` units are now finished; writes a line when one is due. */
void cli_progress_update(cli_progress *p, uint64_t done);
/* Ends the count: when a line was written, the final count is written
 * too (once) and, on a terminal, the line in place ends with a newline. */
void cli_progress_end(cli_progress *p);

#endif
