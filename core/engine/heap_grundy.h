/*
 * heap_grundy.h -- the Grundy values of one heap, G(n) for n = 0, 1, 2,
 * ..., of an impartial game given by the moves of one heap (game.h's
 * game_heap_move, as heap_game.h takes them), as a sequence (sequence.h)
 * any such game can offer with a few lines of its own.
 *
 * G(n) is the mex of the XOR of G over the heaps each move of a heap of n
 * leaves (a sum of heaps is worth the XOR of their values: the
 * Sprague-Grundy theorem).  Every heap a move leaves must be smaller than
 * n; a move that leaves one as large stops the run as an internal error.
 *
 * The period: a game that declares itself an octal game (its code's
 * digits) is checked against that code on every heap computed (a heap
 * whose moves differ stops the run as an internal error), and its period
 * is CERTIFIED by the octal periodicity theorem (Winning Ways, Chapter
 * 4): G(n + p) = G(n) for every n with n0 <= n < 2 n0 + p + t, t the
 * largest take, gives it for every n >= n0.  A game that declares no code
 * (Grundy's game splits without taking, and no such theorem bounds it) gets
 * a period OBSERVED, seen three times, or none seen (UNDECIDED).
 */
#ifndef HEAP_GRUNDY_H
#define HEAP_GRUNDY_H

#include "core/engine/game.h"
#include "core/engine/sequence.h"

/* The most digits (the largest take) of a declared octal code. */
#define HEAP_GRUNDY_MAX_DIGITS 16

/* A game's rules for heap_grundy_open: its name (the sequence's "game"),
 * the most moves a heap of h may have (room) and its moves (write: into
 * out, with room for room(data, h) of them, returning how many; the
 * engine keeps the buffer, grown as heaps grow), and its octal code when it
 * is one (digits[k - 1] the digit of taking k: 1 takes a whole heap, 2
 * leaves one heap, 4 leaves two; ndigits 0: not an octal game).  data is
 * the game's, passed back as given (NULL: none). */
typedef struct {
    const char *name;
    int (*room)(const void *data, int h);
    int (*write)(const void *data, int h, game_heap_move *out);
    const void *data;
    int ndigits;
    int digits[HEAP_GRUNDY_MAX_DIGITS];
} heap_grundy_rules;

/* A sequence of the rules (the caller's open returns it). */
sequence *heap_grundy_open(const heap_grundy_rules *rules);

/* The rest of game_sequence's functions, for every game on this file:
 * its entry lists them with HEAP_GRUNDY_FUNCTIONS. */
void heap_grundy_info(const sequence *s, sequence_info *out);
int heap_grundy_begin(sequence *s, int last, char *err, int errlen);
int heap_grundy_row(sequence *s, int n, int64_t *values);
uint64_t heap_grundy_bytes(const sequence *s, int n);
void heap_grundy_period(const sequence *s, int last, uint64_t max_bytes, sequence_period *out);
void heap_grundy_format(int64_t v, int64_t scale, char *buf, int len);
void heap_grundy_close(sequence *s);

#define HEAP_GRUNDY_FUNCTIONS                                                                                         \
    .info = heap_grundy_info, .begin = heap_grundy_begin, .row = heap_grundy_row, .bytes = heap_grundy_bytes,          \
    .period = heap_grundy_period, .format_value = heap_grundy_format, .close = heap_grundy_close

#endif
