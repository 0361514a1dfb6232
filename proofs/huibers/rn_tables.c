/*
 * rn_tables.c -- Huibers' printed tables as data, the games of the
 * thesis solved by the engine, and the cell-by-cell comparison (see
 * rn_tables.h).
 */
#include "proofs/huibers/rn_tables.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/pile_game.h"
#include "core/engine/sweep.h"
#include "core/engine/xalloc.h"
#include "proofs/paper_data.h"

/* ---- the transcribed tables ---- */

const char *rn_table_text(const char *name)
{
    return paper_data_text("huibers", name);
}

void rn_grid_load(rn_grid *g, const char *name)
{
    const char *text = rn_table_text(name);
    if (!text)
        die("internal error: no transcribed table %s", name);
    char err[512];
    if (ptable_parse(g, name, text, err, sizeof err) != 0)
        die("internal error: %s", err);
}

void rn_grid_free(rn_grid *g)
{
    ptable_free(g);
}

/* A cell as a reader sees it: "." was printed empty. */
static const char *shown(const char *cell)
{
    return strcmp(cell, ".") == 0 ? "(empty)" : cell;
}

/* The computed cells, their witnesses and replay commands, each cell
 * given its printed text when its line splits exactly (rows x cols,
 * copies). */
typedef struct {
    char **value, **witness, **command, **shows;
} computed_cells;

static void compute_cells(const rn_grid *g, rn_cell_fn fn, void *ctx, bool by_column, computed_cells *cc)
{
    size_t cells = (size_t)g->rows * (size_t)g->cols;
    cc->value = xcalloc(cells, sizeof *cc->value, "a table's values");
    cc->witness = xcalloc(cells, sizeof *cc->witness, "a table's values");
    cc->command = xcalloc(cells, sizeof *cc->command, "a table's values");
    cc->shows = xcalloc(cells, sizeof *cc->shows, "a table's values");
    /* A cell function that needs more room stops the run (rn_append). */
    rn_cell_out out = {xmalloc(RN_VALUE_MAX, "a table's values"), xmalloc(RN_WITNESS_MAX, "a table's values"),
                       xmalloc(RN_COMMAND_MAX, "a table's values"), xmalloc(RN_VALUE_MAX, "a table's values")};
    for (size_t c = 0; c < cells; c++) {
        int i = by_column ? (int)(c % (size_t)g->rows) : (int)(c / (size_t)g->cols);
        int j = by_column ? (int)(c / (size_t)g->rows) : (int)(c % (size_t)g->cols);
        size_t k = (size_t)i * (size_t)g->cols + (size_t)j;
        out.value[0] = out.witness[0] = out.command[0] = out.shows[0] = '\0';
        fn(ctx, g, i, j, g->as_printed[k], &out);
        cc->value[k] = xstrdup(out.value, "a table's values");
        cc->witness[k] = xstrdup(out.witness, "a table's values");
        cc->command[k] = xstrdup(out.command, "a table's values");
        cc->shows[k] = xstrdup(out.shows, "a table's values");
    }
    free(out.value);
    free(out.witness);
    free(out.command);
    free(out.shows);
}

static void computed_free(const rn_grid *g, computed_cells *cc)
{
    size_t cells = (size_t)g->rows * (size_t)g->cols;
    for (size_t k = 0; k < cells; k++) {
        free(cc->value[k]);
        free(cc->witness[k]);
        free(cc->command[k]);
        free(cc->shows[k]);
    }
    free(cc->value);
    free(cc->witness);
    free(cc->command);
    free(cc->shows);
}

/* "rows 1-4, 7, 9": the rows of the lines whose least-cost alignment is
 * not the line as printed (damage at cost 0 included: a lost label, runs,
 * filler, a shifted block), by their names (the first dozen; then how many
 * more). */
static char *damaged_rows(const rn_grid *g, const ptable_reading *rd, int *lines)
{
    char *out = claim_printf("%s", "");
    int listed = 0, more = 0;
    *lines = 0;
    for (int l = 0; l < g->nlines; l++) {
        bool damaged = rd->cost[l] > 0 || !rd->as_printed[l];
        for (int s = 0; s < g->line[l].nrows && !damaged; s++)
            for (int j = 0; j < g->cols && !damaged; j++) {
                ptable_class c = rd->cell[g->line[l].row[s] * g->cols + j].cls;
                damaged = c != PT_AGREES && c != PT_NOT_PRINTED && c != PT_UNREADABLE;
            }
        if (!damaged)
            continue;
        (*lines)++;
        for (int s = 0; s < g->line[l].nrows; s++) {
            if (listed == 12) {
                more++;
                continue;
            }
            char *next = claim_printf("%s%s%s", out, listed ? ", " : "", g->row_label[g->line[l].row[s]]);
            free(out);
            out = next;
            listed++;
        }
    }
    if (more) {
        char *next = claim_printf("%s and %d more", out, more);
        free(out);
        out = next;
    }
    return out;
}

/* Where a cell is, as an erratum names it. */
static char *cell_where(const rn_grid *g, int i, int j)
{
    return claim_printf("%s, row %s, column %s", g->name, g->row_label[i], g->col_label[j]);
}

/* The rows of line l by name, apart by spaces. */
static char *line_rows(const rn_grid *g, int l)
{
    const ptable_line *ln = &g->line[l];
    char *rows = claim_printf("%s", "");
    for (int k = 0; k < ln->nrows; k++) {
        char *next = claim_printf("%s%s%s", rows, k ? " " : "", g->row_label[ln->row[k]]);
        free(rows);
        rows = next;
    }
    return rows;
}

/* "the line of row 22 prints 1 P where its cells hold 0" */
static char *surplus_text(const rn_grid *g, const ptable_reading *rd, int l, const char *text)
{
    ptable_count c = ptable_line_count(rd, l, text);
    char *rows = line_rows(g, l);
    char *s = claim_printf("the line of row%s %s prints %d \"%s\" where its cells hold %d", g->line[l].nrows > 1 ? "s" : "",
                           rows, c.printed, shown(text), c.computed);
    free(rows);
    return s;
}

