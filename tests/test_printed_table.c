/*
 * test_printed_table.c -- how a printed table is read (proofs/printed_table.h):
 * each kind of damage the extraction does to a table is planted in a small
 * transcription and must be explained (never an erratum), whatever its
 * line's width; each kind of erratum must be one, of its grade (certain:
 * a cell of text no damage can make, a wrong symbol printed twice;
 * probable: a surplus no shift explains), and what the thesis itself
 * confirms is not refuted unless certain; the table's own structure (mirror
 * cells, permutations) reads cells a line lost; the transcription reader
 * refuses malformed files in one message.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "proofs/printed_table.h"

/* A transcription with the given header notes and lines, parsed. */
static void parse(ptable *t, const char *text)
{
    char err[256] = "";
    if (ptable_parse(t, "test", text, err, sizeof err) != 0)
        fail_msg("does not parse: %s", err);
}

/* Computed values given row by row, fields apart by spaces ("." a cell
 * whose value is "."): an array of rows x cols texts (static storage for
 * a test's life). */
static const char **values(const ptable *t, const char *const *rows)
{
    static char *store[4096];
    static const char *cell[4096];
    static int used;
    for (int k = 0; k < used; k++)
        free(store[k]);
    used = 0;
    assert_true(t->rows * t->cols <= 4096);
    for (int i = 0; i < t->rows; i++) {
        char *copy = strdup(rows[i]), *save = NULL;
        int j = 0;
        for (char *tok = strtok_r(copy, " ", &save); tok; tok = strtok_r(NULL, " ", &save), j++) {
            assert_true(j < t->cols);
            store[used] = strdup(tok);
            cell[i * t->cols + j] = store[used++];
        }
        assert_int_equal(j, t->cols);
        free(copy);
    }
    return cell;
}

static ptable_class cls(const ptable_reading *r, const ptable *t, const char *row, const char *col)
{
    int i = ptable_row(t, row), j = ptable_col(t, col);
    assert_true(i >= 0 && j >= 0);
    return r->cell[i * t->cols + j].cls;
}

static uint64_t differences(const ptable_reading *r)
{
    return r->count[PT_DISPLACED] + r->count[PT_MIRRORED] + r->count[PT_UNDECIDED] + r->count[PT_DIFFERS] +
           r->count[PT_ERRATUM];
}

#define HEADER "# Table 99: a test.\n# filler: +\n"

static const ptable_cell *cell(const ptable_reading *r, const ptable *t, const char *row, const char *col)
{
    int i = ptable_row(t, row), j = ptable_col(t, col);
    assert_true(i >= 0 && j >= 0);
    return &r->cell[i * t->cols + j];
}

/* Errata of any grade: cells and strays graded certain or probable. */
static uint64_t errata(const ptable_reading *r)
{
    return r->errata[PT_CERTAIN] + r->errata[PT_PROBABLE];
}

/* ---- lines as printed ---- */

static void test_clean_table_agrees(void **state)
{
    (void)state;
    ptable t;
    parse(&t, HEADER "columns\t0\t1\t2\n0\t0\tP\t+\tN\n1\t1\t+\t+\t+\n");
    const char *rows[] = {"P + N", "+ + +"};
    ptable_reading r;
    ptable_read(&t, values(&t, rows), &r);
    assert_int_equal(r.count[PT_AGREES], 6);
    assert_int_equal(differences(&r), 0);
    assert_int_equal(r.nstray, 0);
    assert_true(r.as_printed[0] && r.as_printed[1]);
    assert_int_equal(r.cost[0] + r.cost[1], 0);
    ptable_reading_free(&r);
    ptable_free(&t);
}

/* ---- each kind of damage: explained, never an erratum, whatever the
 * line's width ---- */

/* Table 12, row 3: "3 + + N ..." with 32 cells for 31 columns reads right
 * when the "3" is cell 0 and the label was lost. */
