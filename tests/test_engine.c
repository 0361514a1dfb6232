/*
 * test_engine.c -- the engine against the definition: position indexing,
 * the plain memoised reference solver on every position up to a small
 * bound, brute-force minimax on tiny positions, golden values typed in
 * from the paper, and thread-count independence of the table.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <sys/wait.h>
#include <unistd.h>

#include "core/engine/heap_space.h"
#include "core/engine/periodicity.h"
#include "core/engine/rank_memo.h"
#include "core/engine/pile_game.h"
#include "core/engine/pile_period.h"
#include "core/engine/pinning.h"
#include "core/engine/sweep.h"
#include "core/engine/table.h"
#include "core/engine/xalloc.h"
#include "core/games/game_options.h"
#include "core/games/registry.h"
#include "core/games/scoring_nim/scoring_nim.h"
#include "tests/nim_tables.h"
#include "tests/reference.h"

static void make_table(value_table *t, int piles, int bound, lane_window win, int threads)
{
    char err[256];
    assert_int_equal(nim_create_default(t, piles, bound, win, err, sizeof err), 0);
    pinning pin;
    assert_int_equal(pinning_open(&pin, threads, err, sizeof err), 0);
    table_sweep(t, &pin);
    pinning_close(&pin);
}

static void make_sweep_table(value_table *t, int piles, int bound)
{
    make_table(t, piles, bound, scoring_nim_window(piles, bound), 0);
}

/* 2 f at integer N from a sweep table, for golden values. */
static long f2(const value_table *t, const int *piles, int len, int N)
{
    int64_t r = ms_rank_of(SHAPE(t), piles, len);
    assert_true(r >= 0);
    int lane = table_lane_of(t, 2 * N);
    assert_true(lane >= 0);
    return table_value(t, (uint64_t)r, lane);
}

static void test_ranks_enumerate_in_order(void **state)
{
    (void)state;
    for (int piles = 1; piles <= 6; piles++)
        for (int bound = 0; bound <= 7; bound++) {
            ms_shape s;
            char err[MS_ERR_MAX];
            assert_int_equal(ms_shape_init(&s, piles, bound, err, sizeof err), 0);
            int a[MS_MAX_SLOTS], b[MS_MAX_SLOTS];
            uint64_t k = 0;
            ms_first(&s, a);
            do {
                assert_int_equal(ms_rank_sorted(&s, a), k);
                ms_unrank(&s, k, b);
                assert_memory_equal(a, b, (size_t)piles * sizeof *a);
                for (int i = 1; i < piles; i++)
                    assert_true(a[i - 1] <= a[i]);
                k++;
            } while (ms_next(&s, a));
            assert_int_equal(k, s.count);
            ms_shape_free(&s);
        }
}

/* ms_ranks_lowered against lowering, sorting and ranking each child, on
 * every position of up to 5 piles of up to 9, every pile, every range of
 * takes (a range starting past 1 too: the games ask a few hundred at a
 * time). */
static void test_ranks_lowered_match_sorting(void **state)
{
    (void)state;
    for (int piles = 1; piles <= 5; piles++) {
        ms_shape s;
        char err[MS_ERR_MAX];
        assert_int_equal(ms_shape_init(&s, piles, 9, err, sizeof err), 0);
        int a[MS_MAX_SLOTS];
        ms_first(&s, a);
        do
            for (int i = 0; i < piles; i++)
                for (int first = 1; first <= a[i]; first++)
                    for (int last = first; last <= a[i]; last++) {
                        /* At most 9 ranks: piles are at most 9. */
                        uint64_t out[9];
                        ms_ranks_lowered(&s, a, i, first, last, out);
                        for (int x = first; x <= last; x++) {
                            int b[MS_MAX_SLOTS];
                            memcpy(b, a, sizeof b);
                            b[i] -= x;
                            ms_sort_ascending(b, piles);
                            assert_int_equal(out[x - first], ms_rank_sorted(&s, b));
                        }
                    }
        while (ms_next(&s, a));
        ms_shape_free(&s);
    }
}

static void test_rank_of_rejects_outside(void **state)
{
    (void)state;
    ms_shape s;
    char err[MS_ERR_MAX];
    assert_int_equal(ms_shape_init(&s, 3, 5, err, sizeof err), 0);
    assert_true(ms_rank_of(&s, (int[]){6, 0, 0}, 3) < 0);
    assert_true(ms_rank_of(&s, (int[]){1, 1, 1, 1}, 4) < 0);
    assert_int_equal(ms_rank_of(&s, (int[]){5, 4, 2}, 3), ms_rank_of(&s, (int[]){2, 5, 4, 0}, 4));
    ms_shape_free(&s);
}

/* Every position, every lane of the sweep window, against the plain
 * reference solver run separately for each M. */
