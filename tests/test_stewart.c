/*
 * test_stewart.c -- scoring octal games: golden values from the paper's
 * tables, Lemma 33 on a few sets, both engines against a plain recursion,
 * breaking games against a recursion written from the digits, a memo kept
 * across games against fresh ones,
 * the periodicity certificate on sequences with a known preperiod and
 * period, a hand-checked failure of the literal Conjecture 35, every Stewart
 * claim failing when fed a wrong statement, and thread independence of
 * the per-game rows.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/games/scoring_octal/octal.h"
#include "core/games/scoring_octal/octal_family.h"
#include "core/games/scoring_octal/octal_values.h"
#include "core/engine/periodicity.h"
#include "core/engine/xalloc.h"
#include <sys/wait.h>
#include <unistd.h>
#include "proofs/claim.h"
#include "verifier/run/ranks.h"
#include "proofs/stewart/st_checks.h"

static og_rules game(const char *code, const char *points)
{
    og_rules g;
    char err[128];
    int rc = code[0] == '{' ? og_parse_subtraction(code, &g, err, sizeof err) : og_parse_code(code, &g, err, sizeof err);
    assert_int_equal(rc, 0);
    if (points)
        assert_int_equal(og_parse_points(points, &g, err, sizeof err), 0);
    return g;
}

/* Definition 31 by plain recursion, no memo: single heap n under g. */
static int64_t plain_single(const og_rules *g, int n, int64_t scale)
{
    og_heap_move moves[256];
    int k = og_heap_moves(g, n, moves, 256);
    bool any = false;
    int64_t best = 0;
    for (int j = 0; j < k; j++) {
        /* Only taking games here: one part at most. */
        int64_t child = moves[j].nparts ? plain_single(g, moves[j].parts[0], scale) : 0;
        int64_t v = og_scaled_point(g, moves[j].take, scale) - child;
        best = !any || v > best ? v : best;
        any = true;
    }
    return best;
}

static void test_parse_codes_and_reject_bad_ones(void **state)
{
    (void)state;
    og_rules g;
    char err[128];
    assert_int_equal(og_parse_code("0.26", &g, err, sizeof err), 0);
    assert_int_equal(g.max_take, 2);
    assert_int_equal(g.digit[1], 2);
    assert_int_equal(g.digit[2], 6);
    assert_int_equal(og_parse_code("4.07", &g, err, sizeof err), 0);
    assert_int_equal(g.digit[0], 4);
    assert_int_equal(og_parse_code("0.F", &g, err, sizeof err), 0);
    assert_int_equal(g.digit[1], 15);
    assert_int_equal(og_parse_code("0.2x", &g, err, sizeof err), -1);
    assert_int_equal(og_parse_code("026", &g, err, sizeof err), -1);
    assert_int_equal(og_parse_code("1.2", &g, err, sizeof err), -1);
    assert_int_equal(og_parse_code("0.00", &g, err, sizeof err), -1);
    assert_int_equal(og_parse_subtraction("{4,5}", &g, err, sizeof err), 0);
    assert_int_equal(g.digit[4], 3);
    assert_int_equal(og_parse_subtraction("{4,,5}", &g, err, sizeof err), -1);
    assert_int_equal(og_parse_subtraction("{}", &g, err, sizeof err), -1);
    assert_int_equal(og_parse_code("0.12", &g, err, sizeof err), 0);
    assert_int_equal(og_parse_points("1/2,-3", &g, err, sizeof err), 0);
    assert_int_equal(og_scaled_point(&g, 1, 2), 1);
    assert_int_equal(og_parse_points("1/0,2", &g, err, sizeof err), -1);
    assert_int_equal(og_parse_points("1", &g, err, sizeof err), -1);
    char name[32];
    og_name(&g, name, sizeof name);
    assert_string_equal(name, "0.12");
    og_rules s = game("{4,5}", NULL);
    og_name(&s, name, sizeof name);
    assert_string_equal(name, "{4,5}");
}

static void test_golden_tables(void **state)
{
    (void)state;
    static const int table1[16] = {0, 0, 0, 0, 4, 5, 5, 5, 5, 1, 0, 0, 0, 3, 4, 5};
    static const int table2[11] = {0, 2, 2, 2, 2, 0, 2, 2, 2, 2, 0};
    og_rules a = game("{4,5}", NULL), b = game("0.3333", "2,2,2,2");
    og_rowtab t;
    char err[128];
    assert_int_equal(og_rowtab_init(&t, &a, NULL, 0, 16, KERNEL_FAST, err, sizeof err), 0);
    og_rowtab_extend(&t, 16);
    for (int n = 0; n < 16; n++)
        assert_int_equal(og_rowtab_at(&t, n, 0), table1[n]);
    og_rowtab_free(&t);
    assert_int_equal(og_rowtab_init(&t, &b, NULL, 0, 11, KERNEL_FAST, err, sizeof err), 0);
    og_rowtab_extend(&t, 11);
    for (int n = 0; n < 11; n++)
        assert_int_equal(og_rowtab_at(&t, n, 0), table2[n]);
    og_rowtab_free(&t);
}

static void test_lemma33_on_a_few_sets(void **state)
{
    (void)state;
    static const char *const sets[] = {"{4,5}", "{1,3,4}", "{2,7}", "{1,2,3,9}"};
    for (int i = 0; i < 4; i++) {
        og_rules g = game(sets[i], NULL);
        int k = g.max_take;
        og_rowtab t;
        char err[128];
        assert_int_equal(og_rowtab_init(&t, &g, NULL, 0, 300, KERNEL_FAST, err, sizeof err), 0);
        og_rowtab_extend(&t, 300);
        for (int s = 1; s <= k; s++) {
            if (!g.digit[s])
                continue;
            for (int j = 0; s + 2 * j * k < 300; j++) {
                assert_int_equal(og_rowtab_at(&t, s + 2 * j * k, 0), s);
                if (j > 0)
                    assert_int_equal(og_rowtab_at(&t, s + (2 * j - 1) * k, 0), k - s);
            }
        }
        og_rowtab_free(&t);
    }
}

/* Every taking-no-breaking code of up to 3 digits, alone and summed with
 * every code of up to 2 digits: row engine = multiset engine = plain
 * recursion (single heaps). */
