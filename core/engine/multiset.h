/*
 * multiset.h -- Scoring Nim positions and their indexing.
 *
 * A position of a sweep is a multiset of `piles` pile sizes, each in
 * [0, bound]; zero piles are allowed, so a 6-pile sweep also holds every
 * position with fewer non-empty piles.  A multiset is stored once, as its
 * sizes in ascending order, and indexed without hashing by the
 * combinatorial number system: with a_1 <= ... <= a_n,
 *
 *     rank(a) = sum_i C(a_i + i - 1, i)
 *
 * which is the colex rank of the strictly increasing sequence
 * c_i = a_i + i - 1.  Ranks run over [0, C(bound + piles, piles)) and do
 * not depend on the bound, so the table of a smaller bound is a prefix of
 * the table of a larger one (useful for checkpointed and growing sweeps).
 * Colex order is also a linear extension of the move order: every move
 * lowers the rank.
 */
#ifndef MULTISET_H
#define MULTISET_H

#include <stdbool.h>
#include <stdint.h>

/* Hard limits of the indexing; the CLI refuses anything larger. */
#define MS_MAX_SLOTS 16
#define MS_MAX_BOUND 4096

typedef struct {
    int piles;        /* number of pile slots n (zeros allowed)        */
    int bound;        /* largest pile size B                          */
    uint64_t count;   /* number of multisets: C(B + n, n)             */
    int max_total;    /* S = n * B, the largest |p|                   */
    /* binom[i][k] = C(k, i) for i <= piles, k <= bound + piles.       */
    uint64_t *binom;
    int binom_width;
} ms_shape;

/* Fills `shape` for `piles` slots of size <= `bound`.  Returns 0, or -1
 * with a message in err when the shape is out of range or its number of
 * positions overflows 64 bits. */
int ms_shape_init(ms_shape *shape, int piles, int bound, char *err, int errlen);
void ms_shape_free(ms_shape *shape);

/* Rank of the ascending pile array a[0..piles-1] (caller keeps it sorted). */
uint64_t ms_rank_sorted(const ms_shape *shape, const int *a);

/* Rank of an arbitrary pile list of length len <= piles (any order, zero
 * piles allowed): sorted and zero-padded first.  Returns -1 when the list
 * does not fit the shape (too many non-empty piles or a pile > bound). */
int64_t ms_rank_of(const ms_shape *shape, const int *piles, int len);

/* The first position (all piles empty) and the colex successor of `a`.
 * ms_next returns false after the last position. */
void ms_first(const ms_shape *shape, int *a);
bool ms_next(const ms_shape *shape, int *a);

/* Ascending piles of the position of rank r (inverse of ms_rank_sorted). */
void ms_unrank(const ms_shape *shape, uint64_t r, int *a);

/* Total number of stones |p|. */
int ms_total(const int *a, int piles);

#endif
