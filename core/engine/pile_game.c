/*
 * pile_game.c -- the parts of a game on piles that every such game shares
 * (see pile_game.h).
 */
#include "core/engine/pile_game.h"

#include <stdlib.h>
#include <string.h>

int pile_game_init(pile_game *pg, const char *name, value_kind kind, int piles, int bound, char *err, int errlen)
{
    if (ms_shape_init(&pg->shape, piles, bound, err, errlen) != 0)
        return -1;
    pg->game = (game_desc){.name = name, .kind = kind, .data = pg, .count = pg->shape.count,
                           .layers = (uint64_t)pg->shape.max_total + 1, .each_position = pile_game_each_position,
                           .format = pile_game_format};
    return 0;
}

void pile_game_each_position(const void *data, void (*fn)(void *ctx, uint64_t rank, uint64_t layer), void *ctx)
{
    ms_each_by_total(&((const pile_game *)data)->shape, fn, ctx);
}

int pile_game_format(const void *data, uint64_t rank, char *buf, int len)
{
    return ms_format(&((const pile_game *)data)->shape, rank, buf, len);
}

int64_t pile_game_rank_of_piles(const game_desc *g, const int *piles, int n)
{
    return ms_rank_of(&((const pile_game *)g->data)->shape, piles, n);
}

int pile_game_piles_of(const game_desc *g, uint64_t rank, int *asc)
{
    const ms_shape *s = &((const pile_game *)g->data)->shape;
    ms_unrank(s, rank, asc);
    return s->piles;
}

void pile_game_destroy(game_desc *g)
{
    if (!g)
        return;
    pile_game *pg = g->data;
    ms_shape_free(&pg->shape);
    free(pg);
}
