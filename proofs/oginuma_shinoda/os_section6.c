/*
 * os_section6.c -- Oginuma-Shinoda Section 6, three piles.
 *   os/prop-6.1     f(1,1,1) = 1+N;  f(x,x,z) = z-1+|1+N|
 *   os/thm-6.3      f(2k+1,2k,1) = F_k;  f(x,2k,1), f(x,2k+1,1), x >= 2k+2
 *   os/cor-6.4      the bounds on f(x,y,1) and where they are attained
 *   os/breakpoints  f(2k+1,2k,1) has 4k-3 breakpoints
 *   os/remark-6.5   symmetries: Thm 6.3 about 0, (x,x,z) about -1, and
 *                   f(5,4,3) about neither
 * F_k(N) = 2 - min_{j in J_k} |N - j|, J_k = {-(2k-2), ..., -2, 0, 2, ..., 2k-2}
 * (Definition 6.2).  Values doubled (M = 2N).
 */
#include <stdio.h>
#include <stdlib.h>

#include "proofs/oginuma_shinoda/nim_view.h"
#include "proofs/oginuma_shinoda/os_forms.h"

/* den F_k(M/den): the closed form of Definition 6.2 at any rational N,
 * scaled (the claim uses den = 2, the figures den = 4). */
int64_t os_F_scaled(int k, int64_t M, int64_t den)
{
    int64_t best = INT64_MAX;
    for (int j = -(2 * k - 2); j <= 2 * k - 2; j += 2) {
        int64_t d = nim_abs(M - den * j);
        best = d < best ? d : best;
    }
    return 2 * den - best;
}


static bool three_piles(const nim_pos *p)
{
    return p->n == 3;
}

static bool is_111(const nim_pos *p, const void *c)
{
    (void)c;
    return three_piles(p) && p->p[0] == 1;
}
static bool is_xxz(const nim_pos *p, const void *c)
{
    (void)c;
    return three_piles(p) && p->p[0] >= 2 && (p->p[0] == p->p[1] || p->p[1] == p->p[2]);
}
static int64_t p61_111(const nim_pos *p, int M, const void *c)
{
    (void)p, (void)c;
    return 2 + M;
}
/* z is the pile that is not part of the equal pair. */
static int odd_one_out(const nim_pos *p)
{
    return p->p[0] == p->p[1] ? p->p[2] : p->p[0];
}
static int64_t p61_xxz(const nim_pos *p, int M, const void *c)
{
    (void)c;
    return 2 * (int64_t)(odd_one_out(p) - 1) + nim_abs(2 + (int64_t)M);
}

static void check_prop61(const value_table *t, claim_report *r)
{
    nim_check_formula(t, r, 0, is_111, p61_111, NULL, nim_mmin(t), nim_mmax(t), false);
    nim_check_formula(t, r, 1, is_xxz, p61_xxz, NULL, nim_mmin(t), nim_mmax(t), false);
}

const claim_def claim_os_prop61 = {
    .id = "os/prop-6.1",
    .cost_ns = 0.041,
    .game = "scoring-nim",
    .source = "Oginuma-Shinoda, Scoring Nim, Section 6, Proposition 6.1, equation (6)",
    .statement = "For x, y, z >= 1 with two of them equal: f_N(1,1,1) = 1+N, and if x or z is at least 2, "
                 "f_N(x,x,z) = z-1+|1+N|.",
    .domain = "every three-pile position of the sweep with two equal non-empty piles, every N of the window",
    .parts = {"f(1,1,1) = 1+N", "f(x,x,z) = z-1+|1+N|"},
    .check = check_prop61,
};

