/*
 * test_pile_period.c -- the certificates of core/engine/pile_period.h:
 * what they prove agrees with larger tables computed outright, and the
 * checker refuses a certificate that repeats over a shorter window than
 * the argument needs, and a table planted to break its period just past
 * the window.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/engine/pile_game.h"
#include "core/engine/pile_period.h"
#include "core/engine/sweep.h"
#include "core/engine/table.h"
#include "core/games/game_options.h"
#include "core/games/registry.h"

typedef struct {
    const game_entry *entry;
    game_desc *game;
    value_table table;
    int bound;
} solved;

/* Builds and sweeps a game of the registry on `piles` piles of at most
 * `bound`, options as name, value pairs ending in NULL. */
static void solve(solved *s, const char *name, int piles, int bound, const char *const *options)
{
    memset(s, 0, sizeof *s);
    s->entry = game_find(name);
    assert_non_null(s->entry);
    game_params p = {.piles = piles, .bound = bound, .unit = 2};
    for (int k = 0; options[k]; k += 2) {
        int at = game_option_index(s->entry, options[k]);
        assert_true(at >= 0);
        p.option[at] = options[k + 1];
    }
    char err[256];
    s->game = s->entry->build(&p, err, sizeof err);
    assert_non_null(s->game);
    table_opts o = table_default_opts(s->game, (lane_window){0});
    assert_int_equal(table_create(&s->table, s->game, &o, err, sizeof err), 0);
    table_sweep(&s->table, NULL);
    s->bound = bound;
}

static void unsolve(solved *s)
{
    table_free(&s->table);
    s->entry->destroy(s->game);
}

/* Restricted Nim, the previous take restricted, moves of 1..k. */
static void solve_previous(solved *s, int piles, int bound, int k)
{
    char kt[16];
    snprintf(kt, sizeof kt, "%d", k);
    solve(s, "restricted-nim", piles, bound, (const char *const[]){"max-move", kt, "restriction", "previous", NULL});
}

/* Every position of `large` has the value the certificate of `small`
 * gives it through the fold. */
static void fold_agrees(const solved *small, const pile_period *c, const solved *large)
{
    const pile_game *pg = large->game->data;
    int p[MS_MAX_SLOTS], n = pg->shape.piles;
    for (uint64_t rank = 0; rank < large->table.count; rank++) {
        pile_game_piles_of(large->game, rank, p);
        uint64_t want = pile_period_value(&large->table, c->view, rank);
        uint64_t got = pile_period_value_at(&small->table, c, p, n, pile_game_tag(pg, rank));
        if (want != got)
            fail_msg("%s: rank %llu: the certificate gives %llu, the larger table %llu", large->game->name,
                     (unsigned long long)rank, (unsigned long long)got, (unsigned long long)want);
    }
}

/* Finds, checks, and compares with a larger table (two or three times the
 * bound). */
static void certified_and_confirmed(solved *small, solved *large, pile_view v, int reach)
{
    pile_period c;
    char why[PILE_PERIOD_WHY_MAX];
    assert_true(pile_period_find(&small->table, v, small->bound, reach, 1, &c));
    if (!pile_period_check(&small->table, small->bound, &c, why, sizeof why))
        fail_msg("%s", why);
    fold_agrees(small, &c, large);
}

static void test_certificates_agree_with_larger_tables(void **state)
{
    (void)state;
    solved a, b;
    for (int k = 2; k <= 6; k++) {
        /* One pile, the Sprague-Grundy values. */
        solve_previous(&a, 1, 400, k);
        solve_previous(&b, 1, 1200, k);
        certified_and_confirmed(&a, &b, PILE_GRUNDY, k);
        unsolve(&a);
        unsolve(&b);
        /* Two piles, wins and losses. */
        solve_previous(&a, 2, 60, k);
        solve_previous(&b, 2, 150, k);
        certified_and_confirmed(&a, &b, PILE_NORMAL_WIN, k);
        unsolve(&a);
        unsolve(&b);
    }
    /* Three piles, k = 2 and 3, wins and losses. */
    for (int k = 2; k <= 3; k++) {
        solve_previous(&a, 3, 24, k);
        solve_previous(&b, 3, 48, k);
        certified_and_confirmed(&a, &b, PILE_NORMAL_WIN, k);
        unsolve(&a);
        unsolve(&b);
    }
    /* S(1,2,3) in misere play on two piles. */
    const char *const free3[] = {"max-move", "3", "restriction", "none", NULL};
    solve(&a, "restricted-nim", 2, 40, free3);
    solve(&b, "restricted-nim", 2, 120, free3);
    certified_and_confirmed(&a, &b, PILE_MISERE_WIN, 3);
    unsolve(&a);
    unsolve(&b);
    /* Three players, k = 3 (Huibers' Table 8), on one pile. */
    const char *const three[] = {"players", "3", "max-move", "3", "restriction", "previous", NULL};
    solve(&a, "nim-players", 1, 100, three);
    solve(&b, "nim-players", 1, 600, three);
    certified_and_confirmed(&a, &b, PILE_OUTCOME, 3);
    unsolve(&a);
    unsolve(&b);
}

