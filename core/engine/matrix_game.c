/*
 * matrix_game.c -- the exact value and one pair of optimal mixed
 * strategies of a finite two-player zero-sum matrix game, by the simplex
 * method on GMP rationals (never floating point).
 *
 * The method.  Shift the game by c = 1 - (least entry), so every entry of
 * A' = A + c is >= 1; the shift adds c to every payoff, so it adds c to
 * the value and keeps the optimal strategies, and the shifted value v' is
 * >= 1 > 0.  With q = y / v' and p = x / v' the two players' problems
 * become an LP and its dual, both with optimum 1 / v':
 *     column player:  maximise sum q  subject to  A' q <= 1,    q >= 0,
 *     row player:     minimise sum p  subject to  A'^T p >= 1,  p >= 0.
 * Only the first is solved, as a tableau in standard form A' q + s = 1
 * with one slack per row: it is feasible at q = 0 with the slacks as the
 * basis, so no phase one is needed, and it is bounded because every entry
 * of A' is >= 1 forces every q_j <= 1.  At the optimum the objective row
 * at slack column i holds the dual variable p_i (the shadow price of
 * row i's constraint), so the row player's strategy comes from the same
 * tableau.  Then v' = 1 / sum q, x = p v', y = q v', value = v' - c.
 *
 * Pivoting follows Bland's rule: the entering variable is the improving
 * one of least index, the leaving one the least-index basic variable among
 * the rows tied at the least ratio.  That rule never cycles, so the method
 * terminates even on the degenerate tableaux that games with repeated or
 * dominated rows produce.  With exact arithmetic and no choice left to
 * chance the strategies returned are a function of the matrix alone.
 *
 * Why not a library: GLPK's glp_exact pivots in rationals, but a problem
 * goes in and its solution comes out as doubles (glp_set_mat_row,
 * glp_get_col_prim), so an entry or a value such as 1/3 could not pass
 * exactly; this small tableau on GMP keeps every number exact, and the
 * certificate below proves each answer whatever the method.
 *
 * Before returning, the answer is checked against the optimality
 * certificate, which proves it independently of the simplex: x and y are
 * distributions, x^T A e_j >= value for every column j, e_i^T A y <= value
 * for every row i.  A failure there is a bug, and the run stops.
 */
#include "core/engine/matrix_game.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/engine/xalloc.h"

/* n freshly mpq_init'ed rationals (all 0). */
static mpq_t *mpq_array_new(size_t n)
{
    mpq_t *v = xmalloc(xmul(n ? n : 1, sizeof(mpq_t), "a matrix game"), "a matrix game");
    for (size_t i = 0; i < n; i++)
        mpq_init(v[i]);
    return v;
}

static void mpq_array_free(mpq_t *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        mpq_clear(v[i]);
    free(v);
}

/* A failed certificate is a bug of the solver: the run stops with no
 * verdict rather than use a value it cannot trust. */
_Noreturn static void matrix_game_bug(const char *what)
{
    die("internal error in matrix_game_solve: %s (a bug)", what);
}

/*
 * Pivot the tableau t (nrows rows of width entries, row-major) on row r,
 * column e: scale row r so t[r][e] = 1, then subtract multiples of it from
 * every other row (the objective row included) so column e becomes the
 * unit vector e_r.  f and tmp are scratch.
 */
static void pivot(mpq_t *t, size_t nrows, size_t width, size_t r, size_t e, mpq_t f, mpq_t tmp)
{
    mpq_t *pr = t + r * width;

    mpq_inv(f, pr[e]);
    for (size_t k = 0; k < width; k++)
        if (k != e && mpq_sgn(pr[k]) != 0)
            mpq_mul(pr[k], pr[k], f);
    mpq_set_ui(pr[e], 1, 1);

    for (size_t i = 0; i < nrows; i++) {
        if (i == r)
            continue;
        mpq_t *ri = t + i * width;
        if (mpq_sgn(ri[e]) == 0)
            continue;
        /* Copy the multiplier: ri[e] itself is overwritten in the loop. */
        mpq_set(f, ri[e]);
        for (size_t k = 0; k < width; k++) {
            if (mpq_sgn(pr[k]) == 0)
                continue;
            mpq_mul(tmp, f, pr[k]);
            mpq_sub(ri[k], ri[k], tmp);
        }
    }
}

/*
 * The optimality certificate on the original matrix: x, y distributions,
 * every column against x pays the row player >= v, every row against y
 * pays him <= v.  Together these prove v is the value and x, y optimal.
 */
static void check_certificate(const mpq_t *a, size_t m, size_t n, const mpq_t v, const mpq_t *x,
                              const mpq_t *y)
{
    mpq_t s, tmp;
    mpq_init(s);
    mpq_init(tmp);

    mpq_set_ui(s, 0, 1);
    for (size_t i = 0; i < m; i++) {
        if (mpq_sgn(x[i]) < 0)
            matrix_game_bug("row strategy has a negative entry");
        mpq_add(s, s, x[i]);
    }
    if (mpq_cmp_ui(s, 1, 1) != 0)
        matrix_game_bug("row strategy does not sum to 1");

    mpq_set_ui(s, 0, 1);
    for (size_t j = 0; j < n; j++) {
        if (mpq_sgn(y[j]) < 0)
            matrix_game_bug("column strategy has a negative entry");
        mpq_add(s, s, y[j]);
    }
    if (mpq_cmp_ui(s, 1, 1) != 0)
        matrix_game_bug("column strategy does not sum to 1");

    for (size_t j = 0; j < n; j++) {
        mpq_set_ui(s, 0, 1);
        for (size_t i = 0; i < m; i++) {
            mpq_mul(tmp, x[i], a[i * n + j]);
            mpq_add(s, s, tmp);
        }
        if (mpq_cmp(s, v) < 0)
            matrix_game_bug("row strategy gets less than the value against a column");
    }

    for (size_t i = 0; i < m; i++) {
        mpq_set_ui(s, 0, 1);
        for (size_t j = 0; j < n; j++) {
            mpq_mul(tmp, a[i * n + j], y[j]);
            mpq_add(s, s, tmp);
        }
        if (mpq_cmp(s, v) > 0)
            matrix_game_bug("column strategy concedes more than the value to a row");
    }

    mpq_clear(s);
    mpq_clear(tmp);
}

