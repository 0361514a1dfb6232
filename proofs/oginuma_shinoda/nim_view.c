/*
 * nim_view.c -- position views, move sets and generic checks for the
 * Scoring Nim claims (see nim_view.h).
 */
#include "proofs/oginuma_shinoda/nim_view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/sysmem.h"
#include "core/engine/xalloc.h"


static void fill_view(const value_table *t, nim_pos *pos)
{
    int piles = nim_shape(t)->piles;
    pos->n = 0;
    pos->total = 0;
    for (int i = piles - 1; i >= 0; i--) {
        pos->total += pos->asc[i];
        if (pos->asc[i] > 0)
            pos->p[pos->n++] = pos->asc[i];
    }
}

void nim_pos_first(const value_table *t, nim_pos *pos)
{
    pos->rank = 0;
    ms_first(nim_shape(t), pos->asc);
    fill_view(t, pos);
}

bool nim_pos_next(const value_table *t, nim_pos *pos)
{
    if (!ms_next(nim_shape(t), pos->asc))
        return false;
    pos->rank++;
    fill_view(t, pos);
    return true;
}

void nim_pos_at(const value_table *t, uint64_t rank, nim_pos *pos)
{
    pos->rank = rank;
    ms_unrank(nim_shape(t), rank, pos->asc);
    fill_view(t, pos);
}

int64_t nim_rank(const value_table *t, const int *piles, int len)
{
    return ms_rank_of(nim_shape(t), piles, len);
}

char *nim_pos_text(const value_table *t, uint64_t rank)
{
    return table_position_text(t, rank);
}

