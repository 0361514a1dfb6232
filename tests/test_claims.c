/*
 * test_claims.c -- a verifier that cannot fail is worthless.
 *
 *  - wrong closed forms and wrong move statements fed to the claim
 *    machinery are reported as FAILS, with the right mismatches;
 *  - every registered claim HOLDS on the exact table and FAILS once the
 *    table disagrees with its statement at one point (a table for each
 *    claim below; a claim added to the registry without one fails here);
 *  - the results directory is byte-identical for 1 and 2 threads
 *    (outside summary.json's "run" object), mismatches included;
 *  - every claim checked on a table split by blocks of lanes (an MPI
 *    run, simulated with threads) reports what the whole table does,
 *    holding and failing alike.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "core/engine/sweep.h"
#include "core/engine/table.h"
#include "proofs/claim_seconds.h"
#include "proofs/oginuma_shinoda/nim_view.h"
#include "proofs/oginuma_shinoda/os_forms.h"
#include "verifier/run/check.h"
#include "verifier/output/results.h"
#include "tests/nim_tables.h"

extern const claim_def claim_os_pp_intersection;

/* Wide tables (any value can be stored, so one cell can be corrupted) with
 * the last-stone flags; the kernels and formats agree (test_engine). */
static void make_table(value_table *t, int piles, int bound, int threads)
{
    char err[256];
    table_opts o = {.win = scoring_nim_window(piles, bound), .format = FORMAT_WIDE, .kernel = KERNEL_FAST,
                    .last_mover = true};
    assert_int_equal(nim_create(t, piles, bound, 2, &o, err, sizeof err), 0);
    pinning pin;
    assert_int_equal(pinning_open(&pin, threads, err, sizeof err), 0);
    table_sweep(t, &pin);
    pinning_close(&pin);
}

static int16_t *cell(value_table *t, const int *piles, int len, int M)
{
    int64_t r = ms_rank_of(SHAPE(t), piles, len);
    int lane = table_lane_of(t, M);
    assert_true(r >= 0 && lane >= 0);
    return t->wide + (uint64_t)r * (uint64_t)t->win.lanes + (uint64_t)lane;
}

static claim_status run_one(const claim_def *c, const value_table *t, claim_report *r)
{
    assert_int_equal(claim_report_init(r, c, t), 0);
    c->check(t, r);
    return claim_verdict(r);
}

/* A table claim about a game other than Scoring Nim, on a small swept
 * table of the game it names (3 piles of up to 6, its default options,
 * its own bonus window): its verdict.  The test its paper names feeds it
 * a wrong statement, as for a claim that computes its own games. */
static claim_status run_on_its_game(const claim_def *c)
{
    const game_entry *e = game_find(c->game);
    if (!e)
        fail_msg("%s reads the table of %s, which no game of the registry is", c->id, c->game);
    char err[256];
    game_params p = {.piles = 3, .bound = 6, .unit = 2};
    game_desc *g = e->build(&p, err, sizeof err);
    if (!g)
        fail_msg("%s: the table of %s does not build: %s", c->id, c->game, err);
    table_opts o = table_default_opts(g, game_bonus_window(e, &p));
    o.last_mover = c->needs_takers;
    value_table t;
    assert_int_equal(table_create(&t, g, &o, err, sizeof err), 0);
    pinning pin;
    assert_int_equal(pinning_open(&pin, 1, err, sizeof err), 0);
    table_sweep(&t, &pin);
    pinning_close(&pin);
    claim_report r;
    claim_status s = run_one(c, &t, &r);
    claim_report_free(&r);
    table_free(&t);
    e->destroy(g);
    return s;
}

/* A test-only table claim about Kayles: its Grundy values are below 8 at
 * three rows of up to 6 pins (right), or below 2 (wrong). */
static void kayles_below(const value_table *t, claim_report *r, int64_t most)
{
    for (uint64_t rank = 0; rank < t->count; rank++) {
        claim_cases(r, 0, 1);
        int64_t v = table_grundy(t, rank);
        if (v >= most) {
            char where[32], stated[32], got[32];
            snprintf(where, sizeof where, "rank %llu", (unsigned long long)rank);
            snprintf(stated, sizeof stated, "below %lld", (long long)most);
            snprintf(got, sizeof got, "%lld", (long long)v);
            claim_mismatch_at(r, 0, where, stated, got, "");
        }
    }
}
static void kayles_below_8(const value_table *t, claim_report *r)
{
    kayles_below(t, r, 8);
}
static void kayles_below_2(const value_table *t, claim_report *r)
{
    kayles_below(t, r, 2);
}
static const claim_def kayles_right = {
    .id = "test/kayles-below-8", .game = "kayles", .source = "test", .statement = "G < 8", .domain = "3 rows",
    .parts = {"values"}, .check = kayles_below_8};
static const claim_def kayles_wrong = {
    .id = "test/kayles-below-2", .game = "kayles", .source = "test", .statement = "G < 2", .domain = "3 rows",
    .parts = {"values"}, .check = kayles_below_2};

/* A table claim about another game runs on that game's table, and fails
 * there when wrong (never on a Scoring Nim table, which it does not
 * read). */
static void test_table_claim_runs_on_the_game_it_names(void **state)
{
    (void)state;
    assert_int_equal(run_on_its_game(&kayles_right), CLAIM_HOLDS);
    assert_int_equal(run_on_its_game(&kayles_wrong), CLAIM_FAILS);
}

/* ---- wrong statements through the generic machinery ---- */

static bool is_x_one(const nim_pos *p, const void *c)
{
    (void)c;
    return p->n == 2 && p->p[0] >= 2 && p->p[1] == 1;
}
/* Wrong: f(x,1) = x + |N| (the paper has x - 1 + |N|). */
static int64_t wrong_x_one(const nim_pos *p, int M, const void *c)
{
    (void)c;
    return 2 * p->p[0] + nim_abs(M);
}
/* Right. */
static int64_t right_x_one(const nim_pos *p, int M, const void *c)
{
    (void)c;
    return 2 * (p->p[0] - 1) + nim_abs(M);
}

static void wrong_check(const value_table *t, claim_report *r)
{
    nim_check_formula(t, r, 0, is_x_one, wrong_x_one, NULL, nim_mmin(t), nim_mmax(t), false);
}
static void right_check(const value_table *t, claim_report *r)
{
    nim_check_formula(t, r, 0, is_x_one, right_x_one, NULL, nim_mmin(t), nim_mmax(t), false);
}

static const claim_def wrong_claim = {
    .id = "test/wrong-4.1", .game = "scoring-nim", .source = "test", .statement = "f(x,1) = x+|N|", .domain = "(x,1)",
    .parts = {"(x,1)"}, .check = wrong_check,
};
static const claim_def right_claim = {
    .id = "test/right-4.1", .game = "scoring-nim", .source = "test", .statement = "f(x,1) = x-1+|N|", .domain = "(x,1)",
    .parts = {"(x,1)"}, .check = right_check,
};

static void test_wrong_closed_form_fails_everywhere(void **state)
{
    (void)state;
    value_table t;
    make_table(&t, 3, 6, 0);
    claim_report r;
    assert_int_equal(run_one(&wrong_claim, &t, &r), CLAIM_FAILS);
    /* (x,1) for x = 2..6: every lane is off by exactly one. */
    uint64_t expected = 5 * (uint64_t)t.win.lanes;
    assert_int_equal(r.cases[0], expected);
    assert_int_equal(r.mismatches[0], expected);
    const claim_mismatch *m = &r.kept[0];
    char *pos = nim_pos_text(&t, m->rank);
    assert_string_equal(pos, "(2,1)");
    free(pos);
    assert_int_equal(m->M, nim_mmin(&t));
    /* At N = -21: claimed 2 + 21 = 23, exact 1 + 21 = 22. */
    assert_string_equal(m->expected, "23");
    assert_string_equal(m->actual, "22");
    claim_report_free(&r);
    assert_int_equal(run_one(&right_claim, &t, &r), CLAIM_HOLDS);
    claim_report_free(&r);
    nim_free(&t);
}

