/*
 * rank_memo.h -- the values of a game on multisets of heaps, computed on
 * demand and kept in an array indexed by the positions' dense ranks
 * (heap_space.h): memo.h's recursion with no hash, no probe and no key
 * compared, for games whose heaps stay small (Stewart's octal games that
 * break heaps, the hottest loop of Conjecture 37's families).
 *
 * The value is memo.h's: VALUE_MARGIN at one lane, the best over the
 * moves of (points - the child's value), terminal(data, MEMO_NO_RANK, 0)
 * with no move.  The moves come from the game's heap_moves (game.h): a
 * position is a multiset of heaps (side 0) and, for the sum of two games,
 * a second one (side 1), and a move replaces one heap by the heaps of one
 * of its moves; a heap with no move never changes play and is left out,
 * as memo.h's keys leave it out.  A position is named, to
 * rank_memo_value, by a key: the first multiset largest first, then a 0
 * and the second largest first (the 0 and the second may be absent).
 * Both components' totals are bounded when the memo is made.  Every move
 * must lower twice the beans less the heaps (2 x total - heaps), as a
 * move that takes a bean and leaves at most one heap more does, and one
 * that splits a heap without taking (an octal digit d_0 = 4, Grundy's
 * game): a move that does not stops the run as an internal error, so the
 * recursion always ends.
 *
 * The values computed and the positions counted are those of memo.h for
 * the same keys: the same positions are reached, whichever store holds
 * them (tests compare the two).  A move's points and a position's value
 * must lie within INT64_MAX / 4 either way (so that points less a value
 * never overflows); past that the run stops as an internal error.  A
 * rank memo is used by one worker at a time.
 */
#ifndef RANK_MEMO_H
#define RANK_MEMO_H

#include <stdbool.h>
#include <stdint.h>

#include "core/engine/game.h"
#include "core/engine/heap_space.h"

typedef struct rank_memo rank_memo;

/* The largest total of a component: heap_space.h's. */
#define RANK_MEMO_MAX_TOTAL HS_MAX_TOTAL

/* A memo for keys of first component totalling at most max1 and second
 * at most max2 (0: none).  g must outlive the memo.  Returns NULL, with
 * a one-line reason in err, when the totals are out of the ranks' range
 * (heap_space.h) or their positions are more than an array can index. */
rank_memo *rank_memo_new(const game_desc *g, int max1, int max2, char *err, int errlen);
void rank_memo_free(rank_memo *m);

/* Forgets every position and serves the game g with totals max1, max2
 * from now on, keeping the memory it can (a worker that computes game
 * after game).  Returns 0, or -1 with a reason as rank_memo_new. */
int rank_memo_reset(rank_memo *m, const game_desc *g, int max1, int max2, char *err, int errlen);

/* The value of the position `key` (len words).  Sets *ok = false when a
 * limit was hit (the game's, or a total beyond the memo's); the value is
 * then meaningless. */
int64_t rank_memo_value(rank_memo *m, const uint16_t *key, int len, bool *ok);

/* Positions computed so far. */
uint64_t rank_memo_size(const rank_memo *m);

/* Positions the memo's array can index at totals max1, max2 (every
 * multiset pair), saturating: its values take 8 bytes each. */
uint64_t rank_memo_positions(int max1, int max2);
/* Most bytes a memo of these totals allocates: its array of values
 * (allocated whole when a game begins) and the ranks' tables and
 * scratch; and beside them rank_memo_bytes_per_move() for each move of a
 * heap the game lists (the engine's checked copy), which the game bounds. */
uint64_t rank_memo_bytes_bound(int max1, int max2);
uint64_t rank_memo_bytes_per_move(void);
/* Bytes of its array of values alone (what it usually takes). */
uint64_t rank_memo_bytes_at(int max1, int max2);

#endif
