/*
 * rn_unknown_claims.c -- Table 29 of Huibers' thesis (Section 6.3, Nim
 * with two piles of unknown size, moves of at most 3): the starting
 * player's exact chance of winning and the takes that attain it, every
 * row against the engine's values of unknown-nim.
 */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/xalloc.h"
#include "core/games/unknown_nim/unknown_nim.h"
#include "proofs/huibers/rn_tables.h"

#define UNKNOWN_K 3

/* "3,4,5" -> "3:5" (the sizes a range holds, consecutive). */
static bool range_option(const char *sizes, char *out, size_t len)
{
    int lo = -1, hi = -1, prev = -1;
    for (const char *p = sizes; *p;) {
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p || (prev >= 0 && v != prev + 1))
            return false;
        if (lo < 0)
            lo = (int)v;
        hi = prev = (int)v;
        p = *end == ',' ? end + 1 : end;
        if (*end && *end != ',')
            return false;
    }
    if (lo < 0)
        return false;
    snprintf(out, len, "%d:%d", lo, hi);
    return true;
}

/* A rational in lowest terms as text, appended ("4/9"). */
static void append_q(char *out, size_t len, const mpq_t q)
{
    size_t room = mpz_sizeinbase(mpq_numref(q), 10) + mpz_sizeinbase(mpq_denref(q), 10) + 3;
    char *text = xmalloc(room, "a rational");
    mpq_get_str(text, 10, q);
    rn_append(out, len, "%s", text);
    free(text);
}

static void unknown_cell(void *arg, const rn_grid *g, int i, int j, const char *printed, rn_cell_out *out)
{
    (void)arg;
    const char *column = g->col_label[j];
    /* The ranges are the row's inputs: as printed. */
    if (strstr(column, "Range")) {
        RN_VALUE(out, "%s", printed ? printed : "(not read)");
        RN_WITNESS(out, "an input of the row");
        return;
    }
    char x[32], y[32], ranges[80];
    int xc = -1, yc = -1;
    for (int c = 0; c < g->cols; c++) {
        if (strcmp(g->col_label[c], "Pile X Range") == 0)
            xc = c;
        if (strcmp(g->col_label[c], "Pile Y Range") == 0)
            yc = c;
    }
    const char *xr = xc < 0 ? NULL : g->as_printed[(size_t)i * (size_t)g->cols + (size_t)xc];
    const char *yr = yc < 0 ? NULL : g->as_printed[(size_t)i * (size_t)g->cols + (size_t)yc];
    if (!xr || !yr || !range_option(xr, x, sizeof x) || !range_option(yr, y, sizeof y)) {
        /* A range that cannot be read leaves the row's cells unknown. */
        RN_VALUE(out, "(its ranges cannot be read)");
        RN_WITNESS(out, "row %s", g->row_label[i]);
        return;
    }
    snprintf(ranges, sizeof ranges, "%s,%s", x, y);
    char kt[8];
    snprintf(kt, sizeof kt, "%d", UNKNOWN_K);
    rn_solved s;
    rn_solve(&s, "unknown-nim", 2, 1, (const char *const[]){"ranges", ranges, "max-move", kt, NULL});
    /* The start: both piles unknown. */
    uint64_t start = (uint64_t)s.entry->rank_of_piles(s.game, NULL, 0);
    int n;
    unknown_take *takes = unknown_takes(&s.table, start, &n);
    mpq_t best;
    mpq_init(best);
    table_probability_q(&s.table, start, best);
    if (strcmp(column, "Result") == 0) {
        append_q(out->value, RN_VALUE_MAX, best);
        RN_SHOWS(out, "(?,?): the player to move wins with probability ");
        append_q(out->shows, RN_VALUE_MAX, best);
    } else {
        /* "X: 1,3 Y: 1,3": the takes that attain the start's value. */
        for (int pile = 0; pile < 2; pile++) {
            bool any = false;
            for (int o = 0; o < n; o++) {
                if (takes[o].pile != pile || !mpq_equal(takes[o].chance, best))
                    continue;
                if (any)
                    RN_VALUE(out, ",%d", takes[o].take);
                else
                    RN_VALUE(out, "%s%s: %d", *out->value ? " " : "", pile ? "Y" : "X", takes[o].take);
                any = true;
            }
        }
        RN_SHOWS(out, "the best takes (Huibers' Table 29 notation): %s", out->value);
    }
    RN_COMMAND(out, "verifier value '?,?' --game unknown-nim --ranges %s --max-move %d", ranges, UNKNOWN_K);
    RN_WITNESS(out, "ranges %s, k = %d: the takes from the start are worth", ranges, UNKNOWN_K);
    for (int o = 0; o < n; o++) {
        RN_WITNESS(out, " %c%d ", takes[o].pile ? 'Y' : 'X', takes[o].take);
        append_q(out->witness, RN_WITNESS_MAX, takes[o].chance);
    }
    unknown_takes_free(takes, n);
    mpq_clear(best);
    rn_solved_free(&s);
}

static void table29(claim_report *r, int twist)
{
    rn_grid g;
    rn_grid_load(&g, "table-29");
    /* twist: the first result changed. */
    if (twist)
        rn_set_cell(&g, 0, ptable_col(&g, "Result"), "1/2");
    rn_compare_grid(r, 0, &g, unknown_cell, NULL);
    rn_grid_free(&g);
}

static void claim_table29(const claim_ctx *ctx, claim_report *r)
{
    (void)ctx;
    table29(r, 0);
}

const claim_def claim_rn_table29 = {
    .id = "rn/table-29",
    .truth = CLAIM_WHOLE,
    .game = "unknown-nim",
    .source = "Huibers, Section 6.3, Table 29",
    .statement = "With two piles of unknown size (each equally likely to be any size of its range, known once a "
                 "move is made on it) and moves of at most 3, the starting player's chance of winning and the "
                 "takes that attain it are as printed in Table 29.",
    .domain = "the table's 35 rows of ranges; exact values (the ranges, the rows' inputs, are counted as read)",
    .parts = {"cells as printed"},
    .check_games = claim_table29,
    .sizes_help = "fixed",
};

const rn_check_entry rn_unknown_checks[] = {{"rn/table-29", table29, NULL}, {NULL, NULL, NULL}};
