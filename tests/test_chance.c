/*
 * test_chance.c -- Holshouser and Reiter's game (chance-nim) and the
 * claims on their paper (hr/...).
 *
 * The game's values against a recursion written here from the paper's
 * rules alone: piles as a sorted list, a move a pile and a pair (x, x'),
 * each move's matrix game solved by support enumeration
 * (tests/matrix_brute.c), not by the engine's simplex nor its saddle-point
 * shortcut.  Every hr claim is fed a wrong statement (its twist) and every
 * part of it must fail; as printed, each gives the verdict recorded here.
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
#include <gmp.h>

#include "core/engine/pinning.h"
#include "core/engine/sweep.h"
#include "core/engine/table.h"
#include "core/games/registry.h"
#include "proofs/holshouser_reiter/hr_claims.h"
#include "proofs/holshouser_reiter/hr_value_rule.h"
#include "tests/matrix_brute.h"

/* ---- the game from its rules ---- */

typedef struct {
    int X[8], nx, Y[8], ny;
    bool misere;
    int piles, bound;
    mpq_t *memo;
    bool *known;
} plain_game;

static uint64_t key_of(const plain_game *p, const int *a)
{
    uint64_t k = 0;
    for (int i = 0; i < p->piles; i++)
        k = k * (uint64_t)(p->bound + 1) + (uint64_t)a[i];
    return k;
}

static int cmp_int(const void *x, const void *y)
{
    return *(const int *)x - *(const int *)y;
}

/* The probability that the player to move wins at a (sorted). */
static void plain_value(plain_game *p, const int *a, mpq_t out)
{
    uint64_t k = key_of(p, a);
    if (p->known[k]) {
        mpq_set(out, p->memo[k]);
        return;
    }
    bool any = false;
    mpq_t best, v, one;
    mpq_inits(best, v, one, NULL);
    mpq_set_ui(one, 1, 1);
    for (int i = 0; i < p->piles; i++) {
        if (a[i] == 0)
            continue;
        mpq_t cell[64];
        for (int r = 0; r < p->nx; r++)
            for (int c = 0; c < p->ny; c++) {
                int b[8], gone = p->X[r] + p->Y[c];
                memcpy(b, a, sizeof b);
                b[i] = a[i] > gone ? a[i] - gone : 0;
                qsort(b, (size_t)p->piles, sizeof *b, cmp_int);
                mpq_init(cell[r * p->ny + c]);
                plain_value(p, b, cell[r * p->ny + c]);
                /* The mover gets 1 - the child's value to its own mover. */
                mpq_sub(cell[r * p->ny + c], one, cell[r * p->ny + c]);
            }
        assert_int_equal(brute_matrix_value((const mpq_t *)cell, p->nx, p->ny, v), 0);
        if (!any || mpq_cmp(v, best) > 0)
            mpq_set(best, v);
        any = true;
        for (int c = 0; c < p->nx * p->ny; c++)
            mpq_clear(cell[c]);
    }
    /* No pile left: the player to move cannot move. */
    if (!any)
        mpq_set_ui(best, p->misere ? 1 : 0, 1);
    mpq_init(p->memo[k]);
    mpq_set(p->memo[k], best);
    p->known[k] = true;
    mpq_set(out, best);
    mpq_clears(best, v, one, NULL);
}

static int parse_list(const char *text, int *out)
{
    int n = 0;
    for (const char *p = text; *p;) {
        char *end;
        out[n++] = (int)strtol(p, &end, 10);
        p = *end == ',' ? end + 1 : end;
    }
    return n;
}

static const struct {
    const char *X, *Y, *engine_X, *engine_Y;
    bool misere;
    int piles, bound;
} GAMES[] = {
    {"1,4", "1,2", "1,4", "1,2", false, 1, 40}, {"1,4", "1,2", "1,4", "1,2", false, 2, 14},
    {"1,4", "1,2", "1,4", "1,2", false, 3, 7},  {"1,2", "1,2", "1:2", "1:2", true, 3, 8},
    {"2,3", "2,3", "2:3", "2:3", false, 2, 14}, {"-1,0,1", "2,3", "-1:1", "2:3", false, 2, 10},
    {"0,2", "1", "0,2", "1", true, 2, 12},      {"1,3,5", "2,3", "1,3,5", "2,3", false, 2, 12},
    /* Values beyond 64 bits from pile 47 on (kept with GMP, table.h). */
    {"1,2,6", "1,4", "1,2,6", "1,4", false, 1, 60}, {"1,2,6", "1,4", "1,2,6", "1,4", false, 2, 50},
};

/* The table's checksum swept by one worker and by two: the same bytes,
 * values beyond 64 bits included; and how many of those there are. */
static uint64_t sha_by_one_and_two_workers(const game_desc *g, value_table *t)
{
    char err[256], one[TABLE_SHA256_HEX], two[TABLE_SHA256_HEX];
    table_sha256(t, one);
    value_table t2;
    table_opts o = table_default_opts(g, (lane_window){0});
    assert_int_equal(table_create(&t2, g, &o, err, sizeof err), 0);
    pinning pin;
    assert_int_equal(pinning_open(&pin, 2, err, sizeof err), 0);
    table_sweep(&t2, &pin);
    pinning_close(&pin);
    table_sha256(&t2, two);
    assert_string_equal(one, two);
    assert_int_equal(table_big_count(&t2), table_big_count(t));
    table_free(&t2);
    return table_big_count(t);
}

