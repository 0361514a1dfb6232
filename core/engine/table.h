/*
 * table.h -- the exact values of every position of a game (game.h), by
 * value kind, and how they are stored.
 *
 * A table belongs to one game description, which the caller keeps alive
 * while the table lives.  The sweep (sweep.h) fills it; readers use the
 * functions below and never the storage directly.
 *
 * VALUE_MARGIN tables hold a vector of bonus lanes per position: lane l
 * stands for M = win.mlo + win.step * l, the bonus in the game's units
 * (Scoring Nim: M = 2N times the bonus denominator), and holds the value
 * at that bonus.  Since the recursion for one M never reads another M, a
 * single pass carries the whole vector.  Three row formats:
 *   FORMAT_PACKED  the value at lane 0 (int32) and one bit a lane for the
 *                  step to the next lane, +1 or -1: exact for step-1
 *                  windows as long as every step is +-1.  The encoder
 *                  checks every step and stops the run with a clear
 *                  message when one is not (it never stores a wrong
 *                  value); the wide formats store anything.
 *   FORMAT_WIDE    int16 a lane; refused where values could leave int16.
 *   FORMAT_WIDE64  int64 a lane (Stewart's G_s: one lane).
 * With last_mover, the sweep also records who makes the last move along
 * the optimal lines (the first player, the second, both when optimal
 * lines disagree, or none at a position with no move), carried through
 * the same maxima.  It is kept at the half-integer lanes only (odd M), the
 * only ones read (Proposition 3.1 (iii)); a move keeps its bonus, so they
 * are computed from each other alone.  One bit a half-integer lane (the
 * first player, or the second); a lane where neither alone moves last is
 * an exception, kept exactly in a list (bit 0 of the row says the row has
 * one).  An exception at a half-integer N is a place where Proposition
 * 3.1 (iii) fails (or the empty position), so the list is short whenever
 * the proposition holds.  It has room for one exception every four
 * positions and two rows more, fixed when the table is made (so that a
 * checkpoint holds it); a sweep that needs more stops with a message
 * saying so, never with a flag dropped.
 *
 * A margin sweep may be split over processes by blocks of lanes: such a
 * table holds its block and a halo of neighbouring lanes and answers for
 * its block only (own_lo .. own_hi - 1); what must be seen across blocks
 * is combined by `split.reduce`, an element-wise sum, minimum or maximum
 * over every block's array, the result on every block (a collective:
 * every block calls it, in the same order).  The engine never calls it:
 * it is there for whoever reads a split table.  Lanes keep their index in
 * the whole window.
 *
 * Other kinds hold one value a position: a Sprague-Grundy value and the
 * misere outcome (VALUE_GRUNDY), an outcome code (VALUE_PLAYERS), an
 * exact probability num/den (VALUE_MATRIX: in 64-bit integers, and a
 * value that needs more in `big`, exact with GMP, its cell marked by a
 * denominator of 0), an outcome (VALUE_DRAW), the code of
 * a tree of choices in the table's DAG (VALUE_CHOICE, choice.h).
 *
 * Exactness: the table refuses a window whose values its format cannot
 * hold (game_desc.value_bound), and any table that would not fit in the
 * memory budget (sysmem.h), each with a one-line reason.
 */
#ifndef TABLE_H
#define TABLE_H

#include <gmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/engine/choice.h"
#include "core/engine/game.h"
#include "core/engine/rational_map.h"

typedef struct {
    int64_t mlo;  /* M of lane 0                        */
    int step;     /* between lanes (1 or 2 for packed)  */
    int lanes;    /* number of lanes                    */
} lane_window;

typedef enum { FORMAT_PACKED, FORMAT_WIDE, FORMAT_WIDE64 } lane_format;
typedef enum { KERNEL_FAST, KERNEL_PLAIN } table_kernel;

/* Who makes the last move under optimal play, as flags that merge by OR. */
enum { LAST_NONE = 0, LAST_FIRST = 1, LAST_SECOND = 2, LAST_BOTH = 3 };

typedef enum { REDUCE_SUM, REDUCE_MIN, REDUCE_MAX } reduce_op;
typedef struct {
    int part, parts;    /* this block, and how many (1: not split) */
    void (*reduce)(void *arg, int64_t *v, size_t n, reduce_op op);
    void *arg;
} lane_split;