/* Section 6 families (x, y, 1): k and x from the position, or false. */
static bool is_2k1_2k_1(const nim_pos *p, int *k)
{
    if (!three_piles(p) || p->p[2] != 1 || p->p[1] < 2 || p->p[1] % 2 || p->p[0] != p->p[1] + 1)
        return false;
    *k = p->p[1] / 2;
    return true;
}
static bool is_x_2k_1(const nim_pos *p, int *k)
{
    if (!three_piles(p) || p->p[2] != 1 || p->p[1] < 2 || p->p[1] % 2 || p->p[0] < p->p[1] + 2)
        return false;
    *k = p->p[1] / 2;
    return true;
}
static bool is_x_2k1_1(const nim_pos *p, int *k)
{
    if (!three_piles(p) || p->p[2] != 1 || p->p[1] < 3 || p->p[1] % 2 == 0 || p->p[0] < p->p[1] + 1)
        return false;
    *k = (p->p[1] - 1) / 2;
    return true;
}
static bool in_i(const nim_pos *p, const void *c)
{
    int k;
    (void)c;
    return is_2k1_2k_1(p, &k);
}
static bool in_ii(const nim_pos *p, const void *c)
{
    int k;
    (void)c;
    return is_x_2k_1(p, &k);
}
static bool in_iii(const nim_pos *p, const void *c)
{
    int k;
    (void)c;
    return is_x_2k1_1(p, &k);
}
static int64_t max64(int64_t a, int64_t b)
{
    return a > b ? a : b;
}
/* Theorem 6.3's three forms at N = M/den, times den. */
static int64_t thm63_i_scaled(const nim_pos *p, int64_t M, int64_t den)
{
    return os_F_scaled(p->p[1] / 2, M, den);
}
static int64_t thm63_ii_scaled(const nim_pos *p, int64_t M, int64_t den)
{
    int k = p->p[1] / 2, x = p->p[0];
    return max64(os_F_scaled(k, M, den), -2 * den * k + nim_abs(M)) + den * (int64_t)(x - 2 * k - 1);
}
static int64_t thm63_iii_scaled(const nim_pos *p, int64_t M, int64_t den)
{
    int k = (p->p[1] - 1) / 2, x = p->p[0];
    return max64(os_F_scaled(k, M, den), -den * (2 * (int64_t)k - 2) + nim_abs(M)) + den * (int64_t)(x - 2 * k - 2);
}
static int64_t thm63_i(const nim_pos *p, int M, const void *c)
{
    (void)c;
    return thm63_i_scaled(p, M, 2);
}
static int64_t thm63_ii(const nim_pos *p, int M, const void *c)
{
    (void)c;
    return thm63_ii_scaled(p, M, 2);
}
static int64_t thm63_iii(const nim_pos *p, int M, const void *c)
{
    (void)c;
    return thm63_iii_scaled(p, M, 2);
}

bool os_thm63_scaled(const int *piles, int n, int64_t M, int64_t den, int64_t *out)
{
    /* The claim's own position form: non-empty piles, largest first. */
    nim_pos p = {.n = 0};
    for (int i = 0; i < n; i++)
        if (piles[i] > 0)
            p.p[p.n++] = piles[i];
    for (int i = 0; i < p.n; i++)
        for (int j = i + 1; j < p.n; j++)
            if (p.p[j] > p.p[i]) {
                int t = p.p[i];
                p.p[i] = p.p[j];
                p.p[j] = t;
            }
    int k;
    if (is_2k1_2k_1(&p, &k))
        *out = thm63_i_scaled(&p, M, den);
    else if (is_x_2k_1(&p, &k))
        *out = thm63_ii_scaled(&p, M, den);
    else if (is_x_2k1_1(&p, &k))
        *out = thm63_iii_scaled(&p, M, den);
    else
        return false;
    return true;
}

static void check_thm63(const value_table *t, claim_report *r)
{
    nim_check_formula(t, r, 0, in_i, thm63_i, NULL, nim_mmin(t), nim_mmax(t), false);
    nim_check_formula(t, r, 1, in_ii, thm63_ii, NULL, nim_mmin(t), nim_mmax(t), false);
    nim_check_formula(t, r, 2, in_iii, thm63_iii, NULL, nim_mmin(t), nim_mmax(t), false);
}