static bool is_x_2k_1(const nim_pos *p, const void *c)
{
    (void)c;
    return p->n == 3 && p->p[2] == 1 && p->p[1] >= 2 && p->p[1] % 2 == 0 && p->p[0] >= p->p[1] + 2;
}
static int64_t twice_F(int k, int M)
{
    int64_t best = INT64_MAX;
    for (int j = -(2 * k - 2); j <= 2 * k - 2; j += 2)
        best = nim_abs((int64_t)M - 2 * j) < best ? nim_abs((int64_t)M - 2 * j) : best;
    return 4 - best;
}
/* Theorem 6.3 (ii) with -(2k-2)+|N| in place of -2k+|N|: wrong only at
 * large |N|, so the mismatches must be exactly those points. */
static int64_t subtly_wrong_63(const nim_pos *p, int M, const void *c)
{
    (void)c;
    int k = p->p[1] / 2;
    int64_t a = twice_F(k, M), b = -(4 * (int64_t)k - 4) + nim_abs(M);
    return (a > b ? a : b) + 2 * (p->p[0] - 2 * k - 1);
}

static void test_subtly_wrong_form_fails_only_where_wrong(void **state)
{
    (void)state;
    value_table t;
    make_table(&t, 3, 8, 0);
    claim_report r;
    claim_def c = {.id = "test/63", .source = "t", .statement = "t", .domain = "t", .parts = {"(ii)"}};
    assert_int_equal(claim_report_init(&r, &c, &t), 0);
    nim_check_formula(&t, &r, 0, is_x_2k_1, subtly_wrong_63, NULL, nim_mmin(&t), nim_mmax(&t), false);
    assert_int_equal(claim_verdict(&r), CLAIM_FAILS);
    /* Count independently where the wrong form differs from the right one. */
    uint64_t differs = 0;
    nim_pos pos;
    nim_pos_first(&t, &pos);
    do {
        if (!is_x_2k_1(&pos, NULL))
            continue;
        int k = pos.p[1] / 2;
        for (int l = 0; l < t.win.lanes; l++) {
            int M = table_lane_M(&t, l);
            int64_t a = twice_F(k, M), right = -4 * (int64_t)k + nim_abs(M);
            int64_t exact = (a > right ? a : right) + 2 * (pos.p[0] - 2 * k - 1);
            assert_int_equal(nim_v2(&t, pos.rank, l), exact);
            differs += subtly_wrong_63(&pos, M, NULL) != exact;
        }
    } while (nim_pos_next(&t, &pos));
    assert_true(differs > 0);
    assert_int_equal(r.mismatches[0], differs);
    claim_report_free(&r);
    nim_free(&t);
}

static void test_wrong_move_statement_fails(void **state)
{
    (void)state;
    value_table t;
    make_table(&t, 3, 5, 0);
    claim_report r;
    claim_def c = {.id = "test/moves", .source = "t", .statement = "t", .domain = "t", .parts = {"(5,4,2)"}};
    assert_int_equal(claim_report_init(&r, &c, &t), 0);
    uint64_t from = (uint64_t)ms_rank_of(SHAPE(&t), (int[]){5, 4, 2}, 3);
    uint64_t greedy = (uint64_t)ms_rank_of(SHAPE(&t), (int[]){0, 4, 2}, 3);
    /* Wrong: the paper says (1,4,2) for 1 <= N <= 4, not the greedy move. */
    uint64_t cases = nim_check_moves(&t, &r, 0, from, &greedy, 1, 2, 8, true);
    assert_int_equal(cases, 7);
    assert_int_equal(claim_verdict(&r), CLAIM_FAILS);
    /* Greedy is still optimal at N = 1 (the range end), wrong after it. */
    assert_int_equal(r.mismatches[0], 6);
    assert_int_equal(r.kept[0].M, 3);
    assert_string_equal(r.kept[0].actual, "{(4,2,1)}"); /* (1,4,2), piles sorted */
    claim_report_free(&r);
    nim_free(&t);
}

/* ---- every registered claim can fail ---- */

typedef void (*corruption)(value_table *t);

static void bump(value_table *t, const int *p, int len, int M, int by)
{
    *cell(t, p, len, M) += (int16_t)by;
}
static void c_prop31(value_table *t) { bump(t, (int[]){3, 2, 1}, 3, 1, 2); }
static void c_cor32(value_table *t) { bump(t, (int[]){3, 2, 1}, 3, 0, 4); }
static void c_eq1(value_table *t) { bump(t, (int[]){4}, 1, 0, 2); }
static void c_prop41(value_table *t) { bump(t, (int[]){3, 1}, 2, 0, 2); }
static void c_prop42(value_table *t) { bump(t, (int[]){3, 3}, 2, 2, 2); }
/* Move statements fail when the stated move's child looks better for the
 * opponent, i.e. is no longer optimal. */
static void c_41_strategy(value_table *t) { bump(t, (int[]){1, 1}, 2, 2, 4); }
static void c_42_strategy(value_table *t) { bump(t, (int[]){3}, 1, 0, 4); }
static void c_prop51(value_table *t) { bump(t, (int[]){3, 1, 1}, 3, 0, 2); }
static void c_prop52(value_table *t) { bump(t, (int[]){2, 2, 3, 3}, 4, 0, 2); }
static void c_prop53(value_table *t) { bump(t, (int[]){3, 2, 1}, 3, -1, 2); }
static void c_prop55(value_table *t) { bump(t, (int[]){3, 2, 1}, 3, nim_mmax(t) - 2, 2); }
static void c_cpm(value_table *t) { bump(t, (int[]){3, 2, 1}, 3, nim_mmax(t), 2); }
static void c_prop61(value_table *t) { bump(t, (int[]){2, 2, 1}, 3, 0, 2); }
static void c_thm63(value_table *t) { bump(t, (int[]){3, 2, 1}, 3, 0, 2); }
static void c_cor64(value_table *t) { bump(t, (int[]){3, 2, 1}, 3, 0, 2); }
static void c_breakpoints(value_table *t) { bump(t, (int[]){5, 4, 1}, 3, nim_mmax(t) - 3, 4); }
/* Makes f(5,4,3) symmetric about 0, which Remark 6.5 says it is not. */
static void c_remark65(value_table *t)
{
    for (int M = 1; M <= nim_mmax(t); M++)
        *cell(t, (int[]){5, 4, 3}, 3, -M) = *cell(t, (int[]){5, 4, 3}, 3, M);
}
static void c_examples(value_table *t) { bump(t, (int[]){5, 4, 1}, 3, -20, 4); }
/* Taking all of (x) at N = 0 made worse than leaving one. */
static void c_one_pile(value_table *t) { bump(t, (int[]){0}, 1, 0, 6); }
/* At N = 1 leaving one stone ties with taking all: strictly, not weakly. */
static void c_one_pile_strict(value_table *t) { bump(t, (int[]){1}, 1, 2, -8); }
/* (2,4,1), the first move of the line from (5,4,1), made worse at N = 4. */
static void c_eq5(value_table *t) { bump(t, (int[]){2, 4, 1}, 3, 8, 4); }
/* (0,8,1), the move from (9,8,1) at N = 0, made worse. */
static void c_examples_strict(value_table *t) { bump(t, (int[]){8, 1}, 2, 0, 4); }
/* (6,4,1) on both (10,8,1) lines at N = 7: no move attains its value any
 * more, so the line played out stops short and the tallies are wrong. */
static void c_tallies(value_table *t) { bump(t, (int[]){6, 4, 1}, 3, 14, 2); }

/* A claim that FAILS on the exact table (a strict reading the paper's
 * text does not support) is listed with NULL: the test asks it to fail
 * as it is.  A claim about definitions, reading no payoff, is listed with
 * reads_no_value: its own test below feeds it a wrong statement. */