static void compare_with_reference(int piles, int bound)
{
    value_table t;
    make_sweep_table(&t, piles, bound);
    for (int l = 0; l < t.win.lanes; l++) {
        ref_solver ref;
        assert_int_equal(ref_init(&ref, piles, bound, table_lane_M(&t, l)), 0);
        int a[MS_MAX_SLOTS];
        uint64_t r = 0;
        ms_first(SHAPE(&t), a);
        do {
            long want = ref_value2(&ref, a);
            if (table_value(&t, r, l) != want)
                fail_msg("piles=%d bound=%d rank=%llu M=%d: engine %d, reference %ld", piles, bound,
                         (unsigned long long)r, table_lane_M(&t, l), table_value(&t, r, l), want);
            r++;
        } while (ms_next(SHAPE(&t), a));
        ref_free(&ref);
    }
    nim_free(&t);
}

static void test_engine_matches_reference(void **state)
{
    (void)state;
    compare_with_reference(1, 12);
    compare_with_reference(2, 10);
    compare_with_reference(3, 8);
    compare_with_reference(4, 5);
    compare_with_reference(5, 3);
}

static void test_engine_matches_brute_force(void **state)
{
    (void)state;
    value_table t;
    make_sweep_table(&t, 3, 3);
    int a[MS_MAX_SLOTS];
    uint64_t r = 0;
    ms_first(SHAPE(&t), a);
    do {
        if (ms_total(a, 3) <= 7)
            for (int l = 0; l < t.win.lanes; l += 3)
                assert_int_equal(table_value(&t, r, l), brute_value2(a, 3, table_lane_M(&t, l)));
        r++;
    } while (ms_next(SHAPE(&t), a));
    nim_free(&t);
}

/* Values typed in from the paper (doubled). */
static void test_golden_values_from_paper(void **state)
{
    (void)state;
    value_table t;
    make_sweep_table(&t, 3, 10);
    /* Prop 4.1: f(1,1) = -N, f(x,1) = x-1+|N|. */
    assert_int_equal(f2(&t, (int[]){1, 1}, 2, 5), -10);
    assert_int_equal(f2(&t, (int[]){3, 1}, 2, -2), 2 * 4);
    assert_int_equal(f2(&t, (int[]){7, 1}, 2, 3), 2 * 9);
    /* Equation (1): f(1) = 1+N, f(5) = 4+|1+N|. */
    assert_int_equal(f2(&t, (int[]){1}, 1, -4), 2 * -3);
    assert_int_equal(f2(&t, (int[]){5}, 1, -4), 2 * 7);
    /* Section 2: at N = 3 the optimal line from (5,4,2) scores 8 to 3+N = 6. */
    assert_int_equal(f2(&t, (int[]){5, 4, 2}, 3, 3), 2 * 2);
    /* Prop 5.3 at N = 0: (5-4) + 2 = 3. */
    assert_int_equal(f2(&t, (int[]){5, 4, 2}, 3, 0), 2 * 3);
    /* c+(5,4,2) = -3: f = -3 + N for large N (N >= |p|-2 = 9). */
    assert_int_equal(f2(&t, (int[]){5, 4, 2}, 3, 20), 2 * 17);
    /* c+(3,2,1) = 2 on P+: f = 2 - N; c-(3,2,1) = 2, (3,2,1) in P-: f = 2 + N. */
    assert_int_equal(f2(&t, (int[]){3, 2, 1}, 3, 10), 2 * -8);
    assert_int_equal(f2(&t, (int[]){3, 2, 1}, 3, -10), 2 * -8);
    /* Theorem 6.3 (i): f(9,8,1) = F_4, F_4(3) = 1, F_4(6) = 2, F_4(8) = 0. */
    assert_int_equal(f2(&t, (int[]){9, 8, 1}, 3, 3), 2 * 1);
    assert_int_equal(f2(&t, (int[]){9, 8, 1}, 3, 6), 2 * 2);
    assert_int_equal(f2(&t, (int[]){9, 8, 1}, 3, -8), 2 * 0);
    /* (10,8,1): 9-|N| on 6 <= |N| <= 8, |N|-7 beyond. */
    assert_int_equal(f2(&t, (int[]){10, 8, 1}, 3, 7), 2 * 2);
    assert_int_equal(f2(&t, (int[]){10, 8, 1}, 3, -10), 2 * 3);
    /* Cor 6.4 (ii): f(6,4,1) has its minimum 1 at N = +-4. */
    assert_int_equal(f2(&t, (int[]){6, 4, 1}, 3, 4), 2 * 1);
    assert_int_equal(f2(&t, (int[]){6, 4, 1}, 3, -4), 2 * 1);
    nim_free(&t);
}

static void test_half_integer_lanes(void **state)
{
    (void)state;
    value_table t;
    make_sweep_table(&t, 2, 4);
    /* f_N(3,1) = 2 + |N| at N = -1.5: 3.5, doubled 7. */
    int64_t r = ms_rank_of(SHAPE(&t), (int[]){3, 1}, 2);
    assert_int_equal(table_value(&t, (uint64_t)r, table_lane_of(&t, -3)), 7);
    nim_free(&t);
}

static void test_checksum_independent_of_threads(void **state)
{
    (void)state;
    char one[TABLE_SHA256_HEX], two[TABLE_SHA256_HEX], three[TABLE_SHA256_HEX];
    value_table t;
    make_table(&t, 4, 9, scoring_nim_window(4, 9), 1);
    table_sha256(&t, one);
    nim_free(&t);
    make_table(&t, 4, 9, scoring_nim_window(4, 9), 2);
    table_sha256(&t, two);
    nim_free(&t);
    make_table(&t, 4, 9, scoring_nim_window(4, 9), 5);
    table_sha256(&t, three);
    nim_free(&t);
    assert_string_equal(one, two);
    assert_string_equal(one, three);
}

