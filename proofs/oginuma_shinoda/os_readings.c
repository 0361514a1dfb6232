/*
 * os_readings.c -- statements of Scoring Nim's text that had no claim, and
 * the strict readings of "the optimal move is m".
 *
 * "The optimal move is m" reads two ways: weakly, m is one of the optimal
 * moves (what a strategy needs, and what the proofs show); strictly, m is
 * the only optimal move (what the definite article says).  Each such
 * statement is checked under both, as two claims: the weak one under the
 * statement's own id, the strict one under id/strict.  Inside a stated
 * range of N the strict reading allows no other optimal move; at its end
 * points a neighbouring range's move may be optimal too (nim_check_moves).
 *
 *   os/one-pile-strategy[/strict]  after equation (1): in (x), x >= 2, take
 *                                  all if N >= -1, take x-1 if N <= -1
 *   os/eq-5-line[/strict]          below equation (5): from (2k+1,2k,1),
 *                                  k >= 2, |N| large, take 3 from 2k+1, then
 *                                  the opponent takes 1 from 2k
 *   os/prop-4.2-strategy/strict    the (x,x) sentence after Proposition 4.2
 *   os/examples/strict             the Section 6 move statements (9,8,1)
 *                                  and (x,2k,1) to (2k+1,2k,1)
 *   os/examples-2k1/strict         (2k+1,2k,1) to (|j|,2k,1), exactly
 *   os/tallies-10-8-1              the stones each player gains on the two
 *                                  (10,8,1) lines of Section 6
 *   os/pp-intersection             (x,y,1) is in P+ and P- only for (2k+1,2k,1)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/xalloc.h"
#include "proofs/oginuma_shinoda/nim_view.h"
#include "proofs/oginuma_shinoda/os_forms.h"

/* Why a strict reading is expected to fail (claim_def.reading_why). */
#define STRICT_WHY                                                                                                      \
    "the sentence names an optimal move (what a strategy needs and what the paper's proofs show); read with the "    \
    "definite article the stated move must be the only optimal one, and moves that tie with it break that reading "  \
    "without contradicting the paper"

/* Stated moves from the pile list `from` to each of `to` (lists of `len`
 * piles) over [mlo, mhi]; skipped when a position is outside the sweep. */
static void moves_between(const value_table *t, claim_report *r, int part, const int *from, const int (*to)[3], int nto,
                          int len, int mlo, int mhi, bool strict)
{
    uint64_t ranks[4];
    int64_t f = nim_rank(t, from, len);
    if (f < 0)
        return;
    for (int i = 0; i < nto; i++) {
        int64_t x = nim_rank(t, to[i], len);
        if (x < 0)
            return;
        ranks[i] = (uint64_t)x;
    }
    nim_check_moves(t, r, part, (uint64_t)f, ranks, nto, mlo, mhi, strict);
}

/* A statement checked under both readings: check_NAME (weak) and
 * check_NAME_strict around NAME(t, r, strict). */
#define BOTH_READINGS(name)                                                                                        \
    static void check_##name(const value_table *t, claim_report *r)                                                   \
    {                                                                                                              \
        name(t, r, false);                                                                                         \
    }                                                                                                              \
    static void check_##name##_strict(const value_table *t, claim_report *r)                                          \
    {                                                                                                              \
        name(t, r, true);                                                                                          \
    }

/* Unbounded ends reach one step past the window. */
static int lo_end(const value_table *t)
{
    return nim_mmin(t) - 1;
}
static int hi_end(const value_table *t)
{
    return nim_mmax(t) + 1;
}

/* ---- after equation (1): one pile ---- */

static void one_pile(const value_table *t, claim_report *r, bool strict)
{
    for (int x = 2; x <= nim_shape(t)->bound; x++) {
        int from[3] = {x, 0, 0};
        const int all[1][3] = {{0, 0, 0}}, leave1[1][3] = {{1, 0, 0}};
        moves_between(t, r, 0, from, all, 1, 3, -2, hi_end(t), strict);
        moves_between(t, r, 1, from, leave1, 1, 3, lo_end(t), -2, strict);
    }
}
BOTH_READINGS(one_pile)

#define SRC "Oginuma-Shinoda, Scoring Nim, "
#define ONE_PILE_STATEMENT                                                                                         \
    "In (x) with x >= 2 the first player should take all the stones if N >= -1, and take x-1 stones, leaving one, " \
    "if N <= -1."