typedef struct table_opts {
    lane_window win;      /* VALUE_MARGIN: every lane of the sweep      */
    lane_format format;
    table_kernel kernel;  /* the game's fast path (if it has one) or the plain path */
    bool last_mover;      /* VALUE_MARGIN: record who moves last        */
    /* A block of a split sweep: lanes own_lo .. own_hi - 1 with a halo of
     * `halo` lanes each side (own_hi 0: every lane, no split). */
    int own_lo, own_hi, halo;
    /* GAME_BY_RANK: positions held at first (table_extend grows them),
     * and keep > 0 to keep only the last `keep` positions (a stream whose
     * moves never reach further back). */
    uint64_t count, keep;
    /* The caller has counted this table against the memory budget already
     * (a family's games: each game's table is one of thousands whose
     * memory the family bounds before any work), so table_create does not
     * read the budget again. */
    bool memory_checked;
} table_opts;

typedef struct value_table {
    const game_desc *game;
    value_kind kind;
    uint64_t count;         /* positions held (computed or not)         */
    table_opts opts;
    /* VALUE_MARGIN lanes: the whole window, the lanes held here (lo ..
     * lo + store.lanes - 1 of win, all of them unless split) and those it
     * answers for.  Reading a lane that is not held stops the run. */
    lane_window win, store;
    int lo, own_lo, own_hi;
    lane_split split;
    /* storage (read through the functions below) */
    int words;              /* packed: 64-bit step words a row          */
    int32_t *base;          /* packed: the value at lane 0              */
    uint64_t *steps;        /* packed: bit l: lane l+1 = lane l + 1     */
    int16_t *wide;          /* FORMAT_WIDE                              */
    int64_t *wide64;        /* FORMAT_WIDE64, and VALUE_MATRIX (num, den) */
    /* VALUE_MATRIX: the values beyond 64 bits by rank (their cells in
     * wide64 hold 0/0); NULL while there is none. */
    struct rational_map *big;
    /* last mover (see the top): a row of taker_words words a position,
     * bit 1 + i for the i-th half-integer lane held (1: the first player),
     * bit 0 set when the row has exceptions, which taker_odd lists as
     * (rank, held lane << 2 | LAST_*) pairs after its count and a
     * "sorted" word, room for taker_odd_cap. */
    uint64_t *taker;
    int taker_words;
    int taker_first;        /* held lane of the first half-integer lane */
    int taker_stride;       /* held lanes between two of them           */
    int taker_lanes;        /* half-integer lanes held                  */
    uint64_t *taker_odd;
    uint64_t taker_odd_cap;
    uint32_t *grundy;       /* VALUE_GRUNDY: sg | misere win << 31      */
    uint8_t *outcome;       /* VALUE_PLAYERS, VALUE_DRAW                */
    choice_code *choice;    /* VALUE_CHOICE: a tree of dag a position   */
    choice_dag *dag;        /* VALUE_CHOICE: the trees (choice.h)       */
    uint64_t cap;           /* positions allocated (ring: keep)         */
    uint64_t cap_before;    /* ... before the last growth               */
    /* layered games: ranks grouped by layer */
    uint64_t nlayers;
    uint64_t *order;        /* layer s is order[layer_start[s] .. [s+1]) */
    uint64_t *layer_start;
    int threads;            /* workers of the sweep, reused by the visits */
    /* Optional progress of the sweep (layers.h after_layer). */
    void (*progress)(void *ctx, uint64_t done, uint64_t total);
    void *progress_ctx;
} value_table;

/* Options for a table of g: for margin games the window `win`, packed
 * for step-1 windows (wide otherwise), the fast path when g has one, no
 * last-mover flags, every lane. */
table_opts table_default_opts(const game_desc *g, lane_window win);

/* Bytes a table of g with these options allocates (values, flags, the
 * layer index, the fast path's working state).  Returns 0, or -1 with a
 * reason when the size overflows. */
int table_estimate(const game_desc *g, const table_opts *o, uint64_t *bytes, char *err, int errlen);

/* Bytes the table keeps for each position (its row of values, its
 * last-stone flags): what a position costs, the layer index and the fast
 * path's state apart. */