static void test_integer_window_matches_half_window(void **state)
{
    (void)state;
    /* The `value` command's window (step 2) must agree with the sweep's. */
    value_table a, b;
    make_sweep_table(&a, 3, 6);
    lane_window w = {.mlo = -10, .step = 2, .lanes = 11};
    make_table(&b, 3, 6, w, 0);
    for (uint64_t r = 0; r < SHAPE(&a)->count; r++)
        for (int l = 0; l < b.win.lanes; l++)
            assert_int_equal(table_value(&b, r, l), table_value(&a, r, table_lane_of(&a, table_lane_M(&b, l))));
    nim_free(&a);
    nim_free(&b);
}

static void test_refuses_overflow_and_huge_tables(void **state)
{
    (void)state;
    value_table t;
    char err[256];
    lane_window w = {.mlo = -2147483640, .step = 2, .lanes = 3};
    assert_int_equal(nim_create_default(&t, 3, 5, w, err, sizeof err), -1);
    assert_non_null(strstr(err, "overflow"));
    assert_int_equal(nim_create_default(&t, 16, 4096, scoring_nim_window(16, 4096), err, sizeof err), -1);
}

static void test_optimal_line_reaches_terminal(void **state)
{
    (void)state;
    value_table t;
    make_sweep_table(&t, 3, 5);
    int64_t r = ms_rank_of(SHAPE(&t), (int[]){5, 4, 2}, 3);
    uint64_t line[32];
    int n = table_optimal_line(&t, (uint64_t)r, table_lane_of(&t, 6), line, 32);
    assert_true(n >= 2);
    assert_int_equal(line[n - 1], 0);
    /* The payoff along the line adds up to f_3(5,4,2) = 2 (doubled 4). */
    long total = 0, sign = 1;
    for (int i = 0; i + 1 < n; i++) {
        int a[MS_MAX_SLOTS], b[MS_MAX_SLOTS];
        ms_unrank(SHAPE(&t), line[i], a);
        ms_unrank(SHAPE(&t), line[i + 1], b);
        total += sign * 2 * (ms_total(a, 3) - ms_total(b, 3));
        sign = -sign;
    }
    total += -sign * 6; /* the player who moved last gets N = 3 */
    assert_int_equal(total, 4);
    nim_free(&t);
}

/* Section 2: at N = 3 the line (5,4,2) (1,4,2) (1,3,2) (1,0,2) (1,0,1)
 * (1,0,0) 0 is optimal at every step. */
static void test_paper_line_at_n3_is_optimal(void **state)
{
    (void)state;
    static const int line[][3] = {{5, 4, 2}, {1, 4, 2}, {1, 3, 2}, {1, 0, 2}, {1, 0, 1}, {1, 0, 0}, {0, 0, 0}};
    value_table t;
    make_sweep_table(&t, 3, 5);
    game_move moves[64];
    for (int i = 0; i + 1 < 7; i++) {
        uint64_t from = (uint64_t)ms_rank_of(SHAPE(&t), line[i], 3);
        uint64_t to = (uint64_t)ms_rank_of(SHAPE(&t), line[i + 1], 3);
        int k = table_optimal_moves(&t, from, table_lane_of(&t, 6), moves), found = 0;
        for (int m = 0; m < k; m++)
            found |= moves[m].child == to;
        assert_true(found);
    }
    nim_free(&t);
}

/* The layer-ordered visit sees every child before its parent: the
 * longest game from p, 1 + max over children (0 at the terminal position),
 * must come out as |p| (take one stone at a time). */
static void longest_game(const value_table *t, uint64_t rank, const game_move *moves, int k, void *ctx)
{
    (void)t;
    int *len = ctx;
    int best = 0;
    for (int m = 0; m < k; m++)
        best = len[moves[m].child] + 1 > best ? len[moves[m].child] + 1 : best;
    len[rank] = best;
}

static void test_visit_layers_sees_children_first(void **state)
{
    (void)state;
    value_table t;
    make_table(&t, 4, 9, scoring_nim_window(4, 9), 2);
    int *len = calloc(SHAPE(&t)->count, sizeof *len);
    for (uint64_t r = 0; r < SHAPE(&t)->count; r++)
        len[r] = -1000;
    table_visit_layers(&t, longest_game, len);
    int a[MS_MAX_SLOTS];
    for (uint64_t r = 0; r < SHAPE(&t)->count; r++) {
        ms_unrank(SHAPE(&t), r, a);
        assert_int_equal(len[r], ms_total(a, 4));
    }
    free(len);
    nim_free(&t);
}

/* ---- the two kernels and the two formats ---- */

static void make_with(value_table *t, int piles, int bound, lane_format format, table_kernel kernel, int threads)
{
    char err[256];
    table_opts o = {.win = scoring_nim_window(piles, bound), .format = format, .kernel = kernel, .last_mover = true};
    assert_int_equal(nim_create(t, piles, bound, 2, &o, err, sizeof err), 0);
    pinning pin;
    assert_int_equal(pinning_open(&pin, threads, err, sizeof err), 0);
    table_sweep(t, &pin);
    pinning_close(&pin);
}

