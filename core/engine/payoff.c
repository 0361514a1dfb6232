/*
 * payoff.c -- payoff tables: allocation and the memory they take, the
 * packed and wide row formats, optimal moves and lines read back from a
 * finished table, and the table checksum.  The sweep is in kernels.c.
 */
#include "core/engine/payoff.h"

#include <limits.h>
#include <nettle/sha2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/games/games.h"
#include "core/engine/layers.h"
#include "core/engine/sysmem.h"
#include "core/engine/xalloc.h"

sn_window sn_window_for_sweep(int piles, int bound)
{
    int w = piles * bound + 3;
    sn_window win = {.mlo = -2 * w, .step = 1, .lanes = 4 * w + 1};
    return win;
}

sn_table_opts sn_default_opts(sn_window win)
{
    sn_table_opts o = {.format = win.step == 1 ? SN_FORMAT_PACKED : SN_FORMAT_WIDE, .kernel = SN_KERNEL_RUNMAX,
                       .takers = false};
    return o;
}

static int step_words(int lanes)
{
    return lanes > 1 ? (lanes - 1 + 63) / 64 : 1;
}

/* Largest |2f| the window can produce: 2S + max|M|. */
static int64_t worst_value(int max_total, sn_window win, int denom)
{
    int64_t first = win.mlo, last = (int64_t)win.mlo + (int64_t)win.step * (win.lanes - 1);
    int64_t max_m = first < 0 ? -first : first;
    if ((last < 0 ? -last : last) > max_m)
        max_m = last < 0 ? -last : last;
    return 2 * (int64_t)(denom > 1 ? denom : 1) * (int64_t)max_total + max_m;
}

static int check_exactness(int max_total, sn_window win, sn_table_opts opts, char *err, int errlen)
{
    if (opts.denom < 0 || opts.denom > 1000000) {
        snprintf(err, (size_t)errlen, "bonus denominator %d out of range (1..1000000)", opts.denom);
        return -1;
    }
    int64_t worst = worst_value(max_total, win, opts.denom);
    /* The running maxima hold -2a - 2f, within 2 worst; int32 everywhere. */
    int64_t limit = opts.format == SN_FORMAT_WIDE ? INT16_MAX : INT32_MAX / 4;
    if (worst > limit) {
        snprintf(err, (size_t)errlen,
                 "values up to %lld would overflow the %s table (limit %lld); lower the bound or the bonus range",
                 (long long)worst, opts.format == SN_FORMAT_WIDE ? "16-bit wide" : "packed", (long long)limit);
        return -1;
    }
    if (opts.format == SN_FORMAT_PACKED && win.step != 1) {
        snprintf(err, (size_t)errlen, "the packed table needs every half-integer N (step 1/2)");
        return -1;
    }
    return 0;
}

/* Rows of the running maxima: one per multiset of piles - 1 slots. */
static uint64_t runmax_rows(int piles, int bound)
{
    if (piles == 1)
        return 1;
    ms_shape s;
    char err[128];
    if (ms_shape_init(&s, piles - 1, bound, err, sizeof err) != 0)
        return UINT64_MAX;
    uint64_t n = s.count;
    ms_shape_free(&s);
    return n;
}

int sn_table_estimate(int piles, int bound, sn_window win, sn_table_opts opts, uint64_t *bytes, char *err,
                      int errlen)
{
    ms_shape shape;
    if (ms_shape_init(&shape, piles, bound, err, errlen) != 0)
        return -1;
    uint64_t count = shape.count, lanes = (uint64_t)win.lanes;
    ms_shape_free(&shape);
    uint64_t row = opts.format == SN_FORMAT_PACKED ? sizeof(int32_t) + 8 * (uint64_t)step_words(win.lanes)
                                                   : 2 * lanes;
    if (opts.takers)
        row += (lanes + 3) / 4;
    uint64_t total = sat_mul(count, row);
    /* The layer order (one rank a position) and the layer starts. */
    total = sat_add(total, sat_mul(count, sizeof(uint64_t)));
    total = sat_add(total, (uint64_t)(piles * bound + 2) * sizeof(uint64_t));
    /* The running maxima: a value and a taker byte a lane, a row each. */
    if (opts.kernel == SN_KERNEL_RUNMAX)
        total = sat_add(total, sat_mul(runmax_rows(piles, bound), lanes * (sizeof(int32_t) + 1)));
    if (total == UINT64_MAX) {
        snprintf(err, (size_t)errlen, "the payoff table size overflows 64 bits");
        return -1;
    }
    *bytes = total;
    return 0;
}

