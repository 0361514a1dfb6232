/*
 * runmax.c -- Scoring Nim's fast path: the running maxima.
 *
 * In the engine's units (g the table's value, s the points a stone) the
 * recursion reads
 *     g(0) = -M,   g(p) = max over piles a of p, a' < a, of s(a - a') - g(R + a'),
 * where R is p without that pile (a multiset of piles - 1 slots) and R + a'
 * the position with the pile replaced by a'.  Grouping the moves by the
 * piles that stay, for a fixed R,
 *     g(R + a) = max over a in p of  s a + H(R, a),
 *     H(R, a)  = max_{a' < a} ( -s a' - g(R + a') ),
 * and H(R, a + 1) = max( H(R, a), -s a - g(R + a) ): a running maximum over
 * a' that gains one term when the position R + a is finished.  So one row
 * H(R) is kept per multiset R; a position reads H(R) for each of its
 * distinct piles (its moves on that pile), then folds its own term into
 * H(R) for each of its distinct piles, zero included (R + 0 is a child of
 * every R + a).  This is the same recursion evaluated in another order,
 * and it is right because, when R + a is computed, H(R) holds exactly the
 * terms a' < a:
 *   - every R + a' with a' < a has |p| smaller by a - a', so it lies in an
 *     earlier layer and has been folded;
 *   - R + a' with a' > a lies in a later layer, not yet folded, and R + a
 *     itself folds after reading.
 * Within one layer no two positions touch the same row: R + a and R + b
 * in one layer have a = b.  So the layers stay parallel with no locks.
 * A position costs O(piles) row operations instead of O(|p|).  The tests
 * compare every table it makes with the plain kernel's, byte for byte.
 *
 * Who makes the last move (the table's last-mover flags) rides along as
 * in the plain kernel (kernels.c): each H entry keeps the OR of the flags
 * of the terms that attain it.
 *
 * H is kept in 16 bits when every value of the window and every s a added
 * to it stay within INT16_MAX / 4 (runmax_narrow: 3 piles to bound 600 and
 * more), else in 32: half the memory and the traffic of the maxima, the
 * same values (the sums are taken in 32 bits either way).
 */
#include <stdlib.h>
#include <string.h>

#include "core/engine/sweep.h"
#include "core/engine/sysmem.h"
#include "core/engine/xalloc.h"
#include "core/games/scoring_nim/scoring_nim.h"

/* Below any value a window can produce (the table keeps |g| < INT32_MAX/4
 * for the packed format), and safe to add s a to. */
#define NEG_INF (INT32_MIN / 2)
/* The same for 16-bit maxima, whose values stay within INT16_MAX / 4. */
#define NEG_INF16 (INT16_MIN / 2)

typedef struct {
    const scoring_nim *sn;
    ms_shape rest;        /* multisets of piles - 1 slots (piles > 1)  */
    void *H;              /* running maxima: a row per rest multiset,
                           * int16_t when narrow, else int32_t          */
    bool narrow;
    uint8_t *HF;          /* their last-mover flags                    */
    size_t cells;         /* rows of H times lanes                     */
    int lanes;            /* held lanes                                */
    int threads;
    int32_t **row;        /* a worker's row being computed             */
    uint8_t **flags;      /* its flags                                 */
} runmax;

static uint8_t swapped_last(uint8_t f)
{
    return (uint8_t)(((f & 1) << 1) | ((f >> 1) & 1));
}

/* Rows of the running maxima: one per multiset of piles - 1 slots. */
static uint64_t runmax_rows(const ms_shape *shape)
{
    if (shape->piles == 1)
        return 1;
    ms_shape s;
    char err[MS_ERR_MAX];
    if (ms_shape_init(&s, shape->piles - 1, shape->bound, err, sizeof err) != 0)
        return UINT64_MAX;
    uint64_t n = s.count;
    ms_shape_free(&s);
    return n;
}

/* Whether the maxima of a window fit in 16 bits: every value |g| and
 * every term s a' + |g| stays within INT16_MAX / 4, so that NEG_INF16 is
 * below them all and a gain added to it cannot wrap. */
static bool runmax_narrow(const game_desc *g, lane_window win)
{
    const scoring_nim *sn = scoring_nim_of(g);
    int64_t first = win.mlo, last = win.mlo + (int64_t)win.step * (win.lanes - 1);
    int64_t max_m = first < 0 ? -first : first;
    max_m = last < 0 && -last > max_m ? -last : last > max_m ? last : max_m;
    int64_t worst = g->value_bound(g->data, max_m) + sn->stone * (int64_t)sn->base.shape.bound;
    return worst <= INT16_MAX / 4;
}

/* A value (16 or 32 bits) and a flag byte a lane, a row each. */
static uint64_t runmax_bytes(const game_desc *g, const table_opts *o)
{
    const scoring_nim *sn = scoring_nim_of(g);
    uint64_t cell = runmax_narrow(g, o->win) ? sizeof(int16_t) : sizeof(int32_t);
    return sat_mul(runmax_rows(&sn->base.shape), (uint64_t)o->win.lanes * (cell + (o->last_mover ? 1 : 0)));
}

