/*
 * scoring_nim.h -- Scoring Nim (Oginuma and Shinoda) as a game on the
 * engine (game.h).
 *
 * Positions are the multisets of `piles` piles of at most `bound` stones
 * (multiset.h; empty piles allowed, so fewer piles are included), ranked
 * by the combinatorial number system; layer = the number of stones |p|.
 * A move takes any positive number of stones from one pile and scores
 * `stone` points a stone (2 for the paper's game in the engine's doubled
 * units; 2b for bonuses of denominator b).  The last stone's bonus is the
 * table's lane: a position with no stone is worth -M (the opponent took
 * the last stone and got N), which is recursion (2) of the paper:
 *     f_N(0) = -N,   f_N(p) = max over moves p -> p' of (|p| - |p'| - f_N(p')).
 * Moves are listed once per distinct resulting multiset, the smallest
 * pile first and for each pile the new size from 0 upwards, so that "the
 * first optimal move" is well defined and every line of play derived from
 * a table is reproducible.
 *
 * Fast path (runmax.c): the running maxima, O(piles) row operations a
 * position instead of O(|p|).
 */
#ifndef SCORING_NIM_H
#define SCORING_NIM_H

#include <stdint.h>

#include "core/engine/game.h"
#include "core/engine/pile_game.h"
#include "core/engine/table.h"

typedef struct {
    pile_game base;     /* first: its description (base.game) and its
                           positions (base.shape); it must not move     */
    int64_t stone;      /* points a stone, in table units                */
} scoring_nim;

/* Returns 0, or -1 with a one-line reason (a shape out of range, a stone
 * value out of range). */
int scoring_nim_init(scoring_nim *sn, int piles, int bound, int64_t stone, char *err, int errlen);
void scoring_nim_free(scoring_nim *sn);

/* The game behind a description built here, or NULL. */
const scoring_nim *scoring_nim_of(const game_desc *g);

/* The moves from the ascending piles a[] (the description's order). */
int scoring_nim_moves(const scoring_nim *sn, const int *a, game_move *out);

/* The check window of a sweep: every M = 2N with |N| <= S + 3, S = piles
 * * bound the largest |p|, step 1 (half-integer N). */
lane_window scoring_nim_window(int piles, int bound);

/* Its fast path (runmax.c). */
extern const game_fast_path scoring_nim_runmax;

#endif