static void test_lost_label_is_displacement(void **state)
{
    (void)state;
    ptable t;
    parse(&t, HEADER "columns\t0\t1\t2\t3\t4\t5\n3\t3\t+\t+\tN\t+\t+\t+\t+\n");
    const char *rows[] = {"3 + + N + +"};
    ptable_reading r;
    ptable_read(&t, values(&t, rows), &r);
    assert_false(r.as_printed[0]);
    assert_int_equal(r.cost[0], 0);
    assert_int_equal(errata(&r) + r.count[PT_UNDECIDED] + (uint64_t)r.nstray, 0);
    assert_int_equal(cls(&r, &t, "3", "0"), PT_DISPLACED);
    ptable_reading_free(&r);
    ptable_free(&t);
}

/* Runs of the filler lengthened and shortened: the significant symbols
 * in their order. */
static void test_filler_runs_changed_is_displacement(void **state)
{
    (void)state;
    ptable t;
    /* Row 6 prints more cells than columns (a run lengthened before its
     * N), row 7 fewer (runs shortened before and after it). */
    parse(&t, HEADER "columns\t0\t1\t2\t3\t4\t5\n6\t6\t+\t+\tN\t+\t+\t+\t+\t+\n7\t7\t+\tN\t+\n");
    const char *rows[] = {"+ + + N + +", "+ + + + N +"};
    ptable_reading r;
    ptable_read(&t, values(&t, rows), &r);
    assert_int_equal(r.cost[0], 0);
    assert_int_equal(r.cost[1], 0);
    assert_int_equal(errata(&r) + r.count[PT_UNDECIDED] + (uint64_t)r.nstray, 0);
    assert_int_equal(cls(&r, &t, "6", "3"), PT_DISPLACED);
    assert_int_equal(cls(&r, &t, "7", "4"), PT_DISPLACED);
    ptable_reading_free(&r);
    ptable_free(&t);
}

/* A block shifted inside a line of full width (Table 7: every line has
 * exactly its 28 values, and 27 carry a block one column left): a run of
 * 2 shortened and a run of 1 lengthened, no filler, no note -- read by its
 * alignment, every difference displaced; the line gains a "1" and loses a
 * "2", which the runs explain.  The same with the filler: a full-width
 * line whose N stands a column early (Table 20's row: 1 2 1 2 where the
 * computation has 2 1 2 1 after a run of 2s). */
static void test_full_width_line_with_a_shifted_block_is_garbled(void **state)
{
    (void)state;
    ptable t;
    parse(&t, "# Table 7: a test.\ncolumns\t0\t1\t2\t3\t4\t5\t6\t7\n"
              "a\ta\t0\t2\t2\t2\t0\t1\t1\t1\nb\tb\t0\t2\t2\t2\t2\t0\t1\t1\n");
    const char *rows[] = {"0 2 2 2 2 0 1 1", "0 2 2 2 2 0 1 1"};
    ptable_reading r;
    ptable_read(&t, values(&t, rows), &r);
    assert_true(r.as_printed[0]);
    assert_int_equal(r.cost[0], 0);
    assert_int_equal(cls(&r, &t, "a", "4"), PT_DISPLACED);
    assert_int_equal(cls(&r, &t, "a", "5"), PT_DISPLACED);
    assert_int_equal(errata(&r) + r.count[PT_UNDECIDED] + (uint64_t)r.nstray, 0);
    assert_int_equal(ptable_line_count(&r, 0, "1").printed, 3);
    assert_int_equal(ptable_line_count(&r, 0, "1").computed, 2);
    assert_int_equal(ptable_line_count(&r, 0, "1").unexplained, 0);
    ptable_reading_free(&r);
    ptable_free(&t);

    parse(&t, "# Table 20: a test.\ncolumns\t0\t1\t2\t3\t4\t5\t6\n"
              "x\tx\t2\t2\t1\t2\t1\t2\t2\n");
    const char *row20[] = {"2 2 2 1 2 1 2"};
    ptable_read(&t, values(&t, row20), &r);
    assert_true(r.as_printed[0]);
    assert_int_equal(r.cost[0], 0);
    assert_int_equal(errata(&r), 0);
    assert_int_equal(r.count[PT_DISPLACED], 4);
    ptable_reading_free(&r);
    ptable_free(&t);
}

