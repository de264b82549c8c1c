/* progress.c — see progress.h. */
#include "progress.h"

#include <time.h>
#include <unistd.h>

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void cli_progress_start(cli_progress *p, const char *what, uint64_t total)
{
    p->out = stderr;
    p->what = what;
    p->total = total;
    p->done = p->shown_done = 0;
    p->start = p->last = now_seconds();
    p->tty = isatty(fileno(stderr));
    p->shown = 0;
}

/* Writes the line "what: done/total games, R games/s, about T s left". */
static void show(cli_progress *p, double t)
{
    double elapsed = t - p->start, rate = elapsed > 0 ? (double)p->done / elapsed : 0;
    double left = rate > 0 ? (double)(p->total - p->done) / rate : 0;
    fprintf(p->out, "%s%s: %llu/%llu games, %.2f games/s, ", p->tty ? "\r" : "", p->what,
            (unsigned long long)p->done, (unsigned long long)p->total, rate);
    if (p->done < p->total && rate > 0)
        fprintf(p->out, "about %.0f s left%s", left, p->tty ? "   " : "\n");
    else
        fprintf(p->out, "%.0f s%s", elapsed, p->tty ? "   " : "\n");
    fflush(p->out);
    p->last = t;
    p->shown = 1;
    p->shown_done = p->done;
}

void cli_progress_update(cli_progress *p, uint64_t done)
{
    p->done = done < p->total ? done : p->total;
    double t = now_seconds(), every = p->tty ? 0.25 : PROGRESS_EVERY;
    if (t - p->last >= every)
        show(p, t);
}

void cli_progress_end(cli_progress *p)
{
    if (!p->shown)
        return;
    if (p->shown_done != p->done)
        show(p, now_seconds());
    if (p->tty)
        fputc('\n', p->out);
}
