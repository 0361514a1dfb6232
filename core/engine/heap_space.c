/*
 * heap_space.c -- counting, ranking and unranking the multisets of heaps
 * (see heap_space.h).
 */
#include "core/engine/heap_space.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/engine/sysmem.h"
#include "core/engine/xalloc.h"

/* fewer(b, r) by the rule that a partition of b into heaps smaller than
 * r either has no heap r - 1 or takes one off:
 *     fewer(b, r) = fewer(b, r - 1) + fewer(b - (r - 1), r),
 * with fewer(0, r) = 1 for r >= 1 (the empty partition) and fewer(b, r)
 * = 0 for b > 0, r <= 1.  Every count is at most p(b) <= p(T), within 64
 * bits for T <= HS_MAX_TOTAL. */
int hs_init(heap_space *s, int max_total, char *err, int errlen)
{
    if (max_total < 0 || max_total > HS_MAX_TOTAL) {
        snprintf(err, (size_t)errlen, "a space of heaps of at most %d in all (a total of %d asked for)", HS_MAX_TOTAL,
                 max_total);
        return -1;
    }
    int T = max_total, w = T + 2;
    s->max_total = T;
    s->fewer = xcalloc(xmul((size_t)(T + 1), (size_t)w, "a heap space"), sizeof *s->fewer, "a heap space");
    s->upto = xcalloc((size_t)T + 2, sizeof *s->upto, "a heap space");
    for (int b = 0; b <= T; b++)
        for (int r = 0; r <= T + 1; r++) {
            uint64_t c;
            if (b == 0)
                c = r >= 1;
            else if (r <= 1)
                c = 0;
            else
                c = s->fewer[(size_t)b * w + r - 1] + (b >= r - 1 ? s->fewer[(size_t)(b - r + 1) * w + r] : 0);
            s->fewer[(size_t)b * w + r] = c;
        }
    /* The partitions of n are those into heaps smaller than n + 1; the sum
     * of p(0..T) stays within 64 bits below HS_MAX_TOTAL. */
    s->upto[0] = 0;
    for (int n = 0; n <= T; n++)
        s->upto[n + 1] = sat_add(s->upto[n], hs_fewer(s, n, n + 1));
    if (s->upto[T + 1] == UINT64_MAX)
        die("internal error: the multisets of heaps of at most %d in all overflow 64 bits", T);
    return 0;
}

void hs_free(heap_space *s)
{
    free(s->fewer);
    free(s->upto);
    s->fewer = s->upto = NULL;
}

int64_t hs_rank(const heap_space *s, const int *desc, int k)
{
    int total = 0;
    for (int i = 0; i < k; i++) {
        if (desc[i] <= 0 || (i > 0 && desc[i] > desc[i - 1]))
            return -1;
        total += desc[i];
        if (total > s->max_total)
            return -1;
    }
    return (int64_t)hs_rank_total(s, desc, k, total);
}

