/*
 * payoff.c -- table allocation, the layer-parallel sweep of recursion (2),
 * optimal moves and lines read back from a finished table, and the table
 * checksum.
 */
#include "payoff.h"

#include <limits.h>
#include <nettle/sha2.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sysmem.h"
#include "xalloc.h"

sn_window sn_window_for_sweep(int piles, int bound)
{
    int w = piles * bound + 3;
    sn_window win = {.mlo = -2 * w, .step = 1, .lanes = 4 * w + 1};
    return win;
}

static int check_exactness(const sn_table *t, char *err, int errlen)
{
    /* |2f| <= 2S + max|M|; computed in 64 bits, compared to int32. */
    int64_t m_first = t->win.mlo;
    int64_t m_last = (int64_t)t->win.mlo + (int64_t)t->win.step * (t->win.lanes - 1);
    int64_t max_m = m_first < 0 ? -m_first : m_first;
    if ((m_last < 0 ? -m_last : m_last) > max_m)
        max_m = m_last < 0 ? -m_last : m_last;
    int64_t worst = 2 * (int64_t)t->shape.max_total + max_m;
    if (worst > INT32_MAX) {
        snprintf(err, (size_t)errlen,
                 "values up to %lld would overflow the 32-bit lanes (limit %d); lower the bound or the bonus range",
                 (long long)worst, INT32_MAX);
        return -1;
    }
    return 0;
}

int sn_table_estimate(int piles, int bound, sn_window win, uint64_t *bytes, char *err, int errlen)
{
    sn_shape shape;
    if (sn_shape_init(&shape, piles, bound, err, errlen) != 0)
        return -1;
    uint64_t count = shape.count;
    sn_shape_free(&shape);
    uint64_t cells, values;
    if (__builtin_mul_overflow(count, (uint64_t)win.lanes, &cells) ||
        __builtin_mul_overflow(cells, (uint64_t)sizeof(int32_t), &values)) {
        snprintf(err, (size_t)errlen, "the payoff table size overflows 64 bits");
        return -1;
    }
    /* The values, the layer order (one rank per position) and the layer
     * starts. */
    *bytes = sn_sat_add(sn_sat_add(values, sn_sat_mul(count, sizeof(uint64_t))),
                        (uint64_t)(piles * bound + 2) * sizeof(uint64_t));
    return 0;
}

static int check_memory(const sn_table *t, char *err, int errlen)
{
    uint64_t bytes;
    if (sn_table_estimate(t->shape.piles, t->shape.bound, t->win, &bytes, err, errlen) != 0)
        return -1;
    sn_memory_budget budget;
    sn_memory_budget_now(&budget);
    if (bytes > budget.bytes) {
        char need[32], have[32];
        sn_format_bytes(bytes, need, sizeof need);
        sn_format_bytes(budget.bytes, have, sizeof have);
        snprintf(err, (size_t)errlen,
                 "the payoff table needs %s (%llu positions x %d lanes), more than the %s allowed by %s", need,
                 (unsigned long long)t->shape.count, t->win.lanes, have, budget.limit);
        return -1;
    }
    return 0;
}

static void build_layers(sn_table *t)
{
    const sn_shape *s = &t->shape;
    int layers = s->max_total + 1;
    t->order = sn_xmalloc(sn_xmul(s->count, sizeof *t->order, "the layer index"), "the layer index");
    t->layer_start = sn_xcalloc((size_t)layers + 1, sizeof *t->layer_start, "the layer index");
    int a[SN_MAX_PILES];
    /* Counting sort of ranks by |p|; ranks stay ascending within a layer. */
    sn_first(s, a);
    do
        t->layer_start[sn_total(a, s->piles) + 1]++;
    while (sn_next(s, a));
    for (int l = 0; l < layers; l++)
        t->layer_start[l + 1] += t->layer_start[l];
    uint64_t *fill = sn_xcalloc((size_t)layers, sizeof *fill, "the layer index");
    uint64_t r = 0;
    sn_first(s, a);
    do {
        int l = sn_total(a, s->piles);
        t->order[t->layer_start[l] + fill[l]++] = r++;
    } while (sn_next(s, a));
    free(fill);
}

int sn_table_create(sn_table *t, int piles, int bound, sn_window win, char *err, int errlen)
{
    memset(t, 0, sizeof *t);
    if (win.lanes < 1 || (win.step != 1 && win.step != 2)) {
        snprintf(err, (size_t)errlen, "empty or malformed bonus window");
        return -1;
    }
    if (sn_shape_init(&t->shape, piles, bound, err, errlen) != 0)
        return -1;
    t->win = win;
    if (check_exactness(t, err, errlen) != 0 || check_memory(t, err, errlen) != 0) {
        sn_table_free(t);
        return -1;
    }
    build_layers(t);
    t->v = sn_xmalloc(sn_xmul(sn_xmul(t->shape.count, (size_t)win.lanes, "the payoff table"), sizeof *t->v,
                              "the payoff table"),
                      "the payoff table");
    return 0;
}

void sn_table_free(sn_table *t)
{
    free(t->v);
    free(t->order);
    free(t->layer_start);
    sn_shape_free(&t->shape);
    memset(t, 0, sizeof *t);
}

