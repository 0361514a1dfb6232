/*
 * matrix_game.h -- the exact value and one pair of optimal mixed
 * strategies of a finite two-player zero-sum matrix game, in rational
 * arithmetic (GMP mpq_t, never floating point).
 *
 * matrix_game.c explains the method: the simplex method with Bland's rule
 * on the column player's LP, the row player's strategy read off as its
 * dual, and the answer checked against the optimality certificate before
 * it is returned.
 */
#ifndef MATRIX_GAME_H
#define MATRIX_GAME_H

#include <gmp.h>

/* a[i * cols + j]: what the row player (the maximiser) gets when he plays row i
 * and the column player plays column j.  Writes the value of the game
 * (max over mixed x of min over columns of x^T A e_j) into `value`, and, when
 * x / y are not NULL, one optimal mixed strategy of the row player into
 * x[0..rows) and of the column player into y[0..cols) (each already mpq_init'ed
 * by the caller; entries >= 0 summing to 1).  The strategies returned are a
 * deterministic function of the matrix (same input, same output, on every
 * machine).  Returns 0, or -1 when rows < 1 or cols < 1 (nothing written). */
int matrix_game_solve(const mpq_t *a, int rows, int cols, mpq_t value, mpq_t *x, mpq_t *y);

#endif
