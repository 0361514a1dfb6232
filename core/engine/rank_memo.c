/*
 * rank_memo.c -- positions of multisets of heaps computed on demand, their
 * values in an array indexed by rank (see rank_memo.h).
 *
 * A position is ranked in heap_space.h's lexicographic order, component
 * by component (pair rank = rank0 * count1 + rank1).  Its children are
 * ranked from its own terms, never from a key: a move on heap i keeps
 * the terms before i, and after i each of the position's heaps keeps its
 * term at a budget shifted by what the move removed before it (the heap
 * i, less the parts already put back).  The suffix sums of those
 * shifted terms are made, once a position, for the shifts a heap's moves
 * read (the heap's own, the heap less its first part, and what is left
 * at the end; each list of moves names them), before the loop over the
 * moves: a child then costs a few loads and additions whatever its heaps,
 * and its value is read at once (a known child, nearly all of them, is
 * never stored; a new one waits until the listing is done).
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
    size_t off1, off_end; /* (heap - parts[0]) x width, end_shift x width */
} live_move;

typedef struct {
    live_move *moves; /* NULL: not listed yet */
    int n;
    int *shifts;      /* the shifts whose suffix sums its moves read */
    int nshifts;
} move_list;

/* One component of the position being listed (a single scratch: the
 * children are all ranked before any of them is computed). */
typedef struct {
    heap_lex lex;
    int max;             /* its largest total                         */
    move_list *lists;    /* [h], h = 0..max                           */
    int *heaps;          /* [k] largest first                         */
    int k;
    int *budget;         /* [k + 1]: max - heaps before j             */
    uint64_t *pre;       /* [k + 1]: its terms before j               */
    int *first_below;    /* [v], v = 0..max+1: first j with heaps[j] < v */
    size_t *row;         /* [k + 1]: budget[j] x (max + 2), the row of
                            heap j's term in the order's table         */
    size_t *term;        /* [k]: row[j] + heaps[j], heap j's term       */
    /* suffix[s * (max + 2) + j], s = 0..max: the terms of heaps j..k-1 at
     * budgets shifted by s, made when first asked for while this
     * position is listed (stamp[s] == listing). */
    uint64_t *suffix;
    uint64_t *stamp;
    uint64_t listing;
} component;

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

/* One component's tables and scratch: the order's table (2T + 2 budgets
 * by T + 2 heaps) and, while it is made, another as large; the suffix
 * sums (T + 2 shifts by T + 2 heaps); the lists' heads and arrays of T + 2;
 * each list's shifts (at most h + 1 for a heap of h: fewer than T + 2
 * squared in all). */
static uint64_t component_bytes(int max)
{
    uint64_t t = (uint64_t)max + 2;
    return sat_add(sat_add(sat_mul(sizeof(uint64_t), sat_add(sat_mul(5 * t, t), 9 * t)), sat_mul(t, sizeof(move_list))),
                   sat_mul(sat_mul(t, t), sizeof(int)));
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
        for (int h = 0; h <= c->max; h++) {
            free(c->lists[h].moves);
            free(c->lists[h].shifts);
        }
    free(c->lists);
    hs_lex_free(&c->lex);
    free(c->heaps);
    free(c->budget);
    free(c->pre);
    free(c->first_below);
    free(c->row);
    free(c->term);
    free(c->suffix);
    free(c->stamp);
    memset(c, 0, sizeof *c);
}

