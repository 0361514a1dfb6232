/*
 * table.c -- value tables: the options a game allows, the memory they
 * take, allocation, the lane formats of margin tables and the stores of
 * the other kinds, optimal moves and lines read back, and the checksum.
 * The sweep that fills a table is in sweep.c and kernels.c.
 */
#include "core/engine/table.h"

#include <limits.h>
#include <nettle/sha2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/sysmem.h"
#include "core/engine/xalloc.h"

const char *table_noun(const value_table *t)
{
    switch (t->kind) {
    case VALUE_MARGIN:
        return "the payoff table";
    case VALUE_GRUNDY:
        return "the Sprague-Grundy table";
    case VALUE_PLAYERS:
        return "the outcome table";
    case VALUE_MATRIX:
        return "the probability table";
    case VALUE_CHOICE:
        return "the table of who wins";
    default:
        return "the win/loss/draw table";
    }
}

table_opts table_default_opts(const game_desc *g, lane_window win)
{
    table_opts o = {.win = win, .format = win.step == 1 ? FORMAT_PACKED : FORMAT_WIDE,
                    .kernel = g->fast ? KERNEL_FAST : KERNEL_PLAIN};
    if (g->kind != VALUE_MARGIN)
        o.win = (lane_window){.mlo = 0, .step = 1, .lanes = 1};
    return o;
}

static int step_words(int lanes)
{
    return lanes > 1 ? (lanes - 1 + 63) / 64 : 1;
}

lane_window lane_window_part(lane_window win, int lo, int hi)
{
    lane_window w = {.mlo = win.mlo + (int64_t)win.step * lo, .step = win.step, .lanes = hi - lo};
    return w;
}

static bool layered(const game_desc *g)
{
    return g->layers != GAME_BY_RANK && g->layers != GAME_CYCLIC;
}

/* The lanes held: the block with its halo, or the whole window. */
static void held_lanes(const table_opts *o, int *lo, int *hi)
{
    if (o->own_hi == 0) {
        *lo = 0;
        *hi = o->win.lanes;
        return;
    }
    *lo = o->own_lo - o->halo > 0 ? o->own_lo - o->halo : 0;
    *hi = o->own_hi + o->halo < o->win.lanes ? o->own_hi + o->halo : o->win.lanes;
}

/* Positions the table holds at first: a growing space (GAME_BY_RANK) as
 * many as asked, or all of a bounded one unless fewer are asked. */
static uint64_t initial_count(const game_desc *g, const table_opts *o)
{
    if (g->layers != GAME_BY_RANK)
        return g->count;
    return o->count || g->count == GAME_UNBOUNDED ? o->count : g->count;
}

/* 64-bit words of a row of last-mover bits: bit 0, then one a lane. */
static int taker_words_for(int taker_lanes)
{
    return (taker_lanes + 1 + 63) / 64;
}

/* Storage of one position: its row of lanes (and flags), or its value. */
static uint64_t position_bytes(const game_desc *g, const table_opts *o, int lanes)
{
    switch (g->kind) {
    case VALUE_MARGIN: {
        uint64_t row = o->format == FORMAT_PACKED ? sizeof(int32_t) + 8 * (uint64_t)step_words(lanes)
                       : o->format == FORMAT_WIDE ? 2 * (uint64_t)lanes
                                                  : 8 * (uint64_t)lanes;
        /* A bit a half-integer lane (at most (lanes + 1) / 2), the row's
         * bit 0, and a quarter of an exception (16 bytes). */
        if (o->last_mover)
            row += 8 * (uint64_t)taker_words_for((lanes + 1) / 2) + 4;
        return row;
    }
    case VALUE_GRUNDY:
        return sizeof(uint32_t);
    case VALUE_MATRIX:
        return 2 * sizeof(int64_t);
    case VALUE_CHOICE:
        /* A code, and the trees it names: measured at up to about ten
         * distinct trees (and their shifts) a position of 40 bytes and a
         * few outcomes each; a DAG that grows past this stops the run when
         * memory runs out (xalloc.h), never with a wrong value. */
        return sizeof(uint32_t) + 10 * 64;
    default:
        return 1;
    }
}

/* What the retrograde analysis of a cyclic game allocates beyond its
 * table (retrograde.c), at most: every move listed forwards and backwards
 * (8 bytes each way) and, a position, two start indices, a count and a
 * queue entry (36 bytes). */
static uint64_t retrograde_bytes(const game_desc *g)
{
    uint64_t edges = sat_mul(g->count, (uint64_t)(g->max_moves > 0 ? g->max_moves : 1));
    return sat_add(sat_mul(edges, 16), sat_mul(g->count, 36));
}

int table_estimate(const game_desc *g, const table_opts *o, uint64_t *bytes, char *err, int errlen)
{
    int lo, hi;
    held_lanes(o, &lo, &hi);
    uint64_t count = initial_count(g, o), kept = o->keep ? o->keep : count;
    uint64_t total = sat_mul(kept, position_bytes(g, o, hi - lo));
    /* The layer order (one rank a position) and the layer starts. */
    if (layered(g)) {
        total = sat_add(total, sat_mul(count, sizeof(uint64_t)));
        total = sat_add(total, sat_mul(sat_add(g->layers, 1), sizeof(uint64_t)));
    }
    if (g->layers == GAME_CYCLIC)
        total = sat_add(total, retrograde_bytes(g));
    if (g->kind == VALUE_MARGIN && o->kernel == KERNEL_FAST && g->fast && g->fast->bytes) {
        table_opts block = *o;
        block.win = lane_window_part(o->win, lo, hi);
        total = sat_add(total, g->fast->bytes(g, &block));
    }
    if (total == UINT64_MAX) {
        snprintf(err, (size_t)errlen, "the size of %s overflows 64 bits",
                 g->kind == VALUE_MARGIN ? "the payoff table" : "the value table");
        return -1;
    }
    *bytes = total;
    return 0;
}

uint64_t table_bytes_per_position(const value_table *t)
{
    return position_bytes(t->game, &t->opts, t->store.lanes);
}

/* Largest |M| of a window. */
static int64_t window_max_m(lane_window win)
{
    int64_t first = win.mlo, last = win.mlo + (int64_t)win.step * (win.lanes - 1);
    first = first < 0 ? -first : first;
    last = last < 0 ? -last : last;
    return first > last ? first : last;
}

static int check_margin_options(const game_desc *g, const table_opts *o, char *err, int errlen)
{
    lane_window win = o->win;
    if (win.lanes < 1 || win.step < 1) {
        snprintf(err, (size_t)errlen, "empty or malformed bonus window");
        return -1;
    }
    if (o->format == FORMAT_PACKED && win.step != 1 && win.step != 2) {
        snprintf(err, (size_t)errlen, "empty or malformed bonus window");
        return -1;
    }
    if (o->own_hi != 0 && (o->own_lo < 0 || o->own_hi > win.lanes || o->own_lo >= o->own_hi || o->halo < 0)) {
        snprintf(err, (size_t)errlen, "internal error: lanes %d..%d of %d", o->own_lo, o->own_hi, win.lanes);
        return -1;
    }
    /* The whole window's range: a block refuses exactly what the whole
     * table would. */
    int64_t worst = g->value_bound ? g->value_bound(g->data, window_max_m(win)) : INT64_MAX;
    /* The running maxima of a fast path hold sums of two values: room for
     * them in every format. */
    int64_t limit = o->format == FORMAT_WIDE ? INT16_MAX : o->format == FORMAT_PACKED ? INT32_MAX / 4 : INT64_MAX / 4;
    if (worst > limit) {
        snprintf(err, (size_t)errlen,
                 "values up to %lld would overflow the %s table (limit %lld); lower the bound or the bonus range",
                 (long long)worst,
                 o->format == FORMAT_WIDE ? "16-bit wide" : o->format == FORMAT_PACKED ? "packed" : "64-bit wide",
                 (long long)limit);
        return -1;
    }
    if (o->format == FORMAT_PACKED && win.step != 1) {
        snprintf(err, (size_t)errlen, "the packed table needs every half-integer N (step 1/2)");
        return -1;
    }
    return 0;
}