/* Sub-tables side by side: a cell carried past the next sub-table's
 * label (Table 15, second pile 8) is displacement; the label out of place
 * is the layout's, not an erratum. */
static void test_cell_across_a_label_is_displacement(void **state)
{
    (void)state;
    ptable t;
    parse(&t, HEADER "columns\t0\t1\t2\t3\n"
                     "a,8 b,8\t8\t+\t+\t+\tN\t8\t+\t+\t+\n");
    const char *rows[] = {"+ + + +", "N + + +"};
    ptable_reading r;
    ptable_read(&t, values(&t, rows), &r);
    assert_int_equal(errata(&r), 0);
    assert_int_equal(r.nstray, 0);
    assert_int_equal(r.misplaced_labels, 1);
    assert_int_equal(cls(&r, &t, "b,8", "0"), PT_DISPLACED);
    ptable_reading_free(&r);
    ptable_free(&t);
}

/* A symbol missing from a line of full width, in a table that only loses
 * symbols (Table 6, (22,5): the N of the row is missing and an empty
 * cell stands there): the extraction drops cells, so nothing convicts it
 * -- undecided, never an erratum; the counts say the line lacks an N. */
static void test_missing_symbol_of_a_table_that_loses_symbols_is_not_refuted(void **state)
{
    (void)state;
    ptable t;
    parse(&t, "# Table 6: a test.\n# filler: .\ncolumns\t0\t1\t2\t3\t4\n"
              "0\t0\tP\t.\tN\t.\t.\n1\t1\t.\t.\t.\t.\t.\n");
    const char *rows[] = {"P . N . .", ". . N . ."};
    ptable_reading r;
    ptable_read(&t, values(&t, rows), &r);
    assert_int_equal(cls(&r, &t, "1", "2"), PT_UNDECIDED);
    assert_int_equal(errata(&r), 0);
    assert_int_equal(r.nstray, 0);
    assert_int_equal(ptable_line_count(&r, 1, "N").printed, 0);
    assert_int_equal(ptable_line_count(&r, 1, "N").computed, 1);
    ptable_reading_free(&r);
    ptable_free(&t);
}

/* A symbol carried into a line from the line beside it (that line lacks
 * it): not refuted. */
static void test_surplus_a_neighbouring_line_lacks_is_not_refuted(void **state)
{
    (void)state;
    ptable t;
    parse(&t, HEADER "columns\t0\t1\t2\t3\t4\n0\t0\t+\t+\t+\tN\t+\n1\t1\t+\t+\t+\t+\t+\n");
    const char *rows[] = {"+ + + + +", "+ N + + +"};
    ptable_reading r;
    ptable_read(&t, values(&t, rows), &r);
    assert_int_equal(errata(&r), 0);
    assert_int_equal(r.nstray, 1);
    assert_int_equal(r.stray[0].grade, PT_UNGRADED);
    assert_int_equal(r.stray[0].why, PT_WHY_NEIGHBOUR);
    ptable_reading_free(&r);
    ptable_free(&t);
}

/* Two symbols swapped, the line printing each as often as its cells
 * hold: a longer shift may have done it -- not refuted. */
static void test_balanced_swap_is_not_refuted(void **state)
{
    (void)state;
    ptable t;
    parse(&t, "# Table 9: a test.\ncolumns\t0\t1\t2\t3\t4\n0\t0\tN\t3\tP\t2\t5\n");
    const char *rows[] = {"N 2 P 3 5"};
    ptable_reading r;
    ptable_read(&t, values(&t, rows), &r);
    assert_int_equal(errata(&r), 0);
    assert_int_equal(r.nstray, 0);
    assert_true(cls(&r, &t, "0", "1") == PT_DIFFERS || cls(&r, &t, "0", "1") == PT_UNDECIDED);
    if (cls(&r, &t, "0", "1") == PT_DIFFERS)
        assert_int_equal(cell(&r, &t, "0", "1")->why, PT_WHY_BALANCED);
    ptable_reading_free(&r);
    ptable_free(&t);
}

