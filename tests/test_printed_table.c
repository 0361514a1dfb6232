/*
 * test_printed_table.c -- how a printed table is read (proofs/printed_table.h):
 * each kind of damage the extraction does to a table is planted in a small
 * transcription and must be explained (never an erratum), and each kind of
 * genuine erratum must be one; the table's own structure (mirror cells,
 * permutations) reads damaged cells but never excuses a clean one; the
 * transcription reader refuses malformed files in one message.
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
    return r->count[PT_DISPLACED] + r->count[PT_MIRRORED] + r->count[PT_UNDECIDED] + r->count[PT_ERRATUM];
}

#define HEADER "# Table 99: a test.\n# filler: +\n"

/* ---- clean lines ---- */

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
    assert_true(r.clean[0] && r.clean[1]);
    ptable_reading_free(&r);
    ptable_free(&t);
}

/* A cell of a line whose layout is unambiguous that differs is an
 * erratum, read as printed. */
static void test_changed_cell_of_clean_line_is_erratum(void **state)
{
    (void)state;
    ptable t;
    parse(&t, HEADER "columns\t0\t1\t2\n0\t0\tP\t+\tN\n1\t1\t+\tN\t+\n");
    const char *rows[] = {"P + N", "+ + +"};
    ptable_reading r;
    ptable_read(&t, values(&t, rows), &r);
    assert_int_equal(cls(&r, &t, "1", "1"), PT_ERRATUM);
    assert_string_equal(r.cell[1 * t.cols + 1].reading, "N");
    assert_int_equal(r.count[PT_ERRATUM], 1);
    assert_int_equal(r.count[PT_AGREES], 5);
    ptable_reading_free(&r);
    ptable_free(&t);
}

/* ---- each kind of damage: explained, never an erratum ---- */

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
    assert_false(r.clean[0]);
    assert_int_equal(r.cost[0], 0);
    assert_int_equal(r.count[PT_ERRATUM] + r.count[PT_UNDECIDED] + (uint64_t)r.nstray, 0);
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
    assert_int_equal(r.count[PT_ERRATUM] + r.count[PT_UNDECIDED] + (uint64_t)r.nstray, 0);
    assert_int_equal(cls(&r, &t, "6", "3"), PT_DISPLACED);
    assert_int_equal(cls(&r, &t, "7", "4"), PT_DISPLACED);
    ptable_reading_free(&r);
    ptable_free(&t);
}

/* Table 7: a run of 2 shortened and a run of 1 lengthened, no filler,
 * the count right; the line is known damaged by a note. */
static void test_non_filler_runs_changed_is_displacement(void **state)
{
    (void)state;
    ptable t;
    parse(&t, "# Table 7: a test.\n# extraction a: this line's blocks stand one column left of row b's\n"
              "columns\t0\t1\t2\t3\t4\t5\t6\t7\n"
              "a\ta\t0\t2\t2\t2\t0\t1\t1\t1\nb\tb\t0\t2\t2\t2\t2\t0\t1\t1\n");
    const char *rows[] = {"0 2 2 2 2 0 1 1", "0 2 2 2 2 0 1 1"};
    ptable_reading r;
    ptable_read(&t, values(&t, rows), &r);
    assert_false(r.clean[0]);
    assert_true(r.clean[1]);
    assert_int_equal(r.cost[0], 0);
    assert_int_equal(cls(&r, &t, "a", "4"), PT_DISPLACED);
    assert_int_equal(cls(&r, &t, "a", "5"), PT_DISPLACED);
    assert_int_equal(r.count[PT_ERRATUM] + r.count[PT_UNDECIDED], 0);
    ptable_reading_free(&r);
    ptable_free(&t);
}

/* A block shifted by one column in a line whose count is right: the line
 * contradicts its mirror cells, so it is read as damaged, and explained. */
