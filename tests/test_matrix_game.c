/*
 * test_matrix_game.c -- matrix_game_solve against hand-solved games
 * (2x2, 3x3, degenerate shapes, rational entries), the optimality
 * certificate on 2000 pseudo-random games, the 2x2 closed form, the
 * 1xN / Nx1 pure answers, the transposed game, determinism, and the
 * refusal of bad sizes, and 1,500 random games against a solver written
 * apart (support enumeration, tests/matrix_brute.c).  Every comparison is
 * exact (mpq).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "core/engine/matrix_game.h"
#include "tests/matrix_brute.h"

/* ---- helpers ---------------------------------------------------------- */

static mpq_t *vec_new(int n)
{
    mpq_t *v = malloc((size_t)(n > 0 ? n : 1) * sizeof(mpq_t));
    assert_non_null(v);
    for (int i = 0; i < n; i++)
        mpq_init(v[i]);
    return v;
}

static void vec_free(mpq_t *v, int n)
{
    for (int i = 0; i < n; i++)
        mpq_clear(v[i]);
    free(v);
}

/* q = the rational written in s ("3/4", "-2"), canonical. */
static void set_q(mpq_t q, const char *s)
{
    assert_int_equal(mpq_set_str(q, s, 10), 0);
    mpq_canonicalize(q);
}

/* A rows x cols matrix from its entries written row by row. */
static mpq_t *mat_new(int rows, int cols, const char *const *entries)
{
    mpq_t *a = vec_new(rows * cols);
    for (int k = 0; k < rows * cols; k++)
        set_q(a[k], entries[k]);
    return a;
}

static void assert_q_equal(const mpq_t got, const mpq_t want, const char *what)
{
    if (!mpq_equal(got, want)) {
        gmp_fprintf(stderr, "%s: got %Qd, want %Qd\n", what, got, want);
        fail();
    }
}

static void assert_q_str(const mpq_t got, const char *want, const char *what)
{
    mpq_t w;
    mpq_init(w);
    set_q(w, want);
    assert_q_equal(got, w, what);
    mpq_clear(w);
}

/*
 * The optimality certificate, written here independently of the module:
 * x and y are distributions, x^T A e_j >= v for every column j,
 * e_i^T A y <= v for every row i, and v = x^T A y.
 */
static void check_certificate(const mpq_t *a, int rows, int cols, const mpq_t v, const mpq_t *x,
                              const mpq_t *y)
{
    mpq_t s, t, xay;
    mpq_init(s);
    mpq_init(t);
    mpq_init(xay);

    mpq_set_ui(s, 0, 1);
    for (int i = 0; i < rows; i++) {
        assert_true(mpq_sgn(x[i]) >= 0);
        mpq_add(s, s, x[i]);
    }
    assert_int_equal(mpq_cmp_ui(s, 1, 1), 0);

    mpq_set_ui(s, 0, 1);
    for (int j = 0; j < cols; j++) {
        assert_true(mpq_sgn(y[j]) >= 0);
        mpq_add(s, s, y[j]);
    }
    assert_int_equal(mpq_cmp_ui(s, 1, 1), 0);

    for (int j = 0; j < cols; j++) {
        mpq_set_ui(s, 0, 1);
        for (int i = 0; i < rows; i++) {
            mpq_mul(t, x[i], a[i * cols + j]);
            mpq_add(s, s, t);
        }
        assert_true(mpq_cmp(s, v) >= 0);
        /* x^T A y = sum_j y_j (x^T A e_j). */
        mpq_mul(t, s, y[j]);
        mpq_add(xay, xay, t);
    }

    for (int i = 0; i < rows; i++) {
        mpq_set_ui(s, 0, 1);
        for (int j = 0; j < cols; j++) {
            mpq_mul(t, a[i * cols + j], y[j]);
            mpq_add(s, s, t);
        }
        assert_true(mpq_cmp(s, v) <= 0);
    }

    assert_true(mpq_equal(xay, v));

    mpq_clear(s);
    mpq_clear(t);
    mpq_clear(xay);
}