/* A graded cell's evidence in one line (printed_table.h). */
static char *cell_evidence(const rn_grid *g, const ptable_reading *rd, int i, int j)
{
    const ptable_cell *pc = &rd->cell[(size_t)i * (size_t)g->cols + (size_t)j];
    int l = g->line_of[i];
    if (pc->why == PT_WHY_ABSENT)
        return claim_printf("no cell of its line computes \"%s\" and no label of it reads so: no shift, run or lost "
                            "cell of the extraction brings it here, and every least-cost alignment of the line "
                            "reads it on this cell",
                            shown(pc->reading));
    if (pc->why == PT_WHY_TWICE)
        return claim_printf("the table prints \"%s\" for this position twice, here and at row %s, column %s, in "
                            "another line, and every least-cost alignment reads it on both",
                            shown(pc->reading), g->row_label[pc->other_row], g->col_label[pc->other_col]);
    char *surplus = surplus_text(g, rd, l, pc->reading);
    char *e = claim_printf("%s, a surplus no shift explains (the extraction creates no symbol: it drops cells, and "
                           "adds or drops the filler), the lines beside it do not lack as many, and every least-cost "
                           "alignment puts it on this cell",
                           surplus);
    free(surplus);
    return e;
}

static claim_grade claim_grade_of(ptable_grade g)
{
    return g == PT_CERTAIN ? CLAIM_GRADE_CERTAIN : CLAIM_GRADE_PROBABLE;
}

static void report_cell_erratum(claim_report *r, int part, const rn_grid *g, const ptable_reading *rd,
                                const computed_cells *cc, int i, int j)
{
    size_t k = (size_t)i * (size_t)g->cols + (size_t)j;
    const ptable_cell *pc = &rd->cell[k];
    char *where = cell_where(g, i, j);
    char *note = claim_printf("%s%s%s", cc->witness[k], g->conflict[k] ? "; the thesis elsewhere: " : "",
                              g->conflict[k] ? g->conflict[k] : "");
    claim_mismatch_at(r, part, where, shown(pc->reading), shown(cc->value[k]), note);
    char *evidence = cell_evidence(g, rd, i, j);
    claim_mismatch_grade(r, claim_grade_of(pc->grade), evidence);
    if (cc->command[k][0])
        claim_mismatch_replay(r, cc->command[k], cc->shows[k]);
    free(evidence);
    free(where);
    free(note);
}

/* Where field f of line l stands as printed: the row whose label comes
 * last before it (labels searched in the line's order; none found: its
 * first row) and its place after that label (0: the first cell). */
static void printed_place(const rn_grid *g, int l, int f, int *row, int *place)
{
    const ptable_line *ln = &g->line[l];
    int start = -1, seg = 0;
    *row = ln->row[0];
    for (int s = 0, from = 0; g->labels && s < ln->nrows; s++) {
        int at = -1;
        for (int k = from; k <= f && at < 0; k++)
            if (strcmp(ln->field[k], g->printed_label[ln->row[s]]) == 0)
                at = k;
        if (at < 0)
            break;
        start = at;
        seg = s;
        from = at + 1;
    }
    *row = ln->row[seg];
    *place = f - start - 1;
}

/* The command over a range of cells: the commands of its first and last
 * cells differ in one number, the range's first and last pile ("22,0"
 * and "22,30"), which becomes "0:30" (`value` prints each position, then
 * how many are lost); NULL when they do not differ so. */
static char *range_command(const char *first, const char *last)
{
    size_t i = 0;
    while (first[i] && first[i] == last[i])
        i++;
    /* Back to the start of the number they differ in. */
    while (i > 0 && first[i - 1] >= '0' && first[i - 1] <= '9')
        i--;
    char *e1, *e2;
    long lo = strtol(first + i, &e1, 10), hi = strtol(last + i, &e2, 10);
    if (e1 == first + i || e2 == last + i || hi <= lo || strcmp(e1, e2) != 0)
        return NULL;
    return claim_printf("%.*s%ld:%ld%s", (int)i, first, lo, hi, e1);
}

/* A printed symbol that fits no cell, graded: where it stands in its line,
 * the cells the alignments put it on, and what those compute. */