static void test_engines_agree(void **state)
{
    (void)state;
    char code[8], pcode[8];
    for (int len = 1; len <= 3; len++)
        for (int x = 0; x < 1 << (2 * len); x++) {
            snprintf(code, sizeof code, "0.");
            for (int i = 0; i < len; i++)
                code[2 + i] = (char)('0' + ((x >> (2 * i)) & 3));
            code[2 + len] = 0;
            og_rules O;
            char err[128];
            if (og_parse_code(code, &O, err, sizeof err) != 0)
                continue;
            og_set_point(&O, 1, -1, 2); /* a rational point, to exercise scaling */
            for (int y = -1; y < 16; y++) {
                og_rules P;
                if (y >= 0) {
                    snprintf(pcode, sizeof pcode, "0.%d%d", y & 3, y >> 2);
                    if (og_parse_code(pcode, &P, err, sizeof err) != 0)
                        continue;
                }
                og_rowtab t, plain;
                assert_int_equal(og_rowtab_init(&t, &O, y >= 0 ? &P : NULL, y >= 0 ? 6 : 0, 21, KERNEL_FAST, err,
                                                sizeof err),
                                 0);
                og_rowtab_extend(&t, 21);
                /* The grid's fast path against the engine's plain kernel. */
                assert_int_equal(og_rowtab_init(&plain, &O, y >= 0 ? &P : NULL, y >= 0 ? 6 : 0, 21, KERNEL_PLAIN, err,
                                                sizeof err),
                                 0);
                og_rowtab_extend(&plain, 21);
                for (int n = 0; n <= 20; n++)
                    for (int m = 0; m <= t.M; m++)
                        assert_int_equal(og_rowtab_at(&plain, n, m), og_rowtab_at(&t, n, m));
                og_rowtab_free(&plain);
                og_memo *memo = og_memo_new(&O, y >= 0 ? &P : NULL, t.scale);
                for (int n = 0; n <= 20; n++)
                    for (int m = 0; m <= t.M; m++) {
                        bool ok;
                        assert_int_equal(og_memo_value(memo, &n, 1, &m, 1, &ok), og_rowtab_at(&t, n, m));
                        assert_true(ok);
                        if (y < 0 && n <= 14)
                            assert_int_equal(plain_single(&O, n, t.scale), og_rowtab_at(&t, n, 0));
                    }
                og_memo_free(memo);
                og_rowtab_free(&t);
            }
        }
}

static void test_breaking_game_by_hand(void **state)
{
    (void)state;
    /* 0.6: take 1 bean (1 point) and leave one or two non-empty heaps.  A
     * lone bean cannot be taken (it would leave nothing), so by hand:
     * G(1) = 0, G(2) = 1 - G(1) = 1, G(1,1) = 0 (no move),
     * G(3) = max(1 - G(2), 1 - G(1,1)) = 1. */
    og_rules g = game("0.6", NULL);
    og_memo *memo = og_memo_new(&g, NULL, 1);
    bool ok;
    int one = 1, two = 2, three = 3, zero = 0;
    assert_int_equal(og_memo_value(memo, &one, 1, &zero, 0, &ok), 0);
    assert_int_equal(og_memo_value(memo, &two, 1, &zero, 0, &ok), 1);
    int ones[2] = {1, 1};
    assert_int_equal(og_memo_value(memo, ones, 2, &zero, 0, &ok), 0);
    assert_int_equal(og_memo_value(memo, &three, 1, &zero, 0, &ok), 1);
    og_memo_free(memo);
}

/* ---- breaking games against a recursion written from the definition ----
 * A position is the number of heaps of each size under O and under P;
 * the moves are read off the digits here (octal.h's convention: d_i bit
 * 1 takes a whole heap, bit 2 leaves one heap, bit 4 two, bit 8 three,
 * and d_0 only splits), not through og_heap_moves or the memo's keys. */
#define PLAIN_TOP 12
typedef struct {
    unsigned char count[2][PLAIN_TOP + 1];
} plain_pos;

typedef struct {
    plain_pos *keys;
    int64_t *values;
    bool *used;
    size_t cap, count;
} plain_memo;

static size_t plain_slot(const plain_memo *pm, const plain_pos *p)
{
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < sizeof *p; i++)
        h = (h ^ ((const unsigned char *)p)[i]) * 1099511628211ULL;
    size_t i = (size_t)(h % pm->cap);
    while (pm->used[i] && memcmp(&pm->keys[i], p, sizeof *p) != 0)
        i = (i + 1) % pm->cap;
    return i;
}

static int64_t plain_value(plain_memo *pm, const og_rules *rules[2], const plain_pos *p);

/* points - G(p with one heap h of side s replaced by parts[0..np)). */
static int64_t plain_move(plain_memo *pm, const og_rules *rules[2], const plain_pos *p, int s, int h, int take,
                          const int *parts, int np)
{
    plain_pos c = *p;
    c.count[s][h]--;
    for (int q = 0; q < np; q++)
        c.count[s][parts[q]]++;
    assert_int_equal(rules[s]->den[take], 1);
    return rules[s]->num[take] - plain_value(pm, rules, &c);
}

static int64_t plain_value(plain_memo *pm, const og_rules *rules[2], const plain_pos *p)
{
    size_t slot = plain_slot(pm, p);
    if (pm->used[slot])
        return pm->values[slot];
    bool any = false;
    int64_t best = 0;
    for (int s = 0; s < 2; s++)
        for (int h = 1; h <= PLAIN_TOP; h++) {
            if (!p->count[s][h])
                continue;
            for (int i = 0; i <= rules[s]->max_take && i <= h; i++) {
                int d = i == 0 ? rules[s]->digit[0] & ~3 : rules[s]->digit[i], rest = h - i;
                int parts[3];
                int64_t v[1];
#define PLAIN_TRY(np)                                                                                              \
    do {                                                                                                           \
        v[0] = plain_move(pm, rules, p, s, h, i, parts, (np));                                                     \
        best = !any || v[0] > best ? v[0] : best;                                                                  \
        any = true;                                                                                                \
    } while (0)
                if ((d & 1) && rest == 0)
                    PLAIN_TRY(0);
                if ((d & 2) && rest >= 1) {
                    parts[0] = rest;
                    PLAIN_TRY(1);
                }
                for (int b = 1; (d & 4) && 2 * b <= rest; b++) {
                    parts[0] = rest - b;
                    parts[1] = b;
                    PLAIN_TRY(2);
                }
                for (int c3 = 1; (d & 8) && 3 * c3 <= rest; c3++)
                    for (int b = c3; b + b + c3 <= rest; b++) {
                        parts[0] = rest - b - c3;
                        parts[1] = b;
                        parts[2] = c3;
                        PLAIN_TRY(3);
                    }
#undef PLAIN_TRY
            }
        }
    /* The children may have filled other slots: find this one again.  A
     * table more than half full fails the test instead of probing for
     * ever. */
    if (2 * ++pm->count > pm->cap)
        fail_msg("the plain recursion's table is full (%zu positions)", pm->count);
    slot = plain_slot(pm, p);
    pm->keys[slot] = *p;
    pm->values[slot] = best;
    pm->used[slot] = true;
    return best;
}

