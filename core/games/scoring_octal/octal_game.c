/*
 * octal_game.c -- the grid and heaps descriptions of scoring octal games
 * and the grid's fast path (see octal_game.h).
 */
#include "core/games/scoring_octal/octal_game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/memo.h"
#include "core/engine/table.h"
#include "core/engine/xalloc.h"

/* ---- the grid: taking-no-breaking games ---- */

static bool is_taking_only(const og_rules *g)
{
    return !og_breaks(g) && g->digit[0] == 0;
}

/* A move taking i from a heap of size h is legal by digit d when it leaves
 * nothing (bit 0, h == i) or one non-empty heap (bit 1, h > i). */
static bool legal_take(int d, int h, int i)
{
    return ((d & 1) && h == i) || ((d & 2) && h > i);
}

static int grid_moves(const void *data, uint64_t rank, game_move *out)
{
    const octal_grid *g = data;
    uint64_t w = (uint64_t)g->M + 1;
    int n = (int)(rank / w), m = (int)(rank % w), k = 0;
    for (int i = 1; i <= g->O.max_take && i <= n; i++)
        if (legal_take(g->O.digit[i], n, i))
            out[k++] = (game_move){.child = rank - (uint64_t)i * w, .points = g->pO[i]};
    for (int l = 1; g->has_sum && l <= g->P.max_take && l <= m; l++)
        if (legal_take(g->P.digit[l], m, l))
            out[k++] = (game_move){.child = rank - (uint64_t)l, .points = g->pP[l]};
    return k;
}

/* No move left: G_s = 0. */
static int64_t no_move(const void *data, uint64_t rank, int64_t M)
{
    (void)data;
    (void)rank;
    (void)M;
    return 0;
}

static int64_t largest_point(const og_rules *r, const int64_t *p)
{
    int64_t most = 0;
    for (int i = 1; i <= r->max_take; i++)
        most = (p[i] < 0 ? -p[i] : p[i]) > most ? (p[i] < 0 ? -p[i] : p[i]) : most;
    return most;
}

/* Every move takes a bean and scores at most the largest |point|, so
 * |G_s(n +_l m)| <= that times n + m. */
static int64_t grid_value_bound(const void *data, int64_t max_m)
{
    const octal_grid *g = data;
    (void)max_m;
    int64_t p = largest_point(&g->O, g->pO), q = g->has_sum ? largest_point(&g->P, g->pP) : 0;
    p = p > q ? p : q;
    int64_t beans = g->max_rows + g->M;
    return p > 0 && beans > INT64_MAX / p ? INT64_MAX : p * beans;
}

static int grid_format(const void *data, uint64_t rank, char *buf, int len)
{
    const octal_grid *g = data;
    uint64_t w = (uint64_t)g->M + 1;
    if (!g->has_sum)
        return snprintf(buf, (size_t)len, "%llu", (unsigned long long)(rank / w));
    return snprintf(buf, (size_t)len, "%llu +_l %llu", (unsigned long long)(rank / w), (unsigned long long)(rank % w));
}

/* The fast path "rows": the same recursion with the moves read off the
 * digits inline, a whole range of ranks in one call and the row and column
 * carried along instead of divided out at every cell (a family sweeps
 * millions of games of a few hundred cells each). */
static void *rows_begin(value_table *t, int threads)
{
    (void)threads;
    if (t->opts.format != FORMAT_WIDE64 || t->store.lanes != 1)
        die("internal error: the rows of an octal game need a 64-bit table of one lane");
    return t;
}

static void rows_range(void *state, value_table *t, uint64_t lo, uint64_t hi)
{
    (void)state;
    const octal_grid *g = t->game->data;
    int64_t *v = t->wide64;
    uint64_t w = (uint64_t)g->M + 1, keep = t->opts.keep;
    int n = (int)(lo / w), m = (int)(lo % w);
    for (uint64_t r = lo; r < hi; r++) {
        bool any = false;
        int64_t best = 0;
        for (int i = 1; i <= g->O.max_take && i <= n; i++) {
            if (!legal_take(g->O.digit[i], n, i))
                continue;
            uint64_t c = r - (uint64_t)i * w;
            int64_t x = g->pO[i] - v[keep ? c % keep : c];
            best = !any || x > best ? x : best;
            any = true;
        }
        for (int l = 1; g->has_sum && l <= g->P.max_take && l <= m; l++) {
            if (!legal_take(g->P.digit[l], m, l))
                continue;
            uint64_t c = r - (uint64_t)l;
            int64_t x = g->pP[l] - v[keep ? c % keep : c];
            best = !any || x > best ? x : best;
            any = true;
        }
        v[keep ? r % keep : r] = best;
        if (++m == (int)w) {
            m = 0;
            n++;
        }
    }
}