/* The same last-stone bits and the same exceptions, in order. */
static void assert_takers_equal(value_table *a, value_table *b, uint64_t n)
{
    assert_int_equal(a->taker_words, b->taker_words);
    assert_memory_equal(a->taker, b->taker, n * (uint64_t)a->taker_words * sizeof *a->taker);
    table_sort_takers(a);
    table_sort_takers(b);
    assert_int_equal(a->taker_odd[0], b->taker_odd[0]);
    assert_memory_equal(a->taker_odd + 2, b->taker_odd + 2, 2 * a->taker_odd[0] * sizeof *a->taker_odd);
}

/* The running-maximum kernel and the plain kernel that reads every child
 * store the same bytes: values (packed and wide) and last-stone flags. */
static void test_kernels_agree_byte_for_byte(void **state)
{
    (void)state;
    static const int shapes[][2] = {{1, 15}, {2, 11}, {3, 9}, {4, 6}, {5, 4}, {6, 3}, {7, 2}};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        int piles = shapes[i][0], bound = shapes[i][1];
        value_table fast, plain, fast_wide;
        make_with(&fast, piles, bound, FORMAT_PACKED, KERNEL_FAST, 2);
        make_with(&plain, piles, bound, FORMAT_PACKED, KERNEL_PLAIN, 1);
        make_with(&fast_wide, piles, bound, FORMAT_WIDE, KERNEL_FAST, 1);
        uint64_t n = SHAPE(&fast)->count;
        assert_memory_equal(fast.base, plain.base, n * sizeof *fast.base);
        assert_memory_equal(fast.steps, plain.steps, n * (uint64_t)fast.words * sizeof *fast.steps);
        assert_takers_equal(&fast, &plain, n);
        assert_takers_equal(&fast, &fast_wide, n);
        char a[TABLE_SHA256_HEX], b[TABLE_SHA256_HEX];
        table_sha256(&fast, a);
        table_sha256(&fast_wide, b);
        assert_string_equal(a, b);
        nim_free(&fast);
        nim_free(&plain);
        nim_free(&fast_wide);
    }
}

/* The running maxima in 32 bits (a stone worth 3000 units: values past
 * what 16-bit maxima hold) and in 16 (a stone of 2 units): the fast
 * kernel stores the plain kernel's bytes either way. */
static void test_kernels_agree_with_either_width_of_maxima(void **state)
{
    (void)state;
    static const int64_t stones[] = {2, 3000};
    for (size_t i = 0; i < 2; i++) {
        value_table t[2];
        for (int k = 0; k < 2; k++) {
            char err[256];
            table_opts o = {.win = {.mlo = -30, .step = 1, .lanes = 61}, .format = FORMAT_PACKED,
                            .kernel = k ? KERNEL_PLAIN : KERNEL_FAST, .last_mover = true};
            assert_int_equal(nim_create(&t[k], 3, 4, stones[i], &o, err, sizeof err), 0);
            pinning pin;
            assert_int_equal(pinning_open(&pin, 2, err, sizeof err), 0);
            table_sweep(&t[k], &pin);
            pinning_close(&pin);
        }
        uint64_t n = SHAPE(&t[0])->count;
        assert_memory_equal(t[0].base, t[1].base, n * sizeof *t[0].base);
        assert_memory_equal(t[0].steps, t[1].steps, n * (uint64_t)t[0].words * sizeof *t[0].steps);
        assert_takers_equal(&t[0], &t[1], n);
        nim_free(&t[0]);
        nim_free(&t[1]);
    }
}

/* A block of lanes (a process's share of a split sweep) holds exactly
 * the whole table's values and last-stone flags on its lanes and halo,
 * for both kernels and both formats; reading outside them is refused. */
static void test_lane_block_matches_whole_table(void **state)
{
    (void)state;
    static const int blocks[][3] = {{0, 7, 1}, {7, 30, 1}, {30, 45, 0}, {12, 13, 2}, {0, 45, 0}};
    value_table whole;
    make_with(&whole, 3, 3, FORMAT_WIDE, KERNEL_PLAIN, 1);
    assert_int_equal(whole.win.lanes, 49);
    int32_t *a = calloc((size_t)whole.win.lanes, sizeof *a), *b = calloc((size_t)whole.win.lanes, sizeof *b);
    for (int k = 0; k < 2; k++)
        for (size_t i = 0; i < sizeof blocks / sizeof blocks[0]; i++) {
            char err[256];
            value_table t;
            table_opts o = {.win = whole.win, .format = k ? FORMAT_WIDE : FORMAT_PACKED,
                            .kernel = k ? KERNEL_PLAIN : KERNEL_FAST, .last_mover = true, .own_lo = blocks[i][0],
                            .own_hi = blocks[i][1], .halo = blocks[i][2]};
            assert_int_equal(nim_create(&t, 3, 3, 2, &o, err, sizeof err), 0);
            pinning pin;
            assert_int_equal(pinning_open(&pin, 2, err, sizeof err), 0);
            table_sweep(&t, &pin);
            pinning_close(&pin);
            int lo = blocks[i][0] - blocks[i][2] < 0 ? 0 : blocks[i][0] - blocks[i][2];
            assert_int_equal(t.lo, lo);
            for (uint64_t r = 0; r < SHAPE(&t)->count; r++) {
                table_row_get(&whole, r, a);
                table_row_get(&t, r, b);
                for (int l = t.lo; l < t.lo + t.store.lanes; l++) {
                    assert_int_equal(a[l], b[l]);
                    assert_int_equal(table_value(&t, r, l), a[l]);
                    if (table_taker_index(&t, l - t.lo) >= 0)
                        assert_int_equal(table_last_mover(&t, r, l), table_last_mover(&whole, r, l));
                }
            }
            assert_false(table_holds(&t, t.lo + t.store.lanes));
            nim_free(&t);
        }
    free(a);
    free(b);
    nim_free(&whole);
}