int sn_lane_of(const sn_table *t, int M)
{
    int d = M - t->win.mlo;
    if (d < 0 || d % t->win.step != 0)
        return -1;
    int lane = d / t->win.step;
    return lane < t->win.lanes ? lane : -1;
}

/* Row of the terminal position: 2 f_N(0) = -2N = -M. */
static void fill_terminal(const sn_table *t, int32_t *row)
{
    for (int l = 0; l < t->win.lanes; l++)
        row[l] = -sn_lane_M(t, l);
}

/* Recursion (2) for one position, all lanes at once.  The inner loop is
 * a plain max over contiguous int32 lanes, which the compiler vectorises. */
static void solve_position(const sn_table *t, uint64_t rank, sn_move *moves)
{
    const sn_shape *s = &t->shape;
    int lanes = t->win.lanes;
    int32_t *restrict best = t->v + rank * (uint64_t)lanes;
    int a[SN_MAX_PILES];
    sn_unrank(s, rank, a);
    int k = sn_moves(s, a, moves);
    if (k == 0) {
        fill_terminal(t, best);
        return;
    }
    for (int l = 0; l < lanes; l++)
        best[l] = INT32_MIN;
    for (int m = 0; m < k; m++) {
        const int32_t *restrict child = sn_row(t, moves[m].child);
        int32_t gain = 2 * moves[m].taken;
        for (int l = 0; l < lanes; l++) {
            int32_t cand = gain - child[l];
            best[l] = cand > best[l] ? cand : best[l];
        }
    }
}

void sn_table_sweep(sn_table *t, sn_pinning *pin)
{
    int layers = t->shape.max_total + 1;
    int threads = pin ? pin->threads : 1;
    t->threads = threads;
#pragma omp parallel num_threads(threads)
    {
        if (pin)
            sn_pin_self(pin, omp_get_thread_num());
        sn_move *moves = sn_xmalloc((size_t)sn_max_moves(&t->shape) * sizeof *moves, "a worker's move list");
        /* Positions of one layer depend only on lower layers, so a layer
         * is one parallel loop; the implicit barrier closes the layer. */
        for (int l = 0; l < layers; l++) {
            uint64_t lo = t->layer_start[l], hi = t->layer_start[l + 1];
#pragma omp for schedule(dynamic, 8)
            for (uint64_t i = lo; i < hi; i++)
                solve_position(t, t->order[i], moves);
        }
        free(moves);
    }
}

void sn_table_visit_layers(const sn_table *t, sn_visit_fn visit, void *ctx)
{
    int layers = t->shape.max_total + 1;
    /* Same team size as the sweep: libgomp hands the region the same
     * (already pinned) pool threads. */
#pragma omp parallel num_threads(t->threads > 0 ? t->threads : 1)
    {
        sn_move *moves = sn_xmalloc((size_t)sn_max_moves(&t->shape) * sizeof *moves, "a worker's move list");
        int a[SN_MAX_PILES];
        for (int l = 0; l < layers; l++) {
            uint64_t lo = t->layer_start[l], hi = t->layer_start[l + 1];
#pragma omp for schedule(dynamic, 8)
            for (uint64_t i = lo; i < hi; i++) {
                uint64_t rank = t->order[i];
                sn_unrank(&t->shape, rank, a);
                visit(t, rank, a, moves, sn_moves(&t->shape, a, moves), ctx);
            }
        }
        free(moves);
    }
}

int sn_optimal_moves(const sn_table *t, uint64_t rank, int lane, sn_move *out)
{
    int a[SN_MAX_PILES];
    sn_unrank(&t->shape, rank, a);
    int k = sn_moves(&t->shape, a, out), kept = 0;
    int32_t value = sn_row(t, rank)[lane];
    for (int m = 0; m < k; m++)
        if (2 * out[m].taken - sn_row(t, out[m].child)[lane] == value)
            out[kept++] = out[m];
    return kept;
}

int sn_optimal_line(const sn_table *t, uint64_t rank, int lane, uint64_t *ranks, int max)
{
    sn_move *moves = sn_xmalloc((size_t)sn_max_moves(&t->shape) * sizeof *moves, "a move list");
    int len = 0;
    while (len < max) {
        ranks[len++] = rank;
        if (sn_optimal_moves(t, rank, lane, moves) == 0)
            break;
        rank = moves[0].child;
    }
    free(moves);
    return len;
}

void sn_table_sha256(const sn_table *t, char hex[65])
{
    struct sha256_ctx ctx;
    sha256_init(&ctx);
    uint8_t buf[4096];
    size_t fill = 0;
    uint64_t cells = t->shape.count * (uint64_t)t->win.lanes;
    for (uint64_t i = 0; i < cells; i++) {
        uint32_t u = (uint32_t)t->v[i];
        buf[fill++] = (uint8_t)u;
        buf[fill++] = (uint8_t)(u >> 8);
        buf[fill++] = (uint8_t)(u >> 16);
        buf[fill++] = (uint8_t)(u >> 24);
        if (fill == sizeof buf) {
            sha256_update(&ctx, fill, buf);
            fill = 0;
        }
    }
    sha256_update(&ctx, fill, buf);
    uint8_t digest[SHA256_DIGEST_SIZE];
    sha256_digest(&ctx, SHA256_DIGEST_SIZE, digest);
    for (int i = 0; i < SHA256_DIGEST_SIZE; i++)
        snprintf(hex + 2 * i, 3, "%02x", digest[i]);
}