static void test_chance_nim_against_its_rules(void **state)
{
    (void)state;
    const game_entry *e = game_find("chance-nim");
    for (size_t gi = 0; gi < sizeof GAMES / sizeof *GAMES; gi++) {
        plain_game p = {.misere = GAMES[gi].misere, .piles = GAMES[gi].piles, .bound = GAMES[gi].bound};
        p.nx = parse_list(GAMES[gi].X, p.X);
        p.ny = parse_list(GAMES[gi].Y, p.Y);
        size_t keys = 1;
        for (int i = 0; i < p.piles; i++)
            keys *= (size_t)p.bound + 1;
        p.memo = calloc(keys, sizeof *p.memo);
        p.known = calloc(keys, sizeof *p.known);
        game_params gp = {.piles = p.piles, .bound = p.bound, .unit = 2,
                          .option = {GAMES[gi].engine_X, GAMES[gi].engine_Y, p.misere ? "misere" : NULL}};
        char err[256];
        game_desc *g = e->build(&gp, err, sizeof err);
        if (!g)
            fail_msg("%s", err);
        value_table t;
        table_opts o = table_default_opts(g, (lane_window){0});
        assert_int_equal(table_create(&t, g, &o, err, sizeof err), 0);
        table_sweep(&t, NULL);
        mpq_t v, got;
        mpq_inits(v, got, NULL);
        uint64_t compared = 0;
        for (uint64_t r = 0; r < t.count; r++) {
            int a[8] = {0}, asc[16];
            int k = e->piles_of(g, r, asc);
            for (int i = 0; i < k; i++)
                a[i] = asc[i];
            qsort(a, (size_t)p.piles, sizeof *a, cmp_int);
            plain_value(&p, a, v);
            table_probability_q(&t, r, got);
            int64_t num, den;
            bool fits = table_probability(&t, r, &num, &den);
            /* 64 bits exactly where the value fits, GMP beyond. */
            assert_int_equal(fits, mpz_fits_slong_p(mpq_numref(v)) && mpz_fits_slong_p(mpq_denref(v)));
            if (!mpq_equal(v, got)) {
                char *want = mpq_get_str(NULL, 10, v), *have = mpq_get_str(NULL, 10, got);
                fail_msg("chance-nim %s/%s%s, position %llu: engine %s, from the rules %s", GAMES[gi].X, GAMES[gi].Y,
                         p.misere ? " misere" : "", (unsigned long long)r, have, want);
            }
            compared++;
        }
        assert_int_equal(compared, t.count);
        uint64_t big = sha_by_one_and_two_workers(g, &t);
        /* The last two games reach beyond 64 bits; the others never. */
        assert_true(gi + 2 >= sizeof GAMES / sizeof *GAMES ? big > 0 : big == 0);
        mpq_clears(v, got, NULL);
        for (size_t i = 0; i < keys; i++)
            if (p.known[i])
                mpq_clear(p.memo[i]);
        free(p.memo);
        free(p.known);
        table_free(&t);
        e->destroy(g);
    }
}

/* The one-pile {1,4}/{1,2} game to `bound`, swept (destroy g after the
 * table). */
static game_desc *one_pile_swept(int bound, value_table *t)
{
    const game_entry *e = game_find("chance-nim");
    game_params gp = {.piles = 1, .bound = bound, .unit = 2, .option = {"1,4", "1,2", NULL}};
    char err[256];
    game_desc *g = e->build(&gp, err, sizeof err);
    if (!g)
        fail_msg("%s", err);
    table_opts o = table_default_opts(g, (lane_window){0});
    assert_int_equal(table_create(t, g, &o, err, sizeof err), 0);
    table_sweep(t, NULL);
    return g;
}

/* A probability is kept in 64 bits exactly when both its numerator and
 * its denominator fit: 1/2^70 (the numerator fits, the denominator does
 * not) and 2^62/(2^62 + 1) (both fit) read back exact, each by the right
 * path. */
/* ---- a sweep shared by processes, layer by layer, simulated by threads ---- */

/* The processes' exchange (sweep_share.gather) between threads: each
 * leaves its part, all wait, each copies every part, all wait again (so
 * that no part is freed while another copies it). */
typedef struct {
    pthread_barrier_t bar;
    int parts;
    const uint8_t *part[3];
    uint64_t len[3];
    uint64_t exchanges;
} shared_world;

typedef struct {
    shared_world *w;
    int part;
    const game_desc *g;
    char sha[TABLE_SHA256_HEX];
    uint64_t big;
} shared_rank;

static uint8_t *threads_gather(void *arg, const uint8_t *mine, uint64_t bytes, uint64_t *lens)
{
    shared_rank *r = arg;
    shared_world *w = r->w;
    w->part[r->part] = mine;
    w->len[r->part] = bytes;
    pthread_barrier_wait(&w->bar);
    uint64_t total = 0;
    for (int q = 0; q < w->parts; q++)
        total += w->len[q];
    uint8_t *all = malloc(total ? total : 1), *at = all;
    for (int q = 0; q < w->parts; q++) {
        memcpy(at, w->part[q], w->len[q]);
        lens[q] = w->len[q];
        at += w->len[q];
    }
    if (r->part == 0)
        w->exchanges++;
    pthread_barrier_wait(&w->bar);
    return all;
}

