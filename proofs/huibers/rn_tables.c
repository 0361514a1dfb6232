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

/* ---- the transcribed tables ---- */

/* The fields of one line split at tabs (the line is modified). */
static int split_tabs(char *line, char **field, int max)
{
    int n = 0;
    for (char *p = line;; p++) {
        if (n == max)
            return -1;
        field[n++] = p;
        p = strchr(p, '\t');
        if (!p)
            return n;
        *p = '\0';
    }
}

static int label_index(char **labels, int n, const char *label)
{
    for (int i = 0; i < n; i++)
        if (strcmp(labels[i], label) == 0)
            return i;
    return -1;
}

/* "# ? ROW COL: why" or "# suspect ROW COL: why": the note goes to that
 * cell (ROW "all": to every cell). */
static void attach_note(rn_grid *g, const char *line)
{
    const char *p = line + 2;
    bool unread = strncmp(p, "? ", 2) == 0, suspect = strncmp(p, "suspect ", 8) == 0;
    if (!unread && !suspect)
        return;
    p += unread ? 2 : 8;
    char row[64], col[64];
    if (sscanf(p, "%63s %63[^:]", row, col) < 1)
        die("internal error: %s: a note without its cell: %s", g->name, line);
    if (strcmp(row, "all:") == 0 || strcmp(row, "all") == 0) {
        for (int k = 0; k < g->rows * g->cols; k++)
            if (!g->note[k])
                g->note[k] = xstrdup(p, "a table note");
        return;
    }
    int i = label_index(g->row_label, g->rows, row), j = label_index(g->col_label, g->cols, col);
    if (i < 0 || j < 0)
        die("internal error: %s: a note on a cell the table does not have: %s", g->name, line);
    const char *why = strchr(p, ':');
    free(g->note[i * g->cols + j]);
    g->note[i * g->cols + j] = xstrdup(why ? why + 1 + (why[1] == ' ') : p, "a table note");
}

/* Splits the text into its lines (copies). */
static char **text_lines(const char *text, int *n)
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

void rn_grid_load(rn_grid *g, const char *name)
{
    const char *text = rn_table_text(name);
    if (!text)
        die("internal error: no transcribed table %s", name);
    memset(g, 0, sizeof *g);
    g->name = xstrdup(name, "a table");
    int nlines;
    char **line = text_lines(text, &nlines);
    int header = -1;
    for (int k = 0; k < nlines && header < 0; k++) {
        if (strncmp(line[k], "# Table ", 8) == 0 && !g->caption)
            g->caption = xstrdup(line[k] + 2, "a table");
        else if (line[k][0] != '#' && line[k][0])
            header = k;
    }
    if (header < 0 || !g->caption)
        die("internal error: %s has no caption or no grid", name);
    enum { MAX_FIELDS = 512 };
    char *field[MAX_FIELDS];
    int width = split_tabs(line[header], field, MAX_FIELDS);
    if (width < 2)
        die("internal error: %s: its header has no column", name);
    g->cols = width - 1;
    g->col_label = xmalloc(sizeof *g->col_label * (size_t)g->cols, "a table");
    for (int j = 0; j < g->cols; j++)
        g->col_label[j] = xstrdup(field[j + 1], "a table");
    for (int k = header + 1; k < nlines; k++)
        g->rows += line[k][0] && line[k][0] != '#';
    g->row_label = xcalloc((size_t)g->rows, sizeof *g->row_label, "a table");
    g->cell = xcalloc((size_t)g->rows * (size_t)g->cols, sizeof *g->cell, "a table");
    g->note = xcalloc((size_t)g->rows * (size_t)g->cols, sizeof *g->note, "a table");
    int i = 0;
    for (int k = header + 1; k < nlines; k++) {
        if (!line[k][0] || line[k][0] == '#')
            continue;
        if (split_tabs(line[k], field, MAX_FIELDS) != width)
            die("internal error: %s: row %d has not %d fields", name, i, width);
        g->row_label[i] = xstrdup(field[0], "a table");
        for (int j = 0; j < g->cols; j++) {
            g->cell[i * g->cols + j] = xstrdup(field[j + 1], "a table");
            g->unreadable += strcmp(field[j + 1], "?") == 0;
        }
        i++;
    }
    for (int k = 0; k < header; k++)
        if (line[k][0] == '#')
            attach_note(g, line[k]);
    for (int k = 0; k < nlines; k++)
        free(line[k]);
    free(line);
}