/* Solves, asserts success and the certificate; x, y must have rows / cols
 * initialised entries. */
static void solve_checked(const mpq_t *a, int rows, int cols, mpq_t v, mpq_t *x, mpq_t *y)
{
    assert_int_equal(matrix_game_solve(a, rows, cols, v, x, y), 0);
    check_certificate(a, rows, cols, v, (const mpq_t *)x, (const mpq_t *)y);
}

/*
 * A hand-solved game: the value must be `value` exactly and, where xs / ys
 * are given (games whose optimal strategies are unique), the strategies
 * must be exactly those.
 */
static void expect_game(int rows, int cols, const char *const *entries, const char *value,
                        const char *const *xs, const char *const *ys)
{
    mpq_t *a = mat_new(rows, cols, entries);
    mpq_t *x = vec_new(rows), *y = vec_new(cols);
    mpq_t v;
    mpq_init(v);

    solve_checked((const mpq_t *)a, rows, cols, v, x, y);
    assert_q_str(v, value, "value");
    if (xs != NULL)
        for (int i = 0; i < rows; i++)
            assert_q_str(x[i], xs[i], "row strategy");
    if (ys != NULL)
        for (int j = 0; j < cols; j++)
            assert_q_str(y[j], ys[j], "column strategy");

    mpq_clear(v);
    vec_free(x, rows);
    vec_free(y, cols);
    vec_free(a, rows * cols);
}

/* ---- hand-solved 2x2 -------------------------------------------------- */

static void test_matching_pennies(void **state)
{
    (void)state;
    const char *a[] = {"1", "-1", "-1", "1"};
    const char *half[] = {"1/2", "1/2"};
    expect_game(2, 2, a, "0", half, half);
}

/*
 * [[3, -1], [-2, 1]]: row minima -1, -2 (maximin -1), column maxima 3, 1
 * (minimax 1), so no saddle point and both players mix.
 * Row player x = (p, 1-p) equalises the columns:
 *     3p - 2(1-p) = -p + (1-p)  ->  5p - 2 = 1 - 2p  ->  p = 3/7,
 * value 5(3/7) - 2 = 1/7.  Column player y = (q, 1-q) equalises the rows:
 *     3q - (1-q) = -2q + (1-q)  ->  4q - 1 = 1 - 3q  ->  q = 2/7,
 * value 4(2/7) - 1 = 1/7.  Closed form: (ad - bc)/(a + d - b - c) =
 * (3 - 2)/(3 + 1 + 1 + 2) = 1/7.
 */
static void test_2x2_mixed(void **state)
{
    (void)state;
    const char *a[] = {"3", "-1", "-2", "1"};
    const char *x[] = {"3/7", "4/7"};
    const char *y[] = {"2/7", "5/7"};
    expect_game(2, 2, a, "1/7", x, y);
}

/*
 * [[2, 3], [1, 4]]: row minima 2, 1, column maxima 2, 4; entry (0, 0) = 2
 * is a saddle point.  Unique: x = (p, 1-p) gets 1 + p against column 0, so
 * p = 1; y = (q, 1-q) concedes 3 - q to row 0, so q = 1.
 */
static void test_2x2_saddle(void **state)
{
    (void)state;
    const char *a[] = {"2", "3", "1", "4"};
    const char *pure0[] = {"1", "0"};
    expect_game(2, 2, a, "2", pure0, pure0);
}

static void test_1x1(void **state)
{
    (void)state;
    const char *a[] = {"-5/3"};
    const char *one[] = {"1"};
    expect_game(1, 1, a, "-5/3", one, one);
}

/* One row: the column player picks the least entry (-2, column 1). */
static void test_1xN(void **state)
{
    (void)state;
    const char *a[] = {"3", "-2", "5", "0"};
    const char *x[] = {"1"};
    const char *y[] = {"0", "1", "0", "0"};
    expect_game(1, 4, a, "-2", x, y);
}