#define ONE_PILE_PARTS {"N >= -1: take all", "N <= -1: take x-1"}

const claim_def claim_os_one_pile = {
    .id = "os/one-pile-strategy",
    .game = "scoring-nim",
    .source = SRC "Section 3, the sentence after equation (1)",
    .statement = ONE_PILE_STATEMENT,
    .domain = "every one-pile position (x), 2 <= x <= the bound, every N of the window; read weakly: the stated "
              "move is one of the optimal moves",
    .parts = ONE_PILE_PARTS,
    .check = check_one_pile,
};

const claim_def claim_os_one_pile_strict = {
    .id = "os/one-pile-strategy/strict",
    .reading_of = "os/one-pile-strategy",
    .reading_why = STRICT_WHY,
    .game = "scoring-nim",
    .source = SRC "Section 3, the sentence after equation (1), read strictly",
    .statement = ONE_PILE_STATEMENT,
    .domain = "as os/one-pile-strategy, read strictly: for N > -1 and N < -1 the stated move is the only optimal "
              "one (at N = -1 both are optimal, as the text's two ranges say)",
    .parts = ONE_PILE_PARTS,
    .check = check_one_pile_strict,
};

/* ---- below equation (5): the line from (2k+1,2k,1) for large |N| ---- */

static void eq5_line(const value_table *t, claim_report *r, bool strict)
{
    for (int k = 2; 2 * k + 1 <= nim_shape(t)->bound; k++) {
        int from[3] = {2 * k + 1, 2 * k, 1}, mid[3] = {2 * k - 2, 2 * k, 1};
        const int first[1][3] = {{2 * k - 2, 2 * k, 1}}, reply[1][3] = {{2 * k - 2, 2 * k - 1, 1}};
        /* "|N| sufficiently large": |N| >= 2k, where Section 6 says the
         * first of these moves is optimal (the discussion after Theorem
         * 6.3). */
        moves_between(t, r, 0, from, first, 1, 3, 4 * k, hi_end(t), strict);
        moves_between(t, r, 0, from, first, 1, 3, lo_end(t), -4 * k, strict);
        moves_between(t, r, 1, mid, reply, 1, 3, 4 * k, hi_end(t), strict);
        moves_between(t, r, 1, mid, reply, 1, 3, lo_end(t), -4 * k, strict);
    }
}
BOTH_READINGS(eq5_line)

#define EQ5_STATEMENT                                                                                              \
    "For (2k+1,2k,1), k >= 2, when |N| is sufficiently large, the optimal sequence of moves is the current player " \
    "taking 3 stones from the pile of 2k+1, followed by the opponent taking 1 stone from the pile of 2k."
#define EQ5_PARTS {"(2k+1,2k,1) to (2k-2,2k,1)", "then (2k-2,2k,1) to (2k-2,2k-1,1)"}

const claim_def claim_os_eq5_line = {
    .id = "os/eq-5-line",
    .game = "scoring-nim",
    .source = SRC "Section 5, the sentence before equation (5)",
    .statement = EQ5_STATEMENT,
    .domain = "every (2k+1,2k,1), k >= 2, in the sweep, with 'sufficiently large' taken as |N| >= 2k (where "
              "Section 6 puts the first move), every such N of the window; read weakly",
    .parts = EQ5_PARTS,
    .check = check_eq5_line,
};

const claim_def claim_os_eq5_line_strict = {
    .id = "os/eq-5-line/strict",
    .reading_of = "os/eq-5-line",
    .reading_why = STRICT_WHY,
    .game = "scoring-nim",
    .source = SRC "Section 5, the sentence before equation (5), read strictly",
    .statement = EQ5_STATEMENT,
    .domain = "as os/eq-5-line, read strictly: each stated move the only optimal one for |N| > 2k",
    .parts = EQ5_PARTS,
    .check = check_eq5_line_strict,
};

/* ---- Proposition 4.2's (x,x) sentence, strictly ---- */

static void check_42_xx_strict(const value_table *t, claim_report *r)
{
    for (int x = 2; x <= nim_shape(t)->bound; x++) {
        int from[3] = {x, x, 0};
        const int whole[1][3] = {{x, 0, 0}};
        moves_between(t, r, 0, from, whole, 1, 3, lo_end(t), hi_end(t), true);
    }
}

