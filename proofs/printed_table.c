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
    int *nstray_cap;
} reader;

static bool is_filler(const ptable *t, const char *s)
{
    return t->filler && strcmp(s, t->filler) == 0;
}

/* The costs of the alignment (docs/claims.md): a printed field read as an
 * element (0 when equal, else 1); a field left out (0 when it lengthens a
 * run, its symbol the field's before it, or is filler; else 1: a stray
 * cell, or a label out of place: labels anchor the rows of a line, so
 * moving one costs as much as a difference); an element left out (0 for a
 * label, lost; 0 for a cell that shortens a run of its row or is filler;
 * else 1: a missing cell). */
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
    return !((i > 0 && strcmp(f[i], f[i - 1]) == 0) || is_filler(t, f[i]));
}

static int cost_missing(const ptable *t, const element *e, int j)
{
    if (e[j].label)
        return 0;
    bool run = j > 0 && !e[j - 1].label && e[j - 1].row == e[j].row && strcmp(e[j - 1].text, e[j].text) == 0;
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

/* Aligns damaged line l with what it should print: least cost into
 * out->cost[l], and what the least-cost alignments say of each of its
 * cells into the views; fields no least-cost alignment fits become strays. */
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
     * the first and last element it is misread as. */
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
     * cell (that cell is then the erratum), is a stray of its line. */
    for (int i = 0; i < m; i++) {
        if (fgood[i] || (!fstray[i] && flo[i] >= 0 && flo[i] == fhi[i]))
            continue;
        ptable_reading *o = rd->out;
        /* A row label out of place is the layout's damage, not a symbol
         * the table states. */
        if (is_line_label(t, ln, ln->field[i])) {
            o->misplaced_labels++;
            continue;
        }
        if (o->nstray == *rd->nstray_cap) {
            *rd->nstray_cap = *rd->nstray_cap ? 2 * *rd->nstray_cap : 8;
            o->stray = xrealloc(o->stray, sizeof *o->stray * (size_t)*rd->nstray_cap, "a table reading");
        }
        ptable_stray *s = &o->stray[o->nstray++];
        s->line = l;
        s->field = i;
        s->first_row = flo[i] < 0 ? -1 : e[flo[i]].row;
        s->first_col = flo[i] < 0 ? -1 : e[flo[i]].col;
        s->last_row = fhi[i] < 0 ? -1 : e[fhi[i]].row;
        s->last_col = fhi[i] < 0 ? -1 : e[fhi[i]].col;
    }
    free(fgood);
    free(flo);
    free(fhi);
    free(fstray);
    free(F);
    free(B);
    free(e);
}

/* The one symbol a cell certainly reads (its line's layout as printed, or
 * every least-cost alignment reading the same symbol), or NULL. */
static const char *certain_reading(const reader *rd, int i, int j)
{
    const ptable *t = rd->t;
    int l = t->line_of[i];
    if (l < 0 || t->unreadable[i * t->cols + j])
        return NULL;
    if (rd->out->clean[l])
        return t->as_printed[i * t->cols + j];
    const cell_view *v = &rd->view[i * t->cols + j];
    return v->nread == 1 ? v->read[0] : NULL;
}

/* Whether a cell may read text: its certain reading, or one that some
 * least-cost alignment of its damaged line gives it. */
