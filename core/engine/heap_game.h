/*
 * heap_game.h -- a game on multisets of heaps whose moves may split a
 * heap, made a swept game (game.h: ranks, layers, moves) from the moves
 * of one heap alone.
 *
 * A game gives game.h's heap_moves (what a heap of h can become, and what
 * that scores); the engine gives the rest: the positions, every multiset
 * of heaps of at most T beans in all, densely ranked in heap_space.h's
 * first order (by total, then the largest heap ascending, ...); the moves
 * of a position, every heap's moves applied to it; its text; and the
 * order of work.  That order is derived, never declared: a position's
 * layer is twice its beans less its heaps, which every move lowers when
 * it takes a bean or splits a heap, and every move of every heap is
 * checked to do one or the other when the game is made (a move that does
 * neither stops the run as an internal error).  So a game that splits
 * without taking (Grundy's game) and one that takes (Kayles) are both
 * computed in a right order.
 *
 * Usage: a game's struct begins with a heap_game; heap_game_init fills
 * its game_desc (count, layers, each_position, format, max_moves, moves,
 * data, name) and the game then sets its kind, terminal and the like.
 */
#ifndef HEAP_GAME_H
#define HEAP_GAME_H

#include <stdint.h>

#include "core/engine/game.h"
#include "core/engine/heap_space.h"

typedef struct {
    game_desc game;      /* game.data points to this struct: it must not move */
    heap_space space;
    int max_total;
    /* The game's heap moves (side 0), with its own data. */
    int (*heap_moves)(void *data, int side, int h, const game_heap_move **out);
    void *moves_data;
} heap_game;

/* Every multiset of at most max_total beans (at most HS_MAX_TOTAL), with
 * the moves heap_moves(moves_data, 0, h, ...) gives; checks every heap's
 * moves.  Returns 0, or -1 with a one-line reason in err. */
int heap_game_init(heap_game *hg, const char *name, int max_total,
                   int (*heap_moves)(void *, int, int, const game_heap_move **), void *moves_data, char *err,
                   int errlen);
void heap_game_free(heap_game *hg);

/* The rank of heaps in any order (zeros left out); -1 when they are not
 * a position of the game (a negative heap, more beans than its total). */
int64_t heap_game_rank_of(const heap_game *hg, const int *heaps, int n);
/* The heaps of a rank, smallest first, into asc (room for max_total);
 * returns how many. */
int heap_game_heaps_of(const heap_game *hg, uint64_t rank, int *asc);

#endif