/* Breaking codes (d_0 of 4 and 8, hex digits that leave three heaps),
 * alone and with the second heap under other rules, on positions of up
 * to three heaps: the keyed memo (through the game's keys and moves) and
 * the ranked store (through its heap moves) give the values of the plain
 * recursion. */
static void test_breaking_games_match_a_plain_recursion(void **state)
{
    (void)state;
    static const char *pairs[][2] = {{"0.07", NULL},   {"0.26", NULL},   {"4.07", NULL}, {"0.777", NULL},
                                     {"0.6", NULL},    {"8.4", NULL},    {"0.f", NULL},  {"4.777", "0.6"},
                                     {"4.07", "0.26"}, {"0.f", "0.137"}, {"0.6", "4.7"}, {"0.26", "0.3"}};
    plain_memo pm = {.cap = 1 << 20};
    pm.keys = xmalloc(pm.cap * sizeof *pm.keys, "test");
    pm.values = xmalloc(pm.cap * sizeof *pm.values, "test");
    pm.used = xmalloc(pm.cap * sizeof *pm.used, "test");
    int compared = 0;
    for (size_t k = 0; k < sizeof pairs / sizeof *pairs; k++) {
        og_rules O = game(pairs[k][0], NULL), P = pairs[k][1] ? game(pairs[k][1], NULL) : O;
        const og_rules *rules[2] = {&O, &P};
        memset(pm.used, 0, pm.cap * sizeof *pm.used);
        pm.count = 0;
        og_memo *memo = og_memo_new(&O, pairs[k][1] ? &P : NULL, 1);
        /* The ranked store too, against the same recursion. */
        char err[160];
        og_memo *ranked = og_memo_new_ranked(&O, pairs[k][1] ? &P : NULL, 1, PLAIN_TOP + 3, 3, NULL, err, sizeof err);
        if (!ranked)
            fail_msg("%s: %s", pairs[k][0], err);
        for (int n = 0; n <= 9; n++)
            for (int a = 0; a <= 3 && n + a <= PLAIN_TOP; a++)
                for (int m = 0; m <= 3; m++) {
                    plain_pos p = {{{0}}};
                    p.count[0][n]++;
                    p.count[0][a]++;
                    p.count[1][m]++;
                    p.count[0][0] = p.count[1][0] = 0;
                    int ho[2] = {n, a};
                    bool ok;
                    int64_t got = og_memo_value(memo, ho, 2, &m, 1, &ok), want = plain_value(&pm, rules, &p);
                    assert_true(ok);
                    if (got != want)
                        fail_msg("%s + %s: heaps {%d,%d} + {%d}: memo %lld, plain recursion %lld", pairs[k][0],
                                 pairs[k][1] ? pairs[k][1] : "same", n, a, m, (long long)got, (long long)want);
                    got = og_memo_value(ranked, ho, 2, &m, 1, &ok);
                    assert_true(ok);
                    if (got != want)
                        fail_msg("%s + %s: heaps {%d,%d} + {%d}: ranked store %lld, plain recursion %lld",
                                 pairs[k][0], pairs[k][1] ? pairs[k][1] : "same", n, a, m, (long long)got,
                                 (long long)want);
                    compared++;
                }
        og_memo_free(memo);
        og_memo_free(ranked);
    }
    /* Keys longer than a slot holds inline (the memo's arena): many heaps
     * of one and two beans beside a larger one. */
    static const char *many[] = {"0.777", "0.f", "0.37"};
    for (size_t k = 0; k < sizeof many / sizeof *many; k++) {
        og_rules O = game(many[k], NULL);
        const og_rules *rules[2] = {&O, &O};
        memset(pm.used, 0, pm.cap * sizeof *pm.used);
        pm.count = 0;
        og_memo *memo = og_memo_new(&O, NULL, 1);
        char err[160];
        /* Up to 26 ones, 6 twos and a heap of 6: 44 beans. */
        og_memo *ranked = og_memo_new_ranked(&O, NULL, 1, 44, 0, NULL, err, sizeof err);
        if (!ranked)
            fail_msg("%s: %s", many[k], err);
        for (int ones = 18; ones <= 26; ones += 4)
            for (int twos = 0; twos <= 6; twos += 3)
                for (int n = 3; n <= 6; n++) {
                    plain_pos p = {{{0}}};
                    int ho[40], no = 0;
                    for (int i = 0; i < ones; i++)
                        ho[no++] = 1;
                    for (int i = 0; i < twos; i++)
                        ho[no++] = 2;
                    ho[no++] = n;
                    p.count[0][1] = (unsigned char)ones;
                    p.count[0][2] = (unsigned char)twos;
                    p.count[0][n]++;
                    bool ok;
                    int zero = 0;
                    int64_t got = og_memo_value(memo, ho, no, &zero, 0, &ok), want = plain_value(&pm, rules, &p);
                    assert_true(ok);
                    if (got != want)
                        fail_msg("%s: %d ones, %d twos and %d: memo %lld, plain recursion %lld", many[k], ones, twos,
                                 n, (long long)got, (long long)want);
                    got = og_memo_value(ranked, ho, no, &zero, 0, &ok);
                    assert_true(ok);
                    if (got != want)
                        fail_msg("%s: %d ones, %d twos and %d: ranked store %lld, plain recursion %lld", many[k],
                                 ones, twos, n, (long long)got, (long long)want);
                    compared++;
                }
        og_memo_free(memo);
        og_memo_free(ranked);
    }
    assert_true(compared > 1000);
    free(pm.keys);
    free(pm.values);
    free(pm.used);
}

/* The ranked store (rank_memo.h) against the keyed memo (memo.h), its
 * reference: breaking codes with d_0 = 4 and 8 (moves that only split),
 * hexadecimal digits (three heaps left), a second heap under other rules
 * (two components) and under the same (one multiset), on every root up to
 * a size: the same values, and the same count of positions after every
 * root (what --positions cuts on). */
