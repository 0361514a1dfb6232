/*
 * printed_table.h -- a table printed in a paper, as the extracted text has
 * it, and how its cells are read against computed values.
 *
 * A transcription keeps every printed line of the table as the text has it
 * (its fields, in order), with the rows of the table the line shows: one,
 * or several for sub-tables printed side by side.  Text extracted from a
 * PDF damages tables in known ways: a row label lost, a run of equal
 * symbols lengthened or shortened, a block of cells shifted by a column or
 * more, a stray or a missing cell.  ptable_read reads each cell in view of
 * that damage and of the table's own structure:
 *
 *   AGREES       the cell as printed is the computed value;
 *   DISPLACED    it differs where it is printed, but an alignment of its
 *                line with the computed values that needs no difference
 *                there places the computed value on it (the line is
 *                damaged);
 *   MIRRORED     its line is damaged and it differs, but another cell of
 *                the same position (the mirror cell of a two-pile table,
 *                a permutation of a three-pile one) may read the computed
 *                value: the table, read there, prints it rightly;
 *   UNDECIDED    the least-cost alignments of its damaged line disagree on
 *                what it reads, or read nothing there;
 *   ERRATUM      read cleanly (its line's layout is unambiguous, or every
 *                least-cost alignment reads the same symbol there), it
 *                differs from the computed value, and nothing above
 *                explains it;
 *   NOT_PRINTED  its row is not in the text;
 *   UNREADABLE   a note of the transcription says the text is damaged at
 *                this very cell.
 *
 * A printed symbol that no least-cost alignment places on a cell computing
 * it, and that the alignments do not always place on one cell, is a stray
 * erratum of its line (a symbol the line prints and no cell of it holds),
 * unless it is the label of a row of the line: a label out of place is the
 * layout's damage, counted apart.
 * docs/claims.md describes the model and its limits.
 */
#ifndef PRINTED_TABLE_H
#define PRINTED_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One printed line: the table rows it shows (in printed order) and its
 * fields as printed ("." stands for a cell printed empty). */
typedef struct {
    int nrows;
    int *row;
    int nfields;
    char **field;
} ptable_line;

typedef struct {
    char *name;            /* "table-04"                                        */
    char *caption;         /* "Table 4: Results of ..."                         */
    int rows, cols;
    char **row_label;      /* the table's rows, as the transcription names them */
    char **col_label;
    char **printed_label;  /* each row's label as the text prints it (labels)  */
    bool labels;           /* false: the lines print no row label              */
    char *filler;          /* the symbol whose runs may appear or vanish, or NULL */
    bool unordered;        /* a cell's piles (its row's and its column's) may be
                              listed in any order: one position, several cells */
    int nlines;
    ptable_line *line;
    int *line_of;          /* per row: the printed line showing it, -1: none   */
    char **damaged;        /* per row: an extraction note on its line, or NULL */
    char **missing;        /* per row: why the text does not print it, or NULL */
    char **unreadable;     /* rows x cols: an extraction note on the cell      */
    char **conflict;       /* rows x cols: the paper's own other tables or prose
                              disagree with the printed cell (a note), or NULL */
    /* rows x cols: the cell as printed when its line splits at its labels
     * into rows of exactly `cols` cells (the layout as printed), else NULL. */
    const char **as_printed;
    /* rows x cols: the field at the cell's place counted from its row's
     * label (from the line's start when the label is not there), whatever
     * the line's count; NULL past the fields of its row. */
    const char **at_place;
} ptable;

/* Reads a transcription (the format: proofs/huibers/tables/README.md).
 * Returns 0, or -1 with the reason in err. */
int ptable_parse(ptable *t, const char *name, const char *text, char *err, size_t errlen);
void ptable_free(ptable *t);
/* The row and column named so, or -1. */
int ptable_row(const ptable *t, const char *label);
int ptable_col(const ptable *t, const char *label);

typedef enum {
    PT_AGREES,
    PT_DISPLACED,
    PT_MIRRORED,
    PT_UNDECIDED,
    PT_ERRATUM,
    PT_NOT_PRINTED,
    PT_UNREADABLE,
    PT_NCLASSES
} ptable_class;

typedef struct {
    ptable_class cls;
    /* PT_ERRATUM: the symbol every least-cost alignment reads there (for a
     * clean line, the cell as printed); PT_MIRRORED: the cell of the same
     * position that may read the computed value (its row and column). */
    const char *reading;
    int mirror_row, mirror_col;
} ptable_cell;

/* A printed symbol that fits no cell (see above): its line and field, and
 * the first and last cell the least-cost alignments put it on (row, col;
 * -1 when they never put it on a cell). */
typedef struct {
    int line, field;
    int first_row, first_col, last_row, last_col;
} ptable_stray;

typedef struct {
    ptable_cell *cell;     /* rows x cols                                      */
    ptable_stray *stray;
    int nstray;
    int misplaced_labels;  /* row labels no least-cost alignment keeps in place */
    bool *clean;           /* per line: read as printed                       */
    int *cost;             /* per line: differences its least-cost alignment
                              cannot avoid (0 for a clean line)               */
    uint64_t count[PT_NCLASSES];
} ptable_reading;

/* Reads every cell of t against computed (rows x cols texts; a printed
 * field equals a computed value when the texts are equal). */
void ptable_read(const ptable *t, const char *const *computed, ptable_reading *out);
void ptable_reading_free(ptable_reading *r);
const char *ptable_class_name(ptable_class c);

#endif
