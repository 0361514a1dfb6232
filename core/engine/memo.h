/*
 * memo.h -- the values of a game whose positions are keys (game.h,
 * key_moves), computed on demand and remembered: for games whose
 * positions have no dense ranking, such as a multiset of heaps of any
 * size (Stewart's breaking octal games, as `gs` grows them; with their
 * totals bounded, rank_memo.h computes the same faster, and this memo is
 * the reference the tests compare it with).
 *
 * The value is VALUE_MARGIN's at one lane, M = 0: the best over the
 * moves of (points - the child's value), and terminal(data, MEMO_NO_RANK,
 * 0) for a position with no move.  Only the positions reached are
 * computed.  A memo is used by one worker at a time.
 */
#ifndef MEMO_H
#define MEMO_H

#include <stdbool.h>
#include <stdint.h>

#include "core/engine/game.h"

/* Longest key, in 16-bit words. */
#define MEMO_MAX_KEY 255
/* The rank passed to terminal() for a keyed position. */
#define MEMO_NO_RANK UINT64_MAX

typedef struct memo memo;

/* g must outlive the memo. */
memo *memo_new(const game_desc *g);
void memo_free(memo *m);

/* The value of the position `key` (len words, canonical as the game
 * writes its keys).  Sets *ok = false when a limit was hit (the game's,
 * or the memo's: keys of MEMO_MAX_KEY words, 2^32 slots or key words);
 * the value is then meaningless. */
int64_t memo_value(memo *m, const uint16_t *key, int len, bool *ok);

/* Forgets every position and serves the game g from now on, keeping the
 * memory (a worker that computes game after game). */
void memo_reset(memo *m, const game_desc *g);

/* Positions remembered so far. */
uint64_t memo_size(const memo *m);
/* Bytes of a memo of `entries` positions of keys of at most key_words
 * words (slots of a table at most half full that doubles, keys in an
 * arena that doubles). */
uint64_t memo_bytes_for(uint64_t entries, int key_words);
/* Bytes a memo of `entries` positions of short keys (in their slots'
 * tags) usually takes: its table between a quarter and half full, three
 * slots an entry.  An estimate, not a bound (memo_bytes_for is one). */
uint64_t memo_bytes_likely(uint64_t entries);

#endif
