/*
 * test_restricted.c -- the games of Huibers' thesis on the engine
 * (restricted-nim, nim-players --restriction previous) against a plain
 * recursion written here from the thesis' rules alone, on ordered piles
 * (not the engine's multisets) with a memo of its own: every position of
 * small sizes, every restricted number, Sprague-Grundy value and misere
 * outcome (the N-player outcome for nim-players); banned-nim against a
 * plain minimax over the bans and the Nim game, and its simultaneous
 * version against the matrix of Nim outcomes over every pair of ban sets;
 * unknown-nim against an expectimax over the piles' possible sizes.
 * Also the printed
 * tables the recursion reproduces by hand (Tables 2 and 8), and the
 * cell comparison shown to report a changed cell; the options' limits
 * (the largest per-pile sizes, ranges from --max-move up) and the shape
 * of the simultaneous bans' matrix, which its value cannot show.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <gmp.h>

#include "core/engine/matrix_game.h"

#include "core/engine/pile_game.h"
#include "core/engine/sweep.h"
#include "core/engine/table.h"
#include "core/games/registry.h"

/* ---- the rules, written again ---- */

enum { NONE, PREVIOUS, CHOSEN, CHOSEN_OR_NONE };
enum { PILE, WYTHOFF, WYTHOFF_PAIRS };

typedef struct {
    int piles, bound, k, rule, takes;
    int tags;                 /* restricted numbers 0..tags-1           */
    int *sg;                  /* memo: -1 unknown                       */
    signed char *mis;         /* misere: 1 the mover wins, -1 unknown   */
} rules;

static size_t index_of(const rules *g, const int *a, int r)
{
    size_t i = 0;
    for (int p = 0; p < g->piles; p++)
        i = i * (size_t)(g->bound + 1) + (size_t)a[p];
    return i * (size_t)g->tags + (size_t)r;
}

static void solve(rules *g, const int *a, int r);

/* Calls back for every child of (a, r): the piles after and the next r. */
typedef struct {
    int seen[4096];
    int nseen;
    bool misere_loss_child;
} children;

static void child(rules *g, children *c, const int *after, int x)
{
    int lo = 0, hi = 0;
    if (g->rule == PREVIOUS)
        lo = hi = x;
    else if (g->rule == CHOSEN)
        lo = 1, hi = g->k;
    else if (g->rule == CHOSEN_OR_NONE)
        lo = 0, hi = g->k;
    for (int nr = lo; nr <= hi; nr++) {
        solve(g, after, nr);
        size_t i = index_of(g, after, nr);
        assert_true(c->nseen < 4096);
        c->seen[c->nseen++] = g->sg[i];
        c->misere_loss_child = c->misere_loss_child || g->mis[i] == 0;
    }
}

static void solve(rules *g, const int *a, int r)
{
    size_t at = index_of(g, a, r);
    if (g->sg[at] >= 0)
        return;
    children c = {.nseen = 0};
    int after[8];
    int n = g->piles;
    for (unsigned which = 1; which < (1u << n); which++) {
        int members = __builtin_popcount(which);
        bool ok = members == 1 || (members == n && g->takes != PILE) || (members == 2 && g->takes == WYTHOFF_PAIRS);
        if (!ok)
            continue;
        for (int x = 1; x <= g->k; x++) {
            if (x == r)
                continue;
            bool fits = true;
            for (int p = 0; p < n; p++) {
                after[p] = (which >> p) & 1u ? a[p] - x : a[p];
                fits = fits && after[p] >= 0;
            }
            if (fits)
                child(g, &c, after, x);
        }
    }
    int mex = 0;
    for (bool found = true; found; mex += found) {
        found = false;
        for (int i = 0; i < c.nseen && !found; i++)
            found = c.seen[i] == mex;
    }
    g->sg[at] = mex;
    g->mis[at] = c.nseen == 0 || c.misere_loss_child ? 1 : 0;
}

/* ---- the engine's table of the same game ---- */

/* The game, or NULL with the game's message in err when it refuses the
 * options. */
static game_desc *try_build(const char *name, int piles, int bound, const char *const *options, const game_entry **e,
                            char *err, int errlen)
{
    *e = game_find(name);
    assert_non_null(*e);
    game_params p = {.piles = piles, .bound = bound, .unit = 2};
    for (int k = 0; options[k]; k += 2) {
        int at = game_option_index(*e, options[k]);
        assert_true(at >= 0);
        p.option[at] = options[k + 1];
    }
    err[0] = '\0';
    return (*e)->build(&p, err, errlen);
}