static void report_stray(claim_report *r, int part, const rn_grid *g, const ptable_reading *rd,
                         const computed_cells *cc, const ptable_stray *s)
{
    const char *symbol = s->text;
    int at_i = g->line[s->line].row[0], place = -1;
    /* A surplus of no field: the line as a whole. */
    if (s->field >= 0)
        printed_place(g, s->line, s->field, &at_i, &place);
    int at_j = place >= 0 && place < g->cols ? place : -1;
    char *rows = line_rows(g, s->line);
    char *where = at_j >= 0   ? claim_printf("%s, row %s, column %s as printed", g->name, g->row_label[at_i],
                                             g->col_label[at_j])
                  : s->field < 0 ? claim_printf("%s, row%s %s, which cell not known", g->name,
                                                g->line[s->line].nrows > 1 ? "s" : "", rows)
                                 : claim_printf("%s, row %s, printed cell %d (the row has %d columns)", g->name,
                                                g->row_label[at_i], place + 1, g->cols);
    free(rows);
    char *placed = s->field < 0
                       ? claim_printf("each of its \"%s\" fits some cell under some least-cost alignment, so "
                                      "which one is extra is not known",
                                      shown(symbol))
                   : s->first_row < 0
                       ? claim_printf("no least-cost alignment puts it on a cell")
                       : claim_printf("the least-cost alignments put it on cells from row %s, column %s to row %s, "
                                      "column %s, none of which computes it",
                                      g->row_label[s->first_row], g->col_label[s->first_col],
                                      g->row_label[s->last_row], g->col_label[s->last_col]);
    /* The cell it stands on as printed, else the first it may be (none
     * for a surplus of no field). */
    int wi = at_j >= 0 ? at_i : s->field < 0 ? -1 : s->first_row, wj = at_j >= 0 ? at_j : s->first_col;
    size_t wk = wi >= 0 ? (size_t)wi * (size_t)g->cols + (size_t)wj : 0;
    char *computed = xstrdup(wi >= 0 ? shown(cc->value[wk]) : "no cell for it", "a text");
    char *note = wi >= 0 ? claim_printf("at row %s, column %s: %s", g->row_label[wi], g->col_label[wj],
                                        cc->witness[wk])
                         : claim_printf("%s", "no cell of the line for it");
    char *surplus = surplus_text(g, rd, s->line, symbol);
    char *evidence = claim_printf("%s, a surplus no shift explains (the extraction creates no symbol: it drops "
                                  "cells, and adds or drops the filler), and the lines beside it do not lack as many; it fits "
                                  "no cell: %s",
                                  surplus, placed);
    claim_mismatch_at(r, part, where, shown(symbol), computed, note);
    claim_mismatch_grade(r, claim_grade_of(s->grade), evidence);
    /* A P that no cell of its range computes: the command over the range
     * shows that none of them is lost by the player to move. */
    char *range = NULL;
    if (strcmp(symbol, "P") == 0 && s->first_row >= 0 && s->first_row == s->last_row && s->first_col < s->last_col) {
        size_t a = (size_t)s->first_row * (size_t)g->cols + (size_t)s->first_col,
               b = (size_t)s->last_row * (size_t)g->cols + (size_t)s->last_col;
        range = cc->command[a][0] && cc->command[b][0] ? range_command(cc->command[a], cc->command[b]) : NULL;
    }
    if (range) {
        char *shows = claim_printf("of these %d positions, the player to move (normal play, nothing restricted, the "
                                   "start) wins %d and loses 0",
                                   s->last_col - s->first_col + 1, s->last_col - s->first_col + 1);
        claim_mismatch_replay(r, range, shows);
        free(shows);
        free(range);
    } else if (wi >= 0 && cc->command[wk][0])
        claim_mismatch_replay(r, cc->command[wk], cc->shows[wk]);
    free(surplus);
    free(evidence);
    free(placed);
    free(where);
    free(computed);
    free(note);
}

/* The symbol counts of the table as a finding: each symbol printed and
 * computed where they differ, the lines that print more of one than their
 * cells hold (and whether a run or a neighbouring line explains it), and
 * those that print fewer. */
static void counts_finding(claim_report *r, const rn_grid *g, const ptable_reading *rd)
{
    char *text = claim_printf("%s", "");
    const ptable_counts *tc = &rd->table_counts;
    int differ = 0;
    for (int k = 0; k < tc->ncount; k++) {
        if (tc->count[k].printed == tc->count[k].computed)
            continue;
        char *next = claim_printf("%s%s\"%s\" %d printed, %d computed", text, differ++ ? "; " : "",
                                  shown(tc->count[k].text), tc->count[k].printed, tc->count[k].computed);
        free(text);
        text = next;
    }
    char *more = claim_printf("%s", ""), *fewer = claim_printf("%s", "");
    int nmore = 0, nfewer = 0, unexplained = 0;
    for (int l = 0; l < g->nlines; l++) {
        const ptable_counts *lc = &rd->line_counts[l];
        for (int k = 0; k < lc->ncount; k++) {
            int d = lc->count[k].printed - lc->count[k].computed;
            if (d == 0)
                continue;
            unexplained += d > 0 && lc->count[k].unexplained > 0;
            char *rows = line_rows(g, l);
            char **into = d > 0 ? &more : &fewer;
            int *n = d > 0 ? &nmore : &nfewer;
            if (*n < 12) {
                char *next = claim_printf("%s%s%s: %+d \"%s\"%s", *into, *n ? ", " : "", rows, d,
                                          shown(lc->count[k].text),
                                          d > 0 && lc->count[k].unexplained == 0 ? " (a run lengthened: explained)" : "");
                free(*into);
                *into = next;
            }
            (*n)++;
            free(rows);
        }
    }
    claim_finding_add(r, "symbols",
                      "%s: %s%s (row labels and the filler not counted); lines printing more of a symbol than their "
                      "cells hold: %s%s; fewer: %s%s%s",
                      g->name, differ ? "" : "every symbol printed as often as computed", text,
                      nmore ? more : "none", nmore > 12 ? " and more" : "", nfewer ? fewer : "none",
                      nfewer > 12 ? " and more" : "",
                      unexplained == 0 && nfewer > 0
                          ? " (the table only loses symbols, or gains them where a run lengthens: a missing one "
                            "convicts nothing)"
                          : "");
    free(text);
    free(more);
    free(fewer);
}

