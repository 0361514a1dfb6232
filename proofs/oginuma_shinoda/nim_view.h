/*
 * nim_view.h -- how Scoring Nim claims read a payoff table: positions as
 * lists of non-empty piles, values at a bonus, optimal move sets, and the
 * generic checks most claims are made of (a closed form over a domain; a
 * stated set of optimal moves over a range of N).
 *
 * Everything here is in doubled units (M = 2N, values 2f), matching the
 * table, so half-integer bonuses are exact.
 */
#ifndef NIM_VIEW_H
#define NIM_VIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "core/games/scoring_nim/scoring_nim.h"
#include "proofs/claim.h"

/* The Scoring Nim game of a claim's table, and its positions: these
 * claims name scoring-nim as their game, and the runner gives a claim the
 * table of its own game only (run_claims stops on anything else), so the
 * table's game data is a scoring_nim.  Read at every position: inline. */
static inline const scoring_nim *nim_game(const value_table *t)
{
    return (const scoring_nim *)t->game->data;
}
static inline const ms_shape *nim_shape(const value_table *t)
{
    return &nim_game(t)->base.shape;
}

typedef struct {
    uint64_t rank;
    int asc[MS_MAX_SLOTS];  /* every slot, ascending, zeros included */
    int n;                  /* number of non-empty piles             */
    int p[MS_MAX_SLOTS];    /* the non-empty piles, descending       */
    int total;              /* |p|                                   */
} nim_pos;

/* Visits every position of the table in rank order. */
void nim_pos_first(const value_table *t, nim_pos *pos);
bool nim_pos_next(const value_table *t, nim_pos *pos);
void nim_pos_at(const value_table *t, uint64_t rank, nim_pos *pos);

/* Rank of a pile list (any order, zeros allowed), -1 if not in the table. */
int64_t nim_rank(const value_table *t, const int *piles, int len);

static inline int32_t nim_v2(const value_table *t, uint64_t rank, int lane)
{
    return (int32_t)table_value(t, rank, lane);
}


static inline int64_t nim_abs(int64_t x)
{
    return x < 0 ? -x : x;
}

/* "(5,4,2)": the non-empty piles, largest first ("(0)" for the terminal
 * position), as the game writes positions; whole, whatever its length
 * (free it with free()). */
char *nim_pos_text(const value_table *t, uint64_t rank);
/* "{(1,4,2), (4,2)}": a set of positions, whole (free it with free()). */
char *nim_format_set(const value_table *t, const uint64_t *ranks, int k);

/* Children of `rank` that are optimal at `lane`, sorted by rank. */
int nim_optimal_children(const value_table *t, uint64_t rank, int lane, uint64_t *out);

/* The same for many lanes of one position.  How the children are read:
 * one value at a time from the table (few lanes); whole rows, each
 * decoded when first read (many lanes, few moves asked about); or whole
 * rows with the optimal moves a lane counted when the view opens, every
 * child decoded once (many lanes, "no other move is optimal"). */
typedef enum { VIEW_VALUES, VIEW_ROWS, VIEW_COUNTS } nim_view_mode;
typedef struct nim_moves_view nim_moves_view;
nim_moves_view *nim_moves_open(const value_table *t, uint64_t rank, nim_view_mode mode);
int nim_moves_optimal(const nim_moves_view *v, int lane, uint64_t *out);
/* A view of whole rows (decoded when first read) whose optimal-move
 * counts are already known (nim_pairs_next), its own row given. */
nim_moves_view *nim_moves_open_counted(const value_table *t, uint64_t rank, const int32_t *row,
                                      const uint16_t *counts);
/* Every two-pile position {x, y} (x >= y >= 0, zero piles included) in
 * rank order, its row and how many moves are optimal at each lane held,
 * in one pass that decodes one row a position (nim_view.c says how).
 * Nothing on a table of fewer than two slots.  Memory: nim_pairs_bytes. */