/* Who takes the last stone, by brute force over every optimal line: the
 * set of takers reached by following optimal moves (values from the plain
 * reference solver) to the end. */
static int takers_brute(ref_solver *ref, int *p, int piles, int to_move)
{
    long v = ref_value2(ref, p);
    int flags = 0, any = 0;
    for (int k = 0; k < piles; k++)
        for (int take = 1; take <= p[k]; take++) {
            p[k] -= take;
            long child = ref_value2(ref, p);
            bool empty = true;
            for (int j = 0; j < piles; j++)
                empty = empty && p[j] == 0;
            if (2L * take - child == v) {
                any = 1;
                flags |= empty ? 1 << to_move : takers_brute(ref, p, piles, 1 - to_move);
            }
            p[k] += take;
        }
    (void)any;
    return flags;
}

static void test_takers_match_brute_force(void **state)
{
    (void)state;
    value_table t;
    make_with(&t, 3, 5, FORMAT_PACKED, KERNEL_FAST, 2);
    for (int l = 1; l < t.win.lanes; l += 2) {
        ref_solver ref;
        assert_int_equal(ref_init(&ref, 3, 5, table_lane_M(&t, l)), 0);
        int a[MS_MAX_SLOTS];
        uint64_t r = 0;
        ms_first(SHAPE(&t), a);
        do {
            if (r > 0) {
                int p[3] = {a[0], a[1], a[2]};
                int want = takers_brute(&ref, p, 3, 0);
                if (table_last_mover(&t, r, l) != want)
                    fail_msg("rank %llu M=%d: takers %d, brute force %d", (unsigned long long)r, table_lane_M(&t, l),
                             table_last_mover(&t, r, l), want);
            }
            r++;
        } while (ms_next(SHAPE(&t), a));
        ref_free(&ref);
    }
    nim_free(&t);
}

/* Who moves last is kept at the half-integer lanes: one bit each, and an
 * exception for a lane where no single player moves last (the empty
 * position: none; a set LAST_BOTH), read back exactly; the row with an
 * exception says so, and clearing it makes the row plain again. */
static void test_takers_keep_exceptions_exactly(void **state)
{
    (void)state;
    value_table t;
    make_with(&t, 3, 4, FORMAT_PACKED, KERNEL_FAST, 2);
    int half = 1;
    assert_true(table_lane_M(&t, half) & 1);
    assert_int_equal(table_taker_index(&t, half), 0);
    assert_int_equal(table_taker_index(&t, 0), -1);
    /* The empty position (rank 0): no move, every half-integer lane. */
    assert_null(table_taker_row(&t, 0));
    for (int l = half; l < t.win.lanes; l += 2)
        assert_int_equal(table_last_mover(&t, 0, l), LAST_NONE);
    assert_int_equal(t.taker_odd[0], (uint64_t)t.taker_lanes);
    uint64_t r = 7;
    assert_non_null(table_taker_row(&t, r));
    int was = table_last_mover(&t, r, 5);
    table_set_last_mover(&t, r, 5, LAST_BOTH);
    assert_null(table_taker_row(&t, r));
    assert_int_equal(table_last_mover(&t, r, 5), LAST_BOTH);
    assert_int_equal(table_last_mover(&t, r, 7), table_held_last_mover(&t, r, 7));
    table_set_last_mover(&t, r, 5, was);
    assert_non_null(table_taker_row(&t, r));
    assert_int_equal(table_last_mover(&t, r, 5), was);
    assert_int_equal(t.taker_odd[0], (uint64_t)t.taker_lanes);
    nim_free(&t);
}

/* Every multiset of heaps of total at most T, written out by plain
 * recursion in each of heap_space.h's two orders, has the rank of its
 * place in that order, and unranks back to itself. */
typedef struct {
    const heap_space *s;
    const heap_lex *x;
    uint64_t next;
} heap_walk;

static void walk_total(heap_walk *w, int *h, int k, int cap, int left)
{
    if (left == 0) {
        int back[64];
        assert_int_equal(hs_rank(w->s, h, k), (int64_t)w->next);
        assert_int_equal(hs_unrank(w->s, w->next, back), k);
        assert_memory_equal(back, h, (size_t)k * sizeof *h);
        w->next++;
        return;
    }
    for (int v = 1; v <= cap && v <= left; v++) {
        h[k] = v;
        walk_total(w, h, k + 1, v, left - v);
    }
}