static game_desc *build(const char *name, int piles, int bound, const char *const *options, const game_entry **e)
{
    char err[256];
    game_desc *g = try_build(name, piles, bound, options, e, err, sizeof err);
    if (!g)
        fail_msg("%s", err);
    return g;
}

/* Refused, with a message. */
static void assert_refused(const char *name, int piles, int bound, const char *const *options)
{
    const game_entry *e;
    char err[256];
    game_desc *g = try_build(name, piles, bound, options, &e, err, sizeof err);
    if (g) {
        char given[256] = "";
        int used = 0;
        for (int k = 0; options[k] && used < (int)sizeof given; k += 2)
            used += snprintf(given + used, sizeof given - (size_t)used, " --%s %s", options[k], options[k + 1]);
        e->destroy(g);
        fail_msg("%s, %d piles of %d,%s: accepted, should be refused", name, piles, bound, given);
    }
    assert_true(strlen(err) > 0);
}

static void sweep_whole(value_table *t, const game_desc *g)
{
    char err[256];
    table_opts o = table_default_opts(g, (lane_window){0});
    if (table_create(t, g, &o, err, sizeof err) != 0)
        fail_msg("%s", err);
    table_sweep(t, NULL);
}

static const char *const rule_text[] = {"none", "previous", "chosen", "chosen-or-none"};
static const char *const take_text[] = {"pile", "wythoff", "wythoff-pairs"};

/* Every ordered position of (piles, bound), every restricted number:
 * the engine's values against the recursion's. */
static void compare(int piles, int bound, int k, bool k_given, int rule, int takes)
{
    rules g = {.piles = piles, .bound = bound, .k = k, .rule = rule, .takes = takes};
    g.tags = rule == NONE ? 1 : k + 1;
    size_t cells = (size_t)g.tags;
    for (int p = 0; p < piles; p++)
        cells *= (size_t)(bound + 1);
    g.sg = malloc(cells * sizeof *g.sg);
    g.mis = malloc(cells);
    for (size_t i = 0; i < cells; i++)
        g.sg[i] = -1;
    char kt[16];
    snprintf(kt, sizeof kt, "%d", k);
    const char *opts[7] = {"restriction", rule_text[rule], "takes", take_text[takes], NULL, NULL, NULL};
    if (k_given) {
        opts[4] = "max-move";
        opts[5] = kt;
    }
    const game_entry *e;
    game_desc *d = build("restricted-nim", piles, bound, opts, &e);
    value_table t;
    sweep_whole(&t, d);
    int a[8] = {0};
    long compared = 0;
    for (;;) {
        for (int r = 0; r < g.tags; r++) {
            solve(&g, a, r);
            size_t i = index_of(&g, a, r);
            uint64_t rank = (uint64_t)e->rank_of_piles(d, a, piles) + (uint64_t)r;
            if (table_grundy(&t, rank) != (uint32_t)g.sg[i] ||
                (table_misere(&t, rank) == OUTCOME_WIN) != (g.mis[i] == 1)) {
                char at[64];
                int used = 0;
                for (int p = 0; p < piles; p++)
                    used += snprintf(at + used, sizeof at - (size_t)used, "%s%d", p ? " " : "", a[p]);
                fail_msg("%s %s k=%d: piles %s (%d): engine %u/%d, recursion %d/%d", rule_text[rule],
                         take_text[takes], k, at, r, table_grundy(&t, rank), table_misere(&t, rank) == OUTCOME_WIN,
                         g.sg[i], g.mis[i]);
            }
            compared++;
        }
        int p = piles - 1;
        while (p >= 0 && a[p] == bound)
            a[p--] = 0;
        if (p < 0)
            break;
        a[p]++;
    }
    assert_true(compared == (long)cells);
    table_free(&t);
    e->destroy(d);
    free(g.sg);
    free(g.mis);
}