static void *sweep_one_part(void *arg)
{
    shared_rank *r = arg;
    char err[256];
    value_table t;
    table_opts o = table_default_opts(r->g, (lane_window){0});
    if (table_create(&t, r->g, &o, err, sizeof err) != 0)
        return NULL;
    sweep *sw = sweep_begin(&t, NULL);
    sweep_share_layers(sw, &(sweep_share){.part = r->part, .parts = r->w->parts, .gather = threads_gather, .arg = r});
    /* In two runs, as a run that stops to save goes on. */
    sweep_run(sw, 40);
    sweep_run(sw, sweep_steps(sw));
    table_sha256(&t, r->sha);
    r->big = table_big_count(&t);
    sweep_end(sw);
    table_free(&t);
    return NULL;
}

/* A table of chance Nim with values beyond 64 bits, shared by 2 and by 3
 * parts layer by layer: every part ends with the whole table, the same as
 * one process's (the layers of one position leave parts empty). */
static void test_a_sweep_shared_by_layers(void **state)
{
    (void)state;
    const game_entry *e = game_find("chance-nim");
    game_params gp = {.piles = 2, .bound = 62, .unit = 2, .option = {"1,2,6", "1,4", NULL}};
    char err[256], want[TABLE_SHA256_HEX];
    game_desc *g = e->build(&gp, err, sizeof err);
    assert_non_null(g);
    value_table t;
    table_opts o = table_default_opts(g, (lane_window){0});
    assert_null(sweep_share_refusal(g, &o));
    assert_int_equal(table_create(&t, g, &o, err, sizeof err), 0);
    table_sweep(&t, NULL);
    uint64_t big = table_big_count(&t);
    assert_true(big > 5);
    table_sha256(&t, want);
    for (int parts = 2; parts <= 3; parts++) {
        shared_world w = {.parts = parts};
        pthread_barrier_init(&w.bar, NULL, (unsigned)parts);
        shared_rank r[3];
        pthread_t th[3];
        for (int q = 0; q < parts; q++) {
            r[q] = (shared_rank){.w = &w, .part = q, .g = g};
            assert_int_equal(pthread_create(&th[q], NULL, sweep_one_part, &r[q]), 0);
        }
        for (int q = 0; q < parts; q++)
            pthread_join(th[q], NULL);
        pthread_barrier_destroy(&w.bar);
        assert_int_equal(w.exchanges, t.nlayers);
        for (int q = 0; q < parts; q++) {
            assert_string_equal(r[q].sha, want);
            assert_int_equal(r[q].big, big);
        }
    }
    /* The cells of a layer's positions read back into a fresh table;
     * bytes cut short, or with one more, or naming a rank past the table,
     * are refused. */
    value_table t2;
    assert_int_equal(table_create(&t2, g, &o, err, sizeof err), 0);
    uint8_t *cells = NULL;
    uint64_t bytes = table_cells_export(&t, t.order, t.count, &cells);
    assert_false(table_cells_import(&t2, t.order, t.count, cells, bytes - 1));
    assert_false(table_cells_import(&t2, t.order, t.count, cells, 16 * t.count + 7));
    uint8_t *more = calloc(1, bytes + 1);
    memcpy(more, cells, bytes);
    assert_false(table_cells_import(&t2, t.order, t.count, more, bytes + 1));
    free(more);
    /* (One cell of zeros and no value beyond 64 bits: read if the rank
     * were taken.) */
    uint64_t past = t.count;
    uint8_t zeros[16 + 8] = {0};
    assert_false(table_cells_import(&t2, &past, 1, zeros, sizeof zeros));
    assert_true(table_cells_import(&t2, t.order, t.count, cells, bytes));
    char got[TABLE_SHA256_HEX];
    table_sha256(&t2, got);
    assert_string_equal(got, want);
    free(cells);
    table_free(&t2);
    table_free(&t);
    e->destroy(g);
}

static void test_store_probability_by_size(void **state)
{
    (void)state;
    value_table t;
    game_desc *g = one_pile_swept(4, &t);
    mpq_t q, back;
    mpq_inits(q, back, NULL);
    mpz_set_ui(mpq_numref(q), 1);
    mpz_ui_pow_ui(mpq_denref(q), 2, 70);
    table_store_probability(&t, 1, q);
    int64_t num, den;
    assert_false(table_probability(&t, 1, &num, &den));
    table_probability_q(&t, 1, back);
    assert_true(mpq_equal(q, back));
    mpz_ui_pow_ui(mpq_numref(q), 2, 62);
    mpz_add_ui(mpq_denref(q), mpq_numref(q), 1);
    table_store_probability(&t, 2, q);
    assert_true(table_probability(&t, 2, &num, &den));
    assert_int_equal(num, (int64_t)1 << 62);
    assert_int_equal(den, ((int64_t)1 << 62) + 1);
    assert_int_equal(table_big_count(&t), 1);
    mpq_clears(q, back, NULL);
    table_free(&t);
    game_find("chance-nim")->destroy(g);
}