/* ---- errata, graded ---- */

/* A symbol the line prints that no cell of it holds and no shift explains
 * (Table 11, row 22): a probable erratum of the line, wherever the
 * alignments put it. */
static void test_surplus_symbol_no_shift_explains_is_probable(void **state)
{
    (void)state;
    ptable t;
    parse(&t, HEADER "columns\t0\t1\t2\t3\t4\n0\t0\t+\t+\tN\t+\t+\n1\t1\t+\t+\t+\t+\t+\n");
    const char *rows[] = {"+ + + + +", "+ + + + +"};
    ptable_reading r;
    ptable_read(&t, values(&t, rows), &r);
    assert_int_equal(r.nstray, 1);
    assert_int_equal(r.stray[0].field, 3);
    assert_int_equal(r.stray[0].grade, PT_PROBABLE);
    assert_int_equal(r.stray[0].why, PT_WHY_SURPLUS);
    assert_int_equal(r.errata[PT_PROBABLE], 1);
    assert_int_equal(r.count[PT_ERRATUM], 0);
    ptable_reading_free(&r);
    ptable_free(&t);
}

/* A cell of text repeated in its line where its own cell computes more
 * (Table 26, (27,4): "1+2 1+2" where the second is "1+2 or 2+4"): the
 * line prints one "1+2" more than its cells hold, and a cell of text
 * repeated is no run the extraction makes: probable, on that cell. */
static void test_repeated_text_cell_is_probable(void **state)
{
    (void)state;
    ptable t;
    parse(&t, "# Table 26: a test.\ncolumns\t3\t4\t5\n27\t27\t1+2\t1+2\t-*\n");
    const char *rows[] = {"1+2 1+2_or_2+4 -*"};
    ptable_reading r;
    const char **v = values(&t, rows);
    v[1] = "1+2 or 2+4";
    ptable_read(&t, v, &r);
    const ptable_cell *c = cell(&r, &t, "27", "4");
    assert_int_equal(c->cls, PT_ERRATUM);
    assert_int_equal(c->grade, PT_PROBABLE);
    assert_int_equal(c->why, PT_WHY_SURPLUS);
    assert_string_equal(c->reading, "1+2");
    ptable_reading_free(&r);
    ptable_free(&t);
}

/* A changed cell of text (Table 29, row 7: "X: 1,3 Y: 1,2,3" where the
 * computation has "X: 1,2 Y: 1,2,3"), the rest of its line as computed:
 * no cell of the line holds the printed text, so nothing the extraction
 * does brings it there -- certain. */
static void test_changed_string_cell_is_certain(void **state)
{
    (void)state;
    ptable t;
    parse(&t, "# Table 29: a test.\n# labels: none\ncolumns\tX\tY\tResult\tMove\n"
              "7\t4,5,6\t5,6,7\t4/9\tX: 1,3 Y: 1,2,3\n");
    const char *rows[] = {"a b c d"};
    const char **v = values(&t, rows);
    v[0] = "4,5,6";
    v[1] = "5,6,7";
    v[2] = "4/9";
    v[3] = "X: 1,2 Y: 1,2,3";
    ptable_reading r;
    ptable_read(&t, v, &r);
    const ptable_cell *c = cell(&r, &t, "7", "Move");
    assert_int_equal(c->cls, PT_ERRATUM);
    assert_int_equal(c->grade, PT_CERTAIN);
    assert_int_equal(c->why, PT_WHY_ABSENT);
    assert_int_equal(r.errata[PT_CERTAIN], 1);
    assert_int_equal(r.count[PT_AGREES], 3);
    ptable_reading_free(&r);
    ptable_free(&t);
}

/* The same wrong symbol printed for one position twice, in two lines
 * (a cell and its mirror): the table says it twice -- certain; the
 * mirror, whose line holds no such symbol at all, is certain anyway. */