static void test_previous_take(void **state)
{
    (void)state;
    compare(1, 30, 3, true, PREVIOUS, PILE);
    compare(1, 40, 7, true, PREVIOUS, PILE);
    compare(2, 14, 4, true, PREVIOUS, PILE);
    compare(2, 12, 5, true, PREVIOUS, PILE);
    compare(3, 6, 3, true, PREVIOUS, PILE);
    /* No --max-move: any number (k = the bound). */
    compare(2, 8, 8, false, PREVIOUS, PILE);
}

static void test_chosen_restriction(void **state)
{
    (void)state;
    compare(1, 25, 3, true, CHOSEN, PILE);
    compare(1, 25, 4, true, CHOSEN_OR_NONE, PILE);
    compare(2, 7, 3, true, CHOSEN, PILE);
}

static void test_wythoff(void **state)
{
    (void)state;
    compare(2, 12, 12, false, NONE, WYTHOFF);
    compare(2, 10, 10, false, PREVIOUS, WYTHOFF);
    compare(3, 5, 5, false, NONE, WYTHOFF);
    compare(3, 5, 5, false, NONE, WYTHOFF_PAIRS);
    compare(3, 4, 4, false, PREVIOUS, WYTHOFF);
    compare(3, 4, 4, false, PREVIOUS, WYTHOFF_PAIRS);
    compare(2, 9, 3, true, PREVIOUS, WYTHOFF);
}

/* wythoff-pairs takes x from one pile, from every pile, or from any two
 * (Section 5.1's second version), never from three of four: with three
 * piles every set of piles a move may use is one, two or all, so only four
 * piles or more tell "two" from "two or more".  By hand, no restriction:
 * (1,0,0,0) is 1 (its one move empties it); (1,1,0,0) moves to (1,0,0,0)
 * and, taking from both, to (0,0,0,0): mex{1,0} = 2; (1,1,1,0) moves to
 * (1,1,0,0) (one pile) and (1,0,0,0) (two), and not to (0,0,0,0): that
 * takes from three piles (the empty one rules out taking from all four):
 * mex{2,1} = 0.  Then every position of four piles against the
 * recursion. */
static void test_wythoff_pairs_on_four_piles(void **state)
{
    (void)state;
    const game_entry *e;
    game_desc *d = build("restricted-nim", 4, 2,
                         (const char *const[]){"max-move", "3", "restriction", "none", "takes", "wythoff-pairs", NULL},
                         &e);
    value_table t;
    sweep_whole(&t, d);
    static const int piles[4] = {1, 1, 1, 0};
    int64_t rank = e->rank_of_piles(d, piles, 4);
    assert_true(rank >= 0);
    assert_int_equal(table_grundy(&t, (uint64_t)rank), 0);
    table_free(&t);
    e->destroy(d);
    /* --max-move above the bound: the room the game makes for its moves
     * (k for each set of piles) is never filled, so a wrong game is told
     * by its values. */
    compare(4, 2, 3, true, NONE, WYTHOFF_PAIRS);
    compare(4, 2, 3, true, PREVIOUS, WYTHOFF_PAIRS);
    compare(4, 3, 4, true, NONE, WYTHOFF_PAIRS);
}

static void test_plain_games(void **state)
{
    (void)state;
    compare(2, 9, 9, false, NONE, PILE);
    compare(2, 9, 3, true, NONE, PILE);
}

/* ---- every pile its own restricted number (sums of one-pile games) ---- */

typedef struct {
    int piles, bound, k;
    int *sg;
    signed char *mis;
} sum_rules;

/* A pile and its restricted number as one number 0..(bound+1)(k+1)-1. */
static size_t sum_index(const sum_rules *g, const int *a, const int *r)
{
    size_t i = 0;
    for (int p = 0; p < g->piles; p++)
        i = i * (size_t)((g->bound + 1) * (g->k + 1)) + (size_t)(a[p] * (g->k + 1) + r[p]);
    return i;
}

static void sum_solve(sum_rules *g, int *a, int *r)
{
    size_t at = sum_index(g, a, r);
    if (g->sg[at] >= 0)
        return;
    int seen[256], n = 0;
    bool loss_child = false;
    for (int p = 0; p < g->piles; p++)
        for (int x = 1; x <= g->k && x <= a[p]; x++) {
            if (x == r[p])
                continue;
            int a0 = a[p], r0 = r[p];
            a[p] -= x;
            r[p] = x;
            sum_solve(g, a, r);
            size_t i = sum_index(g, a, r);
            seen[n++] = g->sg[i];
            loss_child = loss_child || g->mis[i] == 0;
            a[p] = a0;
            r[p] = r0;
        }
    int mex = 0;
    for (bool found = true; found; mex += found) {
        found = false;
        for (int i = 0; i < n && !found; i++)
            found = seen[i] == mex;
    }
    g->sg[at] = mex;
    g->mis[at] = n == 0 || loss_child ? 1 : 0;
}