const claim_def claim_os_prop42_strategy_strict = {
    .id = "os/prop-4.2-strategy/strict",
    .reading_of = "os/prop-4.2-strategy",
    .reading_why = STRICT_WHY,
    .game = "scoring-nim",
    .source = SRC "Section 4, text after Proposition 4.2, read strictly",
    .statement = "If both piles contain the same number of stones, the optimal move is to take all stones from "
                 "one pile.",
    .domain = "every (x,x), x >= 2, in the sweep, every N of the window: taking a whole pile must be the only "
              "optimal move.  The definite article reads this way, and this way it fails: other moves are "
              "optimal too at most points (os/prop-4.2-strategy, the weak reading the proof by induction "
              "supports, holds)",
    .parts = {"(x,x): only to (x,0)"},
    .check = check_42_xx_strict,
};

/* ---- Section 6's move statements, strictly ---- */

/* The set of optimal children at `lane` is exactly `stated`. */
static void exact_set(const value_table *t, claim_report *r, int part, const nim_moves_view *view,
                      const uint64_t *stated, int n, int lane, uint64_t *opt)
{
    uint64_t rank = nim_moves_rank(view);
    int k = nim_moves_optimal(view, lane, opt);
    bool same = k == n;
    for (int i = 0; same && i < n; i++) {
        bool found = false;
        for (int j = 0; j < k; j++)
            found = found || opt[j] == stated[i];
        same = found;
    }
    claim_cases(r, part, 1);
    if (!same && !claim_keeps_mismatch_at(r, part, rank, table_lane_M(t, lane), true)) {
        /* Beyond the ones kept: counted, its texts never built. */
        claim_mismatch_count(r, part);
    } else if (!same) {
        char *want = nim_format_set(t, stated, n), *got = nim_format_set(t, opt, k);
        claim_mismatch_text(r, part, rank, table_lane_M(t, lane), true, want, got);
        free(want);
        free(got);
    }
}

static void check_examples_strict(const value_table *t, claim_report *r)
{
    int lo = lo_end(t), hi = hi_end(t);
    int p981[3] = {9, 8, 1};
    const int to[4][3] = {{0, 8, 1}, {2, 8, 1}, {4, 8, 1}, {6, 8, 1}};
    moves_between(t, r, 0, p981, &to[0], 1, 3, -2, 2, true);
    moves_between(t, r, 0, p981, &to[1], 1, 3, 2, 6, true);
    moves_between(t, r, 0, p981, &to[1], 1, 3, -6, -2, true);
    moves_between(t, r, 0, p981, &to[2], 1, 3, 6, 10, true);
    moves_between(t, r, 0, p981, &to[2], 1, 3, -10, -6, true);
    moves_between(t, r, 0, p981, &to[3], 1, 3, 10, hi, true);
    moves_between(t, r, 0, p981, &to[3], 1, 3, lo, -10, true);
    for (int k = 1; 2 * k + 2 <= nim_shape(t)->bound; k++) {
        int64_t to = nim_rank(t, (int[]){2 * k + 1, 2 * k, 1}, 3);
        for (int x = 2 * k + 2; to >= 0 && x <= nim_shape(t)->bound; x++) {
            /* Both ranges of N from one reading of the children. */
            int64_t from = nim_rank(t, (int[]){x, 2 * k, 1}, 3);
            const int ranges[2][2] = {{4 * k, hi}, {lo, -4 * k}};
            uint64_t stated = (uint64_t)to;
            if (from >= 0)
                nim_check_moves_ranges(t, r, 1, (uint64_t)from, &stated, 1, ranges, 2, true);
        }
    }
}


/* (2k+1,2k,1): to (|j|,2k,1) for the j of J_k closest to N; where two are
 * equally close both are stated, so the set must be exactly them. */
static void check_2k1_strict(const value_table *t, claim_report *r)
{
    uint64_t *opt = xmalloc((size_t)t->game->max_moves * sizeof *opt, "a move list");
    for (int k = 1; 2 * k + 1 <= nim_shape(t)->bound; k++) {
        int64_t from = nim_rank(t, (int[]){2 * k + 1, 2 * k, 1}, 3);
        if (from < 0)
            continue;
        /* Every lane: the children's rows decoded once, as first read. */
        nim_moves_view *view = nim_moves_open(t, (uint64_t)from, VIEW_ROWS);
        for (int l = t->own_lo; l < t->own_hi; l++) {
            int64_t M = table_lane_M(t, l), best = INT64_MAX;
            uint64_t stated[2];
            int n = 0;
            for (int j = -(2 * k - 2); j <= 2 * k - 2; j += 2)
                best = nim_abs(M - 2 * j) < best ? nim_abs(M - 2 * j) : best;
            for (int j = -(2 * k - 2); j <= 2 * k - 2; j += 2)
                if (nim_abs(M - 2 * j) == best) {
                    int64_t c = nim_rank(t, (int[]){j < 0 ? -j : j, 2 * k, 1}, 3);
                    bool dup = false;
                    for (int i = 0; i < n; i++)
                        dup = dup || stated[i] == (uint64_t)c;
                    if (c >= 0 && !dup && n < 2)
                        stated[n++] = (uint64_t)c;
                }
            exact_set(t, r, 0, view, stated, n, l, opt);
        }
        nim_moves_close(view);
    }
    free(opt);
}