static uint64_t compare_grid(claim_report *r, int part, const rn_grid *g, rn_cell_fn fn, void *ctx, bool by_column)
{
    computed_cells cc;
    compute_cells(g, fn, ctx, by_column, &cc);
    ptable_reading rd;
    ptable_read(g, (const char *const *)cc.value, &rd);
    uint64_t errata = 0;
    size_t cells = (size_t)g->rows * (size_t)g->cols;
    for (size_t c = 0; c < cells; c++) {
        int i = by_column ? (int)(c % (size_t)g->rows) : (int)(c / (size_t)g->cols);
        int j = by_column ? (int)(c / (size_t)g->rows) : (int)(c % (size_t)g->cols);
        if (rd.cell[(size_t)i * (size_t)g->cols + (size_t)j].cls == PT_ERRATUM) {
            report_cell_erratum(r, part, g, &rd, &cc, i, j);
            errata++;
        }
    }
    int ungraded_strays = 0;
    for (int k = 0; k < rd.nstray; k++) {
        if (rd.stray[k].grade == PT_UNGRADED) {
            ungraded_strays++;
            continue;
        }
        report_stray(r, part, g, &rd, &cc, &rd.stray[k]);
        errata++;
    }
    const uint64_t *n = rd.count;
    uint64_t read = n[PT_AGREES] + n[PT_DISPLACED] + n[PT_MIRRORED] + n[PT_UNDECIDED] + n[PT_DIFFERS] + n[PT_ERRATUM];
    claim_cases(r, part, read);
    /* A stray no grade reaches goes with a cell that differs (its symbol is
     * some cell's, or a neighbour's); counted undecided should no cell be. */
    uint64_t undecided = n[PT_UNDECIDED] + n[PT_DIFFERS];
    if (ungraded_strays && undecided + n[PT_DISPLACED] + n[PT_MIRRORED] == 0)
        undecided = 1;
    claim_not_refuted(r, part, n[PT_DISPLACED] + n[PT_MIRRORED], undecided);
    char *strays = rd.nstray ? claim_printf("; %d printed symbol%s that fit%s no cell (%d graded)", rd.nstray,
                                            rd.nstray == 1 ? "" : "s", rd.nstray == 1 ? "s" : "",
                                            rd.nstray - ungraded_strays)
                             : claim_printf("%s", "");
    char *labels = rd.misplaced_labels ? claim_printf("; %d row label%s out of place in %s line (layout)",
                                                     rd.misplaced_labels, rd.misplaced_labels == 1 ? "" : "s",
                                                     rd.misplaced_labels == 1 ? "its" : "their")
                                       : claim_printf("%s", "");
    claim_finding_add(r, "cells",
                      "%s: %llu of %llu cells read: %llu agree as printed, %llu differ where printed but the text's "
                      "damage explains them (%llu displaced within their line, %llu printed rightly at the same "
                      "position elsewhere in the table), %llu undecided, %llu read as another text that nothing "
                      "convicts, %llu errata (%llu certain, %llu probable)%s; %llu not printed, %llu unreadable%s",
                      g->name, (unsigned long long)read, (unsigned long long)cells,
                      (unsigned long long)n[PT_AGREES], (unsigned long long)(n[PT_DISPLACED] + n[PT_MIRRORED]),
                      (unsigned long long)n[PT_DISPLACED], (unsigned long long)n[PT_MIRRORED],
                      (unsigned long long)n[PT_UNDECIDED], (unsigned long long)n[PT_DIFFERS],
                      (unsigned long long)n[PT_ERRATUM], (unsigned long long)rd.errata[PT_CERTAIN],
                      (unsigned long long)rd.errata[PT_PROBABLE], strays, (unsigned long long)n[PT_NOT_PRINTED],
                      (unsigned long long)n[PT_UNREADABLE], labels);
    free(strays);
    free(labels);
    int damaged;
    char *rows = damaged_rows(g, &rd, &damaged);
    if (damaged)
        claim_finding_add(r, "damaged lines",
                          "%s: %d of %d printed lines are not read as printed (a row label lost, a run or the filler "
                          "changed, a cell lost or shifted, whatever the line's width); their cells are read by "
                          "aligning the line with the computed values (docs/claims.md): %s",
                          g->name, damaged, g->nlines, rows);
    free(rows);
    counts_finding(r, g, &rd);
    int grid = claim_grid_new(r, part, g->caption, g->rows, g->cols, g->row_label, g->col_label);
    for (int i = 0; i < g->rows; i++)
        for (int j = 0; j < g->cols; j++) {
            size_t k = (size_t)i * (size_t)g->cols + (size_t)j;
            claim_grid_cell(r, grid, i, j, g->at_place[k], cc.value[k], rd.cell[k].cls);
        }
    ptable_reading_free(&rd);
    computed_free(g, &cc);
    return errata;
}

uint64_t rn_compare_grid(claim_report *r, int part, const rn_grid *g, rn_cell_fn fn, void *ctx)
{
    return compare_grid(r, part, g, fn, ctx, false);
}

uint64_t rn_compare_grid_by_column(claim_report *r, int part, const rn_grid *g, rn_cell_fn fn, void *ctx)
{
    return compare_grid(r, part, g, fn, ctx, true);
}

/* Whether field f of line l is where one of its rows' labels stands (a
 * field holding a row's printed label). */
static bool is_label_field(const rn_grid *g, int l, int f)
{
    for (int k = 0; g->labels && k < g->line[l].nrows; k++)
        if (strcmp(g->line[l].field[f], g->printed_label[g->line[l].row[k]]) == 0)
            return true;
    return false;
}

/* Whether line l prints text in some field. */
static bool line_prints(const rn_grid *g, int l, const char *text)
{
    for (int f = 0; f < g->line[l].nfields; f++)
        if (strcmp(g->line[l].field[f], text) == 0)
            return true;
    return false;
}

/* The first cell symbol of the table, in printed order, that line `in`
 * does not print and that is not the filler (NULL when there is none). */
static const char *symbol_not_in(const rn_grid *g, int in)
{
    for (int l = 0; l < g->nlines; l++)
        for (int f = 0; f < g->line[l].nfields; f++) {
            const char *s = g->line[l].field[f];
            if (!(g->filler && strcmp(s, g->filler) == 0) && !is_label_field(g, l, f) && !line_prints(g, in, s))
                return s;
        }
    return NULL;
}

/* Sets a field, and every cell read as printed from it. */
static void set_field(rn_grid *g, int l, int f, const char *text)
{
    char *copy = xstrdup(text, "a table"), *old = g->line[l].field[f];
    size_t cells = (size_t)g->rows * (size_t)g->cols;
    for (size_t k = 0; k < cells; k++) {
        if (g->as_printed[k] == old)
            g->as_printed[k] = copy;
        if (g->at_place[k] == old)
            g->at_place[k] = copy;
    }
    g->line[l].field[f] = copy;
    free(old);
}

