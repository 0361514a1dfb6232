/*
 * game.h -- a game as the engine's plain kernel and layer driver see it.
 *
 * A game is a position space ranked 0 .. count-1 and split into layers so
 * that every move goes to an earlier layer; a move list per position (the
 * child's rank and the points the mover scores, doubled so that halves
 * stay integral); the value of a position with no move at each bonus lane;
 * and how the children combine.  The one combination so far is
 * SN_COMBINE_NEGAMAX: the players alternate, and a position's value is
 * the best over its moves of (points - value of the child), the margin
 * the player to move can secure.  Games whose players choose at once, or
 * whose legal moves depend on the previous move, will add a combination or
 * fold the previous move into the position; the driver stays the same.
 *
 * The plain kernel (kernels.c, SN_KERNEL_MOVES) works for any game given
 * here.  A game may also have a fast path of its own (Scoring Nim: the
 * running maxima).  Adding a game: one file that fills an sn_game, and a
 * line in games.c.
 */
#ifndef GAME_H
#define GAME_H

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    uint64_t child;     /* rank of the position after the move            */
    int32_t points2;    /* what the mover scores, doubled                 */
    bool ends;          /* the child has no move (the game is over there) */
} sn_game_move;

typedef enum { SN_COMBINE_NEGAMAX } sn_combine;

typedef struct sn_game {
    const char *name;
    const void *data;
    uint64_t count;                 /* positions                            */
    int layers;                     /* layers 0 .. layers-1                 */
    int max_moves;                  /* most moves from one position         */
    sn_combine combine;
    /* Calls fn(ctx, rank, layer) for every position, ranks in order. */
    void (*each_position)(const void *data, void (*fn)(void *ctx, uint64_t rank, int layer), void *ctx);
    /* The moves from `rank` (fixed order); returns how many. */
    int (*moves)(const void *data, uint64_t rank, sn_game_move *out);
    /* Value, doubled, of a position with no move at doubled bonus M. */
    int32_t (*terminal)(const void *data, uint64_t rank, int M);
} sn_game;

#endif