static void rows_position(void *state, value_table *t, int tid, uint64_t rank)
{
    (void)tid;
    rows_range(state, t, rank, rank + 1);
}

static void rows_end(void *state)
{
    (void)state;
}

static const game_fast_path octal_rows = {.name = "rows", .begin = rows_begin, .position = rows_position,
                                          .range = rows_range, .end = rows_end};

int octal_grid_init(octal_grid *g, const og_rules *O, const og_rules *P, int M, int64_t max_rows, char *err,
                    int errlen)
{
    memset(g, 0, sizeof *g);
    if (!is_taking_only(O) || (P && !is_taking_only(P))) {
        snprintf(err, (size_t)errlen, "the row engine takes only games that never break a heap");
        return -1;
    }
    g->O = *O;
    g->has_sum = P != NULL;
    if (P)
        g->P = *P;
    g->M = P ? M : 0;
    g->max_rows = max_rows > 0 ? max_rows : 1;
    g->scale = og_common_scale(O, P);
    if (g->scale == 0) {
        snprintf(err, (size_t)errlen, "the points need a common denominator above %lld", (long long)OG_POINT_LIMIT);
        return -1;
    }
    for (int i = 0; i <= O->max_take; i++)
        g->pO[i] = og_scaled_point(O, i, g->scale);
    for (int i = 0; P && i <= P->max_take; i++)
        g->pP[i] = og_scaled_point(P, i, g->scale);
    g->game = (game_desc){.name = "scoring-octal", .kind = VALUE_MARGIN, .data = g, .count = GAME_UNBOUNDED,
                          .layers = GAME_BY_RANK, .format = grid_format,
                          .max_moves = O->max_take + (P ? P->max_take : 0) + 1, .moves = grid_moves,
                          .terminal = no_move, .value_bound = grid_value_bound, .fast = &octal_rows,
                          .scale = g->scale};
    return 0;
}

/* ---- the heaps: any game, keyed ---- */

/* One move from one heap: the points index and the heaps left that can
 * still be played, largest first. */
typedef struct {
    int take, nparts;
    int parts[3];
} heap_move;

struct octal_heaps {
    game_desc game;
    og_rules O, P;
    bool one_game;     /* P plays as O: every position is one multiset */
    int64_t pO[OG_MAX_TAKE + 1], pP[OG_MAX_TAKE + 1];
    /* Moves of one heap, per side and heap size, listed once (the
     * recursion is deep; listing them on the stack at every level is not
     * affordable on worker-thread stacks), each as the heaps it leaves
     * that can still be played, so a child is a merge, never a sort. */
    heap_move *moves[2][OCTAL_MAX_HEAP + 1];
    int nmoves[2][OCTAL_MAX_HEAP + 1];
    /* live[side][h]: a heap of h admits a move under that side's rules. */
    bool live[2][OCTAL_MAX_HEAP + 1];
    /* The same moves for the engine's heap games (game.h, heap_moves):
     * every part kept, points scaled; listed on first use. */
    game_heap_move *engine_moves[2][OCTAL_MAX_HEAP + 1];
    int engine_nmoves[2][OCTAL_MAX_HEAP + 1];
};

static int cmp_heap_move(const void *a, const void *b)
{
    const heap_move *x = a, *y = b;
    if (x->take != y->take)
        return x->take - y->take;
    if (x->nparts != y->nparts)
        return x->nparts - y->nparts;
    for (int q = 0; q < x->nparts; q++)
        if (x->parts[q] != y->parts[q])
            return x->parts[q] - y->parts[q];
    return 0;
}

/* A heap too large for the move cache is kept (keys refuse it). */
static bool is_live(const octal_heaps *m, int side, int h)
{
    return h > OCTAL_MAX_HEAP || m->live[side][h];
}