int matrix_game_solve(const mpq_t *a, int rows, int cols, mpq_t value, mpq_t *x, mpq_t *y)
{
    if (rows < 1 || cols < 1)
        return -1;

    const size_t m = (size_t)rows, n = (size_t)cols;
    /* Columns: q_0..q_{n-1}, slacks s_0..s_{m-1} (variable n + i), then the
     * right-hand side.  Rows: the m constraints, then the objective. */
    const size_t nvars = n + m;
    const size_t width = nvars + 1;
    const size_t rhs = nvars;
    const size_t nrows = m + 1;
    /* (xmul below stops the run should nrows * width overflow.) */

    mpq_t c, f, tmp, best, v;
    mpq_init(c);
    mpq_init(f);
    mpq_init(tmp);
    mpq_init(best);
    mpq_init(v);

    /* c = 1 - min entry, so that a + c >= 1 everywhere. */
    mpq_set(c, a[0]);
    for (size_t k = 1; k < m * n; k++)
        if (mpq_cmp(a[k], c) < 0)
            mpq_set(c, a[k]);
    mpq_set_ui(tmp, 1, 1);
    mpq_sub(c, tmp, c);

    mpq_t *t = mpq_array_new(xmul(nrows, width, "a matrix game"));
    /* basis[i]: the variable basic in constraint row i. */
    size_t *basis = xmalloc(xmul(m, sizeof *basis, "a matrix game"), "a matrix game");

    /* Constraint rows: [A'  I | 1], the slacks basic. */
    for (size_t i = 0; i < m; i++) {
        mpq_t *ri = t + i * width;
        for (size_t j = 0; j < n; j++)
            mpq_add(ri[j], a[i * n + j], c);
        mpq_set_ui(ri[n + i], 1, 1);
        mpq_set_ui(ri[rhs], 1, 1);
        basis[i] = n + i;
    }
    /* Objective row holds z_j - c_j (c_j = 1 for every q_j, 0 for the
     * slacks) and, at the right, the current sum q; a negative entry marks
     * a variable whose entry would raise sum q. */
    mpq_t *obj = t + m * width;
    for (size_t j = 0; j < n; j++)
        mpq_set_si(obj[j], -1, 1);

    for (;;) {
        /* Bland: the improving column of least index enters. */
        size_t e = nvars;
        for (size_t j = 0; j < nvars; j++)
            if (mpq_sgn(obj[j]) < 0) {
                e = j;
                break;
            }
        if (e == nvars)
            break;

        /* Ratio test over rows with a positive entry in column e; ties go
         * to the row whose basic variable has the least index (Bland). */
        size_t r = m;
        for (size_t i = 0; i < m; i++) {
            mpq_t *ri = t + i * width;
            if (mpq_sgn(ri[e]) <= 0)
                continue;
            mpq_div(tmp, ri[rhs], ri[e]);
            int cmp = r == m ? -1 : mpq_cmp(tmp, best);
            if (cmp < 0 || (cmp == 0 && basis[i] < basis[r])) {
                r = i;
                mpq_set(best, tmp);
            }
        }
        /* No positive entry would make the LP unbounded, which A' >= 1
         * rules out. */
        if (r == m)
            matrix_game_bug("the column player's LP came out unbounded");

        pivot(t, nrows, width, r, e, f, tmp);
        basis[r] = e;
    }

    /* sum q = 1 / v' > 0 at the optimum (q = 0 is never optimal: the first
     * pivot already raises sum q, since every ratio 1 / A'_ij is > 0). */
    if (mpq_sgn(obj[rhs]) <= 0)
        matrix_game_bug("the LP optimum is not positive");
    mpq_t *xs = mpq_array_new(m);
    mpq_t *ys = mpq_array_new(n);
    /* v' = 1 / sum q. */
    mpq_inv(v, obj[rhs]);

    /* q: the basic q_j take their row's right-hand side, the rest are 0. */
    for (size_t i = 0; i < m; i++)
        if (basis[i] < n)
            mpq_mul(ys[basis[i]], t[i * width + rhs], v);
    /* p: the dual, read at the slack columns of the objective row. */
    for (size_t i = 0; i < m; i++)
        mpq_mul(xs[i], obj[n + i], v);
    mpq_sub(v, v, c);

    check_certificate(a, m, n, v, (const mpq_t *)xs, (const mpq_t *)ys);

    /* Write the outputs only now, so an output aliasing an entry of a
     * cannot disturb the computation. */
    mpq_set(value, v);
    if (x != NULL)
        for (size_t i = 0; i < m; i++)
            mpq_set(x[i], xs[i]);
    if (y != NULL)
        for (size_t j = 0; j < n; j++)
            mpq_set(y[j], ys[j]);

    mpq_array_free(xs, m);
    mpq_array_free(ys, n);
    mpq_array_free(t, nrows * width);
    free(basis);
    mpq_clear(c);
    mpq_clear(f);
    mpq_clear(tmp);
    mpq_clear(best);
    mpq_clear(v);
    return 0;
}