/* One column: the row player picks the greatest entry (5, row 2). */
static void test_Nx1(void **state)
{
    (void)state;
    const char *a[] = {"3", "-2", "5", "1/2"};
    const char *x[] = {"0", "0", "1", "0"};
    const char *y[] = {"1"};
    expect_game(4, 1, a, "5", x, y);
}

/* ---- hand-solved 3x3 -------------------------------------------------- */

static void test_rock_paper_scissors(void **state)
{
    (void)state;
    const char *a[] = {"0", "-1", "1", "1", "0", "-1", "-1", "1", "0"};
    const char *third[] = {"1/3", "1/3", "1/3"};
    expect_game(3, 3, a, "0", third, third);
}

/*
 * [[3, -1, 2], [-2, 1, 2], [2, -2, 1]]: row 2 is strictly dominated by
 * row 0 (3 > 2, -1 > -2, 2 > 1), so every optimal x has x_2 = 0.  On rows
 * 0 and 1 the first two columns are the 2x2 game above (value 1/7,
 * x = (3/7, 4/7), y = (2/7, 5/7)); column 2 pays 3/7 * 2 + 4/7 * 2 = 2 > 1/7
 * against that x, so y_2 = 0, and row 2 against y gets
 * 2(2/7) - 2(5/7) = -6/7 <= 1/7.  x is forced: (p, 1-p, 0) needs
 * 5p - 2 >= 1/7 and 1 - 2p >= 1/7, so p = 3/7; and y is then forced since
 * rows 0 and 1 both carry weight and must both pay exactly 1/7.
 */
static void test_3x3_dominated_row(void **state)
{
    (void)state;
    const char *a[] = {"3", "-1", "2", "-2", "1", "2", "2", "-2", "1"};
    const char *x[] = {"3/7", "4/7", "0"};
    const char *y[] = {"2/7", "5/7", "0"};
    expect_game(3, 3, a, "1/7", x, y);
}

/*
 * A = [[-1, 2, 3], [4, 0, -3], [2, 0, 1]].  Row minima -1, -3, 0 (maximin
 * 0), column maxima 4, 2, 3 (minimax 2): no saddle point.  Try full
 * support and equalise.
 * Row player, every column pays v:
 *     col 1:  2 x1 = v                       ->  x1 = v/2
 *     col 0: -x1 + 4 x2 + 2 x3 = v           ->  4 x2 + 2 x3 = 3v/2
 *     col 2:  3 x1 - 3 x2 + x3 = v           ->  x3 = 3 x2 - v/2
 *     so 10 x2 - v = 3v/2, x2 = v/4, x3 = v/4; x1 + x2 + x3 = v = 1.
 *     x = (1/2, 1/4, 1/4), v = 1.
 * Column player, every row pays 1:
 *     row 2:  2 y0 + y2 = 1                  ->  y2 = 1 - 2 y0
 *     row 1:  4 y0 - 3 y2 = 1                ->  10 y0 - 3 = 1, y0 = 2/5
 *     y2 = 1/5, y1 = 1 - 2/5 - 1/5 = 2/5;  row 0: -2/5 + 4/5 + 3/5 = 1.
 *     y = (2/5, 2/5, 1/5).
 * Both are positive, so each guarantees 1 against every pure reply: the
 * value is 1.  Unique: x > 0 forces every row to pay exactly 1 against any
 * optimal y, and y > 0 does the same for the columns; each system (three
 * equations and the sum) has the single solution found above.
 */
static void test_3x3_hand_solved(void **state)
{
    (void)state;
    const char *a[] = {"-1", "2", "3", "4", "0", "-3", "2", "0", "1"};
    const char *x[] = {"1/2", "1/4", "1/4"};
    const char *y[] = {"2/5", "2/5", "1/5"};
    expect_game(3, 3, a, "1", x, y);
}