static int table_options_fit(const game_desc *g, const table_opts *o, char *err, int errlen)
{
    if (g->kind == VALUE_MARGIN)
        return check_margin_options(g, o, err, errlen);
    if (o->own_hi != 0 || o->last_mover || o->win.lanes != 1) {
        snprintf(err, (size_t)errlen, "%s has no bonus lanes (its values are %s values): it cannot be split by lanes",
                 g->name, value_kind_name(g->kind));
        return -1;
    }
    if (g->layers == GAME_CYCLIC && g->kind != VALUE_DRAW) {
        snprintf(err, (size_t)errlen, "internal error: %s can repeat positions but its values are not win/loss/draw",
                 g->name);
        return -1;
    }
    return 0;
}

static int check_memory(const value_table *t, char *err, int errlen)
{
    uint64_t bytes;
    if (table_estimate(t->game, &t->opts, &bytes, err, errlen) != 0)
        return -1;
    mem_budget budget;
    mem_budget_now(&budget);
    if (bytes > budget.bytes) {
        char need[MEM_BYTES_TEXT], have[MEM_BYTES_TEXT];
        mem_format_bytes(bytes, need, sizeof need);
        mem_format_bytes(budget.bytes, have, sizeof have);
        if (t->kind == VALUE_MARGIN)
            snprintf(err, (size_t)errlen,
                     "the payoff table needs %s (%llu positions x %d lanes), more than the %s allowed by %s", need,
                     (unsigned long long)t->count, t->store.lanes, have, budget.limit);
        else
            snprintf(err, (size_t)errlen, "%s needs %s (%llu positions), more than the %s allowed by %s",
                     table_noun(t), need, (unsigned long long)t->count, have, budget.limit);
        return -1;
    }
    return 0;
}

typedef struct {
    value_table *t;
    uint64_t *fill;
    bool bad;
} layer_fill;

static void count_layer(void *ctx, uint64_t rank, uint64_t layer)
{
    layer_fill *f = ctx;
    (void)rank;
    if (layer >= f->t->nlayers)
        f->bad = true;
    else
        f->t->layer_start[layer + 1]++;
}

static void place_in_layer(void *ctx, uint64_t rank, uint64_t layer)
{
    layer_fill *f = ctx;
    f->t->order[f->t->layer_start[layer] + f->fill[layer]++] = rank;
}

/* Counting sort of the ranks by layer; ranks stay ascending within a
 * layer. */
static void build_layers(value_table *t)
{
    const game_desc *g = t->game;
    t->nlayers = g->layers;
    t->order = xmalloc(xmul(g->count, sizeof *t->order, "the layer index"), "the layer index");
    t->layer_start = xcalloc(xmul(g->layers + 1, 1, "the layer index"), sizeof *t->layer_start, "the layer index");
    layer_fill f = {.t = t};
    g->each_position(g->data, count_layer, &f);
    if (f.bad)
        die("internal error: %s puts a position outside its %llu layers", g->name, (unsigned long long)g->layers);
    for (uint64_t l = 0; l < g->layers; l++)
        t->layer_start[l + 1] += t->layer_start[l];
    /* Every rank exactly once, or the order below overflows. */
    if (t->layer_start[g->layers] != g->count)
        die("internal error: %s lists %llu positions, not its %llu", g->name,
            (unsigned long long)t->layer_start[g->layers], (unsigned long long)g->count);
    f.fill = xcalloc(xmul(g->layers, 1, "the layer index"), sizeof *f.fill, "the layer index");
    g->each_position(g->data, place_in_layer, &f);
    free(f.fill);
}

/* The half-integer lanes (odd M) among the held ones. */
static void place_takers(value_table *t)
{
    int64_t m0 = t->store.mlo;
    bool odd0 = (m0 & 1) != 0;
    if (t->store.step % 2 == 0) {
        t->taker_first = 0;
        t->taker_stride = odd0 ? 1 : 0;
        t->taker_lanes = odd0 ? t->store.lanes : 0;
    } else {
        t->taker_first = odd0 ? 0 : 1;
        t->taker_stride = 2;
        t->taker_lanes = t->store.lanes > t->taker_first ? (t->store.lanes - t->taker_first + 1) / 2 : 0;
    }
    t->taker_words = taker_words_for(t->taker_lanes);
}

static void allocate_takers(value_table *t, uint64_t cap)
{
    const char *what = "the last-move table";
    uint64_t old = t->taker ? t->cap_before : 0;
    if (!t->taker) {
        place_takers(t);
        t->taker = xcalloc(cap, (size_t)t->taker_words * sizeof *t->taker, what);
        /* Room for one exception every four positions and two rows'. */
        t->taker_odd_cap = cap / 4 + 2 * (uint64_t)t->taker_lanes + 64;
        t->taker_odd = xcalloc(xmul(t->taker_odd_cap, 2, what) + 2, sizeof *t->taker_odd, what);
        return;
    }
    t->taker = xrealloc(t->taker, xmul(xmul(cap, (size_t)t->taker_words, what), sizeof *t->taker, what), what);
    memset(t->taker + old * (uint64_t)t->taker_words, 0, (cap - old) * (uint64_t)t->taker_words * sizeof *t->taker);
}

static void allocate_values(value_table *t, uint64_t cap)
{
    const char *what = table_noun(t);
    t->cap_before = t->cap;
    t->cap = cap;
    if (t->kind == VALUE_MARGIN) {
        int lanes = t->store.lanes;
        if (t->opts.format == FORMAT_PACKED) {
            t->words = step_words(lanes);
            t->base = xrealloc(t->base, xmul(cap, sizeof *t->base, what), what);
            t->steps = xrealloc(t->steps, xmul(xmul(cap, (size_t)t->words, what), sizeof *t->steps, what), what);
        } else if (t->opts.format == FORMAT_WIDE)
            t->wide = xrealloc(t->wide, xmul(xmul(cap, (size_t)lanes, what), sizeof *t->wide, what), what);
        else
            t->wide64 = xrealloc(t->wide64, xmul(xmul(cap, (size_t)lanes, what), sizeof *t->wide64, what), what);
        if (t->opts.last_mover)
            allocate_takers(t, cap);
    } else if (t->kind == VALUE_GRUNDY)
        t->grundy = xrealloc(t->grundy, xmul(cap, sizeof *t->grundy, what), what);
    else if (t->kind == VALUE_MATRIX)
        t->wide64 = xrealloc(t->wide64, xmul(cap, 2 * sizeof *t->wide64, what), what);
    else if (t->kind == VALUE_CHOICE) {
        t->choice = xrealloc(t->choice, xmul(cap, sizeof *t->choice, what), what);
        if (!t->dag)
            t->dag = choice_dag_new(t->game->players);
    } else
        t->outcome = xrealloc(t->outcome, xmul(cap, 1, what), what);
}

