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

/* The value of each take from the start (options in the game's order:
 * pile X's takes 1..k, then pile Y's), and the start's. */
static void start_values(const rn_solved *s, mpq_t *option, int *n, mpq_t best)
{
    const game_desc *g = s->game;
    uint64_t start = (uint64_t)s->entry->rank_of_piles(g, NULL, 0);
    game_matrix *opt = xmalloc(sizeof *opt * (size_t)g->max_options, "a matrix");
    uint64_t *cells = xmalloc(sizeof *cells * (size_t)g->max_cells, "a matrix");
    *n = g->matrices(g->data, start, opt, cells);
    mpq_t cell;
    mpq_init(cell);
    for (int o = 0; o < *n; o++) {
        /* A circulant: its value is the mean of a row of 1 - v(child). */
        /* sum of (1 - v(child)) = cols - sum of v(child) */
        mpq_set_ui(option[o], (unsigned long)opt[o].cols, 1);
        for (int j = 0; j < opt[o].cols; j++) {
            table_probability_q(&s->table, cells[opt[o].first + j], cell);
            mpq_sub(option[o], option[o], cell);
        }
        mpq_set_ui(cell, (unsigned long)opt[o].cols, 1);
        mpq_div(option[o], option[o], cell);
    }
    table_probability_q(&s->table, start, best);
    mpq_clear(cell);
    free(opt);
    free(cells);
}

static void unknown_cell(void *arg, const rn_grid *g, int i, int j, const char *printed, char *value, size_t vlen,
                         char *witness, size_t wlen)
{
    (void)arg;
    const char *column = g->col_label[j];
    /* The ranges are the row's inputs: as printed. */
    if (strstr(column, "Range")) {
        rn_append(value, vlen, "%s", printed ? printed : "(not read)");
        rn_append(witness, wlen, "an input of the row");
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
        rn_append(value, vlen, "(its ranges cannot be read)");
        rn_append(witness, wlen, "row %s", g->row_label[i]);
        return;
    }
    snprintf(ranges, sizeof ranges, "%s,%s", x, y);
    char kt[8];
    snprintf(kt, sizeof kt, "%d", UNKNOWN_K);
    rn_solved s;
    rn_solve(&s, "unknown-nim", 2, 1, (const char *const[]){"ranges", ranges, "max-move", kt, NULL});
    mpq_t option[2 * UNKNOWN_K], best;
    for (int o = 0; o < 2 * UNKNOWN_K; o++)
        mpq_init(option[o]);
    mpq_init(best);
    int n;
    start_values(&s, option, &n, best);
    if (strcmp(column, "Result") == 0) {
        append_q(value, vlen, best);
    } else {
        /* "X: 1,3 Y: 1,3": the takes that attain the start's value. */
        for (int pile = 0; pile < 2; pile++) {
            bool any = false;
            for (int t = 1; t <= UNKNOWN_K; t++) {
                int o = pile * UNKNOWN_K + t - 1;
                if (o >= n || mpq_cmp(option[o], best) != 0)
                    continue;
                if (any)
                    rn_append(value, vlen, ",%d", t);
                else
                    rn_append(value, vlen, "%s%s: %d", *value ? " " : "", pile ? "Y" : "X", t);
                any = true;
            }
        }
    }
    rn_append(witness, wlen, "ranges %s, k = %d: the takes from the start are worth", ranges, UNKNOWN_K);
    for (int o = 0; o < n; o++) {
        rn_append(witness, wlen, " %c%d ", o < UNKNOWN_K ? 'X' : 'Y', o % UNKNOWN_K + 1);
        append_q(witness, wlen, option[o]);
    }
    for (int o = 0; o < 2 * UNKNOWN_K; o++)
        mpq_clear(option[o]);
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