char *nim_format_set(const value_table *t, const uint64_t *ranks, int k)
{
    char *set = claim_printf("{");
    for (int i = 0; i < k; i++) {
        char *one = nim_pos_text(t, ranks[i]), *next = claim_printf("%s%s%s", set, i ? ", " : "", one);
        free(one);
        free(set);
        set = next;
    }
    char *done = claim_printf("%s}", set);
    free(set);
    return done;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

int nim_optimal_children(const value_table *t, uint64_t rank, int lane, uint64_t *out)
{
    game_move *moves = xmalloc((size_t)t->game->max_moves * sizeof *moves, "a move list");
    int k = table_optimal_moves(t, rank, lane, moves);
    for (int i = 0; i < k; i++)
        out[i] = moves[i].child;
    free(moves);
    qsort(out, (size_t)k, sizeof *out, cmp_u64);
    return k;
}


void nim_reduce(const value_table *t, int64_t *v, size_t n, reduce_op op)
{
    if (t->split.parts > 1)
        t->split.reduce(t->split.arg, v, n, op);
}


/* Rows gathered at a time by nim_each_whole_row. */
#define WHOLE_ROW_BATCH 64

static void whole_row_batch(const value_table *t, claim_report *r, const uint64_t *ranks, int n, int32_t *rows,
                            nim_row_fn fn, void *ctx)
{
    table_rows_whole(t, ranks, n, rows);
    for (int i = 0; i < n; i++) {
        nim_pos pos;
        nim_pos_at(t, ranks[i], &pos);
        fn(t, r, &pos, rows + (size_t)i * (size_t)t->win.lanes, ctx);
    }
}

void nim_each_whole_row(const value_table *t, claim_report *r, nim_in_fn in, const void *in_ctx, nim_row_fn fn,
                        void *ctx)
{
    uint64_t ranks[WHOLE_ROW_BATCH];
    int32_t *rows = xmalloc(xmul(WHOLE_ROW_BATCH, (size_t)t->win.lanes * sizeof *rows, "whole rows"),
                               "whole rows");
    int n = 0;
    nim_pos pos;
    nim_pos_first(t, &pos);
    do {
        if (!in(&pos, in_ctx))
            continue;
        ranks[n++] = pos.rank;
        if (n == WHOLE_ROW_BATCH) {
            whole_row_batch(t, r, ranks, n, rows, fn, ctx);
            n = 0;
        }
    } while (nim_pos_next(t, &pos));
    if (n > 0)
        whole_row_batch(t, r, ranks, n, rows, fn, ctx);
    free(rows);
}

int nim_mmin(const value_table *t)
{
    return t->win.mlo;
}

int nim_mmax(const value_table *t)
{
    return table_lane_M(t, t->win.lanes - 1);
}

void nim_check_formula(const value_table *t, claim_report *r, int part, nim_in_fn in,
                       nim_expect_fn expect, const void *ctx, int mmin, int mmax,
                       bool integers_only)
{
    int32_t *buf = table_row_buffer(t);
    /* A few lanes (Proposition 5.3's -1 <= N <= 0) are read one by one;
     * many are decoded with the row. */
    int first = -1, last = -1;
    for (int l = t->own_lo; l < t->own_hi; l++)
        if (table_lane_M(t, l) >= mmin && table_lane_M(t, l) <= mmax) {
            first = first < 0 ? l : first;
            last = l;
        }
    /* No lane of the range here (a block of a split table): nothing to
     * compare. */
    if (first < 0) {
        free(buf);
        return;
    }
    bool whole = last - first >= 64;
    nim_pos pos;
    nim_pos_first(t, &pos);
    do {
        if (!in(&pos, ctx))
            continue;
        if (whole)
            table_row_get(t, pos.rank, buf);
        else
            for (int l = first; l >= 0 && l <= last; l++)
                buf[l] = table_value(t, pos.rank, l);
        const int32_t *row = buf;
        uint64_t cases = 0;
        for (int l = first; l <= last; l++) {
            int M = table_lane_M(t, l);
            if (M < mmin || M > mmax || (integers_only && (M & 1)))
                continue;
            cases++;
            int64_t want = expect(&pos, M, ctx);
            if (want != row[l])
                claim_mismatch_values(r, part, pos.rank, M, want, row[l]);
        }
        claim_cases(r, part, cases);
    } while (nim_pos_next(t, &pos));
    free(buf);
}

/* ---- optimal move sets, a whole row at a time ---- */

struct nim_moves_view {
    const value_table *t;
    uint64_t rank;
    int k;
    game_move *moves;
    int32_t *own;        /* the position's row                       */
    /* With whole rows: the optimal moves a lane, counted while each child
     * row is decoded once into one scratch row (which stays in cache),
     * and the rows of the moves read lane by lane (child_value), decoded
     * when first read.  Without: single values read from the table. */
    uint16_t *counts;
    int32_t **rows;      /* k pointers, NULL until decoded            */
};

/* A view of whole rows decoded when first read, its own row given (or
 * decoded if NULL). */
static nim_moves_view *nim_moves_open_lazily(const value_table *t, uint64_t rank, const int32_t *row)
{
    nim_moves_view *v = xcalloc(1, sizeof *v, "a move view");
    int a[MS_MAX_SLOTS];
    v->t = t;
    v->rank = rank;
    v->moves = xmalloc((size_t)t->game->max_moves * sizeof *v->moves, "a move list");
    ms_unrank(nim_shape(t), rank, a);
    v->k = scoring_nim_moves(nim_game(t), a, v->moves);
    v->own = table_row_buffer(t);
    if (row)
        memcpy(v->own, row, (size_t)t->win.lanes * sizeof *v->own);
    else
        table_row_get(t, rank, v->own);
    if (v->k > 0)
        v->rows = xcalloc((size_t)v->k, sizeof *v->rows, "child rows");
    return v;
}

nim_moves_view *nim_moves_open(const value_table *t, uint64_t rank, nim_view_mode mode)
{
    nim_moves_view *v = xcalloc(1, sizeof *v, "a move view");
    int lanes = t->win.lanes, a[MS_MAX_SLOTS];
    v->t = t;
    v->rank = rank;
    v->moves = xmalloc((size_t)t->game->max_moves * sizeof *v->moves, "a move list");
    ms_unrank(nim_shape(t), rank, a);
    v->k = scoring_nim_moves(nim_game(t), a, v->moves);
    v->own = table_row_get(t, rank, table_row_buffer(t));
    /* Many lanes: decode each child's row (when first read, or all of them
     * now to count the optimal moves) instead of reading single values,
     * each a popcount over the row's steps. */
    if (mode != VIEW_VALUES && v->k > 0)
        v->rows = xcalloc((size_t)v->k, sizeof *v->rows, "child rows");
    if (mode == VIEW_COUNTS && v->k > 0) {
        v->counts = xcalloc((size_t)lanes, sizeof *v->counts, "optimal move counts");
        int32_t *restrict c = table_row_buffer(t);
        uint16_t *restrict cnt = v->counts;
        const int32_t *restrict own = v->own;
        for (int m = 0; m < v->k; m++) {
            table_row_get(t, v->moves[m].child, c);
            int32_t gain = (int32_t)v->moves[m].points;
            for (int l = t->lo; l < t->lo + t->store.lanes; l++)
                cnt[l] += (uint16_t)(gain - c[l] == own[l]);
        }
        free(c);
    }
    return v;
}

static int32_t child_value(const nim_moves_view *v, int m, int lane)
{
    if (!v->rows)
        return table_value(v->t, v->moves[m].child, lane);
    /* (The view is the caller's own; a row decoded on first use.) */
    int32_t **row = &((nim_moves_view *)v)->rows[m];
    if (!*row)
        *row = table_row_get(v->t, v->moves[m].child, table_row_buffer(v->t));
    return (*row)[lane];
}

int nim_moves_count(const nim_moves_view *v, int lane)
{
    if (v->counts)
        return v->counts[lane];
    int n = 0;
    for (int m = 0; m < v->k; m++)
        n += v->moves[m].points - child_value(v, m, lane) == v->own[lane];
    return n;
}

/* Index of the move to `child`, or -1 when it is not a move. */
static int move_index(const nim_moves_view *v, uint64_t child)
{
    for (int m = 0; m < v->k; m++)
        if (v->moves[m].child == child)
            return m;
    return -1;
}

nim_moves_view *nim_moves_open_counted(const value_table *t, uint64_t rank, const int32_t *row,
                                      const uint16_t *counts)
{
    nim_moves_view *v = nim_moves_open_lazily(t, rank, row);
    v->counts = xmalloc((size_t)t->win.lanes * sizeof *v->counts, "optimal move counts");
    memcpy(v->counts, counts, (size_t)t->win.lanes * sizeof *v->counts);
    return v;
}

/* ---- optimal-move counts of every two-pile position, in one pass ----
 *
 * For the position {x, y}, the moves on pile x lead to {a', y}, a' < x,
 * and the move to {a', y} is optimal at a lane when
 *     s x + (-s a' - g({a', y})) = g({x, y}),
 * so, with H_y the running maximum over a' < x of the bracket and C_y how
 * many a' attain it, the moves on pile x that are optimal number C_y when
 * s x + H_y = g, and none otherwise (g is the maximum over every move, so
 * a bracket equal to g - s x is the group's maximum).  The same for the
 * moves on pile y with H_x over a' < y; for x = y the two are one group.
 * This is the running maximum of the sweep's kernel (runmax.c), here over
 * the values the table holds: one row decoded a position instead of every
 * child's.  Visiting the pairs by x, then y (their rank order: colex),
 * H_y holds exactly a' < x when {x, y} reads it, and H_x exactly a' < y. */
struct nim_pairs {
    const value_table *t;
    int bound, x, y, lo, hi;   /* next pair; held lanes [lo, hi)       */
    int32_t stone;
    int32_t *H, *row;          /* H: (bound + 1) rows of the window   */
    uint32_t *C;
    uint16_t *counts;
};

nim_pairs *nim_pairs_open(const value_table *t)
{
    nim_pairs *q = xcalloc(1, sizeof *q, "the two-pile counts");
    size_t lanes = (size_t)t->win.lanes;
    q->t = t;
    q->bound = nim_shape(t)->piles >= 2 ? nim_shape(t)->bound : -1;
    q->stone = (int32_t)nim_game(t)->stone;
    q->lo = t->lo;
    q->hi = t->lo + t->store.lanes;
    size_t rows = (size_t)(q->bound + 1);
    q->H = xmalloc(xmul(xmul(rows, lanes, "the two-pile counts"), sizeof *q->H, "the two-pile counts"),
                   "the two-pile counts");
    q->C = xcalloc(xmul(rows, lanes, "the two-pile counts"), sizeof *q->C, "the two-pile counts");
    for (size_t i = 0; i < rows * lanes; i++)
        q->H[i] = INT32_MIN / 2;
    q->row = table_row_buffer(t);
    q->counts = xcalloc(lanes, sizeof *q->counts, "the two-pile counts");
    return q;
}

uint64_t nim_pairs_bytes(uint64_t bound, int lanes)
{
    return sat_mul(sat_add(bound, 1), (uint64_t)lanes * (sizeof(int32_t) + sizeof(uint32_t)));
}

/* Folds the bracket -s a - g of the position with pile a into (H, C). */
static void pairs_fold(int32_t *restrict H, uint32_t *restrict C, const int32_t *restrict g, int32_t sa, int lo,
                       int hi)
{
    for (int l = lo; l < hi; l++) {
        int32_t b = -sa - g[l];
        C[l] = b > H[l] ? 1 : b == H[l] ? C[l] + 1 : C[l];
        H[l] = b > H[l] ? b : H[l];
    }
}

bool nim_pairs_next(nim_pairs *q, uint64_t *rank, int *x, int *y, const int32_t **row, const uint16_t **counts)
{
    if (q->x > q->bound)
        return false;
    const value_table *t = q->t;
    int a = q->x, b = q->y, lo = q->lo, hi = q->hi;
    size_t lanes = (size_t)t->win.lanes;
    int64_t r = nim_rank(t, (int[]){a, b}, 2);
    if (r < 0)
        die("internal error: the pair (%d,%d) is not in the table", a, b);
    const int32_t *g = table_row_get(t, (uint64_t)r, q->row);
    int32_t *Hb = q->H + (size_t)b * lanes, *Ha = q->H + (size_t)a * lanes;
    uint32_t *Cb = q->C + (size_t)b * lanes, *Ca = q->C + (size_t)a * lanes;
    int32_t sa = q->stone * a, sb = q->stone * b;
    int above = 0;
    for (int l = lo; l < hi; l++) {
        uint32_t n = sa + Hb[l] == g[l] ? Cb[l] : 0;
        above |= sa + Hb[l] > g[l];
        if (a != b) {
            n += sb + Ha[l] == g[l] ? Ca[l] : 0;
            above |= sb + Ha[l] > g[l];
        }
        q->counts[l] = (uint16_t)n;
    }
    /* A move worth more than the position: a table that does not follow
     * the recursion (a corrupted one, in the tests).  Counted child by
     * child there, so the counts are always those of the values held. */
    if (above) {
        nim_moves_view *v = nim_moves_open(t, (uint64_t)r, VIEW_COUNTS);
        for (int l = lo; l < hi; l++)
            q->counts[l] = (uint16_t)nim_moves_count(v, l);
        nim_moves_close(v);
    }
    pairs_fold(Hb, Cb, g, sa, lo, hi);
    if (a != b)
        pairs_fold(Ha, Ca, g, sb, lo, hi);
    *rank = (uint64_t)r;
    *x = a;
    *y = b;
    *row = g;
    *counts = q->counts;
    /* The next pair: y up to x, then the next x. */
    if (++q->y > q->x) {
        q->x++;
        q->y = 0;
    }
    return true;
}

void nim_pairs_close(nim_pairs *q)
{
    if (!q)
        return;
    free(q->H);
    free(q->C);
    free(q->row);
    free(q->counts);
    free(q);
}

void nim_moves_close(nim_moves_view *v)
{
    if (!v)
        return;
    for (int m = 0; v->rows && m < v->k; m++)
        free(v->rows[m]);
    free(v->rows);
    free(v->moves);
    free(v->own);
    free(v->counts);
    free(v);
}

uint64_t nim_moves_rank(const nim_moves_view *v)
{
    return v->rank;
}

int nim_moves_optimal(const nim_moves_view *v, int lane, uint64_t *out)
{
    int kept = 0, lanes = v->t->win.lanes;
    (void)lanes;
    for (int m = 0; m < v->k; m++)
        if (v->moves[m].points - child_value(v, m, lane) == v->own[lane])
            out[kept++] = v->moves[m].child;
    qsort(out, (size_t)kept, sizeof *out, cmp_u64);
    return kept;
}

uint64_t nim_check_moves_in(nim_moves_view *view, claim_report *r, int part, const uint64_t *stated, int nstated,
                            int mlo, int mhi, bool exact)
{
    const value_table *t = view->t;
    uint64_t rank = view->rank;
    uint64_t *opt = NULL;
    uint64_t cases = 0;
    int idx[8];
    if (nstated > 8)
        die("internal error: a move statement of %d moves (at most 8)", nstated);
    for (int i = 0; i < nstated; i++)
        idx[i] = move_index(view, stated[i]);
    for (int l = t->own_lo; l < t->own_hi; l++) {
        int M = table_lane_M(t, l);
        if (M < mlo || M > mhi)
            continue;
        cases++;
        /* Each stated move optimal; strictly inside an exact range, no
         * other: the number of optimal moves is the number stated. */
        bool ok = true;
        for (int i = 0; ok && i < nstated; i++)
            ok = idx[i] >= 0 && view->moves[idx[i]].points - child_value(view, idx[i], l) == view->own[l];
        if (ok && exact && M > mlo && M < mhi)
            ok = nim_moves_count(view, l) == nstated;
        if (!ok && !claim_keeps_mismatch_at(r, part, rank, M, true)) {
            /* Beyond the ones kept: counted, its texts never built. */
            claim_mismatch_count(r, part);
        } else if (!ok) {
            if (!opt)
                opt = xmalloc((size_t)t->game->max_moves * sizeof *opt, "a move list");
            int k = nim_moves_optimal(view, l, opt);
            char *s = nim_format_set(t, stated, nstated), *a = nim_format_set(t, opt, k);
            char *e = claim_printf("%s %s", exact && M > mlo && M < mhi ? "optimal =" : "optimal >=", s);
            claim_mismatch_text(r, part, rank, M, true, e, a);
            free(s);
            free(a);
            free(e);
        }
    }
    claim_cases(r, part, cases);
    free(opt);
    return cases;
}

uint64_t nim_check_moves(const value_table *t, claim_report *r, int part, uint64_t rank,
                         const uint64_t *stated, int nstated, int mlo, int mhi, bool exact)
{
    const int range[1][2] = {{mlo, mhi}};
    return nim_check_moves_ranges(t, r, part, rank, stated, nstated, range, 1, exact);
}

uint64_t nim_check_moves_ranges(const value_table *t, claim_report *r, int part, uint64_t rank,
                                const uint64_t *stated, int nstated, const int (*ranges)[2], int nranges, bool exact)
{
    int in_range = 0;
    for (int l = t->own_lo; l < t->own_hi; l++)
        for (int i = 0; i < nranges; i++)
            in_range += table_lane_M(t, l) >= ranges[i][0] && table_lane_M(t, l) <= ranges[i][1];
    if (in_range == 0)
        return 0;
    /* Many lanes: whole rows, and the counts only when "no other move"
     * is asked. */
    nim_moves_view *view = nim_moves_open(t, rank, in_range <= 16 ? VIEW_VALUES : exact ? VIEW_COUNTS : VIEW_ROWS);
    uint64_t cases = 0;
    for (int i = 0; i < nranges; i++)
        cases += nim_check_moves_in(view, r, part, stated, nstated, ranges[i][0], ranges[i][1], exact);
    nim_moves_close(view);
    return cases;
}