/* A fresh table of g, its sweep's state read back from `saved` (the blobs'
 * bytes one after another, `bytes` of them): whether the sweep takes it. */
static bool state_read_back(const game_desc *g, value_table *t, sweep **sw, const uint8_t *saved, uint64_t bytes)
{
    char err[256];
    table_opts o = table_default_opts(g, (lane_window){0});
    assert_int_equal(table_create(t, g, &o, err, sizeof err), 0);
    *sw = sweep_begin(t, NULL);
    state_blob b[SWEEP_MAX_BLOBS];
    int n = sweep_state(*sw, b, SWEEP_MAX_BLOBS);
    assert_true(sweep_state_sized(*sw));
    uint64_t fixed = 0;
    for (int i = 0; i < n - 1; i++)
        fixed += b[i].bytes;
    sweep_prepare_load(*sw, bytes - fixed);
    n = sweep_state(*sw, b, SWEEP_MAX_BLOBS);
    uint64_t at = 0;
    for (int i = 0; i < n; at += b[i].bytes, i++)
        memcpy(b[i].data, saved + at, b[i].bytes);
    return sweep_state_taken(*sw);
}

/* A table holding values beyond 64 bits saves them in its state, in rank
 * order (table_big_export), and a fresh sweep takes them back: the same
 * checksum.  A list cut short or too long, one rank out of order, a value
 * that fits 64 bits or is not in lowest terms, a rank whose cell holds a
 * 64-bit value: each refused (the checkpoint is then not resumed from). */
static void test_values_beyond_64_bits_in_a_checkpoint(void **state)
{
    (void)state;
    const game_entry *e = game_find("chance-nim");
    game_params gp = {.piles = 1, .bound = 60, .unit = 2, .option = {"1,2,6", "1,4", NULL}};
    char err[256], want[TABLE_SHA256_HEX], got[TABLE_SHA256_HEX];
    game_desc *g = e->build(&gp, err, sizeof err);
    assert_non_null(g);
    value_table t;
    table_opts o = table_default_opts(g, (lane_window){0});
    assert_int_equal(table_create(&t, g, &o, err, sizeof err), 0);
    sweep *sw = sweep_begin(&t, NULL);
    sweep_run(sw, sweep_steps(sw));
    assert_true(sweep_can_save(sw));
    uint64_t big = table_big_count(&t);
    assert_true(big > 5);
    table_sha256(&t, want);
    state_blob b[SWEEP_MAX_BLOBS];
    int n = sweep_state(sw, b, SWEEP_MAX_BLOBS);
    uint64_t bytes = 0;
    for (int i = 0; i < n; i++)
        bytes += b[i].bytes;
    uint8_t *saved = malloc(bytes);
    for (int i = 0, at = 0; i < n; at += (int)b[i].bytes, i++)
        memcpy(saved + at, b[i].data, b[i].bytes);
    /* (The last blob: the values beyond 64 bits, their count first.) */
    uint64_t at = bytes - b[n - 1].bytes, count = 0;
    for (int i = 7; i >= 0; i--)
        count = count << 8 | saved[at + (uint64_t)i];
    assert_int_equal(count, big);
    value_table t2;
    sweep *s2;
    assert_true(state_read_back(g, &t2, &s2, saved, bytes));
    table_sha256(&t2, got);
    assert_string_equal(want, got);
    assert_int_equal(table_big_count(&t2), big);
    sweep_end(s2);
    table_free(&t2);
    /* Cut short by one byte. */
    assert_false(state_read_back(g, &t2, &s2, saved, bytes - 1));
    sweep_end(s2);
    table_free(&t2);
    uint8_t *bad = malloc(bytes);
    memcpy(bad, saved, bytes);
    uint64_t first = at + 8, len1 = 8;
    for (int k = 0; k < 2; k++) {
        uint64_t n4 = 0;
        for (int i = 3; i >= 0; i--)
            n4 = n4 << 8 | saved[first + len1 + (uint64_t)i];
        len1 += 4 + n4;
    }
    /* The second value's rank set to the first's: not ascending. */
    memcpy(bad + first + len1, saved + first, 8);
    assert_false(state_read_back(g, &t2, &s2, bad, bytes));
    sweep_end(s2);
    table_free(&t2);
    /* A rank whose cell holds its value in 64 bits (rank 0). */
    memcpy(bad, saved, bytes);
    memset(bad + first, 0, 8);
    assert_false(state_read_back(g, &t2, &s2, bad, bytes));
    sweep_end(s2);
    table_free(&t2);
    /* The first value's numerator and denominator both made even: not in
     * lowest terms. */
    memcpy(bad, saved, bytes);
    uint64_t num = first + 8, nlen = 0;
    for (int i = 3; i >= 0; i--)
        nlen = nlen << 8 | saved[num + (uint64_t)i];
    uint64_t den = num + 4 + nlen;
    bad[num + 4] &= 0xfe;
    bad[den + 4] &= 0xfe;
    assert_false(state_read_back(g, &t2, &s2, bad, bytes));
    sweep_end(s2);
    table_free(&t2);
    /* The first listed rank's cell with a numerator beside its marking
     * denominator of 0 (the values blob: num, den a position). */
    assert_int_equal(n, 2);
    assert_int_equal(b[0].bytes, 16 * t.cap);
    uint64_t r0 = 0;
    for (int i = 7; i >= 0; i--)
        r0 = r0 << 8 | saved[first + (uint64_t)i];
    memcpy(bad, saved, bytes);
    bad[16 * r0] = 1;
    assert_false(state_read_back(g, &t2, &s2, bad, bytes));
    sweep_end(s2);
    table_free(&t2);
    /* One byte more after the list. */
    uint8_t *longer = calloc(1, bytes + 1);
    memcpy(longer, saved, bytes);
    assert_false(state_read_back(g, &t2, &s2, longer, bytes + 1));
    sweep_end(s2);
    table_free(&t2);
    free(longer);
    /* A list of one value that fits 64 bits (1/3) at the first rank marked
     * beyond them: the table would hold it in its cell. */
    uint8_t *small = calloc(1, at + 8 + 8 + 5 + 5);
    memcpy(small, saved, at);
    small[at] = 1;
    memcpy(small + at + 8, saved + first, 8);
    small[at + 16] = 1, small[at + 20] = 1;
    small[at + 21] = 1, small[at + 25] = 3;
    assert_false(state_read_back(g, &t2, &s2, small, at + 26));
    sweep_end(s2);
    table_free(&t2);
    /* The same with 2^64 + 1 over 3 (beyond 64 bits): taken in. */
    uint8_t *wide = calloc(1, at + 8 + 8 + 13 + 5);
    memcpy(wide, saved, at);
    wide[at] = 1;
    memcpy(wide + at + 8, saved + first, 8);
    wide[at + 16] = 9, wide[at + 20] = 1, wide[at + 28] = 1;
    wide[at + 29] = 1, wide[at + 33] = 3;
    assert_true(state_read_back(g, &t2, &s2, wide, at + 34));
    sweep_end(s2);
    table_free(&t2);
    free(small);
    free(wide);
    free(bad);
    free(saved);
    sweep_end(sw);
    table_free(&t);
    e->destroy(g);
}