static int component_init(component *c, int max, char *err, int errlen)
{
    component_free(c);
    if (hs_lex_init(&c->lex, max, err, errlen) != 0)
        return -1;
    size_t t = (size_t)max + 2;
    c->max = max;
    c->lists = xcalloc(t, sizeof *c->lists, "a ranked memo");
    c->heaps = xcalloc(t, sizeof *c->heaps, "a ranked memo");
    c->budget = xcalloc(t, sizeof *c->budget, "a ranked memo");
    c->pre = xcalloc(t, sizeof *c->pre, "a ranked memo");
    c->first_below = xcalloc(t + 1, sizeof *c->first_below, "a ranked memo");
    c->row = xcalloc(t, sizeof *c->row, "a ranked memo");
    c->term = xcalloc(t, sizeof *c->term, "a ranked memo");
    c->suffix = xcalloc(xmul(t, t, "a ranked memo"), sizeof *c->suffix, "a ranked memo");
    c->stamp = xcalloc(t, sizeof *c->stamp, "a ranked memo");
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
    /* The shifts read: the heap's own, and for each move the heap less
     * its first live part and less all of them. */
    size_t w = (size_t)c->max + 2;
    bool *seen = xcalloc((size_t)h + 1, sizeof *seen, "a ranked memo");
    l->shifts = xmalloc(((size_t)h + 1) * sizeof *l->shifts, "a ranked memo");
    seen[h] = true;
    l->shifts[l->nshifts++] = h;
    for (int j = 0; j < u; j++) {
        live_move *lm = &l->moves[j];
        int s1 = lm->nlive > 0 ? h - lm->parts[0] : h;
        lm->off1 = (size_t)s1 * w;
        lm->off_end = (size_t)lm->end_shift * w;
        if (lm->nlive <= 2) {
            if (!seen[s1])
                seen[s1] = true, l->shifts[l->nshifts++] = s1;
            if (!seen[lm->end_shift])
                seen[lm->end_shift] = true, l->shifts[l->nshifts++] = lm->end_shift;
        }
    }
    free(seen);
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
 * budgets, terms, where each heap size would go. */
static uint64_t component_begin(component *c)
{
    int k = c->k, b = c->max;
    size_t w = (size_t)c->max + 2;
    uint64_t r = 0;
    for (int j = 0; j < k; j++) {
        c->budget[j] = b;
        c->row[j] = (size_t)b * w;
        c->term[j] = c->row[j] + (size_t)c->heaps[j];
        c->pre[j] = r;
        r += c->lex.before[c->term[j]];
        b -= c->heaps[j];
    }
    c->budget[k] = b;
    c->row[k] = (size_t)b * w;
    c->pre[k] = r;
    /* first_below[v] = the heaps of at least v: each heap counted at its
     * size, then summed from the top down (no branch on the heaps). */
    int top = k ? c->heaps[0] : 0, *fb = c->first_below;
    memset(fb, 0, ((size_t)top + 2) * sizeof *fb);
    for (int j = 0; j < k; j++)
        fb[c->heaps[j]]++;
    for (int v = top - 1; v >= 0; v--)
        fb[v] += fb[v + 1];
    c->listing++;
    return r;
}

/* Makes the suffix sums of shift s for the position being listed.  Every
 * sum read is of heaps after the moved one, whose shifted budgets stay
 * within the table; the array is filled down to heap 1 only (heap 0 has
 * no heap before it to move).  Apart, so that the common case of
 * suffix_sum (made already) is a test inline. */
__attribute__((noinline)) static void make_suffix(component *c, int s, uint64_t *suf)
{
    size_t w = (size_t)c->max + 2;
    c->stamp[s] = c->listing;
    const uint64_t *bf = c->lex.before + (size_t)s * w;
    suf[c->k] = 0;
    for (int j = c->k - 1; j >= 1; j--)
        suf[j] = suf[j + 1] + bf[c->term[j]];
}

/* The sum of the terms of heaps [from, k) at budgets shifted by s. */
static inline uint64_t suffix_sum(component *c, int s, int from)
{
    uint64_t *suf = c->suffix + (size_t)s * ((size_t)c->max + 2);
    if (__builtin_expect(c->stamp[s] != c->listing, 0))
        make_suffix(c, s, suf);
    return suf[from];
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
 * of parts: the general case of list_side's loop); sh_h: the suffix sums
 * at the heap's own shift, made. */
static uint64_t rank_of_parts(component *c, const live_move *mv, int i, const uint64_t *sh_h)
{
    const uint64_t *bf = c->lex.before;
    const size_t w = (size_t)c->max + 2;
    int h = c->heaps[i], shift = h, pos = i + 1;
    uint64_t r = c->pre[i];
    for (int q = 0; q < mv->nlive; q++) {
        int p = mv->parts[q], a = c->first_below[p];
        if (a < pos)
            a = pos;
        /* The heaps from pos to a (at least p) come before p. */
        const uint64_t *bs = bf + (size_t)shift * w;
        if (q == 0)
            r += sh_h[pos] - sh_h[a];
        else if (a > pos)
            r += suffix_sum(c, shift, pos) - suffix_sum(c, shift, a);
        r += bs[c->row[a] + (size_t)p];
        shift -= p;
        pos = a;
    }
    return r + (shift == h ? sh_h[pos] : suffix_sum(c, shift, pos));
}

/* Goes through the children of moves on component s's heaps; the other
 * component's rank is fixed: pair = rank_s * mult + other.  A child whose
 * value is known is taken into *best at once (almost every child: one a
 * position is new, on average); a new one is pushed, to be computed
 * after the listing (the scratch serves the listing until then). */
static void list_side(rank_memo *m, int s, uint64_t mult, uint64_t other, int64_t *best_io, bool *any_io)
{
    int64_t best = *best_io;
    bool any = *any_io;
    component *c = &m->side[s];
    const uint64_t *bf = c->lex.before;
    const size_t w = (size_t)c->max + 2;
    const int *heaps = c->heaps;
    const size_t *row = c->row;
    for (int i = 0; i < c->k; i++) {
        int h = heaps[i];
        if (i > 0 && heaps[i - 1] == h)
            continue; /* equal heaps give equal children */
        const move_list *l = moves_of(m, s, h);
        if (l->n == 0)
            continue;
        /* The suffix sums its moves read, made before the loop so that
         * the loop reads them with no test. */
        for (int q = 0; q < l->nshifts; q++) {
            int sh = l->shifts[q];
            if (c->stamp[sh] != c->listing)
                make_suffix(c, sh, c->suffix + (size_t)sh * w);
        }
        const uint64_t *sh_h = c->suffix + (size_t)h * w;
        const uint64_t *bh = bf + (size_t)h * w;
        kids_room(m, (uint64_t)l->n);
        pending_child *out = m->kids + m->nkids;
        uint64_t base = c->pre[i] + sh_h[i + 1];
        const int *below = c->first_below;
        const uint64_t *suf = c->suffix;
        for (int e = 0; e < l->n; e++) {
            const live_move *mv = &l->moves[e];
            uint64_t r;
            /* A part p is smaller than h, so every heap up to i comes
             * before it: it goes in at first_below[p] > i, and a second,
             * smaller part no earlier than the first. */
            if (mv->nlive == 2) {
                int p0 = mv->parts[0], p1 = mv->parts[1], a0 = below[p0], a1 = below[p1];
                const uint64_t *s1 = suf + mv->off1;
                r = base - sh_h[a0] + bh[row[a0] + (size_t)p0] + s1[a0] - s1[a1] + bf[mv->off1 + row[a1] + (size_t)p1] +
                    suf[mv->off_end + (size_t)a1];
            } else if (mv->nlive == 1) {
                int p = mv->parts[0], a = below[p];
                r = base - sh_h[a] + bh[row[a] + (size_t)p] + suf[mv->off_end + (size_t)a];
            } else if (mv->nlive == 0)
                r = base;
            else
                r = rank_of_parts(c, mv, i, sh_h);
            uint64_t rank = r * mult + other;
            /* A rank past the array would be a fault of the ranking
             * itself: an internal error, never a write out of bounds. */
            if (__builtin_expect(rank >= m->most, 0))
                die("internal error: %s: a child ranked %llu of %llu positions", m->g->name,
                    (unsigned long long)rank, (unsigned long long)m->most);
            int64_t v = m->values[rank];
            if (v != UNSET) {
                v = mv->points - v;
                best = !any || v > best ? v : best;
                any = true;
            } else
                *out++ = (pending_child){.rank = rank, .mv = mv, .i = i, .side = s};
        }
        m->nkids = (uint64_t)(out - m->kids);
    }
    *best_io = best;
    *any_io = any;
}

/* Component s of the child made by move mv on heap i of heaps[0..k). */
static void child_heaps(component *c, const int *heaps, int k, int i, const live_move *mv)
{
    c->k = hs_replace(heaps, k, i, mv->parts, mv->nlive, c->heaps);
}

static int64_t value_of_position(rank_memo *m, uint64_t rank, bool *ok);

/* The best over the moves of the position in the scratch components (of
 * pair rank `rank`). */
static int64_t best_of_moves(rank_memo *m, bool *ok)
{
    uint64_t base = m->nkids;
    uint64_t r0 = component_begin(&m->side[0]), r1 = component_begin(&m->side[1]);
    bool any = false;
    int64_t best = 0;
    list_side(m, 0, m->count1, r1, &best, &any);
    list_side(m, 1, 1, r0 * m->count1, &best, &any);
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
        best = !any || v > best ? v : best;
        any = true;
    }
    m->nkids = base;
    return *ok && !any ? m->g->terminal(m->g->data, MEMO_NO_RANK, 0) : best;
}

/* Computes and keeps the value of the position in the scratch, of pair
 * rank `rank`, not yet known. */
static int64_t value_of_position(rank_memo *m, uint64_t rank, bool *ok)
{
    int64_t v = best_of_moves(m, ok);
    if (!*ok)
        return 0;
    if (v == UNSET)
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
