/*
 * os_section3.c -- Oginuma-Shinoda Section 3: f_N(p) as a function of N.
 *   os/prop-3.1  continuity, integrality and parity, slopes +-1 and who
 *                takes the last stone
 *   os/cor-3.2   |f_N - f_N'| <= |N - N'|
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/sysmem.h"
#include "core/engine/xalloc.h"
#include "proofs/oginuma_shinoda/nim_view.h"

enum { P31_MIDPOINT, P31_PARITY, P31_SLOPE, P31_TAKER };

/* Whether a row passes (i), (ii) and the first half of (iii) at every own
 * lane, and how many cases each part has: a tight pass with no call in
 * it, so that the lane-by-lane check below runs only for a row that has
 * something to report. */
static bool row_clean(const value_table *t, const nim_pos *pos, const int32_t *g, uint64_t *mid, uint64_t *slope,
                      uint64_t *parity)
{
    int lo = t->own_lo, hi = t->own_hi;
    int32_t bad = 0;
    uint64_t m = 0, p = 0;
    if (t->win.step == 1) {
        /* Lanes alternate: integer N at even M, half-integers between, each
         * kind in a loop of its own (no branch, so the compiler vectorizes
         * it).  Values are 2f, within 32 bits (the table holds them so). */
        int even = (table_lane_M(t, lo) & 1) == 0 ? lo : lo + 1, odd = even == lo ? lo + 1 : lo;
        int32_t total = pos->total, m_even = (int32_t)table_lane_M(t, even);
        for (int l = even; l < hi; l += 2) {
            int32_t f2 = g[l], half_m = (m_even + (l - even)) >> 1;
            bad |= (f2 & 1) | (((f2 >> 1) - total - half_m) & 1);
        }
        p = even < hi ? (uint64_t)((hi - even + 1) / 2) : 0;
        int first = odd > 0 ? odd : odd + 2, last = hi < t->win.lanes - 1 ? hi : t->win.lanes - 1;
        for (int l = first; l < last; l += 2) {
            int32_t d = g[l + 1] - g[l - 1];
            bad |= (2 * g[l] != g[l - 1] + g[l + 1]) | (d != 2 && d != -2);
        }
        m = first < last ? (uint64_t)((last - first + 1) / 2) : 0;
    } else {
        /* Whole steps: every lane an integer N (M even). */
        for (int l = lo; l < hi; l++) {
            int64_t M = table_lane_M(t, l), f2 = g[l];
            p += (M & 1) == 0;
            bad |= (M & 1) == 0 && ((f2 & 1) || ((f2 / 2 - pos->total - M / 2) & 1));
        }
    }
    *mid = m;
    *slope = m;
    *parity = p;
    return bad == 0;
}

/* ---- a packed row, read from its step bits ----
 * A packed table holds each step between neighbouring lanes as a bit
 * (+1 or -1, table_step_bits).  Around a half-integer lane the two steps
 * are then equal exactly when (i) and the slope half of (iii) hold there
 * (2f(N) the mean of its neighbours; slope +-1), and the slope is +1
 * exactly when both go up, so the last-stone half of (iii) is that bit
 * against the row's last-stone bit.  Between two integer lanes 2f/2 - N
 * changes by the sum of the two steps minus 2, even when they are equal:
 * given the rest, (ii) holds at every integer lane when it holds at the
 * first.  A row that passes so needs no decoding; any other goes the
 * slow way, lane by lane, which says what fails where. */

/* 64 bits of `words` from bit `at` on (bits past the row read as 0). */
static uint64_t bits_at(const uint64_t *words, int nwords, int at)
{
    int w = at >> 6, shift = at & 63;
    uint64_t x = w < nwords ? words[w] >> shift : 0;
    if (shift && w + 1 < nwords)
        x |= words[w + 1] << (64 - shift);
    return x;
}

/* Bits 0, 2, 4, ... of x, packed into the low 32. */
static uint64_t even_bits(uint64_t x)
{
    x &= 0x5555555555555555ull;
    x = (x | x >> 1) & 0x3333333333333333ull;
    x = (x | x >> 2) & 0x0F0F0F0F0F0F0F0Full;
    x = (x | x >> 4) & 0x00FF00FF00FF00FFull;
    x = (x | x >> 8) & 0x0000FFFF0000FFFFull;
    return (x | x >> 16) & 0x00000000FFFFFFFFull;
}

/* Whether the row passes every part of the proposition at its own lanes,
 * read from its step bits (win.step 1, last-stone row without
 * exceptions, taker_row); false sends it the slow way. */