void rn_set_cell(rn_grid *g, int i, int j, const char *text)
{
    const char *old = g->as_printed[(size_t)i * (size_t)g->cols + (size_t)j];
    int l = g->line_of[i];
    for (int f = 0; old && l >= 0 && f < g->line[l].nfields; f++)
        if (g->line[l].field[f] == old) {
            set_field(g, l, f, text);
            return;
        }
    die("internal error: %s: cell (%s, %s) has no certain place to set", g->name, g->row_label[i], g->col_label[j]);
}

void rn_twist_grid(rn_grid *g)
{
    /* Nothing printed (Table 5): its first row printed, every cell a
     * symbol no position has. */
    if (g->nlines == 0) {
        ptable_line *ln = &g->line[0];
        int i = 0;
        ln->nrows = 1;
        ln->row = xmalloc(sizeof *ln->row, "a table");
        ln->row[0] = i;
        ln->nfields = g->cols + 1;
        ln->field = xmalloc(sizeof *ln->field * (size_t)ln->nfields, "a table");
        ln->field[0] = xstrdup(g->printed_label[i], "a table");
        for (int j = 0; j < g->cols; j++) {
            ln->field[j + 1] = xstrdup("Z", "a table");
            g->as_printed[j] = g->at_place[j] = ln->field[j + 1];
        }
        g->nlines = 1;
        g->line_of[i] = 0;
        free(g->missing[i]);
        g->missing[i] = NULL;
        return;
    }
    /* The first cell of the first line, changed to a symbol of the table
     * that line does not print (else to one no table prints): a symbol no
     * damage of the line can have put there, wherever the line is read. */
    const ptable_line *ln = &g->line[0];
    int f = g->labels && ln->nfields > 1 && is_label_field(g, 0, 0) ? 1 : 0;
    const char *other = symbol_not_in(g, 0);
    char *text = xstrdup(other ? other : "Z", "a table");
    set_field(g, 0, f, text);
    free(text);
}

/* ---- games solved by the engine ---- */

void rn_solve(rn_solved *s, const char *game, int piles, int bound, const char *const *options)
{
    memset(s, 0, sizeof *s);
    s->entry = game_find(game);
    if (!s->entry)
        die("internal error: no game %s", game);
    game_params p = {.piles = piles, .bound = bound, .unit = 2};
    char text[RN_COMMAND_MAX] = "";
    for (int k = 0; options && options[k]; k += 2) {
        int at = game_option_index(s->entry, options[k]);
        if (at < 0)
            die("internal error: %s has no option --%s", game, options[k]);
        p.option[at] = options[k + 1];
        rn_append(text, sizeof text, " --%s %s", options[k], options[k + 1]);
    }
    s->options = xstrdup(text, "a game's options");
    char err[256];
    s->game = s->entry->build(&p, err, sizeof err);
    if (!s->game)
        die("internal error: a game of the thesis: %s", err);
    table_opts o = table_default_opts(s->game, (lane_window){0});
    if (table_create(&s->table, s->game, &o, err, sizeof err) != 0)
        die("a game of the thesis: %s", err);
    table_sweep(&s->table, NULL);
}

void rn_solved_free(rn_solved *s)
{
    free(s->options);
    table_free(&s->table);
    s->entry->destroy(s->game);
    memset(s, 0, sizeof *s);
}

char *rn_position_text(const rn_solved *s, uint64_t rank)
{
    /* A game on piles of its own format (the per-pile restrictions, the
     * bans, unknown piles) writes its positions itself. */
    if (s->game->format != pile_game_format)
        return table_position_text(&s->table, rank);
    const pile_game *pg = s->game->data;
    int asc[MS_MAX_SLOTS];
    int n = s->entry->piles_of(s->game, rank, asc);
    char text[RN_VALUE_MAX] = "(";
    for (int k = n - 1; k >= 0; k--)
        rn_append(text, sizeof text, "%d%s", asc[k], k ? "," : ")");
    if (pg->tags > 1)
        rn_append(text, sizeof text, "(%d)", pile_game_tag(pg, rank));
    return xstrdup(text, "a position");
}

void rn_replay_rank(claim_report *r, const rn_solved *s, uint64_t rank)
{
    const pile_game *pg = s->game->data;
    if (s->game->format != pile_game_format || s->game->kind != VALUE_GRUNDY)
        return;
    int asc[MS_MAX_SLOTS], piles[MS_MAX_SLOTS];
    int n = s->entry->piles_of(s->game, rank, asc);
    for (int k = 0; k < n; k++)
        piles[k] = asc[n - 1 - k];
    int tag = pg->tags > 1 ? pile_game_tag(pg, rank) : -1;
    char shows[RN_VALUE_MAX] = "(";
    for (int k = 0; k < n; k++)
        rn_append(shows, sizeof shows, "%d%s", piles[k], k + 1 < n ? "," : ")");
    if (tag >= 0)
        rn_append(shows, sizeof shows, "(%d): Sprague-Grundy value %u with %s %d", tag, table_grundy(&s->table, rank),
                  s->game->tag_name ? s->game->tag_name : "state", tag);
    else
        rn_append(shows, sizeof shows, ": Sprague-Grundy value %u", table_grundy(&s->table, rank));
    rn_replay(r, s, piles, n, tag, shows);
}

void rn_replay_command(const rn_solved *s, const int *piles, int n, int tag, char *out, size_t len)
{
    out[0] = '\0';
    /* Quoted: a shell reads "(4,9)(4)" as a subshell otherwise. */
    rn_append(out, len, "verifier value '");
    for (int k = 0; k < n; k++)
        rn_append(out, len, "%s%d", k ? "," : "", piles[k]);
    if (tag >= 0)
        rn_append(out, len, "(%d)", tag);
    rn_append(out, len, "' --game %s%s", s->entry->name, s->options);
}

void rn_replay(claim_report *r, const rn_solved *s, const int *piles, int n, int tag, const char *shows)
{
    char command[RN_COMMAND_MAX];
    rn_replay_command(s, piles, n, tag, command, sizeof command);
    claim_mismatch_replay(r, command, shows);
}