/* Whether rows a and b of a one-pile table agree at every tag. */
static bool rows_agree(const solved *s, pile_view v, int a, int b)
{
    const pile_game *pg = s->game->data;
    for (int t = 0; t < pg->tags; t++)
        if (pile_period_value(&s->table, v, (uint64_t)a * (uint64_t)pg->tags + (uint64_t)t) !=
            pile_period_value(&s->table, v, (uint64_t)b * (uint64_t)pg->tags + (uint64_t)t))
            return false;
    return true;
}

/* A certificate (A, t) whose rows repeat over 1 to k - 1 rows from A but
 * not over k: a window shorter than the argument needs (k rows fix every
 * later row; fewer do not).  The checker must refuse every one. */
static void test_a_shorter_window_is_refused(void **state)
{
    (void)state;
    int refused = 0;
    for (int k = 2; k <= 6; k++) {
        solved s;
        solve_previous(&s, 1, 300, k);
        for (int per = 1; per <= 40; per++)
            for (int pre = k; pre + per + k <= 300; pre++) {
                int same = 0;
                while (same < k && rows_agree(&s, PILE_NORMAL_WIN, pre + same, pre + per + same))
                    same++;
                if (same < 1 || same == k)
                    continue;
                pile_period c = {.view = PILE_NORMAL_WIN, .pre = pre, .per = per, .reach = k};
                char why[PILE_PERIOD_WHY_MAX];
                if (pile_period_check(&s.table, 300, &c, why, sizeof why))
                    fail_msg("k = %d: period %d from %d repeats over %d rows only, and was accepted", k, per, pre,
                             same);
                refused++;
            }
        unsolve(&s);
    }
    /* The search must have met such windows, or it tested nothing. */
    assert_true(refused > 10);
}

/* A stored value changed where both views see it: the Sprague-Grundy
 * value 0 becomes 1 and any other 0 (a win becomes a loss and back), the
 * misere outcome (bit 31) kept. */
static uint32_t planted(uint32_t word)
{
    return (word & 0x80000000u) | ((word & 0x7fffffffu) == 0 ? 1u : 0u);
}

/* The true certificate, refused once the table is planted with a value
 * that breaks the period: in the window's last row, or (for the finder)
 * just past it. */
static void test_a_planted_break_is_refused(void **state)
{
    (void)state;
    for (int piles = 1; piles <= 2; piles++) {
        solved s;
        int k = 4, bound = piles == 1 ? 300 : 80;
        solve_previous(&s, piles, bound, k);
        pile_view v = piles == 1 ? PILE_GRUNDY : PILE_NORMAL_WIN;
        pile_period c;
        char why[PILE_PERIOD_WHY_MAX];
        assert_true(pile_period_find(&s.table, v, bound, k, 1, &c));
        assert_true(pile_period_check(&s.table, bound, &c, why, sizeof why));
        const pile_game *pg = s.game->data;
        /* The last row of the window, (0, ..., A + t - 1) with nothing
         * restricted: one value changed. */
        int p[2] = {0, c.pre + c.per - 1};
        uint64_t rank = (uint64_t)pile_game_rank_of_piles(s.game, p + 2 - piles, piles);
        uint32_t saved = s.table.grundy[rank];
        s.table.grundy[rank] = planted(saved);
        assert_false(pile_period_check(&s.table, bound, &c, why, sizeof why));
        s.table.grundy[rank] = saved;
        /* Just past the window, at A + t: the finder must not propose a
         * certificate the checker accepts from such a table. */
        p[1] = c.pre + c.per;
        rank = (uint64_t)pile_game_rank_of_piles(s.game, p + 2 - piles, piles);
        saved = s.table.grundy[rank];
        s.table.grundy[rank] = planted(saved);
        pile_period d;
        if (pile_period_find(&s.table, v, bound, k, 1, &d))
            assert_false(pile_period_check(&s.table, bound, &d, why, sizeof why));
        s.table.grundy[rank] = saved;
        (void)pg;
        unsolve(&s);
    }
}

/* A certificate the argument cannot use is refused before any work: a
 * preperiod below the largest take, or a region past the table. */
static void test_an_unusable_certificate_is_refused(void **state)
{
    (void)state;
    solved s;
    solve_previous(&s, 1, 100, 3);
    char why[PILE_PERIOD_WHY_MAX];
    pile_period c = {.view = PILE_GRUNDY, .pre = 2, .per = 4, .reach = 3};
    assert_false(pile_period_check(&s.table, 100, &c, why, sizeof why));
    assert_non_null(strstr(why, "preperiod"));
    c = (pile_period){.view = PILE_GRUNDY, .pre = 50, .per = 60, .reach = 3};
    assert_false(pile_period_check(&s.table, 100, &c, why, sizeof why));
    assert_non_null(strstr(why, "beyond"));
    c = (pile_period){.view = PILE_OUTCOME, .pre = 4, .per = 4, .reach = 3};
    assert_false(pile_period_check(&s.table, 100, &c, why, sizeof why));
    unsolve(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_certificates_agree_with_larger_tables),
        cmocka_unit_test(test_a_shorter_window_is_refused),
        cmocka_unit_test(test_a_planted_break_is_refused),
        cmocka_unit_test(test_an_unusable_certificate_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