static bool packed_row_clean(const value_table *t, const nim_pos *pos, const uint64_t *s, int32_t first,
                             const uint64_t *taker_row)
{
    int lo = t->own_lo, hi = t->own_hi, lanes = t->win.lanes, words = t->words;
    int even = (table_lane_M(t, lo) & 1) == 0 ? lo : lo + 1, odd = even == lo ? lo + 1 : lo;
    /* (i), (iii): at half-integer lanes l, 1 <= l <= lanes - 2, held h =
     * l - t->lo, steps h - 1 and h equal: bit h - 1 of s ^ (s >> 1). */
    int from = odd > 0 ? odd : odd + 2, to = hi < lanes - 1 ? hi : lanes - 1;
    for (int l = from; l < to; l += 64) {
        int h = l - t->lo, n = (to - l + 1) / 2 < 32 ? (to - l + 1) / 2 : 32;
        uint64_t x = bits_at(s, words, h - 1), y = bits_at(s, words, h);
        uint64_t differ = even_bits(x ^ y), mask = n == 32 ? 0xFFFFFFFFull : (1ull << n) - 1;
        if (differ & mask)
            return false;
        /* The last-stone bits of these lanes against their up steps. */
        int i = table_taker_index(t, h);
        if (i < 0)
            return false;
        uint64_t up = even_bits(y), T = bits_at(taker_row, t->taker_words, i + 1);
        if ((up ^ T) & mask)
            return false;
    }
    /* (ii) at the first integer lane: 2f even, f = |p| + N mod 2. */
    if (even < hi) {
        int h = even - t->lo, ones = 0;
        for (int k = 0; k < h; k += 64) {
            uint64_t x = bits_at(s, words, k);
            if (h - k < 64)
                x &= (1ull << (h - k)) - 1;
            ones += __builtin_popcountll(x);
        }
        int64_t f2 = (int64_t)first + 2 * ones - h, M = table_lane_M(t, even);
        if ((f2 & 1) || ((f2 / 2 - pos->total - M / 2) & 1))
            return false;
    }
    return true;
}

/* The cases of the parts at a row's own lanes (as row_clean counts them). */
static void count_cases(const value_table *t, claim_report *r)
{
    int lo = t->own_lo, hi = t->own_hi, lanes = t->win.lanes;
    int even = (table_lane_M(t, lo) & 1) == 0 ? lo : lo + 1, odd = even == lo ? lo + 1 : lo;
    uint64_t p = even < hi ? (uint64_t)((hi - even + 1) / 2) : 0;
    int first = odd > 0 ? odd : odd + 2, last = hi < lanes - 1 ? hi : lanes - 1;
    uint64_t m = first < last ? (uint64_t)((last - first + 1) / 2) : 0;
    claim_cases(r, P31_MIDPOINT, m);
    claim_cases(r, P31_SLOPE, m);
    claim_cases(r, P31_PARITY, p);
    /* (iii)'s last-stone half: half-integer lanes, 1 <= l < lanes - 1. */
    int from = lo > 1 ? lo : 1, to = hi < lanes - 1 ? hi : lanes - 1;
    int o = (table_lane_M(t, from) & 1) ? from : from + 1;
    claim_cases(r, P31_TAKER, o < to ? (uint64_t)((to - o + 1) / 2) : 0);
}

static void check_midpoints_and_slopes(const value_table *t, claim_report *r, const nim_pos *pos, const int32_t *g)
{
    uint64_t mid, slope, parity;
    bool clean = row_clean(t, pos, g, &mid, &slope, &parity);
    claim_cases(r, P31_MIDPOINT, mid);
    claim_cases(r, P31_SLOPE, slope);
    claim_cases(r, P31_PARITY, parity);
    if (clean)
        return;
    /* Own lanes; the neighbours l - 1 and l + 1 are in the halo. */
    for (int l = t->own_lo; l < t->own_hi; l++) {
        int M = table_lane_M(t, l);
        if ((M & 1) == 0) {
            /* (ii): 2f even, and f = |p| + N mod 2. */
            int64_t f2 = g[l];
            if ((f2 & 1) || ((f2 / 2 - pos->total - M / 2) & 1)) {
                char e[64];
                snprintf(e, sizeof e, "integer with the parity of %d", (pos->total + M / 2) & 1);
                char a[32];
                claim_format_half(f2, a, sizeof a);
                claim_mismatch_text(r, P31_PARITY, pos->rank, M, true, e, a);
            }
            continue;
        }
        if (t->win.step != 1 || l == 0 || l + 1 == t->win.lanes)
            continue;
        /* (i): f(N) at half-integer N is the mean of its integer neighbours. */
        int64_t sum = (int64_t)g[l - 1] + g[l + 1];
        if (2 * (int64_t)g[l] != sum)
            claim_mismatch_values(r, P31_MIDPOINT, pos->rank, M, sum, 2 * (int64_t)g[l]);
        /* (iii): slope over [N - 1/2, N + 1/2] is +1 or -1. */
        int64_t d = (int64_t)g[l + 1] - g[l - 1];
        if (d != 2 && d != -2) {
            char a[32];
            snprintf(a, sizeof a, "slope %lld/2", (long long)d);
            claim_mismatch_text(r, P31_SLOPE, pos->rank, M, true, "slope +1 or -1", a);
        }
    }
}