/* The paper's example: a pile of 11 of the {1,4}/{1,2} game is worth 1/2
 * (the 2x2 game of children 9 (won), 8 (lost), 6 (lost), 5 (won) to
 * their mover), and the first uncertain pile. */
static void test_pile_of_eleven(void **state)
{
    (void)state;
    const game_entry *e = game_find("chance-nim");
    value_table t;
    game_desc *g = one_pile_swept(11, &t);
    for (int n = 0; n <= 11; n++) {
        int64_t num, den;
        assert_true(table_probability(&t, (uint64_t)e->rank_of_piles(g, &n, 1), &num, &den));
        bool uncertain = num != 0 && num != den;
        assert_int_equal(uncertain, n == 11);
        if (n == 11) {
            assert_int_equal(num, 1);
            assert_int_equal(den, 2);
        }
    }
    table_free(&t);
    e->destroy(g);
}

/* ---- the value rule's proof (hr_value_rule.h) ---- */

/* The paper's g for m = t, M = T, its blocks `longer` counters longer. */
typedef struct {
    int m, M, longer;
} plain_g;

static int g_value(int n, const void *arg)
{
    const plain_g *g = arg;
    int s = g->m + g->M + g->longer;
    return n == 0 ? 0 : ((n - 1) / s) % 2 == 0;
}

static value_rule_game interval_game(int *x, int m, int M, bool misere)
{
    for (int i = 0; i <= M - m; i++)
        x[i] = m + i;
    return (value_rule_game){x, M - m + 1, x, M - m + 1, misere};
}

/* The paper's g proves its rule in normal and in misere play; g with
 * blocks one counter longer is refused, at a pile of the first blocks. */
static void test_value_rule_proves_the_paper_and_refuses_a_wrong_g(void **state)
{
    (void)state;
    int x[16];
    for (int m = 1; m <= 4; m++)
        for (int M = m; M <= 6; M++)
            for (int misere = 0; misere <= 1; misere++) {
                value_rule_game g = interval_game(x, m, M, misere);
                value_rule_proof proof;
                plain_g right = {m, M, 0}, wrong = {m, M, 1};
                assert_true(value_rule_prove(&g, g_value, &right, 1, 2 * (m + M), &proof));
                assert_int_equal(proof.checked_to, 2 * M + 2 * (m + M));
                assert_false(value_rule_prove(&g, g_value, &wrong, 1, 2 * (m + M + 1), &proof));
                assert_true(proof.failed_at >= 1 && proof.failed_at <= 2 * (m + M + 1));
                assert_true(proof.why[0] != '\0');
            }
}

/* Values stored in an array, one changed at `broken` (-1: none). */
typedef struct {
    const int *v;
    int broken;
} planted_values;

static int planted_value(int n, const void *arg)
{
    const planted_values *p = arg;
    return n == p->broken ? (p->v[n] == 0 ? 1 : 0) : p->v[n];
}

/* The {1,4}/{1,2} game's values (0, 1, 2, a lone pile, none) from its
 * definition, and their proof; values that repeat over a shorter stretch
 * than the proof reads (broken at its last pile, or just past its window
 * of moves) are refused. */