void rn_replay_class(claim_report *r, const rn_solved *s, const int *piles, int n, bool misere)
{
    char code[RN_VALUE_MAX] = "", shows[RN_VALUE_MAX] = "";
    rn_outcome_code(s, piles, n, misere, "1", code, sizeof code);
    rn_append(shows, sizeof shows, "%s play: %s:", misere ? "misere" : "normal", code);
    rn_replay(r, s, piles, n, -1, shows);
}

/* The games of the thesis are played on piles (pile_game.h), their
 * restricted number a multiset's tag. */
int rn_tags(const rn_solved *s)
{
    return ((const pile_game *)s->game->data)->tags;
}

uint64_t rn_rank(const rn_solved *s, const int *piles, int n, int tag)
{
    int64_t r = s->entry->rank_of_piles(s->game, piles, n);
    /* Tag 0 is every game's (the banned games are not pile games: no tags). */
    if (r < 0 || tag < 0 || (tag > 0 && tag >= rn_tags(s)))
        die("internal error: a position beyond the game's table (%d piles, tag %d)", n, tag);
    return (uint64_t)r + (uint64_t)tag;
}

uint64_t rn_rank_per_pile(const rn_solved *s, const int *chips, const int *r, int n, int k)
{
    int slot[MS_MAX_SLOTS];
    if (n > MS_MAX_SLOTS)
        die("internal error: %d piles", n);
    for (int i = 0; i < n; i++)
        slot[i] = chips[i] * (k + 1) + r[i];
    int64_t rank = ms_rank_of(&((const pile_game *)s->game->data)->shape, slot, n);
    if (rank < 0)
        die("internal error: a position beyond the game's table");
    return (uint64_t)rank;
}

bool rn_wins(const rn_solved *s, uint64_t rank, bool misere)
{
    return misere ? table_misere(&s->table, rank) == OUTCOME_WIN : table_grundy(&s->table, rank) != 0;
}

void rn_outcome_code(const rn_solved *s, const int *piles, int n, bool misere, const char *one, char *out,
                     size_t len)
{
    int tags = rn_tags(s);
    bool *wins = xmalloc(sizeof *wins * (size_t)tags, "a position's class");
    for (int t = 0; t < tags; t++)
        wins[t] = rn_wins(s, rn_rank(s, piles, n, t), misere);
    pile_game_tag_class(wins, tags, one, out, len);
    free(wins);
}

void rn_append(char *out, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    xvappend(out, len, "a claim's text", fmt, ap);
    va_end(ap);
}

void rn_winning_moves(const rn_solved *s, const int *piles, int n, bool misere, char *out, size_t len)
{
    const game_desc *g = s->game;
    uint64_t rank = rn_rank(s, piles, n, 0);
    game_move *moves = xmalloc(sizeof *moves * (size_t)g->max_moves, "a move list");
    int k = g->moves(g->data, rank, moves), listed = 0, more = 0;
    out[0] = '\0';
    for (int m = 0; m < k; m++) {
        if (rn_wins(s, moves[m].child, misere))
            continue;
        /* The first RN_WITNESS_MOVES are named, the rest counted. */
        if (listed == RN_WITNESS_MOVES) {
            more++;
            continue;
        }
        char *child = rn_position_text(s, moves[m].child);
        rn_append(out, len, "%sto %s", listed++ ? "; " : "winning moves: ", child);
        free(child);
    }
    if (more)
        rn_append(out, len, "; and %d more", more);
    if (!listed)
        rn_append(out, len, "no winning move");
    free(moves);
}

rn_sizes rn_sizes_of(const claim_ctx *ctx)
{
    return ctx ? (rn_sizes){ctx->sizes.max_take, ctx->sizes.rows, ctx} : (rn_sizes){0, 0, NULL};
}

int rn_size_k(const rn_sizes *z, int dflt)
{
    return z && z->max_k > 0 ? z->max_k : dflt;
}

int rn_size_pile(const rn_sizes *z, int dflt)
{
    return z && z->pile > 0 ? z->pile : dflt;
}

void rn_swept(claim_report *r, int max_k, int pile)
{
    if (max_k >= 0 && pile >= 0)
        claim_finding_add(r, "sizes", "k up to %d (--max-take), piles up to %d (--to)", max_k, pile);
    else if (max_k >= 0)
        claim_finding_add(r, "sizes", "k up to %d (--max-take)", max_k);
    else
        claim_finding_add(r, "sizes", "piles up to %d (--to)", pile);
}

void rn_solve_previous(rn_solved *s, int piles, int bound, int k)
{
    char kt[16];
    snprintf(kt, sizeof kt, "%d", k);
    rn_solve(s, "restricted-nim", piles, bound, (const char *const[]){"max-move", kt, "restriction", "previous", NULL});
}

int rn_children(const rn_solved *s, uint64_t rank, uint64_t *out, int max)
{
    const game_desc *g = s->game;
    game_move *moves = xmalloc(sizeof *moves * (size_t)g->max_moves, "a move list");
    int n = g->moves(g->data, rank, moves);
    if (n > max)
        die("internal error: more than %d moves", max);
    for (int m = 0; m < n; m++)
        out[m] = moves[m].child;
    free(moves);
    return n;
}

int rn_first_pile(const rn_solved *s, uint64_t rank)
{
    int p[RN_STRATEGY_PILES];
    /* piles_of writes every pile of the shape: room for them, or stop. */
    if (((const pile_game *)s->game->data)->shape.piles > RN_STRATEGY_PILES)
        die("internal error: more than %d piles", RN_STRATEGY_PILES);
    s->entry->piles_of(s->game, rank, p);
    return p[0];
}

/* The moves of the previous take restricted, by the rule alone: from
 * (a, b) with t restricted, every take d of 1..k chips (at most the pile)
 * from either pile but d = t, restricting d; their ranks into out. */
