/*
 * os_section5.c -- Oginuma-Shinoda Section 5, general piles.
 *   os/prop-5.1  f_N(p, 1, 1) = f_N(p)
 *   os/prop-5.2  paired piles (p_{2j-1} = p_{2j}), some pile >= 2: f_N = 1-|1+N|
 *   os/prop-5.3  -1 <= N <= 0: alternating sums of the sorted piles
 * (Proposition 5.5, the large-|N| regimes, is in os_large_bonus.c.)
 */
#include "proofs/oginuma_shinoda/nim_view.h"

static bool has_two_ones(const nim_pos *p, const void *c)
{
    (void)c;
    return p->n >= 2 && p->p[p->n - 1] == 1 && p->p[p->n - 2] == 1;
}

/* The position with one pair of 1-piles removed, read from the table. */
static int64_t value_without_pair(const nim_pos *p, int M, const void *c)
{
    const value_table *t = c;
    int64_t rank = nim_rank(t, p->p, p->n - 2);
    return nim_v2(t, (uint64_t)rank, table_lane_of(t, M));
}

static void check_prop51(const value_table *t, claim_report *r)
{
    nim_check_formula(t, r, 0, has_two_ones, value_without_pair, t, nim_mmin(t), nim_mmax(t), false);
    int most = 0;
    nim_pos pos;
    nim_pos_first(t, &pos);
    do
        if (has_two_ones(&pos, NULL) && pos.n > most)
            most = pos.n;
    while (nim_pos_next(t, &pos));
    /* (About positions only: the lead block says it.) */
    if (most > 0 && nim_lead(t))
        claim_finding_add(r, "largest n+2 checked", "%d non-empty piles", most);
}

const claim_def claim_os_prop51 = {
    .id = "os/prop-5.1",
    .game = "scoring-nim",
    .source = "Oginuma-Shinoda, Scoring Nim, Section 5, Proposition 5.1",
    .statement = "f_N(p_1, ..., p_n, 1, 1) = f_N(p_1, ..., p_n): a pair of one-stone piles can be removed.",
    .domain = "every position of the sweep with at least two piles of one stone, every N of the window",
    .parts = {"pair of ones removed"},
    .check = check_prop51,
};

/* Non-empty piles pair up (every size occurs an even number of times),
 * some pile >= 2, and the number of non-empty piles is in the part's range. */
static bool is_paired(const nim_pos *p, int min_n, int max_n)
{
    if (p->n < min_n || p->n > max_n || p->n % 2 || p->p[0] < 2)
        return false;
    for (int i = 0; i < p->n; i += 2)
        if (p->p[i] != p->p[i + 1])
            return false;
    return true;
}
static bool paired_two(const nim_pos *p, const void *c)
{
    (void)c;
    return is_paired(p, 2, 2);
}
static bool paired_four_plus(const nim_pos *p, const void *c)
{
    (void)c;
    return is_paired(p, 4, MS_MAX_SLOTS);
}
static int64_t one_minus_abs(const nim_pos *p, int M, const void *c)
{
    (void)p, (void)c;
    return 2 - nim_abs(2 + (int64_t)M);
}

static void check_prop52(const value_table *t, claim_report *r)
{
    nim_check_formula(t, r, 0, paired_two, one_minus_abs, NULL, nim_mmin(t), nim_mmax(t), false);
    nim_check_formula(t, r, 1, paired_four_plus, one_minus_abs, NULL, nim_mmin(t), nim_mmax(t), false);
}

const claim_def claim_os_prop52 = {
    .id = "os/prop-5.2",
    .game = "scoring-nim",
    .source = "Oginuma-Shinoda, Scoring Nim, Section 5, Proposition 5.2",
    .statement = "If n = 2k, p_{2j-1} = p_{2j} for every j, and some p_i >= 2, then f_N(p) = 1-|1+N|.",
    .domain = "every position of the sweep whose non-empty piles pair up (each size an even number of "
              "times) with a pile >= 2, every N of the window; n = 2 is equation (3), n >= 4 needs a "
              "sweep of at least 4 piles",
    .parts = {"n = 2", "n >= 4"},
    .check = check_prop52,
};

static bool odd_piles(const nim_pos *p, const void *c)
{
    (void)c;
    return p->n % 2 == 1;
}
static bool even_piles(const nim_pos *p, const void *c)
{
    (void)c;
    return p->n > 0 && p->n % 2 == 0;
}
/* Sum_j (p_{2j-1} - p_{2j}) over the pairs, plus the last pile when n is
 * odd, then +N (odd n) or -N (even n); doubled. */
static int64_t greedy_value(const nim_pos *p, int M, const void *c)
{
    (void)c;
    int64_t s = 0;
    for (int i = 0; i + 1 < p->n; i += 2)
        s += p->p[i] - p->p[i + 1];
    if (p->n % 2)
        return 2 * (s + p->p[p->n - 1]) + M;
    return 2 * s - M;
}

static void check_prop53(const value_table *t, claim_report *r)
{
    /* -1 <= N <= 0 is -2 <= M <= 0. */
    nim_check_formula(t, r, 0, odd_piles, greedy_value, NULL, -2, 0, false);
    nim_check_formula(t, r, 1, even_piles, greedy_value, NULL, -2, 0, false);
}

const claim_def claim_os_prop53 = {
    .id = "os/prop-5.3",
    .cost_ns = 0.023,
    .game = "scoring-nim",
    .source = "Oginuma-Shinoda, Scoring Nim, Section 5, Proposition 5.3",
    .statement = "For p_1 >= ... >= p_n > 0 and -1 <= N <= 0: if n = 2k-1, f_N(p) = sum_{j<k} "
                 "(p_{2j-1} - p_{2j}) + p_{2k-1} + N; if n = 2k, f_N(p) = sum_{j<=k} (p_{2j-1} - p_{2j}) - N.",
    .domain = "every non-terminal position of the sweep (its non-empty piles, sorted), N in {-1, -1/2, 0}",
    .parts = {"(i) n odd", "(ii) n even"},
    .check = check_prop53,
};
