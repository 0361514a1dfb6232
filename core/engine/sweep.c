/*
 * sweep.c -- the one driver that fills a table, whatever the game: layer
 * by layer on the pinned workers, rank by rank, or by retrograde analysis
 * (see sweep.h); each position by the plain kernel of its kind
 * (kernels.c) or by the game's fast path.
 */
#include "core/engine/sweep.h"

#include <stdlib.h>
#include <string.h>

#include "core/engine/kernels.h"
#include "core/engine/layers.h"
#include "core/engine/retrograde.h"
#include "core/engine/xalloc.h"

struct sweep {
    value_table *t;
    pinning *pin;
    int threads;
    uint64_t done, steps;
    const game_fast_path *fast;   /* NULL: the plain kernels            */
    void *fast_state;
    kernel_scratch *scratch;      /* a worker's, for the plain kernels  */
    /* VALUE_MATRIX: the values beyond 64 bits as bytes (table_big_export),
     * the state's last blob; `loading`: a buffer of the size a checkpoint
     * holds, waiting to be read into, not yet taken into the table. */
    uint8_t *big;
    uint64_t big_bytes;
    bool loading;
    sweep_share share;            /* parts > 1: shared with other processes */
};

static bool layered(const value_table *t)
{
    return t->game->layers != GAME_BY_RANK && t->game->layers != GAME_CYCLIC;
}

sweep *sweep_begin(value_table *t, pinning *pin)
{
    sweep *s = xcalloc(1, sizeof *s, "a sweep");
    int threads = pin ? pin->threads : 1;
    const game_desc *g = t->game;
    /* Positions one after another (GAME_BY_RANK) and the retrograde
     * analysis run on the calling thread; so do trees of choices, whose
     * DAG every position writes (and whose codes would otherwise depend
     * on the order the workers reach them). */
    if (!layered(t) || t->kind == VALUE_CHOICE)
        threads = 1;
    t->threads = threads;
    s->t = t;
    s->pin = pin;
    s->threads = threads;
    s->steps = layered(t) ? t->nlayers : g->layers == GAME_BY_RANK ? t->count : 1;
    s->fast = t->kind == VALUE_MARGIN && t->opts.kernel == KERNEL_FAST ? g->fast : NULL;
    if (s->fast)
        s->fast_state = s->fast->begin(t, threads);
    /* The plain kernels' scratch, a worker's (the fast path keeps its own). */
    else if (g->layers != GAME_CYCLIC)
        s->scratch = xcalloc((size_t)threads, sizeof *s->scratch, "the workers' scratch");
    return s;
}

uint64_t sweep_steps(const sweep *s)
{
    return s->steps;
}

uint64_t sweep_done(const sweep *s)
{
    return s->done;
}

static void compute(sweep *s, int tid, uint64_t rank)
{
    if (s->fast)
        s->fast->position(s->fast_state, s->t, tid, rank);
    else
        kernel_plain_position(s->t, &s->scratch[tid], rank);
}

static void layer_begin(void *ctx, int tid)
{
    sweep *s = ctx;
    if (s->scratch)
        kernel_scratch_init(&s->scratch[tid], s->t);
    if (s->fast && s->fast->worker_begin)
        s->fast->worker_begin(s->fast_state, tid);
}

static void layer_item(void *ctx, int tid, uint64_t i)
{
    sweep *s = ctx;
    compute(s, tid, s->t->order[i]);
}

static void layer_end(void *ctx, int tid)
{
    sweep *s = ctx;
    if (s->scratch)
        kernel_scratch_free(&s->scratch[tid]);
    if (s->fast && s->fast->worker_end)
        s->fast->worker_end(s->fast_state, tid);
}

/* layer_job.between of a shared sweep: this process's part of the layer
 * to every other, theirs into this table. */
static void share_layer(void *ctx, uint64_t layer)
{
    sweep *s = ctx;
    value_table *t = s->t;
    uint64_t lo = t->layer_start ? t->layer_start[layer] : 0;
    uint64_t hi = t->layer_start ? t->layer_start[layer + 1] : t->count;
    uint64_t a, b;
    layers_part(lo, hi, s->share.part, s->share.parts, &a, &b);
    uint8_t *mine = NULL;
    uint64_t bytes = table_cells_export(t, t->order + a, b - a, &mine);
    uint64_t *lens = xcalloc((size_t)s->share.parts, sizeof *lens, "the parts' sizes");
    uint8_t *all = s->share.gather(s->share.arg, mine, bytes, lens);
    free(mine);
    uint64_t at = 0;
    for (int q = 0; q < s->share.parts; q++) {
        layers_part(lo, hi, q, s->share.parts, &a, &b);
        if (q != s->share.part && !table_cells_import(t, t->order + a, b - a, all + at, lens[q]))
            die("internal error: process %d's part of layer %llu of the sweep does not read", q,
                (unsigned long long)layer);
        at += lens[q];
    }
    free(all);
    free(lens);
}