static void test_shifted_block_found_by_its_mirror(void **state)
{
    (void)state;
    ptable t;
    parse(&t, HEADER "# positions: unordered\ncolumns\t0\t1\t2\t3\n"
                     "0\t0\t+\t+\tN\t+\n1\t1\t+\t+\t+\t+\n2\t2\t+\t+\t+\t+\n3\t3\tN\t+\t+\t+\n");
    /* Row 0 prints its N at column 2, but the mirror cells (2,0) and (3,0)
     * print "+" and "N": row 0 contradicts both, so it is damaged, and its
     * N, one column left of (0,3), is displaced. */
    const char *rows[] = {"+ + + N", "+ + + +", "+ + + +", "N + + +"};
    ptable_reading r;
    ptable_read(&t, values(&t, rows), &r);
    assert_false(r.clean[0]);
    assert_true(r.clean[1]);
    assert_int_equal(cls(&r, &t, "0", "3"), PT_DISPLACED);
    assert_int_equal(cls(&r, &t, "0", "2"), PT_DISPLACED);
    assert_int_equal(r.count[PT_ERRATUM], 0);
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
    assert_int_equal(r.count[PT_ERRATUM], 0);
    assert_int_equal(r.nstray, 0);
    assert_int_equal(r.misplaced_labels, 1);
    assert_int_equal(cls(&r, &t, "b,8", "0"), PT_DISPLACED);
    ptable_reading_free(&r);
    ptable_free(&t);
}

/* A significant symbol missing from a short line cannot be read: the
 * extraction may have lost its cell (undecided, not an erratum). */
static void test_missing_symbol_of_short_line_is_undecided(void **state)
{
    (void)state;
    ptable t;
    parse(&t, HEADER "columns\t0\t1\t2\t3\t4\n0\t0\t+\t+\t+\t+\n");
    const char *rows[] = {"+ + N + +"};
    ptable_reading r;
    ptable_read(&t, values(&t, rows), &r);
    assert_int_equal(r.cost[0], 1);
    assert_int_equal(cls(&r, &t, "0", "2"), PT_UNDECIDED);
    assert_int_equal(r.count[PT_ERRATUM], 0);
    assert_int_equal(r.nstray, 0);
    ptable_reading_free(&r);
    ptable_free(&t);
}

/* ---- genuine errata in damaged lines ---- */

/* A symbol the line prints that no cell of it holds (Table 11, row 22):
 * an erratum wherever the alignment puts it. */
static void test_extra_symbol_is_stray_erratum(void **state)
{
    (void)state;
    ptable t;
    parse(&t, HEADER "columns\t0\t1\t2\t3\t4\n0\t0\t+\t+\tN\t+\n");
    const char *rows[] = {"+ + + + +"};
    ptable_reading r;
    ptable_read(&t, values(&t, rows), &r);
    assert_int_equal(r.nstray, 1);
    assert_int_equal(r.stray[0].field, 3);
    assert_int_equal(r.count[PT_ERRATUM], 0);
    ptable_reading_free(&r);
    ptable_free(&t);
}

/* A wrong symbol every alignment reads at one cell of a damaged line is
 * an erratum of that cell. */
static void test_wrong_symbol_every_alignment_reads_is_erratum(void **state)
{
    (void)state;
    ptable t;
    /* One "+" too many at the end; cell 0 reads P where 3 is computed. */
    parse(&t, HEADER "columns\t0\t1\t2\t3\n0\t0\tP\tN\t+\t+\t+\n");
    const char *rows[] = {"3 N + +"};
    ptable_reading r;
    ptable_read(&t, values(&t, rows), &r);
    assert_false(r.clean[0]);
    assert_int_equal(cls(&r, &t, "0", "0"), PT_ERRATUM);
    assert_string_equal(r.cell[0].reading, "P");
    assert_int_equal(cls(&r, &t, "0", "1"), PT_AGREES);
    ptable_reading_free(&r);
    ptable_free(&t);
}

/* ---- the table's structure ---- */

/* A damaged line's cell may be read from its mirror cell; a clean line's
 * difference stands whatever its mirror reads. */
