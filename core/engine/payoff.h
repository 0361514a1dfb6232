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
 * Two kernels evaluate the same recursion (kernels.c explains both):
 *   SN_KERNEL_RUNMAX  Scoring Nim's fast path: a running maximum per
 *                     multiset of the other piles, O(piles) row operations
 *                     a position;
 *   SN_KERNEL_MOVES   the plain kernel: every child's row, O(|p|) rows; it
 *                     knows the game only through its description
 *                     (game.h), so it serves any game described there.
 * Both produce byte-identical tables (tested).
 *
 * Two row formats, read only through sn_row_get / sn_value2:
 *   SN_FORMAT_PACKED  2f at lane 0 (int32) and one bit a lane for the step
 *                     to the next lane, +1 or -1: exact for step-1 windows
 *                     as long as every step is +-1.  The encoder checks
 *                     every step and stops the run with a clear message
 *                     when one is not (it never stores a wrong value); the
 *                     wide format then stores anything.
 *   SN_FORMAT_WIDE    2f as int16 per lane; refused where values could
 *                     leave int16.
 * With `takers`, the sweep also records, per lane, who takes the last
 * stone along the optimal lines (2 bits: first, second, or both when
 * optimal lines disagree), carried through the same maxima.
 *
 * Exactness: |f_N(p)| <= |p| + |N| (a payoff is a stone difference plus or
 * minus the bonus), so |2f| <= 2S + max|M|; sn_table_create refuses any
 * window where that could leave the format, and any table that would not
 * fit in the memory budget (sysmem.h).
 */
#ifndef PAYOFF_H
#define PAYOFF_H

#include <stdbool.h>
#include <stdint.h>

#include "core/engine/game.h"
#include "core/games/games.h"
#include "core/games/scoring_nim/nim_rules.h"
#include "core/engine/pinning.h"
#include "core/engine/multiset.h"

typedef struct {
    int mlo;    /* M of lane 0                     */
    int step;   /* 1 or 2                          */
    int lanes;  /* number of lanes                 */
} sn_window;

typedef enum { SN_KERNEL_RUNMAX, SN_KERNEL_MOVES } sn_kernel;
typedef enum { SN_FORMAT_PACKED, SN_FORMAT_WIDE } sn_format;

/* Who takes the last stone under optimal play, as flags that merge by OR. */
enum { SN_TAKER_NONE = 0, SN_TAKER_FIRST = 1, SN_TAKER_SECOND = 2, SN_TAKER_BOTH = 3 };

typedef struct {
    sn_format format;
    sn_kernel kernel;
    bool takers;        /* also record who takes the last stone */
    /* Bonuses with denominator b (0 or 1: the usual N = M/2): lane M
     * stands for N = M / (2b) and holds 2b f_N, which is recursion (2)
     * with a stone worth 2b and the last stone M (exact for any rational
     * N).  Everything below that speaks of "2f" means 2b f. */
    int denom;
} sn_table_opts;

/* A sweep may be split over processes by blocks of lanes (recursion (2)
 * for one N never reads another N).  Each process then holds a table of
 * its block, a halo of neighbouring lanes, and answers for its block
 * only; what must be seen across blocks is combined by `reduce`, an
 * element-wise sum, minimum or maximum over every block's array, the
 * result on every block (a collective: every block calls it, in the same
 * order, with the same n).  The engine never calls it: it is there for
 * whoever reads a split table. */
typedef enum { SN_REDUCE_SUM, SN_REDUCE_MIN, SN_REDUCE_MAX } sn_reduce_op;
typedef struct {
    int part, parts;    /* this block, and how many (1: not split) */
    void (*reduce)(void *arg, int64_t *v, size_t n, sn_reduce_op op);
    void *arg;
} sn_lane_split;

typedef struct {
    ms_shape shape;
    sn_nim_data nim;        /* the game's data: shape and stone value   */
    sn_game game;           /* Scoring Nim over `shape` (games.h); points
                               into this struct, which must not move    */
    sn_window win;          /* the bonus values of the whole sweep: every
                               lane index below is one of win's          */
    /* The lanes held here: lo .. lo + store.lanes - 1 of win (all of
     * them unless split), and the ones this table answers for, own_lo ..
     * own_hi - 1 (the held ones minus the halo).  Reading a lane that is
     * not held stops the run (an internal error). */
    int lo;
    sn_window store;
    int own_lo, own_hi;
    sn_lane_split split;
    sn_table_opts opts;
    /* packed */
    int words;              /* 64-bit step words a row                  */
    int32_t *base;          /* 2f at lane 0, a position                 */
    uint64_t *steps;        /* bit l of a row: lane l+1 = lane l + 1    */
    /* wide */
    int16_t *wide;          /* count * lanes                            */
    /* takers: 2 bits a lane, 4 lanes a byte                            */
    uint8_t *takers;
    int taker_bytes;        /* a row                                    */
    uint64_t *order;        /* ranks grouped by |p| (layers)            */
    uint64_t *layer_start;  /* layer s is order[layer_start[s] .. [s+1]) */
    int threads;            /* workers of the sweep, reused by the visits */
    /* Optional progress of the sweep (layers.h after_layer). */
    void (*progress)(void *ctx, uint64_t done, uint64_t total);
    void *progress_ctx;
} sn_table;

/* The check window: every M = 2N with |N| <= S + 3, step 1. */
sn_window sn_window_for_sweep(int piles, int bound);