int table_create(value_table *t, const game_desc *g, const table_opts *o, char *err, int errlen)
{
    memset(t, 0, sizeof *t);
    t->game = g;
    t->kind = g->kind;
    t->opts = *o;
    /* Other kinds hold one value a position: one lane, and no format
     * (opts.format is read by margin tables only). */
    if (g->kind != VALUE_MARGIN)
        t->opts.win = (lane_window){.mlo = 0, .step = 1, .lanes = 1};
    if (!g->fast)
        t->opts.kernel = KERNEL_PLAIN;
    if (table_options_fit(g, o, err, errlen) != 0)
        return -1;
    if (g->layers == GAME_BY_RANK && o->keep && o->format != FORMAT_WIDE64) {
        snprintf(err, (size_t)errlen, "internal error: only 64-bit wide tables keep their last positions");
        return -1;
    }
    t->count = initial_count(g, &t->opts);
    t->win = t->opts.win;
    int lo, hi;
    held_lanes(&t->opts, &lo, &hi);
    t->lo = lo;
    t->store = lane_window_part(t->win, lo, hi);
    t->own_lo = t->opts.own_hi ? t->opts.own_lo : 0;
    t->own_hi = t->opts.own_hi ? t->opts.own_hi : t->win.lanes;
    t->split = (lane_split){.part = 0, .parts = 1};
    if (!t->opts.memory_checked && check_memory(t, err, errlen) != 0) {
        memset(t, 0, sizeof *t);
        return -1;
    }
    if (layered(g))
        build_layers(t);
    allocate_values(t, t->opts.keep ? t->opts.keep : (t->count ? t->count : 1));
    return 0;
}

void table_extend(value_table *t, uint64_t count)
{
    if (t->game->layers != GAME_BY_RANK)
        die("internal error: %s cannot grow", table_noun(t));
    if (count <= t->count)
        return;
    if (!t->opts.keep && count > t->cap) {
        uint64_t cap = t->cap ? t->cap : 64;
        while (cap < count)
            cap = cap > UINT64_MAX / 2 ? count : 2 * cap;
        allocate_values(t, cap);
    }
    t->count = count;
}

void table_free(value_table *t)
{
    free(t->base);
    free(t->steps);
    free(t->wide);
    free(t->wide64);
    rational_map_free(t->big);
    free(t->taker);
    free(t->taker_odd);
    free(t->grundy);
    free(t->outcome);
    free(t->choice);
    choice_dag_free(t->dag);
    free(t->order);
    free(t->layer_start);
    memset(t, 0, sizeof *t);
}

int table_lane_of(const value_table *t, int64_t M)
{
    int64_t d = M - t->win.mlo;
    if (d < 0 || d % t->win.step != 0)
        return -1;
    int64_t lane = d / t->win.step;
    return lane < t->win.lanes ? (int)lane : -1;
}

/* ---- the lane formats ---- */

/* Where `rank`'s row of wide64 values starts (a ring keeps the last
 * `keep` positions). */
static uint64_t wide64_slot(const value_table *t, uint64_t rank)
{
    if (!t->opts.keep)
        return rank;
    if (rank + t->opts.keep < t->count)
        die("internal error: position %llu read where the last %llu of %llu are kept", (unsigned long long)rank,
            (unsigned long long)t->opts.keep, (unsigned long long)t->count);
    return rank % t->opts.keep;
}

/* STEP_DELTA[b][k]: the sum of the steps 0..k of a byte b of step bits,
 * +1 for a set bit and -1 for a clear one (a constant table, folded by
 * the compiler from the popcounts). */
#define STEP_D(b, k) (2 * __builtin_popcount((unsigned)(b) & ((2u << (k)) - 1)) - ((k) + 1))
#define STEP_ROW(b) {STEP_D(b, 0), STEP_D(b, 1), STEP_D(b, 2), STEP_D(b, 3), STEP_D(b, 4), STEP_D(b, 5), \
                     STEP_D(b, 6), STEP_D(b, 7)}
#define STEP_ROW4(b) STEP_ROW(b), STEP_ROW((b) + 1), STEP_ROW((b) + 2), STEP_ROW((b) + 3)
#define STEP_ROW16(b) STEP_ROW4(b), STEP_ROW4((b) + 4), STEP_ROW4((b) + 8), STEP_ROW4((b) + 12)
#define STEP_ROW64(b) STEP_ROW16(b), STEP_ROW16((b) + 16), STEP_ROW16((b) + 32), STEP_ROW16((b) + 48)
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "the step bits are read a byte at a time, low byte first");
static const int8_t STEP_DELTA[256][8] = {STEP_ROW64(0), STEP_ROW64(64), STEP_ROW64(128), STEP_ROW64(192)};

int32_t *table_held_row_get(const value_table *t, uint64_t rank, int32_t *out)
{
    int lanes = t->store.lanes;
    if (t->opts.format == FORMAT_WIDE) {
        const int16_t *w = t->wide + rank * (uint64_t)lanes;
        for (int l = 0; l < lanes; l++)
            out[l] = w[l];
        return out;
    }
    if (t->opts.format == FORMAT_WIDE64)
        die("internal error: 64-bit values read as 32-bit rows");
    const uint64_t *bits = t->steps + rank * (uint64_t)t->words;
    int32_t v = t->base[rank];
    out[0] = v;
    /* Eight lanes a byte of steps: lane k of a byte b is the value before
     * it plus STEP_DELTA[b][k] (its bits 0..k: +1 set, -1 clear), eight
     * independent adds instead of a chain from lane to lane. */
    int steps = lanes - 1, whole = steps / 8;
    const uint8_t *bytes = (const uint8_t *)bits; /* little-endian words: byte q holds steps 8q..8q+7 */
    int32_t *o = out + 1;
    for (int q = 0; q < whole; q++, o += 8) {
        const int8_t *d = STEP_DELTA[bytes[q]];
        for (int k = 0; k < 8; k++)
            o[k] = v + d[k];
        v += d[7];
    }
    for (int l = 8 * whole; l < steps; l++) {
        v += 2 * (int32_t)((bits[l >> 6] >> (l & 63)) & 1) - 1;
        out[l + 1] = v;
    }
    return out;
}

int64_t *table_held_row_get64(const value_table *t, uint64_t rank, int64_t *out)
{
    int lanes = t->store.lanes;
    if (t->opts.format == FORMAT_WIDE64) {
        memcpy(out, t->wide64 + wide64_slot(t, rank) * (uint64_t)lanes, (size_t)lanes * sizeof *out);
        return out;
    }
    if (t->opts.format == FORMAT_WIDE) {
        const int16_t *w = t->wide + rank * (uint64_t)lanes;
        for (int l = 0; l < lanes; l++)
            out[l] = w[l];
        return out;
    }
    const uint64_t *bits = t->steps + rank * (uint64_t)t->words;
    int64_t v = t->base[rank];
    out[0] = v;
    for (int l = 1; l < lanes; l++) {
        v += 2 * (int64_t)((bits[(l - 1) >> 6] >> ((l - 1) & 63)) & 1) - 1;
        out[l] = v;
    }
    return out;
}

int32_t *table_row_get(const value_table *t, uint64_t rank, int32_t *out)
{
    table_held_row_get(t, rank, out + t->lo);
    return out;
}

/* A lane that is not held: a reader of a split table that forgot its
 * block (never a value made up). */
