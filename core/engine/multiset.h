/*
 * multiset.h -- multisets of piles and their indexing: the position space
 * of every game played on piles (Scoring Nim and its variants, Nim,
 * Holshouser and Reiter's game).
 *
 * A position of a sweep is a multiset of `piles` pile sizes (slots), each
 * in [0, bound]; zero piles are allowed, so a 6-pile sweep also holds
 * every position with fewer non-empty piles.  A multiset is stored once, as its
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
#define MS_MAX_BOUND 65536

typedef struct {
    int piles;        /* number of pile slots n (zeros allowed)        */
    int bound;        /* largest pile size B                          */
    uint64_t count;   /* number of multisets: C(B + n, n)             */
    int max_total;    /* S = n * B, the largest |p|                   */
    /* binom[i][k] = C(k, i) for i <= piles, k <= bound + piles.       */
    uint64_t *binom;
    int binom_width;
} ms_shape;

/* Room for any message of ms_shape_init (the longest is under 80 bytes). */
#define MS_ERR_MAX 128

/* Fills `shape` for `piles` slots of size <= `bound`.  Returns 0, or -1
 * with a message in err when the shape is out of range or its number of
 * positions overflows 64 bits.  errlen must be at least MS_ERR_MAX (less
 * stops the run: an internal error), so a message is never cut. */
int ms_shape_init(ms_shape *shape, int piles, int bound, char *err, int errlen);
void ms_shape_free(ms_shape *shape);

/* The number of multisets whose piles are all at most b <= bound: they
 * are the first ranks, C(b + n, n) of them (colex order). */
uint64_t ms_count_upto(const ms_shape *shape, int b);

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

/* Sorts a short list of whole numbers in place, ascending. */
void ms_sort_ascending(int *a, int n);

/* The ascending piles after replacing one pile of size `from` by `to`
 * (inline: every move of every game on piles goes through it). */
static inline void ms_apply(const ms_shape *shape, const int *a, int from, int to, int *out)
{
    int n = shape->piles, k = 0;
    bool replaced = false, inserted = false;
    /* Copy a[] without one `from`, inserting `to` at its sorted place. */
    for (int i = 0; i < n; i++) {
        if (!replaced && a[i] == from) {
            replaced = true;
            continue;
        }
        if (!inserted && to <= a[i]) {
            out[k++] = to;
            inserted = true;
        }
        out[k++] = a[i];
    }
    if (!inserted)
        out[k++] = to;
}

/* The ranks of the ascending piles a with slot i lowered by x = first ..
 * last (1 <= first, last <= a[i]), into out[x - first]: what lowering it,
 * sorting and ms_rank_sorted give, in O(piles + last - first) for them
 * all rather than O(piles) each (a game lists every take from a pile
 * this way, a few hundred at a time). */
void ms_ranks_lowered(const ms_shape *shape, const int *a, int i, int first, int last, uint64_t *out);

/* "(5,4,2)": the non-empty piles, largest first, "(0)" when there is none;
 * returns the text's length, as snprintf does. */
int ms_format(const ms_shape *shape, uint64_t rank, char *buf, int len);

/* fn(ctx, rank, total) for every multiset in rank order: the layers of a
 * game whose every move takes stones (game.h, each_position). */
void ms_each_by_total(const ms_shape *shape, void (*fn)(void *ctx, uint64_t rank, uint64_t layer), void *ctx);

#endif