uint64_t table_bytes_per_position(const value_table *t);

/* Allocates a table (values not yet computed).  Returns 0, or -1 with a
 * one-line reason (values the format cannot hold, more memory than the
 * budget of sysmem.h, options the game cannot take) in err.  Running out
 * of memory past that check stops the run (xalloc.h). */
int table_create(value_table *t, const game_desc *g, const table_opts *o, char *err, int errlen);
void table_free(value_table *t);

/* GAME_BY_RANK: holds positions 0 .. count-1 (the new ones uncomputed). */
void table_extend(value_table *t, uint64_t count);

/* Lanes [lo, hi) of win as a window of their own. */
lane_window lane_window_part(lane_window win, int lo, int hi);

/* ---- VALUE_MARGIN ---- */

static inline int64_t table_lane_M(const value_table *t, int lane)
{
    return t->win.mlo + (int64_t)t->win.step * lane;
}
static inline int64_t table_held_M(const value_table *t, int held_lane)
{
    return t->store.mlo + (int64_t)t->store.step * held_lane;
}
/* Whether `lane` is held here. */
static inline bool table_holds(const value_table *t, int lane)
{
    return lane >= t->lo && lane < t->lo + t->store.lanes;
}
/* Lane holding M, or -1 when M is outside the window or off its step. */
int table_lane_of(const value_table *t, int64_t M);

/* Whether every step between neighbouring lanes is +-1 by construction
 * (FORMAT_PACKED: the encoder checks each one as a row is stored). */
static inline bool table_steps_are_unit(const value_table *t)
{
    return t->kind == VALUE_MARGIN && t->opts.format == FORMAT_PACKED;
}
/* A packed row's steps as bits, without decoding: bit k of the words
 * (t->words of them) is set when held lane k + 1 holds held lane k's
 * value + 1, clear when - 1; *first is the value at held lane 0.  NULL
 * when the table is not packed. */
static inline const uint64_t *table_step_bits(const value_table *t, uint64_t rank, int32_t *first)
{
    if (!table_steps_are_unit(t))
        return NULL;
    *first = t->base[rank];
    return t->steps + rank * (uint64_t)t->words;
}
/* Runs of equal steps, on a table whose steps are unit (held lanes,
 * window indices): the lowest lane L in [lo, from] such that every step
 * between L and `from` goes up (+1 a lane) when `up`, down when not; and
 * the highest lane H in [from, hi - 1] such that every step between
 * `from` and H does.  A word of steps at a time, without decoding. */
int table_run_down(const value_table *t, uint64_t rank, int from, int lo, bool up);
int table_run_up(const value_table *t, uint64_t rank, int from, int hi, bool up);
/* The value of `rank` at `lane` (a held lane). */
int64_t table_value(const value_table *t, uint64_t rank, int lane);
/* The row of `rank` decoded into out[lo .. lo + store.lanes) of an array
 * of win.lanes (all of it unless split); returns out.  Packed and wide
 * formats only (values within int32). */
int32_t *table_row_get(const value_table *t, uint64_t rank, int32_t *out);
/* A buffer for one decoded row (free it with free()), for table_row_get.
 * On a block of a split table the lanes it does not hold read INT32_MIN,
 * so that a reader that strays out of its block sees loud values, never
 * stale ones. */
int32_t *table_row_buffer(const value_table *t);
/* The whole rows of n positions into out[i * win.lanes + lane], on every
 * block of a split table (each block adds its own lanes through
 * split.reduce, so every block must call it, in the same order). */
void table_rows_whole(const value_table *t, const uint64_t *ranks, int n, int32_t *out);
/* The same on the held lanes alone, indexed from 0 (the sweep's view). */
int32_t *table_held_row_get(const value_table *t, uint64_t rank, int32_t *out);
int64_t *table_held_row_get64(const value_table *t, uint64_t rank, int64_t *out);
/* Stores a row (packed and wide formats; the packed encoder stops the run
 * on a step that is not +-1; tests and corruptions use the whole-window
 * form on wide tables). */