static _Noreturn void lane_not_held(const value_table *t, int lane)
{
    die("internal error: lane %d read where lanes %d..%d are held", lane, t->lo, t->lo + t->store.lanes - 1);
}

/* The steps from held lane j to j + 1, j in [from, to] (from <= to), as
 * a word of bits that are set where a step goes the other way than `up`,
 * for the word w of the row (bits outside the range clear). */
static uint64_t steps_against(const value_table *t, uint64_t rank, int w, int from, int to, bool up)
{
    uint64_t bits = t->steps[rank * (uint64_t)t->words + (uint64_t)w];
    uint64_t against = up ? ~bits : bits;
    int lo = from - 64 * w, hi = to - 64 * w;
    uint64_t mask = ~0ull;
    if (lo > 0)
        mask &= ~0ull << lo;
    if (hi < 63)
        mask &= ~0ull >> (63 - hi);
    return against & mask;
}

int table_run_down(const value_table *t, uint64_t rank, int from, int lo, bool up)
{
    if (!table_steps_are_unit(t) || !table_holds(t, from) || !table_holds(t, lo) || lo > from)
        die("internal error: a run of steps asked of a table that does not hold it");
    int hf = from - t->lo, hl = lo - t->lo;
    /* The highest step j in [hl, hf - 1] against `up`: the run starts at
     * j + 1. */
    for (int w = hf - 1 >= 0 ? (hf - 1) >> 6 : -1; w >= 0 && 64 * w + 63 >= hl; w--) {
        uint64_t x = steps_against(t, rank, w, hl, hf - 1, up);
        if (x)
            return t->lo + 64 * w + 63 - __builtin_clzll(x) + 1;
    }
    return lo;
}

int table_run_up(const value_table *t, uint64_t rank, int from, int hi, bool up)
{
    if (!table_steps_are_unit(t) || !table_holds(t, from) || !table_holds(t, hi - 1) || hi - 1 < from)
        die("internal error: a run of steps asked of a table that does not hold it");
    int hf = from - t->lo, hh = hi - 1 - t->lo;
    /* The lowest step j in [hf, hh - 1] against `up`: the run ends at j. */
    for (int w = hf >> 6; hh - 1 >= hf && 64 * w <= hh - 1; w++) {
        uint64_t x = steps_against(t, rank, w, hf, hh - 1, up);
        if (x)
            return t->lo + 64 * w + __builtin_ctzll(x);
    }
    return hi - 1;
}

int64_t table_value(const value_table *t, uint64_t rank, int lane)
{
    if (!table_holds(t, lane))
        lane_not_held(t, lane);
    lane -= t->lo;
    if (t->opts.format == FORMAT_WIDE)
        return t->wide[rank * (uint64_t)t->store.lanes + (uint64_t)lane];
    if (t->opts.format == FORMAT_WIDE64)
        return t->wide64[wide64_slot(t, rank) * (uint64_t)t->store.lanes + (uint64_t)lane];
    /* base + (steps up) - (steps down) = base + 2 * ups - lane. */
    const uint64_t *bits = t->steps + rank * (uint64_t)t->words;
    int ups = 0, full = lane >> 6;
    for (int w = 0; w < full; w++)
        ups += __builtin_popcountll(bits[w]);
    if (lane & 63)
        ups += __builtin_popcountll(bits[full] & ((1ull << (lane & 63)) - 1));
    return (int64_t)t->base[rank] + 2 * ups - lane;
}

/* ---- who moves last (table.h): bits, and the exceptions' list ---- */

/* The list: odd[0] its length, odd[1] whether it is sorted, then pairs
 * (rank, held lane << 2 | LAST_*).  Changed and searched inside one
 * critical section (rows of several workers are stored at once; a search
 * sorts a list that is not). */
static int odd_order(const void *a, const void *b)
{
    const uint64_t *x = a, *y = b;
    return x[0] != y[0] ? (x[0] < y[0] ? -1 : 1) : x[1] != y[1] ? (x[1] < y[1] ? -1 : 1) : 0;
}

static void odd_sort(uint64_t *odd)
{
    if (!odd[1])
        qsort(odd + 2, odd[0], 2 * sizeof *odd, odd_order);
    odd[1] = 1;
}

/* Removes every exception of `rank` (held lane `only`, or all if -1);
 * returns whether the rank keeps one. */
static bool odd_remove(uint64_t *odd, uint64_t rank, int only)
{
    uint64_t n = odd[0], k = 0;
    bool kept = false;
    for (uint64_t i = 0; i < n; i++) {
        uint64_t r = odd[2 + 2 * i], v = odd[3 + 2 * i];
        if (r == rank && (only < 0 || (int)(v >> 2) == only))
            continue;
        kept = kept || r == rank;
        odd[2 + 2 * k] = r;
        odd[3 + 2 * k] = v;
        k++;
    }
    odd[0] = k;
    return kept;
}

static void odd_add(value_table *t, uint64_t rank, int held_lane, int who)
{
    uint64_t *odd = t->taker_odd;
    if (odd[0] >= t->taker_odd_cap) {
        char *pos = table_position_text(t, rank);
        die("more than %llu (position, N) points where no single player takes the last stone at a half-integer N "
            "(the last one at %s): the last-stone flags have room for one every four positions; Proposition 3.1 "
            "(iii) fails at each such point: run a smaller bound to see them",
            (unsigned long long)t->taker_odd_cap, pos);
    }
    uint64_t n = odd[0];
    odd[2 + 2 * n] = rank;
    odd[3 + 2 * n] = (uint64_t)held_lane << 2 | (uint64_t)who;
    odd[0] = n + 1;
    odd[1] = 0;
}

/* The exception of (rank, held lane), or -1. */
static int odd_find(const value_table *t, uint64_t rank, int held_lane)
{
    int who = -1;
#pragma omp critical(table_taker_odd)
    {
        uint64_t *odd = t->taker_odd;
        odd_sort(odd);
        uint64_t lo = 0, hi = odd[0];
        while (lo < hi) {
            uint64_t mid = lo + (hi - lo) / 2;
            uint64_t r = odd[2 + 2 * mid], l = odd[3 + 2 * mid] >> 2;
            if (r < rank || (r == rank && l < (uint64_t)held_lane))
                lo = mid + 1;
            else
                hi = mid;
        }
        if (lo < odd[0] && odd[2 + 2 * lo] == rank && (odd[3 + 2 * lo] >> 2) == (uint64_t)held_lane)
            who = (int)(odd[3 + 2 * lo] & 3);
    }
    return who;
}

/* A row of last-mover bits from the flags at[0], at[stride], ...:
 * 64 bits at a time and without a branch on the data, as the steps of
 * table_held_row_put (bit j of word w is index 64 w + j - 1).  Returns
 * whether some lane is neither LAST_FIRST nor LAST_SECOND. */
static inline __attribute__((always_inline)) int taker_bits(uint64_t *row, const uint8_t *at, int words, int lanes,
                                                            int stride)
{
    int odd = 0;
    for (int w = 0; w < words; w++) {
        uint8_t first[64] = {0};
        int from = w == 0 ? 1 : 0, to = lanes + 1 - 64 * w < 64 ? lanes + 1 - 64 * w : 64;
        for (int j = from; j < to; j++) {
            uint8_t f = at[(64 * w + j - 1) * stride];
            first[j] = f == LAST_FIRST;
            odd |= (f != LAST_FIRST) & (f != LAST_SECOND);
        }
        row[w] = table_pack_bits(first);
    }
    return odd;
}

