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

typedef struct {
    const scoring_nim *sn;
    ms_shape rest;        /* multisets of piles - 1 slots (piles > 1)  */
    int32_t *H;           /* running maxima: a row per rest multiset   */
    uint8_t *HF;          /* their last-mover flags                    */
    size_t cells;         /* rows of H times lanes                     */
    int lanes;            /* held lanes                                */
    int threads;
    int32_t **row;        /* a worker's row being computed             */
    uint8_t **flags;      /* its flags                                 */
} runmax;

static uint8_t swap_last(uint8_t f)
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

/* A value and a flag byte a lane, a row each. */
static uint64_t runmax_bytes(const game_desc *g, const table_opts *o)
{
    const scoring_nim *sn = scoring_nim_of(g);
    return sat_mul(runmax_rows(&sn->base.shape), (uint64_t)o->win.lanes * (sizeof(int32_t) + 1));
}

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
    c->H = xmalloc(xmul(c->cells, sizeof *c->H, "the running maxima"), "the running maxima");
    for (size_t i = 0; i < c->cells; i++)
        c->H[i] = NEG_INF;
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
            uint64_t r = rest[i];
            const int32_t *restrict h = c->H + r * (uint64_t)lanes;
            int32_t gain = stone * a[i];
            if (!last)
                for (int l = 0; l < lanes; l++) {
                    int32_t v = gain + h[l];
                    g[l] = v > g[l] ? v : g[l];
                }
            else {
                const uint8_t *restrict hf = c->HF + r * (uint64_t)lanes;
                for (int l = 0; l < lanes; l++) {
                    int32_t v = gain + h[l];
                    uint8_t merged = v == g[l] ? (uint8_t)(fl[l] | hf[l]) : fl[l];
                    fl[l] = v > g[l] ? hf[l] : merged;
                    g[l] = v > g[l] ? v : g[l];
                }
            }
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
        uint64_t r = rest[i];
        int32_t *restrict h = c->H + r * (uint64_t)lanes;
        int32_t cost = -stone * a[i];
        if (!last)
            for (int l = 0; l < lanes; l++) {
                int32_t v = cost - g[l];
                h[l] = v > h[l] ? v : h[l];
            }
        else {
            uint8_t *restrict hf = c->HF + r * (uint64_t)lanes;
            for (int l = 0; l < lanes; l++) {
                int32_t v = cost - g[l];
                uint8_t tf = terminal ? (uint8_t)LAST_FIRST : swap_last(fl[l]);
                uint8_t merged = v == h[l] ? (uint8_t)(hf[l] | tf) : hf[l];
                hf[l] = v > h[l] ? tf : merged;
                h[l] = v > h[l] ? v : h[l];
            }
        }
    }
}

static int runmax_state(void *state, state_blob *out, int max)
{
    runmax *c = state;
    int n = 0;
    if (n < max)
        out[n++] = (state_blob){"running maxima", c->H, c->cells * sizeof *c->H};
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