static void test_ranked_store_matches_the_keyed_memo(void **state)
{
    (void)state;
    static const char *pairs[][2] = {{"0.07", NULL},   {"4.07", NULL},  {"0.777", NULL}, {"8.4", NULL},
                                     {"0.f", NULL},    {"4.777", "0.6"}, {"4.07", "0.26"}, {"0.f", "0.137"},
                                     {"0.6", "4.7"},   {"4.337", NULL},  {"0.26", "0.3"}, {"4.1", "4.1"}};
    int compared = 0;
    for (size_t k = 0; k < sizeof pairs / sizeof *pairs; k++) {
        og_rules O = game(pairs[k][0], NULL), P = pairs[k][1] ? game(pairs[k][1], NULL) : O;
        const og_rules *pp = pairs[k][1] ? &P : NULL;
        char err[160];
        enum { N = 22, MM = 4 };
        og_memo *keyed = og_memo_new(&O, pp, 1), *ranked = og_memo_new_ranked(&O, pp, 1, N, MM, NULL, err, sizeof err);
        if (!ranked)
            fail_msg("%s: %s", pairs[k][0], err);
        for (int n = 0; n <= N; n++)
            for (int m = 0; m <= MM; m++) {
                bool ok1, ok2;
                int64_t a = og_memo_value(keyed, &n, 1, &m, 1, &ok1), b = og_memo_value(ranked, &n, 1, &m, 1, &ok2);
                assert_true(ok1 && ok2);
                if (a != b || og_memo_size(keyed) != og_memo_size(ranked))
                    fail_msg("%s + %s: heaps %d + %d: keyed %lld (%llu positions), ranked %lld (%llu)", pairs[k][0],
                             pairs[k][1] ? pairs[k][1] : "same", n, m, (long long)a,
                             (unsigned long long)og_memo_size(keyed), (long long)b,
                             (unsigned long long)og_memo_size(ranked));
                compared++;
            }
        /* A heap beyond the totals asked for is a limit, never a value. */
        int big = N + MM + 1, zero = 0;
        bool ok;
        og_memo_value(ranked, &big, 1, &zero, 1, &ok);
        assert_false(ok);
        og_memo_free(keyed);
        og_memo_free(ranked);
    }
    assert_true(compared > 1000);
}

/* A family's games give the same rows, periods, cut and positions on the
 * keyed memo and on the ranked store, with --positions cutting n. */
static void test_breaking_jobs_same_on_either_store(void **state)
{
    (void)state;
    static const char *codes[] = {"0.4", "4.7", "0.37", "4.56", "0.f"};
    int cut = 0;
    for (size_t k = 0; k < sizeof codes / sizeof *codes; k++)
        for (int cap = 0; cap <= 1; cap++) {
            og_rules g = game(codes[k], NULL);
            og_job keyed = {.O = g, .P = g, .has_sum = true, .M = 2, .budget = 34, .target = 4,
                            .max_positions = cap ? 3000 : 0, .store = OG_STORE_KEYED};
            og_job ranked = keyed;
            ranked.store = OG_STORE_RANKED;
            og_scratch *scratch = og_scratch_new();
            og_analyse(&keyed);
            /* Twice on one scratch: the store is reset between games. */
            og_analyse_in(&ranked, scratch);
            og_analyse_in(&ranked, scratch);
            og_scratch_free(scratch);
            assert_int_equal(keyed.kind, ranked.kind);
            assert_int_equal(keyed.rows_used, ranked.rows_used);
            assert_int_equal(keyed.capped, ranked.capped);
            cut += ranked.capped;
            for (int m = 0; m <= 2; m++) {
                assert_int_equal(keyed.pre[m], ranked.pre[m]);
                assert_int_equal(keyed.per[m], ranked.per[m]);
                assert_int_equal(keyed.violation[m], ranked.violation[m]);
            }
        }
    assert_true(cut >= 2);
}

/* Heaps past 255 (keys that cannot live in a slot's bytes): the memo
 * against the row engine, with a second heap under other rules. */
static void test_memo_on_heaps_past_a_byte(void **state)
{
    (void)state;
    static const char *pairs[][2] = {{"0.33", "0.3"}, {"0.123", "0.03"}, {"0.03", NULL}};
    for (size_t k = 0; k < sizeof pairs / sizeof *pairs; k++) {
        og_rules O = game(pairs[k][0], NULL), P = pairs[k][1] ? game(pairs[k][1], NULL) : O;
        og_rowtab t;
        char err[128];
        int M = pairs[k][1] ? 3 : 0;
        if (og_rowtab_init(&t, &O, pairs[k][1] ? &P : NULL, M, 601, KERNEL_FAST, err, sizeof err) != 0)
            fail_msg("%s: %s", pairs[k][0], err);
        og_rowtab_extend(&t, 601);
        og_memo *memo = og_memo_new(&O, pairs[k][1] ? &P : NULL, t.scale);
        for (int n = 0; n <= 600; n++)
            for (int m = 0; m <= M; m++) {
                bool ok;
                assert_int_equal(og_memo_value(memo, &n, 1, &m, 1, &ok), og_rowtab_at(&t, n, m));
                assert_true(ok);
            }
        og_memo_free(memo);
        og_rowtab_free(&t);
    }
}

/* A memo kept from one game to the next (a worker's scratch) gives each
 * game the values a fresh memo gives, whatever came before it: a large
 * game, then small ones, then a large one again. */
static void test_memo_reused_across_games_gives_fresh_values(void **state)
{
    (void)state;
    static const char *codes[] = {"4.777", "0.6", "0.07", "4.777", "0.26", "8.4"};
    static const int tops[] = {30, 12, 12, 24, 12, 20};
    memo *keep = memo_new(NULL);
    for (size_t k = 0; k < sizeof codes / sizeof *codes; k++) {
        og_rules g = game(codes[k], NULL);
        og_memo *fresh = og_memo_new(&g, NULL, 1), *reused = og_memo_new_on(&g, NULL, 1, keep);
        for (int n = 0; n <= tops[k]; n++)
            for (int m = 0; m <= 2; m++) {
                bool ok1, ok2;
                int64_t a = og_memo_value(fresh, &n, 1, &m, 1, &ok1), b = og_memo_value(reused, &n, 1, &m, 1, &ok2);
                assert_true(ok1 && ok2);
                if (a != b)
                    fail_msg("%s after %zu games: {%d,%d}: reused memo %lld, fresh %lld", codes[k], k, n, m,
                             (long long)b, (long long)a);
            }
        assert_int_equal(og_memo_size(fresh), og_memo_size(reused));
        og_memo_free(fresh);
        og_memo_free(reused);
    }
    memo_free(keep);
}

