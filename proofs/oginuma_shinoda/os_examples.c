/*
 * os_examples.c -- the worked examples of Oginuma-Shinoda Sections 2 and 6.
 *   os/examples  (5,4,2) first moves by N; the N = 3 line from (5,4,2) and
 *                its scores; (9,8,1) moves by |N|; (10,8,1) lines and
 *                values; the move to (|j|,2k,1) in (2k+1,2k,1); the move
 *                to (2k+1,2k,1) in (x,2k,1) for large |N|.
 * Ranges "a <= N <= b" become doubled lane ranges [2a, 2b].
 */
#include <stdio.h>
#include <stdlib.h>

#include "core/engine/xalloc.h"
#include "proofs/oginuma_shinoda/nim_view.h"

enum { EX_321_LINE, EX_542, EX_542_LINE, EX_981, EX_1081, EX_2K1, EX_X2K };

#define MAXP 3

typedef struct {
    int piles[MAXP];
} pos3;

static int64_t rank3(const value_table *t, pos3 p)
{
    return nim_rank(t, p.piles, MAXP);
}

/* Stated moves from `from` over [mlo, mhi]; skipped when a position is
 * outside the sweep. */
static void stated_moves(const value_table *t, claim_report *r, int part, pos3 from, const pos3 *to, int nto,
                         int mlo, int mhi, bool exact)
{
    uint64_t ranks[4];
    int64_t f = rank3(t, from);
    if (f < 0)
        return;
    for (int i = 0; i < nto; i++) {
        int64_t x = rank3(t, to[i]);
        if (x < 0)
            return;
        ranks[i] = (uint64_t)x;
    }
    nim_check_moves(t, r, part, (uint64_t)f, ranks, nto, mlo, mhi, exact);
}

/* Each move of the line is optimal at every M of [mlo, mhi]. */
static void stated_line(const value_table *t, claim_report *r, int part, const pos3 *line, int len, int mlo,
                        int mhi)
{
    for (int i = 0; i + 1 < len; i++)
        stated_moves(t, r, part, line[i], &line[i + 1], 1, mlo, mhi, false);
}

/* Section 2: (3,2,1) (2,2,1) (2,2,0) (2,0,0) 0 is a legal line on which
 * each player takes three stones, the second the last one: scores 3 and
 * 3+N.  (A statement about one line, not about optimal play.) */
static void check_321_line(const value_table *t, claim_report *r)
{
    static const pos3 line[] = {{{3, 2, 1}}, {{2, 2, 1}}, {{2, 2, 0}}, {{2, 0, 0}}, {{0, 0, 0}}};
    int len = (int)(sizeof line / sizeof line[0]), stones[2] = {0, 0};
    int64_t start = rank3(t, line[0]);
    /* About one line, no N: the lead block compares. */
    if (start < 0 || !nim_lead(t))
        return;
    game_move *moves = xmalloc((size_t)t->game->max_moves * sizeof *moves, "a move list");
    bool legal = true;
    for (int i = 0; legal && i + 1 < len; i++) {
        nim_pos from;
        nim_pos_at(t, (uint64_t)rank3(t, line[i]), &from);
        int k = scoring_nim_moves(nim_game(t), from.asc, moves), found = 0;
        for (int m = 0; m < k; m++)
            found |= moves[m].child == (uint64_t)rank3(t, line[i + 1]);
        legal = found;
        for (int j = 0; j < MAXP; j++)
            stones[i % 2] += line[i].piles[j] - line[i + 1].piles[j];
    }
    free(moves);
    claim_cases(r, EX_321_LINE, 1);
    /* The last move is the second player's ((len - 2) odd), who gets N. */
    if (!legal || stones[0] != 3 || stones[1] != 3 || (len - 2) % 2 != 1) {
        char a[64];
        snprintf(a, sizeof a, "%s: first %d, second %d%s", legal ? "legal" : "illegal", stones[0], stones[1],
                 (len - 2) % 2 ? " + N" : "");
        claim_mismatch_text(r, EX_321_LINE, (uint64_t)start, 0, false, "legal; first 3, second 3 + N", a);
    }
}

static void check_542(const value_table *t, claim_report *r, int lo, int hi)
{
    pos3 p = {{5, 4, 2}}, m541 = {{5, 4, 1}}, m142 = {{1, 4, 2}}, m042 = {{0, 4, 2}};
    pos3 both[2] = {m142, m042};
    stated_moves(t, r, EX_542, p, &m541, 1, lo, -8, true);
    stated_moves(t, r, EX_542, p, both, 2, -8, -2, true);
    stated_moves(t, r, EX_542, p, &m042, 1, -2, 2, true);
    stated_moves(t, r, EX_542, p, &m142, 1, 2, 8, true);
    stated_moves(t, r, EX_542, p, &m541, 1, 8, hi, true);
}