static void run_layers(sweep *s, uint64_t end)
{
    value_table *t = s->t;
    layer_job job = {.nlayers = s->steps, .layer_start = t->layer_start, .first_layer = s->done, .end_layer = end,
                     .threads = s->threads, .pin = s->pin, .chunk = 8, .ctx = s, .begin = layer_begin,
                     .item = layer_item, .end = layer_end, .after_layer = t->progress,
                     .progress_ctx = t->progress_ctx};
    if (s->share.parts > 1) {
        job.part = s->share.part;
        job.parts = s->share.parts;
        job.between = share_layer;
    }
    layers_run(&job);
}

/* GAME_BY_RANK: ranks [done, end) in order, on this thread. */
static void run_by_rank(sweep *s, uint64_t end)
{
    if (s->fast && s->fast->range)
        s->fast->range(s->fast_state, s->t, s->done, end);
    else {
        if (s->scratch && !s->scratch[0].moves)
            kernel_scratch_init(&s->scratch[0], s->t);
        for (uint64_t r = s->done; r < end; r++)
            compute(s, 0, r);
    }
    if (s->t->progress)
        s->t->progress(s->t->progress_ctx, end, s->t->count);
}

void sweep_run(sweep *s, uint64_t steps)
{
    value_table *t = s->t;
    /* A table that grew since (GAME_BY_RANK) has more ranks to run. */
    if (t->game->layers == GAME_BY_RANK)
        s->steps = t->count;
    uint64_t end = steps > s->steps - s->done ? s->steps : s->done + steps;
    if (end == s->done)
        return;
    if (layered(t))
        run_layers(s, end);
    else if (t->game->layers == GAME_BY_RANK)
        run_by_rank(s, end);
    else
        retrograde_run(t);
    s->done = end;
#ifdef TEST_WRONG_ENGINE
    /* Only in the nightly test's build: one position's whole row raised by
     * one (its steps kept), so the table checksum moves. */
    if (s->done == s->steps && t->count > 5 && t->base)
        t->base[5] += 2;
#endif
}

bool sweep_can_save(const sweep *s)
{
    return s->t->kind != VALUE_CHOICE;
}

int sweep_state(sweep *s, state_blob *out, int max)
{
    value_table *t = s->t;
    if (!sweep_can_save(s))
        die("internal error: %s cannot be saved in a checkpoint", table_noun(t));
    state_blob all[SWEEP_MAX_BLOBS];
    int n = 0;
    /* Between steps the sweep is its table's values and flags (rows of
     * steps not yet run included: they are rewritten when reached) and the
     * fast path's state; the workers' scratch holds nothing across steps. */
    uint64_t cap = t->cap;
    if (t->base) {
        all[n++] = (state_blob){"values (lane 0)", t->base, cap * sizeof *t->base};
        all[n++] = (state_blob){"values (steps)", t->steps, cap * (uint64_t)t->words * sizeof *t->steps};
    }
    if (t->wide)
        all[n++] = (state_blob){"values", t->wide, cap * (uint64_t)t->store.lanes * sizeof *t->wide};
    if (t->wide64)
        all[n++] = (state_blob){"values (64-bit)", t->wide64,
                                cap * (t->kind == VALUE_MATRIX ? 2 : (uint64_t)t->store.lanes) * sizeof *t->wide64};
    if (t->taker) {
        table_sort_takers(t);
        all[n++] = (state_blob){"last-move flags", t->taker, cap * (uint64_t)t->taker_words * sizeof *t->taker};
        all[n++] = (state_blob){"last-move exceptions", t->taker_odd,
                                (2 * t->taker_odd_cap + 2) * sizeof *t->taker_odd};
    }
    if (t->grundy)
        all[n++] = (state_blob){"values (grundy)", t->grundy, cap * sizeof *t->grundy};
    if (t->outcome)
        all[n++] = (state_blob){"values (outcomes)", t->outcome, cap};
    if (s->fast && s->fast->state)
        n += s->fast->state(s->fast_state, all + n, SWEEP_MAX_BLOBS - n);
    /* Last, so that its size, which grows with the values, is the one a
     * reader learns from the checkpoint (sweep_prepare_load). */
    if (t->kind == VALUE_MATRIX) {
        if (!s->loading) {
            free(s->big);
            s->big_bytes = table_big_export(t, &s->big);
        }
        all[n++] = (state_blob){"values beyond 64 bits", s->big, s->big_bytes};
    }
    if (n > max)
        die("internal error: %d state blobs, room for %d", n, max);
    memcpy(out, all, (size_t)n * sizeof *all);
    return n;
}

