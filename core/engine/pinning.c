/*
 * pinning.c -- hwloc topology, per-worker core binding, binding report.
 */
#include "core/engine/pinning.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <omp.h>

#include "core/engine/xalloc.h"

static int threads_from_env(void)
{
    const char *s = getenv("OMP_NUM_THREADS");
    if (!s || !*s)
        return 0;
    /* OMP_NUM_THREADS may be a list ("4,2"); its first entry is ours. */
    char *end;
    long v = strtol(s, &end, 10);
    if (end == s || v < 1 || v > 4096)
        return 0;
    return (int)v;
}

int pinning_open(pinning *pin, int requested, char *err, int errlen)
{
    memset(pin, 0, sizeof *pin);
    if (hwloc_topology_init(&pin->topo) != 0 || hwloc_topology_load(pin->topo) != 0) {
        snprintf(err, (size_t)errlen, "hwloc could not load the machine topology");
        return -1;
    }
    /* hwloc drops what the OS forbids (cgroups), but not what the process
     * was started bound to (taskset, a batch scheduler's affinity): restrict
     * the topology to that too, so workers stay inside the given CPUs. */
    hwloc_bitmap_t start = hwloc_bitmap_alloc();
    if (!start)
        die_oom("a cpuset", sizeof(void *));
    if (hwloc_get_cpubind(pin->topo, start, HWLOC_CPUBIND_PROCESS) == 0 && !hwloc_bitmap_iszero(start) &&
        !hwloc_bitmap_isincluded(hwloc_topology_get_topology_cpuset(pin->topo), start))
        hwloc_topology_restrict(pin->topo, start, 0);
    hwloc_bitmap_free(start);
    pin->cores = hwloc_get_nbobjs_by_type(pin->topo, HWLOC_OBJ_CORE);
    if (pin->cores < 1)
        pin->cores = hwloc_get_nbobjs_by_type(pin->topo, HWLOC_OBJ_PU);
    if (pin->cores < 1)
        pin->cores = 1;
    int t = requested > 0 ? requested : threads_from_env();
    pin->threads = t > 0 ? t : pin->cores;
    pin->binding = xcalloc((size_t)pin->threads, sizeof *pin->binding, "the binding report");
    return 0;
}

void pinning_close(pinning *pin)
{
    if (pin->binding) {
        for (int i = 0; i < pin->threads; i++)
            free(pin->binding[i]);
        free(pin->binding);
    }
    if (pin->topo)
        hwloc_topology_destroy(pin->topo);
    memset(pin, 0, sizeof *pin);
}

static hwloc_obj_t core_for(const pinning *pin, int tid)
{
    hwloc_obj_t o = hwloc_get_obj_by_type(pin->topo, HWLOC_OBJ_CORE, (unsigned)(tid % pin->cores));
    if (!o)
        o = hwloc_get_obj_by_type(pin->topo, HWLOC_OBJ_PU, (unsigned)(tid % pin->cores));
    return o;
}

void pinning_bind_self(pinning *pin, int tid)
{
    if (tid < 0 || tid >= pin->threads)
        return;
    hwloc_obj_t core = core_for(pin, tid);
    int ok = 0;
    if (core && core->cpuset) {
        /* One PU of the core, so the OS cannot migrate between siblings. */
        hwloc_bitmap_t set = hwloc_bitmap_dup(core->cpuset);
        if (!set)
            die_oom("a cpuset", sizeof(void *));
        hwloc_bitmap_singlify(set);
        ok = hwloc_set_cpubind(pin->topo, set, HWLOC_CPUBIND_THREAD) == 0;
        hwloc_bitmap_free(set);
    }
    char *text = NULL;
    if (ok) {
        hwloc_bitmap_t got = hwloc_bitmap_alloc();
        if (!got)
            die_oom("a cpuset", sizeof(void *));
        if (hwloc_get_cpubind(pin->topo, got, HWLOC_CPUBIND_THREAD) == 0 && hwloc_bitmap_list_asprintf(&text, got) < 0)
            die_oom("the binding report", 64);
        hwloc_bitmap_free(got);
    }
    free(pin->binding[tid]);
    pin->binding[tid] = text ? text : xstrdup("unbound", "the binding report");
    if (!ok) {
#pragma omp critical(pin_warning)
        {
            if (pin->bind_failures++ == 0)
                snprintf(pin->warning, sizeof pin->warning,
                         "warning: could not bind worker %d to a core; running unbound", tid);
        }
    }
}

void pinning_start(pinning *pin)
{
#pragma omp parallel num_threads(pin->threads)
    {
        pinning_bind_self(pin, omp_get_thread_num());
        /* The first malloc of a thread creates its arena. */
        free(xmalloc(4096, "a worker's first allocation"));
    }
}
