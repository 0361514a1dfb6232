/*
 * octal_game.h -- Stewart's scoring octal games as games on the engine
 * (game.h), G_s being VALUE_MARGIN at one lane with no bonus:
 *     G_s(no move left) = 0,
 *     G_s(position) = max over moves of (points - G_s(result))
 * (Definition 31), values int64 multiples of 1/scale (octal.h).
 *
 * A position is a heap game: heaps under O and heaps under P (the sum
 * G +_l H of the paper), two descriptions of it:
 *   - the grid (taking-no-breaking games, every digit 0..3 and d_0 = 0):
 *     one heap n under O and one heap m under P (m = 0..M), ranked
 *     n (M + 1) + m, GAME_BY_RANK (every move lowers the rank), growing in
 *     n as far as asked; a fast path, "rows", computes whole ranges of it
 *     with no call a move;
 *   - the heaps (any game): keys of the engine's memo (memo.h), the O-heaps
 *     largest first, a 0, the P-heaps largest first.  A heap that admits
 *     no move under its side's rules never changes play (no move is ever
 *     made on it, and G_s only looks at moves), so keys leave it out; and
 *     heaps under one and the same game form one position, a multiset:
 *     G_s(A +_l B) = G_s(A u B), so when P is O every heap is keyed as an
 *     O-heap and positions reached from different splits are shared.
 */
#ifndef OCTAL_GAME_H
#define OCTAL_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include "core/engine/game.h"
#include "core/games/scoring_octal/octal.h"

typedef struct {
    game_desc game;     /* game.data points to this struct: it must not move */
    og_rules O, P;
    bool has_sum;       /* P present (else M = 0)                       */
    int M;              /* columns m = 0..M                             */
    int64_t scale;
    int64_t pO[OG_MAX_TAKE + 1], pP[OG_MAX_TAKE + 1];
    int64_t max_rows;   /* rows n = 0 .. max_rows - 1 at most (value bound) */
} octal_grid;

/* P may be NULL (one heap).  Refuses breaking games, points with no
 * common scale, and rows whose values could leave 64 bits.  Returns 0,
 * or -1 with a one-line reason. */
int octal_grid_init(octal_grid *g, const og_rules *O, const og_rules *P, int M, int64_t max_rows, char *err,
                    int errlen);

/* The heaps description, for the memo. */
#define OCTAL_MAX_HEAPS 96
#define OCTAL_MAX_HEAP 1023

typedef struct octal_heaps octal_heaps;

/* P may be NULL (then P-heaps are played under O). */
octal_heaps *octal_heaps_new(const og_rules *O, const og_rules *P, int64_t scale);
void octal_heaps_free(octal_heaps *h);
const game_desc *octal_heaps_game(const octal_heaps *h);
/* The key of O-heaps ho[0..no) plus P-heaps hp[0..np) (either NULL when
 * its count is 0; any order, zeros
 * and dead heaps left out); returns its length, or -1 beyond the limits
 * (OCTAL_MAX_HEAPS heaps a side, heaps up to OCTAL_MAX_HEAP). */
int octal_heaps_key(octal_heaps *h, const int *ho, int no, const int *hp, int np, uint16_t *key);
/* P plays as O (P NULL, or the same digits and points): then every heap
 * of a position is keyed as one multiset, followed by the 0. */
bool octal_heaps_one_game(const og_rules *O, const og_rules *P);
/* Room for any key. */
#define OCTAL_KEY_MAX (2 * OCTAL_MAX_HEAPS + 1)

#endif