void rn_grid_free(rn_grid *g)
{
    for (int k = 0; k < g->rows * g->cols; k++) {
        free(g->cell[k]);
        free(g->note[k]);
    }
    for (int i = 0; i < g->rows; i++)
        free(g->row_label[i]);
    for (int j = 0; j < g->cols; j++)
        free(g->col_label[j]);
    free(g->cell);
    free(g->note);
    free(g->row_label);
    free(g->col_label);
    free(g->caption);
    free(g->name);
    memset(g, 0, sizeof *g);
}

const char *rn_cell(const rn_grid *g, int i, int j)
{
    return g->cell[i * g->cols + j];
}

/* A cell as a reader sees it: "." was printed empty. */
static const char *shown(const char *cell)
{
    return strcmp(cell, ".") == 0 ? "(empty)" : cell;
}

/* Where a table's differing cells lie: those the transcription doubts,
 * those next to a printed cell that holds the computed value (a row the
 * extraction shifted?), and the others, listed. */
typedef struct {
    uint64_t noted, shifted, other;
    char *others;
} differences;

static void note_difference(differences *d, const rn_grid *g, int i, int j, bool noted, bool shifted)
{
    if (noted) {
        d->noted++;
        return;
    }
    if (shifted) {
        d->shifted++;
        return;
    }
    /* The first few are named; the rest counted. */
    if (d->other++ < 12) {
        char *next = claim_printf("%s%s(%s, %s)", d->others ? d->others : "", d->others ? ", " : "", g->row_label[i],
                                  g->col_label[j]);
        free(d->others);
        d->others = next;
    }
}

static uint64_t compare_grid(claim_report *r, int part, const rn_grid *g, rn_cell_fn fn, void *ctx, bool by_column)
{
    uint64_t read = 0, differ = 0;
    differences d = {0};
    /* A cell function that needs more room stops the run (rn_append). */
    char value[RN_VALUE_MAX], witness[RN_WITNESS_MAX];
    for (int c = 0; c < g->rows * g->cols; c++) {
            int i = by_column ? c % g->rows : c / g->cols, j = by_column ? c / g->rows : c % g->cols;
            const char *printed = rn_cell(g, i, j);
            if (strcmp(printed, "?") == 0)
                continue;
            read++;
            value[0] = witness[0] = '\0';
            fn(ctx, g, i, j, value, sizeof value, witness, sizeof witness);
            if (strcmp(printed, value) == 0)
                continue;
            differ++;
            /* A cell printed one column off (the extracted text can shift
             * a row) is worth pointing at. */
            const char *left = j > 0 ? rn_cell(g, i, j - 1) : NULL;
            const char *right = j + 1 < g->cols ? rn_cell(g, i, j + 1) : NULL;
            bool shifted = (right && strcmp(right, value) == 0) || (left && strcmp(left, value) == 0);
            const char *note = g->note[i * g->cols + j];
            note_difference(&d, g, i, j, note != NULL, shifted);
            char *where = claim_printf("%s, row %s, column %s", g->name, g->row_label[i], g->col_label[j]);
            char *full = claim_printf("%s%s%s%s", witness,
                                      shifted ? "; a neighbouring printed cell holds the computed value (a shifted "
                                                "row?)"
                                              : "",
                                      note ? "; transcription note: " : "", note ? note : "");
            claim_mismatch_at(r, part, where, shown(printed), shown(value), full);
            free(where);
            free(full);
    }
    claim_cases(r, part, read);
    if (differ)
        claim_finding_add(r, "differing cells",
                          "%s: %llu of %llu cells read differ: %llu the transcription doubts (a note in its file), "
                          "%llu more next to a printed cell holding the computed value (a shifted row?), %llu "
                          "others%s%s%s",
                          g->name, (unsigned long long)differ, (unsigned long long)read, (unsigned long long)d.noted,
                          (unsigned long long)d.shifted, (unsigned long long)d.other, d.other ? ": " : "",
                          d.others ? d.others : "", d.other > 12 ? ", ..." : "");
    free(d.others);
    if (g->unreadable)
        claim_finding_add(r, "unreadable cells",
                          "%s: %d of %d cells could not be read from the extracted text and were not compared "
                          "(never counted as holding; their notes are in proofs/huibers/tables/%s.tsv)",
                          g->name, g->unreadable, g->rows * g->cols, g->name);
    return differ;
}

