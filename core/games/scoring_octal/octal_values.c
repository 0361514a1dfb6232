/*
 * octal_values.c -- the row engine for taking-no-breaking games and the
 * memoised multiset engine for all octal games (see octal_values.h).
 */
#include "core/games/scoring_octal/octal_values.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/sysmem.h"
#include "core/engine/xalloc.h"

/* Lists (or, with out NULL, counts) every move from one heap of size h. */
static int list_heap_moves(const og_rules *g, int h, og_heap_move *out)
{
    int n = 0;
    for (int i = 0; i <= g->max_take && i <= h; i++) {
        int d = g->digit[i], rest = h - i;
        /* Taking nothing may only split (octal.h); bits 0 and 1 of d_0 are unused. */
        if (i == 0)
            d &= ~3;
        if ((d & 1) && rest == 0) {
            if (out)
                out[n] = (og_heap_move){.take = i, .nparts = 0};
            n++;
        }
        if ((d & 2) && rest >= 1) {
            if (out)
                out[n] = (og_heap_move){.take = i, .nparts = 1, .parts = {rest}};
            n++;
        }
        if (d & 4)
            for (int b = 1; 2 * b <= rest; b++) {
                if (out)
                    out[n] = (og_heap_move){.take = i, .nparts = 2, .parts = {rest - b, b}};
                n++;
            }
        if (d & 8)
            for (int c = 1; 3 * c <= rest; c++)
                for (int b = c; b + b + c <= rest; b++) {
                    if (out)
                        out[n] = (og_heap_move){.take = i, .nparts = 3, .parts = {rest - b - c, b, c}};
                    n++;
                }
    }
    return n;
}

/* Whether one heap of size h admits a move: list_heap_moves's conditions,
 * without listing. */
static bool heap_has_move(const og_rules *g, int h)
{
    for (int i = 0; i <= g->max_take && i <= h; i++) {
        int d = g->digit[i], rest = h - i;
        if (i == 0)
            d &= ~3;
        if (((d & 1) && rest == 0) || ((d & 2) && rest >= 1) || ((d & 4) && rest >= 2) || ((d & 8) && rest >= 3))
            return true;
    }
    return false;
}

int og_heap_moves_count(const og_rules *g, int h)
{
    return list_heap_moves(g, h, NULL);
}

int og_heap_moves(const og_rules *g, int h, og_heap_move *out, int cap)
{
    /* Never a move dropped: a list too short for them all is a bug. */
    int n = og_heap_moves_count(g, h);
    if (n > cap)
        die("internal error: %d moves from a heap of %d in %s, room for %d", n, h, g->code, cap);
    return list_heap_moves(g, h, out);
}

/* ---- rows for taking-no-breaking games ---- */

static bool is_taking_only(const og_rules *g)
{
    return !og_breaks(g) && g->digit[0] == 0;
}

int og_rowtab_init(og_rowtab *t, const og_rules *O, const og_rules *P, int M, char *err, int errlen)
{
    memset(t, 0, sizeof *t);
    if (!is_taking_only(O) || (P && !is_taking_only(P))) {
        snprintf(err, (size_t)errlen, "the row engine takes only games that never break a heap");
        return -1;
    }
    t->O = *O;
    t->has_sum = P != NULL;
    if (P)
        t->P = *P;
    t->M = P ? M : 0;
    t->scale = og_common_scale(O, P);
    if (t->scale == 0) {
        snprintf(err, (size_t)errlen, "the points need a common denominator above %lld", (long long)OG_POINT_LIMIT);
        return -1;
    }
    for (int i = 0; i <= O->max_take; i++)
        t->pO[i] = og_scaled_point(O, i, t->scale);
    for (int i = 0; P && i <= P->max_take; i++)
        t->pP[i] = og_scaled_point(P, i, t->scale);
    return 0;
}

void og_rowtab_free(og_rowtab *t)
{
    free(t->g);
    t->g = NULL;
}