/* The N = 3 line: every move optimal, the first player's stones 8, the
 * second player's 3 + N = 6, so f_3(5,4,2) = 2. */
static void check_542_line(const value_table *t, claim_report *r)
{
    static const pos3 line[] = {{{5, 4, 2}}, {{1, 4, 2}}, {{1, 3, 2}}, {{1, 0, 2}},
                                {{1, 0, 1}}, {{1, 0, 0}}, {{0, 0, 0}}};
    int len = (int)(sizeof line / sizeof line[0]), lane = table_lane_of(t, 6);
    int64_t start = rank3(t, line[0]);
    if (start < 0 || lane < 0)
        return;
    stated_line(t, r, EX_542_LINE, line, len, 6, 6);
    /* At N = 3 only: the block that holds it compares. */
    if (!nim_owns(t, lane))
        return;
    int stones[2] = {0, 0};
    for (int i = 0; i + 1 < len; i++)
        for (int j = 0; j < MAXP; j++)
            stones[i % 2] += line[i].piles[j] - line[i + 1].piles[j];
    /* The last move is made by player (len - 2) % 2 and earns the bonus. */
    int64_t first2 = 2 * stones[0] + ((len - 2) % 2 == 0 ? 6 : 0);
    int64_t second2 = 2 * stones[1] + ((len - 2) % 2 == 1 ? 6 : 0);
    claim_cases(r, EX_542_LINE, 1);
    if (first2 != 16 || second2 != 12 || nim_v2(t, (uint64_t)start, lane) != 4) {
        char a[96], f[32];
        claim_format_half(nim_v2(t, (uint64_t)start, lane), f, sizeof f);
        snprintf(a, sizeof a, "first %lld/2, second %lld/2, f = %s", (long long)first2, (long long)second2, f);
        claim_mismatch_text(r, EX_542_LINE, (uint64_t)start, 6, true, "first 8, second 3+N = 6, f = 2", a);
    }
}

static void check_981(const value_table *t, claim_report *r, int lo, int hi)
{
    pos3 p = {{9, 8, 1}};
    pos3 to[4] = {{{0, 8, 1}}, {{2, 8, 1}}, {{4, 8, 1}}, {{6, 8, 1}}};
    stated_moves(t, r, EX_981, p, &to[0], 1, -2, 2, false);
    stated_moves(t, r, EX_981, p, &to[1], 1, 2, 6, false);
    stated_moves(t, r, EX_981, p, &to[1], 1, -6, -2, false);
    stated_moves(t, r, EX_981, p, &to[2], 1, 6, 10, false);
    stated_moves(t, r, EX_981, p, &to[2], 1, -10, -6, false);
    stated_moves(t, r, EX_981, p, &to[3], 1, 10, hi, false);
    stated_moves(t, r, EX_981, p, &to[3], 1, lo, -10, false);
}

/* f(10,8,1) = 9-|N| on 6 <= |N| <= 8 and |N|-7 on |N| >= 8. */
static void check_1081_values(const value_table *t, claim_report *r, uint64_t rank)
{
    for (int l = t->own_lo; l < t->own_hi; l++) {
        int M = table_lane_M(t, l);
        int64_t a = nim_abs(M), want;
        if (a >= 12 && a <= 16)
            want = 18 - a;
        else if (a >= 16)
            want = a - 14;
        else
            continue;
        claim_cases(r, EX_1081, 1);
        if (nim_v2(t, rank, l) != want)
            claim_mismatch_values(r, EX_1081, rank, M, want, nim_v2(t, rank, l));
    }
}

static void check_1081(const value_table *t, claim_report *r, int lo, int hi)
{
    static const pos3 mid[] = {{{10, 8, 1}}, {{6, 8, 1}}, {{6, 7, 1}}, {{6, 4, 1}}};
    static const pos3 far[] = {{{10, 8, 1}}, {{9, 8, 1}}, {{6, 8, 1}}, {{6, 7, 1}}, {{6, 4, 1}}};
    static const pos3 foot[] = {{{10, 8, 1}}, {{6, 8, 1}}, {{6, 4, 1}}};
    int64_t start = rank3(t, mid[0]);
    if (start < 0)
        return;
    stated_line(t, r, EX_1081, mid, 4, 12, 16);
    stated_line(t, r, EX_1081, mid, 4, -16, -12);
    stated_line(t, r, EX_1081, far, 5, 16, hi);
    stated_line(t, r, EX_1081, far, 5, lo, -16);
    stated_line(t, r, EX_1081, foot, 3, 10, 12);
    stated_line(t, r, EX_1081, foot, 3, -12, -10);
    check_1081_values(t, r, (uint64_t)start);
}