bool sweep_state_sized(const sweep *s)
{
    return s->t->kind == VALUE_MATRIX;
}

void sweep_prepare_load(sweep *s, uint64_t last_bytes)
{
    if (!sweep_state_sized(s))
        die("internal error: %s has no state blob of its own size", table_noun(s->t));
    free(s->big);
    s->big = xcalloc(1, (size_t)(last_bytes ? last_bytes : 1), "the values beyond 64 bits of a checkpoint");
    s->big_bytes = last_bytes;
    s->loading = true;
}

bool sweep_state_taken(sweep *s)
{
    bool ok = table_takers_sane(s->t);
    if (s->loading) {
        ok = ok && table_big_import(s->t, s->big, s->big_bytes);
        s->loading = false;
    }
    return ok;
}

void sweep_set_done(sweep *s, uint64_t steps)
{
    s->done = steps < s->steps ? steps : s->steps;
}

void sweep_end(sweep *s)
{
    if (!s)
        return;
    if (s->fast)
        s->fast->end(s->fast_state);
    if (s->scratch) {
        /* A by-rank sweep keeps worker 0's scratch across runs. */
        if (s->scratch[0].moves)
            kernel_scratch_free(&s->scratch[0]);
        free(s->scratch);
    }
    free(s->big);
    free(s);
}

void table_sweep(value_table *t, pinning *pin)
{
    sweep *s = sweep_begin(t, pin);
    sweep_run(s, sweep_steps(s));
    sweep_end(s);
}

const char *sweep_share_refusal(const game_desc *g, const table_opts *o)
{
    if (g->layers == GAME_BY_RANK)
        return "its positions go one after another, each from the ones before";
    if (g->layers == GAME_CYCLIC)
        return "its values come from a retrograde analysis of the whole graph, not layer by layer";
    if (g->kind == VALUE_CHOICE)
        return "its trees of choices share one graph that every position writes";
    if (o->last_mover)
        return "its last-stone flags keep their exceptions in one list";
    if (g->kind == VALUE_MARGIN && o->kernel == KERNEL_FAST && g->fast)
        return "its fast path keeps state beside the table";
    return NULL;
}

void sweep_share_layers(sweep *s, const sweep_share *share)
{
    if (!layered(s->t) || !table_cells_portable(s->t) || s->fast)
        die("internal error: %s cannot be shared layer by layer", table_noun(s->t));
    s->share = *share;
}

/* ---- derived passes ---- */

typedef struct {
    const value_table *t;
    table_visit_fn visit;
    void *ctx;
    game_move **moves;   /* a move list a worker */
} visit_ctx;

static void visit_begin(void *c, int tid)
{
    visit_ctx *v = c;
    v->moves[tid] = xmalloc(xmul((size_t)v->t->game->max_moves + 1, sizeof(game_move), "a worker's move list"),
                            "a worker's move list");
}

static void visit_item(void *c, int tid, uint64_t i)
{
    visit_ctx *v = c;
    const game_desc *g = v->t->game;
    uint64_t rank = v->t->order[i];
    v->visit(v->t, rank, v->moves[tid], g->moves(g->data, rank, v->moves[tid]), v->ctx);
}

static void visit_end(void *c, int tid)
{
    visit_ctx *v = c;
    free(v->moves[tid]);
}

void table_visit_layers(const value_table *t, table_visit_fn visit, void *ctx)
{
    if (!layered(t))
        die("internal error: a layered pass over %s, which has no layers", table_noun(t));
    int threads = t->threads > 0 ? t->threads : 1;
    visit_ctx v = {.t = t, .visit = visit, .ctx = ctx};
    v.moves = xcalloc((size_t)threads, sizeof *v.moves, "the workers' move lists");
    layer_job job = {.nlayers = t->nlayers, .layer_start = t->layer_start, .threads = threads, .chunk = 8,
                     .ctx = &v, .begin = visit_begin, .item = visit_item, .end = visit_end};
    layers_run(&job);
    free(v.moves);
}