uint64_t rn_compare_grid(claim_report *r, int part, const rn_grid *g, rn_cell_fn fn, void *ctx)
{
    return compare_grid(r, part, g, fn, ctx, false);
}

uint64_t rn_compare_grid_by_column(claim_report *r, int part, const rn_grid *g, rn_cell_fn fn, void *ctx)
{
    return compare_grid(r, part, g, fn, ctx, true);
}

/* ---- games solved by the engine ---- */

void rn_solve(rn_solved *s, const char *game, int piles, int bound, const char *const *options)
{
    memset(s, 0, sizeof *s);
    s->entry = game_find(game);
    if (!s->entry)
        die("internal error: no game %s", game);
    game_params p = {.piles = piles, .bound = bound, .unit = 2};
    for (int k = 0; options && options[k]; k += 2) {
        int at = game_option_index(s->entry, options[k]);
        if (at < 0)
            die("internal error: %s has no option --%s", game, options[k]);
        p.option[at] = options[k + 1];
    }
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
    table_free(&s->table);
    s->entry->destroy(s->game);
    memset(s, 0, sizeof *s);
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
    int tags = rn_tags(s), wins = 0, last_win = -1, last_loss = -1;
    for (int t = 0; t < tags; t++) {
        if (rn_wins(s, rn_rank(s, piles, n, t), misere)) {
            wins++;
            last_win = t;
        } else
            last_loss = t;
    }
    if (wins == tags)
        snprintf(out, len, "N");
    else if (wins == 0)
        snprintf(out, len, "P");
    else if (wins == tags - 1 && last_loss == 1)
        snprintf(out, len, "%s", one);
    else if (wins == tags - 1 && last_loss > 1)
        snprintf(out, len, "%d", last_loss);
    else if (wins == 1 && last_win == 1)
        snprintf(out, len, "X");
    else if (wins == 1 && last_win > 1)
        snprintf(out, len, "X%d", last_win);
    else {
        /* Any other pattern, written out: "W{0,2}". */
        snprintf(out, len, "W{");
        const char *sep = "";
        for (int t = 0; t < tags; t++)
            if (rn_wins(s, rn_rank(s, piles, n, t), misere)) {
                rn_append(out, len, "%s%d", sep, t);
                sep = ",";
            }
        rn_append(out, len, "}");
    }
}

void rn_append(char *out, size_t len, const char *fmt, ...)
{
    size_t used = strlen(out);
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(out + used, len > used ? len - used : 0, fmt, ap);
    va_end(ap);
    if (n < 0 || used + (size_t)n >= len)
        die("internal error: a claim's text needs more than %zu characters", len);
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
        char *child = table_position_text(&s->table, moves[m].child);
        rn_append(out, len, "%sto %s", listed++ ? "; " : "winning moves: ", child);
        free(child);
    }
    if (more)
        rn_append(out, len, "; and %d more", more);
    if (!listed)
        rn_append(out, len, "no winning move");
    free(moves);
}

bool rn_mismatch_cell(const rn_grid *g, const char *where, int *i, int *j)
{
    size_t n = strlen(g->name);
    if (strncmp(where, g->name, n) != 0 || strncmp(where + n, ", row ", 6) != 0)
        return false;
    const char *row = where + n + 6, *col = strstr(row, ", column ");
    if (!col)
        return false;
    for (*i = 0; *i < g->rows; (*i)++)
        if (strlen(g->row_label[*i]) == (size_t)(col - row) && strncmp(g->row_label[*i], row, (size_t)(col - row)) == 0)
            break;
    for (*j = 0; *j < g->cols; (*j)++)
        if (strcmp(g->col_label[*j], col + 9) == 0)
            break;
    return *i < g->rows && *j < g->cols;
}

bool rn_table_of_claim(const char *id, char *name, size_t len)
{
    int n;
    char tail;
    if (sscanf(id, "rn/table-%d%c", &n, &tail) != 1 || n < 2 || n > 29)
        return false;
    snprintf(name, len, "table-%02d", n);
    return rn_table_text(name) != NULL;
}

int rn_label_number(const char *label)
{
    char *end;
    long v = strtol(label, &end, 10);
    return end == label || v < 0 || v > 1000000 ? -1 : (int)v;
}
