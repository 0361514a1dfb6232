/*
 * heap_grundy.c -- the Grundy values of one heap of an impartial heap game
 * as a sequence, and their period (heap_grundy.h).
 */
#include "core/engine/heap_grundy.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/periodicity.h"
#include "core/engine/xalloc.h"

typedef struct {
    heap_grundy_rules rules;
    int64_t *g;        /* G(0 .. done - 1), room for cap             */
    int done, cap;
    unsigned char *seen;  /* the mex's marks, room for nseen         */
    int nseen;
    game_heap_move *moves;  /* one heap's moves, room for nmoves      */
    int nmoves;
} heap_grundy;

/* A move as the tuple that compares it with an octal code's: the beans
 * taken, then the heaps left, largest first, zero-filled. */
typedef struct {
    int take, part[GAME_HEAP_MAX_PARTS];
} move_shape;

/* The sequence handle is this file's struct (sequence.h keeps it opaque). */
static heap_grundy *of(const sequence *s)
{
    return (heap_grundy *)(void *)s;
}

sequence *heap_grundy_open(const heap_grundy_rules *rules)
{
    if (rules->ndigits < 0 || rules->ndigits > HEAP_GRUNDY_MAX_DIGITS)
        die("internal error: %s declares an octal code of %d digits", rules->name, rules->ndigits);
    for (int k = 0; k < rules->ndigits; k++)
        if (rules->digits[k] < 0 || rules->digits[k] > 7)
            die("internal error: %s declares an octal digit %d", rules->name, rules->digits[k]);
    heap_grundy *h = xcalloc(1, sizeof *h, "a sequence");
    h->rules = *rules;
    return (sequence *)(void *)h;
}

void heap_grundy_info(const sequence *s, sequence_info *out)
{
    /* Grundy values are whole numbers; a game with no options is written
     * by its name, with no points. */
    *out = (sequence_info){.scale = 1};
    snprintf(out->name, sizeof out->name, "%s", of(s)->rules.name);
}

/* Room for rows 0..last, so that no row is cut short later (the memory
 * is taken before the first row is printed). */
static void reserve(heap_grundy *h, int last)
{
    if (last + 1 <= h->cap)
        return;
    h->g = xrealloc(h->g, xmul((size_t)last + 1, sizeof *h->g, "a sequence's rows"), "a sequence's rows");
    h->cap = last + 1;
}

int heap_grundy_begin(sequence *s, int last, char *err, int errlen)
{
    (void)err;
    (void)errlen;
    reserve(of(s), last);
    return 0;
}

static int compare_shapes(const void *a, const void *b)
{
    return memcmp(a, b, sizeof(move_shape));
}

/* The moves of an octal code on a heap of n, into out (room for every
 * take k and every split of n - k); returns how many. */
static int octal_shapes(const heap_grundy_rules *r, int n, move_shape *out)
{
    int count = 0;
    for (int k = 1; k <= r->ndigits && k <= n; k++) {
        int d = r->digits[k - 1], left = n - k;
        if (left == 0 && (d & 1))
            out[count++] = (move_shape){.take = k};
        if (left > 0 && (d & 2))
            out[count++] = (move_shape){.take = k, .part = {left}};
        for (int b = 1; (d & 4) && 2 * b <= left; b++)
            out[count++] = (move_shape){.take = k, .part = {left - b, b}};
    }
    return count;
}

/* Sorts shapes and drops repeats (a game may list a move and its mirror
 * image); returns how many are left. */
static int distinct_shapes(move_shape *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, compare_shapes);
    int kept = 0;
    for (int i = 0; i < n; i++)
        if (kept == 0 || compare_shapes(&v[kept - 1], &v[i]) != 0)
            v[kept++] = v[i];
    return kept;
}

/* A game that declares an octal code: its moves of a heap of n are the
 * code's, or the run stops (a certificate resting on the code would
 * otherwise be about another game). */
static void check_octal(const heap_grundy *h, int n, const game_heap_move *mv, int count)
{
    const heap_grundy_rules *r = &h->rules;
    size_t room = (size_t)count + (size_t)r->ndigits * ((size_t)n / 2 + 2);
    move_shape *game = xcalloc(room, sizeof *game, "a heap's moves"), *code = xcalloc(room, sizeof *code, "a heap's moves");
    for (int e = 0; e < count; e++) {
        int left = 0;
        for (int q = 0; q < mv[e].nparts; q++)
            left += game[e].part[q] = mv[e].parts[q];
        game[e].take = n - left;
    }
    int a = distinct_shapes(game, count), b = distinct_shapes(code, octal_shapes(r, n, code));
    bool same = a == b && memcmp(game, code, (size_t)a * sizeof *game) == 0;
    free(game);
    free(code);
    if (!same)
        die("internal error: %s declares an octal code, but its moves of a heap of %d are not the code's", r->name, n);
}