static void walk_lex(heap_walk *w, int *h, int k, int cap, int budget)
{
    int back[64];
    assert_int_equal(hs_lex_rank(w->x, h, k), w->next);
    assert_int_equal(hs_lex_unrank(w->x, w->next, back), k);
    assert_memory_equal(back, h, (size_t)k * sizeof *h);
    w->next++;
    for (int v = 1; v <= cap && v <= budget; v++) {
        h[k] = v;
        walk_lex(w, h, k + 1, v, budget - v);
    }
}

static void test_heap_space_ranks_in_both_orders(void **state)
{
    (void)state;
    for (int T = 0; T <= 16; T++) {
        heap_space s;
        heap_lex x;
        char err[128];
        int h[64];
        assert_int_equal(hs_init(&s, T, err, sizeof err), 0);
        assert_int_equal(hs_lex_init(&x, T, err, sizeof err), 0);
        heap_walk w = {.s = &s, .x = &x};
        for (int n = 0; n <= T; n++) {
            walk_total(&w, h, 0, n, n);
            /* Totals up to n fill the first ranks: the table grows. */
            assert_int_equal(w.next, hs_count(&s, n));
        }
        assert_int_equal(w.next, hs_multisets_up_to(T));
        w.next = 0;
        walk_lex(&w, h, 0, T, T);
        assert_int_equal(w.next, x.count);
        assert_int_equal(x.count, hs_multisets_up_to(T));
        /* Not positions of the space: out of order, a zero, too many beans. */
        int bad[3] = {1, 2, 0};
        assert_int_equal(hs_rank(&s, bad, 2), -1);
        bad[0] = 3;
        assert_int_equal(hs_rank(&s, bad, 3), -1);
        int many[1] = {T + 1};
        assert_int_equal(hs_rank(&s, many, 1), -1);
        hs_free(&s);
        hs_lex_free(&x);
    }
    /* p(0) + ... + p(10) = 1 + 1 + 2 + 3 + 5 + 7 + 11 + 15 + 22 + 30 + 42. */
    assert_int_equal(hs_multisets_up_to(10), 139);
    /* The limit: the multisets of at most HS_MAX_TOTAL beans are counted
     * within 64 bits by both orders, one bean more is refused (the count
     * passes 2^64), never wrapped. */
    heap_space s;
    heap_lex x;
    char err[128];
    assert_true(hs_multisets_up_to(HS_MAX_TOTAL) < UINT64_MAX);
    assert_true(hs_multisets_up_to(HS_MAX_TOTAL + 1) == UINT64_MAX);
    assert_int_equal(hs_init(&s, HS_MAX_TOTAL, err, sizeof err), 0);
    assert_true(hs_count(&s, HS_MAX_TOTAL) == hs_multisets_up_to(HS_MAX_TOTAL));
    assert_int_equal(hs_lex_init(&x, HS_MAX_TOTAL, err, sizeof err), 0);
    assert_true(x.count == hs_multisets_up_to(HS_MAX_TOTAL));
    /* The last multiset in either order: one heap of every bean. */
    int top = HS_MAX_TOTAL, back[HS_MAX_TOTAL + 1];
    assert_true(hs_lex_rank(&x, &top, 1) == x.count - 1);
    assert_int_equal(hs_lex_unrank(&x, x.count - 1, back), 1);
    assert_int_equal(back[0], HS_MAX_TOTAL);
    assert_true((uint64_t)hs_rank(&s, &top, 1) == hs_count(&s, HS_MAX_TOTAL) - 1);
    hs_free(&s);
    hs_lex_free(&x);
    assert_int_equal(hs_init(&s, HS_MAX_TOTAL + 1, err, sizeof err), -1);
    assert_int_equal(hs_lex_init(&x, HS_MAX_TOTAL + 1, err, sizeof err), -1);
}

/* A heap game with a move that neither takes a bean nor splits the heap
 * (a heap of 2 becomes a heap of 2) stops a ranked memo as an internal
 * error, never a value computed in a wrong order. */
static int64_t no_move_value(const void *data, uint64_t rank, int64_t M)
{
    (void)data;
    (void)rank;
    (void)M;
    return 0;
}

static int loop_moves(void *data, int side, int h, const game_heap_move **out)
{
    (void)data;
    (void)side;
    static const game_heap_move take_one = {.points = 1, .nparts = 0}, stay = {.points = 1, .nparts = 1, .parts = {2}};
    *out = h == 2 ? &stay : &take_one;
    return h >= 1;
}

static void test_ranked_memo_refuses_a_move_that_lowers_nothing(void **state)
{
    (void)state;
    game_desc g = {.name = "loop", .kind = VALUE_MARGIN, .terminal = no_move_value, .heap_moves = loop_moves};
    char err[128];
    rank_memo *m = rank_memo_new(&g, 6, 0, err, sizeof err);
    assert_non_null(m);
    uint16_t one[2] = {1, 0}, two[2] = {2, 0};
    bool ok;
    assert_int_equal(rank_memo_value(m, one, 2, &ok), 1);
    assert_true(ok);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        freopen("/dev/null", "w", stderr);
        rank_memo_value(m, two, 2, &ok);
        _exit(0);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), EXIT_RUN_ERROR);
    rank_memo_free(m);
}