/* A move taking i from a heap of size h is legal by digit d when it leaves
 * nothing (bit 0, h == i) or one non-empty heap (bit 1, h > i). */
static bool legal_take(int d, int h, int i)
{
    return ((d & 1) && h == i) || ((d & 2) && h > i);
}

/* Row n of the table: rows are kept whole, or (keep > 0) in a ring of
 * the last `keep` rows. */
static int64_t *row_at(const og_rowtab *t, int n)
{
    int slot = t->keep ? n % t->keep : n;
    return t->g + (int64_t)slot * (t->M + 1);
}

static int64_t row_cell(const og_rowtab *t, int n, int m)
{
    bool any = false;
    int64_t best = 0;
    for (int i = 1; i <= t->O.max_take && i <= n; i++) {
        if (!legal_take(t->O.digit[i], n, i))
            continue;
        int64_t v = t->pO[i] - row_at(t, n - i)[m];
        best = !any || v > best ? v : best;
        any = true;
    }
    for (int l = 1; t->has_sum && l <= t->P.max_take && l <= m; l++) {
        if (!legal_take(t->P.digit[l], m, l))
            continue;
        int64_t v = t->pP[l] - row_at(t, n)[m - l];
        best = !any || v > best ? v : best;
        any = true;
    }
    return best;
}

static void grow_rows(og_rowtab *t, int rows)
{
    int cap = t->cap ? t->cap : 64;
    while (cap < rows)
        cap = cap > INT32_MAX / 2 ? rows : 2 * cap;
    size_t cells = xmul((size_t)cap, (size_t)(t->M + 1), "rows of G_s");
    t->g = xrealloc(t->g, xmul(cells, sizeof *t->g, "rows of G_s"), "rows of G_s");
    t->cap = cap;
}

void og_rowtab_keep_last(og_rowtab *t, int keep)
{
    t->keep = keep;
    t->cap = keep;
    t->g = xmalloc(xmul(xmul((size_t)keep, (size_t)(t->M + 1), "rows of G_s"), sizeof *t->g, "rows of G_s"),
                      "rows of G_s");
}

void og_rowtab_extend(og_rowtab *t, int rows)
{
    if (rows <= t->rows)
        return;
    if (!t->keep && rows > t->cap)
        grow_rows(t, rows);
    for (int n = t->rows; n < rows; n++) {
        int64_t *row = row_at(t, n);
        for (int m = 0; m <= t->M; m++)
            row[m] = row_cell(t, n, m);
    }
    t->rows = rows;
}

/* ---- multisets for every game ---- */

#define MEMO_MAX_HEAPS 96
#define MEMO_MAX_HEAP 1023

/* One move from one heap: the points index and the heaps left that can
 * still be played, largest first. */
typedef struct {
    int take, nparts;
    int parts[3];
} memo_move;

/* A memo entry.  Short keys (up to MEMO_INLINE words, every word under
 * 256: most positions once dead heaps are dropped) live in the slot
 * itself, a byte a word, so a lookup costs one cache miss instead of two
 * (the slot, then the arena); longer keys live in the arena.  Whether a
 * key is inline depends on the key alone, so equal keys always compare
 * in the same form.  Slots are indexed by the low 32 bits of the hash. */
#define MEMO_INLINE 15
typedef struct {
    int64_t value;
    uint32_t hash;  /* low 32 bits of the key's hash                  */
    uint32_t off;   /* key start in the arena, 0: the key is inline   */
    uint8_t len;    /* key words (at least one: the separator); 0: empty */
    uint8_t small[MEMO_INLINE];
} memo_slot;