static const heap_move *heap_moves(octal_heaps *m, int side, int h, int *n)
{
    if (!m->moves[side][h]) {
        const og_rules *g = side == 0 ? &m->O : &m->P;
        int cap = og_heap_moves_count(g, h);
        og_heap_move *all = xmalloc((size_t)(cap > 0 ? cap : 1) * sizeof *all, "the moves of one heap");
        heap_move *buf = xmalloc((size_t)(cap > 0 ? cap : 1) * sizeof *buf, "the moves of one heap");
        cap = og_heap_moves(g, h, all, cap);
        /* Parts come largest first (octal.h); dead ones are dropped as keys
         * drop them, and moves that then leave the same heaps for the same
         * take are listed once (same child, same points). */
        for (int j = 0; j < cap; j++) {
            buf[j] = (heap_move){.take = all[j].take};
            for (int q = 0; q < all[j].nparts; q++)
                if (is_live(m, side, all[j].parts[q]))
                    buf[j].parts[buf[j].nparts++] = all[j].parts[q];
        }
        free(all);
        qsort(buf, (size_t)cap, sizeof *buf, cmp_heap_move);
        int k = 0;
        for (int j = 0; j < cap; j++)
            if (k == 0 || cmp_heap_move(&buf[k - 1], &buf[j]) != 0)
                buf[k++] = buf[j];
        m->nmoves[side][h] = k;
        m->moves[side][h] = buf;
    }
    *n = m->nmoves[side][h];
    return m->moves[side][h];
}

/* O-heaps, a 0, P-heaps. */
static int make_key(const int *ho, int no, const int *hp, int np, uint16_t *key)
{
    int len = 0;
    for (int i = 0; i < no; i++)
        key[len++] = (uint16_t)ho[i];
    key[len++] = 0;
    for (int i = 0; i < np; i++)
        key[len++] = (uint16_t)hp[i];
    return len;
}

/* first[v], v in [0, top]: the index of the first heap of seg[0..n)
 * (largest first) that is at most v, or n: where a part v goes. */
static void first_at_most(const uint16_t *seg, int n, int top, int *first)
{
    int i = 0;
    for (int v = top; v >= 0; v--) {
        while (i < n && seg[i] > v)
            i++;
        first[v] = i;
    }
}

/* The moves of one side, whose heaps are key[s0 .. s0 + n) (live, largest
 * first), under that side's rules with scaled points p.  A child is the
 * parent's key with heap i taken out and the parts put in where they
 * belong: a part is smaller than the heap it comes from, so it goes after
 * i, and the child is copied in a few runs of the parent's key instead of
 * merged heap by heap. */
static bool side_moves(octal_heaps *m, int side, const int64_t *p, const uint16_t *key, int len, int s0, int n,
                       game_key_fn fn, void *ctx)
{
    const uint16_t *h = key + s0;
    uint16_t child[OCTAL_KEY_MAX + 2];
    int first[OCTAL_MAX_HEAP + 1];
    if (n == 0)
        return true;
    if (h[0] > OCTAL_MAX_HEAP)
        return false;
    first_at_most(h, n, h[0], first);
    for (int i = 0; i < n; i++) {
        if (i > 0 && h[i] == h[i - 1])
            continue; /* equal heaps give equal moves */
        int k;
        const heap_move *moves = heap_moves(m, side, h[i], &k);
        for (int j = 0; j < k; j++) {
            const heap_move *mv = &moves[j];
            if (n - 1 + mv->nparts > OCTAL_MAX_HEAPS)
                return false;
            int from = s0 + i + 1, c = s0 + i;
            key_copy(child, key, c);
            for (int q = 0; q < mv->nparts; q++) {
                int to = s0 + first[mv->parts[q]];
                key_copy(child + c, key + from, to - from);
                c += to - from;
                child[c++] = (uint16_t)mv->parts[q];
                from = to;
            }
            key_copy(child + c, key + from, len - from);
            fn(ctx, p[mv->take], child, c + len - from);
        }
    }
    return true;
}

/* game.h's heap_moves: side 0 plays under O, side 1 under P. */
static int engine_heap_moves(void *data, int side, int h, const game_heap_move **out)
{
    octal_heaps *m = data;
    if (h < 0 || h > OCTAL_MAX_HEAP)
        die("internal error: a heap of %d beans is beyond an octal game's %d", h, OCTAL_MAX_HEAP);
    if (!m->engine_moves[side][h]) {
        const og_rules *g = side == 0 ? &m->O : &m->P;
        const int64_t *p = side == 0 ? m->pO : m->pP;
        int cap = og_heap_moves_count(g, h);
        og_heap_move *all = xmalloc((size_t)(cap > 0 ? cap : 1) * sizeof *all, "the moves of one heap");
        game_heap_move *buf = xmalloc((size_t)(cap > 0 ? cap : 1) * sizeof *buf, "the moves of one heap");
        cap = og_heap_moves(g, h, all, cap);
        for (int j = 0; j < cap; j++) {
            buf[j] = (game_heap_move){.points = p[all[j].take], .nparts = all[j].nparts};
            memcpy(buf[j].parts, all[j].parts, sizeof buf[j].parts);
        }
        free(all);
        m->engine_nmoves[side][h] = cap;
        m->engine_moves[side][h] = buf;
    }
    *out = m->engine_moves[side][h];
    return m->engine_nmoves[side][h];
}