/* In (2k+1,2k,1): move to (|j|,2k,1), j in J_k closest to N (every
 * closest j at a tie). */
static void check_2k1(const value_table *t, claim_report *r, int lo, int hi)
{
    for (int k = 1; 2 * k + 1 <= nim_shape(t)->bound; k++) {
        pos3 p = {{2 * k + 1, 2 * k, 1}};
        if (rank3(t, p) < 0)
            continue;
        /* The j of J_k (2j four apart in M) closest to M = 2N: within 2 of
         * 2j (both at a tie), the end ones out to the window's ends.  One
         * statement a j over its range: the children read once. */
        int jmax = 2 * k - 2;
        for (int j = -jmax; j <= jmax; j += 2) {
            pos3 to = {{j < 0 ? -j : j, 2 * k, 1}};
            stated_moves(t, r, EX_2K1, p, &to, 1, j == -jmax ? lo : 2 * j - 2, j == jmax ? hi : 2 * j + 2, false);
        }
    }
}

/* In (x,2k,1), x >= 2k+2, |N| >= 2k: a best move is to (2k+1,2k,1). */
static void check_x2k(const value_table *t, claim_report *r, int lo, int hi)
{
    for (int k = 1; 2 * k + 2 <= nim_shape(t)->bound; k++) {
        int64_t to = rank3(t, (pos3){{2 * k + 1, 2 * k, 1}});
        for (int x = 2 * k + 2; to >= 0 && x <= nim_shape(t)->bound; x++) {
            /* Both ranges of N from one reading of the children. */
            int64_t from = rank3(t, (pos3){{x, 2 * k, 1}});
            const int ranges[2][2] = {{4 * k, hi}, {lo, -4 * k}};
            uint64_t stated = (uint64_t)to;
            if (from >= 0)
                nim_check_moves_ranges(t, r, EX_X2K, (uint64_t)from, &stated, 1, ranges, 2, false);
        }
    }
}

static void check_examples(const value_table *t, claim_report *r)
{
    /* Unbounded ends reach one step past the window. */
    int lo = nim_mmin(t) - 1, hi = nim_mmax(t) + 1;
    check_321_line(t, r);
    check_542(t, r, lo, hi);
    check_542_line(t, r);
    check_981(t, r, lo, hi);
    check_1081(t, r, lo, hi);
    check_2k1(t, r, lo, hi);
    check_x2k(t, r, lo, hi);
}

const claim_def claim_os_examples = {
    .id = "os/examples",
    .cost_ns = 0.03,
    .game = "scoring-nim",
    .source = "Oginuma-Shinoda, Scoring Nim, Section 2 (position (5,4,2)) and Section 6 (after Theorem 6.3)",
    .statement = "(3,2,1) (2,2,1) (2,2,0) (2,0,0) 0 scores 3 to 3+N; (5,4,2): first move to (5,4,1) if N <= -4, (1,4,2) or (0,4,2) if -4 <= N <= -1, (0,4,2) if "
                 "-1 <= N <= 1, (1,4,2) if 1 <= N <= 4, (5,4,1) if N >= 4; at N = 3 the line (5,4,2) (1,4,2) "
                 "(1,3,2) (1,0,2) (1,0,1) (1,0,0) 0 is optimal and scores 8 to 3+N; (9,8,1): to (0,8,1), "
                 "(2,8,1), (4,8,1), (6,8,1) as |N| passes 1, 3, 5; (10,8,1): for 6 <= |N| <= 8 the line via "
                 "(6,8,1) (6,7,1) (6,4,1) with f = 9-|N|, for |N| >= 8 via (9,8,1) with f = |N|-7, for "
                 "5 <= |N| <= 6 (6,8,1) then (6,4,1); (2k+1,2k,1): to (|j|,2k,1) with j in J_k closest to "
                 "N; (x,2k,1), x >= 2k+2, |N| >= 2k: to (2k+1,2k,1).",
    .domain = "the named positions when in the sweep, every N of the stated range within the window.  "
              "(5,4,2) is 'the optimal move': only the stated moves inside a range.  The Section 6 moves "
              "are 'the best move (or one of the best)': the stated move must be optimal.  (10,8,1): the "
              "text writes 9-N and N-7 (the N > 0 case); they are checked as 9-|N| and |N|-7 on both signs",
    .parts = {"(3,2,1) line scores 3 and 3+N", "(5,4,2) first moves by N", "(5,4,2) line and scores at N = 3", "(9,8,1) moves by |N|",
              "(10,8,1) lines and values", "(2k+1,2k,1) to (|j|,2k,1)", "(x,2k,1) to (2k+1,2k,1) for |N| >= 2k"},
    .check = check_examples,
};