static int rule_children(const rn_solved *s, int k, int a, int b, int t, uint64_t *out)
{
    int n = 0;
    for (int d = 1; d <= k; d++) {
        if (d == t)
            continue;
        if (d <= a)
            out[n++] = rn_rank(s, (int[]){a - d, b}, 2, d);
        if (d <= b)
            out[n++] = rn_rank(s, (int[]){a, b - d}, 2, d);
    }
    return n;
}

static int rank_order(const void *x, const void *y)
{
    uint64_t u = *(const uint64_t *)x, v = *(const uint64_t *)y;
    return (u > v) - (u < v);
}

/* Sorts a list of ranks and drops repeats (the piles are a multiset:
 * taking d from either of two equal piles is one move); its new length. */
static int distinct_ranks(uint64_t *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, rank_order);
    int m = 0;
    for (int i = 0; i < n; i++)
        if (m == 0 || v[m - 1] != v[i])
            v[m++] = v[i];
    return m;
}

/* A second code path: the rule is written out here, not read from the game. */
bool rn_moves_are_previous_rule_at(const rn_solved *s, int k, int a, int b, int t)
{
    /* The game restricts 0..k (none, or the take just made), or it is
     * another game. */
    if (rn_tags(s) != k + 1)
        return false;
    /* Room for every move the game makes, which may be more than the
     * rule's 2k (then it is another game). */
    int most = s->game->max_moves > 2 * k ? s->game->max_moves : 2 * k;
    uint64_t *game = xmalloc(sizeof *game * (size_t)most, "a move list");
    uint64_t *rule = xmalloc(sizeof *rule * (size_t)(2 * k), "a move list");
    int n = distinct_ranks(game, rn_children(s, rn_rank(s, (int[]){a, b}, 2, t), game, most));
    int m = distinct_ranks(rule, rule_children(s, k, a, b, t, rule));
    bool same = n == m && memcmp(game, rule, sizeof *game * (size_t)n) == 0;
    free(game);
    free(rule);
    return same;
}

bool rn_moves_are_previous_rule(const rn_solved *s, int k, int bound)
{
    bool same = rn_tags(s) == k + 1;
    /* (a, b) and (b, a) are one position. */
    for (int a = 0; a <= bound && same; a++)
        for (int b = a; b <= bound && same; b++)
            for (int t = 0; t <= k && same; t++)
                same = rn_moves_are_previous_rule_at(s, k, a, b, t);
    return same;
}

/* The restricted numbers under which the player to move wins at these
 * piles, as a bit set (bit r: wins when r is restricted). */
uint64_t rn_win_set(const rn_solved *s, const int *piles, int n)
{
    uint64_t set = 0;
    for (int t = 0; t < rn_tags(s); t++)
        if (rn_wins(s, rn_rank(s, piles, n, t), false))
            set |= 1ull << t;
    return set;
}

void rn_set_text(uint64_t set, int tags, char *out, size_t len)
{
    if (tags > 64)
        die("internal error: a win set of %d restricted numbers", tags);
    out[0] = '\0';
    rn_append(out, len, "wins when restricted is {");
    const char *sep = "";
    for (int t = 0; t < tags; t++)
        if ((set >> t) & 1u) {
            rn_append(out, len, "%s%d", sep, t);
            sep = ",";
        }
    rn_append(out, len, "} (0: nothing)");
}

/* One case: the win set at `piles` must be `want`. */
void rn_expect_set(claim_report *r, int part, const rn_solved *s, int k, const int *piles, int n, uint64_t want)
{
    claim_cases(r, part, 1);
    uint64_t got = rn_win_set(s, piles, n);
    if (got == want)
        return;
    char e[RN_SET_MAX], a[RN_SET_MAX], where[96], moves[RN_WITNESS_MAX];
    int tags = rn_tags(s);
    rn_set_text(want, tags, e, sizeof e);
    rn_set_text(got, tags, a, sizeof a);
    if (n == 2)
        snprintf(where, sizeof where, "k = %d, piles (%d,%d)", k, piles[0], piles[1]);
    else
        snprintf(where, sizeof where, "k = %d, pile %d", k, piles[0]);
    rn_winning_moves(s, piles, n, false, moves, sizeof moves);
    claim_mismatch_at(r, part, where, e, a, moves);
    rn_replay_class(r, s, piles, n, false);
}

uint64_t rn_all_tags(const rn_solved *s)
{
    return rn_tags(s) >= 64 ? ~0ull : (1ull << rn_tags(s)) - 1;
}

/* The two cases of odd k: (k+1) / 2^m odd with m even (case 1) or odd
 * (case 2); even k is case 0. */
int rn_k_case(int k)
{
    if (k % 2 == 0)
        return 0;
    int m = 0;
    for (int v = k + 1; v % 2 == 0; v /= 2)
        m++;
    return m % 2 == 0 ? 1 : 2;
}

/* The exponent of 2 in n > 0. */
int rn_twos(int n)
{
    int m = 0;
    for (; n % 2 == 0; n /= 2)
        m++;
    return m;
}

/* The takes that win from these piles with nothing restricted, as a set
 * (the previous-take rule: a child's restricted number is the take). */
uint64_t rn_winning_takes(const rn_solved *s, const int *piles, int n)
{
    const game_desc *g = s->game;
    uint64_t rank = rn_rank(s, piles, n, 0), set = 0;
    game_move *moves = xmalloc(sizeof *moves * (size_t)g->max_moves, "a move list");
    int count = g->moves(g->data, rank, moves);
    for (int m = 0; m < count; m++)
        if (!rn_wins(s, moves[m].child, false))
            set |= 1ull << (moves[m].child % (uint64_t)rn_tags(s));
    free(moves);
    return set;
}

int rn_label_number(const char *label)
{
    char *end;
    long v = strtol(label, &end, 10);
    return end == label || v < 0 || v > 1000000 ? -1 : (int)v;
}

/* ---- strategies played against every reply ---- */

