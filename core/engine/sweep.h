/*
 * sweep.h -- fills a table (table.h) from its game's description alone,
 * whatever the value kind, on the pinned OpenMP workers.
 *
 * Layered games go layer by layer, the positions of a layer spread over
 * the workers (layers.h); GAME_BY_RANK games go rank by rank on one
 * worker; GAME_CYCLIC games are one step: the retrograde analysis
 * (retrograde.c).  Each position is computed by the plain kernel of its
 * kind (kernels.c), which sees the game only through game.h, or by the
 * game's fast path when the table asks for it.  The result does not
 * depend on the thread count or the kernel (tested).
 *
 * A sweep runs in steps so that a long run can stop between layers and be
 * saved: the engine lists the bytes that hold the whole state between
 * layers (sweep_state); writing them is the caller's.  Loaded back into a
 * fresh sweep of the same table, followed by sweep_set_done, the sweep
 * goes on exactly as if it had never stopped.
 */
#ifndef SWEEP_H
#define SWEEP_H

#include <stdbool.h>
#include <stdint.h>

#include "core/engine/pinning.h"
#include "core/engine/table.h"

typedef struct state_blob {
    const char *name;
    void *data;
    uint64_t bytes;
} state_blob;
#define SWEEP_MAX_BLOBS 8

typedef struct sweep sweep;

/* pin NULL: one worker, unbound. */
sweep *sweep_begin(value_table *t, pinning *pin);
/* Steps of the whole sweep: layers, ranks held (GAME_BY_RANK) or 1. */
uint64_t sweep_steps(const sweep *s);
uint64_t sweep_done(const sweep *s);
/* Runs the next `steps` steps (fewer at the end). */
void sweep_run(sweep *s, uint64_t steps);
int sweep_state(sweep *s, state_blob *out, int max);
/* Whether sweep_state can hold the sweep: not for trees of choices
 * (VALUE_CHOICE), whose DAG grows as the sweep goes; a run that takes
 * checkpoints takes none of such a table.  (Probabilities beyond 64 bits,
 * kept beside the table, are the state's last blob: table_big_export.) */
bool sweep_can_save(const sweep *s);
void sweep_set_done(sweep *s, uint64_t steps);
/* Whether the state's last blob has a size of its own, which grows with
 * the values (VALUE_MATRIX: the values beyond 64 bits), so that a reader
 * takes it from the saved state: sweep_prepare_load(s, its size) before
 * sweep_state lists the blobs to read into. */
bool sweep_state_sized(const sweep *s);
void sweep_prepare_load(sweep *s, uint64_t last_bytes);
/* After the blobs were read back: whether the state is in range where a
 * wrong byte could lead a reader astray (the last-stone exceptions' list;
 * the values beyond 64 bits, which it then takes into the table). */
bool sweep_state_taken(sweep *s);
void sweep_end(sweep *s);

/* A sweep shared by several processes, layer by layer: each computes its
 * part of every layer (layers_part) and, after each layer, `gather`
 * brings every part's bytes to every process, one after another in part
 * order (a new allocation; lens[q] the bytes of part q), so that every
 * process holds the whole table, the same as one process's. */
typedef struct {
    int part, parts;
    uint8_t *(*gather)(void *arg, const uint8_t *mine, uint64_t bytes, uint64_t *lens);
    void *arg;
} sweep_share;
/* NULL when a table of g with these options can be shared, else why not
 * (a phrase: "its positions go one after another"). */
const char *sweep_share_refusal(const game_desc *g, const table_opts *o);
/* From now on the sweep is shared (every process calls it alike). */
void sweep_share_layers(sweep *s, const sweep_share *share);

/* begin, run every step, end. */
void table_sweep(value_table *t, pinning *pin);

/* A pass over a finished layered table in the order of the sweep: visit
 * is called once per position, after every position it can move to, with
 * its moves; the positions of one layer are spread over the sweep's
 * workers.  visit must write only data that belongs to `rank` (and may
 * read data of earlier layers). */
typedef void (*table_visit_fn)(const value_table *t, uint64_t rank, const game_move *moves, int k, void *ctx);
void table_visit_layers(const value_table *t, table_visit_fn visit, void *ctx);

#endif
