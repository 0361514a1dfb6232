/*
 * nim_rules.h -- the move rule of Scoring Nim, as the engine sees it.
 *
 * A move takes any positive number of stones from one pile and scores one
 * point a stone; the bonus N for the last stone lives in the table's lanes
 * (payoff.h), not here.  Moves are listed once per distinct resulting
 * multiset, in a fixed order (the smallest pile size first, and for each
 * pile the new size from 0 upwards), so that "the first optimal move" is
 * well defined and every derived line of play is reproducible.
 */
#ifndef NIM_RULES_H
#define NIM_RULES_H

#include "core/engine/multiset.h"

typedef struct {
    uint64_t child;  /* rank of the resulting position            */
    int taken;       /* stones taken, |p| - |p'|                   */
} sn_move;

/* Largest number of moves from any position of the shape (the sum of the
 * distinct pile sizes is at most S = piles * bound). */
int sn_max_moves(const ms_shape *shape);

/* Writes every move from the ascending piles a[] into out[] and returns
 * how many there are (0 for the terminal position). */
int sn_moves(const ms_shape *shape, const int *a, sn_move *out);

/* The ascending piles after replacing one pile of size `from` by `to`. */
void sn_apply(const ms_shape *shape, const int *a, int from, int to, int *out);

#endif