struct og_memo {
    og_rules O, P;
    bool one_game;     /* P plays as O: every position is one multiset */
    int64_t pO[OG_MAX_TAKE + 1], pP[OG_MAX_TAKE + 1];
    memo_slot *slots;
    uint64_t nslots, used;
    uint16_t *arena;
    uint64_t arena_len, arena_cap;
    /* Moves of one heap, per side and heap size, listed once (the
     * recursion is deep; listing them on the stack at every level is not
     * affordable on worker-thread stacks), each as the heaps it leaves
     * that can still be played, so a child is a merge, never a sort. */
    memo_move *moves[2][MEMO_MAX_HEAP + 1];
    int nmoves[2][MEMO_MAX_HEAP + 1];
    /* live[side][h]: a heap of h admits a move under that side's rules. */
    bool live[2][MEMO_MAX_HEAP + 1];
};

static int cmp_memo_move(const void *a, const void *b)
{
    const memo_move *x = a, *y = b;
    if (x->take != y->take)
        return x->take - y->take;
    if (x->nparts != y->nparts)
        return x->nparts - y->nparts;
    for (int q = 0; q < x->nparts; q++)
        if (x->parts[q] != y->parts[q])
            return x->parts[q] - y->parts[q];
    return 0;
}

/* A heap too large for the move cache is kept (normalise refuses it). */
static bool is_live(const og_memo *m, int side, int h)
{
    return h > MEMO_MAX_HEAP || m->live[side][h];
}

