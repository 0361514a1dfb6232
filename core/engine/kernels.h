/*
 * kernels.h -- the plain kernels of the sweep (kernels.c): one position
 * computed from its children's values through the game's description
 * (game.h) alone, for each value kind.  Internal to the engine.
 */
#ifndef KERNELS_H
#define KERNELS_H

#include "core/engine/table.h"

/* A worker's scratch: move lists and rows, allocated once a sweep so that
 * no position allocates. */
typedef struct {
    game_move *moves;
    int64_t *row, *child;      /* VALUE_MARGIN: the row being computed, a child's */
    int32_t *row32, *child32;  /* ... in 32 bits (packed and 16-bit tables)      */
    uint8_t *flags;            /* its last-mover flags                            */
    uint8_t *seen;             /* VALUE_GRUNDY: the mex's marks; VALUE_PLAYERS: the children's outcomes */
    game_matrix *options;      /* VALUE_MATRIX                                    */
    uint64_t *cells;
    void *matrix;              /* the exact solver's work (kernels.c)             */
    uint32_t *codes;           /* VALUE_CHOICE: the children's trees, shifted     */
} kernel_scratch;

void kernel_scratch_init(kernel_scratch *s, const value_table *t);
void kernel_scratch_free(kernel_scratch *s);

/* Computes and stores `rank`, whose children are all done. */
void kernel_plain_position(value_table *t, kernel_scratch *s, uint64_t rank);

#endif
