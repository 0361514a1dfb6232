/*
 * rank_memo.c -- positions of multisets of heaps computed on demand, their
 * values in an array indexed by rank (see rank_memo.h).
 *
 * A position is ranked in heap_space.h's lexicographic order, component
 * by component (pair rank = rank0 * count1 + rank1).  Its children are
 * ranked from its own terms, never from a key: a move on heap i keeps
 * the terms before i, and after i each of the position's heaps keeps its
 * term at a budget shifted by what the move removed before it (the heap
 * i, less the parts already put back).  A position makes, once, the
 * suffix sums of its terms at every shift a move can make (0 up to its
 * largest heap), four shifts at a time from a copy of the order's table
 * laid out by heap; a child then costs a few loads and additions whatever
 * its heaps, and its value is read at once (a known child, nearly all of
 * them, is never stored; a new one waits until the listing is done).
 * The hot loops have no branch on the heaps' sizes where a predictor
 * could not learn it (where a heap size goes in, the next size to move,
 * a new child's heaps): on this machine those branches cost more than
 * the arithmetic that replaces them.
 */
#include "core/engine/rank_memo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/heap_space.h"
#include "core/engine/memo.h"
#include "core/engine/sysmem.h"
#include "core/engine/xalloc.h"

/* A value not yet computed.  No game's value is this (a value is points
 * summed along a game of at most a few hundred moves); a computed value
 * equal to it stops the run (value_of_position). */
#define UNSET INT64_MIN
/* The best of no moves yet.  A value the memo keeps and a move's points
 * are within VALUE_MOST (value_of_position, list_moves), so a child's
 * points less its value never is NO_BEST: still NO_BEST once every child
 * is seen means that there was none. */
#define NO_BEST INT64_MIN
#define VALUE_MOST (INT64_MAX / 4)


/* A child met while listing a position's moves, waiting for its value:
 * its rank and, to list its own moves should it be new, the move that
 * made it (heap i of component side, replaced by the move's parts). */
struct live_move;
typedef struct {
    uint64_t rank;
    const struct live_move *mv;  /* its points too */
    int32_t i, side;
} pending_child;

/* One heap move as the engine uses it: the parts that can still be
 * played (a part with no move never changes play, and is left out as
 * memo.h's keys leave it out), and the budget shift after them. */
typedef struct live_move {
    int64_t points;
    int nlive;
    int parts[GAME_HEAP_MAX_PARTS];
    int end_shift;    /* the heap less its live parts */
    int shift1;       /* the heap less its first live part */
    /* Where each of the first two parts' terms start in the order's table
     * by heap (component.by_heap), at the shift it is put in at: the
     * budget of its place is added when the move is ranked. */
    size_t term0, term1;
} live_move;

typedef struct {
    live_move *moves; /* NULL: not listed yet */
    int n;
} move_list;

/* One component of the position being listed (a single scratch: the
 * children are all ranked before any of them is computed). */
typedef struct {
    heap_lex lex;
    int max;             /* its largest total                         */
    int nb;              /* budgets in the order's table: 2 max + 2    */
    /* by_heap[h * nb + b] = before(b, h): the order's table with the
     * budgets of one heap side by side, so that a heap's terms at every
     * shift are one run of memory. */
    uint64_t *by_heap;
    move_list *lists;    /* [h], h = 0..max                           */
    int *heaps;          /* [k] largest first                         */
    int k;
    int *budget;         /* [k + 1]: max - heaps before j             */
    uint64_t *pre;       /* [k + 1]: its terms before j               */
    size_t *term;        /* [k]: heap j's term in by_heap              */
    int *first_below;    /* [v], v = 0..max+1: first j with heaps[j] < v */
    /* Where a heap of v goes in (first_below[v]): that place's row of
     * suffix sums, and its budget.  [v], v = 0..max+1. */
    size_t *place_row;
    int *place_budget;
    /* suffix[j * suffix_width + s], j = 1..k, s = 0..heaps[0]: the terms
     * of heaps j..k-1 at budgets shifted by s, every shift a move can
     * make, made for each position listed.  suffix_width: max + 2 made a
     * multiple of 4 (component_begin adds four at a time). */
    uint64_t *suffix;
    size_t suffix_width;
} component;

/* Four sums at a time; aligned as a uint64_t only, so that any four in a
 * row can be loaded. */
typedef uint64_t u64x4 __attribute__((vector_size(32), aligned(8)));