static void test_value_rule_of_the_modified_game(void **state)
{
    (void)state;
    static const int mover[] = {1, 4}, against[] = {1, 2};
    value_rule_game g = {mover, 2, against, 2, false};
    int v[200], outcome[200];
    value_rule_values(&g, 199, v);
    value_rule_pile_outcomes(&g, 199, outcome);
    /* Piles 0..15 as the claim's finding gives them. */
    static const int want[16] = {0, 1, 1, 1, 2, 2, 0, 0, 0, 1, 1, VALUE_RULE_NONE, 2, VALUE_RULE_LONE, 0, 0};
    for (int n = 0; n < 16; n++)
        assert_int_equal(v[n], want[n]);
    for (int n = 0; n < 200; n++) {
        /* A pile's value 0 is a certain loss alone, a positive value or a
         * lone pile a certain win, no value here an uncertain pile. */
        int expect = v[n] == 0 ? 0 : v[n] == VALUE_RULE_NONE ? 2 : 1;
        assert_int_equal(outcome[n], expect);
    }
    planted_values p = {v, -1};
    value_rule_proof proof;
    assert_true(value_rule_prove(&g, planted_value, &p, 6, 8, &proof));
    assert_int_equal(proof.checked_to, 6 + 6 + 8 - 1);
    /* Broken at the last pile the proof reads, and at the first pile past
     * the window of moves (from + w): both refused. */
    for (int broken = 0; broken < 2; broken++) {
        p.broken = broken ? 6 + 6 : proof.checked_to + 8;
        value_rule_proof refused;
        assert_false(value_rule_prove(&g, planted_value, &p, 6, 8, &refused));
        assert_true(strstr(refused.why, "repeat") || strstr(refused.why, "forces"));
    }
    /* A move that may remove nothing: no induction. */
    static const int zero[] = {0, 1};
    value_rule_game idle = {zero, 2, zero, 2, false};
    p.broken = -1;
    assert_false(value_rule_prove(&idle, planted_value, &p, 6, 8, &proof));
    /* Misere play is proved for values 0 and 1 alone. */
    value_rule_game misere = g;
    misere.misere = true;
    assert_false(value_rule_prove(&misere, planted_value, &p, 6, 8, &proof));
}

/* Values read from an array. */
static int value_of_array_for_test(int n, const void *arg)
{
    return ((const int *)arg)[n];
}

/* The values with every lone pile read as a pile of value 0. */
static int lone_as_zero(int n, const void *arg)
{
    int v = ((const int *)arg)[n];
    return v == VALUE_RULE_LONE ? 0 : v;
}

/* The values with every pile uncertain alone read as a lone pile. */
static int none_as_lone(int n, const void *arg)
{
    int v = ((const int *)arg)[n];
    return v == VALUE_RULE_NONE ? VALUE_RULE_LONE : v;
}

/* The positions left to chance (hr/multi-pile): proved on the {1,4}/{1,2}
 * game's values; refused when a class is misread (every lone pile taken
 * for a pile of value 0: a pile uncertain alone beside values of XOR 0
 * then looks like a sure win; every pile uncertain alone taken for a lone
 * pile: then one lone pile beside an XOR of 1 looks like a sure loss),
 * when the values break their period, and in misere play, which the
 * proof does not cover. */
static void test_chance_rule_of_the_modified_game(void **state)
{
    (void)state;
    static const int mover[] = {1, 4}, against[] = {1, 2};
    value_rule_game g = {mover, 2, against, 2, false};
    int v[200];
    value_rule_values(&g, 199, v);
    planted_values p = {v, -1};
    value_rule_proof proof;
    assert_true(value_rule_prove_chance(&g, planted_value, &p, 6, 8, &proof));
    assert_int_equal(proof.checked_to, 6 + 6 + 8 - 1);
    assert_false(value_rule_prove_chance(&g, lone_as_zero, v, 6, 8, &proof));
    assert_non_null(strstr(proof.why, "sure to win"));
    /* Piles uncertain alone read as lone: a lone pile beside an XOR of 1
     * then looks lost whatever its pile (no pile gives the mover a chance). */
    assert_false(value_rule_prove_chance(&g, none_as_lone, v, 6, 8, &proof));
    assert_string_equal(proof.why, "XOR 1, one lone pile, no piles without a value: no pile the position must hold "
                                   "gives the mover a chance");
    p.broken = 15;
    assert_false(value_rule_prove_chance(&g, planted_value, &p, 6, 8, &proof));
    assert_non_null(strstr(proof.why, "repeat"));
    p.broken = -1;
    value_rule_game misere = g;
    misere.misere = true;
    assert_false(value_rule_prove_chance(&misere, planted_value, &p, 6, 8, &proof));
}

/* Each check of the value rule's proof refuses its own violation (the
 * mutants of docs/mutation.md's round 4): the period broken at its very
 * first pile; the empty pile of another value; the empty pile a win in
 * misere play (a loss in normal); and, in the second induction, the XORs
 * run up to the first power of two above the top value, even when the top
 * value is one (the {1,2,3}/{1,4} game: values 0 and 1, and a position of
 * XOR 1 beside a pile without a value that the mover surely wins, (7,1):
 * the engine agrees, tests/certificates/chance-not-left-to-chance.cert). */
