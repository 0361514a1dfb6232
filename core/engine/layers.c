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
            /* The implicit barrier at the end of the loop closes the layer. */
#pragma omp for schedule(dynamic, chunk)
            for (uint64_t i = lo; i < hi; i++)
                job->item(job->ctx, tid, i);
            if (job->after_layer && tid == 0)
                job->after_layer(job->progress_ctx, hi, job->layer_start ? job->layer_start[nlayers] : job->items);
        }
        if (job->end)
            job->end(job->ctx, tid);
    }
}
