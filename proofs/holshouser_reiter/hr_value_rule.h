/*
 * hr_value_rule.h -- a proof, for every position of any number of piles of
 * any size, that the outcome of a game of chance (Holshouser and Reiter's
 * Game 1) is read off a value of each pile (hr/theorem, hr/misere,
 * hr/multi-pile).
 *
 * The game: the mover picks a non-empty pile of n, writes x in X while the
 * opponent writes x' in X' (at once), and the pile becomes n - x - x' (0 when
 * that is not positive); the last counter wins (normal play) or loses
 * (misere play).  A value v(n) >= 0 is given on a set S of piles that holds
 * the empty pile, with v(0) = 0; in normal play some piles outside S may be
 * lone piles, from which the mover can force a pile of value 0.  The rule
 * proved: on every position whose piles all lie in S, no outcome is left
 * to chance, and the player to move wins exactly when
 *   normal play: the XOR of the values is not 0 (with values 0 and 1: their
 *     sum is odd, the paper's "unbalanced");
 *   misere play (values 0 and 1 only): the sum of the values is even;
 * and (normal play) on every position of one lone pile and piles of S whose
 * values have XOR 0, the player to move wins with certainty.
 *
 * The proof is an induction over the number of counters (docs/claims.md, A
 * game of chance, writes it out).  It needs, one pile n of S at a time:
 *   the mover's moves at n: for every value u below v(n) (normal play), or
 *     for u = 1 - v(n) on every non-empty pile (misere play), some x makes,
 *     whatever x' is written, a pile of S of value u;
 *   the opponent's change at n (n non-empty): some x' makes, whatever x is
 *     written, a pile of S whose value is not v(n), or (when v(n) = 0) a
 *     lone pile;
 *   at a lone pile: some x makes, whatever x', a pile of value 0;
 * and that every move removes a counter (min X + min X' >= 1).  Both read v
 * and S on the piles n - w .. n - 1 and 0 (w = max X + max X'); when v and
 * S repeat with period t from pile a on, the moves at n >= max(a, 1) + w
 * are the moves at n + t, so piles 1 .. max(a, 1) + w + t - 1 stand for
 * every pile.
 */
#ifndef HR_VALUE_RULE_H
#define HR_VALUE_RULE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    const int *x;     /* the mover's choices X      */
    int nx;
    const int *xbar;  /* the opponent's choices X'  */
    int nxbar;
    bool misere;
} value_rule_game;

/* A pile's value (>= 0), VALUE_RULE_LONE for a lone pile, or
 * VALUE_RULE_NONE for any other pile outside S. */
typedef int (*pile_value_fn)(int n, const void *arg);
#define VALUE_RULE_NONE (-1)
#define VALUE_RULE_LONE (-2)

/* Room for the reason a proof does not go through. */
#define VALUE_RULE_WHY_MAX 256

typedef struct {
    int checked_to;   /* piles 1 .. checked_to checked: every pile, by the period */
    int failed_at;    /* the least pile where a move fails; 0: none, the rule is proved */
    char why[VALUE_RULE_WHY_MAX];
} value_rule_proof;

/* The pile after x and x' are written. */
int value_rule_after(int n, int x, int xbar);

/* Whether both kinds of move hold at a pile of n (true for a pile outside
 * S); false with the one that fails in why. */
bool value_rule_moves_at(const value_rule_game *g, pile_value_fn value, const void *arg, int n, char *why,
                         size_t whylen);

/* Checks the moves on every pile, given that v and S repeat with period
 * `period` from pile `from` on (the caller's certificate; it is checked
 * again over the piles examined, so values that break their period there
 * are refused).  value is read on piles 0 .. checked_to + period.  True
 * when the rule is proved; false with the least pile where a move fails
 * (or the period breaks) and why. */
bool value_rule_prove(const value_rule_game *g, pile_value_fn value, const void *arg, int from, int period,
                      value_rule_proof *out);

/* The outcome of one pile, from the game's definition on outcomes alone:
 * the mover wins with certainty exactly when some x leaves, whatever x',
 * a pile he loses with certainty, and loses with certainty exactly when
 * some x' leaves, whatever x, a pile he wins with certainty (a matrix of
 * 0s and 1s has value 1 only with a row of 1s, 0 only with a column of
 * 0s).  out[n] for n = 0 .. last: 1 a certain win, 0 a certain loss, 2
 * uncertain. */
void value_rule_pile_outcomes(const value_rule_game *g, int last, int *out);

/* The values of normal play, pile by pile (each reads smaller piles
 * only): v(0) = 0, and v(n) the u for which both kinds of move hold at n
 * (at most one u can: the mover forcing u and the opponent avoiding it
 * meet in one cell); when none does, VALUE_RULE_LONE if the mover can
 * force a pile of value 0, else VALUE_RULE_NONE.  No u above |X| can hold
 * (each smaller value needs an x of its own), so every u is tried: the
 * search has no cap.  out[n] for n = 0 .. last. */
void value_rule_values(const value_rule_game *g, int last, int *out);

/* The rest of the outcomes of normal play, where the rule above says
 * nothing: a position is left to chance (the player to move wins with a
 * probability strictly between 0 and 1) exactly when it has a pile
 * outside S that is not lone, or two or more lone piles, or one lone pile
 * beside piles whose values have XOR not 0.  Given the rule above (proved
 * by value_rule_prove), by induction over the counters: at such a
 * position the mover has no sure win (whatever pile he takes, the
 * opponent writing each x' with equal chance leaves every x a child the
 * next player does not lose for sure) and no sure loss (some pile the
 * position must hold -- one outside S and not lone, a lone pile, or one
 * whose value has the highest bit of the XOR -- gives every x' a reply x
 * whose child the next player does not win for sure).  The children's
 * outcomes follow from the piles' classes alone (the XOR, and whether
 * there are 0, 1 or more lone piles and piles outside S), so the check
 * runs over those and over piles 1 .. checked_to, which stand for every
 * pile by the period (seen again here).  True when proved; false with
 * the first class of positions where it does not go through, in why. */
bool value_rule_prove_chance(const value_rule_game *g, pile_value_fn value, const void *arg, int from, int period,
                             value_rule_proof *out);

#endif