struct rank_memo {
    const game_desc *g;
    component side[2];
    uint64_t count1;        /* positions of component 1                   */
    uint64_t most;          /* positions of the pair                      */
    int64_t *values;        /* [most], UNSET unknown                      */
    uint64_t cap;           /* values allocated (most, or less before use) */
    uint64_t used;          /* positions computed                         */
    pending_child *kids;
    uint64_t nkids, kids_cap;
};

uint64_t rank_memo_positions(int max1, int max2)
{
    return sat_mul(hs_multisets_up_to(max1), hs_multisets_up_to(max2));
}

uint64_t rank_memo_bytes_at(int max1, int max2)
{
    return sat_mul(rank_memo_positions(max1, max2), sizeof(int64_t));
}

/* One component's tables and scratch, in 8-byte words: the order's
 * table (2T + 2 budgets by T + 2 heaps) and, while it is made, another as
 * large; its copy by heap (and 4); the suffix sums (T + 2 heaps by T + 2
 * shifts, and 3 a heap); arrays of T + 2 (four of ints, three of words);
 * and the lists' heads. */
static uint64_t component_bytes(int max)
{
    uint64_t t = (uint64_t)max + 2;
    return sat_add(sat_mul(sizeof(uint64_t), sat_add(sat_mul(7 * t, t), 12 * t)), sat_mul(t, sizeof(move_list)));
}

uint64_t rank_memo_bytes_bound(int max1, int max2)
{
    return sat_add(rank_memo_bytes_at(max1, max2), sat_add(component_bytes(max1), component_bytes(max2)));
}

uint64_t rank_memo_bytes_per_move(void)
{
    return sizeof(live_move);
}

static void component_free(component *c)
{
    if (c->lists)
        for (int h = 0; h <= c->max; h++)
            free(c->lists[h].moves);
    free(c->lists);
    hs_lex_free(&c->lex);
    free(c->by_heap);
    free(c->heaps);
    free(c->budget);
    free(c->pre);
    free(c->term);
    free(c->first_below);
    free(c->place_row);
    free(c->place_budget);
    free(c->suffix);
    memset(c, 0, sizeof *c);
}

static int component_init(component *c, int max, char *err, int errlen)
{
    component_free(c);
    if (hs_lex_init(&c->lex, max, err, errlen) != 0)
        return -1;
    size_t t = (size_t)max + 2, nb = 2 * t - 2;
    c->max = max;
    c->nb = (int)nb;
    /* Four more than the table: component_begin reads four at a time. */
    c->by_heap = xcalloc(xmul(t, nb, "a ranked memo") + 4, sizeof *c->by_heap, "a ranked memo");
    for (size_t h = 0; h < t; h++)
        for (size_t b = 0; b < nb; b++)
            c->by_heap[h * nb + b] = hs_lex_before(&c->lex, (int)b, (int)h);
    c->lists = xcalloc(t, sizeof *c->lists, "a ranked memo");
    c->heaps = xcalloc(t, sizeof *c->heaps, "a ranked memo");
    c->budget = xcalloc(t, sizeof *c->budget, "a ranked memo");
    c->pre = xcalloc(t, sizeof *c->pre, "a ranked memo");
    c->term = xcalloc(t, sizeof *c->term, "a ranked memo");
    c->first_below = xcalloc(t + 1, sizeof *c->first_below, "a ranked memo");
    c->place_row = xcalloc(t + 1, sizeof *c->place_row, "a ranked memo");
    c->place_budget = xcalloc(t + 1, sizeof *c->place_budget, "a ranked memo");
    c->suffix_width = (t + 3) / 4 * 4;
    c->suffix = xcalloc(xmul(t, c->suffix_width, "a ranked memo"), sizeof *c->suffix, "a ranked memo");
    return 0;
}

rank_memo *rank_memo_new(const game_desc *g, int max1, int max2, char *err, int errlen)
{
    rank_memo *m = xcalloc(1, sizeof *m, "a ranked memo");
    if (rank_memo_reset(m, g, max1, max2, err, errlen) != 0) {
        rank_memo_free(m);
        return NULL;
    }
    return m;
}

void rank_memo_free(rank_memo *m)
{
    if (!m)
        return;
    component_free(&m->side[0]);
    component_free(&m->side[1]);
    xunmap(m->values, (size_t)m->cap * sizeof *m->values);
    free(m->kids);
    free(m);
}

