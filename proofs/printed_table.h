/*
 * printed_table.h -- a table printed in a paper, as the extracted text has
 * it, and how its cells are read against computed values.
 *
 * A transcription keeps every printed line of the table as the text has it
 * (its fields, in order), with the rows of the table the line shows: one,
 * or several for sub-tables printed side by side.  Text extracted from a
 * PDF damages tables in known ways, and only these (the damage model): a
 * row label lost, a run of one-character symbols lengthened or shortened,
 * the filler symbol added or dropped, a cell dropped, and so a block of
 * cells shifted along its line.  The extraction does not write a symbol
 * its line does not hold (it creates none), does not change a cell's
 * text, and does not move a cell into another line.  A line's width is no
 * evidence: every line is aligned with what it should print, and each
 * cell is read from the whole table (docs/claims.md, "How a printed table
 * is read"):
 *
 *   AGREES       every least-cost alignment of its line reads the computed
 *                value on it, and the field at its place holds it;
 *   DISPLACED    every least-cost alignment reads the computed value on it,
 *                from a field elsewhere in its line (the line is damaged);
 *   MIRRORED     it differs, but another cell of the same position (the
 *                mirror cell of a two-pile table, a permutation of a
 *                three-pile one) may read the computed value;
 *   UNDECIDED    the least-cost alignments disagree on what it reads, or
 *                read nothing there (the extraction may have lost it);
 *   DIFFERS      every least-cost alignment reads the same other text on
 *                it, but nothing convicts it (`why`: the line holds no more
 *                of that text than its cells do, so a longer shift may
 *                have put it there; the text is the filler, a symbol
 *                lost; the thesis elsewhere has the computed value; a
 *                neighbouring line lacks as many of it) -- not refuted;
 *   ERRATUM      every least-cost alignment reads the same other text on
 *                it, and the evidence reaches a grade (`grade`, `why`):
 *                  certain:  no damage can produce it -- the text is no
 *                            cell's of its line nor a label of it, so no
 *                            shift, run or loss brings it there (a cell of
 *                            text the extraction cannot make from the true
 *                            one); or another cell of the same position,
 *                            in another line, prints the same text (the
 *                            table says it twice);
 *                  probable: it rests on the model's assumption that the
 *                            extraction creates no symbol -- its line
 *                            prints more of the text than its cells hold
 *                            (a surplus no shift explains), no
 *                            neighbouring line lacks as many, and the
 *                            thesis elsewhere does not have the computed
 *                            value;
 *   NOT_PRINTED  its row is not in the text;
 *   UNREADABLE   a note of the transcription says the text is damaged at
 *                this very cell.
 *
 * A printed symbol that no least-cost alignment places on a cell computing
 * it, and that the alignments do not always place on one cell, is a stray
 * of its line: a probable erratum of the line when the line prints more of
 * it than its cells hold (no neighbouring line lacking as many), else not
 * refuted; a row label out of place is the layout's damage, counted apart.
 * Every surplus of a line is accounted for: each unit that no graded cell
 * or stray carries, and that the thesis elsewhere does not explain (a note
 * on a cell reading it, a mirror cell reading the computed value), is a
 * probable erratum of the line as a whole.
 * The counts of each symbol per line and per table are part of the
 * reading, for the findings.
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
    PT_DIFFERS,
    PT_ERRATUM,
    PT_NOT_PRINTED,
    PT_UNREADABLE,
    PT_NCLASSES
} ptable_class;

/* The grade of an erratum (a cell or a stray). */
typedef enum { PT_UNGRADED, PT_CERTAIN, PT_PROBABLE } ptable_grade;

/* Why a cell or a stray is graded so, or why it is not (see above). */
typedef enum {
    PT_WHY_NONE,
    PT_WHY_ABSENT,     /* certain: no cell of its line computes its text, nor is it a label of the line */
    PT_WHY_TWICE,      /* certain: another cell of its position, in another line, prints the same */
    PT_WHY_SURPLUS,    /* probable: its line prints more of its text than its cells hold */
    PT_WHY_BALANCED,   /* not refuted: its line prints no more of its text than its cells hold */
    PT_WHY_LOST,       /* not refuted: it reads the filler (or nothing): a symbol lost */
    PT_WHY_ELSEWHERE,  /* not refuted: the thesis elsewhere has the computed value (a note) */
    PT_WHY_NEIGHBOUR,  /* not refuted: a neighbouring line lacks as many of its text (carried over) */
    PT_WHY_SHARED,     /* not refuted: more fields of its line read its text wrongly than the surplus */
} ptable_why;

typedef struct {
    ptable_class cls;
    /* PT_DIFFERS and PT_ERRATUM: the text every least-cost alignment reads
     * there (NULL: the filler was lost to nothing). */
    const char *reading;
    /* PT_MIRRORED: the cell of the same position that may read the
     * computed value; PT_ERRATUM by PT_WHY_TWICE: the cell that prints the
     * same text; else -1. */
    int other_row, other_col;
    ptable_grade grade;    /* PT_ERRATUM: certain or probable */
    ptable_why why;        /* PT_DIFFERS, PT_ERRATUM */
} ptable_cell;

/* A printed symbol that fits no cell (see above): its line and field, the
 * first and last cell the least-cost alignments put it on (row, col; -1
 * when they never put it on a cell), and its grade.  A surplus of a line
 * that no field or cell carries (its symbols all fit some cell under some
 * least-cost alignment, so which one is extra is not known) is one too,
 * with field -1 and its cells the line's first and last. */
typedef struct {
    int line, field;
    const char *text;      /* the symbol                                  */
    int first_row, first_col, last_row, last_col;
    ptable_grade grade;    /* PT_PROBABLE, or PT_UNGRADED (not refuted)   */
    ptable_why why;
} ptable_stray;

/* How often a text other than the filler is printed, and computed, in a
 * line or in the whole table (row labels not counted). */
typedef struct {
    const char *text;
    int printed, computed;
    /* In a line: how many of its fields reading this text every least-cost
     * alignment of the line must take as wrong (a field left out at a cost,
     * or read on a cell computing another text): the part of a surplus no
     * damage the alignment allows (runs, the filler, shifts) explains. */
    int unexplained;
} ptable_count;

typedef struct {
    ptable_count *count;
    int ncount;
} ptable_counts;

typedef struct {
    ptable_cell *cell;     /* rows x cols                                      */
    ptable_stray *stray;
    int nstray;
    int misplaced_labels;  /* row labels no least-cost alignment keeps in place */
    bool *as_printed;      /* per line: its layout splits into rows of exactly
                              the table's width (reported; not evidence)     */
    int *cost;             /* per line: differences its least-cost alignment
                              cannot avoid (0: the computed symbols in their
                              order, runs and filler aside)                  */
    int nlines;
    ptable_counts *line_counts;  /* per line (texts point into the table and the
                                    computed values: read while both live)  */
    ptable_counts table_counts;  /* the whole table, texts in first-seen order */
    uint64_t count[PT_NCLASSES];
    uint64_t errata[3];          /* cells and strays by grade (PT_CERTAIN, PT_PROBABLE) */
} ptable_reading;

/* Reads every cell of t against computed (rows x cols texts; a printed
 * field equals a computed value when the texts are equal). */
void ptable_read(const ptable *t, const char *const *computed, ptable_reading *out);
void ptable_reading_free(ptable_reading *r);
const char *ptable_class_name(ptable_class c);
const char *ptable_grade_name(ptable_grade g);
/* How often `text` is printed and computed in line l (0 and 0 for the
 * filler or a text the line does not have). */
ptable_count ptable_line_count(const ptable_reading *r, int l, const char *text);

#endif
