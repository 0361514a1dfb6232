/*
 * periodicity.h -- periods of row sequences, certified or observed.
 *
 * Rows are vectors of `width` int64 values (G_s(n +_l m), m = 0..M).
 *
 * Certificate: when every row n > w is the same function of rows
 * n-w .. n-1 (true for taking-no-breaking games, w the largest take), a
 * repeat of a window of w rows, W_a = W_{a+t} with a >= 1, proves the
 * sequence periodic with period t from a on, forever.  The first repeat
 * gives the least period of the row sequence; per_column_exact then reads
 * each column's exact preperiod and least period off one period.
 *
 * Observation: for sequences with no such finite window (breaking games),
 * per_column_observed reports the least period seen repeating at least
 * three times up to the end of the data, and where it starts.  That is
 * evidence, not proof.
 */
#ifndef PERIODICITY_H
#define PERIODICITY_H

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    int width, w;
    int fed;              /* windows W_1 .. W_{fed} examined            */
    int *head;            /* hash buckets -> window start, -1 empty     */
    int *next;            /* chain by window start                      */
    int nbuckets, cap;
} per_finder;

void per_finder_init(per_finder *f, int width, int w);
void per_finder_free(per_finder *f);
/* Examines the windows that fit in rows [0, nrows).  Returns true with
 * the first repeat (a, t) as soon as one is found. */
bool per_finder_feed(per_finder *f, const int64_t *rows, int nrows, int *a, int *t);

/* Given rows periodic with period t from a (rows [0, a + 2t) present):
 * column col's exact preperiod and least period. */
void per_column_exact(const int64_t *rows, int width, int col, int a, int t, int *pre, int *per);

/* Least t with col[n] = col[n+t] on a stretch [a, nrows - t) holding at
 * least three periods; false when none. */
bool per_column_observed(const int64_t *rows, int nrows, int width, int col, int *pre, int *per);

#endif
