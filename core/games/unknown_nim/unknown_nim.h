/*
 * unknown_nim.h -- the takes from a position of unknown-nim and the
 * chance each gives the player to move (Huibers, Section 6.3, Table 29),
 * read off a swept table of the game: for the claims on Table 29 and for
 * `value` (through the registry entry's what_wins).
 */
#ifndef UNKNOWN_NIM_H
#define UNKNOWN_NIM_H

#include <gmp.h>

#include "core/engine/table.h"

/* One take of a position: from pile `pile` (0: X, 1: Y, ... in --ranges
 * order), `take` chips, and the mover's exact chance of winning after it
 * (the mean over the sizes an unknown pile may have of 1 - the chance of
 * the player then to move). */
typedef struct {
    int pile, take;
    mpq_t chance;
} unknown_take;

/* The takes of the position at `rank` of t (swept, of unknown-nim), in the
 * game's order (pile X's takes 1..k, then pile Y's), each with its chance,
 * into a new array of *n (free it with unknown_takes_free); NULL with *n = 0
 * when t's game is not unknown-nim or the position has no take. */
unknown_take *unknown_takes(const value_table *t, uint64_t rank, int *n);
void unknown_takes_free(unknown_take *takes, int n);

#endif