static void test_wrong_symbol_printed_twice_is_certain(void **state)
{
    (void)state;
    ptable t;
    parse(&t, HEADER "# positions: unordered\ncolumns\t0\t1\t2\t3\n"
                     "0\t0\tP\t2\t+\t2\n1\t1\t2\t+\t+\t+\n2\t2\t+\t+\t+\t+\n3\t3\t2\t+\t+\t+\n");
    const char *rows[] = {"P 3 + 2", "3 + + +", "+ + + +", "2 + + +"};
    ptable_reading r;
    ptable_read(&t, values(&t, rows), &r);
    const ptable_cell *c = cell(&r, &t, "0", "1"), *m = cell(&r, &t, "1", "0");
    assert_int_equal(c->cls, PT_ERRATUM);
    assert_int_equal(c->grade, PT_CERTAIN);
    assert_int_equal(c->why, PT_WHY_TWICE);
    assert_int_equal(c->other_row, ptable_row(&t, "1"));
    assert_int_equal(m->cls, PT_ERRATUM);
    assert_int_equal(m->grade, PT_CERTAIN);
    ptable_reading_free(&r);
    ptable_free(&t);
}

/* A cell the thesis' prose (a note) says is the computed value, printed
 * otherwise: the author had the right value, so a difference damage
 * might have made is not refuted -- and one no damage can make stays
 * certain. */
static void test_cell_the_prose_confirms_is_not_refuted_unless_certain(void **state)
{
    (void)state;
    ptable t;
    /* "1+2" repeated on (27,4): probable without the note, not refuted with it. */
    parse(&t, "# Table 26: a test.\n# conflict 27 4: the text says 1+2 or 2+4 here\ncolumns\t3\t4\t5\n"
              "27\t27\t1+2\t1+2\t-*\n");
    const char *rows[] = {"a b c"};
    const char **v = values(&t, rows);
    v[0] = "1+2";
    v[1] = "1+2 or 2+4";
    v[2] = "-*";
    ptable_reading r;
    ptable_read(&t, v, &r);
    const ptable_cell *c = cell(&r, &t, "27", "4");
    assert_int_equal(c->cls, PT_DIFFERS);
    assert_int_equal(c->why, PT_WHY_ELSEWHERE);
    assert_int_equal(errata(&r), 0);
    ptable_reading_free(&r);
    ptable_free(&t);
    /* "1+5" where the line holds no "1+5": certain, note or not. */
    parse(&t, "# Table 26: a test.\n# conflict 11 6: Table 27 has 1+6 here\ncolumns\t5\t6\t7\n"
              "11\t11\t1\t1+5\t-\n");
    v = values(&t, rows);
    v[0] = "1";
    v[1] = "1+6";
    v[2] = "-";
    ptable_read(&t, v, &r);
    c = cell(&r, &t, "11", "6");
    assert_int_equal(c->cls, PT_ERRATUM);
    assert_int_equal(c->grade, PT_CERTAIN);
    ptable_reading_free(&r);
    ptable_free(&t);
}

/* A surplus whose extra symbol the alignments cannot place (either of
 * two P's may be the one extra): a probable erratum of the line as a
 * whole. */
static void test_surplus_of_no_one_field_is_a_line_erratum(void **state)
{
    (void)state;
    ptable t;
    parse(&t, "# Table 13: a test.\n# filler: -\ncolumns\t0\t1\t2\t3\t4\t5\n0\t0\t-\tP\t-\tP\t-\t-\n");
    const char *rows[] = {"P - - - - -"};
    ptable_reading r;
    ptable_read(&t, values(&t, rows), &r);
    assert_int_equal(errata(&r), 1);
    assert_int_equal(r.errata[PT_PROBABLE], 1);
    bool line = false;
    for (int s = 0; s < r.nstray; s++)
        line = line || (r.stray[s].field < 0 && r.stray[s].grade == PT_PROBABLE);
    assert_true(line);
    ptable_reading_free(&r);
    ptable_free(&t);
}

/* ---- the table's structure ---- */