static void compare_per_pile(int piles, int bound, int k)
{
    sum_rules g = {.piles = piles, .bound = bound, .k = k};
    size_t cells = 1;
    for (int p = 0; p < piles; p++)
        cells *= (size_t)((bound + 1) * (k + 1));
    g.sg = malloc(cells * sizeof *g.sg);
    g.mis = malloc(cells);
    for (size_t i = 0; i < cells; i++)
        g.sg[i] = -1;
    char kt[16];
    snprintf(kt, sizeof kt, "%d", k);
    const game_entry *e;
    game_desc *d = build("restricted-nim", piles, bound,
                         (const char *const[]){"max-move", kt, "restriction", "per-pile", NULL}, &e);
    value_table t;
    sweep_whole(&t, d);
    const ms_shape *shape = &((const pile_game *)d->data)->shape;
    for (size_t c = 0; c < cells; c++) {
        int a[8], r[8], slot[8];
        size_t rest = c;
        for (int p = piles - 1; p >= 0; p--) {
            int v = (int)(rest % (size_t)((bound + 1) * (k + 1)));
            rest /= (size_t)((bound + 1) * (k + 1));
            a[p] = v / (k + 1);
            r[p] = v % (k + 1);
            slot[p] = v;
        }
        sum_solve(&g, a, r);
        /* The engine's position: the slots chips * (k+1) + r (its layout). */
        int64_t rank = ms_rank_of(shape, slot, piles);
        assert_true(rank >= 0);
        size_t i = sum_index(&g, a, r);
        if (table_grundy(&t, (uint64_t)rank) != (uint32_t)g.sg[i] ||
            (table_misere(&t, (uint64_t)rank) == OUTCOME_WIN) != (g.mis[i] == 1))
            fail_msg("per-pile k=%d: %d(%d) %d(%d): engine %u, recursion %d", k, a[0], r[0], a[1], r[1],
                     table_grundy(&t, (uint64_t)rank), g.sg[i]);
    }
    table_free(&t);
    e->destroy(d);
    free(g.sg);
    free(g.mis);
}

static void test_per_pile_restriction(void **state)
{
    (void)state;
    compare_per_pile(1, 20, 3);
    compare_per_pile(2, 8, 3);
    compare_per_pile(2, 7, 4);
    compare_per_pile(3, 4, 2);
}

/* The largest sizes --restriction per-pile takes.  --bound is the largest
 * pile size, 1..65536 (verifier check --help), and the game's layout
 * documents a per-pile position as slots chips * (k+1) + restricted
 * number: the largest slot, bound * (k+1) + k, must itself be a pile size
 * of at most 65536, so (bound + 1)(k + 1) <= 65537.  65537 is prime: the
 * product meets the limit exactly only at bound 0 with k = 65536 (the
 * largest --max-move), accepted, and bound 1 is refused; at k = 1 the
 * largest bound is 32767 (32768 * 2 = 65536), 32768 refused.  And a
 * position of the game's largest pile is one (written "5(0) 5(0)", the
 * restricted numbers 0 at the start), a pile one larger is not. */
static void test_per_pile_largest_sizes(void **state)
{
    (void)state;
    static const struct {
        const char *k;
        int bound;
    } largest[] = {{"65536", 0}, {"1", 32767}};
    for (size_t i = 0; i < sizeof largest / sizeof *largest; i++) {
        const char *const opts[] = {"max-move", largest[i].k, "restriction", "per-pile", NULL};
        const game_entry *e;
        game_desc *d = build("restricted-nim", 1, largest[i].bound, opts, &e);
        e->destroy(d);
        assert_refused("restricted-nim", 1, largest[i].bound + 1, opts);
    }
    const game_entry *e;
    game_desc *d = build("restricted-nim", 2, 5, (const char *const[]){"max-move", "3", "restriction", "per-pile", NULL},
                         &e);
    char text[64];
    int64_t rank = e->rank_of_piles(d, (const int[]){5, 5}, 2);
    assert_true(rank >= 0);
    d->format(d->data, (uint64_t)rank, text, sizeof text);
    assert_string_equal(text, "5(0) 5(0)");
    assert_true(e->rank_of_piles(d, (const int[]){5, 6}, 2) < 0);
    e->destroy(d);
}

