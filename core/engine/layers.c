/*
 * layers.c -- the layer-parallel driver (see layers.h).
 */
#include "core/engine/layers.h"

#include <omp.h>

void layers_run(const layer_job *job)
{
    int threads = job->threads > 0 ? job->threads : 1;
    int chunk = job->chunk > 0 ? job->chunk : 1;
    uint64_t nlayers = job->layer_start ? job->nlayers : 1;
    uint64_t first = job->first_layer, end = job->end_layer && job->end_layer < nlayers ? job->end_layer : nlayers;
#pragma omp parallel num_threads(threads)
    {
        int tid = omp_get_thread_num();
        if (job->pin)
            pinning_bind_self(job->pin, tid);
        if (job->begin)
            job->begin(job->ctx, tid);
        for (uint64_t l = first; l < end; l++) {
            uint64_t lo = job->layer_start ? job->layer_start[l] : 0;
            uint64_t hi = job->layer_start ? job->layer_start[l + 1] : job->items;
            uint64_t a = lo, b = hi;
            if (job->parts > 1)
                layers_part(lo, hi, job->part, job->parts, &a, &b);
            /* The implicit barrier at the end of the loop closes the layer. */
#pragma omp for schedule(dynamic, chunk)
            for (uint64_t i = a; i < b; i++)
                job->item(job->ctx, tid, i);
            /* Thread 0 is the one that started the team: the only one a
             * funneled MPI lets call it. */
            if (job->between) {
                if (tid == 0)
                    job->between(job->ctx, l);
#pragma omp barrier
            }
            if (job->after_layer && tid == 0)
                job->after_layer(job->progress_ctx, hi, job->layer_start ? job->layer_start[nlayers] : job->items);
        }
        if (job->end)
            job->end(job->ctx, tid);
    }
}

void layers_part(uint64_t lo, uint64_t hi, int part, int parts, uint64_t *plo, uint64_t *phi)
{
    /* 128 bits: (hi - lo) * part may pass 64. */
    unsigned __int128 n = hi - lo;
    *plo = lo + (uint64_t)(n * (unsigned)part / (unsigned)parts);
    *phi = lo + (uint64_t)(n * (unsigned)(part + 1) / (unsigned)parts);
}