int table_held_last_mover(const value_table *t, uint64_t rank, int held_lane)
{
    int i = table_taker_index(t, held_lane);
    if (i < 0)
        return LAST_NONE;
    const uint64_t *row = t->taker + rank * (uint64_t)t->taker_words;
    if (row[0] & 1) {
        int who = odd_find(t, rank, held_lane);
        if (who >= 0)
            return who;
    }
    return (row[(unsigned)(i + 1) >> 6] >> ((unsigned)(i + 1) & 63)) & 1 ? LAST_FIRST : LAST_SECOND;
}

int table_last_mover(const value_table *t, uint64_t rank, int lane)
{
    if (!table_holds(t, lane))
        lane_not_held(t, lane);
    if (table_taker_index(t, lane - t->lo) < 0)
        die("internal error: who moves last is kept at half-integer N only, asked at M = %lld",
            (long long)table_lane_M(t, lane));
    return table_held_last_mover(t, rank, lane - t->lo);
}

void table_held_flags_put(value_table *t, uint64_t rank, const uint8_t *fl)
{
    uint64_t *row = t->taker + rank * (uint64_t)t->taker_words;
    bool had = row[0] & 1;
    /* The stride a constant in each call, so that the gather vectorizes. */
    int odd = t->taker_stride == 2 ? taker_bits(row, fl + t->taker_first, t->taker_words, t->taker_lanes, 2)
                                   : taker_bits(row, fl + t->taker_first, t->taker_words, t->taker_lanes, 1);
    if (!had && !odd)
        return;
    /* Rare: the empty position, or a place where Proposition 3.1 (iii)
     * fails (and a row stored again). */
#pragma omp critical(table_taker_odd)
    {
        if (had)
            odd_remove(t->taker_odd, rank, -1);
        for (int i = 0; odd && i < t->taker_lanes; i++) {
            int h = t->taker_first + i * t->taker_stride;
            if (fl[h] != LAST_FIRST && fl[h] != LAST_SECOND)
                odd_add(t, rank, h, fl[h]);
        }
    }
    if (odd)
        row[0] |= 1;
}

void table_set_last_mover(value_table *t, uint64_t rank, int lane, int who)
{
    if (!table_holds(t, lane) || table_taker_index(t, lane - t->lo) < 0)
        die("internal error: who moves last is kept at half-integer N of held lanes only");
    int h = lane - t->lo, i = table_taker_index(t, h);
    uint64_t *row = t->taker + rank * (uint64_t)t->taker_words;
    uint64_t bit = 1ull << ((unsigned)(i + 1) & 63);
    row[(unsigned)(i + 1) >> 6] &= ~bit;
    if (who == LAST_FIRST)
        row[(unsigned)(i + 1) >> 6] |= bit;
    bool odd = false;
#pragma omp critical(table_taker_odd)
    {
        odd = odd_remove(t->taker_odd, rank, h);
        if (who != LAST_FIRST && who != LAST_SECOND) {
            odd_add(t, rank, h, who);
            odd = true;
        }
    }
    row[0] = odd ? row[0] | 1 : row[0] & ~1ull;
}

bool table_takers_sane(const value_table *t)
{
    if (!t->taker_odd)
        return true;
    const uint64_t *odd = t->taker_odd;
    if (odd[0] > t->taker_odd_cap || odd[1] > 1)
        return false;
    for (uint64_t i = 0; i < odd[0]; i++) {
        uint64_t r = odd[2 + 2 * i], v = odd[3 + 2 * i], h = v >> 2;
        if (r >= t->count || h >= (uint64_t)t->store.lanes || table_taker_index(t, (int)h) < 0 ||
            ((v & 3) != LAST_NONE && (v & 3) != LAST_BOTH) || !(t->taker[r * (uint64_t)t->taker_words] & 1))
            return false;
    }
    return true;
}

/* Sorts the exceptions (a checkpoint's bytes then do not depend on the
 * order in which the workers met them). */
void table_sort_takers(value_table *t)
{
    if (t->taker_odd)
        odd_sort(t->taker_odd);
}

static _Noreturn void step_not_unit(const value_table *t, uint64_t rank, int lane, int64_t from, int64_t to);

/* The word of the n (<= 64) steps after held lane `first`, from the values
 * v[0..n] of lanes first..first+n: 64 steps at a time, without a branch
 * on the data (which goes up or down at random), a 0/1 byte a step packed
 * by table_pack_bits.  A step that is not +-1 stops the run (the first
 * one, named). */
static uint64_t step_word(const value_table *t, uint64_t rank, const int32_t *v, int first, int n)
{
    uint8_t up[64] = {0};
    int off = 0;
    for (int i = 0; i < n; i++) {
        int32_t d = v[i + 1] - v[i];
        up[i] = d == 1;
        off |= (d != 1) & (d != -1);
    }
    for (int i = 0; off && i < n; i++)
        if (v[i + 1] - v[i] != 1 && v[i + 1] - v[i] != -1)
            step_not_unit(t, rank, first + i + 1, v[i], v[i + 1]);
    return table_pack_bits(up);
}

/* A 64-bit value into the packed table's 32 bits; the table's limits keep
 * every value within them, so one outside is a bug, never cut. */
static int32_t narrow_value(const value_table *t, uint64_t rank, int64_t v)
{
    if (v < INT32_MIN / 4 || v > INT32_MAX / 4)
        die("internal error: the value %lld of position #%llu is beyond the packed table's range", (long long)v,
            (unsigned long long)rank);
    (void)t;
    return (int32_t)v;
}

/* Stops the run on a step the packed format cannot hold. */
static _Noreturn void step_not_unit(const value_table *t, uint64_t rank, int lane, int64_t from, int64_t to)
{
    /* The text is not freed: die() ends the run. */
    char *pos = table_position_text(t, rank);
    die("the value of the position %s goes from %lld to %lld between M = %lld and M = %lld, not by exactly 1: "
        "the packed table cannot store it; --table wide stores any value (and Proposition 3.1 will report it)",
        pos, (long long)from, (long long)to, (long long)table_held_M(t, lane - 1), (long long)table_held_M(t, lane));
}

void table_row_put(value_table *t, uint64_t rank, const int32_t *row)
{
    table_held_row_put(t, rank, row + t->lo);
}

void table_held_row_put(value_table *t, uint64_t rank, const int32_t *row)
{
    int lanes = t->store.lanes;
    if (t->opts.format == FORMAT_WIDE) {
        int16_t *w = t->wide + rank * (uint64_t)lanes;
        for (int l = 0; l < lanes; l++)
            w[l] = (int16_t)row[l];
        return;
    }
    if (t->opts.format == FORMAT_WIDE64) {
        int64_t *w = t->wide64 + wide64_slot(t, rank) * (uint64_t)lanes;
        for (int l = 0; l < lanes; l++)
            w[l] = row[l];
        return;
    }
    uint64_t *bits = t->steps + rank * (uint64_t)t->words;
    t->base[rank] = row[0];
    for (int w = 0; w < t->words; w++) {
        int first = 64 * w, n = lanes - 1 - first < 64 ? lanes - 1 - first : 64;
        bits[w] = step_word(t, rank, row + first, first, n);
    }
}