const claim_def claim_os_2k1_strict = {
    .id = "os/examples-2k1/strict",
    .cost_ns = 0.021,
    .reading_of = "os/examples",
    .reading_why = STRICT_WHY,
    .game = "scoring-nim",
    .source = SRC "Section 6, the (2k+1,2k,1) move after Theorem 6.3, read strictly",
    .statement = "In (2k+1,2k,1), k >= 1, the player chooses the even j closest to N with -(2k-2) <= j <= 2k-2 "
                 "and moves to (|j|,2k,1).",
    .domain = "every (2k+1,2k,1) in the sweep, every N of the window, read strictly: the optimal moves are "
              "exactly those to the closest j (both where two are equally close).  The text itself says 'the "
              "best move (or one of the best moves)', the weak reading os/examples checks and which holds; "
              "strictly it fails: at odd N other moves tie, and at large |N| (k = 1 above all) many do",
    .parts = {"(2k+1,2k,1): exactly to (|j|,2k,1)"},
    .check = check_2k1_strict,
};

const claim_def claim_os_examples_strict = {
    .id = "os/examples/strict",
    .cost_ns = 0.45,
    .reading_of = "os/examples",
    .reading_why = STRICT_WHY,
    .game = "scoring-nim",
    .source = SRC "Section 6, the move statements after Theorem 6.3, read strictly",
    .statement = "(9,8,1): to (0,8,1), (2,8,1), (4,8,1), (6,8,1) as |N| passes 1, 3, 5; (x,2k,1), x >= 2k+2, "
                 "|N| >= 2k: to (2k+1,2k,1).",
    .domain = "the positions when in the sweep, every N of the stated range within the window; read strictly: "
              "inside each range the stated move is the only optimal one (os/examples checks the weak reading, "
              "which the text's 'the best move (or one of the best moves)' states; both hold)",
    .parts = {"(9,8,1) moves by |N|", "(x,2k,1) to (2k+1,2k,1) for |N| >= 2k"},
    .check = check_examples_strict,
};

/* ---- the (10,8,1) tallies ---- */

/* Plays `prefix` (pile lists), then the first optimal move at every step to
 * the end, at `lane`; adds up each player's stones; sets *last to the
 * player (0 first) who takes the last stone.  False when a position is
 * outside the sweep. */
static bool tally(const value_table *t, const int (*prefix)[3], int len, int lane, int stones[2], int *last)
{
    stones[0] = stones[1] = 0;
    int move = 0;
    for (int i = 0; i + 1 < len; i++, move++)
        for (int j = 0; j < 3; j++)
            stones[move % 2] += prefix[i][j] - prefix[i + 1][j];
    int64_t at = nim_rank(t, prefix[len - 1], 3);
    if (at < 0)
        return false;
    uint64_t *line = xmalloc((size_t)(nim_shape(t)->max_total + 2) * sizeof *line, "a line of play");
    int n = table_optimal_line(t, (uint64_t)at, lane, line, nim_shape(t)->max_total + 2);
    for (int i = 0; i + 1 < n; i++, move++) {
        nim_pos a, b;
        nim_pos_at(t, line[i], &a);
        nim_pos_at(t, line[i + 1], &b);
        stones[move % 2] += a.total - b.total;
    }
    free(line);
    *last = (move - 1) % 2;
    return true;
}