int rank_memo_reset(rank_memo *m, const game_desc *g, int max1, int max2, char *err, int errlen)
{
    if (component_init(&m->side[0], max1, err, errlen) != 0 || component_init(&m->side[1], max2, err, errlen) != 0)
        return -1;
    m->count1 = m->side[1].lex.count;
    uint64_t most = rank_memo_positions(max1, max2);
    /* Ranks index an array: beyond what a size_t counts of 8-byte values
     * is beyond any memory. */
    if (most == UINT64_MAX || most > SIZE_MAX / sizeof(int64_t) || most != m->side[0].lex.count * m->count1) {
        snprintf(err, (size_t)errlen, "the multisets of heaps of at most %d and %d beans are too many to index", max1,
                 max2);
        return -1;
    }
    m->g = g;
    m->used = 0;
    m->nkids = 0;
    m->most = most;
    /* The array is kept and marked unknown again when it is large
     * enough: giving it back and faulting it in again, a game every few
     * milliseconds, costs more.  It only grows, so a worker holds the
     * largest array of its games and no more, what a family declares for
     * each worker; and it is mapped apart from malloc's arenas (xmap), so
     * that an array given back is gone from the process at once. */
    if (m->cap < most) {
        xunmap(m->values, (size_t)m->cap * sizeof *m->values);
        m->values = NULL;
        m->cap = 0;
    }
    if (g) {
        if (!m->values) {
            m->values = xmap(xmul(most, sizeof *m->values, "a ranked memo"), "a ranked memo");
            m->cap = most;
        }
        for (uint64_t i = 0; i < most; i++)
            m->values[i] = UNSET;
    }
    return 0;
}

uint64_t rank_memo_size(const rank_memo *m)
{
    return m->used;
}

static int cmp_live_move(const void *a, const void *b)
{
    const live_move *x = a, *y = b;
    if (x->nlive != y->nlive)
        return x->nlive - y->nlive;
    for (int q = 0; q < x->nlive; q++)
        if (x->parts[q] != y->parts[q])
            return x->parts[q] - y->parts[q];
    return x->points < y->points ? -1 : x->points > y->points;
}

/* The moves of a heap of h on side s, checked and with their dead parts
 * left out (listed once a game): moves_of, the first time. */
static const move_list *list_moves(rank_memo *m, int s, int h)
{
    component *c = &m->side[s];
    move_list *l = &c->lists[h];
    if (l->moves || h == 0)
        return l;
    const game_heap_move *g;
    int n = m->g->heap_moves(m->g->data, s, h, &g);
    l->moves = xmalloc((size_t)(n > 0 ? n : 1) * sizeof *l->moves, "a ranked memo");
    l->n = n;
    for (int j = 0; j < n; j++) {
        live_move *lm = &l->moves[j];
        int sum = 0;
        *lm = (live_move){.points = g[j].points};
        if (g[j].points > VALUE_MOST || g[j].points < -VALUE_MOST)
            die("internal error: %s lists a move of a heap of %d for more points than a ranked memo can hold",
                m->g->name, h);
        if (g[j].nparts < 0 || g[j].nparts > GAME_HEAP_MAX_PARTS)
            die("internal error: %s lists a move of a heap of %d into %d heaps", m->g->name, h, g[j].nparts);
        for (int q = 0; q < g[j].nparts; q++) {
            int p = g[j].parts[q];
            if (p <= 0 || (q > 0 && p > g[j].parts[q - 1]))
                die("internal error: %s lists a move of a heap of %d whose heaps are not positive and largest first",
                    m->g->name, h);
            sum += p;
        }
        /* The recursion ends because of this: twice the beans less the
         * heaps drops by 2 x taken + parts - 1 >= 1. */
        if (sum > h || 2 * (h - sum) + g[j].nparts < 2)
            die("internal error: %s has a move from a heap of %d to heaps of %d that neither takes a bean nor "
                "splits the heap: a ranked memo needs every move to do one or the other",
                m->g->name, h, sum);
        int live = 0;
        for (int q = 0; q < g[j].nparts; q++)
            if (list_moves(m, s, g[j].parts[q])->n > 0) {
                lm->parts[lm->nlive++] = g[j].parts[q];
                live += g[j].parts[q];
            }
        lm->end_shift = h - live;
    }
    /* Moves that leave the same live heaps for the same points give the
     * same child: listed once. */
    qsort(l->moves, (size_t)n, sizeof *l->moves, cmp_live_move);
    int u = 0;
    for (int j = 0; j < n; j++)
        if (u == 0 || cmp_live_move(&l->moves[u - 1], &l->moves[j]) != 0)
            l->moves[u++] = l->moves[j];
    l->n = u;
    /* Each part's term starts at the heap's shift before it: the heap's
     * own for the first part, less the first part for the second. */
    size_t nb = (size_t)c->nb;
    for (int j = 0; j < u; j++) {
        live_move *lm = &l->moves[j];
        lm->shift1 = lm->nlive > 0 ? h - lm->parts[0] : h;
        lm->term0 = lm->nlive > 0 ? (size_t)lm->parts[0] * nb + (size_t)h : 0;
        lm->term1 = lm->nlive > 1 ? (size_t)lm->parts[1] * nb + (size_t)lm->shift1 : 0;
    }
    return l;
}

