/*
 * os_section3.c -- Oginuma-Shinoda Section 3: f_N(p) as a function of N.
 *   os/prop-3.1  continuity, integrality and parity, slopes +-1 and who
 *                takes the last stone
 *   os/cor-3.2   |f_N - f_N'| <= |N - N'|
 */
#include <stdlib.h>
#include <string.h>

#include "../core/sysmem.h"
#include "../core/xalloc.h"
#include "nim_view.h"

enum { P31_MIDPOINT, P31_PARITY, P31_SLOPE, P31_TAKER };
/* Who takes the last stone, as bit flags so that "what the optimal moves
 * say so far" merges by OR: no move yet 0, first 1, second 2, both 3. */
enum { TAKER_NONE = 0, TAKER_FIRST = 1, TAKER_SECOND = 2, TAKER_AMBIGUOUS = 3 };

static void check_midpoints_and_slopes(const sn_table *t, claim_report *r, const nim_pos *pos)
{
    const int32_t *g = sn_row(t, pos->rank);
    uint64_t mid = 0, slope = 0, parity = 0;
    for (int l = 0; l < t->win.lanes; l++) {
        int M = sn_lane_M(t, l);
        if ((M & 1) == 0) {
            /* (ii): 2f even, and f = |p| + N mod 2. */
            parity++;
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
        mid++;
        int64_t sum = (int64_t)g[l - 1] + g[l + 1];
        if (2 * (int64_t)g[l] != sum)
            claim_mismatch_values(r, P31_MIDPOINT, pos->rank, M, sum, 2 * (int64_t)g[l]);
        /* (iii): slope over [N - 1/2, N + 1/2] is +1 or -1. */
        slope++;
        int64_t d = (int64_t)g[l + 1] - g[l - 1];
        if (d != 2 && d != -2) {
            char a[32];
            snprintf(a, sizeof a, "slope %lld/2", (long long)d);
            claim_mismatch_text(r, P31_SLOPE, pos->rank, M, true, "slope +1 or -1", a);
        }
    }
    claim_cases(r, P31_MIDPOINT, mid);
    claim_cases(r, P31_SLOPE, slope);
    claim_cases(r, P31_PARITY, parity);
}

/* Who takes the last stone under optimal play at each half-integer lane,
 * by a pass in the sweep's order (children first): the taker after an
 * optimal move to c is the first player if c is the terminal position,
 * else the opposite of c's taker (the two flag bits swapped).  All optimal
 * moves must agree, or the statement's "under optimal play" is ambiguous
 * (both bits end up set).  The pass runs over every lane (integer lanes
 * are computed and ignored) so that the inner loop is straight bit
 * arithmetic the compiler vectorises. */
static void takers_of_position(const sn_table *t, uint64_t rank, const int *asc, const sn_move *moves, int k,
                               void *ctx)
{
    (void)asc;
    uint8_t *taker = ctx;
    int lanes = t->win.lanes;
    uint8_t *restrict mine = taker + rank * (uint64_t)lanes;
    const int32_t *restrict g = sn_row(t, rank);
    memset(mine, TAKER_NONE, (size_t)lanes);
    for (int m = 0; m < k; m++) {
        const int32_t *restrict c = sn_row(t, moves[m].child);
        const uint8_t *restrict ct = taker + moves[m].child * (uint64_t)lanes;
        int32_t gain = 2 * moves[m].taken;
        uint8_t terminal = moves[m].child == 0;
        for (int l = 0; l < lanes; l++) {
            uint8_t swapped = (uint8_t)(((ct[l] & 1) << 1) | ((ct[l] >> 1) & 1));
            uint8_t tk = terminal ? (uint8_t)TAKER_FIRST : swapped;
            uint8_t optimal = (uint8_t)-(uint8_t)(gain - c[l] == g[l]);
            mine[l] |= tk & optimal;
        }
    }
}

static void check_last_taker(const sn_table *t, claim_report *r)
{
    if (t->win.step != 1)
        return;
    int lanes = t->win.lanes;
    uint8_t *taker = sn_xmalloc(sn_xmul(t->shape.count, (size_t)lanes, "the last-stone table"), "the last-stone table");
    sn_table_visit_layers(t, takers_of_position, taker);
    /* Reports in rank order, whatever order the pass ran in. */
    nim_pos pos;
    nim_pos_first(t, &pos);
    do {
        if (pos.n == 0)
            continue;
        const int32_t *g = sn_row(t, pos.rank);
        const uint8_t *mine = taker + pos.rank * (uint64_t)lanes;
        uint64_t cases = 0;
        for (int l = 1; l + 1 < lanes; l++) {
            if (!(sn_lane_M(t, l) & 1))
                continue;
            cases++;
            int64_t d = (int64_t)g[l + 1] - g[l - 1];
            if ((d == 2 && mine[l] == TAKER_FIRST) || (d == -2 && mine[l] == TAKER_SECOND))
                continue;
            const char *who = mine[l] == TAKER_FIRST    ? "first player takes the last stone"
                              : mine[l] == TAKER_SECOND ? "second player takes the last stone"
                                                        : "optimal lines disagree on the last stone";
            char e[96];
            snprintf(e, sizeof e, "slope %s", d == 2 ? "+1: first player takes the last stone"
                                                     : "-1: second player takes the last stone");
            claim_mismatch_text(r, P31_TAKER, pos.rank, sn_lane_M(t, l), true, e, who);
        }
        claim_cases(r, P31_TAKER, cases);
    } while (nim_pos_next(t, &pos));
    free(taker);
}

/* The last-stone table: one byte a (position, lane). */
static uint64_t prop31_scratch(uint64_t positions, int lanes)
{
    return sn_sat_mul(positions, (uint64_t)lanes);
}

static void check_prop31(const sn_table *t, claim_report *r)
{
    nim_pos pos;
    nim_pos_first(t, &pos);
    do
        check_midpoints_and_slopes(t, r, &pos);
    while (nim_pos_next(t, &pos));
    check_last_taker(t, r);
}

const claim_def claim_os_prop31 = {
    .id = "os/prop-3.1",
    .source = "Oginuma-Shinoda, Scoring Nim, Section 3, Proposition 3.1",
    .statement = "As a function of N, f_N(p) is continuous; at integer N it is an integer with the parity "
                 "of |p|+N; at non-integer N its slope is +1 or -1, and +1 exactly when the first player "
                 "takes the last stone under optimal play.",
    .domain = "every position of the sweep, every N of the window: (i) through its consequence on the "
              "grid, f(N+1/2) = (f(N)+f(N+1))/2 (linear between consecutive integers as sampled; "
              "samples cannot show continuity itself); (iii) slope of "
              "each unit interval [N-1/2, N+1/2] around a half-integer N, and the taker of the last "
              "stone along every optimal line at that N",
    .parts = {"(i) f(N+1/2) is the mean of f(N) and f(N+1)", "(ii) integer with the parity of |p|+N",
              "(iii) slope is +1 or -1", "(iii) slope +1 iff the first player takes the last stone"},
    .check = check_prop31,
    .scratch_bytes = prop31_scratch,
};

static void check_cor32(const sn_table *t, claim_report *r)
{
    nim_pos pos;
    nim_pos_first(t, &pos);
    do {
        const int32_t *g = sn_row(t, pos.rank);
        for (int l = 0; l + 1 < t->win.lanes; l++) {
            int64_t d = nim_abs((int64_t)g[l + 1] - g[l]);
            /* Doubled units: |2f(N') - 2f(N)| <= |M' - M| = step. */
            if (d > t->win.step) {
                char e[48], a[48];
                snprintf(e, sizeof e, "|f(N+%s) - f(N)| <= %s", t->win.step == 1 ? "1/2" : "1",
                         t->win.step == 1 ? "1/2" : "1");
                char v[32];
                claim_format_half(d, v, sizeof v);
                snprintf(a, sizeof a, "%s", v);
                claim_mismatch_text(r, 0, pos.rank, sn_lane_M(t, l), true, e, a);
            }
        }
        claim_cases(r, 0, (uint64_t)(t->win.lanes - 1));
    } while (nim_pos_next(t, &pos));
}

const claim_def claim_os_cor32 = {
    .id = "os/cor-3.2",
    .source = "Oginuma-Shinoda, Scoring Nim, Section 3, Corollary 3.2",
    .statement = "For real N and N', |f_N(p) - f_N'(p)| <= |N - N'|.",
    .domain = "every position, every pair of neighbouring window points N, N+1/2 (all other pairs of "
              "window points follow by the triangle inequality)",
    .parts = {"Lipschitz bound 1"},
    .check = check_cor32,
};