/* ---- bans before play (banned-nim, banned-nim-simultaneous) ---- */

typedef struct {
    int k, nbans, order[8];
    bool previous;
} ban_rules;

/* Whether player 1 (who moves first in Nim) wins: the bans from step j on
 * (bans[p]: what player p may not take), then Nim; a plain minimax over
 * the rules, no memo, no passes. */
static bool p1_wins_nim(const ban_rules *g, int pile, const int *bans, int mover, int r)
{
    for (int x = 1; x <= g->k && x <= pile; x++) {
        if ((bans[mover] >> (x - 1)) & 1 || (g->previous && x == r))
            continue;
        bool w = p1_wins_nim(g, pile - x, bans, 1 - mover, g->previous ? x : 0);
        if (mover == 0 && w)
            return true;
        if (mover == 1 && !w)
            return false;
    }
    /* Every move (or no move at all) leaves the mover beaten: player 1
     * wins exactly when player 2 was the mover. */
    return mover == 1;
}

static bool p1_wins_bans(const ban_rules *g, int pile, int *bans, int j)
{
    if (j == g->nbans)
        return p1_wins_nim(g, pile, bans, 0, 0);
    int banner = g->order[j], victim = 1 - banner;
    for (int x = 1; x <= g->k; x++) {
        if ((bans[victim] >> (x - 1)) & 1)
            continue;
        bans[victim] |= 1 << (x - 1);
        bool w = p1_wins_bans(g, pile, bans, j + 1);
        bans[victim] &= ~(1 << (x - 1));
        if (banner == 0 && w)
            return true;
        if (banner == 1 && !w)
            return false;
    }
    return banner == 1;
}

static void test_banned_nim(void **state)
{
    (void)state;
    static const char *const orders[] = {"1-2-1-2", "2-1-2-1", "2-1-1-2", "1-1-2-2", "1-2"};
    for (int o = 0; o < 5; o++)
        for (int k = 2; k <= 4; k++)
            for (int previous = 0; previous <= 1; previous++) {
                ban_rules g = {.k = k, .previous = previous};
                for (const char *c = orders[o]; *c; c++)
                    if (*c != '-')
                        g.order[g.nbans++] = *c - '1';
                const int bound = 9;
                char kt[16];
                snprintf(kt, sizeof kt, "%d", k);
                const game_entry *e;
                game_desc *d = build("banned-nim", 1, bound,
                                     (const char *const[]){"max-move", kt, "order", orders[o], "restriction",
                                                           previous ? "previous" : "none", NULL},
                                     &e);
                value_table t;
                sweep_whole(&t, d);
                for (int pile = 0; pile <= bound; pile++) {
                    int bans[2] = {0, 0};
                    bool p1 = p1_wins_bans(&g, pile, bans, 0);
                    bool mover_wins = table_outcome(&t, (uint64_t)e->rank_of_piles(d, &pile, 1)) == OUTCOME_WIN;
                    bool engine_p1 = mover_wins == (g.order[0] == 0);
                    if (p1 != engine_p1)
                        fail_msg("banned-nim %s k=%d%s pile %d: recursion %d, engine %d", orders[o], k,
                                 previous ? " previous" : "", pile, p1, engine_p1);
                }
                table_free(&t);
                e->destroy(d);
            }
}

/* Simultaneous bans: the matrix of Nim outcomes over every pair of ban
 * sets, solved exactly, against the engine's value at the start. */
