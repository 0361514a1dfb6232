/*
 * layers.h -- the one parallel driver of the engine.
 *
 * Work comes in layers: every item of a layer may depend on items of
 * earlier layers, never on items of its own.  The layers run in order;
 * the items of one layer are spread over the pinned OpenMP workers
 * (dynamic schedule) and a barrier closes each layer.  The Scoring Nim
 * sweep (layers = |p|), the derived passes over a finished table, and a
 * family of independent games (one layer) all run through here.
 *
 * Each worker gets begin/end calls for its own scratch (move lists, rows),
 * indexed by its thread number, so no item allocates.
 */
#ifndef LAYERS_H
#define LAYERS_H

#include <stdint.h>

#include "core/engine/pinning.h"

typedef struct {
    uint64_t nlayers;
    const uint64_t *layer_start;  /* layer l is items [start[l], start[l+1]); NULL: one layer of `items` */
    /* Only layers [first_layer, end_layer) run (end_layer 0: to the last),
     * so a long sweep can stop between layers and be saved. */
    uint64_t first_layer, end_layer;
    uint64_t items;
    int threads;                  /* >= 1                                      */
    pinning *pin;              /* bind the workers (NULL: leave them)       */
    int chunk;                    /* dynamic schedule chunk (>= 1)             */
    void *ctx;
    void (*begin)(void *ctx, int tid);                 /* optional */
    void (*item)(void *ctx, int tid, uint64_t item);
    void (*end)(void *ctx, int tid);                   /* optional */
    /* Optional: called by one worker after each layer with the items done
     * so far and in all (for a progress line; it must not block). */
    void (*after_layer)(void *progress_ctx, uint64_t done, uint64_t total);
    void *progress_ctx;
    /* A sweep shared by processes (parts > 1): this one runs only the
     * part-th of `parts` near-equal ranges of each layer (layers_part),
     * and `between`, on the primary thread while every worker waits,
     * brings in the other parts before the next layer starts. */
    int part, parts;
    void (*between)(void *ctx, uint64_t layer);
} layer_job;

void layers_run(const layer_job *job);

/* Items [lo, hi) cut into `parts` ranges as even as can be: part's range
 * [*plo, *phi) (the same cut on every process). */
void layers_part(uint64_t lo, uint64_t hi, int part, int parts, uint64_t *plo, uint64_t *phi);

#endif
