/*
 * value.c -- the `value` command: f_N(p) of one position at integer,
 * half-integer or any rational N, exactly, and with --explain the optimal
 * first moves and one optimal line with each player's running score.
 *
 * A bonus N = a/b is computed as recursion (2) scaled by 2b (the table's
 * denominator, payoff.h): a stone is worth 2b, the last stone's bonus 2a,
 * and the value 2b f_N(p) is an integer.  Nothing is interpolated.
 */
#include "verifier/cli/value.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/payoff.h"
#include "core/engine/pinning.h"
#include "core/engine/xalloc.h"
#include "verifier/run/check.h"

/* num/den reduced, as "7/4", "-3", "0". */
void value_format_rat(long long num, long long den, char *buf, int len)
{
    long long g = gcd_long((long)(num < 0 ? -num : num), (long)den);
    if (g == 0)
        g = 1;
    num /= g;
    den /= g;
    if (den == 1)
        snprintf(buf, (size_t)len, "%lld", num);
    else
        snprintf(buf, (size_t)len, "%lld/%lld", num, den);
}

/* The smallest b >= 1 with 2b x an integer, for x = p/q. */
static long half_denominator(rat x)
{
    return x.den / gcd_long(x.den, 2);
}

/* Every pile, largest first, as the paper writes a position: (5,4,2),
 * (4,2,0). */
void value_format_position(const sn_table *t, uint64_t rank, char *buf, int len)
{
    int a[MS_MAX_SLOTS], k = 0;
    ms_unrank(&t->shape, rank, a);
    k += snprintf(buf + k, (size_t)(len - k), "(");
    for (int i = t->shape.piles - 1; i >= 0 && k < len; i--)
        k += snprintf(buf + k, (size_t)(len - k), "%d%s", a[i], i ? "," : ")");
}

static int total_of(const sn_table *t, uint64_t rank)
{
    int a[MS_MAX_SLOTS];
    ms_unrank(&t->shape, rank, a);
    return ms_total(a, t->shape.piles);
}

/* Every optimal first move, then one optimal line to the end with the
 * running scores: the first player is the one to move at p. */
static void explain(const sn_table *t, uint64_t rank, int lane, rat N)
{
    long b = t->opts.denom > 1 ? t->opts.denom : 1;
    char pos[128], child[128], nb[48], v[48];
    sn_move *moves = xmalloc((size_t)sn_max_moves(&t->shape) * sizeof *moves, "a move list");
    int k = sn_optimal_moves(t, rank, lane, moves);
    value_format_position(t, rank, pos, sizeof pos);
    value_format_rat(N.num, N.den, nb, sizeof nb);
    if (k == 0) {
        char f[48];
        value_format_rat(-N.num, N.den, f, sizeof f);
        printf("%s has no stone: the game is over; the opponent took the last stone, so f = -N = %s\n", pos, f);
        free(moves);
        return;
    }
    printf("optimal first moves from %s at N = %s (%d):", pos, nb, k);
    for (int m = 0; m < k; m++) {
        value_format_position(t, moves[m].child, child, sizeof child);
        printf(" %s", child);
    }
    printf("\n");
    uint64_t *line = xmalloc((size_t)(t->shape.max_total + 2) * sizeof *line, "a line of play");
    int len = sn_optimal_line(t, rank, lane, line, t->shape.max_total + 2);
    printf("one optimal line (the first optimal move at every step; \"first\" moves at %s):\n", pos);
    long score[2] = {0, 0};
    for (int s = 1; s < len; s++) {
        int who = (s - 1) % 2, taken = total_of(t, line[s - 1]) - total_of(t, line[s]);
        score[who] += taken;
        value_format_position(t, line[s - 1], pos, sizeof pos);
        value_format_position(t, line[s], child, sizeof child);
        printf("  %2d. %-6s takes %d: %s -> %s   first %ld, second %ld\n", s, who ? "second" : "first", taken, pos,
               child, score[0], score[1]);
    }
    /* The player who took the last stone gets N. */
    int last = (len - 2) % 2;
    char fb[48];
    long long M = 2LL * b * N.num / N.den;
    value_format_rat(2LL * b * (score[0] - score[1]) + (last == 0 ? M : -M), 2 * b, fb, sizeof fb);
    printf("  the %s player took the last stone and gets N = %s: f = (first's stones%s) - (second's stones%s) = "
           "%ld%s%s - %ld%s%s = %s\n",
           last == 0 ? "first" : "second", nb, last == 0 ? " + N" : "", last == 1 ? " + N" : "", score[0],
           last == 0 ? " + " : "", last == 0 ? nb : "", score[1], last == 1 ? " + " : "", last == 1 ? nb : "", fb);
    value_format_rat(sn_value2(t, rank, lane), 2 * b, v, sizeof v);
    printf("  (the table's value: %s)\n", v);
    free(line);
    free(moves);
}