static const memo_move *heap_moves(og_memo *m, int side, int h, int *n)
{
    if (!m->moves[side][h]) {
        const og_rules *g = side == 0 ? &m->O : &m->P;
        int cap = og_heap_moves_count(g, h);
        og_heap_move *all = xmalloc((size_t)(cap > 0 ? cap : 1) * sizeof *all, "the moves of one heap");
        memo_move *buf = xmalloc((size_t)(cap > 0 ? cap : 1) * sizeof *buf, "the moves of one heap");
        cap = og_heap_moves(g, h, all, cap);
        /* Parts come largest first (octal_values.h); dead ones are dropped
         * as normalise drops them, and moves that then leave the same
         * heaps for the same take are listed once (same child, same
         * points). */
        for (int j = 0; j < cap; j++) {
            buf[j] = (memo_move){.take = all[j].take};
            for (int q = 0; q < all[j].nparts; q++)
                if (is_live(m, side, all[j].parts[q]))
                    buf[j].parts[buf[j].nparts++] = all[j].parts[q];
        }
        free(all);
        qsort(buf, (size_t)cap, sizeof *buf, cmp_memo_move);
        int k = 0;
        for (int j = 0; j < cap; j++)
            if (k == 0 || cmp_memo_move(&buf[k - 1], &buf[j]) != 0)
                buf[k++] = buf[j];
        m->nmoves[side][h] = k;
        m->moves[side][h] = buf;
    }
    *n = m->nmoves[side][h];
    return m->moves[side][h];
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

og_memo *og_memo_new(const og_rules *O, const og_rules *P, int64_t scale)
{
    og_memo *m = xcalloc(1, sizeof *m, "a memo of multisets");
    m->O = *O;
    m->P = P ? *P : *O;
    m->one_game = same_rules(&m->O, &m->P);
    for (int h = 0; h <= MEMO_MAX_HEAP; h++) {
        m->live[0][h] = heap_has_move(&m->O, h);
        m->live[1][h] = heap_has_move(&m->P, h);
    }
    for (int i = 0; i <= m->O.max_take; i++)
        m->pO[i] = og_scaled_point(&m->O, i, scale);
    for (int i = 0; i <= m->P.max_take; i++)
        m->pP[i] = og_scaled_point(&m->P, i, scale);
    m->nslots = 1 << 12;
    m->slots = xcalloc(m->nslots, sizeof *m->slots, "a memo of multisets");
    m->arena_cap = 1 << 14;
    m->arena = xmalloc(m->arena_cap * sizeof *m->arena, "a memo of multisets");
    m->arena_len = 1; /* offset 0 marks an empty slot */
    return m;
}

void og_memo_free(og_memo *memo)
{
    if (!memo)
        return;
    free(memo->slots);
    free(memo->arena);
    for (int side = 0; side < 2; side++)
        for (int h = 0; h <= MEMO_MAX_HEAP; h++)
            free(memo->moves[side][h]);
    free(memo);
}

/* Four key words at a time, each block mixed by a multiply (the hash of
 * a word at a time was a serial chain of multiplies, a third of the
 * lookup); the length goes in too, so keys of zeros differ. */
static uint64_t key_hash(const uint16_t *k, int len)
{
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ (uint64_t)len;
    int i = 0;
    for (; i + 4 <= len; i += 4) {
        uint64_t w;
        memcpy(&w, k + i, sizeof w);
        h = (h ^ w) * 0xff51afd7ed558ccdULL;
        h ^= h >> 32;
    }
    uint64_t w = 0;
    memcpy(&w, k + i, (size_t)(len - i) * sizeof *k);
    /* MurmurHash3's finaliser: every bit of the key reaches the low bits
     * that index the table. */
    h ^= w;
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    return h ^ (h >> 33);
}

/* The key a byte a word when it can live in a slot, else false. */
static bool small_key(const uint16_t *k, int len, uint8_t *out)
{
    if (len > MEMO_INLINE)
        return false;
    for (int i = 0; i < len; i++) {
        if (k[i] > 255)
            return false;
        out[i] = (uint8_t)k[i];
    }
    return true;
}

/* The slot holding key k, or the empty slot where it goes; `small` is the
 * key's inline form, or NULL when it has none. */
static memo_slot *memo_find(og_memo *m, const uint16_t *k, const uint8_t *small, int len, uint32_t h)
{
    uint64_t mask = m->nslots - 1;
    for (uint64_t i = h & mask;; i = (i + 1) & mask) {
        memo_slot *s = &m->slots[i];
        if (s->len == 0)
            return s;
        if (s->hash != h || s->len != len)
            continue;
        if (small ? s->off == 0 && memcmp(s->small, small, (size_t)len) == 0
                  : s->off != 0 && memcmp(m->arena + s->off, k, (size_t)len * sizeof *k) == 0)
            return s;
    }
}

static void memo_grow(og_memo *m)
{
    uint64_t n = m->nslots * 2;
    memo_slot *slots = xcalloc(n, sizeof *slots, "a memo of multisets");
    for (uint64_t i = 0; i < m->nslots; i++) {
        memo_slot *s = &m->slots[i];
        if (!s->len)
            continue;
        uint64_t j = s->hash & (n - 1);
        while (slots[j].len)
            j = (j + 1) & (n - 1);
        slots[j] = *s;
    }
    free(m->slots);
    m->slots = slots;
    m->nslots = n;
}

static bool memo_store(og_memo *m, const uint16_t *k, const uint8_t *small, int len, uint32_t h, int64_t value)
{
    /* Indexed by 32 bits of the hash: a larger table is a limit of the
     * engine (and far beyond any memory budget), reported as such. */
    if (2 * (m->used + 1) > m->nslots) {
        if (m->nslots >= ((uint64_t)1 << 32))
            return false;
        memo_grow(m);
    }
    if (small) {
        memo_slot *s = memo_find(m, k, small, len, h);
        *s = (memo_slot){.hash = h, .off = 0, .len = (uint8_t)len, .value = value};
        memcpy(s->small, small, (size_t)len);
        m->used++;
        return true;
    }
    if (m->arena_len + (uint64_t)len > m->arena_cap) {
        uint64_t cap = m->arena_cap * 2;
        while (cap < m->arena_len + (uint64_t)len)
            cap *= 2;
        /* Keys are addressed by 32-bit offsets: a larger memo is a limit of
         * the engine, reported as such (never as a verdict). */
        if (cap > UINT32_MAX)
            return false;
        m->arena = xrealloc(m->arena, cap * sizeof *m->arena, "a memo of multisets");
        m->arena_cap = cap;
    }
    memo_slot *s = memo_find(m, k, NULL, len, h);
    memcpy(m->arena + m->arena_len, k, (size_t)len * sizeof *k);
    *s = (memo_slot){.hash = h, .off = (uint32_t)m->arena_len, .len = (uint8_t)len, .value = value};
    m->arena_len += (uint64_t)len;
    m->used++;
    return true;
}

static int cmp_desc(const void *a, const void *b)
{
    return *(const int *)b - *(const int *)a;
}

/* Canonical key: O-heaps descending, a 0 separator, P-heaps descending. */
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

/* Copies the heaps that can still be played, sorted descending; -1 if
 * beyond the engine's limits.  A heap that admits no move under its
 * side's rules never changes play (no move is ever made on it, and G_s
 * only looks at moves), so it is dropped from the position (is_live):
 * fewer distinct multisets to memoise. */
static int normalise(og_memo *m, int side, const int *h, int n, int *out)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        if (h[i] > 0 && is_live(m, side, h[i])) {
            if (k == MEMO_MAX_HEAPS || h[i] > MEMO_MAX_HEAP)
                return -1;
            out[k++] = h[i];
        }
    qsort(out, (size_t)k, sizeof *out, cmp_desc);
    return k;
}