/* (iii), second half: the slope around each half-integer N against who
 * takes the last stone along every optimal line at N.  The flags come
 * from the sweep (table.h, last-move flags): the OR over the optimal moves of the
 * taker after each, so "both" means optimal lines disagree and the
 * statement's "under optimal play" picks no single player. */
static void check_last_taker(const value_table *t, claim_report *r, const nim_pos *pos, const int32_t *g)
{
    if (t->win.step != 1 || pos->n == 0)
        return;
    uint64_t cases = 0;
    int from = t->own_lo > 1 ? t->own_lo : 1, to = t->own_hi < t->win.lanes - 1 ? t->own_hi : t->win.lanes - 1;
    /* A tight pass first over the half-integer lanes, every other one
     * (the bits read in place: own lanes are held); a row with a lane
     * where no single player moves last goes the slow way. */
    int odd = (table_lane_M(t, from) & 1) ? from : from + 1;
    const uint64_t *row = table_taker_row(t, pos->rank);
    int bad = row == NULL, n = odd < to ? (to - odd + 1) / 2 : 0;
    /* 64 lanes at a time: the slopes +1 and -1 as two words of bits
     * (built without a branch), against the 64 bits of who takes the last
     * stone from the row, which start at bit i0 + 1 of its words. */
    int i0 = n > 0 ? table_taker_index(t, odd - t->lo) : 0;
    for (int c = 0; row && !bad && c < n; c += 64) {
        int m = n - c < 64 ? n - c : 64;
        uint8_t up[64] = {0}, down[64] = {0};
        const int32_t *at = g + odd + 2 * c;
        for (int j = 0; j < m; j++) {
            int32_t d = at[2 * j + 1] - at[2 * j - 1];
            up[j] = d == 2;
            down[j] = d == -2;
        }
        uint64_t U = table_pack_bits(up), D = table_pack_bits(down);
        int b = i0 + c + 1, shift = b & 63;
        uint64_t T = row[b >> 6] >> shift;
        if (shift && shift + m > 64)
            T |= row[(b >> 6) + 1] << (64 - shift);
        uint64_t mask = m == 64 ? ~0ull : (1ull << m) - 1;
        bad |= (((U & T) | (D & ~T)) & mask) != mask;
    }
    cases = (uint64_t)n;
    claim_cases(r, P31_TAKER, cases);
    for (int l = from; bad && l < to; l++) {
        if (!(table_lane_M(t, l) & 1))
            continue;
        int64_t d = (int64_t)g[l + 1] - g[l - 1];
        int who = table_last_mover(t, pos->rank, l);
        if ((d == 2 && who == LAST_FIRST) || (d == -2 && who == LAST_SECOND))
            continue;
        const char *said = who == LAST_FIRST    ? "first player takes the last stone"
                           : who == LAST_SECOND ? "second player takes the last stone"
                                                    : "optimal lines disagree on the last stone";
        char e[96];
        snprintf(e, sizeof e, "slope %s", d == 2 ? "+1: first player takes the last stone"
                                                 : "-1: second player takes the last stone");
        claim_mismatch_text(r, P31_TAKER, pos->rank, table_lane_M(t, l), true, e, said);
    }
}

/* The last-stone flags are part of the sweep: a table swept without them
 * is a bug of the caller, not an empty part. */
static void check_prop31(const value_table *t, claim_report *r)
{
    if (!t->taker)
        die("internal error: os/prop-3.1 needs a table swept with the last-stone flags");
    int32_t *g = table_row_buffer(t);
    nim_pos pos;
    nim_pos_first(t, &pos);
    do {
        int32_t first;
        const uint64_t *steps = table_step_bits(t, pos.rank, &first);
        const uint64_t *taker = table_taker_row(t, pos.rank);
        if (steps && taker && t->win.step == 1 && pos.n > 0 && packed_row_clean(t, &pos, steps, first, taker)) {
            count_cases(t, r);
            continue;
        }
        table_row_get(t, pos.rank, g);
        check_midpoints_and_slopes(t, r, &pos, g);
        check_last_taker(t, r, &pos, g);
    } while (nim_pos_next(t, &pos));
    free(g);
}