/* Rows whose column 0 has preperiod 7 and period 5, column 1 preperiod
 * 3 and period 1: a window repeat finds (7, 5); the exact reads follow. */
static void test_certificate_on_known_sequence(void **state)
{
    (void)state;
    int64_t rows[60 * 2];
    static const int64_t cycle[5] = {1, 2, 3, 4, 5};
    for (int n = 0; n < 60; n++) {
        rows[2 * n] = n < 7 ? 100 + n : cycle[(n - 7) % 5];
        rows[2 * n + 1] = n < 3 ? 50 + n : 9;
    }
    per_finder f;
    per_finder_init(&f, 2, 2);
    int a, t;
    assert_true(per_finder_feed(&f, rows, 60, &a, &t));
    assert_int_equal(a, 7);
    assert_int_equal(t, 5);
    per_finder_free(&f);
    int pre, per;
    per_column_exact(rows, 2, 0, a, t, &pre, &per);
    assert_int_equal(pre, 7);
    assert_int_equal(per, 5);
    per_column_exact(rows, 2, 1, a, t, &pre, &per);
    assert_int_equal(pre, 3);
    assert_int_equal(per, 1);
    /* Observation: same answers, from the data alone. */
    assert_true(per_column_observed(rows, 60, 2, 0, &pre, &per));
    assert_int_equal(pre, 7);
    assert_int_equal(per, 5);
    /* Too short to see three periods: no observation. */
    assert_false(per_column_observed(rows, 16, 2, 0, &pre, &per));
}

static void test_certified_period_holds_far_beyond(void **state)
{
    (void)state;
    /* The certificate is a proof; check it against many more rows anyway. */
    og_job job = {.O = game("{2,7,9}", NULL), .budget = 5000, .target = 18};
    og_analyse(&job);
    assert_int_equal(job.kind, OG_CERTIFIED);
    og_rowtab t;
    char err[64];
    assert_int_equal(og_rowtab_init(&t, &job.O, NULL, 0, job.pre[0] + 50 * job.per[0], KERNEL_FAST, err, sizeof err), 0);
    og_rowtab_extend(&t, job.pre[0] + 50 * job.per[0]);
    for (int n = job.pre[0]; n + job.per[0] < t.rows; n++)
        assert_int_equal(og_rowtab_at(&t, n, 0), og_rowtab_at(&t, n + job.per[0], 0));
    assert_true(job.pre[0] == 0 || og_rowtab_at(&t, job.pre[0] - 1, 0) != og_rowtab_at(&t, job.pre[0] - 1 + job.per[0], 0));
    og_rowtab_free(&t);
}

/* Conjecture 35 as printed fails for {4,5} (digit 3 at 4 and 5, k = 5):
 * G(3) = 0 but G(3 + 10) = G(13) = 3 (Table 1). */
static void test_literal_conjecture_35_fails_by_hand(void **state)
{
    (void)state;
    og_job job = {.O = game("{4,5}", NULL), .budget = 1000, .target = 10};
    og_analyse(&job);
    assert_int_equal(job.kind, OG_CERTIFIED);
    assert_int_equal(job.violation[0], 3);
    /* The eventual reading holds: least period divides 10. */
    assert_int_equal(10 % job.per[0], 0);
}

/* ---- every Stewart claim fails when fed a wrong statement ---- */

/* The verdict of a wrong statement: FAILS as soon as any part has a
 * mismatch, whatever the other parts hold. */
static claim_status run_report(const char *id, void (*fill)(claim_report *r))
{
    claim_def c = {.id = id, .parts = {"a", "b", "c", "d"}};
    claim_report r;
    assert_int_equal(claim_report_init(&r, &c, NULL), 0);
    fill(&r);
    claim_status s = claim_verdict(&r);
    if (s == CLAIM_FAILS)
        assert_true(r.nkept > 0);
    claim_report_free(&r);
    return s;
}

static void wrong_thm32(claim_report *r)
{
    /* Wrong: G_s = +n_F^SR (the paper has -n_F^SR). */
    st_thm32_games(r, +1);
}
static int wrong_odd(int s, int k)
{
    (void)k;
    return s;
}
static int right_even(int s, int k)
{
    (void)k;
    return s;
}
static void wrong_lemma33(claim_report *r)
{
    st_lemma33_sets(r, 6, 100, right_even, wrong_odd);
}
static void wrong_table1(claim_report *r)
{
    static const int off_by_one[16] = {0, 0, 0, 0, 4, 5, 5, 5, 5, 1, 0, 0, 0, 4, 4, 5};
    og_rules g = game("{4,5}", NULL);
    st_expect_values(r, 0, &g, "{4,5}", off_by_one, 16);
}
static void wrong_table2(claim_report *r)
{
    static const int period4[11] = {0, 2, 2, 2, 0, 2, 2, 2, 0, 2, 2};
    og_rules g = game("0.3333", "2,2,2,2");
    st_expect_values(r, 0, &g, "0.3333", period4, 11);
}

/* Families fed "the period divides T = 1", which the games contradict. */
static void family_with_T1(claim_report *r, int conj, st_reading how)
{
    pinning pin;
    char err[128];
    assert_int_equal(pinning_open(&pin, 2, err, sizeof err), 0);
    claim_ctx ctx = {.run_jobs = ranks_run_jobs, .run_jobs_arg = &(jobs_runner){.pin = &pin}};
    const st_family_def *def = conj == 34 ? &st_conj34 : conj == 35 ? &st_conj35 : conj == 36 ? &st_conj36 : &st_conj37;
    st_family f = {.def = def, .how = how, .K = conj == 37 ? 1 : 3, .KP = 1, .M = 1,
                   .rows = conj == 37 ? 16 : 2000, .fixed_T = 1};
    st_run_family(&f, &ctx, r);
    pinning_close(&pin);
}
static void wrong_34(claim_report *r) { family_with_T1(r, 34, READ_EVENTUAL); }
static void wrong_35_literal(claim_report *r) { family_with_T1(r, 35, READ_LITERAL); }
static void wrong_35_eventual(claim_report *r) { family_with_T1(r, 35, READ_EVENTUAL); }
static void wrong_36_literal(claim_report *r) { family_with_T1(r, 36, READ_LITERAL); }
static void wrong_36_eventual(claim_report *r) { family_with_T1(r, 36, READ_EVENTUAL); }
static void wrong_37_literal(claim_report *r) { family_with_T1(r, 37, READ_LITERAL); }
/* An observed period can still be contradicted: G(n+1) = G(n) for all n
 * fails on the data of any game whose values change. */
