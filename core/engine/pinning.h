/*
 * pinning.h -- worker threads pinned to cores through hwloc.
 *
 * The topology is loaded once (pinning_open); each OpenMP worker then
 * binds itself to one core object (pinning_bind_self), never to a raw CPU
 * number.  Thread t goes to core t mod (allowed cores).  A failed binding
 * is not fatal: the worker runs unbound and the failure is kept as a
 * warning for the caller to print.  The binding each worker actually
 * obtained (hwloc_get_cpubind) is recorded for the run summary.
 */
#ifndef PINNING_H
#define PINNING_H

#include <hwloc.h>

typedef struct {
    hwloc_topology_t topo;
    int cores;            /* allowed cores in the topology            */
    int threads;          /* worker threads the sweeps will use       */
    char **binding;       /* per thread: cpuset list, or "unbound"    */
    int bind_failures;    /* workers that could not be bound          */
    char warning[256];    /* first binding failure, "" when none      */
} pinning;

/* Loads the topology and fixes the thread count: `requested` when > 0,
 * else OMP_NUM_THREADS when set, else one per allowed core.  Returns 0,
 * or -1 with a message in err. */
int pinning_open(pinning *pin, int requested, char *err, int errlen);
void pinning_close(pinning *pin);

/* Called by worker `tid` inside a parallel region: binds the calling
 * thread to its core and records what hwloc reports afterwards. */
void pinning_bind_self(pinning *pin, int tid);

/* Starts the worker team now, before any work: each worker binds itself
 * and touches its malloc arena.  A runtime that cannot create its threads
 * fails here, in the first second, not after the sweep; and the address
 * space the team takes (stacks, arenas) is mapped before the memory
 * budget is measured (sysmem.h). */
void pinning_start(pinning *pin);

#endif