static void test_mirror_reads_damaged_cells_only(void **state)
{
    (void)state;
    ptable t;
    /* Row 0 is short (damaged) and lacks the N of (0,2); its mirror (2,0)
     * prints it. */
    parse(&t, HEADER "# positions: unordered\ncolumns\t0\t1\t2\n"
                     "0\t0\t+\t+\n1\t1\t+\t+\t+\n2\t2\tN\t+\t+\n");
    const char *rows[] = {"+ + N", "+ + +", "N + +"};
    ptable_reading r;
    ptable_read(&t, values(&t, rows), &r);
    assert_int_equal(cls(&r, &t, "0", "2"), PT_MIRRORED);
    assert_int_equal(r.count[PT_ERRATUM], 0);
    ptable_reading_free(&r);
    ptable_free(&t);

    /* Both lines clean, both print "+" at the position the computation
     * makes N: two errata, each read as printed. */
    parse(&t, HEADER "# positions: unordered\ncolumns\t0\t1\t2\n"
                     "0\t0\t+\t+\t+\n1\t1\t+\t+\t+\n2\t2\t+\t+\t+\n");
    ptable_read(&t, values(&t, rows), &r);
    assert_int_equal(cls(&r, &t, "0", "2"), PT_ERRATUM);
    assert_int_equal(cls(&r, &t, "2", "0"), PT_ERRATUM);
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
    assert_int_equal(r.cell[0 * t.cols + 3].mirror_row, ptable_row(&t, "2,1"));
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

/* A line an extraction note marks is read as damaged even where its
 * count is right: a block shifted within it (the N one cell early, the
 * filler after it) is displacement; the same line without the note is
 * clean, and its two differing cells are errata. */
static void test_extraction_note_makes_a_line_damaged(void **state)
{
    (void)state;
    const char *rows[] = {"P + N +", "+ + + +"};
    for (int noted = 0; noted < 2; noted++) {
        ptable t;
        parse(&t, noted ? HEADER "# extraction 0: the line's cells are out of place\n"
                                 "columns\t0\t1\t2\t3\n0\t0\tP\tN\t+\t+\n1\t1\t+\t+\t+\t+\n"
                        : HEADER "columns\t0\t1\t2\t3\n0\t0\tP\tN\t+\t+\n1\t1\t+\t+\t+\t+\n");
        ptable_reading r;
        ptable_read(&t, values(&t, rows), &r);
        if (noted) {
            assert_false(r.clean[0]);
            assert_int_equal(r.cost[0], 0);
            assert_int_equal(r.count[PT_ERRATUM] + r.count[PT_UNDECIDED] + (uint64_t)r.nstray, 0);
            assert_int_equal(cls(&r, &t, "0", "2"), PT_DISPLACED);
        } else {
            assert_true(r.clean[0]);
            assert_int_equal(cls(&r, &t, "0", "1"), PT_ERRATUM);
            assert_int_equal(cls(&r, &t, "0", "2"), PT_ERRATUM);
        }
        assert_true(r.clean[1]);
        ptable_reading_free(&r);
        ptable_free(&t);
    }
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
        cmocka_unit_test(test_changed_cell_of_clean_line_is_erratum),
        cmocka_unit_test(test_lost_label_is_displacement),
        cmocka_unit_test(test_filler_runs_changed_is_displacement),
        cmocka_unit_test(test_non_filler_runs_changed_is_displacement),
        cmocka_unit_test(test_shifted_block_found_by_its_mirror),
        cmocka_unit_test(test_cell_across_a_label_is_displacement),
        cmocka_unit_test(test_missing_symbol_of_short_line_is_undecided),
        cmocka_unit_test(test_extra_symbol_is_stray_erratum),
        cmocka_unit_test(test_wrong_symbol_every_alignment_reads_is_erratum),
        cmocka_unit_test(test_mirror_reads_damaged_cells_only),
        cmocka_unit_test(test_permutations_are_one_position),
        cmocka_unit_test(test_unprinted_and_unreadable_are_not_read),
        cmocka_unit_test(test_extraction_note_makes_a_line_damaged),
        cmocka_unit_test(test_malformed_transcriptions_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