/* A cell the alignments cannot read may be read from its mirror cell. */
static void test_mirror_reads_what_a_line_lost(void **state)
{
    (void)state;
    ptable t;
    /* Row 0 is short and lacks the N of (0,2); its mirror (2,0) prints it. */
    parse(&t, HEADER "# positions: unordered\ncolumns\t0\t1\t2\n"
                     "0\t0\t+\t+\n1\t1\t+\t+\t+\n2\t2\tN\t+\t+\n");
    const char *rows[] = {"+ + N", "+ + +", "N + +"};
    ptable_reading r;
    ptable_read(&t, values(&t, rows), &r);
    assert_int_equal(cls(&r, &t, "0", "2"), PT_MIRRORED);
    assert_int_equal(errata(&r), 0);
    ptable_reading_free(&r);
    ptable_free(&t);
}

/* A cell is never its own mirror: (0,0), which some least-cost alignment
 * of its short line reads rightly and another leaves empty, is undecided
 * (the diagonal's position has no other cell), and every mirrored cell
 * names another cell. */
static void test_a_cell_is_not_its_own_mirror(void **state)
{
    (void)state;
    ptable t;
    /* Row 0 lacks one of its two 10s (text of two characters: no run). */
    parse(&t, HEADER "# positions: unordered\ncolumns\t0\t1\t2\n"
                     "0\t0\t10\t2\n1\t1\t10\t3\t3\n2\t2\t2\t3\t3\n");
    const char *rows[] = {"10 10 2", "10 3 3", "2 3 3"};
    ptable_reading r;
    ptable_read(&t, values(&t, rows), &r);
    assert_int_equal(cls(&r, &t, "0", "0"), PT_UNDECIDED);
    for (int c = 0; c < t.rows * t.cols; c++)
        if (r.cell[c].cls == PT_MIRRORED)
            assert_false(r.cell[c].other_row == c / t.cols && r.cell[c].other_col == c % t.cols);
    assert_int_equal(errata(&r), 0);
    ptable_reading_free(&r);
    ptable_free(&t);
}

/* A wrong text printed twice for one position is certain only from two
 * lines: one line holding both rows (a line of rows 1 and 2) that prints
 * 10 at (1,2) and at (2,1), where 20 is computed, has a surplus of 10s
 * (probable), not two independent witnesses. */
static void test_a_position_twice_in_one_line_is_not_certain(void **state)
{
    (void)state;
    ptable t;
    parse(&t, HEADER "# positions: unordered\ncolumns\t1\t2\n"
                     "1 2\t1\t10\t10\t2\t10\t10\n");
    const char *rows[] = {"10 20", "20 10"};
    ptable_reading r;
    ptable_read(&t, values(&t, rows), &r);
    const ptable_cell *a = cell(&r, &t, "1", "2"), *b = cell(&r, &t, "2", "1");
    assert_int_equal(a->cls, PT_ERRATUM);
    assert_int_equal(b->cls, PT_ERRATUM);
    assert_int_equal(a->grade, PT_PROBABLE);
    assert_int_equal(b->grade, PT_PROBABLE);
    ptable_reading_free(&r);
    ptable_free(&t);
}

/* Three piles: the cells of one position are its permutations. */
static void test_permutations_are_one_position(void **state)
{
    (void)state;
    ptable t;
    /* Row "1,2" is short and lacks the P of (1,2,3); (2,1,3) prints it. */
    parse(&t, "# Table 13: a test.\n# filler: -\n# positions: unordered\ncolumns\t0\t1\t2\t3\n"
              "1,2\t2\t-\t-\t-\n2,1\t1\t-\t-\t-\tP\n");
    const char *rows[] = {"- - - P", "- - - P"};
    ptable_reading r;
    ptable_read(&t, values(&t, rows), &r);
    assert_int_equal(cls(&r, &t, "1,2", "3"), PT_MIRRORED);
    assert_int_equal(r.cell[0 * t.cols + 3].other_row, ptable_row(&t, "2,1"));
    assert_int_equal(cls(&r, &t, "2,1", "3"), PT_AGREES);
    ptable_reading_free(&r);
    ptable_free(&t);
}