static void test_banned_nim_simultaneous(void **state)
{
    (void)state;
    for (int k = 2; k <= 4; k++)
        for (int nb = 1; nb <= 2 && nb <= k; nb++) {
            const int bound = 8;
            char kt[16], bt[16];
            snprintf(kt, sizeof kt, "%d", k);
            snprintf(bt, sizeof bt, "%d", nb);
            const game_entry *e;
            game_desc *d = build("banned-nim-simultaneous", 1, bound,
                                 (const char *const[]){"max-move", kt, "bans", bt, NULL}, &e);
            value_table t;
            sweep_whole(&t, d);
            int sets[64], nsets = 0;
            for (int m = 0; m < (1 << k); m++)
                if (__builtin_popcount((unsigned)m) == nb)
                    sets[nsets++] = m;
            ban_rules g = {.k = k};
            for (int pile = 0; pile <= bound; pile++) {
                mpq_t *a = malloc(sizeof *a * (size_t)(nsets * nsets)), value;
                mpq_init(value);
                /* Rows: player 1's bans (player 2 may not take them). */
                for (int i = 0; i < nsets; i++)
                    for (int j = 0; j < nsets; j++) {
                        int bans[2] = {sets[j], sets[i]};
                        mpq_init(a[i * nsets + j]);
                        mpq_set_ui(a[i * nsets + j], p1_wins_nim(&g, pile, bans, 0, 0) ? 1 : 0, 1);
                    }
                assert_int_equal(matrix_game_solve((const mpq_t *)a, nsets, nsets, value, NULL, NULL), 0);
                int64_t num, den;
                assert_true(table_probability(&t, (uint64_t)e->rank_of_piles(d, &pile, 1), &num, &den));
                mpq_t got;
                mpq_init(got);
                mpq_set_si(got, num, (unsigned long)den);
                if (!mpq_equal(got, value))
                    fail_msg("simultaneous k=%d bans=%d pile %d: engine %lld/%lld", k, nb, pile, (long long)num,
                             (long long)den);
                for (int i = 0; i < nsets * nsets; i++)
                    mpq_clear(a[i]);
                free(a);
                mpq_clear(value);
                mpq_clear(got);
            }
            table_free(&t);
            e->destroy(d);
        }
}

/* Simultaneous bans: "each player chooses all of his --bans numbers at
 * once" (6.2.2), so the start is one matrix of every set of exactly
 * --bans numbers of 1..k by every such set: C(k, bans) x C(k, bans),
 * each cell a different pair of ban sets.  Values alone cannot show a
 * player allowed to ban fewer: banning more never helps the opponent, so
 * a smaller set is dominated by any larger one containing it, and the
 * matrix's value stays the same (test_banned_nim_simultaneous cannot tell);
 * the matrix's shape can. */
static void test_simultaneous_bans_are_full_sets(void **state)
{
    (void)state;
    for (int k = 1; k <= 5; k++)
        for (int nb = 1; nb <= k; nb++) {
            int sets = 0;
            for (int m = 0; m < (1 << k); m++)
                sets += __builtin_popcount((unsigned)m) == nb;
            char kt[16], bt[16];
            snprintf(kt, sizeof kt, "%d", k);
            snprintf(bt, sizeof bt, "%d", nb);
            const game_entry *e;
            const int bound = 3;
            game_desc *d = build("banned-nim-simultaneous", 1, bound,
                                 (const char *const[]){"max-move", kt, "bans", bt, NULL}, &e);
            uint64_t *cells = malloc(sizeof *cells * (size_t)d->max_cells);
            game_matrix *opt = malloc(sizeof *opt * (size_t)(d->max_options + 1));
            game_move *mv = malloc(sizeof *mv * (size_t)(d->max_moves + 1));
            for (int pile = 0; pile <= bound; pile++) {
                uint64_t start = (uint64_t)e->rank_of_piles(d, &pile, 1);
                int n = d->matrices(d->data, start, opt, cells);
                if (n != 1 || opt[0].rows != sets || opt[0].cols != sets)
                    fail_msg("simultaneous k=%d bans=%d pile %d: %d options, the first %d x %d; want 1 of %d x %d",
                             k, nb, pile, n, n ? opt[0].rows : 0, n ? opt[0].cols : 0, sets, sets);
                assert_int_equal(d->moves(d->data, start, mv), sets * sets);
                for (int i = 0; i < sets * sets; i++)
                    for (int j = 0; j < i; j++)
                        assert_true(mv[i].child != mv[j].child);
            }
            free(cells);
            free(opt);
            free(mv);
            e->destroy(d);
        }
}

/* ---- unknown pile sizes (unknown-nim) ---- */

/* The chance that the player to move wins, two piles, each known (its
 * size) or unknown (-1: any of lo..hi, equally likely): the best take,
 * a take from an unknown pile worth the mean over its sizes. */
