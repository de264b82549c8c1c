/* balance_run.c — who plays balance's games: local worker processes (fork,
 * a pipe each) or, under mpirun, the ranks of the MPI job (OpenMPI).  Job k
 * of the list goes to worker (or rank) k mod W; every finished game is sent
 * to this process (rank 0), which stores it at once.  See balance.h. */
#include <errno.h>
#include <mpi.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "balance.h"
#include "host/files.h"
#include "progress.h"

#define BAL_TAG_RECORD 7

int bal_under_mpi(void)
{
    return getenv("OMPI_COMM_WORLD_SIZE") != NULL || getenv("PMIX_RANK") != NULL;
}

/* The scenario of each variant, loaded once per process (NULL + message
 * on failure). */
static int load_all(const bal_opts *o, gr_scenario **sc)
{
    char why[512];
    for (int v = 0; v < o->nvariants; v++)
        if (!(sc[v] = bal_load_variant(o, v, why, sizeof why))) {
            fprintf(stderr, "grognard balance: variant %d: %s\n", v, why);
            return -1;
        }
    return 0;
}

static void free_all(const bal_opts *o, gr_scenario **sc)
{
    for (int v = 0; v < o->nvariants; v++)
        gr_scenario_free(sc[v]);
}

/* Plays jobs[k] for k = first, first + step, ...; each record to `put`. */
static int play_share(const bal_opts *o, const int32_t *jobs, int njobs, int first, int step,
                      int (*put)(void *ctx, const bal_record *r), void *ctx)
{
    gr_scenario *sc[BAL_MAX_VARIANTS] = {NULL};
    int rc = load_all(o, sc);
    for (int k = first; rc == 0 && k < njobs; k += step) {
        bal_record rec;
        int v = (int)(jobs[k] / (int32_t)o->games), g = (int)(jobs[k] % (int32_t)o->games);
        bal_play(sc[v], o, v, g, &rec);
        rc = put(ctx, &rec);
    }
    free_all(o, sc);
    return rc;
}

/* ---------------------------------------------------------------- local workers */

static int write_record(void *ctx, const bal_record *r)
{
    return gr_host_write_all(*(int *)ctx, r, sizeof *r);
}

typedef struct collector {
    bal_store *st;
    cli_progress progress;
    int stored, failed;
} collector;

/* Stores one arriving record (a failed game is reported, not stored). */
static int collect(collector *c, const bal_record *r)
{
    char why[512];
    if (r->failed)
        c->failed++;
    else if (bal_store_put(c->st, r, why, sizeof why) != 0) {
        fprintf(stderr, "grognard balance: %s\n", why);
        return -1;
    }
    cli_progress_update(&c->progress, (uint64_t)++c->stored);
    return 0;
}

/* Reads the workers' pipes as records arrive (poll), until all close,
 * storing every record at once. */
