/*
 * position.c -- combinatorial number system over sorted pile multisets.
 * See multiset.h for the encoding.
 */
#include "core/engine/multiset.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/xalloc.h"

static uint64_t binom_at(const ms_shape *s, int i, int k)
{
    if (k < i)
        return 0;
    return s->binom[(size_t)i * (size_t)s->binom_width + (size_t)k];
}

int ms_shape_init(ms_shape *shape, int piles, int bound, char *err, int errlen)
{
    memset(shape, 0, sizeof *shape);
    if (errlen < MS_ERR_MAX)
        die("internal error: %d bytes is too little room for a message on the piles (%d needed)", errlen, MS_ERR_MAX);
    if (piles < 1 || piles > MS_MAX_SLOTS) {
        snprintf(err, (size_t)errlen, "number of piles must be 1..%d, got %d", MS_MAX_SLOTS, piles);
        return -1;
    }
    if (bound < 0 || bound > MS_MAX_BOUND) {
        snprintf(err, (size_t)errlen, "bound must be 0..%d, got %d", MS_MAX_BOUND, bound);
        return -1;
    }
    shape->piles = piles;
    shape->bound = bound;
    shape->max_total = piles * bound;
    shape->binom_width = bound + piles + 1;
    shape->binom = xcalloc((size_t)(piles + 1) * (size_t)shape->binom_width, sizeof *shape->binom,
                              "the binomial table");
    /* Pascal's rule, refusing (rather than wrapping) on 64-bit overflow. */
    for (int k = 0; k < shape->binom_width; k++) {
        for (int i = 0; i <= piles; i++) {
            uint64_t v;
            if (i == 0)
                v = 1;
            else if (k == 0)
                v = 0;
            else {
                uint64_t x = binom_at(shape, i - 1, k - 1), y = binom_at(shape, i, k - 1);
                if (__builtin_add_overflow(x, y, &v)) {
                    snprintf(err, (size_t)errlen,
                             "%d piles of size <= %d: position count overflows 64 bits", piles, bound);
                    ms_shape_free(shape);
                    return -1;
                }
            }
            shape->binom[(size_t)i * (size_t)shape->binom_width + (size_t)k] = v;
        }
    }
    shape->count = binom_at(shape, piles, bound + piles);
    return 0;
}

void ms_shape_free(ms_shape *shape)
{
    free(shape->binom);
    shape->binom = NULL;
}

uint64_t ms_count_upto(const ms_shape *shape, int b)
{
    if (b < 0 || b > shape->bound)
        die("internal error: multisets up to %d in a shape of %d", b, shape->bound);
    return binom_at(shape, shape->piles, b + shape->piles);
}

uint64_t ms_rank_sorted(const ms_shape *shape, const int *a)
{
    uint64_t r = 0;
    for (int i = 0; i < shape->piles; i++)
        r += binom_at(shape, i + 1, a[i] + i);
    return r;
}

void ms_ranks_lowered(const ms_shape *shape, const int *a, int i, int first, int last, uint64_t *out)
{
    /* Lowered to v, the pile moves down to slot j (the piles below i that
     * are at most v stay below it) and the piles of slots j .. i - 1 move
     * up one slot each; the slots above i keep theirs.  So the rank is
     *   below[j] + C(j + 1, v + j) + (moved[j + 1] .. moved[i]) + above,
     * below[j] the sum of slots 0 .. j - 1 where they are, moved[s] the
     * term of a[s - 1] one slot up; j only falls as x grows. */
    int n = shape->piles;
    uint64_t below[MS_MAX_SLOTS + 1], shifted = 0, above = 0;
    below[0] = 0;
    for (int s = 0; s < i; s++)
        below[s + 1] = below[s] + binom_at(shape, s + 1, a[s] + s);
    for (int s = i + 1; s < n; s++)
        above += binom_at(shape, s + 1, a[s] + s);
    int j = i;
    for (int x = first; x <= last; x++) {
        int v = a[i] - x;
        while (j > 0 && a[j - 1] > v) {
            /* a[j - 1] moves up to slot j. */
            shifted += binom_at(shape, j + 1, a[j - 1] + j);
            j--;
        }
        out[x - first] = below[j] + binom_at(shape, j + 1, v + j) + shifted + above;
    }
}

