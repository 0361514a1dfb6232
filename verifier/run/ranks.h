/*
 * ranks.h -- the processes of one run: several under Open MPI (a build
 * with `make MPI=1`, started by mpirun or srun), else just this one.
 *
 * A run under MPI is the same program on every rank: each parses the same
 * command line, generates the same games in the same order and accounts
 * for them the same way, so every rank reaches the same verdicts; only
 * the analysis of each chunk of games is divided (game i of a chunk on
 * rank i mod R, each rank on its own pinned OpenMP workers), and the
 * results of the chunk are gathered on every rank.  Rank 0 alone claims
 * the output place, prints, writes checkpoints and the results; its exit
 * status is every rank's.
 */
#ifndef RANKS_H
#define RANKS_H

#include <stdbool.h>
#include <stddef.h>

#include "core/engine/table.h"
#include "core/engine/pinning.h"
#include "proofs/claim.h"

typedef struct {
    int rank, size;
    bool mpi;        /* started under MPI (size may still be 1) */
} run_ranks;

/* Whether this build can run under MPI. */
bool ranks_built_with_mpi(void);

/* Joins the run's processes (MPI_Init_thread, funneled: only the main
 * thread calls MPI).  Returns 0, or -1 with a reason. */
int ranks_init(run_ranks *r, int *argc, char ***argv, char *err, int errlen);
/* Leaves MPI once every rank has come here. */
void ranks_finalize(run_ranks *r);

/* Who analyses a family's games: this process's pinned workers and, under
 * MPI, the other ranks' (ranks NULL: this process alone). */
typedef struct {
    const run_ranks *ranks;
    pinning *pin;
    /* Told, from the primary thread, how many jobs of the chunk are done
     * (NULL: nobody listens): the progress of a chunk of slow games. */
    void (*tick)(void *arg, uint64_t done);
    void *tick_arg;
} jobs_runner;

/* claim_ctx.run_jobs (arg: a jobs_runner): the chunk analysed across the
 * ranks, every job's results on every rank afterwards. */
void ranks_run_jobs(void *arg, const claim_jobs *jobs);

/* The jobs on this process's pinned workers (pin NULL: one worker);
 * run->tick, when set, hears how many are done. */
void jobs_run_local(const claim_jobs *jobs, const jobs_runner *run);

/* Rank 0's bytes on every rank: on the others *buf is replaced by a new
 * allocation (free it) of *len bytes. */
void ranks_share(const run_ranks *r, char **buf, size_t *len);

/* Rank 0's status, for every rank to return. */
int ranks_agree(const run_ranks *r, int status);

/* The largest of every rank's v, on every rank (a refusal on any rank is
 * every rank's). */
int ranks_max(const run_ranks *r, int v);

/* lane_split.reduce over the ranks (arg: the run_ranks). */
void ranks_reduce(void *arg, int64_t *v, size_t n, reduce_op op);

/* Every rank's n bytes, one after another in rank order, on rank 0 (a new
 * allocation, with each rank's count in lens[0 .. size)); NULL on the
 * other ranks. */
unsigned char *ranks_gather(const run_ranks *r, const void *mine, size_t n, size_t *lens);

/* sweep_share.gather (arg: the run_ranks): every rank's bytes, in rank
 * order, on every rank (a new allocation; lens[q] rank q's count). */
uint8_t *ranks_gather_all(void *arg, const uint8_t *mine, uint64_t bytes, uint64_t *lens);

#endif