static void reads_no_value(value_table *t) { (void)t; }
static const struct {
    const char *id;
    corruption corrupt;
} corruptions[] = {
    {"os/one-pile-strategy", c_one_pile}, {"os/one-pile-strategy/strict", c_one_pile_strict},
    {"os/eq-5-line", c_eq5},          {"os/eq-5-line/strict", c_eq5},
    {"os/examples/strict", c_examples_strict}, {"os/tallies-10-8-1", c_tallies},
    {"os/prop-4.2-strategy/strict", NULL}, {"os/examples-2k1/strict", NULL},
    {"os/pp-intersection", reads_no_value},
    {"os/prop-3.1", c_prop31},       {"os/cor-3.2", c_cor32},
    {"os/eq-1", c_eq1},              {"os/prop-4.1", c_prop41},
    {"os/prop-4.2", c_prop42},       {"os/prop-4.1-strategy", c_41_strategy},
    {"os/prop-4.2-strategy", c_42_strategy}, {"os/prop-5.1", c_prop51},
    {"os/prop-5.2", c_prop52},       {"os/prop-5.3", c_prop53},
    {"os/prop-5.5", c_prop55},       {"os/c-plus-minus", c_cpm},
    {"os/prop-6.1", c_prop61},       {"os/thm-6.3", c_thm63},
    {"os/cor-6.4", c_cor64},         {"os/breakpoints", c_breakpoints},
    {"os/remark-6.5", c_remark65},   {"os/examples", c_examples},
};

/* Whether the claim is listed; *c its corruption (NULL: it fails as is). */
static bool corruption_for(const char *id, corruption *c)
{
    for (size_t i = 0; i < sizeof corruptions / sizeof corruptions[0]; i++)
        if (strcmp(corruptions[i].id, id) == 0) {
            *c = corruptions[i].corrupt;
            return true;
        }
    return false;
}

/* ---- a table split by blocks of lanes (an MPI run), simulated ----
 * Each block is a table of its lanes and halo, filled from the whole
 * (corrupted) table, checked on its own thread; the reduction is done by
 * the threads between two barriers.  The blocks' reports, absorbed in
 * order, must be the whole table's report: counts, kept mismatches (in
 * order), findings. */


#define SIM_MAX_PARTS 4

typedef struct {
    pthread_barrier_t bar;
    int parts;
    int64_t *arrays[SIM_MAX_PARTS];
} sim_comm;

typedef struct {
    sim_comm *comm;
    int part;
    value_table t;
    claim_report r;
    const claim_def *c;
} sim_part;

static void sim_reduce(void *arg, int64_t *v, size_t n, reduce_op op)
{
    sim_part *p = arg;
    sim_comm *c = p->comm;
    c->arrays[p->part] = v;
    pthread_barrier_wait(&c->bar);
    int64_t *out = malloc((n ? n : 1) * sizeof *out);
    for (size_t i = 0; i < n; i++) {
        int64_t x = c->arrays[0][i];
        for (int q = 1; q < c->parts; q++) {
            int64_t y = c->arrays[q][i];
            x = op == REDUCE_SUM ? x + y : op == REDUCE_MIN ? (y < x ? y : x) : (y > x ? y : x);
        }
        out[i] = x;
    }
    /* Everyone has read every array before anyone writes its own. */
    pthread_barrier_wait(&c->bar);
    memcpy(v, out, n * sizeof *out);
    free(out);
}

/* Block `part` of `parts` of the whole table's lanes, halo 1, its values
 * and flags copied from the whole table. */
static void make_block(sim_part *p, const value_table *whole, int part, int parts)
{
    char err[256];
    int lanes = whole->win.lanes, base = lanes / parts, extra = lanes % parts;
    int lo = part * base + (part < extra ? part : extra), hi = lo + base + (part < extra ? 1 : 0);
    table_opts o = whole->opts;
    o.own_lo = lo;
    o.own_hi = hi;
    o.halo = 1;
    assert_int_equal(table_create(&p->t, whole->game, &o, err, sizeof err), 0);
    p->t.threads = 1;
    int held = p->t.store.lanes;
    for (uint64_t r = 0; r < SHAPE(whole)->count; r++)
        for (int j = 0; j < held; j++) {
            int l = p->t.lo + j;
            p->t.wide[r * (uint64_t)held + (uint64_t)j] = whole->wide[r * (uint64_t)lanes + (uint64_t)l];
            if (table_taker_index(&p->t, j) >= 0)
                table_set_last_mover(&p->t, r, l, table_last_mover(whole, r, l));
        }
    p->part = part;
    p->t.split = (lane_split){.part = part, .parts = parts, .reduce = sim_reduce, .arg = p};
}

static void *sim_check(void *arg)
{
    sim_part *p = arg;
    claim_report_init(&p->r, p->c, &p->t);
    p->c->check(&p->t, &p->r);
    claim_report_settle(&p->r);
    /* A block reports a mismatch at N only where it holds N, so that it can
     * write the witness (an optimal line at that N). */
    for (int i = 0; i < p->r.nkept; i++)
        if (p->r.kept[i].has_lane && !table_holds(&p->t, table_lane_of(&p->t, p->r.kept[i].M)))
            fail_msg("%s: block %d reports N = %d/2, a lane it does not hold", p->c->id, p->part,
                     p->r.kept[i].M);
    return NULL;
}

static void assert_same_report(const claim_def *c, const claim_report *a, const claim_report *b)
{
    for (int p = 0; p < a->nparts; p++)
        if (a->cases[p] != b->cases[p] || a->mismatches[p] != b->mismatches[p])
            fail_msg("%s part %d: whole %llu cases %llu mismatches, split %llu %llu", c->id, p,
                     (unsigned long long)a->cases[p], (unsigned long long)a->mismatches[p],
                     (unsigned long long)b->cases[p], (unsigned long long)b->mismatches[p]);
    assert_int_equal(a->nkept, b->nkept);
    for (int i = 0; i < a->nkept; i++) {
        const claim_mismatch *x = &a->kept[i], *y = &b->kept[i];
        if (x->rank != y->rank || x->M != y->M || x->part != y->part || x->has_lane != y->has_lane ||
            strcmp(x->expected, y->expected) != 0 || strcmp(x->actual, y->actual) != 0)
            fail_msg("%s: kept mismatch %d differs", c->id, i);
    }
    assert_int_equal(a->nfindings, b->nfindings);
    for (int i = 0; i < a->nfindings; i++) {
        assert_string_equal(a->findings[i].key, b->findings[i].key);
        assert_string_equal(a->findings[i].value, b->findings[i].value);
    }
}

/* The claim on `parts` blocks of t, merged, against the whole table. */
static claim_status split_matches_whole(const claim_def *c, const value_table *t, int parts)
{
    claim_report whole;
    claim_status s = run_one(c, t, &whole);
    claim_report_settle(&whole);
    sim_comm comm = {.parts = parts};
    pthread_barrier_init(&comm.bar, NULL, (unsigned)parts);
    sim_part p[SIM_MAX_PARTS];
    pthread_t th[SIM_MAX_PARTS];
    for (int q = 0; q < parts; q++) {
        memset(&p[q], 0, sizeof p[q]);
        make_block(&p[q], t, q, parts);
        p[q].comm = &comm;
        p[q].c = c;
    }
    for (int q = 0; q < parts; q++)
        assert_int_equal(pthread_create(&th[q], NULL, sim_check, &p[q]), 0);
    for (int q = 0; q < parts; q++)
        pthread_join(th[q], NULL);
    claim_report merged;
    claim_report_init(&merged, c, t);
    for (int q = 0; q < parts; q++) {
        claim_report_absorb(&merged, &p[q].r);
        claim_report_free(&p[q].r);
        table_free(&p[q].t);
    }
    claim_report_settle(&merged);
    assert_same_report(c, &whole, &merged);
    assert_int_equal(claim_verdict(&merged), s);
    claim_report_free(&merged);
    claim_report_free(&whole);
    pthread_barrier_destroy(&comm.bar);
    return s;
}

/* Every Scoring Nim claim holds on the exact table and fails where the
 * table contradicts it, as one whole table and split over 2 and 3 blocks
 * of lanes (with the same report). */