const claim_def claim_os_prop31 = {
    .id = "os/prop-3.1",
    .cost_ns = 0.49,
    .game = "scoring-nim",
    .source = "Oginuma-Shinoda, Scoring Nim, Section 3, Proposition 3.1",
    .statement = "As a function of N, f_N(p) is continuous; at integer N it is an integer with the parity "
                 "of |p|+N; at non-integer N its slope is +1 or -1, and +1 exactly when the first player "
                 "takes the last stone under optimal play.",
    .domain = "every position of the sweep, every N of the window: (i) through its consequence on the "
              "grid, f(N+1/2) = (f(N)+f(N+1))/2 (linear between consecutive integers as sampled; "
              "samples cannot show continuity itself); (iii) slope of "
              "each unit interval [N-1/2, N+1/2] around a half-integer N, and the taker of the last "
              "stone along every optimal line at that N.  The default packed table stores 2f as steps of "
              "+-1 between neighbouring window points: a step of any other size stops the sweep (status 4) "
              "before this check, and --table wide gives its verdict and witness.  Between the grid points "
              "(every real N) the statement follows from recursion (2) itself: by induction on |p|, f_N(p) is "
              "a maximum of finitely many pieces c + N or c - N with c an integer (f_N(0) = -N; a move taking "
              "k turns a child's piece c +- N into (k - c) -+ N), so it is continuous and piecewise linear with "
              "slopes +-1, and two pieces c1 + N and c2 - N cross only at N = (c2 - c1)/2, a multiple of 1/2: "
              "f is linear between neighbouring half-integers, which the grid then pins down.  `plot` also "
              "computes every quarter of N exactly and checks each is the mean of its neighbours",
    .parts = {"(i) f(N+1/2) is the mean of f(N) and f(N+1)", "(ii) integer with the parity of |p|+N",
              "(iii) slope is +1 or -1", "(iii) slope +1 iff the first player takes the last stone"},
    .check = check_prop31,
    .needs_takers = true,
};

static void check_cor32(const value_table *t, claim_report *r)
{
    /* A packed row holds steps of exactly +-1/2 in f (the encoder checked
     * each one as the row was stored, and stops the sweep on any other):
     * every pair meets the bound, counted without decoding a row. */
    if (table_steps_are_unit(t)) {
        uint64_t per_row = 0;
        for (int l = t->own_lo; l < t->own_hi && l + 1 < t->win.lanes; l++)
            per_row++;
        claim_cases(r, 0, sat_mul(per_row, nim_shape(t)->count));
        return;
    }
    int32_t *g = table_row_buffer(t);
    nim_pos pos;
    nim_pos_first(t, &pos);
    do {
        table_row_get(t, pos.rank, g);
        uint64_t pairs = 0;
        /* The pairs (l, l + 1) with l owned; l + 1 may be in the halo. */
        for (int l = t->own_lo; l < t->own_hi && l + 1 < t->win.lanes; l++) {
            pairs++;
            int64_t d = nim_abs((int64_t)g[l + 1] - g[l]);
            /* Doubled units: |2f(N') - 2f(N)| <= |M' - M| = step. */
            if (d > t->win.step) {
                char e[48], a[48];
                snprintf(e, sizeof e, "|f(N+%s) - f(N)| <= %s", t->win.step == 1 ? "1/2" : "1",
                         t->win.step == 1 ? "1/2" : "1");
                char v[32];
                claim_format_half(d, v, sizeof v);
                snprintf(a, sizeof a, "%s", v);
                claim_mismatch_text(r, 0, pos.rank, table_lane_M(t, l), true, e, a);
            }
        }
        claim_cases(r, 0, pairs);
    } while (nim_pos_next(t, &pos));
    free(g);
}

const claim_def claim_os_cor32 = {
    .id = "os/cor-3.2",
    .game = "scoring-nim",
    .source = "Oginuma-Shinoda, Scoring Nim, Section 3, Corollary 3.2",
    .statement = "For real N and N', |f_N(p) - f_N'(p)| <= |N - N'|.",
    .domain = "every position, every pair of neighbouring window points N, N+1/2 (all other pairs of "
              "window points follow by the triangle inequality).  The default packed table holds only steps "
              "of +-1/2 in f: a larger step stops the sweep (status 4) before this check, and --table wide "
              "gives its verdict and witness.  For real N and N' between the grid points: f is linear between "
              "neighbouring half-integers (the argument from recursion (2) in os/prop-3.1), so its slope there "
              "is the grid step over 1/2, at most 1 in size, and the bound holds for every real pair",
    .parts = {"Lipschitz bound 1"},
    .check = check_cor32,
};