/* Defaults: packed for step-1 windows (wide otherwise), the running-
 * maximum kernel, no takers. */
sn_table_opts sn_default_opts(sn_window win);

/* Bytes a table of this shape, window and options allocates (values,
 * takers, the kernel's working rows and the layer index).  Returns 0, or
 * -1 with a reason when the shape is out of range or the size overflows. */
int sn_table_estimate(int piles, int bound, sn_window win, sn_table_opts opts, uint64_t *bytes, char *err,
                      int errlen);

/* Allocates a table (values not yet computed).  Returns 0, or -1 with a
 * one-line reason (a value range the format cannot hold, more memory than
 * the budget of sysmem.h) in err.  Running out of memory past that check
 * stops the run (xalloc.h).  sn_table_create uses sn_default_opts. */
int sn_table_create_with(sn_table *t, int piles, int bound, sn_window win, sn_table_opts opts, char *err,
                         int errlen);
int sn_table_create(sn_table *t, int piles, int bound, sn_window win, char *err, int errlen);
/* One block of a split sweep: lanes own_lo .. own_hi - 1 of win with a
 * halo of `halo` lanes on each side (within win).  The exactness of the
 * whole window is checked, so every block refuses what the whole table
 * would; the memory budget is the block's.  split.parts is 1 until the
 * caller sets it. */
int sn_table_create_block(sn_table *t, int piles, int bound, sn_window win, sn_table_opts opts, int own_lo,
                          int own_hi, int halo, char *err, int errlen);
/* Lanes [lo, hi) of win as a window of their own (for sn_table_estimate). */
sn_window sn_window_part(sn_window win, int lo, int hi);
void sn_table_free(sn_table *t);

/* Fills every value by recursion (2), layer by layer in |p|, positions of
 * a layer spread over the pinned OpenMP workers.  Deterministic: the
 * result does not depend on the thread count or the kernel. */
void sn_table_sweep(sn_table *t, pinning *pin);

/* The same sweep in steps, so that a long run can stop between layers
 * and be saved (the engine only lists the bytes; writing them is the
 * caller's).  sn_table_sweep is begin, run every layer, end. */
typedef struct sn_sweep sn_sweep;
typedef struct {
    const char *name;
    void *data;
    uint64_t bytes;
} sn_state_blob;
sn_sweep *sn_sweep_begin(sn_table *t, pinning *pin);
uint64_t sn_sweep_layers(const sn_sweep *s);   /* max_total + 1 */
uint64_t sn_sweep_done(const sn_sweep *s);     /* layers finished */
/* Runs the next `layers` layers (fewer at the end). */
void sn_sweep_run(sn_sweep *s, uint64_t layers);
/* The byte ranges that hold the whole state between layers (at most
 * SN_SWEEP_MAX_BLOBS):
 * saved after sn_sweep_run and loaded back into a fresh sweep of the same
 * table, followed by sn_sweep_set_done, the sweep goes on exactly as if
 * it had never stopped. */
#define SN_SWEEP_MAX_BLOBS 6
int sn_sweep_state(sn_sweep *s, sn_state_blob *out, int max);
void sn_sweep_set_done(sn_sweep *s, uint64_t layers);
void sn_sweep_end(sn_sweep *s);

/* A pass over the finished table in the order of the sweep: visit is
 * called once per position, after every position it can move to, with
 * its ascending piles and its moves; the positions of one layer (same
 * |p|) are spread over the sweep's workers.  visit must write only data
 * that belongs to `rank` (and may read data of lower layers). */
typedef void (*sn_visit_fn)(const sn_table *t, uint64_t rank, const int *asc, const sn_move *moves, int k,
                            void *ctx);
void sn_table_visit_layers(const sn_table *t, sn_visit_fn visit, void *ctx);

/* The row of `rank`, decoded into out[lo .. lo + store.lanes) of an
 * array of win.lanes (all of it unless split); returns out. */
int32_t *sn_row_get(const sn_table *t, uint64_t rank, int32_t *out);
/* One value, 2 f at `lane` (a held lane). */
int32_t sn_value2(const sn_table *t, uint64_t rank, int lane);
/* SN_TAKER_* at `lane` (the table must have been swept with takers). */
int sn_taker(const sn_table *t, uint64_t rank, int lane);

/* Stores a row, indexed like sn_row_get's (tests and corruption use this
 * on wide tables; the packed encoder stops the run if a step is not
 * +-1). */
void sn_row_put(sn_table *t, uint64_t rank, const int32_t *row);

/* The same on the held lanes alone, indexed from 0 (the sweep's view). */
int32_t *sn_held_row_get(const sn_table *t, uint64_t rank, int32_t *out);
void sn_held_row_put(sn_table *t, uint64_t rank, const int32_t *row);
int sn_held_taker(const sn_table *t, uint64_t rank, int held_lane);
static inline int sn_held_M(const sn_table *t, int held_lane)
{
    return t->store.mlo + t->store.step * held_lane;
}
/* Whether `lane` is held here. */
static inline bool sn_holds(const sn_table *t, int lane)
{
    return lane >= t->lo && lane < t->lo + t->store.lanes;
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

/* SHA-256 (lower-case hex) of the values, whatever the format: for every
 * rank in order, every held lane in order, 2f as 4 little-endian bytes
 * (the whole table's checksum unless split). */
void sn_table_sha256(const sn_table *t, char hex[65]);

#endif
