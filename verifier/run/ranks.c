/*
 * ranks.c -- one run over several processes with Open MPI, or over this
 * one alone (see ranks.h).  Built with MPI when WITH_MPI is defined.
 */
#include "verifier/run/ranks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/layers.h"
#include "core/engine/xalloc.h"

#ifdef WITH_MPI
#include <mpi.h>

bool ranks_built_with_mpi(void)
{
    return true;
}

int ranks_init(run_ranks *r, int *argc, char ***argv, char *err, int errlen)
{
    memset(r, 0, sizeof *r);
    r->size = 1;
    int provided = 0;
    if (MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
        snprintf(err, (size_t)errlen, "cannot start MPI");
        return -1;
    }
    /* Only the main thread calls MPI, outside the OpenMP regions. */
    if (provided < MPI_THREAD_FUNNELED) {
        snprintf(err, (size_t)errlen, "this MPI library does not allow OpenMP threads beside it");
        return -1;
    }
    r->mpi = true;
    MPI_Comm_rank(MPI_COMM_WORLD, &r->rank);
    MPI_Comm_size(MPI_COMM_WORLD, &r->size);
    return 0;
}

void ranks_finalize(run_ranks *r)
{
    /* Every rank gets here before any leaves: rank 0 exiting with a
     * non-zero status makes mpirun signal the ranks still running, and
     * those must have finished their work by then. */
    if (r->mpi && r->size > 1)
        MPI_Barrier(MPI_COMM_WORLD);
    if (r->mpi)
        MPI_Finalize();
    r->mpi = false;
}

/* Job i of a chunk. */
static void *job_at(const claim_jobs *c, void *base, int i)
{
    return (unsigned char *)base + (size_t)i * c->size;
}

void ranks_run_jobs(void *arg, const claim_jobs *c)
{
    const jobs_runner *run = arg;
    const run_ranks *r = run->ranks;
    int n = c->n;
    if (!r || r->size == 1 || n == 0) {
        jobs_run_local(c, run);
        return;
    }
    /* Game i on rank i mod R: neighbouring games (of similar cost) spread
     * evenly, and every rank knows who has which without a message. */
    int mine = 0;
    for (int i = r->rank; i < n; i += r->size)
        mine++;
    void *local = xmalloc(xmul((size_t)(mine ? mine : 1), c->size, "a rank's games"), "a rank's games");
    for (int i = r->rank, k = 0; i < n; i += r->size)
        memcpy(job_at(c, local, k++), job_at(c, c->jobs, i), c->size);
    claim_jobs mine_only = *c;
    mine_only.jobs = local;
    mine_only.n = mine;
    jobs_run_local(&mine_only, run);
    /* Result sizes follow each job's M (known on every rank: the inputs
     * are the same everywhere), so every rank can place every result. */
    int *counts = xcalloc((size_t)r->size, sizeof *counts, "a rank's games");
    int *displs = xmalloc((size_t)r->size * sizeof *displs, "a rank's games");
    size_t total = 0;
    for (int q = 0; q < r->size; q++) {
        size_t bytes = 0;
        for (int i = q; i < n; i += r->size)
            bytes += c->result_bytes(job_at(c, c->jobs, i));
        if (bytes > (size_t)2147483647 || total > (size_t)2147483647 - bytes)
            die("a chunk of games is too large to gather over MPI");
        counts[q] = (int)bytes;
        displs[q] = (int)total;
        total += bytes;
    }
    unsigned char *sendbuf = xmalloc(counts[r->rank] ? (size_t)counts[r->rank] : 1, "a rank's games");
    unsigned char *all = xmalloc(total ? total : 1, "the games of a chunk");
    size_t at = 0;
    for (int k = 0; k < mine; k++) {
        c->result_pack(job_at(c, local, k), sendbuf + at);
        at += c->result_bytes(job_at(c, local, k));
    }
    if (MPI_Allgatherv(sendbuf, counts[r->rank], MPI_BYTE, all, counts, displs, MPI_BYTE, MPI_COMM_WORLD) !=
        MPI_SUCCESS)
        die("MPI could not gather a chunk of games");
    for (int q = 0; q < r->size; q++) {
        at = (size_t)displs[q];
        for (int i = q; i < n; i += r->size) {
            c->result_unpack(job_at(c, c->jobs, i), all + at);
            at += c->result_bytes(job_at(c, c->jobs, i));
        }
    }
    free(all);
    free(sendbuf);
    free(counts);
    free(displs);
    free(local);
}