static void test_every_claim_holds_then_fails_when_contradicted(void **state)
{
    (void)state;
    value_table t;
    /* Four piles up to 10 hold every claim's domain, (10,8,1) and (5,4,3). */
    make_table(&t, 4, 10, 0);
    size_t bytes = SHAPE(&t)->count * (size_t)t.win.lanes * sizeof *t.wide;
    int16_t *exact = malloc(bytes);
    memcpy(exact, t.wide, bytes);
    /* Remark 6.5's symmetric part, broken at one N of (7,6,1): its
     * mismatch is reported by the block that holds that N. */
    extern const claim_def claim_os_remark65;
    bump(&t, (int[]){7, 6, 1}, 3, 10, 2);
    assert_int_equal(split_matches_whole(&claim_os_remark65, &t, 3), CLAIM_FAILS);
    memcpy(t.wide, exact, bytes);
    for (int i = 0; claim_registry[i]; i++) {
        const claim_def *c = claim_registry[i];
        /* Every claim is some test's: a claim that reads a table is fed a
         * wrong one here (its corruption below); a claim that computes
         * its own games, by the test its paper's registry line names
         * (claim_paper.test: Stewart's families tests/test_stewart.c,
         * Huibers' tests/test_huibers.c, ...; tests/layout_test.sh checks
         * that each exists). */
        /* A table claim about another game: on a table of that game, where
         * it must hold; its paper's test feeds it a wrong statement. */
        if (c->check && strcmp(c->game, t.game->name) != 0) {
            if (run_on_its_game(c) != CLAIM_HOLDS)
                fail_msg("%s does not hold on a table of %s", c->id, c->game);
        }
        if (!c->check || strcmp(c->game, t.game->name) != 0) {
            const claim_paper *paper = claim_paper_of(c->id);
            if (!paper || !paper->test)
                fail_msg("%s computes its own games, and its paper's registry line names no test that feeds it a "
                         "wrong statement",
                         c->id);
            continue;
        }
        claim_report r;
        corruption corrupt = NULL;
        if (!corruption_for(c->id, &corrupt))
            fail_msg("%s has no failing test: add a corruption for it here", c->id);
        claim_status exact_status = run_one(c, &t, &r);
        claim_report_free(&r);
        for (int parts = 2; parts <= 3; parts++)
            split_matches_whole(c, &t, parts);
        if (!corrupt) {
            if (exact_status != CLAIM_FAILS)
                fail_msg("%s is listed as failing on the exact table, and does not", c->id);
            continue;
        }
        if (exact_status != CLAIM_HOLDS)
            fail_msg("%s does not hold on the exact table", c->id);
        if (corrupt == reads_no_value)
            continue;
        corrupt(&t);
        if (run_one(c, &t, &r) != CLAIM_FAILS)
            fail_msg("%s does not fail when the table contradicts it", c->id);
        split_matches_whole(c, &t, 3);
        assert_true(r.nkept > 0);
        claim_report_free(&r);
        memcpy(t.wide, exact, bytes);
    }
    free(exact);
    nim_free(&t);
}

/* The last-stone part of Proposition 3.1 fails when the flags disagree
 * with the slope: one flag of (3,2,1) at N = 1/2 flipped. */
/* The two-pile counts of one pass (nim_pairs) against counting every
 * child's row (VIEW_COUNTS), at every lane, for every pair of 2- and
 * 3-slot tables, in rank order; and on a table with a corrupted cell,
 * where a move becomes optimal or stops being so. */
static void pairs_match_views(const value_table *t)
{
    nim_pairs *q = nim_pairs_open(t);
    uint64_t rank, seen = 0;
    int64_t last = -1;
    int x, y;
    const int32_t *row;
    const uint16_t *counts;
    while (nim_pairs_next(q, &rank, &x, &y, &row, &counts)) {
        assert_true((int64_t)rank > last);
        last = (int64_t)rank;
        assert_int_equal(nim_rank(t, (int[]){x, y}, 2), (int64_t)rank);
        nim_moves_view *v = nim_moves_open(t, rank, VIEW_COUNTS);
        for (int l = t->lo; l < t->lo + t->store.lanes; l++)
            if (counts[l] != nim_moves_count(v, l))
                fail_msg("(%d,%d) at lane %d: %d optimal moves counted in one pass, %d child by child", x, y, l,
                         counts[l], nim_moves_count(v, l));
        nim_moves_close(v);
        seen++;
    }
    nim_pairs_close(q);
    int b = nim_shape(t)->bound;
    assert_int_equal(seen, (uint64_t)(b + 1) * (uint64_t)(b + 2) / 2);
}

static void test_two_pile_counts_match_child_by_child(void **state)
{
    (void)state;
    value_table t;
    make_table(&t, 2, 12, 1);
    pairs_match_views(&t);
    /* A tie made and a tie broken: (5,3) at N = 1 raised to what a move
     * gives, (4,4) lowered. */
    *cell(&t, (int[]){5, 3}, 2, 2) += 2;
    *cell(&t, (int[]){4, 4}, 2, 0) -= 1;
    pairs_match_views(&t);
    nim_free(&t);
    make_table(&t, 3, 7, 2);
    pairs_match_views(&t);
    nim_free(&t);
}

/* os/cor-3.2 counts a packed table's pairs without decoding its rows (a
 * packed step is +-1 by construction): the same cases as the wide table
 * of the same game, where every pair is compared. */
static void test_cor32_counts_packed_pairs_as_compared(void **state)
{
    (void)state;
    value_table wide, packed;
    make_table(&wide, 3, 6, 1);
    char err[256];
    table_opts o = {.win = scoring_nim_window(3, 6), .format = FORMAT_PACKED, .kernel = KERNEL_FAST};
    assert_int_equal(nim_create(&packed, 3, 6, 2, &o, err, sizeof err), 0);
    pinning pin;
    assert_int_equal(pinning_open(&pin, 1, err, sizeof err), 0);
    table_sweep(&packed, &pin);
    pinning_close(&pin);
    const claim_def *c = claim_find("os/cor-3.2");
    claim_report a, b;
    assert_int_equal(run_one(c, &wide, &a), CLAIM_HOLDS);
    assert_int_equal(run_one(c, &packed, &b), CLAIM_HOLDS);
    assert_true(a.cases[0] > 0);
    assert_int_equal(a.cases[0], b.cases[0]);
    claim_report_free(&a);
    claim_report_free(&b);
    nim_free(&wide);
    nim_free(&packed);
}

/* os/prop-5.5 reads where each regime's line breaks from a packed table's
 * step bits, and from decoded values on a wide one: the same report, on
 * the true tables and with one step flipped near each edge (the values
 * beyond it moved by 2 in the wide table alike). */
static void make_packed_as(value_table *t, int piles, int bound, bool takers)
{
    char err[256];
    table_opts o = {.win = scoring_nim_window(piles, bound), .format = FORMAT_PACKED, .kernel = KERNEL_FAST,
                    .last_mover = takers};
    assert_int_equal(nim_create(t, piles, bound, 2, &o, err, sizeof err), 0);
    pinning pin;
    assert_int_equal(pinning_open(&pin, 1, err, sizeof err), 0);
    table_sweep(t, &pin);
    pinning_close(&pin);
}

static void make_packed(value_table *t, int piles, int bound)
{
    make_packed_as(t, piles, bound, false);
}

static void flip_step(value_table *packed, value_table *wide, uint64_t rank, int step)
{
    uint64_t *w = &packed->steps[rank * (uint64_t)packed->words + (uint64_t)(step >> 6)];
    bool was_up = (*w >> (step & 63)) & 1;
    *w ^= 1ull << (step & 63);
    for (int l = step + 1; l < wide->win.lanes; l++)
        wide->wide[rank * (uint64_t)wide->win.lanes + (uint64_t)l] += was_up ? -2 : 2;
}