/* The moves of a heap of h on side s (list_moves), listed already in
 * all but the first call for h: a test inline. */
static inline const move_list *moves_of(rank_memo *m, int s, int h)
{
    const move_list *l = &m->side[s].lists[h];
    return __builtin_expect(l->moves != NULL || h == 0, 1) ? l : list_moves(m, s, h);
}

/* A component's position `heaps` (k, largest first) set up for listing:
 * budgets, terms, where each heap size would go, and the suffix sums at
 * every shift its moves can make.  Returns its rank. */
static uint64_t component_begin(component *c)
{
    int k = c->k, b = c->max, nb = c->nb;
    const int *heaps = c->heaps;
    const uint64_t *by_heap = c->by_heap;
    uint64_t r = 0;
    for (int j = 0; j < k; j++) {
        c->budget[j] = b;
        c->pre[j] = r;
        c->term[j] = (size_t)heaps[j] * (size_t)nb + (size_t)b;
        r += by_heap[c->term[j]];
        b -= heaps[j];
    }
    c->budget[k] = b;
    c->pre[k] = r;
    /* A heap of v goes in after the heaps of at least v: j + 1 at the
     * size of each heap j (the last of equal heaps writes last), then the
     * largest from the top down.  Plain stores and no branch on the
     * heaps (a loop over the sizes between two heaps would end at a
     * different place each time). */
    int top = k ? heaps[0] : 0, *fb = c->first_below;
    size_t sw = c->suffix_width;
    memset(fb, 0, ((size_t)top + 1) * sizeof *fb);
    for (int j = 0; j < k; j++)
        fb[heaps[j]] = j + 1;
    for (int v = top, most = 0; v >= 0; v--) {
        most = fb[v] > most ? fb[v] : most;
        fb[v] = most;
        c->place_row[v] = (size_t)most * sw;
        c->place_budget[v] = c->budget[most];
    }
    /* The suffix sums: a move shifts the budgets after it by at most its
     * heap (top at most), and reads them from heap 1 on (heap 0 has no
     * heap before it to move).  A heap's terms at shifts 0..top are one
     * run of by_heap, from its term on; they are added four shifts at a
     * time, the sum kept in a register from the last heap up (the rows
     * and by_heap have room for the last four; sums past top are never
     * read). */
    uint64_t *suf = c->suffix;
    const size_t *term = c->term;
    for (int q = 0; q <= top; q += 4) {
        u64x4 sum = {0, 0, 0, 0};
        *(u64x4 *)(suf + (size_t)k * sw + (size_t)q) = sum;
        for (int j = k - 1; j >= 1; j--) {
            sum += *(const u64x4 *)(by_heap + term[j] + (size_t)q);
            *(u64x4 *)(suf + (size_t)j * sw + (size_t)q) = sum;
        }
    }
    return r;
}

/* Room for n more children on the pending stack. */
static void kids_room(rank_memo *m, uint64_t n)
{
    if (m->nkids + n <= m->kids_cap)
        return;
    while (m->nkids + n > m->kids_cap)
        m->kids_cap = m->kids_cap ? 2 * m->kids_cap : 256;
    m->kids = xrealloc(m->kids, xmul(m->kids_cap, sizeof *m->kids, "a ranked memo"), "a ranked memo");
}

/* The rank in component c of the child of move mv on heap i (any number
 * of parts: the general case of list_side's loop). */