static void unknown_value(int x, int y, const int *lo, const int *hi, int k, mpq_t out)
{
    mpq_t best, take, one;
    mpq_init(best);
    mpq_init(take);
    mpq_init(one);
    bool any = false;
    int pile[2] = {x, y};
    for (int p = 0; p < 2; p++)
        for (int t = 1; t <= k; t++) {
            mpq_set_ui(take, 0, 1);
            int lo_s = pile[p] < 0 ? lo[p] : pile[p], hi_s = pile[p] < 0 ? hi[p] : pile[p];
            if (pile[p] >= 0 && pile[p] < t)
                continue;
            for (int size = lo_s; size <= hi_s; size++) {
                int next[2] = {pile[0], pile[1]};
                next[p] = size - t;
                unknown_value(next[0], next[1], lo, hi, k, one);
                /* 1 - the child's value, summed, then averaged. */
                mpq_neg(one, one);
                mpq_add(take, take, one);
                mpq_set_ui(one, 1, 1);
                mpq_add(take, take, one);
            }
            mpq_set_ui(one, (unsigned long)(hi_s - lo_s + 1), 1);
            mpq_div(take, take, one);
            if (!any || mpq_cmp(take, best) > 0)
                mpq_set(best, take);
            any = true;
        }
    mpq_set(out, best); /* no move: 0, a loss */
    mpq_clear(best);
    mpq_clear(take);
    mpq_clear(one);
}

static void test_unknown_piles(void **state)
{
    (void)state;
    static const int ranges[][4] = {{3, 5, 3, 5}, {3, 5, 4, 6}, {4, 6, 5, 7}, {3, 6, 3, 6}, {2, 3, 2, 4}};
    for (size_t r = 0; r < sizeof ranges / sizeof *ranges; r++)
        for (int k = 2; k <= 3; k++) {
            const int lo[2] = {ranges[r][0], ranges[r][2]}, hi[2] = {ranges[r][1], ranges[r][3]};
            if (lo[0] < k || lo[1] < k)
                continue;
            char rt[64], kt[16];
            snprintf(rt, sizeof rt, "%d:%d,%d:%d", lo[0], hi[0], lo[1], hi[1]);
            snprintf(kt, sizeof kt, "%d", k);
            const game_entry *e;
            game_desc *d = build("unknown-nim", 2, 1, (const char *const[]){"ranges", rt, "max-move", kt, NULL}, &e);
            value_table t;
            sweep_whole(&t, d);
            mpq_t want, got;
            mpq_init(want);
            mpq_init(got);
            unknown_value(-1, -1, lo, hi, k, want);
            int64_t num, den;
            assert_true(table_probability(&t, (uint64_t)e->rank_of_piles(d, NULL, 0), &num, &den));
            mpq_set_si(got, num, (unsigned long)den);
            if (!mpq_equal(got, want))
                fail_msg("unknown-nim %s k=%d: engine %lld/%lld", rt, k, (long long)num, (long long)den);
            /* Table 29's first row, by this recursion: 4/9. */
            if (r == 0 && k == 3) {
                mpq_set_ui(want, 4, 9);
                assert_true(mpq_equal(got, want));
            }
            mpq_clear(want);
            mpq_clear(got);
            table_free(&t);
            e->destroy(d);
        }
}

/* Every range starts at --max-move or more ("the range of possible values
 * for the size of a pile will always be at least as high as the maximum
 * move", 6.3; the option's help: lo >= k): a range from k is a game, one
 * from k - 1 is refused with a message, whichever pile has it. */
static void test_unknown_ranges_start_at_max_move(void **state)
{
    (void)state;
    for (int k = 2; k <= 5; k++) {
        char kt[16], from_k[32], below[32], second[64];
        snprintf(kt, sizeof kt, "%d", k);
        snprintf(from_k, sizeof from_k, "%d:%d", k, k + 2);
        snprintf(below, sizeof below, "%d:%d", k - 1, k + 1);
        snprintf(second, sizeof second, "%s,%s", from_k, below);
        const game_entry *e;
        game_desc *d = build("unknown-nim", 1, 1, (const char *const[]){"ranges", from_k, "max-move", kt, NULL}, &e);
        e->destroy(d);
        assert_refused("unknown-nim", 1, 1, (const char *const[]){"ranges", below, "max-move", kt, NULL});
        assert_refused("unknown-nim", 1, 1, (const char *const[]){"ranges", second, "max-move", kt, NULL});
    }
}