/* The row operations, for either width of H (T): a position reads the
 * maxima of a pile's moves (with or without flags) and folds its own term
 * in. */
#define ROW_OPS(T, W)                                                                                              \
    static void read_##W(int32_t *restrict g, const T *restrict h, int32_t gain, int lanes)                       \
    {                                                                                                              \
        for (int l = 0; l < lanes; l++) {                                                                          \
            int32_t v = gain + h[l];                                                                               \
            g[l] = v > g[l] ? v : g[l];                                                                            \
        }                                                                                                          \
    }                                                                                                              \
    static void read_flags_##W(int32_t *restrict g, uint8_t *restrict fl, const T *restrict h,                    \
                               const uint8_t *restrict hf, int32_t gain, int lanes)                               \
    {                                                                                                              \
        /* Masks rather than choices, so that gcc vectorizes it: with    \
         * choices it left control flow in the loop and ran a lane at a   \
         * time (the sweep with flags took 1.8 times as long). */         \
        for (int l = 0; l < lanes; l++) {                                                                          \
            int32_t v = gain + h[l], old = g[l];                                                                   \
            uint8_t gt = (uint8_t)-(v > old), ge = (uint8_t)-(v >= old);                                           \
            fl[l] = (uint8_t)((hf[l] & ge) | (fl[l] & (uint8_t)~gt));                                              \
            g[l] = v > old ? v : old;                                                                              \
        }                                                                                                          \
    }                                                                                                              \
    static void fold_##W(T *restrict h, const int32_t *restrict g, int32_t cost, int lanes)                       \
    {                                                                                                              \
        for (int l = 0; l < lanes; l++) {                                                                          \
            int32_t v = cost - g[l];                                                                               \
            h[l] = (T)(v > h[l] ? v : h[l]);                                                                       \
        }                                                                                                          \
    }                                                                                                              \
    static void fold_flags_##W(T *restrict h, uint8_t *restrict hf, const int32_t *restrict g,                    \
                               const uint8_t *restrict fl, bool terminal, int32_t cost, int lanes)                \
    {                                                                                                              \
        for (int l = 0; l < lanes; l++) {                                                                          \
            int32_t v = cost - g[l];                                                                               \
            uint8_t tf = terminal ? (uint8_t)LAST_FIRST : swapped_last(fl[l]);                                     \
            uint8_t merged = v == h[l] ? (uint8_t)(hf[l] | tf) : hf[l];                                            \
            hf[l] = v > h[l] ? tf : merged;                                                                        \
            h[l] = (T)(v > h[l] ? v : h[l]);                                                                       \
        }                                                                                                          \
    }

ROW_OPS(int16_t, 16)
ROW_OPS(int32_t, 32)

/* A read for each distinct non-empty pile and a fold for each distinct
 * pile. */
static double runmax_ops(const game_desc *g)
{
    const ms_shape *s = &scoring_nim_of(g)->base.shape;
    int a[MS_MAX_SLOTS];
    double ops = 0;
    ms_first(s, a);
    do
        for (int i = 0; i < s->piles; i++)
            if (i == 0 || a[i] != a[i - 1])
                ops += a[i] > 0 ? 2 : 1;
    while (ms_next(s, a));
    return ops;
}

static void *runmax_begin(value_table *t, int threads)
{
    const scoring_nim *sn = scoring_nim_of(t->game);
    if (!sn || t->opts.format == FORMAT_WIDE64)
        die("internal error: the running maxima need Scoring Nim in a packed or 16-bit table");
    runmax *c = xcalloc(1, sizeof *c, "the running maxima");
    c->sn = sn;
    c->threads = threads;
    int piles = sn->base.shape.piles, lanes = t->store.lanes;
    uint64_t rows = 1;
    if (piles > 1) {
        char err[MS_ERR_MAX];
        if (ms_shape_init(&c->rest, piles - 1, sn->base.shape.bound, err, sizeof err) != 0)
            die("internal error: %s", err);
        rows = c->rest.count;
    }
    c->lanes = lanes;
    c->cells = xmul(rows, (size_t)lanes, "the running maxima");
    c->narrow = runmax_narrow(t->game, t->store);
    if (c->narrow) {
        int16_t *h = xmalloc(xmul(c->cells, sizeof *h, "the running maxima"), "the running maxima");
        for (size_t i = 0; i < c->cells; i++)
            h[i] = NEG_INF16;
        c->H = h;
    } else {
        int32_t *h = xmalloc(xmul(c->cells, sizeof *h, "the running maxima"), "the running maxima");
        for (size_t i = 0; i < c->cells; i++)
            h[i] = NEG_INF;
        c->H = h;
    }
    if (t->opts.last_mover)
        c->HF = xcalloc(c->cells, 1, "the running maxima");
    c->row = xcalloc((size_t)threads, sizeof *c->row, "the workers' rows");
    c->flags = xcalloc((size_t)threads, sizeof *c->flags, "the workers' rows");
    return c;
}

