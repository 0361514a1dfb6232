/*
 * pile_period.h -- the values of a game on piles (pile_game.h), periodic
 * in every pile, certified for every pile size from a finite table.
 *
 * The games this serves take at most `reach` chips from a pile in one
 * move, and their moves do not depend on how large a pile is once it
 * holds at least `reach` chips: from piles p with p_i >= reach, the moves
 * of p + t e_i are those of p with pile i t chips larger (restricted Nim
 * and its variants, Nim with N players, any subtraction game S(1..k)).
 * What a move carries (a restricted number) is the position's tag, and
 * is the same either way.
 *
 * The certificate is a preperiod A >= reach and a period t, the same in
 * every pile (the positions are multisets).  Fold a pile of n chips to
 * n itself when n < A + t, else to A + (n - A) mod t, and call g(p) the
 * table's value at p with every pile folded.  The checker shows that g
 * satisfies the game's own recurrence (the mex of the children's values,
 * the misere outcome, the N-player rule) at every position whose piles
 * are all below X = A + t + reach, and has the value of a position with
 * no move wherever there is none.  That suffices for every position:
 *
 *   a position q with some pile q_i >= X has the same moves, shifted, as
 *   q - t e_i, whose pile i is still >= A + reach >= reach; every child
 *   of either keeps pile i >= A, where folding does not see the shift;
 *   so the recurrence holds at q exactly when it holds at q - t e_i, and
 *   by descent it holds at q when it holds in the checked region.
 *
 * A function that satisfies the recurrence at every position is the
 * game's value (induction on the chips left), so g is the value
 * everywhere: every pile's values repeat with period t from A chips on,
 * in every other pile's company, the strips along the axes included.
 *
 * The finder proposes the certificate from the table; the checker proves
 * it on its own code path: the game's moves and a recombination of the
 * children's values written here, not the engine's sweep.
 */
#ifndef PILE_PERIOD_H
#define PILE_PERIOD_H

#include <stdbool.h>
#include <stdint.h>

#include "core/engine/table.h"

/* What of a position's value the certificate is about: each view is
 * closed under the game's recurrence (a view's value at a position
 * follows from its children's values in the same view). */
typedef enum {
    PILE_GRUNDY,       /* VALUE_GRUNDY: the Sprague-Grundy value (the mex)  */
    PILE_NORMAL_WIN,   /* VALUE_GRUNDY: whether the mover wins (normal play) */
    PILE_MISERE_WIN,   /* VALUE_GRUNDY: whether the mover wins (misere play) */
    PILE_BOTH_WIN,     /* VALUE_GRUNDY: both: 2 (normal play wins) + 1 (misere) */
    PILE_OUTCOME,      /* VALUE_PLAYERS, VALUE_DRAW: the outcome code        */
} pile_view;

typedef struct {
    pile_view view;
    int pre;     /* A: every pile repeats from this many chips on         */
    int per;     /* t: with this period                                    */
    int reach;   /* the most a move takes from one pile                    */
} pile_period;

/* The view's name, for findings ("Sprague-Grundy values"). */
const char *pile_view_name(pile_view v);

/* A pile of n chips folded into [0, pre + per). */
int pile_period_fold(const pile_period *c, int n);

/* The view of a position's value, as one number. */
uint64_t pile_period_value(const value_table *t, pile_view v, uint64_t rank);

/* The table's value at these piles (any order) and tag, every pile
 * folded: the value of the position for every pile size once c is
 * checked. */
uint64_t pile_period_value_at(const value_table *t, const pile_period *c, const int *piles, int n, int tag);

/* The least value none of the n children has (the checker's own, not
 * the engine's kernels). */
uint64_t pile_period_mex(const uint64_t *child, int n);

/* Proposes a certificate from a table of a pile game whose piles go up
 * to `bound` chips, in view v: the least period t, with its least preperiod
 * A >= reach, under which the table's values repeat in every pile and
 * whose checked region (every pile below A + t + reach) lies in the
 * table, t a multiple of step (1: any; a known divisor of every period,
 * such as the least period of the game's one-pile line, saves trying
 * the others).  False when there is none. */
bool pile_period_find(const value_table *t, pile_view v, int bound, int reach, int step, pile_period *out);

/* Proves c as the header says: true, or false with the first position
 * where the folded values break the recurrence (or the reason the
 * certificate cannot be checked on this table) in why.  whylen must be at
 * least PILE_PERIOD_WHY_MAX, which holds any reason (a position of 16
 * piles of 65536 chips and the longest sentence); less stops the run. */
#define PILE_PERIOD_WHY_MAX 256
bool pile_period_check(const value_table *t, int bound, const pile_period *c, char *why, int whylen);

#endif
