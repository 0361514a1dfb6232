/*
 * heap_game.c -- the positions, moves and order of work of a game on
 * multisets of heaps, from the moves of one heap (see heap_game.h).
 */
#include "core/engine/heap_game.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/engine/xalloc.h"

/* Every multiset of `left` more beans with heaps of at most cap, in rank
 * order (the first order of heap_space.h: the next heap ascending, then
 * the rest), its layer twice its beans less its heaps (what every move
 * lowers) carried down: no rank is unranked. */
static void walk(int cap, int left, uint64_t layer, uint64_t *rank,
                 void (*fn)(void *ctx, uint64_t rank, uint64_t layer), void *ctx)
{
    if (left == 0) {
        fn(ctx, (*rank)++, layer);
        return;
    }
    for (int v = 1; v <= cap && v <= left; v++)
        walk(v, left - v, layer + 2 * (uint64_t)v - 1, rank, fn, ctx);
}

static void heap_each_position(const void *data, void (*fn)(void *ctx, uint64_t rank, uint64_t layer), void *ctx)
{
    const heap_game *hg = data;
    uint64_t rank = 0;
    for (int n = 0; n <= hg->max_total; n++)
        walk(n, n, 0, &rank, fn, ctx);
    if (rank != hg->game.count)
        die("internal error: %s: %llu positions walked, %llu counted", hg->game.name, (unsigned long long)rank,
            (unsigned long long)hg->game.count);
}

static int heap_format(const void *data, uint64_t rank, char *buf, int len)
{
    const heap_game *hg = data;
    return hs_format(&hg->space, rank, buf, len);
}

/* Every heap's moves, the smallest heap first (equal heaps once), each
 * heap's in the game's order. */
static int heap_moves_of_rank(const void *data, uint64_t rank, game_move *out)
{
    const heap_game *hg = data;
    int desc[HS_MAX_TOTAL + 1], child[HS_MAX_TOTAL + GAME_HEAP_MAX_PARTS];
    int k = hs_unrank(&hg->space, rank, desc), count = 0, total = 0;
    for (int i = 0; i < k; i++)
        total += desc[i];
    for (int i = k - 1; i >= 0; i--) {
        if (i > 0 && desc[i - 1] == desc[i])
            continue;
        const game_heap_move *mv;
        int n = hg->heap_moves(hg->moves_data, 0, desc[i], &mv);
        for (int e = 0; e < n; e++) {
            int c = hs_replace(desc, k, i, mv[e].parts, mv[e].nparts, child), left = 0;
            for (int q = 0; q < mv[e].nparts; q++)
                left += mv[e].parts[q];
            out[count++] = (game_move){.child = hs_rank_total(&hg->space, child, c, total - desc[i] + left),
                                       .points = mv[e].points};
        }
    }
    return count;
}

/* Checks the moves of every heap up to the total, and returns the most
 * moves a position has: distinct heaps of at most T beans in all, each
 * with its moves (a knapsack over heap sizes). */
static int check_moves(heap_game *hg)
{
    int T = hg->max_total;
    int *best = xcalloc((size_t)T + 1, sizeof *best, "a heap game");
    for (int h = 1; h <= T; h++) {
        const game_heap_move *mv;
        int n = hg->heap_moves(hg->moves_data, 0, h, &mv);
        for (int e = 0; e < n; e++) {
            int sum = 0;
            if (mv[e].nparts < 0 || mv[e].nparts > GAME_HEAP_MAX_PARTS)
                die("internal error: %s lists a move of a heap of %d into %d heaps", hg->game.name, h, mv[e].nparts);
            for (int q = 0; q < mv[e].nparts; q++) {
                if (mv[e].parts[q] <= 0 || (q > 0 && mv[e].parts[q] > mv[e].parts[q - 1]))
                    die("internal error: %s lists a move of a heap of %d whose heaps are not positive and largest "
                        "first", hg->game.name, h);
                sum += mv[e].parts[q];
            }
            /* The order of work rests on this: the layer (twice the beans
             * less the heaps) drops by 2 x taken + parts - 1 >= 1. */
            if (sum > h || 2 * (h - sum) + mv[e].nparts < 2)
                die("internal error: %s has a move from a heap of %d to heaps of %d that neither takes a bean nor "
                    "splits the heap",
                    hg->game.name, h, sum);
        }
        for (int t = T; t >= h; t--)
            if (best[t - h] + n > best[t])
                best[t] = best[t - h] + n;
    }
    int most = best[T];
    free(best);
    return most;
}

int heap_game_init(heap_game *hg, const char *name, int max_total,
                   int (*heap_moves)(void *, int, int, const game_heap_move **), void *moves_data, char *err,
                   int errlen)
{
    if (hs_init(&hg->space, max_total, err, errlen) != 0)
        return -1;
    hg->max_total = max_total;
    hg->heap_moves = heap_moves;
    hg->moves_data = moves_data;
    hg->game.name = name;
    hg->game.data = hg;
    hg->game.count = hs_count(&hg->space, max_total);
    hg->game.layers = 2 * (uint64_t)max_total + 1;
    hg->game.each_position = heap_each_position;
    hg->game.format = heap_format;
    hg->game.moves = heap_moves_of_rank;
    hg->game.max_moves = check_moves(hg);
    return 0;
}

void heap_game_free(heap_game *hg)
{
    hs_free(&hg->space);
}

int64_t heap_game_rank_of(const heap_game *hg, const int *heaps, int n)
{
    int desc[HS_MAX_TOTAL + 1], k = 0, total = 0;
    for (int i = 0; i < n; i++) {
        if (heaps[i] < 0)
            return -1;
        if (heaps[i] == 0)
            continue;
        total += heaps[i];
        if (total > hg->max_total)
            return -1;
        /* Insertion, largest first (a position has few heaps). */
        int j = k++;
        while (j > 0 && desc[j - 1] < heaps[i]) {
            desc[j] = desc[j - 1];
            j--;
        }
        desc[j] = heaps[i];
    }
    return (int64_t)hs_rank_total(&hg->space, desc, k, total);
}

int heap_game_heaps_of(const heap_game *hg, uint64_t rank, int *asc)
{
    int desc[HS_MAX_TOTAL + 1], k = hs_unrank(&hg->space, rank, desc);
    for (int i = 0; i < k; i++)
        asc[i] = desc[k - 1 - i];
    return k;
}