/*
 * [[1/2, -3/7], [-1/3, 2/5]]: row minima -3/7, -1/3, column maxima 1/2,
 * 2/5: no saddle.  D = a + d - b - c = 1/2 + 2/5 + 3/7 + 1/3 = 349/210;
 * ad - bc = 1/5 - 1/7 = 2/35; value = (2/35)(210/349) = 12/349.
 * x0 = (d - c)/D = (11/15)(210/349) = 154/349, x1 = 195/349;
 * y0 = (d - b)/D = (29/35)(210/349) = 174/349, y1 = 175/349.
 * Check: x against column 0: (1/2)(154) - (1/3)(195) = 77 - 65 = 12 (/349).
 */
static void test_rational_entries(void **state)
{
    (void)state;
    const char *a[] = {"1/2", "-3/7", "-1/3", "2/5"};
    const char *x[] = {"154/349", "195/349"};
    const char *y[] = {"174/349", "175/349"};
    expect_game(2, 2, a, "12/349", x, y);
}

/* Degenerate games whose optimal strategies are not unique: only the value
 * and the certificate are pinned down. */
static void test_degenerate(void **state)
{
    (void)state;
    const char *zero[] = {"0", "0", "0", "0", "0", "0"};
    expect_game(2, 3, zero, "0", NULL, NULL);
    const char *constant[] = {"-7/2", "-7/2", "-7/2", "-7/2"};
    expect_game(2, 2, constant, "-7/2", NULL, NULL);
    /* Repeated rows and columns of matching pennies. */
    const char *dup[] = {"1", "1", "-1", "1", "1", "-1", "-1", "-1", "1"};
    expect_game(3, 3, dup, "0", NULL, NULL);
}

/* x and y may be NULL; the value is the same. */
static void test_null_strategies(void **state)
{
    (void)state;
    const char *e[] = {"3", "-1", "-2", "1"};
    mpq_t *a = mat_new(2, 2, e);
    mpq_t v;
    mpq_init(v);
    mpq_t *x = vec_new(2);
    assert_int_equal(matrix_game_solve((const mpq_t *)a, 2, 2, v, NULL, NULL), 0);
    assert_q_str(v, "1/7", "value, no strategies");
    assert_int_equal(matrix_game_solve((const mpq_t *)a, 2, 2, v, x, NULL), 0);
    assert_q_str(v, "1/7", "value, x only");
    assert_q_str(x[0], "3/7", "x only");
    vec_free(x, 2);
    mpq_clear(v);
    vec_free(a, 4);
}

static void test_bad_sizes(void **state)
{
    (void)state;
    mpq_t *a = vec_new(1);
    mpq_t *x = vec_new(1), *y = vec_new(1);
    mpq_t v;
    mpq_init(v);
    mpq_set_ui(v, 42, 1);
    mpq_set_ui(x[0], 42, 1);
    mpq_set_ui(y[0], 42, 1);
    const int sizes[][2] = {{0, 1}, {1, 0}, {0, 0}, {-1, 1}, {1, -3}, {-2, -2}};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
        assert_int_equal(matrix_game_solve((const mpq_t *)a, sizes[k][0], sizes[k][1], v, x, y), -1);
    /* Nothing written. */
    assert_int_equal(mpq_cmp_ui(v, 42, 1), 0);
    assert_int_equal(mpq_cmp_ui(x[0], 42, 1), 0);
    assert_int_equal(mpq_cmp_ui(y[0], 42, 1), 0);
    mpq_clear(v);
    vec_free(x, 1);
    vec_free(y, 1);
    vec_free(a, 1);
}

/* ---- pseudo-random games ---------------------------------------------- */

/* splitmix64 with a fixed seed: the same games on every machine. */
static uint64_t rng_state;