static void assert_same_reports(const claim_def *c, value_table *a, value_table *b)
{
    claim_report x, y;
    assert_int_equal(run_one(c, a, &x), run_one(c, b, &y));
    for (int p = 0; p < x.nparts; p++) {
        assert_int_equal(x.cases[p], y.cases[p]);
        assert_int_equal(x.mismatches[p], y.mismatches[p]);
    }
    assert_int_equal(x.nkept, y.nkept);
    for (int i = 0; i < x.nkept; i++) {
        assert_int_equal(x.kept[i].rank, y.kept[i].rank);
        assert_int_equal(x.kept[i].M, y.kept[i].M);
        assert_string_equal(x.kept[i].actual, y.kept[i].actual);
    }
    claim_report_free(&x);
    claim_report_free(&y);
}

static void test_prop55_from_step_bits_as_from_values(void **state)
{
    (void)state;
    value_table packed, wide;
    make_packed(&packed, 3, 6);
    make_table(&wide, 3, 6, 1);
    const claim_def *c = claim_find("os/prop-5.5");
    assert_same_reports(c, &packed, &wide);
    int lanes = packed.win.lanes;
    uint64_t r = (uint64_t)ms_rank_of(SHAPE(&packed), (int[]){3, 2, 1}, 3);
    flip_step(&packed, &wide, r, lanes - 6);
    flip_step(&packed, &wide, r + 1, 4);
    flip_step(&packed, &wide, r + 2, lanes / 2);
    claim_report x;
    assert_int_equal(run_one(c, &packed, &x), CLAIM_FAILS);
    claim_report_free(&x);
    assert_same_reports(c, &packed, &wide);
    nim_free(&packed);
    nim_free(&wide);
}

/* os/prop-3.1 reads a packed row's step bits and decodes only a row that
 * does not pass so: the same report as from a wide table's values, on
 * the true tables and with a step flipped (a kink: (i) and (iii) fail
 * around it, (ii) beyond it), a row's values all moved by 1 ((ii) alone)
 * and a last-stone flag turned ((iii)'s last half alone), each at the
 * edges of the window and inside it. */
static void test_prop31_from_step_bits_as_from_values(void **state)
{
    (void)state;
    value_table packed, wide;
    make_packed_as(&packed, 3, 6, true);
    make_table(&wide, 3, 6, 1);
    const claim_def *c = claim_find("os/prop-3.1");
    assert_same_reports(c, &packed, &wide);
    int lanes = packed.win.lanes;
    uint64_t r = (uint64_t)ms_rank_of(SHAPE(&packed), (int[]){3, 2, 1}, 3);
    flip_step(&packed, &wide, r, 0);
    flip_step(&packed, &wide, r + 1, lanes / 2);
    flip_step(&packed, &wide, r + 2, lanes - 2);
    flip_step(&packed, &wide, r + 3, 70);
    claim_report x;
    assert_int_equal(run_one(c, &packed, &x), CLAIM_FAILS);
    claim_report_free(&x);
    assert_same_reports(c, &packed, &wide);
    packed.base[r + 4] += 2;
    for (int l = 0; l < lanes; l++)
        wide.wide[(r + 4) * (uint64_t)lanes + (uint64_t)l] += 2;
    assert_same_reports(c, &packed, &wide);
    for (int l = 1; l < lanes; l += lanes / 3) {
        int lane = (table_lane_M(&packed, l) & 1) ? l : l + 1;
        table_set_last_mover(&packed, r + 5, lane, table_last_mover(&packed, r + 5, lane) ^ 3);
        table_set_last_mover(&wide, r + 5, lane, table_last_mover(&wide, r + 5, lane) ^ 3);
    }
    assert_same_reports(c, &packed, &wide);
    /* A row whose only fault is the first last-stone bit of a word of 32
     * half-integer lanes (the first such lane, and the first of the second
     * word), alone: the packed path must not pass it. */
    for (int k = 0; k < 2; k++) {
        int lane = 1 + 64 * k;
        if (!(table_lane_M(&packed, lane) & 1))
            lane++;
        if (lane >= lanes - 1)
            continue;
        table_set_last_mover(&packed, r + 6 + k, lane, table_last_mover(&packed, r + 6 + k, lane) ^ 3);
        table_set_last_mover(&wide, r + 6 + k, lane, table_last_mover(&wide, r + 6 + k, lane) ^ 3);
    }
    assert_same_reports(c, &packed, &wide);
    assert_int_equal(run_one(c, &packed, &x), CLAIM_FAILS);
    assert_true(x.mismatches[0] > 0 && x.mismatches[1] > 0 && x.mismatches[2] > 0 && x.mismatches[3] > 0);
    claim_report_free(&x);
    nim_free(&packed);
    nim_free(&wide);
}

static void test_prop31_fails_on_a_wrong_taker(void **state)
{
    (void)state;
    value_table t;
    make_table(&t, 3, 5, 0);
    const claim_def *c = claim_find("os/prop-3.1");
    claim_report r;
    assert_int_equal(run_one(c, &t, &r), CLAIM_HOLDS);
    claim_report_free(&r);
    uint64_t rank = (uint64_t)ms_rank_of(SHAPE(&t), (int[]){3, 2, 1}, 3);
    int lane = table_lane_of(&t, 1);
    table_set_last_mover(&t, rank, lane, table_last_mover(&t, rank, lane) ^ 3);
    assert_int_equal(run_one(c, &t, &r), CLAIM_FAILS);
    assert_int_equal(r.mismatches[3], 1);
    assert_int_equal(r.mismatches[0] + r.mismatches[1] + r.mismatches[2], 0);
    claim_report_free(&r);
    nim_free(&t);
}

/* The last-stone part of Proposition 3.1 when optimal lines disagree on
 * the last stone (both flags set): a slope of -1 (or +1) is then taken by
 * no single player, and the part fails there, once, whatever the slope. */
static void test_prop31_fails_when_optimal_lines_disagree(void **state)
{
    (void)state;
    value_table t;
    make_table(&t, 3, 5, 0);
    const claim_def *c = claim_find("os/prop-3.1");
    const int p[] = {3, 2, 1};
    uint64_t rank = (uint64_t)ms_rank_of(SHAPE(&t), p, 3);
    for (int slope = -2; slope <= 2; slope += 4) {
        /* The first half-integer N of (3,2,1) where 2f steps by `slope`. */
        int lane = -1;
        for (int M = table_lane_M(&t, 1); M < table_lane_M(&t, t.win.lanes - 1) && lane < 0; M++)
            if ((M & 1) && *cell(&t, p, 3, M + 1) - *cell(&t, p, 3, M - 1) == slope)
                lane = table_lane_of(&t, M);
        assert_true(lane > 0);
        int was = table_last_mover(&t, rank, lane);
        table_set_last_mover(&t, rank, lane, LAST_BOTH);
        claim_report r;
        assert_int_equal(run_one(c, &t, &r), CLAIM_FAILS);
        assert_int_equal(r.mismatches[3], 1);
        assert_int_equal(r.mismatches[0] + r.mismatches[1] + r.mismatches[2], 0);
        assert_int_equal(r.nkept, 1);
        assert_int_equal(r.kept[0].M, table_lane_M(&t, lane));
        assert_string_equal(r.kept[0].actual, "optimal lines disagree on the last stone");
        claim_report_free(&r);
        table_set_last_mover(&t, rank, lane, was);
    }
    nim_free(&t);
}

/* Proposition 5.5's stated ranges end exactly where the paper puts them:
 * (i) from N = |p| - 2, (ii) up to N = -|p|.  A wrong value at the end of
 * a range is its one mismatch; one just outside is none of its business
 * (it moves the observed threshold only). */
