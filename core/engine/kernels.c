/*
 * kernels.c -- the sweep: recursion (2) over every position, layer by
 * layer in |p|, by one of two kernels that compute the same table.
 *
 * In doubled units (g = 2f, M = 2N) recursion (2) reads
 *     g(0) = -M,   g(p) = max over piles a of p, a' < a, of 2a - 2a' - g(R + a'),
 * where R is p without that pile (a multiset of piles - 1 slots) and R + a'
 * the position with the pile replaced by a'.
 *
 * SN_KERNEL_MOVES reads the row of every child: sum of the distinct piles
 * rows a position.
 *
 * SN_KERNEL_RUNMAX groups the moves by the piles that stay.  For a fixed R,
 *     g(R + a) = max over a in p of  2a + H(R, a),
 *     H(R, a)  = max_{a' < a} ( -2a' - g(R + a') ),
 * and H(R, a + 1) = max( H(R, a), -2a - g(R + a) ): a running maximum over
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
 * A position costs O(piles) row operations instead of O(|p|).
 *
 * Who takes the last stone (sn_table_opts.takers) rides along: a move to
 * the terminal position makes the mover the taker; otherwise the taker
 * after moving to c is the other player of c's taker (the two flag bits
 * swapped).  A position's flags are the OR over its optimal moves, which
 * the running maximum carries: each H entry keeps the OR of the flags of
 * the terms that attain it.
 */
#include <stdlib.h>
#include <string.h>

#include "core/engine/layers.h"
#include "core/engine/payoff.h"
#include "core/engine/xalloc.h"

/* Below any value a window can produce (payoff.c keeps |2f| < INT32_MAX/4),
 * and safe to add 2a to. */
#define NEG_INF (INT32_MIN / 2)

typedef struct {
    sn_table *t;
    ms_shape rest;        /* multisets of piles - 1 slots (piles > 1)  */
    int32_t *H;           /* running maxima: a row per rest multiset   */
    uint8_t *HF;          /* their taker flags (with takers)           */
    size_t cells;         /* rows of H times lanes                     */
    int32_t **row;        /* a worker's row being computed             */
    uint8_t **flags;      /* its taker flags                           */
    int32_t **child;      /* a decoded child row (moves kernel)        */
    sn_game_move **moves; /* a move list (moves kernel)                */
} sweep_ctx;

static uint8_t swap_taker(uint8_t f)
{
    return (uint8_t)(((f & 1) << 1) | ((f >> 1) & 1));
}

static void store_takers(sn_table *t, uint64_t rank, const uint8_t *fl)
{
    uint8_t *out = t->takers + rank * (uint64_t)t->taker_bytes;
    memset(out, 0, (size_t)t->taker_bytes);
    for (int l = 0; l < t->store.lanes; l++)
        out[l >> 2] |= (uint8_t)(fl[l] << (2 * (l & 3)));
}

static void terminal_row(const sn_table *t, int32_t *g, uint8_t *fl)
{
    for (int l = 0; l < t->store.lanes; l++)
        g[l] = -sn_held_M(t, l);
    if (fl)
        memset(fl, SN_TAKER_NONE, (size_t)t->store.lanes);
}

/* Rank of a[] without one slot of index `skip`, among piles - 1 slots. */
static uint64_t rest_rank(const sweep_ctx *c, const int *a, int skip)
{
    int piles = c->t->shape.piles, b[MS_MAX_SLOTS];
    if (piles == 1)
        return 0;
    for (int i = 0, k = 0; i < piles; i++)
        if (i != skip)
            b[k++] = a[i];
    return ms_rank_sorted(&c->rest, b);
}