/* Table 2 (S(1,2,3), previous take restricted), read by hand from the
 * thesis: the recursion above agrees with it. */
static void test_recursion_gives_table_2(void **state)
{
    (void)state;
    static const int printed[12][4] = {{0, 0, 0, 0}, {1, 0, 1, 1}, {1, 1, 1, 1}, {2, 2, 2, 0},
                                       {0, 0, 0, 0}, {3, 0, 2, 1}, {1, 1, 1, 1}, {3, 1, 2, 0},
                                       {0, 0, 0, 0}, {3, 0, 2, 1}, {1, 1, 1, 1}, {3, 1, 2, 0}};
    rules g = {.piles = 1, .bound = 11, .k = 3, .rule = PREVIOUS, .takes = PILE, .tags = 4};
    g.sg = malloc(48 * sizeof *g.sg);
    g.mis = malloc(48);
    for (int i = 0; i < 48; i++)
        g.sg[i] = -1;
    for (int n = 0; n <= 11; n++)
        for (int r = 0; r <= 3; r++) {
            solve(&g, &n, r);
            assert_int_equal(g.sg[index_of(&g, &n, r)], printed[n][r]);
        }
    free(g.sg);
    free(g.mis);
}

/* ---- N players, the previous take restricted ---- */

/* Who makes the last move, counted from the player to move (1 the mover,
 * ..., 0 the player before him): each player picks the move after which
 * he ends up closest to making the last move himself. */
static int players_outcome(int n, int k, int chips, int r, int *memo)
{
    int *m = &memo[chips * (k + 1) + r];
    if (*m >= 0)
        return *m;
    int best = -1, best_rank = n + 1;
    for (int x = 1; x <= k && x <= chips; x++) {
        if (x == r)
            continue;
        /* The child's outcome v is counted from the next player: v = 0
         * the mover himself moves last (his best), v = 1 the next player
         * does (the mover made the move before the last: second best),
         * and so on; the least v is best, and counted from the mover the
         * last mover is one further on. */
        int v = players_outcome(n, k, chips - x, x, memo);
        if (v < best_rank) {
            best_rank = v;
            best = (v + 1) % n;
        }
    }
    *m = best < 0 ? 0 : best;
    return *m;
}

static void test_players_previous(void **state)
{
    (void)state;
    for (int n = 2; n <= 6; n++)
        for (int k = 2; k <= 5; k++) {
            const int bound = 40;
            int *memo = malloc(sizeof *memo * (size_t)(bound + 1) * (size_t)(k + 1));
            for (int i = 0; i < (bound + 1) * (k + 1); i++)
                memo[i] = -1;
            char nt[16], kt[16];
            snprintf(nt, sizeof nt, "%d", n);
            snprintf(kt, sizeof kt, "%d", k);
            const game_entry *e;
            game_desc *d = build("nim-players", 1, bound,
                                 (const char *const[]){"players", nt, "max-move", kt, "restriction", "previous", NULL},
                                 &e);
            value_table t;
            sweep_whole(&t, d);
            for (int c = 0; c <= bound; c++)
                for (int r = 0; r <= k; r++) {
                    uint64_t rank = (uint64_t)e->rank_of_piles(d, &c, 1) + (uint64_t)r;
                    assert_int_equal(table_outcome(&t, rank), players_outcome(n, k, c, r, memo));
                }
            table_free(&t);
            e->destroy(d);
            free(memo);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_previous_take),       cmocka_unit_test(test_chosen_restriction),
        cmocka_unit_test(test_wythoff),             cmocka_unit_test(test_plain_games),
        cmocka_unit_test(test_recursion_gives_table_2), cmocka_unit_test(test_players_previous),
        cmocka_unit_test(test_per_pile_restriction), cmocka_unit_test(test_banned_nim),
        cmocka_unit_test(test_banned_nim_simultaneous), cmocka_unit_test(test_unknown_piles),
        cmocka_unit_test(test_wythoff_pairs_on_four_piles), cmocka_unit_test(test_per_pile_largest_sizes),
        cmocka_unit_test(test_simultaneous_bans_are_full_sets),
        cmocka_unit_test(test_unknown_ranges_start_at_max_move),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