/* A key is O-heaps, a 0, P-heaps, each side largest first. */
static bool heaps_key_moves(void *data, const uint16_t *key, int len, game_key_fn fn, void *ctx)
{
    octal_heaps *m = data;
    int sep = 0;
    while (sep < len && key[sep] != 0)
        sep++;
    if (sep == len || sep > OCTAL_MAX_HEAPS || len - sep - 1 > OCTAL_MAX_HEAPS)
        return false;
    return side_moves(m, 0, m->pO, key, len, 0, sep, fn, ctx) &&
           side_moves(m, 1, m->pP, key, len, sep + 1, len - sep - 1, fn, ctx);
}

/* The same game: same digits and the same points. */
static bool same_rules(const og_rules *a, const og_rules *b)
{
    if (a->max_take != b->max_take)
        return false;
    for (int i = 0; i <= a->max_take; i++)
        if (a->digit[i] != b->digit[i] || a->num[i] != b->num[i] || a->den[i] != b->den[i])
            return false;
    return true;
}

bool octal_heaps_one_game(const og_rules *O, const og_rules *P)
{
    return !P || same_rules(O, P);
}

octal_heaps *octal_heaps_new(const og_rules *O, const og_rules *P, int64_t scale)
{
    octal_heaps *m = xcalloc(1, sizeof *m, "an octal game");
    m->O = *O;
    m->P = P ? *P : *O;
    m->one_game = same_rules(&m->O, &m->P);
    for (int h = 0; h <= OCTAL_MAX_HEAP; h++) {
        m->live[0][h] = og_heap_has_move(&m->O, h);
        m->live[1][h] = og_heap_has_move(&m->P, h);
    }
    for (int i = 0; i <= m->O.max_take; i++)
        m->pO[i] = og_scaled_point(&m->O, i, scale);
    for (int i = 0; i <= m->P.max_take; i++)
        m->pP[i] = og_scaled_point(&m->P, i, scale);
    m->game = (game_desc){.name = "scoring-octal", .kind = VALUE_MARGIN, .data = m, .terminal = no_move,
                          .key_moves = heaps_key_moves, .heap_moves = engine_heap_moves, .scale = scale,
                          .convention = og_convention(&m->O) ? og_convention(&m->O) : og_convention(&m->P)};
    return m;
}

void octal_heaps_free(octal_heaps *m)
{
    if (!m)
        return;
    for (int side = 0; side < 2; side++)
        for (int h = 0; h <= OCTAL_MAX_HEAP; h++) {
            free(m->moves[side][h]);
            free(m->engine_moves[side][h]);
        }
    free(m);
}

const game_desc *octal_heaps_game(const octal_heaps *h)
{
    return &h->game;
}

static int cmp_desc(const void *a, const void *b)
{
    return *(const int *)b - *(const int *)a;
}

/* Copies the heaps that can still be played, sorted descending; -1 if
 * beyond the limits. */
static int normalise(const octal_heaps *m, int side, const int *h, int n, int *out)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        if (h[i] > 0 && is_live(m, side, h[i])) {
            if (k == OCTAL_MAX_HEAPS || h[i] > OCTAL_MAX_HEAP)
                return -1;
            out[k++] = h[i];
        }
    qsort(out, (size_t)k, sizeof *out, cmp_desc);
    return k;
}

int octal_heaps_key(octal_heaps *m, const int *ho, int no, const int *hp, int np, uint16_t *key)
{
    int a[OCTAL_MAX_HEAPS], b[OCTAL_MAX_HEAPS];
    /* Heaps under one and the same game form one position, a multiset:
     * G_s(A +_l B) is G_s(A u B), so a sum is keyed as its union. */
    if (m->one_game) {
        int all[2 * OCTAL_MAX_HEAPS];
        if (no + np > 2 * OCTAL_MAX_HEAPS)
            return -1;
        /* Either list may be empty, and then NULL. */
        if (no > 0)
            memcpy(all, ho, (size_t)no * sizeof *all);
        if (np > 0)
            memcpy(all + no, hp, (size_t)np * sizeof *all);
        int na = normalise(m, 0, all, no + np, a);
        return na < 0 ? -1 : make_key(a, na, b, 0, key);
    }
    int na = normalise(m, 0, ho, no, a), nb = normalise(m, 1, hp, np, b);
    return na < 0 || nb < 0 ? -1 : make_key(a, na, b, nb, key);
}