static uint64_t rank_of_parts(const component *c, const live_move *mv, int i)
{
    const size_t w = c->suffix_width, nb = (size_t)c->nb;
    const uint64_t *suf = c->suffix;
    int shift = c->heaps[i], pos = i + 1;
    uint64_t r = c->pre[i];
    for (int q = 0; q < mv->nlive; q++) {
        int p = mv->parts[q], a = c->first_below[p];
        if (a < pos)
            a = pos;
        /* The heaps from pos to a (at least p) come before p. */
        r += suf[(size_t)pos * w + (size_t)shift] - suf[(size_t)a * w + (size_t)shift];
        r += c->by_heap[(size_t)p * nb + (size_t)(c->budget[a] + shift)];
        shift -= p;
        pos = a;
    }
    return r + suf[(size_t)pos * w + (size_t)shift];
}

/* Goes through the children of moves on component s's heaps; the other
 * component's rank is fixed: pair = rank_s * mult + other.  A child whose
 * value is known is taken into *best at once (almost every child: one a
 * position is new, on average); a new one is pushed, to be computed
 * after the listing (the scratch serves the listing until then).  *best
 * starts at NO_BEST. */
static void list_side(rank_memo *m, int s, uint64_t mult, uint64_t other, int64_t *best_io)
{
    int64_t best = *best_io;
    component *c = &m->side[s];
    const uint64_t *bt = c->by_heap, *suf = c->suffix;
    const size_t w = c->suffix_width;
    const int *heaps = c->heaps;
    const size_t *prow = c->place_row;
    const int *pbud = c->place_budget;
    /* Equal heaps give equal children: the first of each size moves,
     * and the next size starts past those of at least h. */
    for (int i = 0; i < c->k; i = c->first_below[heaps[i]]) {
        int h = heaps[i];
        const move_list *l = moves_of(m, s, h);
        if (l->n == 0)
            continue;
        kids_room(m, (uint64_t)l->n);
        pending_child *out = m->kids + m->nkids;
        uint64_t base = c->pre[i] + suf[(size_t)(i + 1) * w + (size_t)h];
        for (int e = 0; e < l->n; e++) {
            const live_move *mv = &l->moves[e];
            uint64_t r;
            /* A part p is smaller than h, so every heap up to i comes
             * before it: it goes in at first_below[p] > i (its place's
             * row and budget), and a second, smaller part no earlier than
             * the first.  Between the parts the budgets are shifted by
             * shift1, after the last by end_shift. */
            if (mv->nlive == 2) {
                int p0 = mv->parts[0], p1 = mv->parts[1];
                const uint64_t *r0 = suf + prow[p0], *r1 = suf + prow[p1];
                r = base - r0[h] + bt[mv->term0 + (size_t)pbud[p0]] + r0[mv->shift1] - r1[mv->shift1] +
                    bt[mv->term1 + (size_t)pbud[p1]] + r1[mv->end_shift];
            } else if (mv->nlive == 1) {
                int p = mv->parts[0];
                const uint64_t *r0 = suf + prow[p];
                r = base - r0[h] + bt[mv->term0 + (size_t)pbud[p]] + r0[mv->end_shift];
            } else if (mv->nlive == 0)
                r = base;
            else
                r = rank_of_parts(c, mv, i);
            uint64_t rank = r * mult + other;
            /* A rank past the array would be a fault of the ranking
             * itself: an internal error, never a write out of bounds. */
            if (__builtin_expect(rank >= m->most, 0))
                die("internal error: %s: a child ranked %llu of %llu positions", m->g->name,
                    (unsigned long long)rank, (unsigned long long)m->most);
            int64_t v = m->values[rank];
            if (v != UNSET) {
                v = mv->points - v;
                best = v > best ? v : best;
            } else
                *out++ = (pending_child){.rank = rank, .mv = mv, .i = i, .side = s};
        }
        m->nkids = (uint64_t)(out - m->kids);
    }
    *best_io = best;
}

/* Component s of the child made by move mv on heap i of heaps[0..k).
 * With at most two parts (p0 >= p1, a missing one taken as 0), without a
 * branch on the heaps: the heaps before i stay; each after it moves back
 * one (heap i is gone) and on one for each part smaller than it comes
 * before it; a part goes after the heaps after i at least as large. */