void table_row_put(value_table *t, uint64_t rank, const int32_t *row);
void table_held_row_put(value_table *t, uint64_t rank, const int32_t *row);
void table_held_row_put64(value_table *t, uint64_t rank, const int64_t *row);
/* 64 bytes of 0 or 1 as one word, byte i in bit i: each eight bytes
 * (byte q the lowest, little-endian) times 0x0102040810204080 carry byte
 * q's bit to bit 56 + q, and nothing else reaches bits 56-63.  (How rows
 * of step bits and last-mover bits are built without a branch on the
 * data, and how a claim compares them a word at a time.) */
static inline uint64_t table_pack_bits(const uint8_t bytes[64])
{
    uint64_t word = 0;
    for (int q = 0; q < 8; q++) {
        uint64_t x;
        __builtin_memcpy(&x, bytes + 8 * q, sizeof x);
        word |= ((x * 0x0102040810204080ull) >> 56) << (8 * q);
    }
    return word;
}

/* The index of a held lane among the half-integer lanes held, -1 at an
 * integer lane (who moves last is not kept there). */
static inline int table_taker_index(const value_table *t, int held_lane)
{
    int d = held_lane - t->taker_first;
    if (t->taker_stride == 0 || d < 0 || d % t->taker_stride != 0)
        return -1;
    return d / t->taker_stride;
}
/* The bits of `rank`'s row, or NULL when the row has an exception (read
 * it lane by lane with table_last_mover then). */
static inline const uint64_t *table_taker_row(const value_table *t, uint64_t rank)
{
    const uint64_t *row = t->taker + rank * (uint64_t)t->taker_words;
    return (row[0] & 1) ? NULL : row;
}
/* Whether the first player moves last at the index-th half-integer lane
 * of a row without exceptions. */
static inline bool table_taker_first(const uint64_t *row, int index)
{
    return (row[(unsigned)(index + 1) >> 6] >> ((unsigned)(index + 1) & 63)) & 1;
}
/* LAST_* at a held lane, indexed from 0 (the table must have last-mover
 * flags; LAST_NONE at an integer lane, which is not kept), and at a
 * half-integer lane of the window (a held one; an integer lane stops the
 * run). */
int table_held_last_mover(const value_table *t, uint64_t rank, int held_lane);
int table_last_mover(const value_table *t, uint64_t rank, int lane);
/* Stores a row's flags, LAST_* a held lane (integer lanes ignored); one
 * worker a row, rows of several workers at once. */
void table_held_flags_put(value_table *t, uint64_t rank, const uint8_t *flags);
/* Sets the flag of one half-integer lane of the window (tests, and a
 * block copied from a whole table). */
void table_set_last_mover(value_table *t, uint64_t rank, int lane, int who);
/* Puts the exceptions in order (before a checkpoint is written). */
void table_sort_takers(value_table *t);
/* Whether the exceptions read back from a file are in range (their count
 * within the room, each a half-integer lane held of a position held, a
 * flag no single player gives, its row marked). */
bool table_takers_sane(const value_table *t);

/* Moves from `rank` that attain its value at `lane`, in the game's move
 * order; returns their number (0 at a position with no move).  out must
 * hold game->max_moves. */
int table_optimal_moves(const value_table *t, uint64_t rank, int lane, game_move *out);
/* An optimal line of play from `rank` at `lane`: the first optimal move
 * at every step, to a position with no move.  Writes up to max ranks (the
 * start included) and returns the length. */
int table_optimal_line(const value_table *t, uint64_t rank, int lane, uint64_t *ranks, int max);

/* ---- the other kinds ---- */

/* VALUE_GRUNDY */
static inline uint32_t table_grundy(const value_table *t, uint64_t rank)
{
    return t->grundy[rank] & 0x7fffffffu;
}
static inline value_outcome table_misere(const value_table *t, uint64_t rank)
{
    return t->grundy[rank] >> 31 ? OUTCOME_WIN : OUTCOME_LOSS;
}
/* VALUE_PLAYERS, VALUE_DRAW */
static inline uint8_t table_outcome(const value_table *t, uint64_t rank)
{
    return t->outcome[rank];
}
/* VALUE_CHOICE: who wins, a tree of t->dag. */
static inline choice_code table_choice(const value_table *t, uint64_t rank)
{
    return t->choice[rank];
}
/* VALUE_MATRIX: the probability num/den (reduced, den > 0) when it fits
 * in 64 bits, and true; false when it does not (table_probability_q reads
 * every value). */