const claim_def claim_os_thm63 = {
    .id = "os/thm-6.3",
    .cost_ns = 0.19,
    .game = "scoring-nim",
    .source = "Oginuma-Shinoda, Scoring Nim, Section 6, Theorem 6.3 with Definition 6.2",
    .statement = "With F_k(N) = 2 - min_{j in J_k} |N-j|, J_k = {-(2k-2), ..., 2k-2} (even j): (i) "
                 "f_N(2k+1,2k,1) = F_k(N); (ii) for x >= 2k+2, f_N(x,2k,1) = max{F_k(N), -2k+|N|} + x-2k-1; "
                 "(iii) for x >= 2k+2, f_N(x,2k+1,1) = max{F_k(N), -(2k-2)+|N|} + x-2k-2; k >= 1.",
    .domain = "every such position of the sweep, every N of the window (integer and half-integer)",
    .parts = {"(i) f(2k+1,2k,1) = F_k", "(ii) f(x,2k,1)", "(iii) f(x,2k+1,1)"},
    .check = check_thm63,
};

enum { C64_MAX2, C64_ODD, C64_FAR, C64_II, C64_III };

static void check_cor64_i(const value_table *t, claim_report *r, const nim_pos *p, int k, int32_t *buf)
{
    const int32_t *g = table_row_get(t, p->rank, buf);
    for (int l = t->own_lo; l < t->own_hi; l++) {
        int M = table_lane_M(t, l);
        /* f <= 2 everywhere, = 2 on J_k (M = 2j, j even, |j| <= 2k-2). */
        bool on_J = M % 4 == 0 && nim_abs(M) <= 4 * (int64_t)k - 4;
        claim_cases(r, C64_MAX2, 1);
        if (g[l] > 4 || (on_J && g[l] != 4)) {
            char a[32];
            claim_format_half(g[l], a, sizeof a);
            claim_mismatch_text(r, C64_MAX2, p->rank, M, true, on_J ? "= 2 (N in J_k)" : "<= 2", a);
        }
        if (M % 2 == 0 && (M / 2) % 2 != 0) {
            claim_cases(r, C64_ODD, 1);
            if (g[l] > 2) {
                char a[32];
                claim_format_half(g[l], a, sizeof a);
                claim_mismatch_text(r, C64_ODD, p->rank, M, true, "<= 1", a);
            }
        }
        if (nim_abs(M) >= 4 * (int64_t)k + 2) {
            claim_cases(r, C64_FAR, 1);
            if (g[l] > -2) {
                char a[32];
                claim_format_half(g[l], a, sizeof a);
                claim_mismatch_text(r, C64_FAR, p->rank, M, true, "<= -1", a);
            }
        }
    }
}

/* f >= floor everywhere; with `exact_at` > 0, f = floor exactly at
 * M = +-exact_at and nowhere else. */
static void check_floor(const value_table *t, claim_report *r, int part, const nim_pos *p, int64_t floor2,
                        int exact_at, int32_t *buf)
{
    const int32_t *g = table_row_get(t, p->rank, buf);
    for (int l = t->own_lo; l < t->own_hi; l++) {
        int M = table_lane_M(t, l);
        claim_cases(r, part, 1);
        bool at = exact_at > 0 && nim_abs(M) == exact_at;
        if (g[l] < floor2 || (exact_at > 0 && (g[l] == floor2) != at))
            claim_mismatch_text(r, part, p->rank, M, true,
                                g[l] < floor2 ? "at least x-2k-1"
                                : at          ? "equal to x-2k-1 at N = +-2k"
                                              : "above x-2k-1 away from N = +-2k",
                                g[l] < floor2 ? "below" : at ? "above" : "equal");
    }
}