typedef struct nim_pairs nim_pairs;
nim_pairs *nim_pairs_open(const value_table *t);
bool nim_pairs_next(nim_pairs *q, uint64_t *rank, int *x, int *y, const int32_t **row, const uint16_t **counts);
void nim_pairs_close(nim_pairs *q);
uint64_t nim_pairs_bytes(uint64_t bound, int lanes);
/* The position a view is of. */
uint64_t nim_moves_rank(const nim_moves_view *v);
/* How many moves are optimal at `lane`. */
int nim_moves_count(const nim_moves_view *v, int lane);
void nim_moves_close(nim_moves_view *v);

typedef bool (*nim_in_fn)(const nim_pos *pos, const void *ctx);
typedef int64_t (*nim_expect_fn)(const nim_pos *pos, int M, const void *ctx);

/* Compares 2f with the doubled closed form at every position `in` accepts
 * and every lane with mmin <= M <= mmax (and, if integers_only, M even). */
void nim_check_formula(const value_table *t, claim_report *r, int part, nim_in_fn in,
                       nim_expect_fn expect, const void *ctx, int mmin, int mmax,
                       bool integers_only);

/* ---- a table split by blocks of lanes (table.h) ----
 * A check compares, and counts, only on the lanes its table answers for,
 * own_lo .. own_hi - 1 (every lane unless split), so that the blocks'
 * reports add up to the whole table's.  It may read the halo lanes next
 * to them.  A statement about no single N is compared by the lead block
 * alone.  Whatever needs every lane (a whole row, an edge of the window)
 * goes through nim_reduce or table_rows_whole, which every block calls in
 * the same order. */
static inline bool nim_owns(const value_table *t, int lane)
{
    return lane >= t->own_lo && lane < t->own_hi;
}
static inline bool nim_lead(const value_table *t)
{
    return t->split.part == 0;
}
/* Whether this block reports a mismatch at `lane` (-1: about no single
 * N): the block that answers for the lane, which can also write its
 * witness (an optimal line at that N), or the lead block. */
static inline bool nim_reports(const value_table *t, int lane)
{
    return lane < 0 ? nim_lead(t) : nim_owns(t, lane);
}
/* Element-wise over the blocks' arrays, the result on every block (the
 * identity when the table is whole). */
void nim_reduce(const value_table *t, int64_t *v, size_t n, reduce_op op);

/* Calls fn, on every block, with the whole row of every position `in`
 * accepts, in rank order (every block calls this; the rows travel in
 * batches, so memory stays small).  fn counts its cases on the lead block
 * and reports each mismatch where nim_reports says. */
typedef void (*nim_row_fn)(const value_table *t, claim_report *r, const nim_pos *pos, const int32_t *row,
                           void *ctx);
void nim_each_whole_row(const value_table *t, claim_report *r, nim_in_fn in, const void *in_ctx, nim_row_fn fn,
                        void *ctx);

/* Window limits, for claims "for all N". */
int nim_mmin(const value_table *t);
int nim_mmax(const value_table *t);

/* A statement "from `rank`, the optimal moves are `stated` for
 * mlo <= M <= mhi".  Checked at every lane in the range: each stated move
 * must be optimal; with `exact`, strictly inside the range no other move
 * may be optimal (at the end points a neighbouring range's moves may be
 * optimal too).  Returns the number of lanes compared. */
uint64_t nim_check_moves(const value_table *t, claim_report *r, int part, uint64_t rank,
                         const uint64_t *stated, int nstated, int mlo, int mhi, bool exact);
/* The same statement over several ranges of M, the children read once
 * (each range checked as nim_check_moves would, in order). */
uint64_t nim_check_moves_ranges(const value_table *t, claim_report *r, int part, uint64_t rank,
                                const uint64_t *stated, int nstated, const int (*ranges)[2], int nranges, bool exact);
/* nim_check_moves on a view already open (several statements about one
 * position read its children once); returns the cases compared. */
uint64_t nim_check_moves_in(nim_moves_view *view, claim_report *r, int part, const uint64_t *stated, int nstated,
                            int mlo, int mhi, bool exact);

#endif