static void test_value_rule_refuses_each_violation(void **state)
{
    (void)state;
    int x[16];
    value_rule_game g = interval_game(x, 1, 2, false);
    int v[64];
    for (int n = 0; n < 64; n++)
        v[n] = n == 0 ? 0 : ((n - 1) / 3) % 2 == 0;
    planted_values p = {v, 1};
    value_rule_proof proof;
    assert_false(value_rule_prove(&g, planted_value, &p, 1, 6, &proof));
    assert_int_equal(proof.failed_at, 1);
    assert_non_null(strstr(proof.why, "repeat"));
    p.broken = 0;
    assert_false(value_rule_prove(&g, planted_value, &p, 1, 6, &proof));
    assert_non_null(strstr(proof.why, "empty pile"));
    int out[8];
    value_rule_pile_outcomes(&g, 7, out);
    assert_int_equal(out[0], 0);
    g.misere = true;
    value_rule_pile_outcomes(&g, 7, out);
    assert_int_equal(out[0], 1);
    static const int mover[] = {1, 2, 3}, against[] = {1, 4};
    value_rule_game h = {mover, 3, against, 2, false};
    int w[200], top = 0;
    value_rule_values(&h, 199, w);
    for (int n = 0; n < 200; n++)
        top = w[n] > top ? w[n] : top;
    assert_int_equal(top, 1);
    assert_true(value_rule_prove(&h, value_of_array_for_test, w, 5, 9, &proof));
    assert_false(value_rule_prove_chance(&h, value_of_array_for_test, w, 5, 9, &proof));
    assert_non_null(strstr(proof.why, "XOR 1,"));
    assert_non_null(strstr(proof.why, "pile of 7"));
    /* A lone pile: refused in misere play (proved for values 0 and 1
     * alone), and in normal play where no x forces a pile of value 0 (the
     * {1,2}/{1,2} game, every pile of value 1 but pile 10, lone: its
     * children 6, 7 and 8 are all of value 1); a value of 2 in misere play. */
    int lone[64];
    char why[256];
    for (int n = 0; n < 64; n++)
        lone[n] = n == 0 ? 0 : 1;
    lone[10] = VALUE_RULE_LONE;
    value_rule_game normal = interval_game(x, 1, 2, false), mis = interval_game(x, 1, 2, true);
    assert_false(value_rule_moves_at(&normal, value_of_array_for_test, lone, 10, why, sizeof why));
    assert_non_null(strstr(why, "from the lone pile of 10 no x forces"));
    assert_false(value_rule_moves_at(&mis, value_of_array_for_test, lone, 10, why, sizeof why));
    assert_non_null(strstr(why, "misere play is proved for values 0 and 1 alone"));
    lone[10] = 2;
    assert_false(value_rule_moves_at(&mis, value_of_array_for_test, lone, 10, why, sizeof why));
    assert_non_null(strstr(why, "has value 2: misere play"));
    /* A game whose move may remove no counter (0 and 0): no induction. */
    static const int with_zero[] = {0, 1};
    value_rule_game zero = {with_zero, 2, with_zero, 2, false};
    assert_false(value_rule_prove(&zero, value_of_array_for_test, w, 5, 9, &proof));
    assert_non_null(strstr(proof.why, "may remove no counter"));
}

/* ---- the claims ---- */

static hr_check_fn find_check(const char *id)
{
    for (int i = 0; hr_checks[i].id; i++)
        if (strcmp(hr_checks[i].id, id) == 0)
            return hr_checks[i].check;
    return NULL;
}

static const struct {
    const char *id;
    claim_status want;
} verdicts[] = {
    {"hr/theorem", CLAIM_CERTIFIED},   {"hr/example-11", CLAIM_HOLDS}, {"hr/fig-1", CLAIM_CERTIFIED},
    {"hr/multi-pile", CLAIM_CERTIFIED}, {"hr/misere", CLAIM_CERTIFIED},
};

static void test_every_hr_claim(void **state)
{
    (void)state;
    int seen = 0;
    for (int i = 0; claim_registry[i]; i++) {
        const claim_def *c = claim_registry[i];
        if (strncmp(c->id, "hr/", 3) != 0)
            continue;
        seen++;
        hr_check_fn check = find_check(c->id);
        if (!check)
            fail_msg("%s has no twisted check: add it to hr_checks", c->id);
        /* Twisted: every part fails, with a witness. */
        claim_report r;
        assert_int_equal(claim_report_init(&r, c, NULL), 0);
        /* The sweeps of m and M at a small size (--max-take 3 --to 12). */
        claim_ctx small = {.sizes = {.max_take = 3, .rows = 12}};
        check(&small, &r, 1);
        claim_report_settle(&r);
        for (int p = 0; p < r.nparts; p++)
            if (claim_part_status(&r, p) != CLAIM_FAILS)
                fail_msg("%s: part \"%s\" is %s under its twist", c->id, c->parts[p],
                         claim_status_name(claim_part_status(&r, p)));
        assert_true(r.nkept > 0);
        /* A statement refuted leaves no proof of itself written out. */
        if (r.ncertificates)
            fail_msg("%s writes %d certificate(s) under its twist", c->id, r.ncertificates);
        claim_report_free(&r);
        /* As printed: the recorded verdict. */
        bool recorded = false;
        for (size_t k = 0; k < sizeof verdicts / sizeof *verdicts; k++)
            if (strcmp(verdicts[k].id, c->id) == 0) {
                recorded = true;
                assert_int_equal(claim_report_init(&r, c, NULL), 0);
                check(&small, &r, 0);
                if (claim_verdict(&r) != verdicts[k].want)
                    fail_msg("%s: %s, recorded %s", c->id, claim_status_name(claim_verdict(&r)),
                             claim_status_name(verdicts[k].want));
                /* A CERTIFIED claim writes its proof out (docs/proofs.md). */
                if ((verdicts[k].want == CLAIM_CERTIFIED) != (r.ncertificates > 0))
                    fail_msg("%s: %s with %d certificate(s)", c->id, claim_status_name(verdicts[k].want),
                             r.ncertificates);
                claim_report_free(&r);
            }
        if (!recorded)
            fail_msg("%s: no verdict recorded in test_chance.c", c->id);
    }
    assert_int_equal(seen, (int)(sizeof verdicts / sizeof *verdicts));
}