static void test_prop55_ranges_end_where_stated(void **state)
{
    (void)state;
    value_table t;
    make_table(&t, 3, 5, 0);
    const claim_def *c = claim_find("os/prop-5.5");
    const int p[] = {3, 2, 1};
    const int total = 6;
    claim_report r;
    assert_int_equal(run_one(c, &t, &r), CLAIM_HOLDS);
    claim_report_free(&r);
    const struct {
        int part, M, mismatches;
    } cases[] = {
        {0, 2 * (total - 2), 1}, {0, 2 * (total - 3), 0}, {1, -2 * total, 1}, {1, -2 * total + 2, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        bump(&t, p, 3, cases[i].M, 2);
        assert_int_equal(run_one(c, &t, &r), cases[i].mismatches ? CLAIM_FAILS : CLAIM_HOLDS);
        assert_int_equal(r.mismatches[cases[i].part], (uint64_t)cases[i].mismatches);
        assert_int_equal(r.mismatches[1 - cases[i].part], 0);
        if (cases[i].mismatches)
            assert_int_equal(r.kept[0].M, cases[i].M);
        claim_report_free(&r);
        bump(&t, p, 3, cases[i].M, -2);
    }
    nim_free(&t);
}

/* Proposition 5.5's finding names the first position, by rank, that
 * attains the tightest threshold: at 3 piles and bound 5 the line of (i)
 * holds from N = |p| - 3 everywhere, first tight at (2) (later ones, (2,1)
 * among them, attain it too); the line of (ii) up to N = -|p| + 1, first
 * tight at (2). */
static void test_prop55_names_the_first_tight_position(void **state)
{
    (void)state;
    value_table t;
    make_table(&t, 3, 5, 0);
    claim_report r;
    assert_int_equal(run_one(claim_find("os/prop-5.5"), &t, &r), CLAIM_HOLDS);
    assert_int_equal(r.nfindings, 2);
    assert_string_equal(r.findings[0].key, "tightest threshold (i)");
    assert_string_equal(r.findings[0].value, "N >= |p| + (-3) holds on the whole sweep; first attained at (2)");
    assert_string_equal(r.findings[1].key, "tightest threshold (ii)");
    assert_string_equal(r.findings[1].value, "N <= -|p| + (1) holds on the whole sweep; first attained at (2)");
    claim_report_free(&r);
    nim_free(&t);
}

/* os/c-plus-minus checks each constant the paper states against both
 * computations, the table's and the constrained game's: a table whose
 * c+(3,2,1) is off (its value at the window top bumped) fails the
 * comparison of the two computations, the worked value c+(3,2,1) = 2 and
 * equation (5) at k = 1, once each, though the constrained game still
 * gives the stated value. */
static void test_cpm_stated_constant_needs_both_computations(void **state)
{
    (void)state;
    value_table t;
    make_table(&t, 3, 5, 0);
    const claim_def *c = claim_find("os/c-plus-minus");
    bump(&t, (int[]){3, 2, 1}, 3, nim_mmax(&t), 2);
    claim_report r;
    assert_int_equal(run_one(c, &t, &r), CLAIM_FAILS);
    assert_int_equal(r.nparts, 5);
    assert_int_equal(r.mismatches[0], 1); /* c+ of the game against the table's */
    assert_int_equal(r.mismatches[1], 0);
    assert_int_equal(r.mismatches[2], 1); /* the worked c+(3,2,1) = 2 */
    assert_int_equal(r.mismatches[3], 1); /* equation (5), k = 1 */
    assert_int_equal(r.mismatches[4], 0);
    claim_report_free(&r);
    nim_free(&t);
}

/* Corollary 6.4 (i) at the ends of its ranges: f(2k+1,2k,1) = 2 on J_k up
 * to |N| = 2k-2 itself, f <= -1 from |N| = 2k+1 itself.  A value off at
 * one such N is its one mismatch there. */
static void test_cor64_i_at_the_ends_of_its_ranges(void **state)
{
    (void)state;
    value_table t;
    make_table(&t, 3, 5, 0);
    const claim_def *c = claim_find("os/cor-6.4");
    claim_report r;
    assert_int_equal(run_one(c, &t, &r), CLAIM_HOLDS);
    claim_report_free(&r);
    const struct {
        int p[3], M, by, part;
        const char *expected;
    } cases[] = {
        /* k = 1: J_1 = {0}; k = 2: J_2 ends at N = +-2 (f = 2 there, made 1). */
        {{3, 2, 1}, 0, -2, 0, "= 2 (N in J_k)"},
        {{5, 4, 1}, 4, -2, 0, "= 2 (N in J_k)"},
        {{5, 4, 1}, -4, -2, 0, "= 2 (N in J_k)"},
        /* k = 1: f(3,2,1) <= -1 from |N| = 3, made 0 there. */
        {{3, 2, 1}, 6, 0, 2, "<= -1"},
        {{3, 2, 1}, -6, 0, 2, "<= -1"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int16_t *v = cell(&t, cases[i].p, 3, cases[i].M), was = *v;
        *v = cases[i].by ? (int16_t)(was + cases[i].by) : 0;
        assert_true(*v > -2 && *v <= 4);
        assert_int_equal(run_one(c, &t, &r), CLAIM_FAILS);
        assert_int_equal(r.mismatches[cases[i].part], 1);
        bool seen = false;
        for (int j = 0; j < r.nkept; j++)
            seen = seen || (r.kept[j].part == cases[i].part && r.kept[j].M == cases[i].M &&
                            strcmp(r.kept[j].expected, cases[i].expected) == 0);
        assert_true(seen);
        claim_report_free(&r);
        *v = was;
    }
    nim_free(&t);
}

/* The (10,8,1) tallies are checked at every N of their ranges, by halves,
 * both ends included: 6 <= N <= 8 (five points) and N >= 8 up to the
 * window top. */
static void test_tallies_cover_their_ranges(void **state)
{
    (void)state;
    value_table t;
    make_table(&t, 3, 10, 0);
    claim_report r;
    assert_int_equal(run_one(claim_find("os/tallies-10-8-1"), &t, &r), CLAIM_HOLDS);
    assert_int_equal(r.cases[0], 5);
    assert_int_equal(r.cases[1], (uint64_t)(nim_mmax(&t) - 16 + 1));
    claim_report_free(&r);
    nim_free(&t);
}

/* The finding of os/prop-4.2-strategy counts every (position, N) point of
 * (x,x) where taking a whole pile is not the only optimal move, that is,
 * where there are two optimal moves or more. */
static void test_prop42_strategy_counts_every_other_optimal_move(void **state)
{
    (void)state;
    value_table t;
    make_table(&t, 3, 5, 0);
    claim_report r;
    assert_int_equal(run_one(claim_find("os/prop-4.2-strategy"), &t, &r), CLAIM_HOLDS);
    unsigned long long points = 0, two = 0;
    nim_pos pos;
    nim_pos_first(&t, &pos);
    do {
        if (pos.n != 2 || pos.p[0] != pos.p[1] || pos.p[1] < 2)
            continue;
        nim_moves_view *view = nim_moves_open(&t, pos.rank, VIEW_COUNTS);
        for (int l = 0; l < t.win.lanes; l++) {
            points += nim_moves_count(view, l) >= 2;
            two += nim_moves_count(view, l) == 2;
        }
        nim_moves_close(view);
    } while (nim_pos_next(&t, &pos));
    /* Some points have exactly two. */
    assert_true(two > 0);
    unsigned long long said = 0;
    assert_int_equal(r.nfindings, 1);
    assert_string_equal(r.findings[0].key, "(x,x): other optimal moves");
    assert_int_equal(sscanf(r.findings[0].value, "at %llu of", &said), 1);
    assert_int_equal(said, points);
    claim_report_free(&r);
    nim_free(&t);
}

/* A flat stretch of f around N = 1/2 (f(0) = f(1/2) = f(1)): the
 * midpoint rule still holds there, so only the slope part of (iii) can
 * see it, and it must, at that N (a slope of 0 is neither +1 nor -1). */
static void test_prop31_fails_on_a_flat_slope(void **state)
{
    (void)state;
    value_table t;
    make_table(&t, 3, 5, 0);
    const claim_def *c = claim_find("os/prop-3.1");
    const int p[] = {3, 2, 1};
    int16_t f0 = *cell(&t, p, 3, 0);
    *cell(&t, p, 3, 1) = f0;
    *cell(&t, p, 3, 2) = f0;
    claim_report r;
    assert_int_equal(run_one(c, &t, &r), CLAIM_FAILS);
    uint64_t rank = (uint64_t)ms_rank_of(SHAPE(&t), p, 3);
    bool flat = false;
    for (int i = 0; i < r.nkept; i++)
        flat = flat || (r.kept[i].part == 2 && r.kept[i].rank == rank && r.kept[i].M == 1 &&
                        strcmp(r.kept[i].actual, "slope 0/2") == 0);
    assert_true(flat);
    claim_report_free(&r);
    nim_free(&t);
}

/* ---- verdicts from the parts' counts (claim.h) ---- */

/* A claim of readings HOLDS when any reading holds, the last one
 * included (the report names it); a claim with no parts has nothing
 * checked and is EMPTY, never HOLDS. */
static void test_verdict_of_readings_and_of_no_parts(void **state)
{
    (void)state;
    static const claim_def readings = {
        .id = "test/readings", .game = "scoring-nim", .source = "test", .statement = "one of two readings",
        .domain = "none", .parts = {"first reading", "second reading"}, .readings = true,
    };
    claim_report r;
    assert_int_equal(claim_report_init(&r, &readings, NULL), 0);
    claim_cases(&r, 0, 2);
    claim_mismatch_count(&r, 0);
    claim_cases(&r, 1, 2);
    assert_int_equal(claim_part_status(&r, 0), CLAIM_FAILS);
    assert_int_equal(claim_part_status(&r, 1), CLAIM_HOLDS);
    assert_int_equal(claim_reading_that_holds(&r), 1);
    assert_int_equal(claim_verdict(&r), CLAIM_HOLDS);
    claim_report_free(&r);
    /* Neither holds: the failing one decides. */
    assert_int_equal(claim_report_init(&r, &readings, NULL), 0);
    claim_cases(&r, 0, 2);
    claim_mismatch_count(&r, 0);
    assert_int_equal(claim_reading_that_holds(&r), -1);
    assert_int_equal(claim_verdict(&r), CLAIM_FAILS);
    claim_report_free(&r);

    static const claim_def no_parts = {
        .id = "test/no-parts", .game = "scoring-nim", .source = "test", .statement = "nothing", .domain = "none",
    };
    assert_int_equal(claim_report_init(&r, &no_parts, NULL), 0);
    assert_int_equal(r.nparts, 0);
    assert_int_equal(claim_verdict(&r), CLAIM_EMPTY);
    claim_report_free(&r);
}

/* Every registered claim's list of parts ends within CLAIM_MAX_PARTS (a
 * list that filled the array would have no end, and its last part would
 * count in another's place). */
static void test_every_claim_has_room_for_its_parts(void **state)
{
    (void)state;
    for (int i = 0; claim_registry[i]; i++) {
        const claim_def *c = claim_registry[i];
        if (c->parts[CLAIM_MAX_PARTS] != NULL)
            fail_msg("%s has more than %d parts", c->id, CLAIM_MAX_PARTS);
        claim_report r;
        assert_int_equal(claim_report_init(&r, c, NULL), 0);
        int n = 0;
        while (c->parts[n])
            n++;
        assert_int_equal(r.nparts, n);
        claim_report_free(&r);
    }
}

/* A part with a single difference not refuted (explained by the text's
 * damage, or undecided) is GARBLED, never HOLDS, and so is its claim;
 * a mismatch beside it FAILS; with none it HOLDS. */
static void test_one_difference_not_refuted_is_garbled(void **state)
{
    (void)state;
    static const claim_def table = {
        .id = "test/table", .game = "scoring-nim", .source = "test", .statement = "a printed table",
        .domain = "none", .parts = {"cells as printed"},
    };
    for (int kind = 0; kind < 2; kind++) {
        claim_report r;
        assert_int_equal(claim_report_init(&r, &table, NULL), 0);
        claim_cases(&r, 0, 10);
        assert_int_equal(claim_verdict(&r), CLAIM_HOLDS);
        claim_not_refuted(&r, 0, kind == 0, kind == 1);
        assert_int_equal(claim_part_status(&r, 0), CLAIM_GARBLED);
        assert_int_equal(claim_verdict(&r), CLAIM_GARBLED);
        claim_mismatch_count(&r, 0);
        assert_int_equal(claim_verdict(&r), CLAIM_FAILS);
        claim_report_free(&r);
    }
}

/* A claim without a table keeps the first `keep` mismatches in full
 * (--max-mismatches N): once it has them, claim_keeps_mismatch says a new
 * one is only counted, and a check that asks (hr/...) builds no texts for
 * it and keeps no more. */
static void test_keeps_mismatch_up_to_keep(void **state)
{
    (void)state;
    static const claim_def c = {
        .id = "test/keep", .game = "scoring-nim", .source = "test", .statement = "none", .domain = "none",
        .parts = {"all"},
    };
    claim_report r;
    assert_int_equal(claim_report_init(&r, &c, NULL), 0);
    claim_report_keep(&r, 2);
    for (int i = 0; i < 5; i++) {
        if (claim_keeps_mismatch(&r))
            claim_mismatch_at(&r, 0, "somewhere", "x", "y", "");
        else
            claim_mismatch_count(&r, 0);
        assert_int_equal(claim_keeps_mismatch(&r), i + 1 < 2);
    }
    assert_int_equal(r.mismatches[0], 5);
    assert_int_equal(r.nkept, 2);
    claim_report_free(&r);
}

/* The claims count optimal moves (strict readings, the (x,x) finding), so
 * Scoring Nim's move list names each child once: equal piles give the
 * same children, the two smallest included. */
static void test_moves_list_each_child_once(void **state)
{
    (void)state;
    value_table t;
    make_table(&t, 3, 5, 0);
    static const struct {
        int asc[3], moves;
    } cases[] = {
        {{2, 2, 2}, 2}, {{1, 1, 2}, 3}, {{0, 3, 3}, 3}, {{1, 1, 1}, 1}, {{1, 2, 3}, 6}, {{2, 2, 5}, 7},
    };
    game_move *moves = malloc((size_t)t.game->max_moves * sizeof *moves);
    assert_non_null(moves);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int k = scoring_nim_moves(nim_game(&t), cases[i].asc, moves);
        assert_int_equal(k, cases[i].moves);
        for (int a = 0; a < k; a++)
            for (int b = a + 1; b < k; b++)
                assert_true(moves[a].child != moves[b].child);
    }
    free(moves);
    nim_free(&t);
}

/* ---- byte-identical output whatever the thread count ---- */

static char *slurp(const char *dir, const char *name)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = calloc((size_t)n + 1, 1);
    assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    return buf;
}