int hs_total_of(const heap_space *s, uint64_t r)
{
    /* The n with upto[n] <= r < upto[n + 1]. */
    int lo = 0, hi = s->max_total;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (s->upto[mid] <= r)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

int hs_unrank(const heap_space *s, uint64_t r, int *desc)
{
    int rest = hs_total_of(s, r), top = rest, k = 0;
    r -= s->upto[rest];
    while (rest > 0) {
        /* The largest heap h: the block of heaps smaller than h + 1 holds r
         * and that of heaps smaller than h does not (a binary search:
         * fewer(rest, .) is non-decreasing). */
        int lo = 1, hi = top;
        while (lo < hi) {
            int mid = (lo + hi + 1) / 2;
            if (hs_fewer(s, rest, mid) <= r)
                lo = mid;
            else
                hi = mid - 1;
        }
        r -= hs_fewer(s, rest, lo);
        desc[k++] = lo;
        rest -= lo;
        top = lo;
    }
    return k;
}

int hs_format(const heap_space *s, uint64_t r, char *buf, int len)
{
    int desc[HS_MAX_TOTAL + 1], k = hs_unrank(s, r, desc);
    int used = snprintf(buf, (size_t)len, "(");
    for (int i = 0; i < k; i++)
        used += snprintf(used < len ? buf + used : NULL, used < len ? (size_t)(len - used) : 0, "%s%d", i ? "," : "",
                         desc[i]);
    used += snprintf(used < len ? buf + used : NULL, used < len ? (size_t)(len - used) : 0, ")");
    return used;
}

uint64_t hs_multisets_up_to(int t)
{
    if (t < 0)
        return 0;
    /* The sum passes 2^64 past HS_MAX_TOTAL (heap_space.h). */
    if (t > HS_MAX_TOTAL)
        return UINT64_MAX;
    uint64_t p[HS_MAX_TOTAL + 1] = {1};
    /* p(j) by heaps of size 1, 2, ...: the usual coin-change recursion. */
    for (int part = 1; part <= t; part++)
        for (int j = part; j <= t; j++)
            p[j] = sat_add(p[j], p[j - part]);
    uint64_t sum = 0;
    for (int j = 0; j <= t; j++)
        sum = sat_add(sum, p[j]);
    return sum;
}

int hs_replace(const int *desc, int k, int i, const int *parts, int n, int *out)
{
    int c = 0, q = 0;
    for (int j = 0; j < k; j++) {
        if (j == i)
            continue;
        while (q < n && parts[q] > desc[j])
            out[c++] = parts[q++];
        out[c++] = desc[j];
    }
    while (q < n)
        out[c++] = parts[q++];
    return c;
}

/* before(b, h) = 1 + sum over v = 1 .. h-1 of within(b - v, v), where
 * within(c, v) counts the multisets of total at most c with heaps of at
 * most v (0 for c < 0): the partitions of 0..c into heaps smaller than
 * v + 1, summed. */
int hs_lex_init(heap_lex *x, int max_total, char *err, int errlen)
{
    if (max_total < 0 || max_total > HS_MAX_TOTAL) {
        snprintf(err, (size_t)errlen, "a space of heaps of at most %d in all (a total of %d asked for)", HS_MAX_TOTAL,
                 max_total);
        return -1;
    }
    int T = max_total, B = 2 * T + 1, w = T + 2;
    /* within[c * w + v], c = 0..B, v = 0..T+1: first the partitions of c
     * into heaps of at most v (the coin-change recursion, heap v added
     * to those of at most v - 1), then summed over c.  Counts past the
     * total T saturate (heap_lex.before). */
    uint64_t *within = xcalloc(xmul((size_t)B + 1, (size_t)w, "a heap space"), sizeof *within, "a heap space");
    for (int v = 0; v < w; v++)
        for (int c = 0; c <= B; c++)
            within[(size_t)c * w + v] = c == 0 ? 1
                                        : v == 0 ? 0
                                                 : sat_add(within[(size_t)c * w + v - 1],
                                                           c >= v ? within[(size_t)(c - v) * w + v] : 0);
    for (int v = 0; v < w; v++)
        for (int c = 1; c <= B; c++)
            within[(size_t)c * w + v] = sat_add(within[(size_t)c * w + v], within[(size_t)(c - 1) * w + v]);
    x->max_total = T;
    x->before = xcalloc(xmul((size_t)B + 1, (size_t)w, "a heap space"), sizeof *x->before, "a heap space");
    for (int b = 0; b <= B; b++)
        for (int h = 0; h < w; h++) {
            uint64_t c = 1;
            for (int v = 1; v < h && v <= b; v++)
                c = sat_add(c, within[(size_t)(b - v) * w + v]);
            x->before[(size_t)b * w + h] = c;
        }
    x->count = within[(size_t)T * w + T];
    free(within);
    return 0;
}

void hs_lex_free(heap_lex *x)
{
    free(x->before);
    x->before = NULL;
}

int hs_lex_unrank(const heap_lex *x, uint64_t r, int *desc)
{
    int b = x->max_total, cap = x->max_total, k = 0;
    /* Rank 0 of what is left is its end (the empty rest); else the next
     * heap is the largest v <= min(cap, b) with before(b, v) <= r. */
    while (r > 0) {
        int lo = 1, hi = cap < b ? cap : b;
        while (lo < hi) {
            int mid = (lo + hi + 1) / 2;
            if (hs_lex_before(x, b, mid) <= r)
                lo = mid;
            else
                hi = mid - 1;
        }
        r -= hs_lex_before(x, b, lo);
        desc[k++] = lo;
        b -= lo;
        cap = lo;
    }
    return k;
}
