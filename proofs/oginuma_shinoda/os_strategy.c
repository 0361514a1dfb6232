/*
 * os_strategy.c -- Oginuma-Shinoda Section 4: the optimal-move statements
 * in the text after Propositions 4.1 and 4.2, checked against the full
 * set of optimal moves read from the table.
 *   os/prop-4.1-strategy  in (x,1), x >= 2: to (1,1) if N >= 0, to (0,1) if N <= 0
 *   os/prop-4.2-strategy  in (x,x): take a whole pile; in (x,y), x > y >= 2:
 *                         greedy (0,y) if -2 <= N <= 0, else equalise to (y,y)
 * "The optimal move is m when a <= N <= b" is read as: m is optimal on
 * [a, b], and strictly inside (a, b) no other move is optimal.
 */
#include <stdlib.h>

#include "core/engine/xalloc.h"
#include "proofs/oginuma_shinoda/nim_view.h"

/* An unbounded end of a range: one step past the window, so that every
 * window point counts as inside. */
static int below(const value_table *t)
{
    return nim_mmin(t) - 1;
}
static int above(const value_table *t)
{
    return nim_mmax(t) + 1;
}

static uint64_t rank2(const value_table *t, int a, int b)
{
    int p[2] = {a, b};
    return (uint64_t)nim_rank(t, p, 2);
}

static void check_41_strategy(const value_table *t, claim_report *r)
{
    nim_pos pos;
    nim_pos_first(t, &pos);
    do {
        if (pos.n != 2 || pos.p[1] != 1 || pos.p[0] < 2)
            continue;
        uint64_t to_11 = rank2(t, 1, 1), to_01 = rank2(t, 0, 1);
        nim_check_moves(t, r, 0, pos.rank, &to_11, 1, 0, above(t), true);
        nim_check_moves(t, r, 1, pos.rank, &to_01, 1, below(t), 0, true);
    } while (nim_pos_next(t, &pos));
}

const claim_def claim_os_prop41_strategy = {
    .id = "os/prop-4.1-strategy",
    .game = "scoring-nim",
    .source = "Oginuma-Shinoda, Scoring Nim, Section 4, text after Proposition 4.1",
    .statement = "In (x,1) with x >= 2, if N >= 0 the optimal move is to take x-1 stones, to (1,1); if "
                 "N <= 0 the optimal move is to take x stones, to (0,1).",
    .domain = "every (x,1), x >= 2, in the sweep, every N of the window; at N = 0 both moves must be "
              "optimal, elsewhere the stated move must be the only optimal one",
    .parts = {"N >= 0: to (1,1)", "N <= 0: to (0,1)"},
    .check = check_41_strategy,
};

/* Window points where (x,x) has an optimal move besides taking a whole
 * pile: the text's "the optimal move" read strictly.  Counted and
 * reported as a finding; the claim itself asks that the move be optimal. */
typedef struct {
    uint64_t points, first_rank;
    int first_M;
    char *first_set;
} extra_moves;

static void count_extra_moves(const value_table *t, nim_moves_view *view, uint64_t rank, extra_moves *x)
{
    for (int l = t->own_lo; l < t->own_hi; l++) {
        if (nim_moves_count(view, l) < 2)
            continue;
        if (x->points++ == 0) {
            uint64_t *opt = xmalloc((size_t)t->game->max_moves * sizeof *opt, "a move list");
            int k = nim_moves_optimal(view, l, opt);
            x->first_rank = rank;
            x->first_M = table_lane_M(t, l);
            x->first_set = nim_format_set(t, opt, k);
            free(opt);
        }
    }
}

/* The running maxima of the two-pile counts. */
static uint64_t pairs_scratch(uint64_t positions, int lanes, int bound)
{
    (void)positions;
    return nim_pairs_bytes((uint64_t)bound, lanes);
}

static void check_42_strategy(const value_table *t, claim_report *r)
{
    extra_moves extra = {0};
    uint64_t equal_points = 0;
    /* Every two-pile position with its optimal-move counts from one pass
     * (nim_pairs: a row decoded a position, not every child's); the rows
     * of the stated moves are decoded when read. */
    nim_pairs *pairs = nim_pairs_open(t);
    uint64_t rank;
    int x, y;
    const int32_t *row;
    const uint16_t *optimal;
    while (nim_pairs_next(pairs, &rank, &x, &y, &row, &optimal)) {
        if (y < 2)
            continue;
        nim_moves_view *view = nim_moves_open_counted(t, rank, row, optimal);
        if (x == y) {
            uint64_t whole = rank2(t, x, 0);
            equal_points += nim_check_moves_in(view, r, 0, &whole, 1, below(t), above(t), false);
            count_extra_moves(t, view, rank, &extra);
        } else {
            uint64_t greedy = rank2(t, 0, y), equalise = rank2(t, y, y);
            nim_check_moves_in(view, r, 1, &greedy, 1, -4, 0, true);
            nim_check_moves_in(view, r, 2, &equalise, 1, below(t), -4, true);
            nim_check_moves_in(view, r, 2, &equalise, 1, 0, above(t), true);
        }
        nim_moves_close(view);
    }
    nim_pairs_close(pairs);
    /* A split table: the counts add up over the blocks, and the first
     * point (by position, then N) is said by the block that holds it. */
    int64_t counts[2] = {(int64_t)extra.points, (int64_t)equal_points};
    int64_t first = extra.points ? (int64_t)extra.first_rank * t->win.lanes + table_lane_of(t, extra.first_M) : INT64_MAX;
    int64_t mine = first;
    nim_reduce(t, counts, 2, REDUCE_SUM);
    nim_reduce(t, &first, 1, REDUCE_MIN);
    extra.points = (uint64_t)counts[0];
    equal_points = (uint64_t)counts[1];
    if (extra.points && mine == first) {
        char n[32];
        char *where = nim_pos_text(t, extra.first_rank);
        claim_format_half(extra.first_M, n, sizeof n);
        claim_finding_add(r, "(x,x): other optimal moves",
                          "at %llu of %llu (position, N) points taking a whole pile is not the only optimal move; "
                          "first at %s, N = %s: %s",
                          (unsigned long long)extra.points, (unsigned long long)equal_points, where, n,
                          extra.first_set);
        free(where);
    }
    free(extra.first_set);
}

const claim_def claim_os_prop42_strategy = {
    .id = "os/prop-4.2-strategy",
    .cost_ns = 0.059,
    .game = "scoring-nim",
    .source = "Oginuma-Shinoda, Scoring Nim, Section 4, text after Proposition 4.2",
    .statement = "In (x,x) the optimal move is to take all stones from one pile.  In (x,y) with x > y, "
                 "if -2 <= N <= 0 the optimal move is greedy, taking the whole larger pile; otherwise it "
                 "is the Nim-winning move that equalises the piles.",
    .domain = "every two-pile position with both piles >= 2 in the sweep (the domain of Proposition "
              "4.2), every N of the window.  x > y: the stated move is the only optimal one inside each "
              "range, and both are optimal at N = -2 and N = 0.  (x,x): taking a whole pile must be "
              "optimal; where another move is optimal too is reported as a finding",
    .parts = {"(x,x): to (x,0)", "x > y, -2 <= N <= 0: to (0,y)", "x > y, otherwise: to (y,y)"},
    .check = check_42_strategy,
    .scratch_bytes = pairs_scratch,
};