static int gather_pipes(collector *c, const int *fds, int nw)
{
    bal_record part[BAL_MAX_WORKERS];
    size_t have[BAL_MAX_WORKERS] = {0};
    struct pollfd pfd[BAL_MAX_WORKERS];
    int open = nw, rc = 0;
    for (int w = 0; w < nw; w++)
        pfd[w] = (struct pollfd){fds[w], POLLIN, 0};
    while (open > 0) {
        if (poll(pfd, (nfds_t)nw, -1) < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        for (int w = 0; w < nw; w++) {
            if (pfd[w].fd < 0 || !pfd[w].revents)
                continue;
            ssize_t k = read(fds[w], (char *)&part[w] + have[w], sizeof part[w] - have[w]);
            if (k < 0 && errno == EINTR)
                continue;
            if (k <= 0) {
                pfd[w].fd = -1; /* closed: poll ignores it */
                open--;
            } else if ((have[w] += (size_t)k) == sizeof part[w]) {
                have[w] = 0;
                rc |= collect(c, &part[w]);
            }
        }
    }
    return rc;
}

static int run_local(const bal_opts *o, collector *c, const int32_t *jobs, int njobs)
{
    int nw = (int)o->workers < njobs ? (int)o->workers : njobs, fds[BAL_MAX_WORKERS] = {0};
    pid_t pid[BAL_MAX_WORKERS];
    fflush(NULL);
    for (int w = 0; w < nw; w++) {
        int pipefd[2];
        if (pipe(pipefd) != 0 || (pid[w] = fork()) < 0) {
            perror("grognard balance: worker");
            nw = w;
            break;
        }
        if (pid[w] == 0) {
            close(pipefd[0]);
            for (int k = 0; k < w; k++)
                close(fds[k]);
            _exit(play_share(o, jobs, njobs, w, nw, write_record, &pipefd[1]) ? 1 : 0);
        }
        close(pipefd[1]);
        fds[w] = pipefd[0];
    }
    int rc = gather_pipes(c, fds, nw), status;
    for (int w = 0; w < nw; w++) {
        close(fds[w]);
        rc |= waitpid(pid[w], &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status);
    }
    return rc || nw == 0 ? -1 : 0;
}

/* ---------------------------------------------------------------- MPI ranks */

typedef struct mpi_ctx {
    collector *c; /* rank 0 only */
    int received, expected;
} mpi_ctx;

/* Waits 20 ms between two looks: MPI's blocking calls spin on the CPU,
 * and even a look a millisecond (MPI_Test, MPI_Iprobe: OpenMPI's progress
 * engine polls its transports) cost a waiting rank a quarter of a core
 * (perf), which the ranks still playing on the same machine need. */
static void nap(void)
{
    const struct timespec wait = {0, 20 * 1000 * 1000};
    nanosleep(&wait, NULL);
}

/* Rank 0: stores every record another rank has sent so far (block: wait
 * for them all, napping while none has come). */
static int drain(mpi_ctx *m, int block)
{
    int rc = 0;
    while (m->received < m->expected) {
        int flag = 0;
        MPI_Status s;
        MPI_Iprobe(MPI_ANY_SOURCE, BAL_TAG_RECORD, MPI_COMM_WORLD, &flag, &s);
        if (!flag && !block)
            break;
        if (!flag) {
            nap();
            continue;
        }
        bal_record r;
        MPI_Recv(&r, (int)sizeof r, MPI_BYTE, MPI_ANY_SOURCE, BAL_TAG_RECORD, MPI_COMM_WORLD, &s);
        m->received++;
        rc |= collect(m->c, &r);
    }
    return rc;
}

static int put_root(void *ctx, const bal_record *r)
{
    mpi_ctx *m = ctx;
    return collect(m->c, r) | drain(m, 0);
}

/* Another rank: the record to rank 0, buffered (MPI_Bsend returns at once;
 * a plain MPI_Send spins until rank 0 looks, which it does only between
 * its own games: perf showed the rank stalled a whole game at a time). */
static int put_rank(void *ctx, const bal_record *r)
{
    (void)ctx;
    return MPI_Bsend(r, (int)sizeof *r, MPI_BYTE, 0, BAL_TAG_RECORD, MPI_COMM_WORLD) ==
                   MPI_SUCCESS
               ? 0
               : -1;
}

/* Room for every record of this rank's share, buffered (put_rank). */
static void *attach_buffer(int share)
{
    int size = (share + 1) * ((int)sizeof(bal_record) + MPI_BSEND_OVERHEAD);
    void *buf = malloc((size_t)size);
    if (!buf || MPI_Buffer_attach(buf, size) != MPI_SUCCESS)
        MPI_Abort(MPI_COMM_WORLD, 1);
    return buf;
}

int bal_begin(int *rank)
{
    *rank = 0;
    if (!bal_under_mpi())
        return 0;
    if (MPI_Init(NULL, NULL) != MPI_SUCCESS)
        return -1;
    MPI_Comm_rank(MPI_COMM_WORLD, rank);
    return 0;
}

void bal_abort(void)
{
    if (bal_under_mpi())
        MPI_Abort(MPI_COMM_WORLD, 1);
}

void bal_end(void)
{
    if (bal_under_mpi())
        MPI_Finalize();
}

/* The OR of every rank's rc (at rank 0; others get their own), napping
 * while some rank still plays. */
static int wait_all(int rc)
{
    int all = 0, done = 0, rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Request req;
    MPI_Ireduce(&rc, &all, 1, MPI_INT, MPI_BOR, 0, MPI_COMM_WORLD, &req);
    while (MPI_Test(&req, &done, MPI_STATUS_IGNORE) == MPI_SUCCESS && !done)
        nap(); /* the ranks still playing keep the CPU */
    return rank == 0 ? all : rc;
}

/* Every rank: the job list from rank 0, its share played; rank 0 stores. */
static int run_mpi(const bal_opts *o, collector *c, const int32_t *jobs, int njobs)
{
    int size = 1, rank = 0, n = njobs;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Bcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD);
    int32_t *list = rank == 0 ? (int32_t *)jobs : malloc((size_t)(n ? n : 1) * sizeof *list);
    if (!list)
        MPI_Abort(MPI_COMM_WORLD, 1);
    MPI_Bcast(list, n, MPI_INT32_T, 0, MPI_COMM_WORLD);
    int rc;
    if (rank == 0) {
        mpi_ctx m = {c, 0, 0};
        for (int k = 0; k < n; k++)
            m.expected += k % size != 0;
        cli_progress_start(&c->progress, "balance", (uint64_t)n);
        rc = play_share(o, list, n, 0, size, put_root, &m);
        rc |= drain(&m, 1);
        cli_progress_end(&c->progress);
    } else {
        void *buf = attach_buffer(n / size + 1);
        rc = play_share(o, list, n, rank, size, put_rank, NULL);
        free(list);
        rc = wait_all(rc); /* the buffered records reach rank 0 meanwhile */
        int bytes;
        MPI_Buffer_detach(&buf, &bytes); /* all delivered: returns at once */
        free(buf);
        return rc;
    }
    return wait_all(rc);
}

int bal_run(const bal_opts *o, bal_store *st, const int32_t *jobs, int njobs)
{
    collector c = {st, {0}, 0, 0};
    int rc;
    if (bal_under_mpi()) {
        rc = run_mpi(o, &c, jobs, njobs);
    } else {
        cli_progress_start(&c.progress, "balance", (uint64_t)njobs);
        rc = njobs ? run_local(o, &c, jobs, njobs) : 0;
        cli_progress_end(&c.progress);
    }
    if (c.failed)
        fprintf(stderr, "grognard balance: %d games failed (see above): not stored\n", c.failed);
    return rc || c.failed ? -1 : 0;
}