static int64_t memo_value_sorted(og_memo *m, const int *ho, int no, const int *hp, int np, bool *ok);

/* The heaps h[0..n) (live, largest first) with h[skip] replaced by the
 * parts (live, largest first), largest first: a merge of two sorted lists.
 * -1 if beyond the engine's limits. */
static int merge_child(const int *h, int n, int skip, const int *parts, int nparts, int *out)
{
    int c = 0, q = 0;
    if (n - 1 + nparts > MEMO_MAX_HEAPS)
        return -1;
    for (int i = 0; i < n; i++) {
        if (i == skip)
            continue;
        while (q < nparts && parts[q] > h[i])
            out[c++] = parts[q++];
        out[c++] = h[i];
    }
    while (q < nparts)
        out[c++] = parts[q++];
    return c;
}

/* Best of the moves on one side: heaps h[0..n) (normalised) under that
 * side's rules with scaled points p; the other side's heaps stay as they
 * are. */
static void best_on_side(og_memo *m, int side, const int64_t *p, const int *h, int n, const int *other,
                         int nother, bool *any, int64_t *best, bool *ok)
{
    bool side_is_o = side == 0;
    int next[MEMO_MAX_HEAPS];
    for (int i = 0; i < n && *ok; i++) {
        if (i > 0 && h[i] == h[i - 1])
            continue; /* equal heaps give equal moves */
        if (h[i] > MEMO_MAX_HEAP) {
            *ok = false;
            return;
        }
        int k;
        const memo_move *moves = heap_moves(m, side, h[i], &k);
        for (int j = 0; j < k && *ok; j++) {
            int ns = merge_child(h, n, i, moves[j].parts, moves[j].nparts, next);
            if (ns < 0) {
                *ok = false;
                return;
            }
            int64_t child = side_is_o ? memo_value_sorted(m, next, ns, other, nother, ok)
                                      : memo_value_sorted(m, other, nother, next, ns, ok);
            int64_t v = p[moves[j].take] - child;
            *best = !*any || v > *best ? v : *best;
            *any = true;
        }
    }
}

static int64_t memo_value_sorted(og_memo *m, const int *ho, int no, const int *hp, int np, bool *ok)
{
    uint16_t key[2 * MEMO_MAX_HEAPS + 1];
    uint8_t small_buf[MEMO_INLINE];
    int len = make_key(ho, no, hp, np, key);
    uint32_t h = (uint32_t)key_hash(key, len);
    const uint8_t *small = small_key(key, len, small_buf) ? small_buf : NULL;
    memo_slot *s = memo_find(m, key, small, len, h);
    if (s->len)
        return s->value;
    bool any = false;
    int64_t best = 0;
    best_on_side(m, 0, m->pO, ho, no, hp, np, &any, &best, ok);
    best_on_side(m, 1, m->pP, hp, np, ho, no, &any, &best, ok);
    if (*ok && !memo_store(m, key, small, len, h, best))
        *ok = false;
    return best;
}

