/*
 * periodicity.c -- window-repeat certificates and observed periods (see
 * periodicity.h).
 */
#include "core/engine/periodicity.h"

#include <stdlib.h>
#include <string.h>

#include "core/engine/xalloc.h"

void per_finder_init(per_finder *f, int width, int w)
{
    memset(f, 0, sizeof *f);
    f->width = width;
    f->w = w;
    f->nbuckets = 1 << 12;
    f->head = xmalloc((size_t)f->nbuckets * sizeof *f->head, "the window hash of a periodicity search");
    memset(f->head, 0xff, (size_t)f->nbuckets * sizeof *f->head);
}

void per_finder_free(per_finder *f)
{
    free(f->head);
    free(f->next);
    memset(f, 0, sizeof *f);
}

static uint64_t window_hash(const int64_t *rows, int width, int start, int w)
{
    uint64_t h = 1469598103934665603ULL;
    const int64_t *p = rows + (int64_t)start * width;
    for (int64_t i = 0; i < (int64_t)w * width; i++) {
        h ^= (uint64_t)p[i];
        h *= 1099511628211ULL;
    }
    return h ^ (h >> 31);
}

static bool same_window(const int64_t *rows, int width, int a, int b, int w)
{
    return memcmp(rows + (int64_t)a * width, rows + (int64_t)b * width, (size_t)w * (size_t)width * sizeof *rows) == 0;
}

static void rehash(per_finder *f, const int64_t *rows)
{
    int nb = f->nbuckets * 2;
    int *head = xmalloc((size_t)nb * sizeof *head, "the window hash of a periodicity search");
    memset(head, 0xff, (size_t)nb * sizeof *head);
    for (int s = 1; s <= f->fed; s++) {
        int b = (int)(window_hash(rows, f->width, s, f->w) & (uint64_t)(nb - 1));
        f->next[s] = head[b];
        head[b] = s;
    }
    free(f->head);
    f->head = head;
    f->nbuckets = nb;
}

bool per_finder_feed(per_finder *f, const int64_t *rows, int nrows, int *a, int *t)
{
    /* Windows start at 1: row w+1 onwards is a function of the window. */
    for (int s = f->fed + 1; s + f->w <= nrows; s++) {
        if (s >= f->cap) {
            int cap = f->cap ? 2 * f->cap : 1024;
            f->next = xrealloc(f->next, (size_t)cap * sizeof *f->next, "the window chain of a periodicity search");
            f->cap = cap;
        }
        uint64_t h = window_hash(rows, f->width, s, f->w);
        int b = (int)(h & (uint64_t)(f->nbuckets - 1));
        int found = -1;
        for (int q = f->head[b]; q >= 0; q = f->next[q])
            if (same_window(rows, f->width, q, s, f->w))
                found = q < found || found < 0 ? q : found;
        f->next[s] = f->head[b];
        f->head[b] = s;
        f->fed = s;
        if (found >= 0) {
            *a = found;
            *t = s - found;
            return true;
        }
        if (f->fed > 2 * f->nbuckets)
            rehash(f, rows);
    }
    return false;
}

static int64_t col_at(const int64_t *rows, int width, int n, int col)
{
    return rows[(int64_t)n * width + col];
}

void per_column_exact(const int64_t *rows, int width, int col, int a, int t, int *pre, int *per)
{
    int best = t;
    /* The least period divides t; try divisors from the smallest. */
    for (int d = 1; d < t; d++) {
        if (t % d)
            continue;
        bool ok = true;
        for (int n = a; ok && n < a + t; n++)
            ok = col_at(rows, width, n, col) == col_at(rows, width, n + d, col);
        if (ok) {
            best = d;
            break;
        }
    }
    int start = a;
    while (start > 0 && col_at(rows, width, start - 1, col) == col_at(rows, width, start - 1 + best, col))
        start--;
    *pre = start;
    *per = best;
}

bool per_column_observed(const int64_t *rows, int nrows, int width, int col, int *pre, int *per)
{
    for (int t = 1; 3 * t <= nrows; t++) {
        int a = nrows - t;
        while (a > 0 && col_at(rows, width, a - 1, col) == col_at(rows, width, a - 1 + t, col))
            a--;
        if (nrows - a >= 3 * t) {
            *pre = a;
            *per = t;
            return true;
        }
    }
    return false;
}