void table_held_row_put64(value_table *t, uint64_t rank, const int64_t *row)
{
    int lanes = t->store.lanes;
    if (t->opts.format == FORMAT_WIDE64) {
        memcpy(t->wide64 + wide64_slot(t, rank) * (uint64_t)lanes, row, (size_t)lanes * sizeof *row);
        return;
    }
    if (t->opts.format == FORMAT_WIDE) {
        int16_t *w = t->wide + rank * (uint64_t)lanes;
        for (int l = 0; l < lanes; l++)
            w[l] = (int16_t)row[l];
        return;
    }
    uint64_t *bits = t->steps + rank * (uint64_t)t->words;
    t->base[rank] = narrow_value(t, rank, row[0]);
    for (int w = 0; w < t->words; w++) {
        /* The 64-bit values of this word's lanes in 32 bits (the packed
         * table's range), then encoded as the 32-bit rows are. */
        int first = 64 * w, n = lanes - 1 - first < 64 ? lanes - 1 - first : 64;
        int32_t v[65];
        for (int i = 0; i <= n; i++)
            v[i] = narrow_value(t, rank, row[first + i]);
        bits[w] = step_word(t, rank, v, first, n);
    }
}

char *table_position_text(const value_table *t, uint64_t rank)
{
    const game_desc *g = t->game;
    char probe[1];
    int len = g->format ? g->format(g->data, rank, probe, 1) : snprintf(NULL, 0, "#%llu", (unsigned long long)rank);
    if (len < 0)
        die("internal error: %s cannot write a position", g->name);
    char *text = xmalloc((size_t)len + 1, "a position");
    if (g->format)
        g->format(g->data, rank, text, len + 1);
    else
        snprintf(text, (size_t)len + 1, "#%llu", (unsigned long long)rank);
    return text;
}

int table_position_text_into(const value_table *t, uint64_t rank, char *buf, size_t len)
{
    const game_desc *g = t->game;
    int n = g->format ? g->format(g->data, rank, buf, len > INT32_MAX ? INT32_MAX : (int)len)
                      : snprintf(buf, len, "#%llu", (unsigned long long)rank);
    if (n < 0)
        die("internal error: %s cannot write a position", g->name);
    return n;
}

/* ---- reading play back ---- */

int table_optimal_moves(const value_table *t, uint64_t rank, int lane, game_move *out)
{
    const game_desc *g = t->game;
    int k = g->moves(g->data, rank, out), kept = 0;
    int64_t value = table_value(t, rank, lane);
    for (int m = 0; m < k; m++)
        if (out[m].points - table_value(t, out[m].child, lane) == value)
            out[kept++] = out[m];
    return kept;
}

int table_optimal_line(const value_table *t, uint64_t rank, int lane, uint64_t *ranks, int max)
{
    game_move *moves = xmalloc(xmul((size_t)t->game->max_moves + 1, sizeof *moves, "a move list"), "a move list");
    int len = 0;
    while (len < max) {
        ranks[len++] = rank;
        if (table_optimal_moves(t, rank, lane, moves) == 0)
            break;
        rank = moves[0].child;
    }
    free(moves);
    return len;
}

/* ---- the checksum ---- */

static void put_le(uint8_t *buf, uint64_t u, int bytes)
{
    for (int i = 0; i < bytes; i++)
        buf[i] = (uint8_t)(u >> (8 * i));
}

/* One row of 32-bit values in the checksum's canonical form: when every
 * step between neighbouring lanes is +-1 (always, for Scoring Nim), a 0
 * byte, the value at the first lane (4 bytes) and one bit a step (bit l of
 * 64-bit little-endian words: lane l+1 = lane l + 1), the unused bits 0;
 * otherwise a 1 byte and every value (4 bytes each).  The form depends on
 * the values alone, so a packed and a wide table of the same values give
 * the same checksum, and a packed row hashes its own storage. */
void table_sha_row(struct sha256_ctx *ctx, const int32_t *row, int lanes, uint64_t *words)
{
    int nwords = lanes > 1 ? (lanes - 1 + 63) / 64 : 0;
    bool unit = true;
    for (int l = 0; l + 1 < lanes && unit; l++)
        unit = row[l + 1] - row[l] == 1 || row[l + 1] - row[l] == -1;
    uint8_t buf[5];
    buf[0] = unit ? 0 : 1;
    if (!unit) {
        sha256_update(ctx, 1, buf);
        for (int l = 0; l < lanes; l++) {
            put_le(buf, (uint32_t)row[l], 4);
            sha256_update(ctx, 4, buf);
        }
        return;
    }
    put_le(buf + 1, (uint32_t)row[0], 4);
    sha256_update(ctx, 5, buf);
    memset(words, 0, (size_t)nwords * sizeof *words);
    for (int l = 0; l + 1 < lanes; l++)
        if (row[l + 1] > row[l])
            words[l >> 6] |= 1ull << (l & 63);
    for (int w = 0; w < nwords; w++) {
        uint8_t b[8];
        put_le(b, words[w], 8);
        sha256_update(ctx, 8, b);
    }
}

static void sha_margin(const value_table *t, struct sha256_ctx *ctx)
{
    int lanes = t->store.lanes;
    bool wide64 = t->opts.format == FORMAT_WIDE64;
    if (wide64) {
        /* 64-bit values (Stewart's G_s): every value, 8 bytes each. */
        int64_t *row64 = xmalloc(xmul((size_t)lanes, sizeof *row64, "a row"), "a row");
        uint8_t *buf = xmalloc(xmul((size_t)lanes, 8, "a row"), "a row");
        for (uint64_t r = 0; r < t->count; r++) {
            table_held_row_get64(t, r, row64);
            for (int l = 0; l < lanes; l++)
                put_le(buf + 8 * (size_t)l, (uint64_t)row64[l], 8);
            sha256_update(ctx, (size_t)lanes * 8, buf);
        }
        free(row64);
        free(buf);
        return;
    }
    int nwords = lanes > 1 ? (lanes - 1 + 63) / 64 : 0;
    uint64_t *words = xmalloc(xmul((size_t)(nwords ? nwords : 1), sizeof *words, "a row"), "a row");
    if (t->opts.format == FORMAT_PACKED) {
        /* The row's own storage is the canonical form (every step +-1):
         * the lane-0 value and the step bits, the bits past the last lane
         * cleared.  A thirtieth of the bytes of the decoded row. */
        uint8_t head[5] = {0};
        for (uint64_t r = 0; r < t->count; r++) {
            put_le(head + 1, (uint32_t)t->base[r], 4);
            sha256_update(ctx, 5, head);
            const uint64_t *st = t->steps + r * (uint64_t)t->words;
            for (int w = 0; w < nwords; w++) {
                uint64_t word = st[w];
                if (w == nwords - 1 && (lanes - 1) % 64)
                    word &= (1ull << ((lanes - 1) % 64)) - 1;
                uint8_t b[8];
                put_le(b, word, 8);
                sha256_update(ctx, 8, b);
            }
        }
        free(words);
        return;
    }
    int32_t *row32 = xmalloc(xmul((size_t)lanes, sizeof *row32, "a row"), "a row");
    for (uint64_t r = 0; r < t->count; r++) {
        table_held_row_get(t, r, row32);
        table_sha_row(ctx, row32, lanes, words);
    }
    free(row32);
    free(words);
}

/* The trees the codes name, in code order: a leaf its winner, a node its
 * chooser, its count of outcomes and their codes (4 bytes each). */