static bool may_read(const reader *rd, int i, int j, const char *text)
{
    const ptable *t = rd->t;
    int l = t->line_of[i];
    if (l < 0 || t->unreadable[i * t->cols + j])
        return false;
    if (rd->out->clean[l])
        return strcmp(t->as_printed[i * t->cols + j], text) == 0;
    return view_reads(&rd->view[i * t->cols + j], text);
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

/* Lines read as printed whose cells contradict a certain reading of the
 * same position elsewhere become damaged; returns how many did. */
static int flag_contradicted(reader *rd, const positions *p)
{
    const ptable *t = rd->t;
    int flagged = 0;
    for (int g = 0; g < p->ngroups; g++) {
        const char *first = NULL;
        bool differ = false;
        for (int k = p->start[g]; k < p->start[g + 1]; k++) {
            int c = p->cell[k];
            const char *r = certain_reading(rd, c / t->cols, c % t->cols);
            if (!r)
                continue;
            if (first && strcmp(first, r) != 0)
                differ = true;
            first = first ? first : r;
        }
        if (!differ)
            continue;
        for (int k = p->start[g]; k < p->start[g + 1]; k++) {
            int l = t->line_of[p->cell[k] / t->cols];
            if (l >= 0 && rd->out->clean[l]) {
                rd->out->clean[l] = false;
                flagged++;
            }
        }
    }
    return flagged;
}

static void clear_views(reader *rd, int l)
{
    const ptable *t = rd->t;
    const ptable_line *ln = &t->line[l];
    for (int s = 0; s < ln->nrows; s++)
        for (int j = 0; j < t->cols; j++) {
            cell_view *v = &rd->view[ln->row[s] * t->cols + j];
            free(v->read);
            memset(v, 0, sizeof *v);
        }
}

/* A line is read as printed when every row it shows has its label and
 * exactly `cols` cells in place and no extraction note marks it. */
static bool layout_clean(const ptable *t, int l)
{
    const ptable_line *ln = &t->line[l];
    for (int s = 0; s < ln->nrows; s++) {
        int i = ln->row[s];
        if (t->damaged[i] || !t->as_printed[i * t->cols])
            return false;
    }
    return true;
}

static ptable_class classify(const reader *rd, int i, int j)
{
    const ptable *t = rd->t;
    int c = i * t->cols + j, l = t->line_of[i];
    if (l < 0)
        return PT_NOT_PRINTED;
    if (t->unreadable[c])
        return PT_UNREADABLE;
    const char *want = rd->computed[c];
    if (rd->out->clean[l])
        return strcmp(t->as_printed[c], want) == 0 ? PT_AGREES : PT_ERRATUM;
    const cell_view *v = &rd->view[c];
    const char *placed = t->at_place[c];
    if (!v->bad)
        return placed && strcmp(placed, want) == 0 ? PT_AGREES : PT_DISPLACED;
    if (!v->good && v->nread == 1 && v->read[0])
        return PT_ERRATUM;
    return PT_UNDECIDED;
}

void ptable_read(const ptable *t, const char *const *computed, ptable_reading *out)
{
    int cells = t->rows * t->cols, stray_cap = 0;
    memset(out, 0, sizeof *out);
    out->cell = xcalloc((size_t)cells, sizeof *out->cell, "a table reading");
    out->clean = xcalloc((size_t)t->nlines + 1, sizeof *out->clean, "a table reading");
    out->cost = xcalloc((size_t)t->nlines + 1, sizeof *out->cost, "a table reading");
    reader rd = {.t = t, .computed = computed, .out = out, .nstray_cap = &stray_cap};
    rd.view = xcalloc((size_t)cells, sizeof *rd.view, "a table reading");
    bool *aligned = xcalloc((size_t)t->nlines + 1, sizeof *aligned, "a table reading");
    for (int l = 0; l < t->nlines; l++)
        out->clean[l] = layout_clean(t, l);
    positions pos;
    positions_build(t, &pos);
    /* Damaged lines are aligned; a line read as printed that contradicts
     * what another cell of the same position certainly reads is damaged
     * too, and aligned in turn, until no line changes. */
    for (;;) {
        for (int l = 0; l < t->nlines; l++)
            if (!out->clean[l] && !aligned[l]) {
                clear_views(&rd, l);
                align_line(&rd, l);
                aligned[l] = true;
            }
        if (flag_contradicted(&rd, &pos) == 0)
            break;
    }
    for (int c = 0; c < cells; c++) {
        ptable_cell *pc = &out->cell[c];
        pc->cls = classify(&rd, c / t->cols, c % t->cols);
        pc->mirror_row = pc->mirror_col = -1;
        if (pc->cls == PT_ERRATUM)
            pc->reading = certain_reading(&rd, c / t->cols, c % t->cols);
    }
    /* A cell of a damaged line may be read from another cell of its
     * position (the mirror cell, a permutation): when that one may read the
     * computed value, the difference is not counted.  A line read as
     * printed is read as printed: its differences stand. */
    for (int c = 0; c < cells; c++) {
        ptable_cell *pc = &out->cell[c];
        if ((pc->cls != PT_ERRATUM && pc->cls != PT_UNDECIDED) || out->clean[t->line_of[c / t->cols]])
            continue;
        int g = pos.group_of[c];
        for (int k = pos.start[g]; k < pos.start[g + 1]; k++) {
            int o = pos.cell[k];
            if (o != c && may_read(&rd, o / t->cols, o % t->cols, computed[c])) {
                pc->cls = PT_MIRRORED;
                pc->reading = NULL;
                pc->mirror_row = o / t->cols;
                pc->mirror_col = o % t->cols;
                break;
            }
        }
    }
    for (int c = 0; c < cells; c++)
        out->count[out->cell[c].cls]++;
    for (int c = 0; c < cells; c++)
        free(rd.view[c].read);
    free(rd.view);
    free(aligned);
    positions_free(&pos);
}

void ptable_reading_free(ptable_reading *r)
{
    free(r->cell);
    free(r->stray);
    free(r->clean);
    free(r->cost);
    memset(r, 0, sizeof *r);
}

const char *ptable_class_name(ptable_class c)
{
    static const char *const name[PT_NCLASSES] = {"agrees",    "displaced", "mirrored",   "undecided",
                                                  "erratum",   "not printed", "unreadable"};
    return c >= 0 && c < PT_NCLASSES ? name[c] : "?";
}
