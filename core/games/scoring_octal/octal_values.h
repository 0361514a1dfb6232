/*
 * octal_values.h -- exact G_s values of scoring octal games (Stewart,
 * Definition 31) and nothing else:
 *     G_s(no move left) = 0,
 *     G_s(position) = max over moves of (points - G_s(result)).
 * Values are int64 multiples of 1/scale (octal.h).
 *
 * Two engines:
 *  - og_rowtab: games that never break a heap (every digit 0..3, d_0 = 0).
 *    A position is (n, m): one heap n under O, one heap m under P; the
 *    table is the rows G_s(n +_l m), m = 0..M, grown on demand.
 *  - og_memo: any games.  A position is a multiset of O-heaps plus a
 *    multiset of P-heaps, memoised in a hash table keyed by the sorted
 *    heaps (partitions have no simple rank to index them by).
 */
#ifndef OCTAL_VALUES_H
#define OCTAL_VALUES_H

#include <stdbool.h>
#include <stdint.h>

#include "core/games/scoring_octal/octal.h"

/* One way to play on a single heap: take `take`, leave `nparts` heaps,
 * largest first. */
typedef struct {
    int take;
    int nparts;
    int parts[3];
} og_heap_move;

/* How many moves there are from one heap of size h. */
int og_heap_moves_count(const og_rules *g, int h);
/* Every move from one heap of size h (parts in descending order); returns
 * their number.  A list with room for fewer than og_heap_moves_count
 * stops the run: no move is ever dropped. */
int og_heap_moves(const og_rules *g, int h, og_heap_move *out, int cap);

typedef struct {
    og_rules O, P;
    bool has_sum;      /* P present (else M = 0)                     */
    int M;             /* columns m = 0..M                           */
    int64_t scale;
    int64_t pO[OG_MAX_TAKE + 1], pP[OG_MAX_TAKE + 1];
    int64_t *g;        /* rows * (M + 1) values (or a ring of `keep`) */
    int rows, cap;
    int keep;          /* 0: every row kept; else only the last keep  */
} og_rowtab;

/* P may be NULL (single heap).  Refuses breaking games.  Returns 0 or -1
 * with a one-line reason. */
int og_rowtab_init(og_rowtab *t, const og_rules *O, const og_rules *P, int M, char *err, int errlen);
/* Computes rows [0, rows).  (Out of memory stops the run: xalloc.h.) */
void og_rowtab_extend(og_rowtab *t, int rows);
/* Keeps only the last `keep` rows (keep > largest take of O), so that a
 * stream of rows needs memory independent of n; call once, before any
 * og_rowtab_extend.  og_rowtab_at then reads only those rows. */
void og_rowtab_keep_last(og_rowtab *t, int keep);
void og_rowtab_free(og_rowtab *t);
static inline int64_t og_rowtab_at(const og_rowtab *t, int n, int m)
{
    int slot = t->keep ? n % t->keep : n;
    return t->g[(int64_t)slot * (t->M + 1) + m];
}

/* Most bytes a row table of `rows` rows and columns 0..M allocates
 * (keep_last: a ring of max_take + 1 rows). */
uint64_t og_rowtab_bytes_bound(int rows, int M, bool keep_last, int max_take);

typedef struct og_memo og_memo;

/* Most bytes a memo allocates for positions whose O-heaps total at most
 * o_total and P-heaps at most p_total (all multisets counted: a bound,
 * saturating at UINT64_MAX). */
uint64_t og_memo_bytes_bound(int o_total, int p_total);
/* Bytes of a memo of `entries` positions of heaps totalling at most `total`. */
uint64_t og_memo_bytes_for(uint64_t entries, int total);
/* Positions memoised so far. */
uint64_t og_memo_size(const og_memo *memo);

/* P may be NULL (then P-heaps are played under O). */
og_memo *og_memo_new(const og_rules *O, const og_rules *P, int64_t scale);
void og_memo_free(og_memo *memo);
/* G_s of O-heaps ho[0..no) plus P-heaps hp[0..np) (any order, zeros
 * ignored).  Sets *ok = false when a limit (heap count, memory) was hit. */
int64_t og_memo_value(og_memo *memo, const int *ho, int no, const int *hp, int np, bool *ok);

#endif
