/*
 * kayles.c -- Scoring Kayles, a game whose moves split heaps, as a game
 * on the engine (game.h), with a position space of its own.
 *
 * Rules.  A position is a multiset of rows of pins.  A move knocks down
 * one pin, or two adjacent pins, of one row; what is left of the row (the
 * pins on either side of the gap) stays as up to two rows.  A pin is
 * worth one point to the player who knocks it down, and the player who
 * knocks down the last pin also scores the bonus N: a position with no
 * pin is worth -N to the player to move (the opponent moved last).  So
 *     f_N(no pin) = -N,   f_N(p) = max over moves p -> p' of (pins down - f_N(p')),
 * Scoring Nim's recursion (2) with Kayles' moves, and at N = 0 Stewart's
 * scoring octal game 0.77 (taking i beans scores i) on the same heaps.
 *
 * Positions.  A move may split a row, so the count of rows grows as play
 * goes on and no fixed number of piles holds the game: the positions of
 * a size T are every multiset of rows with at most T pins in all (the
 * partitions of 0, 1, ..., T), so every position reached from one of
 * them is one of them too.  Layer = the pins n; within a layer the
 * partitions of n by their largest row ascending, then the next row, and
 * so on: the rank of rows r_1 >= r_2 >= ... of n pins is
 *     offset(n) + sum_i fewer(rest_i, r_i),
 * where rest_i is the pins in rows i, i+1, ..., fewer(k, r) the
 * partitions of k into rows smaller than r, and offset(n) the partitions
 * of fewer pins.  The size is the registry's bound (the most pins);
 * --piles is not read (game_entry.sized_by_bound).
 *
 * The same positions and moves without points are Kayles itself, the
 * game `kayles` (normal-play Grundy values and misere outcomes).
 *
 * Moves are listed the smallest row first; within a row, the single pins
 * from the end inwards, then the pairs from the end inwards, each once up
 * to the row's mirror image.  No fast path: the plain kernel computes it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/xalloc.h"
#include "core/games/registry.h"

/* The most pins of a size: every position's rows fit in GAME_MAX_SLOTS
 * (a position of n pins has at most n rows), and the counts of
 * partitions stay far within 64 bits (p(64) = 1741630). */
#define KAYLES_MAX_PINS GAME_MAX_SLOTS

typedef struct {
    game_desc game;      /* game.data points to this struct: it must not move */
    int pins;            /* T: the most pins of a position                    */
    int64_t unit;        /* table units a point is worth                     */
    /* fewer[k * (T + 2) + r]: partitions of k pins into rows smaller than
     * r (r = 0 .. T + 1); offset[n]: partitions of fewer than n pins. */
    uint64_t *fewer;
    uint64_t offset[KAYLES_MAX_PINS + 2];
} kayles;

static uint64_t fewer(const kayles *g, int k, int r)
{
    return g->fewer[(size_t)k * (size_t)(g->pins + 2) + (size_t)r];
}

/* Fills fewer[] by the rule that a partition of k into rows < r either
 * has no row r - 1 or takes one off: fewer(k, r) = fewer(k, r - 1) +
 * fewer(k - r + 1, r). */
static void count_partitions(kayles *g)
{
    int T = g->pins, w = T + 2;
    for (int k = 0; k <= T; k++)
        for (int r = 0; r <= T + 1; r++) {
            uint64_t c;
            if (k == 0)
                c = r >= 1;             /* the empty partition, once a row size exists */
            else if (r <= 1)
                c = 0;                  /* rows smaller than 1: none           */
            else
                c = g->fewer[(size_t)k * w + r - 1] + (k >= r - 1 ? g->fewer[(size_t)(k - r + 1) * w + r] : 0);
            g->fewer[(size_t)k * w + r] = c;
        }
    g->offset[0] = 0;
    for (int n = 0; n <= T; n++)
        g->offset[n + 1] = g->offset[n] + fewer(g, n, n + 1);
}

/* The rank of rows desc[0..k) (descending, positive, at most T pins). */
static uint64_t rank_desc(const kayles *g, const int *desc, int k)
{
    int rest = 0;
    for (int i = 0; i < k; i++)
        rest += desc[i];
    uint64_t r = g->offset[rest];
    for (int i = 0; i < k; i++) {
        r += fewer(g, rest, desc[i]);
        rest -= desc[i];
    }
    return r;
}