int value_table(const value_query *q, sn_table *t, pinning *pin, value_grid *grid)
{
    char err[512];
    /* The bonuses asked for are lo, lo + step, ... <= hi; all of them, as
     * M = 2bN, are integers for the least such b. */
    long b = half_denominator(q->lo);
    long bs = half_denominator(q->step);
    b = b / gcd_long(b, bs) * bs;
    /* (hi - lo) / step, exactly: the floor of a rational (>= 0). */
    long long num = ((long long)q->hi.num * q->lo.den - (long long)q->lo.num * q->hi.den) * q->step.den;
    long long den = (long long)q->hi.den * q->lo.den * q->step.num;
    long long count = num / den + 1;
    long long mlo = 2LL * b * q->lo.num / q->lo.den, mstep = 2LL * b * q->step.num / q->step.den;
    /* mhi only once count and b are known to be small (no overflow). */
    bool too_many = b > 100000 || count > 1000000;
    long long mhi = too_many ? 0 : mlo + (count - 1) * mstep;
    if (too_many || mlo < -100000000LL || mhi > 100000000LL) {
        fprintf(stderr, "verifier: %s: the bonuses asked for are too fine or too many (%lld values, denominator "
                        "%ld): narrow --bonus or coarsen --step\n",
                q->command, count, 2 * b);
        return EXIT_USAGE;
    }
    int bound = 0;
    for (int i = 0; i < q->n; i++)
        bound = q->piles[i] > bound ? q->piles[i] : bound;
    if (pinning_open(pin, 0, err, sizeof err) != 0) {
        fprintf(stderr, "verifier: %s\n", err);
        return EXIT_RUN_ERROR;
    }
    pinning_start(pin);
    sn_window win = {.mlo = (int)mlo, .step = 1, .lanes = (int)(mhi - mlo + 1)};
    sn_table_opts opts = {.format = SN_FORMAT_PACKED, .kernel = SN_KERNEL_RUNMAX, .denom = (int)b};
    /* sn_table_create_with refuses a table beyond the memory budget or
     * values beyond its format. */
    if (sn_table_create_with(t, q->n, bound, win, opts, err, sizeof err) != 0) {
        fprintf(stderr, "verifier: %s: %s\n", q->command, err);
        pinning_close(pin);
        return EXIT_USAGE;
    }
    sn_table_sweep(t, pin);
    *grid = (value_grid){.rank = (uint64_t)ms_rank_of(&t->shape, q->piles, q->n), .count = count, .mlo = mlo,
                         .mstep = mstep, .denom2 = 2 * b};
    return 0;
}

int run_value(const value_query *q)
{
    sn_table table;
    pinning pin;
    value_grid g;
    int rc = value_table(q, &table, &pin, &g);
    if (rc != 0)
        return rc;
    for (long long k = 0; k < g.count; k++) {
        int lane = (int)(k * g.mstep);
        char nb[48], fb[48];
        value_format_rat(g.mlo + k * g.mstep, g.denom2, nb, sizeof nb);
        value_format_rat(sn_value2(&table, g.rank, lane), g.denom2, fb, sizeof fb);
        printf("%s %s\n", nb, fb);
    }
    if (q->explain)
        explain(&table, g.rank, 0, q->lo);
    pinning_close(&pin);
    sn_table_free(&table);
    return EXIT_HOLDS;
}
