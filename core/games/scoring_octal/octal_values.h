/*
 * octal_values.h -- exact G_s values of scoring octal games, as the
 * engine computes them from the descriptions of octal_game.h, in the two
 * forms the claims and the command line read:
 *  - og_rowtab: games that never break a heap (every digit 0..3, d_0 = 0):
 *    the rows G_s(n +_l m), m = 0..M, grown on demand: a table of the grid
 *    (GAME_BY_RANK, 64-bit values), swept by the game's fast path or by the
 *    engine's plain kernel;
 *  - og_memo: any game: the heaps reached from the positions asked for,
 *    in the engine's keyed memo (memo.h, no bound on the heaps) or in its
 *    ranked store (rank_memo.h: heaps of bounded totals, an array by rank,
 *    several times faster), with the same values and positions counted.
 * Values are int64 multiples of 1/scale (octal.h).
 */
#ifndef OCTAL_VALUES_H
#define OCTAL_VALUES_H

#include <stdbool.h>
#include <stdint.h>

#include "core/engine/memo.h"
#include "core/engine/rank_memo.h"
#include "core/engine/sweep.h"
#include "core/engine/table.h"
#include "core/games/scoring_octal/octal.h"
#include "core/games/scoring_octal/octal_game.h"

typedef struct {
    octal_grid grid;   /* the description                          */
    value_table table; /* its values, rank n (M + 1) + m            */
    sweep *sweep;
    table_kernel kernel;
    int M;             /* columns m = 0..M                          */
    int64_t scale;
    int rows;          /* rows computed                             */
    int keep;          /* 0: every row kept; else only the last keep */
} og_rowtab;

/* P may be NULL (single heap).  Rows go up to max_rows at most (the
 * values of longer rows could leave 64 bits: refused).  KERNEL_FAST: the
 * grid's fast path; KERNEL_PLAIN: the engine's plain kernel through the
 * moves.  Refuses breaking games.  Returns 0 or -1 with a one-line
 * reason.  The table is not counted against the memory budget here: the
 * callers bound it before any work (og_rowtab_bytes_bound). */
int og_rowtab_init(og_rowtab *t, const og_rules *O, const og_rules *P, int M, int max_rows, table_kernel kernel,
                   char *err, int errlen);
/* Computes rows [0, rows).  (Out of memory stops the run: xalloc.h.) */
void og_rowtab_extend(og_rowtab *t, int rows);
/* Keeps only the last `keep` rows (keep > largest take of O), so that a
 * stream of rows needs memory independent of n; call once, before any
 * og_rowtab_extend.  og_rowtab_at then reads only those rows. */
void og_rowtab_keep_last(og_rowtab *t, int keep);
void og_rowtab_free(og_rowtab *t);
/* Rows [0, rows) one after another, M + 1 values each (not with keep). */
static inline const int64_t *og_rowtab_rows(const og_rowtab *t)
{
    return t->table.wide64;
}
static inline int64_t og_rowtab_at(const og_rowtab *t, int n, int m)
{
    uint64_t r = (uint64_t)n * (uint64_t)(t->M + 1) + (uint64_t)m, keep = t->table.opts.keep;
    return t->table.wide64[keep ? r % keep : r];
}

/* Most bytes a row table of `rows` rows and columns 0..M allocates
 * (keep_last: a ring of max_take + 1 rows). */
uint64_t og_rowtab_bytes_bound(int rows, int M, bool keep_last, int max_take);

typedef struct og_memo og_memo;

/* Most bytes a memo allocates for positions whose O-heaps total at most
 * o_total and P-heaps at most p_total (all multisets counted: a bound,
 * saturating at UINT64_MAX). */
uint64_t og_memo_bytes_bound(int o_total, int p_total);
/* Multisets of positive heaps with total at most t (the positions a
 * breaking game may reach from heaps of t beans): the sum of the
 * partition numbers p(0..t), saturating (p(j) passes 2^64 near j = 416). */
uint64_t og_multisets_up_to(int t);
/* Bytes such a memo usually takes, at most `cap` positions (0: any): the
 * multisets of heaps of the two totals together (a game reaches far
 * fewer positions than the pairs of multisets the bound counts), three
 * slots each (memo_bytes_likely).  Within 2x of the peak of Conjecture
 * 37's families, measured (docs/performance.md); an estimate, not a bound. */
uint64_t og_memo_bytes_likely(int o_total, int p_total, uint64_t cap);
/* Bytes of a memo of `entries` positions of heaps totalling at most `total`. */
uint64_t og_memo_bytes_for(uint64_t entries, int total);
/* Positions memoised so far. */
uint64_t og_memo_size(const og_memo *memo);

/* P may be NULL (then P-heaps are played under O). */
og_memo *og_memo_new(const og_rules *O, const og_rules *P, int64_t scale);
/* The same on the engine's memo `keep` (NULL: a new one), reset for this
 * game: its memory serves game after game.  og_memo_free then leaves
 * `keep` to its owner. */
og_memo *og_memo_new_on(const og_rules *O, const og_rules *P, int64_t scale, memo *keep);
/* The same on a ranked store (rank_memo.h): an array indexed by the
 * positions' ranks, for positions whose O-heaps total at most o_total and
 * P-heaps at most p_total (a key beyond them is a limit: *ok = false).
 * Same values, same positions counted; `keep` (NULL: a new one) as in
 * og_memo_new_on.  NULL with a one-line reason when the totals are beyond
 * the ranks' range. */
og_memo *og_memo_new_ranked(const og_rules *O, const og_rules *P, int64_t scale, int o_total, int p_total,
                            rank_memo *keep, char *err, int errlen);
/* Most bytes such a ranked store allocates (its array: 8 bytes a
 * multiset of the totals), and bytes it takes (the array, written). */
uint64_t og_ranked_bytes_bound(const og_rules *O, const og_rules *P, int o_total, int p_total);
uint64_t og_ranked_bytes_likely(const og_rules *O, const og_rules *P, int o_total, int p_total);
void og_memo_free(og_memo *memo);
/* G_s of O-heaps ho[0..no) plus P-heaps hp[0..np) (any order, zeros
 * ignored).  Sets *ok = false when a limit (heap count, memory) was hit. */
int64_t og_memo_value(og_memo *memo, const int *ho, int no, const int *hp, int np, bool *ok);

#endif