static char *summary_without_run(const char *dir)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/summary.json", dir);
    json_error_t e;
    json_t *root = json_load_file(path, 0, &e);
    assert_non_null(root);
    assert_non_null(json_object_get(root, "run"));
    json_object_del(root, "run");
    char *s = json_dumps(root, JSON_SORT_KEYS | JSON_COMPACT);
    json_decref(root);
    return s;
}

static void write_run(const char *dir, int threads)
{
    value_table t;
    char err[256];
    table_opts o = {.win = scoring_nim_window(4, 8), .format = FORMAT_PACKED, .kernel = KERNEL_FAST,
                    .last_mover = true};
    assert_int_equal(nim_create(&t, 4, 8, 2, &o, err, sizeof err), 0);
    pinning pin;
    assert_int_equal(pinning_open(&pin, threads, err, sizeof err), 0);
    table_sweep(&t, &pin);
    const claim_def *claims[3] = {&wrong_claim, claim_find("os/prop-3.1"), claim_find("os/examples")};
    claim_report reports[3];
    for (int i = 0; i < 3; i++)
        assert_int_equal(claim_report_init(&reports[i], claims[i], &t), 0);
    run_claims(&t, NULL, claims, 0, 3, reports, NULL);
    results_run run = {.piles = 4, .bound = 8, .game = game_find("scoring-nim"), .claims_pattern = "test",
                       .claims = claims, .reports = reports,
                       .nclaims = 3, .table = &t, .pin = &pin};
    results_place place;
    assert_int_equal(results_prepare(&place, dir, false, "unused", err, sizeof err), 0);
    assert_int_equal(results_write(&place, &run, NULL, err, sizeof err), 0);
    for (int i = 0; i < 3; i++)
        claim_report_free(&reports[i]);
    pinning_close(&pin);
    nim_free(&t);
}

