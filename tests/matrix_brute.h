/*
 * matrix_brute.h -- the value of a zero-sum matrix game by enumerating
 * supports, written apart from core/engine/matrix_game.c (no simplex) to
 * test it and the games that use it.
 *
 * Shapley and Snow: a matrix game has a pair of optimal strategies whose
 * supports I (rows) and J (columns) have the same size k and whose k x k
 * submatrix, bordered by ones, is non-singular.  So every pair of supports
 * of equal size is tried: the square system "x_I^T A_IJ = v, sum x_I = 1"
 * and "A_IJ y_J = v, sum y_J = 1" is solved exactly (Gauss on GMP
 * rationals); a solution with x, y >= 0 that no other row or column beats
 * (x^T A e_j >= v for every column j, e_i^T A y <= v for every row i) is
 * optimal, and its v is the value.
 */
#ifndef MATRIX_BRUTE_H
#define MATRIX_BRUTE_H

#include <gmp.h>

/* a[i * cols + j] pays the row player; rows, cols <= 12.  The value into
 * v; returns 0, or -1 when no pair of supports gave an optimum (a bug of
 * this test's solver or of the theorem's use). */
int brute_matrix_value(const mpq_t *a, int rows, int cols, mpq_t v);

#endif