static void wrong_37_eventual(claim_report *r) { family_with_T1(r, 37, READ_LITERAL); }

static const struct {
    const char *id;
    void (*fill)(claim_report *r);
} wrong_statements[] = {
    {"st/thm-32", wrong_thm32},
    {"st/lemma-33", wrong_lemma33},
    {"st/table-1", wrong_table1},
    {"st/table-2", wrong_table2},
    {"st/conj-34", wrong_34},
    {"st/conj-35/literal", wrong_35_literal},
    {"st/conj-35/eventual", wrong_35_eventual},
    {"st/conj-36/literal", wrong_36_literal},
    {"st/conj-36/eventual", wrong_36_eventual},
    {"st/conj-37/literal", wrong_37_literal},
    {"st/conj-37/eventual", wrong_37_eventual},
};

static void test_every_stewart_claim_can_fail(void **state)
{
    (void)state;
    for (int i = 0; claim_registry[i]; i++) {
        const claim_def *c = claim_registry[i];
        /* Stewart's claims; the other papers' are tested with theirs. */
        if (!c->check_games || strncmp(c->id, "st/", 3) != 0)
            continue;
        void (*fill)(claim_report *) = NULL;
        for (size_t j = 0; j < sizeof wrong_statements / sizeof wrong_statements[0]; j++)
            if (strcmp(wrong_statements[j].id, c->id) == 0)
                fill = wrong_statements[j].fill;
        if (!fill)
            fail_msg("%s has no failing test: add a wrong statement for it here", c->id);
        if (run_report(c->id, fill) != CLAIM_FAILS)
            fail_msg("%s does not fail when fed a wrong statement", c->id);
    }
}

static void test_stewart_claims_at_small_sizes(void **state)
{
    (void)state;
    pinning pin;
    char err[128];
    assert_int_equal(pinning_open(&pin, 0, err, sizeof err), 0);
    claim_ctx ctx = {.sizes = {.max_take = 4, .rows = 2000, .m_to = 2}, .run_jobs = ranks_run_jobs, .run_jobs_arg = &(jobs_runner){.pin = &pin}};
    static const struct {
        const char *id;
        claim_status want;
    } expect[] = {
        {"st/thm-32", CLAIM_HOLDS},          {"st/lemma-33", CLAIM_HOLDS},
        {"st/table-1", CLAIM_HOLDS},         {"st/table-2", CLAIM_HOLDS},
        {"st/conj-34", CLAIM_CERTIFIED},     {"st/conj-35/literal", CLAIM_FAILS},
        {"st/conj-35/eventual", CLAIM_CERTIFIED}, {"st/conj-36/eventual", CLAIM_CERTIFIED},
    };
    for (size_t i = 0; i < sizeof expect / sizeof expect[0]; i++) {
        const claim_def *c = claim_find(expect[i].id);
        assert_non_null(c);
        claim_report r;
        assert_int_equal(claim_report_init(&r, c, NULL), 0);
        c->check_games(&ctx, &r);
        if (claim_verdict(&r) != expect[i].want)
            fail_msg("%s: %s", c->id, claim_status_name(claim_verdict(&r)));
        claim_report_free(&r);
    }
    pinning_close(&pin);
}

/* Lemma 33 is compared at every row up to the last one asked for: for
 * each k <= K, each set with largest element k and each s in it, at
 * n = s + 2ik <= rows (4 + 8*4 = 36 is the last row itself). */
static int lemma_s(int s, int k)
{
    (void)k;
    return s;
}
static int lemma_k_minus_s(int s, int k)
{
    return k - s;
}
static void test_lemma33_reaches_the_last_row(void **state)
{
    (void)state;
    const int K = 4, rows = 36;
    claim_def c = {.id = "test/lemma-33", .parts = {"even", "odd", "displayed"}};
    claim_report r;
    assert_int_equal(claim_report_init(&r, &c, NULL), 0);
    st_lemma33_sets(&r, K, rows, lemma_s, lemma_k_minus_s);
    assert_int_equal(claim_verdict(&r), CLAIM_HOLDS);
    uint64_t even = 0;
    for (int k = 1; k <= K; k++)
        for (int s = 1; s <= k; s++) {
            /* Sets {.., k} of 1..k containing s: all 2^(k-1) for s = k,
             * half of them otherwise. */
            uint64_t sets = s == k ? 1u << (k - 1) : 1u << (k - 2);
            even += sets * (uint64_t)((rows - s) / (2 * k) + 1);
        }
    assert_int_equal(r.cases[0], even);
    claim_report_free(&r);
}

/* The smallest counterexample of a family is the least n, then the least
 * m, then the first game in the family's order: with "the period divides
 * T = 1" many games fail at the least n, and the finding names the first
 * of them, as the list of mismatches (every one, in order) shows. */
static void test_smallest_counterexample_is_the_first_of_equals(void **state)
{
    (void)state;
    claim_def c = {.id = "test/conj-35", .parts = {"games"}};
    claim_report r;
    assert_int_equal(claim_report_init(&r, &c, NULL), 0);
    family_with_T1(&r, 35, READ_LITERAL);
    assert_int_equal(claim_verdict(&r), CLAIM_FAILS);
    assert_int_equal(r.mismatches[0], (uint64_t)r.nkept);
    int best = -1, best_n = 0, best_m = 0, ties = 0;
    for (int i = 0; i < r.nkept; i++) {
        int n, T, m;
        assert_int_equal(sscanf(r.kept[i].actual, "G(%d + %d +_l %d)", &n, &T, &m), 3);
        if (best >= 0 && n == best_n && m == best_m)
            ties++;
        if (best < 0 || n < best_n || (n == best_n && m < best_m)) {
            best = i;
            best_n = n;
            best_m = m;
            ties = 0;
        }
    }
    assert_true(ties > 0);
    const char *said = NULL;
    for (int i = 0; i < r.nfindings; i++)
        if (strcmp(r.findings[i].key, "smallest counterexample") == 0)
            said = r.findings[i].value;
    assert_non_null(said);
    char want[512];
    snprintf(want, sizeof want, "%s: %s", r.kept[best].where, r.kept[best].actual);
    assert_string_equal(said, want);
    claim_report_free(&r);
}

/* A size on the command line must never turn a fixed statement into
 * FAILS: with --to 5, Table 2 still HOLDS, and a family cut short by it is
 * UNDECIDED (st/table-2 once read --to as its row budget). */