static int check_memory(const sn_table *t, char *err, int errlen)
{
    uint64_t bytes;
    if (sn_table_estimate(t->shape.piles, t->shape.bound, t->store, t->opts, &bytes, err, errlen) != 0)
        return -1;
    mem_budget budget;
    mem_budget_now(&budget);
    if (bytes > budget.bytes) {
        char need[32], have[32];
        mem_format_bytes(bytes, need, sizeof need);
        mem_format_bytes(budget.bytes, have, sizeof have);
        snprintf(err, (size_t)errlen,
                 "the payoff table needs %s (%llu positions x %d lanes), more than the %s allowed by %s", need,
                 (unsigned long long)t->shape.count, t->store.lanes, have, budget.limit);
        return -1;
    }
    return 0;
}

typedef struct {
    sn_table *t;
    uint64_t *fill;
} layer_fill;

static void count_layer(void *ctx, uint64_t rank, int layer)
{
    (void)rank;
    ((layer_fill *)ctx)->t->layer_start[layer + 1]++;
}

static void place_in_layer(void *ctx, uint64_t rank, int layer)
{
    layer_fill *f = ctx;
    f->t->order[f->t->layer_start[layer] + f->fill[layer]++] = rank;
}

/* Counting sort of the ranks by layer (|p| for Scoring Nim); ranks stay
 * ascending within a layer. */
static void build_layers(sn_table *t)
{
    const sn_game *g = &t->game;
    t->order = xmalloc(xmul(g->count, sizeof *t->order, "the layer index"), "the layer index");
    t->layer_start = xcalloc((size_t)g->layers + 1, sizeof *t->layer_start, "the layer index");
    layer_fill f = {.t = t};
    g->each_position(g->data, count_layer, &f);
    for (int l = 0; l < g->layers; l++)
        t->layer_start[l + 1] += t->layer_start[l];
    f.fill = xcalloc((size_t)g->layers, sizeof *f.fill, "the layer index");
    g->each_position(g->data, place_in_layer, &f);
    free(f.fill);
}

sn_window sn_window_part(sn_window win, int lo, int hi)
{
    sn_window w = {.mlo = win.mlo + win.step * lo, .step = win.step, .lanes = hi - lo};
    return w;
}

int sn_table_create_block(sn_table *t, int piles, int bound, sn_window win, sn_table_opts opts, int own_lo,
                          int own_hi, int halo, char *err, int errlen)
{
    memset(t, 0, sizeof *t);
    if (win.lanes < 1 || (win.step != 1 && win.step != 2)) {
        snprintf(err, (size_t)errlen, "empty or malformed bonus window");
        return -1;
    }
    if (own_lo < 0 || own_hi > win.lanes || own_lo >= own_hi || halo < 0) {
        snprintf(err, (size_t)errlen, "internal error: lanes %d..%d of %d", own_lo, own_hi, win.lanes);
        return -1;
    }
    if (ms_shape_init(&t->shape, piles, bound, err, errlen) != 0)
        return -1;
    t->win = win;
    t->lo = own_lo - halo > 0 ? own_lo - halo : 0;
    int hi = own_hi + halo < win.lanes ? own_hi + halo : win.lanes;
    t->store = sn_window_part(win, t->lo, hi);
    t->own_lo = own_lo;
    t->own_hi = own_hi;
    t->split = (sn_lane_split){.part = 0, .parts = 1};
    t->opts = opts;
    /* The whole window's range: a block refuses exactly what the whole
     * table would. */
    if (check_exactness(t->shape.max_total, win, opts, err, errlen) != 0 || check_memory(t, err, errlen) != 0) {
        sn_table_free(t);
        return -1;
    }
    t->nim = (sn_nim_data){.shape = &t->shape, .stone2 = 2 * (opts.denom > 1 ? opts.denom : 1)};
    sn_game_scoring_nim(&t->nim, &t->game);
    build_layers(t);
    uint64_t count = t->shape.count;
    int lanes = t->store.lanes;
    if (opts.format == SN_FORMAT_PACKED) {
        t->words = step_words(lanes);
        t->base = xmalloc(xmul(count, sizeof *t->base, "the payoff table"), "the payoff table");
        t->steps = xmalloc(xmul(xmul(count, (size_t)t->words, "the payoff table"), sizeof *t->steps,
                                      "the payoff table"),
                              "the payoff table");
    } else
        t->wide = xmalloc(xmul(xmul(count, (size_t)lanes, "the payoff table"), sizeof *t->wide,
                                     "the payoff table"),
                             "the payoff table");
    if (opts.takers) {
        t->taker_bytes = (lanes + 3) / 4;
        t->takers = xcalloc(count, (size_t)t->taker_bytes, "the last-stone table");
    }
    return 0;
}