/* Each worker's row, allocated by the worker (its own malloc arena: rows
 * of two workers never share a cache line, which cost 16% at 2 threads). */
static void runmax_worker_begin(void *state, int tid)
{
    runmax *c = state;
    c->row[tid] = xmalloc((size_t)c->lanes * sizeof(int32_t), "a worker's row");
    c->flags[tid] = xmalloc((size_t)c->lanes, "a worker's row");
}

static void runmax_worker_end(void *state, int tid)
{
    runmax *c = state;
    free(c->row[tid]);
    free(c->flags[tid]);
    c->row[tid] = NULL;
    c->flags[tid] = NULL;
}

/* Rank of a[] without one slot of index `skip`, among piles - 1 slots. */
static uint64_t rest_rank(const runmax *c, const int *a, int skip)
{
    int piles = c->sn->base.shape.piles, b[MS_MAX_SLOTS];
    if (piles == 1)
        return 0;
    for (int i = 0, k = 0; i < piles; i++)
        if (i != skip)
            b[k++] = a[i];
    return ms_rank_sorted(&c->rest, b);
}

static void runmax_position(void *state, value_table *t, int tid, uint64_t rank)
{
    runmax *c = state;
    const scoring_nim *sn = c->sn;
    int piles = sn->base.shape.piles, lanes = t->store.lanes, a[MS_MAX_SLOTS];
    bool last = t->opts.last_mover;
    int32_t stone = (int32_t)sn->stone;
    int32_t *restrict g = c->row[tid];
    uint8_t *restrict fl = c->flags[tid];
    ms_unrank(&sn->base.shape, rank, a);
    /* The rest multiset of each distinct pile, ranked once for the read
     * and the fold. */
    uint64_t rest[MS_MAX_SLOTS];
    for (int i = 0; i < piles; i++)
        if (i == 0 || a[i] != a[i - 1])
            rest[i] = rest_rank(c, a, i);
    bool terminal = a[piles - 1] == 0;
    if (terminal) {
        for (int l = 0; l < lanes; l++)
            g[l] = (int32_t)-table_held_M(t, l);
        if (last)
            memset(fl, LAST_NONE, (size_t)lanes);
    } else {
        for (int l = 0; l < lanes; l++)
            g[l] = NEG_INF;
        if (last)
            memset(fl, 0, (size_t)lanes);
        /* The moves on each distinct non-empty pile. */
        for (int i = 0; i < piles; i++) {
            if (a[i] == 0 || (i > 0 && a[i] == a[i - 1]))
                continue;
            uint64_t at = rest[i] * (uint64_t)lanes;
            int32_t gain = stone * a[i];
            if (!last && c->narrow)
                read_16(g, (const int16_t *)c->H + at, gain, lanes);
            else if (!last)
                read_32(g, (const int32_t *)c->H + at, gain, lanes);
            else if (c->narrow)
                read_flags_16(g, fl, (const int16_t *)c->H + at, c->HF + at, gain, lanes);
            else
                read_flags_32(g, fl, (const int32_t *)c->H + at, c->HF + at, gain, lanes);
        }
    }
    table_held_row_put(t, rank, g);
    if (last)
        table_held_flags_put(t, rank, fl);
    /* Fold this position's term into the maxima of its distinct piles,
     * zero included. */
    for (int i = 0; i < piles; i++) {
        if (i > 0 && a[i] == a[i - 1])
            continue;
        uint64_t at = rest[i] * (uint64_t)lanes;
        int32_t cost = -stone * a[i];
        if (!last && c->narrow)
            fold_16((int16_t *)c->H + at, g, cost, lanes);
        else if (!last)
            fold_32((int32_t *)c->H + at, g, cost, lanes);
        else if (c->narrow)
            fold_flags_16((int16_t *)c->H + at, c->HF + at, g, fl, terminal, cost, lanes);
        else
            fold_flags_32((int32_t *)c->H + at, c->HF + at, g, fl, terminal, cost, lanes);
    }
}

static int runmax_state(void *state, state_blob *out, int max)
{
    runmax *c = state;
    int n = 0;
    if (n < max)
        out[n++] = (state_blob){"running maxima", c->H,
                                c->cells * (c->narrow ? sizeof(int16_t) : sizeof(int32_t))};
    if (c->HF && n < max)
        out[n++] = (state_blob){"running maxima (flags)", c->HF, c->cells};
    return n;
}

static void runmax_end(void *state)
{
    runmax *c = state;
    free(c->H);
    free(c->HF);
    if (c->sn->base.shape.piles > 1 && c->rest.binom)
        ms_shape_free(&c->rest);
    free(c->row);
    free(c->flags);
    free(c);
}

const game_fast_path scoring_nim_runmax = {.name = "runmax", .bytes = runmax_bytes, .begin = runmax_begin,
                                           .worker_begin = runmax_worker_begin, .worker_end = runmax_worker_end,
                                           .position = runmax_position, .state = runmax_state, .end = runmax_end,
                                           .ops = runmax_ops};