__attribute__((warn_unused_result)) static inline bool table_probability(const value_table *t, uint64_t rank,
                                                                         int64_t *num, int64_t *den)
{
    *num = t->wide64[2 * rank];
    *den = t->wide64[2 * rank + 1];
    return *den != 0;
}
/* VALUE_MATRIX: the probability, exact, whatever its size. */
void table_probability_q(const value_table *t, uint64_t rank, mpq_t out);
/* VALUE_MATRIX: stores q (reduced, 0 <= q <= 1), in 64 bits when it fits.
 * Safe from the sweep's workers at once (the values beyond 64 bits are
 * kept under a lock). */
void table_store_probability(value_table *t, uint64_t rank, const mpq_t q);
/* VALUE_MATRIX: how many values need more than 64 bits. */
uint64_t table_big_count(const value_table *t);
/* VALUE_MATRIX: the values beyond 64 bits as bytes, in rank order, into a
 * new buffer *out (the caller frees it); its length.  The format (every
 * integer little-endian): their count (u64), then for each its rank
 * (u64), its numerator and its denominator each as a length in bytes
 * (u32) and that many bytes, least significant first.  Always at least
 * the 8 bytes of the count. */
uint64_t table_big_export(const value_table *t, uint8_t **out);
/* VALUE_MATRIX: takes the values of a table_big_export back into the
 * table; false, the table unchanged, when the bytes are not such a list
 * for this table (cut short or too long, ranks not ascending or past the
 * table, a value that fits in 64 bits or is not in lowest terms, a rank
 * whose cell is not marked as held beyond 64 bits). */
bool table_big_import(value_table *t, const uint8_t *data, uint64_t bytes);

/* A position's cells carried from one process to another (a sweep shared
 * layer by layer, sweep.h).  Whether every value lies in cells of its
 * position (not a tree of choices, which share one graph; not last-stone
 * flags, whose exceptions are one list; not a ring). */
bool table_cells_portable(const value_table *t);
/* The cells of ranks[0 .. n) (every array with a cell a position, in
 * rank-list order; for VALUE_MATRIX then a table_big_export of the values
 * beyond 64 bits among them) into a new buffer *out; its length. */
uint64_t table_cells_export(const value_table *t, const uint64_t *ranks, uint64_t n, uint8_t **out);
/* Those bytes, of the same ranks, back into a table of the same shape;
 * false when they are not such bytes (a length that does not fit, a rank
 * past the table, a value beyond 64 bits as table_big_import refuses),
 * the cells then maybe half written (the caller stops the run). */
bool table_cells_import(value_table *t, const uint64_t *ranks, uint64_t n, const uint8_t *data, uint64_t bytes);

/* SHA-256 (lower-case hex) of the values, whatever the format: for every
 * rank in order, margin tables each row of held lanes in the canonical
 * form of table_sha_row (the first value and a bit a step when every step
 * is +-1, else every value as 4 bytes; FORMAT_WIDE64 every value as 8
 * bytes), the whole table's checksum unless split; the other kinds their
 * value (grundy and misere, the outcome, num and den, the tree's code) as
 * 4, 1, 8 + 8 and 4 bytes, little-endian, and VALUE_CHOICE then every tree
 * of the DAG in code order. */
/* 64 hex digits and the NUL: the room table_sha256 fills, exactly. */
#define TABLE_SHA256_HEX 65
void table_sha256(const value_table *t, char hex[TABLE_SHA256_HEX]);
/* One row of `lanes` 32-bit values into a checksum, in its canonical form
 * (words: room for (lanes - 1 + 63) / 64 words); for whoever hashes rows
 * gathered from a split table. */
struct sha256_ctx;
void table_sha_row(struct sha256_ctx *ctx, const int32_t *row, int lanes, uint64_t *words);

/* A position as its game writes it, whole (free it). */
char *table_position_text(const value_table *t, uint64_t rank);
/* The same into buf (len bytes); returns the text's whole length, as
 * snprintf does (len or more: it was cut, give more room). */
int table_position_text_into(const value_table *t, uint64_t rank, char *buf, size_t len);

/* "the payoff table", "the Sprague-Grundy table", ... for messages. */
const char *table_noun(const value_table *t);

#endif
