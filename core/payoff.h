/*
 * payoff.h -- exact Scoring Nim payoff tables and the layer-parallel sweep.
 *
 * Ground truth is recursion (2) of Oginuma-Shinoda and nothing else:
 *     f_N(0) = -N,   f_N(p) = max_{p -> p'} ( |p| - |p'| - f_N(p') ).
 * For a fixed N the recursion never looks at another N, so one pass over
 * the positions carries a whole vector of bonus values ("lanes").  Every
 * quantity is doubled so half-integer bonuses stay integral: lane l holds
 *     M = mlo + step * l   (M = 2N)   and the stored value is 2 f_{M/2}(p).
 * step = 1 gives integer and half-integer N; step = 2 with even mlo gives
 * integer N only.
 *
 * Layout: one row of `lanes` int32 values per position rank (position.h),
 * rows in rank order.  All access from outside goes through sn_row /
 * sn_value2 so the row format can change (packed slopes, int16 lanes)
 * without touching the claims.
 *
 * Exactness: |f_N(p)| <= |p| + |N| (a payoff is a stone difference plus or
 * minus the bonus), so |2f| <= 2S + max|M|; sn_table_create refuses any
 * window where that could exceed INT32_MAX, and any table that would not
 * fit in memory.
 */
#ifndef SN_PAYOFF_H
#define SN_PAYOFF_H

#include <stdint.h>

#include "nim_rules.h"
#include "pinning.h"
#include "position.h"

typedef struct {
    int mlo;    /* M of lane 0                     */
    int step;   /* 1 or 2                          */
    int lanes;  /* number of lanes                 */
} sn_window;

typedef struct {
    sn_shape shape;
    sn_window win;
    int32_t *v;             /* count * lanes values, row per rank       */
    uint64_t *order;        /* ranks grouped by |p| (layers)            */
    uint64_t *layer_start;  /* layer s is order[layer_start[s] .. [s+1]) */
    int threads;            /* workers of the sweep, reused by the visits */
} sn_table;

/* The check window: every M = 2N with |N| <= S + 3, step 1. */
sn_window sn_window_for_sweep(int piles, int bound);

/* Bytes a table of this shape and window will allocate (values and layer
 * index).  Returns 0, or -1 with a reason when the shape is out of range
 * or the size overflows. */
int sn_table_estimate(int piles, int bound, sn_window win, uint64_t *bytes, char *err, int errlen);

/* Allocates a table for the shape and window (values not yet computed).
 * Returns 0, or -1 with a one-line reason (overflow, more memory than the
 * budget of sysmem.h) in err.  Running out of memory past that check
 * stops the run (xalloc.h). */
int sn_table_create(sn_table *t, int piles, int bound, sn_window win, char *err, int errlen);
void sn_table_free(sn_table *t);

/* Fills every value by recursion (2), layer by layer in |p|, positions of
 * a layer spread over the pinned OpenMP workers.  Deterministic: the
 * result does not depend on the thread count. */
void sn_table_sweep(sn_table *t, sn_pinning *pin);

/* A pass over the finished table in the order of the sweep: visit is
 * called once per position, after every position it can move to, with
 * its ascending piles and its moves; the positions of one layer (same
 * |p|) are spread over the sweep's workers.  visit must write only data
 * that belongs to `rank` (and may read data of lower layers).  This is how
 * a check derives a second table (who takes the last stone, a constrained
 * game) without knowing anything of threads. */
typedef void (*sn_visit_fn)(const sn_table *t, uint64_t rank, const int *asc, const sn_move *moves, int k,
                            void *ctx);
void sn_table_visit_layers(const sn_table *t, sn_visit_fn visit, void *ctx);

static inline const int32_t *sn_row(const sn_table *t, uint64_t rank)
{
    return t->v + rank * (uint64_t)t->win.lanes;
}

static inline int sn_lane_M(const sn_table *t, int lane)
{
    return t->win.mlo + t->win.step * lane;
}

/* Lane holding M, or -1 when M is outside the window or off its step. */
int sn_lane_of(const sn_table *t, int M);

/* Moves from rank `rank` that attain its value at `lane`; returns their
 * number (0 at the terminal position). out must hold sn_max_moves. */
int sn_optimal_moves(const sn_table *t, uint64_t rank, int lane, sn_move *out);

/* An optimal line of play from `rank` at `lane`: the first optimal move
 * (nim_rules.h order) at every step, down to the terminal position.
 * Writes up to max ranks (the start included) and returns the length. */
int sn_optimal_line(const sn_table *t, uint64_t rank, int lane, uint64_t *ranks, int max);

/* SHA-256 (lower-case hex) of the table: for every rank in order, every
 * lane in order, the value as 4 little-endian bytes. */
void sn_table_sha256(const sn_table *t, char hex[65]);

#endif