int sn_table_create_with(sn_table *t, int piles, int bound, sn_window win, sn_table_opts opts, char *err,
                         int errlen)
{
    return sn_table_create_block(t, piles, bound, win, opts, 0, win.lanes, 0, err, errlen);
}

int sn_table_create(sn_table *t, int piles, int bound, sn_window win, char *err, int errlen)
{
    return sn_table_create_with(t, piles, bound, win, sn_default_opts(win), err, errlen);
}

void sn_table_free(sn_table *t)
{
    free(t->base);
    free(t->steps);
    free(t->wide);
    free(t->takers);
    free(t->order);
    free(t->layer_start);
    ms_shape_free(&t->shape);
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

/* ---- the row formats ---- */

int32_t *sn_held_row_get(const sn_table *t, uint64_t rank, int32_t *out)
{
    int lanes = t->store.lanes;
    if (t->opts.format == SN_FORMAT_WIDE) {
        const int16_t *w = t->wide + rank * (uint64_t)lanes;
        for (int l = 0; l < lanes; l++)
            out[l] = w[l];
        return out;
    }
    const uint64_t *bits = t->steps + rank * (uint64_t)t->words;
    int32_t v = t->base[rank];
    out[0] = v;
    for (int l = 1; l < lanes; l++) {
        /* bit set: +1, clear: -1. */
        v += 2 * (int32_t)((bits[(l - 1) >> 6] >> ((l - 1) & 63)) & 1) - 1;
        out[l] = v;
    }
    return out;
}

int32_t *sn_row_get(const sn_table *t, uint64_t rank, int32_t *out)
{
    sn_held_row_get(t, rank, out + t->lo);
    return out;
}

/* A lane that is not held: a reader of a split table that forgot its
 * block (never a value made up). */
static _Noreturn void lane_not_held(const sn_table *t, int lane)
{
    die("internal error: lane %d read where lanes %d..%d are held", lane, t->lo, t->lo + t->store.lanes - 1);
}

int32_t sn_value2(const sn_table *t, uint64_t rank, int lane)
{
    if (!sn_holds(t, lane))
        lane_not_held(t, lane);
    lane -= t->lo;
    if (t->opts.format == SN_FORMAT_WIDE)
        return t->wide[rank * (uint64_t)t->store.lanes + (uint64_t)lane];
    /* base + (steps up) - (steps down) = base + 2 * ups - lane. */
    const uint64_t *bits = t->steps + rank * (uint64_t)t->words;
    int ups = 0, full = lane >> 6;
    for (int w = 0; w < full; w++)
        ups += __builtin_popcountll(bits[w]);
    if (lane & 63)
        ups += __builtin_popcountll(bits[full] & ((1ull << (lane & 63)) - 1));
    return t->base[rank] + 2 * ups - lane;
}

int sn_taker(const sn_table *t, uint64_t rank, int lane)
{
    if (!sn_holds(t, lane))
        lane_not_held(t, lane);
    return sn_held_taker(t, rank, lane - t->lo);
}

int sn_held_taker(const sn_table *t, uint64_t rank, int lane)
{
    return (t->takers[rank * (uint64_t)t->taker_bytes + (uint64_t)(lane >> 2)] >> (2 * (lane & 3))) & 3;
}

/* Stops the run on a step the packed format cannot hold. */
static _Noreturn void step_not_unit(const sn_table *t, uint64_t rank, int lane, int32_t from, int32_t to)
{
    int a[MS_MAX_SLOTS];
    char pos[160] = "";
    int used = 0;
    ms_unrank(&t->shape, rank, a);
    for (int i = t->shape.piles - 1; i >= 0 && used < (int)sizeof pos - 8; i--)
        if (a[i] > 0)
            used += snprintf(pos + used, sizeof pos - (size_t)used, used ? " %d" : "%d", a[i]);
    die("2f(%s) goes from %d to %d between M = %d and M = %d, not by exactly 1: the packed table cannot store "
           "it; --table wide stores any value (and Proposition 3.1 will report it)",
           used ? pos : "0", from, to, sn_held_M(t, lane - 1), sn_held_M(t, lane));
}

void sn_row_put(sn_table *t, uint64_t rank, const int32_t *row)
{
    sn_held_row_put(t, rank, row + t->lo);
}

void sn_held_row_put(sn_table *t, uint64_t rank, const int32_t *row)
{
    int lanes = t->store.lanes;
    if (t->opts.format == SN_FORMAT_WIDE) {
        int16_t *w = t->wide + rank * (uint64_t)lanes;
        for (int l = 0; l < lanes; l++)
            w[l] = (int16_t)row[l];
        return;
    }
    uint64_t *bits = t->steps + rank * (uint64_t)t->words;
    memset(bits, 0, (size_t)t->words * sizeof *bits);
    t->base[rank] = row[0];
    for (int l = 1; l < lanes; l++) {
        int32_t d = row[l] - row[l - 1];
        if (d == 1)
            bits[(l - 1) >> 6] |= 1ull << ((l - 1) & 63);
        else if (d != -1)
            step_not_unit(t, rank, l, row[l - 1], row[l]);
    }
}

/* ---- derived passes ---- */

typedef struct {
    const sn_table *t;
    sn_visit_fn visit;
    void *ctx;
    sn_move **moves;   /* a move list a worker */
} visit_ctx;

static void visit_begin(void *c, int tid)
{
    visit_ctx *v = c;
    v->moves[tid] = xmalloc((size_t)sn_max_moves(&v->t->shape) * sizeof(sn_move), "a worker's move list");
}

static void visit_item(void *c, int tid, uint64_t i)
{
    visit_ctx *v = c;
    int a[MS_MAX_SLOTS];
    uint64_t rank = v->t->order[i];
    ms_unrank(&v->t->shape, rank, a);
    v->visit(v->t, rank, a, v->moves[tid], sn_moves(&v->t->shape, a, v->moves[tid]), v->ctx);
}

static void visit_end(void *c, int tid)
{
    visit_ctx *v = c;
    free(v->moves[tid]);
}

void sn_table_visit_layers(const sn_table *t, sn_visit_fn visit, void *ctx)
{
    int threads = t->threads > 0 ? t->threads : 1;
    visit_ctx v = {.t = t, .visit = visit, .ctx = ctx};
    v.moves = xcalloc((size_t)threads, sizeof *v.moves, "the workers' move lists");
    layer_job job = {.nlayers = (uint64_t)t->shape.max_total + 1, .layer_start = t->layer_start,
                        .threads = threads, .chunk = 8, .ctx = &v, .begin = visit_begin, .item = visit_item,
                        .end = visit_end};
    layers_run(&job);
    free(v.moves);
}

/* ---- reading play back ---- */

int sn_optimal_moves(const sn_table *t, uint64_t rank, int lane, sn_move *out)
{
    int a[MS_MAX_SLOTS];
    ms_unrank(&t->shape, rank, a);
    int k = sn_moves(&t->shape, a, out), kept = 0;
    int32_t value = sn_value2(t, rank, lane);
    for (int m = 0; m < k; m++)
        if (t->nim.stone2 * out[m].taken - sn_value2(t, out[m].child, lane) == value)
            out[kept++] = out[m];
    return kept;
}

int sn_optimal_line(const sn_table *t, uint64_t rank, int lane, uint64_t *ranks, int max)
{
    sn_move *moves = xmalloc((size_t)sn_max_moves(&t->shape) * sizeof *moves, "a move list");
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
    int lanes = t->store.lanes;
    int32_t *row = xmalloc((size_t)lanes * sizeof *row, "a row");
    uint8_t *buf = xmalloc((size_t)lanes * 4, "a row");
    for (uint64_t r = 0; r < t->shape.count; r++) {
        sn_held_row_get(t, r, row);
        for (int l = 0; l < lanes; l++) {
            uint32_t u = (uint32_t)row[l];
            buf[4 * l] = (uint8_t)u;
            buf[4 * l + 1] = (uint8_t)(u >> 8);
            buf[4 * l + 2] = (uint8_t)(u >> 16);
            buf[4 * l + 3] = (uint8_t)(u >> 24);
        }
        sha256_update(&ctx, (size_t)lanes * 4, buf);
    }
    free(row);
    free(buf);
    uint8_t digest[SHA256_DIGEST_SIZE];
    sha256_digest(&ctx, SHA256_DIGEST_SIZE, digest);
    for (int i = 0; i < SHA256_DIGEST_SIZE; i++)
        snprintf(hex + 2 * i, 3, "%02x", digest[i]);
}