/* The packed encoder stores a row only when every step is +-1, and stops
 * the run (status 4) rather than store a wrong value. */
static void test_packed_refuses_a_step_that_is_not_unit(void **state)
{
    (void)state;
    value_table t;
    make_with(&t, 2, 3, FORMAT_PACKED, KERNEL_FAST, 1);
    int32_t *row = calloc((size_t)t.win.lanes, sizeof *row);
    table_row_get(&t, 5, row);
    row[3] += 2;
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        freopen("/dev/null", "w", stderr);
        table_row_put(&t, 5, row);
        _exit(0);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), EXIT_RUN_ERROR);
    /* The wide format stores it. */
    value_table w;
    make_with(&w, 2, 3, FORMAT_WIDE, KERNEL_FAST, 1);
    table_row_put(&w, 5, row);
    assert_int_equal(table_value(&w, 5, 3), row[3]);
    free(row);
    nim_free(&t);
    nim_free(&w);
}


/* Rational bonuses: a table with denominator b (lane M is N = M/2b) holds
 * 2b f_N exactly, as plain minimax scaled by 2b finds it, for b = 1..5
 * and every N = a/b in a window, on every position of 3 piles <= 3. */
static void test_rational_bonus_matches_brute_force(void **state)
{
    (void)state;
    for (int b = 1; b <= 5; b++) {
        value_table t;
        char err[256];
        lane_window win = {.mlo = -14 * b, .step = 1, .lanes = 28 * b + 1};
        table_opts opts = {.win = win, .format = FORMAT_PACKED, .kernel = KERNEL_FAST};
        assert_int_equal(nim_create(&t, 3, 3, 2 * b, &opts, err, sizeof err), 0);
        pinning pin;
        assert_int_equal(pinning_open(&pin, 2, err, sizeof err), 0);
        table_sweep(&t, &pin);
        pinning_close(&pin);
        int a[MS_MAX_SLOTS];
        uint64_t r = 0;
        ms_first(SHAPE(&t), a);
        do {
            for (int l = 0; l < win.lanes; l += 1 + b / 2) {
                int M = win.mlo + l;
                assert_int_equal(table_value(&t, r, l), brute_value_scaled(a, 3, 2L * b, M));
            }
            r++;
        } while (ms_next(SHAPE(&t), a));
        nim_free(&t);
    }
}

/* per_column_observed against its definition (periodicity.h), by brute
 * force: the least t with 3t <= n for which the column repeats,
 * x[k] = x[k + t], on a stretch [a, n - t) with n - a >= 3t, a as small
 * as it goes.  Every column of 1..9 rows over {0, 1, 2} and of 1..12 rows
 * over {0, 1}; and by hand a period seen exactly three times,
 * 1 2 3 1 2 3 1 2 3: period 3 from row 0 (not seen in 8 rows). */
static bool observed_by_definition(const int64_t *x, int n, int *pre, int *per)
{
    for (int t = 1; 3 * t <= n; t++)
        for (int a = 0; n - a >= 3 * t; a++) {
            bool ok = true;
            for (int k = a; ok && k < n - t; k++)
                ok = x[k] == x[k + t];
            if (ok) {
                *pre = a;
                *per = t;
                return true;
            }
        }
    return false;
}

static void test_observed_period_by_its_definition(void **state)
{
    (void)state;
    int pre, per;
    static const int64_t thrice[9] = {1, 2, 3, 1, 2, 3, 1, 2, 3};
    assert_true(per_column_observed(thrice, 9, 1, 0, &pre, &per));
    assert_int_equal(pre, 0);
    assert_int_equal(per, 3);
    assert_false(per_column_observed(thrice, 8, 1, 0, &pre, &per));
    for (int symbols = 2; symbols <= 3; symbols++)
        for (int n = 1; n <= (symbols == 2 ? 12 : 9); n++) {
            long total = 1;
            for (int k = 0; k < n; k++)
                total *= symbols;
            for (long code = 0; code < total; code++) {
                /* Two columns: the sequence, and its reverse (width 2). */
                int64_t x[12], rows[24];
                long c = code;
                for (int k = 0; k < n; k++, c /= symbols)
                    x[k] = c % symbols;
                for (int k = 0; k < n; k++) {
                    rows[2 * k] = x[k];
                    rows[2 * k + 1] = x[n - 1 - k];
                }
                int want_pre = -1, want_per = -1, got_pre = -1, got_per = -1;
                bool want = observed_by_definition(x, n, &want_pre, &want_per);
                bool got = per_column_observed(rows, n, 2, 0, &got_pre, &got_per);
                if (got != want || (want && (got_pre != want_pre || got_per != want_per)))
                    fail_msg("per_column_observed, %d rows, code %ld: got %d (%d, %d), by the definition %d (%d, %d)", n,
                             code, got, got_pre, got_per, want, want_pre, want_per);
            }
        }
}