static void check_cor64(const value_table *t, claim_report *r)
{
    int32_t *buf = table_row_buffer(t);
    nim_pos pos;
    nim_pos_first(t, &pos);
    do {
        int k;
        if (is_2k1_2k_1(&pos, &k))
            check_cor64_i(t, r, &pos, k, buf);
        if (is_x_2k_1(&pos, &k))
            check_floor(t, r, C64_II, &pos, 2 * (int64_t)(pos.p[0] - 2 * k - 1), 4 * k, buf);
        if (is_x_2k1_1(&pos, &k) && pos.p[0] >= 2 * k + 2)
            check_floor(t, r, C64_III, &pos, 2 * (int64_t)(pos.p[0] - 2 * k - 1), 0, buf);
    } while (nim_pos_next(t, &pos));
    free(buf);
}

const claim_def claim_os_cor64 = {
    .id = "os/cor-6.4",
    .cost_ns = 0.021,
    .game = "scoring-nim",
    .source = "Oginuma-Shinoda, Scoring Nim, Section 6, Corollary 6.4",
    .statement = "(i) f_N(2k+1,2k,1) <= 2 for all N, with equality for all N in J_k; <= 1 at odd integer N; "
                 "<= -1 when |N| >= 2k+1.  (ii) For x >= 2k+2, f_N(x,2k,1) >= x-2k-1, with equality only "
                 "at N = +-2k.  (iii) For x >= 2k+2, f_N(x,2k+1,1) >= x-2k-1.",
    .domain = "every such position of the sweep, every N of the window; (ii) is read as equality exactly "
              "at N = 2k and N = -2k (the text's 'attains its minimum at N = +-4' for (6,4,1))",
    .parts = {"(i) f <= 2, = 2 on J_k", "(i) f <= 1 at odd N", "(i) f <= -1 for |N| >= 2k+1",
              "(ii) f(x,2k,1) >= x-2k-1, equality iff N = +-2k", "(iii) f(x,2k+1,1) >= x-2k-1"},
    .check = check_cor64,
};

/* Sign changes of the slope across the whole window. */
static int count_breakpoints(const value_table *t, const int32_t *g)
{
    int count = 0, last = 0;
    for (int l = 0; l + 1 < t->win.lanes; l++) {
        int s = g[l + 1] > g[l] ? 1 : g[l + 1] < g[l] ? -1 : 0;
        if (s != 0 && last != 0 && s != last)
            count++;
        if (s != 0)
            last = s;
    }
    return count;
}

/* (Whole rows: the count runs across every lane.) */
static void breakpoints_of(const value_table *t, claim_report *r, const nim_pos *pos, const int32_t *row, void *ctx)
{
    (void)ctx;
    int k = 0;
    is_2k1_2k_1(pos, &k);
    if (!nim_lead(t))
        return;
    claim_cases(r, 0, 1);
    int got = count_breakpoints(t, row);
    if (got != 4 * k - 3) {
        char e[32], a[32];
        snprintf(e, sizeof e, "%d breakpoints", 4 * k - 3);
        snprintf(a, sizeof a, "%d breakpoints", got);
        claim_mismatch_text(r, 0, pos->rank, 0, false, e, a);
    }
}

static void check_breakpoints(const value_table *t, claim_report *r)
{
    nim_each_whole_row(t, r, in_i, NULL, breakpoints_of, NULL);
}

const claim_def claim_os_breakpoints = {
    .id = "os/breakpoints",
    .game = "scoring-nim",
    .source = "Oginuma-Shinoda, Scoring Nim, Section 6, text after Theorem 6.3",
    .statement = "f_N(2k+1,2k,1) has 4k-3 breakpoints (points where the slope changes sign).",
    .domain = "every (2k+1,2k,1), k >= 1, in the sweep; breakpoints counted over the whole window "
              "|N| <= S+3, which contains J_k and its neighbours",
    .parts = {"4k-3 breakpoints"},
    .check = check_breakpoints,
};

enum { R65_THM63_SYM, R65_XXZ_SYM, R65_543_NOT0, R65_543_NOT1 };

/* Compares f(N) with f(c - N) over the window, c = centre2 / 2 (doubled:
 * M' = centre2 - M), on a whole row.  Returns the number of window points
 * compared and, through first_diff, the first lane where they differ
 * (or -1). */