struct rn_strategy {
    const rn_solved *s;
    rn_strategy_fn f;
    void *ctx;
    bool misere;
    /* Per rank: the strategy's turn there is won (1).  A strategy chooses
     * by the position alone, so what is proven from one start holds from
     * every other. */
    uint8_t *proven;
    uint64_t *path;      /* the line of play to the current position    */
    int depth, cap;
    char *witness;
    size_t wlen;
    uint64_t failed_at;  /* the last position of the failing line       */
    int failed_depth;    /* its length in positions                      */
};
typedef struct rn_strategy strategy_run;

static void path_push(strategy_run *k, uint64_t rank)
{
    if (k->depth == k->cap) {
        k->cap = k->cap ? 2 * k->cap : 64;
        k->path = xrealloc(k->path, sizeof *k->path * (size_t)k->cap, "a line of play");
    }
    k->path[k->depth++] = rank;
}

/* The witness: the line of play so far, then what went wrong.  A line of
 * more than 40 positions shows its first and last 20 and says how many
 * it leaves out (the line is a witness to read, the failure is at its
 * end). */
static bool strategy_fails(strategy_run *k, const char *why)
{
    k->failed_at = k->path[k->depth - 1];
    k->failed_depth = k->depth;
    k->witness[0] = '\0';
    for (int i = 0; i < k->depth; i++) {
        if (k->depth > 40 && i == 20) {
            rn_append(k->witness, k->wlen, " > ... (%d more) ...", k->depth - 40);
            i = k->depth - 20;
        }
        char *pos = rn_position_text(k->s, k->path[i]);
        rn_append(k->witness, k->wlen, "%s%s", i ? " > " : "", pos);
        free(pos);
    }
    char *at = rn_position_text(k->s, k->path[k->depth - 1]);
    rn_append(k->witness, k->wlen, ": at %s %s", at, why);
    free(at);
    return false;
}

static bool strategy_turn(strategy_run *k, uint64_t rank);

/* The other player to move at rank: every reply must leave a position the
 * strategy wins. */
static bool reply_turn(strategy_run *k, uint64_t rank)
{
    const game_desc *g = k->s->game;
    game_move *moves = xmalloc(sizeof *moves * (size_t)g->max_moves, "a move list");
    int n = g->moves(g->data, rank, moves);
    bool ok = true;
    if (n == 0 && k->misere)
        ok = strategy_fails(k, "the other player cannot move, and wins (misere play)");
    for (int m = 0; m < n && ok; m++) {
        path_push(k, moves[m].child);
        ok = strategy_turn(k, moves[m].child);
        k->depth--;
    }
    free(moves);
    return ok;
}

/* The strategy's player to move at rank (the last position of the path). */
static bool strategy_turn(strategy_run *k, uint64_t rank)
{
    if (k->proven[rank])
        return true;
    const rn_solved *s = k->s;
    const game_desc *g = s->game;
    game_move *moves = xmalloc(sizeof *moves * (size_t)g->max_moves, "a move list");
    int n = g->moves(g->data, rank, moves);
    bool ok = true;
    if (n == 0) {
        if (!k->misere)
            ok = strategy_fails(k, "the strategy's player cannot move, and loses");
    } else {
        int piles[RN_STRATEGY_PILES];
        int np = s->entry->piles_of(g, rank, piles);
        int tags = g->tags > 1 ? g->tags : 1;
        rn_target opt[RN_STRATEGY_OPTIONS];
        int nopt = k->f(k->ctx, piles, np, (int)(rank % (uint64_t)tags), opt, RN_STRATEGY_OPTIONS);
        if (nopt == 0)
            ok = strategy_fails(k, "the strategy offers no move");
        for (int o = 0; o < nopt && ok; o++) {
            int64_t to = s->entry->rank_of_piles(g, opt[o].piles, np);
            bool legal = false;
            if (to >= 0 && opt[o].tag >= 0 && opt[o].tag < tags)
                for (int m = 0; m < n && !legal; m++)
                    legal = moves[m].child == (uint64_t)to + (uint64_t)opt[o].tag;
            if (!legal) {
                char *to_text = to >= 0 && opt[o].tag >= 0 && opt[o].tag < tags
                                    ? rn_position_text(s, (uint64_t)to + (uint64_t)opt[o].tag)
                                    : xstrdup("a position beyond the game's table", "a position");
                char *why = claim_printf("the strategy moves to %s, which is not a move of the game", to_text);
                ok = strategy_fails(k, why);
                free(why);
                free(to_text);
                break;
            }
            path_push(k, (uint64_t)to + (uint64_t)opt[o].tag);
            ok = reply_turn(k, (uint64_t)to + (uint64_t)opt[o].tag);
            k->depth--;
        }
    }
    free(moves);
    if (ok)
        k->proven[rank] = 1;
    return ok;
}

rn_strategy *rn_strategy_new(const rn_solved *s, rn_strategy_fn f, void *ctx, bool misere)
{
    if (s->game->count == GAME_UNBOUNDED || !s->entry->piles_of || s->game->max_moves <= 0)
        die("internal error: a strategy played on a game without ranked piles");
    rn_strategy *k = xcalloc(1, sizeof *k, "a strategy");
    *k = (rn_strategy){.s = s, .f = f, .ctx = ctx, .misere = misere};
    k->proven = xcalloc((size_t)s->game->count, 1, "a strategy's positions");
    return k;
}

void rn_strategy_free(rn_strategy *k)
{
    if (!k)
        return;
    free(k->proven);
    free(k->path);
    free(k);
}

uint64_t rn_strategy_failed_at(const rn_strategy *k, int *depth)
{
    *depth = k->failed_depth;
    return k->failed_at;
}

bool rn_strategy_wins(rn_strategy *k, uint64_t start, bool other_first, char *witness, size_t wlen)
{
    k->witness = witness;
    k->wlen = wlen;
    k->depth = 0;
    witness[0] = '\0';
    path_push(k, start);
    return other_first ? reply_turn(k, start) : strategy_turn(k, start);
}