uint64_t og_memo_size(const og_memo *memo)
{
    return memo->used;
}

uint64_t og_memo_bytes_for(uint64_t entries, int total)
{
    return sat_mul(entries, 4 * sizeof(memo_slot) + 4 * (uint64_t)(total + 2));
}

int64_t og_memo_value(og_memo *memo, const int *ho, int no, const int *hp, int np, bool *ok)
{
    int a[MEMO_MAX_HEAPS], b[MEMO_MAX_HEAPS];
    *ok = true;
    /* Heaps under one and the same game form one position, a multiset:
     * G_s(A +_l B) is G_s(A u B), so a sum is memoised as its union and
     * positions reached from different splits are shared. */
    if (memo->one_game) {
        int all[2 * MEMO_MAX_HEAPS];
        if (no + np > 2 * MEMO_MAX_HEAPS) {
            *ok = false;
            return 0;
        }
        memcpy(all, ho, (size_t)no * sizeof *all);
        memcpy(all + no, hp, (size_t)np * sizeof *all);
        int na = normalise(memo, 0, all, no + np, a);
        if (na < 0) {
            *ok = false;
            return 0;
        }
        return memo_value_sorted(memo, a, na, b, 0, ok);
    }
    int na = normalise(memo, 0, ho, no, a), nb = normalise(memo, 1, hp, np, b);
    if (na < 0 || nb < 0) {
        *ok = false;
        return 0;
    }
    return memo_value_sorted(memo, a, na, b, nb, ok);
}

/* ---- memory bounds, for refusing a run before it starts ---- */

/* Multisets of positive heaps with total at most t: sum of the partition
 * numbers p(0..t), saturating (p(j) passes 2^64 near j = 416). */
static uint64_t multisets_up_to(int t)
{
    enum { LIMIT = 480 };
    if (t < 0)
        return 0;
    if (t >= LIMIT)
        return UINT64_MAX;
    uint64_t p[LIMIT + 1] = {1};
    /* p(j) by parts of size 1, 2, ...: the usual coin-change recursion. */
    for (int part = 1; part <= t; part++)
        for (int j = part; j <= t; j++)
            p[j] = sat_add(p[j], p[j - part]);
    uint64_t sum = 0;
    for (int j = 0; j <= t; j++)
        sum = sat_add(sum, p[j]);
    return sum;
}

/* Moves cached per heap size and side: a bound on og_heap_moves_count. */
static uint64_t move_cache_bytes(int h_max)
{
    uint64_t b = 0;
    for (int h = 0; h <= h_max && h <= MEMO_MAX_HEAP; h++)
        b = sat_add(b, (uint64_t)(4 + (h + 1) * (2 + h + h * h / 6)) * sizeof(og_heap_move));
    return sat_mul(b, 2);
}

uint64_t og_memo_bytes_bound(int o_total, int p_total)
{
    /* Every reachable position is an O-multiset of total <= o_total and a
     * P-multiset of total <= p_total.  An entry costs its slot (the table
     * stays at most half full and doubles: 4 slots an entry at worst) and
     * its key (one 16-bit word a heap plus a separator, in an arena that
     * doubles). */
    uint64_t entries = sat_mul(multisets_up_to(o_total), multisets_up_to(p_total));
    uint64_t per_entry = 4 * sizeof(memo_slot) + 4 * (uint64_t)(o_total + p_total + 2);
    return sat_add(sat_mul(entries, per_entry), move_cache_bytes(o_total > p_total ? o_total : p_total));
}

uint64_t og_rowtab_bytes_bound(int rows, int M, bool keep_last, int max_take)
{
    /* Whole rows: the capacity doubles from 64, so at most twice the rows. */
    uint64_t kept = keep_last ? (uint64_t)max_take + 1 : 2 * (uint64_t)(rows > 64 ? rows : 64);
    return sat_mul(sat_mul(kept, (uint64_t)M + 1), sizeof(int64_t));
}