static uint64_t rng_next(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Uniform-enough integer in [lo, hi] (the modulo bias is irrelevant). */
static long rng_range(long lo, long hi)
{
    return lo + (long)(rng_next() % (uint64_t)(hi - lo + 1));
}

/* Entry kinds: small integers, fractions, {-1, 0, 1} and {0, 1, 2} (the
 * last two full of ties, so of degenerate tableaux). */
static void random_entry(mpq_t q, int kind)
{
    switch (kind) {
    case 0:
        mpq_set_si(q, rng_range(-5, 5), 1);
        break;
    case 1:
        mpq_set_si(q, rng_range(-9, 9), (unsigned long)rng_range(1, 6));
        mpq_canonicalize(q);
        break;
    case 2:
        mpq_set_si(q, rng_range(-1, 1), 1);
        break;
    default:
        mpq_set_si(q, rng_range(0, 2), 1);
        break;
    }
}

static void random_matrix(mpq_t *a, int rows, int cols)
{
    int kind = (int)rng_range(0, 3);
    for (int k = 0; k < rows * cols; k++)
        random_entry(a[k], kind);
}

/* The 2x2 closed form: a pure saddle point when maximin = minimax, else
 * (ad - bc) / (a + d - b - c). */
static void value_2x2(mpq_t v, const mpq_t *m)
{
    const __mpq_struct *a = m[0], *b = m[1], *c = m[2], *d = m[3];
    const __mpq_struct *min0 = mpq_cmp(a, b) <= 0 ? a : b;
    const __mpq_struct *min1 = mpq_cmp(c, d) <= 0 ? c : d;
    const __mpq_struct *maximin = mpq_cmp(min0, min1) >= 0 ? min0 : min1;
    const __mpq_struct *max0 = mpq_cmp(a, c) >= 0 ? a : c;
    const __mpq_struct *max1 = mpq_cmp(b, d) >= 0 ? b : d;
    const __mpq_struct *minimax = mpq_cmp(max0, max1) <= 0 ? max0 : max1;
    if (mpq_equal(maximin, minimax)) {
        mpq_set(v, maximin);
        return;
    }
    mpq_t num, den, t;
    mpq_inits(num, den, t, NULL);
    mpq_mul(num, a, d);
    mpq_mul(t, b, c);
    mpq_sub(num, num, t);
    mpq_add(den, a, d);
    mpq_sub(den, den, b);
    mpq_sub(den, den, c);
    assert_int_not_equal(mpq_sgn(den), 0);
    mpq_div(v, num, den);
    mpq_clears(num, den, t, NULL);
}

/*
 * One random game: the certificate; the same answer on a second solve;
 * the pure answer for a single row or column; the closed form for 2x2;
 * the value between the pure maximin and minimax; and the transposed,
 * negated game -A^T (the players swap) with value exactly -v.
 */
static void check_random_game(const mpq_t *a, int rows, int cols)
{
    mpq_t *x = vec_new(rows), *y = vec_new(cols);
    mpq_t *x2 = vec_new(rows), *y2 = vec_new(cols);
    mpq_t v, v2, w, t;
    mpq_inits(v, v2, w, t, NULL);

    solve_checked(a, rows, cols, v, x, y);

    /* Determinism: the same matrix gives the same strategies. */
    assert_int_equal(matrix_game_solve(a, rows, cols, v2, x2, y2), 0);
    assert_true(mpq_equal(v, v2));
    for (int i = 0; i < rows; i++)
        assert_true(mpq_equal(x[i], x2[i]));
    for (int j = 0; j < cols; j++)
        assert_true(mpq_equal(y[j], y2[j]));

    /* Pure maximin <= v <= pure minimax. */
    for (int i = 0; i < rows; i++) {
        mpq_set(t, a[i * cols]);
        for (int j = 1; j < cols; j++)
            if (mpq_cmp(a[i * cols + j], t) < 0)
                mpq_set(t, a[i * cols + j]);
        assert_true(mpq_cmp(t, v) <= 0);
        /* A single row: the value is its least entry. */
        if (rows == 1)
            assert_true(mpq_equal(t, v));
    }
    for (int j = 0; j < cols; j++) {
        mpq_set(t, a[j]);
        for (int i = 1; i < rows; i++)
            if (mpq_cmp(a[i * cols + j], t) > 0)
                mpq_set(t, a[i * cols + j]);
        assert_true(mpq_cmp(t, v) >= 0);
        /* A single column: the value is its greatest entry. */
        if (cols == 1)
            assert_true(mpq_equal(t, v));
    }

    if (rows == 2 && cols == 2) {
        value_2x2(w, a);
        assert_q_equal(v, w, "2x2 closed form");
    }

    /* -A^T: cols x rows, entry (j, i) = -a[i][j]. */
    mpq_t *b = vec_new(rows * cols);
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
            mpq_neg(b[j * rows + i], a[i * cols + j]);
    solve_checked((const mpq_t *)b, cols, rows, w, y2, x2);
    mpq_neg(w, w);
    assert_q_equal(w, v, "value of -A^T");
    vec_free(b, rows * cols);

    mpq_clears(v, v2, w, t, NULL);
    vec_free(x, rows);
    vec_free(y, cols);
    vec_free(x2, rows);
    vec_free(y2, cols);
}

static void test_random_games(void **state)
{
    (void)state;
    rng_state = 20240611;
    mpq_t *a = vec_new(25);
    for (int n = 0; n < 2000; n++) {
        int rows = (int)rng_range(1, 5), cols = (int)rng_range(1, 5);
        random_matrix(a, rows, cols);
        check_random_game((const mpq_t *)a, rows, cols);
    }
    vec_free(a, 25);
}

/* Against a solver written apart (tests/matrix_brute.c: every pair of
 * supports of equal size, Shapley and Snow), on random small games. */
static void test_random_games_against_supports(void **state)
{
    (void)state;
    rng_state = 424242;
    mpq_t *a = vec_new(36);
    mpq_t v, w;
    mpq_inits(v, w, NULL);
    for (int n = 0; n < 1500; n++) {
        int rows = (int)rng_range(1, 6), cols = (int)rng_range(1, 6);
        random_matrix(a, rows, cols);
        assert_int_equal(matrix_game_solve((const mpq_t *)a, rows, cols, v, NULL, NULL), 0);
        assert_int_equal(brute_matrix_value((const mpq_t *)a, rows, cols, w), 0);
        assert_q_equal(v, w, "value against support enumeration");
    }
    mpq_clears(v, w, NULL);
    vec_free(a, 36);
}

/* 2x2 against the closed form, many times. */
static void test_random_2x2_closed_form(void **state)
{
    (void)state;
    rng_state = 7;
    mpq_t *a = vec_new(4);
    for (int n = 0; n < 2000; n++) {
        random_matrix(a, 2, 2);
        check_random_game((const mpq_t *)a, 2, 2);
    }
    vec_free(a, 4);
}

/* A few larger, tie-heavy games, where degenerate pivots abound. */
static void test_random_larger(void **state)
{
    (void)state;
    rng_state = 99;
    mpq_t *a = vec_new(12 * 12);
    for (int n = 0; n < 60; n++) {
        int rows = (int)rng_range(6, 12), cols = (int)rng_range(6, 12);
        random_matrix(a, rows, cols);
        check_random_game((const mpq_t *)a, rows, cols);
    }
    vec_free(a, 12 * 12);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_matching_pennies),
        cmocka_unit_test(test_random_games_against_supports),
        cmocka_unit_test(test_2x2_mixed),
        cmocka_unit_test(test_2x2_saddle),
        cmocka_unit_test(test_1x1),
        cmocka_unit_test(test_1xN),
        cmocka_unit_test(test_Nx1),
        cmocka_unit_test(test_rock_paper_scissors),
        cmocka_unit_test(test_3x3_dominated_row),
        cmocka_unit_test(test_3x3_hand_solved),
        cmocka_unit_test(test_rational_entries),
        cmocka_unit_test(test_degenerate),
        cmocka_unit_test(test_null_strategies),
        cmocka_unit_test(test_bad_sizes),
        cmocka_unit_test(test_random_games),
        cmocka_unit_test(test_random_2x2_closed_form),
        cmocka_unit_test(test_random_larger),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