/* Rows the text does not print, and cells a note says are damaged, are
 * not read. */
static void test_unprinted_and_unreadable_are_not_read(void **state)
{
    (void)state;
    ptable t;
    parse(&t, HEADER "# missing 1: the text has empty fields here\n# extraction 0 1: the cell is cut\n"
                     "columns\t0\t1\n0\t0\tP\t+\n1\n");
    const char *rows[] = {"P N", "+ +"};
    ptable_reading r;
    ptable_read(&t, values(&t, rows), &r);
    assert_int_equal(cls(&r, &t, "0", "0"), PT_AGREES);
    assert_int_equal(cls(&r, &t, "0", "1"), PT_UNREADABLE);
    assert_int_equal(r.count[PT_NOT_PRINTED], 2);
    ptable_reading_free(&r);
    ptable_free(&t);
}

/* ---- the reader refuses what is not a transcription ---- */

static void test_malformed_transcriptions_refused(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "columns\t0\n0\t0\tP\n",                                        /* no caption */
        "# Table 1: x\n0\t0\tP\n",                                     /* no columns line */
        "# Table 1: x\ncolumns\t0\n0\t0\tP\n0\t0\tP\n",               /* a row named twice */
        "# Table 1: x\ncolumns\t0\n0\n",                               /* unprinted, no note */
        "# Table 1: x\n# missing 0: y\ncolumns\t0\n0\t0\tP\n",        /* printed, yet missing */
        "# Table 1: x\n# conflict 9 0: y\ncolumns\t0\n0\t0\tP\n",     /* a note on no row */
        "# Table 1: x\n# conflict 0 7: y\ncolumns\t0\n0\t0\tP\n",     /* a note on no column */
        "# Table 1: x\n# conflict 0: y\ncolumns\t0\n0\t0\tP\n",       /* a conflict names a cell */
        "# Table 1: x\n# extraction 0:\ncolumns\t0\n0\t0\tP\n",       /* a note without text */
        "# Table 1: x\n# labels: none\ncolumns\t0\n0 1\tP\tP\n",      /* no labels: a row a line */
    };
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        ptable t;
        char err[256] = "";
        if (ptable_parse(&t, "bad", bad[k], err, sizeof err) == 0)
            fail_msg("accepted: %s", bad[k]);
        assert_non_null(strstr(err, "bad"));
        assert_null(strchr(err, '\n'));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_clean_table_agrees),
        cmocka_unit_test(test_lost_label_is_displacement),
        cmocka_unit_test(test_filler_runs_changed_is_displacement),
        cmocka_unit_test(test_full_width_line_with_a_shifted_block_is_garbled),
        cmocka_unit_test(test_cell_across_a_label_is_displacement),
        cmocka_unit_test(test_missing_symbol_of_a_table_that_loses_symbols_is_not_refuted),
        cmocka_unit_test(test_surplus_a_neighbouring_line_lacks_is_not_refuted),
        cmocka_unit_test(test_balanced_swap_is_not_refuted),
        cmocka_unit_test(test_surplus_symbol_no_shift_explains_is_probable),
        cmocka_unit_test(test_repeated_text_cell_is_probable),
        cmocka_unit_test(test_changed_string_cell_is_certain),
        cmocka_unit_test(test_wrong_symbol_printed_twice_is_certain),
        cmocka_unit_test(test_cell_the_prose_confirms_is_not_refuted_unless_certain),
        cmocka_unit_test(test_surplus_of_no_one_field_is_a_line_erratum),
        cmocka_unit_test(test_mirror_reads_what_a_line_lost),
        cmocka_unit_test(test_a_cell_is_not_its_own_mirror),
        cmocka_unit_test(test_a_position_twice_in_one_line_is_not_certain),
        cmocka_unit_test(test_permutations_are_one_position),
        cmocka_unit_test(test_unprinted_and_unreadable_are_not_read),
        cmocka_unit_test(test_malformed_transcriptions_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
