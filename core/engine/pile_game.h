/*
 * pile_game.h -- what every game played on piles shares: its positions
 * are the multisets of a shape (multiset.h), each layer the stones left,
 * written "5 4 2", reached from a list of piles.  Such a game keeps a
 * pile_game first in its data; the functions below then serve as its
 * description's each_position and format, and as its registry entry's
 * rank_of_piles, piles_of and destroy.
 */
#ifndef PILE_GAME_H
#define PILE_GAME_H

#include <stdint.h>

#include "core/engine/game.h"
#include "core/engine/multiset.h"

typedef struct {
    game_desc game;   /* game.data points to the whole game, which begins
                         with this struct and must not move              */
    ms_shape shape;
} pile_game;

/* The shape of `piles` piles of at most `bound`, and the description's
 * name, kind, data (the game itself), count, layers (the stones),
 * each_position and format; the game fills in its moves and the rest.
 * Returns 0, or -1 with a one-line reason. */
int pile_game_init(pile_game *pg, const char *name, value_kind kind, int piles, int bound, char *err, int errlen);

void pile_game_each_position(const void *data, void (*fn)(void *ctx, uint64_t rank, uint64_t layer), void *ctx);
int pile_game_format(const void *data, uint64_t rank, char *buf, int len);
int64_t pile_game_rank_of_piles(const game_desc *g, const int *piles, int n);
int pile_game_piles_of(const game_desc *g, uint64_t rank, int *asc);
/* Frees a game allocated as one block that begins with its pile_game and
 * owns nothing else. */
void pile_game_destroy(game_desc *g);

#endif