static void child_heaps(component *c, const int *heaps, int k, int i, const live_move *mv)
{
    if (mv->nlive > 2) {
        c->k = hs_replace(heaps, k, i, mv->parts, mv->nlive, c->heaps);
        return;
    }
    int *out = c->heaps;
    int p0 = mv->nlive > 0 ? mv->parts[0] : 0, p1 = mv->nlive > 1 ? mv->parts[1] : 0;
    int at0 = i, at1 = i + 1;
    for (int j = 0; j < i; j++)
        out[j] = heaps[j];
    for (int j = i + 1; j < k; j++) {
        int v = heaps[j];
        out[j - 1 + (v < p0) + (v < p1)] = v;
        at0 += v >= p0;
        at1 += v >= p1;
    }
    if (p0)
        out[at0] = p0;
    if (p1)
        out[at1] = p1;
    c->k = k - 1 + mv->nlive;
}

static int64_t value_of_position(rank_memo *m, uint64_t rank, bool *ok);

/* The best over the moves of the position in the scratch components (of
 * pair rank `rank`). */
static int64_t best_of_moves(rank_memo *m, bool *ok)
{
    uint64_t base = m->nkids;
    uint64_t r0 = component_begin(&m->side[0]), r1 = component_begin(&m->side[1]);
    int64_t best = NO_BEST;
    list_side(m, 0, m->count1, r1, &best);
    list_side(m, 1, 1, r0 * m->count1, &best);
    /* The scratch serves the children from here on: this position's
     * heaps are kept on the stack, a few words a level. */
    int k0 = m->side[0].k, k1 = m->side[1].k;
    int own[k0 + k1 + 1];
    memcpy(own, m->side[0].heaps, (size_t)k0 * sizeof *own);
    memcpy(own + k0, m->side[1].heaps, (size_t)k1 * sizeof *own);
    *ok = true;
    for (uint64_t i = base; *ok && i < m->nkids; i++) {
        /* A copy: a child computed afresh lists its own children, which
         * may move the stack. */
        pending_child k = m->kids[i];
        int64_t v = m->values[k.rank];
        if (v == UNSET) {
            const int *mine = k.side == 0 ? own : own + k0, *other = k.side == 0 ? own + k0 : own;
            int kmine = k.side == 0 ? k0 : k1, kother = k.side == 0 ? k1 : k0;
            component *o = &m->side[1 - k.side];
            child_heaps(&m->side[k.side], mine, kmine, k.i, k.mv);
            memcpy(o->heaps, other, (size_t)kother * sizeof *other);
            o->k = kother;
            v = value_of_position(m, k.rank, ok);
        }
        v = k.mv->points - v;
        best = v > best ? v : best;
    }
    m->nkids = base;
    return *ok && best == NO_BEST ? m->g->terminal(m->g->data, MEMO_NO_RANK, 0) : best;
}

/* Computes and keeps the value of the position in the scratch, of pair
 * rank `rank`, not yet known. */
static int64_t value_of_position(rank_memo *m, uint64_t rank, bool *ok)
{
    int64_t v = best_of_moves(m, ok);
    if (!*ok)
        return 0;
    if (v > VALUE_MOST || v < -VALUE_MOST)
        die("internal error: %s has a value a ranked memo cannot hold", m->g->name);
    m->values[rank] = v;
    m->used++;
    return v;
}

/* The heaps of one component of a key, checked: largest first, positive,
 * within the component's total, each one that can move. */
static bool read_component(rank_memo *m, int s, const uint16_t *key, int len, int *heaps, int *k)
{
    int total = 0;
    *k = 0;
    for (int i = 0; i < len; i++) {
        if (key[i] == 0 || (i > 0 && key[i] > key[i - 1]))
            die("internal error: %s wrote a key whose heaps are not largest first", m->g->name);
        total += key[i];
        if (total > m->side[s].max)
            return false;
        heaps[(*k)++] = key[i];
    }
    return true;
}

int64_t rank_memo_value(rank_memo *m, const uint16_t *key, int len, bool *ok)
{
    int sep = 0;
    while (sep < len && key[sep] != 0)
        sep++;
    *ok = true;
    if (!read_component(m, 0, key, sep, m->side[0].heaps, &m->side[0].k) ||
        !read_component(m, 1, key + sep + 1, sep < len ? len - sep - 1 : 0, m->side[1].heaps, &m->side[1].k)) {
        *ok = false;
        return 0;
    }
    uint64_t rank = hs_lex_rank(&m->side[0].lex, m->side[0].heaps, m->side[0].k) * m->count1 +
                    hs_lex_rank(&m->side[1].lex, m->side[1].heaps, m->side[1].k);
    int64_t v = m->values[rank];
    return v != UNSET ? v : value_of_position(m, rank, ok);
}
