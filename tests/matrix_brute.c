/*
 * matrix_brute.c -- a matrix game's value by support enumeration (see
 * matrix_brute.h).
 */
#include "tests/matrix_brute.h"

#include <stdbool.h>
#include <stdlib.h>

/* Solves the (k+1) x (k+1) system m z = rhs in place by Gauss-Jordan on
 * rationals; false when m is singular. */
static bool solve(mpq_t *m, mpq_t *rhs, int n)
{
    mpq_t f, t;
    mpq_inits(f, t, NULL);
    bool ok = true;
    for (int c = 0; c < n && ok; c++) {
        int p = c;
        while (p < n && mpq_sgn(m[p * n + c]) == 0)
            p++;
        if (p == n) {
            ok = false;
            break;
        }
        if (p != c) {
            for (int j = 0; j < n; j++)
                mpq_swap(m[p * n + j], m[c * n + j]);
            mpq_swap(rhs[p], rhs[c]);
        }
        for (int r = 0; r < n; r++) {
            if (r == c || mpq_sgn(m[r * n + c]) == 0)
                continue;
            mpq_div(f, m[r * n + c], m[c * n + c]);
            for (int j = c; j < n; j++) {
                mpq_mul(t, f, m[c * n + j]);
                mpq_sub(m[r * n + j], m[r * n + j], t);
            }
            mpq_mul(t, f, rhs[c]);
            mpq_sub(rhs[r], rhs[r], t);
        }
    }
    for (int c = 0; c < n && ok; c++)
        mpq_div(rhs[c], rhs[c], m[c * n + c]);
    mpq_clears(f, t, NULL);
    return ok;
}

/* One side's strategy on support S (k members) against the other side's
 * support T: unknowns z_S and v with sum z = 1 and, for each t in T, the
 * payoff of t against z equal to v.  rows_side: z is the row player's.
 * Into z (length n of the whole side) and v; false if singular or some
 * z < 0. */
static bool side(const mpq_t *a, int rows, int cols, bool rows_side, const int *S, const int *T, int k, mpq_t *z,
                 int n, mpq_t v)
{
    (void)rows;
    int dim = k + 1;
    mpq_t *m = malloc(sizeof *m * (size_t)(dim * dim)), *rhs = malloc(sizeof *rhs * (size_t)dim);
    for (int i = 0; i < dim * dim; i++)
        mpq_init(m[i]);
    for (int i = 0; i < dim; i++)
        mpq_init(rhs[i]);
    /* Row e < k: sum_s z_s a(s, T[e]) - v = 0; row k: sum z = 1. */
    for (int e = 0; e < k; e++) {
        for (int s = 0; s < k; s++)
            mpq_set(m[e * dim + s], rows_side ? a[S[s] * cols + T[e]] : a[T[e] * cols + S[s]]);
        mpq_set_si(m[e * dim + k], -1, 1);
    }
    for (int s = 0; s < k; s++)
        mpq_set_ui(m[k * dim + s], 1, 1);
    mpq_set_ui(rhs[k], 1, 1);
    bool ok = solve(m, rhs, dim);
    for (int i = 0; i < n; i++)
        mpq_set_ui(z[i], 0, 1);
    for (int s = 0; ok && s < k; s++) {
        if (mpq_sgn(rhs[s]) < 0)
            ok = false;
        mpq_set(z[S[s]], rhs[s]);
    }
    if (ok)
        mpq_set(v, rhs[k]);
    for (int i = 0; i < dim * dim; i++)
        mpq_clear(m[i]);
    for (int i = 0; i < dim; i++)
        mpq_clear(rhs[i]);
    free(m);
    free(rhs);
    return ok;
}

/* Whether x (rows) and y (columns) are optimal with value v. */
static bool optimal(const mpq_t *a, int rows, int cols, const mpq_t *x, const mpq_t *y, const mpq_t v)
{
    mpq_t s, t;
    mpq_inits(s, t, NULL);
    bool ok = true;
    for (int j = 0; j < cols && ok; j++) {
        mpq_set_ui(s, 0, 1);
        for (int i = 0; i < rows; i++) {
            mpq_mul(t, x[i], a[i * cols + j]);
            mpq_add(s, s, t);
        }
        ok = mpq_cmp(s, v) >= 0;
    }
    for (int i = 0; i < rows && ok; i++) {
        mpq_set_ui(s, 0, 1);
        for (int j = 0; j < cols; j++) {
            mpq_mul(t, y[j], a[i * cols + j]);
            mpq_add(s, s, t);
        }
        ok = mpq_cmp(s, v) <= 0;
    }
    mpq_clears(s, t, NULL);
    return ok;
}

/* The next k-subset of 0..n-1 in lexicographic order; false after the last. */
static bool next_subset(int *s, int k, int n)
{
    int i = k - 1;
    while (i >= 0 && s[i] == n - k + i)
        i--;
    if (i < 0)
        return false;
    s[i]++;
    for (int j = i + 1; j < k; j++)
        s[j] = s[j - 1] + 1;
    return true;
}

int brute_matrix_value(const mpq_t *a, int rows, int cols, mpq_t v)
{
    if (rows < 1 || cols < 1 || rows > 12 || cols > 12)
        return -1;
    mpq_t *x = malloc(sizeof *x * (size_t)rows), *y = malloc(sizeof *y * (size_t)cols), vx, vy;
    for (int i = 0; i < rows; i++)
        mpq_init(x[i]);
    for (int j = 0; j < cols; j++)
        mpq_init(y[j]);
    mpq_inits(vx, vy, NULL);
    int found = -1, most = rows < cols ? rows : cols;
    for (int k = 1; k <= most && found < 0; k++) {
        int I[12], J[12];
        for (int i = 0; i < k; i++)
            I[i] = i;
        do {
            for (int j = 0; j < k; j++)
                J[j] = j;
            do {
                if (side(a, rows, cols, true, I, J, k, x, rows, vx) &&
                    side(a, rows, cols, false, J, I, k, y, cols, vy) && mpq_equal(vx, vy) &&
                    optimal(a, rows, cols, (const mpq_t *)x, (const mpq_t *)y, vx)) {
                    mpq_set(v, vx);
                    found = 0;
                }
            } while (found < 0 && next_subset(J, k, cols));
        } while (found < 0 && next_subset(I, k, rows));
    }
    for (int i = 0; i < rows; i++)
        mpq_clear(x[i]);
    for (int j = 0; j < cols; j++)
        mpq_clear(y[j]);
    mpq_clears(vx, vy, NULL);
    free(x);
    free(y);
    return found;
}