static void sha_choice_dag(const value_table *t, struct sha256_ctx *ctx)
{
    for (uint64_t c = 0; c < choice_dag_size(t->dag); c++) {
        uint8_t buf[12];
        choice_code code = (choice_code)c;
        put_le(buf, choice_is_leaf(t->dag, code), 4);
        put_le(buf + 4, (uint64_t)choice_who(t->dag, code), 4);
        int n = choice_count(t->dag, code);
        put_le(buf + 8, (uint64_t)n, 4);
        sha256_update(ctx, sizeof buf, buf);
        for (int i = 0; i < n; i++) {
            put_le(buf, choice_alt(t->dag, code, i), 4);
            sha256_update(ctx, 4, buf);
        }
    }
}

/* A probability beyond 64 bits, after its 0/0 cell: the numerator's and
 * the denominator's magnitudes, each as its length in bytes (8 bytes)
 * and its bytes, least significant first. */
static void sha_big_probability(const value_table *t, uint64_t rank, struct sha256_ctx *ctx)
{
    mpq_t q;
    mpq_init(q);
    table_probability_q(t, rank, q);
    mpz_srcptr parts[2] = {mpq_numref(q), mpq_denref(q)};
    for (int i = 0; i < 2; i++) {
        size_t n = (mpz_sizeinbase(parts[i], 2) + 7) / 8;
        uint8_t *bytes = xmalloc(n ? n : 1, "a value's digits"), len[8];
        size_t wrote = 0;
        mpz_export(bytes, &wrote, -1, 1, 0, 0, parts[i]);
        put_le(len, wrote, 8);
        sha256_update(ctx, 8, len);
        sha256_update(ctx, wrote, bytes);
        free(bytes);
    }
    mpq_clear(q);
}

_Static_assert(TABLE_SHA256_HEX == 2 * SHA256_DIGEST_SIZE + 1, "a digest in hex, with its NUL");

void table_sha256(const value_table *t, char hex[TABLE_SHA256_HEX])
{
    struct sha256_ctx ctx;
    sha256_init(&ctx);
    if (t->kind == VALUE_MARGIN)
        sha_margin(t, &ctx);
    else
        for (uint64_t r = 0; r < t->count; r++) {
            /* The longest record: a probability's numerator and
             * denominator, 8 bytes each. */
            uint8_t buf[16];
            size_t n;
            if (t->kind == VALUE_GRUNDY) {
                put_le(buf, t->grundy[r], 4);
                n = 4;
            } else if (t->kind == VALUE_MATRIX) {
                put_le(buf, (uint64_t)t->wide64[2 * r], 8);
                put_le(buf + 8, (uint64_t)t->wide64[2 * r + 1], 8);
                n = 16;
                if (t->wide64[2 * r + 1] == 0) {
                    /* A value beyond 64 bits: 0/0, then its digits. */
                    sha256_update(&ctx, n, buf);
                    sha_big_probability(t, r, &ctx);
                    continue;
                }
            } else if (t->kind == VALUE_CHOICE) {
                put_le(buf, t->choice[r], 4);
                n = 4;
            } else {
                buf[0] = t->outcome[r];
                n = 1;
            }
            sha256_update(&ctx, n, buf);
        }
    if (t->kind == VALUE_CHOICE)
        sha_choice_dag(t, &ctx);
    uint8_t digest[SHA256_DIGEST_SIZE];
    sha256_digest(&ctx, SHA256_DIGEST_SIZE, digest);
    for (int i = 0; i < SHA256_DIGEST_SIZE; i++)
        snprintf(hex + 2 * i, 3, "%02x", digest[i]);
}

void table_probability_q(const value_table *t, uint64_t rank, mpq_t out)
{
    int64_t num, den;
    if (table_probability(t, rank, &num, &den)) {
        mpq_set_si(out, num, (unsigned long)den);
        return;
    }
    bool held;
    /* Workers may be adding values beside this read. */
#pragma omp critical(table_big)
    held = t->big && rational_map_get(t->big, rank, out);
    if (!held) {
        char *pos = table_position_text(t, rank);
        die("internal error: the value of %s is marked beyond 64 bits and is not held", pos);
    }
}

void table_store_probability(value_table *t, uint64_t rank, const mpq_t q)
{
    if (mpz_fits_slong_p(mpq_numref(q)) && mpz_fits_slong_p(mpq_denref(q))) {
        t->wide64[2 * rank] = mpz_get_si(mpq_numref(q));
        t->wide64[2 * rank + 1] = mpz_get_si(mpq_denref(q));
        return;
    }
#pragma omp critical(table_big)
    {
        if (!t->big)
            t->big = rational_map_new();
        rational_map_put(t->big, rank, q);
    }
    t->wide64[2 * rank] = 0;
    t->wide64[2 * rank + 1] = 0;
}

uint64_t table_big_count(const value_table *t)
{
    uint64_t n;
#pragma omp critical(table_big)
    n = t->big ? rational_map_count(t->big) : 0;
    return n;
}