static void test_sizes_never_make_a_fixed_claim_fail(void **state)
{
    (void)state;
    pinning pin;
    char err[128];
    assert_int_equal(pinning_open(&pin, 1, err, sizeof err), 0);
    claim_ctx ctx = {.sizes = {.max_take = 3, .rows = 5, .m_to = 1}, .run_jobs = ranks_run_jobs, .run_jobs_arg = &(jobs_runner){.pin = &pin}};
    static const struct {
        const char *id;
        claim_status want;
    } expect[] = {{"st/table-1", CLAIM_HOLDS}, {"st/table-2", CLAIM_HOLDS}, {"st/thm-32", CLAIM_HOLDS},
                  {"st/conj-34", CLAIM_UNDECIDED}};
    for (size_t i = 0; i < sizeof expect / sizeof expect[0]; i++) {
        const claim_def *c = claim_find(expect[i].id);
        claim_report r;
        assert_int_equal(claim_report_init(&r, c, NULL), 0);
        c->check_games(&ctx, &r);
        if (claim_verdict(&r) != expect[i].want)
            fail_msg("%s at --to 5: %s", c->id, claim_status_name(claim_verdict(&r)));
        /* Fixed claims say so: they read no size. */
        if (expect[i].want == CLAIM_HOLDS)
            assert_int_equal(c->sizes_used, 0);
        claim_report_free(&r);
    }
    pinning_close(&pin);
}

/* ---- nothing silently cut ---- */

static void test_findings_names_and_rows_are_whole(void **state)
{
    (void)state;
    claim_def c = {.id = "x", .parts = {"games"}};
    claim_report r;
    assert_int_equal(claim_report_init(&r, &c, NULL), 0);
    /* Findings were capped at 16: the 17th onwards vanished. */
    for (int i = 0; i < 40; i++)
        claim_finding_add(&r, "key", "finding %d %0300d", i, 7);
    assert_int_equal(r.nfindings, 40);
    assert_int_equal((int)strlen(r.findings[39].value), (int)strlen("finding 39 ") + 300);
    /* Game names were cut at 47 characters. */
    og_rules all = game("{1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32}", NULL);
    char name[OG_NAME_MAX];
    og_name(&all, name, sizeof name);
    assert_string_equal(name, "{1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32}");
    char points[OG_POINTS_MAX];
    for (int i = 1; i <= 32; i++)
        og_set_point(&all, i, -999999999999LL, 999983);
    og_points_text(&all, points, sizeof points);
    assert_int_equal((int)strlen(points), 32 * (int)strlen("-999999999999/999983") + 31);
    /* Rows keep every character. */
    char note[400];
    memset(note, 'n', sizeof note - 1);
    note[sizeof note - 1] = 0;
    claim_game_row row = {.game = name, .points = points, .sum = name, .m = 3, .preperiod = 1, .period = 2,
                          .status = "CERTIFIED", .note = note};
    claim_game_emit(&r, NULL, &row);
    assert_string_equal(r.rows[0].game, name);
    assert_string_equal(r.rows[0].points, points);
    assert_string_equal(r.rows[0].note, note);
    /* Mismatch texts likewise. */
    claim_mismatch_at(&r, 0, note, name, points, note);
    assert_string_equal(r.kept[0].where, note);
    assert_string_equal(r.kept[0].actual, points);
    claim_report_free(&r);
}

/* og_heap_moves dropped the moves past its cap; now it counts them and a
 * list too short stops the run. */
static void test_heap_moves_are_never_dropped(void **state)
{
    (void)state;
    og_rules g = game("0.f", NULL);
    og_heap_move moves[256];
    int n = og_heap_moves_count(&g, 30);
    /* Take 1 from 30: leave nothing (no), one heap 29, two heaps (14 ways),
     * three heaps (partitions of 29 into 3 parts: 70). */
    assert_int_equal(n, 1 + 14 + 70);
    assert_int_equal(og_heap_moves(&g, 30, moves, 256), n);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        freopen("/dev/null", "w", stderr);
        og_heap_moves(&g, 30, moves, n - 1);
        _exit(0);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == EXIT_RUN_ERROR);
}

/* A family of more games than one chunk, with every certificate checked a
 * second time: all agree, and the per-k table counts every game. */
static void test_certificates_checked_twice(void **state)
{
    (void)state;
    pinning pin;
    char err[128];
    assert_int_equal(pinning_open(&pin, 2, err, sizeof err), 0);
    claim_ctx ctx = {.run_jobs = ranks_run_jobs, .run_jobs_arg = &(jobs_runner){.pin = &pin}, .recheck = 1};
    st_family f = {.def = &st_conj35, .how = READ_EVENTUAL, .K = 5, .KP = 1, .M = 2, .rows = 4000};
    claim_def c = {.id = "x", .parts = {"games"}};
    claim_report r;
    assert_int_equal(claim_report_init(&r, &c, NULL), 0);
    st_run_family(&f, &ctx, &r);
    uint64_t certified = 0, games = 0;
    for (int i = 0; i < r.nper_k; i++) {
        certified += r.per_k[i].count[CLAIM_CERTIFIED];
        games += r.per_k[i].games;
    }
    assert_true(games > 2048);
    assert_int_equal(games, r.cases[0]);
    assert_true(certified > 0);
    assert_int_equal(r.rechecked, certified);
    assert_int_equal(r.nper_k, 5);
    claim_report_free(&r);
    pinning_close(&pin);
}

static int worst_preperiod_k(int break_window, double recheck)
{
    pinning pin;
    char err[128];
    assert_int_equal(pinning_open(&pin, 1, err, sizeof err), 0);
    claim_ctx ctx = {.run_jobs = ranks_run_jobs, .run_jobs_arg = &(jobs_runner){.pin = &pin}, .recheck = recheck};
    st_family f = {.def = &st_conj34, .how = READ_EVENTUAL, .K = 8, .rows = 20000, .break_window = break_window};
    claim_def c = {.id = "x", .parts = {"games"}};
    claim_report r;
    assert_int_equal(claim_report_init(&r, &c, NULL), 0);
    st_run_family(&f, &ctx, &r);
    int worst = claim_per_k_at(&r, 8)->worst_pre;
    claim_report_free(&r);
    pinning_close(&pin);
    return worst;
}

/* A certificate from windows one row short is wrong (k = 8: its worst
 * preperiod is not the true one), and the second check stops the run. */