/* G(n), the rows before it done: the mex of the XOR of the heaps each
 * move leaves. */
static int64_t grundy_of(heap_grundy *h, int n)
{
    if (n == 0)
        return 0;
    int room = h->rules.room(h->rules.data, n);
    if (room < 0)
        die("internal error: %s has room for %d moves of a heap of %d", h->rules.name, room, n);
    /* Never an empty buffer: a game may copy none into it (memcpy of
     * nothing still wants a pointer). */
    if (room + 1 > h->nmoves) {
        h->moves = xrealloc(h->moves, xmul((size_t)room + 1, sizeof *h->moves, "a heap's moves"), "a heap's moves");
        h->nmoves = room + 1;
    }
    const game_heap_move *mv = h->moves;
    int count = h->rules.write(h->rules.data, n, h->moves);
    if (count < 0 || count > room)
        die("internal error: %s wrote %d moves of a heap of %d, with room for %d", h->rules.name, count, n, room);
    if (h->rules.ndigits > 0)
        check_octal(h, n, mv, count);
    /* The mex of count values is at most count: larger ones need no mark. */
    if (count + 1 > h->nseen) {
        h->seen = xrealloc(h->seen, (size_t)count + 1, "a heap's moves");
        h->nseen = count + 1;
    }
    memset(h->seen, 0, (size_t)count + 1);
    for (int e = 0; e < count; e++) {
        int64_t x = 0;
        if (mv[e].nparts < 0 || mv[e].nparts > GAME_HEAP_MAX_PARTS)
            die("internal error: %s lists a move of a heap of %d into %d heaps", h->rules.name, n, mv[e].nparts);
        for (int q = 0; q < mv[e].nparts; q++) {
            /* Smaller heaps only: their values are known, and the order
             * of work is right. */
            if (mv[e].parts[q] <= 0 || mv[e].parts[q] >= n)
                die("internal error: %s has a move from a heap of %d leaving a heap of %d, not a smaller one",
                    h->rules.name, n, mv[e].parts[q]);
            x ^= h->g[mv[e].parts[q]];
        }
        if (x <= count)
            h->seen[x] = 1;
    }
    int64_t mex = 0;
    while (mex <= count && h->seen[mex])
        mex++;
    return mex;
}

/* Rows 0..last computed (each once). */
static void compute_to(heap_grundy *h, int last)
{
    reserve(h, last);
    for (; h->done <= last; h->done++)
        h->g[h->done] = grundy_of(h, h->done);
}

int heap_grundy_row(sequence *s, int n, int64_t *values)
{
    compute_to(of(s), n);
    values[0] = of(s)->g[n];
    return 0;
}

uint64_t heap_grundy_bytes(const sequence *s, int n)
{
    (void)s;
    (void)n;
    return 0;  /* info.grows is false: the rows' array is taken by begin */
}

/* The least p whose repeat from the least n0 the rows show covers the
 * periodicity theorem's range n0 <= n < 2 n0 + p + t (n + p <= last
 * checked); false when none does. */
static bool certified_period(const heap_grundy *h, int last, int *pre, int *per)
{
    const int64_t *g = h->g;
    int t = h->rules.ndigits;
    for (int p = 1; p <= last; p++) {
        int n0 = last - p + 1;
        while (n0 > 0 && g[n0 - 1 + p] == g[n0 - 1])
            n0--;
        /* Checked on [n0, last - p]; the theorem needs [n0, 2 n0 + p + t). */
        if (2 * (int64_t)n0 + p + t - 1 <= last - p) {
            *pre = n0;
            *per = p;
            return true;
        }
    }
    return false;
}

void heap_grundy_period(const sequence *s, int last, uint64_t max_bytes, sequence_period *out)
{
    (void)max_bytes;
    heap_grundy *h = of(s);
    compute_to(h, last);
    int pre = 0, per = 0;
    if (h->rules.ndigits > 0 && certified_period(h, last, &pre, &per))
        *out = (sequence_period){.verdict = SEQUENCE_CERTIFIED,
                                 .verdict_name = "CERTIFIED",
                                 .pre = pre,
                                 .per = per,
                                 .argument = "the octal periodicity theorem"};
    else if (per_column_observed(h->g, last + 1, 1, 0, &pre, &per))
        *out = (sequence_period){.verdict = SEQUENCE_OBSERVED, .verdict_name = "OBSERVED", .pre = pre, .per = per};
    else
        *out = (sequence_period){.verdict = SEQUENCE_UNDECIDED, .verdict_name = "UNDECIDED"};
    out->rows_used = last + 1;
}

void heap_grundy_format(int64_t v, int64_t scale, char *buf, int len)
{
    (void)scale;
    snprintf(buf, (size_t)len, "%lld", (long long)v);
}

void heap_grundy_close(sequence *s)
{
    heap_grundy *h = of(s);
    if (!h)
        return;
    free(h->moves);
    free(h->g);
    free(h->seen);
    free(h);
}