static void test_results_identical_for_any_thread_count(void **state)
{
    (void)state;
    char base[] = "/tmp/sn-threads-XXXXXX", one[64], two[64];
    assert_non_null(mkdtemp(base));
    snprintf(one, sizeof one, "%s/one", base);
    snprintf(two, sizeof two, "%s/two", base);
    write_run(one, 1);
    write_run(two, 2);
    static const char *const files[] = {"mismatches.csv", "table.sha256"};
    for (int i = 0; i < 2; i++) {
        char *a = slurp(one, files[i]), *b = slurp(two, files[i]);
        assert_string_equal(a, b);
        free(a);
        free(b);
    }
    char *m = slurp(one, "mismatches.csv");
    assert_non_null(strstr(m, "\"test/wrong-4.1\",\"(x,1)\",\"(2,1)\""));
    free(m);
    char *a = summary_without_run(one), *b = summary_without_run(two);
    assert_string_equal(a, b);
    free(a);
    free(b);
    char cmd[200];
    snprintf(cmd, sizeof cmd, "rm -rf %s", base);
    assert_int_equal(system(cmd), 0);
}


/* os/pp-intersection reads no payoff: fed "only for k >= 2" it must fail,
 * first at (3,2,1). */
static bool wrong_pp(int x, int y)
{
    return y >= 4 && y % 2 == 0 && x == y + 1;
}

static void test_pp_intersection_fails_on_a_wrong_statement(void **state)
{
    (void)state;
    value_table t;
    make_table(&t, 3, 8, 0);
    claim_report r;
    claim_report_init(&r, &claim_os_pp_intersection, &t);
    os_check_pp_intersection(&t, &r, wrong_pp);
    assert_int_equal(claim_verdict(&r), CLAIM_FAILS);
    assert_true(r.nkept > 0);
    char *where = nim_pos_text(&t, r.kept[0].rank);
    assert_string_equal(where, "(3,2,1)");
    free(where);
    claim_report_free(&r);
    nim_free(&t);
}

/* check's estimate reads every claim's measured seconds: a claim added
 * without a measurement gets its paper's median (flagged in the estimate;
 * make records measures it), so every claim of a paper with a measured
 * claim has an estimate; a measurement of a claim that no longer exists
 * is caught here. */
static void test_every_claim_has_measured_seconds(void **state)
{
    (void)state;
    for (int i = 0; i < claim_registry_count(); i++) {
        const char *id = claim_registry[i]->id;
        if (claim_default_seconds(id) < 0 && claim_fallback_seconds(id) < 0)
            fail_msg("%s has no measured seconds in proofs/claim_seconds.tsv and no claim of its paper has "
                     "(make records measures them)",
                     id);
    }
    /* The fallback is the paper's median: an unknown st claim sits between
     * the least and the most of Stewart's measured claims. */
    double lo = -1, hi = -1;
    const claim_seconds_sweep *first = &CLAIM_SECONDS_SWEEPS[0];
    for (int j = 0; j < first->count; j++)
        if (strncmp(first->entries[j].id, "st/", 3) == 0) {
            double v = first->entries[j].seconds;
            lo = lo < 0 || v < lo ? v : lo;
            hi = v > hi ? v : hi;
        }
    double m = claim_fallback_seconds("st/no-such-claim");
    assert_true(lo >= 0 && m >= lo && m <= hi);
    assert_true(claim_fallback_seconds("zz/no-such-paper") < 0);
    for (int k = 0; k < CLAIM_SECONDS_SWEEP_COUNT; k++) {
        const claim_seconds_sweep *w = &CLAIM_SECONDS_SWEEPS[k];
        assert_true(w->cells > 0);
        for (int j = 0; j < w->count; j++) {
            const claim_def *c = claim_find(w->entries[j].id);
            if (!c)
                fail_msg("proofs/claim_seconds.tsv measures %s, which is not a claim", w->entries[j].id);
            /* The bench-size sweep measures the table claims it ran. */
            if (k > 0 && !c->check)
                fail_msg("proofs/claim_seconds.tsv measures %s on a second sweep: it reads no table", c->id);
        }
    }
}

/* The memory a two-pile certificate claim declares before the work
 * covers what it was measured to hold (84 MB at k = 40, piles 600), and
 * grows with --to and --max-take. */
static void test_two_pile_certificates_declare_their_memory(void **state)
{
    (void)state;
    const claim_def *c = claim_find("rn/prop-4.4");
    assert_non_null(c);
    assert_non_null(c->games_bytes);
    claim_sizes big = {.max_take = 40, .rows = 600}, small = {.max_take = 40, .rows = 300},
                fewer_k = {.max_take = 20, .rows = 600};
    assert_true(c->games_bytes(&big, 2) >= (uint64_t)84 * 1000 * 1000);
    assert_true(c->games_bytes(&small, 2) < c->games_bytes(&big, 2));
    assert_true(c->games_bytes(&fewer_k, 2) < c->games_bytes(&big, 2));
}

/* A table claim's estimate: its seconds on a sweep measured, scaled by
 * the cells on another of the same piles, from the nearest piles else. */
static void test_table_claim_estimate_scales_by_cells(void **state)
{
    (void)state;
    const claim_seconds_sweep *w = &CLAIM_SECONDS_SWEEPS[0];
    const char *id = "os/prop-3.1";
    double s = claim_default_seconds(id);
    assert_true(s >= 0);
    assert_true(claim_table_seconds(id, w->piles, w->bound, 12345) == s);
    double twice = claim_table_seconds(id, w->piles, w->bound + 1, 2 * w->cells);
    assert_true(twice > 1.999 * s && twice < 2.001 * s);
    assert_true(claim_table_seconds("os/no-such-claim", w->piles, w->bound, w->cells) < 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wrong_closed_form_fails_everywhere),
        cmocka_unit_test(test_table_claim_estimate_scales_by_cells),
        cmocka_unit_test(test_two_pile_certificates_declare_their_memory),
        cmocka_unit_test(test_subtly_wrong_form_fails_only_where_wrong),
        cmocka_unit_test(test_wrong_move_statement_fails),
        cmocka_unit_test(test_every_claim_holds_then_fails_when_contradicted),
        cmocka_unit_test(test_table_claim_runs_on_the_game_it_names),
        cmocka_unit_test(test_two_pile_counts_match_child_by_child),
        cmocka_unit_test(test_cor32_counts_packed_pairs_as_compared),
        cmocka_unit_test(test_prop55_from_step_bits_as_from_values),
        cmocka_unit_test(test_prop31_from_step_bits_as_from_values),
        cmocka_unit_test(test_prop31_fails_on_a_wrong_taker),
        cmocka_unit_test(test_prop31_fails_when_optimal_lines_disagree),
        cmocka_unit_test(test_prop55_ranges_end_where_stated),
        cmocka_unit_test(test_prop55_names_the_first_tight_position),
        cmocka_unit_test(test_cpm_stated_constant_needs_both_computations),
        cmocka_unit_test(test_cor64_i_at_the_ends_of_its_ranges),
        cmocka_unit_test(test_tallies_cover_their_ranges),
        cmocka_unit_test(test_prop42_strategy_counts_every_other_optimal_move),
        cmocka_unit_test(test_verdict_of_readings_and_of_no_parts),
        cmocka_unit_test(test_one_difference_not_refuted_is_garbled),
        cmocka_unit_test(test_every_claim_has_room_for_its_parts),
        cmocka_unit_test(test_keeps_mismatch_up_to_keep),
        cmocka_unit_test(test_moves_list_each_child_once),
        cmocka_unit_test(test_prop31_fails_on_a_flat_slope),
        cmocka_unit_test(test_pp_intersection_fails_on_a_wrong_statement),
        cmocka_unit_test(test_results_identical_for_any_thread_count),
        cmocka_unit_test(test_every_claim_has_measured_seconds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