void ms_sort_ascending(int *a, int n)
{
    /* Insertion sort: short lists (piles, a game's few moves). */
    for (int i = 1; i < n; i++) {
        int v = a[i], j = i - 1;
        while (j >= 0 && a[j] > v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
}

int64_t ms_rank_of(const ms_shape *shape, const int *piles, int len)
{
    int a[MS_MAX_SLOTS];
    int nonzero = 0;
    for (int i = 0; i < len; i++) {
        if (piles[i] < 0 || piles[i] > shape->bound)
            return -1;
        if (piles[i] > 0) {
            if (nonzero == shape->piles)
                return -1;
            a[nonzero++] = piles[i];
        }
    }
    for (int i = nonzero; i < shape->piles; i++)
        a[i] = 0;
    ms_sort_ascending(a, shape->piles);
    return (int64_t)ms_rank_sorted(shape, a);
}

void ms_first(const ms_shape *shape, int *a)
{
    for (int i = 0; i < shape->piles; i++)
        a[i] = 0;
}

bool ms_next(const ms_shape *shape, int *a)
{
    /* Colex successor: raise the lowest slot that is below its upper
     * neighbour (or below the bound, for the top slot) and clear the
     * slots beneath it. */
    int n = shape->piles;
    for (int i = 0; i < n; i++) {
        int cap = (i + 1 < n) ? a[i + 1] : shape->bound;
        if (a[i] < cap) {
            a[i]++;
            for (int j = 0; j < i; j++)
                a[j] = 0;
            return true;
        }
    }
    return false;
}

void ms_unrank(const ms_shape *shape, uint64_t r, int *a)
{
    for (int i = shape->piles; i >= 1; i--) {
        /* Largest c with C(c, i) <= r; c_i = a_{i} + i - 1.  C(c, i)
         * grows with c (from C(i-1, i) = 0), so a binary search finds it:
         * a pile of 10,000 chips costs 14 steps, not 10,000. */
        int c = i - 1, hi = shape->binom_width - 1;
        while (c < hi) {
            int mid = c + (hi - c + 1) / 2;
            if (binom_at(shape, i, mid) <= r)
                c = mid;
            else
                hi = mid - 1;
        }
        r -= binom_at(shape, i, c);
        a[i - 1] = c - (i - 1);
    }
}

int ms_total(const int *a, int piles)
{
    int s = 0;
    for (int i = 0; i < piles; i++)
        s += a[i];
    return s;
}


int ms_format(const ms_shape *shape, uint64_t rank, char *buf, int len)
{
    /* As the paper writes a position: "(5,4,2)", largest pile first, the
     * empty piles left out ("(0)" when every pile is empty). */
    int a[MS_MAX_SLOTS], used = 0, any = 0;
    ms_unrank(shape, rank, a);
    if (len > 0)
        buf[0] = 0;
    for (int i = shape->piles - 1; i >= 0; i--)
        if (a[i] > 0) {
            int n = snprintf(used < len ? buf + used : NULL, used < len ? (size_t)(len - used) : 0,
                             any ? ",%d" : "(%d", a[i]);
            used += n;
            any = 1;
        }
    if (!any)
        return snprintf(buf, (size_t)(len > 0 ? len : 0), "(0)");
    used += snprintf(used < len ? buf + used : NULL, used < len ? (size_t)(len - used) : 0, ")");
    return used;
}

void ms_each_by_total(const ms_shape *shape, void (*fn)(void *ctx, uint64_t rank, uint64_t layer), void *ctx)
{
    int a[MS_MAX_SLOTS];
    uint64_t r = 0;
    ms_first(shape, a);
    do
        fn(ctx, r++, (uint64_t)ms_total(a, shape->piles));
    while (ms_next(shape, a));
}
