/*
 * reference.h -- plain reference solvers for Scoring Nim, written for
 * obviousness rather than speed, to test the engine against.
 *
 * Both work in half-points, like the engine: M = 2N, results are 2 f_N(p).
 */
#ifndef REFERENCE_H
#define REFERENCE_H

/* Memoised recursion (2) for one bonus at a time over unsorted pile
 * tuples (no symmetry, no sorting, no lanes). */
typedef struct {
    int piles, bound, M;
    long *memo;   /* (bound+1)^piles entries, indexed by the tuple in base bound+1 */
    char *known;
} ref_solver;

int ref_init(ref_solver *s, int piles, int bound, int M);
void ref_free(ref_solver *s);
long ref_value2(ref_solver *s, const int *p);

/* Full game-tree minimax with no memo at all: every line of play is
 * walked.  Only for tiny positions. */
long brute_value2(const int *p, int piles, int M);

/* The same minimax with a stone worth `stone` and the last stone `last`:
 * 2b f_{a/b}(p) is brute_value_scaled(p, piles, 2b, 2a). */
long brute_value_scaled(const int *p, int piles, long stone, long last);

#endif