/* Subtraction from one pile of 1..k chips (restricted-nim, no
 * restriction): by the rules the Sprague-Grundy value of n chips is
 * n mod (k + 1), so the certificate is (A, t) = (k, k + 1) (the least
 * preperiod at least the reach k, the least period), and its checked
 * region, the piles below A + t + k = 3k + 1, fills a table of 3k chips
 * exactly: proposed and accepted there, refused at 3k - 1 (the region
 * beyond the table); (k - 1, k + 1) is refused, its preperiod below the
 * reach, though the values repeat from 0.  And a table planted with a wrong value at its
 * bound, 3k chips, no longer repeats there: no certificate is proposed. */
static void solve_subtraction(const game_entry **e, game_desc **g, value_table *t, int k, int bound)
{
    char kt[16], err[256];
    snprintf(kt, sizeof kt, "%d", k);
    *e = game_find("restricted-nim");
    assert_non_null(*e);
    game_params p = {.piles = 1, .bound = bound, .unit = 2};
    int mm = game_option_index(*e, "max-move"), rs = game_option_index(*e, "restriction");
    assert_true(mm >= 0 && rs >= 0);
    p.option[mm] = kt;
    p.option[rs] = "none";
    *g = (*e)->build(&p, err, sizeof err);
    if (!*g)
        fail_msg("%s", err);
    table_opts o = table_default_opts(*g, (lane_window){0});
    assert_int_equal(table_create(t, *g, &o, err, sizeof err), 0);
    table_sweep(t, NULL);
    for (int n = 0; n <= bound; n++)
        assert_int_equal(table_grundy(t, (uint64_t)(*e)->rank_of_piles(*g, &n, 1)), (unsigned)(n % (k + 1)));
}

static void test_period_certificate_fills_the_table(void **state)
{
    (void)state;
    for (int k = 1; k <= 5; k++) {
        const game_entry *e;
        game_desc *g;
        value_table t;
        char why[PILE_PERIOD_WHY_MAX];
        pile_period c;
        solve_subtraction(&e, &g, &t, k, 3 * k);
        assert_true(pile_period_find(&t, PILE_GRUNDY, 3 * k, k, 1, &c));
        assert_int_equal(c.pre, k);
        assert_int_equal(c.per, k + 1);
        if (!pile_period_check(&t, 3 * k, &c, why, sizeof why))
            fail_msg("k = %d: (%d, %d) on a table of %d chips refused: %s", k, k, k + 1, 3 * k, why);
        /* A preperiod below the reach, though the values repeat from 0:
         * the argument needs A >= k. */
        pile_period low = {.view = PILE_GRUNDY, .pre = k - 1, .per = k + 1, .reach = k};
        assert_false(pile_period_check(&t, 3 * k, &low, why, sizeof why));
        assert_non_null(strstr(why, "preperiod"));
        /* One chip short of the region. */
        assert_false(pile_period_check(&t, 3 * k - 1, &c, why, sizeof why));
        assert_non_null(strstr(why, "beyond"));
        /* A wrong value at the bound: the values no longer repeat there. */
        int n = 3 * k;
        uint64_t r = (uint64_t)e->rank_of_piles(g, &n, 1);
        uint32_t saved = t.grundy[r];
        t.grundy[r] = (saved & 0x80000000u) | ((saved & 0x7fffffffu) + 1);
        if (pile_period_find(&t, PILE_GRUNDY, 3 * k, k, 1, &c))
            fail_msg("k = %d: a table whose pile of %d breaks the period gave (%d, %d)", k, n, c.pre, c.per);
        t.grundy[r] = saved;
        table_free(&t);
        e->destroy(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ranks_enumerate_in_order),
        cmocka_unit_test(test_heap_space_ranks_in_both_orders),
        cmocka_unit_test(test_ranked_memo_refuses_a_move_that_lowers_nothing),
        cmocka_unit_test(test_ranks_lowered_match_sorting),
        cmocka_unit_test(test_rank_of_rejects_outside),
        cmocka_unit_test(test_engine_matches_reference),
        cmocka_unit_test(test_engine_matches_brute_force),
        cmocka_unit_test(test_golden_values_from_paper),
        cmocka_unit_test(test_half_integer_lanes),
        cmocka_unit_test(test_checksum_independent_of_threads),
        cmocka_unit_test(test_integer_window_matches_half_window),
        cmocka_unit_test(test_refuses_overflow_and_huge_tables),
        cmocka_unit_test(test_optimal_line_reaches_terminal),
        cmocka_unit_test(test_paper_line_at_n3_is_optimal),
        cmocka_unit_test(test_visit_layers_sees_children_first),
        cmocka_unit_test(test_kernels_agree_byte_for_byte),
        cmocka_unit_test(test_lane_block_matches_whole_table),
        cmocka_unit_test(test_takers_match_brute_force),
        cmocka_unit_test(test_takers_keep_exceptions_exactly),
        cmocka_unit_test(test_kernels_agree_with_either_width_of_maxima),
        cmocka_unit_test(test_packed_refuses_a_step_that_is_not_unit),
        cmocka_unit_test(test_rational_bonus_matches_brute_force),
        cmocka_unit_test(test_observed_period_by_its_definition),
        cmocka_unit_test(test_period_certificate_fills_the_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