/* The verdicts at the claims' own sizes (the sweeps on two pinned
 * workers); the sanitizer build checks them at the small size above. */
static void sweep_pinned(void *arg, value_table *t)
{
    table_sweep(t, arg);
}

static void test_hr_verdicts_at_full_size(void **state)
{
    (void)state;
    if (getenv("SAN")) {
        skip();
        return;
    }
    pinning pin;
    char err[256];
    assert_int_equal(pinning_open(&pin, 2, err, sizeof err), 0);
    claim_ctx ctx = {.sweep = sweep_pinned, .sweep_arg = &pin};
    for (size_t k = 0; k < sizeof verdicts / sizeof *verdicts; k++) {
        const claim_def *c = claim_find(verdicts[k].id);
        claim_report r;
        assert_int_equal(claim_report_init(&r, c, NULL), 0);
        find_check(c->id)(&ctx, &r, 0);
        if (claim_verdict(&r) != verdicts[k].want)
            fail_msg("%s: %s, recorded %s", c->id, claim_status_name(claim_verdict(&r)),
                     claim_status_name(verdicts[k].want));
        claim_report_free(&r);
    }
    pinning_close(&pin);
}

/* Fig. 1's data series: piles 0..200, exact values, outcomes. */
static void test_figure_series(void **state)
{
    (void)state;
    const claim_def *c = claim_find("hr/fig-1");
    claim_report r;
    assert_int_equal(claim_report_init(&r, c, NULL), 0);
    find_check(c->id)(NULL, &r, 0);
    assert_int_equal(r.nseries, 1);
    assert_string_equal(r.series[0].name, "hr-fig-1");
    assert_true(r.series[0].nrows >= 101);
    assert_string_equal(r.series[0].rows[11], "11 0.500000 1/2 uncertain");
    assert_string_equal(r.series[0].rows[0], "0 0.000000 0/1 loss");
    claim_report_free(&r);
}

/* The paper's 1 <= m + t (every move removes a counter): least choices
 * adding up to 0 or less are refused, up to 1 or more accepted. */
static void test_least_choices_must_add_up_to_one(void **state)
{
    (void)state;
    const game_entry *e = game_find("chance-nim");
    static const char *refused[][2] = {{"0:1", "0:1"}, {"0", "0"}, {"-1,3", "1,2"}, {"0,2", "-3:-1"}, {"-2:0", "2"}};
    static const char *accepted[][2] = {{"0:1", "1:2"}, {"-1,3", "2"}, {"1", "0"}, {"-3:-1", "4:5"}};
    char err[256];
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
        game_params gp = {.piles = 1, .bound = 5, .unit = 2, .option = {refused[i][0], refused[i][1], NULL}};
        game_desc *g = e->build(&gp, err, sizeof err);
        if (g)
            fail_msg("chance-nim --choices %s --against %s accepted: a move could remove nothing", refused[i][0],
                     refused[i][1]);
    }
    for (size_t i = 0; i < sizeof accepted / sizeof *accepted; i++) {
        game_params gp = {.piles = 1, .bound = 5, .unit = 2, .option = {accepted[i][0], accepted[i][1], NULL}};
        game_desc *g = e->build(&gp, err, sizeof err);
        if (!g)
            fail_msg("chance-nim --choices %s --against %s refused: %s", accepted[i][0], accepted[i][1], err);
        e->destroy(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pile_of_eleven),
        cmocka_unit_test(test_value_rule_refuses_each_violation),
        cmocka_unit_test(test_least_choices_must_add_up_to_one),
        cmocka_unit_test(test_chance_nim_against_its_rules),
        cmocka_unit_test(test_values_beyond_64_bits_in_a_checkpoint),
        cmocka_unit_test(test_a_sweep_shared_by_layers),
        cmocka_unit_test(test_store_probability_by_size),
        cmocka_unit_test(test_figure_series),
        cmocka_unit_test(test_value_rule_proves_the_paper_and_refuses_a_wrong_g),
        cmocka_unit_test(test_value_rule_of_the_modified_game),
        cmocka_unit_test(test_chance_rule_of_the_modified_game),
        cmocka_unit_test(test_every_hr_claim),
        cmocka_unit_test(test_hr_verdicts_at_full_size),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
