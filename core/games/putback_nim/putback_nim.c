/*
 * putback_nim.c -- Nim where some of the chips taken may be put back on
 * another pile, as in Huibers' thesis (Strategies for Restricted Nim,
 * 2018), Section 6.4, as a game on the engine (VALUE_GRUNDY).
 *
 * Rules.  "If a player takes n chips from a pile he can choose if he wants
 * to place up to n - 1 chips back on another pile, if any at all."  A move
 * takes t >= 1 chips from one pile and puts back m, 0 <= m <= t - 1, on
 * one other pile that has chips (read: "onto one of the other piles", an
 * existing one, never an empty place).  Every move lowers the number of
 * chips, so no position repeats.  The player who cannot move loses
 * (normal play) or wins (misere); both are computed.
 *
 * Positions.  A pile may grow, so the position space is every multiset of
 * `piles` piles (empty ones allowed) holding at most piles x bound chips
 * in all: every position of piles <= bound and all that moves reach from
 * them (the total only falls).  They are listed once, by total and then
 * by their piles, and a position is ranked by counting (counted_rank: those of
 * fewer chips, then slot by slot from the top), checked against the list;
 * layer = the total.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/multiset.h"
#include "core/engine/xalloc.h"
#include "core/games/registry.h"

/* Piles of at most 255 chips, packed 8 bits a pile after the total. */
#define PUTBACK_MAX_PILES 6
#define PUTBACK_MAX_TOTAL 255

typedef struct {
    game_desc game;
    int piles, total;
    uint64_t *key;       /* every position's key, ascending (= rank order) */
    uint64_t *layer_start;
    /* ways[(k * (total + 1) + s) * (total + 1) + m]: ascending lists of k
     * piles, each at most m, holding s chips; before[t]: positions holding
     * fewer than t chips.  A position's rank read from them (counted_rank). */
    uint64_t *ways, *before;
} putback_nim;

/* The key of ascending piles: the total first, so that keys sort by
 * total, then the piles from the largest (colex order within a total). */
static uint64_t key_of(const putback_nim *g, const int *a)
{
    uint64_t k = 0;
    int sum = 0;
    for (int i = g->piles - 1; i >= 0; i--) {
        k = k << 8 | (uint64_t)a[i];
        sum += a[i];
    }
    return (uint64_t)sum << 48 | k;
}

static void piles_of_key(const putback_nim *g, uint64_t k, int *a)
{
    for (int i = 0; i < g->piles; i++) {
        a[i] = (int)(k & 0xff);
        k >>= 8;
    }
}

static uint64_t ways_of(const putback_nim *g, int k, int s, int m)
{
    size_t w = (size_t)g->total + 1;
    return g->ways[((size_t)k * w + (size_t)s) * w + (size_t)m];
}

/* The ways of every (k, s, m): one way to hold nothing in no pile; k
 * piles of at most m hold s with a largest pile below m, or with m in it
 * over k - 1 piles of at most m holding s - m. */
static void count_ways(putback_nim *g)
{
    size_t w = (size_t)g->total + 1;
    g->ways = xcalloc(xmul(xmul((size_t)g->piles + 1, w, "a rank table"), w, "a rank table"), sizeof *g->ways,
                      "a rank table");
    for (int m = 0; m <= g->total; m++)
        g->ways[m] = 1; /* k = 0, s = 0 */
    for (int k = 1; k <= g->piles; k++)
        for (int s = 0; s <= g->total; s++)
            for (int m = 0; m <= g->total; m++) {
                uint64_t below_m = m > 0 ? ways_of(g, k, s, m - 1) : s == 0;
                uint64_t with_m = m > 0 && m <= s ? ways_of(g, k - 1, s - m, m) : 0;
                g->ways[((size_t)k * w + (size_t)s) * w + (size_t)m] = below_m + with_m;
            }
    g->before = xcalloc(w + 1, sizeof *g->before, "a rank table");
    for (int t = 0; t <= g->total; t++)
        g->before[t + 1] = g->before[t] + ways_of(g, g->piles, t, t);
}

/* The rank of ascending piles a, as the key order has it (by total, then
 * from the largest pile down): the positions of fewer chips, then for
 * each slot from the top those of the same chips above it that hold
 * fewer in it, O(piles) where a search of the keys took O(log count)
 * cache misses. */
static uint64_t counted_rank(const putback_nim *g, const int *a)
{
    int left = 0;
    for (int i = 0; i < g->piles; i++)
        left += a[i];
    uint64_t r = g->before[left];
    for (int i = g->piles - 1; i >= 0; i--) {
        if (a[i] > 0)
            r += ways_of(g, i + 1, left, a[i] - 1);
        left -= a[i];
    }
    return r;
}

/* Ascending piles after a move. */
static uint64_t child_rank(const putback_nim *g, const int *a)
{
    int s[PUTBACK_MAX_PILES];
    memcpy(s, a, sizeof *s * (size_t)g->piles);
    ms_sort_ascending(s, g->piles);
    return counted_rank(g, s);
}

static int moves(const void *data, uint64_t rank, game_move *out)
{
    const putback_nim *g = data;
    int a[PUTBACK_MAX_PILES], count = 0;
    piles_of_key(g, g->key[rank], a);
    for (int i = 0; i < g->piles; i++) {
        if (a[i] == 0 || (i > 0 && a[i] == a[i - 1]))
            continue;
        for (int t = 1; t <= a[i]; t++) {
            int b[PUTBACK_MAX_PILES];
            memcpy(b, a, sizeof b);
            b[i] -= t;
            out[count++] = (game_move){.child = child_rank(g, b)};
            /* Up to t - 1 chips onto one other pile that has chips (equal
             * piles give equal children: the values do not mind). */
            for (int j = 0; j < g->piles; j++) {
                if (j == i || a[j] == 0)
                    continue;
                for (int m = 1; m <= t - 1; m++) {
                    b[j] = a[j] + m;
                    out[count++] = (game_move){.child = child_rank(g, b)};
                }
                b[j] = a[j];
            }
        }
    }
    return count;
}

