/*
 * balance.h — `grognard balance` (docs/balance.md): many games of one
 * scenario between an agent per side, for each variant of its data (the
 * product of the --set values), played by local worker processes or by the
 * ranks of an MPI job, each finished game appended to a SQLite results
 * store at once (a run started again resumes), then a report as text and
 * as an SVG page.
 *
 * Game g of every variant uses dice seed SEED+g and agent seeds derived
 * from it, so the results do not depend on how many processes play them
 * (with budgets counted in iterations) and variants are compared on the
 * same dice.
 */
#ifndef GR_CLI_BALANCE_H
#define GR_CLI_BALANCE_H

#include <stdint.h>

#include "grognard.h"

#define BAL_MAX_SETS 4      /* --set options                                */
#define BAL_MAX_VALUES 8    /* values of one --set                          */
#define BAL_MAX_VARIANTS 64 /* the product of the --set value counts        */
#define BAL_MAX_TURNS 96    /* turns of a game kept for the trajectory      */
#define BAL_MAX_WORKERS 64

/* One --set FILE:PATH=V1,V2,...: a data value and the values it takes. */
typedef struct bal_set {
    char file[128];  /* data file under the data root, "arw/tables.json" */
    char path[128];  /* JSON path in it, "morale.pass" or "units[3].sp"    */
    int nvalues;
    char value[BAL_MAX_VALUES][64]; /* JSON text (a bare word: a string)  */
} bal_set;

typedef struct bal_opts {
    const char *scenario;
    const char *agent[2];   /* agent specs of player 0 and player 1         */
    uint64_t games, seed, workers, max_steps;
    const char *store;      /* results store (SQLite)                       */
    const char *report;     /* SVG report file, or NULL                     */
    int nsets;
    bal_set set[BAL_MAX_SETS];
    int nvariants;          /* product of the value counts (1 without --set) */
} bal_opts;

/* One finished game: what the store keeps and what processes send. */
typedef struct bal_record {
    int32_t variant, game;
    int8_t winner;          /* player, -1 draw                              */
    uint8_t finished;       /* 0: stopped at max_steps (a draw)             */
    uint8_t failed;         /* an agent or the rules stopped it: not counted */
    uint8_t pad_;
    int16_t outcome;        /* the system's outcome code                    */
    int16_t nturns;         /* entries of margin_at                        */
    uint32_t steps;         /* actions applied                              */
    int32_t margin;         /* final score (gr_game_score), hundredths      */
    int32_t margin_at[BAL_MAX_TURNS]; /* the score when each turn ended     */
    uint64_t hash;          /* state hash at the end                        */
} bal_record;

/* The words of variant v ("arw/tables.json:morale.pass=6"), into buf. */
void bal_variant_label(const bal_opts *o, int v, char *buf, size_t size);
/* Loads the scenario with variant v's values in place of the data's;
 * NULL with the reason in why. */
gr_scenario *bal_load_variant(const bal_opts *o, int v, char *why, size_t why_size);
/* Plays game `game` of variant `variant` on sc into rec (rec->failed and a
 * message on stderr when it cannot be played). */
void bal_play(const gr_scenario *sc, const bal_opts *o, int variant, int game, bal_record *rec);

/* The results store. */
typedef struct bal_store bal_store;
/* Opens (creating) the store at path for the run o describes (scenario,
 * agents, seed, steps, sets: the same run resumes, another one is kept
 * apart).  NULL with the reason in why. */
bal_store *bal_store_open(const char *path, const bal_opts *o, char *why, size_t why_size);
void bal_store_close(bal_store *st);
/* Marks in done[v * games + g] (zeroed by the caller) the games stored. */
int bal_store_done(bal_store *st, const bal_opts *o, uint8_t *done, char *why, size_t why_size);
/* Appends one game in its own transaction (synchronous=FULL: on disk when
 * it returns); a game stored already is left as it is.  0, or -1 + why. */
int bal_store_put(bal_store *st, const bal_record *rec, char *why, size_t why_size);
/* Every stored game of the run with game < o->games, into out (room for
 * nvariants * games, in order of variant then game); their count. */
int bal_store_load(bal_store *st, const bal_opts *o, bal_record *out, char *why,
                   size_t why_size);

/* Joins the MPI job when this process was started by mpirun (its rank
 * into *rank), else *rank = 0; -1 when MPI cannot start.  bal_end leaves
 * it.  Only rank 0 opens the store and reports. */
int bal_begin(int *rank);
void bal_end(void);
/* Under MPI, ends every rank of the job (rank 0 could not start it). */
void bal_abort(void);
/* Non-zero when this process was started by mpirun (OpenMPI's variables). */
int bal_under_mpi(void);
/* Plays the jobs (variant * games + game indices; rank 0 gives them, the
 * other ranks pass NULL, 0) on local worker processes or on the MPI ranks;
 * this process (rank 0) stores every record as it arrives, with progress
 * on stderr.  0 when every job was played and stored. */
int bal_run(const bal_opts *o, bal_store *st, const int32_t *jobs, int njobs);

/* The report of recs[0..n) (failed games left out): text on stdout, and
 * the SVG page at o->report when set.  0, or -1 when the page could not be
 * written. */
int bal_report(const bal_opts *o, const gr_scenario *sc, const bal_record *recs, int n);

#endif