static void test_broken_certificate_stops_the_run(void **state)
{
    (void)state;
    int right = worst_preperiod_k(0, 1), broken = worst_preperiod_k(1, 0);
    assert_true(right != broken);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        freopen("/dev/null", "w", stderr);
        worst_preperiod_k(1, 1);
        _exit(0);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == EXIT_RUN_ERROR);
}

static const char *status_of(const claim_report *r, const char *game)
{
    for (int i = 0; i < r->nrows; i++)
        if (strcmp(r->rows[i].game, game) == 0)
            return r->rows[i].status;
    return "absent";
}

/* The literal reading of Conjecture 35 tells the right T from a wrong one:
 * {1} (code 0.3) alternates 0, 1, 0, 1, ... from n = 0, so it holds with
 * T = 2k = 2 and fails with T = 3; 0.2 fails with T = 2 (G(2) = 1, G(0) = 0). */
static void test_literal_reading_tells_the_right_T(void **state)
{
    (void)state;
    pinning pin;
    char err[128];
    assert_int_equal(pinning_open(&pin, 1, err, sizeof err), 0);
    claim_ctx ctx = {.run_jobs = ranks_run_jobs, .run_jobs_arg = &(jobs_runner){.pin = &pin}};
    claim_def c = {.id = "x", .parts = {"games"}};
    for (int T = 2; T <= 3; T++) {
        st_family f = {.def = &st_conj35, .how = READ_LITERAL, .K = 1, .KP = 0, .M = 0, .rows = 1000, .fixed_T = T};
        claim_report r;
        assert_int_equal(claim_report_init(&r, &c, NULL), 0);
        st_run_family(&f, &ctx, &r);
        assert_string_equal(status_of(&r, "{1}"), T == 2 ? "CERTIFIED" : "FAILS");
        assert_string_equal(status_of(&r, "0.2"), "FAILS");
        claim_report_free(&r);
    }
    pinning_close(&pin);
}

/* A breaking game's n stops growing past --positions: the rows so far are
 * all there is, the cut is flagged, and the rows are the same as without
 * the limit. */
static void test_positions_limit_cuts_n_and_says_so(void **state)
{
    (void)state;
    og_rules g = game("0.4", NULL);
    og_job free_run = {.O = g, .P = g, .has_sum = true, .M = 1, .budget = 30};
    og_job capped = free_run;
    capped.max_positions = 500;
    og_analyse(&free_run);
    og_analyse(&capped);
    assert_false(free_run.capped);
    assert_true(capped.capped);
    assert_true(capped.rows_used < 30 && capped.rows_used > 5);
    assert_int_equal(free_run.rows_used, 30);
}

static void family_rows(int threads, claim_report *r)
{
    pinning pin;
    char err[128];
    assert_int_equal(pinning_open(&pin, threads, err, sizeof err), 0);
    claim_ctx ctx = {.run_jobs = ranks_run_jobs, .run_jobs_arg = &(jobs_runner){.pin = &pin}};
    st_family f = {.def = &st_conj35, .how = READ_EVENTUAL, .K = 3, .KP = 2, .M = 3, .rows = 4000};
    claim_def c = {.id = "x", .parts = {"games"}};
    assert_int_equal(claim_report_init(r, &c, NULL), 0);
    st_run_family(&f, &ctx, r);
    pinning_close(&pin);
}

static void test_game_rows_identical_for_any_thread_count(void **state)
{
    (void)state;
    claim_report one, two;
    family_rows(1, &one);
    family_rows(2, &two);
    assert_true(one.nrows > 100);
    assert_int_equal(one.nrows, two.nrows);
    for (int i = 0; i < one.nrows; i++) {
        const claim_game_row *a = &one.rows[i], *b = &two.rows[i];
        assert_string_equal(a->game, b->game);
        assert_string_equal(a->points, b->points);
        assert_string_equal(a->sum, b->sum);
        assert_string_equal(a->note, b->note);
        assert_string_equal(a->status, b->status);
        assert_int_equal(a->m, b->m);
        assert_int_equal(a->preperiod, b->preperiod);
        assert_int_equal(a->period, b->period);
    }
    claim_report_free(&one);
    claim_report_free(&two);
}

/* "Taking fewer beans can be better": 4 - G(9) = 3 must beat 5 - G(8)
 * strictly; a tie, a larger take5 or another value of G(13) is no
 * evidence for the sentence. */
static void test_table1_take4_must_win_strictly(void **state)
{
    (void)state;
    assert_true(st_table1_take4_wins(3, 0, 3));
    assert_false(st_table1_take4_wins(3, 3, 3));
    assert_false(st_table1_take4_wins(3, 4, 4));
    assert_false(st_table1_take4_wins(2, 0, 3));
    assert_false(st_table1_take4_wins(3, 0, 4));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_codes_and_reject_bad_ones),
        cmocka_unit_test(test_golden_tables),
        cmocka_unit_test(test_lemma33_on_a_few_sets),
        cmocka_unit_test(test_lemma33_reaches_the_last_row),
        cmocka_unit_test(test_smallest_counterexample_is_the_first_of_equals),
        cmocka_unit_test(test_engines_agree),
        cmocka_unit_test(test_breaking_game_by_hand),
        cmocka_unit_test(test_breaking_games_match_a_plain_recursion),
        cmocka_unit_test(test_memo_reused_across_games_gives_fresh_values),
        cmocka_unit_test(test_memo_on_heaps_past_a_byte),
        cmocka_unit_test(test_ranked_store_matches_the_keyed_memo),
        cmocka_unit_test(test_breaking_jobs_same_on_either_store),
        cmocka_unit_test(test_certificate_on_known_sequence),
        cmocka_unit_test(test_certified_period_holds_far_beyond),
        cmocka_unit_test(test_literal_conjecture_35_fails_by_hand),
        cmocka_unit_test(test_every_stewart_claim_can_fail),
        cmocka_unit_test(test_stewart_claims_at_small_sizes),
        cmocka_unit_test(test_game_rows_identical_for_any_thread_count),
        cmocka_unit_test(test_sizes_never_make_a_fixed_claim_fail),
        cmocka_unit_test(test_findings_names_and_rows_are_whole),
        cmocka_unit_test(test_heap_moves_are_never_dropped),
        cmocka_unit_test(test_certificates_checked_twice),
        cmocka_unit_test(test_broken_certificate_stops_the_run),
        cmocka_unit_test(test_literal_reading_tells_the_right_T),
        cmocka_unit_test(test_positions_limit_cuts_n_and_says_so),
        cmocka_unit_test(test_table1_take4_must_win_strictly),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
