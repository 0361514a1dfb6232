/*
 * printed_table.c -- a printed table's transcription and the reading of its
 * cells against computed values (printed_table.h; the model in
 * docs/claims.md, the format in proofs/huibers/tables/README.md).
 */
#include "proofs/printed_table.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine/xalloc.h"

/* ---- parsing ---- */

static int fail(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

/* The text's lines (copies), without their newlines. */
static char **split_lines(const char *text, int *n)
{
    int cap = 64, k = 0;
    char **line = xmalloc(sizeof *line * (size_t)cap, "a table");
    for (const char *p = text; *p;) {
        const char *e = strchr(p, '\n');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (k == cap) {
            cap *= 2;
            line = xrealloc(line, sizeof *line * (size_t)cap, "a table");
        }
        line[k] = xmalloc(len + 1, "a table");
        memcpy(line[k], p, len);
        line[k++][len] = '\0';
        p += len + (e != NULL);
    }
    *n = k;
    return line;
}

/* The pieces of s between separators sep (copies); NULL-free array. */
static char **split(const char *s, char sep, int *n)
{
    int cap = 8, k = 0;
    char **part = xmalloc(sizeof *part * (size_t)cap, "a table");
    for (const char *p = s;;) {
        const char *e = strchr(p, sep);
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (k == cap) {
            cap *= 2;
            part = xrealloc(part, sizeof *part * (size_t)cap, "a table");
        }
        part[k] = xmalloc(len + 1, "a table");
        memcpy(part[k], p, len);
        part[k++][len] = '\0';
        if (!e)
            break;
        p = e + 1;
    }
    *n = k;
    return part;
}

static void free_strings(char **s, int n)
{
    for (int i = 0; s && i < n; i++)
        free(s[i]);
    free(s);
}

int ptable_row(const ptable *t, const char *label)
{
    for (int i = 0; i < t->rows; i++)
        if (strcmp(t->row_label[i], label) == 0)
            return i;
    return -1;
}

int ptable_col(const ptable *t, const char *label)
{
    for (int j = 0; j < t->cols; j++)
        if (strcmp(t->col_label[j], label) == 0)
            return j;
    return -1;
}

/* A new row of the table named label (its printed label: the part after
 * its last comma, until a "label" note says otherwise). */
static int add_row(ptable *t, const char *label, int *cap)
{
    if (t->rows == *cap) {
        *cap = *cap ? 2 * *cap : 32;
        t->row_label = xrealloc(t->row_label, sizeof *t->row_label * (size_t)*cap, "a table");
        t->printed_label = xrealloc(t->printed_label, sizeof *t->printed_label * (size_t)*cap, "a table");
        t->line_of = xrealloc(t->line_of, sizeof *t->line_of * (size_t)*cap, "a table");
    }
    const char *comma = strrchr(label, ',');
    t->row_label[t->rows] = xstrdup(label, "a table");
    t->printed_label[t->rows] = xstrdup(comma ? comma + 1 : label, "a table");
    t->line_of[t->rows] = -1;
    return t->rows++;
}

/* "# KEY ROW[ COL]: why": the row (or every row for "all") and the column
 * (-1 when none is named); false when they are not the table's. */
static bool note_target(const ptable *t, const char *p, int *row, int *col, const char **why)
{
    const char *colon = strchr(p, ':');
    if (!colon)
        return false;
    *why = colon + 1 + (colon[1] == ' ');
    size_t len = (size_t)(colon - p);
    const char *space = memchr(p, ' ', len);
    size_t rlen = space ? (size_t)(space - p) : len;
    char *r = xmalloc(rlen + 1, "a table");
    memcpy(r, p, rlen);
    r[rlen] = '\0';
    *row = strcmp(r, "all") == 0 ? -2 : ptable_row(t, r);
    free(r);
    *col = -1;
    if (space) {
        size_t clen = len - rlen - 1;
        char *c = xmalloc(clen + 1, "a table");
        memcpy(c, space + 1, clen);
        c[clen] = '\0';
        *col = ptable_col(t, c);
        free(c);
        if (*col < 0)
            return false;
    }
    return *row != -1;
}

static int attach_note(ptable *t, const char *line, char *err, size_t errlen)
{
    static const char *const keys[] = {"extraction ", "conflict ", "missing ", "label "};
    int key = -1;
    /* A note is "# KEY ...": a line of "#" alone is a comment (found by
     * the fuzzer: line + 2 was read past its end). */
    if (line[0] != '#' || line[1] == '\0')
        return 0;
    for (int k = 0; k < 4; k++)
        if (strncmp(line + 2, keys[k], strlen(keys[k])) == 0)
            key = k;
    if (key < 0)
        return 0;
    int row, col;
    const char *why;
    if (!note_target(t, line + 2 + strlen(keys[key]), &row, &col, &why) || !*why)
        return fail(err, errlen, "%s: a note on a cell or row the table does not have, or without a text: %s",
                    t->name, line);
    if ((key == 1 && (row < 0 || col < 0)) || (key >= 2 && col >= 0) || (key == 3 && row < 0))
        return fail(err, errlen, "%s: a note that names the wrong kind of place: %s", t->name, line);
    for (int i = 0; i < t->rows; i++) {
        if (row >= 0 && i != row)
            continue;
        if (key == 0 && col >= 0) {
            free(t->unreadable[i * t->cols + col]);
            t->unreadable[i * t->cols + col] = xstrdup(why, "a table");
        } else if (key == 0) {
            free(t->damaged[i]);
            t->damaged[i] = xstrdup(why, "a table");
        } else if (key == 1) {
            free(t->conflict[i * t->cols + col]);
            t->conflict[i * t->cols + col] = xstrdup(why, "a table");
        } else if (key == 2) {
            free(t->missing[i]);
            t->missing[i] = xstrdup(why, "a table");
        } else {
            free(t->printed_label[i]);
            t->printed_label[i] = xstrdup(why, "a table");
        }
    }
    return 0;
}

/* Where each row of line l starts, as printed: the field holding its
 * label, the next label expected `cols` cells on (else the nearest field
 * holding it), -1 for a row whose label is not found.  Cells read as
 * printed when a row's label and exactly `cols` cells stand in place. */
/* Each cell's field counted from its row's label: a row's label searched
 * from where the row before it began (the first row's at the line's
 * start, else no label: its cells from the start), its cells up to the
 * next row's label. */
static void place_cells(ptable *t, int l)
{
    const ptable_line *ln = &t->line[l];
    int *start = xmalloc(sizeof *start * ((size_t)ln->nrows + 1), "a table");
    int from = 0;
    for (int s = 0; s < ln->nrows; s++) {
        start[s] = -1;
        for (int k = from; t->labels && k < ln->nfields && start[s] < 0; k++)
            if (strcmp(ln->field[k], t->printed_label[ln->row[s]]) == 0 && (s > 0 || k == 0))
                start[s] = k;
        if (start[s] < 0)
            start[s] = s == 0 ? -1 : from;
        from = start[s] + 1 + (s == 0 && start[s] < 0 ? 1 : 0);
    }
    for (int s = 0; s < ln->nrows; s++) {
        int end = s + 1 < ln->nrows ? start[s + 1] : ln->nfields;
        for (int j = 0; j < t->cols; j++) {
            int f = start[s] + 1 + j;
            if (f >= 0 && f < end && f < ln->nfields)
                t->at_place[ln->row[s] * t->cols + j] = ln->field[f];
        }
    }
    free(start);
}

static void split_as_printed(ptable *t, int l)
{
    const ptable_line *ln = &t->line[l];
    if (!t->labels) {
        /* No labels: one row a line, read as printed when it fills the width. */
        if (ln->nrows == 1 && ln->nfields == t->cols)
            for (int j = 0; j < t->cols; j++)
                t->as_printed[ln->row[0] * t->cols + j] = ln->field[j];
        return;
    }
    int at = 0;
    for (int s = 0; s < ln->nrows && at >= 0; s++) {
        const char *label = t->printed_label[ln->row[s]];
        if (at >= ln->nfields || strcmp(ln->field[at], label) != 0)
            return;
        int next = at + 1 + t->cols;
        bool fits;
        if (s + 1 == ln->nrows)
            fits = next == ln->nfields;
        else
            fits = next < ln->nfields && strcmp(ln->field[next], t->printed_label[ln->row[s + 1]]) == 0;
        if (fits)
            for (int j = 0; j < t->cols; j++)
                t->as_printed[ln->row[s] * t->cols + j] = ln->field[at + 1 + j];
        if (!fits && s + 1 < ln->nrows) {
            /* The next row's label nearest to where it should stand. */
            const char *nl = t->printed_label[ln->row[s + 1]];
            int best = -1;
            for (int k = at + 1; k < ln->nfields; k++)
                if (strcmp(ln->field[k], nl) == 0 && (best < 0 || abs(k - next) < abs(best - next)))
                    best = k;
            next = best;
        }
        at = next;
    }
}

static int parse_data_line(ptable *t, const char *text, int *row_cap, char *err, size_t errlen)
{
    int nf;
    char **f = split(text, '\t', &nf);
    int nid;
    char **id = split(f[0], ' ', &nid);
    ptable_line *ln = &t->line[t->nlines];
    memset(ln, 0, sizeof *ln);
    ln->row = xmalloc(sizeof *ln->row * (size_t)nid, "a table");
    for (int k = 0; k < nid; k++) {
        if (!id[k][0] || ptable_row(t, id[k]) >= 0) {
            int rc = fail(err, errlen, "%s: row '%s' named twice or empty", t->name, id[k]);
            free(ln->row);
            free_strings(id, nid);
            free_strings(f, nf);
            return rc;
        }
        ln->row[k] = add_row(t, id[k], row_cap);
    }
    ln->nrows = nid;
    free_strings(id, nid);
    /* A row alone with no field is not printed (a "missing" note says why). */
    if (nf == 1) {
        free(ln->row);
        free_strings(f, nf);
        return 0;
    }
    for (int k = 0; k < nid; k++)
        t->line_of[ln->row[k]] = t->nlines;
    ln->nfields = nf - 1;
    ln->field = xmalloc(sizeof *ln->field * (size_t)ln->nfields, "a table");
    for (int k = 1; k < nf; k++)
        ln->field[k - 1] = f[k];
    free(f[0]);
    free(f);
    t->nlines++;
    return 0;
}

int ptable_parse(ptable *t, const char *name, const char *text, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    t->name = xstrdup(name, "a table");
    t->labels = true;
    int nlines, row_cap = 0, rc = 0;
    char **line = split_lines(text, &nlines);
    t->line = xcalloc((size_t)nlines + 1, sizeof *t->line, "a table");
    int header = -1;
    for (int k = 0; k < nlines && rc == 0; k++) {
        const char *s = line[k];
        if (s[0] == '#') {
            if (strncmp(s, "# Table ", 8) == 0 && !t->caption)
                t->caption = xstrdup(s + 2, "a table");
            else if (strncmp(s, "# filler: ", 10) == 0 && !t->filler)
                t->filler = xstrdup(s + 10, "a table");
            else if (strcmp(s, "# positions: unordered") == 0)
                t->unordered = true;
            else if (strcmp(s, "# labels: none") == 0)
                t->labels = false;
            continue;
        }
        if (!s[0])
            continue;
        if (header < 0) {
            if (strncmp(s, "columns\t", 8) != 0) {
                rc = fail(err, errlen, "%s: the first line that is not a note must be \"columns<TAB>...\"", name);
                break;
            }
            header = k;
            int nc;
            char **c = split(s, '\t', &nc);
            t->cols = nc - 1;
            t->col_label = xmalloc(sizeof *t->col_label * (size_t)(nc > 1 ? nc - 1 : 1), "a table");
            for (int j = 1; j < nc; j++)
                t->col_label[j - 1] = c[j];
            free(c[0]);
            free(c);
            continue;
        }
        rc = parse_data_line(t, s, &row_cap, err, errlen);
    }
    if (rc == 0 && (!t->caption || header < 0 || t->cols < 1 || t->rows < 1))
        rc = fail(err, errlen, "%s: no caption (\"# Table N: ...\"), no columns or no rows", name);
    if (rc == 0) {
        size_t cells = xmul((size_t)t->rows, (size_t)t->cols, "a table");
        t->damaged = xcalloc((size_t)t->rows, sizeof *t->damaged, "a table");
        t->missing = xcalloc((size_t)t->rows, sizeof *t->missing, "a table");
        t->unreadable = xcalloc(cells, sizeof *t->unreadable, "a table");
        t->conflict = xcalloc(cells, sizeof *t->conflict, "a table");
        t->as_printed = xcalloc(cells, sizeof *t->as_printed, "a table");
        t->at_place = xcalloc(cells, sizeof *t->at_place, "a table");
        for (int k = 0; k < nlines && rc == 0; k++)
            if (line[k][0] == '#')
                rc = attach_note(t, line[k], err, errlen);
    }
    for (int i = 0; rc == 0 && i < t->rows; i++)
        if ((t->line_of[i] < 0) != (t->missing[i] != NULL))
            rc = fail(err, errlen, "%s: row %s %s", name, t->row_label[i],
                      t->line_of[i] < 0 ? "has no printed line and no \"missing\" note"
                                        : "is printed but has a \"missing\" note");
    for (int l = 0; rc == 0 && l < t->nlines; l++) {
        split_as_printed(t, l);
        place_cells(t, l);
        if (!t->labels && t->line[l].nrows != 1)
            rc = fail(err, errlen, "%s: a table printed without labels shows one row a line", name);
    }
    free_strings(line, nlines);
    if (rc != 0)
        ptable_free(t);
    return rc;
}

void ptable_free(ptable *t)
{
    size_t cells = (size_t)t->rows * (size_t)t->cols;
    for (int l = 0; l < t->nlines; l++) {
        free_strings(t->line[l].field, t->line[l].nfields);
        free(t->line[l].row);
    }
    free(t->line);
    for (size_t k = 0; t->unreadable && k < cells; k++) {
        free(t->unreadable[k]);
        free(t->conflict[k]);
    }
    for (int i = 0; t->damaged && i < t->rows; i++) {
        free(t->damaged[i]);
        free(t->missing[i]);
    }
    free_strings(t->row_label, t->rows);
    free_strings(t->printed_label, t->rows);
    free_strings(t->col_label, t->cols);
    free(t->damaged);
    free(t->missing);
    free(t->unreadable);
    free(t->conflict);
    free(t->as_printed);
    free(t->at_place);
    free(t->line_of);
    free(t->filler);
    free(t->caption);
    free(t->name);
    memset(t, 0, sizeof *t);
}

/* ---- reading ---- */

/* What the least-cost alignments of a line say of one cell: whether some
 * place the computed value on it (good) or another symbol or nothing
 * (bad), and the symbols they read there (NULL: nothing printed). */
typedef struct {
    bool good, bad;
    int nread, capread;
    const char **read;
} cell_view;

static void view_add(cell_view *v, const char *reading)
{
    for (int k = 0; k < v->nread; k++)
        if (v->read[k] == reading || (v->read[k] && reading && strcmp(v->read[k], reading) == 0))
            return;
    if (v->nread == v->capread) {
        v->capread = v->capread ? 2 * v->capread : 4;
        v->read = xrealloc(v->read, sizeof *v->read * (size_t)v->capread, "a table reading");
    }
    v->read[v->nread++] = reading;
}

static bool view_reads(const cell_view *v, const char *text)
{
    for (int k = 0; k < v->nread; k++)
        if (v->read[k] && strcmp(v->read[k], text) == 0)
            return true;
    return false;
}

/* The one text every least-cost alignment reads on a cell that differs
 * from it (the cell is pinned: a candidate erratum), or NULL. */
static const char *pinned_reading(const cell_view *v)
{
    return !v->good && v->nread == 1 ? v->read[0] : NULL;
}

/* One element of the sequence a line should print: a row's label, or a
 * cell with its computed value. */
typedef struct {
    bool label;
    int row, col;
    const char *text;
} element;

typedef struct {
    const ptable *t;
    const char *const *computed;
    cell_view *view;           /* rows x cols */
    ptable_reading *out;
    int stray_cap;
} reader;

static bool is_filler(const ptable *t, const char *s)
{
    return t->filler && strcmp(s, t->filler) == 0;
}

/* A symbol whose runs the extraction lengthens and shortens: one
 * character (Tables 7 and 12 print such runs a cell longer or shorter).
 * A cell of text (a list of bans, a fraction) printed twice in a row is
 * not a run: the extraction does not repeat one. */
static bool runs_change(const char *s)
{
    return s[0] && !s[1];
}

/* The costs of the alignment (docs/claims.md): a printed field read as an
 * element (0 when equal, else 1); a field left out (0 when it is the
 * table's filler or lengthens a run of a one-character symbol, its text
 * the field's before it; else 1: a stray cell, or a label out of place:
 * labels anchor the rows of a line, so moving one costs as much as a
 * difference); an element left out (0 for a label, lost; 0 for a cell that
 * is filler or shortens a run of its row of a one-character symbol; else
 * 1: a missing cell). */
static int cost_match(const char *field, const element *e)
{
    return strcmp(field, e->text) != 0;
}

static bool is_line_label(const ptable *t, const ptable_line *ln, const char *s)
{
    for (int k = 0; t->labels && k < ln->nrows; k++)
        if (strcmp(t->printed_label[ln->row[k]], s) == 0)
            return true;
    return false;
}

static int cost_stray(const ptable *t, const ptable_line *ln, int i)
{
    char *const *f = ln->field;
    return !((i > 0 && runs_change(f[i]) && strcmp(f[i], f[i - 1]) == 0) || is_filler(t, f[i]));
}

static int cost_missing(const ptable *t, const element *e, int j)
{
    if (e[j].label)
        return 0;
    bool run = j > 0 && !e[j - 1].label && e[j - 1].row == e[j].row && runs_change(e[j].text) &&
               strcmp(e[j - 1].text, e[j].text) == 0;
    return !(run || is_filler(t, e[j].text));
}

/* The elements line l should print: each row's label (when the table
 * prints labels), then its computed cells. */
static element *line_elements(const reader *rd, int l, int *n)
{
    const ptable *t = rd->t;
    const ptable_line *ln = &t->line[l];
    int per = t->cols + (t->labels ? 1 : 0);
    element *e = xmalloc(xmul((size_t)ln->nrows, (size_t)per * sizeof *e, "a table reading"), "a table reading");
    int k = 0;
    for (int s = 0; s < ln->nrows; s++) {
        int i = ln->row[s];
        if (t->labels)
            e[k++] = (element){.label = true, .row = i, .col = -1, .text = t->printed_label[i]};
        for (int j = 0; j < t->cols; j++)
            e[k++] = (element){.label = false, .row = i, .col = j, .text = rd->computed[i * t->cols + j]};
    }
    *n = k;
    return e;
}

enum { INF = 1 << 29 };

static void add_stray(reader *rd, int l, int i, const element *e, int lo, int hi)
{
    ptable_reading *o = rd->out;
    if (o->nstray == rd->stray_cap) {
        rd->stray_cap = rd->stray_cap ? 2 * rd->stray_cap : 8;
        o->stray = xrealloc(o->stray, sizeof *o->stray * (size_t)rd->stray_cap, "a table reading");
    }
    ptable_stray *s = &o->stray[o->nstray++];
    *s = (ptable_stray){.line = l, .field = i, .text = rd->t->line[l].field[i], .grade = PT_UNGRADED,
                        .why = PT_WHY_NONE};
    s->first_row = lo < 0 ? -1 : e[lo].row;
    s->first_col = lo < 0 ? -1 : e[lo].col;
    s->last_row = hi < 0 ? -1 : e[hi].row;
    s->last_col = hi < 0 ? -1 : e[hi].col;
}

/* Aligns line l with what it should print: least cost into out->cost[l],
 * and what the least-cost alignments say of each of its cells into the
 * views; fields no least-cost alignment fits become strays. */
static void align_line(reader *rd, int l)
{
    const ptable *t = rd->t;
    const ptable_line *ln = &t->line[l];
    int m = ln->nfields, n;
    element *e = line_elements(rd, l, &n);
    size_t W = (size_t)n + 1, states = xmul((size_t)m + 1, W, "a table reading");
    int *F = xmalloc(xmul(states, sizeof *F, "a table reading"), "a table reading");
    int *B = xmalloc(xmul(states, sizeof *B, "a table reading"), "a table reading");
    for (size_t s = 0; s < states; s++)
        F[s] = B[s] = INF;
    F[0] = 0;
    /* Forward: the least cost of reading fields [0, i) as elements [0, j). */
    for (int i = 0; i <= m; i++)
        for (int j = 0; j <= n; j++) {
            int v = F[i * W + j];
            if (v >= INF)
                continue;
            if (i < m && j < n && v + cost_match(ln->field[i], &e[j]) < F[(i + 1) * W + j + 1])
                F[(i + 1) * W + j + 1] = v + cost_match(ln->field[i], &e[j]);
            if (i < m && v + cost_stray(t, ln, i) < F[(i + 1) * W + j])
                F[(i + 1) * W + j] = v + cost_stray(t, ln, i);
            if (j < n && v + cost_missing(t, e, j) < F[i * W + j + 1])
                F[i * W + j + 1] = v + cost_missing(t, e, j);
        }
    /* Backward: the least cost of reading fields [i, m) as elements [j, n). */
    B[(size_t)m * W + n] = 0;
    for (int i = m; i >= 0; i--)
        for (int j = n; j >= 0; j--) {
            if (i == m && j == n)
                continue;
            int best = INF;
            if (i < m && j < n && cost_match(ln->field[i], &e[j]) + B[(i + 1) * W + j + 1] < best)
                best = cost_match(ln->field[i], &e[j]) + B[(i + 1) * W + j + 1];
            if (i < m && cost_stray(t, ln, i) + B[(i + 1) * W + j] < best)
                best = cost_stray(t, ln, i) + B[(i + 1) * W + j];
            if (j < n && cost_missing(t, e, j) + B[i * W + j + 1] < best)
                best = cost_missing(t, e, j) + B[i * W + j + 1];
            B[i * W + j] = best;
        }
    int opt = F[(size_t)m * W + n];
    rd->out->cost[l] = opt;
    /* Per field: whether some least-cost alignment fits it (good), and
     * the first and last element it is misread as.  A step lies on a
     * least-cost alignment when forward cost + step + backward cost is
     * the least cost. */
    bool *fgood = xcalloc((size_t)m + 1, sizeof *fgood, "a table reading");
    int *flo = xmalloc(sizeof *flo * ((size_t)m + 1), "a table reading");
    int *fhi = xmalloc(sizeof *fhi * ((size_t)m + 1), "a table reading");
    bool *fstray = xcalloc((size_t)m + 1, sizeof *fstray, "a table reading");
    for (int i = 0; i < m; i++)
        flo[i] = fhi[i] = -1;
    for (int i = 0; i <= m; i++)
        for (int j = 0; j <= n; j++) {
            int v = F[i * W + j];
            if (v >= INF)
                continue;
            if (i < m && j < n) {
                int w = cost_match(ln->field[i], &e[j]);
                if (v + w + B[(i + 1) * W + j + 1] == opt) {
                    if (!e[j].label) {
                        cell_view *cv = &rd->view[e[j].row * t->cols + e[j].col];
                        cv->good |= w == 0;
                        cv->bad |= w != 0;
                        view_add(cv, w == 0 ? e[j].text : ln->field[i]);
                    }
                    if (w == 0)
                        fgood[i] = true;
                    else {
                        if (!e[j].label && (flo[i] < 0 || j < flo[i]))
                            flo[i] = j;
                        if (!e[j].label && (fhi[i] < 0 || j > fhi[i]))
                            fhi[i] = j;
                        if (e[j].label)
                            fstray[i] = true;
                    }
                }
            }
            if (i < m) {
                int w = cost_stray(t, ln, i);
                if (v + w + B[(i + 1) * W + j] == opt) {
                    fgood[i] |= w == 0;
                    fstray[i] |= w != 0;
                }
            }
            if (j < n) {
                int w = cost_missing(t, e, j);
                if (v + w + B[i * W + j + 1] == opt && !e[j].label) {
                    cell_view *cv = &rd->view[e[j].row * t->cols + e[j].col];
                    cv->good |= w == 0;
                    cv->bad |= w != 0;
                    view_add(cv, w == 0 ? e[j].text : NULL);
                }
            }
        }
    /* A field every least-cost alignment misfits, and not always on one
     * cell (that cell then reads it: a candidate erratum), is a stray of
     * its line. */
    for (int i = 0; i < m; i++) {
        if (fgood[i] || (!fstray[i] && flo[i] >= 0 && flo[i] == fhi[i]))
            continue;
        /* A row label out of place is the layout's damage, not a symbol
         * the table states. */
        if (is_line_label(t, ln, ln->field[i])) {
            rd->out->misplaced_labels++;
            continue;
        }
        add_stray(rd, l, i, e, flo[i], fhi[i]);
    }
    free(fgood);
    free(flo);
    free(fhi);
    free(fstray);
    free(F);
    free(B);
    free(e);
}

/* ---- symbol counts ---- */

static ptable_count *count_entry(ptable_counts *c, const char *text)
{
    for (int k = 0; k < c->ncount; k++)
        if (strcmp(c->count[k].text, text) == 0)
            return &c->count[k];
    c->count = xrealloc(c->count, sizeof *c->count * ((size_t)c->ncount + 1), "a table reading");
    c->count[c->ncount] = (ptable_count){.text = text};
    return &c->count[c->ncount++];
}

/* How often each text other than the filler is printed and computed in
 * line l: its fields, but for one field a row holding that row's printed
 * label (a lost label leaves a cell uncounted: the count errs towards a
 * deficit, never a surplus), against its rows' computed cells. */
static void count_line(const reader *rd, int l, ptable_counts *c)
{
    const ptable *t = rd->t;
    const ptable_line *ln = &t->line[l];
    bool *label_used = xcalloc((size_t)ln->nrows + 1, sizeof *label_used, "a table reading");
    for (int f = 0; f < ln->nfields; f++) {
        const char *s = ln->field[f];
        if (is_filler(t, s))
            continue;
        bool label = false;
        for (int k = 0; t->labels && k < ln->nrows && !label; k++)
            if (!label_used[k] && strcmp(t->printed_label[ln->row[k]], s) == 0)
                label = label_used[k] = true;
        if (!label)
            count_entry(c, s)->printed++;
    }
    free(label_used);
    for (int k = 0; k < ln->nrows; k++)
        for (int j = 0; j < t->cols; j++) {
            const char *s = rd->computed[ln->row[k] * t->cols + j];
            if (!is_filler(t, s))
                count_entry(c, s)->computed++;
        }
}

static void count_add(ptable_counts *into, const ptable_counts *c)
{
    for (int k = 0; k < c->ncount; k++) {
        ptable_count *e = count_entry(into, c->count[k].text);
        e->printed += c->count[k].printed;
        e->computed += c->count[k].computed;
    }
}

ptable_count ptable_line_count(const ptable_reading *r, int l, const char *text)
{
    const ptable_counts *c = &r->line_counts[l];
    for (int k = 0; text && k < c->ncount; k++)
        if (strcmp(c->count[k].text, text) == 0)
            return c->count[k];
    return (ptable_count){.text = text};
}

/* How many more of text line l prints than its cells hold (negative: fewer). */
static int surplus(const ptable_reading *r, int l, const char *text)
{
    ptable_count c = ptable_line_count(r, l, text);
    return c.printed - c.computed;
}

/* How many of text the lines next to l (in printed order) print fewer
 * than their cells hold: as many of l's surplus may have been carried
 * over from them. */
static int neighbours_lack(const ptable *t, const ptable_reading *r, int l, const char *text)
{
    int n = 0;
    if (l > 0 && surplus(r, l - 1, text) < 0)
        n -= surplus(r, l - 1, text);
    if (l + 1 < t->nlines && surplus(r, l + 1, text) < 0)
        n -= surplus(r, l + 1, text);
    return n;
}

/* Whether a line has a cell an extraction note marks: its counts are not
 * to be trusted. */
static bool line_has_unreadable(const ptable *t, int l)
{
    const ptable_line *ln = &t->line[l];
    for (int k = 0; k < ln->nrows; k++)
        for (int j = 0; j < t->cols; j++)
            if (t->unreadable[ln->row[k] * t->cols + j])
                return true;
    return false;
}

/* Whether text is a cell's computed value or a row label in line l. */
static bool line_may_hold(const reader *rd, int l, const char *text)
{
    const ptable *t = rd->t;
    const ptable_line *ln = &t->line[l];
    if (is_line_label(t, ln, text))
        return true;
    for (int k = 0; k < ln->nrows; k++)
        for (int j = 0; j < t->cols; j++)
            if (strcmp(rd->computed[ln->row[k] * t->cols + j], text) == 0)
                return true;
    return false;
}

/* ---- positions: the cells that show one position ---- */

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The position of cell (i, j) as one text: with unordered positions, the
 * parts of its row name that are piles (not "normal" or "misere"), with
 * its column, sorted; otherwise the cell itself. */
static char *position_key(const ptable *t, int i, int j)
{
    if (!t->unordered)
        return NULL;
    int np;
    char **part = split(t->row_label[i], ',', &np);
    part = xrealloc(part, sizeof *part * ((size_t)np + 1), "a table reading");
    part[np++] = xstrdup(t->col_label[j], "a table reading");
    size_t len = 1;
    int mode = 0;
    for (int k = 0; k < np; k++) {
        len += strlen(part[k]) + 1;
        if (strcmp(part[k], "normal") == 0 || strcmp(part[k], "misere") == 0) {
            char *tmp = part[mode];
            part[mode++] = part[k];
            part[k] = tmp;
        }
    }
    qsort(part + mode, (size_t)(np - mode), sizeof *part, cmp_str);
    char *key = xmalloc(len, "a table reading");
    key[0] = '\0';
    for (int k = 0; k < np; k++) {
        strcat(key, part[k]);
        strcat(key, k + 1 < np ? "|" : "");
    }
    free_strings(part, np);
    return key;
}

typedef struct {
    char *key;
    int cell;
} keyed;

static int cmp_keyed(const void *a, const void *b)
{
    const keyed *x = a, *y = b;
    int c = strcmp(x->key, y->key);
    return c ? c : (x->cell > y->cell) - (x->cell < y->cell);
}

/* Cells grouped by position: `group` holds the cells of one position
 * side by side, `start[g]` where position g begins (ngroups + 1 entries). */
typedef struct {
    int *cell, *start, *group_of;
    int ngroups;
} positions;

static void positions_build(const ptable *t, positions *p)
{
    int cells = t->rows * t->cols;
    memset(p, 0, sizeof *p);
    p->group_of = xmalloc(sizeof *p->group_of * (size_t)cells, "a table reading");
    p->cell = xmalloc(sizeof *p->cell * (size_t)cells, "a table reading");
    p->start = xmalloc(sizeof *p->start * ((size_t)cells + 1), "a table reading");
    if (!t->unordered) {
        for (int c = 0; c < cells; c++) {
            p->cell[c] = c;
            p->start[c] = c;
            p->group_of[c] = c;
        }
        p->start[cells] = cells;
        p->ngroups = cells;
        return;
    }
    keyed *k = xmalloc(sizeof *k * (size_t)cells, "a table reading");
    for (int c = 0; c < cells; c++)
        k[c] = (keyed){position_key(t, c / t->cols, c % t->cols), c};
    qsort(k, (size_t)cells, sizeof *k, cmp_keyed);
    for (int c = 0; c < cells; c++) {
        if (c == 0 || strcmp(k[c].key, k[c - 1].key) != 0)
            p->start[p->ngroups++] = c;
        p->cell[c] = k[c].cell;
        p->group_of[k[c].cell] = p->ngroups - 1;
    }
    p->start[p->ngroups] = cells;
    for (int c = 0; c < cells; c++)
        free(k[c].key);
    free(k);
}

static void positions_free(positions *p)
{
    free(p->cell);
    free(p->start);
    free(p->group_of);
}

/* Whether cell c may read text: printed, read, and some least-cost
 * alignment of its line reads text on it. */
static bool may_read(const reader *rd, int c, const char *text)
{
    const ptable *t = rd->t;
    if (t->line_of[c / t->cols] < 0 || t->unreadable[c])
        return false;
    return view_reads(&rd->view[c], text);
}

/* Another cell of c's position that may read the computed value of c, or
 * -1: the table, read there, prints the position rightly. */
static int other_reading_computed(const reader *rd, const positions *p, int c)
{
    int g = p->group_of[c];
    for (int k = p->start[g]; k < p->start[g + 1]; k++) {
        int o = p->cell[k];
        if (o != c && may_read(rd, o, rd->computed[c]))
            return o;
    }
    return -1;
}

/* Another cell of c's position, in another line, pinned to the same text
 * as c (the table prints the wrong text twice), or -1. */
static int other_pinned_alike(const reader *rd, const positions *p, int c, const char *text)
{
    const ptable *t = rd->t;
    int g = p->group_of[c];
    for (int k = p->start[g]; k < p->start[g + 1]; k++) {
        int o = p->cell[k];
        if (o == c || t->line_of[o / t->cols] == t->line_of[c / t->cols] || t->unreadable[o])
            continue;
        const char *r = pinned_reading(&rd->view[o]);
        if (r && strcmp(r, text) == 0)
            return o;
    }
    return -1;
}

/* ---- classes and grades ---- */

/* The class a cell's views give it before the table's evidence is
 * weighed: AGREES, DISPLACED, UNDECIDED, or ERRATUM for a candidate (every
 * least-cost alignment reads the same other text on it). */
static ptable_class view_class(const reader *rd, int c)
{
    const ptable *t = rd->t;
    int i = c / t->cols;
    if (t->line_of[i] < 0)
        return PT_NOT_PRINTED;
    if (t->unreadable[c])
        return PT_UNREADABLE;
    const cell_view *v = &rd->view[c];
    const char *placed = t->at_place[c], *want = rd->computed[c];
    if (!v->bad)
        return placed && strcmp(placed, want) == 0 ? PT_AGREES : PT_DISPLACED;
    return pinned_reading(v) ? PT_ERRATUM : PT_UNDECIDED;
}

/* How many fields of line l read `text` wrongly: cells pinned to it (the
 * candidates of `first`) and strays of it; with `accounted`, only those
 * the reading has accounted for: cells that are errata, or that the thesis
 * elsewhere explains (a note, a mirror cell reading the computed value),
 * and graded strays (a surplus of no field among them). */
static int fields_reading(const reader *rd, const ptable_class *first, int l, const char *text, bool accounted)
{
    const ptable *t = rd->t;
    const ptable_line *ln = &t->line[l];
    int n = 0;
    for (int k = 0; k < ln->nrows; k++)
        for (int j = 0; j < t->cols; j++) {
            int c = ln->row[k] * t->cols + j;
            if (first[c] != PT_ERRATUM || strcmp(pinned_reading(&rd->view[c]), text) != 0)
                continue;
            const ptable_cell *pc = &rd->out->cell[c];
            n += !accounted || pc->cls == PT_ERRATUM || pc->cls == PT_MIRRORED ||
                 (pc->cls == PT_DIFFERS && pc->why == PT_WHY_ELSEWHERE);
        }
    for (int s = 0; s < rd->out->nstray; s++) {
        const ptable_stray *st = &rd->out->stray[s];
        if (st->line == l && strcmp(st->text, text) == 0)
            n += accounted ? st->grade != PT_UNGRADED : st->field >= 0;
    }
    return n;
}

/* Why a symbol read wrongly in line l is, or is not, a surplus the
 * extraction cannot have made: PT_WHY_SURPLUS, or the reason it is not. */
static ptable_why surplus_why(const reader *rd, const ptable_class *first, int l, const char *text)
{
    const ptable *t = rd->t;
    int s = surplus(rd->out, l, text);
    if (s <= 0 || line_has_unreadable(t, l))
        return PT_WHY_BALANCED;
    s -= neighbours_lack(t, rd->out, l, text);
    if (s <= 0)
        return PT_WHY_NEIGHBOUR;
    if (fields_reading(rd, first, l, text, false) > s)
        return PT_WHY_SHARED;
    return PT_WHY_SURPLUS;
}

/* Weighs the table's evidence on a candidate cell c (pinned to `text`),
 * in the order of docs/claims.md: certain, then probable, else not
 * refuted. */
static void grade_cell(const reader *rd, const positions *p, const ptable_class *first, int c, ptable_cell *pc)
{
    const ptable *t = rd->t;
    int l = t->line_of[c / t->cols];
    const char *text = pinned_reading(&rd->view[c]);
    pc->reading = text;
    if (!is_filler(t, text) && !line_may_hold(rd, l, text)) {
        *pc = (ptable_cell){PT_ERRATUM, text, -1, -1, PT_CERTAIN, PT_WHY_ABSENT};
        return;
    }
    int twice = other_pinned_alike(rd, p, c, text);
    if (twice >= 0) {
        *pc = (ptable_cell){PT_ERRATUM, text, twice / t->cols, twice % t->cols, PT_CERTAIN, PT_WHY_TWICE};
        return;
    }
    if (is_filler(t, text)) {
        *pc = (ptable_cell){PT_DIFFERS, text, -1, -1, PT_UNGRADED, PT_WHY_LOST};
        return;
    }
    ptable_why why = surplus_why(rd, first, l, text);
    if (why == PT_WHY_SURPLUS && t->conflict[c])
        why = PT_WHY_ELSEWHERE;
    int other = why == PT_WHY_SURPLUS ? other_reading_computed(rd, p, c) : -1;
    if (other >= 0)
        *pc = (ptable_cell){PT_MIRRORED, NULL, other / t->cols, other % t->cols, PT_UNGRADED, PT_WHY_NONE};
    else if (why == PT_WHY_SURPLUS)
        *pc = (ptable_cell){PT_ERRATUM, text, -1, -1, PT_PROBABLE, PT_WHY_SURPLUS};
    else
        *pc = (ptable_cell){PT_DIFFERS, text, -1, -1, PT_UNGRADED, why};
}

/* The least number of fields reading `text` that a least-cost alignment
 * of line l takes as wrong (left out at a cost, or read on a cell that
 * computes another text): a lexicographic edit distance, (cost, those
 * fields), whose first part is the line's least cost. */
static int unexplained_fields(const reader *rd, int l, const char *text)
{
    const ptable *t = rd->t;
    const ptable_line *ln = &t->line[l];
    int m = ln->nfields, n;
    element *e = line_elements(rd, l, &n);
    size_t W = (size_t)n + 1, states = xmul((size_t)m + 1, W, "a table reading");
    int *cost = xmalloc(xmul(states, sizeof *cost, "a table reading"), "a table reading");
    int *bad = xmalloc(xmul(states, sizeof *bad, "a table reading"), "a table reading");
    for (size_t s = 0; s < states; s++)
        cost[s] = bad[s] = INF;
    cost[0] = bad[0] = 0;
    for (int i = 0; i <= m; i++)
        for (int j = 0; j <= n; j++) {
            size_t at = (size_t)i * W + (size_t)j;
            if (cost[at] >= INF)
                continue;
            /* Each step: its cost, and whether it takes a field of `text` as wrong. */
            for (int step = 0; step < 3; step++) {
                int di = step != 2, dj = step != 1;
                if (i + di > m || j + dj > n)
                    continue;
                int w, wrong = 0;
                if (step == 0) {
                    w = cost_match(ln->field[i], &e[j]);
                    wrong = w && strcmp(ln->field[i], text) == 0;
                } else if (step == 1) {
                    w = cost_stray(t, ln, i);
                    wrong = w && strcmp(ln->field[i], text) == 0;
                } else
                    w = cost_missing(t, e, j);
                size_t to = (size_t)(i + di) * W + (size_t)(j + dj);
                int c = cost[at] + w, b = bad[at] + wrong;
                if (c < cost[to] || (c == cost[to] && b < bad[to])) {
                    cost[to] = c;
                    bad[to] = b;
                }
            }
        }
    int u = bad[(size_t)m * W + (size_t)n];
    free(cost);
    free(bad);
    free(e);
    return u;
}

/* Every unit of a surplus of line l that nothing accounts for becomes a
 * probable erratum of the line as a whole (a stray of no field). */
static void account_surplus(reader *rd, const ptable_class *first, int l)
{
    const ptable *t = rd->t;
    const ptable_line *ln = &t->line[l];
    ptable_counts *c = &rd->out->line_counts[l];
    if (line_has_unreadable(t, l))
        return;
    for (int k = 0; k < c->ncount; k++) {
        const char *text = c->count[k].text;
        if (c->count[k].printed <= c->count[k].computed)
            continue;
        /* Only what no least-cost alignment explains (a run lengthened is
         * the extraction's doing), and what the lines beside it do not
         * lack. */
        int u = unexplained_fields(rd, l, text);
        c->count[k].unexplained = u;
        int extra = c->count[k].printed - c->count[k].computed - neighbours_lack(t, rd->out, l, text);
        extra = extra < u ? extra : u;
        for (int u = fields_reading(rd, first, l, text, true); u < extra; u++) {
            ptable_reading *o = rd->out;
            if (o->nstray == rd->stray_cap) {
                rd->stray_cap = rd->stray_cap ? 2 * rd->stray_cap : 8;
                o->stray = xrealloc(o->stray, sizeof *o->stray * (size_t)rd->stray_cap, "a table reading");
            }
            o->stray[o->nstray++] = (ptable_stray){.line = l, .field = -1, .text = text, .first_row = ln->row[0],
                                                   .first_col = 0, .last_row = ln->row[ln->nrows - 1],
                                                   .last_col = t->cols - 1, .grade = PT_PROBABLE,
                                                   .why = PT_WHY_SURPLUS};
        }
    }
}

void ptable_read(const ptable *t, const char *const *computed, ptable_reading *out)
{
    int cells = t->rows * t->cols;
    memset(out, 0, sizeof *out);
    out->cell = xcalloc((size_t)cells, sizeof *out->cell, "a table reading");
    out->as_printed = xcalloc((size_t)t->nlines + 1, sizeof *out->as_printed, "a table reading");
    out->cost = xcalloc((size_t)t->nlines + 1, sizeof *out->cost, "a table reading");
    out->line_counts = xcalloc((size_t)t->nlines + 1, sizeof *out->line_counts, "a table reading");
    out->nlines = t->nlines;
    reader rd = {.t = t, .computed = computed, .out = out};
    rd.view = xcalloc((size_t)cells, sizeof *rd.view, "a table reading");
    /* Every line is aligned, whatever its width (a line of the right width
     * may carry a shifted block: Table 7). */
    for (int l = 0; l < t->nlines; l++) {
        const ptable_line *ln = &t->line[l];
        out->as_printed[l] = true;
        for (int s = 0; s < ln->nrows; s++)
            out->as_printed[l] &= t->as_printed[ln->row[s] * t->cols] != NULL;
        align_line(&rd, l);
        count_line(&rd, l, &out->line_counts[l]);
        count_add(&out->table_counts, &out->line_counts[l]);
    }
    positions pos;
    positions_build(t, &pos);
    ptable_class *first = xmalloc(sizeof *first * ((size_t)cells + 1), "a table reading");
    for (int c = 0; c < cells; c++)
        first[c] = view_class(&rd, c);
    for (int c = 0; c < cells; c++) {
        ptable_cell *pc = &out->cell[c];
        *pc = (ptable_cell){first[c], NULL, -1, -1, PT_UNGRADED, PT_WHY_NONE};
        if (first[c] == PT_ERRATUM)
            grade_cell(&rd, &pos, first, c, pc);
        else if (first[c] == PT_UNDECIDED) {
            /* A cell the alignments cannot read may be read from another
             * cell of its position. */
            int other = other_reading_computed(&rd, &pos, c);
            if (other >= 0)
                *pc = (ptable_cell){PT_MIRRORED, NULL, other / t->cols, other % t->cols, PT_UNGRADED, PT_WHY_NONE};
        }
    }
    /* A stray is a probable erratum of its line when the line prints more
     * of its text than its cells hold (it has no cell, so no cell's
     * agreement elsewhere bears on it). */
    for (int s = 0; s < out->nstray; s++) {
        ptable_stray *st = &out->stray[s];
        st->why = surplus_why(&rd, first, st->line, st->text);
        st->grade = st->why == PT_WHY_SURPLUS ? PT_PROBABLE : PT_UNGRADED;
    }
    for (int l = 0; l < t->nlines; l++)
        account_surplus(&rd, first, l);
    for (int c = 0; c < cells; c++) {
        out->count[out->cell[c].cls]++;
        if (out->cell[c].cls == PT_ERRATUM)
            out->errata[out->cell[c].grade]++;
    }
    for (int s = 0; s < out->nstray; s++)
        if (out->stray[s].grade != PT_UNGRADED)
            out->errata[out->stray[s].grade]++;
    for (int c = 0; c < cells; c++)
        free(rd.view[c].read);
    free(rd.view);
    free(first);
    positions_free(&pos);
}

void ptable_reading_free(ptable_reading *r)
{
    free(r->cell);
    free(r->stray);
    free(r->as_printed);
    free(r->cost);
    for (int l = 0; r->line_counts && l < r->nlines; l++)
        free(r->line_counts[l].count);
    free(r->line_counts);
    free(r->table_counts.count);
    memset(r, 0, sizeof *r);
}

const char *ptable_class_name(ptable_class c)
{
    static const char *const name[PT_NCLASSES] = {"agrees",  "displaced", "mirrored",    "undecided",
                                                  "differs", "erratum",   "not printed", "unreadable"};
    return c >= 0 && c < PT_NCLASSES ? name[c] : "?";
}

const char *ptable_grade_name(ptable_grade g)
{
    return g == PT_CERTAIN ? "certain" : g == PT_PROBABLE ? "probable" : "not graded";
}