static void check_tallies(const value_table *t, claim_report *r)
{
    static const int near[4][3] = {{10, 8, 1}, {6, 8, 1}, {6, 7, 1}, {6, 4, 1}};
    static const int far[5][3] = {{10, 8, 1}, {9, 8, 1}, {6, 8, 1}, {6, 7, 1}, {6, 4, 1}};
    for (int l = t->own_lo; l < t->own_hi; l++) {
        int M = table_lane_M(t, l);
        /* The text's tallies name N as positive (f = 9-N, N-7). */
        for (int which = 0; which < 2; which++) {
            if (which == 0 ? !(M >= 12 && M <= 16) : !(M >= 16))
                continue;
            int stones[2], last;
            if (!tally(t, which == 0 ? near : far, which == 0 ? 4 : 5, l, stones, &last))
                continue;
            /* Doubled: 6 <= N <= 8 first 14, second 5 + N; N >= 8 first
             * 6 + N, second 13. */
            int64_t first2 = 2 * stones[0] + (last == 0 ? M : 0), second2 = 2 * stones[1] + (last == 1 ? M : 0);
            int64_t want1 = which == 0 ? 28 : 12 + M, want2 = which == 0 ? 10 + M : 26;
            claim_cases(r, which, 1);
            if (first2 != want1 || second2 != want2) {
                char want[160], got[200], a[32], b[32], n[32];
                claim_format_half(want1, a, sizeof a);
                claim_format_half(want2, b, sizeof b);
                claim_format_half(M, n, sizeof n);
                snprintf(want, sizeof want, "first %s, second %s", a, b);
                claim_format_half(first2, a, sizeof a);
                claim_format_half(second2, b, sizeof b);
                snprintf(got, sizeof got, "first %s, second %s (N = %s)", a, b, n);
                claim_mismatch_text(r, which, (uint64_t)nim_rank(t, near[0], 3), M, true, want, got);
            }
        }
    }
}

const claim_def claim_os_tallies_1081 = {
    .id = "os/tallies-10-8-1",
    .game = "scoring-nim",
    .source = SRC "Section 6, the (10,8,1) example after Theorem 6.3",
    .statement = "From (10,8,1), for 6 <= |N| <= 8 the game proceeds (10,8,1) (6,8,1) (6,7,1) (6,4,1) ... and the "
                 "first player gains 14 points and the second 5+N; for |N| >= 8 it proceeds (10,8,1) (9,8,1) "
                 "(6,8,1) (6,7,1) (6,4,1) ... and the first player gains 6+N points and the second 13.",
    .domain = "N > 0, as the text's f = 9-N and N-7 say (6 <= N <= 8, N >= 8 within the window), when (10,8,1) "
              "is in the sweep: the stated moves, then the first optimal move at every step to the end; each "
              "player's stones, and the bonus to whoever takes the last one",
    .parts = {"6 <= N <= 8: 14 against 5+N", "N >= 8: 6+N against 13"},
    .check = check_tallies,
};

/* ---- P+ and P- among (x,y,1) ---- */

void os_check_pp_intersection(const value_table *t, claim_report *r, bool (*stated)(int x, int y))
{
    /* About positions only: the lead block compares. */
    if (!nim_lead(t))
        return;
    nim_pos pos;
    nim_pos_first(t, &pos);
    do {
        if (pos.n != 3 || pos.p[2] != 1)
            continue;
        int x = pos.p[0], y = pos.p[1];
        bool both = os_in_p_plus(&pos) && os_in_p_minus(&pos);
        claim_cases(r, 0, 1);
        if (both != stated(x, y))
            claim_mismatch_text(r, 0, pos.rank, 0, false, stated(x, y) ? "in P+ and P-" : "not in both",
                                both ? "in P+ and P-" : "not in both");
    } while (nim_pos_next(t, &pos));
}

static bool paper_pp(int x, int y)
{
    return y >= 2 && y % 2 == 0 && x == y + 1;
}

static void check_pp(const value_table *t, claim_report *r)
{
    os_check_pp_intersection(t, r, paper_pp);
}

const claim_def claim_os_pp_intersection = {
    .id = "os/pp-intersection",
    .game = "scoring-nim",
    .source = SRC "Section 6, the sentence before Definition 6.2",
    .statement = "(x,y,1) is in P+ and in P- only for (2k+1,2k,1) with k >= 1.",
    .domain = "every three-pile position (x,y,1), x >= y >= 1, of the sweep, with P+ and P- as Definition 5.4 "
              "defines them (Nim-sum 0; misere: Nim-sum 0 unless every pile is 1, then an odd number of them).  "
              "A statement about the definitions, so it reads no payoff: tests/test_claims.c feeds its check a "
              "wrong statement and sees it fail",
    .parts = {"(x,y,1) in both iff (2k+1,2k,1)"},
    .check = check_pp,
};
