/*
 * heap_space.h -- the multisets of heaps of any number, densely ranked:
 * the position space of every game whose moves may split a heap (Kayles,
 * Grundy's game, Stewart's octal games that break heaps).
 *
 * A position is a multiset of positive heaps (a partition of its total,
 * the beans in all), written largest first.  Positions are ranked by
 * total first, then by their largest heap ascending, then the next heap,
 * and so on: the rank of heaps h_1 >= h_2 >= ... >= h_k of total n is
 *
 *     rank = upto(n) + sum_i fewer(rest_i, h_i)
 *
 * where rest_i = h_i + h_(i+1) + ... + h_k, fewer(b, r) counts the
 * partitions of b into heaps smaller than r, and upto(n) the multisets of
 * total below n.  A rank does not depend on the largest total of the
 * space, so the ranks of totals <= T are a prefix of those of any larger
 * T: an array indexed by rank grows as the totals asked for grow.
 *
 * A position of two components (the heaps of a sum G + H, each under
 * its own rules) is ranked by its user as a pair, rank1 * count(T2) +
 * rank2 (rank_memo.c, in the second order below).
 */
#ifndef HEAP_SPACE_H
#define HEAP_SPACE_H

#include <stdint.h>

/* The largest total a space may hold: the number of multisets of total
 * at most T, p(0) + ... + p(T), is below 2^64 up to T = 372 and passes it
 * at 373 (tests/test_engine.c checks both). */
#define HS_MAX_TOTAL 372

typedef struct {
    int max_total;    /* T                                                 */
    /* fewer[b * (T + 2) + r]: partitions of b into heaps smaller than r,
     * b = 0..T, r = 0..T+1; upto[n], n = 0..T+1: multisets of total < n. */
    uint64_t *fewer;
    uint64_t *upto;
} heap_space;

/* A space of every multiset of total at most max_total.  Returns 0, or -1
 * with a one-line message in err when max_total is out of range. */
int hs_init(heap_space *s, int max_total, char *err, int errlen);
void hs_free(heap_space *s);

/* Multisets of heaps of total at most t, sum p(0..t), without a space
 * (saturating at UINT64_MAX; 0 for t < 0). */
uint64_t hs_multisets_up_to(int t);

/* Multisets of total at most t (t <= T): the first hs_count(t) ranks. */
static inline uint64_t hs_count(const heap_space *s, int t)
{
    return s->upto[t + 1];
}

static inline uint64_t hs_fewer(const heap_space *s, int b, int r)
{
    return s->fewer[(uint64_t)b * (uint64_t)(s->max_total + 2) + (uint64_t)r];
}

/* The rank of heaps desc[0..k) (largest first, positive) of total `total`
 * (the caller's sum of them, at most T). */
static inline uint64_t hs_rank_total(const heap_space *s, const int *desc, int k, int total)
{
    uint64_t r = s->upto[total];
    int rest = total;
    for (int i = 0; i < k; i++) {
        r += hs_fewer(s, rest, desc[i]);
        rest -= desc[i];
    }
    return r;
}

/* The rank of heaps desc[0..k), largest first; -1 when they are not a
 * position of the space (a heap not positive, out of order, or a total
 * beyond T). */
int64_t hs_rank(const heap_space *s, const int *desc, int k);

/* The total of the position of rank r (r < hs_count(T)). */
int hs_total_of(const heap_space *s, uint64_t r);

/* The heaps of rank r, largest first, into desc (room for T heaps);
 * returns how many. */
int hs_unrank(const heap_space *s, uint64_t r, int *desc);

/* "(5,3,1)", the heaps largest first, "()" with none; returns the text's
 * length, as snprintf does. */
int hs_format(const heap_space *s, uint64_t r, char *buf, int len);

/* The heaps desc[0..k) (largest first) with heap i replaced by parts[0..n)
 * (largest first, positive), largest first into out (room for k - 1 + n);
 * returns the count.  A move of a heap game, applied. */
int hs_replace(const int *desc, int k, int i, const int *parts, int n, int *out);

/* ---- a second order, for a space whose largest total T is fixed ----
 *
 * The multisets of total at most T in lexicographic order of their heaps
 * read largest first (a multiset before every longer one it begins).
 * The rank of h_1 >= ... >= h_k is
 *
 *     rank = sum_i before(T - used_i, h_i),  used_i = h_1 + ... + h_(i-1),
 *
 * where before(b, h) counts the multisets of total at most b whose heaps
 * are all below h: the empty one, and for each first heap v < h those
 * that go on with heaps of at most v and total at most b - v.  A term
 * depends only on the heaps before it, so a move on heap i leaves the
 * terms before i as they were and shifts the budgets of the terms after
 * it by the beans it takes: rank_memo.c ranks a position's children in a
 * few steps each, not one a heap.  The ranks fill [0, count(T)), the
 * same count as the first order's, but do not grow with T. */
typedef struct {
    int max_total;    /* T                                                   */
    /* before[b * (T + 2) + h], b = 0..2T+1, h = 0..T+1.  Budgets past T
     * arise only in sums a caller computes ahead and never reads (their
     * counts saturate at UINT64_MAX); those up to T are exact. */
    uint64_t *before;
    uint64_t count;   /* multisets of total at most T                        */
} heap_lex;

/* The order of every multiset of total at most max_total; max_total at
 * most HS_MAX_TOTAL.  Returns 0, or -1 with a one-line message. */
int hs_lex_init(heap_lex *x, int max_total, char *err, int errlen);
void hs_lex_free(heap_lex *x);

static inline uint64_t hs_lex_before(const heap_lex *x, int b, int h)
{
    return x->before[(uint64_t)b * (uint64_t)(x->max_total + 2) + (uint64_t)h];
}

/* The rank of heaps desc[0..k) (largest first, positive, total <= T). */
static inline uint64_t hs_lex_rank(const heap_lex *x, const int *desc, int k)
{
    uint64_t r = 0;
    int b = x->max_total;
    for (int i = 0; i < k; i++) {
        r += hs_lex_before(x, b, desc[i]);
        b -= desc[i];
    }
    return r;
}

/* The heaps of lexicographic rank r (< count), largest first; returns
 * how many. */
int hs_lex_unrank(const heap_lex *x, uint64_t r, int *desc);

#endif