/* The pins of a rank: the n with offset[n] <= rank < offset[n + 1]. */
static int pins_of_rank(const kayles *g, uint64_t rank)
{
    int lo = 0, hi = g->pins;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (g->offset[mid] <= rank)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* The rows of a rank, descending, into desc; returns how many. */
static int unrank_desc(const kayles *g, uint64_t rank, int *desc)
{
    int rest = pins_of_rank(g, rank), top = rest, k = 0;
    uint64_t r = rank - g->offset[rest];
    while (rest > 0) {
        /* The largest row: the row size whose block holds r. */
        int row = 1;
        while (row < top && fewer(g, rest, row + 1) <= r)
            row++;
        r -= fewer(g, rest, row);
        desc[k++] = row;
        rest -= row;
        top = row;
    }
    return k;
}

/* Rows desc[0..k) with row i replaced by rows a and b (0: none), sorted
 * descending into out; returns the count. */
static int replace_row(const int *desc, int k, int i, int a, int b, int *out)
{
    int n = 0, add[2], nadd = 0;
    if (a < b) {
        int t = a;
        a = b;
        b = t;
    }
    if (a > 0)
        add[nadd++] = a;
    if (b > 0)
        add[nadd++] = b;
    int j = 0;
    for (int s = 0; s < k; s++) {
        if (s == i)
            continue;
        while (j < nadd && add[j] > desc[s])
            out[n++] = add[j++];
        out[n++] = desc[s];
    }
    while (j < nadd)
        out[n++] = add[j++];
    return n;
}

static int moves(const void *data, uint64_t rank, game_move *out)
{
    const kayles *g = data;
    int desc[GAME_MAX_SLOTS], child[GAME_MAX_SLOTS];
    int k = unrank_desc(g, rank, desc), count = 0;
    /* The smallest row first: desc runs largest first. */
    for (int i = k - 1; i >= 0; i--) {
        int row = desc[i];
        /* Equal rows give the same children. */
        if (i + 1 < k && desc[i + 1] == row)
            continue;
        for (int down = 1; down <= 2 && down <= row; down++)
            /* left pins stay on one side, row - down - left on the other;
             * the mirror image left > the other gives the same child. */
            for (int left = 0; 2 * left <= row - down; left++) {
                int n = replace_row(desc, k, i, left, row - down - left, child);
                out[count++] = (game_move){.child = rank_desc(g, child, n), .points = g->unit * down};
            }
    }
    return count;
}

static int64_t terminal(const void *data, uint64_t rank, int64_t M)
{
    (void)data;
    (void)rank;
    return -M;
}

/* A payoff is a difference of pins plus or minus the bonus. */
static int64_t value_bound(const void *data, int64_t max_m)
{
    const kayles *g = data;
    return g->unit * g->pins + max_m;
}

/* Every rank in order, its layer its pins. */
static void each_position(const void *data, void (*fn)(void *ctx, uint64_t rank, uint64_t layer), void *ctx)
{
    const kayles *g = data;
    for (int n = 0; n <= g->pins; n++)
        for (uint64_t r = g->offset[n]; r < g->offset[n + 1]; r++)
            fn(ctx, r, (uint64_t)n);
}

/* "(5,3,1)", the rows largest first; "()" with no pin. */
static int format(const void *data, uint64_t rank, char *buf, int len)
{
    const kayles *g = data;
    int desc[GAME_MAX_SLOTS], k = unrank_desc(g, rank, desc), used = 0;
    char text[GAME_MAX_SLOTS * 4 + 3];
    used += snprintf(text + used, sizeof text - (size_t)used, "(");
    for (int i = 0; i < k; i++)
        used += snprintf(text + used, sizeof text - (size_t)used, "%s%d", i ? "," : "", desc[i]);
    snprintf(text + used, sizeof text - (size_t)used, ")");
    return snprintf(buf, (size_t)len, "%s", text);
}

static double plain_ops(const void *data)
{
    const kayles *g = data;
    /* About n moves from a position of n pins, (T/2) on average. */
    return (double)g->game.count * (double)g->pins / 2;
}

/* Scoring Kayles (VALUE_MARGIN) or Kayles itself (VALUE_GRUNDY: the
 * same positions and moves, normal and misere play). */
static game_desc *build_kind(const game_params *p, const char *name, value_kind kind, char *err, int errlen)
{
    if (p->bound < 0 || p->bound > KAYLES_MAX_PINS) {
        snprintf(err, (size_t)errlen, "%s: at most %d pins in all (a size of %d asked for)", name, KAYLES_MAX_PINS,
                 p->bound);
        return NULL;
    }
    kayles *g = xcalloc(1, sizeof *g, "a game");
    g->pins = p->bound;
    g->unit = p->unit;
    g->fewer = xcalloc((size_t)(g->pins + 1) * (size_t)(g->pins + 2), sizeof *g->fewer, "a game's partition counts");
    count_partitions(g);
    /* From n pins: at most n single pins and n - 1 pairs, about half of
     * them mirror images; n + 1 bounds them all. */
    g->game = (game_desc){.name = name, .kind = kind, .data = g,
                          .count = g->offset[g->pins + 1], .layers = (uint64_t)g->pins + 1,
                          .each_position = each_position, .format = format, .max_moves = g->pins + 1,
                          .moves = moves, .terminal = terminal, .value_bound = value_bound, .plain_ops = plain_ops};
    return &g->game;
}

static game_desc *build_scoring(const game_params *p, char *err, int errlen)
{
    return build_kind(p, "scoring-kayles", VALUE_MARGIN, err, errlen);
}

static game_desc *build_normal(const game_params *p, char *err, int errlen)
{
    return build_kind(p, "kayles", VALUE_GRUNDY, err, errlen);
}

static void destroy(game_desc *d)
{
    if (!d)
        return;
    kayles *g = d->data;
    free(g->fewer);
    free(g);
}

/* Rows in any order, zeros left out; -1 beyond the size. */
static int64_t rank_of_piles(const game_desc *d, const int *piles, int n)
{
    const kayles *g = d->data;
    int desc[GAME_MAX_SLOTS], k = 0, total = 0;
    for (int i = 0; i < n; i++) {
        if (piles[i] < 0)
            return -1;
        if (piles[i] == 0)
            continue;
        total += piles[i];
        if (total > g->pins)
            return -1;
        /* Insertion, descending (a position has few rows). */
        int j = k++;
        while (j > 0 && desc[j - 1] < piles[i]) {
            desc[j] = desc[j - 1];
            j--;
        }
        desc[j] = piles[i];
    }
    return (int64_t)rank_desc(g, desc, k);
}

static int piles_of(const game_desc *d, uint64_t rank, int *asc)
{
    int desc[GAME_MAX_SLOTS], k = unrank_desc(d->data, rank, desc);
    for (int i = 0; i < k; i++)
        asc[i] = desc[k - 1 - i];
    return k;
}

/* The size that holds a position: its pins. */
static void size_of_position(const int *piles, int n, game_params *p)
{
    int total = 0;
    for (int i = 0; i < n; i++)
        total += piles[i] > 0 ? piles[i] : 0;
    p->piles = 1;
    p->bound = total;
}

static const game_sample samples[] = {{{NULL}}};

const game_entry game_scoring_kayles = {
    .name = "scoring-kayles",
    .summary = "Scoring Kayles: rows of pins; a move knocks down one pin or two adjacent pins of a row, which may "
               "split it in two, and scores a point a pin",
    .ending = "the game ends when no pin is left; the player who knocked down the last pin also scores the bonus N "
              "(f_N(no pin) = -N); at N = 0 it is Stewart's scoring octal game 0.77",
    .title = "Scoring Kayles",
    .piece = "pin",
    .ends_with_last_piece = true,
    .kind = VALUE_MARGIN,
    .config_key = "scoring_kayles",
    .layout = "2*f_N(p) as int32 little-endian (int64 when the table is 64-bit wide); positions by their pins, "
              "then by their rows read largest first, in increasing order of the largest row, then the next; N "
              "increasing",
    .build = build_scoring,
    .destroy = destroy,
    .rank_of_piles = rank_of_piles,
    .piles_of = piles_of,
    .size_of_position = size_of_position,
    .sized_by_bound = true,
    .size_help = "--bound T: every position of at most T pins in all (rows of any number; --piles is not read)",
    .unit_steps = true,
    .samples = samples,
    .nsamples = (int)(sizeof samples / sizeof *samples),
};

const game_entry game_kayles = {
    .name = "kayles",
    .summary = "Kayles: rows of pins; a move knocks down one pin or two adjacent pins of a row, which may split it in "
               "two (Scoring Kayles' positions and moves, no points)",
    .ending = "the player who cannot move loses (normal play: the Sprague-Grundy value) or wins (misere play: the "
              "misere outcome); both are computed",
    .kind = VALUE_GRUNDY,
    .config_key = "kayles",
    .layout = "the Sprague-Grundy value as uint32 little-endian with bit 31 set when the player to move wins at "
              "misere play; positions as in scoring-kayles",
    .build = build_normal,
    .destroy = destroy,
    .rank_of_piles = rank_of_piles,
    .piles_of = piles_of,
    .size_of_position = size_of_position,
    .sized_by_bound = true,
    .size_help = "--bound T: every position of at most T pins in all (rows of any number; --piles is not read)",
    .samples = samples,
    .nsamples = (int)(sizeof samples / sizeof *samples),
};