static uint64_t compare_mirror(const value_table *t, const int32_t *g, int centre2, int *first_diff)
{
    uint64_t n = 0;
    *first_diff = -1;
    for (int l = 0; l < t->win.lanes; l++) {
        int lm = table_lane_of(t, centre2 - table_lane_M(t, l));
        if (lm < 0)
            continue;
        n++;
        if (g[l] != g[lm] && *first_diff < 0)
            *first_diff = l;
    }
    return n;
}

static void expect_symmetric(const value_table *t, claim_report *r, int part, uint64_t rank, const int32_t *g,
                             int centre2)
{
    int diff;
    uint64_t n = compare_mirror(t, g, centre2, &diff);
    if (nim_lead(t))
        claim_cases(r, part, n);
    if (diff >= 0 && nim_reports(t, diff)) {
        /* Expected: the value at the mirror point; actual: the value here. */
        int M = table_lane_M(t, diff);
        claim_mismatch_values(r, part, rank, M, g[table_lane_of(t, centre2 - M)], g[diff]);
    }
}

static void expect_asymmetric(const value_table *t, claim_report *r, int part, uint64_t rank, const int32_t *g,
                              int centre2)
{
    int diff;
    uint64_t n = compare_mirror(t, g, centre2, &diff);
    if (!nim_lead(t))
        return;
    claim_cases(r, part, n);
    if (diff < 0)
        claim_mismatch_text(r, part, rank, 0, false,
                            centre2 == 0 ? "some N with f(N) != f(-N)" : "some N with f(N) != f(-2-N)",
                            "symmetric on the whole window");
}

static bool in_thm63(const nim_pos *p, int *k)
{
    return is_2k1_2k_1(p, k) || is_x_2k_1(p, k) || (is_x_2k1_1(p, k) && p->p[0] >= 2 * *k + 2);
}

static bool is_543(const nim_pos *p)
{
    return three_piles(p) && p->p[0] == 5 && p->p[1] == 4 && p->p[2] == 3;
}

static bool in_remark65(const nim_pos *p, const void *c)
{
    int k = 0;
    (void)c;
    return in_thm63(p, &k) || is_xxz(p, NULL) || is_543(p);
}

/* (Whole rows: a mirror pair may lie in two blocks of a split table.) */
static void remark65_of(const value_table *t, claim_report *r, const nim_pos *pos, const int32_t *g, void *ctx)
{
    (void)ctx;
    int k = 0;
    if (in_thm63(pos, &k))
        expect_symmetric(t, r, R65_THM63_SYM, pos->rank, g, 0);
    if (is_xxz(pos, NULL))
        expect_symmetric(t, r, R65_XXZ_SYM, pos->rank, g, -4);
    if (is_543(pos)) {
        expect_asymmetric(t, r, R65_543_NOT0, pos->rank, g, 0);
        expect_asymmetric(t, r, R65_543_NOT1, pos->rank, g, -4);
    }
}

static void check_remark65(const value_table *t, claim_report *r)
{
    nim_each_whole_row(t, r, in_remark65, NULL, remark65_of, NULL);
}

const claim_def claim_os_remark65 = {
    .id = "os/remark-6.5",
    .cost_ns = 0.081,
    .game = "scoring-nim",
    .source = "Oginuma-Shinoda, Scoring Nim, Section 6, Remark 6.5",
    .statement = "The payoff functions of Theorem 6.3 are symmetric about N = 0, f_N(x,x,z) is symmetric "
                 "about N = -1 (Proposition 6.1), and f_N(5,4,3) is symmetric about neither 0 nor -1.",
    .domain = "every position of Theorem 6.3 and of (6) in the sweep, and (5,4,3) when in the sweep; "
              "mirror pairs N, c-N both inside the window",
    .parts = {"Theorem 6.3 positions symmetric about 0", "(x,x,z) symmetric about -1",
              "(5,4,3) not symmetric about 0", "(5,4,3) not symmetric about -1"},
    .check = check_remark65,
};