/* n bytes, little-endian, as an integer (put_le's inverse). */
static uint64_t read_le(const uint8_t *p, int n)
{
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

/* The bytes of |z| (z >= 0 here: probabilities), least significant
 * first, after their count; where the next write goes. */
static uint8_t *put_mpz(uint8_t *p, const mpz_t z)
{
    size_t n = 0;
    mpz_export(p + 4, &n, -1, 1, 0, 0, z);
    put_le(p, n, 4);
    return p + 4 + n;
}

/* The values beyond 64 bits among ranks[0 .. n) (ranks NULL: every rank,
 * in order) in table_big_export's format, into *out; its length. */
static uint64_t big_export(const value_table *t, const uint64_t *ranks, uint64_t n, uint8_t **out)
{
    uint64_t held = table_big_count(t), bytes = 8, count = 0;
    if (!ranks)
        n = t->count;
    mpq_t q;
    mpq_init(q);
    /* Two passes over the held values: their sizes, then their bytes. */
    for (int pass = 0; pass < 2; pass++) {
        uint8_t *p = pass ? *out + 8 : NULL;
        for (uint64_t i = 0; held > 0 && i < n; i++) {
            uint64_t r = ranks ? ranks[i] : i;
            if (t->wide64[2 * r + 1] != 0 || !rational_map_get(t->big, r, q))
                continue;
            if (pass == 0) {
                bytes += 8 + 8 + (mpz_sizeinbase(mpq_numref(q), 256) + mpz_sizeinbase(mpq_denref(q), 256));
                count++;
                continue;
            }
            put_le(p, r, 8);
            p = put_mpz(put_mpz(p + 8, mpq_numref(q)), mpq_denref(q));
        }
        if (pass == 0) {
            *out = xcalloc(1, (size_t)bytes, "the values beyond 64 bits for a checkpoint");
            put_le(*out, count, 8);
        } else
            bytes = (uint64_t)(p - *out);
    }
    mpq_clear(q);
    return bytes;
}

uint64_t table_big_export(const value_table *t, uint8_t **out)
{
    return big_export(t, NULL, 0, out);
}

/* One integer of a table_big_export at *p (end: the list's end) into z;
 * false when it runs past the end. */
static bool get_mpz(const uint8_t **p, const uint8_t *end, mpz_t z)
{
    if (end - *p < 4)
        return false;
    uint64_t n = read_le(*p, 4);
    if (n > (uint64_t)(end - *p - 4))
        return false;
    mpz_import(z, (size_t)n, -1, 1, 0, 0, *p + 4);
    *p += 4 + n;
    return true;
}

/* One entry of a table_big_export at *p into r and q: false when it runs
 * past the end, its rank is past the table or its cell is not marked as
 * held beyond 64 bits, or the value is not in lowest terms or fits in 64
 * bits (else the table would hold it in its cell). */
static bool get_big_entry(const value_table *t, const uint8_t **p, const uint8_t *end, uint64_t *r, mpq_t q,
                          mpz_t g)
{
    if (end - *p < 8)
        return false;
    *r = read_le(*p, 8);
    *p += 8;
    if (!(*r < t->count && t->wide64[2 * *r] == 0 && t->wide64[2 * *r + 1] == 0 &&
          get_mpz(p, end, mpq_numref(q)) && get_mpz(p, end, mpq_denref(q)) && mpz_sgn(mpq_denref(q)) > 0))
        return false;
    mpz_gcd(g, mpq_numref(q), mpq_denref(q));
    return mpz_cmp_ui(g, 1) == 0 && !(mpz_fits_slong_p(mpq_numref(q)) && mpz_fits_slong_p(mpq_denref(q)));
}

bool table_big_import(value_table *t, const uint8_t *data, uint64_t bytes)
{
    if (t->kind != VALUE_MATRIX || bytes < 8)
        return false;
    const uint8_t *p = data + 8, *end = data + bytes;
    uint64_t n = read_le(data, 8), last = 0, r = 0;
    rational_map *m = rational_map_new();
    mpq_t q;
    mpz_t g;
    mpq_init(q);
    mpz_init(g);
    bool ok = true;
    for (uint64_t i = 0; ok && i < n; i++) {
        ok = get_big_entry(t, &p, end, &r, q, g) && (i == 0 || r > last);
        if (ok)
            rational_map_put(m, r, q);
        last = r;
    }
    mpq_clear(q);
    mpz_clear(g);
    if (!ok || p != end) {
        rational_map_free(m);
        return false;
    }
    rational_map_free(t->big);
    t->big = n > 0 ? m : NULL;
    if (n == 0)
        rational_map_free(m);
    return true;
}

/* ---- a position's cells, carried between processes ---- */

typedef struct {
    uint8_t *cells;
    size_t width;   /* bytes a position */
} cell_array;

/* Every array that holds a cell a position (rank r's at cells + r *
 * width); how many. */
static int cell_arrays(const value_table *t, cell_array out[6])
{
    int n = 0;
    if (t->base) {
        out[n++] = (cell_array){(uint8_t *)t->base, sizeof *t->base};
        out[n++] = (cell_array){(uint8_t *)t->steps, (size_t)t->words * sizeof *t->steps};
    }
    if (t->wide)
        out[n++] = (cell_array){(uint8_t *)t->wide, (size_t)t->store.lanes * sizeof *t->wide};
    if (t->wide64)
        out[n++] = (cell_array){(uint8_t *)t->wide64,
                                (t->kind == VALUE_MATRIX ? 2 : (size_t)t->store.lanes) * sizeof *t->wide64};
    if (t->grundy)
        out[n++] = (cell_array){(uint8_t *)t->grundy, sizeof *t->grundy};
    if (t->outcome)
        out[n++] = (cell_array){t->outcome, 1};
    return n;
}

bool table_cells_portable(const value_table *t)
{
    return !t->taker && t->kind != VALUE_CHOICE && !t->opts.keep;
}

uint64_t table_cells_export(const value_table *t, const uint64_t *ranks, uint64_t n, uint8_t **out)
{
    if (!table_cells_portable(t))
        die("internal error: %s keeps values beyond its positions' cells", table_noun(t));
    cell_array a[6];
    int arrays = cell_arrays(t, a);
    size_t width = 0;
    for (int k = 0; k < arrays; k++)
        width += a[k].width;
    uint8_t *big = NULL;
    uint64_t big_bytes = t->kind == VALUE_MATRIX ? big_export(t, ranks, n, &big) : 0;
    uint64_t bytes = xmul((size_t)n, width, "the cells of a layer's part") + big_bytes;
    uint8_t *p = *out = xmalloc(bytes ? (size_t)bytes : 1, "the cells of a layer's part");
    for (uint64_t i = 0; i < n; i++)
        for (int k = 0; k < arrays; k++) {
            memcpy(p, a[k].cells + ranks[i] * a[k].width, a[k].width);
            p += a[k].width;
        }
    if (big_bytes)
        memcpy(p, big, (size_t)big_bytes);
    free(big);
    return bytes;
}

bool table_cells_import(value_table *t, const uint64_t *ranks, uint64_t n, const uint8_t *data, uint64_t bytes)
{
    cell_array a[6];
    int arrays = cell_arrays(t, a);
    size_t width = 0;
    for (int k = 0; k < arrays; k++)
        width += a[k].width;
    bool matrix = t->kind == VALUE_MATRIX;
    /* n cells of `width` bytes, then (VALUE_MATRIX) at least a count. */
    if (!table_cells_portable(t) || (width && n > bytes / width))
        return false;
    if (matrix ? bytes - n * width < 8 : bytes != n * width)
        return false;
    const uint8_t *p = data;
    for (uint64_t i = 0; i < n; i++) {
        if (ranks[i] >= t->count)
            return false;
        for (int k = 0; k < arrays; k++) {
            memcpy(a[k].cells + ranks[i] * a[k].width, p, a[k].width);
            p += a[k].width;
        }
    }
    if (!matrix)
        return true;
    /* The values beyond 64 bits among them, each into a cell the bytes
     * above marked. */
    const uint8_t *end = data + bytes;
    uint64_t count = read_le(p, 8), r;
    p += 8;
    mpq_t q;
    mpz_t g;
    mpq_init(q);
    mpz_init(g);
    bool ok = true;
    for (uint64_t i = 0; ok && i < count; i++) {
        ok = get_big_entry(t, &p, end, &r, q, g);
        if (ok)
            table_store_probability(t, r, q);
    }
    mpq_clear(q);
    mpz_clear(g);
    return ok && p == end;
}

int32_t *table_row_buffer(const value_table *t)
{
    int32_t *row = xmalloc((size_t)t->win.lanes * sizeof(int32_t), "a decoded row");
    /* A block of a split table decodes only its lanes into the buffer:
     * the others read as a value no table holds, so that a check that
     * strays out of its block gets loud mismatches, never stale numbers.
     * (Once a buffer, not once a row: decoding stays the block's work.) */
    if (t->store.lanes != t->win.lanes)
        for (int l = 0; l < t->win.lanes; l++)
            row[l] = INT32_MIN;
    return row;
}

void table_rows_whole(const value_table *t, const uint64_t *ranks, int n, int32_t *out)
{
    size_t lanes = (size_t)t->win.lanes;
    int32_t *row = table_row_buffer(t);
    if (t->split.parts <= 1) {
        for (int i = 0; i < n; i++)
            memcpy(out + (size_t)i * lanes, table_row_get(t, ranks[i], row), lanes * sizeof *row);
        free(row);
        return;
    }
    /* Each block adds its own lanes to zeros: the sum is every row. */
    int64_t *sum = xcalloc(xmul((size_t)n, lanes, "whole rows"), sizeof *sum, "whole rows");
    for (int i = 0; i < n; i++) {
        table_row_get(t, ranks[i], row);
        for (int l = t->own_lo; l < t->own_hi; l++)
            sum[(size_t)i * lanes + (size_t)l] = row[l];
    }
    t->split.reduce(t->split.arg, sum, (size_t)n * lanes, REDUCE_SUM);
    for (size_t i = 0; i < (size_t)n * lanes; i++)
        out[i] = (int32_t)sum[i];
    free(sum);
    free(row);
}