void ranks_share(const run_ranks *r, char **buf, size_t *len)
{
    if (r->size == 1)
        return;
    unsigned long long n = *len;
    MPI_Bcast(&n, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
    if (n > (unsigned long long)2147483647)
        die("a message too large to share over MPI");
    if (r->rank != 0) {
        *buf = xmalloc((size_t)n + 1, "a message from rank 0");
        (*buf)[n] = 0;
        *len = (size_t)n;
    }
    MPI_Bcast(*buf, (int)n, MPI_BYTE, 0, MPI_COMM_WORLD);
}

int ranks_agree(const run_ranks *r, int status)
{
    if (r->size > 1)
        MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return status;
}

int ranks_max(const run_ranks *r, int v)
{
    if (r->size > 1 && MPI_Allreduce(MPI_IN_PLACE, &v, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD) != MPI_SUCCESS)
        die("MPI could not combine the ranks' states");
    return v;
}

void ranks_reduce(void *arg, int64_t *v, size_t n, reduce_op op)
{
    const run_ranks *r = arg;
    if (r->size == 1)
        return;
    MPI_Op mop = op == REDUCE_SUM ? MPI_SUM : op == REDUCE_MIN ? MPI_MIN : MPI_MAX;
    /* MPI counts are ints: large arrays go in pieces. */
    for (size_t at = 0; at < n;) {
        size_t k = n - at > ((size_t)1 << 28) ? (size_t)1 << 28 : n - at;
        if (MPI_Allreduce(MPI_IN_PLACE, v + at, (int)k, MPI_INT64_T, mop, MPI_COMM_WORLD) != MPI_SUCCESS)
            die("MPI could not combine the blocks of lanes");
        at += k;
    }
}

unsigned char *ranks_gather(const run_ranks *r, const void *mine, size_t n, size_t *lens)
{
    if (r->size == 1) {
        unsigned char *all = xmalloc(n ? n : 1, "gathered bytes");
        memcpy(all, mine, n);
        lens[0] = n;
        return all;
    }
    if (n > (size_t)2147483647)
        die("a message too large to gather over MPI (%zu bytes)", n);
    int mine_n = (int)n;
    int *counts = xcalloc((size_t)r->size, sizeof *counts, "gathered bytes");
    int *displs = xcalloc((size_t)r->size, sizeof *displs, "gathered bytes");
    if (MPI_Gather(&mine_n, 1, MPI_INT, counts, 1, MPI_INT, 0, MPI_COMM_WORLD) != MPI_SUCCESS)
        die("MPI could not gather the ranks' sizes");
    unsigned char *all = NULL;
    if (r->rank == 0) {
        size_t total = 0;
        for (int q = 0; q < r->size; q++) {
            if (total > (size_t)2147483647 - (size_t)counts[q])
                die("messages too large to gather over MPI");
            displs[q] = (int)total;
            lens[q] = (size_t)counts[q];
            total += (size_t)counts[q];
        }
        all = xmalloc(total ? total : 1, "gathered bytes");
    }
    if (MPI_Gatherv(mine, mine_n, MPI_BYTE, all, counts, displs, MPI_BYTE, 0, MPI_COMM_WORLD) != MPI_SUCCESS)
        die("MPI could not gather the ranks' bytes");
    free(counts);
    free(displs);
    return all;
}

uint8_t *ranks_gather_all(void *arg, const uint8_t *mine, uint64_t bytes, uint64_t *lens)
{
    const run_ranks *r = arg;
    unsigned long long n = bytes;
    unsigned long long *counts = xcalloc((size_t)r->size, sizeof *counts, "the ranks' sizes");
    if (MPI_Allgather(&n, 1, MPI_UNSIGNED_LONG_LONG, counts, 1, MPI_UNSIGNED_LONG_LONG, MPI_COMM_WORLD) !=
        MPI_SUCCESS)
        die("MPI could not share the ranks' sizes");
    uint64_t total = 0;
    for (int q = 0; q < r->size; q++) {
        lens[q] = counts[q];
        if (counts[q] > SIZE_MAX - total)
            die("the ranks' parts of a layer are more bytes than this machine can address");
        total += counts[q];
    }
    uint8_t *all = xmalloc(total ? (size_t)total : 1, "every rank's part of a layer");
    /* Each rank's bytes from that rank to every other, in pieces of at
     * most 1 GiB (MPI counts are ints). */
    uint64_t at = 0;
    for (int q = 0; q < r->size; q++) {
        if (q == r->rank)
            memcpy(all + at, mine, (size_t)counts[q]);
        for (uint64_t done = 0; done < counts[q];) {
            uint64_t k = counts[q] - done > ((uint64_t)1 << 30) ? (uint64_t)1 << 30 : counts[q] - done;
            if (MPI_Bcast(all + at + done, (int)k, MPI_BYTE, q, MPI_COMM_WORLD) != MPI_SUCCESS)
                die("MPI could not share rank %d's part of a layer", q);
            done += k;
        }
        at += counts[q];
    }
    free(counts);
    return all;
}

#else

bool ranks_built_with_mpi(void)
{
    return false;
}

int ranks_init(run_ranks *r, int *argc, char ***argv, char *err, int errlen)
{
    (void)argc;
    (void)argv;
    (void)err;
    (void)errlen;
    memset(r, 0, sizeof *r);
    r->size = 1;
    return 0;
}

void ranks_finalize(run_ranks *r)
{
    (void)r;
}

void ranks_run_jobs(void *arg, const claim_jobs *c)
{
    const jobs_runner *run = arg;
    jobs_run_local(c, run);
}

void ranks_share(const run_ranks *r, char **buf, size_t *len)
{
    (void)r;
    (void)buf;
    (void)len;
}

int ranks_agree(const run_ranks *r, int status)
{
    (void)r;
    return status;
}

int ranks_max(const run_ranks *r, int v)
{
    (void)r;
    return v;
}

void ranks_reduce(void *arg, int64_t *v, size_t n, reduce_op op)
{
    (void)arg;
    (void)v;
    (void)n;
    (void)op;
}

unsigned char *ranks_gather(const run_ranks *r, const void *mine, size_t n, size_t *lens)
{
    (void)r;
    unsigned char *all = xmalloc(n ? n : 1, "gathered bytes");
    memcpy(all, mine, n);
    lens[0] = n;
    return all;
}

uint8_t *ranks_gather_all(void *arg, const uint8_t *mine, uint64_t bytes, uint64_t *lens)
{
    (void)arg;
    uint8_t *all = xmalloc(bytes ? (size_t)bytes : 1, "every rank's part of a layer");
    memcpy(all, mine, (size_t)bytes);
    lens[0] = bytes;
    return all;
}

#endif

/* ---- this process's workers ---- */

typedef struct {
    const claim_jobs *c;
    const jobs_runner *run;
    uint64_t done;      /* jobs finished, counted by every worker       */
    void **scratch;     /* one a worker, each touched by its own only   */
} local_jobs;

static void analyse_item(void *ctx, int tid, uint64_t i)
{
    local_jobs *l = ctx;
    if (!l->scratch[tid] && l->c->scratch_new)
        l->scratch[tid] = l->c->scratch_new();
    l->c->analyse((unsigned char *)l->c->jobs + (size_t)i * l->c->size, l->scratch[tid]);
    uint64_t done;
#pragma omp atomic capture
    done = ++l->done;
    /* The primary thread tells the listener (progress lines come from one
     * thread); the others only count. */
    if (tid == 0 && l->run && l->run->tick)
        l->run->tick(l->run->tick_arg, done);
}

void jobs_run_local(const claim_jobs *c, const jobs_runner *run)
{
    /* Independent games: one layer of the engine's driver. */
    pinning *pin = run ? run->pin : NULL;
    int threads = pin ? pin->threads : 1;
    local_jobs l = {.c = c, .run = run,
                    .scratch = xcalloc((size_t)threads, sizeof *l.scratch, "the workers' scratch")};
    layer_job job = {.items = (uint64_t)c->n, .threads = threads, .pin = pin, .chunk = 1, .ctx = &l,
                     .item = analyse_item};
    layers_run(&job);
    for (int t = 0; t < threads; t++)
        if (l.scratch[t] && c->scratch_free)
            c->scratch_free(l.scratch[t]);
    free(l.scratch);
}