/* Every ascending pile list with at most `total` chips, by total. */
typedef struct {
    putback_nim *g;
    uint64_t n, cap;
} listing;

static void list_piles(listing *l, int *a, int at, int least, int left)
{
    putback_nim *g = l->g;
    if (at == g->piles) {
        if (l->n == l->cap) {
            l->cap = l->cap ? 2 * l->cap : 1024;
            g->key = xrealloc(g->key, sizeof *g->key * l->cap, "a position list");
        }
        g->key[l->n++] = key_of(g, a);
        return;
    }
    /* The piles still to place are at least `least` each. */
    for (int v = least; v * (g->piles - at) <= left; v++) {
        a[at] = v;
        list_piles(l, a, at + 1, v, left - v);
    }
}

static int cmp_key(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

static void each_position(const void *data, void (*fn)(void *ctx, uint64_t rank, uint64_t layer), void *ctx)
{
    const putback_nim *g = data;
    for (uint64_t r = 0; r < g->game.count; r++)
        fn(ctx, r, g->key[r] >> 48);
}

static int format(const void *data, uint64_t rank, char *buf, int len)
{
    const putback_nim *g = data;
    int a[PUTBACK_MAX_PILES], used = 0, any = 0;
    piles_of_key(g, g->key[rank], a);
    if (len > 0)
        buf[0] = '\0';
    for (int i = g->piles - 1; i >= 0; i--)
        if (a[i] > 0)
            used += snprintf(used < len ? buf + used : NULL, used < len ? (size_t)(len - used) : 0,
                             any++ ? " %d" : "%d", a[i]);
    if (!any)
        used = snprintf(buf, (size_t)(len > 0 ? len : 0), "0");
    return used;
}

static void destroy(game_desc *d)
{
    if (!d)
        return;
    putback_nim *g = d->data;
    free(g->key);
    free(g->ways);
    free(g->before);
    free(g);
}

static game_desc *build(const game_params *p, char *err, int errlen)
{
    if (p->piles < 1 || p->piles > PUTBACK_MAX_PILES || p->bound < 0 || p->piles * p->bound > PUTBACK_MAX_TOTAL) {
        snprintf(err, (size_t)errlen, "putback-nim: 1..%d piles holding at most %d chips in all (piles x bound), "
                 "got %d piles of %d", PUTBACK_MAX_PILES, PUTBACK_MAX_TOTAL, p->piles, p->bound);
        return NULL;
    }
    putback_nim *g = xcalloc(1, sizeof *g, "a game");
    g->piles = p->piles;
    g->total = p->piles * p->bound;
    listing l = {.g = g};
    int a[PUTBACK_MAX_PILES];
    list_piles(&l, a, 0, 0, g->total);
    qsort(g->key, l.n, sizeof *g->key, cmp_key);
    /* The counted ranks are the listed order, or the game stops here. */
    count_ways(g);
    for (uint64_t r = 0; r < l.n; r++) {
        piles_of_key(g, g->key[r], a);
        if (counted_rank(g, a) != r)
            die("internal error: putback-nim: a position's counted rank is not its place in the list");
    }
    /* The most moves: every take from every pile, with every put-back
     * onto every other pile. */
    uint64_t most = (uint64_t)g->piles * (uint64_t)(g->total + 1) * (uint64_t)(1 + (g->piles - 1) * g->total);
    g->game = (game_desc){
        .name = "putback-nim",
        .kind = VALUE_GRUNDY,
        .data = g,
        .count = l.n,
        .layers = (uint64_t)g->total + 1,
        .each_position = each_position,
        .format = format,
        .max_moves = most > (1u << 24) ? 1 << 24 : (int)most,
        .moves = moves,
    };
    return &g->game;
}

static int64_t rank_of_piles(const game_desc *d, const int *piles, int n)
{
    const putback_nim *g = d->data;
    int a[PUTBACK_MAX_PILES] = {0}, k = 0, sum = 0;
    for (int i = 0; i < n; i++)
        if (piles[i] != 0) {
            if (k == g->piles || piles[i] < 0)
                return -1;
            a[k++] = piles[i];
            sum += piles[i];
        }
    if (sum > g->total)
        return -1;
    ms_sort_ascending(a, g->piles);
    return (int64_t)counted_rank(g, a);
}

static int piles_of(const game_desc *d, uint64_t rank, int *asc)
{
    const putback_nim *g = d->data;
    piles_of_key(g, g->key[rank], asc);
    return g->piles;
}

static const game_sample samples[] = {{{NULL}}};

const game_entry game_putback_nim = {
    .name = "putback-nim",
    .summary = "a move takes t >= 1 chips from one pile and may put up to t - 1 of them back on one other pile "
               "that has chips (Huibers 6.4); a pile may grow: the table holds up to piles x bound chips in all",
    .ending = "the player who cannot move loses (normal play: the Sprague-Grundy value) or wins (misere play: the "
              "misere outcome); both are computed",
    .kind = VALUE_GRUNDY,
    .config_key = "putback_nim",
    .layout = "the Sprague-Grundy value as uint32 little-endian with bit 31 set when the player to move wins at "
              "misere play; positions by total, then in colex order of their ascending piles",
    .build = build,
    .destroy = destroy,
    .rank_of_piles = rank_of_piles,
    .piles_of = piles_of,
    .samples = samples,
    .nsamples = (int)(sizeof samples / sizeof *samples),
};