static void runmax_position(sn_table *t, sweep_ctx *c, int tid, uint64_t rank)
{
    int piles = t->shape.piles, lanes = t->store.lanes, a[MS_MAX_SLOTS];
    bool takers = t->opts.takers;
    int32_t *restrict g = c->row[tid];
    uint8_t *restrict fl = c->flags[tid];
    ms_unrank(&t->shape, rank, a);
    /* The rest multiset of each distinct pile, ranked once for the read
     * and the fold. */
    uint64_t rest[MS_MAX_SLOTS];
    for (int i = 0; i < piles; i++)
        if (i == 0 || a[i] != a[i - 1])
            rest[i] = rest_rank(c, a, i);
    bool terminal = a[piles - 1] == 0;
    if (terminal)
        terminal_row(t, g, takers ? fl : NULL);
    else {
        for (int l = 0; l < lanes; l++)
            g[l] = NEG_INF;
        if (takers)
            memset(fl, 0, (size_t)lanes);
        /* The moves on each distinct non-empty pile. */
        for (int i = 0; i < piles; i++) {
            if (a[i] == 0 || (i > 0 && a[i] == a[i - 1]))
                continue;
            uint64_t r = rest[i];
            const int32_t *restrict h = c->H + r * (uint64_t)lanes;
            int32_t gain = t->nim.stone2 * a[i];
            if (!takers)
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
    sn_held_row_put(t, rank, g);
    if (takers)
        store_takers(t, rank, fl);
    /* Fold this position's term into the maxima of its distinct piles,
     * zero included. */
    for (int i = 0; i < piles; i++) {
        if (i > 0 && a[i] == a[i - 1])
            continue;
        uint64_t r = rest[i];
        int32_t *restrict h = c->H + r * (uint64_t)lanes;
        int32_t cost = -t->nim.stone2 * a[i];
        if (!takers)
            for (int l = 0; l < lanes; l++) {
                int32_t v = cost - g[l];
                h[l] = v > h[l] ? v : h[l];
            }
        else {
            uint8_t *restrict hf = c->HF + r * (uint64_t)lanes;
            for (int l = 0; l < lanes; l++) {
                int32_t v = cost - g[l];
                uint8_t tf = terminal ? (uint8_t)SN_TAKER_FIRST : swap_taker(fl[l]);
                uint8_t merged = v == h[l] ? (uint8_t)(hf[l] | tf) : hf[l];
                hf[l] = v > h[l] ? tf : merged;
                h[l] = v > h[l] ? v : h[l];
            }
        }
    }
}

/* The plain kernel: the game only through its description (game.h). */
static void moves_position(sn_table *t, sweep_ctx *c, int tid, uint64_t rank)
{
    const sn_game *game = &t->game;
    int lanes = t->store.lanes;
    bool takers = t->opts.takers;
    int32_t *restrict g = c->row[tid], *restrict child = c->child[tid];
    uint8_t *restrict fl = c->flags[tid];
    sn_game_move *moves = c->moves[tid];
    int k = game->moves(game->data, rank, moves);
    if (k == 0) {
        for (int l = 0; l < lanes; l++)
            g[l] = game->terminal(game->data, rank, sn_held_M(t, l));
        if (takers)
            memset(fl, SN_TAKER_NONE, (size_t)lanes);
    } else {
        for (int l = 0; l < lanes; l++)
            g[l] = NEG_INF;
        if (takers)
            memset(fl, 0, (size_t)lanes);
        for (int m = 0; m < k; m++) {
            sn_held_row_get(t, moves[m].child, child);
            int32_t gain = moves[m].points2;
            bool to_terminal = moves[m].ends;
            for (int l = 0; l < lanes; l++) {
                int32_t v = gain - child[l];
                if (takers) {
                    uint8_t tf = to_terminal ? (uint8_t)SN_TAKER_FIRST : swap_taker((uint8_t)sn_held_taker(t, moves[m].child, l));
                    if (v > g[l])
                        fl[l] = tf;
                    else if (v == g[l])
                        fl[l] |= tf;
                }
                g[l] = v > g[l] ? v : g[l];
            }
        }
    }
    sn_held_row_put(t, rank, g);
    if (takers)
        store_takers(t, rank, fl);
}

static void sweep_begin(void *ctx, int tid)
{
    sweep_ctx *c = ctx;
    int lanes = c->t->store.lanes;
    c->row[tid] = xmalloc((size_t)lanes * sizeof(int32_t), "a worker's row");
    c->flags[tid] = xmalloc((size_t)lanes, "a worker's row");
    if (c->t->opts.kernel == SN_KERNEL_MOVES) {
        c->child[tid] = xmalloc((size_t)lanes * sizeof(int32_t), "a worker's row");
        c->moves[tid] = xmalloc((size_t)c->t->game.max_moves * sizeof(sn_game_move), "a worker's move list");
    }
}

static void sweep_item(void *ctx, int tid, uint64_t i)
{
    sweep_ctx *c = ctx;
    uint64_t rank = c->t->order[i];
    if (c->t->opts.kernel == SN_KERNEL_RUNMAX)
        runmax_position(c->t, c, tid, rank);
    else
        moves_position(c->t, c, tid, rank);
}

static void sweep_end(void *ctx, int tid)
{
    sweep_ctx *c = ctx;
    free(c->row[tid]);
    free(c->flags[tid]);
    free(c->child[tid]);
    free(c->moves[tid]);
}

/* A sweep in progress: the kernel's context, and the layers finished. */
struct sn_sweep {
    sweep_ctx c;
    pinning *pin;
    int threads;
    uint64_t done, layers;
};

sn_sweep *sn_sweep_begin(sn_table *t, pinning *pin)
{
    sn_sweep *s = xcalloc(1, sizeof *s, "a sweep");
    int threads = pin ? pin->threads : 1;
    t->threads = threads;
    s->pin = pin;
    s->threads = threads;
    s->layers = (uint64_t)t->shape.max_total + 1;
    sweep_ctx *c = &s->c;
    c->t = t;
    c->row = xcalloc((size_t)threads, sizeof *c->row, "the workers' rows");
    c->flags = xcalloc((size_t)threads, sizeof *c->flags, "the workers' rows");
    c->child = xcalloc((size_t)threads, sizeof *c->child, "the workers' rows");
    c->moves = xcalloc((size_t)threads, sizeof *c->moves, "the workers' move lists");
    int piles = t->shape.piles, lanes = t->store.lanes;
    if (t->opts.kernel == SN_KERNEL_RUNMAX) {
        uint64_t rows = 1;
        if (piles > 1) {
            char err[128];
            if (ms_shape_init(&c->rest, piles - 1, t->shape.bound, err, sizeof err) != 0)
                die("internal error: %s", err);
            rows = c->rest.count;
        }
        c->cells = xmul(rows, (size_t)lanes, "the running maxima");
        c->H = xmalloc(xmul(c->cells, sizeof *c->H, "the running maxima"), "the running maxima");
        for (size_t i = 0; i < c->cells; i++)
            c->H[i] = NEG_INF;
        if (t->opts.takers)
            c->HF = xcalloc(c->cells, 1, "the running maxima");
    }
    return s;
}

uint64_t sn_sweep_layers(const sn_sweep *s)
{
    return s->layers;
}

uint64_t sn_sweep_done(const sn_sweep *s)
{
    return s->done;
}

void sn_sweep_run(sn_sweep *s, uint64_t layers)
{
    sn_table *t = s->c.t;
    uint64_t end = layers > s->layers - s->done ? s->layers : s->done + layers;
    if (end == s->done)
        return;
    layer_job job = {.nlayers = s->layers, .layer_start = t->layer_start, .first_layer = s->done,
                        .end_layer = end, .threads = s->threads, .pin = s->pin, .chunk = 8, .ctx = &s->c,
                        .begin = sweep_begin, .item = sweep_item, .end = sweep_end, .after_layer = t->progress,
                        .progress_ctx = t->progress_ctx};
    layers_run(&job);
    s->done = end;
#ifdef TEST_WRONG_ENGINE
    /* Only in the nightly test's build: one position's whole row raised by
     * one (its steps kept), so the table checksum moves. */
    if (s->done == s->layers && t->shape.count > 5 && t->base)
        t->base[5] += 2;
#endif
}

int sn_sweep_state(sn_sweep *s, sn_state_blob *out, int max)
{
    sn_table *t = s->c.t;
    sn_state_blob all[SN_SWEEP_MAX_BLOBS];
    int n = 0;
    /* Between layers the sweep is its table's values and flags (rows of
     * unfinished layers included: they are rewritten when reached) and the
     * running maxima; the workers' rows hold nothing across layers. */
    if (t->base) {
        all[n++] = (sn_state_blob){"values (lane 0)", t->base, t->shape.count * sizeof *t->base};
        all[n++] = (sn_state_blob){"values (steps)", t->steps, t->shape.count * (uint64_t)t->words * sizeof *t->steps};
    }
    if (t->wide)
        all[n++] = (sn_state_blob){"values", t->wide, t->shape.count * (uint64_t)t->store.lanes * sizeof *t->wide};
    if (t->takers)
        all[n++] = (sn_state_blob){"last-stone flags", t->takers, t->shape.count * (uint64_t)t->taker_bytes};
    if (s->c.H)
        all[n++] = (sn_state_blob){"running maxima", s->c.H, s->c.cells * sizeof *s->c.H};
    if (s->c.HF)
        all[n++] = (sn_state_blob){"running maxima (flags)", s->c.HF, s->c.cells};
    if (n > max)
        die("internal error: %d state blobs, room for %d", n, max);
    memcpy(out, all, (size_t)n * sizeof *all);
    return n;
}

void sn_sweep_set_done(sn_sweep *s, uint64_t layers)
{
    s->done = layers < s->layers ? layers : s->layers;
}

void sn_sweep_end(sn_sweep *s)
{
    if (!s)
        return;
    sweep_ctx *c = &s->c;
    free(c->H);
    free(c->HF);
    if (c->t->shape.piles > 1 && c->rest.binom)
        ms_shape_free(&c->rest);
    free(c->row);
    free(c->flags);
    free(c->child);
    free(c->moves);
    free(s);
}

void sn_table_sweep(sn_table *t, pinning *pin)
{
    sn_sweep *s = sn_sweep_begin(t, pin);
    sn_sweep_run(s, sn_sweep_layers(s));
    sn_sweep_end(s);
}
